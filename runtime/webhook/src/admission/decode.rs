//! A review's objects decoded by their kind. kube-apiserver sends each object as JSON with
//! its `apiVersion` and `kind`, in the version the webhook registered for; an object
//! without them takes the request's `kind`, as the embedded server's decoder takes a
//! body's from the URL.

use super::review::Kind;
use kapi_core::scheme::SchemeError;
use kapi_core::{Object, Scheme};
use kapi_serving::StatusError;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

#[derive(Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct TypeMeta {
    api_version: String,
    kind: String,
}

/// The group, version and kind an object says it is (the request's `kind` for what it
/// leaves out), or why it is no object at all.
pub(super) fn kind_of(
    raw: &RawValue,
    fallback: &Kind,
    which: &str,
) -> Result<kapi_core::scheme::GroupVersionKind, StatusError> {
    peek(raw, fallback, which).map(|(gvk, _)| gvk)
}

/// [`kind_of`], and whether the object names both its `apiVersion` and `kind`.
fn peek(
    raw: &RawValue,
    fallback: &Kind,
    which: &str,
) -> Result<(kapi_core::scheme::GroupVersionKind, bool), StatusError> {
    if !raw.get().trim_start().starts_with('{') {
        return Err(StatusError::bad_request(format!(
            "the request's {which} is not a JSON object"
        )));
    }
    let meta: TypeMeta = serde_json::from_str(raw.get()).map_err(|e| {
        StatusError::bad_request(format!(
            "the request's {which} is no Kubernetes object: {e}"
        ))
    })?;
    let mut gvk =
        kapi_core::scheme::GroupVersionKind::from_api_version(&meta.api_version, &meta.kind);
    if meta.api_version.is_empty() {
        gvk.group.clone_from(&fallback.group);
        gvk.version.clone_from(&fallback.version);
    }
    if meta.kind.is_empty() {
        gvk.kind.clone_from(&fallback.kind);
    }
    Ok((gvk, !meta.api_version.is_empty() && !meta.kind.is_empty()))
}

/// The object decoded by the scheme as it came (no defaults). A kind the scheme does not
/// know is the webhook configuration's mistake (its rules send what this webhook cannot
/// judge); the answer names the kind rather than letting the object through unjudged.
pub(super) fn by_scheme(
    scheme: &Scheme,
    raw: &RawValue,
    fallback: &Kind,
    which: &str,
) -> Result<Box<dyn Object>, StatusError> {
    let (gvk, complete) = peek(raw, fallback, which)?;
    let decoded = if complete {
        scheme.decode_without_defaults(raw.get().as_bytes())
    } else {
        let mut value: Value =
            serde_json::from_str(raw.get()).map_err(|e| StatusError::bad_request(e.to_string()))?;
        if let Some(object) = value.as_object_mut() {
            object.insert("apiVersion".into(), Value::String(gvk.api_version()));
            object.insert("kind".into(), Value::String(gvk.kind.clone()));
        }
        scheme.decode_value(value)
    };
    decoded.map_err(|e| match e {
        SchemeError::NotRegistered(gvk) => StatusError::bad_request(format!(
            "this webhook does not serve {gvk}: no kind {:?} is registered for version {:?} in its scheme, so the webhook configuration should not send it",
            gvk.kind,
            gvk.api_version()
        )),
        other => StatusError::bad_request(format!("decoding the request's {which}: {other}")),
    })
}
