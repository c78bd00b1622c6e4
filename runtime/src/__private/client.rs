//! The generated typed clients' server-side apply: one generic `async fn` for every kind, so
//! a typed client's `apply` is a plain call and an API crate compiles no state machine per
//! kind (the other verbs return `Api`'s own futures).

use crate::client::{Api, Error};
use crate::scheme::Kind;
use crate::Resource;

/// Applies `configuration` (its `metadata.name` is `name`) to the main resource, or to the
/// status subresource when `status`; an apply configuration without a name is an
/// [`Error::Request`] before any request.
pub async fn apply<K, A>(
    api: &Api<K>,
    name: Option<&str>,
    configuration: &A,
    field_manager: &str,
    force: bool,
    status: bool,
) -> Result<K, Error>
where
    K: Resource + Kind,
    A: serde::Serialize,
{
    let name = name.ok_or_else(|| {
        Error::Request(format!(
            "a {} apply configuration needs metadata.name",
            K::KIND
        ))
    })?;
    if status {
        api.apply_status(name, configuration, field_manager, force)
            .await
    } else {
        api.apply(name, configuration, field_manager, force).await
    }
}

/// An apply configuration's `inline` field whose type has no apply configuration of its own
/// (it lives in another group-version, as admissionregistration's v1beta1 embeds v1's
/// `RuleWithOperations`): its JSON object's entries, written into the enclosing object.
pub fn serialize_inline<T, M>(value: &T, map: &mut M) -> Result<(), M::Error>
where
    T: serde::Serialize,
    M: serde::ser::SerializeMap,
{
    use serde::ser::Error as _;
    match crate::codec::json::to_value(value).map_err(M::Error::custom)? {
        serde_json::Value::Object(entries) => {
            for (k, v) in &entries {
                map.serialize_entry(k, v)?;
            }
            Ok(())
        }
        _ => Err(M::Error::custom(
            "an inline field must serialize as a JSON object",
        )),
    }
}
