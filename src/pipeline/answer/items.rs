//! The answer as data: [`AnswerItem`]s chosen by the question's [`Target`] (or, for a
//! claim, the facts on each side of the verdict), the conflicts the answer must state, and
//! the numbered [`Source`]s it rests on. Scores are compared as numbers, in the metric's
//! direction. Pure.

use std::collections::{BTreeMap, BTreeSet};
use serde::Serialize;
use std::sync::LazyLock;
use crate::pipeline::pattern::Regex;

use crate::pipeline::front::classify::Target;
use crate::pipeline::front::extract::{same_value, BoardAsk};
use crate::pipeline::front::tally::Counted;
use crate::pipeline::evidence::papers::PaperDetails;
use crate::pipeline::evidence::{Evidence, Named};
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::Normalized;
use super::leaderboard;
use crate::pipeline::answer::rank::Ranked;
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::trust::verdict::{Label, Verdict};
use crate::pipeline::trust::{Conflict, ConflictKind, Validity};

/// A cited paper.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Source {
    /// The number the answer cites it by, from 1.
    pub n: usize,
    /// The paper's title (its IRI when the graph records none).
    pub title: String,
    /// The paper's resource in the knowledge graph.
    pub iri: String,
    /// Its DOI, when the graph records one.
    #[schema(required = true)]
    pub doi: Option<String>,
    /// Its publication year, when the graph records a valid one.
    #[schema(required = true)]
    pub year: Option<i32>,
    /// A later year the graph also records for it (two real years): the answer lists the
    /// paper under both ("(2017 or 2019)"); `year` stays the earliest.
    #[serde(skip)]
    pub other_year: Option<i32>,
    /// Methods and models the graph records for the paper.
    pub methods: Vec<String>,
    /// Datasets the graph records for the paper.
    pub datasets: Vec<String>,
    /// The ranking score (0 for papers cited only because they state an answer item).
    pub score: f64,
    /// VALID, OUTDATED, SUPERSEDED or CONFLICTED (see `trust`).
    pub validity: Validity,
    /// Author names; left out when the graph records none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    /// Research fields of the paper; left out when none are recorded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Where it was published (a conference, a journal); left out when none is recorded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub venues: Vec<String>,
    /// Links to the paper's source code; left out when none are recorded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub code: Vec<String>,
}

impl Source {
    /// `more` added to `sources` (numbered on from their end), a paper both lists hold kept
    /// once: each of `more`'s new numbers, in its order, for renumbering what cited it.
    pub fn merge(sources: &mut Vec<Source>, more: Vec<Source>) -> Vec<usize> {
        let mut number = Vec::with_capacity(more.len());
        for source in more {
            let at = match sources.iter().position(|s| s.iri == source.iri) {
                Some(at) => at,
                None => {
                    sources.push(Source { n: sources.len() + 1, ..source });
                    sources.len() - 1
                }
            };
            number.push(at + 1);
        }
        number
    }
}

#[cfg(test)]
impl Source {
    /// A valid source with a title and nothing else, numbered 1: what tests start from.
    pub fn titled(title: &str) -> Self {
        Self {
            n: 1,
            title: title.into(),
            iri: "p1".into(),
            doi: None,
            year: None,
            other_year: None,
            methods: vec![],
            datasets: vec![],
            score: 1.0,
            validity: Validity::Valid,
            authors: vec![],
            fields: vec![],
            venues: vec![],
            code: vec![],
        }
    }
}

/// One element of the direct answer.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct AnswerItem {
    /// What it names: a model, dataset, metric, paper, code link...
    pub label: String,
    /// Its resource in the knowledge graph; null for a literal.
    #[schema(required = true)]
    pub iri: Option<String>,
    /// The value stated for it (a score, a year, a DOI...), if any.
    #[schema(required = true)]
    pub value: Option<String>,
    /// Numbers of the sources that state it.
    pub sources: Vec<usize>,
    /// For a score: the metric it is measured by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub metric: Option<String>,
    /// For a score: the dataset it was obtained on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub dataset: Option<String>,
    /// For a score: the model that obtained it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub model: Option<String>,
    /// Paper IRIs behind the item (numbered in `sources` when cited).
    #[serde(skip)]
    pub papers: Vec<String>,
}

impl AnswerItem {
    pub(crate) fn new(label: &str, iri: Option<&str>) -> Self {
        Self {
            label: label.to_owned(),
            iri: iri.map(str::to_owned),
            value: None,
            sources: Vec::new(),
            metric: None,
            dataset: None,
            model: None,
            papers: Vec::new(),
        }
    }

    /// A paper, as the item the answer gives ("what is the DOI of X's paper?").
    pub fn paper(iri: &str, title: &str) -> Self {
        let mut item = Self::new(title, Some(iri));
        item.papers.push(iri.to_owned());
        item
    }

    pub(super) fn add_paper(&mut self, paper: &Option<String>) {
        if let Some(p) = paper {
            if !self.papers.contains(p) {
                self.papers.push(p.clone());
            }
        }
    }
}

/// Adds or extends the item for `named` in `items` (keyed by IRI).
/// The item for `named`, added if new. Resources with the same label are one item (the
/// graph holds duplicate labels: two "ACL-ARC" datasets are one answer to a reader).
/// Whether `text` lowercased is `lower`, without lowercasing it when it is ASCII: a list of
/// hundreds of items compares every new one with each kept one.
fn lowercase_is(text: &str, lower: &str) -> bool {
    if text.is_ascii() {
        text.len() == lower.len() && text.bytes().zip(lower.bytes()).all(|(a, b)| a.to_ascii_lowercase() == b)
    } else {
        text.to_lowercase() == lower
    }
}

fn upsert<'a>(items: &'a mut Vec<AnswerItem>, named: &Named) -> &'a mut AnswerItem {
    let label = named.display().trim().to_lowercase();
    let position = items.iter().position(|i| i.iri.as_deref() == Some(named.iri.as_str()) || lowercase_is(i.label.trim(), &label));
    match position {
        Some(i) => {
            // The smallest IRI stands for the label, whatever order the engine returned
            // the rows in (Virtuoso and oxigraph differ).
            if items[i].iri.as_deref().is_some_and(|kept| named.iri.as_str() < kept) {
                items[i].iri = Some(named.iri.clone());
            }
            &mut items[i]
        }
        None => {
            items.push(AnswerItem::new(named.display(), Some(&named.iri)));
            let last = items.len() - 1;
            &mut items[last]
        }
    }
}

