//! What derived protobuf impls call. The field helpers are the codec's own building blocks
//! (its scalar impls and envelopes are written with them), so they are defined in
//! `codec::protobuf` and gathered here for generated code.

pub use crate::codec::protobuf::{
    decode_enum, decode_map_entry, encode_field, encode_map, encode_message, encode_str_value,
    field_len, map_len, merge_message, merge_option, merge_repeated, message_len, prost, skip,
    str_value_len, ProtoMessage, ProtoValue,
};
