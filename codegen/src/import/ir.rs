//! What an importer produces and [`super::write`] prints: kapi API modules as data, one
//! per group-version, with types, fields and markers already in kapi's terms. Nothing
//! here knows where the API came from (Go packages, CRD manifests).

use crate::markers::Key;
pub use crate::model::{Scalar, ValidationStyle};

/// Where imported modules sit in their crate: the two lines that tie a module to the rest
/// of it, which the API being imported does not say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// Gate each group-version behind the cargo feature `<group>-<version>`, named after its
    /// module (`core-v1`; `group_version!`'s `cargo_feature`), so a crate of many groups
    /// compiles only the ones its users enable.
    pub cargo_features: bool,
    /// The crate's generated directory, relative to the import's output directory
    /// (`../generated` for `src`): each module then includes its generated module
    /// (`<generated>/<group>/<version>/mod.rs`) as `generated`, as codegen expects.
    pub generated: Option<String>,
}

impl Layout {
    /// The cargo feature of the module at `path` (`["crate", "core", "v1"]` -> `core-v1`).
    pub fn feature(path: &[String]) -> String {
        path.iter()
            .skip(1)
            .map(|s| s.replace('_', "-"))
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// One group-version module, written to one file.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    /// The file's path below the output directory, `core/v1.rs`.
    pub file: String,
    /// The module's Rust path, `["crate", "core", "v1"]`: its own types are named without it.
    pub path: Vec<String>,
    /// The module's documentation (`//!`).
    pub docs: Vec<String>,
    pub group: String,
    pub version: String,
    pub group_go_name: Option<String>,
    pub protobuf_package: Option<String>,
    pub protobuf_path: Option<String>,
    /// `group_version!`'s `validation`: a CRD package's types are validated as its schema.
    pub validation: ValidationStyle,
    pub items: Vec<Item>,
}

impl Module {
    /// Every feature gate a field or enum value of the module names.
    pub fn feature_gates(&self) -> Vec<String> {
        let gate = |markers: &[Marker]| {
            markers
                .iter()
                .filter(|m| m.key == crate::markers::key::FEATURE_GATE)
                .filter_map(|m| match &m.value {
                    Value::Str(s) => Some(s.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let mut out = Vec::new();
        for item in &self.items {
            match item {
                Item::Struct(s) => s.fields.iter().for_each(|f| out.extend(gate(&f.markers))),
                Item::Enum(e) => e.variants.iter().for_each(|v| out.extend(gate(&v.markers))),
                Item::Const(_) => {}
            }
        }
        out
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Struct(Struct),
    Enum(Enum),
    /// A named string value with no closed set around it (`pub const NAME: &str`).
    Const(Const),
}

impl Item {
    pub fn name(&self) -> &str {
        match self {
            Item::Struct(s) => &s.name,
            Item::Enum(e) => &e.name,
            Item::Const(c) => &c.name,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Struct {
    pub name: String,
    pub docs: Vec<String>,
    pub markers: Vec<Marker>,
    pub fields: Vec<Field>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The Rust name (`type_`, `host_pid`).
    pub name: String,
    pub docs: Vec<String>,
    pub markers: Vec<Marker>,
    pub ty: Type,
}

/// An open string enum: the known values, plus the variant `other` that keeps any other.
#[derive(Debug, Clone, PartialEq)]
pub struct Enum {
    pub name: String,
    pub docs: Vec<String>,
    pub markers: Vec<Marker>,
    pub variants: Vec<Variant>,
    pub other: String,
}

impl Enum {
    /// The name of the variant that keeps unknown values: `Other`, unless a value took it.
    pub fn other_name(variants: &[Variant]) -> String {
        ["Other", "Unknown", "OtherValue"]
            .into_iter()
            .find(|o| !variants.iter().any(|v| v.name == *o))
            .unwrap_or("UnknownValue")
            .to_string()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub name: String,
    pub docs: Vec<String>,
    pub markers: Vec<Marker>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Const {
    pub name: String,
    pub docs: Vec<String>,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Type {
    Scalar(Scalar),
    Option(Box<Type>),
    Vec(Box<Type>),
    /// A map with string keys (the only keys Kubernetes' JSON has).
    Map(Box<Type>),
    /// A type by its full path: `["crate", "core", "v1", "PodSpec"]`,
    /// `["kapi", "meta", "ObjectMeta"]`, `["serde_json", "Value"]`.
    /// `Box<T>`: a struct that holds itself by value, directly or through other structs,
    /// needs one indirection in Rust (Go's pointer gives it one).
    Box(Box<Type>),
    Path(Vec<String>),
}

/// A `#[k8s(...)]` entry. Keys are the marker table's constants, so an importer cannot
/// write a marker kapi does not have.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub key: Key,
    pub value: Value,
}

impl Marker {
    pub fn flag(key: Key) -> Marker {
        Marker {
            key,
            value: Value::Flag,
        }
    }

    pub fn str(key: Key, value: impl Into<String>) -> Marker {
        Marker {
            key,
            value: Value::Str(value.into()),
        }
    }

    pub fn int(key: Key, value: i64) -> Marker {
        Marker {
            key,
            value: Value::Int(value),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Flag,
    Str(String),
    Int(i64),
    /// A number as written (`1`, `0.5`, `-3`).
    Number(String),
    Bool(bool),
    /// A scalar JSON literal (`default`).
    Json(serde_json::Value),
    StrList(Vec<String>),
    Nested(Vec<Marker>),
}
