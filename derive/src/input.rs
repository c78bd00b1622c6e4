//! The derive's view of its item: the parsed model plus the syn tokens it came from.

use kapi_model::diagnostics::Diagnostics;
use kapi_model::span::{CompilerSpans, Span};
use kapi_model::{parse, Field, TypeDef};
use proc_macro2::TokenStream;
use quote::format_ident;

pub struct Input {
    pub def: TypeDef,
    pub item: syn::Item,
    /// The compiler's spans of the model's spans.
    pub spans: CompilerSpans,
}

impl Input {
    pub fn parse(tokens: TokenStream) -> syn::Result<Input> {
        let item: syn::Item = syn::parse2(tokens)?;
        let mut diags = Diagnostics::default();
        let (def, spans) = CompilerSpans::record(|| parse::parse_item(&item, &mut diags));
        if let Some(err) = diags.to_syn_error(&spans) {
            return Err(err);
        }
        let def =
            def.ok_or_else(|| syn::Error::new(proc_macro2::Span::call_site(), "unsupported item"))?;
        Ok(Input { def, item, spans })
    }

    /// The compiler's span of a model span, for errors and generated tokens.
    pub fn span(&self, span: Span) -> proc_macro2::Span {
        self.spans.get(span)
    }

    pub fn ident(&self) -> syn::Ident {
        match &self.item {
            syn::Item::Struct(s) => s.ident.clone(),
            syn::Item::Enum(e) => e.ident.clone(),
            _ => format_ident!("{}", self.def.name),
        }
    }

    /// Whether the derive writes a protobuf message for the type: a struct whose every field
    /// has a protobuf number.
    pub fn has_protobuf_message(&self) -> bool {
        match &self.def.shape {
            kapi_model::Shape::Struct { fields } => fields.iter().all(|f| f.protobuf.is_some()),
            kapi_model::Shape::Enum { .. } => false,
        }
    }

    /// The model fields zipped with their syn fields.
    pub fn fields(&self) -> Vec<(&Field, &syn::Field)> {
        let syn::Item::Struct(s) = &self.item else {
            return Vec::new();
        };
        self.def.fields().iter().zip(s.fields.iter()).collect()
    }
}

/// The field's identifier, raw if it is a keyword (`r#type`).
pub fn field_ident(f: &syn::Field) -> syn::Ident {
    f.ident
        .clone()
        .unwrap_or_else(|| format_ident!("__unnamed"))
}

/// The attribute on every non-generic method the derive writes. In an optimized build the
/// method is compiled in the crate that calls it, as a generic would be, so an API crate of
/// hundreds of types costs its users only the types they use. Unoptimized builds keep one
/// copy in the API crate that every test binary links, rather than one per test binary.
pub fn compiled_where_used() -> TokenStream {
    quote::quote!(#[cfg_attr(not(debug_assertions), inline)])
}

/// The old object's `name` field: a `match`, not `Option::map` with a closure, because a
/// closure is a body of its own for the type and borrow checkers, once per field per type.
pub fn old_field(name: &syn::Ident) -> TokenStream {
    quote::quote! {
        match __old {
            ::core::option::Option::Some(__o) => ::core::option::Option::Some(&__o.#name),
            ::core::option::Option::None => ::core::option::Option::None,
        }
    }
}
