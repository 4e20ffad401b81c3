//! Summaries of the graph's largest leaderboards. At ORKG's size the most used datasets hold
//! tens of thousands of evaluations, and reading such a board whole to name its best result
//! takes a second or more; a summary keeps, per metric, how many results the board has and
//! its [`KEPT`] best and worst evaluations (scores compared as numbers; which end is best
//! depends on the metric), so that "which model is best on D" reads a few rows per metric
//! by IRI (`leaderboard_evals.rq`): the first [`crate::pipeline::query::plan::BEST_PER_END`]
//! of each end for a best, a top score or a verdict, all that was kept to list its models.
//! Boards under [`BIG_BOARD`] evaluations are not summarised: they are read whole as before. Built once from the graph (`read`: `board_sizes.rq`, then
//! `board_values.rq` per large board), and saved beside an on-disk store by `scigraph load`
//! (`write`, `open`) so that `serve --store` does not rebuild it (`for_backend` picks which
//! at start-up). Like the text index (`index/`), it is built from the graph at start-up and
//! read by the query stage. I/O at `read`, `save`, `open`, `write` and `for_backend`; the
//! rest is pure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use std::sync::Arc;

use crate::config::{BackendKind, Settings};
use crate::kg::KnowledgeGraph;
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::query::labels::LabelError;
use crate::pipeline::query::retrieve::text;
use crate::pipeline::query::templates::{Arg, Templates};

/// Evaluations on one dataset from which its leaderboard is summarised.
pub const BIG_BOARD: u32 = 2_000;
/// Best and worst evaluations kept per metric (a "top 10" question reads no further).
pub const KEPT: usize = 10;
/// How many metrics a leaderboard answer reports when the question names none: the
/// board's most used ones. A board with hundreds of metrics answers "which model is best"
/// with the best of its main columns, not hundreds of items (the answer stage reads the
/// same number).
pub const MAIN_METRICS: usize = 10;
/// Most large boards summarised.
const MAX_BOARDS: u32 = 10_000;
/// Most evaluations read of one board.
const MAX_BOARD_ROWS: u32 = 2_000_000;

/// One metric of a large board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricSummary {
    pub metric: String,
    /// Results on the board under this metric.
    pub results: usize,
    /// The evaluations holding its highest and its lowest scores ([`KEPT`] of each).
    pub evaluations: Vec<String>,
    /// The same, highest score first (empty in summaries written before it was kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highest: Vec<String>,
    /// The same, lowest score first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lowest: Vec<String>,
}

/// A large board: its metrics, most used first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub evaluations: usize,
    pub metrics: Vec<MetricSummary>,
}

impl Board {
    /// The evaluations a leaderboard answer reads: those of the `asked` metrics when the
    /// board has any of them, else of its `main` most used metrics; `per_end` of each end
    /// of each metric when given (a best needs its end's first few, whichever end is best
    /// for the metric), else all [`KEPT`] of both.
    pub fn evaluations_for(&self, asked: &[String], main: usize, per_end: Option<usize>) -> Vec<String> {
        let named: Vec<&MetricSummary> = self.metrics.iter().filter(|m| asked.contains(&m.metric)).collect();
        let chosen: Vec<&MetricSummary> = if named.is_empty() { self.metrics.iter().take(main).collect() } else { named };
        let ends = |m: &MetricSummary| -> Vec<String> {
            match per_end {
                Some(n) if !m.highest.is_empty() => m.highest.iter().take(n).chain(m.lowest.iter().take(n)).cloned().collect(),
                _ => m.evaluations.clone(),
            }
        };
        let mut out: Vec<String> = chosen.into_iter().flat_map(ends).collect();
        out.sort();
        out.dedup();
        out
    }
}

impl Board {
    /// One evaluation per metric (its best or worst): enough to list the board's metrics.
    pub fn one_per_metric(&self) -> Vec<String> {
        self.metrics.iter().filter_map(|m| m.evaluations.first().cloned()).collect()
    }
}

/// The summarised boards, by dataset IRI.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Boards {
    boards: BTreeMap<String, Board>,
}

