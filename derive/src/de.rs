//! Deserialize per the Kubernetes JSON conventions (see `kapi::__private::deserialize`,
//! which holds the visitor every struct shares): the derive names the fields and maps a
//! field's index to its slot; `null` is the zero value, or `None` for an `Option`.

use crate::input::{field_ident, Input};
use kapi_model::{Scalar, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let name = ident.to_string();
    let fields = input.fields();
    let de = quote!(::kapi::__private::deserialize);
    let (inlined, own): (Vec<_>, Vec<_>) = fields.iter().partition(|(m, _)| m.inline);
    let keys: Vec<&str> = own.iter().map(|(m, _)| m.json_name.as_str()).collect();
    let reads = own.iter().enumerate().map(|(i, (m, f))| {
        let name = field_ident(f);
        let helper = match &m.ty {
            TypeRef::Option(inner) => match &**inner {
                TypeRef::Vec(_) => quote!(option_list),
                ty if string_keyed_map(ty) => quote!(option_map),
                _ => quote!(option),
            },
            TypeRef::Vec(_) => quote!(list),
            ty if string_keyed_map(ty) => quote!(map),
            _ => quote!(field),
        };
        quote! { #i => __de::#helper(&mut self.#name, __map), }
    });
    // An inlined struct's keys are numbered after the own fields, each struct's from a base
    // that counts every key before it (its own inlined structs' included).
    let own_count = keys.len();
    let mut base = quote!(#own_count);
    let mut inline_lookups = Vec::new();
    let mut inline_reads = Vec::new();
    for (_, f) in &inlined {
        let name = field_ident(f);
        let ty = &f.ty;
        let fields_of = quote!(<#ty as #de::DeserializeFields>);
        inline_lookups.push(quote! {
            .or_else(|| #fields_of::field_index(__key).map(|__i| #base + __i))
        });
        inline_reads.push(quote! {
            __i if (#base..#base + #fields_of::KEYS).contains(&__i) => {
                #de::DeserializeFields::read_field(&mut self.#name, __i - (#base), __map)
            }
        });
        base = quote!(#base + #fields_of::KEYS);
    }
    let keys_count = base;
    let own_lookup = quote!(#de::key_position::<Self>(__key));
    let field_index = if inline_lookups.is_empty() {
        own_lookup
    } else {
        quote! {
            let __own = #own_lookup;
            __own #(#inline_lookups)*
        }
    };
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
            const KEYS: usize = #keys_count;
            #type_meta
            #inline_attr
            fn field_index(__key: &str) -> ::core::option::Option<usize> {
                #field_index
            }
            fn read_field<'de, __A: ::kapi::__private::serde::de::MapAccess<'de>>(
                &mut self,
                __i: usize,
                __map: &mut __A,
            ) -> ::core::result::Result<(), __A::Error> {
                use #de as __de;
                match __i {
                    #(#reads)*
                    #(#inline_reads)*
                    _ => __de::skip(__map),
                }
            }
        }
    }
}

/// A map of strings to values other than kapi's `StringMap` (which reads itself): read by
/// kapi's map helper, which puts each key on the path of a tracked decode.
fn string_keyed_map(ty: &TypeRef) -> bool {
    matches!(ty, TypeRef::Map { key, container, .. }
        if **key == TypeRef::Scalar(Scalar::String) && container != "StringMap")
}
