//! Rows precomputed beside an on-disk store. On RocksDB every triple-pattern lookup costs
//! 0.03–0.1 ms, and a question's paper metadata (years and DOIs of every paper found,
//! details and entities of the cited ones), a large board's best results (read by
//! evaluation IRI from its summary, `crate::boards`) and a head entity's listing (a
//! popular task's 500 datasets, a model's results) are hundreds or thousands of such
//! lookups: 20–180 ms a question at 6.3 M triples, against microseconds in memory.
//!
//! Two kinds of query are precomputed by `scigraph load`, each with the very template and
//! arguments the planner fills, and written beside the store (`<store>.rows.json`):
//! - keyed templates ([`KEYED`]), whose only anchor is a `VALUES` list of papers or
//!   evaluations, so that the rows of a list are the rows of each key one after the other:
//!   read for every paper and every evaluation a board summary keeps, in batches;
//! - listings anchored on one entity (`plan::LISTINGS`), read for the most used entities
//!   (`heads.rq`) with the planner's LIMIT, and kept when they are long; a dataset's
//!   leaderboard and papers for nearly every dataset ([`thresholds`]);
//! - templates anchored on nothing ([`WHOLE`]): the rankings by count and the papers'
//!   years, each one query over the whole graph (every dataset, model, problem or year
//!   with its count) that took up to 9 s on RocksDB at 6.3 M triples, read once and kept
//!   under [`WHOLE_KEY`].
//!
//! `serve --store` opens them (a dump served from memory reads them at start-up: a few
//! seconds at the mirror's size), and the retriever answers a strategy whose keys are all
//! there from memory ([`Precomputed::answer`]): the same rows, in key order, cut at the
//! query's LIMIT. A key missing, another template, several entities in one listing, or a
//! store loaded since: the query runs against the store as before.
//!
//! Terms are kept once each in their N-Triples form and parsed back when a row is
//! answered. The rows are tied to the load that wrote them (the manifest's `finished_at`):
//! a store loaded again without them is never answered from stale rows; and each table to
//! its template's text: a scigraph whose template changed runs that query against the store. I/O at
//! [`Precomputed::read`], [`write`], [`for_store`], [`Precomputed::save`] and
//! [`Precomputed::open`]; the rest is pure.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use futures::{stream, StreamExt};
use oxrdf::{Term, Variable};
use serde::{Deserialize, Serialize};
use sparesults::QuerySolution;

use crate::boards::Boards;
use crate::config::{BackendKind, Settings};
use crate::kg::{KnowledgeGraph, Solutions};
use crate::pipeline::query::labels::LabelError;
use crate::pipeline::query::retrieve::text;
use crate::pipeline::query::plan::LISTINGS;
use crate::pipeline::query::templates::{Anchor, Arg, Templates};

/// The keyed templates precomputed: (template, its `values` parameter, the key variable).
pub const KEYED: &[(&str, &str, &str)] = &[
    ("paper_years", "papers", "paper"),
    ("paper_details", "papers", "paper"),
    ("paper_entities", "papers", "paper"),
    ("leaderboard_evals", "evals", "eval"),
];
/// The templates anchored on nothing, read whole with the LIMIT the pipeline fills
/// (`Pipeline::tally`): a ranking by count reads one of them.
pub const WHOLE: &[&str] = &[
    "tally_datasets_by_models",
    "tally_datasets_by_papers",
    "tally_models_by_code",
    "tally_models_by_datasets",
    "tally_problems_by_contributions",
    "tally_problems_by_papers",
    "tally_problems_by_datasets",
    "tally_years_by_papers",
    "board_leaders",
];
/// The key the rows of a [`WHOLE`] template are kept under: the query names no entity.
pub const WHOLE_KEY: &str = "";
/// Entities used this often are heads, whose listings are precomputed ...
const HEAD_USES: u32 = 50;
/// ... when they hold this many rows or more (fewer cost the store a few milliseconds).
const HEAD_ROWS: usize = 50;
/// Most head entities read.
const MAX_HEADS: u32 = 1_000_000;
/// A dataset's leaderboard and papers are what a claim or a comparison reads, on boards of
/// every size: they are precomputed from far fewer uses and rows (a 40-row board costs
/// the store 10–20 ms; every board under `boards::BIG_BOARD` evaluations, 441,000 rows
/// at 6.3 M triples, is a few tens of MB here).
fn thresholds(template: &str) -> (u32, usize) {
    match template {
        "leaderboard" => (1, 10),
        "papers_by_dataset" => (5, 10),
        _ => (HEAD_USES, HEAD_ROWS),
    }
}
/// Keys per query while precomputing (a `VALUES` list of this many IRIs).
const BATCH: usize = 500;
/// Most rows of one batch; a batch that reaches it is refused rather than kept cut.
const BATCH_ROWS: u32 = 5_000_000;
/// Most papers read as keys.
const MAX_PAPERS: u32 = 10_000_000;
/// The format of `<store>.rows.json`; another format is not read.
const FORMAT: u32 = 1;

