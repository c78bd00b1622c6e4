//! `kapi-codegen [--verify-only] [--strict] [--assign-protobuf-tags] [--compat BASELINE]
//! [--snapshot-release NAME] [CRATE_DIR]`: see [`kapi_codegen::cli`].
//! `kapi-codegen import go ...`: see [`kapi_codegen::import::cli`].

use std::path::Path;
use std::process::ExitCode;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "import") {
        return kapi_codegen::import::cli::main("kapi-codegen import", args.into_iter().skip(1));
    }
    kapi_codegen::cli::main("kapi-codegen", Path::new("."), args)
}
