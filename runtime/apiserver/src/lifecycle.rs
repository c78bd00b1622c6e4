//! The object lifecycle kube-apiserver's generic registry enforces, on the JSON form of an
//! object in the request's version: system fields on create, what an update may not
//! change, generation, and the status subresource's split.

use super::resources::Resource;
use kapi_serving::StatusError;
use serde_json::{json, Map, Value};

/// Characters of generated name suffixes: no vowels and no look-alikes, as Kubernetes'
/// `utilrand.String`.
const NAME_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
const GENERATED_SUFFIX_LEN: usize = 5;
/// Names longer than this lose the end of their prefix before the suffix is added.
const MAX_GENERATED_PREFIX: usize = 63 - GENERATED_SUFFIX_LEN;

pub fn metadata(value: &Value) -> Option<&Map<String, Value>> {
    value.get("metadata").and_then(Value::as_object)
}

pub fn metadata_mut(value: &mut Value) -> Result<&mut Map<String, Value>, StatusError> {
    let obj = value
        .as_object_mut()
        .ok_or_else(|| StatusError::bad_request("the object is not a JSON object"))?;
    let meta = obj.entry("metadata").or_insert_with(|| json!({}));
    if meta.is_null() {
        *meta = json!({});
    }
    meta.as_object_mut()
        .ok_or_else(|| StatusError::bad_request("metadata must be an object"))
}

pub fn meta_str<'a>(value: &'a Value, field: &str) -> &'a str {
    metadata(value)
        .and_then(|m| m.get(field))
        .and_then(Value::as_str)
        .unwrap_or("")
}

