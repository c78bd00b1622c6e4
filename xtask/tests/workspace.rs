//! `cargo xtask` works on the checkout it runs in, not the one it was compiled in: with a
//! shared `CARGO_TARGET_DIR`, one clone's binary runs in another.

use std::path::Path;
use std::process::Command;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

#[test]
fn verify_only_checks_the_workspace_it_runs_in_and_names_it() {
    let other = tempfile::tempdir().expect("tempdir");
    write(
        &other.path().join("Cargo.toml"),
        "[workspace]\nmembers = []\n",
    );
    for krate in ["api-types", "api-types/widgets"] {
        let dir = other.path().join(krate);
        write(
            &dir.join("Cargo.toml"),
            "[package]\nname = \"api\"\nversion = \"0.1.0\"\n\n[package.metadata.kapi]\noutput = \"generated\"\n",
        );
        write(&dir.join("src/lib.rs"), "");
    }
    // Run from a subdirectory: the workspace is found upwards.
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["codegen", "--verify-only"])
        .current_dir(other.path().join("api-types/src"))
        .output()
        .expect("xtask runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let root = std::fs::canonicalize(other.path()).expect("canonical");
    // The other checkout has no generated files yet: its verify-only fails, naming it.
    assert!(!out.status.success(), "{stdout}");
    for krate in ["api-types", "api-types/widgets"] {
        let named = format!("kapi-codegen: {}:", root.join(krate).display());
        assert!(stdout.contains(&named), "{named} not in:\n{stdout}");
    }
    let this_checkout = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("root");
    assert!(
        !stdout.contains(&this_checkout.display().to_string()),
        "verified the checkout xtask was built in:\n{stdout}"
    );
}

#[test]
fn outside_any_workspace_it_says_so() {
    let nowhere = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["codegen", "--verify-only"])
        .current_dir(nowhere.path())
        .output()
        .expect("xtask runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no Cargo.toml with [workspace]"),
        "{stderr}"
    );
}
