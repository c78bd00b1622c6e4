//! The generated clientset against the embedded API server over loopback: a list of
//! 10,000 Frobbers in JSON vs protobuf (time, and allocations counted by a global
//! allocator), and get latency in both encodings against its baseline: the same GET sent
//! with a bare hyper client (`hyper_util`'s pooled HTTP/1.1 client, as kapi's), its body
//! only collected (`raw_hyper_get_*`) or also decoded into a `Frobber` with the same codec
//! (`raw_hyper_get_*_decoded`). The clientset's get adds its request building, its limits
//! and `Status` handling on top of that.
//!
//! `cargo bench -p api-types --bench client -- --warm-up-time 1 --measurement-time 3 get`
//!
//! For instruction counts of the client side alone, the server runs in a process of its
//! own (`KAPI_BENCH_SERVE=1 <bench binary>` prints its URL and serves until killed) and
//! `KAPI_BENCH_URL=<url> KAPI_BENCH_COUNT=<case>:<n>` runs one get case (`get_json`,
//! `get_protobuf`, `raw_hyper_get_json[_decoded]`, `raw_hyper_get_protobuf[_decoded]`)
//! `n` times on a single-threaded runtime, after one call to open the connection, inside
//! one function callgrind can count alone (the runtime's I/O driver and hyper's connection
//! task run inside it too):
//!
//! `KAPI_BENCH_URL=... KAPI_BENCH_COUNT=get_json:1000 valgrind --tool=callgrind --toggle-collect='client::measured::*' <bench binary>`

use api_types::generated::clientset::{scheme, Clientset};
use bytes::Bytes;
use criterion::{criterion_group, Criterion, Throughput};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use kapi::client::{Client, Config, Encoding};
use kapi::meta::{CreateOptions, GetOptions, ListOptions};
use kapi_apiserver::ApiServer;
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
/// The object every get reads.
const GET_NAME: &str = "frobber-00042";
const JSON: &str = "application/json";
const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";

type RawClient = hyper_util::client::legacy::Client<HttpConnector, Empty<Bytes>>;

fn raw_client() -> RawClient {
    hyper_util::client::legacy::Client::builder(TokioExecutor::new()).build_http()
}

fn get_uri(url: &str) -> hyper::Uri {
    format!("{url}/apis/frob.example.com/v1/namespaces/bench/frobbers/{GET_NAME}")
        .parse()
        .expect("URI")
}

/// The baseline: the same GET with a bare hyper client, its body collected.
async fn raw_get(raw: &RawClient, uri: &hyper::Uri, accept: &'static str) -> Bytes {
    let request = hyper::Request::get(uri.clone())
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

/// The baseline with the body decoded into a `Frobber` by the codec the clientset uses.
async fn raw_get_decoded(raw: &RawClient, uri: &hyper::Uri, accept: &'static str) {
    let body = raw_get(raw, uri, accept).await;
    let f: api_types::v1::Frobber = if accept == PROTOBUF {
        kapi::codec::protobuf::decode(&body).expect("decodes")
    } else {
        serde_json::from_slice(&body).expect("decodes")
    };
    drop(f)
}

async fn clientset_get(cs: &Clientset) {
    let f = cs
        .frob_v1()
        .frobbers("bench")
        .get(GET_NAME, &GetOptions::default())
        .await
        .expect("get");
    drop(f)
}

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

fn multi_thread_runtime(workers: usize) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .expect("runtime")
}

/// The embedded server with `items` Frobbers in namespace `bench`, and its URL.
fn server_with_frobbers(runtime: &tokio::runtime::Runtime, items: usize) -> (ApiServer, String) {
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("install");
    let server = runtime
        .block_on(ApiServer::builder(scheme).start())
        .expect("server");
    let url = server.url();
    let json = clientset(&url, Encoding::Json);
    runtime.block_on(async {
        let frobbers = json.frob_v1().frobbers("bench");
        for i in 0..items {
            frobbers
                .create(&frobber(i), &CreateOptions::default())
                .await
                .expect("create");
        }
    });
    (server, url)
}

