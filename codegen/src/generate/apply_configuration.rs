//! Apply configurations (`generated/<version>/apply.rs`), like Go's applyconfiguration-gen:
//! for every struct of a served group-version that one of its kinds reaches, a
//! `<Type>ApplyConfiguration` with every field optional, fluent `with_<field>` setters, and
//! a `Serialize` that writes only the fields that were set: a server-side apply request
//! says exactly what its manager means to own.
//!
//! - Nested structs of the group-version become their apply configuration, in lists and
//!   map values too; enums and types from elsewhere (Quantity, LabelSelector, Condition,
//!   Time) are used as they are, since their JSON already leaves out what is empty.
//! - A list setter appends and a map setter merges, like Go's `WithPorts(...)` and
//!   `WithLabels(map)`.
//! - A kind's configuration has `apiVersion`, `kind` and `metadata`
//!   ([`kapi::meta::ObjectMetaApplyConfiguration`]), a constructor `new(name, namespace)`
//!   (`new(name)` for cluster-scoped kinds) like Go's `v1.Frobber(name, namespace)`, and the
//!   metadata setters (`with_labels`, `with_finalizers`, ...) on the kind itself.

use super::client_surface::{config_name, object_kinds};
use super::core::{path_tokens, Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;
use crate::model::resolve::{Index, Origin, Resolved, Special};
use crate::model::{Field, GroupVersion, KindCategory, Scope, TypeDef, TypeRef};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeSet;

/// The apply-configuration generator. Field types from kapi are named by their path in kapi.
pub struct ApplyConfiguration;

impl Generator for ApplyConfiguration {
    fn name(&self) -> &'static str {
        "apply-configuration"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served: Vec<&GroupVersion> = cx
            .served()
            .filter(|gv| object_kinds(gv).next().is_some())
            .collect();
        let Some(index) = cx.resolved(&served, diags) else {
            return Vec::new();
        };
        cx.rust_file_per_version(served, "apply.rs", |gv| {
            Some(Types::new(gv, index).file())
        })
        .files
    }
}

/// One group-version's apply configurations.
struct Types<'a> {
    gv: &'a GroupVersion,
    index: &'a Index<'a>,
    /// The structs some field embeds with `inline`, found once per group-version.
    embedded: BTreeSet<&'a str>,
}

/// What a field of an apply configuration holds.
enum Shape {
    /// A single value; `String` fields take `impl Into<String>`.
    Value(TokenStream),
    List(TokenStream),
    Map {
        key: TokenStream,
        value: TokenStream,
    },
}

impl<'a> Types<'a> {
    fn new(gv: &'a GroupVersion, index: &'a Index<'a>) -> Self {
        let mut types = Types {
            gv,
            index,
            embedded: BTreeSet::new(),
        };
        let embedded = gv
            .types
            .iter()
            .flat_map(|t| t.fields())
            .filter(|f| f.inline)
            .filter_map(|f| types.local_struct(&f.ty))
            .map(|t| t.name.as_str())
            .collect();
        types.embedded = embedded;
        types
    }

    fn file(&self) -> TokenStream {
        let doc = format!(
            " Apply configurations of {} for server-side apply (like client-go's applyconfigurations).",
            self.gv.api_version()
        );
        let items = self.reachable().into_iter().map(|t| self.config(t));
        quote! {
            #![doc = #doc]
                        use ::kapi::__private::serde::ser::{Serialize, SerializeMap, Serializer};
            use ::kapi::meta::{ObjectMetaApplyConfiguration, OwnerReferenceApplyConfiguration};
            #(#items)*
        }
    }

