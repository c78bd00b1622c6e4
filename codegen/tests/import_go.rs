//! The Go importer on a package of our own (`tests/import/go`, module `example.com/api`):
//! every construct it translates and some it must refuse. The output is pinned by
//! snapshots, passes codegen's parse and check, is laid out as rustfmt lays it out, and is
//! the same bytes on every run.

use kapi_codegen::import::go::{self, Imported, Options, FEATURE_GATES_FILE};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn go_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/import/go")
}

fn import(doc_comments: bool) -> Imported {
    let root = go_root();
    let dirs = [root.join("widgets/v1"), root.join("gadgets/v1alpha1")];
    let options = Options {
        doc_comments,
        packages: BTreeMap::new(),
        layout: Default::default(),
    };
    go::import(&dirs, &root, &options).expect("imports")
}

fn file<'a>(imported: &'a Imported, path: &str) -> &'a str {
    &imported
        .files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .text
}

#[test]
fn output_is_pinned() {
    let imported = import(true);
    let paths: Vec<&str> = imported.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        ["gadgets/v1alpha1.rs", "widgets/v1.rs", FEATURE_GATES_FILE]
    );
    insta::assert_snapshot!("widgets_v1", file(&imported, "widgets/v1.rs"));
    insta::assert_snapshot!("gadgets_v1alpha1", file(&imported, "gadgets/v1alpha1.rs"));
    insta::assert_snapshot!("feature_gates", file(&imported, FEATURE_GATES_FILE));
}

#[test]
fn warnings_are_pinned() {
    let imported = import(true);
    let text: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!("warnings", text.join("\n"));
}

#[test]
fn refused_constructs_are_each_a_warning() {
    let imported = import(true);
    let text: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    for needle in [
        "a function type has no JSON form",
        "a channel has no JSON form",
        "an interface has no JSON form",
        "`Box` is generic",
        "`Runner` is an interface",
        "`example.com/elsewhere/v1.Thing` is neither imported",
        "a fixed-size array",
        "Go's `int` has the platform's size",
        "`Gadgetry.Skipped` is not serialized",
        "`Gadgetry.hidden` is unexported",
        "an anonymous struct",
        "`+frobnicate=yes` has no kapi equivalent",
        "default `{\"a\":1}` is not of the field's shape",
        "constant `MaxParts` is not a string",
        "client method `Evict` uses verb `create`",
        "a validation rule has no `severity`",
        // Issue 35: a rule that does not compile is reported where it is written.
        "`self.size >` is not valid CEL: ",
        "`SchemaOrArray` writes its own JSON (`MarshalJSON`/`UnmarshalJSON` at gadgets/v1alpha1/marshal.go:4:1): imported as `#[k8s(custom_json)]`",
        "list-map key `type` is not a field of `SchemaCondition`",
    ] {
        assert!(
            text.iter().any(|w| w.contains(needle)),
            "no warning containing {needle:?} in:\n{}",
            text.join("\n")
        );
    }
    // Every warning names the place: file:line:col.
    for w in &text {
        let at = w.split(": warning: ").next().unwrap_or("");
        let parts: Vec<&str> = at.rsplitn(3, ':').collect();
        assert!(
            parts.len() == 3
                && parts[0].parse::<usize>().is_ok()
                && parts[1].parse::<usize>().is_ok(),
            "{w}"
        );
    }
    // Generated Go is never read.
    assert!(!file(&imported, "widgets/v1.rs").contains("GeneratedOnly"));
}

/// A type that writes its own JSON keeps its Go fields (its protobuf form) and is marked so
/// that its serde impls are left to a hand-written file, with the schema its Go methods state.
#[test]
fn a_type_with_its_own_json_is_marked_custom_json() {
    let imported = import(false);
    let text = file(&imported, "gadgets/v1alpha1.rs");
    assert!(
        text.contains("#[k8s(custom_json)]\npub struct SchemaOrArray {"),
        "{text}"
    );
    // What `OpenAPISchemaType()` and `OpenAPISchemaFormat()` return, kube-openapi publishes.
    assert!(
        text.contains(
            "#[k8s(custom_json(type = \"string\", format = \"password\"))]\npub struct Token {"
        ),
        "{text}"
    );
}

#[test]
fn layout_gates_each_module_and_includes_its_generated_code() {
    let root = go_root();
    let options = Options {
        doc_comments: false,
        packages: BTreeMap::new(),
        layout: kapi_codegen::import::ir::Layout {
            cargo_features: true,
            generated: Some("../generated".into()),
        },
    };
    let imported = go::import(&[root.join("widgets/v1")], &root, &options).expect("imports");
    let text = file(&imported, "widgets/v1.rs");
    assert!(
        text.contains("    cargo_feature = \"widgets-v1\",\n}\n"),
        "no cargo feature in:\n{text}"
    );
    // `widgets/v1.rs` sits one directory below the output: its `#[path]` climbs out of
    // `widgets/` and the output directory, to `<crate>/generated/widgets/v1/mod.rs`.
    assert!(
        text.contains(
            "#[rustfmt::skip]\n#[path = \"../../generated/widgets/v1/mod.rs\"]\npub mod generated;\n"
        ),
        "no include of the generated module in:\n{text}"
    );
    // Without a layout, neither is written (the pinned output above).
    let plain = import(false);
    assert!(!file(&plain, "widgets/v1.rs").contains("cargo_feature"));
    assert!(!file(&plain, "widgets/v1.rs").contains("pub mod generated"));
}

