//! Watch streams: JSON lines (`{"type":..,"object":..}` per line) or protobuf frames (a
//! 4-byte big-endian length, then a `WatchEvent` message whose object is enveloped).

use super::decode::decode_bytes;
use super::error::{ApiError, Error};
use bytes::{Buf, BytesMut};
use futures_util::{Stream, StreamExt, TryStreamExt};
use http_body_util::BodyExt;
use hyper::body::Incoming;
use kapi_core::codec::protobuf;
use kapi_core::meta::{Status, StringMap};
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// A change to a watched collection, its object decoded as `K` (the wire form is
/// [`kapi_core::meta::WatchEvent`]).
#[derive(Debug, Clone, PartialEq)]
pub enum TypedWatchEvent<K> {
    Added(K),
    Modified(K),
    Deleted(K),
    /// The collection is at least at this resourceVersion (asked for with
    /// `allow_watch_bookmarks`).
    Bookmark(Bookmark),
}

/// A BOOKMARK: the resourceVersion to resume from, and the object's annotations
/// (`k8s.io/initial-events-end` after a streaming list's initial events).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bookmark {
    pub resource_version: String,
    pub annotations: StringMap,
}

/// The events of one watch. Ends when the server closes the stream (or the connection
/// drops); an `ERROR` event is an `Err(Error::Api(..))` item (410 Expired when the
/// resourceVersion is too old: list again and watch from there).
pub struct WatchStream<K> {
    inner: Pin<Box<dyn Stream<Item = Result<TypedWatchEvent<K>, Error>> + Send>>,
    /// The watch's span, open as long as the stream; `events` is recorded when it ends.
    span: tracing::Span,
    events: u64,
}

impl<K> WatchStream<K> {
    pub(crate) fn traced(mut self, span: tracing::Span) -> Self {
        self.span = span;
        self
    }
}

impl<K> Drop for WatchStream<K> {
    fn drop(&mut self) {
        self.span.record("events", self.events);
    }
}

impl<K> std::fmt::Debug for WatchStream<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WatchStream")
    }
}

impl<K> Stream for WatchStream<K> {
    type Item = Result<TypedWatchEvent<K>, Error>;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let next = self.inner.as_mut().poll_next(cx);
        if let Poll::Ready(Some(Ok(_))) = &next {
            self.events += 1;
        }
        next
    }
}

type Chunks = Pin<Box<dyn Stream<Item = Result<bytes::Bytes, String>> + Send>>;

/// What a watch stream may cost: the largest single event, and how long it may stay
/// silent.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WatchLimits {
    pub max_event: usize,
    pub idle_timeout: Option<Duration>,
}

impl Default for WatchLimits {
    fn default() -> Self {
        WatchLimits {
            max_event: super::config::DEFAULT_MAX_WATCH_EVENT,
            idle_timeout: None,
        }
    }
}

struct State {
    body: Chunks,
    buf: BytesMut,
    /// How much of `buf` is known to hold no newline (JSON lines), so each byte is
    /// searched once however the line arrives.
    scanned: usize,
    protobuf: bool,
    limits: WatchLimits,
    done: bool,
}

impl<K: Resource + Kind> WatchStream<K> {
    pub(crate) fn new(body: Incoming, protobuf: bool, limits: WatchLimits) -> Self {
        Self::with_limits(body.into_data_stream(), protobuf, limits)
    }

    /// The events of a watch response body that arrives in `chunks` (cut anywhere): JSON
    /// lines, or protobuf frames when `protobuf` (the response's content type was
    /// `application/vnd.kubernetes.protobuf;stream=watch`). An error of the chunk stream
    /// ends the events, as a dropped connection does; one cut inside an event is an error
    /// item. Events are at most [`DEFAULT_MAX_WATCH_EVENT`](super::DEFAULT_MAX_WATCH_EVENT)
    /// bytes.
    pub fn from_chunks<S, E>(chunks: S, protobuf: bool) -> Self
    where
        S: Stream<Item = Result<bytes::Bytes, E>> + Send + 'static,
        E: std::fmt::Display,
    {
        Self::with_limits(chunks, protobuf, WatchLimits::default())
    }

    fn with_limits<S, E>(chunks: S, protobuf: bool, limits: WatchLimits) -> Self
    where
        S: Stream<Item = Result<bytes::Bytes, E>> + Send + 'static,
        E: std::fmt::Display,
    {
        let body: Chunks = Box::pin(chunks.map_err(|e| e.to_string()));
        let state = State {
            body,
            buf: BytesMut::new(),
            scanned: 0,
            protobuf,
            limits,
            done: false,
        };
        let stream = futures_util::stream::unfold(state, |mut state| async move {
            loop {
                if state.done {
                    return None;
                }
                match next_event::<K>(&mut state) {
                    Ok(Some(event)) => return Some((event, state)),
                    Ok(None) => {}
                    Err(e) => {
                        state.done = true;
                        return Some((Err(e), state));
                    }
                }
                // Chunks that are always ready would otherwise keep this task running
                // without a break: a caller's `tokio::time::timeout` could not fire.
                tokio::task::consume_budget().await;
                let chunk = match state.limits.idle_timeout {
                    Some(idle) => match tokio::time::timeout(idle, state.body.next()).await {
                        Ok(chunk) => chunk,
                        Err(_) => {
                            state.done = true;
                            return Some((Err(Error::WatchIdle(idle)), state));
                        }
                    },
                    None => state.body.next().await,
                };
                match chunk {
                    Some(Ok(data)) => state.buf.extend_from_slice(&data),
                    // The server closed the stream, or the connection dropped: the watch
                    // ends (client-go's stream watcher stops quietly on both), with an
                    // error when it was cut inside an event.
                    _ => {
                        state.done = true;
                        return cut_event::<K>(&mut state).map(|e| (e, state));
                    }
                }
            }
        });
        WatchStream {
            inner: Box::pin(stream),
            span: tracing::Span::none(),
            events: 0,
        }
    }
}

