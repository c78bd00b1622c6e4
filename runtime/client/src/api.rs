//! Typed verbs on one resource ([`Api`]), like client-go's typed clients.

use super::connection::Client;
use super::decode::decode_object;
use super::error::Error;
use super::list::{decode_list, ObjectList};
use super::params::{encode_into, Query};
use super::transport::{RawResponse, Spec, ACCEPT_PROTOBUF, JSON, PROTOBUF};
use super::watch::{WatchLimits, WatchStream};
use bytes::Bytes;
use futures_util::{Stream, TryStreamExt};
use http::Method;
use kapi_core::meta::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, Status, UpdateOptions,
};
use kapi_core::scheme::Kind;
use kapi_core::{Resource, Scope};
use std::marker::PhantomData;
use std::time::Duration;

/// A patch body, by patch type.
#[derive(Debug, Clone, PartialEq)]
pub enum Patch {
    /// RFC 6902 JSON patch: an array of operations.
    Json(serde_json::Value),
    /// RFC 7386 JSON merge patch.
    Merge(serde_json::Value),
    /// Kubernetes' strategic merge patch.
    Strategic(serde_json::Value),
    /// Server-side apply: the fields the manager owns (needs `PatchOptions::field_manager`).
    Apply(serde_json::Value),
}

impl Patch {
    pub fn content_type(&self) -> &'static str {
        match self {
            Patch::Json(_) => "application/json-patch+json",
            Patch::Merge(_) => "application/merge-patch+json",
            Patch::Strategic(_) => "application/strategic-merge-patch+json",
            Patch::Apply(_) => "application/apply-patch+yaml",
        }
    }

    fn body(&self) -> &serde_json::Value {
        match self {
            Patch::Json(v) | Patch::Merge(v) | Patch::Strategic(v) | Patch::Apply(v) => v,
        }
    }
}

/// What a delete returns: the object (still there with finalizers, or as it was deleted)
/// or a `Status`.
// A kind is usually larger than a Status; boxing either would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Deleted<K> {
    Object(K),
    Status(Status),
}

/// The verbs of kind `K` in one namespace, in all namespaces, or cluster-wide.
pub struct Api<K> {
    client: Client,
    namespace: Option<String>,
    _kind: PhantomData<fn() -> K>,
}

impl<K> Clone for Api<K> {
    fn clone(&self) -> Self {
        Api {
            client: self.client.clone(),
            namespace: self.namespace.clone(),
            _kind: PhantomData,
        }
    }
}

impl<K> std::fmt::Debug for Api<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api")
            .field("kind", &std::any::type_name::<K>())
            .field("namespace", &self.namespace)
            .finish()
    }
}

