//! kapi and prost-build's generated code read and write the same bytes for the benchmark's
//! objects, so the benchmark compares like with like.

use kapi_protobuf_bench::com::example::frob::v1 as pb_frob;
use kapi_protobuf_bench::k8s::io::api::core::v1 as pb_core;
use kapi_protobuf_bench::objects::{config_map, frobber_list};
use prost::Message;

fn same_bytes<K: Message + Default + PartialEq + std::fmt::Debug, P: Message + Default>(value: &K) {
    let bytes = value.encode_to_vec();
    let generated = P::decode(bytes.as_slice()).expect("prost decodes kapi's bytes");
    assert_eq!(
        generated.encode_to_vec(),
        bytes,
        "prost re-encodes kapi's bytes as they were"
    );
    assert_eq!(&K::decode(bytes.as_slice()).expect("kapi decodes"), value);
}

#[test]
fn frobber() {
    same_bytes::<_, pb_frob::Frobber>(&api_types::examples::frobber_v1());
}

#[test]
fn config_map_has_the_same_bytes() {
    let cm = config_map();
    assert_eq!(cm.data.len(), 20);
    same_bytes::<_, pb_core::ConfigMap>(&cm);
}

#[test]
fn frobber_list_of_three() {
    same_bytes::<_, pb_frob::FrobberList>(&frobber_list(3));
}
