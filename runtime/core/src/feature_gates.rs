//! Feature gates: named switches with a maturity stage and a default, set from
//! `Gate1=true,Gate2=false` as kube-apiserver's `--feature-gates` flag does.
//!
//! An API crate declares its gates once, at its root, with [`feature_gates!`]; a
//! `feature_gate` marker naming an undeclared gate is then an error in codegen and at compile
//! time. Generated code drops gated fields (`DropDisabledFields`) and refuses gated enum
//! values (validation) when a gate is off, by the API change guide's rules.
//!
//! [`feature_gates!`]: crate::feature_gates!

use std::collections::BTreeMap;
use std::fmt;

/// How mature a feature is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Alpha,
    Beta,
    GA,
    Deprecated,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Alpha => "ALPHA",
            Stage::Beta => "BETA",
            Stage::GA => "",
            Stage::Deprecated => "DEPRECATED",
        }
    }
}

/// A declared gate: its name, stage and default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gate {
    pub name: &'static str,
    pub stage: Stage,
    pub default: bool,
    /// GA and some deprecated gates cannot be changed from their default.
    pub lock_to_default: bool,
}

impl Gate {
    pub const fn new(name: &'static str, stage: Stage, default: bool) -> Gate {
        Gate {
            name,
            stage,
            default,
            lock_to_default: matches!(stage, Stage::GA),
        }
    }
}

/// Why a `--feature-gates` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeatureGateError {
    #[error("missing bool value for {0}")]
    MissingValue(String),
    #[error("invalid value of {name}={value}, err: strconv.ParseBool: parsing {value:?}: invalid syntax")]
    InvalidValue { name: String, value: String },
    #[error("unrecognized feature gate: {0}")]
    Unknown(String),
    #[error("cannot set feature gate {name} to {value}, feature is locked to {default}")]
    Locked {
        name: String,
        value: bool,
        default: bool,
    },
}

/// The known gates and which are on. Unknown names are never enabled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureGates {
    known: BTreeMap<&'static str, Gate>,
    set: BTreeMap<&'static str, bool>,
}

impl FeatureGates {
    /// A registry of `gates`, each at its default.
    pub fn new(gates: &[Gate]) -> FeatureGates {
        let mut fg = FeatureGates::default();
        fg.add(gates);
        fg
    }

    /// Adds more gates (several API crates in one server).
    pub fn add(&mut self, gates: &[Gate]) {
        for g in gates {
            self.known.insert(g.name, *g);
        }
    }

    pub fn known(&self) -> impl Iterator<Item = &Gate> {
        self.known.values()
    }

    pub fn enabled(&self, name: &str) -> bool {
        match self.known.get(name) {
            Some(g) => self.set.get(g.name).copied().unwrap_or(g.default),
            None => false,
        }
    }

    /// Sets one gate.
    pub fn set(&mut self, name: &str, value: bool) -> Result<(), FeatureGateError> {
        let gate = *self
            .known
            .get(name)
            .ok_or_else(|| FeatureGateError::Unknown(name.to_string()))?;
        if gate.lock_to_default && value != gate.default {
            return Err(FeatureGateError::Locked {
                name: name.to_string(),
                value,
                default: gate.default,
            });
        }
        self.set.insert(gate.name, value);
        Ok(())
    }

    /// Applies `Gate1=true,Gate2=false`; nothing changes if any part is invalid.
    pub fn set_from_str(&mut self, spec: &str) -> Result<(), FeatureGateError> {
        let mut next = self.clone();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| FeatureGateError::MissingValue(part.to_string()))?;
            let (name, value) = (name.trim(), value.trim());
            let parsed = parse_bool(value).ok_or_else(|| FeatureGateError::InvalidValue {
                name: name.to_string(),
                value: value.to_string(),
            })?;
            next.set(name, parsed)?;
        }
        *self = next;
        Ok(())
    }
}

/// Go's `strconv.ParseBool`, which `--feature-gates` uses.
fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

/// `Gate1=true,Gate2=false` for every gate, sorted: the form `--feature-gates` takes.
impl fmt::Display for FeatureGates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.known.keys().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}={}", self.enabled(name))?;
        }
        Ok(())
    }
}

/// Whether an optional field holds a value: what "the old object already used the field"
/// means for gated fields.
pub trait IsSet {
    fn is_set(&self) -> bool;

