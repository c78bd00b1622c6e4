//! Scheme registration (`generated/<version>/register.rs`): each group-version's kinds with
//! their metadata as the `KINDS` constant and an `add_to_scheme` that registers them (each with
//! its object metadata and protobuf codec when the model says it has them, and the
//! hand-written `Normalize` that `kapi::__private::normalize_fn!` finds), plus
//! one crate-level `install` (`generated/register.rs`) that registers every group-version.

use super::core::{
    feature_cfg, gated_allow, path_tokens, Context, GeneratedFile, Generator, RustFile,
};
use crate::diagnostics::Diagnostics;
use crate::model::{GroupVersion, KindCategory, KindInfo, PrintColumn, Scope, TypeDef};
use heck::ToShoutySnakeCase;
use proc_macro2::TokenStream;
use quote::quote;

pub struct Register;

impl Generator for Register {
    fn name(&self) -> &'static str {
        "register"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        // Internal versions register too: the scheme converts through them.
        let per_version = cx.rust_file_per_version(&cx.model.versions, "register.rs", |gv| {
            gv.kinds()
                .next()
                .is_some()
                .then(|| RustFile::from_tokens(group_version_file(gv, cx)))
        });
        let mut files = per_version.files;
        if !per_version.versions.is_empty() {
            let installs = per_version.versions.iter().map(|gv| {
                let module = path_tokens(&cx.generated_module(&gv.module));
                let cfg = feature_cfg(gv);
                quote!(#cfg #module::register::add_to_scheme(scheme)?;)
            });
            let crate_name = &cx.model.crate_name;
            let doc = format!(" Registers every group-version of `{crate_name}` in a scheme.");
            // With every cargo feature off there is nothing to register.
            let allow = gated_allow(&per_version.versions, quote!(unused_variables));
            // Registration instantiates every kind's codecs; optimized builds compile them
            // where a scheme is built (a server, a test), not in every user of the crate.
            files.push(cx.crate_rust_file("register.rs", RustFile::from_tokens(quote! {
                    //! Every group-version of the crate, in one call.

                    #[doc = #doc]
                    #allow
                    #[cfg_attr(not(debug_assertions), inline)]
                    pub fn install(scheme: &mut ::kapi::Scheme) -> ::core::result::Result<(), ::kapi::scheme::SchemeError> {
                        #(#installs)*
                        ::core::result::Result::Ok(())
                    }
            })));
        }
        files
    }
}

