//! kapi's proc-macros. `#[derive(ApiType)]` parses its item with kapi-model's parser (the
//! same parser codegen uses, so markers mean the same everywhere) and emits the per-type
//! code: Kubernetes JSON serde, deep copy, defaulting, kind metadata, random values for
//! round-trip tests, validation, feature-gate field dropping, protobuf and patch metadata.
//!
//! `input.rs` is the item as the emitters see it (its model `TypeDef` and its `syn` item);
//! each emitter is one module with one `expand`, and `emit` here runs them. Emitters
//! share only `input.rs` and `syn_types.rs`, never each other.

mod de;
mod deep_copy;
mod defaults;
mod enums;
mod fuzz;
mod gates;
mod group_version;
mod input;
mod kind;
mod patch_shape;
mod presence;
mod protobuf;
mod ser;
mod syn_types;
mod validate;

use input::Input;
use kapi_model::Shape;
use proc_macro::TokenStream;
use quote::quote;

/// Per-type code for an API struct or string enum; markers go in `#[k8s(...)]`.
#[proc_macro_derive(ApiType, attributes(k8s))]
pub fn derive_api_type(input: TokenStream) -> TokenStream {
    expand(input.into()).into()
}

/// Declares the group-version of the enclosing module:
/// `kapi::group_version! { group_name = "example.com", version = "v1" }`.
#[proc_macro]
pub fn group_version(input: TokenStream) -> TokenStream {
    group_version::expand(input.into()).into()
}

/// The error for a `feature_gate` marker naming no declared gate, `Gate in Declared, ..`:
/// called by the `check!` macro `kapi::feature_gates!` defines, so the derive says what
/// codegen says.
#[doc(hidden)]
#[proc_macro]
pub fn unknown_feature_gate(input: TokenStream) -> TokenStream {
    gates::unknown(input.into()).into()
}

/// The derive's whole expansion, as tokens; public to the crate's snapshot tests.
fn expand(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    match Input::parse(input) {
        Ok(input) => emit(&input),
        Err(err) => err.to_compile_error(),
    }
}

/// Every emitter's code for one type: each emitter reads only the model and the item.
fn emit(input: &Input) -> proc_macro2::TokenStream {
    let by_shape = match &input.def.shape {
        Shape::Struct { .. } => {
            let clone = deep_copy::expand(input);
            let defaults = defaults::expand(input);
            let kind = kind::expand(input);
            // `custom_json`: the type's serde impls are the user's.
            if input.def.custom_json.is_some() {
                quote! { #clone #defaults #kind }
            } else {
                let ser = ser::expand(input);
                let de = de::expand(input);
                quote! { #clone #ser #de #defaults #kind }
            }
        }
        Shape::Enum { .. } => enums::expand(input),
    };
    let fuzz = fuzz::expand(input);
    let validate = validate::expand(input);
    let gates = gates::expand(input);
    let protobuf = protobuf::expand(input);
    let presence = presence::expand(input);
    let patch_shape = patch_shape::expand(input);
    quote! { #by_shape #presence #fuzz #validate #gates #protobuf #patch_shape }
}

#[cfg(test)]
mod tests;
