//! Kubernetes' binary encoding: gogo-protobuf messages inside the `k8s\x00` envelope.
//!
//! Every API type with a protobuf number on each field implements [`prost::Message`]
//! (derived); how each field is written is decided by [`ProtoValue`], implemented here for
//! the scalars and the hand-written meta types and by the derive for structs and string
//! enums. The rules are go-to-protobuf's, so the bytes equal Kubernetes' own:
//!
//! - fields in number order; non-`Option` fields are always written, even when empty
//!   (Go's non-pointer fields); `Option` fields only when `Some`; `Vec` as unpacked
//!   `repeated`; maps as entry messages sorted by key, key and value always written;
//! - an object travels as `k8s\x00` followed by a `runtime.Unknown` message:
//!   `typeMeta` (1: apiVersion 1, kind 2), `raw` 2 (the object's message), `contentEncoding`
//!   3 and `contentType` 4, all four always written;
//! - watch streams are frames of a 4-byte big-endian length followed by the bare
//!   `WatchEvent` message (Kubernetes' `LengthDelimitedFramer` around its raw serializer, no
//!   envelope); the event's object is embedded in its full encoding, envelope included
//!   ([`encode_watch_event_frame`], [`decode_watch_event`]);
//! - list bodies can be assembled from encoded items ([`encode_list`]) and read back item by
//!   item ([`decode_list_message`]).
//!
//! Decoding never panics: every length is checked against the remaining input before
//! anything is allocated for it.

use super::CodecError;
use crate::meta::{
    ByteString, Duration, FieldsV1, IntOrString, ListMeta, MicroTime, Quantity, RawExtension, Time,
    Verbs,
};
use bytes::{Buf, BufMut};
use prost::encoding::{
    decode_key, decode_varint, encode_key, encode_varint, encoded_len_varint, key_len, merge_loop,
    skip_field, DecodeContext, WireType,
};
use prost::{DecodeError, Message};
use std::io::Read;

pub use prost;

/// The four bytes before every protobuf-encoded object.
pub const MAGIC: &[u8; 4] = b"k8s\x00";

/// The largest watch frame [`FrameReader`] accepts, so a corrupt length cannot make it
/// allocate without bound.
pub const MAX_FRAME_LEN: usize = 64 << 20;

/// A message that can travel in the envelope: its `apiVersion` and `kind`, empty (the
/// default) for types that are not kinds (Kubernetes writes an empty `typeMeta` for those).
pub trait ProtoMessage: Message + Default {
    const API_VERSION: &'static str = "";
    const KIND: &'static str = "";
}

/// How a value is written as one protobuf field value (without its key).
pub trait ProtoValue: Sized {
    const WIRE_TYPE: WireType;
    /// Writes the value; length-delimited values include their length.
    fn encode_value(&self, buf: &mut impl BufMut);
    /// The length [`encode_value`](Self::encode_value) writes.
    fn value_len(&self) -> usize;
    /// Reads one value.
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError>;
    /// Reads the value of an `Option` field; `None` for an encoding that means "unset"
    /// (Kubernetes writes a zero `Time` as an empty message).
    fn decode_option(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Option<Self>, DecodeError> {
        Self::decode_value(wire_type, buf, ctx).map(Some)
    }
    /// Whether a plain (non-`Option`) field holding this value is left out. Go's generated
    /// code writes every non-pointer field but a `[]byte`, which it skips when nil.
    #[inline]
    fn omitted(&self) -> bool {
        false
    }
    /// Reads one more occurrence of the field: messages merge, everything else is replaced
    /// (protobuf's rule for a repeated singular field).
    fn merge_value(
        &mut self,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        *self = Self::decode_value(wire_type, buf, ctx)?;
        Ok(())
    }
}

/// Every message is a length-delimited field value, and a repeated occurrence merges into
/// it: one impl here instead of one per derived struct.
impl<T: ProtoMessage> ProtoValue for T {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_message(self, buf);
    }
    fn value_len(&self) -> usize {
        message_len(self)
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        let mut value = T::default();
        merge_message(&mut value, wire_type, buf, ctx)?;
        Ok(value)
    }
    fn merge_value(
        &mut self,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        merge_message(self, wire_type, buf, ctx)
    }
}

/// Encodes `value` as Kubernetes does: magic, then `runtime.Unknown` around its message.
pub fn encode<T: ProtoMessage>(value: &T) -> Vec<u8> {
    encode_envelope(T::API_VERSION, T::KIND, &value.encode_to_vec())
}

/// The `k8s\x00` envelope around an already encoded message `raw` of the kind
/// `api_version`/`kind` (what [`encode`] writes for a typed value).
pub fn encode_envelope(api_version: &str, kind: &str, raw: &[u8]) -> Vec<u8> {
    let type_meta_len = string_field_len(1, api_version) + string_field_len(2, kind);
    let len = MAGIC.len()
        + key_len(1)
        + encoded_len_varint(type_meta_len as u64)
        + type_meta_len
        + key_len(2)
        + encoded_len_varint(raw.len() as u64)
        + raw.len()
        + string_field_len(3, "")
        + string_field_len(4, "");
    let mut out = Vec::with_capacity(len);
    out.extend_from_slice(MAGIC);
    encode_key(1, WireType::LengthDelimited, &mut out);
    encode_varint(type_meta_len as u64, &mut out);
    encode_str(1, api_version, &mut out);
    encode_str(2, kind, &mut out);
    encode_key(2, WireType::LengthDelimited, &mut out);
    encode_varint(raw.len() as u64, &mut out);
    out.extend_from_slice(raw);
    encode_str(3, "", &mut out);
    encode_str(4, "", &mut out);
    out
}

/// Decodes an enveloped object, strictly: the magic must be there, the envelope's
/// `apiVersion` and `kind` must be `T`'s, and the content must not be compressed.
pub fn decode<T: ProtoMessage>(bytes: &[u8]) -> Result<T, CodecError> {
    let raw = open_envelope(bytes, T::API_VERSION, T::KIND)?;
    T::decode(raw.as_slice()).map_err(|e| CodecError::Protobuf(e.to_string()))
}