fn group_version_file(gv: &GroupVersion, cx: &Context) -> TokenStream {
    let hub = cx.hub_of(gv);
    let kinds: Vec<&TypeDef> = gv.kinds().collect();
    // Each kind's metadata is a constant named for the kind (`FROBBER_LIST`), which
    // registration and `KINDS` name.
    let names: Vec<proc_macro2::Ident> = kinds
        .iter()
        .map(|t| quote::format_ident!("{}", t.name.to_shouty_snake_case()))
        .collect();
    let metas = kinds.iter().zip(&names).map(|(t, name)| {
        let convertible = !gv.internal && hub.is_some_and(|h| h.find(&t.name).is_some());
        let meta = kind_meta(t, convertible);
        let doc = format!(" What discovery says of `{}`.", t.name);
        quote! {
            #[doc = #doc]
            pub const #name: ::kapi::scheme::KindMeta = #meta;
        }
    });
    let adds = kinds.iter().zip(&names).map(|(t, name)| {
        let path = path_tokens(&gv.type_path(t));
        let convertible = !gv.internal && hub.is_some_and(|h| h.find(&t.name).is_some());
        let hooks = kind_hooks(t, &path);
        if gv.internal {
            quote!(scheme.add_internal::<#path>(&#name, #hooks)?;)
        } else if convertible {
            quote!(scheme.add_versioned::<#path>(&#name, #hooks)?;)
        } else {
            quote!(scheme.add_unconverted::<#path>(&#name, #hooks)?;)
        }
    });
    let doc = format!(" Registration of {} in a `kapi::Scheme`.", gv.api_version());
    let add_doc = format!(
        " Registers the kinds of {} with their defaulting and conversions.",
        gv.api_version()
    );
    quote! {
        #![doc = #doc]

        #(#metas)*

        /// The kinds of this group-version and what discovery says of them.
        pub const KINDS: &[::kapi::scheme::KindMeta] = &[#(#names),*];

        #[doc = #add_doc]
        #[cfg_attr(not(debug_assertions), inline)]
        pub fn add_to_scheme(scheme: &mut ::kapi::Scheme) -> ::core::result::Result<(), ::kapi::scheme::SchemeError> {
            #(#adds)*
            ::core::result::Result::Ok(())
        }
    }
}

fn kind_meta(t: &TypeDef, convertible: bool) -> TokenStream {
    let Some(k) = &t.kind else {
        return TokenStream::new();
    };
    let name = &t.name;
    let shape = match k.category {
        KindCategory::Object => {
            let resource = resource_meta(k);
            quote!(::kapi::scheme::KindShape::Object(#resource))
        }
        KindCategory::List => quote!(::kapi::scheme::KindShape::List),
        KindCategory::Simple => quote!(::kapi::scheme::KindShape::Simple),
    };
    let storage = k.storage_version;
    let lifecycle = t.lifecycle.as_ref();
    let introduced = optional_name(lifecycle.and_then(|l| l.introduced.as_ref()));
    let deprecated = optional_name(lifecycle.and_then(|l| l.deprecated.as_ref()));
    let removed = optional_name(lifecycle.and_then(|l| l.removed.as_ref()));
    quote! {
        ::kapi::scheme::KindMeta {
            kind: ::kapi::scheme::Name::Borrowed(#name),
            shape: #shape,
            storage_version: #storage,
            convertible: #convertible,
            introduced: #introduced,
            deprecated: #deprecated,
            removed: #removed,
        }
    }
}

/// An object kind's REST resource: its names, verbs, subresources and table columns.
fn resource_meta(k: &KindInfo) -> TokenStream {
    let (plural, singular, list_kind) = (
        name(&k.plural),
        name(&k.singular),
        name(&k.list_kind),
    );
    let scope = match k.scope {
        Scope::Namespaced => quote!(::kapi::Scope::Namespaced),
        Scope::Cluster => quote!(::kapi::Scope::Cluster),
    };
    let short_names = names(&k.short_names);
    let categories = names(&k.categories);
    let verbs = match &k.verbs {
        Some(v) => {
            let v = names(v);
            quote!(::core::option::Option::Some(#v))
        }
        None => quote!(::core::option::Option::None),
    };
    let status = k.subresource_status;
    let scale = match &k.subresource_scale {
        Some(s) => {
            let spec = name(&s.spec_replicas_path);
            let status = name(&s.status_replicas_path);
            let selector = optional_name(s.label_selector_path.as_ref());
            quote!(::core::option::Option::Some(::kapi::scheme::ScalePaths {
                spec_replicas_path: #spec,
                status_replicas_path: #status,
                label_selector_path: #selector,
            }))
        }
        None => quote!(::core::option::Option::None),
    };
    let print_columns = k.print_columns.iter().map(|c| {
        let column_name = name(&c.name);
        let ty = name(&c.ty);
        let format = name(c.format.as_deref().unwrap_or(""));
        let description = name(c.description.as_deref().unwrap_or(""));
        let json_path = name(&c.json_path);
        let priority = proc_macro2::Literal::i32_unsuffixed(print_column_priority(c));
        quote!(::kapi::scheme::PrintColumn {
            name: #column_name,
            type_: #ty,
            format: #format,
            description: #description,
            priority: #priority,
            json_path: #json_path,
        })
    });
    quote! {
        ::kapi::scheme::ResourceMeta {
            plural: #plural,
            singular: #singular,
            scope: #scope,
            list_kind: #list_kind,
            short_names: #short_names,
            categories: #categories,
            verbs: #verbs,
            subresource_status: #status,
            scale: #scale,
            print_columns: ::std::borrow::Cow::Borrowed(&[#(#print_columns),*]),
        }
    }
}

fn name(s: &str) -> TokenStream {
    quote!(::kapi::scheme::Name::Borrowed(#s))
}

fn optional_name(s: Option<&String>) -> TokenStream {
    match s {
        Some(s) => {
            let s = name(s);
            quote!(::core::option::Option::Some(#s))
        }
        None => quote!(::core::option::Option::None),
    }
}

fn names(list: &[String]) -> TokenStream {
    if list.is_empty() {
        return quote!(::kapi::scheme::Names::NONE);
    }
    quote!(::kapi::scheme::Names::Static(&[#(#list),*]))
}

/// A column's priority as the `i32` of Kubernetes' `TableColumnDefinition`; the parser
/// rejects marker values outside that range.
fn print_column_priority(c: &PrintColumn) -> i32 {
    c.priority.and_then(|p| i32::try_from(p).ok()).unwrap_or(0)
}

/// What registration hands the scheme besides the kind: its `Normalize`, found by a probe
/// (hand-written, so only the compiler knows), and what the derive gave it, which the model
/// says: metadata accessors for an object kind, the protobuf codec for a kind whose every
/// field is numbered. Stating these rather than probing for them saves the API crate a
/// method-resolution probe per kind and hook (14 MB of rustc's peak memory in the 100-kind
/// synthetic API).
fn kind_hooks(t: &TypeDef, path: &TokenStream) -> TokenStream {
    let object_meta = t
        .kind
        .as_ref()
        .is_some_and(|k| k.category == KindCategory::Object)
        .then(|| quote!(.object_meta()));
    let protobuf = t
        .fields()
        .iter()
        .all(|f| f.protobuf.is_some())
        .then(|| quote!(.protobuf()));
    quote!(::kapi::scheme::KindHooks::normalized(::kapi::__private::normalize_fn!(#path))#object_meta #protobuf)
}
