//! Codegen settings of a crate, from `[package.metadata.kapi]` in its Cargo.toml.

use super::Error;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Settings {
    pub crate_name: String,
    /// Directory for generated non-Rust files, relative to the crate (default `generated`).
    pub output: PathBuf,
    /// License text put at the top of every generated file (`header-file`).
    pub header: Option<String>,
    /// CRD generation: `crd-max-description-length`, `crd-conversion-webhook`.
    pub crd: super::crd::CrdSettings,
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
        let known: Vec<&str> = ["output", "header-file"]
            .into_iter()
            .chain(super::crd::SETTINGS_KEYS.iter().copied())
            .collect();
        if let Some(meta) = meta {
            for key in meta.keys() {
                if !known.contains(&key.as_str()) {
                    let hint = crate::diagnostics::closest(key, known.iter().copied())
                        .map(|k| format!(" (did you mean `{k}`?)"))
                        .unwrap_or_default();
                    return Err(Error::Io(format!(
                        "{}: unknown setting `{key}` in [package.metadata.kapi]{hint}",
                        manifest_path.display()
                    )));
                }
            }
        }
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
        Ok(Settings {
            crate_name,
            output,
            header,
            crd: super::crd::CrdSettings::load(meta, &manifest_path)?,
        })
    }

    /// Directories whose generated files kapi owns (and may find extra ones in).
    pub fn output_dirs(&self) -> Vec<PathBuf> {
        vec![self.output.clone(), PathBuf::from("src")]
    }
}