/// The message of an enveloped object whose envelope must say `api_version` and `kind`,
/// uncompressed.
pub fn open_envelope(bytes: &[u8], api_version: &str, kind: &str) -> Result<Vec<u8>, CodecError> {
    let unknown = decode_unknown(bytes)?;
    if unknown.api_version != api_version || unknown.kind != kind {
        return Err(CodecError::Protobuf(format!(
            "the envelope holds apiVersion {:?}, kind {:?}; expected apiVersion {:?}, kind {:?}",
            unknown.api_version, unknown.kind, api_version, kind
        )));
    }
    if !unknown.content_encoding.is_empty() {
        return Err(CodecError::Protobuf(format!(
            "unsupported content encoding {:?}",
            unknown.content_encoding
        )));
    }
    Ok(unknown.raw)
}

/// The envelope of an encoded object (`runtime.Unknown`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unknown {
    pub api_version: String,
    pub kind: String,
    pub raw: Vec<u8>,
    pub content_encoding: String,
    pub content_type: String,
}

/// Reads the envelope without decoding the object: how a caller finds the kind first.
pub fn decode_unknown(bytes: &[u8]) -> Result<Unknown, CodecError> {
    let Some(mut body) = bytes.strip_prefix(MAGIC.as_slice()) else {
        return Err(CodecError::Protobuf(
            "missing the k8s\\x00 protobuf prefix".to_string(),
        ));
    };
    let mut unknown = Unknown::default();
    let ctx = DecodeContext::default();
    let result: Result<(), DecodeError> = (|| {
        while body.has_remaining() {
            let (tag, wire_type) = decode_key(&mut body)?;
            match tag {
                1 => {
                    check(WireType::LengthDelimited, wire_type)?;
                    merge_loop(&mut unknown, &mut body, ctx.clone(), |u, b, ctx| {
                        let (tag, wire_type) = decode_key(b)?;
                        match tag {
                            1 => u.api_version.merge_value(wire_type, b, ctx),
                            2 => u.kind.merge_value(wire_type, b, ctx),
                            _ => skip_field(wire_type, tag, b, ctx),
                        }
                    })?;
                }
                2 => unknown.raw.merge_value(wire_type, &mut body, ctx.clone())?,
                3 => unknown
                    .content_encoding
                    .merge_value(wire_type, &mut body, ctx.clone())?,
                4 => unknown
                    .content_type
                    .merge_value(wire_type, &mut body, ctx.clone())?,
                _ => skip_field(wire_type, tag, &mut body, ctx.clone())?,
            }
        }
        Ok(())
    })();
    result.map_err(|e| CodecError::Protobuf(e.to_string()))?;
    Ok(unknown)
}

/// One watch-stream frame: the message's length as 4 big-endian bytes, then the message.
/// A message of 4 GiB or more has no frame (the length would not fit); that is an error.
pub fn encode_frame<T: Message>(value: &T) -> Result<Vec<u8>, CodecError> {
    let len = value.encoded_len();
    let prefix = u32::try_from(len).map_err(|_| {
        CodecError::Protobuf(format!("a message of {len} bytes is too long for a frame"))
    })?;
    let mut out = Vec::with_capacity(4 + len);
    out.extend_from_slice(&prefix.to_be_bytes());
    value.encode_raw(&mut out);
    Ok(out)
}

/// Reads the frames of a watch stream one message at a time.
pub struct FrameReader<R> {
    inner: R,
    max_len: usize,
}

impl<R: Read> FrameReader<R> {
    pub fn new(inner: R) -> Self {
        FrameReader {
            inner,
            max_len: MAX_FRAME_LEN,
        }
    }

    /// Frames longer than `max_len` bytes are an error.
    pub fn with_max_len(mut self, max_len: usize) -> Self {
        self.max_len = max_len;
        self
    }

    /// The next frame's bytes; `None` at a clean end of stream (between frames).
    pub fn next_frame(&mut self) -> Result<Option<Vec<u8>>, CodecError> {
        let mut header = [0u8; 4];
        let mut filled = 0;
        while filled < header.len() {
            match self.inner.read(&mut header[filled..]) {
                Ok(0) if filled == 0 => return Ok(None),
                Ok(0) => return Err(CodecError::Protobuf("truncated frame length".to_string())),
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(CodecError::Io(e)),
            }
        }
        let len = u32::from_be_bytes(header) as usize;
        if len > self.max_len {
            return Err(CodecError::Protobuf(format!(
                "frame of {len} bytes exceeds the limit of {} bytes",
                self.max_len
            )));
        }
        // Read through `take` so the buffer grows with the data that actually arrives.
        let mut frame = Vec::new();
        (&mut self.inner)
            .take(len as u64)
            .read_to_end(&mut frame)
            .map_err(CodecError::Io)?;
        if frame.len() != len {
            return Err(CodecError::Protobuf(format!(
                "truncated frame: {} of {len} bytes",
                frame.len()
            )));
        }
        Ok(Some(frame))
    }

    /// The next frame decoded as `T`.
    pub fn next_message<T: Message + Default>(&mut self) -> Result<Option<T>, CodecError> {
        match self.next_frame()? {
            Some(frame) => T::decode(frame.as_slice())
                .map(Some)
                .map_err(|e| CodecError::Protobuf(e.to_string())),
            None => Ok(None),
        }
    }
}

// ---- lists and watch events assembled from encoded objects --------------------------

/// The message of a `<Kind>List` whose items are already encoded messages: every list
/// type of Kubernetes has `metadata` (ListMeta) as field 1, always written, and `items`
/// as the repeated field 2. A server that holds objects behind `dyn Object` builds list
/// bodies with this and [`encode_envelope`] (see [`encode_list`]).
pub fn encode_list_message<I: AsRef<[u8]>>(metadata: &ListMeta, items: &[I]) -> Vec<u8> {
    let len = field_len(1, metadata)
        + items
            .iter()
            .map(|i| key_len(2) + bytes_len(i.as_ref().len()))
            .sum::<usize>();
    let mut out = Vec::with_capacity(len);
    encode_field(1, metadata, &mut out);
    for item in items {
        let item = item.as_ref();
        encode_key(2, WireType::LengthDelimited, &mut out);
        encode_varint(item.len() as u64, &mut out);
        out.extend_from_slice(item);
    }
    out
}

/// A whole `<Kind>List` body: [`encode_list_message`] in the envelope of `api_version` and
/// `list_kind` (`FrobberList`).
pub fn encode_list<I: AsRef<[u8]>>(
    api_version: &str,
    list_kind: &str,
    metadata: &ListMeta,
    items: &[I],
) -> Vec<u8> {
    encode_envelope(
        api_version,
        list_kind,
        &encode_list_message(metadata, items),
    )
}

