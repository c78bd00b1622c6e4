//! The cache (`kapi::cache`): the store and its indexes, listers, the reflector's state
//! machine step by step, shared informers and the factory, against the embedded server.

mod cache_support;
mod client_support;
mod support;

use api_types::v1::{Frobber, FrobberClass};
use cache_support::{eventually, options, version, Recorder, Seen};
use client_support::{client, frobber, frobber_class};
use kapi::cache::{
    EventHandlerFns, Lister, Phase, Reflector, ReflectorEvent, ReflectorOptions, SharedInformer,
    SharedInformerFactory, Store, StreamingList, Transform,
};
use kapi::client::{Api, Encoding};
use kapi::meta::{CreateOptions, DeleteOptions, ListOptions, Selector, UpdateOptions};
use kapi_apiserver::Failure;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn obj(ns: &str, name: &str, app: &str) -> Arc<Frobber> {
    let mut f = frobber(name, 1);
    f.metadata.namespace = ns.into();
    f.metadata.labels.insert("app".into(), app.into());
    f.metadata.resource_version = "1".into();
    Arc::new(f)
}

/// The index function of the `app` index: the object's `app` label, if any.
fn app_label(f: &Frobber) -> Vec<String> {
    f.metadata
        .labels
        .get("app")
        .into_iter()
        .map(String::from)
        .collect()
}

#[test]
fn store_indexes_and_listers() {
    let store: Store<Frobber> = Store::new();
    let a = obj("ns1", "a", "x");
    store.insert(a.clone());
    store.insert(obj("ns1", "b", "y"));
    store.insert(obj("ns2", "a", "x"));
    assert_eq!(store.len(), 3);
    // Readers share the cached object.
    assert!(Arc::ptr_eq(&store.get("ns1", "a").unwrap(), &a));
    assert!(Arc::ptr_eq(&store.get_by_key("ns1/a").unwrap(), &a));
    assert!(store.get("ns3", "a").is_none());
    let mut keys = store.keys();
    keys.sort();
    assert_eq!(keys, ["ns1/a", "ns1/b", "ns2/a"]);
    assert_eq!(store.list_namespace("ns1").len(), 2);
    assert_eq!(store.by_index(kapi::cache::NAMESPACE_INDEX, "ns2").len(), 1);

    store.add_indexer("app", app_label);
    assert_eq!(store.by_index("app", "x").len(), 2);
    // An update moves the object between index values.
    store.insert(obj("ns1", "a", "y"));
    assert_eq!(store.by_index("app", "x").len(), 1);
    assert_eq!(store.by_index("app", "y").len(), 2);
    store.remove("ns1", "b");
    assert_eq!(store.by_index("app", "y").len(), 1);
    assert_eq!(store.len(), 2);

    let lister = Lister::new(store.clone());
    let x = Selector::parse("app=x").unwrap();
    assert_eq!(lister.list(&x).len(), 1);
    assert_eq!(lister.list(&Selector::everything()).len(), 2);
    assert_eq!(lister.namespace("ns1").list(&x).len(), 0);
    assert_eq!(
        &lister.namespace("ns1").get("a").unwrap().metadata.labels["app"],
        "y"
    );

    // A relist replaces everything at once, indexes included.
    store.replace(vec![obj("ns9", "z", "x")]);
    assert_eq!(store.len(), 1);
    assert_eq!(store.by_index("app", "x").len(), 1);
    assert!(store.by_index("app", "y").is_empty());
    assert!(store.list_namespace("ns1").is_empty());

    // Cluster-scoped objects have the name as key.
    let classes: Store<FrobberClass> = Store::new();
    classes.insert(Arc::new(frobber_class("gold")));
    assert_eq!(classes.keys(), ["gold"]);
    assert!(Lister::new(classes).get("gold").is_some());
}

