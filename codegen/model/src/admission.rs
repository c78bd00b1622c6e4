//! The admission webhook values kube-apiserver accepts (`admissionregistration.k8s.io/v1`),
//! in one place: a kind's `validating_webhook` / `mutating_webhook` markers and codegen's
//! crate settings refuse the same values with the same lists.

use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use crate::markers::{key, Key, Marker, MarkerList, MarkerValue};
use crate::parse::{bad_choice, quote_list};
use crate::AdmissionWebhook;
use std::ops::RangeInclusive;

/// The operations a validating webhook may be sent. `CONNECT` is for subresources such as
/// `pods/exec`, which no generated kind serves.
pub const VALIDATING_OPERATIONS: &[&str] = &["CREATE", "UPDATE", "DELETE"];

/// The operations a mutating webhook may be sent: its patch is the kind's defaults, and a
/// DELETE has no object to default.
pub const MUTATING_OPERATIONS: &[&str] = &["CREATE", "UPDATE"];

/// A webhook marker's operations when it names none.
pub const DEFAULT_OPERATIONS: &[&str] = &["CREATE", "UPDATE"];

/// `failurePolicy`.
pub const FAILURE_POLICIES: &[&str] = &["Fail", "Ignore"];

/// `matchPolicy`.
pub const MATCH_POLICIES: &[&str] = &["Exact", "Equivalent"];

/// `sideEffects` in v1: kube-apiserver refuses `Some` and `Unknown` there (v1beta1's only).
pub const SIDE_EFFECTS: &[&str] = &["None", "NoneOnDryRun"];

/// The `sideEffects` values v1beta1 had and v1 refuses.
pub const REFUSED_SIDE_EFFECTS: &[&str] = &["Some", "Unknown"];

/// `timeoutSeconds`: kube-apiserver refuses a webhook outside these bounds.
pub const TIMEOUT_SECONDS_RANGE: RangeInclusive<i64> = 1..=30;

/// `admissionReviewVersions` kube-apiserver knows how to send.
pub const REVIEW_VERSIONS: &[&str] = &["v1", "v1beta1"];

/// Why a `sideEffects` value is refused, for the help of an error about it.
pub fn side_effects_help(value: &str) -> Option<&'static str> {
    REFUSED_SIDE_EFFECTS.contains(&value).then_some(
        "admissionregistration.k8s.io/v1 refuses `Some` and `Unknown`: a webhook with side \
         effects must skip them on dry-run requests and say `NoneOnDryRun`",
    )
}

/// A kind's `validating_webhook` or `mutating_webhook` marker (`mutating` says which), its
/// values checked against what kube-apiserver accepts; a refused value is reported and
/// left out, so the rest of the item is still checked.
pub fn parse_marker(m: &Marker, mutating: bool, diags: &mut Diagnostics) -> AdmissionWebhook {
    use key::webhook as w;
    let n = m.nested();
    let operations = match n.marker(w::OPERATIONS) {
        None => DEFAULT_OPERATIONS.iter().map(|o| o.to_string()).collect(),
        Some(written) => operations(written, mutating, m.key, diags),
    };
    let choice = |key: Key, valid: &[&str], diags: &mut Diagnostics| {
        let value = n.str(key)?;
        if valid.contains(&value.as_str()) {
            return Some(value.value);
        }
        bad_choice(diags, value.span, key, &value, valid);
        None
    };
    let failure_policy = choice(w::FAILURE_POLICY, FAILURE_POLICIES, diags);
    let side_effects = match n.str(w::SIDE_EFFECTS) {
        Some(v) => match side_effects_help(&v) {
            Some(help) => {
                let message = format!(
                    "`{} = \"{}\"` is not one of {}",
                    w::SIDE_EFFECTS.name(),
                    v.value,
                    quote_list(SIDE_EFFECTS)
                );
                diags.push(Diagnostic::new(v.span, message).with_help(help));
                None
            }
            None => choice(w::SIDE_EFFECTS, SIDE_EFFECTS, diags),
        },
        None => None,
    };
    let timeout_seconds = n.int(w::TIMEOUT_SECONDS).and_then(|t| {
        if TIMEOUT_SECONDS_RANGE.contains(&t.value) {
            return Some(t.value);
        }
        diags.push(
            Diagnostic::new(
                t.span,
                format!(
                    "`{} = {}` is outside {}..={}",
                    w::TIMEOUT_SECONDS.name(),
                    t.value,
                    TIMEOUT_SECONDS_RANGE.start(),
                    TIMEOUT_SECONDS_RANGE.end()
                ),
            )
            .with_help("kube-apiserver gives a webhook 1 to 30 seconds"),
        );
        None
    });
    AdmissionWebhook {
        operations,
        failure_policy,
        side_effects,
        timeout_seconds,
        span: m.span,
    }
}

/// The `operations` of a webhook marker (`marker`), each known, allowed for its webhook
/// and named once; at least one.
fn operations(
    written: &Marker,
    mutating: bool,
    marker: Key,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let MarkerValue::StrList(list) = &written.value else {
        return Vec::new();
    };
    let span = written.span;
    if list.is_empty() {
        diags.push(
            Diagnostic::new(span, format!("`{}` names no operation", written.key.name()))
                .with_help(
                    "name the requests the webhook sees, e.g. `operations = [\"CREATE\", \"UPDATE\"]`, or remove `operations` for those two",
                ),
        );
        return Vec::new();
    }
    let allowed = if mutating {
        MUTATING_OPERATIONS
    } else {
        VALIDATING_OPERATIONS
    };
    let mut out: Vec<String> = Vec::new();
    for op in list {
        if out.contains(op) {
            diags.push(
                Diagnostic::new(span, format!("operation \"{op}\" is named twice"))
                    .with_help("remove one of them"),
            );
        } else if allowed.contains(&op.as_str()) {
            out.push(op.clone());
        } else if VALIDATING_OPERATIONS.contains(&op.as_str()) {
            diags.push(
                Diagnostic::new(
                    span,
                    format!("a `{}` is not sent \"{op}\"", marker.name()),
                )
                .with_help(format!(
                    "its patch is the kind's defaults, and a {op} has no object to default; ask `{}` for {op}",
                    key::VALIDATING_WEBHOOK.name()
                )),
            );
        } else {
            let mut d =
                Diagnostic::new(span, format!("unknown operation \"{op}\" in `operations`"));
            d = match closest(op, allowed.iter().copied()) {
                Some(best) => d.with_help(format!("did you mean \"{best}\"?")),
                None => d.with_help(format!("operations: {}", quote_list(allowed))),
            };
            diags.push(d);
        }
    }
    out
}
