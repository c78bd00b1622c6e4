//! The markers real Kubernetes types use (issue 17, section 3), on a small crate of two
//! group-versions: patch strategies and atomic structs in OpenAPI, protobuf field names
//! that differ from JSON names, and a cross-group import at Kubernetes' own path.

use kapi_codegen::generate::{self, Mode};
use serde_json::Value;
use std::path::Path;

const CARGO_TOML: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"
"#;

const LIB: &str = r#"pub mod apps_v1;
pub mod core_v1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

const CORE_V1: &str = r#"kapi::group_version! {
    group_name = "",
    version = "v1",
    protobuf_package = "k8s.io.api.core.v1",
    protobuf_path = "k8s.io/api/core/v1/generated.proto",
}

#[rustfmt::skip]
#[path = "../../generated/core_v1/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType)]
#[k8s(struct_type = "atomic")]
pub struct LocalObjectReference {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
}

#[derive(kapi::ApiType)]
pub struct TypedLocalObjectReference {
    #[k8s(protobuf = 1, protobuf_name = "aPIGroup")]
    pub api_group: Option<String>,
    #[k8s(protobuf = 2)]
    pub kind: String,
}
"#;

const APPS_V1: &str = r#"kapi::group_version! {
    group_name = "apps",
    version = "v1",
    protobuf_package = "k8s.io.api.apps.v1",
    protobuf_path = "k8s.io/api/apps/v1/generated.proto",
}

#[rustfmt::skip]
#[path = "../../generated/apps_v1/mod.rs"]
pub mod generated;

use crate::core_v1::LocalObjectReference;

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Gadget {
    #[k8s(optional, protobuf = 1)]
    pub metadata: kapi::meta::ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: GadgetSpec,
}

#[derive(kapi::ApiType)]
pub struct GadgetSpec {
    /// Keyed by a field that is optional without a default, as ServiceAccount.secrets is.
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge",
        patch_merge_key = "name",
        protobuf = 1
    )]
    pub secrets: Vec<LocalObjectReference>,
    #[k8s(patch_strategy = "retainKeys", protobuf = 2)]
    pub strategy: Option<Strategy>,
    #[k8s(protobuf = 3)]
    pub secret_key: Option<SecretKeySelector>,
}

/// Go's `SecretKeySelector` embeds `LocalObjectReference` (`json:",inline"`).
#[derive(kapi::ApiType)]
pub struct SecretKeySelector {
    #[k8s(inline, protobuf = 1)]
    pub object_ref: ObjectRef,
    #[k8s(protobuf = 2)]
    pub key: String,
}

#[derive(kapi::ApiType)]
pub struct ObjectRef {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
}

#[derive(kapi::ApiType)]
pub struct Strategy {
    #[k8s(optional, protobuf = 1)]
    pub type_: String,
}
"#;

fn write_crate(dir: &Path) {
    write_crate_with(dir, APPS_V1);
}

fn write_crate_with(dir: &Path, apps_v1: &str) {
    for (path, text) in [
        ("Cargo.toml", CARGO_TOML),
        ("src/lib.rs", LIB),
        ("src/core_v1/mod.rs", CORE_V1),
        ("src/apps_v1/mod.rs", apps_v1),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn generated(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join("generated").join(path))
        .unwrap_or_else(|e| panic!("generated/{path}: {e}"))
}

#[test]
fn real_marker_combinations_generate() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path());
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());

    let swagger: Value =
        serde_json::from_str(&generated(dir.path(), "openapi/swagger.json")).unwrap();
    let defs = &swagger["definitions"];
    let secrets = &defs["io.k8s.api.apps.v1.GadgetSpec"]["properties"]["secrets"];
    assert_eq!(secrets["x-kubernetes-patch-strategy"], "merge", "{secrets}");
    assert_eq!(secrets["x-kubernetes-patch-merge-key"], "name");
    assert_eq!(secrets["x-kubernetes-list-type"], "map");
    let strategy = &defs["io.k8s.api.apps.v1.GadgetSpec"]["properties"]["strategy"];
    assert_eq!(
        strategy["x-kubernetes-patch-strategy"], "retainKeys",
        "{strategy}"
    );
    let reference = &defs["io.k8s.api.core.v1.LocalObjectReference"];
    assert_eq!(reference["x-kubernetes-map-type"], "atomic", "{reference}");

    // Kubernetes' own layout: the apps file imports core from core's path.
    let apps = generated(dir.path(), "k8s.io/api/apps/v1/generated.proto");
    assert!(
        apps.contains("import \"k8s.io/api/core/v1/generated.proto\";"),
        "{apps}"
    );
    assert!(apps.contains("repeated k8s.io.api.core.v1.LocalObjectReference secrets = 1;"));
    let core = generated(dir.path(), "k8s.io/api/core/v1/generated.proto");
    assert!(core.contains("optional string aPIGroup = 1;"), "{core}");
}

/// An `inline` field (Go's embedded struct) puts the embedded struct's properties and
/// required fields into its owner's schema, keeps a nested message in protobuf, and writes
/// the embedded apply configuration's entries into its owner's object.
#[test]
fn inline_embeds_a_struct_in_the_schemas_and_nests_it_in_protobuf() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path());
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    for doc in [
        "openapi/swagger.json",
        "openapi/v3/apis__apps__v1_openapi.json",
    ] {
        let doc: Value = serde_json::from_str(&generated(dir.path(), doc)).unwrap();
        let defs = doc
            .get("definitions")
            .or_else(|| doc["components"].get("schemas"))
            .expect("definitions");
        let selector = &defs["io.k8s.api.apps.v1.SecretKeySelector"];
        let properties: Vec<&str> = selector["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(properties, ["key", "name"], "{selector}");
        assert_eq!(
            selector["required"],
            serde_json::json!(["key"]),
            "{selector}"
        );
    }
    let proto = generated(dir.path(), "k8s.io/api/apps/v1/generated.proto");
    assert!(
        proto.contains("optional k8s.io.api.apps.v1.ObjectRef objectRef = 1;"),
        "{proto}"
    );
    let apply = generated(dir.path(), "apps_v1/apply.rs");
    assert!(apply.contains("v.serialize_entries(map)?;"), "{apply}");
}

#[test]
fn inline_needs_a_struct_type() {
    let dir = tempfile::tempdir().unwrap();
    write_crate_with(
        dir.path(),
        &APPS_V1.replace(
            "pub object_ref: ObjectRef,",
            "pub object_ref: Option<ObjectRef>,",
        ),
    );
    let err = generate::run(dir.path(), Mode::Write)
        .map(|_| ())
        .expect_err("an inline Option is refused")
        .to_string();
    assert!(
        err.contains("`inline` embeds a struct's fields, so the field's type must name a struct"),
        "{err}"
    );
}