/// Which keyed template a strategy's query was filled from, and with which keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyed {
    pub template: &'static str,
    pub keys: Vec<String>,
}

/// One template's rows: the projected variables, and per key (an IRI) its rows as one run
/// of cells, a row every `variables.len()` cells; a cell is 1 + an index into the terms, or
/// 0 when the variable is unbound (flat: two million rows would otherwise cost a vector
/// each).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Table {
    /// The template's text when the rows were read: rows of another version of it (a newer
    /// scigraph serving an older store) are not used.
    source: String,
    variables: Vec<String>,
    rows: HashMap<String, Vec<u32>>,
    /// A listing of one entity: its rows answer a query anchored on that key alone (the
    /// rows need not name the key, and a list of keys would be read as one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    single: bool,
    /// The LIMIT the rows were read with, when it could cut them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limit: Option<usize>,
}

/// The precomputed rows of every keyed template, and the terms they use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Precomputed {
    format: u32,
    /// The manifest's `finished_at` of the load these rows were read after.
    load: u64,
    terms: Vec<String>,
    tables: BTreeMap<String, Table>,
    #[serde(skip)]
    interned: HashMap<String, u32>,
}

/// Why the rows could not be read or saved; the queries then run against the store.
#[derive(Debug, thiserror::Error)]
pub enum PrecomputedError {
    #[error(transparent)]
    Graph(#[from] LabelError),
    #[error("precomputing {template}: a batch of {keys} keys reached {rows} rows")]
    Cut { template: String, keys: usize, rows: u32 },
    #[error("cannot read or write the precomputed rows at {path}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the precomputed rows at {path} are not readable")]
    Format {
        path: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("the precomputed rows at {path} are of format {found}, not {FORMAT}")]
    OtherFormat { path: String, found: u32 },
}

/// A term from its N-Triples form. An IRI is written by oxrdf as `<iri>` with the IRI as
/// it was validated when read from the graph, so it is taken back as is (validating it
/// again cost more than the rest of answering); literals and blank nodes are parsed.
fn decode(text: &str) -> Option<Term> {
    match text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(iri) => Some(oxrdf::NamedNode::new_unchecked(iri).into()),
        None => Term::from_str(text).ok(),
    }
}

/// The text of a compiled-in template.
fn source(template: &str) -> Option<&'static str> {
    crate::pipeline::query::templates::SOURCES.iter().find(|(name, _)| *name == template).map(|(_, text)| *text)
}

impl PrecomputedError {
    /// A stable, machine-readable name for the failure.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Graph(_) => "precomputed_graph",
            Self::Cut { .. } => "precomputed_cut",
            Self::Io { .. } => "precomputed_io",
            Self::Format { .. } => "precomputed_format",
            Self::OtherFormat { .. } => "precomputed_other_format",
        }
    }
}

