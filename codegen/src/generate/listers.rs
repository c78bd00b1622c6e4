//! Listers, like Go's lister-gen: per served group-version with kinds an informer can cache
//! (see [`informer_kinds`]), `generated/<version>/listers.rs` with a `<Kind>Lister` per kind
//! over `kapi::cache::Lister`: read-only views of a shared informer's cache that hand out
//! shared references (`Arc<Kind>`), never copies. `list(&selector)` reads every cached
//! object; a namespaced kind's `frobbers(namespace)` gives a `<Kind>NamespaceLister` with
//! `list` and `get`; a cluster-scoped kind's lister has `get(name)` itself.

use super::client_surface::{informer_kinds, kind_accessor, lister_name, namespace_lister_name};
use super::core::{path_tokens, Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;
use crate::model::{GroupVersion, Scope, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub struct Listers;

impl Generator for Listers {
    fn name(&self) -> &'static str {
        "listers"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        cx.rust_file_per_version(cx.served(), "listers.rs", |gv| {
            informer_kinds(gv)
                .next()
                .is_some()
                .then(|| listers_file(gv))
        })
        .files
    }
}

/// One group-version's `listers.rs`. kapi's lister types are written out in full: a kind
/// named `Namespace` has a `NamespaceLister` of its own.
fn listers_file(gv: &GroupVersion) -> TokenStream {
    let kinds: Vec<&TypeDef> = informer_kinds(gv).collect();
    let listers = kinds.iter().map(|t| lister(gv, t));
    let doc = format!(
        " Listers of {}: read-only views of the shared informers' caches, like client-go's listers.",
        gv.api_version()
    );
    quote! {
        #![doc = #doc]

        use ::kapi::meta::Selector;
        use ::std::sync::Arc;

        #(#listers)*
    }
}

/// A kind's lister, and for a namespaced kind its namespace lister.
fn lister(gv: &GroupVersion, t: &TypeDef) -> TokenStream {
    let Some(k) = &t.kind else {
        return TokenStream::new();
    };
    let ty = path_tokens(&gv.type_path(t));
    let kind = &t.name;
    let name = lister_name(t);
    let new_doc = format!(
        " A lister over `lister`'s cache (a shared informer's: see `{}Informer::lister`).",
        kind
    );
    let get_doc = |scope: &str| format!(" The cached {kind} `name`{scope}, if there is one.");
    match k.scope {
        Scope::Namespaced => {
            let accessor = kind_accessor(t, &k.plural);
            let namespace_lister = namespace_lister_name(t);
            let doc = format!(
                " Lists {kind} objects from a shared informer's cache; `{accessor}(namespace)` reads one namespace."
            );
            let list_doc = format!(
                " The cached {kind} objects of every namespace that `selector` matches \
                 (`Selector::everything()` for all)."
            );
            let accessor_doc = format!(" The cached {kind} objects of `namespace`.");
            let namespace_doc = format!(" The cached {kind} objects of one namespace.");
            let namespace_list_doc =
                format!(" The cached {kind} objects of this namespace that `selector` matches.");
            let get_doc = get_doc(" in this namespace");
            quote! {
                #[doc = #doc]
                #[derive(Debug, Clone)]
                pub struct #name {
                    lister: ::kapi::cache::Lister<#ty>,
                }

                impl #name {
                    #[doc = #new_doc]
                    pub fn new(lister: ::kapi::cache::Lister<#ty>) -> Self {
                        Self { lister }
                    }

                    #[doc = #list_doc]
                    pub fn list(&self, selector: &Selector) -> Vec<Arc<#ty>> {
                        self.lister.list(selector)
                    }

                    #[doc = #accessor_doc]
                    pub fn #accessor(&self, namespace: &str) -> #namespace_lister {
                        #namespace_lister {
                            lister: self.lister.namespace(namespace),
                        }
                    }
                }

                #[doc = #namespace_doc]
                #[derive(Debug, Clone)]
                pub struct #namespace_lister {
                    lister: ::kapi::cache::NamespaceLister<#ty>,
                }

                impl #namespace_lister {
                    #[doc = #namespace_list_doc]
                    pub fn list(&self, selector: &Selector) -> Vec<Arc<#ty>> {
                        self.lister.list(selector)
                    }

                    #[doc = #get_doc]
                    pub fn get(&self, name: &str) -> Option<Arc<#ty>> {
                        self.lister.get(name)
                    }
                }
            }
        }
        Scope::Cluster => {
            let doc = format!(
                " Lists and gets {kind} objects (cluster-scoped) from a shared informer's cache."
            );
            let list_doc = format!(
                " The cached {kind} objects that `selector` matches (`Selector::everything()` for all)."
            );
            let get_doc = get_doc("");
            quote! {
                #[doc = #doc]
                #[derive(Debug, Clone)]
                pub struct #name {
                    lister: ::kapi::cache::Lister<#ty>,
                }

                impl #name {
                    #[doc = #new_doc]
                    pub fn new(lister: ::kapi::cache::Lister<#ty>) -> Self {
                        Self { lister }
                    }

                    #[doc = #list_doc]
                    pub fn list(&self, selector: &Selector) -> Vec<Arc<#ty>> {
                        self.lister.list(selector)
                    }

                    #[doc = #get_doc]
                    pub fn get(&self, name: &str) -> Option<Arc<#ty>> {
                        self.lister.get(name)
                    }
                }
            }
        }
    }
}