#[test]
fn doc_comments_can_be_dropped() {
    let imported = import(false);
    for f in &imported.files {
        assert!(!f.text.contains("///"), "{}", f.path);
        assert!(!f.text.contains("//!"), "{}", f.path);
    }
}

#[test]
fn a_second_run_gives_the_same_bytes() {
    let first = import(true);
    let second = import(true);
    assert_eq!(first.files, second.files);
    assert_eq!(first.warnings, second.warnings);
}

/// A crate holding the imported modules, with the feature gates at its root.
fn scratch_crate(imported: &Imported) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    for f in &imported.files {
        if f.path == FEATURE_GATES_FILE {
            continue;
        }
        let path = src.join(&f.path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &f.text).expect("write");
    }
    let lib = format!(
        "{}\npub mod gadgets {{\n    pub mod v1alpha1;\n}}\npub mod widgets {{\n    pub mod v1;\n}}\n",
        file(imported, FEATURE_GATES_FILE)
    );
    std::fs::write(src.join("lib.rs"), lib).expect("write lib.rs");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"imported\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .expect("write Cargo.toml");
    dir
}

#[test]
fn output_passes_codegen_parse_and_check() {
    let imported = import(true);
    let dir = scratch_crate(&imported);
    // The one field without a protobuf tag gets its number the way the warning says.
    kapi_codegen::assign_protobuf_tags::assign(dir.path()).expect("assigns protobuf numbers");
    match kapi_codegen::generate::load(dir.path()) {
        Ok(loaded) => {
            let kinds: Vec<&str> = loaded
                .model
                .versions
                .iter()
                .flat_map(|v| v.kinds().map(|k| k.name.as_str()))
                .collect();
            assert_eq!(
                kinds,
                [
                    "Gadget",
                    "GadgetList",
                    "Widget",
                    "WidgetList",
                    "WidgetOptions"
                ]
            );
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn output_is_laid_out_as_rustfmt_does() {
    let imported = import(true);
    let dir = scratch_crate(&imported);
    let files: Vec<PathBuf> = imported
        .files
        .iter()
        .filter(|f| f.path != FEATURE_GATES_FILE)
        .map(|f| dir.path().join("src").join(&f.path))
        .collect();
    let status = Command::new("rustfmt")
        .args(["--edition", "2021", "--check"])
        .args(&files)
        .status();
    match status {
        Ok(s) => assert!(s.success(), "rustfmt would reformat the imported files"),
        Err(e) if std::env::var_os("KAPI_REQUIRE_TOOLS").is_some() => panic!("rustfmt: {e}"),
        Err(e) => eprintln!("rustfmt not run: {e}"),
    }
}

#[test]
fn import_path_comes_from_go_mod() {
    assert_eq!(
        go::import_path(&go_root().join("widgets/v1")),
        "example.com/api/widgets/v1"
    );
    assert_eq!(go::import_path(Path::new("/nowhere/apps/v1")), "apps/v1");
}

/// A crate whose Cargo.toml lists the test package as an import.
fn crate_with_import(go_dir: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"imported\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [package.metadata.kapi.import]\ngo = [{:?}]\noutput = \"src/apis\"\ndoc-comments = false\n",
            go_dir.display().to_string()
        ),
    )
    .expect("write Cargo.toml");
    dir
}

#[test]
fn metadata_imports_are_rerun_and_verified() {
    use kapi_codegen::generate::Mode;
    use kapi_codegen::import::settings;
    let dir = crate_with_import(&go_root().join("widgets/v1"));
    let written = settings::run(dir.path(), Mode::Write).expect("imports");
    assert_eq!(
        written.written,
        [
            PathBuf::from("src/apis/widgets/v1.rs"),
            PathBuf::from("src/apis/feature_gates.rs")
        ]
    );
    assert!(written
        .notes
        .iter()
        .any(|n| n.contains("warning: a channel")));
    let verified = settings::run(dir.path(), Mode::Verify).expect("verifies");
    assert!(verified.diffs.is_empty());
    assert_eq!(verified.unchanged.len(), 2);

    let file = dir.path().join("src/apis/widgets/v1.rs");
    let text = std::fs::read_to_string(&file).expect("read");
    std::fs::write(&file, text.replace("pub size: i32", "pub size: i64")).expect("edit");
    let stale = settings::run(dir.path(), Mode::Verify).expect("verifies");
    assert_eq!(stale.diffs.len(), 1);
    assert!(
        stale.diffs[0].1.contains("-    pub size: i64"),
        "{}",
        stale.diffs[0].1
    );
    assert!(
        stale.diffs[0].1.contains("+    pub size: i32"),
        "{}",
        stale.diffs[0].1
    );
}

#[test]
fn metadata_import_of_a_missing_source_is_skipped_with_a_note() {
    use kapi_codegen::generate::Mode;
    use kapi_codegen::import::settings;
    let dir = crate_with_import(Path::new("/nowhere/widgets/v1"));
    let report = settings::run(dir.path(), Mode::Verify).expect("runs");
    assert!(report.diffs.is_empty() && report.written.is_empty());
    assert_eq!(report.notes.len(), 1);
    assert!(
        report.notes[0].contains("is not on this machine"),
        "{}",
        report.notes[0]
    );
}
