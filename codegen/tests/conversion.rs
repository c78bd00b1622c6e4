//! The conversion generator on small crates: what it writes, which hand-written functions it
//! picks up, and the errors (with the signature to write) when a field has no peer.

use kapi_codegen::generate::{self, Error, Mode};
use std::path::Path;

const CARGO_TOML: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"
"#;

const LIB: &str = r#"pub mod internal;
pub mod v1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

const INTERNAL: &str = r#"kapi::group_version! { group_name = "demo.example.com", internal }

#[rustfmt::skip]
#[path = "../../generated/internal/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub spec: WidgetSpec,
}

#[derive(kapi::ApiType)]
pub struct WidgetSpec {
    pub size_bytes: i64,
    pub colors: Vec<Color>,
}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Color {Red, Blue, Other(String) }
"#;

/// v1 says `size` in megabytes (i32), where the hub has `sizeBytes`.
const V1: &str = r#"kapi::group_version! { group_name = "demo.example.com", version = "v1" }

#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;
HAND_WRITTEN

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub spec: WidgetSpec,
}

#[derive(kapi::ApiType)]
pub struct WidgetSpec {
    pub size_bytes: i32,
    pub colors: Vec<Color>,
}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Color {Red, Blue, Other(String) }
"#;

fn write_crate(dir: &Path, hand_written: &str) {
    let files = [
        ("Cargo.toml", CARGO_TOML.to_string()),
        ("src/lib.rs", LIB.to_string()),
        ("src/internal/mod.rs", INTERNAL.to_string()),
        ("src/v1/mod.rs", V1.replace("HAND_WRITTEN", hand_written)),
    ];
    write_files(dir, files);
}

/// A crate of one kind, `Tree`: nodes that hold leaves, whose shades are an enum. `v1_size`
/// is the type of `Node::size` in v1 (the hub's is `i64`).
fn write_tree_crate(dir: &Path, v1_size: &str, hand_written: &str) {
    let types = |size: &str| {
        format!(
            r#"
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Tree {{
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub nodes: Vec<Node>,
}}

#[derive(kapi::ApiType)]
pub struct Node {{
    pub name: String,
    pub size: {size},
    pub leaves: Vec<Leaf>,
    #[k8s(optional)]
    pub first: Option<Box<Leaf>>,
}}

#[derive(kapi::ApiType)]
pub struct Leaf {{
    #[k8s(optional)]
    pub shade: Option<Shade>,
    pub by_season: std::collections::BTreeMap<String, Shade>,
}}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Shade {{ Light, Dark, Other(String) }}
"#
        )
    };
    let internal = INTERNAL[..INTERNAL.find("#[derive").unwrap()].to_string() + &types("i64");
    let v1 =
        V1[..V1.find("#[derive").unwrap()].replace("HAND_WRITTEN", hand_written) + &types(v1_size);
    let files = [
        ("Cargo.toml", CARGO_TOML.to_string()),
        ("src/lib.rs", LIB.to_string()),
        ("src/internal/mod.rs", internal),
        ("src/v1/mod.rs", v1),
    ];
    write_files(dir, files);
}

/// The generated v1 conversions without whitespace: the printer decides the line breaks.
fn conversion_of(dir: &Path) -> String {
    let report = generate::run(dir, Mode::Write).expect("generates");
    assert!(report.is_clean());
    squeeze(&std::fs::read_to_string(dir.join("generated/v1/conversion.rs")).unwrap())
}

/// Code without its layout: no whitespace, and no trailing comma a broken line adds.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<String>().replace(",)", ")")
}

