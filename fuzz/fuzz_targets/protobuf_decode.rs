//! The protobuf decoder on arbitrary bytes: the enveloped form of every example kind, the
//! bare message, watch frames and their events. Errors are fine; panics, hangs and huge allocations are
//! what libFuzzer reports.
#![no_main]

use api_types::{v1, v2beta1};
use kapi::codec::protobuf;
use libfuzzer_sys::fuzz_target;
use prost::Message;

fuzz_target!(|data: &[u8]| {
    let _ = protobuf::decode::<v1::Frobber>(data);
    let _ = protobuf::decode::<v1::FrobberList>(data);
    let _ = protobuf::decode::<v2beta1::Frobber>(data);
    let _ = protobuf::decode::<v1::FrobberClass>(data);
    let _ = protobuf::decode_unknown(data);
    let _ = v1::Frobber::decode(data);
    let _ = v2beta1::FrobberList::decode(data);
    let _ = kapi::meta::ObjectMeta::decode(data);
    let _ = kapi::meta::Status::decode(data);
    let _ = kapi::meta::APIResourceList::decode(data);
    let _ = protobuf::decode_watch_event(data);
    let mut frames = protobuf::FrameReader::new(data);
    while let Ok(Some(frame)) = frames.next_frame() {
        let _ = v1::Frobber::decode(frame.as_slice());
        let _ = protobuf::decode_watch_event(frame.as_slice());
    }
});
