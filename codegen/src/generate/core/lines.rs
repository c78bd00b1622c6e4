//! The lines of a generated Rust file, which both ways of writing one ([`super::tokens`]
//! and the text of [`super::rust_file::RustFile`]) end into. Each line is placed when it
//! ends, so the blank line rustfmt-formatted code has between items is decided here, once,
//! from the lines themselves: neither writer has to remember where an item ends.
//!
//! In a scope that holds items (the file, an `impl`, a `trait`, a `mod`), an item that
//! follows another gets a blank line before it (before its doc comment and attributes), as
//! does the first item after the module's `//!` doc; consecutive `use` declarations and
//! consecutive `mod` declarations (with their attributes) stay together, as rustfmt's import
//! groups do. A scope of statements, fields or arms gets none.

const INDENT: usize = 4;

/// Text of whole lines, and where each open scope is.
#[derive(Default)]
pub(super) struct Lines {
    /// The text; writers append to its last line, then call [`Lines::end_line`].
    pub(super) text: String,
    /// Where the line being written begins in `text`.
    line_start: usize,
    /// The open scopes by depth: `scopes[d]` holds the lines indented `d` levels.
    scopes: Vec<Scope>,
}

#[derive(Debug, Clone, Copy)]
struct Scope {
    /// Whether the scope holds items (not statements, fields or arms).
    items: bool,
    last: Last,
}

/// Where a scope of items is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    /// At its start, or after a blank line.
    Start,
    /// Inside an item: after its first line that opens a block, or after its attributes,
    /// with where the blank line before them goes if the item does not group with the one
    /// before it (which only its first line says).
    InItem(Option<(usize, Kind)>),
    /// After an item of this kind.
    After(Kind),
}

/// What an item is, as far as the blank line before the next one depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The module's `//!` doc or `#![...]` attributes.
    Inner,
    Use,
    /// `mod name;`
    Mod,
    Other,
}

impl Lines {
    /// Whether nothing has been written on the current line.
    pub(super) fn at_line_start(&self) -> bool {
        self.text.len() == self.line_start
    }

    /// Ends the current line (its trailing spaces dropped), first putting a blank line
    /// before it if it begins an item that follows another. An empty line is a blank line
    /// of its own, never two in a row and never the file's first.
    pub(super) fn end_line(&mut self) {
        let end = self.text.trim_end_matches(' ').len().max(self.line_start);
        self.text.truncate(end);
        let line = &self.text[self.line_start..];
        let body = line.trim_start_matches(' ');
        if body.is_empty() {
            self.text.truncate(self.line_start);
            if self.line_start > 0 && !self.text.ends_with("\n\n") {
                self.text.push('\n');
                self.line_start = self.text.len();
                if let Some(scope) = self.scopes.last_mut() {
                    scope.last = Last::Start;
                }
            }
            return;
        }
        let depth = (line.len() - body.len()) / INDENT;
        let (blank, opens) = place(&mut self.scopes, depth, body, self.line_start);
        if let Some(at) = blank {
            self.text.insert(at, '\n');
        }
        if let Some(items) = opens {
            self.scopes.push(Scope {
                items,
                last: Last::Start,
            });
        }
        self.text.push('\n');
        self.line_start = self.text.len();
    }
}

/// Where a line at `depth`, starting at `line_start`, needs a blank line put, and whether
/// it opens a scope (holding items or not), with the scopes up to `depth` updated.
fn place(
    scopes: &mut Vec<Scope>,
    depth: usize,
    body: &str,
    line_start: usize,
) -> (Option<usize>, Option<bool>) {
    if scopes.is_empty() {
        scopes.push(Scope {
            items: true,
            last: Last::Start,
        });
    }
    // A line at `depth` closes every scope deeper than it.
    scopes.truncate(depth + 1);
    while scopes.len() <= depth {
        scopes.push(Scope {
            items: false,
            last: Last::Start,
        });
    }
    let opens = opens_scope(body).then(|| holds_items(body));
    let scope = &mut scopes[depth];
    if !scope.items {
        return (None, opens);
    }
    if closes(body) {
        scope.last = Last::After(Kind::Other);
        return (None, opens);
    }
    let Some(kind) = kind_of(body) else {
        scope.last = match scope.last {
            Last::After(before) => Last::InItem(Some((line_start, before))),
            Last::Start => Last::InItem(None),
            in_item => in_item,
        };
        return (None, opens);
    };
    let (blank, before) = match scope.last {
        Last::After(before) => (Some(line_start), Some(before)),
        Last::InItem(Some((at, before))) => (Some(at), Some(before)),
        _ => (None, None),
    };
    let grouped = before == Some(kind) && matches!(kind, Kind::Inner | Kind::Use | Kind::Mod);
    scope.last = match opens {
        Some(_) => Last::InItem(None),
        None => Last::After(kind),
    };
    (blank.filter(|_| !grouped), opens)
}