#[test]
fn readers_never_see_half_a_replace() {
    let generation = |g: &str| -> Vec<Arc<Frobber>> {
        (0..500)
            .map(|i| obj(&format!("ns{}", i % 5), &format!("f{i}"), g))
            .collect()
    };
    let (a, b) = (generation("a"), generation("b"));
    let store: Store<Frobber> = Store::new();
    store.add_indexer("app", app_label);
    store.replace(a.clone());
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let readers: Vec<_> = (0..3)
        .map(|_| {
            let (store, stop) = (store.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut reads = 0;
                while !stop.load(Ordering::Relaxed) {
                    let all = store.list();
                    assert_eq!(all.len(), 500);
                    let app = &all[0].metadata.labels["app"];
                    assert!(all.iter().all(|f| &f.metadata.labels["app"] == app));
                    // Each index read is one snapshot too.
                    let xa = store.by_index("app", "a").len();
                    assert!(xa == 0 || xa == 500, "{xa}");
                    reads += 1;
                }
                reads
            })
        })
        .collect();
    for i in 0..200 {
        store.replace(if i % 2 == 0 { b.clone() } else { a.clone() });
    }
    stop.store(true, Ordering::Relaxed);
    for r in readers {
        assert!(r.join().unwrap() > 0);
    }
}

async fn create_n(api: &Api<Frobber>, n: usize) {
    for i in 0..n {
        api.create(&frobber(&format!("f{i}"), 1), &CreateOptions::default())
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn reflector_paged_list_watch_and_relist_on_gone() {
    let server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, Encoding::Json));
    create_n(&api, 5).await;
    let mut r = Reflector::new(
        api.clone(),
        ReflectorOptions {
            page_size: Some(2),
            streaming_list: StreamingList::Never,
            backoff: kapi::cache::BackoffConfig::fast(),
            ..Default::default()
        },
    );
    assert_eq!(r.phase(), Phase::Empty);
    // Three pages of 2, 2 and 1.
    assert!(matches!(r.step().await, ReflectorEvent::Progress));
    assert_eq!(r.phase(), Phase::Listing);
    assert!(matches!(r.step().await, ReflectorEvent::Progress));
    let rv = match r.step().await {
        ReflectorEvent::Replace {
            items,
            resource_version,
        } => {
            assert_eq!(items.len(), 5);
            resource_version
        }
        other => panic!("expected Replace, got {other:?}"),
    };
    assert_eq!(r.phase(), Phase::Listed);
    assert_eq!(r.resource_version(), rv);

    // Opening the watch, then one event.
    assert!(matches!(r.step().await, ReflectorEvent::Progress));
    assert_eq!(r.phase(), Phase::Watching);
    let created = api
        .create(&frobber("new", 1), &CreateOptions::default())
        .await
        .unwrap();
    let added = loop {
        match r.step().await {
            ReflectorEvent::Added(f) => break f,
            ReflectorEvent::Bookmark { .. } => continue,
            other => panic!("expected Added, got {other:?}"),
        }
    };
    assert_eq!(added.metadata.name, "new");
    assert_eq!(r.resource_version(), created.metadata.resource_version);

    // A dropped watch is re-watched from the last resourceVersion, not relisted.
    server.faults().drop_watches();
    loop {
        match r.step().await {
            ReflectorEvent::Bookmark { .. } => continue,
            ReflectorEvent::Progress => break,
            other => panic!("expected the watch to close, got {other:?}"),
        }
    }
    assert_eq!(r.phase(), Phase::Listed);
    let lists = r.stats().lists;

    // History compacted past our resourceVersion: 410, then a relist.
    api.create(&frobber("x1", 1), &CreateOptions::default())
        .await
        .unwrap();
    api.create(&frobber("x2", 1), &CreateOptions::default())
        .await
        .unwrap();
    server.faults().compact();
    match r.step().await {
        ReflectorEvent::Error(e) => assert!(e.is_gone() || e.is_expired(), "{e}"),
        ReflectorEvent::Progress => match r.step().await {
            ReflectorEvent::Error(e) => assert!(e.is_gone() || e.is_expired(), "{e}"),
            other => panic!("expected 410, got {other:?}"),
        },
        other => panic!("expected 410, got {other:?}"),
    }
    assert!(matches!(r.phase(), Phase::Empty | Phase::Backoff));
    let items = loop {
        match r.step().await {
            ReflectorEvent::Replace { items, .. } => break items,
            ReflectorEvent::Progress => continue,
            other => panic!("expected a relist, got {other:?}"),
        }
    };
    assert_eq!(items.len(), 8);
    assert_eq!(r.stats().lists, lists + 1);
    assert!(r.stats().gone >= 1);
}

