//! Version conversion through the internal hub.
//!
//! Every served version converts to and from the internal version and never to another
//! version directly (the "star" of the Kubernetes API change guide). `cargo xtask codegen`
//! writes a [`Versioned`] impl for every type that has an internal peer; hand-written
//! conversions replace the generated ones by name, without registration.
//!
//! Conversions take their input by value: fields move instead of being copied, so a
//! conversion costs little more than the allocations of the types that differ.

use std::fmt;

/// A versioned type and its internal (hub) peer.
pub trait Versioned: Sized {
    type Internal;
    fn to_internal(self) -> Result<Self::Internal, ConversionError>;
    fn from_internal(internal: Self::Internal) -> Result<Self, ConversionError>;
}

/// Converts between two versions of a type, through the internal version.
pub fn convert<From, To>(value: From) -> Result<To, ConversionError>
where
    From: Versioned,
    To: Versioned<Internal = From::Internal>,
{
    To::from_internal(value.to_internal()?)
}

/// Why a value could not be converted, and where: the path is built as the error travels
/// out through the nested conversions, so the success path carries no path at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    /// Outermost first once complete; built innermost first, hence reversed on display.
    segments: Vec<Segment>,
    message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Field(String),
    Index(usize),
    Key(String),
}

impl ConversionError {
    pub fn new(message: impl Into<String>) -> Self {
        ConversionError {
            segments: Vec::new(),
            message: message.into(),
        }
    }

    /// The error happened inside field `json_name` of the value being converted.
    pub fn within(mut self, json_name: &str) -> Self {
        self.segments.push(Segment::Field(json_name.to_string()));
        self
    }

    /// The error happened inside list item `index`.
    pub fn within_index(mut self, index: usize) -> Self {
        self.segments.push(Segment::Index(index));
        self
    }

    /// The error happened inside the map value under `key`.
    pub fn within_key(mut self, key: &dyn fmt::Display) -> Self {
        self.segments.push(Segment::Key(key.to_string()));
        self
    }

    /// The field path in Kubernetes' notation: `spec.ports[0].protocol`, `metadata.labels[app]`.
    pub fn path(&self) -> String {
        use crate::validation::{render_path, PathSegment};
        render_path(self.segments.iter().rev().map(|s| match s {
            Segment::Field(name) => PathSegment::Field(name),
            Segment::Index(i) => PathSegment::Index(*i),
            Segment::Key(k) => PathSegment::Key(k),
        }))
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.segments.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path(), self.message)
        }
    }
}

impl std::error::Error for ConversionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_renders_like_kubernetes() {
        let e = ConversionError::new("unknown value")
            .within("protocol")
            .within_index(2)
            .within("ports")
            .within("spec");
        assert_eq!(e.path(), "spec.ports[2].protocol");
        assert_eq!(e.to_string(), "spec.ports[2].protocol: unknown value");
        let e = ConversionError::new("bad")
            .within_key(&"app")
            .within("labels");
        assert_eq!(e.to_string(), "labels[app]: bad");
        assert_eq!(ConversionError::new("bad").to_string(), "bad");
    }
}
