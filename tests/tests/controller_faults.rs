//! A controller under faults: Frobbers own kapi-k8s Deployments through a controller that
//! runs, behind leader election, on one of two replicas (each with its own client, through
//! a proxy that can cut it off). A seeded driver creates, scales and deletes Frobbers while
//! the server drops watches, compacts its history, answers 429s and 500s, pauses and
//! restarts, and the leader is stopped or cut off and replaced. After every round:
//!
//! - every live Frobber has its finalizer and a Deployment with its replicas, and nothing
//!   else has one;
//! - every deleted Frobber is gone, its Deployment deleted by its cleanup exactly once;
//! - no two replicas ever reconciled at the same time (an overlap detector).
//!
//! `KAPI_CONTROLLER_ROUNDS` (default 6) and `KAPI_CONTROLLER_SEED` (default 0xc0de) make a
//! long run: `KAPI_CONTROLLER_ROUNDS=200 cargo test -p kapi-tests --test controller_faults
//! -- --nocapture`.

mod client_support;
mod controller_support;
mod proxy_support;
mod support;

use api_types::v1::Frobber;
use controller_support::desired;
use kapi::cache::SharedInformerFactory;
use kapi::client::{Api, Client, Encoding};
use kapi::meta::{CreateOptions, DeleteOptions, GetOptions, ListOptions, UpdateOptions};
use kapi_apiserver::Failure;
use kapi_controller::finalizer::{finalizer, Event};
use kapi_controller::leader::LeaderElection;
use kapi_controller::{Action, Controller};
use kapi_k8s::apps::v1::Deployment;
use proxy_support::{cuttable, Cuttable};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const NS: &str = "default";
const NAMES: usize = 8;
const FINALIZER: &str = "frob.example.com/deployment";
const CONVERGE: Duration = Duration::from_secs(40);

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn scheme() -> kapi::Scheme {
    let mut scheme = support::scheme();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme
}

fn client(server: &kapi_apiserver::ApiServer, url: &str) -> Client {
    let mut config = client_support::config(server, Encoding::Json);
    config.cluster_url = url.parse().expect("a URL");
    // A request into a restart or a cut connection gives up instead of hanging.
    config.timeout = Some(Duration::from_secs(2));
    Client::new(config, Arc::new(scheme())).expect("a client")
}

/// What every replica shares with the test: who reconciles now, and the cleanups done.
#[derive(Default)]
struct Shared {
    /// Running reconciles by replica (a replica runs two workers).
    reconciling: Mutex<BTreeMap<usize, usize>>,
    overlapped: AtomicBool,
    reconciles: AtomicUsize,
    /// Deployments a cleanup deleted, by the Frobber's uid.
    cleaned: Mutex<BTreeMap<String, usize>>,
    /// Cleanups called, by the Frobber's uid (again after a finalizer removal failed).
    cleanup_calls: Mutex<BTreeMap<String, usize>>,
}

struct Ctx {
    replica: usize,
    frobbers: Api<Frobber>,
    deployments: Api<Deployment>,
    shared: Arc<Shared>,
}

