//! `controller-bench-seed KUBECONFIG N`: creates N ConfigMaps of about 1 KiB in `bench`.

use controller_bench::{args, kapi_client, NAMESPACE};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

#[tokio::main]
async fn main() {
    let (kubeconfig, n, _) = args("controller-bench-seed KUBECONFIG N");
    seed(&kubeconfig, n).await;
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
