//! The embedded API server's storage: an in-memory MVCC store shaped like etcd as
//! kube-apiserver uses it.
//!
//! Every write bumps one global revision counter by exactly one (the first write gets
//! revision 1); that revision is the object's resourceVersion. Each key keeps its versions
//! since the last compaction, so lists can be read at an older revision and a paged list
//! reads every page at the first page's snapshot, and an event log lets a watch replay what
//! it missed. The store is generic over the value type and knows nothing of HTTP or of
//! Kubernetes objects: callers stamp resourceVersion and friends from the revision handed to
//! their closures, and evaluate selectors in the list filter.
//!
//! History is bounded: once more than [`MvccStore::history_limit`] events are kept, the oldest
//! are compacted away, as kube-apiserver's periodic etcd compaction does. Reads, continue
//! tokens and watches from before the compacted revision then fail with the errors
//! kube-apiserver gives ([`StoreError::Compacted`], [`StoreError::Expired`]).
//!
//! Closures run under the store lock, so they see a consistent state and their revision is
//! the one the write gets; they must not call back into the store (that would deadlock).

mod continue_token;
mod history;
mod watch;

#[cfg(test)]
mod model_tests;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, VecDeque};
use std::convert::Infallible;
use std::fmt;
use std::ops::Bound;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use history::History;
use watch::Watchers;
pub use watch::{Event, EventKind, Watch};

/// How many events [`MvccStore::new`] keeps before compacting the oldest.
pub const DEFAULT_HISTORY_LIMIT: usize = 10_000;

/// A resource type: API group and plural resource name (`"frobbers"`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceKey {
    pub group: String,
    pub resource: String,
}

impl ResourceKey {
    pub fn new(group: impl Into<String>, resource: impl Into<String>) -> Self {
        Self {
            group: group.into(),
            resource: resource.into(),
        }
    }
}

/// One object's key. Ordered by resource, then namespace, then name: the order of etcd keys
/// `/<resource>/<namespace>/<name>`, and the order lists return.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectKey {
    pub resource: ResourceKey,
    /// Empty for cluster-scoped objects.
    pub namespace: String,
    pub name: String,
}

impl ObjectKey {
    pub fn new(
        resource: ResourceKey,
        namespace: impl Into<String>,
        name: impl Into<String>,
    ) -> Self {
        Self {
            resource,
            namespace: namespace.into(),
            name: name.into(),
        }
    }
}

/// What a list or watch covers: one resource, in one namespace or in all of them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Collection {
    pub resource: ResourceKey,
    /// `None` for all namespaces (and for cluster-scoped resources).
    pub namespace: Option<String>,
}

impl Collection {
    /// Every object of the resource.
    pub fn all(resource: ResourceKey) -> Self {
        Self {
            resource,
            namespace: None,
        }
    }

    /// The objects of the resource in one namespace.
    pub fn namespaced(resource: ResourceKey, namespace: impl Into<String>) -> Self {
        Self {
            resource,
            namespace: Some(namespace.into()),
        }
    }

    pub fn contains(&self, key: &ObjectKey) -> bool {
        key.resource == self.resource
            && self
                .namespace
                .as_ref()
                .is_none_or(|ns| *ns == key.namespace)
    }
}

/// A stored object with the revision of its last modification (its resourceVersion).
#[derive(Debug, PartialEq)]
pub struct Entry<V> {
    pub key: ObjectKey,
    pub value: Arc<V>,
    pub revision: u64,
}

// Manual impl: deriving would needlessly require `V: Clone`.
impl<V> Clone for Entry<V> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            value: Arc::clone(&self.value),
            revision: self.revision,
        }
    }
}

/// Which revision a list reads, as the list's resourceVersion and resourceVersionMatch ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReadAt {
    /// The current state (no resourceVersion).
    #[default]
    Latest,
    /// Exactly this revision (`resourceVersionMatch=Exact`).
    Exact(u64),
    /// Any state at least this new (`resourceVersionMatch=NotOlderThan`, or a bare
    /// resourceVersion); the store always answers with the latest.
    NotOlderThan(u64),
}

