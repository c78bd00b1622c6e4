use crate::Scope;

/// What kind of top-level type a kind is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindCategory {
    /// Has `metadata: ObjectMeta`; served as a REST resource.
    Object,
    /// `<Kind>List`.
    List,
    /// apiVersion/kind without object metadata (options, Status, events).
    Simple,
}

/// The facts about a kind that discovery, clients and servers need; generated per
/// group-version as the `KINDS` constant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindMeta {
    pub kind: &'static str,
    pub category: KindCategory,
    /// Resource name (`frobbers`); empty unless an object kind.
    pub plural: &'static str,
    pub singular: &'static str,
    pub scope: Scope,
    /// `<Kind>List`; empty unless an object kind.
    pub list_kind: &'static str,
    pub short_names: &'static [&'static str],
    pub categories: &'static [&'static str],
    /// The REST verbs the resource serves: `None` for all eight of a stored resource, an
    /// empty list for a kind served as no resource of its own (Scale, TokenRequest).
    pub verbs: Option<&'static [&'static str]>,
    pub subresource_status: bool,
    /// The scale subresource and where it reads replicas; `None` when the kind has none.
    pub scale: Option<ScalePaths>,
    /// The kind's `print_column` markers in order: the extra columns of its `Table` form.
    pub print_columns: &'static [PrintColumn],
    /// This version is where the kind is stored.
    pub storage_version: bool,
    /// Whether it has an internal peer to convert through.
    pub convertible: bool,
    pub introduced: Option<&'static str>,
    pub deprecated: Option<&'static str>,
    pub removed: Option<&'static str>,
}

/// Where the scale subresource finds replicas and the selector (a CRD's
/// `subresources.scale`): JSON paths such as `.spec.replicas`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScalePaths {
    pub spec_replicas_path: &'static str,
    pub status_replicas_path: &'static str,
    /// Where the serialized label selector is (`.status.selector`); without it the Scale's
    /// `status.selector` stays empty.
    pub label_selector_path: Option<&'static str>,
}

/// One column of a kind's table form (a CRD's `additionalPrinterColumns`, Kubernetes'
/// `TableColumnDefinition` plus the path of the value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrintColumn {
    pub name: &'static str,
    /// OpenAPI type of the cells: `integer`, `number`, `string`, `boolean` or `date`.
    pub type_: &'static str,
    /// OpenAPI format (`int32`, `byte`, ...); empty when none, as in a `TableColumnDefinition`.
    pub format: &'static str,
    /// Empty when none.
    pub description: &'static str,
    /// 0 shows in every output; higher numbers only in wide output.
    pub priority: i32,
    /// Where the cell's value is (`.spec.replicas`).
    pub json_path: &'static str,
}

impl KindMeta {
    /// The metadata of a kind served as no REST resource of its own (Status, the
    /// options, Scale, tables): nothing but its name and category.
    pub const fn unserved(kind: &'static str, category: KindCategory) -> KindMeta {
        KindMeta {
            kind,
            category,
            plural: "",
            singular: "",
            scope: Scope::Cluster,
            list_kind: "",
            short_names: &[],
            categories: &[],
            verbs: Some(&[]),
            subresource_status: false,
            scale: None,
            print_columns: &[],
            storage_version: false,
            convertible: false,
            introduced: None,
            deprecated: None,
            removed: None,
        }
    }
}
