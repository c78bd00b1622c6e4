//! Serialize per the Kubernetes JSON conventions: kinds write `kind` and `apiVersion` first;
//! each field's `presence` says what an unset or empty value becomes: left out (Go's
//! `omitempty`, the default for optional fields), written as it is (the default for required
//! fields), or `null`.

use crate::input::{field_ident, Input};
use kapi_codegen::model::{Field, Presence, Scalar, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let name = ident.to_string();
    let fields = input.fields();
    let is_kind = input.def.kind.is_some();
    let type_meta = is_kind.then(|| {
        quote! {
            __state.serialize_field("kind", <Self as ::kapi::TypeInfo>::KIND)?;
            __state.serialize_field("apiVersion", <Self as ::kapi::TypeInfo>::API_VERSION)?;
        }
    });
    let len = fields.len() + if is_kind { 2 } else { 0 };
    let writes = fields.iter().map(|(model, f)| write_field(model, f));
    quote! {
        impl ::kapi::__private::serde::Serialize for #ident {
            fn serialize<__S>(&self, __serializer: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: ::kapi::__private::serde::Serializer,
            {
                use ::kapi::__private::serde::ser::SerializeStruct as _;
                let mut __state = __serializer.serialize_struct(#name, #len)?;
                #type_meta
                #(#writes)*
                __state.end()
            }
        }
    }
}

fn write_field(model: &Field, f: &syn::Field) -> TokenStream {
    let name = field_ident(f);
    let key = &model.json_name;
    let write = quote! { __state.serialize_field(#key, &self.#name)?; };
    let unset = match model.presence {
        Presence::Always => return write,
        Presence::OmitEmpty => quote! { __state.skip_field(#key)?; },
        // serde writes `None` as `null`; an empty list or map needs saying.
        Presence::Null if model.ty.is_option() => return write,
        Presence::Null => quote! {
            __state.serialize_field(#key, &::core::option::Option::<()>::None)?;
        },
    };
    if let TypeRef::Option(_) = model.ty {
        return quote! {
            if let ::core::option::Option::Some(__v) = &self.#name {
                __state.serialize_field(#key, __v)?;
            } else {
                #unset
            }
        };
    }
    let present = match &model.ty {
        TypeRef::Scalar(Scalar::Bool) => quote! { self.#name },
        TypeRef::Scalar(Scalar::String) | TypeRef::Vec(_) | TypeRef::Map { .. } => {
            quote! { !self.#name.is_empty() }
        }
        TypeRef::Scalar(Scalar::F32 | Scalar::F64) => quote! { self.#name != 0.0 },
        TypeRef::Scalar(_) => quote! { self.#name != 0 },
        // Go's omitempty never omits a struct; neither do we.
        _ => return write,
    };
    quote! {
        if #present {
            #write
        } else {
            #unset
        }
    }
}