/// Where `scigraph load` writes the rows of a store: `<store>.rows.json`.
pub fn beside(store: &Path) -> PathBuf {
    crate::kg::manifest::sidecar(store, ".rows.json")
}

impl Precomputed {
    /// The cell of a term: 1 + its index, the term kept once.
    fn intern(&mut self, term: &Term) -> u32 {
        let text = term.to_string();
        if let Some(&id) = self.interned.get(&text) {
            return id + 1;
        }
        let id = u32::try_from(self.terms.len()).unwrap_or(u32::MAX - 1);
        self.interned.insert(text.clone(), id);
        self.terms.push(text);
        id + 1
    }

    /// The table of `template`, made with its source and `variables` when new.
    fn table(&mut self, template: &str, variables: &[Variable]) -> &mut Table {
        self.tables.entry(template.to_owned()).or_insert_with(|| Table {
            source: source(template).unwrap_or_default().to_owned(),
            variables: variables.iter().map(|v| v.as_str().to_owned()).collect(),
            ..Table::default()
        })
    }

    /// The cells of one row, in the order of `variables`.
    fn cells(&mut self, variables: &[Variable], row: &QuerySolution, into: &mut Vec<u32>) {
        for v in variables {
            let cell = row.get(v).map_or(0, |t| self.intern(t));
            into.push(cell);
        }
    }

    /// Keeps `solutions` as the rows of `template` for `keys`: each row under the key its
    /// `key` variable binds; every key is kept, with no rows when none matched it.
    pub fn insert(&mut self, template: &str, key: &str, keys: &[String], solutions: &Solutions) {
        let mut grouped: HashMap<String, Vec<u32>> = keys.iter().map(|k| (k.clone(), Vec::new())).collect();
        for row in &solutions.rows {
            let Some(k) = text(row, key) else { continue };
            self.cells(&solutions.variables, row, grouped.entry(k).or_default());
        }
        let table = self.table(template, &solutions.variables);
        table.rows.extend(grouped);
    }

    /// Keeps `solutions`, read with `limit`, as the rows of `template` anchored on `key`
    /// alone (a head entity's listing).
    pub fn insert_single(&mut self, template: &str, key: &str, limit: usize, solutions: &Solutions) {
        let mut rows = Vec::with_capacity(solutions.rows.len() * solutions.variables.len());
        for row in &solutions.rows {
            self.cells(&solutions.variables, row, &mut rows);
        }
        let table = self.table(template, &solutions.variables);
        table.single = true;
        table.limit = Some(limit);
        table.rows.insert(key.to_owned(), rows);
    }

    /// The rows of a keyed strategy, when every key was precomputed: each key's rows in the
    /// order of the keys (each key once), cut at `limit`. `None` sends the query to the
    /// store: a key missing, several keys of a one-entity listing, or a LIMIT beyond the
    /// one the rows were read with when they reached it.
    pub fn answer(&self, keyed: &Keyed, limit: Option<usize>) -> Option<Solutions> {
        let table = self.tables.get(keyed.template)?;
        let mut seen = std::collections::HashSet::new();
        let keys: Vec<&String> = keyed.keys.iter().filter(|k| seen.insert(k.as_str())).collect();
        if table.single && keys.len() != 1 {
            return None;
        }
        let width = table.variables.len().max(1);
        let mut per_key = Vec::with_capacity(keys.len());
        for key in keys {
            let cells = table.rows.get(key)?;
            if let Some(read) = table.limit.filter(|&read| cells.len() / width >= read) {
                if limit.is_none_or(|asked| asked > read) {
                    return None;
                }
            }
            per_key.push(cells);
        }
        let variables: Vec<Variable> = table.variables.iter().map(|v| Variable::new_unchecked(v.clone())).collect();
        let shared: Arc<[Variable]> = variables.clone().into();
        let mut rows = Vec::new();
        for row in per_key.into_iter().flat_map(|cells| cells.chunks(width)) {
            if limit.is_some_and(|l| rows.len() >= l) {
                break;
            }
            let terms: Option<Vec<Option<Term>>> = row
                .iter()
                .map(|&cell| match cell {
                    0 => Some(None),
                    id => self.terms.get(id as usize - 1).and_then(|t| decode(t)).map(Some),
                })
                .collect();
            rows.push(QuerySolution::from((shared.clone(), terms?)));
        }
        Some(Solutions { variables, rows })
    }

