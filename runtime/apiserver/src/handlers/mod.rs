//! The verbs on resources: each request becomes a [`Ctx`] and goes to its verb.

mod read;
mod scale;
mod special;
mod watch;
mod write;

use super::context::{Ctx, Reply};
use super::request::{Query, ResourcePath};
use super::state::ServerState;
use http::{HeaderMap, Method};
use kapi_serving::negotiate;
use kapi_serving::StatusError;
use std::sync::Arc;

pub(crate) async fn serve(
    state: &Arc<ServerState>,
    method: &Method,
    path: ResourcePath,
    query: Query,
    headers: HeaderMap,
    body: bytes::Bytes,
) -> Result<Reply, StatusError> {
    let resource = state
        .resources
        .get(&path.group, &path.version, &path.plural)
        .ok_or_else(StatusError::no_route)?;
    if resource.namespaced() != path.namespace.is_some() && path.name.is_some() {
        // A namespaced object needs its namespace in the path; a cluster one has none.
        return Err(StatusError::no_route());
    }
    if !resource.namespaced() && path.namespace.is_some() {
        return Err(StatusError::no_route());
    }
    let accept = headers
        .get(http::header::ACCEPT)
        .and_then(|v| v.to_str().ok());
    let protobuf = state.scheme.supports_protobuf(&resource.gvk);
    let output = negotiate::output_among(accept, true, protobuf)?;
    let watch = path.watch_prefix || query.bool("watch")?.unwrap_or(false);
    let mut ctx = Ctx {
        state,
        resource,
        namespace: path.namespace.clone(),
        name: path.name.clone(),
        subresource: path.subresource.clone(),
        query,
        headers,
        output,
        warnings: Vec::new(),
        admission: (method != Method::GET)
            .then(|| crate::admission_webhooks::Snapshot::take(state, path.namespace.as_deref()))
            .flatten(),
    };
    if path.subresource.is_none() {
        let verb = match (method.clone(), path.name.is_some()) {
            (Method::GET, false) if watch => "watch",
            (Method::GET, false) => "list",
            (Method::POST, false) => "create",
            (Method::DELETE, false) => "deletecollection",
            (Method::GET, true) if watch => "watch",
            (Method::GET, true) => "get",
            (Method::PUT, true) => "update",
            (Method::PATCH, true) => "patch",
            (Method::DELETE, true) => "delete",
            _ => return Err(StatusError::method_not_allowed()),
        };
        if !resource.serves_verb(verb) {
            return Err(StatusError::method_not_allowed());
        }
    }
    match (path.subresource.as_deref(), path.name.is_some()) {
        (None, false) => match *method {
            Method::GET if watch => watch::watch(&mut ctx).await,
            Method::GET => read::list(&mut ctx),
            Method::POST if resource.group().is_empty() && resource.kind() == "Binding" => {
                special::create_binding(&ctx, &body)
            }
            Method::POST => write::create(&mut ctx, &body),
            Method::DELETE => write::delete_collection(&mut ctx, &body),
            _ => Err(StatusError::method_not_allowed()),
        },
        (None, true) => match *method {
            Method::GET if watch => watch::watch(&mut ctx).await,
            Method::GET => read::get(&mut ctx),
            Method::PUT => write::update(&mut ctx, &body, false),
            Method::PATCH => write::patch(&mut ctx, &body, false),
            Method::DELETE => write::delete(&mut ctx, &body),
            _ => Err(StatusError::method_not_allowed()),
        },
        (Some("status"), true) if resource.meta.subresource_status => match *method {
            Method::GET => read::get(&mut ctx),
            Method::PUT => write::update(&mut ctx, &body, true),
            Method::PATCH => write::patch(&mut ctx, &body, true),
            _ => Err(StatusError::method_not_allowed()),
        },
        (Some("scale"), true) if resource.meta.scale.is_some() => match *method {
            Method::GET => scale::get(&mut ctx),
            Method::PUT => scale::update(&mut ctx, &body),
            Method::PATCH => scale::patch(&mut ctx, &body),
            _ => Err(StatusError::method_not_allowed()),
        },
        (Some(sub), true)
            if crate::discovery::subresources(state, resource)
                .iter()
                .any(|s| s.name == sub && s.verbs == ["create"]) =>
        {
            match *method {
                Method::POST => special::create(&mut ctx, sub, &body),
                _ => Err(StatusError::method_not_allowed()),
            }
        }
        _ => Err(StatusError::no_route()),
    }
}
