//! The remote backend: the SPARQL 1.1 protocol over HTTP.
//!
//! One `reqwest::Client` per endpoint, with the configured timeout covering the whole
//! exchange. Queries go as an HTML-form POST (`query=...`), which every SPARQL 1.1 server
//! accepts, Virtuoso included, and which has no URL-length limit. The answer must be a SPARQL
//! results document (JSON is asked for; XML, CSV and TSV are parsed too if a server insists);
//! it is parsed with `sparesults` into the same rows the embedded store yields. Every failure
//! is its own [`KgError`]: a timeout, a 429 (with `Retry-After`), another HTTP status, a body
//! that is not SPARQL results, a body that does not parse, a body over the size cap.
//! Transient failures (5xx, 429, refused connections) are retried with backoff within the
//! query's time budget, honouring `Retry-After`; a circuit breaker stops hammering an
//! endpoint that keeps failing.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use reqwest::header::{ACCEPT, CONTENT_TYPE, RETRY_AFTER};
use sparesults::{QueryResultsFormat, QueryResultsParser, SliceQueryResultsParserOutput};
use url::Url;

use super::{BackendInfo, KgError, KnowledgeGraph, QueryAnswer, ReadQuery, Solutions};
use crate::config::BackendKind;
use crate::http_client::{self, BodyError};

/// Results larger than this are refused rather than buffered (a runaway query on ORKG).
pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 32 * 1024 * 1024;

const ACCEPT_RESULTS: &str = "application/sparql-results+json";

pub struct RemoteGraph {
    client: reqwest::Client,
    endpoint: Url,
    timeout: Duration,
    max_response_bytes: usize,
    retry: RetryPolicy,
    breaker: Breaker,
}

/// How transient failures (5xx, 429, refused connections) are retried: with exponential
/// backoff, honouring `Retry-After`, and never past the query's own time budget.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    pub attempts: u32,
    pub base_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self { attempts: 3, base_delay: Duration::from_millis(100) }
    }
}

/// A circuit breaker: after `threshold` consecutive failed queries the endpoint is left
/// alone for `cooldown` (queries fail at once with `KgError::CircuitOpen`), then one trial
/// query is let through; its success closes the circuit. A small state machine, written
/// here rather than taken from a crate because it must share `KgError` and the retry budget.
#[derive(Debug)]
struct Breaker {
    threshold: u32,
    cooldown: Duration,
    state: std::sync::Mutex<BreakerState>,
}

#[derive(Debug, Default)]
struct BreakerState {
    consecutive_failures: u32,
    open_until: Option<std::time::Instant>,
}

impl Breaker {
    fn new(threshold: u32, cooldown: Duration) -> Self {
        Self { threshold, cooldown, state: std::sync::Mutex::new(BreakerState::default()) }
    }

    /// `Err` with the time left when the circuit is open.
    fn check(&self) -> Result<(), Duration> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        match state.open_until {
            Some(until) if until > std::time::Instant::now() => Err(until - std::time::Instant::now()),
            _ => Ok(()),
        }
    }

    fn record(&self, ok: bool) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if ok {
            *state = BreakerState::default();
        } else {
            state.consecutive_failures += 1;
            if state.consecutive_failures >= self.threshold {
                state.open_until = Some(std::time::Instant::now() + self.cooldown);
                tracing::warn!(failures = state.consecutive_failures, "SPARQL endpoint keeps failing; circuit open");
            }
        }
    }
}

/// Failures worth another try: the server or the network, not the query.
fn transient(e: &KgError) -> bool {
    match e {
        KgError::Http { status, .. } => *status >= 500,
        KgError::RateLimited { .. } | KgError::Unreachable(_) => true,
        _ => false,
    }
}

