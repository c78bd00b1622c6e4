//! The shared informer: one reflector feeding one [`Store`] and any number of event
//! handlers (client-go's `sharedIndexInformer`).
//!
//! Every change goes through one lock (the processor): the store is updated and the
//! handlers' notifications are queued under it, and a handler added late takes its
//! snapshot of the store under it too, so no handler misses or repeats an event. Each
//! handler has its own queue and thread: calls to one handler are in order, and a slow
//! handler delays only itself.

use super::handler::{DeletedObject, ResourceEventHandler};
use super::lister::Lister;
use super::reflector::{
    BackoffConfig, Reflector, ReflectorEvent, ReflectorOptions, ReflectorStats, StreamingList,
};
use super::store::{key_of, Store};
use kapi_client::{Api, Client};
use kapi_core::meta::{ListOptions, ObjectMeta};
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

type MetaFn = Arc<dyn Fn(&mut ObjectMeta) + Send + Sync>;
type TypedFn<K> = Arc<dyn Fn(&mut K) + Send + Sync>;
/// A change to every list and watch request of an informer.
pub type TweakListOptions = Arc<dyn Fn(&mut ListOptions) + Send + Sync>;

/// What an informer does to each object before caching it (client-go's
/// `TransformFunc`): drop what no consumer reads, managedFields first of all (often half
/// an object's size).
#[derive(Clone, Default)]
pub struct Transform {
    strip_managed_fields: bool,
    metadata: Option<MetaFn>,
}

impl std::fmt::Debug for Transform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transform")
            .field("strip_managed_fields", &self.strip_managed_fields)
            .field("metadata", &self.metadata.is_some())
            .finish()
    }
}

impl Transform {
    /// Objects are cached as received.
    pub fn none() -> Self {
        Self::default()
    }

    /// Drops `metadata.managedFields`.
    pub fn strip_managed_fields() -> Self {
        Transform {
            strip_managed_fields: true,
            metadata: None,
        }
    }

    /// Runs `f` on each object's metadata (after stripping managedFields, if set).
    pub fn metadata(mut self, f: impl Fn(&mut ObjectMeta) + Send + Sync + 'static) -> Self {
        self.metadata = Some(Arc::new(f));
        self
    }

    pub fn is_none(&self) -> bool {
        !self.strip_managed_fields && self.metadata.is_none()
    }

    pub fn apply<K: Resource>(&self, obj: &mut K) {
        let meta = obj.metadata_mut();
        if self.strip_managed_fields {
            meta.managed_fields = Vec::new();
        }
        if let Some(f) = &self.metadata {
            f(meta);
        }
    }
}

/// How an informer lists and watches.
#[derive(Clone, Default)]
pub struct InformerOptions {
    /// Only this namespace (`None`: all namespaces, or a cluster-scoped kind).
    pub namespace: Option<String>,
    pub label_selector: String,
    pub field_selector: String,
    /// How often every handler gets `on_update(obj, obj)` for every cached object.
    pub resync: Option<Duration>,
    /// Page size of paged lists (`None`: one response).
    pub page_size: Option<i64>,
    pub streaming_list: StreamingList,
    /// Run on each object before it is cached.
    pub transform: Transform,
    /// Run on the options of every list and watch (after the selectors are set).
    pub tweak_list_options: Option<TweakListOptions>,
    pub backoff: BackoffConfig,
    /// `timeoutSeconds` of each watch (`None`: a random 5 to 10 minutes).
    pub watch_timeout: Option<Duration>,
    /// The longest wait for a list page or an opening watch, and how long a watch may
    /// outlive its timeout, before it is made again (`None`: 60 s, see
    /// [`ReflectorOptions::request_timeout`]).
    pub request_timeout: Option<Duration>,
}

impl std::fmt::Debug for InformerOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InformerOptions")
            .field("namespace", &self.namespace)
            .field("label_selector", &self.label_selector)
            .field("field_selector", &self.field_selector)
            .field("resync", &self.resync)
            .field("page_size", &self.page_size)
            .field("streaming_list", &self.streaming_list)
            .field("transform", &self.transform)
            .field("backoff", &self.backoff)
            .field("watch_timeout", &self.watch_timeout)
            .field("request_timeout", &self.request_timeout)
            .finish_non_exhaustive()
    }
}

