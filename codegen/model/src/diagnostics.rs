//! Errors about the user's source, collected so one run reports all of them.
//!
//! The proc-macro turns each diagnostic into a spanned `compile_error!`; codegen renders it
//! like rustc does, with file:line:column, the source line and a caret under the offending
//! text. Both use the same message, so a marker error reads the same wherever it is found.
//! Codegen's linter reports [`Severity::Warning`]s the same way; everything else is an error.

use crate::span::{CompilerSpans, Span};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How bad a diagnostic is. Errors stop generation; warnings (lint findings) are printed
/// and generation goes on, unless `--strict` turns them into errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    /// Background after the help, e.g. how to allow a lint.
    pub note: Option<String>,
    pub severity: Severity,
    /// The file the span points into; set by codegen, empty inside the proc-macro.
    pub file: Option<PathBuf>,
}

impl Diagnostic {
    pub fn new(span: impl Into<Span>, message: impl Into<String>) -> Self {
        Diagnostic {
            span: span.into(),
            message: message.into(),
            help: None,
            note: None,
            severity: Severity::Error,
            file: None,
        }
    }

    pub fn warning(span: impl Into<Span>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::new(span, message)
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    pub fn with_file(mut self, file: impl Into<PathBuf>) -> Self {
        self.file = Some(file.into());
        self
    }

    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// The message with the help and note appended: what `compile_error!` shows.
    pub fn full_message(&self) -> String {
        let mut out = self.message.clone();
        if let Some(help) = &self.help {
            out.push_str(&format!("\n  = help: {help}"));
        }
        if let Some(note) = &self.note {
            out.push_str(&format!("\n  = note: {note}"));
        }
        out
    }

    /// The diagnostic at its compiler span (`spans`: kept while its item was parsed).
    pub fn to_syn_error(&self, spans: &CompilerSpans) -> syn::Error {
        syn::Error::new(spans.get(self.span), self.full_message())
    }

    /// Renders like rustc: `error: msg` (or `warning: msg`), ` --> file:line:col`, the line, a
    /// caret, the help and the note.
    /// `root` is stripped from the file path so output does not depend on the checkout.
    pub fn render(&self, source: &str, root: Option<&Path>) -> String {
        let start = self.span.start();
        let end = self.span.end();
        let line_no = start.line.max(1);
        let col = start.column;
        let file = self
            .file
            .as_deref()
            .map(|f| {
                root.and_then(|r| f.strip_prefix(r).ok())
                    .unwrap_or(f)
                    .display()
                    .to_string()
            })
            .unwrap_or_else(|| "<input>".to_string());
        let line_text = source.lines().nth(line_no - 1).unwrap_or("");
        let width = if end.line == start.line && end.column > col {
            end.column - col
        } else {
            1
        };
        let gutter = " ".repeat(line_no.to_string().len());
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", self.severity.label(), self.message);
        let _ = writeln!(out, "{gutter}--> {file}:{line_no}:{}", col + 1);
        let _ = writeln!(out, "{gutter} |");
        let _ = writeln!(out, "{line_no} | {line_text}");
        // Columns count characters; tabs keep their width so the caret lines up.
        let pad: String = line_text
            .chars()
            .take(col)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "{gutter} | {pad}{}", "^".repeat(width));
        if let Some(help) = &self.help {
            let _ = writeln!(out, "{gutter} = help: {help}");
        }
        if let Some(note) = &self.note {
            let _ = writeln!(out, "{gutter} = note: {note}");
        }
        out
    }
}

/// Collects diagnostics during one parse so all errors are reported together.
#[derive(Debug, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    pub fn error(&mut self, span: impl Into<Span>, message: impl Into<String>) {
        self.push(Diagnostic::new(span, message));
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.items
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(other);
    }

    /// Marks every diagnostic that has no file yet as coming from `file`.
    pub fn set_file(&mut self, file: &Path) {
        for d in &mut self.items {
            if d.file.is_none() {
                d.file = Some(file.to_path_buf());
            }
        }
    }

    /// All diagnostics as one `syn::Error`, each at its own compiler span.
    pub fn to_syn_error(&self, spans: &CompilerSpans) -> Option<syn::Error> {
        let mut iter = self.items.iter();
        let mut err = iter.next()?.to_syn_error(spans);
        for d in iter {
            err.combine(d.to_syn_error(spans));
        }
        Some(err)
    }
}

/// The closest candidate to `input` by edit distance, if it is close enough to be a likely typo.
/// Case and `-` versus `_` do not count: `dns1123_Lable` is close to `dns1123-label`.
pub fn closest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let normalize = |s: &str| s.replace('-', "_").to_lowercase();
    let normalized = normalize(input);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&normalized, &normalize(c)), c))
        .filter(|(d, c)| *d <= (c.len().max(normalized.len()) / 3).max(2))
        .min_by_key(|(d, c)| (*d, *c))
        .map(|(_, c)| c)
}
