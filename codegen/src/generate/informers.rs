//! Shared informers, like Go's informer-gen: per served group-version with kinds an informer
//! can cache (a `gen_client` whose verbs include list and watch), `generated/<version>/
//! informers.rs` with a `<Kind>Informer` per kind (the factory's `kapi::cache::SharedInformer`
//! and a `<Kind>Lister` of its cache) and a `<Group><Version>Informers` (`FrobV1Informers`)
//! with one accessor per kind, named like the clientset's (`frobbers()`,
//! `frobber_classes()`); and one crate-level `generated/informers.rs` whose
//! `SharedInformerFactory` wraps `kapi::cache::SharedInformerFactory`: filtering options,
//! one accessor per group-version (`factory.frob_v1()`), `start` and `wait_for_cache_sync`.
//! Every consumer that asks for a kind gets the same informer, so one watch feeds them all.
//! With `controllers = true` each `<Kind>Informer` also keeps the factory it came from, which
//! the `controller()` of `generated/controllers.rs` builds on.

use super::client_surface::{
    clientset_path, group_version_accessor, group_version_informers_name,
    group_version_informers_path, informer_kinds, informer_name, kind_accessor, lister_path,
};
use super::core::{feature_cfg, Context, GeneratedFile, Generator, RustFile};
use crate::diagnostics::Diagnostics;
use crate::model::{GroupVersion, Model, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub struct Informers;

impl Generator for Informers {
    fn name(&self) -> &'static str {
        "informers"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        let per_version = cx.rust_file_per_version(cx.served(), "informers.rs", |gv| {
            informer_kinds(gv)
                .next()
                .is_some()
                .then(|| group_version_file(gv, cx))
        });
        if per_version.versions.is_empty() {
            return Vec::new();
        }
        let mut files = per_version.files;
        files.push(cx.crate_rust_file(
            "informers.rs",
            RustFile::from_tokens(factory_file(cx.model, &per_version.versions, cx)),
        ));
        files
    }
}

/// One group-version's `informers.rs`, written as text ([`RustFile`]). kapi's informer
/// types are written out in full, so no kind's `<Kind>Informer` can clash with an import.
fn group_version_file(gv: &GroupVersion, cx: &Context) -> RustFile {
    let api_version = gv.api_version();
    let name = group_version_informers_name(gv);
    let kinds: Vec<&TypeDef> = informer_kinds(gv).collect();
    let mut w = RustFile::inline_functions();
    w.inner_doc(&format!(
        " Shared informers of {api_version}, like client-go's informers."
    ));
    w.handle(
        &format!(" The {api_version} informers: one per kind, shared through the factory."),
        &name,
        format_args!("factory: ::kapi::cache::SharedInformerFactory,"),
    );
    w.function(
        &format!(" The {api_version} informers of `factory`."),
        format_args!("pub fn new(factory: ::kapi::cache::SharedInformerFactory) -> Self"),
        format_args!("Self {{ factory }}"),
    );
    for t in &kinds {
        let Some(k) = &t.kind else {
            continue;
        };
        let accessor = kind_accessor(t, &k.plural);
        let informer = informer_name(t);
        w.function(
            &format!(
                " The informer of {} objects: the factory's one, shared with every other \
                 consumer (asking for it is what makes the factory's `start` run it).",
                t.name
            ),
            format_args!("pub fn {accessor}(&self) -> {informer}"),
            format_args!("{informer}::new(&self.factory)"),
        );
    }
    w.close("}");
    for t in &kinds {
        kind_informer(&mut w, gv, t, cx);
    }
    w
}

/// A kind's informer: the shared informer and a lister of its cache.
fn kind_informer(w: &mut RustFile, gv: &GroupVersion, t: &TypeDef, cx: &Context) {
    let ty = gv.type_path(t);
    let kind = &t.name;
    let name = informer_name(t);
    let lister = lister_path(cx, gv, t);
    if cx.settings.controllers {
        informer_with_factory(w, kind, &name, &ty);
    } else {
        w.handle(
            &format!(" The shared informer of {kind} objects and a lister of its cache."),
            &name,
            format_args!("informer: ::kapi::cache::SharedInformer<{ty}>,"),
        );
        w.constructor(
            &format!(
                " `factory`'s informer of {kind} objects: created on first use, then shared."
            ),
            format_args!("pub fn new(factory: &::kapi::cache::SharedInformerFactory) -> Self"),
            "Self",
            format_args!("informer: factory.informer_for::<{ty}>(),"),
        );
    }
    w.doc(" The shared informer: event handlers, its store, start and sync.");
    w.fn_line(format_args!(
        "pub fn informer(&self) -> &::kapi::cache::SharedInformer<{ty}> {{ &self.informer }}"
    ));
    w.function(
        &format!(" A lister of the informer's cache of {kind} objects."),
        format_args!("pub fn lister(&self) -> {lister}"),
        format_args!("{lister}::new(self.informer.lister())"),
    );
    w.close("}");
}

