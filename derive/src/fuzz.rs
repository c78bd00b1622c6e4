//! Random values: `kapi::fuzz::Fuzz` for every API type, for round-trip tests. Each field is
//! filled within its markers: number bounds, string lengths and formats, list lengths, unique
//! items of sets and unique keys of list-maps, at most one member of a union (with the
//! discriminator naming it). Optional fields are sometimes unset; required ones always set.
//! Then the type's hand-written `FuzzHook` runs, found by the probe without registration
//! (fuzz code compiles only in test builds, so the probe costs users nothing).
//! `pattern` markers are not followed: values stay within the other markers only.

use crate::input::{field_ident, Input};
use crate::syn_types::option_inner;
use kapi_model::{Bound, Field, ListType, Scalar, Shape, Spanned, TypeRef};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// The `Fuzz` impl, inside `kapi::__private::if_fuzz!`: only round-trip tests need it, so it
/// compiles only where the API crate's build turns kapi's `fuzz` feature on.
pub fn expand(input: &Input) -> TokenStream {
    let fuzz = fuzz_impl(input);
    quote! { ::kapi::__private::if_fuzz! { #fuzz } }
}

fn fuzz_impl(input: &Input) -> TokenStream {
    let ident = input.ident();
    let body = match &input.def.shape {
        Shape::Struct { .. } => struct_body(input),
        Shape::Enum { variants, other } => {
            let names: Vec<syn::Ident> = variants
                .iter()
                .map(|v| format_ident!("{}", v.rust_name))
                .collect();
            enum_body(&names, &format_ident!("{}", other))
        }
    };
    quote! {
        impl ::kapi::fuzz::Fuzz for #ident {
            fn fuzz(__f: &mut ::kapi::fuzz::Fuzzer) -> Self {
                #body
                __v
            }
        }
    }
}

/// The type's `FuzzHook`, if it has one; for structs it runs at the struct's own depth, so
/// values it makes nest like the derived ones.
fn run_hook() -> TokenStream {
    quote! {
        {
            use ::kapi::__private::probe::{NoFuzzHook as _, ViaFuzzHook as _};
            (&::kapi::__private::probe::Probe::<Self>::new()).fuzz_hook()(&mut __v, __f);
        }
    }
}

/// Sometimes a value outside the set (enums are open); otherwise each known value equally
/// likely, gated or not.
fn enum_body(variants: &[syn::Ident], other: &syn::Ident) -> TokenStream {
    let n = variants.len();
    let arms = variants
        .iter()
        .enumerate()
        .map(|(i, v)| quote! { #i => Self::#v, });
    let hook = run_hook();
    quote! {
        let mut __v = match __f.unknown_value(Self::VALUES) {
            ::core::option::Option::Some(__other) => Self::#other(__other),
            ::core::option::Option::None => match __f.index(#n) {
                #(#arms)*
                _ => Self::#other(::std::string::String::new()),
            },
        };
        #hook
    }
}

fn struct_body(input: &Input) -> TokenStream {
    let fields = input.fields();
    let union = input.def.union;
    let is_member = |m: &Field| union && !m.union_discriminator;
    let members: Vec<&Field> = fields
        .iter()
        .map(|(m, _)| *m)
        .filter(|m| is_member(m))
        .collect();
    let mut member_index = 0usize;
    let values: Vec<TokenStream> = fields
        .iter()
        .map(|(m, f)| {
            let name = field_ident(f);
            let value = if is_member(m) {
                let k = member_index;
                member_index += 1;
                let set = match &m.ty {
                    TypeRef::Option(inner) => {
                        let v = value_of(inner, m);
                        quote! { ::core::option::Option::Some(#v) }
                    }
                    ty => value_of(ty, m),
                };
                quote! {
                    if __member == ::core::option::Option::Some(#k) {
                        #set
                    } else {
                        ::core::default::Default::default()
                    }
                }
            } else {
                field_value(m)
            };
            quote! { #name: #value }
        })
        .collect();
    let choose_member = union.then(|| {
        let n = members.len();
        quote! { let __member = __f.union_member(#n); }
    });
    let discriminator = union
        .then(|| fields.iter().find(|(m, _)| m.union_discriminator))
        .flatten()
        .map(|(m, f)| set_discriminator(m, f, &members));
    let hook = run_hook();
    quote! {
        __f.enter();
        #choose_member
        let mut __v = Self { #(#values,)* };
        #discriminator
        #hook
        __f.leave();
    }
}

/// Names the member that is set, by the Kubernetes convention: its JSON name with the first
/// letter upper-cased, parsed with the discriminator type's `FromStr` (which the enum derive
/// provides). A value the type does not accept leaves the random one.
fn set_discriminator(m: &Field, f: &syn::Field, members: &[&Field]) -> TokenStream {
    let name = field_ident(f);
    let (ty, wrap) = match (&m.ty, option_inner(&f.ty)) {
        (TypeRef::Option(_), Some(inner)) => (inner, quote!(::core::option::Option::Some(__d))),
        _ => {
            let ty = &f.ty;
            (quote!(#ty), quote!(__d))
        }
    };
    let arms = members.iter().enumerate().map(|(k, member)| {
        let value = member.discriminator_value();
        quote! {
            ::core::option::Option::Some(#k) => {
                if let ::core::result::Result::Ok(__d) = <#ty as ::core::str::FromStr>::from_str(#value) {
                    __v.#name = #wrap;
                }
            }
        }
    });
    quote! {
        match __member {
            #(#arms)*
            _ => {}
        }
    }
}

/// A field's value: `Option`s and optional fields that can be empty are sometimes unset;
/// everything else is always set.
fn field_value(m: &Field) -> TokenStream {
    match &m.ty {
        TypeRef::Option(inner) => {
            let v = value_of(inner, m);
            quote! { __f.option(|__f| #v) }
        }
        ty if m.optional && ty.has_empty_value() => {
            let v = value_of(ty, m);
            quote! {
                if __f.should_set() {
                    #v
                } else {
                    ::core::default::Default::default()
                }
            }
        }
        ty => value_of(ty, m),
    }
}

/// A set value of `ty` at the field's own level: the markers apply, and strings and
/// collections are non-empty. Below it, values come from the types' own `Fuzz`, except
/// that a `format` also applies to string list items.
fn value_of(ty: &TypeRef, m: &Field) -> TokenStream {
    let v = &m.validation;
    match ty {
        TypeRef::Scalar(Scalar::String) => {
            let min = usize_of(v.min_length).unwrap_or(0).max(1);
            let max = option_usize(usize_of(v.max_length));
            match &v.format {
                Some(format) => quote! { __f.formatted(#format, #min, #max) },
                None => quote! { __f.string(#min, #max) },
            }
        }
        TypeRef::Scalar(s) if s.is_integer() => {
            let (ty_min, ty_max) = int_range(*s);
            let lo = v.minimum.map_or(ty_min, |x| {
                let c = x.value.value.ceil();
                let c = if x.exclusive && c == x.value.value {
                    c + 1.0
                } else {
                    c
                };
                (c as i128).max(ty_min)
            });
            let hi = v.maximum.map_or(ty_max, |x| {
                let c = x.value.value.floor();
                let c = if x.exclusive && c == x.value.value {
                    c - 1.0
                } else {
                    c
                };
                (c as i128).min(ty_max)
            });
            if (lo, hi) == (ty_min, ty_max) {
                return fuzz();
            }
            let ty = format_ident!("{}", s.rust_name());
            let (lo, hi) = (i128_tokens(lo), i128_tokens(hi));
            quote! { __f.int_in::<#ty>(#lo, #hi) }
        }
        TypeRef::Scalar(s @ (Scalar::F32 | Scalar::F64))
            if v.minimum.is_some() || v.maximum.is_some() =>
        {
            let ty = format_ident!("{}", s.rust_name());
            let lo = f64_tokens(v.minimum, quote!(NEG_INFINITY));
            let hi = f64_tokens(v.maximum, quote!(INFINITY));
            let exclusive = |b: Option<Spanned<Bound>>| b.is_some_and(|b| b.exclusive);
            let (xmin, xmax) = (exclusive(v.minimum), exclusive(v.maximum));
            quote! { __f.float_in::<#ty>(#lo, #hi, #xmin, #xmax) }
        }
        TypeRef::Vec(inner) => {
            let item = match (&**inner, &v.format) {
                (TypeRef::Scalar(Scalar::String), Some(format)) => {
                    let none = option_usize(None);
                    quote! { __f.formatted(#format, 0, #none) }
                }
                _ => fuzz(),
            };
            let max = usize_of(v.max_items);
            let min = usize_of(v.min_items).unwrap_or(0).max(1);
            let min = max.map_or(min, |max| min.min(max));
            let max = option_usize(max);
            match m.list_type.as_deref() {
                Some(ListType::Map) => {
                    let keys = &m.list_map_keys;
                    quote! { __f.list_map(#min, #max, &[#(#keys),*], |__f| #item) }
                }
                Some(ListType::Set) => quote! { __f.list_set(#min, #max, |__f| #item) },
                _ => quote! { __f.vec(#min, #max, |__f| #item) },
            }
        }
        TypeRef::Map { .. } => {
            let (key, value, none) = (fuzz(), fuzz(), option_usize(None));
            quote! { __f.map(1, #none, |__f| #key, |__f| #value) }
        }
        TypeRef::Box(inner) => {
            let v = value_of(inner, m);
            quote! { ::std::boxed::Box::new(#v) }
        }
        TypeRef::Scalar(_) | TypeRef::Option(_) | TypeRef::Named(_) => fuzz(),
    }
}

fn fuzz() -> TokenStream {
    quote! { ::kapi::fuzz::Fuzz::fuzz(__f) }
}

fn usize_of(v: Option<Spanned<i64>>) -> Option<usize> {
    v.map(|v| usize::try_from(v.value).unwrap_or(0))
}

fn option_usize(v: Option<usize>) -> TokenStream {
    match v {
        Some(v) => quote! { ::core::option::Option::Some(#v) },
        None => quote! { ::core::option::Option::None },
    }
}

fn int_range(s: Scalar) -> (i128, i128) {
    match s {
        Scalar::I8 => (i8::MIN.into(), i8::MAX.into()),
        Scalar::I16 => (i16::MIN.into(), i16::MAX.into()),
        Scalar::I32 => (i32::MIN.into(), i32::MAX.into()),
        Scalar::I64 => (i64::MIN.into(), i64::MAX.into()),
        Scalar::U8 => (0, u8::MAX.into()),
        Scalar::U16 => (0, u16::MAX.into()),
        Scalar::U32 => (0, u32::MAX.into()),
        Scalar::U64 => (0, u64::MAX.into()),
        _ => (0, 0),
    }
}

/// A literal that stays an `i128` however large: the sign is applied to the magnitude.
fn i128_tokens(v: i128) -> TokenStream {
    let lit = Literal::u128_unsuffixed(v.unsigned_abs());
    if v < 0 {
        quote! { -#lit }
    } else {
        quote! { #lit }
    }
}

fn f64_tokens(v: Option<Spanned<Bound>>, unbounded: TokenStream) -> TokenStream {
    match v.map(|v| v.value.value) {
        Some(x) if x.is_finite() => {
            let lit = Literal::f64_unsuffixed(x.abs());
            if x < 0.0 {
                quote! { -#lit }
            } else {
                quote! { #lit }
            }
        }
        _ => quote! { ::core::primitive::f64::#unbounded },
    }
}
