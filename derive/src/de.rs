//! Deserialize per the Kubernetes JSON conventions, the way kube-apiserver's decoder reads:
//! field names are case-sensitive, `null` means unset, a repeated field keeps its last value,
//! unknown fields are skipped through `IgnoredAny` (which is what lets kapi's strict decoder
//! report each one with its path), and kinds check `apiVersion` and `kind` when present.

use crate::input::{field_ident, Input};
use crate::syn_types::option_inner;
use kapi_codegen::model::TypeRef;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let name = ident.to_string();
    let fields = input.fields();
    let is_kind = input.def.kind.is_some();
    let serde = quote!(::kapi::__private::serde);

    let tags: Vec<syn::Ident> = (0..fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let keys: Vec<&str> = fields.iter().map(|(m, _)| m.json_name.as_str()).collect();
    let locals: Vec<syn::Ident> = (0..fields.len())
        .map(|i| format_ident!("__v{}", i))
        .collect();
    let inner_types: Vec<TokenStream> = fields
        .iter()
        .map(|(m, f)| {
            let ty = &f.ty;
            if m.ty.is_option() {
                option_inner(ty).unwrap_or_else(|| quote!(#ty))
            } else {
                quote!(#ty)
            }
        })
        .collect();
    let finals = fields.iter().zip(&locals).map(|((m, f), local)| {
        let name = field_ident(f);
        if matches!(m.ty, TypeRef::Option(_)) {
            quote! { #name: #local }
        } else {
            quote! { #name: #local.unwrap_or_default() }
        }
    });
    let (meta_tags, meta_arms, meta_keys) = if is_kind {
        (
            quote! { __kind, __api_version, },
            quote! {
                "kind" => __Field::__kind,
                "apiVersion" => __Field::__api_version,
            },
            quote! {
                __Field::__kind => {
                    let __v: ::core::option::Option<::kapi::__private::CowStr<'de>> = __map.next_value()?;
                    if let ::core::option::Option::Some(__v) = __v {
                        ::kapi::__private::check_type_meta::<__A::Error>("kind", &__v, <#ident as ::kapi::TypeInfo>::KIND)?;
                    }
                }
                __Field::__api_version => {
                    let __v: ::core::option::Option<::kapi::__private::CowStr<'de>> = __map.next_value()?;
                    if let ::core::option::Option::Some(__v) = __v {
                        ::kapi::__private::check_type_meta::<__A::Error>("apiVersion", &__v, <#ident as ::kapi::TypeInfo>::API_VERSION)?;
                    }
                }
            },
        )
    } else {
        (quote!(), quote!(), quote!())
    };
    let all_keys: Vec<&str> = if is_kind {
        ["kind", "apiVersion"]
            .into_iter()
            .chain(keys.iter().copied())
            .collect()
    } else {
        keys.clone()
    };
    let expecting = format!("a {name} object");

    quote! {
        impl<'de> #serde::Deserialize<'de> for #ident {
            fn deserialize<__D>(__deserializer: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: #serde::Deserializer<'de>,
            {
                #[allow(non_camel_case_types)]
                enum __Field { #(#tags,)* #meta_tags __other }

                struct __FieldVisitor;
                impl<'de> #serde::de::Visitor<'de> for __FieldVisitor {
                    type Value = __Field;
                    fn expecting(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        __f.write_str("a field name")
                    }
                    fn visit_str<__E>(self, __v: &str) -> ::core::result::Result<__Field, __E>
                    where
                        __E: #serde::de::Error,
                    {
                        ::core::result::Result::Ok(match __v {
                            #(#keys => __Field::#tags,)*
                            #meta_arms
                            _ => __Field::__other,
                        })
                    }
                    fn visit_bytes<__E>(self, __v: &[u8]) -> ::core::result::Result<__Field, __E>
                    where
                        __E: #serde::de::Error,
                    {
                        match ::core::str::from_utf8(__v) {
                            ::core::result::Result::Ok(__s) => self.visit_str(__s),
                            ::core::result::Result::Err(_) => ::core::result::Result::Ok(__Field::__other),
                        }
                    }
                }
                impl<'de> #serde::Deserialize<'de> for __Field {
                    #[inline]
                    fn deserialize<__D2>(__d: __D2) -> ::core::result::Result<Self, __D2::Error>
                    where
                        __D2: #serde::Deserializer<'de>,
                    {
                        __d.deserialize_identifier(__FieldVisitor)
                    }
                }

                struct __Visitor;
                impl<'de> #serde::de::Visitor<'de> for __Visitor {
                    type Value = #ident;
                    fn expecting(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        __f.write_str(#expecting)
                    }
                    fn visit_map<__A>(self, mut __map: __A) -> ::core::result::Result<#ident, __A::Error>
                    where
                        __A: #serde::de::MapAccess<'de>,
                    {
                        #(let mut #locals: ::core::option::Option<#inner_types> = ::core::option::Option::None;)*
                        while let ::core::option::Option::Some(__key) = __map.next_key::<__Field>()? {
                            match __key {
                                #(__Field::#tags => {
                                    #locals = __map.next_value::<::core::option::Option<#inner_types>>()?;
                                })*
                                #meta_keys
                                __Field::__other => {
                                    __map.next_value::<#serde::de::IgnoredAny>()?;
                                }
                            }
                        }
                        ::core::result::Result::Ok(#ident { #(#finals,)* })
                    }
                }

                const FIELDS: &[&str] = &[#(#all_keys),*];
                __deserializer.deserialize_struct(#name, FIELDS, __Visitor)
            }
        }
    }
}
