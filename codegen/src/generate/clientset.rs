//! Typed clientsets, like Go's client-gen: per served group-version with `gen_client` kinds,
//! `generated/<version>/client.rs` with a `<Group><Version>Client` (`FrobV1Client`, named
//! from the group's Go name) that hands out one typed client per kind (`frobbers(namespace)`,
//! `frobber_classes()`); and one crate-level `generated/clientset.rs` whose `Clientset`
//! aggregates every group-version client (`clientset.frob_v1()`).
//!
//! A kind's typed client is `kapi::client::KindClient` of the kind, named for it
//! (`pub type FrobberClient = KindClient<Frobber>;`), as client-go's typed clients are its
//! generic `gentype.Client` under a name. The generator implements for the kind the marker
//! (`kapi::client::verbs::Create`, ..) of each verb its `gen_client` options allow, and each
//! verb of `KindClient` is bound by its marker, so the client offers exactly those: create,
//! update, update_status, get, list, watch, delete, delete_collection, patch, patch_status,
//! apply and apply_status (apply's marker names the kind's apply configuration). The status
//! verbs exist only for kinds with a status subresource and without `no_status`;
//! patch_status and apply_status follow patch and apply. The verbs are written once, in
//! kapi, so an API crate type-checks none of them per kind.
//!
//! A kind with custom subresource methods (`method(name = "GetScale", verb = "get",
//! subresource = "scale", result = "Scale")` becomes `get_scale(name)`) gets a struct of its
//! own instead, with those methods, which dereferences to its `KindClient` for the verbs.

use super::client_surface::{
    apply_configuration_path, client_kinds, client_path, group_version_accessor,
    group_version_client_name, kind_accessor, kind_client_name, verbs, Verb,
};
use super::core::string_literal;
use super::core::{feature_cfg, path_tokens, Context, GeneratedFile, Generator, RustFile};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::resolve::{Index, Origin, Resolved};
use crate::model::{ClientMethod, GroupVersion, Model, Scope, TypeDef};
use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;

/// The clientset generator. Custom methods' result types (such as `Scale`) are resolved
/// among the API's and kapi's types.
pub struct Clientset;

impl Generator for Clientset {
    fn name(&self) -> &'static str {
        "clientset"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served: Vec<&GroupVersion> = cx
            .served()
            .filter(|gv| client_kinds(gv).next().is_some())
            .collect();
        let Some(index) = cx.resolved(&served, diags) else {
            return Vec::new();
        };
        let per_version = cx.rust_file_per_version(served, "client.rs", |gv| {
            Some(GroupVersionClient { gv, cx, index }.file(diags))
        });
        let mut files = per_version.files;
        files.push(cx.crate_rust_file(
            "clientset.rs",
            RustFile::from_tokens(clientset_file(cx.model, &per_version.versions, cx)),
        ));
        files
    }
}

/// What a `client.rs` imports from `kapi::client` and `kapi::meta`: `Client`, and what its
/// custom methods use (the verbs are `KindClient`'s), so no import goes unused.
fn imports(kinds: &[&TypeDef]) -> (BTreeSet<&'static str>, BTreeSet<&'static str>) {
    let mut client: BTreeSet<&str> = ["Client"].into();
    let mut meta: BTreeSet<&str> = BTreeSet::new();
    for k in kinds.iter().filter_map(|t| t.kind.as_ref()) {
        let info = k.client.clone().unwrap_or_default();
        for m in &info.methods {
            client.insert("Error");
            match m.verb.as_str() {
                "update" => {
                    meta.insert("UpdateOptions");
                }
                "patch" => {
                    client.insert("Patch");
                    meta.insert("PatchOptions");
                }
                _ => {}
            }
        }
    }
    (client, meta)
}

/// One group-version's `client.rs`, written as text ([`RustFile`]): a struct and a dozen
/// verbs per kind, which on a large API is several times faster than tokens.
struct GroupVersionClient<'a> {
    gv: &'a GroupVersion,
    cx: &'a Context<'a>,
    index: &'a Index<'a>,
}

