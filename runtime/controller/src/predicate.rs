//! Which changes of a controller's own kind are worth a reconcile: controller-runtime's
//! `predicate` package. Each predicate filters updates only (creates and deletes always
//! pass), as `GenerationChangedPredicate`, `LabelChangedPredicate` and
//! `AnnotationChangedPredicate` do; a controller with several predicates requires all.

use kapi_core::Resource;
use std::sync::Arc;

type UpdateFn<K> = dyn Fn(&K, &K) -> bool + Send + Sync;

/// A filter of update events `(old, new)`.
pub struct Predicate<K> {
    update: Arc<UpdateFn<K>>,
}

impl<K> Clone for Predicate<K> {
    fn clone(&self) -> Self {
        Predicate {
            update: self.update.clone(),
        }
    }
}

impl<K: Resource> Predicate<K> {
    /// A predicate of your own on `(old, new)`.
    pub fn on_update(f: impl Fn(&K, &K) -> bool + Send + Sync + 'static) -> Self {
        Predicate {
            update: Arc::new(f),
        }
    }

    /// `metadata.generation` changed: a spec change, not a status write (for kinds whose
    /// server bumps the generation on spec changes only, as every kind with a status
    /// subresource does).
    pub fn generation_changed() -> Self {
        Self::on_update(|old, new| old.metadata().generation != new.metadata().generation)
    }

    /// `metadata.labels` changed.
    pub fn labels_changed() -> Self {
        Self::on_update(|old, new| old.metadata().labels != new.metadata().labels)
    }

    /// `metadata.annotations` changed.
    pub fn annotations_changed() -> Self {
        Self::on_update(|old, new| old.metadata().annotations != new.metadata().annotations)
    }

    /// Either predicate passes (controller-runtime's `predicate.Or`).
    pub fn or(self, other: Predicate<K>) -> Self
    where
        K: 'static,
    {
        Self::on_update(move |old, new| (self.update)(old, new) || (other.update)(old, new))
    }

    pub(crate) fn passes_update(&self, old: &K, new: &K) -> bool {
        (self.update)(old, new)
    }
}
