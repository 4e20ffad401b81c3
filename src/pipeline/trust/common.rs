//! "Is there a paper with results on both D1 and D2?": the papers the graph links to every
//! board the question names, read from the papers each board's strategy found (a paper is
//! matched to each board it reports on). None is said plainly, with nothing listed: a
//! paper on one board, or a model run on both in different papers, is not one. "Which
//! models have results on both?" asks for the models instead, from the boards' results
//! (a model run on each in different papers is one). Carried as an account
//! ([`Verdict::account`]). Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::verdict::{FactRef, Verdict};
use super::PaperRef;
use crate::pipeline::evidence::{Evidence, ResultFact};
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::Normalized;

/// "a paper with results on both", "papers that report on all three of".
static ON_EVERY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:paper|papers|study|studies|publication|publications|article|articles|work)\b[^?]{0,50}?\b(?:both|all (?:three|four|of)|each of)\b")
        .unwrap_or_else(|e| panic!("common pattern: {e}"))
});

/// "which models have results on both", "systems evaluated on each of".
static MODELS_ON_EVERY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:models?|systems?|methods?|approaches|entries)\b[^?]{0,50}?\b(?:both|all (?:three|four|of)|each of)\b")
        .unwrap_or_else(|e| panic!("common models pattern: {e}"))
});

/// Whether the question asks for papers, or models, on every one of two or more boards it
/// names.
pub fn asks(question: &str, entities: &Normalized) -> bool {
    entities.datasets.iter().filter(|d| d.is_linked()).count() >= 2 && (ON_EVERY.is_match(question) || MODELS_ON_EVERY.is_match(question))
}

