//! The JSON (and YAML) decoders on arbitrary bytes: typed decoding of the example kinds,
//! strict decoding, and the scheme's decode by apiVersion/kind, which also reads YAML.
#![no_main]

use api_types::{v1, v2beta1};
use kapi::codec::json;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn scheme() -> &'static kapi::Scheme {
    static SCHEME: OnceLock<kapi::Scheme> = OnceLock::new();
    SCHEME.get_or_init(|| {
        let mut s = kapi::Scheme::new();
        // Registration of the example API cannot fail; if it did, every input would.
        let _ = api_types::install(&mut s);
        s
    })
}

fuzz_target!(|data: &[u8]| {
    let _ = json::from_slice::<v1::Frobber>(data);
    let _ = json::from_slice::<v2beta1::FrobberList>(data);
    let _ = json::from_slice_strict::<v1::Frobber>(data);
    let _ = scheme().decode(data);
    let _ = scheme().decode_any(data);
});
