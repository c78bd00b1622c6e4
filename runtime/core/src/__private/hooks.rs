//! What the `defaults_hook` and `validate_hook` markers declare. The derive implements a
//! marker's trait here for a type that carries it, and calls the type's hook only then; the
//! hook traits require these, so a hook written for a type without its marker is a compile
//! error, never code that silently does not run.
//!
//! Declared rather than found: finding an impl from generated code takes a method-resolution
//! probe per type and hook, which cost the 100-kind synthetic API 115 MB of rustc's peak
//! memory in `cargo check`, for the few types that have a hook.

/// `#[k8s(defaults_hook)]` is on the type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements `DefaultsHook` without the `defaults_hook` marker",
    label = "the derived defaulting of `{Self}` would not call this hook",
    note = "add `#[k8s(defaults_hook)]` to `{Self}`"
)]
pub trait DefaultsHookDeclared {}

/// `#[k8s(validate_hook)]` is on the type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements `ValidateHook` without the `validate_hook` marker",
    label = "the derived validation of `{Self}` would not call this hook",
    note = "add `#[k8s(validate_hook)]` to `{Self}`"
)]
pub trait ValidateHookDeclared {}