/// A list call. Built with [`ListRequest::new`] and the builder methods, or literally.
pub struct ListRequest<'a, V> {
    pub scope: Collection,
    /// Ignored when `continue_token` is set: a continued list reads at its token's revision.
    pub at: ReadAt,
    /// At most this many items (after filtering), as kube-apiserver counts; `None` or
    /// `Some(0)` for all of them.
    pub limit: Option<usize>,
    pub continue_token: Option<&'a str>,
    /// Label and field selectors, evaluated by the caller. Filtered-out objects do not count
    /// towards `limit`.
    pub filter: &'a dyn Fn(&V) -> bool,
}

#[cfg(test)]
fn keep_all<V>(_: &V) -> bool {
    true
}

/// The builder the store's tests use; the server fills in a `ListRequest` itself.
#[cfg(test)]
impl<'a, V> ListRequest<'a, V> {
    pub fn new(scope: Collection) -> Self {
        Self {
            scope,
            at: ReadAt::Latest,
            limit: None,
            continue_token: None,
            filter: &keep_all::<V>,
        }
    }

    pub fn at(mut self, at: ReadAt) -> Self {
        self.at = at;
        self
    }

    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    pub fn continue_from(mut self, token: &'a str) -> Self {
        self.continue_token = Some(token);
        self
    }

    pub fn filter(mut self, filter: &'a dyn Fn(&V) -> bool) -> Self {
        self.filter = filter;
        self
    }
}

impl<V> fmt::Debug for ListRequest<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ListRequest")
            .field("scope", &self.scope)
            .field("at", &self.at)
            .field("limit", &self.limit)
            .field("continue_token", &self.continue_token)
            .finish_non_exhaustive()
    }
}

/// One page of a list.
#[derive(Debug)]
pub struct ListPage<V> {
    /// In key order.
    pub items: Vec<Entry<V>>,
    /// The snapshot the page was read at: the list's resourceVersion.
    pub revision: u64,
    /// Set when more objects follow (they may all be filtered out, as in kube-apiserver).
    pub continue_token: Option<String>,
    /// How many objects after this page pass the filter; set exactly when `continue_token`
    /// is (kube-apiserver's `remainingItemCount`, which it only reports without selectors,
    /// so the HTTP layer should drop it when a selector was given).
    pub remaining_item_count: Option<u64>,
}

/// Why a store operation failed. `E` is the error of the caller's closure.
///
/// The messages are kube-apiserver's where the HTTP layer passes them on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError<E = Infallible> {
    #[error("not found")]
    NotFound,
    #[error("already exists")]
    AlreadyExists,
    /// A resourceVersion precondition failed (HTTP 409).
    #[error("the object has been modified; please apply your changes to the latest version and try again (current resourceVersion {current})")]
    Conflict { current: u64 },
    /// A read or watch at a revision that was compacted away (HTTP 410).
    #[error("too old resource version: {requested} ({compacted})")]
    Compacted { requested: u64, compacted: u64 },
    /// A continue token whose snapshot was compacted away (HTTP 410, reason Expired); see
    /// [`MvccStore::inconsistent_continue`] for the token kube-apiserver offers instead.
    #[error("The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retry with an inconsistent list.")]
    Expired,
    /// A continue token that does not parse (HTTP 400); the message is the reason, to follow
    /// kube-apiserver's "continue key is not valid: ".
    #[error("{0}")]
    InvalidContinue(String),
    /// A revision newer than the store's (kube-apiserver: 504 with a retry).
    #[error("Too large resource version: {requested}, current: {current}")]
    TooLarge { requested: u64, current: u64 },
    /// The caller's closure refused the write. The message leaves `E` out so that any
    /// `StoreError<E>` displays, whatever `E` is; callers match this variant themselves.
    #[error("the write was rejected")]
    Rejected(E),
}

impl StoreError<Infallible> {
    /// The same error with another closure error type, for callers mixing reads and writes.
    #[cfg(test)]
    pub fn widen<E>(self) -> StoreError<E> {
        match self {
            StoreError::NotFound => StoreError::NotFound,
            StoreError::AlreadyExists => StoreError::AlreadyExists,
            StoreError::Conflict { current } => StoreError::Conflict { current },
            StoreError::Compacted {
                requested,
                compacted,
            } => StoreError::Compacted {
                requested,
                compacted,
            },
            StoreError::Expired => StoreError::Expired,
            StoreError::InvalidContinue(message) => StoreError::InvalidContinue(message),
            StoreError::TooLarge { requested, current } => {
                StoreError::TooLarge { requested, current }
            }
            StoreError::Rejected(never) => match never {},
        }
    }
}

