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
use super::store::{Nothing, StoreProblem, StoreReport};
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
    /// The on-disk store served, when it is one.
    disk: Option<Arc<Disk>>,
}

/// An on-disk store as opened by `serve`: the generation held, its manifest, what opening it
/// found wrong, and the count that start-up checks in the background.
struct Disk {
    root: std::path::PathBuf,
    /// `None` when the directory had nothing to serve; queries then fail.
    served: Option<super::store::Served>,
    manifest: Option<super::manifest::Manifest>,
    /// What opening the store served found wrong with it (nothing served: none, since why
    /// is read again at each report).
    found: Vec<StoreProblem>,
    counted: std::sync::OnceLock<u64>,
}

impl Disk {
    fn report(&self) -> StoreReport {
        // With nothing served, what start-up found may have changed since: read it again.
        let mut problems = match &self.served {
            Some(_) => self.found.clone(),
            None => {
                let loading = super::store::loading(&self.root);
                vec![match (super::store::active(&self.root).ok().flatten(), loading) {
                    // An append holds the generation: it still cannot be opened.
                    (Some(now), Some(holder)) if self.root.join(&now).join(super::store::APPENDING).exists() => {
                        nothing_problem(&self.root, &Nothing::Appending(holder))
                    }
                    (Some(now), _) => replaced(&self.root, None, &now),
                    (None, Some(holder)) => nothing_problem(&self.root, &Nothing::Loading(holder)),
                    (None, None) => nothing_problem(&self.root, &Nothing::Incomplete),
                }]
            }
        };
        let counted = self.counted.get().copied();
        if let (Some(manifest), Some(counted)) = (&self.manifest, counted) {
            if manifest.triples != counted {
                problems.push(count_mismatch(manifest.triples, counted));
            }
        }
        let generation = self.served.as_ref().and_then(|s| s.generation.clone());
        let legacy = self.served.as_ref().is_some_and(|s| s.generation.is_none());
        if !legacy && self.served.is_some() {
            if let Ok(now) = super::store::active(&self.root) {
                if now.is_some() && now != generation {
                    problems.push(replaced(&self.root, generation.as_deref(), now.as_deref().unwrap_or_default()));
                }
            }
        }
        StoreReport {
            path: self.root.display().to_string(),
            generation,
            manifest_triples: self.manifest.as_ref().map(|m| m.triples),
            counted_triples: counted,
            loaded_at: self.manifest.as_ref().map(|m| super::store::utc(m.finished_at)),
            files: self.manifest.as_ref().map_or(0, |m| m.files.len()),
            load_running: super::store::loading(&self.root),
            problems,
        }
    }
}

fn count_mismatch(recorded: u64, counted: u64) -> StoreProblem {
    StoreProblem {
        code: "store_count_mismatch",
        message: format!(
            "its manifest records {recorded} triples but the store holds {counted}: it was \
             changed by something other than `scigraph load`; load it again"
        ),
    }
}

fn replaced(root: &Path, served: Option<&str>, now: &str) -> StoreProblem {
    let message = match served {
        Some(served) => format!(
            "a load replaced the store at {} after start-up (it now holds {now}); this process \
             still serves {served}, whole; restart it to serve the new one",
            root.display()
        ),
        None => format!("a load into {} has finished since start-up; restart to serve it", root.display()),
    };
    StoreProblem { code: "store_replaced", message }
}

/// Why a store directory has nothing to serve, as a problem.
fn nothing_problem(root: &Path, nothing: &Nothing) -> StoreProblem {
    let root = root.display();
    match nothing {
        Nothing::Loading(holder) => StoreProblem {
            code: "store_loading",
            message: format!(
                "the first load into {root} is still running ({holder}); there is nothing to \
                 serve until it finishes: restart then"
            ),
        },
        Nothing::Incomplete => StoreProblem {
            code: "store_incomplete",
            message: format!(
                "no load into {root} has finished (one was stopped before its end, or the \
                 directory is not a scigraph store); there is nothing to serve: load it with \
                 `scigraph load --store {root} FILE...`"
            ),
        },
        Nothing::Appending(holder) => StoreProblem {
            code: "store_appending",
            message: format!(
                "a `scigraph load --append` is changing the store at {root} in place ({holder}); \
                 restart once it has finished"
            ),
        },
    }
}