/// The direct answer as data, before sources are numbered.
pub fn answer_items(
    target: Target,
    evidence: &Evidence,
    ranked: &[Ranked],
    entities: &Normalized,
    direction: &dyn Fn(&str) -> Direction,
) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    match target {
        Target::Models => {
            // A model whose only row there holds no score ("-") has no result to list.
            let scored = |fact: &crate::pipeline::evidence::ResultFact| fact.value.as_deref().is_none_or(|v| crate::pipeline::evidence::scores::parse_score(v).is_some());
            for fact in evidence.results.iter().filter(|f| scored(f)) {
                if let Some(model) = &fact.model {
                    upsert(&mut items, model).add_paper(&fact.paper);
                }
            }
            for listed in &evidence.models {
                upsert(&mut items, &listed.item).add_paper(&listed.paper);
            }
        }
        // A claim's items are the facts its verdict rests on (`verdict` builds them).
        Target::Verdict => {}
        // A comparison value is answered from its table (`pipeline::comparison`), not here.
        Target::ComparisonValue => {}
        Target::BestModel | Target::TopScore => {
            items = leaderboard::best_items(target, evidence, entities, direction);
            items.extend(leaderboard::unvalued_family(evidence, entities));
        }
        Target::Beaten => items = leaderboard::beaten_items(evidence, entities, direction),
        Target::Metrics => {
            for fact in &evidence.results {
                if let Some(metric) = &fact.metric {
                    upsert(&mut items, metric).add_paper(&fact.paper);
                }
            }
        }
        Target::Datasets => {
            for listed in &evidence.datasets {
                upsert(&mut items, &listed.item).add_paper(&listed.paper);
            }
            // A model's datasets: those of its results; "on which datasets does X have a
            // WER?" those of its results by the metric asked (none when none is by it).
            if evidence.datasets.is_empty() {
                let by_asked = |f: &&crate::pipeline::evidence::ResultFact| entities.metrics.is_empty() || leaderboard::metric_asked(f, entities, true) || leaderboard::metric_asked(f, entities, false);
                for fact in evidence.results.iter().filter(by_asked) {
                    upsert(&mut items, &fact.dataset).add_paper(&fact.paper);
                }
            }
        }
        Target::Problems => {
            for listed in &evidence.problems {
                upsert(&mut items, &listed.item).add_paper(&listed.paper);
            }
        }
        Target::Code => items = code_items(evidence),
        Target::Papers | Target::PaperDetails => {
            let take = if target == Target::PaperDetails { 1 } else { ranked.len() };
            for paper in ranked.iter().take(take) {
                let mut item = AnswerItem::new(&paper.title, Some(&paper.iri));
                item.papers.push(paper.iri.clone());
                items.push(item);
            }
        }
    }
    // Unlabelled entries (real dumps have them) answer nothing a person can read.
    items.retain(|i| !i.label.trim().is_empty());
    items
}


/// "Which models on D have no code?": the board's models with no code link among those
/// read, each citing the paper of its result.
fn models_without_code(evidence: &Evidence, entities: &Normalized) -> Vec<AnswerItem> {
    let on_board = |iri: &str| entities.datasets.iter().any(|d| d.iris.iter().any(|i| i == iri));
    let mut coded: Vec<AnswerItem> = Vec::new();
    for link in &evidence.code {
        upsert(&mut coded, &link.model);
    }
    let mut without: Vec<AnswerItem> = Vec::new();
    for fact in evidence.results.iter().filter(|f| on_board(&f.dataset.iri)) {
        let Some(model) = &fact.model else { continue };
        let label = model.display().trim().to_lowercase();
        if !coded.iter().any(|c| c.iri.as_deref() == Some(model.iri.as_str()) || lowercase_is(c.label.trim(), &label)) {
            upsert(&mut without, model).add_paper(&fact.paper);
        }
    }
    without
}

/// One item per code link, with its model and the papers behind it.
fn code_items(evidence: &Evidence) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    for link in &evidence.code {
        let position = items.iter().position(|i| i.label == link.url);
        let item = match position {
            Some(i) => &mut items[i],
            None => {
                let mut item = AnswerItem::new(&link.url, None);
                item.model = Some(link.model.display().to_owned());
                items.push(item);
                items.last_mut().expect("just pushed")
            }
        };
        item.add_paper(&link.paper);
    }
    items
}

/// The answer items an LLM-written query's rows give (used when the templates found none):
/// per row, its first literal (a label, a value) as the label and its first IRI as the
/// resource; every IRI in the row may be a paper to cite (the gates then check the answer).
pub fn generated_items(evidence: &Evidence) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    for row in &evidence.generated {
        let literal = row.iter().find_map(|(_, t)| match t {
            oxrdf::Term::Literal(l) => Some(l.value().to_owned()),
            _ => None,
        });
        let iris: Vec<String> = row
            .iter()
            .filter_map(|(_, t)| match t {
                oxrdf::Term::NamedNode(n) => Some(n.as_str().to_owned()),
                _ => None,
            })
            .collect();
        let Some(label) = literal.or_else(|| iris.first().cloned()) else { continue };
        let mut item = AnswerItem::new(label.trim(), iris.first().map(String::as_str));
        item.papers = iris;
        if !items.iter().any(|i| i.label == item.label && i.iri == item.iri) && !item.label.is_empty() {
            items.push(item);
        }
    }
    items
}

/// How much of a board the question asks for: the top k ("top 3"), or a `BoardAsk`
/// ("every model", both ends, those past a value, those without one).
#[derive(Debug, Clone, Copy, Default)]
pub struct Asked {
    pub top_k: Option<usize>,
    pub board: Option<BoardAsk>,
    /// "Which models on D have (no) code?" ([`crate::pipeline::front::extract::code_filter`]).
    pub coded: Option<bool>,
}

/// The items of the answer: for a claim, the facts on each side of the verdict; otherwise
/// what the target asks for.
pub fn for_question(
    target: Target,
    verdict: Option<&Verdict>,
    evidence: &Evidence,
    ranked: &[Ranked],
    entities: &Normalized,
    asked: Asked,
    direction: &dyn Fn(&str) -> Direction,
) -> Vec<AnswerItem> {
    let Asked { top_k, board, coded } = asked;
    match (verdict, top_k) {
        (Some(v), _) => verdict_items(v),
        // "Which models on D have no code?": the board's models without a link. (Those with
        // one are the code links themselves, each with its model.)
        (None, _) if target == Target::Code && entities.methods.is_empty() && !entities.datasets.is_empty() && coded == Some(false) => models_without_code(evidence, entities),
        (None, _) if board == Some(BoardAsk::Unscored) => unscored_items(evidence, entities),
        (None, _) if board == Some(BoardAsk::Unled) => unled_items(evidence, entities, direction),
        (None, Some(k)) if matches!(target, Target::BestModel | Target::TopScore) => {
            let board_items = match board {
                // "Anything above 20 BLEU on D?" where nothing is: the board's best, for the
                // answer to say so beside.
                Some(BoardAsk::Past(t)) => Some(merged(leaderboard::past_items(k, evidence, entities, direction, &|v| t.passes(v))))
                    .filter(|past| !past.is_empty())
                    .unwrap_or_else(|| merged(leaderboard::top_items(1, evidence, entities, direction))),
                // "Who got 74.3 on D?" where no result there holds it: the board's best, for
                // the answer to say so beside.
                Some(BoardAsk::Holding(given)) => Some(merged(leaderboard::top_items_where(k, evidence, entities, direction, &|v| same_value(v, given))))
                    .filter(|held| !held.is_empty())
                    .unwrap_or_else(|| merged(leaderboard::top_items(1, evidence, entities, direction))),
                _ => merged(leaderboard::top_items(k, evidence, entities, direction)),
            };
            match board {
                Some(ask) => asked_of_board(ask, board_items),
                None => board_items,
            }
        }
        // "Which boards does X score above 85 on?", "which models reach at least 99 on some
        // board?": every result past the value, on each board, not each metric's best alone.
        (None, None) if matches!(target, Target::BestModel | Target::TopScore) && matches!(board, Some(BoardAsk::Past(_))) => {
            let passes = |v: f64| matches!(board, Some(BoardAsk::Past(t)) if t.passes(v));
            Some(merged(leaderboard::past_items(usize::MAX, evidence, entities, direction, &passes)))
                .filter(|past| !past.is_empty())
                .unwrap_or_else(|| merged(answer_items(target, evidence, ranked, entities, direction)))
        }
        (None, _) => merged(answer_items(target, evidence, ranked, entities, direction)),
    }
}

