//! `kapi-codegen [--verify-only] [CRATE_DIR]`: generate (or verify) a crate's API files.

use kapi_codegen::generate::{self, Mode};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let matches = clap::Command::new("kapi-codegen")
        .about("Generate the files of a kapi API crate, or verify they are up to date")
        .arg(
            clap::Arg::new("verify-only")
                .long("verify-only")
                .action(clap::ArgAction::SetTrue)
                .help("Write nothing; exit 1 and print a diff if any generated file is stale"),
        )
        .arg(
            clap::Arg::new("crate")
                .value_name("CRATE_DIR")
                .default_value(".")
                .help("The API crate (its Cargo.toml has [package.metadata.kapi])"),
        )
        .get_matches();
    let mode = if matches.get_flag("verify-only") {
        Mode::Verify
    } else {
        Mode::Write
    };
    let dir = matches
        .get_one::<String>("crate")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    generate::cli_main(&dir, mode)
}
