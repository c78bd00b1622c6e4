//! Marker errors as codegen prints them: file:line:column, the source line, a caret under
//! the offending text, the closest valid marker, and every error of a run together.

use kapi_codegen::model::resolve::Index;
use kapi_codegen::model::{check, source};
use std::path::Path;

/// Parses `lib.rs` text as a crate and returns the rendered diagnostics.
fn diagnose(lib_rs: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("src/lib.rs");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, lib_rs).unwrap();
    let mut parsed = source::parse_crate("demo", &path).unwrap();
    check::check(&Index::of_crate(&parsed.model), &mut parsed.diagnostics);
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
    /// A value this version does not know, kept as sent.
    Other(String),
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
/// A key optional without a default (`more` by `protocol`) is accepted, as built-in kinds
/// have it (ServiceAccount.secrets); the CRD generator refuses it for kinds that are CRDs.
fn list_map_keys_must_name_a_field_of_the_item() {
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
    /// A value this version does not know, kept as sent.
    Other(String),
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

#[test]
fn a_default_is_checked_against_its_fields_type_bounds_and_format() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(default = "1.5.5")]
    pub memory: Option<kapi::meta::Quantity>,
    #[k8s(default = 99999999999)]
    pub replicas: Option<i32>,
    #[k8s(default = -5, minimum = 0)]
    pub count: Option<i32>,
    #[k8s(default = 10, maximum = 10, exclusive_maximum)]
    pub below_ten: Option<i64>,
    #[k8s(default = "toolong", max_length = 3)]
    pub short: Option<String>,
    #[k8s(default = "abc", pattern = "[0-9]+")]
    pub digits: Option<String>,
    #[k8s(default = "Not_A_Label", format = "dns1123-label")]
    pub label: Option<String>,
    #[k8s(default = ["a", "b", "c"], max_items = 2)]
    pub few: Option<Vec<String>>,
    #[k8s(default = "Fsat")]
    pub mode: Option<Mode>,
    #[k8s(default = "5 minutes")]
    pub timeout: Option<kapi::meta::Duration>,
    #[k8s(default = 3000000000)]
    pub surge: Option<kapi::meta::IntOrString>,
    #[k8s(default = "yesterday")]
    pub since: Option<kapi::meta::Time>,
    #[k8s(default = "x")]
    pub nested: Option<Nested>,
    #[k8s(default = "500m")]
    pub cpu: Option<kapi::meta::Quantity>,
    #[k8s(default = "Fast")]
    pub fine: Option<Mode>,
    #[k8s(default = json!({{"x": 1, "modes": ["Fast", "Fsat"]}}))]
    pub nested_mode: Option<Nested>,
    #[k8s(optional, default = json!([{{"x": 1}}, {{"y": 2}}]))]
    pub nested_list: Vec<Nested>,
    #[k8s(default = json!({{"x": "one"}}))]
    pub nested_type: Option<Nested>,
    #[k8s(default = json!({{"x": 1, "modes": ["Slow"]}}))]
    pub nested_fine: Option<Nested>,
}}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Mode {{
    Fast,
    Slow,
    /// A value this version does not know, kept as sent.
    Other(String),
}}

#[derive(kapi::ApiType)]
pub struct Nested {{
    pub x: Option<i32>,
    #[k8s(optional)]
    pub modes: Vec<Mode>,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

/// A plain (non-`Option`) field can be defaulted when its zero value means unset: a string
/// enum's empty value (Go's `+default` on an `omitempty` enum), not a struct, which always
/// holds a value; and an enum default is still checked against the enum's values.
#[test]
fn a_default_on_a_plain_field_needs_a_zero_value() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(optional, default = "Fast")]
    pub mode: Mode,
    #[k8s(optional, default = "Fsat")]
    pub typo: Mode,
    #[k8s(optional, default = json!({{"x": 1}}))]
    pub nested: Nested,
    #[k8s(optional, default = "2024-01-01T00:00:00Z")]
    pub since: kapi::meta::Time,
}}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Mode {{
    Fast,
    Slow,
    /// A value this version does not know, kept as sent.
    Other(String),
}}

#[derive(kapi::ApiType)]
pub struct Nested {{
    pub x: Option<i32>,
}}
"#
    ));
    assert!(!out.contains("`mode`"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn an_unknown_format_is_an_error_with_the_closest_format() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
pub struct Spec {{
    #[k8s(optional, format = "dns1123-lable")]
    pub name: String,
    #[k8s(optional, format = "uri")]
    pub link: String,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn a_list_kind_holds_its_kind() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Widget {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub spec: WidgetSpec,
}}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct WidgetList {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ListMeta,
    pub items: Vec<WidgetSpec>,
}}

#[derive(kapi::ApiType)]
pub struct WidgetSpec {{
    pub size: Option<i32>,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn a_second_union_discriminator_says_which_is_the_first() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(union)]
pub struct Source {{
    #[k8s(union_discriminator)]
    pub kind: String,
    #[k8s(union_discriminator)]
    pub type_: String,
    pub git: Option<String>,
    pub image: Option<String>,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn an_unknown_client_verb_suggests_the_closest() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind, gen_client(only_verbs = ["get", "lst"]))]
pub struct Widget {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}}
"#
    ));
    insta::assert_snapshot!(out);
}

