//! The question pipeline: one stage per module, run in order by [`Pipeline::ask`].
//!
//! ```text
//! Question ─ extract ─ classify ─ normalize+link ─ plan (build SPARQL) ─ retrieve (I/O)
//!          ─ evidence ─ years (I/O) ─ trust (anchor, facts, conflicts, resolution)
//!          ─ rank ─ items ─ verdict ─ details (I/O) ─ generate (LLM I/O, or extractive)
//!          ─ gates (─ one retry with the alternative plan when a gate fails)
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
pub mod gates;
pub mod generate;
pub mod json;
pub mod lexicon;
pub mod normalize;
pub mod plan;
pub mod rank;
pub mod retrieve;
pub mod scores;
pub mod trust;
pub mod verdict;
pub mod years;

use std::collections::{BTreeMap, BTreeSet};
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
    /// The question's time anchor ("as of 2018"), if it has one.
    pub as_of: Option<trust::AsOf>,
    /// For claims: SUPPORTED, REFUTED or UNCERTAIN; otherwise null.
    pub verdict: Option<verdict::Label>,
    /// For claims: the relation read, the reason, and the facts on each side.
    pub verdict_evidence: Option<verdict::Verdict>,
    /// Every conflict found, resolved or not.
    pub conflicts: Vec<trust::Conflict>,
    /// Facts removed before the answer was written, and why.
    pub explanation: Vec<trust::Removal>,
    pub confidence: trust::Confidence,
    pub gates: gates::Gates,
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
    trust: crate::config::TrustSettings,
    llm_stages: crate::config::LlmStages,
}

/// What [`Pipeline::understand`] returns.
#[derive(Debug, Clone)]
pub struct Understanding {
    pub query_type: QueryType,
    pub query_type_source: Decider,
    pub entities: Entities,
    pub entities_source: Decider,
    pub warnings: Vec<String>,
}

/// What the stages before retrieval decided; shared by the first attempt and a retry.
struct Front {
    classification: classify::Classification,
    query_type_source: Decider,
    entities: Entities,
    entities_source: Decider,
    normalized: Normalized,
    keywords: Vec<String>,
    lookup: extract::LookupKeys,
    as_of: Option<trust::AsOf>,
}

/// One pass from plan to gates.
struct Attempt {
    records: Vec<QueryRecord>,
    reports: Vec<StrategyReport>,
    kg_results_count: usize,
    answer: String,
    answer_mode: AnswerMode,
    items: Vec<AnswerItem>,
    sources: Vec<Source>,
    verdict: Option<verdict::Verdict>,
    conflicts: Vec<trust::Conflict>,
    explanation: Vec<trust::Removal>,
    confidence: trust::Confidence,
    gates: gates::Gates,
    warnings: Vec<String>,
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
            trust: settings.pipeline.trust.clone(),
            llm_stages: settings.pipeline.llm_stages,
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
        if query.fills_limit(rows.rows.len()) {
            tracing::warn!(rows = rows.rows.len(), "the graph holds more entity labels than are read; names past the cap are found only by label search");
        }
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

