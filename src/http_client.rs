//! The one place that builds outbound HTTP clients.
//!
//! reqwest is compiled with rustls but without a bundled crypto provider (the default one
//! builds aws-lc, which is slow to compile here); this module installs the `ring` provider
//! once, before the first client is built. Each outbound boundary (the remote knowledge graph,
//! each LLM client) owns one `reqwest::Client` built here, with its own timeout.

use std::sync::Once;
use std::time::Duration;

static INSTALL_PROVIDER: Once = Once::new();

/// A client builder with the crypto provider installed, a user agent and the given timeouts.
pub fn builder(timeout: Duration) -> reqwest::ClientBuilder {
    INSTALL_PROVIDER.call_once(|| {
        // Err means another part of the process installed a provider first; that one is used.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    reqwest::Client::builder()
        .user_agent(concat!("scigraph/", env!("CARGO_PKG_VERSION")))
        .timeout(timeout)
        .connect_timeout(timeout.min(Duration::from_secs(5)))
}
