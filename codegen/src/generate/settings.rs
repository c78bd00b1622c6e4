//! Codegen settings of a crate, from `[package.metadata.kapi]` in its Cargo.toml.

mod webhook;

use super::error::Error;
use crate::diagnostics::closest;
use std::path::{Path, PathBuf};

pub use webhook::{is_dns_subdomain, WebhookConfig, WebhookServer, WebhookSettings};

#[derive(Debug, Clone)]
pub struct Settings {
    pub crate_name: String,
    /// Directory for generated non-Rust files, relative to the crate (default `generated`).
    pub output: PathBuf,
    /// License text put at the top of every generated file (`header-file`).
    pub header: Option<String>,
    /// CRD generation: `crd-max-description-length`, and the conversion webhook from
    /// `webhook`.
    pub crd: CrdSettings,
    /// `webhook`: the crate's webhook server (conversion and admission), for the CRDs'
    /// conversion stanza and the webhook configurations.
    pub webhook: Option<WebhookSettings>,
    /// `lint = false`: the API-convention findings are not reported, for an API whose
    /// conventions are not its crate's to change (Kubernetes' own, imported).
    pub lint: bool,
    /// Per-release fixtures: `fixture-root`, `fixture-compare`, `fixture-rules`.
    pub fixtures: FixtureSettings,
    /// `apply-configurations-feature`: the crate's cargo feature that compiles its apply
    /// configurations and the clients' `apply` methods; `None` compiles them always.
    pub apply_feature: Option<String>,
    /// `openapi-documents-feature`: the crate's cargo feature that embeds the OpenAPI
    /// documents (`generated/openapi_documents.rs`, for a server); `None` embeds them always.
    pub openapi_feature: Option<String>,
    /// `controllers = true`: each kind's generated informer gets a `controller()`, a
    /// `kapi_controller::Controller` on its factory (`generated/controllers.rs`); the crate
    /// depends on kapi-controller.
    pub controllers: bool,
}

/// Where a crate's per-release fixtures live and how a re-encoded fixture must match.
#[derive(Debug, Clone, PartialEq)]
pub struct FixtureSettings {
    pub root: FixtureRoot,
    /// `fixture-compare`: `bytes` (default) or `values`.
    pub compare: FixtureCompare,
    /// `fixture-rules`: `kapi` (default for the crate's own root) or `kubernetes` (default for
    /// an external root).
    pub rules: FixtureRules,
}

/// `fixture-root`: a path (the crate's own fixtures, which codegen verifies and the update
/// run writes), or a table naming an external input, another project's fixtures that the
/// crate is tested against where they are present.
#[derive(Debug, Clone, PartialEq)]
pub enum FixtureRoot {
    /// `fixture-root = "testdata"`, relative to the crate (the default).
    Own(PathBuf),
    /// `fixture-root = { env = "VAR", paths = ["..", ".."], fetch = "command" }`: the
    /// directory `VAR` names, else the first of `paths` (relative to the crate) that exists;
    /// `fetch` is the command that gets it, named when none does.
    External {
        env: String,
        paths: Vec<PathBuf>,
        fetch: Option<String>,
    },
}

impl FixtureRoot {
    /// The crate's own root; `None` for an external input, which codegen never verifies.
    pub fn own(&self) -> Option<&Path> {
        match self {
            FixtureRoot::Own(root) => Some(root),
            FixtureRoot::External { .. } => None,
        }
    }
}

/// `fixture-rules`: which checks a fixture passes. `kapi` is the crate's own release
/// fixtures: strict decoding, nothing of a removed kind. `kubernetes` is apimachinery's
/// `roundtrip.CompatibilityTestOptions`: decoding drops unknown fields as kube-apiserver
/// does, the formats of a kind decode to one object, and kinds no longer served are skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixtureRules {
    Kapi,
    Kubernetes,
}

/// `fixture-compare`: fixtures kapi wrote re-encode byte for byte; another encoder's (Go's
/// JSON escapes and orders differently) are compared as JSON and YAML values. Protobuf is
/// always compared byte for byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixtureCompare {
    Bytes,
    Values,
}

