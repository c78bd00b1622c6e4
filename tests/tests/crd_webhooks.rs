//! The example API's generated Frobber CRD (v1 and v2beta1, `Webhook` conversion) served by
//! the embedded server and converted by kapi's own webhook server over HTTPS with a test CA,
//! in one process: what an operator's CRD meets in a cluster.

mod support;
mod tls_support;

use kapi_webhook::WebhookServer;
use rcgen::ExtendedKeyUsagePurpose;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use support::Http;
use tls_support::Pki;

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const V1: &str = "/apis/frob.example.com/v1/namespaces/default/frobbers";
const V2: &str = "/apis/frob.example.com/v2beta1/namespaces/default/frobbers";

/// The generated CRD, pointed at `url` and trusting `ca_pem`: what envtest and cert-manager
/// do to a CRD that names a Service.
fn frobber_crd(url: &str, ca_pem: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../api-types/generated/crds/frob.example.com_frobbers.yaml");
    let text = std::fs::read_to_string(path).expect("the generated CRD");
    let mut crd: Value = serde_yaml_ng::from_str(&text).expect("YAML");
    crd["spec"]["conversion"]["webhook"]["clientConfig"] = json!({
        "url": url,
        "caBundle": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, ca_pem),
    });
    crd
}

// Several workers: the server's conversion call blocks its worker, whose other tasks (the
// webhook server's) move to the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn objects_written_in_one_version_are_read_in_the_other_through_the_webhook() {
    let dir = tempfile::tempdir().expect("a directory");
    let pki = Pki::new();
    let (cert, key) = pki.issue(&["127.0.0.1"], ExtendedKeyUsagePurpose::ServerAuth);
    std::fs::write(dir.path().join("tls.crt"), cert).expect("write");
    std::fs::write(dir.path().join("tls.key"), key).expect("write");
    let mut examples = kapi::Scheme::new();
    api_types::install(&mut examples).expect("the example API");
    let webhook = WebhookServer::new(dir.path().join("tls.crt"), dir.path().join("tls.key"))
        .conversion("/convert", Arc::new(examples))
        .bind("127.0.0.1:0")
        .await
        .expect("the webhook server starts");
    let url = format!("https://127.0.0.1:{}/convert", webhook.local_addr().port());

    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("the server starts");
    let http = Http::new(&server);
    http.post(CRDS, &frobber_crd(&url, &pki.ca_pem))
        .await
        .expect(201);
    let crd = http
        .get(&format!("{CRDS}/frobbers.frob.example.com"))
        .await
        .expect(200);
    assert!(
        crd["status"]["conditions"].as_array().is_some_and(|cs| cs
            .iter()
            .any(|c| c["type"] == "Established" && c["status"] == "True")),
        "{crd}"
    );

    // Written in v1 (the storage version), read in v2beta1: `param` became `params`.
    let mut f = api_types::examples::frobber_v1_json();
    f.as_object_mut().map(|o| o.remove("status"));
    f["metadata"] = json!({"name": "tall", "namespace": "default"});
    http.post(V1, &f).await.expect(201);
    let read = http.get(&format!("{V2}/tall")).await.expect(200);
    assert_eq!(read["apiVersion"], "frob.example.com/v2beta1");
    assert_eq!(
        read["spec"]["params"],
        json!([f["spec"]["param"].clone()]),
        "{read}"
    );

    // Written in v2beta1 with two params: stored as v1 (the rest in the annotation), read
    // back in v2beta1 whole.
    let mut g = read.clone();
    g["metadata"] = json!({"name": "two", "namespace": "default"});
    g["spec"]["params"] = json!(["a", "b"]);
    g["spec"]["param"] = json!("a");
    http.post(V2, &g).await.expect(201);
    let stored = http.get(&format!("{V1}/two")).await.expect(200);
    assert_eq!(stored["spec"]["param"], "a", "{stored}");
    assert_eq!(
        stored["metadata"]["annotations"]["frob.example.com/params"],
        "[\"a\",\"b\"]"
    );
    let back = http.get(&format!("{V2}/two")).await.expect(200);
    assert_eq!(back["spec"]["params"], json!(["a", "b"]));
    let list = http.get(V2).await.expect(200);
    assert_eq!(list["items"].as_array().map(Vec::len), Some(2));

    // The webhook gone: reads in the storage version need none; the other version is
    // kube-apiserver's 500 naming the conversion.
    webhook.shutdown().await;
    http.get(&format!("{V1}/two")).await.expect(200);
    let failed = http.get(&format!("{V2}/two")).await.expect(500);
    assert!(
        failed["message"].as_str().is_some_and(
            |m| m.contains("conversion webhook for frob.example.com/v1, Kind=Frobber failed")
        ),
        "{failed}"
    );
}
