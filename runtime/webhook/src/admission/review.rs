//! The `AdmissionReview` on the wire, in both versions kube-apiserver sends
//! (`admissionReviewVersions`): the request read leniently (every field kube-apiserver may
//! leave out defaults), the objects kept as the bytes that came so each is decoded once, by
//! its kind; the answer written in the request's version, as `VerifyAdmissionResponse`
//! reads it.

use crate::ReviewError;
use base64::Engine;
use kapi_core::meta::{ListMeta, Status, StatusDetails};
use kapi_serving::StatusError;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The review versions kube-apiserver sends; the answer is in the request's.
const REVIEW_VERSIONS: &[&str] = &["admission.k8s.io/v1", "admission.k8s.io/v1beta1"];

/// What the request asks for. `CONNECT` reaches webhooks registered for it (`pods/exec`,
/// `pods/portforward`), with the connect options as the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    Create,
    Update,
    Delete,
    Connect,
}

impl Operation {
    /// The wire form (`CREATE`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "CREATE",
            Operation::Update => "UPDATE",
            Operation::Delete => "DELETE",
            Operation::Connect => "CONNECT",
        }
    }

    fn parse(s: &str) -> Option<Operation> {
        match s {
            "CREATE" => Some(Operation::Create),
            "UPDATE" => Some(Operation::Update),
            "DELETE" => Some(Operation::Delete),
            "CONNECT" => Some(Operation::Connect),
            _ => None,
        }
    }
}

/// Who made the request, as kube-apiserver authenticated them (authentication.k8s.io/v1
/// `UserInfo`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct UserInfo {
    pub username: String,
    pub uid: String,
    pub groups: Vec<String>,
    #[serde(deserialize_with = "extra")]
    pub extra: BTreeMap<String, Vec<String>>,
}

/// Go writes an extra key whose value is a nil slice as `null`: no values.
fn extra<'de, D>(deserializer: D) -> Result<BTreeMap<String, Vec<String>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let extra: Option<BTreeMap<String, Option<Vec<String>>>> =
        Deserialize::deserialize(deserializer)?;
    Ok(extra
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| (k, v.unwrap_or_default()))
        .collect())
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(super) struct Kind {
    pub group: String,
    pub version: String,
    pub kind: String,
}

impl Kind {
    pub fn to_meta(&self) -> kapi_core::meta::GroupVersionKind {
        kapi_core::meta::GroupVersionKind {
            group: self.group.clone(),
            version: self.version.clone(),
            kind: self.kind.clone(),
        }
    }

