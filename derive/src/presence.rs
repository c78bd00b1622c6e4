//! Go's zero value, which `omitempty` leaves out: `IsSet` for the type. A struct is never
//! left out (Go's `omitempty` does not omit a struct), but it is zero when every field is:
//! what decoding gives for an absent key, which schema-style validation treats as absent. A
//! string enum is unset when empty, as the Go string it is.

use crate::input::{field_ident, Input};
use kapi_model::Shape;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let (is_set, is_zero) = match &input.def.shape {
        Shape::Struct { .. } => {
            let fields = input.fields();
            let zero: Vec<TokenStream> = fields
                .iter()
                .map(|(_, f)| {
                    let name = field_ident(f);
                    quote!(::kapi::feature_gates::IsSet::is_zero(&self.#name))
                })
                .collect();
            let zero = match zero.is_empty() {
                true => quote!(true),
                false => quote!(#(#zero)&&*),
            };
            let is_zero = quote! {
                #[inline]
                fn is_zero(&self) -> bool {
                    #zero
                }
            };
            (quote!(true), is_zero)
        }
        Shape::Enum { .. } => (quote!(!self.as_str().is_empty()), TokenStream::new()),
    };
    quote! {
        impl ::kapi::feature_gates::IsSet for #ident {
            #[inline]
            fn is_set(&self) -> bool {
                #is_set
            }
            #is_zero
        }
    }
}
