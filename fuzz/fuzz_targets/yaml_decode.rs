//! The YAML decoders on arbitrary bytes: into a JSON value, strictly into a Frobber (unknown
//! and repeated keys), and the scheme's decode by apiVersion/kind.
#![no_main]

use api_types::v1;
use kapi::codec::yaml;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = yaml::from_slice::<serde_json::Value>(data);
    let _ = yaml::from_slice_strict::<v1::Frobber>(data);
    let _ = kapi_fuzz::scheme().decode(data);
});
