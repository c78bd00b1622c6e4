//! The generated typed clients' server-side apply: one generic `async fn` for every kind, so
//! a typed client's `apply` is a plain call and an API crate compiles no state machine per
//! kind (the other verbs return `Api`'s own futures).

use crate::{Api, Error};
use kapi_core::scheme::Kind;
use kapi_core::Resource;

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
    match kapi_core::codec::json::to_value(value).map_err(M::Error::custom)? {
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

/// An apply configuration's JSON object being written, and the first error writing it: the
/// generated `Serialize` makes one plain call per field with no `?` (each `?` is a `Try` and
/// `From` resolution for the type checker, once per field of every configuration). After an
/// error the remaining fields are skipped.
pub struct Entries<'a, M: serde::ser::SerializeMap> {
    map: &'a mut M,
    error: Option<M::Error>,
}

impl<'a, M: serde::ser::SerializeMap> Entries<'a, M> {
    #[inline]
    pub fn new(map: &'a mut M) -> Self {
        Entries { map, error: None }
    }

    /// `key` and its value, when the configuration sets it.
    #[inline]
    pub fn set<T: serde::Serialize>(&mut self, key: &'static str, value: &Option<T>) {
        if let (Some(value), None) = (value, &self.error) {
            if let Err(err) = self.map.serialize_entry(key, value) {
                self.error = Some(err);
            }
        }
    }

    /// The first error, if a field failed.
    #[inline]
    pub fn finish(self) -> Result<(), M::Error> {
        self.error.map_or(Ok(()), Err)
    }
}
