//! `group_version!`: the module's group, version and package facts as one constant that the
//! kinds of the module read their apiVersion and validation style from.

use kapi_model::diagnostics::Diagnostics;
use kapi_model::span::CompilerSpans;
use kapi_model::{parse, ValidationStyle};
use proc_macro2::{Span, TokenStream};
use quote::quote;

pub fn expand(input: TokenStream) -> TokenStream {
    let mut diags = Diagnostics::default();
    let (gv, spans) = CompilerSpans::record(|| {
        parse::parse_group_version(input, Span::call_site().into(), &mut diags)
    });
    if let Some(err) = diags.to_syn_error(&spans) {
        return err.to_compile_error();
    }
    let Some(gv) = gv else {
        return TokenStream::new();
    };
    let group = &gv.group;
    let version = &gv.version;
    let api_version = gv.api_version();
    let internal = gv.internal;
    let go_name = &gv.go_name;
    let protobuf_package = match &gv.protobuf_package {
        Some(p) => quote!(::core::option::Option::Some(#p)),
        None => quote!(::core::option::Option::None),
    };
    let validation = match gv.validation {
        ValidationStyle::BuiltIn => quote!(::kapi::validation::Style::BuiltIn),
        ValidationStyle::Schema => quote!(::kapi::validation::Style::Schema),
    };
    quote! {
        /// This module's group-version, declared with `kapi::group_version!`.
        pub const GROUP_VERSION: ::kapi::GroupVersionInfo = ::kapi::GroupVersionInfo {
            group: #group,
            version: #version,
            api_version: #api_version,
            internal: #internal,
            go_name: #go_name,
            protobuf_package: #protobuf_package,
            validation: #validation,
        };
    }
}
