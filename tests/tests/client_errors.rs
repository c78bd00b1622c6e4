//! The REST client's errors, from real responses of the embedded API server, and its
//! retries, rate limit, timeouts and warnings.

mod client_support;
mod support;

use api_types::v1::Frobber;
use client_support::{client, client_with, config, frobber, ENCODINGS};
use kapi::client::Method;
use kapi::client::{Api, Encoding, Error, RetryPolicy};
use kapi::meta::{CreateOptions, GetOptions, ListOptions, UpdateOptions};
use kapi_apiserver::Failure;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const FROBBERS: &str = "/apis/frob.example.com/v1/namespaces/default/frobbers";

fn count(server: &kapi_apiserver::ApiServer, method: &str, path: &str) -> usize {
    server
        .faults()
        .requests()
        .iter()
        .filter(|r| r.method == method && r.uri.starts_with(path))
        .count()
}

#[tokio::test]
async fn errors_from_real_responses() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let api: Api<Frobber> = Api::default_namespaced(client(&server, encoding));
        let ctx = format!("{encoding:?}");

        let missing = api
            .get("missing", &GetOptions::default())
            .await
            .unwrap_err();
        assert!(missing.is_not_found(), "{ctx}: {missing}");
        assert_eq!(missing.code(), Some(404));
        assert_eq!(missing.status().unwrap().reason, "NotFound");
        assert!(!missing.is_conflict() && !missing.is_already_exists());

        let created = api
            .create(&frobber("a", 1), &CreateOptions::default())
            .await
            .unwrap();
        let exists = api
            .create(&frobber("a", 1), &CreateOptions::default())
            .await
            .unwrap_err();
        assert!(exists.is_already_exists(), "{ctx}: {exists}");
        assert_eq!(exists.code(), Some(409));
        assert!(!exists.is_conflict(), "AlreadyExists is not a Conflict");

        let mut fresh = created.clone();
        fresh.spec.height = 2;
        api.update(&fresh, &UpdateOptions::default()).await.unwrap();
        let mut stale = created.clone();
        stale.spec.height = 3;
        let conflict = api
            .update(&stale, &UpdateOptions::default())
            .await
            .unwrap_err();
        assert!(conflict.is_conflict(), "{ctx}: {conflict}");
        assert_eq!(conflict.code(), Some(409));

        let invalid = api
            .create(&frobber("b", 0), &CreateOptions::default())
            .await
            .unwrap_err();
        assert!(invalid.is_invalid(), "{ctx}: {invalid}");
        assert_eq!(invalid.code(), Some(422));
        let causes = invalid.causes();
        assert_eq!(causes.len(), 1);
        assert_eq!(causes[0].field, "spec.height");
        assert_eq!(causes[0].type_, "FieldValueInvalid");

        let bad = Api::<Frobber>::default_namespaced(client(&server, encoding))
            .list(&ListOptions {
                label_selector: "!!not a selector".into(),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert!(bad.is_bad_request(), "{ctx}: {bad}");
    }
}

#[tokio::test]
async fn errors_without_a_status_body_are_synthesized() {
    let server = support::start().await;
    let c = client(&server, Encoding::Json);
    let err = c
        .request_raw(Method::GET, "/no/such/path", None, "application/json")
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(404));
    assert!(err.is_not_found(), "{err}");
    // A name with a slash cannot escape the resource path.
    let api: Api<Frobber> = Api::default_namespaced(c.clone());
    let err = api.get("a/b", &GetOptions::default()).await.unwrap_err();
    assert!(err.is_not_found(), "{err}");
    let empty = api.get("", &GetOptions::default()).await.unwrap_err();
    assert!(matches!(empty, Error::Request(_)), "{empty}");
}

#[tokio::test]
async fn protobuf_is_negotiated() {
    let server = support::start().await;
    let c = client(&server, Encoding::Protobuf);
    let scheme = c.scheme();
    for gvk in [
        scheme.gvk_of::<Frobber>().unwrap(),
        scheme.gvk_of::<api_types::v1::FrobberClass>().unwrap(),
    ] {
        assert!(scheme.supports_protobuf(gvk), "{gvk} has protobuf");
    }
    let resp = c
        .request_raw(
            Method::GET,
            FROBBERS,
            None,
            "application/vnd.kubernetes.protobuf, application/json",
        )
        .await
        .unwrap();
    assert_eq!(resp.content_type(), "application/vnd.kubernetes.protobuf");
    assert!(resp.is_protobuf());
}

#[tokio::test]
async fn retries_429_and_503_for_get() {
    let server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, Encoding::Json));
    api.create(&frobber("a", 1), &CreateOptions::default())
        .await
        .unwrap();
    let path = format!("{FROBBERS}/a");

    server.faults().clear_requests();
    server
        .faults()
        .fail(Failure::new(1, 429).retry_after(1).method("GET"));
    let start = Instant::now();
    api.get("a", &GetOptions::default())
        .await
        .expect("retried after 429");
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "Retry-After honoured"
    );
    assert_eq!(count(&server, "GET", &path), 2);

    server.faults().clear_requests();
    server.faults().fail(Failure::new(2, 503).method("GET"));
    api.get("a", &GetOptions::default())
        .await
        .expect("retried after 503");
    assert_eq!(count(&server, "GET", &path), 3);

    for code in [500, 502, 504] {
        server.faults().clear_requests();
        server.faults().fail(Failure::new(1, code).method("GET"));
        api.get("a", &GetOptions::default()).await.expect("retried");
        assert_eq!(count(&server, "GET", &path), 2, "{code}");
    }

    // Not retried: 501, and anything 4xx but 429.
    server.faults().clear_requests();
    server.faults().fail(Failure::new(1, 501).method("GET"));
    assert_eq!(
        api.get("a", &GetOptions::default())
            .await
            .unwrap_err()
            .code(),
        Some(501)
    );
    assert_eq!(count(&server, "GET", &path), 1);
}

