//! Defaulting: fill unset fields from their `default` markers, recurse into every nested
//! value, then run the type's hand-written `DefaultsHook` when the type is marked
//! `defaults_hook` (see `kapi::__private::hooks` for why it is declared, not found).

use crate::input::{field_ident, Input};
use kapi_model::{Field, Scalar, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let fields = input.fields();
    let marker_defaults = fields.iter().filter_map(|(m, f)| marker_default(m, f));
    let recursions = fields.iter().filter_map(|(m, f)| {
        if !m.ty.names_a_type() {
            return None;
        }
        let name = field_ident(f);
        Some(quote! { __Defaults::apply_defaults(&mut self.#name); })
    });
    let recursions = recursions.collect::<Vec<_>>();
    let alias =
        (!recursions.is_empty()).then(|| quote! { use ::kapi::ApplyDefaults as __Defaults; });
    // The hook runs last, after the markers' defaults and the fields' own defaulting.
    let (hook, declared) = if input.def.defaults_hook {
        (
            quote! { <Self as ::kapi::DefaultsHook>::default_hook(self); },
            quote! { impl ::kapi::__private::hooks::DefaultsHookDeclared for #ident {} },
        )
    } else {
        (TokenStream::new(), TokenStream::new())
    };
    // The hook's declaration stays outside: the user's hook compiles without the feature.
    quote! {
        ::kapi::__private::if_validation! {
            impl ::kapi::ApplyDefaults for #ident {
                #inline_attr
                fn apply_defaults(&mut self) {
                    #(#marker_defaults)*
                    #alias
                    #(#recursions)*
                    #hook
                }
            }
        }
        #declared
    }
}

fn marker_default(m: &Field, f: &syn::Field) -> Option<TokenStream> {
    let value = m.default.as_ref()?;
    let name = field_ident(f);
    let json = value.to_string();
    // Decoding cannot fail for a default codegen accepted; if it does (codegen never ran),
    // the field stays unset instead of defaulting panicking.
    let from_json = quote! { ::kapi::__private::default_from_json(#json) };
    let set = |ty: &TypeRef| match scalar_literal(ty, value) {
        Some(v) => quote! { self.#name = #v; },
        None => quote! {
            if let ::core::option::Option::Some(__v) = #from_json {
                self.#name = __v;
            }
        },
    };
    Some(match &m.ty {
        TypeRef::Option(inner) => match scalar_literal(inner, value) {
            Some(v) => quote! {
                if self.#name.is_none() {
                    self.#name = ::core::option::Option::Some(#v);
                }
            },
            None => quote! {
                if self.#name.is_none() {
                    self.#name = #from_json;
                }
            },
        },
        TypeRef::Scalar(Scalar::String) | TypeRef::Vec(_) | TypeRef::Map { .. } => {
            let set = set(&m.ty);
            quote! {
                if self.#name.is_empty() {
                    #set
                }
            }
        }
        TypeRef::Scalar(Scalar::Bool) => {
            let set = set(&m.ty);
            quote! {
                if !self.#name {
                    #set
                }
            }
        }
        TypeRef::Scalar(s) => {
            let set = set(&m.ty);
            let zero = if matches!(s, Scalar::F32 | Scalar::F64) {
                quote!(0.0)
            } else {
                quote!(0)
            };
            quote! {
                if self.#name == #zero {
                    #set
                }
            }
        }
        // A named value type is unset at its zero value: only a string enum has one (Go's
        // `+default` on an `omitempty` enum field); the helper's bound refuses a struct.
        TypeRef::Named(_) => quote! {
            ::kapi::__private::default_when_unset(&mut self.#name, #json);
        },
        _ => return None,
    })
}

/// Scalar defaults become literals so defaulting costs nothing at run time.
fn scalar_literal(ty: &TypeRef, value: &serde_json::Value) -> Option<TokenStream> {
    let TypeRef::Scalar(s) = ty else { return None };
    let ty_ident = syn::Ident::new(s.rust_name(), proc_macro2::Span::call_site());
    Some(match (s, value) {
        (Scalar::String, serde_json::Value::String(v)) => {
            quote! { ::std::string::String::from(#v) }
        }
        (Scalar::Bool, serde_json::Value::Bool(b)) => quote! { #b },
        (s, serde_json::Value::Number(n)) if s.is_integer() => {
            let lit = proc_macro2::Literal::i128_unsuffixed(n.as_i64()?.into());
            quote! { (#lit as #ty_ident) }
        }
        (_, serde_json::Value::Number(n)) => {
            let lit = proc_macro2::Literal::f64_unsuffixed(n.as_f64()?);
            quote! { (#lit as #ty_ident) }
        }
        _ => return None,
    })
}
