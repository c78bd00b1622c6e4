//! The scheme built by the generated `install`: decode by apiVersion/kind (JSON and YAML),
//! default, convert between every served version through the hub, encode, and fail cleanly.

use api_types::{examples, internal, v1, v2beta1};
use kapi::scheme::{AnyObject, Format, GroupVersionKind, KindCategory, SchemeError};
use kapi::{Scheme, Scope};
use serde_json::json;

const GROUP: &str = "frob.example.com";

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    api_types::install(&mut s).unwrap();
    s
}

/// A small Frobber; in v2beta1 with both `param` and `params`, as new clients must write.
fn minimal(api_version: &str) -> Vec<u8> {
    let mut spec = json!({"height": 3, "param": "p", "ports": [{"name": "http", "port": 80}]});
    if api_version.ends_with("v2beta1") {
        spec["params"] = json!(["p"]);
    }
    serde_json::to_vec(&json!({
        "apiVersion": api_version,
        "kind": "Frobber",
        "metadata": {"name": "f"},
        "spec": spec,
    }))
    .unwrap()
}

#[test]
fn decodes_json_by_type_and_applies_defaults() {
    let obj = scheme().decode(&minimal("frob.example.com/v1")).unwrap();
    assert_eq!(obj.gvk(), GroupVersionKind::new(GROUP, "v1", "Frobber"));
    let f = obj.downcast_ref::<v1::Frobber>().unwrap();
    assert_eq!(f.spec.replicas, Some(1));
    assert_eq!(f.spec.restart_policy, Some(v1::RestartPolicy::Always));
    assert_eq!(f.spec.ports[0].protocol, Some(v1::Protocol::Tcp));
    assert_eq!(f.spec.class_name, v1::DEFAULT_CLASS_NAME);
    assert_eq!(
        f.spec.memory.as_ref().map(|q| q.to_string()),
        Some("128Mi".into())
    );

    let raw = scheme()
        .decode_without_defaults(&minimal("frob.example.com/v1"))
        .unwrap();
    assert_eq!(
        raw.downcast_ref::<v1::Frobber>().unwrap().spec.replicas,
        None
    );
}

#[test]
fn decodes_yaml_too() {
    let yaml = b"apiVersion: frob.example.com/v2beta1\nkind: Frobber\nmetadata:\n  name: y\nspec:\n  height: 9\n  param: a\n  params: [a, b]\n";
    let f: v2beta1::Frobber = scheme().decode_as(yaml).unwrap();
    assert_eq!(f.metadata.name, "y");
    assert_eq!(f.spec.params, vec!["a".to_string(), "b".to_string()]);
    assert_eq!(f.spec.replicas, Some(1), "defaulted");
}

#[test]
fn converts_between_every_served_version() {
    let s = scheme();
    for from in ["frob.example.com/v1", "frob.example.com/v2beta1"] {
        for to in ["frob.example.com/v1", "frob.example.com/v2beta1"] {
            let obj = s.decode(&minimal(from)).unwrap();
            let original = obj.to_json_value().unwrap();
            let there = s.convert(obj, to).unwrap();
            assert_eq!(there.api_version(), to);
            let back = s.convert(there, from).unwrap();
            assert_eq!(
                back.to_json_value().unwrap(),
                original,
                "{from} -> {to} -> {from}"
            );
        }
    }
    let internal = s
        .to_internal(s.decode(&minimal("frob.example.com/v1")).unwrap())
        .unwrap();
    let f = internal.downcast_ref::<internal::Frobber>().unwrap();
    assert_eq!(f.spec.params, vec!["p".to_string()]);
    assert_eq!(internal.api_version(), "frob.example.com/__internal");
}

#[test]
fn typed_conversion_through_the_scheme() {
    let s = scheme();
    let v2: v2beta1::Frobber = s.convert_as(Box::new(examples::frobber_v1())).unwrap();
    assert_eq!(v2.spec.params, vec!["super".to_string()]);
    let back: v1::Frobber = s.convert_as(Box::new(v2)).unwrap();
    assert_eq!(back, examples::frobber_v1());
}

