//! What an operator built on `kapi-k8s` compiles for the kinds it touches: four kinds
//! (Deployment, Pod, ConfigMap, Service), each through its generated typed client (get, list,
//! update, merge patch, create, delete) and its shared informer and lister.
//!
//! `cargo xtask k8s-bench` times this file as the library of a crate of its own: the
//! generated clients, informers and listers are `#[inline]` wrappers over kapi's generic
//! runtime, so a kind's client and informer code is compiled in the crate that uses it, and
//! this is that crate. `api-types/k8s/tests/operator_kinds.rs` runs it against the embedded
//! server, so the benchmark times code that works.

use kapi::client::{Config, Error, Patch};
use kapi::meta::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, Selector, UpdateOptions,
};
use kapi_k8s::{Clientset, SharedInformerFactory};
use std::future::Future;
use std::pin::Pin;

/// The clientset an operator starts from, as a real one builds it: what `from_config`
/// compiles is part of the bill.
pub fn connect(config: Config) -> Result<Clientset, Error> {
    Clientset::from_config(config)
}

/// One kind's pass: read `name`, write it back, label it by merge patch, list the kind, and
/// create then delete a copy named `<name>-copy` (after `$fresh` clears what the copy must
/// not take over).
macro_rules! pass {
    ($client:expr, $name:expr, $listed:expr) => {
        pass!($client, $name, $listed, |_| {})
    };
    ($client:expr, $name:expr, $listed:expr, $fresh:expr) => {{
        let client = $client;
        let mut object = client.get($name, &GetOptions::default()).await?;
        object = client.update(&object, &UpdateOptions::default()).await?;
        let label = serde_json::json!({ "metadata": { "labels": { "operator": "seen" } } });
        client
            .patch($name, &Patch::Merge(label), &PatchOptions::default())
            .await?;
        $listed += client.list(&ListOptions::default()).await?.items.len();
        let mut copy = object.clone();
        copy.metadata.name = format!("{}-copy", $name);
        copy.metadata.resource_version = String::new();
        copy.metadata.uid = String::new();
        ($fresh)(&mut copy);
        client.create(&copy, &CreateOptions::default()).await?;
        client
            .delete(&copy.metadata.name, &DeleteOptions::default())
            .await?;
    }};
}

/// The pass over the four kinds in `namespace`, each of which holds an object `name`: how
/// many objects the lists returned. The future is boxed so the crate compiles its body.
pub fn reconcile(
    clientset: Clientset,
    namespace: String,
    name: String,
) -> Pin<Box<dyn Future<Output = Result<usize, Error>> + Send>> {
    Box::pin(async move {
        let mut listed = 0;
        pass!(clientset.apps_v1().deployments(&namespace), &name, listed);
        pass!(clientset.core_v1().pods(&namespace), &name, listed);
        pass!(clientset.core_v1().config_maps(&namespace), &name, listed);
        // A copy of a Service asks for an address of its own: kube-apiserver refuses one
        // that repeats the original's cluster IP.
        pass!(
            clientset.core_v1().services(&namespace),
            &name,
            listed,
            |copy: &mut kapi_k8s::core::v1::Service| {
                copy.spec.cluster_ip.clear();
                copy.spec.cluster_ips.clear();
            }
        );
        Ok(listed)
    })
}

/// The four kinds' informers of `factory`, started and synced; how many objects their
/// listers hold. `None` when the caches did not sync.
pub fn cached(
    factory: SharedInformerFactory,
) -> Pin<Box<dyn Future<Output = Option<usize>> + Send>> {
    Box::pin(async move {
        let deployments = factory.apps_v1().deployments();
        let pods = factory.core_v1().pods();
        let config_maps = factory.core_v1().config_maps();
        let services = factory.core_v1().services();
        factory.start();
        if !factory.wait_for_cache_sync().await {
            return None;
        }
        let all = Selector::everything();
        Some(
            deployments.lister().list(&all).len()
                + pods.lister().list(&all).len()
                + config_maps.lister().list(&all).len()
                + services.lister().list(&all).len(),
        )
    })
}
