//! Claim verification without an LLM: read the claim's relation, compare it with the
//! resolved facts, and return `SUPPORTED`, `REFUTED` or `UNCERTAIN` with the facts on each
//! side.
//!
//! Relations understood: "X outperforms / beats / is better than Y" (and the reverse,
//! "worse than"), "X achieves V" (a number in the claim), and "X is the best / state of the
//! art". Facts match when their model, dataset and metric are the ones the claim names
//! (linked IRIs or names); scores compare as numbers in the metric's direction. A claim
//! about something the graph does not record is `UNCERTAIN`, never guessed. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;
use serde::Serialize;

use crate::pipeline::front::classify;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::metrics::is_cost;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};
use crate::pipeline::trust::{Fact, PaperRef};
use super::numbers::Claimed;
pub use super::relations::Known;

/// The verdict on a claim: `SUPPORTED`, `REFUTED` or `UNCERTAIN` (the graph does not
/// settle it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Label {
    Supported,
    Refuted,
    Uncertain,
}

impl Label {
    /// The label as the answer states it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Supported => "SUPPORTED",
            Self::Refuted => "REFUTED",
            Self::Uncertain => "UNCERTAIN",
        }
    }
}

/// A fact a verdict rests on.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FactRef {
    /// The fact in words ("BERT scores 93.2 on SQuAD1.1 by F1").
    pub statement: String,
    /// What the fact is about: the model of a result, the dataset or paper of a relation.
    #[serde(skip)]
    pub subject: String,
    /// The fact's model, dataset and metric labels, for the answer items (the statement is
    /// for people, never parsed back).
    #[serde(skip)]
    pub model: String,
    #[serde(skip)]
    pub dataset: String,
    #[serde(skip)]
    pub metric: String,
    /// The recorded value (a score, a year, a DOI...), as the graph writes it.
    pub value: String,
    /// The papers that state it.
    pub papers: Vec<PaperRef>,
    /// Numbers of the cited sources stating it (filled once sources are numbered).
    pub sources: Vec<usize>,
}

impl FactRef {
    /// A result row as a fact stated by `papers` (an account's own reading of the rows).
    pub(super) fn of_result(r: &crate::pipeline::evidence::ResultFact, papers: Vec<PaperRef>) -> Self {
        let (model, metric) = (r.model.as_ref().map_or("", |m| m.display()), r.metric.as_ref().map_or("", |m| m.display()));
        let value = r.value.clone().unwrap_or_default();
        Self {
            statement: super::facts::statement(model, &value, r.dataset.display(), metric),
            subject: model.to_owned(),
            model: model.to_owned(),
            dataset: r.dataset.display().to_owned(),
            metric: metric.to_owned(),
            value,
            papers,
            sources: Vec::new(),
        }
    }

    pub(super) fn of(fact: &Fact) -> Self {
        Self {
            statement: fact.statement(),
            subject: fact.model.clone(),
            model: fact.model.clone(),
            dataset: fact.dataset.clone(),
            metric: fact.metric.clone(),
            value: fact.value.clone(),
            papers: fact.papers.clone(),
            sources: Vec::new(),
        }
    }
}

/// The verdict on a claim, with what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Verdict {
    /// SUPPORTED, REFUTED or UNCERTAIN.
    pub verdict: Label,
    /// The relation the claim states: outperforms, achieves, best, evaluated, used_for,
    /// year, doi, agree (two papers' values for one model), or unknown; record and dated
    /// for an account.
    pub relation: String,
    /// Why, in words.
    pub reason: String,
    /// Facts that support the claim.
    pub supporting: Vec<FactRef>,
    /// Facts that contradict it.
    pub contradicting: Vec<FactRef>,
}

impl Verdict {
    /// An account answering a question, not a claim (`record::account`): carried like a
    /// verdict, so that its facts are the answer's items and are cited, and its reason is
    /// the answer's first sentence; reported as no verdict.
    pub fn account(reason: String, facts: Vec<FactRef>) -> Self {
        Self { verdict: Label::Supported, relation: "record".into(), reason, supporting: facts, contradicting: Vec::new() }
    }

    /// An account that dates papers by their recorded years (a board's papers in order, a
    /// paper's results beside other papers'): the years are the graph's, two where the
    /// record holds two, which a source's one year does not show.
    pub fn dated(reason: String, facts: Vec<FactRef>) -> Self {
        Self { relation: "dated".into(), ..Self::account(reason, facts) }
    }

    /// Whether this is an account ([`Verdict::account`], [`Verdict::dated`]), not a
    /// verdict.
    pub fn is_account(&self) -> bool {
        matches!(self.relation.as_str(), "record" | "dated")
    }

    /// Whether the verdict is about scores (a comparison, a value, a best result), as
    /// opposed to a relation (an evaluation, a dataset's use, a paper's year or DOI).
    pub fn about_scores(&self) -> bool {
        matches!(self.relation.as_str(), "outperforms" | "achieves" | "best" | "unknown")
    }
}

/// The classifier's comparison words; "tops" only counts once the question is a claim (and
/// "the top F1" is no comparison).
pub(super) static OUTPERFORMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)\b({}|tops|topped|(has|have|had|gets|got|holds) the (better|stronger|superior))\b", classify::OUTPERFORMS)).unwrap_or_else(|e| panic!("outperforms pattern: {e}"))
});
pub(super) static UNDERPERFORMS: LazyLock<Regex> = LazyLock::new(|| {
    // Bare "behind" counts once the question is a claim: "is X behind Y on D?".
    Regex::new(&format!(r"(?i)\b({}|behind)\b", classify::UNDERPERFORMS)).unwrap_or_else(|e| panic!("underperforms pattern: {e}"))
});
static BEST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(best|state[- ]of[- ]the[- ]art|sota|top[- ]performing|highest|leading|leads|leader|strongest|top|tops|topped|led the|lowest|ahead|on top|number one|first place|holds? the record|record holder|unbeaten|beaten|overtaken|surpassed|bettered|most accurate|top spot|(?:model|system|method|one|entry) to beat|hold(?:s|ing)? the (?:[\w.'’-]+\s+){1,3}record|(?:lead|record|top spot|first place)\s+(?:already\s+|still\s+)?(?:belonged|belongs|went|goes) to|dethroned|unseated|knocked off|(?:already|still|once|then)\s+led)\b|(?:^|\s)#1\b|\b(?:does|did|do|will|would)\s+[^?.]{1,60}?\s+(?:also\s+|still\s+)?lead\s+(?:the\s+)?[\w]")
        .unwrap_or_else(|e| panic!("best pattern: {e}"))
});
/// A value compared as written: "a lower WER than", "higher accuracy than".
static VALUE_THAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(lower|higher|smaller|larger|greater|less|more|fewer)\b(?:\s+[^\s?]+){0,4}?\s+than\b").unwrap_or_else(|e| panic!("value-than pattern: {e}"))
});

/// A best result at some time, not now: "has X ever been the best on D", "X used to lead D".
static EVER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(ever|once|at any point|at some point|at one point|used to|formerly|at one time|in its day|back then)\b").unwrap_or_else(|e| panic!("ever pattern: {e}"))
});

/// The year a result was first published: its earliest paper's.
pub(super) fn first_year(f: &Fact) -> Option<i32> {
    f.papers.iter().filter_map(|p| p.year).min()
}

/// Whether a claim is about the board as it stood in past years: a model the best at some
/// time, not now ("has X ever been the best on D", "X used to lead D"), or the record over
/// time (`super::record`). The orchestrator then builds the boards as they stood
/// ([`super::history`]) for [`was_best`] and `record::judge`.
pub fn needs_history(question: &str) -> bool {
    // "X has never been the best": whether it ever was.
    let denied = super::negation::positive(question);
    let question = denied.as_deref().unwrap_or(question);
    (BEST.is_match(question) && EVER.is_match(question)) || super::record::asks(question) || super::record::asks_account(question) || super::margins::over_previous(question)
}

/// "Has X ever been the best on D": X led the board alone in some year, the board as it
/// stood at that year's end (`Known::history`, conflicts resolved as they were then): X's
/// worst standing value beat every other model's. X's 2014 result led the board of 2014
/// even if a 2023 re-run of X has since replaced it. `REFUTED` when, in every year from X's
/// first dated result on, another model led alone; otherwise (a tie or a close conflict at
/// the top) `UNCERTAIN`. Undated results cannot be placed and are not counted.
/// Judged on each history (one per reading of the papers recorded with two real years):
/// when the readings disagree ("read as 2017, X led; read as 2019, Y was already ahead"),
/// the graph cannot decide, and both are said.
fn was_best(question: &str, x: &NormalizedEntity, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    // No history: no result of the evidence has a usable year (one is built whenever the
    // claim asks this).
    let Some(first) = known.history.first() else {
        return uncertain("best", format!("the graph records no dated result of {}", x.canonical), vec![], vec![]);
    };
    let main = was_best_in(question, x, entities, facts, first, direction);
    let Some(other) = known.history[1..].iter().map(|h| was_best_in(question, x, entities, facts, h, direction)).find(|v| v.verdict != main.verdict) else { return main };
    let years = super::record::two_years(known).map(|y| format!(" ({y})")).unwrap_or_default();
    let shown = [main.supporting, main.contradicting, other.supporting, other.contradicting].concat();
    uncertain("best", format!("the papers' years decide it{years}: read one way, {}; read the other, {}", main.reason, other.reason), vec![], shown)
}

fn was_best_in(question: &str, x: &NormalizedEntity, entities: &Normalized, facts: &[Fact], history: &super::History, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let history: Vec<(i32, Vec<Fact>)> = history.iter().map(|(y, f)| (*y, same_split(question, f))).collect();
    // Who holds the record now, if someone else does.
    let now = |mine: &Fact| {
        let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == mine.key.1 && f.key.2 == mine.key.2).collect();
        best(&board, direction).filter(|t| !model_of(x, &t.key.0, &t.model))
    };
    let mut first: Option<i32> = None;
    // The boards the claim names that X has stood on, from the year it first did.
    let mut boards: Vec<(&str, &str)> = Vec::new();
    // The first year's leaders (X was behind them when it appeared), and the first year
    // since with no single leader on one of X's boards.
    let mut behind: Vec<(&Fact, &Fact)> = Vec::new();
    let mut open: Option<i32> = None;
    let value = |f: &Fact| f.numeric.unwrap_or(f64::NAN);
    for (year, then) in &history {
        let mine = facts_of(then, x, entities);
        if first.is_none() && mine.is_empty() {
            continue;
        }
        let appeared = *first.get_or_insert(*year);
        boards.extend(mine.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())));
        boards.sort_unstable();
        boards.dedup();
        for &(dataset, metric) in &boards {
            let board: Vec<&Fact> = then.iter().filter(|f| f.numeric.is_some() && f.key.1 == dataset && f.key.2 == metric).collect();
            let (ours, theirs): (Vec<&Fact>, Vec<&Fact>) = board.iter().partition(|f| model_of(x, &f.key.0, &f.model));
            let Some(d) = board.first().map(|f| direction(&f.metric)) else { continue };
            let top = best(&theirs, direction);
            if let Some(weakest) = weakest_of(&ours, d) {
                if top.is_none_or(|t| better(d, value(weakest), value(t))) {
                    let when = if *year == appeared { format!("when it appeared ({year})") } else { format!("in {year}") };
                    let since = now(weakest).map(|t| format!("; {}'s {} is the best recorded now", t.model, t.value)).unwrap_or_default();
                    let reason = format!("{}'s {} held the best recorded {} on {} {when}{since}", weakest.model, weakest.value, weakest.metric, weakest.dataset);
                    let supporting = ours.iter().map(|f| FactRef::of(f)).collect();
                    return Verdict { verdict: Label::Supported, relation: "best".into(), reason, supporting, contradicting: now(weakest).into_iter().map(FactRef::of).collect() };
                }
            }
            // X was out of the lead when it had no standing value, or when another model's
            // weakest value beat X's strongest; otherwise (a tie, a close conflict
            // straddling X) the top was open that year.
            let Some(strongest) = best(&ours, direction) else { continue };
            let mut models: Vec<&str> = theirs.iter().map(|f| f.key.0.as_str()).collect();
            models.dedup();
            // The leader among the models ahead: the one the board's best belongs to.
            let ahead: Vec<&Fact> = models
                .into_iter()
                .filter_map(|m| {
                    let theirs: Vec<&Fact> = theirs.iter().copied().filter(|f| f.key.0 == m).collect();
                    weakest_of(&theirs, d).filter(|w| better(d, value(w), value(strongest))).and_then(|_| best(&theirs, direction))
                })
                .collect();
            let ahead = best(&ahead, direction);
            match ahead {
                None => open = open.or(Some(*year)),
                Some(t) if *year == appeared => behind.push((t, strongest)),
                Some(_) => {}
            }
        }
    }
    let Some(appeared) = first else {
        return uncertain("best", format!("the graph records no dated result of {}", x.canonical), vec![], vec![]);
    };
    if let Some(year) = open {
        let shown = behind.iter().flat_map(|(t, m)| [FactRef::of(t), FactRef::of(m)]).collect();
        return uncertain("best", format!("{} never led alone, but no single model led the board in {year} (a tie or a close conflict at the top)", x.canonical), vec![], shown);
    }
    // The model ahead is shown by what stands of it today, when that is still ahead (its
    // value then may since have lost a conflict).
    let today = |t: &Fact, mine: &Fact| -> Vec<FactRef> {
        let d = direction(&t.metric);
        let standing: Vec<&Fact> = facts.iter().filter(|f| f.key == t.key && f.numeric.is_some_and(|v| better(d, v, value(mine)))).collect();
        if standing.is_empty() { vec![FactRef::of(t)] } else { standing.into_iter().map(FactRef::of).collect() }
    };
    match behind.first() {
        Some((top, mine)) => {
            let shown = today(top, mine);
            let values = shown.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(" and ");
            Verdict {
                verdict: Label::Refuted,
                relation: "best".into(),
                reason: format!("when {}'s {} appeared ({appeared}), {}'s {values} was already better on {} by {}, and {} has not led since", mine.model, mine.value, top.model, mine.dataset, mine.metric, x.canonical),
                supporting: vec![],
                contradicting: behind.iter().flat_map(|(t, m)| [today(t, m), vec![FactRef::of(m)]].concat()).collect(),
            }
        }
        None => uncertain("best", format!("the graph records no dated result of {} on the board the claim names", x.canonical), vec![], vec![]),
    }
}

/// The weakest of `facts` in the metric's direction.
fn weakest_of<'a>(facts: &[&'a Fact], d: Direction) -> Option<&'a Fact> {
    let value = |f: &Fact| f.numeric.unwrap_or(f64::NAN);
    facts.iter().copied().reduce(|a, b| if better(d, value(a), value(b)) { b } else { a })
}

/// "The best" next to a claimed value: the claim is that the value is the best (a bare
/// "top" is left out: "93.2 top-5 accuracy" names a metric).
static BEST_VALUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(best|state[- ]of[- ]the[- ]art|sota|highest|lowest|leading|most accurate|top (score|result|number|accuracy|spot|place|f1|bleu|wer|iou|miou)|the record|record holder|leads|on top|(number|one|score|result) to beat)\b").unwrap_or_else(|e| panic!("best value pattern: {e}"))
});
/// Whether a fact's model is the entity or a variant of it (see
/// [`NormalizedEntity::has_variant`] and [`NormalizedEntity::written_as`]): a claim about
/// "BiT-L" is about "BiT-L (ResNet)", one about "gpt3 few-shot" about "GPT-3 175B (Few-Shot)".
pub(super) fn model_of(entity: &NormalizedEntity, iri: &str, label: &str) -> bool {
    matches(entity, iri, label) || entity.has_variant(label) || entity.written_as(label)
}

pub(super) fn matches(entity: &NormalizedEntity, iri: &str, label: &str) -> bool {
    entity.iris.iter().any(|i| i == iri) || entity.names(label)
}

/// The facts about `model` within the claim's dataset and metric (when it names them).
/// The model's facts include its variants': a claim about "BiT-L" is about the results
/// recorded for "BiT-L (ResNet)", and "sparse transformer" names every Sparse Transformer.
/// With no metric named, cost columns (parameters, FLOPs) are not results.
pub(super) fn facts_of<'a>(facts: &'a [Fact], model: &NormalizedEntity, entities: &Normalized) -> Vec<&'a Fact> {
    facts
        .iter()
        .filter(|f| on_board(f, entities))
        .filter(|f| model_of(model, &f.key.0, &f.model))
        .collect()
}

/// "X has a 1.55% error rate on D" where D records X's "Error": the facts of `model` by the
/// one metric the board records whose words are all the claim's metric's ("error" of "error
/// rate", "accuracy" of "test accuracy"). A bare "score" is no such metric (an Atari
/// "Score" is not a "human-normalized score"). Empty unless exactly one metric fits.
fn by_shorter_metric<'a>(facts: &'a [Fact], model: &NormalizedEntity, entities: &Normalized) -> Vec<&'a Fact> {
    let [asked] = entities.metrics.as_slice() else { return Vec::new() };
    let words = |s: &str| -> Vec<String> { s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect() };
    let said = words(&asked.text);
    let shorter = |label: &str| {
        let held = words(label);
        !held.is_empty() && held.len() < said.len() && held.iter().all(|w| said.contains(w)) && !held.iter().all(|w| matches!(w.as_str(), "score" | "value" | "result" | "performance"))
    };
    let found: Vec<&Fact> = facts
        .iter()
        .filter(|f| f.numeric.is_some() && model_of(model, &f.key.0, &f.model) && entities.datasets.iter().any(|d| matches(d, &f.key.1, &f.dataset)) && shorter(&f.metric))
        .collect();
    let one_metric = found.windows(2).all(|w| w[0].key.2 == w[1].key.2);
    if one_metric { found } else { Vec::new() }
}

/// Whether a fact is a score on a board the claim names (any, when it names none).
pub(super) fn on_board(f: &Fact, entities: &Normalized) -> bool {
    f.numeric.is_some()
        && (entities.datasets.is_empty() || entities.datasets.iter().any(|d| matches(d, &f.key.1, &f.dataset)))
        && if entities.metrics.is_empty() { !is_cost(&f.metric) } else { entities.metrics.iter().any(|m| matches(m, &f.key.2, &f.metric)) }
}

/// Whether the model, or a variant of it, was evaluated on `dataset`.
fn tried(e: &NormalizedEntity, evaluated: &[Evaluated], dataset: &str) -> bool {
    evaluated.iter().any(|(iri, label, d)| d == dataset && model_of(e, iri, label))
}

