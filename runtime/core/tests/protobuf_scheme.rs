//! Protobuf through the scheme, against the k8s.io/api fixtures of the meta kinds: the
//! scheme reads and writes Kubernetes' bytes exactly; watch frames and list bodies
//! assembled from encoded objects are Kubernetes' too.

use kapi::codec::protobuf::{self, FrameReader};
use kapi::meta::{
    APIResource, APIResourceList, CreateOptions, DeleteOptions, ListMeta, ListOptions, Status,
    Table, Verbs, WatchEvent,
};
use kapi::scheme::{Format, GroupVersionKind, SchemeError};
use kapi::{Object, Scheme};
use std::path::PathBuf;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    kapi::meta::add_to_scheme(&mut s).expect("meta kinds register");
    s
}

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/kubernetes-api")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The `.pb` decodes through the scheme to what the `.json` decodes to, and the scheme
/// encodes it back to the same bytes.
fn check<T: Object + PartialEq>(name: &str) {
    let s = scheme();
    let pb = fixture(&format!("{name}.pb"));
    let from_pb = s
        .decode_without_defaults(&pb)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let from_json = s
        .decode_without_defaults(&fixture(&format!("{name}.json")))
        .unwrap();
    assert_eq!(
        from_pb.downcast_ref::<T>().expect("typed"),
        from_json.downcast_ref::<T>().expect("typed"),
        "{name}"
    );
    let encoded = s.encode(from_pb.as_ref(), Format::Protobuf).unwrap();
    assert_eq!(
        hex(&encoded),
        hex(&pb),
        "{name}: re-encoding changed the bytes"
    );
    assert!(s.supports_protobuf(&from_pb.gvk()));
    // The bare message is the envelope's `raw`.
    let raw = s.encode_raw_protobuf(from_pb.as_ref()).unwrap();
    assert_eq!(raw, protobuf::decode_unknown(&pb).unwrap().raw);
    // Every cut of the input returns, as a value or an error.
    for len in 0..pb.len() {
        let _ = s.decode(&pb[..len]);
    }
}

#[test]
fn status() {
    check::<Status>("core.v1.Status");
}

/// `prost::Message::clear` leaves the zero value, whatever the message held.
#[test]
fn a_cleared_message_is_its_zero_value() {
    use protobuf::prost::Message;
    let raw = protobuf::open_envelope(&fixture("core.v1.Status.pb"), "v1", "Status")
        .expect("a v1 Status envelope");
    let mut status = Status::decode(raw.as_slice()).expect("decodes");
    assert_ne!(status, Status::default());
    status.clear();
    assert_eq!(status, Status::default());
}

#[test]
fn list_options() {
    check::<ListOptions>("core.v1.ListOptions");
}

#[test]
fn create_options() {
    check::<CreateOptions>("core.v1.CreateOptions");
}

#[test]
fn delete_options() {
    check::<DeleteOptions>("core.v1.DeleteOptions");
}

#[test]
fn format_is_detected_by_the_magic() {
    assert_eq!(
        Format::detect(&fixture("core.v1.Status.pb")),
        Format::Protobuf
    );
    assert_eq!(Format::detect(b"k8s"), Format::Yaml);
}

#[test]
fn an_envelope_of_an_alias_group_version_decodes() {
    // DeleteOptions sent as `meta.k8s.io/v1` (what client-go writes for a delete body).
    let s = scheme();
    let raw = protobuf::decode_unknown(&fixture("core.v1.DeleteOptions.pb"))
        .unwrap()
        .raw;
    let pb = protobuf::encode_envelope("meta.k8s.io/v1", "DeleteOptions", &raw);
    let obj = s.decode(&pb).unwrap();
    assert_eq!(
        obj.downcast_ref::<DeleteOptions>()
            .unwrap()
            .propagation_policy
            .as_deref(),
        Some("propagationPolicyValue")
    );
}