#[tokio::test]
async fn post_is_retried_on_429_but_not_on_503() {
    let server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, Encoding::Json));
    server.faults().fail(Failure::new(1, 503).method("POST"));
    let err = api
        .create(&frobber("a", 1), &CreateOptions::default())
        .await
        .unwrap_err();
    assert!(err.is_service_unavailable(), "{err}");
    assert_eq!(count(&server, "POST", FROBBERS), 1);

    server.faults().clear_requests();
    server
        .faults()
        .fail(Failure::new(1, 429).retry_after(0).method("POST"));
    api.create(&frobber("a", 1), &CreateOptions::default())
        .await
        .expect("a 429 is retried for POST");
    assert_eq!(count(&server, "POST", FROBBERS), 2);

    // PATCH is not retried on 5xx either.
    server.faults().clear_requests();
    server.faults().fail(Failure::new(1, 500).method("PATCH"));
    let err = api
        .patch(
            "a",
            &kapi::client::Patch::Merge(serde_json::json!({"spec": {"height": 2}})),
            &Default::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(500));
    assert!(err.is_internal_error());
    assert_eq!(count(&server, "PATCH", FROBBERS), 1);
}

#[tokio::test]
async fn attempts_are_capped() {
    let server = support::start().await;
    let mut cfg = config(&server, Encoding::Json);
    cfg.retry = RetryPolicy {
        max_attempts: 3,
        base_backoff: Duration::from_millis(1),
        max_backoff: Duration::from_millis(5),
        ..RetryPolicy::default()
    };
    let api: Api<Frobber> = Api::default_namespaced(client_with(cfg));
    server
        .faults()
        .fail(Failure::new(10, 429).retry_after(0).method("GET"));
    let err = api.get("a", &GetOptions::default()).await.unwrap_err();
    assert!(err.is_too_many_requests(), "{err}");
    assert_eq!(err.retry_after(), Some(Duration::ZERO));
    assert_eq!(count(&server, "GET", FROBBERS), 3);

    server.faults().clear_failures();
    server.faults().clear_requests();
    let mut cfg = config(&server, Encoding::Json);
    cfg.retry = RetryPolicy::none();
    let api: Api<Frobber> = Api::default_namespaced(client_with(cfg));
    server.faults().fail(Failure::new(1, 503).method("GET"));
    assert!(api
        .get("a", &GetOptions::default())
        .await
        .unwrap_err()
        .is_service_unavailable());
    assert_eq!(count(&server, "GET", FROBBERS), 1);
}

#[tokio::test]
async fn connection_errors_are_retried_then_reported() {
    // A port nothing listens on.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let mut cfg = kapi::client::Config::new(format!("http://127.0.0.1:{port}").parse().unwrap());
    cfg.retry = RetryPolicy {
        max_attempts: 2,
        base_backoff: Duration::from_millis(1),
        max_backoff: Duration::from_millis(5),
        ..RetryPolicy::default()
    };
    let c = client_with(cfg);
    let err = c
        .request_raw(Method::GET, "/api", None, "application/json")
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Transport(_)), "{err}");
}

#[tokio::test]
async fn client_side_rate_limit() {
    let server = support::start().await;
    let mut cfg = config(&server, Encoding::Json);
    cfg.qps = 20.0;
    cfg.burst = 1;
    let c = client_with(cfg);
    let start = Instant::now();
    for _ in 0..10 {
        c.request_raw(Method::GET, FROBBERS, None, "application/json")
            .await
            .unwrap();
    }
    // The first goes at once, the 9 others 50 ms apart.
    let elapsed = start.elapsed();
    assert!(elapsed >= Duration::from_millis(400), "{elapsed:?}");
}

#[tokio::test]
async fn per_request_timeout() {
    let server = support::start().await;
    let mut cfg = config(&server, Encoding::Json);
    cfg.timeout = Some(Duration::from_millis(200));
    let api: Api<Frobber> = Api::default_namespaced(client_with(cfg));
    server.faults().pause();
    let start = Instant::now();
    let err = api.get("a", &GetOptions::default()).await.unwrap_err();
    assert!(matches!(err, Error::Timeout), "{err}");
    assert!(err.is_client_timeout());
    assert!(start.elapsed() < Duration::from_secs(5));
    server.faults().resume();
    assert!(api
        .get("a", &GetOptions::default())
        .await
        .unwrap_err()
        .is_not_found());
}

#[tokio::test]
async fn warnings_are_collected_and_handed_to_the_handler() {
    let server = support::start().await;
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut cfg = config(&server, Encoding::Json);
    let sink = seen.clone();
    cfg.warning_handler = Some(Arc::new(move |w: &str| {
        sink.lock().unwrap().push(w.to_string())
    }));
    let c = client_with(cfg);
    let mut body = support::frobber("w", 1);
    body["spec"]["colour"] = "blue".into();
    c.request_raw(
        Method::POST,
        &format!("{FROBBERS}?fieldValidation=Warn"),
        Some(("application/json", serde_json::to_vec(&body).unwrap())),
        "application/json",
    )
    .await
    .expect("created with a warning");
    let warnings = c.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("spec.colour"), "{warnings:?}");
    assert!(!warnings[0].starts_with("299"), "unquoted text only");
    assert_eq!(*seen.lock().unwrap(), warnings);
}
