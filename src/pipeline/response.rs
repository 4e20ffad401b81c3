//! The pipeline's contract with its callers: [`Question`] (validated at the door) and
//! [`AskResponse`], the body of `POST /ask` and of `scigraph ask --json`. Where each field
//! is computed is in ARCHITECTURE.md's codemap. Imports the stages' output types only.

use std::collections::BTreeMap;

use serde::Serialize;

use super::answer::gates::Gates;
use super::answer::graph::EvidenceGraph;
use super::answer::items::{AnswerItem, Source};
use super::answer::AnswerMode;
use super::diagnostics::{Diagnostic, Diagnostics};
use super::front::anchor::AsOf;
use super::front::classify::{QueryType, Target};
use super::front::extract::Entities;
use super::front::normalize::Normalized;
use super::front::{Decider, Front};
use super::query::retrieve::{Ledger, QueryRecord, StrategyReport};
use super::stage_llm::LlmExchange;
use super::trust::verdict::{Label, Verdict};
use super::trust::{Assessment, Confidence, Conflict, Removal};

/// A question that passed validation: trimmed, non-empty, within the length limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuestionError {
    #[error("the question is empty")]
    Empty,
    #[error("the question is {chars} characters long; the limit is {max}")]
    TooLong { chars: usize, max: usize },
}