pub fn finalizers(value: &Value) -> Vec<String> {
    metadata(value)
        .and_then(|m| m.get("finalizers"))
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

pub fn being_deleted(value: &Value) -> bool {
    !meta_str(value, "deletionTimestamp").is_empty()
}

pub fn now() -> String {
    kapi_core::meta::Time::now().truncated().to_string()
}

fn generated_name(prefix: &str) -> String {
    let mut prefix: String = prefix.chars().take(MAX_GENERATED_PREFIX).collect();
    for _ in 0..GENERATED_SUFFIX_LEN {
        let i = fastrand::usize(..NAME_ALPHABET.len());
        prefix.push(char::from(NAME_ALPHABET[i]));
    }
    prefix
}

fn uuid() -> String {
    let mut b: [u8; 16] = std::array::from_fn(|_| fastrand::u8(..));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// The namespace rules shared by every write: a namespaced object takes the URL's
/// namespace (and must not name another); a cluster-scoped one has none.
fn reconcile_namespace(
    meta: &mut Map<String, Value>,
    r: &Resource,
    url_namespace: Option<&str>,
) -> Result<(), StatusError> {
    if !r.namespaced() {
        meta.remove("namespace");
        return Ok(());
    }
    let url_ns = url_namespace.unwrap_or("");
    match meta.get("namespace").and_then(Value::as_str).unwrap_or("") {
        "" => {
            meta.insert("namespace".into(), json!(url_ns));
        }
        ns if ns != url_ns => return Err(StatusError::bad_request(
            "the namespace of the provided object does not match the namespace sent on the request",
        )),
        _ => {}
    }
    Ok(())
}

/// System fields of a new object (rest.BeforeCreate): name from generateName, uid,
/// creationTimestamp, generation 1; a status subresource's status starts empty.
pub fn on_create(
    value: &mut Value,
    r: &Resource,
    url_namespace: Option<&str>,
) -> Result<(), StatusError> {
    if r.meta.subresource_status {
        if let Some(obj) = value.as_object_mut() {
            obj.remove("status");
        }
    }
    let meta = metadata_mut(value)?;
    if meta
        .get("resourceVersion")
        .and_then(Value::as_str)
        .is_some_and(|rv| !rv.is_empty())
    {
        return Err(StatusError::bad_request(
            "resourceVersion should not be set on objects to be created",
        ));
    }
    reconcile_namespace(meta, r, url_namespace)?;
    let name = meta.get("name").and_then(Value::as_str).unwrap_or("");
    let generate = meta
        .get("generateName")
        .and_then(Value::as_str)
        .unwrap_or("");
    if name.is_empty() && !generate.is_empty() {
        let generated = generated_name(generate);
        meta.insert("name".into(), json!(generated));
    }
    meta.insert("uid".into(), json!(uuid()));
    meta.insert("creationTimestamp".into(), json!(now()));
    meta.insert("generation".into(), json!(1));
    for system in [
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "selfLink",
    ] {
        meta.remove(system);
    }
    Ok(())
}

/// Whether a create may retry with another generated name on a name clash.
pub fn name_was_generated(value: &Value) -> bool {
    !meta_str(value, "generateName").is_empty()
}

/// Clears the generated name so a retry generates another.
pub fn regenerate_name(value: &mut Value) -> Result<(), StatusError> {
    let meta = metadata_mut(value)?;
    let prefix = meta
        .get("generateName")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    meta.insert("name".into(), json!(generated_name(&prefix)));
    Ok(())
}

/// The URL's name must be the object's (a missing one is taken from the URL).
pub fn check_name(value: &mut Value, url_name: &str) -> Result<(), StatusError> {
    let meta = metadata_mut(value)?;
    match meta.get("name").and_then(Value::as_str).unwrap_or("") {
        "" => {
            meta.insert("name".into(), json!(url_name));
            Ok(())
        }
        n if n == url_name => Ok(()),
        n => Err(StatusError::bad_request(format!(
            "the name of the object ({n}) does not match the name on the URL ({url_name})"
        ))),
    }
}

/// The parts of an object that are its desired state: everything but metadata and, with
/// a status subresource, status.
fn spec_part(value: &Value, status_split: bool) -> Map<String, Value> {
    value
        .as_object()
        .map(|o| {
            o.iter()
                .filter(|(k, _)| match k.as_str() {
                    "metadata" | "apiVersion" | "kind" => false,
                    "status" => !status_split,
                    _ => true,
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// An update of the main resource (rest.BeforeUpdate and the strategy's
/// PrepareForUpdate): system fields come from the stored object, status is kept when it
/// has its own subresource, and generation moves when the desired state changed.
pub fn on_update(
    new: &mut Value,
    old: &Value,
    r: &Resource,
    url_namespace: Option<&str>,
) -> Result<(), StatusError> {
    let status_split = r.meta.subresource_status;
    if status_split {
        if let Some(obj) = new.as_object_mut() {
            match old.get("status") {
                Some(status) => {
                    obj.insert("status".into(), status.clone());
                }
                None => {
                    obj.remove("status");
                }
            }
        }
    }
    let spec_changed = spec_part(new, status_split) != spec_part(old, status_split);
    let old_meta = metadata(old).cloned().unwrap_or_default();
    let meta = metadata_mut(new)?;
    reconcile_namespace(meta, r, url_namespace)?;
    if meta
        .get("uid")
        .and_then(Value::as_str)
        .unwrap_or("")
        .is_empty()
    {
        if let Some(uid) = old_meta.get("uid") {
            meta.insert("uid".into(), uid.clone());
        }
    }
    for kept in [
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
    ] {
        match old_meta.get(kept) {
            Some(v) => meta.insert(kept.into(), v.clone()),
            None => meta.remove(kept),
        };
    }
    meta.remove("selfLink");
    let generation = old_meta
        .get("generation")
        .and_then(Value::as_i64)
        .unwrap_or(1);
    let generation = if spec_changed {
        generation + 1
    } else {
        generation
    };
    meta.insert("generation".into(), json!(generation));
    if being_deleted(old) {
        let old_finalizers = finalizers(old);
        let added: Vec<String> = finalizers(new)
            .into_iter()
            .filter(|f| !old_finalizers.contains(f))
            .collect();
        if !added.is_empty() {
            let mut errors = kapi_core::validation::ErrorList::default();
            errors.push(kapi_core::validation::FieldError::new(
                kapi_core::validation::ErrorType::Forbidden,
                "metadata.finalizers".to_string(),
                None,
                "no new finalizers can be added if the object is being deleted, found new finalizers [\""
                    .to_string()
                    + &added.join("\" \"")
                    + "\"]",
            ));
            return Err(StatusError::invalid(
                kapi_serving::Target {
                    group: r.group(),
                    resource: r.plural(),
                    kind: r.kind(),
                    name: meta_str(old, "name"),
                },
                &errors,
            ));
        }
    }
    Ok(())
}

/// An update through `/status`: only status changes; the rest is the stored object's
/// (the request's resourceVersion stays as the precondition).
pub fn on_status_update(new: &Value, old: &Value) -> Value {
    let mut result = old.clone();
    if let Some(obj) = result.as_object_mut() {
        match new.get("status") {
            Some(status) => {
                obj.insert("status".into(), status.clone());
            }
            None => {
                obj.remove("status");
            }
        }
        if let (Some(rv), Some(meta)) = (
            metadata(new)
                .and_then(|m| m.get("resourceVersion"))
                .cloned(),
            obj.get_mut("metadata").and_then(Value::as_object_mut),
        ) {
            meta.insert("resourceVersion".into(), rv);
        }
    }
    result
}

/// The resourceVersion an update names as its precondition; empty means unconditional.
pub fn precondition(value: &Value) -> Result<Option<u64>, StatusError> {
    match meta_str(value, "resourceVersion") {
        "" => Ok(None),
        rv => rv.parse().map(Some).map_err(|_| {
            StatusError::bad_request(format!(
                "invalid resourceVersion {rv:?}: must be an unsigned integer"
            ))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_use_kubernetes_alphabet() {
        let n = generated_name("web-");
        assert_eq!(n.len(), 9);
        assert!(n.starts_with("web-"));
        assert!(n[4..].bytes().all(|b| NAME_ALPHABET.contains(&b)));
        let long = "a".repeat(80);
        assert_eq!(generated_name(&long).len(), 63);
    }

    #[test]
    fn uuids_are_version_4() {
        let u = uuid();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert!(kapi_core::validation::formats::uuid(&u).is_empty(), "{u}");
    }
}
