//! `Table`: a list as rows of printable cells, what `kubectl get` asks for. JSON only.

use super::GROUP_VERSION;
use crate::meta::{ConditionStatus, ListMeta, RawExtension};
use crate::ApiType;

/// Objects as rows of cells under column definitions.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct Table {
    /// Go's `omitempty` never omits a struct: always written.
    #[k8s(optional)]
    pub metadata: ListMeta,
    /// One per cell of every row.
    #[k8s(list_type = "atomic")]
    pub column_definitions: Vec<TableColumnDefinition>,
    #[k8s(list_type = "atomic")]
    pub rows: Vec<TableRow>,
}

/// One column; every field is always written, as in Kubernetes.
#[derive(ApiType, Debug, PartialEq)]
pub struct TableColumnDefinition {
    pub name: String,
    /// OpenAPI type: `integer`, `number`, `string`, `boolean`, `date`, ...
    #[k8s(rename = "type")]
    pub type_: String,
    /// OpenAPI format; `name` marks the column holding the object's name.
    pub format: String,
    pub description: String,
    /// 0 for the columns always shown; higher for wide output only.
    pub priority: i32,
}

/// One object's row.
#[derive(ApiType, Debug, PartialEq)]
pub struct TableRow {
    /// Strings, numbers, booleans, simple maps or lists, or null; one per column.
    #[k8s(list_type = "atomic")]
    pub cells: Vec<serde_json::Value>,
    #[k8s(optional, list_type = "atomic")]
    pub conditions: Vec<TableRowCondition>,
    /// The object, its `PartialObjectMetadata`, or nothing, as `includeObject` asked.
    /// Always written: Go's `omitempty` never omits this struct, and an empty one is `null`.
    pub object: RawExtension,
}

/// A condition of a row (`Completed` for a finished object).
#[derive(ApiType, Debug, PartialEq)]
pub struct TableRowCondition {
    #[k8s(rename = "type")]
    pub type_: String,
    pub status: ConditionStatus,
    #[k8s(optional)]
    pub reason: String,
    #[k8s(optional)]
    pub message: String,
}

/// What a table row carries of its object.
#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum IncludeObjectPolicy {
    None,
    /// The default: the object's `PartialObjectMetadata`.
    Metadata,
    Object,
    /// A policy this version does not know, kept as sent.
    Other(String),
}

/// Options of a table read (the `includeObject` query parameter).
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct TableOptions {
    /// Unset means `Metadata`. Go writes an empty string in protobuf where kapi writes
    /// nothing; both read back as unset.
    #[k8s(protobuf = 1)]
    pub include_object: Option<IncludeObjectPolicy>,
}
