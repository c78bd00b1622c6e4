//! The cache (`kapi::cache`) against named baselines measured in the same run:
//!
//! 1. Events per second ingested from the embedded server over loopback: a shared informer
//!    doing a streaming list (ADDED events, then the initial-events-end bookmark) with one
//!    counting handler, against the same watch consumed raw with `Api::watch` (decoding
//!    only, no cache). JSON and protobuf.
//! 2. Lister latency with 100,000 cached objects (100 namespaces of 1,000): `get` and
//!    list-by-namespace, against a plain `HashMap<String, Arc<K>>` (get) and client-go's
//!    `threadSafeMap` layout (a `HashMap<key, Arc<K>>` plus a namespace index
//!    `HashMap<ns, HashSet<key>>`, list-by-namespace through it).
//! 3. Cache memory per object against the object's JSON size, live bytes counted by the
//!    global allocator: an informer synced on 10,000 server-written Frobbers, without and
//!    with the managedFields transform.
//!
//! `cargo bench -p api-types --bench cache [-- <criterion options> [filter]]`: the filter
//! (criterion's regex) picks among `memory`, `events` and `lister_100k/...`; `--list` lists
//! them; `KAPI_BENCH_QUICK=1` shortens all three.

use api_types::v1::Frobber;
use criterion::{BenchmarkId, Criterion};
use futures_util::StreamExt;
use kapi::cache::{
    EventHandlerFns, InformerOptions, Lister, SharedInformer, Store, StreamingList, Transform,
};
use kapi::client::{Api, Client, Config, Encoding, TypedWatchEvent};
use kapi::meta::{CreateOptions, ListOptions, Selector};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::{HashMap, HashSet};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Live heap bytes (allocated minus freed).
struct Counting;
static LIVE: AtomicI64 = AtomicI64::new(0);

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as i64, Ordering::Relaxed);
        // SAFETY: the caller's layout contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as i64, Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as i64 - layout.size() as i64, Ordering::Relaxed);
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn live() -> i64 {
    LIVE.load(Ordering::Relaxed)
}

/// Set by `--test`: every measurement as small as it goes.
static TEST_MODE: AtomicBool = AtomicBool::new(false);

fn quick() -> bool {
    TEST_MODE.load(Ordering::Relaxed) || std::env::var_os("KAPI_BENCH_QUICK").is_some()
}

fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("install");
    scheme
}

fn client(url: &str, encoding: Encoding) -> Client {
    let mut config = Config::new(url.parse().expect("URL"));
    config.encoding = encoding;
    config.qps = 0.0;
    Client::new(config, Arc::new(scheme())).expect("client")
}

fn frobber(i: usize, ns: &str) -> Frobber {
    let mut f = api_types::examples::frobber_v1();
    f.metadata = kapi::meta::ObjectMeta {
        name: format!("frobber-{i:06}"),
        namespace: ns.into(),
        labels: f.metadata.labels.clone(),
        annotations: f.metadata.annotations.clone(),
        ..Default::default()
    };
    f.status = None;
    f
}

async fn start_server(objects: usize) -> ApiServer {
    use api_types::generated::openapi_documents::{V2, V3};
    let server = ApiServer::builder(scheme())
        .openapi(OpenApiDocuments::from_generated(V2, V3))
        .history_limit(objects * 2 + 100)
        .start()
        .await
        .expect("server");
    let api: Api<Frobber> = Api::namespaced(client(&server.url(), Encoding::Json), "bench");
    // Concurrent creates: 8 writers.
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (api, next) = (api.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let opts = CreateOptions {
                field_manager: "bench-writer".into(),
                ..Default::default()
            };
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= objects {
                    break;
                }
                api.create(&frobber(i, "bench"), &opts)
                    .await
                    .expect("create");
            }
        }));
    }
    for t in tasks {
        t.await.expect("writer");
    }
    server
}

