//! `cargo xtask import-k8s --from DIR --apiextensions DIR --crate api-types/k8s`: writes the
//! shipped kapi-k8s crate from a k8s.io/api checkout and, for apiextensions.k8s.io (which
//! Kubernetes keeps in k8s.io/apiextensions-apiserver), that module's checkout. Every
//! group-version becomes `src/<group>/<version>.rs`
//! behind the cargo feature `<group>-<version>`, including its generated module; then the
//! group modules, the crate root's module list and feature gates, and the manifest's
//! features (each with the group-versions its types reach) are rewritten. Hand-written
//! files stay: `src/<group>/<version>_*.rs` (kube-apiserver's defaulting in `_defaults`, its
//! write rules in `_normalize`) are declared beside their version, and the text of `src/lib.rs` outside the marked block is kept.
//!
//! What kube-apiserver states in its registry rather than in k8s.io/api, and which the
//! import therefore cannot see, comes from two files of `xtask/templates/`:
//! `k8s_resources.toml`, every served resource's name, singular, scope, verbs, short names,
//! categories and subresources as Kubernetes' discovery documents answer them, and
//! `k8s_registry.toml`, where the scale subresource reads replicas and the feature gates'
//! stages (Go API packages name gates, `pkg/features` stages them).

use crate::import_k8s::{group_versions, write};
use kapi_codegen::import::go::{self, Options, FEATURE_GATES_FILE};
use kapi_codegen::import::ir::{Item, Layout, Marker, Module, Type, Value};
use kapi_codegen::import::write as print;
use kapi_codegen::markers::{key, Key};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Where the crate's root keeps what this command writes.
const BEGIN: &str = "// BEGIN imported by `cargo xtask import-k8s`: do not edit by hand.";
const END: &str = "// END imported by `cargo xtask import-k8s`.";
const FEATURES_BEGIN: &str = "# BEGIN imported by `cargo xtask import-k8s`: do not edit by hand.";
const FEATURES_END: &str = "# END imported by `cargo xtask import-k8s`.";

/// The group-versions imported from k8s.io/apiextensions-apiserver. v1beta1 is left out:
/// Kubernetes serves it only up to 1.21.
const APIEXTENSIONS: &[&str] = &["pkg/apis/apiextensions/v1"];

pub fn run(
    root: &Path,
    from: &Path,
    apiextensions: &Path,
    crate_dir: &Path,
) -> Result<String, String> {
    let registry = Registry::load(
        &root.join("xtask/templates/k8s_registry.toml"),
        &root.join("xtask/templates/k8s_resources.toml"),
    )?;
    let mut dirs = group_versions(from)?;
    for dir in APIEXTENSIONS {
        let dir = apiextensions.join(dir);
        if !dir.join("types.go").is_file() {
            return Err(format!("{}: no types.go", dir.display()));
        }
        dirs.push(dir);
    }
    let layout = Layout {
        cargo_features: true,
        generated: Some("../generated".to_string()),
    };
    let options = Options {
        // Kubernetes' doc comments are not shipped (issue 18).
        doc_comments: false,
        packages: BTreeMap::new(),
        layout: layout.clone(),
    };
    let mut imported = go::import(&dirs, from, &options)?;
    // Each module's file is `<group>/<version>.rs` after the package's last two directories.
    let sources: BTreeMap<String, String> = dirs
        .iter()
        .filter_map(|d| {
            let version = d.file_name()?.to_string_lossy();
            let group = d.parent()?.file_name()?.to_string_lossy();
            Some((format!("{group}/{version}.rs"), go::import_path(d)))
        })
        .collect();
    let src = crate_dir.join("src");
    let mut notes = Vec::new();
    let mut written = BTreeSet::new();
    for module in &mut imported.modules {
        registry.apply(module)?;
        mark_hooks(&src, module)?;
        let source = sources
            .get(&module.file)
            .ok_or_else(|| format!("{}: no Go package", module.file))?;
        write(
            &src.join(&module.file),
            &print::module(module, source, &layout),
        )?;
        written.insert(module.file.clone());
    }
    remove_stale(&src, &written)?;
    let groups = group_files(&src, &imported.modules)?;
    let gates = imported
        .files
        .iter()
        .find(|f| f.path == FEATURE_GATES_FILE)
        .map(|f| registry.stage_gates(&f.text, &mut notes))
        .transpose()?
        .unwrap_or_default();
    rewrite_lib(&src.join("lib.rs"), &groups, &gates)?;
    rewrite_features(&crate_dir.join("Cargo.toml"), &imported.modules)?;
    let mut summary = format!(
        "wrote {} group-versions in {} groups into {}\nimporter warnings: {}\n",
        imported.modules.len(),
        groups.len(),
        crate_dir.display(),
        imported.warnings.len()
    );
    for note in notes {
        let _ = writeln!(summary, "note: {note}");
    }
    Ok(summary)
}

