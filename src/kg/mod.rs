//! The knowledge-graph boundary: one [`KnowledgeGraph`] trait, two backends, one row type.
//!
//! - [`remote::RemoteGraph`] speaks the SPARQL 1.1 protocol to an endpoint (ORKG's Virtuoso,
//!   or any other) and parses the answer with `sparesults`.
//! - [`embedded::EmbeddedGraph`] evaluates queries on an oxigraph [`oxigraph::store::Store`],
//!   in memory (loaded from dump files at start-up) or on disk (`rocksdb` feature).
//!
//! Both return [`QueryAnswer`], whose rows are `sparesults::QuerySolution`s holding `oxrdf`
//! terms, so nothing downstream knows which backend answered. Queries reach a backend only
//! as a [`ReadQuery`]: text that spargebra parsed as SELECT or ASK, so no update can ever be
//! sent and no malformed query leaves the process. Failures are [`KgError`]s; a timeout or
//! an HTTP failure is an error, never an empty result.

pub mod embedded;
pub mod load;
pub mod manifest;
pub mod remote;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use oxrdf::Variable;
use sparesults::QuerySolution;

use crate::config::{BackendKind, KgSettings};

/// The cheapest query that proves a graph answers and holds data.
pub const PING_QUERY: &str = "ASK { ?s ?p ?o }";

/// A SPARQL query that has been parsed and is known to only read (SELECT or ASK).
#[derive(Debug, Clone)]
pub struct ReadQuery {
    text: String,
    /// Shared: a query planned again (another question on the same dataset) is the same
    /// parse, kept by the templates.
    parsed: Arc<spargebra::Query>,
}

impl ReadQuery {
    /// Parses `text` with spargebra and refuses anything but SELECT and ASK.
    ///
    /// Updates do not parse as queries at all; CONSTRUCT and DESCRIBE are refused because
    /// the pipeline only consumes solution rows.
    pub fn parse(text: &str) -> Result<Self, KgError> {
        let parsed = spargebra::SparqlParser::new()
            .parse_query(text)
            .map_err(|e| KgError::InvalidQuery(e.to_string()))?;
        match parsed {
            spargebra::Query::Select { .. } | spargebra::Query::Ask { .. } => {}
            spargebra::Query::Construct { .. } | spargebra::Query::Describe { .. } => {
                return Err(KgError::InvalidQuery(
                    "only SELECT and ASK queries are sent to the knowledge graph".into(),
                ))
            }
        }
        Ok(Self { text: text.to_owned(), parsed: Arc::new(parsed) })
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn parsed(&self) -> &spargebra::Query {
        &self.parsed
    }

    /// Whether `rows` rows fill the query's LIMIT, so more matches may exist than were read.
    pub fn fills_limit(&self, rows: usize) -> bool {
        self.row_limit().is_some_and(|limit| rows >= limit)
    }

    /// The outermost `LIMIT` of a SELECT, if any: a query that returns exactly this many
    /// rows may have had more matches cut off.
    pub fn row_limit(&self) -> Option<usize> {
        let spargebra::Query::Select { pattern, .. } = &*self.parsed else { return None };
        let mut pattern = pattern;
        loop {
            match pattern {
                spargebra::algebra::GraphPattern::Slice { length, .. } => return *length,
                spargebra::algebra::GraphPattern::Project { inner, .. }
                | spargebra::algebra::GraphPattern::Distinct { inner }
                | spargebra::algebra::GraphPattern::Reduced { inner } => pattern = inner,
                _ => return None,
            }
        }
    }
}

/// The rows of a SELECT query. Not `Clone` (sparesults' rows are not): share it in an `Arc`.
#[derive(Debug, Default)]
pub struct Solutions {
    pub variables: Vec<Variable>,
    pub rows: Vec<QuerySolution>,
}

/// What a backend returns for a [`ReadQuery`].
#[derive(Debug)]
pub enum QueryAnswer {
    Solutions(Solutions),
    Boolean(bool),
}

impl QueryAnswer {
    /// The rows of a SELECT answer; an ASK answer has none.
    pub fn into_solutions(self) -> Solutions {
        match self {
            Self::Solutions(s) => s,
            Self::Boolean(_) => Solutions::default(),
        }
    }
}

/// Why a query got no answer. Each variant has a stable [`KgError::code`].
#[derive(Debug, Clone, thiserror::Error)]
pub enum KgError {
    #[error("the knowledge graph did not answer within {0:?}")]
    Timeout(Duration),
    #[error("the SPARQL endpoint is rate-limiting requests (HTTP 429){}",
        .retry_after.map(|d| format!("; retry after {}s", d.as_secs())).unwrap_or_default())]
    RateLimited { retry_after: Option<Duration> },
    #[error("the SPARQL endpoint answered HTTP {status}: {body}")]
    Http { status: u16, body: String },
    #[error("the SPARQL endpoint answered with content type `{0}`, not SPARQL results")]
    UnexpectedContentType(String),
    #[error("the SPARQL endpoint sent malformed results: {0}")]
    Malformed(#[source] Arc<sparesults::QueryResultsSyntaxError>),
    #[error("the SPARQL endpoint sent more than {limit} bytes of results")]
    TooLarge { limit: usize },
    #[error("could not reach the SPARQL endpoint: {0}")]
    Unreachable(#[source] Arc<reqwest::Error>),
    #[error("query refused: {0}")]
    InvalidQuery(String),
    #[error("the SPARQL endpoint kept failing; not asking it again for {}s", .retry_in.as_secs().max(1))]
    CircuitOpen { retry_in: Duration },
    #[error("the embedded store failed: {0}")]
    Store(String),
    #[error("no graph to query: {0}")]
    Unavailable(String),
}

impl KgError {
    /// A stable, machine-readable name for the failure.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Timeout(_) => "kg_timeout",
            Self::RateLimited { .. } => "kg_rate_limited",
            Self::Http { .. } => "kg_http_error",
            Self::UnexpectedContentType(_) => "kg_unexpected_content_type",
            Self::Malformed(_) => "kg_malformed_results",
            Self::TooLarge { .. } => "kg_results_too_large",
            Self::Unreachable(_) => "kg_unreachable",
            Self::InvalidQuery(_) => "kg_invalid_query",
            Self::CircuitOpen { .. } => "kg_circuit_open",
            Self::Store(_) => "kg_store_error",
            Self::Unavailable(_) => "kg_unavailable",
        }
    }
}

