//! The `kapi` crate's own API types (ObjectMeta, ListMeta, Status, the options, Scale, ...),
//! as a [`Model`] built from kapi's source by the same parser as the user's API.
//!
//! OpenAPI definitions and CRD schemas of the meta types must say exactly what the runtime's
//! serde does, so they are derived from the runtime's annotated source rather than written
//! by hand. Codegen therefore needs that source, and it must be the kapi the API crate
//! actually compiles against. It is found in this order:
//!
//! 1. The API crate's manifest: a `kapi` dependency (or one renamed with
//!    `package = "kapi"`) with a `path`, directly or through `workspace = true` and the
//!    enclosing workspace's `[workspace.dependencies]`. This is what cargo itself resolves
//!    for path dependencies, costs no process, and covers workspaces like this one.
//! 2. `cargo metadata --offline` on the API crate: the resolved `kapi` package, wherever it
//!    lives (registry, git, vendored). Offline so codegen never touches the network; a
//!    crate that builds has its dependencies downloaded already.
//! 3. The kapi sources this codegen was built beside (`../runtime` of its own manifest), if
//!    they are still there: codegen and runtime are released together, and this serves
//!    crates that cargo cannot resolve on their own (scratch copies in tests).
//!
//! `kapi` is a facade: the meta types are in its `kapi-core` dependency, which it
//! re-exports at its root (`kapi::meta` is `kapi_core::meta`), so they are parsed from there
//! under the crate name `kapi` ([`core_dir`]).

use crate::model::{source, Model};
use std::path::{Path, PathBuf};

/// Finds and parses the kapi crate the API crate at `api_crate_dir` depends on.
pub fn load(api_crate_dir: &Path) -> Result<Model, String> {
    let kapi_dir = locate(api_crate_dir)?;
    load_from(&kapi_dir)
}

/// Parses the kapi crate whose root directory (with `src/lib.rs`) is `kapi_dir`.
pub fn load_from(kapi_dir: &Path) -> Result<Model, String> {
    let kapi_dir = &core_dir(kapi_dir)?;
    let lib_rs = kapi_dir.join("src/lib.rs");
    let parsed = source::parse_api_types("kapi", &lib_rs).map_err(|e| e.0)?;
    if !parsed.diagnostics.is_empty() {
        return Err(format!(
            "the kapi sources at {} do not parse:\n{}",
            kapi_dir.display(),
            parsed.render_diagnostics(kapi_dir)
        ));
    }
    if !parsed
        .model
        .versions
        .iter()
        .any(|gv| gv.types.iter().any(|t| t.name == "ObjectMeta"))
    {
        return Err(format!(
            "{} has no `ObjectMeta` API type; is it the kapi runtime crate?",
            kapi_dir.display()
        ));
    }
    Ok(parsed.model)
}

/// The directory of the kapi crate the API crate builds against (see the module docs).
pub fn locate(api_crate_dir: &Path) -> Result<PathBuf, String> {
    let mut tried = Vec::new();
    match from_manifest(api_crate_dir) {
        Ok(Some(dir)) => return Ok(dir),
        Ok(None) => tried.push("no path dependency on kapi in the manifest".to_string()),
        Err(e) => tried.push(e),
    }
    match from_cargo_metadata(api_crate_dir) {
        Ok(dir) => return Ok(dir),
        Err(e) => tried.push(e),
    }
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    if is_kapi_crate(&beside) {
        return Ok(source::normalize(&beside));
    }
    Err(format!(
        "cannot find the source of the `kapi` crate, which the OpenAPI and CRD schemas of the \
         meta types are built from ({})",
        tried.join("; ")
    ))
}

/// The directory of the `kapi-core` crate the facade at `kapi_dir` re-exports: its path
/// dependency (directly or through its workspace), else the registry's directory beside it
/// of the same version (the runtime crates are released together); `kapi_dir` itself for a
/// kapi without the facade.
pub fn core_dir(kapi_dir: &Path) -> Result<PathBuf, String> {
    let manifest = read_manifest(&kapi_dir.join("Cargo.toml"))?;
    let Some(dep) = manifest.get("dependencies").and_then(|d| d.get(CORE)) else {
        return Ok(kapi_dir.to_path_buf());
    };
    if let Some(dir) = dependency_path(kapi_dir, CORE, dep)? {
        return Ok(dir);
    }
    let version = manifest
        .get("package")
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str());
    let beside = version.and_then(|v| Some(kapi_dir.parent()?.join(format!("{CORE}-{v}"))));
    match beside {
        Some(dir) if dir.join("src/lib.rs").is_file() => Ok(dir),
        _ => Err(format!(
            "cannot find the source of `{CORE}`, which the kapi crate at {} re-exports",
            kapi_dir.display()
        )),
    }
}