    /// Go's zero value (reflect's `IsZero`): what decoding gives when the key was absent.
    /// Unlike [`is_set`](Self::is_set), a struct is zero when every field is (derived).
    #[inline]
    fn is_zero(&self) -> bool {
        !self.is_set()
    }
}

impl<T: IsSet> IsSet for Box<T> {
    fn is_set(&self) -> bool {
        (**self).is_set()
    }

    fn is_zero(&self) -> bool {
        (**self).is_zero()
    }
}

impl<T> IsSet for Option<T> {
    fn is_set(&self) -> bool {
        self.is_some()
    }
}

impl IsSet for String {
    fn is_set(&self) -> bool {
        !self.is_empty()
    }
}

impl<T> IsSet for Vec<T> {
    fn is_set(&self) -> bool {
        !self.is_empty()
    }
}

impl<K, V> IsSet for BTreeMap<K, V> {
    fn is_set(&self) -> bool {
        !self.is_empty()
    }
}

impl IsSet for crate::meta::StringMap {
    fn is_set(&self) -> bool {
        !self.is_empty()
    }
}

impl<K, V, S> IsSet for std::collections::HashMap<K, V, S> {
    fn is_set(&self) -> bool {
        !self.is_empty()
    }
}

impl IsSet for bool {
    fn is_set(&self) -> bool {
        *self
    }
}

macro_rules! numbers_are_set_when_nonzero {
    ($($t:ty),*) => {
        $(impl IsSet for $t {
            fn is_set(&self) -> bool {
                *self != (0 as $t)
            }
        })*
    };
}

numbers_are_set_when_nonzero!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

/// Go's `[]byte`: a nil slice is unset, and `omitempty` leaves out an empty one.
impl IsSet for crate::meta::ByteString {
    fn is_set(&self) -> bool {
        !self.0.is_empty()
    }
}

/// `APIResource.verbs` is a Go `[]string`: empty is unset.
impl IsSet for crate::meta::Verbs {
    fn is_set(&self) -> bool {
        !self.0.is_empty()
    }
}

/// Go structs (a `Time`, a `Quantity`, an `IntOrString`, a raw object): `omitempty` never
/// leaves a struct out, so they are always set; each is zero at what decoding gives for an
/// absent key. Derived structs get the same `is_set`.
macro_rules! structs_are_always_set {
    ($($t:ty => |$v:ident| $zero:expr),* $(,)?) => {
        $(impl IsSet for $t {
            #[inline]
            fn is_set(&self) -> bool {
                true
            }

            #[inline]
            fn is_zero(&self) -> bool {
                let $v = self;
                $zero
            }
        })*
    };
}

structs_are_always_set!(
    crate::meta::Time => |t| t.is_zero(),
    crate::meta::MicroTime => |t| t.is_zero(),
    crate::meta::Duration => |d| *d == crate::meta::Duration::default(),
    crate::meta::Quantity => |q| q.is_zero(),
    crate::meta::IntOrString => |v| *v == crate::meta::IntOrString::Int(0),
    crate::meta::RawExtension => |r| r.0.is_null(),
    crate::meta::FieldsV1 => |f| matches!(f.as_json(), "" | "null" | "{}"),
    serde_json::Value => |v| v.is_null(),
);

/// Clears gated fields whose gate is off, unless the stored object (`old`, on update)
/// already used them: the API change guide's rule for PrepareForCreate/PrepareForUpdate.
/// Derived for every `ApiType`; the default, for a type with nothing gated inside it, does
/// nothing.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `DropDisabledFields`: kapi's `validation` feature is off",
    note = "derived defaulting, validation and gated-field dropping compile only with `kapi = {{ features = [\"validation\"] }}` (the `apiserver` feature turns it on)"
)]
pub trait DropDisabledFields {
    #[inline]
    fn drop_disabled_fields(&mut self, old: Option<&Self>, gates: &FeatureGates) {
        let _ = (old, gates);
    }
}

impl<T: DropDisabledFields> DropDisabledFields for Option<T> {
    fn drop_disabled_fields(&mut self, old: Option<&Self>, gates: &FeatureGates) {
        if let Some(v) = self {
            v.drop_disabled_fields(old.and_then(Option::as_ref), gates);
        }
    }
}

