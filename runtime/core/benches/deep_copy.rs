//! `clone_from` into a warm object against `clone()`, for an API type of 50 string, list and
//! map fields: the deep copy informers and controllers do on every update. `clone` counts
//! the drop of the copy it makes (what a caller that clones pays); `clone_from_warm` frees
//! only what the overwritten values no longer need.

use criterion::{criterion_group, criterion_main, Criterion};
use kapi::ApiType;
use std::collections::BTreeMap;
use std::hint::black_box;

#[derive(ApiType, Debug, PartialEq)]
pub struct Wide {
    #[k8s(optional)]
    pub s0: String,
    #[k8s(optional)]
    pub s1: String,
    #[k8s(optional)]
    pub s2: String,
    #[k8s(optional)]
    pub s3: String,
    #[k8s(optional)]
    pub s4: String,
    #[k8s(optional)]
    pub s5: String,
    #[k8s(optional)]
    pub s6: String,
    #[k8s(optional)]
    pub s7: String,
    #[k8s(optional)]
    pub s8: String,
    #[k8s(optional)]
    pub s9: String,
    #[k8s(optional)]
    pub s10: String,
    #[k8s(optional)]
    pub s11: String,
    #[k8s(optional)]
    pub s12: String,
    #[k8s(optional)]
    pub s13: String,
    #[k8s(optional)]
    pub s14: String,
    #[k8s(optional)]
    pub s15: String,
    #[k8s(optional)]
    pub s16: String,
    #[k8s(optional)]
    pub v0: Vec<String>,
    #[k8s(optional)]
    pub v1: Vec<String>,
    #[k8s(optional)]
    pub v2: Vec<String>,
    #[k8s(optional)]
    pub v3: Vec<String>,
    #[k8s(optional)]
    pub v4: Vec<String>,
    #[k8s(optional)]
    pub v5: Vec<String>,
    #[k8s(optional)]
    pub v6: Vec<String>,
    #[k8s(optional)]
    pub v7: Vec<String>,
    #[k8s(optional)]
    pub v8: Vec<String>,
    #[k8s(optional)]
    pub v9: Vec<String>,
    #[k8s(optional)]
    pub v10: Vec<String>,
    #[k8s(optional)]
    pub v11: Vec<String>,
    #[k8s(optional)]
    pub v12: Vec<String>,
    #[k8s(optional)]
    pub v13: Vec<String>,
    #[k8s(optional)]
    pub v14: Vec<String>,
    #[k8s(optional)]
    pub v15: Vec<String>,
    #[k8s(optional)]
    pub v16: Vec<String>,
    #[k8s(optional)]
    pub m0: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m1: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m2: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m3: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m4: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m5: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m6: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m7: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m8: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m9: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m10: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m11: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m12: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m13: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m14: BTreeMap<String, String>,
    #[k8s(optional)]
    pub m15: BTreeMap<String, String>,
}

fn populated(seed: usize) -> Wide {
    let mut w = Wide::default();
    let text = |i: usize| format!("value-{seed}-{i}-{}", "x".repeat(24));
    let list = |i: usize| (0..4).map(|j| text(i * 10 + j)).collect::<Vec<_>>();
    let map = |i: usize| {
        (0..4)
            .map(|j| (format!("key-{i}-{j}"), text(i * 10 + j)))
            .collect::<BTreeMap<_, _>>()
    };
    w.s0 = text(0);
    w.s1 = text(1);
    w.s2 = text(2);
    w.s3 = text(3);
    w.s4 = text(4);
    w.s5 = text(5);
    w.s6 = text(6);
    w.s7 = text(7);
    w.s8 = text(8);
    w.s9 = text(9);
    w.s10 = text(10);
    w.s11 = text(11);
    w.s12 = text(12);
    w.s13 = text(13);
    w.s14 = text(14);
    w.s15 = text(15);
    w.s16 = text(16);
    w.v0 = list(0);
    w.v1 = list(1);
    w.v2 = list(2);
    w.v3 = list(3);
    w.v4 = list(4);
    w.v5 = list(5);
    w.v6 = list(6);
    w.v7 = list(7);
    w.v8 = list(8);
    w.v9 = list(9);
    w.v10 = list(10);
    w.v11 = list(11);
    w.v12 = list(12);
    w.v13 = list(13);
    w.v14 = list(14);
    w.v15 = list(15);
    w.v16 = list(16);
    w.m0 = map(0);
    w.m1 = map(1);
    w.m2 = map(2);
    w.m3 = map(3);
    w.m4 = map(4);
    w.m5 = map(5);
    w.m6 = map(6);
    w.m7 = map(7);
    w.m8 = map(8);
    w.m9 = map(9);
    w.m10 = map(10);
    w.m11 = map(11);
    w.m12 = map(12);
    w.m13 = map(13);
    w.m14 = map(14);
    w.m15 = map(15);
    w
}

fn bench(c: &mut Criterion) {
    let source = populated(1);
    let mut group = c.benchmark_group("deep_copy_50_fields");
    group.bench_function("clone", |b| {
        b.iter(|| black_box(black_box(&source).clone()))
    });
    // A warm destination of the same shape: what a cache holds when an update arrives.
    // Checked before measuring: with `--list` or a filter no routine runs at all.
    let mut warm = populated(2);
    warm.clone_from(&source);
    assert_eq!(warm, source, "clone_from copies");
    warm = populated(2);
    group.bench_function("clone_from_warm", |b| {
        b.iter(|| {
            warm.clone_from(black_box(&source));
            black_box(&warm);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