#[tokio::test]
async fn reflector_streaming_list_and_fallback() {
    let server = support::start().await;
    let api: Api<Frobber> = Api::default_namespaced(client(&server, Encoding::Json));
    create_n(&api, 3).await;
    let opts = ReflectorOptions {
        streaming_list: StreamingList::Auto,
        backoff: kapi::cache::BackoffConfig::fast(),
        ..Default::default()
    };

    // The server streams: a watch with sendInitialEvents, three ADDED, then the
    // initial-events-end bookmark, and the same stream goes on as the watch.
    let mut r = Reflector::new(api.clone(), opts.clone());
    assert!(matches!(r.step().await, ReflectorEvent::Progress));
    assert_eq!(r.phase(), Phase::InitialEvents);
    let items = loop {
        match r.step().await {
            ReflectorEvent::Progress => assert_eq!(r.phase(), Phase::InitialEvents),
            ReflectorEvent::Replace { items, .. } => break items,
            other => panic!("expected the initial events, got {other:?}"),
        }
    };
    assert_eq!(items.len(), 3);
    assert_eq!(r.phase(), Phase::Watching);
    assert!(r.uses_streaming_list());
    let lists = server
        .faults()
        .requests()
        .iter()
        .filter(|q| q.method == "GET" && !q.uri.contains("watch=true"))
        .count();
    assert_eq!(lists, 0, "a streaming list sends no LIST");
    api.delete("f0", &DeleteOptions::default()).await.unwrap();
    loop {
        match r.step().await {
            ReflectorEvent::Deleted(f) => break assert_eq!(f.metadata.name, "f0"),
            ReflectorEvent::Bookmark { .. } => continue,
            other => panic!("expected Deleted, got {other:?}"),
        }
    }

    // A server that rejects the streaming list: fall back to list + watch for good.
    server.faults().fail(
        Failure::new(1, 400)
            .method("GET")
            .message("sendInitialEvents unsupported"),
    );
    let mut r = Reflector::new(api.clone(), opts);
    assert!(matches!(r.step().await, ReflectorEvent::Progress));
    assert!(!r.uses_streaming_list());
    assert_eq!(r.phase(), Phase::Empty);
    match r.step().await {
        ReflectorEvent::Replace { items, .. } => assert_eq!(items.len(), 2),
        other => panic!("expected a LIST, got {other:?}"),
    }
    assert_eq!(r.phase(), Phase::Listed);
}

#[tokio::test]
async fn reflector_backs_off_on_list_errors() {
    let server = support::start().await;
    let mut config = client_support::config(&server, Encoding::Json);
    config.retry = kapi::client::RetryPolicy::none();
    let api: Api<Frobber> = Api::default_namespaced(client_support::client_with(config));
    create_n(&api, 1).await;
    server.faults().fail(Failure::new(3, 500).method("GET"));
    let mut r = Reflector::new(
        api,
        ReflectorOptions {
            streaming_list: StreamingList::Never,
            backoff: kapi::cache::BackoffConfig::fast(),
            ..Default::default()
        },
    );
    let mut errors = 0;
    loop {
        match r.step().await {
            ReflectorEvent::Error(_) => {
                errors += 1;
                assert_eq!(r.phase(), Phase::Backoff);
            }
            ReflectorEvent::Progress => {}
            ReflectorEvent::Replace { items, .. } => break assert_eq!(items.len(), 1),
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(errors, 3);
}

async fn write_all(socket: &tokio::net::TcpStream, mut bytes: &[u8]) {
    while !bytes.is_empty() && socket.writable().await.is_ok() {
        match socket.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => return,
        }
    }
}

/// One step, which must end (`WAIT` at most).
async fn step(r: &mut Reflector<Frobber>) -> ReflectorEvent<Frobber> {
    tokio::time::timeout(WAIT, r.step())
        .await
        .expect("a step that ends")
}

/// The step gives up on the server (the reflector's own timeout), the next one backs off.
async fn gives_up_then_backs_off(r: &mut Reflector<Frobber>) {
    match step(r).await {
        ReflectorEvent::Error(e) => assert!(e.is_client_timeout(), "{e}"),
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(r.phase(), Phase::Backoff);
    assert!(matches!(step(r).await, ReflectorEvent::Progress));
}

/// A server that answers lists but never answers a watch request, then opens the next
/// watch and sends nothing on it (a connection lost without a reset, as the client saw
/// after server restarts in `cache_faults`). The sockets stay open all along.
async fn unanswering_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    tokio::spawn(async move {
        let mut open = Vec::new();
        let mut watches = 0;
        while let Ok((socket, _)) = listener.accept().await {
            let mut head = Vec::new();
            let mut buf = [0u8; 1024];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                if socket.readable().await.is_err() {
                    break;
                }
                match socket.try_read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(_) => break,
                }
            }
            if !String::from_utf8_lossy(&head).contains("watch=true") {
                let body = r#"{"apiVersion":"frob.example.com/v1","kind":"FrobberList","metadata":{"resourceVersion":"7"},"items":[]}"#;
                let reply = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                write_all(&socket, reply.as_bytes()).await;
                continue;
            }
            if watches > 0 {
                write_all(
                    &socket,
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
                )
                .await;
            }
            watches += 1;
            open.push(socket);
        }
    });
    url
}

