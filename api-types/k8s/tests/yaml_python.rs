//! kapi's YAML read by the Python client's YAML reader (PyYAML's `safe_load`, YAML 1.1) gives
//! exactly kapi's JSON: timestamps, digit strings, `true`/`yes`/`on`, `1e3`, `~`, `null`,
//! `0x1F` and `1:20` stay strings. Needs `python3` with PyYAML (`pip install pyyaml`);
//! without it the test prints `SKIPPED`, and under `KAPI_REQUIRE_TOOLS=1` it fails.

use kapi_k8s::core::v1::Pod;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

const READ: &str = "import yaml, json, sys; print(json.dumps(yaml.safe_load(sys.stdin)))";

fn pyyaml() -> Option<String> {
    let probe = Command::new("python3").args(["-c", "import yaml"]).output();
    let problem = match probe {
        Ok(out) if out.status.success() => return None,
        Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
        Err(e) => format!("cannot run python3: {e}"),
    };
    Some(format!(
        "PyYAML is not importable ({problem}); install it with `python3 -m pip install pyyaml`"
    ))
}

#[test]
fn python_reads_kapis_yaml_as_kapis_json() {
    if let Some(why) = pyyaml() {
        assert!(
            !std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1"),
            "PyYAML is required (KAPI_REQUIRE_TOOLS=1): {why}"
        );
        println!("SKIPPED: {why}");
        return;
    }
    let tricky = [
        "0",
        "true",
        "yes",
        "on",
        "Off",
        "y",
        "1e3",
        "~",
        "null",
        "0x1F",
        "0o17",
        "1:20",
        "2009-02-13",
        "1_000",
        ".5",
        "",
        "-",
        "a: b",
        "#x",
    ];
    let labels: serde_json::Map<String, Value> = tricky
        .iter()
        .enumerate()
        .map(|(i, v)| (format!("l{i}"), json!(v)))
        .collect();
    let pod: Pod = serde_json::from_value(json!({
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": "p",
            "creationTimestamp": "2009-02-13T23:31:30Z",
            "labels": labels,
            "annotations": {"0": "1", "true": "no", "note": "line one\nline two\n"},
        },
        "spec": {
            "containers": [{
                "name": "c",
                "image": "nginx:1.27",
                "args": tricky,
                "ports": [{"containerPort": 80}],
            }],
        },
    }))
    .expect("a Pod");
    let expected = kapi::codec::json::to_value(&pod).expect("JSON");
    let yaml = kapi::codec::yaml::to_string(&pod).expect("YAML");
    let mut child = Command::new("python3")
        .args(["-c", READ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(yaml.as_bytes())
        .expect("write YAML");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(
        out.status.success(),
        "PyYAML refused kapi's YAML: {}\n{yaml}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read: Value = serde_json::from_slice(&out.stdout).expect("Python wrote JSON");
    assert_eq!(
        read, expected,
        "PyYAML read kapi's YAML differently:\n{yaml}"
    );
    assert!(
        yaml.contains("creationTimestamp: \"2009-02-13T23:31:30Z\"\n"),
        "{yaml}"
    );
}
