//! The size bounds kube-apiserver puts on a patch and what it produces.
//!
//! kube-apiserver's generic server config sets both `MaxRequestBodyBytes` and
//! `JSONPatchMaxCopyBytes` to 3 MiB (twice etcd's default 1.5 MiB request limit, since
//! JSON is larger than the protobuf stored). The body limit is checked when the body is
//! read; the copy limit is evanphx/json-patch's `AccumulatedCopySizeLimit`, the sum of
//! the JSON sizes of every value a `copy` duplicates. With both, no patch type can
//! produce a document much larger than the stored object plus the body plus 3 MiB, and
//! [`check_document`] holds every patched document to the body limit too, so the next
//! patch starts from a bounded object.

use serde_json::Value;

use super::PatchError;

/// kube-apiserver's default `MaxRequestBodyBytes`.
pub use kapi_serving::MAX_REQUEST_BODY_BYTES;

/// kube-apiserver's default `JSONPatchMaxCopyBytes`.
pub const MAX_JSON_PATCH_COPY_BYTES: usize = 3 * 1024 * 1024;

/// What the values `copy` operations duplicate may take in memory, beside kube's JSON
/// bound. A small map costs serde_json about forty times its JSON (a B-tree leaf of
/// eleven slots for one entry), so 3 MiB of copied JSON made of small maps would be
/// 100 MiB in the server; kube's own bound is kept as is and this one trips only on
/// such shapes.
pub const MAX_JSON_PATCH_COPY_MEMORY: usize = 16 * 1024 * 1024;

/// `limitedReadBody`'s 413 (`NewRequestEntityTooLargeError("limit is N")`).
pub fn body_too_large() -> PatchError {
    PatchError::TooLarge(format!(
        "Request entity too large: limit is {MAX_REQUEST_BODY_BYTES}"
    ))
}

/// A request body over the limit is a 413 before anything is parsed.
pub fn check_body(body: &[u8]) -> Result<(), PatchError> {
    if body.len() > MAX_REQUEST_BODY_BYTES {
        return Err(body_too_large());
    }
    Ok(())
}

/// A patched document larger than a request may be is a 413: it could never be written
/// back, and keeping it would let the next patch start from it.
pub fn check_document(doc: &Value) -> Result<(), PatchError> {
    match json_size_within(doc, MAX_REQUEST_BODY_BYTES) {
        Some(_) => Ok(()),
        None => Err(body_too_large()),
    }
}

/// The compact JSON size of `v`, or `None` as soon as it passes `limit`: measuring a huge
/// value costs no more than the limit.
pub fn json_size_within(v: &Value, limit: usize) -> Option<usize> {
    let mut counter = Counter { n: 0, limit };
    match serde_json::to_writer(&mut counter, v) {
        Ok(()) => Some(counter.n),
        Err(_) => None,
    }
}

