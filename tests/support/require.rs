//! Tests that need a service (Virtuoso, a real LLM) or the data in `../shared`: in a plain
//! `cargo test` they skip with a message naming the make target that provides what is
//! missing; under `SCIGRAPH_REQUIRE_SERVICES=1`, which those make targets set, absence is a
//! failure, so CI cannot skip them silently. Shared by several test crates (`#[path]`).
#![allow(dead_code)]

/// Set (to anything but empty or `0`) by `make test-virtuoso`, `test-llm` and `test-shared`.
pub const REQUIRE_SERVICES: &str = "SCIGRAPH_REQUIRE_SERVICES";

fn required() -> bool {
    std::env::var(REQUIRE_SERVICES).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Reports that `test` cannot run because of `why`: a skip, or a panic when services are
/// required.
pub fn absent(test: &str, why: &str, target: &str) {
    assert!(!required(), "{test} cannot run: {why} (`make {target}` provides it; {REQUIRE_SERVICES} is set, so this is a failure, not a skip)");
    // Straight to stderr: the test harness captures `eprintln!` of passing tests, and a
    // skip nobody sees would pass for a run.
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipping {test}: {why}; run `make {target}`");
}

/// The value of the environment variable `name`, or `None` once `test` is reported absent.
pub fn var(test: &str, name: &str, target: &str) -> Option<String> {
    match std::env::var(name) {
        Ok(value) if !value.is_empty() => Some(value),
        _ => {
            absent(test, &format!("{name} is not set"), target);
            None
        }
    }
}
