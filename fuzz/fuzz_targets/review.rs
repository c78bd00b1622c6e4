//! The webhook reviews, as the server hands them a body: the first byte picks the endpoint
//! (conversion, validating or mutating admission, over the example API's scheme), the rest
//! is the body. A `ReviewError` or a denial is fine; a panic, hang or unbounded allocation
//! is a bug.
#![no_main]

use kapi_webhook::{admission, conversion};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let scheme = kapi_fuzz::scheme();
    let _ = match pick % 3 {
        0 => conversion::review(scheme, body),
        1 => admission::validate(scheme, body),
        _ => admission::mutate(scheme, body),
    };
});
