use std::convert::Infallible;
use std::sync::Arc;

use super::*;

type S = MvccStore<String>;

fn frobbers() -> ResourceKey {
    ResourceKey::new("frob.example.com", "frobbers")
}

fn key(namespace: &str, name: &str) -> ObjectKey {
    ObjectKey::new(frobbers(), namespace, name)
}

fn all() -> Collection {
    Collection::all(frobbers())
}

fn put(store: &S, namespace: &str, name: &str, value: &str) -> u64 {
    let value = value.to_string();
    match store.create(key(namespace, name), |_| Ok::<_, Infallible>(value.clone())) {
        Ok(entry) => entry.revision,
        Err(StoreError::AlreadyExists) => set(store, namespace, name, &value),
        Err(e) => panic!("create: {e}"),
    }
}

fn set(store: &S, namespace: &str, name: &str, value: &str) -> u64 {
    store
        .update(key(namespace, name), None, |_, _| {
            Ok::<_, Infallible>(Some(value.to_string()))
        })
        .expect("update")
        .revision
}

fn names(items: &[Entry<String>]) -> Vec<String> {
    items
        .iter()
        .map(|e| format!("{}/{}", e.key.namespace, e.key.name))
        .collect()
}

#[test]
fn create_get_update_delete() {
    let store = S::new();
    assert_eq!(store.current_revision(), 0);
    let created = store
        .create(key("a", "x"), |rev| Ok::<_, Infallible>(format!("v@{rev}")))
        .expect("create");
    assert_eq!((created.revision, created.value.as_str()), (1, "v@1"));
    assert!(matches!(
        store.create(key("a", "x"), |_| Ok::<_, Infallible>(String::new())),
        Err(StoreError::AlreadyExists)
    ));
    let rejected = store.create(key("a", "y"), |_| Err::<String, _>("invalid"));
    assert!(matches!(rejected, Err(StoreError::Rejected("invalid"))));
    assert_eq!(store.current_revision(), 1, "failed writes do not bump");

    let updated = store
        .update(key("a", "x"), Some(1), |old, rev| {
            Ok::<_, Infallible>(Some(format!("{old}+{rev}")))
        })
        .expect("update");
    assert_eq!((updated.revision, updated.value.as_str()), (2, "v@1+2"));
    assert!(matches!(
        store.update(key("a", "x"), Some(1), |_, _| Ok::<_, Infallible>(Some(
            String::new()
        ))),
        Err(StoreError::Conflict { current: 2 })
    ));
    assert!(matches!(
        store.update(key("a", "nope"), None, |_, _| Ok::<_, Infallible>(None)),
        Err(StoreError::NotFound)
    ));
    assert_eq!(store.get(&key("a", "x")).map(|e| e.revision), Some(2));

    assert!(matches!(
        store.delete::<Infallible>(&key("a", "x"), Some(1)),
        Err(StoreError::Conflict { current: 2 })
    ));
    let deleted = store
        .delete::<Infallible>(&key("a", "x"), Some(2))
        .expect("delete");
    assert_eq!((deleted.revision, deleted.value.as_str()), (3, "v@1+2"));
    assert!(store.get(&key("a", "x")).is_none());
    assert!(matches!(
        store.delete::<Infallible>(&key("a", "x"), None),
        Err(StoreError::NotFound)
    ));
    // A deleted key can be created again.
    assert_eq!(put(&store, "a", "x", "again"), 4);
}

#[test]
fn delete_with_checks_atomically() {
    let store = S::new();
    put(&store, "a", "x", "finalizers");
    let refused = store.delete_with(&key("a", "x"), None, |v| {
        if v.as_str() == "finalizers" {
            Err("has finalizers")
        } else {
            Ok(())
        }
    });
    assert!(matches!(
        refused,
        Err(StoreError::Rejected("has finalizers"))
    ));
    assert_eq!(store.current_revision(), 1);
}

