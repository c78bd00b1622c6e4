//! The apimachinery types an API package uses and kapi ships in its runtime: each Go type
//! by import path and name, and what a field of that type becomes.

use crate::import::ir::{Scalar, Type};

const META: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";

/// What a foreign Go type becomes in kapi.
pub enum Known {
    Type(Type),
    /// `metav1.TypeMeta`: kapi kinds write `apiVersion` and `kind` themselves.
    TypeMeta,
}

/// The kapi type for `package.name`, if kapi has one.
pub fn lookup(package: &str, name: &str) -> Option<Known> {
    let meta = |n: &str| Known::Type(Type::Path(vec!["kapi".into(), "meta".into(), n.into()]));
    Some(match (package, name) {
        (META, "TypeMeta") => Known::TypeMeta,
        (
            META,
            "ObjectMeta"
            | "ListMeta"
            | "Time"
            | "MicroTime"
            | "Duration"
            | "LabelSelector"
            | "LabelSelectorRequirement"
            | "LabelSelectorOperator"
            | "Condition"
            | "ConditionStatus"
            | "OwnerReference"
            | "ManagedFieldsEntry"
            | "Status"
            | "StatusDetails"
            | "StatusCause"
            | "FieldsV1"
            | "DeleteOptions"
            | "ListOptions"
            | "GetOptions"
            | "CreateOptions"
            | "UpdateOptions"
            | "PatchOptions"
            | "Preconditions"
            | "APIGroup"
            | "APIGroupList"
            | "APIResource"
            | "APIResourceList"
            | "APIVersions"
            | "GroupVersionForDiscovery"
            | "ServerAddressByClientCIDR"
            | "Verbs"
            | "Table"
            | "TableRow"
            | "TableColumnDefinition"
            | "TableRowCondition"
            | "TableOptions"
            | "PartialObjectMetadata"
            | "PartialObjectMetadataList"
            | "WatchEvent",
        ) => meta(name),
        // Named strings of meta/v1 and types/: plain strings in kapi.
        (
            META,
            "StatusReason" | "CauseType" | "ManagedFieldsOperationType" | "IncludeObjectPolicy",
        )
        | ("k8s.io/apimachinery/pkg/types", "UID" | "NodeName" | "PatchType") => {
            Known::Type(Type::Scalar(Scalar::String))
        }
        (
            META,
            "GroupVersionKind"
            | "GroupVersionResource"
            | "GroupResource"
            | "FieldSelectorRequirement"
            | "FieldSelectorOperator",
        ) => meta(name),
        ("k8s.io/apimachinery/pkg/api/resource", "Quantity") => meta("Quantity"),
        ("k8s.io/apimachinery/pkg/util/intstr", "IntOrString") => meta("IntOrString"),
        ("k8s.io/apimachinery/pkg/runtime", "RawExtension") => meta("RawExtension"),
        ("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", "JSON") => {
            Known::Type(Type::Path(vec!["serde_json".into(), "Value".into()]))
        }
        _ => return None,
    })
}

/// Go's predeclared scalar types.
pub fn predeclared(name: &str) -> Option<Scalar> {
    Some(match name {
        "string" => Scalar::String,
        "bool" => Scalar::Bool,
        "int32" | "rune" => Scalar::I32,
        "int64" | "int" => Scalar::I64,
        "uint8" | "byte" => Scalar::U8,
        "uint16" => Scalar::U16,
        "uint32" => Scalar::U32,
        "uint64" | "uint" => Scalar::U64,
        "float32" => Scalar::F32,
        "float64" => Scalar::F64,
        _ => return None,
    })
}

/// `kapi::meta::ByteString`, what `[]byte` becomes (base64 in JSON, bytes in protobuf).
pub fn byte_string() -> Type {
    Type::Path(vec!["kapi".into(), "meta".into(), "ByteString".into()])
}
