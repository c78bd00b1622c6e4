//! Response bodies decoded to typed objects, JSON or protobuf, through the type itself: a
//! typed client needs no scheme to read the kinds it names.

use super::error::Error;
use super::transport::RawResponse;
use kapi_core::codec::protobuf;
use kapi_core::scheme::Kind;

/// One object of kind `T` from a response.
pub(crate) fn decode_object<T: Kind>(resp: &RawResponse) -> Result<T, Error> {
    decode_bytes(&resp.body)
}

/// One object of kind `T`: an enveloped protobuf message of `T`'s apiVersion and kind, or
/// JSON.
pub(crate) fn decode_bytes<T: Kind>(body: &[u8]) -> Result<T, Error> {
    if !body.starts_with(protobuf::MAGIC) {
        return serde_json::from_slice(body)
            .map_err(|e| Error::Decode(format!("{} {}: {e}", T::API_VERSION, T::KIND)));
    }
    let raw = protobuf::open_envelope(body, T::API_VERSION, T::KIND)
        .map_err(|e| Error::Decode(e.to_string()))?;
    decode_message(&raw)
}

/// A bare protobuf message of `T` (an envelope's `raw`, a list's item).
pub(crate) fn decode_message<T: Kind>(raw: &[u8]) -> Result<T, Error> {
    let codec = T::protobuf_codec().ok_or_else(|| {
        Error::Decode(format!(
            "{} {} has no protobuf form, and the response is protobuf",
            T::API_VERSION,
            T::KIND
        ))
    })?;
    (codec.decode_raw)(raw).map_err(|e| Error::Decode(e.to_string()))
}
