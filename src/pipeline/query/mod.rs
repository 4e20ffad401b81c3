//! Stage 2 of five (front → query → evidence → trust → answer): from what the question asks
//! to rows. [`plan`] chooses the strategies (it owns [`plan::Strategy`] and
//! [`plan::Role`]), [`templates`] fills `queries/*.rq` with escaped arguments, and
//! [`retrieve`] runs them in parallel with timeouts and a cache: the only module of the
//! pipeline that talks to the knowledge graph.

pub mod labels;
pub mod plan;
pub mod retrieve;
pub mod templates;

use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use plan::{PlanInput, Strategy};
use retrieve::{Ledger, Retrieved, Retriever};
use templates::Templates;

/// The query stage with its I/O: the templates and the retriever. Every method plans,
/// runs and writes into the question's [`Ledger`]; rows come back raw, for the evidence
/// stage to read. A template that cannot be filled is a diagnostic, never a panic.
pub struct Graph {
    pub templates: Templates,
    pub retriever: Retriever,
    /// The text index over the graph's labels and titles, when it could be built.
    pub index: Option<std::sync::Arc<crate::index::TextIndex>>,
}

/// The share of a question's term weight (summed IDF) a title must hold to be called
/// relevant: below it, a paper shares only generic words with the question ("learning").
pub const RELEVANT_COVERAGE: f32 = 0.55;
/// The share of a lookup's term weight the paper's title must hold.
pub const LOOKUP_COVERAGE: f32 = 0.8;
/// Most titles one index search returns.
const INDEXED_TITLES: usize = 50;

impl Graph {
    /// The indexed title search of a question, when its plan wants a title search (see
    /// [`plan::title_words`]): the question's own content words, through [`Self::titles`].
    pub fn indexed_titles(&self, input: &PlanInput<'_>, anchored: bool, content_words: &[String]) -> Vec<crate::index::Hit> {
        match plan::title_words(input, anchored) {
            // A lookup names one paper: its title holds most of what the question says.
            Some(_) if input.classification.query_type == crate::pipeline::front::classify::QueryType::PaperLookup => {
                self.titles(content_words).into_iter().filter(|h| h.coverage >= LOOKUP_COVERAGE).collect()
            }
            Some(_) => self.titles(content_words),
            None => Vec::new(),
        }
    }

    /// Titles relevant to `words` from the text index, best first. Relevant: the title
    /// holds at least [`RELEVANT_COVERAGE`] of the words' weight, and every word the graph
    /// knows when there are only two ("federated learning" needs both: a title with only
    /// "federated" is about something else). Empty without an index.
    pub fn titles(&self, words: &[String]) -> Vec<crate::index::Hit> {
        let Some(index) = &self.index else { return Vec::new() };
        let text = words.join(" ");
        let known = index.weights(&text);
        if known.is_empty() {
            return Vec::new();
        }
        let needed = if known.len() <= 2 { known.len() } else { 1 };
        let hits = index.search(&text, &[crate::index::DocKind::Paper], INDEXED_TITLES);
        hits.into_iter().filter(|h| h.coverage >= RELEVANT_COVERAGE && h.matched.len() >= needed).collect()
    }

    /// The question's strategies (none, with a diagnostic, if a template and its
    /// arguments disagree).
    pub fn plan(&self, input: &PlanInput<'_>, diagnostics: &mut Diagnostics) -> Vec<Strategy> {
        plan::plan(&self.templates, input).unwrap_or_else(|e| {
            diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the queries: {e}"));
            Vec::new()
        })
    }

    /// Years, DOIs and titles of `papers`, from one query (none when there are no papers).
    pub async fn years(&self, papers: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::years(&self.templates, papers) {
            Ok(Some(strategy)) => self.retriever.run_all(vec![strategy], ledger).await,
            Ok(None) => Vec::new(),
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the year query: {e}"));
                Vec::new()
            }
        }
    }

    /// Authors, fields, methods, datasets, tasks and code of the cited papers; a failed
    /// detail strategy says that sources lack some metadata.
    pub async fn details(&self, chosen: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        let strategies = match plan::details(&self.templates, chosen) {
            Ok(strategies) => strategies,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the detail queries: {e}"));
                return Vec::new();
            }
        };
        let mut own = Ledger::default();
        let rows = self.retriever.run_all(strategies, &mut own).await;
        for report in own.reports.iter().filter(|r| r.error.is_some()) {
            let error = report.error.as_deref().unwrap_or_default();
            let message = format!("strategy {} failed: {error}; sources lack some metadata", report.name);
            diagnostics.push(report.failure_code(), Stage::Query, message);
        }
        ledger.extend(own);
        rows
    }
}
