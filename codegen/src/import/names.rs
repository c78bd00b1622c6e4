//! Rust names for names from elsewhere (Go fields, JSON properties), shared by the
//! importers.

use heck::ToSnakeCase;

/// snake_case of a Go or JSON name, with plural initialisms kept whole (`clusterIPs` is
/// `cluster_ips`, not `cluster_i_ps`).
pub fn snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase())
            .count();
        let plural = run >= 2
            && chars.get(i + run) == Some(&'s')
            && chars
                .get(i + run + 1)
                .is_none_or(|c| !c.is_ascii_lowercase());
        if plural {
            out.push(chars[i]);
            out.extend(chars[i + 1..i + run].iter().map(char::to_ascii_lowercase));
            out.push('s');
            i += run + 1;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out.to_snake_case()
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
    "where", "while", "abstract", "become", "box", "do", "final", "macro", "override", "priv",
    "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// A Rust identifier for a snake_case name: other characters become `_`, keywords get a
/// trailing `_` (`type_`, as kapi reads it back).
pub fn rust_ident(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if KEYWORDS.contains(&s.as_str()) {
        s.push('_');
    }
    s
}