impl RemoteGraph {
    pub fn new(endpoint: Url, timeout: Duration) -> Result<Self, reqwest::Error> {
        let client = crate::http_client::builder(timeout).build()?;
        Ok(Self {
            client,
            endpoint,
            timeout,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
            retry: RetryPolicy::default(),
            breaker: Breaker::new(5, Duration::from_secs(30)),
        })
    }

    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    pub fn with_breaker(mut self, threshold: u32, cooldown: Duration) -> Self {
        self.breaker = Breaker::new(threshold.max(1), cooldown);
        self
    }

    pub fn with_max_response_bytes(mut self, limit: usize) -> Self {
        self.max_response_bytes = limit;
        self
    }

    fn transport_error(&self, e: reqwest::Error) -> KgError {
        if e.is_timeout() {
            KgError::Timeout(self.timeout)
        } else {
            KgError::Unreachable(Arc::new(e))
        }
    }

    /// One HTTP exchange, bounded by `budget`.
    async fn attempt(&self, query: &ReadQuery, budget: Duration) -> Result<QueryAnswer, KgError> {
        let response = self
            .client
            .post(self.endpoint.clone())
            .header(ACCEPT, ACCEPT_RESULTS)
            .form(&[("query", query.as_str())])
            .timeout(budget)
            .send()
            .await
            .map_err(|e| self.transport_error(e))?;

        let status = response.status();
        if status.as_u16() == 429 {
            return Err(KgError::RateLimited { retry_after: retry_after(&response) });
        }
        if !status.is_success() {
            return Err(KgError::Http { status: status.as_u16(), body: http_client::error_snippet(response).await });
        }
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let format = results_format(&content_type)
            .ok_or_else(|| KgError::UnexpectedContentType(content_type.clone()))?;
        // A timeout while streaming is still a timeout.
        let body = http_client::read_capped(response, self.max_response_bytes).await.map_err(|e| match e {
            BodyError::TooLarge { limit } => KgError::TooLarge { limit },
            BodyError::Transport(e) => self.transport_error(e),
        })?;
        parse_results(format, &body)
    }
}

#[async_trait]
impl KnowledgeGraph for RemoteGraph {
    fn info(&self) -> BackendInfo {
        BackendInfo {
            backend: BackendKind::Remote,
            endpoint: Some(self.endpoint.to_string()),
            source: self.endpoint.to_string(),
            store: None,
        }
    }

    #[tracing::instrument(name = "kg.remote.query", skip_all, fields(endpoint = %self.endpoint))]
    async fn query(&self, query: &ReadQuery) -> Result<QueryAnswer, KgError> {
        if let Err(left) = self.breaker.check() {
            return Err(KgError::CircuitOpen { retry_in: left });
        }
        let deadline = tokio::time::Instant::now() + self.timeout;
        let mut attempt = 0;
        let result = loop {
            attempt += 1;
            let remaining = deadline.saturating_duration_since(tokio::time::Instant::now());
            if remaining.is_zero() {
                break Err(KgError::Timeout(self.timeout));
            }
            let result = self.attempt(query, remaining).await;
            let error = match &result {
                Ok(_) => break result,
                Err(e) if !transient(e) || attempt >= self.retry.attempts => break result,
                Err(e) => e,
            };
            // Wait as the server asks, or back off exponentially; give up when the wait
            // would not fit in what is left of the budget.
            let wait = match error {
                KgError::RateLimited { retry_after: Some(after) } => *after,
                _ => self.retry.base_delay * 2u32.pow(attempt - 1),
            };
            let remaining = deadline.saturating_duration_since(tokio::time::Instant::now());
            if wait >= remaining {
                break result;
            }
            tracing::debug!(attempt, ?wait, error = %error, "transient SPARQL failure; retrying");
            tokio::time::sleep(wait).await;
        };
        // Only failures of the endpoint count against it, not refused queries.
        match &result {
            Ok(_) => self.breaker.record(true),
            Err(e) if transient(e) || matches!(e, KgError::Timeout(_)) => self.breaker.record(false),
            Err(_) => {}
        }
        result
    }

