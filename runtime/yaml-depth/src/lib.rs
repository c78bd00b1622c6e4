//! A one-pass bound on how deep a YAML document nests, checked before a parser runs.
//!
//! serde_yaml_ng has a recursion limit of its own, but it parses the whole document into
//! events first, and libyaml's cost per token grows with the number of open flow
//! collections, so deeply nested flow input costs time quadratic in its size before that
//! limit is ever checked (100,000 open `[` take minutes). The runtime's codecs and kapi's
//! codegen (CRD importer, compatibility snapshots, settings) read YAML; both call this, and
//! neither depends on the other.

use std::fmt;

/// Where a document first nests deeper than allowed (1-based line and column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    pub max_depth: usize,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for TooDeep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "recursion limit exceeded: nesting deeper than {} at line {} column {}",
            self.max_depth, self.line, self.column
        )
    }
}

impl std::error::Error for TooDeep {}

/// Refuses input whose flow collections (`[`, `{`) or block indentation nest deeper than
/// `max_depth`, in one pass. Quoted scalars and comments are skipped, so brackets in
/// text never count; brackets inside plain or block scalars may over-count, which only
/// matters past a hundred unclosed ones.
pub fn check(input: &str, max_depth: usize) -> Result<(), TooDeep> {
    let mut flow = 0usize;
    let mut line = 1usize;
    let mut column = 0usize;
    let mut at_line_start = true;
    let mut indent = 0usize;
    // Indentation levels of the open block collections.
    let mut blocks: Vec<usize> = Vec::new();
    let mut chars = input.chars().peekable();
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        column += 1;
        if at_line_start {
            if c == ' ' {
                indent += 1;
                previous = c;
                continue;
            }
            if c != '\n' && c != '\r' && c != '#' && flow == 0 {
                // A content line at `indent` closes every block opened at least as deep,
                // then opens one level.
                while blocks.last().is_some_and(|&open| open >= indent) {
                    blocks.pop();
                }
                blocks.push(indent);
                if blocks.len() > max_depth {
                    return Err(TooDeep {
                        max_depth,
                        line,
                        column,
                    });
                }
            }
            at_line_start = false;
        }
        match c {
            '\n' => {
                line += 1;
                column = 0;
                indent = 0;
                at_line_start = true;
            }
            '#' if previous.is_whitespace() => {
                // A comment runs to the end of the line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        column = 0;
                        indent = 0;
                        at_line_start = true;
                        break;
                    }
                }
                previous = '\n';
                continue;
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    match (escaped, c) {
                        (false, '\\') => escaped = true,
                        (false, '"') => break,
                        _ => escaped = false,
                    }
                }
            }
            '\'' if !previous.is_alphanumeric() => {
                while let Some(c) = chars.next() {
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    if c == '\'' {
                        // `''` is an escaped quote inside a single-quoted scalar.
                        if chars.peek() == Some(&'\'') {
                            chars.next();
                            column += 1;
                        } else {
                            break;
                        }
                    }
                }
            }
            '[' | '{' => {
                flow += 1;
                if flow + blocks.len() > max_depth {
                    return Err(TooDeep {
                        max_depth,
                        line,
                        column,
                    });
                }
            }
            ']' | '}' => flow = flow.saturating_sub(1),
            // `- - - x` and `? ? x` nest block collections on one line.
            '-' | '?' if flow == 0 && chars.peek().is_some_and(|n| *n == ' ') => {
                blocks.push(indent + column);
                if blocks.len() > max_depth {
                    return Err(TooDeep {
                        max_depth,
                        line,
                        column,
                    });
                }
            }
            _ => {}
        }
        previous = c;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_found_with_its_position() {
        for doc in [
            "[".repeat(100_000) + &"]".repeat(100_000),
            "{a: ".repeat(100_000) + "1" + &"}".repeat(100_000),
            "- ".repeat(100_000) + "1\n",
            (0..200).map(|i| format!("{}a:\n", " ".repeat(i))).collect(),
        ] {
            let err = check(&doc, 128).expect_err("too deep");
            assert_eq!(err.max_depth, 128);
        }
        let err = check(&format!("a: 1\nb: {}", "[".repeat(200)), 128).expect_err("too deep");
        assert_eq!((err.line, err.column), (2, 131));
        check(&("[".repeat(100) + &"]".repeat(100)), 128).expect("100 levels pass");
        check("a:\n  b: \"[[[[\" # {{{{\n  c: 'it''s [ok'\n", 3).expect("text never counts");
    }
}
