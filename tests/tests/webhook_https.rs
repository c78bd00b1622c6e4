//! The webhook server over real TLS: a test CA signs its serving certificate, clients
//! trust only that CA (rustls here, OpenSSL through Python's `ssl`), and reviews travel as
//! kube-apiserver sends them.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use kapi::Scheme;
use kapi_webhook::{Endpoint, ReviewFuture, WebhookServer};
use rcgen::ExtendedKeyUsagePurpose;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

mod tls_support;
mod trace_support;
use tls_support::Pki;

fn scheme() -> Arc<Scheme> {
    let mut scheme = Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    Arc::new(scheme)
}

/// A serving pair for 127.0.0.1 written where a mounted Secret would be: a new file
/// renamed over the old, as kubelet's and cert-manager's writers do.
fn write_pair(dir: &Path, pki: &Pki) -> String {
    let (cert, key) = pki.issue(
        &["127.0.0.1", "localhost"],
        ExtendedKeyUsagePurpose::ServerAuth,
    );
    for (name, text) in [("tls.key", &key), ("tls.crt", &cert)] {
        let tmp = dir.join(format!(".{name}.new"));
        std::fs::write(&tmp, text).expect("write");
        std::fs::rename(&tmp, dir.join(name)).expect("rename");
    }
    cert
}

struct Fixture {
    _dir: tempfile::TempDir,
    dir: PathBuf,
    pki: Pki,
    ca: Arc<rustls::ClientConfig>,
}

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let pki = Pki::new();
        write_pair(dir.path(), &pki);
        let mut roots = rustls::RootCertStore::empty();
        roots
            .add(CertificateDer::from_pem_slice(pki.ca_pem.as_bytes()).expect("PEM"))
            .expect("the CA");
        let ca = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
        // Every connection a full handshake, so each shows the certificate served now (a
        // resumed session keeps the one it began with, on kube-apiserver's side too).
        let mut ca = ca;
        ca.resumption = rustls::client::Resumption::disabled();
        Fixture {
            dir: dir.path().to_path_buf(),
            _dir: dir,
            pki,
            ca: Arc::new(ca),
        }
    }

    /// A server converting the example API at `/convert`.
    async fn converting(&self) -> kapi_webhook::Running {
        self.server()
            .conversion("/convert", scheme())
            .bind("127.0.0.1:0")
            .await
            .expect("the server starts")
    }

    fn server(&self) -> WebhookServer {
        WebhookServer::new(self.dir.join("tls.crt"), self.dir.join("tls.key"))
    }

    /// A TLS connection to `addr` verified against the test CA, and the certificate the
    /// server presented.
    async fn connect(&self, addr: SocketAddr) -> (SendRequest<Full<Bytes>>, Vec<u8>) {
        let tcp = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let tls = tokio_rustls::TlsConnector::from(self.ca.clone())
            .connect(ServerName::try_from("127.0.0.1").expect("a name"), tcp)
            .await
            .expect("a handshake the test CA vouches for");
        let presented = tls.get_ref().1.peer_certificates().expect("a certificate")[0].to_vec();
        let (send, connection) = hyper::client::conn::http1::handshake(TokioIo::new(tls))
            .await
            .expect("HTTP/1.1");
        tokio::spawn(connection);
        (send, presented)
    }
}

async fn post(
    send: &mut SendRequest<Full<Bytes>>,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (u16, Vec<u8>) {
    let request = hyper::Request::post(path)
        .header("host", "127.0.0.1")
        .header("content-type", content_type)
        .body(Full::new(Bytes::from(body)))
        .expect("a request");
    // The connection takes the next request once the last answer is read.
    send.ready().await.expect("the connection is open");
    let response = send.send_request(request).await.expect("an answer");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, body.to_vec())
}

async fn get(send: &mut SendRequest<Full<Bytes>>, path: &str) -> (u16, String) {
    let request = hyper::Request::get(path)
        .header("host", "127.0.0.1")
        .body(Full::new(Bytes::new()))
        .expect("a request");
    // The connection takes the next request once the last answer is read.
    send.ready().await.expect("the connection is open");
    let response = send.send_request(request).await.expect("an answer");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned())
}

fn conversion_review(uid: &str, desired: &str, objects: Vec<Value>) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": uid, "desiredAPIVersion": desired, "objects": objects},
    }))
    .expect("JSON")
}

