//! The API-convention linter: the Kubernetes API conventions as rules over the model.
//!
//! Each rule has a stable kebab-case name, a one-line rationale and a check that reads only
//! the [`Model`]. Findings are warnings; `--strict` makes them errors. A finding is silenced
//! by `#[k8s(allow_lint = "rule-name")]` on the field or enum value it points at, or on the
//! type that holds it; an `allow_lint` naming no rule is an error, with the closest rule.
//!
//! The rules live in one module per group: `naming` (JSON names, enum values, time and
//! phase fields), `kinds` (kinds, lists, spec and status), `fields` (number and bool types,
//! optional and required, maps, units), `conditions`, `references` and `versions` (a served
//! version's validation markers on the hub too). They see the model
//! through `api` (types with their group-version, name resolution), report through `rule`'s
//! `Sink`, and split names with `words`; this module is the registry and the driver.

mod api;
mod conditions;
mod fields;
mod kinds;
mod naming;
mod references;
mod rule;
mod versions;
mod words;

pub use rule::{Finding, Rule};

use crate::diagnostics::{closest, Diagnostic, Severity};
use crate::model::resolve::Index;
use crate::model::{Shape, Spanned, TypeDef};
use api::Api;
use rule::Sink;

/// Every rule, grouped as the modules are, in the order findings of one place are listed.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    [
        naming::RULES,
        kinds::RULES,
        fields::RULES,
        conditions::RULES,
        references::RULES,
        versions::RULES,
    ]
    .into_iter()
    .flatten()
}

pub fn rule(name: &str) -> Option<&'static Rule> {
    rules().find(|r| r.name == name)
}

/// What the linter found in a model.
#[derive(Debug, Default)]
pub struct Lint {
    /// Convention findings not allowed by a marker, sorted by file and position.
    pub findings: Vec<Finding>,
    /// Misuse of the lint markers themselves (an unknown rule name): always errors.
    pub errors: Vec<Diagnostic>,
}

impl Lint {
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty() && self.errors.is_empty()
    }

    /// The findings as they are reported: warnings, or errors when `strict`.
    pub fn diagnostics(&self, strict: bool) -> Vec<Diagnostic> {
        let severity = if strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.findings
            .iter()
            .map(|f| Diagnostic {
                severity,
                ..f.diagnostic.clone()
            })
            .collect()
    }
}

/// Runs every rule on the API crate `index.api`, whose type names `index` resolves.
pub fn lint(index: &Index) -> Lint {
    let api = Api::new(index);
    let mut findings = Vec::new();
    for rule in rules() {
        let mut sink = Sink::new(rule);
        (rule.check)(&api, &mut sink);
        findings.extend(sink.into_findings());
    }
    findings.sort_by_key(|f| {
        let start = f.diagnostic.span.start();
        (f.diagnostic.file.clone(), start.line, start.column)
    });
    Lint {
        findings,
        errors: check_allow_markers(&api),
    }
}

/// `allow_lint` names that are no rule: errors, so a typo never silently allows nothing.
fn check_allow_markers(api: &Api) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut check = |t: &TypeDef, allowed: &[Spanned<String>]| {
        for name in allowed {
            if rule(name).is_some() {
                continue;
            }
            // `closest` compares in snake_case, so the rule names are too.
            let snake: Vec<String> = rules().map(|r| r.name.replace('-', "_")).collect();
            let help = match closest(name, snake.iter().map(String::as_str)) {
                Some(best) => format!("did you mean `{}`?", best.replace('_', "-")),
                None => format!(
                    "lint rules: {}",
                    rules().map(|r| r.name).collect::<Vec<_>>().join(", ")
                ),
            };
            errors.push(
                Diagnostic::new(name.span, format!("unknown lint rule `{name}`"))
                    .with_help(help)
                    .with_file(&t.file),
            );
        }
    };
    for item in api.types() {
        check(item.ty, &item.ty.allow_lint);
        for f in item.ty.fields() {
            check(item.ty, &f.allow_lint);
        }
        if let Shape::Enum { variants, .. } = &item.ty.shape {
            for v in variants {
                check(item.ty, &v.allow_lint);
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rule_names_are_unique_kebab_case() {
        let mut seen = HashSet::new();
        for r in rules() {
            assert!(seen.insert(r.name), "rule `{}` twice", r.name);
            assert!(
                r.name.split('-').all(|w| !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
                "rule `{}` is not kebab-case",
                r.name
            );
            assert!(!r.rationale.is_empty() && !r.rationale.contains('\n'));
        }
    }
}
