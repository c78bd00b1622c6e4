//! Watches and fault injection on the embedded API server, over real HTTP.

mod support;

use serde_json::{json, Value};
use std::time::Duration;
use support::*;

const WAIT: Duration = Duration::from_secs(5);

fn rv(v: &Value) -> u64 {
    v["metadata"]["resourceVersion"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("resourceVersion")
}

#[tokio::test]
async fn watch_from_a_resource_version_replays_then_follows() {
    let server = start().await;
    let http = Http::new(&server);
    let a = http.post(FROBBERS, &frobber("a", 1)).await.expect(201);
    http.post(FROBBERS, &frobber("b", 1)).await.expect(201);
    http.delete(&format!("{FROBBERS}/b")).await.expect(200);

    let mut w = http
        .watch(&format!("{FROBBERS}?watch=true&resourceVersion={}", rv(&a)))
        .await;
    let e = w.next_event(WAIT).await.expect("event");
    assert_eq!(
        (e["type"].as_str(), e["object"]["metadata"]["name"].as_str()),
        (Some("ADDED"), Some("b"))
    );
    let e = w.next_event(WAIT).await.expect("event");
    assert_eq!(
        (e["type"].as_str(), e["object"]["metadata"]["name"].as_str()),
        (Some("DELETED"), Some("b"))
    );

    http.patch(
        &format!("{FROBBERS}/a"),
        MERGE_PATCH,
        r#"{"spec":{"height":2}}"#,
    )
    .await
    .expect(200);
    let e = w.next_event(WAIT).await.expect("event");
    assert_eq!(e["type"], "MODIFIED");
    assert_eq!(e["object"]["spec"]["height"], 2);
    assert_eq!(e["object"]["apiVersion"], "frob.example.com/v1");
}

#[tokio::test]
async fn watch_without_version_starts_with_the_current_state() {
    let server = start().await;
    let http = Http::new(&server);
    http.post(FROBBERS, &frobber("x", 1)).await.expect(201);
    // kubectl get NAME -w: a field selector and resourceVersion=0.
    let mut w = http
        .watch(&format!(
            "{FROBBERS}?fieldSelector=metadata.name%3Dx&resourceVersion=0&watch=true"
        ))
        .await;
    let e = w.next_event(WAIT).await.expect("initial ADDED");
    assert_eq!(e["type"], "ADDED");
    http.post(FROBBERS, &frobber("other", 1)).await.expect(201);
    http.delete(&format!("{FROBBERS}/x")).await.expect(200);
    let e = w.next_event(WAIT).await.expect("event");
    assert_eq!(e["type"], "DELETED", "other is not selected: {e}");
    assert_eq!(e["object"]["metadata"]["name"], "x");
}

#[tokio::test]
async fn label_selector_transitions_become_added_and_deleted() {
    let server = start().await;
    let http = Http::new(&server);
    let created = http.post(FROBBERS, &frobber("t", 1)).await.expect(201);
    let mut w = http
        .watch(&format!(
            "{FROBBERS}?watch=1&labelSelector=team%3Dblue&resourceVersion={}",
            rv(&created)
        ))
        .await;
    let path = format!("{FROBBERS}/t");
    http.patch(
        &path,
        MERGE_PATCH,
        r#"{"metadata":{"labels":{"team":"blue"}}}"#,
    )
    .await
    .expect(200);
    assert_eq!(w.next_event(WAIT).await.expect("event")["type"], "ADDED");
    http.patch(&path, MERGE_PATCH, r#"{"spec":{"height":5}}"#)
        .await
        .expect(200);
    assert_eq!(w.next_event(WAIT).await.expect("event")["type"], "MODIFIED");
    http.patch(
        &path,
        MERGE_PATCH,
        r#"{"metadata":{"labels":{"team":"red"}}}"#,
    )
    .await
    .expect(200);
    let e = w.next_event(WAIT).await.expect("event");
    assert_eq!(e["type"], "DELETED");
    assert_eq!(e["object"]["metadata"]["labels"]["team"], "red");
}

#[tokio::test]
async fn bookmarks_carry_progress() {
    let server = start().await;
    let http = Http::new(&server);
    let created = http.post(FROBBERS, &frobber("b", 1)).await.expect(201);
    let mut w = http
        .watch(&format!(
            "{FROBBERS}?watch=1&allowWatchBookmarks=true&resourceVersion={}",
            rv(&created)
        ))
        .await;
    // Writes elsewhere move the revision on; a bookmark says so.
    let class = http.post(CLASSES, &frobber_class("c")).await.expect(201);
    loop {
        let e = w.next_within(WAIT).await.expect("an event");
        if e["type"] == "BOOKMARK" && rv(&e["object"]) >= rv(&class) {
            assert_eq!(e["object"]["kind"], "Frobber");
            break;
        }
    }
}

#[tokio::test]
async fn compacted_history_gives_410_as_an_error_event() {
    let server = start().await;
    let http = Http::new(&server);
    let first = http.post(FROBBERS, &frobber("a", 1)).await.expect(201);
    http.post(FROBBERS, &frobber("b", 1)).await.expect(201);
    server.faults().compact();
    let mut w = http
        .watch(&format!(
            "{FROBBERS}?watch=1&resourceVersion={}",
            rv(&first)
        ))
        .await;
    let e = w.next_within(WAIT).await.expect("an ERROR event");
    assert_eq!(e["type"], "ERROR");
    assert_eq!(e["object"]["kind"], "Status");
    assert_eq!(e["object"]["code"], 410);
    assert_eq!(e["object"]["reason"], "Expired");
    assert!(e["object"]["message"]
        .as_str()
        .unwrap_or("")
        .starts_with("too old resource version: "));
    assert!(w.next_within(WAIT).await.is_none(), "the stream ends");
}

#[tokio::test]
async fn streaming_list_ends_with_the_initial_events_bookmark() {
    let server = start().await;
    let http = Http::new(&server);
    for n in ["a", "b", "c"] {
        http.post(FROBBERS, &frobber(n, 1)).await.expect(201);
    }
    let mut w = http
        .watch(&format!(
            "{FROBBERS}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan"
        ))
        .await;
    let mut names = Vec::new();
    loop {
        let e = w.next_within(WAIT).await.expect("event");
        if e["type"] == "BOOKMARK" {
            assert_eq!(
                e["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"],
                "true"
            );
            break;
        }
        assert_eq!(e["type"], "ADDED");
        names.push(
            e["object"]["metadata"]["name"]
                .as_str()
                .unwrap_or("")
                .to_string(),
        );
    }
    assert_eq!(names, ["a", "b", "c"]);
    http.post(FROBBERS, &frobber("d", 1)).await.expect(201);
    assert_eq!(
        w.next_event(WAIT).await.expect("live")["object"]["metadata"]["name"],
        "d"
    );

    // Without its companions, sendInitialEvents is invalid.
    let r = http
        .get(&format!("{FROBBERS}?watch=1&sendInitialEvents=true"))
        .await
        .expect(422);
    assert_eq!(r["reason"], "Invalid");
}

#[tokio::test]
async fn watch_timeout_ends_the_stream() {
    let server = start().await;
    let http = Http::new(&server);
    let mut w = http
        .watch(&format!("{FROBBERS}?watch=1&timeoutSeconds=1"))
        .await;
    assert!(w.next_within(WAIT).await.is_none());
}

#[tokio::test]
async fn dropped_watches_end_and_can_resume() {
    let server = start().await;
    let http = Http::new(&server);
    let a = http.post(FROBBERS, &frobber("a", 1)).await.expect(201);
    let mut w = http
        .watch(&format!("{FROBBERS}?watch=1&resourceVersion={}", rv(&a)))
        .await;
    server.faults().drop_watches();
    assert!(w.next_within(WAIT).await.is_none());
    let b = http.post(FROBBERS, &frobber("b", 1)).await.expect(201);
    let mut w = http
        .watch(&format!("{FROBBERS}?watch=1&resourceVersion={}", rv(&a)))
        .await;
    let e = w.next_event(WAIT).await.expect("resumed");
    assert_eq!(rv(&e["object"]), rv(&b));
}

#[tokio::test]
async fn injected_failures_pause_and_request_log() {
    let server = start().await;
    let http = Http::new(&server);
    let faults = server.faults();
    faults.fail(
        kapi_apiserver::Failure::new(2, 429)
            .retry_after(3)
            .method("GET"),
    );
    let r = http.get(FROBBERS).await;
    assert_eq!(r.status, 429);
    assert_eq!(r.header("retry-after"), Some("3"));
    assert_eq!(r.json()["reason"], "TooManyRequests");
    assert_eq!(r.json()["details"]["retryAfterSeconds"], 3);
    // POSTs are not matched by a GET failure.
    http.post(FROBBERS, &frobber("p", 1)).await.expect(201);
    assert_eq!(http.get(FROBBERS).await.status, 429);
    http.get(FROBBERS).await.expect(200);
    faults.fail_next(1, 503);
    assert_eq!(
        http.get(FROBBERS).await.expect(503)["reason"],
        "ServiceUnavailable"
    );

    let gets = faults
        .requests()
        .iter()
        .filter(|r| r.method == "GET")
        .count();
    assert_eq!(gets, 4);

    faults.pause();
    let pending = {
        let http = http.clone();
        tokio::spawn(async move { http.get(FROBBERS).await.status })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!pending.is_finished(), "paused requests wait");
    faults.resume();
    assert_eq!(pending.await.expect("joins"), 200);
}

#[tokio::test]
async fn restart_keeps_state_and_closes_watches() {
    let mut server = start().await;
    let http = Http::new(&server);
    let a = http.post(FROBBERS, &frobber("a", 1)).await.expect(201);
    let mut w = http
        .watch(&format!("{FROBBERS}?watch=1&resourceVersion={}", rv(&a)))
        .await;
    server.restart().await.expect("restarts");
    assert!(
        w.next_within(WAIT).await.is_none(),
        "watch closed by the restart"
    );
    let again = Http::new(&server);
    let got = again.get(&format!("{FROBBERS}/a")).await.expect(200);
    assert_eq!(got["metadata"]["uid"], a["metadata"]["uid"]);
    let b = again.post(FROBBERS, &frobber("b", 1)).await.expect(201);
    assert!(rv(&b) > rv(&a));
    let _ = json!(null);
}
