//! Kubernetes field selectors (`?fieldSelector=metadata.name=foo,status.phase!=Running`).
//!
//! Values may contain `,`, `=` and `\` only when escaped with a backslash;
//! field names take no escaping and end at the first operator.

use std::fmt;
use std::str::FromStr;

/// Why a field selector string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldSelectorError {
    #[error("invalid selector: {selector:?}; can't understand {term:?}")]
    InvalidTerm { selector: String, term: String },
    #[error("invalid field selector: invalid escape sequence: {0}")]
    InvalidEscape(String),
    #[error("invalid field selector: unescaped character in value: {0}")]
    UnescapedCharacter(char),
}

/// The comparison a term performs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FieldOperator {
    /// `=`, or `==` which means the same and prints as `=`.
    Equals,
    NotEquals,
}

/// One `field=value` or `field!=value` term, with the value unescaped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldRequirement {
    pub field: String,
    pub operator: FieldOperator,
    pub value: String,
}

impl FieldRequirement {
    /// A missing field compares as the empty string, as in Kubernetes, so
    /// `spec.nodeName=` selects unscheduled pods.
    pub fn matches(&self, lookup: &impl Fn(&str) -> Option<String>) -> bool {
        let actual = lookup(&self.field).unwrap_or_default();
        match self.operator {
            FieldOperator::Equals => actual == self.value,
            FieldOperator::NotEquals => actual != self.value,
        }
    }
}

impl fmt::Display for FieldRequirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.operator {
            FieldOperator::Equals => "=",
            FieldOperator::NotEquals => "!=",
        };
        write!(f, "{}{op}{}", self.field, escape_value(&self.value))
    }
}

/// A conjunction of field terms; the empty selector matches everything.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FieldSelector {
    requirements: Vec<FieldRequirement>,
}

impl FieldSelector {
    pub fn everything() -> Self {
        FieldSelector::default()
    }

    /// Parses as Kubernetes' `fields.ParseSelector`. Terms are ordered by
    /// their raw text, and empty terms (as in `a=b,,c=d`) are skipped.
    pub fn parse(selector: &str) -> Result<Self, FieldSelectorError> {
        let mut terms = split_terms(selector);
        terms.sort_unstable();
        let mut requirements = Vec::with_capacity(terms.len());
        for term in terms.into_iter().filter(|t| !t.is_empty()) {
            let (field, operator, raw_value) =
                split_term(term).ok_or_else(|| FieldSelectorError::InvalidTerm {
                    selector: selector.to_owned(),
                    term: term.to_owned(),
                })?;
            requirements.push(FieldRequirement {
                field: field.to_owned(),
                operator,
                value: unescape_value(raw_value)?,
            });
        }
        Ok(FieldSelector { requirements })
    }

    pub fn requirements(&self) -> &[FieldRequirement] {
        &self.requirements
    }

    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// `lookup` returns a field's value by its path, `None` when the object
    /// lacks it.
    pub fn matches(&self, lookup: &impl Fn(&str) -> Option<String>) -> bool {
        self.requirements.iter().all(|r| r.matches(lookup))
    }
}

impl fmt::Display for FieldSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, requirement) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{requirement}")?;
        }
        Ok(())
    }
}

impl FromStr for FieldSelector {
    type Err = FieldSelectorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FieldSelector::parse(s)
    }
}

/// Splits on commas that are not escaped; escapes stay in the terms so that
/// values are unescaped exactly once, later.
fn split_terms(selector: &str) -> Vec<&str> {
    if selector.is_empty() {
        return Vec::new();
    }
    let mut terms = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in selector.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ',' {
            terms.push(&selector[start..i]);
            start = i + 1;
        }
    }
    terms.push(&selector[start..]);
    terms
}

/// Splits at the first operator; `!=` and `==` are tried before `=` so that
/// they are not mistaken for a field ending in `!` or a value starting `=`.
fn split_term(term: &str) -> Option<(&str, FieldOperator, &str)> {
    const OPERATORS: [(&str, FieldOperator); 3] = [
        ("!=", FieldOperator::NotEquals),
        ("==", FieldOperator::Equals),
        ("=", FieldOperator::Equals),
    ];
    term.char_indices().find_map(|(i, _)| {
        let rest = &term[i..];
        OPERATORS.iter().find_map(|(text, op)| {
            rest.strip_prefix(text)
                .map(|value| (&term[..i], *op, value))
        })
    })
}

