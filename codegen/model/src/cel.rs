//! CEL rules parsed when the API is read, with the parser the runtime evaluates them with (the
//! `cel` crate), so a rule kube-apiserver would refuse in a CRD is an error where it is
//! written rather than a 422 "rule compile error" on every write. Behind the `cel` feature:
//! the derive turns it on only for users who evaluate rules (kapi's `cel` feature).

/// Why `source` is not a CEL expression: the parser's first message, with the line (when the
/// rule has several) and column inside the rule; `None` when it parses, or when the parser
/// is not built in.
pub fn syntax_error(source: &str) -> Option<String> {
    #[cfg(feature = "cel")]
    {
        // Kubernetes' CEL environment has optional types (`self.?x.orValue(1)`), so their
        // syntax is no error here. The parser is generated code not written to be free of
        // panics on every input: a panic is a parse error, never a crashed compiler or run.
        let parsed = std::panic::catch_unwind(|| {
            cel::parser::Parser::new()
                .enable_optional_syntax(true)
                .parse(source)
        });
        match parsed {
            Ok(Ok(_)) => None,
            Ok(Err(errors)) => Some(match errors.errors.first() {
                Some(e) if source.contains('\n') => {
                    format!(
                        "{} (line {}, column {} of the rule)",
                        e.msg, e.pos.0, e.pos.1
                    )
                }
                Some(e) => format!("{} (column {} of the rule)", e.msg, e.pos.1),
                None => "the CEL parser refused it".to_string(),
            }),
            Err(_) => Some("the CEL parser could not read it".to_string()),
        }
    }
    #[cfg(not(feature = "cel"))]
    {
        let _ = source;
        None
    }
}

#[cfg(all(test, feature = "cel"))]
mod tests {
    use super::syntax_error;

    #[test]
    fn valid_rules_parse() {
        for rule in [
            "self.minReplicas <= self.replicas",
            "self == oldSelf",
            "self.all(k, k.startsWith('a'))",
            "has(self.x) ? self.x > 0 : true",
            "self.?spec.replicas.orValue(1) > 0",
        ] {
            assert_eq!(syntax_error(rule), None, "{rule}");
        }
    }

    #[test]
    fn a_truncated_rule_is_refused_with_the_column() {
        // The rule of issue 35.
        let e = syntax_error("self.replicas >").expect("refused");
        assert!(e.contains("column"), "{e}");
        assert!(syntax_error("self.a ==").is_some());
        assert!(syntax_error("(self.a").is_some());
        assert!(syntax_error("self.").is_some());
    }
}
