//! What the fuzz targets and `write_seeds` share: the example API's scheme, and the input
//! formats of the watch and patch targets.

pub mod patch;
pub mod schema;
pub mod watch;

use std::sync::{Arc, OnceLock};

/// The example API's scheme (`api_types::install`), built once per process: fuzzing calls a
/// target millions of times.
pub fn scheme() -> &'static Arc<kapi::Scheme> {
    static SCHEME: OnceLock<Arc<kapi::Scheme>> = OnceLock::new();
    SCHEME.get_or_init(|| {
        let mut s = kapi::Scheme::new();
        // A failure is a bug in the example API, and would make every input fail alike:
        // stop at once rather than fuzz nothing.
        api_types::install(&mut s).expect("the example API registers");
        Arc::new(s)
    })
}
