//! Every shipped kind against k8s.io/api's testdata fixtures (`testdata/HEAD`): strict JSON
//! with no unknown fields, JSON equal as values, YAML equal to JSON, protobuf decoded equal
//! and re-encoded byte for byte. The byte-identical re-encode is the proof that names, field
//! numbers and encodings match Kubernetes'.

use kapi::codec::protobuf::{self, ProtoMessage};
use kapi::codec::{json, yaml};
use kapi_k8s::{apps, batch, coordination, core, networking, policy};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::PathBuf;

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures/kubernetes-api")
}

fn read(name: &str, ext: &str) -> Result<Vec<u8>, String> {
    let path = fixtures_dir().join(format!("{name}.{ext}"));
    std::fs::read(&path).map_err(|e| format!("reading {}: {e}", path.display()))
}

fn check<T>(name: &str) -> Result<(), String>
where
    T: ProtoMessage + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let text = read(name, "json")?;
    let original: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| format!("not JSON: {e}"))?;
    let strict = json::from_slice_strict::<T>(&text).map_err(|e| format!("JSON: {e}"))?;
    if !strict.is_clean() {
        return Err(format!("strict JSON: {:?}", strict.messages()));
    }
    let from_json = strict.value;
    let encoded = serde_json::to_value(&from_json).map_err(|e| format!("encoding: {e}"))?;
    if encoded != original {
        return Err(format!(
            "JSON round trip changed the object:\n{encoded}\n!=\n{original}"
        ));
    }

    let from_yaml =
        yaml::from_slice_strict::<T>(&read(name, "yaml")?).map_err(|e| format!("YAML: {e}"))?;
    if !from_yaml.is_clean() {
        return Err(format!("strict YAML: {:?}", from_yaml.messages()));
    }
    if from_yaml.value != from_json {
        return Err("YAML and JSON decode differently".into());
    }

    let pb = read(name, "pb")?;
    let from_pb: T = protobuf::decode(&pb).map_err(|e| format!("protobuf: {e}"))?;
    if from_pb != from_json {
        return Err(format!(
            "protobuf and JSON decode differently:\n{from_pb:?}\n!=\n{from_json:?}"
        ));
    }
    if protobuf::encode(&from_pb) != pb {
        return Err("re-encoding changed the protobuf bytes".into());
    }
    Ok(())
}

type Check = fn(&str) -> Result<(), String>;

/// Every kind the crate ships that has a fixture, by fixture name.
const SHIPPED: &[(&str, Check)] = &[
    ("apps.v1.Deployment", check::<apps::v1::Deployment>),
    ("batch.v1.Job", check::<batch::v1::Job>),
    (
        "coordination.k8s.io.v1.Lease",
        check::<coordination::v1::Lease>,
    ),
    ("core.v1.ConfigMap", check::<core::v1::ConfigMap>),
    ("core.v1.Event", check::<core::v1::Event>),
    ("core.v1.Namespace", check::<core::v1::Namespace>),
    ("core.v1.Node", check::<core::v1::Node>),
    ("core.v1.Pod", check::<core::v1::Pod>),
    ("core.v1.Secret", check::<core::v1::Secret>),
    ("core.v1.Service", check::<core::v1::Service>),
    ("core.v1.ServiceAccount", check::<core::v1::ServiceAccount>),
    (
        "networking.k8s.io.v1.NetworkPolicy",
        check::<networking::v1::NetworkPolicy>,
    ),
    (
        "policy.v1.PodDisruptionBudget",
        check::<policy::v1::PodDisruptionBudget>,
    ),
];

/// The fixture-name prefixes of the shipped group-versions.
const SHIPPED_GROUP_VERSIONS: &[&str] = &[
    "apps.v1.",
    "batch.v1.",
    "coordination.k8s.io.v1.",
    "core.v1.",
    "networking.k8s.io.v1.",
    "policy.v1.",
    "scheduling.k8s.io.v1alpha3.",
];

#[test]
fn every_shipped_kind_passes_its_fixture() {
    let mut failures = Vec::new();
    for (name, check) in SHIPPED {
        if let Err(e) = check(name) {
            failures.push(format!("{name}: {e}"));
        }
    }
    let files: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let of_shipped_groups = files
        .iter()
        .filter(|f| SHIPPED_GROUP_VERSIONS.iter().any(|p| f.starts_with(p)))
        .count();
    let passed = (SHIPPED.len() - failures.len()) * 3;
    // The count the issue asks for: fixture files passed / of shipped group-versions / all.
    println!(
        "fixture files passed: {passed} / {of_shipped_groups} of shipped group-versions / {} in all",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
