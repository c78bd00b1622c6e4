//! Who changed what: `metadata.managedFields` entries for non-apply writes, so a later
//! server-side apply by another manager conflicts as it would on kube-apiserver.

use super::context::Ctx;
use kapi_serving::StatusError;
use serde_json::Value;

/// Field managers longer than this are refused, as kube-apiserver refuses them.
const MAX_MANAGER_LEN: usize = 128;

/// The request's field manager: `fieldManager`, else the User-Agent's product name
/// (`kubectl/v1.32 (linux)` → `kubectl`), as kube-apiserver derives it.
pub fn manager(ctx: &Ctx<'_>) -> Result<String, StatusError> {
    if let Some(m) = ctx.query.get("fieldManager").filter(|m| !m.is_empty()) {
        if m.len() > MAX_MANAGER_LEN || m.chars().any(|c| c.is_control()) {
            return Err(StatusError::bad_request(format!(
                "fieldManager: Invalid value: {m:?}: must be at most {MAX_MANAGER_LEN} printable characters"
            )));
        }
        return Ok(m.to_string());
    }
    let agent = ctx
        .headers
        .get(http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let product: String = agent
        .split('/')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_MANAGER_LEN)
        .collect();
    Ok(product)
}

/// Records an `Update` entry for the request's manager on a write (create, update,
/// non-apply patch) from `old` (`None` on create) to `new`.
pub fn on_write(ctx: &Ctx<'_>, old: Option<&Value>, new: &mut Value) -> Result<(), StatusError> {
    let manager = manager(ctx)?;
    let r = ctx.resource;
    let schema = ctx
        .state
        .patch_schemas
        .for_kind(r.group(), r.version(), r.kind());
    super::patch::apply::record_subresource_update(
        old,
        new,
        &manager,
        &r.api_version(),
        ctx.subresource.as_deref().unwrap_or(""),
        &super::lifecycle::now(),
        schema.as_ref(),
    );
    Ok(())
}
