//! The API-convention linter: the example API is clean, a crate of deliberately bad types
//! gets one rustc-style warning per finding (every rule fires), `allow_lint` silences exactly
//! the rules it names, an unknown rule name is an error with the closest rule, and
//! `--strict` turns findings into a failing run that generates nothing.

use kapi_codegen::generate::{self, Error, Mode, Options};
use kapi_codegen::lint;
use kapi_codegen::model::kapi_types;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const CARGO_TOML: &str = r#"[package]
name = "bad"
version = "0.1.0"
edition = "2021"
"#;

const LIB: &str = r#"pub mod v1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

/// Every rule fires at least once here; the comments say which.
const V1: &str = r#"kapi::group_version! { group_name = "bad.example.com", version = "v1" }

#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;

use kapi::meta::{ListMeta, ObjectMeta, Time};
use std::collections::BTreeMap;

/// kind-singular; status-subresource; status-optional; list-kind and spec-and-status (items).
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Gadgets {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub spec: GadgetSpec,
    pub status: GadgetStatus,
    #[k8s(optional)]
    pub items: Vec<String>,
}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct GadgetsList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Gadgets>,
}

/// list-kind: `Widget` is not a kind.
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct WidgetList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Widget>,
}

#[derive(kapi::ApiType)]
pub struct Widget {
    #[k8s(optional)]
    pub size: Option<i32>,
}

/// kind-controller-suffix; status-subresource (no status); spec-status-struct.
#[derive(kapi::ApiType)]
#[k8s(kind, subresource_status)]
pub struct FrobController {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub spec: String,
}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct FrobControllerList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<FrobController>,
}

/// spec-and-status: a status without a spec.
#[derive(kapi::ApiType)]
#[k8s(kind, subresource_status)]
pub struct Sprocket {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub status: Option<SprocketStatus>,
}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct SprocketList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Sprocket>,
}

/// kind-camel-case.
#[derive(kapi::ApiType)]
#[k8s(simple_kind)]
pub struct Reset_Options {
    #[k8s(optional)]
    pub dry_run: Vec<String>,
}

#[derive(kapi::ApiType)]
pub struct GadgetSpec {
    /// json-camel-case
    #[k8s(rename = "max_size")]
    pub max_size: Option<i32>,
    /// optional-needs-option
    #[k8s(optional)]
    pub replicas: i32,
    /// required-zero-value and prefer-enum-to-bool
    pub enabled: bool,
    /// required-zero-value
    pub count: i32,
    /// Clean: zero is not a valid size.
    #[k8s(minimum = 1)]
    pub size: i32,
    /// no-floats
    pub ratio: Option<f64>,
    /// int32-or-int64
    pub weight: Option<u32>,
    /// duration-units
    pub timeout: Option<i32>,
    /// Clean: the unit is in the name.
    pub probe_period_seconds: Option<i32>,
    /// no-map-of-objects
    #[k8s(optional)]
    pub backends: BTreeMap<String, Backend>,
    /// name-field-suffix
    pub secret: Option<String>,
    /// reference-holds-object
    pub config_ref: Option<String>,
    /// reference-field-name and reference-holds-object
    pub owner_reference: Option<OwnerRef>,
    /// reference-field-name
    pub target: Option<kapi::meta::OwnerReference>,
    /// time-field-name
    pub started_at: Option<Time>,
    /// time-field-name
    pub last_update_timestamp: Option<Time>,
    pub mode: Option<Mode>,
}

#[derive(kapi::ApiType)]
pub struct Backend {
    pub port: Option<i32>,
}

#[derive(kapi::ApiType)]
pub struct OwnerRef {
    pub uid: String,
}

#[derive(kapi::ApiType)]
#[k8s(enum)]
pub enum Mode {
    Fast,
    /// enum-camel-case
    #[k8s(rename = "extra-slow")]
    ExtraSlow,
    /// A value this version does not know, kept as sent.
    Other(String),
}

#[derive(kapi::ApiType)]
pub struct GadgetStatus {
    /// status-optional (status types are exempt from required-zero-value)
    pub ready_replicas: i32,
    /// Clean: status types are exempt from optional-needs-option.
    #[k8s(optional)]
    pub observed_generation: i64,
    /// no-phase
    pub phase: Option<String>,
    /// conditions-type and conditions-list-map
    #[k8s(optional)]
    pub conditions: Vec<String>,
    pub health: Option<Health>,
}

/// nested-status
#[derive(kapi::ApiType)]
pub struct Health {
    pub status: Option<String>,
}

#[derive(kapi::ApiType)]
pub struct SprocketStatus {
    /// conditions-type (a shape without lastTransitionTime and observedGeneration) and
    /// conditions-list-map
    #[k8s(optional)]
    pub conditions: Vec<SprocketCondition>,
}

