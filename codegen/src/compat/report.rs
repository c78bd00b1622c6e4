//! Changes as diagnostics in today's source: each pointed at the item (or its marker), an
//! error in a beta or GA version and a warning in an alpha one, unless an `allow_compat` on
//! the item or the type holding it accepts the rule with a reason. Misused `allow_compat`
//! markers (no such rule, no reason) are errors of their own.

use super::diff::{Change, Place, Scope};
use super::rules;
use crate::diagnostics::{closest, Diagnostic, Severity};
use crate::model::resolve::{Index, Origin};
use crate::model::version_name::Stability;
use crate::model::{AllowCompat, Model, TypeDef, ValidationRule};
use crate::span::Span;
use std::path::PathBuf;

/// What a check found, ready to render against today's source.
#[derive(Debug, Default)]
pub struct Compat {
    /// Breaks not accepted by a marker, sorted by file and position.
    pub findings: Vec<Diagnostic>,
    /// Misuse of `allow_compat`: always errors.
    pub errors: Vec<Diagnostic>,
    /// Breaks an `allow_compat` accepted.
    pub accepted: usize,
}

impl Compat {
    /// Whether the run fails: an error finding, or a misused marker.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty() || self.findings.iter().any(|d| !d.is_warning())
    }
}

/// The item a change is about, in today's model.
struct Target<'m> {
    span: Span,
    file: PathBuf,
    /// The `allow_compat` markers that may accept it: the item's, then its type's.
    allows: Vec<&'m AllowCompat>,
}

pub fn report(changes: Vec<Change>, model: &Model, release: &str) -> Compat {
    let mut out = Compat {
        errors: allow_marker_errors(model),
        ..Compat::default()
    };
    let index = Index::of_crate(model);
    for c in changes {
        let target = target(&index, &c);
        if target
            .allows
            .iter()
            .any(|m| allow_rule(m).as_deref() == Some(c.rule.name))
        {
            out.accepted += 1;
            continue;
        }
        let severity = match c.stability {
            Stability::Alpha => Severity::Warning,
            Stability::Beta | Stability::Ga => Severity::Error,
        };
        let gutter = " ".repeat(target.span.start().line.max(1).to_string().len());
        let accept = if c.rule.name == rules::NEW_VERSION_PREFERRED.name {
            "release the version once before it outranks the others (GA over beta over alpha, then by number)".to_string()
        } else if matches!(c.at, Place::Group(_) | Place::Version(_)) {
            "a removal is sanctioned by `lifecycle(deprecated = ..)` (a warning) or `lifecycle(removed = ..)` in a release first".to_string()
        } else {
            format!(
                "accept a deliberate break with #[k8s(allow_compat(rule = \"{}\", reason = \"..\"))]",
                c.rule.name
            )
        };
        out.findings.push(Diagnostic {
            severity,
            ..Diagnostic::new(target.span, format!("{}: {}", c.rule.name, c.message))
                .with_help(c.rule.reason)
                .with_note(format!(
                    "baseline {release}: {}; today: {}\n{gutter} = note: {accept}",
                    c.baseline, c.today
                ))
                .with_file(target.file)
        });
    }
    out.findings.sort_by_key(|d| {
        let start = d.span.start();
        (d.file.clone(), start.line, start.column, d.message.clone())
    });
    out
}

/// Today's type a snapshot names, by the scope it is declared in.
fn find_type<'m>(index: &Index<'m>, scope: &Scope, name: &str) -> Option<&'m TypeDef> {
    let gv = match scope {
        Some((group, version)) => Some(
            index
                .api
                .versions
                .iter()
                .find(|v| &v.group == group && &v.version == version)?,
        ),
        None => None,
    };
    let scope = Origin {
        model: index.api,
        gv,
    };
    index.declared(scope, name)
}

fn target<'m>(index: &Index<'m>, c: &Change) -> Target<'m> {
    let model = index.api;
    let crate_root = Target {
        span: Span::call_site(),
        file: model.crate_dir.join("src/lib.rs"),
        allows: Vec::new(),
    };
    let version = |group: &str, version: Option<&str>| {
        model
            .versions
            .iter()
            .filter(|v| !v.internal)
            .find(|v| v.group == group && version.is_none_or(|want| v.version == want))
            .map(|v| Target {
                span: v.span,
                file: v.file.clone(),
                allows: Vec::new(),
            })
    };
    // The CEL rule the change names, among the item's rules.
    let cel = |rules: &[ValidationRule]| {
        let text = c.cel_rule.as_deref()?;
        rules.iter().find(|r| r.rule == text).map(|r| r.span)
    };
    let on_type = |scope: &Scope, name: &str| {
        find_type(index, scope, name).map(|t| {
            let span = cel(&t.validation_rules)
                .or_else(|| c.marker.and_then(|k| t.marker_spans.span(k)))
                .unwrap_or(t.span);
            (t, span)
        })
    };
    let found = match &c.at {
        Place::Group(group) => version(group, None),
        Place::Version((group, v)) => version(group, Some(v)),
        Place::Type(scope, name) => on_type(scope, name).map(|(t, span)| Target {
            span,
            file: t.file.clone(),
            allows: t.allow_compat.iter().collect(),
        }),
        Place::Field(scope, name, field) => find_type(index, scope, name).and_then(|t| {
            let f = t.field(field)?;
            let span = cel(&f.validation.rules)
                .or_else(|| c.marker.and_then(|k| f.marker_spans.span(k)))
                .unwrap_or(f.span);
            let allows = f.allow_compat.iter().chain(&t.allow_compat).collect();
            Some(Target {
                span,
                file: t.file.clone(),
                allows,
            })
        }),
    };
    found.unwrap_or(crate_root)
}

fn allow_rule(m: &AllowCompat) -> Option<String> {
    m.rule.as_ref().map(|r| r.value.clone())
}

/// `allow_compat` naming no rule, or without a reason: a break accepted must say why.
pub fn allow_marker_errors(model: &Model) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let types = model
        .versions
        .iter()
        .flat_map(|v| v.types.iter())
        .chain(&model.shared_types);
    for t in types {
        let fields = t.fields().iter().flat_map(|f| &f.allow_compat);
        for m in t.allow_compat.iter().chain(fields) {
            let error = |message: String, help: String| {
                Diagnostic::new(m.span, message)
                    .with_help(help)
                    .with_file(&t.file)
            };
            match allow_rule(m) {
                None => errors.push(error(
                    "`allow_compat` names no rule".into(),
                    "write allow_compat(rule = \"..\", reason = \"..\")".into(),
                )),
                Some(name) if rules::rule(&name).is_none() => {
                    let help = match closest(&name, rules::ALL.iter().map(|r| r.name)) {
                        Some(best) => format!("did you mean `{best}`?"),
                        None => format!(
                            "compatibility rules: {}",
                            rules::ALL
                                .iter()
                                .map(|r| r.name)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    errors.push(error(format!("unknown compatibility rule `{name}`"), help));
                }
                Some(_) => {}
            }
            if m.reason.as_ref().is_none_or(|r| r.value.trim().is_empty()) {
                errors.push(error(
                    "`allow_compat` needs a reason: a break is accepted only with the reviewer's why".into(),
                    "add reason = \"..\": why the break is safe for this API's users".into(),
                ));
            }
        }
    }
    errors
}
