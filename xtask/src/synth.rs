//! A synthetic API crate of any number of kinds, for benchmarks and scale tests: what
//! codegen costs per kind on an API far larger than the example.
//!
//! The crate has an internal hub and two served versions (`v1`, the storage version, and
//! `v1beta1`, deprecated) of group `synth.example.com`. Every kind has a spec and a status
//! with the field shapes real APIs use: defaults, bounds, an enum, a list map, a set, a
//! string map, a Quantity, a LabelSelector, an embedded object, conditions; a fifth of the
//! kinds are cluster-scoped and a third have a scale subresource.

use std::fmt::Write as _;
use std::path::Path;

/// The group of the synthetic API.
pub const GROUP: &str = "synth.example.com";

/// Writes the synthetic crate into `dir` (created if missing); its `kapi` dependency is the
/// crate at `kapi_dir`.
pub fn write_api(dir: &Path, kinds: usize, kapi_dir: &Path) -> std::io::Result<()> {
    let src = dir.join("src");
    std::fs::create_dir_all(&src)?;
    let kapi = kapi_dir.display().to_string().replace('\\', "/");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            r#"[package]
name = "synth-api"
version = "0.1.0"
edition = "2021"
publish = false

[package.metadata.kapi]
output = "generated"

[dependencies]
kapi = {{ path = "{kapi}" }}

# A workspace of its own, wherever it is written.
[workspace]
"#
        ),
    )?;
    std::fs::write(
        src.join("lib.rs"),
        "//! A synthetic API written by `cargo xtask synth-api`.\n\n\
         pub mod internal;\npub mod v1;\npub mod v1beta1;\n\n\
         #[rustfmt::skip]\n#[path = \"../generated/mod.rs\"]\npub mod generated;\n",
    )?;
    for (module, version) in [
        ("internal", None),
        ("v1", Some("v1")),
        ("v1beta1", Some("v1beta1")),
    ] {
        let dir = src.join(module);
        std::fs::create_dir_all(&dir)?;
        let declaration = match version {
            Some(v) => format!(
                "kapi::group_version! {{ group_name = \"{GROUP}\", version = \"{v}\", group_go_name = \"Synth\" }}\n"
            ),
            None => format!(
                "kapi::group_version! {{ group_name = \"{GROUP}\", internal, group_go_name = \"Synth\" }}\n"
            ),
        };
        std::fs::write(
            dir.join("mod.rs"),
            format!(
                "//! {GROUP}/{module}.\n\nmod types;\npub use types::*;\n\n{declaration}\n\
                 #[rustfmt::skip]\n#[path = \"../../generated/{module}/mod.rs\"]\npub mod generated;\n"
            ),
        )?;
        std::fs::write(dir.join("types.rs"), types(kinds, version))?;
    }
    Ok(())
}

fn types(kinds: usize, version: Option<&str>) -> String {
    let served = version.is_some();
    let mut out = String::from(
        "use super::GROUP_VERSION;\n\
         use kapi::meta::{Condition, LabelSelector, ListMeta, ObjectMeta, Quantity, RawExtension};\n\
         use kapi::ApiType;\n\
         use std::collections::BTreeMap;\n",
    );
    for i in 0..kinds {
        let kind = format!("Gizmo{i:04}");
        let cluster = i % 5 == 0;
        let scale = i % 3 == 0;
        let mut markers = vec![
            "kind".to_string(),
            format!("short_names = [\"gz{i}\"]"),
            "categories = [\"synth\"]".to_string(),
            "subresource_status".to_string(),
            "print_column(name = \"Replicas\", type = \"integer\", json_path = \".spec.replicas\")"
                .to_string(),
            "print_column(name = \"Age\", type = \"date\", json_path = \".metadata.creationTimestamp\")"
                .to_string(),
        ];
        if cluster {
            markers.push("scope = \"Cluster\"".into());
        }
        if scale {
            markers.push(
                "subresource_scale(spec_replicas_path = \".spec.replicas\", status_replicas_path = \".status.replicas\", label_selector_path = \".status.selector\")"
                    .into(),
            );
        }
        match version {
            Some("v1") => markers.push("storage_version".into()),
            Some(_) => {
                markers.push("lifecycle(introduced = \"1.28\", deprecated = \"1.31\")".into())
            }
            None => {}
        }
        // Defaults belong to the served versions; the hub has none.
        let default = |marker: &str| {
            if served {
                format!("{marker}, ")
            } else {
                String::new()
            }
        };
        let _ = write!(
            out,
            r#"
/// {kind} is synthetic kind number {i}.
#[derive(ApiType, Debug, PartialEq)]
#[k8s({markers})]
pub struct {kind} {{
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[k8s(optional)]
    pub spec: {kind}Spec,
    /// The observed state.
    pub status: Option<{kind}Status>,
}}

/// A page of {kind}s.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct {kind}List {{
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<{kind}>,
}}

/// The desired state of a {kind}.
#[derive(ApiType, Debug, PartialEq)]
pub struct {kind}Spec {{
    /// How many replicas to run.
    #[k8s({d_replicas}minimum = 0)]
    pub replicas: Option<i32>,
    /// A display name.
    #[k8s(optional, max_length = 253)]
    pub display_name: String,
    /// How the {kind} runs.
    #[k8s({d_mode}optional)]
    pub mode: Option<{kind}Mode>,
    /// Ports, keyed by name.
    #[k8s(optional, list_type = "map", list_map_key = "name", max_items = 32)]
    pub ports: Vec<{kind}Port>,
    /// Tags, each once.
    #[k8s(optional, list_type = "set")]
    pub tags: Vec<String>,
    /// Free-form labels.
    #[k8s(optional)]
    pub labels: BTreeMap<String, String>,
    /// Memory per replica.
    #[k8s({d_memory}optional)]
    pub memory: Option<Quantity>,
    /// Which pods belong to the {kind}.
    pub selector: Option<LabelSelector>,
    /// A weight in percent.
    #[k8s(minimum = 0, maximum = 100)]
    pub weight_percent: Option<i32>,
    /// An object passed through as written.
    #[k8s(embedded_resource)]
    pub template: Option<RawExtension>,
}}

/// How a {kind} runs.
#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum {kind}Mode {{
    /// The usual way.
    #[default]
    Normal,
    /// Faster, less careful.
    Fast,
    /// Slower, more careful.
    Careful,
    /// A mode this version does not know, kept as sent.
    Other(String),
}}

/// A named port of a {kind}.
#[derive(ApiType, Debug, PartialEq)]
pub struct {kind}Port {{
    #[k8s(required, max_length = 63)]
    pub name: String,
    #[k8s(minimum = 1, maximum = 65535)]
    pub port: i32,
    /// The protocol, TCP when unset.
    pub protocol: Option<String>,
}}

/// The observed state of a {kind}.
#[derive(ApiType, Debug, PartialEq)]
pub struct {kind}Status {{
    /// Replicas running now.
    #[k8s(optional)]
    pub replicas: i32,
    /// The selector of the replicas, in string form.
    #[k8s(optional)]
    pub selector: String,
    /// The generation this status describes.
    #[k8s(optional)]
    pub observed_generation: i64,
    #[k8s(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<Condition>,
}}
"#,
            markers = markers.join(", "),
            d_replicas = default("default = 1"),
            d_mode = default("default = \"Normal\""),
            d_memory = default("default = \"64Mi\""),
        );
    }
    out
}
