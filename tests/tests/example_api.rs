//! The example API's per-type code end to end: serde per the Kubernetes conventions,
//! strict decoding, defaulting (markers then hook), deep copy and kind metadata.

use api_types::v1;
use kapi::codec::json;
use kapi::meta::Quantity;
use kapi::{ApplyDefaults, ListResource, Resource, Scope, TypeInfo};
use serde_json::json;

fn frobber(value: serde_json::Value) -> v1::Frobber {
    json::from_slice(&serde_json::to_vec(&value).unwrap()).unwrap()
}

#[test]
fn empty_object_writes_type_meta_and_required_fields_only() {
    let out = serde_json::to_value(v1::Frobber::default()).unwrap();
    assert_eq!(
        out,
        json!({
            "kind": "Frobber",
            "apiVersion": "frob.example.com/v1",
            // Go's unset `metav1.Time` is written `null`.
            "metadata": {"creationTimestamp": null},
            "spec": {"height": 0},
        })
    );
}

#[test]
fn marker_defaults_then_the_hand_written_hook() {
    let mut f = frobber(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": "a"},
        "spec": {"height": 3, "ports": [{"name": "http", "port": 80}]},
    }));
    f.apply_defaults();
    assert_eq!(f.spec.replicas, Some(1));
    assert_eq!(f.spec.restart_policy, Some(v1::RestartPolicy::Always));
    assert_eq!(f.spec.memory, Some("128Mi".parse::<Quantity>().unwrap()));
    // Nested list items are defaulted too.
    assert_eq!(f.spec.ports[0].protocol, Some(v1::Protocol::Tcp));
    // The hook ran after the markers.
    assert_eq!(f.spec.class_name, v1::DEFAULT_CLASS_NAME);

    // Set values are kept.
    let mut g = frobber(
        json!({"spec": {"height": 1, "replicas": 0, "restartPolicy": "Never", "className": "gold"}}),
    );
    g.apply_defaults();
    assert_eq!(g.spec.replicas, Some(0));
    assert_eq!(g.spec.restart_policy, Some(v1::RestartPolicy::Never));
    assert_eq!(g.spec.class_name, "gold");
}

#[test]
fn strict_decoding_reports_every_unknown_and_duplicate_field_with_its_path() {
    let input = br#"{
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": "a", "nmae": "typo"},
        "spec": {
            "height": 1,
            "height": 2,
            "ports": [{"name": "http", "port": 80}, {"name": "dns", "port": 53, "proto": "UDP"}],
            "colour": "red"
        }
    }"#;
    let strict = json::from_slice_strict::<v1::Frobber>(input).unwrap();
    assert_eq!(
        strict.unknown_fields,
        ["metadata.nmae", "spec.ports[1].proto", "spec.colour"]
    );
    assert_eq!(strict.duplicate_fields, ["spec.height"]);
    // Lenient decoding keeps the last value, as kube-apiserver does.
    assert_eq!(strict.value.spec.height, 2);
    let err = strict.into_result().unwrap_err().to_string();
    assert_eq!(
        err,
        "strict decoding error: unknown field \"metadata.nmae\", unknown field \"spec.ports[1].proto\", \
         unknown field \"spec.colour\", duplicate field \"spec.height\""
    );
}

