//! Per-client rate limiting of `/ask` (GCRA via the `governor` crate), keyed by the peer
//! IP. Loopback clients are exempt unless configured otherwise: local scripts and the
//! tests are trusted, the network is not. Over the limit a client gets a JSON 429 with
//! `Retry-After`; `/health` is never limited.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

pub struct ClientLimiter {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    loopback: bool,
}

impl ClientLimiter {
    pub fn new(per_minute: u32, loopback: bool) -> Self {
        let limiter = NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n)));
        Self { limiter, loopback }
    }

    /// `Err(seconds)` until the client may ask again.
    pub fn check(&self, client: Option<IpAddr>) -> Result<(), u64> {
        let (Some(limiter), Some(ip)) = (&self.limiter, client) else { return Ok(()) };
        if ip.is_loopback() && !self.loopback {
            return Ok(());
        }
        limiter.check_key(&ip).map_err(|not_until| {
            not_until.wait_time_from(DefaultClock::default().now()).as_secs().max(1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_over_its_quota_waits_and_others_do_not() {
        let limiter = ClientLimiter::new(2, false);
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        let b: IpAddr = "203.0.113.2".parse().unwrap();
        assert!(limiter.check(Some(a)).is_ok());
        assert!(limiter.check(Some(a)).is_ok());
        let wait = limiter.check(Some(a)).unwrap_err();
        assert!((1..=60).contains(&wait), "{wait}");
        assert!(limiter.check(Some(b)).is_ok(), "limits are per client");
    }

    #[test]
    fn loopback_is_exempt_unless_asked_and_zero_turns_it_off() {
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let exempt = ClientLimiter::new(1, false);
        assert!((0..5).all(|_| exempt.check(Some(local)).is_ok()));
        let limited = ClientLimiter::new(1, true);
        assert!(limited.check(Some(local)).is_ok());
        assert!(limited.check(Some(local)).is_err());
        let off = ClientLimiter::new(0, true);
        assert!((0..5).all(|_| off.check(Some(local)).is_ok()));
    }
}