impl EmbeddedGraph {
    /// An in-memory store holding the bundled demo graph.
    pub fn demo(timeout: Duration) -> Result<Self, LoadError> {
        let store = Store::new().map_err(|e| LoadError::Store(e.to_string()))?;
        let triples = load::load_text(&store, RdfFormat::Turtle, DEMO_GRAPH)?;
        Ok(Self { store, triples, source: "demo graph (data/orkg-demo.ttl)".into(), timeout, disk: None })
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
            disk: None,
        })
    }

    /// Opens the store `scigraph load` made in `root`, read-only: the generation it serves
    /// now, held against removal for as long as this graph lives. A directory with nothing to
    /// serve (a first load stopped or still running) opens as an empty graph whose queries
    /// fail and whose [`KnowledgeGraph::store_report`] says why; so does anything else wrong
    /// with the store, which is still served.
    #[cfg(feature = "rocksdb")]
    pub fn open(root: &Path, timeout: Duration) -> Result<Self, LoadError> {
        use super::manifest::{beside, Manifest};
        let opened = super::store::open_for_serving(root)
            .map_err(|e| LoadError::Io { path: root.to_owned(), reason: format!("{e} ({})", e.code()) })?;
        let served = match opened {
            Ok(served) => served,
            // What it lacks is read again at every report ([`Disk::report`]): a load may
            // finish or be killed meanwhile.
            Err(_) => {
                let disk = Disk { root: root.to_owned(), served: None, manifest: None, found: Vec::new(), counted: Default::default() };
                let store = Store::new().map_err(|e| LoadError::Store(e.to_string()))?;
                let source = format!("on-disk store {} (nothing to serve)", root.display());
                return Ok(Self { store, triples: 0, source, timeout, disk: Some(Arc::new(disk)) });
            }
        };
        let store = Store::open_read_only(&served.db).map_err(|e| LoadError::Store(e.to_string()))?;
        let mut found = Vec::new();
        let manifest = match Manifest::open(&beside(&served.db)) {
            Ok(Some(manifest)) => Some(manifest),
            Ok(None) => {
                found.push(StoreProblem {
                    code: "store_no_manifest",
                    message: format!(
                        "the store at {} has no manifest: no `scigraph load` finished it (one was \
                         stopped, or another tool made it), so it may hold part of a graph; load \
                         it again",
                        root.display()
                    ),
                });
                None
            }
            Err(e) => {
                found.push(StoreProblem { code: "store_manifest_unreadable", message: format!("{e}; load the store again") });
                None
            }
        };
        if served.db.parent().is_some_and(|g| served.generation.is_some() && g.join(super::store::APPENDING).exists()) {
            found.push(StoreProblem {
                code: "store_append_interrupted",
                message: "a `scigraph load --append` into it was stopped before it finished: it may \
                          hold part of what was being added, and its text index and summaries may \
                          not match it; load it again without --append"
                    .into(),
            });
        }
        for cut in manifest.iter().flat_map(|m| m.truncated()) {
            found.push(StoreProblem {
                code: "store_truncated_source",
                message: format!("a file the store was loaded from was cut short ({cut}): it holds only what came before the cut; load it again from a whole file"),
            });
        }
        let counted = std::sync::OnceLock::new();
        // The count `scigraph load` recorded serves start-up; counting walks every triple
        // (2.7 s at 6.3 M), so the check against it runs in the background.
        let triples = match &manifest {
            Some(manifest) => manifest.triples,
            None => {
                let n = store.len().map_err(|e| LoadError::Store(e.to_string()))? as u64;
                let _ = counted.set(n);
                n
            }
        };
        if triples == 0 {
            found.push(StoreProblem { code: "store_empty", message: format!("the store at {} holds no triples", root.display()) });
        }
        let generation = served.generation.clone();
        let source = match &generation {
            Some(name) => format!("on-disk store {} ({name})", root.display()),
            None => format!("on-disk store {}", root.display()),
        };
        let disk = Arc::new(Disk { root: root.to_owned(), served: Some(served), manifest, found, counted });
        if disk.counted.get().is_none() {
            let (disk, store) = (disk.clone(), store.clone());
            std::thread::spawn(move || match store.len() {
                Ok(n) => {
                    let n = n as u64;
                    let _ = disk.counted.set(n);
                    if let Some(recorded) = disk.manifest.as_ref().map(|m| m.triples).filter(|r| *r != n) {
                        let problem = count_mismatch(recorded, n);
                        tracing::warn!(code = problem.code, "{}", problem.message);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not count the store's triples"),
            });
        }
        Ok(Self { store, triples, source, timeout, disk: Some(disk) })
    }

    /// Opens the RocksDB store at `db` read-only as it is, with no store directory around
    /// it: what `scigraph load` reads back to check and to write the files beside it.
    #[cfg(feature = "rocksdb")]
    pub fn read_only(db: &Path, timeout: Duration) -> Result<Self, LoadError> {
        let store = Store::open_read_only(db).map_err(|e| LoadError::Store(e.to_string()))?;
        let triples = store.len().map_err(|e| LoadError::Store(e.to_string()))? as u64;
        Ok(Self { store, triples, source: format!("on-disk store {}", db.display()), timeout, disk: None })
    }

    /// Whether this graph has nothing to query (a store directory with no finished load).
    fn unavailable(&self) -> Option<StoreProblem> {
        let disk = self.disk.as_ref()?;
        if disk.served.is_some() {
            return None;
        }
        disk.report().problems.into_iter().next()
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
        BackendInfo {
            backend: BackendKind::Embedded,
            endpoint: None,
            source: self.source.clone(),
            store: self.disk.as_ref().and_then(|d| d.served.as_ref()).map(|s| s.db.clone()),
        }
    }

    #[tracing::instrument(name = "kg.embedded.query", skip_all)]
    async fn query(&self, query: &ReadQuery) -> Result<QueryAnswer, KgError> {
        if let Some(problem) = self.unavailable() {
            return Err(KgError::Unavailable(format!("{} ({})", problem.message, problem.code)));
        }
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

    fn store_report(&self) -> Option<StoreReport> {
        self.disk.as_ref().map(|d| d.report())
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