/// A `<Kind>List` message read back, the inverse of [`encode_list_message`]: its ListMeta
/// (field 1) and each item's bare message (field 2), decoded by `item` in order. Other
/// fields are skipped; a field of another wire type is skipped whatever its number.
pub fn decode_list_message<T, E: From<CodecError>>(
    message: &[u8],
    mut item: impl FnMut(&[u8]) -> Result<T, E>,
) -> Result<(ListMeta, Vec<T>), E> {
    let malformed = |e: DecodeError| E::from(CodecError::Protobuf(format!("list: {e}")));
    let mut metadata = ListMeta::default();
    let mut items = Vec::new();
    let mut buf = message;
    while !buf.is_empty() {
        let (tag, wire_type) = decode_key(&mut buf).map_err(malformed)?;
        if wire_type != WireType::LengthDelimited {
            skip_field(wire_type, tag, &mut buf, DecodeContext::default()).map_err(malformed)?;
            continue;
        }
        let len = decode_varint(&mut buf).map_err(malformed)?;
        if len > buf.len() as u64 {
            return Err(malformed(decode_error(
                "a length exceeds the remaining input",
            )));
        }
        let (field, rest) = buf.split_at(len as usize);
        buf = rest;
        match tag {
            1 => metadata = ListMeta::decode(field).map_err(malformed)?,
            2 => items.push(item(field)?),
            _ => {}
        }
    }
    Ok((metadata, items))
}

/// One event of a protobuf watch stream, as kube-apiserver writes it: the frame's 4-byte
/// big-endian length, then a bare `metav1.WatchEvent` message (the stream serializer
/// writes no envelope) with `type` (1) and `object` (2, a `runtime.RawExtension` whose
/// `raw`, field 1, is the object as the response serializer encodes it: in a protobuf
/// stream, the object's own `k8s\x00` envelope, [`encode`] or `Scheme::encode`).
/// A message of 4 GiB or more has no frame; that is an error.
pub fn encode_watch_event_frame(event_type: &str, object: &[u8]) -> Result<Vec<u8>, CodecError> {
    let raw_extension_len = key_len(1) + bytes_len(object.len());
    let len = string_field_len(1, event_type) + key_len(2) + bytes_len(raw_extension_len);
    let prefix = u32::try_from(len).map_err(|_| {
        CodecError::Protobuf(format!("a message of {len} bytes is too long for a frame"))
    })?;
    let mut out = Vec::with_capacity(4 + len);
    out.extend_from_slice(&prefix.to_be_bytes());
    encode_str(1, event_type, &mut out);
    encode_key(2, WireType::LengthDelimited, &mut out);
    encode_varint(raw_extension_len as u64, &mut out);
    encode_key(1, WireType::LengthDelimited, &mut out);
    encode_varint(object.len() as u64, &mut out);
    out.extend_from_slice(object);
    Ok(out)
}

/// A watch event read from one frame, its object left encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawWatchEvent {
    /// `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.
    pub type_: String,
    /// The object's bytes: in a protobuf stream its `k8s\x00` envelope (a `Status` for
    /// `ERROR`), ready for `Scheme::decode`.
    pub object: Vec<u8>,
}

/// Reads the `metav1.WatchEvent` message of one frame (the bytes [`FrameReader`] returns),
/// keeping the object's bytes as they are, whatever their encoding.
pub fn decode_watch_event(message: &[u8]) -> Result<RawWatchEvent, CodecError> {
    let mut event = RawWatchEvent::default();
    let mut body = message;
    let ctx = DecodeContext::default();
    let result: Result<(), DecodeError> = (|| {
        while body.has_remaining() {
            let (tag, wire_type) = decode_key(&mut body)?;
            match tag {
                1 => event.type_.merge_value(wire_type, &mut body, ctx.clone())?,
                2 => {
                    check(WireType::LengthDelimited, wire_type)?;
                    merge_loop(&mut event, &mut body, ctx.clone(), |e, b, ctx| {
                        let (tag, wire_type) = decode_key(b)?;
                        match tag {
                            1 => e.object.merge_value(wire_type, b, ctx),
                            _ => skip_field(wire_type, tag, b, ctx),
                        }
                    })?;
                }
                _ => skip_field(wire_type, tag, &mut body, ctx.clone())?,
            }
        }
        Ok(())
    })();
    result.map_err(|e| CodecError::Protobuf(e.to_string()))?;
    Ok(event)
}

// prost has no public way to describe a custom decode failure other than this hidden,
// deprecated constructor; every use goes through here so a replacement is one edit.
#[allow(deprecated)]
fn decode_error(message: impl Into<std::borrow::Cow<'static, str>>) -> DecodeError {
    DecodeError::new(message)
}

#[inline]
fn check(expected: WireType, actual: WireType) -> Result<(), DecodeError> {
    prost::encoding::check_wire_type(expected, actual)
}

#[inline]
fn string_field_len(tag: u32, s: &str) -> usize {
    bytes_field_len(tag, s.len())
}

#[inline(always)]
fn bytes_field_len(tag: u32, len: usize) -> usize {
    key_len(tag) + encoded_len_varint(len as u64) + len
}

#[inline]
fn encode_str(tag: u32, s: &str, buf: &mut impl BufMut) {
    encode_bytes_field(tag, s.as_bytes(), buf);
}

// Always inlined: every string field is written through here.
#[inline(always)]
fn encode_bytes_field(tag: u32, bytes: &[u8], buf: &mut impl BufMut) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(bytes.len() as u64, buf);
    buf.put_slice(bytes);
}

const INVALID_UTF8: &str = "invalid UTF-8 in a string field";

/// Reads a length-delimited payload, its length checked against the remaining input.
fn read_bytes(wire_type: WireType, buf: &mut impl Buf) -> Result<Vec<u8>, DecodeError> {
    let len = read_len(wire_type, buf)?;
    take_bytes(len, buf)
}

/// A length-delimited payload's length, checked against the remaining input.
// Always inlined: it was part of `read_bytes`, which every string field calls.
#[inline(always)]
fn read_len(wire_type: WireType, buf: &mut impl Buf) -> Result<usize, DecodeError> {
    check(WireType::LengthDelimited, wire_type)?;
    let len = decode_varint(buf)?;
    if len > buf.remaining() as u64 {
        return Err(decode_error("length exceeds the remaining input"));
    }
    Ok(len as usize)
}