/// What kube-apiserver's registry says of built-in resources by `<group>/<Kind>` (every
/// version of the resource): its REST facts and where its scale subresource reads replicas;
/// and gate stages.
struct Registry {
    resources: BTreeMap<String, ResourceFacts>,
    /// `<group>/<Kind>` of a group kube-apiserver no longer serves, to the kind whose facts
    /// it had.
    carried_over: BTreeMap<String, String>,
    scale: BTreeMap<String, BTreeMap<String, String>>,
    gates: BTreeMap<String, String>,
}

/// One served resource, as discovery answers it.
struct ResourceFacts {
    name: String,
    singular: String,
    namespaced: bool,
    /// `None` for the eight verbs of a stored resource.
    verbs: Option<Vec<String>>,
    short_names: Vec<String>,
    categories: Vec<String>,
    subresources: BTreeSet<String>,
}

impl ResourceFacts {
    fn parse(id: &str, v: &toml::Value) -> Result<ResourceFacts, String> {
        let t = v
            .as_table()
            .ok_or_else(|| format!("resources.{id}: a table"))?;
        let text = |k: &str| {
            t.get(k)
                .and_then(toml::Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("resources.{id}.{k}: a string"))
        };
        let list = |k: &str| -> Result<Option<Vec<String>>, String> {
            t.get(k)
                .map(|v| {
                    v.as_array()
                        .and_then(|a| {
                            a.iter()
                                .map(|s| s.as_str().map(str::to_string))
                                .collect::<Option<Vec<_>>>()
                        })
                        .ok_or_else(|| format!("resources.{id}.{k}: a list of strings"))
                })
                .transpose()
        };
        let subresources = match t.get("subresources") {
            None => BTreeSet::new(),
            Some(v) => v
                .as_table()
                .ok_or_else(|| format!("resources.{id}.subresources: a table"))?
                .keys()
                .cloned()
                .collect(),
        };
        Ok(ResourceFacts {
            name: text("name")?,
            singular: text("singular")?,
            namespaced: t
                .get("namespaced")
                .and_then(toml::Value::as_bool)
                .ok_or_else(|| format!("resources.{id}.namespaced: a bool"))?,
            verbs: list("verbs")?,
            short_names: list("short-names")?.unwrap_or_default(),
            categories: list("categories")?.unwrap_or_default(),
            subresources,
        })
    }
}

