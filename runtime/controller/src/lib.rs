//! kapi's controller runtime, after client-go's work queue, controller-runtime's
//! controllers and kube-rs' `Controller`:
//!
//! - [`queue`]: keys handed to one worker at a time, with client-go's backoff and
//!   controller-runtime's priorities;
//! - [`Controller`]: one kind's objects reconciled from shared informers, with its owned
//!   children and watched kinds mapped to it, [`predicate`]s, N workers; a reconcile's
//!   [`ReconcileError`] is retried with backoff unless it is terminal;
//! - [`owner`]: controller owner references; [`finalizer`]: cleanup before deletion;
//!   [`conditions`]: status conditions with `observedGeneration`;
//! - `leader` (feature `leader-election`): one active replica, on a Lease;
//! - `events` (feature `events`): an events.k8s.io/v1 recorder with series and a spam
//!   filter;
//! - [`metrics`]: controller-runtime's metrics in a `prometheus-client` registry.

pub mod conditions;
mod controller;
#[cfg(feature = "events")]
pub mod events;
pub mod finalizer;
#[cfg(feature = "leader-election")]
pub mod leader;
pub mod metrics;
pub mod owner;
pub mod predicate;
pub mod queue;
mod reconcile_error;

pub use controller::{Action, Controller};
pub use metrics::Metrics;
pub use predicate::Predicate;
pub use queue::{AddOptions, RateLimiter, WorkQueue};
pub use reconcile_error::ReconcileError;
