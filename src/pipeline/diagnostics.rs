//! Diagnostics: every warning the pipeline gives, with a stable code and the stage it came
//! from, so scripts test codes and never wording.
//!
//! `/ask` returns them as `diagnostics: [{code, stage, message}]`, one per entry of
//! `warnings` (which keeps the messages alone, for older clients). A stage pushes into a
//! [`Diagnostics`] list; the orchestrator turns it into both fields at the end. The codes
//! are listed in the README; renaming one breaks clients. Shared by every stage: it
//! imports no stage.

use serde::Serialize;

/// The stage a diagnostic comes from (`pipeline` for what concerns the whole run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Pipeline,
    Front,
    Query,
    Evidence,
    Trust,
    Answer,
}

/// What happened, as a stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// No LLM is configured: every stage used its deterministic fallback.
    LlmDisabled,
    /// `SCIGRAPH_LLM_STAGES` keeps the LLM out of some stages.
    LlmStagesOff,
    /// The LLM failed (error, timeout, HTTP status); the deterministic fallback was used.
    LlmFallback,
    /// The LLM echoed its prompt; the deterministic fallback was used.
    LlmEcho,
    /// The LLM reply was not in the expected form; the deterministic fallback was used.
    LlmUnusableReply,
    /// The LLM's type was overruled by wording that settles it (a claim, a DOI).
    LlmOverruled,
    /// LLM entities that the question does not support were dropped.
    EntityDropped,
    /// The LLM's answer cited sources that do not exist; those citations were removed.
    CitationRemoved,
    /// A SPARQL template could not be filled (a template and its arguments disagree).
    QueryBuildFailed,
    /// The query the LLM wrote was refused by validation (or the model said the schema
    /// cannot answer): it was not run.
    GeneratedRejected,
    /// A strategy timed out.
    StrategyTimeout,
    /// A strategy failed (HTTP error, malformed reply, oversize result...).
    StrategyError,
    /// A strategy filled its row limit: the graph holds more matches than were read.
    StrategyTruncated,
    /// A paper's metadata was dirty (a month under the year predicate, two years).
    PaperMetadata,
    /// Papers published after the question's time anchor were left out.
    AfterAnchor,
    /// What the question sets aside (models, boards, papers, years, papers without a DOI)
    /// was left out.
    Restricted,
    /// No paper matched both the method and the dataset; papers matching either are shown.
    HardFilterRelaxed,
    /// A model described by its place on a board ("the leader of D") was read as the model
    /// (or models) the graph records there, and the question asked of it.
    ModelResolved,
    /// The question asked two things in one sentence ("what does X score on D and when was
    /// it published?"): each was answered in turn, the second after the first.
    QuestionSplit,
}

/// One warning: its code, its stage and the message shown in `warnings`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Diagnostic {
    /// What happened, as a stable code (listed in the README); scripts test this.
    pub code: Code,
    /// The stage it comes from.
    pub stage: Stage,
    /// The same warning in words, as in `warnings`.
    pub message: String,
}

/// The diagnostics of one run, in the order they were raised.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, code: Code, stage: Stage, message: impl Into<String>) {
        self.0.push(Diagnostic { code, stage, message: message.into() });
    }

    /// Pushes unless the same message is already there.
    pub fn push_once(&mut self, code: Code, stage: Stage, message: impl Into<String>) {
        let message = message.into();
        if !self.0.iter().any(|d| d.message == message) {
            self.push(code, stage, message);
        }
    }

    pub fn append(&mut self, other: &mut Diagnostics) {
        self.0.append(&mut other.0);
    }

    pub fn has(&self, code: Code) -> bool {
        self.0.iter().any(|d| d.code == code)
    }

    /// The messages alone, for `warnings`.
    pub fn messages(&self) -> Vec<String> {
        self.0.iter().map(|d| d.message.clone()).collect()
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_stages_serialise_as_stable_snake_case_names() {
        let d = Diagnostic { code: Code::StrategyTimeout, stage: Stage::Query, message: "m".into() };
        assert_eq!(serde_json::to_value(&d).unwrap(), serde_json::json!({"code": "strategy_timeout", "stage": "query", "message": "m"}));
        assert_eq!(serde_json::to_value(Code::HardFilterRelaxed).unwrap(), "hard_filter_relaxed");
        assert_eq!(serde_json::to_value(Code::LlmFallback).unwrap(), "llm_fallback");
    }

    #[test]
    fn push_once_keeps_the_first_of_two_identical_messages() {
        let mut d = Diagnostics::default();
        d.push_once(Code::StrategyError, Stage::Query, "strategy x failed");
        d.push_once(Code::StrategyError, Stage::Query, "strategy x failed");
        d.push_once(Code::StrategyTimeout, Stage::Query, "strategy y timed out");
        assert_eq!(d.messages(), vec!["strategy x failed", "strategy y timed out"]);
        assert!(d.has(Code::StrategyTimeout) && !d.has(Code::LlmEcho));
    }
}
