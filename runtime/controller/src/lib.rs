//! kapi's controller runtime, after client-go's work queue, controller-runtime's
//! controllers and kube-rs' `Controller`:
//!
//! - [`queue`]: keys handed to one worker at a time, with client-go's backoff and
//!   controller-runtime's priorities;
//! - [`Controller`]: one kind's objects reconciled from shared informers, with its owned
//!   children and watched kinds mapped to it, [`predicate`]s, N workers;
//! - [`owner`]: controller owner references;
//! - [`metrics`]: controller-runtime's metrics in a `prometheus-client` registry.

mod controller;
pub mod metrics;
pub mod owner;
pub mod predicate;
pub mod queue;

pub use controller::{Action, Controller};
pub use metrics::Metrics;
pub use predicate::Predicate;
pub use queue::{AddOptions, RateLimiter, WorkQueue};