/// The next `len` bytes of `buf`, which has at least that many.
#[inline(always)]
fn take_bytes(len: usize, buf: &mut impl Buf) -> Result<Vec<u8>, DecodeError> {
    // Contiguous input (a slice, or `Bytes`), the usual case: one copy.
    if let Some(bytes) = buf.chunk().get(..len) {
        let out = bytes.to_vec();
        buf.advance(len);
        return Ok(out);
    }
    // Copied chunk by chunk into a buffer of the right size: no zero-filling first.
    let mut out = Vec::with_capacity(len);
    let mut rest = len;
    while rest > 0 {
        let chunk = buf.chunk();
        let n = chunk.len().min(rest);
        if n == 0 {
            return Err(decode_error("length exceeds the remaining input"));
        }
        out.extend_from_slice(&chunk[..n]);
        buf.advance(n);
        rest -= n;
    }
    Ok(out)
}

fn bytes_len(len: usize) -> usize {
    encoded_len_varint(len as u64) + len
}

// ---- field helpers the derive calls -------------------------------------------------

#[doc(hidden)]
pub fn encode_field<T: ProtoValue>(tag: u32, value: &T, buf: &mut impl BufMut) {
    encode_key(tag, T::WIRE_TYPE, buf);
    value.encode_value(buf);
}

#[doc(hidden)]
pub fn field_len<T: ProtoValue>(tag: u32, value: &T) -> usize {
    key_len(tag) + value.value_len()
}

/// A plain field of a derived message: written unless Go leaves its value out
/// ([`ProtoValue::omitted`]).
#[doc(hidden)]
#[inline]
pub fn encode_single<T: ProtoValue>(tag: u32, value: &T, buf: &mut impl BufMut) {
    if !value.omitted() {
        encode_field(tag, value, buf);
    }
}

#[doc(hidden)]
#[inline]
pub fn single_len<T: ProtoValue>(tag: u32, value: &T) -> usize {
    if value.omitted() {
        0
    } else {
        field_len(tag, value)
    }
}

#[doc(hidden)]
pub fn merge_option<T: ProtoValue>(
    slot: &mut Option<T>,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    match slot {
        Some(v) => v.merge_value(wire_type, buf, ctx),
        None => {
            *slot = T::decode_option(wire_type, buf, ctx)?;
            Ok(())
        }
    }
}

/// An `Option` field: written when `Some`.
#[doc(hidden)]
#[inline]
pub fn encode_option<T: ProtoValue>(tag: u32, value: &Option<T>, buf: &mut impl BufMut) {
    if let Some(v) = value {
        encode_field(tag, v, buf);
    }
}

#[doc(hidden)]
#[inline]
pub fn option_len<T: ProtoValue>(tag: u32, value: &Option<T>) -> usize {
    value.as_ref().map_or(0, |v| field_len(tag, v))
}

/// A `repeated` field: one occurrence per element, unpacked, as go-to-protobuf writes it.
#[doc(hidden)]
#[inline]
pub fn encode_repeated<T: ProtoValue>(tag: u32, values: &[T], buf: &mut impl BufMut) {
    for v in values {
        encode_field(tag, v, buf);
    }
}

#[doc(hidden)]
#[inline]
pub fn repeated_len<T: ProtoValue>(tag: u32, values: &[T]) -> usize {
    values.iter().map(|v| field_len(tag, v)).sum()
}

/// Appends one element; numeric elements may also arrive packed, as protobuf allows.
#[doc(hidden)]
pub fn merge_repeated<T: ProtoValue>(
    values: &mut Vec<T>,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    if wire_type == WireType::LengthDelimited && T::WIRE_TYPE != WireType::LengthDelimited {
        return merge_loop(values, buf, ctx, |values, buf, ctx| {
            values.push(T::decode_value(T::WIRE_TYPE, buf, ctx)?);
            Ok(())
        });
    }
    values.push(T::decode_value(wire_type, buf, ctx)?);
    Ok(())
}

/// One entry of a map field as a generated `encode_raw` sees it: the item of the map's
/// `iter()`. Kubernetes' map keys are strings.
#[doc(hidden)]
pub trait MapEntry {
    fn key(&self) -> &str;
    fn encode_value(&self, buf: &mut impl BufMut);
    fn value_len(&self) -> usize;
}

impl<V: ProtoValue> MapEntry for (&String, &V) {
    fn key(&self) -> &str {
        self.0
    }
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_field(2, self.1, buf);
    }
    fn value_len(&self) -> usize {
        field_len(2, self.1)
    }
}

impl MapEntry for (&str, &str) {
    fn key(&self) -> &str {
        self.0
    }
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_str(2, self.1, buf);
    }
    fn value_len(&self) -> usize {
        string_field_len(2, self.1)
    }
}

/// A map's `iter()`: whether it yields its entries sorted by key already, as Kubernetes
/// writes them, or they must be sorted first, and the length of its entries on the wire.
#[doc(hidden)]
pub trait MapIter: Iterator<Item: MapEntry> + Sized {
    const SORTED: bool;

    /// The encoded length of the entries as map field `tag`.
    fn entries_len(self, tag: u32) -> usize {
        self.map(|entry| key_len(tag) + bytes_len(entry_len(&entry)))
            .sum()
    }
}

impl<'a, V: ProtoValue> MapIter for std::collections::btree_map::Iter<'a, String, V> {
    const SORTED: bool = true;
}

impl<'a, V: ProtoValue> MapIter for std::collections::hash_map::Iter<'a, String, V> {
    const SORTED: bool = false;
}

impl MapIter for crate::meta::StringMapIter<'_> {
    const SORTED: bool = true;

    /// From the map's offsets alone: a message's length is asked for once per enclosing
    /// message, so this runs more often than the encode itself.
    fn entries_len(self, tag: u32) -> usize {
        // Keys and values of a small map all have one-byte lengths, and so has each entry
        // (its two field keys, two lengths and text): the map's length is its text's plus
        // the same framing per entry. Labels nearly always are this small.
        let (entries, text_len) = (self.len(), self.remaining_text_len());
        let entry_framing = key_len(1) + 1 + key_len(2) + 1;
        if text_len + entry_framing < 128 {
            return text_len + entries * (key_len(tag) + 1 + entry_framing);
        }
        self.lens()
            .map(|(key, value)| {
                let entry = key_len(1) + bytes_len(key) + key_len(2) + bytes_len(value);
                key_len(tag) + bytes_len(entry)
            })
            .sum()
    }
}

