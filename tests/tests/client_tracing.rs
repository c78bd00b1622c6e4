//! The client's `tracing` spans as a subscriber sees them: one per request with its verb,
//! resource, namespace, name, status, retries and bytes; one per watch that stays open with
//! its stream and counts its events; a warning when TLS verification is off.

mod client_support;
mod support;

use api_types::v1::Frobber;
use futures_util::StreamExt;
use kapi::client::{Api, Encoding};
use kapi::meta::{CreateOptions, GetOptions, ListOptions};
use kapi_apiserver::Failure;
use std::collections::BTreeMap;
use std::sync::Arc;

mod trace_support;
use trace_support::{Capture, Shared};

fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

// One thread: the subscriber is the thread's default, and the server runs beside the client.
#[tokio::test(flavor = "current_thread")]
async fn requests_and_watches_have_spans() {
    let capture = Arc::new(Capture::default());
    let _default = tracing::subscriber::set_default(Shared(capture.clone()));
    let server = support::start().await;
    let client = client_support::client(&server, Encoding::Json);
    let api: Api<Frobber> = Api::namespaced(client, "default");

    let mut watch = api.watch(&ListOptions::default()).await.unwrap();
    api.create(&client_support::frobber("a", 1), &CreateOptions::default())
        .await
        .unwrap();
    watch.next().await.expect("an event").unwrap();
    drop(watch);
    server
        .faults()
        .fail(Failure::new(1, 429).retry_after(0).method("GET"));
    api.get("a", &GetOptions::default()).await.unwrap();
    api.list(&ListOptions::default()).await.unwrap();

    let mut requests = capture.spans("kapi_client.request");
    for r in &mut requests {
        let bytes: usize = r
            .remove("bytes")
            .unwrap_or_else(|| panic!("no bytes: {r:?}"))
            .parse()
            .unwrap();
        assert!(bytes > 100, "{r:?}");
    }
    let frobbers = "frobbers.frob.example.com";
    assert_eq!(
        requests,
        [
            fields(&[
                ("verb", "create"),
                ("resource", frobbers),
                ("namespace", "default"),
                ("name", ""),
                ("http.method", "POST"),
                ("status", "201"),
                ("retries", "0"),
            ]),
            fields(&[
                ("verb", "get"),
                ("resource", frobbers),
                ("namespace", "default"),
                ("name", "a"),
                ("http.method", "GET"),
                ("status", "200"),
                ("retries", "1"),
            ]),
            fields(&[
                ("verb", "list"),
                ("resource", frobbers),
                ("namespace", "default"),
                ("name", ""),
                ("http.method", "GET"),
                ("status", "200"),
                ("retries", "0"),
            ]),
        ]
    );
    assert_eq!(
        capture.spans("kapi_client.watch"),
        [fields(&[
            ("verb", "watch"),
            ("resource", frobbers),
            ("namespace", "default"),
            ("name", ""),
            ("status", "200"),
            ("retries", "0"),
            ("events", "1"),
        ])]
    );
}

#[test]
fn insecure_tls_is_a_warning() {
    let capture = Arc::new(Capture::default());
    let _default = tracing::subscriber::set_default(Shared(capture.clone()));
    let mut config = kapi::client::Config::new("https://cluster.example:6443".parse().unwrap());
    config.tls.insecure_skip_tls_verify = true;
    kapi::client::Client::new(config, Arc::new(kapi::Scheme::new())).unwrap();
    let warnings = capture.warnings.lock().unwrap().clone();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("insecure-skip-tls-verify is set"),
        "{warnings:?}"
    );
}
