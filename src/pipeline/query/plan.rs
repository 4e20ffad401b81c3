//! Which strategies answer this question: from the classification, the linked entities and
//! the lookup keys to a list of filled queries. Each entity anchors its own strategies (so
//! every row knows which entity it matched), leaderboards and code links serve the targets
//! that need them, and every entity strategy carries the title-keyword search as its
//! timeout fallback. Pure: building queries does no I/O.

use crate::boards::{Boards, MAIN_METRICS};
use super::templates::{Anchor, Arg, BuildError, Templates};
use crate::pipeline::front::classify::{Classification, QueryType, Target};
use crate::pipeline::front::extract::LookupKeys;
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};
use crate::kg::ReadQuery;
use crate::precomputed::Keyed;

/// Row limits per kind of strategy: generous for leaderboards (one row per evaluation),
/// tighter for paper lists that are ranked and cut anyway.
const PAPER_ROWS: u32 = 300;
const RESULT_ROWS: u32 = 5000;
/// Listings (a model's results, code links, a problem's datasets or models) are cut here,
/// and the answer says so: each row costs about a millisecond on an on-disk store, and the
/// answer names fifteen.
const LISTING_ROWS: u32 = 500;
/// Metadata of the papers found (years, details, entities): bounded by what was found.
const METADATA_ROWS: u32 = 2000;

/// The listings anchored on one entity: template, its anchor parameter, the kind of entity
/// (as `heads.rq` names it)
/// and the row limit planned here: for the graph's most used entities, `scigraph load`
/// precomputes their rows beside a store (`crate::precomputed`), and a strategy anchored
/// on one such entity is answered from them.
pub const LISTINGS: &[(&str, &str, &str, u32)] = &[
    ("papers_by_method", "method", "model", PAPER_ROWS),
    ("papers_by_dataset", "dataset", "dataset", PAPER_ROWS),
    ("papers_by_task", "task", "task", PAPER_ROWS),
    ("papers_by_field", "field", "field", PAPER_ROWS),
    ("leaderboard", "dataset", "dataset", RESULT_ROWS),
    ("model_results", "model", "model", LISTING_ROWS),
    ("code_links", "model", "model", LISTING_ROWS),
    ("code_by_dataset", "dataset", "dataset", LISTING_ROWS),
    ("datasets_by_task", "task", "task", LISTING_ROWS),
    ("datasets_by_metric", "metric", "metric", LISTING_ROWS),
    ("tasks_by_model", "model", "model", LISTING_ROWS),
    ("problems_by_field", "field", "field", LISTING_ROWS),
    ("models_by_task", "task", "task", LISTING_ROWS),
];

/// A query the plan wants run, with what it is for.
#[derive(Debug, Clone)]
pub struct Strategy {
    pub name: String,
    pub query: ReadQuery,
    /// What to run instead if this one times out.
    pub fallback: Option<Box<Strategy>>,
    /// Which planned purpose the rows serve (set by the planner, read by assembly).
    pub role: Role,
    /// The question entity the query is anchored on: every row matched it.
    pub anchor: Option<(EntityKind, String)>,
    /// The keyed template and keys it was filled from, when its only anchor is a list of
    /// papers or evaluations: rows precomputed beside a store can answer it.
    pub keyed: Option<Keyed>,
}

/// What a strategy's rows are for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// Papers matching the strategy's anchor entity.
    Papers,
    /// Papers whose title holds question keywords.
    TitleKeywords(Vec<String>),
    /// A specific paper (lookup by DOI or title).
    Lookup,
    /// Leaderboard rows (results with model, metric, value, paper); from a large board's
    /// summary (its best and worst results per metric, not all of them) when `summary`.
    Results { summary: bool },
    /// Source-code links of a model's contributions.
    Code,
    /// Datasets of a research problem.
    DatasetsOfTask,
    /// Research problems of a field, or of a model's contributions.
    ProblemsOfField,
    /// Models of a research problem's contributions.
    ModelsOfTask,
    /// Metadata of the ranked papers.
    Details,
    /// Methods, datasets, problems and code of the ranked papers.
    PaperEntities,
    /// Venues of the ranked papers, when the question asks for one.
    Venues,
    /// Years and DOIs of every paper found.
    Years,
    /// The cells of a comparison table (`pipeline::comparison` reads them, not assembly).
    Comparison,
    /// Counts per dataset, model or research problem (`pipeline::answer::tally` reads them).
    Tally,
    /// The rows of a query the LLM wrote (validated): any shape, read as answer items when
    /// the templates found none.
    Generated,
}

fn anchor(entity: &NormalizedEntity, prefer_labels: bool) -> Arg {
    if prefer_labels {
        // The retry's alternative: the entity's own words only; aliases would widen a
        // precise question ("enwiki8") to neighbours ("enwik8").
        let mut terms = vec![entity.text.clone()];
        if !entity.canonical.eq_ignore_ascii_case(&entity.text) {
            terms.push(entity.canonical.clone());
        }
        Arg::Anchor(Anchor::Labels(terms))
    } else if entity.is_linked() {
        Arg::Anchor(Anchor::Iris(entity.iris.clone()))
    } else {
        Arg::Anchor(Anchor::Labels(entity.filter_terms()))
    }
}

