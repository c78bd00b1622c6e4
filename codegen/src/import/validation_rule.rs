//! A CEL validation rule as a `validation_rule(...)` marker, from Kubernetes' key names: an
//! entry of a CRD's `x-kubernetes-validations`, or a Go `+kubebuilder:validation:XValidation`.

use super::ir::{Marker, Value};
use crate::markers::key;

/// The marker for the rule whose keys and values are `pairs` (`rule`, `message`,
/// `messageExpression`, `reason`, `fieldPath`, `optionalOldSelf`); a key kapi does not know,
/// or an `optionalOldSelf` that is not a boolean, is the error.
pub fn marker<'a>(pairs: impl IntoIterator<Item = (&'a str, String)>) -> Result<Marker, String> {
    use key::validation_rule::*;
    let mut inner = Vec::new();
    for (k, v) in pairs {
        let k = match k {
            "rule" => RULE,
            "message" => MESSAGE,
            "messageExpression" => MESSAGE_EXPRESSION,
            "reason" => REASON,
            "fieldPath" => FIELD_PATH,
            "optionalOldSelf" => {
                let b = v
                    .parse::<bool>()
                    .map_err(|_| format!("`optionalOldSelf = {v}` is not a boolean"))?;
                if b {
                    inner.push(Marker {
                        key: OPTIONAL_OLD_SELF,
                        value: Value::Bool(true),
                    });
                }
                continue;
            }
            other => return Err(format!("a validation rule has no `{other}`")),
        };
        // Both are CEL that kube-apiserver compiles when the CRD is written: a rule that does
        // not parse would refuse the whole CRD there, and fail every write here.
        if k == RULE || k == MESSAGE_EXPRESSION {
            if let Some(why) = crate::model::cel::syntax_error(&v) {
                return Err(format!("`{v}` is not valid CEL: {why}"));
            }
        }
        inner.push(Marker::str(k, v));
    }
    if !inner.iter().any(|m| m.key == RULE) {
        return Err("a validation rule without `rule`".into());
    }
    // The order kapi writes, whatever the input's.
    inner.sort_by_key(|m| {
        crate::markers::VALIDATION_RULE_KEYS
            .iter()
            .position(|s| s.key == m.key)
    });
    Ok(Marker {
        key: key::VALIDATION_RULE,
        value: Value::Nested(inner),
    })
}

/// Whether a rule is exactly what the `immutable` marker writes (`self == oldSelf`, no
/// message or Kubernetes' own), so it reads back as that marker.
pub fn is_immutable(rule: &str, message: Option<&str>, others: bool) -> bool {
    rule.replace(' ', "") == "self==oldSelf"
        && !others
        && message.is_none_or(|m| m == "field is immutable")
}
