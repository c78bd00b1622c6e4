//! `fixture-root` as an external input and `fixture-rules`: on a copy of the example API,
//! codegen writes the lookup into `fixtures()` and never verifies an external root, present
//! or absent; malformed settings are errors naming the key.

use std::path::{Path, PathBuf};
use std::process::Command;

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of api-types whose `[package.metadata.kapi]` starts with `settings`.
fn scratch_api(settings: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for part in ["src", "generated", "hack", "testdata"] {
        copy_dir(&example_api().join(part), &dir.path().join(part));
    }
    let manifest = std::fs::read_to_string(example_api().join("Cargo.toml")).unwrap();
    let manifest = manifest.replacen(
        "[package.metadata.kapi]\n",
        &format!("[package.metadata.kapi]\n{settings}\n"),
        1,
    );
    std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    dir
}

fn codegen(dir: &Path, verify: bool) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kapi-codegen"));
    if verify {
        command.arg("--verify-only");
    }
    let out = command.arg(dir).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_external_root_is_looked_up_at_test_time_and_never_verified() {
    let dir = scratch_api(
        r#"fixture-root = { env = "FROB_FIXTURES", paths = ["../frob-fixtures", "target/frob"], fetch = "make fixtures" }"#,
    );
    let (ok, stderr) = codegen(dir.path(), false);
    assert!(ok, "{stderr}");
    let generated = std::fs::read_to_string(dir.path().join("generated/round_trip.rs")).unwrap();
    for expected in [
        r#"env: "FROB_FIXTURES""#,
        r#".join("../frob-fixtures")"#,
        r#".join("target/frob")"#,
        r#"fetch: ::core::option::Option::Some("make fixtures")"#,
        "root: external.root()",
        "rules: ::kapi::fixtures::Rules::Kubernetes",
    ] {
        assert!(generated.contains(expected), "{expected} in\n{generated}");
    }
    // The crate's own `testdata/` is no longer its root: a stale fixture there is not
    // codegen's business, and neither is the external root, absent or present.
    std::fs::write(
        dir.path()
            .join("testdata/HEAD/frob.example.com.v1.Gone.json"),
        "{}",
    )
    .unwrap();
    let (ok, stderr) = codegen(dir.path(), true);
    assert!(ok, "{stderr}");
    let external = dir.path().join("target/frob");
    std::fs::create_dir_all(&external).unwrap();
    std::fs::write(external.join("frob.example.com.v1.Gone.json"), "{}").unwrap();
    let (ok, stderr) = codegen(dir.path(), true);
    assert!(ok, "{stderr}");
}

#[test]
fn the_rules_default_by_root_and_can_be_set() {
    let dir = scratch_api(r#"fixture-rules = "kubernetes""#);
    let (ok, stderr) = codegen(dir.path(), false);
    assert!(ok, "{stderr}");
    let generated = std::fs::read_to_string(dir.path().join("generated/round_trip.rs")).unwrap();
    assert!(generated.contains("rules: ::kapi::fixtures::Rules::Kubernetes"));
    assert!(generated.contains("external: ::core::option::Option::None"));
    // The example API's own root keeps kapi's rules.
    let own = std::fs::read_to_string(example_api().join("generated/round_trip.rs")).unwrap();
    assert!(own.contains("rules: ::kapi::fixtures::Rules::Kapi"));
}

#[test]
fn malformed_fixture_settings_are_errors() {
    for (settings, message) in [
        (
            r#"fixture-rules = "go""#,
            "fixture-rules is `kapi` or `kubernetes`, not `go`",
        ),
        (
            r#"fixture-root = { paths = ["x"] }"#,
            "fixture-root needs `env`",
        ),
        (
            r#"fixture-root = { env = "X", path = ["x"] }"#,
            "has no key `path` (did you mean `paths`?)",
        ),
        (
            r#"fixture-root = { env = "X", paths = "x" }"#,
            "`paths` is a list of paths",
        ),
        ("fixture-root = 3", "fixture-root is a path or a table"),
    ] {
        let dir = scratch_api(settings);
        let (ok, stderr) = codegen(dir.path(), true);
        assert!(!ok, "{settings} accepted");
        assert!(stderr.contains(message), "{settings}: {stderr}");
    }
}
