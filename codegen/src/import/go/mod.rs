//! The Go importer: Go API packages (`types.go`, `doc.go`, `register.go`, ...) to kapi
//! modules. [`syntax`] reads a package with tree-sitter, [`translate`] turns every package
//! of the run into [`ir`](crate::import::ir), [`known`] names the apimachinery types kapi
//! ships, [`markers`] the Go markers it understands.

pub mod any_value;
pub mod known;
pub mod markers;
pub mod syntax;
pub mod translate;

use super::{ir, write, ImportedFile, Warning};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use translate::{Pkg, Translator, Universe};

/// The file below the output directory that declares the feature gates the modules name;
/// the crate root `include!`s it.
pub const FEATURE_GATES_FILE: &str = "feature_gates.rs";

/// How to import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Keep Go's doc comments as `///` (Kubernetes' own types ship without them).
    pub doc_comments: bool,
    /// Go import path -> Rust module path (`k8s.io/api/core/v1` -> `crate::core::v1`): where
    /// the packages of the run are written, and how references to packages outside the run
    /// are spelt. A package of the run that is not listed goes to `crate::<parent>::<dir>`.
    pub packages: BTreeMap<String, String>,
    /// Cargo features and the generated module's include.
    pub layout: ir::Layout,
}

/// The result of one run: every module's file, and every warning, in a stable order.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    pub files: Vec<ImportedFile>,
    /// The modules the files were written from, in the same order.
    pub modules: Vec<ir::Module>,
    pub warnings: Vec<Warning>,
}

/// Imports the Go packages in `dirs`. Positions in warnings are relative to `display_root`.
pub fn import(
    dirs: &[PathBuf],
    display_root: &Path,
    options: &Options,
) -> Result<Imported, String> {
    let mut pkgs = Vec::new();
    for dir in dirs {
        let go = syntax::read_package(dir, display_root)?;
        pkgs.push(package(import_path(dir), proto_of(dir), go, options)?);
    }
    translate(pkgs, options)
}

/// Imports one Go file held in memory as the package `import_path` (no `generated.proto`):
/// what the fuzz target runs, without a file system.
pub fn import_source(
    import_path: &str,
    file: &str,
    source: &str,
    options: &Options,
) -> Result<Imported, String> {
    let go = syntax::read_source(Path::new(file), source)?;
    translate(
        vec![package(import_path.to_string(), None, go, options)?],
        options,
    )
}

/// A package read, with where its module goes.
fn package(
    import_path: String,
    proto: Option<(String, String)>,
    go: syntax::GoPackage,
    options: &Options,
) -> Result<Pkg, String> {
    let rust: Vec<String> = match options.packages.get(&import_path) {
        Some(m) => m.split("::").map(str::to_string).collect(),
        None => default_module(&import_path),
    };
    if rust.first().map(String::as_str) != Some("crate") || rust.len() < 2 {
        return Err(format!(
            "{import_path}: module path `{}` must start with `crate::` and name a module",
            rust.join("::")
        ));
    }
    let file = format!("{}.rs", rust[1..].join("/"));
    Ok(Pkg::new(import_path, rust, file, proto, go))
}

fn translate(mut pkgs: Vec<Pkg>, options: &Options) -> Result<Imported, String> {
    pkgs.sort_by(|a, b| a.file.cmp(&b.file));
    if let Some(w) = pkgs.windows(2).find(|w| w[0].file == w[1].file) {
        return Err(format!(
            "{} and {} would both be written to {}",
            w[0].import_path, w[1].import_path, w[0].file
        ));
    }
    let universe = Universe {
        pkgs,
        map: options.packages.clone(),
    };
    let mut translator = Translator::new(&universe, options.doc_comments);
    let mut modules: Vec<ir::Module> = (0..universe.pkgs.len())
        .map(|i| translator.module(i))
        .collect();
    mark_storage_versions(&mut modules);
    box_cycles(&mut modules);
    let mut files = Vec::new();
    let mut gates = BTreeSet::new();
    for (module, pkg) in modules.iter().zip(&universe.pkgs) {
        gates.extend(module.feature_gates());
        files.push(ImportedFile {
            path: module.file.clone(),
            text: write::module(module, &pkg.import_path, &options.layout),
        });
    }
    if !gates.is_empty() {
        let sources: Vec<&str> = universe
            .pkgs
            .iter()
            .map(|p| p.import_path.as_str())
            .collect();
        files.push(ImportedFile {
            path: FEATURE_GATES_FILE.to_string(),
            text: write::feature_gates(&gates, &sources.join(", ")),
        });
    }
    let mut warnings = translator.warnings;
    warnings.sort_by(|a, b| {
        natural(&a.at)
            .cmp(&natural(&b.at))
            .then(a.message.cmp(&b.message))
    });
    warnings.dedup();
    Ok(Imported {
        files,
        modules,
        warnings,
    })
}

