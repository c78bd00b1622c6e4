//! YAML written byte for byte as Kubernetes writes it: `sigs.k8s.io/yaml` turns the JSON form
//! into YAML with go-yaml v2 (`go.yaml.in/yaml/v2` 2.4.2, the same encoder as
//! `gopkg.in/yaml.v2` 2.4.0), whose emitter is a port of libyaml's. The parts of it a JSON
//! value reaches are written here over `serde_json::Value`, with go-yaml's names: the style
//! of a string (`encode.go`, `stringv`: double-quoted when a plain scalar would read as
//! something else under YAML 1.1, `resolve.go`, or as a base-60 float; literal when it has a
//! line break), the scalar analysis and style choice (`emitterc.go`,
//! `yaml_emitter_analyze_scalar`, `yaml_emitter_select_scalar_style`), the writers with their
//! 80-column folding, the key order (`sorter.go`), block collections with sequences not
//! indented inside mappings, and `{}` / `[]` for empty ones.
//!
//! serde_yaml_ng cannot be told a scalar's style: it single-quotes what it finds ambiguous
//! and leaves YAML 1.1's timestamps and `y`/`on`-style booleans plain, which YAML 1.1
//! readers (PyYAML, Ruby) then load as dates and booleans.

use serde_json::{Number, Value};
use std::cmp::Ordering;

const BEST_INDENT: isize = 2;
const BEST_WIDTH: usize = 80;
/// Keys longer than this (in bytes) are written as `? key` (`yaml_emitter_check_simple_key`).
const MAX_SIMPLE_KEY: usize = 128;

/// The YAML document of `value`, as `sigs.k8s.io/yaml.Marshal` writes the same JSON; `None`
/// when its collections nest deeper than `max_depth`.
pub(super) fn to_string(value: &Value, max_depth: usize) -> Option<String> {
    if depth(value) > max_depth {
        return None;
    }
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
    };
    e.node(value, Context::default());
    // DOCUMENT-END: the line is ended.
    e.indent = -1;
    e.write_indent();
    Some(e.out)
}

/// How deep collections nest (`{"a": [1]}` is 2), without recursion, so the check itself
/// cannot overflow the stack.
fn depth(value: &Value) -> usize {
    let mut max = 0;
    let mut stack = vec![(value, 1usize)];
    while let Some((v, d)) = stack.pop() {
        match v {
            Value::Array(items) => {
                max = max.max(d);
                stack.extend(items.iter().map(|i| (i, d + 1)));
            }
            Value::Object(map) => {
                max = max.max(d);
                stack.extend(map.values().map(|i| (i, d + 1)));
            }
            _ => {}
        }
    }
    max
}

/// Where a node stands (libyaml's `mapping_context` and `simple_key_context`).
#[derive(Debug, Clone, Copy, Default)]
struct Context {
    mapping: bool,
    simple_key: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

struct Emitter {
    out: String,
    /// In characters, as libyaml counts.
    column: usize,
    indent: isize,
    indents: Vec<isize>,
    whitespace: bool,
    indention: bool,
}

impl Emitter {
    fn node(&mut self, value: &Value, cx: Context) {
        match value {
            Value::Null => self.scalar("null", Style::Plain, cx),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, Style::Plain, cx),
            Value::Number(n) => self.scalar(&number(n), Style::Plain, cx),
            Value::String(s) => self.scalar(s, string_style(s), cx),
            Value::Array(items) if items.is_empty() => self.empty_flow("[", "]"),
            Value::Object(map) if map.is_empty() => self.empty_flow("{", "}"),
            Value::Array(items) => {
                self.increase_indent(false, cx.mapping && !self.indention);
                for item in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(item, Context::default());
                }
                self.pop_indent();
            }
            Value::Object(map) => {
                self.increase_indent(false, false);
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort_by(|a, b| key_order(a, b));
                for key in keys {
                    self.write_indent();
                    let value_cx = Context {
                        mapping: true,
                        simple_key: false,
                    };
                    if simple_key(key) {
                        self.node_key(key, true);
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node_key(key, false);
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(&map[key], value_cx);
                }
                self.pop_indent();
            }
        }
    }

