//! Bad input to the importers and the compatibility checker's baselines (issue 35): each
//! is a clear error naming the file and the place in it, never a crash, a hang or output
//! built from input that did not parse. Deep inputs are built here, not checked in.

use kapi_codegen::compat::{baseline, Snapshot};
use kapi_codegen::import::{crd, go};
use std::path::Path;

/// Imports one Go file `types.go` holding `source`; the error, or the warnings joined.
fn import_go(source: &str) -> Result<Vec<String>, String> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let pkg = dir.path().join("v1");
    std::fs::create_dir(&pkg).expect("package directory");
    std::fs::write(pkg.join("types.go"), source).expect("types.go");
    go::import(&[pkg], dir.path(), &go::Options::default())
        .map(|i| i.warnings.iter().map(ToString::to_string).collect())
}

fn go_err(source: &str) -> String {
    import_go(source).expect_err("refused")
}

const HEADER: &str = "package v1\n\n";

#[test]
fn deeply_nested_go_types_are_refused_at_their_place() {
    let n = 10_000;
    for (what, ty) in [
        ("slices", format!("{}string", "[]".repeat(n))),
        ("maps", format!("{}string", "map[string]".repeat(n))),
        ("pointers", format!("{}string", "*".repeat(n))),
        (
            "anonymous structs",
            format!(
                "{}string{}",
                "struct { A ".repeat(5_000),
                " }".repeat(5_000)
            ),
        ),
        (
            "parentheses",
            format!("{}string{}", "(".repeat(100_000), ")".repeat(100_000)),
        ),
    ] {
        let err = go_err(&format!("{HEADER}type Deep struct {{\n\tA {ty}\n}}\n"));
        assert!(
            err.starts_with("v1/types.go:4:") && err.contains("nests deeper than 128 levels"),
            "{what}: {err}"
        );
    }
    // Well within the bound, as deep as any API goes and more.
    let ok = format!(
        "{HEADER}type Deep struct {{\n\tA {}string `json:\"a\"`\n}}\n",
        "[]".repeat(100)
    );
    import_go(&ok).expect("100 levels import");
}

#[test]
fn deeply_nested_go_expressions_never_overflow_the_stack() {
    // Not a type, so never walked as one: the file still parses, or is refused, in bounds.
    let src = format!(
        "{HEADER}const Deep = {}1{}\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let _ = import_go(&src);
}

#[test]
fn a_missing_brace_is_a_syntax_error_not_an_untyped_field() {
    // Before: `spec` became serde_json::Value with a warning that WidgetSpec is not declared.
    let src = format!(
        "{HEADER}type Widget struct {{\n\tSpec WidgetSpec `json:\"spec\"`\n}}\n\ntype WidgetSpec struct {{\n\tSize int32 `json:\"size\"`\n"
    );
    let err = go_err(&src);
    assert_eq!(err, "v1/types.go:7:1: syntax error: unexpected end of file: this declaration is not closed (a missing `}` or `)`)");
}

#[test]
fn garbage_in_a_struct_is_a_syntax_error_at_its_place() {
    let src =
        format!("{HEADER}type Widget struct {{\n\tSize int32 `json:\"size\"`\n\t@@ !! %%\n}}\n");
    let err = go_err(&src);
    assert!(err.starts_with("v1/types.go:5:"), "{err}");
    assert!(err.contains("syntax error: unexpected `@@`"), "{err}");
}

#[test]
fn an_unterminated_struct_tag_is_a_syntax_error() {
    let src = format!("{HEADER}type Widget struct {{\n\tSize int32 `json:\"size\"\n}}\n");
    let err = go_err(&src);
    assert!(err.starts_with("v1/types.go:"), "{err}");
    assert!(err.contains("syntax error"), "{err}");
}

fn crd_err(text: &str) -> String {
    crd::import_texts(&[("crds.yaml".to_string(), text.to_string())], false).expect_err("refused")
}

/// A CRD of kind `kind`, whose one version has `schema` as its root.
fn crd_doc(name: &str, kind: &str, schema: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: {name}.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names:\n    kind: {kind}\n    plural: {name}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n{}",
        schema
            .lines()
            .map(|l| format!("        {l}\n"))
            .collect::<String>()
    )
}

