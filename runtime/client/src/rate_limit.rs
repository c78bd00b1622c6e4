//! The client-side rate limit: a token bucket of `burst` tokens filled at `qps` per second
//! (client-go's default limiter). A request waits for its token rather than failing.

use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

pub(crate) struct RateLimiter {
    qps: f64,
    burst: f64,
    state: Mutex<(f64, Instant)>,
}

impl RateLimiter {
    /// `qps <= 0` means no limit.
    pub(crate) fn new(qps: f32, burst: u32) -> Self {
        let burst = f64::from(burst.max(1));
        RateLimiter {
            qps: f64::from(qps),
            burst,
            state: Mutex::new((burst, Instant::now())),
        }
    }

    /// Takes a token now and returns how long to wait before using it (tokens may go
    /// negative: each waiter reserves its place in line).
    fn reserve(&self) -> Duration {
        if !self.qps.is_finite() || self.qps <= 0.0 {
            return Duration::ZERO;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let (tokens, last) = *state;
        let elapsed = now.saturating_duration_since(last).as_secs_f64();
        let tokens = (tokens + elapsed * self.qps).min(self.burst) - 1.0;
        *state = (tokens, now);
        if tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-tokens / self.qps)
        }
    }

    pub(crate) async fn acquire(&self) {
        let wait = self.reserve();
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_paced() {
        let limiter = RateLimiter::new(10.0, 2);
        assert_eq!(limiter.reserve(), Duration::ZERO);
        assert_eq!(limiter.reserve(), Duration::ZERO);
        let third = limiter.reserve();
        assert!(third > Duration::from_millis(90) && third <= Duration::from_millis(100));
        let fourth = limiter.reserve();
        assert!(fourth > Duration::from_millis(190));
        assert_eq!(RateLimiter::new(0.0, 1).reserve(), Duration::ZERO);
    }
}
