//! Why a codegen run stopped.

#[derive(Debug)]
pub enum Error {
    /// Settings or files could not be read or written.
    Io(String),
    /// The API source has errors; rendered like rustc, ready to print.
    Source { rendered: String, count: usize },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(msg) => f.write_str(msg),
            Error::Source { rendered, count } => {
                write!(
                    f,
                    "{rendered}\nerror: could not generate: {count} error(s) in the API source"
                )
            }
        }
    }
}

impl std::error::Error for Error {}
