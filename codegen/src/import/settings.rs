//! `[package.metadata.kapi.import]`: the imports an API crate re-runs on every `cargo xtask
//! codegen`, so imported files stay what the importer makes of their source, and
//! `--verify-only` reports a stale one with a diff like a stale generated file.
//!
//! ```toml
//! [package.metadata.kapi.import]
//! go = ["../go-api/apis/widgets/v1"]      # Go package directories, relative to the crate
//! output = "src/apis"                      # where the modules are written
//! packages = { "example.com/widgets/v1" = "crate::widgets::v1" }
//! doc-comments = true                      # default true
//! cargo-features = true                    # each group-version behind `<group>-<version>`
//! generated = "generated"                  # include generated/<group>/<version>/mod.rs
//! ```
//!
//! Several imports are an array of tables (`[[package.metadata.kapi.import]]`).

use super::go;
use super::ImportedFile;
use crate::diagnostics::closest;
use crate::generate::output::unified_diff;
use crate::generate::Mode;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const KEYS: &[&str] = &[
    "go",
    "output",
    "packages",
    "doc-comments",
    "cargo-features",
    "generated",
];

/// One import of a crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportSettings {
    /// Go package directories, relative to the crate.
    pub go: Vec<PathBuf>,
    /// Output directory, relative to the crate.
    pub output: PathBuf,
    pub options: go::Options,
}

/// The crate's imports; none when its manifest has no `[package.metadata.kapi.import]`.
pub fn load(crate_dir: &Path) -> Result<Vec<ImportSettings>, String> {
    let manifest_path = crate_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest_path)
        .map_err(|e| format!("cannot read {}: {e}", manifest_path.display()))?;
    let manifest: toml::Table = text
        .parse()
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    let entry = manifest
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("kapi"))
        .and_then(|k| k.get("import"));
    let tables: Vec<&toml::Table> = match entry {
        None => return Ok(Vec::new()),
        Some(toml::Value::Table(t)) => vec![t],
        Some(toml::Value::Array(items)) => items.iter().filter_map(|i| i.as_table()).collect(),
        Some(_) => {
            return Err(format!(
                "{}: [package.metadata.kapi.import] must be a table or an array of tables",
                manifest_path.display()
            ))
        }
    };
    let bad = |what: &str| {
        format!(
            "{}: [package.metadata.kapi.import] {what}",
            manifest_path.display()
        )
    };
    let mut out = Vec::new();
    for t in tables {
        if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
            let hint = closest(k, KEYS.iter().copied())
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Err(bad(&format!("has no setting `{k}`{hint}")));
        }
        let go = match t.get("go") {
            Some(toml::Value::Array(dirs)) => dirs
                .iter()
                .map(|d| d.as_str().map(PathBuf::from))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("`go` must be a list of directories"))?,
            Some(toml::Value::String(d)) => vec![PathBuf::from(d)],
            _ => return Err(bad("needs `go`, the Go package directories")),
        };
        let output = t
            .get("output")
            .and_then(|o| o.as_str())
            .map(PathBuf::from)
            .ok_or_else(|| bad("needs `output`, the directory the modules are written to"))?;
        let mut packages = BTreeMap::new();
        if let Some(map) = t.get("packages") {
            let map = map
                .as_table()
                .ok_or_else(|| bad("`packages` must be a table"))?;
            for (k, v) in map {
                let v = v
                    .as_str()
                    .ok_or_else(|| bad(&format!("`packages.{k}` must be a Rust module path")))?;
                packages.insert(k.clone(), v.to_string());
            }
        }
        let doc_comments = match t.get("doc-comments") {
            None => true,
            Some(v) => v
                .as_bool()
                .ok_or_else(|| bad("`doc-comments` must be true or false"))?,
        };
        let cargo_features = match t.get("cargo-features") {
            None => false,
            Some(v) => v
                .as_bool()
                .ok_or_else(|| bad("`cargo-features` must be true or false"))?,
        };
        // Crate-relative here; the writer wants it relative to the modules' directory.
        let generated = match t.get("generated") {
            None => None,
            Some(v) => {
                let dir = v
                    .as_str()
                    .ok_or_else(|| bad("`generated` must be the crate's generated directory"))?;
                let up = "../".repeat(output.components().count());
                Some(format!("{up}{dir}"))
            }
        };
        out.push(ImportSettings {
            go,
            output,
            options: go::Options {
                doc_comments,
                packages,
                layout: super::ir::Layout {
                    cargo_features,
                    generated,
                },
            },
        });
    }
    Ok(out)
}

/// What re-running a crate's imports did.
#[derive(Debug, Default)]
pub struct ImportReport {
    pub written: Vec<PathBuf>,
    pub unchanged: Vec<PathBuf>,
    /// Verify mode: a unified diff per stale or missing imported file.
    pub diffs: Vec<(PathBuf, String)>,
    /// Warnings of the importer, and imports skipped because their source is not here.
    pub notes: Vec<String>,
}

/// Re-runs every import of the crate: writes the files, or in verify mode compares them.
/// An import whose Go directories do not exist on this machine is skipped with a note.
pub fn run(crate_dir: &Path, mode: Mode) -> Result<ImportReport, String> {
    let mut report = ImportReport::default();
    for import in load(crate_dir)? {
        let dirs: Vec<PathBuf> = import.go.iter().map(|d| crate_dir.join(d)).collect();
        if let Some(missing) = dirs.iter().find(|d| !d.is_dir()) {
            report.notes.push(format!(
                "kapi-codegen: import into {} skipped: its Go source {} is not on this machine",
                import.output.display(),
                missing.display()
            ));
            continue;
        }
        let imported = go::import(&dirs, crate_dir, &import.options)?;
        report
            .notes
            .extend(imported.warnings.iter().map(ToString::to_string));
        for file in &imported.files {
            apply_file(crate_dir, &import.output, file, mode, &mut report)?;
        }
    }
    Ok(report)
}

fn apply_file(
    crate_dir: &Path,
    output: &Path,
    file: &ImportedFile,
    mode: Mode,
    report: &mut ImportReport,
) -> Result<(), String> {
    let rel = output.join(&file.path);
    let full = crate_dir.join(&rel);
    let current = std::fs::read_to_string(&full).ok();
    if current.as_deref() == Some(file.text.as_str()) {
        report.unchanged.push(rel);
        return Ok(());
    }
    match mode {
        Mode::Verify => {
            let diff = unified_diff(&rel, current.as_deref(), Some(&file.text));
            report.diffs.push((rel, diff));
        }
        Mode::Write => {
            if let Some(parent) = full.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::write(&full, &file.text)
                .map_err(|e| format!("cannot write {}: {e}", full.display()))?;
            report.written.push(rel);
        }
    }
    Ok(())
}
