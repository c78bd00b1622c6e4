//! get and list: selectors, resourceVersion semantics, and chunked lists with consistent
//! continue tokens.

use crate::builtin::field_labels;
use crate::context::{encode_value, in_version, Ctx, Reply};
use crate::store::{Collection, ListRequest, ReadAt, StoreError};
use crate::stored::Stored;
use crate::table::partial_object_metadata;
use http::StatusCode;
use kapi_core::meta::{FieldSelector, Selector};
use kapi_serving::negotiate::{Encoding, Shape};
use kapi_serving::StatusError;
use serde_json::{json, Value};
use std::sync::Arc;

/// Label and field selectors of a list, watch or deletecollection.
pub(crate) struct Selection {
    labels: Selector,
    fields: FieldSelector,
    /// Where the values of fields beyond metadata come from, when one is selected on.
    beyond_metadata: Option<FieldValues>,
}

/// Who computes a field label's value.
enum FieldValues {
    /// Kubernetes' own kind of this name (its registry's selectable fields).
    Builtin(String),
    /// A CRD's kind: its selectable fields' JSON paths.
    Custom,
}

impl Selection {
    pub fn from_query(ctx: &Ctx<'_>) -> Result<Self, StatusError> {
        let labels = Selector::parse(ctx.query.get("labelSelector").unwrap_or(""))
            .map_err(|e| StatusError::bad_request(e.to_string()))?;
        let fields = FieldSelector::parse(ctx.query.get("fieldSelector").unwrap_or(""))
            .map_err(|e| StatusError::bad_request(e.to_string()))?;
        let (group, kind) = (ctx.resource.group(), ctx.resource.kind());
        let custom = ctx.state.crd_field_labels.get(&ctx.resource.gvk);
        let supported: Vec<&str> = match custom {
            Some(labels) => labels.iter().map(String::as_str).collect(),
            None => field_labels::supported(group, kind).to_vec(),
        };
        for r in fields.requirements() {
            if !supported.contains(&r.field.as_str()) {
                return Err(StatusError::bad_request(format!(
                    "field label not supported: {}",
                    r.field
                )));
            }
        }
        let beyond_metadata = fields
            .requirements()
            .iter()
            .any(|r| field_labels::needs_object(&r.field));
        let values = match custom {
            Some(_) => FieldValues::Custom,
            None => FieldValues::Builtin(kind.to_string()),
        };
        Ok(Selection {
            labels,
            fields,
            beyond_metadata: beyond_metadata.then_some(values),
        })
    }

    pub fn is_everything(&self) -> bool {
        self.labels.is_empty() && self.fields.is_empty()
    }

    pub fn matches(&self, scheme: &kapi_core::Scheme, stored: &Stored) -> bool {
        if self.is_everything() {
            return true;
        }
        let Some(meta) = scheme.object_meta(stored.object.as_ref()) else {
            return false;
        };
        if !self.labels.matches(&meta.labels) {
            return false;
        }
        // The object's JSON only when a field beyond metadata is asked for.
        let object = match &self.beyond_metadata {
            Some(_) => match stored.object.to_json_value() {
                Ok(v) => Some(v),
                Err(_) => return false,
            },
            None => None,
        };
        self.fields.matches(&|field: &str| match field {
            "metadata.name" => Some(meta.name.clone()),
            "metadata.namespace" => Some(meta.namespace.clone()),
            _ => match (&self.beyond_metadata, &object) {
                (Some(FieldValues::Builtin(kind)), Some(object)) => {
                    Some(field_labels::value(kind, field, object))
                }
                (Some(FieldValues::Custom), Some(object)) => {
                    Some(crate::selectable_fields::value(field, object))
                }
                _ => None,
            },
        })
    }
}

pub(crate) fn scope(ctx: &Ctx<'_>) -> Collection {
    Collection {
        resource: ctx.resource.store_key(),
        namespace: ctx.namespace.clone(),
    }
}

pub(super) fn get(ctx: &mut Ctx<'_>) -> Result<Reply, StatusError> {
    let name = ctx.url_name().to_string();
    if let Some(rv) = parse_rv(ctx.query.get("resourceVersion"))? {
        let current = ctx.state.store.current_revision();
        if rv > current {
            return Err(StatusError::too_large_resource_version(rv, current));
        }
    }
    let entry = ctx
        .state
        .store
        .get(&ctx.key(&name))
        .ok_or_else(|| StatusError::not_found(ctx.target(&name)))?;
    ctx.stored_reply(StatusCode::OK, &entry.value)
}

pub(crate) fn parse_rv(rv: Option<&str>) -> Result<Option<u64>, StatusError> {
    match rv {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| StatusError::bad_request(format!("invalid resource version {v:?}"))),
    }
}

