//! Generated conversions through the internal hub, with the hand-written `param(s)` parts.

use api_types::{examples, internal, v1, v2beta1};
use kapi::conversion::{convert, Versioned};

#[test]
fn v1_to_internal_to_v2beta1_keeps_every_field() {
    let v1 = examples::frobber_v1();
    let internal = v1.clone().to_internal().unwrap();
    assert_eq!(internal.spec.params, vec!["super".to_string()]);
    assert_eq!(internal.spec.height, 42);
    assert_eq!(
        internal.spec.restart_policy,
        Some(internal::RestartPolicy::OnFailure)
    );
    assert_eq!(
        internal.spec.ports[1].protocol,
        Some(internal::Protocol::Udp)
    );
    assert_eq!(
        internal.spec.backend.as_ref().map(|b| &b.type_),
        Some(&internal::BackendType::Service)
    );
    assert_eq!(internal.metadata, v1.metadata, "meta types move unchanged");

    let v2 = v2beta1::Frobber::from_internal(internal).unwrap();
    assert_eq!(v2.spec.param.as_deref(), Some("super"));
    assert_eq!(v2.spec.params, vec!["super".to_string()]);
    // Everything but the param fields reads the same in JSON.
    let mut a = serde_json::to_value(&v1).unwrap();
    let mut b = serde_json::to_value(&v2).unwrap();
    b["spec"].as_object_mut().unwrap().remove("params");
    b["apiVersion"] = a["apiVersion"].clone();
    a["spec"].as_object_mut().unwrap().remove("param");
    b["spec"].as_object_mut().unwrap().remove("param");
    assert_eq!(a, b);

    let back: v1::Frobber = convert(v2).unwrap();
    assert_eq!(back, v1);
}

#[test]
fn params_beyond_the_first_survive_storage_in_v1() {
    let mut v2: v2beta1::Frobber = convert(examples::frobber_v1()).unwrap();
    v2.spec.params = vec!["a".into(), "b".into(), "c".into()];
    v2.spec.param = Some("a".into());

    let stored: v1::Frobber = convert(v2.clone()).unwrap();
    assert_eq!(stored.spec.param.as_deref(), Some("a"));
    assert_eq!(
        stored.metadata.annotations.get(v1::PARAMS_ANNOTATION),
        Some(r#"["a","b","c"]"#)
    );
    assert_eq!(stored.metadata.annotations.get("team"), Some("frobbers"));

    let read_back: v2beta1::Frobber = convert(stored).unwrap();
    assert_eq!(read_back, v2);
    assert!(!read_back
        .metadata
        .annotations
        .contains_key(v1::PARAMS_ANNOTATION));
}

#[test]
fn a_single_param_needs_no_annotation() {
    let internal = examples::frobber_v1().to_internal().unwrap();
    let v1 = v1::Frobber::from_internal(internal).unwrap();
    assert!(!v1.metadata.annotations.contains_key(v1::PARAMS_ANNOTATION));
}

#[test]
fn a_stale_annotation_loses_to_the_singular() {
    // An old client changed `param` and kept the annotation it does not understand.
    let mut v1 = examples::frobber_v1();
    v1.spec.param = Some("new".into());
    v1.metadata
        .annotations
        .insert(v1::PARAMS_ANNOTATION.into(), r#"["old","x"]"#.into());
    let internal = v1.to_internal().unwrap();
    assert_eq!(internal.spec.params, vec!["new".to_string()]);
    assert!(!internal
        .metadata
        .annotations
        .contains_key(v1::PARAMS_ANNOTATION));
}

#[test]
fn v2beta1_singular_alone_reads_as_a_one_item_plural() {
    let mut v2: v2beta1::Frobber = convert(examples::frobber_v1()).unwrap();
    v2.spec.params.clear();
    v2.spec.param = Some("only".into());
    let internal = v2.to_internal().unwrap();
    assert_eq!(internal.spec.params, vec!["only".to_string()]);
}

#[test]
fn conversion_errors_carry_the_field_path() {
    let mut v1 = examples::frobber_v1();
    v1.metadata
        .annotations
        .insert(v1::PARAMS_ANNOTATION.into(), "not json".into());
    let err = v1.to_internal().unwrap_err();
    assert_eq!(err.path(), "metadata.annotations[frob.example.com/params]");
    assert!(
        err.to_string().starts_with(
            "metadata.annotations[frob.example.com/params]: must be a JSON list of strings"
        ),
        "{err}"
    );
}

#[test]
fn lists_convert_item_by_item() {
    let list = v1::FrobberList {
        metadata: Default::default(),
        items: vec![examples::frobber_v1(), examples::frobber_v1()],
    };
    let v2: v2beta1::FrobberList = convert(list.clone()).unwrap();
    assert_eq!(v2.items.len(), 2);
    assert_eq!(v2.items[1].spec.params, vec!["super".to_string()]);
    let back: v1::FrobberList = convert(v2).unwrap();
    assert_eq!(back, list);

    let mut bad = list;
    bad.items[1]
        .metadata
        .annotations
        .insert(v1::PARAMS_ANNOTATION.into(), "{".into());
    let err = bad.to_internal().unwrap_err();
    assert_eq!(
        err.path(),
        "items[1].metadata.annotations[frob.example.com/params]"
    );
}
