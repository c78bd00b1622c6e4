//! `kapi-codegen [--verify-only] [--strict] [--assign-protobuf-tags] [CRATE_DIR]`: generate
//! (or verify) a crate's API files; API-convention warnings are printed, and with `--strict`
//! they fail the run. `--assign-protobuf-tags` first numbers the fields that need a protobuf
//! number, in the crate's source.

use kapi_codegen::generate::{self, Mode, Options};
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
            clap::Arg::new("strict")
                .long("strict")
                .action(clap::ArgAction::SetTrue)
                .help("Treat API-convention warnings as errors: exit 1 and generate nothing"),
        )
        .arg(
            clap::Arg::new("assign-protobuf-tags")
                .long("assign-protobuf-tags")
                .action(clap::ArgAction::SetTrue)
                .conflicts_with("verify-only")
                .help("First write `protobuf = N` into the source of every field of a protobuf-enabled type that has none"),
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
    let strict = matches.get_flag("strict");
    if matches.get_flag("assign-protobuf-tags") && !generate::cli_assign_protobuf_tags(&dir) {
        return ExitCode::FAILURE;
    }
    generate::cli_main_with(&dir, Options { mode, strict })
}
