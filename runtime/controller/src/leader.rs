//! Leader election on a `coordination.k8s.io/v1` Lease, as client-go's `leaderelection`
//! with a `LeaseLock` runs it, so a kapi controller and a Go one can even share a lease:
//!
//! - a candidate tries every `retry_period` (jittered by 1.2, `wait.JitterUntil`) to take
//!   the lease; a lease is taken only when it is free or its holder has not renewed it for
//!   its `leaseDurationSeconds`, measured on the candidate's own clock from when it last
//!   saw the lease change (client-go's `observedTime`: no trust in other clocks);
//! - the leader renews every `retry_period`; when no renewal succeeds within
//!   `renew_deadline` it has lost the lease and stops leading, before any standby can take
//!   it (`renew_deadline < lease_duration`);
//! - `leaseTransitions` counts changes of holder, `acquireTime` is when the holder took it;
//! - on shutdown the leader releases the lease (`holderIdentity` emptied, duration 1 s), so
//!   a standby takes over at once instead of after the lease duration.
//!
//! Start a controller's informers before the election (a warm standby, as
//! controller-runtime's warm replicas): its caches are synced when it starts leading.

use kapi_client::{Api, Client, Error as ClientError};
use kapi_core::meta::{CreateOptions, GetOptions, MicroTime, ObjectMeta, UpdateOptions};
use kapi_k8s::coordination::v1::{Lease, LeaseSpec};
use std::future::Future;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// client-go's `JitterFactor`.
const JITTER: f64 = 1.2;

/// Why an election could not run, or how it ended.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ElectionError {
    /// Settings client-go refuses (its own messages).
    #[error("{0}")]
    Invalid(&'static str),
    /// The lease was not renewed within the renew deadline: another replica may lead now.
    #[error("leader election lost")]
    Lost,
}

/// What the leading side is given: a way to learn that leadership ended.
#[derive(Debug, Clone)]
pub struct Leading {
    lost: watch::Receiver<bool>,
}

impl Leading {
    /// Completes when this replica stops leading (the lease lost, or the election shut
    /// down): stop all work then.
    pub async fn lost(&self) {
        let mut lost = self.lost.clone();
        let _ = lost.wait_for(|lost| *lost).await;
    }

    pub fn is_leading(&self) -> bool {
        !*self.lost.borrow()
    }
}

/// One candidate for one lease.
pub struct LeaderElection {
    api: Api<Lease>,
    name: String,
    identity: String,
    lease_duration: Duration,
    renew_deadline: Duration,
    retry_period: Duration,
    release_on_cancel: bool,
}

/// What this candidate last saw of the lease, and when (its own clock).
struct Observed {
    lease: Option<Lease>,
    at: Instant,
}

impl Observed {
    fn spec(&self) -> Option<&LeaseSpec> {
        self.lease.as_ref().map(|l| &l.spec)
    }

    fn holder(&self) -> &str {
        self.spec()
            .and_then(|s| s.holder_identity.as_deref())
            .unwrap_or("")
    }

    /// client-go's `isLeaseValid`: seen changing less than its duration ago.
    fn valid(&self, now: Instant) -> bool {
        let seconds = self
            .spec()
            .and_then(|s| s.lease_duration_seconds)
            .unwrap_or(0);
        self.at + Duration::from_secs(u64::try_from(seconds).unwrap_or(0)) > now
    }
}

impl LeaderElection {
    /// Candidate `identity` (unique per replica: a pod name, a hostname and a random
    /// suffix) for the Lease `namespace/name`, with client-go's usual 15 s lease, 10 s
    /// renew deadline and 2 s retry period, releasing the lease on shutdown.
    pub fn new(client: Client, namespace: &str, name: &str, identity: &str) -> Self {
        LeaderElection {
            api: Api::namespaced(client, namespace),
            name: name.to_string(),
            identity: identity.to_string(),
            lease_duration: Duration::from_secs(15),
            renew_deadline: Duration::from_secs(10),
            retry_period: Duration::from_secs(2),
            release_on_cancel: true,
        }
    }

    pub fn durations(mut self, lease: Duration, renew_deadline: Duration, retry: Duration) -> Self {
        self.lease_duration = lease;
        self.renew_deadline = renew_deadline;
        self.retry_period = retry;
        self
    }

