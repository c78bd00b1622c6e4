//! How CEL expressions name the properties of a schema-described object: apiextensions
//! escapes names that are CEL reserved words or hold characters CEL identifiers cannot.
//! Codegen writes rules with these names; the server's evaluator and cost estimator read
//! objects by them.

use std::borrow::Cow;

/// The CEL name of an object property, as apiextensions escapes it (apiserver's
/// `cel.Escape`): a CEL reserved word becomes `__word__` (`namespace` is
/// `__namespace__`), `__` `__underscores__`, `.` `__dot__`, `-` `__dash__`, `/`
/// `__slash__`; a name starting with a digit or holding any other character has none.
pub fn escape(name: &str) -> Option<Cow<'_, str>> {
    const RESERVED: [&str; 21] = [
        "true",
        "false",
        "null",
        "in",
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
        "while",
    ];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(Cow::Owned(format!("__{name}__")));
    }
    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.contains("__") {
        return Some(Cow::Borrowed(name));
    }
    let mut out = String::with_capacity(name.len() + 8);
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("__") {
            out.push_str("__underscores__");
            rest = &rest[2..];
            continue;
        }
        match c {
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
        rest = &rest[c.len_utf8()..];
    }
    Some(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    // apiserver's cel/escaping_test.go TestEscaping cases.
    #[test]
    fn properties_are_escaped_as_apiextensions_escapes_them() {
        let escaped = |n| escape(n).map(Cow::into_owned);
        assert_eq!(escaped("namespace").as_deref(), Some("__namespace__"));
        assert_eq!(escaped("if").as_deref(), Some("__if__"));
        assert_eq!(escaped("a.b").as_deref(), Some("a__dot__b"));
        assert_eq!(escaped("a-b").as_deref(), Some("a__dash__b"));
        assert_eq!(escaped("a/b").as_deref(), Some("a__slash__b"));
        assert_eq!(escaped("a__b").as_deref(), Some("a__underscores__b"));
        assert_eq!(escaped("_a_").as_deref(), Some("_a_"));
        assert_eq!(escaped("plain").as_deref(), Some("plain"));
        assert_eq!(escaped("1a"), None);
        assert_eq!(escaped("a:b"), None);
        assert_eq!(escaped("a b"), None);
    }
}
