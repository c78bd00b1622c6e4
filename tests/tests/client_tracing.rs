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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// A span as recorded: its name and every field it was given, as text.
#[derive(Debug, Clone, Default)]
struct Recorded {
    name: String,
    fields: BTreeMap<String, String>,
}

/// A subscriber that keeps every span of the client and every warning.
#[derive(Default)]
struct Capture {
    next: AtomicU64,
    spans: Mutex<BTreeMap<u64, Recorded>>,
    warnings: Mutex<Vec<String>>,
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(
            field.name().to_string(),
            format!("{value:?}").trim_matches('"').to_string(),
        );
    }
}

/// The subscriber handed to `tracing`; the test keeps the `Capture` to read.
struct Shared(Arc<Capture>);

impl Subscriber for Shared {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.0.next.fetch_add(1, Ordering::SeqCst) + 1;
        let mut recorded = Recorded {
            name: span.metadata().name().to_string(),
            ..Recorded::default()
        };
        span.record(&mut Fields(&mut recorded.fields));
        self.0.spans.lock().unwrap().insert(id, recorded);
        Id::from_u64(id)
    }
    fn record(&self, span: &Id, values: &Record<'_>) {
        if let Some(recorded) = self.0.spans.lock().unwrap().get_mut(&span.into_u64()) {
            values.record(&mut Fields(&mut recorded.fields));
        }
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        if *event.metadata().level() == tracing::Level::WARN {
            let mut fields = BTreeMap::new();
            event.record(&mut Fields(&mut fields));
            self.0
                .warnings
                .lock()
                .unwrap()
                .push(fields.remove("message").unwrap_or_default());
        }
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

impl Capture {
    fn spans(&self, name: &str) -> Vec<BTreeMap<String, String>> {
        self.spans
            .lock()
            .unwrap()
            .values()
            .filter(|s| s.name == name)
            .map(|s| s.fields.clone())
            .collect()
    }
}

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
