//! Validation as Kubernetes reports it (k8s.io/apimachinery/pkg/util/validation/field):
//! field paths, field errors, the format checks, and the `Validate` trait the derive
//! implements from the markers.

pub mod cel;
mod field_error;
pub mod formats;
mod path;
mod status;

/// The checks' old home, still named by derived `Validate` impls.
pub(crate) use field_error::go_number;
pub use field_error::{ErrorList, ErrorType, FieldError};
pub use path::Path;
pub(crate) use path::{render as render_path, Segment as PathSegment};

use crate::feature_gates::FeatureGates;
use std::collections::{BTreeMap, HashMap};

/// What validation may depend on besides the object: the feature gates, and which of
/// Kubernetes' two readings of `required` applies. The default has no gates, so every gated
/// value is refused; pass the server's gates explicitly. A kind sets [`Style`] from its
/// module's `group_version!` for everything below it, so only a type validated on its own
/// (not inside a kind) reads the style given here.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    pub gates: Option<&'a FeatureGates>,
    pub style: Style,
}

/// How a group-version is validated, declared by `group_version!`'s `validation`.
///
/// - `BuiltIn` (the default): as Kubernetes' Go validation checks built-in kinds
///   (validation.go, declarative `+k8s:required`): a `required` string, list or map that is
///   empty is `Required value`, and a struct field is always validated.
/// - `Schema`: as kube-apiserver checks a CustomResourceDefinition's structural schema. A
///   `required` field is missing only when its key would be absent from the JSON as the
///   type writes it (`omit_empty` at Go's zero value) or `null` (which kube-apiserver
///   prunes from a field that is not nullable before `required` is checked), so a required
///   `group: ""` is present; and a struct field that is not an `Option` and holds Go's zero
///   value (what decoding gives for an absent key) is not validated inside, as a schema
///   checks a property's own schema only when the property is there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Style {
    #[default]
    BuiltIn,
    Schema,
}

impl<'a> Options<'a> {
    pub fn with_gates(gates: &'a FeatureGates) -> Options<'a> {
        Options {
            gates: Some(gates),
            style: Style::BuiltIn,
        }
    }

    /// These options under `style`: what a kind passes down to its fields.
    pub fn in_style(&self, style: Style) -> Options<'a> {
        Options { style, ..*self }
    }

    /// Whether `required` and absent values are read as a CRD's schema reads them.
    #[inline]
    pub fn schema(&self) -> bool {
        self.style == Style::Schema
    }

    pub fn enabled(&self, gate: &str) -> bool {
        self.gates.is_some_and(|g| g.enabled(gate))
    }
}

/// Checks a value against its markers. Derived for every `ApiType`; a type adds its own
/// rules with a [`ValidateHook`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no validation: kapi's `validation` feature is off",
    note = "derived defaulting, validation and gated-field dropping compile only with `kapi = {{ features = [\"validation\"] }}` (the `apiserver` feature turns it on)"
)]
pub trait Validate {
    /// Appends every error under `path`; `old` is the stored value on update.
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    );

    /// Whether the value is its type's "not set": an enum's empty value, Go's zero string.
    /// An optional field holding it is not validated (`Namespace.status.phase` left out),
    /// while `Some` of it in an `Option` field is (a value was sent).
    fn is_unset(&self) -> bool {
        false
    }

    /// Create-time validation with no feature gates on.
    fn validate(&self) -> ErrorList {
        self.validate_with(&Options::default())
    }

    fn validate_with(&self, opts: &Options<'_>) -> ErrorList {
        let mut errs = ErrorList::default();
        self.validate_at(None, &Path::root(), opts, &mut errs);
        errs
    }

    /// Update-time validation against the stored `old`, with no feature gates on.
    fn validate_update(&self, old: &Self) -> ErrorList {
        self.validate_update_with(old, &Options::default())
    }

    fn validate_update_with(&self, old: &Self, opts: &Options<'_>) -> ErrorList {
        let mut errs = ErrorList::default();
        self.validate_at(Some(old), &Path::root(), opts, &mut errs);
        errs
    }
}

/// Hand-written validation for a type, run after its marker checks (like a Go
/// `ValidateFrobber`). Implement it anywhere in the crate, and mark the type
/// `#[k8s(validate_hook)]`: its derived validation calls the hook then.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is marked `validate_hook` but does not implement `kapi::validation::ValidateHook`",
    label = "its derived validation calls the hook",
    note = "implement `kapi::validation::ValidateHook` for `{Self}` anywhere in the crate, or drop the marker"
)]
pub trait ValidateHook: crate::__private::hooks::ValidateHookDeclared {
    fn validate_hook(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    );
}

impl<T: Validate> Validate for Option<T> {
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        if let Some(v) = self {
            v.validate_at(old.and_then(Option::as_ref), path, opts, errs);
        }
    }
}

impl<T: Validate> Validate for Box<T> {
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        (**self).validate_at(old.map(|o| &**o), path, opts, errs);
    }
}

/// Items pair with the old list's item at the same index.
impl<T: Validate> Validate for Vec<T> {
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        for (i, v) in self.iter().enumerate() {
            v.validate_at(old.and_then(|o| o.get(i)), &path.index(i), opts, errs);
        }
    }
}

impl<T: Validate> Validate for BTreeMap<String, T> {
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        for (k, v) in self {
            v.validate_at(old.and_then(|o| o.get(k)), &path.key(k), opts, errs);
        }
    }
}

impl<T: Validate, S: std::hash::BuildHasher> Validate for HashMap<String, T, S> {
    fn validate_at(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        opts: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        for (k, v) in self {
            v.validate_at(old.and_then(|o| o.get(k)), &path.key(k), opts, errs);
        }
    }
}
