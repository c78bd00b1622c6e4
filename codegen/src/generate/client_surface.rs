//! The client surface of an API, in one place: which kinds get a typed client, a lister, an
//! informer and an apply configuration, which verbs a client has, and what each of them is
//! called and where it lives in the generated code. The clientset, lister, informer,
//! controller and apply-configuration generators all name things through here, so they
//! agree without importing each other.

use super::core::{path_tokens, Context};
use crate::model::{ClientInfo, GroupVersion, KindCategory, TypeDef};
use heck::{ToSnakeCase, ToUpperCamelCase};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

// Which kinds get what.

/// The kinds with object metadata: what a client applies.
pub fn object_kinds(gv: &GroupVersion) -> impl Iterator<Item = &TypeDef> {
    gv.kinds().filter(|t| {
        t.kind
            .as_ref()
            .is_some_and(|k| k.category == KindCategory::Object)
    })
}

/// The kinds of a group-version that get a typed client.
pub fn client_kinds(gv: &GroupVersion) -> impl Iterator<Item = &TypeDef> {
    object_kinds(gv).filter(|t| t.kind.as_ref().is_some_and(|k| k.client.is_some()))
}

/// The kinds of a group-version an informer can cache: a typed client that lists and
/// watches (informer-gen's rule). Listers read these caches, so they have the same kinds.
pub fn informer_kinds(gv: &GroupVersion) -> impl Iterator<Item = &TypeDef> {
    client_kinds(gv).filter(|t| {
        t.kind.as_ref().is_some_and(|k| {
            let verbs = verbs(&k.client.clone().unwrap_or_default(), k.subresource_status);
            verbs.contains(&Verb::List) && verbs.contains(&Verb::Watch)
        })
    })
}

// The verbs of a typed client.

/// Every verb a typed client can have, in the order they are generated (client-go's).
pub const VERBS: &[Verb] = &[
    Verb::Create,
    Verb::Update,
    Verb::UpdateStatus,
    Verb::Delete,
    Verb::DeleteCollection,
    Verb::Get,
    Verb::List,
    Verb::Watch,
    Verb::Patch,
    Verb::PatchStatus,
    Verb::Apply,
    Verb::ApplyStatus,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Create,
    Update,
    UpdateStatus,
    Delete,
    DeleteCollection,
    Get,
    List,
    Watch,
    Patch,
    PatchStatus,
    Apply,
    ApplyStatus,
}

impl Verb {
    /// The verb's name in `only_verbs` / `skip_verbs`, and its method's name.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Create => "create",
            Verb::Update => "update",
            Verb::UpdateStatus => "update_status",
            Verb::Delete => "delete",
            Verb::DeleteCollection => "delete_collection",
            Verb::Get => "get",
            Verb::List => "list",
            Verb::Watch => "watch",
            Verb::Patch => "patch",
            Verb::PatchStatus => "patch_status",
            Verb::Apply => "apply",
            Verb::ApplyStatus => "apply_status",
        }
    }

    fn on_status(self) -> bool {
        matches!(
            self,
            Verb::UpdateStatus | Verb::PatchStatus | Verb::ApplyStatus
        )
    }

    /// The marker verb that decides this one: patch_status has no marker name of its own
    /// (client-go has no PatchStatus) and follows patch.
    fn marker_name(self) -> &'static str {
        match self {
            Verb::PatchStatus => "patch",
            other => other.name(),
        }
    }
}

/// The verbs a kind's typed client has, from its `gen_client` options (client-go's rules:
/// `no_verbs` leaves only custom methods, `read_only` get/list/watch, `only_verbs` and
/// `skip_verbs` pick by name) and whether it has a status subresource.
pub fn verbs(client: &ClientInfo, has_status: bool) -> Vec<Verb> {
    VERBS
        .iter()
        .copied()
        .filter(|v| !v.on_status() || (has_status && !client.no_status))
        .filter(|v| {
            let name = v.marker_name();
            if client.no_verbs {
                false
            } else if client.read_only {
                matches!(v, Verb::Get | Verb::List | Verb::Watch)
            } else if !client.only_verbs.is_empty() {
                client.only_verbs.iter().any(|o| o == name)
            } else {
                !client.skip_verbs.iter().any(|s| s == name)
            }
        })
        .collect()
}

// What each is called.

