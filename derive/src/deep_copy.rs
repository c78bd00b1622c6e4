//! Deep copy: `Clone` whose `clone_from` copies field by field into the destination's
//! existing allocations (strings, vectors, maps), plus the zero-value `Default`.

use crate::input::{field_ident, Input};
use kapi_model::TypeRef;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let fields = input.fields();
    let clones = fields.iter().map(|(_, f)| {
        let name = field_ident(f);
        quote! { #name: ::core::clone::Clone::clone(&self.#name) }
    });
    let clone_froms = fields.iter().map(|(model, f)| {
        let name = field_ident(f);
        clone_from_field(&model.ty, quote!(self.#name), quote!(source.#name))
    });
    let defaults = fields.iter().map(|(_, f)| {
        let name = field_ident(f);
        quote! { #name: ::core::default::Default::default() }
    });
    quote! {
        impl ::core::clone::Clone for #ident {
            #[inline]
            fn clone(&self) -> Self {
                Self { #(#clones,)* }
            }

            #inline_attr
            fn clone_from(&mut self, source: &Self) {
                #(#clone_froms)*
            }
        }

        impl ::core::default::Default for #ident {
            #inline_attr
            fn default() -> Self {
                Self { #(#defaults,)* }
            }
        }
    }
}

/// `BTreeMap::clone_from` reallocates every node; kapi's helper reuses entries with equal keys.
fn clone_from_field(ty: &TypeRef, dst: TokenStream, src: TokenStream) -> TokenStream {
    match ty {
        TypeRef::Map { container, .. } if container == "BTreeMap" => {
            quote! { ::kapi::__private::deep_copy::btree_map_clone_from(&mut #dst, &#src); }
        }
        TypeRef::Option(inner) if matches!(&**inner, TypeRef::Map { container, .. } if container == "BTreeMap") =>
        {
            quote! {
                match (&mut #dst, &#src) {
                    (::core::option::Option::Some(d), ::core::option::Option::Some(s)) => {
                        ::kapi::__private::deep_copy::btree_map_clone_from(d, s)
                    }
                    (d, s) => *d = ::core::clone::Clone::clone(s),
                }
            }
        }
        _ => quote! { ::core::clone::Clone::clone_from(&mut #dst, &#src); },
    }
}
