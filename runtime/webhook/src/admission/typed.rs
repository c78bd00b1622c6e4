//! Admission by a typed handler of your own: a policy on any kind with a Rust type (your
//! API's, or Kubernetes' own from kapi-k8s), given the request with its objects decoded,
//! answering with a [`Verdict`]. The review plumbing (versions, uid, denials worded as
//! kube-apiserver words them, minimal patches, the span) is the generated webhooks'.

use super::decode;
use super::patch;
use super::review::{self, Answer, Operation, Review, UserInfo};
use crate::{Endpoint, ReviewFuture};
use kapi_core::meta::{GroupVersionKind, GroupVersionResource, Status};
use kapi_core::validation::ErrorList;
use kapi_core::TypeInfo;
use kapi_serving::StatusError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::future::Future;
use std::marker::PhantomData;

/// One admission request, its objects decoded as `T`.
#[derive(Debug)]
pub struct Request<T> {
    pub uid: String,
    /// The kind of the objects, in the version the webhook registered for.
    pub kind: GroupVersionKind,
    pub resource: GroupVersionResource,
    /// `status`, `scale`, ... when the request is to a subresource.
    pub sub_resource: String,
    /// The kind, resource and subresource the client asked for, when kube-apiserver
    /// converted the request to the webhook's version (`matchPolicy: Equivalent`).
    pub request_kind: Option<GroupVersionKind>,
    pub request_resource: Option<GroupVersionResource>,
    pub request_sub_resource: String,
    /// Empty on a CREATE whose object asks for a generated name.
    pub name: String,
    pub namespace: String,
    pub operation: Operation,
    pub user_info: UserInfo,
    /// The object being written: CREATE and UPDATE.
    pub object: Option<T>,
    /// The stored object: UPDATE, and DELETE from kube-apiserver 1.15.
    pub old_object: Option<T>,
    /// Nothing will be stored: a handler with side effects skips them (and is registered
    /// with `sideEffects: NoneOnDryRun`).
    pub dry_run: bool,
    /// The operation's options as sent (`CreateOptions`, `UpdateOptions`,
    /// `DeleteOptions`); on CONNECT, the connect options, which kube-apiserver sends as
    /// the object (`PodExecOptions`, ...).
    pub options: Option<Box<RawValue>>,
}

/// A handler's answer.
#[derive(Debug)]
pub struct Verdict<T> {
    decision: Decision<T>,
    warnings: Vec<String>,
}

#[derive(Debug)]
enum Decision<T> {
    Allow,
    Mutate(T),
    Deny(Box<Status>),
    Invalid(ErrorList),
}

impl<T> Verdict<T> {
    pub fn allow() -> Self {
        Self::with(Decision::Allow)
    }

    /// Allowed, with the request's object replaced by `object`: the answer is the minimal
    /// JSON Patch from the object kube-apiserver sent to this one. Only for a handler
    /// mounted as a mutating webhook (kube-apiserver refuses a validating webhook's patch),
    /// and only on CREATE and UPDATE (the requests with an object).
    pub fn mutated(object: T) -> Self {
        Self::with(Decision::Mutate(object))
    }

    /// Denied with 403 Forbidden and `message`, as controller-runtime's `Denied`.
    pub fn deny(message: impl Into<String>) -> Self {
        Self::with(Decision::Deny(
            StatusError::new(403, "Forbidden", message).status,
        ))
    }

    /// Denied with kube-apiserver's 422 for `errors` (reason `Invalid`, one cause per field
    /// error, `<Kind>.<group> "<name>" is invalid: ...`); allowed when `errors` is empty,
    /// so `Verdict::invalid(object.validate())` reads as it does.
    pub fn invalid(errors: ErrorList) -> Self {
        if errors.is_empty() {
            Self::allow()
        } else {
            Self::with(Decision::Invalid(errors))
        }
    }

    /// Denied with a `Status` of your own; kube-apiserver returns it to the client with a
    /// code of at least 400.
    pub fn deny_with(status: Status) -> Self {
        Self::with(Decision::Deny(Box::new(status)))
    }

    /// Adds a warning kube-apiserver passes on to the client (`Warning` headers), allowed
    /// or denied.
    pub fn warn(mut self, warning: impl Into<String>) -> Self {
        self.warnings.push(warning.into());
        self
    }

    pub fn is_allowed(&self) -> bool {
        matches!(self.decision, Decision::Allow | Decision::Mutate(_))
    }

    fn with(decision: Decision<T>) -> Self {
        Verdict {
            decision,
            warnings: Vec::new(),
        }
    }
}

/// A policy on objects of kind `T`. Mount it with [`handler`].
pub trait Handler<T>: Send + Sync + 'static {
    fn admit(&self, request: &Request<T>) -> impl Future<Output = Verdict<T>> + Send;
}

/// The [`Endpoint`] of a [`Handler`] for kind `T`; see [`handler`].
pub struct Typed<T, H> {
    handler: H,
    // `fn() -> T`: the endpoint holds no `T`, so it is `Send + Sync` whatever `T` is.
    kind: PhantomData<fn() -> T>,
}

