//! The embedded backend: an oxigraph [`Store`] inside the process, for offline use.
//!
//! The store is in memory by default, filled at start-up from dump files or, with neither
//! dumps nor a store configured, from the demo graph compiled into the binary
//! (`data/orkg-demo.ttl`), so a fresh machine serves something real with no set-up. With the
//! `rocksdb` feature it can instead open an on-disk store that `scigraph load` filled once;
//! that store is opened read-only, and queries can never write to either kind of store
//! (they arrive as [`ReadQuery`]s and are only ever evaluated). Evaluation is blocking, so it
//! runs on tokio's blocking pool, and a query over its time budget is cancelled through
//! oxigraph's cancellation token rather than left running.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use oxigraph::sparql::{CancellationToken, QueryResults, SparqlEvaluator};
use oxigraph::store::Store;
use oxrdfio::RdfFormat;

use super::load::{self, LoadError, LoadOptions, Progress};
use super::{BackendInfo, ConnectError, KgError, KnowledgeGraph, QueryAnswer, ReadQuery, Solutions};
use crate::config::{BackendKind, KgSettings};

/// The demo graph the repository ships, compiled in so the binary runs from any directory.
pub const DEMO_GRAPH: &str = include_str!("../../data/orkg-demo.ttl");

#[derive(Clone)]
pub struct EmbeddedGraph {
    store: Store,
    triples: u64,
    source: String,
    timeout: Duration,
}

impl EmbeddedGraph {
    /// An in-memory store holding the bundled demo graph.
    pub fn demo(timeout: Duration) -> Result<Self, LoadError> {
        let store = Store::new().map_err(|e| LoadError::Store(e.to_string()))?;
        let triples = load::load_text(&store, RdfFormat::Turtle, DEMO_GRAPH)?;
        Ok(Self { store, triples, source: "demo graph (data/orkg-demo.ttl)".into(), timeout })
    }

    /// An in-memory store holding `dumps`; malformed statements are logged and skipped.
    pub fn from_dumps(
        dumps: &[std::path::PathBuf],
        timeout: Duration,
        progress: &dyn Progress,
    ) -> Result<Self, LoadError> {
        let store = Store::new().map_err(|e| LoadError::Store(e.to_string()))?;
        let report = load::load_files(&store, dumps, LoadOptions::default(), progress)?;
        let names: Vec<_> = dumps.iter().map(|p| p.display().to_string()).collect();
        tracing::info!(
            statements = report.statements,
            skipped = report.skipped,
            triples = report.triples_in_store,
            "loaded dumps into memory"
        );
        Ok(Self {
            store,
            triples: report.triples_in_store,
            source: format!("in-memory store from {}", names.join(", ")),
            timeout,
        })
    }

    /// Opens an on-disk store made by `scigraph load`, read-only.
    #[cfg(feature = "rocksdb")]
    pub fn open(dir: &Path, timeout: Duration) -> Result<Self, LoadError> {
        if !dir.join("CURRENT").exists() {
            return Err(LoadError::Io {
                path: dir.to_owned(),
                reason: format!(
                    "no store here; create one with `scigraph load --store {} FILE...`",
                    dir.display()
                ),
            });
        }
        let store = Store::open_read_only(dir).map_err(|e| LoadError::Store(e.to_string()))?;
        // The count `scigraph load` recorded; counting walks every triple (seconds).
        let recorded = match super::manifest::Manifest::open(&super::manifest::beside(dir)) {
            Ok(manifest) => manifest.map(|m| m.triples),
            Err(e) => {
                tracing::warn!(error = %e, code = e.code(), "counting the store's triples instead");
                None
            }
        };
        let triples = match recorded {
            Some(triples) => triples,
            None => store.len().map_err(|e| LoadError::Store(e.to_string()))? as u64,
        };
        Ok(Self { store, triples, source: format!("on-disk store {}", dir.display()), timeout })
    }

    /// Builds the store the settings ask for. Blocking: call it off the async runtime.
    pub fn from_settings(settings: &KgSettings) -> Result<Self, ConnectError> {
        match (&settings.store, settings.dumps.is_empty()) {
            (Some(_), false) => Err(ConnectError::Conflict(
                "give either an on-disk store (--store / SCIGRAPH_STORE) or dump files \
                 (--dump / SCIGRAPH_DUMPS), not both; load the dumps into the store with \
                 `scigraph load --store DIR FILE...`"
                    .into(),
            )),
            (Some(dir), true) => Self::open_store(dir, settings.timeout),
            (None, false) => Ok(Self::from_dumps(&settings.dumps, settings.timeout, &LogSkips)?),
            (None, true) => Ok(Self::demo(settings.timeout)?),
        }
    }

    #[cfg(feature = "rocksdb")]
    fn open_store(dir: &Path, timeout: Duration) -> Result<Self, ConnectError> {
        Ok(Self::open(dir, timeout)?)
    }

    #[cfg(not(feature = "rocksdb"))]
    fn open_store(_dir: &Path, _timeout: Duration) -> Result<Self, ConnectError> {
        Err(ConnectError::RocksDbFeatureMissing)
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }
}

/// Serving a dump: skipped statements go to the log, since no progress bar is shown.
struct LogSkips;
impl Progress for LogSkips {
    fn skipped(&self, line: &load::SkippedLine) {
        tracing::warn!(
            file = %line.path.display(),
            line = line.line,
            reason = %line.reason,
            "skipped a malformed statement"
        );
    }
}