impl InformerOptions {
    /// The list options every request of the informer starts from.
    pub fn list_options(&self) -> ListOptions {
        let mut opts = ListOptions {
            label_selector: self.label_selector.clone(),
            field_selector: self.field_selector.clone(),
            ..Default::default()
        };
        if let Some(tweak) = &self.tweak_list_options {
            tweak(&mut opts);
        }
        opts
    }
}

enum Notification<K> {
    Add(Arc<K>, bool),
    Update(Arc<K>, Arc<K>),
    Delete(DeletedObject<K>),
    /// The handler has seen the initial list.
    Synced,
}

impl<K> Clone for Notification<K> {
    fn clone(&self) -> Self {
        match self {
            Notification::Add(o, i) => Notification::Add(o.clone(), *i),
            Notification::Update(a, b) => Notification::Update(a.clone(), b.clone()),
            Notification::Delete(d) => Notification::Delete(d.clone()),
            Notification::Synced => Notification::Synced,
        }
    }
}

struct Listener<K> {
    id: u64,
    tx: mpsc::Sender<Notification<K>>,
}

struct Processor<K> {
    listeners: Vec<Listener<K>>,
    /// The first list is in the store.
    synced: bool,
}

impl<K> Processor<K> {
    fn send_all(&self, notes: &[Notification<K>]) {
        for l in &self.listeners {
            for n in notes {
                // A handler thread that panicked has dropped its receiver: skip it.
                let _ = l.tx.send(n.clone());
            }
        }
    }
}

/// A handler added to an informer: whether it has seen the initial list.
#[derive(Debug, Clone)]
pub struct HandlerRegistration {
    id: u64,
    synced: Arc<AtomicBool>,
}

impl HandlerRegistration {
    /// The handler has processed every object of the initial list (or of the store when
    /// it was added late).
    pub fn has_synced(&self) -> bool {
        self.synced.load(Ordering::Acquire)
    }
}

struct Shared<K> {
    client: Client,
    options: InformerOptions,
    store: Store<K>,
    processor: Mutex<Processor<K>>,
    typed_transform: Mutex<Option<TypedFn<K>>>,
    synced: tokio::sync::watch::Sender<bool>,
    last_rv: Mutex<String>,
    stats: Mutex<ReflectorStats>,
    tasks: Mutex<Option<Vec<tokio::task::AbortHandle>>>,
    next_id: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// An informer of kind `K`: a cache kept in sync with the server, and handlers told of
/// every change. Cloning shares it.
pub struct SharedInformer<K> {
    shared: Arc<Shared<K>>,
}

impl<K> Clone for SharedInformer<K> {
    fn clone(&self) -> Self {
        SharedInformer {
            shared: self.shared.clone(),
        }
    }
}

impl<K> std::fmt::Debug for SharedInformer<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedInformer")
            .field("kind", &std::any::type_name::<K>())
            .field("options", &self.shared.options)
            .finish_non_exhaustive()
    }
}

impl<K: Resource + Kind> SharedInformer<K> {
    pub fn new(client: Client, options: InformerOptions) -> Self {
        SharedInformer {
            shared: Arc::new(Shared {
                client,
                options,
                store: Store::new(),
                processor: Mutex::new(Processor {
                    listeners: Vec::new(),
                    synced: false,
                }),
                typed_transform: Mutex::new(None),
                synced: tokio::sync::watch::Sender::new(false),
                last_rv: Mutex::new(String::new()),
                stats: Mutex::new(ReflectorStats::default()),
                tasks: Mutex::new(None),
                next_id: AtomicU64::new(1),
            }),
        }
    }

    pub fn options(&self) -> &InformerOptions {
        &self.shared.options
    }

    /// A typed transform, run after [`InformerOptions::transform`]; set it before
    /// [`start`](Self::start) (objects already cached are not transformed again).
    pub fn set_transform(&self, f: impl Fn(&mut K) + Send + Sync + 'static) {
        *lock(&self.shared.typed_transform) = Some(Arc::new(f));
    }

