//! The indexed store: objects of one kind by namespace and name, shared as `Arc<K>`.
//!
//! Layout (memory per object is the point): one `HashSet` of objects per namespace, each
//! entry only the `Arc<K>` pointer, hashed and compared by the object's own name (so the
//! name is never copied into a key). A lookup is a hash of the namespace, then of the
//! name; a namespace list walks one set. User indexes hold the same `Arc`s, by index
//! value.

use kapi_core::Resource;
use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The name of the built-in index: objects by `metadata.namespace`.
pub const NAMESPACE_INDEX: &str = "namespace";

/// The store key of an object: `namespace/name`, or `name` for a cluster-scoped object
/// (client-go's `MetaNamespaceKeyFunc`).
pub fn key_of<K: Resource>(obj: &K) -> String {
    let meta = obj.metadata();
    key_from(&meta.namespace, &meta.name)
}

pub(crate) fn key_from(namespace: &str, name: &str) -> String {
    if namespace.is_empty() {
        name.to_string()
    } else {
        format!("{namespace}/{name}")
    }
}

/// Splits a key into namespace and name (`""` namespace for cluster-scoped keys).
pub fn split_key(key: &str) -> (&str, &str) {
    match key.split_once('/') {
        Some((ns, name)) => (ns, name),
        None => ("", key),
    }
}

/// An object in a namespace's set: hashed and compared by name, found by `&str`.
struct ByName<K>(Arc<K>);

impl<K: Resource> ByName<K> {
    fn name(&self) -> &str {
        &self.0.metadata().name
    }
}

impl<K: Resource> Hash for ByName<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Must hash like `str` for `Borrow<str>` lookups.
        self.name().hash(state)
    }
}

impl<K: Resource> PartialEq for ByName<K> {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl<K: Resource> Eq for ByName<K> {}

impl<K: Resource> Borrow<str> for ByName<K> {
    fn borrow(&self) -> &str {
        self.name()
    }
}

/// An object in a user index: hashed and compared by namespace and name.
struct ByKey<K>(Arc<K>);

impl<K: Resource> Hash for ByKey<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let m = self.0.metadata();
        m.namespace.hash(state);
        m.name.hash(state);
    }
}

impl<K: Resource> PartialEq for ByKey<K> {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.0.metadata(), other.0.metadata());
        a.name == b.name && a.namespace == b.namespace
    }
}

impl<K: Resource> Eq for ByKey<K> {}

type IndexFn<K> = Arc<dyn Fn(&K) -> Vec<String> + Send + Sync>;

struct Index<K> {
    func: IndexFn<K>,
    values: HashMap<String, HashSet<ByKey<K>>>,
}

impl<K: Resource> Index<K> {
    fn new(func: IndexFn<K>) -> Self {
        Index {
            func,
            values: HashMap::new(),
        }
    }

    fn insert(&mut self, obj: &Arc<K>) {
        for value in (self.func)(obj) {
            self.values
                .entry(value)
                .or_default()
                .insert(ByKey(obj.clone()));
        }
    }

    fn remove(&mut self, obj: &Arc<K>) {
        let probe = ByKey(obj.clone());
        for value in (self.func)(obj) {
            if let Some(set) = self.values.get_mut(&value) {
                set.remove(&probe);
                if set.is_empty() {
                    self.values.remove(&value);
                }
            }
        }
    }
}

struct Inner<K> {
    /// Objects by namespace (`""` for cluster-scoped), then by name.
    namespaces: HashMap<Box<str>, HashSet<ByName<K>>>,
    len: usize,
    indexes: HashMap<String, Index<K>>,
}

impl<K: Resource> Inner<K> {
    fn empty_like(&self) -> Self {
        Inner {
            namespaces: HashMap::new(),
            len: 0,
            indexes: self
                .indexes
                .iter()
                .map(|(name, index)| (name.clone(), Index::new(index.func.clone())))
                .collect(),
        }
    }

    fn get(&self, namespace: &str, name: &str) -> Option<&Arc<K>> {
        self.namespaces.get(namespace)?.get(name).map(|e| &e.0)
    }

    /// Inserts or replaces; the previous object.
    fn insert(&mut self, obj: Arc<K>) -> Option<Arc<K>> {
        let ns = obj.metadata().namespace.as_str();
        let set = match self.namespaces.get_mut(ns) {
            Some(set) => set,
            None => self.namespaces.entry(ns.into()).or_default(),
        };
        let old = set.replace(ByName(obj.clone())).map(|e| e.0);
        if old.is_none() {
            self.len += 1;
        }
        for index in self.indexes.values_mut() {
            if let Some(old) = &old {
                index.remove(old);
            }
            index.insert(&obj);
        }
        old
    }

    fn remove(&mut self, namespace: &str, name: &str) -> Option<Arc<K>> {
        let set = self.namespaces.get_mut(namespace)?;
        let old = set.take(name)?.0;
        if set.is_empty() {
            self.namespaces.remove(namespace);
        }
        self.len -= 1;
        for index in self.indexes.values_mut() {
            index.remove(&old);
        }
        Some(old)
    }
}