/// The example API's fixtures, as JSON values (the ones checked in with the crate).
fn fixtures() -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/testdata/HEAD");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .expect("the example API's fixtures")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let text = std::fs::read(&p).expect("a fixture");
            let value = serde_json::from_slice(&text).expect("JSON");
            (
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                value,
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[tokio::test]
async fn every_fixture_converts_there_and_back_over_https() {
    let fx = Fixture::new();
    let running = fx.converting().await;
    let (mut send, _) = fx.connect(running.local_addr()).await;
    let fixtures = fixtures();
    assert!(
        fixtures.len() >= 4,
        "the example API has v1 and v2beta1 fixtures of two kinds"
    );
    for (name, original) in fixtures {
        let from = original["apiVersion"]
            .as_str()
            .expect("an apiVersion")
            .to_string();
        let other = if from.ends_with("/v1") {
            "frob.example.com/v2beta1"
        } else {
            "frob.example.com/v1"
        };
        let (status, body) = post(
            &mut send,
            "/convert?timeout=30s",
            "application/json",
            conversion_review("u-1", other, vec![original.clone()]),
        )
        .await;
        assert_eq!(status, 200, "{name}: {}", String::from_utf8_lossy(&body));
        let there: Value = serde_json::from_slice(&body).expect("a review");
        assert_eq!(there["response"]["uid"], "u-1");
        assert_eq!(
            there["response"]["result"]["status"], "Success",
            "{name}: {there}"
        );
        let converted = there["response"]["convertedObjects"][0].clone();
        assert_eq!(converted["apiVersion"], other, "{name}");
        let (status, body) = post(
            &mut send,
            "/convert",
            "application/json; charset=utf-8",
            conversion_review("u-2", &from, vec![converted]),
        )
        .await;
        assert_eq!(status, 200, "{name}");
        let back: Value = serde_json::from_slice(&body).expect("a review");
        assert_eq!(
            back["response"]["convertedObjects"][0], original,
            "{name}: lossless"
        );
    }
    running.shutdown().await;
}

#[tokio::test]
async fn what_is_no_review_gets_a_status_and_the_probes_answer() {
    let fx = Fixture::new();
    let running = fx.converting().await;
    let (mut send, _) = fx.connect(running.local_addr()).await;
    assert_eq!(get(&mut send, "/healthz").await, (200, "ok".to_string()));
    assert_eq!(get(&mut send, "/readyz").await, (200, "ok".to_string()));

    let status_of = |body: &[u8]| -> Value { serde_json::from_slice(body).expect("a Status") };
    let (code, body) = post(
        &mut send,
        "/convert",
        "application/json",
        b"{not json".to_vec(),
    )
    .await;
    assert_eq!(code, 400);
    let status = status_of(&body);
    assert_eq!(
        (status["kind"].as_str(), status["reason"].as_str()),
        (Some("Status"), Some("BadRequest"))
    );
    assert!(
        status["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("the body is not a ConversionReview: ")),
        "{status}"
    );
    let (code, body) = post(
        &mut send,
        "/convert",
        "application/vnd.kubernetes.protobuf",
        vec![0x6b, 0x38, 0x73, 0],
    )
    .await;
    assert_eq!(
        code,
        415,
        "reviews come as JSON: {}",
        String::from_utf8_lossy(&body)
    );
    let (code, _) = get(&mut send, "/convert").await;
    assert_eq!(code, 405);
    let (code, body) = post(&mut send, "/mutate", "application/json", b"{}".to_vec()).await;
    assert_eq!(
        (code, status_of(&body)["reason"].clone()),
        (404, json!("NotFound"))
    );
    // Twice kube-apiserver's largest object and more: refused unread.
    let huge = vec![b' '; 7 * 1024 * 1024];
    let (code, body) = post(&mut send, "/convert", "application/json", huge).await;
    assert_eq!(
        (code, status_of(&body)["reason"].clone()),
        (413, json!("RequestEntityTooLarge"))
    );
    running.shutdown().await;
}

#[tokio::test]
async fn a_rotated_certificate_is_served_to_new_connections_and_old_ones_go_on() {
    let fx = Fixture::new();
    let running = fx.converting().await;
    let addr = running.local_addr();
    let review = || conversion_review("u", "frob.example.com/v1", vec![]);
    let (mut before, first) = fx.connect(addr).await;
    assert_eq!(
        post(&mut before, "/convert", "application/json", review())
            .await
            .0,
        200
    );

    let rotated = write_pair(&fx.dir, &fx.pki);
    let rotated_der = CertificateDer::from_pem_slice(rotated.as_bytes())
        .expect("PEM")
        .to_vec();
    assert_ne!(rotated_der, first);
    let (mut after, presented) = fx.connect(addr).await;
    assert_eq!(
        presented, rotated_der,
        "a new handshake presents the new certificate"
    );
    assert_eq!(
        post(&mut after, "/convert", "application/json", review())
            .await
            .0,
        200
    );
    // The connection made before the rotation still answers.
    assert_eq!(
        post(&mut before, "/convert", "application/json", review())
            .await
            .0,
        200
    );

    // Half a rotation (a certificate whose key is not written yet) keeps the last pair.
    let (lone_cert, _) = fx
        .pki
        .issue(&["127.0.0.1"], ExtendedKeyUsagePurpose::ServerAuth);
    std::fs::write(fx.dir.join("tls.crt.new"), lone_cert).expect("write");
    std::fs::rename(fx.dir.join("tls.crt.new"), fx.dir.join("tls.crt")).expect("rename");
    let (mut half, presented) = fx.connect(addr).await;
    assert_eq!(presented, rotated_der);
    assert_eq!(
        post(&mut half, "/convert", "application/json", review())
            .await
            .0,
        200
    );
    running.shutdown().await;
}

/// An endpoint that takes its time, to be caught by a shutdown or a deadline.
struct Slow(Duration);

impl Endpoint for Slow {
    fn answer<'a>(&'a self, _: &'a [u8]) -> ReviewFuture<'a> {
        Box::pin(async move {
            tokio::time::sleep(self.0).await;
            Ok(b"{}".to_vec())
        })
    }
}

#[tokio::test]
async fn a_shutdown_lets_the_review_being_answered_finish_and_takes_no_new_one() {
    let fx = Fixture::new();
    let running = fx
        .server()
        .endpoint("/slow", Slow(Duration::from_millis(400)))
        .bind("127.0.0.1:0")
        .await
        .expect("the server starts");
    let addr = running.local_addr();
    let (mut send, _) = fx.connect(addr).await;
    let in_flight =
        tokio::spawn(
            async move { post(&mut send, "/slow", "application/json", b"{}".to_vec()).await },
        );
    tokio::time::sleep(Duration::from_millis(100)).await;
    running.shutdown().await;
    let (code, body) = in_flight.await.expect("the request task");
    assert_eq!(
        (code, body),
        (200, b"{}".to_vec()),
        "the review in flight was answered"
    );
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "the port is closed"
    );
}

#[tokio::test]
async fn a_review_runs_within_the_timeout_kube_apiserver_asks() {
    let fx = Fixture::new();
    let running = fx
        .server()
        .endpoint("/slow", Slow(Duration::from_secs(5)))
        .bind("127.0.0.1:0")
        .await
        .expect("the server starts");
    let (mut send, _) = fx.connect(running.local_addr()).await;
    let (code, body) = post(
        &mut send,
        "/slow?timeout=200ms",
        "application/json",
        b"{}".to_vec(),
    )
    .await;
    let status: Value = serde_json::from_slice(&body).expect("a Status");
    assert_eq!((code, status["reason"].clone()), (504, json!("Timeout")));
    running.shutdown().await;
}

#[test]
fn two_endpoints_at_one_path_are_refused() {
    let fx = Fixture::new();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let started = runtime.block_on(
        fx.server()
            .conversion("/convert", scheme())
            .conversion("/convert", scheme())
            .endpoint("healthz", Slow(Duration::ZERO))
            .bind("127.0.0.1:0"),
    );
    let message = started.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("two endpoints at \"/convert\""),
        "{message}"
    );
    assert!(
        message.contains("\"healthz\" cannot be a review's path"),
        "{message}"
    );
}

