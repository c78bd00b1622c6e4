//! Kind metadata for top-level kinds: `TypeInfo` for every kind, `Resource` for object kinds,
//! `ListResource` for list kinds. Group and version come from the module's `group_version!`.

use crate::input::{field_ident, Input};
use crate::syn_types::vec_inner;
use kapi_model::{KindCategory, Scope};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let Some(kind) = &input.def.kind else {
        return TokenStream::new();
    };
    let ident = input.ident();
    let kind_name = &input.def.name;
    // Resolved where the type is written: the module's `group_version!` must be in scope.
    // Spanned at the `kind` marker so a missing declaration is reported there.
    let span = input.span(kind.span);
    let gv = quote::quote_spanned!(span=> GROUP_VERSION);
    let protobuf_codec = input.has_protobuf_message().then(|| {
        quote! {
            #inline_attr
            fn protobuf_codec() -> ::core::option::Option<::kapi::scheme::ProtobufFns<Self>> {
                ::core::option::Option::Some(::kapi::scheme::ProtobufFns::of_message())
            }
        }
    });
    let type_info = quote! {
        impl ::kapi::TypeInfo for #ident {
            const GROUP: &'static str = #gv.group;
            const VERSION: &'static str = #gv.version;
            const API_VERSION: &'static str = #gv.api_version;
            const KIND: &'static str = #kind_name;
            #protobuf_codec
            fn patch_shape() -> ::kapi::patch_shape::Shape {
                <Self as ::kapi::patch_shape::PatchShape>::shape()
            }
        }
    };
    let extra = match kind.category {
        KindCategory::Object => {
            let plural = &kind.plural;
            let singular = &kind.singular;
            let list_kind = &kind.list_kind;
            let short_names = &kind.short_names;
            let categories = &kind.categories;
            let scope = match kind.scope {
                Scope::Namespaced => quote!(::kapi::Scope::Namespaced),
                Scope::Cluster => quote!(::kapi::Scope::Cluster),
            };
            let status = kind.subresource_status;
            let scale = kind.subresource_scale.is_some();
            quote! {
                impl ::kapi::Resource for #ident {
                    const PLURAL: &'static str = #plural;
                    const SINGULAR: &'static str = #singular;
                    const SCOPE: ::kapi::Scope = #scope;
                    const LIST_KIND: &'static str = #list_kind;
                    const SHORT_NAMES: &'static [&'static str] = &[#(#short_names),*];
                    const CATEGORIES: &'static [&'static str] = &[#(#categories),*];
                    const HAS_STATUS: bool = #status;
                    const HAS_SCALE: bool = #scale;

                    #inline_attr
                    fn metadata(&self) -> &::kapi::meta::ObjectMeta {
                        &self.metadata
                    }
                    #inline_attr
                    fn metadata_mut(&mut self) -> &mut ::kapi::meta::ObjectMeta {
                        &mut self.metadata
                    }
                }
            }
        }
        KindCategory::List => {
            let items = input
                .fields()
                .into_iter()
                .find(|(m, _)| m.rust_name == "items")
                .map(|(_, f)| (field_ident(f), vec_inner(&f.ty)));
            let Some((items_ident, Some(item_ty))) = items else {
                return type_info;
            };
            quote! {
                impl ::kapi::ListResource for #ident {
                    type Item = #item_ty;
                    #inline_attr
                    fn items(&self) -> &[Self::Item] {
                        &self.#items_ident
                    }
                    #inline_attr
                    fn items_mut(&mut self) -> &mut ::std::vec::Vec<Self::Item> {
                        &mut self.#items_ident
                    }
                    #inline_attr
                    fn list_meta(&self) -> &::kapi::meta::ListMeta {
                        &self.metadata
                    }
                    #inline_attr
                    fn list_meta_mut(&mut self) -> &mut ::kapi::meta::ListMeta {
                        &mut self.metadata
                    }
                }
            }
        }
        KindCategory::Simple => TokenStream::new(),
    };
    quote! { #type_info #extra }
}
