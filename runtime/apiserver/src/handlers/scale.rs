//! The scale subresource: an `autoscaling/v1` Scale read from and written to the paths the
//! kind's `subresource_scale` marker names.

use super::write::guaranteed_update;
use crate::context::{Ctx, Reply};
use crate::lifecycle::{meta_str, metadata};
use crate::stored::Stored;
use http::StatusCode;
use kapi_serving::negotiate::Encoding;
use kapi_serving::StatusError;
use serde_json::{json, Value};

fn paths<'c>(ctx: &'c Ctx<'_>) -> Result<&'c kapi_core::scheme::ScalePaths, StatusError> {
    ctx.resource
        .meta
        .scale
        .as_ref()
        .ok_or_else(StatusError::no_route)
}

/// The Scale view of an object (request-version JSON).
fn scale_of(ctx: &Ctx<'_>, object: &Value) -> Result<Value, StatusError> {
    let p = paths(ctx)?;
    let get = |path: &str| crate::table::json_path(object, path).cloned();
    let mut meta = json!({});
    if let Some(m) = metadata(object) {
        for field in [
            "name",
            "namespace",
            "uid",
            "resourceVersion",
            "creationTimestamp",
        ] {
            if let Some(v) = m.get(field) {
                meta[field] = v.clone();
            }
        }
    }
    let mut status = json!({ "replicas": get(&p.status_replicas_path).unwrap_or(json!(0)) });
    if let Some(selector) = p.label_selector_path.as_deref().and_then(get) {
        status["selector"] = selector;
    }
    let mut spec = json!({});
    if let Some(replicas) = get(&p.spec_replicas_path) {
        spec["replicas"] = replicas;
    }
    Ok(json!({
        "kind": "Scale",
        "apiVersion": "autoscaling/v1",
        "metadata": meta,
        "spec": spec,
        "status": status,
    }))
}

fn reply(ctx: &Ctx<'_>, stored: &Stored) -> Result<Reply, StatusError> {
    let object = ctx.present_json(stored)?;
    // Through the scheme by apiVersion and kind: the Scale type registered may be kapi's
    // own or an API crate's autoscaling/v1 (kapi-k8s ships one).
    let scale = ctx
        .state
        .scheme
        .decode_value(scale_of(ctx, &object)?)
        .map_err(StatusError::internal)?;
    ctx.object_reply(StatusCode::OK, scale.as_ref())
}

pub(super) fn get(ctx: &mut Ctx<'_>) -> Result<Reply, StatusError> {
    let name = ctx.url_name().to_string();
    let entry = ctx
        .state
        .store
        .get(&ctx.key(&name))
        .ok_or_else(|| StatusError::not_found(ctx.target(&name)))?;
    reply(ctx, &entry.value)
}

/// Writes `.spec.replicas`-like paths: a dotted path of plain fields.
fn set_path(object: &mut Value, path: &str, value: Value) -> Result<(), StatusError> {
    let fields: Vec<&str> = path.trim_start_matches('.').split('.').collect();
    let mut current = object;
    for (i, field) in fields.iter().enumerate() {
        let map = current.as_object_mut().ok_or_else(|| {
            StatusError::internal(format!("{path} does not lead through objects"))
        })?;
        if i + 1 == fields.len() {
            map.insert((*field).to_string(), value);
            return Ok(());
        }
        current = map.entry((*field).to_string()).or_insert_with(|| json!({}));
    }
    Ok(())
}

fn write_scale(
    ctx: &Ctx<'_>,
    scale: &dyn Fn(&Value) -> Result<Value, StatusError>,
) -> Result<Reply, StatusError> {
    let name = ctx.url_name().to_string();
    let p = paths(ctx)?;
    let written = guaranteed_update(ctx, &name, false, true, &|old| {
        let current = scale_of(ctx, old)?;
        let new_scale = scale(&current)?;
        let replicas = new_scale
            .get("spec")
            .and_then(|s| s.get("replicas"))
            .cloned()
            .unwrap_or(json!(0));
        if !replicas.is_i64() || replicas.as_i64().is_some_and(|r| r < 0) {
            return Err(StatusError::invalid(
                ctx.target(&name),
                &kapi_core::validation::FieldError::invalid(
                    "spec.replicas",
                    replicas.clone(),
                    "must be greater than or equal to 0",
                )
                .into(),
            ));
        }
        let mut new = old.clone();
        set_path(&mut new, &p.spec_replicas_path, replicas)?;
        let rv = meta_str(&new_scale, "resourceVersion");
        if let Some(m) = new.get_mut("metadata").and_then(Value::as_object_mut) {
            m.insert("resourceVersion".into(), json!(rv));
        }
        Ok(new)
    })?;
    reply(ctx, &written)
}

pub(super) fn update(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let bad =
        |e: &dyn std::fmt::Display| StatusError::bad_request(format!("error decoding Scale: {e}"));
    let scale: Value = match ctx.body_encoding()? {
        Encoding::Protobuf => {
            let scale: kapi_core::apis::autoscaling::v1::Scale =
                kapi_core::codec::protobuf::decode(body).map_err(|e| bad(&e))?;
            kapi_core::codec::json::to_value(&scale).map_err(StatusError::internal)?
        }
        Encoding::Json | Encoding::Yaml => serde_json::from_slice(body)
            .or_else(|_| kapi_core::codec::yaml::from_slice(body))
            .map_err(|e| bad(&e))?,
    };
    write_scale(ctx, &|_| Ok(scale.clone()))
}

pub(super) fn patch(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let kind = crate::patching::PatchKind::of_request(&ctx.headers)?;
    let patch = crate::patching::Patch::parse_scale(kind, body)?;
    let ctx: &Ctx<'_> = ctx;
    write_scale(ctx, &|current| patch.apply_to_scale(current))
}
