//! The API compatibility checker: today's API against a released baseline, by the rules of
//! the "changing the API" guide ("On compatibility", "Backward compatibility gotchas").
//!
//! A baseline is a [`Snapshot`]: what clients and stored objects see of each served
//! group-version, written by `--snapshot-release <name>` to `compat/<name>.yaml` and checked
//! in, or read from a git revision of the crate ([`baseline`]). [`diff`] pairs the baseline's
//! items with today's and returns each break of a rule ([`rules`]); [`report`] points each at
//! today's source, as an error in a beta or GA version and a warning in an alpha one (a
//! version's stability is its name; what the baseline had behind an alpha gate counts as
//! alpha, and a kind (or a version, when all its kinds are) its release marked
//! `lifecycle(deprecated)` may go with a warning, with `lifecycle(removed)` silently), and
//! drops those an `allow_compat(rule, reason)` accepts.

pub mod baseline;
mod change;
pub mod diff;
mod field_changes;
pub mod report;
pub mod rules;
pub mod snapshot;

pub use report::Compat;
pub use rules::Rule;
pub use snapshot::Snapshot;

use crate::generate::{self, Error};
use crate::model::Model;
use std::path::{Path, PathBuf};

/// Today's `model` against `baseline`.
pub fn check(baseline: &Snapshot, model: &Model) -> Compat {
    let today = Snapshot::of(model, "today");
    report::report(diff::diff(baseline, &today), model, &baseline.release)
}

/// What `--compat` prints: each finding and marker error rendered like rustc.
#[derive(Debug, Default)]
pub struct Outcome {
    pub rendered: Vec<String>,
    pub errors: usize,
    pub warnings: usize,
    pub accepted: usize,
}

impl Outcome {
    pub fn summary(&self, baseline: &str) -> String {
        format!(
            "compat: {} error(s), {} warning(s) against {baseline}{}",
            self.errors,
            self.warnings,
            if self.accepted > 0 {
                format!("; {} break(s) accepted by allow_compat", self.accepted)
            } else {
                String::new()
            }
        )
    }
}

/// `--compat <baseline>` on the crate at `crate_dir`.
pub fn run(crate_dir: &Path, baseline_spec: &str) -> Result<Outcome, Error> {
    let loaded = generate::load(crate_dir)?;
    let baseline = baseline::load(crate_dir, baseline_spec, &loaded.model.crate_name)?;
    let compat = check(&baseline, &loaded.model);
    let all: Vec<_> = compat.errors.iter().chain(&compat.findings).collect();
    Ok(Outcome {
        rendered: all.iter().map(|d| loaded.render(d)).collect(),
        errors: all.iter().filter(|d| !d.is_warning()).count(),
        warnings: all.iter().filter(|d| d.is_warning()).count(),
        accepted: compat.accepted,
    })
}

/// `--snapshot-release <name>`: writes the crate's API to `compat/<name>.yaml`. A release's
/// snapshot is what its users rely on, so an existing one that differs is never replaced;
/// one written before some facts were recorded is kept as it is when today's API equals it
/// on the facts it has.
pub fn write_snapshot(crate_dir: &Path, release: &str) -> Result<PathBuf, Error> {
    let (model, _) = generate::load_model(crate_dir)?;
    let snapshot = Snapshot::of(&model, release);
    let yaml = snapshot.to_yaml().map_err(Error::Io)?;
    let path = baseline::snapshot_path(crate_dir, release);
    let same_api = |old: &str| {
        Snapshot::from_yaml(old).is_ok_and(|old| *snapshot.as_recorded(&old.records) == old)
    };
    match std::fs::read_to_string(&path) {
        Ok(old) if old == yaml || same_api(&old) => return Ok(path),
        Ok(_) => {
            return Err(Error::Io(format!(
                "{} exists and differs: a released baseline is never rewritten (delete it only if release {release} was never published)",
                path.display()
            )))
        }
        Err(_) => {}
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(&path, yaml)
        .map_err(|e| Error::Io(format!("cannot write {}: {e}", path.display())))?;
    Ok(path)
}
