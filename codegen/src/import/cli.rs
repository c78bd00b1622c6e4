//! The importers' command line, shared by `kapi-codegen import` and `cargo xtask import`:
//! `import go [--package GO_PATH=RUST_PATH]... [--cargo-features] [--generated DIR]
//! [--no-doc-comments] [--verify-only] --out DIR PACKAGE_DIR...` and `import crd [--no-doc-comments] [--verify-only] --out DIR CRD_YAML...`. Writes one module per Go package below `DIR` (`core/v1.rs`), prints
//! every warning (`file:line:col: warning: ...`) to stderr and a summary to stdout. With
//! `--verify-only` it writes nothing and exits 1 with a diff when a file would change.

use super::go;
use super::ImportedFile;
use crate::generate::output::unified_diff;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// One `import go` invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoArgs {
    pub dirs: Vec<PathBuf>,
    pub out: PathBuf,
    pub options: go::Options,
    pub verify_only: bool,
}

/// `import` with its subcommands, as a clap command called `name`.
pub fn command(name: &'static str) -> Command {
    Command::new(name)
        .about("Write annotated kapi source from an API defined elsewhere")
        .subcommand_required(true)
        .subcommand(common_args(
            Command::new("go")
                .about("Import Go API packages (types.go, doc.go, register.go, ...) as kapi modules, one per package")
                .arg(
                    Arg::new("package")
                        .long("package")
                        .value_name("GO_PATH=RUST_PATH")
                        .action(ArgAction::Append)
                        .help("Where a Go package's types live in Rust (k8s.io/api/core/v1=crate::core::v1); repeatable. Packages of the run default to crate::<parent>::<dir>"),
                )
                .arg(
                    Arg::new("cargo-features")
                        .long("cargo-features")
                        .action(ArgAction::SetTrue)
                        .help("Gate each group-version behind the cargo feature <group>-<version> (core-v1)"),
                )
                .arg(
                    Arg::new("generated")
                        .long("generated")
                        .value_name("DIR")
                        .help("The crate's generated directory relative to --out (../generated): each module includes <DIR>/<group>/<version>/mod.rs as `generated`"),
                )
                .arg(
                    Arg::new("dirs")
                        .value_name("PACKAGE_DIR")
                        .required(true)
                        .num_args(1..)
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("Go package directories"),
                ),
            "Drop Go's doc comments instead of keeping them as ///",
            "Directory the modules are written to (<parent>/<dir>.rs each)",
        ))
        .subcommand(common_args(
            Command::new("crd")
                .about("Import apiextensions.k8s.io/v1 CustomResourceDefinitions (YAML) as kapi modules, one per served group-version")
                .arg(
                    Arg::new("files")
                        .value_name("CRD_YAML")
                        .required(true)
                        .num_args(1..)
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("CRD manifests (several documents per file are fine)"),
                ),
            "Drop the schemas' descriptions instead of keeping them as ///",
            "Directory the modules are written to (<group>/<version>.rs each)",
        ))
}

