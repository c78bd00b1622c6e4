//! The PATCH algorithms of the embedded API server, on `serde_json::Value` objects.
//!
//! Each patch type of kube-apiserver has a module: [`json_patch`] (RFC 6902,
//! `application/json-patch+json`), [`merge_patch`] (RFC 7386,
//! `application/merge-patch+json`), [`strategic`] (`application/strategic-merge-patch+json`)
//! and [`mod@apply`] (server-side apply, `application/apply-patch+yaml`, plus the `Update`
//! managedFields bookkeeping of create/update/patch). [`schema`] reads the OpenAPI documents
//! into the metadata those algorithms need, and [`fields`] is the field-set trie and its
//! `FieldsV1` encoding that server-side apply records ownership in.
//!
//! Every function returns a new value or a [`PatchError`] that says which HTTP status
//! kube-apiserver answers with; none panics on input.
//!
//! What the HTTP layer keeps (kube-apiserver's `patch.go` does these around the algorithms):
//! choosing the algorithm by `Content-Type` (strategic merge patch is a 415 for custom
//! resources in kube), requiring `fieldManager` for apply (422), `force` only with apply,
//! creating on apply when the object does not exist (`apply(None, ..)`), decoding,
//! defaulting and validating the result, resetting `status` on the main resource before
//! [`apply()`] / [`record_update`], and calling [`record_update`] after every create, update
//! and non-apply patch with the manager (`fieldManager`, else the user agent's prefix).

pub mod apply;
pub mod fields;
pub mod json_patch;
pub mod limits;
mod managed;
pub mod merge_patch;
pub mod schema;
pub mod strategic;

#[cfg(test)]
mod tests;

pub use apply::{
    apply, apply_to_subresource, parse_apply_body, record_subresource_update, record_update,
};
pub use json_patch::apply_json_patch;
pub use merge_patch::apply_merge_patch;
pub use schema::{ListType, MapType, Node, PatchSchemas, PatchStrategy};
pub use strategic::{apply_strategic_merge_patch, strategic_merge};

/// Why a patch failed, in the terms of the `Status` kube-apiserver answers with.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PatchError {
    /// 400, reason `BadRequest`: the patch document itself is malformed (not JSON, not a
    /// list of operations, a malformed directive).
    #[error("{0}")]
    BadRequest(String),
    /// 422, reason `Invalid`: a well-formed patch that cannot be applied to this object
    /// (a JSON patch `test` that fails, a path that does not exist). kube-apiserver builds
    /// these with `NewGenericServerResponse(422, ...)`, which carries the message as is.
    #[error("{0}")]
    Invalid(String),
    /// 409, reason `Conflict`: server-side apply conflicts with other field managers.
    #[error("{message}")]
    Conflict {
        /// `Apply failed with N conflict(s): ...`, Kubernetes' wording.
        message: String,
        /// One cause a conflicting field (`Status.details.causes`, type
        /// `FieldManagerConflict`).
        causes: Vec<ConflictCause>,
    },
    /// 413, reason `RequestEntityTooLarge`: a JSON patch of more than 10000 operations, a
    /// body or a patched document over [`limits::MAX_REQUEST_BODY_BYTES`].
    #[error("{0}")]
    TooLarge(String),
    /// 500, reason `InternalError`: errors kube-apiserver does not classify and so answers
    /// with 500 (most strategic merge patch errors, e.g. a list item without its merge key,
    /// an unknown `$patch` value on a map; apply configurations it cannot type).
    #[error("{0}")]
    Internal(String),
}

/// One field of an apply conflict, as a `StatusCause`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictCause {
    /// `conflict with "manager"` (with ` using <apiVersion>` for `Update` managers).
    pub message: String,
    /// The field path in structured-merge-diff's form, e.g. `.spec.ports[name="http"].port`.
    pub field: String,
}

impl ConflictCause {
    /// The `StatusCause.reason` (JSON `reason`) kube-apiserver uses for these causes.
    pub const CAUSE_TYPE: &'static str = "FieldManagerConflict";
}

impl PatchError {
    /// The HTTP status code.
    pub fn code(&self) -> u16 {
        match self {
            PatchError::BadRequest(_) => 400,
            PatchError::Invalid(_) => 422,
            PatchError::Conflict { .. } => 409,
            PatchError::TooLarge(_) => 413,
            PatchError::Internal(_) => 500,
        }
    }

    /// The `Status.reason`.
    pub fn reason(&self) -> &'static str {
        match self {
            PatchError::BadRequest(_) => "BadRequest",
            PatchError::Invalid(_) => "Invalid",
            PatchError::Conflict { .. } => "Conflict",
            PatchError::TooLarge(_) => "RequestEntityTooLarge",
            PatchError::Internal(_) => "InternalError",
        }
    }

    /// The `Status.message`.
    pub fn message(&self) -> String {
        self.to_string()
    }
}