impl<T: DropDisabledFields> DropDisabledFields for Box<T> {
    fn drop_disabled_fields(&mut self, old: Option<&Self>, gates: &FeatureGates) {
        (**self).drop_disabled_fields(old.map(|o| &**o), gates);
    }
}

impl<T: DropDisabledFields> DropDisabledFields for Vec<T> {
    fn drop_disabled_fields(&mut self, old: Option<&Self>, gates: &FeatureGates) {
        for (i, v) in self.iter_mut().enumerate() {
            v.drop_disabled_fields(old.and_then(|o| o.get(i)), gates);
        }
    }
}

impl<K: Ord, T: DropDisabledFields> DropDisabledFields for BTreeMap<K, T> {
    fn drop_disabled_fields(&mut self, old: Option<&Self>, gates: &FeatureGates) {
        for (k, v) in self.iter_mut() {
            v.drop_disabled_fields(old.and_then(|o| o.get(k)), gates);
        }
    }
}

/// Declares the crate's feature gates, at the crate root:
///
/// ```
/// kapi::feature_gates! {
///     /// Two-dimensional frobbers.
///     Frobber2D: Alpha = false,
///     FrobberRestartPolicyOnTuesday: Beta = true,
/// }
/// assert_eq!(FEATURE_GATES.len(), 2);
/// assert!(kapi::feature_gates::FeatureGates::new(FEATURE_GATES).enabled("FrobberRestartPolicyOnTuesday"));
/// ```
///
/// It defines `FEATURE_GATES` (every gate at its default) and a hidden module the derive
/// checks `feature_gate` markers against, so a misspelled gate does not compile: its
/// `check!` accepts each declared gate and reports any other name as codegen does.
#[macro_export]
macro_rules! feature_gates {
    // `$d` is a `$`, so the macro this one defines can have metavariables of its own.
    (@with_dollar ($d:tt) $($(#[$meta:meta])* $name:ident : $stage:ident = $default:literal),*) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub mod __kapi_feature_gates {
            $(
                $(#[$meta])*
                pub const $name: $crate::feature_gates::Gate = $crate::feature_gates::Gate::new(
                    ::core::stringify!($name),
                    $crate::feature_gates::Stage::$stage,
                    $default,
                );
            )*
            #[allow(unused_macros)]
            macro_rules! check {
                $( ($name) => {}; )*
                ($d gate:ident) => {
                    $crate::__private::unknown_feature_gate! { $d gate in $($name),* }
                };
            }
            #[allow(unused_imports)]
            pub(crate) use check;
        }
        /// Every feature gate of this crate, at its default.
        pub const FEATURE_GATES: &[$crate::feature_gates::Gate] = &[$(__kapi_feature_gates::$name),*];
    };
    ($($(#[$meta:meta])* $name:ident : $stage:ident = $default:literal),* $(,)?) => {
        $crate::feature_gates! { @with_dollar ($) $($(#[$meta])* $name : $stage = $default),* }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const GATES: &[Gate] = &[
        Gate::new("A", Stage::Alpha, false),
        Gate::new("B", Stage::Beta, true),
        Gate::new("C", Stage::GA, true),
    ];

    #[test]
    fn defaults_and_parsing() {
        let mut fg = FeatureGates::new(GATES);
        assert!(!fg.enabled("A") && fg.enabled("B") && fg.enabled("C"));
        assert!(!fg.enabled("Nope"));
        fg.set_from_str("A=true, B=false").unwrap();
        assert!(fg.enabled("A") && !fg.enabled("B"));
        assert_eq!(fg.to_string(), "A=true,B=false,C=true");
        assert_eq!(
            fg.set_from_str("A=false,Z=true").unwrap_err(),
            FeatureGateError::Unknown("Z".into())
        );
        assert!(fg.enabled("A"), "a failed parse changes nothing");
        assert!(matches!(
            fg.set_from_str("A"),
            Err(FeatureGateError::MissingValue(_))
        ));
        assert!(matches!(
            fg.set_from_str("A=yes"),
            Err(FeatureGateError::InvalidValue { .. })
        ));
        assert!(matches!(
            fg.set_from_str("C=false"),
            Err(FeatureGateError::Locked { .. })
        ));
        fg.set_from_str("C=true,A=0").unwrap();
        assert!(!fg.enabled("A"));
    }
}