impl Settings {
    pub fn load(crate_dir: &Path) -> Result<Settings, Error> {
        let manifest_path = crate_dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest_path)
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", manifest_path.display())))?;
        let manifest: toml::Table = text
            .parse()
            .map_err(|e| Error::Io(format!("{}: {e}", manifest_path.display())))?;
        let package = manifest.get("package").and_then(|p| p.as_table());
        let crate_name = package
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .ok_or_else(|| Error::Io(format!("{}: no [package] name", manifest_path.display())))?
            .to_string();
        let meta = package
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("kapi"))
            .and_then(|k| k.as_table());
        refuse_unknown_keys(meta, &manifest_path)?;
        let get = |key: &str| -> Result<Option<String>, Error> {
            match meta.and_then(|m| m.get(key)) {
                None => Ok(None),
                Some(v) => v.as_str().map(|s| Some(s.to_string())).ok_or_else(|| {
                    Error::Io(format!(
                        "{}: [package.metadata.kapi] {key} must be a string",
                        manifest_path.display()
                    ))
                }),
            }
        };
        let output = PathBuf::from(get("output")?.unwrap_or_else(|| "generated".to_string()));
        let header = match get("header-file")? {
            None => None,
            Some(file) => {
                let path = crate_dir.join(&file);
                Some(std::fs::read_to_string(&path).map_err(|e| {
                    Error::Io(format!("cannot read header-file {}: {e}", path.display()))
                })?)
            }
        };
        let root = fixture_root(meta.and_then(|m| m.get("fixture-root")), &manifest_path)?;
        let rules = match get("fixture-rules")?.as_deref() {
            None => match root {
                FixtureRoot::Own(_) => FixtureRules::Kapi,
                FixtureRoot::External { .. } => FixtureRules::Kubernetes,
            },
            Some("kapi") => FixtureRules::Kapi,
            Some("kubernetes") => FixtureRules::Kubernetes,
            Some(other) => {
                return Err(Error::Io(format!(
                    "{}: [package.metadata.kapi] fixture-rules is `kapi` or `kubernetes`, not `{other}`",
                    manifest_path.display()
                )))
            }
        };
        let fixtures = FixtureSettings {
            root,
            rules,
            compare: match get("fixture-compare")?.as_deref() {
                None | Some("bytes") => FixtureCompare::Bytes,
                Some("values") => FixtureCompare::Values,
                Some(other) => {
                    return Err(Error::Io(format!(
                        "{}: [package.metadata.kapi] fixture-compare is `bytes` or `values`, not `{other}`",
                        manifest_path.display()
                    )))
                }
            },
        };
        let flag = |key: &str, default: bool| match meta.and_then(|m| m.get(key)) {
            None => Ok(default),
            Some(v) => v.as_bool().ok_or_else(|| {
                Error::Io(format!(
                    "{}: [package.metadata.kapi] {key} must be true or false",
                    manifest_path.display()
                ))
            }),
        };
        let lint = flag("lint", true)?;
        let controllers = flag("controllers", false)?;
        // The generated code names `::kapi_controller`: the crate must depend on it, and
        // under that name.
        if controllers && !depends_on(&manifest, CONTROLLER_CRATE) {
            return Err(Error::Io(format!(
                "{}: [package.metadata.kapi] controllers = true writes controllers on \
                 {CONTROLLER_CRATE}, which [dependencies] does not list; add \
                 `{CONTROLLER_CRATE} = ..` to [dependencies], under that name",
                manifest_path.display()
            )));
        }
        // A setting that names a cargo feature: the feature must be declared, or the code
        // behind it could never compile.
        let feature = |key: &str| -> Result<Option<String>, Error> {
            let feature = get(key)?;
            if let Some(feature) = &feature {
                let declared = manifest
                    .get("features")
                    .and_then(|f| f.as_table())
                    .is_some_and(|f| f.contains_key(feature));
                if !declared {
                    return Err(Error::Io(format!(
                        "{}: [package.metadata.kapi] {key} names `{feature}`, which [features] \
                         does not declare; add `{feature} = []` to [features]",
                        manifest_path.display()
                    )));
                }
            }
            Ok(feature)
        };
        let apply_feature = feature("apply-configurations-feature")?;
        let openapi_feature = feature("openapi-documents-feature")?;
        let webhook = match meta.and_then(|m| m.get("webhook")) {
            None => None,
            Some(w) => Some(WebhookSettings::load(w, &crate_name, &manifest_path)?),
        };
        Ok(Settings {
            crd: CrdSettings::load(meta, &manifest_path, webhook.as_ref())?,
            webhook,
            crate_name,
            output,
            header,
            fixtures,
            lint,
            apply_feature,
            openapi_feature,
            controllers,
        })
    }

    /// Directories whose generated files kapi owns (and may find extra ones in).
    pub fn output_dirs(&self) -> Vec<PathBuf> {
        vec![self.output.clone(), PathBuf::from("src")]
    }
}

/// Every key of `[package.metadata.kapi]` must be one codegen reads: a misspelt one would
/// otherwise be ignored without a word.
fn refuse_unknown_keys(meta: Option<&toml::Table>, manifest_path: &Path) -> Result<(), Error> {
    let known: Vec<&str> = [
        "output",
        "header-file",
        "lint",
        "fixture-root",
        "fixture-compare",
        "fixture-rules",
        "apply-configurations-feature",
        "openapi-documents-feature",
        "controllers",
        "webhook",
        // Read by `crate::import::settings`, which re-runs the imports first.
        "import",
    ]
    .into_iter()
    .chain(CRD_SETTINGS_KEYS.iter().copied())
    .collect();
    if let Some(meta) = meta {
        for key in meta.keys() {
            if !known.contains(&key.as_str()) {
                let hint = closest(key, known.iter().copied())
                    .map(|k| format!(" (did you mean `{k}`?)"))
                    .unwrap_or_default();
                return Err(Error::Io(format!(
                    "{}: unknown setting `{key}` in [package.metadata.kapi]{hint}",
                    manifest_path.display()
                )));
            }
        }
    }
    Ok(())
}