/// Everything the planner reads.
pub struct PlanInput<'a> {
    pub classification: Classification,
    pub entities: &'a Normalized,
    pub keywords: &'a [String],
    pub lookup: &'a LookupKeys,
    /// The alternative plan of a retry: label filters instead of linked IRIs (without a
    /// text index only), and the title-keyword search always.
    pub prefer_labels: bool,
    /// A text index answers the title search: no title scan is planned (the words are
    /// still the fallback of a strategy that times out).
    pub indexed: bool,
    /// The text index holds the graph's entity labels (not only titles): a name it could
    /// not link is in no label, and no label filter is planned for it.
    pub names_indexed: bool,
    /// Summaries of the largest leaderboards: their best results are read by IRI.
    pub boards: Option<&'a Boards>,
    /// How many of the best the question asks for ("top 3"), if it does.
    pub top_k: Option<usize>,
    /// "Which models on D have (no) code?": for those without, whether a model has any link
    /// is read, not its links.
    pub coded: Option<bool>,
}

/// The results read from each end of a summarised board's metric for a best, a top score
/// or a verdict: the best, and a few behind it for ties and disagreements.
pub const BEST_PER_END: usize = 3;

/// Plans the strategies of a question: papers for every entity, what the target needs
/// beyond papers, lookups by DOI or title, and the title-keyword search.
pub fn plan(templates: &Templates, input: &PlanInput<'_>) -> Result<Vec<Strategy>, BuildError> {
    let planner = Planner { templates, input };
    let mut strategies = planner.papers()?;
    strategies.extend(planner.for_target()?);
    strategies.extend(planner.lookups()?);
    // Title keywords: the fallback when nothing else anchors the question, and always for
    // topics and lookups, where titles carry most of the meaning.
    if let Some(words) = title_words(input, anchored(input, &strategies)) {
        if !input.indexed {
            strategies.extend(planner.title_search(words)?);
        }
    }
    Ok(strategies)
}

/// The words of the title search, when the question wants one: when nothing else anchors
/// it, on a retry, and always for topics and lookups (titles carry most of their meaning).
/// Whether the question names something: a strategy anchors on it, or it names what the
/// text index could not link, which is left unqueried (`Planner::per_entity`). Such a
/// question is about that name, not about its other words: "which papers use word2vec
/// embeddings" is not answered with titles that say "embeddings".
pub fn anchored(input: &PlanInput<'_>, strategies: &[Strategy]) -> bool {
    !strategies.is_empty() || (input.names_indexed && input.entities.all().any(|e| !e.is_linked()))
}

pub fn title_words(input: &PlanInput<'_>, anchored: bool) -> Option<Vec<String>> {
    // A claim about no leaderboard is about a paper ("the OAG-BERT paper came out in 2021"):
    // its title is searched like a lookup's.
    let about_a_paper = input.classification.query_type == QueryType::ClaimVerification && input.entities.datasets.is_empty() && input.entities.metrics.is_empty();
    let topical = matches!(input.classification.query_type, QueryType::TopicSearch | QueryType::PaperLookup) || about_a_paper;
    if !(!anchored || input.prefer_labels || (topical && input.lookup.doi.is_none() && input.lookup.title.is_none())) {
        return None;
    }
    let mut words = input.keywords.to_vec();
    if input.classification.query_type == QueryType::PaperLookup {
        // "the BERT paper": the method names a title.
        words.extend(input.entities.methods.iter().map(|m| m.text.to_lowercase()));
    }
    // With an index the question's own words are searched, even when they are all names.
    (!words.is_empty() || input.indexed).then_some(words)
}

struct Planner<'a> {
    templates: &'a Templates,
    input: &'a PlanInput<'a>,
}

