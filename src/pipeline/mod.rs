//! The question pipeline: five stages in folders, run in order by [`Pipeline::ask`].
//!
//! ```text
//! Question ─ front (extract, classify, normalize+link, time anchor)
//!          ─ query (plan, templates, retrieve: the graph I/O)
//!          ─ evidence (rows → results, papers, years, DOIs, scores)
//!          ─ trust (facts, conflicts, resolution, verdict)
//!          ─ answer (rank, items, sources, text, LLM phrasing, confidence, gates)
//!          (─ one retry with the alternative plan when a gate fails)
//! ```
//!
//! Each stage folder imports only the folders before it (an architecture test checks it);
//! [`diagnostics`], [`stage_llm`] and [`json`] are shared by all and import none. The
//! stages are functions of data: this orchestrator does the I/O between them, through the
//! [`Retriever`] (graph) and [`StageLlm`] (LLM, with its deterministic fallbacks), reads
//! the clock once per question, and times each stage. [`AskResponse`] is the contract of
//! `POST /ask` and `scigraph ask --json`.

pub mod answer;
mod clock;
pub mod comparison;
pub mod diagnostics;
pub mod evidence;
pub mod front;
pub mod json;
pub mod pattern;
pub mod query;
pub mod response;
pub mod stage_llm;
pub mod trust;
pub mod warm;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use crate::config::{CheckSettings, Settings, TrustSettings};
use crate::index::TextIndex;
use crate::kg::KnowledgeGraph;
use crate::llm::ChatModel;
use answer::gates;
use answer::items;
use answer::measures::Answered;
use answer::rank;
use clock::Stopwatch;
use diagnostics::Diagnostics;
use response::Attempt;
use evidence::papers;
use front::lexicon::{Direction, Lexicon};
use front::{classify, extract, Front};
use query::labels::LabelError;
use query::plan::PlanInput;
use query::retrieve::{Ledger, Retriever};
use query::templates::Templates;
use stage_llm::{LlmExchange, LlmUse, StageLlm};
use trust::verdict;

pub use answer::AnswerMode;
pub use front::Decider;
pub use response::{AskResponse, Question, QuestionError};

/// Why the pipeline could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error(transparent)]
    Lexicon(#[from] front::lexicon::LexiconError),
    #[error(transparent)]
    Templates(#[from] query::templates::BuildError),
}

/// Most labels read from the graph at start-up (ORKG has tens of thousands).
const MAX_LABELS: u32 = 500_000;
/// Most paper titles indexed (ORKG has about 100,000 papers).
const MAX_TITLES: u32 = 2_000_000;

/// A model described by its place on a board, found ([`Pipeline::resolve_leader`]): the
/// question with its name, what the response says of it, the answer that found it with
/// its sources, and its queries.
struct Resolved {
    question: String,
    message: String,
    answer: String,
    sources: Vec<items::Source>,
    ledger: Ledger,
    /// What the question asks past ("where else has the model on top of D been
    /// evaluated?", "other papers on the problem the X paper addresses"): the boards and
    /// the papers (by title) the first hop went through, set aside in the second.
    boards_aside: Vec<front::normalize::NormalizedEntity>,
    papers_aside: Vec<String>,
    /// "Which models were evaluated on the same datasets as X?": X is not one of them.
    models_aside: Vec<front::normalize::NormalizedEntity>,
}

impl Resolved {
    /// The second hop's front with what the first went through set aside.
    fn set_aside(&mut self, front: &mut Front) {
        front.restriction.datasets.append(&mut self.boards_aside);
        front.restriction.models.append(&mut self.models_aside);
        for title in self.papers_aside.drain(..) {
            front.restriction.papers.push(front::restrict::PaperName::Titled { words: title.split_whitespace().map(str::to_owned).collect(), year: None });
        }
    }

    /// The first hop said before the answer to the second, its citations renumbered into
    /// the response's sources; its queries first in the response.
    fn lead(self, attempt: &mut Attempt, diagnostics: &mut Diagnostics) {
        let number = items::Source::merge(&mut attempt.sources, self.sources);
        attempt.answer = format!("{} {}", answer::llm::renumbered(&self.answer, &number), attempt.answer);
        attempt.ledger.prepend(self.ledger);
        diagnostics.push(diagnostics::Code::ModelResolved, diagnostics::Stage::Front, self.message);
    }
}

/// Writes the text index of the graph's labels and titles into `dir` (replacing what was
/// there), for `serve --store` to open instead of building: what `scigraph load` calls.
pub async fn write_index(kg: &dyn KnowledgeGraph, dir: &std::path::Path) -> Result<u64, IndexWriteError> {
    let templates = Templates::load()?;
    let labels = query::labels::read(&templates, kg, MAX_LABELS).await?;
    let titles = query::labels::titles(&templates, kg, MAX_TITLES).await?;
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|source| IndexWriteError::Io { path: dir.display().to_string(), source })?;
    }
    let docs = query::labels::index_docs(&labels, titles);
    let dir = dir.to_owned();
    let index = tokio::task::spawn_blocking(move || TextIndex::build(docs, Some(&dir))).await.map_err(|e| IndexWriteError::Panicked(e.to_string()))??;
    Ok(index.len())
}

/// Why `scigraph load` could not write the text index (the store itself is loaded).
#[derive(Debug, thiserror::Error)]
pub enum IndexWriteError {
    #[error(transparent)]
    Templates(#[from] query::templates::BuildError),
    #[error(transparent)]
    Labels(#[from] LabelError),
    #[error(transparent)]
    Index(#[from] crate::index::IndexError),
    #[error("cannot replace the old index at {path}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the index build panicked: {0}")]
    Panicked(String),
}

/// The text index written beside an on-disk store by `scigraph load`, when there is one.
fn open_index(kg: &dyn KnowledgeGraph) -> Option<Arc<TextIndex>> {
    let dir = crate::index::beside(&kg.info().store?);
    if !dir.exists() {
        return None;
    }
    match TextIndex::open(&dir) {
        Ok(index) if !index.is_empty() => {
            tracing::info!(documents = index.len(), dir = %dir.display(), "text index opened");
            Some(Arc::new(index))
        }
        Ok(_) => None,
        Err(e) => {
            tracing::warn!(error = %e, dir = %dir.display(), "could not open the text index beside the store; building one in memory");
            None
        }
    }
}

/// The entity labels of an index opened from disk; `None` (logged when it is an error)
/// sends start-up to the graph for them.
fn stored_labels(index: &TextIndex) -> Option<Vec<front::lexicon::GraphLabel>> {
    match index.entity_docs() {
        Ok(docs) if !docs.is_empty() => Some(query::labels::from_index_docs(docs)),
        Ok(_) => None,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the labels from the text index; reading them from the graph");
            None
        }
    }
}

/// The text index of the graph's labels and titles, built in memory; `None` (logged) when
/// the titles cannot be read or the index cannot be built: the label scans stay in use.
async fn build_index(templates: &Templates, kg: &dyn KnowledgeGraph, labels: &[front::lexicon::GraphLabel]) -> Option<Arc<TextIndex>> {
    let started = std::time::Instant::now();
    let titles = match query::labels::titles(templates, kg, MAX_TITLES).await {
        Ok(titles) => titles,
        Err(e) => {
            tracing::warn!(error = %e, "could not read paper titles; no text index");
            return None;
        }
    };
    let docs = query::labels::index_docs(labels, titles);
    match tokio::task::spawn_blocking(move || TextIndex::build(docs, None)).await {
        Ok(Ok(index)) => {
            tracing::info!(documents = index.len(), ms = started.elapsed().as_millis() as u64, "text index built");
            Some(Arc::new(index))
        }
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "could not build the text index");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, "the text index build panicked");
            None
        }
    }
}

/// Questions of the common shapes (a best, a model's papers, code, a comparison, a task's
/// datasets, a topic, a top k, names with numbers), asked once at start-up and on each
/// HTTP worker; a shape not here still pays once on its first question.
const WARM_UP: &[&str] = &[
    "Which model is best on the X dataset, 'a title', 10.1000/x?",
    "Which papers use the Foo model for named entity recognition?",
    "Where can I find the code of Foo?",
    "Is Foo better than Bar on the X benchmark in terms of F1 score?",
    "Which datasets are used for question answering by accuracy metric?",
    "Show me recent papers about graph neural networks since 2019",
    "What are the top 3 results on X?",
    "Which papers use Foo bar 12?",
    "What results did Foo bar 3 get on the Baz 7 dataset?",
    "Which models are evaluated on Baz qux 7?",
];

fn warm_up(lexicon: &Lexicon) {
    for question in WARM_UP {
        let _ = front::deterministic(question, lexicon);
    }
}

/// The query cache holds at most this many rows (a few hundred MB at worst) ...
const CACHE_ROWS: u64 = 1_000_000;
/// ... each for at most this long, since a remote graph changes under us.
const CACHE_TTL: Duration = Duration::from_secs(600);

pub struct Pipeline {
    lexicon: Arc<Lexicon>,
    labels: Result<usize, LabelError>,
    graph: query::Graph,
    llm: StageLlm,
    max_context_papers: usize,
    trust: TrustSettings,
    /// Which gates are checked and whether a failure earns a retry.
    checks: CheckSettings,
    /// The graph's comparison tables, when it has any (embedded graphs).
    comparisons: Option<Arc<comparison::Catalogue>>,
    /// What a query the LLM writes may name, read at start-up when an LLM writes SPARQL.
    schema: Option<Arc<query::generated::Schema>>,
    /// Questions and their SPARQL shown to the LLM (SciQA's train split, when configured).
    examples: Vec<query::generated::Example>,
    /// The boards each model leads, as last computed, and when: reading and grouping every
    /// board's leading rows takes about a second at 6.3 M triples, so it is kept as long as
    /// the query cache keeps a query's rows, or for good where the graph cannot change.
    leaders: std::sync::Mutex<Option<(std::time::Instant, Arc<Leaders>)>>,
}

/// The boards each model leads, with one paper behind each count.
type Leaders = Vec<(answer::tally::Count, Vec<String>)>;

/// The most rows a query the LLM wrote may return.
const GENERATED_ROWS: usize = 100;
/// The most predicates (or classes) read for the LLM's schema.
const SCHEMA_ENTRIES: u32 = 50_000;
/// SciQA examples shown in the text-to-SPARQL prompt.
const SPARQL_EXAMPLES: usize = 6;
/// Rows a ranking by count reads: every dataset, model or problem the graph counts.
/// Rows precomputed at load answer them (`crate::precomputed::WHOLE`).
pub(crate) const MAX_TALLY_ROWS: u32 = 50_000;
/// Rows of every board's leading values (`board_leaders.rq`: two or more per board and
/// metric; 50,000 cut it at 6.3 M triples).
const MAX_LEADER_ROWS: u32 = 2_000_000;

/// The words a question names one paper by: a quoted title, else those of
/// [`front::extract::claimed_paper`] (with `by_model`, also a model's in "the XLNet paper"),
/// when they hold `least` content words or more.
fn paper_words(q: &str, front: &Front, by_model: bool, least: usize) -> Option<String> {
    if let Some(title) = &front.lookup.title {
        return Some(title.clone());
    }
    let words = front::extract::claimed_paper(q).or_else(|| by_model.then(|| front::extract::model_paper(q)).flatten())?;
    (front::extract::content_words(&words).len() >= least).then_some(words)
}

/// The LIMIT a template anchored on nothing is read with, here and when precomputed.
pub(crate) fn whole_limit(template: &str) -> u32 {
    if template == "board_leaders" { MAX_LEADER_ROWS } else { MAX_TALLY_ROWS }
}
/// A claim's count against a number lists what it counts up to this many.
const MAX_COUNTED_SHOWN: u64 = 40;

/// What the graph says of the ORKG ids a question writes ([`Pipeline::named_ids`]).
#[derive(Debug, Default)]
struct Identified {
    /// The question with each named id's name in its place; `None` when it writes no id
    /// the graph names.
    written: Option<String>,
    /// The ids the graph holds nothing under.
    unknown: Vec<String>,
    /// The comparison it names, if any: the table the question is read on.
    table: Option<String>,
    /// What each id the graph holds is, one sentence each ([`front::ids::described`]).
    said: Vec<String>,
}

/// Rows read for the ids a question writes: a few per id (its label, classes, a
/// contribution's paper), and a question writes few ids.
const ID_ROWS: u32 = 200;
/// The most boards a ranking by their tops reads (a family's word that matches more says
/// too little to rank by).
const MAX_TOPS_BOARDS: usize = 300;
/// The most cells a comparison question reads: one table.
const MAX_TABLE_CELLS: u32 = 20_000;
/// The most rows a comparison answer cites (an aggregate reads them all).
const MAX_COMPARISON_SOURCES: usize = 10;
/// Most papers of a lookup whose results are read ("what does 'P' re-run?").
const MAX_LOOKED_UP: usize = 3;

/// What [`Pipeline::understand`] returns: the front's decisions, without retrieval.
#[derive(Debug, Clone)]
pub struct Understanding {
    pub query_type: classify::QueryType,
    pub query_type_source: Decider,
    pub entities: extract::Entities,
    pub entities_source: Decider,
    pub warnings: Vec<String>,
}

/// Words a ranking or a count is said in, which an extraction may take for a name ("fewest
/// boards among", "most models").
fn counting_words(text: &str) -> bool {
    let t = text.to_lowercase();
    ["most", "fewest", "least", "number", "board", "dataset", "model", "paper", "code", "problem"].iter().any(|w| t.contains(w))
}

/// The question proper ([`classify::asked_part`]) when it names something itself, else the
/// whole question: a name in the scene ("Marrowfen's features transferred well ...
/// Selkora gets over 40 on D, doesn't it?") is not what is asked, but "still the right
/// figure?" asks of the sentence before it.
fn naming_part<'a>(q: &'a str, entities: &front::normalize::Normalized) -> &'a str {
    let part = classify::asked_part(q);
    let lower = part.to_lowercase();
    if entities.all().any(|e| lower.contains(&e.text.to_lowercase())) { part } else { q }
}

/// Whether a paper's title is headed by the model's name, as written or as labelled
/// ([`answer::rank::headed_by`]): its own paper.
fn titled_by(title: &str, model: &front::normalize::NormalizedEntity) -> bool {
    answer::rank::headed_by(title, &model.canonical) || answer::rank::headed_by(title, &model.text)
}

/// The words a claim is read from: the question proper ([`classify::asked_part`]) when it
/// states the claim itself, a number and a model ("We got 78.1 in our run. Is the published
/// 78.4 for X reported twice?" claims 78.4); else the whole question ("The draft says
/// \"X leads D.\" Was that true?" checks the quoted sentence).
fn claim_text(q: &str, entities: &front::normalize::Normalized) -> String {
    // "Since X leads D, what is ...?": the premise is the claim checked.
    if let Some(premise) = classify::best_premise(q) {
        return premise.to_owned();
    }
    // "Now that Y is out, X isn't the top model anymore, right?": the claim after the scene.
    if let Some(claim) = classify::after_scene(q) {
        return claim_text(claim, entities);
    }
    // "X beat Y on D; was the margin more than a point?": the statement with its margin.
    if let Some(claim) = classify::margin_asked(q) {
        return claim;
    }
    // "X is in the top three on D, isn't it? Where does it rank now?": the tagged claim.
    if let Some(claim) = classify::tagged_claim(q) {
        return claim.to_owned();
    }
    let settled = front::spelling::settled(q);
    let part = classify::asked_part(&settled);
    let lower = part.to_lowercase();
    let states_it = trust::numbers::claimed(part, entities).is_some() && entities.methods.iter().any(|m| lower.contains(&m.text.to_lowercase()));
    // "... cites the Quillon-XL paper for it. Does that paper state 86.1 for Tavrosa?": the
    // paper is named before, so the whole is read.
    static PAPER_BACK: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"\b(?:that|this|the same|the cited|their cited)\s+(?:paper|study|article|publication|reference|citation|work)\b").unwrap_or_else(|e| panic!("paper back pattern: {e}"))
    });
    if part.len() < settled.len() && states_it && !PAPER_BACK.is_match(&lower) { part.to_owned() } else { settled.into_owned() }
}

/// The verdict on a question's premise ("since X leads D, ..."), said as an account: the
/// premise corrected when the graph refutes it, left open or confirmed otherwise.
/// `paper`: what the question asks of the named model's paper (its year, its DOI), told
/// after the premise whatever its verdict.
/// `removed`: the results the trust stage sets aside now; a premise about the past may
/// rest on one (a value the board of 2020 still allowed), which is said but is no item
/// when the same result stands with another value.
fn premise_account(v: trust::verdict::Verdict, paper: Option<String>, removed: &[evidence::ResultFact]) -> trust::verdict::Verdict {
    let said = match v.verdict {
        trust::verdict::Label::Refuted => "The question rests on a premise the graph does not support",
        trust::verdict::Label::Uncertain => "The graph does not settle the question's premise",
        trust::verdict::Label::Supported => "The graph supports the question's premise",
    };
    let facts = trust::standing_only([v.supporting, v.contradicting].concat(), removed);
    // One sentence with the premise: the citations that close it cover both.
    let paper = paper.map(|p| format!("; {p}")).unwrap_or_default();
    trust::verdict::Verdict::account(format!("{said}: {}{paper}", v.reason), facts)
}

/// "..., what year was its paper published?", "what is the DOI of its paper?": the named
/// model's paper, said plainly (`None` when the question asks nothing of it).
fn paper_asked(q: &str, entities: &front::normalize::Normalized, evidence: &evidence::Evidence, metas: &BTreeMap<String, evidence::papers::PaperMeta>) -> Option<(String, String, trust::PaperRef)> {
    static ASKS_PAPER: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\b(?:what|which)\s+year\b|\bwhen\s+(?:was|did)\b[^?]{0,40}\b(?:published|come out|came out|appear)|\bdoi\b|\b(?:what|which)\s+(?:paper|article|publication)\b|\bits paper\b")
            .unwrap_or_else(|e| panic!("paper asked pattern: {e}"))
    });
    let asked = classify::asked_part(q);
    if !ASKS_PAPER.is_match(asked) {
        return None;
    }
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    let (paper, dois, own) = trust::own_paper(model, evidence, metas)?;
    let whose = if own { format!("{}'s paper", model.canonical) } else { format!("the earliest paper reporting {}'s result here", model.canonical) };
    let year = paper.year.map(|y| format!(", published in {y}")).unwrap_or_else(|| ", with no year recorded".into());
    let doi = dois.first().map(|d| format!(", DOI {d}")).unwrap_or_else(|| ", with no DOI recorded".into());
    Some((format!("{whose} is \"{}\"{year}{doi}", paper.title), model.canonical.clone(), paper))
}

/// What a second ask's "it" refers to, read from the first ask's answer: the model a
/// "best" answer names; else the model the first ask names, the paper it looked up, or its
/// dataset or task.
fn subject(first: &AskResponse) -> Option<String> {
    use front::classify::Target;
    // "Which paper has the top accuracy on D, and what year is it from?": the paper looked
    // up through the board, not its model.
    if first.query_type == classify::QueryType::PaperLookup && matches!(first.target, Target::BestModel | Target::TopScore) {
        if let Some(paper) = first.sources.first() {
            return Some(format!("the \"{}\" paper", paper.title));
        }
    }
    if matches!(first.target, Target::BestModel | Target::TopScore) {
        if let Some(model) = first.answer_items.iter().filter(|i| i.value.is_some()).find_map(|i| i.model.clone()) {
            return Some(model);
        }
    }
    let named = &first.normalized_entities;
    let paper = || (first.target == Target::PaperDetails).then(|| first.sources.first().map(|s| format!("the \"{}\" paper", s.title))).flatten();
    named.methods.first().map(|m| m.canonical.clone()).or_else(paper).or_else(|| named.datasets.first().or(named.tasks.first()).map(|e| e.canonical.clone()))
}

/// The claim's entities without a model named only to date it ("before the Trillbert paper
/// came out, nobody had gotten below 12 WER" is not about Trillbert).
fn claim_entities(q: &str, claim: &str, entities: &front::normalize::Normalized) -> front::normalize::Normalized {
    // "The Selkora paper didn't come out before the Marrowfen paper": the dates are the claim.
    if classify::claim_about(q) == Some(classify::ClaimAbout::Dates) {
        return entities.clone();
    }
    // "X was the best on D as of 2021, correct? Also, what chrF did it get on E?": a claim
    // that is part of the question is judged on its own boards and metrics, not the
    // follow-up's (a board it leaves to "there" is every board named).
    let entities = &if claim.trim().len() < q.trim().len() {
        let lower = claim.to_lowercase();
        let in_claim = |e: &front::normalize::NormalizedEntity| lower.contains(&e.text.to_lowercase());
        let mut kept = entities.clone();
        if kept.datasets.iter().any(in_claim) {
            kept.datasets.retain(in_claim);
        }
        kept.metrics.retain(in_claim);
        // "Now that Y is out, X isn't the top model anymore": Y set the scene, X is claimed.
        if classify::after_scene(q).is_some() && kept.methods.iter().any(in_claim) {
            kept.methods.retain(in_claim);
        }
        kept
    } else {
        entities.clone()
    };
    // "Before Selkora came along, X had the top F1 on D": a leading time names Selkora only
    // to date the claim (one later in the sentence may be what is claimed: "X held it until
    // Y took it").
    let leading = || {
        let opens = ["before ", "prior to ", "until ", "till "].iter().any(|w| q.trim_start().to_lowercase().starts_with(w));
        opens.then(|| classify::holder_before(q)).flatten()
    };
    let Some(name) = classify::paper_event(q).map(|(name, _)| name).or_else(leading) else { return entities.clone() };
    let name = name.to_lowercase();
    // "Before Selkora came along, Marrowfen had the top F1": the event's own words go too.
    let mut rest = claim.to_lowercase().replace(&format!("{name} paper"), " ");
    for word in ["before", "after", "until", "till", "since", "when", "once"] {
        rest = rest.replace(&format!("{word} {name}"), " ");
    }
    let mut kept = entities.clone();
    kept.methods.retain(|m| m.text.to_lowercase() != name || rest.contains(&name));
    kept
}

impl Pipeline {
    /// Checks the templates and the synonym tables, and merges the graph's own labels into
    /// the lexicon. A graph that cannot give its labels is not fatal: the synonym tables
    /// stay in use, the failure is logged and kept ([`Self::labels`]).
    pub async fn build(settings: &Settings, kg: Arc<dyn KnowledgeGraph>, llm: Option<Arc<dyn ChatModel>>) -> Result<Self, PipelineError> {
        let templates = Templates::load()?;
        let mut lexicon = Lexicon::from_tables()?;
        let mut index = None;
        // An index written beside a store by `scigraph load` holds the labels too: reading
        // them from it saves start-up a scan of the store.
        let opened = open_index(kg.as_ref());
        let read = match opened.as_deref().and_then(stored_labels) {
            Some(labels) => Ok(labels),
            None => query::labels::read(&templates, kg.as_ref(), MAX_LABELS).await,
        };
        let labels = match read {
            Ok(labels) => match Lexicon::build(&labels) {
                Ok(merged) => {
                    lexicon = merged;
                    tracing::info!(labels = labels.len(), "entity labels loaded");
                    index = match opened {
                        Some(opened) => Some(opened),
                        None => build_index(&templates, kg.as_ref(), &labels).await,
                    };
                    Ok(labels.len())
                }
                Err(e) => Err(LabelError::from(e)),
            },
            Err(e) => Err(e),
        };
        if let Err(e) = &labels {
            tracing::warn!(error = %e, code = e.code(), "could not read entity labels; keyword extraction uses the synonym tables only");
        }
        let boards = crate::boards::for_backend(settings, &templates, kg.as_ref()).await;
        // Rows of the keyed templates and the head listings: beside a store, or read now.
        let precomputed = crate::precomputed::for_backend(settings, &templates, kg.as_ref(), boards.as_deref()).await;
        let comparisons = crate::comparisons::for_backend(settings, &templates, kg.as_ref()).await.map(|c| Arc::new(comparison::Catalogue::new(Arc::unwrap_or_clone(c).tables)));
        let stage_llm = StageLlm::new(llm, settings.pipeline.llm_stages);
        let (schema, examples) = if stage_llm.serves(LlmUse::Sparql) {
            (read_schema(&templates, kg.as_ref()).await, read_examples(settings.pipeline.sparql_examples.as_deref()))
        } else {
            (None, Vec::new())
        };
        // Compiles the stages' regexes now rather than on the first question of each kind
        // (~100 ms: their bounded repetitions of Unicode classes are large automata).
        warm_up(&lexicon);
        Ok(Self {
            lexicon: Arc::new(lexicon),
            labels,
            graph: query::Graph { templates, retriever: Retriever::new(kg, settings.kg.timeout, CACHE_ROWS, CACHE_TTL).with_precomputed(precomputed), index, boards },
            llm: stage_llm,
            max_context_papers: settings.pipeline.max_context_papers,
            trust: settings.pipeline.trust.clone(),
            checks: settings.pipeline.checks,
            comparisons,
            schema,
            examples,
            leaders: std::sync::Mutex::new(None),
        })
    }