#[test]
fn no_op_update_does_not_bump() {
    let store = S::new();
    put(&store, "a", "x", "v");
    let mut watch = store.watch(&all(), 1).expect("watch");
    let same = store
        .update(key("a", "x"), Some(1), |_, _| Ok::<_, Infallible>(None))
        .expect("no-op");
    assert_eq!((same.revision, same.value.as_str()), (1, "v"));
    assert_eq!(store.current_revision(), 1);
    put(&store, "a", "y", "w");
    let first = futures_now(&mut watch).expect("an event");
    assert_eq!(
        (first.revision, first.key.name.as_str()),
        (2, "y"),
        "no event for the no-op"
    );
}

#[test]
fn get_at_reads_old_revisions() {
    let store = S::new();
    put(&store, "a", "x", "one");
    set(&store, "a", "x", "two");
    store
        .delete::<Infallible>(&key("a", "x"), None)
        .expect("delete");
    let at = |rev| {
        store
            .get_at(&key("a", "x"), rev)
            .map(|e| e.map(|e| (e.revision, e.value.to_string())))
    };
    assert_eq!(at(0).expect("readable"), None);
    assert_eq!(at(1).expect("readable"), Some((1, "one".into())));
    assert_eq!(at(2).expect("readable"), Some((2, "two".into())));
    assert_eq!(at(3).expect("readable"), None);
    assert!(matches!(
        at(4),
        Err(StoreError::TooLarge {
            requested: 4,
            current: 3
        })
    ));
    store.compact(Some(2));
    assert!(matches!(
        at(1),
        Err(StoreError::Compacted {
            requested: 1,
            compacted: 2
        })
    ));
    assert_eq!(at(2).expect("readable"), Some((2, "two".into())));
}

#[test]
fn lists_in_key_order_within_the_scope() {
    let store = S::new();
    for (ns, name) in [("b", "x"), ("a", "y"), ("a", "x"), ("c", "a")] {
        put(&store, ns, name, "v");
    }
    let other = ObjectKey::new(ResourceKey::new("frob.example.com", "widgets"), "a", "z");
    store
        .create(other, |_| Ok::<_, Infallible>("w".to_string()))
        .expect("create");
    store
        .create(key("", "cluster"), |_| Ok::<_, Infallible>("c".to_string()))
        .expect("create");

    let page = store.list(&ListRequest::new(all())).expect("list");
    assert_eq!(names(&page.items), ["/cluster", "a/x", "a/y", "b/x", "c/a"]);
    assert_eq!(
        (
            page.revision,
            page.continue_token,
            page.remaining_item_count
        ),
        (6, None, None)
    );
    let page = store
        .list(&ListRequest::new(Collection::namespaced(frobbers(), "a")))
        .expect("list");
    assert_eq!(names(&page.items), ["a/x", "a/y"]);
    let page = store
        .list(&ListRequest::new(Collection::namespaced(
            frobbers(),
            "nope",
        )))
        .expect("list");
    assert!(page.items.is_empty());
    assert_eq!(store.len(&all()), 5);
    assert_eq!(store.len(&Collection::namespaced(frobbers(), "b")), 1);
    assert!(store.is_empty(&Collection::namespaced(frobbers(), "d")));
    assert_eq!(
        store.list_all(&Collection::namespaced(frobbers(), "c")).1,
        6
    );
}