/// "Which papers work on both language modelling and image classification?": of a listing
/// of papers, those the graph files under every one of `tasks` (by the rows that found
/// them). A listing none of whose papers was found under a problem is left whole: what
/// found it says nothing of the problems.
pub fn under_every_task(items: Vec<AnswerItem>, evidence: &Evidence, tasks: &[&str]) -> Vec<AnswerItem> {
    use crate::pipeline::front::lexicon::EntityKind;
    let under = |item: &AnswerItem, task: &str| {
        item.iri.as_ref().and_then(|iri| evidence.papers.get(iri)).is_some_and(|p| p.matched.iter().any(|(kind, name)| *kind == EntityKind::Task && name.eq_ignore_ascii_case(task)))
    };
    if !items.iter().any(|i| tasks.iter().any(|t| under(i, t))) {
        return items;
    }
    items.into_iter().filter(|i| tasks.iter().all(|t| under(i, t))).collect()
}

/// "How many models have been evaluated on ImageNet?": the count of a listing of what the
/// question counts, as an item (`subject` its label, the number its value), and the sentence
/// that states it when the text does not already. `None` when the listing is of something
/// else than what is counted, is empty, or when the text states a count of papers the
/// listing does not hold (papers found past those listed are counted there).
pub fn count_item(counted: Counted, target: Target, items: &[AnswerItem], text: &str, subject: Option<&str>) -> Option<(AnswerItem, Option<String>)> {
    let fits = matches!(
        (counted, target),
        (Counted::Models, Target::Models) | (Counted::Datasets, Target::Datasets) | (Counted::Papers, Target::Papers) | (Counted::Metrics, Target::Metrics) | (Counted::Code, Target::Code)
    );
    // As the listing's sentence counts them ("62 models have results on ImageNet").
    let n = items.len();
    if !fits || n == 0 {
        return None;
    }
    // Not a citation's number: "[7]" counts nothing.
    static CITATION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[\d+\]").unwrap_or_else(|e| panic!("citation pattern: {e}")));
    let stated = CITATION.replace_all(text, " ").split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == n.to_string());
    if !stated && counted == Counted::Papers {
        return None;
    }
    let noun = if n == 1 { counted.noun().trim_end_matches('s') } else { counted.noun() };
    let said = (!stated).then(|| format!("{n} {noun} in all"));
    let item = AnswerItem { value: Some(n.to_string()), metric: Some(format!("number of {}", counted.noun())), ..AnswerItem::new(subject.unwrap_or(counted.noun()), None) };
    Some((item, said))
}

/// The items in the form the question asked for ([`Form`](crate::pipeline::front::form::Form)):
/// "just the number" keeps the count items alone, when the answer has one (the listing it
/// counts stays in the text, cited); "DOIs only" gives each paper item its DOI as its value,
/// where the graph records one and the item states no other value.
pub fn shaped(items: Vec<AnswerItem>, sources: &[Source], form: crate::pipeline::front::form::Form) -> Vec<AnswerItem> {
    let is_count = |i: &AnswerItem| i.metric.as_deref().is_some_and(|m| m.starts_with("number of "));
    let mut items = if form.number_only && items.first().is_some_and(is_count) { items.into_iter().filter(is_count).collect() } else { items };
    if form.dois {
        for item in items.iter_mut().filter(|i| i.value.is_none()) {
            let doi = item.iri.as_deref().and_then(|iri| sources.iter().find(|s| s.iri == iri)).and_then(|s| s.doi.clone());
            item.value = doi;
        }
    }
    items
}

/// "Which datasets were both X and Y evaluated on?", "research problems X and Y have in
/// common": of a listing of the datasets (problems) of two or more linked models, those
/// every one of them reaches, a dataset through its own results, a problem through the rows
/// found for it. Other listings are left whole.
pub fn shared_by_models(target: Target, items: Vec<AnswerItem>, evidence: &Evidence, entities: &Normalized) -> Vec<AnswerItem> {
    use crate::pipeline::front::lexicon::EntityKind;
    let models: Vec<_> = entities.methods.iter().filter(|m| m.is_linked()).collect();
    if models.len() < 2 || !matches!(target, Target::Datasets | Target::Problems) {
        return items;
    }
    let is = |item: &AnswerItem, named: &Named| item.iri.as_deref() == Some(named.iri.as_str()) || lowercase_is(named.display().trim(), &item.label.trim().to_lowercase());
    let reaches = |item: &AnswerItem, model: &crate::pipeline::front::normalize::NormalizedEntity| match target {
        Target::Datasets => evidence.results.iter().any(|r| is(item, &r.dataset) && r.model.as_ref().is_some_and(|m| model.iris.contains(&m.iri))),
        _ => evidence.problems.iter().any(|l| is(item, &l.item) && l.anchor.as_ref().is_some_and(|(kind, name)| *kind == EntityKind::Method && *name == model.canonical)),
    };
    items.into_iter().filter(|i| models.iter().all(|m| reaches(i, m))).collect()
}

/// "Which models on D have no chrF number reported?": the models with a row on the board
/// the question names that holds no score ("-", or no value) for the metric it names, and no
/// row there that holds one.
fn unscored_items(evidence: &Evidence, entities: &Normalized) -> Vec<AnswerItem> {
    use crate::pipeline::evidence::ResultFact;
    let on_board = |f: &ResultFact| entities.datasets.is_empty() || entities.datasets.iter().any(|d| d.iris.contains(&f.dataset.iri));
    let on_metric = |f: &ResultFact| {
        entities.metrics.is_empty() || f.metric.as_ref().is_none_or(|m| entities.metrics.iter().any(|e| e.iris.contains(&m.iri) || e.names(m.display())))
    };
    let scored = |f: &ResultFact| f.value.as_deref().and_then(crate::pipeline::evidence::scores::parse_score).is_some();
    let mut items: Vec<AnswerItem> = Vec::new();
    for fact in evidence.results.iter().filter(|f| on_board(f) && on_metric(f) && !scored(f)) {
        let Some(model) = &fact.model else { continue };
        let has_score = evidence.results.iter().any(|g| g.model.as_ref().is_some_and(|m| m.iri == model.iri) && g.dataset.iri == fact.dataset.iri && on_metric(g) && scored(g));
        if !has_score {
            upsert(&mut items, model).add_paper(&fact.paper);
        }
    }
    items
}

