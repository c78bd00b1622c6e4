//! Random operations checked against a naive model that keeps the whole state at every
//! revision.

use std::collections::BTreeMap;
use std::convert::Infallible;

use super::*;

type State = BTreeMap<ObjectKey, (u64, String)>;

const NAMESPACES: [&str; 3] = ["", "a", "b"];

fn resources() -> [ResourceKey; 2] {
    [
        ResourceKey::new("g", "frobbers"),
        ResourceKey::new("g", "widgets"),
    ]
}

fn random_key(rng: &mut fastrand::Rng) -> ObjectKey {
    let resource = resources()[rng.usize(..2)].clone();
    let namespace = NAMESPACES[rng.usize(..NAMESPACES.len())];
    ObjectKey::new(resource, namespace, format!("o{}", rng.u8(..6)))
}

fn random_scope(rng: &mut fastrand::Rng) -> Collection {
    let resource = resources()[rng.usize(..2)].clone();
    match rng.usize(..3) {
        0 => Collection::all(resource),
        _ => Collection::namespaced(resource, NAMESPACES[rng.usize(..NAMESPACES.len())]),
    }
}

fn in_scope(state: &State, scope: &Collection) -> Vec<(ObjectKey, u64, String)> {
    state
        .iter()
        .filter(|(k, _)| scope.contains(k))
        .map(|(k, (rev, v))| (k.clone(), *rev, v.clone()))
        .collect()
}

fn entries(items: Vec<Entry<String>>) -> Vec<(ObjectKey, u64, String)> {
    items
        .into_iter()
        .map(|e| (e.key, e.revision, e.value.to_string()))
        .collect()
}

/// Applies a watch's queued events to `state`, checking each against what it replaces.
fn apply_events(
    watch: &mut Watch<String>,
    mut state: State,
    mut last: u64,
    scope: &Collection,
) -> (State, u64) {
    let waker = std::task::Waker::noop();
    let mut cx = std::task::Context::from_waker(waker);
    while let std::task::Poll::Ready(Some(event)) = watch.poll_event(&mut cx) {
        assert!(event.revision > last, "events in order, no duplicates");
        assert!(scope.contains(&event.key));
        last = event.revision;
        let before = state.get(&event.key).map(|(_, v)| v.clone());
        assert_eq!(
            before,
            event.prev.as_deref().cloned(),
            "prev is the value before"
        );
        match event.kind {
            EventKind::Added | EventKind::Modified => {
                assert_eq!(event.kind == EventKind::Added, before.is_none());
                state.insert(event.key, (event.revision, event.object.to_string()));
            }
            EventKind::Deleted => {
                assert_eq!(before.as_deref(), Some(event.object.as_str()));
                state.remove(&event.key);
            }
        }
    }
    (state, last)
}