impl Planner<'_> {
    fn title_search(&self, words: Vec<String>) -> Result<Option<Strategy>, BuildError> {
        if words.is_empty() {
            return Ok(None);
        }
        let args = [("keywords", Arg::Keywords(words.clone())), ("limit", Arg::Limit(PAPER_ROWS))];
        let query = self.templates.fill("papers_by_title", &args)?;
        Ok(Some(Strategy { name: "papers_by_title".into(), query, fallback: None, role: Role::TitleKeywords(words), anchor: None, keyed: None }))
    }

    /// One strategy per entity in `entities`, anchored on it, with the title-keyword search
    /// (the question's keywords plus the entity's name) as its timeout fallback.
    fn per_entity(&self, template: &str, param: &str, entities: &[NormalizedEntity], limit: u32, role: Role) -> Result<Vec<Strategy>, BuildError> {
        let mut out = Vec::with_capacity(entities.len());
        // A name the text index could not link is in no label: a label filter would scan
        // every label in the graph (seconds at ORKG's size) to find nothing. The index's
        // title search covers it.
        for entity in entities.iter().filter(|e| e.is_linked() || !self.input.names_indexed || self.labels_instead()) {
            let anchored = anchor(entity, self.labels_instead());
            // One linked IRI: the precomputed rows of a head entity can answer it.
            let keyed = match (&anchored, LISTINGS.iter().find(|l| l.0 == template)) {
                (Arg::Anchor(Anchor::Iris(iris)), Some(listing)) if iris.len() == 1 => Some(Keyed { template: listing.0, keys: iris.clone() }),
                _ => None,
            };
            let args = [(param, anchored), ("limit", Arg::Limit(limit))];
            let query = self.templates.fill(template, &args)?;
            let mut words: Vec<String> = self.input.keywords.to_vec();
            words.push(entity.text.to_lowercase());
            out.push(Strategy {
                name: format!("{template}:{}", entity.canonical),
                query,
                fallback: self.title_search(words)?.map(Box::new),
                role: role.clone(),
                anchor: Some((entity.kind, entity.canonical.clone())),
                keyed,
            });
        }
        Ok(out)
    }

    /// Whether names are anchored by label filters: on a retry without a text index. With
    /// one, a linked name keeps its IRIs on the retry too: the index already matched the
    /// name as written, and a label filter scans every label in the graph (seconds at
    /// ORKG's size, for the same rows or a substring's noise).
    fn labels_instead(&self) -> bool {
        self.input.prefer_labels && !self.input.indexed
    }

    /// Whether the question names a board that is linked (its results are read).
    fn on_a_board(&self) -> bool {
        self.input.entities.datasets.iter().any(|d| d.is_linked())
    }

    /// Whether `dataset`'s board is read through its summary: a linked, large board, not
    /// anchored by label filters.
    fn summarised(&self, dataset: &NormalizedEntity) -> bool {
        self.input.boards.is_some_and(|boards| dataset.is_linked() && !self.labels_instead() && dataset.iris.iter().all(|i| boards.get(i).is_some()))
    }

    /// The best and worst results per metric of large boards, from their summaries: of the
    /// metrics the question names when the board has them, else of its main metrics; a
    /// listing of the board's metrics reads one result of each.
    fn summarised_boards(&self, datasets: &[NormalizedEntity]) -> Result<Vec<Strategy>, BuildError> {
        let Some(boards) = self.input.boards else { return Ok(Vec::new()) };
        let asked: Vec<String> = self.input.entities.metrics.iter().flat_map(|m| m.iris.iter().cloned()).collect();
        let listing = self.input.classification.target == Target::Metrics;
        // A best, a top score or a verdict needs the first few of each end of each metric
        // (a "top k" its k); a listing of the board's models all that was kept.
        let per_end = matches!(self.input.classification.target, Target::BestModel | Target::TopScore | Target::Beaten | Target::Verdict)
            .then(|| self.input.top_k.unwrap_or(BEST_PER_END).max(BEST_PER_END));
        let mut out = Vec::new();
        for dataset in datasets {
            let evals: Vec<String> = dataset
                .iris
                .iter()
                .filter_map(|i| boards.get(i))
                .flat_map(|b| if listing { b.one_per_metric() } else { b.evaluations_for(&asked, MAIN_METRICS, per_end) })
                .collect();
            if evals.is_empty() {
                continue;
            }
            let query = self.templates.fill("leaderboard_evals", &[("evals", Arg::Values(evals.clone())), ("limit", Arg::Limit(RESULT_ROWS))])?;
            out.push(Strategy {
                name: format!("leaderboard:{}", dataset.canonical),
                query,
                fallback: None,
                role: Role::Results { summary: true },
                anchor: Some((dataset.kind, dataset.canonical.clone())),
                keyed: Some(Keyed { template: "leaderboard_evals", keys: evals }),
            });
        }
        Ok(out)
    }

    /// Papers for every entity.
    fn papers(&self) -> Result<Vec<Strategy>, BuildError> {
        let mut out = Vec::new();
        for (kind, template, param) in [
            (EntityKind::Method, "papers_by_method", "method"),
            (EntityKind::Dataset, "papers_by_dataset", "dataset"),
            (EntityKind::Task, "papers_by_task", "task"),
            (EntityKind::Field, "papers_by_field", "field"),
        ] {
            // In a lookup searched by title in the index, a task or field named is a word
            // of the title: "deep residual learning for image recognition" is one paper,
            // not the image classification papers.
            if self.input.classification.query_type == QueryType::PaperLookup && self.input.indexed && matches!(kind, EntityKind::Task | EntityKind::Field) {
                continue;
            }
            // A name inside a quoted title is part of the title ("'Attention Is All You Need'"
            // names a paper, not the Transformer's papers).
            let quoted = self.input.lookup.title.as_deref().map(str::to_lowercase);
            let named: Vec<NormalizedEntity> = self
                .input
                .entities
                .get(kind)
                .iter()
                .filter(|e| !quoted.as_deref().is_some_and(|t| t.contains(&e.text.to_lowercase())))
                // In a lookup, a name of four words or more is the paper's title ("Attention
                // is all you need" is a synonym of the Transformer, but asks for a paper),
                // unless it is the label itself ("the Transformer Big + adversarial MLE paper"
                // names a model, whose papers are asked for).
                .filter(|e| !(self.input.classification.query_type == QueryType::PaperLookup && e.text.split_whitespace().count() >= 4 && !e.text.eq_ignore_ascii_case(&e.canonical)))
                // A large board's results and code cite their own papers: listing the papers
                // on the board (thousands at ORKG's size) adds nothing unless papers are asked.
                .filter(|e| !(kind == EntityKind::Dataset && self.summarised(e) && self.input.classification.target != Target::Papers))
                // A model's score on a named board is read from the board: every paper of
                // the model (hundreds for a popular one) adds nothing to a best or a verdict.
                .filter(|e| !(kind == EntityKind::Method && e.is_linked() && self.on_a_board() && matches!(self.input.classification.target, Target::BestModel | Target::TopScore | Target::Beaten | Target::Verdict)))
                .cloned()
                .collect();
            out.extend(self.per_entity(template, param, &named, PAPER_ROWS, Role::Papers)?);
        }
        Ok(out)
    }

    /// What the target needs beyond papers. Results feed the answer for the result
    /// targets, and the trust stage (facts, conflicts) for any question that names a
    /// dataset: its conflicts are listed whatever was asked.
    fn for_target(&self) -> Result<Vec<Strategy>, BuildError> {
        let (entities, classification) = (self.input.entities, self.input.classification);
        let target = classification.target;
        // A model's datasets ("what was X evaluated on") come from its results.
        let datasets_of_models = target == Target::Datasets && entities.tasks.is_empty() && !entities.methods.is_empty();
        let wants_results = matches!(target, Target::Models | Target::BestModel | Target::TopScore | Target::Beaten | Target::Metrics | Target::Verdict)
            || datasets_of_models
            || classification.query_type == QueryType::MethodComparison
            || (classification.query_type != QueryType::PaperLookup && !entities.datasets.is_empty());
        let mut out = Vec::new();
        if wants_results {
            // A large board is read through its summary, even to list its models: those of
            // its best results per main metric, said to be a partial list. Reading thousands
            // of evaluations for hundreds of models took seconds on disk.
            let (summarised, whole): (Vec<NormalizedEntity>, Vec<NormalizedEntity>) = entities.datasets.iter().cloned().partition(|d| self.summarised(d));
            out.extend(self.summarised_boards(&summarised)?);
            out.extend(self.per_entity("leaderboard", "dataset", &whole, RESULT_ROWS, Role::Results { summary: false })?);
            if entities.datasets.is_empty() {
                out.extend(self.per_entity("model_results", "model", &entities.methods, LISTING_ROWS, Role::Results { summary: false })?);
            }
        }
        match target {
            Target::Code => {
                out.extend(self.per_entity("code_links", "model", &entities.methods, LISTING_ROWS, Role::Code)?);
                // "code of the models evaluated on D": the dataset's models' code; "which
                // models on D have no code?": which of them has a link at all.
                if entities.methods.is_empty() {
                    // (Those with code are answered with their links, every one.)
                    let template = if self.input.coded == Some(false) { "coded_models_by_dataset" } else { "code_by_dataset" };
                    out.extend(self.per_entity(template, "dataset", &entities.datasets, LISTING_ROWS, Role::Code)?);
                }
            }
            Target::Datasets => {
                out.extend(self.per_entity("datasets_by_task", "task", &entities.tasks, LISTING_ROWS, Role::DatasetsOfTask)?);
                // "which datasets use Pearson correlation": the metric's datasets.
                if entities.tasks.is_empty() && entities.methods.is_empty() && entities.datasets.is_empty() {
                    out.extend(self.per_entity("datasets_by_metric", "metric", &entities.metrics, LISTING_ROWS, Role::DatasetsOfTask)?);
                }
            }
            // "which metrics are used for data-to-text generation?": the results on the
            // problem's boards, by their metrics.
            Target::Metrics if entities.datasets.is_empty() && entities.methods.is_empty() => {
                out.extend(self.per_entity("task_results", "task", &entities.tasks, RESULT_ROWS, Role::Results { summary: false })?)
            }
            // "D is used for T": T's benchmarks settle it, and the problems D is filed under
            // say where it belongs instead.
            Target::Verdict if !entities.datasets.is_empty() && entities.methods.is_empty() => {
                out.extend(self.per_entity("datasets_by_task", "task", &entities.tasks, LISTING_ROWS, Role::DatasetsOfTask)?);
                if !entities.tasks.is_empty() {
                    out.extend(self.per_entity("tasks_by_dataset", "dataset", &entities.datasets, LISTING_ROWS, Role::ProblemsOfField)?);
                }
            }
            // "X was evaluated on T": X's problems, T's models and T's benchmarks (against X's
            // results) settle it.
            Target::Verdict if entities.datasets.is_empty() && !entities.methods.is_empty() && !entities.tasks.is_empty() => {
                out.extend(self.per_entity("tasks_by_model", "model", &entities.methods, LISTING_ROWS, Role::ProblemsOfField)?);
                out.extend(self.per_entity("models_by_task", "task", &entities.tasks, LISTING_ROWS, Role::ModelsOfTask)?);
                out.extend(self.per_entity("datasets_by_task", "task", &entities.tasks, LISTING_ROWS, Role::DatasetsOfTask)?);
            }
            Target::Problems if entities.fields.is_empty() => {
                // "for which research problems is SciBERT used": the model's problems; "what
                // tasks is CoNLL 2003 used for?" the board's; "which tasks use bits per
                // character?" those whose boards report the metric.
                out.extend(self.per_entity("tasks_by_model", "model", &entities.methods, LISTING_ROWS, Role::ProblemsOfField)?);
                if entities.methods.is_empty() {
                    out.extend(self.per_entity("tasks_by_dataset", "dataset", &entities.datasets, LISTING_ROWS, Role::ProblemsOfField)?);
                }
                if entities.methods.is_empty() && entities.datasets.is_empty() {
                    out.extend(self.per_entity("tasks_by_metric", "metric", &entities.metrics, LISTING_ROWS, Role::ProblemsOfField)?);
                }
            }
            Target::Problems => out.extend(self.per_entity("problems_by_field", "field", &entities.fields, LISTING_ROWS, Role::ProblemsOfField)?),
            Target::Models if entities.datasets.is_empty() => {
                // "which models are used for robotic grasping": the problem's models.
                out.extend(self.per_entity("models_by_task", "task", &entities.tasks, LISTING_ROWS, Role::ModelsOfTask)?)
            }
            _ => {}
        }
        Ok(out)
    }

    /// Paper lookups by DOI and by a quoted title (a title scan only without a text index:
    /// the index's title search answers it, see `Graph::indexed_titles`).
    fn lookups(&self) -> Result<Vec<Strategy>, BuildError> {
        let mut out = Vec::new();
        if let Some(doi) = &self.input.lookup.doi {
            let query = self.templates.fill("paper_by_doi", &[("doi", Arg::Literals(doi_forms(doi))), ("limit", Arg::Limit(20))])?;
            out.push(Strategy { name: "paper_by_doi".into(), query, fallback: None, role: Role::Lookup, anchor: None, keyed: None });
        }
        if let Some(title) = self.input.lookup.title.as_ref().filter(|_| !self.input.indexed) {
            let query = self.templates.fill("paper_by_title", &[("title", Arg::Contains(title.clone())), ("limit", Arg::Limit(50))])?;
            out.push(Strategy { name: "paper_by_title".into(), query, fallback: None, role: Role::Lookup, anchor: None, keyed: None });
        }
        // "papers by yoshua bengio": the person's papers, by the names the graph records.
        if let Some(author) = self.input.lookup.author.as_ref().filter(|_| self.input.classification.query_type == QueryType::PaperLookup) {
            let query = self.templates.fill("papers_by_author", &[("author", Arg::Contains(author.clone())), ("limit", Arg::Limit(LISTING_ROWS))])?;
            out.push(Strategy { name: "papers_by_author".into(), query, fallback: None, role: Role::Lookup, anchor: None, keyed: None });
        }
        Ok(out)
    }
}