/// The in-memory MVCC store. See the [module docs](self).
pub struct MvccStore<V> {
    inner: Mutex<Inner<V>>,
}

struct Inner<V> {
    objects: BTreeMap<ObjectKey, History<V>>,
    /// The events with revisions `compacted + 1 ..= revision`, one per revision, in order.
    log: VecDeque<Event<V>>,
    revision: u64,
    compacted: u64,
    history_limit: usize,
    watchers: Watchers<V>,
}

impl<V> Default for MvccStore<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V> fmt::Debug for MvccStore<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = self.lock();
        f.debug_struct("MvccStore")
            .field("revision", &inner.revision)
            .field("compacted", &inner.compacted)
            .field("keys", &inner.objects.len())
            .field("events", &inner.log.len())
            .field("watches", &inner.watchers.len())
            .finish()
    }
}

impl<V> MvccStore<V> {
    pub fn new() -> Self {
        Self::with_history_limit(DEFAULT_HISTORY_LIMIT)
    }

    /// A store that keeps at most `limit` events of history (0 keeps none: every write
    /// compacts up to itself, and only watches from the current revision succeed).
    pub fn with_history_limit(limit: usize) -> Self {
        Self {
            inner: Mutex::new(Inner {
                objects: BTreeMap::new(),
                log: VecDeque::new(),
                revision: 0,
                compacted: 0,
                history_limit: limit,
                watchers: Watchers::new(),
            }),
        }
    }

    // A panic in a caller's closure poisons the lock, but closures run before any mutation,
    // so the state behind a poisoned lock is still consistent.
    fn lock(&self) -> MutexGuard<'_, Inner<V>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The revision of the last write (0 before the first).
    pub fn current_revision(&self) -> u64 {
        self.lock().revision
    }

    /// The oldest revision still readable and watchable from (0 until the first compaction).
    #[cfg(test)]
    pub fn compacted_revision(&self) -> u64 {
        self.lock().compacted
    }

    #[cfg(test)]
    pub fn history_limit(&self) -> usize {
        self.lock().history_limit
    }

    /// Changes the history bound, compacting at once if it is now exceeded.
    #[cfg(test)]
    pub fn set_history_limit(&self, limit: usize) {
        let mut inner = self.lock();
        inner.history_limit = limit;
        inner.enforce_history_limit();
    }

    /// Creates `key`. `f` gets the revision the object will have and builds it.
    pub fn create<E>(
        &self,
        key: ObjectKey,
        f: impl FnOnce(u64) -> Result<V, E>,
    ) -> Result<Entry<V>, StoreError<E>> {
        let mut inner = self.lock();
        if inner.objects.get(&key).and_then(History::latest).is_some() {
            return Err(StoreError::AlreadyExists);
        }
        let revision = inner.revision + 1;
        let value = Arc::new(f(revision).map_err(StoreError::Rejected)?);
        inner.commit(EventKind::Added, key.clone(), Arc::clone(&value), None);
        Ok(Entry {
            key,
            value,
            revision,
        })
    }

    /// Replaces the value of `key`. `f` gets the current value and the revision the new one
    /// will have; `Ok(None)` means "no change": nothing is written, no event is sent, and the
    /// current entry is returned with its old revision (kube-apiserver does not bump the
    /// resourceVersion of a no-op update).
    pub fn update<E>(
        &self,
        key: ObjectKey,
        precondition: Option<u64>,
        f: impl FnOnce(&Arc<V>, u64) -> Result<Option<V>, E>,
    ) -> Result<Entry<V>, StoreError<E>> {
        let mut inner = self.lock();
        let (current, prev) = inner.live(&key, precondition)?;
        let revision = inner.revision + 1;
        match f(&prev, revision).map_err(StoreError::Rejected)? {
            None => Ok(Entry {
                key,
                value: prev,
                revision: current,
            }),
            Some(value) => {
                let value = Arc::new(value);
                inner.commit(
                    EventKind::Modified,
                    key.clone(),
                    Arc::clone(&value),
                    Some(prev),
                );
                Ok(Entry {
                    key,
                    value,
                    revision,
                })
            }
        }
    }

