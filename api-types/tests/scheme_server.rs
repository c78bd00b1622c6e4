//! What an API server needs of the scheme for the example API: object metadata of any
//! kind behind `dyn Object`, the kinds' table columns and scale paths, and protobuf bodies
//! (objects, and lists assembled from encoded items) equal to the derived encoding.

use api_types::{internal, v1};
use kapi::codec::protobuf;
use kapi::meta::ListMeta;
use kapi::scheme::{Format, GroupVersionKind};
use kapi::{Object, Scheme};
use serde_json::json;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    api_types::install(&mut s).unwrap();
    kapi::meta::add_to_scheme(&mut s).unwrap();
    s
}

fn frobber(name: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": name, "namespace": "default", "labels": {"app": "x"}},
        "spec": {"height": 3, "param": "p"},
    }))
    .unwrap()
}

#[test]
fn object_meta_of_any_object_kind() {
    let s = scheme();
    let mut obj = s.decode(&frobber("f")).unwrap();
    assert_eq!(s.object_meta(obj.as_ref()).unwrap().name, "f");
    s.object_meta_mut(obj.as_mut()).unwrap().resource_version = "12".into();
    assert_eq!(
        obj.downcast_ref::<v1::Frobber>()
            .unwrap()
            .metadata
            .resource_version,
        "12"
    );

    // The internal object the write path returns has metadata too.
    let stored = s.decode_for_create(&frobber("g")).unwrap();
    assert!(stored.is::<internal::Frobber>());
    assert_eq!(&s.object_meta(stored.as_ref()).unwrap().labels["app"], "x");

    // Lists and simple kinds have none.
    let list: Box<dyn Object> = Box::new(v1::FrobberList::default());
    assert!(s.object_meta(list.as_ref()).is_none());
    let status: Box<dyn Object> = Box::new(kapi::meta::Status::default());
    assert!(s.object_meta(status.as_ref()).is_none());
}

#[test]
fn protobuf_through_the_scheme() {
    let s = scheme();
    let gvk = GroupVersionKind::new("frob.example.com", "v1", "Frobber");
    assert!(s.supports_protobuf(&gvk));
    // Internal kinds have no protobuf form.
    assert!(!s.supports_protobuf(&GroupVersionKind::new(
        "frob.example.com",
        "__internal",
        "Frobber"
    )));
    let obj = s.decode(&frobber("f")).unwrap();
    let pb = s.encode(obj.as_ref(), Format::Protobuf).unwrap();
    let typed = obj.downcast_ref::<v1::Frobber>().unwrap();
    assert_eq!(pb, protobuf::encode(typed));
    let back = s.decode(&pb).unwrap();
    assert_eq!(back.downcast_ref::<v1::Frobber>(), Some(typed));

    // Converted on the way out, like JSON.
    let v2 = s
        .encode_as(obj.as_ref(), "frob.example.com/v2beta1", Format::Protobuf)
        .unwrap();
    let unknown = protobuf::decode_unknown(&v2).unwrap();
    assert_eq!(unknown.api_version, "frob.example.com/v2beta1");

    // Internal objects are never written.
    let stored = s.decode_for_create(&frobber("g")).unwrap();
    assert!(s.encode(stored.as_ref(), Format::Protobuf).is_err());
    assert!(s.encode_raw_protobuf(stored.as_ref()).is_err());
}

#[test]
fn list_bodies_assembled_from_items_equal_the_derived_list() {
    let s = scheme();
    let items: Vec<v1::Frobber> = ["a", "b"]
        .iter()
        .map(|n| s.decode_as::<v1::Frobber>(&frobber(n)).unwrap())
        .collect();
    let list = v1::FrobberList {
        metadata: ListMeta {
            resource_version: "9".into(),
            continue_: "next".into(),
            ..Default::default()
        },
        items: items.clone(),
    };
    let raw: Vec<Vec<u8>> = items
        .iter()
        .map(|i| s.encode_raw_protobuf(i).unwrap())
        .collect();
    let body = protobuf::encode_list("frob.example.com/v1", "FrobberList", &list.metadata, &raw);
    assert_eq!(body, protobuf::encode(&list));
    let decoded = s.decode(&body).unwrap();
    assert_eq!(decoded.downcast_ref::<v1::FrobberList>(), Some(&list));
    // An empty list still writes its metadata.
    let empty = v1::FrobberList::default();
    assert_eq!(
        protobuf::encode_list::<Vec<u8>>(
            "frob.example.com/v1",
            "FrobberList",
            &empty.metadata,
            &[]
        ),
        protobuf::encode(&empty)
    );
}

#[test]
fn kind_meta_has_what_tables_and_scale_need() {
    let s = scheme();
    let meta = s
        .kind_meta(&GroupVersionKind::new(
            "frob.example.com",
            "v1",
            "FrobberClass",
        ))
        .and_then(|m| m.resource())
        .unwrap();
    assert!(meta.scale.is_none());
    assert_eq!(meta.print_columns.len(), 1);
    let c = &meta.print_columns[0];
    assert_eq!(
        (
            &*c.name,
            &*c.type_,
            &*c.format,
            &*c.description,
            c.priority,
            &*c.json_path
        ),
        ("Max", "integer", "", "", 0, ".spec.maxReplicas")
    );
}
