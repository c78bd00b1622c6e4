use super::GroupVersionKind;
use crate::codec::CodecError;
use crate::conversion::ConversionError;
use crate::validation::ErrorList;

/// Everything that can go wrong between bytes and typed objects; never a panic.
#[derive(Debug, thiserror::Error)]
pub enum SchemeError {
    #[error("{0}")]
    Decode(CodecError),
    /// A body that failed at a known field.
    #[error("{path}: {error}")]
    DecodeAt { path: String, error: CodecError },
    #[error("{0}")]
    Encode(CodecError),
    #[error("Object 'Kind' is missing in the input")]
    MissingKind,
    #[error("Object 'apiVersion' is missing in the input")]
    MissingApiVersion,
    #[error("the input is not a JSON or YAML object")]
    NotAnObject,
    /// Go's wording: `no kind "Foo" is registered for version "x/v1"`.
    #[error("no kind {:?} is registered for version {:?}", .0.kind, .0.api_version())]
    NotRegistered(GroupVersionKind),
    #[error("expected {expected}, got {got}")]
    KindMismatch {
        expected: Box<GroupVersionKind>,
        got: Box<GroupVersionKind>,
    },
    #[error("{from} cannot be converted to {to}")]
    NotConvertible { from: GroupVersionKind, to: String },
    /// A kind without an internal version whose object does not fit the other version
    /// (`detail` names the field).
    #[error("{from} cannot be converted to {to}: {detail}")]
    LossyConversion {
        from: GroupVersionKind,
        to: String,
        detail: String,
    },
    #[error("conversion failed: {0}")]
    Conversion(ConversionError),
    /// Normalization found fields that contradict each other.
    #[error("{0}")]
    Invalid(ErrorList),
    #[error("{0} is an internal version and is never encoded")]
    InternalNotEncodable(GroupVersionKind),
    /// The kind has no protobuf form (no protobuf numbers, like custom resources):
    /// kube-apiserver answers 406 Not Acceptable to such an `Accept` and 415 Unsupported
    /// Media Type to such a `Content-Type`.
    #[error("{0} has no protobuf encoding")]
    ProtobufNotSupported(GroupVersionKind),
    #[error("scheme registration: {0}")]
    Registration(String),
}
