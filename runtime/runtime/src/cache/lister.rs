//! Listers: read-only views of a [`Store`] by label selector, name and namespace (client-go's
//! generated listers).

use super::store::Store;
use kapi_core::meta::Selector;
use kapi_core::Resource;
use std::sync::Arc;

/// Lists and gets objects of kind `K` from a cache. Cloning shares the store.
pub struct Lister<K> {
    store: Store<K>,
}

impl<K> Clone for Lister<K> {
    fn clone(&self) -> Self {
        Lister {
            store: self.store.clone(),
        }
    }
}

impl<K> std::fmt::Debug for Lister<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lister")
            .field("store", &self.store)
            .finish()
    }
}

impl<K: Resource> Lister<K> {
    pub fn new(store: Store<K>) -> Self {
        Lister { store }
    }

    pub fn store(&self) -> &Store<K> {
        &self.store
    }

    /// Every cached object (all namespaces) whose labels match `selector`.
    pub fn list(&self, selector: &Selector) -> Vec<Arc<K>> {
        if selector.is_empty() {
            return self.store.list();
        }
        let mut out = Vec::new();
        self.store.for_each(|obj| {
            if selector.matches(&obj.metadata().labels) {
                out.push(obj.clone());
            }
        });
        out
    }

    /// A cluster-scoped object by name.
    pub fn get(&self, name: &str) -> Option<Arc<K>> {
        self.store.get("", name)
    }

    /// The objects of one namespace.
    pub fn namespace(&self, namespace: &str) -> NamespaceLister<K> {
        NamespaceLister {
            store: self.store.clone(),
            namespace: namespace.to_string(),
        }
    }
}

/// Lists and gets objects of kind `K` in one namespace.
pub struct NamespaceLister<K> {
    store: Store<K>,
    namespace: String,
}

impl<K> Clone for NamespaceLister<K> {
    fn clone(&self) -> Self {
        NamespaceLister {
            store: self.store.clone(),
            namespace: self.namespace.clone(),
        }
    }
}

impl<K> std::fmt::Debug for NamespaceLister<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NamespaceLister")
            .field("namespace", &self.namespace)
            .finish_non_exhaustive()
    }
}

impl<K: Resource> NamespaceLister<K> {
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The namespace's objects whose labels match `selector`.
    pub fn list(&self, selector: &Selector) -> Vec<Arc<K>> {
        let mut all = self.store.list_namespace(&self.namespace);
        if !selector.is_empty() {
            all.retain(|obj| selector.matches(&obj.metadata().labels));
        }
        all
    }

    pub fn get(&self, name: &str) -> Option<Arc<K>> {
        self.store.get(&self.namespace, name)
    }
}