impl Registry {
    fn load(path: &Path, resources_path: &Path) -> Result<Registry, String> {
        let text = std::fs::read_to_string(resources_path)
            .map_err(|e| format!("{}: {e}", resources_path.display()))?;
        let facts: toml::Table = text
            .parse()
            .map_err(|e| format!("{}: {e}", resources_path.display()))?;
        let mut resources = BTreeMap::new();
        for (k, v) in facts
            .get("resources")
            .and_then(toml::Value::as_table)
            .ok_or_else(|| format!("{}: no [resources] table", resources_path.display()))?
        {
            resources.insert(k.clone(), ResourceFacts::parse(k, v)?);
        }
        let mut carried_over = BTreeMap::new();
        for (k, v) in facts
            .get("carried-over")
            .and_then(toml::Value::as_table)
            .into_iter()
            .flatten()
        {
            let to = v
                .as_str()
                .filter(|to| resources.contains_key(*to))
                .ok_or_else(|| format!("carried-over.{k}: a `<group>/<Kind>` of [resources]"))?;
            carried_over.insert(k.clone(), to.to_string());
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let table: toml::Table = text
            .parse()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let section = |name: &str| {
            table
                .get(name)
                .and_then(toml::Value::as_table)
                .cloned()
                .ok_or_else(|| format!("{}: no [{name}] table", path.display()))
        };

        let mut scale = BTreeMap::new();
        for (k, v) in section("scale")? {
            let paths = v
                .as_table()
                .ok_or_else(|| format!("scale.{k}: a table of paths"))?
                .iter()
                .map(|(p, v)| Some((p.clone(), v.as_str()?.to_string())))
                .collect::<Option<BTreeMap<_, _>>>()
                .ok_or_else(|| format!("scale.{k}: paths are strings"))?;
            scale.insert(k, paths);
        }
        let mut gates = BTreeMap::new();
        for (k, v) in section("feature-gates")? {
            let stage = v
                .as_str()
                .ok_or_else(|| format!("feature-gates.{k}: `Stage = default` as a string"))?;
            gates.insert(k, stage.to_string());
        }
        Ok(Registry {
            resources,
            carried_over,
            scale,
            gates,
        })
    }

    /// Writes each object kind's REST facts as its markers: resource and singular names,
    /// scope, verbs, short names, categories, and the status and scale subresources; a kind
    /// kube-apiserver serves as no resource of its own gets `verbs = []`.
    fn apply(&self, module: &mut Module) -> Result<(), String> {
        let group = if module.group.is_empty() {
            "core"
        } else {
            module.group.as_str()
        };
        for item in &mut module.items {
            let Item::Struct(s) = item else { continue };
            let object = s.markers.iter().any(|m| m.key == key::KIND) && s.fields.iter().any(|f| {
                f.name == "metadata"
                    && matches!(&f.ty, Type::Path(p) if p.last().is_some_and(|l| l == "ObjectMeta"))
            });
            if !object {
                continue;
            }
            let id = format!("{group}/{}", s.name);
            let facts_id = self.carried_over.get(&id).unwrap_or(&id);
            let resource_keys = [
                key::PLURAL,
                key::SINGULAR,
                key::SCOPE,
                key::SHORT_NAMES,
                key::CATEGORIES,
                key::VERBS,
                key::SUBRESOURCE_STATUS,
                key::SUBRESOURCE_SCALE,
            ];
            s.markers.retain(|m| !resource_keys.contains(&m.key));
            let Some(facts) = self.resources.get(facts_id) else {
                s.markers.push(Marker {
                    key: key::VERBS,
                    value: Value::StrList(Vec::new()),
                });
                continue;
            };
            s.markers.push(Marker::str(key::PLURAL, facts.name.clone()));
            s.markers
                .push(Marker::str(key::SINGULAR, facts.singular.clone()));
            let non_namespaced = s.markers.iter().any(|m| {
                m.key == key::GEN_CLIENT
                    && matches!(&m.value, Value::Nested(n) if n.iter().any(|n| n.key == key::gen_client::NON_NAMESPACED))
            });
            match (facts.namespaced, non_namespaced) {
                (true, true) => {
                    return Err(format!(
                        "{id}: namespaced in k8s_resources.toml, `+genclient:nonNamespaced` in Go"
                    ))
                }
                (false, false) => s.markers.push(Marker::str(key::SCOPE, "Cluster")),
                _ => {}
            }
            if let Some(verbs) = &facts.verbs {
                s.markers.push(Marker {
                    key: key::VERBS,
                    value: Value::StrList(verbs.clone()),
                });
            }
            for (k, names) in [
                (key::SHORT_NAMES, &facts.short_names),
                (key::CATEGORIES, &facts.categories),
            ] {
                if !names.is_empty() {
                    s.markers.push(Marker {
                        key: k,
                        value: Value::StrList(names.clone()),
                    });
                }
            }
            if facts.subresources.contains("status") {
                s.markers.push(Marker::flag(key::SUBRESOURCE_STATUS));
            }
            if facts.subresources.contains("scale") {
                let paths = self.scale.get(facts_id).ok_or_else(|| {
                    format!("{id}: a scale subresource without [scale] paths in k8s_registry.toml")
                })?;
                let mut inner = Vec::new();
                for (name, k) in [
                    ("spec", key::scale::SPEC_REPLICAS_PATH),
                    ("status", key::scale::STATUS_REPLICAS_PATH),
                    ("selector", key::scale::LABEL_SELECTOR_PATH),
                ] {
                    if let Some(p) = paths.get(name) {
                        inner.push(Marker::str(k, p.clone()));
                    }
                }
                s.markers.push(Marker {
                    key: key::SUBRESOURCE_SCALE,
                    value: Value::Nested(inner),
                });
            }
        }
        Ok(())
    }

    /// The importer's gates file with each gate's stage replaced by the registry's; a gate
    /// the registry does not know keeps the importer's (Beta, on) and is noted.
    fn stage_gates(&self, text: &str, notes: &mut Vec<String>) -> Result<String, String> {
        let mut out = String::from("kapi::feature_gates! {\n");
        let mut seen = 0;
        for line in text.lines() {
            let Some((name, stage)) = line.trim().trim_end_matches(',').split_once(':') else {
                continue;
            };
            if name.contains(' ') || !stage.contains('=') {
                continue;
            }
            seen += 1;
            let stage = match self.gates.get(name) {
                Some(s) => s.clone(),
                None => {
                    notes.push(format!(
                        "feature gate {name}: not in k8s_registry.toml, left at{stage}"
                    ));
                    stage.trim().to_string()
                }
            };
            let _ = writeln!(out, "    {name}: {stage},");
        }
        if seen == 0 {
            return Err("the importer's feature gates file declares no gate".to_string());
        }
        out.push('}');
        Ok(out)
    }
}

/// Removes `src/<group>/<version>.rs` files of group-versions the import no longer has.
fn remove_stale(src: &Path, written: &BTreeSet<String>) -> Result<(), String> {
    let Ok(groups) = std::fs::read_dir(src) else {
        return Ok(());
    };
    for group in groups.filter_map(Result::ok) {
        let Ok(files) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for file in files.filter_map(Result::ok) {
            let name = file.file_name().to_string_lossy().into_owned();
            // `v1_defaults.rs`, `v1_normalize.rs`: hand-written; version files have no `_`.
            if name.contains('_') || !name.ends_with(".rs") {
                continue;
            }
            let rel = format!("{}/{name}", group.file_name().to_string_lossy());
            if !written.contains(&rel) {
                std::fs::remove_file(file.path()).map_err(|e| format!("{rel}: {e}"))?;
            }
        }
    }
    Ok(())
}

/// Writes `src/<group>.rs` for every group: each version behind its feature, with its
/// hand-written defaults beside it. Returns the groups.
fn group_files(src: &Path, modules: &[Module]) -> Result<Vec<String>, String> {
    let mut groups: BTreeMap<String, Vec<&Module>> = BTreeMap::new();
    for m in modules {
        groups.entry(m.path[1].clone()).or_default().push(m);
    }
    for (group, versions) in &groups {
        let name = if versions[0].group.is_empty() {
            "core (`\"\"`, served at `/api/v1`)".to_string()
        } else {
            format!("`{}`", versions[0].group)
        };
        let mut out = format!("//! The {name} group.\n");
        for m in versions {
            let version = &m.path[2];
            let feature = Layout::feature(&m.path);
            let _ = write!(
                out,
                "\n#[cfg(feature = \"{feature}\")]\npub mod {version};\n"
            );
            for hand in hand_written(&src.join(group), version) {
                let _ = writeln!(out, "#[cfg(feature = \"{feature}\")]\nmod {hand};");
            }
        }
        write(&src.join(format!("{group}.rs")), &out)?;
    }
    Ok(groups.into_keys().collect())
}

/// The hand-written modules beside a version (`v1_defaults`, `v1_normalize`), sorted.
fn hand_written(dir: &Path, version: &str) -> Vec<String> {
    let prefix = format!("{version}_");
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".rs").map(str::to_string))
        .filter(|n| n.starts_with(&prefix))
        .collect();
    out.sort();
    out
}

