//! The warning kube-apiserver gives a request to a deprecated version of a kind
//! (`k8s.io/apiserver/pkg/endpoints/deprecation.WarningMessage`), from the kind's
//! `lifecycle` marker. kube-apiserver drops a warning it already has, so when it warns
//! about the same version itself the user reads this once.

use super::review::WireRequest;
use kapi_core::Scheme;

/// `<group/version> <Kind> is deprecated in v<x.y>+[, unavailable in v<x.y>+]`, for the
/// version the client used (`requestKind`; the webhook may have been sent a converted
/// object).
pub(super) fn warning(scheme: &Scheme, request: &WireRequest) -> Option<String> {
    let kind = request.request_kind.as_ref().unwrap_or(&request.kind);
    let gvk = kind.to_scheme();
    let meta = scheme.kind_meta(&gvk)?;
    let deprecated = meta.deprecated.as_deref().filter(|v| !v.is_empty())?;
    let mut warning = format!(
        "{} {} is deprecated in v{deprecated}+",
        gvk.api_version(),
        gvk.kind
    );
    if let Some(removed) = meta.removed.as_deref().filter(|v| !v.is_empty()) {
        warning.push_str(&format!(", unavailable in v{removed}+"));
    }
    Some(warning)
}
