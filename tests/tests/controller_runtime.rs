//! kapi-controller against the embedded server: a Frobber controller owning kapi-k8s
//! Deployments converges, follows its children's changes through their owner references,
//! retries failures and panics with backoff but not terminal errors, and reports
//! controller-runtime's metrics.

mod client_support;
mod controller_support;
mod support;

use api_types::v1::Frobber;
use controller_support::desired;
use kapi::cache::SharedInformerFactory;
use kapi::client::{Api, Client, Encoding};
use kapi::meta::{CreateOptions, DeleteOptions, GetOptions, UpdateOptions};
use kapi_controller::{Action, Controller, Metrics, Predicate, ReconcileError};
use kapi_k8s::apps::v1::Deployment;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

const NS: &str = "default";
const WAIT: Duration = Duration::from_secs(20);

fn scheme() -> kapi::Scheme {
    let mut scheme = support::scheme();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme
}

async fn server_and_client() -> (kapi_apiserver::ApiServer, Client) {
    let server = kapi_apiserver::ApiServer::builder(scheme())
        .start()
        .await
        .expect("the server starts");
    let client = Client::new(
        client_support::config(&server, Encoding::Json),
        Arc::new(scheme()),
    )
    .expect("a client");
    (server, client)
}

struct Ctx {
    client: Client,
    reconciles: AtomicUsize,
}

async fn reconcile(frobber: Arc<Frobber>, ctx: Arc<Ctx>) -> Result<Action, kapi::client::Error> {
    ctx.reconciles.fetch_add(1, Ordering::Relaxed);
    let api = Api::<Deployment>::namespaced(ctx.client.clone(), NS);
    let want = desired(&frobber);
    match api
        .get_opt(&frobber.metadata.name, &GetOptions::default())
        .await?
    {
        None => {
            api.create(&want, &CreateOptions::default()).await?;
        }
        Some(mut have) if have.spec.replicas != want.spec.replicas => {
            have.spec.replicas = want.spec.replicas;
            api.update(&have, &UpdateOptions::default()).await?;
        }
        Some(_) => {}
    }
    Ok(Action::await_change())
}

async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + WAIT;
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn replicas(client: &Client) -> Vec<(String, Option<i32>)> {
    let api = Api::<Deployment>::namespaced(client.clone(), NS);
    let mut out: Vec<_> = api
        .list(&Default::default())
        .await
        .expect("a list")
        .items
        .into_iter()
        .map(|d| (d.metadata.name, d.spec.replicas))
        .collect();
    out.sort();
    out
}