impl Question {
    pub fn parse(raw: &str, max_chars: usize) -> Result<Self, QuestionError> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(QuestionError::Empty);
        }
        let chars = text.chars().count();
        if chars > max_chars {
            return Err(QuestionError::TooLong { chars, max: max_chars });
        }
        Ok(Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Everything `POST /ask` returns.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AskResponse {
    /// The question as asked (trimmed).
    pub question: String,
    /// The kind of question, which decides the strategies run.
    pub query_type: QueryType,
    /// Who decided `query_type`: `llm` or `rules`.
    pub query_type_source: Decider,
    /// What the answer lists (models, papers, a top score...).
    pub target: Target,
    /// The names the question mentions, by kind, as written in it.
    #[schema(value_type = crate::pipeline::front::lexicon::ByKind<String>)]
    pub entities: Entities,
    /// Who extracted `entities`: `llm` or `keywords`.
    pub entities_source: Decider,
    /// The entities with their canonical names, aliases and linked graph IRIs, by kind.
    #[schema(value_type = crate::pipeline::front::lexicon::ByKind<crate::pipeline::front::normalize::NormalizedEntity>)]
    pub normalized_entities: Normalized,
    /// Every SPARQL query run, with the strategy it served.
    pub sparql_queries: Vec<QueryRecord>,
    /// How each retrieval strategy went: status, rows, time.
    pub strategies_used: Vec<StrategyReport>,
    /// Rows the strategies returned, plus papers found by the title search.
    pub kg_results_count: usize,
    /// The answer text; `[n]` cites `sources` by their number.
    pub answer: String,
    /// Who wrote `answer`: `llm` or `extractive`.
    pub answer_mode: AnswerMode,
    /// The direct answer as data: the models, datasets, values... it names.
    pub answer_items: Vec<AnswerItem>,
    /// The papers the answer cites, numbered from 1.
    pub sources: Vec<Source>,
    /// The question's time anchor ("as of 2018"), if it has one.
    #[schema(required = true)]
    pub as_of: Option<AsOf>,
    /// For claims: SUPPORTED, REFUTED or UNCERTAIN; otherwise null.
    #[schema(required = true)]
    pub verdict: Option<Label>,
    /// For claims: the relation read, the reason, and the facts on each side.
    #[schema(required = true)]
    pub verdict_evidence: Option<Verdict>,
    /// Every conflict found, resolved or not.
    pub conflicts: Vec<Conflict>,
    /// Facts removed before the answer was written, and why.
    pub explanation: Vec<Removal>,
    /// How far to trust the answer, with its parts (each 0–1).
    pub confidence: Confidence,
    /// The checks the answer went through before it was returned, and any retry.
    pub gates: Gates,
    /// The part of the graph the answer rests on, with the facts set aside marked.
    pub evidence_graph: EvidenceGraph,
    /// Each call made to the LLM: prompt, reply, and whether it was used. Empty with no LLM.
    pub llm_exchanges: Vec<LlmExchange>,
    /// The messages of `diagnostics`, kept for older clients.
    pub warnings: Vec<String>,
    /// One per warning: a stable code, the stage, the message.
    pub diagnostics: Vec<Diagnostic>,
    /// Milliseconds per pipeline step (`extract`, `classify`, `retrieve`, `trust`, `generate`...) and `total`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub timings_ms: BTreeMap<&'static str, u64>,
}

/// One pass from plan to gates: everything of the response that a retry may replace.
pub(super) struct Attempt {
    pub ledger: Ledger,
    pub kg_results_count: usize,
    pub answer: String,
    pub answer_mode: AnswerMode,
    pub items: Vec<AnswerItem>,
    pub sources: Vec<Source>,
    pub verdict: Option<Verdict>,
    pub assessment: Assessment,
    pub confidence: Confidence,
    pub gates: Gates,
    pub evidence_graph: EvidenceGraph,
    pub diagnostics: Diagnostics,
    /// The time anchor the attempt weighed by: the question's, or one read from the graph
    /// ("before X took the record").
    pub as_of: Option<AsOf>,
}

impl AskResponse {
    /// The answer in the form the question asked for (`front::form`): its items shaped
    /// ([`super::answer::items::shaped`]); DOIs asked for where no paper it cites has one, said.
    pub(super) fn shaped(&mut self, form: super::front::form::Form) {
        self.answer_items = super::answer::items::shaped(std::mem::take(&mut self.answer_items), &self.sources, form);
        // The papers the answer cites ("[1]"), of those it lists.
        let cited: Vec<&Source> = self.sources.iter().filter(|s| self.answer.contains(&format!("[{}]", s.n))).collect();
        if form.dois && !cited.is_empty() && cited.iter().all(|s| s.doi.is_none()) && !self.answer.contains("no DOI") {
            let which = if cited.len() == 1 { "this paper" } else { "these papers" };
            self.answer = format!("{} The knowledge graph records no DOI for {which}.", self.answer.trim_end());
        }
    }

    /// The answer to a question that wrote ORKG ids ([`super::front::ids`]): the lookup of
    /// the ids (`ledger`) reported first among the queries; what each id the graph holds is
    /// said first, then the ids it holds nothing under, and an answer that then rests on
    /// nothing but the rest of the words (every id unknown) is no answer: it cites and lists
    /// nothing.
    pub(super) fn identified(&mut self, ledger: super::query::retrieve::Ledger, ids: &super::Identified) {
        let mut records = ledger.records;
        records.append(&mut self.sparql_queries);
        self.sparql_queries = records;
        let mut reports = ledger.reports;
        reports.append(&mut self.strategies_used);
        self.strategies_used = reports;
        let said = ids.said.join(" ");
        let unknown = &ids.unknown;
        if unknown.is_empty() {
            if !said.is_empty() {
                self.answer = format!("{said} {}", self.answer);
            }
            return;
        }
        let list = unknown.join(", ");
        let holds = if unknown.len() == 1 { format!("The knowledge graph holds nothing under the id {list}") } else { format!("The knowledge graph holds nothing under the ids {list}") };
        if ids.written.is_some() {
            self.answer = format!("{said} {holds}. {}", self.answer).trim_start().to_owned();
            return;
        }
        self.answer = format!("{holds}, so I cannot cite any paper for it.");
        self.answer_items.clear();
        self.sources.clear();
        self.evidence_graph = EvidenceGraph::default();
        // A claim about what the graph does not hold can be neither borne out nor refuted.
        if self.verdict.is_some() {
            self.verdict = Some(super::trust::verdict::Label::Uncertain);
            self.verdict_evidence = None;
        }
    }

    /// The response from the front's decisions and the attempt that stands.
    pub(super) fn assemble(q: &str, front: Front, attempt: Attempt, diagnostics: Diagnostics, llm_exchanges: Vec<LlmExchange>, timings_ms: BTreeMap<&'static str, u64>) -> Self {
        AskResponse {
            question: q.to_owned(),
            query_type: front.classification.query_type,
            query_type_source: front.query_type_source,
            target: front.classification.target,
            entities: front.entities,
            entities_source: front.entities_source,
            normalized_entities: front.normalized,
            sparql_queries: attempt.ledger.records,
            strategies_used: attempt.ledger.reports,
            kg_results_count: attempt.kg_results_count,
            answer: attempt.answer,
            answer_mode: attempt.answer_mode,
            answer_items: attempt.items,
            sources: attempt.sources,
            as_of: attempt.as_of,
            // An account of the record over time answers a question: no verdict is reported.
            verdict: attempt.verdict.as_ref().filter(|v| !v.is_account()).map(|v| v.verdict),
            verdict_evidence: attempt.verdict.filter(|v| !v.is_account()),
            conflicts: attempt.assessment.conflicts,
            explanation: attempt.assessment.removals,
            confidence: attempt.confidence,
            gates: attempt.gates,
            evidence_graph: attempt.evidence_graph,
            llm_exchanges,
            warnings: diagnostics.messages(),
            diagnostics: diagnostics.into_vec(),
            timings_ms,
        }
    }

    /// A sentence that asked two things ([`super::front::parts`]), answered as the two asks
    /// in turn: the first ask's type, target and verdict stand (a yes/no second ask is
    /// answered in words, as a question of the first's type has no verdict); the second answer follows the
    /// first, its citations renumbered into one list of sources, its items, queries,
    /// strategies and diagnostics after the first's. A gate passes when it passed both
    /// times; the confidence is the lower of the two. A second answer that only repeats the
    /// first (the paper a "best" answer already cites) is not said twice; its queries are
    /// still reported.
    pub(super) fn joined(mut self, asked: &str, second: AskResponse, message: String) -> Self {
        self.question = asked.to_owned();
        let cited = self.sources.len();
        // "I found nothing ... for this question" would read as said of the whole.
        let nothing = second.answer_items.is_empty() && second.sources.is_empty();
        let number = Source::merge(&mut self.sources, second.sources);
        let key = |i: &AnswerItem| (i.label.to_lowercase(), i.value.clone(), i.metric.clone(), i.dataset.clone());
        // An item is said when its label is, and its value with it (a model's name in the
        // first answer does not say its scores).
        let first_said = self.answer.to_lowercase();
        let said = |item: &AnswerItem| {
            let label = item.label.to_lowercase();
            let named = first_said.contains(&label) || self.answer_items.iter().any(|i| i.label.to_lowercase() == label);
            named && item.value.as_deref().is_none_or(|v| first_said.contains(&v.to_lowercase()))
        };
        let renumbered = super::answer::llm::renumbered(&second.answer, &number);
        // What the graph lacks is said in words, not items ("... and what year is it from?":
        // the paper again, and "The knowledge graph records no year for this paper."): a
        // second answer that restates the first's items adds only those sentences.
        let absent: Vec<String> = super::answer::gates::absences(&renumbered).into_iter().filter(|s| !self.answer.contains(s.as_str())).collect();
        let restated = second.verdict.is_none() && !second.answer_items.is_empty() && second.answer_items.iter().all(said) && number.iter().all(|&n| n <= cited);
        if !restated || !absent.is_empty() {
            let then = match (nothing, restated) {
                (true, _) => format!("As for \"{}\": {}", second.question, second.answer),
                (false, true) => absent.join(" "),
                (false, false) => renumbered,
            };
            self.answer = format!("{} {then}", self.answer);
            for mut item in second.answer_items {
                if self.answer_items.iter().any(|i| key(i) == key(&item)) {
                    continue;
                }
                item.sources = item.sources.iter().map(|&n| super::answer::llm::renumber(n, &number)).collect();
                self.answer_items.push(item);
            }
        }
        for (kind, entity) in second.entities.iter() {
            self.entities.push(kind, entity);
        }
        for (kind, entity) in second.normalized_entities.iter() {
            let known = self.normalized_entities.get(kind).iter().any(|e| e.canonical.eq_ignore_ascii_case(&entity.canonical));
            if !known {
                self.normalized_entities.get_mut(kind).push(entity.clone());
            }
        }
        self.sparql_queries.extend(second.sparql_queries);
        self.strategies_used.extend(second.strategies_used);
        self.kg_results_count += second.kg_results_count;
        self.as_of = self.as_of.or(second.as_of);
        self.conflicts.extend(second.conflicts);
        self.explanation.extend(second.explanation);
        if second.confidence.score < self.confidence.score {
            self.confidence = second.confidence;
        }
        for (gate, other) in [(&mut self.gates.faithfulness, second.gates.faithfulness), (&mut self.gates.temporal, second.gates.temporal), (&mut self.gates.scope, second.gates.scope)] {
            if !other.passed {
                *gate = other;
            }
        }
        self.gates.retry = self.gates.retry.take().or(second.gates.retry);
        self.evidence_graph.absorb(second.evidence_graph);
        self.llm_exchanges.extend(second.llm_exchanges);
        self.warnings.insert(0, message.clone());
        self.diagnostics.insert(0, Diagnostic { code: super::diagnostics::Code::QuestionSplit, stage: super::diagnostics::Stage::Front, message });
        // Said once: "no LLM configured" is as true of both asks.
        for diagnostic in second.diagnostics {
            if !self.diagnostics.iter().any(|d| d.message == diagnostic.message) {
                self.warnings.push(diagnostic.message.clone());
                self.diagnostics.push(diagnostic);
            }
        }
        for (step, ms) in second.timings_ms {
            *self.timings_ms.entry(step).or_default() += ms;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_trimmed_and_checked_for_emptiness_and_length() {
        assert_eq!(Question::parse("  hi  ", 10).unwrap().as_str(), "hi");
        assert_eq!(Question::parse(" \n\t ", 10), Err(QuestionError::Empty));
        assert_eq!(Question::parse("ééééé", 4), Err(QuestionError::TooLong { chars: 5, max: 4 }));
        assert!(Question::parse("ééééé", 5).is_ok(), "the limit counts characters, not bytes");
    }
}
