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
//! For instruction counts, `KAPI_BENCH_COUNT=<case>:<n>` runs one case `n` times without
//! criterion (and without its statistics), e.g. under
//! `valgrind --tool=callgrind <bench binary> --bench`: `generated` minus `generated_inputs`
//! (the same clones, leaked) is `n` conversions with their drops; `json_value_round_trip`
//! and `clone` minus a run with `n = 0` are `n` of theirs.

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
            |f| {
                // Dropped here, inside the timing; the routine returns nothing to drop later.
                let v2 = convert::<v1::Frobber, v2beta1::Frobber>(f);
                drop(black_box(v2));
            },
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
        b.iter(|| {
            let value = serde_json::to_value(black_box(&frobber)).expect("encodes");
            let back = serde_json::from_value::<v1::Frobber>(value).expect("decodes");
            drop(black_box(back));
        })
    });
    group.bench_function("clone", |b| {
        b.iter(|| drop(black_box(black_box(&frobber).clone())))
    });
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

/// One case run `n` times, its input prepared as the timed case prepares it.
fn count(case: &str, n: usize) {
    let frobber = examples::frobber_v1();
    match case {
        // The inputs are cloned first; `generated_inputs` makes them and leaks them, so
        // `generated` minus `generated_inputs` is the conversions and the drops of their
        // results alone.
        "generated" | "generated_inputs" => {
            let inputs: Vec<v1::Frobber> = (0..n).map(|_| frobber.clone()).collect();
            if case == "generated_inputs" {
                std::mem::forget(black_box(inputs));
                return;
            }
            for f in inputs {
                let v2 = convert::<v1::Frobber, v2beta1::Frobber>(black_box(f));
                drop(black_box(v2));
            }
        }
        "json_value_round_trip" => {
            for _ in 0..n {
                let value = serde_json::to_value(black_box(&frobber)).expect("encodes");
                let back = serde_json::from_value::<v1::Frobber>(value).expect("decodes");
                drop(black_box(back));
            }
        }
        "clone" => {
            for _ in 0..n {
                drop(black_box(black_box(&frobber).clone()));
            }
        }
        other => panic!(
            "KAPI_BENCH_COUNT: no case {other:?} \
             (generated, generated_inputs, json_value_round_trip, clone)"
        ),
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