    pub fn to_scheme(&self) -> kapi_core::scheme::GroupVersionKind {
        kapi_core::scheme::GroupVersionKind::new(&self.group, &self.version, &self.kind)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(super) struct Resource {
    pub group: String,
    pub version: String,
    pub resource: String,
}

impl Resource {
    pub fn to_meta(&self) -> kapi_core::meta::GroupVersionResource {
        kapi_core::meta::GroupVersionResource {
            group: self.group.clone(),
            version: self.version.clone(),
            resource: self.resource.clone(),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Wire {
    #[serde(default)]
    api_version: String,
    #[serde(default)]
    kind: String,
    request: Option<WireRequest>,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct WireRequest {
    pub uid: String,
    pub kind: Kind,
    pub resource: Resource,
    pub sub_resource: String,
    pub request_kind: Option<Kind>,
    pub request_resource: Option<Resource>,
    pub request_sub_resource: String,
    pub name: String,
    pub namespace: String,
    operation: String,
    pub user_info: UserInfo,
    // Go writes an unset `RawExtension` as `null`: `None` either way.
    pub object: Option<Box<RawValue>>,
    pub old_object: Option<Box<RawValue>>,
    pub dry_run: Option<bool>,
    pub options: Option<Box<RawValue>>,
}

/// A review read: its version, its request, the request's operation.
pub(super) struct Review {
    api_version: String,
    pub request: WireRequest,
    pub operation: Operation,
}

/// Reads an `AdmissionReview` body and records the request's `uid`, `kind` and
/// `operation` on the current (`review`) span. Anything kube-apiserver never sends (no
/// request, no uid, an operation of no name it has) is no review.
pub(super) fn read(body: &[u8]) -> Result<Review, ReviewError> {
    let wire: Wire = serde_json::from_slice(body)
        .map_err(|e| ReviewError::Malformed(format!("the body is not an AdmissionReview: {e}")))?;
    if wire.kind != "AdmissionReview" || !REVIEW_VERSIONS.contains(&wire.api_version.as_str()) {
        return Err(ReviewError::Malformed(format!(
            "expected kind AdmissionReview of {}, got kind {:?} of {:?}",
            REVIEW_VERSIONS.join(" or "),
            wire.kind,
            wire.api_version
        )));
    }
    let request = wire
        .request
        .ok_or_else(|| ReviewError::Malformed("the review has no request".into()))?;
    if request.uid.is_empty() {
        return Err(ReviewError::Malformed("the request has no uid".into()));
    }
    let span = tracing::Span::current();
    span.record("uid", request.uid.as_str());
    span.record("kind", request.kind.to_scheme().to_string().as_str());
    let operation = Operation::parse(&request.operation).ok_or_else(|| {
        ReviewError::Malformed(format!(
            "the request's operation {:?} is none of CREATE, UPDATE, DELETE, CONNECT",
            request.operation
        ))
    })?;
    span.record("operation", operation.as_str());
    // kube-apiserver sends the object on CREATE, both on UPDATE; on DELETE the old object
    // only since 1.15, and on CONNECT the connect options as the object.
    let missing = match operation {
        Operation::Create => request.object.is_none().then_some("object"),
        Operation::Update => (request.object.is_none())
            .then_some("object")
            .or(request.old_object.is_none().then_some("oldObject")),
        Operation::Delete | Operation::Connect => None,
    };
    if let Some(field) = missing {
        return Err(ReviewError::Malformed(format!(
            "the {} request has no {field}",
            operation.as_str()
        )));
    }
    Ok(Review {
        api_version: wire.api_version,
        request,
        operation,
    })
}

/// What the webhook says about one request.
#[derive(Debug, Default)]
pub(super) struct Answer {
    pub allowed: bool,
    pub status: Option<Box<Status>>,
    /// A JSON Patch (RFC 6902) document, only when it changes something.
    pub patch: Option<Vec<u8>>,
    pub warnings: Vec<String>,
}

impl Answer {
    pub fn allow() -> Answer {
        Answer {
            allowed: true,
            ..Answer::default()
        }
    }

    pub fn deny(error: StatusError) -> Answer {
        Answer {
            allowed: false,
            status: Some(error.status),
            ..Answer::default()
        }
    }
}

impl Review {
    /// The answering review's JSON, in the request's version; records `allowed` on the
    /// current span.
    pub fn respond(&self, answer: Answer) -> Result<Vec<u8>, ReviewError> {
        tracing::Span::current().record("allowed", answer.allowed);
        let review = ReviewOut {
            api_version: &self.api_version,
            kind: "AdmissionReview",
            response: ResponseOut {
                uid: &self.request.uid,
                allowed: answer.allowed,
                status: answer.status.as_deref().map(StatusOut::of),
                patch: answer
                    .patch
                    .as_ref()
                    .map(|p| base64::engine::general_purpose::STANDARD.encode(p)),
                // Both or neither: kube-apiserver fails a mutating webhook's answer with
                // one alone, and a validating webhook's with either.
                patch_type: answer.patch.as_ref().map(|_| "JSONPatch"),
                warnings: &answer.warnings,
            },
        };
        serde_json::to_vec(&review).map_err(|e| ReviewError::Malformed(e.to_string()))
    }

    /// The name the object goes by: its own (a generated name is set before validating
    /// webhooks run), else the request's.
    pub fn object_name(&self) -> String {
        let from_object = |raw: &Option<Box<RawValue>>| {
            raw.as_deref().and_then(|raw| {
                #[derive(Deserialize, Default)]
                #[serde(default)]
                struct Meta {
                    name: String,
                }
                #[derive(Deserialize, Default)]
                #[serde(default)]
                struct Named {
                    metadata: Meta,
                }
                serde_json::from_str::<Named>(raw.get())
                    .ok()
                    .map(|n| n.metadata.name)
                    .filter(|n| !n.is_empty())
            })
        };
        from_object(&self.request.object)
            .or_else(|| from_object(&self.request.old_object))
            .unwrap_or_else(|| self.request.name.clone())
    }

    /// What a denial names: the request's group, resource and kind, and the object.
    pub fn invalid(&self, errors: &kapi_core::validation::ErrorList) -> StatusError {
        let name = self.object_name();
        let target = kapi_serving::Target {
            group: &self.request.kind.group,
            resource: &self.request.resource.resource,
            kind: &self.request.kind.kind,
            name: &name,
        };
        StatusError::invalid(target, errors)
    }
}

// The answer in Go's field order (`AdmissionReview`, `AdmissionResponse`), so it reads as
// a Go webhook's.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReviewOut<'a> {
    api_version: &'a str,
    kind: &'static str,
    response: ResponseOut<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResponseOut<'a> {
    uid: &'a str,
    allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<StatusOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    patch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    patch_type: Option<&'static str>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

/// A `Status` as Go writes an `AdmissionResponse`'s `result`: its type meta left empty,
/// so no `apiVersion` or `kind`, and every other field as `metav1.Status` writes it.
#[derive(Serialize)]
struct StatusOut<'a> {
    metadata: &'a ListMeta,
    #[serde(skip_serializing_if = "str::is_empty")]
    status: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    message: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    reason: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    details: Option<&'a StatusDetails>,
    #[serde(skip_serializing_if = "is_zero")]
    code: i32,
}

impl<'a> StatusOut<'a> {
    fn of(status: &'a Status) -> StatusOut<'a> {
        StatusOut {
            metadata: &status.metadata,
            status: &status.status,
            message: &status.message,
            reason: &status.reason,
            details: status.details.as_ref(),
            code: status.code,
        }
    }
}

fn is_zero(code: &i32) -> bool {
    *code == 0
}
