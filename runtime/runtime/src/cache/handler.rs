//! Event handlers: what an informer tells its consumers, per object in order.

use std::sync::Arc;

/// A deleted object as a handler sees it.
#[derive(Debug)]
pub enum DeletedObject<K> {
    /// The object as the DELETED event carried it (its final state).
    Known(Arc<K>),
    /// The object vanished while the informer was not watching (it was gone from a
    /// relist): its last state in the cache, which may be stale (client-go's
    /// `DeletedFinalStateUnknown`).
    FinalStateUnknown { key: String, last_known: Arc<K> },
}

impl<K> Clone for DeletedObject<K> {
    fn clone(&self) -> Self {
        match self {
            DeletedObject::Known(o) => DeletedObject::Known(o.clone()),
            DeletedObject::FinalStateUnknown { key, last_known } => {
                DeletedObject::FinalStateUnknown {
                    key: key.clone(),
                    last_known: last_known.clone(),
                }
            }
        }
    }
}

impl<K> DeletedObject<K> {
    /// The object: the final state, or the last known one.
    pub fn object(&self) -> &Arc<K> {
        match self {
            DeletedObject::Known(o) => o,
            DeletedObject::FinalStateUnknown { last_known, .. } => last_known,
        }
    }

    pub fn is_final_state_unknown(&self) -> bool {
        matches!(self, DeletedObject::FinalStateUnknown { .. })
    }
}

/// What an informer calls on changes. Calls for one handler come from one thread, in
/// order; a slow handler delays only itself (its notifications queue up).
pub trait ResourceEventHandler<K>: Send + Sync + 'static {
    /// A new object; `is_initial_list` for the objects of the first list (and for every
    /// cached object when the handler is added to a running informer).
    fn on_add(&self, obj: &Arc<K>, is_initial_list: bool) {
        let _ = (obj, is_initial_list);
    }
    /// A changed object (`old` and `new` are the same object on a resync).
    fn on_update(&self, old: &Arc<K>, new: &Arc<K>) {
        let _ = (old, new);
    }
    fn on_delete(&self, obj: DeletedObject<K>) {
        let _ = obj;
    }
}

type AddFn<K> = Box<dyn Fn(&Arc<K>, bool) + Send + Sync>;
type UpdateFn<K> = Box<dyn Fn(&Arc<K>, &Arc<K>) + Send + Sync>;
type DeleteFn<K> = Box<dyn Fn(DeletedObject<K>) + Send + Sync>;

/// A handler from closures (client-go's `ResourceEventHandlerFuncs`):
/// `EventHandlerFns::new().on_add(|o, initial| ..).on_update(|old, new| ..)`.
pub struct EventHandlerFns<K> {
    add: Option<AddFn<K>>,
    update: Option<UpdateFn<K>>,
    delete: Option<DeleteFn<K>>,
}

impl<K> Default for EventHandlerFns<K> {
    fn default() -> Self {
        EventHandlerFns {
            add: None,
            update: None,
            delete: None,
        }
    }
}

impl<K> EventHandlerFns<K> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn on_add(mut self, f: impl Fn(&Arc<K>, bool) + Send + Sync + 'static) -> Self {
        self.add = Some(Box::new(f));
        self
    }

    pub fn on_update(mut self, f: impl Fn(&Arc<K>, &Arc<K>) + Send + Sync + 'static) -> Self {
        self.update = Some(Box::new(f));
        self
    }

    pub fn on_delete(mut self, f: impl Fn(DeletedObject<K>) + Send + Sync + 'static) -> Self {
        self.delete = Some(Box::new(f));
        self
    }
}

impl<K: Send + Sync + 'static> ResourceEventHandler<K> for EventHandlerFns<K> {
    fn on_add(&self, obj: &Arc<K>, is_initial_list: bool) {
        if let Some(f) = &self.add {
            f(obj, is_initial_list)
        }
    }
    fn on_update(&self, old: &Arc<K>, new: &Arc<K>) {
        if let Some(f) = &self.update {
            f(old, new)
        }
    }
    fn on_delete(&self, obj: DeletedObject<K>) {
        if let Some(f) = &self.delete {
            f(obj)
        }
    }
}
