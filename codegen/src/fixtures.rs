//! Per-release fixtures (issue 19, k8s.io/api's `testdata/`): which fixtures today's API
//! has, the fingerprint of each kind they were written for, `--verify-only`'s check that
//! `testdata/HEAD` is in sync, and `--snapshot-release`'s copy of it to `testdata/<name>`.
//!
//! Codegen does not link the API crate, so the fixtures are written by the generated test
//! (`kapi::fixtures::run` with `KAPI_UPDATE_FIXTURES=1`), from the derived `Fuzz` impls and
//! the crate's fuzz hooks: a model-built object would miss the invariants hand-written
//! conversions rely on (v2beta1's `param` is `params[0]`) and would not be a fixed point of
//! the hub. What codegen can know without running the crate is the shape each fixture
//! stands for: `HEAD/FINGERPRINTS` records each kind's fingerprint when its fixtures were
//! written, and a kind whose shape changed since shows as a diff naming its fixtures.

use crate::compat::snapshot::{Snapshot, TypeSnap};
use crate::generate::error::Error;
use crate::generate::output::unified_diff;
use crate::generate::settings::Settings;
use crate::model::check::protobuf_enabled;
use crate::model::{GroupVersion, KindCategory, Model, TypeDef};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Today's fixtures of HEAD, the file listing their fingerprints, and the infix of a
/// reviewed round-trip result (the runtime's `kapi::fixtures` uses the same names).
pub const HEAD: &str = "HEAD";
pub const FINGERPRINTS: &str = "FINGERPRINTS";
const AFTER_ROUNDTRIP: &str = ".after_roundtrip.";
const EXTENSIONS: [&str; 3] = ["json", "yaml", "pb"];

/// One kind's fixtures: `<group>.<version>.<Kind>` and the formats it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureKind {
    pub name: String,
    pub fingerprint: String,
    pub protobuf: bool,
}

impl FixtureKind {
    pub fn files(&self) -> impl Iterator<Item = String> + '_ {
        EXTENSIONS
            .iter()
            .filter(|ext| self.protobuf || **ext != "pb")
            .map(|ext| format!("{}.{ext}", self.name))
    }
}

/// k8s.io/api's fixture name of a kind: `apps.v1.Deployment`, `core.v1.Pod` for the core
/// group.
pub fn fixture_name(gv: &GroupVersion, kind: &TypeDef) -> String {
    let group = if gv.group.is_empty() {
        "core"
    } else {
        &gv.group
    };
    format!("{group}.{}.{}", gv.version, kind.name)
}

/// Whether a kind has fixtures: objects and simple kinds of served versions (lists are
/// their items, as in k8s.io/api).
pub fn has_fixtures(kind: &TypeDef) -> bool {
    kind.kind
        .as_ref()
        .is_some_and(|k| k.category != KindCategory::List)
}

/// Every kind of every served version that has fixtures, with its fingerprint, by name.
pub fn kinds(model: &Model) -> Vec<FixtureKind> {
    let snapshot = Snapshot::of(model, HEAD);
    let shared = hashes(&snapshot.shared_types);
    let mut out = Vec::new();
    for (gv, snap) in model
        .versions
        .iter()
        .filter(|gv| !gv.internal)
        .zip(&snapshot.versions)
    {
        let own = hashes(&snap.types);
        for kind in gv.kinds().filter(|k| has_fixtures(k)) {
            out.push(FixtureKind {
                name: fixture_name(gv, kind),
                fingerprint: fingerprint(&own, &shared, &kind.name),
                protobuf: protobuf_enabled(gv),
            });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Each type's snapshot hashed once (kinds share most of what they reach), with the API
/// types its fields hold.
fn hashes(types: &[TypeSnap]) -> HashMap<&str, (u64, Vec<&str>)> {
    types
        .iter()
        .map(|t| {
            let text = serde_json::to_string(t).unwrap_or_default();
            let held = t
                .fields
                .iter()
                .filter_map(|f| f.api_type.as_deref())
                .collect();
            (t.name.as_str(), (fnv(FNV_OFFSET, text.as_bytes()), held))
        })
        .collect()
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// FNV-1a over the snapshot of every type the kind reaches (fields, markers, enum values,
/// in source order): what the derived `Fuzz` reads to make the fixture. kapi's own meta
/// types and hand-written fuzz hooks are outside it.
fn fingerprint(
    own: &HashMap<&str, (u64, Vec<&str>)>,
    shared: &HashMap<&str, (u64, Vec<&str>)>,
    kind: &str,
) -> String {
    let mut seen = BTreeSet::new();
    let mut queue = vec![kind];
    let mut hash = FNV_OFFSET;
    while let Some(name) = queue.pop() {
        if !seen.insert(name) {
            continue;
        }
        let Some((h, held)) = own.get(name).or_else(|| shared.get(name)) else {
            continue;
        };
        hash = fnv(fnv(hash, name.as_bytes()), &h.to_le_bytes());
        queue.extend(held.iter().rev());
    }
    format!("{hash:016x}")
}

/// The `FINGERPRINTS` file of `kinds`, as the runtime writes it.
fn fingerprints_text(kinds: &[FixtureKind]) -> String {
    let mut out = String::from(
        "# The shape of each kind when HEAD's fixtures were written (KAPI_UPDATE_FIXTURES=1 cargo test);\n# kapi-codegen --verify-only compares it with today's API.\n",
    );
    for k in kinds {
        out.push_str(&format!("{} {}\n", k.name, k.fingerprint));
    }
    out
}

/// The crate's own fixture root; `None` for an external input (another project's fixtures,
/// found at test time), which codegen neither verifies nor writes.
fn root_of(crate_dir: &Path, settings: &Settings) -> Option<PathBuf> {
    settings
        .fixtures
        .root
        .own()
        .map(|root| crate_dir.join(root))
}

/// A root holding fixture files directly is a copy of another project's HEAD, which kapi
/// neither writes nor keeps in sync.
fn is_flat(root: &Path) -> bool {
    std::fs::read_dir(root).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            e.path().is_file() && is_fixture_file(&name)
        })
    })
}

