//! Development commands: `cargo xtask codegen [--verify-only]`.

use kapi_codegen::generate::{self, Mode};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask codegen [--verify-only]

  codegen          regenerate the example API's files (api-types/)
  --verify-only    write nothing; exit 1 with a diff if any generated file is stale";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["codegen"] => generate::cli_main(&workspace_root().join("api-types"), Mode::Write),
        ["codegen", "--verify-only"] => {
            generate::cli_main(&workspace_root().join("api-types"), Mode::Verify)
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
