//! `kapi-codegen [--verify-only] [--strict] [--assign-protobuf-tags] [--compat BASELINE]
//! [--snapshot-release NAME] [CRATE_DIR]`: see
//! [`kapi_codegen::cli`].

use std::path::Path;
use std::process::ExitCode;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    kapi_codegen::cli::main("kapi-codegen", Path::new("."), std::env::args_os())
}