/// OpenSSL (through Python's `ssl`), trusting only the test CA, posts a review: the
/// server's chain and name are right for a client that is not rustls.
#[tokio::test]
async fn openssl_trusts_the_server_through_the_test_ca() {
    let Some(python) = python3() else { return };
    let fx = Fixture::new();
    let running = fx.converting().await;
    let ca = fx.dir.join("ca.crt");
    std::fs::write(&ca, &fx.pki.ca_pem).expect("write");
    let script = r#"
import json, ssl, sys, urllib.request
ctx = ssl.create_default_context(cafile=sys.argv[2])
review = {"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
          "request": {"uid": "py", "desiredAPIVersion": "frob.example.com/v2beta1", "objects": []}}
req = urllib.request.Request(sys.argv[1], data=json.dumps(review).encode(),
                             headers={"Content-Type": "application/json"})
print(json.loads(urllib.request.urlopen(req, context=ctx).read())["response"]["result"]["status"])
"#;
    let url = format!(
        "https://127.0.0.1:{}/convert?timeout=10s",
        running.local_addr().port()
    );
    let ca_path = ca.to_string_lossy().into_owned();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(python)
            .args(["-c", script, &url, &ca_path])
            .output()
    })
    .await
    .expect("the task")
    .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "Success");
    running.shutdown().await;
}

fn python3() -> Option<&'static str> {
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some("python3");
    }
    if std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("python3 is required (KAPI_REQUIRE_TOOLS=1) but not on PATH");
    }
    eprintln!("skipping: python3 is not on PATH");
    None
}

