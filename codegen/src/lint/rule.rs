//! A lint rule and where its findings go.

use super::api::Api;
use crate::diagnostics::Diagnostic;
use crate::markers::Key;
use crate::model::{Field, Spanned, TypeDef, Variant};
use crate::span::Span;

/// One convention, checked over the whole model.
pub struct Rule {
    /// Stable kebab-case name, the value `allow_lint` takes.
    pub name: &'static str,
    /// Why the convention exists, in one line (the README's Linter table).
    pub rationale: &'static str,
    pub(super) check: fn(&Api, &mut Sink),
}

/// One finding of one rule, as a warning with file, span, help and how to allow it.
#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static str,
    pub diagnostic: Diagnostic,
}

/// Where one rule's findings go; drops those the markers allow.
pub(crate) struct Sink {
    rule: &'static Rule,
    findings: Vec<Finding>,
}

impl Sink {
    pub(super) fn new(rule: &'static Rule) -> Self {
        Sink {
            rule,
            findings: Vec::new(),
        }
    }

    pub(super) fn into_findings(self) -> Vec<Finding> {
        self.findings
    }

    pub fn on_type(&mut self, t: &TypeDef, message: impl Into<String>, help: impl Into<String>) {
        self.push(t, &[], t.span, message.into(), help.into());
    }

    /// On a type, pointing at one of its markers (or the type's name without it).
    pub fn on_marker(
        &mut self,
        t: &TypeDef,
        marker: Key,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        let span = t.marker_spans.span(marker).unwrap_or(t.span);
        self.push(t, &[], span, message.into(), help.into());
    }

    pub fn on_field(
        &mut self,
        t: &TypeDef,
        f: &Field,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.push(t, &f.allow_lint, f.span, message.into(), help.into());
    }

    pub fn on_variant(
        &mut self,
        t: &TypeDef,
        v: &Variant,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.push(t, &v.allow_lint, v.span, message.into(), help.into());
    }

    fn push(
        &mut self,
        t: &TypeDef,
        inner: &[Spanned<String>],
        span: Span,
        message: String,
        help: String,
    ) {
        let name = self.rule.name;
        let allowed = |by: &[Spanned<String>]| by.iter().any(|r| r.value == name);
        if allowed(&t.allow_lint) || allowed(inner) {
            return;
        }
        self.findings.push(Finding {
            rule: name,
            diagnostic: Diagnostic::warning(span, message)
                .with_help(help)
                .with_note(format!("allow with #[k8s(allow_lint = \"{name}\")]"))
                .with_file(&t.file),
        });
    }
}
