//! kube-rs against a Kubernetes API server, from a kubeconfig: CRUD and a watcher on a CRD
//! kind through `DynamicObject`, then a `kube::runtime::Controller` that writes the status
//! of each of N objects, until all are reconciled. Prints what it did; exits non-zero on
//! the first thing that does not go as on a cluster.
//!
//! ```text
//! kapi-compat-kube-rs KUBECONFIG N
//! ```
//!
//! The kind is the client tests' Gadget (`compat.example.com/v1`, namespaced, with a
//! status subresource), installed by the server before this runs.

use anyhow::{anyhow, bail, ensure, Context as _};
use futures::{StreamExt, TryStreamExt};
use kube::api::{Api, DeleteParams, DynamicObject, ListParams, Patch, PatchParams, PostParams};
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::core::{ApiResource, GroupVersionKind};
use kube::runtime::controller::{Action, Controller};
use kube::runtime::watcher;
use kube::{Client, Config, ResourceExt};
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const NAMESPACE: &str = "default";

fn gadgets(client: &Client) -> (Api<DynamicObject>, ApiResource) {
    let gvk = GroupVersionKind::gvk("compat.example.com", "v1", "Gadget");
    let resource = ApiResource::from_gvk_with_plural(&gvk, "gadgets");
    (
        Api::namespaced_with(client.clone(), NAMESPACE, &resource),
        resource,
    )
}

fn gadget(resource: &ApiResource, name: &str, size: i64) -> DynamicObject {
    let mut object = DynamicObject::new(name, resource);
    object.data = json!({ "spec": { "size": size } });
    object
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(count)) = (args.next(), args.next()) else {
        bail!("usage: kapi-compat-kube-rs KUBECONFIG N");
    };
    let count: usize = count.parse().context("N")?;
    let kubeconfig = Kubeconfig::read_from(&path).with_context(|| format!("reading {path}"))?;
    let config = Config::from_custom_kubeconfig(kubeconfig, &KubeConfigOptions::default())
        .await
        .context("the kubeconfig")?;
    let client = Client::try_from(config).context("a client")?;
    crud_and_watch(&client).await?;
    controller(&client, count).await?;
    Ok(())
}

/// Create, get, list, merge patch, status patch, a watcher's event, delete.
async fn crud_and_watch(client: &Client) -> anyhow::Result<()> {
    let (api, resource) = gadgets(client);
    // The watcher first, so the object created next reaches it by list or by watch.
    let mut events = watcher(api.clone(), watcher::Config::default()).boxed();

    let created = api
        .create(&PostParams::default(), &gadget(&resource, "crud", 1))
        .await?;
    // The CRD's default applied on the way in.
    ensure!(
        created.data["spec"] == json!({ "size": 1, "color": "grey" }),
        "created: {}",
        created.data
    );
    let got = api.get("crud").await?;
    ensure!(got.uid() == created.uid(), "get: another object");
    let listed = api.list(&ListParams::default()).await?;
    ensure!(
        listed.items.iter().any(|o| o.name_any() == "crud"),
        "list: no crud"
    );
    println!("crud: created, read, listed");

    let patched = api
        .patch(
            "crud",
            &PatchParams::default(),
            &Patch::Merge(json!({ "spec": { "size": 2 } })),
        )
        .await?;
    ensure!(
        patched.data["spec"]["size"] == json!(2) && patched.metadata.generation == Some(2),
        "merge patch: {:?}",
        patched
    );
    let status = api
        .patch_status(
            "crud",
            &PatchParams::default(),
            &Patch::Merge(json!({ "status": { "phase": "Ready" } })),
        )
        .await?;
    ensure!(
        status.data["status"] == json!({ "phase": "Ready" }),
        "status patch: {}",
        status.data
    );
    println!("crud: merge-patched, status patched");

    let seen = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(event) = events.try_next().await? {
            if let watcher::Event::Apply(o) | watcher::Event::InitApply(o) = event {
                if o.name_any() == "crud" {
                    return Ok::<_, watcher::Error>(true);
                }
            }
        }
        Ok(false)
    })
    .await
    .map_err(|_| anyhow!("the watcher saw no crud in 30 s"))??;
    ensure!(seen, "the watcher ended before crud");
    println!("crud: watched");

    api.delete("crud", &DeleteParams::default()).await?;
    match api.get_opt("crud").await? {
        None => println!("crud: deleted"),
        Some(o) => bail!("crud still there after its delete: {:?}", o.metadata),
    }
    Ok(())
}

struct Reconciled {
    api: Api<DynamicObject>,
    names: Mutex<BTreeSet<String>>,
}

/// Writes the status a controller of this kind would: the generation it reconciled.
async fn reconcile(
    object: Arc<DynamicObject>,
    ctx: Arc<Reconciled>,
) -> Result<Action, kube::Error> {
    let name = object.name_any();
    let generation = object.metadata.generation.unwrap_or(0);
    ctx.api
        .patch_status(
            &name,
            &PatchParams::default(),
            &Patch::Merge(json!({
                "status": { "phase": "Reconciled", "reconciledGeneration": generation }
            })),
        )
        .await?;
    if let Ok(mut names) = ctx.names.lock() {
        names.insert(name);
    }
    Ok(Action::await_change())
}

fn error_policy(_: Arc<DynamicObject>, error: &kube::Error, _: Arc<Reconciled>) -> Action {
    eprintln!("reconcile failed, again in 1 s: {error}");
    Action::requeue(Duration::from_secs(1))
}

/// N objects, a Controller over the kind, until every object was reconciled once.
async fn controller(client: &Client, count: usize) -> anyhow::Result<()> {
    let (api, resource) = gadgets(client);
    for i in 0..count {
        api.create(
            &PostParams::default(),
            &gadget(&resource, &format!("item-{i}"), i as i64),
        )
        .await?;
    }
    let ctx = Arc::new(Reconciled {
        api: api.clone(),
        names: Mutex::new(BTreeSet::new()),
    });
    let done = ctx.clone();
    let mut run = Controller::new_with(api, watcher::Config::default(), resource)
        .run(reconcile, error_policy, ctx)
        .boxed();
    let all = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(result) = run.next().await {
            if let Err(e) = result {
                eprintln!("controller: {e}");
            }
            let reconciled = done.names.lock().map(|n| n.len()).unwrap_or(0);
            if reconciled >= count {
                return true;
            }
        }
        false
    })
    .await
    .map_err(|_| anyhow!("not every object reconciled in 60 s"))?;
    ensure!(
        all,
        "the controller stopped before every object was reconciled"
    );
    println!("controller: reconciled {count} gadgets");
    Ok(())
}