/// "Prior noop vs A3C LSTM hs on D - which scored higher?" where neither has a value there:
/// the named models the board records without a score, each an item with no value beside
/// the board's best, so that what was asked about is answered too. (Where one of them has a
/// value, it is the answer, and the other is said to have none.)
pub fn named_unscored(items: &[AnswerItem], evidence: &Evidence, entities: &Normalized) -> Vec<AnswerItem> {
    use crate::pipeline::evidence::scores::parse_score;
    let on_board = |f: &crate::pipeline::evidence::ResultFact| entities.datasets.iter().any(|d| d.iris.contains(&f.dataset.iri));
    let mut out: Vec<AnswerItem> = Vec::new();
    let is = |i: &AnswerItem, m: &crate::pipeline::front::normalize::NormalizedEntity| i.iri.as_ref().is_some_and(|iri| m.iris.contains(iri)) || m.names(&i.label);
    // A variant of a named model listed ("C51 noop" for "c51") answers for it.
    if items.iter().any(|i| entities.methods.iter().any(|m| is(i, m) || m.has_variant(&i.label))) {
        return out;
    }
    for m in entities.methods.iter().filter(|m| m.is_linked()) {
        let listed = items.iter().any(|i| is(i, m));
        let rows: Vec<_> = evidence.results.iter().filter(|f| on_board(f) && f.model.as_ref().is_some_and(|x| m.iris.contains(&x.iri))).collect();
        if listed || rows.is_empty() || rows.iter().any(|f| f.value.as_deref().and_then(parse_score).is_some()) {
            continue;
        }
        for fact in rows {
            if let Some(model) = &fact.model {
                let item = upsert(&mut out, model);
                item.dataset.get_or_insert_with(|| fact.dataset.display().to_owned());
                item.add_paper(&fact.paper);
            }
        }
    }
    out
}

/// "Which models on D are not the top scorer?": the board's models that hold no metric's
/// best, valued or not, each citing the paper of its result.
fn unled_items(evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction) -> Vec<AnswerItem> {
    let on_board = |f: &crate::pipeline::evidence::ResultFact| entities.datasets.is_empty() || entities.datasets.iter().any(|d| d.iris.contains(&f.dataset.iri));
    let leaders = leaderboard::top_items(1, evidence, entities, direction);
    let leads = |model: &crate::pipeline::evidence::Named| leaders.iter().any(|l| l.iri.as_deref() == Some(model.iri.as_str()) || lowercase_is(l.label.trim(), &model.display().trim().to_lowercase()));
    let mut items: Vec<AnswerItem> = Vec::new();
    if leaders.is_empty() {
        return items;
    }
    for fact in evidence.results.iter().filter(|f| on_board(f)) {
        let Some(model) = &fact.model else { continue };
        if !leads(model) {
            upsert(&mut items, model).add_paper(&fact.paper);
        }
    }
    items
}

/// The part of a board, best first per metric, that the question asks for: all of it,
/// each metric's two ends, or the results past a value (each model by its best value).
fn asked_of_board(ask: BoardAsk, items: Vec<AnswerItem>) -> Vec<AnswerItem> {
    match ask {
        BoardAsk::Every | BoardAsk::Unscored | BoardAsk::Unled => items,
        // The results past the value; the board's best alone when none is (`for_question`).
        BoardAsk::Past(t) if !items.iter().any(|i| passes(i, t)) => items,
        BoardAsk::Past(t) => items.into_iter().filter(|i| passes(i, t)).collect(),
        // `for_question` already chose the results holding the value, or the board's best
        // when none holds it.
        BoardAsk::Holding(_) => items,
        BoardAsk::Ends => items
            .chunk_by(|a, b| a.metric == b.metric)
            .flat_map(|run| if run.len() > 1 { vec![run[0].clone(), run[run.len() - 1].clone()] } else { run.to_vec() })
            .collect(),
    }
}

/// Whether an item's value is past the question's bound.
pub fn passes(item: &AnswerItem, t: crate::pipeline::front::extract::Threshold) -> bool {
    item.value.as_deref().and_then(crate::pipeline::evidence::scores::parse_score).is_some_and(|v| t.passes(v))
}

/// The papers of result items, each carrying the result it reports ("which paper got 431%
/// on D?"); the items themselves when none of them cites a paper.
pub fn as_papers(items: &[AnswerItem], sources: &[Source]) -> Vec<AnswerItem> {
    let mut out: Vec<AnswerItem> = Vec::new();
    for item in items {
        for n in &item.sources {
            let Some(s) = sources.iter().find(|s| s.n == *n) else { continue };
            if !out.iter().any(|o| o.iri.as_deref() == Some(s.iri.as_str())) {
                let model = item.model.clone().or_else(|| Some(item.label.clone()));
                out.push(AnswerItem { value: item.value.clone(), metric: item.metric.clone(), dataset: item.dataset.clone(), model, sources: vec![*n], ..AnswerItem::paper(&s.iri, &s.title) });
            }
        }
    }
    if out.is_empty() { items.to_vec() } else { out }
}

/// Whether the items list results by a value the question gives ("who got past 90 on D",
/// "who got 74.3 on D"), so their first is no best. When no result holds a value given, the
/// items are the board's best, and are presented as such.
pub fn listed_by_value(board: Option<BoardAsk>, items: &[AnswerItem]) -> bool {
    match board {
        Some(BoardAsk::Holding(given)) => items.iter().any(|i| holds(i, given)),
        Some(ask) => ask.by_value(),
        None => false,
    }
}

/// Whether an item's value is the one a question gives.
pub fn holds(item: &AnswerItem, given: f64) -> bool {
    item.value.as_deref().and_then(crate::pipeline::evidence::scores::parse_score).is_some_and(|v| same_value(v, given))
}

/// One item per result: the same model, dataset, metric and value stated by several papers
/// ("88.3" and "88.3%" alike) is one item citing them all, not one line per paper.
fn merged(items: Vec<AnswerItem>) -> Vec<AnswerItem> {
    let key = |i: &AnswerItem| -> Option<(String, String, String, u64)> {
        let value = crate::pipeline::evidence::scores::parse_score(i.value.as_deref()?)?;
        Some((i.model.clone()?, i.dataset.clone()?, i.metric.clone()?, value.to_bits()))
    };
    let mut out: Vec<AnswerItem> = Vec::with_capacity(items.len());
    let mut seen: BTreeMap<(String, String, String, u64), usize> = BTreeMap::new();
    for item in items {
        match key(&item).and_then(|k| seen.get(&k).copied().map(|at| (k, at))) {
            Some((_, at)) => {
                let kept = &mut out[at];
                for paper in item.papers {
                    if !kept.papers.contains(&paper) {
                        kept.papers.push(paper);
                    }
                }
            }
            None => {
                if let Some(k) = key(&item) {
                    seen.insert(k, out.len());
                }
                out.push(item);
            }
        }
    }
    out
}