    /// Runs the front's rules over [`WARM_UP`] on the calling thread. The regex engine keeps
    /// its matching state per thread, built as text comes: each HTTP worker calls this once
    /// at start, or its first questions pay 10–40 ms for it.
    pub fn warm_up(&self) {
        warm_up(&self.lexicon);
    }

    /// Replaces the trust stage's settings and the answer checks: `scigraph eval ablations`
    /// asks the same questions of one pipeline with each switched off in turn.
    pub fn set_switches(&mut self, trust: TrustSettings, checks: CheckSettings) {
        self.trust = trust;
        self.checks = checks;
    }

    /// The lexicon in use (the synonym tables, plus the graph's labels when they loaded).
    pub fn lexicon(&self) -> Arc<Lexicon> {
        self.lexicon.clone()
    }

    /// How many graph labels the lexicon holds, or why none could be read.
    pub fn labels(&self) -> Result<usize, &LabelError> {
        self.labels.as_ref().map(|n| *n)
    }

    /// Runs the whole pipeline, with the clock read now. Never fails: trouble becomes
    /// diagnostics and strategy statuses.
    pub async fn ask(&self, question: &Question) -> AskResponse {
        self.ask_in(question, evidence::years::current_year()).await
    }

    /// [`Self::ask`] as if in `current_year`: time is an input, so the stages are pure.
    #[tracing::instrument(name = "ask", skip_all, fields(question = %question.as_str()))]
    pub async fn ask_in(&self, question: &Question, current_year: i32) -> AskResponse {
        self.ask_with(question, current_year, None).await
    }

    /// [`Self::ask_in`], with the comparison the question is about given (`hint`: its IRI or
    /// id), as JarvisQA's evaluation gives each question its table.
    pub async fn ask_with(&self, question: &Question, current_year: i32, hint: Option<&str>) -> AskResponse {
        let asked = question.as_str();
        // "What's the DOI of https://orkg.org/paper/R129488?": read with what the graph
        // names by each id written in its place.
        let mut ledger = Ledger::default();
        let ids = self.named_ids(asked, &mut ledger).await;
        let hint = hint.or(ids.table.as_deref());
        // Every stage reads the question without the clutter of where it was pasted from
        // (citation marks, LaTeX, a table row, a signature) and with its spelling settled
        // ("wich", "beter"); the response echoes the question as asked.
        let unpasted = front::pasted::cleaned(ids.written.as_deref().unwrap_or(asked));
        // "..., number only", "DOIs only:", "TL;DR:": read without, and kept for the items.
        let (unformed, form) = front::form::read(&unpasted);
        let settled = front::spelling::settled(&unformed);
        let mut response = self.ask_unformed(asked, &settled, current_year, hint).await;
        response.shaped(form);
        response.identified(ledger, &ids);
        response
    }

    /// The ORKG ids the question writes ([`front::ids`]), looked up in one query
    /// (`resources_by_id.rq`). An id is said unknown only when the lookup ran: a failed one
    /// leaves the question as written.
    async fn named_ids(&self, asked: &str, ledger: &mut Ledger) -> Identified {
        use front::ids::{Mention, Named};
        const COMPARISON: &str = "http://orkg.org/orkg/class/Comparison";
        let mentions = front::ids::mentions(asked);
        if mentions.is_empty() {
            return Identified::default();
        }
        let mut iris: Vec<String> = mentions.iter().map(Mention::iri).collect();
        iris.sort();
        iris.dedup();
        let args = [("resources", query::templates::Arg::Values(iris)), ("limit", query::templates::Arg::Limit(ID_ROWS))];
        let Ok(query) = self.graph.templates.fill("resources_by_id", &args) else { return Identified::default() };
        let strategy = query::plan::Strategy { name: "resources_by_id".to_owned(), query, fallback: None, role: query::plan::Role::Lookup, anchor: None, keyed: None };
        let found = self.graph.retriever.run_all(vec![strategy], ledger).await;
        if ledger.all_failed() {
            return Identified::default();
        }
        let rows: Vec<&sparesults::QuerySolution> = found.iter().flat_map(|r| &r.rows.rows).collect();
        let text = |row: &&sparesults::QuerySolution, var: &str| query::retrieve::text(row, var);
        // Each id's rows read once: its label, classes and (a contribution's) paper's title.
        struct Held {
            label: Option<String>,
            classes: Vec<String>,
            title: Option<String>,
        }
        let mut held: Vec<(&str, Held)> = Vec::new();
        let mut unknown: Vec<String> = Vec::new();
        for m in &mentions {
            if held.iter().any(|(id, _)| *id == m.id) || unknown.contains(&m.id) {
                continue;
            }
            let iri = m.iri();
            let own: Vec<&&sparesults::QuerySolution> = rows.iter().filter(|r| text(r, "resource").as_deref() == Some(iri.as_str())).collect();
            if own.is_empty() {
                unknown.push(m.id.clone());
                continue;
            }
            let mut classes: Vec<String> = own.iter().filter_map(|r| text(r, "class")).collect();
            classes.sort();
            classes.dedup();
            let label = own.iter().find_map(|r| text(r, "label").filter(|l| !l.trim().is_empty()));
            held.push((&m.id, Held { label, classes, title: own.iter().find_map(|r| text(r, "paper_title")) }));
        }
        let named = |m: &Mention| -> Option<Named> {
            let (_, h) = held.iter().find(|(id, _)| *id == m.id)?;
            let class = |c: &str| h.classes.iter().any(|k| k == c);
            // A contribution is its paper's (a paper page's link may name one).
            if let Some(title) = &h.title {
                return Some(Named::Paper(title.clone()));
            }
            if class(COMPARISON) {
                return Some(Named::Comparison);
            }
            let label = h.label.clone()?;
            match class("http://orkg.org/orkg/class/Paper") {
                true => Some(Named::Paper(label)),
                false => Some(Named::Label(label)),
            }
        };
        let said = held.iter().map(|(id, h)| front::ids::described(id, h.label.as_deref(), &h.classes, h.title.as_deref())).collect();
        let table = mentions.iter().find(|m| named(m) == Some(Named::Comparison)).map(Mention::iri);
        let written = front::ids::written(asked, &mentions, named);
        Identified { written: (written != asked).then_some(written), unknown, table, said }
    }

    /// [`Self::ask_with`] once the question is cleaned, its answer's form taken out, and its
    /// spelling settled.
    async fn ask_unformed(&self, asked: &str, settled: &str, current_year: i32, hint: Option<&str>) -> AskResponse {
        // "What does X score on D and when was it published?": two asks, answered in turn. A
        // question about a given comparison table is one ask of that table.
        if hint.is_none() {
            if let Some(parts) = front::parts::split(settled) {
                if let Some(joined) = self.ask_parts(asked, parts, current_year).await {
                    return joined;
                }
            }
        }
        self.ask_settled(asked, settled, current_year, hint).await
    }

    /// The two asks of one sentence, the second's "it" written as the first answer's
    /// subject ([`subject`]). `None` when the first ask alone finds nothing or the second
    /// refers to a subject the first answer does not give: the sentence is then read whole,
    /// as before the split. The parts are cut from the settled question, so each is asked
    /// as settled text.
    async fn ask_parts(&self, asked: &str, parts: front::parts::Parts, current_year: i32) -> Option<AskResponse> {
        use front::classify::Target;
        // A first ask read against a time ("back in 2022, ... and what was the best BLEU
        // there?") is read whole: the second leans on it. Known before anything is run.
        if front::anchor::time_anchor(&parts.first).is_some() {
            return None;
        }
        let first = self.ask_settled(&parts.first, &parts.first, current_year, None).await;
        // A first ask that finds nothing, or is read against a time the graph gives ("before
        // X took the record"), is read whole: the second leans on it.
        if (first.answer_items.is_empty() && first.sources.is_empty() && first.verdict.is_none()) || first.as_of.is_some() {
            return None;
        }
        // What the first answer already says is asked of the whole: a best's score or date,
        // a looked-up paper's year, DOI, problem or datasets.
        let best = matches!(first.target, Target::BestModel | Target::TopScore);
        if best && front::parts::restates_a_best(&parts.second) {
            return None;
        }
        // "xlnet paper and what tasks it covers": the paper looked up, with what is asked
        // of it, said as a lookup says it ("xlnet paper: what tasks it covers?").
        if first.target == Target::PaperDetails && front::parts::asks_paper_facts(&parts.second) {
            let whole = format!("{}: {}", parts.first.trim_end_matches('?'), parts.second);
            let mut answered = self.ask_settled(&whole, &whole, current_year, None).await;
            answered.question = asked.to_owned();
            return Some(answered);
        }
        let refers = front::parts::refers_back(&parts.second);
        let board = first.normalized_entities.datasets.first().map(|d| d.canonical.clone());
        let second = if refers { front::parts::resolved(&parts.second, &subject(&first)?, board.as_deref()) } else { parts.second };
        let message = format!("the question asks two things, answered in turn: \"{}\" and \"{}\"", parts.first, second);
        let answered = self.ask_settled(&second, &second, current_year, None).await;
        // "..., and who was ahead as of 2020?": a second ask that names nothing leans on the
        // first's board, which only the whole sentence gives it.
        // "..., and is it the best one there?": a claim about the first answer is read with
        // it, whole (the premise readings weigh the one against the other).
        if (!refers && answered.entities.iter().next().is_none()) || answered.query_type == front::classify::QueryType::ClaimVerification {
            return None;
        }
        Some(first.joined(asked, answered, message))
    }

    /// One ask through the stages, its text cleaned and its spelling settled (`settled`),
    /// then with the graph's spelling of a name written differently.
    async fn ask_settled(&self, asked: &str, settled: &str, current_year: i32, hint: Option<&str>) -> AskResponse {
        let read = self.respelled(settled);
        let read = self.titled(read);
        let q = read.as_ref();
        let mut clock = Stopwatch::new();
        let mut diagnostics = Diagnostics::default();
        let mut exchanges = Vec::new();
        self.llm.announce(&mut diagnostics);
        // "What does the best model on D score on E?": the model found first, then asked about.
        let mut hop = self.resolve_leader(q, current_year, &mut clock, &mut exchanges).await;
        // "Other papers on the problem the X paper addresses": the problem found first.
        if hop.is_none() {
            hop = self.resolve_problem(q, current_year, &mut clock, &mut exchanges).await;
        }
        let rewritten = hop.as_mut().map(|h| std::mem::take(&mut h.question));
        let q = rewritten.as_deref().unwrap_or(q);
        let mut front = self.front(q, &mut diagnostics, &mut clock, &mut exchanges).await;
        if let Some(hop) = hop.as_mut() {
            hop.set_aside(&mut front);
        }

        // The queries of a ranking that then found nothing to rank are kept in the account.
        let mut spent = Ledger::default();
        let mut ranked = self.count_claim(q, &front, current_year, &mut clock, &mut spent).await;
        if ranked.is_none() {
            ranked = self.board_tops(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.tally(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.boards_led(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.metric_extreme(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.graph_paper_end(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.problem_count(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if ranked.is_none() {
            ranked = self.paper_claim(q, &front, current_year, &mut clock, &mut spent).await;
        }
        if let Some((classification, mut attempt)) = ranked {
            // A claim about a count, boards ranked by their tops, or a ranking by count: its
            // type is that of what is ranked and counted.
            front.classification = classification;
            attempt.ledger.prepend(std::mem::take(&mut spent));
            if let Some(hop) = hop.take() {
                hop.lead(&mut attempt, &mut diagnostics);
            }
            diagnostics.append(&mut attempt.diagnostics);
            return AskResponse::assemble(asked, front, attempt, diagnostics, exchanges, clock.finish());
        }
        if let Some(mut attempt) = self.code_claim(q, &front, current_year, &mut clock, &mut exchanges).await {
            attempt.ledger.prepend(std::mem::take(&mut spent));
            if let Some(hop) = hop.take() {
                hop.lead(&mut attempt, &mut diagnostics);
            }
            diagnostics.append(&mut attempt.diagnostics);
            return AskResponse::assemble(asked, front, attempt, diagnostics, exchanges, clock.finish());
        }
        if let Some((classification, attempt)) = self.comparison(q, &front, hint, current_year, &mut clock).await {
            // A question a comparison table answers: its type is the one of the six that
            // fits, and its target says the answer is a comparison value.
            front.classification = classification;
            let mut attempt = attempt;
            attempt.ledger.prepend(std::mem::take(&mut spent));
            if let Some(hop) = hop.take() {
                hop.lead(&mut attempt, &mut diagnostics);
            }
            diagnostics.append(&mut attempt.diagnostics);
            return AskResponse::assemble(asked, front, attempt, diagnostics, exchanges, clock.finish());
        }

        let paper_named = self.paper_model(q, &front, &mut spent).await.map(|(model, paper)| {
            front.normalized.methods = vec![model];
            // "The pop-art paper: score on Atari Time Pilot?" asks its model's score there.
            if !matches!(front.classification.query_type, classify::QueryType::ClaimVerification | classify::QueryType::MethodComparison) {
                front.classification = classify::Classification { query_type: classify::QueryType::MethodComparison, target: classify::Target::BestModel };
            }
            paper
        });
        // "The pop-art paper ran on Time Pilot; what other papers evaluated on Time Pilot?":
        // the board's papers, not those of the model named.
        if front.classification.target == classify::Target::Papers && !front.normalized.datasets.is_empty() && classify::asks_other_papers(q) {
            front.normalized.methods.clear();
        }
        // "What methods does the paper 'T' use?": a method usage, answered from that paper's
        // record (looked up by its title, its models listed), and reported as asked.
        let paper_methods = (front.classification.query_type == classify::QueryType::MethodUsage && classify::asks_paper_methods(q)).then(|| {
            let asked_as = front.classification;
            front.classification = classify::Classification { query_type: classify::QueryType::PaperLookup, target: classify::Target::PaperDetails };
            asked_as
        });
        let mut attempt = self.attempt(q, &front, false, current_year, &mut clock, &mut exchanges).await;
        if !attempt.gates.all_passed() && self.checks.retry {
            // One retry with the alternative plan; it replaces the first answer only if it
            // passes more gates, so a retry never undoes a correct answer.
            let failed = attempt.gates.failed_names().join(", ");
            let mut retry = self.attempt(q, &front, true, current_year, &mut clock, &mut exchanges).await;
            let (before, after) = (attempt.gates.passed(), retry.gates.passed());
            let record = gates::Retry {
                reason: format!("failed gate(s): {failed}"),
                strategy: "label filters instead of linked IRIs, plus the title-keyword search".into(),
                passed_before: before,
                passed_after: after,
                used: after > before,
            };
            if record.used {
                retry.ledger.prepend(std::mem::take(&mut attempt.ledger));
                attempt = retry;
            } else {
                attempt.ledger.extend(retry.ledger);
            }
            attempt.gates.retry = Some(record);
        }
        // The paper named where a model would be is named in the answer too, when cited.
        if let Some(paper) = &paper_named {
            let cited = attempt.sources.iter().find(|s| s.iri == paper.iri).map(|s| s.n);
            if let Some(n) = cited.filter(|_| !attempt.items.iter().any(|i| i.iri.as_deref() == Some(paper.iri.as_str()))) {
                attempt.items.insert(0, items::AnswerItem { sources: vec![n], ..items::AnswerItem::paper(&paper.iri, &paper.label) });
            }
        }
        attempt.ledger.prepend(spent);
        if let Some(hop) = hop {
            hop.lead(&mut attempt, &mut diagnostics);
        }
        diagnostics.append(&mut attempt.diagnostics);
        // An exchange was used when its output is what the response shows.
        for exchange in &mut exchanges {
            exchange.used = match exchange.stage {
                "extract" => front.entities_source == front::Decider::Llm,
                "classify" => front.query_type_source == front::Decider::Llm,
                _ => attempt.answer_mode == AnswerMode::Llm,
            };
        }

        if let Some(classification) = paper_methods {
            front.classification = classification;
        }
        AskResponse::assemble(asked, front, attempt, diagnostics, exchanges, clock.finish())
    }

    /// "What does the best model on D score on E?", "which datasets has D's leader been
    /// evaluated on?": the model D's board records as its best, asked for first
    /// ([`classify::leader_described`]: "which model is the leader of D?"), written into the
    /// question in place of its description (and of "that model" after it); every one of
    /// them when the board's metrics or a close conflict leave more than one. `None` when
    /// the question describes no model so, or the first answer names none or fails a gate.
    async fn resolve_leader(&self, q: &str, year: i32, clock: &mut Stopwatch, exchanges: &mut Vec<LlmExchange>) -> Option<Resolved> {
        let (span, first) = classify::leader_described(q)?;
        let mut own = Diagnostics::default();
        let front = self.front(&first, &mut own, clock, exchanges).await;
        let attempt = self.attempt(&first, &front, false, year, clock, exchanges).await;
        // A first answer that is a verdict, or fails a gate, names no model to carry over.
        let account = attempt.verdict.as_ref().map(|v| v.is_account());
        if !attempt.gates.all_passed() || account == Some(false) {
            return None;
        }
        let mut models: Vec<String> = Vec::new();
        // An account ("Y took the record on D from X") names its answer first.
        let named = if account == Some(true) { 1 } else { usize::MAX };
        for item in attempt.items.iter().filter(|i| i.value.is_some()).take(named) {
            let name = item.model.clone().unwrap_or_else(|| item.label.clone());
            if !models.contains(&name) {
                models.push(name);
            }
        }
        if models.is_empty() {
            return None;
        }
        let names = models.join(" and ");
        static THAT: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
            crate::pipeline::pattern::Regex::new(r"(?i)\b(?:that|this|the same)\s+(?:model|system|method|one)\b").unwrap_or_else(|e| panic!("that-model pattern: {e}"))
        });
        let rest = THAT.replace_all(&q[span.end..], names.as_str());
        // "Where else has the model on top of D been evaluated?": not on D.
        let boards_aside = if classify::asks_others(q) { front.normalized.datasets.iter().filter(|d| d.is_linked()).cloned().collect() } else { Vec::new() };
        Some(Resolved {
            question: format!("{}{names}{rest}", &q[..span.start]),
            message: format!("\"{}\" read as {names}: {}", &q[span], first.trim_end_matches('?')),
            answer: attempt.answer,
            sources: attempt.sources,
            ledger: attempt.ledger,
            boards_aside,
            papers_aside: Vec::new(),
            models_aside: Vec::new(),
        })
    }

    /// "Other papers on the problem the X paper addresses", "papers on the same task as Y",
    /// "models evaluated on the same datasets as Y": the research problems (datasets) of the
    /// paper or model described, asked for first ([`classify::problem_described`]), written
    /// into the question in place of its description. The papers that answer named are set
    /// aside when the question asks for others, and so is a model whose datasets were asked
    /// for when other models are. `None` when the question describes nothing so, or the first answer names none or
    /// fails a gate.
    async fn resolve_problem(&self, q: &str, year: i32, clock: &mut Stopwatch, exchanges: &mut Vec<LlmExchange>) -> Option<Resolved> {
        let described = classify::problem_described(q)?;
        let mut own = Diagnostics::default();
        let front = self.front(&described.first, &mut own, clock, exchanges).await;
        // A paper's problem may be a comparison table's cell ("the RelFinder paper").
        let (listing, attempt) = match self.comparison(&described.first, &front, None, year, clock).await {
            Some((_, attempt)) => (true, attempt),
            None => {
                let listed = if described.boards { classify::Target::Datasets } else { classify::Target::Problems };
                (front.classification.target == listed, self.attempt(&described.first, &front, false, year, clock, exchanges).await)
            }
        };
        if !attempt.gates.all_passed() || attempt.verdict.is_some() {
            return None;
        }
        // A lookup's problems (datasets) are items of its paper; a listing's are its items.
        let aspect = if described.boards { answer::aspects::ASPECTS[2] } else { answer::aspects::ASPECTS[0] };
        let of_paper = |i: &&items::AnswerItem| i.metric.as_deref() == Some(aspect);
        let mut problems: Vec<&str> = attempt.items.iter().filter(of_paper).map(|i| i.label.as_str()).collect();
        if problems.is_empty() && listing {
            problems = attempt.items.iter().filter(|i| i.value.is_none()).map(|i| i.label.as_str()).collect();
        }
        problems.dedup();
        if problems.is_empty() {
            return None;
        }
        let names = problems.join(" and ");
        let papers_aside = if described.others { attempt.sources.iter().map(|s| s.title.clone()).collect() } else { Vec::new() };
        let span = described.span;
        Some(Resolved {
            // "each of the datasets ..." keeps its "of"; any other word before it reads "on".
            question: format!("{}{} {names}{}", &q[..span.start], if q[span.clone()].to_lowercase().starts_with("of ") { "of" } else { "on" }, &q[span.end..]),
            message: format!("\"{}\" read as {names}: {}", &q[span], described.first.trim_end_matches('?')),
            answer: attempt.answer,
            sources: attempt.sources,
            ledger: attempt.ledger,
            boards_aside: Vec::new(),
            papers_aside,
            models_aside: if described.boards && described.other_models { front.normalized.methods.iter().filter(|m| m.is_linked()).cloned().collect() } else { Vec::new() },
        })
    }

    /// The question with each graph model, dataset or research problem written differently
    /// from its label written as the label (case, hyphens and spaces, or one letter off):
    /// see [`front::lexicon::Lexicon::respelled`]. A word one letter off a label is a typo
    /// of it when no label or title holds it, or when it is no form of the label's words
    /// and no label or title holds it as written: the index stems "imagent" to the "imag" of
    /// "image", but no label writes "imagent", while "transformers" is a form of
    /// "Transformer" and "triple" a title's word.
    fn respelled<'a>(&self, q: &'a str) -> std::borrow::Cow<'a, str> {
        /// Labels searched for a word written whole (a stem's most common form may crowd out
        /// a rarer one).
        const WORD_HITS: usize = 200;
        let index = self.graph.index.as_deref();
        // Without a label: whether the word may be a typo of any (cheap: asked of every
        // word of a name's length before the labels are scanned for one near it).
        let unknown = |word: &str, label: Option<&str>| {
            index.is_some_and(|i| {
                let terms = crate::index::terms(word);
                if i.weights(word).len() < terms.len() {
                    return true;
                }
                let lower = word.to_lowercase();
                let stripped = terms.len() == 1 && terms[0] != lower && self.lexicon.lookup(word).is_empty();
                let written_nowhere = || !i.search(word, &crate::index::DocKind::ALL, WORD_HITS).iter().any(|h| h.label.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| w == lower));
                stripped && label.is_none_or(|label| !crate::index::terms(label).contains(&terms[0]) && written_nowhere())
            })
        };
        self.lexicon.respelled(q, unknown)
    }

    /// "Which models does the Dueling Network Architectures for Deep Reinforcement Learning
    /// paper report?": a paper's whole title written unquoted before "paper" is read as if
    /// quoted, so that a name inside it ("Dueling Network") is not taken for the subject.
    /// Only a title of four words or more that a paper in the index carries exactly.
    fn titled<'a>(&self, q: std::borrow::Cow<'a, str>) -> std::borrow::Cow<'a, str> {
        let Some(index) = self.graph.index.as_deref() else { return q };
        if front::extract::lookup_keys(&q).title.is_some() {
            return q;
        }
        let Some(named) = front::extract::named_paper(&q).filter(|n| n.split_whitespace().count() >= 4 && q.contains(n.as_str())) else { return q };
        let squash = front::lexicon::squashed;
        if index.search(&named, &[crate::index::DocKind::Paper], 3).iter().any(|h| squash(&h.label) == squash(&named)) {
            std::borrow::Cow::Owned(q.replacen(named.as_str(), &format!("\"{named}\""), 1))
        } else {
            q
        }
    }

