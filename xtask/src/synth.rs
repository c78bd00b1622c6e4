//! A synthetic API crate of any number of kinds, for benchmarks and scale tests: what
//! codegen and the compiler cost per kind on an API far larger than the example.
//!
//! The crate has an internal hub and two served versions (`v1`, the storage version, and
//! `v1beta1`, deprecated) of group `synth.example.com`, both encoded as protobuf (every field
//! has its number). It exercises every generator, as a real API does: every kind has a
//! client (`gen_client`; cluster-scoped kinds `non_namespaced`, a tenth read-only, kinds with
//! a scale subresource a `GetScale` method), a spec and a status with the field shapes real
//! APIs use (defaults, bounds, an enum, a list map, a set, a string map, a Quantity, a
//! LabelSelector, an embedded object, conditions); every other kind has a union with its
//! discriminator; a fifth of the kinds are cluster-scoped and a third have a scale
//! subresource. Kind 1, when there is one, is renamed across versions (`v1beta1` calls
//! `displayName` `title`), so its spec converts through hand-written functions, as
//! Kubernetes' own renames do.

use std::fmt::Write as _;
use std::path::Path;

/// The group of the synthetic API.
pub const GROUP: &str = "synth.example.com";

/// The kind whose `v1beta1` spec is converted by hand.
const RENAMED_KIND: usize = 1;

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
# The renamed kind's versions differ, so its CRD converts through a webhook.
webhook = {{ service = {{ namespace = "synth-system", name = "synth-conversion-webhook", port = 443 }} }}
apply-configurations-feature = "apply"
openapi-documents-feature = "openapi"

[features]
# The apply configurations and the clients' `apply` methods (server-side apply).
apply = []
# The OpenAPI documents as statics (`generated::openapi_documents`), for a server.
openapi = []
# Defaulting, validation and gated-field dropping: what a server or webhook runs.
validation = ["kapi/validation"]

[dependencies]
# `client` and `cache`: the generated clientset, listers and informers.
kapi = {{ path = "{kapi}", features = ["client", "cache"] }}

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
                "kapi::group_version! {{ group_name = \"{GROUP}\", version = \"{v}\", group_go_name = \"Synth\", protobuf_package = \"com.example.synth.{v}\" }}\n"
            ),
            None => format!(
                "kapi::group_version! {{ group_name = \"{GROUP}\", internal, group_go_name = \"Synth\" }}\n"
            ),
        };
        let hand_written = version == Some("v1beta1") && kinds > RENAMED_KIND;
        let conversion_mod = if hand_written {
            "mod conversion;\n"
        } else {
            ""
        };
        std::fs::write(
            dir.join("mod.rs"),
            format!(
                "//! {GROUP}/{module}.\n\n{conversion_mod}mod types;\npub use types::*;\n\n{declaration}\n\
                 #[rustfmt::skip]\n#[path = \"../../generated/{module}/mod.rs\"]\npub mod generated;\n"
            ),
        )?;
        std::fs::write(dir.join("types.rs"), types(kinds, version))?;
        if hand_written {
            std::fs::write(dir.join("conversion.rs"), renamed_conversion(RENAMED_KIND))?;
        }
    }
    Ok(())
}

/// `v1beta1`'s hand-written conversions of the renamed kind's spec: `title` is the hub's
/// `display_name`.
fn renamed_conversion(i: usize) -> String {
    let kind = kind_name(i);
    let snake = format!("gizmo{i:04}_spec");
    format!(
        r#"//! Hand-written conversions: `title` is the hub's `display_name`.

use super::generated::conversion::{{auto_{snake}_from_internal, auto_{snake}_to_internal}};
use super::{kind}Spec;
use crate::internal;
use kapi::conversion::ConversionError;

pub fn {snake}_to_internal(mut in_: {kind}Spec) -> Result<internal::{kind}Spec, ConversionError> {{
    let title = std::mem::take(&mut in_.title);
    let mut out = auto_{snake}_to_internal(in_)?;
    out.display_name = title;
    Ok(out)
}}

pub fn {snake}_from_internal(mut in_: internal::{kind}Spec) -> Result<{kind}Spec, ConversionError> {{
    let display_name = std::mem::take(&mut in_.display_name);
    let mut out = auto_{snake}_from_internal(in_)?;
    out.title = display_name;
    Ok(out)
}}
"#
    )
}

fn kind_name(i: usize) -> String {
    format!("Gizmo{i:04}")
}

/// The source of one version's types.
fn types(kinds: usize, version: Option<&str>) -> String {
    let mut out = String::from(
        "use super::GROUP_VERSION;\n\
         use kapi::meta::{Condition, LabelSelector, ListMeta, ObjectMeta, Quantity, RawExtension};\n\
         use kapi::ApiType;\n\
         use std::collections::BTreeMap;\n",
    );
    for i in 0..kinds {
        kind(&mut out, i, version);
    }
    out
}

/// The `#[k8s(...)]` attribute of a field: `markers`, then its protobuf number in a served
/// version (the hub is never encoded). Nothing when there is nothing to say.
fn k8s(served: bool, markers: &[&str], protobuf: u32) -> String {
    let number = format!("protobuf = {protobuf}");
    let all: Vec<&str> = markers
        .iter()
        .copied()
        .chain(served.then_some(number.as_str()))
        .collect();
    if all.is_empty() {
        String::new()
    } else {
        format!("#[k8s({})]\n    ", all.join(", "))
    }
}

