//! JSON merge patch (RFC 7386, `application/merge-patch+json`): `null` deletes, objects
//! merge recursively, everything else (lists included) replaces.
//!
//! kube-apiserver uses `jsonpatch.MergePatch`: a body that is not JSON, or is `null`, is a
//! 400 (`Invalid JSON Patch`); a body that is not an object replaces the whole document
//! (which the later decode then rejects).

use serde_json::Value;

use super::limits;
use super::PatchError;

/// The message of evanphx/json-patch's `ErrBadJSONPatch`.
const BAD_JSON_PATCH: &str = "Invalid JSON Patch";

/// Applies a merge patch body to `original`.
pub fn apply_merge_patch(original: &Value, patch: &[u8]) -> Result<Value, PatchError> {
    limits::check_body(patch)?;
    let patch: Value = serde_json::from_slice(patch)
        .map_err(|_| PatchError::BadRequest(BAD_JSON_PATCH.to_string()))?;
    if patch.is_null() {
        return Err(PatchError::BadRequest(BAD_JSON_PATCH.to_string()));
    }
    let merged = merge_values(original, &patch);
    limits::check_document(&merged)?;
    Ok(merged)
}

/// RFC 7386 on values.
pub fn merge_values(original: &Value, patch: &Value) -> Value {
    let mut out = original.clone();
    json_patch::merge(&mut out, patch);
    out
}