/// Clean: a condition's `status` is not a nested status.
#[derive(kapi::ApiType)]
pub struct SprocketCondition {
    #[k8s(rename = "type")]
    pub type_: String,
    pub status: String,
    #[k8s(optional)]
    pub reason: String,
    #[k8s(optional)]
    pub message: String,
}
"#;

/// A hub and one served version of a kind.
const HUB: &str = r#"kapi::group_version! { group_name = "hub.example.com", internal }

use kapi::meta::{ListMeta, ObjectMeta};

/// Clean: the hub is never served, so it needs no status subresource.
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Thing {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    #[k8s(optional)]
    pub spec: ThingSpec,
    pub status: Option<ThingStatus>,
}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct ThingList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Thing>,
}

#[derive(kapi::ApiType)]
pub struct ThingSpec {
    #[k8s(minimum = 1)]
    pub size: i32,
    pub schedule: Option<String>,
}

#[derive(kapi::ApiType)]
pub struct ThingStatus {
    pub ready: Option<i32>,
}
"#;

fn hub_crate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v1 = HUB
        .replace("internal }", "version = \"v1\" }")
        .replace(
            "/// Clean: the hub is never served, so it needs no status subresource.\n#[derive(kapi::ApiType)]\n#[k8s(kind)]",
            "#[derive(kapi::ApiType)]\n#[k8s(kind, subresource_status)]",
        )
        .replace(
            "    pub schedule: Option<String>,",
            "    /// validation-on-hub\n    #[k8s(min_length = 1)]\n    pub schedule: Option<String>,",
        );
    let files = [
        ("Cargo.toml", CARGO_TOML),
        ("src/lib.rs", "pub mod internal;\npub mod v1;\n"),
        ("src/internal/mod.rs", HUB),
        ("src/v1/mod.rs", &v1),
    ];
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn write_crate(dir: &Path, v1: &str) {
    let files = [
        ("Cargo.toml", CARGO_TOML),
        ("src/lib.rs", LIB),
        ("src/v1/mod.rs", v1),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn bad_crate(v1: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), v1);
    dir
}

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

/// The findings of a crate as (rule, line) pairs.
fn findings(dir: &Path) -> BTreeSet<(&'static str, usize)> {
    let (model, _) = generate::load_model(dir).unwrap();
    let kapi = kapi_types::load(dir);
    let lint = lint::lint(&generate::resolve(&model, &kapi));
    assert!(lint.errors.is_empty(), "{:?}", lint.errors);
    lint.findings
        .iter()
        .map(|f| (f.rule, f.diagnostic.span.start().line))
        .collect()
}

