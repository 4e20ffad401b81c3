//! Facts: one recorded result (model M scores V on dataset D by metric Mt) with the papers
//! that state it, their validated years, and its score (recency × corroboration × source
//! weight). The same number written twice ("75.3", "75.30") is one fact. Pure.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::Trust;
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::scores::{parse_score, value_key};
use crate::pipeline::evidence::{Evidence, Named, ResultFact};
use crate::pipeline::front::anchor::AsOf;
use crate::pipeline::front::normalize::NormalizedEntity;
use crate::pipeline::front::restrict::{PaperName, Restriction};

/// A paper as shown inside facts and conflicts.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct PaperRef {
    /// The paper's resource in the knowledge graph.
    pub iri: String,
    /// Its title (its IRI when the graph records none).
    pub title: String,
    /// Its publication year, when the graph records a valid one.
    #[schema(required = true)]
    pub year: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fact {
    pub model: String,
    pub dataset: String,
    pub metric: String,
    pub value: String,
    #[serde(skip)]
    pub numeric: Option<f64>,
    #[serde(skip)]
    pub key: FactKey,
    pub papers: Vec<PaperRef>,
    /// The most recent year among the papers stating it.
    pub year: Option<i32>,
    pub support: usize,
    pub recency: f64,
    pub corroboration: f64,
    pub source_weight: f64,
    pub score: f64,
}

/// How a result is stated, and keyed (superseded results are found by it).
pub fn statement(model: &str, value: &str, dataset: &str, metric: &str) -> String {
    format!("{model} scores {value} on {dataset} by {metric}")
}

impl Fact {
    pub fn statement(&self) -> String {
        statement(&self.model, &self.value, &self.dataset, &self.metric)
    }
}

/// What the graph says about a paper's venue, as a weight.
pub fn source_weight(dois: &[String]) -> f64 {
    match dois.first() {
        None => 0.85,
        Some(_) if dois.iter().all(|d| d.to_ascii_lowercase().contains("arxiv")) => 0.9,
        Some(_) => 1.0,
    }
}

/// (model, dataset, metric) IRIs.
pub type FactKey = (String, String, String);

/// What makes a result one fact: its (model, dataset, metric) and its value key; `None`
/// for a result without a model, a metric or a value.
pub(super) fn fact_key(fact: &ResultFact) -> Option<(FactKey, String)> {
    let model = fact.model.as_ref()?;
    let metric = fact.metric.as_ref()?;
    let value = value_key(fact.value.as_deref()?)?;
    Some(((model.iri.clone(), fact.dataset.iri.clone(), metric.iri.clone()), value))
}