pub(super) fn better(direction: Direction, a: f64, b: f64) -> bool {
    if direction == Direction::Lower {
        a < b
    } else {
        a > b
    }
}

/// The best fact in `facts` by value, in its metric's direction.
pub(super) fn best<'a>(facts: &[&'a Fact], direction: &dyn Fn(&str) -> Direction) -> Option<&'a Fact> {
    facts.iter().copied().reduce(|a, b| {
        let d = direction(&a.metric);
        if better(d, b.numeric.unwrap_or(f64::NAN), a.numeric.unwrap_or(f64::NAN)) { b } else { a }
    })
}

/// Whether `title` is the model's own paper's: it opens with the model's name ("Selkora:
/// Contrastive Pretraining ...").
pub(super) fn is_own_paper(model: &NormalizedEntity, title: &str) -> bool {
    let head = title.split(':').next().unwrap_or_default().trim().to_lowercase();
    [&model.canonical, &model.text].iter().any(|n| n.to_lowercase() == head)
}

/// The paper a model's results come from, for a claim about its date: the one its title
/// opens with the model's name ("Selkora: Contrastive Pretraining ..."), else the earliest.
fn paper_of<'a>(model: &NormalizedEntity, facts: &[&'a Fact], titled: &'a [PaperRef]) -> Option<&'a PaperRef> {
    let papers: Vec<&PaperRef> = facts.iter().flat_map(|f| &f.papers).collect();
    let own = |p: &&PaperRef| is_own_paper(model, &p.title);
    // Its own paper ("X: ..."), among those stating its results, then among every paper
    // the evidence names (its result there may have lost a conflict to a re-run); else the
    // earliest dated paper with its results.
    papers
        .iter()
        .copied()
        .find(own)
        .or_else(|| titled.iter().find(own))
        .or_else(|| papers.iter().copied().filter(|p| p.year.is_some()).min_by_key(|p| p.year))
}

/// "X's paper is newer than Y's", "X's result predates Y's": the years of the two papers
/// compared; uncertain when either has no usable year (a month under the year predicate is
/// none), two (`disputed`: the record contradicts itself), or the two years are the same.
/// `later`: the claim is that X's paper is the newer one (else the older one).
fn dates(later: bool, x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], known: &Known) -> Verdict {
    let (fx, fy) = (facts_of(facts, x, entities), facts_of(facts, y, entities));
    let (Some(px), Some(py)) = (paper_of(x, &fx, &known.titled), paper_of(y, &fy, &known.titled)) else {
        return uncertain("year", format!("the graph records no paper with results of {} or {}", x.canonical, y.canonical), vec![], vec![]);
    };
    // The papers' years, then their results (a question may go on to ask about them).
    let cite = |p: &PaperRef, f: &[&Fact]| f.iter().filter(|f| f.papers.iter().any(|q| q.iri == p.iri)).map(|f| FactRef::of(f)).collect::<Vec<_>>();
    ordered(later, px, py, [vec![year_fact(px), year_fact(py)], cite(px, &fx), cite(py, &fy)].concat(), known)
}

/// A paper's year as the fact a claim about dates shows: its title, and its year or that
/// none is recorded.
pub(super) fn year_fact(p: &PaperRef) -> FactRef {
    let value = p.year.map_or_else(|| "no year recorded".to_owned(), |y| y.to_string());
    let statement = p.year.map_or_else(|| format!("the graph records no year for \"{}\"", p.title), |y| format!("\"{}\" was published in {y}", p.title));
    FactRef { statement, subject: p.title.clone(), model: String::new(), dataset: String::new(), metric: "year".into(), value, papers: vec![p.clone()], sources: Vec::new() }
}

/// "The HadGEM2 paper came out before the NorESM1-M one": two papers named by words of their
/// titles ([`Known::dated_sides`]), their years compared as [`dates`] compares models' papers;
/// each paper's year (or its lack) is the fact shown.
fn titled_dates(later: bool, a: &PaperRef, b: &PaperRef, known: &Known) -> Verdict {
    ordered(later, a, b, vec![year_fact(a), year_fact(b)], known)
}

/// "The HadGEM2 and NorESM1-M papers came out the same year": the two papers' recorded years
/// compared for equality; open when either has none.
fn same_year(a: &PaperRef, b: &PaperRef) -> Verdict {
    let all = vec![year_fact(a), year_fact(b)];
    let (Some(ya), Some(yb)) = (a.year, b.year) else {
        let undated = if a.year.is_none() { &a.title } else { &b.title };
        return uncertain("year", format!("the graph records no usable year for \"{undated}\", so the two cannot be placed in time"), vec![], all);
    };
    let reason = format!("\"{}\" is from {ya} and \"{}\" from {yb}", a.title, b.title);
    if ya == yb {
        Verdict { verdict: Label::Supported, relation: "year".into(), reason, supporting: all, contradicting: vec![] }
    } else {
        Verdict { verdict: Label::Refuted, relation: "year".into(), reason, supporting: vec![], contradicting: all }
    }
}

/// The dates of the two papers a claim or question names (`same`: whether their years are
/// claimed equal, else ordered, `later`: the first the newer): the two models' papers
/// first, else the two papers named by their titles' words ([`Known::dated_sides`]); with
/// how the answer calls each. `None` unless two models or two titled papers are named.
fn named_dates(later: bool, same: bool, entities: &Normalized, facts: &[Fact], known: &Known) -> Option<(Verdict, String, String)> {
    let by_models = match entities.methods.as_slice() {
        [x, y, ..] if !same => Some((dates(later, x, y, entities, facts, known), format!("{}'s paper", x.canonical), format!("{}'s paper", y.canonical))),
        _ => None,
    };
    let found_nothing = |v: &Verdict| v.verdict == Label::Uncertain && v.supporting.is_empty() && v.contradicting.is_empty();
    match (by_models, &known.dated_sides) {
        (Some(m), _) if !found_nothing(&m.0) => Some(m),
        (_, Some((a, b))) => Some((if same { same_year(a, b) } else { titled_dates(later, a, b, known) }, format!("\"{}\"", a.title), format!("\"{}\"", b.title))),
        (m, None) => m,
    }
}

/// Two papers put in order by their recorded years, against the claim that the first is the
/// `later` one (else the earlier); `all`: the facts shown either way.
fn ordered(later: bool, px: &PaperRef, py: &PaperRef, all: Vec<FactRef>, known: &Known) -> Verdict {
    let disputed = &known.disputed_years;
    let all = || all.clone();
    let (Some(a), Some(b)) = (px.year, py.year) else {
        let undated = if px.year.is_none() { &px.title } else { &py.title };
        return uncertain("year", format!("the graph records no usable year for \"{undated}\", so the two cannot be placed in time"), vec![], all());
    };
    // Every year recorded for each paper (two when the record contradicts itself): the
    // claim holds, or fails, whichever is right, or it cannot be settled.
    let years_of = |p: &PaperRef, y: i32| disputed.get(&p.iri).cloned().unwrap_or_else(|| vec![y]);
    let (ya, yb) = (years_of(px, a), years_of(py, b));
    let outcomes: Vec<bool> = ya.iter().flat_map(|a| yb.iter().map(move |b| (*a, *b))).filter(|(a, b)| a != b).map(|(a, b)| if later { a > b } else { a < b }).collect();
    let said = |years: &[i32]| years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ");
    let reason = format!("\"{}\" is from {} and \"{}\" from {}", px.title, said(&ya), py.title, said(&yb));
    if outcomes.len() < ya.len() * yb.len() || outcomes.is_empty() || outcomes.iter().any(|o| *o != outcomes[0]) {
        return uncertain("year", format!("{reason}, so the two cannot be ordered"), vec![], all());
    }
    let holds = outcomes[0];
    let verdict = if holds { Label::Supported } else { Label::Refuted };
    let (supporting, contradicting) = if holds { (all(), vec![]) } else { (vec![], all()) };
    Verdict { verdict, relation: "year".into(), reason, supporting, contradicting }
}

/// "Which came out first, the X paper or the Y paper?": the two named models' papers put in
/// order by their recorded years, else the two papers named by words of their titles
/// ([`Known::dated_sides`]), as an account (no verdict is asked for); said as open when
/// either has no usable year or two that order them both ways. `None` unless two models or
/// two titled papers are named.
/// `later`: the question asks which came out later ("which is newer"), and is answered so,
/// the later paper's year shown first.
pub fn paper_order(later: bool, entities: &Normalized, facts: &[Fact], known: &Known) -> Option<Verdict> {
    // Read as "X's paper is older than Y's": supported, X came first; refuted, Y did.
    let (v, x, y) = named_dates(false, false, entities, facts, known)?;
    let (first, last) = match v.verdict {
        Label::Supported => (Some(x), Some(y)),
        Label::Refuted => (Some(y), Some(x)),
        Label::Uncertain => (None, None),
    };
    // Each paper's year, the one asked for first (the earlier, or the later when asked).
    let mut shown = [v.supporting, v.contradicting].concat();
    let x_first = v.verdict == Label::Supported;
    if v.verdict != Label::Uncertain && x_first == later {
        shown.reverse();
    }
    let reason = match (first, last) {
        (Some(_), Some(m)) if later => format!("{}, so {m} came out later", v.reason),
        (Some(m), _) => format!("{}, so {m} came out first", v.reason),
        _ => v.reason,
    };
    // Said on its own, not after a verdict's label: it opens a sentence.
    Some(Verdict::dated(super::standing::capitalized(&reason), shown))
}

/// A negation: "nobody has beaten X", "X has not been beaten".
pub(super) static NEGATED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(nobody|no one|nothing|none|not|never|no other|unbeaten|no (?:later |newer |subsequent )?(?:model|method|system|approach|paper|work|entry|submission|result)s?)\b|n['’]t\b").unwrap_or_else(|e| panic!("negation pattern: {e}"))
});

/// The verdict on the opposite claim: supported and refuted swap, with their facts.
pub(super) fn turned(v: Verdict) -> Verdict {
    let verdict = match v.verdict {
        Label::Supported => Label::Refuted,
        Label::Refuted => Label::Supported,
        Label::Uncertain => Label::Uncertain,
    };
    Verdict { verdict, supporting: v.contradicting, contradicting: v.supporting, ..v }
}

pub(super) fn uncertain(relation: &str, reason: String, supporting: Vec<FactRef>, contradicting: Vec<FactRef>) -> Verdict {
    Verdict { verdict: Label::Uncertain, relation: relation.to_owned(), reason, supporting, contradicting }
}

/// A model evaluated on a dataset, with or without a recorded value: (model IRI, model
/// label, dataset IRI).
pub type Evaluated = (String, String, String);

/// Judges the claim in `question`: a relation claim (an evaluation, a dataset's use, a
/// paper's year or DOI) against what the graph records in `known`, any other against the
/// resolved `facts`; `known.evaluated` says which models were tried on which datasets (a
/// claim about who beats whom needs both sides on the leaderboard).
pub fn judge(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    // "X holds the best score on D": "Best Score" is a metric of some boards; where the
    // boards named record no such metric, the words say X is the best there, by what they
    // do record.
    if let Some(at) = unrecorded_superlative(entities, facts) {
        let mut read = entities.clone();
        read.metrics.remove(at);
        return judge(question, &read, facts, known, direction);
    }
    let v = judged(question, entities, facts, known, direction);
    // Left open only because the claim's model had no result yet as the board stood then,
    // or refuted by the board's top for want of one (`by_the_top`): that it had none yet
    // is the reason to give.
    let no_result_yet = |v: &Verdict| v.verdict == Label::Uncertain || (v.verdict == Label::Refuted && v.relation == "outperforms");
    match (no_result_yet(&v), not_yet(question, entities, facts, known, direction)) {
        (true, Some(yet)) => {
            let mut shown = v.contradicting;
            shown.extend(yet.contradicting.iter().filter(|f| !shown.contains(f)).cloned().collect::<Vec<_>>());
            Verdict { contradicting: shown, ..yet }
        }
        _ => v,
    }
}

/// The metric named as "the best score" (or "top", "highest") when no fact on the boards
/// the claim names is of that metric, while some fact is on them.
fn unrecorded_superlative(entities: &Normalized, facts: &[Fact]) -> Option<usize> {
    let on_named_board = |f: &&Fact| !entities.datasets.is_empty() && entities.datasets.iter().any(|d| matches(d, &f.key.1, &f.dataset));
    entities.metrics.iter().position(|m| {
        let text = m.text.to_lowercase();
        ["best ", "top ", "highest "].iter().any(|w| text.starts_with(w))
            && facts.iter().filter(on_named_board).any(|f| f.numeric.is_some())
            && !facts.iter().filter(on_named_board).any(|f| matches(m, &f.key.2, &f.metric))
    })
}

fn judged(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    // "Both A and B beat C", "A beats B on D but not C on E": each part judged alone.
    if let Some(v) = super::compound::judge(question, entities, facts, known, direction, &judge) {
        return v;
    }
    // "A does not outperform B on D": the positive claim judged, its verdict turned round.
    if let Some(denied) = super::negation::positive(question) {
        return turned(judge(&denied, entities, facts, known, direction));
    }
    // "X is the newest on D (its paper is from 2023), so I assume it is also the best":
    // the conclusion is what is claimed, and a false premise refutes the claim too.
    if let Some((premise, conclusion)) = inference(question) {
        // "A newer than B, so higher acc on D, yes?": the comparison's sides are the claim's.
        static BARE: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)^(?:(?:it|they|that)\s+)?(?:(?:should|must|would|will|ought to)\s+(?:be\s+|have\s+(?:an?\s+|the\s+)?|get\s+(?:an?\s+|the\s+)?)|is\s+|has\s+(?:an?\s+|the\s+)?|gets\s+(?:an?\s+|the\s+)?)?(higher|better|lower|worse|stronger|weaker)\b(.*)$").unwrap_or_else(|e| panic!("bare comparative pattern: {e}"))
        });
        // "... and Y's only 8.1, so X did better there, surely?": the other model named is
        // the one X is said to beat.
        static NAMED: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)^(.+?)\s+(?:did|does|do|is|was|performed|performs|scored|scores|got|gets|came out|comes out)\s+(better|worse|higher|lower|stronger|weaker)\b(.*)$").unwrap_or_else(|e| panic!("named comparative pattern: {e}"))
        });
        let named_side = NAMED.captures(conclusion).filter(|c| !c[3].to_lowercase().contains(" than ")).and_then(|c| {
            let subject = c[1].to_lowercase();
            let x = entities.methods.iter().find(|m| subject.contains(&m.text.to_lowercase()))?;
            let y = entities.methods.iter().find(|m| !std::ptr::eq(*m, x))?;
            Some(format!("{} {} than {}{}", x.text, &c[2], y.text, &c[3]))
        });
        let sided = match (BARE.captures(conclusion), entities.methods.as_slice(), named_side) {
            (_, _, Some(s)) => s,
            (Some(c), [x, y, ..], None) => format!("{} {} than {}{}", x.text, &c[1], y.text, &c[2]),
            _ => conclusion.to_owned(),
        };
        let concluded = judge(&sided, entities, facts, known, direction);
        if concluded.relation != "unknown" {
            let premised = judge(premise, entities, facts, known, direction);
            return match (premised.relation.as_str(), premised.verdict, concluded.verdict) {
                (relation, Label::Refuted, Label::Supported | Label::Uncertain) if relation != "unknown" => {
                    Verdict { reason: format!("{}, which the claim takes as given", premised.reason), ..premised }
                }
                _ => concluded,
            };
        }
    }
    let facts = &same_split(question, facts);
    // "Before 2020, four models already had F1 results on D": the models counted.
    if let Some(v) = super::counts::judge(question, entities, facts, known) {
        return v;
    }
    // A bound on a margin ("more than four points ahead of Y", "with two points to spare"):
    // the margin decides, not who is ahead or who holds the record.
    if let Some(v) = super::margins::judge(question, entities, facts, known, direction) {
        return v;
    }
    // The record over time: who led the board in a year, took it from whom, held it when.
    if let Some(v) = super::record::judge(question, entities, known, direction) {
        return v;
    }
    // Where a model stands now: within M points of the best, only N ahead, best on both.
    if let Some(v) = super::standing::judge(question, entities, facts, direction) {
        return v;
    }
    // A margin, a rank, a first, the year a value was reported, a record kept since a year:
    // the claim's own qualifier decides, not the comparison or value it qualifies.
    if let Some(v) = super::qualifiers::judge(question, entities, facts, known, direction) {
        return v;
    }
    if let Some(v) = super::relations::judge(question, entities, known, facts) {
        return v;
    }
    // "Is X's paper newer than Y's?", "X's paper predates Y's": the papers' years compared,
    // the models' papers first, else the papers the claim names by their titles' words.
    if classify::claim_about(question) == Some(classify::ClaimAbout::Dates) {
        static LATER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(newer|later|more recent|postdates?|after)\b").unwrap_or_else(|e| panic!("later pattern: {e}")));
        let later = LATER.is_match(question);
        // "A and B came out the same year": the two years equal, not ordered.
        static SAME: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bthe\s+same\s+year\b").unwrap_or_else(|e| panic!("same year pattern: {e}")));
        if let Some((v, _, _)) = named_dates(later, SAME.is_match(question), entities, facts, known) {
            return v;
        }
    }
    let mut v = on_scores(question, entities, facts, known, direction);
    // "A beats B on D" with no result of either there: open, and what D does record (its
    // best, held by a third model) is said with the models' own records.
    let open_pair = v.verdict == Label::Uncertain && v.relation == "outperforms" && v.supporting.is_empty() && v.contradicting.is_empty();
    if v.verdict == Label::Uncertain && v.supporting.is_empty() && v.contradicting.is_empty() {
        // Undecided, but not empty-handed: what the graph records of the named models on
        // the claim's board is the evidence a reader weighs.
        v.contradicting = entities.methods.iter().flat_map(|m| facts_of(facts, m, entities).into_iter().take(3)).map(FactRef::of).collect();
    }
    if v.verdict == Label::Uncertain && v.contradicting.is_empty() {
        v.contradicting = super::relations::evaluations_without_values(entities, known);
    }
    if open_pair {
        let third = |t: &&&Fact| !entities.methods.iter().any(|m| model_of(m, &t.key.0, &t.model));
        let tops: Vec<&Fact> = tops(entities, facts, direction).iter().filter(third).copied().collect();
        if let Some(top) = tops.first() {
            v.reason = format!("{}; the best recorded {} on {} is {}'s {}", v.reason, top.metric, top.dataset, top.model, top.value);
            v.contradicting.extend(tops.iter().map(|f| FactRef::of(f)));
        }
    }
    v
}