/// The raw baseline: a streaming-list watch consumed with `Api::watch` until the
/// initial-events-end bookmark; the events seen.
async fn raw_stream(api: &Api<Frobber>) -> usize {
    let mut stream = api
        .watch(&ListOptions {
            send_initial_events: Some(true),
            resource_version_match: "NotOlderThan".into(),
            allow_watch_bookmarks: true,
            ..Default::default()
        })
        .await
        .expect("watch");
    let mut n = 0;
    while let Some(event) = stream.next().await {
        match event.expect("event") {
            TypedWatchEvent::Added(f) => {
                black_box(&f);
                n += 1;
            }
            TypedWatchEvent::Bookmark(b)
                if b.annotations
                    .contains_key(kapi::cache::reflector::INITIAL_EVENTS_END) =>
            {
                break
            }
            _ => {}
        }
    }
    n
}

/// An informer with one counting handler, synced by a streaming list; the events the
/// handler saw.
async fn informer_stream(c: &Client, objects: usize) -> usize {
    let informer = SharedInformer::<Frobber>::new(
        c.clone(),
        InformerOptions {
            streaming_list: StreamingList::Always,
            ..Default::default()
        },
    );
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = seen.clone();
    informer.add_event_handler(EventHandlerFns::new().on_add(move |_: &Arc<Frobber>, _| {
        counter.fetch_add(1, Ordering::Relaxed);
    }));
    informer.start();
    informer.wait_for_sync().await;
    while seen.load(Ordering::Relaxed) < objects {
        tokio::time::sleep(Duration::from_micros(200)).await;
    }
    informer.stop();
    informer.store().len()
}

fn events_per_second(runtime: &tokio::runtime::Runtime) {
    let objects = if quick() { 5_000 } else { 20_000 };
    let server = runtime.block_on(start_server(objects));
    let rounds = if quick() { 2 } else { 5 };
    println!("\n== events per second: streaming list of {objects} Frobbers over loopback (best of {rounds}) ==");
    for encoding in [Encoding::Json, Encoding::Protobuf] {
        let c = client(&server.url(), encoding);
        let api: Api<Frobber> = Api::all(c.clone());
        let (mut raw, mut cached) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            let t = Instant::now();
            // On a worker thread, like the informer's task.
            let raw_api = api.clone();
            let n = runtime
                .block_on(runtime.spawn(async move { raw_stream(&raw_api).await }))
                .expect("raw watch task");
            assert_eq!(n, objects);
            raw = raw.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            assert_eq!(runtime.block_on(informer_stream(&c, objects)), objects);
            cached = cached.min(t.elapsed().as_secs_f64());
        }
        let (raw_eps, cached_eps) = (objects as f64 / raw, objects as f64 / cached);
        println!(
            "{encoding:?}: informer (store + 1 handler) {cached_eps:>9.0} events/s; baseline raw Api::watch {raw_eps:>9.0} events/s; ratio {:.2}",
            cached_eps / raw_eps
        );
    }
}

