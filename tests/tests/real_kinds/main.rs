//! Real Kubernetes kinds ported to kapi markers, checked against k8s.io/api's testdata
//! fixtures (issue 17, Proof): strict JSON with no unknown fields, JSON equal as values, YAML
//! equal to JSON, protobuf decoded equal and re-encoded byte for byte. The byte-identical
//! re-encode is the proof that names, field numbers and encodings match Kubernetes'.

mod apps_v1;
mod batch_v1;
mod core_v1;
mod networking_v1;
mod policy_v1;
mod scheduling_v1alpha3;

use kapi::codec::protobuf::{self, ProtoMessage};
use kapi::codec::{json, yaml};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::PathBuf;

fn read(name: &str, ext: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/fixtures/kubernetes-api")
        .join(format!("{name}.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn check<T>(name: &str)
where
    T: ProtoMessage + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let text = read(name, "json");
    let original: serde_json::Value = serde_json::from_slice(&text).expect("fixture is JSON");
    let strict = json::from_slice_strict::<T>(&text).expect("decodes");
    assert!(strict.is_clean(), "{name}: {:?}", strict.messages());
    let from_json = strict.value;
    assert_eq!(
        serde_json::to_value(&from_json).expect("encodes"),
        original,
        "{name}: JSON round trip changed the object"
    );

    let from_yaml = yaml::from_slice_strict::<T>(&read(name, "yaml")).expect("YAML decodes");
    assert!(from_yaml.is_clean(), "{name}: {:?}", from_yaml.messages());
    assert_eq!(
        from_yaml.value, from_json,
        "{name}: YAML and JSON decode differently"
    );

    let pb = read(name, "pb");
    let from_pb: T = protobuf::decode(&pb).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        from_pb, from_json,
        "{name}: protobuf and JSON decode differently"
    );
    assert_eq!(
        hex(&protobuf::encode(&from_pb)),
        hex(&pb),
        "{name}: re-encoding changed the bytes"
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn service() {
    check::<core_v1::Service>("core.v1.Service");
}

#[test]
fn network_policy() {
    check::<networking_v1::NetworkPolicy>("networking.k8s.io.v1.NetworkPolicy");
}

#[test]
fn pod_disruption_budget() {
    check::<policy_v1::PodDisruptionBudget>("policy.v1.PodDisruptionBudget");
}

#[test]
fn deployment() {
    check::<apps_v1::Deployment>("apps.v1.Deployment");
}

#[test]
fn job() {
    check::<batch_v1::Job>("batch.v1.Job");
}

/// The same fixtures through `kapi::fixtures`, the per-release fixture check, with a flat
/// root (a copy of k8s.io/api's `testdata/HEAD`) compared as values: how the shipped
/// Kubernetes API crate points `fixture-root` at them.
#[test]
fn kubernetes_fixtures_pass_the_per_release_fixture_check() {
    use kapi::fixtures::{self, Compare, Fixtures, Kind};
    fn kind<T>(name: &'static str) -> Kind
    where
        T: ProtoMessage + DeserializeOwned + Serialize + kapi::fuzz::Fuzz,
    {
        Kind {
            name,
            fingerprint: "",
            json: fixtures::json_codec::<T>(),
            yaml: fixtures::yaml_codec::<T>(),
            protobuf: Some(fixtures::protobuf_codec::<T>()),
            hub: None,
        }
    }
    let root = tempfile::tempdir().unwrap();
    let kinds = vec![
        kind::<core_v1::Service>("core.v1.Service"),
        kind::<networking_v1::NetworkPolicy>("networking.k8s.io.v1.NetworkPolicy"),
        kind::<policy_v1::PodDisruptionBudget>("policy.v1.PodDisruptionBudget"),
        kind::<apps_v1::Deployment>("apps.v1.Deployment"),
        kind::<batch_v1::Job>("batch.v1.Job"),
    ];
    for k in &kinds {
        for ext in ["json", "yaml", "pb"] {
            std::fs::write(
                root.path().join(format!("{}.{ext}", k.name)),
                read(k.name, ext),
            )
            .unwrap();
        }
    }
    // A kind this crate does not port is another project's, skipped in a flat root.
    std::fs::write(
        root.path().join("core.v1.ConfigMap.json"),
        read("core.v1.ConfigMap", "json"),
    )
    .unwrap();
    let fixtures = Fixtures {
        root: root.path().to_path_buf(),
        compare: Compare::Values,
        kinds,
    };
    let summary = fixtures::check(&fixtures).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(summary.checked.get("."), Some(&15), "{summary}");
    assert_eq!(summary.skipped, 1);
}
