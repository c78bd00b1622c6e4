//! `cargo xtask import-k8s --from DIR --out DIR [--fixtures DIR]`: imports every
//! group-version of a k8s.io/api checkout (`DIR/<group>/<version>/`) with `--no-doc-comments`
//! into a scratch crate at `--out` (depending on this workspace's kapi by path), with a test
//! per fixture of `--fixtures` whose kind the import produced, run by
//! `xtask/templates/fixture_check.rs` (included by path). Fetched code is never committed:
//! the crate is written outside the repository, and this command reproduces it.
//!
//! Then `cargo test --test fixtures` in `--out` runs the checks; `warnings.txt` there holds
//! the importer's warnings and `summary.txt` their count per class and the fixture counts.

use kapi_codegen::import::go::{self, Options, FEATURE_GATES_FILE};
use kapi_codegen::import::ir::{Item, Marker, Module};
use kapi_codegen::markers::key;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn run(root: &Path, from: &Path, out: &Path, fixtures: &Path) -> Result<String, String> {
    let dirs = group_versions(from)?;
    let start = Instant::now();
    // Kubernetes' doc comments are not shipped (issue 18).
    let options = Options {
        doc_comments: false,
        packages: BTreeMap::new(),
        layout: Default::default(),
    };
    let imported = go::import(&dirs, from, &options)?;
    let elapsed = start.elapsed();
    let src = out.join("src");
    for f in &imported.files {
        write(&src.join(&f.path), &f.text)?;
    }
    let gates = imported.files.iter().find(|f| f.path == FEATURE_GATES_FILE);
    write(
        &src.join("lib.rs"),
        &lib_rs(&imported.modules, gates.map(|f| f.text.as_str())),
    )?;
    write(&out.join("Cargo.toml"), &cargo_toml(root))?;
    // The workspace's versions: the crate then reuses what the workspace already built.
    if !out.join("Cargo.lock").exists() {
        std::fs::copy(root.join("Cargo.lock"), out.join("Cargo.lock"))
            .map_err(|e| format!("Cargo.lock: {e}"))?;
    }
    let (tests, counts) = fixture_tests(&imported.modules, root, fixtures)?;
    write(&out.join("tests/fixtures.rs"), &tests)?;
    let mut warnings = String::new();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    for w in &imported.warnings {
        let _ = writeln!(warnings, "{w}");
        *classes.entry(w.class).or_default() += 1;
    }
    write(&out.join("warnings.txt"), &warnings)?;
    let mut summary = format!(
        "imported {} group-versions ({} files) in {:.0}ms\nfixtures: {} with a test (kind imported), {} of imported group-versions, {} in all\nwarnings: {}\n",
        dirs.len(),
        imported.files.len(),
        elapsed.as_secs_f64() * 1000.0,
        counts.tested,
        counts.of_imported,
        counts.all,
        imported.warnings.len()
    );
    for (class, n) in classes {
        let _ = writeln!(summary, "  {n:5} {class}");
    }
    write(&out.join("summary.txt"), &summary)?;
    Ok(summary)
}

/// `<group>/<version>` directories holding a `types.go`, sorted.
pub(crate) fn group_versions(from: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let groups = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for group in groups.filter_map(Result::ok) {
        let Ok(versions) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for version in versions.filter_map(Result::ok) {
            let dir = version.path();
            if dir.join("types.go").is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    if out.is_empty() {
        return Err(format!("{}: no <group>/<version>/types.go", from.display()));
    }
    Ok(out)
}

pub(crate) fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `pub mod core { pub mod v1; }` for every module, and the feature gates, pasted at the
/// root where codegen reads them (it does not expand `include!`).
fn lib_rs(modules: &[Module], gates: Option<&str>) -> String {
    let mut tree: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in modules {
        let path = m.file.trim_end_matches(".rs");
        if let Some((group, version)) = path.split_once('/') {
            tree.entry(group.to_string())
                .or_default()
                .insert(version.to_string());
        }
    }
    let mut out = String::from("//! k8s.io/api imported by `cargo xtask import-k8s`.\n\n");
    if let Some(gates) = gates {
        out.push_str(gates);
        out.push('\n');
    }
    for (group, versions) in tree {
        let _ = writeln!(out, "pub mod {group} {{");
        for v in versions {
            let _ = writeln!(out, "    pub mod {v};");
        }
        out.push_str("}\n");
    }
    out
}

fn cargo_toml(root: &Path) -> String {
    format!(
        r#"[package]
name = "scratch-k8s"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
kapi = {{ path = "{runtime}" }}
serde_json = "1"

[dev-dependencies]
serde = "1"

[workspace]
"#,
        runtime = root.join("runtime").display()
    )
}

struct Counts {
    tested: usize,
    of_imported: usize,
    all: usize,
}

/// One test per fixture whose kind the import wrote.
fn fixture_tests(
    modules: &[Module],
    root: &Path,
    fixtures: &Path,
) -> Result<(String, Counts), String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures)
        .map_err(|e| format!("{}: {e}", fixtures.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
        .collect();
    names.sort();
    let mut kinds: BTreeMap<(String, String), (String, BTreeSet<String>)> = BTreeMap::new();
    for m in modules {
        let group = if m.group.is_empty() {
            "core".to_string()
        } else {
            m.group.clone()
        };
        let rust = format!(
            "scratch_k8s::{}",
            m.file.trim_end_matches(".rs").replace('/', "::")
        );
        let set = m
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Struct(s) if s.markers.iter().any(is_kind) => Some(s.name.clone()),
                _ => None,
            })
            .collect();
        kinds.insert((group, m.version.clone()), (rust, set));
    }
    let check = root.join("xtask/templates/fixture_check.rs");
    let mut out = format!(
        "//! Every fixture whose kind `cargo xtask import-k8s` imported.\n\n#[path = {:?}]\nmod check;\n\nuse std::path::Path;\n\nconst FIXTURES: &str = {:?};\n",
        check.display().to_string(),
        fixtures.display().to_string()
    );
    let mut counts = Counts {
        tested: 0,
        of_imported: 0,
        all: names.len(),
    };
    for name in &names {
        // `<group>.<version>.<Kind>`; the group has dots of its own.
        let mut parts: Vec<&str> = name.rsplitn(3, '.').collect();
        parts.reverse();
        let [group, version, kind] = parts.as_slice() else {
            continue;
        };
        let Some((rust, set)) = kinds.get(&(group.to_string(), version.to_string())) else {
            continue;
        };
        counts.of_imported += 1;
        // The meta kinds Kubernetes serves as core v1 (Status, the options) are kapi's own.
        let ty = if set.contains(*kind) {
            format!("{rust}::{kind}")
        } else if *group == "core" && META_KINDS.contains(kind) {
            format!("kapi::meta::{kind}")
        } else {
            continue;
        };
        counts.tested += 1;
        let test = name.replace(['.', '-'], "_").to_lowercase();
        let _ = write!(
            out,
            "\n#[test]\nfn {test}() {{\n    check::check_in::<{ty}>(Path::new(FIXTURES), {name:?});\n}}\n"
        );
    }
    Ok((out, counts))
}

/// apimachinery's kinds with fixtures under `core.v1`, which kapi's runtime ships.
const META_KINDS: &[&str] = &[
    "APIGroup",
    "APIVersions",
    "CreateOptions",
    "DeleteOptions",
    "GetOptions",
    "ListOptions",
    "PatchOptions",
    "Status",
    "UpdateOptions",
    "WatchEvent",
];

fn is_kind(m: &Marker) -> bool {
    m.key == key::KIND || m.key == key::SIMPLE_KIND
}