/// `FrobV1Client`: the group's Go name and the version.
pub fn group_version_client_name(gv: &GroupVersion) -> syn::Ident {
    format_ident!("{}{}Client", gv.go_name, gv.version.to_upper_camel_case())
}

/// `frob_v1`: the clientset's accessor of a group-version.
pub fn group_version_accessor(gv: &GroupVersion) -> syn::Ident {
    format_ident!(
        "{}_{}",
        gv.go_name.to_snake_case(),
        gv.version.to_snake_case()
    )
}

/// `FrobberClient`: a kind's typed client.
pub fn kind_client_name(t: &TypeDef) -> syn::Ident {
    format_ident!("{}Client", t.name)
}

/// `frobber_classes`, `read_onlies`: the plural with the word breaks of the kind's name, as
/// Go's `FrobberClasses()` has them. The plural's part in common with the kind's lowercase
/// name keeps the kind's underscores; the rest (`es`, `ies`) is appended.
pub fn kind_accessor(t: &TypeDef, plural: &str) -> syn::Ident {
    let lower = t.name.to_lowercase();
    let common = lower
        .chars()
        .zip(plural.chars())
        .take_while(|(a, b)| a == b)
        .count();
    let mut name = String::new();
    let mut taken = 0;
    for c in t.name.to_snake_case().chars() {
        if taken == common {
            break;
        }
        if c != '_' {
            taken += 1;
        }
        name.push(c);
    }
    name.extend(plural.chars().skip(common));
    format_ident!("{}", name.replace(['-', '.'], "_"))
}

/// The name of a type's apply configuration.
pub fn config_name(type_name: &str) -> syn::Ident {
    format_ident!("{}ApplyConfiguration", type_name)
}

/// `FrobberLister`.
pub fn lister_name(t: &TypeDef) -> syn::Ident {
    format_ident!("{}Lister", t.name)
}

/// `FrobberNamespaceLister`.
pub fn namespace_lister_name(t: &TypeDef) -> syn::Ident {
    format_ident!("{}NamespaceLister", t.name)
}

/// `FrobV1Informers`: the group's Go name and the version.
pub fn group_version_informers_name(gv: &GroupVersion) -> syn::Ident {
    format_ident!(
        "{}{}Informers",
        gv.go_name,
        gv.version.to_upper_camel_case()
    )
}

/// `FrobberInformer`.
pub fn informer_name(t: &TypeDef) -> syn::Ident {
    format_ident!("{}Informer", t.name)
}

// Where each lives in the generated code.

/// `crate::v1::generated::client::FrobV1Client`: a group-version's client.
pub fn client_path(cx: &Context, gv: &GroupVersion) -> TokenStream {
    let name = group_version_client_name(gv);
    let module = path_tokens(&format!("{}::client", cx.generated_module(&gv.module)));
    quote!(#module::#name)
}

/// `crate::v1::generated::apply::FrobberApplyConfiguration`: a type's apply configuration.
pub fn apply_configuration_path(cx: &Context, gv: &GroupVersion, t: &TypeDef) -> String {
    format!(
        "{}::apply::{}",
        cx.generated_module(&gv.module),
        config_name(&t.name)
    )
}

/// `crate::v1::generated::listers::FrobberLister`: a kind's lister.
pub fn lister_path(cx: &Context, gv: &GroupVersion, t: &TypeDef) -> String {
    format!(
        "{}::listers::{}",
        cx.generated_module(&gv.module),
        lister_name(t)
    )
}

/// `crate::v1::generated::informers::FrobV1Informers`: a group-version's informers.
pub fn group_version_informers_path(cx: &Context, gv: &GroupVersion) -> TokenStream {
    let name = group_version_informers_name(gv);
    path_tokens(&format!(
        "{}::informers::{name}",
        cx.generated_module(&gv.module)
    ))
}

/// `crate::v1::generated::informers::FrobberInformer`: a kind's informer.
pub fn informer_path(cx: &Context, gv: &GroupVersion, t: &TypeDef) -> String {
    format!(
        "{}::informers::{}",
        cx.generated_module(&gv.module),
        informer_name(t)
    )
}

/// `crate::generated::clientset::Clientset`: the crate's clientset.
pub fn clientset_path(cx: &Context) -> TokenStream {
    path_tokens(&format!(
        "{}::clientset::Clientset",
        cx.generated_module(&[])
    ))
}