    /// Keys precomputed per template, for logs.
    pub fn keys(&self) -> usize {
        self.tables.values().map(|t| t.rows.len()).sum()
    }

    /// Runs every keyed template over its keys: every paper of the graph, and every
    /// evaluation the board summaries keep. Two batches run at once.
    pub async fn read(templates: &Templates, kg: &dyn KnowledgeGraph, boards: &Boards, load: u64) -> Result<Self, PrecomputedError> {
        let all = templates.fill("papers_all", &[("limit", Arg::Limit(MAX_PAPERS))]).map_err(LabelError::from)?;
        let papers: Vec<String> = kg.query(&all).await.map_err(LabelError::from)?.into_solutions().rows.iter().filter_map(|r| text(r, "paper")).collect();
        let evals = boards.kept_evaluations();
        // Dirt: a key that is no IRI (a literal where a resource belongs) cannot be a
        // `VALUES` IRI; it would fail its whole batch.
        let valid = |k: &String| oxrdf::NamedNode::new(k.as_str()).is_ok();
        let (papers, evals): (Vec<String>, Vec<String>) = (papers.into_iter().filter(valid).collect(), evals.into_iter().filter(valid).collect());
        let mut out = Self { format: FORMAT, load, ..Self::default() };
        out.read_heads(templates, kg, boards).await?;
        out.read_whole(templates, kg).await?;
        for &(template, param, key) in KEYED {
            let keys = if key == "eval" { &evals } else { &papers };
            let batches: Vec<Result<(Vec<String>, Solutions), PrecomputedError>> = stream::iter(keys.chunks(BATCH))
                .map(|chunk| async move {
                    let query = templates
                        .fill(template, &[(param, Arg::Values(chunk.to_vec())), ("limit", Arg::Limit(BATCH_ROWS))])
                        .map_err(LabelError::from)?;
                    let rows = kg.query(&query).await.map_err(LabelError::from)?.into_solutions();
                    if query.fills_limit(rows.rows.len()) {
                        return Err(PrecomputedError::Cut { template: template.to_owned(), keys: chunk.len(), rows: BATCH_ROWS });
                    }
                    Ok((chunk.to_vec(), rows))
                })
                .buffered(2)
                .collect()
                .await;
            for batch in batches {
                let (chunk, rows) = batch?;
                out.insert(template, key, &chunk, &rows);
            }
        }
        // The interning map is only for building: a second copy of every term.
        out.interned = HashMap::new();
        Ok(out)
    }

