//! String enums: each value is a JSON string; unknown strings are an error that lists the
//! supported values the way Kubernetes validation words it.

use crate::input::Input;
use kapi_codegen::model::Shape;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn expand(input: &Input) -> TokenStream {
    let Shape::Enum { variants } = &input.def.shape else {
        return TokenStream::new();
    };
    let ident = input.ident();
    let serde = quote!(::kapi::__private::serde);
    let names: Vec<syn::Ident> = variants
        .iter()
        .map(|v| format_ident!("{}", v.rust_name))
        .collect();
    let values: Vec<&str> = variants.iter().map(|v| v.value.as_str()).collect();
    let gates = variants.iter().map(|v| match &v.feature_gate {
        Some(g) => quote!(::core::option::Option::Some(#g)),
        None => quote!(::core::option::Option::None),
    });
    let expecting = format!("a {} value", input.def.name);
    quote! {
        impl #ident {
            /// Every value, in declaration order.
            pub const VALUES: &'static [&'static str] = &[#(#values),*];
            /// The feature gate of each value in `VALUES`, if it has one.
            pub const VALUE_GATES: &'static [::core::option::Option<&'static str>] = &[#(#gates),*];

            pub const fn as_str(&self) -> &'static str {
                match self {
                    #(Self::#names => #values,)*
                }
            }
        }

        impl ::core::clone::Clone for #ident {
            #[inline]
            fn clone(&self) -> Self {
                match self {
                    #(Self::#names => Self::#names,)*
                }
            }
        }

        impl ::core::fmt::Display for #ident {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::str::FromStr for #ident {
            type Err = ::kapi::UnsupportedValue;
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                match s {
                    #(#values => ::core::result::Result::Ok(Self::#names),)*
                    _ => ::core::result::Result::Err(::kapi::UnsupportedValue::new(s, Self::VALUES)),
                }
            }
        }

        impl ::kapi::ApplyDefaults for #ident {
            #[inline]
            fn apply_defaults(&mut self) {}
        }

        impl #serde::Serialize for #ident {
            fn serialize<__S>(&self, __s: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: #serde::Serializer,
            {
                __s.serialize_str(self.as_str())
            }
        }

        impl<'de> #serde::Deserialize<'de> for #ident {
            fn deserialize<__D>(__d: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: #serde::Deserializer<'de>,
            {
                struct __Visitor;
                impl<'de> #serde::de::Visitor<'de> for __Visitor {
                    type Value = #ident;
                    fn expecting(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        __f.write_str(#expecting)
                    }
                    fn visit_str<__E>(self, __v: &str) -> ::core::result::Result<#ident, __E>
                    where
                        __E: #serde::de::Error,
                    {
                        __v.parse::<#ident>().map_err(__E::custom)
                    }
                }
                __d.deserialize_str(__Visitor)
            }
        }
    }
}