const OBJECT: &str = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      size:\n        type: string";

#[test]
fn a_valid_crd_imports() {
    let text = crd_doc("widgets", "Widget", OBJECT);
    crd::import_texts(&[("crds.yaml".into(), text)], false).expect("imports");
}

#[test]
fn only_apiextensions_v1_custom_resource_definitions_are_imported() {
    let good = crd_doc("widgets", "Widget", OBJECT);
    let err = crd_err(&good.replace(
        "apiextensions.k8s.io/v1\n",
        "apiextensions.k8s.io/v1beta1\n",
    ));
    assert!(err.starts_with("crds.yaml#0: apiVersion: apiextensions.k8s.io/v1beta1 is not served since Kubernetes 1.22"), "{err}");
    let err = crd_err(&good.replace("apiextensions.k8s.io/v1\n", "banana/v9\n"));
    assert_eq!(
        err,
        "crds.yaml#0: apiVersion: `banana/v9` is not apiextensions.k8s.io/v1"
    );
    let err = crd_err(&good.replace("kind: CustomResourceDefinition", "kind: Deployment"));
    assert_eq!(
        err,
        "crds.yaml#0: kind: `Deployment` is not a CustomResourceDefinition"
    );
}

#[test]
fn an_empty_input_is_refused() {
    for text in ["", "# nothing\n", "---\n---\n"] {
        assert_eq!(
            crd_err(text),
            "crds.yaml: no CustomResourceDefinition (the input is empty)"
        );
    }
}

#[test]
fn a_crd_without_versions_is_refused_in_kube_apiservers_words() {
    let good = crd_doc("widgets", "Widget", OBJECT);
    let at = good.find("  versions:").expect("versions");
    let text = format!("{}  versions: []\n", &good[..at]);
    // apiextensions validation, validateCustomResourceDefinitionSpec.
    assert_eq!(
        crd_err(&text),
        "crds.yaml#0: spec.versions: Invalid value: []: must have exactly one version marked as storage version"
    );
}

#[test]
fn a_root_schema_that_is_not_an_object_is_refused() {
    // apiextensions structural schema validation: "must be object at the root".
    let err = crd_err(&crd_doc("widgets", "Widget", "type: string"));
    assert_eq!(err, "crds.yaml#0: spec.versions[v1].schema.openAPIV3Schema.type: Invalid value: \"string\": must be object at the root");
    let err = crd_err(&crd_doc("widgets", "Widget", "- type: object"));
    assert!(err.ends_with("must be object at the root"), "{err}");
}

#[test]
fn a_mixed_type_enum_is_refused() {
    let schema = "type: object\nproperties:\n  mode:\n    type: string\n    enum: [fast, 3, true]";
    let err = crd_err(&crd_doc("widgets", "Widget", schema));
    // kube-apiserver validates each enum value against the schema: "invalid value in enum".
    assert_eq!(
        err,
        "crds.yaml#0: spec.versions[v1].mode.enum[1]: Invalid value: 3: invalid value in enum: must be of type string\n\
         crds.yaml#0: spec.versions[v1].mode.enum[2]: Invalid value: true: invalid value in enum: must be of type string"
    );
}

#[test]
fn a_ref_is_refused_in_kube_apiservers_words() {
    let schema = "type: object\nproperties:\n  spec:\n    $ref: '#/definitions/Spec'";
    let err = crd_err(&crd_doc("widgets", "Widget", schema));
    // apiextensions validation of a CRD schema: Forbidden "$ref is not supported".
    assert_eq!(
        err,
        "crds.yaml#0: spec.versions[v1].spec.$ref: Forbidden: $ref is not supported"
    );
}

