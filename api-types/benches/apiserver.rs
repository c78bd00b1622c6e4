//! Create, get and list throughput of the embedded API server over loopback (HTTP/1.1
//! keep-alive) with the example API's fully populated Frobber, against the transport
//! floor: `/healthz`, answered without touching the store.
//!
//! `cargo bench -p api-types --bench apiserver`

use bytes::Bytes;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use kapi_apiserver::ApiServer;

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

const CREATED: &str = "/apis/frob.example.com/v1/namespaces/created/frobbers";
const LISTED: &str = "/apis/frob.example.com/v1/namespaces/listed/frobbers";

async fn send(http: &Http, method: &str, uri: &str, accept: &str, body: Vec<u8>) -> (u16, Bytes) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .header("accept", accept)
        .body(Full::new(Bytes::from(body)))
        .expect("request");
    let response = http.request(request).await.expect("response");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, body)
}

fn frobber(name: &str) -> Vec<u8> {
    let mut f = api_types::examples::frobber_v1_json();
    let meta = &mut f["metadata"];
    *meta = serde_json::json!({"name": name, "labels": meta["labels"].clone()});
    f.as_object_mut().map(|o| o.remove("status"));
    serde_json::to_vec(&f).expect("JSON")
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
        .block_on(ApiServer::builder(scheme).history_limit(1_000_000).start())
        .expect("server");
    let url = server.url();
    let created = format!("{url}{CREATED}");
    let listed = format!("{url}{LISTED}");
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    runtime.block_on(async {
        for i in 0..100 {
            let (status, _) = send(
                &http,
                "POST",
                &listed,
                "application/json",
                frobber(&format!("item-{i}")),
            )
            .await;
            assert_eq!(status, 201);
        }
    });

    let mut group = c.benchmark_group("apiserver");
    group.throughput(Throughput::Elements(1));
    // The transport floor: a request the server answers without touching the store.
    let healthz = format!("{url}/healthz");
    group.bench_function("healthz", |b| {
        b.to_async(&runtime).iter(|| async {
            let (status, _) = send(&http, "GET", &healthz, "text/plain", Vec::new()).await;
            assert_eq!(status, 200);
        })
    });
    let counter = std::sync::atomic::AtomicU64::new(0);
    group.bench_function("create", |b| {
        b.to_async(&runtime).iter(|| {
            let n = counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let body = frobber(&format!("bench-{n}"));
            let (http, created) = (&http, &created);
            async move {
                let (status, _) = send(http, "POST", created, "application/json", body).await;
                assert_eq!(status, 201);
            }
        })
    });
    let one = format!("{listed}/item-0");
    for accept in ["application/json", "application/vnd.kubernetes.protobuf"] {
        let name = if accept.contains("protobuf") {
            "get_protobuf"
        } else {
            "get_json"
        };
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                let (status, _) = send(&http, "GET", &one, accept, Vec::new()).await;
                assert_eq!(status, 200);
            })
        });
    }
    // A list of the 100 objects of one namespace.
    group.throughput(Throughput::Elements(100));
    for accept in ["application/json", "application/vnd.kubernetes.protobuf"] {
        let name = if accept.contains("protobuf") {
            "list_100_protobuf"
        } else {
            "list_100_json"
        };
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                let (status, body) = send(&http, "GET", &listed, accept, Vec::new()).await;
                assert_eq!(status, 200);
                assert!(body.len() > 1000);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
