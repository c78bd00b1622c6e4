//! What generated code reaches for: the derive's and the generators' support, one module
//! per concern. Hidden: it changes with the generators. Traits and types users also name
//! (`ApplyDefaults`, `Validate`, `Fuzz`, `ProtoValue`, the meta types) stay at their public
//! paths.

pub mod conversion;
pub mod deep_copy;
pub mod deserialize;
pub mod hooks;
pub mod probe;
pub mod protobuf;
pub mod serialize;
pub mod validation;

pub use crate::__kind_hooks as kind_hooks;
pub use crate::__normalize_fn as normalize_fn;
pub use deserialize::{default_from_json, default_when_unset};
pub use kapi_derive::unknown_feature_gate;
pub use regex_lite;
pub use serde;
pub use serde_json;

/// Expands to its input when kapi's `fuzz` feature is on, to nothing otherwise: generated
/// code wraps what only round-trip tests need (`Fuzz` impls, round-trip checks) in it, so
/// an API crate compiles with or without the feature.
#[cfg(feature = "fuzz")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_fuzz {
    ($($item:tt)*) => { $($item)* };
}

/// [`if_fuzz!`] with the `fuzz` feature off: nothing.
#[cfg(not(feature = "fuzz"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_fuzz {
    ($($item:tt)*) => {};
}

pub use crate::__if_fuzz as if_fuzz;

/// Expands to its input when kapi's `validation` feature is on, to nothing otherwise: the
/// derive wraps each type's `ApplyDefaults`, `Validate` and `DropDisabledFields` impls in
/// it, so an API crate used only as a client of a real cluster never type-checks them
/// (14–25% of the 100-kind synthetic crate's check time, a fifth of its memory). The hook
/// declarations stay outside, so hand-written hooks compile either way.
#[cfg(feature = "validation")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_validation {
    ($($item:tt)*) => { $($item)* };
}

/// [`if_validation!`] with the `validation` feature off: nothing.
#[cfg(not(feature = "validation"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_validation {
    ($($item:tt)*) => {};
}

pub use crate::__if_validation as if_validation;

#[cfg(test)]
mod tests {
    crate::__private::if_fuzz! {
        fn only_with_fuzz() -> bool {
            true
        }
    }

    #[cfg(feature = "fuzz")]
    #[test]
    fn if_fuzz_keeps_its_items_with_the_feature() {
        assert!(only_with_fuzz());
    }

    crate::__private::if_validation! {
        fn only_with_validation() -> bool {
            true
        }
    }

    #[cfg(feature = "validation")]
    #[test]
    fn if_validation_keeps_its_items_with_the_feature() {
        assert!(only_with_validation());
    }
}
