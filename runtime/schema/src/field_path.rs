//! A CEL rule's `fieldPath` (`.spec.ports`, `['a.b']`) read against the schema it is
//! written on, as apiextensions' `cel.ValidFieldPath` reads it: each step names a property
//! (an object with `properties`) or a key (an object with `additionalProperties`), and the
//! result is the field path Kubernetes reports (`spec.ports`, `labels[a.b]`).

use serde_json::Value;

/// `path.key`, or `key` at the root: a property's field path as apiextensions writes it.
pub fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// `json_path` as a field path below `schema`'s value, or why it is not a valid one.
pub fn normalize(json_path: &str, schema: &Value) -> Result<String, String> {
    let tokens = tokens(json_path);
    let mut out = String::new();
    let mut node = schema;
    let mut i = 0;
    while i < tokens.len() {
        let name = match tokens[i].as_str() {
            "[" => {
                let quoted = tokens.get(i + 1).ok_or("unexpected end of JSON path")?;
                if quoted.len() < 2 || !quoted.starts_with('\'') || !quoted.ends_with('\'') {
                    return Err(format!("expected single quoted string but got {quoted}"));
                }
                let name = unescape(&quoted[1..quoted.len() - 1])
                    .map_err(|e| format!("invalid string literal: {e}"))?;
                match tokens.get(i + 2).map(String::as_str) {
                    Some("]") => {}
                    Some(other) => return Err(format!("expected ] but got {other}")),
                    None => return Err("unexpected end of JSON path".into()),
                }
                i += 3;
                name
            }
            "." => {
                let name = tokens.get(i + 1).ok_or("unexpected end of JSON path")?;
                i += 2;
                name.clone()
            }
            other => return Err(format!("expected [ or . but got: {other}")),
        };
        node = step(node, &name, &mut out)?;
    }
    Ok(out)
}

/// One step: a property's name after a dot, or a map key in brackets.
fn step<'s>(node: &'s Value, name: &str, out: &mut String) -> Result<&'s Value, String> {
    if let Some(properties) = node.get("properties").and_then(Value::as_object) {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(name);
        return properties
            .get(name)
            .ok_or_else(|| "does not refer to a valid field".to_string());
    }
    match node.get("additionalProperties").filter(|a| a.is_object()) {
        Some(values) => {
            out.push_str(&format!("[{name}]"));
            Ok(values)
        }
        None => Err("does not refer to a valid field".into()),
    }
}

/// The path's tokens: `.`, `[`, `]`, a quoted string (to its unescaped closing quote), or a
/// name up to the next delimiter.
fn tokens(path: &str) -> Vec<String> {
    let chars: Vec<char> = path.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '.' | '[' | ']') {
            out.push(c.to_string());
            i += 1;
            continue;
        }
        let start = i;
        if c == '\'' {
            i += 1;
            while i < chars.len() && !(chars[i] == '\'' && chars[i - 1] != '\\') {
                i += 1;
            }
            i = (i + 1).min(chars.len());
        } else {
            while i < chars.len() && !matches!(chars[i], '.' | '[' | ']') {
                i += 1;
            }
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

/// A single-quoted CEL string's escapes (`\'`, `\\`, `\n`, ...).
fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('a') => '\x07',
            Some('b') => '\x08',
            Some('f') => '\x0c',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('v') => '\x0b',
            Some('\'') => '\'',
            Some('\\') => '\\',
            Some(other) => return Err(format!("invalid escape char \\{other}")),
            // A lone trailing backslash is no escape: kept.
            None => '\\',
        });
    }
    Ok(out)
}

/// Cases of apiextensions' `pkg/apiserver/schema/cel/validation_test.go`
/// (`TestValidateFieldPath`).
#[cfg(test)]
mod tests {
    use super::normalize;
    use serde_json::json;

    fn schema() -> serde_json::Value {
        json!({"type": "object", "properties": {
            "foo": {"type": "object", "properties": {
                "subAdd": {"type": "object", "additionalProperties": {"type": "integer"}},
                "subStr": {"type": "string"},
                "a.b": {"type": "string"}}},
            "list": {"type": "array", "items": {"type": "string"}}}})
    }

    #[test]
    fn valid_paths_normalize_as_kubernetes_renders_them() {
        let s = schema();
        assert_eq!(normalize(".foo", &s), Ok("foo".into()));
        assert_eq!(normalize(".foo.subStr", &s), Ok("foo.subStr".into()));
        assert_eq!(normalize(".foo['a.b']", &s), Ok("foo.a.b".into()));
        assert_eq!(
            normalize(".foo.subAdd['k.x']", &s),
            Ok("foo.subAdd[k.x]".into())
        );
        assert_eq!(normalize(".foo.subAdd.k", &s), Ok("foo.subAdd[k]".into()));
    }

    #[test]
    fn invalid_paths_say_why() {
        let s = schema();
        assert_eq!(
            normalize(".missing", &s),
            Err("does not refer to a valid field".into())
        );
        assert_eq!(
            normalize(".list.x", &s),
            Err("does not refer to a valid field".into())
        );
        assert_eq!(
            normalize("foo", &s),
            Err("expected [ or . but got: foo".into())
        );
        assert_eq!(
            normalize(".foo[subStr]", &s),
            Err("expected single quoted string but got subStr".into())
        );
        assert_eq!(
            normalize(".foo.", &s),
            Err("unexpected end of JSON path".into())
        );
    }
}