    fn node_key(&mut self, key: &str, simple: bool) {
        self.scalar(
            key,
            string_style(key),
            Context {
                mapping: true,
                simple_key: simple,
            },
        );
    }

    /// `{}` or `[]`: an empty collection is a flow one.
    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, value: &str, requested: Style, cx: Context) {
        let analysis = Analysis::of(value);
        let style = select_style(requested, &analysis, value, cx.simple_key);
        self.increase_indent(true, false);
        let allow_breaks = !cx.simple_key;
        match style {
            Style::Plain => self.write_plain(value, allow_breaks),
            Style::SingleQuoted => self.write_single_quoted(value, allow_breaks),
            Style::DoubleQuoted => self.write_double_quoted(value, allow_breaks),
            Style::Literal => self.write_literal(value),
        }
        self.pop_indent();
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.put(c);
            self.column = 0;
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    fn write_plain(&mut self, value: &str, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let chars: Vec<char> = value.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < chars.len()
                    && chars[i + 1] != ' '
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        // libyaml's `is_bom` looks at the start of the value whatever the position.
        let bom = chars.first() == Some(&'\u{feff}');
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || bom || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let v = u32::from(c);
                        let (letter, digits) = if v <= 0xFF {
                            ('x', 2)
                        } else if v <= 0xFFFF {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(letter);
                        for k in (0..digits).rev() {
                            let digit = (v >> (k * 4)) & 0xF;
                            let d = char::from_digit(digit, 16).unwrap_or('0');
                            self.put(d.to_ascii_uppercase());
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < chars.len()
                {
                    self.write_indent();
                    if chars[i + 1] == ' ' {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        if chars.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            self.write_indicator("2", false, false, false);
        }
        let chomp = match chars.as_slice() {
            [] => Some("-"),
            [.., last] if !is_break(*last) => Some("-"),
            [_] => Some("+"),
            [.., before, _] if is_break(*before) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

/// `yaml_emitter_check_simple_key` for a string key.
fn simple_key(key: &str) -> bool {
    !Analysis::of(key).multiline && key.len() <= MAX_SIMPLE_KEY
}

/// `yaml_emitter_select_scalar_style`, block context (a JSON value never puts a scalar in a
/// flow collection: empty collections are the only flow ones).
fn select_style(requested: Style, a: &Analysis, value: &str, simple_key: bool) -> Style {
    let mut style = requested;
    if simple_key && a.multiline {
        style = Style::DoubleQuoted;
    }
    if style == Style::Plain && (!a.block_plain_allowed || (value.is_empty() && simple_key)) {
        style = Style::SingleQuoted;
    }
    if style == Style::SingleQuoted && !a.single_quoted_allowed {
        style = Style::DoubleQuoted;
    }
    if style == Style::Literal && (!a.block_allowed || simple_key) {
        style = Style::DoubleQuoted;
    }
    style
}

/// `yaml_emitter_analyze_scalar`: which styles can hold the value.
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

impl Analysis {
    fn of(value: &str) -> Analysis {
        if value.is_empty() {
            return Analysis {
                multiline: false,
                block_plain_allowed: true,
                single_quoted_allowed: true,
                block_allowed: false,
            };
        }
        let chars: Vec<char> = value.chars().collect();
        let mut block_indicators = value.starts_with("---") || value.starts_with("...");
        let (mut line_breaks, mut special_characters) = (false, false);
        let (mut leading_space, mut leading_break) = (false, false);
        let (mut trailing_space, mut trailing_break) = (false, false);
        let (mut break_space, mut space_break) = (false, false);
        let (mut previous_space, mut previous_break) = (false, false);
        let mut preceded_by_whitespace = true;
        for (i, &c) in chars.iter().enumerate() {
            let followed_by_whitespace = chars.get(i + 1).is_none_or(|&n| n == ' ' || n == '\t');
            let last = i + 1 == chars.len();
            if i == 0 {
                match c {
                    '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\''
                    | '"' | '%' | '@' | '`' => block_indicators = true,
                    '?' | ':' | '-' if followed_by_whitespace => block_indicators = true,
                    _ => {}
                }
            } else {
                match c {
                    ':' if followed_by_whitespace => block_indicators = true,
                    '#' if preceded_by_whitespace => block_indicators = true,
                    _ => {}
                }
            }
            if !is_printable(c) {
                special_characters = true;
            }
            if c == ' ' {
                leading_space |= i == 0;
                trailing_space |= last;
                break_space |= previous_break;
                previous_space = true;
                previous_break = false;
            } else if is_break(c) {
                line_breaks = true;
                leading_break |= i == 0;
                trailing_break |= last;
                space_break |= previous_space;
                previous_space = false;
                previous_break = true;
            } else {
                previous_space = false;
                previous_break = false;
            }
            preceded_by_whitespace = c == ' ' || c == '\t' || is_break(c) || c == '\0';
        }
        let mut a = Analysis {
            multiline: line_breaks,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: true,
        };
        if leading_space || leading_break || trailing_space || trailing_break {
            a.block_plain_allowed = false;
        }
        if trailing_space {
            a.block_allowed = false;
        }
        if break_space {
            a.block_plain_allowed = false;
            a.single_quoted_allowed = false;
        }
        if space_break || special_characters {
            a.block_plain_allowed = false;
            a.single_quoted_allowed = false;
            a.block_allowed = false;
        }
        if line_breaks || block_indicators {
            a.block_plain_allowed = false;
        }
        a
    }
}

/// libyaml's `is_printable` (which leaves out everything beyond the Basic Multilingual Plane).
fn is_printable(c: char) -> bool {
    matches!(u32::from(c), 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{feff}'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// `stringv`: a line break makes a literal block; a string that a YAML 1.1 reader would take
/// for something else (`resolve` finds another tag, or a base-60 float) is double-quoted;
/// anything else is plain where the emitter allows it.
fn string_style(s: &str) -> Style {
    if s.contains('\n') {
        Style::Literal
    } else if resolves_to_string(s) && !is_base60_float(s) {
        Style::Plain
    } else {
        Style::DoubleQuoted
    }
}

/// go-yaml v2's `resolve("", s)` is `!!str`: not a YAML 1.1 null, bool, int, float or
/// timestamp as go-yaml reads them.
pub(crate) fn resolves_to_string(s: &str) -> bool {
    let Some(first) = s.bytes().next() else {
        // "" is null.
        return false;
    };
    let hint = match first {
        b'+' | b'-' => 'S',
        b'0'..=b'9' => 'D',
        b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~' => 'M',
        b'.' => '.',
        _ => return true,
    };
    const MAP: &[&str] = &[
        "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
        "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "~", "null", "Null", "NULL",
        ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
        "-.Inf", "-.INF",
    ];
    if MAP.contains(&s) {
        return false;
    }
    match hint {
        'M' => true,
        // Go's ParseFloat on ".5", ".5e3".
        '.' => !(yaml_style_float(s) && finite(s)),
        _ => {
            if is_timestamp(s) {
                return false;
            }
            let plain: String = s.chars().filter(|&c| c != '_').collect();
            if go_parse_int(&plain) {
                return false;
            }
            if yaml_style_float(&plain) && finite(&plain) {
                return false;
            }
            if let Some(bits) = plain
                .strip_prefix("0b")
                .or_else(|| plain.strip_prefix("-0b"))
            {
                return !fits_binary(bits);
            }
            true
        }
    }
}

/// Go's `strconv.ParseFloat` succeeds (no overflow to infinity).
fn finite(s: &str) -> bool {
    s.parse::<f64>().is_ok_and(f64::is_finite)
}

fn fits_binary(bits: &str) -> bool {
    !bits.is_empty() && bits.len() <= 64 && bits.bytes().all(|b| b == b'0' || b == b'1')
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseInt(s, 0, 64)` or `ParseUint(s, 0, 64)` succeeds: an optional sign
/// (signed only), then `0x`/`0o`/`0b` with digits of that base, `0` and octal digits, or
/// decimal digits; within 64 bits.
fn go_parse_int(s: &str) -> bool {
    let (negative, signed, body) = match s.as_bytes().first() {
        Some(b'-') => (true, true, &s[1..]),
        Some(b'+') => (false, true, &s[1..]),
        _ => (false, false, s),
    };
    if body.is_empty() {
        return false;
    }
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if lower.len() >= 3 && lower.starts_with("0b") {
        (2, &body[2..])
    } else if lower.len() >= 3 && lower.starts_with("0o") {
        (8, &body[2..])
    } else if lower.len() >= 3 && lower.starts_with("0x") {
        (16, &body[2..])
    } else if let Some(rest) = body.strip_prefix('0') {
        (8, rest)
    } else {
        (10, body)
    };
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return false;
    }
    let Ok(magnitude) = u64::from_str_radix(if digits.is_empty() { "0" } else { digits }, radix)
    else {
        return false;
    };
    if !signed {
        // ParseInt, then ParseUint.
        return true;
    }
    if negative {
        magnitude <= 1u64 << 63
    } else {
        magnitude < 1u64 << 63
    }
}

/// `isBase60Float`: `1:20`, quoted for YAML 1.1 readers though go-yaml reads it as a string.
fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    if !matches!(b.first(), Some(b'+' | b'-' | b'0'..=b'9')) || !s.contains(':') {
        return false;
    }
    // ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
    let mut i = usize::from(matches!(b[0], b'+' | b'-'));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        match (b.get(i), b.get(i + 1)) {
            (Some(b'0'..=b'5'), Some(b'0'..=b'9')) => i += 2,
            (Some(b'0'..=b'9'), _) => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// go-yaml's `parseTimestamp`: four digits and `-`, then one of its layouts as Go's
/// `time.Parse` reads them: `2006-1-2T15:4:5.999999999Z07:00` (also with `t`),
/// `2006-1-2 15:4:5.999999999` and `2006-1-2`.
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let year: u32 = s[..4].parse().unwrap_or(0);
    let mut p = Parser { b, i: 5 };
    let Some(month) = p.number() else {
        return false;
    };
    if !p.literal(b'-') {
        return false;
    }
    let Some(day) = p.number() else {
        return false;
    };
    if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
        return false;
    }
    if p.done() {
        return true;
    }
    let zoned = match b[p.i] {
        b'T' | b't' => {
            p.i += 1;
            true
        }
        b' ' => {
            // A space in a layout matches one or more.
            while b.get(p.i) == Some(&b' ') {
                p.i += 1;
            }
            false
        }
        _ => return false,
    };
    let Some(hour) = p.number() else {
        return false;
    };
    if !p.literal(b':') {
        return false;
    }
    let Some(minute) = p.number() else {
        return false;
    };
    if !p.literal(b':') {
        return false;
    }
    let Some(second) = p.number() else {
        return false;
    };
    if hour >= 24 || minute >= 60 || second >= 60 {
        return false;
    }
    // A fraction: `.` or `,` and at least one digit.
    if matches!(b.get(p.i), Some(b'.' | b',')) && b.get(p.i + 1).is_some_and(u8::is_ascii_digit) {
        p.i += 1;
        while b.get(p.i).is_some_and(u8::is_ascii_digit) {
            p.i += 1;
        }
    }
    if !zoned {
        return p.done();
    }
    match b.get(p.i) {
        Some(b'Z') => p.i += 1,
        Some(b'+' | b'-') => {
            let zone = &b[p.i + 1..];
            if zone.len() < 5
                || !zone[..2].iter().all(u8::is_ascii_digit)
                || zone[2] != b':'
                || !zone[3..5].iter().all(u8::is_ascii_digit)
            {
                return false;
            }
            let hours = u32::from(zone[0] - b'0') * 10 + u32::from(zone[1] - b'0');
            let minutes = u32::from(zone[3] - b'0') * 10 + u32::from(zone[4] - b'0');
            if hours > 24 || minutes > 60 {
                return false;
            }
            p.i += 6;
        }
        _ => return false,
    }
    p.done()
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    /// Go's `getnum(value, false)`: one digit, or two.
    fn number(&mut self) -> Option<u32> {
        let first = *self.b.get(self.i).filter(|c| c.is_ascii_digit())?;
        self.i += 1;
        let mut n = u32::from(first - b'0');
        if let Some(second) = self.b.get(self.i).filter(|c| c.is_ascii_digit()) {
            n = n * 10 + u32::from(second - b'0');
            self.i += 1;
        }
        Some(n)
    }

    fn literal(&mut self, c: u8) -> bool {
        let ok = self.b.get(self.i) == Some(&c);
        self.i += usize::from(ok);
        ok
    }

    fn done(&self) -> bool {
        self.i == self.b.len()
    }
}

fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A JSON number as it reaches go-yaml: Go's `json.Marshal` text read back by go-yaml
/// (an integer stays one; a float is written with `strconv.FormatFloat(f, 'g', -1, 64)`).
fn number(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    let f = n.as_f64().unwrap_or(0.0);
    let json = go_json_float(f);
    if go_parse_int(&json) {
        json
    } else {
        go_format_g(f)
    }
}

/// The shortest digits of `f` and its decimal point position: `1.25` is ("125", 1).
fn shortest_digits(f: f64) -> (String, i32) {
    let text = format!("{:e}", f.abs());
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    (digits, exponent + 1)
}

fn sign(f: f64) -> &'static str {
    if f.is_sign_negative() && f != 0.0 {
        "-"
    } else {
        ""
    }
}

/// `%e` with the shortest digits, Go's way: `1.5e+06`, `1e-07`.
fn go_exponent_form(f: f64, two_digit_exponent: bool) -> String {
    let (digits, point) = shortest_digits(f);
    let mut out = String::from(sign(f));
    out.push_str(&digits[..1]);
    if digits.len() > 1 {
        out.push('.');
        out.push_str(&digits[1..]);
    }
    let exp = if f == 0.0 { 0 } else { point - 1 };
    out.push('e');
    out.push(if exp < 0 { '-' } else { '+' });
    let magnitude = exp.unsigned_abs();
    if two_digit_exponent && magnitude < 10 {
        out.push('0');
    }
    out.push_str(&magnitude.to_string());
    out
}

/// `%f` with the shortest digits.
fn go_fixed_form(f: f64) -> String {
    let (digits, point) = shortest_digits(f);
    let mut out = String::from(sign(f));
    if f == 0.0 {
        out.push('0');
        return out;
    }
    if point <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat(point.unsigned_abs() as usize));
        out.push_str(&digits);
    } else if point as usize >= digits.len() {
        out.push_str(&digits);
        out.push_str(&"0".repeat(point as usize - digits.len()));
    } else {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    }
    out
}

/// `encoding/json`'s float: `'f'` between 1e-6 and 1e21, else `'e'` with a one-digit
/// exponent where it has one.
fn go_json_float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        go_exponent_form(f, false)
    } else {
        go_fixed_form(f)
    }
}

/// `strconv.FormatFloat(f, 'g', -1, 64)`: `%e` when the exponent is below -4 or at least 21
/// ... or 6 for the shortest form, as Go decides.
fn go_format_g(f: f64) -> String {
    let (_, point) = shortest_digits(f);
    let exp = if f == 0.0 { 0 } else { point - 1 };
    if !(-4..6).contains(&exp) {
        go_exponent_form(f, true)
    } else {
        go_fixed_form(f)
    }
}

/// go-yaml v2's `keyList.Less` for string keys: runs of digits compare as numbers, and a
/// non-letter sorts before a letter.
fn key_order(a: &str, b: &str) -> Ordering {
    if key_less(a, b) {
        Ordering::Less
    } else if key_less(b, a) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

fn key_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    let digit = |c: char| c.is_ascii_digit();
    for i in 0..ar.len().min(br.len()) {
        if ar[i] == br[i] {
            continue;
        }
        let al = ar[i].is_alphabetic();
        let bl = br[i].is_alphabetic();
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let (mut an, mut bn): (i64, i64) = (0, 0);
        if ar[i] == '0' || br[i] == '0' {
            let mut j = i;
            while j > 0 && digit(ar[j - 1]) {
                j -= 1;
                if ar[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < ar.len() && digit(ar[ai]) {
            an = an
                .wrapping_mul(10)
                .wrapping_add(i64::from(u32::from(ar[ai]) - 48));
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && digit(br[bi]) {
            bn = bn
                .wrapping_mul(10)
                .wrapping_add(i64::from(u32::from(br[bi]) - 48));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn yaml(value: Value) -> String {
        to_string(&value, 128).expect("shallow")
    }

    /// go-yaml v2's own `marshalTests` and `TestLineWrapping` (encode_test.go), on the JSON
    /// values sigs.k8s.io/yaml hands it.
    #[test]
    fn writes_what_go_yaml_writes() {
        for (value, expected) in [
            (json!(null), "null\n"),
            (json!({}), "{}\n"),
            (json!({"v": "hi"}), "v: hi\n"),
            (json!({"v": "true"}), "v: \"true\"\n"),
            (json!({"v": "false"}), "v: \"false\"\n"),
            (json!({"v": true}), "v: true\n"),
            (json!({"v": 10}), "v: 10\n"),
            (json!({"v": -10}), "v: -10\n"),
            (json!({"v": 4294967296u64}), "v: 4294967296\n"),
            (json!({"v": "10"}), "v: \"10\"\n"),
            (json!({"v": 0.1}), "v: 0.1\n"),
            (json!({"v": -0.1}), "v: -0.1\n"),
            (json!({"v": null}), "v: null\n"),
            (json!({"v": ""}), "v: \"\"\n"),
            (json!({"v": ["A", "B"]}), "v:\n- A\n- B\n"),
            (json!({"v": ["A", "B\nC"]}), "v:\n- A\n- |-\n  B\n  C\n"),
            (
                json!({"v": ["A", 1, {"B": [2, 3]}]}),
                "v:\n- A\n- 1\n- B:\n  - 2\n  - 3\n",
            ),
            (json!({"a": {"b": "c"}}), "a:\n  b: c\n"),
            (json!({"a": "-"}), "a: '-'\n"),
            (json!({"a": "<foo>"}), "a: <foo>\n"),
            (json!({"a": "1:1"}), "a: \"1:1\"\n"),
            (json!({"a": "\u{0}"}), "a: \"\\0\"\n"),
            (json!({"a": "你好"}), "a: 你好\n"),
            (json!({"a": "2015-02-24T18:19:39Z"}), "a: \"2015-02-24T18:19:39Z\"\n"),
            (json!({"a": "b: c"}), "a: 'b: c'\n"),
            (json!({"a": "Hello #comment"}), "a: 'Hello #comment'\n"),
            (json!({"a": "你好 #comment"}), "a: '你好 #comment'\n"),
            (json!({"a": 100.5}), "a: 100.5\n"),
            (
                json!({"a": "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 "}),
                "a: 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 abcdefghijklmnopqrstuvwxyz\n  ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 '\n",
            ),
        ] {
            assert_eq!(yaml(value.clone()), expected, "{value}");
        }
    }

    /// `resolve.go` under YAML 1.1: what a plain scalar would be read as.
    #[test]
    fn strings_yaml_1_1_reads_otherwise_are_double_quoted() {
        for s in [
            "y",
            "Yes",
            "ON",
            "off",
            "n",
            "NO",
            "true",
            "False",
            "~",
            "null",
            "NULL",
            "0",
            "-1",
            "+7",
            "0x1F",
            "0o17",
            "017",
            "0b101",
            "1_000",
            "1e3",
            "1.5",
            ".5",
            "-.inf",
            ".NaN",
            "08",
            "1:20",
            "-1:20:30.5",
            "2009-02-13T23:31:30Z",
            "2009-2-3",
            "2001-12-14t21:59:43.10-05:00",
            "2001-12-14 21:59:43.10",
            "99999999999999999999",
        ] {
            assert_eq!(
                yaml(json!({ "k": s })),
                format!("k: \"{s}\"\n"),
                "{s} is not a string to YAML 1.1"
            );
        }
        for s in [
            "yesno",
            "o",
            "Null0",
            "nan",
            "NaN",
            "<<",
            "0b",
            "1e400",
            "0xFFFFFFFFFFFFFFFFFF",
            "2009-13-01",
            "2009-02-30",
            "2009-02-13T25:00:00Z",
            "2009-02-13T23:31:30",
            "1.2.3",
            "100m",
            "80%",
            "v1.2",
            "abc",
        ] {
            assert_eq!(
                yaml(json!({ "k": s })),
                format!("k: {s}\n"),
                "{s} stays plain"
            );
        }
    }

    #[test]
    fn keys_sort_as_go_yaml_sorts_them() {
        assert_eq!(
            yaml(json!({"b": 1, "a10": 1, "a9": 1, "A": 1, "_x": 1, "a": 1})),
            // A non-letter sorts before a letter.
            "_x: 1\nA: 1\na: 1\na9: 1\na10: 1\nb: 1\n"
        );
    }

    #[test]
    fn numbers_are_written_as_go_writes_their_json() {
        for (value, expected) in [
            (json!(1000.0), "1000"),
            (json!(1e21), "1e+21"),
            (json!(1e20), "1e+20"),
            (json!(1234567.5), "1.2345675e+06"),
            (json!(0.000001), "1e-06"),
            (json!(-0.0), "0"),
        ] {
            assert_eq!(
                yaml(json!({ "x": value })),
                format!("x: {expected}\n"),
                "{value}"
            );
        }
    }

    #[test]
    fn text_blocks_and_escapes() {
        assert_eq!(yaml(json!({"a": "x\n"})), "a: |\n  x\n");
        assert_eq!(yaml(json!({"a": "x\n\n"})), "a: |+\n  x\n\n");
        assert_eq!(yaml(json!({"a": " x\ny"})), "a: |2-\n   x\n  y\n");
        assert_eq!(yaml(json!({"a": "x \ny"})), "a: \"x \\ny\"\n");
        assert_eq!(yaml(json!({"a": "tab\there"})), "a: \"tab\\there\"\n");
        assert_eq!(yaml(json!({"a": "it's"})), "a: it's\n");
        assert_eq!(yaml(json!({"a": "'q'"})), "a: '''q'''\n");
        assert_eq!(yaml(json!({"a": "😀"})), "a: \"\\U0001F600\"\n");
        // A key with a line break is no simple key, and outside one a literal block is fine.
        assert_eq!(yaml(json!({"a\nb": 1})), "? |-\n  a\n  b\n: 1\n");
        // `n` reads as false in YAML 1.1, as a key too.
        assert_eq!(yaml(json!({"n": 1})), "\"n\": 1\n");
        let long = "k".repeat(129);
        assert_eq!(yaml(json!({ long.clone(): 1 })), format!("? {long}\n: 1\n"));
    }

    #[test]
    fn nesting_beyond_the_limit_is_refused() {
        let mut v = json!(1);
        for _ in 0..10 {
            v = json!([v]);
        }
        assert!(to_string(&v, 10).is_some());
        assert!(to_string(&json!([v]), 10).is_none());
    }
}