/// Why the summaries could not be read or saved; leaderboards are then read whole.
#[derive(Debug, thiserror::Error)]
pub enum BoardsError {
    #[error(transparent)]
    Graph(#[from] LabelError),
    #[error("cannot read or write the board summaries at {path}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the board summaries at {path} are not readable")]
    Format {
        path: String,
        #[source]
        source: serde_json::Error,
    },
}

/// Where `scigraph load` writes the summaries of a store: `<store>.boards.json`.
pub fn beside(store: &Path) -> PathBuf {
    crate::kg::manifest::sidecar(store, ".boards.json")
}

/// One board's summary from its (metric, evaluation, value) rows.
pub fn summarise(rows: &[(String, String, String)]) -> Board {
    let mut by_metric: BTreeMap<&str, Vec<(f64, &str)>> = BTreeMap::new();
    let mut results: BTreeMap<&str, usize> = BTreeMap::new();
    for (metric, eval, value) in rows {
        *results.entry(metric).or_default() += 1;
        if let Some(score) = parse_score(value) {
            by_metric.entry(metric).or_default().push((score, eval));
        }
    }
    let mut metrics: Vec<MetricSummary> = results
        .iter()
        .map(|(metric, &count)| {
            let mut scored = by_metric.remove(metric).unwrap_or_default();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(b.1)));
            let lowest: Vec<String> = scored.iter().take(KEPT).map(|(_, e)| (*e).to_owned()).collect();
            let highest: Vec<String> = scored.iter().rev().take(KEPT).map(|(_, e)| (*e).to_owned()).collect();
            let mut evaluations: Vec<String> = lowest.iter().chain(&highest).cloned().collect();
            evaluations.sort();
            evaluations.dedup();
            MetricSummary { metric: (*metric).to_owned(), results: count, evaluations, highest, lowest }
        })
        .collect();
    metrics.sort_by(|a, b| b.results.cmp(&a.results).then(a.metric.cmp(&b.metric)));
    Board { evaluations: rows.len(), metrics }
}

impl FromIterator<(String, Board)> for Boards {
    fn from_iter<I: IntoIterator<Item = (String, Board)>>(boards: I) -> Self {
        Self { boards: boards.into_iter().collect() }
    }
}

impl Boards {
    /// The summary of `dataset`'s board, when it is large.
    pub fn get(&self, dataset: &str) -> Option<&Board> {
        self.boards.get(dataset)
    }

    pub fn len(&self) -> usize {
        self.boards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.boards.is_empty()
    }

    /// Every evaluation a summary keeps, each once: the keys whose leaderboard rows
    /// `scigraph load` precomputes (`crate::precomputed`).
    pub fn kept_evaluations(&self) -> Vec<String> {
        // `evaluations` holds both ends (`highest` and `lowest` are the same ones in order).
        let mut out: Vec<String> = self.boards.values().flat_map(|b| b.metrics.iter().flat_map(|m| m.evaluations.iter().cloned())).collect();
        out.sort();
        out.dedup();
        out
    }

    /// Summarises every board of the graph with at least [`BIG_BOARD`] evaluations.
    pub async fn read(templates: &Templates, kg: &dyn KnowledgeGraph) -> Result<Self, BoardsError> {
        let sizes = templates.fill("board_sizes", &[("min", Arg::Limit(BIG_BOARD)), ("limit", Arg::Limit(MAX_BOARDS))]).map_err(LabelError::from)?;
        let rows = kg.query(&sizes).await.map_err(LabelError::from)?.into_solutions();
        let mut boards = BTreeMap::new();
        for dataset in rows.rows.iter().filter_map(|r| text(r, "dataset")) {
            let query = templates
                .fill("board_values", &[("dataset", Arg::Values(vec![dataset.clone()])), ("limit", Arg::Limit(MAX_BOARD_ROWS))])
                .map_err(LabelError::from)?;
            let values = kg.query(&query).await.map_err(LabelError::from)?.into_solutions();
            let triples: Vec<(String, String, String)> =
                values.rows.iter().filter_map(|r| Some((text(r, "metric")?, text(r, "eval")?, text(r, "value")?))).collect();
            boards.insert(dataset, summarise(&triples));
        }
        Ok(Self { boards })
    }

    /// Writes the summaries to `path` (JSON).
    pub fn save(&self, path: &Path) -> Result<(), BoardsError> {
        let io = |source| BoardsError::Io { path: path.display().to_string(), source };
        let text = serde_json::to_vec(self).map_err(|source| BoardsError::Format { path: path.display().to_string(), source })?;
        std::fs::write(path, text).map_err(io)
    }

    /// Reads summaries written by [`Self::save`].
    pub fn open(path: &Path) -> Result<Self, BoardsError> {
        let bytes = std::fs::read(path).map_err(|source| BoardsError::Io { path: path.display().to_string(), source })?;
        serde_json::from_slice(&bytes).map_err(|source| BoardsError::Format { path: path.display().to_string(), source })
    }
}