/// "As of 2021, Trillbert had beaten Warbleon's 11.3": the claim's model has no result
/// as the board stood then, and every result of it the anchor left out is dated after it,
/// so by then it had done nothing the claim says. `REFUTED`, with its first later result
/// said; `None` when the model has a result under the anchor, one without a usable year
/// (it may be older), or the claim puts it behind ("X was worse than Y").
fn not_yet(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    if known.set_aside.is_empty() || UNDERPERFORMS.is_match(question) || classify::claim_about(question) == Some(classify::ClaimAbout::Dates) {
        return None;
    }
    let x = entities.methods.iter().find(|m| m.is_linked())?;
    let of_x = |iri: &str, label: &str| model_of(x, iri, label);
    if facts.iter().any(|f| of_x(&f.key.0, &f.model)) || known.evaluated.iter().any(|(iri, label, _)| of_x(iri, label)) {
        return None;
    }
    let later: Vec<&(crate::pipeline::evidence::ResultFact, Option<i32>)> = known.set_aside.iter().filter(|(r, _)| r.model.as_ref().is_some_and(|m| of_x(&m.iri, m.label.as_deref().unwrap_or_default()))).collect();
    if later.is_empty() || later.iter().any(|(_, year)| year.is_none()) {
        return None;
    }
    let first = later.iter().filter_map(|(_, y)| *y).min()?;
    let on: Vec<String> = later.iter().filter_map(|(r, _)| r.dataset.label.clone()).fold(Vec::new(), |mut v, d| {
        if !v.contains(&d) {
            v.push(d);
        }
        v
    });
    let mut shown: Vec<FactRef> = entities.methods.iter().filter(|m| !std::ptr::eq(*m, x)).flat_map(|m| facts_of(facts, m, entities).into_iter().take(3)).map(FactRef::of).collect();
    // A claim that it led the board ("X was already top of D before 2020"): who did then.
    let linked: Vec<&NormalizedEntity> = entities.datasets.iter().filter(|d| d.is_linked()).collect();
    let then = match linked.as_slice() {
        [_] if BEST.is_match(question) => {
            let board: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
            let first_metric = board.first().map(|f| f.metric.clone());
            let board: Vec<&Fact> = board.into_iter().filter(|f| Some(&f.metric) == first_metric.as_ref()).collect();
            best(&board, direction).map(|b| {
                shown.push(FactRef::of(b));
                format!("; the best on {} by {} then was {} ({})", b.dataset, b.metric, b.model, b.value)
            })
        }
        _ => None,
    };
    let reason = format!("as the graph stood then, {} had no result yet: its first, on {}, is from {first}{}", x.canonical, on.join(" and "), then.unwrap_or_default());
    Some(Verdict { verdict: Label::Refuted, relation: "achieves".into(), reason, supporting: vec![], contradicting: shown })
}

/// A claim drawn from a premise: ("X is the newest model on D", "it is also the best
/// there"). `None` when no "so", "therefore" or "which means" joins two statements.
fn inference(question: &str) -> Option<(&str, &str)> {
    static SO: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:,|;|\s-)?\s+\b(?:so|therefore|hence|thus|which means)\b(?:\s+(?:i\s+(?:assume|guess|suppose|figure|take it)|presumably|surely|probably))?(?:\s+that)?\s+")
            .unwrap_or_else(|e| panic!("inference pattern: {e}"))
    });
    let m = SO.find(question)?;
    let (premise, conclusion) = (&question[..m.start()], &question[m.end()..]);
    let words = |s: &str| s.split_whitespace().count();
    // "so far", "so-called", "and so on" join nothing.
    if words(premise) < 3 || words(conclusion) < 3 || conclusion.to_lowercase().starts_with("far ") || conclusion.to_lowercase().starts_with("on ") {
        return None;
    }
    Some((premise, conclusion))
}

/// The facts of the split the claim names ("92.3 test ppl" is not a validation
/// perplexity), when the claim names one and some metric carries it; otherwise all.
fn same_split(question: &str, facts: &[Fact]) -> Vec<Fact> {
    static SPLIT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(test|validation|val|dev)\b").unwrap_or_else(|e| panic!("split pattern: {e}")));
    let Some(split) = SPLIT.captures(question).map(|c| c[1].to_lowercase()) else { return facts.to_vec() };
    let split = if split == "val" { "validation".to_owned() } else { split };
    let named = |f: &Fact| f.metric.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| w == split);
    if facts.iter().any(named) {
        facts.iter().filter(|f| named(f) || !SPLIT.is_match(&f.metric)).cloned().collect()
    } else {
        facts.to_vec()
    }
}

/// The claim as a comparison, a score or a best result.
fn on_scores(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let evaluated = &known.evaluated;
    let methods = &entities.methods;
    if methods.is_empty() {
        if let Some(v) = board_extreme(question, entities, facts, direction) {
            return v;
        }
        if let Some(v) = board_metric(question, entities, facts) {
            return v;
        }
        return uncertain("unknown", "the claim names no model or method the graph records results for".into(), vec![], vec![]);
    }
    // "X has a lower word error rate than Y": the values compared as written, whichever way
    // the metric counts as better.
    if let (true, Some(c)) = (methods.len() >= 2, VALUE_THAN.captures(question)) {
        let forced = if matches!(c[1].to_lowercase().as_str(), "lower" | "smaller" | "less" | "fewer") { Direction::Lower } else { Direction::Higher };
        return outperforms(&methods[0], &methods[1], entities, facts, known, &|_| forced, EVERY_BOARD.is_match(question));
    }
    // "X only beats Y on D": the models X beats there are Y and no other.
    static ONLY_BEATS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bonly\s+(?:beats|outperforms|tops|bests|does better than|is better than|scores above)\b").unwrap_or_else(|e| panic!("only-beats pattern: {e}")));
    if methods.len() >= 2 && !entities.datasets.is_empty() && ONLY_BEATS.is_match(question) {
        return beats_only(&methods[0], &methods[1..], entities, facts, direction);
    }
    let reversed = UNDERPERFORMS.is_match(question);
    if methods.len() >= 2 && (OUTPERFORMS.is_match(question) || reversed) {
        let (x, y) = if reversed { (&methods[1], &methods[0]) } else { (&methods[0], &methods[1]) };
        return outperforms(x, y, entities, facts, known, direction, EVERY_BOARD.is_match(question));
    }
    // "The Nerrisa paper reports Gannetron at 21.5": the paper's namesake is not the subject.
    let lowered = question.to_lowercase();
    let names_a_paper = |m: &NormalizedEntity| {
        [&m.text, &m.canonical].iter().any(|n| ["paper", "re-run", "rerun", "reproduction", "replication"].iter().any(|w| lowered.contains(&format!("{} {w}", n.to_lowercase()))))
    };
    let x = methods.iter().find(|m| !names_a_paper(m)).unwrap_or(&methods[0]);
    let fx = facts_of(facts, x, entities);
    let fx = if fx.is_empty() { by_shorter_metric(facts, x, entities) } else { fx };
    // "Has anyone beaten X's 34.2 on D?", "somebody must have beaten X by now": the claim
    // is that X is no longer the best, so the best-result verdict turned round ("nobody has
    // beaten X" is the best-result claim itself).
    if classify::claim_about(question) == Some(classify::ClaimAbout::Beaten) && !NEGATED.is_match(question) {
        return turned(is_best(x, entities, &fx, facts, direction));
    }
    // "Nobody beats X on D", "no one has a lower WER than X": X is the best. "Nothing beats
    // X's 8.9 WER": the value is X's own, the claim still that X leads.
    let owns_value = || Regex::new(&format!(r"(?i){}['’]s\s+\d", regex::escape(&x.text))).is_ok_and(|r| r.is_match(question));
    if classify::claim_about(question) == Some(classify::ClaimAbout::Beaten) && methods.len() == 1 && (super::numbers::claimed(question, entities).is_none() || owns_value()) {
        return is_best(x, entities, &fx, facts, direction);
    }
    if let Some(claimed) = super::numbers::claimed(question, entities) {
        if fx.is_empty() {
            // Evaluated there with no value recorded: the graph cannot check the number.
            // Recorded there by another metric than the claim's ("71.4 by F1" where the
            // graph has 71.4 by Accuracy): those are what the graph can say.
            let elsewhere: Vec<&Fact> = facts
                .iter()
                .filter(|f| f.numeric.is_some() && model_of(x, &f.key.0, &f.model) && entities.datasets.iter().any(|d| matches(d, &f.key.1, &f.dataset)))
                .collect();
            if let (Some(metric), false) = (entities.metrics.first(), elsewhere.is_empty()) {
                let recorded = elsewhere.iter().map(|f| format!("{} {}", f.metric, f.value)).collect::<Vec<_>>().join(", ");
                let reason = format!("the graph records no {} of {} on {}, only {recorded}", metric.canonical, x.canonical, elsewhere[0].dataset);
                return uncertain("achieves", reason, vec![], elsewhere.iter().map(|f| FactRef::of(f)).collect());
            }
            let unscored = entities.datasets.iter().flat_map(|d| &d.iris).any(|d| tried(x, evaluated, d));
            if unscored {
                // With the board's best when the claim is beyond it: what a reader weighs.
                let top = beyond_the_top(x, claimed, entities, facts, direction);
                let mut beyond = top.reason.split_once("; ").filter(|_| !top.contradicting.is_empty()).map(|(_, t)| format!("; {t}")).unwrap_or_default();
                // The evaluation itself first (what the claim is about), then the board's best
                // (said whether or not the claim is past it: what a reader weighs the number by).
                let mut shown = super::relations::evaluations_without_values(entities, known);
                if top.contradicting.is_empty() {
                    let best: Vec<&Fact> = tops(entities, facts, direction).into_iter().take(3).collect();
                    if !best.is_empty() {
                        beyond = format!("; the best recorded there is {}", best.iter().map(|f| format!("{} ({} by {})", f.model, f.value, f.metric)).collect::<Vec<_>>().join(", "));
                        shown.extend(best.into_iter().map(FactRef::of));
                    }
                }
                shown.extend(top.contradicting);
                return uncertain("achieves", format!("the graph records an evaluation of {} there but no value{beyond}", x.canonical), vec![], shown);
            }
            return beyond_the_top(x, claimed, entities, facts, direction);
        }
        // "The paper on scaling ice segmentation backbones reports Tavrosa at 86.1": the
        // number is checked against what that paper records, not the graph at large.
        let board: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
        if let Some(paper) = cited_paper(question, entities, &board) {
            let stated: Vec<&Fact> = fx.iter().copied().filter(|f| f.papers.iter().any(|p| p.iri == paper.iri)).collect();
            return in_paper(x, claimed, &stated, &board, paper);
        }
        let value = achieves(x, claimed, &fx);
        // "X is above 60 on all three ANLI rounds": every result read must meet it, not one.
        static ON_EVERY: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)\b(?:on|across|in|for|at)\s+(?:all|every|each)\b|\ball\s+(?:two|three|four|five|six|of\s+(?:its|the|them))\b").unwrap_or_else(|e| panic!("on-every pattern: {e}"))
        });
        let value = if value.verdict == Label::Supported && !value.contradicting.is_empty() && ON_EVERY.is_match(question) {
            let short: Vec<String> = value.contradicting.iter().map(|f| f.statement.clone()).collect();
            Verdict { verdict: Label::Refuted, reason: format!("not every result of {} is {}: the graph also records {}", x.canonical, claimed.describe(), short.join("; ")), ..value }
        } else {
            value
        };
        // "X's 27.3 - is that still the best?": the value must hold, and be the best.
        // "X's 18.2 - still the record?": when X is not the best, the best is what refutes
        // the claim, whatever becomes of the number (wrong, or recorded twice).
        // "X's 53.4 is the best anyone has there now": a value that holds is only the claim's
        // first half; a best left open (a close conflict above it) leaves the claim open.
        // Only a best said in so many words: "top-1", "leading" or "ahead" beside a value
        // need not claim the board's best.
        static IS_THE_BEST: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)\b(?:is|remains|stays|still|now)\s+(?:now\s+|still\s+)?the\s+(?:best|highest|lowest|top|strongest)\b").unwrap_or_else(|e| panic!("is-the-best pattern: {e}"))
        });
        let named_best = IS_THE_BEST.is_match(question);
        if BEST_VALUE.is_match(question) || named_best {
            let best = is_best(x, entities, &fx, facts, direction);
            // A best left open while the value is open too ("X (6.8) is the strongest on D",
            // 6.8 disputed by 7.9): the best's account says both and who leads under each.
            if best.verdict == Label::Refuted || (named_best && value.verdict != Label::Refuted && best.verdict == Label::Uncertain) {
                return best;
            }
        }
        return value;
    }
    // "X was the weakest result on D before 2020", "X came dead last there": the other end
    // of the board from the best.
    if classify::extreme(question) == Some(classify::Extreme::Worst) && methods.len() == 1 {
        return is_worst(x, &fx, facts, direction);
    }
    if BEST.is_match(question) && EVER.is_match(question) {
        return was_best(question, x, entities, facts, known, direction);
    }
    if BEST.is_match(question) {
        return is_best(x, entities, &fx, facts, direction);
    }
    uncertain(
        "unknown",
        "the claim is not a comparison, a score or a best result, which is what the graph's facts can settle".into(),
        vec![],
        fx.iter().map(|f| FactRef::of(f)).collect(),
    )
}

/// "X outperforms Y": compared on every (dataset, metric) both have results for.
/// `everywhere`: the claim is that X beats Y on every board they share, so one loss refutes it.
fn outperforms(x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction, everywhere: bool) -> Verdict {
    let (fx, fy) = (facts_of(facts, x, entities), facts_of(facts, y, entities));
    let mut wins = Vec::new();
    let mut losses = Vec::new();
    let mut undecided = Vec::new();
    let mut pairs: Vec<(&str, &str)> = fx.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    pairs.sort();
    pairs.dedup();
    for (dataset, metric) in pairs {
        let on_x: Vec<&Fact> = fx.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
        let on_y: Vec<&Fact> = fy.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
        if let (Some(bx), Some(by)) = (best(&on_x, direction), best(&on_y, direction)) {
            let d = direction(&bx.metric);
            // A result the graph records with two values too close to call: the comparison
            // counts only when every recorded value of the one beats every value of the other.
            let values = |f: &Fact, on: &[&Fact]| on.iter().filter(|o| o.key == f.key).filter_map(|o| o.numeric).collect::<Vec<f64>>();
            let (vx, vy) = (values(bx, &on_x), values(by, &on_y));
            let all_beat = |a: &[f64], b: &[f64]| a.iter().all(|&p| b.iter().all(|&q| better(d, p, q)));
            if !all_beat(&vx, &vy) && !all_beat(&vy, &vx) && (vx.len() > 1 || vy.len() > 1) {
                undecided.push((bx, by));
                continue;
            }
            if better(d, bx.numeric.unwrap_or(f64::NAN), by.numeric.unwrap_or(f64::NAN)) {
                wins.push((bx, by));
            } else if bx.numeric != by.numeric {
                losses.push((bx, by));
            }
        }
    }
    let refs = |pairs: &[(&Fact, &Fact)]| -> Vec<FactRef> { pairs.iter().flat_map(|(a, b)| [FactRef::of(a), FactRef::of(b)]).collect() };
    let (xa, ya) = (&x.canonical, &y.canonical);
    // "Does A beat B on every dataset they share?": one sure loss refutes it, whatever
    // the boards too close to call would say.
    if everywhere && !losses.is_empty() {
        let lost = losses.iter().map(|(a, b)| format!("on {} by {}, {} {} vs {} {}", a.dataset, a.metric, xa, a.value, ya, b.value)).collect::<Vec<_>>().join("; ");
        let others = refs(&wins).into_iter().chain(refs(&undecided));
        return Verdict { verdict: Label::Refuted, relation: "outperforms".into(), reason: format!("{xa} does not beat {ya} everywhere: {lost}"), supporting: vec![], contradicting: refs(&losses).into_iter().chain(others).collect() };
    }
    if !undecided.is_empty() {
        let reason = format!("the graph records {xa} or {ya} with values too close to call, some better and some worse than the other's");
        return uncertain("outperforms", reason, refs(&wins), refs(&undecided).into_iter().chain(refs(&losses)).collect());
    }
    if wins.is_empty() && losses.is_empty() {
        if everywhere {
            if let Some(v) = every_top(x, y, entities, facts, known, direction) {
                return v;
            }
        }
        return by_the_top(x, y, entities, facts, known, direction);
    }
    let settled = |verdict, reason: String, supporting, contradicting| Verdict { verdict, relation: "outperforms".into(), reason, supporting, contradicting };
    match (wins.is_empty(), losses.is_empty()) {
        (true, true) => uncertain("outperforms", format!("the graph records no result of {xa} and {ya} on the same dataset and metric"), vec![], vec![]),
        (false, true) => settled(Label::Supported, format!("{xa} scores better than {ya} on every dataset and metric both are recorded on"), refs(&wins), vec![]),
        (true, false) => settled(Label::Refuted, format!("{ya} scores better than {xa} on every dataset and metric both are recorded on"), vec![], refs(&losses)),
        (false, false) => uncertain("outperforms", format!("{xa} is better than {ya} on some recorded results and worse on others"), refs(&wins), refs(&losses)),
    }
}

/// Whether a claim says one model beats another on every board ("on every dataset they
/// share", "everywhere"): the boards both are on are then read whole (`Pipeline::attempt`).
pub fn claims_everywhere(question: &str) -> bool {
    EVERY_BOARD.is_match(question)
}

/// "on every dataset", "on all benchmarks they share".
static EVERY_BOARD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:every|each|all(?: the)?)\s+(?:datasets?|benchmarks?|boards?|tasks?)\b|\beverywhere\b|\bacross the board\b").unwrap_or_else(|e| panic!("every-board pattern: {e}")));

