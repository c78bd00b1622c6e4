//! The queue's guarantees, as client-go's `workqueue` tests (queue_test.go,
//! delaying_queue_test.go, rate_limiting_queue_test.go) and controller-runtime's
//! `priorityqueue_test.go` state them.

use super::*;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

fn queue() -> WorkQueue<&'static str> {
    WorkQueue::new()
}

async fn next(q: &WorkQueue<&'static str>) -> &'static str {
    tokio::time::timeout(Duration::from_secs(5), q.get())
        .await
        .expect("a key within 5 s")
        .expect("the queue runs")
}

// queue_test.go TestBasic: producers and consumers in parallel; every key is processed
// and no key by two workers at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_workers_never_share_a_key() {
    let q: WorkQueue<u32> = WorkQueue::new();
    let busy = Arc::new(Mutex::new(HashSet::new()));
    let processed = Arc::new(AtomicUsize::new(0));
    let mut producers = Vec::new();
    for p in 0..5u32 {
        let q = q.clone();
        producers.push(tokio::spawn(async move {
            for i in 0..200u32 {
                q.add((p * 7 + i) % 50);
                if i % 20 == 0 {
                    tokio::task::yield_now().await;
                }
            }
        }));
    }
    let mut workers = Vec::new();
    for _ in 0..8 {
        let (q, busy, processed) = (q.clone(), busy.clone(), processed.clone());
        workers.push(tokio::spawn(async move {
            while let Some(key) = q.get().await {
                assert!(busy.lock().unwrap().insert(key), "{key} handed out twice");
                tokio::task::yield_now().await;
                busy.lock().unwrap().remove(&key);
                processed.fetch_add(1, Ordering::Relaxed);
                q.done(&key);
            }
        }));
    }
    for p in producers {
        p.await.unwrap();
    }
    q.shut_down_with_drain().await;
    for w in workers {
        w.await.unwrap();
    }
    // 1,000 adds of 50 keys: deduplicated, at least once each and far fewer than 1,000.
    let processed = processed.load(Ordering::Relaxed);
    assert!((50..=1000).contains(&processed), "{processed}");
    assert_eq!(q.size(), (0, 0));
}

// queue_test.go TestAddWhileProcessing / TestReinsert: a key added while a worker has it
// waits for done, then comes again, once.
#[tokio::test]
async fn a_key_dirtied_while_processed_comes_again_after_done() {
    let q = queue();
    q.add("a");
    let a = next(&q).await;
    q.add("a");
    q.add("a");
    assert_eq!(q.len(), 0, "not while a worker has it");
    assert_eq!(q.size(), (1, 1));
    q.done(&a);
    assert_eq!(next(&q).await, "a");
    q.done(&"a");
    assert_eq!(q.size(), (0, 0));
}

// queue_test.go TestLen: duplicates are one entry.
#[tokio::test]
async fn duplicates_are_one_entry() {
    let q = queue();
    for key in ["a", "b", "a", "a", "c", "b"] {
        q.add(key);
    }
    assert_eq!(q.len(), 3);
    assert_eq!(next(&q).await, "a");
    assert_eq!(next(&q).await, "b");
    assert_eq!(next(&q).await, "c");
}

// delaying_queue_test.go TestSimpleQueue and TestDeduping: a delayed key comes when its
// time has come; adding it again keeps the earlier time.
#[tokio::test(start_paused = true)]
async fn delayed_keys_come_at_their_time_the_earliest_kept() {
    let q = queue();
    q.add_after("later", Duration::from_millis(50));
    assert!(q.is_empty());
    tokio::time::advance(Duration::from_millis(49)).await;
    assert_eq!(q.len(), 0);
    tokio::time::advance(Duration::from_millis(1)).await;
    assert_eq!(q.len(), 1);
    assert_eq!(next(&q).await, "later");
    q.done(&"later");

    q.add_after("x", Duration::from_millis(50));
    q.add_after("x", Duration::from_millis(70));
    q.add_after("x", Duration::from_millis(30));
    tokio::time::advance(Duration::from_millis(30)).await;
    assert_eq!(next(&q).await, "x");
    q.done(&"x");
    // An immediate add beats a delay.
    q.add_after("y", Duration::from_secs(10));
    q.add("y");
    assert_eq!(next(&q).await, "y");
}