    fn triple_count(&self) -> Option<u64> {
        None
    }
}

/// Maps a response content type to a results format that keeps RDF terms intact: JSON
/// (also when labelled plain `application/json`, as several servers do), XML and TSV. CSV
/// and `text/plain` lose term types, so they count as the wrong content type.
fn results_format(content_type: &str) -> Option<QueryResultsFormat> {
    match QueryResultsFormat::from_media_type(content_type)? {
        QueryResultsFormat::Csv => None,
        format => Some(format),
    }
}

/// Parses a SPARQL results document into rows (or a boolean).
pub fn parse_results(format: QueryResultsFormat, body: &[u8]) -> Result<QueryAnswer, KgError> {
    let malformed = |e| KgError::Malformed(Arc::new(e));
    match QueryResultsParser::from_format(format).for_slice(body).map_err(malformed)? {
        SliceQueryResultsParserOutput::Boolean(b) => Ok(QueryAnswer::Boolean(b)),
        SliceQueryResultsParserOutput::Solutions(solutions) => {
            let variables = solutions.variables().to_vec();
            let rows = solutions.collect::<Result<Vec<_>, _>>().map_err(malformed)?;
            Ok(QueryAnswer::Solutions(Solutions { variables, rows }))
        }
    }
}

/// `Retry-After` as delta-seconds or as an HTTP date (a date in the past means now).
fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    parse_retry_after(response.headers().get(RETRY_AFTER)?.to_str().ok()?, std::time::SystemTime::now())
}