/// How a DOI may be stored: as written, lower or upper case (DOIs ignore case), bare or as
/// a doi.org URL.
fn doi_forms(doi: &str) -> Vec<String> {
    let bare = ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
        .iter()
        .find_map(|p| doi.get(..p.len()).filter(|head| head.eq_ignore_ascii_case(p)).map(|_| &doi[p.len()..]))
        .unwrap_or(doi);
    let mut forms = Vec::new();
    for case in [bare.to_owned(), bare.to_lowercase(), bare.to_uppercase()] {
        for prefix in ["", "https://doi.org/", "http://dx.doi.org/", "https://dx.doi.org/"] {
            let form = format!("{prefix}{case}");
            if !forms.contains(&form) {
                forms.push(form);
            }
        }
    }
    forms
}

/// The year and DOI query for every paper found (at most `MAX_YEAR_PAPERS`).
pub fn years(templates: &Templates, papers: &[String]) -> Result<Option<Strategy>, BuildError> {
    if papers.is_empty() {
        return Ok(None);
    }
    let papers: Vec<String> = papers.iter().take(MAX_YEAR_PAPERS).cloned().collect();
    let query = templates.fill("paper_years", &[("papers", Arg::Values(papers.clone())), ("limit", Arg::Limit(METADATA_ROWS * 2))])?;
    let keyed = Some(Keyed { template: "paper_years", keys: papers });
    Ok(Some(Strategy { name: "paper_years".into(), query, fallback: None, role: Role::Years, anchor: None, keyed }))
}

