//! Validating admission from the generated validation: the object goes through the write
//! path the embedded server runs (defaults, the kind's normalization and write rules, the
//! request version's and the hub's `Validate` with `ValidateHook`s and the scheme's feature
//! gates, the update rules against the old object), so a webhook rejects what that server
//! would, with the same `ErrorList` rendered as kube-apiserver's 422.

use super::decode;
use super::review::{self, Answer, Operation, Review};
use crate::{Endpoint, ReviewError, ReviewFuture};
use kapi_core::scheme::SchemeError;
use kapi_core::Scheme;
use kapi_serving::StatusError;
use std::sync::Arc;

/// Answers an `AdmissionReview` body (`admission.k8s.io/v1` or `v1beta1`) for a validating
/// webhook: allowed, or denied with the `Status` kube-apiserver's own validation would
/// return (reason `Invalid`, code 422, one cause per field error); warnings for a
/// deprecated version. Side-effect free, so `dryRun` requests are answered the same
/// (`sideEffects: None`).
pub fn validate(scheme: &Scheme, body: &[u8]) -> Result<Vec<u8>, ReviewError> {
    let review = review::read(body)?;
    let mut answer = match judge(scheme, &review) {
        Ok(()) => Answer::allow(),
        Err(status) => Answer::deny(status),
    };
    answer
        .warnings
        .extend(super::deprecation::warning(scheme, &review.request));
    review.respond(answer)
}

/// The generated validation as an [`Endpoint`], for the server to mount at a path.
#[derive(Clone)]
pub struct Validating(pub Arc<Scheme>);

impl Endpoint for Validating {
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a> {
        // The work runs when the server polls, inside its `review` span.
        Box::pin(async move { validate(&self.0, body) })
    }
}

fn judge(scheme: &Scheme, review: &Review) -> Result<(), StatusError> {
    let request = &review.request;
    let (object, old) = match (review.operation, &request.object) {
        (Operation::Create | Operation::Update, Some(object)) => {
            (object, request.old_object.as_deref())
        }
        // kapi's validation has no rules for deletion (nor have kube-apiserver's
        // strategies); a CONNECT carries options, not the object.
        _ => return Ok(()),
    };
    // Validating webhooks run after kube-apiserver has defaulted the object (and after the
    // mutating webhooks), so it normally arrives defaulted; defaulting again changes
    // nothing then. An object that still lacks a default (a mutating webhook that left it
    // out, a client calling the webhook itself) is judged as the API server would store
    // it: a field a default fills is not missing.
    let mut obj = decode::by_scheme(scheme, object, &request.kind, "object")?;
    scheme.default(obj.as_mut())?;
    let old = match old {
        Some(raw) => {
            let mut old = decode::by_scheme(scheme, raw, &request.kind, "oldObject")?;
            scheme.default(old.as_mut())?;
            // The write path compares against the stored, internal object.
            Some(scheme.to_internal(old)?)
        }
        None => None,
    };
    match scheme.prepare(obj, old.as_deref()) {
        Ok(_) => Ok(()),
        Err(SchemeError::Invalid(errors)) => Err(review.invalid(&errors)),
        Err(other) => Err(other.into()),
    }
}
