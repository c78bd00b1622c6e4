//! controller-gen's untyped marker argument (`+kubebuilder:default=<value>`), read as JSON.
//! Besides JSON it takes bare strings (`Service`), `{a, b}` for a list and `{key: value}`
//! for an object, nested, with quoted or bare strings, numbers and booleans inside
//! (controller-tools `markers/parse.go`, `guessType`): Gateway API writes
//! `+kubebuilder:default=Service` and `{namespaces:{from: Same}}`.

use serde_json::{Map, Number, Value};

/// The value `text` stands for, or `None` when it is not well formed.
pub fn parse(text: &str) -> Option<Value> {
    let mut p = Parser {
        s: text.trim().as_bytes(),
        at: 0,
    };
    let value = p.value(true)?;
    p.skip_space();
    (p.at == p.s.len()).then_some(value)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// One value; a bare one runs to the end at the top level, else to the next `,` or `}`.
    fn value(&mut self, top: bool) -> Option<Value> {
        self.skip_space();
        match self.peek()? {
            b'{' => {
                self.at += 1;
                self.braced()
            }
            b'"' | b'\'' | b'`' => self.quoted().map(Value::String),
            _ => {
                let start = self.at;
                while let Some(c) = self.peek() {
                    if !top && (c == b',' || c == b'}') {
                        break;
                    }
                    self.at += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.at]).ok()?.trim();
                (!word.is_empty()).then(|| scalar(word))
            }
        }
    }

    /// A string in double quotes (JSON's escapes), single quotes or backticks (as written).
    fn quoted(&mut self) -> Option<String> {
        let quote = self.peek()?;
        let start = self.at;
        self.at += 1;
        while let Some(c) = self.peek() {
            self.at += 1;
            if c == b'\\' && quote == b'"' {
                self.at += 1;
            } else if c == quote {
                let raw = std::str::from_utf8(&self.s[start..self.at]).ok()?;
                return match quote {
                    b'"' => serde_json::from_str(raw).ok(),
                    _ => Some(raw[1..raw.len() - 1].to_string()),
                };
            }
        }
        None
    }

    /// After `{`: an object when a `:` comes before the first `,` or `}` of this level (and
    /// the first item is not itself braced), else a list.
    fn braced(&mut self) -> Option<Value> {
        self.skip_space();
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(Value::Object(Map::new()));
        }
        if self.peek()? != b'{' && self.key_follows() {
            self.object()
        } else {
            self.list()
        }
    }

    fn key_follows(&self) -> bool {
        let mut quote = None;
        for &c in &self.s[self.at..] {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'' | b'`') => quote = Some(c),
                (None, b':') => return true,
                (None, b',' | b'}' | b'{') => return false,
                _ => {}
            }
        }
        false
    }

    fn object(&mut self) -> Option<Value> {
        let mut map = Map::new();
        loop {
            self.skip_space();
            let key = match self.peek()? {
                b'"' | b'\'' | b'`' => self.quoted()?,
                _ => {
                    let start = self.at;
                    while self.peek().is_some_and(|c| c != b':') {
                        self.at += 1;
                    }
                    std::str::from_utf8(&self.s[start..self.at])
                        .ok()?
                        .trim()
                        .to_string()
                }
            };
            self.skip_space();
            if self.peek()? != b':' || key.is_empty() {
                return None;
            }
            self.at += 1;
            let value = self.value(false)?;
            map.insert(key, value);
            if self.end_of_item()? {
                return Some(Value::Object(map));
            }
        }
    }

    fn list(&mut self) -> Option<Value> {
        let mut items = Vec::new();
        loop {
            items.push(self.value(false)?);
            if self.end_of_item()? {
                return Some(Value::Array(items));
            }
        }
    }

    /// After an item: `true` at the closing `}`, `false` after a `,`.
    fn end_of_item(&mut self) -> Option<bool> {
        self.skip_space();
        let c = self.peek()?;
        self.at += 1;
        match c {
            b'}' => Some(true),
            b',' => Some(false),
            _ => None,
        }
    }
}

/// A bare word: a boolean, an integer, a float, or else the string itself.
fn scalar(word: &str) -> Value {
    match word {
        "true" => return Value::Bool(true),
        "false" => return Value::Bool(false),
        _ => {}
    }
    if let Ok(i) = word.parse::<i64>() {
        return Value::Number(i.into());
    }
    if let Some(n) = word.parse::<f64>().ok().and_then(Number::from_f64) {
        if word
            .chars()
            .all(|c| c.is_ascii_digit() || "+-.eE".contains(c))
        {
            return Value::Number(n);
        }
    }
    Value::String(word.to_string())
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde_json::json;

    #[test]
    fn reads_what_controller_gen_reads() {
        assert_eq!(parse("Service"), Some(json!("Service")));
        assert_eq!(
            parse("gateway.networking.k8s.io"),
            Some(json!("gateway.networking.k8s.io"))
        );
        assert_eq!(parse("\"a b\""), Some(json!("a b")));
        assert_eq!(parse("1"), Some(json!(1)));
        assert_eq!(parse("1.5"), Some(json!(1.5)));
        assert_eq!(parse("true"), Some(json!(true)));
        assert_eq!(
            parse("{namespaces:{from: Same}}"),
            Some(json!({"namespaces": {"from": "Same"}}))
        );
        assert_eq!(
            parse("{{path:{ type: \"PathPrefix\", value: \"/\"}}}"),
            Some(json!([{"path": {"type": "PathPrefix", "value": "/"}}]))
        );
        assert_eq!(
            parse(
                "{{type: \"Accepted\", status: \"Unknown\", lastTransitionTime: \"1970-01-01T00:00:00Z\"},{type: \"Programmed\", status: \"Unknown\"}}"
            ),
            Some(json!([
                {"type": "Accepted", "status": "Unknown", "lastTransitionTime": "1970-01-01T00:00:00Z"},
                {"type": "Programmed", "status": "Unknown"}
            ]))
        );
        assert_eq!(parse("{a, b}"), Some(json!(["a", "b"])));
        assert_eq!(parse("{\"team\":\"core\"}"), Some(json!({"team": "core"})));
        assert_eq!(parse("{}"), Some(json!({})));
    }

    #[test]
    fn refuses_what_is_not_well_formed() {
        assert_eq!(parse(""), None);
        assert_eq!(parse("{a: b"), None);
        assert_eq!(parse("{a: b} c"), None);
        assert_eq!(parse("\"open"), None);
    }
}