fn frobber(name: &str, replicas: i32) -> Frobber {
    let mut f = client_support::frobber(name, 3);
    f.metadata.namespace = NS.into();
    f.spec.replicas = Some(replicas);
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_controller_owning_deployments_converges() {
    let (_server, client) = server_and_client().await;
    let frobbers = Api::<Frobber>::namespaced(client.clone(), NS);
    for i in 0..10 {
        frobbers
            .create(&frobber(&format!("f{i}"), i % 3), &CreateOptions::default())
            .await
            .expect("created");
    }
    let mut registry = prometheus_client::registry::Registry::default();
    let metrics = Metrics::register(&mut registry);
    let factory = SharedInformerFactory::new(client.clone()).with_namespace(NS);
    let ctx = Arc::new(Ctx {
        client: client.clone(),
        reconciles: AtomicUsize::new(0),
    });
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::<Frobber>::new(&factory)
        .owns::<Deployment>()
        .with_predicate(Predicate::generation_changed())
        .concurrency(3)
        .metrics(&metrics);
    let running = tokio::spawn(controller.run(reconcile, ctx.clone(), async {
        let _ = stopped.await;
    }));

    let want: Vec<_> = (0..10).map(|i| (format!("f{i}"), Some(i % 3))).collect();
    eventually("every Frobber has its Deployment", || async {
        replicas(&client).await == want
    })
    .await;

    // A child deleted: its owner is reconciled and makes it again.
    let deployments = Api::<Deployment>::namespaced(client.clone(), NS);
    deployments
        .delete("f4", &DeleteOptions::default())
        .await
        .expect("deleted");
    eventually("the Deployment comes back", || async {
        replicas(&client).await == want
    })
    .await;
    // A child changed behind the controller's back is put right.
    let mut f5 = deployments
        .get("f5", &GetOptions::default())
        .await
        .expect("f5");
    f5.spec.replicas = Some(9);
    deployments
        .update(&f5, &UpdateOptions::default())
        .await
        .expect("updated");
    eventually("the Deployment is put right", || async {
        replicas(&client).await == want
    })
    .await;
    // A spec change of the owner is a new generation: reconciled.
    let mut f1 = frobbers
        .get("f1", &GetOptions::default())
        .await
        .expect("f1");
    f1.spec.replicas = Some(7);
    frobbers
        .update(&f1, &UpdateOptions::default())
        .await
        .expect("updated");
    eventually("the owner's change reaches its child", || async {
        replicas(&client)
            .await
            .contains(&("f1".to_string(), Some(7)))
    })
    .await;

    // Metrics under controller-runtime's names and labels, once the last reconcile (of
    // the events the last update caused) has finished: every reconcile succeeded.
    let encode = || {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).expect("encoded");
        text
    };
    let successes = |text: &str| {
        text.lines()
            .find_map(|l| {
                l.strip_prefix(
                    "controller_runtime_reconcile_total{controller=\"frobber\",result=\"success\"} ",
                )
            })
            .and_then(|n| n.parse::<usize>().ok())
    };
    eventually("every reconcile counted a success", || async {
        successes(&encode()) == Some(ctx.reconciles.load(Ordering::Relaxed))
    })
    .await;
    let text = encode();
    for line in [
        "controller_runtime_max_concurrent_reconciles{controller=\"frobber\"} 3",
        "controller_runtime_reconcile_errors_total{controller=\"frobber\"} 0",
        "controller_runtime_reconcile_panics_total{controller=\"frobber\"} 0",
        "workqueue_depth{name=\"frobber\",controller=\"frobber\",priority=\"0\"} 0",
        "workqueue_depth{name=\"frobber\",controller=\"frobber\",priority=\"-100\"} 0",
        "workqueue_adds_total{name=\"frobber\",controller=\"frobber\"}",
        "controller_runtime_reconcile_time_seconds_bucket{le=\"0.005\",controller=\"frobber\"}",
        "workqueue_queue_duration_seconds_bucket{le=\"1e-8\",name=\"frobber\",controller=\"frobber\"}",
    ] {
        assert!(text.contains(line), "{line} missing from\n{text}");
    }

    stop.send(()).expect("running");
    tokio::time::timeout(WAIT, running)
        .await
        .expect("the controller stops")
        .expect("no panic");
    factory.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_and_panics_are_retried_with_backoff() {
    let (_server, client) = server_and_client().await;
    let frobbers = Api::<Frobber>::namespaced(client.clone(), NS);
    frobbers
        .create(&frobber("flaky", 1), &CreateOptions::default())
        .await
        .expect("created");
    let factory = SharedInformerFactory::new(client.clone()).with_namespace(NS);
    let calls = Arc::new(Mutex::new(Vec::new()));
    let (stop, stopped) = oneshot::channel::<()>();
    let started = tokio::time::Instant::now();
    let controller = Controller::<Frobber>::new(&factory).rate_limiter(
        kapi_controller::RateLimiter::exponential(
            Duration::from_millis(20),
            Duration::from_secs(1),
        ),
    );
    let running = tokio::spawn(controller.run(
        move |_f: Arc<Frobber>, calls: Arc<Mutex<Vec<Duration>>>| async move {
            let n = {
                let mut calls = calls.lock().unwrap();
                calls.push(started.elapsed());
                calls.len()
            };
            match n {
                1 => Err("the first try fails".to_string()),
                2 => panic!("the second try panics"),
                3 => Ok(Action::requeue(Duration::from_millis(50))),
                _ => Ok(Action::await_change()),
            }
        },
        calls.clone(),
        async {
            let _ = stopped.await;
        },
    ));
    eventually("four calls", || async { calls.lock().unwrap().len() >= 4 }).await;
    let seen = calls.clone();
    let calls = calls.lock().unwrap().clone();
    // 20 ms after the failure, 40 ms after the panic, 50 ms after the requeue.
    assert!(
        calls[1] - calls[0] >= Duration::from_millis(20),
        "{calls:?}"
    );
    assert!(
        calls[2] - calls[1] >= Duration::from_millis(40),
        "{calls:?}"
    );
    assert!(
        calls[3] - calls[2] >= Duration::from_millis(50),
        "{calls:?}"
    );
    // Without a change or a requeue, no fifth call.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(seen.lock().unwrap().len(), 4);
    stop.send(()).expect("running");
    running.await.expect("no panic escapes the controller");
    factory.shutdown();
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Failed(String);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finalizer_cleans_up_once_before_the_object_goes() {
    use kapi_controller::finalizer::{finalizer, Event};
    const FINALIZER: &str = "frob.example.com/cleanup";
    let (_server, client) = server_and_client().await;
    let frobbers = Api::<Frobber>::namespaced(client.clone(), NS);
    frobbers
        .create(&frobber("kept", 1), &CreateOptions::default())
        .await
        .expect("created");
    let factory = SharedInformerFactory::new(client.clone()).with_namespace(NS);
    struct Seen {
        api: Api<Frobber>,
        applied: AtomicUsize,
        cleaned: Mutex<Vec<String>>,
    }
    let seen = Arc::new(Seen {
        api: frobbers.clone(),
        applied: AtomicUsize::new(0),
        cleaned: Mutex::new(Vec::new()),
    });
    let (stop, stopped) = oneshot::channel::<()>();
    let running = tokio::spawn(Controller::<Frobber>::new(&factory).run(
        |f: Arc<Frobber>, seen: Arc<Seen>| async move {
            finalizer(&seen.api, FINALIZER, f, |event| async {
                match event {
                    Event::Apply(_) => {
                        seen.applied.fetch_add(1, Ordering::Relaxed);
                    }
                    Event::Cleanup(f) => {
                        seen.cleaned.lock().unwrap().push(f.metadata.name.clone());
                    }
                }
                Ok::<_, Failed>(Action::await_change())
            })
            .await
        },
        seen.clone(),
        async {
            let _ = stopped.await;
        },
    ));
    // Added before any work: the first reconcile only adds it, the next applies.
    eventually("the finalizer is on and the object applied", || async {
        let f = frobbers
            .get("kept", &GetOptions::default())
            .await
            .expect("kept");
        f.metadata.finalizers == [FINALIZER] && seen.applied.load(Ordering::Relaxed) >= 1
    })
    .await;
    frobbers
        .delete("kept", &DeleteOptions::default())
        .await
        .expect("marked for deletion");
    eventually("cleaned up, then gone", || async {
        frobbers
            .get_opt("kept", &GetOptions::default())
            .await
            .expect("a read")
            .is_none()
    })
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(*seen.cleaned.lock().unwrap(), ["kept"], "exactly once");
    stop.send(()).expect("running");
    running.await.expect("stopped");
    factory.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_fold_repeats_into_a_series_and_drop_spam() {
    use kapi_controller::events::{Event, EventType, Recorder, Timings};
    use kapi_k8s::events::v1::Event as K8sEvent;
    let (_server, client) = server_and_client().await;
    let frobbers = Api::<Frobber>::namespaced(client.clone(), NS);
    let noisy = frobbers
        .create(&frobber("noisy", 1), &CreateOptions::default())
        .await
        .expect("created");
    let timings = Timings {
        finish_after: Duration::from_millis(300),
        retry_sleep: Duration::from_millis(10),
        ..Timings::default()
    };
    let recorder =
        Recorder::with_timings(client.clone(), "frobber-controller", "replica-0", timings);
    let event = |reason: &str| Event {
        type_: EventType::Normal,
        reason: reason.to_string(),
        action: "Reconciling".to_string(),
        note: "reconciled".to_string(),
        related: None,
    };
    // 10 repeats: one event, its series counting them all.
    for _ in 0..10 {
        recorder.publish(&noisy, event("Reconciled"));
    }
    let events = Api::<K8sEvent>::namespaced(client.clone(), NS);
    let list = || async {
        events
            .list(&Default::default())
            .await
            .expect("a list")
            .items
    };
    eventually("one event with a series of 2 at once", || async {
        let items = list().await;
        items.len() == 1 && items[0].series.as_ref().is_some_and(|s| s.count == 2)
    })
    .await;
    let first = list().await.remove(0);
    assert!(
        first.metadata.name.starts_with("noisy."),
        "{}",
        first.metadata.name
    );
    assert_eq!(first.regarding.kind, "Frobber");
    assert_eq!(first.regarding.api_version, "frob.example.com/v1");
    assert_eq!(first.regarding.uid, noisy.metadata.uid);
    assert_eq!(first.reporting_controller, "frobber-controller");
    assert_eq!(first.reporting_instance, "replica-0");
    assert_eq!(first.type_, "Normal");
    eventually("the series' final count once it is quiet", || async {
        list().await[0]
            .series
            .as_ref()
            .is_some_and(|s| s.count == 10)
    })
    .await;
    // 30 distinct reasons on one object: 15 more pass the burst of 25 (10 were spent).
    for i in 0..30 {
        recorder.publish(&noisy, event(&format!("Reason{i}")));
    }
    recorder.shutdown().await;
    assert_eq!(list().await.len(), 1 + 15);
}

/// One line's value in the metrics text, `name{labels} value`.
fn metric(registry: &prometheus_client::registry::Registry, series: &str) -> Option<u64> {
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, registry).expect("encoded");
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

/// controller-runtime's `reconcileHandler` (pkg/internal/controller/controller.go) on an
/// error: a `TerminalError` counts in `terminal_reconcile_errors_total` and is not added
/// back; any other is added back rate limited; both count as errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_terminal_error_is_not_retried_until_the_object_changes() {
    let (_server, client) = server_and_client().await;
    let frobbers = Api::<Frobber>::namespaced(client.clone(), NS);
    frobbers
        .create(&frobber("broken", 1), &CreateOptions::default())
        .await
        .expect("created");
    let mut registry = prometheus_client::registry::Registry::default();
    let metrics = Metrics::register(&mut registry);
    let factory = SharedInformerFactory::new(client.clone()).with_namespace(NS);
    // The calls per object: `broken` fails terminally at 1 replica, `flaky` fails once and
    // is then fine.
    let calls = Arc::new(Mutex::new(Vec::<String>::new()));
    let (stop, stopped) = oneshot::channel::<()>();
    let running = tokio::spawn(Controller::<Frobber>::new(&factory).metrics(&metrics).run(
        |f: Arc<Frobber>, calls: Arc<Mutex<Vec<String>>>| async move {
            let name = f.metadata.name.clone();
            let tries = {
                let mut calls = calls.lock().unwrap();
                calls.push(name.clone());
                calls.iter().filter(|n| **n == name).count()
            };
            match (name.as_str(), f.spec.replicas, tries) {
                ("broken", Some(1), _) => Err(ReconcileError::terminal(Failed(
                    "one replica is not enough".into(),
                ))),
                ("flaky", _, 1) => Err(ReconcileError::from(Failed("try again".into()))),
                _ => Ok(Action::await_change()),
            }
        },
        calls.clone(),
        async {
            let _ = stopped.await;
        },
    ));
    let count = |name: &str| calls.lock().unwrap().iter().filter(|n| *n == name).count();
    let terminal = "controller_runtime_terminal_reconcile_errors_total{controller=\"frobber\"}";
    let errors = "controller_runtime_reconcile_errors_total{controller=\"frobber\"}";
    let error_results =
        "controller_runtime_reconcile_total{controller=\"frobber\",result=\"error\"}";
    let successes = "controller_runtime_reconcile_total{controller=\"frobber\",result=\"success\"}";
    eventually("the terminal error is counted", || async {
        metric(&registry, terminal) == Some(1)
    })
    .await;
    // client-go's controller limiter would have retried it after 5, 10, 20, 40, 80 and
    // 160 ms by now.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(count("broken"), 1);
    assert_eq!(metric(&registry, terminal), Some(1));
    assert_eq!(metric(&registry, errors), Some(1));
    assert_eq!(metric(&registry, error_results), Some(1));
    let retries = "workqueue_retries_total{name=\"frobber\",controller=\"frobber\"}";
    assert_eq!(metric(&registry, retries).unwrap_or(0), 0);

    // A change is new work: reconciled again, and fine this time.
    let mut broken = frobbers
        .get("broken", &GetOptions::default())
        .await
        .expect("broken");
    broken.spec.replicas = Some(2);
    frobbers
        .update(&broken, &UpdateOptions::default())
        .await
        .expect("updated");
    eventually("the changed object is reconciled", || async {
        metric(&registry, successes) == Some(1)
    })
    .await;
    assert_eq!(count("broken"), 2);

    // An error that is not terminal is retried after the backoff.
    frobbers
        .create(&frobber("flaky", 1), &CreateOptions::default())
        .await
        .expect("created");
    eventually("the failed reconcile is retried and succeeds", || async {
        metric(&registry, successes) == Some(2)
    })
    .await;
    assert_eq!(count("flaky"), 2);
    assert_eq!(metric(&registry, terminal), Some(1));
    assert_eq!(metric(&registry, errors), Some(2));
    assert_eq!(metric(&registry, error_results), Some(2));
    stop.send(()).expect("running");
    running.await.expect("stopped");
    factory.shutdown();
}
