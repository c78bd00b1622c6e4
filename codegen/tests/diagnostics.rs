//! Marker errors as codegen prints them: file:line:column, the source line, a caret under
//! the offending text, the closest valid marker, and every error of a run together.

use kapi_codegen::model::{check, source};
use std::path::Path;

/// Parses `lib.rs` text as a crate and returns the rendered diagnostics.
fn diagnose(lib_rs: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("src/lib.rs");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, lib_rs).unwrap();
    let mut parsed = source::parse_crate("demo", &path).unwrap();
    check::check(&parsed.model, &mut parsed.diagnostics);
    parsed.render_diagnostics(dir.path())
}

const HEADER: &str = r#"kapi::group_version! { group_name = "demo.example.com", version = "v1" }
"#;

#[test]
fn typo_points_at_the_marker_and_suggests_the_closest() {
    let out = diagnose(&format!(
        "{HEADER}
#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(optinal)]
    pub name: String,
}}
"
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn every_error_of_a_crate_is_reported_together() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind, plurl = "widgets")]
pub struct Widget {{
    pub spec: WidgetSpec,
}}

#[derive(kapi::ApiType)]
pub struct WidgetSpec {{
    #[k8s(list_type = "mpa")]
    pub items: Vec<Item>,
    #[k8s(rename = "items")]
    pub other: Vec<String>,
    #[k8s(minimum = "1")]
    pub count: i32,
    #[k8s(short_names = ["w"])]
    pub name: String,
    #[k8s(default = "Fast")]
    pub mode: Option<Mode>,
}}

#[derive(kapi::ApiType)]
pub struct Item {{
    pub key: String,
}}

#[derive(kapi::ApiType)]
pub enum Mode {{
    Slow,
    Steady,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn list_map_keys_must_name_a_required_field_of_the_item() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(optional, list_type = "map", list_map_key = "nmae")]
    pub ports: Vec<Port>,
    #[k8s(optional, list_type = "map", list_map_key = "protocol")]
    pub more: Vec<Port>,
}}

#[derive(kapi::ApiType)]
pub struct Port {{
    pub name: String,
    pub protocol: Option<String>,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn clean_source_has_no_diagnostics() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/src/lib.rs");
    let parsed = source::parse_crate("api-types", &lib).unwrap();
    assert!(
        parsed.diagnostics.is_empty(),
        "{}",
        parsed.render_diagnostics(Path::new("/"))
    );
    let versions: Vec<String> = parsed
        .model
        .versions
        .iter()
        .map(|v| v.api_version())
        .collect();
    assert_eq!(
        versions,
        [
            "frob.example.com/__internal",
            "frob.example.com/v1",
            "frob.example.com/v2beta1"
        ]
    );
}

#[test]
fn readme_marker_table_lists_every_marker() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let table: Vec<&str> = readme.lines().filter(|l| l.starts_with("| `")).collect();
    for m in kapi_codegen::markers::MARKERS {
        let name = m.name();
        assert!(
            table
                .iter()
                .any(|row| row.contains(&format!("`{name}")) || row.contains(&format!(", {name}"))),
            "README's marker table does not mention `{name}`"
        );
    }
}

#[test]
fn feature_gates_must_be_declared_at_the_root_and_gated_fields_optional() {
    let out = diagnose(&format!(
        r#"{HEADER}
kapi::feature_gates! {{
    Frobber2D: Alpha = false,
}}

mod nested {{
    kapi::feature_gates! {{ Elsewhere: Beta = true }}
}}

#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(feature_gate = "Frobber2d")]
    pub width: Option<i32>,
    #[k8s(feature_gate = "Frobber2D")]
    pub depth: i32,
}}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Policy {{
    Always,
    #[k8s(feature_gate = "NoSuchGate")]
    OnTuesday,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn a_print_column_priority_must_fit_an_int32() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind, print_column(name = "Wide", type = "string", json_path = ".spec.x", priority = 2147483648))]
pub struct Widget {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}}
"#
    ));
    assert!(
        out.contains("a print column's `priority` must fit an int32"),
        "{out}"
    );
    let fits = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind, print_column(name = "Wide", type = "string", json_path = ".spec.x", priority = 1))]
pub struct Widget {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}}
"#
    ));
    assert!(!fits.contains("priority"), "{fits}");
}