/// Most papers whose years are read for one question.
pub const MAX_YEAR_PAPERS: usize = 500;

/// The whole boards of `datasets` (IRIs), for a question about where a model stands on
/// each board it has results on ("on which datasets is X the best?"): its own results say
/// nothing of the others'. Keyed, so that rows precomputed beside a store answer them.
pub fn boards_of(templates: &Templates, datasets: &[String]) -> Result<Vec<Strategy>, BuildError> {
    datasets
        .iter()
        .take(MAX_BOARDS_OF)
        .map(|iri| {
            let query = templates.fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Iris(vec![iri.clone()]))), ("limit", Arg::Limit(RESULT_ROWS))])?;
            let keyed = Some(Keyed { template: "leaderboard", keys: vec![iri.clone()] });
            Ok(Strategy { name: format!("board_of_model:{iri}"), query, fallback: None, role: Role::Results { summary: false }, anchor: None, keyed })
        })
        .collect()
}

/// A model's results (IRIs), for the boards of [`boards_of`] when the question's plan read
/// none of them (a claim naming two boards at once).
pub fn results_of(templates: &Templates, model: &[String]) -> Result<Strategy, BuildError> {
    let query = templates.fill("model_results", &[("model", Arg::Anchor(Anchor::Iris(model.to_vec()))), ("limit", Arg::Limit(LISTING_ROWS))])?;
    let keyed = (model.len() == 1).then(|| Keyed { template: "model_results", keys: model.to_vec() });
    Ok(Strategy { name: "results_of_model".into(), query, fallback: None, role: Role::Results { summary: false }, anchor: None, keyed })
}

