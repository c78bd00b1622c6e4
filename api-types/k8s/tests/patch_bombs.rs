//! Peak memory of the embedded server under issue 35's patch bombs. Ignored: it measures,
//! it asserts nothing about time or memory. Run alone, one process:
//! `cargo nextest run -p kapi-k8s --test patch_bombs --run-ignored only --no-capture`
//! and read each bomb's line: the peak of live heap while its request ran, above the
//! heap before it (a counting allocator, so one bomb's peak does not hide the next), and
//! the process's `VmHWM` so far.

use kapi::client::{Client, Config, Error, Method};
use kapi_apiserver::ApiServer;
use serde_json::{json, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Starts a measurement: the peak restarts from what is live now.
fn heap_mark() -> usize {
    let live = LIVE.load(Ordering::Relaxed);
    PEAK.store(live, Ordering::Relaxed);
    live
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

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
    println!(
        "start: {} | live heap {:.1} MiB",
        peak_rss(),
        mib(LIVE.load(Ordering::Relaxed))
    );

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
        let before = heap_mark();
        let (code, message) = send(
            &client,
            Method::PATCH,
            &format!("{configmaps}/{cm}"),
            content_type,
            body,
        )
        .await;
        let message: String = message.chars().take(120).collect();
        let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
        println!(
            "{name} ({size} bytes): {code} {message} | heap peak +{:.1} MiB | {}",
            mib(peak),
            peak_rss()
        );
    }
}
