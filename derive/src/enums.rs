//! String enums, open as Go's are: each known value is a unit variant, any other string is
//! kept in the `Other(String)` variant and written back unchanged, so an object from a newer
//! server survives a read and a write. Validation, not decoding, refuses unknown values.

use crate::input::Input;
use kapi_model::Shape;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let Shape::Enum { variants, other } = &input.def.shape else {
        return TokenStream::new();
    };
    let ident = input.ident();
    let other = format_ident!("{}", other);
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
    let indices: Vec<usize> = (0..values.len()).collect();
    let de = quote!(::kapi::__private::deserialize);
    quote! {
        impl #ident {
            /// Every known value, in declaration order.
            pub const VALUES: &'static [&'static str] = &[#(#values),*];
            /// The feature gate of each value in `VALUES`, if it has one.
            pub const VALUE_GATES: &'static [::core::option::Option<&'static str>] = &[#(#gates),*];

            #inline_attr
            pub fn as_str(&self) -> &str {
                match self {
                    #(Self::#names => #values,)*
                    Self::#other(__v) => __v,
                }
            }

            /// Whether this is one of `VALUES`.
            #inline_attr
            pub fn is_known(&self) -> bool {
                match self {
                    Self::#other(__v) => Self::VALUES.contains(&__v.as_str()),
                    _ => true,
                }
            }
        }

        impl ::core::clone::Clone for #ident {
            #[inline]
            fn clone(&self) -> Self {
                match self {
                    #(Self::#names => Self::#names,)*
                    Self::#other(__v) => Self::#other(::core::clone::Clone::clone(__v)),
                }
            }
        }

        impl ::core::fmt::Display for #ident {
            #inline_attr
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::convert::From<&str> for #ident {
            #inline_attr
            fn from(s: &str) -> Self {
                match #de::value_position::<Self>(s) {
                    #(::core::option::Option::Some(#indices) => Self::#names,)*
                    _ => Self::#other(::core::convert::From::from(s)),
                }
            }
        }

        impl ::core::convert::From<::std::string::String> for #ident {
            #inline_attr
            fn from(s: ::std::string::String) -> Self {
                match #de::value_position::<Self>(&s) {
                    #(::core::option::Option::Some(#indices) => Self::#names,)*
                    _ => Self::#other(s),
                }
            }
        }

        impl #de::KnownValues for #ident {
            const VALUES: &'static [&'static str] = Self::VALUES;
        }

        impl ::core::str::FromStr for #ident {
            type Err = ::core::convert::Infallible;
            #inline_attr
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                ::core::result::Result::Ok(::core::convert::From::from(s))
            }
        }

        ::kapi::__private::if_validation! {
            impl ::kapi::ApplyDefaults for #ident {}
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
                ::kapi::__private::deserialize::string_enum(__d, #expecting)
            }
        }
    }
}
