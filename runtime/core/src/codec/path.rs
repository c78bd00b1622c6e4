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
