//! The one place that builds outbound HTTP clients and reads what they bring back.
//!
//! reqwest is compiled with rustls but without a bundled crypto provider (the default one
//! builds aws-lc, which is slow to compile here); this module installs the `ring` provider
//! once, before the first client is built. Each outbound boundary (the remote knowledge graph,
//! each LLM client) owns one `reqwest::Client` built here, with its own timeout.
//!
//! Reply bodies are read here too, by both boundaries: [`read_capped`] streams a body and
//! refuses it past a byte cap (a runaway query or a server streaming garbage must not fill
//! the memory), and [`error_snippet`] reads only the start of an error body for the message.
//! Each boundary maps [`BodyError`] to its own error enum and codes. Does network I/O.

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

/// Why a reply body could not be read whole.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    #[error("the body is larger than {limit} bytes")]
    TooLarge { limit: usize },
    /// The connection failed or timed out while the body was streaming.
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
}

/// Reads the whole body, or fails with [`BodyError::TooLarge`] as soon as it would pass
/// `limit` bytes, without reading the rest.
pub async fn read_capped(mut response: reqwest::Response, limit: usize) -> Result<Vec<u8>, BodyError> {
    let mut body = Vec::new();
    if read_into(&mut response, limit, &mut body).await? {
        Ok(body)
    } else {
        Err(BodyError::TooLarge { limit })
    }
}

/// The most of an error body read: the message keeps [`SNIPPET_CHARS`] characters of it,
/// so a server that answers an error with megabytes is not read to the end.
pub const ERROR_BODY_MAX_BYTES: usize = 16 * 1024;

/// Characters of an error body kept in an error message.
pub const SNIPPET_CHARS: usize = 300;

/// The start of an error body, for the error message (servers put the reason there). A body
/// that breaks off gives what arrived before, possibly nothing.
pub async fn error_snippet(mut response: reqwest::Response) -> String {
    let mut body = Vec::new();
    // The status already says what failed; a broken error body only shortens the message.
    let _ = read_into(&mut response, ERROR_BODY_MAX_BYTES, &mut body).await;
    snippet(&body)
}

/// The trimmed text of `body`, cut after [`SNIPPET_CHARS`] characters with an ellipsis.
pub fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    match text.char_indices().nth(SNIPPET_CHARS) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// Streams the body into `sink` until it ends (`true`) or `sink` holds `limit` bytes and
/// more are coming (`false`); the rest is never read. On a transport error `sink` keeps
/// what arrived before it.
async fn read_into(response: &mut reqwest::Response, limit: usize, sink: &mut Vec<u8>) -> Result<bool, reqwest::Error> {
    while let Some(chunk) = response.chunk().await? {
        let room = limit - sink.len();
        if chunk.len() > room {
            sink.extend_from_slice(&chunk[..room]);
            return Ok(false);
        }
        sink.extend_from_slice(&chunk);
    }
    Ok(true)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// A server that answers one request with `status`, announces a body of 1 GiB, sends
    /// only `sent` bytes of `x` and then holds the connection open. A client that reads such
    /// a body whole waits until its timeout; one that stops at its cap answers at once.
    pub(crate) fn endless_body_server(status: u16, sent: usize) -> url::Url {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = url::Url::parse(&format!("http://{}/", listener.local_addr().unwrap())).unwrap();
        std::thread::spawn(move || {
            let Ok((mut stream, _)) = listener.accept() else { return };
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let head = format!("HTTP/1.1 {status} X\r\ncontent-type: text/plain\r\ncontent-length: {}\r\n\r\n", 1u64 << 30);
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&vec![b'x'; sent]);
            // Hold the connection until the client drops it (or 10 s pass).
            let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
            while matches!(stream.read(&mut request), Ok(n) if n > 0) {}
        });
        url
    }

    async fn get(url: url::Url, timeout: Duration) -> reqwest::Response {
        builder(timeout).build().unwrap().get(url).send().await.unwrap()
    }

    #[tokio::test]
    async fn a_capped_read_stops_at_the_cap_without_waiting_for_the_rest() {
        let url = endless_body_server(200, 64 * 1024);
        let started = std::time::Instant::now();
        let err = read_capped(get(url, Duration::from_secs(20)).await, 1000).await.unwrap_err();
        assert!(matches!(err, BodyError::TooLarge { limit: 1000 }), "{err:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "stopped at the cap, not at the timeout");
    }

    #[tokio::test]
    async fn a_capped_read_returns_a_body_that_fits_exactly() {
        let server = wiremock::MockServer::start().await;
        wiremock::Mock::given(wiremock::matchers::method("GET"))
            .respond_with(wiremock::ResponseTemplate::new(200).set_body_string("0123456789"))
            .mount(&server)
            .await;
        let url: url::Url = server.uri().parse().unwrap();
        assert_eq!(read_capped(get(url.clone(), Duration::from_secs(5)).await, 10).await.unwrap(), b"0123456789");
        let err = read_capped(get(url, Duration::from_secs(5)).await, 9).await.unwrap_err();
        assert!(matches!(err, BodyError::TooLarge { limit: 9 }), "{err:?}");
    }

    #[tokio::test]
    async fn an_error_body_larger_than_its_cap_is_not_read_whole() {
        let url = endless_body_server(500, 2 * ERROR_BODY_MAX_BYTES);
        let started = std::time::Instant::now();
        let snippet = error_snippet(get(url, Duration::from_secs(20)).await).await;
        assert!(started.elapsed() < Duration::from_secs(5), "stopped at the cap, not at the timeout");
        assert_eq!(snippet, format!("{}…", "x".repeat(SNIPPET_CHARS)));
    }

    #[test]
    fn a_snippet_is_trimmed_and_bounded_in_characters() {
        assert_eq!(snippet(b"  Virtuoso 42000 Error SR\n"), "Virtuoso 42000 Error SR");
        let long = "é".repeat(10 * SNIPPET_CHARS);
        let cut = snippet(long.as_bytes());
        assert_eq!(cut.chars().count(), SNIPPET_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(snippet(&[0xff, b'a']), "\u{fffd}a", "invalid UTF-8 is replaced, not an error");
    }
}