/// "X outperforms Y" with no result of both on one leaderboard: the top of each leaderboard
/// the claim names. X holding the top of a board Y is evaluated on supports the claim; Y
/// holding the top of one X is evaluated on refutes it.
fn by_the_top(x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let (evaluated, set_aside) = (&known.evaluated, &known.set_aside);
    let (xa, ya) = (&x.canonical, &y.canonical);
    for top in tops(entities, facts, direction).into_iter().filter(|t| tried(x, evaluated, &t.key.1) && tried(y, evaluated, &t.key.1)) {
        let settled = |verdict, reason: String, supporting: Vec<FactRef>, contradicting: Vec<FactRef>| Verdict { verdict, relation: "outperforms".into(), reason, supporting, contradicting };
        let holder = model_of(x, &top.key.0, &top.model) || model_of(y, &top.key.0, &top.model);
        let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == top.key.1 && f.key.2 == top.key.2).collect();
        if let Some((low, rival)) = open_lead(top, &board, direction).filter(|_| holder) {
            let reason = format!(
                "{} holds the best recorded {} on {} with {}, but the graph also records {} for it, which would put {}'s {} ahead, so which model leads depends on which holds",
                top.model, top.metric, top.dataset, top.value, low.value, rival.model, rival.value
            );
            return uncertain("outperforms", reason, vec![FactRef::of(top)], vec![FactRef::of(low), FactRef::of(rival)]);
        }
        // Every top the holder has on that board is shown (its F1 beside its accuracy).
        let held = |e: &NormalizedEntity| -> Vec<FactRef> { tops(entities, facts, direction).into_iter().filter(|t| t.key.1 == top.key.1 && model_of(e, &t.key.0, &t.model)).map(FactRef::of).collect() };
        if model_of(x, &top.key.0, &top.model) {
            return settled(Label::Supported, format!("{xa} holds the best recorded {} on {}", top.metric, top.dataset), held(x), vec![]);
        }
        if model_of(y, &top.key.0, &top.model) {
            return settled(Label::Refuted, format!("{ya} holds the best recorded {} on {}", top.metric, top.dataset), vec![], held(y));
        }
    }
    // "X beat Y on D" with Y holding D's top and no evaluation of X there: no result
    // recorded is above Y's, so the claim is refuted as the graph stands, as a claim that X
    // is the best there would be (and as it is above when X was tried there with no value).
    // Not for a model the graph does not hold at all (nothing is known of it), nor one whose
    // results a time anchor set aside (`not_yet` speaks of those).
    let tops = tops(entities, facts, direction);
    let led: Vec<&Fact> = tops.iter().copied().filter(|t| model_of(y, &t.key.0, &t.model)).collect();
    let later = set_aside.iter().any(|(r, _)| r.model.as_ref().is_some_and(|m| model_of(x, &m.iri, m.display())));
    if let Some(top) = led.first().filter(|_| !x.iris.is_empty() && !later) {
        let reason = format!("{ya} holds the best recorded {} on {} with {}; the graph records no result of {xa} there", top.metric, top.dataset, top.value);
        return Verdict { verdict: Label::Refuted, relation: "outperforms".into(), reason, supporting: vec![], contradicting: led.iter().map(|f| FactRef::of(f)).collect() };
    }
    uncertain("outperforms", format!("the graph records no result of {xa} and {ya} on the same dataset and metric"), vec![], vec![])
}

/// "X beats Y on every board they share" with no result of both on one leaderboard: each
/// board both are evaluated on, by its top. Y holding any board's top refutes it; X holding
/// every board's top supports it; a board another model leads (or whose lead a conflict
/// leaves open) leaves it open. `None` when no board both are on has a top read.
fn every_top(x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let evaluated = &known.evaluated;
    let (xa, ya) = (&x.canonical, &y.canonical);
    // Each board's top under each metric: of the boards the claim names, else of every
    // board read (those both are on, read whole for the claim).
    let every = Normalized { datasets: Vec::new(), ..entities.clone() };
    let all_tops = |on: &Normalized| -> Vec<&Fact> {
        if !on.datasets.is_empty() {
            return tops(on, facts, direction);
        }
        let mut boards: Vec<(&str, &str)> = facts.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
        boards.sort_unstable();
        boards.dedup();
        boards.into_iter().filter_map(|(d, m)| best(&facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m).collect::<Vec<_>>(), direction)).collect()
    };
    let on = if entities.datasets.is_empty() { &every } else { entities };
    let shared: Vec<&Fact> = all_tops(on).into_iter().filter(|t| tried(x, evaluated, &t.key.1) && tried(y, evaluated, &t.key.1)).collect();
    let mut boards: Vec<&str> = shared.iter().map(|t| t.dataset.as_str()).collect();
    boards.sort_unstable();
    boards.dedup();
    if boards.is_empty() {
        return None;
    }
    let held_by = |e: &NormalizedEntity, board: &str| -> Vec<&Fact> {
        shared.iter().copied().filter(|t| t.dataset == board && model_of(e, &t.key.0, &t.model)).filter(|t| open_lead(t, &facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == t.key.1 && f.key.2 == t.key.2).collect::<Vec<_>>(), direction).is_none()).collect()
    };
    let (mut won, mut lost, mut open): (Vec<&Fact>, Vec<&Fact>, Vec<&str>) = (Vec::new(), Vec::new(), Vec::new());
    for board in &boards {
        let (mine, theirs) = (held_by(x, board), held_by(y, board));
        match (mine.is_empty(), theirs.is_empty()) {
            (_, false) => lost.extend(theirs),
            (false, true) => won.extend(mine),
            (true, true) => open.push(board),
        }
    }
    // "CNN / Daily Mail (by ROUGE-L, ROUGE-1); GigaWord (by ROUGE-1)": each board once.
    let named = |fs: &[&Fact]| {
        let mut on: Vec<(&str, Vec<&str>)> = Vec::new();
        for f in fs {
            match on.iter_mut().find(|(d, _)| *d == f.dataset) {
                Some((_, metrics)) => metrics.push(&f.metric),
                None => on.push((&f.dataset, vec![&f.metric])),
            }
        }
        on.iter().map(|(d, ms)| format!("{d} (by {})", ms.join(", "))).collect::<Vec<_>>().join("; ")
    };
    let refs = |fs: &[&Fact]| fs.iter().map(|f| FactRef::of(f)).collect::<Vec<_>>();
    let all = boards.join(", ");
    let v = if !lost.is_empty() {
        let reason = format!("of the boards both are evaluated on ({all}), {ya} holds the best recorded value on {}", named(&lost));
        Verdict { verdict: Label::Refuted, relation: "outperforms".into(), reason, supporting: refs(&won), contradicting: refs(&lost) }
    } else if open.is_empty() {
        let reason = format!("{xa} holds the best recorded value on every board both are evaluated on: {}", named(&won));
        Verdict { verdict: Label::Supported, relation: "outperforms".into(), reason, supporting: refs(&won), contradicting: vec![] }
    } else {
        let reason = format!("of the boards both are evaluated on ({all}), neither holds the best recorded value on {}, so how they compare there cannot be told", open.join(", "));
        uncertain("outperforms", reason, refs(&won), vec![])
    };
    Some(v)
}

/// A board's lead left open by a conflict: the top's model also recorded with a worse value
/// there that another model's beats ("55.1 vs 51.0", with 53.4 between). That worse value
/// and the model that would lead if it holds.
fn open_lead<'a>(top: &Fact, board: &[&'a Fact], direction: &dyn Fn(&str) -> Direction) -> Option<(&'a Fact, &'a Fact)> {
    let d = direction(&top.metric);
    let low = board.iter().copied().filter(|f| f.key == top.key && f.numeric.is_some()).reduce(|a, b| if better(d, a.numeric.unwrap_or(f64::NAN), b.numeric.unwrap_or(f64::NAN)) { b } else { a })?;
    if low.numeric == top.numeric {
        return None;
    }
    let rivals: Vec<&Fact> = board.iter().copied().filter(|f| f.key.0 != top.key.0 && better(d, f.numeric.unwrap_or(f64::NAN), low.numeric.unwrap_or(f64::NAN))).collect();
    best(&rivals, direction).map(|rival| (low, rival))
}

/// The best recorded fact of every leaderboard (dataset and metric) the claim names.
fn tops<'a>(entities: &Normalized, facts: &'a [Fact], direction: &dyn Fn(&str) -> Direction) -> Vec<&'a Fact> {
    let named = |f: &&Fact| !entities.datasets.is_empty() && on_board(f, entities);
    let mut boards: Vec<(&str, &str)> = facts.iter().filter(named).map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    boards.sort();
    boards.dedup();
    boards
        .into_iter()
        .filter_map(|(d, m)| best(&facts.iter().filter(named).filter(|f| f.key.1 == d && f.key.2 == m).collect::<Vec<_>>(), direction))
        .collect()
}

/// "X reaches N": the recorded values of X, allowing for rounding.
/// "X reaches N" with no result of X recorded: uncertain, since the graph cannot say what
/// X scored. When N beats the best result the graph records on the leaderboard the claim
/// names, the reason says so, with that best as the evidence a reader weighs: a claim far
/// above the board is suspicious, not refuted (X may simply be unrecorded).
fn beyond_the_top(x: &NormalizedEntity, claimed: Claimed, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    // A board the graph does not hold ("Kelpwatch-Tasmania" beside Kelpwatch-Norrland) is
    // said by name: nothing was read from the one it resembles.
    let unheld = entities.datasets.iter().find(|d| crate::pipeline::front::link::is_near_miss(d)).map(|d| format!(" (the graph holds no dataset called {})", d.text)).unwrap_or_default();
    let none = || uncertain("achieves", format!("the graph records no matching result of {}{unheld}", x.canonical), vec![], vec![]);
    // A claim naming no metric could be about any of the dataset's boards.
    if entities.metrics.is_empty() {
        return none();
    }
    let beaten: Vec<&Fact> = tops(entities, facts, direction)
        .into_iter()
        .filter(|t| t.numeric.is_some_and(|v| claimed.beyond(v, |a, b| better(direction(&t.metric), a, b))))
        .collect();
    match beaten.first() {
        Some(top) => Verdict {
            verdict: Label::Uncertain,
            relation: "achieves".into(),
            reason: format!(
                "the graph records no result of {} there; the best recorded {} on {} is {} ({}), and no recorded result reaches {}",
                x.canonical, top.metric, top.dataset, top.value, top.model, claimed.value
            ),
            supporting: vec![],
            contradicting: beaten.iter().map(|f| FactRef::of(f)).collect(),
        },
        None => none(),
    }
}

/// Words of a title or question that can single a paper out (not names the claim is about,
/// not function words).
pub(super) fn telling_words(text: &str, entities: &Normalized) -> std::collections::BTreeSet<String> {
    const COMMON: &[&str] = &["with", "from", "using", "into", "over", "under", "based", "towards", "toward", "their", "that", "this", "paper", "study", "reports", "report", "right", "does", "score", "scores", "gets", "there"];
    let named: std::collections::BTreeSet<String> =
        entities.all().filter(|e| e.is_linked()).flat_map(|e| [e.text.to_lowercase(), e.canonical.to_lowercase()]).flat_map(|n| n.split(|c: char| !c.is_alphanumeric()).map(str::to_owned).collect::<Vec<_>>()).collect();
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4 && !COMMON.contains(w) && !named.contains(*w))
        .map(str::to_owned)
        .collect()
}

/// The paper a claim attributes its number to, among those stating results on its board:
/// "the Chirpform paper" (a title opening with that name), "the paper on scaling ice
/// segmentation backbones" or "the low-latency transcribers comparison" (two or more telling
/// words of its title). None when the claim
/// names no paper, or two papers fit as well.
fn cited_paper<'a>(question: &str, entities: &Normalized, board: &[&'a Fact]) -> Option<&'a PaperRef> {
    static MENTIONS: LazyLock<Regex> = LazyLock::new(|| {
        // A quoted title names a paper too: "'Reproducing Pretrained Birdsong Transcribers' reports 9.4".
        Regex::new(r#"(?i)\b(paper|study|article|publication|replication|reproduction|comparison|survey|review)\b|['"“‘][A-Z][^'"”’]{8,}['"”’]"#).unwrap_or_else(|e| panic!("paper pattern: {e}"))
    });
    if !MENTIONS.is_match(question) {
        return None;
    }
    let asked = telling_words(question, entities);
    let lowered = question.to_lowercase();
    let mut scored: Vec<(&PaperRef, usize)> = Vec::new();
    for paper in board.iter().flat_map(|f| &f.papers) {
        if scored.iter().any(|(p, _)| p.iri == paper.iri) {
            continue;
        }
        let overlap = telling_words(&paper.title, entities).intersection(&asked).count();
        let head = paper.title.split(':').next().unwrap_or("").trim().to_lowercase();
        let by_name = !head.is_empty() && head.len() < paper.title.len() && lowered.contains(&format!("{head} paper"));
        let score = overlap + if by_name { 2 } else { 0 };
        if score >= 2 {
            scored.push((paper, score));
        }
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.1));
    match scored.as_slice() {
        [(p, _)] => Some(*p),
        [(p, a), (_, b), ..] if a > b => Some(*p),
        _ => None,
    }
}

/// "Paper P reports X at N": what P records for X, and nothing else, decides.
fn in_paper(x: &NormalizedEntity, claimed: Claimed, stated: &[&Fact], board: &[&Fact], paper: &PaperRef) -> Verdict {
    if stated.is_empty() {
        let others: Vec<FactRef> = board.iter().filter(|f| f.papers.iter().any(|p| p.iri == paper.iri)).map(|f| FactRef::of(f)).collect();
        let reason = format!("\"{}\" records no result of {} there", paper.title, x.canonical);
        return Verdict { verdict: Label::Refuted, relation: "achieves".into(), reason, supporting: vec![], contradicting: others };
    }
    let mut v = achieves(x, claimed, stated);
    v.reason = format!("\"{}\": {}", paper.title, v.reason);
    v
}

fn achieves(x: &NormalizedEntity, claimed: Claimed, fx: &[&Fact]) -> Verdict {
    let (agree, disagree): (Vec<&Fact>, Vec<&Fact>) = fx.iter().partition(|f| f.numeric.is_some_and(|v| claimed.met_by(v)));
    // "48.375" met by a recorded 48375: the answer says which reading it took.
    let in_thousands = agree.iter().find(|f| f.numeric.is_some_and(|v| claimed.only_in_thousands(v))).map(|f| f.value.clone());
    let claimed = claimed.describe();
    let refs = |facts: &[&Fact]| facts.iter().map(|f| FactRef::of(f)).collect::<Vec<_>>();
    // The same result recorded with another value that conflict resolution kept (the two
    // were too close to call): the graph disagrees with itself, and does not settle it.
    let disputed: Vec<&Fact> = disagree.iter().copied().filter(|d| agree.iter().any(|a| a.key == d.key)).collect();
    if !disputed.is_empty() {
        let recorded = disputed.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(", ");
        return uncertain("achieves", format!("the graph records {claimed} for {} but also {recorded} for the same result", x.canonical), refs(&agree), refs(&disputed));
    }
    if agree.is_empty() {
        let recorded = disagree.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(", ");
        Verdict {
            verdict: Label::Refuted,
            relation: "achieves".into(),
            reason: format!("the graph records {recorded} for {}, not {claimed}", x.canonical),
            supporting: vec![],
            contradicting: refs(&disagree),
        }
    } else {
        Verdict {
            verdict: Label::Supported,
            relation: "achieves".into(),
            reason: match in_thousands {
                Some(recorded) => format!("the graph records {recorded} for {} ({claimed} read with its dot between thousands)", x.canonical),
                None => format!("the graph records {claimed} for {}", x.canonical),
            },
            supporting: refs(&agree),
            contradicting: refs(&disagree),
        }
    }
}

/// "SQuAD1.1 is measured by BLEU", "does ImageNet report top-5 accuracy?": whether the one
/// board the claim names records results by the metric it names. The board's results say
/// which metrics it is measured by, so a metric none of them is by is refuted, with the
/// metrics they are by; a metric named by fewer words than a label ("accuracy" for "Top 1
/// Accuracy") is one of them. `None` when the claim names a model or a value, or the board
/// has no result read.
fn board_metric(question: &str, entities: &Normalized, facts: &[Fact]) -> Option<Verdict> {
    // The board opens the statement, or follows its auxiliary: "does ImageNet report ...",
    // "SQuAD1.1 is measured by ...". A claim about something else that mentions the board
    // ("X took the BLEU record on D") is none.
    static USES: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\W*(?:(?:does|do|did|is|was|has)\s+)?(?:the\s+)?(?P<board>[^?]{1,80}?)\s+(?:(?:dataset|benchmark|board|leaderboard)\s+)?(?:(?:(?:is|are|was|were|gets?|got)\s+)?(?:only\s+|just\s+|mainly\s+)?(?:measured|evaluated|scored|assessed|ranked|benchmarked|reported|judged|tracked)\s+(?:by|with|using|in|via|on|through)\b|(?:reports?|uses?|records?|has|have|lists?|includes?|carr(?:y|ies)|tracks?)\b)").unwrap_or_else(|e| panic!("board metric pattern: {e}"))
    });
    let [board] = &entities.datasets.iter().filter(|d| d.is_linked()).collect::<Vec<_>>()[..] else { return None };
    // "english-to-italian has the lowest sota accuracy" claims a rank, not a metric.
    // ("top-5 accuracy" names a metric, not the top.)
    let unranked = classify::without_top_n(question);
    if entities.metrics.is_empty() || !entities.methods.is_empty() || super::numbers::claimed(question, entities).is_some() || BEST.is_match(&unranked) || classify::extreme(&unranked).is_some() {
        return None;
    }
    let subject = USES.captures(question).and_then(|c| c.name("board")).map(|b| b.as_str().trim().to_lowercase())?;
    if subject != board.text.trim().to_lowercase() && subject != board.canonical.trim().to_lowercase() {
        return None;
    }
    let there: Vec<&Fact> = facts.iter().filter(|f| matches(board, &f.key.1, &f.dataset)).collect();
    let on = there.first()?.dataset.clone();
    // Each metric named, with the results on the board by it ("ObjectNet reports both top-1
    // and top-5 accuracy" needs both).
    let by: Vec<(&NormalizedEntity, Vec<&Fact>)> = entities
        .metrics
        .iter()
        .map(|metric| {
            let by = |f: &&Fact| matches(metric, &f.key.2, &f.metric) || metric.named_by_words(&f.metric);
            (metric, there.iter().copied().filter(by).collect())
        })
        .collect();
    let missing: Vec<&str> = by.iter().filter(|(_, held)| held.is_empty()).map(|(m, _)| m.canonical.as_str()).collect();
    if missing.is_empty() {
        let mut labels: Vec<&str> = by.iter().flat_map(|(_, held)| held.iter().map(|f| f.metric.as_str())).collect();
        labels.dedup();
        let reason = format!("the graph records results on {on} by {}", labels.join(", "));
        let supporting = by.iter().flat_map(|(_, held)| held.iter().map(|f| FactRef::of(f))).collect();
        return Some(Verdict { verdict: Label::Supported, relation: "measured by".into(), reason, supporting, contradicting: vec![] });
    }
    let mut metrics: Vec<&str> = there.iter().map(|f| f.metric.as_str()).collect();
    metrics.sort_unstable();
    metrics.dedup();
    let reason = format!("the graph records results on {on} by {}, none by {}", metrics.join(", "), missing.join(" or "));
    Some(Verdict { verdict: Label::Refuted, relation: "measured by".into(), reason, supporting: vec![], contradicting: there.iter().map(|f| FactRef::of(f)).collect() })
}

