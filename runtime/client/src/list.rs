//! Lists: `<Kind>List` bodies in JSON or protobuf.

use super::error::Error;
use super::transport::RawResponse;
use kapi_core::codec::protobuf;
use kapi_core::meta::ListMeta;
use kapi_core::scheme::Kind;

/// The items of a list response and its metadata (`resourceVersion`, `continue`).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectList<K> {
    pub metadata: ListMeta,
    pub items: Vec<K>,
}

impl<K> Default for ObjectList<K> {
    fn default() -> Self {
        ObjectList {
            metadata: ListMeta::default(),
            items: Vec::new(),
        }
    }
}

impl<K> IntoIterator for ObjectList<K> {
    type Item = K;
    type IntoIter = std::vec::IntoIter<K>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[derive(serde::Deserialize)]
#[serde(bound = "K: serde::de::DeserializeOwned")]
struct JsonList<K> {
    #[serde(default)]
    metadata: Option<ListMeta>,
    #[serde(default)]
    items: Option<Vec<K>>,
}

/// Any `<Kind>List` of `K`: JSON, or protobuf (the envelope's message has the ListMeta as
/// field 1 and each item, a bare message of `K`, as field 2).
pub(crate) fn decode_list<K: Kind>(resp: &RawResponse) -> Result<ObjectList<K>, Error> {
    ObjectList::from_body(&resp.body)
}

impl<K: Kind> ObjectList<K> {
    /// Decodes a `<Kind>List` response body of `K`, JSON or protobuf.
    pub fn from_body(body: &[u8]) -> Result<Self, Error> {
        decode_list_body(body)
    }
}

fn decode_list_body<K: Kind>(body: &[u8]) -> Result<ObjectList<K>, Error> {
    if !body.starts_with(protobuf::MAGIC) {
        let list: JsonList<K> = serde_json::from_slice(body)
            .map_err(|e| Error::Decode(format!("{} {}List: {e}", K::API_VERSION, K::KIND)))?;
        return Ok(ObjectList {
            metadata: list.metadata.unwrap_or_default(),
            items: list.items.unwrap_or_default(),
        });
    }
    let unknown = protobuf::decode_unknown(body).map_err(|e| Error::Decode(e.to_string()))?;
    if !unknown.content_encoding.is_empty() {
        return Err(Error::Decode(format!(
            "unsupported content encoding {:?}",
            unknown.content_encoding
        )));
    }
    let (metadata, items) =
        protobuf::decode_list_message(&unknown.raw, super::decode::decode_message::<K>)?;
    Ok(ObjectList { metadata, items })
}
