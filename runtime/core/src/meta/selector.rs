//! The Kubernetes label selector language (`app=web,tier in (a,b),!canary`),
//! as accepted by `?labelSelector=` and produced from `matchLabels` /
//! `matchExpressions`.

use super::StringMap;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Why a selector or requirement was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectorError {
    #[error("unable to parse requirement: {0}")]
    Syntax(String),
    #[error("invalid label key {key:?}: {reason}")]
    InvalidKey { key: String, reason: String },
    #[error("invalid value {value:?} for label key {key:?}: {reason}")]
    InvalidValue {
        key: String,
        value: String,
        reason: String,
    },
    #[error("invalid values for label key {key:?}: {reason}")]
    ValueCount { key: String, reason: String },
    #[error("{0:?} is not a valid label selector operator")]
    InvalidOperator(String),
}

/// How a requirement relates a label to its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// `key=value`
    Equals,
    /// `key==value`; kept apart from `Equals` only so it prints back as written.
    DoubleEquals,
    /// `key!=value`; also true when the label is absent.
    NotEquals,
    /// `key in (a,b)`
    In,
    /// `key notin (a,b)`; also true when the label is absent.
    NotIn,
    /// `key`
    Exists,
    /// `!key`
    DoesNotExist,
    /// `key>5`: numeric comparison, false for absent or non-integer labels.
    GreaterThan,
    /// `key<5`: numeric comparison, false for absent or non-integer labels.
    LessThan,
}

/// One clause of a selector: a key, an operator and the values it compares
/// against. Only constructible through validation, so every requirement in
/// a [`Selector`] obeys Kubernetes' key, value and value-count rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Requirement {
    key: String,
    operator: Operator,
    values: Vec<String>,
}

impl Requirement {
    /// Validates as Kubernetes' `labels.NewRequirement` does. Values are kept
    /// in the given order; only the string form sorts them.
    pub fn new(
        key: impl Into<String>,
        operator: Operator,
        values: Vec<String>,
    ) -> Result<Self, SelectorError> {
        let key = key.into();
        validate_key(&key)?;
        let count_error = |reason: &str| SelectorError::ValueCount {
            key: key.clone(),
            reason: reason.to_owned(),
        };
        match operator {
            Operator::In | Operator::NotIn if values.is_empty() => {
                return Err(count_error(
                    "for 'in', 'notin' operators, values set can't be empty",
                ));
            }
            Operator::Equals | Operator::DoubleEquals | Operator::NotEquals
                if values.len() != 1 =>
            {
                return Err(count_error(
                    "exact-match compatibility requires one single value",
                ));
            }
            Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
                return Err(count_error(
                    "values set must be empty for exists and does not exist",
                ));
            }
            Operator::GreaterThan | Operator::LessThan => {
                if values.len() != 1 {
                    return Err(count_error(
                        "for 'Gt', 'Lt' operators, exactly one value is required",
                    ));
                }
                if let Some(bad) = values.iter().find(|v| v.parse::<i64>().is_err()) {
                    return Err(SelectorError::InvalidValue {
                        key: key.clone(),
                        value: bad.clone(),
                        reason: "for 'Gt', 'Lt' operators, the value must be an integer".to_owned(),
                    });
                }
            }
            _ => {}
        }
        for value in &values {
            validate_value(&key, value)?;
        }
        Ok(Requirement {
            key,
            operator,
            values,
        })
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn operator(&self) -> Operator {
        self.operator
    }

    pub fn values(&self) -> &[String] {
        &self.values
    }

