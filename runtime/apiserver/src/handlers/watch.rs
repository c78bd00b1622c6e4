//! Watches: replay from a resourceVersion or start with the current state (synthetic
//! ADDED events, or a streaming list ended by the `k8s.io/initial-events-end` bookmark),
//! then live events; bookmarks; selector transitions; 410 as an ERROR event; JSON lines
//! or protobuf frames.

use super::read::{parse_rv, scope, Selection};
use crate::context::{Ctx, Reply};
use crate::resources::Resource;
use crate::state::ServerState;
use crate::store::{Event, EventKind, StoreError, Watch};
use crate::stored::Stored;
use axum::body::Body;
use http::StatusCode;
use kapi_core::validation::{ErrorList, FieldError};
use kapi_core::Object;
use kapi_serving::negotiate::{Encoding, Output, Shape};
use kapi_serving::StatusError;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// What a watch stream sends and how.
struct Stream {
    state: Arc<ServerState>,
    resource: Resource,
    output: Output,
    include_object: String,
    selection: Selection,
    name: Option<String>,
    bookmarks: bool,
    /// The highest revision delivered or known to be covered: what a bookmark says.
    revision: u64,
}

enum Start {
    /// Replay history after this revision.
    From(u64),
    /// Send the current state as ADDED events first; `end_bookmark` for streaming lists.
    InitialState { end_bookmark: bool },
}

pub(super) async fn watch(ctx: &mut Ctx<'_>) -> Result<Reply, StatusError> {
    let selection = Selection::from_query(ctx)?;
    let bookmarks = ctx.query.bool("allowWatchBookmarks")?.unwrap_or(false);
    let send_initial = ctx.query.bool("sendInitialEvents")?;
    let rv = parse_rv(ctx.query.get("resourceVersion"))?;
    let rv_match = ctx.query.get("resourceVersionMatch").unwrap_or("");
    let timeout = match ctx.query.int("timeoutSeconds")? {
        Some(s) if s > 0 => Duration::from_secs(s.unsigned_abs()),
        _ => ctx.state.config.default_watch_timeout,
    };
    let start = match send_initial {
        Some(true) => {
            let mut errors = ErrorList::default();
            if rv_match != "NotOlderThan" {
                errors.push(FieldError::forbidden(
                    "resourceVersionMatch",
                    "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan",
                ));
            }
            if !bookmarks {
                errors.push(FieldError::required(
                    "allowWatchBookmarks",
                    "sendInitialEvents requires allowWatchBookmarks=true",
                ));
            }
            if !errors.is_empty() {
                return Err(StatusError::from_status(errors.to_status(
                    "meta.k8s.io",
                    "ListOptions",
                    "",
                )));
            }
            if let Some(n) = rv {
                let current = ctx.state.store.current_revision();
                if n > current {
                    return Err(StatusError::too_large_resource_version(n, current));
                }
            }
            Start::InitialState { end_bookmark: true }
        }
        Some(false) if rv_match == "NotOlderThan" || rv_match.is_empty() => match rv {
            Some(n) if n > 0 => Start::From(n),
            _ => Start::From(ctx.state.store.current_revision()),
        },
        Some(false) => {
            return Err(StatusError::bad_request(format!(
                "resourceVersionMatch {rv_match:?} is not supported for watch"
            )))
        }
        None => match rv {
            Some(n) if n > 0 => Start::From(n),
            _ => Start::InitialState {
                end_bookmark: false,
            },
        },
    };
    let stream = Stream {
        state: ctx.state.clone(),
        resource: ctx.resource.clone(),
        output: ctx.output,
        include_object: ctx.query.string("includeObject"),
        selection,
        name: ctx.name.clone(),
        bookmarks,
        revision: 0,
    };
    let (tx, rx) = mpsc::channel::<bytes::Bytes>(64);
    let store_scope = scope(ctx);
    let opened = match start {
        Start::From(n) => ctx
            .state
            .store
            .watch(&store_scope, n)
            .map(|w| (Vec::new(), n, w, false)),
        Start::InitialState { end_bookmark } => {
            let (items, revision, w) = ctx.state.store.watch_with_initial_state(&store_scope);
            Ok((
                items.into_iter().map(|e| e.value).collect(),
                revision,
                w,
                end_bookmark,
            ))
        }
    };
    let content_type = match ctx.output.encoding {
        Encoding::Protobuf => "application/vnd.kubernetes.protobuf;stream=watch",
        Encoding::Yaml => "application/yaml",
        Encoding::Json => "application/json",
    };
    match opened {
        Ok((initial, revision, w, end_bookmark)) => {
            tokio::spawn(stream.run(tx, initial, revision, w, end_bookmark, timeout));
        }
        Err(StoreError::Compacted {
            requested,
            compacted,
        }) => {
            // kube-apiserver accepts the watch and sends one ERROR event.
            let status = StatusError::expired(format!(
                "too old resource version: {requested} ({compacted})"
            ))
            .status;
            let frame = stream.encode_status(&status);
            tokio::spawn(async move {
                if let Ok(frame) = frame {
                    let _ = tx.send(frame).await;
                }
            });
        }
        Err(StoreError::TooLarge { requested, current }) => {
            return Err(StatusError::too_large_resource_version(requested, current))
        }
        Err(e) => return Err(StatusError::internal(e)),
    }
    let body = Body::from_stream(futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|b| (Ok::<_, std::convert::Infallible>(b), rx))
    }));
    Ok(Reply {
        code: StatusCode::OK,
        content_type,
        body,
        warnings: ctx.warnings.clone(),
        headers: http::HeaderMap::new(),
    })
}

