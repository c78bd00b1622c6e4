//! `Warning` response headers (RFC 7234 §5.5): `299 - "text"`, several per header
//! separated by commas. Like client-go, only code 299 is kept, and the text is unquoted.

/// The texts of the code-299 warnings of one header value; malformed entries are skipped.
pub fn parse_warning_header(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = value.trim_start();
    while !rest.is_empty() {
        // warn-code SP warn-agent SP warn-text [SP warn-date]
        let Some((code, after)) = rest.split_once(' ') else {
            break;
        };
        let Some((_agent, after)) = after.trim_start().split_once(' ') else {
            break;
        };
        let after = after.trim_start();
        let Some((text, after)) = quoted(after) else {
            break;
        };
        let mut after = after.trim_start();
        // An optional quoted date.
        if after.starts_with('"') {
            match quoted(after) {
                Some((_, a)) => after = a.trim_start(),
                None => break,
            }
        }
        if code.trim() == "299" && !text.is_empty() {
            out.push(text);
        }
        match after.strip_prefix(',') {
            Some(a) => rest = a.trim_start(),
            None => break,
        }
    }
    out
}

/// A quoted-string at the start of `s`, unescaped, and what follows it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let body = s.strip_prefix('"')?;
    let mut text = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => text.push(chars.next()?.1),
            '"' => return Some((text, &body[i + 1..])),
            c => text.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_quoted_warnings() {
        assert_eq!(
            parse_warning_header(r#"299 - "a \"b\", c""#),
            vec![r#"a "b", c"#]
        );
        assert_eq!(
            parse_warning_header(
                r#"299 - "one", 299 kube "two" "Sat, 01 Jan 2000 00:00:00 GMT", 199 - "misc""#
            ),
            vec!["one", "two"]
        );
        assert!(parse_warning_header("garbage").is_empty());
        assert!(parse_warning_header(r#"299 - "unterminated"#).is_empty());
    }
}