#[test]
fn wrong_kind_or_api_version_is_an_error() {
    let err =
        json::from_slice::<v1::Frobber>(br#"{"kind": "FrobberClass", "spec": {}}"#).unwrap_err();
    assert!(
        err.to_string()
            .contains("kind \"FrobberClass\" does not match the expected \"Frobber\""),
        "{err}"
    );
    let err = json::from_slice::<v1::Frobber>(br#"{"apiVersion": "frob.example.com/v2beta1"}"#)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("apiVersion \"frob.example.com/v2beta1\""),
        "{err}"
    );
}

#[test]
fn unknown_enum_value_lists_the_supported_values() {
    use kapi::validation::Validate as _;
    let f = json::from_slice::<v1::Frobber>(br#"{"spec": {"restartPolicy": "Sometimes"}}"#)
        .expect("enums are open");
    let policy = f.spec.restart_policy.as_ref();
    assert_eq!(policy.map(|p| p.as_str()), Some("Sometimes"));
    assert!(policy.is_some_and(|p| !p.is_known()));
    let err = f.spec.validate();
    assert!(
        err.to_string().contains(
            r#"Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never", "OnTuesday""#
        ),
        "{err}"
    );
    assert_eq!(
        v1::RestartPolicy::VALUE_GATES[3],
        Some("FrobberRestartPolicyOnTuesday")
    );
}

#[test]
fn null_means_unset_and_malformed_input_is_an_error() {
    let f = frobber(json!({"metadata": null, "spec": {"height": 2, "ports": null, "param": null}}));
    assert!(f.spec.ports.is_empty());
    assert_eq!(f.spec.param, None);
    for bad in [
        &b"[1,2]"[..],
        b"{\"spec\": 3}",
        b"{\"spec\": {\"height\": \"x\"}}",
        b"{",
        b"",
    ] {
        assert!(
            json::from_slice::<v1::Frobber>(bad).is_err(),
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn clone_from_produces_an_equal_copy_reusing_the_destination() {
    let src = frobber(json!({
        "metadata": {"name": "a", "labels": {"x": "1", "y": "2"}},
        "spec": {"height": 3, "frobLabels": {"k": "v"}, "ports": [{"name": "p", "port": 1}]},
        "status": {"replicas": 2},
    }));
    let mut dst = frobber(
        json!({"metadata": {"name": "a-much-longer-name", "labels": {"x": "0"}}, "spec": {"height": 9}}),
    );
    let name_capacity = dst.metadata.name.capacity();
    dst.clone_from(&src);
    assert_eq!(dst, src);
    assert_eq!(
        dst.metadata.name.capacity(),
        name_capacity,
        "the string buffer was reused"
    );
    assert_eq!(src.clone(), src);
}

#[test]
fn kind_metadata() {
    assert_eq!(v1::Frobber::API_VERSION, "frob.example.com/v1");
    assert_eq!(v1::Frobber::KIND, "Frobber");
    assert_eq!(v1::Frobber::PLURAL, "frobbers");
    assert_eq!(v1::Frobber::SCOPE, Scope::Namespaced);
    assert_eq!(v1::Frobber::SHORT_NAMES, ["fb"]);
    assert_eq!(
        (v1::Frobber::HAS_STATUS, v1::Frobber::HAS_SCALE),
        (true, true)
    );
    assert_eq!(
        (v1::FrobberClass::HAS_STATUS, v1::FrobberClass::HAS_SCALE),
        (false, false)
    );
    assert_eq!(v1::FrobberClass::SCOPE, Scope::Cluster);
    assert_eq!(v1::FrobberClass::PLURAL, "frobberclasses");
    assert_eq!(v1::FrobberList::KIND, "FrobberList");
    assert_eq!(
        api_types::internal::Frobber::API_VERSION,
        "frob.example.com/__internal"
    );
    let list = v1::FrobberList {
        items: vec![v1::Frobber::default()],
        ..Default::default()
    };
    assert_eq!(list.items().len(), 1);
}

#[test]
fn label_selector_from_the_api_matches_labels() {
    let f = frobber(json!({"spec": {"selector": {
        "matchLabels": {"app": "frob"},
        "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a", "b"]}, {"key": "legacy", "operator": "DoesNotExist"}]
    }}}));
    let sel = f.spec.selector.unwrap();
    let labels = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<kapi::meta::StringMap>()
    };
    assert!(sel.matches(&labels(&[("app", "frob"), ("tier", "a")])));
    assert!(!sel.matches(&labels(&[("app", "frob"), ("tier", "c")])));
    assert!(!sel.matches(&labels(&[("app", "frob"), ("tier", "a"), ("legacy", "1")])));
    assert_eq!(
        sel.to_selector().unwrap().to_string(),
        "app=frob,!legacy,tier in (a,b)"
    );
}
