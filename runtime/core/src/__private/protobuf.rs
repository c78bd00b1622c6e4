//! What derived protobuf impls call. The field helpers are the codec's own building blocks
//! (its scalar impls and envelopes are written with them), so they are defined in
//! `codec::protobuf` and gathered here for generated code.

pub use crate::codec::protobuf::{
    decode_enum, encode_field, encode_map, encode_option, encode_repeated, encode_single,
    encode_str_value, field_len, map_len, merge_map, merge_option, merge_repeated, option_len,
    prost, repeated_len, single_len, skip, str_value_len, ProtoMessage, ProtoValue,
};

/// `prost::Message::clear` of a derived message: its zero value. Nothing in kapi calls
/// `clear`, yet every message must have one; with `*self = Default::default()` in the derive,
/// rustc's MIR inliner put the type's whole `Default` and drop into each exported body (3%
/// of a synthetic API's exported MIR). Generic and not `#[inline]`, this stays one call.
pub fn reset<T: Default>(message: &mut T) {
    *message = T::default();
}
