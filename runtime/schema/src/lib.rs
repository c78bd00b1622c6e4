//! kube-apiserver's rules for kinds described by an OpenAPI v3 schema, as a
//! CustomResourceDefinition describes them, on plain JSON values.
//!
//! Codegen runs [`structural`] on every CRD it writes, so a bad marker fails codegen rather
//! than a deployment; the embedded API server runs the same checks on a CRD it is given, and
//! serves the kinds such a schema describes with [`defaults`] and [`validate`]. A write of
//! such an object goes as kube-apiserver's does: [`prune::prune`] (unknown fields dropped and
//! reported), then [`defaults::apply`], then [`validate::validate`] (which checks the string
//! [`formats`] kube checks) and [`listtype::validate`] (set and map lists' uniqueness); an
//! update is ratcheted by the [`correlation`] of new values to old ones. The crate depends on serde_json (and regex-lite for `pattern`)
//! alone, so neither side pays for the other's dependencies.

pub mod cel_names;
pub mod correlation;
pub mod defaults;
pub mod field_path;
pub mod formats;
pub mod listtype;
pub mod prune;
pub mod structural;
pub mod validate;