    /// Deletes `key`, returning its last value with the revision of the deletion.
    ///
    /// Generic over the closure error it never produces, so its result fits callers that
    /// handle every write's `StoreError<E>` alike; elsewhere write `delete::<Infallible>`.
    pub fn delete<E>(
        &self,
        key: &ObjectKey,
        precondition: Option<u64>,
    ) -> Result<Entry<V>, StoreError<E>> {
        self.delete_with(key, precondition, |_| Ok(()))
    }

    /// Deletes `key` if `check` accepts its current value (a uid precondition, or "no
    /// finalizers left"), atomically with the check.
    pub fn delete_with<E>(
        &self,
        key: &ObjectKey,
        precondition: Option<u64>,
        check: impl FnOnce(&Arc<V>) -> Result<(), E>,
    ) -> Result<Entry<V>, StoreError<E>> {
        let mut inner = self.lock();
        let (_, prev) = inner.live(key, precondition)?;
        check(&prev).map_err(StoreError::Rejected)?;
        let revision = inner.revision + 1;
        inner.commit(
            EventKind::Deleted,
            key.clone(),
            Arc::clone(&prev),
            Some(Arc::clone(&prev)),
        );
        Ok(Entry {
            key: key.clone(),
            value: prev,
            revision,
        })
    }

    /// The current value of `key`.
    pub fn get(&self, key: &ObjectKey) -> Option<Entry<V>> {
        let inner = self.lock();
        let (revision, value) = inner.objects.get(key)?.latest()?;
        Some(Entry {
            key: key.clone(),
            value: Arc::clone(value),
            revision,
        })
    }

    /// The value of `key` as of `revision`.
    #[cfg(test)]
    pub fn get_at(&self, key: &ObjectKey, revision: u64) -> Result<Option<Entry<V>>, StoreError> {
        let inner = self.lock();
        let revision = inner.read_revision(ReadAt::Exact(revision))?;
        Ok(inner
            .objects
            .get(key)
            .and_then(|h| h.at(revision))
            .map(|(rev, value)| Entry {
                key: key.clone(),
                value: Arc::clone(value),
                revision: rev,
            }))
    }

    /// One page of a list; see [`ListRequest`]. O(objects in the scope), whatever the
    /// history.
    pub fn list(&self, request: &ListRequest<'_, V>) -> Result<ListPage<V>, StoreError> {
        let inner = self.lock();
        let scope = &request.scope;
        let (revision, start) = match request.continue_token {
            Some(token) => {
                let start =
                    continue_token::decode(token, scope).map_err(StoreError::InvalidContinue)?;
                if start.revision < inner.compacted {
                    return Err(StoreError::Expired);
                }
                if start.revision > inner.revision {
                    return Err(StoreError::TooLarge {
                        requested: start.revision,
                        current: inner.revision,
                    });
                }
                (start.revision, Some(start))
            }
            None => (inner.read_revision(request.at)?, None),
        };
        let limit = request.limit.filter(|&limit| limit > 0);
        let mut visible = inner
            .scan(scope, start.as_ref())
            .filter_map(|(key, history)| {
                history.at(revision).map(|(rev, value)| (key, rev, value))
            });
        let mut page = ListPage {
            items: Vec::new(),
            revision,
            continue_token: None,
            remaining_item_count: None,
        };
        for (key, rev, value) in visible.by_ref() {
            if !(request.filter)(value) {
                continue;
            }
            page.items.push(Entry {
                key: key.clone(),
                value: Arc::clone(value),
                revision: rev,
            });
            if limit == Some(page.items.len()) {
                break;
            }
        }
        if let Some(last) = page
            .items
            .last()
            .filter(|_| limit == Some(page.items.len()))
        {
            // Like etcd paging in kube-apiserver: a token whenever any key follows, even if
            // the filter rejects all of them.
            let (mut following, mut matching) = (0_u64, 0_u64);
            for (_, _, value) in visible {
                following += 1;
                matching += u64::from((request.filter)(value));
            }
            if following > 0 {
                page.continue_token = Some(continue_token::encode(scope, &last.key, revision));
                page.remaining_item_count = Some(matching);
            }
        }
        Ok(page)
    }