    /// The front of the pipeline alone (extraction and classification, with the LLM when
    /// one is configured): what `scigraph eval types --llm` scores. No graph query is run.
    pub async fn understand(&self, q: &str) -> Understanding {
        let mut diagnostics = Diagnostics::default();
        let front = self.front(q, &mut diagnostics, &mut Stopwatch::new(), &mut Vec::new()).await;
        Understanding {
            query_type: front.classification.query_type,
            query_type_source: front.query_type_source,
            entities: front.entities,
            entities_source: front.entities_source,
            warnings: diagnostics.messages(),
        }
    }

    /// Extraction before classification (the rules read whether a dataset was named), each
    /// offered to the LLM first; then normalisation and linking.
    async fn front(&self, q: &str, diagnostics: &mut Diagnostics, clock: &mut Stopwatch, exchanges: &mut Vec<LlmExchange>) -> Front {
        let settled = front::spelling::settled(q);
        let q = settled.as_ref();
        let lexicon = self.lexicon();
        let keywords = extract::by_keywords(&lexicon, q);
        let reply = self.llm.ask(LlmUse::Extract, &extract::llm_request(q), diagnostics, exchanges).await;
        let entities = extract::choose(q, &lexicon, keywords, reply.as_deref(), diagnostics);
        clock.lap("extract");

        // A clause that only sets something aside, and a model named only to be set aside,
        // are no part of what kind of question it is.
        let rules = classify::classify(front::restrict::asked(q), &front::restrict::classified(q, &entities.0));
        let reply = self.llm.ask(LlmUse::Classify, &classify::llm_request(q), diagnostics, exchanges).await;
        let classification = classify::choose(q, rules, reply.as_deref(), diagnostics);
        clock.lap("classify");

        let front = Front::new(q, &lexicon, self.graph.index.as_deref(), front::Decisions { entities, classification });
        clock.lap("normalize");
        front
    }

    fn direction(&self, metric: &str) -> Direction {
        self.lexicon.lookup(metric).into_iter().find_map(|id| self.lexicon.entry(id).direction).unwrap_or_else(|| front::metrics::direction_by_words(metric))
    }

