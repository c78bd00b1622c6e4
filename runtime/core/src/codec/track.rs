//! Where a decode is in its input, for the decodes that must say so: the path of a failure
//! (`spec.ports[0].port`) and of each unknown field (`fieldValidation`).
//!
//! Every JSON decode of a kapi type runs serde_json's deserializer over a byte slice, tracked
//! or not, so each type's `Deserialize` is compiled once. A wrapping deserializer
//! (serde_path_to_error, serde_ignored) would compile every type again per wrapper. Instead
//! kapi's own readers, which see each key and index (the shared struct visitor, the list and
//! map helpers of `__private::deserialize`, `StringMap`), keep the path here while [`run`]
//! is on the stack of this thread. Untracked, they pay one thread-local read per object,
//! list or map.
//!
//! A failed read never truncates the path: the innermost reader fails first, every reader
//! above it returns the error at once, so the path left behind is where it failed.

use std::cell::{Cell, RefCell};
use std::fmt::Write as _;

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static TRACKER: RefCell<Tracker> = const { RefCell::new(Tracker::new()) };
}

struct Tracker {
    /// The path as Kubernetes prints it, keys dotted, indexes in brackets.
    path: String,
    /// Where each segment of `path` starts.
    starts: Vec<usize>,
    /// The unknown fields met so far, when the caller asked for them.
    unknown_fields: Option<Vec<String>>,
}

impl Tracker {
    const fn new() -> Self {
        Tracker {
            path: String::new(),
            starts: Vec::new(),
            unknown_fields: None,
        }
    }
}

/// What a tracked decode saw.
pub(crate) struct Report {
    /// Where the decode failed; `None` when it did not, or failed before any field.
    pub failed_at: Option<String>,
    /// Every field of the input the types do not have, in input order (empty unless asked).
    pub unknown_fields: Vec<String>,
}

/// Runs `decode` with tracking on; `unknown_fields` asks for the unknown fields as well.
/// A tracked decode inside another (a type decoding embedded JSON) tracks on its own.
pub(crate) fn run<T, E>(
    unknown_fields: bool,
    decode: impl FnOnce() -> Result<T, E>,
) -> (Result<T, E>, Report) {
    /// Puts the caller's tracking back, also when `decode` panics.
    struct Restore {
        active: bool,
        outer: Option<Tracker>,
    }
    impl Drop for Restore {
        fn drop(&mut self) {
            ACTIVE.set(self.active);
            if let Some(outer) = self.outer.take() {
                TRACKER.set(outer);
            }
        }
    }
    let mut fresh = Tracker::new();
    fresh.unknown_fields = unknown_fields.then(Vec::new);
    let restore = Restore {
        active: ACTIVE.replace(true),
        outer: Some(TRACKER.replace(fresh)),
    };
    let result = decode();
    let ours = TRACKER.replace(Tracker::new());
    drop(restore);
    let report = Report {
        failed_at: (result.is_err() && !ours.path.is_empty()).then_some(ours.path),
        unknown_fields: ours.unknown_fields.unwrap_or_default(),
    };
    (result, report)
}

/// Whether a tracked decode runs on this thread: readers ask once per object, list or map.
#[inline]
pub(crate) fn active() -> bool {
    ACTIVE.get()
}

/// How many segments the path has: what a reader truncates back to after each value.
pub(crate) fn depth() -> usize {
    TRACKER.with_borrow(|t| t.starts.len())
}

/// Enters the value of `key`.
pub(crate) fn push_key(key: &str) {
    TRACKER.with_borrow_mut(|t| {
        t.starts.push(t.path.len());
        if !t.path.is_empty() {
            t.path.push('.');
        }
        t.path.push_str(key);
    })
}

/// Enters the element at `index`.
pub(crate) fn push_index(index: usize) {
    TRACKER.with_borrow_mut(|t| {
        t.starts.push(t.path.len());
        let _ = write!(t.path, "[{index}]");
    })
}

/// Leaves every segment past `depth`, after a value was read.
pub(crate) fn truncate(depth: usize) {
    TRACKER.with_borrow_mut(|t| {
        if let Some(&start) = t.starts.get(depth) {
            t.path.truncate(start);
            t.starts.truncate(depth);
        }
    })
}

/// The key just entered is not a field of its type.
pub(crate) fn unknown_field() {
    TRACKER.with_borrow_mut(|t| {
        let Tracker {
            path,
            unknown_fields,
            ..
        } = t;
        if let Some(found) = unknown_fields {
            found.push(path.clone());
        }
    })
}

/// Fields a kind found unknown by itself (a schema's pruning), at paths from the decode's
/// root, added to those the tracked decode reports.
pub(crate) fn unknown_fields_found(paths: impl IntoIterator<Item = String>) {
    TRACKER.with_borrow_mut(|t| {
        if let Some(found) = &mut t.unknown_fields {
            found.extend(paths);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_keeps_its_path_and_the_caller_its_own() {
        let (result, report) = run(true, || {
            push_key("spec");
            let d = depth();
            push_key("ports");
            push_index(1);
            push_key("proto");
            unknown_field();
            truncate(d);
            push_key("items");
            push_index(0);
            let (inner, inner_report) = run(false, || {
                push_key("x");
                Err::<(), _>("inner")
            });
            assert_eq!(inner, Err("inner"));
            assert_eq!(inner_report.failed_at.as_deref(), Some("x"));
            assert!(active());
            Err::<(), _>("outer")
        });
        assert_eq!(result, Err("outer"));
        assert_eq!(report.failed_at.as_deref(), Some("spec.items[0]"));
        assert_eq!(report.unknown_fields, ["spec.ports[1].proto"]);
        assert!(!active());
        assert_eq!(depth(), 0);
    }

    #[test]
    fn a_success_has_no_failure_path() {
        let (result, report) = run(false, || {
            push_key("a");
            unknown_field();
            Ok::<_, ()>(1)
        });
        assert_eq!(result, Ok(1));
        assert!(report.failed_at.is_none());
        assert!(report.unknown_fields.is_empty());
    }
}
