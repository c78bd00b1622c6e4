//! Real Kubernetes kinds ported to kapi markers, checked against k8s.io/api's testdata
//! fixtures (issue 17, Proof): strict JSON with no unknown fields, JSON equal as values, YAML
//! equal to JSON, protobuf decoded equal and re-encoded byte for byte. The byte-identical
//! re-encode is the proof that names, field numbers and encodings match Kubernetes'.

mod apps_v1;
mod batch_v1;
mod core_v1;
mod networking_v1;
mod policy_v1;
mod scheduling_v1alpha3;

mod check;

use kapi::codec::protobuf::ProtoMessage;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::PathBuf;

/// Checks fixture `name` of k8s.io/api's testdata against `T` ([`check::check_in`]).
fn check<T>(name: &str)
where
    T: ProtoMessage + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/kubernetes-api");
    check::check_in::<T>(&dir, name);
}

#[test]
fn service() {
    check::<core_v1::Service>("core.v1.Service");
}

#[test]
fn network_policy() {
    check::<networking_v1::NetworkPolicy>("networking.k8s.io.v1.NetworkPolicy");
}

#[test]
fn pod_disruption_budget() {
    check::<policy_v1::PodDisruptionBudget>("policy.v1.PodDisruptionBudget");
}

#[test]
fn deployment() {
    check::<apps_v1::Deployment>("apps.v1.Deployment");
}

#[test]
fn job() {
    check::<batch_v1::Job>("batch.v1.Job");
}
