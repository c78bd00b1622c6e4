use super::selector::{Selector, SelectorError};
use super::StringMap;
use crate::validation::{formats, ErrorList, FieldError, Options, Path, ValidateHook};
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

/// What apimachinery's `ValidateLabelSelectorRequirement` checks: the values each operator
/// needs or forbids, the key as a label name and each value as a label value.
impl ValidateHook for LabelSelectorRequirement {
    fn validate_hook(
        &self,
        _: Option<&Self>,
        path: &Path<'_>,
        _: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        let values = path.child("values");
        match &self.operator {
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
        let key = path.child("key");
        for m in formats::qualified_name(&self.key) {
            errs.push(FieldError::invalid(key.render(), self.key.as_str(), &m));
        }
        for (i, v) in self.values.iter().enumerate() {
            for m in formats::label_value(v) {
                errs.push(FieldError::invalid(
                    values.index(i).render(),
                    v.as_str(),
                    &m,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::Validate;

    fn requirement(operator: LabelSelectorOperator, values: &[&str]) -> LabelSelector {
        LabelSelector {
            match_expressions: vec![LabelSelectorRequirement {
                key: "app".into(),
                operator,
                values: values.iter().map(|v| v.to_string()).collect(),
            }],
            ..Default::default()
        }
    }

    fn messages(selector: &LabelSelector) -> Vec<String> {
        selector.validate().iter().map(|e| e.to_string()).collect()
    }

    // Messages from apimachinery's ValidateLabelSelectorRequirement
    // (pkg/apis/meta/v1/validation/validation.go).
    #[test]
    fn in_and_not_in_need_values() {
        for op in [LabelSelectorOperator::In, LabelSelectorOperator::NotIn] {
            assert_eq!(
                messages(&requirement(op, &[])),
                ["matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]
            );
        }
        assert!(messages(&requirement(LabelSelectorOperator::In, &["a"])).is_empty());
    }

    #[test]
    fn exists_and_does_not_exist_forbid_values() {
        for op in [
            LabelSelectorOperator::Exists,
            LabelSelectorOperator::DoesNotExist,
        ] {
            assert_eq!(
                messages(&requirement(op, &["a"])),
                ["matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"]
            );
        }
        assert!(messages(&requirement(LabelSelectorOperator::Exists, &[])).is_empty());
    }

    #[test]
    fn key_and_values_are_label_names_and_values() {
        let mut s = requirement(LabelSelectorOperator::In, &["ok", "-bad"]);
        s.match_expressions[0].key = "a b".into();
        let m = messages(&s);
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(
            m[0].starts_with("matchExpressions[0].key: Invalid value: \"a b\""),
            "{m:?}"
        );
        assert!(
            m[1].starts_with("matchExpressions[0].values[1]: Invalid value: \"-bad\""),
            "{m:?}"
        );
    }
}
