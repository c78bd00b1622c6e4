//! The input format of the patch targets: the original document, a NUL byte, the patch
//! body. Without a NUL the whole input is the patch, applied to a Frobber.

use kapi_apiserver::patch::{Node, PatchSchemas};
use serde_json::Value;
use std::sync::OnceLock;

/// The original document and the patch body; `None` when the original is not JSON.
pub fn split(data: &[u8]) -> Option<(Value, &[u8])> {
    match data.iter().position(|&b| b == 0) {
        Some(at) => {
            let original = serde_json::from_slice(&data[..at]).ok()?;
            Some((original, &data[at + 1..]))
        }
        None => Some((frobber(), data)),
    }
}

/// Writes a seed in the format [`split`] reads.
pub fn join(original: &Value, patch: &[u8]) -> Vec<u8> {
    let mut out = serde_json::to_vec(original).unwrap_or_default();
    out.push(0);
    out.extend_from_slice(patch);
    out
}

fn frobber() -> Value {
    serde_json::to_value(api_types::examples::frobber_v1()).unwrap_or(Value::Null)
}

/// The Frobber's schema from its compiled patch markers, as the embedded server builds it.
pub fn frobber_schema() -> &'static Option<Node> {
    static SCHEMA: OnceLock<Option<Node>> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let scheme = crate::scheme();
        let kinds: Vec<_> = scheme
            .all_kinds()
            .into_iter()
            .filter_map(|gvk| Some((gvk.clone(), scheme.patch_shape(gvk)?)))
            .collect();
        PatchSchemas::from_openapi_and_shapes(std::iter::empty(), kinds).for_kind(
            "frob.example.com",
            "v1",
            "Frobber",
        )
    })
}
