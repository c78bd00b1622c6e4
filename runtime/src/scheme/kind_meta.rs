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
    pub subresource_status: bool,
    pub subresource_scale: bool,
    /// This version is where the kind is stored.
    pub storage_version: bool,
    /// Whether it has an internal peer to convert through.
    pub convertible: bool,
    pub introduced: Option<&'static str>,
    pub deprecated: Option<&'static str>,
    pub removed: Option<&'static str>,
}
