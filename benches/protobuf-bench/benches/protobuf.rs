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
//!
//! Every decode drops what it made inside the measurement, as every encode drops its bytes.
//! For instruction counts, `KAPI_BENCH_COUNT=<object>/<case>:<n>` runs one of the
//! `kapi_*` / `prost_*` bare-message cases or `json_encode` / `json_decode` `n` times
//! without criterion, each run in a function of its own (`measured::*`) that callgrind can
//! count alone:
//!
//! `KAPI_BENCH_COUNT=frobber/kapi_decode:1000 valgrind --tool=callgrind --toggle-collect='protobuf::measured::*' <bench binary>`

use api_types::v1;
use criterion::{criterion_group, Criterion};
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
        b.iter(|| measured::encode(black_box(value)))
    });
    group.bench_function("kapi_decode", |b| {
        b.iter(|| measured::decode::<K>(black_box(bytes.as_slice())))
    });
    group.bench_function("kapi_encode_envelope", |b| {
        b.iter(|| black_box(protobuf::encode(black_box(value))))
    });
    group.bench_function("kapi_decode_envelope", |b| {
        b.iter(|| black_box(protobuf::decode::<K>(black_box(&enveloped)).expect("decodes")))
    });
    group.bench_function("json_encode", |b| {
        b.iter(|| measured::json_encode(black_box(value)))
    });
    group.bench_function("json_decode", |b| {
        b.iter(|| measured::json_decode::<K>(black_box(&json)))
    });
    group.bench_function("prost_encode", |b| {
        b.iter(|| measured::encode(black_box(&generated)))
    });
    group.bench_function("prost_decode", |b| {
        b.iter(|| measured::decode::<P>(black_box(bytes.as_slice())))
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

/// The bare-message cases, shared by criterion and the counting runs; never inlined, so
/// callgrind can count them alone.
mod measured {
    use super::*;

    #[inline(never)]
    pub fn encode<M: Message>(value: &M) {
        drop(black_box(value.encode_to_vec()));
    }

    #[inline(never)]
    pub fn decode<M: Message + Default>(bytes: &[u8]) {
        drop(black_box(M::decode(bytes).expect("decodes")));
    }

    #[inline(never)]
    pub fn json_encode<M: Serialize>(value: &M) {
        drop(black_box(serde_json::to_vec(value).expect("encodes")));
    }

    #[inline(never)]
    pub fn json_decode<M: DeserializeOwned>(bytes: &[u8]) {
        drop(black_box(
            serde_json::from_slice::<M>(bytes).expect("decodes"),
        ));
    }
}

/// `n` runs of one case on one object, its bytes made as the timed case makes them.
fn count(object: &str, case: &str, n: usize) {
    fn run<K, P>(value: &K, case: &str, n: usize)
    where
        K: Message + Default + Serialize + DeserializeOwned,
        P: Message + Default,
    {
        let bytes = value.encode_to_vec();
        let json = serde_json::to_vec(value).expect("encodes as JSON");
        let generated = P::decode(bytes.as_slice()).expect("prost decodes kapi's bytes");
        for _ in 0..n {
            match case {
                "kapi_encode" => measured::encode(black_box(value)),
                "kapi_decode" => measured::decode::<K>(black_box(bytes.as_slice())),
                "prost_encode" => measured::encode(black_box(&generated)),
                "prost_decode" => measured::decode::<P>(black_box(bytes.as_slice())),
                "json_encode" => measured::json_encode(black_box(value)),
                "json_decode" => measured::json_decode::<K>(black_box(json.as_slice())),
                other => panic!(
                    "KAPI_BENCH_COUNT: no case {other:?} (kapi_encode, kapi_decode, \
                     prost_encode, prost_decode, json_encode, json_decode)"
                ),
            }
        }
    }
    match object {
        "frobber" => {
            run::<v1::Frobber, pb_frob::Frobber>(&api_types::examples::frobber_v1(), case, n)
        }
        "configmap" => run::<ConfigMap, pb_core::ConfigMap>(&config_map(), case, n),
        "frobber_list_1000" => {
            run::<v1::FrobberList, pb_frob::FrobberList>(&frobber_list(1000), case, n)
        }
        other => {
            panic!("KAPI_BENCH_COUNT: no object {other:?} (frobber, configmap, frobber_list_1000)")
        }
    }
}

criterion_group!(protobuf_benches, benches);

fn main() {
    if let Ok(spec) = std::env::var("KAPI_BENCH_COUNT") {
        let (object, case, n) = spec
            .split_once('/')
            .and_then(|(object, rest)| {
                let (case, n) = rest.split_once(':')?;
                Some((object, case, n.parse().ok()?))
            })
            .expect("KAPI_BENCH_COUNT=<object>/<case>:<n>");
        count(object, case, n);
        return;
    }
    protobuf_benches();
    Criterion::default().configure_from_args().final_summary();
}
