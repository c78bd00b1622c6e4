//! Informers under faults: a seeded random driver creates, updates and deletes Frobbers in
//! a few namespaces while the embedded server drops watches, compacts its history (410 and
//! a relist), fails requests, pauses and restarts. After every round each informer's store
//! must equal the server's state exactly, and every handler's per-object sequence must be
//! consistent (no update before add, nothing after delete but a re-create with a new uid,
//! the last version seen equal to the server's).
//!
//! `KAPI_CACHE_ROUNDS` (default 20) and `KAPI_CACHE_SEED` (default 0x5eed) make a long run:
//! `KAPI_CACHE_ROUNDS=500 cargo test -p kapi-tests --test cache_faults -- --nocapture`.

mod cache_support;
mod client_support;
mod support;

use api_types::v1::Frobber;
use cache_support::{eventually, options, version, Recorder, Seen, Version};
use client_support::{client_with, config, frobber};
use kapi::cache::{InformerOptions, SharedInformer, StreamingList};
use kapi::client::{Api, Encoding};
use kapi::meta::{CreateOptions, DeleteOptions, ListOptions, UpdateOptions};
use kapi_apiserver::Failure;
use std::collections::BTreeMap;
use std::time::Duration;

const CONVERGE: Duration = Duration::from_secs(30);
const NAMESPACES: [&str; 3] = ["ns-a", "ns-b", "ns-c"];
const NAMES: usize = 8;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Debug, Default)]
struct Counts(BTreeMap<&'static str, usize>);

impl Counts {
    fn add(&mut self, kind: &'static str) {
        *self.0.entry(kind).or_default() += 1;
    }
}

struct Watched {
    name: &'static str,
    informer: SharedInformer<Frobber>,
    recorders: Vec<Recorder>,
}

fn store_versions(informer: &SharedInformer<Frobber>) -> BTreeMap<String, Version> {
    informer
        .store()
        .list()
        .iter()
        .map(|f| (kapi::cache::key_of(&**f), version(&**f)))
        .collect()
}

/// Sets the model's entry of `ns/name` to what the server holds.
async fn reread(
    c: &kapi::client::Client,
    model: &mut BTreeMap<String, Frobber>,
    ns: &str,
    name: &str,
) {
    let api = Api::<Frobber>::namespaced(c.clone(), ns);
    let key = format!("{ns}/{name}");
    // A read can be lost like the write before it (timed out): read again.
    let mut attempts = 0;
    let current = loop {
        attempts += 1;
        match api.get_opt(name, &Default::default()).await {
            Ok(current) => break current,
            Err(e) if e.is_client_timeout() && attempts < 5 => continue,
            Err(e) => panic!("a read after a failed write: {e}"),
        }
    };
    match current {
        Some(f) => model.insert(key, f),
        None => model.remove(&key),
    };
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn informers_equal_the_server_after_random_faults() {
    let rounds: usize = env_or("KAPI_CACHE_ROUNDS", 20);
    let seed: u64 = env_or("KAPI_CACHE_SEED", 0x5eed);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut server = support::start().await;
    // A request can hang after a server restart (no socket of its own, no answer ever; the
    // client has no timeout by default): the driver's writes and reads give up after a
    // while and count as failed, so the driver never waits for ever.
    let mut driver = config(&server, Encoding::Json);
    driver.timeout = Some(Duration::from_secs(5));
    let c = client_with(driver);
    let writer = Api::<Frobber>::all(c.clone());

    // Two informers that list differently: a streaming list (JSON, resync on, client
    // retries) and paged lists of 3 (protobuf, no client retries).
    let streaming = SharedInformer::<Frobber>::new(
        c.clone(),
        InformerOptions {
            streaming_list: StreamingList::Auto,
            resync: Some(Duration::from_millis(300)),
            ..options()
        },
    );
    // The paged informer's client never retries: every injected failure reaches its
    // reflector (the other client's retries absorb most of them).
    let mut no_retry = config(&server, Encoding::Protobuf);
    no_retry.retry = kapi::client::RetryPolicy::none();
    let paged = SharedInformer::<Frobber>::new(
        client_with(no_retry),
        InformerOptions {
            streaming_list: StreamingList::Never,
            page_size: Some(3),
            ..options()
        },
    );
    let mut watched = vec![
        Watched {
            name: "streaming",
            informer: streaming,
            recorders: vec![Recorder::default()],
        },
        Watched {
            name: "paged",
            informer: paged,
            recorders: vec![Recorder::default()],
        },
    ];
    for w in &watched {
        w.informer.add_event_handler(w.recorders[0].clone());
        w.informer.start();
    }

    // What the server holds: the driver is its only writer, and every write's response
    // is the object as stored.
    let mut model: BTreeMap<String, Frobber> = BTreeMap::new();
    let mut faults = Counts::default();
    let mut ops = Counts::default();
    for round in 0..rounds {
        if round == rounds / 2 {
            // A handler added to a running informer, mid-run.
            let late = Recorder::default();
            watched[0].informer.add_event_handler(late.clone());
            watched[0].recorders.push(late);
        }
        for _ in 0..rng.usize(5..25) {
            let ns = NAMESPACES[rng.usize(..NAMESPACES.len())];
            let name = format!("f{}", rng.usize(..NAMES));
            let key = format!("{ns}/{name}");
            match model.get(&key).cloned() {
                None => {
                    let mut f = frobber(&name, rng.i64(1..100));
                    f.metadata.namespace = ns.into();
                    match writer.create(&f, &CreateOptions::default()).await {
                        Ok(created) => {
                            model.insert(key, created);
                            ops.add("create");
                        }
                        Err(e) => {
                            ops.add(if e.code().is_some() {
                                "create failed (injected)"
                            } else {
                                "create failed (connection or timeout)"
                            });
                            // Whether it was applied: ask the server (the driver is its
                            // only writer).
                            reread(&c, &mut model, ns, &name).await;
                        }
                    }
                }
                Some(current) if rng.u8(..3) > 0 => {
                    let mut f = current.clone();
                    f.spec.height = rng.i32(1..1000);
                    match writer.update(&f, &UpdateOptions::default()).await {
                        Ok(updated) => {
                            model.insert(key, updated);
                            ops.add("update");
                        }
                        Err(e) => {
                            ops.add(if e.code().is_some() {
                                "update failed (injected)"
                            } else {
                                "update failed (connection or timeout)"
                            });
                            // Whether it was applied: ask the server (the driver is its
                            // only writer).
                            reread(&c, &mut model, ns, &name).await;
                        }
                    }
                }
                Some(_) => {
                    let api = Api::<Frobber>::namespaced(c.clone(), ns);
                    match api.delete(&name, &DeleteOptions::default()).await {
                        Ok(_) => {
                            model.remove(&key);
                            ops.add("delete");
                        }
                        Err(e) => {
                            ops.add(if e.code().is_some() {
                                "delete failed (injected)"
                            } else {
                                "delete failed (connection or timeout)"
                            });
                            // Whether it was applied: ask the server (the driver is its
                            // only writer).
                            reread(&c, &mut model, ns, &name).await;
                        }
                    }
                }
            }
            if rng.u8(..100) < 30 {
                let f = server.faults();
                match rng.u8(..7) {
                    0 => {
                        f.drop_watches();
                        faults.add("drop watches");
                    }
                    1 => {
                        // Re-watching from before the compaction gets 410: a relist.
                        f.compact();
                        f.drop_watches();
                        faults.add("compact + drop (410, relist)");
                    }
                    2 => {
                        f.compact();
                        faults.add("compact");
                    }
                    3 => {
                        let code = [500, 503][rng.usize(..2)];
                        f.fail(Failure::new(rng.usize(1..6), code).method("GET"));
                        f.drop_watches();
                        faults.add("fail GETs (list/watch) + drop");
                    }
                    4 => {
                        f.fail(
                            Failure::new(1, 500).method(["POST", "PUT", "DELETE"][rng.usize(..3)]),
                        );
                        faults.add("fail a write");
                    }
                    5 => {
                        f.pause();
                        f.drop_watches();
                        tokio::time::sleep(Duration::from_millis(rng.u64(5..60))).await;
                        f.resume();
                        faults.add("pause + drop + resume");
                    }
                    _ => {
                        server.restart().await.expect("the server restarts");
                        faults.add("restart");
                    }
                }
            }
        }

        // The round's end: every store equals the server, every handler agrees.
        let want: BTreeMap<String, Version> =
            model.iter().map(|(k, f)| (k.clone(), version(f))).collect();
        for w in &watched {
            let converged = eventually(CONVERGE, || store_versions(&w.informer) == want).await;
            assert!(
                converged,
                "round {round}: the {} informer's store differs from the server\nwant {want:?}\ngot  {:?}\nstats {:?}",
                w.name,
                store_versions(&w.informer),
                w.informer.stats()
            );
            for (i, rec) in w.recorders.iter().enumerate() {
                let agreed = eventually(CONVERGE, || rec.replay().as_ref() == Ok(&want)).await;
                if !agreed {
                    panic!(
                        "round {round}: handler {i} of the {} informer: {:?}\nwant {want:?}",
                        w.name,
                        rec.replay()
                    );
                }
            }
        }
    }

    // The model is the server: a fresh list agrees (failures cleared first).
    server.faults().clear_failures();
    let listed: BTreeMap<String, Version> = writer
        .list(&ListOptions::default())
        .await
        .unwrap()
        .items
        .iter()
        .map(|f| (kapi::cache::key_of(f), version(f)))
        .collect();
    let want: BTreeMap<String, Version> =
        model.iter().map(|(k, f)| (k.clone(), version(f))).collect();
    assert_eq!(listed, want);

    println!("cache_faults: seed {seed:#x}, {rounds} rounds survived");
    println!("  operations: {:?}", ops.0);
    println!(
        "  faults: {:?} ({} in all)",
        faults.0,
        faults.0.values().sum::<usize>()
    );
    for w in &watched {
        let rec = &w.recorders[0];
        println!(
            "  {} informer: {:?}; handler saw {} adds, {} updates, {} deletes ({} final-state-unknown); {} handlers",
            w.name,
            w.informer.stats(),
            rec.count(|s| matches!(s, Seen::Add { .. })),
            rec.count(|s| matches!(s, Seen::Update { .. })),
            rec.count(|s| matches!(s, Seen::Delete { .. })),
            rec.count(|s| matches!(
                s,
                Seen::Delete {
                    final_state_unknown: true,
                    ..
                }
            )),
            w.recorders.len(),
        );
        w.informer.stop();
    }
}
