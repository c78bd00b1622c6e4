//! Typed clientsets, like Go's client-gen: per served group-version with `gen_client` kinds,
//! `generated/<version>/client.rs` with a `<Group><Version>Client` (`FrobV1Client`, named
//! from the group's Go name) that hands out one typed client per kind (`frobbers(namespace)`,
//! `frobber_classes()`), each offering exactly the verbs its `gen_client` options allow over
//! `kapi::client::Api`; and one crate-level `generated/clientset.rs` whose `Clientset`
//! aggregates every group-version client (`clientset.frob_v1()`).
//!
//! The verbs: create, update, update_status, get, list, watch, delete, delete_collection,
//! patch (a `kapi::client::Patch`: JSON, merge, strategic or apply), patch_status, apply and
//! apply_status (taking the kind's generated apply configuration, a field manager and
//! `force`), and custom subresource methods (`method(name = "GetScale", verb = "get",
//! subresource = "scale", result = "Scale")` becomes `get_scale(name)`). The status verbs
//! exist only for kinds with a status subresource and without `no_status`; patch_status and
//! apply_status follow patch and apply.
//!
//! A verb is a plain `fn` returning the future of a generic `async fn` (`Api`'s verb, or
//! `kapi::__private::client::apply`), not an `async fn` awaiting it: an API crate then
//! type-checks no state machine per kind and verb (2,288 of them in the 100-kind synthetic
//! API), and callers await the same future with the same `Send`ness.

use super::client_surface::{
    apply_configuration_path, client_kinds, client_path, group_version_accessor,
    group_version_client_name, kind_accessor, kind_client_name, verbs, Verb,
};
use super::core::{feature_cfg, path_tokens, Context, GeneratedFile, Generator};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::resolve::{Index, Origin, Resolved};
use crate::model::{ClientMethod, GroupVersion, Model, Scope, TypeDef};
use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
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
            clientset_file(cx.model, &per_version.versions, cx),
        ));
        files
    }
}

/// What a `client.rs` imports from `kapi::client` and `kapi::meta`: only what its verbs use,
/// so a read-only API leaves no unused import.
fn imports(kinds: &[&TypeDef]) -> (Vec<syn::Ident>, Vec<syn::Ident>) {
    let mut client: BTreeSet<&str> = ["Api", "Client"].into();
    let mut meta: BTreeSet<&str> = BTreeSet::new();
    for k in kinds.iter().filter_map(|t| t.kind.as_ref()) {
        let info = k.client.clone().unwrap_or_default();
        for verb in verbs(&info, k.subresource_status) {
            client.insert("Error");
            let (c, m): (&[&str], &[&str]) = match verb {
                Verb::Create => (&[], &["CreateOptions"]),
                Verb::Update | Verb::UpdateStatus => (&[], &["UpdateOptions"]),
                Verb::Delete => (&["Deleted"], &["DeleteOptions"]),
                Verb::DeleteCollection => (&["ObjectList"], &["DeleteOptions", "ListOptions"]),
                Verb::Get => (&[], &["GetOptions"]),
                Verb::List => (&["ObjectList"], &["ListOptions"]),
                Verb::Watch => (&["WatchStream"], &["ListOptions"]),
                Verb::Patch | Verb::PatchStatus => (&["Patch"], &["PatchOptions"]),
                Verb::Apply | Verb::ApplyStatus => (&[], &[]),
            };
            client.extend(c);
            meta.extend(m);
        }
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
    let idents = |set: BTreeSet<&str>| set.into_iter().map(|n| format_ident!("{}", n)).collect();
    (idents(client), idents(meta))
}

/// One group-version's `client.rs`.
struct GroupVersionClient<'a> {
    gv: &'a GroupVersion,
    cx: &'a Context<'a>,
    index: &'a Index<'a>,
}

