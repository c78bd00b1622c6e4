//! `cargo xtask fetch-k8s-fixtures [--tag vX.Y.Z]`: k8s.io/api's `testdata/` (today's `HEAD/`
//! and every release's `v1.<minor>.0/`) into `target/k8s-fixtures/<tag or HEAD>/testdata/`,
//! where kapi-k8s's fixture tests look for it. Kubernetes' files stay out of the repository.
//!
//! A shallow, blobless, sparse clone: only `testdata/`'s blobs are fetched. A shallow clone
//! can name a branch or a tag, not an arbitrary commit (GitHub does not serve every commit
//! to a shallow fetch), so the default is `master`, the branch the shipped import was taken
//! from (README: "The shipped import is k8s.io/api at commit 10b39a39"); its fixtures match
//! kapi-k8s as long as master has not changed the types since that import. `--tag` picks a
//! release's tree instead, whose `testdata/HEAD` is that release's.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where k8s.io/api lives.
pub const REPOSITORY: &str = "https://github.com/kubernetes/api.git";

pub struct Options {
    /// A tag (`v0.36.3`) or branch; `None` is `master`.
    pub tag: Option<String>,
    /// The repository to clone (a mirror, or a local path for tests).
    pub repository: String,
}

/// Clones into `<root>/target/k8s-fixtures/<tag or HEAD>`; returns the `testdata/` directory.
/// An existing clone is replaced, so a second run gets today's branch.
pub fn run(root: &Path, options: &Options) -> Result<PathBuf, String> {
    let name = options.tag.as_deref().unwrap_or("HEAD");
    if name.is_empty()
        || name.contains(['/', '\\'])
        || name.starts_with('.')
        || name.starts_with('-')
    {
        return Err(format!("`{name}` is not a tag"));
    }
    let dir = root.join("target/k8s-fixtures").join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
    }
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let branch = options.tag.as_deref().unwrap_or("master");
    let target = dir.to_string_lossy().into_owned();
    git(
        None,
        &[
            "clone",
            "--depth",
            "1",
            "--filter=blob:none",
            "--sparse",
            "--branch",
            branch,
            &options.repository,
            &target,
        ],
    )?;
    git(Some(&dir), &["sparse-checkout", "set", "testdata"])?;
    let commit = git(Some(&dir), &["rev-parse", "HEAD"])?;
    let testdata = dir.join("testdata");
    if !testdata.join("HEAD").is_dir() {
        return Err(format!(
            "{} of {} has no testdata/HEAD",
            branch, options.repository
        ));
    }
    let releases: Vec<String> = std::fs::read_dir(&testdata)
        .map_err(|e| format!("cannot read {}: {e}", testdata.display()))?
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "HEAD")
        .collect();
    let mut releases = releases;
    releases.sort();
    println!(
        "k8s.io/api {branch} ({}) testdata: HEAD and {} release(s) ({}) in {}",
        commit.trim(),
        releases.len(),
        releases.join(", "),
        testdata.display()
    );
    if options.tag.is_some() {
        println!(
            "kapi-k8s's tests find only target/k8s-fixtures/HEAD by themselves: run them with KAPI_K8S_FIXTURES={}",
            testdata.join("HEAD").display()
        );
    }
    Ok(testdata)
}

/// Runs git, its output returned; a failure names the command and what git said.
fn git(dir: Option<&Path>, args: &[&str]) -> Result<String, String> {
    let mut command = Command::new("git");
    if let Some(dir) = dir {
        command.arg("-C").arg(dir);
    }
    let output = command
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
