//! PATCH requests: the patch type from `Content-Type`, the body checked up front, and the
//! patch applied to the stored object (JSON in the request's version) with the kind's
//! schema from the served OpenAPI documents.

use super::context::Ctx;
use super::patch::{self, PatchError};
use kapi_core::meta::{StatusCause, StatusDetails};
use kapi_serving::StatusError;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchKind {
    Json,
    Merge,
    Strategic,
    Apply,
}

impl PatchKind {
    /// The patch type a request's `Content-Type` names; 415 for anything else.
    pub fn of_request(headers: &http::HeaderMap) -> Result<Self, StatusError> {
        let content_type = kapi_serving::negotiate::essence(
            headers
                .get(http::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok()),
        );
        Self::from_content_type(&content_type).ok_or_else(|| {
            StatusError::unsupported_media_type(&content_type, kapi_serving::negotiate::PATCH_TYPES)
        })
    }

    fn from_content_type(media_type: &str) -> Option<Self> {
        use kapi_serving::negotiate::{
            APPLY_PATCH, JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH,
        };
        match media_type {
            JSON_PATCH => Some(PatchKind::Json),
            MERGE_PATCH => Some(PatchKind::Merge),
            STRATEGIC_MERGE_PATCH => Some(PatchKind::Strategic),
            APPLY_PATCH => Some(PatchKind::Apply),
            _ => None,
        }
    }
}

impl From<PatchError> for StatusError {
    fn from(e: PatchError) -> Self {
        let mut error = StatusError::new(e.code(), e.reason(), e.message());
        if let PatchError::Conflict { causes, .. } = &e {
            error.status.details = Some(StatusDetails {
                causes: causes
                    .iter()
                    .map(|c| StatusCause {
                        type_: patch::ConflictCause::CAUSE_TYPE.into(),
                        message: c.message.clone(),
                        field: c.field.clone(),
                    })
                    .collect(),
                ..Default::default()
            });
        }
        error
    }
}

/// A parsed PATCH request.
pub struct Patch {
    kind: PatchKind,
    body: Vec<u8>,
    /// The apply configuration, for `Apply`.
    applied: Option<Value>,
    manager: String,
    force: bool,
    subresource: String,
}

impl Patch {
    pub fn parse(ctx: &Ctx<'_>, kind: PatchKind, body: &[u8]) -> Result<Self, StatusError> {
        // A kind described at run time is a custom resource: kube-apiserver has no strategic
        // merge patch for those.
        if kind == PatchKind::Strategic
            && !ctx
                .state
                .scheme
                .has_strategic_merge_patch(&ctx.resource.gvk)
        {
            use kapi_serving::negotiate::{
                APPLY_PATCH, JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH,
            };
            return Err(StatusError::unsupported_media_type(
                STRATEGIC_MERGE_PATCH,
                &[JSON_PATCH, MERGE_PATCH, APPLY_PATCH],
            ));
        }
        let force = ctx.query.bool("force")?;
        if force.is_some() && kind != PatchKind::Apply {
            return Err(StatusError::bad_request(
                "force: Forbidden: may not be specified for non-apply patch",
            ));
        }
        let manager = super::managed_fields::manager(ctx)?;
        let applied = match kind {
            PatchKind::Apply => {
                if ctx.query.get("fieldManager").unwrap_or("").is_empty() {
                    let mut errors = kapi_core::validation::ErrorList::default();
                    errors.push(kapi_core::validation::FieldError::required(
                        "fieldManager",
                        "is required for apply patch",
                    ));
                    return Err(StatusError::from_status(errors.to_status(
                        "meta.k8s.io",
                        "PatchOptions",
                        "",
                    )));
                }
                let applied = patch::apply::parse_apply_body(body)?;
                check_applied_type(ctx, &applied)?;
                Some(applied)
            }
            _ => None,
        };
        Ok(Patch {
            kind,
            body: body.to_vec(),
            applied,
            manager,
            force: force.unwrap_or(false),
            subresource: ctx.subresource.clone().unwrap_or_default(),
        })
    }

    /// The patched object; `old` is `None` only for an apply that creates.
    pub fn apply_to(&self, ctx: &Ctx<'_>, old: Option<&Value>) -> Result<Value, StatusError> {
        let r = ctx.resource;
        let schema = ctx
            .state
            .patch_schemas
            .for_kind(r.group(), r.version(), r.kind());
        let empty = Value::Object(Default::default());
        let target = old.unwrap_or(&empty);
        let patched = match self.kind {
            PatchKind::Json => patch::apply_json_patch(target, &self.body)?,
            PatchKind::Merge => patch::apply_merge_patch(target, &self.body)?,
            PatchKind::Strategic => {
                patch::apply_strategic_merge_patch(target, &self.body, schema.as_ref())?
            }
            PatchKind::Apply => {
                let applied = self
                    .applied
                    .as_ref()
                    .ok_or_else(|| StatusError::internal("apply patch without configuration"))?;
                patch::apply::apply_to_subresource(
                    old,
                    applied,
                    &self.manager,
                    &self.subresource,
                    self.force,
                    schema.as_ref(),
                    &super::lifecycle::now(),
                )?
            }
        };
        if !patched.is_object() {
            return Err(StatusError::bad_request(
                "the patched object is not a JSON object",
            ));
        }
        patch::limits::check_document(&patched)?;
        Ok(patched)
    }

    /// A patch of the scale subresource: applied to the Scale, without schema.
    pub fn parse_scale(kind: PatchKind, body: &[u8]) -> Result<Self, StatusError> {
        let applied = match kind {
            PatchKind::Apply => Some(patch::apply::parse_apply_body(body)?),
            _ => None,
        };
        Ok(Patch {
            kind,
            body: body.to_vec(),
            applied,
            manager: String::new(),
            force: false,
            subresource: "scale".into(),
        })
    }

    pub fn apply_to_scale(&self, current: &Value) -> Result<Value, StatusError> {
        let patched = match self.kind {
            PatchKind::Json => patch::apply_json_patch(current, &self.body)?,
            PatchKind::Merge => patch::apply_merge_patch(current, &self.body)?,
            PatchKind::Strategic => patch::apply_strategic_merge_patch(current, &self.body, None)?,
            PatchKind::Apply => {
                let applied = self
                    .applied
                    .as_ref()
                    .ok_or_else(|| StatusError::internal("no configuration"))?;
                patch::merge_patch::merge_values(current, applied)
            }
        };
        patch::limits::check_document(&patched)?;
        Ok(patched)
    }
}

/// An apply configuration names the kind it applies (`apiVersion` and `kind` required).
fn check_applied_type(ctx: &Ctx<'_>, applied: &Value) -> Result<(), StatusError> {
    let r = ctx.resource;
    let kind = applied.get("kind").and_then(Value::as_str).unwrap_or("");
    let api_version = applied
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("");
    if kind.is_empty() || api_version.is_empty() {
        return Err(StatusError::bad_request(
            "invalid object type: apiVersion and kind must be set in an apply configuration",
        ));
    }
    if kind != r.kind() || api_version != r.api_version() {
        return Err(StatusError::bad_request(format!(
            "the API version in the data ({api_version}) does not match the expected API version ({})",
            r.api_version()
        )));
    }
    Ok(())
}