fn entry_len(entry: &impl MapEntry) -> usize {
    string_field_len(1, entry.key()) + entry.value_len()
}

fn encode_entry(tag: u32, entry: &impl MapEntry, buf: &mut impl BufMut) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(entry_len(entry) as u64, buf);
    encode_str(1, entry.key(), buf);
    entry.encode_value(buf);
}

#[doc(hidden)]
pub fn encode_map<I: MapIter>(tag: u32, entries: I, buf: &mut impl BufMut) {
    if I::SORTED {
        for entry in entries {
            encode_entry(tag, &entry, buf);
        }
    } else {
        let mut entries: Vec<I::Item> = entries.collect();
        entries.sort_by(|a, b| a.key().cmp(b.key()));
        for entry in &entries {
            encode_entry(tag, entry, buf);
        }
    }
}

#[doc(hidden)]
pub fn map_len<I: MapIter>(tag: u32, entries: I) -> usize {
    entries.entries_len(tag)
}

/// Reads one map entry. A missing key or value reads as its zero value, as in Go.
#[doc(hidden)]
pub fn decode_map_entry<V: ProtoValue>(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(String, V), DecodeError> {
    check(WireType::LengthDelimited, wire_type)?;
    let mut entry: (String, Option<V>) = (String::new(), None);
    merge_loop(&mut entry, buf, ctx.clone(), |entry, buf, ctx| {
        let (tag, wire_type) = decode_key(buf)?;
        match tag {
            1 => entry.0.merge_value(wire_type, buf, ctx),
            2 => merge_option(&mut entry.1, wire_type, buf, ctx),
            _ => skip_field(wire_type, tag, buf, ctx),
        }
    })?;
    let value = match entry.1 {
        Some(v) => v,
        None => zero_value(ctx)?,
    };
    Ok((entry.0, value))
}

/// A map field a decoded entry goes into.
#[doc(hidden)]
pub trait MapInsert {
    type Value: ProtoValue;
    fn insert_entry(&mut self, key: String, value: Self::Value);
}

impl<V: ProtoValue> MapInsert for std::collections::BTreeMap<String, V> {
    type Value = V;
    fn insert_entry(&mut self, key: String, value: V) {
        self.insert(key, value);
    }
}

impl<V: ProtoValue> MapInsert for std::collections::HashMap<String, V> {
    type Value = V;
    fn insert_entry(&mut self, key: String, value: V) {
        self.insert(key, value);
    }
}

impl MapInsert for crate::meta::StringMap {
    type Value = String;
    fn insert_entry(&mut self, key: String, value: String) {
        self.insert(key, value);
    }
}

/// Reads one entry of a map field into `map`; a later entry with the same key wins.
#[doc(hidden)]
#[inline]
pub fn merge_map<M: MapInsert>(
    map: &mut M,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    let (key, value) = decode_map_entry(wire_type, buf, ctx)?;
    map.insert_entry(key, value);
    Ok(())
}

/// The value decoded from its zero encoding (0, or an empty length-delimited payload).
fn zero_value<V: ProtoValue>(ctx: DecodeContext) -> Result<V, DecodeError> {
    let zeros: &[u8] = match V::WIRE_TYPE {
        WireType::ThirtyTwoBit => &[0; 4],
        WireType::SixtyFourBit => &[0; 8],
        _ => &[0],
    };
    let mut zeros = zeros;
    V::decode_value(V::WIRE_TYPE, &mut zeros, ctx)
}

#[doc(hidden)]
pub fn skip(
    wire_type: WireType,
    tag: u32,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    skip_field(wire_type, tag, buf, ctx)
}

#[doc(hidden)]
pub fn encode_message<M: Message>(msg: &M, buf: &mut impl BufMut) {
    encode_varint(msg.encoded_len() as u64, buf);
    msg.encode_raw(buf);
}

#[doc(hidden)]
pub fn message_len<M: Message>(msg: &M) -> usize {
    bytes_len(msg.encoded_len())
}

#[doc(hidden)]
pub fn merge_message<M: Message>(
    msg: &mut M,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    prost::encoding::message::merge(wire_type, msg, buf, ctx)
}

/// A string-enum value, read as its string; enums are open, so any string is a value.
#[doc(hidden)]
pub fn decode_enum<T: From<String>>(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<T, DecodeError> {
    String::decode_value(wire_type, buf, ctx).map(T::from)
}

#[doc(hidden)]
pub fn encode_str_value(s: &str, buf: &mut impl BufMut) {
    encode_varint(s.len() as u64, buf);
    buf.put_slice(s.as_bytes());
}

#[doc(hidden)]
pub fn str_value_len(s: &str) -> usize {
    bytes_len(s.len())
}

// ---- scalars --------------------------------------------------------------------------

impl ProtoValue for String {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_str_value(self, buf);
    }
    fn value_len(&self) -> usize {
        str_value_len(self)
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        _ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        String::from_utf8(read_bytes(wire_type, buf)?).map_err(|_| decode_error(INVALID_UTF8))
    }
}

impl ProtoValue for Vec<u8> {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn omitted(&self) -> bool {
        self.is_empty()
    }
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_varint(self.len() as u64, buf);
        buf.put_slice(self);
    }
    fn value_len(&self) -> usize {
        bytes_len(self.len())
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        _ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        read_bytes(wire_type, buf)
    }
}

impl ProtoValue for bool {
    const WIRE_TYPE: WireType = WireType::Varint;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_varint(u64::from(*self), buf);
    }
    fn value_len(&self) -> usize {
        1
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        _ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        check(WireType::Varint, wire_type)?;
        Ok(decode_varint(buf)? != 0)
    }
}

// Signed integers are protobuf `int32` / `int64`: two's complement, sign-extended to 64
// bits (negative values take ten bytes), as Go writes them.
macro_rules! varint_int {
    ($($ty:ty => $wide:ty),*) => {$(
        impl ProtoValue for $ty {
            const WIRE_TYPE: WireType = WireType::Varint;
            fn encode_value(&self, buf: &mut impl BufMut) {
                encode_varint(*self as $wide as u64, buf);
            }
            fn value_len(&self) -> usize {
                encoded_len_varint(*self as $wide as u64)
            }
            fn decode_value(
                wire_type: WireType,
                buf: &mut impl Buf,
                _ctx: DecodeContext,
            ) -> Result<Self, DecodeError> {
                check(WireType::Varint, wire_type)?;
                // Protobuf truncates a wider varint to the field's width.
                let wide = decode_varint(buf)? as $wide;
                <$ty>::try_from(wide).map_err(|_| {
                    decode_error(concat!("value out of range for ", stringify!($ty)))
                })
            }
        }
    )*};
}