    /// The listings of the most used entities (by default [`HEAD_USES`] uses or more), each
    /// read as the planner reads it and kept when it holds enough rows ([`thresholds`]).
    /// A summarised board's leaderboard is never read whole, and is not precomputed.
    async fn read_heads(&mut self, templates: &Templates, kg: &dyn KnowledgeGraph, boards: &Boards) -> Result<(), PrecomputedError> {
        let fewest = LISTINGS.iter().map(|l| thresholds(l.0).0).min().unwrap_or(HEAD_USES);
        let query = templates.fill("heads", &[("min", Arg::Limit(fewest)), ("limit", Arg::Limit(MAX_HEADS))]).map_err(LabelError::from)?;
        let heads: Vec<(String, String, u32)> = kg
            .query(&query)
            .await
            .map_err(LabelError::from)?
            .into_solutions()
            .rows
            .iter()
            .filter_map(|r| Some((text(r, "kind")?, text(r, "entity")?, text(r, "uses")?.parse().ok()?)))
            .collect();
        for &(template, param, kind, limit) in LISTINGS {
            let (uses, rows_kept) = thresholds(template);
            let keys: Vec<&String> = heads
                .iter()
                .filter(|(k, e, n)| k == kind && *n >= uses && !(template == "leaderboard" && boards.get(e).is_some()))
                .map(|(_, e, _)| e)
                .collect();
            let read: Vec<Result<(String, Solutions), PrecomputedError>> = stream::iter(keys)
                .map(|key| async move {
                    let anchor = Arg::Anchor(Anchor::Iris(vec![key.clone()]));
                    // A key no query can be built on (an IRI oxrdf refuses) is skipped: the
                    // planner could not anchor on it either.
                    let Ok(query) = templates.fill(template, &[(param, anchor), ("limit", Arg::Limit(limit))]) else {
                        return Ok((key.clone(), Solutions::default()));
                    };
                    Ok((key.clone(), kg.query(&query).await.map_err(LabelError::from)?.into_solutions()))
                })
                .buffered(2)
                .collect()
                .await;
            for one in read {
                let (key, rows) = one?;
                if rows.rows.len() >= rows_kept {
                    self.insert_single(template, &key, limit as usize, &rows);
                }
            }
        }
        Ok(())
    }

    /// The rows of every [`WHOLE`] template, read as the pipeline reads them. Rows that
    /// reach the LIMIT are kept with it: a query with that LIMIT gets the same cut rows.
    async fn read_whole(&mut self, templates: &Templates, kg: &dyn KnowledgeGraph) -> Result<(), PrecomputedError> {
        for &template in WHOLE {
            let limit = crate::pipeline::whole_limit(template);
            let query = templates.fill(template, &[("limit", Arg::Limit(limit))]).map_err(LabelError::from)?;
            let rows = kg.query(&query).await.map_err(LabelError::from)?.into_solutions();
            self.insert_single(template, WHOLE_KEY, limit as usize, &rows);
        }
        Ok(())
    }

    /// Writes the rows to `path` (JSON) through a temporary file and a rename.
    pub fn save(&self, path: &Path) -> Result<(), PrecomputedError> {
        let io = |source| PrecomputedError::Io { path: path.display().to_string(), source };
        let text = serde_json::to_vec(self).map_err(|source| PrecomputedError::Format { path: path.display().to_string(), source })?;
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        std::fs::write(&partial, text).map_err(io)?;
        std::fs::rename(&partial, path).map_err(io)
    }

    /// Reads rows written by [`Self::save`] after the load that finished at `load`.
    pub fn open(path: &Path, load: u64) -> Result<Option<Self>, PrecomputedError> {
        let bytes = std::fs::read(path).map_err(|source| PrecomputedError::Io { path: path.display().to_string(), source })?;
        let read: Self = serde_json::from_slice(&bytes).map_err(|source| PrecomputedError::Format { path: path.display().to_string(), source })?;
        if read.format != FORMAT {
            return Err(PrecomputedError::OtherFormat { path: path.display().to_string(), found: read.format });
        }
        let mut read = read;
        read.tables.retain(|name, table| {
            let same = source(name) == Some(table.source.as_str());
            if !same {
                tracing::info!(template = %name, "precomputed rows of another version of the template; it runs against the store");
            }
            same
        });
        Ok((read.load == load).then_some(read))
    }
}

/// The precomputed rows for an embedded graph: opened from beside an on-disk store (written
/// by `scigraph load`), or read from a graph in memory at start-up; `None` (logged) for a
/// remote endpoint (it changes under us), when `SCIGRAPH_PRECOMPUTED_ROWS` is off, or when
/// they cannot be had: every query then runs against the graph.
pub async fn for_backend(settings: &Settings, templates: &Templates, kg: &dyn KnowledgeGraph, boards: Option<&Boards>) -> Option<Arc<Precomputed>> {
    if settings.kg.backend != BackendKind::Embedded || !settings.kg.precomputed_rows {
        return None;
    }
    if let Some(store) = kg.info().store {
        // Reading ~150 MB of JSON is blocking work: off the async runtime.
        return tokio::task::spawn_blocking(move || for_store(&store)).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "opening the precomputed rows panicked; every query runs against the store");
            None
        });
    }
    let started = std::time::Instant::now();
    let empty = Boards::default();
    match Precomputed::read(templates, kg, boards.unwrap_or(&empty), 0).await {
        Ok(rows) => {
            tracing::info!(keys = rows.keys(), ms = started.elapsed().as_millis() as u64, "rows precomputed");
            Some(Arc::new(rows))
        }
        Err(e) => {
            tracing::warn!(error = %e, code = e.code(), "could not precompute rows; their queries run against the graph");
            None
        }
    }
}

