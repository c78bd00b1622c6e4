//! The Widget controller: it keeps each Widget's `Ready` condition true for the Widget's
//! current generation. The shape every controller has: an informer keeps a cache, its
//! handlers queue object keys, and a worker reconciles one key at a time from the cache.

use crate::generated::clientset::Clientset;
use crate::generated::informers::SharedInformerFactory;
use crate::v1::{Widget, WidgetStatus};
use kapi::cache::{key_of, split_key, EventHandlerFns};
use kapi::client::Error;
use kapi::meta::{Condition, ConditionStatus, Time, UpdateOptions};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// The condition this controller owns.
pub const READY: &str = "Ready";

/// Watches the Widgets of `namespace` and reconciles each change until `stop` turns true.
pub async fn run(
    clientset: Clientset,
    namespace: &str,
    mut stop: watch::Receiver<bool>,
) -> Result<(), Error> {
    let factory = SharedInformerFactory::from_clientset(&clientset).with_namespace(namespace);
    let widgets = factory.widgets_v1().widgets();

    // Handlers run on the informer's thread: they only queue keys, never call the server.
    let (queue, mut keys) = mpsc::unbounded_channel::<String>();
    let (on_add, on_update) = (queue.clone(), queue.clone());
    widgets.informer().add_event_handler(
        EventHandlerFns::new()
            .on_add(move |widget: &Arc<Widget>, _in_initial_list: bool| {
                let _ = on_add.send(key_of(widget.as_ref()));
            })
            .on_update(move |_old: &Arc<Widget>, new: &Arc<Widget>| {
                let _ = on_update.send(key_of(new.as_ref()));
            }),
    );
    factory.start();
    factory.wait_for_cache_sync().await;

    let lister = widgets.lister();
    loop {
        let key = tokio::select! {
            _ = stop.wait_for(|stopped| *stopped) => break,
            key = keys.recv() => match key {
                Some(key) => key,
                None => break,
            },
        };
        let (namespace, name) = split_key(&key);
        // The cache has the newest state the controller knows; a Widget no longer there was
        // deleted and needs nothing.
        let Some(widget) = lister.widgets(namespace).get(name) else {
            continue;
        };
        let Some(status) = desired_status(&widget, Time::now()) else {
            continue;
        };
        let mut updated = Widget::clone(&widget);
        updated.status = Some(status);
        let client = clientset.widgets_v1().widgets(namespace);
        match client
            .update_status(&updated, &UpdateOptions::default())
            .await
        {
            Ok(_) => {}
            // Someone wrote the Widget after the cache saw it: the informer delivers the
            // newer version, which queues the key again.
            Err(e) if e.is_conflict() || e.is_not_found() => {}
            // Anything else is retried later, as a rate-limited work queue would.
            Err(e) => {
                eprintln!("widget {key}: {e}; retrying");
                let queue = queue.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    let _ = queue.send(key);
                });
            }
        }
    }
    factory.shutdown();
    Ok(())
}

/// The status `widget` should have, or `None` when it has it already. `now` stamps a
/// condition whose status changes, as Kubernetes' `lastTransitionTime` requires.
pub fn desired_status(widget: &Widget, now: Time) -> Option<WidgetStatus> {
    let generation = widget.metadata.generation;
    let mut status = widget.status.clone().unwrap_or_default();
    let ready = Condition {
        type_: READY.to_string(),
        status: ConditionStatus::True,
        observed_generation: generation,
        last_transition_time: now,
        reason: "Reconciled".to_string(),
        message: format!("{} replicas", widget.spec.replicas.unwrap_or(0)),
    };
    match status.conditions.iter_mut().find(|c| c.type_ == READY) {
        Some(c) if c.status == ready.status && c.observed_generation == generation => None,
        Some(c) => {
            let last_transition_time = match c.status == ready.status {
                true => c.last_transition_time,
                false => now,
            };
            *c = Condition {
                last_transition_time,
                ..ready
            };
            Some(status)
        }
        None => {
            status.conditions.push(ready);
            Some(status)
        }
    }
}
