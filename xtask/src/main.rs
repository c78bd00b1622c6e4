//! Development commands:
//!
//! - `cargo xtask codegen [--verify-only] [--strict] [--assign-protobuf-tags] [CRATE_DIR]`:
//!   codegen's own command line ([`kapi_codegen::cli`]), on the example API (`api-types/`)
//!   unless a crate is named.
//! - `cargo xtask synth-api --kinds N --out DIR`: writes a synthetic API crate of N kinds
//!   (for benchmarks and scale tests; `cargo run -p kapi-codegen -- DIR` generates its files).

mod synth;

use clap::{Arg, Command};
use kapi_codegen::cli;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn main() -> ExitCode {
    let api_types = workspace_root().join("api-types");
    let matches = Command::new("xtask")
        .bin_name("cargo xtask")
        .about("kapi's development commands")
        .subcommand_required(true)
        .subcommand(cli::command("codegen", &api_types))
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
        .get_matches();
    match matches.subcommand() {
        Some(("codegen", m)) => cli::run(&cli::Args::from_matches(m, &api_types)),
        Some(("synth-api", m)) => {
            match (m.get_one::<usize>("kinds"), m.get_one::<PathBuf>("out")) {
                (Some(&kinds), Some(out)) => synth_api(kinds, out),
                // clap requires both.
                _ => ExitCode::from(2),
            }
        }
        _ => ExitCode::from(2),
    }
}

/// `synth-api --kinds N --out DIR`: the crate depends on this workspace's kapi by path.
fn synth_api(kinds: usize, out: &Path) -> ExitCode {
    let kapi = workspace_root().join("runtime");
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