    /// Adds a handler. Before start it sees the initial list as `on_add(.., true)`; after
    /// start it first gets `on_add(.., true)` for every cached object, then the changes.
    pub fn add_event_handler(&self, handler: impl ResourceEventHandler<K>) -> HandlerRegistration {
        let id = self.shared.next_id.fetch_add(1, Ordering::Relaxed);
        let synced = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel::<Notification<K>>();
        let flag = synced.clone();
        std::thread::Builder::new()
            .name(format!("kapi-informer-handler-{id}"))
            .spawn(move || {
                for note in rx {
                    match note {
                        Notification::Add(o, initial) => handler.on_add(&o, initial),
                        Notification::Update(old, new) => handler.on_update(&old, &new),
                        Notification::Delete(d) => handler.on_delete(d),
                        Notification::Synced => flag.store(true, Ordering::Release),
                    }
                }
            })
            .expect("spawning an event handler thread");
        let mut processor = lock(&self.shared.processor);
        if processor.synced {
            self.shared.store.for_each(|obj| {
                let _ = tx.send(Notification::Add(obj.clone(), true));
            });
            let _ = tx.send(Notification::Synced);
        }
        processor.listeners.push(Listener { id, tx });
        HandlerRegistration { id, synced }
    }

    /// Stops calling the handler (its queued notifications are still delivered).
    pub fn remove_event_handler(&self, registration: &HandlerRegistration) {
        lock(&self.shared.processor)
            .listeners
            .retain(|l| l.id != registration.id);
    }

    pub fn store(&self) -> Store<K> {
        self.shared.store.clone()
    }

    pub fn lister(&self) -> Lister<K> {
        Lister::new(self.store())
    }

    /// Starts listing and watching on the current tokio runtime (panics outside one).
    /// Idempotent; after [`stop`](Self::stop) it starts again with a relist.
    pub fn start(&self) {
        let mut tasks = lock(&self.shared.tasks);
        if tasks.is_some() {
            return;
        }
        let mut handles = Vec::new();
        let api = match &self.shared.options.namespace {
            Some(ns) => Api::<K>::namespaced(self.shared.client.clone(), ns),
            None => Api::<K>::all(self.shared.client.clone()),
        };
        let o = &self.shared.options;
        let reflector = Reflector::new(
            api,
            ReflectorOptions {
                list_options: o.list_options(),
                page_size: o.page_size,
                streaming_list: o.streaming_list,
                backoff: o.backoff,
                watch_timeout: o.watch_timeout,
                request_timeout: o.request_timeout,
            },
        );
        let weak = Arc::downgrade(&self.shared);
        handles.push(tokio::spawn(run(weak.clone(), reflector)).abort_handle());
        if let Some(period) = o.resync.filter(|d| !d.is_zero()) {
            handles.push(tokio::spawn(resync(weak, period)).abort_handle());
        }
        *tasks = Some(handles);
    }

    /// Stops listing and watching (the store keeps its content; handlers get nothing more).
    pub fn stop(&self) {
        if let Some(handles) = lock(&self.shared.tasks).take() {
            for h in handles {
                h.abort();
            }
        }
    }

    pub fn is_running(&self) -> bool {
        lock(&self.shared.tasks).is_some()
    }

    /// The first complete list is in the store.
    pub fn has_synced(&self) -> bool {
        *self.shared.synced.borrow()
    }

    pub async fn wait_for_sync(&self) {
        let mut rx = self.shared.synced.subscribe();
        // The sender lives in `shared`, which `self` keeps alive.
        let _ = rx.wait_for(|s| *s).await;
    }

    /// Waits at most `timeout`; whether the informer synced.
    pub async fn wait_for_sync_timeout(&self, timeout: Duration) -> bool {
        tokio::time::timeout(timeout, self.wait_for_sync())
            .await
            .is_ok()
    }

    /// The resourceVersion of the last list, event or bookmark seen.
    pub fn last_sync_resource_version(&self) -> String {
        lock(&self.shared.last_rv).clone()
    }

    /// What the reflector went through so far (lists, watches, errors).
    pub fn stats(&self) -> ReflectorStats {
        *lock(&self.shared.stats)
    }
}

async fn run<K: Resource + Kind>(shared: Weak<Shared<K>>, mut reflector: Reflector<K>) {
    loop {
        let event = reflector.step().await;
        let Some(shared) = shared.upgrade() else {
            return;
        };
        shared.handle(event);
        *lock(&shared.last_rv) = reflector.resource_version().to_string();
        *lock(&shared.stats) = reflector.stats();
    }
}

async fn resync<K: Resource + Kind>(shared: Weak<Shared<K>>, period: Duration) {
    let mut interval = tokio::time::interval(period);
    interval.tick().await;
    loop {
        interval.tick().await;
        let Some(shared) = shared.upgrade() else {
            return;
        };
        let processor = lock(&shared.processor);
        if !processor.synced {
            continue;
        }
        shared.store.for_each(|obj| {
            processor.send_all(&[Notification::Update(obj.clone(), obj.clone())]);
        });
    }
}

