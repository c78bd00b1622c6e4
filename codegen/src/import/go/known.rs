//! The apimachinery types an API package uses and kapi ships in its runtime: each Go type
//! by import path and name, and what a field of that type becomes.

use crate::import::ir::{self, Marker, Scalar, Type};
use crate::markers::key;

const META: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";

/// What a foreign Go type becomes in kapi.
pub enum Known {
    Type(Type),
    /// `metav1.TypeMeta`: kapi kinds write `apiVersion` and `kind` themselves.
    TypeMeta,
    /// A small apimachinery struct kapi's runtime does not ship: written into the module
    /// that uses it, with apimachinery's JSON names and protobuf numbers.
    Local(ir::Struct),
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
        (META, "GroupVersionKind") => local(name, &[("group", 1), ("version", 2), ("kind", 3)]),
        (META, "GroupVersionResource") => {
            local(name, &[("group", 1), ("version", 2), ("resource", 3)])
        }
        (META, "GroupResource") => local(name, &[("group", 1), ("resource", 2)]),
        (META, "FieldSelectorRequirement") => {
            let Known::Local(mut s) = local(name, &[("key", 1), ("operator", 2)]) else {
                return None;
            };
            s.fields.push(ir::Field {
                name: "values".into(),
                docs: Vec::new(),
                markers: vec![
                    Marker::flag(key::OPTIONAL),
                    Marker::str(key::LIST_TYPE, "atomic"),
                    Marker::int(key::PROTOBUF, 3),
                ],
                ty: Type::Vec(Box::new(Type::Scalar(Scalar::String))),
            });
            Known::Local(s)
        }
        ("k8s.io/apimachinery/pkg/api/resource", "Quantity") => meta("Quantity"),
        ("k8s.io/apimachinery/pkg/util/intstr", "IntOrString") => meta("IntOrString"),
        ("k8s.io/apimachinery/pkg/runtime", "RawExtension") => meta("RawExtension"),
        ("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", "JSON") => {
            Known::Type(Type::Path(vec!["serde_json".into(), "Value".into()]))
        }
        _ => return None,
    })
}

/// A struct of required strings, numbered in order.
fn local(name: &str, fields: &[(&str, i64)]) -> Known {
    Known::Local(ir::Struct {
        name: name.to_string(),
        docs: vec![format!(
            "apimachinery's meta/v1 `{name}` (JSON and protobuf as Kubernetes writes it)."
        )],
        markers: Vec::new(),
        fields: fields
            .iter()
            .map(|(field, number)| ir::Field {
                name: (*field).to_string(),
                docs: Vec::new(),
                markers: vec![Marker::int(key::PROTOBUF, *number)],
                ty: Type::Scalar(Scalar::String),
            })
            .collect(),
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
