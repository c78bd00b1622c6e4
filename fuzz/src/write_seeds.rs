//! Writes the example API's own objects into `seeds/`, beside the Kubernetes fixtures, so
//! fuzzing starts from every field of a Frobber in every encoding, and writes the watch
//! targets' seeds: streams of Frobber events around the fixtures' WatchEvent and Status,
//! cut into chunks in several ways: `cargo run --bin write_seeds` (from `fuzz/`).

use api_types::{examples, v1};
use kapi::codec::{json, protobuf, yaml};
use kapi_fuzz::watch::Delivery;
use std::io;
use std::path::{Path, PathBuf};

/// The k8s.io/api testdata fixtures kept in the repository.
const FIXTURES: &str = "../tests/fixtures/kubernetes-api";

fn main() -> io::Result<()> {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let frobber = examples::frobber_v1();
    let list = v1::FrobberList {
        metadata: Default::default(),
        items: vec![examples::frobber_v1(), examples::frobber_v1()],
    };
    std::fs::write(
        seeds.join("protobuf_decode/frobber.pb"),
        protobuf::encode(&frobber),
    )?;
    std::fs::write(
        seeds.join("protobuf_decode/frobber_list.pb"),
        protobuf::encode(&list),
    )?;
    std::fs::write(
        seeds.join("json_decode/frobber.json"),
        json::to_vec(&frobber).map_err(other)?,
    )?;
    std::fs::write(
        seeds.join("yaml_decode/frobber.yaml"),
        yaml::to_string(&frobber).map_err(other)?,
    )?;

    write_review_seeds(&seeds.join("review"))?;

    let events = events();
    write_watch_seeds(&seeds.join("watch_json"), &json_lines(&events)?)?;
    write_watch_seeds(&seeds.join("watch_protobuf"), &protobuf_frames(&events)?)?;
    Ok(())
}

/// A review of each endpoint (the first byte picks it: 0 conversion, 1 validating, 2
/// mutating) around the example Frobber, as kube-apiserver sends them.
fn write_review_seeds(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let frobber = examples::frobber_v1_json();
    let conversion = serde_json::json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": "0f8a6d8e-1b2c-4d3e-9f40-5a6b7c8d9e0f",
                    "desiredAPIVersion": "frob.example.com/v2beta1", "objects": [frobber.clone()]},
    });
    let kind = serde_json::json!({"group": "frob.example.com", "version": "v1", "kind": "Frobber"});
    let resource =
        serde_json::json!({"group": "frob.example.com", "version": "v1", "resource": "frobbers"});
    let admission = |operation: &str, old: serde_json::Value| {
        serde_json::json!({
            "apiVersion": "admission.k8s.io/v1",
            "kind": "AdmissionReview",
            "request": {
                "uid": "0f8a6d8e-1b2c-4d3e-9f40-5a6b7c8d9e10",
                "kind": kind, "resource": resource,
                "requestKind": kind, "requestResource": resource,
                "name": frobber["metadata"]["name"], "namespace": "default",
                "operation": operation,
                "userInfo": {"username": "admin", "groups": ["system:masters"]},
                "object": frobber, "oldObject": old, "dryRun": false,
                "options": {"apiVersion": "meta.k8s.io/v1", "kind": "CreateOptions"},
            },
        })
    };
    let seeds = [
        ("convert.json", 0u8, conversion),
        ("validate_create.json", 1, admission("CREATE", serde_json::Value::Null)),
        ("validate_update.json", 1, admission("UPDATE", frobber.clone())),
        ("mutate_create.json", 2, admission("CREATE", serde_json::Value::Null)),
    ];
    for (name, pick, review) in seeds {
        let mut bytes = vec![pick];
        bytes.extend(serde_json::to_vec(&review).map_err(other)?);
        std::fs::write(dir.join(name), bytes)?;
    }
    Ok(())
}

