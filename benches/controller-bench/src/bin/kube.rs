//! `controller-bench-kube KUBECONFIG N [WORKERS]`: kube-rs' `Controller` on k8s-openapi's
//! ConfigMap.

use controller_bench::{args, report, NAMESPACE};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

#[tokio::main]
async fn main() {
    let (kubeconfig, n, workers) = args("controller-bench-kube KUBECONFIG N [WORKERS]");
    run_kube(&kubeconfig, n, workers).await;
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