impl<K> Api<K>
where
    K: Resource + Kind,
{
    /// In `namespace` (a cluster-scoped kind ignores it).
    pub fn namespaced(client: Client, namespace: &str) -> Self {
        Api {
            client,
            namespace: (K::SCOPE == Scope::Namespaced).then(|| namespace.to_string()),
            _kind: PhantomData,
        }
    }

    /// In the client's default namespace.
    pub fn default_namespaced(client: Client) -> Self {
        let ns = client.default_namespace().to_string();
        Self::namespaced(client, &ns)
    }

    /// Across all namespaces (list, watch, delete_collection), or a cluster-scoped kind.
    /// Verbs on one namespaced object use the object's `metadata.namespace`.
    pub fn all(client: Client) -> Self {
        Api {
            client,
            namespace: None,
            _kind: PhantomData,
        }
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    /// Whether objects of `K` travel as protobuf with this client (protobuf encoding, and
    /// the scheme has a protobuf form of `K`).
    pub fn uses_protobuf(&self) -> bool {
        self.protobuf_for::<K>()
    }

    // ---- paths ----

    /// The request path of the collection (`name` `None`), of one object, or of one of its
    /// subresources: `/api/v1/...` for the core group, else
    /// `/apis/<group>/<version>/[namespaces/<ns>/]<plural>[/<name>[/<subresource>]]`.
    pub fn resource_path(
        &self,
        name: Option<&str>,
        subresource: Option<&str>,
    ) -> Result<String, Error> {
        match name {
            None => Ok(self.collection_path(self.namespace.as_deref())),
            Some(name) => self.object_path(name, subresource),
        }
    }

    /// Built in one buffer, with room for a name and a short query after it: a request
    /// costs its allocations.
    fn collection_path(&self, namespace: Option<&str>) -> String {
        let mut path = String::with_capacity(128);
        if K::GROUP.is_empty() {
            path.push_str("/api/");
        } else {
            path.push_str("/apis/");
            path.push_str(K::GROUP);
            path.push('/');
        }
        path.push_str(K::VERSION);
        if K::SCOPE == Scope::Namespaced {
            if let Some(ns) = namespace.filter(|n| !n.is_empty()) {
                path.push_str("/namespaces/");
                encode_into(ns, &mut path);
            }
        }
        path.push('/');
        path.push_str(K::PLURAL);
        path
    }

    fn object_path(&self, name: &str, subresource: Option<&str>) -> Result<String, Error> {
        self.object_path_in(self.namespace.as_deref(), name, subresource)
    }

    fn object_path_in(
        &self,
        namespace: Option<&str>,
        name: &str,
        subresource: Option<&str>,
    ) -> Result<String, Error> {
        if name.is_empty() {
            return Err(Error::Request("a resource name is required".into()));
        }
        if name == "." || name == ".." {
            return Err(Error::Request(format!("{name:?} is not a valid name")));
        }
        let mut path = self.collection_path(namespace);
        path.push('/');
        encode_into(name, &mut path);
        if let Some(sub) = subresource {
            path.push('/');
            path.push_str(sub);
        }
        Ok(path)
    }

    /// The path of `obj`, by its name and (for [`Api::all`]) its namespace.
    fn path_of(&self, obj: &K, subresource: Option<&str>) -> Result<String, Error> {
        let meta = obj.metadata();
        let ns = self.namespace.as_deref().or(Some(meta.namespace.as_str()));
        self.object_path_in(ns, &meta.name, subresource)
    }

    // ---- encoding ----

    /// The kind's protobuf codec, when the client speaks protobuf and the kind has one.
    fn protobuf_codec<T: Kind>(&self) -> Option<kapi_core::scheme::ProtobufFns<T>> {
        (self.client.config().encoding == super::config::Encoding::Protobuf)
            .then(T::protobuf_codec)
            .flatten()
    }

    fn protobuf_for<T: Kind>(&self) -> bool {
        self.protobuf_codec::<T>().is_some()
    }

    fn accept_for<T: Kind>(&self) -> &'static str {
        if self.protobuf_for::<T>() {
            ACCEPT_PROTOBUF
        } else {
            JSON
        }
    }

    fn body_of<T: Kind>(&self, obj: &T) -> Result<(String, Bytes), Error> {
        if let Some(codec) = self.protobuf_codec::<T>() {
            return Ok((PROTOBUF.to_string(), Bytes::from((codec.encode)(obj))));
        }
        let bytes = serde_json::to_vec(obj).map_err(|e| Error::Encode(e.to_string()))?;
        Ok((JSON.to_string(), Bytes::from(bytes)))
    }

    async fn send(
        &self,
        method: Method,
        path_and_query: String,
        body: Option<(String, Bytes)>,
        accept: &'static str,
    ) -> Result<RawResponse, Error> {
        self.client
            .send(Spec {
                method,
                path_and_query,
                body,
                accept: http::HeaderValue::from_static(accept),
            })
            .await
    }

    async fn typed<T: Kind>(
        &self,
        method: Method,
        path_and_query: String,
        body: Option<(String, Bytes)>,
    ) -> Result<T, Error> {
        let accept = self.accept_for::<T>();
        let resp = self.send(method, path_and_query, body, accept).await?;
        decode_object(&resp)
    }

    // ---- verbs ----

    pub async fn create(&self, obj: &K, opts: &CreateOptions) -> Result<K, Error> {
        let meta = obj.metadata();
        let ns = self.namespace.as_deref().or(Some(meta.namespace.as_str()));
        let path = with_query(
            self.collection_path(ns),
            Query::new().create_options(opts).as_str(),
        );
        self.typed(Method::POST, path, Some(self.body_of(obj)?))
            .await
    }

    pub async fn update(&self, obj: &K, opts: &UpdateOptions) -> Result<K, Error> {
        let path = with_query(
            self.path_of(obj, None)?,
            Query::new().update_options(opts).as_str(),
        );
        self.typed(Method::PUT, path, Some(self.body_of(obj)?))
            .await
    }

    pub async fn update_status(&self, obj: &K, opts: &UpdateOptions) -> Result<K, Error> {
        let path = with_query(
            self.path_of(obj, Some("status"))?,
            Query::new().update_options(opts).as_str(),
        );
        self.typed(Method::PUT, path, Some(self.body_of(obj)?))
            .await
    }

    pub async fn get(&self, name: &str, opts: &GetOptions) -> Result<K, Error> {
        let path = with_query(
            self.object_path(name, None)?,
            Query::new().get_options(opts).as_str(),
        );
        self.typed(Method::GET, path, None).await
    }

    /// Like [`get`](Self::get), `None` for a 404.
    pub async fn get_opt(&self, name: &str, opts: &GetOptions) -> Result<Option<K>, Error> {
        match self.get(name, opts).await {
            Ok(k) => Ok(Some(k)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// One list response (one page when `opts.limit` is set).
    pub async fn list(&self, opts: &ListOptions) -> Result<ObjectList<K>, Error> {
        let mut q = Query::new();
        q.list_options(opts);
        let path = with_query(self.collection_path(self.namespace.as_deref()), q.as_str());
        let resp = self
            .send(Method::GET, path, None, self.accept_for::<K>())
            .await?;
        decode_list(&resp)
    }

    /// Every page of a chunked list, following `continue` tokens (set `opts.limit` for the
    /// page size). Ends after the last page or the first error.
    pub fn list_pages(
        &self,
        opts: &ListOptions,
    ) -> impl Stream<Item = Result<ObjectList<K>, Error>> + Send + 'static {
        pages(self.clone(), opts.clone())
    }

    /// Every object of a chunked list, page after page.
    pub fn list_all(
        &self,
        opts: &ListOptions,
    ) -> impl Stream<Item = Result<K, Error>> + Send + 'static {
        self.list_pages(opts)
            .map_ok(|page| futures_util::stream::iter(page.items.into_iter().map(Ok)))
            .try_flatten()
    }

    /// Watches from `opts.resource_version` (`watch=true` is set here). The stream ends
    /// when the server closes it; an `ERROR` event is an `Err` item.
    pub async fn watch(&self, opts: &ListOptions) -> Result<WatchStream<K>, Error> {
        let mut q = Query::new();
        let mut opts = opts.clone();
        opts.watch = true;
        q.list_options(&opts);
        let path = with_query(self.collection_path(self.namespace.as_deref()), q.as_str());
        let protobuf = self.protobuf_for::<K>();
        let (resp, span) = self
            .client
            .open_stream(Spec {
                method: Method::GET,
                path_and_query: path,
                body: None,
                accept: http::HeaderValue::from_static(self.accept_for::<K>()),
            })
            .await?;
        let is_protobuf = protobuf && super::transport::content_type(resp.headers()) == PROTOBUF;
        let config = self.client.config();
        let limits = WatchLimits {
            max_event: config.max_watch_event,
            idle_timeout: watch_idle_timeout(config.watch_idle_timeout, &opts),
        };
        Ok(WatchStream::new(resp.into_body(), is_protobuf, limits).traced(span))
    }

    pub async fn delete(&self, name: &str, opts: &DeleteOptions) -> Result<Deleted<K>, Error> {
        let path = self.object_path(name, None)?;
        let resp = self
            .send(
                Method::DELETE,
                path,
                Some(delete_body(opts)?),
                self.accept_for::<K>(),
            )
            .await?;
        if is_status_body(&resp) {
            let status = super::transport::decode_status(resp.content_type(), &resp.body)
                .ok_or_else(|| Error::Decode("a malformed Status".into()))?;
            return Ok(Deleted::Status(status));
        }
        decode_object(&resp).map(Deleted::Object)
    }

    /// Deletes every object the list options select; the deleted objects.
    pub async fn delete_collection(
        &self,
        delete: &DeleteOptions,
        list: &ListOptions,
    ) -> Result<ObjectList<K>, Error> {
        let mut q = Query::new();
        q.list_options(list);
        let path = with_query(self.collection_path(self.namespace.as_deref()), q.as_str());
        let resp = self
            .send(
                Method::DELETE,
                path,
                Some(delete_body(delete)?),
                self.accept_for::<K>(),
            )
            .await?;
        if is_status_body(&resp) {
            return Ok(ObjectList::default());
        }
        decode_list(&resp)
    }

    pub async fn patch(&self, name: &str, patch: &Patch, opts: &PatchOptions) -> Result<K, Error> {
        self.patch_subresource_inner(name, None, patch, opts).await
    }

    pub async fn patch_status(
        &self,
        name: &str,
        patch: &Patch,
        opts: &PatchOptions,
    ) -> Result<K, Error> {
        self.patch_subresource_inner(name, Some("status"), patch, opts)
            .await
    }

    async fn patch_subresource_inner<T: Kind>(
        &self,
        name: &str,
        subresource: Option<&str>,
        patch: &Patch,
        opts: &PatchOptions,
    ) -> Result<T, Error> {
        let path = with_query(
            self.object_path(name, subresource)?,
            Query::new().patch_options(opts).as_str(),
        );
        let body = serde_json::to_vec(patch.body()).map_err(|e| Error::Encode(e.to_string()))?;
        self.typed(
            Method::PATCH,
            path,
            Some((patch.content_type().to_string(), Bytes::from(body))),
        )
        .await
    }

    /// Server-side apply of `config` (an apply configuration: only the fields the manager
    /// owns) as `field_manager`; `force` takes over conflicting fields.
    pub async fn apply<A: serde::Serialize>(
        &self,
        name: &str,
        config: &A,
        field_manager: &str,
        force: bool,
    ) -> Result<K, Error> {
        self.apply_inner(name, None, config, field_manager, force)
            .await
    }

    /// [`apply`](Self::apply) to the status subresource.
    pub async fn apply_status<A: serde::Serialize>(
        &self,
        name: &str,
        config: &A,
        field_manager: &str,
        force: bool,
    ) -> Result<K, Error> {
        self.apply_inner(name, Some("status"), config, field_manager, force)
            .await
    }

    async fn apply_inner<A: serde::Serialize>(
        &self,
        name: &str,
        subresource: Option<&str>,
        config: &A,
        field_manager: &str,
        force: bool,
    ) -> Result<K, Error> {
        let value =
            kapi_core::codec::json::to_value(config).map_err(|e| Error::Encode(e.to_string()))?;
        let opts = PatchOptions {
            field_manager: field_manager.to_string(),
            force: force.then_some(true),
            ..Default::default()
        };
        self.patch_subresource_inner(name, subresource, &Patch::Apply(value), &opts)
            .await
    }

    /// GET of a subresource as kind `S` (`scale` as `kapi::apis::autoscaling::v1::Scale`).
    pub async fn get_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
    ) -> Result<S, Error> {
        let path = self.object_path(name, Some(subresource))?;
        self.typed(Method::GET, path, None).await
    }

    /// PUT of a subresource.
    pub async fn update_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        obj: &S,
        opts: &UpdateOptions,
    ) -> Result<S, Error> {
        let path = with_query(
            self.object_path(name, Some(subresource))?,
            Query::new().update_options(opts).as_str(),
        );
        self.typed(Method::PUT, path, Some(self.body_of(obj)?))
            .await
    }

    /// PATCH of a subresource.
    pub async fn patch_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        patch: &Patch,
        opts: &PatchOptions,
    ) -> Result<S, Error> {
        self.patch_subresource_inner(name, Some(subresource), patch, opts)
            .await
    }
}

