use super::selector::{Selector, SelectorError};
use super::StringMap;
use crate::ApiType;

/// A label query over a set of objects (metav1.LabelSelector). The requirements are ANDed;
/// an empty selector matches every object.
#[derive(ApiType, Debug, PartialEq)]
pub struct LabelSelector {
    /// Equivalent to a `key In (value)` expression per entry.
    #[k8s(optional, protobuf = 1)]
    pub match_labels: StringMap,
    #[k8s(optional, protobuf = 2, list_type = "atomic")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// `key operator values`.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(validate_hook)]
pub struct LabelSelectorRequirement {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(protobuf = 2)]
    pub operator: LabelSelectorOperator,
    /// Non-empty for In and NotIn, empty for Exists and DoesNotExist.
    #[k8s(optional, protobuf = 3, list_type = "atomic")]
    pub values: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum LabelSelectorOperator {
    #[default]
    In,
    NotIn,
    Exists,
    DoesNotExist,
    /// An operator this version does not know, kept as sent.
    Other(String),
}

impl LabelSelector {
    /// The selector this describes (metav1.LabelSelectorAsSelector), checking keys, values
    /// and the value counts each operator allows.
    pub fn to_selector(&self) -> Result<Selector, SelectorError> {
        let exprs: Vec<(String, String, Vec<String>)> = self
            .match_expressions
            .iter()
            .map(|r| {
                (
                    r.key.clone(),
                    r.operator.as_str().to_string(),
                    r.values.clone(),
                )
            })
            .collect();
        Selector::from_parts(&self.match_labels, &exprs)
    }

    /// Whether `labels` satisfy this selector; an invalid selector matches nothing.
    pub fn matches(&self, labels: &(impl super::Labels + ?Sized)) -> bool {
        self.to_selector().is_ok_and(|s| s.matches(labels))
    }
}

/// What apimachinery's `ValidateLabelSelectorRequirement` checks beyond the operator's
/// enum: the values each operator needs or forbids, and the key as a label name.
impl crate::validation::ValidateHook for LabelSelectorRequirement {
    fn validate_hook(
        &self,
        _: Option<&Self>,
        path: &crate::validation::Path<'_>,
        _: &crate::validation::Options<'_>,
        errs: &mut crate::validation::ErrorList,
    ) {
        use crate::validation::{formats, FieldError};
        let values = path.child("values");
        match self.operator {
            LabelSelectorOperator::In | LabelSelectorOperator::NotIn if self.values.is_empty() => {
                errs.push(FieldError::required(
                    values.render(),
                    "must be specified when `operator` is 'In' or 'NotIn'",
                ));
            }
            LabelSelectorOperator::Exists | LabelSelectorOperator::DoesNotExist
                if !self.values.is_empty() =>
            {
                errs.push(FieldError::forbidden(
                    values.render(),
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
            _ => {}
        }
        for message in formats::qualified_name(&self.key) {
            errs.push(FieldError::invalid(
                path.child("key").render(),
                self.key.as_str(),
                &message,
            ));
        }
    }
}

#[cfg(all(test, feature = "validation"))]
mod tests {
    use super::*;
    use crate::validation::Validate;

    fn requirement(key: &str, operator: LabelSelectorOperator, values: &[&str]) -> LabelSelector {
        LabelSelector {
            match_labels: StringMap::default(),
            match_expressions: vec![LabelSelectorRequirement {
                key: key.into(),
                operator,
                values: values.iter().map(|v| v.to_string()).collect(),
            }],
        }
    }

    fn errors(selector: &LabelSelector) -> Vec<String> {
        selector.validate().iter().map(|e| e.to_string()).collect()
    }

    /// apimachinery's `ValidateLabelSelectorRequirement`: `In`/`NotIn` need values,
    /// `Exists`/`DoesNotExist` forbid them, the key is a label name. (The string form's `a in
    /// ()` is `a in ("")` in Go's parser too: `parseValues` returns `sets.NewString("")`.)
    #[test]
    fn requirements_are_validated_as_kubernetes_does() {
        use LabelSelectorOperator::*;
        assert_eq!(
            errors(&requirement("app", In, &[])),
            ["matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]
        );
        assert_eq!(
            errors(&requirement("app", NotIn, &[])).len(),
            1,
            "NotIn without values"
        );
        assert_eq!(
            errors(&requirement("app", Exists, &["x"])),
            ["matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"]
        );
        assert!(errors(&requirement("app", In, &["web"])).is_empty());
        assert!(errors(&requirement("app", DoesNotExist, &[])).is_empty());
        let bad_key = errors(&requirement("-bad", Exists, &[]));
        assert_eq!(bad_key.len(), 1, "{bad_key:?}");
        assert!(
            bad_key[0].starts_with("matchExpressions[0].key: Invalid value: \"-bad\": "),
            "{bad_key:?}"
        );
    }
}