#[tokio::test]
async fn reflector_gives_up_on_a_watch_that_never_answers_or_goes_silent() {
    let mut config = kapi::client::Config::new(unanswering_server().await.parse().expect("a URL"));
    config.retry = kapi::client::RetryPolicy::none();
    let api: Api<Frobber> = Api::all(client_support::client_with(config));
    let mut r = Reflector::new(
        api,
        ReflectorOptions {
            streaming_list: StreamingList::Never,
            backoff: kapi::cache::BackoffConfig::fast(),
            watch_timeout: Some(Duration::from_secs(1)),
            request_timeout: Some(Duration::from_millis(300)),
            ..Default::default()
        },
    );
    // Without the reflector's own limits the second step waits for ever.
    assert!(matches!(step(&mut r).await, ReflectorEvent::Replace { .. }));
    // The watch request never gets an answer: given up after the request timeout.
    gives_up_then_backs_off(&mut r).await;
    // The next watch opens and then stays silent past its timeoutSeconds: lost, watched
    // again from the same resourceVersion.
    match step(&mut r).await {
        ReflectorEvent::Progress => assert_eq!(r.phase(), Phase::Watching),
        other => panic!("the watch opens: {other:?}"),
    }
    gives_up_then_backs_off(&mut r).await;
    assert_eq!((r.phase(), r.resource_version()), (Phase::Listed, "7"));
}

#[tokio::test]
async fn informer_handlers_late_handlers_and_resync() {
    for mode in [StreamingList::Auto, StreamingList::Never] {
        let server = support::start().await;
        let c = client(&server, Encoding::Protobuf);
        let api: Api<Frobber> = Api::default_namespaced(c.clone());
        create_n(&api, 3).await;
        let informer = SharedInformer::<Frobber>::new(
            c,
            kapi::cache::InformerOptions {
                streaming_list: mode,
                resync: Some(Duration::from_millis(200)),
                ..options()
            },
        );
        let early = Recorder::default();
        let early_reg = informer.add_event_handler(early.clone());
        informer.start();
        informer.start(); // idempotent
        assert!(informer.wait_for_sync_timeout(WAIT).await);
        assert!(eventually(WAIT, || early_reg.has_synced()).await);
        assert_eq!(informer.store().len(), 3);
        assert_eq!(
            early.count(|s| matches!(s, Seen::Add { initial: true, .. })),
            3
        );

        let f1 = api.get("f1", &Default::default()).await.unwrap();
        let mut changed = f1.clone();
        changed.spec.height = 7;
        let updated = api
            .update(&changed, &UpdateOptions::default())
            .await
            .unwrap();
        api.delete("f2", &DeleteOptions::default()).await.unwrap();
        assert!(
            eventually(WAIT, || informer.store().len() == 2
                && informer.store().get("default", "f1").map(|f| version(&*f))
                    == Some(version(&updated)))
            .await
        );

        // A late handler gets the cached objects as initial adds, then changes.
        let late = Recorder::default();
        let late_reg = informer.add_event_handler(late.clone());
        assert!(eventually(WAIT, || late_reg.has_synced()).await);
        assert_eq!(
            late.count(|s| matches!(s, Seen::Add { initial: true, .. })),
            2
        );
        api.create(&frobber("f9", 1), &CreateOptions::default())
            .await
            .unwrap();
        assert!(eventually(WAIT, || late.snapshot().contains_key("default/f9")).await);

        // Resync: on_update(obj, obj) for every cached object.
        assert!(
            eventually(WAIT, || early
                .count(|s| matches!(s, Seen::Update { old, new } if old == new))
                >= 3)
            .await
        );
        for rec in [&early, &late] {
            let live = rec.replay().unwrap();
            assert_eq!(live.len(), 3, "{:?}", rec.snapshot());
        }
        let deleted = early.snapshot()["default/f2"].clone();
        assert!(matches!(
            deleted.last(),
            Some(Seen::Delete {
                final_state_unknown: false,
                ..
            })
        ));
        assert!(!informer.last_sync_resource_version().is_empty());
        informer.stop();
    }
}

