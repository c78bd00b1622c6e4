//! Conversion between two versions of a kind that has no internal version (Kubernetes' own
//! kinds as kapi ships them: versioned types only). Kubernetes converts such versions
//! through its internal types; between versions of the same shape (a beta promoted to GA
//! unchanged, the usual case) that conversion copies every field, which is what this does:
//! the object's JSON read as the other version. An object that sets a field the other
//! version lacks, or whose value reads back differently there, is refused, never converted
//! with a loss. Empty values (`null`, `[]`, `{}`) count as unset: Go and kapi write some
//! unset fields so, and they carry nothing a conversion could lose; a zero (`0`, `""`,
//! `false`) is data where the other version lacks the field, and equal to an omitted zero
//! where it has it.

use super::registration::{self, DecodeFailure, Entry};
use super::{GroupVersionKind, Object, SchemeError};
use serde_json::Value;

pub(super) fn convert(
    obj: &dyn Object,
    target: &GroupVersionKind,
    entry: &Entry,
) -> Result<Box<dyn Object>, SchemeError> {
    let from = obj.gvk();
    let refuse = |detail: String| SchemeError::LossyConversion {
        from: from.clone(),
        to: target.api_version(),
        detail,
    };
    let mut value = obj.to_json_value().map_err(SchemeError::Encode)?;
    if let Value::Object(fields) = &mut value {
        fields.insert("apiVersion".into(), Value::String(target.api_version()));
    }
    // A field written empty (Go writes some empty lists as `null`, kapi as `[]`) holds
    // nothing to lose where the other version lacks it.
    let mut lean = value.clone();
    drop_empty(&mut lean, false);
    let unknown = registration::unknown_fields(&*entry.ops, &lean);
    if !unknown.is_empty() {
        return Err(refuse(format!(
            "{} has no field {}",
            target.api_version(),
            unknown.join(", ")
        )));
    }
    let converted = registration::decode_value(&*entry.ops, &value).map_err(
        |DecodeFailure { path, error }| match path {
            Some(path) => refuse(format!("{path}: {error}")),
            None => refuse(error.to_string()),
        },
    )?;
    let mut back = converted.to_json_value().map_err(SchemeError::Encode)?;
    // A zero the version omits and a zero it writes read the same.
    drop_empty(&mut lean, true);
    drop_empty(&mut back, true);
    match first_difference(&lean, &back, &mut String::new()) {
        None => Ok(converted),
        Some(path) => Err(refuse(format!(
            "{path} reads differently in {}",
            target.api_version()
        ))),
    }
}

/// Removes every object member that is `null`, `[]` or `{}` (after its own members are),
/// and with `zeros` also `0`, `""` and `false`.
fn drop_empty(value: &mut Value, zeros: bool) {
    match value {
        Value::Object(fields) => {
            fields.values_mut().for_each(|v| drop_empty(v, zeros));
            fields.retain(|_, v| match v {
                Value::Null => false,
                Value::Array(items) => !items.is_empty(),
                Value::Object(fields) => !fields.is_empty(),
                Value::Bool(b) => *b || !zeros,
                Value::String(s) => !s.is_empty() || !zeros,
                Value::Number(n) => n.as_f64() != Some(0.0) || !zeros,
            });
        }
        Value::Array(items) => items.iter_mut().for_each(|v| drop_empty(v, zeros)),
        _ => {}
    }
}

/// The JSON path of the first place `a` and `b` differ (`spec.ports[0].protocol`).
fn first_difference(a: &Value, b: &Value, path: &mut String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            for key in keys {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = match (x.get(key), y.get(key)) {
                    (Some(x), Some(y)) => first_difference(x, y, path),
                    _ => Some(path.clone()),
                };
                path.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (x, y))| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = first_difference(x, y, path);
                path.truncate(len);
                found
            })
        }
        _ if a == b => None,
        _ if path.is_empty() => Some(".".to_string()),
        _ => Some(path.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::first_difference;
    use serde_json::json;

    #[test]
    fn empty_members_are_unset() {
        let mut value = json!({"a": null, "b": [], "c": {"d": {}}, "e": [{"f": null}], "g": 0});
        super::drop_empty(&mut value, false);
        assert_eq!(value, json!({"e": [{}], "g": 0}));
        super::drop_empty(&mut value, true);
        assert_eq!(value, json!({"e": [{}]}));
    }

    #[test]
    fn names_the_first_differing_path() {
        let a = json!({"spec": {"ports": [{"port": 80}, {"port": 81, "protocol": "TCP"}]}});
        let b = json!({"spec": {"ports": [{"port": 80}, {"port": 81}]}});
        assert_eq!(
            first_difference(&a, &b, &mut String::new()).as_deref(),
            Some("spec.ports[1].protocol")
        );
        assert_eq!(first_difference(&a, &a, &mut String::new()), None);
        assert_eq!(
            first_difference(&json!([1]), &json!([1, 2]), &mut String::new()).as_deref(),
            Some(".")
        );
    }
}
