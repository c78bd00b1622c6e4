//! The k8s.io/api testdata fixtures decode into kapi types and re-encode to the same JSON,
//! from both their `.json` and `.yaml` forms.

use kapi::codec::{json, yaml};
use kapi::meta::{
    APIGroup, APIVersions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions,
    Status, UpdateOptions, WatchEvent,
};
use kapi_k8s::coordination::v1::Lease;
use kapi_k8s::core::v1 as core_v1;
use kapi_tests::fixtures_dir;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

fn read(name: &str, ext: &str) -> String {
    let path = fixtures_dir().join(format!("{name}.{ext}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Decodes strictly (no unknown or duplicate fields), re-encodes, and compares as JSON values.
fn round_trip<T: DeserializeOwned + Serialize + PartialEq + Debug>(name: &str) {
    let text = read(name, "json");
    let original: serde_json::Value = serde_json::from_str(&text).expect("fixture is JSON");
    let strict = json::from_slice_strict::<T>(text.as_bytes()).expect("decodes");
    assert!(strict.is_clean(), "{name}: {:?}", strict.messages());
    let reencoded = serde_json::to_value(&strict.value).expect("encodes");
    assert_eq!(
        reencoded, original,
        "{name}: JSON round trip changed the object"
    );

    let from_yaml: T = yaml::from_str(&read(name, "yaml")).expect("yaml decodes");
    assert_eq!(
        from_yaml, strict.value,
        "{name}: YAML and JSON decode differently"
    );
    let yaml_strict = yaml::from_str_strict::<T>(&read(name, "yaml")).expect("yaml decodes");
    assert!(
        yaml_strict.is_clean(),
        "{name}: {:?}",
        yaml_strict.messages()
    );
    let back: T = yaml::from_str(&yaml::to_string(&from_yaml).expect("yaml encodes"))
        .expect("yaml re-decodes");
    assert_eq!(
        back, from_yaml,
        "{name}: YAML round trip changed the object"
    );
}

#[test]
fn status() {
    round_trip::<Status>("core.v1.Status");
}

#[test]
fn list_options() {
    round_trip::<ListOptions>("core.v1.ListOptions");
}

#[test]
fn create_options() {
    round_trip::<CreateOptions>("core.v1.CreateOptions");
}

#[test]
fn delete_options() {
    round_trip::<DeleteOptions>("core.v1.DeleteOptions");
}

#[test]
fn get_options() {
    round_trip::<GetOptions>("core.v1.GetOptions");
}

#[test]
fn patch_options() {
    round_trip::<PatchOptions>("core.v1.PatchOptions");
}

#[test]
fn update_options() {
    round_trip::<UpdateOptions>("core.v1.UpdateOptions");
}

#[test]
fn api_group() {
    round_trip::<APIGroup>("core.v1.APIGroup");
}

#[test]
fn api_versions() {
    round_trip::<APIVersions>("core.v1.APIVersions");
}

#[test]
fn watch_event() {
    round_trip::<WatchEvent>("core.v1.WatchEvent");
}

#[test]
fn config_map() {
    round_trip::<core_v1::ConfigMap>("core.v1.ConfigMap");
}

#[test]
fn namespace() {
    round_trip::<core_v1::Namespace>("core.v1.Namespace");
}

#[test]
fn lease() {
    round_trip::<Lease>("coordination.k8s.io.v1.Lease");
}

#[test]
fn fixture_values_land_in_typed_fields() {
    let cm: core_v1::ConfigMap = json::from_str(&read("core.v1.ConfigMap", "json")).unwrap();
    assert_eq!(cm.metadata.generation, 7);
    assert_eq!(cm.binary_data["binaryDataKey"].0, vec![3u8]);
    assert_eq!(cm.metadata.owner_references[0].controller, Some(true));
    assert_eq!(
        cm.metadata
            .creation_timestamp
            .map(|t| t.to_string())
            .as_deref(),
        Some("2008-01-01T01:01:01Z")
    );
    let lease: Lease = json::from_str(&read("coordination.k8s.io.v1.Lease", "json")).unwrap();
    assert_eq!(
        lease.spec.acquire_time.map(|t| t.to_string()).as_deref(),
        Some("2003-01-01T01:01:01.000003Z")
    );
    let status: Status = json::from_str(&read("core.v1.Status", "json")).unwrap();
    assert_eq!(
        status.details.as_ref().map(|d| d.retry_after_seconds),
        Some(5)
    );
    assert_eq!(status.metadata.remaining_item_count, Some(4));
}
