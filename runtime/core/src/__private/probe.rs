//! Finds the optional trait impls of a concrete type without specialization, where generated
//! code knows the type (a generic function cannot ask whether a type implements a trait).
//!
//! One probe, [`Probe<T>`], and per hook a pair of traits: `Via*` is implemented on the
//! probe when `T` has the hook, `No*` on `&Probe<T>` for every `T`. Calling the pair's method
//! on `&Probe::<T>::new()` makes method resolution try the probe itself first (no autoref),
//! so `Via*` wins when its bound holds and `No*` answers otherwise:
//!
//! ```text
//! use ::kapi::__private::probe::{NoNormalize as _, ViaNormalize as _};
//! let normalize = (&::kapi::__private::probe::Probe::<T>::new()).normalize_fn();
//! ```

use crate::scheme::{NormalizeFn, ObjectMetaFns, ProtobufFns};
use std::marker::PhantomData;

/// The probe: a zero-sized stand-in for `T` that the hook traits are implemented on.
pub struct Probe<T>(PhantomData<T>);

impl<T> Probe<T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Probe(PhantomData)
    }
}

/// Declares one hook's pair: `$via` on `Probe<T>` when `T: $bound` answers `$found`, `$no`
/// on `&Probe<T>` answers `$missing`.
macro_rules! hook_pair {
    (
        $(#[$meta:meta])*
        $via:ident / $no:ident: $bound:path => fn $method:ident() -> $ret:ty {
            found: $found:expr,
            missing: $missing:expr $(,)?
        }
    ) => {
        $(#[$meta])*
        pub trait $via<T> {
            fn $method(&self) -> $ret;
        }

        $(#[$meta])*
        impl<T: $bound> $via<T> for Probe<T> {
            fn $method(&self) -> $ret {
                $found
            }
        }

        $(#[$meta])*
        pub trait $no<T> {
            fn $method(&self) -> $ret;
        }

        $(#[$meta])*
        impl<T> $no<T> for &Probe<T> {
            fn $method(&self) -> $ret {
                $missing
            }
        }
    };
}

hook_pair! {
    #[cfg(feature = "fuzz")]
    ViaFuzzHook / NoFuzzHook: crate::fuzz::FuzzHook
        => fn fuzz_hook() -> fn(&mut T, &mut crate::fuzz::Fuzzer) {
        found: T::fuzz_hook,
        missing: |_, _| {},
    }
}

hook_pair! {
    ViaNormalize / NoNormalize: crate::Normalize => fn normalize_fn() -> Option<NormalizeFn<T>> {
        found: Some(T::normalize),
        missing: None,
    }
}

hook_pair! {
    ViaResource / NoResource: crate::Resource => fn object_meta_fns() -> Option<ObjectMetaFns<T>> {
        found: Some(ObjectMetaFns::of_resource()),
        missing: None,
    }
}

hook_pair! {
    ViaProtobuf / NoProtobuf: crate::codec::protobuf::ProtoMessage
        => fn protobuf_fns() -> Option<ProtobufFns<T>> {
        found: Some(ProtobufFns::of_message()),
        missing: None,
    }
}

/// A concrete kind type's [`crate::Normalize`], if it has one, found by the probe: what
/// generated `add_to_scheme` functions cannot know from the model.
#[doc(hidden)]
#[macro_export]
#[cfg(feature = "validation")]
macro_rules! __normalize_fn {
    ($t:ty) => {{
        #[allow(unused_imports)]
        use $crate::__private::probe::{NoNormalize as _, ViaNormalize as _};
        // The `&` is how method resolution tells the pair apart; it is not needless.
        #[allow(clippy::needless_borrow)]
        let normalize = (&$crate::__private::probe::Probe::<$t>::new()).normalize_fn();
        normalize
    }};
}

/// [`normalize_fn!`] with kapi's `validation` feature off: none. Normalization runs only on
/// the scheme's write path, which the feature carries, so the probe is not paid for.
#[doc(hidden)]
#[macro_export]
#[cfg(not(feature = "validation"))]
macro_rules! __normalize_fn {
    ($t:ty) => {
        ::core::option::Option::<$crate::scheme::NormalizeFn<$t>>::None
    };
}

/// The [`KindHooks`](crate::scheme::KindHooks) of a concrete kind type, found by the
/// probe. Generated `add_to_scheme` functions call it once per kind.
#[doc(hidden)]
#[macro_export]
macro_rules! __kind_hooks {
    ($t:ty) => {{
        // One trait of each pair is picked by method resolution; the other is unused.
        #[allow(unused_imports)]
        use $crate::__private::probe::{
            NoNormalize as _, NoProtobuf as _, NoResource as _, ViaNormalize as _,
            ViaProtobuf as _, ViaResource as _,
        };
        // The `&` is how method resolution tells each pair apart; it is not needless.
        #[allow(clippy::needless_borrow)]
        let hooks = $crate::scheme::KindHooks::<$t> {
            normalize: (&$crate::__private::probe::Probe::<$t>::new()).normalize_fn(),
            object_meta: (&$crate::__private::probe::Probe::<$t>::new()).object_meta_fns(),
            protobuf: (&$crate::__private::probe::Probe::<$t>::new()).protobuf_fns(),
        };
        hooks
    }};
}
