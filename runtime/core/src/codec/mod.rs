//! Encoding objects to and from the wire: JSON (lenient and strict), YAML, protobuf.

pub mod json;
pub mod protobuf;
pub mod yaml;

pub(crate) mod duplicates;
mod error;
pub(crate) mod path;
pub(crate) mod track;

pub use error::CodecError;
pub use json::Strict;