// delaying_queue_test.go TestAddTwoFireEarly: a waiting get wakes for a delayed key.
#[tokio::test(start_paused = true)]
async fn a_waiting_worker_wakes_for_a_delayed_key() {
    let q = queue();
    let waiting = tokio::spawn({
        let q = q.clone();
        async move { q.get().await }
    });
    q.add_after("soon", Duration::from_millis(10));
    let got = tokio::time::timeout(Duration::from_secs(1), waiting)
        .await
        .expect("woken")
        .unwrap();
    assert_eq!(got, Some("soon"));
}

// rate_limiting_queue_test.go TestRateLimitingQueue: backoff per key, forget resets it.
#[tokio::test(start_paused = true)]
async fn retries_back_off_until_forgotten() {
    let limiter = RateLimiter::exponential(Duration::from_millis(1), Duration::from_secs(1));
    let q: WorkQueue<&str> = WorkQueue::with_rate_limiter(limiter);
    q.add_rate_limited("one");
    q.add_rate_limited("one");
    assert_eq!(q.num_requeues(&"one"), 2);
    // The second add's 2 ms is later than the first's 1 ms: the earlier time stands.
    tokio::time::advance(Duration::from_millis(1)).await;
    assert_eq!(next(&q).await, "one");
    q.done(&"one");
    q.forget(&"one");
    assert_eq!(q.num_requeues(&"one"), 0);
}

// priorityqueue_test.go: highest priority first, first in first out within one; a key
// added again with a higher priority is raised, not duplicated.
#[tokio::test]
async fn higher_priorities_first_fifo_within_one() {
    let q = queue();
    let at = |priority| AddOptions {
        priority,
        ..AddOptions::default()
    };
    q.add_with("initial-1", at(LOW_PRIORITY));
    q.add_with("initial-2", at(LOW_PRIORITY));
    q.add("live-1");
    q.add_with("urgent", at(10));
    q.add("live-2");
    q.add_with("initial-2", at(0));
    assert_eq!(q.len(), 5);
    let mut order = Vec::new();
    for _ in 0..5 {
        let (key, priority) = q.get_with_priority().await.unwrap();
        order.push((key, priority));
    }
    assert_eq!(
        order,
        [
            ("urgent", 10),
            // Raised, it keeps its place in the order of addition (AddedCounter).
            ("initial-2", 0),
            ("live-1", 0),
            ("live-2", 0),
            ("initial-1", LOW_PRIORITY)
        ]
    );
}

// queue_test.go TestQueueDrainageUsingShutDownWithDrain and TestForceQueueShutdown:
// draining waits for the workers; new keys are refused; abandoning drops what waits.
#[tokio::test]
async fn shutdown_drains_or_abandons() {
    let q = queue();
    q.add("a");
    q.add("b");
    let a = next(&q).await;
    let drained = tokio::spawn({
        let q = q.clone();
        async move { q.shut_down_with_drain().await }
    });
    tokio::task::yield_now().await;
    q.add("refused");
    assert!(!drained.is_finished());
    // What was ready is still handed out.
    assert_eq!(next(&q).await, "b");
    q.done(&"b");
    assert!(!drained.is_finished());
    q.done(&a);
    tokio::time::timeout(Duration::from_secs(1), drained)
        .await
        .expect("drained once every worker is done")
        .unwrap();
    assert_eq!(q.get().await, None);

    let q = queue();
    q.add("a");
    q.add("b");
    q.add_after("c", Duration::from_secs(60));
    q.abandon();
    assert_eq!(q.get().await, None);
    assert_eq!(q.size(), (0, 0));
}

// Bounded memory: the entries are the keys, whatever the number of events.
#[tokio::test]
async fn a_storm_of_events_is_one_entry_per_key() {
    let q: WorkQueue<u32> = WorkQueue::new();
    for i in 0..1_000_000u32 {
        q.add(i % 100);
    }
    assert_eq!(q.size(), (100, 0));
}