/// What is left in the buffer when the stream ends: nothing, or an event cut short. Frames
/// are binary, so any byte left over is a cut frame, even one that looks like white space
/// (a length prefix of `\t\n` bytes); only JSON lines may be followed by blank space.
fn cut_event<K: Resource + Kind>(state: &mut State) -> Option<Result<TypedWatchEvent<K>, Error>> {
    if state.protobuf {
        if state.buf.is_empty() {
            return None;
        }
        return Some(Err(Error::Transport(format!(
            "the watch stream was cut inside a frame, {} bytes into it",
            state.buf.len()
        ))));
    }
    if state.buf.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let line = state.buf.split();
    Some(decode_json_event::<K>(&line))
}

/// The next complete event in the buffer, `None` when more bytes are needed.
fn next_event<K: Resource + Kind>(
    state: &mut State,
) -> Result<Option<Result<TypedWatchEvent<K>, Error>>, Error> {
    if state.protobuf {
        if state.buf.len() < 4 {
            return Ok(None);
        }
        let len =
            u32::from_be_bytes([state.buf[0], state.buf[1], state.buf[2], state.buf[3]]) as usize;
        if len > state.limits.max_event {
            return Err(too_large(state.limits.max_event));
        }
        if state.buf.len() < 4 + len {
            return Ok(None);
        }
        state.buf.advance(4);
        let frame = state.buf.split_to(len);
        let raw = protobuf::decode_watch_event(&frame).map_err(|e| Error::Decode(e.to_string()))?;
        return Ok(Some(event_of::<K>(&raw.type_, &raw.object)));
    }
    loop {
        let Some(i) = state.buf[state.scanned..].iter().position(|b| *b == b'\n') else {
            state.scanned = state.buf.len();
            if state.buf.len() > state.limits.max_event {
                return Err(too_large(state.limits.max_event));
            }
            return Ok(None);
        };
        let end = state.scanned + i + 1;
        if end > state.limits.max_event + 1 {
            return Err(too_large(state.limits.max_event));
        }
        let line = state.buf.split_to(end);
        state.scanned = 0;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        return Ok(Some(decode_json_event::<K>(&line)));
    }
}

fn too_large(limit: usize) -> Error {
    Error::TooLarge {
        what: "a watch event",
        limit,
    }
}

fn decode_json_event<K: Resource + Kind>(line: &[u8]) -> Result<TypedWatchEvent<K>, Error> {
    #[derive(serde::Deserialize)]
    struct Raw<'a> {
        #[serde(rename = "type")]
        type_: String,
        #[serde(borrow)]
        object: &'a serde_json::value::RawValue,
    }
    let raw: Raw<'_> =
        serde_json::from_slice(line).map_err(|e| Error::Decode(format!("watch event: {e}")))?;
    event_of::<K>(&raw.type_, raw.object.get().as_bytes())
}

fn event_of<K: Resource + Kind>(type_: &str, object: &[u8]) -> Result<TypedWatchEvent<K>, Error> {
    match type_ {
        "ADDED" => decode_bytes(object).map(TypedWatchEvent::Added),
        "MODIFIED" => decode_bytes(object).map(TypedWatchEvent::Modified),
        "DELETED" => decode_bytes(object).map(TypedWatchEvent::Deleted),
        "BOOKMARK" => bookmark::<K>(object).map(TypedWatchEvent::Bookmark),
        "ERROR" => {
            let status: Status = if object.starts_with(protobuf::MAGIC) {
                protobuf::decode::<Status>(object).map_err(|e| Error::Decode(e.to_string()))?
            } else {
                serde_json::from_slice(object)
                    .map_err(|e| Error::Decode(format!("watch ERROR event: {e}")))?
            };
            let code = u16::try_from(status.code).unwrap_or(500);
            let retry_after = status
                .details
                .as_ref()
                .filter(|d| d.retry_after_seconds > 0)
                .map(|d| std::time::Duration::from_secs(d.retry_after_seconds as u64));
            Err(Error::Api(Box::new(ApiError {
                status,
                code,
                retry_after,
            })))
        }
        other => Err(Error::Decode(format!("unknown watch event type {other:?}"))),
    }
}

fn bookmark<K: Resource + Kind>(object: &[u8]) -> Result<Bookmark, Error> {
    if object.starts_with(protobuf::MAGIC) {
        let obj: K = decode_bytes(object)?;
        let meta = obj.metadata();
        return Ok(Bookmark {
            resource_version: meta.resource_version.clone(),
            annotations: meta.annotations.clone(),
        });
    }
    // Only the metadata: a bookmark's object need not be a valid K otherwise.
    #[derive(serde::Deserialize, Default)]
    #[serde(rename_all = "camelCase")]
    struct Meta {
        #[serde(default)]
        resource_version: String,
        #[serde(default)]
        annotations: Option<StringMap>,
    }
    #[derive(serde::Deserialize)]
    struct Obj {
        #[serde(default)]
        metadata: Option<Meta>,
    }
    let obj: Obj =
        serde_json::from_slice(object).map_err(|e| Error::Decode(format!("bookmark: {e}")))?;
    let meta = obj.metadata.unwrap_or_default();
    Ok(Bookmark {
        resource_version: meta.resource_version,
        annotations: meta.annotations.unwrap_or_default(),
    })
}
