//! Time to build (parse and check) the model of the example API, and to run every
//! generator on it: the cost of `cargo xtask codegen` minus process start-up.

use criterion::{criterion_group, criterion_main, Criterion};
use kapi_codegen::generate;
use kapi_codegen::model::resolve::Index;
use kapi_codegen::model::{check, source};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types");
    let lib_rs = api.join("src/lib.rs");
    c.bench_function("model_build_api_types", |b| {
        b.iter(|| {
            let mut parsed = source::parse_crate("api-types", black_box(&lib_rs)).expect("parses");
            check::check(&Index::of_crate(&parsed.model), &mut parsed.diagnostics);
            assert!(parsed.diagnostics.is_empty());
            black_box(parsed.model)
        })
    });
    let (model, settings) = generate::load_model(&api).expect("loads");
    c.bench_function("generate_all_api_types", |b| {
        b.iter(|| black_box(generate::generate_all(black_box(&model), &settings)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