#[test]
fn read_points() {
    let store = S::new();
    put(&store, "a", "x", "one");
    put(&store, "a", "y", "two");
    store
        .delete::<Infallible>(&key("a", "x"), None)
        .expect("delete");
    let list = |read| {
        store
            .list(&ListRequest::new(all()).at(read))
            .map(|p| (names(&p.items), p.revision))
    };
    assert_eq!(
        list(ReadAt::Exact(1)).expect("list"),
        (vec!["a/x".to_string()], 1)
    );
    assert_eq!(list(ReadAt::Exact(2)).expect("list").0, ["a/x", "a/y"]);
    assert_eq!(
        list(ReadAt::NotOlderThan(1)).expect("list"),
        (vec!["a/y".to_string()], 3)
    );
    assert_eq!(list(ReadAt::Latest).expect("list").1, 3);
    assert!(matches!(
        list(ReadAt::Exact(4)),
        Err(StoreError::TooLarge { .. })
    ));
    assert!(matches!(
        list(ReadAt::NotOlderThan(4)),
        Err(StoreError::TooLarge { .. })
    ));
    store.compact(None);
    assert!(matches!(
        list(ReadAt::Exact(2)),
        Err(StoreError::Compacted {
            requested: 2,
            compacted: 3
        })
    ));
}

/// Pages through the scope with `limit`, writing between pages; every page must come from the
/// first page's snapshot.
#[test]
fn paging_reads_one_snapshot_despite_writes() {
    let store = S::new();
    for i in 0..25 {
        put(&store, &format!("ns{}", i % 3), &format!("obj{i:02}"), "v0");
    }
    let expected = store.list(&ListRequest::new(all())).expect("list");
    let snapshot = expected.revision;
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    let mut pages = 0;
    loop {
        let mut request = ListRequest::new(all()).limit(4);
        if let Some(t) = &token {
            request = request.continue_from(t);
        }
        let page = store.list(&request).expect("page");
        assert_eq!(page.revision, snapshot);
        pages += 1;
        seen.extend(page.items);
        // Writes between pages: modify a returned object, delete an unreturned one, add new ones.
        put(&store, "ns0", &format!("new{pages}"), "late");
        put(&store, "ns2", "aaa-before-everything", "late");
        set(&store, "ns0", "obj00", "changed");
        let _ = store.delete::<Infallible>(&key("ns2", "obj23"), None);
        match page.continue_token {
            Some(t) => {
                assert_eq!(page.remaining_item_count, Some(25 - seen.len() as u64));
                token = Some(t);
            }
            None => break,
        }
    }
    assert_eq!(pages, 7);
    assert_eq!(
        seen, expected.items,
        "every object exactly once, as of the snapshot"
    );
}

#[test]
fn filtered_paging_counts_matches() {
    let store = S::new();
    for i in 0..20 {
        put(
            &store,
            "a",
            &format!("obj{i:02}"),
            if i % 3 == 0 { "red" } else { "blue" },
        );
    }
    let red = |v: &String| v == "red";
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    loop {
        let mut request = ListRequest::new(all()).limit(2).filter(&red);
        if let Some(t) = &token {
            request = request.continue_from(t);
        }
        let page = store.list(&request).expect("page");
        assert!(page.items.len() <= 2);
        seen.extend(names(&page.items));
        let reds_left = (0..20)
            .filter(|i| i % 3 == 0)
            .count()
            .saturating_sub(seen.len()) as u64;
        assert_eq!(
            page.remaining_item_count,
            page.continue_token.as_ref().map(|_| reds_left),
            "remaining matches"
        );
        match page.continue_token {
            Some(t) => token = Some(t),
            None => break,
        }
    }
    let expected: Vec<String> = (0..20)
        .filter(|i| i % 3 == 0)
        .map(|i| format!("a/obj{i:02}"))
        .collect();
    assert_eq!(seen, expected);

    // The last match is obj18; obj19 follows, so there is a token for an empty last page.
    let page = store
        .list(&ListRequest::new(all()).limit(7).filter(&red))
        .expect("page");
    assert_eq!(page.items.len(), 7);
    assert_eq!(page.remaining_item_count, Some(0));
    let token = page.continue_token.expect("obj19 follows");
    let last = store
        .list(
            &ListRequest::new(all())
                .limit(7)
                .filter(&red)
                .continue_from(&token),
        )
        .expect("page");
    assert!(last.items.is_empty());
    assert_eq!(last.continue_token, None);
}

