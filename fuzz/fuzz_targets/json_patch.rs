//! JSON patch (`kapi_apiserver::patch::apply_json_patch`) with the production bounds (the
//! 10000-operation and 3 MiB copy limits): an error is fine, a panic, hang or unbounded
//! allocation is a bug.
#![no_main]

use kapi_apiserver::patch::apply_json_patch;
use kapi_fuzz::patch::split;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((original, patch)) = split(data) else {
        return;
    };
    let _ = apply_json_patch(&original, patch);
});
