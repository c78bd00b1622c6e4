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
            done.push((i, run));
        }
    };
    let (mut done, first): (Vec<(usize, Run)>, R) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.clamp(1, generators.len().max(1)))
            .map(|_| scope.spawn(work))
            .collect();
        let first = first();
        let mut all = work();
        for helper in helpers {
            match helper.join() {
                Ok(runs) => all.extend(runs),
                // A generator that panicked: the same panic, on the caller's thread.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (all, first)
    });
    done.sort_by_key(|(i, _)| *i);
    (done.into_iter().map(|(_, run)| run).collect(), first)
}
