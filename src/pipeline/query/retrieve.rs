//! The query stage's I/O: run the planned strategies against the knowledge graph.
//!
//! Strategies run concurrently, each bounded by the SPARQL timeout. Results are cached by
//! query text in a bounded moka cache with a time-to-live; concurrent identical queries are
//! coalesced into one evaluation. A strategy that times out is retried once as its fallback
//! (the title-keyword search) when the plan gave it one. Every strategy reports its name,
//! status (`ok`, `cached`, `timeout`, `error`), rows and milliseconds; a failure never
//! pretends to be an empty result. Beside an on-disk store, a keyed strategy (paper
//! metadata, a board's kept results) is answered from the rows `scigraph load` precomputed
//! for it (`crate::precomputed`), and reported as cached.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::join_all;
use moka::future::Cache;
use serde::Serialize;

use oxrdf::Term;
use sparesults::QuerySolution;

use super::plan::Strategy;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use crate::kg::{KgError, KnowledgeGraph, ReadQuery, Solutions};
use crate::precomputed::Precomputed;

/// How a strategy's query went: `ok` (run), `cached` (answered from the cache or
/// precomputed rows), `timeout`, `error`, or `rejected` (an LLM-written query that failed
/// validation, or the model's refusal: never run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = StrategyStatus)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Cached,
    Timeout,
    Error,
    /// A query the LLM wrote that failed validation, or its refusal: never run.
    Rejected,
}

/// How one strategy went, as reported in the response.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StrategyReport {
    /// The strategy's name (the `strategy` of its queries in `sparql_queries`).
    pub name: String,
    /// How its query went.
    pub status: Status,
    /// Rows it returned.
    pub rows: usize,
    /// The rows reached the query's LIMIT: more matches exist than were read. Present only
    /// when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// Wall-clock time it took, in milliseconds.
    pub ms: u64,
    /// What went wrong, for a strategy that failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<String>,
    /// The knowledge graph's stable error code of a failed strategy (`kg_timeout`,
    /// `kg_http_error`...).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error_code: Option<&'static str>,
    /// Set on a fallback: the strategy it replaced.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub fallback_for: Option<String>,
}

/// The rows of one strategy that answered.
#[derive(Debug, Clone)]
pub struct Retrieved {
    pub strategy: Strategy,
    pub rows: Arc<Solutions>,
}

/// What the answer must say was not read whole.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cut {
    /// A listing's rows (results, code links, a problem's datasets or models) were cut at
    /// a LIMIT or read from a board's summary: a count read from them is a lower bound.
    /// Paper lists are ranked and cut anyway.
    pub listing: bool,
    /// A leaderboard or a model's results were cut at a LIMIT (a summary is not a cut: it
    /// holds each metric's best): a best read from them is the best of what was read.
    pub results: bool,
}

impl Cut {
    pub fn of(retrieved: &[Retrieved]) -> Self {
        use super::plan::Role;
        let filled = |r: &Retrieved| r.strategy.query.fills_limit(r.rows.rows.len());
        let listing = retrieved.iter().any(|r| {
            let listing = matches!(r.strategy.role, Role::Results { .. } | Role::Code | Role::DatasetsOfTask | Role::ProblemsOfField | Role::ModelsOfTask);
            r.strategy.role == (Role::Results { summary: true }) || (listing && filled(r))
        });
        let results = retrieved.iter().any(|r| r.strategy.role == (Role::Results { summary: false }) && filled(r));
        Self { listing, results }
    }
}

/// A query as run, for `sparql_queries` in the response.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QueryRecord {
    /// The strategy it ran for (a `name` in `strategies_used`).
    pub strategy: String,
    /// The SPARQL query text.
    pub sparql: String,
}

