//! Leader election on a Lease against the embedded server: one leader at a time (an
//! overlap detector watches every replica's leading section), a released lease taken over
//! at once, a partitioned leader (its connection to the server cut, as a paused process or
//! a network split sees it) stepping down before the standby takes over, and the lease's
//! fields as client-go writes them.

mod client_support;
mod proxy_support;
mod support;

use kapi::client::{Api, Client, Encoding};
use kapi::meta::GetOptions;
use kapi_controller::leader::{ElectionError, LeaderElection, Leading};
use kapi_k8s::coordination::v1::Lease;
use proxy_support::cuttable;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

const NS: &str = "default";
const LEASE: Duration = Duration::from_secs(2);
const RENEW: Duration = Duration::from_millis(1000);
const RETRY: Duration = Duration::from_millis(200);

fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme
}

fn client_at(server: &kapi_apiserver::ApiServer, url: &str) -> Client {
    let mut config = client_support::config(server, Encoding::Json);
    config.cluster_url = url.parse().expect("a URL");
    config.timeout = Some(Duration::from_millis(300));
    Client::new(config, Arc::new(scheme())).expect("a client")
}

/// Watches the leading sections of every replica: two at once is a failure.
#[derive(Default)]
struct Overlap {
    leading: AtomicUsize,
    overlapped: AtomicBool,
    terms: AtomicUsize,
}

impl Overlap {
    async fn lead(&self, leading: Leading) {
        if self.leading.fetch_add(1, Ordering::SeqCst) > 0 {
            self.overlapped.store(true, Ordering::SeqCst);
        }
        self.terms.fetch_add(1, Ordering::SeqCst);
        leading.lost().await;
        self.leading.fetch_sub(1, Ordering::SeqCst);
    }
}

fn election(client: Client, identity: &str) -> LeaderElection {
    LeaderElection::new(client, NS, "frobber-controller", identity).durations(LEASE, RENEW, RETRY)
}

async fn lease(client: &Client) -> Lease {
    Api::<Lease>::namespaced(client.clone(), NS)
        .get("frobber-controller", &GetOptions::default())
        .await
        .expect("the lease")
}

