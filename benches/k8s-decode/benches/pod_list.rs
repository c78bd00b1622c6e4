//! Decoding a 1,000-Pod list (k8s.io/api's Pod fixture, names varied) in one run: kapi-k8s
//! from JSON and from protobuf, and k8s-openapi from the same JSON with serde.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use k8s_decode_bench::{inputs, k8s_openapi_differences, PODS};
use kapi_k8s::core::v1::PodList;
use std::hint::black_box;

fn pod_list(c: &mut Criterion) {
    let inputs = inputs();
    // Same list everywhere before timing: every decoder reads every Pod.
    let kapi_json: PodList = kapi::codec::json::from_slice(&inputs.json).expect("kapi JSON");
    let kapi_pb: PodList = kapi::codec::protobuf::decode(&inputs.protobuf).expect("kapi protobuf");
    assert_eq!(kapi_json, kapi_pb);
    let openapi: k8s_openapi::List<k8s_openapi::api::core::v1::Pod> =
        serde_json::from_slice(&inputs.json).expect("k8s-openapi JSON");
    assert_eq!(openapi.items.len(), PODS);
    let lost = k8s_openapi_differences();
    println!(
        "k8s-openapi reading the Pod fixture drops {:?} and changes {:?}",
        lost.dropped, lost.changed
    );

    let mut group = c.benchmark_group("decode 1000-Pod list");
    group.throughput(Throughput::Elements(PODS as u64));
    group.bench_function("kapi JSON", |b| {
        b.iter(|| kapi::codec::json::from_slice::<PodList>(black_box(&inputs.json)))
    });
    group.bench_function("kapi protobuf", |b| {
        b.iter(|| kapi::codec::protobuf::decode::<PodList>(black_box(&inputs.protobuf)))
    });
    group.bench_function("k8s-openapi serde JSON", |b| {
        b.iter(|| {
            serde_json::from_slice::<k8s_openapi::List<k8s_openapi::api::core::v1::Pod>>(black_box(
                &inputs.json,
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, pod_list);
criterion_main!(benches);