fn is_status_body(resp: &RawResponse) -> bool {
    if resp.body.starts_with(kapi_core::codec::protobuf::MAGIC) {
        return kapi_core::codec::protobuf::decode_unknown(&resp.body)
            .is_ok_and(|u| u.kind == "Status");
    }
    #[derive(serde::Deserialize)]
    struct Peek {
        #[serde(default)]
        kind: String,
    }
    serde_json::from_slice::<Peek>(&resp.body).is_ok_and(|p| p.kind == "Status")
}

fn delete_body(opts: &DeleteOptions) -> Result<(String, Bytes), Error> {
    let mut value =
        kapi_core::codec::json::to_value(opts).map_err(|e| Error::Encode(e.to_string()))?;
    if let Some(map) = value.as_object_mut() {
        // kapi's DeleteOptions writes its own apiVersion and kind (core `v1`, which every
        // server accepts); a body without them gets those.
        map.entry("kind").or_insert_with(|| "DeleteOptions".into());
        map.entry("apiVersion").or_insert_with(|| "v1".into());
    }
    let bytes = serde_json::to_vec(&value).map_err(|e| Error::Encode(e.to_string()))?;
    Ok((JSON.to_string(), Bytes::from(bytes)))
}

/// Pages of a chunked list: the first with `opts`, then one per `continue` token (without
/// the resourceVersion, which the server refuses with a token).
fn pages<K: Resource + Kind>(
    api: Api<K>,
    opts: ListOptions,
) -> impl Stream<Item = Result<ObjectList<K>, Error>> + Send + 'static {
    futures_util::stream::unfold(Some((api, opts)), |state| async move {
        let (api, mut opts) = state?;
        match api.list(&opts).await {
            Ok(page) => {
                let next = if page.metadata.continue_.is_empty() {
                    None
                } else {
                    opts.continue_ = page.metadata.continue_.clone();
                    opts.resource_version.clear();
                    opts.resource_version_match.clear();
                    Some((api, opts))
                };
                Some((Ok(page), next))
            }
            Err(e) => Some((Err(e), None)),
        }
    })
}

/// How long a watch may stay silent: the idle timeout when the server promised bookmarks;
/// past its `timeoutSeconds` (when the server should have closed it) otherwise; a watch
/// with neither may be quiet for good (TCP keepalive still notices a dead peer).
fn watch_idle_timeout(idle: Option<Duration>, opts: &ListOptions) -> Option<Duration> {
    let idle = idle?;
    if opts.allow_watch_bookmarks {
        return Some(idle);
    }
    match opts.timeout_seconds {
        Some(seconds) if seconds > 0 => Some(Duration::from_secs(seconds as u64) + idle),
        _ => None,
    }
}

/// A request's path with its query string (empty, or starting with `?`) appended.
fn with_query(mut path: String, query: &str) -> String {
    path.push_str(query);
    path
}
