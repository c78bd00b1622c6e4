//! The last step of every generated Rust file, applied by [`super::RustFile::finish`]: the
//! rules of rustfmt that need a whole line, which the writers cannot know while writing one.
//!
//! - A line longer than [`MAX_WIDTH`] is broken as rustfmt breaks it: a long match arm's
//!   expression in a block; the right side of an assignment on the next line (a block it
//!   opens one level deeper with it); else the argument or parameter list that makes it
//!   long, one element per line with a trailing comma (a call whose one argument is a call
//!   keeps both openers and breaks the inner one, rustfmt's overflow); else a field's type
//!   after its colon, an `impl`'s `for`, a return type's brace, or generics. Again for any
//!   line still too long; a line with none of these (a long string) stays.
//! - A method chain wider than [`CHAIN_WIDTH`], and a call whose plain arguments are wider
//!   than [`FN_CALL_WIDTH`], get a line per link or argument even when they fit.
//! - A trailing comma before a call's `)` or a `]` on one line goes, as rustfmt drops it.
//!
//! The pass reads lines, not Rust: it tracks only strings (plain and raw, which may span
//! lines), comments and brackets, so it costs a scan of the text. It never changes what the
//! code means: a break or a comma it adds or drops is one Rust ignores, and a `(` it is
//! not sure is a call's (a parenthesized expression, which a trailing comma would turn into
//! a tuple) is left as it is.

/// rustfmt's default `max_width`.
pub const MAX_WIDTH: usize = 100;

/// rustfmt's default `chain_width`: a method chain wider than this gets a line per call.
const CHAIN_WIDTH: usize = 60;

const INDENT: &str = "    ";

/// rustfmt's default `fn_call_width`: a call's arguments wider than this get one per line.
const FN_CALL_WIDTH: usize = 60;

/// rustfmt's default `short_array_element_width_threshold`.
const SHORT_ELEMENT: usize = 10;

/// How deep a broken line's pieces are broken again.
const MAX_DEPTH: usize = 8;

/// Applies the rules to a whole file.
pub fn lay_out_lines(text: String) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 64);
    let mut state = Strings::Code;
    // The indentation of an assignment whose block-opening right side went to the next
    // line: the block's lines, up to its closing one, go one level deeper with it.
    let mut shifted: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let starts_in_code = state == Strings::Code;
        let moved;
        let body = match shifted.filter(|_| starts_in_code && !body.is_empty()) {
            Some(base) => {
                let indent = body.len() - body.trim_start_matches(' ').len();
                let closing = indent == base && body.trim_start().starts_with(['}', ')', ']']);
                if indent <= base {
                    shifted = None;
                }
                if indent > base || closing {
                    moved = format!("{INDENT}{body}");
                    moved.as_str()
                } else {
                    body
                }
            }
            None => body,
        };
        let tokens = scan(body, &mut state);
        let code_line = starts_in_code && state == Strings::Code && !is_comment(body);
        match tokens {
            Some(tokens) if code_line => {
                let from = out.len();
                lay_out_code(body, &tokens, &mut out);
                let opens = body.ends_with(['{', '(', '[']);
                let first = out[from..].lines().next().unwrap_or_default();
                if opens && first.ends_with('=') && shifted.is_none() {
                    shifted = Some(body.len() - body.trim_start_matches(' ').len());
                }
            }
            _ => out.push_str(body),
        }
        out.push_str(newline);
    }
    out
}

/// One line of code, laid out.
fn lay_out_code(body: &str, tokens: &[Bracket], out: &mut String) {
    let cleaned = drop_trailing_commas(body, tokens);
    let cleaned = single_use(&cleaned).unwrap_or(cleaned);
    match fn_body(&cleaned) {
        Some((head, expr)) => {
            let indent: String = cleaned.chars().take_while(|c| *c == ' ').collect();
            wrap(&format!("{head} {{"), out, 0);
            out.push('\n');
            statement(&format!("{indent}{INDENT}{expr}"), out, 0);
            out.push('\n');
            out.push_str(&indent);
            out.push('}');
        }
        None => statement(&cleaned, out, 0),
    }
}

/// Where the scan of a line ends: in code, or inside a string that goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strings {
    Code,
    Plain,
    /// A raw string with this many `#`s.
    Raw(usize),
}

/// A bracket of a line, by byte offset, outside strings and comments.
#[derive(Debug, Clone, Copy)]
struct Bracket {
    at: usize,
    ch: u8,
}

