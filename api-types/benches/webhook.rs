//! Reviews through the webhook server over loopback HTTPS (TLS 1.3, one keep-alive
//! connection, as kube-apiserver holds one to a webhook), against the same review answered
//! in-process, in one run: the ratio is what the server, TLS and HTTP cost per review.
//!
//! - `convert/{inprocess,https}/{1,100}`: a `ConversionReview` of 1 or 100 Frobbers, v1 →
//!   v2beta1 (throughput in objects);
//! - `admission/{inprocess,https}/{validate,mutate,mutate_defaults}`: an `AdmissionReview`
//!   of one Frobber create (throughput in reviews): the example's full Frobber validated, the
//!   same Frobber mutated (its defaults already there; its gated `width` removed, the gate
//!   being off: a patch of one operation), and a small Frobber mutated (a patch of its five
//!   defaults).
//!
//! `cargo bench -p api-types --bench webhook`

use bytes::Bytes;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use kapi::Scheme;
use kapi_webhook::{admission, conversion, WebhookServer};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use serde_json::json;
use std::sync::Arc;

fn scheme() -> Arc<Scheme> {
    let mut scheme = Scheme::new();
    api_types::install(&mut scheme).expect("install");
    Arc::new(scheme)
}

fn conversion_review(count: usize) -> Vec<u8> {
    let objects: Vec<_> = (0..count)
        .map(|i| {
            let mut f = api_types::examples::frobber_v1_json();
            f["metadata"]["name"] = json!(format!("frobber-{i}"));
            f
        })
        .collect();
    serde_json::to_vec(&json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": "bench", "desiredAPIVersion": "frob.example.com/v2beta1", "objects": objects},
    }))
    .expect("JSON")
}

/// A create of `object`.
fn admission_review(f: serde_json::Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": "bench",
            "kind": {"group": "frob.example.com", "version": "v1", "kind": "Frobber"},
            "resource": {"group": "frob.example.com", "version": "v1", "resource": "frobbers"},
            "requestKind": {"group": "frob.example.com", "version": "v1", "kind": "Frobber"},
            "requestResource": {"group": "frob.example.com", "version": "v1", "resource": "frobbers"},
            "name": f["metadata"]["name"].clone(),
            "namespace": "default",
            "operation": "CREATE",
            "userInfo": {"username": "admin", "groups": ["system:masters", "system:authenticated"]},
            "object": f,
            "oldObject": null,
            "dryRun": false,
            "options": {"apiVersion": "meta.k8s.io/v1", "kind": "CreateOptions"},
        },
    }))
    .expect("JSON")
}

/// A serving pair signed by a CA of its own, in a temporary directory, and a client
/// configuration trusting only that CA.
fn pki(dir: &std::path::Path) -> Arc<rustls::ClientConfig> {
    let ca_key = rcgen::KeyPair::generate().expect("a key");
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "bench CA");
    let ca = ca_params.self_signed(&ca_key).expect("the CA");
    let key = rcgen::KeyPair::generate().expect("a key");
    let leaf = rcgen::CertificateParams::new(vec!["127.0.0.1".to_string()])
        .expect("params")
        .signed_by(&key, &ca, &ca_key)
        .expect("the serving certificate");
    std::fs::write(dir.join("tls.crt"), leaf.pem()).expect("write");
    std::fs::write(dir.join("tls.key"), key.serialize_pem()).expect("write");
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(CertificateDer::from_pem_slice(ca.pem().as_bytes()).expect("PEM"))
        .expect("the CA");
    Arc::new(
        rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS")
        .with_root_certificates(roots)
        .with_no_client_auth(),
    )
}

async fn connect(
    addr: std::net::SocketAddr,
    ca: Arc<rustls::ClientConfig>,
) -> SendRequest<Full<Bytes>> {
    let tcp = tokio::net::TcpStream::connect(addr).await.expect("connect");
    tcp.set_nodelay(true).expect("nodelay");
    let tls = tokio_rustls::TlsConnector::from(ca)
        .connect(ServerName::try_from("127.0.0.1").expect("name"), tcp)
        .await
        .expect("handshake");
    let (send, connection) = hyper::client::conn::http1::handshake(TokioIo::new(tls))
        .await
        .expect("HTTP/1.1");
    tokio::spawn(connection);
    send
}

async fn post(send: &mut SendRequest<Full<Bytes>>, path: &str, body: &Bytes) -> usize {
    let request = hyper::Request::post(path)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Full::new(body.clone()))
        .expect("request");
    // The connection takes the next request once the last answer is read.
    send.ready().await.expect("the connection is open");
    let response = send.send_request(request).await.expect("response");
    assert_eq!(response.status(), 200);
    response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .len()
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let dir = std::env::temp_dir().join(format!("kapi-webhook-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let ca = pki(&dir);
    let scheme = scheme();
    let running = runtime
        .block_on(
            WebhookServer::new(dir.join("tls.crt"), dir.join("tls.key"))
                .conversion("/convert", scheme.clone())
                .validating("/validate", scheme.clone())
                .mutating("/mutate", scheme.clone())
                .bind("127.0.0.1:0"),
        )
        .expect("the server");
    let mut send = runtime.block_on(connect(running.local_addr(), ca));

    let mut group = c.benchmark_group("convert");
    for count in [1usize, 100] {
        let body = Bytes::from(conversion_review(count));
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function(BenchmarkId::new("inprocess", count), |b| {
            b.iter(|| conversion::review(&scheme, &body).expect("a review").len())
        });
        group.bench_function(BenchmarkId::new("https", count), |b| {
            b.iter(|| runtime.block_on(post(&mut send, "/convert", &body)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("admission");
    group.throughput(Throughput::Elements(1));
    let mut full = api_types::examples::frobber_v1_json();
    full.as_object_mut().map(|o| o.remove("status"));
    let bare = json!({"apiVersion": "frob.example.com/v1", "kind": "Frobber",
                      "metadata": {"name": "bare", "namespace": "default"},
                      "spec": {"height": 3, "ports": [{"name": "http", "port": 80}]}});
    let cases = [
        (
            "validate",
            "/validate",
            Bytes::from(admission_review(full.clone())),
        ),
        ("mutate", "/mutate", Bytes::from(admission_review(full))),
        (
            "mutate_defaults",
            "/mutate",
            Bytes::from(admission_review(bare)),
        ),
    ];
    for (name, path, body) in &cases {
        let in_process = |body: &[u8]| match *path {
            "/validate" => admission::validate(&scheme, body),
            _ => admission::mutate(&scheme, body),
        };
        group.bench_function(BenchmarkId::new("inprocess", name), |b| {
            b.iter(|| in_process(body).expect("a review").len())
        });
        group.bench_function(BenchmarkId::new("https", name), |b| {
            b.iter(|| runtime.block_on(post(&mut send, path, body)))
        });
    }
    group.finish();

    runtime.block_on(running.shutdown());
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, bench);
criterion_main!(benches);