/// A kind's informer that keeps its factory (`controllers = true`): the struct, the opening
/// of its `impl`, its constructor and `factory()`.
fn informer_with_factory(w: &mut RustFile, kind: &str, name: &dyn std::fmt::Display, ty: &str) {
    w.doc(&format!(
        " The shared informer of {kind} objects, a lister of its cache and a controller of them."
    ));
    w.line(format_args!("#[derive(Debug, Clone)]"));
    w.open(format_args!("pub struct {name} {{"));
    w.line(format_args!("informer: ::kapi::cache::SharedInformer<{ty}>,"));
    w.line(format_args!("factory: ::kapi::cache::SharedInformerFactory,"));
    w.close("}");
    w.open(format_args!("impl {name} {{"));
    w.doc(&format!(
        " `factory`'s informer of {kind} objects: created on first use, then shared."
    ));
    w.open_fn(format_args!(
        "pub fn new(factory: &::kapi::cache::SharedInformerFactory) -> Self {{"
    ));
    w.open(format_args!("Self {{"));
    w.line(format_args!("informer: factory.informer_for::<{ty}>(),"));
    w.line(format_args!("factory: factory.clone(),"));
    w.close("}");
    w.close("}");
    w.doc(" The factory the informer came from: informers of other kinds, `start`, `shutdown`.");
    w.fn_line(format_args!(
        "pub fn factory(&self) -> &::kapi::cache::SharedInformerFactory {{ &self.factory }}"
    ));
}

/// The crate's `SharedInformerFactory`: every group-version's informers over one factory.
fn factory_file(model: &Model, served: &[&GroupVersion], cx: &Context) -> TokenStream {
    let accessors = served.iter().map(|gv| {
        let accessor = group_version_accessor(gv);
        let ty = group_version_informers_path(cx, gv);
        let doc = format!(" The {} informers.", gv.api_version());
        let cfg = feature_cfg(gv);
        quote! {
            #cfg
            #[doc = #doc]
            pub fn #accessor(&self) -> #ty {
                #ty::new(self.factory.clone())
            }
        }
    });
    let clientset = clientset_path(cx);
    let crate_name = &model.crate_name;
    let doc = format!(
        " Shared informers of every group-version of `{crate_name}`: one informer per kind, \
         whoever asks for it, so one list and watch feeds every consumer; `start` runs them all."
    );
    quote! {
        //! The shared informer factory of the crate: one informer per kind, shared by every
        //! consumer, like client-go's `NewSharedInformerFactoryWithOptions`.

        use ::kapi::cache::Transform;
        use ::kapi::client::Client;
        use ::kapi::meta::ListOptions;
        use ::std::time::Duration;

        #[doc = #doc]
        #[derive(Debug, Clone)]
        pub struct SharedInformerFactory {
            factory: ::kapi::cache::SharedInformerFactory,
        }

        impl SharedInformerFactory {
            /// A factory over `client`'s connection (whose scheme must know this API's kinds):
            /// every namespace, no selectors, no resync.
            pub fn new(client: Client) -> Self {
                Self {
                    factory: ::kapi::cache::SharedInformerFactory::new(client),
                }
            }

            /// A factory over the clientset's connection.
            pub fn from_clientset(clientset: &#clientset) -> Self {
                Self::new(clientset.client().clone())
            }

            /// Only objects of `namespace` (namespaced kinds); set options before asking for
            /// informers.
            pub fn with_namespace(self, namespace: &str) -> Self {
                Self {
                    factory: self.factory.with_namespace(namespace),
                }
            }

            /// Only objects whose labels `selector` matches (`app=frob,tier!=cache`).
            pub fn with_label_selector(self, selector: &str) -> Self {
                Self {
                    factory: self.factory.with_label_selector(selector),
                }
            }

            /// Only objects whose fields `selector` matches (`metadata.name=frob`).
            pub fn with_field_selector(self, selector: &str) -> Self {
                Self {
                    factory: self.factory.with_field_selector(selector),
                }
            }

            /// Changes the options of every list and watch (client-go's `WithTweakListOptions`).
            pub fn with_tweak_list_options(
                self,
                tweak: impl Fn(&mut ListOptions) + Send + Sync + 'static,
            ) -> Self {
                Self {
                    factory: self.factory.with_tweak_list_options(tweak),
                }
            }

            /// Delivers every cached object to the handlers again each `period`.
            pub fn with_resync(self, period: Duration) -> Self {
                Self {
                    factory: self.factory.with_resync(period),
                }
            }

            /// Runs `transform` on each object before it is cached (strip managed fields to
            /// save memory: `Transform::strip_managed_fields()`).
            pub fn with_transform(self, transform: Transform) -> Self {
                Self {
                    factory: self.factory.with_transform(transform),
                }
            }

            /// The runtime factory underneath, for informers of other kinds (`informer_for`).
            pub fn factory(&self) -> &::kapi::cache::SharedInformerFactory {
                &self.factory
            }

            #(#accessors)*

            /// Starts every informer asked for so far; call it again after asking for more.
            pub fn start(&self) {
                self.factory.start();
            }

            /// Waits until every started informer has listed its objects; true when all have.
            pub async fn wait_for_cache_sync(&self) -> bool {
                self.factory.wait_for_cache_sync().await
            }

            /// Stops every informer.
            pub fn shutdown(&self) {
                self.factory.shutdown();
            }
        }
    }
}
