//! kapi's YAML is `sigs.k8s.io/yaml`'s for apimachinery's kinds too: the YAML fixtures
//! k8s.io/api keeps under `core.v1` for them (copied into `fixtures/kubernetes-api`),
//! decoded with kapi's meta types and encoded again, give the fixture's bytes. kapi-k8s's
//! kinds are checked against the rest of `testdata/HEAD` in `api-types/k8s/tests/yaml_as_go.rs`.

use kapi::codec::yaml;
use kapi::meta::{
    APIGroup, APIVersions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions,
    Status, UpdateOptions, WatchEvent,
};
use kapi_tests::fixtures_dir;
use serde::de::DeserializeOwned;
use serde::Serialize;

fn same_bytes<T: DeserializeOwned + Serialize>(name: &str) -> bool {
    let path = fixtures_dir().join(format!("{name}.yaml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: T = yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let again = yaml::to_string(&value).expect("encodes");
    if again != text {
        println!("{name}: re-encodes as\n{again}");
    }
    again == text
}

#[test]
fn apimachinery_yaml_fixtures_re_encode_byte_for_byte() {
    let results = [
        (
            "core.v1.APIGroup",
            same_bytes::<APIGroup>("core.v1.APIGroup"),
        ),
        (
            "core.v1.APIVersions",
            same_bytes::<APIVersions>("core.v1.APIVersions"),
        ),
        (
            "core.v1.CreateOptions",
            same_bytes::<CreateOptions>("core.v1.CreateOptions"),
        ),
        (
            "core.v1.DeleteOptions",
            same_bytes::<DeleteOptions>("core.v1.DeleteOptions"),
        ),
        (
            "core.v1.GetOptions",
            same_bytes::<GetOptions>("core.v1.GetOptions"),
        ),
        (
            "core.v1.ListOptions",
            same_bytes::<ListOptions>("core.v1.ListOptions"),
        ),
        (
            "core.v1.PatchOptions",
            same_bytes::<PatchOptions>("core.v1.PatchOptions"),
        ),
        ("core.v1.Status", same_bytes::<Status>("core.v1.Status")),
        (
            "core.v1.UpdateOptions",
            same_bytes::<UpdateOptions>("core.v1.UpdateOptions"),
        ),
        (
            "core.v1.WatchEvent",
            same_bytes::<WatchEvent>("core.v1.WatchEvent"),
        ),
    ];
    let different: Vec<&str> = results
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(n, _)| *n)
        .collect();
    println!(
        "apimachinery YAML fixtures re-encoded byte for byte: {} of {}",
        results.len() - different.len(),
        results.len()
    );
    assert!(
        different.is_empty(),
        "re-encode to other bytes: {different:?}"
    );
}