fn bench(c: &mut Criterion) {
    let runtime = multi_thread_runtime(2);
    let (_server, url) = server_with_frobbers(&runtime, ITEMS);
    let json = clientset(&url, Encoding::Json);
    let protobuf = clientset(&url, Encoding::Protobuf);

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
    let (raw, uri) = (raw_client(), get_uri(&url));
    for (name, accept) in [
        ("raw_hyper_get_json", JSON),
        ("raw_hyper_get_protobuf", PROTOBUF),
    ] {
        group.bench_function(name, |b| {
            b.to_async(&runtime)
                .iter(|| async { drop(raw_get(&raw, &uri, accept).await) })
        });
    }
    for (name, accept) in [
        ("raw_hyper_get_json_decoded", JSON),
        ("raw_hyper_get_protobuf_decoded", PROTOBUF),
    ] {
        group.bench_function(name, |b| {
            b.to_async(&runtime)
                .iter(|| raw_get_decoded(&raw, &uri, accept))
        });
    }
    for (name, cs) in [("get_json", &json), ("get_protobuf", &protobuf)] {
        group.bench_function(name, |b| b.to_async(&runtime).iter(|| clientset_get(cs)));
    }
    group.finish();
}

/// The counted runs, never inlined so callgrind can count them alone.
mod measured {
    use std::future::Future;

    #[inline(never)]
    pub fn gets<F: Future<Output = ()>>(
        runtime: &tokio::runtime::Runtime,
        n: usize,
        mut get: impl FnMut() -> F,
    ) {
        runtime.block_on(async {
            for _ in 0..n {
                get().await;
            }
        });
    }
}

/// Serves the kinds with the objects the gets read until the process is killed.
fn serve() {
    let runtime = multi_thread_runtime(1);
    // The gets read one object; a hundred make it a small store, not an empty one.
    let (_server, url) = server_with_frobbers(&runtime, 100);
    println!("{url}");
    runtime.block_on(std::future::pending::<()>());
}

/// `n` gets of one case against the server at `url`, after one that opens the connection.
fn count(url: &str, case: &str, n: usize) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (raw, uri) = (&raw_client(), &get_uri(url));
    let json = &clientset(url, Encoding::Json);
    let protobuf = &clientset(url, Encoding::Protobuf);
    fn run<F: std::future::Future<Output = ()>>(
        runtime: &tokio::runtime::Runtime,
        n: usize,
        mut get: impl FnMut() -> F,
    ) {
        runtime.block_on(get());
        measured::gets(runtime, n, get);
    }
    match case {
        "get_json" => run(&runtime, n, move || clientset_get(json)),
        "get_protobuf" => run(&runtime, n, move || clientset_get(protobuf)),
        "raw_hyper_get_json" => run(&runtime, n, move || async move {
            drop(raw_get(raw, uri, JSON).await)
        }),
        "raw_hyper_get_protobuf" => run(&runtime, n, move || async move {
            drop(raw_get(raw, uri, PROTOBUF).await)
        }),
        "raw_hyper_get_json_decoded" => run(&runtime, n, move || raw_get_decoded(raw, uri, JSON)),
        "raw_hyper_get_protobuf_decoded" => {
            run(&runtime, n, move || raw_get_decoded(raw, uri, PROTOBUF))
        }
        other => panic!(
            "KAPI_BENCH_COUNT: no case {other:?} (get_json, get_protobuf, \
             raw_hyper_get_json[_decoded], raw_hyper_get_protobuf[_decoded])"
        ),
    }
}

criterion_group!(benches, bench);

fn main() {
    if std::env::var_os("KAPI_BENCH_SERVE").is_some() {
        serve();
        return;
    }
    if let Ok(spec) = std::env::var("KAPI_BENCH_COUNT") {
        let url =
            std::env::var("KAPI_BENCH_URL").expect("KAPI_BENCH_URL: the server to count against");
        let (case, n) = spec
            .split_once(':')
            .and_then(|(case, n)| Some((case, n.parse().ok()?)))
            .expect("KAPI_BENCH_COUNT=<case>:<n>");
        count(&url, case, n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