/// A model's label and its results, each with the index of the board it is on.
type ModelResults<'a> = (&'a str, Vec<(usize, &'a ResultFact)>);

/// The models with a result on every linked board, each with those results.
fn models_on_every(entities: &Normalized, evidence: &Evidence, named: &str) -> Verdict {
    let boards: Vec<_> = entities.datasets.iter().filter(|d| d.is_linked()).collect();
    let board_of = |r: &ResultFact| boards.iter().position(|d| d.iris.contains(&r.dataset.iri) || r.dataset.label.as_deref().is_some_and(|l| d.names(l)));
    // model IRI -> (label, its results on the boards named)
    let mut by_model: std::collections::BTreeMap<&str, ModelResults> = std::collections::BTreeMap::new();
    for r in &evidence.results {
        let (Some(model), Some(board)) = (r.model.as_ref(), board_of(r)) else { continue };
        by_model.entry(model.iri.as_str()).or_insert((model.display(), Vec::new())).1.push((board, r));
    }
    let mut names: Vec<&str> = Vec::new();
    let mut facts: Vec<FactRef> = Vec::new();
    for (label, results) in by_model.values() {
        if !(0..boards.len()).all(|b| results.iter().any(|(on, _)| *on == b)) {
            continue;
        }
        names.push(label);
        for (_, r) in results {
            let papers: Vec<PaperRef> = r.paper.iter().map(|iri| PaperRef { iri: iri.clone(), title: evidence.papers.get(iri).map_or_else(|| iri.clone(), |h| h.title.clone()), year: None }).collect();
            let fact = FactRef::of_result(r, papers);
            if !facts.iter().any(|f| f.statement == fact.statement) {
                facts.push(fact);
            }
        }
    }
    if names.is_empty() {
        return Verdict::account(format!("The knowledge graph records no model with results on {named}"), Vec::new());
    }
    Verdict::account(format!("The models with results on {named}: {}", names.join(", ")), facts)
}

/// The papers matched to every linked board the question names; `None` when it does not
/// ask for them ([`asks`]).
pub fn account(question: &str, entities: &Normalized, evidence: &Evidence) -> Option<Verdict> {
    if !asks(question, entities) {
        return None;
    }
    let boards: Vec<&str> = entities.datasets.iter().filter(|d| d.is_linked()).map(|d| d.canonical.as_str()).collect();
    let on = |hit: &crate::pipeline::evidence::PaperHit, board: &str| hit.matched.iter().any(|(kind, name)| *kind == EntityKind::Dataset && name == board);
    let both: Vec<FactRef> = evidence
        .papers
        .values()
        .filter(|hit| boards.iter().all(|b| on(hit, b)))
        .map(|hit| {
            let paper = PaperRef { iri: hit.iri.clone(), title: hit.title.clone(), year: None };
            FactRef {
                statement: format!("\"{}\" reports on {}", hit.title, boards.join(" and ")),
                subject: hit.title.clone(),
                model: String::new(),
                dataset: boards.join(", "),
                metric: String::new(),
                value: String::new(),
                papers: vec![paper],
                sources: Vec::new(),
            }
        })
        .collect();
    let named = match boards.as_slice() {
        [a, b] => format!("both {a} and {b}"),
        _ => format!("all of {}", boards.join(", ")),
    };
    if MODELS_ON_EVERY.is_match(question) && !ON_EVERY.is_match(question) {
        return Some(models_on_every(entities, evidence, &named));
    }
    if both.is_empty() {
        return Some(Verdict::account(format!("The knowledge graph records no paper with results on {named}"), Vec::new()));
    }
    let titles = both.iter().map(|f| format!("\"{}\"", f.subject)).collect::<Vec<_>>().join(", ");
    Some(Verdict::account(format!("The papers with results on {named}: {titles}"), both))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::evidence::PaperHit;
    use crate::pipeline::front::normalize::NormalizedEntity;
    use crate::pipeline::trust::fixtures::linked;

    fn board(name: &str) -> NormalizedEntity {
        linked(EntityKind::Dataset, name)
    }

    fn hit(iri: &str, boards: &[&str]) -> (String, PaperHit) {
        (iri.to_owned(), PaperHit { iri: iri.into(), title: format!("Paper {iri}"), matched: boards.iter().map(|b| (EntityKind::Dataset, (*b).to_owned())).collect(), ..PaperHit::default() })
    }

    #[test]
    fn only_a_paper_matched_to_every_board_named_is_on_both() {
        let entities = Normalized { datasets: vec![board("D1"), board("D2")], ..Normalized::default() };
        let q = "Is there a paper with results on both D1 and D2?";
        let none = Evidence { papers: [hit("a", &["D1"]), hit("b", &["D2"])].into(), ..Evidence::default() };
        let v = account(q, &entities, &none).expect("an account");
        assert!(v.reason.starts_with("The knowledge graph records no paper with results on both D1 and D2") && v.supporting.is_empty(), "{}", v.reason);
        let one = Evidence { papers: [hit("a", &["D1"]), hit("c", &["D1", "D2"])].into(), ..Evidence::default() };
        let v = account(q, &entities, &one).expect("an account");
        assert_eq!(v.supporting.iter().map(|f| f.papers[0].iri.as_str()).collect::<Vec<_>>(), ["c"]);
        assert!(account("Which papers report results on D1?", &entities, &one).is_none());
    }

    #[test]
    fn a_model_with_results_on_every_board_named_is_on_both_whichever_papers_state_them() {
        use crate::pipeline::trust::fixtures::{named, result_by};
        let entities = Normalized { datasets: vec![board("D1"), board("D2")], ..Normalized::default() };
        let on = |board: &str, model: &str, paper: &str| ResultFact { dataset: named(board), ..result_by(model, "1.0", paper, "F1") };
        let evidence = Evidence { results: vec![on("D1", "A", "p1"), on("D2", "A", "p2"), on("D1", "B", "p1")], ..Evidence::default() };
        let v = account("Which models have results on both D1 and D2?", &entities, &evidence).expect("an account");
        assert_eq!(v.reason, "The models with results on both D1 and D2: A");
        assert_eq!(v.supporting.len(), 2, "A's result on each board");
        let without_a = Evidence { results: vec![on("D1", "B", "p1"), on("D2", "C", "p2")], ..Evidence::default() };
        let v = account("Which models have results on both D1 and D2?", &entities, &without_a).expect("an account");
        assert_eq!(v.reason, "The knowledge graph records no model with results on both D1 and D2");
    }
}
