//! The Go importer on arbitrary bytes as one file of a package, in memory: any error is
//! fine; a panic, a stack overflow or a hang is a bug.
#![no_main]

use kapi_codegen::import::go;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let _ = go::import_source("example.com/fuzz/v1", "types.go", source, &go::Options::default());
});
