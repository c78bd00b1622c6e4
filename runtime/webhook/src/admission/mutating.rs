//! Mutating admission from the generated defaults: the object decoded as it came, given
//! the scheme's defaults (the `default` markers, then each type's `DefaultsHook`), the
//! fields of disabled feature gates dropped (unless the stored object already uses them,
//! as the write path keeps them), and the difference returned as a minimal JSON Patch. kube-apiserver defaults built-in kinds and
//! a CRD's schema defaults itself; what this adds for a CRD is what its schema cannot say
//! (a `DefaultsHook`, defaults of the hub's rules), so a real cluster stores what the
//! embedded server stores.

use super::decode;
use super::patch;
use super::review::{self, Answer, Operation, Review};
use crate::{Endpoint, ReviewError, ReviewFuture};
use kapi_core::Scheme;
use kapi_serving::StatusError;
use serde_json::Value;
use std::sync::Arc;

/// Answers an `AdmissionReview` body (`admission.k8s.io/v1` or `v1beta1`) for a mutating
/// webhook: allowed, with `patch` and `patchType: JSONPatch` when defaulting changed the
/// object (only what it changed), without either when it changed nothing. An object this
/// scheme cannot decode is denied with 400 rather than let through undefaulted.
/// Side-effect free, so `dryRun` requests are answered the same (`sideEffects: None`).
pub fn mutate(scheme: &Scheme, body: &[u8]) -> Result<Vec<u8>, ReviewError> {
    let review = review::read(body)?;
    let answer = match defaults_patch(scheme, &review) {
        Ok(patch) => Answer {
            patch,
            ..Answer::allow()
        },
        Err(status) => Answer::deny(status),
    };
    review.respond(answer)
}

/// The generated defaults as an [`Endpoint`], for the server to mount at a path.
#[derive(Clone)]
pub struct Mutating(pub Arc<Scheme>);

impl Endpoint for Mutating {
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a> {
        // The work runs when the server polls, inside its `review` span.
        Box::pin(async move { mutate(&self.0, body) })
    }
}

fn defaults_patch(scheme: &Scheme, review: &Review) -> Result<Option<Vec<u8>>, StatusError> {
    let request = &review.request;
    let raw = match (review.operation, &request.object) {
        (Operation::Create | Operation::Update, Some(raw)) => raw,
        // Nothing is written on DELETE; CONNECT's object is its options.
        _ => return Ok(None),
    };
    let mut obj = decode::by_scheme(scheme, raw, &request.kind, "object")?;
    let before = obj.to_json().map_err(StatusError::internal)?;
    scheme.default(obj.as_mut())?;
    let old = match (review.operation, &request.old_object) {
        (Operation::Update, Some(raw)) => {
            Some(decode::by_scheme(scheme, raw, &request.kind, "oldObject")?)
        }
        _ => None,
    };
    scheme.drop_disabled_fields(obj.as_mut(), old.as_deref())?;
    let after = obj.to_json().map_err(StatusError::internal)?;
    // The common answer, for an object kube-apiserver or an earlier webhook already
    // defaulted: nothing changed, and no JSON tree is built to find that out.
    if before == after {
        return Ok(None);
    }
    let tree = |bytes: &[u8]| {
        serde_json::from_slice::<Value>(bytes).map_err(|e| StatusError::internal(e.to_string()))
    };
    let original: Value =
        serde_json::from_str(raw.get()).map_err(|e| StatusError::bad_request(e.to_string()))?;
    patch::minimal(&original, &tree(&before)?, &tree(&after)?).map_err(StatusError::internal)
}
