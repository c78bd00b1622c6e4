//! What generated code reaches for. Hidden: it changes with the generators.

/// The registration hooks of a concrete kind type (see `kapi::scheme::KindHooks`).
pub use crate::__kind_hooks as kind_hooks;
pub use serde;
pub use serde_json;

use crate::fuzz::{FuzzHook, Fuzzer};
use crate::DefaultsHook;
use std::borrow::Cow;
use std::marker::PhantomData;

/// A string that borrows from the input when the deserializer allows it.
pub struct CowStr<'de>(pub Cow<'de, str>);

impl std::ops::Deref for CowStr<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> serde::Deserialize<'de> for CowStr<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CowStr<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(
                self,
                v: &'de str,
            ) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A kind's `apiVersion` / `kind` in the input must be the type's own.
pub fn check_type_meta<E: serde::de::Error>(
    field: &str,
    got: &str,
    expected: &str,
) -> Result<(), E> {
    if got == expected {
        Ok(())
    } else {
        Err(E::custom(format_args!(
            "{field} {got:?} does not match the expected {expected:?}"
        )))
    }
}

/// A `default` marker value for a non-scalar type (an enum, a Quantity, a list), decoded
/// from the JSON the marker held. Codegen checks marker defaults against the schema, so a
/// failure here means a marker the checks could not see; say exactly which one.
pub fn default_from_json<T: serde::de::DeserializeOwned>(json: &str, field: &str) -> T {
    match serde_json::from_str(json) {
        Ok(v) => v,
        Err(e) => panic!("the `default = {json}` marker on {field} does not decode: {e}"),
    }
}

/// Finds a type's `DefaultsHook` impl without specialization: method resolution prefers
/// `ViaDefaultsHook` (on the probe itself) and falls back to `NoDefaultsHook` (on `&probe`).
pub struct HookProbe<T>(PhantomData<T>);

impl<T> HookProbe<T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        HookProbe(PhantomData)
    }
}

pub trait ViaDefaultsHook<T> {
    fn hook(&self) -> fn(&mut T);
}

impl<T: DefaultsHook> ViaDefaultsHook<T> for HookProbe<T> {
    fn hook(&self) -> fn(&mut T) {
        T::default_hook
    }
}

pub trait NoDefaultsHook<T> {
    fn hook(&self) -> fn(&mut T);
}

impl<T> NoDefaultsHook<T> for &HookProbe<T> {
    fn hook(&self) -> fn(&mut T) {
        |_| {}
    }
}

/// Finds a type's `FuzzHook` impl the same way [`HookProbe`] finds `DefaultsHook`:
/// `ViaFuzzHook` on the probe itself wins over `NoFuzzHook` on `&probe`.
pub struct FuzzHookProbe<T>(PhantomData<T>);

impl<T> FuzzHookProbe<T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        FuzzHookProbe(PhantomData)
    }
}

pub trait ViaFuzzHook<T> {
    fn fuzz_hook(&self) -> fn(&mut T, &mut Fuzzer);
}

impl<T: FuzzHook> ViaFuzzHook<T> for FuzzHookProbe<T> {
    fn fuzz_hook(&self) -> fn(&mut T, &mut Fuzzer) {
        T::fuzz_hook
    }
}

pub trait NoFuzzHook<T> {
    fn fuzz_hook(&self) -> fn(&mut T, &mut Fuzzer);
}

impl<T> NoFuzzHook<T> for &FuzzHookProbe<T> {
    fn fuzz_hook(&self) -> fn(&mut T, &mut Fuzzer) {
        |_, _| {}
    }
}

/// Finds a type's `ValidateHook` the same way [`HookProbe`] finds `DefaultsHook`.
pub struct ValidateHookProbe<T>(PhantomData<T>);

impl<T> ValidateHookProbe<T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        ValidateHookProbe(PhantomData)
    }
}

type ValidateHookFn<T> = fn(
    &T,
    Option<&T>,
    &crate::validation::Path<'_>,
    &crate::validation::Options<'_>,
    &mut crate::validation::ErrorList,
);

pub trait ViaValidateHook<T> {
    fn validate_hook(&self) -> ValidateHookFn<T>;
}

impl<T: crate::validation::ValidateHook> ViaValidateHook<T> for ValidateHookProbe<T> {
    fn validate_hook(&self) -> ValidateHookFn<T> {
        T::validate_hook
    }
}

pub trait NoValidateHook<T> {
    fn validate_hook(&self) -> ValidateHookFn<T>;
}

impl<T> NoValidateHook<T> for &ValidateHookProbe<T> {
    fn validate_hook(&self) -> ValidateHookFn<T> {
        |_, _, _, _, _| {}
    }
}
pub use regex_lite;
