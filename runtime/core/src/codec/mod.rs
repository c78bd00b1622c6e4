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

/// Reports `paths` (`spec.colour`, from the object's root) as fields unknown to the kind
/// being decoded, for `fieldValidation`: what a kind whose decoder finds them itself (a
/// CRD's schema, by pruning) calls from its `KindHandler::decode_json`. Nothing happens
/// unless the scheme's unknown-field check is decoding on this thread.
pub fn report_unknown_fields(paths: impl IntoIterator<Item = String>) {
    if track::active() {
        track::unknown_fields_found(paths);
    }
}
