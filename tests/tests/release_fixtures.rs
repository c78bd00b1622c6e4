//! The example API's `v1.0` fixtures (`api-types/testdata/v1.0`) against edited copies of
//! the API, built and tested as a user's crate is: a field whose type changed fails the
//! released fixture with a message naming the file; the catalogue of compatible edits (the
//! compatibility checker's, `codegen/tests/support/edits.rs`) keeps every released fixture
//! decoding to the same bytes.
//!
//! Each copy is built with the workspace's lock file and target directory, offline, so only
//! the copy itself compiles.

// The breaking catalogue's item removal is only the checker's.
#[allow(dead_code)]
#[path = "../../codegen/tests/support/edits.rs"]
mod edits;

use edits::{apply, compatible, copy_dir, example_api, Edit, Replace};
use kapi_codegen::generate::{self, Mode};
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A copy of the example API as a crate of its own (its dependencies by path), with its
/// fixtures and its fixture test, after `edits`, generated.
fn edited_copy(edits: &[Edit]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = example_api();
    copy_dir(&from, dir.path(), &["hack", "src", "compat", "testdata"]);
    std::fs::create_dir_all(dir.path().join("tests")).unwrap();
    std::fs::copy(
        from.join("tests/fixtures.rs"),
        dir.path().join("tests/fixtures.rs"),
    )
    .unwrap();
    let manifest = std::fs::read_to_string(from.join("Cargo.toml")).unwrap();
    let start = manifest.find("[package.metadata.kapi]").unwrap();
    let end = manifest.find("[dependencies]").unwrap();
    let runtime = std::fs::canonicalize(workspace().join("runtime")).unwrap();
    let runtime = runtime.display();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"api-types\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n{}\
             [dependencies]\nkapi = {{ path = \"{runtime}\", features = [\"client\", \"cache\"] }}\nserde_json = \"1\"\n\n\
             [dev-dependencies]\nkapi = {{ path = \"{runtime}\", features = [\"apiserver\", \"fuzz\"] }}\n\n[workspace]\n",
            &manifest[start..end]
        ),
    )
    .unwrap();
    std::fs::copy(
        workspace().join("Cargo.lock"),
        dir.path().join("Cargo.lock"),
    )
    .unwrap();
    for edit in edits {
        apply(dir.path(), edit.clone());
    }
    // The checker's copied version has no conversions or generated module (the checker
    // never builds it); a built one takes v2beta1's, which read `super::` only.
    let src = dir.path().join("src");
    if src.join("v3alpha1").is_dir() {
        let module = std::fs::read_to_string(src.join("v2beta1/mod.rs")).unwrap();
        std::fs::write(
            src.join("v3alpha1/mod.rs"),
            module.replace("v2beta1", "v3alpha1"),
        )
        .unwrap();
        std::fs::copy(
            src.join("v2beta1/conversion.rs"),
            src.join("v3alpha1/conversion.rs"),
        )
        .unwrap();
    }
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    dir
}

/// `cargo test --test fixtures` in the copy: whether it passed, and what it printed.
fn fixture_test(dir: &Path, update: bool) -> (bool, String) {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"));
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args([
            "test",
            "--offline",
            "--quiet",
            "--test",
            "fixtures",
            "--",
            "--nocapture",
        ])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("KAPI_UPDATE_FIXTURES");
    if update {
        cargo.env("KAPI_UPDATE_FIXTURES", "1");
    }
    let out = cargo.output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn after_roundtrip_files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for release in std::fs::read_dir(dir.join("testdata")).unwrap() {
        for file in std::fs::read_dir(release.unwrap().path()).unwrap() {
            let name = file.unwrap().file_name().to_string_lossy().into_owned();
            if name.contains(".after_roundtrip.") {
                found.push(name);
            }
        }
    }
    found
}

#[test]
fn released_fixtures_catch_a_changed_field_type_and_survive_compatible_edits() {
    // `height` becomes a string in every version (and the hub), so the copy builds; a v1.0
    // client's `"height": 572` no longer decodes.
    let marker = "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]\n    pub height: i32,";
    let to_string = "#[k8s(protobuf = 1)]\n    pub height: String,";
    let breaking = edited_copy(&[
        Replace("v1/types.rs", marker, to_string),
        Replace("v2beta1/types.rs", marker, to_string),
        Replace(
            "internal/types.rs",
            "#[k8s(minimum = 1, maximum = 1000)]\n    pub height: i32,",
            "pub height: String,",
        ),
    ]);
    // Today's fixtures follow the change; the released ones must not.
    let (passed, output) = fixture_test(breaking.path(), true);
    assert!(!passed, "{output}");
    for fixture in [
        "testdata/v1.0/frob.example.com.v1.Frobber.json",
        "testdata/v1.0/frob.example.com.v1.Frobber.yaml",
        "testdata/v1.0/frob.example.com.v1.Frobber.pb",
        "testdata/v1.0/frob.example.com.v2beta1.Frobber.json",
    ] {
        assert!(
            output
                .lines()
                .any(|l| l.contains(fixture) && l.contains("does not decode")),
            "{fixture} not named:\n{output}"
        );
    }
    assert!(
        !output.contains("testdata/HEAD/"),
        "today's fixtures were rewritten and pass:\n{output}"
    );

    // Every compatible edit of the catalogue at once: today's fixtures are rewritten, and
    // every released one still decodes, survives the hub, and re-encodes to its own bytes,
    // except where an update run writes an `after_roundtrip` file for review.
    let mut all = Vec::new();
    for (name, edits) in compatible() {
        // Both add protobuf field 5 after `provisioner`; the catalogue's checker test covers
        // each alone, one suffices here.
        if name != "a new gated field" {
            all.extend(edits);
        }
    }
    // The new version copies v2beta1 as the other edits leave it (with the renamed port
    // type its conversions need).
    all.sort_by_key(|e| matches!(e, Edit::CopyVersion(..)));
    let compatible = edited_copy(&all);
    let (passed, output) = fixture_test(compatible.path(), true);
    assert!(passed, "{output}");
    // The one new: FrobberClass's new `zone` is a string, not an `Option`, and protobuf
    // writes such a field even when empty, as Go's generated code does; so the released
    // protobuf fixtures gain an empty field 5 (what k8s.io/api's
    // `testdata/v1.x.0/*.after_roundtrip.pb` files record). JSON is unchanged, and so are the
    // reviewed YAML files v1.0 already has (its YAML was written before kapi wrote YAML as
    // sigs.k8s.io/yaml does).
    let released = example_api().join("testdata/v1.0");
    let reviewed = |name: &str| std::fs::read(released.join(name)).ok();
    let mut after = after_roundtrip_files(compatible.path());
    after.sort();
    let (kept, new): (Vec<String>, Vec<String>) =
        after.into_iter().partition(|name| reviewed(name).is_some());
    assert_eq!(
        new,
        [
            "frob.example.com.v1.FrobberClass.after_roundtrip.pb",
            "frob.example.com.v2beta1.FrobberClass.after_roundtrip.pb"
        ]
    );
    assert!(!kept.is_empty());
    for name in &kept {
        assert!(name.ends_with(".yaml"), "{name}");
        let rewritten = std::fs::read(compatible.path().join("testdata/v1.0").join(name)).ok();
        assert_eq!(rewritten, reviewed(name), "{name} changed");
    }
    assert!(output.contains("v1.0: 12"), "{output}");
}