/// The kind of item a line begins, or `None` for a line that only leads one (a doc
/// comment, an attribute).
fn kind_of(body: &str) -> Option<Kind> {
    if body.starts_with("//!") || body.starts_with("#![") {
        return Some(Kind::Inner);
    }
    if is_attribute(body) {
        return None;
    }
    let item = without_visibility(body);
    Some(if item.starts_with("use ") {
        Kind::Use
    } else if item.starts_with("mod ") && body.ends_with(';') {
        Kind::Mod
    } else {
        Kind::Other
    })
}

/// A doc comment, a comment or an outer attribute: what comes before an item's first line.
fn is_attribute(body: &str) -> bool {
    (body.starts_with("//") && !body.starts_with("//!")) || body.starts_with("#[")
}

fn closes(body: &str) -> bool {
    body.starts_with(['}', ')', ']'])
}

/// Whether the lines after this one go one level deeper.
fn opens_scope(body: &str) -> bool {
    !is_attribute(body) && body.ends_with(['{', '(', '['])
}

/// Whether the block a line opens holds items: an `impl`, `trait`, `mod` or `extern`
/// block.
fn holds_items(body: &str) -> bool {
    let item = without_visibility(body);
    let item = item.strip_prefix("unsafe ").unwrap_or(item);
    ["impl ", "impl<", "trait ", "mod ", "extern "]
        .iter()
        .any(|keyword| item.starts_with(keyword))
}

fn without_visibility(body: &str) -> &str {
    if let Some(rest) = body.strip_prefix("pub(") {
        return rest.split_once(") ").map_or(body, |(_, item)| item);
    }
    body.strip_prefix("pub ").unwrap_or(body)
}

#[cfg(test)]
mod tests {
    use super::Lines;

    fn laid_out(text: &str) -> String {
        let mut lines = Lines::default();
        for line in text.lines() {
            lines.text.push_str(line);
            lines.end_line();
        }
        lines.text
    }

    #[test]
    fn items_get_a_blank_line_between_them_statements_do_not() {
        let written = "//! A module.
use a::B;
use c::D;
pub mod x;
#[cfg(feature = \"y\")]
pub mod y;
/// A thing.
#[derive(Debug)]
pub struct Thing {
    a: u8,
    b: u8,
}
impl Thing {
    /// New.
    pub fn new() -> Self {
        let a = 1;
        let b = 2;
        Self { a, b }
    }
    #[inline]
    pub fn a(&self) -> u8 {
        self.a
    }
}
impl Marker for Thing {}
impl Other for Thing {}
const A: u8 = 1;
";
        let expected = "//! A module.

use a::B;
use c::D;

pub mod x;
#[cfg(feature = \"y\")]
pub mod y;

/// A thing.
#[derive(Debug)]
pub struct Thing {
    a: u8,
    b: u8,
}

impl Thing {
    /// New.
    pub fn new() -> Self {
        let a = 1;
        let b = 2;
        Self { a, b }
    }

    #[inline]
    pub fn a(&self) -> u8 {
        self.a
    }
}

impl Marker for Thing {}

impl Other for Thing {}

const A: u8 = 1;
";
        assert_eq!(laid_out(written), expected);
    }

    #[test]
    fn a_written_blank_line_is_kept_once() {
        assert_eq!(
            laid_out("//! A module.\n\n\nfn f() {}\n\nfn g() {}\n"),
            "//! A module.\n\nfn f() {}\n\nfn g() {}\n"
        );
    }
}