/// The results the papers a lookup found report (IRIs): what a paper re-runs, and with
/// what numbers.
pub fn results_in(templates: &Templates, papers: &[String]) -> Result<Strategy, BuildError> {
    let query = templates.fill("paper_results", &[("papers", Arg::Values(papers.to_vec())), ("limit", Arg::Limit(LISTING_ROWS))])?;
    Ok(Strategy { name: "results_in_paper".into(), query, fallback: None, role: Role::Results { summary: false }, anchor: None, keyed: None })
}

/// Which of `papers` record a source-code link ("T papers with code").
pub fn papers_with_code(templates: &Templates, papers: &[String]) -> Result<Strategy, BuildError> {
    let query = templates.fill("papers_with_code", &[("papers", Arg::Values(papers.to_vec())), ("limit", Arg::Limit(LISTING_ROWS))])?;
    Ok(Strategy { name: "papers_with_code".into(), query, fallback: None, role: Role::Lookup, anchor: None, keyed: None })
}

/// The papers using or benchmarking on `datasets` (IRIs): those a question sets aside with
/// the board ("T papers that don't use D").
pub fn papers_on(templates: &Templates, datasets: &[String]) -> Result<Strategy, BuildError> {
    let query = templates.fill("papers_by_dataset", &[("dataset", Arg::Anchor(Anchor::Iris(datasets.to_vec()))), ("limit", Arg::Limit(LISTING_ROWS))])?;
    Ok(Strategy { name: "papers_on_boards_set_aside".into(), query, fallback: None, role: Role::Lookup, anchor: None, keyed: None })
}

/// The datasets benchmarked for research problems (IRIs): the boards a question about a
/// problem's state of the art reads.
pub fn datasets_of_task(templates: &Templates, tasks: &[String]) -> Result<Strategy, BuildError> {
    let query = templates.fill("datasets_by_task", &[("task", Arg::Anchor(Anchor::Iris(tasks.to_vec()))), ("limit", Arg::Limit(LISTING_ROWS))])?;
    Ok(Strategy { name: "datasets_of_task".into(), query, fallback: None, role: Role::DatasetsOfTask, anchor: None, keyed: None })
}

/// Most boards read for one model's standing.
pub const MAX_BOARDS_OF: usize = 20;

