//! The fixture check of one kind, shared by this suite and by the crates `cargo xtask
//! import-k8s` writes (which include this file by path): strict JSON with no unknown
//! fields, JSON equal as values, YAML equal to JSON, protobuf decoded equal and re-encoded
//! byte for byte.

use kapi::codec::protobuf::{self, ProtoMessage};
use kapi::codec::{json, yaml};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::Path;

fn read(dir: &Path, name: &str, ext: &str) -> Vec<u8> {
    let path = dir.join(format!("{name}.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Checks fixture `name` (`apps.v1.Deployment`) of the fixture directory `dir` against `T`.
pub fn check_in<T>(dir: &Path, name: &str)
where
    T: ProtoMessage + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let text = read(dir, name, "json");
    let original: serde_json::Value = serde_json::from_slice(&text).expect("fixture is JSON");
    let strict = json::from_slice_strict::<T>(&text).expect("decodes");
    assert!(strict.is_clean(), "{name}: {:?}", strict.messages());
    let from_json = strict.value;
    assert_eq!(
        serde_json::to_value(&from_json).expect("encodes"),
        original,
        "{name}: JSON round trip changed the object"
    );

    let from_yaml = yaml::from_slice_strict::<T>(&read(dir, name, "yaml")).expect("YAML decodes");
    assert!(from_yaml.is_clean(), "{name}: {:?}", from_yaml.messages());
    assert_eq!(
        from_yaml.value, from_json,
        "{name}: YAML and JSON decode differently"
    );

    let pb = read(dir, name, "pb");
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
