//! Importers: an API written elsewhere (Go API packages; CRD manifests later) turned into
//! annotated kapi source. Each importer reads its input into [`ir`], an importer-neutral
//! description of the modules to write, and [`write`] prints that as Rust. [`go`] reads Go
//! packages with tree-sitter's Go grammar; [`cli`] is `kapi-codegen import`; [`settings`]
//! the `[package.metadata.kapi.import]` entries `cargo xtask codegen` re-runs.

pub mod cli;
pub mod crd;
pub mod go;
pub mod ir;
pub mod names;
pub mod settings;
pub mod validation_rule;
pub mod write;

use std::fmt;

/// Something the importer could not translate as written, and what it did instead.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Warning {
    /// `file:line:col` in the input.
    pub at: String,
    /// A short name of the kind of problem, for summaries (`unknown marker`).
    pub class: &'static str,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.at, self.message)
    }
}

/// One imported file: its path below the output directory and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedFile {
    pub path: String,
    pub text: String,
}