/// Mounts `handler` as an [`Endpoint`] for objects of kind `T`:
/// `server.endpoint("/validate-pods", admission::handler::<Pod, _>(TeamLabel))`.
///
/// The review's objects are decoded as `T` with `T`'s own serde (no scheme, no defaults: the
/// handler sees what kube-apiserver sent). A review whose objects are of another kind, or
/// do not decode as `T`, is denied with 400 BadRequest naming both kinds: the webhook
/// configuration sends this endpoint what it was not written for, and letting such objects
/// through unjudged would hide that.
pub fn handler<T, H>(handler: H) -> Typed<T, H>
where
    T: TypeInfo + Serialize + DeserializeOwned + Send + Sync + 'static,
    H: Handler<T>,
{
    Typed {
        handler,
        kind: PhantomData,
    }
}

impl<T, H> Endpoint for Typed<T, H>
where
    T: TypeInfo + Serialize + DeserializeOwned + Send + Sync + 'static,
    H: Handler<T>,
{
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a> {
        Box::pin(async move {
            let review = review::read(body)?;
            let answer = match request_of::<T>(&review) {
                Ok(request) => {
                    let verdict = self.handler.admit(&request).await;
                    answer_of(&review, &request, verdict)
                }
                Err(error) => Answer::deny(error),
            };
            review.respond(answer)
        })
    }
}

fn request_of<T>(review: &Review) -> Result<Request<T>, StatusError>
where
    T: TypeInfo + DeserializeOwned,
{
    let wire = &review.request;
    let connect = review.operation == Operation::Connect;
    let object = match (&wire.object, connect) {
        (Some(raw), false) => Some(typed::<T>(raw, review, "object")?),
        _ => None,
    };
    let old_object = match &wire.old_object {
        Some(raw) => Some(typed::<T>(raw, review, "oldObject")?),
        None => None,
    };
    let options = if connect {
        wire.object.clone()
    } else {
        wire.options.clone()
    };
    Ok(Request {
        uid: wire.uid.clone(),
        kind: wire.kind.to_meta(),
        resource: wire.resource.to_meta(),
        sub_resource: wire.sub_resource.clone(),
        request_kind: wire.request_kind.as_ref().map(|k| k.to_meta()),
        request_resource: wire.request_resource.as_ref().map(|r| r.to_meta()),
        request_sub_resource: wire.request_sub_resource.clone(),
        name: wire.name.clone(),
        namespace: wire.namespace.clone(),
        operation: review.operation,
        user_info: wire.user_info.clone(),
        object,
        old_object,
        dry_run: wire.dry_run.unwrap_or(false),
        options,
    })
}

/// One of the review's objects as `T`, after checking it is of `T`'s kind.
fn typed<T>(raw: &RawValue, review: &Review, which: &str) -> Result<T, StatusError>
where
    T: TypeInfo + DeserializeOwned,
{
    let gvk = decode::kind_of(raw, &review.request.kind, which)?;
    let expected = kapi_core::scheme::GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND);
    if gvk != expected {
        return Err(StatusError::bad_request(format!(
            "this webhook admits {expected}; the request's {which} is {gvk}, so the webhook configuration should not send it"
        )));
    }
    kapi_core::codec::json::from_slice(raw.get().as_bytes()).map_err(|e| {
        StatusError::bad_request(format!("decoding the request's {which} as {expected}: {e}"))
    })
}

fn answer_of<T: Serialize>(review: &Review, request: &Request<T>, verdict: Verdict<T>) -> Answer {
    let mut answer = match verdict.decision {
        Decision::Allow => Answer::allow(),
        Decision::Deny(status) => Answer::deny(StatusError::from_status(*status)),
        Decision::Invalid(errors) => Answer::deny(review.invalid(&errors)),
        Decision::Mutate(object) => match mutation(review, request, &object) {
            Ok(patch) => Answer {
                patch,
                ..Answer::allow()
            },
            Err(error) => Answer::deny(error),
        },
    };
    answer.warnings = verdict.warnings;
    answer
}

/// The patch that turns the sent object into the handler's.
fn mutation<T: Serialize>(
    review: &Review,
    request: &Request<T>,
    mutated: &T,
) -> Result<Option<Vec<u8>>, StatusError> {
    let (Some(raw), Some(decoded)) = (&review.request.object, &request.object) else {
        return Err(StatusError::internal(format!(
            "the handler returned an object for a {} request, which has none to change",
            review.operation.as_str()
        )));
    };
    let original: Value = serde_json::from_str(raw.get()).map_err(StatusError::internal)?;
    let before = kapi_core::codec::json::to_value(decoded).map_err(StatusError::internal)?;
    let after = kapi_core::codec::json::to_value(mutated).map_err(StatusError::internal)?;
    patch::minimal(&original, &before, &after).map_err(StatusError::internal)
}
