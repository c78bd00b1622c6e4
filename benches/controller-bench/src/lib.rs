//! A no-op reconcile over N ConfigMaps in namespace `bench`, one binary per side, each
//! with only its own controller linked in (as a real controller's binary is):
//!
//! - `controller-bench-seed KUBECONFIG N` creates the N ConfigMaps;
//! - `controller-bench-kapi KUBECONFIG N WORKERS` runs kapi-controller over them;
//! - `controller-bench-kube KUBECONFIG N WORKERS` runs kube-rs' `Controller` over them.
//!
//! A controller run ends when each object was reconciled once and prints one JSON line:
//! the seconds from start (client, informer, initial list, every reconcile) and the
//! process's resident memory with the objects cached (`VmRSS` after the last reconcile,
//! the peak `VmHWM`, and its anonymous and file-backed parts).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const NAMESPACE: &str = "bench";

pub fn memory_kib(field: &str) -> u64 {
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
pub async fn report(which: &str, count: Arc<AtomicUsize>, n: usize, started: Instant) -> ! {
    while count.load(Ordering::Relaxed) < n {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let seconds = started.elapsed().as_secs_f64();
    // Let the allocator settle what the initial list left.
    tokio::time::sleep(Duration::from_millis(200)).await;
    println!(
        "{{\"controller\": \"{which}\", \"objects\": {n}, \"seconds\": {seconds:.3}, \"reconciles_per_second\": {:.0}, \"rss_kib\": {}, \"peak_kib\": {}, \"anon_kib\": {}, \"file_kib\": {}}}",
        n as f64 / seconds,
        memory_kib("VmRSS:"),
        memory_kib("VmHWM:"),
        memory_kib("RssAnon:"),
        memory_kib("RssFile:")
    );
    // CONTROLLER_BENCH_SMAPS=FILE: the process's mappings then, to see where RSS goes.
    if let Some(path) = std::env::var_os("CONTROLLER_BENCH_SMAPS") {
        let _ = std::fs::copy("/proc/self/smaps", path);
    }
    std::process::exit(0)
}

/// `KUBECONFIG N [WORKERS]` from the command line (4 workers unless given).
pub fn args(usage: &str) -> (String, usize, usize) {
    let args: Vec<String> = std::env::args().collect();
    let [_, kubeconfig, n, rest @ ..] = args.as_slice() else {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    };
    let Ok(n) = n.parse() else {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    };
    let workers = rest.first().and_then(|w| w.parse().ok()).unwrap_or(4);
    (kubeconfig.clone(), n, workers)
}

pub fn kapi_client(kubeconfig: &str) -> kapi::client::Client {
    let mut config =
        kapi::client::Config::from_kubeconfig(kubeconfig, None).expect("a kubeconfig");
    // No client-side rate limit (client-go's 5 per second by default): kube-rs has none.
    config.qps = 0.0;
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    kapi::client::Client::new(config, Arc::new(scheme)).expect("a client")
}
