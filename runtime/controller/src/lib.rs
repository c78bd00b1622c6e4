//! kapi's controller runtime, after client-go's work queue and controller-runtime's
//! controllers: [`queue`] hands each key to one worker at a time, with client-go's
//! backoff and controller-runtime's priorities.

pub mod queue;

pub use queue::{AddOptions, RateLimiter, WorkQueue};