    pub fn matches(&self, labels: &(impl Labels + ?Sized)) -> bool {
        let label = labels.label(&self.key);
        let has_value = |v: &str| self.values.iter().any(|x| x == v);
        match self.operator {
            Operator::Equals | Operator::DoubleEquals | Operator::In => {
                label.is_some_and(has_value)
            }
            Operator::NotEquals | Operator::NotIn => !label.is_some_and(has_value),
            Operator::Exists => label.is_some(),
            Operator::DoesNotExist => label.is_none(),
            Operator::GreaterThan | Operator::LessThan => {
                let Some(actual) = label.and_then(|v| v.parse::<i64>().ok()) else {
                    return false;
                };
                let [bound] = self.values.as_slice() else {
                    return false;
                };
                let Ok(bound) = bound.parse::<i64>() else {
                    return false;
                };
                if self.operator == Operator::GreaterThan {
                    actual > bound
                } else {
                    actual < bound
                }
            }
        }
    }
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.operator {
            Operator::DoesNotExist => return write!(f, "!{}", self.key),
            Operator::Exists => return f.write_str(&self.key),
            Operator::Equals => "=",
            Operator::DoubleEquals => "==",
            Operator::NotEquals => "!=",
            Operator::GreaterThan => ">",
            Operator::LessThan => "<",
            Operator::In => " in ",
            Operator::NotIn => " notin ",
        };
        let mut values: Vec<&str> = self.values.iter().map(String::as_str).collect();
        values.sort_unstable();
        let joined = values.join(",");
        if matches!(self.operator, Operator::In | Operator::NotIn) {
            write!(f, "{}{op}({joined})", self.key)
        } else {
            write!(f, "{}{op}{joined}", self.key)
        }
    }
}

/// What a selector reads labels from: ObjectMeta's [`StringMap`], or a map of strings.
pub trait Labels {
    /// The value of the label `key`, if the object has it.
    fn label(&self, key: &str) -> Option<&str>;
}

impl Labels for StringMap {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key)
    }
}

impl Labels for BTreeMap<String, String> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

impl<S: std::hash::BuildHasher> Labels for std::collections::HashMap<String, String, S> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

/// A conjunction of requirements over an object's labels.
///
/// Kubernetes distinguishes the selector that matches everything (no
/// requirements, e.g. an empty `LabelSelector`) from the one that matches
/// nothing (a missing `LabelSelector`); both print as the empty string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Selector {
    requirements: Vec<Requirement>,
    matches_nothing: bool,
}

impl Selector {
    pub fn everything() -> Self {
        Selector::default()
    }

    pub fn nothing() -> Self {
        Selector {
            requirements: Vec::new(),
            matches_nothing: true,
        }
    }

    /// Parses the string form. Requirements come out ordered by key so that
    /// equivalent selectors compare and print identically.
    pub fn parse(input: &str) -> Result<Self, SelectorError> {
        let tokens = lex(input);
        let mut requirements = Parser { tokens, pos: 0 }.parse()?;
        requirements.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(Selector {
            requirements,
            matches_nothing: false,
        })
    }

    /// Builds the selector a `metav1.LabelSelector` stands for, as
    /// `LabelSelectorAsSelector` does. Operators are the API spellings
    /// `In`, `NotIn`, `Exists` and `DoesNotExist`. An absent `LabelSelector`
    /// matches nothing and is [`Selector::nothing`], not this.
    pub fn from_parts(
        match_labels: &StringMap,
        match_expressions: &[(String, String, Vec<String>)],
    ) -> Result<Self, SelectorError> {
        let mut requirements = Vec::with_capacity(match_labels.len() + match_expressions.len());
        for (key, value) in match_labels {
            requirements.push(Requirement::new(
                key,
                Operator::Equals,
                vec![value.to_owned()],
            )?);
        }
        for (key, operator, values) in match_expressions {
            let operator = match operator.as_str() {
                "In" => Operator::In,
                "NotIn" => Operator::NotIn,
                "Exists" => Operator::Exists,
                "DoesNotExist" => Operator::DoesNotExist,
                other => return Err(SelectorError::InvalidOperator(other.to_owned())),
            };
            requirements.push(Requirement::new(key.clone(), operator, values.clone())?);
        }
        requirements.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(Selector {
            requirements,
            matches_nothing: false,
        })
    }

    /// Adds a requirement, keeping key order. Adding to
    /// [`Selector::nothing`] leaves it matching nothing, as in Kubernetes.
    pub fn with_requirement(mut self, requirement: Requirement) -> Self {
        if self.matches_nothing {
            return self;
        }
        let at = self
            .requirements
            .partition_point(|r| r.key <= requirement.key);
        self.requirements.insert(at, requirement);
        self
    }

    pub fn requirements(&self) -> &[Requirement] {
        &self.requirements
    }

    /// True only for the match-everything selector.
    pub fn is_empty(&self) -> bool {
        !self.matches_nothing && self.requirements.is_empty()
    }