/// The brackets, commas and dots of `line` outside strings, char literals and comments, and the
/// string state at its end. `None` when the line is not worth laying out (a block
/// comment, a lifetime-like quote the scan cannot place).
fn scan(line: &str, state: &mut Strings) -> Option<Vec<Bracket>> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut clean = true;
    while i < bytes.len() {
        match *state {
            Strings::Plain => {
                match bytes[i] {
                    b'\\' => i += 1,
                    b'"' => *state = Strings::Code,
                    _ => {}
                }
                i += 1;
            }
            Strings::Raw(hashes) => {
                let closes = bytes[i] == b'"'
                    && bytes.len() > i + hashes
                    && bytes[i + 1..=i + hashes].iter().all(|b| *b == b'#');
                if closes {
                    *state = Strings::Code;
                    i += hashes;
                }
                i += 1;
            }
            Strings::Code => {
                let b = bytes[i];
                match b {
                    b'/' if bytes.get(i + 1) == Some(&b'/') => break,
                    b'/' if bytes.get(i + 1) == Some(&b'*') => {
                        clean = false;
                        break;
                    }
                    b'"' => {
                        let raw = raw_prefix(bytes, i);
                        *state = match raw {
                            Some(hashes) => Strings::Raw(hashes),
                            None => Strings::Plain,
                        };
                    }
                    b'\'' => match char_literal_len(&bytes[i..]) {
                        Some(len) => i += len - 1,
                        // A lifetime: nothing to skip.
                        None if is_lifetime(&bytes[i + 1..]) => {}
                        None => clean = false,
                    },
                    b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b'<' | b'>' | b'=' | b'.' => {
                        out.push(Bracket { at: i, ch: b })
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }
    clean.then_some(out)
}

/// The number of `#`s of a raw string whose `"` is at `quote`, or `None` for a plain one.
fn raw_prefix(bytes: &[u8], quote: usize) -> Option<usize> {
    let hashes = bytes[..quote]
        .iter()
        .rev()
        .take_while(|b| **b == b'#')
        .count();
    let r = quote.checked_sub(hashes + 1)?;
    if bytes[r] != b'r' {
        return None;
    }
    // `r"` starts a raw string only as a token of its own (`br"` too), not as the end of
    // a name (`for"`, impossible in Rust, but be sure).
    let before = r.checked_sub(1).map(|p| bytes[p]);
    match before {
        Some(b'b') | None => Some(hashes),
        Some(c) if !(c.is_ascii_alphanumeric() || c == b'_') => Some(hashes),
        _ => None,
    }
}

/// The length of a char literal at the start of `rest` (which starts with `'`), or
/// `None` for a lifetime (`'a`, `'static`) or a lone quote.
fn char_literal_len(rest: &[u8]) -> Option<usize> {
    match rest.get(1)? {
        // An escape: the closing quote after the escaped character.
        b'\\' => {
            let close = rest.iter().skip(3).position(|b| *b == b'\'')?;
            Some(close + 4)
        }
        _ => {
            // One character (up to four UTF-8 bytes), then the closing quote.
            let first = rest[1];
            let len = match first {
                0x00..=0x7f => 1,
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                _ => 4,
            };
            (rest.get(1 + len) == Some(&b'\'')).then_some(len + 2)
        }
    }
}

fn is_lifetime(rest: &[u8]) -> bool {
    rest.first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") || t.starts_with("#[") || t.starts_with("#![")
}

/// The bracket pairs of a line: for each opener, the index of its closer in `tokens`.
/// `<` and `>` count only as generics: a `<` followed by a name or a path, a `>` that
/// closes one (not `->`, `=>`, or a comparison, which has a space before it).
fn pairs(line: &[u8], tokens: &[Bracket]) -> Vec<Option<usize>> {
    let mut closer = vec![None; tokens.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        match t.ch {
            b'(' | b'[' | b'{' => stack.push(k),
            b'<' => {
                let next = line.get(t.at + 1).copied().unwrap_or(b' ');
                if next != b' ' && next != b'=' && next != b'<' {
                    stack.push(k);
                }
            }
            b'>' => {
                let prev = t.at.checked_sub(1).map_or(b' ', |p| line[p]);
                let open_angle = stack.last().is_some_and(|o| tokens[*o].ch == b'<');
                if open_angle && !matches!(prev, b' ' | b'-' | b'=') {
                    if let Some(o) = stack.pop() {
                        closer[o] = Some(k);
                    }
                }
            }
            b')' | b']' | b'}' => {
                // An unclosed `<` (a comparison after all) does not hide the opener.
                while stack.last().is_some_and(|o| tokens[*o].ch == b'<') {
                    stack.pop();
                }
                if let Some(o) = stack.pop() {
                    closer[o] = Some(k);
                }
            }
            _ => {}
        }
    }
    closer
}

/// Whether the `(` at `at` opens a call's arguments or a function's parameters (after a
/// name, a generic's `>`, a macro's `!` or a call's `)`), where a trailing comma is allowed
/// whatever the number of elements.
fn is_call(line: &[u8], at: usize) -> bool {
    let name_char = |p: Option<usize>| {
        p.map(|p| line[p])
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
    };
    let before = at.checked_sub(1);
    match before.map(|p| line[p]) {
        // A macro's `!` follows its name; a `!` after anything else is a negation.
        Some(b'!') => name_char(before.and_then(|p| p.checked_sub(1))),
        Some(b'>' | b')') => true,
        _ => name_char(before),
    }
}

/// Whether the `(` at `at` opens a macro's arguments (`name!(`): a macro may refuse a
/// trailing comma, so none is added or dropped there.
fn is_macro(line: &[u8], at: usize) -> bool {
    after_bang(line, at) && is_call(line, at)
}

/// Whether a `!` comes right before the bracket at `at` (a macro's, or a negation's).
fn after_bang(line: &[u8], at: usize) -> bool {
    at.checked_sub(1).is_some_and(|p| line[p] == b'!')
}

/// The line without the trailing commas rustfmt drops: `f(a, b,)` is `f(a, b)`, `[a,]` is
/// `[a]`. A tuple's comma stays: `(a,)` is not `(a)`.
fn drop_trailing_commas(line: &str, tokens: &[Bracket]) -> String {
    let bytes = line.as_bytes();
    let closers = pairs(bytes, tokens);
    let mut drop = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let Some(c) = closers[k] else { continue };
        let droppable = match t.ch {
            b'(' => is_call(bytes, t.at) && !is_macro(bytes, t.at),
            b'[' => !after_bang(bytes, t.at),
            _ => false,
        };
        if !droppable || c == 0 {
            continue;
        }
        let before = &tokens[c - 1];
        let only_space_between = line[before.at + 1..tokens[c].at].trim().is_empty();
        if before.ch == b',' && c - 1 > k && only_space_between {
            drop.push(before.at);
        }
    }
    if drop.is_empty() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    for (i, ch) in line.char_indices() {
        if !drop.contains(&i) {
            out.push(ch);
        }
    }
    out
}

/// Writes `line`, broken at its longest argument list while it is longer than
/// [`MAX_WIDTH`].
fn wrap(line: &str, out: &mut String, depth: usize) {
    let width = line.chars().count();
    // rustfmt counts the `;` that ends an assignment on the line where its block opens.
    let block_assignment = width == MAX_WIDTH && line.ends_with(" {");
    if depth >= MAX_DEPTH {
        out.push_str(line);
        return;
    }
    if width <= MAX_WIDTH && !block_assignment {
        if width <= FN_CALL_WIDTH || !wide_call(line, out) {
            out.push_str(line);
        }
        return;
    }
    let mut state = Strings::Code;
    let Some(tokens) = scan(line, &mut state) else {
        out.push_str(line);
        return;
    };
    let bytes = line.as_bytes();
    let closers = pairs(bytes, &tokens);
    // The `(` at bracket depth zero of the line (within `{}` of a one-line block counts
    // as deeper) with the most between it and its `)`.
    let mut best: Option<(usize, usize, usize, Vec<usize>)> = None;
    let mut level = 0usize;
    for (k, t) in tokens.iter().enumerate() {
        match t.ch {
            b'(' if level == 0 => {
                if let Some(c) = closers[k] {
                    let commas = top_commas(&tokens, &closers, k, c);
                    let inner = &line[t.at + 1..tokens[c].at];
                    let breakable =
                        !inner.trim().is_empty() && (is_call(bytes, t.at) || !commas.is_empty());
                    let len = tokens[c].at - t.at;
                    if breakable && best.as_ref().is_none_or(|b| len > b.2) {
                        best = Some((k, c, len, commas));
                    }
                }
                level += 1;
            }
            // An array of long elements (`&[POD, POD_LIST]`): one per line. Short ones
            // rustfmt fills lines with, which this pass does not attempt.
            b'[' if level == 0 && t.at > 0 && bytes[t.at - 1] == b'&' => {
                if let Some(c) = closers[k] {
                    let commas = top_commas(&tokens, &closers, k, c);
                    let inner = &line[t.at + 1..tokens[c].at];
                    let long = inner.split(',').any(|e| e.trim().len() > SHORT_ELEMENT);
                    let len = tokens[c].at - t.at;
                    if !commas.is_empty() && long && best.as_ref().is_none_or(|b| len > b.2) {
                        best = Some((k, c, len, commas));
                    }
                }
                level += 1;
            }
            b'(' | b'[' | b'{' => level += 1,
            b')' | b']' | b'}' => level = level.saturating_sub(1),
            _ => {}
        }
    }
    let indent: String = line.chars().take_while(|c| *c == ' ').collect();
    if block_assignment && assignment_rhs(line, &tokens, &closers).is_none() {
        out.push_str(line);
        return;
    }
    if let Some(arrow) = match_arm(line, &tokens) {
        out.push_str(&line[..arrow + 2]);
        out.push_str(" {\n");
        let expr = line[arrow + 2..].trim().trim_end_matches(',');
        statement(&format!("{indent}{INDENT}{expr}"), out, depth + 1);
        out.push('\n');
        out.push_str(&indent);
        out.push('}');
        return;
    }
    // rustfmt's order: the right side of an assignment on a line of its own if it fits
    // there, else the longest argument list, else an `impl`'s `for` on a line of its own.
    if let Some(rhs) = assignment_rhs(line, &tokens, &closers) {
        let continued = format!("{indent}{INDENT}{}", line[rhs..].trim_start());
        if continued.chars().count() <= MAX_WIDTH || best.is_none() {
            out.push_str(line[..rhs].trim_end());
            out.push('\n');
            wrap(&continued, out, depth + 1);
            return;
        }
    }
    let Some((k, c, _, commas)) = best else {
        let turbofish =
            (0..tokens.len()).find_map(|g| Some((g, turbofish(line, &tokens, &closers, g)?)));
        if let Some((g, gt)) = turbofish {
            break_generics(line, &tokens, g, gt, &indent, out);
        } else if field_type(line, &indent, out)
            || impl_for(line, &indent, out)
            || return_type(line, &indent, out)
        {
        } else if let Some((g, gt)) =
            (0..tokens.len()).find_map(|g| Some((g, type_generics(line, &tokens, &closers, g)?)))
        {
            break_generics(line, &tokens, g, gt, &indent, out);
        } else {
            out.push_str(line);
        }
        return;
    };
    if commas.is_empty() && overflow(line, &tokens, &closers, k, c, &indent, out, depth) {
        return;
    }
    // An argument list that would begin past the width: the generics before it break.
    if tokens[k].at + 1 > MAX_WIDTH {
        if let Some((g, gt)) =
            (0..k).find_map(|g| Some((g, turbofish(line, &tokens, &closers, g)?)))
        {
            break_generics(line, &tokens, g, gt, &indent, out);
            return;
        }
    }
    vertical(line, &tokens, k, c, &commas, &indent, out, depth);
}

/// A line that fits but holds a call whose plain arguments (no call, block or closure among
/// them, which rustfmt would overflow instead) are wider than [`FN_CALL_WIDTH`], written
/// with an argument per line. Whether the line was written so.
fn wide_call(line: &str, out: &mut String) -> bool {
    // Most lines have no call of several arguments; this spares them a scan.
    if !line.contains(", ") {
        return false;
    }
    let mut state = Strings::Code;
    let Some(tokens) = scan(line, &mut state) else {
        return false;
    };
    let bytes = line.as_bytes();
    let closers = pairs(bytes, &tokens);
    let mut level = 0usize;
    for (k, t) in tokens.iter().enumerate() {
        match t.ch {
            b'(' if level == 0 => {
                let Some(c) = closers[k] else { return false };
                let inner = &line[t.at + 1..tokens[c].at];
                let plain = !inner.contains(['(', '{', '|', '[']);
                let commas = top_commas(&tokens, &closers, k, c);
                let declaration = line[..t.at].contains("fn ");
                let call = is_call(bytes, t.at) && !is_macro(bytes, t.at) && !declaration;
                if call && plain && !commas.is_empty() && inner.chars().count() > FN_CALL_WIDTH {
                    let indent: String = line.chars().take_while(|c| *c == ' ').collect();
                    vertical(line, &tokens, k, c, &commas, &indent, out, MAX_DEPTH - 1);
                    return true;
                }
                level += 1;
            }
            b'(' | b'[' | b'{' => level += 1,
            b')' | b']' | b'}' => level = level.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// rustfmt's overflow of a call whose one argument is itself a call (`Some(f::<T>())`,
/// `g(h!(x))`): both openers stay on the line and the inner call is broken, its generics
/// when it has no arguments. Whether the line was written so.
#[allow(clippy::too_many_arguments)]
fn overflow(
    line: &str,
    tokens: &[Bracket],
    closers: &[Option<usize>],
    k: usize,
    c: usize,
    indent: &str,
    out: &mut String,
    depth: usize,
) -> bool {
    let inner_close = c - 1;
    let adjacent = tokens[inner_close].ch == b')' && tokens[inner_close].at + 1 == tokens[c].at;
    if c < k + 3 || !adjacent {
        return false;
    }
    let Some(inner_open) = (k + 1..inner_close).find(|&i| closers[i] == Some(inner_close)) else {
        return false;
    };
    // Only a path, perhaps with generics, between the two openers.
    let one_call = tokens[k + 1..inner_open]
        .iter()
        .all(|t| matches!(t.ch, b'<' | b'>'))
        && is_call(line.as_bytes(), tokens[inner_open].at);
    if !one_call {
        return false;
    }
    let arguments = &line[tokens[inner_open].at + 1..tokens[inner_close].at];
    if !arguments.trim().is_empty() {
        if tokens[inner_open].at + 1 > MAX_WIDTH {
            return false;
        }
        let commas = top_commas(tokens, closers, inner_open, inner_close);
        vertical(
            line,
            tokens,
            inner_open,
            inner_close,
            &commas,
            indent,
            out,
            depth,
        );
        return true;
    }
    match (k + 1..inner_open).find_map(|g| Some((g, turbofish(line, tokens, closers, g)?))) {
        Some((g, gt)) => {
            break_generics(line, tokens, g, gt, indent, out);
            true
        }
        None => false,
    }
}

/// The `>` of a turbofish (`::<T>`) opened at `tokens[g]` that rustfmt would break: one
/// argument, and the line fits up to the `<`.
fn turbofish(line: &str, tokens: &[Bracket], closers: &[Option<usize>], g: usize) -> Option<usize> {
    let t = tokens[g];
    let gt = closers[g]?;
    let generic = t.ch == b'<' && line[..t.at].ends_with("::") && t.at < MAX_WIDTH;
    let one = top_commas(tokens, closers, g, gt).is_empty();
    (generic && one && tokens[gt].at > t.at + 1).then_some(gt)
}

/// A line broken inside the generics `tokens[g]`..`tokens[gt]`: their one argument on a
/// line of its own.
fn break_generics(
    line: &str,
    tokens: &[Bracket],
    g: usize,
    gt: usize,
    indent: &str,
    out: &mut String,
) {
    let (lt, gt) = (tokens[g].at, tokens[gt].at);
    out.push_str(&line[..=lt]);
    out.push('\n');
    wrap(
        &format!("{indent}{INDENT}{},", line[lt + 1..gt].trim()),
        out,
        MAX_DEPTH,
    );
    out.push('\n');
    wrap(&format!("{indent}{}", &line[gt..]), out, MAX_DEPTH - 1);
}

/// The `>` of a type's generics (`Lister<T>`) opened at `tokens[g]`, as [`turbofish`].
fn type_generics(
    line: &str,
    tokens: &[Bracket],
    closers: &[Option<usize>],
    g: usize,
) -> Option<usize> {
    let t = tokens[g];
    let gt = closers[g]?;
    let named = t.ch == b'<' && t.at > 0 && line.as_bytes()[t.at - 1].is_ascii_alphanumeric();
    let one = top_commas(tokens, closers, g, gt).is_empty();
    // Broken only where that makes the argument fit.
    let indent = line.len() - line.trim_start_matches(' ').len();
    let argument = line[t.at + 1..tokens[gt].at].trim().chars().count();
    let fits = indent + INDENT.len() + argument < MAX_WIDTH;
    (named && t.at < MAX_WIDTH && one && fits && argument > 0).then_some(gt)
}

/// A struct field's declaration (`name: Type,`) as rustfmt breaks it when too long: the
/// type on the next line if it fits there.
fn field_type(line: &str, indent: &str, out: &mut String) -> bool {
    let body = line.trim_start();
    let body = body.strip_prefix("pub ").unwrap_or(body);
    let Some((name, ty)) = body.split_once(": ") else {
        return false;
    };
    let is_name = !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    let continued = format!("{indent}{INDENT}{ty}");
    let fits = continued.chars().count() <= MAX_WIDTH;
    if !(is_name && fits && ty.ends_with(',') && !ty.contains('(')) {
        return false;
    }
    out.push_str(&line[..line.len() - ty.len() - 1]);
    out.push('\n');
    out.push_str(&continued);
    true
}

/// A line broken at the group `tokens[k]`..`tokens[c]`: an element per line, each with a
/// comma (but a macro's last), the closing delimiter back at the line's indent.
#[allow(clippy::too_many_arguments)]
fn vertical(
    line: &str,
    tokens: &[Bracket],
    k: usize,
    c: usize,
    commas: &[usize],
    indent: &str,
    out: &mut String,
    depth: usize,
) {
    let bytes = line.as_bytes();
    let inner_indent = format!("{indent}{INDENT}");
    let (open, close) = (tokens[k].at, tokens[c].at);
    let mut starts = vec![open + 1];
    starts.extend(commas.iter().map(|&i| tokens[i].at + 1));
    let mut ends: Vec<usize> = commas.iter().map(|&i| tokens[i].at).collect();
    ends.push(close);
    out.push_str(&line[..=open]);
    let elements: Vec<&str> = starts
        .into_iter()
        .zip(ends)
        .map(|(s, e)| line[s..e].trim())
        .filter(|e| !e.is_empty())
        .collect();
    let macro_call = is_macro(bytes, open);
    for (i, element) in elements.iter().enumerate() {
        let comma = if macro_call && i + 1 == elements.len() {
            ""
        } else {
            ","
        };
        out.push('\n');
        statement(&format!("{inner_indent}{element}{comma}"), out, depth + 1);
    }
    out.push('\n');
    wrap(&format!("{indent}{}", &line[close..]), out, depth + 1);
}

/// Writes a line that may be a statement: a method chain wider than [`CHAIN_WIDTH`] with a
/// line per link, each then broken as any line is.
fn statement(line: &str, out: &mut String, depth: usize) {
    let Some(links) = chain(line) else {
        wrap(line, out, depth);
        return;
    };
    for (i, link) in links.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        wrap(link, out, depth);
    }
}

/// A statement, a block's last expression or a list's element that is one method chain
/// (`self.a.b().c(x);`)
/// wider than [`CHAIN_WIDTH`], as rustfmt lays it out: the root, with its first link when
/// the root is no wider than an indent (`self.a`), then each further link on a line of its
/// own, one level deeper. `None` for any other line, or a chain of one link after a root
/// that fits when the link has arguments (they are what rustfmt breaks).
fn chain(line: &str) -> Option<Vec<String>> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let body = &line[indent..];
    let (expr, end) = match body.strip_suffix([';', ',']) {
        Some(expr) => (expr, &body[expr.len()..]),
        None => (body, ""),
    };
    let keyword = [
        "let ", "if ", "match ", "for ", "while ", "return ", "pub ", "fn ",
    ];
    let plain = expr.ends_with([')', '?']) || expr.ends_with(|c: char| c.is_alphanumeric());
    if !plain
        || !expr.contains('.')
        || keyword.iter().any(|k| expr.starts_with(k))
        || expr.chars().count() <= CHAIN_WIDTH
    {
        return None;
    }
    let mut state = Strings::Code;
    let tokens = scan(expr, &mut state)?;
    if state != Strings::Code {
        return None;
    }
    let bytes = expr.as_bytes();
    let mut dots = Vec::new();
    let mut level = 0usize;
    for t in &tokens {
        match t.ch {
            b'(' | b'[' | b'{' => level += 1,
            b')' | b']' | b'}' => level = level.checked_sub(1)?,
            // An assignment, a comparison or a list is not one chain; a generic's `<` or
            // `>` has no space before it.
            b'=' | b',' if level == 0 => return None,
            b'<' | b'>' if level == 0 && bytes[t.at.saturating_sub(1)] == b' ' => return None,
            b'.' if level == 0 => {
                let next = bytes.get(t.at + 1).copied().unwrap_or(b' ');
                let prev = bytes[t.at.saturating_sub(1)];
                let link = next.is_ascii_alphanumeric() || next == b'_';
                // A range (`..`) or a float (`1.5`) is not a link.
                let float = prev.is_ascii_digit() && next.is_ascii_digit();
                if !link || float || t.at == 0 || prev == b'.' {
                    return None;
                }
                dots.push(t.at);
            }
            _ => {}
        }
    }
    let mut starts = dots.into_iter().peekable();
    let first = *starts.peek()?;
    if first <= INDENT.len() {
        starts.next();
    }
    let starts: Vec<usize> = starts.collect();
    let pad = &line[..indent];
    let root = format!("{pad}{}", &expr[..*starts.first()?]);
    // One link goes on a line of its own only when it has no arguments to break instead,
    // or they could not begin within the width.
    let too_long = line.chars().count() > MAX_WIDTH;
    let bare_link = too_long && expr.trim_end_matches('?').ends_with("()");
    let late_arguments = too_long
        && expr[starts[0]..]
            .find('(')
            .is_some_and(|p| indent + starts[0] + p + 1 > MAX_WIDTH);
    if starts.len() < 2 && root.chars().count() <= MAX_WIDTH && !bare_link && !late_arguments {
        return None;
    }
    // A root that is itself broken ends with its closing bracket at the chain's indent,
    // and the links follow at that indent.
    let deeper = if root.chars().count() > MAX_WIDTH {
        ""
    } else {
        INDENT
    };
    let mut lines = vec![root];
    for (i, &at) in starts.iter().enumerate() {
        let until = starts.get(i + 1).copied().unwrap_or(expr.len());
        lines.push(format!("{pad}{deeper}{}", &expr[at..until]));
    }
    if let Some(last) = lines.last_mut() {
        last.push_str(end);
    }
    Some(lines)
}

/// Where the `=>` of a match arm (`pat => expr,`) is, when its expression is not a block:
/// rustfmt puts a long one in a block of its own.
fn match_arm(line: &str, tokens: &[Bracket]) -> Option<usize> {
    if !line.ends_with(',') {
        return None;
    }
    let bytes = line.as_bytes();
    let mut level = 0usize;
    for t in tokens {
        match t.ch {
            b'(' | b'[' | b'{' => level += 1,
            b')' | b']' | b'}' => level = level.checked_sub(1)?,
            b'=' if level == 0 && bytes.get(t.at + 1) == Some(&b'>') => {
                let block = line[t.at + 2..].trim_start().starts_with('{');
                return (!block && t.at > 0 && bytes[t.at - 1] == b' ').then_some(t.at);
            }
            _ => {}
        }
    }
    None
}

/// `use a::{B};` as `use a::B;`: braces around one name say nothing.
fn single_use(line: &str) -> Option<String> {
    let t = line.trim_start();
    if !(t.starts_with("use ") || t.starts_with("pub use ")) {
        return None;
    }
    let open = line.find("::{")?;
    let inner = line[open + 3..].strip_suffix("};")?;
    let one_name = !inner.is_empty()
        && inner != "self"
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
    one_name.then(|| format!("{}::{inner};", &line[..open]))
}

/// A function written on one line (`fn f(&self) -> &T { &self.t }`): its signature and
/// its body's expression, which rustfmt puts on lines of their own.
fn fn_body(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let is_fn = t.starts_with("fn ") || t.contains(" fn ") || t.starts_with("pub fn ");
    if !is_fn || !line.ends_with(" }") {
        return None;
    }
    let mut state = Strings::Code;
    let tokens = scan(line, &mut state)?;
    let closers = pairs(line.as_bytes(), &tokens);
    let last = tokens.len().checked_sub(1)?;
    let open = (0..last).find(|&k| tokens[k].ch == b'{' && closers[k] == Some(last))?;
    let head = line[..tokens[open].at].trim_end();
    let expr = line[tokens[open].at + 1..tokens[last].at].trim();
    // The brace is the body's only when the signature's brackets are all closed before it.
    let balanced = (0..open).all(|k| {
        !matches!(tokens[k].ch, b'(' | b'[' | b'{') || closers[k].is_some_and(|c| c < open)
    });
    (balanced && !expr.is_empty() && head.contains('(')).then_some((head, expr))
}

/// Where the right side of a `=` (or `+=`, `-=`) outside every bracket begins, if the
/// line is an assignment, a `let`, a `type` alias or a constant.
fn assignment_rhs(line: &str, tokens: &[Bracket], closers: &[Option<usize>]) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut k = 0;
    while k < tokens.len() {
        let t = tokens[k];
        match t.ch {
            b'(' | b'[' | b'{' | b'<' => {
                if let Some(c) = closers[k] {
                    k = c;
                }
            }
            b'=' => {
                let before = t.at.checked_sub(1).map_or(b' ', |p| bytes[p]);
                let after = bytes.get(t.at + 1).copied().unwrap_or(b' ');
                let op_start = if matches!(before, b'+' | b'-') {
                    t.at - 1
                } else {
                    t.at
                };
                let spaced =
                    op_start.checked_sub(1).is_some_and(|p| bytes[p] == b' ') && after == b' ';
                let compound_ok = matches!(before, b' ' | b'+' | b'-');
                if spaced && compound_ok {
                    return Some(t.at + 1);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// `impl Trait for Type {` (or `{}`) as rustfmt breaks it when it is too long: the `for`
/// clause one level deeper, the brace on a line of its own.
fn impl_for(line: &str, indent: &str, out: &mut String) -> bool {
    let rest = line.trim_start();
    if !rest.starts_with("impl") {
        return false;
    }
    let Some(for_at) = line.find(" for ") else {
        return false;
    };
    let (head, tail) = (&line[..for_at], line[for_at + 1..].trim_end());
    let (clause, brace) = if let Some(c) = tail.strip_suffix(" {}") {
        (c, "{\n".to_string() + indent + "}")
    } else if let Some(c) = tail.strip_suffix(" {") {
        (c, "{".to_string())
    } else {
        return false;
    };
    out.push_str(head);
    out.push('\n');
    out.push_str(indent);
    out.push_str(INDENT);
    out.push_str(clause);
    out.push('\n');
    out.push_str(indent);
    out.push_str(&brace);
    true
}

/// A function's `) -> T {` as rustfmt writes it when too long, the brace on a line of its
/// own.
fn return_type(line: &str, indent: &str, out: &mut String) -> bool {
    let Some(head) = line.strip_suffix(" {") else {
        return false;
    };
    if !head.trim_start().starts_with(") -> ") || head.chars().count() > MAX_WIDTH {
        return false;
    }
    out.push_str(head);
    out.push('\n');
    out.push_str(indent);
    out.push('{');
    true
}

/// The commas directly inside the group opened at `tokens[open]` and closed at
/// `tokens[close]`.
fn top_commas(
    tokens: &[Bracket],
    closers: &[Option<usize>],
    open: usize,
    close: usize,
) -> Vec<usize> {
    let mut commas = Vec::new();
    let mut k = open + 1;
    while k < close {
        match tokens[k].ch {
            b',' => commas.push(k),
            b'(' | b'[' | b'{' | b'<' => {
                if let Some(c) = closers[k].filter(|c| *c < close) {
                    k = c;
                }
            }
            _ => {}
        }
        k += 1;
    }
    commas
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laid_out(s: &str) -> String {
        lay_out_lines(s.to_string())
    }

    #[test]
    fn a_long_signature_gets_a_parameter_per_line() {
        let long = format!(
            "    pub fn with_host_path(mut self, value: impl Into<{}>) -> Self {{\n",
            "HostPathVolumeSourceApplyConfigurationWithAVeryLongName"
        );
        assert_eq!(
            laid_out(&long),
            "    pub fn with_host_path(\n        mut self,\n        value: impl Into<HostPathVolumeSourceApplyConfigurationWithAVeryLongName>,\n    ) -> Self {\n"
        );
    }

    #[test]
    fn generics_commas_and_strings_do_not_split() {
        let line = format!(
            "let x = call(\"a, (b\", Result::<A, B>::Ok(1), {});\n",
            "y".repeat(80)
        );
        let out = laid_out(&line);
        assert_eq!(
            out,
            format!(
                "let x = call(\n    \"a, (b\",\n    Result::<A, B>::Ok(1),\n    {},\n);\n",
                "y".repeat(80)
            )
        );
    }

    #[test]
    fn short_lines_and_raw_strings_stay() {
        let text = format!(
            "fn f() {{}}\nconst D: &str = r#\"(a, b) {}\n(c, d) {}\"#;\n",
            "x".repeat(120),
            "y".repeat(120)
        );
        assert_eq!(laid_out(&text), text);
    }

    #[test]
    fn trailing_commas_go_except_a_tuples() {
        assert_eq!(
            laid_out("f(a, b,);\nlet t = (a,);\nlet v = [1, 2,];\nSome(x,),\n"),
            "f(a, b);\nlet t = (a,);\nlet v = [1, 2];\nSome(x),\n"
        );
    }

    #[test]
    fn long_aliases_impls_and_assignments_break_as_rustfmt_does() {
        let path = format!("crate::{}::Thing", "module".repeat(14));
        assert_eq!(
            laid_out(&format!("pub type ThingClient = Client<{path}>;\n")),
            format!("pub type ThingClient =\n    Client<{path}>;\n")
        );
        assert_eq!(
            laid_out(&format!(
                "impl ::kapi::client::verbs::Create for {path} {{}}\n"
            )),
            format!("impl ::kapi::client::verbs::Create\n    for {path}\n{{\n}}\n")
        );
        let short = format!("crate::{}::v1", "module".repeat(8));
        assert_eq!(
            laid_out(&format!(
                "    passed += {short}::round_trip(seeds.clone())?;\n"
            )),
            format!("    passed +=\n        {short}::round_trip(seeds.clone())?;\n")
        );
        let real = "    pub fn with_pod_anti_affinity(mut self, value: impl Into<PodAntiAffinityApplyConfiguration>) -> Self {\n";
        assert_eq!(
            laid_out(real),
            "    pub fn with_pod_anti_affinity(\n        mut self,\n        value: impl Into<PodAntiAffinityApplyConfiguration>,\n    ) -> Self {\n"
        );
    }

    #[test]
    fn one_line_functions_and_single_uses_as_rustfmt_writes_them() {
        assert_eq!(
            laid_out("    pub fn client(&self) -> &Client { &self.client }\nuse a::b::{Client};\nuse a::{b, c};\n"),
            "    pub fn client(&self) -> &Client {\n        &self.client\n    }\nuse a::b::Client;\nuse a::{b, c};\n"
        );
        // A block inside the body is not the body.
        let closure = "    let f = |x| { x };\n";
        assert_eq!(laid_out(closure), closure);
    }

    #[test]
    fn a_wide_method_chain_gets_a_line_per_call() {
        assert_eq!(
            laid_out("        self.ports.get_or_insert_with(Vec::new).extend(items.into_iter().map(Into::into));\n"),
            "        self.ports\n            .get_or_insert_with(Vec::new)\n            .extend(items.into_iter().map(Into::into));\n"
        );
        assert_eq!(
            laid_out("    fn scale(&self) -> X { self.0.api().get_subresource::<::kapi::apis::v1::Scale>(name, \"scale\") }\n"),
            "    fn scale(&self) -> X {\n        self.0\n            .api()\n            .get_subresource::<::kapi::apis::v1::Scale>(name, \"scale\")\n    }\n"
        );
        // Narrow, one link, an assignment, a range: not chains to break.
        for line in [
            "    self.a.b().c();\n",
            "    ::kapi::__private::conversion::within(\"spec\", value).map_err(|e| e.into_owned())?;\n",
            "    self.metadata = Some(self.metadata.unwrap_or_default().with_resource_version(value));\n",
            "    for i in 0..items.len().saturating_sub(1).min(limit.unwrap_or(usize::MAX)) {\n",
        ] {
            assert_eq!(laid_out(line), line);
        }
    }

    #[test]
    fn a_call_of_one_call_overflows_into_the_inner_one() {
        let path = format!("crate::{}::Frobber", "module".repeat(8));
        assert_eq!(
            laid_out(&format!("        hooks: KindHooks::normalized(::kapi::__private::normalize_fn!({path})),\n")),
            format!("        hooks: KindHooks::normalized(::kapi::__private::normalize_fn!(\n            {path}\n        )),\n")
        );
        assert_eq!(
            laid_out(&format!("        protobuf: ::core::option::Option::Some(::kapi::fixtures::protobuf_codec::<{path}>()),\n")),
            format!("        protobuf: ::core::option::Option::Some(::kapi::fixtures::protobuf_codec::<\n            {path},\n        >()),\n")
        );
        assert_eq!(
            laid_out(&format!("        json: ::kapi::fixtures::json_codec::<{path}>(),\n")),
            format!("        json: ::kapi::fixtures::json_codec::<\n            {path},\n        >(),\n")
        );
        assert_eq!(
            laid_out(&format!(
                "            informer: factory.informer_for::<{path}>(),\n"
            )),
            format!("            informer: factory\n                .informer_for::<{path}>(),\n")
        );
    }

    #[test]
    fn a_block_after_a_broken_assignment_goes_deeper_with_it() {
        let name = "A_CONSTANT_WITH_A_NAME_LONG_ENOUGH_TO_BREAK_THE_LINE";
        assert_eq!(
            laid_out(&format!("pub const {name}: ::kapi::scheme::KindMeta = ::kapi::scheme::KindMeta {{\n    kind: \"A\",\n    verbs: &[\n        \"get\",\n    ],\n}};\nconst B: u8 = 1;\n")),
            format!("pub const {name}: ::kapi::scheme::KindMeta =\n    ::kapi::scheme::KindMeta {{\n        kind: \"A\",\n        verbs: &[\n            \"get\",\n        ],\n    }};\nconst B: u8 = 1;\n")
        );
    }

    #[test]
    fn a_long_match_arm_gets_a_block_and_long_generics_break_first() {
        let path = format!("crate::{}::RestartPolicy", "module".repeat(6));
        assert_eq!(
            laid_out(&format!("        {path}::Other(__value) => {path}::from(__value),\n")),
            format!("        {path}::Other(__value) => {{\n            {path}::from(__value)\n        }}\n")
        );
        let long = format!("crate::{}::Frobber", "module".repeat(13));
        assert_eq!(
            laid_out(&format!(
                "        ::kapi::round_trip::json::<{long}>(seed)?;\n"
            )),
            format!(
                "        ::kapi::round_trip::json::<\n            {long},\n        >(seed)?;\n"
            )
        );
    }

    #[test]
    fn long_types_break_as_rustfmt_breaks_them() {
        let ty = format!(
            "&::kapi::cache::SharedInformer<crate::{}::PolicyXY>",
            "module".repeat(7)
        );
        assert_eq!(
            laid_out(&format!("    ) -> {ty} {{\n")),
            format!("    ) -> {ty}\n    {{\n")
        );
        let path = format!("crate::{}::Policy", "module".repeat(9));
        assert_eq!(
            laid_out(&format!(
                "    ) -> &::kapi::cache::SharedInformer<{path}> {{\n"
            )),
            format!("    ) -> &::kapi::cache::SharedInformer<\n        {path},\n    > {{\n")
        );
        assert_eq!(
            laid_out(&format!(
                "    informer: ::kapi::cache::SharedInformer<{path}>,\n"
            )),
            format!("    informer: ::kapi::cache::SharedInformer<\n        {path},\n    >,\n")
        );
        let short = format!("crate::{}::Policy", "module".repeat(7));
        assert_eq!(
            laid_out(&format!(
                "    pub informer: ::kapi::cache::SharedInformer<{short}>,\n"
            )),
            format!("    pub informer:\n        ::kapi::cache::SharedInformer<{short}>,\n")
        );
        let name = "N".repeat(
            100 - "pub const : ::kapi::scheme::KindMeta = ::kapi::scheme::KindMeta {".len(),
        );
        let line =
            format!("pub const {name}: ::kapi::scheme::KindMeta = ::kapi::scheme::KindMeta {{");
        assert_eq!(line.len(), 100);
        assert_eq!(
            laid_out(&format!("{line}\n}};\n")),
            format!("pub const {name}: ::kapi::scheme::KindMeta =\n    ::kapi::scheme::KindMeta {{\n    }};\n")
        );
    }

    #[test]
    fn a_call_whose_arguments_would_begin_past_the_width_moves_to_its_own_line() {
        let path = format!("crate::{}::PolicyXY", "module".repeat(11));
        assert_eq!(
            laid_out(&format!("    scheme.add::<{path}>(&POLICY, hooks)?;\n")),
            format!("    scheme\n        .add::<{path}>(\n            &POLICY,\n            hooks,\n        )?;\n")
        );
    }

    #[test]
    fn an_array_of_long_elements_gets_one_per_line() {
        let names: Vec<String> = (0..8).map(|i| format!("PERSISTENT_VOLUME_{i}")).collect();
        assert_eq!(
            laid_out(&format!(
                "pub const KINDS: &[::kapi::scheme::KindMeta] = &[{}];\n",
                names.join(", ")
            )),
            format!(
                "pub const KINDS: &[::kapi::scheme::KindMeta] = &[\n    {},\n];\n",
                names.join(",\n    ")
            )
        );
    }

    #[test]
    fn a_call_of_wide_plain_arguments_gets_one_per_line() {
        assert_eq!(
            laid_out("        entries.set(\"volumeAttributesClassName\", &self.volume_attributes_class_name);\n"),
            "        entries.set(\n            \"volumeAttributesClassName\",\n            &self.volume_attributes_class_name,\n        );\n"
        );
        // A declaration, a macro and a call rustfmt would overflow stay.
        for line in [
            "    pub fn with_spec(mut self, value: impl Into<ResourceClaimSpecApplyConfiguration>) -> Self {\n",
            "        ::core::write!(f, \"{}: {} of the {} field\", self.kind, self.message, self.path)\n",
            "        spec: ::kapi::__private::conversion::within(\"spec\", Versioned::to_internal(spec))?,\n",
        ] {
            assert_eq!(laid_out(line), line);
        }
    }

    #[test]
    fn a_parenthesized_expression_is_never_made_a_tuple() {
        let (a, b) = ("a".repeat(50), "b".repeat(50));
        assert_eq!(
            laid_out(&format!("    x.push(!({a} && {b}));\n")),
            format!("    x.push(\n        !({a} && {b}),\n    );\n")
        );
    }
}
