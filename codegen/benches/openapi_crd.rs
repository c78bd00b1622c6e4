//! OpenAPI and CRD generation, for the example API and for a synthetic API of 500 kinds
//! (`cargo xtask synth-api`), to see the cost per kind. kapi's own types are parsed and indexed once
//! up front, as one codegen run does; `kapi_source_load` times that parse on its own.

#[path = "../../xtask/src/synth.rs"]
mod synth;

use criterion::{criterion_group, criterion_main, Criterion};
use kapi_codegen::diagnostics::Diagnostics;
use kapi_codegen::generate::crd::Crd;
use kapi_codegen::generate::openapi::OpenApi;
use kapi_codegen::generate::{self, Context, Generator};
use kapi_codegen::model::kapi_types;
use kapi_codegen::model::resolve::Index;
use kapi_codegen::model::{KindCategory, Model};
use std::hint::black_box;
use std::path::Path;

/// Object kinds times the served versions they appear in: what the documents describe.
fn served_kinds(model: &Model) -> usize {
    model
        .versions
        .iter()
        .filter(|gv| !gv.internal)
        .flat_map(|gv| gv.kinds())
        .filter(|t| {
            t.kind
                .as_ref()
                .is_some_and(|k| k.category == KindCategory::Object)
        })
        .count()
}

fn bench_api(c: &mut Criterion, label: &str, dir: &Path, samples: usize) {
    let (model, settings) = generate::load_model(dir).expect("loads the API");
    let kapi = kapi_types::load(dir).expect("loads kapi");
    let index = Index::new(&model, &kapi);
    let cx = Context::new(&settings, &model, Ok(&index));
    eprintln!(
        "{label}: {} served kinds (kind x version)",
        served_kinds(&model)
    );
    let mut group = c.benchmark_group(label);
    group.sample_size(samples);
    group.bench_function("openapi", |b| {
        b.iter(|| {
            let mut diags = Diagnostics::default();
            let files = OpenApi.generate(black_box(&cx), &mut diags);
            assert!(diags.is_empty());
            black_box(files)
        })
    });
    group.bench_function("crd", |b| {
        b.iter(|| {
            let mut diags = Diagnostics::default();
            let files = Crd.generate(black_box(&cx), &mut diags);
            assert!(diags.is_empty());
            black_box(files)
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let example = root.join("api-types");
    c.bench_function("kapi_source_load", |b| {
        b.iter(|| black_box(kapi_types::load(black_box(&example)).expect("loads kapi")))
    });
    bench_api(c, "api_types", &example, 100);

    let synthetic = tempfile::tempdir().expect("temp dir");
    synth::write_api(synthetic.path(), 500, &root.join("runtime")).expect("writes the API");
    bench_api(c, "synthetic_500", synthetic.path(), 10);
}

criterion_group!(benches, bench);
criterion_main!(benches);
