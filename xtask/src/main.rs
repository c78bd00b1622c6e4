//! Development commands:
//!
//! - `cargo xtask codegen [--verify-only] [--strict] [--assign-protobuf-tags] [--compat BASELINE]
//!   [--snapshot-release NAME] [CRATE_DIR]`:
//!   codegen's own command line ([`kapi_codegen::cli`]), on every API crate of the
//!   workspace (`api-types/`, `api-types/widgets/`, `api-types/k8s/`) unless a crate is named. The workspace
//!   is the one the command runs in, found at run time.
//! - `cargo xtask synth-api --kinds N --out DIR`: writes a synthetic API crate of N kinds
//!   (for benchmarks and scale tests; `cargo run -p kapi-codegen -- DIR` generates its files).
//! - `cargo xtask scale-bench [--kinds 100,1000] [--dir DIR] [--no-compile] [--no-release]`:
//!   codegen time and output per generator on synthetic APIs, and the compile of the
//!   smallest beside `k8s-openapi` ([`scale_bench`]).
//! - `cargo xtask k8s-bench [--dir DIR] [--no-release]`: the compile of `kapi-k8s` (every
//!   stable group-version; core/v1 + apps/v1) against the latest `k8s-openapi`, each
//!   crate's own rustc with its dependencies built first ([`k8s_bench`]).
//! - `cargo xtask import go ...`: the importer's command line ([`kapi_codegen::import::cli`]).
//! - `cargo xtask import-k8s --from DIR --out DIR [--fixtures DIR]`: every group-version of
//!   a k8s.io/api checkout imported into a scratch crate with a test per fixture
//!   ([`import_k8s`]); with `--crate api-types/k8s --apiextensions DIR` instead of `--out`,
//!   the shipped crate, apiextensions.k8s.io from a k8s.io/apiextensions-apiserver checkout
//!   included ([`k8s_crate`]).
//! - `cargo xtask fetch-k8s-fixtures [--tag vX.Y.Z]`: k8s.io/api's `testdata/` into
//!   `target/k8s-fixtures/<tag or HEAD>/`, where kapi-k8s's fixture tests find it
//!   ([`fetch_fixtures`]).

mod compile_cost;
mod fetch_fixtures;
mod import_k8s;
mod k8s_bench;
mod k8s_crate;
mod measure;
mod scale_bench;
mod synth;

use clap::{Arg, Command};
use kapi_codegen::cli;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The API crates of this workspace, relative to its root: what `cargo xtask codegen`
/// generates when no crate is named.
const API_CRATES: &[&str] = &["api-types", "api-types/widgets", "api-types/k8s"];

/// The workspace the command runs in: the nearest directory at or above `start` whose
/// `Cargo.toml` declares `[workspace]`. Found at run time, never from the path the xtask was
/// compiled at: with a shared `CARGO_TARGET_DIR`, a binary built in one clone runs in another.
fn workspace_root(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        manifest
            .lines()
            .any(|l| l.trim() == "[workspace]")
            .then(|| dir.to_path_buf())
    })
}