async fn wait_for(what: &str, within: Duration, mut f: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + within;
    while !f() {
        assert!(tokio::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[test]
fn settings_client_go_refuses_are_refused() {
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    rt.block_on(async {
        let server = kapi_apiserver::ApiServer::builder(scheme())
            .start()
            .await
            .expect("the server starts");
        let client = client_at(&server, &server.url());
        let bad = LeaderElection::new(client.clone(), NS, "x", "a").durations(
            Duration::from_secs(10),
            Duration::from_secs(10),
            Duration::from_secs(2),
        );
        assert_eq!(
            bad.run(|_| async {}, async {}).await,
            Err(ElectionError::Invalid(
                "leaseDuration must be greater than renewDeadline"
            ))
        );
        let bad = LeaderElection::new(client, NS, "x", "a").durations(
            Duration::from_secs(15),
            Duration::from_millis(2400),
            Duration::from_secs(2),
        );
        assert_eq!(
            bad.run(|_| async {}, async {}).await,
            Err(ElectionError::Invalid(
                "renewDeadline must be greater than retryPeriod*JitterFactor"
            ))
        );
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_leader_at_a_time_and_a_quick_takeover_on_release() {
    let server = kapi_apiserver::ApiServer::builder(scheme())
        .start()
        .await
        .expect("the server starts");
    let client = client_at(&server, &server.url());
    let overlap = Arc::new(Overlap::default());
    let (stop_a, stopped_a) = oneshot::channel::<()>();
    let a = tokio::spawn({
        let (overlap, client) = (overlap.clone(), client.clone());
        async move {
            election(client, "replica-a")
                .run(|l| async move { overlap.lead(l).await }, async {
                    let _ = stopped_a.await;
                })
                .await
        }
    });
    wait_for("a leads", Duration::from_secs(5), || {
        overlap.terms.load(Ordering::SeqCst) == 1
    })
    .await;
    let (stop_b, stopped_b) = oneshot::channel::<()>();
    let b = tokio::spawn({
        let (overlap, client) = (overlap.clone(), client.clone());
        async move {
            election(client, "replica-b")
                .run(|l| async move { overlap.lead(l).await }, async {
                    let _ = stopped_b.await;
                })
                .await
        }
    });
    // Several lease durations: a renews, b waits.
    tokio::time::sleep(LEASE * 2).await;
    assert_eq!(overlap.terms.load(Ordering::SeqCst), 1, "b never led");
    let held = lease(&client).await;
    assert_eq!(held.spec.holder_identity.as_deref(), Some("replica-a"));
    assert_eq!(held.spec.lease_duration_seconds, Some(2));
    assert_eq!(held.spec.lease_transitions, Some(0));
    assert!(
        held.spec.renew_time > held.spec.acquire_time,
        "renewed since"
    );

    // a stops and releases: b takes over within about a retry period, not a lease.
    let released = tokio::time::Instant::now();
    stop_a.send(()).expect("a runs");
    assert_eq!(a.await.expect("a ends"), Ok(()));
    wait_for("b leads", LEASE, || {
        overlap.terms.load(Ordering::SeqCst) == 2
    })
    .await;
    assert!(released.elapsed() < LEASE, "{:?}", released.elapsed());
    let taken = lease(&client).await;
    assert_eq!(taken.spec.holder_identity.as_deref(), Some("replica-b"));
    assert_eq!(taken.spec.lease_transitions, Some(1));
    stop_b.send(()).expect("b runs");
    assert_eq!(b.await.expect("b ends"), Ok(()));
    assert!(
        !overlap.overlapped.load(Ordering::SeqCst),
        "two leaders at once"
    );
    // Released: held by no one.
    assert_eq!(
        lease(&client).await.spec.holder_identity.as_deref(),
        Some("")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_off_leader_steps_down_before_the_standby_takes_over() {
    let server = kapi_apiserver::ApiServer::builder(scheme())
        .start()
        .await
        .expect("the server starts");
    let proxy = cuttable(&server).await;
    let direct = client_at(&server, &server.url());
    let overlap = Arc::new(Overlap::default());
    let a = tokio::spawn({
        let (overlap, client) = (overlap.clone(), client_at(&server, &proxy.url));
        async move {
            election(client, "replica-a")
                .run(
                    |l| async move { overlap.lead(l).await },
                    std::future::pending(),
                )
                .await
        }
    });
    wait_for("a leads", Duration::from_secs(5), || {
        overlap.terms.load(Ordering::SeqCst) == 1
    })
    .await;
    let b = tokio::spawn({
        let (overlap, client) = (overlap.clone(), direct.clone());
        async move {
            election(client, "replica-b")
                .run(
                    |l| async move { overlap.lead(l).await },
                    std::future::pending(),
                )
                .await
        }
    });
    tokio::time::sleep(LEASE).await;
    proxy.cut.send(true).expect("the proxy runs");
    // a cannot renew: it stops leading after its renew deadline and says it lost.
    let lost = tokio::time::timeout(LEASE * 3, a)
        .await
        .expect("a gives up")
        .expect("a ends");
    assert_eq!(lost, Err(ElectionError::Lost));
    wait_for("b leads", LEASE * 3, || {
        overlap.terms.load(Ordering::SeqCst) == 2
    })
    .await;
    assert!(
        !overlap.overlapped.load(Ordering::SeqCst),
        "two leaders at once"
    );
    let taken = lease(&direct).await;
    assert_eq!(taken.spec.holder_identity.as_deref(), Some("replica-b"));
    assert_eq!(taken.spec.lease_transitions, Some(1));
    b.abort();
}