/// The summaries of the largest leaderboards, for an embedded store: opened from beside an
/// on-disk store (written by `scigraph load`), else read from the graph; for a remote
/// endpoint only when `SCIGRAPH_REMOTE_BOARDS` asks; `None` (logged) otherwise, or when
/// they cannot be read: leaderboards are then read whole.
pub async fn for_backend(settings: &Settings, templates: &Templates, kg: &dyn KnowledgeGraph) -> Option<Arc<Boards>> {
    if settings.kg.backend != BackendKind::Embedded && !settings.kg.remote_boards {
        return None;
    }
    if let Some(path) = kg.info().store.as_deref().map(beside).filter(|p| p.exists()) {
        match Boards::open(&path) {
            Ok(boards) => return Some(Arc::new(boards)),
            Err(e) => tracing::warn!(error = %e, "could not open the board summaries beside the store; reading them from the store"),
        }
    }
    let started = std::time::Instant::now();
    match Boards::read(templates, kg).await {
        Ok(boards) => {
            tracing::info!(boards = boards.len(), ms = started.elapsed().as_millis() as u64, "large leaderboards summarised");
            Some(Arc::new(boards))
        }
        Err(e) => {
            tracing::warn!(error = %e, "could not summarise the large leaderboards; they are read whole");
            None
        }
    }
}

/// Writes the summaries of the graph's largest leaderboards to `path`, for `serve --store`
/// to open instead of reading: what `scigraph load` calls. Returns the summaries.
pub async fn write(kg: &dyn KnowledgeGraph, path: &Path) -> Result<Boards, BoardsError> {
    let templates = Templates::load().map_err(|e| BoardsError::Graph(LabelError::from(e)))?;
    let boards = Boards::read(&templates, kg).await?;
    boards.save(path)?;
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(metric: &str, values: &[&str]) -> Vec<(String, String, String)> {
        values.iter().enumerate().map(|(i, v)| (metric.to_owned(), format!("e:{metric}:{i}"), (*v).to_owned())).collect()
    }

    #[test]
    fn a_board_keeps_the_best_and_worst_of_each_metric_and_ranks_metrics_by_use() {
        let mut all = rows("acc", &(0..30).map(|i| format!("{i}.5")).collect::<Vec<_>>().iter().map(String::as_str).collect::<Vec<_>>());
        all.extend(rows("ppl", &["12.1", "9.8 ± 0.1", "not reported"]));
        let board = summarise(&all);
        assert_eq!(board.evaluations, 33);
        assert_eq!(board.metrics.iter().map(|m| m.metric.as_str()).collect::<Vec<_>>(), ["acc", "ppl"]);
        let acc = &board.metrics[0];
        assert_eq!(acc.results, 30);
        assert_eq!(acc.evaluations.len(), 2 * KEPT);
        assert!(acc.evaluations.contains(&"e:acc:29".to_owned()) && acc.evaluations.contains(&"e:acc:0".to_owned()));
        assert!(!acc.evaluations.contains(&"e:acc:15".to_owned()), "the middle of the board is not kept");
        assert_eq!(board.metrics[1].evaluations, ["e:ppl:0", "e:ppl:1"], "a score that is no number is not kept");
    }

    #[test]
    fn the_asked_metric_is_read_when_the_board_has_it_else_its_main_metrics() {
        let mut all = rows("a", &["1", "2"]);
        all.extend(rows("b", &["3"]));
        let board = summarise(&all);
        assert_eq!(board.evaluations_for(&["b".to_owned()], 1, None), ["e:b:0"]);
        assert_eq!(board.evaluations_for(&[], 1, None), ["e:a:0", "e:a:1"]);
        assert_eq!(board.evaluations_for(&["zzz".to_owned()], 5, None).len(), 3);
        assert_eq!(board.one_per_metric(), ["e:a:0", "e:b:0"], "every metric, once");
    }

    #[test]
    fn a_best_reads_the_first_few_of_each_end_and_old_summaries_read_all_they_kept() {
        let values: Vec<String> = (0..30).map(|i| format!("{i}")).collect();
        let board = summarise(&rows("acc", &values.iter().map(String::as_str).collect::<Vec<_>>()));
        assert_eq!(board.metrics[0].highest[..2], ["e:acc:29".to_owned(), "e:acc:28".to_owned()]);
        assert_eq!(board.evaluations_for(&[], 1, Some(2)), ["e:acc:0", "e:acc:1", "e:acc:28", "e:acc:29"]);
        assert_eq!(board.evaluations_for(&[], 1, None).len(), 2 * KEPT);
        let old: Board = serde_json::from_str(r#"{"evaluations": 3, "metrics": [{"metric": "m", "results": 3, "evaluations": ["e1", "e2"]}]}"#).unwrap();
        assert_eq!(old.evaluations_for(&[], 1, Some(1)), ["e1", "e2"], "a summary without its ends reads all it kept");
    }

    #[test]
    fn summaries_survive_a_save_and_an_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = beside(&dir.path().join("store"));
        let boards = Boards { boards: [("d".to_owned(), summarise(&rows("a", &["1"])))].into() };
        boards.save(&path).unwrap();
        assert_eq!(Boards::open(&path).unwrap(), boards);
        assert!(path.to_string_lossy().ends_with("store.boards.json"));
    }
}