#[test]
fn an_unknown_rest_verb_suggests_the_closest() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(kind, verbs = ["create", "gett"])]
pub struct Review {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}}
"#
    ));
    assert!(
        out.contains("unknown REST verb \"gett\" in `verbs`")
            && out.contains("did you mean \"get\"?"),
        "{out}"
    );
}

/// Where `needle` first is in `text`: `file:line:column` as rendered (both from 1).
fn place(file: &str, text: &str, needle: &str) -> String {
    let (line, col) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find(needle).map(|c| (i + 1, c + 1)))
        .unwrap_or_else(|| panic!("{needle:?} is in {file}"));
    format!("--> {file}:{line}:{col}")
}

/// Module files are read on several threads once a module declares two or more of them:
/// each error still names its own file, line and column, errors come in the order of the
/// modules, and a type finds the group-version declared above the module it was read in.
#[test]
fn module_files_read_side_by_side_keep_their_places_and_their_order() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("one")).unwrap();
    let files = [
        ("lib.rs", "pub mod one;\npub mod two;\npub mod loose;\n".to_string()),
        (
            "one/mod.rs",
            format!("{HEADER}\npub mod types;\npub mod more;\n"),
        ),
        (
            "one/types.rs",
            "\n#[derive(kapi::ApiType)]\n#[k8s(kind)]\npub struct Thing {\n    #[k8s(optional)]\n    pub metadata: kapi::meta::ObjectMeta,\n    #[k8s(optinal)]\n    pub size: i32,\n}\n"
                .to_string(),
        ),
        (
            "one/more.rs",
            "#[derive(kapi::ApiType)]\npub struct More {\n    #[k8s(maximun = 3)]\n    pub n: i32,\n}\n"
                .to_string(),
        ),
        (
            "two.rs",
            "kapi::group_version! { group_name = \"demo.example.com\", version = \"v2\" }\n\n#[derive(kapi::ApiType)]\npub struct Other {\n    #[k8s(lst_type = \"set\")]\n    pub tags: Vec<String>,\n}\n"
                .to_string(),
        ),
        (
            "loose.rs",
            "\n\n#[derive(kapi::ApiType)]\n#[k8s(kind)]\npub struct Stray {\n    #[k8s(optional)]\n    pub metadata: kapi::meta::ObjectMeta,\n}\n"
                .to_string(),
        ),
    ];
    for (name, text) in &files {
        std::fs::write(src.join(name), text).unwrap();
    }
    let text = |name: &str| &files.iter().find(|(n, _)| *n == name).unwrap().1;
    let parsed = source::parse_crate("demo", &src.join("lib.rs")).unwrap();
    let out = parsed.render_diagnostics(dir.path());
    let expected = [
        place("src/one/types.rs", text("one/types.rs"), "optinal"),
        place("src/one/more.rs", text("one/more.rs"), "maximun"),
        place("src/two.rs", text("two.rs"), "lst_type"),
        place("src/loose.rs", text("loose.rs"), "Stray"),
    ];
    let found: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("-->"))
        .collect();
    assert_eq!(found, expected, "{out}");
    assert!(
        out.contains("kind `Stray` is outside every group-version module"),
        "{out}"
    );

    let versions: Vec<(&str, Vec<&str>)> = parsed
        .model
        .versions
        .iter()
        .map(|g| {
            (
                g.version.as_str(),
                g.types.iter().map(|t| t.name.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        versions,
        [("v1", vec!["Thing", "More"]), ("v2", vec!["Other"])]
    );
    let shared: Vec<&str> = parsed
        .model
        .shared_types
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(shared, ["Stray"]);
}

/// A crate whose group-version is declared in `lib.rs` and whose types are in module files
/// read side by side: each type is placed in it, in the order of the modules.
#[test]
fn types_read_on_other_threads_find_the_group_version_above_them() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        format!("{HEADER}\npub mod b;\npub mod a;\n"),
    )
    .unwrap();
    for (name, ty) in [("a", "Alpha"), ("b", "Beta")] {
        std::fs::write(
            src.join(format!("{name}.rs")),
            format!("#[derive(kapi::ApiType)]\npub struct {ty} {{\n    pub n: i32,\n}}\n"),
        )
        .unwrap();
    }
    let parsed = source::parse_crate("demo", &src.join("lib.rs")).unwrap();
    assert!(
        parsed.diagnostics.is_empty(),
        "{}",
        parsed.render_diagnostics(dir.path())
    );
    let types: Vec<&str> = parsed.model.versions[0]
        .types
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(types, ["Beta", "Alpha"]);
    assert!(parsed.model.shared_types.is_empty());
}

/// Issue 35: a rule that does not compile used to pass codegen and fail every write with
/// 422 "rule compile error"; kube-apiserver refuses such a CRD when it is created.
#[test]
fn a_validation_rule_that_does_not_compile_is_an_error_at_its_place() {
    let out = diagnose(&format!(
        r#"{HEADER}
#[derive(kapi::ApiType)]
#[k8s(validation_rule(rule = "self.replicas >", message = "cut short"))]
pub struct Spec {{
    #[k8s(optional, validation_rule(rule = "self > 0", message_expression = "'bad: ' +"))]
    pub replicas: Option<i32>,
}}
"#
    ));
    insta::assert_snapshot!(out);
}