    pub fn matches(&self, labels: &(impl Labels + ?Sized)) -> bool {
        !self.matches_nothing && self.requirements.iter().all(|r| r.matches(labels))
    }
}

impl fmt::Display for Selector {
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

impl std::str::FromStr for Selector {
    type Err = SelectorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Selector::parse(s)
    }
}

/// Label keys are qualified names, as `labels.NewRequirement` checks them: every problem,
/// joined with "; ".
fn validate_key(key: &str) -> Result<(), SelectorError> {
    let errs = crate::validation::formats::qualified_name(key);
    if errs.is_empty() {
        Ok(())
    } else {
        Err(SelectorError::InvalidKey {
            key: key.to_owned(),
            reason: errs.join("; "),
        })
    }
}

fn validate_value(key: &str, value: &str) -> Result<(), SelectorError> {
    let errs = crate::validation::formats::label_value(value);
    if errs.is_empty() {
        Ok(())
    } else {
        Err(SelectorError::InvalidValue {
            key: key.to_owned(),
            value: value.to_owned(),
            reason: errs.join("; "),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Identifier(String),
    In,
    NotIn,
    Bang,
    Equals,
    DoubleEquals,
    NotEquals,
    GreaterThan,
    LessThan,
    OpenParen,
    CloseParen,
    Comma,
    End,
}

impl Token {
    /// The text Kubernetes quotes in its error messages.
    fn literal(&self) -> &str {
        match self {
            Token::Identifier(s) => s,
            Token::In => "in",
            Token::NotIn => "notin",
            Token::Bang => "!",
            Token::Equals => "=",
            Token::DoubleEquals => "==",
            Token::NotEquals => "!=",
            Token::GreaterThan => ">",
            Token::LessThan => "<",
            Token::OpenParen => "(",
            Token::CloseParen => ")",
            Token::Comma => ",",
            Token::End => "",
        }
    }

    /// Where a key or value is expected, `in` and `notin` are just words.
    fn as_word(&self) -> Option<&str> {
        match self {
            Token::Identifier(s) => Some(s),
            Token::In => Some("in"),
            Token::NotIn => Some("notin"),
            _ => None,
        }
    }
}

fn is_whitespace(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_special(c: u8) -> bool {
    matches!(c, b'=' | b'!' | b'(' | b')' | b',' | b'>' | b'<')
}

fn lex(input: &str) -> Vec<Token> {
    let b = input.as_bytes();
    let mut tokens = Vec::new();
    let mut pos = 0;
    while pos < b.len() {
        let c = b[pos];
        if is_whitespace(c) {
            pos += 1;
            continue;
        }
        if is_special(c) {
            let next = b.get(pos + 1).copied();
            let (token, len) = match (c, next) {
                (b'!', Some(b'=')) => (Token::NotEquals, 2),
                (b'=', Some(b'=')) => (Token::DoubleEquals, 2),
                (b'!', _) => (Token::Bang, 1),
                (b'=', _) => (Token::Equals, 1),
                (b'(', _) => (Token::OpenParen, 1),
                (b')', _) => (Token::CloseParen, 1),
                (b',', _) => (Token::Comma, 1),
                (b'>', _) => (Token::GreaterThan, 1),
                _ => (Token::LessThan, 1),
            };
            tokens.push(token);
            pos += len;
            continue;
        }
        let start = pos;
        while pos < b.len() && !is_whitespace(b[pos]) && !is_special(b[pos]) {
            pos += 1;
        }
        // Token boundaries are ASCII bytes, so these are char boundaries.
        let word = &input[start..pos];
        tokens.push(match word {
            "in" => Token::In,
            "notin" => Token::NotIn,
            _ => Token::Identifier(word.to_owned()),
        });
    }
    tokens.push(Token::End);
    tokens
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

fn syntax(message: String) -> SelectorError {
    SelectorError::Syntax(message)
}

impl Parser {
    fn peek(&self) -> &Token {
        self.tokens.get(self.pos).unwrap_or(&Token::End)
    }

    fn next(&mut self) -> Token {
        let token = self.peek().clone();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        token
    }

    fn starts_requirement(&self) -> bool {
        self.peek().as_word().is_some() || *self.peek() == Token::Bang
    }

    fn parse(&mut self) -> Result<Vec<Requirement>, SelectorError> {
        let mut requirements = Vec::new();
        loop {
            if *self.peek() == Token::End {
                return Ok(requirements);
            }
            if !self.starts_requirement() {
                return Err(syntax(format!(
                    "found '{}', expected: !, identifier, or 'end of string'",
                    self.peek().literal()
                )));
            }
            requirements.push(self.parse_requirement()?);
            match self.next() {
                Token::End => return Ok(requirements),
                Token::Comma => {
                    if !self.starts_requirement() {
                        return Err(syntax(format!(
                            "found '{}', expected: identifier after ','",
                            self.peek().literal()
                        )));
                    }
                }
                other => {
                    return Err(syntax(format!(
                        "found '{}', expected: ',' or 'end of string'",
                        other.literal()
                    )))
                }
            }
        }
    }

    fn parse_requirement(&mut self) -> Result<Requirement, SelectorError> {
        let mut token = self.next();
        let negated = token == Token::Bang;
        if negated {
            token = self.next();
        }
        let Some(key) = token.as_word().map(str::to_owned) else {
            return Err(syntax(format!(
                "found '{}', expected: identifier",
                token.literal()
            )));
        };
        validate_key(&key)?;
        if negated {
            return Requirement::new(key, Operator::DoesNotExist, Vec::new());
        }
        if matches!(self.peek(), Token::End | Token::Comma) {
            return Requirement::new(key, Operator::Exists, Vec::new());
        }
        let operator = match self.next() {
            Token::In => Operator::In,
            Token::NotIn => Operator::NotIn,
            Token::Equals => Operator::Equals,
            Token::DoubleEquals => Operator::DoubleEquals,
            Token::NotEquals => Operator::NotEquals,
            Token::GreaterThan => Operator::GreaterThan,
            Token::LessThan => Operator::LessThan,
            other => {
                return Err(syntax(format!(
                    "found '{}', expected: in, notin, =, ==, !=, gt, lt",
                    other.literal()
                )))
            }
        };
        let values = match operator {
            Operator::In | Operator::NotIn => self.parse_value_set()?,
            _ => self.parse_exact_value()?,
        };
        Requirement::new(key, operator, values)
    }

    /// `(a,b,c)`; empty entries such as in `()` or `(a,,b)` stand for the
    /// empty value, which is a legal label value.
    fn parse_value_set(&mut self) -> Result<Vec<String>, SelectorError> {
        let open = self.next();
        if open != Token::OpenParen {
            return Err(syntax(format!("found '{}' expected: '('", open.literal())));
        }
        let mut values = BTreeSet::new();
        let mut expect_value = true;
        loop {
            let token = self.next();
            match token {
                Token::CloseParen => {
                    if expect_value {
                        values.insert(String::new());
                    }
                    return Ok(values.into_iter().collect());
                }
                Token::Comma => {
                    if expect_value {
                        values.insert(String::new());
                    }
                    expect_value = true;
                }
                ref t if expect_value && t.as_word().is_some() => {
                    values.insert(t.literal().to_owned());
                    expect_value = false;
                }
                other if expect_value => {
                    return Err(syntax(format!(
                        "found '{}', expected: ',', ')' or identifier",
                        other.literal()
                    )))
                }
                other => {
                    return Err(syntax(format!(
                        "found '{}', expected: ',' or ')'",
                        other.literal()
                    )))
                }
            }
        }
    }

    /// The single value after `=`, `==`, `!=`, `>` or `<`; nothing at all
    /// means the empty value.
    fn parse_exact_value(&mut self) -> Result<Vec<String>, SelectorError> {
        if matches!(self.peek(), Token::End | Token::Comma) {
            return Ok(vec![String::new()]);
        }
        let token = self.next();
        match token.as_word() {
            Some(word) => Ok(vec![word.to_owned()]),
            None => Err(syntax(format!(
                "found '{}', expected: identifier",
                token.literal()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> StringMap {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn parse(s: &str) -> Selector {
        match Selector::parse(s) {
            Ok(sel) => sel,
            Err(e) => panic!("{s:?} should parse: {e}"),
        }
    }

    #[test]
    fn parses_and_prints_canonically() {
        let cases = [
            ("", ""),
            ("x=a", "x=a"),
            ("x==a", "x==a"),
            ("x = a", "x=a"),
            ("y=a,x=b", "x=b,y=a"),
            ("x!=a", "x!=a"),
            ("x in (b,a)", "x in (a,b)"),
            ("x notin(a)", "x notin (a)"),
            ("x in (a,a,b)", "x in (a,b)"),
            ("x", "x"),
            ("!x", "!x"),
            (" !x ", "!x"),
            ("x>1", "x>1"),
            ("x<1", "x<1"),
            ("x=", "x="),
            ("x=,z= ", "x=,z="),
            ("x in ()", "x in ()"),
            ("x in (,a)", "x in (,a)"),
            ("x in (a,)", "x in (,a)"),
            ("x in (a,,b)", "x in (,a,b)"),
            ("c in (y,x),a=b,!d", "a=b,c in (x,y),!d"),
            ("example.com/app=web", "example.com/app=web"),
            ("in in (notin)", "in in (notin)"),
            ("notin=in", "notin=in"),
            ("x\t=\na", "x=a"),
            ("a.b-c_d=E.f-G_h", "a.b-c_d=E.f-G_h"),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input).to_string(), expected, "{input:?}");
        }
    }

    /// apimachinery's TestSetSelectorParser: `x in ()` is not an empty set (which
    /// `NewRequirement` would refuse) but the set holding the empty value, so it selects
    /// objects whose `x` label is empty; and a requirement must be followed by `,` or the end.
    #[test]
    fn empty_parentheses_hold_the_empty_value() {
        for (input, operator) in [("x in ()", Operator::In), ("z notin ()", Operator::NotIn)] {
            let s = parse(input);
            let r = &s.requirements()[0];
            assert_eq!(
                (r.operator(), r.values()),
                (operator, &[String::new()][..]),
                "{input}"
            );
        }
        assert!(parse("x in ()").matches(&labels(&[("x", "")])));
        assert!(!parse("x in ()").matches(&labels(&[("x", "a")])));
        assert!(Selector::parse("a in (xyz)b notin ()").is_err());
        assert!(Requirement::new("x", Operator::In, Vec::new()).is_err());
    }

    #[test]
    fn printed_form_reparses_to_the_same_selector() {
        for input in ["c in (y,x),a=b,!d", "x>5,y notin (q,p),z", "x in ()"] {
            let once = parse(input);
            assert_eq!(parse(&once.to_string()), once, "{input}");
        }
    }

    #[test]
    fn exposes_requirements() {
        let sel = parse("b in (z,y),a!=1");
        let reqs = sel.requirements();
        assert_eq!(reqs.len(), 2);
        assert_eq!(reqs[0].key(), "a");
        assert_eq!(reqs[0].operator(), Operator::NotEquals);
        assert_eq!(reqs[0].values(), ["1"]);
        assert_eq!(reqs[1].operator(), Operator::In);
        assert_eq!(reqs[1].values(), ["y", "z"]);
    }

    #[test]
    fn syntax_errors() {
        let cases = [
            ("x=a y=b", "found 'y', expected: ',' or 'end of string'"),
            ("x==a==b", "found '==', expected: ',' or 'end of string'"),
            ("!x=a", "found '=', expected: ',' or 'end of string'"),
            ("x=a,", "found '', expected: identifier after ','"),
            ("x=a,,y=b", "found ',', expected: identifier after ','"),
            (
                ",x=a",
                "found ',', expected: !, identifier, or 'end of string'",
            ),
            (
                "=a",
                "found '=', expected: !, identifier, or 'end of string'",
            ),
            ("!", "found '', expected: identifier"),
            (
                "!=",
                "found '!=', expected: !, identifier, or 'end of string'",
            ),
            ("x in a", "found 'a' expected: '('"),
            ("x in (a", "found '', expected: ',' or ')'"),
            ("x in (a b)", "found 'b', expected: ',' or ')'"),
            ("x in (=)", "found '=', expected: ',', ')' or identifier"),
            ("x in", "found '' expected: '('"),
            ("x=(a)", "found '(', expected: identifier"),
            ("x y", "found 'y', expected: in, notin, =, ==, !=, gt, lt"),
            ("x!y", "found '!', expected: in, notin, =, ==, !=, gt, lt"),
            (
                "(x)",
                "found '(', expected: !, identifier, or 'end of string'",
            ),
        ];
        for (input, message) in cases {
            match Selector::parse(input) {
                Err(SelectorError::Syntax(m)) => assert_eq!(m, message, "{input:?}"),
                other => panic!("{input:?}: expected syntax error, got {other:?}"),
            }
        }
        let rendered = Selector::parse("x in a").unwrap_err().to_string();
        assert!(
            rendered.starts_with("unable to parse requirement: "),
            "{rendered}"
        );
    }

    #[test]
    fn key_validation() {
        let long_name = "a".repeat(64);
        let long_prefix = format!("{}/a", "a".repeat(254));
        let bad_keys = [
            ("-x=a", "name part must consist"),
            ("x-=a", "name part must consist"),
            ("a/b/c=a", "a qualified name must consist"),
            ("/a=b", "prefix part must be non-empty"),
            ("Example.com/a=b", "prefix part a lowercase RFC 1123"),
            ("ex_ample.com/a=b", "prefix part a lowercase RFC 1123"),
            ("example..com/a=b", "prefix part a lowercase RFC 1123"),
            ("example.com/=b", "name part must be non-empty"),
            ("k\u{e9}y=a", "name part must consist"),
            (&format!("{long_name}=a"), "no more than 63 characters"),
            (&format!("{long_prefix}=a"), "no more than 253 characters"),
        ];
        for (input, reason) in bad_keys {
            match Selector::parse(input) {
                Err(SelectorError::InvalidKey { reason: r, .. }) => {
                    assert!(r.contains(reason), "{input:?}: {r}")
                }
                other => panic!("{input:?}: expected key error, got {other:?}"),
            }
        }
        let max_name = "a".repeat(63);
        assert!(Selector::parse(&format!("{max_name}=a")).is_ok());
        assert!(Selector::parse("a-b.c/X_y.Z=a").is_ok());
        assert!(Selector::parse("1=a").is_ok());
    }

    #[test]
    fn value_validation() {
        let long = "v".repeat(64);
        for input in [
            "x=-a",
            "x=a-",
            "x in (a,_b)",
            "x!=a/b",
            &format!("x={long}"),
            "x>a",
            "x<1.5",
            "x>-1",
        ] {
            assert!(
                matches!(
                    Selector::parse(input),
                    Err(SelectorError::InvalidValue { .. })
                ),
                "{input:?}"
            );
        }
        assert!(Selector::parse(&format!("x={}", "v".repeat(63))).is_ok());
    }

    #[test]
    fn matching_semantics() {
        let l = labels(&[("app", "web"), ("tier", "front"), ("n", "10"), ("e", "")]);
        let cases = [
            ("", true),
            ("app=web", true),
            ("app==web", true),
            ("app=db", false),
            ("missing=x", false),
            ("app!=db", true),
            ("app!=web", false),
            ("missing!=x", true),
            ("app in (db,web)", true),
            ("app in (db)", false),
            ("missing in (x)", false),
            ("app notin (db)", true),
            ("app notin (web)", false),
            ("missing notin (x)", true),
            ("app", true),
            ("missing", false),
            ("!app", false),
            ("!missing", true),
            ("n>9", true),
            ("n>10", false),
            ("n<11", true),
            ("n<10", false),
            ("app>1", false),
            ("missing>1", false),
            ("missing<1", false),
            ("e=", true),
            ("e in ()", true),
            ("app=", false),
            ("missing=", false),
            ("app=web,tier=front", true),
            ("app=web,tier=back", false),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input).matches(&l), expected, "{input:?}");
        }
    }

    #[test]
    fn everything_and_nothing() {
        let l = labels(&[("a", "b")]);
        assert!(Selector::everything().matches(&l));
        assert!(Selector::everything().matches(&StringMap::new()));
        assert!(Selector::everything().is_empty());
        assert!(!Selector::nothing().matches(&l));
        assert!(!Selector::nothing().matches(&StringMap::new()));
        assert!(!Selector::nothing().is_empty());
        assert_eq!(Selector::nothing().to_string(), "");
        assert_eq!(Selector::everything().to_string(), "");
        let req = Requirement::new("a", Operator::Exists, vec![]).unwrap();
        assert!(!Selector::nothing()
            .with_requirement(req.clone())
            .matches(&l));
        assert!(Selector::everything().with_requirement(req).matches(&l));
    }

    #[test]
    fn with_requirement_keeps_key_order() {
        let sel = parse("b=1,d=2")
            .with_requirement(Requirement::new("c", Operator::Exists, vec![]).unwrap())
            .with_requirement(Requirement::new("a", Operator::DoesNotExist, vec![]).unwrap());
        assert_eq!(sel.to_string(), "!a,b=1,c,d=2");
    }

    #[test]
    fn requirement_value_count_rules() {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        let bad = [
            (Operator::In, s(&[])),
            (Operator::NotIn, s(&[])),
            (Operator::Equals, s(&[])),
            (Operator::Equals, s(&["a", "b"])),
            (Operator::NotEquals, s(&["a", "b"])),
            (Operator::Exists, s(&["a"])),
            (Operator::DoesNotExist, s(&["a"])),
            (Operator::GreaterThan, s(&["1", "2"])),
            (Operator::LessThan, s(&[])),
        ];
        for (op, values) in bad {
            assert!(
                matches!(
                    Requirement::new("k", op, values.clone()),
                    Err(SelectorError::ValueCount { .. })
                ),
                "{op:?} {values:?}"
            );
        }
        assert!(Requirement::new("k", Operator::In, s(&["", "a"])).is_ok());
    }

    #[test]
    fn from_parts_mirrors_label_selector_as_selector() {
        let match_labels = labels(&[("b", "2"), ("a", "1")]);
        let exprs = vec![
            (
                "c".to_owned(),
                "In".to_owned(),
                vec!["y".to_owned(), "x".to_owned()],
            ),
            ("d".to_owned(), "DoesNotExist".to_owned(), vec![]),
            ("e".to_owned(), "Exists".to_owned(), vec![]),
            ("f".to_owned(), "NotIn".to_owned(), vec!["z".to_owned()]),
        ];
        let sel = Selector::from_parts(&match_labels, &exprs).unwrap();
        assert_eq!(sel.to_string(), "a=1,b=2,c in (x,y),!d,e,f notin (z)");
        assert_eq!(sel.requirements()[2].values(), ["y", "x"]);
        let good = labels(&[("a", "1"), ("b", "2"), ("c", "x"), ("e", "")]);
        assert!(sel.matches(&good));
        let mut bad = good.clone();
        bad.insert("d".into(), "present".into());
        assert!(!sel.matches(&bad));

        let empty = Selector::from_parts(&StringMap::new(), &[]).unwrap();
        assert!(empty.is_empty());
        assert!(empty.matches(&good));
    }

    #[test]
    fn from_parts_errors() {
        let none = StringMap::new();
        let op = |o: &str, v: Vec<String>| vec![("k".to_owned(), o.to_owned(), v)];
        assert_eq!(
            Selector::from_parts(&none, &op("in", vec!["a".into()])),
            Err(SelectorError::InvalidOperator("in".into()))
        );
        assert_eq!(
            Selector::from_parts(&none, &op("Gt", vec!["1".into()]))
                .unwrap_err()
                .to_string(),
            "\"Gt\" is not a valid label selector operator"
        );
        assert!(matches!(
            Selector::from_parts(&none, &op("In", vec![])),
            Err(SelectorError::ValueCount { .. })
        ));
        assert!(matches!(
            Selector::from_parts(&none, &op("Exists", vec!["a".into()])),
            Err(SelectorError::ValueCount { .. })
        ));
        assert!(matches!(
            Selector::from_parts(&labels(&[("k", "bad value")]), &[]),
            Err(SelectorError::InvalidValue { .. })
        ));
        assert!(matches!(
            Selector::from_parts(&labels(&[("bad key", "v")]), &[]),
            Err(SelectorError::InvalidKey { .. })
        ));
    }

    #[test]
    fn from_str_matches_parse() {
        let sel: Selector = "a=b".parse().unwrap();
        assert_eq!(sel, parse("a=b"));
    }
}
