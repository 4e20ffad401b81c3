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

use regex::Regex;
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
    fn of(fact: &Fact) -> Self {
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
    /// year, doi, or unknown.
    pub relation: String,
    /// Why, in words.
    pub reason: String,
    /// Facts that support the claim.
    pub supporting: Vec<FactRef>,
    /// Facts that contradict it.
    pub contradicting: Vec<FactRef>,
}

impl Verdict {
    /// Whether the verdict is about scores (a comparison, a value, a best result), as
    /// opposed to a relation (an evaluation, a dataset's use, a paper's year or DOI).
    pub fn about_scores(&self) -> bool {
        matches!(self.relation.as_str(), "outperforms" | "achieves" | "best" | "unknown")
    }
}

/// The classifier's comparison words; "tops" only counts once the question is a claim.
static OUTPERFORMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)\b({}|tops?)\b", classify::OUTPERFORMS)).unwrap_or_else(|e| panic!("outperforms pattern: {e}"))
});
static UNDERPERFORMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)\b({})\b", classify::UNDERPERFORMS)).unwrap_or_else(|e| panic!("underperforms pattern: {e}"))
});
static BEST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(best|state[- ]of[- ]the[- ]art|sota|top[- ]performing|highest|leading|strongest|top|tops|topped|lowest)\b")
        .unwrap_or_else(|e| panic!("best pattern: {e}"))
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
fn facts_of<'a>(facts: &'a [Fact], model: &NormalizedEntity, entities: &Normalized) -> Vec<&'a Fact> {
    facts
        .iter()
        .filter(|f| on_board(f, entities))
        .filter(|f| model_of(model, &f.key.0, &f.model))
        .collect()
}

/// Whether a fact is a score on a board the claim names (any, when it names none).
fn on_board(f: &Fact, entities: &Normalized) -> bool {
    f.numeric.is_some()
        && (entities.datasets.is_empty() || entities.datasets.iter().any(|d| matches(d, &f.key.1, &f.dataset)))
        && if entities.metrics.is_empty() { !is_cost(&f.metric) } else { entities.metrics.iter().any(|m| matches(m, &f.key.2, &f.metric)) }
}

/// Whether the model, or a variant of it, was evaluated on `dataset`.
fn tried(e: &NormalizedEntity, evaluated: &[Evaluated], dataset: &str) -> bool {
    evaluated.iter().any(|(iri, label, d)| d == dataset && model_of(e, iri, label))
}

fn better(direction: Direction, a: f64, b: f64) -> bool {
    if direction == Direction::Lower {
        a < b
    } else {
        a > b
    }
}

/// The best fact in `facts` by value, in its metric's direction.
fn best<'a>(facts: &[&'a Fact], direction: &dyn Fn(&str) -> Direction) -> Option<&'a Fact> {
    facts.iter().copied().reduce(|a, b| {
        let d = direction(&a.metric);
        if better(d, b.numeric.unwrap_or(f64::NAN), a.numeric.unwrap_or(f64::NAN)) { b } else { a }
    })
}

