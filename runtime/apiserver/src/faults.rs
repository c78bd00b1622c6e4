//! Fault injection: what a reliability test does to the server while clients run.

use kapi_serving::StatusError;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// A request the server saw, for tests that count retries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRequest {
    pub method: String,
    /// Path and query.
    pub uri: String,
}

/// Failures to inject: the next `count` requests that match get `code` instead of being
/// served.
#[derive(Debug, Clone)]
pub struct Failure {
    pub count: usize,
    pub code: u16,
    pub message: String,
    /// Sent as `Retry-After` and in the Status details.
    pub retry_after: Option<u32>,
    /// Only requests with this method (`GET`, `POST`, ...); all when `None`.
    pub method: Option<String>,
    /// Only requests whose path contains this.
    pub path_contains: Option<String>,
    /// Panic while serving instead of answering `code`: proves a handler's panic is answered
    /// with a 500 `Status`, not a dropped connection.
    pub panic: bool,
}

impl Failure {
    pub fn new(count: usize, code: u16) -> Self {
        Failure {
            count,
            code,
            message: format!("injected failure with code {code}"),
            retry_after: None,
            method: None,
            path_contains: None,
            panic: false,
        }
    }

    /// The next `count` matching requests panic in the server.
    pub fn panic(count: usize) -> Self {
        Failure {
            message: "injected panic".to_string(),
            panic: true,
            ..Failure::new(count, 500)
        }
    }

    pub fn retry_after(mut self, seconds: u32) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    pub fn method(mut self, method: &str) -> Self {
        self.method = Some(method.to_ascii_uppercase());
        self
    }

    pub fn path_contains(mut self, fragment: &str) -> Self {
        self.path_contains = Some(fragment.to_string());
        self
    }

    pub fn message(mut self, message: &str) -> Self {
        self.message = message.to_string();
        self
    }

    fn matches(&self, method: &str, path: &str) -> bool {
        self.method.as_deref().is_none_or(|m| m == method)
            && self
                .path_contains
                .as_deref()
                .is_none_or(|f| path.contains(f))
    }
}

const LOG_LIMIT: usize = 10_000;

#[derive(Default)]
pub(crate) struct FaultState {
    failures: Mutex<Vec<Failure>>,
    log: Mutex<VecDeque<RecordedRequest>>,
    paused: Option<tokio::sync::watch::Sender<bool>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl FaultState {
    pub fn new() -> Self {
        FaultState {
            paused: Some(tokio::sync::watch::Sender::new(false)),
            ..Default::default()
        }
    }

    pub fn add_failure(&self, failure: Failure) {
        if failure.count > 0 {
            lock(&self.failures).push(failure);
        }
    }

    pub fn clear_failures(&self) {
        lock(&self.failures).clear();
    }

    /// Records the request and returns the injected failure it gets, if any (or panics, when
    /// the failure says so).
    pub fn on_request(&self, method: &str, path: &str, uri: &str) -> Option<StatusError> {
        {
            let mut log = lock(&self.log);
            if log.len() == LOG_LIMIT {
                log.pop_front();
            }
            log.push_back(RecordedRequest {
                method: method.to_string(),
                uri: uri.to_string(),
            });
        }
        let mut failures = lock(&self.failures);
        let i = failures.iter().position(|f| f.matches(method, path))?;
        let f = &mut failures[i];
        f.count -= 1;
        let error = StatusError::injected(f.code, f.message.clone(), f.retry_after);
        let panic = f.panic;
        if f.count == 0 {
            failures.remove(i);
        }
        drop(failures);
        if panic {
            panic!("{}", error.status.message);
        }
        Some(error)
    }

    pub fn requests(&self) -> Vec<RecordedRequest> {
        lock(&self.log).iter().cloned().collect()
    }

    pub fn clear_requests(&self) {
        lock(&self.log).clear();
    }

    pub fn set_paused(&self, paused: bool) {
        if let Some(tx) = &self.paused {
            tx.send_replace(paused);
        }
    }

    /// Waits while the server is paused.
    pub async fn wait_unpaused(&self) {
        if let Some(tx) = &self.paused {
            let mut rx = tx.subscribe();
            // The sender lives as long as the state, so this only ends when unpaused.
            let _ = rx.wait_for(|paused| !paused).await;
        }
    }
}

/// The test's handle on the server's faults; cheap to clone.
#[derive(Clone)]
pub struct Faults {
    pub(crate) state: Arc<FaultState>,
    pub(crate) store: Arc<super::store::MvccStore<super::stored::Stored>>,
}

impl Faults {
    /// Ends every open watch, as a restarting or overloaded server does.
    pub fn drop_watches(&self) {
        self.store.drop_watches();
    }

    /// Forgets the history: watches and continue tokens from before now get 410 Gone.
    pub fn compact(&self) {
        self.store.compact(None);
    }

    /// Fails the next matching requests with the failure's code.
    pub fn fail(&self, failure: Failure) {
        self.state.add_failure(failure);
    }

    /// Fails the next `count` requests with `code`.
    pub fn fail_next(&self, count: usize, code: u16) {
        self.fail(Failure::new(count, code));
    }

    pub fn clear_failures(&self) {
        self.state.clear_failures();
    }

    /// Holds every new request until [`resume`](Self::resume); open watches keep streaming.
    pub fn pause(&self) {
        self.state.set_paused(true);
    }

    pub fn resume(&self) {
        self.state.set_paused(false);
    }

    /// Every request seen so far (the last 10,000), in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.requests()
    }

    pub fn clear_requests(&self) {
        self.state.clear_requests();
    }
}
