//! Where a baseline comes from: a snapshot file, a release name (`compat/<name>.yaml` in the
//! crate), or a git revision, whose copy of the crate's source is read into a temporary
//! directory and modelled with the same parser as today's.

use super::snapshot::Snapshot;
use crate::generate::{self, Error};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The directory of a crate's release snapshots.
pub const SNAPSHOT_DIR: &str = "compat";

/// `compat/<release>.yaml` of the crate.
pub fn snapshot_path(crate_dir: &Path, release: &str) -> PathBuf {
    crate_dir.join(SNAPSHOT_DIR).join(format!("{release}.yaml"))
}

/// The baseline `spec` names: a file, else a release snapshot of the crate, else a git
/// revision. `crate_name` is the crate being checked: a snapshot of another crate is no
/// baseline for it.
pub fn load(crate_dir: &Path, spec: &str, crate_name: &str) -> Result<Snapshot, Error> {
    let file = [PathBuf::from(spec), snapshot_path(crate_dir, spec)]
        .into_iter()
        .find(|p| p.is_file());
    if let Some(file) = file {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", file.display())))?;
        return read_file(&file, &text, crate_name).map_err(Error::Io);
    }
    if git(
        crate_dir,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{spec}^{{commit}}"),
        ],
    )
    .is_err()
    {
        return Err(Error::Io(format!(
            "baseline `{spec}`: no such file, no {}, and no git revision of that name",
            snapshot_path(crate_dir, spec).display()
        )));
    }
    at_revision(crate_dir, spec)
}

/// A snapshot file read strictly ([`Snapshot::from_yaml`]): its `release` is its file's
/// name (`compat/v1.0.yaml` records `v1.0`, as `--snapshot-release` writes it) and its
/// `crate_name` the crate's.
pub fn read_file(file: &Path, text: &str, crate_name: &str) -> Result<Snapshot, String> {
    let shown = file.display();
    let snapshot =
        Snapshot::from_yaml(text).map_err(|e| format!("{shown} is not a kapi snapshot: {e}"))?;
    let stem = file.file_stem().map(|s| s.to_string_lossy());
    if stem.as_deref() != Some(snapshot.release.as_str()) {
        return Err(format!(
            "{shown}: release: `{}` differs from the file's name (a snapshot of release `{}` is `{}.yaml`)",
            snapshot.release,
            stem.as_deref().unwrap_or(""),
            snapshot.release
        ));
    }
    if snapshot.crate_name != crate_name {
        return Err(format!(
            "{shown}: crate_name: `{}` is another crate's snapshot (this crate is `{crate_name}`)",
            snapshot.crate_name
        ));
    }
    Ok(snapshot)
}

/// The crate's API as it was at git revision `rev`.
fn at_revision(crate_dir: &Path, rev: &str) -> Result<Snapshot, Error> {
    let root = PathBuf::from(git(crate_dir, &["rev-parse", "--show-toplevel"])?.trim());
    let prefix = git(crate_dir, &["rev-parse", "--show-prefix"])?
        .trim()
        .to_string();
    let pathspec = if prefix.is_empty() {
        "."
    } else {
        prefix.as_str()
    };
    let listing = git(
        &root,
        &["ls-tree", "-r", "-z", "--name-only", rev, "--", pathspec],
    )?;
    // Today's settings say where generated files are; they are never API source.
    let output = generate::Settings::load(crate_dir)
        .map(|s| format!("{prefix}{}/", s.output.display()))
        .unwrap_or_default();
    let paths: Vec<&str> = listing
        .split('\0')
        .filter(|p| !p.is_empty() && (output.is_empty() || !p.starts_with(&output)))
        .collect();
    if !paths
        .iter()
        .any(|p| p.strip_prefix(&prefix) == Some("Cargo.toml"))
    {
        return Err(Error::Io(format!(
            "the crate {} has no Cargo.toml at git revision {rev}",
            crate_dir.display()
        )));
    }
    let dir = tempfile::tempdir().map_err(|e| Error::Io(format!("temporary directory: {e}")))?;
    for (path, contents) in paths.iter().zip(blobs(&root, rev, &paths)?) {
        let relative = path.strip_prefix(&prefix).unwrap_or(path);
        let target = dir.path().join(relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::Io(e.to_string()))?;
        }
        std::fs::write(&target, contents).map_err(|e| Error::Io(e.to_string()))?;
    }
    let (model, _) = generate::load_model(dir.path())?;
    Ok(Snapshot::of(&model, rev))
}

/// The contents of `paths` at `rev`, in order, from one `git cat-file --batch`.
fn blobs(root: &Path, rev: &str, paths: &[&str]) -> Result<Vec<Vec<u8>>, Error> {
    let fail = |e: std::io::Error| Error::Io(format!("git cat-file: {e}"));
    let mut child = Command::new("git")
        .current_dir(root)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(fail)?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| Error::Io("git cat-file: no stdin".into()))?;
    let requests: String = paths.iter().map(|p| format!("{rev}:{p}\n")).collect();
    // Written from a thread: git answers while we still write, and both pipes are bounded.
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| Error::Io("git cat-file: no stdout".into()))?;
    let mut reader = BufReader::new(stdout);
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let mut header = String::new();
        reader.read_line(&mut header).map_err(fail)?;
        let size: usize = match header.split_whitespace().collect::<Vec<_>>().as_slice() {
            [_, "blob", size] => size
                .parse()
                .map_err(|_| Error::Io(format!("git cat-file: bad header `{header}`")))?,
            _ => {
                return Err(Error::Io(format!(
                    "git cat-file: {path}: {}",
                    header.trim()
                )))
            }
        };
        let mut contents = vec![0; size];
        reader.read_exact(&mut contents).map_err(fail)?;
        let mut newline = [0u8; 1];
        reader.read_exact(&mut newline).map_err(fail)?;
        out.push(contents);
    }
    match writer.join() {
        Ok(result) => result.map_err(fail)?,
        Err(_) => return Err(Error::Io("git cat-file: writer panicked".into())),
    }
    child.wait().map_err(fail)?;
    Ok(out)
}

/// `git args` in `dir`: its standard output, or why it failed.
fn git(dir: &Path, args: &[&str]) -> Result<String, Error> {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .map_err(|e| Error::Io(format!("git: {e}")))?;
    if !out.status.success() {
        return Err(Error::Io(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    String::from_utf8(out.stdout).map_err(|e| Error::Io(format!("git {}: {e}", args.join(" "))))
}