impl Stream {
    async fn run(
        mut self,
        tx: mpsc::Sender<bytes::Bytes>,
        initial: Vec<Arc<Stored>>,
        revision: u64,
        mut watch: Watch<Stored>,
        end_bookmark: bool,
        timeout: Duration,
    ) {
        self.revision = revision;
        for item in initial {
            if !self.selected(&item) {
                continue;
            }
            match self.encode_event("ADDED", &item) {
                Ok(frame) => {
                    if tx.send(frame).await.is_err() {
                        return;
                    }
                }
                Err(_) => return,
            }
        }
        if end_bookmark {
            let Ok(frame) = self.encode_bookmark(true) else {
                return;
            };
            if tx.send(frame).await.is_err() {
                return;
            }
        }
        let deadline = tokio::time::sleep(timeout);
        tokio::pin!(deadline);
        let mut ticker = tokio::time::interval(self.state.config.bookmark_interval);
        ticker.tick().await;
        loop {
            tokio::select! {
                event = watch.next() => {
                    let Some(event) = event else { return };
                    if !self.forward(&tx, event).await {
                        return;
                    }
                }
                _ = ticker.tick(), if self.bookmarks => {
                    // A bookmark says every event up to its revision was sent: send what is
                    // queued first, and end a watch the store dropped instead (with its
                    // queue lost, a bookmark would skip the client past those events).
                    let Some((queued, current)) = self.state.store.progress(&mut watch) else {
                        return;
                    };
                    for event in queued {
                        if !self.forward(&tx, event).await {
                            return;
                        }
                    }
                    self.revision = self.revision.max(current);
                    let Ok(frame) = self.encode_bookmark(false) else { return };
                    if tx.send(frame).await.is_err() {
                        return;
                    }
                }
                _ = &mut deadline => return,
                _ = tx.closed() => return,
            }
        }
    }

    /// Sends one event, turned into ADDED/DELETED when the object moved into or out of
    /// the selection (as kube-apiserver's watch cache does). False when the client left.
    async fn forward(&mut self, tx: &mpsc::Sender<bytes::Bytes>, event: Event<Stored>) -> bool {
        self.revision = self.revision.max(event.revision);
        let now = self.selected(&event.object);
        let before = event.prev.as_ref().is_some_and(|p| self.selected(p));
        let kind = match event.kind {
            EventKind::Added if now => "ADDED",
            EventKind::Modified if now && before => "MODIFIED",
            EventKind::Modified if now => "ADDED",
            EventKind::Modified if before => "DELETED",
            EventKind::Deleted if now => "DELETED",
            _ => return true,
        };
        let result = if kind == "DELETED" {
            // The last stored state, at the revision of the deletion (kube-apiserver's
            // DELETED events carry it).
            let mut object = event.object.object.clone_object();
            if let Some(meta) = self.state.scheme.object_meta_mut(object.as_mut()) {
                meta.resource_version = event.revision.to_string();
            }
            self.encode_event(kind, &Stored { object })
        } else {
            self.encode_event(kind, &event.object)
        };
        match result {
            Ok(frame) => tx.send(frame).await.is_ok(),
            Err(_) => false,
        }
    }

    fn selected(&self, stored: &Stored) -> bool {
        let meta = self.state.scheme.object_meta(stored.object.as_ref());
        if let (Some(name), Some(meta)) = (&self.name, meta) {
            if &meta.name != name {
                return false;
            }
        }
        meta.is_some() && self.selection.matches(&self.state.scheme, stored)
    }

