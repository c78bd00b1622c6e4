//! The Widget controller: it keeps each Widget's `Ready` condition true for the Widget's
//! current generation. kapi-controller runs the loop (informer, work queue, retries with
//! backoff, shutdown); this file says what a Widget should look like.

use crate::generated::clientset::Clientset;
use crate::generated::informers::SharedInformerFactory;
use crate::v1::{Widget, WidgetStatus};
use kapi::meta::{Condition, ConditionStatus, Time};
use kapi_controller::{conditions, Action, Predicate, ReconcileError};
use std::future::Future;
use std::sync::Arc;

/// The condition this controller owns.
pub const READY: &str = "Ready";

/// Reconciles the Widgets of `namespace` until `stop` completes.
pub async fn run(clientset: Clientset, namespace: &str, stop: impl Future<Output = ()> + Send) {
    let informers = SharedInformerFactory::from_clientset(&clientset).with_namespace(namespace);
    let controller = informers.widgets_v1().widgets().controller();
    controller
        // Status writes do not change the generation: they do not come back as work.
        .with_predicate(Predicate::generation_changed())
        .run(reconcile, Arc::new(clientset), stop)
        .await;
    informers.shutdown();
}

async fn reconcile(widget: Arc<Widget>, client: Arc<Clientset>) -> Result<Action, ReconcileError> {
    let Some(status) = desired_status(&widget, Time::now()) else {
        return Ok(Action::await_change());
    };
    let updated = Widget {
        status: Some(status),
        ..Widget::clone(&widget)
    };
    let widgets = client.widgets_v1().widgets(&widget.metadata.namespace);
    match widgets.update_status(&updated, &Default::default()).await {
        Ok(_) => Ok(Action::await_change()),
        // A stale copy: the informer brings the newer Widget, which is reconciled then.
        Err(e) if e.is_conflict() || e.is_not_found() => Ok(Action::await_change()),
        // The server refuses this status: trying it again cannot help.
        Err(e) if e.is_invalid() => Err(ReconcileError::terminal(e)),
        // Anything else is retried with the runtime's backoff.
        Err(e) => Err(e.into()),
    }
}

/// The status `widget` should have, or `None` when it has it already. `now` stamps a
/// condition whose status changes, as Kubernetes' `lastTransitionTime` requires.
pub fn desired_status(widget: &Widget, now: Time) -> Option<WidgetStatus> {
    let mut status = widget.status.clone().unwrap_or_default();
    let ready = Condition {
        type_: READY.to_string(),
        status: ConditionStatus::True,
        observed_generation: widget.metadata.generation,
        last_transition_time: now,
        reason: "Reconciled".to_string(),
        message: format!("{} replicas", widget.spec.replicas.unwrap_or(0)),
    };
    conditions::set(&mut status.conditions, ready).then_some(status)
}