/// Evaluates a query to completion on the calling (blocking) thread.
fn evaluate(store: &Store, query: &ReadQuery, token: CancellationToken) -> Result<QueryAnswer, KgError> {
    let store_error = |e: &dyn std::fmt::Display| KgError::Store(e.to_string());
    let results = SparqlEvaluator::new()
        .with_cancellation_token(token)
        .for_query(query.parsed().clone())
        .on_store(store)
        .execute()
        .map_err(|e| store_error(&e))?;
    match results {
        QueryResults::Boolean(b) => Ok(QueryAnswer::Boolean(b)),
        QueryResults::Solutions(solutions) => {
            let variables = solutions.variables().to_vec();
            let rows = solutions.collect::<Result<Vec<_>, _>>().map_err(|e| store_error(&e))?;
            Ok(QueryAnswer::Solutions(Solutions { variables, rows }))
        }
        QueryResults::Graph(_) => Err(KgError::InvalidQuery(
            "only SELECT and ASK queries are evaluated".into(),
        )),
    }
}

#[async_trait]
impl KnowledgeGraph for EmbeddedGraph {
    fn info(&self) -> BackendInfo {
        BackendInfo { backend: BackendKind::Embedded, endpoint: None, source: self.source.clone() }
    }

    #[tracing::instrument(name = "kg.embedded.query", skip_all)]
    async fn query(&self, query: &ReadQuery) -> Result<QueryAnswer, KgError> {
        let token = CancellationToken::new();
        let task = {
            let store = self.store.clone();
            let query = Arc::new(query.clone());
            let token = token.clone();
            tokio::task::spawn_blocking(move || evaluate(&store, &query, token))
        };
        match tokio::time::timeout(self.timeout, task).await {
            Ok(joined) => joined.map_err(|e| KgError::Store(format!("query task failed: {e}")))?,
            Err(_) => {
                // Stops the evaluation at its next check instead of letting it run on.
                token.cancel();
                Err(KgError::Timeout(self.timeout))
            }
        }
    }

    fn triple_count(&self) -> Option<u64> {
        Some(self.triples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> EmbeddedGraph {
        EmbeddedGraph::demo(Duration::from_secs(10)).unwrap()
    }

    #[test]
    fn the_demo_graph_loads_and_is_counted() {
        let g = demo();
        assert!(g.triple_count().unwrap() > 1000, "{:?}", g.triple_count());
        assert_eq!(g.triple_count().unwrap(), g.store.len().unwrap() as u64);
    }

    #[tokio::test]
    async fn select_returns_rows_with_the_same_types_as_the_remote_backend() {
        let g = demo();
        let q = ReadQuery::parse(
            "PREFIX orkgc: <http://orkg.org/orkg/class/>
             PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
             SELECT ?paper ?title WHERE { ?paper a orkgc:Paper ; rdfs:label ?title } LIMIT 5",
        )
        .unwrap();
        let rows = g.query(&q).await.unwrap().into_solutions();
        assert_eq!(rows.variables.len(), 2);
        assert_eq!(rows.rows.len(), 5);
        assert!(rows.rows.iter().all(|r| r.get("title").is_some()));
    }

    #[tokio::test]
    async fn ping_succeeds_on_a_loaded_store() {
        assert!(demo().ping().await.is_ok());
    }

    #[tokio::test]
    async fn a_query_over_its_budget_is_cancelled_and_reported_as_a_timeout() {
        let g = demo().with_timeout(Duration::from_millis(50));
        // Every pair of connected nodes, walking edges both ways: seconds of index lookups.
        // (Cancellation is checked on each lookup; a pure hash-join product would not see it.)
        let q = ReadQuery::parse(
            "SELECT (COUNT(*) AS ?n) WHERE { ?a (!<urn:none>|^!<urn:none>)* ?b . ?b ?p ?c }",
        )
        .unwrap();
        let started = std::time::Instant::now();
        let err = g.query(&q).await.unwrap_err();
        assert!(matches!(err, KgError::Timeout(_)), "{err:?}");
        // The test runtime waits for blocking tasks on exit: returning at all proves the
        // evaluation was cancelled; this bounds how long the caller waited.
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn a_store_without_the_rocksdb_feature_is_refused_plainly() {
        let settings = KgSettings {
            backend: BackendKind::Embedded,
            dumps: vec![],
            store: Some("/tmp/some-store".into()),
            endpoint: url::Url::parse(crate::config::DEFAULT_SPARQL_ENDPOINT).unwrap(),
            timeout: Duration::from_secs(1),
            health_cache_ttl: Duration::from_secs(1),
            sparql_attempts: 1,
            breaker_threshold: 5,
            breaker_cooldown: Duration::from_secs(30),
            max_response_bytes: 1024,
            remote_boards: false,
            precomputed_rows: true,
        };
        let result = EmbeddedGraph::from_settings(&settings);
        if cfg!(feature = "rocksdb") {
            let err = result.err().expect("a missing store must fail");
            assert!(err.to_string().contains("scigraph load --store"), "{err}");
        } else {
            let err = result.err().expect("must fail without the feature");
            assert!(matches!(err, ConnectError::RocksDbFeatureMissing));
            assert!(err.to_string().contains("--features rocksdb"), "{err}");
        }
    }
}
