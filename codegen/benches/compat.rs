//! The compatibility checker on a synthetic API of 1,000 kinds (`cargo xtask synth-api`)
//! against a snapshot of itself with 1% of its fields changed (types, defaults, bounds,
//! protobuf numbers, in turn): what `--compat` adds to a codegen run of a large API (the
//! check, and reading the baseline's YAML). The model is built once up front, as the run
//! has already built it.

#[path = "../../xtask/src/synth.rs"]
mod synth;

use criterion::{criterion_group, criterion_main, Criterion};
use kapi_codegen::compat::{self, Snapshot};
use kapi_codegen::generate;
use std::hint::black_box;
use std::path::Path;

/// Changes every hundredth field of `snapshot`, so today's API breaks it there.
fn change_one_percent(snapshot: &mut Snapshot) -> usize {
    let fields = snapshot
        .versions
        .iter_mut()
        .flat_map(|v| v.types.iter_mut())
        .flat_map(|t| t.fields.iter_mut());
    let mut changed = 0;
    for (i, f) in fields.enumerate().filter(|(i, _)| i % 100 == 0) {
        match (i / 100) % 4 {
            0 => f.ty = format!("Baseline{}", f.ty),
            1 => f.default = Some(serde_json::json!("baseline")),
            2 => f.maximum = Some(f.maximum.unwrap_or(1e9) + 1.0),
            _ => f.protobuf = f.protobuf.map(|n| n + 1000),
        }
        changed += 1;
    }
    changed
}

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = tempfile::tempdir().expect("temp dir");
    synth::write_api(dir.path(), 1000, &root.join("runtime")).expect("writes the API");
    let (model, _) = generate::load_model(dir.path()).expect("loads the API");
    let mut baseline = Snapshot::of(&model, "v1.0");
    let changed = change_one_percent(&mut baseline);
    let found = compat::check(&baseline, &model).findings.len();
    eprintln!("compat: {changed} fields changed, {found} findings");
    let mut group = c.benchmark_group("compat");
    group.sample_size(10);
    group.bench_function("check_synthetic_1000", |b| {
        b.iter(|| black_box(compat::check(black_box(&baseline), &model)))
    });
    group.bench_function("snapshot_synthetic_1000", |b| {
        b.iter(|| black_box(Snapshot::of(black_box(&model), "v1.0")))
    });
    // What `--compat v1.0` adds on top: reading the checked-in baseline.
    let yaml = baseline.to_yaml().expect("writes the snapshot");
    eprintln!("compat: the baseline is {} KiB of YAML", yaml.len() / 1024);
    group.bench_function("read_baseline_synthetic_1000", |b| {
        b.iter(|| black_box(Snapshot::from_yaml(black_box(&yaml))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
