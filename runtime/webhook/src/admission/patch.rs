//! The JSON Patch (RFC 6902) of a mutation, against the object as kube-apiserver sent it.
//!
//! A typed object written back is not the JSON that came: fields its type does not know
//! (a newer server's) are gone, `null`s and empty values may be written differently. A
//! patch from the sent JSON to the typed object's would carry that noise, and remove fields
//! the webhook never meant to touch. So the change is taken between two typed renderings
//! (the object decoded and written back, and the same after the mutation), carried onto the
//! sent JSON, and only then diffed against it: the patch holds what the mutation did and
//! nothing else.

use serde_json::Value;

/// `original` with the change from `before` to `after` (both renderings of the same typed
/// object) carried onto it.
pub(super) fn carry(original: &Value, before: &Value, after: &Value) -> Value {
    if before == after {
        return original.clone();
    }
    match (original, before, after) {
        (Value::Object(original), Value::Object(before), Value::Object(after)) => {
            let mut carried = original.clone();
            for key in before.keys().chain(after.keys()) {
                match (before.get(key), after.get(key)) {
                    (b, a) if b == a => {}
                    (_, None) => {
                        carried.remove(key);
                    }
                    (Some(b), Some(a)) => {
                        let value = match original.get(key) {
                            Some(o) => carry(o, b, a),
                            None => a.clone(),
                        };
                        carried.insert(key.clone(), value);
                    }
                    // New, or replacing what the typed rendering left out (a `null`).
                    (None, Some(a)) => {
                        carried.insert(key.clone(), a.clone());
                    }
                }
            }
            Value::Object(carried)
        }
        (Value::Array(original), Value::Array(before), Value::Array(after))
            if original.len() == before.len()
                && after.len() >= before.len()
                && !moved(before, after) =>
        {
            // Element for element while the list keeps its places; what the mutation
            // appended is appended.
            let mut carried: Vec<Value> = original
                .iter()
                .zip(before)
                .zip(after)
                .map(|((o, b), a)| carry(o, b, a))
                .collect();
            carried.extend(after[before.len()..].iter().cloned());
            Value::Array(carried)
        }
        // Cut, reordered, or an element put in the middle: the list is taken whole, since
        // what the typed rendering dropped from an element can no longer be placed.
        _ => after.clone(),
    }
}

/// Whether an element of `before` reappears in `after` at another place (a reorder, or an
/// insertion that shifted it).
fn moved(before: &[Value], after: &[Value]) -> bool {
    after.iter().enumerate().any(|(i, a)| {
        before.get(i) != Some(a) && before.iter().enumerate().any(|(j, b)| j != i && b == a)
    })
}

/// The patch from `original` to the mutated object, carried as above, as JSON bytes;
/// `None` when the mutation changed nothing.
pub(super) fn minimal(
    original: &Value,
    before: &Value,
    after: &Value,
) -> Result<Option<Vec<u8>>, serde_json::Error> {
    let mutated = carry(original, before, after);
    let patch = json_patch::diff(original, &mutated);
    if patch.0.is_empty() {
        return Ok(None);
    }
    serde_json::to_vec(&patch).map(Some)
}

#[cfg(test)]
mod tests {
    use super::{carry, minimal};
    use serde_json::json;

    #[test]
    fn fields_the_type_dropped_stay_and_only_the_change_is_patched() {
        let original = json!({"metadata": {"name": "a", "future": {"x": 1}},
                              "spec": {"height": 3, "extra": null},
                              "list": [{"n": "a", "unknown": true}]});
        let before = json!({"metadata": {"name": "a"}, "spec": {"height": 3},
                            "list": [{"n": "a"}]});
        let after = json!({"metadata": {"name": "a", "labels": {"team": "x"}},
                           "spec": {"height": 3, "replicas": 1},
                           "list": [{"n": "a", "p": 1}, {"n": "b"}]});
        let carried = carry(&original, &before, &after);
        assert_eq!(
            carried,
            json!({"metadata": {"name": "a", "future": {"x": 1}, "labels": {"team": "x"}},
                   "spec": {"height": 3, "extra": null, "replicas": 1},
                   "list": [{"n": "a", "unknown": true, "p": 1}, {"n": "b"}]})
        );
        let patch = minimal(&original, &before, &after)
            .expect("JSON")
            .expect("a change");
        let mut patched = original.clone();
        let ops: json_patch::Patch = serde_json::from_slice(&patch).expect("a patch");
        assert_eq!(ops.0.len(), 4, "{}", String::from_utf8_lossy(&patch));
        json_patch::patch(&mut patched, &ops).expect("applies");
        assert_eq!(patched, carried);
    }

    #[test]
    fn no_change_is_no_patch_and_removals_and_reorders_carry() {
        let original = json!({"a": [1, 2, 3], "b": {"c": 1}, "noise": null});
        let before = json!({"a": [1, 2, 3], "b": {"c": 1}});
        assert_eq!(minimal(&original, &before, &before).expect("JSON"), None);
        let after = json!({"a": [3, 1]});
        assert_eq!(
            carry(&original, &before, &after),
            json!({"a": [3, 1], "noise": null})
        );
        let original = json!([{"n": "a", "u": 1}, {"n": "b", "u": 2}]);
        let before = json!([{"n": "a"}, {"n": "b"}]);
        let swapped = json!([{"n": "b"}, {"n": "a"}]);
        assert_eq!(carry(&original, &before, &swapped), swapped);
        let inserted = json!([{"n": "c"}, {"n": "a"}, {"n": "b"}]);
        assert_eq!(carry(&original, &before, &inserted), inserted);
    }
}