/// "The best BLEU on D is 36.0", "18.9 is the lowest BLEU ever posted on D": a claim about a
/// named board's best value (or its lowest, highest or weakest, as said), whoever holds it.
/// `None` unless the claim states a value and an extreme of exactly one board; a disputed
/// value that decides the extreme leaves it open.
fn board_extreme(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    // "Our 91.1 improves on the best by one point": a margin over the best, not the best.
    static OVER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:improv\w*|margin|ahead|behind|beats?|better|worse|more|less)\b|\bpoints?\b").unwrap_or_else(|e| panic!("over pattern: {e}")));
    if entities.datasets.is_empty() || classify::margin_asked(question).is_some() || OVER.is_match(question) {
        return None;
    }
    let extreme = classify::extreme(question);
    if extreme.is_none() && !BEST.is_match(question) {
        return None;
    }
    let claimed = super::numbers::claimed(question, entities)?;
    let board: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
    let first = board.first()?;
    if board.iter().any(|f| f.key.1 != first.key.1 || f.key.2 != first.key.2) {
        return None;
    }
    let asked = |metric: &str| extreme.map_or_else(|| direction(metric), |e| e.direction(direction(metric)));
    let word = classify::Extreme::said(extreme);
    let top = best(&board, &asked)?;
    let said = format!("the {word} recorded {} on {} is {}'s {}", top.metric, top.dataset, top.model, top.value);
    if let Some((other, rival)) = open_lead(top, &board, &asked) {
        let reason = format!("{said}, but the graph also records {} for {}, which would make {}'s {} the {word}, so the {word} value depends on which holds", other.value, top.model, rival.model, rival.value);
        return Some(uncertain("extreme", reason, vec![FactRef::of(top)], vec![FactRef::of(other), FactRef::of(rival)]));
    }
    let met = top.numeric.is_some_and(|v| claimed.met_by(v));
    let (verdict, reason, supporting, contradicting) =
        if met { (Label::Supported, said, vec![FactRef::of(top)], vec![]) } else { (Label::Refuted, format!("{said}, not {}", claimed.describe()), vec![], vec![FactRef::of(top)]) };
    Some(Verdict { verdict, relation: "extreme".into(), reason, supporting, contradicting })
}

/// "X only beats Y on D": on the named boards X is on, the models X's results beat are the
/// named ones and no other. A named model X does not beat, or another it beats under every
/// reading, refutes it; a model it beats only under one reading of a conflict (its value or
/// the other's recorded two ways) leaves it open.
fn beats_only(x: &NormalizedEntity, named: &[NormalizedEntity], entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let board: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
    let mine: Vec<&Fact> = board.iter().copied().filter(|f| model_of(x, &f.key.0, &f.model)).collect();
    let Some(first) = mine.first().copied() else {
        return uncertain("only", format!("the graph records no result of {} there", x.canonical), vec![], vec![]);
    };
    let (dataset, metric) = (first.key.1.clone(), first.key.2.clone());
    let d = direction(&first.metric);
    let here = |f: &&Fact| f.key.1 == dataset && f.key.2 == metric;
    let mine: Vec<&Fact> = mine.into_iter().filter(here).collect();
    let mut rivals: Vec<&str> = board.iter().copied().filter(here).filter(|f| !model_of(x, &f.key.0, &f.model)).map(|f| f.key.0.as_str()).collect();
    rivals.sort();
    rivals.dedup();
    let (mut beaten, mut open, mut unbeaten): (Vec<&Fact>, Vec<&Fact>, Vec<&Fact>) = (Vec::new(), Vec::new(), Vec::new());
    for rival in rivals {
        let theirs: Vec<&Fact> = board.iter().copied().filter(here).filter(|f| f.key.0 == rival).collect();
        let wins = |a: &Fact, b: &Fact| better(d, a.numeric.unwrap_or(f64::NAN), b.numeric.unwrap_or(f64::NAN));
        let always = mine.iter().all(|m| theirs.iter().all(|t| wins(m, t)));
        let never = mine.iter().all(|m| theirs.iter().all(|t| !wins(m, t)));
        match (always, never) {
            (true, _) => beaten.push(theirs[0]),
            (_, true) => unbeaten.push(theirs[0]),
            _ => open.extend(theirs),
        }
    }
    let is_named = |f: &Fact| named.iter().any(|n| model_of(n, &f.key.0, &f.model));
    let said = |fs: &[&Fact]| fs.iter().map(|f| format!("{}'s {}", f.model, f.value)).collect::<Vec<_>>().join(", ");
    let own = mine.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(" or ");
    let cite = |fs: &[&Fact]| fs.iter().map(|f| FactRef::of(f)).collect::<Vec<_>>();
    let named_unbeaten: Vec<&Fact> = unbeaten.iter().copied().filter(|f| is_named(f)).collect();
    let others_beaten: Vec<&Fact> = beaten.iter().copied().filter(|f| !is_named(f)).collect();
    let (label, reason, supporting, contradicting) = if !named_unbeaten.is_empty() {
        (Label::Refuted, format!("{}'s {own} on {} does not beat {}", x.canonical, first.dataset, said(&named_unbeaten)), cite(&mine), cite(&named_unbeaten))
    } else if !others_beaten.is_empty() {
        (Label::Refuted, format!("{}'s {own} on {} also beats {}", x.canonical, first.dataset, said(&others_beaten)), cite(&mine), cite(&others_beaten))
    } else if !open.is_empty() {
        let mut models: Vec<&str> = open.iter().map(|f| f.model.as_str()).collect();
        models.dedup();
        let disputed = models.iter().map(|m| format!("{m} ({})", open.iter().filter(|f| f.model == *m).map(|f| f.value.as_str()).collect::<Vec<_>>().join(" or "))).collect::<Vec<_>>().join(", ");
        let beats = if beaten.is_empty() { "beats no model for certain".to_owned() } else { format!("beats {}", said(&beaten)) };
        let reason = format!("{}'s {own} on {} {beats}; whether it also beats {disputed} depends on which value holds, so whether it beats no other model is open", x.canonical, first.dataset);
        (Label::Uncertain, reason, cite(&mine), cite(&open))
    } else {
        (Label::Supported, format!("{}'s {own} on {} beats {} and no other recorded result", x.canonical, first.dataset, said(&beaten)), cite(&mine), vec![])
    };
    let mut supporting = supporting;
    if label != Label::Refuted {
        supporting.extend(cite(&beaten));
    }
    Verdict { verdict: label, relation: "only".into(), reason, supporting, contradicting }
}

/// "X is the weakest on D": on every board X is on (the named ones), X holds the worst
/// recorded result, by the metric's own direction (the highest word error rate). Another
/// model below X there refutes it; a disputed value that decides who is last (X's own, or
/// the last model's) leaves it open. With no result of X, the graph cannot say.
fn is_worst(x: &NormalizedEntity, fx: &[&Fact], facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    // The worst of a board is its best with the direction turned round.
    let turned = |metric: &str| classify::Extreme::Worst.direction(direction(metric));
    let mut boards: Vec<(&str, &str)> = fx.iter().filter(|f| f.numeric.is_some()).map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    boards.sort();
    boards.dedup();
    if boards.is_empty() {
        return uncertain("worst", format!("the graph records no matching result of {}", x.canonical), vec![], vec![]);
    }
    let mut last_everywhere: Vec<&Fact> = Vec::new();
    for (d, m) in boards {
        let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m).collect();
        let mine_here: Vec<&Fact> = fx.iter().copied().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m).collect();
        let (Some(bottom), Some(mine)) = (best(&board, &turned), best(&mine_here, &turned)) else { continue };
        if bottom.numeric == mine.numeric {
            // X's other value, if it holds, puts another model below X.
            if let Some((other, rival)) = open_lead(mine, &board, &turned) {
                let reason = format!(
                    "{} has the weakest recorded {} on {} with {}, but the graph also records {} for it, which would put {}'s {} below it, so which model is last depends on which holds",
                    mine.model, mine.metric, mine.dataset, mine.value, other.value, rival.model, rival.value
                );
                return uncertain("worst", reason, vec![FactRef::of(mine)], vec![FactRef::of(other), FactRef::of(rival)]);
            }
            last_everywhere.push(mine);
            continue;
        }
        // The last model's other value, if it holds, leaves X last.
        if let Some((other, _)) = open_lead(bottom, &board, &turned).filter(|(_, rival)| model_of(x, &rival.key.0, &rival.model)) {
            let reason = format!(
                "{}'s {} is the weakest recorded {} on {}, but the graph also records {} for {}, which would leave {}'s {} last, so which model is last depends on which holds",
                bottom.model, bottom.value, bottom.metric, bottom.dataset, other.value, bottom.model, mine.model, mine.value
            );
            return uncertain("worst", reason, vec![FactRef::of(mine)], vec![FactRef::of(bottom), FactRef::of(other)]);
        }
        let reason = format!("{}'s {} is the weakest recorded {} on {}, below {}'s {}", bottom.model, bottom.value, bottom.metric, bottom.dataset, mine.model, mine.value);
        return Verdict { verdict: Label::Refuted, relation: "worst".into(), reason, supporting: vec![FactRef::of(mine)], contradicting: vec![FactRef::of(bottom)] };
    }
    let said: Vec<String> = last_everywhere.iter().map(|f| format!("{}'s {} is the weakest recorded {} on {}", f.model, f.value, f.metric, f.dataset)).collect();
    let supporting = last_everywhere.iter().map(|f| FactRef::of(f)).collect();
    Verdict { verdict: Label::Supported, relation: "worst".into(), reason: said.join("; "), supporting, contradicting: vec![] }
}

