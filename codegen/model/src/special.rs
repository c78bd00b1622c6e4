//! kapi's hand-written scalar types (Time, Quantity, ...), recognized by name: resolution
//! describes them by their Kubernetes definitions, and `default` markers on them are
//! checked against their syntax (in the derive too, which has no type index).

/// The hand-written scalar types of kapi's meta module, whose JSON is not a struct's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Special {
    Time,
    MicroTime,
    Duration,
    Quantity,
    IntOrString,
    ByteString,
    RawExtension,
    FieldsV1,
    /// APIResource's verbs: a list of strings, a message of its own in protobuf.
    Verbs,
    /// `serde_json::Value`: any JSON.
    Json,
    /// The body of a PATCH request (only paths name it).
    Patch,
}

impl Special {
    /// The special type a path names, if any.
    pub fn from_path(path: &[String]) -> Option<Special> {
        let last = path.last()?.as_str();
        let qualified = path.len() > 1;
        Some(match last {
            "Time" => Special::Time,
            "MicroTime" => Special::MicroTime,
            "Duration" if !qualified || path.iter().any(|p| p == "meta") => Special::Duration,
            "Quantity" => Special::Quantity,
            "IntOrString" => Special::IntOrString,
            "ByteString" => Special::ByteString,
            "RawExtension" => Special::RawExtension,
            "FieldsV1" => Special::FieldsV1,
            "Verbs" if !qualified || path.iter().any(|p| p == "meta") => Special::Verbs,
            "Value" if path.first().is_some_and(|p| p == "serde_json") || !qualified => {
                Special::Json
            }
            _ => return None,
        })
    }

    /// The definition Kubernetes publishes for it; `None` for types written inline.
    pub fn definition_name(self) -> Option<&'static str> {
        Some(match self {
            Special::Time => "io.k8s.apimachinery.pkg.apis.meta.v1.Time",
            Special::MicroTime => "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime",
            Special::Duration => "io.k8s.apimachinery.pkg.apis.meta.v1.Duration",
            Special::Quantity => "io.k8s.apimachinery.pkg.api.resource.Quantity",
            Special::IntOrString => "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
            Special::RawExtension => "io.k8s.apimachinery.pkg.runtime.RawExtension",
            Special::FieldsV1 => "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
            Special::Patch => "io.k8s.apimachinery.pkg.apis.meta.v1.Patch",
            Special::ByteString | Special::Json | Special::Verbs => return None,
        })
    }
}
