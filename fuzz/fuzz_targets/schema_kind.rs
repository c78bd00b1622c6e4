//! A kind described by a schema (`kapi_apiserver::SchemaKind`), as the embedded server runs
//! it on a write: the schema checked as a CRD's, the object decoded, defaulted and
//! validated. Input: a schema, a NUL byte, the object (without a NUL, the object alone
//! against a small schema). An error is fine; a panic, hang or unbounded allocation is a bug.
#![no_main]

use kapi::scheme::KindHandler;
use kapi_apiserver::SchemaKind;
use kapi_fuzz::patch::split;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (schema, object) = match data.iter().position(|&b| b == 0) {
        Some(_) => match split(data) {
            Some(parts) => parts,
            None => return,
        },
        None => (kapi_fuzz::schema::gizmo(), data),
    };
    let Ok(kind) = SchemaKind::new("toys.example.com", "v1", "Gizmo", schema) else {
        return;
    };
    let Ok(mut decoded) = kind.decode_json(object) else {
        return;
    };
    kind.apply_defaults(decoded.as_mut());
    let _ = kind.validate(decoded.as_ref(), None, &Default::default());
});