/// Marks `defaults_hook` / `validate_hook` on the module's structs that its hand-written
/// files give a hook (`impl kapi::DefaultsHook for Container`): the derive calls a hook only
/// for a type so marked.
fn mark_hooks(src: &Path, module: &mut Module) -> Result<(), String> {
    let path = src.join(&module.file);
    let (Some(dir), Some(version)) = (path.parent(), path.file_stem()) else {
        return Ok(());
    };
    let version = version.to_string_lossy();
    let mut hooked: BTreeMap<String, Vec<Key>> = BTreeMap::new();
    for name in hand_written(dir, &version) {
        let file = dir.join(format!("{name}.rs"));
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        for (hook, marker) in [
            ("DefaultsHook for ", key::DEFAULTS_HOOK),
            ("ValidateHook for ", key::VALIDATE_HOOK),
        ] {
            for (at, _) in text.match_indices(hook) {
                let rest = &text[at + hook.len()..];
                let end = rest
                    .find(|c: char| !c.is_alphanumeric() && c != '_')
                    .unwrap_or(rest.len());
                hooked
                    .entry(rest[..end].to_string())
                    .or_default()
                    .push(marker);
            }
        }
    }
    for item in &mut module.items {
        let Item::Struct(s) = item else { continue };
        for &marker in hooked.get(&s.name).into_iter().flatten() {
            if !s.markers.iter().any(|m| m.key == marker) {
                s.markers.push(Marker::flag(marker));
            }
        }
    }
    Ok(())
}

