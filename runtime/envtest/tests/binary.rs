//! The `kapi-apiserver` binary as a test harness in another language runs it: started with
//! a free port, a kubeconfig path and the example API's generated CRDs; read from its first
//! line of output; used by kubectl; stopped with SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn require_tools() -> bool {
    std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

fn get(addr: &str, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("the server listens");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer)
}

#[test]
fn the_binary_serves_built_in_kinds_and_the_crds_it_was_given() {
    let dir = std::env::temp_dir().join(format!("kapi-envtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let kubeconfig = dir.join("kubeconfig");
    let crds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../api-types/generated/crds");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kapi-apiserver"))
        .arg("--port")
        .arg("0")
        .arg("--kubeconfig")
        .arg(&kubeconfig)
        .arg("--crds")
        .arg(&crds)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its stdout"))
        .read_line(&mut line)
        .expect("its first line");
    assert!(
        line.starts_with("kapi-apiserver serving on http://127.0.0.1:"),
        "{line}"
    );
    let addr = line
        .trim_start_matches("kapi-apiserver serving on http://")
        .split(' ')
        .next()
        .unwrap_or("")
        .to_string();

    // A built-in kind, and the kind of a CRD installed from the directory.
    assert_eq!(get(&addr, "/api/v1/namespaces/default/configmaps").0, 200);
    let (status, body) = get(&addr, "/apis/frob.example.com/v1/frobberclasses");
    assert_eq!(status, 200, "{body}");
    let (status, body) = get(
        &addr,
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/frobberclasses.frob.example.com",
    );
    assert_eq!(status, 200);
    assert!(body.contains("\"Established\""), "{body}");

    if let Some(kubectl) = kubectl() {
        let out = Command::new(kubectl)
            .arg("--kubeconfig")
            .arg(&kubeconfig)
            .args(["get", "frobberclasses", "-o", "name"])
            .output()
            .expect("kubectl runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // SIGTERM: the server stops and the process exits cleanly.
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    let exit = child.wait().expect("the binary exits");
    assert!(exit.success(), "{exit:?}");
    std::fs::remove_dir_all(&dir).ok();
}

fn kubectl() -> Option<PathBuf> {
    let found = Command::new("kubectl")
        .args(["version", "--client"])
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(PathBuf::from("kubectl"));
    }
    if require_tools() {
        panic!("kubectl is required (KAPI_REQUIRE_TOOLS=1) but not on PATH");
    }
    eprintln!("SKIPPED the kubectl part: kubectl not found on PATH");
    None
}