impl GroupVersionClient<'_> {
    fn file(&self, diags: &mut Diagnostics) -> RustFile {
        let gv = self.gv;
        let api_version = gv.api_version();
        let name = group_version_client_name(gv);
        let kinds: Vec<&TypeDef> = client_kinds(gv).collect();
        let (client_imports, meta_imports) = imports(&kinds);
        let join = |set: BTreeSet<&str>| set.into_iter().collect::<Vec<_>>().join(", ");
        let mut w = RustFile::inline_functions();
        w.inner_doc(&format!(
            " Typed clients of {api_version}, like client-go's typed clientset."
        ));
        // Every call returns a future; a group-version of `no_verbs` kinds makes none.
        if client_imports.contains("Error") {
            w.line(format_args!("use ::core::future::Future;"));
        }
        w.line(format_args!("use ::kapi::client::{{{}}};", join(client_imports)));
        if !meta_imports.is_empty() {
            w.line(format_args!("use ::kapi::meta::{{{}}};", join(meta_imports)));
        }
        w.handle(
            &format!(" The {api_version} API: a typed client per kind."),
            &name,
            format_args!("client: Client,"),
        );
        w.function(
            &format!(" A {api_version} client over `client`'s connection."),
            format_args!("pub fn new(client: Client) -> Self"),
            format_args!("Self {{ client }}"),
        );
        w.doc(" The REST client underneath.");
        w.fn_line(format_args!(
            "pub fn client(&self) -> &Client {{ &self.client }}"
        ));
        for t in &kinds {
            self.accessor(&mut w, t);
        }
        w.close("}");
        for t in &kinds {
            self.kind_client(&mut w, t, diags);
        }
        w
    }

    fn accessor(&self, w: &mut RustFile, t: &TypeDef) {
        let Some(k) = &t.kind else {
            return;
        };
        let accessor = kind_accessor(t, &k.plural);
        let client = kind_client_name(t);
        match k.scope {
            Scope::Namespaced => {
                w.doc(&format!(
                    " The {} objects in `namespace`; `\"\"` means all namespaces (for list, \
                     watch and delete_collection), as in client-go.",
                    t.name
                ));
                w.open_fn(format_args!(
                    "pub fn {accessor}(&self, namespace: &str) -> {client} {{"
                ));
                w.line(format_args!(
                    "{client}::new(self.client.clone(), namespace)"
                ));
            }
            Scope::Cluster => {
                w.doc(&format!(" The {} objects (cluster-scoped).", t.name));
                w.open_fn(format_args!("pub fn {accessor}(&self) -> {client} {{"));
                w.line(format_args!("{client}::all(self.client.clone())"));
            }
        }
        w.close("}");
    }

    /// A kind's typed client: `kapi::client::KindClient` of the kind, named for it, and
    /// the kind's marker of each verb its `gen_client` options allow. A kind with custom
    /// methods gets a struct of its own around it instead, which dereferences to it.
    fn kind_client(&self, w: &mut RustFile, t: &TypeDef, diags: &mut Diagnostics) {
        let Some(k) = &t.kind else {
            return;
        };
        let client = k.client.clone().unwrap_or_default();
        let name = kind_client_name(t);
        let ty = self.gv.type_path(t);
        let kind = &t.name;
        let verbs = verbs(&client, k.subresource_status);
        let listed = if verbs.is_empty() {
            "no verbs".to_string()
        } else {
            verbs.iter().map(|v| format!("`{}`", v.name())).collect::<Vec<_>>().join(", ")
        };
        let scope = match k.scope {
            Scope::Namespaced => "in one namespace (or all)",
            Scope::Cluster => "(cluster-scoped)",
        };
        let doc = format!(" The typed client of {kind} objects {scope}: {listed}.");
        if client.methods.is_empty() {
            w.doc(&doc);
            w.line(format_args!("pub type {name} = ::kapi::client::KindClient<{ty}>;"));
        } else {
            self.custom_client(w, t, &doc, &client.methods, diags);
        }
        for verb in verbs {
            self.verb(w, &ty, t, verb);
        }
    }

    /// The struct of a kind with custom methods: the methods, and the verbs through
    /// `Deref` to its `KindClient`.
    fn custom_client(
        &self,
        w: &mut RustFile,
        t: &TypeDef,
        doc: &str,
        methods: &[ClientMethod],
        diags: &mut Diagnostics,
    ) {
        let name = kind_client_name(t);
        let ty = self.gv.type_path(t);
        w.doc(doc);
        w.line(format_args!("#[derive(Debug, Clone)]"));
        w.line(format_args!(
            "pub struct {name}(::kapi::client::KindClient<{ty}>);"
        ));
        w.open(format_args!("impl ::core::ops::Deref for {name} {{"));
        w.line(format_args!("type Target = ::kapi::client::KindClient<{ty}>;"));
        w.fn_line(format_args!("fn deref(&self) -> &Self::Target {{ &self.0 }}"));
        w.close("}");
        w.open(format_args!("impl {name} {{"));
        w.function(
            " The client of `namespace`, or of all namespaces with `\"\"`; a cluster-scoped kind ignores the namespace.",
            format_args!("pub fn new(client: Client, namespace: &str) -> Self"),
            format_args!("Self(::kapi::client::KindClient::new(client, namespace))"),
        );
        w.function(
            " The client of every object of the kind.",
            format_args!("pub fn all(client: Client) -> Self"),
            format_args!("Self(::kapi::client::KindClient::all(client))"),
        );
        for m in methods {
            self.method(w, t, m, diags);
        }
        w.close("}");
    }

    /// The kind's marker of `verb`; apply's names the kind's apply configuration.
    fn verb(&self, w: &mut RustFile, ty: &str, t: &TypeDef, verb: Verb) {
        let marker = verb_marker(verb);
        match verb {
            Verb::Apply => {
                let config = apply_configuration_path(self.cx, self.gv, t);
                self.apply_cfg(w);
                w.open(format_args!("impl ::kapi::client::verbs::Apply for {ty} {{"));
                w.line(format_args!("type Configuration = {config};"));
                w.fn_line(format_args!(
                    "fn configuration_name(configuration: &Self::Configuration) -> Option<&str> {{ configuration.name() }}"
                ));
                w.close("}");
            }
            Verb::ApplyStatus => {
                self.apply_cfg(w);
                w.line(format_args!("impl ::kapi::client::verbs::{marker} for {ty} {{}}"));
            }
            _ => w.line(format_args!("impl ::kapi::client::verbs::{marker} for {ty} {{}}")),
        }
    }

    /// Apply configurations compile only with the crate's feature, when it has one.
    fn apply_cfg(&self, w: &mut RustFile) {
        if let Some(feature) = &self.cx.settings.apply_feature {
            w.line(format_args!("#[cfg(feature = {})]", string_literal(feature)));
        }
    }

    /// A custom subresource method: `get_scale(name)`, `update_scale(name, &scale, opts)`,
    /// `patch_scale(name, &patch, opts)`.
    fn method(&self, w: &mut RustFile, t: &TypeDef, m: &ClientMethod, diags: &mut Diagnostics) {
        let method = m.name.to_snake_case();
        let subresource = string_literal(m.subresource.as_deref().unwrap_or_default());
        let kind = &t.name;
        let result = match &m.result {
            Some(r) => match self.resolve_type(r) {
                Some(p) => p,
                None => {
                    diags.push(
                        Diagnostic::new(m.span, format!("client method {}: no type `{r}` to return", m.name))
                            .with_help("name a type of this group-version or of kapi (`Scale` is `kapi::apis::autoscaling::v1::Scale`)")
                            .with_file(&t.file),
                    );
                    return;
                }
            },
            None => self.gv.type_path(t),
        };
        if let Some(input) = &m.input {
            if m.result.as_deref() != Some(input.as_str()) {
                diags.push(
                    Diagnostic::new(m.span, format!("client method {}: `input` must be the `result` type", m.name))
                        .with_help("a subresource reads and writes the same type; drop `input` or make it `result`")
                        .with_file(&t.file),
                );
                return;
            }
        }
        let sub = m.subresource.as_deref().unwrap_or_default();
        let (doc, params, call) = match m.verb.as_str() {
            "get" => (
                format!(" Reads the `{sub}` subresource of the {kind} `name`."),
                ", name: &'a str".to_string(),
                format!("self.0.api().get_subresource::<{result}>(name, {subresource})"),
            ),
            "update" => (
                format!(" Replaces the `{sub}` subresource of the {kind} `name`."),
                format!(", name: &'a str, value: &'a {result}, options: &'a UpdateOptions"),
                format!(
                    "self.0.api().update_subresource::<{result}>(name, {subresource}, value, options)"
                ),
            ),
            "patch" => (
                format!(" Patches the `{sub}` subresource of the {kind} `name`."),
                ", name: &'a str, patch: &'a Patch, options: &'a PatchOptions".to_string(),
                format!(
                    "self.0.api().patch_subresource::<{result}>(name, {subresource}, patch, options)"
                ),
            ),
            // The parser reports other verbs.
            _ => return,
        };
        w.function(
            &doc,
            format_args!(
                "pub fn {method}<'a>(&'a self{params}) -> impl Future<Output = Result<{result}, Error>> + 'a"
            ),
            format_args!("{call}"),
        );
    }

    /// The Rust path of a type a method names: this group-version's, then kapi's.
    fn resolve_type(&self, name: &str) -> Option<String> {
        let path: Vec<String> = name.split("::").map(str::to_string).collect();
        let origin = Origin {
            model: self.index.api,
            gv: Some(self.gv),
        };
        match self.index.resolve(origin, &path)? {
            Resolved::Type(origin, t) => {
                let full = match origin.gv {
                    Some(gv) => gv.type_path(t),
                    None => format!("crate::{}::{}", t.module.join("::"), t.name),
                };
                Some(if std::ptr::eq(origin.model, self.index.kapi) {
                    full.replacen("crate", "::kapi", 1)
                } else {
                    full
                })
            }
            Resolved::Special(_) => None,
        }
    }
}

