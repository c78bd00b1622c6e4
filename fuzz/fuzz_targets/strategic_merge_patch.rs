//! Strategic merge patch (`kapi_apiserver::patch::apply_strategic_merge_patch`) with the
//! production bounds, on a Frobber's compiled patch markers and on unknown content: an
//! error is fine, a panic, overflow, hang or unbounded allocation is a bug.
#![no_main]

use kapi_apiserver::patch::apply_strategic_merge_patch;
use kapi_fuzz::patch::{frobber_schema, split};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((original, patch)) = split(data) else {
        return;
    };
    let _ = apply_strategic_merge_patch(&original, patch, frobber_schema().as_ref());
    let _ = apply_strategic_merge_patch(&original, patch, None);
});