varint_int!(i8 => i32, i16 => i32, i32 => i32, i64 => i64, u8 => u32, u16 => u32, u32 => u32, u64 => u64);

impl ProtoValue for f32 {
    const WIRE_TYPE: WireType = WireType::ThirtyTwoBit;
    fn encode_value(&self, buf: &mut impl BufMut) {
        buf.put_f32_le(*self);
    }
    fn value_len(&self) -> usize {
        4
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        _ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        check(WireType::ThirtyTwoBit, wire_type)?;
        if buf.remaining() < 4 {
            return Err(decode_error("truncated float"));
        }
        Ok(buf.get_f32_le())
    }
}

impl ProtoValue for f64 {
    const WIRE_TYPE: WireType = WireType::SixtyFourBit;
    fn encode_value(&self, buf: &mut impl BufMut) {
        buf.put_f64_le(*self);
    }
    fn value_len(&self) -> usize {
        8
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        _ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        check(WireType::SixtyFourBit, wire_type)?;
        if buf.remaining() < 8 {
            return Err(decode_error("truncated double"));
        }
        Ok(buf.get_f64_le())
    }
}

/// A boxed message (a recursive type's field) is the message itself on the wire.
impl<T: ProtoMessage> ProtoMessage for Box<T> {
    const API_VERSION: &'static str = T::API_VERSION;
    const KIND: &'static str = T::KIND;
}

// ---- the hand-written meta types --------------------------------------------------------

/// A small message whose fields are all scalars, decoded field by field into `state`
/// straight from the input (no copy of its body): `merge_loop` checks its length against
/// the remaining input, and that its fields end where it does.
fn decode_fields<S, B: Buf>(
    wire_type: WireType,
    buf: &mut B,
    ctx: DecodeContext,
    mut state: S,
    mut field: impl FnMut(&mut S, u32, WireType, &mut B, DecodeContext) -> Result<(), DecodeError>,
) -> Result<S, DecodeError> {
    check(WireType::LengthDelimited, wire_type)?;
    merge_loop(&mut state, buf, ctx, |state, buf, ctx| {
        let (tag, wire_type) = decode_key(buf)?;
        field(state, tag, wire_type, buf, ctx)
    })?;
    Ok(state)
}

/// Seconds and nanoseconds since the epoch, Go-style (nanos always in `0..1e9`), the
/// nanoseconds floored to a multiple of `unit` as the type's wire form keeps them: the same
/// value as `truncated()`, in integer arithmetic (this runs twice per time per encode).
fn wire_parts(ts: jiff::Timestamp, unit: i32) -> (i64, i32) {
    let (mut seconds, mut nanos) = (ts.as_second(), ts.subsec_nanosecond());
    // Before the epoch jiff's fraction is negative; Go's is not.
    if nanos < 0 {
        seconds -= 1;
        nanos += 1_000_000_000;
    }
    (seconds, nanos - nanos % unit)
}

fn timestamp_len(seconds: i64, nanos: i32) -> usize {
    let body = field_len(1, &seconds) + field_len(2, &nanos);
    bytes_len(body)
}

fn encode_timestamp(seconds: i64, nanos: i32, buf: &mut impl BufMut) {
    let body = field_len(1, &seconds) + field_len(2, &nanos);
    encode_varint(body as u64, buf);
    encode_field(1, &seconds, buf);
    encode_field(2, &nanos, buf);
}

fn decode_timestamp(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<jiff::Timestamp, DecodeError> {
    let (seconds, nanos) = decode_fields(
        wire_type,
        buf,
        ctx,
        (0i64, 0i32),
        |s, tag, wt, b, ctx| match tag {
            1 => s.0.merge_value(wt, b, ctx),
            2 => s.1.merge_value(wt, b, ctx),
            _ => skip_field(wt, tag, b, ctx),
        },
    )?;
    let total = i128::from(seconds) * 1_000_000_000 + i128::from(nanos);
    jiff::Timestamp::from_nanosecond(total).map_err(|_| decode_error("time out of range"))
}

/// Go's `Time` marshals its zero value as an empty message and reads an empty message as
/// the zero value: for kapi's `Option<Time>` that is `None`.
fn decode_optional_timestamp(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Option<jiff::Timestamp>, DecodeError> {
    check(WireType::LengthDelimited, wire_type)?;
    if buf.chunk().first() == Some(&0) {
        buf.advance(1);
        return Ok(None);
    }
    decode_timestamp(wire_type, buf, ctx).map(Some)
}

// Kubernetes writes `Time` with whole seconds only (its JSON form has no fraction) and
// `MicroTime` with microseconds (each type's `truncated`); both are a `Timestamp` message
// that always writes `nanos`, even 0, except Go's zero time, which is an empty message.
macro_rules! timestamp_messages {
    ($($t:ident => $unit:expr),*) => {
        $(impl ProtoValue for $t {
            const WIRE_TYPE: WireType = WireType::LengthDelimited;
            fn encode_value(&self, buf: &mut impl BufMut) {
                if self.is_zero() {
                    encode_varint(0, buf);
                    return;
                }
                let (s, n) = wire_parts(self.timestamp(), $unit);
                encode_timestamp(s, n, buf);
            }
            fn value_len(&self) -> usize {
                if self.is_zero() {
                    return bytes_len(0);
                }
                let (s, n) = wire_parts(self.timestamp(), $unit);
                timestamp_len(s, n)
            }
            fn decode_value(
                wire_type: WireType,
                buf: &mut impl Buf,
                ctx: DecodeContext,
            ) -> Result<Self, DecodeError> {
                Ok(decode_optional_timestamp(wire_type, buf, ctx)?.map_or($t::ZERO, $t::from))
            }
            fn decode_option(
                wire_type: WireType,
                buf: &mut impl Buf,
                ctx: DecodeContext,
            ) -> Result<Option<Self>, DecodeError> {
                decode_optional_timestamp(wire_type, buf, ctx).map(|t| t.map($t::from))
            }
        })*
    };
}

timestamp_messages!(Time => 1_000_000_000, MicroTime => 1_000);

impl ProtoValue for Duration {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_varint(field_len(1, &self.as_nanos()) as u64, buf);
        encode_field(1, &self.as_nanos(), buf);
    }
    fn value_len(&self) -> usize {
        bytes_len(field_len(1, &self.as_nanos()))
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        let nanos = decode_fields(wire_type, buf, ctx, 0i64, |n, tag, wt, b, ctx| match tag {
            1 => n.merge_value(wt, b, ctx),
            _ => skip_field(wt, tag, b, ctx),
        })?;
        Ok(Duration::from_nanos(nanos))
    }
}

// Kubernetes writes a Quantity's `String()`, field 1: the string it was parsed from when it
// has one (as in JSON), else its canonical form; kapi keeps that string in `as_str`.
impl ProtoValue for Quantity {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        // Its bytes, not `as_str`: an inline quantity's `&str` costs a UTF-8 check, and a
        // message's length is asked for once per enclosing message.
        let text = self.text_bytes();
        encode_varint(bytes_field_len(1, text.len()) as u64, buf);
        encode_bytes_field(1, text, buf);
    }
    fn value_len(&self) -> usize {
        bytes_len(bytes_field_len(1, self.text_bytes().len()))
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        // Each occurrence of field 1 is parsed as it is read, as Go's `Quantity.Unmarshal`
        // does; the last one wins.
        let quantity = decode_fields(wire_type, buf, ctx, None, |q, tag, wt, b, ctx| match tag {
            1 => {
                *q = Some(read_quantity(wt, b)?);
                Ok(())
            }
            _ => skip_field(wt, tag, b, ctx),
        })?;
        match quantity {
            Some(q) => Ok(q),
            None => Err(decode_error(crate::meta::QuantityError::Empty.to_string())),
        }
    }
}