fn run(seed: u64) -> Stats {
    let mut rng = fastrand::Rng::with_seed(seed);
    let store = MvccStore::<String>::with_history_limit(rng.usize(20..400));
    // states[r]: the model's state at revision r.
    let mut states: Vec<State> = vec![State::new()];
    let mut live_watches = Vec::new();
    // A paged list continued one page per step while writes and compactions go on.
    let mut paging: Option<Paging> = None;
    let mut stats = Stats::default();

    for step in 0..400 {
        paging = paging.and_then(|p| p.next_page(&store, &states, &mut stats));
        if paging.is_none() && rng.usize(..10) == 0 {
            paging = Paging::start(&store, random_scope(&mut rng), rng.usize(1..4), &states);
        }
        let mut state = states.last().cloned().unwrap_or_default();
        let revision = store.current_revision();
        let key = random_key(&mut rng);
        let current = state.get(&key).map(|(rev, _)| *rev);
        let value = format!("v{step}");
        match rng.usize(..100) {
            0..=34 => match store.create(key.clone(), |rev| {
                Ok::<_, Infallible>(format!("{value}@{rev}"))
            }) {
                Ok(entry) => {
                    assert!(current.is_none());
                    assert_eq!(entry.revision, revision + 1);
                    state.insert(key, (entry.revision, entry.value.to_string()));
                }
                Err(e) => assert!(
                    matches!(e, StoreError::AlreadyExists) && current.is_some(),
                    "{e}"
                ),
            },
            35..=64 => {
                let precondition = match rng.usize(..3) {
                    0 => None,
                    1 => current,
                    _ => Some(rng.u64(..revision + 2)),
                };
                let no_op = rng.usize(..5) == 0;
                let result = store.update(key.clone(), precondition, |old, rev| {
                    Ok::<_, Infallible>((!no_op).then(|| format!("{old}+{rev}")))
                });
                match (result, current) {
                    (Err(StoreError::NotFound), None) => {}
                    (Err(StoreError::Conflict { current: c }), Some(rev)) => {
                        assert_eq!(c, rev);
                        assert_ne!(precondition, Some(rev));
                    }
                    (Ok(entry), Some(rev)) if no_op => assert_eq!(entry.revision, rev),
                    (Ok(entry), Some(_)) => {
                        assert_eq!(entry.revision, revision + 1);
                        state.insert(key, (entry.revision, entry.value.to_string()));
                    }
                    (other, _) => {
                        panic!("unexpected update result {other:?} for {key:?} at {current:?}")
                    }
                }
            }
            65..=84 => match (store.delete::<Infallible>(&key, None), current) {
                (Ok(entry), Some(_)) => {
                    assert_eq!(entry.revision, revision + 1);
                    state.remove(&key);
                }
                (Err(StoreError::NotFound), None) => {}
                (other, _) => panic!("unexpected delete result {other:?}"),
            },
            85..=89 => {
                let scope = random_scope(&mut rng);
                let from = rng.u64(store.compacted_revision()..=revision);
                if let Ok(watch) = store.watch(&scope, from) {
                    let start = initial_state(&states[from as usize], &scope);
                    live_watches.push((scope, start, from, watch));
                }
            }
            90..=93 => {
                let scope = random_scope(&mut rng);
                let (initial, rev, watch) = store.watch_with_initial_state(&scope);
                assert_eq!(entries(initial), in_scope(&state, &scope));
                let start = initial_state(&state, &scope);
                live_watches.push((scope, start, rev, watch));
            }
            94..=95 => {
                let target = if rng.bool() {
                    None
                } else {
                    Some(rng.u64(..=revision))
                };
                store.compact(target);
            }
            _ => {
                if rng.bool() {
                    store.drop_watches();
                    live_watches.clear();
                }
            }
        }
        if store.current_revision() == states.len() as u64 {
            states.push(state);
        }
        assert_eq!(store.current_revision() as usize, states.len() - 1);
    }

    stats.compacted = store.compacted_revision() > 0;
    let final_state = states.last().cloned().unwrap_or_default();
    let current = store.current_revision();
    let compacted = store.compacted_revision();
    for (r, state) in states.iter().enumerate() {
        let r = r as u64;
        let scope = random_scope(&mut rng);
        let exact = ListRequest::new(scope.clone()).at(ReadAt::Exact(r));
        if r < compacted {
            assert!(matches!(
                store.list(&exact),
                Err(StoreError::Compacted { .. })
            ));
            assert!(matches!(
                store.watch(&scope, r),
                Err(StoreError::Compacted { .. })
            ));
            continue;
        }
        // Page through the snapshot with a random limit, sometimes filtered.
        let limit = rng.usize(..5);
        let filtered = rng.bool();
        let filter = |v: &String| !filtered || v.len() % 2 == 0;
        let expected: Vec<_> = in_scope(state, &scope)
            .into_iter()
            .filter(|(_, _, v)| filter(v))
            .collect();
        let mut items = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut request = ListRequest::new(scope.clone())
                .at(ReadAt::Exact(r))
                .limit(limit)
                .filter(&filter);
            if let Some(t) = &token {
                request = request.continue_from(t);
            }
            let page = store.list(&request).expect("readable revision");
            assert_eq!(page.revision, r);
            if limit > 0 {
                assert!(page.items.len() <= limit);
            }
            items.extend(entries(page.items));
            let left = (expected.len() - items.len()) as u64;
            assert_eq!(
                page.remaining_item_count,
                page.continue_token.as_ref().map(|_| left)
            );
            match page.continue_token {
                Some(t) => token = Some(t),
                None => break,
            }
        }
        assert_eq!(items, expected, "list at {r} in {scope:?}");

        let mut watch = store.watch(&scope, r).expect("watchable revision");
        let (replayed, last) = apply_events(&mut watch, initial_state(state, &scope), r, &scope);
        assert_eq!(
            replayed,
            initial_state(&final_state, &scope),
            "watch from {r}"
        );
        assert!(last <= current);
    }
    for (scope, start, from, mut watch) in live_watches {
        let (replayed, _) = apply_events(&mut watch, start, from, &scope);
        assert_eq!(
            replayed,
            initial_state(&final_state, &scope),
            "live watch from {from}"
        );
    }
    stats
}

#[derive(Default, Debug)]
struct Stats {
    pages_completed: usize,
    expired: usize,
    compacted: bool,
}

struct Paging {
    scope: Collection,
    limit: usize,
    revision: u64,
    token: String,
    items: Vec<(ObjectKey, u64, String)>,
}

impl Paging {
    fn start(
        store: &MvccStore<String>,
        scope: Collection,
        limit: usize,
        states: &[State],
    ) -> Option<Self> {
        let page = store
            .list(&ListRequest::new(scope.clone()).limit(limit))
            .expect("latest");
        let items = entries(page.items);
        match page.continue_token {
            Some(token) => Some(Self {
                scope,
                limit,
                revision: page.revision,
                token,
                items,
            }),
            None => {
                assert_eq!(items, in_scope(&states[page.revision as usize], &scope));
                None
            }
        }
    }

    fn next_page(
        mut self,
        store: &MvccStore<String>,
        states: &[State],
        stats: &mut Stats,
    ) -> Option<Self> {
        let request = ListRequest::new(self.scope.clone())
            .limit(self.limit)
            .continue_from(&self.token);
        match store.list(&request) {
            Err(StoreError::Expired) => {
                assert!(self.revision < store.compacted_revision());
                stats.expired += 1;
                None
            }
            Err(e) => panic!("continue failed: {e}"),
            Ok(page) => {
                assert_eq!(page.revision, self.revision);
                self.items.extend(entries(page.items));
                match page.continue_token {
                    Some(token) => {
                        self.token = token;
                        Some(self)
                    }
                    None => {
                        let expected = in_scope(&states[self.revision as usize], &self.scope);
                        assert_eq!(self.items, expected, "paged list at {}", self.revision);
                        stats.pages_completed += 1;
                        None
                    }
                }
            }
        }
    }
}

fn initial_state(state: &State, scope: &Collection) -> State {
    state
        .iter()
        .filter(|(k, _)| scope.contains(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

#[test]
fn random_operations_match_the_model() {
    let stats: Vec<Stats> = (0..40).map(run).collect();
    // Make sure the seeds exercise what they are meant to.
    assert!(
        stats.iter().map(|s| s.pages_completed).sum::<usize>() > 40,
        "{stats:?}"
    );
    assert!(
        stats.iter().map(|s| s.expired).sum::<usize>() > 0,
        "{stats:?}"
    );
    assert!(
        stats.iter().filter(|s| s.compacted).count() > 20,
        "{stats:?}"
    );
}