fn main() -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let Some(root) = workspace_root(&cwd) else {
        eprintln!(
            "cargo xtask: no Cargo.toml with [workspace] at or above {}",
            cwd.display()
        );
        return ExitCode::FAILURE;
    };
    let api_crates: Vec<PathBuf> = API_CRATES.iter().map(|c| root.join(c)).collect();
    let matches = Command::new("xtask")
        .bin_name("cargo xtask")
        .about("kapi's development commands")
        .subcommand_required(true)
        .subcommand(cli::command("codegen", &api_crates[0]).after_help(format!(
            "Without CRATE_DIR, every API crate of the workspace: {}",
            API_CRATES.join(", ")
        )))
        .subcommand(
            Command::new("synth-api")
                .about("Write a synthetic API crate (for benchmarks and scale tests)")
                .arg(
                    Arg::new("kinds")
                        .long("kinds")
                        .value_name("N")
                        .required(true)
                        .value_parser(clap::value_parser!(usize)),
                )
                .arg(
                    Arg::new("out")
                        .long("out")
                        .value_name("DIR")
                        .required(true)
                        .value_parser(clap::value_parser!(PathBuf)),
                ),
        )
        .subcommand(
            Command::new("scale-bench")
                .about("Codegen time and output per generator on synthetic APIs, and the compile of the smallest beside k8s-openapi")
                .arg(
                    Arg::new("kinds")
                        .long("kinds")
                        .value_name("N,N,...")
                        .value_delimiter(',')
                        .default_value("100,1000")
                        .value_parser(clap::value_parser!(usize)),
                )
                .arg(dir_arg("target/scale-bench"))
                .arg(
                    Arg::new("no-compile")
                        .long("no-compile")
                        .action(clap::ArgAction::SetTrue)
                        .help("Skip the derive expansion and the compiles"),
                )
                .arg(no_release_arg()),
        )
        .subcommand(
            Command::new("k8s-bench")
                .about("The compile of kapi-k8s (stable; core-v1 + apps-v1) against the latest k8s-openapi, each crate's own rustc")
                .arg(dir_arg("target/k8s-bench"))
                .arg(no_release_arg()),
        )
        .subcommand(
            Command::new("fetch-k8s-fixtures")
                .about("Fetch k8s.io/api's testdata/ (a shallow sparse git clone) into target/k8s-fixtures/<tag or HEAD>, where kapi-k8s's fixture tests find it")
                .arg(
                    Arg::new("tag")
                        .long("tag")
                        .value_name("vX.Y.Z")
                        .help("A release tag of k8s.io/api (v0.36.3) [default: master, the branch the shipped import was taken from]"),
                )
                .arg(
                    Arg::new("repository")
                        .long("repository")
                        .value_name("URL")
                        .default_value(fetch_fixtures::REPOSITORY)
                        .help("Where to clone k8s.io/api from (a mirror)"),
                ),
        )
        .subcommand(kapi_codegen::import::cli::command("import"))
        .subcommand(
            Command::new("import-k8s")
                .about("Import every group-version of a k8s.io/api checkout: into a scratch crate with a test per fixture (--out), or into the shipped kapi-k8s crate (--crate)")
                .arg(
                    Arg::new("from")
                        .long("from")
                        .value_name("DIR")
                        .required(true)
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("A k8s.io/api tree (<group>/<version>/types.go)"),
                )
                .arg(
                    Arg::new("out")
                        .long("out")
                        .value_name("DIR")
                        .required_unless_present("crate")
                        .conflicts_with("crate")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("Where the scratch crate is written (outside the repository)"),
                )
                .arg(
                    Arg::new("crate")
                        .long("crate")
                        .value_name("DIR")
                        .requires("apiextensions")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("The shipped crate to rewrite (api-types/k8s)"),
                )
                .arg(
                    Arg::new("apiextensions")
                        .long("apiextensions")
                        .value_name("DIR")
                        .requires("crate")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("A k8s.io/apiextensions-apiserver tree (pkg/apis/apiextensions/v1/types.go), imported with --crate"),
                )
                .arg(
                    Arg::new("fixtures")
                        .long("fixtures")
                        .value_name("DIR")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("k8s.io/api's testdata/HEAD fixtures [default: ../shared/fixtures/kubernetes-api beside the workspace]"),
                ),
        )
        .get_matches();
    match matches.subcommand() {
        Some(("import", m)) => kapi_codegen::import::cli::run(m),
        Some(("fetch-k8s-fixtures", m)) => {
            let options = fetch_fixtures::Options {
                tag: m.get_one::<String>("tag").cloned(),
                repository: m
                    .get_one::<String>("repository")
                    .cloned()
                    .unwrap_or_else(|| fetch_fixtures::REPOSITORY.to_string()),
            };
            exit_code(
                "fetch-k8s-fixtures",
                fetch_fixtures::run(&root, &options).map(|_| ()),
            )
        }
        Some(("import-k8s", m)) if m.get_one::<PathBuf>("crate").is_some() => {
            let (Some(from), Some(apiextensions), Some(dir)) = (
                m.get_one::<PathBuf>("from"),
                m.get_one::<PathBuf>("apiextensions"),
                m.get_one::<PathBuf>("crate"),
            ) else {
                return ExitCode::from(2);
            };
            let result = k8s_crate::run(
                &root,
                from,
                apiextensions,
                &k8s_crate::crate_dir(&root, dir),
            );
            exit_code("import-k8s", result.map(|summary| print!("{summary}")))
        }
        Some(("import-k8s", m)) => {
            let (Some(from), Some(out)) =
                (m.get_one::<PathBuf>("from"), m.get_one::<PathBuf>("out"))
            else {
                return ExitCode::from(2);
            };
            let fixtures = m
                .get_one::<PathBuf>("fixtures")
                .cloned()
                .unwrap_or_else(|| root.join("../shared/fixtures/kubernetes-api"));
            let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
            let result = import_k8s::run(&absolute(&root), from, out, &absolute(&fixtures));
            exit_code("import-k8s", result.map(|summary| print!("{summary}")))
        }
        Some(("codegen", m)) if m.get_one::<PathBuf>("crate").is_some() => {
            cli::run(&cli::Args::from_matches(m, &api_crates[0]))
        }
        // Every API crate, each reported; the run fails if any does.
        Some(("codegen", m)) => cli::run_all(
            api_crates
                .iter()
                .map(|c| cli::Args::from_matches(m, c))
                .collect(),
        ),
        Some(("synth-api", m)) => {
            match (m.get_one::<usize>("kinds"), m.get_one::<PathBuf>("out")) {
                (Some(&kinds), Some(out)) => synth_api(&root, kinds, out),
                // clap requires both.
                _ => ExitCode::from(2),
            }
        }
        Some(("scale-bench", m)) => {
            let options = scale_bench::Options {
                kinds: m
                    .get_many::<usize>("kinds")
                    .into_iter()
                    .flatten()
                    .copied()
                    .collect(),
                dir: m
                    .get_one::<PathBuf>("dir")
                    .cloned()
                    .unwrap_or_else(|| root.join("target/scale-bench")),
                compile: !m.get_flag("no-compile"),
                release: !m.get_flag("no-release"),
            };
            exit_code("scale-bench", scale_bench::run(&root, &options))
        }
        Some(("k8s-bench", m)) => {
            let options = k8s_bench::Options {
                dir: m
                    .get_one::<PathBuf>("dir")
                    .cloned()
                    .unwrap_or_else(|| root.join("target/k8s-bench")),
                release: !m.get_flag("no-release"),
            };
            exit_code("k8s-bench", k8s_bench::run(&root, &options))
        }
        _ => ExitCode::from(2),
    }
}

/// A command's result as its exit code, the error reported under the command's name.
fn exit_code(command: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{command}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A benchmark's `--dir`: where its crates are written.
fn dir_arg(default: &str) -> Arg {
    Arg::new("dir")
        .long("dir")
        .value_name("DIR")
        .help(format!("Where the crates are written [default: {default}]"))
        .value_parser(clap::value_parser!(PathBuf))
}

/// A benchmark's `--no-release`.
fn no_release_arg() -> Arg {
    Arg::new("no-release")
        .long("no-release")
        .action(clap::ArgAction::SetTrue)
        .help("Compile with `cargo check` only")
}

/// `synth-api --kinds N --out DIR`: the crate depends on this workspace's kapi by path.
fn synth_api(root: &Path, kinds: usize, out: &Path) -> ExitCode {
    let kapi = root.join("runtime");
    let kapi = std::fs::canonicalize(&kapi).unwrap_or(kapi);
    match synth::write_api(out, kinds, &kapi) {
        Ok(()) => {
            println!(
                "wrote a synthetic API of {kinds} kinds to {}",
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}