/// A kind served in several imported versions of its group is stored in one: Go states
/// that in the API server, not in the package, so the version Kubernetes prefers (GA before
/// beta before alpha) is marked `storage_version`, as kube-apiserver stores built-in kinds.
fn mark_storage_versions(modules: &mut [ir::Module]) {
    use crate::markers::key;
    // Resources only: a list kind is not stored.
    let is_kind = |s: &ir::Struct| {
        s.markers.iter().any(|m| m.key == key::KIND) && !s.fields.iter().any(|f| f.name == "items")
    };
    let mut best: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    for (mi, m) in modules.iter().enumerate() {
        for item in &m.items {
            let ir::Item::Struct(s) = item else { continue };
            if !is_kind(s) {
                continue;
            }
            let entry = best
                .entry((m.group.clone(), s.name.clone()))
                .or_insert((mi, 0));
            entry.1 += 1;
            let current = &modules[entry.0].version;
            if crate::model::version_name::priority(&m.version, current).is_lt() {
                entry.0 = mi;
            }
        }
    }
    for ((_, kind), (mi, count)) in best {
        if count < 2 {
            continue;
        }
        for item in &mut modules[mi].items {
            if let ir::Item::Struct(s) = item {
                if s.name == kind && !s.markers.iter().any(|m| m.key == key::STORAGE_VERSION) {
                    s.markers.push(ir::Marker::flag(key::STORAGE_VERSION));
                }
            }
        }
    }
}

/// Boxes every by-value field (`T` or `Option<T>`) whose struct holds the field's owner back
/// by value: Go's pointer is an indirection, Rust's `Option` is not, so JSONSchemaProps'
/// `not *JSONSchemaProps` would be a type of infinite size. Lists and maps are already
/// indirections.
fn box_cycles(modules: &mut [ir::Module]) {
    fn by_value(ty: &ir::Type) -> Option<&Vec<String>> {
        match ty {
            ir::Type::Path(p) => Some(p),
            ir::Type::Option(t) => by_value(t),
            _ => None,
        }
    }
    fn boxed(ty: &mut ir::Type) {
        match ty {
            ir::Type::Option(t) => boxed(t),
            t @ ir::Type::Path(_) => {
                let inner = std::mem::replace(t, ir::Type::Scalar(ir::Scalar::Bool));
                *t = ir::Type::Box(Box::new(inner));
            }
            _ => {}
        }
    }
    let full = |m: &ir::Module, name: &str| {
        let mut p = m.path.clone();
        p.push(name.to_string());
        p
    };
    // A field's type reaches its owner back exactly when both are in one strongly connected
    // component of the by-value graph: one pass over the graph, where a search per field
    // was quadratic in a long chain of types.
    let mut ids: HashMap<Vec<String>, usize> = HashMap::new();
    for m in modules.iter() {
        for item in &m.items {
            if let ir::Item::Struct(s) = item {
                let n = ids.len();
                ids.entry(full(m, &s.name)).or_insert(n);
            }
        }
    }
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); ids.len()];
    for m in modules.iter() {
        for item in &m.items {
            let ir::Item::Struct(s) = item else { continue };
            let owner = ids[&full(m, &s.name)];
            let targets = s.fields.iter().filter_map(|f| by_value(&f.ty));
            edges[owner].extend(targets.filter_map(|t| ids.get(t).copied()));
        }
    }
    let component = strongly_connected(&edges);
    let mut to_box = Vec::new();
    for (mi, m) in modules.iter().enumerate() {
        for (ii, item) in m.items.iter().enumerate() {
            let ir::Item::Struct(s) = item else { continue };
            let owner = component[ids[&full(m, &s.name)]];
            for (fi, f) in s.fields.iter().enumerate() {
                let target = by_value(&f.ty).and_then(|t| ids.get(t));
                if target.is_some_and(|&t| component[t] == owner) {
                    to_box.push((mi, ii, fi));
                }
            }
        }
    }
    for (mi, ii, fi) in to_box {
        if let ir::Item::Struct(s) = &mut modules[mi].items[ii] {
            boxed(&mut s.fields[fi].ty);
        }
    }
}

