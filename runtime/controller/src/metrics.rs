//! controller-runtime's metrics, under its names and labels
//! (`pkg/internal/controller/metrics`, `pkg/internal/metrics/workqueue.go`), in a
//! `prometheus-client` registry the user serves: an operator's dashboards and alerts for
//! controller-runtime work unchanged.
//!
//! `prometheus-client` (the Prometheus project's own Rust client) over the `metrics`
//! facade: the names, label sets and histogram buckets here must be exactly
//! controller-runtime's, which a facade leaves to whatever exporter the user installs.

use super::queue::QueueObserver;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ControllerLabel {
    controller: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ResultLabels {
    controller: String,
    /// `success`, `error`, `requeue_after`, `requeue`.
    result: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct QueueLabels {
    name: String,
    controller: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DepthLabels {
    name: String,
    controller: String,
    priority: String,
}

type HistogramFamily<L> = Family<L, Histogram, fn() -> Histogram>;

fn reconcile_histogram() -> Histogram {
    Histogram::new([
        0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8,
        0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0,
        15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0,
    ])
}

/// client-go's queue buckets: `ExponentialBuckets(10e-9, 10, 12)`.
fn queue_histogram() -> Histogram {
    Histogram::new(exponential_buckets(10e-9, 10.0, 12))
}

/// The metric families of every controller in a process (one registration per registry).
#[derive(Debug)]
pub struct Metrics {
    reconcile_total: Family<ResultLabels, Counter>,
    reconcile_errors: Family<ControllerLabel, Counter>,
    terminal_errors: Family<ControllerLabel, Counter>,
    panics: Family<ControllerLabel, Counter>,
    reconcile_time: HistogramFamily<ControllerLabel>,
    max_concurrent: Family<ControllerLabel, Gauge>,
    active_workers: Family<ControllerLabel, Gauge>,
    depth: Family<DepthLabels, Gauge>,
    adds: Family<QueueLabels, Counter>,
    queue_duration: HistogramFamily<QueueLabels>,
    work_duration: HistogramFamily<QueueLabels>,
    unfinished: Family<QueueLabels, Gauge<f64, AtomicU64>>,
    longest: Family<QueueLabels, Gauge<f64, AtomicU64>>,
    retries: Family<QueueLabels, Counter>,
}

impl Metrics {
    /// The families, registered in `registry`.
    pub fn register(registry: &mut Registry) -> Arc<Metrics> {
        let m = Metrics {
            reconcile_total: Family::default(),
            reconcile_errors: Family::default(),
            terminal_errors: Family::default(),
            panics: Family::default(),
            reconcile_time: Family::new_with_constructor(reconcile_histogram),
            max_concurrent: Family::default(),
            active_workers: Family::default(),
            depth: Family::default(),
            adds: Family::default(),
            queue_duration: Family::new_with_constructor(queue_histogram),
            work_duration: Family::new_with_constructor(queue_histogram),
            unfinished: Family::default(),
            longest: Family::default(),
            retries: Family::default(),
        };
        // Counters are registered without `_total`: the encoder adds it.
        let r = registry;
        r.register(
            "controller_runtime_reconcile",
            "Total number of reconciliations per controller",
            m.reconcile_total.clone(),
        );
        r.register(
            "controller_runtime_reconcile_errors",
            "Total number of reconciliation errors per controller",
            m.reconcile_errors.clone(),
        );
        r.register(
            "controller_runtime_terminal_reconcile_errors",
            "Total number of terminal reconciliation errors per controller",
            m.terminal_errors.clone(),
        );
        r.register(
            "controller_runtime_reconcile_panics",
            "Total number of reconciliation panics per controller",
            m.panics.clone(),
        );
        r.register(
            "controller_runtime_reconcile_time_seconds",
            "Length of time per reconciliation per controller",
            m.reconcile_time.clone(),
        );
        r.register(
            "controller_runtime_max_concurrent_reconciles",
            "Maximum number of concurrent reconciles per controller",
            m.max_concurrent.clone(),
        );
        r.register(
            "controller_runtime_active_workers",
            "Number of currently used workers per controller",
            m.active_workers.clone(),
        );
        r.register(
            "workqueue_depth",
            "Current depth of workqueue by workqueue and priority",
            m.depth.clone(),
        );
        r.register(
            "workqueue_adds",
            "Total number of adds handled by workqueue",
            m.adds.clone(),
        );
        r.register(
            "workqueue_queue_duration_seconds",
            "How long in seconds an item stays in workqueue before being requested",
            m.queue_duration.clone(),
        );
        r.register(
            "workqueue_work_duration_seconds",
            "How long in seconds processing an item from workqueue takes.",
            m.work_duration.clone(),
        );
        r.register(
            "workqueue_unfinished_work_seconds",
            "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
            m.unfinished.clone(),
        );
        r.register(
            "workqueue_longest_running_processor_seconds",
            "How many seconds has the longest running processor for workqueue been running.",
            m.longest.clone(),
        );
        r.register(
            "workqueue_retries",
            "Total number of items added to the workqueue with a non-zero delay (rate-limited requeues, explicit RequeueAfter or AddAfter calls)",
            m.retries.clone(),
        );
        Arc::new(m)
    }

    /// The metrics of one controller (its queue is named after it, as controller-runtime
    /// names it).
    pub(crate) fn controller(self: &Arc<Self>, name: &str) -> ControllerMetrics {
        ControllerMetrics {
            metrics: self.clone(),
            controller: ControllerLabel {
                controller: name.to_string(),
            },
            queue: QueueLabels {
                name: name.to_string(),
                controller: name.to_string(),
            },
        }
    }
}

/// How a reconcile ended, as `controller_runtime_reconcile_total`'s `result` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Success,
    Error,
    /// An error that retrying cannot fix (`ReconcileError::terminal`).
    TerminalError,
    RequeueAfter,
    Panic,
}

/// One controller's view of the families.
#[derive(Debug, Clone)]
pub(crate) struct ControllerMetrics {
    metrics: Arc<Metrics>,
    controller: ControllerLabel,
    queue: QueueLabels,
}

impl ControllerMetrics {
    pub fn workers(&self, max: usize) {
        self.metrics
            .max_concurrent
            .get_or_create(&self.controller)
            .set(i64::try_from(max).unwrap_or(i64::MAX));
        // Created at zero so dashboards see the controller before its first reconcile.
        for result in ["success", "error", "requeue_after", "requeue"] {
            let _created = self.metrics.reconcile_total.get_or_create(&ResultLabels {
                controller: self.controller.controller.clone(),
                result: result.to_string(),
            });
        }
        let _created = self
            .metrics
            .reconcile_errors
            .get_or_create(&self.controller);
        let _created = self.metrics.terminal_errors.get_or_create(&self.controller);
        let _created = self.metrics.panics.get_or_create(&self.controller);
    }

    pub fn active(&self, up: bool) {
        let gauge = self.metrics.active_workers.get_or_create(&self.controller);
        if up {
            gauge.inc();
        } else {
            gauge.dec();
        }
    }

    pub fn reconciled(&self, outcome: Outcome, took: Duration) {
        let m = &self.metrics;
        m.reconcile_time
            .get_or_create(&self.controller)
            .observe(took.as_secs_f64());
        let result = match outcome {
            Outcome::Success => "success",
            Outcome::RequeueAfter => "requeue_after",
            Outcome::Error | Outcome::TerminalError | Outcome::Panic => "error",
        };
        m.reconcile_total
            .get_or_create(&ResultLabels {
                controller: self.controller.controller.clone(),
                result: result.to_string(),
            })
            .inc();
        if matches!(
            outcome,
            Outcome::Error | Outcome::TerminalError | Outcome::Panic
        ) {
            m.reconcile_errors.get_or_create(&self.controller).inc();
        }
        if outcome == Outcome::TerminalError {
            m.terminal_errors.get_or_create(&self.controller).inc();
        }
        if outcome == Outcome::Panic {
            m.panics.get_or_create(&self.controller).inc();
        }
    }

    /// The queue's in-progress gauges, which controller-runtime refreshes every 500 ms.
    pub fn in_progress(&self, longest: Duration, unfinished: Duration) {
        let m = &self.metrics;
        m.longest
            .get_or_create(&self.queue)
            .set(longest.as_secs_f64());
        m.unfinished
            .get_or_create(&self.queue)
            .set(unfinished.as_secs_f64());
    }
}

impl QueueObserver for ControllerMetrics {
    fn added(&self) {
        self.metrics.adds.get_or_create(&self.queue).inc();
    }

    fn depth(&self, priority: i32, up: bool) {
        let labels = DepthLabels {
            name: self.queue.name.clone(),
            controller: self.queue.controller.clone(),
            priority: priority.to_string(),
        };
        let gauge = self.metrics.depth.get_or_create(&labels);
        if up {
            gauge.inc();
        } else {
            gauge.dec();
        }
    }

    fn waited(&self, waited: Duration) {
        self.metrics
            .queue_duration
            .get_or_create(&self.queue)
            .observe(waited.as_secs_f64());
    }

    fn worked(&self, worked: Duration) {
        self.metrics
            .work_duration
            .get_or_create(&self.queue)
            .observe(worked.as_secs_f64());
    }

    fn retried(&self) {
        self.metrics.retries.get_or_create(&self.queue).inc();
    }
}