    pub fn release_on_cancel(mut self, release: bool) -> Self {
        self.release_on_cancel = release;
        self
    }

    /// client-go's `NewLeaderElector` checks.
    fn validate(&self) -> Result<(), ElectionError> {
        if self.lease_duration <= self.renew_deadline {
            return Err(ElectionError::Invalid(
                "leaseDuration must be greater than renewDeadline",
            ));
        }
        if self.renew_deadline <= self.retry_period.mul_f64(JITTER) {
            return Err(ElectionError::Invalid(
                "renewDeadline must be greater than retryPeriod*JitterFactor",
            ));
        }
        if self.retry_period.is_zero() {
            return Err(ElectionError::Invalid(
                "retryPeriod must be greater than zero",
            ));
        }
        if self.identity.is_empty() {
            return Err(ElectionError::Invalid("Lock identity is empty"));
        }
        Ok(())
    }

    /// Waits to lead, then runs `lead` while leading. Returns `Ok` when `shutdown`
    /// completes (after `lead` has returned and the lease was released), or
    /// [`ElectionError::Lost`] when the lease was lost (after `lead` returned: it must
    /// stop once [`Leading::lost`] completes). A replica that lost should exit, as
    /// client-go's callers do: its caches and work may be stale.
    pub async fn run<F, Fut>(
        self,
        lead: F,
        shutdown: impl Future<Output = ()>,
    ) -> Result<(), ElectionError>
    where
        F: FnOnce(Leading) -> Fut,
        Fut: Future<Output = ()>,
    {
        self.validate()?;
        tokio::pin!(shutdown);
        let mut observed = Observed {
            lease: None,
            at: Instant::now(),
        };
        // Acquire.
        loop {
            if self.try_acquire_or_renew(&mut observed).await {
                break;
            }
            let wait = self.retry_period.mul_f64(1.0 + fastrand::f64() * JITTER);
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                _ = tokio::time::sleep(wait) => {}
            }
        }
        tracing::info!(lease = %self.name, identity = %self.identity, "became leader");
        let (lost_tx, lost_rx) = watch::channel(false);
        let leading = lead(Leading { lost: lost_rx });
        tokio::pin!(leading);
        let mut leading_done = false;
        let ended = {
            let renew = self.renew(&mut observed);
            tokio::pin!(renew);
            loop {
                tokio::select! {
                    _ = &mut shutdown => break Ok(()),
                    lost = &mut renew => break lost,
                    // Leading ended on its own: the lease is kept until shutdown, as
                    // client-go keeps it until its context ends.
                    _ = &mut leading, if !leading_done => leading_done = true,
                }
            }
        };
        let _ = lost_tx.send(true);
        if !leading_done {
            leading.await;
        }
        tracing::info!(lease = %self.name, identity = %self.identity, "stopped leading");
        if ended.is_ok() && self.release_on_cancel {
            self.release(&mut observed).await;
        }
        ended
    }

    /// Renews until a renewal does not succeed within the renew deadline: then lost.
    async fn renew(&self, observed: &mut Observed) -> Result<(), ElectionError> {
        loop {
            tokio::time::sleep(self.retry_period).await;
            let deadline = Instant::now() + self.renew_deadline;
            loop {
                let attempt =
                    tokio::time::timeout_at(deadline, self.try_acquire_or_renew(observed));
                match attempt.await {
                    Ok(true) => break,
                    Ok(false) if Instant::now() + self.retry_period < deadline => {
                        tokio::time::sleep(self.retry_period).await;
                    }
                    _ => {
                        tracing::warn!(lease = %self.name, identity = %self.identity, "failed to renew lease within the renew deadline");
                        return Err(ElectionError::Lost);
                    }
                }
            }
        }
    }

    fn record(&self, now: MicroTime, old: Option<&LeaseSpec>, leader: bool) -> LeaseSpec {
        let (acquire_time, transitions) = match (old, leader) {
            (Some(old), true) => (old.acquire_time, old.lease_transitions),
            (Some(old), false) => (Some(now), Some(old.lease_transitions.unwrap_or(0) + 1)),
            (None, _) => (Some(now), Some(0)),
        };
        LeaseSpec {
            holder_identity: Some(self.identity.clone()),
            lease_duration_seconds: Some(
                i32::try_from(self.lease_duration.as_secs()).unwrap_or(i32::MAX),
            ),
            acquire_time,
            renew_time: Some(now),
            lease_transitions: transitions,
            ..LeaseSpec::default()
        }
    }

    /// client-go's `tryAcquireOrRenew`.
    async fn try_acquire_or_renew(&self, observed: &mut Observed) -> bool {
        let now = MicroTime::now();
        let leader = observed.holder() == self.identity;
        // The fast path: the leader updates the lease it wrote last.
        if leader && observed.valid(Instant::now()) {
            if let Some(mut lease) = observed.lease.clone() {
                lease.spec = self.record(now, Some(&lease.spec), true);
                if let Ok(written) = self.api.update(&lease, &UpdateOptions::default()).await {
                    *observed = Observed {
                        lease: Some(written),
                        at: Instant::now(),
                    };
                    return true;
                }
            }
        }
        let current = match self.api.get(&self.name, &GetOptions::default()).await {
            Ok(lease) => lease,
            Err(e) if e.is_not_found() => return self.create(now, observed).await,
            Err(e) => {
                tracing::warn!(lease = %self.name, error = %e, "error retrieving lease");
                return false;
            }
        };
        if observed.spec() != Some(&current.spec) {
            *observed = Observed {
                lease: Some(current.clone()),
                at: Instant::now(),
            };
        } else if let Some(lease) = &mut observed.lease {
            // Same record; keep its resourceVersion current for the update below.
            lease.metadata.resource_version = current.metadata.resource_version.clone();
        }
        let leader = observed.holder() == self.identity;
        if !observed.holder().is_empty() && observed.valid(Instant::now()) && !leader {
            return false;
        }
        let mut lease = current;
        lease.spec = self.record(now, Some(&lease.spec), leader);
        let written = self.api.update(&lease, &UpdateOptions::default()).await;
        self.observe_write(written, observed)
    }

    async fn create(&self, now: MicroTime, observed: &mut Observed) -> bool {
        let lease = Lease {
            metadata: ObjectMeta {
                name: self.name.clone(),
                ..ObjectMeta::default()
            },
            spec: self.record(now, None, false),
        };
        let written = self.api.create(&lease, &CreateOptions::default()).await;
        self.observe_write(written, observed)
    }

    /// A lease write's outcome: what was written is what this candidate saw last, now.
    fn observe_write(&self, written: Result<Lease, ClientError>, observed: &mut Observed) -> bool {
        match written {
            Ok(written) => {
                *observed = Observed {
                    lease: Some(written),
                    at: Instant::now(),
                };
                true
            }
            Err(e) => {
                log_write_failure(&self.name, &e);
                false
            }
        }
    }

    /// client-go's `release`: the lease emptied with a 1 s duration, within the renew
    /// deadline, retried on conflicts.
    async fn release(&self, observed: &mut Observed) {
        let attempt = async {
            loop {
                let Ok(mut lease) = self.api.get(&self.name, &GetOptions::default()).await else {
                    return;
                };
                if lease.spec.holder_identity.as_deref() != Some(self.identity.as_str()) {
                    return;
                }
                let now = MicroTime::now();
                lease.spec = LeaseSpec {
                    holder_identity: Some(String::new()),
                    lease_duration_seconds: Some(1),
                    acquire_time: Some(now),
                    renew_time: Some(now),
                    lease_transitions: lease.spec.lease_transitions,
                    ..LeaseSpec::default()
                };
                match self.api.update(&lease, &UpdateOptions::default()).await {
                    Ok(written) => {
                        observed.lease = Some(written);
                        return;
                    }
                    Err(e) if e.is_conflict() => continue,
                    Err(e) => {
                        log_write_failure(&self.name, &e);
                        return;
                    }
                }
            }
        };
        let _ = tokio::time::timeout(self.renew_deadline, attempt).await;
    }
}

fn log_write_failure(lease: &str, e: &ClientError) {
    // A conflict is another candidate's write winning: expected, not worth a warning.
    if e.is_conflict() || e.is_already_exists() {
        tracing::debug!(%lease, error = %e, "lease taken meanwhile");
    } else {
        tracing::warn!(%lease, error = %e, "failed to write lease");
    }
}
