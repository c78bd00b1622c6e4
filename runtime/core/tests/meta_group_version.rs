//! The meta types k8s.io/api's fields name beside ObjectMeta (GroupVersionKind,
//! GroupVersionResource, GroupResource, FieldSelectorRequirement) read and write the JSON and
//! protobuf Go does: every string written even when empty (no `omitempty`), an empty
//! `values` left out.

use kapi::meta::{
    FieldSelectorOperator, FieldSelectorRequirement, GroupResource, GroupVersionKind,
    GroupVersionResource,
};
use prost::Message;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Go's encoding of string fields, each `(number, value)` as its key, length and bytes.
fn strings(fields: &[(u8, &str)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (number, value) in fields {
        out.extend_from_slice(&[number << 3 | 2, value.len() as u8]);
        out.extend_from_slice(value.as_bytes());
    }
    out
}

/// `value` is `json` and `protobuf` exactly, and both read back to it.
fn check<T>(value: &T, json: &str, protobuf: &[u8])
where
    T: Message + Default + Serialize + DeserializeOwned + PartialEq + Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    let strict = kapi::codec::json::from_slice_strict::<T>(json.as_bytes()).unwrap();
    assert!(strict.is_clean(), "{:?}", strict.messages());
    assert_eq!(&strict.value, value);
    assert_eq!(hex(&value.encode_to_vec()), hex(protobuf));
    assert_eq!(&T::decode(protobuf).unwrap(), value);
}

#[test]
fn group_version_kind() {
    let gvk = GroupVersionKind {
        group: "apps".into(),
        version: "v1".into(),
        kind: "Deployment".into(),
    };
    let pb = strings(&[(1, "apps"), (2, "v1"), (3, "Deployment")]);
    check(
        &gvk,
        r#"{"group":"apps","version":"v1","kind":"Deployment"}"#,
        &pb,
    );
    // The core group is the empty string, still written.
    let core = GroupVersionKind {
        version: "v1".into(),
        kind: "Pod".into(),
        ..Default::default()
    };
    let pb = strings(&[(1, ""), (2, "v1"), (3, "Pod")]);
    check(&core, r#"{"group":"","version":"v1","kind":"Pod"}"#, &pb);
}

#[test]
fn group_version_resource_and_group_resource() {
    let gvr = GroupVersionResource {
        group: "apps".into(),
        version: "v1".into(),
        resource: "deployments".into(),
    };
    let pb = strings(&[(1, "apps"), (2, "v1"), (3, "deployments")]);
    check(
        &gvr,
        r#"{"group":"apps","version":"v1","resource":"deployments"}"#,
        &pb,
    );
    let gr = GroupResource {
        group: String::new(),
        resource: "pods".into(),
    };
    let pb = strings(&[(1, ""), (2, "pods")]);
    check(&gr, r#"{"group":"","resource":"pods"}"#, &pb);
}

#[test]
fn field_selector_requirement() {
    let exists = FieldSelectorRequirement {
        key: "spec.nodeName".into(),
        operator: FieldSelectorOperator::Exists,
        values: Vec::new(),
    };
    let pb = strings(&[(1, "spec.nodeName"), (2, "Exists")]);
    check(
        &exists,
        r#"{"key":"spec.nodeName","operator":"Exists"}"#,
        &pb,
    );
    let within = FieldSelectorRequirement {
        key: "status.phase".into(),
        operator: FieldSelectorOperator::NotIn,
        values: vec!["Failed".into(), "Succeeded".into()],
    };
    let pb = strings(&[
        (1, "status.phase"),
        (2, "NotIn"),
        (3, "Failed"),
        (3, "Succeeded"),
    ]);
    check(
        &within,
        r#"{"key":"status.phase","operator":"NotIn","values":["Failed","Succeeded"]}"#,
        &pb,
    );
    // An operator a later Kubernetes adds is kept as sent; validation refuses it.
    let later: FieldSelectorRequirement =
        serde_json::from_str(r#"{"key":"a","operator":"Gt","values":["1"]}"#).unwrap();
    assert_eq!(later.operator, FieldSelectorOperator::Other("Gt".into()));
    assert!(!kapi::validation::Validate::validate(&later).is_empty());
}
