//! The API-convention linter: the Kubernetes API conventions as rules over the model.
//!
//! Each rule has a stable kebab-case name, a one-line rationale and a check that reads only
//! the [`Model`]. Findings are warnings; `--strict` makes them errors. A finding is silenced
//! by `#[k8s(allow_lint = "rule-name")]` on the field or enum value it points at, or on the
//! type that holds it; an `allow_lint` naming no rule is an error, with the closest rule.
//!
//! The rules live in one module per group: `naming` (JSON names, enum values, time and
//! phase fields), `kinds` (kinds, lists, spec and status), `fields` (number and bool types,
//! optional and required, maps, units), `conditions` and `references`.

mod conditions;
mod fields;
mod kinds;
mod naming;
mod references;

use crate::diagnostics::{closest, Diagnostic, Severity};
use crate::markers::{Key, MarkerList};
use crate::model::{Field, GroupVersion, Model, Shape, Spanned, TypeDef, TypeRef, Variant};
use proc_macro2::Span;
use std::collections::HashSet;

/// One convention, checked over the whole model.
pub struct Rule {
    /// Stable kebab-case name, the value `allow_lint` takes.
    pub name: &'static str,
    /// Why the convention exists, in one line (the README's Linter table).
    pub rationale: &'static str,
    check: fn(&Api, &mut Sink),
}

/// Every rule, grouped as the modules are, in the order findings of one place are listed.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    [
        naming::RULES,
        kinds::RULES,
        fields::RULES,
        conditions::RULES,
        references::RULES,
    ]
    .into_iter()
    .flatten()
}

pub fn rule(name: &str) -> Option<&'static Rule> {
    rules().find(|r| r.name == name)
}

/// One finding of one rule, as a warning with file, span, help and how to allow it.
#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static str,
    pub diagnostic: Diagnostic,
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

/// Runs every rule on `model`.
pub fn lint(model: &Model) -> Lint {
    let api = Api::new(model);
    let mut findings = Vec::new();
    for rule in rules() {
        let mut sink = Sink {
            rule,
            findings: Vec::new(),
        };
        (rule.check)(&api, &mut sink);
        findings.extend(sink.findings);
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
        if let Shape::Enum { variants } = &item.ty.shape {
            for v in variants {
                check(item.ty, &v.allow_lint);
            }
        }
    }
    errors
}

/// A type of the model with the group-version it belongs to (`None` for shared types).
#[derive(Clone, Copy)]
pub(crate) struct Item<'m> {
    pub gv: Option<&'m GroupVersion>,
    pub ty: &'m TypeDef,
}

/// The model as the rules see it: every type with its scope, and name resolution.
pub(crate) struct Api<'m> {
    model: &'m Model,
    /// Types reachable from a kind only through its `status`: written by controllers, so
    /// the rules about what a user can leave unset do not apply to them.
    status_only: HashSet<*const TypeDef>,
}

impl<'m> Api<'m> {
    fn new(model: &'m Model) -> Self {
        let mut api = Api {
            model,
            status_only: HashSet::new(),
        };
        let mut from_status = HashSet::new();
        let mut from_elsewhere = HashSet::new();
        for kind in api.kinds() {
            for f in kind.ty.fields() {
                let seen = if f.json_name == "status" {
                    &mut from_status
                } else {
                    &mut from_elsewhere
                };
                api.reach(kind.gv, &f.ty, seen);
            }
        }
        api.status_only = from_status.difference(&from_elsewhere).copied().collect();
        api
    }