pub(super) fn list(ctx: &mut Ctx<'_>) -> Result<Reply, StatusError> {
    let selection = Selection::from_query(ctx)?;
    let limit = match ctx.query.int("limit")? {
        Some(n) if n > 0 => Some(usize::try_from(n).unwrap_or(usize::MAX)),
        _ => None,
    };
    let continue_token = ctx.query.get("continue").filter(|c| !c.is_empty());
    let rv = ctx.query.get("resourceVersion");
    let rv_match = ctx.query.get("resourceVersionMatch").unwrap_or("");
    if continue_token.is_some() && rv.is_some_and(|v| !v.is_empty()) {
        return Err(StatusError::bad_request(
            "specifying resource version is not allowed when using continue",
        ));
    }
    let at = match (parse_rv(rv)?, rv_match) {
        (None, "") => ReadAt::Latest,
        (None, m) => {
            return Err(StatusError::bad_request(format!(
                "resourceVersionMatch: Forbidden: resourceVersionMatch {m:?} is forbidden unless resourceVersion is provided"
            )))
        }
        (Some(0), "" | "NotOlderThan") => ReadAt::Latest,
        (Some(n), "Exact") => ReadAt::Exact(n),
        (Some(n), "NotOlderThan") => ReadAt::NotOlderThan(n),
        // A resourceVersion with a limit and no match reads exactly there (a legacy
        // paginated read); without a limit it is "not older than".
        (Some(n), "") if limit.is_some() => ReadAt::Exact(n),
        (Some(n), "") => ReadAt::NotOlderThan(n),
        (Some(_), m) => {
            return Err(StatusError::bad_request(format!(
                "resourceVersionMatch: Unsupported value: {m:?}: supported values: \"Exact\", \"NotOlderThan\""
            )))
        }
    };
    let filter = |s: &Stored| selection.matches(&ctx.state.scheme, s);
    let request = ListRequest {
        scope: scope(ctx),
        at,
        limit,
        continue_token,
        filter: &filter,
    };
    let page = match ctx.state.store.list(&request) {
        Ok(page) => page,
        Err(e) => return Err(list_error(ctx, e)),
    };
    let items: Vec<Arc<Stored>> = page.items.into_iter().map(|e| e.value).collect();
    // kube-apiserver counts the remaining items only when no selector filters them.
    let remaining = page
        .remaining_item_count
        .filter(|_| selection.is_everything());
    list_reply(ctx, &items, page.revision, page.continue_token, remaining)
}

fn list_error<E: std::fmt::Display>(ctx: &Ctx<'_>, e: StoreError<E>) -> StatusError {
    match e {
        StoreError::Expired => StatusError::expired(format!(
            "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retry with an inconsistent list: {}",
            ctx.state.store.inconsistent_continue(ctx.query.get("continue").unwrap_or("")).unwrap_or_default()
        )),
        StoreError::InvalidContinue(why) => StatusError::bad_request(format!("continue key is not valid: {why}")),
        StoreError::Compacted { .. } => StatusError::expired("The resourceVersion for the provided list is too old."),
        StoreError::TooLarge { requested, current } => StatusError::too_large_resource_version(requested, current),
        other => StatusError::internal(other),
    }
}

/// A `<Kind>List` (or Table, or PartialObjectMetadataList) of stored objects in the
/// request's version.
pub(crate) fn list_reply(
    ctx: &Ctx<'_>,
    items: &[Arc<Stored>],
    revision: u64,
    continue_token: Option<String>,
    remaining: Option<u64>,
) -> Result<Reply, StatusError> {
    let mut list_meta = json!({ "resourceVersion": revision.to_string() });
    if let Some(c) = &continue_token {
        list_meta["continue"] = json!(c);
    }
    if let Some(n) = remaining.filter(|n| *n > 0) {
        list_meta["remainingItemCount"] = json!(n);
    }
    let body = match (ctx.output.shape, ctx.output.encoding) {
        (Shape::Object, Encoding::Protobuf) => {
            let mut encoded = Vec::with_capacity(items.len());
            let scheme = &ctx.state.scheme;
            let api_version = ctx.resource.api_version();
            for s in items {
                encoded.push(in_version(scheme, s, &api_version, |obj| {
                    scheme
                        .encode_raw_protobuf(obj)
                        .map_err(StatusError::internal)
                })?);
            }
            let meta = kapi_core::meta::ListMeta {
                resource_version: revision.to_string(),
                continue_: continue_token.unwrap_or_default(),
                remaining_item_count: remaining
                    .filter(|n| *n > 0)
                    .and_then(|n| i64::try_from(n).ok()),
                ..Default::default()
            };
            kapi_core::codec::protobuf::encode_list(
                &ctx.resource.api_version(),
                ctx.resource.list_kind(),
                &meta,
                &encoded,
            )
        }
        (Shape::Object, Encoding::Json) => {
            // Items are encoded one by one and spliced, without building a Value tree.
            let mut out = Vec::with_capacity(64 + items.len() * 512);
            out.extend_from_slice(b"{\"apiVersion\":");
            serde_json::to_writer(&mut out, &ctx.resource.api_version())
                .map_err(StatusError::internal)?;
            out.extend_from_slice(b",\"kind\":");
            serde_json::to_writer(&mut out, ctx.resource.list_kind())
                .map_err(StatusError::internal)?;
            out.extend_from_slice(b",\"metadata\":");
            serde_json::to_writer(&mut out, &list_meta).map_err(StatusError::internal)?;
            out.extend_from_slice(b",\"items\":[");
            for (i, s) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(&ctx.encode_stored(s, Encoding::Json)?);
            }
            out.extend_from_slice(b"]}");
            out
        }
        (shape, encoding) => {
            let mut values = Vec::with_capacity(items.len());
            for s in items {
                values.push(ctx.present_json(s)?);
            }
            let doc = match shape {
                Shape::Table => ctx.table(&values, Some(list_meta))?,
                Shape::PartialObjectMetadata => json!({
                    "kind": "PartialObjectMetadataList",
                    "apiVersion": "meta.k8s.io/v1",
                    "metadata": list_meta,
                    "items": values.iter().map(partial_object_metadata).collect::<Vec<Value>>(),
                }),
                Shape::Object => json!({
                    "apiVersion": ctx.resource.api_version(),
                    "kind": ctx.resource.list_kind(),
                    "metadata": list_meta,
                    "items": values,
                }),
            };
            encode_value(&doc, encoding)?
        }
    };
    Ok(ctx.reply(StatusCode::OK, body))
}
