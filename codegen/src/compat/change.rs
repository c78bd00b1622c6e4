//! What the compatibility check finds: a [`Change`] breaking one rule, at a [`Place`] in
//! today's API.

use super::rules::Rule;
use crate::markers::Key;
use crate::model::version_name::Stability;

/// One break of one rule.
#[derive(Debug, Clone)]
pub struct Change {
    pub rule: &'static Rule,
    pub at: Place,
    /// The marker the change is about, to point at it rather than at the item.
    pub marker: Option<Key>,
    /// For a CEL rule, its text: which of the item's `validation_rule` markers to point at.
    pub cel_rule: Option<String>,
    pub message: String,
    pub baseline: String,
    pub today: String,
    /// Alpha when the baseline's version is alpha or the item was behind an alpha gate.
    pub stability: Stability,
}

/// Where a change is, in today's API.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place {
    /// A group, for what has no item today (a removed group-version).
    Group(String),
    Version(Gv),
    Type(Scope, String),
    Field(Scope, String, String),
}

/// A group-version: `(group, version)`.
pub type Gv = (String, String);

/// Where a type lives: a group-version, or `None` for the crate's shared types.
pub type Scope = Option<Gv>;

/// A value as a change shows it, `none` when absent.
pub(super) fn shown(v: Option<impl std::fmt::Display>) -> String {
    v.map(|v| v.to_string()).unwrap_or_else(|| "none".into())
}
