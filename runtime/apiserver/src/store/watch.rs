//! Watch events, the receiving end of a watch and the store's list of open watches.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use super::{Collection, ObjectKey};

/// What a write did to a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    Added,
    Modified,
    Deleted,
}

/// One write, as watchers see it.
#[derive(Debug)]
pub struct Event<V> {
    pub kind: EventKind,
    pub key: ObjectKey,
    /// The new value; for [`EventKind::Deleted`] the last value before the deletion.
    pub object: Arc<V>,
    /// The value before this write (`None` for [`EventKind::Added`]), so a selector
    /// transition can be turned into ADDED or DELETED as kube-apiserver's watch cache does.
    pub prev: Option<Arc<V>>,
    /// The revision of this write: the object's resourceVersion, or for a deletion the
    /// revision of the deletion.
    pub revision: u64,
}

// Manual impl: deriving would needlessly require `V: Clone`.
impl<V> Clone for Event<V> {
    fn clone(&self) -> Self {
        Self {
            kind: self.kind,
            key: self.key.clone(),
            object: Arc::clone(&self.object),
            prev: self.prev.clone(),
            revision: self.revision,
        }
    }
}

/// An open watch: every event of its scope after its start revision, in revision order.
///
/// Ends (`None`) when the store drops it ([`MvccStore::drop_watches`](super::MvccStore::drop_watches)).
/// Also a [`futures_util::Stream`], so the HTTP layer can map it straight into a body.
#[derive(Debug)]
pub struct Watch<V> {
    rx: UnboundedReceiver<Event<V>>,
    closed: Arc<AtomicBool>,
    #[cfg(test)]
    start_revision: u64,
}

impl<V> Watch<V> {
    /// The next event, or `None` once the store has dropped this watch.
    pub async fn next(&mut self) -> Option<Event<V>> {
        std::future::poll_fn(|cx| self.poll_event(cx)).await
    }

    /// Every event queued so far, without waiting. Only
    /// [`Store::progress`](super::Store::progress) calls it, under the store lock: there
    /// "queued" means "every event up to the current revision", which is what makes a
    /// bookmark after them true.
    pub(super) fn drain_queued(&mut self) -> Vec<Event<V>> {
        let mut events = Vec::new();
        while let Ok(event) = self.rx.try_recv() {
            events.push(event);
        }
        events
    }

    /// Whether the store dropped this watch (then [`Watch::next`] returns `None`).
    pub fn is_dropped(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// The revision this watch started after (events have larger revisions).
    #[cfg(test)]
    pub fn start_revision(&self) -> u64 {
        self.start_revision
    }

    /// Polls for the next event; the building block of [`Watch::next`] and `Stream`.
    pub fn poll_event(&mut self, cx: &mut Context<'_>) -> Poll<Option<Event<V>>> {
        // A dropped watch behaves like a closed connection: events still buffered are lost,
        // and the client must resume from the last revision it saw.
        if self.closed.load(Ordering::Acquire) {
            return Poll::Ready(None);
        }
        match self.rx.poll_recv(cx) {
            Poll::Ready(Some(_)) if self.closed.load(Ordering::Acquire) => Poll::Ready(None),
            other => other,
        }
    }
}

impl<V> futures_util::Stream for Watch<V> {
    type Item = Event<V>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Event<V>>> {
        self.get_mut().poll_event(cx)
    }
}

struct Watcher<V> {
    scope: Collection,
    /// Only events after this revision are sent (a watch may start in the future).
    after: u64,
    tx: UnboundedSender<Event<V>>,
    closed: Arc<AtomicBool>,
}

/// The open watches. Lives inside the store's lock, so sending is ordered with the writes.
pub(super) struct Watchers<V> {
    open: Vec<Watcher<V>>,
}

impl<V> Watchers<V> {
    pub(super) fn new() -> Self {
        Self { open: Vec::new() }
    }

    /// Opens a watch; `replay` (events after `after`, oldest first) is queued before any live
    /// event, which is exact as long as the caller holds the store lock across both.
    pub(super) fn register<'a>(
        &mut self,
        scope: Collection,
        after: u64,
        replay: impl Iterator<Item = &'a Event<V>>,
    ) -> Watch<V>
    where
        V: 'a,
    {
        let (tx, rx) = unbounded_channel();
        for event in replay {
            if event.revision > after && scope.contains(&event.key) {
                // The receiver is in our hands, so this cannot fail.
                let _ = tx.send(event.clone());
            }
        }
        let closed = Arc::new(AtomicBool::new(false));
        self.open.push(Watcher {
            scope,
            after,
            tx,
            closed: Arc::clone(&closed),
        });
        Watch {
            rx,
            closed,
            #[cfg(test)]
            start_revision: after,
        }
    }

    /// Delivers one event to every interested watch, pruning watches nobody reads.
    pub(super) fn send(&mut self, event: &Event<V>) {
        self.open.retain(|w| {
            if event.revision <= w.after || !w.scope.contains(&event.key) {
                return !w.tx.is_closed();
            }
            w.tx.send(event.clone()).is_ok()
        });
    }

    /// Ends every open watch.
    pub(super) fn drop_all(&mut self) {
        for w in self.open.drain(..) {
            // Set before the sender drops, so the receiver sees the flag when it wakes.
            w.closed.store(true, Ordering::Release);
        }
    }

    pub(super) fn len(&self) -> usize {
        self.open.len()
    }
}