/// One event of the seed streams: its type and object, or an event taken whole from a
/// fixture.
enum Event {
    Typed(&'static str, Box<v1::Frobber>),
    /// An `ERROR` event carrying the fixture Status.
    Error,
    /// The fixture WatchEvent (of an unregistered kind, with a type no watch sends).
    Fixture,
}

/// A watch's life: the initial object, an update, the end of the initial events, a
/// deletion, an expiry, and the fixture's event last.
fn events() -> Vec<Event> {
    let added = examples::frobber_v1();
    let mut modified = examples::frobber_v1();
    modified.metadata.resource_version = "43".into();
    modified.metadata.generation = 4;
    let mut bookmark = v1::Frobber::default();
    bookmark.metadata.resource_version = "43".into();
    bookmark
        .metadata
        .annotations
        .insert("k8s.io/initial-events-end".into(), "true".into());
    let mut deleted = modified.clone();
    deleted.metadata.resource_version = "44".into();
    vec![
        Event::Typed("ADDED", Box::new(added)),
        Event::Typed("MODIFIED", Box::new(modified)),
        Event::Typed("BOOKMARK", Box::new(bookmark)),
        Event::Typed("DELETED", Box::new(deleted)),
        Event::Error,
        Event::Fixture,
    ]
}

/// Each event as one JSON line.
fn json_lines(events: &[Event]) -> io::Result<Vec<Vec<u8>>> {
    events
        .iter()
        .map(|event| {
            let (type_, object) = match event {
                Event::Typed(type_, object) => {
                    (*type_, json::to_vec(object.as_ref()).map_err(other)?)
                }
                Event::Error => ("ERROR", compact_json(&fixture("core.v1.Status.json")?)?),
                Event::Fixture => {
                    let mut line = compact_json(&fixture("core.v1.WatchEvent.json")?)?;
                    line.push(b'\n');
                    return Ok(line);
                }
            };
            let mut line = format!("{{\"type\":{type_:?},\"object\":").into_bytes();
            line.extend_from_slice(&object);
            line.extend_from_slice(b"}\n");
            Ok(line)
        })
        .collect()
}

/// Each event as one frame, its object enveloped as a protobuf watch sends it.
fn protobuf_frames(events: &[Event]) -> io::Result<Vec<Vec<u8>>> {
    events
        .iter()
        .map(|event| match event {
            Event::Typed(type_, object) => {
                protobuf::encode_watch_event_frame(type_, &protobuf::encode(object.as_ref()))
                    .map_err(other)
            }
            Event::Error => {
                protobuf::encode_watch_event_frame("ERROR", &fixture("core.v1.Status.pb")?)
                    .map_err(other)
            }
            Event::Fixture => {
                // The fixture is the WatchEvent message in an envelope; a frame holds it bare.
                let message = protobuf::decode_unknown(&fixture("core.v1.WatchEvent.pb")?)
                    .map_err(other)?
                    .raw;
                let len = u32::try_from(message.len()).map_err(other)?;
                Ok([len.to_be_bytes().as_slice(), &message].concat())
            }
        })
        .collect()
}

/// The stream `events` delivered whole; cut inside every event; its head a byte at a time;
/// dropped in the middle of its last event; and the fixture's event alone.
fn write_watch_seeds(dir: &Path, events: &[Vec<u8>]) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let body = events.concat();
    let halves: Vec<u16> = events
        .iter()
        .scan(0, |carry, event| {
            let len = *carry + event.len() / 2;
            *carry = event.len() - event.len() / 2;
            Some(u16::try_from(len).unwrap_or(u16::MAX))
        })
        .collect();
    let last = events.last().map_or(&[][..], Vec::as_slice);
    let dropped = &body[..body.len() - last.len() / 2];
    let seeds = [
        ("whole", Delivery::encode(&[], false, &body)),
        ("halves", Delivery::encode(&halves, false, &body)),
        ("bytewise_head", Delivery::encode(&[1; 15], false, &body)),
        ("dropped", Delivery::encode(&[], true, dropped)),
        ("fixture", Delivery::encode(&[], false, last)),
    ];
    for (name, seed) in seeds {
        std::fs::write(dir.join(name), seed)?;
    }
    Ok(())
}

fn fixture(name: &str) -> io::Result<Vec<u8>> {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(FIXTURES)
        .join(name);
    std::fs::read(&path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// A fixture's pretty-printed JSON on one line, as a watch writes it.
fn compact_json(pretty: &[u8]) -> io::Result<Vec<u8>> {
    let value: serde_json::Value = serde_json::from_slice(pretty).map_err(other)?;
    serde_json::to_vec(&value).map_err(other)
}

fn other(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(e.to_string())
}
