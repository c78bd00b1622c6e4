//! The inputs of the 1,000-Pod list bench, built from k8s.io/api's Pod fixture (names varied)
//! and checked to decode to the same list in every form before anything is timed.

use kapi_k8s::core::v1::{Pod, PodList};
use std::path::PathBuf;

/// How many Pods the list holds.
pub const PODS: usize = 1000;

fn fixture(ext: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures/kubernetes-api")
        .join(format!("core.v1.Pod.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// The list as kube-apiserver sends it: JSON and protobuf (`k8s\0` envelope) bytes.
pub struct Inputs {
    pub json: Vec<u8>,
    pub protobuf: Vec<u8>,
}

/// The Pod fixture `PODS` times, each named `pod-<i>`.
pub fn inputs() -> Inputs {
    let pod: Pod = kapi::codec::protobuf::decode(&fixture("pb")).expect("the Pod fixture decodes");
    let items: Vec<Pod> = (0..PODS)
        .map(|i| {
            let mut p = pod.clone();
            p.metadata.name = format!("pod-{i}");
            p
        })
        .collect();
    let list = PodList {
        items,
        ..Default::default()
    };
    let json = serde_json::to_vec(&list).expect("the list encodes as JSON");
    let protobuf = kapi::codec::protobuf::encode(&list);
    Inputs { json, protobuf }
}

#[cfg(test)]
mod tests {
    use super::{inputs, PODS};
    use kapi_k8s::core::v1::PodList;

    #[test]
    fn every_decoder_reads_the_same_list() {
        let inputs = inputs();
        let json: PodList = kapi::codec::json::from_slice(&inputs.json).expect("kapi JSON");
        let pb: PodList = kapi::codec::protobuf::decode(&inputs.protobuf).expect("kapi protobuf");
        assert_eq!(json, pb);
        assert_eq!(json.items[PODS - 1].metadata.name, "pod-999");
        let openapi: k8s_openapi::List<k8s_openapi::api::core::v1::Pod> =
            serde_json::from_slice(&inputs.json).expect("k8s-openapi JSON");
        assert_eq!(
            openapi.items[PODS - 1].metadata.name.as_deref(),
            Some("pod-999")
        );
    }
}