/// The crate the generated controllers are built on.
const CONTROLLER_CRATE: &str = "kapi-controller";

/// Whether the manifest lists `name` (not renamed) in `[dependencies]`, for every target or
/// one (`[target.'cfg(..)'.dependencies]`).
fn depends_on(manifest: &toml::Table, name: &str) -> bool {
    let lists = |table: &toml::Table| {
        table
            .get("dependencies")
            .and_then(|d| d.as_table())
            .is_some_and(|d| d.contains_key(name))
    };
    lists(manifest)
        || manifest
            .get("target")
            .and_then(|t| t.as_table())
            .is_some_and(|targets| targets.values().filter_map(|t| t.as_table()).any(lists))
}

/// `fixture-root`: a path, or the table of an external input.
fn fixture_root(value: Option<&toml::Value>, manifest: &Path) -> Result<FixtureRoot, Error> {
    let err = |msg: &str| {
        Error::Io(format!(
            "{}: [package.metadata.kapi] fixture-root {msg}",
            manifest.display()
        ))
    };
    let table = match value {
        None => return Ok(FixtureRoot::Own(PathBuf::from("testdata"))),
        Some(toml::Value::String(path)) => return Ok(FixtureRoot::Own(PathBuf::from(path))),
        Some(toml::Value::Table(table)) => table,
        Some(_) => {
            return Err(err(
                "is a path or a table `{ env = \"VAR\", paths = [..] }`",
            ))
        }
    };
    const KEYS: &[&str] = &["env", "paths", "fetch"];
    for key in table.keys() {
        if !KEYS.contains(&key.as_str()) {
            let hint = closest(key, KEYS.iter().copied())
                .map(|k| format!(" (did you mean `{k}`?)"))
                .unwrap_or_default();
            return Err(err(&format!("has no key `{key}`{hint}")));
        }
    }
    let env = table
        .get("env")
        .and_then(|v| v.as_str())
        .filter(|v| !v.is_empty())
        .ok_or_else(|| err("needs `env`, the variable that names the directory"))?
        .to_string();
    let paths = match table.get("paths") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .and_then(|a| {
                a.iter()
                    .map(|p| p.as_str().map(PathBuf::from))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| err("`paths` is a list of paths relative to the crate"))?,
    };
    let fetch = match table.get("fetch") {
        None => None,
        Some(v) => Some(
            v.as_str()
                .ok_or_else(|| err("`fetch` is the command that gets the fixtures"))?
                .to_string(),
        ),
    };
    Ok(FixtureRoot::External { env, paths, fetch })
}

/// The `[package.metadata.kapi]` keys of the CRD generator. `crd-conversion-webhook` is
/// known only to say where its service went (`webhook`).
pub const CRD_SETTINGS_KEYS: &[&str] = &["crd-max-description-length", "crd-conversion-webhook"];

/// CRD settings of a crate.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CrdSettings {
    /// `crd-max-description-length`: descriptions are cut to this many characters.
    pub max_description_length: Option<usize>,
    /// The conversion webhook of CRDs whose versions differ: the `webhook` server at its
    /// `convert-path`.
    pub conversion_webhook: Option<WebhookConfig>,
    /// `webhook.cert-manager-certificate`: annotates the CRDs with a conversion webhook
    /// so cert-manager's cainjector fills in their `caBundle`.
    pub inject_ca_from: Option<String>,
}

impl CrdSettings {
    /// Reads the CRD keys of `[package.metadata.kapi]` (`meta`) of `manifest`; the
    /// conversion webhook is the crate's `webhook` server.
    pub fn load(
        meta: Option<&toml::Table>,
        manifest: &Path,
        webhook: Option<&WebhookSettings>,
    ) -> Result<CrdSettings, Error> {
        let err = |msg: String| Error::Io(format!("{}: {msg}", manifest.display()));
        let mut out = CrdSettings {
            conversion_webhook: webhook.map(|w| w.client_config(&w.convert_path)),
            inject_ca_from: webhook.and_then(|w| w.inject_ca_from().map(str::to_string)),
            ..CrdSettings::default()
        };
        let Some(meta) = meta else { return Ok(out) };
        if let Some(v) = meta.get("crd-max-description-length") {
            let n = v
                .as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    err("[package.metadata.kapi] crd-max-description-length must be a non-negative integer".into())
                })?;
            out.max_description_length = Some(n);
        }
        if let Some(old) = meta.get("crd-conversion-webhook") {
            return Err(err(format!(
                "[package.metadata.kapi] crd-conversion-webhook is now the `webhook` table, which the admission webhooks share: write `{}`",
                webhook::migrated(old)
            )));
        }
        Ok(out)
    }
}
