//! The question pipeline: one stage per module, run in order by [`Pipeline::ask`].
//!
//! ```text
//! Question ─ classify ─ extract ─ normalize+link ─ plan (build SPARQL) ─ retrieve (I/O)
//!          ─ evidence ─ rank ─ details (I/O) ─ years ─ generate (LLM I/O, or extractive)
//! ```
//!
//! Stages are functions of data; only `retrieve` (through the [`Retriever`]) and the LLM
//! calls made here do I/O. Every LLM use has a deterministic fallback (rules, keywords, an
//! extractive answer) and the response says which one decided (`*_source`, `answer_mode`).
//! `AskResponse` is the contract of `POST /ask` and `scigraph ask --json`.

pub mod build;
pub mod classify;
pub mod evidence;
pub mod extract;
pub mod generate;
pub mod json;
pub mod lexicon;
pub mod normalize;
pub mod plan;
pub mod rank;
pub mod retrieve;
pub mod scores;
pub mod years;

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::config::Settings;
use crate::kg::KnowledgeGraph;
use crate::llm::{ChatModel, ChatRequest};
use build::{Arg, Templates};
use classify::{QueryType, Target};
use extract::Entities;
use generate::{AnswerItem, Source};
use lexicon::{Direction, EntityKind, GraphLabel, Lexicon};
use normalize::Normalized;
use retrieve::{QueryRecord, Retriever, StrategyReport};

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

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Decider {
    Llm,
    Rules,
    Keywords,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AnswerMode {
    Llm,
    Extractive,
}

/// Everything `POST /ask` returns.
#[derive(Debug, Clone, Serialize)]
pub struct AskResponse {
    pub question: String,
    pub query_type: QueryType,
    pub query_type_source: Decider,
    /// What the answer lists (models, papers, a top score...).
    pub target: Target,
    pub entities: Entities,
    pub entities_source: Decider,
    pub normalized_entities: Normalized,
    pub sparql_queries: Vec<QueryRecord>,
    pub strategies_used: Vec<StrategyReport>,
    pub kg_results_count: usize,
    pub answer: String,
    pub answer_mode: AnswerMode,
    pub answer_items: Vec<AnswerItem>,
    pub sources: Vec<Source>,
    pub warnings: Vec<String>,
    pub timings_ms: BTreeMap<&'static str, u64>,
}

/// Why the pipeline could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error(transparent)]
    Lexicon(#[from] lexicon::LexiconError),
    #[error(transparent)]
    Templates(#[from] build::BuildError),
}

/// Most labels read from the graph at start-up (ORKG has tens of thousands).
const MAX_LABELS: u32 = 500_000;
/// The query cache holds at most this many rows (a few hundred MB at worst) ...
const CACHE_ROWS: u64 = 1_000_000;
/// ... each for at most this long, since a remote graph changes under us.
const CACHE_TTL: Duration = Duration::from_secs(600);

pub struct Pipeline {
    lexicon: RwLock<Arc<Lexicon>>,
    templates: Templates,
    retriever: Retriever,
    llm: Option<Arc<dyn ChatModel>>,
    max_context_papers: usize,
}

struct Stopwatch {
    started: Instant,
    total: Instant,
    timings: BTreeMap<&'static str, u64>,
}

impl Stopwatch {
    fn new() -> Self {
        Self { started: Instant::now(), total: Instant::now(), timings: BTreeMap::new() }
    }

    fn lap(&mut self, stage: &'static str) {
        *self.timings.entry(stage).or_default() += self.started.elapsed().as_millis() as u64;
        self.started = Instant::now();
    }

    fn finish(mut self) -> BTreeMap<&'static str, u64> {
        self.timings.insert("total", self.total.elapsed().as_millis() as u64);
        self.timings
    }
}

impl Pipeline {
    /// Checks the templates and the synonym tables; labels come later ([`Self::load_labels`]).
    pub fn new(
        settings: &Settings,
        kg: Arc<dyn KnowledgeGraph>,
        llm: Option<Arc<dyn ChatModel>>,
    ) -> Result<Self, PipelineError> {
        let templates = Templates::load()?;
        let lexicon = Lexicon::from_tables()?;
        // Compiles the stages' regexes now rather than on the first question (~100 ms).
        let warm_up = "Which model is best on the X dataset, 'a title', 10.1000/x?";
        let _ = classify::classify(warm_up, true);
        let _ = extract::by_keywords(&lexicon, warm_up);
        let _ = extract::lookup_keys(warm_up);
        let retriever = Retriever::new(kg, settings.kg.timeout, CACHE_ROWS, CACHE_TTL);
        Ok(Self {
            lexicon: RwLock::new(Arc::new(lexicon)),
            templates,
            retriever,
            llm,
            max_context_papers: settings.pipeline.max_context_papers,
        })
    }

    /// The lexicon in use now (the synonym tables, plus graph labels once loaded).
    pub fn lexicon(&self) -> Arc<Lexicon> {
        // A poisoned lock only means a panic elsewhere while swapping; the value is intact.
        self.lexicon.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Reads the graph's labels of models, datasets, metrics, problems and fields into the
    /// lexicon. On failure the synonym tables alone stay in use and the error is returned
    /// for the caller to log.
    pub async fn load_labels(&self) -> Result<usize, String> {
        let query = self
            .templates
            .fill("entity_labels", &[("limit", Arg::Limit(MAX_LABELS))])
            .map_err(|e| e.to_string())?;
        // Straight to the graph: a one-off result this large does not belong in the cache.
        let rows = self.retriever.kg().query(&query).await.map_err(|e| e.to_string())?.into_solutions();
        let mut labels = Vec::with_capacity(rows.rows.len());
        for row in &rows.rows {
            let (Some(iri), Some(class), Some(label)) =
                (evidence::text(row, "entity"), evidence::text(row, "class"), evidence::text(row, "label"))
            else {
                continue;
            };
            let class = class.rsplit('/').next().unwrap_or("");
            let Some(kind) = EntityKind::ALL.into_iter().find(|k| k.orkg_class() == class) else { continue };
            labels.push(GraphLabel { kind, iri, label });
        }
        let lexicon = Lexicon::build(&labels).map_err(|e| e.to_string())?;
        let count = labels.len();
        *self.lexicon.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(lexicon);
        Ok(count)
    }

    async fn chat(&self, request: &ChatRequest, warnings: &mut Vec<String>, stage: &str) -> Option<String> {
        let llm = self.llm.as_ref()?;
        match llm.chat(request).await {
            Ok(reply) => Some(reply),
            Err(e) => {
                warnings.push(format!("{stage}: the LLM failed ({}: {e}); used the deterministic fallback", e.code()));
                None
            }
        }
    }

    /// Runs the whole pipeline. Never fails: trouble becomes warnings and strategy statuses.
    #[tracing::instrument(name = "ask", skip_all, fields(question = %question.as_str()))]
    pub async fn ask(&self, question: &Question) -> AskResponse {
        let q = question.as_str();
        let mut warnings = Vec::new();
        let mut clock = Stopwatch::new();
        let lexicon = self.lexicon();
        if self.llm.is_none() {
            warnings.push("no LLM configured: rule classifier, keyword extraction and an extractive answer were used".into());
        }

        // 2 before 1: the rule classifier reads whether a dataset was recognised.
        let keyword_entities = extract::by_keywords(&lexicon, q);
        let mut entities_source = Decider::Keywords;
        let mut entities = keyword_entities.clone();
        if let Some(reply) = self.chat(&extract::llm_request(q), &mut warnings, "entity extraction").await {
            match extract::parse_llm_reply(&reply) {
                Some(found) if !found.is_empty() => {
                    entities = found;
                    entities_source = Decider::Llm;
                }
                Some(_) => warnings.push("entity extraction: the LLM found no entities; used keyword matching".into()),
                None => warnings.push("entity extraction: the LLM reply was not the expected JSON; used keyword matching".into()),
            }
        }
        clock.lap("extract");

        let mut classification = classify::classify_with(q, !entities.datasets.is_empty(), !entities.is_empty());
        let mut query_type_source = Decider::Rules;
        if self.llm.is_some() {
            let request = classify_request(q);
            if let Some(reply) = self.chat(&request, &mut warnings, "classification").await {
                match classify::parse_llm_label(&reply) {
                    Some(t) => {
                        if t != classification.query_type {
                            // The target follows the rules' reading of what is asked for,
                            // recomputed for the LLM's type where they disagree.
                            classification = classify::Classification { query_type: t, target: default_target(t, classification.target) };
                        }
                        query_type_source = Decider::Llm;
                    }
                    None => warnings.push("classification: the LLM reply was not one of the six types; used the rule classifier".into()),
                }
            }
        }
        clock.lap("classify");

        let normalized = normalize::normalize(&lexicon, &entities);
        let keywords = extract::title_keywords(q, &entities);
        let lookup = extract::lookup_keys(q);
        for entity in normalized.all().filter(|e| !e.is_linked()) {
            tracing::debug!(entity = %entity.text, "not linked to the graph; filtering labels");
        }
        clock.lap("normalize");

        let input = plan::PlanInput { classification, entities: &normalized, keywords: &keywords, lookup: &lookup };
        let strategies = match plan::plan(&self.templates, &input) {
            Ok(s) => s,
            Err(e) => {
                // Only reachable if a template and its arguments disagree: report, answer empty.
                warnings.push(format!("could not build the queries: {e}"));
                Vec::new()
            }
        };
        clock.lap("build");

        let (mut reports, mut records, retrieved) = self.retriever.run_all(strategies).await;
        let kg_results_count = retrieved.iter().map(|r| r.rows.rows.len()).sum();
        for report in &reports {
            if let Some(error) = &report.error {
                warnings.push(format!("strategy {} failed: {error}", report.name));
            }
        }
        clock.lap("retrieve");

        let evidence = evidence::assemble(&retrieved);
        let ranking = rank::rank(&evidence, &normalized, &keywords, self.max_context_papers);
        warnings.extend(ranking.warnings.iter().cloned());
        let direction = |metric: &str| -> Direction {
            lexicon
                .lookup(metric)
                .into_iter()
                .find_map(|id| lexicon.entry(id).direction)
                .unwrap_or(Direction::Higher)
        };
        let mut items =
            generate::answer_items(classification.target, &evidence, &ranking.all, &normalized, &direction);
        let chosen = generate::select_sources(&mut items, &ranking.papers, self.max_context_papers);
        clock.lap("rank");

        let details = match plan::details(&self.templates, &chosen) {
            Ok(strategies) => {
                let (r, q, rows) = self.retriever.run_all(strategies).await;
                for report in &r {
                    if let Some(error) = &report.error {
                        warnings.push(format!("strategy {} failed: {error}; sources lack some metadata", report.name));
                    }
                }
                reports.extend(r);
                records.extend(q);
                evidence::details(&rows)
            }
            Err(e) => {
                warnings.push(format!("could not build the detail queries: {e}"));
                BTreeMap::new()
            }
        };
        clock.lap("details");

        let current_year = years::current_year();
        let mut year_of = BTreeMap::new();
        for iri in &chosen {
            let raw = details.get(iri).map(|d| d.years.clone()).unwrap_or_default();
            let check = years::validate(&raw, current_year);
            if let Some(note) = check.note {
                warnings.push(format!("{iri}: {note}"));
            }
            year_of.insert(iri.clone(), check.year);
        }
        let sources = generate::sources(&chosen, &details, &evidence, &ranking.papers, &year_of);
        clock.lap("validate");

        let all_failed = !reports.is_empty()
            && reports.iter().all(|r| matches!(r.status, retrieve::Status::Timeout | retrieve::Status::Error));
        let extractive = if all_failed {
            "I could not query the knowledge graph (see strategies_used and warnings), so I cannot answer or cite anything."
                .to_owned()
        } else {
            generate::extractive(classification.target, &items, &sources, &normalized)
        };
        let mut answer = extractive.clone();
        let mut answer_mode = AnswerMode::Extractive;
        if !sources.is_empty() || !items.is_empty() {
            let request = generate::llm_request(q, &items, &sources);
            if let Some(reply) = self.chat(&request, &mut warnings, "answer generation").await {
                let (text, removed, valid) = generate::check_citations(&reply, sources.len());
                if !removed.is_empty() {
                    warnings.push(format!(
                        "the LLM cited sources that do not exist ({}); those citations were removed",
                        removed.iter().map(|n| format!("[{n}]")).collect::<Vec<_>>().join(", ")
                    ));
                }
                if valid && !text.is_empty() {
                    answer = text;
                    answer_mode = AnswerMode::Llm;
                } else {
                    warnings.push("the LLM answer cited no valid source; used the extractive answer".into());
                }
            }
        }
        clock.lap("generate");

        AskResponse {
            question: q.to_owned(),
            query_type: classification.query_type,
            query_type_source,
            target: classification.target,
            entities,
            entities_source,
            normalized_entities: normalized,
            sparql_queries: records,
            strategies_used: reports,
            kg_results_count,
            answer,
            answer_mode,
            answer_items: items,
            sources,
            warnings,
            timings_ms: clock.finish(),
        }
    }
}

/// The target to use when the LLM's type differs from the rules' one.
fn default_target(query_type: QueryType, rules_target: Target) -> Target {
    match query_type {
        QueryType::ClaimVerification => Target::Verdict,
        QueryType::PaperLookup => Target::PaperDetails,
        QueryType::MethodComparison if !matches!(rules_target, Target::BestModel | Target::TopScore) => Target::BestModel,
        QueryType::MethodComparison => rules_target,
        _ if matches!(rules_target, Target::Verdict | Target::PaperDetails | Target::BestModel | Target::TopScore) => Target::Papers,
        _ => rules_target,
    }
}

const CLASSIFY_SYSTEM: &str = "Classify a question about scientific papers into exactly one type. \
topic_search: papers about a topic, task or field. \
method_comparison: compare methods or find the best model, top score or state of the art on a dataset or metric. \
dataset_search: which datasets are used for a task, or which models, papers or metrics are evaluated on a dataset. \
claim_verification: check whether a stated claim is true. \
method_usage: where or how a method is used, which papers use it, its code or implementation. \
paper_lookup: one specific paper by title or DOI, its authors, year or DOI. \
Answer with JSON: {\"query_type\": \"<type>\"}.";

fn classify_request(question: &str) -> ChatRequest {
    let labels: Vec<&str> = QueryType::ALL.iter().map(|t| t.as_str()).collect();
    ChatRequest {
        system: CLASSIFY_SYSTEM.to_owned(),
        user: format!("Question: {question}"),
        json: Some(serde_json::json!({
            "type": "object",
            "properties": {"query_type": {"type": "string", "enum": labels}},
            "required": ["query_type"],
            "additionalProperties": false,
        })),
        temperature: 0.0,
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
