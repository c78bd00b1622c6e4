//! An `events.k8s.io/v1` event recorder as client-go's `tools/events` runs one, with the
//! spam filter of its `tools/record`:
//!
//! - each regarding object (with the reporter and event type) may publish a burst of 25
//!   events, then one per 5 minutes (`EventSourceObjectSpamFilter`); the rest are dropped;
//! - an event like one already written (same type, action, reason, reporter, regarding and
//!   related objects) is a repeat: the second one starts a `series` (count 2, patched onto
//!   the first event at once); later ones raise the count in memory, written when the
//!   series has been quiet for 6 minutes or every 30 minutes (`finishSeries`,
//!   `refreshExistingEventSeries`), so a hot loop costs no writes;
//! - events are written by a background task from a queue of 1,000 (more are dropped, as
//!   client-go drops them), each retried up to 12 times, 10 s apart.
//!
//! Publishing never blocks and never fails the caller.

use kapi_client::{Api, Client, Patch};
use kapi_core::meta::{CreateOptions, MicroTime, ObjectMeta, PatchOptions};
use kapi_core::Resource;
use kapi_k8s::core::v1::ObjectReference;
use kapi_k8s::events::v1::{Event as K8sEvent, EventSeries};
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// client-go's `maxQueuedEvents`.
const MAX_QUEUED: usize = 1000;
/// client-go's `maxTriesPerEvent`.
const MAX_TRIES: u32 = 12;
/// `tools/record`'s LRU size for the spam filter, and this recorder's bound on series.
const MAX_TRACKED: usize = 4096;

/// `Normal` or `Warning`, the only types the events API takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventType {
    Normal,
    Warning,
}

impl EventType {
    fn as_str(self) -> &'static str {
        match self {
            EventType::Normal => "Normal",
            EventType::Warning => "Warning",
        }
    }
}

/// One event about an object.
#[derive(Debug, Clone)]
pub struct Event {
    pub type_: EventType,
    /// Why, in UpperCamelCase (`Reconciled`, `FailedCreate`).
    pub reason: String,
    /// What was done or failed (`Reconciling`, `Creating`).
    pub action: String,
    /// A human-readable note.
    pub note: String,
    /// Another object the event concerns.
    pub related: Option<ObjectReference>,
}

/// The reporter's timings; client-go's are the defaults.
#[derive(Debug, Clone)]
pub struct Timings {
    pub spam_burst: u32,
    pub spam_interval: Duration,
    pub finish_after: Duration,
    pub refresh_every: Duration,
    pub retry_sleep: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            spam_burst: 25,
            spam_interval: Duration::from_secs(300),
            finish_after: Duration::from_secs(6 * 60),
            refresh_every: Duration::from_secs(30 * 60),
            retry_sleep: Duration::from_secs(10),
        }
    }
}

/// What makes two events repeats of one (client-go's `eventKey`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct SeriesKey {
    type_: EventType,
    action: String,
    reason: String,
    regarding: RefKey,
    related: Option<RefKey>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RefKey {
    api_version: String,
    kind: String,
    namespace: String,
    name: String,
    uid: String,
    field_path: String,
}

impl RefKey {
    fn of(r: &ObjectReference) -> Self {
        RefKey {
            api_version: r.api_version.clone(),
            kind: r.kind.clone(),
            namespace: r.namespace.clone(),
            name: r.name.clone(),
            uid: r.uid.clone(),
            field_path: r.field_path.clone(),
        }
    }
}

/// A token bucket as client-go's passive `TokenBucketRateLimiter` (`TryAccept`).
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

struct Cached {
    event: K8sEvent,
    /// The count and time last written (the series as the server has it).
    written: Option<(i32, MicroTime)>,
    last_seen: Instant,
}

#[derive(Default)]
struct State {
    spam: HashMap<(RefKey, EventType), Bucket>,
    spam_order: VecDeque<(RefKey, EventType)>,
    series: HashMap<SeriesKey, Cached>,
    series_order: VecDeque<SeriesKey>,
}

/// A write for the background task.
enum Write {
    Create(K8sEvent),
    Series(K8sEvent),
}

/// Records events for one reporting controller and instance. Cloning shares it.
#[derive(Clone)]
pub struct Recorder {
    controller: Arc<str>,
    instance: Arc<str>,
    timings: Arc<Timings>,
    state: Arc<Mutex<State>>,
    queue: mpsc::Sender<Write>,
    task: Arc<Mutex<Option<JoinHandle<()>>>>,
}

impl Recorder {
    /// A recorder writing through `client` as `controller` (`frobber-controller`, the
    /// reporting controller) from `instance` (this replica: a pod name); starts its writer
    /// on the current tokio runtime.
    pub fn new(client: Client, controller: &str, instance: &str) -> Self {
        Self::with_timings(client, controller, instance, Timings::default())
    }

