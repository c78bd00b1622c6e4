//! The model codegen builds from source, as a snapshot: JSON names, types, optionality,
//! typed marker values and kind facts.

use kapi_codegen::generate::model_summary::view::ModelView;
use kapi_codegen::model::source;

#[test]
fn model_of_a_small_api() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("v1")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod v1;\n").unwrap();
    std::fs::write(
        src.join("v1/mod.rs"),
        r#"
kapi::group_version! { group_name = "demo.example.com", version = "v1", protobuf_package = "com.example.demo.v1" }

/// A gadget.
/// Second line of docs.
#[derive(kapi::ApiType)]
#[k8s(kind, gen_client(non_namespaced, skip_verbs = ["delete_collection"]), categories = ["all"])]
pub struct Gadget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    /// Size in gadget units.
    #[k8s(default = 3, minimum = 1, maximum = 9.5, protobuf = 2)]
    pub size: Option<i64>,
    #[k8s(optional, list_type = "map", list_map_key = "name", max_items = 4)]
    pub parts: Vec<Part>,
    #[k8s(feature_gate = "Colours", rename = "colour")]
    pub color: Option<Colour>,
}

#[derive(kapi::ApiType)]
pub struct Part {
    pub name: String,
}

#[derive(kapi::ApiType)]
pub enum Colour {
    Red,
    #[k8s(feature_gate = "Blue")]
    Blue,
    /// A value this version does not know, kept as sent.
    Other(String),
}
"#,
    )
    .unwrap();
    let parsed = source::parse_crate("demo", &src.join("lib.rs")).unwrap();
    assert!(
        parsed.diagnostics.is_empty(),
        "{}",
        parsed.render_diagnostics(dir.path())
    );
    insta::assert_yaml_snapshot!(ModelView::of(&parsed.model));
}

/// kapi's own types are read on every codegen run with the cheaper walk that lexes files
/// naming no API item only for their modules: it must find what the full parse finds.
#[test]
fn the_types_only_walk_of_kapi_finds_what_the_full_parse_finds() {
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/core/src/lib.rs");
    let mut full = source::parse_crate("kapi", &lib).unwrap();
    let types_only = source::parse_api_types("kapi", &lib).unwrap();
    assert!(full.diagnostics.is_empty() && types_only.diagnostics.is_empty());
    // Functions are what the types-only walk leaves out.
    for gv in &mut full.model.versions {
        gv.functions.clear();
    }
    assert!(!types_only.model.versions.is_empty());
    assert_eq!(
        serde_json::to_value(ModelView::of(&full.model)).unwrap(),
        serde_json::to_value(ModelView::of(&types_only.model)).unwrap()
    );
}