fn kind(out: &mut String, i: usize, version: Option<&str>) {
    let served = version.is_some();
    let kind = kind_name(i);
    let cluster = i % 5 == 0;
    let scale = i % 3 == 0;
    let union = i % 2 == 0;
    let mut client = Vec::new();
    if cluster {
        client.push("non_namespaced".to_string());
    }
    if i % 10 == 7 {
        client.push("read_only".to_string());
    }
    if scale {
        client.push(
            "method(name = \"GetScale\", verb = \"get\", subresource = \"scale\", result = \"Scale\")"
                .into(),
        );
    }
    let mut markers = vec![
        "kind".to_string(),
        if client.is_empty() {
            "gen_client".to_string()
        } else {
            format!("gen_client({})", client.join(", "))
        },
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
        Some(_) => markers.push("lifecycle(introduced = \"1.28\", deprecated = \"1.31\")".into()),
        None => {}
    }
    // Defaults belong to the served versions; the hub has none.
    let default = |marker: &'static str| if served { vec![marker] } else { vec![] };
    let with = |mut a: Vec<&'static str>, b: &[&'static str]| {
        a.extend_from_slice(b);
        a
    };
    let k = |markers: &[&str], n| k8s(served, markers, n);
    let display_name = if i == RENAMED_KIND && version == Some("v1beta1") {
        "title"
    } else {
        "display_name"
    };
    let backend = if union {
        format!(
            "/// Where the output goes.\n    {}pub backend: Option<{kind}Backend>,\n",
            k(&["optional"], 11)
        )
    } else {
        String::new()
    };
    let _ = write!(
        out,
        r#"
/// {kind} is synthetic kind number {i}.
#[derive(ApiType, Debug, PartialEq)]
#[k8s({markers})]
pub struct {kind} {{
    {a1}pub metadata: ObjectMeta,
    /// The desired state.
    {a2}pub spec: {kind}Spec,
    /// The observed state.
    {a3}pub status: Option<{kind}Status>,
}}

/// A page of {kind}s.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct {kind}List {{
    {a1}pub metadata: ListMeta,
    {l2}pub items: Vec<{kind}>,
}}

/// The desired state of a {kind}.
#[derive(ApiType, Debug, PartialEq)]
pub struct {kind}Spec {{
    /// How many replicas to run.
    {s1}pub replicas: Option<i32>,
    /// A display name.
    {s2}pub {display_name}: String,
    /// How the {kind} runs.
    {s3}pub mode: Option<{kind}Mode>,
    /// Ports, keyed by name.
    {s4}pub ports: Vec<{kind}Port>,
    /// Tags, each once.
    {s5}pub tags: Vec<String>,
    /// Free-form labels.
    {s6}pub labels: BTreeMap<String, String>,
    /// Memory per replica.
    {s7}pub memory: Option<Quantity>,
    /// Which pods belong to the {kind}.
    {s8}pub selector: Option<LabelSelector>,
    /// A weight in percent.
    {s9}pub weight_percent: Option<i32>,
    /// An object passed through as written.
    {s10}pub template: Option<RawExtension>,
    {backend}}}

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
    {p1}pub name: String,
    {p2}pub port: i32,
    /// The protocol, TCP when unset.
    {p3}pub protocol: Option<String>,
}}

/// The observed state of a {kind}.
#[derive(ApiType, Debug, PartialEq)]
pub struct {kind}Status {{
    /// Replicas running now.
    {t1}pub replicas: i32,
    /// The selector of the replicas, in string form.
    {t2}pub selector: String,
    /// The generation this status describes.
    {t3}pub observed_generation: i64,
    {t4}pub conditions: Vec<Condition>,
}}
"#,
        markers = markers.join(", "),
        a1 = k(&["optional"], 1),
        a2 = k(&["optional"], 2),
        a3 = k(&[], 3),
        l2 = k(&[], 2),
        s1 = k(&with(default("default = 1"), &["minimum = 0"]), 1),
        s2 = k(&["optional", "max_length = 253"], 2),
        s3 = k(&with(default("default = \"Normal\""), &["optional"]), 3),
        s4 = k(
            &[
                "optional",
                "list_type = \"map\"",
                "list_map_key = \"name\"",
                "max_items = 32"
            ],
            4
        ),
        s5 = k(&["optional", "list_type = \"set\""], 5),
        s6 = k(&["optional"], 6),
        s7 = k(&with(default("default = \"64Mi\""), &["optional"]), 7),
        s8 = k(&[], 8),
        s9 = k(&["minimum = 0", "maximum = 100"], 9),
        s10 = k(&["embedded_resource"], 10),
        p1 = k(&["required", "max_length = 63"], 1),
        p2 = k(&["minimum = 1", "maximum = 65535"], 2),
        p3 = k(&[], 3),
        t1 = k(&["optional"], 1),
        t2 = k(&["optional"], 2),
        t3 = k(&["optional"], 3),
        t4 = k(
            &["optional", "list_type = \"map\"", "list_map_key = \"type\""],
            4
        ),
    );
    if union {
        let _ = write!(
            out,
            r#"
/// Exactly one destination for a {kind}'s output, named by `type`.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct {kind}Backend {{
    /// Which member is set.
    {u1}pub type_: {kind}BackendType,
    /// A port of the {kind}.
    {u2}pub port: Option<{kind}Port>,
    /// Pods chosen by labels.
    {u3}pub selector: Option<LabelSelector>,
}}

/// The members of a {kind}Backend.
#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum {kind}BackendType {{
    #[default]
    Port,
    Selector,
    /// A member this version does not know, kept as sent.
    Other(String),
}}
"#,
            u1 = k(&["union_discriminator", "rename = \"type\""], 1),
            u2 = k(&[], 2),
            u3 = k(&[], 3),
        );
    }
}
