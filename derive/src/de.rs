//! Deserialize per the Kubernetes JSON conventions (see `kapi::__private::deserialize`,
//! which holds the visitor every struct shares): the derive names the fields and maps a
//! field's index to its slot; `null` is the zero value, or `None` for an `Option`.

use crate::input::{field_ident, Input};
use kapi_codegen::model::TypeRef;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let name = ident.to_string();
    let fields = input.fields();
    let de = quote!(::kapi::__private::deserialize);
    let keys: Vec<&str> = fields.iter().map(|(m, _)| m.json_name.as_str()).collect();
    let indices = 0..keys.len();
    let reads = fields.iter().enumerate().map(|(i, (m, f))| {
        let name = field_ident(f);
        let helper = match m.ty {
            TypeRef::Option(_) => quote!(option),
            _ => quote!(field),
        };
        quote! { #i => __de::#helper(&mut self.#name, __map), }
    });
    let type_meta = input.def.kind.is_some().then(|| {
        quote! {
            const TYPE_META: ::core::option::Option<(&'static str, &'static str)> =
                ::core::option::Option::Some((
                    <Self as ::kapi::TypeInfo>::KIND,
                    <Self as ::kapi::TypeInfo>::API_VERSION,
                ));
        }
    });
    quote! {
        impl<'de> ::kapi::__private::serde::Deserialize<'de> for #ident {
            fn deserialize<__D>(__d: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: ::kapi::__private::serde::Deserializer<'de>,
            {
                #de::deserialize_struct(__d)
            }
        }

        impl #de::DeserializeFields for #ident {
            const NAME: &'static str = #name;
            const FIELDS: &'static [&'static str] = &[#(#keys),*];
            #type_meta
            fn field_index(__key: &str) -> ::core::option::Option<usize> {
                match __key {
                    #(#keys => ::core::option::Option::Some(#indices),)*
                    _ => ::core::option::Option::None,
                }
            }
            fn read_field<'de, __A: ::kapi::__private::serde::de::MapAccess<'de>>(
                &mut self,
                __i: usize,
                __map: &mut __A,
            ) -> ::core::result::Result<(), __A::Error> {
                use #de as __de;
                match __i {
                    #(#reads)*
                    _ => __de::skip(__map),
                }
            }
        }
    }
}