    /// For the 410 of an expired continue token: the same start key at the latest revision,
    /// which continues the list without a consistent snapshot.
    pub fn inconsistent_continue(&self, token: &str) -> Result<String, StoreError> {
        let revision = self.current_revision();
        continue_token::with_revision(token, revision).map_err(StoreError::InvalidContinue)
    }

    /// The current objects of the scope, in key order, and the revision they are at.
    pub fn list_all(&self, scope: &Collection) -> (Vec<Entry<V>>, u64) {
        let inner = self.lock();
        (inner.current(scope), inner.revision)
    }

    /// How many objects the scope currently holds (O(objects in the scope)).
    #[cfg(test)]
    pub fn len(&self, scope: &Collection) -> usize {
        self.lock()
            .scan(scope, None)
            .filter(|(_, h)| h.latest().is_some())
            .count()
    }

    /// Whether the scope holds no object (stops at the first one).
    pub fn is_empty(&self, scope: &Collection) -> bool {
        !self
            .lock()
            .scan(scope, None)
            .any(|(_, h)| h.latest().is_some())
    }

    /// Every event of the scope with a revision after `from`, then live events.
    ///
    /// `from` may be in the future (the watch then waits for it); a `from` older than the
    /// compacted revision is [`StoreError::Compacted`]. kube-apiserver's meaning of "0" or
    /// no resourceVersion (start at the current state) is [`MvccStore::watch_with_initial_state`]
    /// or `watch(scope, current_revision())`.
    pub fn watch(&self, scope: &Collection, from: u64) -> Result<Watch<V>, StoreError> {
        let mut inner = self.lock();
        if from < inner.compacted {
            return Err(StoreError::Compacted {
                requested: from,
                compacted: inner.compacted,
            });
        }
        // The log holds revisions compacted+1..; the first event after `from` sits at index
        // `from - compacted`.
        let skip = usize::try_from(from - inner.compacted).unwrap_or(usize::MAX);
        let Inner { log, watchers, .. } = &mut *inner;
        let replay = log.iter().skip(skip);
        Ok(watchers.register(scope.clone(), from, replay))
    }

    /// The current objects of the scope, their revision, and a watch of everything after it,
    /// taken atomically: for watches without a resourceVersion or with sendInitialEvents,
    /// whose synthetic ADDED events must line up exactly with the live stream.
    pub fn watch_with_initial_state(&self, scope: &Collection) -> (Vec<Entry<V>>, u64, Watch<V>) {
        let mut inner = self.lock();
        let objects = inner.current(scope);
        let revision = inner.revision;
        let watch = inner
            .watchers
            .register(scope.clone(), revision, std::iter::empty());
        (objects, revision, watch)
    }

    /// What `watch` must still send before it may claim the current revision (in a
    /// bookmark): the events queued for it, and that revision, taken together under the lock.
    ///
    /// `None` once the store has dropped the watch. Such a watch gets no later events and
    /// loses the queued ones, so it must claim nothing past what it already sent: a client
    /// resuming from a later revision would never see the events in between.
    pub fn progress(&self, watch: &mut Watch<V>) -> Option<(Vec<Event<V>>, u64)> {
        let inner = self.lock();
        // Dropping sets the flag under this lock, so a watch not dropped now has every
        // event up to `inner.revision` queued.
        if watch.is_dropped() {
            return None;
        }
        Some((watch.drain_queued(), inner.revision))
    }

    /// Forgets history up to `up_to` (default and at most: the current revision). Returns the
    /// compacted revision afterwards; compacting below it again does nothing.
    pub fn compact(&self, up_to: Option<u64>) -> u64 {
        let mut inner = self.lock();
        let target = up_to.unwrap_or(inner.revision).min(inner.revision);
        inner.compact_to(target);
        inner.compacted
    }

    /// Ends every open watch: their `next()` returns `None` (events not yet received are
    /// lost), as when kube-apiserver restarts or times a watch out.
    pub fn drop_watches(&self) {
        self.lock().watchers.drop_all();
    }

    /// How many watches are open (watches whose receiver was dropped are not counted).
    #[cfg(test)]
    pub fn watch_count(&self) -> usize {
        self.lock().watchers.len()
    }
}