/// The crate's `Clientset`: every group-version client behind one connection.
fn clientset_file(model: &Model, served: &[&GroupVersion], cx: &Context) -> TokenStream {
    let fields = served.iter().map(|gv| {
        let field = group_version_accessor(gv);
        let ty = client_path(cx, gv);
        let cfg = feature_cfg(gv);
        quote!(#cfg #field: #ty,)
    });
    let inits = served.iter().map(|gv| {
        let field = group_version_accessor(gv);
        let ty = client_path(cx, gv);
        let cfg = feature_cfg(gv);
        quote!(#cfg #field: #ty::new(client.clone()),)
    });
    let accessors = served.iter().map(|gv| {
        let field = group_version_accessor(gv);
        let ty = client_path(cx, gv);
        let doc = format!(" The {} client.", gv.api_version());
        let cfg = feature_cfg(gv);
        quote! {
            #cfg
            #[doc = #doc]
            pub fn #field(&self) -> &#ty {
                &self.#field
            }
        }
    });
    let install = path_tokens(&format!("{}::register::install", cx.generated_module(&[])));
    let crate_name = &model.crate_name;
    let doc = format!(" Every group-version of `{crate_name}`, behind one connection.");
    let scheme_doc = format!(
        " A scheme with every kind of `{crate_name}`, the meta kinds and autoscaling/v1 `Scale`: what code that decodes any kind of this API by its apiVersion and kind needs (typed clients do not)."
    );
    quote! {
        //! The clientset of the crate: one typed client per group-version.

        use ::kapi::client::{Client, Config, Error};

        #[doc = #doc]
        #[derive(Debug, Clone)]
        pub struct Clientset {
            client: Client,
            #(#fields)*
        }

        impl Clientset {
            /// A clientset over `client`'s connection.
            pub fn new(client: Client) -> Self {
                Self {
                    #(#inits)*
                    client,
                }
            }

            /// A clientset for `config`. Its client's scheme holds the meta kinds only: typed
            /// clients read and write objects through their own types, so an operator compiles
            /// the codecs of the kinds it uses, not of every kind this crate enables. Build the
            /// client with [`scheme`] to decode any kind of this API by apiVersion and kind.
            pub fn from_config(config: Config) -> Result<Self, Error> {
                let mut scheme = ::kapi::Scheme::new();
                ::kapi::meta::add_to_scheme(&mut scheme).map_err(|e| Error::Config(e.to_string()))?;
                Ok(Self::new(Client::new(config, ::std::sync::Arc::new(scheme))?))
            }

            /// The REST client underneath.
            pub fn client(&self) -> &Client {
                &self.client
            }

            #(#accessors)*
        }

        #[doc = #scheme_doc]
        #[cfg_attr(not(debug_assertions), inline)]
        pub fn scheme() -> Result<::kapi::Scheme, ::kapi::scheme::SchemeError> {
            let mut scheme = ::kapi::Scheme::new();
            #install(&mut scheme)?;
            ::kapi::meta::add_to_scheme(&mut scheme)?;
            ::kapi::apis::autoscaling::v1::add_to_scheme(&mut scheme)?;
            Ok(scheme)
        }
    }
}

/// The name of `verb`'s marker trait in `kapi::client::verbs`.
fn verb_marker(verb: Verb) -> &'static str {
    match verb {
        Verb::Create => "Create",
        Verb::Update => "Update",
        Verb::UpdateStatus => "UpdateStatus",
        Verb::Delete => "Delete",
        Verb::DeleteCollection => "DeleteCollection",
        Verb::Get => "Get",
        Verb::List => "List",
        Verb::Watch => "Watch",
        Verb::Patch => "Patch",
        Verb::PatchStatus => "PatchStatus",
        Verb::Apply => "Apply",
        Verb::ApplyStatus => "ApplyStatus",
    }
}
