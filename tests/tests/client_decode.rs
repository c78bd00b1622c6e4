//! The REST client's decoders on bytes made here: watch bodies cut at every byte, and
//! malformed watch and list bodies (errors, never panics).

mod client_support;
mod support;

use api_types::v1::Frobber;
use bytes::Bytes;
use client_support::frobber;
use futures_util::StreamExt;
use kapi::client::{Error, ObjectList, TypedWatchEvent, WatchStream};
use kapi::codec::protobuf;
use kapi::meta::ListMeta;
use kapi::scheme::Format;
use std::sync::Arc;

fn scheme() -> Arc<kapi::Scheme> {
    Arc::new(support::scheme())
}

fn sample(name: &str, rv: &str) -> Frobber {
    let mut f = frobber(name, 1);
    f.metadata.namespace = "default".into();
    f.metadata.resource_version = rv.into();
    f
}

/// Collects every item of a watch body delivered in `chunks`.
async fn events(
    chunks: Vec<Vec<u8>>,
    protobuf: bool,
) -> Vec<Result<TypedWatchEvent<Frobber>, Error>> {
    let chunks: Vec<Result<Bytes, std::io::Error>> =
        chunks.into_iter().map(|c| Ok(Bytes::from(c))).collect();
    WatchStream::<Frobber>::from_chunks(futures_util::stream::iter(chunks), protobuf)
        .collect()
        .await
}

fn json_body() -> Vec<u8> {
    let a = serde_json::to_value(sample("a", "5")).unwrap();
    let b = serde_json::to_value(sample("b", "6")).unwrap();
    let mut body = String::new();
    for (t, o) in [
        ("ADDED", a.clone()),
        ("MODIFIED", b.clone()),
        (
            "BOOKMARK",
            serde_json::json!({"apiVersion": "frob.example.com/v1", "kind": "Frobber",
                "metadata": {"resourceVersion": "7", "annotations": {"k8s.io/initial-events-end": "true"}}}),
        ),
        ("DELETED", b),
    ] {
        body.push_str(&serde_json::json!({ "type": t, "object": o }).to_string());
        body.push('\n');
    }
    body.into_bytes()
}

fn protobuf_body() -> Vec<u8> {
    let s = scheme();
    let mut body = Vec::new();
    for (t, f) in [
        ("ADDED", sample("a", "5")),
        ("MODIFIED", sample("b", "6")),
        ("DELETED", sample("b", "6")),
    ] {
        let object = s.encode(&f, Format::Protobuf).unwrap();
        body.extend(protobuf::encode_watch_event_frame(t, &object).unwrap());
    }
    let mut bookmark = Frobber::default();
    bookmark.metadata.resource_version = "7".into();
    let object = s.encode(&bookmark, Format::Protobuf).unwrap();
    body.extend(protobuf::encode_watch_event_frame("BOOKMARK", &object).unwrap());
    body
}

fn kinds(events: &[Result<TypedWatchEvent<Frobber>, Error>]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            Ok(TypedWatchEvent::Added(f)) => format!("ADDED {}", f.metadata.name),
            Ok(TypedWatchEvent::Modified(f)) => format!("MODIFIED {}", f.metadata.name),
            Ok(TypedWatchEvent::Deleted(f)) => format!("DELETED {}", f.metadata.name),
            Ok(TypedWatchEvent::Bookmark(b)) => format!("BOOKMARK {}", b.resource_version),
            Err(e) => format!("ERROR {e}"),
        })
        .collect()
}

#[tokio::test]
async fn json_watch_bodies_cut_anywhere() {
    let body = json_body();
    let whole = events(vec![body.clone()], false).await;
    assert_eq!(
        kinds(&whole),
        ["ADDED a", "MODIFIED b", "BOOKMARK 7", "DELETED b"]
    );
    match &whole[2] {
        Ok(TypedWatchEvent::Bookmark(b)) => {
            assert_eq!(&b.annotations["k8s.io/initial-events-end"], "true")
        }
        other => panic!("{other:?}"),
    }
    for cut in 0..body.len() {
        let got = events(vec![body[..cut].to_vec(), body[cut..].to_vec()], false).await;
        assert_eq!(kinds(&got), kinds(&whole), "cut at {cut}");
    }
    // One byte at a time; and the last line without its newline.
    let bytes: Vec<Vec<u8>> = body.iter().map(|b| vec![*b]).collect();
    assert_eq!(kinds(&events(bytes, false).await), kinds(&whole));
    let trimmed = body[..body.len() - 1].to_vec();
    assert_eq!(kinds(&events(vec![trimmed], false).await), kinds(&whole));
}

#[tokio::test]
async fn protobuf_watch_bodies_cut_anywhere() {
    let body = protobuf_body();
    let whole = events(vec![body.clone()], true).await;
    assert_eq!(
        kinds(&whole),
        ["ADDED a", "MODIFIED b", "DELETED b", "BOOKMARK 7"]
    );
    match &whole[0] {
        Ok(TypedWatchEvent::Added(f)) => assert_eq!(*f, sample("a", "5")),
        other => panic!("{other:?}"),
    }
    for cut in 0..body.len() {
        let got = events(vec![body[..cut].to_vec(), body[cut..].to_vec()], true).await;
        assert_eq!(kinds(&got), kinds(&whole), "cut at {cut}");
    }
}