    pub fn with_timings(
        client: Client,
        controller: &str,
        instance: &str,
        timings: Timings,
    ) -> Self {
        let (queue, writes) = mpsc::channel(MAX_QUEUED);
        let state = Arc::new(Mutex::new(State::default()));
        let timings = Arc::new(timings);
        let task = tokio::spawn(writer(client, writes, state.clone(), timings.clone()));
        Recorder {
            controller: Arc::from(controller),
            instance: Arc::from(instance),
            timings,
            state,
            queue,
            task: Arc::new(Mutex::new(Some(task))),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Publishes `event` about `regarding`.
    pub fn publish<K: Resource>(&self, regarding: &K, event: Event) {
        let regarding = reference(regarding);
        let now = Instant::now();
        let mut state = self.lock();
        if !self.spam_allows(&mut state, &regarding, event.type_, now) {
            tracing::debug!(object = %regarding.name, reason = %event.reason, "event dropped by the spam filter");
            return;
        }
        let key = SeriesKey {
            type_: event.type_,
            action: event.action.clone(),
            reason: event.reason.clone(),
            regarding: RefKey::of(&regarding),
            related: event.related.as_ref().map(RefKey::of),
        };
        let stamp = MicroTime::now();
        if let Some(cached) = state.series.get_mut(&key) {
            cached.last_seen = now;
            let series = cached.event.series.get_or_insert(EventSeries {
                count: 1,
                last_observed_time: stamp,
            });
            series.count = series.count.saturating_add(1);
            series.last_observed_time = stamp;
            // The second occurrence is written at once; later ones when the series ends
            // or is refreshed.
            if series.count == 2 {
                cached.written = Some((2, stamp));
                let write = Write::Series(cached.event.clone());
                drop(state);
                self.send(write);
            }
            return;
        }
        let k8s = self.make(&regarding, &event, stamp);
        remember(&mut state, key, k8s.clone(), now);
        drop(state);
        self.send(Write::Create(k8s));
    }

    /// Writes what is queued and stops the writer.
    pub async fn shutdown(self) {
        let task = self.task.lock().unwrap_or_else(|e| e.into_inner()).take();
        drop(self.queue);
        if let Some(task) = task {
            let _ = task.await;
        }
    }

    fn send(&self, write: Write) {
        if self.queue.try_send(write).is_err() {
            tracing::warn!("unable to record event: too many queued events, dropped event");
        }
    }

    /// `tools/record`'s spam filter: per object and type, a burst then one per interval.
    fn spam_allows(
        &self,
        state: &mut State,
        regarding: &ObjectReference,
        type_: EventType,
        now: Instant,
    ) -> bool {
        let key = (RefKey::of(regarding), type_);
        let burst = f64::from(self.timings.spam_burst);
        let per_second = 1.0
            / self
                .timings
                .spam_interval
                .as_secs_f64()
                .max(f64::MIN_POSITIVE);
        if !state.spam.contains_key(&key) {
            if state.spam_order.len() >= MAX_TRACKED {
                if let Some(oldest) = state.spam_order.pop_front() {
                    state.spam.remove(&oldest);
                }
            }
            state.spam_order.push_back(key.clone());
        }
        let bucket = state.spam.entry(key).or_insert(Bucket {
            tokens: burst,
            last: now,
        });
        let elapsed = now.saturating_duration_since(bucket.last).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_second).min(burst);
        bucket.last = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// client-go's `makeEvent`: named `<regarding>.<unix nanoseconds in hex>`, in the
    /// regarding object's namespace (`default` for a cluster-scoped one).
    fn make(&self, regarding: &ObjectReference, event: &Event, stamp: MicroTime) -> K8sEvent {
        let nanos = stamp.timestamp().as_nanosecond().max(0);
        let mut name = format!("{}.{:x}", regarding.name, nanos);
        if !kapi_core::validation::formats::dns1123_subdomain(&name).is_empty() {
            name = format!("kapi-event.{nanos:x}{:08x}", fastrand::u32(..));
        }
        let namespace = match regarding.namespace.as_str() {
            "" => "default".to_string(),
            ns => ns.to_string(),
        };
        K8sEvent {
            metadata: ObjectMeta {
                name,
                namespace,
                ..ObjectMeta::default()
            },
            event_time: stamp,
            series: None,
            reporting_controller: self.controller.to_string(),
            reporting_instance: self.instance.to_string(),
            action: event.action.clone(),
            reason: event.reason.clone(),
            regarding: regarding.clone(),
            related: event.related.clone(),
            note: event.note.clone(),
            type_: event.type_.as_str().to_string(),
            ..K8sEvent::default()
        }
    }
}

fn remember(state: &mut State, key: SeriesKey, event: K8sEvent, now: Instant) {
    if state.series_order.len() >= MAX_TRACKED {
        if let Some(oldest) = state.series_order.pop_front() {
            state.series.remove(&oldest);
        }
    }
    state.series_order.push_back(key.clone());
    state.series.insert(
        key,
        Cached {
            event,
            written: None,
            last_seen: now,
        },
    );
}

/// A reference to `object` as client-go's `reference.GetReference` makes one.
pub fn reference<K: Resource>(object: &K) -> ObjectReference {
    let meta = object.metadata();
    ObjectReference {
        kind: K::KIND.to_string(),
        namespace: meta.namespace.clone(),
        name: meta.name.clone(),
        uid: meta.uid.clone(),
        api_version: K::API_VERSION.to_string(),
        resource_version: meta.resource_version.clone(),
        field_path: String::new(),
    }
}

/// The background writer: queued writes, and the series' periodic writes.
async fn writer(
    client: Client,
    mut writes: mpsc::Receiver<Write>,
    state: Arc<Mutex<State>>,
    timings: Arc<Timings>,
) {
    let mut finish = tokio::time::interval(timings.finish_after);
    let mut refresh = tokio::time::interval(timings.refresh_every);
    finish.tick().await;
    refresh.tick().await;
    loop {
        tokio::select! {
            write = writes.recv() => match write {
                Some(write) => record(&client, write, &timings).await,
                None => break,
            },
            _ = finish.tick() => series_writes(&client, &state, &timings, Some(timings.finish_after)).await,
            _ = refresh.tick() => series_writes(&client, &state, &timings, None).await,
        }
    }
    // Shutting down: the counts not yet written are written now.
    series_writes(&client, &state, &timings, Some(Duration::ZERO)).await;
}

/// Writes the series whose count moved since last written: those quiet for `quiet`
/// (finished: forgotten afterwards), or every one (`None`: a refresh).
async fn series_writes(
    client: &Client,
    state: &Mutex<State>,
    timings: &Timings,
    quiet: Option<Duration>,
) {
    let now = Instant::now();
    let due: Vec<(SeriesKey, K8sEvent)> = {
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        let mut due = Vec::new();
        let mut finished = Vec::new();
        for (key, cached) in &mut state.series {
            let quiet_enough =
                quiet.is_none_or(|q| now.saturating_duration_since(cached.last_seen) >= q);
            if !quiet_enough {
                continue;
            }
            if let Some(series) = &cached.event.series {
                let current = (series.count, series.last_observed_time);
                if cached.written != Some(current) {
                    cached.written = Some(current);
                    due.push((key.clone(), cached.event.clone()));
                }
            }
            if quiet.is_some() {
                finished.push(key.clone());
            }
        }
        for key in finished {
            state.series.remove(&key);
            state.series_order.retain(|k| *k != key);
        }
        due
    };
    for (_, event) in due {
        record(client, Write::Series(event), timings).await;
    }
}

/// client-go's `recordEvent` with its retries: a series is patched (created when the
/// first event is gone), a new event created; what the server refuses is not retried.
async fn record(client: &Client, write: Write, timings: &Timings) {
    let (event, is_series) = match write {
        Write::Create(event) => (event, false),
        Write::Series(event) => (event, true),
    };
    let api = Api::<K8sEvent>::namespaced(client.clone(), &event.metadata.namespace);
    for attempt in 1..=MAX_TRIES {
        let result = if is_series {
            let series = event
                .series
                .as_ref()
                .map(|s| json!({"count": s.count, "lastObservedTime": s.last_observed_time}));
            let patch = Patch::Strategic(json!({ "series": series }));
            match api
                .patch(&event.metadata.name, &patch, &PatchOptions::default())
                .await
            {
                Err(e) if e.is_not_found() => {
                    let mut fresh = event.clone();
                    fresh.metadata.resource_version = String::new();
                    api.create(&fresh, &CreateOptions::default()).await
                }
                other => other,
            }
        } else {
            api.create(&event, &CreateOptions::default()).await
        };
        match result {
            Ok(_) => return,
            // The server's answer about this event: writing it again changes nothing.
            Err(e) if e.status().is_some() && !(e.is_already_exists() && is_series) => {
                tracing::warn!(event = %event.metadata.name, error = %e, "server rejected event (will not retry!)");
                return;
            }
            Err(e) if attempt < MAX_TRIES => {
                tracing::debug!(event = %event.metadata.name, error = %e, "unable to write event (retrying)");
                tokio::time::sleep(timings.retry_sleep).await;
            }
            Err(e) => {
                tracing::warn!(event = %event.metadata.name, error = %e, "unable to write event; giving up");
            }
        }
    }
}
