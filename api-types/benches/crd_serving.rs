//! Creates per second on the embedded server, a compiled (typed) kind against the same
//! objects served from a CustomResourceDefinition, through kapi's client over loopback
//! HTTP, JSON both ways (a CRD's kind has no protobuf):
//!
//! - `frobber_typed` / `frobber_crd`: the example API's Frobber, compiled into one server's
//!   scheme, and served by another from its generated CRD
//!   (`generated/crds/frob.example.com_frobbers.yaml`, conversion set to `None`); the same
//!   generated clientset sends the same object to both.
//! - `ingress_typed` / `httproute_crd`: a networking.k8s.io/v1 Ingress from kapi-k8s (the
//!   compiled kind closest to an HTTPRoute, of about the same JSON size), and Gateway API's
//!   HTTPRoute from its CRD (`tests/tests/data/gateway-api/`), each the same request body
//!   through `Client::request_raw`.
//!
//! `cargo bench -p api-types --bench crd_serving -- --warm-up-time 1 --measurement-time 3`

use api_types::generated::clientset::{scheme, Clientset};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kapi::client::{Client, Config, Encoding};
use kapi::meta::CreateOptions;
use kapi_apiserver::ApiServer;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const INGRESSES: &str = "/apis/networking.k8s.io/v1/namespaces/bench/ingresses";
const ROUTES: &str = "/apis/gateway.networking.k8s.io/v1/namespaces/bench/httproutes";
const JSON: &str = "application/json";

fn client(url: &str) -> Client {
    let mut config = Config::new(url.parse().expect("URL"));
    config.encoding = Encoding::Json;
    config.qps = 0.0; // no client-side limit in a benchmark
    Client::new(config, Arc::new(scheme().expect("scheme"))).expect("client")
}

fn kubernetes_scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme.set_feature_gates(kapi::feature_gates::FeatureGates::new(
        kapi_k8s::FEATURE_GATES,
    ));
    scheme
}

/// A CRD file as JSON.
fn crd(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("the CRD file");
    serde_yaml_ng::from_str(&text).expect("YAML")
}

async fn post(client: &Client, path: &str, body: &Value) {
    let bytes = serde_json::to_vec(body).expect("JSON");
    client
        .request_raw(kapi::client::Method::POST, path, Some((JSON, bytes)), JSON)
        .await
        .unwrap_or_else(|e| panic!("POST {path}: {e}"));
}

/// The typed server: the example API and kapi-k8s compiled in.
async fn typed_server() -> ApiServer {
    let mut scheme = kubernetes_scheme();
    api_types::install(&mut scheme).expect("the example API registers");
    ApiServer::builder(scheme).start().await.expect("server")
}

/// The CRD server: kapi-k8s only, the Frobber and HTTPRoute CRDs created through the API.
async fn crd_server() -> ApiServer {
    let server = ApiServer::builder(kubernetes_scheme())
        .start()
        .await
        .expect("server");
    let client = client(&server.url());
    let manifest = env!("CARGO_MANIFEST_DIR");
    let mut frobbers = crd(&format!(
        "{manifest}/generated/crds/frob.example.com_frobbers.yaml"
    ));
    frobbers["spec"]["conversion"] = json!({"strategy": "None"});
    post(&client, CRDS, &frobbers).await;
    let routes = format!(
        "{manifest}/../tests/tests/data/gateway-api/gateway.networking.k8s.io_httproutes.yaml"
    );
    post(&client, CRDS, &crd(&routes)).await;
    server
}

/// An HTTPRoute as a shop would write one: two parents, three hostnames, a canary rule
/// by header and a weighted split.
fn httproute(name: &str) -> Value {
    json!({
        "apiVersion": "gateway.networking.k8s.io/v1",
        "kind": "HTTPRoute",
        "metadata": {"name": name, "namespace": "bench", "labels": {"app": "store", "tier": "web"}},
        "spec": {
            "parentRefs": [{"name": "public", "sectionName": "https"}, {"name": "internal"}],
            "hostnames": ["store.example.com", "shop.example.com", "*.store.example.com"],
            "rules": [
                {"matches": [{"path": {"type": "PathPrefix", "value": "/cart"},
                              "headers": [{"name": "env", "value": "canary"}]}],
                 "backendRefs": [{"name": "cart-canary", "port": 8080}]},
                {"matches": [{"path": {"type": "PathPrefix", "value": "/cart"}}],
                 "backendRefs": [{"name": "cart-v1", "port": 8080, "weight": 90},
                                 {"name": "cart-v2", "port": 8080, "weight": 10}]},
                {"backendRefs": [{"name": "store", "port": 80}]},
            ],
        },
    })
}

/// The same routing as an Ingress says it: TLS for the hosts, one rule for all of them.
fn ingress(name: &str) -> Value {
    let backend =
        |service: &str, port: u16| json!({"service": {"name": service, "port": {"number": port}}});
    json!({
        "apiVersion": "networking.k8s.io/v1",
        "kind": "Ingress",
        "metadata": {"name": name, "namespace": "bench", "labels": {"app": "store", "tier": "web"}},
        "spec": {
            "ingressClassName": "public",
            "tls": [{"hosts": ["store.example.com", "shop.example.com"], "secretName": "store-tls"}],
            "rules": [{"http": {"paths": [
                {"path": "/cart", "pathType": "Prefix", "backend": backend("cart-v1", 8080)},
                {"path": "/checkout", "pathType": "Prefix", "backend": backend("checkout", 8080)},
                {"path": "/", "pathType": "Prefix", "backend": backend("store", 80)},
            ]}}],
        },
    })
}

/// A request body by object name.
type Manifest = fn(&str) -> Value;

fn frobber(i: usize) -> api_types::v1::Frobber {
    let mut f = api_types::examples::frobber_v1();
    f.metadata = kapi::meta::ObjectMeta {
        name: format!("frobber-{i:07}"),
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
    let typed = runtime.block_on(typed_server());
    let crd = runtime.block_on(crd_server());
    let typed_client = client(&typed.url());
    let crd_client = client(&crd.url());
    println!(
        "request bodies: HTTPRoute {} bytes, Ingress {} bytes",
        httproute("x").to_string().len(),
        ingress("x").to_string().len()
    );
    let next = AtomicUsize::new(0);
    let name = || next.fetch_add(1, Ordering::Relaxed);

    let mut group = c.benchmark_group("crd_serving");
    group.throughput(Throughput::Elements(1));
    for (case, client) in [
        ("frobber_typed", &typed_client),
        ("frobber_crd", &crd_client),
    ] {
        let frobbers = Clientset::new(client.clone());
        group.bench_function(format!("create_{case}"), |b| {
            b.to_async(&runtime).iter(|| async {
                let created = frobbers
                    .frob_v1()
                    .frobbers("bench")
                    .create(&frobber(name()), &CreateOptions::default())
                    .await
                    .expect("create");
                drop(created)
            })
        });
    }
    let raw_cases: [(&str, &Client, &str, Manifest); 2] = [
        ("ingress_typed", &typed_client, INGRESSES, ingress),
        ("httproute_crd", &crd_client, ROUTES, httproute),
    ];
    for (case, client, path, object) in raw_cases {
        group.bench_function(format!("create_{case}"), |b| {
            b.to_async(&runtime)
                .iter(|| async { post(client, path, &object(&format!("r-{:07}", name()))).await })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
