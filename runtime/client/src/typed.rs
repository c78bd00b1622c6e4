//! [`KindClient`]: the typed client of one kind, as client-go's generic `gentype.Client` is
//! under its typed clientsets. The clientset generator names it per kind
//! (`pub type FrobberClient = KindClient<Frobber>;`) and implements for the kind the
//! [`verbs`] its `gen_client` options allow; each verb here is bound by its marker, so a
//! client offers exactly those. The verbs are written once, here, rather than once per
//! kind in the API crate: an API of a hundred kinds then type-checks none of them.

use super::api::{Api, Deleted, Patch};
use super::connection::Client;
use super::error::Error;
use super::list::ObjectList;
use super::watch::WatchStream;
use kapi_core::meta::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, UpdateOptions,
};
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use std::future::Future;

/// The verbs a kind's typed client has: one marker trait each, implemented for the kind by
/// the clientset generator from its `gen_client` options (client-go's rules: `read_only`,
/// `only_verbs`, `skip_verbs`, `no_verbs`, `no_status`).
pub mod verbs {
    macro_rules! verb {
        ($(#[$doc:meta])* $name:ident, $message:literal, $label:literal) => {
            $(#[$doc])*
            #[diagnostic::on_unimplemented(
                message = $message,
                label = $label,
                note = "the kind's `gen_client` options leave it out (`read_only`, `only_verbs`, `skip_verbs`, `no_verbs`; status verbs need `subresource_status` and no `no_status`)"
            )]
            pub trait $name {}
        };
    }
    verb!(
        /// `create`.
        Create, "the typed client of `{Self}` has no `create`", "no `create` for this kind"
    );
    verb!(
        /// `update`.
        Update, "the typed client of `{Self}` has no `update`", "no `update` for this kind"
    );
    verb!(
        /// `update_status`: the kind has a status subresource.
        UpdateStatus, "the typed client of `{Self}` has no `update_status`", "no `update_status` for this kind"
    );
    verb!(
        /// `delete`.
        Delete, "the typed client of `{Self}` has no `delete`", "no `delete` for this kind"
    );
    verb!(
        /// `delete_collection`.
        DeleteCollection, "the typed client of `{Self}` has no `delete_collection`", "no `delete_collection` for this kind"
    );
    verb!(
        /// `get`.
        Get, "the typed client of `{Self}` has no `get`", "no `get` for this kind"
    );
    verb!(
        /// `list`.
        List, "the typed client of `{Self}` has no `list`", "no `list` for this kind"
    );
    verb!(
        /// `watch`.
        Watch, "the typed client of `{Self}` has no `watch`", "no `watch` for this kind"
    );
    verb!(
        /// `patch`.
        Patch, "the typed client of `{Self}` has no `patch`", "no `patch` for this kind"
    );
    verb!(
        /// `patch_status`: the kind has a status subresource.
        PatchStatus, "the typed client of `{Self}` has no `patch_status`", "no `patch_status` for this kind"
    );

    /// `apply`: server-side apply of the kind's generated apply configuration (behind the
    /// API crate's apply feature, when it has one).
    #[diagnostic::on_unimplemented(
        message = "the typed client of `{Self}` has no `apply`",
        label = "no `apply` for this kind",
        note = "the kind's `gen_client` options leave it out, or the API crate's apply-configuration feature is off"
    )]
    pub trait Apply {
        /// The kind's apply configuration.
        type Configuration: serde::Serialize;
        /// The name the configuration's metadata gives, which the request's path needs.
        fn configuration_name(configuration: &Self::Configuration) -> Option<&str>;
    }

    /// `apply_status`: server-side apply on the status subresource.
    #[diagnostic::on_unimplemented(
        message = "the typed client of `{Self}` has no `apply_status`",
        label = "no `apply_status` for this kind",
        note = "the kind's `gen_client` options leave it out, it has no status subresource, or the API crate's apply-configuration feature is off"
    )]
    pub trait ApplyStatus: Apply {}
}

/// The typed client of kind `K` in one namespace, in all of them, or of a cluster-scoped
/// kind: [`Api`]'s verbs, those `K`'s [`verbs`] allow. Everything else (paginated lists,
/// other subresources) is on [`KindClient::api`].
pub struct KindClient<K> {
    api: Api<K>,
}

impl<K> Clone for KindClient<K> {
    fn clone(&self) -> Self {
        KindClient {
            api: self.api.clone(),
        }
    }
}

impl<K> std::fmt::Debug for KindClient<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KindClient")
            .field("api", &self.api)
            .finish()
    }
}

impl<K> From<Api<K>> for KindClient<K> {
    fn from(api: Api<K>) -> Self {
        KindClient { api }
    }
}

impl<K: Resource + Kind> KindClient<K> {
    /// The client of `namespace`, or of all namespaces with `""` (for list, watch and
    /// delete_collection), as client-go's; a cluster-scoped kind ignores the namespace.
    pub fn new(client: Client, namespace: &str) -> Self {
        let api = if namespace.is_empty() {
            Api::all(client)
        } else {
            Api::namespaced(client, namespace)
        };
        KindClient { api }
    }