#[test]
fn envelope_errors() {
    let s = scheme();
    // Unknown kind.
    let pb = protobuf::encode_envelope("v1", "Nope", b"");
    assert!(matches!(s.decode(&pb), Err(SchemeError::NotRegistered(_))));
    // No kind at all (what Kubernetes writes around a WatchEvent).
    let pb = protobuf::encode_envelope("", "", b"");
    assert!(matches!(s.decode(&pb), Err(SchemeError::MissingKind)));
    // A compressed body is not readable.
    let mut pb = fixture("core.v1.Status.pb");
    let n = pb.len();
    pb[n - 3] = 1;
    pb.insert(n - 2, b'x');
    let err = s.decode(&pb).unwrap_err();
    assert!(err.to_string().contains("content encoding"), "{err}");
    // A kind of no protobuf form (Table, like every custom resource) is refused both ways:
    // the server answers 406 / 415 as kube-apiserver does.
    let table_gvk = GroupVersionKind::new("meta.k8s.io", "v1", "Table");
    assert!(!s.supports_protobuf(&table_gvk));
    let err = s.encode(&Table::default(), Format::Protobuf).unwrap_err();
    assert!(
        matches!(err, SchemeError::ProtobufNotSupported(ref g) if *g == table_gvk),
        "{err}"
    );
    assert!(matches!(
        s.encode_raw_protobuf(&Table::default()),
        Err(SchemeError::ProtobufNotSupported(_))
    ));
    let pb = protobuf::encode_envelope("meta.k8s.io/v1", "Table", b"");
    assert!(matches!(
        s.decode(&pb),
        Err(SchemeError::ProtobufNotSupported(_))
    ));
}

#[test]
fn watch_event_fixture_is_the_message_a_frame_holds() {
    // The fixture is a WatchEvent in an envelope whose type is empty (Go's WatchEvent has
    // no TypeMeta); its `raw` is the bare message a watch frame carries, and that
    // fixture's object is JSON.
    let pb = fixture("core.v1.WatchEvent.pb");
    let unknown = protobuf::decode_unknown(&pb).unwrap();
    assert_eq!(
        (unknown.api_version.as_str(), unknown.kind.as_str()),
        ("", "")
    );
    let event = protobuf::decode_watch_event(&unknown.raw).unwrap();
    assert_eq!(event.type_, "typeValue");
    let json: serde_json::Value =
        serde_json::from_slice(&fixture("core.v1.WatchEvent.json")).unwrap();
    let object: serde_json::Value = serde_json::from_slice(&event.object).unwrap();
    assert_eq!(object, json["object"]);

    let frame = protobuf::encode_watch_event_frame(&event.type_, &event.object).unwrap();
    assert_eq!(&frame[..4], (unknown.raw.len() as u32).to_be_bytes());
    assert_eq!(hex(&frame[4..]), hex(&unknown.raw));
    // The derived WatchEvent writes the same message.
    let typed: WatchEvent = protobuf::decode(&pb).unwrap();
    assert_eq!(protobuf::encode_frame(&typed).unwrap(), frame);
    // The scheme encodes WatchEvent as Kubernetes does, type left empty.
    assert_eq!(
        hex(&scheme().encode(&typed, Format::Protobuf).unwrap()),
        hex(&pb)
    );
}

#[test]
fn watch_stream_carries_enveloped_objects() {
    // kube-apiserver's protobuf watch: frames of bare WatchEvent messages whose object is
    // the full `k8s\x00` encoding of the object.
    let s = scheme();
    let status = s.decode(&fixture("core.v1.Status.pb")).unwrap();
    let options = s.decode(&fixture("core.v1.ListOptions.pb")).unwrap();
    let mut stream = Vec::new();
    for (ty, obj) in [("ERROR", &status), ("ADDED", &options)] {
        let object = s.encode(obj.as_ref(), Format::Protobuf).unwrap();
        stream.extend(protobuf::encode_watch_event_frame(ty, &object).unwrap());
    }
    let mut reader = FrameReader::new(stream.as_slice());
    let mut seen = Vec::new();
    while let Some(frame) = reader.next_frame().unwrap() {
        let event = protobuf::decode_watch_event(&frame).unwrap();
        assert!(event.object.starts_with(protobuf::MAGIC));
        let obj = s.decode(&event.object).unwrap();
        seen.push((event.type_, obj.kind().to_string()));
    }
    assert_eq!(
        seen,
        [
            ("ERROR".to_string(), "Status".to_string()),
            ("ADDED".to_string(), "ListOptions".to_string())
        ]
    );
}

