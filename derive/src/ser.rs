//! Serialize per the Kubernetes JSON conventions: kinds write `kind` and `apiVersion` first;
//! each field's `presence` says what an unset or empty value becomes: left out (Go's
//! `omitempty`, the default for optional fields), written as it is (the default for required
//! fields), or `null`. Each field is one call to a method of `kapi::__private::serialize::Fields`;
//! `write_field` picks it. The fields are written by `SerializeFields`, so a struct embedded
//! with `inline` writes its fields into its parent's object.

use crate::input::{field_ident, Input};
use kapi_model::{Field, Presence, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let name = ident.to_string();
    let fields = input.fields();
    let is_kind = input.def.kind.is_some();
    let type_meta = is_kind.then(|| quote! { __f.type_meta::<Self>(); });
    let len = fields.len() + if is_kind { 2 } else { 0 };
    let writes = fields.iter().map(|(model, f)| write_field(model, f));
    quote! {
        impl ::kapi::__private::serde::Serialize for #ident {
            fn serialize<__S>(&self, __s: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: ::kapi::__private::serde::Serializer,
            {
                ::kapi::__private::serialize::serialize_struct(self, __s)
            }
        }

        impl ::kapi::__private::serialize::SerializeFields for #ident {
            const NAME: &'static str = #name;
            const LEN: usize = #len;
            fn serialize_fields<__St>(&self, __f: &mut ::kapi::__private::serialize::Fields<'_, __St>)
            where
                __St: ::kapi::__private::serde::ser::SerializeStruct,
            {
                #type_meta
                #(#writes)*
            }
        }
    }
}

/// The one per-field decision: what an unset or empty value becomes.
fn write_field(model: &Field, f: &syn::Field) -> TokenStream {
    let name = field_ident(f);
    let key = &model.json_name;
    // Every type but an `Option` has a zero value (`IsSet`): a string enum's is empty, a
    // struct has none, so `omit_empty` writes it always, as Go does.
    let zero_valued = !matches!(model.ty, TypeRef::Option(_) | TypeRef::Box(_));
    if model.inline {
        // Go's embedded struct: its fields go into this object.
        return quote! { __f.inline(&self.#name); };
    }
    let helper = match (model.presence, &model.ty) {
        (Presence::Always, _) => quote!(always),
        // serde writes `None` as `null`.
        (Presence::Null, TypeRef::Option(_)) => quote!(always),
        (Presence::OmitEmpty, TypeRef::Option(_)) => quote!(option),
        (Presence::Null, _) if zero_valued => quote!(null_empty),
        (Presence::OmitEmpty, _) if zero_valued => quote!(omit_empty),
        _ => quote!(always),
    };
    quote! { __f.#helper(#key, &self.#name); }
}
