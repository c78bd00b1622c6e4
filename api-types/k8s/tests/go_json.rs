//! Unset fields are written as Go's `encoding/json` writes them for k8s.io/api's struct tags:
//! an `omitempty` string, number, bool, string enum, slice, map or `[]byte` at its zero value
//! is left out; a struct is never left out (`{}`); a `metav1.Time` at its zero value is
//! `null`; a nil pointer, slice, map or `[]byte` without `omitempty` is `null`. Each expected
//! value below is what those rules give for the Go type's tags (quoted in the comments).
//! `tests/tests/kubectl.rs` checks the same against kubectl's own Go encoding of objects.

use kapi::codec::protobuf::prost::{self, Message};
use kapi::meta::{ByteString, ObjectMeta};
use kapi_k8s::apps::v1::Deployment;
use kapi_k8s::certificates::v1beta1::PodCertificateRequestSpec;
use kapi_k8s::core::v1::{ContainerPort, Pod, Service, ServiceSpec};
use serde_json::json;

fn json_of<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("encodes")
}

#[test]
fn an_unset_enum_is_left_out() {
    // `Type ServiceType json:"type,omitempty"`, `SessionAffinity ... omitempty`, ...: every
    // field of ServiceSpec is `omitempty`.
    assert_eq!(json_of(&ServiceSpec::default()), json!({}));
    // `Protocol Protocol json:"protocol,omitempty"`; `ContainerPort int32 json:"containerPort"`.
    let port = ContainerPort {
        container_port: 80,
        ..Default::default()
    };
    assert_eq!(json_of(&port), json!({"containerPort": 80}));
}

#[test]
fn a_default_pod_service_and_deployment() {
    // ObjectMeta's `CreationTimestamp Time json:"creationTimestamp,omitempty"` (a struct:
    // never omitted, its zero written `null`); PodSpec's `Containers []Container
    // json:"containers"` (nil: `null`); `Status PodStatus json:"status,omitempty"` (`{}`).
    assert_eq!(
        json_of(&Pod::default()),
        json!({
            "kind": "Pod",
            "apiVersion": "v1",
            "metadata": {"creationTimestamp": null},
            "spec": {"containers": null},
            "status": {}
        })
    );
    // ServiceStatus's `LoadBalancer LoadBalancerStatus json:"loadBalancer,omitempty"`.
    assert_eq!(
        json_of(&Service::default()),
        json!({
            "kind": "Service",
            "apiVersion": "v1",
            "metadata": {"creationTimestamp": null},
            "spec": {},
            "status": {"loadBalancer": {}}
        })
    );
    // DeploymentSpec's `Selector *metav1.LabelSelector json:"selector"` (nil: `null`),
    // `Template v1.PodTemplateSpec json:"template"`, `Strategy DeploymentStrategy
    // json:"strategy,omitempty"` (`{}`).
    assert_eq!(
        json_of(&Deployment::default()),
        json!({
            "kind": "Deployment",
            "apiVersion": "apps/v1",
            "metadata": {"creationTimestamp": null},
            "spec": {
                "selector": null,
                "template": {"metadata": {"creationTimestamp": null}, "spec": {"containers": null}},
                "strategy": {}
            },
            "status": {}
        })
    );
}

/// `StubPKCS10Request []byte json:"stubPKCS10Request"`: a nil `[]byte` without `omitempty`
/// is `null` in JSON, and Go's generated protobuf code skips a nil `[]byte` field.
#[test]
fn an_unset_byte_slice_is_null_and_not_in_protobuf() {
    let spec = PodCertificateRequestSpec::default();
    let value = json_of(&spec);
    assert_eq!(value["stubPKCS10Request"], serde_json::Value::Null);
    assert_eq!(value["pkixPublicKey"], serde_json::Value::Null);
    let back: PodCertificateRequestSpec =
        kapi::codec::json::from_slice(value.to_string().as_bytes()).expect("decodes");
    assert_eq!(back, spec);
    // Field 12 (`stubPKCS10Request`) is absent; set, it is written.
    let has_field_12 = |bytes: &[u8]| protobuf_field_numbers(bytes).contains(&12);
    assert!(!has_field_12(&spec.encode_to_vec()));
    let set = PodCertificateRequestSpec {
        stub_pkcs10_request: ByteString(b"csr".to_vec()),
        ..Default::default()
    };
    assert!(has_field_12(&set.encode_to_vec()));
}

/// The top-level field numbers of a protobuf message (every field of a derived message is
/// a varint or length-delimited).
fn protobuf_field_numbers(mut bytes: &[u8]) -> Vec<u64> {
    let mut numbers = Vec::new();
    while !bytes.is_empty() {
        let key = prost::encoding::decode_varint(&mut bytes).expect("a key");
        numbers.push(key >> 3);
        match key & 7 {
            0 => {
                prost::encoding::decode_varint(&mut bytes).expect("a varint");
            }
            2 => {
                let len = prost::encoding::decode_varint(&mut bytes).expect("a length") as usize;
                bytes = &bytes[len..];
            }
            other => panic!("wire type {other}"),
        }
    }
    numbers
}

#[test]
fn object_meta_of_a_request_is_go_shaped() {
    let meta = ObjectMeta {
        name: "a".into(),
        ..Default::default()
    };
    assert_eq!(
        json_of(&meta),
        json!({"name": "a", "creationTimestamp": null})
    );
}
