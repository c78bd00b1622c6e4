//! Lists: `<Kind>List` bodies in JSON or protobuf, and chunked lists as streams of pages.

use super::api::Api;
use super::error::Error;
use super::transport::RawResponse;
use crate::codec::protobuf;
use crate::meta::{ListMeta, ListOptions};
use crate::scheme::{GroupVersionKind, Kind};
use crate::{Resource, Scheme};
use futures_util::Stream;
use prost::encoding::{decode_key, decode_varint, WireType};

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
pub(crate) fn decode_list<K: Kind>(
    scheme: &Scheme,
    resp: &RawResponse,
) -> Result<ObjectList<K>, Error> {
    ObjectList::from_body(scheme, &resp.body)
}

impl<K: Kind> ObjectList<K> {
    /// Decodes a `<Kind>List` response body of `K`, JSON or protobuf (protobuf items go
    /// through `scheme`).
    pub fn from_body(scheme: &Scheme, body: &[u8]) -> Result<Self, Error> {
        decode_list_body(scheme, body)
    }
}

fn decode_list_body<K: Kind>(scheme: &Scheme, body: &[u8]) -> Result<ObjectList<K>, Error> {
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
    let gvk = GroupVersionKind::new(K::GROUP, K::VERSION, K::KIND);
    let mut list = ObjectList::default();
    let mut buf: &[u8] = &unknown.raw;
    let malformed = |e: prost::DecodeError| Error::Decode(format!("protobuf list: {e}"));
    while !buf.is_empty() {
        let (tag, wire_type) = decode_key(&mut buf).map_err(malformed)?;
        let field = match wire_type {
            WireType::LengthDelimited => {
                let len = decode_varint(&mut buf).map_err(malformed)?;
                if len > buf.len() as u64 {
                    return Err(Error::Decode(
                        "protobuf list: a length exceeds the remaining input".into(),
                    ));
                }
                let (field, rest) = buf.split_at(len as usize);
                buf = rest;
                field
            }
            other => {
                prost::encoding::skip_field(
                    other,
                    tag,
                    &mut buf,
                    prost::encoding::DecodeContext::default(),
                )
                .map_err(malformed)?;
                continue;
            }
        };
        match tag {
            1 => {
                list.metadata = <ListMeta as prost::Message>::decode(field).map_err(malformed)?;
            }
            2 => {
                let obj = scheme
                    .decode_protobuf_message(&gvk, field)
                    .map_err(|e| Error::Decode(e.to_string()))?;
                let item = obj.downcast::<K>().map_err(|other| {
                    Error::Decode(format!("a list item of {}, not {gvk}", other.gvk()))
                })?;
                list.items.push(*item);
            }
            _ => {}
        }
    }
    Ok(list)
}

/// Pages of a chunked list: the first with `opts`, then one per `continue` token (without
/// the resourceVersion, which the server refuses with a token).
pub(crate) fn pages<K: Resource + Kind>(
    api: Api<K>,
    opts: ListOptions,
) -> impl Stream<Item = Result<ObjectList<K>, Error>> + Send + 'static {
    futures_util::stream::unfold(Some((api, opts)), |state| async move {
        let (api, mut opts) = state?;
        match api.list(&opts).await {
            Ok(page) => {
                let next = if page.metadata.continue_.is_empty() {
                    None
                } else {
                    opts.continue_ = page.metadata.continue_.clone();
                    opts.resource_version.clear();
                    opts.resource_version_match.clear();
                    Some((api, opts))
                };
                Some((Ok(page), next))
            }
            Err(e) => Some((Err(e), None)),
        }
    })
}
