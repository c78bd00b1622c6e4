//! The meta kinds a server speaks, against Kubernetes' JSON: discovery documents and tables
//! written as kube-apiserver writes them round-trip byte for byte (field names, order, and
//! which empty fields are written), and `kapi::meta::add_to_scheme` registers every kind in
//! the group-versions Kubernetes uses.

use kapi::meta::{
    APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, DeleteOptions,
    GroupVersionForDiscovery, IncludeObjectPolicy, PartialObjectMetadata, Status, Table,
    TableOptions, Verbs, WatchEvent,
};
use kapi::scheme::{Format, GroupVersionKind, KindCategory, SchemeError};
use kapi::{Object, Scheme};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    kapi::meta::add_to_scheme(&mut s).expect("meta kinds register");
    s
}

/// Decodes `doc` through the scheme and encodes it again: the bytes must be the input's.
fn round_trip(doc: &str) -> Box<dyn Object> {
    let s = scheme();
    let obj = s.decode_without_defaults(doc.as_bytes()).expect("decodes");
    let out = s.encode(obj.as_ref(), Format::Json).expect("encodes");
    assert_eq!(String::from_utf8(out).unwrap(), doc);
    obj
}

#[test]
fn api_resource_list_as_kube_apiserver_serves_it() {
    // `GET /apis/apps/v1` of a cluster, trimmed: a resource, its status and scale
    // subresources (the scale one names its own group and version), and empty `group`,
    // `version`, `shortNames`, `categories` and `storageVersionHash` left out.
    let doc = concat!(
        r#"{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps/v1","resources":["#,
        r#"{"name":"deployments","singularName":"deployment","namespaced":true,"kind":"Deployment","#,
        r#""verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"#,
        r#""shortNames":["deploy"],"categories":["all"],"storageVersionHash":"8aSe+NMegvE="},"#,
        r#"{"name":"deployments/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1","kind":"Scale","verbs":["get","patch","update"]},"#,
        r#"{"name":"deployments/status","singularName":"","namespaced":true,"kind":"Deployment","verbs":["get","patch","update"]},"#,
        r#"{"name":"controllerrevisions","singularName":"controllerrevision","namespaced":false,"kind":"ControllerRevision","verbs":[]}"#,
        r#"]}"#
    );
    let obj = round_trip(doc);
    let list = obj.downcast_ref::<APIResourceList>().unwrap();
    assert_eq!(list.resources[1].group, "autoscaling");
    assert!(list.resources[0].verbs.contains("watch"));
    assert_eq!(
        obj.gvk(),
        GroupVersionKind::new("", "v1", "APIResourceList")
    );
}

#[test]
fn namespaced_and_verbs_are_always_written() {
    // Go has no `omitempty` on name, singularName, namespaced, kind and verbs.
    let empty = serde_json::to_string(&APIResource::default()).unwrap();
    assert_eq!(
        empty,
        r#"{"name":"","singularName":"","namespaced":false,"kind":"","verbs":[]}"#
    );
    // A JSON null (Go's nil slice) reads as no verbs.
    let r: APIResource =
        serde_json::from_str(r#"{"name":"x","namespaced":true,"kind":"X","verbs":null}"#).unwrap();
    assert_eq!(r.verbs, Verbs::default());
}

#[test]
fn api_group_list_and_group() {
    // `GET /apis` of kube-apiserver. `preferredVersion` is `omitempty` in Go, which never
    // omits a struct; `serverAddressByClientCIDRs` is omitted when empty.
    let kube = concat!(
        r#"{"kind":"APIGroupList","apiVersion":"v1","groups":[{"name":"apps","versions":"#,
        r#"[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}},"#,
        r#"{"name":"frob.example.com","versions":[{"groupVersion":"frob.example.com/v1","version":"v1"},"#,
        r#"{"groupVersion":"frob.example.com/v2beta1","version":"v2beta1"}],"#,
        r#""preferredVersion":{"groupVersion":"frob.example.com/v1","version":"v1"},"#,
        r#""serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}]}"#
    );
    let s = scheme();
    let obj = s.decode(kube.as_bytes()).unwrap();
    let list = obj.downcast_ref::<APIGroupList>().unwrap();
    assert_eq!(list.groups[1].versions.len(), 2);
    assert_eq!(list.groups[0].preferred_version.version, "v1");
    // Kubernetes' bytes exactly: a kind inside another object (the groups) is written
    // without `kind` and `apiVersion`, as Go writes an empty TypeMeta.
    let out = s.encode(obj.as_ref(), Format::Json).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), kube);

    let empty = serde_json::to_string(&APIGroup::default()).unwrap();
    assert_eq!(
        empty,
        r#"{"kind":"APIGroup","apiVersion":"v1","name":"","versions":[],"preferredVersion":{"groupVersion":"","version":""}}"#
    );
    let _ = GroupVersionForDiscovery::default();
}