#[test]
fn limit_zero_or_exact_fit_has_no_token() {
    let store = S::new();
    for i in 0..3 {
        put(&store, "a", &format!("o{i}"), "v");
    }
    let page = store.list(&ListRequest::new(all()).limit(0)).expect("list");
    assert_eq!((page.items.len(), page.continue_token), (3, None));
    let page = store.list(&ListRequest::new(all()).limit(3)).expect("list");
    assert_eq!((page.items.len(), page.continue_token), (3, None));
}

#[test]
fn namespaced_paging_and_tokens() {
    let store = S::new();
    for ns in ["a", "b"] {
        for i in 0..5 {
            put(&store, ns, &format!("o{i}"), "v");
        }
    }
    let scope = Collection::namespaced(frobbers(), "a");
    let first = store
        .list(&ListRequest::new(scope.clone()).limit(3))
        .expect("list");
    let token = first.continue_token.expect("more");
    let rest = store
        .list(&ListRequest::new(scope).continue_from(&token))
        .expect("list");
    assert_eq!(names(&rest.items), ["a/o3", "a/o4"]);
    // A cluster-wide token carries the namespace.
    let first = store.list(&ListRequest::new(all()).limit(5)).expect("list");
    let token = first.continue_token.expect("more");
    let rest = store
        .list(&ListRequest::new(all()).limit(1).continue_from(&token))
        .expect("list");
    assert_eq!(names(&rest.items), ["b/o0"]);
}

#[test]
fn compacted_continue_token_expires() {
    let store = S::new();
    for i in 0..5 {
        put(&store, "a", &format!("o{i}"), "v");
    }
    let first = store.list(&ListRequest::new(all()).limit(2)).expect("list");
    let token = first.continue_token.expect("more");
    put(&store, "a", "o9", "v");
    store.compact(None);
    let expired = store.list(&ListRequest::new(all()).continue_from(&token));
    assert!(matches!(expired, Err(StoreError::Expired)));
    // The 410's inconsistent token continues after the same key, at the latest revision.
    let retry = store.inconsistent_continue(&token).expect("token");
    let rest = store
        .list(&ListRequest::new(all()).continue_from(&retry))
        .expect("list");
    assert_eq!(rest.revision, 6);
    assert_eq!(names(&rest.items), ["a/o2", "a/o3", "a/o4", "a/o9"]);
}

#[test]
fn malformed_continue_tokens_are_invalid() {
    let store = S::new();
    put(&store, "a", "x", "v");
    for token in ["", "garbage", "eyJ2IjoxfQ", "%%%"] {
        let result = store.list(&ListRequest::new(all()).continue_from(token));
        assert!(
            matches!(result, Err(StoreError::InvalidContinue(_))),
            "{token:?}"
        );
    }
    assert!(matches!(
        store.inconsistent_continue("garbage"),
        Err(StoreError::InvalidContinue(_))
    ));
    // A well-formed token from the future is not a panic either.
    let future = continue_token::encode(&all(), &key("a", "x"), 99);
    assert!(matches!(
        store.list(&ListRequest::new(all()).continue_from(&future)),
        Err(StoreError::TooLarge {
            requested: 99,
            current: 1
        })
    ));
}

/// Polls a watch once without waiting: the next queued event, if any.
fn futures_now(watch: &mut Watch<String>) -> Option<Event<String>> {
    let waker = std::task::Waker::noop();
    let mut cx = std::task::Context::from_waker(waker);
    match watch.poll_event(&mut cx) {
        std::task::Poll::Ready(event) => event,
        std::task::Poll::Pending => None,
    }
}

fn drain(watch: &mut Watch<String>) -> Vec<(EventKind, String, u64)> {
    std::iter::from_fn(|| futures_now(watch))
        .map(|e| {
            (
                e.kind,
                format!("{}/{}", e.key.namespace, e.key.name),
                e.revision,
            )
        })
        .collect()
}