/// The value of a binding: an IRI's text or a literal's lexical form.
pub fn text(row: &QuerySolution, var: &str) -> Option<String> {
    match row.get(var)? {
        Term::NamedNode(n) => Some(n.as_str().to_owned()),
        Term::Literal(l) => Some(l.value().to_owned()),
        Term::BlankNode(b) => Some(format!("_:{}", b.as_str())),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Most rows made from precomputed cells that the cache keeps for one query.
const MAX_CACHED_PRECOMPUTED: usize = 100_000;

/// Every query run for one question and how each strategy went: the response's
/// `sparql_queries` and `strategies_used`.
#[derive(Debug, Default)]
pub struct Ledger {
    pub reports: Vec<StrategyReport>,
    pub records: Vec<QueryRecord>,
}

impl Ledger {
    /// Whether there were strategies and every one of them failed.
    pub fn all_failed(&self) -> bool {
        !self.reports.is_empty() && self.reports.iter().all(|r| matches!(r.status, Status::Timeout | Status::Error))
    }

    /// The share of the strategies run that completed (neither timed out nor failed); 1
    /// with none run.
    pub fn completed(&self) -> f64 {
        let run: Vec<&StrategyReport> = self.reports.iter().filter(|r| r.status != Status::Rejected).collect();
        if run.is_empty() {
            return 1.0;
        }
        run.iter().filter(|r| matches!(r.status, Status::Ok | Status::Cached)).count() as f64 / run.len() as f64
    }

    /// One diagnostic per failed strategy (once per message), then one per truncated one.
    pub fn diagnose(&self, diagnostics: &mut Diagnostics) {
        for report in self.reports.iter().filter(|r| r.error.is_some()) {
            let error = report.error.as_deref().unwrap_or_default();
            diagnostics.push_once(report.failure_code(), Stage::Query, format!("strategy {} failed: {error}", report.name));
        }
        for report in self.reports.iter().filter(|r| r.truncated) {
            let message = format!(
                "strategy {} stopped at its row limit ({} rows): the graph holds more matches than were read",
                report.name, report.rows
            );
            diagnostics.push(Code::StrategyTruncated, Stage::Query, message);
        }
    }

    /// Moves another ledger's entries before this one's (a retry that replaces its first
    /// attempt keeps the first attempt's queries in front).
    pub fn prepend(&mut self, mut earlier: Ledger) {
        earlier.reports.append(&mut self.reports);
        earlier.records.append(&mut self.records);
        *self = earlier;
    }

    pub fn extend(&mut self, later: Ledger) {
        self.reports.extend(later.reports);
        self.records.extend(later.records);
    }
}

impl StrategyReport {
    /// The diagnostic code of a failed strategy.
    pub fn failure_code(&self) -> Code {
        match self.status {
            Status::Timeout => Code::StrategyTimeout,
            Status::Rejected => Code::GeneratedRejected,
            _ => Code::StrategyError,
        }
    }
}

pub struct Retriever {
    kg: Arc<dyn KnowledgeGraph>,
    cache: Cache<String, Arc<Solutions>>,
    timeout: Duration,
    /// Rows of the keyed templates written beside an on-disk store by `scigraph load`.
    precomputed: Option<Arc<Precomputed>>,
}

impl Retriever {
    /// `capacity` is in rows, not entries: one leaderboard can be thousands of rows.
    pub fn new(kg: Arc<dyn KnowledgeGraph>, timeout: Duration, capacity: u64, ttl: Duration) -> Self {
        let cache = Cache::builder()
            .max_capacity(capacity)
            .weigher(|_query: &String, rows: &Arc<Solutions>| u32::try_from(rows.rows.len()).unwrap_or(u32::MAX).saturating_add(1))
            .time_to_live(ttl)
            .build();
        Self { kg, cache, timeout, precomputed: None }
    }

    /// Whether the graph can change while served: an embedded store cannot (the process
    /// holds it, or holds it in memory); an endpoint's can.
    pub fn fixed(&self) -> bool {
        self.kg.info().backend == crate::config::BackendKind::Embedded
    }

    /// Answers keyed strategies from `rows` when every key is there (see
    /// `crate::precomputed`): the store's own rows, read once by `scigraph load`.
    pub fn with_precomputed(mut self, rows: Option<Arc<Precomputed>>) -> Self {
        self.precomputed = rows;
        self
    }

    pub fn kg(&self) -> &Arc<dyn KnowledgeGraph> {
        &self.kg
    }

    /// Runs one query through the cache; `true` when the answer came from the cache.
    pub async fn run(&self, query: &ReadQuery) -> Result<(Arc<Solutions>, bool), KgError> {
        let key = query.as_str().to_owned();
        if let Some(hit) = self.cache.get(&key).await {
            return Ok((hit, true));
        }
        let kg = self.kg.clone();
        let budget = self.timeout;
        let result = self
            .cache
            .try_get_with(key, async move {
                // The backends enforce the timeout themselves; this is the backstop.
                match tokio::time::timeout(budget + Duration::from_millis(250), kg.query(query)).await {
                    Ok(answer) => answer.map(|a| Arc::new(a.into_solutions())),
                    Err(_) => Err(KgError::Timeout(budget)),
                }
            })
            .await;
        result.map(|rows| (rows, false)).map_err(|e| (*e).clone())
    }

    /// Runs a strategy's query. Templates do not sort: when the rows reach the LIMIT, the
    /// engine's first rows are kept and the report says the list was cut. Sorting every
    /// match to choose them deterministically read whole head entities (9 s instead of
    /// 0.1 s for 200 rows of a 12,468-evaluation board on RocksDB) and timed out, which
    /// answers nothing; the rows kept are the same on every run against the same store.
    /// A keyed strategy whose keys were all precomputed is answered from those rows and
    /// reported as cached (the rows the store gave `scigraph load` for the same query).
    async fn run_query(&self, strategy: &Strategy, records: &mut Vec<QueryRecord>) -> Result<(Arc<Solutions>, bool), KgError> {
        records.push(QueryRecord { strategy: strategy.name.clone(), sparql: strategy.query.as_str().to_owned() });
        let precomputed = self.precomputed.as_deref().zip(strategy.keyed.as_ref());
        if precomputed.is_some() {
            // Rows made from precomputed cells once are kept like any query's (a retry, the
            // same question again).
            let key = strategy.query.as_str();
            if let Some(hit) = self.cache.get(key).await {
                return Ok((hit, true));
            }
            if let Some(rows) = precomputed.and_then(|(rows, keyed)| rows.answer(keyed, strategy.query.row_limit())) {
                let rows = Arc::new(rows);
                // A whole-graph read (every board's leading values: 315,000 rows at 6.3 M
                // triples) would take a third of the cache; its caller keeps what it makes
                // of them, and the cells stay in memory.
                if rows.rows.len() <= MAX_CACHED_PRECOMPUTED {
                    self.cache.insert(key.to_owned(), rows.clone()).await;
                }
                return Ok((rows, true));
            }
        }
        self.run(&strategy.query).await
    }

    async fn run_one(&self, strategy: Strategy) -> (Vec<StrategyReport>, Vec<QueryRecord>, Option<Retrieved>) {
        let mut reports = Vec::new();
        let mut records = Vec::new();
        let started = Instant::now();
        let outcome = self.run_query(&strategy, &mut records).await;
        let ms = started.elapsed().as_millis() as u64;
        match outcome {
            Ok((rows, cached)) => {
                reports.push(StrategyReport {
                    name: strategy.name.clone(),
                    status: if cached { Status::Cached } else { Status::Ok },
                    rows: rows.rows.len(),
                    truncated: strategy.query.fills_limit(rows.rows.len()),
                    ms,
                    error: None,
                    error_code: None,
                    fallback_for: None,
                });
                (reports, records, Some(Retrieved { strategy, rows }))
            }
            Err(e) => {
                let timed_out = matches!(e, KgError::Timeout(_));
                reports.push(StrategyReport {
                    name: strategy.name.clone(),
                    status: if timed_out { Status::Timeout } else { Status::Error },
                    rows: 0,
                    truncated: false,
                    ms,
                    error: Some(format!("{e} ({})", e.code())),
                    error_code: Some(e.code()),
                    fallback_for: None,
                });
                if let (true, Some(fallback)) = (timed_out, strategy.fallback.clone()) {
                    tracing::warn!(strategy = %strategy.name, "timed out; retrying as the title-keyword fallback");
                    let fallback = *fallback;
                    let (mut fallback_reports, fallback_records, retrieved) = Box::pin(self.run_one(fallback)).await;
                    for report in &mut fallback_reports {
                        report.fallback_for = Some(strategy.name.clone());
                    }
                    reports.extend(fallback_reports);
                    records.extend(fallback_records);
                    return (reports, records, retrieved);
                }
                (reports, records, None)
            }
        }
    }

    /// Runs every strategy concurrently; reports come back in plan order.
    #[tracing::instrument(name = "retrieve", skip_all, fields(strategies = strategies.len()))]
    /// Runs the strategies concurrently, writes how each went into `ledger`, and returns
    /// the rows of those that answered.
    pub async fn run_all(&self, strategies: Vec<Strategy>, ledger: &mut Ledger) -> Vec<Retrieved> {
        let outcomes = join_all(strategies.into_iter().map(|s| self.run_one(s))).await;
        let mut retrieved = Vec::new();
        for (r, q, rows) in outcomes {
            ledger.reports.extend(r);
            ledger.records.extend(q);
            retrieved.extend(rows);
        }
        retrieved
    }
}