/// Replaces the marked block of the crate root with the module list and the gates.
fn rewrite_lib(path: &Path, groups: &[String], gates: &str) -> Result<(), String> {
    let mut block = format!("{BEGIN}\n\n");
    for g in groups {
        let _ = writeln!(block, "pub mod {g};");
    }
    let _ = write!(block, "\n{gates}\n\n{END}");
    replace_block(path, BEGIN, END, &block)
}

/// Replaces the marked block of the manifest with one feature per group-version (enabling
/// those its types reach), `stable` (every GA group-version) and `prerelease` (the rest).
fn rewrite_features(path: &Path, modules: &[Module]) -> Result<(), String> {
    let mut block = format!("{FEATURES_BEGIN}\n");
    let mut stable = Vec::new();
    let mut prerelease = Vec::new();
    for m in modules {
        let feature = Layout::feature(&m.path);
        let reached: BTreeSet<String> = references(m)
            .into_iter()
            .filter(|p| p != &m.path)
            .map(|p| format!("{:?}", Layout::feature(&p)))
            .collect();
        let reached: Vec<String> = reached.into_iter().collect();
        let _ = writeln!(block, "{feature} = [{}]", reached.join(", "));
        let ga = m.version.starts_with('v') && m.version[1..].chars().all(|c| c.is_ascii_digit());
        if ga {
            stable.push(format!("{feature:?}"));
        } else {
            prerelease.push(format!("{feature:?}"));
        }
    }
    let _ = writeln!(block, "# Every GA group-version.");
    let _ = writeln!(block, "stable = [{}]", stable.join(", "));
    let _ = writeln!(block, "# Every alpha and beta group-version.");
    let _ = writeln!(block, "prerelease = [{}]", prerelease.join(", "));
    block.push_str(FEATURES_END);
    replace_block(path, FEATURES_BEGIN, FEATURES_END, &block)
}

/// The modules (`["crate", "core", "v1"]`) whose types `module` names, in fields or in
/// markers (a client method's `result = "crate::autoscaling::v1::Scale"`).
fn references(module: &Module) -> BTreeSet<Vec<String>> {
    fn of_type(ty: &Type, out: &mut BTreeSet<Vec<String>>) {
        match ty {
            Type::Scalar(_) => {}
            Type::Option(t) | Type::Vec(t) | Type::Map(t) | Type::Box(t) => of_type(t, out),
            Type::Path(p) if p.len() >= 4 && p[0] == "crate" => {
                out.insert(p[..3].to_vec());
            }
            Type::Path(_) => {}
        }
    }
    fn of_markers(markers: &[Marker], out: &mut BTreeSet<Vec<String>>) {
        for m in markers {
            match &m.value {
                Value::Str(v) => {
                    let segs: Vec<String> = v.split("::").map(str::to_string).collect();
                    if segs.len() >= 4 && segs[0] == "crate" {
                        out.insert(segs[..3].to_vec());
                    }
                }
                Value::Nested(inner) => of_markers(inner, out),
                _ => {}
            }
        }
    }
    let mut out = BTreeSet::new();
    for item in &module.items {
        let Item::Struct(s) = item else { continue };
        of_markers(&s.markers, &mut out);
        for f in &s.fields {
            of_type(&f.ty, &mut out);
        }
    }
    out
}

fn replace_block(path: &Path, begin: &str, end: &str, block: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (Some(start), Some(stop)) = (text.find(begin), text.find(end)) else {
        return Err(format!(
            "{}: no block between `{begin}` and `{end}` to replace",
            path.display()
        ));
    };
    let new = format!("{}{block}{}", &text[..start], &text[stop + end.len()..]);
    std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))
}

/// The crate directory, made absolute against the workspace root.
pub fn crate_dir(root: &Path, dir: &Path) -> PathBuf {
    if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        root.join(dir)
    }
}
