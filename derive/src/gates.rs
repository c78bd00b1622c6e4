//! Feature gates in the derive: `kapi::feature_gates::DropDisabledFields` (gated fields are
//! cleared when their gate is off, unless the old object already used them) and a
//! compile-time check that every `feature_gate` marker names a gate the crate declared with
//! `kapi::feature_gates!` (a misspelling is a compile error at the marker).

use crate::input::{field_ident, old_field, Input};
use kapi_model::check::unknown_feature_gate;
use kapi_model::span::CompilerSpans;
use kapi_model::{Shape, Spanned};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let checks = gate_checks(input);
    let fields = input.fields();
    let drops: Vec<TokenStream> = fields
        .iter()
        .filter_map(|(m, f)| {
            let gate = m.feature_gate.as_ref()?;
            let name = field_ident(f);
            Some(quote! {
                if !__gates.enabled(#gate)
                    && !__old.is_some_and(|__o| ::kapi::feature_gates::IsSet::is_set(&__o.#name))
                {
                    self.#name = ::core::default::Default::default();
                }
            })
        })
        .collect();
    let recursions: Vec<TokenStream> = fields
        .iter()
        .filter(|(m, _)| m.ty.names_a_type())
        .map(|(_, f)| {
            let name = field_ident(f);
            let old = old_field(&name);
            quote! {
                __Drop::drop_disabled_fields(&mut self.#name, #old, __gates);
            }
        })
        .collect();
    // Nothing gated here and nothing nested that could be: the trait's no-op default.
    if drops.is_empty() && recursions.is_empty() {
        return quote! {
            #checks
            ::kapi::__private::if_validation! {
                impl ::kapi::feature_gates::DropDisabledFields for #ident {}
            }
        };
    }
    let alias = (!recursions.is_empty())
        .then(|| quote! { use ::kapi::feature_gates::DropDisabledFields as __Drop; });
    quote! {
        #checks
        ::kapi::__private::if_validation! {
            impl ::kapi::feature_gates::DropDisabledFields for #ident {
                #inline_attr
                fn drop_disabled_fields(
                    &mut self,
                    __old: ::core::option::Option<&Self>,
                    __gates: &::kapi::feature_gates::FeatureGates,
                ) {
                    #(#drops)*
                    #alias
                    #(#recursions)*
                }
            }
        }
    }
}

/// `crate::__kapi_feature_gates::check! { Gate }` per marker, spanned at the marker: the
/// macro `kapi::feature_gates!` defines knows the declared gates, this derive does not.
fn gate_checks(input: &Input) -> TokenStream {
    let gates: Vec<&Spanned<String>> = match &input.def.shape {
        Shape::Struct { fields } => fields
            .iter()
            .filter_map(|f| f.feature_gate.as_ref())
            .collect(),
        Shape::Enum { variants, .. } => variants
            .iter()
            .filter_map(|v| v.feature_gate.as_ref())
            .collect(),
    };
    let checks = gates.iter().filter_map(|gate| {
        // A gate name that is not an identifier cannot be declared; the model reports it.
        let ident = syn::parse_str::<syn::Ident>(gate).ok()?;
        let span = input.span(gate.span);
        let ident = syn::Ident::new(&ident.to_string(), span);
        Some(quote_spanned! {span=>
            crate::__kapi_feature_gates::check! { #ident }
        })
    });
    quote! { #(#checks)* }
}

/// `Gate in Declared, ..` into codegen's diagnostic for an unknown gate, at `Gate`.
pub fn unknown(input: TokenStream) -> TokenStream {
    let parsed = syn::parse::Parser::parse2(
        |stream: syn::parse::ParseStream| {
            let gate: syn::Ident = stream.parse()?;
            stream.parse::<syn::Token![in]>()?;
            let declared =
                syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated(
                    stream,
                )?;
            Ok((gate, declared))
        },
        input,
    );
    let (gate, declared) = match parsed {
        Ok(p) => p,
        Err(err) => return err.to_compile_error(),
    };
    let declared: Vec<String> = declared.iter().map(|d| d.to_string()).collect();
    let declared: Vec<&str> = declared.iter().map(String::as_str).collect();
    let (diagnostic, spans) = CompilerSpans::record(|| {
        unknown_feature_gate(&gate.to_string(), gate.span().into(), &declared)
    });
    diagnostic.to_syn_error(&spans).to_compile_error()
}
