//! How long a failed key waits before its retry: client-go's `workqueue` rate limiters.
//! The default ([`RateLimiter::controller_default`], client-go's
//! `DefaultTypedControllerRateLimiter`) is the slower of a per-key exponential backoff
//! (5 ms doubling to 1,000 s) and one token bucket for the whole queue (10 per second,
//! bursts of 100), so one key failing in a loop backs off while many failing keys together
//! cannot exceed 10 retries per second.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// A key's failures as the exponential backoff counts them.
#[derive(Debug)]
struct Exponential<K> {
    base: Duration,
    max: Duration,
    failures: HashMap<K, u32>,
}

impl<K: Eq + Hash + Clone> Exponential<K> {
    /// client-go's `ItemExponentialFailureRateLimiter.When`: `base * 2^failures`, at most
    /// `max`, the count raised on every call.
    fn when(&mut self, key: &K) -> Duration {
        let failures = self.failures.entry(key.clone()).or_insert(0);
        let exponent = *failures;
        *failures = failures.saturating_add(1);
        // 2^exponent overflows f64's exactness long after max is reached: cap early.
        if exponent >= 64 {
            return self.max;
        }
        let backoff = self.base.as_secs_f64() * 2f64.powi(exponent as i32);
        if !backoff.is_finite() || backoff >= self.max.as_secs_f64() {
            self.max
        } else {
            Duration::from_secs_f64(backoff)
        }
    }
}

/// golang.org/x/time/rate's `Limiter` as client-go's `BucketRateLimiter` uses it: each
/// retry reserves a token; one the bucket does not have yet is waited for.
#[derive(Debug)]
struct Bucket {
    per_second: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn new(per_second: f64, burst: u32) -> Self {
        Bucket {
            per_second,
            burst: f64::from(burst),
            tokens: f64::from(burst),
            last: Instant::now(),
        }
    }

    fn reserve(&mut self, now: Instant) -> Duration {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now.max(self.last);
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        self.tokens -= 1.0;
        if self.tokens >= 0.0 || self.per_second <= 0.0 {
            return Duration::ZERO;
        }
        Duration::from_secs_f64(-self.tokens / self.per_second)
    }
}

/// A work queue's retry delays, per key.
#[derive(Debug)]
pub struct RateLimiter<K> {
    exponential: Option<Exponential<K>>,
    bucket: Option<Bucket>,
}

impl<K: Eq + Hash + Clone> RateLimiter<K> {
    /// client-go's `DefaultTypedControllerRateLimiter`: the slower of a per-key exponential
    /// backoff from 5 ms to 1,000 s and a 10 per second, burst 100 bucket for all keys.
    pub fn controller_default() -> Self {
        Self::exponential(Duration::from_millis(5), Duration::from_secs(1000))
            .with_bucket(10.0, 100)
    }

    /// Only a per-key backoff: `base * 2^failures`, at most `max`.
    pub fn exponential(base: Duration, max: Duration) -> Self {
        RateLimiter {
            exponential: Some(Exponential {
                base,
                max,
                failures: HashMap::new(),
            }),
            bucket: None,
        }
    }

    /// Also at most `per_second` retries per second over all keys, in bursts of `burst`.
    pub fn with_bucket(mut self, per_second: f64, burst: u32) -> Self {
        self.bucket = Some(Bucket::new(per_second, burst));
        self
    }

    /// How long `key` waits before its next try; counts a failure.
    pub fn when(&mut self, key: &K) -> Duration {
        let backoff = self
            .exponential
            .as_mut()
            .map_or(Duration::ZERO, |e| e.when(key));
        let bucket = self
            .bucket
            .as_mut()
            .map_or(Duration::ZERO, |b| b.reserve(Instant::now()));
        backoff.max(bucket)
    }

    /// `key` succeeded: its backoff starts over.
    pub fn forget(&mut self, key: &K) {
        if let Some(e) = &mut self.exponential {
            e.failures.remove(key);
        }
    }

    /// How many times `key` has failed since it was last forgotten.
    pub fn num_requeues(&self, key: &K) -> u32 {
        self.exponential
            .as_ref()
            .and_then(|e| e.failures.get(key).copied())
            .unwrap_or(0)
    }

    /// Keys with a backoff held: bounded by the keys that failed and were not forgotten.
    pub fn tracked(&self) -> usize {
        self.exponential.as_ref().map_or(0, |e| e.failures.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // client-go's TestItemExponentialFailureRateLimiter: 1 ms base, 1 s max.
    #[test]
    fn backoff_doubles_per_key_to_its_maximum() {
        let mut limiter =
            RateLimiter::exponential(Duration::from_millis(1), Duration::from_secs(1));
        let ms = Duration::from_millis;
        assert_eq!(limiter.when(&"one"), ms(1));
        assert_eq!(limiter.when(&"one"), ms(2));
        assert_eq!(limiter.when(&"one"), ms(4));
        assert_eq!(limiter.when(&"one"), ms(8));
        assert_eq!(limiter.when(&"one"), ms(16));
        assert_eq!(limiter.num_requeues(&"one"), 5);
        assert_eq!(limiter.when(&"two"), ms(1));
        assert_eq!(limiter.when(&"two"), ms(2));
        assert_eq!(limiter.num_requeues(&"two"), 2);
        limiter.forget(&"one");
        assert_eq!(limiter.num_requeues(&"one"), 0);
        assert_eq!(limiter.when(&"one"), ms(1));
        for _ in 0..100 {
            limiter.when(&"two");
        }
        assert_eq!(limiter.when(&"two"), Duration::from_secs(1));
    }

    // client-go's TestMaxOfRateLimiter and the default's numbers: the first 100 retries
    // pass the bucket, the 101st waits a tenth of a second for its token.
    #[test]
    fn the_default_is_the_slower_of_backoff_and_bucket() {
        let mut limiter = RateLimiter::controller_default();
        let mut delays = Vec::new();
        for i in 0..101 {
            delays.push(limiter.when(&i));
        }
        assert!(delays[..100].iter().all(|d| *d == Duration::from_millis(5)));
        assert!(
            delays[100] > Duration::from_millis(90) && delays[100] <= Duration::from_millis(100),
            "{:?}",
            delays[100]
        );
        // Forgetting does not refund the bucket (client-go's BucketRateLimiter.Forget).
        limiter.forget(&0);
        assert!(limiter.when(&0) > Duration::from_millis(100));
    }
}
