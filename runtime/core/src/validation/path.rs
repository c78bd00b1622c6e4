//! Field paths built on the stack while validating, rendered only when an error needs one.

use std::fmt;

/// A field path (`spec.ports[0].name`) as a chain of borrowed segments: making a child path
/// allocates nothing; [`Path::render`] builds the string for an error.
#[derive(Clone, Copy)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    segment: Segment<'a>,
}

/// One step of a field path; conversion errors render theirs with [`render`] too.
#[derive(Clone, Copy)]
pub(crate) enum Segment<'a> {
    Root,
    Field(&'a str),
    Index(usize),
    Key(&'a str),
}

/// Kubernetes' notation for segments given outermost first: `spec.ports[0].name`,
/// `metadata.labels[app]`.
pub(crate) fn render<'a>(segments: impl IntoIterator<Item = Segment<'a>>) -> String {
    let mut out = String::new();
    for segment in segments {
        match segment {
            Segment::Root => {}
            Segment::Field(name) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
            }
            Segment::Index(i) => {
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
            Segment::Key(k) => {
                out.push('[');
                out.push_str(k);
                out.push(']');
            }
        }
    }
    out
}

impl<'a> Path<'a> {
    /// The empty path: errors on the object itself.
    pub const fn root() -> Path<'static> {
        Path {
            parent: None,
            segment: Segment::Root,
        }
    }

    pub fn child(&'a self, name: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            segment: Segment::Field(name),
        }
    }

    pub fn index(&'a self, index: usize) -> Path<'a> {
        Path {
            parent: Some(self),
            segment: Segment::Index(index),
        }
    }

    pub fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            segment: Segment::Key(key),
        }
    }

    /// Kubernetes' notation: `spec.ports[0].name`, `metadata.labels[app]`.
    pub fn render(&self) -> String {
        let mut segments = Vec::new();
        let mut at = Some(self);
        while let Some(p) = at {
            segments.push(p.segment);
            at = p.parent;
        }
        render(segments.into_iter().rev())
    }
}

impl fmt::Debug for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Path({})", self.render())
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_kubernetes() {
        let root = Path::root();
        let spec = root.child("spec");
        let ports = spec.child("ports");
        let first = ports.index(0);
        assert_eq!(first.child("name").render(), "spec.ports[0].name");
        let meta = root.child("metadata");
        let labels = meta.child("labels");
        assert_eq!(labels.key("app").render(), "metadata.labels[app]");
        assert_eq!(root.render(), "");
        assert_eq!(root.index(2).child("x").render(), "[2].x");
    }
}