#[test]
fn api_versions() {
    // kube-apiserver's `/api` leaves `apiVersion` out; kapi always writes its kinds' type
    // and reads the document either way.
    let kube = r#"{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}"#;
    let v: APIVersions = serde_json::from_str(kube).unwrap();
    assert_eq!(v.versions, ["v1"]);
    assert_eq!(v.server_address_by_client_cidrs[0].client_cidr, "0.0.0.0/0");
    round_trip(
        r#"{"kind":"APIVersions","apiVersion":"v1","versions":["v1"],"serverAddressByClientCIDRs":[]}"#,
    );
}

#[test]
fn table_as_kube_apiserver_serves_it() {
    // `kubectl get frobbers` against kube-apiserver: the name column, printer columns,
    // rows with PartialObjectMetadata (includeObject=Metadata), a row condition, and a
    // row without its object (includeObject=None writes `"object":null`). The embedded
    // object is written with sorted keys: kapi keeps it as a JSON value.
    let doc = concat!(
        r#"{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"42"},"#,
        r#""columnDefinitions":["#,
        r#"{"name":"Name","type":"string","format":"name","description":"Name must be unique within a namespace.","priority":0},"#,
        r#"{"name":"Replicas","type":"integer","format":"","description":"","priority":0},"#,
        r#"{"name":"Age","type":"date","format":"","description":"","priority":1}],"#,
        r#""rows":[{"cells":["f1",3,"5m"],"object":{"apiVersion":"meta.k8s.io/v1","kind":"PartialObjectMetadata","#,
        r#""metadata":{"name":"f1","namespace":"default","resourceVersion":"41"}}},"#,
        r#"{"cells":["f2",null,"1h"],"conditions":[{"type":"Completed","status":"True"}],"object":null}]}"#
    );
    let obj = round_trip(doc);
    let table = obj.downcast_ref::<Table>().unwrap();
    assert_eq!(table.column_definitions[0].format, "name");
    assert_eq!(table.rows[0].cells[1], serde_json::json!(3));
    assert!(table.rows[1].object.0.is_null());
    let partial: PartialObjectMetadata =
        serde_json::from_value(table.rows[0].object.0.clone()).unwrap();
    assert_eq!(partial.metadata.name, "f1");

    // An empty table still writes its metadata, columns and rows.
    round_trip(
        r#"{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[],"rows":[]}"#,
    );
}

