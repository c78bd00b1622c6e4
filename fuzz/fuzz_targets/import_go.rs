//! The Go importer on an arbitrary `types.go`: an error is fine; a panic, a stack overflow or
//! a hang is a bug.
#![no_main]

use kapi_codegen::import::go;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(dir) = tempfile::tempdir() else { return };
    let package = dir.path().join("v1");
    if std::fs::create_dir_all(&package).is_err()
        || std::fs::write(package.join("types.go"), data).is_err()
    {
        return;
    }
    let options = go::Options {
        doc_comments: true,
        packages: Default::default(),
        layout: Default::default(),
    };
    let _ = go::import(&[package], dir.path(), &options);
});
