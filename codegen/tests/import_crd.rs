//! The CRD importer on a CRD of our own (`tests/import/crd/gizmos.yaml`): nested objects,
//! int-or-string, preserved unknown fields, list-maps, enums, CEL rules, several versions.
//! Snapshots of the output and warnings; the output passes codegen's parse and check and is
//! the same bytes on every run.

use kapi_codegen::import::crd;
use std::path::PathBuf;

fn input() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/import/crd/gizmos.yaml")
}

fn import() -> crd::Imported {
    let file = input();
    crd::import(&[file.as_path()], true).expect("imports")
}

#[test]
fn output_and_warnings_are_pinned() {
    let imported = import();
    let paths: Vec<&str> = imported.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["tools/v1.rs", "tools/v1beta1.rs"]);
    insta::assert_snapshot!("tools_v1", imported.files[0].text);
    insta::assert_snapshot!("tools_v1beta1", imported.files[1].text);
    let warnings: Vec<String> = imported
        .warnings
        .iter()
        .map(|w| {
            w.to_string()
                .replace(&input().display().to_string(), "gizmos.yaml")
        })
        .collect();
    insta::assert_snapshot!("crd_warnings", warnings.join("\n"));
}

#[test]
fn a_second_run_gives_the_same_bytes() {
    assert_eq!(import().files, import().files);
}

#[test]
fn output_passes_codegen_parse_and_check() {
    let imported = import();
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    for f in &imported.files {
        let path = src.join(&f.path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &f.text).expect("write");
    }
    std::fs::write(
        src.join("lib.rs"),
        "pub mod tools {\n    pub mod v1;\n    pub mod v1beta1;\n}\n",
    )
    .expect("write lib.rs");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"imported\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .expect("write Cargo.toml");
    if let Err(e) = kapi_codegen::generate::load(dir.path()) {
        panic!("{e}");
    }
}