#[test]
fn table_options() {
    let o: TableOptions = serde_json::from_str(
        r#"{"kind":"TableOptions","apiVersion":"meta.k8s.io/v1","includeObject":"Object"}"#,
    )
    .unwrap();
    assert_eq!(o.include_object, Some(IncludeObjectPolicy::Object));
    // Open, as every enum: a policy this version does not know is kept.
    let o: TableOptions = serde_json::from_str(r#"{"includeObject":"All"}"#).unwrap();
    assert_eq!(
        o.include_object,
        Some(IncludeObjectPolicy::Other("All".to_string()))
    );
    round_trip(r#"{"kind":"TableOptions","apiVersion":"meta.k8s.io/v1"}"#);
}

#[test]
fn meta_kinds_register_where_kubernetes_has_them() {
    let s = scheme();
    let v1 = |k: &str| GroupVersionKind::new("", "v1", k);
    let meta = |k: &str| GroupVersionKind::new("meta.k8s.io", "v1", k);
    for k in [
        "Status",
        "WatchEvent",
        "GetOptions",
        "ListOptions",
        "CreateOptions",
        "UpdateOptions",
        "PatchOptions",
        "DeleteOptions",
        "APIVersions",
        "APIGroupList",
        "APIGroup",
        "APIResourceList",
    ] {
        assert!(s.recognizes(&v1(k)), "v1 {k}");
    }
    for k in [
        "Table",
        "TableOptions",
        "PartialObjectMetadata",
        "PartialObjectMetadataList",
        "WatchEvent",
        "GetOptions",
        "ListOptions",
        "CreateOptions",
        "UpdateOptions",
        "PatchOptions",
        "DeleteOptions",
    ] {
        assert!(s.recognizes(&meta(k)), "meta.k8s.io/v1 {k}");
    }
    assert!(!s.recognizes(&meta("Status")));
    assert_eq!(
        s.kind_meta(&meta("PartialObjectMetadata"))
            .map(|m| m.category()),
        Some(KindCategory::Object)
    );
    // Registering twice is harmless.
    let mut again = scheme();
    kapi::meta::add_to_scheme(&mut again).unwrap();
}

#[test]
fn options_decode_from_every_group_version_they_are_registered_in() {
    let mut s = scheme();
    kapi::meta::add_to_group_version(&mut s, "frob.example.com", "v1").unwrap();
    for api_version in ["v1", "meta.k8s.io/v1", "frob.example.com/v1"] {
        let body = format!(
            r#"{{"kind":"DeleteOptions","apiVersion":"{api_version}","propagationPolicy":"Foreground","dryRun":["All"]}}"#
        );
        let obj = s
            .decode(body.as_bytes())
            .unwrap_or_else(|e| panic!("{api_version}: {e}"));
        let opts = obj.downcast_ref::<DeleteOptions>().unwrap();
        assert_eq!(opts.propagation_policy.as_deref(), Some("Foreground"));
        // Decoded to kapi's type, which is `v1`.
        assert_eq!(obj.api_version(), "v1");
        // YAML takes the same path.
        let yaml = format!("kind: DeleteOptions\napiVersion: {api_version}\ndryRun: [All]\n");
        assert!(s.decode(yaml.as_bytes()).is_ok(), "{api_version} YAML");
    }
    // The type still encodes as itself, and the scheme still names it by `v1`.
    assert_eq!(
        s.gvk_of::<DeleteOptions>(),
        Some(&GroupVersionKind::new("", "v1", "DeleteOptions"))
    );
    // Another group-version is still not accepted.
    let err = s
        .decode(br#"{"kind":"DeleteOptions","apiVersion":"other.io/v1"}"#)
        .unwrap_err();
    assert!(matches!(err, SchemeError::NotRegistered(_)), "{err}");
}

#[test]
fn alias_registered_alone_still_defaults_and_encodes() {
    // A scheme that only has the options in a served group-version (no `v1` registration).
    let mut s = Scheme::new();
    kapi::meta::add_to_group_version(&mut s, "frob.example.com", "v1").unwrap();
    let obj = s
        .decode(
            br#"{"kind":"GetOptions","apiVersion":"frob.example.com/v1","resourceVersion":"5"}"#,
        )
        .unwrap();
    let json = s.encode(obj.as_ref(), Format::Json).unwrap();
    assert_eq!(
        String::from_utf8(json).unwrap(),
        r#"{"kind":"GetOptions","apiVersion":"v1","resourceVersion":"5"}"#
    );
}

#[test]
fn object_meta_is_none_for_simple_kinds_and_some_for_partial_object_metadata() {
    let s = scheme();
    let mut status: Box<dyn Object> = Box::new(Status::default());
    assert!(s.object_meta(status.as_ref()).is_none());
    assert!(s.object_meta_mut(status.as_mut()).is_none());

    let mut partial: Box<dyn Object> = Box::new(PartialObjectMetadata::default());
    s.object_meta_mut(partial.as_mut()).unwrap().name = "p".into();
    assert_eq!(s.object_meta(partial.as_ref()).unwrap().name, "p");

    // An unregistered type has no metadata through the scheme.
    let empty = Scheme::new();
    assert!(empty.object_meta(partial.as_ref()).is_none());
}

#[test]
fn watch_event_is_a_kind_without_type_meta_on_the_wire() {
    let s = scheme();
    let event = WatchEvent {
        type_: "ADDED".into(),
        object: serde_json::json!({"kind": "Status", "apiVersion": "v1"}).into(),
    };
    let json = s.encode(&event, Format::Json).unwrap();
    assert_eq!(
        String::from_utf8(json).unwrap(),
        r#"{"type":"ADDED","object":{"apiVersion":"v1","kind":"Status"}}"#
    );
    assert_eq!(
        s.gvk_of::<WatchEvent>(),
        Some(&GroupVersionKind::new("", "v1", "WatchEvent"))
    );
}