    /// The client of every object of the kind: all namespaces, or a cluster-scoped kind.
    pub fn all(client: Client) -> Self {
        KindClient {
            api: Api::all(client),
        }
    }

    /// The [`Api`] underneath, for what the verbs do not cover (paginated list streams,
    /// other subresources).
    #[inline]
    pub fn api(&self) -> &Api<K> {
        &self.api
    }
}

// Each verb returns the future of `Api`'s, rather than being an `async fn` of its own, so
// callers await one state machine, with the same `Send`ness. A verb's marker is a bound of
// the method, not of an impl block: a call the kind does not allow then fails with the
// marker's message rather than as a method that does not exist.

impl<K: Resource + Kind> KindClient<K> {
    /// Creates an object; returns it as the server stored it.
    #[inline]
    pub fn create<'a>(
        &'a self,
        object: &'a K,
        options: &'a CreateOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Create,
    {
        self.api.create(object, options)
    }

    /// Replaces an object; with a status subresource, its status is left as it is (see
    /// `update_status`).
    #[inline]
    pub fn update<'a>(
        &'a self,
        object: &'a K,
        options: &'a UpdateOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Update,
    {
        self.api.update(object, options)
    }

    /// Replaces the status of an object through its status subresource.
    #[inline]
    pub fn update_status<'a>(
        &'a self,
        object: &'a K,
        options: &'a UpdateOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::UpdateStatus,
    {
        self.api.update_status(object, options)
    }

    /// Deletes the object `name`: the object as it was, or still is while finalizers hold
    /// it.
    #[inline]
    pub fn delete<'a>(
        &'a self,
        name: &'a str,
        options: &'a DeleteOptions,
    ) -> impl Future<Output = Result<Deleted<K>, Error>> + 'a
    where
        K: verbs::Delete,
    {
        self.api.delete(name, options)
    }

    /// Deletes every object `list_options` selects; returns them.
    #[inline]
    pub fn delete_collection<'a>(
        &'a self,
        options: &'a DeleteOptions,
        list_options: &'a ListOptions,
    ) -> impl Future<Output = Result<ObjectList<K>, Error>> + 'a
    where
        K: verbs::DeleteCollection,
    {
        self.api.delete_collection(options, list_options)
    }

    /// Reads the object `name`.
    #[inline]
    pub fn get<'a>(
        &'a self,
        name: &'a str,
        options: &'a GetOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Get,
    {
        self.api.get(name, options)
    }

    /// Lists objects (one page when `options.limit` is set).
    #[inline]
    pub fn list<'a>(
        &'a self,
        options: &'a ListOptions,
    ) -> impl Future<Output = Result<ObjectList<K>, Error>> + 'a
    where
        K: verbs::List,
    {
        self.api.list(options)
    }

    /// Watches objects from `options.resource_version`.
    #[inline]
    pub fn watch<'a>(
        &'a self,
        options: &'a ListOptions,
    ) -> impl Future<Output = Result<WatchStream<K>, Error>> + 'a
    where
        K: verbs::Watch,
    {
        self.api.watch(options)
    }

    /// Patches the object `name` (JSON patch, merge, strategic merge or apply).
    #[inline]
    pub fn patch<'a>(
        &'a self,
        name: &'a str,
        patch: &'a Patch,
        options: &'a PatchOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Patch,
    {
        self.api.patch(name, patch, options)
    }

    /// Patches the status of the object `name`.
    #[inline]
    pub fn patch_status<'a>(
        &'a self,
        name: &'a str,
        patch: &'a Patch,
        options: &'a PatchOptions,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::PatchStatus,
    {
        self.api.patch_status(name, patch, options)
    }

    /// Applies an object (server-side apply) as `field_manager`; `force` takes over fields
    /// other managers own. The object is the one `configuration`'s metadata names.
    #[inline]
    pub fn apply<'a>(
        &'a self,
        configuration: &'a K::Configuration,
        field_manager: &'a str,
        force: bool,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Apply,
    {
        self.apply_to(configuration, field_manager, force, false)
    }

    /// Applies the status of an object (server-side apply on the status subresource) as
    /// `field_manager`; `force` takes over fields other managers own.
    #[inline]
    pub fn apply_status<'a>(
        &'a self,
        configuration: &'a K::Configuration,
        field_manager: &'a str,
        force: bool,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::ApplyStatus,
    {
        self.apply_to(configuration, field_manager, force, true)
    }

    /// Server-side apply of `configuration`, on the object or its status.
    #[inline]
    fn apply_to<'a>(
        &'a self,
        configuration: &'a K::Configuration,
        field_manager: &'a str,
        force: bool,
        status: bool,
    ) -> impl Future<Output = Result<K, Error>> + 'a
    where
        K: verbs::Apply,
    {
        crate::__private::apply(
            &self.api,
            K::configuration_name(configuration),
            configuration,
            field_manager,
            force,
            status,
        )
    }
}