#[test]
fn the_same_crd_twice_is_refused() {
    let one = crd_doc("widgets", "Widget", OBJECT);
    let err = crd_err(&format!("{one}---\n{one}"));
    assert_eq!(
        err,
        "crds.yaml#1: metadata.name `widgets.example.com` is defined again (first in crds.yaml#0): each CRD once"
    );
    // The same kind of a group under another name, in another file.
    let other = crd_doc("gadgets", "Widget", OBJECT);
    let err = crd::import_texts(&[("a.yaml".into(), one), ("b.yaml".into(), other)], false)
        .expect_err("refused");
    assert_eq!(
        err,
        "b.yaml#0: kind `Widget` of group `example.com` is defined again (first in a.yaml#0): each CRD once"
    );
}

#[test]
fn deep_yaml_is_refused_before_parsing() {
    for n in [10_000, 100_000] {
        let text = format!("{}{}\n", "[".repeat(n), "]".repeat(n));
        let err = crd_err(&text);
        assert_eq!(
            err,
            "crds.yaml: recursion limit exceeded: nesting deeper than 128 at line 1 column 128"
        );
    }
}

fn v1_0() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/compat/v1.0.yaml");
    std::fs::read_to_string(path).expect("v1.0.yaml")
}

fn read_baseline(name: &str, text: &str) -> Result<Snapshot, String> {
    baseline::read_file(Path::new(name), text, "api-types")
}

#[test]
fn the_repositorys_baselines_still_load() {
    let text = v1_0();
    let snapshot = read_baseline("api-types/compat/v1.0.yaml", &text).expect("loads");
    assert_eq!(snapshot.release, "v1.0");
}

#[test]
fn an_unknown_key_in_a_baseline_is_an_error_at_its_place() {
    let text = v1_0().replace("  version: v1\n", "  version: v1\n  typo: 1\n");
    let err = read_baseline("compat/v1.0.yaml", &text).expect_err("refused");
    assert!(
        err.starts_with(
            "compat/v1.0.yaml is not a kapi snapshot: versions[0]: unknown field `typo`"
        ),
        "{err}"
    );
    assert!(err.contains("at line"), "{err}");
}

#[test]
fn a_release_that_is_not_the_files_name_is_an_error() {
    let err = read_baseline("compat/v2.0.yaml", &v1_0()).expect_err("refused");
    assert!(
        err.starts_with("compat/v2.0.yaml: release: `v1.0` differs from the file's name"),
        "{err}"
    );
}

#[test]
fn another_crates_baseline_is_an_error() {
    let text = v1_0().replace("crate_name: api-types", "crate_name: other-api");
    let err = read_baseline("compat/v1.0.yaml", &text).expect_err("refused");
    assert_eq!(err, "compat/v1.0.yaml: crate_name: `other-api` is another crate's snapshot (this crate is `api-types`)");
}

#[test]
fn a_type_listed_twice_is_an_error() {
    let text = v1_0();
    let start = text.find("  - name: Frobber\n").expect("Frobber");
    let end = start + 2 + text[start + 2..].find("\n  - name: ").expect("next type") + 1;
    let doubled = format!("{}{}", &text[..end], &text[start..]);
    let err = read_baseline("compat/v1.0.yaml", &doubled).expect_err("refused");
    assert!(err.contains("versions[0] (frob.example.com/v1).types[1]: type `Frobber` is listed twice (first at types[0])"), "{err}");
}

#[test]
fn a_deep_baseline_is_refused_before_parsing() {
    let text = format!(
        "{}unknown: {}{}\n",
        v1_0(),
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let err = Snapshot::from_yaml(&text).expect_err("refused");
    assert!(
        err.starts_with("recursion limit exceeded: nesting deeper than 128"),
        "{err}"
    );
}