// One thread: the subscriber is the thread's default, and the server runs beside the client.
#[tokio::test(flavor = "current_thread")]
async fn each_review_has_a_span_with_what_it_was() {
    let capture = Arc::new(trace_support::Capture::default());
    let _default = tracing::subscriber::set_default(trace_support::Shared(capture.clone()));
    let fx = Fixture::new();
    let running = fx.converting().await;
    let (mut send, _) = fx.connect(running.local_addr()).await;
    let body = conversion_review("uid-7", "frob.example.com/v2beta1", vec![]);
    assert_eq!(
        post(&mut send, "/convert", "application/json", body)
            .await
            .0,
        200
    );
    running.shutdown().await;
    let spans = capture.spans("review");
    assert_eq!(spans.len(), 1, "{spans:?}");
    let fields: Vec<(&str, &str)> = spans[0]
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("allowed", "true"),
            ("kind", "frob.example.com/v2beta1"),
            ("operation", "CONVERT"),
            ("path", "/convert"),
            ("uid", "uid-7"),
        ]
    );
}

fn admission_review(operation: &str, object: Value, old: Value) -> Vec<u8> {
    let kind = json!({"group": "frob.example.com", "version": "v1", "kind": "Frobber"});
    let resource = json!({"group": "frob.example.com", "version": "v1", "resource": "frobbers"});
    serde_json::to_vec(&json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": "a-1", "kind": kind, "resource": resource,
            "requestKind": kind, "requestResource": resource,
            "name": object["metadata"]["name"], "namespace": "default",
            "operation": operation,
            "userInfo": {"username": "admin", "groups": ["system:masters"]},
            "object": object, "oldObject": old, "dryRun": false,
            "options": {"apiVersion": "meta.k8s.io/v1", "kind": "CreateOptions"},
        },
    }))
    .expect("JSON")
}

#[tokio::test]
async fn admission_over_https_denies_with_causes_and_patches_in_defaults() {
    let fx = Fixture::new();
    let scheme = scheme();
    let running = fx
        .server()
        .validating("/validate", scheme.clone())
        .mutating("/mutate", scheme.clone())
        .bind("127.0.0.1:0")
        .await
        .expect("the server starts");
    let (mut send, _) = fx.connect(running.local_addr()).await;

    let mut bad = api_types::examples::frobber_v1_json();
    bad.as_object_mut().map(|o| o.remove("status"));
    bad["spec"]["height"] = json!(0);
    let (code, body) = post(
        &mut send,
        "/validate?timeout=10s",
        "application/json",
        admission_review("CREATE", bad, Value::Null),
    )
    .await;
    assert_eq!(code, 200, "a denial is a review, not an HTTP error");
    let answer: Value = serde_json::from_slice(&body).expect("a review");
    let response = &answer["response"];
    assert_eq!(
        (response["uid"].as_str(), response["allowed"].as_bool()),
        (Some("a-1"), Some(false))
    );
    let status = &response["status"];
    assert_eq!(
        (status["code"].as_i64(), status["reason"].as_str()),
        (Some(422), Some("Invalid"))
    );
    assert_eq!(
        status["details"]["causes"][0]["field"], "spec.height",
        "{status}"
    );

    // A Frobber without its defaults: the patch, applied as kube-apiserver applies it,
    // gives the object the scheme's defaulting gives.
    let sent = json!({"apiVersion": "frob.example.com/v1", "kind": "Frobber",
                      "metadata": {"name": "bare", "namespace": "default"},
                      "spec": {"height": 3}});
    let (code, body) = post(
        &mut send,
        "/mutate",
        "application/json",
        admission_review("CREATE", sent.clone(), Value::Null),
    )
    .await;
    assert_eq!(code, 200);
    let answer: Value = serde_json::from_slice(&body).expect("a review");
    let response = &answer["response"];
    assert_eq!(
        (
            response["allowed"].as_bool(),
            response["patchType"].as_str()
        ),
        (Some(true), Some("JSONPatch"))
    );
    let patch = base64::Engine::decode(
        &base64::engine::general_purpose::STANDARD,
        response["patch"].as_str().expect("a patch"),
    )
    .expect("base64");
    let patch: json_patch::Patch = serde_json::from_slice(&patch).expect("RFC 6902");
    let mut patched = sent.clone();
    json_patch::patch(&mut patched, &patch).expect("the patch applies");
    let defaulted = scheme
        .decode(&serde_json::to_vec(&sent).expect("JSON"))
        .expect("decodes")
        .to_json_value()
        .expect("JSON");
    let read_back = scheme
        .decode_without_defaults(&serde_json::to_vec(&patched).expect("JSON"))
        .expect("decodes")
        .to_json_value()
        .expect("JSON");
    assert_eq!(read_back, defaulted);
    running.shutdown().await;
}