fn same_object<K: Resource>(a: &Arc<K>, b: &Arc<K>) -> bool {
    a.metadata().uid == b.metadata().uid
}

impl<K: Resource + Kind> Shared<K> {
    fn transform(&self, obj: K) -> Arc<K> {
        self.transform_shared(Arc::new(obj))
    }

    /// Transforms an object a list put behind its `Arc` (still its only owner, so changed
    /// in place).
    fn transform_shared(&self, mut obj: Arc<K>) -> Arc<K> {
        let typed = lock(&self.typed_transform);
        if self.options.transform.is_none() && typed.is_none() {
            return obj;
        }
        let object = Arc::make_mut(&mut obj);
        self.options.transform.apply(object);
        if let Some(f) = typed.as_ref() {
            f(object);
        }
        drop(typed);
        obj
    }

    fn handle(&self, event: ReflectorEvent<K>) {
        match event {
            ReflectorEvent::Replace { items, .. } => self.replace(items),
            ReflectorEvent::Added(obj) | ReflectorEvent::Modified(obj) => {
                let new = self.transform(obj);
                let processor = lock(&self.processor);
                let old = self.store.insert(new.clone());
                let notes = match old {
                    None => vec![Notification::Add(new, false)],
                    Some(old) if same_object(&old, &new) => {
                        if old.metadata().resource_version == new.metadata().resource_version {
                            return;
                        }
                        vec![Notification::Update(old, new)]
                    }
                    // Deleted and re-created while we were not looking.
                    Some(old) => vec![
                        Notification::Delete(DeletedObject::FinalStateUnknown {
                            key: key_of(&*old),
                            last_known: old,
                        }),
                        Notification::Add(new, false),
                    ],
                };
                processor.send_all(&notes);
            }
            ReflectorEvent::Deleted(obj) => {
                let last = self.transform(obj);
                let processor = lock(&self.processor);
                let m = last.metadata();
                if self.store.remove(&m.namespace, &m.name).is_some() {
                    processor.send_all(&[Notification::Delete(DeletedObject::Known(last))]);
                }
            }
            ReflectorEvent::Bookmark { .. }
            | ReflectorEvent::Progress
            | ReflectorEvent::Error(_) => {}
        }
    }

    /// A complete list: the diff against the store as notifications, then the store
    /// swapped at once.
    fn replace(&self, items: Vec<Arc<K>>) {
        let fresh: Vec<Arc<K>> = items
            .into_iter()
            .map(|o| self.transform_shared(o))
            .collect();
        let mut processor = lock(&self.processor);
        let initial = !processor.synced;
        let mut notes = Vec::new();
        let mut kept = Vec::with_capacity(fresh.len());
        for new in fresh {
            let m = new.metadata();
            match self.store.get(&m.namespace, &m.name) {
                None => notes.push(Notification::Add(new.clone(), initial)),
                Some(old) if same_object(&old, &new) => {
                    if old.metadata().resource_version == m.resource_version {
                        // Unchanged: keep the cached Arc (readers share it).
                        kept.push(old);
                        continue;
                    }
                    notes.push(Notification::Update(old, new.clone()));
                }
                Some(old) => {
                    notes.push(Notification::Delete(DeletedObject::FinalStateUnknown {
                        key: key_of(&*old),
                        last_known: old,
                    }));
                    notes.push(Notification::Add(new.clone(), false));
                }
            }
            kept.push(new);
        }
        {
            let present: HashSet<(&str, &str)> = kept
                .iter()
                .map(|o| (o.metadata().namespace.as_str(), o.metadata().name.as_str()))
                .collect();
            self.store.for_each(|old| {
                let m = old.metadata();
                if !present.contains(&(m.namespace.as_str(), m.name.as_str())) {
                    notes.push(Notification::Delete(DeletedObject::FinalStateUnknown {
                        key: key_of(&**old),
                        last_known: old.clone(),
                    }));
                }
            });
        }
        self.store.replace(kept);
        if initial {
            notes.push(Notification::Synced);
            processor.synced = true;
        }
        processor.send_all(&notes);
        drop(processor);
        self.synced.send_replace(true);
    }
}
