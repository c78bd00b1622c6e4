//! Field paths rendered the way Kubernetes' strict decoder prints them: `spec.items[0].name`.

use std::fmt::Write as _;

#[derive(Debug, Clone, Default)]
pub(crate) struct FieldPath {
    rendered: String,
}

impl FieldPath {
    pub(crate) fn key(&self, key: &str) -> FieldPath {
        let mut rendered = self.rendered.clone();
        if !rendered.is_empty() {
            rendered.push('.');
        }
        rendered.push_str(key);
        FieldPath { rendered }
    }

    pub(crate) fn index(&self, index: usize) -> FieldPath {
        let mut rendered = self.rendered.clone();
        let _ = write!(rendered, "[{index}]");
        FieldPath { rendered }
    }

    pub(crate) fn as_str(&self) -> &str {
        &self.rendered
    }
}

/// Renders a serde_ignored path; sequence indexes in brackets, map keys dotted.
pub(crate) fn render_ignored(path: &serde_ignored::Path) -> String {
    use serde_ignored::Path;
    fn walk(p: &Path, out: &mut String) {
        match p {
            Path::Root => {}
            Path::Seq { parent, index } => {
                walk(parent, out);
                let _ = write!(out, "[{index}]");
            }
            Path::Map { parent, key } => {
                walk(parent, out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Some { parent }
            | Path::NewtypeStruct { parent }
            | Path::NewtypeVariant { parent } => walk(parent, out),
        }
    }
    let mut out = String::new();
    walk(path, &mut out);
    out
}
