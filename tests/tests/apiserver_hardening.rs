//! The embedded API server against hostile input: YAML bodies bounded and checked as JSON
//! bodies are, and a request that panics answered with a 500 `Status`.

mod support;

use hyper::Method;
use kapi_apiserver::Failure;
use std::time::Duration;
use support::*;

const YAML: &str = "application/yaml";
const APPLY_YAML: &str = "application/apply-patch+yaml";

/// Longer than any case here takes; the server's own answer must come first.
const GUARD: Duration = Duration::from_secs(30);

const DUPLICATE: &str = "apiVersion: frob.example.com/v1
kind: Frobber
metadata:
  name: dup
spec:
  height: 1
  height: 2
";

#[tokio::test]
async fn yaml_bodies_report_duplicate_keys_as_json_does() {
    let server = start().await;
    let http = Http::new(&server);
    let post = |validation: &'static str| {
        let http = http.clone();
        async move {
            http.request(
                Method::POST,
                &format!("{FROBBERS}?fieldValidation={validation}"),
                &[("content-type", YAML)],
                DUPLICATE.as_bytes().to_vec(),
            )
            .await
        }
    };
    let strict = post("Strict").await.expect(400);
    assert_eq!(
        strict["message"],
        "strict decoding error: duplicate field \"spec.height\""
    );
    assert_eq!(strict["reason"], "BadRequest");

    let warn = post("Warn").await;
    let created = warn.expect(201);
    assert_eq!(
        warn.warnings(),
        ["299 - \"duplicate field \\\"spec.height\\\"\""]
    );
    // The last value wins, as kube-apiserver's YAML decoder keeps it.
    assert_eq!(created["spec"]["height"], 2);

    http.delete(&format!("{FROBBERS}/dup")).await.expect(200);
    let ignore = post("Ignore").await;
    ignore.expect(201);
    assert!(ignore.warnings().is_empty(), "{:?}", ignore.warnings());
}

/// Deeply nested flow YAML cost the server time quadratic in its size (minutes for this
/// body in a debug build); it is refused by the nesting bound at once, for a create and
/// for an apply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deeply_nested_yaml_bodies_are_refused_at_once() {
    let server = start().await;
    let http = Http::new(&server);
    let deep = format!(
        "apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: deep\nspec: {}{}\n",
        "[".repeat(60_000),
        "]".repeat(60_000)
    );
    for (method, path, content_type) in [
        (Method::POST, FROBBERS.to_string(), YAML),
        (
            Method::PATCH,
            format!("{FROBBERS}/deep?fieldManager=test"),
            APPLY_YAML,
        ),
    ] {
        let answer = tokio::time::timeout(
            GUARD,
            http.request(
                method.clone(),
                &path,
                &[("content-type", content_type)],
                deep.clone().into_bytes(),
            ),
        )
        .await
        .expect("the server answers before the guard");
        let status = answer.expect(400);
        let message = status["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("recursion limit exceeded"),
            "{method} {content_type}: {message}"
        );
    }
}

#[tokio::test]
async fn a_panicking_request_is_answered_with_a_500_status() {
    let server = start().await;
    let http = Http::new(&server);
    server
        .faults()
        .fail(Failure::panic(1).path_contains("/frobbers"));
    let answer = http.get(FROBBERS).await;
    let status = answer.expect(500);
    assert_eq!(status["kind"], "Status");
    assert_eq!(status["status"], "Failure");
    assert_eq!(status["reason"], "InternalError");
    assert_eq!(status["code"], 500);
    let message = status["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("has prevented the request from succeeding"),
        "{message}"
    );
    // The server goes on serving, on the same and on new connections.
    http.get(FROBBERS).await.expect(200);
}