fn is_fixture_file(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, ext)| EXTENSIONS.contains(&ext))
}

/// What keeps `HEAD/` from matching today's API: one entry per missing fixture, fixture of
/// a kind that is gone, and kind whose fingerprint changed (as a diff of `FINGERPRINTS`
/// naming the kind's fixtures). Nothing when the crate has no fixture root (fixtures are
/// opt-in: create the root and run the update), the root is an external input, or it is a
/// flat copy of another project's fixtures.
pub fn verify(crate_dir: &Path, settings: &Settings, model: &Model) -> Vec<(PathBuf, String)> {
    let (Some(root), Some(own)) = (root_of(crate_dir, settings), settings.fixtures.root.own())
    else {
        return Vec::new();
    };
    if !root.is_dir() || is_flat(&root) {
        return Vec::new();
    }
    let rel_head = own.join(HEAD);
    let head = root.join(HEAD);
    let kinds = kinds(model);
    let update = format!(
        "run `KAPI_UPDATE_FIXTURES=1 cargo test -p {}` to rewrite today's fixtures",
        settings.crate_name
    );
    let present: BTreeSet<String> = std::fs::read_dir(&head)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let mut diffs = Vec::new();
    let mut expected = BTreeSet::new();
    for kind in &kinds {
        for file in kind.files() {
            if !present.contains(&file) {
                let path = rel_head.join(&file);
                diffs.push((
                    path.clone(),
                    format!(
                        "{}: missing fixture of {}; {update}\n",
                        path.display(),
                        kind.name
                    ),
                ));
            }
            expected.insert(file);
        }
    }
    for file in &present {
        if is_fixture_file(file) && !file.contains(AFTER_ROUNDTRIP) && !expected.contains(file) {
            let path = rel_head.join(file);
            diffs.push((
                path.clone(),
                format!(
                    "{}: fixture of a kind today's API does not serve; {update}\n",
                    path.display()
                ),
            ));
        }
    }
    let want = fingerprints_text(&kinds);
    let have = std::fs::read_to_string(head.join(FINGERPRINTS)).ok();
    if have.as_deref() != Some(want.as_str()) {
        let recorded: BTreeMap<String, String> = have
            .as_deref()
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(' '))
            .map(|(k, f)| (k.to_string(), f.to_string()))
            .collect();
        let stale: Vec<String> = kinds
            .iter()
            .filter(|k| recorded.get(&k.name) != Some(&k.fingerprint))
            .flat_map(|k| k.files().map(|f| rel_head.join(f).display().to_string()))
            .collect();
        let path = rel_head.join(FINGERPRINTS);
        let mut text = String::new();
        if !stale.is_empty() {
            text.push_str(&format!(
                "written for another shape of their kind: {}; {update}\n",
                stale.join(", ")
            ));
        }
        text.push_str(&unified_diff(&path, have.as_deref(), Some(&want)));
        diffs.push((path, text));
    }
    diffs
}

/// `--snapshot-release <name>`: copies today's fixtures (`HEAD/`, which must be in sync)
/// to `<root>/<name>/`, Kubernetes' release step. An existing release directory is never
/// rewritten with other fixtures. `None` when the crate keeps no fixtures.
pub fn snapshot_release(
    crate_dir: &Path,
    settings: &Settings,
    model: &Model,
    release: &str,
) -> Result<Option<PathBuf>, Error> {
    let Some(root) = root_of(crate_dir, settings) else {
        return Ok(None);
    };
    if !root.join(HEAD).is_dir() || is_flat(&root) {
        return Ok(None);
    }
    if release == HEAD || release.contains(['/', '\\']) || release.starts_with('.') {
        return Err(Error::Io(format!(
            "`{release}` cannot name a release directory of {}",
            root.display()
        )));
    }
    let stale = verify(crate_dir, settings, model);
    if !stale.is_empty() {
        let files: Vec<String> = stale.iter().map(|(p, _)| p.display().to_string()).collect();
        return Err(Error::Io(format!(
            "today's fixtures are out of date ({}); run `KAPI_UPDATE_FIXTURES=1 cargo test -p {}` before snapshotting release {release}",
            files.join(", "),
            settings.crate_name
        )));
    }
    let head = root.join(HEAD);
    let target = root.join(release);
    let mut files: Vec<String> = kinds(model)
        .iter()
        .flat_map(|k| k.files().collect::<Vec<_>>())
        .collect();
    files.sort();
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))
    };
    if target.is_dir() {
        for file in &files {
            let old = std::fs::read(target.join(file)).ok();
            if old != Some(read(&head.join(file))?) {
                return Err(Error::Io(format!(
                    "{} exists and differs from today's fixtures ({file}): a release's fixtures are never rewritten",
                    target.display()
                )));
            }
        }
        return Ok(Some(target));
    }
    std::fs::create_dir_all(&target)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", target.display())))?;
    for file in &files {
        let to = target.join(file);
        std::fs::write(&to, read(&head.join(file))?)
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", to.display())))?;
    }
    Ok(Some(target))
}