/// A quantity's string field, parsed where it lies in contiguous input (the usual case), so a
/// short quantity is decoded without allocating.
fn read_quantity(wire_type: WireType, buf: &mut impl Buf) -> Result<Quantity, DecodeError> {
    let len = read_len(wire_type, buf)?;
    let parsed = match buf.chunk().get(..len) {
        Some(bytes) => {
            let parsed = std::str::from_utf8(bytes).map(str::parse::<Quantity>);
            buf.advance(len);
            parsed.map_err(|_| decode_error(INVALID_UTF8))?
        }
        None => String::from_utf8(take_bytes(len, buf)?)
            .map_err(|_| decode_error(INVALID_UTF8))?
            .try_into(),
    };
    parsed.map_err(|e| decode_error(e.to_string()))
}

// `type` (0 int, 1 string), `intVal` and `strVal`, all three always written.
impl ProtoValue for IntOrString {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        let (ty, int, s) = int_or_string_parts(self);
        encode_varint(int_or_string_body_len(ty, int, s) as u64, buf);
        encode_field(1, &ty, buf);
        encode_field(2, &int, buf);
        encode_str(3, s, buf);
    }
    fn value_len(&self) -> usize {
        let (ty, int, s) = int_or_string_parts(self);
        bytes_len(int_or_string_body_len(ty, int, s))
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        let (ty, int, s) = decode_fields(
            wire_type,
            buf,
            ctx,
            (0i64, 0i32, String::new()),
            |st, tag, wt, b, ctx| match tag {
                1 => st.0.merge_value(wt, b, ctx),
                2 => st.1.merge_value(wt, b, ctx),
                3 => st.2.merge_value(wt, b, ctx),
                _ => skip_field(wt, tag, b, ctx),
            },
        )?;
        match ty {
            0 => Ok(IntOrString::Int(int)),
            1 => Ok(IntOrString::String(s)),
            other => Err(decode_error(format!("invalid IntOrString type {other}"))),
        }
    }
}

fn int_or_string_parts(v: &IntOrString) -> (i64, i32, &str) {
    match v {
        IntOrString::Int(i) => (0, *i, ""),
        IntOrString::String(s) => (1, 0, s.as_str()),
    }
}

fn int_or_string_body_len(ty: i64, int: i32, s: &str) -> usize {
    field_len(1, &ty) + field_len(2, &int) + string_field_len(3, s)
}

/// RawExtension and FieldsV1 carry JSON bytes in field 1, written only when there is a
/// value (Go writes `Raw` when it is non-nil; JSON `null` is kapi's nil).
fn json_raw_parts(v: &serde_json::Value) -> Option<Vec<u8>> {
    if v.is_null() {
        return None;
    }
    // A `serde_json::Value` always serializes.
    serde_json::to_vec(v).ok()
}

fn encode_json_raw(v: &serde_json::Value, buf: &mut impl BufMut) {
    match json_raw_parts(v) {
        Some(raw) => {
            encode_varint((key_len(1) + bytes_len(raw.len())) as u64, buf);
            encode_field(1, &raw, buf);
        }
        None => encode_varint(0, buf),
    }
}

fn json_raw_len(v: &serde_json::Value) -> usize {
    if v.is_null() {
        return 1;
    }
    // Lengths are asked for at every level of nesting (managedFields sit three messages
    // deep), so count the JSON instead of building it each time.
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // A `serde_json::Value` always serializes.
    let _ = serde_json::to_writer(&mut count, v);
    bytes_len(key_len(1) + bytes_len(count.0))
}

/// Field 1 (`raw`) of a RawExtension or FieldsV1 message.
fn decode_raw_field(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Option<Vec<u8>>, DecodeError> {
    decode_fields(
        wire_type,
        buf,
        ctx,
        None::<Vec<u8>>,
        |raw, tag, wt, b, ctx| match tag {
            1 => merge_option(raw, wt, b, ctx),
            _ => skip_field(wt, tag, b, ctx),
        },
    )
}

fn decode_json_raw(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<serde_json::Value, DecodeError> {
    match decode_raw_field(wire_type, buf, ctx)? {
        None => Ok(serde_json::Value::Null),
        // Kubernetes may embed an object in its protobuf form; kapi keeps embedded objects
        // as JSON, so that form cannot be read here without knowing its type.
        Some(raw) if raw.starts_with(MAGIC) => Err(decode_error(
            "embedded object is protobuf-encoded; only JSON embedded objects are supported",
        )),
        Some(raw) => {
            serde_json::from_slice(&raw).map_err(|e| decode_error(format!("embedded JSON: {e}")))
        }
    }
}

impl ProtoValue for RawExtension {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_json_raw(&self.0, buf);
    }
    fn value_len(&self) -> usize {
        json_raw_len(&self.0)
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        decode_json_raw(wire_type, buf, ctx).map(RawExtension)
    }
}

// FieldsV1 is `{raw: 1 bytes}`: its JSON text as it is, never re-serialized.
impl ProtoValue for FieldsV1 {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        let raw = self.as_json().as_bytes();
        encode_varint((key_len(1) + bytes_len(raw.len())) as u64, buf);
        encode_key(1, WireType::LengthDelimited, buf);
        encode_varint(raw.len() as u64, buf);
        buf.put_slice(raw);
    }
    fn value_len(&self) -> usize {
        bytes_len(key_len(1) + bytes_len(self.as_json().len()))
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        match decode_raw_field(wire_type, buf, ctx)? {
            None => Ok(FieldsV1::default()),
            // Kept byte for byte once it is known to be JSON text.
            Some(raw) => String::from_utf8(raw)
                .ok()
                .and_then(|text| FieldsV1::from_json_text(text).ok())
                .ok_or_else(|| decode_error("fieldsV1 is not JSON text")),
        }
    }
}