#[test]
fn malformed_watch_events_are_errors_not_panics() {
    let frame = protobuf::encode_watch_event_frame("ADDED", b"k8s\x00abc").unwrap();
    let message = &frame[4..];
    for len in 0..message.len() {
        let _ = protobuf::decode_watch_event(&message[..len]);
    }
    // `object` claiming more bytes than there are.
    assert!(protobuf::decode_watch_event(&[0x12, 0x05, 0x0a, 0x09, b'x']).is_err());
    // A type that is not UTF-8.
    assert!(protobuf::decode_watch_event(&[0x0a, 0x01, 0xff]).is_err());
    // Unknown fields are skipped.
    let event = protobuf::decode_watch_event(&[0x18, 0x01, 0x0a, 0x01, b'A']).unwrap();
    assert_eq!(event.type_, "A");
}

#[test]
fn api_resource_verbs_are_a_message() {
    let r = APIResource {
        name: "a".into(),
        kind: "K".into(),
        verbs: ["get", "list"].into_iter().collect(),
        ..Default::default()
    };
    let list = APIResourceList {
        group_version: "v1".into(),
        resources: vec![r.clone()],
    };
    let s = scheme();
    let raw = s.encode_raw_protobuf(&list).unwrap();
    // name 1, namespaced 2, kind 3, verbs 4 as `Verbs { items = 1 }`, singularName 6,
    // group 8, version 9, storageVersionHash 10: Go writes every non-pointer field.
    let resource: &[u8] = &[
        0x0a, 0x01, b'a', 0x10, 0x00, 0x1a, 0x01, b'K', 0x22, 0x0b, 0x0a, 0x03, b'g', b'e', b't',
        0x0a, 0x04, b'l', b'i', b's', b't', 0x32, 0x00, 0x42, 0x00, 0x4a, 0x00, 0x52, 0x00,
    ];
    let mut expected = vec![0x0a, 0x02, b'v', b'1', 0x12, resource.len() as u8];
    expected.extend_from_slice(resource);
    assert_eq!(hex(&raw), hex(&expected));
    let back = s
        .decode(&s.encode(&list, Format::Protobuf).unwrap())
        .unwrap();
    assert_eq!(back.downcast_ref::<APIResourceList>(), Some(&list));
    assert_eq!(r.verbs, Verbs(vec!["get".into(), "list".into()]));
}

#[test]
fn list_bodies_from_encoded_items() {
    // A `StatusList` is not a Kubernetes kind; the helper only needs messages.
    let s = scheme();
    let status = s.decode(&fixture("core.v1.Status.pb")).unwrap();
    let item = s.encode_raw_protobuf(status.as_ref()).unwrap();
    let meta = ListMeta {
        resource_version: "7".into(),
        ..Default::default()
    };
    let body = protobuf::encode_list("v1", "StatusList", &meta, &[&item, &item]);
    let unknown = protobuf::decode_unknown(&body).unwrap();
    assert_eq!(unknown.kind, "StatusList");
    // ListMeta (field 1, always written), then each item as field 2.
    let mut expected = vec![0x0a];
    let meta_raw = protobuf::prost::Message::encode_to_vec(&meta);
    expected.push(meta_raw.len() as u8);
    expected.extend_from_slice(&meta_raw);
    for _ in 0..2 {
        expected.push(0x12);
        expected.extend(varint(item.len()));
        expected.extend_from_slice(&item);
    }
    assert_eq!(hex(&unknown.raw), hex(&expected));
    assert_eq!(
        protobuf::encode_list_message(&meta, &[item.clone(), item]),
        expected
    );
}

fn varint(mut n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
    out
}

#[test]
fn fuzzed_meta_kinds_survive_protobuf() {
    use kapi::meta::{APIGroupList, APIVersions, PartialObjectMetadataList};
    use kapi::round_trip;
    for seed in 0..100 {
        round_trip::protobuf::<APIResourceList>(seed).unwrap();
        round_trip::protobuf::<APIGroupList>(seed).unwrap();
        round_trip::protobuf::<APIVersions>(seed).unwrap();
        round_trip::protobuf::<PartialObjectMetadataList>(seed).unwrap();
    }
}
