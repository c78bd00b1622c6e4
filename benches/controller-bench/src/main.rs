//! `controller-bench seed|kapi|kube KUBECONFIG N WORKERS`: seeds N ConfigMaps in namespace
//! `bench`, or runs one controller over them with a no-op reconcile until each was
//! reconciled once, then prints one JSON line: the seconds from start (client, informer,
//! initial list, every reconcile) and the process's resident memory with the objects
//! cached (`VmRSS` after the last reconcile, and the peak `VmHWM`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const NAMESPACE: &str = "bench";

fn memory_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// Waits for `count` to reach `n`, then reports and exits.
async fn report(which: &str, count: Arc<AtomicUsize>, n: usize, started: Instant) -> ! {
    while count.load(Ordering::Relaxed) < n {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let seconds = started.elapsed().as_secs_f64();
    // Let the allocator settle what the initial list left.
    tokio::time::sleep(Duration::from_millis(200)).await;
    println!(
        "{{\"controller\": \"{which}\", \"objects\": {n}, \"seconds\": {seconds:.3}, \"reconciles_per_second\": {:.0}, \"rss_kib\": {}, \"peak_kib\": {}}}",
        n as f64 / seconds,
        memory_kib("VmRSS:"),
        memory_kib("VmHWM:")
    );
    std::process::exit(0)
}

fn kapi_client(kubeconfig: &str) -> kapi::client::Client {
    let mut config =
        kapi::client::Config::from_kubeconfig(kubeconfig, None).expect("a kubeconfig");
    // No client-side rate limit (client-go's 5 per second by default): kube-rs has none.
    config.qps = 0.0;
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    kapi::client::Client::new(config, Arc::new(scheme)).expect("a client")
}

async fn seed(kubeconfig: &str, n: usize) {
    use kapi::meta::CreateOptions;
    use kapi_k8s::core::v1::{ConfigMap, Namespace};
    let client = kapi_client(kubeconfig);
    let mut namespace = Namespace::default();
    namespace.metadata.name = NAMESPACE.into();
    let _ = kapi::client::Api::<Namespace>::all(client.clone())
        .create(&namespace, &CreateOptions::default())
        .await;
    let api = kapi::client::Api::<ConfigMap>::namespaced(client, NAMESPACE);
    let next = Arc::new(AtomicUsize::new(0));
    let writers: Vec<_> = (0..16)
        .map(|_| {
            let (api, next) = (api.clone(), next.clone());
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        return;
                    }
                    let mut cm = ConfigMap::default();
                    cm.metadata.name = format!("cm-{i:05}");
                    cm.metadata.labels.insert("app".into(), "bench".into());
                    // About a kilobyte of data, as a small application's settings.
                    for k in 0..10 {
                        cm.data
                            .insert(format!("key-{k}"), format!("value-{i}-{k}-{}", "x".repeat(80)));
                    }
                    match api.create(&cm, &CreateOptions::default()).await {
                        Ok(_) => {}
                        Err(e) if e.is_already_exists() => {}
                        Err(e) => panic!("creating {}: {e}", cm.metadata.name),
                    }
                }
            })
        })
        .collect();
    for w in writers {
        w.await.expect("a writer");
    }
    println!("seeded {n} ConfigMaps");
}

async fn run_kapi(kubeconfig: &str, n: usize, workers: usize) {
    use kapi_controller::{Action, Controller};
    use kapi_k8s::core::v1::ConfigMap;
    let started = Instant::now();
    let client = kapi_client(kubeconfig);
    let mut factory = kapi::cache::SharedInformerFactory::new(client).with_namespace(NAMESPACE);
    // KAPI_STRIP_MANAGED_FIELDS=1: the informer drops managedFields before caching (kapi's
    // `Transform::strip_managed_fields`, controller-runtime's `TransformStripManagedFields`).
    if std::env::var_os("KAPI_STRIP_MANAGED_FIELDS").is_some() {
        factory = factory.with_transform(kapi::cache::Transform::strip_managed_fields());
    }
    let count = Arc::new(AtomicUsize::new(0));
    tokio::spawn(report("kapi", count.clone(), n, started));
    Controller::<ConfigMap>::new(&factory)
        .concurrency(workers)
        .run(
            |_cm: Arc<ConfigMap>, count: Arc<AtomicUsize>| async move {
                count.fetch_add(1, Ordering::Relaxed);
                Ok::<_, std::convert::Infallible>(Action::await_change())
            },
            count,
            std::future::pending(),
        )
        .await;
}

#[derive(Debug)]
struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("never")
    }
}

impl std::error::Error for Never {}

async fn run_kube(kubeconfig: &str, n: usize, workers: usize) {
    use futures::StreamExt;
    use k8s_openapi::api::core::v1::ConfigMap;
    use kube::config::{KubeConfigOptions, Kubeconfig};
    use kube::runtime::controller::{Action, Config, Controller};
    use kube::runtime::watcher;
    let started = Instant::now();
    let kubeconfig = Kubeconfig::read_from(kubeconfig).expect("a kubeconfig");
    let config = kube::Config::from_custom_kubeconfig(kubeconfig, &KubeConfigOptions::default())
        .await
        .expect("a config");
    let client = kube::Client::try_from(config).expect("a client");
    let api = kube::Api::<ConfigMap>::namespaced(client, NAMESPACE);
    let count = Arc::new(AtomicUsize::new(0));
    tokio::spawn(report("kube-rs", count.clone(), n, started));
    Controller::new(api, watcher::Config::default())
        .with_config(Config::default().concurrency(workers as u16))
        .run(
            |_cm: Arc<ConfigMap>, count: Arc<AtomicUsize>| async move {
                count.fetch_add(1, Ordering::Relaxed);
                Ok::<_, Never>(Action::await_change())
            },
            |_cm, _e: &Never, _count| Action::await_change(),
            count,
        )
        .for_each(|_| async {})
        .await;
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, what, kubeconfig, n, rest @ ..] = args.as_slice() else {
        eprintln!("usage: controller-bench seed|kapi|kube KUBECONFIG N [WORKERS]");
        std::process::exit(2);
    };
    let n: usize = n.parse().expect("N");
    let workers: usize = rest.first().and_then(|w| w.parse().ok()).unwrap_or(4);
    match what.as_str() {
        "seed" => seed(kubeconfig, n).await,
        "kapi" => run_kapi(kubeconfig, n, workers).await,
        "kube" => run_kube(kubeconfig, n, workers).await,
        other => {
            eprintln!("unknown mode {other}");
            std::process::exit(2);
        }
    }
}