fn uncertain(relation: &str, reason: String, supporting: Vec<FactRef>, contradicting: Vec<FactRef>) -> Verdict {
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
    if let Some(v) = super::relations::judge(question, entities, known) {
        return v;
    }
    let facts = &same_split(question, facts);
    let mut v = on_scores(question, entities, facts, &known.evaluated, direction);
    if v.verdict == Label::Uncertain && v.supporting.is_empty() && v.contradicting.is_empty() {
        // Undecided, but not empty-handed: what the graph records of the named models on
        // the claim's board is the evidence a reader weighs.
        v.contradicting = entities.methods.iter().flat_map(|m| facts_of(facts, m, entities).into_iter().take(3)).map(FactRef::of).collect();
    }
    if v.verdict == Label::Uncertain && v.contradicting.is_empty() {
        v.contradicting = super::relations::evaluations_without_values(entities, &known.evaluated);
    }
    v
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
fn on_scores(question: &str, entities: &Normalized, facts: &[Fact], evaluated: &[Evaluated], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let methods = &entities.methods;
    if methods.is_empty() {
        return uncertain("unknown", "the claim names no model or method the graph records results for".into(), vec![], vec![]);
    }
    let reversed = UNDERPERFORMS.is_match(question);
    if methods.len() >= 2 && (OUTPERFORMS.is_match(question) || reversed) {
        let (x, y) = if reversed { (&methods[1], &methods[0]) } else { (&methods[0], &methods[1]) };
        return outperforms(x, y, entities, facts, evaluated, direction);
    }
    let x = &methods[0];
    let fx = facts_of(facts, x, entities);
    if let Some(claimed) = super::numbers::claimed(question, entities) {
        if fx.is_empty() {
            // Evaluated there with no value recorded: the graph cannot check the number.
            let unscored = entities.datasets.iter().flat_map(|d| &d.iris).any(|d| tried(x, evaluated, d));
            if unscored {
                return uncertain("achieves", format!("the graph records an evaluation of {} there but no value", x.canonical), vec![], vec![]);
            }
            return beyond_the_top(x, claimed, entities, facts, direction);
        }
        return achieves(x, claimed, &fx);
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
fn outperforms(x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], evaluated: &[Evaluated], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let (fx, fy) = (facts_of(facts, x, entities), facts_of(facts, y, entities));
    let mut wins = Vec::new();
    let mut losses = Vec::new();
    let mut pairs: Vec<(&str, &str)> = fx.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    pairs.sort();
    pairs.dedup();
    for (dataset, metric) in pairs {
        let on_x: Vec<&Fact> = fx.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
        let on_y: Vec<&Fact> = fy.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
        if let (Some(bx), Some(by)) = (best(&on_x, direction), best(&on_y, direction)) {
            let d = direction(&bx.metric);
            if better(d, bx.numeric.unwrap_or(f64::NAN), by.numeric.unwrap_or(f64::NAN)) {
                wins.push((bx, by));
            } else if bx.numeric != by.numeric {
                losses.push((bx, by));
            }
        }
    }
    let refs = |pairs: &[(&Fact, &Fact)]| -> Vec<FactRef> { pairs.iter().flat_map(|(a, b)| [FactRef::of(a), FactRef::of(b)]).collect() };
    let (xa, ya) = (&x.canonical, &y.canonical);
    if wins.is_empty() && losses.is_empty() {
        return by_the_top(x, y, entities, facts, evaluated, direction);
    }
    let settled = |verdict, reason: String, supporting, contradicting| Verdict { verdict, relation: "outperforms".into(), reason, supporting, contradicting };
    match (wins.is_empty(), losses.is_empty()) {
        (true, true) => uncertain("outperforms", format!("the graph records no result of {xa} and {ya} on the same dataset and metric"), vec![], vec![]),
        (false, true) => settled(Label::Supported, format!("{xa} scores better than {ya} on every dataset and metric both are recorded on"), refs(&wins), vec![]),
        (true, false) => settled(Label::Refuted, format!("{ya} scores better than {xa} on every dataset and metric both are recorded on"), vec![], refs(&losses)),
        (false, false) => uncertain("outperforms", format!("{xa} is better than {ya} on some recorded results and worse on others"), refs(&wins), refs(&losses)),
    }
}

/// "X outperforms Y" with no result of both on one leaderboard: the top of each leaderboard
/// the claim names. X holding the top of a board Y is evaluated on supports the claim; Y
/// holding the top of one X is evaluated on refutes it.
fn by_the_top(x: &NormalizedEntity, y: &NormalizedEntity, entities: &Normalized, facts: &[Fact], evaluated: &[Evaluated], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let (xa, ya) = (&x.canonical, &y.canonical);
    for top in tops(entities, facts, direction).into_iter().filter(|t| tried(x, evaluated, &t.key.1) && tried(y, evaluated, &t.key.1)) {
        let settled = |verdict, reason: String, supporting: Vec<FactRef>, contradicting: Vec<FactRef>| Verdict { verdict, relation: "outperforms".into(), reason, supporting, contradicting };
        if model_of(x, &top.key.0, &top.model) {
            return settled(Label::Supported, format!("{xa} holds the best recorded {} on {}", top.metric, top.dataset), vec![FactRef::of(top)], vec![]);
        }
        if model_of(y, &top.key.0, &top.model) {
            return settled(Label::Refuted, format!("{ya} holds the best recorded {} on {}", top.metric, top.dataset), vec![], vec![FactRef::of(top)]);
        }
    }
    uncertain("outperforms", format!("the graph records no result of {xa} and {ya} on the same dataset and metric"), vec![], vec![])
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
/// "X reaches N" with no result of X recorded: refuted when N beats the best result the
/// graph records on the leaderboard the claim names (no recorded result reaches it),
/// uncertain otherwise.
fn beyond_the_top(x: &NormalizedEntity, claimed: Claimed, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Verdict {
    let none = || uncertain("achieves", format!("the graph records no matching result of {}", x.canonical), vec![], vec![]);
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
            verdict: Label::Refuted,
            relation: "achieves".into(),
            reason: format!("the best recorded {} on {} is {} ({}); no recorded result reaches {}", top.metric, top.dataset, top.value, top.model, claimed.value),
            supporting: vec![],
            contradicting: beaten.iter().map(|f| FactRef::of(f)).collect(),
        },
        None => none(),
    }
}

fn achieves(x: &NormalizedEntity, claimed: Claimed, fx: &[&Fact]) -> Verdict {
    let (agree, disagree): (Vec<&Fact>, Vec<&Fact>) = fx.iter().partition(|f| f.numeric.is_some_and(|v| claimed.met_by(v)));
    let claimed = claimed.describe();
    let refs = |facts: &[&Fact]| facts.iter().map(|f| FactRef::of(f)).collect::<Vec<_>>();
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
            reason: format!("the graph records {claimed} for {}", x.canonical),
            supporting: refs(&agree),
            contradicting: refs(&disagree),
        }
    }
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
    for (d, m) in boards {
        let board: Vec<&Fact> = facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m).collect();
        let mine_here: Vec<&Fact> = fx.iter().copied().filter(|f| f.key.1 == d && f.key.2 == m).collect();
        let (Some(top), Some(mine)) = (best(&board, direction), best(&mine_here, direction)) else { continue };
        if top.numeric == mine.numeric {
            let reason = format!("{} holds the best recorded {} on {}", mine.model, mine.metric, mine.dataset);
            return Verdict { verdict: Label::Supported, relation: "best".into(), reason, supporting: vec![FactRef::of(mine)], contradicting: vec![] };
        }
        beaten.push((top, mine));
    }
    match beaten.first() {
        Some((top, mine)) => Verdict {
            verdict: Label::Refuted,
            relation: "best".into(),
            reason: format!("{} scores better than {} on {} by {}", top.model, x.canonical, mine.dataset, mine.metric),
            supporting: vec![],
            contradicting: beaten.iter().flat_map(|(t, m)| [FactRef::of(t), FactRef::of(m)]).collect(),
        },
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
    fn a_claimed_score_beyond_the_recorded_best_is_refuted_even_without_the_models_own() {
        let facts = [fact("A", 73.6)];
        let mut e = entities(&["B"]);
        e.metrics = vec![entity(EntityKind::Metric, "F1")];
        let verdict = |q: &str| judge(q, &e, &facts, &Known::default(), &|_| Direction::Higher).verdict;
        assert_eq!(verdict("B reaches 75 F1 on D"), Label::Refuted);
        assert_eq!(verdict("B reaches 70 F1 on D"), Label::Uncertain, "below the top: B's own result is not recorded");
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
        assert_eq!(judge("B reaches 75 F1 on D", &e, &facts, &Known::default(), &|_| Direction::Higher).verdict, Label::Refuted, "never evaluated there: the recorded best settles it");
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
    fn an_undecided_claim_still_shows_what_the_graph_records_of_its_models() {
        let facts = [fact("A", 90.0)];
        let v = judge("Does A beat C on D?", &entities(&["A", "C"]), &facts, &Known::default(), &|_| Direction::Higher);
        assert_eq!(v.verdict, Label::Uncertain);
        assert_eq!(v.contradicting.iter().map(|f| f.model.as_str()).collect::<Vec<_>>(), ["A"]);
    }

    #[test]
    fn best_claims_compare_with_the_whole_board() {
        let facts = [fact("A", 90.0), fact("B", 95.0)];
        assert_eq!(judge_q("Is B the best model on D?", &["B"], &facts), Label::Supported);
        assert_eq!(judge_q("Is A the state of the art on D?", &["A"], &facts), Label::Refuted);
    }

}