fn memory(runtime: &tokio::runtime::Runtime) {
    let _guard = runtime.enter();
    let objects = if quick() { 2_000 } else { 10_000 };
    let server = runtime.block_on(start_server(objects));
    let c = client(&server.url(), Encoding::Json);
    let api: Api<Frobber> = Api::all(c.clone());
    // The JSON size: each object as the server serializes it (compact), from a list.
    let list = runtime
        .block_on(api.list(&ListOptions::default()))
        .expect("list");
    let json: usize = list
        .items
        .iter()
        .map(|f| serde_json::to_vec(f).expect("json").len())
        .sum();
    let json_per = json as f64 / objects as f64;
    let mf: usize = list
        .items
        .iter()
        .map(|f| {
            serde_json::to_vec(&f.metadata.managed_fields)
                .expect("json")
                .len()
        })
        .sum();
    println!("\n== cache memory per object ({objects} Frobbers; live heap bytes by the counting allocator) ==");
    println!(
        "JSON size per object: {json_per:.0} bytes ({:.0} of them managedFields); size_of::<Frobber>() = {} bytes",
        mf as f64 / objects as f64,
        std::mem::size_of::<Frobber>()
    );
    // The objects alone, decoded from their JSON: what any cache of typed objects holds.
    let bytes: Vec<Vec<u8>> = list
        .items
        .iter()
        .map(|f| serde_json::to_vec(f).expect("json"))
        .collect();
    drop(list);
    let before = live();
    let decoded: Vec<Frobber> = bytes
        .iter()
        .map(|b| serde_json::from_slice(b).expect("decode"))
        .collect();
    let objects_only = (live() - before) as f64 / objects as f64;
    let mut stripped_json = 0usize;
    let before = live();
    let stripped: Vec<Frobber> = bytes
        .iter()
        .map(|b| {
            let mut f: Frobber = serde_json::from_slice(b).expect("decode");
            f.metadata.managed_fields = Vec::new();
            stripped_json += serde_json::to_vec(&f).expect("json").len();
            f
        })
        .collect();
    let stripped_only = (live() - before) as f64 / objects as f64;
    drop(stripped);
    println!(
        "decoded objects without managedFields: {stripped_only:.0} bytes/object ({:.2}x their own JSON of {:.0} bytes)",
        stripped_only / (stripped_json as f64 / objects as f64),
        stripped_json as f64 / objects as f64
    );
    // The largest part that remains: a `BTreeMap<String, String>` allocates a whole
    // 11-slot leaf node for its first entry (Frobber has four such maps).
    let before = live();
    let one: std::collections::BTreeMap<String, String> =
        [(String::new(), String::new())].into_iter().collect();
    println!(
        "one-entry BTreeMap<String, String> (empty strings): {} bytes",
        live() - before
    );
    drop(one);
    let before = live();
    let store = Store::new();
    for f in decoded {
        store.insert(Arc::new(f));
    }
    let in_store = (live() - before) as f64 / objects as f64;
    drop(store);
    drop(bytes);
    println!(
        "decoded objects alone (Vec<Frobber>): {objects_only:.0} bytes/object ({:.2}x JSON); moved into a Store: +{in_store:.0} bytes/object (Arc header + set slot)",
        objects_only / json_per
    );

    for (name, transform) in [
        ("no transform", Transform::none()),
        ("strip managedFields", Transform::strip_managed_fields()),
    ] {
        let informer = SharedInformer::<Frobber>::new(
            c.clone(),
            InformerOptions {
                transform,
                streaming_list: StreamingList::Never,
                ..Default::default()
            },
        );
        let before = live();
        informer.start();
        runtime.block_on(informer.wait_for_sync());
        informer.stop();
        // Let the connection's buffers go.
        std::thread::sleep(Duration::from_millis(200));
        let per = (live() - before) as f64 / objects as f64;
        assert_eq!(informer.store().len(), objects);
        println!(
            "informer cache, {name}: {per:.0} bytes/object = {:.2}x the JSON size (target <= 2x; kube-rs reflectors ~7x)",
            per / json_per
        );
    }
}

const NAMESPACES: usize = 100;
const PER_NAMESPACE: usize = 1_000;

