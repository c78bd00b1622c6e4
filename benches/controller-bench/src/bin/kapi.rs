//! `controller-bench-kapi KUBECONFIG N [WORKERS]`: kapi-controller on kapi-k8s's ConfigMap.

use controller_bench::{args, kapi_client, report, NAMESPACE};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

#[tokio::main]
async fn main() {
    let (kubeconfig, n, workers) = args("controller-bench-kapi KUBECONFIG N [WORKERS]");
    run_kapi(&kubeconfig, n, workers).await;
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