/// Leaves out what was published after the anchor, and what has no usable year (a paper
/// that cannot be placed in time cannot be said to come before the anchor): papers, and
/// results stated only by them.
pub fn apply_anchor(evidence: &mut Evidence, papers: &BTreeMap<String, PaperMeta>, as_of: &AsOf) -> BTreeSet<String> {
    let late: BTreeSet<String> = papers
        .iter()
        .filter(|(_, m)| m.year.is_none_or(|y| y > as_of.year))
        .map(|(iri, _)| iri.clone())
        .collect();
    evidence.papers.retain(|iri, _| !late.contains(iri));
    evidence.results.retain(|r| r.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.code.retain(|c| c.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.datasets.retain(|l| l.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.problems.retain(|l| l.paper.as_ref().is_none_or(|p| !late.contains(p)));
    late
}

/// Leaves out what the question sets aside ([`Restriction`]): results of the models and on
/// the boards it names, and papers by name, by year, or without a DOI, with the results
/// stated only by them. Returns the papers left out.
pub fn apply_restriction(evidence: &mut Evidence, papers: &BTreeMap<String, PaperMeta>, restriction: &Restriction) -> BTreeSet<String> {
    if !restriction.restricts() {
        return BTreeSet::new();
    }
    let named = |meta: &PaperMeta| -> bool {
        let title = crate::index::terms(&meta.title);
        restriction.papers.iter().any(|p| match p {
            PaperName::Titled { words, year } => {
                let words: Vec<String> = words.iter().flat_map(|w| crate::index::terms(w)).collect();
                !words.is_empty() && words.iter().all(|w| title.contains(w)) && year.is_none_or(|y| meta.valid_years.contains(&y) || meta.year == Some(y))
            }
            // The paper that introduced X: its title opens with X's name ("X: ...", "X - ..."),
            // a hyphen inside the name being part of it ("Orvalis-CNN: ...").
            PaperName::Introducing(name) => {
                let head = [":", " - ", " – ", " — "].iter().filter_map(|sep| meta.title.split_once(sep).map(|(head, _)| head)).min_by_key(|head| head.len()).unwrap_or_default();
                !head.is_empty() && crate::index::terms(head) == crate::index::terms(name)
            }
        })
    };
    let placed = |meta: &PaperMeta| -> bool {
        // A paper with two real years is kept when either reading falls within the bound.
        let years: Vec<i32> = if meta.valid_years.is_empty() { meta.year.into_iter().collect() } else { meta.valid_years.clone() };
        let bounded = restriction.from_year.is_some() || restriction.to_year.is_some();
        let within = !bounded || years.iter().any(|y| restriction.from_year.is_none_or(|from| *y >= from) && restriction.to_year.is_none_or(|to| *y <= to));
        let dropped = !years.is_empty() && years.iter().all(|y| restriction.dropped_years.contains(y));
        within && !dropped && (!restriction.doi_only || !meta.dois.is_empty())
    };
    let left_out: BTreeSet<String> = papers.iter().filter(|(_, m)| named(m) || !placed(m)).map(|(iri, _)| iri.clone()).collect();
    // A result no paper states cannot be placed in time or given a DOI.
    let unplaced = restriction.from_year.is_some() || restriction.to_year.is_some() || !restriction.dropped_years.is_empty() || restriction.doi_only;
    let kept_paper = |paper: &Option<String>| match paper {
        Some(p) => !left_out.contains(p),
        None => !unplaced,
    };
    let aside = |named: &Named, list: &[NormalizedEntity]| list.iter().any(|e| e.iris.contains(&named.iri) || named.label.as_deref().is_some_and(|l| e.names(l)));
    evidence.papers.retain(|iri, _| !left_out.contains(iri));
    evidence.results.retain(|r| kept_paper(&r.paper) && !aside(&r.dataset, &restriction.datasets) && r.model.as_ref().is_none_or(|m| !aside(m, &restriction.models)));
    evidence.code.retain(|c| kept_paper(&c.paper) && !aside(&c.model, &restriction.models));
    // "datasets for T except D": a board set aside is not listed either.
    evidence.datasets.retain(|l| l.paper.as_ref().is_none_or(|p| !left_out.contains(p)) && !aside(&l.item, &restriction.datasets));
    evidence.problems.retain(|l| l.paper.as_ref().is_none_or(|p| !left_out.contains(p)));
    left_out
}

pub(super) fn paper_ref(iri: &str, papers: &BTreeMap<String, PaperMeta>) -> PaperRef {
    let meta = papers.get(iri);
    PaperRef {
        iri: iri.to_owned(),
        title: meta.map(|m| m.title.clone()).filter(|t| !t.is_empty()).unwrap_or_else(|| iri.to_owned()),
        year: meta.and_then(|m| m.year),
    }
}

/// Builds the facts of the evidence's results, scored.
pub fn facts(trust: &Trust<'_>, evidence: &Evidence, papers: &BTreeMap<String, PaperMeta>) -> Vec<Fact> {
    // (key, value) -> the results stating it.
    let mut grouped: BTreeMap<(FactKey, String), Vec<&ResultFact>> = BTreeMap::new();
    for result in &evidence.results {
        if let Some(key) = fact_key(result) {
            grouped.entry(key).or_default().push(result);
        }
    }
    grouped
        .into_iter()
        .map(|((key, _), results)| {
            let first = results[0];
            let paper_iris: BTreeSet<&String> = results.iter().filter_map(|r| r.paper.as_ref()).collect();
            let refs: Vec<PaperRef> = paper_iris.iter().map(|p| paper_ref(p, papers)).collect();
            let year = refs.iter().filter_map(|p| p.year).max();
            // Results without a paper still count once: the graph states them.
            let support = paper_iris.len().max(1);
            let dois: Vec<String> = paper_iris.iter().flat_map(|p| papers.get(*p).map(|m| m.dois.clone()).unwrap_or_default()).collect();
            let recency = trust.recency(year);
            let corroboration = trust.corroboration(support);
            let weight = source_weight(&dois);
            let value = first.value.as_deref().unwrap_or("").trim().to_owned();
            Fact {
                model: first.model.as_ref().map(|m| m.display().to_owned()).unwrap_or_default(),
                dataset: first.dataset.display().to_owned(),
                metric: first.metric.as_ref().map(|m| m.display().to_owned()).unwrap_or_default(),
                numeric: parse_score(&value),
                value,
                key,
                papers: refs,
                year,
                support,
                recency,
                corroboration,
                source_weight: weight,
                score: recency * corroboration * weight,
            }
        })
        .collect()
}

/// The difference a question asks for, once the other side's rows are read: the models
/// with a result in `other` (by IRI or label) when `models`, else the boards it has results
/// on, are set aside from `evidence`'s results and listed datasets.
pub fn set_aside_difference(evidence: &mut Evidence, other: &Evidence, models: bool) {
    let key = |n: &crate::pipeline::evidence::Named| n.label.as_deref().map_or_else(|| n.iri.clone(), |l| l.trim().to_lowercase());
    if models {
        let theirs: BTreeSet<String> = other.results.iter().filter_map(|r| r.model.as_ref()).flat_map(|m| [m.iri.clone(), key(m)]).collect();
        evidence.results.retain(|r| r.model.as_ref().is_none_or(|m| !theirs.contains(&m.iri) && !theirs.contains(&key(m))));
    } else {
        let theirs: BTreeSet<String> = other.results.iter().flat_map(|r| [r.dataset.iri.clone(), key(&r.dataset)]).collect();
        let kept = |d: &crate::pipeline::evidence::Named| !theirs.contains(&d.iri) && !theirs.contains(&key(d));
        evidence.results.retain(|r| kept(&r.dataset));
        evidence.datasets.retain(|l| kept(&l.item));
    }
}

/// A paper's title: its recorded one, else the title its strategy row gave, else its IRI.
pub(super) fn title_of(iri: &str, evidence: &crate::pipeline::evidence::Evidence, metas: &std::collections::BTreeMap<String, crate::pipeline::evidence::papers::PaperMeta>) -> String {
    metas
        .get(iri)
        .map(|m| m.title.clone())
        .filter(|t| !t.is_empty())
        .or_else(|| evidence.titles.get(iri).cloned())
        .or_else(|| evidence.papers.get(iri).map(|p| p.title.clone()).filter(|t| !t.is_empty()))
        .unwrap_or_else(|| iri.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::{linked, paper, result_by};

    #[test]
    fn what_a_question_sets_aside_is_left_out_of_the_evidence_and_an_undatable_paper_with_it() {
        let papers: BTreeMap<String, PaperMeta> = [
            ("p1".to_owned(), paper("Aster-Net: a model", &[2019])),
            ("p2".to_owned(), paper("Birch: another", &[2022])),
            ("p3".to_owned(), paper("A replication study", &[])),
        ]
        .into();
        let evidence = Evidence { results: vec![result_by("Aster", "1", "p1", "F1"), result_by("Birch", "2", "p2", "F1"), result_by("Aster", "3", "p3", "F1")], ..Evidence::default() };
        let kept = |r: Restriction| {
            let mut e = evidence.clone();
            apply_restriction(&mut e, &papers, &r);
            e.results.iter().map(|r| r.value.clone().unwrap_or_default()).collect::<Vec<_>>()
        };
        assert_eq!(kept(Restriction { models: vec![linked(EntityKind::Method, "Birch")], ..Restriction::default() }), ["1", "3"]);
        assert_eq!(kept(Restriction { from_year: Some(2020), ..Restriction::default() }), ["2"], "2019 and the undated paper are out");
        assert_eq!(kept(Restriction { from_year: Some(2019), to_year: Some(2019), ..Restriction::default() }), ["1"], "2022 and the undated paper are out");
        assert_eq!(kept(Restriction { to_year: Some(2021), ..Restriction::default() }), ["1"], "before 2022");
        assert_eq!(kept(Restriction { dropped_years: vec![2022], ..Restriction::default() }), ["1", "3"]);
        assert_eq!(kept(Restriction { papers: vec![PaperName::Introducing("Aster-Net".into())], ..Restriction::default() }), ["2", "3"]);
        assert_eq!(kept(Restriction { papers: vec![PaperName::Introducing("Aster".into())], ..Restriction::default() }), ["1", "2", "3"], "another model's paper");
        assert_eq!(kept(Restriction { papers: vec![PaperName::Titled { words: vec!["replication".into()], year: None }], ..Restriction::default() }), ["1", "2"]);
        assert!(kept(Restriction { doi_only: true, ..Restriction::default() }).is_empty(), "no paper has a DOI");
    }

    #[test]
    fn the_other_side_of_a_difference_takes_its_models_or_its_boards_with_it() {
        let on = |model: &str, board: &str| ResultFact { dataset: crate::pipeline::trust::fixtures::named(board), ..result_by(model, "1", "p1", "F1") };
        let evidence = Evidence { results: vec![on("Duel", "Seaquest"), on("DQN", "Seaquest"), on("Duel", "Phoenix")], ..Evidence::default() };
        let other = Evidence { results: vec![on("DQN", "Freeway"), on("dqn", "Seaquest")], ..Evidence::default() };
        let mut models = evidence.clone();
        set_aside_difference(&mut models, &other, true);
        assert_eq!(models.results.iter().filter_map(|r| r.model.as_ref().map(|m| m.iri.as_str())).collect::<Vec<_>>(), ["Duel", "Duel"], "DQN has a result on the other board");
        let mut boards = evidence.clone();
        set_aside_difference(&mut boards, &other, false);
        assert_eq!(boards.results.iter().map(|r| r.dataset.iri.as_str()).collect::<Vec<_>>(), ["Phoenix"], "the other model ran on Seaquest");
    }

    #[test]
    fn a_board_set_aside_is_not_listed_among_a_tasks_datasets() {
        use crate::pipeline::evidence::Listed;
        use crate::pipeline::trust::fixtures::named;
        let listed = |d: &str| Listed { item: named(d), paper: None, anchor: None };
        let mut evidence = Evidence { datasets: vec![listed("SST-2"), listed("IMDb")], ..Evidence::default() };
        apply_restriction(&mut evidence, &BTreeMap::new(), &Restriction { datasets: vec![linked(EntityKind::Dataset, "SST-2")], ..Restriction::default() });
        assert_eq!(evidence.datasets.iter().map(|l| l.item.iri.as_str()).collect::<Vec<_>>(), ["IMDb"]);
    }
}
