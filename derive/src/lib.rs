//! kapi's proc-macros. `#[derive(ApiType)]` parses its item with kapi-codegen's model (the
//! same parser codegen uses, so markers mean the same everywhere) and emits the per-type
//! code: Kubernetes JSON serde, deep copy, defaulting, kind metadata and random values
//! for round-trip tests.

mod de;
mod deep_copy;
mod defaults;
mod enums;
mod fuzz;
mod gates;
mod group_version;
mod input;
mod kind;
mod protobuf;
mod ser;
mod validate;

use proc_macro::TokenStream;

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

/// The derive's whole expansion, as tokens; public to the crate's snapshot tests.
fn expand(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    match input::Input::parse(input) {
        Ok(input) => input.expand(),
        Err(err) => err.to_compile_error(),
    }
}

#[cfg(test)]
mod tests;
