//! The generated round-trip checks on every shipped kind: random objects survive JSON and
//! protobuf. A long run: `KAPI_FUZZ_ITERATIONS=10000 cargo test -p kapi-k8s --test round_trip`.

use kapi::round_trip::{first_seed, iterations};

#[test]
fn every_kind_round_trips() {
    let start = first_seed();
    let seeds = start..start + iterations(16);
    match kapi_k8s::generated::round_trip::round_trip_all(seeds.clone()) {
        Ok(passed) => eprintln!("{passed} round-trip checks passed (seeds {seeds:?})"),
        Err(failure) => panic!("{failure}"),
    }
}
