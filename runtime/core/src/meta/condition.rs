use super::Time;
use crate::ApiType;

/// One aspect of an object's current state (metav1.Condition).
#[derive(ApiType, Debug, PartialEq)]
pub struct Condition {
    /// CamelCase condition type, e.g. `Available`.
    #[k8s(protobuf = 1, max_length = 316)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: ConditionStatus,
    /// The `metadata.generation` the condition was computed for.
    #[k8s(optional, protobuf = 3, minimum = 0)]
    pub observed_generation: i64,
    #[k8s(protobuf = 4)]
    pub last_transition_time: Time,
    /// CamelCase reason for the last transition.
    #[k8s(protobuf = 5, min_length = 1, max_length = 1024)]
    pub reason: String,
    #[k8s(protobuf = 6, max_length = 32768)]
    pub message: String,
}

/// Whether a condition holds.
#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum ConditionStatus {
    True,
    False,
    #[default]
    Unknown,
    /// A status this version does not know, kept as sent.
    Other(String),
}
