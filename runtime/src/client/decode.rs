//! Response bodies decoded to typed objects: protobuf through the scheme, or JSON.

use super::error::Error;
use super::transport::RawResponse;
use crate::scheme::Kind;

/// One object of kind `T` from a response, protobuf (through the scheme) or JSON.
pub(crate) fn decode_object<T: Kind>(
    scheme: &crate::Scheme,
    resp: &RawResponse,
) -> Result<T, Error> {
    decode_bytes(scheme, &resp.body)
}

pub(crate) fn decode_bytes<T: Kind>(scheme: &crate::Scheme, body: &[u8]) -> Result<T, Error> {
    if body.starts_with(crate::codec::protobuf::MAGIC) {
        let obj = scheme
            .decode_without_defaults(body)
            .map_err(|e| Error::Decode(e.to_string()))?;
        return obj.downcast::<T>().map(|b| *b).map_err(|other| {
            Error::Decode(format!(
                "expected {}/{}, got {}",
                T::API_VERSION,
                T::KIND,
                other.gvk()
            ))
        });
    }
    serde_json::from_slice(body)
        .map_err(|e| Error::Decode(format!("{} {}: {e}", T::API_VERSION, T::KIND)))
}
