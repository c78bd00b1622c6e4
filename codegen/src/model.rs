//! The model, from `kapi-model` at its old path, and the loader of kapi's own meta types.

pub use kapi_model::*;

pub mod kapi_types;