/// The answer items of a claim: the facts on each side of the verdict, once each.
fn verdict_items(v: &Verdict) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    for fact in v.supporting.iter().chain(&v.contradicting) {
        // A relation claim's fact may name no model (a dataset's use, a paper's year).
        let item = AnswerItem {
            label: fact.subject.clone(),
            iri: None,
            value: Some(fact.value.clone()),
            sources: Vec::new(),
            metric: (!fact.metric.is_empty()).then(|| fact.metric.clone()),
            dataset: (!fact.dataset.is_empty()).then(|| fact.dataset.clone()),
            model: (!fact.model.is_empty()).then(|| fact.model.clone()),
            papers: fact.papers.iter().map(|p| p.iri.clone()).collect(),
        };
        if !items.contains(&item) {
            items.push(item);
        }
    }
    items
}

/// Whether a claim's answer cites nothing: an undecided claim about a named model's scores
/// with no fact on either side ("llama 2 reaches 62 acc on boolq" when the graph holds
/// neither) has no paper that bears on it; related papers would only look like evidence.
pub fn nothing_to_cite(verdict: Option<&Verdict>, entities: &Normalized) -> bool {
    verdict.is_some_and(|v| v.verdict == Label::Uncertain && v.about_scores() && v.supporting.is_empty() && v.contradicting.is_empty())
        && !entities.methods.is_empty()
}

/// The unresolved disagreements about what the answer names: the answer must state them,
/// with both sides cited.
pub fn disputed<'a>(conflicts: &'a [Conflict], items: &[AnswerItem]) -> Vec<&'a Conflict> {
    conflicts
        .iter()
        .filter(|c| c.kind == ConflictKind::DifferentValues && !c.resolved)
        .filter(|c| c.model.as_ref().is_some_and(|m| items.iter().any(|i| &i.label == m || i.model.as_ref() == Some(m))))
        .collect()
}

/// Disagreements about a cited paper's own record (two years, two DOIs): a lookup of that
/// paper states them, since showing one value alone would pick a side unseen.
pub fn metadata_disputes<'a>(conflicts: &'a [Conflict], chosen: &[String]) -> Vec<&'a Conflict> {
    conflicts
        .iter()
        .filter(|c| c.kind == ConflictKind::Metadata && !c.resolved)
        .filter(|c| c.sides.iter().flat_map(|s| &s.papers).any(|p| chosen.contains(&p.iri)))
        .collect()
}

/// The papers that must be cited first: those of the verdict's facts, then those on each
/// side of a stated disagreement.
pub fn priority(verdict: Option<&Verdict>, disputed: &[&Conflict]) -> Vec<String> {
    let mut papers: Vec<String> = Vec::new();
    if let Some(v) = verdict {
        papers.extend(v.supporting.iter().chain(&v.contradicting).flat_map(|f| f.papers.iter().map(|p| p.iri.clone())));
    }
    papers.extend(disputed.iter().flat_map(|c| c.sides.iter().flat_map(|s| s.papers.iter().map(|p| p.iri.clone()))));
    papers
}

/// The source number of a chosen paper.
pub fn number_of(chosen: &[String], iri: &str) -> Option<usize> {
    chosen.iter().position(|c| c == iri).map(|i| i + 1)
}

/// Gives each of the verdict's facts the numbers of the sources that state it.
pub fn number_verdict(verdict: Option<Verdict>, chosen: &[String]) -> Option<Verdict> {
    verdict.map(|mut v| {
        for fact in v.supporting.iter_mut().chain(v.contradicting.iter_mut()) {
            fact.sources = fact.papers.iter().filter_map(|p| number_of(chosen, &p.iri)).collect();
        }
        v
    })
}

/// Picks the sources: `priority` papers first (those a verdict or a stated disagreement
/// cites), then papers behind answer items (in item order), then the ranked papers, at most
/// `max`; then numbers each item's papers.
pub fn select_sources(items: &mut [AnswerItem], priority: &[String], ranked: &[Ranked], max: usize) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    for paper in priority.iter().chain(items.iter().flat_map(|i| i.papers.iter())).chain(ranked.iter().map(|r| &r.iri)) {
        if chosen.len() >= max {
            break;
        }
        if !chosen.contains(paper) {
            chosen.push(paper.clone());
        }
    }
    for item in items.iter_mut() {
        item.sources = item
            .papers
            .iter()
            .filter_map(|p| chosen.iter().position(|c| c == p).map(|i| i + 1))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
    }
    chosen
}

