//! Listers, like Go's lister-gen: per served group-version with kinds an informer can cache
//! (see [`informer_kinds`]), `generated/<version>/listers.rs` with a `<Kind>Lister` per kind
//! over `kapi::cache::Lister`: read-only views of a shared informer's cache that hand out
//! shared references (`Arc<Kind>`), never copies. `list(&selector)` reads every cached
//! object; a namespaced kind's `frobbers(namespace)` gives a `<Kind>NamespaceLister` with
//! `list` and `get`; a cluster-scoped kind's lister has `get(name)` itself.

use super::client_surface::{informer_kinds, kind_accessor, lister_name, namespace_lister_name};
use super::core::{Context, GeneratedFile, Generator, RustFile};
use crate::diagnostics::Diagnostics;
use crate::model::{GroupVersion, Scope, TypeDef};

/// The lister generator; its files are written as text ([`RustFile`]).
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
fn listers_file(gv: &GroupVersion) -> RustFile {
    let mut w = RustFile::inline_functions();
    w.inner_doc(&format!(
        " Listers of {}: read-only views of the shared informers' caches, like client-go's listers.",
        gv.api_version()
    ));
    w.line(format_args!("use ::kapi::meta::Selector;"));
    w.line(format_args!("use ::std::sync::Arc;"));
    for t in informer_kinds(gv) {
        lister(&mut w, gv, t);
    }
    w
}

/// A kind's lister, and for a namespaced kind its namespace lister.
fn lister(w: &mut RustFile, gv: &GroupVersion, t: &TypeDef) {
    let Some(k) = &t.kind else {
        return;
    };
    let ty = gv.type_path(t);
    let kind = &t.name;
    let name = lister_name(t);
    let accessor = kind_accessor(t, &k.plural);
    let doc = match k.scope {
        Scope::Namespaced => format!(
            " Lists {kind} objects from a shared informer's cache; `{accessor}(namespace)` reads one namespace."
        ),
        Scope::Cluster => {
            format!(" Lists and gets {kind} objects (cluster-scoped) from a shared informer's cache.")
        }
    };
    w.handle(
        &doc,
        &name,
        format_args!("lister: ::kapi::cache::Lister<{ty}>,"),
    );
    w.function(
        &format!(
            " A lister over `lister`'s cache (a shared informer's: see `{kind}Informer::lister`)."
        ),
        format_args!("pub fn new(lister: ::kapi::cache::Lister<{ty}>) -> Self"),
        format_args!("Self {{ lister }}"),
    );
    let list_doc = match k.scope {
        Scope::Namespaced => format!(
            " The cached {kind} objects of every namespace that `selector` matches \
             (`Selector::everything()` for all)."
        ),
        Scope::Cluster => format!(
            " The cached {kind} objects that `selector` matches (`Selector::everything()` for all)."
        ),
    };
    list(w, &ty, &list_doc);
    match k.scope {
        Scope::Namespaced => {
            let namespace_lister = namespace_lister_name(t);
            w.constructor(
                &format!(" The cached {kind} objects of `namespace`."),
                format_args!("pub fn {accessor}(&self, namespace: &str) -> {namespace_lister}"),
                &namespace_lister.to_string(),
                format_args!("lister: self.lister.namespace(namespace),"),
            );
            w.close("}");
            w.handle(
                &format!(" The cached {kind} objects of one namespace."),
                &namespace_lister,
                format_args!("lister: ::kapi::cache::NamespaceLister<{ty}>,"),
            );
            list(
                w,
                &ty,
                &format!(" The cached {kind} objects of this namespace that `selector` matches."),
            );
            get(w, &ty, &format!(" The cached {kind} `name` in this namespace, if there is one."));
            w.close("}");
        }
        Scope::Cluster => {
            get(w, &ty, &format!(" The cached {kind} `name`, if there is one."));
            w.close("}");
        }
    }
}

fn list(w: &mut RustFile, ty: &str, doc: &str) {
    w.function(
        doc,
        format_args!("pub fn list(&self, selector: &Selector) -> Vec<Arc<{ty}>>"),
        format_args!("self.lister.list(selector)"),
    );
}

fn get(w: &mut RustFile, ty: &str, doc: &str) {
    w.function(
        doc,
        format_args!("pub fn get(&self, name: &str) -> Option<Arc<{ty}>>"),
        format_args!("self.lister.get(name)"),
    );
}
