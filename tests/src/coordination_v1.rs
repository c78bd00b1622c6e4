//! coordination.k8s.io/v1 Lease, with its feature-gated coordinated-leader-election fields.

use kapi::meta::{MicroTime, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "coordination.k8s.io",
    version = "v1",
    group_go_name = "Coordination",
    protobuf_package = "k8s.io.api.coordination.v1",
}

/// A lease: the holder of a lock, for leader election and node heartbeats.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client)]
pub struct Lease {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: LeaseSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LeaseSpec {
    #[k8s(protobuf = 1)]
    pub holder_identity: Option<String>,
    #[k8s(protobuf = 2)]
    pub lease_duration_seconds: Option<i32>,
    #[k8s(protobuf = 3)]
    pub acquire_time: Option<MicroTime>,
    #[k8s(protobuf = 4)]
    pub renew_time: Option<MicroTime>,
    #[k8s(protobuf = 5)]
    pub lease_transitions: Option<i32>,
    /// The leader-election strategy in use (coordinated leader election).
    #[k8s(protobuf = 6, feature_gate = "CoordinatedLeaderElection")]
    pub strategy: Option<String>,
    /// The identity the coordinator prefers as the next holder.
    #[k8s(protobuf = 7, feature_gate = "CoordinatedLeaderElection")]
    pub preferred_holder: Option<String>,
}