/// The package of the runtime's core, which holds the meta types.
const CORE: &str = "kapi-core";

fn is_kapi_crate(dir: &Path) -> bool {
    read_manifest(&dir.join("Cargo.toml"))
        .ok()
        .and_then(|m| {
            m.get("package")
                .and_then(|p| p.get("name"))
                .and_then(|n| n.as_str())
                .map(|n| n == "kapi")
        })
        .unwrap_or(false)
}

fn read_manifest(path: &Path) -> Result<toml::Table, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.parse::<toml::Table>()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The kapi entry of a dependency table: the key `kapi`, or any key renamed to it.
fn kapi_dependency(deps: Option<&toml::Value>) -> Option<(&str, &toml::Value)> {
    let deps = deps?.as_table()?;
    deps.iter()
        .find(|(key, dep)| {
            let package = dep.get("package").and_then(|p| p.as_str());
            package == Some("kapi") || (package.is_none() && key.as_str() == "kapi")
        })
        .map(|(key, dep)| (key.as_str(), dep))
}

fn from_manifest(api_crate_dir: &Path) -> Result<Option<PathBuf>, String> {
    let manifest = read_manifest(&api_crate_dir.join("Cargo.toml"))?;
    let Some((key, dep)) = kapi_dependency(manifest.get("dependencies")) else {
        return Ok(None);
    };
    dependency_path(api_crate_dir, key, dep)
}

/// The directory of the path dependency `dep`, named `key` in the manifest of `crate_dir`,
/// directly or through `workspace = true`; `None` for any other dependency.
fn dependency_path(
    crate_dir: &Path,
    key: &str,
    dep: &toml::Value,
) -> Result<Option<PathBuf>, String> {
    if let Some(path) = dep.get("path").and_then(|p| p.as_str()) {
        return Ok(Some(source::normalize(&crate_dir.join(path))));
    }
    if dep.get("workspace").and_then(|w| w.as_bool()) != Some(true) {
        return Ok(None);
    }
    let absolute = std::fs::canonicalize(crate_dir)
        .map_err(|e| format!("cannot resolve {}: {e}", crate_dir.display()))?;
    for dir in absolute.ancestors().skip(1) {
        let candidate = dir.join("Cargo.toml");
        if !candidate.is_file() {
            continue;
        }
        let root = read_manifest(&candidate)?;
        let Some(workspace) = root.get("workspace") else {
            continue;
        };
        let path = workspace
            .get("dependencies")
            .and_then(|d| d.get(key))
            .and_then(|d| d.get("path"))
            .and_then(|p| p.as_str());
        return Ok(path.map(|p| source::normalize(&dir.join(p))));
    }
    Ok(None)
}

fn from_cargo_metadata(api_crate_dir: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--manifest-path",
        ])
        .arg(api_crate_dir.join("Cargo.toml"))
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "cargo metadata failed: {}",
            stderr.lines().next().unwrap_or("").trim()
        ));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cargo metadata printed invalid JSON: {e}"))?;
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    // The kapi the API crate itself depends on: its resolved dependency whose package is
    // named kapi (a workspace may hold several kapi versions).
    let manifest_path = std::fs::canonicalize(api_crate_dir.join("Cargo.toml"))
        .map_err(|e| format!("cannot resolve {}: {e}", api_crate_dir.display()))?;
    let own_id = packages
        .iter()
        .find(|p| p["manifest_path"].as_str().map(Path::new) == Some(manifest_path.as_path()))
        .and_then(|p| p["id"].as_str());
    let node = metadata["resolve"]["nodes"]
        .as_array()
        .and_then(|nodes| nodes.iter().find(|n| n["id"].as_str() == own_id));
    let dep_ids: Vec<&str> = node
        .and_then(|n| n["deps"].as_array())
        .map(|deps| deps.iter().filter_map(|d| d["pkg"].as_str()).collect())
        .unwrap_or_default();
    let kapi = packages
        .iter()
        .filter(|p| p["name"].as_str() == Some("kapi"))
        .find(|p| dep_ids.is_empty() || p["id"].as_str().is_some_and(|id| dep_ids.contains(&id)))
        .ok_or_else(|| "cargo metadata lists no kapi dependency".to_string())?;
    let manifest = kapi["manifest_path"]
        .as_str()
        .ok_or_else(|| "cargo metadata gives kapi no manifest_path".to_string())?;
    Path::new(manifest)
        .parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("kapi's manifest path {manifest} has no directory"))
}
