//! The REST client's watch streams (JSON lines and protobuf frames) against the embedded
//! API server.

mod client_support;
mod support;

use api_types::v1::Frobber;
use client_support::{client, frobber, ENCODINGS};
use futures_util::StreamExt;
use kapi::client::{Api, Error, TypedWatchEvent, WatchStream};
use kapi::meta::{CreateOptions, DeleteOptions, ListOptions, UpdateOptions};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(5);

/// The next event that is not a bookmark.
async fn next(
    stream: &mut WatchStream<Frobber>,
) -> Option<Result<TypedWatchEvent<Frobber>, Error>> {
    loop {
        let item = tokio::time::timeout(WAIT, stream.next())
            .await
            .expect("an event in time");
        match item {
            Some(Ok(TypedWatchEvent::Bookmark(_))) => continue,
            other => return other,
        }
    }
}

#[tokio::test]
async fn watch_events_in_json_and_protobuf() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let api: Api<Frobber> = Api::default_namespaced(client(&server, encoding));
        let ctx = format!("{encoding:?}");
        api.create(&frobber("before", 1), &CreateOptions::default())
            .await
            .unwrap();
        let list = api.list(&ListOptions::default()).await.unwrap();
        let mut stream = api
            .watch(&ListOptions {
                resource_version: list.metadata.resource_version.clone(),
                allow_watch_bookmarks: true,
                ..Default::default()
            })
            .await
            .expect("watch");

        let created = api
            .create(&frobber("a", 1), &CreateOptions::default())
            .await
            .unwrap();
        match next(&mut stream).await {
            Some(Ok(TypedWatchEvent::Added(f))) => {
                assert_eq!(f.metadata.name, "a", "{ctx}");
                assert_eq!(f.spec.height, 1);
            }
            other => panic!("{ctx}: expected ADDED, got {other:?}"),
        }
        let mut changed = created.clone();
        changed.spec.height = 2;
        api.update(&changed, &UpdateOptions::default())
            .await
            .unwrap();
        match next(&mut stream).await {
            Some(Ok(TypedWatchEvent::Modified(f))) => assert_eq!(f.spec.height, 2, "{ctx}"),
            other => panic!("{ctx}: expected MODIFIED, got {other:?}"),
        }
        api.delete("a", &DeleteOptions::default()).await.unwrap();
        let deleted_rv = match next(&mut stream).await {
            Some(Ok(TypedWatchEvent::Deleted(f))) => {
                assert_eq!(f.metadata.name, "a", "{ctx}");
                f.metadata.resource_version
            }
            other => panic!("{ctx}: expected DELETED, got {other:?}"),
        };

        // Bookmarks come every 100 ms on this server.
        let bookmark = loop {
            match tokio::time::timeout(WAIT, stream.next())
                .await
                .expect("a bookmark")
            {
                Some(Ok(TypedWatchEvent::Bookmark(b))) => break b,
                Some(Ok(_)) => continue,
                other => panic!("{ctx}: expected BOOKMARK, got {other:?}"),
            }
        };
        assert!(!bookmark.resource_version.is_empty(), "{ctx}");
        let rv: u64 = bookmark.resource_version.parse().unwrap();
        assert!(rv >= deleted_rv.parse::<u64>().unwrap(), "{ctx}");

        // A dropped connection ends the stream cleanly.
        server.faults().drop_watches();
        let end = tokio::time::timeout(WAIT, async {
            loop {
                match stream.next().await {
                    Some(Ok(TypedWatchEvent::Bookmark(_))) => continue,
                    other => return other,
                }
            }
        })
        .await
        .expect("the stream ends in time");
        assert!(end.is_none(), "{ctx}: {end:?}");
    }
}

#[tokio::test]
async fn watch_from_a_compacted_version_is_an_expired_error() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let api: Api<Frobber> = Api::default_namespaced(client(&server, encoding));
        api.create(&frobber("first", 1), &CreateOptions::default())
            .await
            .unwrap();
        let list = api.list(&ListOptions::default()).await.unwrap();
        api.create(&frobber("a", 1), &CreateOptions::default())
            .await
            .unwrap();
        api.create(&frobber("b", 1), &CreateOptions::default())
            .await
            .unwrap();
        server.faults().compact();
        let opts = ListOptions {
            resource_version: list.metadata.resource_version,
            ..Default::default()
        };
        // kube-apiserver accepts the watch and sends one ERROR event.
        let mut stream = api.watch(&opts).await.expect("the watch starts");
        let err = match next(&mut stream).await {
            Some(Err(e)) => e,
            other => panic!("{encoding:?}: expected an ERROR event, got {other:?}"),
        };
        // The stream ends after the error.
        assert!(stream.next().await.is_none());
        assert!(err.is_expired() || err.is_gone(), "{encoding:?}: {err}");
        assert_eq!(err.code(), Some(410));
    }
}

#[tokio::test]
async fn watch_ends_when_the_server_restarts() {
    let mut server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, kapi::client::Encoding::Json));
    let mut stream = api.watch(&ListOptions::default()).await.unwrap();
    server.restart().await.unwrap();
    let end = tokio::time::timeout(WAIT, async {
        loop {
            match stream.next().await {
                Some(Ok(_)) => continue,
                other => return other,
            }
        }
    })
    .await
    .expect("the stream ends in time");
    assert!(end.is_none(), "{end:?}");
    // The client reconnects on its own for the next request.
    api.list(&ListOptions::default())
        .await
        .expect("list after a restart");
}

#[tokio::test]
async fn watch_with_a_timeout_ends() {
    let server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, kapi::client::Encoding::Json));
    let mut stream = api
        .watch(&ListOptions {
            timeout_seconds: Some(1),
            ..Default::default()
        })
        .await
        .unwrap();
    let end = tokio::time::timeout(WAIT, stream.next())
        .await
        .expect("ends in time");
    assert!(end.is_none(), "{end:?}");
}

#[tokio::test]
async fn the_request_timeout_does_not_cut_watches() {
    let server = support::start().await;
    let mut config = client_support::config(&server, kapi::client::Encoding::Json);
    config.timeout = Some(Duration::from_millis(100));
    let api: Api<Frobber> = Api::default_namespaced(client_support::client_with(config));
    let mut stream = api.watch(&ListOptions::default()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    api.create(&frobber("late", 1), &CreateOptions::default())
        .await
        .unwrap();
    match next(&mut stream).await {
        Some(Ok(TypedWatchEvent::Added(f))) => assert_eq!(f.metadata.name, "late"),
        other => panic!("expected ADDED, got {other:?}"),
    }
}