impl GroupVersionClient<'_> {
    fn file(&self, diags: &mut Diagnostics) -> TokenStream {
        let gv = self.gv;
        let api_version = gv.api_version();
        let name = group_version_client_name(gv);
        let kinds: Vec<&TypeDef> = client_kinds(gv).collect();
        let accessors = kinds.iter().map(|t| self.accessor(t));
        let kind_clients = kinds.iter().map(|t| self.kind_client(t, diags));
        let (client_imports, meta_imports) = imports(&kinds);
        // Every call returns a future; a group-version of `no_verbs` kinds makes none.
        let future_import = if client_imports.iter().any(|i| i == "Error") {
            quote!(use ::core::future::Future;)
        } else {
            TokenStream::new()
        };
        let meta_imports = if meta_imports.is_empty() {
            TokenStream::new()
        } else {
            quote!(use ::kapi::meta::{#(#meta_imports),*};)
        };
        let doc = format!(" Typed clients of {api_version}, like client-go's typed clientset.");
        let struct_doc = format!(" The {api_version} API: a typed client per kind.");
        let new_doc = format!(" A {api_version} client over `client`'s connection.");
        quote! {
            #![doc = #doc]

            #future_import
            use ::kapi::client::{#(#client_imports),*};
            #meta_imports

            #[doc = #struct_doc]
            #[derive(Debug, Clone)]
            pub struct #name {
                client: Client,
            }

            impl #name {
                #[doc = #new_doc]
                pub fn new(client: Client) -> Self {
                    Self { client }
                }

                /// The REST client underneath.
                pub fn client(&self) -> &Client {
                    &self.client
                }

                #(#accessors)*
            }

            #(#kind_clients)*
        }
    }

    fn accessor(&self, t: &TypeDef) -> TokenStream {
        let Some(k) = &t.kind else {
            return TokenStream::new();
        };
        let accessor = kind_accessor(t, &k.plural);
        let client = kind_client_name(t);
        match k.scope {
            Scope::Namespaced => {
                let doc = format!(
                    " The {} objects in `namespace`; `\"\"` means all namespaces (for list, \
                     watch and delete_collection), as in client-go.",
                    t.name
                );
                quote! {
                    #[doc = #doc]
                    pub fn #accessor(&self, namespace: &str) -> #client {
                        #client::new(self.client.clone(), namespace)
                    }
                }
            }
            Scope::Cluster => {
                let doc = format!(" The {} objects (cluster-scoped).", t.name);
                quote! {
                    #[doc = #doc]
                    pub fn #accessor(&self) -> #client {
                        #client::new(self.client.clone())
                    }
                }
            }
        }
    }

    fn kind_client(&self, t: &TypeDef, diags: &mut Diagnostics) -> TokenStream {
        let Some(k) = &t.kind else {
            return TokenStream::new();
        };
        let client = k.client.clone().unwrap_or_default();
        let name = kind_client_name(t);
        let ty = path_tokens(&self.gv.type_path(t));
        let kind = &t.name;
        let (new, doc) = match k.scope {
            Scope::Namespaced => (
                quote! {
                    /// The client of one namespace, or of all namespaces with `""`.
                    pub fn new(client: Client, namespace: &str) -> Self {
                        let api = if namespace.is_empty() {
                            Api::all(client)
                        } else {
                            Api::namespaced(client, namespace)
                        };
                        Self { api }
                    }
                },
                format!(" The typed client of {kind} objects in one namespace (or all)."),
            ),
            Scope::Cluster => (
                quote! {
                    /// The client of every object of the kind.
                    pub fn new(client: Client) -> Self {
                        Self { api: Api::all(client) }
                    }
                },
                format!(" The typed client of {kind} objects (cluster-scoped)."),
            ),
        };
        let has_status = k.subresource_status;
        let verbs = verbs(&client, has_status)
            .into_iter()
            .map(|v| self.verb(t, v));
        let methods = client.methods.iter().map(|m| self.method(t, m, diags));
        quote! {
            #[doc = #doc]
            #[derive(Debug, Clone)]
            pub struct #name {
                api: Api<#ty>,
            }

            impl #name {
                #new

                /// The `Api` underneath, for what is not generated here (paginated list
                /// streams, other subresources).
                pub fn api(&self) -> &Api<#ty> {
                    &self.api
                }

                #(#verbs)*
                #(#methods)*
            }
        }
    }

    fn verb(&self, t: &TypeDef, verb: Verb) -> TokenStream {
        let ty = path_tokens(&self.gv.type_path(t));
        let kind = &t.name;
        // Named after the kind like client-go's parameters (`frobber`), unless that is a keyword.
        let object = syn::parse_str::<syn::Ident>(&kind.to_snake_case())
            .unwrap_or_else(|_| format_ident!("object"));
        match verb {
            Verb::Create => {
                let doc = format!(" Creates a {kind}; returns it as the server stored it.");
                quote! {
                    #[doc = #doc]
                    pub fn create<'a>(&'a self, #object: &'a #ty, options: &'a CreateOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.create(#object, options)
                    }
                }
            }
            Verb::Update => {
                let has_status = t.kind.as_ref().is_some_and(|k| k.subresource_status);
                let doc = if has_status {
                    format!(
                        " Replaces a {kind}; its status is left as it is (see `update_status`)."
                    )
                } else {
                    format!(" Replaces a {kind}.")
                };
                quote! {
                    #[doc = #doc]
                    pub fn update<'a>(&'a self, #object: &'a #ty, options: &'a UpdateOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.update(#object, options)
                    }
                }
            }
            Verb::UpdateStatus => {
                let doc =
                    format!(" Replaces the status of a {kind} through its status subresource.");
                quote! {
                    #[doc = #doc]
                    pub fn update_status<'a>(&'a self, #object: &'a #ty, options: &'a UpdateOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.update_status(#object, options)
                    }
                }
            }
            Verb::Delete => {
                let doc = format!(" Deletes the {kind} `name`: the object as it was, or still is while finalizers hold it.");
                quote! {
                    #[doc = #doc]
                    pub fn delete<'a>(&'a self, name: &'a str, options: &'a DeleteOptions) -> impl Future<Output = Result<Deleted<#ty>, Error>> + 'a {
                        self.api.delete(name, options)
                    }
                }
            }
            Verb::DeleteCollection => {
                let doc = format!(" Deletes every {kind} `list_options` selects; returns them.");
                quote! {
                    #[doc = #doc]
                    pub fn delete_collection<'a>(&'a self,
                        options: &'a DeleteOptions,
                        list_options: &'a ListOptions,
                    ) -> impl Future<Output = Result<ObjectList<#ty>, Error>> + 'a {
                        self.api.delete_collection(options, list_options)
                    }
                }
            }
            Verb::Get => {
                let doc = format!(" Reads the {kind} `name`.");
                quote! {
                    #[doc = #doc]
                    pub fn get<'a>(&'a self, name: &'a str, options: &'a GetOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.get(name, options)
                    }
                }
            }
            Verb::List => {
                let doc = format!(" Lists {kind} objects (one page when `options.limit` is set).");
                quote! {
                    #[doc = #doc]
                    pub fn list<'a>(&'a self, options: &'a ListOptions) -> impl Future<Output = Result<ObjectList<#ty>, Error>> + 'a {
                        self.api.list(options)
                    }
                }
            }
            Verb::Watch => {
                let doc = format!(" Watches {kind} objects from `options.resource_version`.");
                quote! {
                    #[doc = #doc]
                    pub fn watch<'a>(&'a self, options: &'a ListOptions) -> impl Future<Output = Result<WatchStream<#ty>, Error>> + 'a {
                        self.api.watch(options)
                    }
                }
            }
            Verb::Patch => {
                let doc = format!(
                    " Patches the {kind} `name` (JSON patch, merge, strategic merge or apply)."
                );
                quote! {
                    #[doc = #doc]
                    pub fn patch<'a>(&'a self, name: &'a str, patch: &'a Patch, options: &'a PatchOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.patch(name, patch, options)
                    }
                }
            }
            Verb::PatchStatus => {
                let doc = format!(" Patches the status of the {kind} `name`.");
                quote! {
                    #[doc = #doc]
                    pub fn patch_status<'a>(&'a self, name: &'a str, patch: &'a Patch, options: &'a PatchOptions) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        self.api.patch_status(name, patch, options)
                    }
                }
            }
            Verb::Apply | Verb::ApplyStatus => {
                let config = apply_configuration_path(self.cx, self.gv, t);
                let status = verb == Verb::ApplyStatus;
                let (method, doc) = if status {
                    (
                        quote!(apply_status),
                        format!(" Applies the status of a {kind} (server-side apply on the status subresource) as `field_manager`; `force` takes over fields other managers own."),
                    )
                } else {
                    (
                        quote!(apply),
                        format!(" Applies a {kind} (server-side apply) as `field_manager`; `force` takes over fields other managers own. The object is the one `configuration`'s metadata names."),
                    )
                };
                quote! {
                    #[doc = #doc]
                    pub fn #method<'a>(
                        &'a self,
                        configuration: &'a #config,
                        field_manager: &'a str,
                        force: bool,
                    ) -> impl Future<Output = Result<#ty, Error>> + 'a {
                        ::kapi::__private::client::apply(
                            &self.api,
                            configuration.name(),
                            configuration,
                            field_manager,
                            force,
                            #status,
                        )
                    }
                }
            }
        }
    }

    /// A custom subresource method: `get_scale(name)`, `update_scale(name, &scale, opts)`,
    /// `patch_scale(name, &patch, opts)`.
    fn method(&self, t: &TypeDef, m: &ClientMethod, diags: &mut Diagnostics) -> TokenStream {
        let method = format_ident!("{}", m.name.to_snake_case());
        let subresource = m.subresource.clone().unwrap_or_default();
        let kind = &t.name;
        let result = match &m.result {
            Some(r) => match self.resolve_type(r) {
                Some(p) => path_tokens(&p),
                None => {
                    diags.push(
                        Diagnostic::new(m.span, format!("client method {}: no type `{r}` to return", m.name))
                            .with_help("name a type of this group-version or of kapi (`Scale` is `kapi::apis::autoscaling::v1::Scale`)")
                            .with_file(&t.file),
                    );
                    return TokenStream::new();
                }
            },
            None => path_tokens(&self.gv.type_path(t)),
        };
        if let Some(input) = &m.input {
            if m.result.as_deref() != Some(input.as_str()) {
                diags.push(
                    Diagnostic::new(m.span, format!("client method {}: `input` must be the `result` type", m.name))
                        .with_help("a subresource reads and writes the same type; drop `input` or make it `result`")
                        .with_file(&t.file),
                );
                return TokenStream::new();
            }
        }
        match m.verb.as_str() {
            "get" => {
                let doc = format!(" Reads the `{subresource}` subresource of the {kind} `name`.");
                quote! {
                    #[doc = #doc]
                    pub fn #method<'a>(&'a self, name: &'a str) -> impl Future<Output = Result<#result, Error>> + 'a {
                        self.api.get_subresource::<#result>(name, #subresource)
                    }
                }
            }
            "update" => {
                let doc =
                    format!(" Replaces the `{subresource}` subresource of the {kind} `name`.");
                quote! {
                    #[doc = #doc]
                    pub fn #method<'a>(&'a self, name: &'a str, value: &'a #result, options: &'a UpdateOptions) -> impl Future<Output = Result<#result, Error>> + 'a {
                        self.api.update_subresource::<#result>(name, #subresource, value, options)
                    }
                }
            }
            "patch" => {
                let doc = format!(" Patches the `{subresource}` subresource of the {kind} `name`.");
                quote! {
                    #[doc = #doc]
                    pub fn #method<'a>(&'a self, name: &'a str, patch: &'a Patch, options: &'a PatchOptions) -> impl Future<Output = Result<#result, Error>> + 'a {
                        self.api.patch_subresource::<#result>(name, #subresource, patch, options)
                    }
                }
            }
            // The parser reports other verbs.
            _ => TokenStream::new(),
        }
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
        " A scheme with every kind of `{crate_name}`, the meta kinds and autoscaling/v1 `Scale`: what a client of this API decodes."
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
            /// A clientset over `client`'s connection (whose scheme must know this API's kinds).
            pub fn new(client: Client) -> Self {
                Self {
                    #(#inits)*
                    client,
                }
            }

            /// A clientset for `config`, with a scheme of this API ([`scheme`]).
            pub fn from_config(config: Config) -> Result<Self, Error> {
                let scheme = scheme().map_err(|e| Error::Config(e.to_string()))?;
                Ok(Self::new(Client::new(config, ::std::sync::Arc::new(scheme))?))
            }

            /// The REST client underneath.
            pub fn client(&self) -> &Client {
                &self.client
            }

            #(#accessors)*
        }

        #[doc = #scheme_doc]
        pub fn scheme() -> Result<::kapi::Scheme, ::kapi::scheme::SchemeError> {
            let mut scheme = ::kapi::Scheme::new();
            #install(&mut scheme)?;
            ::kapi::meta::add_to_scheme(&mut scheme)?;
            ::kapi::apis::autoscaling::v1::add_to_scheme(&mut scheme)?;
            Ok(scheme)
        }
    }
}