#[tokio::test]
async fn error_events_are_api_errors() {
    let status = serde_json::json!({"kind": "Status", "apiVersion": "v1", "status": "Failure",
        "reason": "Expired", "code": 410, "message": "too old resource version: 1 (5)"});
    let line = format!(
        "{}\n",
        serde_json::json!({"type": "ERROR", "object": status})
    );
    let got = events(vec![line.into_bytes()], false).await;
    assert_eq!(got.len(), 1);
    let err = got[0].as_ref().unwrap_err();
    assert!(err.is_expired(), "{err}");
    assert_eq!(err.code(), Some(410));

    let status = kapi::meta::Status {
        status: "Failure".into(),
        reason: "Expired".into(),
        code: 410,
        ..Default::default()
    };
    let frame = protobuf::encode_watch_event_frame("ERROR", &protobuf::encode(&status)).unwrap();
    let got = events(vec![frame], true).await;
    assert!(got[0].as_ref().unwrap_err().is_expired());
}

#[tokio::test]
async fn malformed_watch_bodies_are_errors() {
    // Not JSON, an unknown type, an object of another shape.
    for line in [
        "not json\n",
        "{\"type\":\"SURPRISE\",\"object\":{}}\n",
        "{\"type\":\"ADDED\",\"object\":{\"spec\":\"nope\"}}\n",
        "{\"type\":\"ADDED\"}\n",
    ] {
        let got = events(vec![line.as_bytes().to_vec()], false).await;
        assert_eq!(got.len(), 1, "{line}");
        assert!(
            matches!(got[0], Err(Error::Decode(_))),
            "{line}: {:?}",
            got[0]
        );
    }
    // A frame longer than the limit, a truncated frame, garbage in a frame.
    let got = events(vec![vec![0xff, 0xff, 0xff, 0xff, 1, 2, 3]], true).await;
    assert!(
        matches!(got.as_slice(), [Err(Error::TooLarge { .. })]),
        "{got:?}"
    );
    let got = events(vec![vec![0, 0, 0, 10, 1, 2]], true).await;
    assert!(
        matches!(got.as_slice(), [Err(Error::Transport(m))] if m.contains("cut inside a frame")),
        "a truncated frame is an error: {got:?}"
    );
    // A length prefix cut after bytes that happen to be white space is still a cut frame
    // (found by the watch_protobuf fuzz target).
    let got = events(vec![b"\t\n".to_vec()], true).await;
    assert!(
        matches!(got.as_slice(), [Err(Error::Transport(m))] if m.contains("cut inside a frame")),
        "a cut length prefix is an error: {got:?}"
    );
    let got = events(vec![vec![0, 0, 0, 3, 0xff, 0xff, 0xff]], true).await;
    assert!(matches!(got.as_slice(), [Err(Error::Decode(_))]), "{got:?}");
    // Random bytes never panic.
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..500 {
        let len = rng.usize(0..64);
        let bytes: Vec<u8> = (0..len).map(|_| rng.u8(..)).collect();
        let _ = events(vec![bytes.clone()], true).await;
        let _ = events(vec![bytes], false).await;
    }
    // A chunk error ends the stream quietly, as a dropped connection.
    let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
        Ok(Bytes::from(json_body())),
        Err(std::io::Error::other("reset")),
    ];
    let got: Vec<_> =
        WatchStream::<Frobber>::from_chunks(futures_util::stream::iter(chunks), false)
            .collect()
            .await;
    assert_eq!(got.len(), 4);
}

#[test]
fn list_bodies_json_and_protobuf() {
    let s = scheme();
    let items = [sample("a", "5"), sample("b", "6")];
    let meta = ListMeta {
        resource_version: "9".into(),
        continue_: "next".into(),
        ..Default::default()
    };
    let raw: Vec<Vec<u8>> = items
        .iter()
        .map(|f| s.encode_raw_protobuf(f).unwrap())
        .collect();
    let body = protobuf::encode_list("frob.example.com/v1", "FrobberList", &meta, &raw);
    let list = ObjectList::<Frobber>::from_body(&body).unwrap();
    assert_eq!(list.metadata, meta);
    assert_eq!(list.items, items);

    let json = serde_json::json!({"apiVersion": "frob.example.com/v1", "kind": "FrobberList",
        "metadata": {"resourceVersion": "9", "continue": "next"}, "items": items});
    let list = ObjectList::<Frobber>::from_body(json.to_string().as_bytes()).unwrap();
    assert_eq!(list.metadata, meta);
    assert_eq!(list.items, items);
    let empty = serde_json::json!({"kind": "FrobberList", "items": null});
    assert!(
        ObjectList::<Frobber>::from_body(empty.to_string().as_bytes())
            .unwrap()
            .items
            .is_empty()
    );

    // Every truncation of the protobuf body is an error or a shorter list, never a panic.
    for cut in 0..body.len() {
        if let Ok(l) = ObjectList::<Frobber>::from_body(&body[..cut]) {
            assert!(l.items.len() <= 2);
        }
    }
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..2000 {
        let mut b = body.clone();
        let i = rng.usize(0..b.len());
        b[i] = rng.u8(..);
        let _ = ObjectList::<Frobber>::from_body(&b);
    }
    assert!(ObjectList::<Frobber>::from_body(b"garbage").is_err());
}

#[tokio::test]
async fn unknown_fields_from_a_newer_server_are_dropped() {
    let mut value = serde_json::to_value(sample("a", "5")).unwrap();
    value["spec"]["fromTheFuture"] = serde_json::json!(1);
    value["newTopLevel"] = serde_json::json!({"x": 1});
    let event = format!(
        "{}\n",
        serde_json::json!({"type": "ADDED", "object": value})
    );
    let got = events(vec![event.into_bytes()], false).await;
    assert!(
        matches!(&got[0], Ok(TypedWatchEvent::Added(f)) if f.metadata.name == "a"),
        "{got:?}"
    );
}
