//! Milliseconds per stage, and in all: the response's `timings_ms`. The orchestrator
//! calls [`Stopwatch::lap`] after each stage; a stage run twice (a retry) adds up.

use std::collections::BTreeMap;
use std::time::Instant;

/// Milliseconds per stage, and in all.
pub struct Stopwatch {
    started: Instant,
    total: Instant,
    timings: BTreeMap<&'static str, u64>,
}

impl Stopwatch {
    pub fn new() -> Self {
        Self { started: Instant::now(), total: Instant::now(), timings: BTreeMap::new() }
    }

    pub fn lap(&mut self, stage: &'static str) {
        *self.timings.entry(stage).or_default() += self.started.elapsed().as_millis() as u64;
        self.started = Instant::now();
    }

    pub fn finish(mut self) -> BTreeMap<&'static str, u64> {
        self.timings.insert("total", self.total.elapsed().as_millis() as u64);
        self.timings
    }
}