/// A thread-safe, indexed cache of objects of kind `K`, keyed `namespace/name` (or `name`
/// for cluster-scoped kinds). Cloning shares the store. Readers get `Arc` clones, never
/// copies of objects; [`replace`](Store::replace) swaps the whole content at once.
pub struct Store<K> {
    inner: Arc<RwLock<Inner<K>>>,
}

impl<K> Clone for Store<K> {
    fn clone(&self) -> Self {
        Store {
            inner: self.inner.clone(),
        }
    }
}

impl<K: Resource> Default for Store<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K> std::fmt::Debug for Store<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("kind", &std::any::type_name::<K>())
            .finish_non_exhaustive()
    }
}

impl<K: Resource> Store<K> {
    pub fn new() -> Self {
        Store {
            inner: Arc::new(RwLock::new(Inner {
                namespaces: HashMap::new(),
                len: 0,
                indexes: HashMap::new(),
            })),
        }
    }

    fn read(&self) -> RwLockReadGuard<'_, Inner<K>> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, Inner<K>> {
        self.inner.write().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, namespace: &str, name: &str) -> Option<Arc<K>> {
        self.read().get(namespace, name).cloned()
    }

    /// By `namespace/name` (or `name`).
    pub fn get_by_key(&self, key: &str) -> Option<Arc<K>> {
        let (ns, name) = split_key(key);
        self.get(ns, name)
    }

    /// Every object, in no particular order.
    pub fn list(&self) -> Vec<Arc<K>> {
        let inner = self.read();
        let mut out = Vec::with_capacity(inner.len);
        for set in inner.namespaces.values() {
            out.extend(set.iter().map(|e| e.0.clone()));
        }
        out
    }

    /// The objects of one namespace (`""`: the cluster-scoped objects).
    pub fn list_namespace(&self, namespace: &str) -> Vec<Arc<K>> {
        self.read()
            .namespaces
            .get(namespace)
            .map(|set| set.iter().map(|e| e.0.clone()).collect())
            .unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.read().len
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every key, in no particular order.
    pub fn keys(&self) -> Vec<String> {
        let inner = self.read();
        let mut out = Vec::with_capacity(inner.len);
        for (ns, set) in &inner.namespaces {
            out.extend(set.iter().map(|e| key_from(ns, e.name())));
        }
        out
    }

    /// Adds an index named `name`: `f` gives the index values of an object. Objects
    /// already stored are indexed at once. Adding an index of an existing name replaces it;
    /// [`NAMESPACE_INDEX`] is built in.
    pub fn add_indexer(&self, name: &str, f: impl Fn(&K) -> Vec<String> + Send + Sync + 'static) {
        let mut index = Index::new(Arc::new(f));
        let mut inner = self.write();
        for set in inner.namespaces.values() {
            for e in set {
                index.insert(&e.0);
            }
        }
        inner.indexes.insert(name.to_string(), index);
    }

    /// The objects whose index `index` has `value`; empty for an unknown index.
    pub fn by_index(&self, index: &str, value: &str) -> Vec<Arc<K>> {
        if index == NAMESPACE_INDEX {
            return self.list_namespace(value);
        }
        let inner = self.read();
        inner
            .indexes
            .get(index)
            .and_then(|i| i.values.get(value))
            .map(|set| set.iter().map(|e| e.0.clone()).collect())
            .unwrap_or_default()
    }

    /// The values index `index` holds objects for.
    pub fn index_values(&self, index: &str) -> Vec<String> {
        let inner = self.read();
        if index == NAMESPACE_INDEX {
            return inner.namespaces.keys().map(|k| k.to_string()).collect();
        }
        inner
            .indexes
            .get(index)
            .map(|i| i.values.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Inserts or replaces `obj`; the object it replaced.
    pub fn insert(&self, obj: Arc<K>) -> Option<Arc<K>> {
        self.write().insert(obj)
    }

    pub fn remove(&self, namespace: &str, name: &str) -> Option<Arc<K>> {
        self.write().remove(namespace, name)
    }

    /// Replaces the whole content with `objects` at once (a relist): readers see the old
    /// content or the new one, never a mix.
    pub fn replace(&self, objects: impl IntoIterator<Item = Arc<K>>) {
        // Build outside the lock (indexes included), then swap.
        let mut fresh = self.read().empty_like();
        for obj in objects {
            fresh.insert(obj);
        }
        let mut inner = self.write();
        // An index added while building is rebuilt on the fresh content.
        for (name, index) in &inner.indexes {
            if !fresh.indexes.contains_key(name) {
                let mut rebuilt = Index::new(index.func.clone());
                for set in fresh.namespaces.values() {
                    for e in set {
                        rebuilt.insert(&e.0);
                    }
                }
                fresh.indexes.insert(name.clone(), rebuilt);
            }
        }
        *inner = fresh;
    }

    /// Calls `f` on every object under the read lock (no `Vec` of clones).
    pub fn for_each(&self, mut f: impl FnMut(&Arc<K>)) {
        let inner = self.read();
        for set in inner.namespaces.values() {
            for e in set {
                f(&e.0);
            }
        }
    }
}
