//! `kapi-codegen [--verify-only] [--strict] [--assign-protobuf-tags] [--compat BASELINE]
//! [--snapshot-release NAME] [CRATE_DIR]`: see [`kapi_codegen::cli`].
//! `kapi-codegen import go ...`: see [`kapi_codegen::import::cli`].

use std::path::Path;
use std::process::ExitCode;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (the same place in `mi_option_t` in mimalloc 2 and 3;
/// the -sys crate names no constant for it).
#[cfg(feature = "mimalloc")]
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // A run is short and builds its output in one burst: memory returned to the OS between
    // generators comes straight back as fresh pages the kernel must zero, which was a third
    // of a 1,000-kind run's time. Never purging costs a larger peak, freed at exit.
    #[cfg(feature = "mimalloc")]
    // SAFETY: sets one integer option, before any thread of ours exists; any value is valid.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1)
    };
    let args: Vec<_> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "import") {
        return kapi_codegen::import::cli::main("kapi-codegen import", args.into_iter().skip(1));
    }
    kapi_codegen::cli::main("kapi-codegen", Path::new("."), args)
}
