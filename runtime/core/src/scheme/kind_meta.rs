use crate::Scope;
use std::borrow::Cow;

/// A name in a kind's metadata: borrowed from a generated constant, or owned when the kind
/// is described at run time (a CustomResourceDefinition's `names`).
pub type Name = Cow<'static, str>;

/// A list of names in a kind's metadata (short names, categories, verbs): a generated
/// constant's, or owned.
#[derive(Debug, Clone, Eq)]
pub enum Names {
    Static(&'static [&'static str]),
    Owned(Vec<String>),
}

impl Names {
    pub const NONE: Names = Names::Static(&[]);

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let (fixed, owned) = match self {
            Names::Static(names) => (Some(names.iter().copied()), None),
            Names::Owned(names) => (None, Some(names.iter().map(String::as_str))),
        };
        fixed
            .into_iter()
            .flatten()
            .chain(owned.into_iter().flatten())
    }

    pub fn len(&self) -> usize {
        match self {
            Names::Static(names) => names.len(),
            Names::Owned(names) => names.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, name: &str) -> bool {
        self.iter().any(|n| n == name)
    }

    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_string).collect()
    }
}

impl PartialEq for Names {
    fn eq(&self, other: &Names) -> bool {
        self.iter().eq(other.iter())
    }
}

impl serde::Serialize for Names {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl From<Vec<String>> for Names {
    fn from(names: Vec<String>) -> Names {
        Names::Owned(names)
    }
}

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

/// The facts about a kind that discovery, clients and servers need; generated per kind as a
/// constant named for it, and listed per group-version as `KINDS`. A kind described at run
/// time (from a CRD) builds one with owned names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindMeta {
    pub kind: Name,
    /// Only an object kind has resource names: a list or simple kind cannot carry one.
    pub shape: KindShape,
    /// This version is where the kind is stored.
    pub storage_version: bool,
    /// Whether it has an internal peer to convert through.
    pub convertible: bool,
    pub introduced: Option<Name>,
    pub deprecated: Option<Name>,
    pub removed: Option<Name>,
}

/// What a kind is, with what only an object kind has.
// Not boxed: a box cannot be built in the generated `const` items, and there is one value
// per kind.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KindShape {
    /// Has `metadata: ObjectMeta`, and the names of its REST resource.
    Object(ResourceMeta),
    /// `<Kind>List`.
    List,
    /// apiVersion/kind without object metadata (options, Status, events).
    Simple,
}

/// An object kind's REST resource, as discovery describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceMeta {
    /// Resource name (`frobbers`); empty for an object kind served as no resource of its own
    /// (PartialObjectMetadata).
    pub plural: Name,
    pub singular: Name,
    pub scope: Scope,
    /// `<Kind>List`.
    pub list_kind: Name,
    pub short_names: Names,
    pub categories: Names,
    /// The REST verbs the resource serves: `None` for all eight of a stored resource, an
    /// empty list for a kind served as no resource of its own (Scale, TokenRequest).
    pub verbs: Option<Names>,
    pub subresource_status: bool,
    /// The scale subresource and where it reads replicas; `None` when the kind has none.
    pub scale: Option<ScalePaths>,
    /// The kind's `print_column` markers in order: the extra columns of its `Table` form.
    pub print_columns: Cow<'static, [PrintColumn]>,
}

/// Where the scale subresource finds replicas and the selector (a CRD's
/// `subresources.scale`): JSON paths such as `.spec.replicas`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScalePaths {
    pub spec_replicas_path: Name,
    pub status_replicas_path: Name,
    /// Where the serialized label selector is (`.status.selector`); without it the Scale's
    /// `status.selector` stays empty.
    pub label_selector_path: Option<Name>,
}

/// One column of a kind's table form (a CRD's `additionalPrinterColumns`, Kubernetes'
/// `TableColumnDefinition` plus the path of the value).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PrintColumn {
    pub name: Name,
    /// OpenAPI type of the cells: `integer`, `number`, `string`, `boolean` or `date`.
    pub type_: Name,
    /// OpenAPI format (`int32`, `byte`, ...); empty when none, as in a `TableColumnDefinition`.
    pub format: Name,
    /// Empty when none.
    pub description: Name,
    /// 0 shows in every output; higher numbers only in wide output.
    pub priority: i32,
    /// Where the cell's value is (`.spec.replicas`).
    pub json_path: Name,
}

impl KindMeta {
    /// The metadata of a list or simple kind, or of an object kind served as no resource of
    /// its own: nothing but its name and shape.
    pub const fn unserved(kind: &'static str, shape: KindShape) -> KindMeta {
        KindMeta {
            kind: Cow::Borrowed(kind),
            shape,
            storage_version: false,
            convertible: false,
            introduced: None,
            deprecated: None,
            removed: None,
        }
    }

    pub fn category(&self) -> KindCategory {
        match self.shape {
            KindShape::Object(_) => KindCategory::Object,
            KindShape::List => KindCategory::List,
            KindShape::Simple => KindCategory::Simple,
        }
    }

    /// The REST resource of an object kind; `None` for list and simple kinds.
    pub fn resource(&self) -> Option<&ResourceMeta> {
        match &self.shape {
            KindShape::Object(resource) => Some(resource),
            KindShape::List | KindShape::Simple => None,
        }
    }

    /// The resource name (`frobbers`); empty unless an object kind served as a resource.
    pub fn plural(&self) -> &str {
        self.resource().map_or("", |r| &r.plural)
    }
}

impl ResourceMeta {
    /// An object kind that is served as no resource of its own: no names, no verbs.
    pub const fn unserved(scope: Scope) -> ResourceMeta {
        ResourceMeta::unserved_named("", "", "", scope)
    }

    /// An object kind with resource names but no verbs: a response shape, as
    /// PartialObjectMetadata is.
    pub const fn unserved_named(
        plural: &'static str,
        singular: &'static str,
        list_kind: &'static str,
        scope: Scope,
    ) -> ResourceMeta {
        ResourceMeta {
            plural: Cow::Borrowed(plural),
            singular: Cow::Borrowed(singular),
            scope,
            list_kind: Cow::Borrowed(list_kind),
            short_names: Names::NONE,
            categories: Names::NONE,
            verbs: Some(Names::NONE),
            subresource_status: false,
            scale: None,
            print_columns: Cow::Borrowed(&[]),
        }
    }

    /// The REST verbs served, as discovery lists them: all eight unless the kind names
    /// its own.
    pub fn verbs(&self) -> impl Iterator<Item = &str> {
        let all = self.verbs.is_none().then_some(OBJECT_VERBS.iter().copied());
        let named = self.verbs.as_ref().map(Names::iter);
        named.into_iter().flatten().chain(all.into_iter().flatten())
    }

    pub fn serves_verb(&self, verb: &str) -> bool {
        self.verbs().any(|v| v == verb)
    }

    /// Whether the kind is served as a REST resource of its own.
    pub fn is_served(&self) -> bool {
        !self.plural.is_empty() && self.verbs.as_ref().is_none_or(|v| !v.is_empty())
    }
}

/// The verbs of a resource whose kind names none (`verbs` marker absent): all of them.
const OBJECT_VERBS: &[&str] = &[
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];
