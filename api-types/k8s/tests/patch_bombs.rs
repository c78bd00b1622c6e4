//! Peak memory of the embedded server under issue 35's patch bombs. Ignored: it measures,
//! it asserts nothing about time or memory. Run alone, one process:
//! `cargo nextest run -p kapi-k8s --test patch_bombs --run-ignored only --no-capture`
//! and read the `VmHWM` lines.

use kapi::apiserver::ApiServer;
use kapi::client::{Client, Config, Error, Method};
use serde_json::{json, Value};
use std::sync::Arc;

fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    scheme
}

fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .unwrap_or("VmHWM: unknown")
        .to_string()
}

async fn send(
    client: &Client,
    method: Method,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (u16, String) {
    match client
        .request_raw(method, path, Some((content_type, body)), "application/json")
        .await
    {
        Ok(r) => (r.status, String::new()),
        Err(Error::Api(e)) => (e.code, e.status.message.clone()),
        Err(e) => (0, e.to_string()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "measures peak memory; run alone"]
async fn peak_memory_under_patch_bombs() {
    let server = ApiServer::builder(scheme()).start().await.expect("server");
    let mut config = Config::new(server.url().parse().expect("url"));
    config.retry.max_attempts = 1;
    let client = Client::new(config, Arc::new(scheme())).expect("client");
    let configmaps = "/api/v1/namespaces/default/configmaps";
    println!("start: {}", peak_rss());

    let mut shapes: Vec<(&str, &str, Vec<u8>)> = Vec::new();
    // Issue 35: 41 copies, each nesting `data` into itself (doubling it).
    let doubling: Vec<Value> = (0..41)
        .map(|i| json!({"op": "copy", "from": "/data", "path": format!("/data/k{i:02}")}))
        .collect();
    shapes.push((
        "json-patch copy doubling (41 ops)",
        "application/json-patch+json",
        serde_json::to_vec(&doubling).unwrap(),
    ));
    // One large value added over and over, just under the body limit.
    let big = "x".repeat(70 * 1024);
    let adds: Vec<Value> = (0..42)
        .map(|i| json!({"op": "add", "path": format!("/data/a{i}"), "value": big}))
        .collect();
    shapes.push((
        "json-patch repeated large adds",
        "application/json-patch+json",
        serde_json::to_vec(&adds).unwrap(),
    ));
    // A merge patch nesting maps as deep as the parser allows, wide at each level.
    let mut nested = json!("y".repeat(16 * 1024));
    for i in 0..100 {
        nested = json!({format!("n{i}"): nested, format!("w{i}"): "z".repeat(16 * 1024)});
    }
    let merge =
        serde_json::to_vec(&json!({"metadata": {"annotations": {"a": nested.to_string()}}}))
            .unwrap();
    shapes.push((
        "merge patch nested growth",
        "application/merge-patch+json",
        merge.clone(),
    ));
    shapes.push((
        "strategic merge nested growth",
        "application/strategic-merge-patch+json",
        merge,
    ));
    // A body over the limit.
    shapes.push((
        "body over 3 MiB",
        "application/merge-patch+json",
        vec![b' '; 4 * 1024 * 1024],
    ));

    for (i, (name, content_type, body)) in shapes.into_iter().enumerate() {
        let cm = format!("bomb{i}");
        let created = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": cm}, "data": {"seed": "0123456789"}});
        let (code, _) = send(
            &client,
            Method::POST,
            configmaps,
            "application/json",
            created.to_string().into_bytes(),
        )
        .await;
        assert_eq!(code, 201);
        let size = body.len();
        let (code, message) = send(
            &client,
            Method::PATCH,
            &format!("{configmaps}/{cm}"),
            content_type,
            body,
        )
        .await;
        let message: String = message.chars().take(120).collect();
        println!("{name} ({size} bytes): {code} {message} | {}", peak_rss());
    }
}