/// Builds the numbered sources from the chosen paper IRIs and their details.
pub fn sources(
    chosen: &[String],
    details: &BTreeMap<String, PaperDetails>,
    evidence: &Evidence,
    ranked: &[Ranked],
    metas: &BTreeMap<String, PaperMeta>,
    validity: &dyn Fn(&str, Option<i32>) -> Validity,
) -> Vec<Source> {
    chosen
        .iter()
        .enumerate()
        .map(|(i, iri)| {
            let d = details.get(iri).cloned().unwrap_or_default();
            let meta = metas.get(iri);
            let year = meta.and_then(|m| m.year);
            let title = d
                .title
                .clone()
                .or_else(|| evidence.titles.get(iri).cloned())
                .unwrap_or_else(|| iri.clone());
            Source {
                n: i + 1,
                title,
                iri: iri.clone(),
                doi: meta.and_then(|m| m.dois.first().cloned()),
                year,
                other_year: meta.and_then(|m| m.valid_years.iter().copied().filter(|y| Some(*y) != year).max()),
                methods: d.methods,
                datasets: d.datasets,
                score: ranked.iter().find(|r| &r.iri == iri).map_or(0.0, |r| r.score),
                validity: validity(iri, year),
                authors: d.authors,
                fields: d.fields,
                venues: d.venues,
                code: d.code,
            }
        })
        .collect()
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::evidence::ResultFact;
    use crate::pipeline::answer::llm::*;
    use crate::pipeline::answer::text::*;
    use crate::pipeline::query::retrieve::Cut;

    #[test]
    fn the_number_alone_keeps_the_count_items_and_dois_asked_for_become_the_papers_values() {
        use crate::pipeline::front::form::Form;
        let count = AnswerItem { value: Some("3".into()), metric: Some("number of papers".into()), ..AnswerItem::new("T", None) };
        let papers = vec![count.clone(), AnswerItem::new("A", Some("p1")), AnswerItem::new("B", Some("p2"))];
        let number = Form { number_only: true, ..Form::default() };
        assert_eq!(shaped(papers.clone(), &[], number), vec![count.clone()]);
        assert_eq!(shaped(papers[1..].to_vec(), &[], number).len(), 2, "no count to keep: the listing stays");
        assert_eq!(shaped(papers.clone(), &[], Form::default()), papers);
        let source = Source { doi: Some("10.1/x".into()), ..Source::titled("A") };
        let dois = shaped(papers[1..].to_vec(), &[source], Form { dois: true, ..Form::default() });
        assert_eq!(dois[0].value.as_deref(), Some("10.1/x"));
        assert_eq!(dois[1].value, None, "a paper with no DOI recorded gets none");
    }

    #[test]
    fn a_label_matches_its_lowercase_form_whatever_its_script() {
        assert!(lowercase_is("BERT-Large", "bert-large"));
        assert!(!lowercase_is("BERT-Large", "bert-larg"));
        assert!(lowercase_is("Ünet Σ", &"Ünet Σ".to_lowercase()), "non-ASCII labels lowercase as str::to_lowercase does");
        assert!(!lowercase_is("Ünet", "unet"));
    }

    fn fact(model: &str, metric: &str, value: &str, paper: &str) -> ResultFact {
        let named = |iri: &str, label: &str| Named { iri: iri.into(), label: Some(label.into()) };
        ResultFact {
            dataset: named("d", "SQuAD1.1"),
            model: Some(named(&format!("m:{model}"), model)),
            metric: Some(named(&format!("x:{metric}"), metric)),
            value: Some(value.into()),
            paper: Some(paper.into()),
            contribution: format!("c:{model}"),
            evaluation: format!("e:{model}:{metric}"),
        }
    }

    #[test]
    fn a_count_asked_of_a_listing_is_an_item_of_its_own_and_said_where_the_text_does_not() {
        let listed = |labels: &[&str]| labels.iter().map(|l| AnswerItem::new(l, None)).collect::<Vec<_>>();
        let models = listed(&["A", "B", "C"]);
        let (item, said) = count_item(Counted::Models, Target::Models, &models, "3 models have results on D: A; B; C.", Some("D")).expect("a count");
        assert_eq!((item.label.as_str(), item.value.as_deref(), said), ("D", Some("3"), None), "already said");
        let (_, said) = count_item(Counted::Datasets, Target::Datasets, &listed(&["D1", "D2"]), "Datasets X was evaluated on: D1; D2.", Some("X")).expect("a count");
        assert_eq!(said.as_deref(), Some("2 datasets in all"));
        let (_, said) = count_item(Counted::Metrics, Target::Metrics, &listed(&["A", "B"]), "Results on D are reported with these metrics: A [1][2]; B [2].", Some("D")).expect("a count");
        assert_eq!(said.as_deref(), Some("2 metrics in all"), "a citation's number is no count");
        assert!(count_item(Counted::Papers, Target::Papers, &listed(&["P"]), "I found 9 relevant papers", None).is_none(), "the text counts papers past those listed");
        assert!(count_item(Counted::Models, Target::Papers, &models, "", None).is_none(), "a listing of something else");
    }

    #[test]
    fn models_evaluated_on_a_board_with_no_value_are_those_asked_for_as_unscored() {
        let evidence = Evidence { results: vec![fact("A", "chrF", "55.1", "p1"), fact("B", "chrF", "-", "p2"), fact("C", "chrF", "-", "p3"), fact("C", "chrF", "48.2", "p4")], ..Evidence::default() };
        let items = for_question(Target::Models, None, &evidence, &[], &Normalized::default(), Asked { top_k: None, board: Some(BoardAsk::Unscored), coded: None }, &higher);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["B"], "C has a value in another row");
    }

    #[test]
    fn papers_on_both_problems_are_those_found_under_each() {
        use crate::pipeline::evidence::PaperHit;
        use crate::pipeline::front::lexicon::EntityKind;
        let hit = |iri: &str, tasks: &[&str]| PaperHit { iri: iri.into(), title: iri.into(), matched: tasks.iter().map(|t| (EntityKind::Task, (*t).to_owned())).collect(), looked_up: false, relevance: 0.0, title_fit: 0.0 };
        let evidence = Evidence { papers: [hit("p1", &["LM", "IC"]), hit("p2", &["LM"]), hit("p3", &["IC"])].into_iter().map(|h| (h.iri.clone(), h)).collect(), ..Evidence::default() };
        let papers = vec![AnswerItem::new("p1", Some("p1")), AnswerItem::new("p2", Some("p2")), AnswerItem::new("p3", Some("p3"))];
        let kept = under_every_task(papers.clone(), &evidence, &["LM", "ic"]);
        assert_eq!(kept.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["p1"]);
        let unanchored = Evidence { papers: [hit("p1", &[]), hit("p2", &[])].into_iter().map(|h| (h.iri.clone(), h)).collect(), ..Evidence::default() };
        assert_eq!(under_every_task(papers, &unanchored, &["LM", "IC"]).len(), 3, "found by nothing that names a problem: left whole");
    }

    #[test]
    fn named_models_the_board_records_without_a_score_are_listed_only_when_neither_has_one() {
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let entity = |kind, name: &str, iri: &str| NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![iri.into()], direction: None, link: None };
        let entities = Normalized { methods: vec![entity(EntityKind::Method, "A", "m:A"), entity(EntityKind::Method, "B", "m:B")], datasets: vec![entity(EntityKind::Dataset, "SQuAD1.1", "d")], ..Normalized::default() };
        let evidence = Evidence { results: vec![fact("Top", "F1", "93.0", "p1"), fact("A", "F1", "-", "p2"), ResultFact { value: None, ..fact("B", "F1", "", "p3") }], ..Evidence::default() };
        let best = vec![AnswerItem::new("Top", Some("m:Top"))];
        let listed = named_unscored(&best, &evidence, &entities);
        assert_eq!(listed.iter().map(|i| (i.label.as_str(), i.value.is_none())).collect::<Vec<_>>(), [("A", true), ("B", true)]);
        let a_best = vec![AnswerItem::new("A", Some("m:A"))];
        assert!(named_unscored(&a_best, &evidence, &entities).is_empty(), "one of them listed is the answer");
    }

    fn higher(name: &str) -> Direction {
        if name == "Perplexity" { Direction::Lower } else { Direction::Higher }
    }

    #[test]
    fn what_two_models_share_is_what_each_reaches_not_their_union() {
        use crate::pipeline::evidence::Listed;
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let model = |name: &str| NormalizedEntity { kind: EntityKind::Method, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![format!("m:{name}")], direction: None, link: None };
        let entities = Normalized { methods: vec![model("A"), model("B")], ..Normalized::default() };
        let on = |model: &str, board: &str| ResultFact { dataset: Named { iri: format!("d:{board}"), label: Some(board.into()) }, ..fact(model, "F1", "80.0", "p") };
        let evidence = Evidence { results: vec![on("A", "D1"), on("A", "D2"), on("B", "D2"), on("B", "D3")], ..Evidence::default() };
        let all = answer_items(Target::Datasets, &evidence, &[], &entities, &higher);
        assert_eq!(all.len(), 3, "the union");
        let shared = shared_by_models(Target::Datasets, all, &evidence, &entities);
        assert_eq!(shared.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["D2"]);
        // A problem is reached through the rows found for each model, with a paper or not.
        let listed = |task: &str, model: &str| Listed { item: Named { iri: format!("t:{task}"), label: Some(task.into()) }, paper: None, anchor: Some((EntityKind::Method, model.into())) };
        let evidence = Evidence { problems: vec![listed("QA", "A"), listed("QA", "B"), listed("NER", "A")], ..Evidence::default() };
        let shared = shared_by_models(Target::Problems, answer_items(Target::Problems, &evidence, &[], &entities, &higher), &evidence, &entities);
        assert_eq!(shared.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["QA"]);
    }

    #[test]
    fn the_papers_asked_for_carry_the_results_they_report() {
        let source = |n: usize, iri: &str, title: &str| Source { n, iri: iri.into(), ..Source::titled(title) };
        let result = AnswerItem { metric: Some("Score".into()), value: Some("431%".into()), sources: vec![1], ..AnswerItem::new("LASER", Some("m1")) };
        let papers = as_papers(std::slice::from_ref(&result), &[source(1, "p1", "Off-Policy Actor-Critic with Shared Experience Replay")]);
        assert_eq!(papers.len(), 1);
        assert_eq!((papers[0].label.as_str(), papers[0].model.as_deref(), papers[0].value.as_deref()), ("Off-Policy Actor-Critic with Shared Experience Replay", Some("LASER"), Some("431%")));
        assert_eq!(as_papers(&[AnswerItem { sources: Vec::new(), ..result }], &[]).len(), 1, "no paper cited: the results stay");
    }

    #[test]
    fn a_boards_two_ends_are_its_first_and_last_per_metric_and_a_bound_keeps_those_past_it() {
        use crate::pipeline::front::extract::Threshold;
        let scored = |model: &str, metric: &str, value: &str| AnswerItem { metric: Some(metric.into()), value: Some(value.into()), ..AnswerItem::new(model, None) };
        let board = vec![scored("A", "BLEU", "36.0"), scored("B", "BLEU", "18.9"), scored("C", "BLEU", "9.8"), scored("A", "chrF", "55.1")];
        let ends: Vec<String> = asked_of_board(BoardAsk::Ends, board.clone()).iter().map(|i| format!("{} {}", i.label, i.value.as_deref().unwrap_or(""))).collect();
        assert_eq!(ends, ["A 36.0", "C 9.8", "A 55.1"]);
        let below = asked_of_board(BoardAsk::Past(Threshold { above: false, inclusive: false, value: 20.0 }), board.clone());
        assert_eq!(below.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["B", "C"]);
        assert_eq!(asked_of_board(BoardAsk::Every, board.clone()).len(), 4);
    }

    /// A model's accuracy on the board D, from no paper.
    fn accuracy(model: &str, value: &str) -> ResultFact {
        ResultFact {
            dataset: Named { iri: "d".into(), label: Some("D".into()) },
            model: Some(Named { iri: format!("m:{model}"), label: Some(model.into()) }),
            metric: Some(Named { iri: "acc".into(), label: Some("Accuracy".into()) }),
            value: Some(value.into()),
            paper: None,
            contribution: format!("c:{model}"),
            evaluation: format!("e:{model}"),
        }
    }

    #[test]
    fn top_k_lists_the_best_k_models_of_the_metric_best_first() {
        let evidence = Evidence { results: vec![accuracy("A", "80"), accuracy("B", "90"), accuracy("C", "85"), accuracy("D", "70")], ..Evidence::default() };
        let higher = |_: &str| Direction::Higher;
        let items = for_question(Target::BestModel, None, &evidence, &[], &Normalized::default(), Asked { top_k: Some(3), board: None, coded: None }, &higher);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), vec!["B", "C", "A"]);
        assert_eq!(crate::pipeline::front::extract::top_k("top 3 models on ESC-50 (top-1 acc)"), Some(3));
        assert_eq!(crate::pipeline::front::extract::top_k("what is the top-1 accuracy on X"), None);
    }

    #[test]
    fn a_value_given_lists_the_results_holding_it_or_else_the_boards_best() {
        let evidence = Evidence { results: vec![accuracy("A", "80"), accuracy("B", "90"), accuracy("C", "85.1"), accuracy("D", "70")], ..Evidence::default() };
        let higher = |_: &str| Direction::Higher;
        let every = crate::pipeline::front::extract::EVERY;
        let asked = |given| Asked { top_k: Some(every), board: Some(BoardAsk::Holding(given)), coded: None };
        let held = for_question(Target::BestModel, None, &evidence, &[], &Normalized::default(), asked(85.1), &higher);
        assert_eq!(held.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["C"], "the result holding the value");
        assert!(listed_by_value(Some(BoardAsk::Holding(85.1)), &held), "a holder is no best");
        let unheld = for_question(Target::BestModel, None, &evidence, &[], &Normalized::default(), asked(74.3), &higher);
        assert_eq!(unheld.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["B"], "none holds it: the board's best, for the answer to say so");
        assert!(!listed_by_value(Some(BoardAsk::Holding(74.3)), &unheld), "the board's best is presented as the best");
    }

    #[test]
    fn an_undecided_claim_about_a_model_with_no_fact_cites_nothing() {
        use crate::pipeline::trust::verdict::Verdict;
        let verdict = |relation: &str, label| Verdict { verdict: label, relation: relation.into(), reason: String::new(), supporting: vec![], contradicting: vec![] };
        let mut named = Normalized::default();
        named.methods.push(crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Method,
            text: "LLaMA".into(),
            canonical: "LLaMA".into(),
            aliases: vec![],
            iris: vec![],
            direction: None,
            link: None,
        });
        assert!(nothing_to_cite(Some(&verdict("achieves", Label::Uncertain)), &named));
        assert!(!nothing_to_cite(Some(&verdict("achieves", Label::Refuted)), &named));
        assert!(!nothing_to_cite(Some(&verdict("year", Label::Uncertain)), &named), "a paper's claim keeps its paper");
        assert!(!nothing_to_cite(Some(&verdict("achieves", Label::Uncertain)), &Normalized::default()));
    }

    #[test]
    fn resources_with_the_same_label_are_listed_once_with_both_papers() {
        let listed = |iri: &str, paper: &str| crate::pipeline::evidence::Listed { item: Named { iri: iri.into(), label: Some("ACL-ARC".into()) }, paper: Some(paper.into()), anchor: None };
        let evidence = Evidence { datasets: vec![listed("d1", "p1"), listed("d2", "p2")], ..Evidence::default() };
        let items = answer_items(Target::Datasets, &evidence, &[], &Normalized::default(), &higher);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].papers, ["p1", "p2"]);
        let reversed = Evidence { datasets: vec![listed("d2", "p2"), listed("d1", "p1")], ..Evidence::default() };
        let items = answer_items(Target::Datasets, &reversed, &[], &Normalized::default(), &higher);
        assert_eq!(items[0].iri.as_deref(), Some("d1"), "the same IRI whatever the row order");
    }

    #[test]
    fn the_best_model_is_chosen_by_number_not_text() {
        let evidence = Evidence {
            results: vec![fact("A", "F1", "9.5", "p1"), fact("B", "F1", "85.2", "p2"), fact("C", "F1", "-", "p3")],
            ..Default::default()
        };
        let items = answer_items(Target::BestModel, &evidence, &[], &Normalized::default(), &higher);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].label, "B");
        assert_eq!(items[0].value.as_deref(), Some("85.2"));
    }

    #[test]
    fn a_question_naming_a_model_gets_that_models_score() {
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let evidence = Evidence {
            results: vec![fact("A", "F1", "80.0", "p1"), fact("B", "F1", "90.0", "p2")],
            ..Default::default()
        };
        let entities = Normalized {
            methods: vec![NormalizedEntity { kind: EntityKind::Method, text: "A".into(), canonical: "A".into(), aliases: vec![], iris: vec![], direction: None, link: None }],
            ..Default::default()
        };
        let items = answer_items(Target::TopScore, &evidence, &[], &entities, &higher);
        assert_eq!(items[0].value.as_deref(), Some("80.0"));
        assert_eq!(items[0].model.as_deref(), Some("A"));
    }

    #[test]
    fn a_top_score_recorded_two_ways_names_the_one_it_would_be_otherwise() {
        // A's 55.1 or 51.0 (too close to call): B's 53.4 is the top when 51.0 holds.
        let evidence = Evidence {
            results: vec![fact("A", "chrF", "55.1", "p1"), fact("A", "chrF", "51.0", "p2"), fact("B", "chrF", "53.4", "p3")],
            ..Default::default()
        };
        let items = answer_items(Target::TopScore, &evidence, &[], &Normalized::default(), &higher);
        let read: Vec<(Option<&str>, Option<&str>)> = items.iter().map(|i| (i.model.as_deref(), i.value.as_deref())).collect();
        assert_eq!(read, [(Some("A"), Some("55.1")), (Some("B"), Some("53.4"))]);
    }

    #[test]
    fn lower_is_better_for_perplexity() {
        let evidence = Evidence {
            results: vec![fact("A", "Perplexity", "58.3", "p1"), fact("B", "Perplexity", "23.7", "p2")],
            ..Default::default()
        };
        let items = answer_items(Target::TopScore, &evidence, &[], &Normalized::default(), &higher);
        assert_eq!(items[0].value.as_deref(), Some("23.7"));
        assert_eq!(items[0].model.as_deref(), Some("B"));
    }

    #[test]
    fn sources_put_item_papers_first_and_items_cite_them() {
        let mut items = vec![AnswerItem { papers: vec!["p2".into()], ..AnswerItem::new("B", Some("m:B")) }];
        let ranked = vec![Ranked { iri: "p1".into(), title: "P1".into(), score: 2.0, matched: vec![] }];
        let chosen = select_sources(&mut items, &[], &ranked, 8);
        assert_eq!(chosen, vec!["p2", "p1"]);
        assert_eq!(items[0].sources, vec![1]);
    }

    #[test]
    fn citations_of_missing_sources_are_removed_and_reported() {
        let (text, removed, valid) = check_citations("BERT wins [1][9]. See also [2, 7].", 3);
        assert_eq!(text, "BERT wins [1]. See also [2].");
        assert_eq!(removed, vec![9, 7]);
        assert!(valid);
        let (_, removed, valid) = check_citations("Nothing cited [4].", 3);
        assert_eq!(removed, vec![4]);
        assert!(!valid);
    }

    #[test]
    fn a_listing_cut_at_its_row_limit_gives_its_count_as_a_lower_bound() {
        let items = vec![AnswerItem::new("GPT-2", None), AnswerItem::new("BERT", None)];
        let listing = Cut { listing: true, results: false };
        assert!(extractive(Target::Models, &items, &[], &Normalized::default(), listing).starts_with("At least 2 models"));
        assert!(extractive(Target::Models, &items, &[], &Normalized::default(), Cut::default()).starts_with("2 models"));
        assert!(extractive(Target::Code, &items, &[], &Normalized::default(), listing).contains("the graph holds more than were read"));
        assert!(extractive(Target::BestModel, &items, &[], &Normalized::default(), listing).starts_with("The best recorded result"), "a summary holds the best");
        let results = Cut { listing: true, results: true };
        assert!(extractive(Target::BestModel, &items, &[], &Normalized::default(), results).starts_with("The best result among those read"));
    }

    #[test]
    fn a_disagreement_is_stated_only_when_every_side_is_cited() {
        let paper = |iri: &str| crate::pipeline::trust::facts::PaperRef { iri: iri.into(), title: iri.into(), year: None };
        let side = |value: &str, iri: &str| crate::pipeline::trust::conflicts::ConflictSide { value: value.into(), papers: vec![paper(iri)], score: None };
        let conflict = |subject: &str, b: &str| Conflict {
            kind: ConflictKind::DifferentValues,
            subject: subject.into(),
            model: None,
            sides: vec![side("0.30", "p1"), side("0.39", b)],
            resolved: false,
            winner: None,
            gap: None,
            rule: String::new(),
        };
        let (cited, uncited) = (conflict("BERT on SQuAD", "p2"), conflict("GPT on SQuAD", "p9"));
        let disputed = [&cited, &uncited];
        let chosen = vec!["p1".to_owned(), "p2".to_owned()];
        let entities = Normalized::default();
        let draft = Draft { target: Target::Papers, items: &[], sources: &[], entities: &entities, verdict: None, disputed: &disputed, all_failed: false, cut: Cut::default(), chosen: &chosen, top_k: None, board: None, extreme: None, coded: None, shared: false };
        let text = compose(&draft).text;
        assert!(text.contains("disagrees on BERT on SQuAD: 0.30 [1] vs 0.39 [2]"), "{text}");
        assert!(!text.contains("GPT on SQuAD"), "a side with no cited paper: {text}");
    }

    #[test]
    fn an_empty_result_says_so_and_cites_nothing() {
        let text = extractive(Target::Papers, &[], &[], &Normalized::default(), Cut::default());
        assert!(text.contains("found nothing"));
        assert!(!text.contains('['));
    }

    #[test]
    fn one_result_stated_by_several_papers_is_one_item_citing_them_all() {
        let result = |value: &str, paper: &str| AnswerItem {
            value: Some(value.into()),
            model: Some("Syrinxa".into()),
            dataset: Some("Hollenby".into()),
            metric: Some("Accuracy".into()),
            papers: vec![paper.into()],
            ..AnswerItem::new("Syrinxa", Some("m"))
        };
        let other = AnswerItem { value: Some("93.8".into()), ..result("93.8", "p9") };
        let merged = merged(vec![result("88.3%", "p1"), result("88.3", "p2"), other, result("88.30", "p3")]);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].papers, ["p1", "p2", "p3"]);
        assert_eq!(merged[0].value.as_deref(), Some("88.3%"), "the first wording is kept");
    }
}