/// An estimate of what `v` takes in memory as a `serde_json::Value`, or `None` as soon as
/// it passes `limit`. It counts the enum slot of every value, the heap bytes of strings
/// and keys, each object's B-tree leaves (eleven entries each) and each array's buffer,
/// which is what dominates for the small maps a copy bomb is made of.
pub fn value_memory_within(v: &Value, limit: usize) -> Option<usize> {
    const SLOT: usize = std::mem::size_of::<Value>();
    const KEY: usize = std::mem::size_of::<String>();
    const LEAF_ENTRIES: usize = 11;
    const LEAF: usize = LEAF_ENTRIES * (SLOT + KEY) + 16;
    let mut total = 0usize;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        total = total.saturating_add(SLOT);
        match v {
            Value::String(s) => total = total.saturating_add(s.len()),
            Value::Array(items) => stack.extend(items.iter()),
            Value::Object(map) => {
                total = total.saturating_add(map.len().div_ceil(LEAF_ENTRIES) * LEAF);
                for (k, item) in map {
                    total = total.saturating_add(k.len());
                    stack.push(item);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
        if total > limit {
            return None;
        }
    }
    Some(total)
}

struct Counter {
    n: usize,
    limit: usize,
}

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.n = self.n.saturating_add(buf.len());
        if self.n > self.limit {
            return Err(std::io::Error::other("over the limit"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::{apply_json_patch, apply_merge_patch, apply_strategic_merge_patch};
    use serde_json::json;

    fn over_the_limit(e: &PatchError) -> bool {
        e.code() == 413
            && e.message() == format!("Request entity too large: limit is {MAX_REQUEST_BODY_BYTES}")
    }

    /// Issue 35's bomb: 41 `copy` operations, each appending the list to itself, would
    /// double it 41 times. kube fails the copy that passes 3 MiB (a 422 carrying
    /// evanphx/json-patch's `AccumulatedCopySizeError`).
    #[test]
    fn json_patch_copy_doubling_stops_at_the_copy_limit() {
        let original = json!({"a": ["0123456789012345678901234567890123456789"]});
        let op = json!({"op": "copy", "from": "/a", "path": "/a/-"});
        let patch = serde_json::to_vec(&vec![op; 41]).unwrap();
        let err = apply_json_patch(&original, &patch).unwrap_err();
        assert_eq!(err.code(), 422, "{err:?}");
        let message = err.message();
        assert!(
            message.starts_with(
                "Unable to complete the copy, the accumulated size increase of copy is "
            ) && message.ends_with(", exceeding the limit 3145728"),
            "{message}"
        );
        // A few copies of a small value stay well under the limit.
        let few = serde_json::to_vec(&vec![
            json!({"op": "copy", "from": "/a", "path": "/a/-"});
            3
        ])
        .unwrap();
        let out = apply_json_patch(&original, &few).unwrap();
        assert_eq!(out["a"].as_array().unwrap().len(), 4);
    }

    /// Issue 35's own bomb nests `data` into itself: maps of one or two entries, about
    /// fourteen bytes of JSON each. kube's JSON bound would let the copies reach 1.8 MB
    /// of JSON, 131072 maps and about 80 MiB of serde_json values; the memory bound stops
    /// them at 16 MiB, before kube's bound is reached.
    #[test]
    fn json_patch_copies_of_small_maps_stop_at_the_memory_limit() {
        let original = json!({"data": {"seed": "0123456789"}});
        let ops: Vec<_> = (0..41)
            .map(|i| json!({"op": "copy", "from": "/data", "path": format!("/data/k{i:02}")}))
            .collect();
        let err = apply_json_patch(&original, &serde_json::to_vec(&ops).unwrap()).unwrap_err();
        assert_eq!(err.code(), 422, "{err:?}");
        assert_eq!(
            err.message(),
            format!("Unable to complete the copy, the copied values would take more than {MAX_JSON_PATCH_COPY_MEMORY} bytes of the embedded server's memory")
        );
    }

    /// The estimate counts a map's B-tree leaf, not only its JSON.
    #[test]
    fn value_memory_counts_map_leaves() {
        let one = value_memory_within(&json!({"a": 1}), usize::MAX).unwrap();
        let json = json_size_within(&json!({"a": 1}), usize::MAX).unwrap();
        assert!(one > 20 * json, "{one} vs {json}");
        let strings = value_memory_within(&json!(["x".repeat(1000)]), usize::MAX).unwrap();
        assert!((1000..1200).contains(&strings), "{strings}");
        assert_eq!(
            value_memory_within(&json!({"a": "x".repeat(1000)}), 100),
            None
        );
    }

    /// `copy` from a path that does not exist is still the copy's own 422.
    #[test]
    fn json_patch_copy_from_a_missing_path_is_the_operations_error() {
        let patch = br#"[{"op": "copy", "from": "/nope", "path": "/b"}]"#;
        let err = apply_json_patch(&json!({}), patch).unwrap_err();
        assert_eq!(err.code(), 422);
        assert!(err.message().contains("/nope"), "{}", err.message());
    }

    /// The same large value added over and over: the body itself is over kube's 3 MiB.
    #[test]
    fn json_patch_repeated_large_adds_are_bounded_by_the_body_limit() {
        let big = "x".repeat(100 * 1024);
        let ops: Vec<_> = (0..40)
            .map(|i| json!({"op": "add", "path": format!("/k{i}"), "value": big}))
            .collect();
        let patch = serde_json::to_vec(&ops).unwrap();
        let err = apply_json_patch(&json!({}), &patch).unwrap_err();
        assert!(over_the_limit(&err), "{err:?}");
    }

    /// Under the body limit, a patch that makes the document larger than a request may
    /// be is refused the same way.
    #[test]
    fn patched_documents_over_the_limit_are_413() {
        let original = json!({"a": "x".repeat(2 * 1024 * 1024)});
        let big = "y".repeat(1536 * 1024);
        let json_patch =
            serde_json::to_vec(&json!([{"op": "add", "path": "/b", "value": big}])).unwrap();
        let merge = serde_json::to_vec(&json!({"b": big})).unwrap();
        for err in [
            apply_json_patch(&original, &json_patch).unwrap_err(),
            apply_merge_patch(&original, &merge).unwrap_err(),
            apply_strategic_merge_patch(&original, &merge, None).unwrap_err(),
        ] {
            assert!(over_the_limit(&err), "{err:?}");
        }
    }

    /// Merge patch grows a document only by what the patch holds, nested or not: a patch
    /// over the body limit is refused before it is parsed, and nesting deeper than the
    /// JSON parser allows is a 400, never a stack overflow.
    #[test]
    fn nested_merge_patch_growth_is_bounded() {
        let mut nested = json!("x".repeat(64 * 1024));
        for i in 0..60 {
            nested = json!({format!("k{i}"): nested.clone(), format!("j{i}"): "v"});
        }
        let fits = serde_json::to_vec(&nested).unwrap();
        assert!(fits.len() < MAX_REQUEST_BODY_BYTES);
        let out = apply_merge_patch(&json!({}), &fits).unwrap();
        assert!(json_size_within(&out, MAX_REQUEST_BODY_BYTES).is_some());

        let wide: serde_json::Map<String, Value> = (0..50)
            .map(|i| (format!("k{i}"), json!("x".repeat(64 * 1024))))
            .collect();
        let too_big = serde_json::to_vec(&Value::Object(wide)).unwrap();
        for err in [
            apply_merge_patch(&json!({}), &too_big).unwrap_err(),
            apply_strategic_merge_patch(&json!({}), &too_big, None).unwrap_err(),
            crate::patch::parse_apply_body(&too_big).unwrap_err(),
        ] {
            assert!(over_the_limit(&err), "{err:?}");
        }

        let deep = format!("{}{}", "{\"a\":".repeat(100_000), "}".repeat(100_000));
        assert_eq!(
            apply_merge_patch(&json!({}), deep.as_bytes())
                .unwrap_err()
                .code(),
            400
        );
        assert_eq!(
            apply_strategic_merge_patch(&json!({}), deep.as_bytes(), None)
                .unwrap_err()
                .code(),
            400
        );
    }
}