/// "X is the best": X (or a variant) holding the best recorded result of a board it is on
/// supports the claim; another model's better result on every such board refutes it; with
/// no result of X there, the best recorded result by another model refutes it.
fn is_best(x: &NormalizedEntity, entities: &Normalized, fx: &[&Fact], facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    if fx.is_empty() {
        let boards = tops(entities, facts, direction);
        let others: Vec<&Fact> = boards.into_iter().filter(|t| !matches(x, &t.key.0, &t.model)).collect();
        return match others.first() {
            Some(top) => Verdict {
                verdict: Label::Refuted,
                relation: "best".into(),
                reason: format!("the best recorded {} on {} is {}'s {}; the graph records no result of {} there", top.metric, top.dataset, top.model, top.value, x.canonical),
                supporting: vec![],
                contradicting: others.iter().map(|f| FactRef::of(f)).collect(),
            },
            None => uncertain("best", format!("the graph records no matching result of {}", x.canonical), vec![], vec![]),
        };
    }
    // Each board X is on: X holds the top of one, or another model beats it on all.
    let mut boards: Vec<(&str, &str)> = fx.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    boards.sort();
    boards.dedup();
    let mut beaten = Vec::new();
    // Every board X leads, each said ("X holds the best recorded Accuracy and the best
    // recorded Perplexity on LAMBADA"): a claim naming no metric is about them all.
    let mut held: Vec<(String, Vec<FactRef>)> = Vec::new();
    for (d, m) in boards {
        let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m).collect();
        let mine_here: Vec<&Fact> = fx.iter().copied().filter(|f| f.key.1 == d && f.key.2 == m).collect();
        let (Some(top), Some(mine)) = (best(&board, direction), best(&mine_here, direction)) else { continue };
        // With no board named, only X's own results were read: X tops them trivially.
        if entities.datasets.is_empty() && board.iter().all(|f| model_of(x, &f.key.0, &f.model)) {
            continue;
        }
        if top.numeric == mine.numeric {
            // X's own best disputed ("55.1 vs 51.0") by a value another model beats: X leads
            // only if the higher one holds, so the claim is open (unless it leads a board
            // read before).
            if let Some((low_fact, rival)) = open_lead(mine, &board, direction) {
                if !held.is_empty() {
                    continue;
                }
                let reason = format!(
                    "{} holds the best recorded {} on {} with {}, but the graph also records {} for it, which would put {}'s {} ahead, so which model leads depends on which holds",
                    mine.model, mine.metric, mine.dataset, mine.value, low_fact.value, rival.model, rival.value
                );
                return uncertain("best", reason, vec![FactRef::of(mine)], vec![FactRef::of(low_fact), FactRef::of(rival)]);
            }
            // The model behind it is what the lead is over ("and who came second?").
            let others: Vec<&Fact> = board.iter().copied().filter(|f| !model_of(x, &f.key.0, &f.model)).collect();
            held.push(match best(&others, direction) {
                Some(next) => (
                    format!("{} holds the best recorded {} on {} ({}), ahead of {}'s {}", mine.model, mine.metric, mine.dataset, mine.value, next.model, next.value),
                    vec![FactRef::of(mine), FactRef::of(next)],
                ),
                None => (format!("{} holds the best recorded {} on {}", mine.model, mine.metric, mine.dataset), vec![FactRef::of(mine)]),
            });
            // A metric named is one board: the first read answers it.
            if !entities.metrics.is_empty() {
                break;
            }
            continue;
        }
        beaten.push((top, mine));
    }
    if !held.is_empty() {
        let reason = held.iter().map(|(r, _)| r.as_str()).collect::<Vec<_>>().join("; ");
        let supporting = held.into_iter().flat_map(|(_, f)| f).collect();
        return Verdict { verdict: Label::Supported, relation: "best".into(), reason, supporting, contradicting: vec![] };
    }
    match beaten.first() {
        Some((top, mine)) => {
            // The top's own value disputed ("55.1 vs 51.0"), with another model between the
            // two: which of them is best is open, and both are named.
            let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == top.key.1 && f.key.2 == top.key.2).collect();
            let d = direction(&top.metric);
            let lead = open_lead(top, &board, direction);
            let between = lead.map(|(_, b)| b);
            // X itself between: X leads if the top's other value holds, so the claim is open.
            if let Some((low, b)) = lead.filter(|(_, b)| model_of(x, &b.key.0, &b.model)) {
                let reason = format!(
                    "{} scores better than {} on {} by {} with {}, but the graph also records {} for {}, which would put {}'s {} ahead, so which model leads depends on which holds",
                    top.model, x.canonical, mine.dataset, mine.metric, top.value, low.value, top.model, b.model, b.value
                );
                return uncertain("best", reason, vec![FactRef::of(b)], vec![FactRef::of(top)]);
            }
            let open = lead.map(|(low, b)| format!("; the graph also records {} for {}, which would put {}'s {} ahead", low.value, top.model, b.model, b.value)).unwrap_or_default();
            // Every other model's best that beats X's there, best first: who superseded it.
            let mut ahead: Vec<&Fact> = Vec::new();
            for f in board.iter().copied().filter(|f| f.key.0 != mine.key.0 && better(d, f.numeric.unwrap_or(f64::NAN), mine.numeric.unwrap_or(f64::NAN))) {
                match ahead.iter().position(|a| a.key.0 == f.key.0) {
                    Some(i) if better(d, f.numeric.unwrap_or(f64::NAN), ahead[i].numeric.unwrap_or(f64::NAN)) => ahead[i] = f,
                    Some(_) => {}
                    None => ahead.push(f),
                }
            }
            ahead.sort_by(|a, b| {
                let (a, b) = (a.numeric.unwrap_or(f64::NAN), b.numeric.unwrap_or(f64::NAN));
                if d == Direction::Lower { a.total_cmp(&b) } else { b.total_cmp(&a) }
            });
            let who = if ahead.len() > 1 {
                let named: Vec<String> = ahead.iter().take(5).map(|f| format!("{} ({})", f.model, f.value)).collect();
                format!("{} score", named.join(", "))
            } else {
                format!("{} scores", top.model)
            };
            let mut contradicting: Vec<FactRef> = ahead.iter().map(|f| FactRef::of(f)).collect();
            contradicting.push(FactRef::of(mine));
            contradicting.extend(between.map(FactRef::of));
            Verdict {
                verdict: Label::Refuted,
                relation: "best".into(),
                reason: format!("{who} better than {} on {} by {}{open}", x.canonical, mine.dataset, mine.metric),
                supporting: vec![],
                contradicting,
            }
        }
        None => uncertain("best", format!("the graph records no matching result of {}", x.canonical), vec![], vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;

    fn entity(kind: EntityKind, name: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![], direction: None, link: None }
    }

    fn fact(model: &str, value: f64) -> Fact {
        Fact {
            model: model.into(),
            dataset: "D".into(),
            metric: "F1".into(),
            value: value.to_string(),
            numeric: Some(value),
            key: (format!("m:{model}"), "d".into(), "f1".into()),
            papers: vec![],
            year: Some(2020),
            support: 1,
            recency: 1.0,
            corroboration: 1.0,
            source_weight: 1.0,
            score: 1.0,
        }
    }

    fn entities(methods: &[&str]) -> Normalized {
        Normalized {
            methods: methods.iter().map(|m| entity(EntityKind::Method, m)).collect(),
            datasets: vec![entity(EntityKind::Dataset, "D")],
            ..Default::default()
        }
    }

    fn judge_q(q: &str, methods: &[&str], facts: &[Fact]) -> Label {
        let evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
        judge(q, &entities(methods), facts, &Known { evaluated, ..Known::default() }, &|_| Direction::Higher).verdict
    }

    #[test]
    fn a_board_measured_by_a_metric_is_judged_by_the_metrics_its_results_are_by() {
        let board = |metric: &str| {
            let mut e = Normalized { datasets: vec![NormalizedEntity { iris: vec!["d".into()], ..entity(EntityKind::Dataset, "D") }], ..Default::default() };
            e.metrics.push(entity(EntityKind::Metric, metric));
            e
        };
        let facts = [fact("A", 90.0), Fact { metric: "Top 5 Accuracy".into(), key: ("m:A".into(), "d".into(), "top5".into()), ..fact("A", 98.0) }];
        let judged = |q: &str, metric: &str| judge(q, &board(metric), &facts, &Known::default(), &|_| Direction::Higher);
        let held = judged("does D report top-5 accuracy?", "top-5 accuracy");
        assert_eq!((held.verdict, held.supporting.len()), (Label::Supported, 1));
        assert_eq!(judged("is D measured by BLEU?", "BLEU").verdict, Label::Refuted, "asked, the auxiliary first");
        let missing = judged("D is measured by BLEU", "BLEU");
        assert_eq!(missing.verdict, Label::Refuted);
        assert!(missing.reason.contains("F1, Top 5 Accuracy"), "{}", missing.reason);
        assert_eq!(judged("does D report top-5 error?", "top-5 error").verdict, Label::Refuted, "a metric shares words, not all of them");
        assert_eq!(judged("D has an F1 of 95", "F1").verdict, Label::Uncertain, "a value claimed is no claim about the metric");
        let mut both = board("top-5 accuracy");
        both.metrics.push(entity(EntityKind::Metric, "BLEU"));
        let one_missing = judge("D reports both top-5 accuracy and BLEU", &both, &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(one_missing.verdict, Label::Refuted, "{}", one_missing.reason);
    }

    #[test]
    fn beating_a_model_on_every_board_both_are_on_is_judged_by_each_boards_top() {
        let on = |model: &str, value: f64, board: &str| Fact { dataset: board.into(), key: (format!("m:{model}"), board.to_lowercase(), "f1".into()), ..fact(model, value) };
        let mut e = entities(&["X", "Y"]);
        e.datasets.push(entity(EntityKind::Dataset, "E"));
        let evaluated: Vec<Evaluated> = ["X", "Y"].iter().flat_map(|m| ["d", "e"].map(|d| (format!("m:{m}"), (*m).to_owned(), d.to_owned()))).collect();
        let known = Known { evaluated, ..Known::default() };
        let q = "X beats Y on every board they share";
        let judged = |facts: &[Fact]| judge(q, &e, facts, &known, &|_| Direction::Higher);
        let both = judged(&[on("X", 90.0, "D"), on("X", 80.0, "E")]);
        assert_eq!(both.verdict, Label::Supported, "{}", both.reason);
        let lost = judged(&[on("X", 90.0, "D"), on("Y", 80.0, "E")]);
        assert_eq!(lost.verdict, Label::Refuted, "{}", lost.reason);
        assert!(lost.reason.contains("Y holds the best recorded value on E (by F1)"), "{}", lost.reason);
        let third = judged(&[on("X", 90.0, "D"), on("Z", 95.0, "E")]);
        assert_eq!(third.verdict, Label::Uncertain, "another model leads E: {}", third.reason);
        // No board named: every board read is weighed.
        let unnamed = Normalized { datasets: Vec::new(), ..e.clone() };
        let v = judge(q, &unnamed, &[on("X", 90.0, "D"), on("Y", 80.0, "E")], &known, &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
    }

    #[test]
    fn a_model_whose_every_result_came_after_the_anchor_had_done_nothing_by_then() {
        use crate::pipeline::evidence::{Named, ResultFact};
        let facts = [fact("A", 11.3)];
        let mut e = entities(&["B", "A"]);
        for m in &mut e.methods {
            m.iris = vec![format!("m:{}", m.text)];
        }
        let later = ResultFact {
            dataset: Named { iri: "d".into(), label: Some("D".into()) },
            model: Some(Named { iri: "m:B".into(), label: Some("B".into()) }),
            metric: Some(Named { iri: "f1".into(), label: Some("F1".into()) }),
            value: Some("9.4".into()),
            paper: Some("p".into()),
            contribution: "c".into(),
            evaluation: "e".into(),
        };
        let known = |year: Option<i32>| Known { evaluated: vec![("m:A".into(), "A".into(), "d".into())], set_aside: vec![(later.clone(), year)], ..Known::default() };
        let v = judge("B had beaten A's 11.3 on D as of 2021", &e, &facts, &known(Some(2022)), &|_| Direction::Lower);
        assert_eq!(v.verdict, Label::Refuted);
        assert!(v.reason.contains("B had no result yet") && v.reason.contains("2022"), "{}", v.reason);
        assert_eq!(judge("B hadn't beaten A's 11.3 on D as of 2021, right?", &e, &facts, &known(Some(2022)), &|_| Direction::Lower).verdict, Label::Supported);
        assert_eq!(judge("B had beaten A's 11.3 on D as of 2021", &e, &facts, &known(None), &|_| Direction::Lower).verdict, Label::Uncertain, "an undated result may be older");
        // A claim that B led: who did lead then is said with it (on the one board linked).
        e.datasets[0].iris = vec!["d".into()];
        let v = not_yet("B was already top of D as of 2021, wasn't it?", &e, &facts, &known(Some(2022)), &|_| Direction::Lower).expect("B had no result yet");
        assert_eq!(v.verdict, Label::Refuted);
        assert!(v.reason.ends_with("; the best on D by F1 then was A (11.3)"), "who led then: {}", v.reason);
        let v = not_yet("B had scored 9.4 on D as of 2021", &e, &facts, &known(Some(2022)), &|_| Direction::Lower).expect("B had no result yet");
        assert!(!v.reason.contains("the best on D"), "no claim about the board's best: {}", v.reason);
    }

    #[test]
    fn comparisons_are_supported_refuted_or_uncertain_by_the_facts() {
        let facts = [fact("A", 90.0), fact("B", 85.0)];
        assert_eq!(judge_q("Does A outperform B on D?", &["A", "B"], &facts), Label::Supported);
        assert_eq!(judge_q("Does B outperform A on D?", &["B", "A"], &facts), Label::Refuted);
        assert_eq!(judge_q("Is A worse than B on D?", &["A", "B"], &facts), Label::Refuted);
        assert_eq!(judge_q("Does A beat C on D?", &["A", "C"], &facts), Label::Uncertain);
    }

    #[test]
    fn without_comparable_results_the_holder_of_the_top_settles_who_outperforms_whom() {
        let facts = [fact("A", 90.0)];
        // B was evaluated on D, its value unrecorded; C was never evaluated there.
        let evaluated: Vec<Evaluated> = vec![("m:A".into(), "A".into(), "d".into()), ("m:B".into(), "B".into(), "d".into())];
        let known = Known { evaluated, ..Known::default() };
        let judge_e = |q: &str, m: &[&str]| judge(q, &entities(m), &facts, &known, &|_| Direction::Higher).verdict;
        assert_eq!(judge_e("A outperforms B on D", &["A", "B"]), Label::Supported);
        assert_eq!(judge_e("B outperforms A on D", &["B", "A"]), Label::Refuted);
        assert_eq!(judge_e("A outperforms C on D", &["A", "C"]), Label::Uncertain);
        assert_eq!(judge_e("Is B the best on D?", &["B"]), Label::Refuted, "the recorded best is A's");
    }

    #[test]
    fn a_claimed_score_of_an_unrecorded_model_is_uncertain_and_one_beyond_the_recorded_best_says_so() {
        let facts = [fact("A", 73.6)];
        let mut e = entities(&["B"]);
        e.metrics = vec![entity(EntityKind::Metric, "F1")];
        let verdict = |q: &str| judge(q, &e, &facts, &Known::default(), &|_| Direction::Higher);
        let beyond = verdict("B reaches 75 F1 on D");
        assert_eq!(beyond.verdict, Label::Uncertain, "the graph cannot say what B scored");
        assert!(beyond.reason.contains("no recorded result reaches 75") && !beyond.contradicting.is_empty(), "{}", beyond.reason);
        assert_eq!(verdict("B reaches 70 F1 on D").verdict, Label::Uncertain, "below the top: B's own result is not recorded");
    }

    #[test]
    fn a_best_result_held_by_a_variant_of_the_named_model_supports_the_claim() {
        let facts = [fact("XLNet (single model)", 90.7), fact("BERT", 88.0)];
        assert_eq!(judge_q("XLNet is the best on D, right?", &["XLNet"], &facts), Label::Supported);
        assert_eq!(judge_q("Is BERT the best on D?", &["BERT"], &facts), Label::Refuted);
        let facts = [fact("BiT-L (ResNet)", 88.61), fact("BiTTER", 70.0)];
        assert_eq!(judge_q("BiT-L gets 88.6% on D", &["BiT-L"], &facts), Label::Supported, "a variant's result is the named model's");
        assert_eq!(judge_q("Bi gets 70 on D", &["Bi"], &facts), Label::Uncertain, "a word that only begins another is not a variant");
    }

    #[test]
    fn a_number_claimed_for_an_evaluation_without_a_value_is_uncertain() {
        let facts = [fact("A", 50.0)];
        let mut e = entities(&["B"]);
        e.metrics = vec![entity(EntityKind::Metric, "F1")];
        e.datasets[0].iris = vec!["d".into()];
        let known = Known { evaluated: vec![("m:B".into(), "B".into(), "d".into())], ..Known::default() };
        assert_eq!(judge("B reaches 75 F1 on D", &e, &facts, &known, &|_| Direction::Higher).verdict, Label::Uncertain);
        let unrecorded = judge("B reaches 75 F1 on D", &e, &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(unrecorded.verdict, Label::Uncertain, "never evaluated there: the graph cannot say what B scored");
        assert!(unrecorded.reason.contains("no recorded result reaches"), "the recorded best is said: {}", unrecorded.reason);
    }

    #[test]
    fn an_undecided_claim_lists_the_evaluations_the_graph_holds_without_values() {
        let mut e = entities(&["B", "C"]);
        e.datasets[0].iris = vec!["d".into()];
        let known = Known { evaluated: vec![("m:B".into(), "B".into(), "d".into()), ("m:C".into(), "C".into(), "d".into())], ..Known::default() };
        let v = judge("B outperforms C on D", &e, &[], &known, &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain);
        assert_eq!(v.contradicting.iter().map(|f| f.model.as_str()).collect::<Vec<_>>(), ["B", "C"]);
    }

    #[test]
    fn a_claim_naming_a_split_is_judged_on_that_split() {
        let on = |f: Fact, metric: &str| Fact { metric: metric.into(), key: (f.key.0.clone(), f.key.1.clone(), metric.to_lowercase()), ..f };
        let facts = [on(fact("A", 92.3), "Validation perplexity"), on(fact("A", 99.3), "Test perplexity")];
        assert_eq!(judge_q("A gets 92.3 test ppl on D", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("A gets 99.3 test ppl on D", &["A"], &facts), Label::Supported);
    }

    #[test]
    fn a_claimed_percentage_meets_a_recorded_fraction() {
        let facts = [fact("A", 0.815)];
        assert_eq!(judge_q("A achieves an MRR of 81.5% on D", &["A"], &facts), Label::Supported);
        assert_eq!(judge_q("A achieves an MRR of 85% on D", &["A"], &facts), Label::Refuted);
    }

    #[test]
    fn a_claimed_score_must_match_a_recorded_one() {
        let facts = [fact("A", 90.9)];
        assert_eq!(judge_q("Does A achieve 90.9 F1 on D?", &["A"], &facts), Label::Supported);
        assert_eq!(judge_q("Does A achieve 95 F1 on D?", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("Does Z achieve 95 F1 on D?", &["Z"], &facts), Label::Uncertain);
    }

    #[test]
    fn a_best_claim_holds_on_any_board_the_model_tops_and_never_on_a_cost_column() {
        let on = |f: Fact, metric: &str| Fact { metric: metric.into(), key: (f.key.0.clone(), f.key.1.clone(), metric.to_lowercase()), ..f };
        let facts = [on(fact("A", 90.0), "Accuracy"), on(fact("B", 85.0), "Accuracy"), on(fact("B", 99.0), "BLEU"), on(fact("A", 50.0), "BLEU")];
        assert_eq!(judge_q("Is B the best on D?", &["B"], &facts), Label::Supported, "B tops the BLEU board");
        let facts = [on(fact("A", 90.0), "Accuracy"), on(fact("B", 85.0), "Accuracy"), on(fact("B", 900.0), "Number of params")];
        assert_eq!(judge_q("Is B the best on D?", &["B"], &facts), Label::Refuted, "a parameter count is not a result");
    }

    #[test]
    fn two_models_with_no_result_on_the_board_leave_the_claim_open_and_say_the_boards_best() {
        let v = judge("Does A beat C on D?", &entities(&["A", "C"]), &[fact("B", 95.0)], &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain);
        assert!(v.reason.contains("B's 95"), "{}", v.reason);
        assert_eq!(v.contradicting.iter().map(|f| f.model.as_str()).collect::<Vec<_>>(), ["B"]);
    }

    #[test]
    fn an_undecided_claim_still_shows_what_the_graph_records_of_its_models() {
        let facts = [fact("A", 90.0)];
        let v = judge("Does A beat C on D?", &entities(&["A", "C"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain);
        assert_eq!(v.contradicting.iter().map(|f| f.model.as_str()).collect::<Vec<_>>(), ["A"]);
    }

    #[test]
    fn a_best_claim_naming_no_metric_says_every_board_the_model_leads() {
        let on = |f: Fact, metric: &str| Fact { metric: metric.into(), key: (f.key.0.clone(), f.key.1.clone(), metric.to_lowercase()), ..f };
        let facts = [on(fact("A", 90.0), "Accuracy"), on(fact("B", 85.0), "Accuracy"), on(fact("A", 70.0), "F1"), on(fact("B", 60.0), "F1")];
        let v = judge("Is A the best on D?", &entities(&["A"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Supported);
        assert!(v.reason.contains("Accuracy") && v.reason.contains("F1"), "{}", v.reason);
        let mut named = entities(&["A"]);
        named.metrics = vec![entity(EntityKind::Metric, "F1")];
        let named = judge("Is A the best F1 on D?", &named, &facts, &Known::default(), &|_| Direction::Higher);
        assert!(named.reason.contains("F1") && !named.reason.contains("Accuracy"), "a metric named is the one said: {}", named.reason);
    }

    #[test]
    fn best_claims_compare_with_the_whole_board() {
        let facts = [fact("A", 90.0), fact("B", 95.0)];
        assert_eq!(judge_q("Is B the best model on D?", &["B"], &facts), Label::Supported);
        assert_eq!(judge_q("Is A the state of the art on D?", &["A"], &facts), Label::Refuted);
    }

    #[test]
    fn a_best_claim_is_open_when_the_lead_hangs_on_a_value_recorded_two_ways() {
        // A's 55.1 is disputed by its own 51.0, which B's 53.4 beats.
        let facts = [fact("A", 55.1), fact("A", 51.0), fact("B", 53.4)];
        assert_eq!(judge_q("Is A still the best on D?", &["A"], &facts), Label::Uncertain);
        assert_eq!(judge_q("Is B the best on D?", &["B"], &facts), Label::Uncertain, "B leads if A's 51.0 holds");
        // A's disputed 51.0 still beats every rival: A leads either way.
        let facts = [fact("A", 55.1), fact("A", 51.0), fact("B", 49.0)];
        assert_eq!(judge_q("Is A still the best on D?", &["A"], &facts), Label::Supported);
        // C is behind B whichever of A's values holds.
        let facts = [fact("A", 55.1), fact("A", 51.0), fact("B", 53.4), fact("C", 50.0)];
        assert_eq!(judge_q("Is C the best on D?", &["C"], &facts), Label::Refuted);
        // "Does C beat A?" with C tried on D but no value of it: A's top settles it only
        // when A leads whichever of its values holds.
        let facts = [fact("A", 55.1), fact("A", 51.0), fact("B", 53.4)];
        let mut evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
        evaluated.push(("m:C".into(), "C".into(), "d".into()));
        let known = Known { evaluated, ..Known::default() };
        let v = judge("does C beat A on D?", &entities(&["C", "A"]), &facts, &known, &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain, "{v:?}");
        let facts = [fact("A", 55.1), fact("B", 53.4)];
        let v = judge("does C beat A on D?", &entities(&["C", "A"]), &facts, &known, &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "A's undisputed top: {v:?}");
        let held = |names: &[&str]| {
            let mut e = entities(names);
            for m in &mut e.methods {
                m.iris = vec![format!("m:{}", m.text)];
            }
            e
        };
        let v = judge("does C beat A on D?", &held(&["C", "A"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "A's top, and no result of C there: {v:?}");
        let v = judge("does C beat A on D?", &entities(&["C", "A"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain, "nothing known of C, a name the graph does not hold: {v:?}");
        let v = judge("does A beat C on D?", &entities(&["A", "C"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain, "A leads, C has no result to beat: {v:?}");
    }

    #[test]
    fn a_claim_about_a_boards_extreme_value_names_no_model() {
        let facts = [fact("A", 36.0), fact("B", 18.9), fact("C", 9.8)];
        let claim = |q: &str| judge(q, &entities(&[]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(claim("The best BLEU on D is 36.0, right?").verdict, Label::Supported);
        let lowest = claim("Someone told me 18.9 is the lowest BLEU ever posted on D. True?");
        assert_eq!(lowest.verdict, Label::Refuted);
        assert!(lowest.reason.contains("the lowest recorded F1 on D is C's 9.8, not 18.9"), "{}", lowest.reason);
        assert_eq!(claim("the highest BLEU anyone reported on D is 34.2, correct?").verdict, Label::Refuted);
        // The top value disputed by its own lower one, which another model's beats.
        let open = [fact("A", 55.1), fact("A", 51.0), fact("B", 53.4)];
        assert_eq!(judge("The best BLEU on D is 55.1, right?", &entities(&[]), &open, &Known::default(), &|_| Direction::Higher).verdict, Label::Uncertain);
        // A margin over the best is not a claim about the best's value.
        let margin = claim("our 37.0 BLEU on D improves on the best previously published result by one point. Right?");
        assert_ne!(margin.relation, "extreme", "{margin:?}");
    }

    #[test]
    fn an_only_beats_claim_needs_the_named_model_and_no_other_below() {
        let facts = [fact("N", 53.4), fact("H", 48.2), fact("M", 55.1), fact("M", 51.0)];
        let only = |q: &str, names: &[&str], facts: &[Fact]| judge(q, &entities(names), facts, &Known::default(), &|_| Direction::Higher);
        let v = only("On D, N only beats H - true?", &["N", "H"], &facts);
        assert_eq!(v.verdict, Label::Uncertain, "M's 51.0 or 55.1 decides: {v:?}");
        assert!(v.reason.contains("M (55.1 or 51)"), "{}", v.reason);
        let settled = [fact("N", 53.4), fact("H", 48.2), fact("M", 55.1)];
        assert_eq!(only("On D, N only beats H - true?", &["N", "H"], &settled).verdict, Label::Supported);
        let more = [fact("N", 53.4), fact("H", 48.2), fact("K", 40.0)];
        assert_eq!(only("On D, N only beats H - true?", &["N", "H"], &more).verdict, Label::Refuted, "it beats K too");
        assert_eq!(only("On D, H only beats N - true?", &["H", "N"], &settled).verdict, Label::Refuted, "it beats no one named");
    }

    #[test]
    fn a_weakest_claim_is_judged_at_the_other_end_of_the_board() {
        let facts = [fact("A", 71.4), fact("B", 78.9), fact("C", 84.7)];
        assert_eq!(judge_q("A was the weakest result on D, wasn't it?", &["A"], &facts), Label::Supported);
        let v = judge("B is the weakest model on D, right?", &entities(&["B"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted);
        assert!(v.reason.contains("A's 71.4 is the weakest"), "{}", v.reason);
        // Lower is better: the worst is the highest.
        let wer = |_: &str| Direction::Lower;
        assert_eq!(judge("C came dead last on D", &entities(&["C"]), &facts, &Known::default(), &wer).verdict, Label::Supported);
        assert_eq!(judge("A came dead last on D", &entities(&["A"]), &facts, &Known::default(), &wer).verdict, Label::Refuted);
        // Who is last hangs on a value recorded two ways: B's 6.8 or 7.9 against A's 7.2.
        let facts = [fact("A", 7.2), fact("B", 6.8), fact("B", 7.9)];
        assert_eq!(judge("A is the weakest system on D by WER", &entities(&["A"]), &facts, &Known::default(), &wer).verdict, Label::Uncertain);
        assert_eq!(judge("B is the weakest system on D by WER", &entities(&["B"]), &facts, &Known::default(), &wer).verdict, Label::Uncertain);
        // No result of the model: the graph cannot say.
        assert_eq!(judge_q("Z is the weakest model on D, isn't it?", &["Z"], &facts), Label::Uncertain);
    }


    fn dated(model: &str, value: f64, paper: &str, title: &str, year: i32) -> Fact {
        Fact { papers: vec![PaperRef { iri: paper.into(), title: title.into(), year: Some(year) }], year: Some(year), ..fact(model, value) }
    }

    #[test]
    fn a_conclusion_drawn_from_a_true_premise_is_judged_itself() {
        let facts = [dated("A", 88.5, "p1", "A paper", 2021), dated("B", 86.0, "p2", "B paper", 2023)];
        let q = "B is the most recent model on D (its paper is from 2023), so I assume it is also the strongest one there now. That's right, isn't it?";
        let v = judge(q, &entities(&["B"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "A leads: {}", v.reason);
        let facts = [dated("A", 83.0, "p1", "A paper", 2021), dated("B", 86.1, "p2", "B paper", 2020)];
        let v = judge("A newer than B (2021 vs 2020) so higher acc on D, yes?", &entities(&["A", "B"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "B scores higher: {}", v.reason);
        let v = judge("A's number on D is 83.0 and B's only 86.1, so A did better there, surely?", &entities(&["A", "B"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Refuted, "the other model named is the one beaten: {}", v.reason);
        assert_eq!(inference("so far A leads D"), None);
        assert_eq!(inference("A leads D and so on"), None);
    }

    #[test]
    fn a_value_claimed_on_every_result_must_hold_for_each() {
        let by = |metric: &str, value: f64| Fact { metric: metric.into(), key: ("m:A".into(), "d".into(), metric.to_lowercase()), ..fact("A", value) };
        let facts = [by("A1", 70.3), by("A2", 50.9), by("A3", 49.4)];
        assert_eq!(judge_q("A is above 60 on all three rounds of D", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("A is above 40 on all three rounds of D", &["A"], &facts), Label::Supported);
        assert_eq!(judge_q("A is above 60 on D", &["A"], &facts), Label::Supported, "one result past it is enough unasked");
    }

    #[test]
    fn a_value_claim_on_a_result_recorded_with_two_close_values_is_uncertain() {
        let facts = [dated("A", 86.1, "p1", "A paper", 2020), dated("A", 85.4, "p2", "Another paper", 2021)];
        assert_eq!(judge_q("A gets 86.1 on D, right?", &["A"], &facts), Label::Uncertain);
        assert_eq!(judge_q("A gets 90.0 on D, right?", &["A"], &facts), Label::Refuted);
    }

    #[test]
    fn a_claim_crediting_a_value_to_a_named_paper_is_checked_against_that_paper() {
        let facts = [dated("A", 86.1, "p1", "A: Temporal Aggregation for Crevasses", 2020), dated("A", 85.4, "p2", "B: Scaling Ice Segmentation Backbones", 2021)];
        assert_eq!(judge_q("The paper on scaling ice segmentation backbones reports A at 86.1 on D, right?", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("The paper on scaling ice segmentation backbones reports A at 85.4 on D, right?", &["A"], &facts), Label::Supported);
        assert_eq!(judge_q("A gets 86.1 on D, right?", &["A"], &facts), Label::Uncertain, "no paper named: the two values stand");
        let facts = [dated("A", 6.8, "p1", "A: Dawn Chorus Recognition", 2024), dated("A", 7.9, "p2", "Low-Latency Transcribers for Dawn Recordings: A Comparison", 2024)];
        assert_eq!(judge_q("the low-latency transcribers comparison has A at 6.8 on D, yes?", &["A"], &facts), Label::Refuted, "a comparison is a paper too");
    }

    #[test]
    fn a_claim_about_which_paper_is_newer_compares_the_papers_years() {
        let facts = [dated("A", 9.4, "p1", "A: Pretrained Encoders", 2022), dated("B", 11.3, "p2", "B: Spectral Features", 2019), Fact { papers: vec![PaperRef { iri: "p3".into(), title: "C: Kelp".into(), year: None }], year: None, ..fact("C", 63.0) }];
        assert_eq!(judge_q("is A's paper newer than B's?", &["A", "B"], &facts), Label::Supported);
        assert_eq!(classify::claim_about("X's paper came out before 2020, right?"), None, "a year is not another paper");
        assert_eq!(judge_q("My draft says: \"The A paper appeared after the B paper.\" Is that accurate?", &["A", "B"], &facts), Label::Supported);
        assert_eq!(judge_q("My draft says: \"The A paper did not appear after the B paper.\" Is that accurate?", &["A", "B"], &facts), Label::Refuted, "denied");
        assert_eq!(judge_q("A's paper predates B's, right?", &["A", "B"], &facts), Label::Refuted);
        assert_eq!(judge_q("is C's result older than B's one?", &["C", "B"], &facts), Label::Uncertain, "C's paper has no usable year");
        // K's own paper (2015) lost its result to a 2024 re-run: "K's paper" is still its own.
        let facts = [dated("K", 80.0, "p9", "Revisiting Baselines: A Reproducibility Study", 2024), dated("P", 84.7, "p5", "P: Attention over Tiles", 2018)];
        let evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
        let titled = vec![PaperRef { iri: "p1".into(), title: "K: Shallow Convolutions".into(), year: Some(2015) }];
        let known = Known { evaluated, titled, ..Known::default() };
        assert_eq!(judge("is K's paper newer than P's?", &entities(&["K", "P"]), &facts, &known, &|_| Direction::Higher).verdict, Label::Refuted);
    }

    #[test]
    fn which_of_two_papers_came_out_first_is_told_from_their_years() {
        let facts = [dated("A", 9.4, "p1", "A: Pretrained Encoders", 2022), dated("B", 11.3, "p2", "B: Spectral Features", 2019), Fact { papers: vec![PaperRef { iri: "p3".into(), title: "C: Kelp".into(), year: None }], year: None, ..fact("C", 63.0) }];
        let evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
        let known = Known { evaluated, ..Known::default() };
        let v = paper_order(false, &entities(&["A", "B"]), &facts, &known).expect("two models named");
        assert!(v.is_account(), "no verdict is asked for");
        assert!(v.reason.ends_with("so B's paper came out first"), "{}", v.reason);
        let later = paper_order(true, &entities(&["A", "B"]), &facts, &known).expect("two models named");
        assert!(later.reason.ends_with("so A's paper came out later"), "{}", later.reason);
        assert_eq!(later.supporting.first().map(|f| f.value.as_str()), Some("2022"), "the later paper's year first");
        let v = paper_order(false, &entities(&["C", "B"]), &facts, &known).expect("two models named");
        assert!(v.reason.contains("no usable year") && !v.reason.contains("came out first"), "{}", v.reason);
        let v = paper_order(false, &entities(&["X", "Y"]), &facts, &known).expect("two models named");
        assert!(v.reason.starts_with("The graph records no paper"), "a sentence of its own: {}", v.reason);
        assert!(paper_order(false, &entities(&["A"]), &facts, &known).is_none(), "one model");
    }

    #[test]
    fn a_claim_that_anyone_beat_a_model_is_the_best_result_claim_turned_round() {
        let facts = [fact("A", 34.2), fact("B", 36.0)];
        assert_eq!(judge_q("has anyone beaten A's 34.2 on D?", &["A"], &facts), Label::Supported);
        assert_eq!(judge_q("Somebody must have beaten B's 36.0 on D by now, right?", &["B"], &facts), Label::Refuted);
        assert_eq!(judge_q("nobody has beaten A on D yet, right?", &["A"], &facts), Label::Refuted, "the best-result claim itself");
        assert_eq!(judge_q("nobody's dethroned A on D yet, correct?", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("does B still hold the D accuracy record?", &["B"], &facts), Label::Supported, "words between 'the' and 'record'");
        assert!(BEST.is_match("XLNet holds the SQuAD1.1 record, yeah?"), "a board's name with a dot in it");
        assert_eq!(judge_q("A still #1 on D for F1?", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("the D lead already belonged to B, right?", &["B"], &facts), Label::Supported);
    }

    #[test]
    fn a_value_claimed_as_the_best_must_be_the_best() {
        let facts = [fact("A", 27.3), fact("B", 36.0)];
        assert_eq!(judge_q("A's 27.3 on D - is that still the best number anyone has?", &["A"], &facts), Label::Refuted);
        assert_eq!(judge_q("B's 36.0 on D - is that the best anyone has?", &["B"], &facts), Label::Supported);
    }

    #[test]
    fn ever_the_best_means_the_best_when_it_appeared() {
        let facts = [dated("A", 12.4, "p1", "A", 2016), dated("B", 15.8, "p2", "B", 2017), dated("C", 14.0, "p3", "C", 2019), dated("D", 22.0, "p4", "D", 2023)];
        // The boards as they stood at the end of each year (no conflicts here).
        let history = facts.iter().map(|f| (f.year.unwrap_or_default(), facts.iter().filter(|g| g.year <= f.year).cloned().collect())).collect();
        let known = Known { history: vec![history], ..Known::default() };
        let label = |q: &str, m: &str| judge(q, &entities(&[m]), &facts, &known, &|_| Direction::Higher).verdict;
        assert_eq!(label("Has B ever been the best on D?", "B"), Label::Supported);
        assert_eq!(label("was C ever the best on D?", "C"), Label::Refuted, "B's 15.8 was already better in 2019");
        assert_eq!(label("Is B the best on D?", "B"), Label::Refuted, "without 'ever', the best is today's");
        assert_eq!(label("B once held the top score on D - true or false?", "B"), Label::Supported);
        assert_eq!(label("B has held the D record ever since its 2017 paper, correct?", "B"), Label::Refuted, "D took it in 2023");
        assert_eq!(label("D has held the record on D since 2023, right?", "D"), Label::Supported);
        assert_eq!(label("C has led D since 2019, right?", "C"), Label::Refuted, "C never led");
        let took = |q: &str| judge(q, &entities(&["B", "A"]), &facts, &known, &|_| Direction::Higher).verdict;
        assert_eq!(took("B's paper is the one that took the D accuracy record away from A, isn't it?"), Label::Supported);
        assert_eq!(judge_q("Has B ever been the best on D?", &["B"], &facts), Label::Uncertain, "no history: no dated result to place");
    }

    #[test]
    fn ever_the_best_is_left_open_when_a_papers_two_years_disagree() {
        // B's paper is recorded with 2017 and 2019: read as 2017 it led, read as 2019 C was
        // already ahead.
        let early = [dated("A", 12.4, "p1", "A", 2016), dated("B", 15.8, "p2", "B", 2017), dated("C", 16.0, "p3", "C", 2018)];
        let late = [dated("A", 12.4, "p1", "A", 2016), dated("C", 16.0, "p3", "C", 2018), dated("B", 15.8, "p2", "B", 2019)];
        let history = |facts: &[Fact]| facts.iter().map(|f| (f.year.unwrap_or_default(), facts.iter().filter(|g| g.year <= f.year).cloned().collect())).collect();
        let one = Known { history: vec![history(&early)], ..Known::default() };
        assert_eq!(judge("Has B ever been the best on D?", &entities(&["B"]), &early, &one, &|_| Direction::Higher).verdict, Label::Supported, "one reading");
        let both = Known { history: vec![history(&early), history(&late)], ..Known::default() };
        let v = judge("Has B ever been the best on D?", &entities(&["B"]), &early, &both, &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain, "{}", v.reason);
        assert!(v.reason.contains("read one way") && v.reason.contains("(2019), C's 16 was already better"), "{}", v.reason);
    }

    #[test]
    fn a_place_in_the_top_n_as_of_a_year_is_read_from_the_board_as_it_stood_then() {
        let facts = [dated("A", 12.4, "p1", "A", 2016), dated("B", 15.8, "p2", "B", 2017), dated("C", 14.0, "p3", "C", 2019), dated("D", 22.0, "p4", "D", 2023)];
        let history = facts.iter().map(|f| (f.year.unwrap_or_default(), facts.iter().filter(|g| g.year <= f.year).cloned().collect())).collect();
        let known = Known { history: vec![history], ..Known::default() };
        let label = |q: &str, m: &str| judge(q, &entities(&[m]), &facts, &known, &|_| Direction::Higher).verdict;
        assert_eq!(label("was C in the top two on D as of 2019?", "C"), Label::Supported, "second behind B");
        assert_eq!(label("was A in the top two on D as of 2019?", "A"), Label::Refuted, "third");
        assert_eq!(label("was C in the top two on D as of 2018?", "C"), Label::Refuted, "no result yet");
        assert_eq!(label("was B the best on D as of 2019?", "B"), Label::Supported, "a lead is still a lead");
    }

    #[test]
    fn a_margin_over_the_record_before_is_read_from_the_history_and_never_leaders_are_told() {
        let facts = [dated("A", 12.4, "p1", "A", 2016), dated("B", 15.8, "p2", "B", 2017), dated("C", 14.0, "p3", "C", 2019), dated("E", 17.0, "p4", "E", 2023)];
        let history = facts.iter().map(|f| (f.year.unwrap_or_default(), facts.iter().filter(|g| g.year <= f.year).cloned().collect())).collect();
        let known = Known { history: vec![history], ..Known::default() };
        let label = |q: &str| judge(q, &entities(&["E"]), &facts, &known, &|_| Direction::Higher);
        // E took the record from B's 15.8: 1.2 points, not C's 14.0 (newer but lower).
        let v = label("E beat the previous record on D by over two points, right?");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("from B (15.8), 1.2 points better"), "{}", v.reason);
        assert_eq!(label("E beat the previous record on D by more than one point, right?").verdict, Label::Supported);
        let relative = label("E's 17.0 on D was more than a 5% relative improvement on the previous record, right?");
        assert_eq!(relative.verdict, Label::Supported, "1.2 over 15.8 is 7.6%: {}", relative.reason);
        assert!(relative.reason.contains("7.6% in relative terms"), "{}", relative.reason);
        assert_eq!(label("E's 17.0 on D was more than a 10% relative improvement on the previous record, right?").verdict, Label::Refuted);
        let told = crate::pipeline::trust::record::account("Which models on D have never held the top spot?", &entities(&[]), &known, &[], &|_| Direction::Higher).expect("an account");
        assert!(told.reason.contains("never led: C (14, first reported 2019)") && !told.reason.contains("never led: A"), "{}", told.reason);
    }

    #[test]
    fn a_problems_state_of_the_art_is_each_boards_best_and_a_model_must_lead_them_all() {
        use crate::pipeline::trust::standing::{best_across, state_of};
        let on = |model: &str, value: f64, dataset: &str, metric: &str| Fact { dataset: dataset.into(), metric: metric.into(), key: (model.into(), dataset.into(), metric.into()), ..fact(model, value) };
        let facts = [on("A", 36.0, "D1", "BLEU"), on("B", 34.2, "D1", "BLEU"), on("B", 55.1, "D2", "chrF"), on("C", 53.4, "D2", "chrF")];
        let boards = Normalized { datasets: vec![entity(EntityKind::Dataset, "D1"), entity(EntityKind::Dataset, "D2")], ..entities(&["B"]) };
        let state = state_of(&boards, &facts, &|_| Direction::Higher, 1).expect("an account");
        let two = state_of(&boards, &facts, &|_| Direction::Higher, 2).expect("an account");
        assert!(two.reason.contains("On D1 by BLEU, the top 2 are A (36), B (34.2)") && two.reason.contains("on D2 by chrF, the top 2 are B (55.1), C (53.4)"), "{}", two.reason);
        assert!(state.reason.contains("On D1 by BLEU, the best is A (36)") && state.reason.contains("; on D2 by chrF, the best is B (55.1)"), "{}", state.reason);
        assert!(!state.reason.contains("read another way"), "two boards, not two readings: {}", state.reason);
        let b = &boards.methods[0];
        assert_eq!(best_across(b, &boards, &facts, &|_| Direction::Higher).map(|v| v.verdict), Some(Label::Refuted), "B leads D2 but not D1");
        let only_d2 = [on("B", 55.1, "D2", "chrF"), on("C", 53.4, "D2", "chrF"), on("A", 36.0, "D1", "BLEU")];
        assert_eq!(best_across(b, &boards, &only_d2, &|_| Direction::Higher).map(|v| v.verdict), Some(Label::Uncertain), "no result of B on D1");
    }

    #[test]
    fn ever_the_best_reads_the_board_as_it_stood_each_year_not_todays() {
        // A led alone in 2014 with 18.2 (lower is better here); a 2023 re-run of A gave 21.7
        // and replaced it, and B's 9.4 (2022) leads today. C was behind B from its start;
        // E tied D in the only year they stood.
        let lower = |_: &str| Direction::Lower;
        let history = vec![
            (2014, vec![dated("A", 18.2, "p1", "A", 2014)]),
            (2022, vec![dated("A", 18.2, "p1", "A", 2014), dated("B", 9.4, "p2", "B", 2022)]),
            (2023, vec![dated("A", 21.7, "p3", "A again", 2023), dated("B", 9.4, "p2", "B", 2022), dated("C", 12.0, "p4", "C", 2023)]),
        ];
        let today = history[2].1.clone();
        let known = Known { history: vec![history], ..Known::default() };
        let ask = |q: &str, m: &str| judge(q, &entities(&[m]), &today, &known, &lower);
        let a = ask("Was A ever the best on D?", "A");
        assert_eq!(a.verdict, Label::Supported, "{}", a.reason);
        assert!(a.reason.contains("18.2") && a.reason.contains("2014"), "{}", a.reason);
        let c = ask("Did C ever hold the top spot on D?", "C");
        assert_eq!(c.verdict, Label::Refuted, "{}", c.reason);
        assert!(c.contradicting.iter().any(|f| f.value == "9.4"), "the leader is shown");
        let ties = Known { history: vec![vec![(2020, vec![dated("D", 5.0, "p5", "D", 2020), dated("E", 5.0, "p6", "E", 2020)])]], ..Known::default() };
        assert_eq!(judge("Was E ever the best on D?", &entities(&["E"]), &ties.history[0][0].1, &ties, &lower).verdict, Label::Uncertain, "a tie at the top is not a lead");
    }

    #[test]
    fn the_record_over_time_is_read_year_by_year_and_left_open_where_a_close_conflict_decides_it() {
        // A led 2013-2015, B 2015-2016, C from 2016; in 2018 E's result came in twice, 79.0
        // and 81.0, too close to call: E leads now under one reading, C under the other.
        let (a, b, c) = (dated("A", 71.4, "p1", "A", 2013), dated("B", 78.9, "p2", "B", 2015), dated("C", 80.2, "p3", "C", 2016));
        let (e1, e2) = (dated("E", 79.0, "p4", "E", 2018), dated("E", 81.0, "p5", "E2", 2018));
        let history = vec![
            (2013, vec![a.clone()]),
            (2015, vec![a.clone(), b.clone()]),
            (2016, vec![a.clone(), b.clone(), c.clone()]),
            (2018, vec![a, b, c, e1, e2]),
        ];
        let today = history[3].1.clone();
        let known = Known { history: vec![history], ..Known::default() };
        let ask = |q: &str, m: &[&str]| judge(q, &entities(m), &today, &known, &|_| Direction::Higher);
        assert_eq!(ask("A held the record on D in 2014, right?", &["A"]).verdict, Label::Supported);
        assert_eq!(ask("C held the record on D in 2015, right?", &["C"]).verdict, Label::Refuted);
        assert_eq!(ask("B held the record on D from 2015 until 2016, right?", &["B"]).verdict, Label::Supported);
        let long = ask("A held the record on D from 2013 until 2018, right?", &["A"]);
        assert_eq!(long.verdict, Label::Refuted);
        assert!(long.reason.contains("until 2015, when B (78.9) took the lead"), "{}", long.reason);
        assert_eq!(ask("C took the record on D from B, right?", &["C", "B"]).verdict, Label::Supported);
        assert_eq!(ask("C took the record on D from A, right?", &["C", "A"]).verdict, Label::Refuted);
        let took = |q: &str, m: &str| crate::pipeline::trust::record::account(q, &entities(&[m]), &known, &today, &|_| Direction::Higher).map(|v| v.reason).unwrap_or_default();
        assert!(took("Which model took the record on D from A?", "A").contains("B (78.9) took the record on D by F1 from A (71.4) in 2015"), "{}", took("Which model took the record on D from A?", "A"));
        assert!(took("Who held the record on D after B?", "B").contains("C (80.2) took the record"), "{}", took("Who held the record on D after B?", "B"));
        assert_eq!(ask("Has the best on D changed since 2013?", &[]).verdict, Label::Supported);
        assert_eq!(ask("Has the best on D changed since 2016?", &[]).verdict, Label::Uncertain, "E's two values read both ways");
        assert_eq!(ask("C held the record on D in 2018, right?", &["C"]).verdict, Label::Uncertain);
    }

    #[test]
    fn a_question_about_the_record_over_time_is_answered_year_by_year_and_not_as_a_verdict() {
        let (a, b, c) = (dated("A", 71.4, "p1", "A", 2013), dated("B", 78.9, "p2", "B", 2015), dated("C", 80.2, "p3", "C", 2016));
        let history = vec![(2013, vec![a.clone()]), (2015, vec![a.clone(), b.clone()]), (2016, vec![a, b, c])];
        let known = Known { history: vec![history], ..Known::default() };
        let tell = |q: &str, m: &[&str]| crate::pipeline::trust::record::account(q, &entities(m), &known, &[], &|_| Direction::Higher).expect("an account");
        let holders = tell("Which models have held the record on D?", &[]);
        assert!(holders.is_account());
        assert!(holders.reason.contains("A (from 2013), B (from 2015), C (from 2016)"), "{}", holders.reason);
        let since = tell("Since when has A held the record on D?", &["A"]);
        assert!(since.reason.starts_with("A no longer holds it (it led from 2013 until 2015); C (80.2) has held the record"), "{}", since.reason);
        assert!(since.supporting.iter().all(|f| f.model == "C"), "a former holder's value is not given as the record");
        let undated = Fact { year: None, ..fact("U", 83.0) };
        let now = [dated("C", 80.2, "p3", "C", 2016), undated];
        let since = crate::pipeline::trust::record::account("How long has U held the top F1 on D now?", &entities(&["U"]), &known, &now, &|_| Direction::Higher).expect("an account");
        assert!(since.reason.starts_with("U (83) is the best on D by F1 now, but its paper records no year, so since when it has led cannot be told; the best dated result, C (80.2), has led since 2016"), "{}", since.reason);
        let improved = tell("How much did B improve on the previous best on D?", &["B"]);
        assert!(improved.reason.contains("7.5 points over the previous best, A (71.4)"), "{}", improved.reason);
        // No model named: the record-setter with the smallest (or largest) step.
        let least = tell("Among the models that set a new record on D, which one improved least over the previous record?", &[]);
        assert!(least.reason.contains("C (80.2) improved least on the previous best: 1.3 points over B (78.9), in 2016"), "{}", least.reason);
        let most = tell("Which record-setter improved most over the previous record on D?", &[]);
        assert!(most.reason.contains("B (78.9) improved most on the previous best: 7.5 points over A (71.4)"), "{}", most.reason);
    }

    #[test]
    fn where_a_model_stands_is_judged_on_todays_board_under_every_reading_of_a_close_conflict() {
        // A 89.6 leads; B holds 86.1 and 85.4, too close to call; C 80.2; D 71.4.
        let facts = [fact("A", 89.6), fact("B", 86.1), fact("B", 85.4), fact("C", 80.2), fact("D", 71.4)];
        let label = |q: &str, m: &[&str]| judge(q, &entities(m), &facts, &Known::default(), &|_| Direction::Higher).verdict;
        assert_eq!(label("C is within 9.5 points of the best on D, right?", &["C"]), Label::Supported, "9.4 behind");
        assert_eq!(label("D is within 11.0 points of the best on D, right?", &["D"]), Label::Refuted, "18.2 behind");
        assert_eq!(label("Only 2 models beat C on D, right?", &["C"]), Label::Supported);
        assert_eq!(label("Only 3 models beat C on D, right?", &["C"]), Label::Refuted, "B counts once");
        assert_eq!(label("Only 1 models beat B on D, right?", &["B"]), Label::Supported, "A alone, under both of B's values");
        let only = judge("Can you confirm that only one model beats A on D?", &entities(&["A"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert!(only.verdict == Label::Refuted && only.reason.contains("the model 1 beats is B"), "the place claimed is named: {}", only.reason);
        assert_eq!(label("Is C number three on the D leaderboard?", &["C"]), Label::Supported, "a place said as a number");
        let tell = |q: &str, m: &[&str]| crate::pipeline::trust::standing::account(q, &entities(m), &facts, &|_| Direction::Higher).expect("an account");
        let rank = tell("What rank (1 = best) does C have on D?", &["C"]);
        assert!(rank.is_account() && rank.reason.starts_with("C (80.2) ranks 3 of 4 on D by F1"), "{}", rank.reason);
        let behind = tell("How far is D behind the best on D?", &["D"]);
        assert!(behind.reason.contains("18.2 points behind the best on D by F1, A (89.6)"), "{}", behind.reason);
        assert!(crate::pipeline::trust::standing::asks_where_best("which datasets is C best at?"), "without the preposition too");
        let nowhere = tell("On which datasets is C the best?", &["C"]);
        assert!(nowhere.reason.starts_with("The knowledge graph records no dataset on which C is the best"), "{}", nowhere.reason);
        let top_two = tell("On which datasets does B make the top two?", &["B"]);
        assert!(top_two.reason.starts_with("Of the datasets B was evaluated on, it is in the top 2 now on these: B (86.1 or 85.4) is second on D"), "{}", top_two.reason);
        let not_c = tell("On which datasets is C in the top 2?", &["C"]);
        assert!(not_c.reason.starts_with("The knowledge graph records no dataset on which C is in the top 2"), "{}", not_c.reason);
        let not_best = tell("On which of its boards is C NOT the record holder?", &["C"]);
        assert!(not_best.reason.starts_with("Of the datasets C was evaluated on, it is not the best on these: on D by F1, A (89.6) is the best, not C (80.2)"), "{}", not_best.reason);
        let unvalued = tell("which boards did E run on without holding the top score there?", &["E"]);
        assert!(unvalued.reason.contains("on D by F1, A (89.6) is the best and E has no value recorded"), "{}", unvalued.reason);
        let leads = tell("On which of its boards is A NOT the record holder?", &["A"]);
        assert!(leads.reason.starts_with("The knowledge graph records no dataset on which A was evaluated and is not the best"), "{}", leads.reason);
    }

    #[test]
    fn a_count_of_models_past_a_value_is_open_when_a_close_conflict_straddles_the_value() {
        // A 89.6, C 87.2; B holds 86.1 and 85.4, too close to call.
        let facts = [fact("A", 89.6), fact("C", 87.2), fact("B", 86.1), fact("B", 85.4), fact("D", 71.4)];
        let linked = |m: &[&str]| {
            let mut e = entities(m);
            e.methods.iter_mut().for_each(|x| x.iris = vec![format!("m:{}", x.text)]);
            e
        };
        let judged = |q: &str, m: &[&str]| judge(q, &linked(m), &facts, &Known::default(), &|_| Direction::Higher);
        let open = judged("Only two models get above 86 on D, namely A and C. True?", &["A", "C"]);
        assert_eq!(open.verdict, Label::Uncertain, "{}", open.reason);
        assert!(open.reason.contains("86.1") && open.reason.contains("85.4"), "both of B's values are told: {}", open.reason);
        assert_eq!(judged("Only two models get above 87 on D, right?", &[]).verdict, Label::Supported);
        assert_eq!(judged("Only one model scores above 87 on D, right?", &[]).verdict, Label::Refuted);
        assert_eq!(judged("Only two models get above 87 on D, namely A and B. True?", &["A", "B"]).verdict, Label::Refuted, "B is not one of them");
        assert_eq!(judged("Nobody had gotten above 90 on D, right?", &[]).verdict, Label::Supported);
        assert_eq!(judged("did any model break 90 on D?", &[]).verdict, Label::Refuted);
        assert_eq!(judged("has any model got past 88 on D?", &[]).verdict, Label::Supported, "A");
        assert_eq!(judged("Reviewer 2 claims nobody had gotten below 80 on D. Is that true?", &[]).verdict, Label::Refuted, "D has 71.4");
    }

    #[test]
    fn the_best_on_every_board_a_claim_lists_is_judged_board_by_board_names_written_short() {
        let on = |model: &str, value: f64, board: &str| Fact { dataset: board.into(), key: (format!("m:{model}"), board.to_lowercase(), "f1".into()), ..fact(model, value) };
        let facts = [on("A", 34.2, "Orrenby Parallel Corpus"), on("B", 31.9, "Orrenby Parallel Corpus"), on("A", 19.6, "Quenmark Dialogue Set"), on("B", 22.0, "Quenmark Dialogue Set"), on("A", 55.1, "Mirelle Subtitles")];
        let mut a = entities(&["A"]);
        a.methods[0].iris = vec!["m:A".into()];
        a.datasets.clear();
        let claim = |q: &str| judge(q, &a, &facts, &Known::default(), &|_| Direction::Higher);
        let all = claim("A was the best on all three datasets it had been tested on: Orrenby, Quenmark and Mirelle Subtitles. Right?");
        assert_eq!(all.verdict, Label::Refuted, "B leads Quenmark: {}", all.reason);
        let two = claim("A is the best on both Orrenby and Mirelle Subtitles, right?");
        assert_eq!(two.verdict, Label::Supported, "{}", two.reason);
    }

    #[test]
    fn two_models_across_the_boards_they_share_are_compared_board_by_board() {
        let on = |model: &str, value: f64, board: &str| Fact { dataset: board.into(), key: (format!("m:{model}"), board.to_lowercase(), "f1".into()), ..fact(model, value) };
        let facts = [on("A", 84.7, "D1"), on("B", 83.1, "D1"), on("A", 88.4, "D2"), on("B", 89.9, "D2")];
        let both = Normalized { methods: entities(&["A", "B"]).methods, ..Normalized::default() };
        let claim = judge("Does A beat B on every dataset they were both evaluated on?", &both, &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(claim.verdict, Label::Refuted, "one loss refutes 'every': {}", claim.reason);
        assert_eq!(judge("Does A beat B?", &both, &facts, &Known::default(), &|_| Direction::Higher).verdict, Label::Uncertain, "without 'every', mixed is open");
        // A board too close to call does not hold the claim open once another is surely lost.
        let disputed = [on("A", 84.7, "D1"), on("A", 82.0, "D1"), on("B", 83.1, "D1"), on("A", 88.4, "D2"), on("B", 89.9, "D2")];
        let lost = judge("Does A beat B on every dataset they were both evaluated on?", &both, &disputed, &Known::default(), &|_| Direction::Higher);
        assert_eq!(lost.verdict, Label::Refuted, "{}", lost.reason);
        assert!(lost.reason.contains("on D2 by F1, A 88.4 vs B 89.9"), "{}", lost.reason);
        let open = judge("Does B beat A on every dataset they were both evaluated on?", &both, &disputed[..3], &Known::default(), &|_| Direction::Higher);
        assert_eq!(open.verdict, Label::Uncertain, "only the disputed board: {}", open.reason);
        let tell = |q: &str| crate::pipeline::trust::standing::account(q, &both, &facts, &|_| Direction::Higher).expect("an account").reason;
        let which = tell("On which datasets does A beat B?");
        assert!(which.starts_with("A beats B on D1 by F1 (A 84.7 vs B 83.1)"), "{which}");
        assert!(tell("On how many datasets does B beat A?").starts_with("B beats A on 1 of the 2 dataset boards both have scores on"));
    }

    #[test]
    fn the_papers_on_each_side_of_a_disputed_result_are_named_and_none_is_said_plainly() {
        use crate::pipeline::trust::{Conflict, ConflictKind, ConflictSide};
        let kept = dated("A", 74.1, "p2", "A again", 2024);
        let side = |v: &str, p: &str, t: &str| ConflictSide { value: v.into(), papers: vec![PaperRef { iri: p.into(), title: t.into(), year: None }], score: None };
        let conflict = Conflict {
            kind: ConflictKind::DifferentValues,
            subject: "A on D by F1".into(),
            model: Some("A".into()),
            sides: vec![side("74.1", "p2", "A again"), side("78.9", "p1", "A")],
            resolved: true,
            winner: Some("74.1".into()),
            gap: Some(0.5),
            rule: String::new(),
        };
        let ask = |m: &str| crate::pipeline::trust::standing::disagreement(&format!("Which papers disagree about {m}'s result on D?"), &entities(&[m]), std::slice::from_ref(&kept), std::slice::from_ref(&conflict)).expect("an account");
        let a = ask("A");
        assert!(a.reason.contains("74.1 in \"A again\"; 78.9 in \"A\""), "{}", a.reason);
        assert_eq!(a.supporting.iter().map(|f| f.value.as_str()).collect::<Vec<_>>(), ["74.1"], "the side set aside is said, not an item");
        assert!(ask("B").reason.starts_with("The knowledge graph records no disagreement"));
        let close = Conflict { resolved: false, winner: None, ..conflict.clone() };
        let both = crate::pipeline::trust::standing::disagreement("Which papers disagree about A's result on D?", &entities(&["A"]), std::slice::from_ref(&kept), std::slice::from_ref(&close)).expect("an account");
        assert_eq!(both.supporting.len(), 2, "too close to call: both sides are items");
        // "Which figure is the real one?": the kept value, and the one set aside with why.
        let mut linked = entities(&["A"]);
        linked.methods[0].iris = vec!["A".into()];
        let q = crate::pipeline::trust::standing::quote("A on D - which F1 figure is the real one?", &linked, std::slice::from_ref(&kept), std::slice::from_ref(&conflict)).expect("an account");
        assert!(q.reason.starts_with("For A on D by F1, the value that holds is 74.1 (\"A again\" (2024)); 78.9 (\"A\") was set aside"), "{}", q.reason);
        assert_eq!(q.supporting.len(), 1);
        assert!(crate::pipeline::trust::standing::quote("What is A's F1 on D?", &linked, std::slice::from_ref(&kept), std::slice::from_ref(&conflict)).is_none());
    }

    #[test]
    fn a_comparison_with_a_side_recorded_too_close_to_call_is_uncertain() {
        let mut facts = vec![dated("A", 6.8, "p1", "A", 2024), dated("A", 7.9, "p2", "A2", 2024), dated("B", 7.2, "p3", "B", 2023)];
        let lower = |q: &str, facts: &[Fact]| {
            let evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
            judge(q, &entities(&["A", "B"]), facts, &Known { evaluated, ..Known::default() }, &|_| Direction::Lower).verdict
        };
        assert_eq!(lower("A beats B on D, right?", &facts), Label::Uncertain);
        facts[1].numeric = Some(7.0);
        facts[1].value = "7.0".into();
        assert_eq!(lower("A beats B on D, right?", &facts), Label::Supported, "both of A's values beat B's 7.2");
        // "a lower WER than" compares the values as written, whatever the metric's direction.
        let higher = |q: &str| {
            let evaluated: Vec<Evaluated> = facts.iter().map(|f| (f.key.0.clone(), f.model.clone(), f.key.1.clone())).collect();
            judge(q, &entities(&["A", "B"]), &facts, &Known { evaluated, ..Known::default() }, &|_| Direction::Higher).verdict
        };
        assert_eq!(higher("Is it the case that A has a lower word error rate than B on D?"), Label::Supported);
        assert_eq!(higher("A has a higher score than B on D, right?"), Label::Refuted);
    }
}