    /// Every non-kind type reachable from `ty`, without entering kinds (each is its own root).
    fn reach(
        &self,
        gv: Option<&'m GroupVersion>,
        ty: &TypeRef,
        seen: &mut HashSet<*const TypeDef>,
    ) {
        let mut stack = vec![ty.clone()];
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Option(inner) | TypeRef::Vec(inner) | TypeRef::Box(inner) => {
                    stack.push(*inner)
                }
                TypeRef::Map { value, .. } => stack.push(*value),
                TypeRef::Scalar(_) => {}
                TypeRef::Named(_) => {
                    if let Some(t) = self.resolve(gv, &ty) {
                        if t.kind.is_none() && seen.insert(t as *const TypeDef) {
                            stack.extend(t.fields().iter().map(|f| f.ty.clone()));
                        }
                    }
                }
            }
        }
    }

    /// Every type: group-version types in module order, then shared types.
    pub fn types(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        let model = self.model;
        model
            .versions
            .iter()
            .flat_map(|gv| gv.types.iter().map(move |ty| Item { gv: Some(gv), ty }))
            .chain(model.shared_types.iter().map(|ty| Item { gv: None, ty }))
    }

    /// Every struct field with the type that holds it.
    pub fn fields(&self) -> impl Iterator<Item = (Item<'m>, &'m Field)> + '_ {
        self.types()
            .flat_map(|item| item.ty.fields().iter().map(move |f| (item, f)))
    }

    pub fn kinds(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        self.types().filter(|i| i.ty.kind.is_some())
    }

    /// The API type a named type refers to: in the same group-version, else a shared type.
    /// Types from elsewhere (`kapi::meta::Condition`) are `None`.
    pub fn resolve(&self, gv: Option<&'m GroupVersion>, ty: &TypeRef) -> Option<&'m TypeDef> {
        let name = unwrap(ty).named_last()?;
        gv.and_then(|gv| gv.find(name))
            .or_else(|| self.model.shared_types.iter().find(|t| t.name == name))
    }

    /// Whether `t` is only ever part of some kind's `status`.
    pub fn is_status_only(&self, t: &TypeDef) -> bool {
        self.status_only.contains(&(t as *const TypeDef))
    }

    /// Object kinds of every group (the names fields may refer to).
    pub fn object_kinds(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        self.kinds().filter(|k| {
            k.ty.kind
                .as_ref()
                .is_some_and(|k| k.category == crate::model::KindCategory::Object)
        })
    }
}

/// Where one rule's findings go; drops those the markers allow.
pub(crate) struct Sink {
    rule: &'static Rule,
    findings: Vec<Finding>,
}

impl Sink {
    pub fn on_type(&mut self, t: &TypeDef, message: impl Into<String>, help: impl Into<String>) {
        self.push(t, &[], t.span, message.into(), help.into());
    }

    /// On a type, pointing at one of its markers (or the type's name without it).
    pub fn on_marker(
        &mut self,
        t: &TypeDef,
        marker: Key,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        let span = t.markers.span(marker).unwrap_or(t.span);
        self.push(t, &[], span, message.into(), help.into());
    }

    pub fn on_field(
        &mut self,
        t: &TypeDef,
        f: &Field,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.push(t, &f.allow_lint, f.span, message.into(), help.into());
    }

    pub fn on_variant(
        &mut self,
        t: &TypeDef,
        v: &Variant,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.push(t, &v.allow_lint, v.span, message.into(), help.into());
    }

    fn push(
        &mut self,
        t: &TypeDef,
        inner: &[Spanned<String>],
        span: Span,
        message: String,
        help: String,
    ) {
        let name = self.rule.name;
        let allowed = |by: &[Spanned<String>]| by.iter().any(|r| r.value == name);
        if allowed(&t.allow_lint) || allowed(inner) {
            return;
        }
        self.findings.push(Finding {
            rule: name,
            diagnostic: Diagnostic::warning(span, message)
                .with_help(help)
                .with_note(format!("allow with #[k8s(allow_lint = \"{name}\")]"))
                .with_file(&t.file),
        });
    }
}

/// The type without `Option` and `Box` around it.
pub(crate) fn unwrap(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Option(inner) | TypeRef::Box(inner) => unwrap(inner),
        other => other,
    }
}

/// The type of one value: without `Option`, `Box` and one `Vec`.
pub(crate) fn element(ty: &TypeRef) -> &TypeRef {
    match unwrap(ty) {
        TypeRef::Vec(inner) => unwrap(inner),
        other => other,
    }
}

/// The words of a camelCase or CamelCase name: `podIPAddress` is `pod`, `IP`, `Address`.
pub(crate) fn words(name: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, &(pos, c)) in chars.iter().enumerate() {
        if c == '_' || c == '-' {
            if let Some(s) = start.take() {
                out.push(&name[s..pos]);
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p].1);
        let next = chars.get(i + 1).map(|n| n.1);
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
        match start {
            Some(s) if boundary => {
                out.push(&name[s..pos]);
                start = Some(pos);
            }
            None => start = Some(pos),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(&name[s..]);
    }
    out
}

/// `camelCase`: a lowercase ASCII letter, then ASCII letters and digits.
pub(crate) fn is_lower_camel(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `CamelCase`: an uppercase ASCII letter, then ASCII letters and digits.
pub(crate) fn is_upper_camel(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_case_changes_and_acronyms() {
        assert_eq!(words("podIPAddress"), ["pod", "IP", "Address"]);
        assert_eq!(words("timeoutSeconds"), ["timeout", "Seconds"]);
        assert_eq!(words("ClusterDNS"), ["Cluster", "DNS"]);
        assert_eq!(words("max_size-limit"), ["max", "size", "limit"]);
        assert_eq!(words("ttl"), ["ttl"]);
        assert_eq!(words("v2Beta"), ["v2", "Beta"]);
    }

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
