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
