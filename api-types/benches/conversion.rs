//! A fully populated Frobber converted v1 → internal → v2beta1 by the generated code, against
//! the generic JSON path (`serde_json::to_value` then `from_value`) and a plain `clone()`.
//! Every case counts the drop of what it produces, inside the timing: a bench reports what a
//! user's code pays, and freeing the result is part of it.
//!
//! - `generated`: the conversion of an owned object (generated conversions take their input
//!   by value; the input is cloned outside the measurement), result dropped;
//! - `clone_then_generated`: the cost for a caller that keeps its original: clone, convert,
//!   drop;
//! - `json_value_round_trip`: the JSON path from a reference, result dropped (the
//!   `Value` in between is dropped by `from_value`);
//! - `clone`: clone and drop;
//! - `generated_there_and_back`: v1 → v2beta1 → v1 on one object per iteration, nothing
//!   dropped: the conversion work alone, twice.
//!
//! `cargo bench -p api-types --bench conversion -- --warm-up-time 1 --measurement-time 3`
//!
//! For instruction counts, `KAPI_BENCH_COUNT=<case>:<n>` runs one case (`generated`,
//! `json_value_round_trip`, `clone`) `n` times without criterion, each run of the case in a
//! function of its own (`measured::*`) that callgrind can count alone:
//!
//! `KAPI_BENCH_COUNT=generated:1000 valgrind --tool=callgrind --toggle-collect='conversion::measured::*' <bench binary>`
//!
//! The input of `generated` is cloned just before each call, outside the counted function,
//! so the allocator is in the state a user's loop leaves it in (each object freed after the
//! next one is made), as it is for the other cases; the count divided by `n` is one case
//! with the drop of what it made.

use api_types::{examples, v1, v2beta1};
use criterion::{criterion_group, BatchSize, Criterion};
use kapi::conversion::convert;
use std::hint::black_box;

fn conversion(c: &mut Criterion) {
    let frobber = examples::frobber_v1();
    let mut group = c.benchmark_group("frobber_v1_to_v2beta1");
    group.bench_function("generated", |b| {
        b.iter_batched(
            || frobber.clone(),
            // Dropped inside, in the timing; the routine returns nothing to drop later.
            measured::generated,
            // Small batches keep the inputs on the warm heap: criterion's default batches
            // are large enough that first-touch page faults land inside the timed loop.
            BatchSize::NumIterations(64),
        )
    });
    group.bench_function("clone_then_generated", |b| {
        b.iter(|| {
            let v2 = convert::<v1::Frobber, v2beta1::Frobber>(black_box(&frobber).clone());
            drop(black_box(v2));
        })
    });
    group.bench_function("json_value_round_trip", |b| {
        b.iter(|| measured::json_value_round_trip(black_box(&frobber)))
    });
    group.bench_function("clone", |b| b.iter(|| measured::clone(black_box(&frobber))));
    // There and back on one object, so no clone or drop runs between iterations and the
    // allocator stays in its steady state: twice the conversion work of `generated`.
    group.bench_function("generated_there_and_back", |b| {
        let mut slot = Some(frobber.clone());
        b.iter(|| {
            let Some(f) = slot.take() else { return };
            let v2 = convert::<v1::Frobber, v2beta1::Frobber>(black_box(f)).expect("converts");
            slot = convert::<v2beta1::Frobber, v1::Frobber>(black_box(v2)).ok();
        });
        assert_eq!(slot.as_ref(), Some(&frobber), "the round trip is lossless");
    });
    group.finish();
}

/// The measured cases, each one call of a function that is never inlined.
mod measured {
    use super::*;

    #[inline(never)]
    pub fn generated(f: v1::Frobber) {
        let v2 = convert::<v1::Frobber, v2beta1::Frobber>(f);
        drop(black_box(v2));
    }

    #[inline(never)]
    pub fn json_value_round_trip(frobber: &v1::Frobber) {
        let value = serde_json::to_value(frobber).expect("encodes");
        let back = serde_json::from_value::<v1::Frobber>(value).expect("decodes");
        drop(black_box(back));
    }

    #[inline(never)]
    pub fn clone(frobber: &v1::Frobber) {
        drop(black_box(frobber.clone()));
    }
}

/// One case run `n` times, as the timed case runs it.
fn count(case: &str, n: usize) {
    let frobber = examples::frobber_v1();
    for _ in 0..n {
        match case {
            "generated" => measured::generated(black_box(frobber.clone())),
            "json_value_round_trip" => measured::json_value_round_trip(black_box(&frobber)),
            "clone" => measured::clone(black_box(&frobber)),
            other => panic!(
                "KAPI_BENCH_COUNT: no case {other:?} (generated, json_value_round_trip, clone)"
            ),
        }
    }
}

criterion_group!(benches, conversion);

fn main() {
    if let Ok(spec) = std::env::var("KAPI_BENCH_COUNT") {
        let (case, n) = spec
            .split_once(':')
            .and_then(|(case, n)| Some((case, n.parse().ok()?)))
            .expect("KAPI_BENCH_COUNT=<case>:<n>");
        count(case, n);
        return;
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