#[tokio::test]
async fn watch_replays_missed_events_then_live_ones() {
    let store = S::new();
    put(&store, "a", "x", "1"); // 1
    put(&store, "b", "y", "1"); // 2
    set(&store, "a", "x", "2"); // 3
    store
        .delete::<Infallible>(&key("a", "x"), None)
        .expect("delete"); // 4
    let mut watch = store
        .watch(&Collection::namespaced(frobbers(), "a"), 1)
        .expect("watch");
    assert_eq!(watch.start_revision(), 1);
    put(&store, "a", "z", "1"); // 5
    put(&store, "b", "z", "1"); // 6, other namespace
    let first = watch.next().await.expect("event");
    assert_eq!(first.kind, EventKind::Modified);
    assert_eq!(
        (
            first.object.as_str(),
            first.prev.as_deref().map(String::as_str)
        ),
        ("2", Some("1"))
    );
    let deleted = watch.next().await.expect("event");
    assert_eq!(
        (deleted.kind, deleted.revision, deleted.object.as_str()),
        (EventKind::Deleted, 4, "2")
    );
    assert_eq!(
        drain(&mut watch),
        [(EventKind::Added, "a/z".to_string(), 5)]
    );

    let mut everything = store.watch(&all(), 0).expect("from the beginning");
    assert_eq!(
        drain(&mut everything)
            .iter()
            .map(|e| e.2)
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    let mut current = store.watch(&all(), 6).expect("from now");
    assert!(drain(&mut current).is_empty());
}

#[tokio::test]
async fn watch_from_the_future_waits_for_it() {
    let store = S::new();
    let mut watch = store.watch(&all(), 2).expect("watch");
    for name in ["p", "q", "r"] {
        put(&store, "a", name, "v");
    }
    assert_eq!(
        drain(&mut watch),
        [(EventKind::Added, "a/r".to_string(), 3)]
    );
}

#[test]
fn watch_from_a_compacted_revision_fails() {
    let store = S::new();
    for i in 0..5 {
        put(&store, "a", &format!("o{i}"), "v");
    }
    assert_eq!(store.compact(Some(3)), 3);
    assert!(matches!(
        store.watch(&all(), 2),
        Err(StoreError::Compacted {
            requested: 2,
            compacted: 3
        })
    ));
    let mut watch = store
        .watch(&all(), 3)
        .expect("watch at the compacted revision");
    assert_eq!(
        drain(&mut watch).iter().map(|e| e.2).collect::<Vec<_>>(),
        [4, 5]
    );
    assert_eq!(
        StoreError::<Infallible>::Compacted {
            requested: 5,
            compacted: 12
        }
        .to_string(),
        "too old resource version: 5 (12)"
    );
    assert_eq!(store.compact(Some(1)), 3, "compaction never goes back");
    assert_eq!(store.compact(Some(99)), 5, "nor past the current revision");
}

#[tokio::test]
async fn drop_watches_ends_streams() {
    let store = S::new();
    let mut watch = store.watch(&all(), 0).expect("watch");
    let waiting = tokio::spawn(async move {
        let mut seen = Vec::new();
        while let Some(event) = watch.next().await {
            seen.push(event.revision);
        }
        seen
    });
    put(&store, "a", "x", "v");
    tokio::task::yield_now().await;
    let mut buffered = store.watch(&all(), 0).expect("watch");
    assert_eq!(store.watch_count(), 2);
    store.drop_watches();
    assert_eq!(store.watch_count(), 0);
    assert!(waiting.await.expect("task").len() <= 1);
    assert!(
        buffered.next().await.is_none(),
        "buffered events are lost, like a closed connection"
    );
    // The store keeps working, and new watches see new writes.
    let mut again = store.watch(&all(), 1).expect("watch");
    put(&store, "a", "y", "v");
    assert_eq!(again.next().await.map(|e| e.revision), Some(2));
}

/// The revisions of what [`Store::progress`] hands over, and the revision it claims.
fn progress(store: &S, watch: &mut Watch<String>) -> Option<(Vec<u64>, u64)> {
    let (queued, revision) = store.progress(watch)?;
    Some((queued.iter().map(|e| e.revision).collect(), revision))
}

#[test]
fn progress_hands_over_the_queue_with_the_revision_it_completes() {
    let store = S::new();
    let mut watch = store.watch(&all(), 0).expect("watch");
    assert_eq!(progress(&store, &mut watch), Some((vec![], 0)));
    put(&store, "a", "x", "v");
    let other = ObjectKey::new(ResourceKey::new("frob.example.com", "others"), "a", "x");
    store
        .create(other, |_| Ok::<_, Infallible>("v".to_string()))
        .expect("create");
    put(&store, "a", "y", "v");
    // Revision 2 is outside the watch: claiming it skips nothing.
    assert_eq!(progress(&store, &mut watch), Some((vec![1, 3], 3)));
    assert_eq!(progress(&store, &mut watch), Some((vec![], 3)));
}

/// The stale informer of issue 15: a bookmark sent by a watch the store had just dropped
/// claimed the current revision, though the events before it were lost with the watch's
/// queue (or never queued); the reflector resumed from the bookmark and never saw them.
#[test]
fn progress_claims_nothing_for_a_dropped_watch() {
    let store = S::new();
    let mut watch = store.watch(&all(), 0).expect("watch");
    put(&store, "a", "x", "v");
    assert_eq!(progress(&store, &mut watch), Some((vec![1], 1)));
    // Queued, then lost when the watch is dropped; then written after the drop.
    put(&store, "a", "x", "w");
    store.drop_watches();
    put(&store, "a", "y", "v");
    assert_eq!(
        progress(&store, &mut watch),
        None,
        "a dropped watch never sends revisions 2 and 3, so it must not claim them"
    );
}

#[tokio::test]
async fn dropped_receivers_are_pruned_and_watch_is_a_stream() {
    let store = S::new();
    drop(store.watch(&all(), 0).expect("watch"));
    let mut stream = store.watch(&all(), 0).expect("watch");
    put(&store, "a", "x", "v");
    assert_eq!(store.watch_count(), 1);
    let first = futures_util::StreamExt::next(&mut stream).await;
    assert_eq!(first.map(|e| e.revision), Some(1));
}

#[test]
fn watch_with_initial_state_lines_up_with_concurrent_writes() {
    let store = Arc::new(S::new());
    for i in 0..50 {
        put(&store, "a", &format!("o{i:03}"), "0");
    }
    // One watch before and one after the writes, so the check never depends on how the
    // threads were scheduled; the ones in between race the writer.
    let mut watches = vec![store.watch_with_initial_state(&all())];
    let writer = {
        let store = Arc::clone(&store);
        std::thread::spawn(move || {
            for round in 1..=20 {
                for i in 0..50 {
                    let name = format!("o{i:03}");
                    if (i + round) % 7 == 0 {
                        let _ = store.delete::<Infallible>(&key("a", &name), None);
                    } else {
                        put(&store, "a", &name, &round.to_string());
                    }
                }
                // Give the registering thread a chance on a busy machine.
                std::thread::yield_now();
            }
        })
    };
    while !writer.is_finished() {
        watches.push(store.watch_with_initial_state(&all()));
        std::thread::yield_now();
    }
    writer.join().expect("writer");
    watches.push(store.watch_with_initial_state(&all()));
    let (final_state, final_revision) = store.list_all(&all());
    for (initial, revision, mut watch) in watches {
        assert!(initial.iter().all(|e| e.revision <= revision));
        let mut state: BTreeMap<ObjectKey, (u64, String)> = initial
            .into_iter()
            .map(|e| (e.key, (e.revision, e.value.to_string())))
            .collect();
        let mut last = revision;
        while let Some(event) = futures_now(&mut watch) {
            assert_eq!(event.revision, last + 1, "no gap, no duplicate");
            last = event.revision;
            match event.kind {
                EventKind::Added => assert!(state
                    .insert(event.key, (event.revision, event.object.to_string()))
                    .is_none()),
                EventKind::Modified => {
                    let old = state.insert(event.key, (event.revision, event.object.to_string()));
                    assert_eq!(old.map(|o| o.1), event.prev.map(|p| p.to_string()));
                }
                EventKind::Deleted => assert!(state.remove(&event.key).is_some()),
            }
        }
        assert_eq!(last, final_revision);
        let expected: BTreeMap<_, _> = final_state
            .iter()
            .map(|e| (e.key.clone(), (e.revision, e.value.to_string())))
            .collect();
        assert_eq!(state, expected);
    }
}

#[test]
fn history_limit_compacts_automatically() {
    let store = S::with_history_limit(10);
    for i in 0..25 {
        put(&store, "a", &format!("o{}", i % 4), &i.to_string());
    }
    assert_eq!(store.current_revision(), 25);
    assert_eq!(store.compacted_revision(), 15);
    assert!(matches!(
        store.watch(&all(), 14),
        Err(StoreError::Compacted {
            requested: 14,
            compacted: 15
        })
    ));
    let mut watch = store.watch(&all(), 15).expect("watch");
    assert_eq!(drain(&mut watch).len(), 10);
    // Reads at the compacted revision still see every object that was live then.
    let at15 = store
        .list(&ListRequest::new(all()).at(ReadAt::Exact(15)))
        .expect("list");
    assert_eq!(at15.items.len(), 4);
    assert_eq!(at15.items.iter().map(|e| e.revision).max(), Some(15));
    store.set_history_limit(3);
    assert_eq!(store.compacted_revision(), 22);
    assert_eq!(store.history_limit(), 3);
    let zero = S::with_history_limit(0);
    put(&zero, "a", "x", "v");
    assert_eq!(zero.compacted_revision(), 1);
    assert_eq!(zero.get(&key("a", "x")).map(|e| e.revision), Some(1));
}

#[test]
fn compaction_forgets_deleted_keys() {
    let store = S::new();
    put(&store, "a", "x", "v");
    store
        .delete::<Infallible>(&key("a", "x"), None)
        .expect("delete");
    put(&store, "a", "y", "v");
    store.compact(None);
    assert_eq!(store.lock().objects.len(), 1);
    assert_eq!(
        names(&store.list(&ListRequest::new(all())).expect("list").items),
        ["a/y"]
    );
}

#[test]
fn a_panicking_closure_leaves_the_store_usable() {
    let store = Arc::new(S::new());
    put(&store, "a", "x", "v");
    let clone = Arc::clone(&store);
    let panicked = std::thread::spawn(move || {
        let _ = clone.update(
            key("a", "x"),
            None,
            |_, _| -> Result<Option<String>, Infallible> { panic!("closure bug") },
        );
    })
    .join();
    assert!(panicked.is_err());
    assert_eq!(set(&store, "a", "x", "w"), 2);
}

#[test]
fn errors_widen_and_render() {
    let e: StoreError<String> = StoreError::<Infallible>::TooLarge {
        requested: 9,
        current: 3,
    }
    .widen();
    assert_eq!(e.to_string(), "Too large resource version: 9, current: 3");
    let e: StoreError<String> = StoreError::Rejected("nope".into());
    assert!(matches!(&e, StoreError::Rejected(why) if why == "nope"));
    // Displays even when the closure error does not.
    struct Opaque;
    let e: StoreError<Opaque> = StoreError::Rejected(Opaque);
    assert_eq!(e.to_string(), "the write was rejected");
}
