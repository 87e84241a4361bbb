//! Rate limits: a token bucket for one thing (a WebSocket's frames, a seat's chat), and
//! [`Limiter`], token buckets keyed by client address (match creations, joins, replays).
//!
//! A limiter's memory is bounded: a bucket that has filled up again holds nothing worth keeping
//! (a new one would be the same), so such buckets are forgotten whenever the map grows; past
//! [`MAX_KEYS`] busy addresses, new ones wait.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// How fast a bucket fills and how much it holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// Tokens added per second.
    pub per_second: f64,
    /// The most tokens the bucket holds: the longest burst.
    pub burst: f64,
}

impl Rate {
    /// `n` per minute, all of them at once if need be.
    pub fn per_minute(n: u32) -> Rate {
        Rate {
            per_second: f64::from(n) / 60.0,
            burst: f64::from(n),
        }
    }

    /// How long an empty bucket takes to fill.
    fn refill_time(self) -> Duration {
        Duration::from_secs_f64(self.burst / self.per_second)
    }
}

/// One token per event; an empty bucket refuses until it refills.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    rate: Rate,
    tokens: f64,
    at: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn new(rate: Rate, now: Instant) -> TokenBucket {
        TokenBucket {
            rate,
            tokens: rate.burst,
            at: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate.per_second).min(self.rate.burst);
        self.at = now;
    }

    /// Takes a token, or says how long until there is one.
    pub fn take(&mut self, now: Instant) -> Result<(), Duration> {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / self.rate.per_second,
            ))
        }
    }

    /// Whether it has filled up again since its last use (it is then the same as a new one).
    fn is_full(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.at) >= self.rate.refill_time()
            || self.tokens >= self.rate.burst
    }
}

/// The most client addresses a limiter keeps a bucket for.
pub const MAX_KEYS: usize = 100_000;

/// The map is swept of full buckets when it reaches this size, then at twice what was left.
const FIRST_SWEEP: usize = 1_024;

/// Token buckets by client address.
#[derive(Debug)]
pub struct Limiter {
    rate: Rate,
    inner: Mutex<Buckets>,
}

#[derive(Debug)]
struct Buckets {
    by_client: HashMap<IpAddr, TokenBucket>,
    sweep_at: usize,
}

impl Limiter {
    pub fn new(rate: Rate) -> Limiter {
        Limiter {
            rate,
            inner: Mutex::new(Buckets {
                by_client: HashMap::new(),
                sweep_at: FIRST_SWEEP,
            }),
        }
    }

    /// Takes one of `ip`'s tokens, or says how long until it has one.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let key = client_key(ip);
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(bucket) = inner.by_client.get_mut(&key) {
            return bucket.take(now);
        }
        if inner.by_client.len() >= inner.sweep_at {
            inner.by_client.retain(|_, b| !b.is_full(now));
            inner.sweep_at = (2 * inner.by_client.len()).clamp(FIRST_SWEEP, MAX_KEYS);
        }
        if inner.by_client.len() >= MAX_KEYS {
            // Every bucket kept is in use: a newcomer waits until the oldest could have refilled.
            return Err(self.rate.refill_time());
        }
        let mut bucket = TokenBucket::new(self.rate, now);
        let taken = bucket.take(now);
        inner.by_client.insert(key, bucket);
        taken
    }

    /// How many addresses have a bucket now.
    pub fn len(&self) -> usize {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.by_client.len()
    }

    /// Whether no address has a bucket.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Who a client is, for limits: its IPv4 address, or the /64 of its IPv6 address (one host
/// commonly holds a whole /64). An IPv4 address mapped into IPv6 is that IPv4 address.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !u128::from(u64::MAX);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// The address the request came from, as the listener saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientIp, Self::Rejection> {
        // Served without our listener (in-process tests), every request is one client.
        Ok(parts
            .extensions
            .get::<ClientIp>()
            .copied()
            .unwrap_or(ClientIp(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_bucket_allows_its_burst_then_refills_at_its_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(
            Rate {
                per_second: 2.0,
                burst: 4.0,
            },
            start,
        );
        for _ in 0..4 {
            assert_eq!(bucket.take(start), Ok(()));
        }
        let wait = bucket.take(start).unwrap_err();
        assert_eq!(wait, Duration::from_millis(500));
        assert_eq!(bucket.take(start + SECOND / 2), Ok(()));
        assert!(bucket.take(start + SECOND / 2).is_err());
        // Ten seconds of rest give back the burst, not twenty tokens.
        let later = start + 10 * SECOND;
        for _ in 0..4 {
            assert_eq!(bucket.take(later), Ok(()));
        }
        assert!(bucket.take(later).is_err());
    }

    #[test]
    fn a_limiter_counts_each_address_apart_and_tells_when_to_retry() {
        let now = Instant::now();
        let limiter = Limiter::new(Rate::per_minute(3));
        for _ in 0..3 {
            assert_eq!(limiter.check(ip("10.0.0.1"), now), Ok(()));
        }
        let wait = limiter.check(ip("10.0.0.1"), now).unwrap_err();
        assert_eq!(wait, Duration::from_secs(20));
        assert_eq!(limiter.check(ip("10.0.0.2"), now), Ok(()));
        assert_eq!(limiter.check(ip("10.0.0.1"), now + 20 * SECOND), Ok(()));
    }

    #[test]
    fn one_ipv6_host_is_its_64_and_a_mapped_ipv4_is_the_ipv4() {
        let now = Instant::now();
        let limiter = Limiter::new(Rate::per_minute(1));
        assert_eq!(limiter.check(ip("2001:db8:1:2::1"), now), Ok(()));
        assert!(limiter.check(ip("2001:db8:1:2:ffff::9"), now).is_err());
        assert_eq!(limiter.check(ip("2001:db8:1:3::1"), now), Ok(()));
        assert_eq!(limiter.check(ip("192.0.2.7"), now), Ok(()));
        assert!(limiter.check(ip("::ffff:192.0.2.7"), now).is_err());
    }

    #[test]
    fn a_limiter_forgets_addresses_whose_buckets_have_refilled() {
        let start = Instant::now();
        let limiter = Limiter::new(Rate::per_minute(2));
        for n in 0..FIRST_SWEEP as u32 {
            let _ = limiter.check(IpAddr::V4(Ipv4Addr::from(n)), start);
        }
        assert_eq!(limiter.len(), FIRST_SWEEP);
        // A minute later every one of them is full again: the next newcomer sweeps them away.
        let later = start + 60 * SECOND;
        assert_eq!(limiter.check(ip("10.9.9.9"), later), Ok(()));
        assert_eq!(limiter.len(), 1);
    }

    #[test]
    fn addresses_still_refilling_are_kept_through_a_sweep() {
        let start = Instant::now();
        let limiter = Limiter::new(Rate::per_minute(2));
        let busy = ip("10.1.1.1");
        limiter.check(busy, start).unwrap();
        limiter.check(busy, start).unwrap();
        // Up to the size that starts a sweep, the others a second before it.
        for n in 1..FIRST_SWEEP as u32 {
            let _ = limiter.check(IpAddr::V4(Ipv4Addr::from(n)), start + 59 * SECOND);
        }
        assert_eq!(limiter.len(), FIRST_SWEEP);
        let later = start + 60 * SECOND;
        assert_eq!(limiter.check(ip("10.9.9.9"), later), Ok(()));
        // busy has refilled by now and is forgotten (a new bucket is the same); the others,
        // used a second ago, are kept.
        assert_eq!(limiter.len(), FIRST_SWEEP);
        assert_eq!(limiter.check(busy, later), Ok(()));
    }
}
