//! Go's zero value, which `omitempty` leaves out: `IsSet` for the type. A struct is never
//! left out (Go's `omitempty` does not omit a struct); a string enum is unset when empty, as
//! the Go string it is.

use crate::input::Input;
use kapi_codegen::model::Shape;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let is_set = match &input.def.shape {
        Shape::Struct { .. } => quote!(true),
        Shape::Enum { .. } => quote!(!self.as_str().is_empty()),
    };
    quote! {
        impl ::kapi::feature_gates::IsSet for #ident {
            #[inline]
            fn is_set(&self) -> bool {
                #is_set
            }
        }
    }
}