/// The metadata and entity queries for the papers kept after ranking, and their venues
/// when `venues` (the question asks where they were published).
pub fn details(templates: &Templates, papers: &[String], venues: bool) -> Result<Vec<Strategy>, BuildError> {
    if papers.is_empty() {
        return Ok(Vec::new());
    }
    // Each keyed by the papers: cached per paper, and the details and entities answered
    // from rows precomputed at load (`crate::precomputed::KEYED`).
    let keyed = |template: &'static str, role: Role| -> Result<Strategy, BuildError> {
        Ok(Strategy {
            name: template.into(),
            query: templates.fill(template, &[("papers", Arg::Values(papers.to_vec())), ("limit", Arg::Limit(METADATA_ROWS))])?,
            fallback: None,
            role,
            anchor: None,
            keyed: Some(Keyed { template, keys: papers.to_vec() }),
        })
    };
    let mut strategies = vec![keyed("paper_details", Role::Details)?, keyed("paper_entities", Role::PaperEntities)?];
    if venues {
        strategies.push(keyed("paper_venues", Role::Venues)?);
    }
    Ok(strategies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::classify::classify;
    use crate::pipeline::front::extract::{by_keywords, lookup_keys, title_keywords};
    use crate::pipeline::front::lexicon::Lexicon;
    use crate::pipeline::front::normalize::normalize;

    fn names(question: &str) -> Vec<String> {
        let lexicon = Lexicon::from_tables().unwrap();
        let entities = by_keywords(&lexicon, question);
        let normalized = normalize(&lexicon, &entities);
        let keywords = title_keywords(question, &entities);
        let lookup = lookup_keys(question);
        let input = PlanInput {
            classification: classify(question, &entities),
            entities: &normalized,
            keywords: &keywords,
            lookup: &lookup,
            prefer_labels: false,
            indexed: false,
            names_indexed: false,
            boards: None,
            top_k: None,
            coded: crate::pipeline::front::extract::code_filter(question),
        };
        plan(&Templates::load().unwrap(), &input).unwrap().into_iter().map(|s| s.name).collect()
    }

    #[test]
    fn a_name_an_index_of_labels_could_not_link_is_not_label_scanned_but_anchors_the_question() {
        let lexicon = Lexicon::from_tables().unwrap();
        let question = "Which papers use the FooNet-9 model?";
        let entities = by_keywords(&lexicon, question);
        let normalized = normalize(&lexicon, &entities);
        assert!(normalized.methods.iter().any(|m| !m.is_linked()), "{normalized:?}");
        let (keywords, lookup) = (title_keywords(question, &entities), lookup_keys(question));
        let input = |names_indexed| PlanInput { classification: classify(question, &entities), entities: &normalized, keywords: &keywords, lookup: &lookup, prefer_labels: false, indexed: true, names_indexed, boards: None, top_k: None, coded: None };
        let planned = |names_indexed| plan(&Templates::load().unwrap(), &input(names_indexed)).unwrap();
        assert!(planned(true).is_empty());
        assert!(anchored(&input(true), &[]), "the question is about the name all the same");
        assert!(planned(false).iter().any(|s| s.name.starts_with("papers_by_method:")), "an index of titles only knows no names");
    }

    #[test]
    fn a_large_board_is_read_by_its_summarys_evaluations_even_to_list_its_models() {
        let lexicon = Lexicon::from_tables().unwrap();
        let plan_with = |question: &str| {
            let entities = by_keywords(&lexicon, question);
            let mut normalized = normalize(&lexicon, &entities);
            normalized.datasets[0].iris = vec!["http://orkg.org/orkg/resource/R1".into()];
            let rows = [("http://orkg.org/orkg/resource/M1".to_owned(), "http://orkg.org/orkg/resource/E1".to_owned(), "1".to_owned())];
            let boards: Boards = [("http://orkg.org/orkg/resource/R1".to_owned(), crate::boards::summarise(&rows))].into_iter().collect();
            let (keywords, lookup) = (title_keywords(question, &entities), lookup_keys(question));
            let input = PlanInput { classification: classify(question, &entities), entities: &normalized, keywords: &keywords, lookup: &lookup, prefer_labels: false, indexed: true, names_indexed: true, boards: Some(&boards), top_k: None, coded: None };
            plan(&Templates::load().unwrap(), &input).unwrap().into_iter().map(|s| s.query.as_str().to_owned()).collect::<Vec<_>>()
        };
        let best = plan_with("Which model has the best score on ImageNet?");
        assert!(best.iter().any(|q| q.contains("VALUES ?eval { <http://orkg.org/orkg/resource/E1> }")), "{best:?}");
        assert_eq!(best.len(), 1, "nor every paper on the board: {best:?}");
        let listed = plan_with("Which models are evaluated on ImageNet?");
        assert!(listed.iter().any(|q| q.contains("VALUES ?eval { <http://orkg.org/orkg/resource/E1> }")), "a listing of models too: {listed:?}");
        assert_eq!(listed.len(), 1, "nor every paper on the board: {listed:?}");
        let metrics = plan_with("Which metrics are used on ImageNet?");
        assert!(metrics.iter().any(|q| q.contains("VALUES ?eval { <http://orkg.org/orkg/resource/E1> }")), "one result per metric: {metrics:?}");
    }

    #[test]
    fn a_claim_about_a_score_on_a_linked_board_reads_the_board_not_every_paper_of_the_model() {
        let lexicon = Lexicon::from_tables().unwrap();
        let plan_for = |question: &str| {
            let entities = by_keywords(&lexicon, question);
            let mut normalized = normalize(&lexicon, &entities);
            normalized.datasets[0].iris = vec!["http://orkg.org/orkg/resource/D1".into()];
            normalized.methods[0].iris = vec!["http://orkg.org/orkg/resource/M1".into()];
            let (keywords, lookup) = (title_keywords(question, &entities), lookup_keys(question));
            let input = PlanInput { classification: classify(question, &entities), entities: &normalized, keywords: &keywords, lookup: &lookup, prefer_labels: false, indexed: true, names_indexed: true, boards: None, top_k: None, coded: None };
            plan(&Templates::load().unwrap(), &input).unwrap().into_iter().map(|s| s.name).collect::<Vec<_>>()
        };
        let claim = plan_for("Is BERT the best model on SQuAD1.1?");
        assert!(claim.iter().any(|n| n.starts_with("leaderboard:")), "{claim:?}");
        assert!(!claim.iter().any(|n| n.starts_with("papers_by_method:")), "{claim:?}");
        let papers = plan_for("Which papers use BERT on SQuAD1.1?");
        assert!(papers.iter().any(|n| n.starts_with("papers_by_method:")), "papers asked: {papers:?}");
    }

    #[test]
    fn a_listing_of_one_linked_entity_is_keyed_for_precomputed_rows_and_one_of_two_is_not() {
        let lexicon = Lexicon::from_tables().unwrap();
        let question = "Where can I find code for BERT?";
        let keyed = |iris: &[&str]| {
            let entities = by_keywords(&lexicon, question);
            let mut normalized = normalize(&lexicon, &entities);
            normalized.methods[0].iris = iris.iter().map(|i| (*i).to_owned()).collect();
            let (keywords, lookup) = (title_keywords(question, &entities), lookup_keys(question));
            let input = PlanInput { classification: classify(question, &entities), entities: &normalized, keywords: &keywords, lookup: &lookup, prefer_labels: false, indexed: true, names_indexed: true, boards: None, top_k: None, coded: None };
            plan(&Templates::load().unwrap(), &input).unwrap().into_iter().find(|s| s.name.starts_with("code_links:")).expect("a code strategy").keyed
        };
        let one = keyed(&["http://orkg.org/orkg/resource/M1"]).expect("one entity: keyed");
        assert_eq!((one.template, one.keys.as_slice()), ("code_links", &["http://orkg.org/orkg/resource/M1".to_owned()][..]));
        assert!(keyed(&["http://orkg.org/orkg/resource/M1", "http://orkg.org/orkg/resource/M2"]).is_none());
    }

    #[test]
    fn the_relations_people_ask_about_have_their_own_strategies() {
        let has = |q: &str, prefix: &str| names(q).iter().any(|n| n.starts_with(prefix));
        assert!(has("which models are used for named entity recognition", "models_by_task:"), "{:?}", names("which models are used for named entity recognition"));
        assert!(has("code of the models evaluated on SQuAD1.1", "code_by_dataset:"), "{:?}", names("code of the models evaluated on SQuAD1.1"));
        assert!(has("which models on SQuAD1.1 have no code?", "coded_models_by_dataset:"), "whether each has a link, not every link: {:?}", names("which models on SQuAD1.1 have no code?"));
        assert!(has("which models on SQuAD1.1 have code?", "code_by_dataset:"), "those with code are answered with every link");
        assert!(has("for which research problems is BERT used", "tasks_by_model:"), "{:?}", names("for which research problems is BERT used"));
        assert!(has("what datasets was BERT evaluated on", "model_results:"), "{:?}", names("what datasets was BERT evaluated on"));
        assert!(has("which datasets use F1 as a metric", "datasets_by_metric:"), "{:?}", names("which datasets use F1 as a metric"));
        assert!(has("which metrics are used for named entity recognition?", "task_results:"), "{:?}", names("which metrics are used for named entity recognition?"));
        assert!(has("ImageNet is used for image classification, right?", "datasets_by_task:"), "{:?}", names("ImageNet is used for image classification, right?"));
        assert!(has("ImageNet is used for image classification, right?", "tasks_by_dataset:"), "the problems ImageNet is filed under: {:?}", names("ImageNet is used for image classification, right?"));

        assert!(has("what tasks is ImageNet used for?", "tasks_by_dataset:"), "{:?}", names("what tasks is ImageNet used for?"));
        assert!(has("which research problems use F1 as a metric?", "tasks_by_metric:"), "{:?}", names("which research problems use F1 as a metric?"));
        assert!(has("which models were tried on named entity recognition?", "models_by_task:"), "{:?}", names("which models were tried on named entity recognition?"));
        assert!(has("which evaluation metrics are used on the named entity recognition benchmarks?", "task_results:"), "{:?}", names("which evaluation metrics are used on the named entity recognition benchmarks?"));
    }

    #[test]
    fn a_lookup_by_a_title_that_is_also_a_synonym_plans_no_method_strategy() {
        let n = names("Tell me about the paper Attention is all you need");
        assert!(!n.iter().any(|n| n.starts_with("papers_by_method:")), "{n:?}");
    }

    #[test]
    fn a_lookup_of_a_long_model_name_written_as_its_label_plans_the_models_papers() {
        let n = names("who wrote the Monte Carlo Tree Search paper?");
        assert!(n.iter().any(|n| n.starts_with("papers_by_method:")), "{n:?}");
    }

    #[test]
    fn a_doi_is_matched_exactly_in_the_forms_it_may_be_stored_in() {
        let forms = doi_forms("https://doi.org/10.1109/CVPR.2016.90");
        for form in ["10.1109/CVPR.2016.90", "10.1109/cvpr.2016.90", "https://doi.org/10.1109/cvpr.2016.90", "http://dx.doi.org/10.1109/CVPR.2016.90"] {
            assert!(forms.contains(&form.to_owned()), "{form} not in {forms:?}");
        }
        assert!(!forms.iter().any(|f| f.contains("doi.org/https")), "{forms:?}");
    }

    #[test]
    fn leaderboard_questions_plan_the_dataset_leaderboard() {
        let n = names("Which model has achieved the highest F1 score on SQuAD1.1?");
        assert!(n.contains(&"leaderboard:SQuAD1.1".to_owned()), "{n:?}");
    }

    #[test]
    fn code_questions_plan_code_links_per_model() {
        let n = names("Provide links to code for papers that use BERT");
        assert!(n.contains(&"code_links:BERT".to_owned()), "{n:?}");
    }

    #[test]
    fn questions_with_no_entity_fall_back_to_title_keywords() {
        let n = names("Show me papers about cosmological simulations of galaxies");
        assert_eq!(n, vec!["papers_by_title"]);
    }

    #[test]
    fn doi_lookups_plan_the_doi_strategy() {
        let n = names("Find the paper with DOI 10.1109/CVPR.2016.90");
        assert!(n.contains(&"paper_by_doi".to_owned()), "{n:?}");
    }

    #[test]
    fn entity_strategies_fall_back_to_title_keywords() {
        let lexicon = Lexicon::from_tables().unwrap();
        let q = "Which papers use LSTM for speech?";
        let entities = by_keywords(&lexicon, q);
        let normalized = normalize(&lexicon, &entities);
        let keywords = title_keywords(q, &entities);
        let input = PlanInput {
            classification: classify(q, &Default::default()),
            entities: &normalized,
            keywords: &keywords,
            lookup: &LookupKeys::default(),
            prefer_labels: false,
            indexed: false,
            names_indexed: false,
            boards: None,
            top_k: None,
            coded: None,
        };
        let strategies = plan(&Templates::load().unwrap(), &input).unwrap();
        let lstm = strategies.iter().find(|s| s.name == "papers_by_method:LSTM").unwrap();
        assert_eq!(lstm.fallback.as_ref().unwrap().name, "papers_by_title");
    }
}
