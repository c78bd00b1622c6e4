//! The error a reconcile returns: any error, marked terminal when retrying cannot fix it
//! (controller-runtime's `reconcile.TerminalError`).

use std::error::Error;
use std::fmt;

type BoxError = Box<dyn Error + Send + Sync + 'static>;

/// Why a reconcile failed: any error (`?` converts one), retried with the queue's backoff,
/// or [`terminal`](Self::terminal), logged and counted but not retried until the object
/// changes.
///
/// It does not implement [`std::error::Error`] itself, as `anyhow::Error` does not: that
/// is what lets every error convert into it.
pub struct ReconcileError {
    error: BoxError,
    terminal: bool,
}

impl<E: Error + Send + Sync + 'static> From<E> for ReconcileError {
    fn from(error: E) -> Self {
        ReconcileError {
            error: Box::new(error),
            terminal: false,
        }
    }
}

impl ReconcileError {
    /// An error that retrying cannot fix (an invalid spec, a refused write of the same
    /// object): the controller counts it in `controller_runtime_terminal_reconcile_errors_total`
    /// and does not requeue the object; its next change reconciles it again.
    pub fn terminal(error: impl Into<ReconcileError>) -> Self {
        ReconcileError {
            terminal: true,
            ..error.into()
        }
    }

    /// An error of a message alone (`ReconcileError::msg("no colour")`), for a failure no
    /// error type describes.
    pub fn msg(message: impl fmt::Display + fmt::Debug + Send + Sync + 'static) -> Self {
        ReconcileError::from(Message(message))
    }

    /// Whether retrying cannot fix it.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// The wrapped error.
    pub fn as_error(&self) -> &(dyn Error + Send + Sync + 'static) {
        &*self.error
    }

    /// The wrapped error, owned.
    pub fn into_inner(self) -> Box<dyn Error + Send + Sync + 'static> {
        self.error
    }

    /// The wrapped error as a `T`, if it is one (`e.downcast_ref::<kapi::client::Error>()`).
    pub fn downcast_ref<T: Error + 'static>(&self) -> Option<&T> {
        self.error.downcast_ref::<T>()
    }

    /// The wrapped error's sources, outermost first, leaving out one whose message the
    /// text before it already holds (many errors print their source in their own message).
    fn write_chain(&self, f: &mut fmt::Formatter<'_>, separator: &str) -> fmt::Result {
        let mut seen = self.error.to_string();
        f.write_str(&seen)?;
        let mut source = self.error.source();
        while let Some(error) = source {
            let text = error.to_string();
            if !seen.contains(&text) {
                write!(f, "{separator}{text}")?;
                seen.push_str(&text);
            }
            source = error.source();
        }
        Ok(())
    }
}

/// `terminal error: ` first, as controller-runtime's `TerminalError` prints itself, then
/// the error and its sources, `: `-separated.
impl fmt::Display for ReconcileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terminal {
            f.write_str("terminal error: ")?;
        }
        self.write_chain(f, ": ")
    }
}

/// The wrapped error's own `Debug`, and its sources' messages (a boxed error's `Debug`
/// seldom shows them).
impl fmt::Debug for ReconcileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sources: Vec<String> = std::iter::successors(self.error.source(), |e| (*e).source())
            .map(ToString::to_string)
            .collect();
        f.debug_struct("ReconcileError")
            .field("terminal", &self.terminal)
            .field("error", &self.error)
            .field("sources", &sources)
            .finish()
    }
}

/// A message as an error, for [`ReconcileError::msg`].
struct Message<M>(M);

impl<M: fmt::Display> fmt::Display for Message<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<M: fmt::Debug> fmt::Debug for Message<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<M: fmt::Display + fmt::Debug> Error for Message<M> {}

/// Whether a reconcile's error is a terminal [`ReconcileError`]; an error of another type
/// never is.
pub(crate) fn is_terminal<E: 'static>(error: &E) -> bool {
    (error as &dyn std::any::Any)
        .downcast_ref::<ReconcileError>()
        .is_some_and(ReconcileError::is_terminal)
}

#[cfg(test)]
mod tests {
    use super::{is_terminal, ReconcileError};
    use std::error::Error;
    use std::fmt;

    #[derive(Debug)]
    struct Outer(std::io::Error);

    impl fmt::Display for Outer {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("writing the status")
        }
    }

    impl Error for Outer {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            Some(&self.0)
        }
    }

    fn refused() -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused")
    }

    #[test]
    fn question_mark_converts_any_error_and_it_is_retried() {
        fn reconcile() -> Result<(), ReconcileError> {
            Err(refused())?;
            Ok(())
        }
        let error = reconcile().expect_err("fails");
        assert!(!error.is_terminal());
        assert!(!is_terminal(&error));
        assert_eq!(error.to_string(), "connection refused");
        let io = error
            .downcast_ref::<std::io::Error>()
            .expect("an io::Error");
        assert_eq!(io.kind(), std::io::ErrorKind::ConnectionRefused);
        assert!(error.downcast_ref::<fmt::Error>().is_none());
    }

    /// controller-runtime's `terminalError.Error()`: `"terminal error: " + err.Error()`
    /// (pkg/reconcile/reconcile.go).
    #[test]
    fn a_terminal_error_says_so_and_shows_its_sources() {
        let error = ReconcileError::terminal(Outer(refused()));
        assert!(error.is_terminal());
        assert!(is_terminal(&error));
        assert_eq!(
            error.to_string(),
            "terminal error: writing the status: connection refused"
        );
        let debug = format!("{error:?}");
        assert!(
            debug.starts_with("ReconcileError { terminal: true, error: Outer("),
            "{debug}"
        );
        assert!(
            debug.ends_with("sources: [\"connection refused\"] }"),
            "{debug}"
        );
        assert_eq!(
            error
                .as_error()
                .source()
                .map(ToString::to_string)
                .as_deref(),
            Some("connection refused")
        );
        // Marking a `ReconcileError` terminal keeps what it wraps.
        let again = ReconcileError::terminal(ReconcileError::from(Outer(refused())));
        assert!(again.is_terminal());
        assert!(again.into_inner().downcast::<Outer>().is_ok());
        // `?` passes a terminal error on as it is, as Go's `errors.Is` still finds a
        // wrapped `TerminalError`.
        fn inner() -> Result<(), ReconcileError> {
            Err(ReconcileError::terminal(refused()))
        }
        fn outer() -> Result<(), ReconcileError> {
            inner()?;
            Ok(())
        }
        assert!(outer().expect_err("fails").is_terminal());
    }

    #[test]
    fn a_source_the_message_already_holds_is_not_repeated() {
        #[derive(Debug)]
        struct Repeats(std::io::Error);
        impl fmt::Display for Repeats {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "transport error: {}", self.0)
            }
        }
        impl Error for Repeats {
            fn source(&self) -> Option<&(dyn Error + 'static)> {
                Some(&self.0)
            }
        }
        let error = ReconcileError::from(Repeats(refused()));
        assert_eq!(error.to_string(), "transport error: connection refused");
    }

    #[test]
    fn a_message_is_an_error_too() {
        let error = ReconcileError::terminal(ReconcileError::msg("spec.colour is empty"));
        assert_eq!(error.to_string(), "terminal error: spec.colour is empty");
    }

    #[test]
    fn errors_of_other_types_are_never_terminal() {
        assert!(!is_terminal(&"terminal error: a string".to_string()));
        assert!(!is_terminal(&kapi_client::Error::Timeout));
    }
}
