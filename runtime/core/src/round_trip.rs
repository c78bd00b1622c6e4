//! Round-trip checks on random objects (Go's `roundtrip.RoundTripTestForAPIGroup`): JSON
//! and protobuf encode → decode are the identity, and version → internal → version loses
//! nothing, in both directions and through the wire. `cargo xtask codegen` writes a `round_trip` function per
//! group-version that runs every check on every kind, so new kinds are covered unasked.

use crate::conversion::Versioned;
use crate::fuzz::{Fuzz, Fuzzer};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// The first object that did not survive a round trip, with everything needed to replay it.
#[derive(Debug)]
pub struct RoundTripFailure {
    pub type_name: &'static str,
    pub check: &'static str,
    pub seed: u64,
    /// The object before and after, as JSON (or the error that stopped the trip).
    pub before: String,
    pub after: String,
}

impl fmt::Display for RoundTripFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} round trip of {} failed for seed {}\n  before: {}\n  after:  {}",
            self.check, self.type_name, self.seed, self.before, self.after
        )
    }
}

impl std::error::Error for RoundTripFailure {}

fn failure<T>(
    check: &'static str,
    seed: u64,
    before: &impl Serialize,
    after: String,
) -> RoundTripFailure {
    RoundTripFailure {
        type_name: std::any::type_name::<T>(),
        check,
        seed,
        before: json_text(before),
        after,
    }
}

fn json_text(v: &impl Serialize) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("<does not encode: {e}>"))
}

fn random<T: Fuzz>(seed: u64) -> T {
    T::fuzz(&mut Fuzzer::new(seed))
}

// Objects are compared as JSON values: what a client can observe, and what Go's semantic
// equality compares. It also spares API types a `PartialEq` bound.
fn value_of(v: &impl Serialize) -> Result<serde_json::Value, String> {
    crate::codec::json::to_value(v).map_err(|e| format!("<encode error: {e}>"))
}

/// Encode → decode → encode gives the same JSON.
pub fn json<T>(seed: u64) -> Result<(), RoundTripFailure>
where
    T: Fuzz + Serialize + DeserializeOwned,
{
    const CHECK: &str = "JSON";
    let original: T = random(seed);
    let before = value_of(&original).map_err(|e| failure::<T>(CHECK, seed, &original, e))?;
    let fail = failing::<T>(CHECK, seed, &before);
    let bytes = serde_json::to_vec(&original).map_err(|e| fail(format!("<encode error: {e}>")))?;
    let decoded: T = serde_json::from_slice(&bytes).map_err(|e| {
        fail(format!(
            "<decode error: {e}> from {}",
            String::from_utf8_lossy(&bytes)
        ))
    })?;
    compare(&before, &decoded, fail)
}

/// Protobuf encode → decode gives the same object, compared as JSON: the binary codec
/// carries everything the JSON form does.
pub fn protobuf<T>(seed: u64) -> Result<(), RoundTripFailure>
where
    T: Fuzz + Serialize + crate::codec::protobuf::ProtoMessage,
{
    const CHECK: &str = "protobuf";
    let original: T = random(seed);
    let before = value_of(&original).map_err(|e| failure::<T>(CHECK, seed, &original, e))?;
    let fail = failing::<T>(CHECK, seed, &before);
    let bytes = crate::codec::protobuf::encode(&original);
    let decoded: T =
        crate::codec::protobuf::decode(&bytes).map_err(|e| fail(format!("<decode error: {e}>")))?;
    compare(&before, &decoded, fail)
}

/// A random versioned object → internal → the same version gives back the same object.
pub fn versioned_through_hub<T>(seed: u64) -> Result<(), RoundTripFailure>
where
    T: Fuzz + Versioned + Serialize,
{
    let original: T = random(seed);
    let before = value_of(&original).map_err(|e| failure::<T>(HUB, seed, &original, e))?;
    let fail = failing::<T>(HUB, seed, &before);
    let back = original
        .to_internal()
        .and_then(T::from_internal)
        .map_err(|e| fail(format!("<conversion error: {e}>")))?;
    compare(&before, &back, fail)
}

const HUB: &str = "version → internal → version";

/// A random internal object → version `T` → JSON → `T` → internal gives back the same
/// object: what the API server does when it stores in `T` and reads back.
pub fn internal_through_version<T>(seed: u64) -> Result<(), RoundTripFailure>
where
    T: Versioned + Serialize + DeserializeOwned,
    T::Internal: Fuzz + Serialize,
{
    const CHECK: &str = "internal → version → JSON → version → internal";
    let original: T::Internal = random(seed);
    let before = value_of(&original).map_err(|e| failure::<T>(CHECK, seed, &original, e))?;
    let fail = failing::<T>(CHECK, seed, &before);
    let versioned =
        T::from_internal(original).map_err(|e| fail(format!("<conversion error: {e}>")))?;
    let bytes = serde_json::to_vec(&versioned).map_err(|e| fail(format!("<encode error: {e}>")))?;
    let decoded: T = serde_json::from_slice(&bytes).map_err(|e| {
        fail(format!(
            "<decode error: {e}> from {}",
            String::from_utf8_lossy(&bytes)
        ))
    })?;
    let back = decoded
        .to_internal()
        .map_err(|e| fail(format!("<conversion error: {e}>")))?;
    compare(&before, &back, fail)
}

fn failing<'a, T>(
    check: &'static str,
    seed: u64,
    before: &'a serde_json::Value,
) -> impl Fn(String) -> RoundTripFailure + 'a {
    move |after| RoundTripFailure {
        type_name: std::any::type_name::<T>(),
        check,
        seed,
        before: before.to_string(),
        after,
    }
}

fn compare(
    before: &serde_json::Value,
    back: &impl Serialize,
    fail: impl Fn(String) -> RoundTripFailure,
) -> Result<(), RoundTripFailure> {
    let after = value_of(back).map_err(&fail)?;
    if after == *before {
        Ok(())
    } else {
        Err(fail(after.to_string()))
    }
}

/// How many random objects per type and check: `KAPI_FUZZ_ITERATIONS`, else `default`.
/// The normal test run uses a small fixed number; a long run sets the variable.
pub fn iterations(default: u64) -> u64 {
    std::env::var("KAPI_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The first seed: `KAPI_FUZZ_SEED`, else 0 (fixed, so failures reproduce).
pub fn first_seed() -> u64 {
    std::env::var("KAPI_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}
