//! JSON patch (RFC 6902, `application/json-patch+json`) with kube-apiserver's error
//! classes.
//!
//! kube-apiserver decodes the document first (`jsonpatch.DecodePatch`): a body that is not
//! a JSON array of objects is a 400 BadRequest. More than 10000 operations is a 413. The
//! operations are checked and run when applied, and any failure there (an unknown `op`, a
//! missing `path`, a failing `test`, a path that does not exist) becomes
//! `NewGenericServerResponse(422, ...)`: a 422 with reason `Invalid` carrying the error
//! text. That includes evanphx/json-patch's `AccumulatedCopySizeError`: the values `copy`
//! operations duplicate may add up to [`MAX_JSON_PATCH_COPY_BYTES`] of JSON.

use serde_json::Value;

use super::limits::{self, MAX_JSON_PATCH_COPY_BYTES, MAX_JSON_PATCH_COPY_MEMORY};
use super::PatchError;

/// kube-apiserver's `maxJSONPatchOperations`.
pub const MAX_JSON_PATCH_OPERATIONS: usize = 10_000;

/// Applies a JSON patch body to `original`.
pub fn apply_json_patch(original: &Value, patch: &[u8]) -> Result<Value, PatchError> {
    limits::check_body(patch)?;
    let doc: Value =
        serde_json::from_slice(patch).map_err(|e| PatchError::BadRequest(e.to_string()))?;
    let Some(ops) = doc.as_array() else {
        return Err(PatchError::BadRequest(format!(
            "json: cannot unmarshal {} into Go value of type jsonpatch.Patch",
            json_kind(&doc)
        )));
    };
    if let Some(op) = ops.iter().find(|op| !op.is_object()) {
        return Err(PatchError::BadRequest(format!(
            "json: cannot unmarshal {} into Go value of type jsonpatch.Operation",
            json_kind(op)
        )));
    }
    if ops.len() > MAX_JSON_PATCH_OPERATIONS {
        return Err(PatchError::TooLarge(format!(
            "The allowed maximum operations in a JSON patch is {MAX_JSON_PATCH_OPERATIONS}, got {}",
            ops.len()
        )));
    }
    // Operation-level problems are apply-time errors in kube (422), so validate each
    // operation separately to name it.
    let mut parsed = Vec::with_capacity(ops.len());
    for op in ops {
        let name = op.get("op").and_then(Value::as_str).unwrap_or("");
        let known = ["add", "remove", "replace", "move", "copy", "test"];
        if !known.contains(&name) {
            return Err(PatchError::Invalid(format!("Unexpected kind: {name}")));
        }
        let one: json_patch::PatchOperation = serde_json::from_value(op.clone())
            .map_err(|e| PatchError::Invalid(format!("{name} operation is malformed: {e}")))?;
        parsed.push(one);
    }
    let mut out = original.clone();
    let mut copied = 0usize;
    let mut copied_memory = 0usize;
    for op in &parsed {
        if let json_patch::PatchOperation::Copy(c) = op {
            // Go measures the copied value's JSON before copying; a missing `from` is
            // left to the copy itself to report.
            if let Some(v) = out.pointer(&c.from.to_string()) {
                copied = copied
                    .saturating_add(limits::json_size_within(v, usize::MAX).unwrap_or(usize::MAX));
                if copied > MAX_JSON_PATCH_COPY_BYTES {
                    return Err(PatchError::Invalid(format!(
                        "Unable to complete the copy, the accumulated size increase of copy is {copied}, exceeding the limit {MAX_JSON_PATCH_COPY_BYTES}"
                    )));
                }
                let room = MAX_JSON_PATCH_COPY_MEMORY - copied_memory;
                match limits::value_memory_within(v, room) {
                    Some(n) => copied_memory += n,
                    None => {
                        return Err(PatchError::Invalid(format!(
                            "Unable to complete the copy, the copied values would take more than {MAX_JSON_PATCH_COPY_MEMORY} bytes of the embedded server's memory"
                        )))
                    }
                }
            }
        }
        // A failure discards `out`, so the crate's undo log (which keeps every replaced
        // value) is not needed.
        json_patch::patch_unsafe(&mut out, std::slice::from_ref(op))
            .map_err(|e| operation_error(op, e))?;
    }
    limits::check_document(&out)?;
    Ok(out)
}

/// An operation that does not apply, in evanphx/json-patch's words.
fn operation_error(op: &json_patch::PatchOperation, e: json_patch::PatchError) -> PatchError {
    let path = e.path.to_string();
    let name = op_name(op);
    PatchError::Invalid(match e.kind {
        json_patch::PatchErrorKind::TestFailed => {
            format!("testing value {path} failed: test failed")
        }
        json_patch::PatchErrorKind::InvalidFromPointer => {
            let from = match op {
                json_patch::PatchOperation::Move(m) => m.from.to_string(),
                json_patch::PatchOperation::Copy(c) => c.from.to_string(),
                _ => String::new(),
            };
            format!("{name} operation does not apply: doc is missing from path: {from}")
        }
        json_patch::PatchErrorKind::InvalidPointer => {
            format!("{name} operation does not apply: doc is missing path: \"{path}\"")
        }
        other => format!("{name} operation does not apply: {other}"),
    })
}

fn op_name(op: &json_patch::PatchOperation) -> &'static str {
    match op {
        json_patch::PatchOperation::Add(_) => "add",
        json_patch::PatchOperation::Remove(_) => "remove",
        json_patch::PatchOperation::Replace(_) => "replace",
        json_patch::PatchOperation::Move(_) => "move",
        json_patch::PatchOperation::Copy(_) => "copy",
        json_patch::PatchOperation::Test(_) => "test",
    }
}

/// Go's name of a JSON value's type, for `encoding/json`-style messages.
pub(crate) fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
