//! The JSON (and YAML) decoders on arbitrary bytes: typed decoding of the example kinds,
//! strict decoding, and the scheme's decode by apiVersion/kind, which also reads YAML.
#![no_main]

use api_types::{v1, v2beta1};
use kapi::codec::json;
use kapi_fuzz::scheme;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = json::from_slice::<v1::Frobber>(data);
    let _ = json::from_slice::<v2beta1::FrobberList>(data);
    let _ = json::from_slice_strict::<v1::Frobber>(data);
    let _ = scheme().decode(data);
    let _ = scheme().decode_any(data);
});
