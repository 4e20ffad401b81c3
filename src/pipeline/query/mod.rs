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
}

impl Graph {
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
