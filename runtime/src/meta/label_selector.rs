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
