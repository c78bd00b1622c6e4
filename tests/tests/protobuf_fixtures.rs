//! The k8s.io/api testdata fixtures in Kubernetes' binary form: each `.pb` decodes to the
//! object its `.json` decodes to, and encoding that object gives back the same bytes.

use kapi::codec::protobuf::{self, FrameReader, ProtoMessage};
use kapi::codec::CodecError;
use kapi::meta::{
    APIGroup, APIVersions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions,
    Status, UpdateOptions, WatchEvent,
};
use kapi_k8s::coordination::v1::Lease;
use kapi_k8s::core::v1 as core_v1;
use kapi_tests::fixtures_dir;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

fn read(name: &str, ext: &str) -> Vec<u8> {
    let path = fixtures_dir().join(format!("{name}.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Decoded `.pb` equals decoded `.json`; re-encoding gives the fixture's bytes; cutting the
/// bytes never panics, and cutting into the object's message is an error.
fn check<T: ProtoMessage + DeserializeOwned + PartialEq + Debug>(name: &str) {
    let pb = read(name, "pb");
    let from_json: T = serde_json::from_slice(&read(name, "json")).expect("fixture JSON decodes");
    let from_pb: T = protobuf::decode(&pb).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        from_pb, from_json,
        "{name}: protobuf and JSON decode differently"
    );
    let encoded = protobuf::encode(&from_pb);
    assert_eq!(
        hex(&encoded),
        hex(&pb),
        "{name}: re-encoding changed the bytes"
    );
    // A cut at a field boundary is valid protobuf (a shorter message), so only the outcome
    // "returns" is required of every cut.
    for len in 0..pb.len() {
        let _ = protobuf::decode::<T>(&pb[..len]);
    }
    // The envelope ends with the empty contentEncoding and contentType (4 bytes); one byte
    // more cuts the raw object short of its declared length.
    assert_eq!(&pb[pb.len() - 4..], b"\x1a\x00\x22\x00");
    assert!(
        protobuf::decode::<T>(&pb[..pb.len() - 5]).is_err(),
        "{name}: a cut object decoded"
    );
    assert!(
        protobuf::decode::<T>(&pb[..3]).is_err(),
        "{name}: a cut magic decoded"
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn config_map() {
    check::<core_v1::ConfigMap>("core.v1.ConfigMap");
}

#[test]
fn namespace() {
    check::<core_v1::Namespace>("core.v1.Namespace");
}

#[test]
fn lease() {
    check::<Lease>("coordination.k8s.io.v1.Lease");
}

#[test]
fn status() {
    check::<Status>("core.v1.Status");
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
fn get_options() {
    check::<GetOptions>("core.v1.GetOptions");
}

#[test]
fn patch_options() {
    check::<PatchOptions>("core.v1.PatchOptions");
}

#[test]
fn update_options() {
    check::<UpdateOptions>("core.v1.UpdateOptions");
}

#[test]
fn api_group() {
    check::<APIGroup>("core.v1.APIGroup");
}

#[test]
fn api_versions() {
    check::<APIVersions>("core.v1.APIVersions");
}

#[test]
fn watch_event() {
    check::<WatchEvent>("core.v1.WatchEvent");
}

#[test]
fn wrong_magic_is_an_error() {
    let mut pb = read("core.v1.ConfigMap", "pb");
    pb[3] = b'!';
    let err = protobuf::decode::<core_v1::ConfigMap>(&pb).expect_err("bad magic decoded");
    assert!(err.to_string().contains("prefix"), "{err}");
}

#[test]
fn another_kind_is_an_error() {
    let pb = read("core.v1.ConfigMap", "pb");
    let err = protobuf::decode::<core_v1::Namespace>(&pb).expect_err("ConfigMap read as Namespace");
    assert!(err.to_string().contains("\"ConfigMap\""), "{err}");
}

#[test]
fn corrupted_bytes_never_panic() {
    let pb = read("core.v1.ConfigMap", "pb");
    let mut rng = fastrand_seeded();
    for _ in 0..2000 {
        let mut bad = pb.clone();
        for _ in 0..3 {
            let i = 4 + (rng() as usize) % (bad.len() - 4);
            bad[i] = rng() as u8;
        }
        // Either outcome is fine; what matters is that it returns.
        let _ = protobuf::decode::<core_v1::ConfigMap>(&bad);
    }
}

/// A small xorshift: reproducible corruption without another dependency.
fn fastrand_seeded() -> impl FnMut() -> u64 {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[test]
fn huge_declared_length_is_an_error_without_allocating() {
    // raw (field 2) claims 2^62 bytes.
    let mut pb = b"k8s\x00\x0a\x00\x12".to_vec();
    pb.extend_from_slice(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]);
    assert!(protobuf::decode_unknown(&pb).is_err());
}

#[test]
fn watch_frames_round_trip() {
    let event: WatchEvent = protobuf::decode(&read("core.v1.WatchEvent", "pb")).expect("decodes");
    let mut stream = protobuf::encode_frame(&event).expect("frames");
    let len = u32::from_be_bytes([stream[0], stream[1], stream[2], stream[3]]) as usize;
    assert_eq!(
        len,
        stream.len() - 4,
        "the prefix is the big-endian message length"
    );
    stream.extend(protobuf::encode_frame(&event).expect("frames"));
    let mut reader = FrameReader::new(stream.as_slice());
    assert_eq!(
        reader.next_message::<WatchEvent>().expect("first"),
        Some(event.clone())
    );
    assert_eq!(
        reader.next_message::<WatchEvent>().expect("second"),
        Some(event.clone())
    );
    assert_eq!(reader.next_message::<WatchEvent>().expect("end"), None);
}

#[test]
fn truncated_and_oversized_frames_are_errors() {
    let event: WatchEvent = protobuf::decode(&read("core.v1.WatchEvent", "pb")).expect("decodes");
    let frame = protobuf::encode_frame(&event).expect("frames");
    for len in 1..frame.len() {
        let mut reader = FrameReader::new(&frame[..len]);
        assert!(
            matches!(reader.next_frame(), Err(CodecError::Protobuf(_))),
            "a frame cut to {len} bytes was read"
        );
    }
    let mut reader = FrameReader::new(frame.as_slice()).with_max_len(8);
    assert!(
        reader.next_frame().is_err(),
        "a frame over the limit was read"
    );
}

/// Random objects of Kubernetes' kinds survive protobuf encode → decode (compared as JSON).
fn fuzzed<T>()
where
    T: kapi::fuzz::Fuzz + serde::Serialize + ProtoMessage,
{
    for seed in 0..200 {
        if let Err(failure) = kapi::round_trip::protobuf::<T>(seed) {
            panic!("{failure}");
        }
    }
}

#[test]
fn fuzzed_objects_round_trip() {
    fuzzed::<core_v1::ConfigMap>();
    fuzzed::<core_v1::ConfigMapList>();
    fuzzed::<core_v1::Namespace>();
    fuzzed::<Lease>();
    fuzzed::<Status>();
    fuzzed::<ListOptions>();
    fuzzed::<CreateOptions>();
    fuzzed::<DeleteOptions>();
    fuzzed::<WatchEvent>();
}

#[test]
fn an_empty_time_message_is_an_unset_time() {
    // Go writes a zero `creationTimestamp` (ObjectMeta field 8) as an empty message.
    let mut pb = b"k8s\x00\x0a\x0f\x0a\x02v1\x12\x09ConfigMap".to_vec();
    pb.extend_from_slice(b"\x12\x04\x0a\x02\x42\x00\x1a\x00\x22\x00");
    let cm: core_v1::ConfigMap = protobuf::decode(&pb).expect("decodes");
    assert_eq!(cm.metadata.creation_timestamp, None);
}