#[test]
fn encodes_in_any_served_version() {
    let s = scheme();
    let obj = s.decode(&minimal("frob.example.com/v1")).unwrap();
    let json = s
        .encode_as(obj.as_ref(), "frob.example.com/v2beta1", Format::Json)
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(value["apiVersion"], "frob.example.com/v2beta1");
    assert_eq!(value["spec"]["params"], json!(["p"]));

    let yaml = s.encode(obj.as_ref(), Format::Yaml).unwrap();
    let again = s.decode(&yaml).unwrap();
    assert_eq!(again.to_json_value().unwrap(), obj.to_json_value().unwrap());

    let internal = s.to_internal(obj).unwrap();
    assert!(matches!(
        s.encode(internal.as_ref(), Format::Json),
        Err(SchemeError::InternalNotEncodable(_))
    ));
}

#[test]
fn lists_and_cluster_kinds() {
    let s = scheme();
    let list = serde_json::to_vec(&json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "FrobberList",
        "metadata": {"resourceVersion": "7"},
        "items": [{"metadata": {"name": "a"}, "spec": {"height": 1, "param": "x"}}]
    }))
    .unwrap();
    let obj = s.decode(&list).unwrap();
    let v2 = s.convert(obj, "frob.example.com/v2beta1").unwrap();
    let l = v2.downcast_ref::<v2beta1::FrobberList>().unwrap();
    assert_eq!(l.items[0].spec.params, vec!["x".to_string()]);
    assert_eq!(l.metadata.resource_version, "7");
    // Items of a list were defaulted with it.
    assert_eq!(l.items[0].metadata.name, "a");

    let class = br#"{"apiVersion":"frob.example.com/v1","kind":"FrobberClass","metadata":{"name":"fast"},"spec":{"provisioner":"p"}}"#;
    let obj = s.decode(class).unwrap();
    let c = obj.downcast_ref::<v1::FrobberClass>().unwrap();
    assert_eq!(c.spec.max_replicas, Some(10));
    let v2 = s.convert(obj, "frob.example.com/v2beta1").unwrap();
    assert!(v2.is::<v2beta1::FrobberClass>());
}

