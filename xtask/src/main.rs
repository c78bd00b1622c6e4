//! Development commands: `cargo xtask codegen [--verify-only] [--strict] [--assign-protobuf-tags]`.

use kapi_codegen::generate::{self, Mode, Options};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask codegen [--verify-only] [--strict] [--assign-protobuf-tags]

  codegen          regenerate the example API's files (api-types/)
  --verify-only    write nothing; exit 1 with a diff if any generated file is stale
  --strict         API-convention warnings are errors: exit 1 and generate nothing
  --assign-protobuf-tags
                   first write `protobuf = N` into the source of every field of a
                   protobuf-enabled type that has none (not with --verify-only)

usage: cargo xtask synth-api --kinds N --out DIR

  synth-api        write a synthetic API crate of N kinds to DIR (for benchmarks and scale
                   tests; `cargo run -p kapi-codegen -- DIR` generates its files)";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// `--verify-only`, `--strict` and `--assign-protobuf-tags`, each at most once, in any
/// order; whether to assign protobuf numbers first. Assigning writes source, so it does not
/// go with `--verify-only`.
fn codegen_options(flags: &[&str]) -> Option<(Options, bool)> {
    let mut options = Options::from(Mode::Write);
    let mut assign = false;
    let mut seen = Vec::new();
    for &flag in flags {
        if seen.contains(&flag) {
            return None;
        }
        seen.push(flag);
        match flag {
            "--verify-only" => options.mode = Mode::Verify,
            "--strict" => options.strict = true,
            "--assign-protobuf-tags" => assign = true,
            _ => return None,
        }
    }
    if assign && options.mode == Mode::Verify {
        return None;
    }
    Some((options, assign))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["codegen", flags @ ..] => match codegen_options(flags) {
            Some((options, assign)) => {
                let api = workspace_root().join("api-types");
                if assign && !generate::cli_assign_protobuf_tags(&api) {
                    return ExitCode::FAILURE;
                }
                generate::cli_main_with(&api, options)
            }
            None => {
                eprintln!("{USAGE}");
                ExitCode::from(2)
            }
        },
        ["synth-api", flags @ ..] => synth_api(flags),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `synth-api --kinds N --out DIR`: the crate depends on this workspace's kapi by path.
fn synth_api(flags: &[&str]) -> ExitCode {
    let (mut kinds, mut out) = (None, None);
    let mut rest = flags.iter();
    while let Some(flag) = rest.next() {
        match (*flag, rest.next()) {
            ("--kinds", Some(n)) => kinds = n.parse::<usize>().ok(),
            ("--out", Some(dir)) => out = Some(PathBuf::from(dir)),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let (Some(kinds), Some(out)) = (kinds, out) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let kapi = workspace_root().join("runtime");
    let kapi = std::fs::canonicalize(&kapi).unwrap_or(kapi);
    match generate::synth::write_api(&out, kinds, &kapi) {
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