fn parse_retry_after(value: &str, now: std::time::SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wiremock::matchers::{body_string_contains, header, method};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    const SELECT_JSON: &str = r#"{
      "head": {"vars": ["paper", "title", "year"]},
      "results": {"bindings": [
        {"paper": {"type": "uri", "value": "http://orkg.org/orkg/resource/R1"},
         "title": {"type": "literal", "value": "Deep Residual Learning"},
         "year": {"type": "literal", "value": "2016", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}},
        {"paper": {"type": "uri", "value": "http://orkg.org/orkg/resource/R2"},
         "title": {"type": "literal", "value": "BERT"}}
      ]}}"#;

    fn query() -> ReadQuery {
        ReadQuery::parse("SELECT ?paper ?title ?year WHERE { ?paper ?p ?title }").unwrap()
    }

    async fn graph(server: &MockServer, timeout_ms: u64) -> RemoteGraph {
        let url = Url::parse(&format!("{}/sparql", server.uri())).unwrap();
        RemoteGraph::new(url, Duration::from_millis(timeout_ms)).unwrap()
    }

    fn json_results(body: &str) -> ResponseTemplate {
        // set_body_raw: wiremock's set_body_string would force text/plain.
        ResponseTemplate::new(200)
            .set_body_raw(body.as_bytes().to_vec(), "application/sparql-results+json; charset=utf-8")
    }

    #[tokio::test]
    async fn a_200_with_sparql_json_becomes_rows_with_typed_terms() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(header("accept", ACCEPT_RESULTS))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(body_string_contains("query=SELECT"))
            .respond_with(json_results(SELECT_JSON))
            .expect(1)
            .mount(&server)
            .await;

        let answer = graph(&server, 2000).await.query(&query()).await.unwrap();

        let solutions = answer.into_solutions();
        assert_eq!(solutions.variables.len(), 3);
        assert_eq!(solutions.rows.len(), 2);
        let year = solutions.rows[0].get("year").unwrap();
        assert_eq!(year.to_string(), "\"2016\"^^<http://www.w3.org/2001/XMLSchema#integer>");
        assert!(solutions.rows[1].get("year").is_none(), "unbound stays unbound");
    }

    #[tokio::test]
    async fn an_ask_answer_is_a_boolean() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(json_results(r#"{"head": {}, "boolean": true}"#))
            .mount(&server)
            .await;
        let g = graph(&server, 2000).await;
        assert!(g.ping().await.is_ok());
    }

    #[tokio::test]
    async fn a_500_is_an_http_error_carrying_the_status_and_reason() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(500).set_body_string("Virtuoso 42000 Error SR"))
            .mount(&server)
            .await;
        let err = graph(&server, 2000).await.query(&query()).await.unwrap_err();
        match &err {
            KgError::Http { status, body } => {
                assert_eq!(*status, 500);
                assert!(body.contains("Virtuoso 42000"), "{body}");
            }
            other => panic!("expected Http, got {other:?}"),
        }
        assert_eq!(err.code(), "kg_http_error");
    }

    #[test]
    fn retry_after_reads_seconds_and_http_dates() {
        let now = httpdate::parse_http_date("Mon, 30 Nov 2026 04:00:00 GMT").unwrap();
        assert_eq!(parse_retry_after(" 12 ", now), Some(Duration::from_secs(12)));
        assert_eq!(parse_retry_after("Mon, 30 Nov 2026 04:01:30 GMT", now), Some(Duration::from_secs(90)));
        assert_eq!(parse_retry_after("Mon, 30 Nov 2026 03:00:00 GMT", now), Some(Duration::ZERO), "a past date means now");
        assert_eq!(parse_retry_after("soon", now), None);
    }

    #[tokio::test]
    async fn a_429_is_rate_limited_with_its_retry_after() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "12"))
            .mount(&server)
            .await;
        let err = graph(&server, 2000).await.query(&query()).await.unwrap_err();
        assert!(
            matches!(err, KgError::RateLimited { retry_after: Some(d) } if d == Duration::from_secs(12)),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn a_reply_slower_than_the_timeout_is_a_timeout_not_an_empty_result() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(json_results(SELECT_JSON).set_delay(Duration::from_millis(1500)))
            .mount(&server)
            .await;
        let err = graph(&server, 200).await.query(&query()).await.unwrap_err();
        assert!(matches!(err, KgError::Timeout(_)), "{err:?}");
        assert_eq!(err.code(), "kg_timeout");
    }

    #[tokio::test]
    async fn a_malformed_body_is_a_malformed_results_error() {
        let server = MockServer::start().await;
        for body in [r#"{"head": {"vars": ["a"]}, "results": {"bindings": [{"a": {"type": "#, "<html>"] {
            server.reset().await;
            Mock::given(method("POST")).respond_with(json_results(body)).mount(&server).await;
            let err = graph(&server, 2000).await.query(&query()).await.unwrap_err();
            assert!(matches!(err, KgError::Malformed(_)), "{body}: {err:?}");
        }
    }

    #[tokio::test]
    async fn a_wrong_content_type_is_its_own_error() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(200).set_body_raw("<html>maintenance</html>", "text/html"),
            )
            .mount(&server)
            .await;
        let err = graph(&server, 2000).await.query(&query()).await.unwrap_err();
        match err {
            KgError::UnexpectedContentType(ct) => assert_eq!(ct, "text/html"),
            other => panic!("expected UnexpectedContentType, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn sparql_xml_results_are_parsed_too() {
        let server = MockServer::start().await;
        let xml = r#"<?xml version="1.0"?>
<sparql xmlns="http://www.w3.org/2005/sparql-results#">
  <head><variable name="title"/></head>
  <results><result><binding name="title"><literal>GloVe</literal></binding></result></results>
</sparql>"#;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(200).set_body_raw(xml, "application/sparql-results+xml"),
            )
            .mount(&server)
            .await;
        let rows = graph(&server, 2000).await.query(&query()).await.unwrap().into_solutions();
        assert_eq!(rows.rows.len(), 1);
        assert_eq!(rows.rows[0].get("title").unwrap().to_string(), "\"GloVe\"");
    }

    #[tokio::test]
    async fn a_body_over_the_size_cap_is_refused() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(json_results(SELECT_JSON)).mount(&server).await;
        let err =
            graph(&server, 2000).await.with_max_response_bytes(64).query(&query()).await.unwrap_err();
        assert!(matches!(err, KgError::TooLarge { limit: 64 }), "{err:?}");
    }

    #[tokio::test]
    async fn an_endpoint_that_refuses_connections_is_unreachable() {
        // Bind then drop a listener so the port is (almost certainly) closed.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let url = Url::parse(&format!("http://127.0.0.1:{port}/sparql")).unwrap();
        let g = RemoteGraph::new(url, Duration::from_secs(2)).unwrap();
        let err = g.query(&query()).await.unwrap_err();
        assert_eq!(err.code(), "kg_unreachable", "{err:?}");
        let source = std::error::Error::source(&err).expect("the reqwest error is kept as the source");
        assert!(err.to_string().ends_with(&source.to_string()), "the message still shows it: {err}");
    }

    #[tokio::test]
    async fn a_transient_503_is_retried_and_the_retry_answers() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(503)).up_to_n_times(1).expect(1).mount(&server).await;
        Mock::given(method("POST")).respond_with(json_results(SELECT_JSON)).expect(1).mount(&server).await;
        let rows = graph(&server, 2000).await.query(&query()).await.unwrap().into_solutions();
        assert_eq!(rows.rows.len(), 2);
    }

    #[tokio::test]
    async fn retry_after_is_honoured_when_it_fits_the_budget() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "1"))
            .up_to_n_times(1)
            .mount(&server)
            .await;
        Mock::given(method("POST")).respond_with(json_results(SELECT_JSON)).mount(&server).await;
        let started = std::time::Instant::now();
        let rows = graph(&server, 3000).await.query(&query()).await.unwrap().into_solutions();
        assert_eq!(rows.rows.len(), 2);
        assert!(started.elapsed() >= Duration::from_millis(950), "waited as asked");
    }

    #[tokio::test]
    async fn a_query_error_is_not_retried() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(400).set_body_string("bad query")).expect(1).mount(&server).await;
        let err = graph(&server, 2000).await.query(&query()).await.unwrap_err();
        assert!(matches!(err, KgError::Http { status: 400, .. }), "{err:?}");
    }

    #[tokio::test]
    async fn the_circuit_opens_after_repeated_failures_and_closes_after_a_success() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).expect(3).mount(&server).await;
        let g = graph(&server, 2000)
            .await
            .with_retry(RetryPolicy { attempts: 1, base_delay: Duration::from_millis(1) })
            .with_breaker(3, Duration::from_millis(300));
        for _ in 0..3 {
            assert_eq!(g.query(&query()).await.unwrap_err().code(), "kg_http_error");
        }
        // Open: fails at once, without a request (the mock expects exactly 3).
        assert_eq!(g.query(&query()).await.unwrap_err().code(), "kg_circuit_open");
        server.verify().await;
        server.reset().await;
        Mock::given(method("POST")).respond_with(json_results(SELECT_JSON)).mount(&server).await;
        tokio::time::sleep(Duration::from_millis(350)).await;
        assert!(g.query(&query()).await.is_ok(), "half-open trial succeeds and closes the circuit");
        assert!(g.query(&query()).await.is_ok());
    }

    #[test]
    fn content_types_map_to_result_formats() {
        assert_eq!(results_format("application/sparql-results+json"), Some(QueryResultsFormat::Json));
        assert_eq!(results_format("application/json; charset=UTF-8"), Some(QueryResultsFormat::Json));
        assert_eq!(results_format("application/sparql-results+xml"), Some(QueryResultsFormat::Xml));
        assert_eq!(results_format("text/html"), None);
        assert_eq!(results_format("text/plain"), None);
        assert_eq!(results_format("text/csv"), None);
        assert_eq!(results_format(""), None);
    }
}
