//! The inputs of the 1,000-Pod list bench, built from k8s.io/api's Pod fixture (names varied)
//! and checked to decode to the same list in every form before anything is timed.

use kapi_k8s::core::v1::{Pod, PodList};
use serde_json::Value;
use std::path::PathBuf;

/// How many Pods the list holds.
pub const PODS: usize = 1000;

/// k8s.io/api's `testdata/HEAD`, found as kapi-k8s's fixture test finds it: the directory
/// `KAPI_K8S_FIXTURES` names, else `../shared/fixtures/kubernetes-api` beside the kapi
/// workspace, else what `cargo xtask fetch-k8s-fixtures` fetched; or what to set.
pub fn fixture_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("KAPI_K8S_FIXTURES").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        return if dir.is_dir() {
            Ok(dir)
        } else {
            Err(format!(
                "{} (from KAPI_K8S_FIXTURES) is not a directory",
                dir.display()
            ))
        };
    }
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let searched = [
        workspace.join("../shared/fixtures/kubernetes-api"),
        workspace.join("target/k8s-fixtures/HEAD/testdata/HEAD"),
    ];
    searched.iter().find(|d| d.is_dir()).cloned().ok_or_else(|| {
        format!(
            "no k8s.io/api fixtures: KAPI_K8S_FIXTURES is unset and none of {} exists; set KAPI_K8S_FIXTURES to the fixture directory or run `cargo xtask fetch-k8s-fixtures`",
            searched.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
        )
    })
}

fn fixture(ext: &str) -> Vec<u8> {
    let dir = fixture_dir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(format!("core.v1.Pod.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Where `after` (the Pod fixture read and written again by some library) differs from the
/// fixture `before`: fields it dropped, and values it changed, as JSON paths.
#[derive(Debug, Default, PartialEq)]
pub struct Differences {
    pub dropped: Vec<String>,
    pub changed: Vec<String>,
}

impl Differences {
    pub fn between(before: &Value, after: &Value) -> Self {
        let mut found = Differences::default();
        found.walk(before, after, "");
        found
    }

    fn walk(&mut self, before: &Value, after: &Value, path: &str) {
        match (before, after) {
            (Value::Object(b), Value::Object(a)) => {
                for (key, value) in b {
                    let here = format!("{path}.{key}");
                    match a.get(key) {
                        Some(other) => self.walk(value, other, &here),
                        None => self.dropped.push(here),
                    }
                }
            }
            (Value::Array(b), Value::Array(a)) if b.len() == a.len() => {
                for (i, (value, other)) in b.iter().zip(a).enumerate() {
                    self.walk(value, other, &format!("{path}[{i}]"));
                }
            }
            _ if before != after => self.changed.push(path.to_string()),
            _ => {}
        }
    }
}

/// What k8s-openapi loses of k8s.io/api's Pod fixture (every field populated) when it reads
/// and writes it: serde skips fields its types lack.
pub fn k8s_openapi_differences() -> Differences {
    let json = fixture("json");
    let before: Value = serde_json::from_slice(&json).expect("the Pod fixture is JSON");
    let pod: k8s_openapi::api::core::v1::Pod =
        serde_json::from_slice(&json).expect("k8s-openapi reads the Pod fixture");
    let after = serde_json::to_value(&pod).expect("k8s-openapi writes the Pod");
    Differences::between(&before, &after)
}

/// The list as kube-apiserver sends it: JSON and protobuf (`k8s\0` envelope) bytes.
pub struct Inputs {
    pub json: Vec<u8>,
    pub protobuf: Vec<u8>,
}

/// The Pod fixture `PODS` times, each named `pod-<i>`.
pub fn inputs() -> Inputs {
    let pod: Pod = kapi::codec::protobuf::decode(&fixture("pb")).expect("the Pod fixture decodes");
    let items: Vec<Pod> = (0..PODS)
        .map(|i| {
            let mut p = pod.clone();
            p.metadata.name = format!("pod-{i}");
            p
        })
        .collect();
    let list = PodList {
        items,
        ..Default::default()
    };
    let json = serde_json::to_vec(&list).expect("the list encodes as JSON");
    let protobuf = kapi::codec::protobuf::encode(&list);
    Inputs { json, protobuf }
}

#[cfg(test)]
mod tests {
    use super::{fixture, fixture_dir, inputs, k8s_openapi_differences, Differences, Value, PODS};
    use kapi_k8s::core::v1::{Pod, PodList};

    /// Whether the fixtures are here; without them a test prints `SKIPPED` and passes,
    /// unless `KAPI_REQUIRE_TOOLS=1`.
    fn have_fixtures() -> bool {
        match fixture_dir() {
            Ok(_) => true,
            Err(e) if std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1") => {
                panic!("the fixtures are required (KAPI_REQUIRE_TOOLS=1): {e}")
            }
            Err(e) => {
                println!("SKIPPED: {e}");
                false
            }
        }
    }

    #[test]
    fn every_decoder_reads_the_same_list() {
        if !have_fixtures() {
            return;
        }
        let inputs = inputs();
        let json: PodList = kapi::codec::json::from_slice(&inputs.json).expect("kapi JSON");
        let pb: PodList = kapi::codec::protobuf::decode(&inputs.protobuf).expect("kapi protobuf");
        assert_eq!(json, pb);
        assert_eq!(json.items[PODS - 1].metadata.name, "pod-999");
        let openapi: k8s_openapi::List<k8s_openapi::api::core::v1::Pod> =
            serde_json::from_slice(&inputs.json).expect("k8s-openapi JSON");
        assert_eq!(
            openapi.items[PODS - 1].metadata.name.as_deref(),
            Some("pod-999")
        );
    }

    #[test]
    fn kapi_keeps_every_field_of_the_fixture() {
        if !have_fixtures() {
            return;
        }
        let json = fixture("json");
        let before: Value = serde_json::from_slice(&json).expect("JSON");
        let pod: Pod = kapi::codec::json::from_slice(&json).expect("kapi JSON");
        let after = serde_json::to_value(&pod).expect("kapi writes the Pod");
        assert_eq!(
            Differences::between(&before, &after),
            Differences::default()
        );
    }

    /// At its latest release k8s-openapi knows every field of the fixture, so both sides of
    /// the bench decode the same data; an older release (or a newer fixture) is named here.
    #[test]
    fn k8s_openapi_keeps_every_field_of_the_fixture_too() {
        if !have_fixtures() {
            return;
        }
        assert_eq!(k8s_openapi_differences(), Differences::default());
    }
}