#[derive(Debug, thiserror::Error)]
#[error(transparent)]
struct Failed(#[from] kapi::client::Error);

async fn apply(frobber: &Frobber, ctx: &Ctx) -> Result<Action, Failed> {
    let want = desired(frobber);
    match ctx
        .deployments
        .get_opt(&frobber.metadata.name, &GetOptions::default())
        .await?
    {
        None => {
            ctx.deployments
                .create(&want, &CreateOptions::default())
                .await?;
        }
        Some(mut have) if have.spec.replicas != want.spec.replicas => {
            have.spec.replicas = want.spec.replicas;
            ctx.deployments
                .update(&have, &UpdateOptions::default())
                .await?;
        }
        Some(_) => {}
    }
    Ok(Action::await_change())
}

async fn cleanup(frobber: &Frobber, ctx: &Ctx) -> Result<Action, Failed> {
    *ctx.shared
        .cleanup_calls
        .lock()
        .unwrap()
        .entry(frobber.metadata.uid.clone())
        .or_default() += 1;
    match ctx
        .deployments
        .delete(&frobber.metadata.name, &DeleteOptions::default())
        .await
    {
        Ok(_) => {
            *ctx.shared
                .cleaned
                .lock()
                .unwrap()
                .entry(frobber.metadata.uid.clone())
                .or_default() += 1;
        }
        // Deleted by an earlier run whose finalizer removal failed: nothing left to do.
        Err(e) if e.is_not_found() => {}
        Err(e) => return Err(e.into()),
    }
    Ok(Action::await_change())
}

async fn reconcile(
    frobber: Arc<Frobber>,
    ctx: Arc<Ctx>,
) -> Result<Action, kapi_controller::finalizer::Error<Failed>> {
    let shared = &ctx.shared;
    {
        let mut running = shared.reconciling.lock().unwrap();
        if running.iter().any(|(r, n)| *r != ctx.replica && *n > 0) {
            shared.overlapped.store(true, Ordering::SeqCst);
        }
        *running.entry(ctx.replica).or_default() += 1;
    }
    shared.reconciles.fetch_add(1, Ordering::SeqCst);
    let result = finalizer(&ctx.frobbers, FINALIZER, frobber, |event| async {
        match event {
            Event::Apply(f) => apply(&f, &ctx).await,
            Event::Cleanup(f) => cleanup(&f, &ctx).await,
        }
    })
    .await;
    *shared
        .reconciling
        .lock()
        .unwrap()
        .entry(ctx.replica)
        .or_default() -= 1;
    result
}

/// One replica: its proxy, its election and controller, and how to stop it.
struct Replica {
    proxy: Cuttable,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

async fn replica(server: &kapi_apiserver::ApiServer, id: usize, shared: Arc<Shared>) -> Replica {
    let proxy = cuttable(server).await;
    let c = client(server, &proxy.url);
    let factory = SharedInformerFactory::new(c.clone()).with_namespace(NS);
    // A warm standby: its caches fill before it leads.
    factory.informer_for::<Frobber>();
    factory.informer_for::<Deployment>();
    factory.start();
    let (stop, stopped) = oneshot::channel::<()>();
    let ctx = Arc::new(Ctx {
        replica: id,
        frobbers: Api::namespaced(c.clone(), NS),
        deployments: Api::namespaced(c.clone(), NS),
        shared,
    });
    let election = LeaderElection::new(c, NS, "frobber-controller", &format!("replica-{id}"))
        .durations(
            Duration::from_secs(2),
            Duration::from_secs(1),
            Duration::from_millis(200),
        );
    let task = tokio::spawn(async move {
        let lead = |leading: kapi_controller::leader::Leading| {
            let factory = factory.clone();
            async move {
                Controller::<Frobber>::new(&factory)
                    .owns::<Deployment>()
                    .concurrency(2)
                    .run(reconcile, ctx, async move { leading.lost().await })
                    .await;
            }
        };
        // Lost or stopped: either way this replica is done, as a process would exit.
        let _ = election
            .run(lead, async {
                let _ = stopped.await;
            })
            .await;
        factory.shutdown();
    });
    Replica {
        proxy,
        stop: Some(stop),
        task,
    }
}

/// The server's Deployments (name → replicas) and Frobbers (name → finalizers).
async fn observed(
    c: &Client,
) -> Option<(BTreeMap<String, Option<i32>>, BTreeMap<String, Vec<String>>)> {
    let deployments = Api::<Deployment>::namespaced(c.clone(), NS)
        .list(&ListOptions::default())
        .await
        .ok()?;
    let frobbers = Api::<Frobber>::namespaced(c.clone(), NS)
        .list(&ListOptions::default())
        .await
        .ok()?;
    Some((
        deployments
            .items
            .into_iter()
            .map(|d| (d.metadata.name, d.spec.replicas))
            .collect(),
        frobbers
            .items
            .into_iter()
            .map(|f| (f.metadata.name, f.metadata.finalizers))
            .collect(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_controller_converges_under_faults_with_one_leader_at_a_time() {
    let rounds: usize = env_or("KAPI_CONTROLLER_ROUNDS", 6);
    let seed: u64 = env_or("KAPI_CONTROLLER_SEED", 0xc0de);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut server = kapi_apiserver::ApiServer::builder(scheme())
        .start()
        .await
        .expect("the server starts");
    let driver = client(&server, &server.url());
    let frobbers = Api::<Frobber>::namespaced(driver.clone(), NS);
    let shared = Arc::new(Shared::default());
    let mut next_id = 0;
    let mut replicas = Vec::new();
    for _ in 0..2 {
        replicas.push(replica(&server, next_id, shared.clone()).await);
        next_id += 1;
    }

    // What should be: live Frobbers' replicas, and the uids of deleted ones.
    let mut live: BTreeMap<String, i32> = BTreeMap::new();
    let mut deleted: BTreeSet<String> = BTreeSet::new();
    let mut log = BTreeMap::<&str, usize>::new();
    let mut history: Vec<String> = Vec::new();
    for round in 0..rounds {
        for _ in 0..rng.usize(4..12) {
            let name = format!("f{}", rng.usize(..NAMES));
            let current = frobbers.get_opt(&name, &GetOptions::default()).await;
            let Ok(current) = current else {
                *log.entry("read failed").or_default() += 1;
                continue;
            };
            match current {
                // Gone, or on its way out: (re)create once it is gone.
                None => {
                    let mut f = client_support::frobber(&name, 5);
                    f.metadata.namespace = NS.into();
                    f.spec.replicas = Some(rng.i32(0..5));
                    if let Ok(created) = frobbers.create(&f, &CreateOptions::default()).await {
                        history.push(format!("create {name} {}", created.metadata.uid));
                        live.insert(name, created.spec.replicas.unwrap_or(1));
                        *log.entry("create").or_default() += 1;
                    }
                }
                Some(f) if f.metadata.deletion_timestamp.is_some() => {}
                Some(mut f) if rng.bool() => {
                    f.spec.replicas = Some(rng.i32(0..5));
                    if let Ok(updated) = frobbers.update(&f, &UpdateOptions::default()).await {
                        live.insert(name, updated.spec.replicas.unwrap_or(1));
                        *log.entry("scale").or_default() += 1;
                    }
                }
                Some(f) => {
                    if frobbers
                        .delete(&name, &DeleteOptions::default())
                        .await
                        .is_ok()
                    {
                        live.remove(&name);
                        // Deleted with the finalizer on: its cleanup must run before it
                        // goes (one deleted before the finalizer came goes at once).
                        let finalized = f.metadata.finalizers.iter().any(|f| f == FINALIZER);
                        if finalized {
                            deleted.insert(f.metadata.uid.clone());
                        }
                        history.push(format!(
                            "delete {name} {} finalized {finalized}",
                            f.metadata.uid
                        ));
                        *log.entry("delete").or_default() += 1;
                    }
                }
            }
            if rng.u8(..100) < 35 {
                let faults = server.faults();
                let fault = match rng.u8(..8) {
                    0 => {
                        faults.drop_watches();
                        "drop watches"
                    }
                    1 => {
                        faults.compact();
                        faults.drop_watches();
                        "compact + drop (410, relist)"
                    }
                    2 => {
                        faults.fail(Failure::new(rng.usize(1..4), 429).retry_after(1));
                        "429s"
                    }
                    3 => {
                        let method = ["GET", "POST", "PUT", "PATCH", "DELETE"][rng.usize(..5)];
                        faults.fail(Failure::new(rng.usize(1..4), 500).method(method));
                        "500s"
                    }
                    4 => {
                        faults.pause();
                        tokio::time::sleep(Duration::from_millis(rng.u64(10..300))).await;
                        faults.resume();
                        "pause"
                    }
                    5 => {
                        server.restart().await.expect("the server restarts");
                        "restart"
                    }
                    6 => {
                        // The leader (or a standby) stops gracefully; a new replica starts.
                        let i = rng.usize(..replicas.len());
                        let mut gone = replicas.remove(i);
                        if let Some(stop) = gone.stop.take() {
                            let _ = stop.send(());
                        }
                        let _ = gone.task.await;
                        replicas.push(replica(&server, next_id, shared.clone()).await);
                        next_id += 1;
                        "replica stopped and replaced"
                    }
                    _ => {
                        // A replica cut off from the server; replaced once it gave up.
                        let i = rng.usize(..replicas.len());
                        let gone = replicas.remove(i);
                        let _ = gone.proxy.cut.send(true);
                        replicas.push(replica(&server, next_id, shared.clone()).await);
                        next_id += 1;
                        tokio::spawn(async move {
                            let _ = gone.task.await;
                        });
                        "replica cut off and replaced"
                    }
                };
                *log.entry(fault).or_default() += 1;
                history.push(fault.to_string());
            }
        }
        server.faults().clear_failures();

        // The round's end: the server holds what the model says.
        let want_deployments: BTreeMap<String, Option<i32>> =
            live.iter().map(|(k, v)| (k.clone(), Some(*v))).collect();
        let want_frobbers: BTreeMap<String, Vec<String>> = live
            .keys()
            .map(|k| (k.clone(), vec![FINALIZER.to_string()]))
            .collect();
        // Deleted Frobbers are gone (so their cleanup succeeded: the finalizer goes only
        // after it) and their Deployments with them.
        let deadline = tokio::time::Instant::now() + CONVERGE;
        loop {
            let seen = observed(&driver).await;
            if seen.as_ref() == Some(&(want_deployments.clone(), want_frobbers.clone())) {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "round {round}: not converged\nwant {want_deployments:?} {want_frobbers:?}\nseen {seen:?}\nlog {log:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let calls = shared.cleanup_calls.lock().unwrap().clone();
        let cleaned = shared.cleaned.lock().unwrap().clone();
        assert!(
            deleted.iter().all(|uid| calls.contains_key(uid)),
            "round {round}: a Frobber deleted with its finalizer went without a cleanup: {deleted:?} {calls:?}\n{}",
            history.join("\n")
        );
        // Exactly once: no Deployment was deleted by two cleanups of one Frobber.
        assert!(
            cleaned.values().all(|n| *n == 1),
            "round {round}: a cleanup ran its deletion twice: {cleaned:?}"
        );
        assert!(
            !shared.overlapped.load(Ordering::SeqCst),
            "round {round}: two replicas reconciled at once"
        );
    }
    let calls = shared.cleanup_calls.lock().unwrap().clone();
    println!(
        "{rounds} rounds (seed {seed:#x}): {log:?}; {} reconciles; {} Frobbers cleaned up ({} cleanup calls; {} with Deployments deleted); {} replicas",
        shared.reconciles.load(Ordering::SeqCst),
        calls.len(),
        calls.values().sum::<usize>(),
        shared.cleaned.lock().unwrap().len(),
        next_id
    );
    for mut r in replicas {
        if let Some(stop) = r.stop.take() {
            let _ = stop.send(());
        }
        let _ = r.task.await;
    }
}