#[test]
fn what_cannot_fail_converts_without_an_error_path_and_a_fallible_part_makes_its_holders_fallible()
{
    let dir = tempfile::tempdir().unwrap();
    write_tree_crate(dir.path(), "i64", "");
    let conversion = conversion_of(dir.path());
    for needle in [
        "fn auto_shade_to_internal_infallible(in_: crate::v1::Shade) -> crate::internal::Shade {",
        "shade: shade.map(auto_shade_to_internal_infallible),",
        "by_season: ::kapi::__private::conversion::map_infallible(by_season, auto_shade_to_internal_infallible),",
        "leaves: ::kapi::__private::conversion::vec_infallible(leaves, auto_leaf_to_internal_infallible),",
        "nodes: ::kapi::__private::conversion::vec_infallible(nodes, auto_node_to_internal_infallible),",
        "first: first.map(|x| ::std::boxed::Box::new(auto_leaf_to_internal_infallible(*x))),",
        "fn auto_tree_from_internal_infallible(in_: crate::internal::Tree) -> crate::v1::Tree {",
    ] {
        assert!(conversion.contains(&squeeze(needle)), "{needle}\n{conversion}");
    }
    assert!(!conversion.contains("within("), "{conversion}");
    // A hand-written conversion of one field of `Node` makes `Node` fallible, and the
    // `Tree` that holds nodes; `Leaf` and `Shade` below it stay infallible.
    let dir = tempfile::tempdir().unwrap();
    write_tree_crate(
        dir.path(),
        "i32",
        r#"
mod conversion {
    pub fn node_field_size_to_internal(in_: i32) -> Result<i64, kapi::conversion::ConversionError> {
        Ok(i64::from(in_))
    }
    pub fn node_field_size_from_internal(in_: i64) -> Result<i32, kapi::conversion::ConversionError> {
        i32::try_from(in_).map_err(|_| kapi::conversion::ConversionError::new("too large"))
    }
}
"#,
    );
    let conversion = conversion_of(dir.path());
    for needle in [
        "nodes: ::kapi::__private::conversion::within(\"nodes\", ::kapi::__private::conversion::vec(nodes, ::kapi::conversion::Versioned::to_internal))?,",
        "leaves: ::kapi::__private::conversion::vec_infallible(leaves, auto_leaf_to_internal_infallible),",
        "fn auto_leaf_from_internal_infallible(",
    ] {
        assert!(conversion.contains(&squeeze(needle)), "{needle}\n{conversion}");
    }
    assert!(
        !conversion.contains("auto_node_to_internal_infallible"),
        "{conversion}"
    );
    assert!(
        !conversion.contains("auto_tree_to_internal_infallible"),
        "{conversion}"
    );
}

fn write_files(dir: &Path, files: [(&str, String); 4]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn errors_of(dir: &Path) -> String {
    match generate::run(dir, Mode::Write) {
        Err(Error::Source { rendered, .. }) => rendered,
        other => panic!("expected source errors, got {other:?}"),
    }
}

#[test]
fn incompatible_field_names_both_types_and_the_signatures_to_write() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), "");
    insta::assert_snapshot!(errors_of(dir.path()));
}

#[test]
fn a_hand_written_field_conversion_is_picked_up_without_registration() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(
        dir.path(),
        r#"
mod conversion {
    pub fn widget_spec_field_size_bytes_to_internal(in_: i32) -> Result<i64, kapi::conversion::ConversionError> {
        Ok(i64::from(in_))
    }
    pub fn widget_spec_field_size_bytes_from_internal(in_: i64) -> Result<i32, kapi::conversion::ConversionError> {
        i32::try_from(in_).map_err(|_| kapi::conversion::ConversionError::new("too large"))
    }
}
"#,
    );
    let report = generate::run(dir.path(), Mode::Write).expect("generates");
    assert!(report.is_clean());
    // Compared without whitespace: the printer decides the line breaks.
    let conversion =
        squeeze(&std::fs::read_to_string(dir.path().join("generated/v1/conversion.rs")).unwrap());
    let has = |needle: &str| conversion.contains(&squeeze(needle));
    assert!(
        has("size_bytes: ::kapi::__private::conversion::within(\"sizeBytes\", crate::v1::conversion::widget_spec_field_size_bytes_to_internal(size_bytes))?"),
        "{conversion}"
    );
    // Enums convert by value, lists item by item.
    assert!(has("crate::v1::Color::Red => crate::internal::Color::Red"));
    // Nothing below `Color` can fail, so its conversions have no error path, and the list
    // of colors converts without one; `WidgetSpec` reaches a hand-written conversion, so it
    // and `Widget` above it keep theirs, and `auto_widget_spec_to_internal` stays callable.
    assert!(has(
        "fn auto_color_to_internal_infallible(in_: crate::v1::Color) -> crate::internal::Color {"
    ));
    assert!(has("colors: ::kapi::__private::conversion::vec_infallible(colors, auto_color_to_internal_infallible),"));
    assert!(has("fn to_internal(self) -> ::core::result::Result<crate::internal::Color, ConversionError> { ::core::result::Result::Ok(auto_color_to_internal_infallible(self)) }"));
    assert!(has("pub fn auto_color_to_internal(in_: crate::v1::Color) -> ::core::result::Result<crate::internal::Color, ConversionError> { ::core::result::Result::Ok(auto_color_to_internal_infallible(in_)) }"));
    assert!(has("spec: ::kapi::__private::conversion::within(\"spec\", ::kapi::conversion::Versioned::to_internal(spec))?,"));
    assert!(
        !has("auto_widget_spec_to_internal_infallible"),
        "{conversion}"
    );
    assert!(!has("auto_widget_to_internal_infallible"), "{conversion}");
    let register = std::fs::read_to_string(dir.path().join("generated/register.rs")).unwrap();
    assert!(register.contains("crate::v1::generated::register::add_to_scheme(scheme)?;"));
    // Verify-only agrees with what was just written.
    assert!(generate::run(dir.path(), Mode::Verify).unwrap().is_clean());
}

