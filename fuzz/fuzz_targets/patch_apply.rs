//! The embedded server's patch algorithms on arbitrary documents and patches: JSON patch
//! (with its copy-size bound), JSON merge patch, and strategic merge patch with the
//! Frobber's schema and without one. The input is the original document, a NUL byte, then
//! the patch; an original that is not JSON is the example Frobber. Errors are fine; a
//! panic, an abort, a hang or unbounded memory is a bug.
#![no_main]

use kapi::apiserver::patch::{
    apply_json_patch, apply_merge_patch, apply_strategic_merge_patch, PatchSchemas,
};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

fn frobber_schemas() -> &'static PatchSchemas {
    static SCHEMAS: OnceLock<PatchSchemas> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        let doc: Value = serde_json::from_str(include_str!(
            "../../api-types/generated/openapi/v3/apis__frob.example.com__v1_openapi.json"
        ))
        .unwrap_or(Value::Null);
        PatchSchemas::from_openapi([&doc])
    })
}

fuzz_target!(|data: &[u8]| {
    let (original, patch) = match data.iter().position(|b| *b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&b""[..], data),
    };
    let original: Value = serde_json::from_slice(original).unwrap_or_else(|_| {
        serde_json::json!({
            "apiVersion": "frob.example.com/v1", "kind": "Frobber",
            "metadata": {"name": "f", "labels": {"a": "b"}},
            "spec": {"height": 1, "ports": [{"name": "http", "port": 80}], "params": ["x"]},
        })
    });
    let _ = apply_json_patch(&original, patch);
    let _ = apply_merge_patch(&original, patch);
    let schema = frobber_schemas().for_kind("frob.example.com", "v1", "Frobber");
    let _ = apply_strategic_merge_patch(&original, patch, schema.as_ref());
    let _ = apply_strategic_merge_patch(&original, patch, None);
});
