//! The CRD importer on arbitrary YAML: an error is fine (most inputs are not CRDs); a
//! panic, a stack overflow or a hang is a bug.
#![no_main]

use kapi_codegen::import::crd;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(dir) = tempfile::tempdir() else { return };
    let file = dir.path().join("crds.yaml");
    if std::fs::write(&file, data).is_ok() {
        let _ = crd::import(&[file.as_path()], true);
    }
});