/// Escapes a literal value so it survives being embedded in a selector.
pub fn escape_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '\\' | ',' | '=') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Reverses [`escape_value`], rejecting unknown escapes and bare `,` or `=`.
pub fn unescape_value(escaped: &str) -> Result<String, FieldSelectorError> {
    let mut out = String::with_capacity(escaped.len());
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next @ ('\\' | ',' | '=')) => out.push(next),
                Some(other) => return Err(FieldSelectorError::InvalidEscape(format!("\\{other}"))),
                None => return Err(FieldSelectorError::InvalidEscape("\\".to_owned())),
            },
            ',' | '=' => return Err(FieldSelectorError::UnescapedCharacter(c)),
            _ => out.push(c),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn parse(s: &str) -> FieldSelector {
        match FieldSelector::parse(s) {
            Ok(sel) => sel,
            Err(e) => panic!("{s:?} should parse: {e}"),
        }
    }

    fn fields(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |key: &str| map.get(key).cloned()
    }

    #[test]
    fn parses_and_prints() {
        let cases = [
            ("", ""),
            ("a=b", "a=b"),
            ("a==b", "a=b"),
            ("a!=b", "a!=b"),
            ("b=1,a=2", "a=2,b=1"),
            (
                "metadata.name=foo,metadata.namespace!=bar",
                "metadata.name=foo,metadata.namespace!=bar",
            ),
            ("a=b,,c=d", "a=b,c=d"),
            (",", ""),
            ("a=", "a="),
            ("=b", "=b"),
            ("a= b", "a= b"),
            ("x=a\\,b", "x=a\\,b"),
            ("x=a\\=b", "x=a\\=b"),
            ("x=a\\\\b", "x=a\\\\b"),
            ("x=\\\\,y=1", "x=\\\\,y=1"),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input).to_string(), expected, "{input:?}");
        }
    }

    #[test]
    fn values_are_unescaped() {
        let sel = parse("x=a\\,b\\=c\\\\d");
        let req = &sel.requirements()[0];
        assert_eq!(req.field, "x");
        assert_eq!(req.operator, FieldOperator::Equals);
        assert_eq!(req.value, "a,b=c\\d");
        assert_eq!(parse(&sel.to_string()), sel);
        assert_eq!(
            parse("a!=b").requirements()[0].operator,
            FieldOperator::NotEquals
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            FieldSelector::parse("a=b,c"),
            Err(FieldSelectorError::InvalidTerm {
                selector: "a=b,c".into(),
                term: "c".into()
            })
        );
        assert_eq!(
            FieldSelector::parse("a=b=c"),
            Err(FieldSelectorError::UnescapedCharacter('='))
        );
        assert_eq!(
            FieldSelector::parse("a=b\\c"),
            Err(FieldSelectorError::InvalidEscape("\\c".into()))
        );
        assert_eq!(
            FieldSelector::parse("a=b\\"),
            Err(FieldSelectorError::InvalidEscape("\\".into()))
        );
        assert_eq!(
            FieldSelector::parse("a!==b"),
            Err(FieldSelectorError::UnescapedCharacter('='))
        );
        let message = FieldSelector::parse("novalue").unwrap_err().to_string();
        assert_eq!(
            message,
            "invalid selector: \"novalue\"; can't understand \"novalue\""
        );
        assert!(FieldSelector::parse("a<b").is_err());
    }

    #[test]
    fn field_names_are_not_unescaped() {
        // The first operator wins, even after a backslash in the field name.
        let sel = parse("a\\=b");
        assert_eq!(sel.requirements()[0].field, "a\\");
        assert_eq!(sel.requirements()[0].value, "b");
    }

    #[test]
    fn matching_treats_missing_fields_as_empty() {
        let obj = fields(&[("metadata.name", "foo"), ("metadata.namespace", "ns")]);
        let cases = [
            ("", true),
            ("metadata.name=foo", true),
            ("metadata.name==foo", true),
            ("metadata.name=bar", false),
            ("metadata.name!=bar", true),
            ("metadata.name!=foo", false),
            ("metadata.name=foo,metadata.namespace=ns", true),
            ("metadata.name=foo,metadata.namespace!=ns", false),
            ("spec.nodeName=", true),
            ("spec.nodeName!=", false),
            ("spec.nodeName=x", false),
            ("spec.nodeName!=x", true),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input).matches(&obj), expected, "{input:?}");
        }
    }

    #[test]
    fn escape_round_trip() {
        for value in ["", "plain", "a,b", "a=b", "a\\b", "\\,=\\"] {
            assert_eq!(unescape_value(&escape_value(value)).unwrap(), value);
        }
        assert_eq!(escape_value("a,b=c\\"), "a\\,b\\=c\\\\");
    }

    #[test]
    fn everything_and_from_str() {
        assert!(FieldSelector::everything().is_empty());
        assert!(FieldSelector::everything().matches(&fields(&[])));
        let sel: FieldSelector = "a=b".parse().unwrap();
        assert!(!sel.is_empty());
        assert_eq!(sel, parse("a=b"));
    }

    #[test]
    fn non_ascii_values() {
        let sel = parse("name=caf\u{e9},other!=\u{1f600}");
        let obj = fields(&[("name", "caf\u{e9}")]);
        assert!(sel.matches(&obj));
        assert_eq!(sel.to_string(), "name=caf\u{e9},other!=\u{1f600}");
    }
}