/// The rows beside an on-disk store: `None` (logged) when there are none, when they are
/// unreadable, or when they were written after another load.
fn for_store(store: &Path) -> Option<Arc<Precomputed>> {
    let path = beside(store);
    if !path.exists() {
        tracing::info!(path = %path.display(), "no precomputed rows beside the store (loaded by an earlier scigraph); every query runs against the store");
        return None;
    }
    let load = match crate::kg::manifest::Manifest::open(&crate::kg::manifest::beside(store)) {
        Ok(Some(manifest)) => manifest.finished_at,
        Ok(None) | Err(_) => {
            tracing::warn!(path = %path.display(), "precomputed rows without a readable store manifest; not used");
            return None;
        }
    };
    match Precomputed::open(&path, load) {
        Ok(Some(rows)) => {
            tracing::info!(keys = rows.keys(), terms = rows.terms.len(), "precomputed rows opened");
            Some(Arc::new(rows))
        }
        Ok(None) => {
            tracing::warn!(path = %path.display(), "the precomputed rows are of an earlier load of the store; not used");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, code = e.code(), "could not open the precomputed rows; their queries run against the store");
            None
        }
    }
}

/// Precomputes the rows of the store behind `kg` and writes them to `path`: what
/// `scigraph load` calls after the board summaries. Returns how many keys (papers,
/// evaluations and head entities, once per template).
pub async fn write(kg: &dyn KnowledgeGraph, boards: &Boards, load: u64, path: &Path) -> Result<usize, PrecomputedError> {
    let templates = Templates::load().map_err(|e| PrecomputedError::Graph(LabelError::from(e)))?;
    let rows = Precomputed::read(&templates, kg, boards, load).await?;
    rows.save(path)?;
    Ok(rows.keys())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iri(s: &str) -> Term {
        oxrdf::NamedNode::new_unchecked(s).into()
    }

    fn solutions(rows: &[(&str, Option<&str>)]) -> Solutions {
        let variables = vec![Variable::new_unchecked("paper"), Variable::new_unchecked("year")];
        let shared: Arc<[Variable]> = variables.clone().into();
        let rows = rows
            .iter()
            .map(|(p, y)| QuerySolution::from((shared.clone(), vec![Some(iri(p)), y.map(|y| oxrdf::Literal::new_simple_literal(y).into())])))
            .collect();
        Solutions { variables, rows }
    }

    fn table() -> Precomputed {
        let mut rows = Precomputed { format: FORMAT, load: 7, ..Precomputed::default() };
        let keys = ["p:1".to_owned(), "p:2".to_owned(), "p:3".to_owned()];
        rows.insert("paper_years", "paper", &keys, &solutions(&[("p:1", Some("2019")), ("p:1", Some("2020")), ("p:2", None)]));
        rows
    }

    fn keyed(keys: &[&str]) -> Keyed {
        Keyed { template: "paper_years", keys: keys.iter().map(|k| (*k).to_owned()).collect() }
    }

    fn years(s: &Solutions) -> Vec<(String, Option<String>)> {
        s.rows.iter().map(|r| (text(r, "paper").unwrap(), text(r, "year"))).collect()
    }

    #[tokio::test]
    async fn a_graph_with_a_literal_where_a_dataset_belongs_is_precomputed_around_it() {
        let dir = tempfile::tempdir().unwrap();
        let dump = dir.path().join("dirty.ttl");
        let mut ttl = String::from("@prefix orkgr: <http://orkg.org/orkg/resource/> .\n@prefix orkgp: <http://orkg.org/orkg/predicate/> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n");
        for i in 0..12 {
            ttl.push_str(&format!(
                "orkgr:P{i} orkgp:P31 orkgr:C{i} ; rdfs:label \"Paper {i}\" .\norkgr:C{i} orkgp:HAS_BENCHMARK orkgr:B{i} .\norkgr:B{i} orkgp:HAS_DATASET \"DBLP\" , orkgr:D1 ; orkgp:HAS_EVALUATION orkgr:E{i} .\norkgr:E{i} orkgp:HAS_VALUE \"{i}\" .\n"
            ));
        }
        ttl.push_str("orkgr:D1 rdfs:label \"Dataset one\" .\n");
        std::fs::write(&dump, ttl).unwrap();
        let graph = crate::kg::embedded::EmbeddedGraph::from_dumps(&[dump], std::time::Duration::from_secs(10), &crate::kg::load::Quiet).unwrap();
        let rows = Precomputed::read(&Templates::load().unwrap(), &graph, &Boards::default(), 0).await.expect("dirt is skipped, not fatal");
        let board = Keyed { template: "leaderboard", keys: vec!["http://orkg.org/orkg/resource/D1".into()] };
        assert_eq!(rows.answer(&board, Some(5000)).expect("the real dataset's board").rows.len(), 12);
        let paper = keyed(&["http://orkg.org/orkg/resource/P3"]);
        assert_eq!(years(&rows.answer(&paper, None).unwrap()), [("http://orkg.org/orkg/resource/P3".to_owned(), None)]);
    }

    #[tokio::test]
    async fn a_ranking_by_count_is_read_whole_at_load_and_answered_from_its_rows() {
        let dir = tempfile::tempdir().unwrap();
        let dump = dir.path().join("tally.ttl");
        let mut ttl = String::from("@prefix orkgr: <http://orkg.org/orkg/resource/> .\n@prefix orkgp: <http://orkg.org/orkg/predicate/> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n");
        for (i, dataset) in ["D1", "D1", "D2"].iter().enumerate() {
            ttl.push_str(&format!(
                "orkgr:P{i} orkgp:P31 orkgr:C{i} .\norkgr:C{i} orkgp:HAS_BENCHMARK orkgr:B{i} ; orkgp:HAS_MODEL orkgr:M{i} .\norkgr:B{i} orkgp:HAS_DATASET orkgr:{dataset} .\norkgr:M{i} rdfs:label \"Model {i}\" .\n"
            ));
        }
        ttl.push_str("orkgr:D1 rdfs:label \"Dataset one\" .\norkgr:D2 rdfs:label \"Dataset two\" .\n");
        std::fs::write(&dump, ttl).unwrap();
        let graph = crate::kg::embedded::EmbeddedGraph::from_dumps(&[dump], std::time::Duration::from_secs(10), &crate::kg::load::Quiet).unwrap();
        let rows = Precomputed::read(&Templates::load().unwrap(), &graph, &Boards::default(), 0).await.unwrap();
        let whole = Keyed { template: "tally_datasets_by_models", keys: vec![WHOLE_KEY.into()] };
        let answer = rows.answer(&whole, Some(crate::pipeline::MAX_TALLY_ROWS as usize)).expect("read at load");
        let mut counts: Vec<(String, String)> = answer.rows.iter().map(|r| (text(r, "label").unwrap(), text(r, "n").unwrap())).collect();
        counts.sort();
        assert_eq!(counts, [("Dataset one".to_owned(), "2".to_owned()), ("Dataset two".to_owned(), "1".to_owned())]);
    }

    #[test]
    fn terms_come_back_as_they_were_kept() {
        let terms: Vec<Term> = vec![
            iri("http://orkg.org/orkg/resource/R1"),
            oxrdf::Literal::new_simple_literal("a \"quoted\" title").into(),
            oxrdf::Literal::new_language_tagged_literal_unchecked("titre", "fr").into(),
            oxrdf::Literal::new_typed_literal("2019", oxrdf::vocab::xsd::INTEGER).into(),
            oxrdf::BlankNode::new_unchecked("b0").into(),
        ];
        for term in terms {
            assert_eq!(decode(&term.to_string()), Some(term.clone()), "{term}");
        }
    }

    #[test]
    fn a_keyed_query_is_answered_with_each_keys_rows_in_the_order_of_the_keys() {
        let answer = table().answer(&keyed(&["p:2", "p:1", "p:3", "p:2"]), None).expect("every key is there");
        assert_eq!(
            years(&answer),
            [("p:2".to_owned(), None), ("p:1".to_owned(), Some("2019".to_owned())), ("p:1".to_owned(), Some("2020".to_owned()))],
            "a key with no rows (p:3) adds none, and a repeated key is read once"
        );
        assert_eq!(answer.variables.len(), 2);
    }

    #[test]
    fn a_key_not_precomputed_or_another_template_sends_the_query_to_the_store() {
        assert!(table().answer(&keyed(&["p:1", "p:9"]), None).is_none());
        assert!(table().answer(&Keyed { template: "paper_details", keys: vec!["p:1".into()] }, None).is_none());
    }

    #[test]
    fn the_rows_are_cut_at_the_querys_limit() {
        assert_eq!(table().answer(&keyed(&["p:1", "p:2"]), Some(2)).unwrap().rows.len(), 2);
    }

    #[test]
    fn a_head_listing_answers_its_one_entity_within_the_limit_it_was_read_with() {
        let mut rows = table();
        rows.insert_single("code_links", "m:1", 2, &solutions(&[("p:1", None), ("p:2", None)]));
        rows.insert_single("code_links", "m:2", 2, &solutions(&[("p:3", None)]));
        let listing = |keys: &[&str]| Keyed { template: "code_links", keys: keys.iter().map(|k| (*k).to_owned()).collect() };
        assert_eq!(rows.answer(&listing(&["m:1"]), Some(2)).unwrap().rows.len(), 2);
        assert_eq!(rows.answer(&listing(&["m:1"]), Some(1)).unwrap().rows.len(), 1, "a smaller LIMIT cuts the rows");
        assert!(rows.answer(&listing(&["m:1"]), Some(5)).is_none(), "the rows reached the LIMIT they were read with: more may exist");
        assert_eq!(rows.answer(&listing(&["m:2"]), Some(5)).unwrap().rows.len(), 1, "fewer rows than that LIMIT are all there are");
        assert!(rows.answer(&listing(&["m:1", "m:2"]), Some(2)).is_none(), "a listing of two entities is not two listings");
    }

    #[test]
    fn rows_read_with_another_version_of_a_template_are_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let path = beside(&dir.path().join("store"));
        let mut rows = table();
        rows.tables.get_mut("paper_years").unwrap().source.push_str("# an older text\n");
        rows.save(&path).unwrap();
        let opened = Precomputed::open(&path, 7).unwrap().unwrap();
        assert!(opened.answer(&keyed(&["p:1"]), None).is_none(), "the query runs against the store");
    }

    #[test]
    fn rows_survive_a_save_and_an_open_of_the_same_load_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = beside(&dir.path().join("store"));
        table().save(&path).unwrap();
        let opened = Precomputed::open(&path, 7).unwrap().expect("the same load");
        assert_eq!(years(&opened.answer(&keyed(&["p:1"]), None).unwrap()), years(&table().answer(&keyed(&["p:1"]), None).unwrap()));
        assert!(Precomputed::open(&path, 8).unwrap().is_none(), "rows of an earlier load are not used");
        assert!(path.to_string_lossy().ends_with("store.rows.json"));
    }
}
