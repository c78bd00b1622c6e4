//! The k8s-openapi side of `cargo xtask k8s-bench`'s "four kinds used" rows: k8s-openapi's
//! serde impls are generic, so a crate that decodes and encodes a kind compiles them; this
//! one does so for the four kinds `k8s_operator.rs` touches (Deployment, Pod, ConfigMap,
//! Service) and their lists, with serde_json. It is a floor: a k8s-openapi operator also
//! compiles a client (kube-rs) around them, which kapi's row includes.

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::{ConfigMap, Pod, Service};
use k8s_openapi::List;

/// The object or list `kind` read from `json` and written back.
pub fn round_trip(kind: &str, json: &[u8]) -> Result<Vec<u8>, serde_json::Error> {
    match kind {
        "Deployment" => serde_json::to_vec(&serde_json::from_slice::<Deployment>(json)?),
        "Pod" => serde_json::to_vec(&serde_json::from_slice::<Pod>(json)?),
        "ConfigMap" => serde_json::to_vec(&serde_json::from_slice::<ConfigMap>(json)?),
        "Service" => serde_json::to_vec(&serde_json::from_slice::<Service>(json)?),
        "DeploymentList" => serde_json::to_vec(&serde_json::from_slice::<List<Deployment>>(json)?),
        "PodList" => serde_json::to_vec(&serde_json::from_slice::<List<Pod>>(json)?),
        "ConfigMapList" => serde_json::to_vec(&serde_json::from_slice::<List<ConfigMap>>(json)?),
        "ServiceList" => serde_json::to_vec(&serde_json::from_slice::<List<Service>>(json)?),
        _ => Ok(json.to_vec()),
    }
}
