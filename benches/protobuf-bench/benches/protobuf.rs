//! kapi's protobuf codec against serde_json and against the code prost-build generates from
//! the same `.proto` files, for three objects: a fully populated Frobber, a ConfigMap of 20
//! ~100-byte entries with full metadata, and a FrobberList of 1,000 Frobbers.
//!
//! Per object (group `protobuf/<object>`):
//!
//! - `kapi_encode` / `kapi_decode`: the bare message, `prost::Message::encode_to_vec` and
//!   `decode` on the kapi type (derived impl);
//! - `kapi_encode_envelope` / `kapi_decode_envelope`: `kapi::codec::protobuf::{encode,
//!   decode}`, the `k8s\x00` + `runtime.Unknown` wire form;
//! - `json_encode` / `json_decode`: `serde_json::to_vec` / `from_slice` on the kapi type;
//! - `prost_encode` / `prost_decode`: prost-build's generated type, decoding the very bytes
//!   kapi wrote (checked before measuring: prost re-encodes them byte for byte).

use api_types::v1;
use criterion::{criterion_group, criterion_main, Criterion};
use kapi::codec::protobuf::{self, ProtoMessage};
use kapi_k8s::core::v1::ConfigMap;
use kapi_protobuf_bench::com::example::frob::v1 as pb_frob;
use kapi_protobuf_bench::k8s::io::api::core::v1 as pb_core;
use kapi_protobuf_bench::objects::{config_map, frobber_list};
use prost::Message;
use serde::{de::DeserializeOwned, Serialize};
use std::hint::black_box;

fn bench_object<K, P>(c: &mut Criterion, name: &str, value: &K)
where
    K: ProtoMessage + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    P: Message + Default,
{
    let bytes = value.encode_to_vec();
    let enveloped = protobuf::encode(value);
    let json = serde_json::to_vec(value).expect("encodes as JSON");
    // Both sides read and write the same bytes.
    assert_eq!(&K::decode(bytes.as_slice()).expect("kapi decodes"), value);
    let generated = P::decode(bytes.as_slice()).expect("prost decodes kapi's bytes");
    assert_eq!(
        generated.encode_to_vec(),
        bytes,
        "{name}: prost's re-encoding differs from kapi's bytes"
    );
    assert_eq!(&protobuf::decode::<K>(&enveloped).expect("envelope"), value);
    eprintln!(
        "{name}: protobuf {} bytes, enveloped {}, JSON {}",
        bytes.len(),
        enveloped.len(),
        json.len()
    );

    let mut group = c.benchmark_group(format!("protobuf/{name}"));
    group.bench_function("kapi_encode", |b| {
        b.iter(|| black_box(black_box(value).encode_to_vec()))
    });
    group.bench_function("kapi_decode", |b| {
        b.iter(|| black_box(K::decode(black_box(bytes.as_slice())).expect("decodes")))
    });
    group.bench_function("kapi_encode_envelope", |b| {
        b.iter(|| black_box(protobuf::encode(black_box(value))))
    });
    group.bench_function("kapi_decode_envelope", |b| {
        b.iter(|| black_box(protobuf::decode::<K>(black_box(&enveloped)).expect("decodes")))
    });
    group.bench_function("json_encode", |b| {
        b.iter(|| black_box(serde_json::to_vec(black_box(value)).expect("encodes")))
    });
    group.bench_function("json_decode", |b| {
        b.iter(|| black_box(serde_json::from_slice::<K>(black_box(&json)).expect("decodes")))
    });
    group.bench_function("prost_encode", |b| {
        b.iter(|| black_box(black_box(&generated).encode_to_vec()))
    });
    group.bench_function("prost_decode", |b| {
        b.iter(|| black_box(P::decode(black_box(bytes.as_slice())).expect("decodes")))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_object::<v1::Frobber, pb_frob::Frobber>(c, "frobber", &api_types::examples::frobber_v1());
    bench_object::<ConfigMap, pb_core::ConfigMap>(c, "configmap", &config_map());
    bench_object::<v1::FrobberList, pb_frob::FrobberList>(
        c,
        "frobber_list_1000",
        &frobber_list(1000),
    );
}

criterion_group!(protobuf_benches, benches);
criterion_main!(protobuf_benches);
