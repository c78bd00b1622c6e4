//! Running the generators side by side: they only read the model, so each core takes the
//! next generator not yet started, and the results come back in registry order, which keeps
//! the run's files and diagnostics the same whatever the threads did.

use super::core::{Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// What one generator produced, and how long it took.
pub struct Run {
    pub files: Vec<GeneratedFile>,
    pub diagnostics: Diagnostics,
    pub elapsed: Duration,
}

/// Runs every generator of `generators` in `cx` on up to `threads` threads (this one
/// included), this thread doing `first` before it takes generators too: the runs in the
/// order of `generators`, and what `first` returned.
pub fn run_all<F: FnOnce() -> R, R>(
    cx: &Context,
    generators: &[Box<dyn Generator>],
    threads: usize,
    first: F,
) -> (Vec<Run>, R) {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(g) = generators.get(i) else {
                return done;
            };
            let start = std::time::Instant::now();
            let mut diagnostics = Diagnostics::default();
            let files = g.generate(cx, &mut diagnostics);
            let run = Run {
                files,
                diagnostics,
                elapsed: start.elapsed(),
            };
            done.push((i, ThreadBound(run)));
        }
    };
    let shared = ThreadBound(&work);
    let (mut done, first): (Vec<(usize, ThreadBound<Run>)>, R) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.clamp(1, generators.len().max(1)))
            .map(|_| {
                let shared = &shared;
                scope.spawn(move || ThreadBound((shared.0)()))
            })
            .collect();
        let first = first();
        let mut all = work();
        for helper in helpers {
            match helper.join() {
                Ok(runs) => all.extend(runs.0),
                // A generator that panicked: the same panic, on the caller's thread.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (all, first)
    });
    done.sort_by_key(|(i, _)| *i);
    (done.into_iter().map(|(_, run)| run.0).collect(), first)
}

/// A value handed between the threads of one run although its type says it may not be.
///
/// The model, the index and diagnostics hold `proc_macro2::Span`s, which are neither `Send`
/// nor `Sync` because inside a proc-macro they are handles into the compiler. Generators
/// never run inside a proc-macro (the derive builds codegen without its `generate`
/// feature), and there a span is proc-macro2's fallback: two byte offsets, read and copied
/// but never changed, so sharing them is sound. A fallback span must not look up its line
/// off its thread (a thread-local source map); [`crate::span::Span`] keeps the line and
/// column read where it was parsed, and nothing asks proc-macro2 again. Everything else the
/// threads share is `Sync` (the generators, the settings, the index's maps).
struct ThreadBound<T>(T);

// SAFETY: see the type's documentation.
unsafe impl<T> Send for ThreadBound<T> {}
// SAFETY: see the type's documentation.
unsafe impl<T> Sync for ThreadBound<T> {}