/// Each node's strongly connected component (Tarjan's algorithm, with an explicit stack:
/// a chain of types is as deep as it is long).
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![UNSEEN; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut components = 0;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // (node, how many of its edges are done)
        let mut calls = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut done)) = calls.last_mut() {
            if *done == 0 && index[v] == UNSEEN {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*done) {
                *done += 1;
                if index[w] == UNSEEN {
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component[w] = components;
                    if w == v {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    component
}

/// `file:12:3` sorts before `file:100:1`.
fn natural(at: &str) -> (String, usize, usize) {
    let mut parts = at.rsplitn(3, ':');
    let col = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    let line = parts.next().and_then(|l| l.parse().ok()).unwrap_or(0);
    (parts.next().unwrap_or("").to_string(), line, col)
}

/// The package's Go import path: its module's path (the nearest `go.mod` above it) joined
/// with its directory below the module; without a `go.mod`, its last two directories.
pub fn import_path(dir: &Path) -> String {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    for ancestor in dir.ancestors() {
        let Ok(text) = std::fs::read_to_string(ancestor.join("go.mod")) else {
            continue;
        };
        let Some(module) = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("module "))
            .map(|m| m.trim().trim_matches('"').to_string())
        else {
            continue;
        };
        let rel = dir.strip_prefix(ancestor).unwrap_or(Path::new(""));
        let mut path = module;
        for c in rel.components() {
            path.push('/');
            path.push_str(&c.as_os_str().to_string_lossy());
        }
        return path;
    }
    let names: Vec<String> = dir
        .components()
        .rev()
        .take(2)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    names.into_iter().rev().collect::<Vec<_>>().join("/")
}

/// `crate::<parent>::<dir>` for `.../<parent>/<dir>`, names made Rust identifiers.
fn default_module(import_path: &str) -> Vec<String> {
    let mut segs: Vec<String> = import_path
        .rsplit('/')
        .take(2)
        .map(|s| s.replace(['-', '.'], "_"))
        .collect();
    segs.reverse();
    segs.insert(0, "crate".to_string());
    segs
}

/// The `package` of the directory's `generated.proto` and the path other files import it
/// from (its Go import path), when the package ships one.
fn proto_of(dir: &Path) -> Option<(String, String)> {
    let text = std::fs::read_to_string(dir.join("generated.proto")).ok()?;
    let package = text.lines().find_map(|l| {
        l.trim()
            .strip_prefix("package ")
            .map(|p| p.trim().trim_end_matches(';').trim().to_string())
    })?;
    Some((package, format!("{}/generated.proto", import_path(dir))))
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn components_of_cycles_chains_and_self_loops() {
        // 0 -> 1 -> 2 -> 0 is a cycle, 3 -> 3 a self-loop, 4 -> 0 only leads into the cycle.
        let c = strongly_connected(&[vec![1], vec![2], vec![0], vec![3], vec![0]]);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert!(c[3] != c[0] && c[4] != c[0] && c[4] != c[3]);
        // A chain as long as the stack is deep would overflow a recursive walk.
        let n = 200_000;
        let chain: Vec<Vec<usize>> = (0..n).map(|i| vec![(i + 1) % n]).collect();
        let c = strongly_connected(&chain);
        assert!(c.iter().all(|&x| x == c[0]));
    }
}
