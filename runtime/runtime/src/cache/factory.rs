//! The shared informer factory: one informer per kind, shared by every consumer
//! (client-go's `SharedInformerFactory`).

use super::informer::{InformerOptions, SharedInformer, Transform, TweakListOptions};
use kapi_client::Client;
use kapi_core::meta::ListOptions;
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// What the factory needs of an informer without knowing its kind.
trait AnyInformer: Send + Sync {
    fn start(&self);
    fn stop(&self);
    fn has_synced(&self) -> bool;
    fn wait_for_sync(&self) -> Pin<Box<dyn Future<Output = ()> + Send>>;
    fn as_any(&self) -> &dyn Any;
}

impl<K: Resource + Kind> AnyInformer for SharedInformer<K> {
    fn start(&self) {
        SharedInformer::start(self)
    }
    fn stop(&self) {
        SharedInformer::stop(self)
    }
    fn has_synced(&self) -> bool {
        SharedInformer::has_synced(self)
    }
    fn wait_for_sync(&self) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let informer = self.clone();
        Box::pin(async move { informer.wait_for_sync().await })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

struct Entry {
    informer: Box<dyn AnyInformer>,
    started: bool,
}

/// Informers of any kinds on one client with common options. Cloning shares the
/// informers; the `with_*` settings apply to informers created afterwards through that
/// handle.
///
/// Like client-go, [`start`](Self::start) starts the informers requested so far; call it
/// again after requesting more (it is idempotent).
#[derive(Clone)]
pub struct SharedInformerFactory {
    client: Client,
    options: InformerOptions,
    informers: Arc<Mutex<HashMap<TypeId, Entry>>>,
}

impl std::fmt::Debug for SharedInformerFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedInformerFactory")
            .field("options", &self.options)
            .field("informers", &self.lock().len())
            .finish()
    }
}

impl SharedInformerFactory {
    pub fn new(client: Client) -> Self {
        SharedInformerFactory {
            client,
            options: InformerOptions::default(),
            informers: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<TypeId, Entry>> {
        self.informers.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn options(&self) -> &InformerOptions {
        &self.options
    }

    /// Every setting at once.
    pub fn with_options(mut self, options: InformerOptions) -> Self {
        self.options = options;
        self
    }

    /// Only objects in `namespace` (namespaced kinds).
    pub fn with_namespace(mut self, namespace: &str) -> Self {
        self.options.namespace = Some(namespace.to_string());
        self
    }

    pub fn with_label_selector(mut self, selector: &str) -> Self {
        self.options.label_selector = selector.to_string();
        self
    }

    pub fn with_field_selector(mut self, selector: &str) -> Self {
        self.options.field_selector = selector.to_string();
        self
    }

    /// Changes the options of every list and watch.
    pub fn with_tweak_list_options(
        mut self,
        f: impl Fn(&mut ListOptions) + Send + Sync + 'static,
    ) -> Self {
        let f: TweakListOptions = Arc::new(f);
        self.options.tweak_list_options = Some(f);
        self
    }

    /// The default resync period of the informers.
    pub fn with_resync(mut self, period: Duration) -> Self {
        self.options.resync = Some(period);
        self
    }

    /// What to strip from objects before caching them.
    pub fn with_transform(mut self, transform: Transform) -> Self {
        self.options.transform = transform;
        self
    }

    /// The informer of `K`: created on first request, then the same one for everyone.
    pub fn informer_for<K: Resource + Kind>(&self) -> SharedInformer<K> {
        let mut informers = self.lock();
        let entry = informers.entry(TypeId::of::<K>()).or_insert_with(|| Entry {
            informer: Box::new(SharedInformer::<K>::new(
                self.client.clone(),
                self.options.clone(),
            )),
            started: false,
        });
        entry
            .informer
            .as_any()
            .downcast_ref::<SharedInformer<K>>()
            .expect("informers are keyed by their kind's TypeId")
            .clone()
    }

    /// Starts every informer requested so far that is not running (on the current tokio
    /// runtime).
    pub fn start(&self) {
        for entry in self.lock().values_mut() {
            if !entry.started {
                entry.informer.start();
                entry.started = true;
            }
        }
    }

    /// Stops every informer.
    pub fn shutdown(&self) {
        for entry in self.lock().values_mut() {
            entry.informer.stop();
            entry.started = false;
        }
    }

    /// Waits until every started informer has synced; `true` when all have (always, once
    /// it returns; see [`wait_for_cache_sync_timeout`](Self::wait_for_cache_sync_timeout)).
    pub async fn wait_for_cache_sync(&self) -> bool {
        let waits: Vec<_> = self
            .lock()
            .values()
            .filter(|e| e.started)
            .map(|e| e.informer.wait_for_sync())
            .collect();
        for wait in waits {
            wait.await;
        }
        true
    }

    /// Like [`wait_for_cache_sync`](Self::wait_for_cache_sync), giving up after `timeout`.
    pub async fn wait_for_cache_sync_timeout(&self, timeout: Duration) -> bool {
        tokio::time::timeout(timeout, self.wait_for_cache_sync())
            .await
            .unwrap_or(false)
    }

    /// Whether every started informer has synced.
    pub fn has_synced(&self) -> bool {
        self.lock()
            .values()
            .filter(|e| e.started)
            .all(|e| e.informer.has_synced())
    }
}