#[tokio::test]
async fn missed_deletes_arrive_as_final_state_unknown_after_a_relist() {
    let server = support::start().await;
    let c = client(&server, Encoding::Json);
    let api: Api<Frobber> = Api::default_namespaced(c.clone());
    create_n(&api, 3).await;
    let informer = SharedInformer::<Frobber>::new(c, options());
    let rec = Recorder::default();
    informer.add_event_handler(rec.clone());
    informer.start();
    assert!(informer.wait_for_sync_timeout(WAIT).await);
    informer.stop();
    // While the informer is stopped: f0 deleted, f1 deleted and re-created (new uid).
    api.delete("f0", &DeleteOptions::default()).await.unwrap();
    api.delete("f1", &DeleteOptions::default()).await.unwrap();
    let f1 = api
        .create(&frobber("f1", 2), &CreateOptions::default())
        .await
        .unwrap();
    informer.start();
    assert!(
        eventually(WAIT, || {
            informer.store().len() == 2
                && informer.store().get("default", "f1").map(|f| version(&*f)) == Some(version(&f1))
        })
        .await
    );
    assert!(eventually(WAIT, || rec.count(|s| matches!(s, Seen::Add { .. })) == 4).await);
    let log = rec.snapshot();
    assert!(matches!(
        log["default/f0"].last(),
        Some(Seen::Delete {
            final_state_unknown: true,
            ..
        })
    ));
    assert!(matches!(
        &log["default/f1"][..],
        [
            Seen::Add { initial: true, .. },
            Seen::Delete {
                final_state_unknown: true,
                ..
            },
            Seen::Add { initial: false, .. }
        ]
    ));
    rec.replay().unwrap();
}

#[tokio::test]
async fn factory_shares_informers_and_transforms_strip_managed_fields() {
    let server = support::start().await;
    let c = client(&server, Encoding::Json);
    let api: Api<Frobber> = Api::namespaced(c.clone(), "team-a");
    let other: Api<Frobber> = Api::namespaced(c.clone(), "team-b");
    let created = api
        .create(
            &frobber("a", 1),
            &CreateOptions {
                field_manager: "tester".into(),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    other
        .create(&frobber("b", 1), &CreateOptions::default())
        .await
        .unwrap();
    let classes: Api<FrobberClass> = Api::all(c.clone());
    classes
        .create(&frobber_class("gold"), &CreateOptions::default())
        .await
        .unwrap();

    let factory = SharedInformerFactory::new(c.clone())
        .with_namespace("team-a")
        .with_transform(Transform::strip_managed_fields());
    let one = factory.informer_for::<Frobber>();
    let two = factory.clone().informer_for::<Frobber>();
    let adds = Arc::new(AtomicUsize::new(0));
    let counted = adds.clone();
    two.add_event_handler(EventHandlerFns::new().on_add(move |_: &Arc<Frobber>, _| {
        counted.fetch_add(1, Ordering::SeqCst);
    }));
    let class_informer = factory.informer_for::<FrobberClass>();
    factory.start();
    assert!(factory.wait_for_cache_sync_timeout(WAIT).await);
    assert!(factory.has_synced());
    // One informer per kind: the handler added through `two` sees what `one` caches.
    assert_eq!(one.store().len(), 1);
    assert!(eventually(WAIT, || adds.load(Ordering::SeqCst) == 1).await);
    assert_eq!(
        class_informer.lister().get("gold").unwrap().metadata.name,
        "gold"
    );

    let cached = one.lister().namespace("team-a").get("a").unwrap();
    assert_eq!(
        cached.metadata.resource_version,
        created.metadata.resource_version
    );
    assert!(cached.metadata.managed_fields.is_empty());
    if created.metadata.managed_fields.is_empty() {
        eprintln!("note: the server set no managedFields on create");
    }
    factory.shutdown();

    // Label selectors reach the server.
    let labelled = SharedInformerFactory::new(c)
        .with_label_selector("app=nothing")
        .informer_for::<Frobber>();
    labelled.start();
    assert!(labelled.wait_for_sync_timeout(WAIT).await);
    assert!(labelled.store().is_empty());
    let _ = ListOptions::default();
}
