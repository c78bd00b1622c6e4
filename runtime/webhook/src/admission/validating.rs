//! Validating admission from the generated validation: the object goes through the write
//! path the embedded server runs (status set aside as the registry sets it, defaults, the
//! kind's normalization and write rules, the request version's and the hub's `Validate`
//! with `ValidateHook`s and the scheme's feature gates, the update rules against the old
//! object), so a webhook rejects what that server would, with the same `ErrorList`
//! rendered as kube-apiserver's 422.

use super::decode;
use super::review::{self, Answer, Operation, Review};
use crate::{Endpoint, ReviewError, ReviewFuture};
use kapi_core::scheme::{KindShape, SchemeError};
use kapi_core::Scheme;
use kapi_serving::StatusError;
use serde_json::value::RawValue;
use serde_json::Value;
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
    let prepared = registry_status(scheme, review, object, old)?;
    let object = prepared.as_deref().unwrap_or(object);
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

/// The object with its status as kube-apiserver's registry leaves it before validating
/// (`PrepareForCreate` / `PrepareForUpdate` of a resource with a status subresource), as
/// the embedded server leaves it: a create starts with no status, an update of the resource
/// keeps the stored status, an update of `status` keeps everything else. kube-apiserver has
/// done this before it calls a validating webhook; done again here, a direct call is judged
/// as the server would judge it. `None`: the object stands as sent.
fn registry_status(
    scheme: &Scheme,
    review: &Review,
    object: &RawValue,
    old: Option<&RawValue>,
) -> Result<Option<Box<RawValue>>, StatusError> {
    let request = &review.request;
    let gvk = decode::kind_of(object, &request.kind, "object")?;
    let split = scheme.kind_meta(&gvk).is_some_and(
        |meta| matches!(&meta.shape, KindShape::Object(resource) if resource.subresource_status),
    );
    if !split {
        return Ok(None);
    }
    let parse = |raw: &RawValue| -> Result<Value, StatusError> {
        serde_json::from_str(raw.get()).map_err(|e| StatusError::bad_request(e.to_string()))
    };
    let mut new = parse(object)?;
    let old = old.map(parse).transpose()?;
    let status_of = |v: &Value| v.get("status").cloned();
    let prepared = match (review.operation, request.sub_resource.as_str(), old) {
        (Operation::Create, "", _) => with_status(new, None),
        (Operation::Update, "", Some(old)) => with_status(new, status_of(&old)),
        (Operation::Update, "status", Some(old)) => {
            let status = status_of(&new);
            new = old;
            with_status(new, status)
        }
        _ => return Ok(None),
    };
    serde_json::value::to_raw_value(&prepared)
        .map(Some)
        .map_err(StatusError::internal)
}

fn with_status(mut object: Value, status: Option<Value>) -> Value {
    if let Some(fields) = object.as_object_mut() {
        match status {
            Some(status) => fields.insert("status".into(), status),
            None => fields.remove("status"),
        };
    }
    object
}