#[test]
fn a_hand_written_conversion_that_never_names_a_field_left_to_it_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    // to_internal sets `size_bytes` itself; from_internal forgets it, so every v1 WidgetSpec
    // read back from the hub would have size 0.
    write_crate(
        dir.path(),
        r#"
mod conversion {
    use kapi::conversion::ConversionError;
    pub fn widget_spec_to_internal(in_: super::WidgetSpec) -> Result<crate::internal::WidgetSpec, ConversionError> {
        let size_bytes = i64::from(in_.size_bytes);
        let mut out = super::generated::conversion::auto_widget_spec_to_internal(in_)?;
        out.size_bytes = size_bytes;
        Ok(out)
    }
    pub fn widget_spec_from_internal(in_: crate::internal::WidgetSpec) -> Result<super::WidgetSpec, ConversionError> {
        super::generated::conversion::auto_widget_spec_from_internal(in_)
    }
}
"#,
    );
    let report = generate::run(dir.path(), Mode::Write).expect("generates: a warning only");
    let warnings = report.warnings.join("\n");
    assert!(
        warnings.contains("`widget_spec_from_internal` never names field `sizeBytes`"),
        "{warnings}"
    );
    assert!(
        warnings.contains("widget_spec_field_size_bytes_from_internal"),
        "{warnings}"
    );
    assert!(
        !warnings.contains("`widget_spec_to_internal` never names"),
        "{warnings}"
    );
}

#[test]
fn a_private_hand_written_conversion_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(
        dir.path(),
        r#"
mod conversion {
    fn widget_spec_field_size_bytes_to_internal(in_: i32) -> Result<i64, kapi::conversion::ConversionError> {
        Ok(i64::from(in_))
    }
    pub(super) fn widget_spec_field_size_bytes_from_internal(in_: i64) -> Result<i32, kapi::conversion::ConversionError> {
        Ok(in_ as i32)
    }
}
"#,
    );
    let errors = errors_of(dir.path());
    assert!(
        errors.contains(
            "hand-written conversion `widget_spec_field_size_bytes_to_internal` is private"
        ),
        "{errors}"
    );
    assert!(!errors.contains("from_internal` is private"), "{errors}");
}

#[test]
fn a_module_that_does_not_include_its_generated_code_is_told_how() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), "");
    let v1 = dir.path().join("src/v1/mod.rs");
    let text = std::fs::read_to_string(&v1).unwrap().replace(
        "#[path = \"../../generated/v1/mod.rs\"]\npub mod generated;",
        "",
    );
    std::fs::write(&v1, text).unwrap();
    let errors = errors_of(dir.path());
    assert!(errors.contains("error: module `v1` does not include its generated code"));
    assert!(errors.contains(
        "help: add to src/v1/mod.rs: #[rustfmt::skip] #[path = \"../../generated/v1/mod.rs\"] pub mod generated;"
    ), "{errors}");
}

#[test]
fn a_hand_written_conversion_with_the_wrong_signature_is_reported_at_it() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(
        dir.path(),
        r#"
mod conversion {
    pub fn widget_spec_field_size_bytes_to_internal(in_: i64) -> Result<i64, kapi::conversion::ConversionError> {
        Ok(in_)
    }
    pub fn widget_spec_field_size_bytes_from_internal(in_: i64) -> Result<i32, kapi::conversion::ConversionError> {
        i32::try_from(in_).map_err(|_| kapi::conversion::ConversionError::new("too large"))
    }
    pub fn widget_to_internal(in_: super::Widget) -> Option<crate::internal::Widget> {
        None
    }
}
"#,
    );
    insta::assert_snapshot!(errors_of(dir.path()));
}