impl<V> Inner<V> {
    /// The live value of `key` with its revision, checked against a resourceVersion
    /// precondition.
    fn live<E>(
        &self,
        key: &ObjectKey,
        precondition: Option<u64>,
    ) -> Result<(u64, Arc<V>), StoreError<E>> {
        let (current, value) = self
            .objects
            .get(key)
            .and_then(History::latest)
            .ok_or(StoreError::NotFound)?;
        if precondition.is_some_and(|rv| rv != current) {
            return Err(StoreError::Conflict { current });
        }
        Ok((current, Arc::clone(value)))
    }

    /// Records one write at the next revision and tells the watches, under the same lock so
    /// every watch sees writes in revision order.
    fn commit(&mut self, kind: EventKind, key: ObjectKey, object: Arc<V>, prev: Option<Arc<V>>) {
        let revision = self.revision + 1;
        let stored = (kind != EventKind::Deleted).then(|| Arc::clone(&object));
        self.objects
            .entry(key.clone())
            .or_insert_with(History::new)
            .push(revision, stored);
        let event = Event {
            kind,
            key,
            object,
            prev,
            revision,
        };
        self.watchers.send(&event);
        self.log.push_back(event);
        self.revision = revision;
        self.enforce_history_limit();
    }

    fn enforce_history_limit(&mut self) {
        if self.log.len() > self.history_limit {
            let excess = (self.log.len() - self.history_limit) as u64;
            self.compact_to(self.compacted + excess);
        }
    }

    /// Drops the events up to `target` and the versions only they needed. Only keys written
    /// in the dropped events can hold such versions, so this costs O(dropped events), not
    /// O(keys).
    fn compact_to(&mut self, target: u64) {
        if target <= self.compacted {
            return;
        }
        let mut touched = Vec::new();
        while self.log.front().is_some_and(|e| e.revision <= target) {
            if let Some(event) = self.log.pop_front() {
                touched.push(event.key);
            }
        }
        self.compacted = target;
        touched.sort_unstable();
        touched.dedup();
        for key in touched {
            if self.objects.get_mut(&key).is_some_and(|h| h.prune(target)) {
                self.objects.remove(&key);
            }
        }
    }

    /// The revision a list or get reads at.
    fn read_revision(&self, read: ReadAt) -> Result<u64, StoreError> {
        let too_large = |requested| StoreError::TooLarge {
            requested,
            current: self.revision,
        };
        match read {
            ReadAt::Latest => Ok(self.revision),
            ReadAt::Exact(rv) if rv > self.revision => Err(too_large(rv)),
            ReadAt::Exact(rv) if rv < self.compacted => Err(StoreError::Compacted {
                requested: rv,
                compacted: self.compacted,
            }),
            ReadAt::Exact(rv) => Ok(rv),
            ReadAt::NotOlderThan(rv) if rv > self.revision => Err(too_large(rv)),
            ReadAt::NotOlderThan(_) => Ok(self.revision),
        }
    }

    /// The keys of a scope (live or not) in order, from a continue token's start if given.
    fn scan<'a>(
        &'a self,
        scope: &'a Collection,
        start: Option<&continue_token::Continue>,
    ) -> impl Iterator<Item = (&'a ObjectKey, &'a History<V>)> + 'a {
        let lower = match start {
            Some(start) => {
                let key = ObjectKey::new(
                    scope.resource.clone(),
                    start.namespace.clone(),
                    start.name.clone(),
                );
                if start.exclusive {
                    Bound::Excluded(key)
                } else {
                    Bound::Included(key)
                }
            }
            None => Bound::Included(ObjectKey::new(
                scope.resource.clone(),
                scope.namespace.clone().unwrap_or_default(),
                String::new(),
            )),
        };
        self.objects
            .range((lower, Bound::Unbounded))
            .take_while(move |(key, _)| scope.contains(key))
    }

    fn current(&self, scope: &Collection) -> Vec<Entry<V>> {
        self.scan(scope, None)
            .filter_map(|(key, history)| {
                history.latest().map(|(revision, value)| Entry {
                    key: key.clone(),
                    value: Arc::clone(value),
                    revision,
                })
            })
            .collect()
    }
}