    /// The LLM's own query, as one more strategy: written from the graph's schema, and run
    /// only once validated (`query::generated`). A rejected query or a refusal is reported
    /// as a `rejected` strategy, never run.
    async fn generated(&self, q: &str, ledger: &mut Ledger, diagnostics: &mut Diagnostics, exchanges: &mut Vec<LlmExchange>) -> Option<query::plan::Strategy> {
        use query::generated::{validate, Generated};
        let schema = self.schema.as_deref()?;
        let request = query::generated::request(q, schema, &self.examples);
        let reply = self.llm.ask(LlmUse::Sparql, &request, diagnostics, exchanges).await;
        let rejected = |error: String, code: &'static str| query::retrieve::StrategyReport {
            name: "generated".into(),
            status: query::retrieve::Status::Rejected,
            rows: 0,
            truncated: false,
            ms: 0,
            error: Some(error),
            error_code: Some(code),
            fallback_for: None,
        };
        let Some(reply) = reply else {
            // The call failed or the model echoed its prompt (the diagnostics say which):
            // the strategy was tried and has nothing to run.
            if self.llm.serves(LlmUse::Sparql) {
                ledger.reports.push(rejected("the LLM gave no usable reply (see the diagnostics)".into(), "generated_no_reply"));
            }
            return None;
        };
        match validate(&reply, schema, GENERATED_ROWS) {
            Ok(Generated::Query(query)) => {
                Some(query::plan::Strategy { name: "generated".into(), query: *query, fallback: None, role: query::plan::Role::Generated, anchor: None, keyed: None })
            }
            // The ledger's diagnostics (`Ledger::diagnose`) report both as `generated_rejected`.
            Ok(Generated::Refused(reason)) => {
                let message = format!("the LLM judged the question not answerable from the graph's schema: {reason}");
                ledger.reports.push(rejected(message, "generated_refused"));
                None
            }
            Err(e) => {
                ledger.reports.push(rejected(format!("the query the LLM wrote was not run: {e}"), e.code()));
                None
            }
        }
    }

    /// "Which wmt board has the lowest top bleu?", "top 3 text classification boards by best
    /// accuracy", "A, B or C: which has the worst top error?": boards ranked by their best
    /// result under one metric ([`front::tops`], [`answer::tops`]). The boards are those
    /// named, a research problem's, or those whose labels hold a family's words. `None`
    /// when the question asks no such ranking or fewer than two boards have a result.
    async fn board_tops(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use answer::tops::Result as Top;
        if front.classification.query_type == classify::QueryType::ClaimVerification {
            return None;
        }
        let ask = front::tops::read(q)?;
        let n = &front.normalized;
        let mut diagnostics = Diagnostics::default();
        let named: Vec<String> = n.datasets.iter().filter(|e| e.is_linked()).flat_map(|e| e.iris.iter().cloned()).collect();
        let tasks: Vec<String> = n.tasks.iter().filter(|e| e.is_linked()).flat_map(|e| e.iris.iter().cloned()).collect();
        let boards: Vec<String> = if n.datasets.iter().filter(|e| e.is_linked()).count() >= 2 {
            named
        } else if ask.family.is_some() && !tasks.is_empty() {
            let rows = self.graph.datasets_of_task(&tasks, ledger, &mut diagnostics).await;
            let mut iris: Vec<String> = rows.iter().flat_map(|r| r.rows.rows.iter().filter_map(|row| query::retrieve::text(row, "dataset"))).collect();
            iris.sort();
            iris.dedup();
            iris
        } else {
            let family = ask.family.as_deref()?;
            let lexicon = &self.lexicon;
            let mut iris: Vec<String> = (0..lexicon.len())
                .map(|i| lexicon.entry(i))
                .filter(|e| e.kind == front::lexicon::EntityKind::Dataset && e.from_graph && front::in_family(family, &e.canonical))
                .flat_map(|e| e.iris.iter().cloned())
                .collect();
            iris.sort();
            iris.dedup();
            iris
        };
        if boards.len() < 2 || boards.len() > MAX_TOPS_BOARDS {
            return None;
        }
        // A summarised board (tens of thousands of results at ORKG's size) is read by the
        // evaluations its summary keeps at each end of each metric, whose rows were
        // precomputed at load; the others whole.
        let summaries = self.graph.boards.as_deref();
        let (summarised, whole): (Vec<String>, Vec<String>) = boards.into_iter().partition(|b| summaries.and_then(|s| s.get(b)).is_some());
        let evals: Vec<String> = summarised.iter().filter_map(|b| summaries?.get(b)).flat_map(|board| board.evaluations_for(&[], usize::MAX, Some(1))).collect();
        let mut strategies = Vec::new();
        if !whole.is_empty() {
            let args = [("dataset", query::templates::Arg::Values(whole)), ("limit", query::templates::Arg::Limit(MAX_TALLY_ROWS))];
            let query = self.graph.templates.fill("board_tops", &args).ok()?;
            strategies.push(query::plan::Strategy { name: "board_tops".into(), query, fallback: None, role: query::plan::Role::Tally, anchor: None, keyed: None });
        }
        if !evals.is_empty() {
            let args = [("evals", query::templates::Arg::Values(evals.clone())), ("limit", query::templates::Arg::Limit(MAX_TALLY_ROWS))];
            let query = self.graph.templates.fill("leaderboard_evals", &args).ok()?;
            let keyed = Some(crate::precomputed::Keyed { template: "leaderboard_evals", keys: evals });
            strategies.push(query::plan::Strategy { name: "board_tops:summarised".into(), query, fallback: None, role: query::plan::Role::Tally, anchor: None, keyed });
        }
        let retrieved = self.graph.retriever.run_all(strategies, ledger).await;
        clock.lap("retrieve");
        let text = |row, var| query::retrieve::text(row, var);
        let results: Vec<Top> = retrieved
            .iter()
            .flat_map(|r| &r.rows.rows)
            .filter_map(|row| Some(Top { board: text(row, "dataset_label")?.trim().to_owned(), metric: text(row, "metric_label")?.trim().to_owned(), value: text(row, "value")?, model: text(row, "model_label"), paper: text(row, "paper") }))
            .collect();
        // The metric asked: a linked one, else any the results carry that the question says.
        let mut asked: Vec<String> = n.metrics.iter().flat_map(|m| [m.canonical.clone(), m.text.clone()]).collect();
        let mut said: Vec<&str> = results.iter().map(|r| r.metric.as_str()).filter(|m| front::normalize::said_in(q, m)).collect();
        said.sort_by_key(|m| std::cmp::Reverse(m.len()));
        asked.extend(said.into_iter().map(str::to_owned));
        let metric = answer::tops::metric(&results, &asked)?;
        let lower_better = self.direction(&metric.0) == Direction::Lower;
        let ranking = answer::tops::rank(&results, &metric, lower_better, &ask)?;
        let counted = results.iter().filter(|r| metric.1.contains(&r.metric)).map(|r| r.board.as_str()).collect::<std::collections::BTreeSet<_>>().len();
        let (papers, sources) = self.count_sources(ranking.chosen.iter().chain(&ranking.context).map(|r| r.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
        let number = |r: &Top| r.paper.as_ref().and_then(|p| papers.iter().position(|x| x == p)).map(|i| i + 1);
        let text = answer::tops::sentence(&ranking, &ask, counted, &|r| number(r).map(|k| format!(" [{k}]")).unwrap_or_default());
        let items = answer::tops::items(&ranking, &number);
        // The others' values and how many boards were weighed are stated too.
        let stated: Vec<String> = ranking.context.iter().flat_map(|r| [r.value.clone(), r.board.clone(), r.model.clone().unwrap_or_default()]).chain([counted.to_string(), ask.k.to_string()]).collect();
        let read = retrieved.iter().map(|r| r.rows.rows.len()).sum();
        let attempt = self.counted_attempt(text, items, sources, stated, read, front, year, std::mem::take(ledger), diagnostics, clock);
        Some((classify::Classification { query_type: classify::QueryType::MethodComparison, target: classify::Target::TopScore }, attempt))
    }

    /// The sources of a count or a ranking of boards: each paper behind what is shown, once,
    /// in the order shown (source `n` is `papers[n - 1]`), with titles, DOIs and years read
    /// in one query.
    async fn count_sources<'a>(&self, behind: impl Iterator<Item = Option<&'a String>>, front: &Front, year: i32, ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> (Vec<String>, Vec<items::Source>) {
        let mut papers: Vec<String> = Vec::new();
        for p in behind.flatten() {
            if !papers.contains(p) {
                papers.push(p.clone());
            }
        }
        let metas = papers::paper_meta(&self.graph.years(&papers, ledger, diagnostics).await, year);
        let trust_ctx = trust::Trust::new(&self.trust, year, front.as_of.as_ref());
        let assessment = trust::Assessment::default();
        let sources = papers
            .iter()
            .enumerate()
            .map(|(i, iri)| {
                let meta = metas.get(iri);
                let year = meta.and_then(|m| m.year);
                items::Source {
                    n: i + 1,
                    title: meta.map(|m| m.title.clone()).filter(|t| !t.is_empty()).unwrap_or_else(|| iri.clone()),
                    doi: meta.and_then(|m| m.dois.first().cloned()),
                    year,
                    other_year: None,
                    methods: Vec::new(),
                    datasets: Vec::new(),
                    score: 1.0,
                    validity: trust::validity(&trust_ctx, &assessment, iri, year),
                    authors: Vec::new(),
                    fields: Vec::new(),
                    venues: Vec::new(),
                    code: Vec::new(),
                    iri: iri.clone(),
                }
            })
            .collect();
        (papers, sources)
    }

    /// The attempt of a count or a ranking of boards: checked by the gates like any answer,
    /// its numbers those `stated` and those of its items.
    #[allow(clippy::too_many_arguments)]
    fn counted_attempt(&self, text: String, items: Vec<items::AnswerItem>, sources: Vec<items::Source>, stated: Vec<String>, kg_results_count: usize, front: &Front, year: i32, ledger: Ledger, mut diagnostics: Diagnostics, clock: &mut Stopwatch) -> Attempt {
        ledger.diagnose(&mut diagnostics);
        let trust_ctx = trust::Trust::new(&self.trust, year, front.as_of.as_ref());
        let assessment = trust::Assessment::default();
        let gates = gates::check(&text, &items, &sources, &stated, false, true, gates::Best::No).switched(&self.checks);
        let recency = answer::measures::recency(&trust_ctx, &sources);
        let confidence = trust::confidence(self.trust.confidence_weights, 1.0, 1.0, recency);
        let evidence_graph = answer::graph::build(&answer::graph::Inputs { target: classify::Target::Models, evidence: &evidence::Evidence::default(), assessment: &assessment, items: &items, sources: &sources });
        clock.lap("rank");
        Attempt {
            ledger,
            kg_results_count,
            answer: text,
            answer_mode: AnswerMode::Extractive,
            items,
            sources,
            verdict: None,
            assessment,
            confidence,
            gates,
            evidence_graph,
            diagnostics,
            as_of: front.as_of.clone(),
        }
    }

    /// The strategy of a template anchored on nothing, read whole; keyed so that the rows
    /// precomputed at load answer it (`crate::precomputed::WHOLE`).
    fn whole(&self, template: &'static str) -> Option<query::plan::Strategy> {
        let keyed = Some(crate::precomputed::Keyed { template, keys: vec![crate::precomputed::WHOLE_KEY.to_owned()] });
        let query = self.graph.templates.fill(template, &[("limit", query::templates::Arg::Limit(whole_limit(template)))]).ok()?;
        Some(query::plan::Strategy { name: template.to_owned(), query, fallback: None, role: query::plan::Role::Tally, anchor: None, keyed })
    }

    /// Every count of one kind the graph records, from one query over the whole graph
    /// (rows precomputed at load answer it: `crate::precomputed::WHOLE`).
    /// `scope`: the labels of the boards a ranking is narrowed to ("the sentiment analysis
    /// datasets"), for datasets ranked or the boards models lead.
    async fn counts(&self, ranked: front::tally::Ranked, counted: front::tally::Counted, scope: Option<&std::collections::BTreeSet<String>>, ledger: &mut Ledger) -> Option<Vec<answer::tally::Count>> {
        use front::tally::{Counted, Ranked};
        if counted == Counted::Tops {
            return Some(self.leaders(scope, ledger).await?.iter().map(|(count, _)| count.clone()).collect());
        }
        let template = match (ranked, counted) {
            (Ranked::Datasets, Counted::Papers) => "tally_datasets_by_papers",
            (Ranked::Datasets, _) => "tally_datasets_by_models",
            (Ranked::Models, Counted::Code) => "tally_models_by_code",
            (Ranked::Models, _) => "tally_models_by_datasets",
            (Ranked::Problems, Counted::Contributions) => "tally_problems_by_contributions",
            (Ranked::Problems, Counted::Datasets) => "tally_problems_by_datasets",
            (Ranked::Problems, _) => "tally_problems_by_papers",
        };
        let retrieved = self.graph.retriever.run_all(vec![self.whole(template)?], ledger).await;
        let rows = retrieved
            .first()?
            .rows
            .rows
            .iter()
            .filter_map(|row| {
                let label = query::retrieve::text(row, "label")?.trim().to_owned();
                // A count that is not a number is dirt to skip, not a reason to fail.
                let n = query::retrieve::text(row, "n")?.parse().ok()?;
                Some(answer::tally::Count { label, n, paper: query::retrieve::text(row, "example") })
            })
            .filter(|c: &answer::tally::Count| scope.is_none_or(|s| ranked == Ranked::Datasets && s.contains(&c.label)))
            .collect();
        Some(rows)
    }

    /// "Is imagenet the dataset with the most models?", "squad1.1 has more models than
    /// coqa", "more than 10 models were evaluated on cifar-10": a claim about a count
    /// ([`front::tally::claim`]), held against the counts a ranking reads
    /// ([`answer::tally::judge`]), in a claim or in a statement however it ends. A name the
    /// graph does not hold leaves it UNCERTAIN, with the counts of those it holds. `None`
    /// when the claim states no count, or names nothing of a kind the count fits.
    async fn count_claim(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use front::normalize::NormalizedEntity;
        use front::tally::{Ranked, Stated};
        if front.classification.query_type != classify::QueryType::ClaimVerification && front::tally::asks(q) {
            return None;
        }
        let claim = front::tally::claim(q)?;
        let n = &front.normalized;
        // An unlinked "most models" is the claim's own words, not a name.
        let name = |e: &&NormalizedEntity| e.is_linked() || !counting_words(&e.text);
        let named = |es: &[NormalizedEntity]| es.iter().filter(name).count();
        let ranked = claim.ranked.or_else(|| front::tally::ranked_named(claim.counted, named(&n.datasets), named(&n.methods), named(&n.tasks)))?;
        let of_kind = match ranked {
            Ranked::Datasets => &n.datasets,
            Ranked::Models => &n.methods,
            Ranked::Problems => &n.tasks,
        };
        // In the order the question names them: the subject first. "A has more models than
        // B": each side is one name, its words taken as the name when the front found none.
        let lower = q.to_lowercase();
        let mut entities: Vec<&NormalizedEntity> = of_kind.iter().filter(name).collect();
        entities.sort_by_key(|e| lower.find(&e.text.to_lowercase()).unwrap_or(usize::MAX));
        let names: Vec<Result<&NormalizedEntity, String>> = match (claim.stated, front::tally::than_sides(q)) {
            (Stated::Than { .. }, Some((a, b))) => [a, b]
                .into_iter()
                .map(|side| side_named(&entities, &side).ok_or(side))
                .collect(),
            _ => entities.iter().map(|e| Ok(*e)).collect(),
        };
        let needed = if matches!(claim.stated, Stated::Than { .. }) { 2 } else { 1 };
        if names.len() < needed {
            return None;
        }
        let unheld: Vec<String> = names.iter().filter_map(|e| match e {
            Ok(e) if e.is_linked() => None,
            Ok(e) => Some(e.text.clone()),
            Err(words) => Some(words.clone()),
        }).collect();
        let held: Vec<&NormalizedEntity> = names.iter().filter_map(|e| e.as_ref().ok().filter(|e| e.is_linked()).copied()).collect();
        let mut diagnostics = Diagnostics::default();
        let missing = format!("the knowledge graph records no {} called {}", ranked.noun(), unheld.join(" or "));
        let (text, items, sources, stated, label, read) = if held.is_empty() {
            (format!("UNCERTAIN: {missing}, so it holds no count to weigh the claim by."), Vec::new(), Vec::new(), Vec::new(), verdict::Label::Uncertain, 0)
        } else {
            let labels: Vec<String> = held.iter().map(|e| e.canonical.clone()).collect();
            let rows = self.counts(ranked, claim.counted, None, ledger).await?;
            clock.lap("retrieve");
            // With a name missing, the counts of the others are the evidence, and the claim
            // stays open.
            let judged = if unheld.is_empty() { answer::tally::judge(&rows, &claim, &labels)? } else { answer::tally::held(&rows, &labels) };
            let (papers, sources) = self.count_sources(judged.shown.iter().map(|c| c.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
            let number = |c: &answer::tally::Count| c.paper.as_ref().and_then(|p| papers.iter().position(|x| x == p)).map(|i| i + 1);
            let cite = |c: &answer::tally::Count| number(c).map(|k| format!(" [{k}]")).unwrap_or_default();
            let text = if unheld.is_empty() { answer::tally::claim_sentence(&judged, &claim, ranked, &cite) } else { format!("UNCERTAIN: {missing}; counting what it records (not everything published), {}.", answer::tally::counts_sentence(&judged.shown, claim.counted, ranked, &cite)) };
            let mut items = answer::tally::claim_items(&judged, claim.counted, &number);
            // A count against a number: what it counts, when few, is the evidence too.
            if let (Stated::Bound { .. }, Some(subject), true) = (claim.stated, judged.shown.first(), unheld.is_empty()) {
                if (1..=MAX_COUNTED_SHOWN).contains(&subject.n) {
                    let members = self.counted_members(ranked, claim.counted, held[0], ledger).await;
                    items.extend(answer::tally::member_items(&members));
                }
            }
            let mut stated: Vec<String> = judged.shown.iter().flat_map(|c| [c.n.to_string(), c.label.clone()]).collect();
            if let Stated::Bound { n, .. } = claim.stated {
                stated.push(n.to_string());
            }
            (text, items, sources, stated, judged.label, rows.len())
        };
        let mut attempt = self.counted_attempt(text.clone(), items, sources, stated, read, front, year, std::mem::take(ledger), diagnostics, clock);
        attempt.verdict = Some(verdict::Verdict { verdict: label, relation: "count".into(), reason: text, supporting: Vec::new(), contradicting: Vec::new() });
        Some((classify::Classification { query_type: classify::QueryType::ClaimVerification, target: classify::Target::Verdict }, attempt))
    }

    /// "the NAS model has code in tensorflow/models — yes??", "LUKE has no public code,
    /// right?": a claim about one model's code, held against the code links the graph
    /// records for it (what a request for its code lists, which the answer shows). A
    /// repository named among them, or code said to exist where some is recorded, is
    /// SUPPORTED; "no code" where some is recorded is REFUTED. The graph's links are no full
    /// list of a model's code: a repository not among them leaves the claim UNCERTAIN.
    /// `None` unless the question is a claim about code naming one linked model with code
    /// recorded (with none, the claim reading's account of the model stands).
    async fn code_claim(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, exchanges: &mut Vec<LlmExchange>) -> Option<Attempt> {
        if front.classification.query_type != classify::QueryType::ClaimVerification {
            return None;
        }
        let claim = front::extract::code_claim(q)?;
        let [model] = front.normalized.methods.as_slice() else { return None };
        if !model.is_linked() || !front.normalized.datasets.is_empty() {
            return None;
        }
        let mut asked = front.clone();
        asked.classification = classify::Classification { query_type: classify::QueryType::MethodUsage, target: classify::Target::Code };
        let mut attempt = self.attempt(q, &asked, false, year, clock, exchanges).await;
        let links: Vec<&str> = attempt.items.iter().map(|i| i.label.as_str()).filter(|l| l.contains("://")).collect();
        let name = &model.canonical;
        // No link recorded, where the graph holds the model's paper: open, said of the code
        // ("BiTT has public code, yes?"); a missing link is no proof there is none. With no
        // paper either, the claim reading's own account (the model's results) stands.
        if links.is_empty() {
            // The paper the request ranked first is the model's own; the others its words found.
            let mut paper = attempt.sources.first()?.clone();
            paper.n = 1;
            let reason = format!("the graph records no code link of {name} or of its paper, \"{}\", which does not show that there is none", paper.title);
            attempt.answer = format!("{}: {reason} [{}].", verdict::Label::Uncertain.as_str(), paper.n);
            attempt.items = vec![
                items::AnswerItem { sources: vec![paper.n], ..items::AnswerItem::new(name, model.iris.first().map(String::as_str)) },
                items::AnswerItem { sources: vec![paper.n], ..items::AnswerItem::paper(&paper.iri, &paper.title) },
            ];
            attempt.sources = vec![paper];
            attempt.verdict = Some(verdict::Verdict { verdict: verdict::Label::Uncertain, relation: "code".into(), reason, supporting: Vec::new(), contradicting: Vec::new() });
            return Some(attempt);
        }
        let (label, reason) = match (&claim.repository, claim.none) {
            (_, true) => (verdict::Label::Refuted, format!("the graph records {} code link{} of {name}", links.len(), if links.len() == 1 { "" } else { "s" })),
            (Some(repository), false) => match links.iter().find(|l| l.to_lowercase().contains(&repository.to_lowercase())) {
                Some(link) => (verdict::Label::Supported, format!("the graph records {link} among the code of {name}")),
                None => (verdict::Label::Uncertain, format!("the graph records no link to {repository} among the code of {name}, only others")),
            },
            (None, false) => (verdict::Label::Supported, format!("the graph records code of {name}")),
        };
        attempt.answer = format!("{}: {reason}. {}", label.as_str(), attempt.answer);
        attempt.verdict = Some(verdict::Verdict { verdict: label, relation: "code".into(), reason, supporting: Vec::new(), contradicting: Vec::new() });
        Some(attempt)
    }

    /// "The deeper task-specificity joint extraction paper evaluates on CoNLL04", "the six
    /// neurons atari paper is about text summarization", "the SEE paper comes with code",
    /// "the feedback memory paper is by Sainbayar Sukhbaatar": a claim about one paper named
    /// by the words of its title (two or more, or quoted), held against what the graph
    /// records of it ([`trust::relations::about_paper`]), which the answer lists after the
    /// paper. A statement read as a lookup is such a claim too. `None` unless the question
    /// states such a claim of a paper the text index finds by those words.
    async fn paper_claim(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use classify::{Classification, QueryType, Target};
        // A claim naming a model ("the XLNet paper reports results on D") is the claim
        // reading's (`relations::evaluation`), unless the paper is named by three words or
        // more; a statement read as a lookup has no other reading.
        let of = trust::relations::of_paper(q, &front.normalized)?;
        let words = match front.classification.query_type {
            QueryType::ClaimVerification if front.normalized.methods.iter().all(|m| !m.is_linked() || front.lookup.title.is_some() || front::extract::claimed_paper(q).is_some_and(|w| w.split_whitespace().count() >= 3)) => paper_words(q, front, true, 2),
            // "the XLNet paper is about question answering, right?": the paper its model names,
            // held to its own record, for its problems only (what it evaluates on, a score or
            // a best claimed of it are its model's, with the values and papers they rest on).
            QueryType::ClaimVerification if matches!(of, trust::relations::OfPaper::About | trust::relations::OfPaper::Introduced(_)) && front::extract::model_paper(q).is_some() => paper_words(q, front, true, 1),
            QueryType::PaperLookup if !classify::asks_openly(q) => paper_words(q, front, true, 1),
            _ => None,
        }?;
        let paper = self.graph.named_paper(&words)?;
        let mut diagnostics = Diagnostics::default();
        let details = evidence::papers::details(&self.graph.details(std::slice::from_ref(&paper.iri), false, ledger, &mut diagnostics).await);
        let held = details.get(&paper.iri).cloned().unwrap_or_default();
        let record = trust::relations::PaperRecord { datasets: &held.datasets, tasks: &held.tasks, code: &held.code, authors: &held.authors, models: &held.methods };
        // A name inside the words the paper is named by ("'Closing the Loop for Robotic
        // Grasping' is about visual navigation") is no part of what is claimed of it.
        let (lower, named_by) = (q.to_lowercase(), words.to_lowercase());
        let rest = match lower.find(&named_by) {
            Some(at) => format!("{} {}", &lower[..at], &lower[at + named_by.len()..]),
            None => lower.clone(),
        };
        let outside = |e: &&front::normalize::NormalizedEntity| rest.contains(&e.text.to_lowercase());
        let claimed = front::normalize::Normalized {
            tasks: front.normalized.tasks.iter().filter(outside).cloned().collect(),
            datasets: front.normalized.datasets.iter().filter(outside).cloned().collect(),
            ..front.normalized.clone()
        };
        let (verdict, shown) = trust::relations::about_paper(&of, &claimed, &paper.label, &record);
        let (_, sources) = self.count_sources(std::iter::once(Some(&paper.iri)), front, year, ledger, &mut diagnostics).await;
        let cited = |label: &str, iri: Option<&str>| items::AnswerItem { sources: vec![1], papers: vec![paper.iri.clone()], ..items::AnswerItem::new(label, iri) };
        let mut items = vec![cited(&paper.label, Some(&paper.iri))];
        items.extend(shown.iter().map(|s| cited(s, None)));
        let listed = if shown.is_empty() { String::new() } else { format!(" Recorded: {} [1].", shown.join("; ")) };
        let text = format!("{}: {} [1].{listed}", verdict.verdict.as_str(), verdict.reason);
        let mut attempt = self.counted_attempt(text, items, sources, shown, 1, front, year, std::mem::take(ledger), diagnostics, clock);
        attempt.verdict = Some(verdict);
        Some((Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict }, attempt))
    }

    /// "Is 'First return, then explore' the best on Atari Pitfall?", "did the phrase-based &
    /// neural unsupervised MT paper get the top BLEU on WMT2016 English-Russian?", "the
    /// pop-art paper: score on Atari Time Pilot?": a claim, a comparison or a score asked
    /// that names a paper where a model would be is about the model that paper reports on the
    /// board named, which the question is then read with. `None` unless the
    /// question names no linked model, names a board, and the paper its words find (quoted,
    /// or two words or more) reports one model there (of several, its best by the metric
    /// named). The paper comes back too, to be named in the answer.
    async fn paper_model(&self, q: &str, front: &Front, ledger: &mut Ledger) -> Option<(front::normalize::NormalizedEntity, crate::index::Hit)> {
        use classify::QueryType;
        let compares = matches!(front.classification.query_type, QueryType::ClaimVerification | QueryType::MethodComparison);
        if !(compares || classify::asks_paper_score(q)) || front.normalized.methods.iter().any(|m| m.is_linked()) {
            return None;
        }
        let boards: Vec<&String> = front.normalized.datasets.iter().filter(|d| d.is_linked()).flat_map(|d| d.iris.iter()).collect();
        if boards.is_empty() {
            return None;
        }
        let paper = self.graph.named_paper(&paper_words(q, front, false, 2)?)?;
        let reported = evidence::assemble(&self.graph.results_in(std::slice::from_ref(&paper.iri), ledger, &mut Diagnostics::default()).await);
        let on_board: Vec<&evidence::ResultFact> = reported.results.iter().filter(|r| boards.contains(&&r.dataset.iri) && r.model.is_some()).collect();
        let mut models: Vec<&evidence::Named> = on_board.iter().filter_map(|r| r.model.as_ref()).collect();
        models.sort_by(|a, b| a.iri.cmp(&b.iri));
        models.dedup_by(|a, b| a.iri == b.iri);
        let model = match models.as_slice() {
            [] => return None,
            [one] => *one,
            // Several: the paper's result the claim speaks of is its best under the metric
            // named ("did the X paper get the top BLEU on D?"); with no metric named, none.
            _ => {
                let metric = front.normalized.metrics.iter().find(|m| m.is_linked())?;
                let lower = metric.direction == Some(Direction::Lower);
                let by_metric = on_board.iter().filter(|r| r.metric.as_ref().is_some_and(|m| metric.iris.contains(&m.iri) || metric.names(m.display())));
                let scored = by_metric.filter_map(|r| Some((evidence::scores::parse_score(r.value.as_deref()?)?, r.model.as_ref()?)));
                scored.max_by(|a, b| if lower { b.0.total_cmp(&a.0) } else { a.0.total_cmp(&b.0) })?.1
            }
        };
        let label = model.display().to_owned();
        let entity = front::normalize::NormalizedEntity { kind: front::lexicon::EntityKind::Method, text: label.clone(), canonical: label, aliases: Vec::new(), iris: vec![model.iri.clone()], direction: None, link: None };
        Some((entity, paper))
    }

    /// The boards each model leads ([`answer::tally::leads`]), from every board's highest and
    /// lowest value under each metric (one query, precomputed at load), the end that leads
    /// set by the metric's direction; cost columns (FLOPS, parameters) lead nothing.
    async fn leaders(&self, scope: Option<&std::collections::BTreeSet<String>>, ledger: &mut Ledger) -> Option<Arc<Leaders>> {
        // A graph that cannot change while served (an embedded store) leads the same way
        // until the process ends; an endpoint's may change, and is read again.
        let fixed = self.graph.retriever.fixed();
        let kept = |memo: &Option<(std::time::Instant, Arc<Leaders>)>| memo.as_ref().filter(|(at, _)| fixed || at.elapsed() < CACHE_TTL).map(|(_, led)| led.clone());
        if scope.is_none() {
            if let Some(led) = self.leaders.lock().ok().and_then(|memo| kept(&memo)) {
                // The answer still shows the query it rests on, as served from the cache.
                let strategy = self.whole("board_leaders")?;
                ledger.records.push(query::retrieve::QueryRecord { strategy: strategy.name.clone(), sparql: strategy.query.as_str().to_owned() });
                ledger.reports.push(query::retrieve::StrategyReport { name: strategy.name, status: query::retrieve::Status::Cached, rows: led.len(), truncated: false, ms: 0, error: None, error_code: None, fallback_for: None });
                return Some(led);
            }
        }
        let retrieved = self.graph.retriever.run_all(vec![self.whole("board_leaders")?], ledger).await;
        let text = |row, var| query::retrieve::text(row, var);
        let mut costs: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
        let rows: Vec<answer::tally::Lead> = retrieved
            .first()?
            .rows
            .rows
            .iter()
            .filter_map(|row| {
                let metric = text(row, "metric_label")?.trim().to_owned();
                let cost = match costs.get(&metric) {
                    Some(&cost) => cost,
                    None => *costs.entry(metric.clone()).or_insert_with(|| front::metrics::is_cost(&metric)),
                };
                (!cost).then_some(())?;
                Some(answer::tally::Lead { board: text(row, "dataset_label")?.trim().to_owned(), metric, value: text(row, "value")?, model: text(row, "model_label")?.trim().to_owned(), paper: text(row, "paper") })
            })
            .filter(|lead: &answer::tally::Lead| scope.is_none_or(|s| s.contains(&lead.board)))
            .collect();
        let led = Arc::new(answer::tally::leads(&rows, &|metric| self.direction(metric) == Direction::Lower));
        if scope.is_none() {
            if let Ok(mut memo) = self.leaders.lock() {
                *memo = Some((std::time::Instant::now(), led.clone()));
            }
        }
        Some(led)
    }

    /// "How many boards does approxrepset lead?": the boards one model leads, counted and
    /// listed ([`Self::leaders`]); no other path reads a board's leader for every board.
    /// `None` unless the question asks that count of one linked model.
    async fn boards_led(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        if front.classification.query_type == classify::QueryType::ClaimVerification || front::tally::how_many(q)? != front::tally::Counted::Tops {
            return None;
        }
        let [model] = front.normalized.methods.iter().filter(|e| e.is_linked()).collect::<Vec<_>>()[..] else { return None };
        let led = self.leaders(None, ledger).await?;
        clock.lap("retrieve");
        let (count, boards) = led.iter().find(|(c, _)| c.label.eq_ignore_ascii_case(&model.canonical)).cloned().unwrap_or_else(|| (answer::tally::Count { label: model.canonical.clone(), n: 0, paper: None }, Vec::new()));
        let mut diagnostics = Diagnostics::default();
        let (papers, sources) = self.count_sources(std::iter::once(count.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
        let cite = if papers.is_empty() { String::new() } else { " [1]".to_owned() };
        let text = answer::tally::led_sentence(&count, &boards, &cite);
        let items = answer::tally::member_items(&boards[..boards.len().min(MAX_COUNTED_SHOWN as usize)]);
        let stated: Vec<String> = [count.n.to_string(), count.label.clone(), boards.len().saturating_sub(answer::tally::MAX_LED_LISTED).to_string()].into_iter().chain(boards.iter().cloned()).collect();
        let attempt = self.counted_attempt(text, items, sources, stated, boards.len(), front, year, std::mem::take(ledger), diagnostics, clock);
        Some((classify::Classification { query_type: classify::QueryType::MethodComparison, target: classify::Target::Datasets }, attempt))
    }

    /// "Which model has the lowest bits per character anywhere in the graph?", "which dataset
    /// has the lowest recorded Error, and by whom?", "which paper holds the best BLEU?": the
    /// extreme of every result the graph records by the one metric named, whatever its
    /// board ([`answer::leaderboard::extreme_across`]), or of one model's own results
    /// ("on which board does X need the fewest FLOPS?"). `None` unless
    /// [`front::metric_ask::read`] reads the question so.
    async fn metric_extreme(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use classify::{Extreme, QueryType, Target};
        use query::templates::{Anchor, Arg};
        let front::metric_ask::MetricAsk { model, metric, family, extreme, classification } = front::metric_ask::read(q, front)?;
        let n = &front.normalized;
        // A model's own results as every listing of them is read (precomputed for a head
        // model); a metric's across the graph, all of them.
        let (template, anchor, query, keyed) = match (model, metric) {
            (Some(m), _) => {
                let of_model = query::plan::results_of(&self.graph.templates, &m.iris).ok()?;
                ("model_results", m, of_model.query, of_model.keyed)
            }
            (None, Some(m)) => {
                let args = [("metric", Arg::Anchor(Anchor::Iris(m.iris.clone()))), ("limit", Arg::Limit(MAX_TALLY_ROWS))];
                ("metric_results", m, self.graph.templates.fill("metric_results", &args).ok()?, None)
            }
            (None, None) => return None,
        };
        let name = format!("{template}:{}", anchor.canonical);
        let strategy = query::plan::Strategy { name, query, fallback: None, role: query::plan::Role::Results { summary: false }, anchor: Some((anchor.kind, anchor.canonical.clone())), keyed };
        let retrieved = self.graph.retriever.run_all(vec![strategy], ledger).await;
        clock.lap("retrieve");
        let evidence = evidence::assemble(&retrieved);
        // The model's results by the metric asked (all of one metric when none is asked),
        // within the family named when some board's label holds its words.
        let mut facts: Vec<evidence::ResultFact> = if model.is_some() { answer::leaderboard::by_metric_asked(&evidence, n).into_iter().cloned().collect() } else { evidence.results.clone() };
        if let Some(family) = family {
            let within: Vec<evidence::ResultFact> = facts.iter().filter(|f| front::in_family(&family, f.dataset.display())).cloned().collect();
            if !within.is_empty() {
                facts = within;
            }
        }
        let labels: std::collections::BTreeSet<&str> = facts.iter().filter_map(|f| f.metric.as_ref().map(|m| m.display())).collect();
        let label = match (metric, labels.iter().next()) {
            (_, Some(first)) if labels.len() == 1 => (*first).to_owned(),
            (Some(m), Some(_)) => m.canonical.clone(),
            _ => return None,
        };
        let own = metric.and_then(|m| m.direction).unwrap_or_else(|| front::metrics::direction_by_words(&label));
        let tops = answer::leaderboard::extreme_across(&facts, extreme.map_or(own, |e| e.direction(own)));
        if tops.is_empty() {
            return None;
        }
        let mut diagnostics = Diagnostics::default();
        let (papers, sources) = self.count_sources(tops.iter().map(|f| f.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
        let mut stated = Vec::new();
        let mut said = Vec::new();
        let mut items = Vec::new();
        for f in &tops {
            let cite = f.paper.as_ref().and_then(|p| papers.iter().position(|x| x == p)).map(|i| i + 1);
            let (model, value) = (f.model.as_ref().map_or("an unnamed model", |m| m.display()), f.value.as_deref().unwrap_or_default().trim());
            said.push(format!("{value} by {model} on {}{}", f.dataset.display(), cite.map(|c| format!(" [{c}]")).unwrap_or_default()));
            stated.extend([value.to_owned(), model.to_owned(), f.dataset.display().to_owned()]);
            // "Which paper holds it?": the paper, by its title.
            let paper = cite.filter(|_| classification.query_type == QueryType::PaperLookup).and_then(|c| sources.get(c - 1)).map(|s| (s.title.as_str(), s.iri.as_str()));
            items.push(answer::leaderboard::across_item(f, classification.target == Target::Datasets, paper, cite));
        }
        let word = Extreme::said(extreme);
        let way = match (extreme, own) {
            (None | Some(Extreme::Worst), Direction::Lower) => " (lower is better)",
            _ => "",
        };
        let boards = facts.iter().map(|f| f.dataset.iri.as_str()).collect::<std::collections::BTreeSet<_>>().len();
        let over = match (model, boards) {
            (Some(m), 1) => format!("of {} on the one board the graph records it on", m.canonical),
            (Some(m), _) => format!("of {} across the {boards} boards the graph records it on", m.canonical),
            (None, 1) => "on the one board the graph records it on".to_owned(),
            (None, _) => format!("across the {boards} boards the graph records it on"),
        };
        let text = format!("The {word} recorded {label}{way} {over}: {}.", said.join("; "));
        stated.push(boards.to_string());
        let attempt = self.counted_attempt(text, items, sources, stated, facts.len(), front, year, std::mem::take(ledger), diagnostics, clock);
        Some((classification, attempt))
    }

    /// "What's the oldest paper in the graph?": the papers of the earliest (latest) four-digit
    /// year any paper carries, from the count of papers per year value (one query over the
    /// whole graph, precomputed at load) and the papers of that year (an index lookup).
    /// A value that is no valid year (`evidence::years::validate`, as every paper's year is
    /// read) is dirt, not an end. `None` unless the question asks that and names nothing
    /// else ([`front::anchor::graph_wide_paper`]).
    async fn graph_paper_end(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use classify::{Classification, QueryType, Target};
        use front::anchor::Age;
        let age = front::anchor::graph_wide_paper(q)?;
        if front.classification.query_type == QueryType::ClaimVerification {
            return None;
        }
        let retrieved = self.graph.retriever.run_all(vec![self.whole("tally_years_by_papers")?], ledger).await;
        // Each usable year with how many papers carry it (a count that is not a number is
        // dirt, counted as none).
        let years: Vec<(i32, u64)> = retrieved
            .first()?
            .rows
            .rows
            .iter()
            .filter_map(|row| {
                let y = evidence::years::validate(&[query::retrieve::text(row, "label")?], year).year?;
                Some((y, query::retrieve::text(row, "n").and_then(|n| n.parse().ok()).unwrap_or(0)))
            })
            .collect();
        let end = match age {
            Age::Oldest => years.iter().map(|(y, _)| y).min(),
            Age::Newest => years.iter().map(|(y, _)| y).max(),
        };
        let classification = Classification { query_type: QueryType::PaperLookup, target: Target::Papers };
        let mut diagnostics = Diagnostics::default();
        let Some(&end) = end else {
            let text = format!("The knowledge graph records no usable publication year for any paper, so which is the {} cannot be told.", age.superlative());
            let attempt = self.counted_attempt(text, Vec::new(), Vec::new(), Vec::new(), 0, front, year, std::mem::take(ledger), diagnostics, clock);
            return Some((classification, attempt));
        };
        let args = [("year", query::templates::Arg::Literals(vec![end.to_string()])), ("limit", query::templates::Arg::Limit(MAX_COUNTED_SHOWN as u32))];
        let query = self.graph.templates.fill("papers_by_year", &args).ok()?;
        let strategy = query::plan::Strategy { name: format!("papers_by_year:{end}"), query, fallback: None, role: query::plan::Role::Lookup, anchor: None, keyed: None };
        let found = self.graph.retriever.run_all(vec![strategy], ledger).await;
        clock.lap("retrieve");
        let mut papers: Vec<String> = Vec::new();
        for row in found.iter().flat_map(|r| &r.rows.rows) {
            if let Some(p) = query::retrieve::text(row, "paper").filter(|p| !papers.contains(p)) {
                papers.push(p);
            }
        }
        let (_, sources) = self.count_sources(papers.iter().map(Some), front, year, ledger, &mut diagnostics).await;
        let items: Vec<items::AnswerItem> = sources
            .iter()
            .map(|s| items::AnswerItem { value: Some(end.to_string()), metric: Some("year".to_owned()), sources: vec![s.n], ..items::AnswerItem::new(&s.title, Some(&s.iri)) })
            .collect();
        let listed: Vec<String> = sources.iter().map(|s| format!("\"{}\" [{}]", s.title, s.n)).collect();
        let word = age.superlative();
        // As many as the year's count says, however many the listing was cut to.
        let of_year = years.iter().filter(|(y, _)| *y == end).map(|(_, n)| n).sum::<u64>().max(sources.len() as u64);
        let text = match listed.as_slice() {
            [] => format!("The knowledge graph's {word} year for a paper is {end}, but the papers of that year could not be read."),
            [one] => format!("The {word} paper the knowledge graph records a year for is {one}, from {end}. Papers with no usable year recorded are not ranked."),
            many => {
                let shown = if of_year > many.len() as u64 { format!("; the first {}", many.len()) } else { String::new() };
                format!("The {word} papers the knowledge graph records a year for are from {end}, {of_year} of them{shown}: {}. Papers with no usable year recorded are not ranked.", many.join("; "))
            }
        };
        let stated: Vec<String> = [end.to_string(), sources.len().to_string(), of_year.to_string()].into_iter().chain(sources.iter().map(|s| s.title.clone())).collect();
        let attempt = self.counted_attempt(text, items, sources, stated, papers.len(), front, year, std::mem::take(ledger), diagnostics, clock);
        Some((classification, attempt))
    }

    /// "How many papers on language modelling are there?": one research problem's papers,
    /// counted as the rankings count them ([`Self::counts`]), so that the number is what the
    /// graph files under the problem, not how many papers a text search finds relevant. `None`
    /// unless the question asks that count of one linked problem and names nothing else. (A
    /// problem's datasets are counted by their listing, which names every one.)
    async fn problem_count(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use classify::{Classification, QueryType, Target};
        use front::tally::{Counted, Ranked};
        let n = &front.normalized;
        let [task] = &n.tasks[..] else { return None };
        // "How many atari games papers": the problem's name before what is counted.
        let counted = front::tally::how_many(q).or_else(|| front::tally::how_many(&q.to_lowercase().replacen(&format!("many {}", task.text.to_lowercase()), "many", 1)))?;
        let restricted = front.restriction.restricts() || front.coded.is_some();
        if front.classification.query_type == QueryType::ClaimVerification || counted != Counted::Papers || restricted || front::tally::read(q).is_some() {
            return None;
        }
        if !task.is_linked() || !n.methods.is_empty() || !n.datasets.is_empty() || !n.fields.is_empty() || !n.metrics.is_empty() {
            return None;
        }
        let rows = self.counts(Ranked::Problems, counted, None, ledger).await?;
        clock.lap("retrieve");
        // The label as linked first: "Named entity recognition" and "Named Entity
        // Recognition" are two problems, counted apart.
        let count = rows
            .iter()
            .find(|c| c.label == task.canonical)
            .or_else(|| rows.iter().find(|c| c.label.eq_ignore_ascii_case(&task.canonical)))
            .cloned()
            .unwrap_or_else(|| answer::tally::Count { label: task.canonical.clone(), n: 0, paper: None });
        let members = if count.n == 0 { Vec::new() } else { self.counted_members(Ranked::Problems, counted, task, ledger).await };
        let mut diagnostics = Diagnostics::default();
        let (papers, sources) = self.count_sources(std::iter::once(count.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
        let cite = |_: &answer::tally::Count| if papers.is_empty() { String::new() } else { " [1]".to_owned() };
        let said = answer::tally::counts_sentence(std::slice::from_ref(&count), counted, Ranked::Problems, &cite);
        let shown = members.len().min(MAX_COUNTED_SHOWN as usize);
        let listed = match count.n {
            0 => String::new(),
            n if n as usize > shown => format!(", among them {}; and {} more", members[..shown].join("; "), n as usize - shown),
            _ => format!(": {}", members.join("; ")),
        };
        let text = format!("Counting what the knowledge graph records (not everything published), {said}{listed}.");
        let number = |_: &answer::tally::Count| (!papers.is_empty()).then_some(1);
        let items: Vec<items::AnswerItem> = std::iter::once(answer::tally::item(&count, counted, &number)).chain(answer::tally::member_items(&members[..shown])).collect();
        let stated: Vec<String> = [count.n.to_string(), count.label.clone()].into_iter().chain(members[..shown].iter().cloned()).collect();
        let attempt = self.counted_attempt(text, items, sources, stated, rows.len(), front, year, std::mem::take(ledger), diagnostics, clock);
        Some((Classification { query_type: QueryType::TopicSearch, target: Target::Papers }, attempt))
    }

    /// What a count counts for one entity (a board's models, a problem's papers, a model's
    /// datasets or code links, the boards it leads), read by its listing; none for a
    /// summarised board (tens of thousands of results at ORKG's size).
    async fn counted_members(&self, ranked: front::tally::Ranked, counted: front::tally::Counted, entity: &front::normalize::NormalizedEntity, ledger: &mut Ledger) -> Vec<String> {
        use front::tally::{Counted, Ranked};
        use query::templates::{Anchor, Arg};
        if counted == Counted::Tops {
            let led = self.leaders(None, ledger).await.unwrap_or_default();
            return led.iter().find(|(c, _)| c.label.eq_ignore_ascii_case(&entity.canonical)).map(|(_, boards)| boards.clone()).unwrap_or_default();
        }
        let (template, param, column) = match (ranked, counted) {
            (Ranked::Datasets, Counted::Papers) => ("papers_by_dataset", "dataset", "title"),
            (Ranked::Datasets, _) => ("leaderboard", "dataset", "model_label"),
            (Ranked::Models, Counted::Code) => ("code_links", "model", "code"),
            (Ranked::Models, _) => ("model_results", "model", "dataset_label"),
            (Ranked::Problems, Counted::Datasets) => ("datasets_by_task", "task", "dataset_label"),
            (Ranked::Problems, _) => ("papers_by_task", "task", "title"),
        };
        if template == "leaderboard" && entity.iris.iter().any(|i| self.graph.boards.as_deref().and_then(|b| b.get(i)).is_some()) {
            return Vec::new();
        }
        let args = [(param, Arg::Anchor(Anchor::Iris(entity.iris.clone()))), ("limit", Arg::Limit(MAX_TALLY_ROWS))];
        let Ok(query) = self.graph.templates.fill(template, &args) else { return Vec::new() };
        let keyed = (entity.iris.len() == 1).then(|| crate::precomputed::Keyed { template, keys: entity.iris.clone() });
        let strategy = query::plan::Strategy { name: format!("counted:{template}"), query, fallback: None, role: query::plan::Role::Tally, anchor: None, keyed };
        let retrieved = self.graph.retriever.run_all(vec![strategy], ledger).await;
        let mut members: Vec<String> = Vec::new();
        for row in retrieved.iter().flat_map(|r| &r.rows.rows) {
            if let Some(m) = query::retrieve::text(row, column).map(|m| m.trim().to_owned()).filter(|m| !m.is_empty()) {
                if !members.iter().any(|x| x.eq_ignore_ascii_case(&m)) {
                    members.push(m);
                }
            }
        }
        members.truncate(MAX_COUNTED_SHOWN as usize);
        members
    }

    /// "Top 4 boards by number of models", "which of A, B and C has the fewest code links?":
    /// a ranking by count ([`front::tally`]), from one query over the whole graph, ordered
    /// and cut here ([`answer::tally`]). A research problem alone narrows a ranking of boards
    /// to its own for one place or the fewest ("least used dataset for sentiment
    /// analysis?"). `None` when the question asks none, or names a scope the counts do not
    /// take ("the most commonly used datasets for T" lists T's datasets; a model or a board
    /// named beside the count), or fewer than two of the names it lists are counted: the
    /// templates answer those.
    async fn tally(&self, q: &str, front: &Front, year: i32, clock: &mut Stopwatch, ledger: &mut Ledger) -> Option<(classify::Classification, Attempt)> {
        use answer::tally::{Count, Ranking};
        use front::tally::{Counted, Ranked};
        if front.classification.query_type == classify::QueryType::ClaimVerification {
            return None;
        }
        let tally = front::tally::read(q)?;
        let n = &front.normalized;
        let linked = |es: &[front::normalize::NormalizedEntity]| es.iter().filter(|e| e.is_linked()).count();
        let ranked = tally.ranked.or_else(|| front::tally::ranked_for(tally.counted, linked(&n.datasets), linked(&n.methods), linked(&n.tasks)))?;
        let of_kind = match ranked {
            Ranked::Datasets => &n.datasets,
            Ranked::Models => &n.methods,
            Ranked::Problems => &n.tasks,
        };
        // By the label each linked to: an alias may be a neighbour ("enwiki8" of enwik8).
        let named: Vec<String> = if linked(of_kind) >= 2 { of_kind.iter().filter(|e| e.is_linked()).map(|e| e.canonical.clone()).collect() } else { Vec::new() };
        // A research problem alone narrows a ranking of boards, or of the boards models lead,
        // to its own boards ("least used dataset for sentiment analysis?"); another name
        // narrows it in a way the counts do not take, and names listed and not found leave
        // nothing to rank.
        let mut diagnostics = Diagnostics::default();
        let tasks: Vec<&front::normalize::NormalizedEntity> = n.tasks.iter().filter(|e| e.is_linked()).collect();
        // "The most commonly used datasets for T" asks for T's datasets (SciQA's reading), not a
        // ranking of them: a plural is narrowed only to the fewest.
        let one = tally.k == 1 || tally.fewest;
        let scoped = named.is_empty() && !tally.listed && !tasks.is_empty() && linked(&n.datasets) + linked(&n.methods) == 0 && ((ranked == Ranked::Datasets && one) || tally.counted == Counted::Tops);
        if named.is_empty() && !scoped && (tally.listed || linked(&n.datasets) + linked(&n.methods) + linked(&n.tasks) > 0) {
            return None;
        }
        let scope: Option<std::collections::BTreeSet<String>> = if scoped {
            let iris: Vec<String> = tasks.iter().flat_map(|e| e.iris.iter().cloned()).collect();
            let rows = self.graph.datasets_of_task(&iris, ledger, &mut diagnostics).await;
            Some(rows.iter().flat_map(|r| r.rows.rows.iter().filter_map(|row| query::retrieve::text(row, "dataset_label").map(|l| l.trim().to_owned()))).collect())
        } else {
            None
        };
        let rows = self.counts(ranked, tally.counted, scope.as_ref(), ledger).await?;
        clock.lap("retrieve");
        let kg_results_count = rows.len();
        let ranking: Ranking = answer::tally::rank(rows, &tally, &named)?;
        let shown: Vec<&Count> = ranking.chosen.iter().chain(&ranking.context).collect();
        let (papers, sources) = self.count_sources(shown.iter().map(|c| c.paper.as_ref()), front, year, ledger, &mut diagnostics).await;
        let number = |c: &Count| c.paper.as_ref().and_then(|p| papers.iter().position(|x| x == p)).map(|i| i + 1);
        let within: Vec<&str> = if scoped { tasks.iter().map(|e| e.canonical.as_str()).collect() } else { Vec::new() };
        let mut text = answer::tally::sentence(&ranking, &tally, ranked, &within, &|c| number(c).map(|k| format!(" [{k}]")).unwrap_or_default());
        // "... among bert, xlnet and albert" where the graph holds no ALBERT: said, not dropped.
        // Not the ranking's own words an extraction took for a name ("fewest boards among").
        let unheld: Vec<&str> = of_kind.iter().filter(|e| !e.is_linked() && !counting_words(&e.text)).map(|e| e.text.as_str()).collect();
        if ranking.named && !unheld.is_empty() {
            text.push_str(&format!(" The knowledge graph records no {} called {}.", ranked.noun(), unheld.join(" or ")));
        }
        // A name the graph holds with nothing to count ("albert" with no result on a board).
        let uncounted: Vec<&str> = named.iter().filter(|n| !shown.iter().any(|c| c.label.eq_ignore_ascii_case(n))).map(String::as_str).collect();
        if ranking.named && !uncounted.is_empty() {
            text.push_str(&format!(" The knowledge graph records no {} for {}.", tally.counted.noun(), uncounted.join(" or ")));
        }
        // "How many more models on A than on B?": each count is asked for, and how far apart.
        if let Some(gap) = answer::tally::gap_sentence(&ranking, &tally) {
            text.push(' ');
            text.push_str(&gap);
        }
        let items = if tally.gap { shown.iter().map(|c| answer::tally::item(c, tally.counted, &number)).collect() } else { answer::tally::items(&ranking, tally.counted, &number) };
        let stated: Vec<String> = shown.iter().flat_map(|c| [c.n.to_string(), c.label.clone()]).chain([ranking.more_tied.to_string(), tally.k.to_string(), (ranking.chosen.len() + ranking.context.len()).to_string()]).chain(answer::tally::gap(&ranking).filter(|_| tally.gap).map(|d| d.to_string())).collect();
        let attempt = self.counted_attempt(text, items, sources, stated, kg_results_count, front, year, std::mem::take(ledger), diagnostics, clock);
        let (query_type, target) = match (tally.counted, ranked) {
            (Counted::Code, _) => (classify::QueryType::MethodUsage, classify::Target::Models),
            (Counted::Tops, _) => (classify::QueryType::MethodComparison, classify::Target::Models),
            (Counted::Papers | Counted::Contributions, Ranked::Problems) => (classify::QueryType::TopicSearch, classify::Target::Problems),
            (_, Ranked::Models) => (classify::QueryType::DatasetSearch, classify::Target::Models),
            _ => (classify::QueryType::DatasetSearch, classify::Target::Datasets),
        };
        Some((classify::Classification { query_type, target }, attempt))
    }

    /// A question about a comparison table, answered from the table (read again for the
    /// question, through the retriever): `None` when no table is named, when the question
    /// is anchored on a method or task the graph knows and names no row (the templates'
    /// question), or when the table cannot be read.
    async fn comparison(&self, q: &str, front: &Front, hint: Option<&str>, year: i32, clock: &mut Stopwatch) -> Option<(classify::Classification, Attempt)> {
        use crate::comparisons::Table;
        use comparison::Op;
        let tables = self.comparisons.as_deref()?;
        let reading = tables.understand(q, hint).or_else(|| comparison::every_row(q, hint?))?;
        // A linked method or task that is the value the question filters on ("which systems
        // rely on crowdsourcing?") belongs to the table; any other makes it the templates'.
        let filtered = |name: &str| {
            reading.filter.as_ref().is_some_and(|(_, v)| v.eq_ignore_ascii_case(name))
                || reading.labels.iter().any(|l| l.to_lowercase().contains(&name.to_lowercase()))
        };
        let n = &front.normalized;
        // A leaderboard metric the table happens to hold as a value ("which datasets report
        // Accuracy?") is the leaderboards' question, unless the question names the table's
        // property too ("which systems use accuracy as their performance metric?").
        let lowered = q.to_lowercase();
        let filter_label = reading.filter.as_ref().and_then(|(predicate, _)| tables.tables.iter().find(|t| t.iri == reading.table)?.columns.iter().find(|c| c.predicate == *predicate).map(|c| c.label.to_lowercase()));
        let property_named = filter_label.is_some_and(|l| lowered.contains(&l));
        let anchored = n.methods.iter().chain(&n.tasks).chain(&n.datasets).any(|e| e.is_linked() && !filtered(&e.text) && !filtered(&e.canonical))
            || n.metrics.iter().any(|e| e.is_linked() && !(property_named && (filtered(&e.text) || filtered(&e.canonical))));
        if reading.rows.is_empty() && anchored && hint.is_none() {
            return None;
        }
        // A board or model named with a version or size the graph does not hold ("papers
        // with results on SQuAD 3.0?", "GPT-3 13B"): the question is about it, and no
        // table's row answers it. (Other unlinked names are often a table's values.)
        static VERSIONED: std::sync::LazyLock<pattern::Regex> =
            std::sync::LazyLock::new(|| pattern::Regex::new(r"(?i)\s(?:v?\d{1,4}(?:\.\d)?[mbk]?)$").unwrap_or_else(|e| panic!("versioned name pattern: {e}")));
        let linked = |name: &str| n.all().any(|e| e.is_linked() && (e.text.eq_ignore_ascii_case(name) || e.canonical.eq_ignore_ascii_case(name)));
        if hint.is_none() && front.entities.methods.iter().chain(&front.entities.datasets).any(|t| !linked(t) && VERSIONED.is_match(t) && !filtered(t)) {
            return None;
        }
        // "Which papers are about crowdsourcing?", "which publications about knowledge
        // graphs?" ask for the papers on a topic, which the titles and problems find, not
        // the rows of a table whose cell or column says it.
        static PAPERS_ABOUT: std::sync::LazyLock<pattern::Regex> = std::sync::LazyLock::new(|| {
            pattern::Regex::new(r"(?i)\b(?:papers|publications|works|articles|studies|literature)\s+(?:are\s+there\s+|there\s+are\s+|are\s+|exist\s+|do\s+you\s+have\s+)?(?:about|on|regarding|concerning|dealing\s+with)\s")
                .unwrap_or_else(|e| panic!("papers-about pattern: {e}"))
        });
        if reading.rows.is_empty() && hint.is_none() && PAPERS_ABOUT.is_match(q) {
            return None;
        }
        let mut diagnostics = Diagnostics::default();
        let mut ledger = Ledger::default();
        let args = [("comparisons", query::templates::Arg::Values(vec![reading.table.clone()])), ("limit", query::templates::Arg::Limit(MAX_TABLE_CELLS))];
        let query = self.graph.templates.fill("comparison_table", &args).ok()?;
        let id = reading.table.rsplit('/').next().unwrap_or(&reading.table).to_owned();
        let strategy = query::plan::Strategy { name: format!("comparison:{id}"), query, fallback: None, role: query::plan::Role::Comparison, anchor: None, keyed: None };
        let retrieved = self.graph.retriever.run_all(vec![strategy], &mut ledger).await;
        clock.lap("retrieve");
        let table = Table::from_rows(&retrieved.first()?.rows.rows).into_iter().find(|t| t.iri == reading.table)?;
        let outcome = comparison::answer(&reading, &table)?;

        // The rows cited, in the order the answer uses them; their papers are the sources.
        let mut order: Vec<usize> = Vec::new();
        for r in outcome.values.iter().flat_map(|v| v.rows.iter()).chain(outcome.cells.iter().map(|(r, _)| r)) {
            if !order.contains(r) && table.rows[*r].paper.is_some() {
                order.push(*r);
            }
        }
        order.truncate(MAX_COMPARISON_SOURCES);
        let papers: Vec<String> = order.iter().filter_map(|&r| table.rows[r].paper.clone()).collect();
        let metas = papers::paper_meta(&self.graph.years(&papers, &mut ledger, &mut diagnostics).await, year);
        ledger.diagnose(&mut diagnostics);
        let trust_ctx = trust::Trust::new(&self.trust, year, front.as_of.as_ref());
        let assessment = trust::Assessment::default();
        let mut number_of: BTreeMap<usize, usize> = BTreeMap::new();
        let mut sources: Vec<items::Source> = Vec::new();
        for &r in &order {
            let Some(iri) = table.rows[r].paper.clone() else { continue };
            if let Some(existing) = sources.iter().find(|s| s.iri == iri) {
                number_of.insert(r, existing.n);
                continue;
            }
            let meta = metas.get(&iri);
            let year = meta.and_then(|m| m.year);
            let n = sources.len() + 1;
            number_of.insert(r, n);
            sources.push(items::Source {
                n,
                title: if table.rows[r].title.is_empty() { table.name(r) } else { table.rows[r].title.clone() },
                doi: meta.and_then(|m| m.dois.first().cloned()),
                year,
                other_year: None,
                methods: Vec::new(),
                datasets: Vec::new(),
                score: 1.0,
                validity: trust::validity(&trust_ctx, &assessment, &iri, year),
                authors: Vec::new(),
                fields: Vec::new(),
                venues: Vec::new(),
                code: Vec::new(),
                iri,
            });
        }
        let cite = |rows: &[usize]| -> Vec<usize> {
            let mut ns: Vec<usize> = rows.iter().filter_map(|r| number_of.get(r).copied()).collect();
            ns.sort_unstable();
            ns.dedup();
            ns
        };
        let text = comparison_citations(&outcome.sentence, &cite);
        let numeric_op = matches!(reading.op, Op::Average | Op::Highest { which: false } | Op::Lowest { which: false } | Op::Count);
        let items: Vec<answer::items::AnswerItem> = outcome
            .values
            .iter()
            .map(|v| answer::items::AnswerItem {
                label: if numeric_op { v.property.clone().unwrap_or_else(|| "rows".into()) } else { v.text.clone() },
                iri: None,
                // A value's count of rows, for the most or least common: what it rests on.
                value: if numeric_op {
                    Some(v.text.clone())
                } else if matches!(reading.op, Op::Most | Op::Least) {
                    Some(v.rows.len().to_string())
                } else {
                    None
                },
                sources: cite(&v.rows),
                // A number computed over a property (an average, a highest value, a count)
                // names the property it measures.
                metric: if numeric_op { v.property.clone().or_else(|| Some("rows".into())) } else { None },
                dataset: None,
                model: None,
                papers: v.rows.iter().filter_map(|&r| table.rows[r].paper.clone()).collect(),
            })
            .collect();
        let verdict = outcome.verdict.map(|yes| {
            let facts: Vec<trust::verdict::FactRef> = outcome
                .cells
                .iter()
                .map(|(r, predicate)| {
                    let column = table.columns.iter().position(|c| &c.predicate == predicate);
                    let value = column.map(|c| table.rows[*r].texts(c).join(", ")).unwrap_or_default();
                    let label = column.map(|c| table.columns[c].label.clone()).unwrap_or_default();
                    let paper = table.rows[*r].paper.clone().map(|iri| trust::PaperRef { year: metas.get(&iri).and_then(|m| m.year), title: table.rows[*r].title.clone(), iri });
                    trust::verdict::FactRef {
                        statement: format!("{} of {}: {value}", label, table.name(*r)),
                        subject: table.name(*r),
                        model: String::new(),
                        dataset: String::new(),
                        metric: String::new(),
                        value,
                        papers: paper.into_iter().collect(),
                        sources: cite(&[*r]),
                    }
                })
                .collect();
            let (supporting, contradicting) = if yes { (facts, Vec::new()) } else { (Vec::new(), facts) };
            verdict::Verdict {
                verdict: if yes { verdict::Label::Supported } else { verdict::Label::Refuted },
                relation: "comparison".into(),
                reason: text.clone(),
                supporting,
                contradicting,
            }
        });
        let query_type = match reading.op {
            Op::Ask => classify::QueryType::ClaimVerification,
            Op::Cell => classify::QueryType::PaperLookup,
            Op::List | Op::Column | Op::Count => classify::QueryType::MethodUsage,
            Op::Most | Op::Least | Op::Average | Op::Highest { .. } | Op::Lowest { .. } => classify::QueryType::MethodComparison,
        };
        let stated: Vec<String> = outcome.counts.clone();
        let gates = gates::check(&text, &items, &sources, &stated, false, true, gates::Best::No).switched(&self.checks);
        let support = (order.len() as f64 / 3.0).min(1.0);
        let recency = answer::measures::recency(&trust_ctx, &sources);
        let confidence = trust::confidence(self.trust.confidence_weights, 1.0, support, recency);
        let evidence_graph = comparison_graph(&table, &outcome, &number_of, &sources);
        clock.lap("rank");
        let kg_results_count = retrieved.first().map_or(0, |r| r.rows.rows.len());
        let attempt = Attempt {
            ledger,
            kg_results_count,
            answer: text,
            answer_mode: AnswerMode::Extractive,
            items,
            sources,
            verdict,
            assessment,
            confidence,
            gates,
            evidence_graph,
            diagnostics,
            as_of: front.as_of.clone(),
        };
        Some((classify::Classification { query_type, target: classify::Target::ComparisonValue }, attempt))
    }

    /// Plan, retrieve, weigh, answer and check; `alternative` is the retry's plan.
    async fn attempt(&self, q: &str, front: &Front, alternative: bool, year: i32, clock: &mut Stopwatch, exchanges: &mut Vec<LlmExchange>) -> Attempt {
        let mut diagnostics = Diagnostics::default();
        let mut ledger = Ledger::default();
        let direction = |metric: &str| self.direction(metric);
        let target = front.classification.target;

        // Query.
        let input = PlanInput { classification: front.classification, entities: &front.normalized, keywords: &front.keywords, lookup: &front.lookup, prefer_labels: alternative, indexed: self.graph.index.is_some(), names_indexed: self.graph.index.is_some() && matches!(self.labels, Ok(n) if n > 0), boards: self.graph.boards.as_deref(), top_k: front.top_k, coded: front.coded };
        let mut strategies = self.graph.plan(&input, &mut diagnostics);
        if !alternative {
            strategies.extend(self.generated(q, &mut ledger, &mut diagnostics, exchanges).await);
        }
        clock.lap("build");
        let anchored = query::plan::anchored(&input, &strategies);
        let mut retrieved = self.graph.retriever.run_all(strategies, &mut ledger).await;
        // "On which datasets is X the best?", "on how many datasets does A beat B?": the
        // named models' results, and for the first the whole boards X has results on.
        // A question about a named model's place, margin, record or disagreements on its
        // boards ("what improvement did X bring over the state of the art?", "any
        // disagreement between sources about X's WER on D?"): X's results in every paper,
        // and the whole boards they are on (only those the question names, when it names
        // some); so is a challenge to where it stands ("why is X not on top?").
        let about_boards = !front.normalized.methods.is_empty() && (trust::record::asks_account(q) || trust::margins::asks_account(q) || trust::standing::asks_disagreement(q) || trust::standing::asks_quote(q) || trust::standing::asks_challenge(q));
        // "X was evaluated on D too, right?": X's boards, shown where D is not among them.
        let evaluation_claim = front.classification.query_type == classify::QueryType::ClaimVerification && front.normalized.methods.len() == 1 && !front.normalized.datasets.is_empty() && trust::relations::asks_evaluation(q);
        if trust::standing::needs_model_results(q) || about_boards || evaluation_claim {
            let model: Vec<String> = front.normalized.methods.iter().filter(|m| m.is_linked()).flat_map(|m| m.iris.clone()).collect();
            if !model.is_empty() {
                retrieved.extend(self.graph.results_of(&model, &mut ledger, &mut diagnostics).await);
            }
        }
        // "On which of its benchmarks is X closest to the top?": the same whole boards.
        if trust::standing::asks_where_best(q) || trust::margins::asks_closest(q) || about_boards {
            let found = evidence::assemble(&retrieved);
            let named: Vec<&String> = if trust::standing::asks_where_best(q) || trust::margins::asks_closest(q) { Vec::new() } else { front.normalized.datasets.iter().filter(|d| d.is_linked()).flat_map(|d| &d.iris).collect() };
            let mut datasets: Vec<String> = found
                .results
                .iter()
                .filter(|r| r.model.as_ref().is_some_and(|m| front.normalized.methods.iter().any(|e| e.iris.contains(&m.iri))))
                .filter(|r| named.is_empty() || named.contains(&&r.dataset.iri))
                .map(|r| r.dataset.iri.clone())
                .collect();
            datasets.sort_unstable();
            datasets.dedup();
            retrieved.extend(self.graph.boards_of(&datasets, &mut ledger, &mut diagnostics).await);
        }
        // "What's the state of the art for T?", "which T model should I start from?": the
        // boards of the research problem named (no dataset named), read whole; the question
        // is then answered and judged on them ([`scoped`]).
        let linked = |e: &&front::normalize::NormalizedEntity| e.is_linked();
        // So are they for a named model carried over to the problem ("X was also tried on T:
        // which paper did that, and what mean IoU did it reach?"): its results on T's boards,
        // not its best anywhere. A plain "X's accuracy on T" keeps X's own results, which
        // the answer sets measure.
        let model_on_task = front.classification.query_type == classify::QueryType::MethodComparison && front.normalized.methods.iter().any(|m| m.is_linked()) && classify::carried_over(q);
        let task_boards: Vec<front::normalize::NormalizedEntity> = if front.normalized.tasks.iter().any(|t| linked(&t)) && !front.normalized.datasets.iter().any(|d| linked(&d)) && (classify::asks_task_state(q) || model_on_task) {
            let tasks: Vec<String> = front.normalized.tasks.iter().filter(linked).flat_map(|t| t.iris.clone()).collect();
            let rows = self.graph.datasets_of_task(&tasks, &mut ledger, &mut diagnostics).await;
            let mut boards: Vec<front::normalize::NormalizedEntity> = Vec::new();
            for listed in evidence::assemble(&rows).datasets {
                if boards.len() < query::plan::MAX_BOARDS_OF && !boards.iter().any(|b| b.iris.contains(&listed.item.iri)) {
                    let label = listed.item.display().to_owned();
                    boards.push(front::normalize::NormalizedEntity { kind: front::lexicon::EntityKind::Dataset, text: label.clone(), canonical: label, aliases: Vec::new(), iris: vec![listed.item.iri.clone()], direction: None, link: None });
                }
            }
            let iris: Vec<String> = boards.iter().flat_map(|b| b.iris.clone()).collect();
            retrieved.extend(rows);
            retrieved.extend(self.graph.boards_of(&iris, &mut ledger, &mut diagnostics).await);
            boards
        } else {
            Vec::new()
        };
        // "X outperforms Y on every board they share": the boards both have rows on, read
        // whole, so that each one's top is known. Read, not named: the claim still names no
        // board, and is judged on each one's top (`trust::verdict`).
        let two: Vec<&front::normalize::NormalizedEntity> = front.normalized.methods.iter().filter(|m| m.is_linked()).collect();
        if front.classification.query_type == classify::QueryType::ClaimVerification && two.len() == 2 && !front.normalized.datasets.iter().any(|d| linked(&d)) && trust::verdict::claims_everywhere(q) {
            let found = evidence::assemble(&retrieved);
            let on = |m: &front::normalize::NormalizedEntity| -> std::collections::BTreeSet<String> {
                found.results.iter().filter(|r| r.model.as_ref().is_some_and(|x| m.iris.contains(&x.iri))).map(|r| r.dataset.iri.clone()).collect()
            };
            let theirs = on(two[1]);
            let shared: Vec<String> = on(two[0]).into_iter().filter(|iri| theirs.contains(iri)).take(query::plan::MAX_BOARDS_OF).collect();
            if !shared.is_empty() {
                retrieved.extend(self.graph.boards_of(&shared, &mut ledger, &mut diagnostics).await);
            }
        }
        let scoped = if task_boards.is_empty() {
            std::borrow::Cow::Borrowed(&front.normalized)
        } else {
            std::borrow::Cow::Owned(front::normalize::Normalized { datasets: task_boards.clone(), ..front.normalized.clone() })
        };
        let dated = front.restriction.from_year.is_some() || front.restriction.to_year.is_some();
        let pool = if dated { query::DATED_TITLES } else { query::INDEXED_TITLES };
        let indexed = self.graph.indexed_titles(&input, anchored, &front.content_words, pool);
        // "The HadGEM2 paper came out before the NorESM1-M one": each side's paper, found by
        // the words of its title, when both are.
        // So are the two of "which came first: the HadGEM2 paper or the NorESM1-M paper?".
        let sides = if front.classification.query_type == classify::QueryType::ClaimVerification { classify::paper_sides(q) } else { classify::order_sides(q) };
        let dated_sides = sides.and_then(|(a, b)| Some((self.graph.named_paper(&a)?, self.graph.named_paper(&b)?))).filter(|(a, b)| a.iri != b.iri);
        // "Which models does 'P' re-run, and with what numbers?": what the papers the lookup
        // found report, and the same models' results in other papers to set beside them.
        // So does a metric asked of it ("in 'P', what BLEU does GPT-3 get on D?").
        let rerun = target == classify::Target::PaperDetails && (classify::asks_paper_results(q) || front.normalized.metrics.iter().any(|m| m.is_linked()));
        let mut looked: Vec<String> = Vec::new();
        if rerun {
            for iri in evidence::assemble(&retrieved).papers.values().filter(|p| p.looked_up).map(|p| p.iri.clone()).chain(indexed.iter().map(|h| h.iri.clone())) {
                if looked.len() < MAX_LOOKED_UP && !looked.contains(&iri) {
                    looked.push(iri);
                }
            }
            if !looked.is_empty() {
                let reported = self.graph.results_in(&looked, &mut ledger, &mut diagnostics).await;
                let mut models: Vec<String> = evidence::assemble(&reported).results.iter().filter_map(|r| r.model.as_ref().map(|m| m.iri.clone())).collect();
                models.sort_unstable();
                models.dedup();
                retrieved.extend(reported);
                if !models.is_empty() {
                    retrieved.extend(self.graph.results_of(&models, &mut ledger, &mut diagnostics).await);
                }
            }
        }
        let kg_results_count = retrieved.iter().map(|r| r.rows.rows.len()).sum::<usize>() + indexed.len();
        let all_failed = ledger.all_failed() && indexed.is_empty();
        let cut = query::retrieve::Cut::of(&retrieved);
        clock.lap("retrieve");

        // Evidence: the rows, and the years and DOIs of every paper found.
        let mut evidence = evidence::assemble(&retrieved);
        // "Which papers address the research problem T?": the papers filed under it, not the
        // titles its words find elsewhere.
        let filed_only = target == classify::Target::Papers && classify::names_research_problem(q) && front.normalized.tasks.iter().any(|t| t.is_linked()) && !evidence.papers.is_empty();
        if !filed_only {
            evidence.add_indexed(&indexed);
        }
        if let Some((a, b)) = &dated_sides {
            evidence.add_indexed(&[a.clone(), b.clone()]);
        }
        let mut metas = papers::paper_meta(&self.graph.years(&evidence.papers_found(), &mut ledger, &mut diagnostics).await, year);
        clock.lap("years");
        // What the question sets aside goes before anything is weighed: the verdict, the
        // best and the board's history are of the part asked about.
        // "Image classification papers since 2019?", "the best on D as of 2020?" where no
        // paper found records a usable year: the window cannot be applied, so nothing found
        // can be said to fall outside it. What was found is given and said to be undated (an
        // empty answer would say the graph holds nothing of the kind). A claim keeps its
        // reading: its verdict says what the years leave open.
        // (A paper looked up by its year is named by it: "the 2016 resnet paper" is none of
        // the undated ones.)
        let undatable = front.classification.query_type != classify::QueryType::ClaimVerification
            && target != classify::Target::PaperDetails
            && evidence.results.len() + evidence.papers.len() > 0
            && !metas.values().any(|m| m.year.is_some() || !m.valid_years.is_empty());
        let window_untold = front.restriction.window().filter(|_| undatable);
        let restriction = if window_untold.is_some() {
            std::borrow::Cow::Owned(front::restrict::Restriction { from_year: None, to_year: None, ..front.restriction.clone() })
        } else {
            std::borrow::Cow::Borrowed(&front.restriction)
        };
        // What was set aside, when it took anything away: a "found nothing" says so.
        let mut set_aside: Option<String> = None;
        if restriction.restricts() {
            let held = evidence.results.len() + evidence.papers.len();
            let left_out = trust::facts::apply_restriction(&mut evidence, &metas, &restriction);
            let described = restriction.describe();
            let message = format!("left out what the question sets aside: {described} ({} paper(s))", left_out.len());
            diagnostics.push(diagnostics::Code::Restricted, diagnostics::Stage::Trust, message);
            set_aside = (evidence.results.len() + evidence.papers.len() < held).then(|| described.clone());
            // "Which models were evaluated on A but not on B?", "which boards did X run on
            // that Y did not?": what the side set aside holds is set aside with it. That side
            // was never queried (it is not what is asked about), so it is read here.
            let boards_aside: Vec<String> = restriction.datasets.iter().flat_map(|d| d.iris.clone()).collect();
            let models_aside: Vec<String> = restriction.models.iter().flat_map(|m| m.iris.clone()).collect();
            let other_side = match target {
                classify::Target::Models if !boards_aside.is_empty() && !front.normalized.datasets.is_empty() => self.graph.boards_of(&boards_aside, &mut ledger, &mut diagnostics).await,
                classify::Target::Datasets if !models_aside.is_empty() && !front.normalized.methods.is_empty() => self.graph.results_of(&models_aside, &mut ledger, &mut diagnostics).await,
                _ => Vec::new(),
            };
            if !other_side.is_empty() {
                let held = evidence.results.len();
                trust::facts::set_aside_difference(&mut evidence, &evidence::assemble(&other_side), target == classify::Target::Models);
                if evidence.results.len() < held {
                    set_aside = Some(described);
                }
            }
        }

        // Trust.
        // "Before X took the record, who held it?": the board as it stood the year before X.
        // A time given as an event ("before the Trillbert paper came out") is placed by that
        // paper's year; one that cannot be placed is said so (the scope gate below).
        let event = trust::event_time(q, &front.normalized, &evidence, &metas);
        // "Since X's 34.2 in 2022, which newer models ...?": the year starts a span, it is
        // no "as of".
        // "X took the record in 2022. Whose was it before that?": the year is X's taking it,
        // and the board asked about is the one before it.
        let holder = classify::holder_before_named(q, &front.normalized.methods);
        let before_holder = holder.is_some();
        let as_of = event
            .anchor()
            .cloned()
            .filter(|_| before_holder)
            .or_else(|| front.as_of.clone().filter(|_| !classify::asks_newer(q) && !classify::asks_since_then(q)))
            .or_else(|| event.anchor().cloned());
        // (So is a time the question gives where nothing found is dated.)
        let anchor_untold = as_of.as_ref().filter(|_| undatable && !before_holder && event.anchor().is_none()).map(|a| a.phrase.clone());
        let as_of = as_of.filter(|_| anchor_untold.is_none());
        let trust_ctx = trust::Trust::new(&self.trust, year, as_of.as_ref());
        let is_claim = front.classification.query_type == classify::QueryType::ClaimVerification;
        // The words a claim is read from (`claim_text`), once.
        let claim = if is_claim { claim_text(q, &front.normalized) } else { String::new() };
        // "Was X ever the best": the boards as they stood, from the evidence before removals.
        // A question about the record over time ("since when has X held it?") is answered
        // from the same boards (`record::account`).
        let record_account = !is_claim && trust::record::asks_account(q);
        // "Which paper first reported a result on D, and which followed it?": the board's
        // papers in the order of their years.
        let chronology = !is_claim && classify::asks_first_report(q);
        // "Newest WER on D: which model, and what's still better?"; "since X's 34.2 in 2022,
        // which newer models posted results, and which beat it?"
        let newest = !is_claim && classify::asks_newest(q) && !chronology;
        let newer = !is_claim && classify::asks_newer(q) && !chronology;
        // "Is there a paper with results on both D1 and D2?": the papers on every board named.
        let common = !is_claim && trust::common::asks(q, &front.normalized);
        // "What F1 did the paper on ... find for X, and is it the same as in X's own paper?"
        let agree = !is_claim && classify::compares_papers(q);
        // "Who reports X's 79.5 on D?": the papers stating a value the question gives.
        let sources = !is_claim && trust::rerun::asks_sources(q) && front.normalized.methods.iter().any(|m| m.is_linked());
        // "Which papers from the 2020s report a mean IoU of 60 or more on D?": the papers past
        // the value (within the decade).
        let bound = front::extract::threshold(q);
        let papers_past = !is_claim && target == classify::Target::Papers && bound.is_some() && front.normalized.datasets.iter().any(|d| d.is_linked());
        // "Which of the X papers don't carry a usable publication year?"
        let undated = !is_claim && target == classify::Target::Papers && classify::asks_undated(q);
        // "Which came out first, the X paper or the Y paper?"
        let paper_order = !is_claim && classify::asks_paper_order(q) && (front.normalized.methods.iter().filter(|m| m.is_linked()).count() >= 2 || dated_sides.is_some());
        // "What did the leaderboard look like?" of a research problem with one board: the
        // board listed, not an account of its best (several boards keep the account, one
        // best each: a listing would rank results of different boards and metrics together).
        let task_listing = task_boards.len() == 1 && front.board == Some(front::extract::BoardAsk::Every);
        let account = paper_order || record_account || chronology || newest || newer || common || rerun || agree || sources || papers_past || undated || (!is_claim && (trust::standing::asks_account(q) || trust::margins::asks_account(q) || (!task_boards.is_empty() && !task_listing)));
        let history = if (is_claim && verdict::needs_history(q)) || record_account {
            // "held the record from 2013 until 2015": the "until" is the claim's, not an anchor.
            // Nor is the time before a model's result: the record's history runs to now.
            let anchor = as_of.as_ref().filter(|_| !trust::record::names_a_span(q) && !before_holder);
            trust::history(&self.trust, &evidence, &metas, anchor, &direction)
        } else {
            Vec::new()
        };
        let assessment = trust::weigh(&trust_ctx, &mut evidence, &metas, as_of.as_ref(), &direction, &mut diagnostics);
        clock.lap("trust");

        // Answer: rank, items, and the sources they rest on.
        let mut ranking = rank::rank(&evidence, &front.normalized, &front.keywords, self.max_context_papers);
        let age = front.age.filter(|_| matches!(target, classify::Target::Papers | classify::Target::PaperDetails));
        match age {
            Some(front::anchor::Age::Newest) => ranking.by_recency(&metas),
            Some(front::anchor::Age::Oldest) => ranking.by_age(&metas),
            None => {}
        }
        // "Who wrote the most recent paper about insects?": the paper looked up is the dated one
        // at that end, said to be so among the dated ones only when some found have no year;
        // when none has, none can be named.
        let mut undated_found: Option<(usize, usize)> = None;
        if age.is_some() && target == classify::Target::PaperDetails {
            let found: std::collections::BTreeSet<&str> = ranking.all.iter().chain(&ranking.papers).map(|p| p.iri.as_str()).collect();
            let undated = found.iter().filter(|iri| metas.get(**iri).and_then(|m| m.year).is_none()).count();
            undated_found = Some((undated, found.len()));
            if undated > 0 && undated == found.len() {
                ranking.papers.clear();
                ranking.all.clear();
            }
        }
        // "T papers with code", "T papers that never released code": the papers found, kept
        // by whether one of their contributions records a code link.
        // So is "the mnist paper that has no code": the one of the board's papers without.
        let filters_papers = target == classify::Target::Papers || (target == classify::Target::PaperDetails && front::extract::paper_by_clause(q));
        let papers_coded = filters_papers.then(|| front::extract::code_filter(q)).flatten();
        // How many papers were found before none was left by their code, if none was.
        let mut none_coded_of: Option<usize> = None;
        if let Some(with) = papers_coded.filter(|_| !ranking.all.is_empty()) {
            let found: Vec<String> = ranking.all.iter().map(|p| p.iri.clone()).collect();
            if let Some(coded) = self.graph.papers_with_code(&found, &mut ledger, &mut diagnostics).await {
                ranking.retain(self.max_context_papers, |p| coded.contains(&p.iri) == with);
                none_coded_of = ranking.all.is_empty().then_some(found.len());
            }
        }
        // "Text classification papers that don't use BBCSport": the board's own papers are
        // left out of the topic's.
        let boards_aside: Vec<String> = front.restriction.datasets.iter().flat_map(|d| d.iris.clone()).collect();
        let mut boards_left_out = false;
        if target == classify::Target::Papers && !boards_aside.is_empty() && !ranking.all.is_empty() {
            if let Some(on) = self.graph.papers_on(&boards_aside, &mut ledger, &mut diagnostics).await {
                let before = ranking.all.len();
                ranking.retain(self.max_context_papers, |p| !on.contains(&p.iri));
                boards_left_out = ranking.all.len() < before;
            }
        }
        ranking.diagnose(&mut diagnostics);
        let verdict = if is_claim || account {
            let set_aside = assessment.set_aside.iter().map(|r| (r.clone(), r.paper.as_ref().and_then(|p| metas.get(p)).and_then(|m| m.year))).collect();
            let side = |h: &crate::index::Hit| trust::PaperRef { iri: h.iri.clone(), title: h.label.clone(), year: metas.get(&h.iri).and_then(|m| m.year) };
            let dated_sides = dated_sides.as_ref().map(|(a, b)| (side(a), side(b)));
            let known = trust::relations::Known { history, set_aside, dated_sides, ..ranking.known(&evidence, &metas) };
            if is_claim {
                let entities = claim_entities(q, &claim, &scoped);
                // "The replication found the same F1 for X as X's own paper": two papers' values.
                // "Do the papers agree on X's F1 on D?": every paper's value.
                // "Is the newest result on D also the best?": the newest against the best now.
                Some(
                    trust::rerun::agreement(&claim, &entities, &evidence, &metas)
                        .or_else(|| trust::rerun::papers_agree(q, &entities, &evidence, &metas))
                        // "Only one paper puts X at 86 on D": the papers stating it, counted.
                        .or_else(|| trust::rerun::papers_count(&claim, &entities, &evidence, &metas))
                        // "Every paper with a D result has a DOI": each one's DOIs.
                        .or_else(|| trust::rerun::every_has_doi(&claim, &entities, &evidence, &metas))
                        .or_else(|| trust::chronology::newest_is_best(q, &entities, &evidence, &assessment.facts, &metas, &direction))
                        // "X is the state of the art for T": X must lead each of T's boards.
                        .or_else(|| {
                            let x = entities.methods.iter().find(|m| m.is_linked()).filter(|_| !task_boards.is_empty() && classify::claim_about(q) != Some(classify::ClaimAbout::Beaten) && classify::asks_task_state(&claim))?;
                            trust::standing::best_across(x, &entities, &assessment.facts, &direction)
                        })
                        .unwrap_or_else(|| verdict::judge(&claim, &entities, &assessment.facts, &known, &direction)),
                )
            } else {
                // Where a model stands now ("what rank does X have on D?"), or the record over time.
                paper_order
                    .then(|| {
                        let linked = front::normalize::Normalized { methods: front.normalized.methods.iter().filter(|m| m.is_linked()).cloned().collect(), ..front.normalized.clone() };
                        verdict::paper_order(classify::asks_later_paper(q), &linked, &assessment.facts, &known)
                    })
                    .flatten()
                    .or_else(|| chronology.then(|| trust::chronology::account(q, &front.normalized, &evidence, &metas, bound.as_ref(), &direction)).flatten())
                    .or_else(|| newer.then(|| trust::chronology::newer(q, &front.normalized, &evidence, &metas, &direction)).flatten())
                    .or_else(|| newest.then(|| trust::chronology::newest(&front.normalized, &evidence, &metas, &direction)).flatten())
                    .or_else(|| common.then(|| trust::common::account(q, &front.normalized, &evidence)).flatten())
                    .or_else(|| agree.then(|| trust::rerun::agreement(q, &front.normalized, &evidence, &metas)).flatten().map(|v| {
                        // "... agree, don't they? And what F1 should I quote?": the check is answered.
                        if classify::asks_confirmation(q) { v } else { trust::verdict::Verdict::dated(v.reason, [v.supporting, v.contradicting].concat()) }
                    }))
                    .or_else(|| bound.as_ref().filter(|_| papers_past).and_then(|b| trust::chronology::papers_past(q, &front.normalized, &evidence, &metas, b)))
                    .or_else(|| sources.then(|| trust::rerun::sources(q, &front.normalized, &evidence, &metas, &assessment.facts, &direction)).flatten())
                    .or_else(|| {
                        let order: Vec<&str> = ranking.papers.iter().map(|r| r.iri.as_str()).collect();
                        undated.then(|| trust::rerun::undated(&order, &evidence, &metas)).flatten()
                    })
                    .or_else(|| {
                        // The lookup's papers, best ranked first.
                        let mut order: Vec<&str> = ranking.papers.iter().map(|r| r.iri.as_str()).filter(|iri| looked.iter().any(|l| l == iri)).collect();
                        order.extend(looked.iter().map(String::as_str).filter(|l| !order.contains(l)).collect::<Vec<_>>());
                        rerun.then(|| trust::rerun::account(&order, &front.normalized, &evidence, &metas)).flatten()
                    })
                    // A named model's results on a research problem's boards.
                    .or_else(|| (model_on_task && !task_boards.is_empty()).then(|| trust::rerun::results_on(&scoped, &evidence, &metas)).flatten())
                    .or_else(|| {
                        trust::record::account(q, &scoped, &known, &assessment.facts, &direction).map(|v| trust::verdict::Verdict { supporting: trust::standing_only(v.supporting, &evidence.removed), ..v })
                    })
                    .or_else(|| trust::margins::account(q, &scoped, &assessment.facts, &direction))
                    .or_else(|| trust::standing::disagreement(q, &front.normalized, &assessment.facts, &assessment.conflicts))
                    .or_else(|| trust::standing::quote(q, &front.normalized, &assessment.facts, &assessment.conflicts))
                    // "How many papers report results on D?" where the graph holds results on D
                    // without their values (the mirror keeps one per board and metric): every
                    // paper with a result there counts, which the listing of the board's papers
                    // says; the account counts only the values held (a "-" states none).
                    .or_else(|| {
                        let unheld = trust::standing::counts_papers(q)
                            && evidence.results.iter().any(|r| r.value.is_none() && front.normalized.datasets.iter().any(|d| d.iris.contains(&r.dataset.iri)));
                        (!unheld).then(|| trust::standing::account(q, &front.normalized, &assessment.facts, &direction)).flatten()
                    })
                    // A research problem's state of the art: each of its boards' best.
                    .or_else(|| (!task_boards.is_empty()).then(|| trust::standing::state_of(&scoped, &assessment.facts, &direction, front.top_k.filter(|k| *k < front::extract::EVERY).unwrap_or(1))).flatten())
            }
        } else {
            None
        };
        // "Since X leads D, what is its paper's DOI?": the premise's verdict is said as an
        // account of it (a question gets no verdict), so a false premise is corrected first.
        let premised = is_claim && classify::best_premise(q).is_some();
        let asked_paper = premised.then(|| paper_asked(q, &front.normalized, &evidence, &metas)).flatten();
        // A refuted premise's model is no answer: its paper is, when the question asks for it.
        let premise_paper = asked_paper.as_ref().filter(|_| verdict.as_ref().is_some_and(|v| v.verdict == trust::verdict::Label::Refuted)).map(|(_, model, paper)| (model.clone(), paper.clone()));
        let verdict = verdict.map(|v| if is_claim { trust::anchor_straddled(trust::anchor_said(v, &assessment, &metas, as_of.as_ref()), &metas, as_of.as_ref()) } else { v });
        let verdict = verdict.map(|v| if premised { premise_account(v, asked_paper.map(|(said, _, _)| said), &evidence.removed) } else { v });
        // A claim about the board as it stood ("X took the record from Y, which had 21.5 at
        // the time") rests on values today's board sets aside: those its verdict cites are
        // not reported as removed, since the answer holds them valid for their time.
        let mut assessment = assessment;
        if let Some(v) = verdict.as_ref().filter(|_| is_claim && trust::record::asks(&claim)) {
            let cited: Vec<&str> = v.supporting.iter().chain(&v.contradicting).map(|f| f.statement.as_str()).collect();
            assessment.removals.retain(|r| !cited.contains(&r.fact.as_str()));
        }
        // "which system has the lowest BLEU": the lowest, though BLEU counts higher as better.
        let extreme = (front.classification.query_type != classify::QueryType::ClaimVerification).then(|| classify::extreme(q)).flatten();
        let asked = |metric: &str| extreme.map_or_else(|| self.direction(metric), |e| e.direction(self.direction(metric)));
        // "Which system is lowest now that X's result is the newest?": X is context, the
        // question asks for the board's best.
        // So is a model named only to date the board ("before the Plumaro paper came out, who
        // had the lowest WER?", "who held it before X took it?").
        // "Before X took the record, who held it?" ("before it", X the one model named).
        let dates_by = holder.clone().or_else(|| classify::paper_event(q).map(|(name, _)| name));
        let dates_only = dates_by.is_some_and(|name| front.normalized.methods.iter().all(|m| m.names(&name) || m.text.eq_ignore_ascii_case(&name)));
        let context_model = target == classify::Target::BestModel && front.normalized.methods.len() == 1 && (classify::asks_which_model(q) || dates_only);
        let for_items = match (context_model, task_listing) {
            (true, _) => front::normalize::Normalized { methods: Vec::new(), ..front.normalized.clone() },
            (false, true) => scoped.clone().into_owned(),
            (false, false) => front.normalized.clone(),
        };
        let mut item_ask = items::Asked { top_k: front.top_k, board: front.board, coded: front.coded };
        let mut items = items::for_question(target, verdict.as_ref(), &evidence, &ranking.all, &for_items, item_ask, &asked);
        // "Which models on D have no chrF number?": when every model there has one, the
        // listing of what does is the answer (and the text says so).
        if items.is_empty() && matches!(front.board, Some(front::extract::BoardAsk::Unscored | front::extract::BoardAsk::Unled)) {
            item_ask.board = None;
            items = items::for_question(target, verdict.as_ref(), &evidence, &ranking.all, &for_items, item_ask, &asked);
        }
        let board = item_ask.board;
        // "The best result on each of D1, D2 and D3": each board's own best (values on
        // different boards are not compared), where the boards are named together.
        let boards: Vec<&front::normalize::NormalizedEntity> = for_items.datasets.iter().filter(|d| d.is_linked()).collect();
        let each_board = verdict.is_none() && for_items.methods.is_empty() && matches!(target, classify::Target::BestModel | classify::Target::TopScore) && boards.len() >= 2 && classify::named_together(q, &boards.iter().map(|d| d.text.as_str()).collect::<Vec<_>>());
        if each_board {
            items = boards
                .iter()
                .flat_map(|d| {
                    let one = front::normalize::Normalized { datasets: vec![(*d).clone()], ..for_items.clone() };
                    items::for_question(target, None, &evidence, &ranking.all, &one, item_ask, &asked)
                })
                .collect();
        }
        // "Is X or Y better on D?" where the graph records both on D without a score: they are
        // listed too, after the board's best, with no value.
        if verdict.is_none() && target == classify::Target::BestModel && for_items.methods.len() >= 2 && !items.is_empty() {
            items.extend(items::named_unscored(&items, &evidence, &for_items));
        }
        if items.is_empty() && verdict.is_none() {
            // The templates found nothing: the rows of the LLM's query, if it wrote one that
            // passed validation (the gates still check the answer they make).
            items = items::generated_items(&evidence);
        }
        // "Which datasets were both X and Y evaluated on?": what each reaches, not the union.
        let shared = !is_claim && verdict.is_none() && matches!(target, classify::Target::Datasets | classify::Target::Problems) && front.normalized.methods.iter().filter(|m| m.is_linked()).count() >= 2 && classify::asks_shared(q);
        if shared {
            items = items::shared_by_models(target, items, &evidence, &for_items);
        }
        // "Which DMControl100k tasks was CURL evaluated on?", "which atari games was X run
        // on?": of the model's boards, those of the family named, when any is.
        if !is_claim && target == classify::Target::Datasets && for_items.tasks.is_empty() && for_items.datasets.is_empty() && for_items.methods.iter().any(|m| m.is_linked()) {
            if let Some(family) = front::boards_family(q) {
                let within: Vec<items::AnswerItem> = items.iter().filter(|i| front::in_family(&family, &i.label)).cloned().collect();
                if !within.is_empty() {
                    items = within;
                }
            }
        }
        // "Which papers work on both language modelling and image classification?": the papers
        // found under every problem named, not under either.
        let tasks: Vec<&str> = for_items.tasks.iter().filter(|t| t.is_linked()).map(|t| t.canonical.as_str()).collect();
        if !is_claim && verdict.is_none() && target == classify::Target::Papers && tasks.len() >= 2 && classify::asks_shared(q) {
            items = items::under_every_task(items, &evidence, &tasks);
            // The papers cited and counted are those kept.
            let kept = |p: &rank::Ranked| items.iter().any(|i| i.iri.as_deref() == Some(p.iri.as_str()));
            ranking.papers.retain(kept);
            ranking.all.retain(kept);
        }
        // "Which metrics are used on D besides BLEU": the metric set aside is known.
        if target == classify::Target::Metrics {
            items.retain(|i| !front.restriction.metrics.iter().any(|m| m.names(&i.label)));
        }
        if let Some((model, paper)) = &premise_paper {
            items.retain(|i| i.model.as_deref() != Some(model.as_str()));
            items.push(items::AnswerItem::paper(&paper.iri, &paper.title));
        }
        let disputed = items::disputed(&assessment.conflicts, &items);
        let priority = items::priority(verdict.as_ref(), &disputed);
        // "Which papers re-ran GlacierNet-B on BenchMira?" where the graph holds no model of
        // that name and no paper found has it in its title: its absence is the answer, not
        // the board's other papers.
        let listing = matches!(target, classify::Target::Papers | classify::Target::Models | classify::Target::Datasets | classify::Target::Code);
        let unheld_model = |m: &&front::normalize::NormalizedEntity| {
            let name = m.text.to_lowercase();
            !m.is_linked() && !evidence.papers.values().any(|p| p.title.to_lowercase().contains(&name))
        };
        let no_model = |name: &str| format!("The knowledge graph records no model called {name}, so it holds nothing on this question about it.");
        let absent = (listing && !is_claim && verdict.is_none() && front.normalized.all().any(|e| e.kind != front::lexicon::EntityKind::Method && e.is_linked()))
            .then(|| front.normalized.methods.iter().find(unheld_model))
            .flatten()
            .map(|m| no_model(&m.text))
            // "gpt-4 beats gpt-3 on boolq, right?" where the graph holds no model called
            // gpt-4: the other model's results neither support nor refute a claim about it,
            // and citing them would read as evidence. The claim's subject is the model named
            // first, written as a name.
            .or_else(|| {
                verdict.as_ref().filter(|v| is_claim && v.verdict == trust::verdict::Label::Uncertain)?;
                let lowered = q.to_lowercase();
                let first = front.normalized.methods.iter().filter_map(|m| lowered.find(&m.text.to_lowercase()).map(|at| (at, m))).min_by_key(|(at, _)| *at).map(|(_, m)| m)?;
                Some(first)
                    .filter(|m| front::normalize::written_as_name(&m.text) && unheld_model(m))
                    .map(|m| format!("UNCERTAIN: the knowledge graph records no model called {}, so the claim cannot be checked against it.", m.text))
            })
            // "GPT-3 is in our table. what's the top accuracy on HellaSwag, and is it GPT-3?"
            // where the graph holds no board by that name (nor one it nearly holds, said
            // below): its absence is the answer, not the model's results on other boards. A
            // name written as one, not words the extraction guessed at.
            .or_else(|| {
                let board_asked = matches!(target, classify::Target::BestModel | classify::Target::TopScore | classify::Target::Models | classify::Target::Metrics | classify::Target::Beaten);
                // Only where the answer drifted: a named model's results, each on another board,
                // and no board of the question linked.
                let elsewhere = |name: &str| !items.is_empty() && items.iter().all(|i| i.dataset.as_deref().is_some_and(|l| !l.to_lowercase().contains(&name.to_lowercase())));
                let drifted = front.normalized.methods.iter().any(|m| m.is_linked()) && !front.normalized.datasets.iter().any(|d| d.is_linked() || front::link::is_near_miss(d));
                (board_asked && drifted && !is_claim && verdict.is_none())
                    .then(|| {
                        // As extracted: a name nothing linked may have been dropped as a guess since.
                        let asked = classify::before_asides(classify::from_question_proper(q));
                        front.entities.datasets.iter().find(|t| front::normalize::written_as_name(t) && front::normalize::said_in(asked, t) && elsewhere(t))
                    })
                    .flatten()
                    .map(|t| format!("The knowledge graph records no dataset called {t}, so it holds nothing on this question about it."))
            })
            // "doi for 'Deep Residual Learning for Image Recognition' (the resnet paper)?"
            // where no title found holds the quoted one: another paper on its words or
            // models is not the one asked for.
            .or_else(|| {
                // Unquoted, a title is known by its capitals: "where was Attention Is All You
                // Need published?", "the Attention Is All You Need paper".
                let title = front
                    .lookup
                    .title
                    .as_deref()
                    .or_else(|| front.lookup.named.as_deref().filter(|n| front::normalize::written_as_title(n)))
                    .or_else(|| front.normalized.methods.iter().map(|m| m.text.as_str()).find(|t| front::normalize::written_as_title(t)))
                    .filter(|_| target == classify::Target::PaperDetails && !is_claim && verdict.is_none())
                    // "The baseline 'AWD-LSTM + continuous cache pointer' ...": a model's
                    // name quoted is the model's, not a title.
                    .filter(|t| !front.normalized.all().any(|e| e.is_linked() && e.canonical.eq_ignore_ascii_case(t)))?;
                // As the index reads words: "data to document" is in "Data-to-Document".
                let words = crate::index::terms(title);
                let holds = |t: &str| {
                    let held = crate::index::terms(t);
                    words.iter().filter(|w| held.contains(w)).count() as f32 >= words.len() as f32 * query::LOOKUP_COVERAGE
                };
                (words.len() >= 3 && !evidence.papers.values().any(|p| holds(&p.title))).then(|| format!("The knowledge graph records no paper titled \"{title}\", so it holds nothing on this question about it."))
            });
        // "the newest works on fault detection of wave energy converters": a research problem
        // narrowed by words the graph holds nowhere; its papers are on the wider problem.
        let narrowed = (target == classify::Target::Papers && absent.is_none() && !is_claim && verdict.is_none())
            .then(|| self.graph.index.as_deref().and_then(|index| front::link::narrowed_topic(index, q, &front.normalized)))
            .flatten();
        // "Which papers evaluate Wendrel-L?", "Quillon-XXL reaches 90 F1 on D, right?" where
        // the graph holds Wendrel-S and Quillon-XL: a sibling's facts are not the answer; the
        // graph holds nothing of the variant asked. Not over a claim the graph settles.
        let unheld = (absent.is_none() && narrowed.is_none() && verdict.as_ref().is_none_or(|v| v.verdict == trust::verdict::Label::Uncertain && !v.is_account()))
            // Named in what is asked, not in a scene or an aside ("A labmate insists it's
            // Wendrel-XL" after the question).
            .then(|| self.graph.index.as_deref().and_then(|index| front::link::unheld_sibling(index, classify::before_asides(classify::asked_part(q)), &front.normalized, front.lookup.title.as_deref())))
            .flatten()
            .map(|u| answer::text::unheld(&u, is_claim))
            // "Who got 12.3 on D?" where no result there holds it: that is the answer, not
            // the papers on D.
            .or_else(|| match front.board {
                Some(front::extract::BoardAsk::Holding(given)) if items.is_empty() && verdict.is_none() => front.normalized.datasets.iter().find(|d| d.is_linked()).map(|d| answer::text::unheld_value(given, &d.canonical)),
                _ => None,
            })
            // "what has agent57 been tried on?" where nothing of the question is in the
            // graph and the model is written as a name: that the graph holds no such model
            // is the answer, said as plainly as where something else was linked (above).
            .or_else(|| {
                let alone = listing && !is_claim && verdict.is_none() && items.is_empty() && !front.normalized.all().any(|e| e.is_linked());
                alone
                    .then(|| front.normalized.methods.iter().find(|m| front::normalize::written_as_name(&m.text) && unheld_model(m)))
                    .flatten()
                    .map(|m| no_model(&m.text))
            });
        // "Does ORKG have anything on open link prediction?" where the graph holds that
        // research problem but files no titled paper under it: the problem is the answer;
        // papers found by its words elsewhere ("linked open data") are not on it.
        let unpapered = (target == classify::Target::Papers && front.classification.query_type == classify::QueryType::TopicSearch && !is_claim && verdict.is_none() && absent.is_none() && narrowed.is_none() && unheld.is_none())
            .then(|| front.normalized.tasks.iter().find(|t| t.is_linked() && !evidence.papers.values().any(|p| p.matched.iter().any(|(kind, name)| *kind == front::lexicon::EntityKind::Task && name.eq_ignore_ascii_case(&t.canonical)))))
            .flatten()
            // (Not where the papers were narrowed by a year or set aside: "approaches to
            // summarization before 2002" finds none of its papers in that window.)
            .filter(|_| front.normalized.tasks.len() == 1 && front.normalized.methods.is_empty() && front.normalized.datasets.is_empty() && !front.restriction.restricts() && front.as_of.is_none() && front.age.is_none() && front::anchor::stated_year(q).is_none())
            // (Nor where papers found are titled by the problem's words: "entity linking
            // papers" lists "Entity Linking in Queries" though none is filed under it.)
            .filter(|task| {
                let words = crate::index::terms(&task.canonical);
                !evidence.papers.values().any(|p| {
                    let held = crate::index::terms(&p.title);
                    words.iter().all(|w| held.contains(w))
                })
            });
        if absent.is_some() || narrowed.is_some() || unheld.is_some() || unpapered.is_some() {
            items.clear();
        }
        if let Some(task) = unpapered {
            items.push(items::AnswerItem::new(&task.canonical, task.iris.first().map(String::as_str)));
        }
        // "What is the most recent paper on nitrogen fixation?": the papers of the year at
        // that end, not the list in order. The ones with no year are counted first: the
        // answer says it names the end among the dated ones only.
        let mut one_end: Option<(usize, usize)> = None;
        // (Items that are no paper, "and which models does it evaluate?", are kept.)
        if let Some(age) = age.filter(|_| target == classify::Target::Papers && front::anchor::asks_one_paper(q)) {
            let paper = |i: &items::AnswerItem| i.iri.as_deref().is_some_and(|iri| metas.contains_key(iri));
            let year_of = |i: &items::AnswerItem| i.iri.as_deref().and_then(|iri| metas.get(iri)).and_then(|m| m.year);
            let end = match age {
                front::anchor::Age::Newest => items.iter().filter_map(year_of).max(),
                front::anchor::Age::Oldest => items.iter().filter_map(year_of).min(),
            };
            if let Some(end) = end {
                one_end = Some((items.iter().filter(|i| paper(i) && year_of(i).is_none()).count(), items.iter().filter(|i| paper(i)).count()));
                items.retain(|i| !paper(i) || year_of(i) == Some(end));
                let at_end = |iri: &str| metas.get(iri).and_then(|m| m.year) == Some(end);
                ranking.papers.retain(|p| at_end(&p.iri));
                ranking.all.retain(|p| at_end(&p.iri));
            }
        }
        let cite = !items::nothing_to_cite(verdict.as_ref(), &front.normalized) && absent.is_none() && narrowed.is_none() && unheld.is_none() && unpapered.is_none();
        let chosen = if cite { items::select_sources(&mut items, &priority, &ranking.papers, self.max_context_papers) } else { Vec::new() };
        clock.lap("rank");

        let details = papers::details(&self.graph.details(&chosen, answer::aspects::asks_venue(q), &mut ledger, &mut diagnostics).await);
        // "Code for the paper <title>": the paper looked up by its title, and its own code.
        // So is "the dynamic convolution paper"'s, named by its words.
        if let Some(paper) = chosen.first().filter(|_| target == classify::Target::Code && items.is_empty() && (front.lookup.title.is_some() || classify::names_a_paper(q))) {
            items = answer::aspects::paper_code(paper, details.get(paper));
        }
        // (Two papers put in order are answered by their years, each item its paper.)
        if target == classify::Target::PaperDetails && !paper_order {
            answer::aspects::answer_aspect(q, &chosen, &details, &metas, &mut items);
            // "Which datasets did the X paper evaluate on?": what it reports on each, too.
            let lists_datasets = items.iter().any(|i| i.metric.as_deref() == Some("datasets"));
            if let Some(paper) = chosen.first().filter(|_| lists_datasets && classify::asks_paper_datasets(q)) {
                let reported = evidence::assemble(&self.graph.results_in(&chosen[..1], &mut ledger, &mut diagnostics).await);
                answer::aspects::add_reported(&mut items, paper, &reported);
            }
            // "Which metrics does the X paper report?": those of its results.
            if let Some(paper) = chosen.first().filter(|_| !lists_datasets && answer::aspects::asks_paper_metrics(q)) {
                let reported = evidence::assemble(&self.graph.results_in(&chosen[..1], &mut ledger, &mut diagnostics).await);
                if let Some(metrics) = answer::aspects::paper_metrics(paper, &reported) {
                    items = metrics;
                }
            }
        }
        ledger.diagnose(&mut diagnostics);
        clock.lap("details");

        // Years and DOIs of cited papers come from the first year query; only papers past
        // its cap are read again (that query's failures are not reported twice).
        let missing: Vec<String> = chosen.iter().filter(|iri| !metas.contains_key(*iri)).cloned().collect();
        metas.extend(papers::paper_meta(&self.graph.years(&missing, &mut ledger, &mut Diagnostics::default()).await, year));
        papers::diagnose(&chosen, &metas, &mut diagnostics);
        let validity = |iri: &str, year: Option<i32>| trust::validity(&trust_ctx, &assessment, iri, year);
        let sources = items::sources(&chosen, &details, &evidence, &ranking.papers, &metas, &validity);
        let verdict = items::number_verdict(verdict, &chosen);
        // "Plumaro's the fastest transcriber on D, isn't it?": a claim about what nothing read
        // records (speed) is left open for that reason, not as a claim not understood.
        let unrecorded = answer::aspects::properties_unrecorded(q, &items, &sources);
        let verdict = match (verdict, &unrecorded) {
            (Some(v), Some(what)) if v.relation == "unknown" => Some(trust::verdict::Verdict { relation: "unrecorded".into(), reason: format!("the claim is about {what}, which the knowledge graph records no value of here"), ..v }),
            (v, _) => v,
        };
        let evidence_graph = answer::graph::build(&answer::graph::Inputs { target, evidence: &evidence, assessment: &assessment, items: &items, sources: &sources });
        clock.lap("validate");

        // The text: extractive always, phrased by the LLM when one is configured.
        let nothing_found = items.is_empty() && sources.is_empty();
        let mut disputed = disputed;
        if target == classify::Target::PaperDetails {
            disputed.extend(items::metadata_disputes(&assessment.conflicts, &chosen));
        }
        let draft = answer::text::Draft { target, items: &items, sources: &sources, entities: &for_items, verdict: verdict.as_ref(), disputed: &disputed, all_failed, cut, chosen: &chosen, top_k: front.top_k, board, extreme, coded: front.coded, shared };
        let mut composed = answer::text::compose(&draft);
        if let Some(text) = &absent {
            composed.text.clone_from(text);
        }
        if let Some(text) = &unheld {
            composed.text.clone_from(text);
        }
        if let Some((topic, wider)) = &narrowed {
            composed.text = format!("The knowledge graph records no paper on {topic}: no label or title in it holds those words. The nearest research problem it holds is {wider}.");
        }
        if let Some(task) = unpapered {
            composed.text = format!("The knowledge graph holds the research problem {}, but no paper with a title is filed under it, so it lists none.", task.canonical);
        }
        // So is an empty listing ("where else has the model on top of D been evaluated?"
        // where it was evaluated on D alone): the papers found are no answer to it.
        let listing_emptied = items.is_empty() && matches!(target, classify::Target::Datasets | classify::Target::Problems | classify::Target::Models);
        if let Some(what) = set_aside.as_ref().filter(|_| (nothing_found || listing_emptied) && verdict.is_none()) {
            composed.text = format!("I found nothing in the knowledge graph that answers this question once what it sets aside is left out ({what}), so I cannot cite any paper for it.");
        }
        // "Other than X, which model is best on D?" where the rest of the board was evaluated
        // without a value: that is the answer, not a list of papers.
        let best_asked = matches!(target, classify::Target::BestModel | classify::Target::TopScore);
        if let Some(what) = set_aside.as_ref().filter(|_| best_asked && items.is_empty() && verdict.is_none()) {
            if let Some(text) = answer::text::left_unscored(what, &evidence.results, &sources) {
                composed.text = text;
            }
        }
        match (papers_coded.filter(|_| target == classify::Target::Papers), none_coded_of) {
            // "object detection papers without code" where every paper found has a link.
            (Some(with), Some(n)) => {
                composed.text = if with { format!("None of the {n} papers found records a source code link.") } else { format!("Every one of the {n} papers found records a source code link.") };
                composed.stated.push(n.to_string());
            }
            (Some(with), None) => {
                let kept = if with { "with a source code link recorded" } else { "with no source code link recorded" };
                composed.text = format!("Only the papers {kept} are listed. {}", composed.text);
            }
            (None, _) => {}
        }
        if boards_left_out {
            let boards: Vec<&str> = front.restriction.datasets.iter().map(|d| d.canonical.as_str()).collect();
            composed.text = format!("The papers using {} are left out. {}", boards.join(" or "), composed.text);
        }
        if let Some(note) = sources.first().filter(|_| target == classify::Target::PaperDetails).and_then(|s| answer::aspects::unrecorded(q, s, details.get(&s.iri))) {
            composed.text = format!("{} {note}", composed.text);
        }
        // "Who came up with ResNet?" where no paper found is ResNet's own (none is titled by
        // its name): the paper shown only reports it, and the answer says so first.
        if let Some(source) = sources.first().filter(|_| target == classify::Target::PaperDetails && classify::asks_origin(q)) {
            if let Some(model) = front.normalized.methods.iter().find(|m| m.is_linked()).filter(|m| !sources.iter().any(|s| titled_by(&s.title, m))) {
                // The name as asked when the graph's label is another model's ("ResNet" linked
                // to "BiT-L (ResNet)").
                let plain = |s: &str| s.to_lowercase().replace('-', " ");
                let name = if plain(&model.canonical) == plain(&model.text) { &model.canonical } else { &model.text };
                composed.text = format!("The knowledge graph records no paper that introduces {name} (none found is titled by its name); \"{}\" reports it. {}", source.title, composed.text);
            }
        }
        // "... and what hardware was it trained on?": a property nothing read records is said
        // missing; asked alone ("which model runs fastest?"), the scores are no answer.
        // Not after the subject itself was said missing: nothing was found to lack it.
        if let Some(what) = unrecorded.as_ref().filter(|_| absent.is_none() && unheld.is_none() && verdict.as_ref().is_none_or(|v| v.relation != "unrecorded")) {
            let note = format!("The knowledge graph records no {what} for what this answer found.");
            composed.text = if answer::aspects::asks_only_property(q) && verdict.is_none() { note } else { format!("{} {note}", composed.text) };
        }
        // "How many systems report an F1 on D?" where D records none by F1: the models listed
        // are the board's, by other metrics, and the answer says so first.
        if matches!(target, classify::Target::BestModel | classify::Target::TopScore | classify::Target::Models) {
            // "halverin's bleu on mirelle subtitles": said before the board's other metrics.
            let missing = answer::leaderboard::metrics_missing(&evidence, &front.normalized);
            let on = match target {
                // A model's item names no board; the one named is the one listed.
                classify::Target::Models => items.first().and(front.normalized.datasets.first()).map(|d| d.canonical.clone()),
                _ => items.first().and_then(|i| i.dataset.clone()),
            };
            if let (false, Some(on)) = (missing.is_empty(), on) {
                composed.text = format!("The graph records no result by {} on {on}; it records these by other metrics. {}", missing.join(" or "), composed.text);
            }
        }
        // "On which datasets does X have a WER?" where none of X's results is by it.
        if target == classify::Target::Datasets && items.is_empty() && verdict.is_none() {
            if let Some(said) = answer::leaderboard::metric_nowhere(&evidence, &front.normalized) {
                composed.text = format!("{said} {}", composed.text);
            }
        }
        // "Of X, Y and Z, which have no result on D at all?": the models named that the graph
        // records no score of on the board named, said before the board.
        if front.board == Some(front::extract::BoardAsk::Unscored) && verdict.is_none() {
            if let Some(said) = answer::leaderboard::named_without_score(&evidence, &front.normalized) {
                composed.text = format!("{said} {}", composed.text);
            }
        }
        // The extreme asked for is some item's metric's worst ("the lowest BLEU", "who is
        // last"), not its best.
        let inverted = extreme.is_some_and(|e| items.iter().filter_map(|i| i.metric.as_deref()).any(|m| e.direction(self.direction(m)) != self.direction(m)));
        // "Who is last on CIFAR-10?" (or "the lowest score on SQuAD1.1") where the graph
        // records one score per metric there: that result is the best as much as the other
        // end asked for, and the answer says so.
        if inverted && verdict.is_none() && answer::leaderboard::alone_on_their_metrics(&evidence, &items) {
            let on = items.iter().find_map(|i| i.dataset.clone()).unwrap_or_default();
            let end = classify::Extreme::said(extreme);
            composed.text = format!("The graph records no other score by these metrics on {on} (its other entries carry none), so each result below is the best as well as the {end}. {}", composed.text);
        }
        // "What did Kelvane score on Kelpwatch-Tasmania?": a board the graph nearly holds is
        // named as missing, with the one it resembles, before whatever else was found.
        if let Some(board) = front.normalized.datasets.iter().find(|d| front::link::is_near_miss(d)).filter(|_| verdict.is_none()) {
            let near = board.link.as_ref().map(|l| format!("; the nearest it holds is {}", l.label)).unwrap_or_default();
            composed.text = format!("The knowledge graph records no dataset called {}{near}. {}", board.text, composed.text);
        }
        // "models tested on anli (test) and on winogrande?": the held board's models, and
        // the other board said missing (a model only where no paper found is titled by it).
        if verdict.is_none() && !items.is_empty() {
            for e in front::link::unheld_joined(q, &front.normalized).into_iter().filter(|e| e.kind != front::lexicon::EntityKind::Method || unheld_model(e)) {
                composed.text = format!("{} The knowledge graph records no {} called {}.", composed.text, e.kind.noun(), e.text);
            }
        }
        // "does dokieli support RDF?" answered with the papers on it: no fact here is a yes
        // or no, and the answer says so before listing them.
        if verdict.is_none() && target == classify::Target::Papers && !sources.is_empty() && classify::asks_plain_yes_no(q) {
            composed.text = format!("The knowledge graph records no yes or no to this; the papers it holds on it follow. {}", composed.text);
        }
        // "top 2 on D - and the DOIs of their papers?": the results' papers with what was asked.
        let asked = classify::asked(q);
        // "Which paper reports X's 71.4 on D?": the results stating the value, and their papers.
        let reporting = classify::asks_reporting_paper(q);
        let result_paper = classify::asks_result_paper(q);
        if (asked.year || asked.doi || reporting || classify::asks_which_paper(q) || result_paper) && matches!(target, classify::Target::BestModel | classify::Target::TopScore | classify::Target::Beaten) {
            let stating = answer::text::stating(&items, &classify::given_values(q));
            let of = if reporting && !stating.is_empty() { stating.as_slice() } else { items.as_slice() };
            if let Some(papers) = answer::text::papers_metadata(of, &sources, &metas, asked.year, asked.doi, ("Its paper", "Their papers")) {
                composed.text = format!("{} {papers}", composed.text);
                // Its years are the papers' recorded ones (a second year is not a source's).
                composed.stated.push(papers);
            }
            // "Which paper got 431% on D?", "paper behind the 85.1 on D": the papers are what
            // is asked for, each carrying the result it reports.
            let held = matches!(front.board, Some(front::extract::BoardAsk::Holding(given)) if items.iter().any(|i| items::holds(i, given)));
            let best = front.board.is_none() && front.classification.query_type == classify::QueryType::PaperLookup;
            if (held || best) && result_paper && verdict.is_none() {
                items = items::as_papers(&items, &sources);
                // "who wrote the paper behind the top score on D?": what its record lacks.
                if let Some(note) = sources.first().filter(|_| !(asked.year || asked.doi)).and_then(|s| answer::aspects::unrecorded(q, s, details.get(&s.iri))) {
                    composed.text = format!("{} {note}", composed.text);
                }
            } else if classify::asks_which_paper(q) && verdict.is_none() {
                // "lunar lander best score and which paper": the papers are asked for too, so
                // they are items beside the results they report.
                for paper in items::as_papers(&items, &sources) {
                    let cited = sources.iter().any(|s| paper.iri.as_deref() == Some(s.iri.as_str()));
                    if cited && !items.iter().any(|i| i.iri == paper.iri) {
                        items.push(paper);
                    }
                }
            }
        }
        // "kelp canopy refs since 2020 and their DOIs?": a paper listing with the DOIs asked.
        if asked.doi && target == classify::Target::Papers && verdict.is_none() {
            // The items are the papers themselves: their DOIs, not "their papers".
            if let Some(papers) = answer::text::papers_metadata(&items, &sources, &metas, false, true, ("Its DOI", "Their DOIs")) {
                composed.text = format!("{} {papers}", composed.text);
                composed.stated.push(papers);
            }
        }
        // "The most recent paper on X" where the graph dates none (or only some) of the papers
        // listed: the order cannot say which is newest, or says it among the dated ones only,
        // and the answer says so.
        // A listing counts its items; a lookup, every paper it found.
        let counted_years = match age {
            Some(_) if one_end.is_some() => one_end,
            Some(_) if target == classify::Target::Papers => Some((items.iter().filter(|i| i.iri.as_deref().and_then(|iri| metas.get(iri)).and_then(|m| m.year).is_none()).count(), items.len())),
            Some(_) => undated_found,
            None => None,
        };
        if let Some(untold) = age.zip(counted_years).and_then(|(age, (undated, total))| answer::text::age_untold(age, undated, total)) {
            composed.text = format!("{} {untold}", composed.text);
            composed.stated.push(untold);
        }
        // "How many papers put X at 88.3?": the papers stating each value given, counted.
        let mut counted = false;
        if classify::counts_papers(q) {
            for count in answer::text::paper_counts(&items, &disputed, &chosen, &classify::given_values(q), &sources) {
                composed.text = format!("{} {count}.", composed.text);
                composed.stated.push(count);
                counted = true;
            }
        }
        // "How many models have been evaluated on ImageNet?": the number is an item of its own,
        // first, beside the listing it counts, so that a script reads it without the text.
        if let Some(what) = front::tally::how_many(q).filter(|_| verdict.is_none() && !counted && !nothing_found) {
            let subject = for_items.datasets.iter().chain(&for_items.tasks).chain(&for_items.methods).find(|e| e.is_linked()).map(|e| e.canonical.clone());
            if let Some((item, said)) = answer::items::count_item(what, target, &items, &composed.text, subject.as_deref()) {
                // Said in the sentence that cites what it counts, not in one of its own.
                if let Some(said) = said {
                    let listing = composed.text.trim_end().trim_end_matches('.');
                    composed.text = format!("{listing}; {said}.");
                    composed.stated.push(said);
                }
                items.insert(0, item);
            }
        }
        // An anchor read from the graph is said: the board is shown as it stood then. "Who
        // held it before X?" with no year for X's results cannot be answered, and says so.
        let rest = || continued(&composed.text);
        match (&front.as_of, &as_of, holder.as_deref()) {
            (None, Some(anchor), _) if !nothing_found => {
                let said = format!("As the board stood {},", anchor.phrase);
                composed.text = format!("{said} {}", rest());
                composed.stated.push(said);
            }
            (None, None, Some(name)) if !nothing_found => {
                composed.text = format!("The graph records no year for {name}'s results there, so who held the record before it cannot be told; {}", rest());
            }
            _ => {}
        }
        let untold = match (&window_untold, &anchor_untold) {
            (Some(window), _) => Some(format!("which of it is {window}")),
            (None, Some(phrase)) => Some(format!("what it recorded {phrase}")),
            (None, None) => None,
        };
        if let Some(what) = untold.filter(|_| !nothing_found) {
            let said = format!("The knowledge graph records no year for any paper found here, so {what} cannot be told; what it records, whatever the year:");
            composed.text = format!("{said} {}", continued(&composed.text));
            composed.stated.push(said);
        }
        let (mut text, mut answer_mode) = (composed.text.clone(), AnswerMode::Extractive);
        if !nothing_found && !all_failed && !alternative {
            let request = answer::llm::llm_request(q, &items, &sources);
            if let Some(reply) = self.llm.ask(LlmUse::Answer, &request, &mut diagnostics, exchanges).await {
                if let Some(phrased) = answer::llm::phrase(&reply, sources.len(), verdict.as_ref().filter(|v| !v.is_account()).map(|v| v.verdict), &mut diagnostics) {
                    (text, answer_mode) = (phrased, AnswerMode::Llm);
                }
            }
        }
        clock.lap("generate");

        // Confidence and gates.
        let answered = Answered { entities: &front.normalized, papers: &ranking.papers, items: &items, sources: &sources, facts: &assessment.facts, nothing_found, completed: ledger.completed() };
        let (confidence, evidence_share) = answer::measures::confidence(&trust_ctx, &answered);
        // A best-result answer, unless it gives named models' own results or the extreme
        // asked for is the metric's worst (`inverted`, above) ...
        // ... or compares named models ("which is better, A or B?"): their own results.
        let own = !front.normalized.methods.is_empty()
            && !context_model
            && items.iter().all(|i| i.model.as_deref().is_some_and(|l| front.normalized.methods.iter().any(|m| m.names(l) || m.has_variant(l))));
        // An account of the record over time places each result in its year ("took the lead
        // in 2018"): it presents no past result as the best now.
        let answered_by_account = verdict.as_ref().is_some_and(|v| v.is_account());
        // ... or lists the models past a value ("which never got their WER below 10"): the
        // first of them is no best.
        let past = items::listed_by_value(front.board, &items);
        let best = if matches!(target, classify::Target::BestModel | classify::Target::TopScore) && !inverted && !own && !answered_by_account && !past {
            gates::Best::Yes { superseded: &assessment.superseded_results, ranked: front.top_k.is_some_and(|k| k > 1) }
        } else {
            gates::Best::No
        };
        let gates = gates::check(&text, &items, &sources, &composed.stated, nothing_found || all_failed, evidence_share > 0.0, best);
        let scope = gates::value_given(gates.scope, classify::asks_value(q), &text, &items, verdict.is_some());
        // Result answers speak of every linked model and board the question names.
        let results = matches!(target, classify::Target::BestModel | classify::Target::TopScore | classify::Target::Beaten);
        let named: Vec<Vec<String>> = if results {
            for_items.methods.iter().chain(&front.normalized.datasets).filter(|e| e.is_linked()).map(|e| vec![e.canonical.clone(), e.text.clone()]).collect()
        } else {
            Vec::new()
        };
        // An account of where a model stands names its boards itself ("on which datasets does
        // A beat B?" names none).
        let scope = gates::all_named(scope, &named, &text, &items, target == classify::Target::Beaten && front.normalized.datasets.is_empty() && !answered_by_account);
        let scope = gates::claim_understood(scope, verdict.as_ref().map(|v| v.relation.as_str()));
        // With nothing found, a name the question uses that the graph holds: one nothing
        // linked, or, for a question asking for papers whose every name linked, a topic or
        // name it writes as the graph's label does (its papers exist). A name that did not
        // link may be what the graph lacks ("quantum machine learning for drug discovery").
        let asks_papers = matches!(target, classify::Target::Papers | classify::Target::PaperDetails) && front.normalized.all().all(|e| e.is_linked());
        // Nothing left once what the question sets aside is left out is said so: shown.
        let held = if nothing_found && absent.is_none() && narrowed.is_none() && unheld.is_none() && unpapered.is_none() && set_aside.is_none() {
            let linked = front.normalized.all().find(|e| asks_papers && front::link::named_verbatim(e)).map(|e| e.canonical.clone());
            linked
                // A model named only to date a wish ("since the X paper") is not what was asked.
                .or_else(|| self.graph.index.as_deref().and_then(|index| front::link::unrecognised(index, naming_part(&classify::without_since_paper(q), &front.normalized), &front.normalized)))
                .or_else(|| (front.classification.query_type == classify::QueryType::PaperLookup).then(|| self.graph.named_titles(&front.lookup).into_iter().next().map(|h| h.label)).flatten())
        } else {
            None
        };
        let scope = gates::absence_shown(scope, nothing_found, held.as_deref());
        let mut scope = gates::claim_matched(scope, verdict.as_ref().filter(|v| !v.is_account()).and(classify::claim_about(q)), verdict.as_ref().map(|v| v.relation.as_str()));
        // A verdict speaks of the boards the claim names ("varnholt's orrenby bleu"), not of
        // another both models were run on.
        if verdict.as_ref().is_some_and(|v| v.about_scores()) {
            let boards: Vec<Vec<String>> = front.normalized.datasets.iter().filter(|e| e.is_linked()).map(|e| vec![e.canonical.clone(), e.text.clone()]).collect();
            scope = gates::all_named(scope, &boards, &text, &items, false);
        }
        // "... and so does Y's 86.0 - are both of those true?": the verdict speaks of each.
        if verdict.is_some() && classify::asks_both(q) {
            let models: Vec<Vec<String>> = front.normalized.methods.iter().filter(|e| e.is_linked()).map(|e| vec![e.canonical.clone(), e.text.clone()]).collect();
            scope = gates::all_named(scope, &models, &text, &items, false);
        }
        let scope = gates::time_placed(scope, match &event {
            trust::EventTime::Unplaced(why) => Some(why.as_str()),
            trust::EventTime::None | trust::EventTime::Placed(_) => None,
        });
        let decided = verdict.is_some() || target == classify::Target::Beaten;
        let scope = gates::confirmation_decided(scope, classify::asks_confirmation(q), decided || nothing_found);
        let scope = gates::parts_given(scope, &asked, &text, &items, &sources, decided, target == classify::Target::Datasets);
        // A value given with a paper's metadata asked for identifies the paper ("its DOI? I'm
        // citing its 86.0 F1"); the metadata is the answer.
        // A value in an aside after the question ("I think I also saw 55.2 somewhere") is
        // not asked about.
        let given = if target == classify::Target::PaperDetails { Vec::new() } else { classify::given_values(classify::before_asides(q)) };
        let scope = gates::values_spoken(scope, &given, &text, decided);
        let scope = gates::count_given(scope, classify::counts_papers(q) && !nothing_found, counted);
        let scope = gates::holder_shown(scope, holder.as_deref(), &text, &items);
        let about_results = matches!(target, classify::Target::Models | classify::Target::BestModel | classify::Target::TopScore | classify::Target::Beaten | classify::Target::Verdict);
        // A named model resolves it; so does the best a question asks for first ("who's top
        // on D, and what year is that paper?"), which the answer gives.
        let resolved = front.normalized.methods.iter().any(|m| m.is_linked())
            || (matches!(target, classify::Target::BestModel | classify::Target::TopScore) && !items.is_empty() && classify::refers_to_the_best(classify::unquoted(q).as_ref()));
        let scope = gates::referent_resolved(scope, about_results && classify::unnamed_referent(classify::asked_part(q)), resolved, nothing_found);
        let scope = gates::restriction_read(scope, front.restriction.unread.as_deref());
        let bar = front::extract::threshold(&classify::unquoted(q)).map(|t| t.value);
        let scope = gates::bar_applied(scope, bar, trust::qualifiers::top_n(q).is_some(), &text, decided, nothing_found);
        let scope = gates::subject_unheld(scope, unheld.as_deref());
        let gates = gates::Gates { scope, ..gates }.switched(&self.checks);
        let confidence = trust::confidence::after_gates(confidence, &gates.failed_names());

        Attempt { ledger, kg_results_count, answer: text, answer_mode, items, sources, verdict, assessment, confidence, gates, evidence_graph, diagnostics, as_of }
    }
}

/// The predicates and classes a generated query may name, from the graph; `None` (logged)
/// when they cannot be read: the LLM then writes no query.
async fn read_schema(templates: &Templates, kg: &dyn KnowledgeGraph) -> Option<Arc<query::generated::Schema>> {
    use query::templates::Arg;
    let read = |name: &'static str, var: &'static str| async move {
        let query = templates.fill(name, &[("limit", Arg::Limit(SCHEMA_ENTRIES))]).ok()?;
        let rows = kg.query(&query).await.map_err(|e| tracing::warn!(error = %e, "could not read the schema for text-to-SPARQL")).ok()?.into_solutions();
        Some(rows.rows.iter().filter_map(|r| Some((query::retrieve::text(r, var)?, query::retrieve::text(r, "label").unwrap_or_default()))).collect::<Vec<_>>())
    };
    let predicates = read("schema_predicates", "predicate").await?;
    let classes = read("schema_classes", "class").await?;
    tracing::info!(predicates = predicates.len(), classes = classes.len(), "schema read for text-to-SPARQL");
    Some(Arc::new(query::generated::Schema::new(predicates, classes)))
}

/// The prompt's examples from SciQA's `questions.json`, when one is configured and readable.
/// An answer's text continued after words put before it: "The best ..." becomes "the best
/// ...", "On D, ..." becomes "on D, ...".
fn continued(text: &str) -> String {
    text.strip_prefix("The ").map(|r| format!("the {r}")).or_else(|| text.strip_prefix("On ").map(|r| format!("on {r}"))).unwrap_or_else(|| text.to_owned())
}

fn read_examples(path: Option<&std::path::Path>) -> Vec<query::generated::Example> {
    let Some(path) = path else { return Vec::new() };
    match std::fs::read_to_string(path) {
        Ok(text) => query::generated::sciqa_examples(&text, SPARQL_EXAMPLES),
        Err(e) => {
            tracing::warn!(error = %e, path = %path.display(), "could not read SCIGRAPH_SPARQL_EXAMPLES; the prompt has no examples");
            Vec::new()
        }
    }
}

/// A comparison sentence with its `{rows:i,j}` marks turned into the sources' `[n]`.
fn comparison_citations(sentence: &str, cite: &dyn Fn(&[usize]) -> Vec<usize>) -> String {
    static MARK: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| crate::pipeline::pattern::Regex::new(r"\s*\{rows:([0-9,]*)\}").expect("row mark pattern"));
    MARK.replace_all(sentence, |c: &regex::Captures<'_>| {
        let rows: Vec<usize> = c[1].split(',').filter_map(|r| r.parse().ok()).collect();
        let cited: String = cite(&rows).iter().map(|n| format!("[{n}]")).collect();
        if cited.is_empty() { String::new() } else { format!(" {cited}") }
    })
    .into_owned()
}

/// The evidence graph of a comparison answer: each cited row's paper, its contribution, and
/// the cells read, joined by the property.
fn comparison_graph(table: &crate::comparisons::Table, outcome: &comparison::Outcome, number_of: &BTreeMap<usize, usize>, sources: &[items::Source]) -> answer::graph::EvidenceGraph {
    use answer::graph::{Edge, EvidenceGraph, Node, NodeKind, Status, MAX_NODES};
    let mut graph = EvidenceGraph::default();
    let mut seen = std::collections::BTreeSet::new();
    let mut add = |graph: &mut EvidenceGraph, node: Node| {
        if graph.nodes.len() >= MAX_NODES {
            graph.truncated = true;
            return false;
        }
        if seen.insert(node.id.clone()) {
            graph.nodes.push(node);
        }
        true
    };
    for (r, predicate) in &outcome.cells {
        let row = &table.rows[*r];
        let Some(column) = table.columns.iter().position(|c| &c.predicate == predicate) else { continue };
        if !number_of.contains_key(r) {
            continue;
        }
        let Some(paper) = row.paper.as_ref() else { continue };
        let title = sources.iter().find(|s| &s.iri == paper).map_or(row.title.clone(), |s| s.title.clone());
        let mut nodes = vec![
            Node { id: paper.clone(), kind: NodeKind::Paper, label: title, iri: Some(paper.clone()), status: Status::Used },
            Node { id: row.contribution.clone(), kind: NodeKind::Contribution, label: table.name(*r), iri: Some(row.contribution.clone()), status: Status::Used },
        ];
        let mut edges = vec![Edge { source: paper.clone(), target: row.contribution.clone(), predicate: "P31".into(), status: Status::Used }];
        for cell in row.cells.get(&column).into_iter().flatten() {
            let id = cell.iri.clone().unwrap_or_else(|| format!("{}#{}#{}", row.contribution, predicate, cell.text));
            nodes.push(Node { id: id.clone(), kind: NodeKind::Value, label: cell.text.clone(), iri: cell.iri.clone(), status: Status::Used });
            edges.push(Edge { source: row.contribution.clone(), target: id, predicate: table.columns[column].label.clone(), status: Status::Used });
        }
        if !nodes.into_iter().all(|n| add(&mut graph, n)) {
            break;
        }
        for edge in edges {
            if !graph.edges.iter().any(|e| e.source == edge.source && e.target == edge.target && e.predicate == edge.predicate) {
                graph.edges.push(edge);
            }
        }
    }
    graph.edges.retain(|e| seen.contains(&e.source) && seen.contains(&e.target));
    graph
}

/// The name one side of a comparison ("A has more models than B") is: the closest of those
/// it contains or is part of, so that "CIFAR-100" is its own, not "CIFAR-10" within it.
fn side_named<'e>(entities: &[&'e front::normalize::NormalizedEntity], side: &str) -> Option<&'e front::normalize::NormalizedEntity> {
    let words = side.to_lowercase();
    entities
        .iter()
        .filter(|e| words.contains(&e.text.to_lowercase()) || e.text.to_lowercase().contains(&words))
        .max_by_key(|e| (e.text.to_lowercase() == words, e.text.len().min(words.len())))
        .copied()
}

#[cfg(test)]
mod architecture {
    //! The stage folders only look back: a file in one may use the folders before it and
    //! the shared modules, never a later folder or the orchestrator.

    use std::path::Path;

    const STAGES: [&str; 5] = ["front", "query", "evidence", "trust", "answer"];
    const SHARED: [&str; 4] = ["diagnostics", "stage_llm", "json", "pattern"];

    /// The pipeline modules a source file names (`crate::pipeline::X`, `super::super::X`).
    fn used_modules(text: &str) -> Vec<String> {
        let mut used = Vec::new();
        for prefix in ["crate::pipeline::", "super::super::"] {
            for (i, _) in text.match_indices(prefix) {
                let rest = &text[i + prefix.len()..];
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                used.push(name);
            }
        }
        used
    }

    fn violations(stage: usize, text: &str) -> Vec<String> {
        used_modules(text)
            .into_iter()
            .filter(|m| !SHARED.contains(&m.as_str()))
            .filter(|m| STAGES.iter().position(|s| s == m).is_none_or(|used| used > stage))
            .collect()
    }

    #[test]
    fn each_stage_folder_uses_only_the_folders_before_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pipeline");
        let mut found = Vec::new();
        let mut files = 0;
        for (i, stage) in STAGES.iter().enumerate() {
            for entry in std::fs::read_dir(root.join(stage)).expect("stage folder") {
                let path = entry.expect("entry").path();
                let text = std::fs::read_to_string(&path).expect("source file");
                files += 1;
                found.extend(violations(i, &text).into_iter().map(|m| format!("{} uses {m}", path.display())));
            }
        }
        assert!(files >= 20, "the stage folders hold the pipeline's files ({files} found)");
        assert!(found.is_empty(), "later stages used by earlier ones:\n{}", found.join("\n"));
    }

    #[test]
    fn the_check_catches_a_use_of_a_later_stage_or_the_orchestrator() {
        assert_eq!(violations(0, "use crate::pipeline::trust::Fact;"), vec!["trust"]);
        assert_eq!(violations(1, "use crate::pipeline::Pipeline;"), vec!["Pipeline"]);
        assert!(violations(3, "use crate::pipeline::front::lexicon::Direction; use crate::pipeline::diagnostics::Code;").is_empty());
        assert_eq!(violations(2, "let x = super::super::answer::items::f();"), vec!["answer"]);
    }
}

#[cfg(test)]
mod reading {
    use super::*;
    use front::lexicon::EntityKind;
    use front::normalize::{Normalized, NormalizedEntity};

    fn models(names: &[&str]) -> Normalized {
        let model = |n: &&str| NormalizedEntity { kind: EntityKind::Method, text: (*n).into(), canonical: (*n).into(), aliases: vec![], iris: vec![], direction: None, link: None };
        Normalized { methods: names.iter().map(model).collect(), ..Default::default() }
    }

    #[test]
    fn each_side_of_a_count_comparison_is_its_closest_name() {
        let named = models(&["CIFAR-10", "CIFAR-100"]);
        let entities: Vec<&NormalizedEntity> = named.methods.iter().collect();
        assert_eq!(side_named(&entities, "CIFAR-100").map(|e| e.text.as_str()), Some("CIFAR-100"), "not the name within it");
        assert_eq!(side_named(&entities, "does CIFAR-10").map(|e| e.text.as_str()), Some("CIFAR-10"));
        assert_eq!(side_named(&entities, "SVHN"), None);
    }

    #[test]
    fn a_paper_titled_by_a_models_name_or_label_is_its_own() {
        let written = NormalizedEntity { text: "undertow gnn".into(), canonical: "Undertow-GNN".into(), ..models(&["x"]).methods[0].clone() };
        assert!(titled_by("Undertow-GNN: Relational Modelling of Tidal Arrays", &written));
        assert!(!titled_by("A Replication of Tidal Turbine Fault Detectors", &written));
        assert!(!titled_by("Big Transfer (BiT): General Visual Representation Learning", &models(&["ResNet"]).methods[0]));
        assert!(classify::asks_origin("who came up with undertow gnn?") && classify::asks_origin("which paper introduced LUKE?"));
        assert!(!classify::asks_origin("who wrote the LUKE paper?"), "its authors, not its origin");
        assert!(classify::asks_origin("when did the paper that proposed ResNet come out?") && classify::asks_origin("the doi of the paper where LUKE was introduced"), "the origin as a description");
    }

    #[test]
    fn a_claim_is_read_from_the_question_proper_when_it_states_one_and_from_the_whole_when_it_points_back() {
        let q = "We re-ran Marrowfen and got 78.1 F1. Is the published 78.4 for Marrowfen reported by more than one paper?";
        assert_eq!(claim_text(q, &models(&["Marrowfen"])), "Is the published 78.4 for Marrowfen reported by more than one paper?");
        let q = r#"My draft says "Murrelet-MT still held the best BLEU on D." Was that true at the time?"#;
        assert_eq!(claim_text(q, &models(&["Murrelet-MT"])), q);
    }

    #[test]
    fn a_name_only_in_the_scene_is_not_what_the_question_names() {
        let q = "Marrowfen's features transferred well to kelp mapping. Selkora gets over 40 mean IoU on D, doesn't it?";
        assert_eq!(naming_part(q, &models(&["Marrowfen", "Selkora"])), "Selkora gets over 40 mean IoU on D, doesn't it?");
        let q = "my notes say gannetron = 21.5 bleu on orrenby. still the right figure?";
        assert_eq!(naming_part(q, &models(&["gannetron"])), q, "the question proper names nothing: the whole is read");
    }
}
