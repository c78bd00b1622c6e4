//! The example API's generated Frobber CRD (v1 and v2beta1, `Webhook` conversion) and its
//! generated webhook configurations served by the embedded server, and answered by kapi's
//! own webhook server over HTTPS with a test CA, in one process: what an operator's CRD
//! meets in a cluster.

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

fn generated(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../api-types/generated")
        .join(file);
    let text = std::fs::read_to_string(path).expect("a generated manifest");
    serde_yaml_ng::from_str(&text).expect("YAML")
}

/// A `clientConfig` at `url` trusting `ca_pem`: what envtest and cert-manager make of one
/// that names a Service.
fn client_config(url: &str, ca_pem: &str) -> Value {
    json!({
        "url": url,
        "caBundle": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, ca_pem),
    })
}

/// The generated CRD, converting through the webhook at `url`.
fn frobber_crd(url: &str, ca_pem: &str) -> Value {
    let mut crd = generated("crds/frob.example.com_frobbers.yaml");
    crd["spec"]["conversion"]["webhook"]["clientConfig"] = client_config(url, ca_pem);
    crd
}

/// A generated webhook configuration, each webhook at `base` + its path.
fn configuration(file: &str, base: &str, ca_pem: &str) -> Value {
    let mut config = generated(file);
    for webhook in config["webhooks"].as_array_mut().expect("webhooks") {
        let path = webhook["clientConfig"]["service"]["path"]
            .as_str()
            .expect("a path")
            .to_string();
        webhook["clientConfig"] = client_config(&format!("{base}{path}"), ca_pem);
    }
    config
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
    let examples = Arc::new(examples);
    let webhook = WebhookServer::new(dir.path().join("tls.crt"), dir.path().join("tls.key"))
        .conversion("/convert", examples.clone())
        .validating("/validate", examples.clone())
        .mutating("/mutate", examples)
        .bind("127.0.0.1:0")
        .await
        .expect("the webhook server starts");
    let base = format!("https://127.0.0.1:{}", webhook.local_addr().port());
    let url = format!("{base}/convert");

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

    // The generated admission configurations: the mutating webhook adds what only the
    // generated code knows (the DefaultsHook's class), the validating one refuses what the
    // CRD's schema lets through (a value of a disabled feature gate).
    let configurations = "/apis/admissionregistration.k8s.io/v1";
    http.post(
        &format!("{configurations}/mutatingwebhookconfigurations"),
        &configuration(
            "webhooks/mutating-webhook-configuration.yaml",
            &base,
            &pki.ca_pem,
        ),
    )
    .await
    .expect(201);
    http.post(
        &format!("{configurations}/validatingwebhookconfigurations"),
        &configuration(
            "webhooks/validating-webhook-configuration.yaml",
            &base,
            &pki.ca_pem,
        ),
    )
    .await
    .expect(201);
    let bare = json!({"apiVersion": "frob.example.com/v1", "kind": "Frobber",
                      "metadata": {"name": "bare", "namespace": "default"},
                      "spec": {"height": 3}});
    let created = http.post(V1, &bare).await.expect(201);
    assert_eq!(created["spec"]["className"], "standard", "{created}");
    // An update goes through both webhooks too (the store's lock is held meanwhile).
    let mut taller = created.clone();
    taller["spec"]["height"] = json!(4);
    let updated = http.put(&format!("{V1}/bare"), &taller).await.expect(200);
    assert_eq!(
        (
            updated["spec"]["height"].as_i64(),
            updated["spec"]["className"].as_str()
        ),
        (Some(4), Some("standard"))
    );
    let mut tuesday = bare.clone();
    tuesday["metadata"]["name"] = json!("tuesday");
    tuesday["spec"]["restartPolicy"] = json!("OnTuesday");
    let refused = http.post(V1, &tuesday).await.expect(422);
    let message = refused["message"].as_str().unwrap_or("");
    assert!(
        message.starts_with(
            "admission webhook \"validate.frobbers.frob.example.com\" denied the request: "
        ) && message.contains("spec.restartPolicy"),
        "{refused}"
    );

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
    // Writes need the admission webhooks, whose failurePolicy is Fail: kube-apiserver's
    // 500 naming the webhook.
    let mut later = bare.clone();
    later["metadata"]["name"] = json!("later");
    let failed = http.post(V1, &later).await.expect(500);
    assert!(
        failed["message"].as_str().is_some_and(
            |m| m.contains("failed calling webhook \"mutate.frobbers.frob.example.com\"")
        ),
        "{failed}"
    );
}
