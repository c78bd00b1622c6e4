use super::{ListMeta, GROUP_VERSION};
use crate::ApiType;

/// The result of an operation that returns no object, and every API error.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct Status {
    #[k8s(protobuf = 1)]
    pub metadata: ListMeta,
    /// `Success` or `Failure`.
    #[k8s(optional, protobuf = 2)]
    pub status: String,
    /// Human-readable description of the status.
    #[k8s(optional, protobuf = 3)]
    pub message: String,
    /// Machine-readable reason (`NotFound`, `Conflict`, ...); empty when none applies.
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(protobuf = 5)]
    pub details: Option<StatusDetails>,
    /// The HTTP status code, 0 if not set.
    #[k8s(optional, protobuf = 6)]
    pub code: i32,
}

/// Extra data about an error: the object it is about and the causes.
#[derive(ApiType, Debug, PartialEq)]
pub struct StatusDetails {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub group: String,
    #[k8s(optional, protobuf = 3)]
    pub kind: String,
    #[k8s(optional, protobuf = 6, rename = "uid")]
    pub uid: String,
    #[k8s(optional, protobuf = 4, list_type = "atomic")]
    pub causes: Vec<StatusCause>,
    /// Seconds the client should wait before retrying, 0 if unset.
    #[k8s(optional, protobuf = 5)]
    pub retry_after_seconds: i32,
}

/// One problem behind an error, often a field error.
#[derive(ApiType, Debug, PartialEq)]
pub struct StatusCause {
    /// Machine-readable cause (`FieldValueInvalid`, ...).
    #[k8s(optional, protobuf = 1, rename = "reason")]
    pub type_: String,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
    /// The field path (`spec.replicas`), if the cause is about a field.
    #[k8s(optional, protobuf = 3)]
    pub field: String,
}
