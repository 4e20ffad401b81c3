//! Tracing set-up: human-readable logs on stderr, filtered by `RUST_LOG` (default `info`).
//! Request spans come from `tracing-actix-web` and carry a request id, which the HTTP layer
//! also returns in the `x-request-id` header so a client can quote it.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(default_filter: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}