    fn encode_event(&self, kind: &str, stored: &Stored) -> Result<bytes::Bytes, StatusError> {
        let scheme = &self.state.scheme;
        crate::context::in_version(scheme, stored, &self.resource.api_version(), |obj| {
            self.encode_event_object(kind, obj)
        })
    }

    fn encode_event_object(
        &self,
        kind: &str,
        obj: &dyn Object,
    ) -> Result<bytes::Bytes, StatusError> {
        match (self.output.encoding, self.output.shape) {
            (Encoding::Protobuf, _) => {
                let raw = self
                    .state
                    .scheme
                    .encode(obj, kapi_core::scheme::Format::Protobuf)
                    .map_err(StatusError::internal)?;
                watch_frame(kind, &raw)
            }
            (Encoding::Json, Shape::Object) => {
                // The object's bytes go into the event as they are, with Go's key order.
                let object = obj.to_json().map_err(StatusError::internal)?;
                let mut out = Vec::with_capacity(object.len() + kind.len() + 24);
                out.extend_from_slice(b"{\"type\":");
                serde_json::to_writer(&mut out, kind).map_err(StatusError::internal)?;
                out.extend_from_slice(b",\"object\":");
                out.extend_from_slice(&object);
                out.extend_from_slice(b"}\n");
                Ok(out.into())
            }
            (encoding, Shape::Object) => {
                let value = obj.to_json_value().map_err(StatusError::internal)?;
                self.json_line(kind, value, encoding)
            }
            (encoding, Shape::Table) => {
                let value = obj.to_json_value().map_err(StatusError::internal)?;
                let table = crate::table::table_of(
                    &self.resource.meta,
                    &self.include_object,
                    std::slice::from_ref(&value),
                    None,
                )?;
                self.json_line(kind, table, encoding)
            }
            (encoding, Shape::PartialObjectMetadata) => {
                let value = obj.to_json_value().map_err(StatusError::internal)?;
                self.json_line(
                    kind,
                    crate::table::partial_object_metadata(&value),
                    encoding,
                )
            }
        }
    }

    fn json_line(
        &self,
        kind: &str,
        object: Value,
        encoding: Encoding,
    ) -> Result<bytes::Bytes, StatusError> {
        let event = json!({ "type": kind, "object": object });
        let mut out = match encoding {
            Encoding::Yaml => {
                let mut s =
                    kapi_core::codec::yaml::to_string(&event).map_err(StatusError::internal)?;
                s.insert_str(0, "---\n");
                s.into_bytes()
            }
            _ => serde_json::to_vec(&event).map_err(StatusError::internal)?,
        };
        out.push(b'\n');
        Ok(out.into())
    }

    /// A BOOKMARK: an object of the kind with only its resourceVersion (and, ending a
    /// streaming list's initial events, the `k8s.io/initial-events-end` annotation).
    fn encode_bookmark(&self, initial_events_end: bool) -> Result<bytes::Bytes, StatusError> {
        let mut metadata = json!({ "resourceVersion": self.revision.to_string() });
        if initial_events_end {
            metadata["annotations"] = json!({ "k8s.io/initial-events-end": "true" });
        }
        let object = json!({
            "apiVersion": self.resource.api_version(),
            "kind": self.resource.kind(),
            "metadata": metadata,
        });
        match self.output.encoding {
            Encoding::Protobuf => {
                let obj = self
                    .state
                    .scheme
                    .decode_value(object)
                    .map_err(StatusError::internal)?;
                let raw = self
                    .state
                    .scheme
                    .encode(obj.as_ref(), kapi_core::scheme::Format::Protobuf)
                    .map_err(StatusError::internal)?;
                watch_frame("BOOKMARK", &raw)
            }
            encoding => self.json_line("BOOKMARK", object, encoding),
        }
    }

    fn encode_status(&self, status: &kapi_core::meta::Status) -> Result<bytes::Bytes, StatusError> {
        match self.output.encoding {
            Encoding::Protobuf => watch_frame("ERROR", &kapi_core::codec::protobuf::encode(status)),
            encoding => {
                let value =
                    kapi_core::codec::json::to_value(status).map_err(StatusError::internal)?;
                self.json_line("ERROR", value, encoding)
            }
        }
    }
}

fn watch_frame(kind: &str, raw: &[u8]) -> Result<bytes::Bytes, StatusError> {
    kapi_core::codec::protobuf::encode_watch_event_frame(kind, raw)
        .map(bytes::Bytes::from)
        .map_err(StatusError::internal)
}