fn cli(args: &[&str], dir: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
        .args(args)
        .arg(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_example_api_follows_the_conventions() {
    let (model, _) = generate::load_model(&example_api()).unwrap();
    let kapi = kapi_types::load(&example_api());
    let lint = lint::lint(&generate::resolve(&model, &kapi));
    let rendered: Vec<String> = lint
        .findings
        .iter()
        .map(|f| format!("{}: {:?}", f.rule, f.diagnostic))
        .collect();
    assert!(lint.is_clean(), "{rendered:#?}\n{:#?}", lint.errors);
    let (code, stderr) = cli(&["--verify-only", "--strict"], &example_api());
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn bad_types_get_a_warning_per_finding() {
    let dir = bad_crate(V1);
    let report = generate::run(dir.path(), Mode::Write).expect("warnings do not stop codegen");
    assert!(report.is_clean());
    insta::assert_snapshot!(report.warnings.join("\n"));
}

/// A validation marker only a served version has is a finding on that field; the hub
/// needs no status subresource.
#[test]
fn a_served_versions_validation_marker_belongs_on_the_hub() {
    let dir = hub_crate();
    let found: Vec<&str> = findings(dir.path()).into_iter().map(|(r, _)| r).collect();
    assert_eq!(found, ["validation-on-hub"]);
}

#[test]
fn every_rule_fires_on_the_bad_types() {
    let dir = bad_crate(V1);
    let hub = hub_crate();
    let fired: BTreeSet<&str> = findings(dir.path())
        .into_iter()
        .chain(findings(hub.path()))
        .map(|(r, _)| r)
        .collect();
    for rule in lint::rules() {
        assert!(
            fired.contains(rule.name),
            "rule `{}` has no finding",
            rule.name
        );
    }
}

#[test]
fn allow_lint_silences_exactly_the_named_rules() {
    let before = findings(bad_crate(V1).path());
    let line_of = |needle: &str| V1.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let enabled = line_of("pub enabled: bool");
    let ready = line_of("pub ready_replicas: i32");
    let phase = line_of("pub phase: Option<String>");
    let status_type = line_of("pub struct GadgetStatus {");
    let conditions = line_of("pub conditions: Vec<String>");
    assert!(before.contains(&("prefer-enum-to-bool", enabled)));
    assert!(before.contains(&("required-zero-value", enabled)));

    // On a field: one rule of the two that fire there. On a type: its fields, by two names.
    let allowed = V1
        .replace(
            "    pub enabled: bool,",
            "    #[k8s(allow_lint = \"prefer-enum-to-bool\")]\n    pub enabled: bool,",
        )
        .replace(
            "pub struct GadgetStatus {",
            "#[k8s(allow_lint = [\"status-optional\", \"no-phase\"])]\npub struct GadgetStatus {",
        );
    let after = findings(bad_crate(&allowed).path());

    // Lines after each inserted marker moved down by one per marker above them.
    let shift =
        |line: usize| line + usize::from(line >= enabled) + usize::from(line >= status_type);
    let expected: BTreeSet<(&str, usize)> = before
        .iter()
        .filter(|f| {
            **f != ("prefer-enum-to-bool", enabled)
                && **f != ("status-optional", ready)
                && **f != ("no-phase", phase)
        })
        .map(|&(rule, line)| (rule, shift(line)))
        .collect();
    assert_eq!(after, expected);
    // Rules not named stay, on the same field and in the same type.
    assert!(after.contains(&("required-zero-value", shift(enabled))));
    assert!(after.contains(&("conditions-type", shift(conditions))));
}

#[test]
fn an_unknown_rule_name_is_an_error_with_the_closest_rule() {
    let typo = V1.replace(
        "pub struct Backend {",
        "#[k8s(allow_lint = \"prefer-enum-to-boll\")]\npub struct Backend {",
    );
    let dir = bad_crate(&typo);
    match generate::run(dir.path(), Mode::Write) {
        Err(Error::Source { rendered, count }) => {
            assert_eq!(count, 1, "{rendered}");
            insta::assert_snapshot!(rendered);
        }
        other => panic!("expected an error, got {other:?}"),
    }

    let unknown = V1.replace(
        "    pub port: Option<i32>,",
        "    #[k8s(allow_lint = [\"no-floats\", \"frobnicate\"])]\n    pub port: Option<i32>,",
    );
    let dir = bad_crate(&unknown);
    let Err(Error::Source { rendered, .. }) = generate::run(dir.path(), Mode::Write) else {
        panic!("expected an error");
    };
    assert!(
        rendered.contains("error: unknown lint rule `frobnicate`"),
        "{rendered}"
    );
    assert!(
        rendered.contains("help: lint rules: json-camel-case, enum-camel-case,"),
        "{rendered}"
    );
    assert!(!rendered.contains("`no-floats`"), "{rendered}");
}

#[test]
fn strict_turns_findings_into_a_failing_run() {
    let dir = bad_crate(V1);
    let count = findings(dir.path()).len();

    let (code, stderr) = cli(&["--strict"], dir.path());
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: optional field `GadgetSpec.replicas` is a plain `i32`"),
        "{stderr}"
    );
    assert!(!stderr.contains("warning:"), "{stderr}");
    assert!(
        stderr.contains(&format!("could not generate: {count} error(s)")),
        "{stderr}"
    );
    assert!(
        !dir.path().join("generated").exists(),
        "--strict wrote files"
    );

    let (code, stderr) = cli(&[], dir.path());
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("warning: optional field `GadgetSpec.replicas` is a plain `i32`"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("warning: {count} API convention warning(s)")),
        "{stderr}"
    );
    let (code, stderr) = cli(&["--verify-only"], dir.path());
    assert_eq!(code, 0, "{stderr}");

    let strict = generate::run_with(
        dir.path(),
        Options {
            mode: Mode::Verify,
            strict: true,
        },
    );
    assert!(matches!(strict, Err(Error::Source { count: c, .. }) if c == count));
}

#[test]
fn the_derive_parser_accepts_allow_lint_everywhere_it_belongs() {
    let file: syn::File = syn::parse_str(
        r#"
        #[k8s(allow_lint = "no-floats")]
        pub struct Spec {
            #[k8s(allow_lint = ["no-floats", "duration-units"])]
            pub timeout: f64,
        }

        #[k8s(enum, allow_lint = "enum-camel-case")]
        pub enum Mode {
            #[k8s(allow_lint = "enum-camel-case")]
            Fast,
            /// A value this version does not know, kept as sent.
            Other(String),
        }
        "#,
    )
    .unwrap();
    for item in &file.items {
        let mut diags = kapi_codegen::diagnostics::Diagnostics::default();
        let parsed = kapi_codegen::model::parse::parse_item(item, &mut diags);
        assert!(
            parsed.is_some() && diags.is_empty(),
            "{:?}",
            diags.into_vec()
        );
    }
}

#[test]
fn readme_lists_every_rule() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    for rule in lint::rules() {
        assert!(
            readme.contains(&format!("| `{}` |", rule.name)),
            "README's Linter table does not list `{}`",
            rule.name
        );
    }
}
