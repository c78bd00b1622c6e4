//! Encoding objects to and from the wire: JSON (lenient and strict), YAML, protobuf.

pub mod json;
pub mod protobuf;
pub mod yaml;

pub(crate) mod duplicates;
mod error;
mod path;

pub use error::CodecError;
pub use json::Strict;