    /// The stages `SCIGRAPH_LLM_STAGES` keeps away from a configured LLM, by their names in
    /// warnings.
    fn stages_off(&self) -> Vec<&'static str> {
        let s = self.llm_stages;
        [(s.extract, "entity extraction"), (s.classify, "classification"), (s.answer, "answer generation")]
            .into_iter()
            .filter_map(|(on, name)| (!on).then_some(name))
            .collect()
    }

    async fn chat(&self, request: &ChatRequest, warnings: &mut Vec<String>, stage: &str) -> Option<String> {
        let llm = self.llm.as_ref()?;
        if self.stages_off().contains(&stage) {
            return None;
        }
        match llm.chat(request).await {
            Ok(reply) if echoes(&reply, &request.user) => {
                warnings.push(format!("{stage}: the LLM echoed the prompt; used the deterministic fallback"));
                None
            }
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
        let mut clock = Stopwatch::new();
        let mut warnings = Vec::new();
        if self.llm.is_none() {
            warnings.push("no LLM configured: rule classifier, keyword extraction and an extractive answer were used".into());
        } else if !self.stages_off().is_empty() {
            warnings.push(format!("SCIGRAPH_LLM_STAGES keeps the LLM out of {}: deterministic there", self.stages_off().join(", ")));
        }
        let front = self.front(q, &mut warnings, &mut clock).await;

        let mut attempt = self.attempt(q, &front, false, &mut clock).await;
        if !attempt.gates.all_passed() {
            // One retry with the alternative plan; it replaces the first answer only if it
            // passes more gates, so a retry never undoes a correct answer.
            let failed = attempt.gates.failed_names().join(", ");
            let retry = self.attempt(q, &front, true, &mut clock).await;
            let (before, after) = (attempt.gates.passed(), retry.gates.passed());
            let used = after > before;
            let record = gates::Retry {
                reason: format!("failed gate(s): {failed}"),
                strategy: "label filters instead of linked IRIs, plus the title-keyword search".into(),
                passed_before: before,
                passed_after: after,
                used,
            };
            if used {
                let mut retry = retry;
                retry.records.splice(0..0, attempt.records.drain(..));
                retry.reports.splice(0..0, attempt.reports.drain(..));
                attempt = retry;
            } else {
                attempt.records.extend(retry.records);
                attempt.reports.extend(retry.reports);
            }
            attempt.gates.retry = Some(record);
        }
        warnings.append(&mut attempt.warnings);

        AskResponse {
            question: q.to_owned(),
            query_type: front.classification.query_type,
            query_type_source: front.query_type_source,
            target: front.classification.target,
            entities: front.entities,
            entities_source: front.entities_source,
            normalized_entities: front.normalized,
            sparql_queries: attempt.records,
            strategies_used: attempt.reports,
            kg_results_count: attempt.kg_results_count,
            answer: attempt.answer,
            answer_mode: attempt.answer_mode,
            answer_items: attempt.items,
            sources: attempt.sources,
            as_of: front.as_of,
            verdict: attempt.verdict.as_ref().map(|v| v.verdict),
            verdict_evidence: attempt.verdict,
            conflicts: attempt.conflicts,
            explanation: attempt.explanation,
            confidence: attempt.confidence,
            gates: attempt.gates,
            warnings,
            timings_ms: clock.finish(),
        }
    }

    /// The front of the pipeline alone (extraction and classification, with the LLM when
    /// one is configured): what `scigraph eval types --llm` scores. No graph query is run.
    pub async fn understand(&self, q: &str) -> Understanding {
        let mut warnings = Vec::new();
        let mut clock = Stopwatch::new();
        let front = self.front(q, &mut warnings, &mut clock).await;
        Understanding {
            query_type: front.classification.query_type,
            query_type_source: front.query_type_source,
            entities: front.entities,
            entities_source: front.entities_source,
            warnings,
        }
    }

    /// Extraction, classification and normalisation (the LLM's part, with fallbacks).
    async fn front(&self, q: &str, warnings: &mut Vec<String>, clock: &mut Stopwatch) -> Front {
        let lexicon = self.lexicon();
        // 2 before 1: the rule classifier reads whether a dataset was recognised.
        let mut entities = extract::by_keywords(&lexicon, q);
        let mut entities_source = Decider::Keywords;
        if let Some(reply) = self.chat(&extract::llm_request(q), warnings, "entity extraction").await {
            match extract::parse_llm_reply(&reply) {
                Some(found) if !found.is_empty() => {
                    let grounded = extract::ground(&found, &entities, &lexicon, q);
                    if !grounded.dropped.is_empty() {
                        warnings.push(format!(
                            "entity extraction: dropped LLM entities that do not hold up against the question ({})",
                            grounded.dropped.join(", ")
                        ));
                    }
                    if grounded.from_llm > 0 {
                        entities = grounded.entities;
                        entities_source = Decider::Llm;
                    } else {
                        warnings.push("entity extraction: none of the LLM's entities are in the question; used keyword matching".into());
                    }
                }
                Some(_) => warnings.push("entity extraction: the LLM found no entities; used keyword matching".into()),
                None => warnings.push("entity extraction: the LLM reply was not the expected JSON; used keyword matching".into()),
            }
        }
        clock.lap("extract");

        let mut classification = classify::classify_full(q, !entities.datasets.is_empty(), !entities.is_empty(), !entities.methods.is_empty());
        let mut query_type_source = Decider::Rules;
        if self.llm.is_some() {
            if let Some(reply) = self.chat(&classify_request(q), warnings, "classification").await {
                match classify::parse_llm_label(&reply) {
                    Some(t) if classify::decisive(q).is_some_and(|d| d == classification.query_type && d != t) => warnings.push(format!(
                        "classification: the LLM said {} but the question's wording settles it as {}; used the rule classifier",
                        t.as_str(),
                        classification.query_type.as_str()
                    )),
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
        clock.lap("normalize");
        Front {
            classification,
            query_type_source,
            entities,
            entities_source,
            normalized,
            keywords,
            lookup,
            as_of: trust::time_anchor(q),
        }
    }

    fn direction(&self, lexicon: &Lexicon, metric: &str) -> Direction {
        lexicon.lookup(metric).into_iter().find_map(|id| lexicon.entry(id).direction).unwrap_or(Direction::Higher)
    }

    /// Plan, retrieve, weigh, answer and check; `alternative` is the retry's plan.
    async fn attempt(&self, q: &str, front: &Front, alternative: bool, clock: &mut Stopwatch) -> Attempt {
        let lexicon = self.lexicon();
        let direction = |metric: &str| self.direction(&lexicon, metric);
        let mut warnings = Vec::new();
        let target = front.classification.target;

        let input = plan::PlanInput {
            classification: front.classification,
            entities: &front.normalized,
            keywords: &front.keywords,
            lookup: &front.lookup,
            prefer_labels: alternative,
        };
        let strategies = plan::plan(&self.templates, &input).unwrap_or_else(|e| {
            // Only reachable if a template and its arguments disagree: report, answer empty.
            warnings.push(format!("could not build the queries: {e}"));
            Vec::new()
        });
        clock.lap("build");

        let (mut reports, mut records, retrieved) = self.retriever.run_all(strategies).await;
        let kg_results_count = retrieved.iter().map(|r| r.rows.rows.len()).sum();
        let all_failed = !reports.is_empty() && reports.iter().all(|r| matches!(r.status, retrieve::Status::Timeout | retrieve::Status::Error));
        clock.lap("retrieve");

        // Years and DOIs of every paper found: recency, the anchor, metadata conflicts.
        let mut evidence = evidence::assemble(&retrieved);
        let mut found: Vec<String> = evidence.papers.keys().cloned().collect();
        for paper in evidence.results.iter().filter_map(|r| r.paper.as_ref()) {
            if !found.contains(paper) {
                found.push(paper.clone());
            }
        }
        let current_year = years::current_year();
        let mut metas = BTreeMap::new();
        match plan::years(&self.templates, &found) {
            Ok(Some(strategy)) => {
                let (r, q, rows) = self.retriever.run_all(vec![strategy]).await;
                reports.extend(r);
                records.extend(q);
                metas = evidence::paper_meta(&rows, current_year);
            }
            Ok(None) => {}
            Err(e) => warnings.push(format!("could not build the year query: {e}")),
        }
        clock.lap("years");

        let trust_ctx = trust::Trust { settings: &self.trust, reference_year: front.as_of.as_ref().map_or(current_year, |a| a.year) };
        if let Some(as_of) = &front.as_of {
            let late = trust::apply_anchor(&mut evidence, &metas, as_of);
            if !late.is_empty() {
                warnings.push(format!("left out {} paper(s) published after {} ({})", late.len(), as_of.year, as_of.phrase));
            }
        }
        let facts = trust::facts(&trust_ctx, &evidence, &metas);
        let assessment = trust::assess(&trust_ctx, facts, &metas, &direction);
        trust::apply_removals(&mut evidence, &assessment.facts);
        clock.lap("trust");

        let ranking = rank::rank(&evidence, &front.normalized, &front.keywords, self.max_context_papers);
        warnings.extend(ranking.warnings.iter().cloned());
        let verdict = (front.classification.query_type == QueryType::ClaimVerification)
            .then(|| verdict::judge(q, &front.normalized, &assessment.facts, &direction));
        let mut items = match &verdict {
            Some(v) => verdict_items(v),
            None => generate::answer_items(target, &evidence, &ranking.all, &front.normalized, &direction),
        };
        // Unresolved disagreements about what the answer names are stated, with both sides.
        let disputed: Vec<&trust::Conflict> = assessment
            .conflicts
            .iter()
            .filter(|c| c.kind == trust::ConflictKind::DifferentValues && !c.resolved)
            .filter(|c| items.iter().any(|i| c.subject.starts_with(&format!("{} on ", i.label)) || i.model.as_ref().is_some_and(|m| c.subject.starts_with(&format!("{m} on ")))))
            .collect();
        let mut priority: Vec<String> = Vec::new();
        if let Some(v) = &verdict {
            priority.extend(v.supporting.iter().chain(&v.contradicting).flat_map(|f| f.papers.iter().map(|p| p.iri.clone())));
        }
        priority.extend(disputed.iter().flat_map(|c| c.sides.iter().flat_map(|s| s.papers.iter().map(|p| p.iri.clone()))));
        let chosen = generate::select_sources(&mut items, &priority, &ranking.papers, self.max_context_papers);
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
        for report in reports.iter().filter(|r| r.error.is_some()) {
            let error = report.error.as_deref().unwrap_or_default();
            let line = format!("strategy {} failed: {error}", report.name);
            if !warnings.contains(&line) {
                warnings.push(line);
            }
        }
        for report in reports.iter().filter(|r| r.truncated) {
            warnings.push(format!(
                "strategy {} stopped at its row limit ({} rows): the graph holds more matches than were read",
                report.name, report.rows
            ));
        }
        clock.lap("details");

        // Years and DOIs of cited papers come from the year query; only papers past its cap
        // are read again.
        let missing: Vec<String> = chosen.iter().filter(|iri| !metas.contains_key(*iri)).cloned().collect();
        if let Ok(Some(strategy)) = plan::years(&self.templates, &missing) {
            let (r, q, rows) = self.retriever.run_all(vec![strategy]).await;
            reports.extend(r);
            records.extend(q);
            metas.extend(evidence::paper_meta(&rows, current_year));
        }
        for iri in &chosen {
            if let Some(note) = metas.get(iri).and_then(|m| m.note.as_ref()) {
                warnings.push(format!("{iri}: {note}"));
            }
        }
        let validity = |iri: &str, year: Option<i32>| trust::validity(&trust_ctx, &assessment, iri, year);
        let sources = generate::sources(&chosen, &details, &evidence, &ranking.papers, &metas, &validity);
        let number_of = |iri: &str| chosen.iter().position(|c| c == iri).map(|i| i + 1);
        let verdict = verdict.map(|mut v| {
            for fact in v.supporting.iter_mut().chain(v.contradicting.iter_mut()) {
                fact.sources = fact.papers.iter().filter_map(|p| number_of(&p.iri)).collect();
            }
            v
        });
        clock.lap("validate");

        // The answer: extractive always, phrased by the LLM when one is configured.
        let nothing_found = items.is_empty() && sources.is_empty();
        let mut extractive = if all_failed {
            "I could not query the knowledge graph (see strategies_used and warnings), so I cannot answer or cite anything.".to_owned()
        } else {
            generate::extractive(target, &items, &sources, &front.normalized)
        };
        let cite = |papers: &[trust::PaperRef]| -> String {
            papers.iter().filter_map(|p| number_of(&p.iri)).map(|n| format!("[{n}]")).collect()
        };
        if let Some(v) = &verdict {
            let cited: BTreeSet<usize> = v.supporting.iter().chain(&v.contradicting).flat_map(|f| f.sources.iter().copied()).collect();
            let cited: String = cited.iter().map(|n| format!("[{n}]")).collect();
            let reason = if cited.is_empty() { v.reason.clone() } else { format!("{} {cited}", v.reason) };
            extractive = format!("{}: {reason}. {extractive}", label_text(v.verdict));
        }
        let mut stated: Vec<String> = Vec::new();
        for c in &disputed {
            let sides: Vec<String> = c.sides.iter().map(|s| format!("{} {}", s.value, cite(&s.papers))).collect();
            stated.extend(c.sides.iter().map(|s| s.value.clone()));
            extractive.push_str(&format!(" The graph disagrees on {}: {}.", c.subject, sides.join(" vs ")));
        }
        if let Some(v) = &verdict {
            stated.extend(v.supporting.iter().chain(&v.contradicting).map(|f| f.statement.clone()));
            stated.push(v.reason.clone());
        }
        let mut answer = extractive.clone();
        let mut answer_mode = AnswerMode::Extractive;
        if !nothing_found && !all_failed && !alternative {
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
                    // The model phrases a verdict; it cannot overrule one the facts settle.
                    answer = match &verdict {
                        Some(v) => format!("{}: {text}", label_text(v.verdict)),
                        None => text,
                    };
                    answer_mode = AnswerMode::Llm;
                } else {
                    warnings.push("the LLM answer cited no valid source; used the extractive answer".into());
                }
            }
        }
        clock.lap("generate");

        // Confidence and gates.
        let asked: Vec<&normalize::NormalizedEntity> = front.normalized.all().filter(|e| e.kind != EntityKind::Metric).collect();
        let matched = asked
            .iter()
            .filter(|e| {
                ranking.papers.iter().any(|p| p.matched.iter().any(|(k, n)| *k == e.kind && n == &e.canonical))
                    || items.iter().any(|i| {
                        [Some(&i.label), i.model.as_ref(), i.dataset.as_ref()].into_iter().flatten().any(|l| e.names(l) || l.to_lowercase().contains(&e.canonical.to_lowercase()))
                    })
            })
            .count();
        let evidence_share = if nothing_found {
            0.0
        } else if asked.is_empty() {
            1.0
        } else {
            matched as f64 / asked.len() as f64
        };
        let fact_papers: Vec<usize> = assessment.facts.iter().filter(|f| items.iter().any(|i| i.value.as_deref() == Some(f.value.as_str()))).map(|f| f.support).collect();
        let support = if nothing_found {
            0.0
        } else if fact_papers.is_empty() {
            (sources.len() as f64 / 3.0).min(1.0)
        } else {
            fact_papers.iter().map(|&n| trust::support_of(n)).sum::<f64>() / fact_papers.len() as f64
        };
        let recency = if sources.is_empty() {
            0.0
        } else {
            sources.iter().map(|s| trust_ctx.recency(s.year)).sum::<f64>() / sources.len() as f64
        };
        let confidence = trust::confidence(self.trust.confidence_weights, evidence_share, support, recency);
        let validities: Vec<(usize, trust::Validity)> = sources.iter().map(|s| (s.n, s.validity)).collect();
        let primary: Vec<usize> = if matches!(target, Target::BestModel | Target::TopScore) {
            items.iter().flat_map(|i| i.sources.iter().copied()).collect()
        } else {
            Vec::new()
        };
        let gates = gates::Gates {
            faithfulness: gates::faithfulness(&answer, &items, &sources, &stated, nothing_found || all_failed),
            temporal: gates::temporal(&answer, &validities, &primary),
            scope: gates::scope(&answer, nothing_found || all_failed, evidence_share > 0.0),
            retry: None,
        };

        Attempt {
            records,
            reports,
            kg_results_count,
            answer,
            answer_mode,
            items,
            sources,
            verdict,
            conflicts: assessment.conflicts.clone(),
            explanation: assessment.removals.clone(),
            confidence,
            gates,
            warnings,
        }
    }
}

/// Whether a reply repeats a long stretch of the prompt (models that echo their input;
/// the prompt's few-shot examples would otherwise parse as an answer).
fn echoes(reply: &str, prompt: &str) -> bool {
    const STRETCH: usize = 60;
    let prompt: Vec<char> = prompt.chars().collect();
    if prompt.len() < STRETCH {
        return reply.contains(prompt.iter().collect::<String>().trim());
    }
    // Probe a few windows of the prompt; one found verbatim is an echo.
    let step = ((prompt.len() - STRETCH) / 4).max(1);
    (0..=prompt.len() - STRETCH)
        .step_by(step)
        .any(|i| reply.contains(&prompt[i..i + STRETCH].iter().collect::<String>()))
}

fn label_text(label: verdict::Label) -> &'static str {
    match label {
        verdict::Label::Supported => "SUPPORTED",
        verdict::Label::Refuted => "REFUTED",
        verdict::Label::Uncertain => "UNCERTAIN",
    }
}

