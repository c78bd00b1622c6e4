//! `admission.k8s.io` `AdmissionReview`, as kube-apiserver sends it to admission webhooks
//! (`v1` or `v1beta1`, answered in the request's version):
//!
//! - [`validate`] / [`Validating`]: the generated validation, as the embedded server's
//!   write path runs it (create, update with the update rules, the scheme's feature gates);
//!   a denial is kube-apiserver's 422 `Status`, and a deprecated version gets
//!   kube-apiserver's warning.
//! - [`mutate`] / [`Mutating`]: the generated defaults (with `DefaultsHook`s) as a minimal
//!   JSON Patch, none when nothing changed.
//! - [`handler`]: a typed [`Handler`] of your own for any kind, answering with a
//!   [`Verdict`] through the same plumbing.
//!
//! All of them are side-effect free (`sideEffects: None`). A body that is no review is a
//! [`ReviewError`](crate::ReviewError) (the server's 400); a review of an object that
//! cannot be judged (not an object, of a kind the endpoint does not serve) is denied with
//! 400 BadRequest naming it, since letting it through would hide a misconfigured webhook.
//! Each answer records `uid`, `kind`, `operation` and `allowed` on the server's `review`
//! span.

mod decode;
mod deprecation;
mod mutating;
mod patch;
mod review;
mod typed;
mod validating;

#[cfg(test)]
mod tests;

pub use mutating::{mutate, Mutating};
pub use review::{Operation, UserInfo};
pub use typed::{handler, Handler, Request, Typed, Verdict};
pub use validating::{validate, Validating};
