//! The CRD importer on arbitrary bytes as one YAML input, in memory: any error is fine; a
//! panic, a stack overflow or a hang is a bug.
#![no_main]

use kapi_codegen::import::crd;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = crd::import_texts(&[("crds.yaml".to_string(), text.to_string())], true);
});
