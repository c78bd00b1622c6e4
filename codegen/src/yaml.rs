//! The bound on every YAML document kapi-codegen reads (CRDs to import, compatibility
//! snapshots): checked in one pass by `kapi-yaml-depth` before serde_yaml_ng parses, whose
//! own recursion limit comes only after a parse that is quadratic in the nesting.

/// The runtime's bound (`kapi::codec::yaml::MAX_DEPTH`, serde_json's recursion limit): no
/// CRD or snapshot kube-apiserver or kapi writes comes near it.
pub const MAX_DEPTH: usize = 128;

/// `file: recursion limit exceeded: ... at line L column C` when `text` nests too deep.
pub fn check_depth(file: &str, text: &str) -> Result<(), String> {
    kapi_yaml_depth::check(text, MAX_DEPTH).map_err(|e| format!("{file}: {e}"))
}
