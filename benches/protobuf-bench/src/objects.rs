//! The benchmark's objects, built from JSON.

use api_types::v1;
use kapi_k8s::core::v1::ConfigMap;

/// A ConfigMap-sized object: full metadata and 20 data entries of ~100 bytes.
pub fn config_map() -> ConfigMap {
    let data: serde_json::Map<String, serde_json::Value> = (0..20)
        .map(|i| {
            let value = format!("setting-{i:02}=").repeat(10);
            (format!("key-{i:02}.properties"), value[..100].into())
        })
        .collect();
    // Full metadata: the example Frobber's, under the ConfigMap's own identity.
    let mut metadata = api_types::examples::frobber_v1_json()["metadata"].clone();
    metadata["name"] = "frob-settings".into();
    metadata["uid"] = "0b3c2e6a-8d0f-4b5e-9c59-7f2b1d5a6e02".into();
    metadata["resourceVersion"] = "4711".into();
    metadata["generation"] = 1.into();
    let json = serde_json::json!({
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": metadata,
        "immutable": false,
        "data": data,
        "binaryData": {"logo.bin": "AAECAwQFBgcICQoLDA0ODw=="}
    });
    serde_json::from_value(json).expect("the ConfigMap decodes")
}

/// A page of `n` Frobbers, each the example under its own name.
pub fn frobber_list(n: usize) -> v1::FrobberList {
    let frobber = api_types::examples::frobber_v1_json();
    let items: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let mut f = frobber.clone();
            f["metadata"]["name"] = format!("frobber-{i:04}").into();
            f
        })
        .collect();
    let json = serde_json::json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "FrobberList",
        "metadata": {"resourceVersion": "9000", "continue": "next-page-token"},
        "items": items,
    });
    serde_json::from_value(json).expect("the FrobberList decodes")
}
