//! The generated clientset against the embedded API server over loopback: a list of
//! 10,000 Frobbers in JSON vs protobuf (time, and allocations counted by a global
//! allocator), and get latency in both encodings against its baseline: the same GET sent
//! with a bare hyper client (`hyper_util`'s pooled HTTP/1.1 client, as kapi's), its body
//! only collected (`raw_hyper_get_*`) or also decoded into a `Frobber` with the same codec
//! (`raw_hyper_get_*_decoded`). The clientset's get adds its request building, its limits
//! and `Status` handling on top of that.
//!
//! `cargo bench -p api-types --bench client -- --warm-up-time 1 --measurement-time 3 get`

use api_types::generated::clientset::{scheme, Clientset};
use bytes::Bytes;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use kapi::apiserver::ApiServer;
use kapi::client::{Client, Config, Encoding};
use kapi::meta::{CreateOptions, GetOptions, ListOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static ALLOCATED_BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        ALLOCATED_BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: the caller's layout contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const ITEMS: usize = 10_000;

fn clientset(url: &str, encoding: Encoding) -> Clientset {
    let mut config = Config::new(url.parse().expect("URL"));
    config.encoding = encoding;
    config.qps = 0.0; // no client-side limit in a benchmark
    Clientset::new(Client::new(config, Arc::new(scheme().expect("scheme"))).expect("client"))
}

fn frobber(i: usize) -> api_types::v1::Frobber {
    let mut f = api_types::examples::frobber_v1();
    f.metadata = kapi::meta::ObjectMeta {
        name: format!("frobber-{i:05}"),
        namespace: "bench".into(),
        labels: f.metadata.labels.clone(),
        annotations: f.metadata.annotations.clone(),
        ..Default::default()
    };
    f.status = None;
    f
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("install");
    let server = runtime
        .block_on(ApiServer::builder(scheme).start())
        .expect("server");
    let url = server.url();
    let json = clientset(&url, Encoding::Json);
    let protobuf = clientset(&url, Encoding::Protobuf);
    runtime.block_on(async {
        let frobbers = json.frob_v1().frobbers("bench");
        for i in 0..ITEMS {
            frobbers
                .create(&frobber(i), &CreateOptions::default())
                .await
                .expect("create");
        }
    });

    // Allocations of one list call, client and server together (both run here).
    for (name, cs) in [("json", &json), ("protobuf", &protobuf)] {
        let before = (
            ALLOCATIONS.load(Ordering::Relaxed),
            ALLOCATED_BYTES.load(Ordering::Relaxed),
        );
        let list = runtime
            .block_on(cs.frob_v1().frobbers("bench").list(&ListOptions::default()))
            .expect("list");
        assert_eq!(list.items.len(), ITEMS);
        let after = (
            ALLOCATIONS.load(Ordering::Relaxed),
            ALLOCATED_BYTES.load(Ordering::Relaxed),
        );
        println!(
            "list of {ITEMS} ({name}): {} allocations, {:.1} MiB allocated (server and client)",
            after.0 - before.0,
            (after.1 - before.1) as f64 / (1024.0 * 1024.0)
        );
    }

    let mut group = c.benchmark_group("client");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITEMS as u64));
    for (name, cs) in [
        ("list_10000_json", &json),
        ("list_10000_protobuf", &protobuf),
    ] {
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                let list = cs
                    .frob_v1()
                    .frobbers("bench")
                    .list(&ListOptions::default())
                    .await
                    .expect("list");
                assert_eq!(list.items.len(), ITEMS);
            })
        });
    }
    group.sample_size(100);
    group.throughput(Throughput::Elements(1));
    let raw: hyper_util::client::legacy::Client<HttpConnector, Empty<Bytes>> =
        hyper_util::client::legacy::Client::builder(TokioExecutor::new()).build_http();
    let uri: hyper::Uri =
        format!("{url}/apis/frob.example.com/v1/namespaces/bench/frobbers/frobber-00042")
            .parse()
            .expect("URI");
    let raw_get = |accept: &'static str| {
        let (raw, uri) = (raw.clone(), uri.clone());
        async move {
            let request = hyper::Request::get(uri)
                .header("accept", accept)
                .body(Empty::new())
                .expect("request");
            let response = raw.request(request).await.expect("response");
            assert_eq!(response.status(), 200);
            response
                .into_body()
                .collect()
                .await
                .expect("body")
                .to_bytes()
        }
    };
    const JSON: &str = "application/json";
    const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
    for (name, accept) in [
        ("raw_hyper_get_json", JSON),
        ("raw_hyper_get_protobuf", PROTOBUF),
    ] {
        group.bench_function(name, |b| {
            b.to_async(&runtime)
                .iter(|| async { drop(raw_get(accept).await) })
        });
    }
    group.bench_function("raw_hyper_get_json_decoded", |b| {
        b.to_async(&runtime).iter(|| async {
            let body = raw_get(JSON).await;
            let f: api_types::v1::Frobber = serde_json::from_slice(&body).expect("decodes");
            drop(f)
        })
    });
    group.bench_function("raw_hyper_get_protobuf_decoded", |b| {
        b.to_async(&runtime).iter(|| async {
            let body = raw_get(PROTOBUF).await;
            let f: api_types::v1::Frobber = kapi::codec::protobuf::decode(&body).expect("decodes");
            drop(f)
        })
    });
    for (name, cs) in [("get_json", &json), ("get_protobuf", &protobuf)] {
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                cs.frob_v1()
                    .frobbers("bench")
                    .get("frobber-00042", &GetOptions::default())
                    .await
                    .expect("get");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
