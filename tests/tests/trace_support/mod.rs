//! A `tracing` subscriber for tests: every span with its fields as text, and every
//! warning.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// A span as recorded: its name and every field it was given, as text.
#[derive(Debug, Clone, Default)]
pub struct Recorded {
    pub name: String,
    pub fields: BTreeMap<String, String>,
}

/// A subscriber that keeps every span and every warning.
#[derive(Default)]
pub struct Capture {
    next: AtomicU64,
    spans: Mutex<BTreeMap<u64, Recorded>>,
    pub warnings: Mutex<Vec<String>>,
    /// The spans entered and not yet exited, innermost last, for `Span::current`.
    entered: Mutex<Vec<(u64, &'static Metadata<'static>)>>,
    metadata: Mutex<BTreeMap<u64, &'static Metadata<'static>>>,
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(
            field.name().to_string(),
            format!("{value:?}").trim_matches('"').to_string(),
        );
    }
}

/// The subscriber handed to `tracing`; the test keeps the `Capture` to read.
pub struct Shared(pub Arc<Capture>);

impl Subscriber for Shared {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.0.next.fetch_add(1, Ordering::SeqCst) + 1;
        let mut recorded = Recorded {
            name: span.metadata().name().to_string(),
            ..Recorded::default()
        };
        span.record(&mut Fields(&mut recorded.fields));
        self.0.metadata.lock().unwrap().insert(id, span.metadata());
        self.0.spans.lock().unwrap().insert(id, recorded);
        Id::from_u64(id)
    }
    fn record(&self, span: &Id, values: &Record<'_>) {
        if let Some(recorded) = self.0.spans.lock().unwrap().get_mut(&span.into_u64()) {
            values.record(&mut Fields(&mut recorded.fields));
        }
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        if *event.metadata().level() == tracing::Level::WARN {
            let mut fields = BTreeMap::new();
            event.record(&mut Fields(&mut fields));
            self.0
                .warnings
                .lock()
                .unwrap()
                .push(fields.remove("message").unwrap_or_default());
        }
    }
    fn enter(&self, span: &Id) {
        let id = span.into_u64();
        if let Some(meta) = self.0.metadata.lock().unwrap().get(&id) {
            self.0.entered.lock().unwrap().push((id, meta));
        }
    }
    fn exit(&self, span: &Id) {
        let mut entered = self.0.entered.lock().unwrap();
        if let Some(at) = entered.iter().rposition(|(id, _)| *id == span.into_u64()) {
            entered.remove(at);
        }
    }
    fn current_span(&self) -> tracing_core::span::Current {
        match self.0.entered.lock().unwrap().last() {
            Some((id, meta)) => tracing_core::span::Current::new(Id::from_u64(*id), meta),
            None => tracing_core::span::Current::none(),
        }
    }
}

impl Capture {
    pub fn spans(&self, name: &str) -> Vec<BTreeMap<String, String>> {
        self.spans
            .lock()
            .unwrap()
            .values()
            .filter(|s| s.name == name)
            .map(|s| s.fields.clone())
            .collect()
    }
}