/// `--no-doc-comments`, `--verify-only` and `--out DIR`, which every importer takes.
fn common_args(command: Command, docs: &'static str, layout: &'static str) -> Command {
    command
        .arg(
            Arg::new("no-doc-comments")
                .long("no-doc-comments")
                .action(ArgAction::SetTrue)
                .help(docs),
        )
        .arg(
            Arg::new("verify-only")
                .long("verify-only")
                .action(ArgAction::SetTrue)
                .help("Write nothing; exit 1 and print a diff if an imported file would change"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("DIR")
                .required(true)
                .value_parser(clap::value_parser!(PathBuf))
                .help(layout),
        )
}

impl GoArgs {
    pub fn from_matches(m: &ArgMatches) -> Result<GoArgs, String> {
        let mut packages = BTreeMap::new();
        for p in m.get_many::<String>("package").into_iter().flatten() {
            let (go, rust) = p
                .split_once('=')
                .ok_or_else(|| format!("--package {p}: write GO_PATH=RUST_PATH"))?;
            packages.insert(go.trim().to_string(), rust.trim().to_string());
        }
        Ok(GoArgs {
            dirs: m
                .get_many::<PathBuf>("dirs")
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
            out: m.get_one::<PathBuf>("out").cloned().unwrap_or_default(),
            options: go::Options {
                doc_comments: !m.get_flag("no-doc-comments"),
                packages,
                layout: super::ir::Layout {
                    cargo_features: m.get_flag("cargo-features"),
                    generated: m.get_one::<String>("generated").cloned(),
                },
            },
            verify_only: m.get_flag("verify-only"),
        })
    }
}

/// Parses `args` (the program name first) and runs them.
pub fn main(
    name: &'static str,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> ExitCode {
    let matches = command(name).bin_name(name).get_matches_from(args);
    run(&matches)
}

/// Runs the subcommand `matches` holds.
pub fn run(matches: &ArgMatches) -> ExitCode {
    match matches.subcommand() {
        Some(("go", m)) => match GoArgs::from_matches(m) {
            Ok(args) => run_go(&args),
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        Some(("crd", m)) => {
            let files: Vec<PathBuf> = m
                .get_many::<PathBuf>("files")
                .into_iter()
                .flatten()
                .cloned()
                .collect();
            let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
            let start = Instant::now();
            match super::crd::import(&refs, !m.get_flag("no-doc-comments")) {
                Ok(imported) => finish(
                    &imported.files,
                    &imported.warnings,
                    m.get_one::<PathBuf>("out")
                        .map_or(Path::new("."), PathBuf::as_path),
                    m.get_flag("verify-only"),
                    files.len(),
                    start,
                ),
                Err(e) => {
                    eprintln!("kapi-codegen import: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => ExitCode::FAILURE,
    }
}

/// `import go`: imports, prints warnings and a summary, writes or verifies.
pub fn run_go(args: &GoArgs) -> ExitCode {
    let start = Instant::now();
    let root = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let imported = match go::import(&args.dirs, &root, &args.options) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("kapi-codegen import: {e}");
            return ExitCode::FAILURE;
        }
    };
    finish(
        &imported.files,
        &imported.warnings,
        &args.out,
        args.verify_only,
        args.dirs.len(),
        start,
    )
}

/// Prints the warnings, writes or verifies `files` under `out`, and prints a summary.
fn finish(
    files: &[ImportedFile],
    warnings: &[super::Warning],
    out: &Path,
    verify_only: bool,
    inputs: usize,
    start: Instant,
) -> ExitCode {
    for w in warnings {
        eprintln!("{w}");
    }
    let mut written = 0;
    let mut unchanged = 0;
    let mut stale = 0;
    for file in files {
        match apply(out, file, verify_only) {
            Ok(Outcome::Unchanged) => unchanged += 1,
            Ok(Outcome::Written) => written += 1,
            Ok(Outcome::Stale(diff)) => {
                eprint!("{diff}");
                stale += 1;
            }
            Err(e) => {
                eprintln!("kapi-codegen import: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let warnings = warnings.len();
    if verify_only {
        println!(
            "kapi-codegen import: {inputs} inputs, {stale} of {} files out of date, {warnings} warnings ({ms:.0}ms)",
            files.len()
        );
        if stale > 0 {
            return ExitCode::FAILURE;
        }
    } else {
        println!(
            "kapi-codegen import: {inputs} inputs, {written} files written, {unchanged} unchanged, {warnings} warnings in {ms:.0}ms"
        );
    }
    ExitCode::SUCCESS
}

enum Outcome {
    Unchanged,
    Written,
    Stale(String),
}

fn apply(out: &Path, file: &ImportedFile, verify_only: bool) -> Result<Outcome, String> {
    let path = out.join(&file.path);
    let current = std::fs::read_to_string(&path).ok();
    if current.as_deref() == Some(file.text.as_str()) {
        return Ok(Outcome::Unchanged);
    }
    if verify_only {
        return Ok(Outcome::Stale(unified_diff(
            Path::new(&file.path),
            current.as_deref(),
            Some(&file.text),
        )));
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(&path, &file.text)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(Outcome::Written)
}
