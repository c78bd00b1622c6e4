//! A fully populated Frobber converted v1 → internal → v2beta1 by the generated code, against
//! a generic JSON round trip (`serde_json::to_value` then `from_value`) and a plain `clone()`.
//!
//! Generated conversions take their input by value, so `generated` times the conversion
//! alone (the input is cloned outside the measurement); `clone_then_generated` is the cost
//! for a caller that keeps its original; `generated_there_and_back` converts one object
//! v1 → v2beta1 → v1 per iteration with no allocator churn between iterations.

use api_types::{examples, v1, v2beta1};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use kapi::conversion::convert;
use std::hint::black_box;

fn conversion(c: &mut Criterion) {
    let frobber = examples::frobber_v1();
    let mut group = c.benchmark_group("frobber_v1_to_v2beta1");
    group.bench_function("generated", |b| {
        b.iter_batched(
            || frobber.clone(),
            |f| black_box(convert::<v1::Frobber, v2beta1::Frobber>(f)),
            // Small batches keep the batch's output buffer on the warm heap: criterion's
            // default batches are large enough that first-touch page faults on the output
            // buffer land inside the timed loop.
            BatchSize::NumIterations(64),
        )
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
    group.bench_function("clone_then_generated", |b| {
        b.iter(|| {
            black_box(convert::<v1::Frobber, v2beta1::Frobber>(
                black_box(&frobber).clone(),
            ))
        })
    });
    group.bench_function("json_value_round_trip", |b| {
        b.iter(|| {
            let value = serde_json::to_value(black_box(&frobber)).expect("encodes");
            black_box(serde_json::from_value::<v1::Frobber>(value).expect("decodes"))
        })
    });
    group.bench_function("clone", |b| {
        b.iter(|| black_box(black_box(&frobber).clone()))
    });
    group.finish();
}

criterion_group!(benches, conversion);
criterion_main!(benches);