fn lister_latency(c: &mut Criterion) {
    let template = frobber(0, "x");
    let mut objects = Vec::with_capacity(NAMESPACES * PER_NAMESPACE);
    for n in 0..NAMESPACES {
        for i in 0..PER_NAMESPACE {
            let mut f = template.clone();
            f.metadata.name = format!("frobber-{i:06}");
            f.metadata.namespace = format!("ns-{n:03}");
            objects.push(Arc::new(f));
        }
    }
    let store = Store::new();
    store.replace(objects.iter().cloned());
    let lister = Lister::new(store.clone());
    // Baselines.
    let map: HashMap<String, Arc<Frobber>> = objects
        .iter()
        .map(|f| (kapi::cache::key_of(&**f), f.clone()))
        .collect();
    let mut ns_index: HashMap<String, HashSet<String>> = HashMap::new();
    for f in &objects {
        ns_index
            .entry(f.metadata.namespace.clone())
            .or_default()
            .insert(kapi::cache::key_of(&**f));
    }

    let mut group = c.benchmark_group("lister_100k");
    if quick() {
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
    }
    let mut i = 0usize;
    group.bench_function("get/kapi_lister", |b| {
        b.iter(|| {
            i = (i + 7919) % (NAMESPACES * PER_NAMESPACE);
            let (ns, name) = (&objects[i].metadata.namespace, &objects[i].metadata.name);
            black_box(lister.namespace(ns).get(name))
        })
    });
    group.bench_function("get/kapi_store", |b| {
        b.iter(|| {
            i = (i + 7919) % (NAMESPACES * PER_NAMESPACE);
            let (ns, name) = (&objects[i].metadata.namespace, &objects[i].metadata.name);
            black_box(store.get(ns, name))
        })
    });
    let keys: Vec<String> = objects.iter().map(|f| kapi::cache::key_of(&**f)).collect();
    group.bench_function("get/baseline_hashmap_prebuilt_key", |b| {
        b.iter(|| {
            i = (i + 7919) % (NAMESPACES * PER_NAMESPACE);
            black_box(map.get(&keys[i]).cloned())
        })
    });
    group.bench_function("get/baseline_hashmap_format_key", |b| {
        b.iter(|| {
            i = (i + 7919) % (NAMESPACES * PER_NAMESPACE);
            let (ns, name) = (&objects[i].metadata.namespace, &objects[i].metadata.name);
            black_box(map.get(&format!("{ns}/{name}")).cloned())
        })
    });
    let everything = Selector::everything();
    let mut n = 0usize;
    group.bench_function(
        BenchmarkId::new("list_namespace_1000", "kapi_lister"),
        |b| {
            b.iter(|| {
                n = (n + 1) % NAMESPACES;
                black_box(lister.namespace(&format!("ns-{n:03}")).list(&everything))
            })
        },
    );
    group.bench_function(
        BenchmarkId::new("list_namespace_1000", "baseline_client_go_index"),
        |b| {
            b.iter(|| {
                n = (n + 1) % NAMESPACES;
                let keys = &ns_index[&format!("ns-{n:03}")];
                let out: Vec<Arc<Frobber>> = keys.iter().map(|k| map[k].clone()).collect();
                black_box(out)
            })
        },
    );
    let app = Selector::parse("app=frobber").expect("selector");
    group.bench_function(
        BenchmarkId::new("list_namespace_1000_selector", "kapi_lister"),
        |b| {
            b.iter(|| {
                n = (n + 1) % NAMESPACES;
                black_box(lister.namespace(&format!("ns-{n:03}")).list(&app))
            })
        },
    );
    group.finish();
}

/// What criterion's command line asks of the two measurements criterion does not run
/// (`memory` and `events`): its filter (a regex, or exact with `--exact`), `--list` and
/// `--test`; every other option is criterion's and reaches it through
/// `Criterion::configure_from_args`, as `criterion_main!` passes it.
struct Args {
    filter: Option<String>,
    exact: bool,
    list: bool,
    test: bool,
}

impl Args {
    /// Criterion 0.7's options that take a value; the filter is the first other operand.
    const WITH_VALUE: &'static [&'static str] = &[
        "-c",
        "--color",
        "-s",
        "--save-baseline",
        "-b",
        "--baseline",
        "--baseline-lenient",
        "--format",
        "--profile-time",
        "--load-baseline",
        "--sample-size",
        "--warm-up-time",
        "--measurement-time",
        "--nresamples",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--plotting-backend",
        "--output-format",
    ];

    fn parse(args: impl IntoIterator<Item = String>) -> Args {
        let mut parsed = Args {
            filter: None,
            exact: false,
            list: false,
            test: false,
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--exact" => parsed.exact = true,
                "--list" => parsed.list = true,
                "--test" => parsed.test = true,
                "--" => {}
                a if Self::WITH_VALUE.contains(&a) => {
                    args.next();
                }
                a if a.starts_with('-') => {}
                _ if parsed.filter.is_none() => parsed.filter = Some(arg),
                _ => {}
            }
        }
        parsed
    }

    fn wants(&self, name: &str) -> bool {
        match &self.filter {
            None => true,
            Some(f) if self.exact => f == name,
            Some(f) => regex_lite::Regex::new(f).is_ok_and(|r| r.is_match(name)),
        }
    }
}

fn main() {
    let args = Args::parse(std::env::args().skip(1));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("runtime");
    for (name, run) in [
        ("memory", memory as fn(&tokio::runtime::Runtime)),
        ("events", events_per_second),
    ] {
        if !args.wants(name) {
            continue;
        }
        if args.list {
            println!("{name}: benchmark");
        } else if args.test {
            // `cargo bench -- --test`: run once, as small as it goes.
            TEST_MODE.store(true, Ordering::Relaxed);
            run(&runtime);
            println!("Testing {name}\nSuccess");
        } else {
            run(&runtime);
        }
    }
    let mut c = Criterion::default().configure_from_args();
    lister_latency(&mut c);
    c.final_summary();
}
