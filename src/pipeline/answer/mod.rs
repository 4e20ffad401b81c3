//! Stage 5 of five (front → query → evidence → trust → answer): from weighed facts to the
//! response. [`rank`] scores and filters the papers, [`items`] builds the direct answer as
//! data and numbers its sources, [`text`] writes the extractive answer (and the verdict
//! and disagreement sentences), [`llm`] asks the LLM to phrase it and checks its
//! citations, [`measures`] computes the confidence inputs, and [`gates`] checks the answer
//! before it is returned. Pure: the LLM call itself is made by the orchestrator.

pub mod aspects;
pub mod gates;
pub mod graph;
pub mod items;
pub mod leaderboard;
pub mod llm;
pub mod measures;
pub mod rank;
pub mod tally;
pub mod tops;
pub mod text;

use serde::Serialize;

/// Who wrote the answer's text: the LLM (`llm`), or the deterministic writer
/// (`extractive`).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnswerMode {
    Llm,
    Extractive,
}