#[test]
fn bad_input_is_an_error_never_a_panic() {
    let s = scheme();
    let unknown = br#"{"apiVersion":"frob.example.com/v1","kind":"Widget"}"#;
    let err = s.decode(unknown).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"no kind "Widget" is registered for version "frob.example.com/v1""#
    );
    let internal = br#"{"apiVersion":"frob.example.com/__internal","kind":"Frobber"}"#;
    assert!(matches!(
        s.decode(internal),
        Err(SchemeError::NotRegistered(_))
    ));
    assert!(matches!(
        s.decode(br#"{"kind":"Frobber"}"#),
        Err(SchemeError::MissingApiVersion)
    ));
    assert!(matches!(
        s.decode(br#"{"apiVersion":"frob.example.com/v1"}"#),
        Err(SchemeError::MissingKind)
    ));
    for bad in [
        &b"{\"apiVersion\":\"frob.example.com/v1\",\"kind\":\"Frobber\",\"spec\":"[..],
        b"{\"apiVersion\":\"frob.example.com/v1\",\"kind\":\"Frobber\",\"spec\":{\"height\":\"tall\"}}",
        b"- just\n- a list\n",
        b"key: [unclosed",
        b"",
        b"\xff\xfe",
    ] {
        assert!(s.decode(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        assert!(s.decode_any(bad).is_err());
    }
    // Enums are open: a value outside the set decodes and is kept, and the write path
    // refuses it as Kubernetes' 422 NotSupported at its field.
    let unknown = br#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":{"name":"f"},"spec":{"height":1,"restartPolicy":"Sometimes"}}"#;
    let decoded = s.decode(unknown).expect("an unknown enum value decodes");
    let json = s.encode(decoded.as_ref(), Format::Json).expect("encodes");
    assert!(
        String::from_utf8_lossy(&json).contains(r#""restartPolicy":"Sometimes""#),
        "{}",
        String::from_utf8_lossy(&json)
    );
    let err = s.decode_for_create(unknown).unwrap_err();
    assert!(
        err.to_string().contains(
            r#"spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never", "OnTuesday""#
        ),
        "{err}"
    );
    assert!(matches!(err, SchemeError::Invalid(_)));
    // Other decode errors name the field too.
    let err = s
        .decode(br#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","spec":{"ports":[{"name":"a","port":"eighty"}]}}"#)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("spec.ports[0].port: json: invalid type: string \"eighty\""),
        "{err}"
    );
    // A body whose kind is not the type asked for.
    let err = s
        .decode_as::<v2beta1::Frobber>(&minimal("frob.example.com/v1"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected frob.example.com/v2beta1, Kind=Frobber, got frob.example.com/v1, Kind=Frobber"
    );
    // No conversion across groups, nor to versions that do not exist.
    let obj = s.decode(&minimal("frob.example.com/v1")).unwrap();
    assert!(matches!(
        s.convert(obj.clone_object(), "other.example.com/v1"),
        Err(SchemeError::NotConvertible { .. })
    ));
    assert!(matches!(
        s.convert(obj, "frob.example.com/v9"),
        Err(SchemeError::NotRegistered(_))
    ));
}

#[test]
fn unknown_kinds_take_the_dynamic_path() {
    let s = scheme();
    let body = br#"{"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"ns"},"spec":{"size":3}}"#;
    let AnyObject::Dynamic(d) = s.decode_any(body).unwrap() else {
        panic!("an unregistered kind decodes dynamically");
    };
    assert_eq!(
        d.gvk,
        GroupVersionKind::new("widgets.example.com", "v1", "Widget")
    );
    assert_eq!((d.name(), d.namespace()), (Some("w"), Some("ns")));
    let moved = d.with_version("v2");
    assert_eq!(moved.value["apiVersion"], "widgets.example.com/v2");
    assert_eq!(moved.value["spec"]["size"], 3);

    let typed = s.decode_any(&minimal("frob.example.com/v1")).unwrap();
    assert!(matches!(&typed, AnyObject::Typed(o) if o.is::<v1::Frobber>()));
    assert_eq!(
        typed.to_json_value().unwrap()["spec"]["replicas"],
        1,
        "typed path defaults"
    );
}

#[test]
fn registration_metadata_and_discovery_facts() {
    let s = scheme();
    assert_eq!(s.versions_of(GROUP), vec!["v1", "v2beta1"]);
    assert_eq!(s.storage_version(GROUP, "Frobber"), Some("v1"));
    let kinds: Vec<&str> = s.kinds_of(GROUP, "v1").iter().map(|k| &*k.kind).collect();
    assert_eq!(
        kinds,
        ["Frobber", "FrobberClass", "FrobberClassList", "FrobberList"]
    );
    let frobber = s
        .kind_meta(&GroupVersionKind::new(GROUP, "v2beta1", "Frobber"))
        .unwrap();
    assert_eq!(frobber.plural(), "frobbers");
    assert_eq!(frobber.deprecated.as_deref(), Some("1.30"));
    assert!(frobber.convertible);
    let resource = frobber.resource().expect("an object kind");
    assert_eq!(resource.short_names.to_vec(), ["fb"]);
    assert!(resource.subresource_status);
    assert_eq!(
        resource.scale,
        Some(kapi::scheme::ScalePaths {
            spec_replicas_path: ".spec.replicas".into(),
            status_replicas_path: ".status.replicas".into(),
            label_selector_path: Some(".status.selector".into()),
        })
    );
    let columns: Vec<(&str, &str, &str)> = resource
        .print_columns
        .iter()
        .map(|c| (&*c.name, &*c.type_, &*c.json_path))
        .collect();
    assert_eq!(
        columns,
        [
            ("Height", "integer", ".spec.height"),
            ("Replicas", "integer", ".status.replicas"),
            ("Age", "date", ".metadata.creationTimestamp"),
        ]
    );
    assert_eq!(frobber.category(), KindCategory::Object);
    assert_eq!(v1::generated::register::KINDS.len(), 4);
    let class = s
        .kind_meta(&GroupVersionKind::new(GROUP, "v1", "FrobberClass"))
        .unwrap();
    assert_eq!(class.resource().map(|r| r.scope), Some(Scope::Cluster));
    assert_eq!(
        s.gvk_of::<v2beta1::FrobberList>().map(|g| g.kind.as_str()),
        Some("FrobberList")
    );
    // Installing twice is harmless; a different type under a taken kind is not.
    let mut again = scheme();
    api_types::install(&mut again).unwrap();
    let err = again
        .add_unconverted::<v1::FrobberClass>(&v1::generated::register::KINDS[0], Default::default())
        .unwrap_err();
    assert!(
        err.to_string().contains("metadata of kind \"Frobber\""),
        "{err}"
    );
}

/// Where a decode failed, and which fields are unknown, by path: from JSON bytes, from a
/// parsed value and from YAML alike (all three run the one JSON decoder, tracked).
#[test]
fn decode_failures_and_unknown_fields_name_their_field() {
    let s = scheme();
    let frobber = |spec: serde_json::Value, metadata: serde_json::Value| json!({"apiVersion": "frob.example.com/v2beta1", "kind": "Frobber", "metadata": metadata, "spec": spec});
    let cases = [
        (
            json!({"ports": [{"port": 1}, {"port": "x"}]}),
            json!({}),
            "spec.ports[1].port",
        ),
        (json!({"params": ["a", 5]}), json!({}), "spec.params[1]"),
        (
            json!({"frobLabels": {"a": "b", "c": 1}}),
            json!({}),
            "spec.frobLabels.c",
        ),
        (
            json!({"selector": {"matchExpressions": [{"key": "k", "operator": "In", "values": ["a", true]}]}}),
            json!({}),
            "spec.selector.matchExpressions[0].values[1]",
        ),
        (
            json!({"selector": {"matchLabels": {"a": 2}}}),
            json!({}),
            "spec.selector.matchLabels.a",
        ),
        (
            json!({}),
            json!({"labels": {"app": 3}}),
            "metadata.labels.app",
        ),
        (
            json!({}),
            json!({"managedFields": [{}, {"time": "yesterday"}]}),
            "metadata.managedFields[1].time",
        ),
        (json!(5), json!({}), "spec"),
        (json!([]), json!({}), "spec"),
    ];
    for (spec, metadata, path) in cases {
        let value = frobber(spec, metadata);
        let bytes = serde_json::to_vec(&value).unwrap();
        let yaml = serde_yaml_ng::to_string(&value).unwrap();
        let from_bytes = s.decode(&bytes).unwrap_err();
        let from_value = s.decode_value(value.clone()).unwrap_err();
        let from_yaml = s.decode(yaml.as_bytes()).unwrap_err();
        for err in [&from_bytes, &from_value, &from_yaml] {
            assert!(
                matches!(err, SchemeError::DecodeAt { path: p, .. } if p == path),
                "{path}: {err}"
            );
        }
        // A value's error has no position: the bytes it was read from are not the caller's.
        assert!(
            from_bytes.to_string().contains(" at line 1 column "),
            "{from_bytes}"
        );
        assert!(
            !from_value.to_string().contains(" at line "),
            "{from_value}"
        );
        assert_eq!(from_value.to_string(), from_yaml.to_string());
    }
    let err = s.decode(&serde_json::to_vec(&frobber(json!([1]), json!({}))).unwrap());
    let err = err.unwrap_err().to_string();
    assert!(
        err.starts_with("spec: json: invalid type: sequence, expected a FrobberSpec object at "),
        "{err}"
    );
    // JSON that does not parse names no field.
    assert!(matches!(
        s.decode(br#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","spec":{"height":}}"#),
        Err(SchemeError::Decode(_))
    ));
    let unknown = frobber(
        json!({"colour": 1, "ports": [{"port": 1}, {"proto": "x"}], "selector": {"matchExpressions": [{"key": "k", "bogus": {"deep": 1}}]}}),
        json!({"nmae": "f", "labels": {"a": "b"}}),
    );
    assert_eq!(
        s.unknown_fields(&unknown).unwrap(),
        [
            "metadata.nmae",
            "spec.colour",
            "spec.ports[1].proto",
            "spec.selector.matchExpressions[0].bogus"
        ]
    );
    assert!(
        s.decode_value(unknown).is_ok(),
        "unknown fields are dropped"
    );
}