    /// Every struct of the group-version a kind reaches, kinds first, in declaration order.
    fn reachable(&self) -> Vec<&'a TypeDef> {
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        let mut stack: Vec<&'a TypeDef> = object_kinds(self.gv).collect();
        stack.reverse();
        while let Some(t) = stack.pop() {
            if !seen.insert(&t.name) {
                continue;
            }
            for f in t.fields() {
                if let Some(local) = self.local_struct(&f.ty) {
                    stack.push(local);
                }
            }
        }
        self.gv
            .types
            .iter()
            .filter(|t| seen.contains(t.name.as_str()))
            .collect()
    }

    /// The struct of this group-version a field type holds (through options, lists, maps).
    fn local_struct(&self, ty: &TypeRef) -> Option<&'a TypeDef> {
        match ty {
            TypeRef::Option(i) | TypeRef::Box(i) | TypeRef::Vec(i) => self.local_struct(i),
            TypeRef::Map { value, .. } => self.local_struct(value),
            TypeRef::Named(path) => match self.resolve(path)? {
                Resolved::Type(origin, t)
                    if !t.is_enum() && origin.gv.is_some_and(|g| std::ptr::eq(g, self.gv)) =>
                {
                    Some(t)
                }
                _ => None,
            },
            TypeRef::Scalar(_) => None,
        }
    }

    fn resolve(&self, path: &[String]) -> Option<Resolved<'a>> {
        let origin = Origin {
            model: self.index.api,
            gv: Some(self.gv),
        };
        self.index.resolve(origin, path)
    }

    /// A field type as the apply configuration holds it, without the outer `Option`.
    fn shape(&self, ty: &TypeRef) -> Shape {
        match ty {
            TypeRef::Option(i) | TypeRef::Box(i) => self.shape(i),
            TypeRef::Vec(i) => Shape::List(self.element(i)),
            TypeRef::Map { key, value, .. } => Shape::Map {
                key: self.element(key),
                value: self.element(value),
            },
            other => Shape::Value(self.element(other)),
        }
    }

    /// The Rust type of a value, a list item or a map entry.
    fn element(&self, ty: &TypeRef) -> TokenStream {
        match ty {
            TypeRef::Option(i) => {
                let inner = self.element(i);
                quote!(Option<#inner>)
            }
            TypeRef::Box(i) => self.element(i),
            TypeRef::Vec(i) => {
                let inner = self.element(i);
                quote!(Vec<#inner>)
            }
            TypeRef::Map { key, value, .. } => {
                let (k, v) = (self.element(key), self.element(value));
                quote!(::std::collections::BTreeMap<#k, #v>)
            }
            TypeRef::Scalar(s) => {
                let ident = format_ident!("{}", s.rust_name());
                quote!(#ident)
            }
            TypeRef::Named(path) => {
                if let Some(local) = self.local_struct(ty) {
                    let name = config_name(&local.name);
                    return quote!(#name);
                }
                path_tokens(&self.rust_path(path))
            }
        }
    }

    /// How generated code names a type a field refers to.
    fn rust_path(&self, path: &[String]) -> String {
        let index = self.index;
        match self.resolve(path) {
            Some(Resolved::Type(origin, t)) => {
                let in_kapi = std::ptr::eq(origin.model, index.kapi);
                let full = match origin.gv {
                    Some(gv) => gv.type_path(t),
                    None => std::iter::once("crate")
                        .chain(t.module.iter().map(String::as_str))
                        .chain(std::iter::once(t.name.as_str()))
                        .collect::<Vec<_>>()
                        .join("::"),
                };
                if in_kapi {
                    full.replacen("crate", "::kapi", 1)
                } else {
                    full
                }
            }
            Some(Resolved::Special(Special::Json)) => "::kapi::__private::serde_json::Value".into(),
            Some(Resolved::Special(_)) => {
                format!(
                    "::kapi::meta::{}",
                    path.last().map(String::as_str).unwrap_or("")
                )
            }
            // Written with a path of its own (`std::...`, another crate): used as written.
            None => path.join("::"),
        }
    }

    fn config(&self, t: &'a TypeDef) -> TokenStream {
        let name = config_name(&t.name);
        let kind = t
            .kind
            .as_ref()
            .filter(|k| k.category == KindCategory::Object);
        let fields: Vec<&Field> = t
            .fields()
            .iter()
            .filter(|f| !(kind.is_some() && f.rust_name == "metadata"))
            .collect();
        let doc = format!(
            " The apply configuration of [`{}`]: every field optional, and only what is set \
             is written.",
            self.gv.type_path(t)
        );
        let mut decls = Vec::new();
        let mut entries = Vec::new();
        let mut setters = Vec::new();
        if kind.is_some() {
            decls.push(quote! {
                /// `apiVersion`, set by the constructor.
                pub api_version: Option<String>,
                /// `kind`, set by the constructor.
                pub kind: Option<String>,
                /// The object's metadata.
                pub metadata: Option<ObjectMetaApplyConfiguration>,
            });
            entries.push(quote! {
                if let Some(v) = &self.api_version {
                    map.serialize_entry("apiVersion", v)?;
                }
                if let Some(v) = &self.kind {
                    map.serialize_entry("kind", v)?;
                }
                if let Some(v) = &self.metadata {
                    map.serialize_entry("metadata", v)?;
                }
            });
        }
        for f in &fields {
            let ident = field_ident(f);
            let json = &f.json_name;
            let held = match self.shape(&f.ty) {
                Shape::Value(v) => v,
                Shape::List(item) => quote!(Vec<#item>),
                Shape::Map { key, value } => quote!(::std::collections::BTreeMap<#key, #value>),
            };
            let docs = field_docs(f);
            decls.push(quote! {
                #(#[doc = #docs])*
                pub #ident: Option<#held>,
            });
            entries.push(if f.inline && self.local_struct(&f.ty).is_some() {
                quote! {
                    if let Some(v) = &self.#ident {
                        v.serialize_entries(map)?;
                    }
                }
            } else if f.inline {
                quote! {
                    if let Some(v) = &self.#ident {
                        ::kapi::__private::client::serialize_inline(v, map)?;
                    }
                }
            } else {
                quote! {
                    if let Some(v) = &self.#ident {
                        map.serialize_entry(#json, v)?;
                    }
                }
            });
            setters.push(self.setter(f));
        }
        let constructor = match kind {
            Some(k) => self.constructor(t, k.scope, !fields.is_empty()),
            None => quote! {
                /// An empty configuration: nothing is written until a setter is called.
                pub fn new() -> Self {
                    Self::default()
                }
            },
        };
        let meta_setters = kind.map(|_| meta_setters());
        // A configuration that embeds another (`inline`), or is embedded, writes its entries
        // through `serialize_entries`, so the embedded one's land in the same JSON object.
        let embeds = fields.iter().any(|f| f.inline);
        // A configuration without fields (StorageVersionSpec) writes no entry.
        let map_binding = if entries.is_empty() && !embeds && !self.embedded.contains(t.name.as_str()) {
            quote!(map)
        } else {
            quote!(mut map)
        };
        let (entries_fn, write_entries) = if embeds || self.embedded.contains(t.name.as_str()) {
            (
                quote! {
                    impl #name {
                        #[doc(hidden)]
                        pub fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
                            #(#entries)*
                            Ok(())
                        }
                    }
                },
                quote!(self.serialize_entries(&mut map)?;),
            )
        } else {
            (TokenStream::new(), quote!(#(#entries)*))
        };
        let serialize = quote! {
            #entries_fn

            impl Serialize for #name {
                fn serialize<S: Serializer>(
                    &self,
                    serializer: S,
                ) -> Result<S::Ok, S::Error> {
                    let #map_binding = serializer.serialize_map(None)?;
                    #write_entries
                    map.end()
                }
            }
        };
        quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, Default, PartialEq)]
            pub struct #name {
                #(#decls)*
            }

            impl #name {
                #constructor
                #(#setters)*
                #meta_setters
            }

            #serialize
        }
    }

    fn setter(&self, f: &Field) -> TokenStream {
        let ident = field_ident(f);
        let with = format_ident!(
            "with_{}",
            f.rust_name.trim_start_matches("r#").trim_end_matches('_')
        );
        let json = &f.json_name;
        match self.shape(&f.ty) {
            Shape::Value(v) => {
                let doc = format!(" Sets `{json}`.");
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, value: impl Into<#v>) -> Self {
                        self.#ident = Some(value.into());
                        self
                    }
                }
            }
            Shape::List(item) => {
                let doc = format!(" Appends to `{json}`.");
                quote! {
                    #[doc = #doc]
                    pub fn #with<T: Into<#item>>(
                        mut self,
                        items: impl IntoIterator<Item = T>,
                    ) -> Self {
                        self.#ident
                            .get_or_insert_with(Vec::new)
                            .extend(items.into_iter().map(Into::into));
                        self
                    }
                }
            }
            Shape::Map { key, value } => {
                let doc =
                    format!(" Adds entries to `{json}`; an entry replaces one with the same key.");
                quote! {
                    #[doc = #doc]
                    pub fn #with<K: Into<#key>, V: Into<#value>>(
                        mut self,
                        entries: impl IntoIterator<Item = (K, V)>,
                    ) -> Self {
                        self.#ident
                            .get_or_insert_with(::std::collections::BTreeMap::new)
                            .extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));
                        self
                    }
                }
            }
        }
    }

    fn constructor(&self, t: &TypeDef, scope: Scope, more_fields: bool) -> TokenStream {
        let api_version = self.gv.api_version();
        let kind = &t.name;
        let (params, namespace, doc) = match scope {
            Scope::Namespaced => (
                quote!(name: impl Into<String>, namespace: impl Into<String>),
                quote!(.with_namespace(namespace)),
                format!(" A {kind} to apply: `apiVersion`, `kind`, and the name and namespace of the object."),
            ),
            Scope::Cluster => (
                quote!(name: impl Into<String>),
                TokenStream::new(),
                format!(" A {kind} to apply: `apiVersion`, `kind`, and the name of the object."),
            ),
        };
        let rest = if more_fields {
            quote!(..Self::default())
        } else {
            TokenStream::new()
        };
        quote! {
            #[doc = #doc]
            pub fn new(#params) -> Self {
                Self {
                    api_version: Some(#api_version.into()),
                    kind: Some(#kind.into()),
                    metadata: Some(
                        ObjectMetaApplyConfiguration::new()
                            .with_name(name)
                            #namespace,
                    ),
                    #rest
                }
            }

            /// The name in the metadata: the object an apply request writes.
            pub fn name(&self) -> Option<&str> {
                self.metadata.as_ref()?.name.as_deref()
            }
        }
    }
}

/// The metadata setters of a kind's configuration, each delegating to
/// `ObjectMetaApplyConfiguration`'s.
fn meta_setters() -> TokenStream {
    let string = quote!(impl Into<String>);
    let time = quote!(::kapi::meta::Time);
    let simple: [(&str, &str, TokenStream); 8] = [
        ("name", "name", string.clone()),
        ("generate_name", "generateName", string.clone()),
        ("namespace", "namespace", string.clone()),
        ("uid", "uid", string.clone()),
        ("resource_version", "resourceVersion", string.clone()),
        ("generation", "generation", quote!(i64)),
        ("creation_timestamp", "creationTimestamp", time.clone()),
        ("deletion_timestamp", "deletionTimestamp", time),
    ];
    let mut out: Vec<TokenStream> = simple
        .iter()
        .map(|(field, json, ty)| {
            let with = format_ident!("with_{}", field);
            let doc = format!(" Sets `metadata.{json}`.");
            quote! {
                #[doc = #doc]
                pub fn #with(mut self, value: #ty) -> Self {
                    self.metadata = Some(self.metadata.unwrap_or_default().#with(value));
                    self
                }
            }
        })
        .collect();
    out.push(quote! {
        /// Sets `metadata.deletionGracePeriodSeconds`.
        pub fn with_deletion_grace_period_seconds(mut self, value: i64) -> Self {
            self.metadata = Some(
                self.metadata.unwrap_or_default().with_deletion_grace_period_seconds(value),
            );
            self
        }

        /// Adds `metadata.labels`; an entry replaces one with the same key.
        pub fn with_labels<K: Into<String>, V: Into<String>>(
            mut self,
            entries: impl IntoIterator<Item = (K, V)>,
        ) -> Self {
            self.metadata = Some(self.metadata.unwrap_or_default().with_labels(entries));
            self
        }

        /// Adds `metadata.annotations`; an entry replaces one with the same key.
        pub fn with_annotations<K: Into<String>, V: Into<String>>(
            mut self,
            entries: impl IntoIterator<Item = (K, V)>,
        ) -> Self {
            self.metadata = Some(self.metadata.unwrap_or_default().with_annotations(entries));
            self
        }

        /// Appends to `metadata.ownerReferences`.
        pub fn with_owner_references(
            mut self,
            items: impl IntoIterator<Item = OwnerReferenceApplyConfiguration>,
        ) -> Self {
            self.metadata = Some(self.metadata.unwrap_or_default().with_owner_references(items));
            self
        }

        /// Appends to `metadata.finalizers`.
        pub fn with_finalizers<T: Into<String>>(
            mut self,
            items: impl IntoIterator<Item = T>,
        ) -> Self {
            self.metadata = Some(self.metadata.unwrap_or_default().with_finalizers(items));
            self
        }
    });
    quote!(#(#out)*)
}

fn field_ident(f: &Field) -> syn::Ident {
    match f.rust_name.strip_prefix("r#") {
        Some(raw) => syn::Ident::new_raw(raw, proc_macro2::Span::call_site()),
        None => format_ident!("{}", f.rust_name),
    }
}

fn field_docs(f: &Field) -> Vec<String> {
    if f.docs.trim().is_empty() {
        return vec![format!(" `{}`.", f.json_name)];
    }
    f.docs
        .lines()
        .map(|l| format!(" {}", l.trim_end()))
        .collect()
}
