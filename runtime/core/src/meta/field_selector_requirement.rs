//! A field selector written as data (metav1.FieldSelectorRequirement), as authorization's
//! `FieldSelectorAttributes` carries it; [`super::FieldSelector`] is the `?fieldSelector=`
//! query string.

use crate::ApiType;

/// `key operator values`, on a field.
#[derive(ApiType, Debug, PartialEq)]
pub struct FieldSelectorRequirement {
    /// The field path the requirement applies to.
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(protobuf = 2)]
    pub operator: FieldSelectorOperator,
    /// Non-empty for In and NotIn, empty for Exists and DoesNotExist.
    #[k8s(optional, protobuf = 3, list_type = "atomic")]
    pub values: Vec<String>,
}

/// How a field selector requirement compares; Kubernetes says the set may grow.
#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum FieldSelectorOperator {
    #[default]
    In,
    NotIn,
    Exists,
    DoesNotExist,
    /// An operator this version does not know, kept as sent.
    Other(String),
}