impl ProtoValue for ByteString {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn omitted(&self) -> bool {
        self.0.is_empty()
    }
    fn encode_value(&self, buf: &mut impl BufMut) {
        self.0.encode_value(buf);
    }
    fn value_len(&self) -> usize {
        self.0.value_len()
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        Vec::<u8>::decode_value(wire_type, buf, ctx).map(ByteString)
    }
}

// `Verbs { repeated string items = 1; }`: APIResource's verbs travel as a message.
impl ProtoValue for Verbs {
    const WIRE_TYPE: WireType = WireType::LengthDelimited;
    fn encode_value(&self, buf: &mut impl BufMut) {
        encode_varint(verbs_body_len(self) as u64, buf);
        for verb in &self.0 {
            encode_field(1, verb, buf);
        }
    }
    fn value_len(&self) -> usize {
        bytes_len(verbs_body_len(self))
    }
    fn decode_value(
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<Self, DecodeError> {
        let mut verbs = Verbs::default();
        verbs.merge_value(wire_type, buf, ctx)?;
        Ok(verbs)
    }
    /// A second occurrence of the message merges into the first: its items append.
    fn merge_value(
        &mut self,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let items =
            decode_fields(
                wire_type,
                buf,
                ctx,
                Vec::new(),
                |items, tag, wt, b, ctx| match tag {
                    1 => merge_repeated(items, wt, b, ctx),
                    _ => skip_field(wt, tag, b, ctx),
                },
            )?;
        self.0.extend(items);
        Ok(())
    }
}

fn verbs_body_len(verbs: &Verbs) -> usize {
    verbs.0.iter().map(|v| field_len(1, v)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_map_entries_len_is_what_encode_map_writes() {
        let long = "k".repeat(200);
        let map = crate::meta::StringMap::from([("app", "web"), ("", ""), (long.as_str(), "v")]);
        // Small maps take a shortcut: up to the last text length that has one, and past it.
        let small = |value_len: usize| {
            crate::meta::StringMap::from([("app", "web"), ("z", "v".repeat(value_len).as_str())])
        };
        let (at_limit, past_limit) = (small(123 - 7), small(123 - 6));
        let mut rest = map.iter();
        rest.next();
        let mut small_rest = at_limit.iter();
        small_rest.next_back();
        for entries in [
            map.iter(),
            rest,
            at_limit.iter(),
            past_limit.iter(),
            small_rest,
            crate::meta::StringMap::new().iter(),
        ] {
            let mut buf = Vec::new();
            encode_map(7, entries.clone(), &mut buf);
            assert_eq!(map_len(7, entries.clone()), buf.len());
            let btree: std::collections::BTreeMap<String, String> =
                entries.map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
            assert_eq!(map_len(7, btree.iter()), buf.len());
        }
    }

    #[test]
    fn wire_parts_floor_as_truncated_does() {
        for nanos in [
            0i128,
            1,
            999_999_999,
            1_000_000_000,
            1_500_000_123,
            -1,
            -999,
            -1_000,
            -1_500_000_123,
            -2_000_000_000,
        ] {
            let ts = jiff::Timestamp::from_nanosecond(nanos).unwrap();
            for (unit, truncated) in [
                (1_000_000_000, Time::from(ts).truncated().timestamp()),
                (1_000, MicroTime::from(ts).truncated().timestamp()),
            ] {
                let t = truncated.as_nanosecond();
                let expected = (
                    t.div_euclid(1_000_000_000) as i64,
                    t.rem_euclid(1_000_000_000) as i32,
                );
                assert_eq!(wire_parts(ts, unit), expected, "{nanos} ns, unit {unit}");
            }
        }
    }

    #[test]
    fn a_quantity_decodes_from_contiguous_or_chunked_input_and_the_last_field_wins() {
        let mut wire = Vec::new();
        "1500m".parse::<Quantity>().unwrap().encode_value(&mut wire);
        let decode = |mut input: &mut dyn Buf| {
            Quantity::decode_value(
                WireType::LengthDelimited,
                &mut input,
                DecodeContext::default(),
            )
        };
        let q = decode(&mut wire.as_slice()).unwrap();
        assert_eq!(q.as_str(), "1500m");
        assert_eq!(q, "1.5".parse::<Quantity>().unwrap());
        // The string split across two chunks takes the copying path.
        let (head, tail) = wire.split_at(4);
        let q = decode(&mut bytes::Buf::chain(head, tail)).unwrap();
        assert_eq!(q.as_str(), "1500m");
        // Field 1 twice: the last one wins, as in Go.
        let twice = [8, 10, 2, b'1', b'k', 10, 2, b'2', b'M'];
        assert_eq!(decode(&mut &twice[..]).unwrap().as_str(), "2M");
        for bad in [
            &[2, 10, 0][..],
            &[0],
            &[4, 10, 2, 0xff, 0xfe],
            &[4, 10, 2, b'1', b'x'],
            &[4, 10, 9, b'1', b'k'],
        ] {
            assert!(decode(&mut &bad[..]).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn read_bytes_reads_across_chunks() {
        let mut input = bytes::Buf::chain(&[3u8, b'a'][..], &b"bcd"[..]);
        assert_eq!(
            read_bytes(WireType::LengthDelimited, &mut input).unwrap(),
            b"abc"
        );
        assert_eq!(input.remaining(), 1);
        let mut short: &[u8] = &[4, b'a'];
        assert!(read_bytes(WireType::LengthDelimited, &mut short).is_err());
    }
}