/// The answer items of a claim: the facts on each side of the verdict.
fn verdict_items(v: &verdict::Verdict) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    for fact in v.supporting.iter().chain(&v.contradicting) {
        let mut parts = fact.statement.splitn(2, " scores ");
        let model = parts.next().unwrap_or_default().to_owned();
        let rest = parts.next().unwrap_or_default();
        let (value_part, metric) = rest.rsplit_once(" by ").unwrap_or((rest, ""));
        let dataset = value_part.split_once(" on ").map(|(_, d)| d.to_owned());
        let item = AnswerItem {
            label: model.clone(),
            iri: None,
            value: Some(fact.value.clone()),
            sources: Vec::new(),
            metric: (!metric.is_empty()).then(|| metric.to_owned()),
            dataset,
            model: Some(model),
            papers: fact.papers.iter().map(|p| p.iri.clone()).collect(),
        };
        if !items.contains(&item) {
            items.push(item);
        }
    }
    items
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
    fn an_echoed_prompt_is_recognised_and_a_real_reply_is_not() {
        let prompt = extract::llm_request("Which model is best on SQuAD1.1?").user;
        assert!(echoes(&prompt, &prompt));
        assert!(echoes(&format!("Sure: {prompt} ok"), &prompt));
        assert!(!echoes(r#"{"methods": [], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": []}"#, &prompt));
        assert!(!echoes("T5-11B is best [1].", "Sources: [1] T5 ... Question: Which model is best on SQuAD1.1? Answer:"));
    }

    #[test]
    fn questions_are_trimmed_and_checked_for_emptiness_and_length() {
        assert_eq!(Question::parse("  hi  ", 10).unwrap().as_str(), "hi");
        assert_eq!(Question::parse(" \n\t ", 10), Err(QuestionError::Empty));
        assert_eq!(Question::parse("ééééé", 4), Err(QuestionError::TooLong { chars: 5, max: 4 }));
        assert!(Question::parse("ééééé", 5).is_ok(), "the limit counts characters, not bytes");
    }
}