/// Where the graph behind a backend came from, for `/health` and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendInfo {
    pub backend: BackendKind,
    /// The endpoint URL (remote) or a description of the store (embedded).
    pub endpoint: Option<String>,
    pub source: String,
    /// The RocksDB directory served (for an on-disk store): the companion files `scigraph
    /// load` wrote (text index, board summaries, precomputed rows) sit beside it.
    pub store: Option<std::path::PathBuf>,
}

/// A SPARQL-queryable scholarly knowledge graph.
#[async_trait]
pub trait KnowledgeGraph: Send + Sync {
    fn info(&self) -> BackendInfo;

    /// Evaluates a read-only query within the backend's time budget.
    async fn query(&self, query: &ReadQuery) -> Result<QueryAnswer, KgError>;

    /// The number of triples, when the backend can tell cheaply (the embedded store counts
    /// once after loading; a remote endpoint is not asked to count millions of triples).
    fn triple_count(&self) -> Option<u64>;

    /// The on-disk store's state, for `/health`: only an embedded backend on a store has one.
    fn store_report(&self) -> Option<store::StoreReport> {
        None
    }

    /// Proves the graph answers, with the cheapest possible query.
    async fn ping(&self) -> Result<(), KgError> {
        let query = ReadQuery::parse(PING_QUERY)?;
        self.query(&query).await.map(|_| ())
    }
}

/// Why a backend could not be set up at start-up.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error(transparent)]
    Load(#[from] load::LoadError),
    #[error("could not build the HTTP client: {0}")]
    Client(#[source] reqwest::Error),
    #[error(
        "--store / SCIGRAPH_STORE needs the on-disk store, and this scigraph was built without \
         the `rocksdb` feature; rebuild with `cargo build --release --features rocksdb` \
         (needs libclang-dev), or serve a dump from memory with --dump FILE"
    )]
    RocksDbFeatureMissing,
    #[error("{0}")]
    Conflict(String),
}

/// Builds the backend the settings describe. The embedded backend loads its dumps here,
/// off the async runtime; with neither dumps nor a store it serves the bundled demo graph.
pub async fn connect(settings: &KgSettings) -> Result<Arc<dyn KnowledgeGraph>, ConnectError> {
    match settings.backend {
        BackendKind::Remote => {
            if !settings.dumps.is_empty() || settings.store.is_some() {
                return Err(ConnectError::Conflict(
                    "the remote backend takes no dump files or store; unset SCIGRAPH_DUMPS / \
                     SCIGRAPH_STORE or choose SCIGRAPH_BACKEND=embedded"
                        .into(),
                ));
            }
            let graph = remote::RemoteGraph::new(settings.endpoint.clone(), settings.timeout)
                .map_err(ConnectError::Client)?
                .with_retry(remote::RetryPolicy { attempts: settings.sparql_attempts, ..Default::default() })
                .with_breaker(settings.breaker_threshold, settings.breaker_cooldown)
                .with_max_response_bytes(settings.max_response_bytes);
            Ok(Arc::new(graph))
        }
        BackendKind::Embedded => {
            let settings = settings.clone();
            let graph = tokio::task::spawn_blocking(move || embedded::EmbeddedGraph::from_settings(&settings))
                .await
                .map_err(|e| ConnectError::Load(load::LoadError::Store(e.to_string())))??;
            Ok(Arc::new(graph))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_query_accepts_select_and_ask() {
        for q in ["SELECT ?s WHERE { ?s ?p ?o } LIMIT 1", PING_QUERY] {
            assert!(ReadQuery::parse(q).is_ok(), "{q}");
        }
    }

    #[test]
    fn the_row_limit_is_the_outermost_limit_of_a_select() {
        let limit = |q: &str| ReadQuery::parse(q).map(|q| q.row_limit()).ok().flatten();
        assert_eq!(limit("SELECT DISTINCT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 300"), Some(300));
        assert_eq!(limit("SELECT ?s WHERE { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 5 } ?s ?q ?r }"), None);
        assert_eq!(limit("SELECT ?s WHERE { ?s ?p ?o } OFFSET 3"), None);
        assert_eq!(limit(PING_QUERY), None);
    }

    #[test]
    fn read_query_refuses_updates_and_graph_forms_and_garbage() {
        let refused = [
            "INSERT DATA { <http://a> <http://b> <http://c> }",
            "DELETE WHERE { ?s ?p ?o }",
            "DROP ALL",
            "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }",
            "DESCRIBE <http://a>",
            "SELECT ?s WHERE { ?s ?p ?o ",
            "",
        ];
        for q in refused {
            let err = ReadQuery::parse(q).expect_err(q);
            assert_eq!(err.code(), "kg_invalid_query", "{q}");
        }
    }

    #[test]
    fn rate_limit_message_mentions_retry_after_when_known() {
        let e = KgError::RateLimited { retry_after: Some(Duration::from_secs(7)) };
        assert!(e.to_string().contains("retry after 7s"));
        let e = KgError::RateLimited { retry_after: None };
        assert!(!e.to_string().contains("retry after"));
    }
}
