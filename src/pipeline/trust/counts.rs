//! How many models a board records results of: claims that count them ("before 2020, four
//! models already had F1 results on D", "as of 2018, had three models been evaluated on
//! D?", "at least two systems report a score on D"). The count is of the distinct models
//! with a score on the named board (by the named metric), as the question's time anchor
//! leaves it; a model whose only paper the graph dates both inside and outside the anchor
//! may count or not, and a claim whose number that decides is left open with the years
//! said. Models evaluated there without a score are said beside the count, and counted by a
//! claim about evaluations ("had three models been evaluated"), surely without an anchor
//! and maybe under one. A count past a value ("only two models have broken 80") is
//! `standing`'s. Pure.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use super::relations::Known;
use super::verdict::{matches, on_board, FactRef, Label, Verdict};
use super::Fact;
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::evidence::ResultFact;
use crate::pipeline::front::anchor;
use crate::pipeline::front::extract::{count_word, threshold};
use crate::pipeline::front::normalize::Normalized;
use crate::pipeline::pattern::Regex;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("count pattern {pattern}: {e}"))
}

const COUNT: &str = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)";
const THINGS: &str = r"(?:different\s+|distinct\s+|separate\s+)?(?:models?|systems?|methods?|approaches)";

/// "four different models already had F1 results on D", "at least two systems report a
/// score on D".
static HAD_RESULTS: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)\b(only\s+|just\s+|exactly\s+|at\s+least\s+)?{COUNT}\s+{THINGS}\s+(?:(?:had|have|has)\s+)?(?:already\s+|all\s+|each\s+)?(?:had|have|has|reported|report|posted|post|published|got|gotten|recorded)\s+(?:an?\s+|their\s+)?(?:[\w\-@]+\s+){{0,3}}?(?:results?|scores?|numbers?|figures?)\b"
    ))
});
/// "had three models been evaluated on D", "three models had been tested on D".
static EVALUATED: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)\b(?:(?:had|have|has)\s+(at\s+least\s+)?{COUNT}\s+{THINGS}\s+(?:already\s+)?been|(at\s+least\s+)?{COUNT}\s+{THINGS}\s+(?:(?:had|have|has)\s+)?(?:already\s+)?been|(at\s+least\s+)?{COUNT}\s+{THINGS}\s+were)\s+(?:evaluated|tested|benchmarked|scored|run)\b"
    ))
});

/// What a claim counts: how many, whether that is a floor ("at least two"), and whether it
/// counts evaluations ("had three models been evaluated") rather than results with a score.
struct Counted {
    n: usize,
    floor: bool,
    evaluations: bool,
}

fn claimed(question: &str) -> Option<Counted> {
    if let Some(c) = HAD_RESULTS.captures(question) {
        let floor = c.get(1).is_some_and(|m| m.as_str().to_lowercase().starts_with("at"));
        return Some(Counted { n: count_word(&c[2])?, floor, evaluations: false });
    }
    let c = EVALUATED.captures(question)?;
    let (floor, n) = [(1, 2), (3, 4), (5, 6)].into_iter().find_map(|(f, n)| c.get(n).map(|n| (c.get(f).is_some(), n.as_str())))?;
    Some(Counted { n: count_word(n)?, floor, evaluations: true })
}

/// Judges a claim that counts the models with results on a board; `None` when the claim is
/// not one (a count past a value, a named model, no board).
pub fn judge(question: &str, entities: &Normalized, facts: &[Fact], known: &Known) -> Option<Verdict> {
    if entities.datasets.is_empty() || entities.methods.iter().any(|m| m.is_linked()) || threshold(question).is_some() {
        return None;
    }
    let Counted { n, floor, evaluations } = claimed(question)?;
    let anchor = anchor::time_anchor(question);
    // A paper the graph dates on both sides of the anchor (2017 and 2019, "as of 2018").
    let straddles = |paper: &str| {
        anchor.as_ref().is_some_and(|a| known.disputed_years.get(paper).is_some_and(|ys| ys.iter().any(|y| *y <= a.year) && ys.iter().any(|y| *y > a.year)))
    };
    let board: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
    let mut sure: BTreeMap<&str, &Fact> = BTreeMap::new();
    let mut shaky: BTreeMap<&str, (String, Vec<i32>)> = BTreeMap::new();
    for f in &board {
        match f.papers.iter().all(|p| straddles(&p.iri)) && !f.papers.is_empty() {
            true => {
                shaky.insert(f.key.0.as_str(), (f.model.clone(), years(known, &f.papers[0].iri)));
            }
            false => {
                sure.insert(f.key.0.as_str(), f);
            }
        }
    }
    // A result the anchor left out whose paper it may also have let in.
    let left_out = |r: &&(ResultFact, Option<i32>)| {
        let (r, _) = r;
        r.value.as_deref().and_then(parse_score).is_some()
            && entities.datasets.iter().any(|d| matches(d, &r.dataset.iri, r.dataset.display()))
            && (entities.metrics.is_empty() || r.metric.as_ref().is_some_and(|m| entities.metrics.iter().any(|e| matches(e, &m.iri, m.display()))))
            && r.paper.as_deref().is_some_and(straddles)
    };
    for (r, _) in known.set_aside.iter().filter(left_out) {
        if let (Some(model), Some(paper)) = (&r.model, &r.paper) {
            shaky.insert(model.iri.as_str(), (model.display().to_owned(), years(known, paper)));
        }
    }
    shaky.retain(|model, _| !sure.contains_key(model));
    // Models evaluated there without a score (a board of the mirror keeps only its top
    // score): no result, but evaluated, though when cannot be told.
    let mut unscored: Vec<&str> = known
        .evaluated
        .iter()
        .filter(|(model, _, dataset)| entities.datasets.iter().any(|d| d.iris.contains(dataset)) && !sure.contains_key(model.as_str()) && !shaky.contains_key(model.as_str()))
        .map(|(_, label, _)| label.as_str())
        .collect();
    unscored.sort_unstable();
    unscored.dedup();
    if sure.is_empty() && shaky.is_empty() {
        return None;
    }
    // An evaluation counts where evaluations are counted: surely without an anchor, maybe
    // under one (its paper's year is not read here).
    let evaluated = if evaluations { unscored.len() } else { 0 };
    let (low, high) = match anchor {
        None => (sure.len() + evaluated, sure.len() + shaky.len() + evaluated),
        Some(_) => (sure.len(), sure.len() + shaky.len() + evaluated),
    };
    let verdict = match floor {
        true if low >= n => Label::Supported,
        true if high < n => Label::Refuted,
        false if low == high && low == n => Label::Supported,
        false if n < low || n > high => Label::Refuted,
        _ => Label::Uncertain,
    };
    let on = board.first().map_or_else(|| entities.datasets[0].canonical.clone(), |f| f.dataset.clone());
    let by = entities.metrics.first().map(|m| format!(" by {}", board.first().map_or(m.canonical.as_str(), |f| f.metric.as_str()))).unwrap_or_default();
    let when = anchor.as_ref().map(|a| format!("as of {}, ", a.year)).unwrap_or_default();
    let listed = sure.values().map(|f| f.model.as_str()).collect::<Vec<_>>().join(", ");
    let counted = match sure.len() {
        1 => format!("{when}the graph records results of 1 model on {on}{by}: {listed}"),
        k => format!("{when}the graph records results of {k} models on {on}{by}: {listed}"),
    };
    let mut said = vec![counted];
    said.extend(shaky.values().map(|(model, ys)| {
        let ys = ys.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ");
        format!("{model}'s paper is recorded with two years ({ys}), so it counts only under one of them")
    }));
    match unscored.len() {
        0 => {}
        1 => said.push("1 more model is recorded there without a score".to_owned()),
        k => said.push(format!("{k} more models are recorded there without a score")),
    }
    if evaluations && !unscored.is_empty() {
        said.push(match (low == high, anchor.is_some()) {
            (true, _) => format!("{low} models were evaluated there in all"),
            (false, false) => format!("{low} to {high} models were evaluated there in all"),
            (false, true) => format!("{low} to {high} models had been evaluated there by then (the graph does not date an evaluation without a score)"),
        });
    }
    // "..., not 3" after the count the claim is against: results, or evaluations in all.
    if verdict == Label::Refuted {
        let against = if evaluations { said.len() - 1 } else { 0 };
        said[against].push_str(&format!(", not {}{n}", if floor { "at least " } else { "" }));
    }
    let reason = said.join("; ");
    let shown: Vec<FactRef> = sure.values().map(|f| FactRef::of(f)).collect();
    let (supporting, contradicting) = match verdict {
        Label::Supported => (shown, vec![]),
        _ => (vec![], shown),
    };
    Some(Verdict { verdict, relation: "count".into(), reason, supporting, contradicting })
}

/// Every year the graph records for a paper, oldest first.
fn years(known: &Known, paper: &str) -> Vec<i32> {
    let mut ys = known.disputed_years.get(paper).cloned().unwrap_or_default();
    ys.sort_unstable();
    ys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::{linked, result_by};
    use crate::pipeline::trust::PaperRef;

    fn fact(model: &str, paper: &str, year: i32) -> Fact {
        let papers = vec![PaperRef { iri: paper.into(), title: paper.into(), year: Some(year) }];
        Fact { papers, year: Some(year), ..crate::pipeline::trust::fixtures::fact(model, "D", "F1", 80.0) }
    }

    fn board() -> Normalized {
        Normalized { datasets: vec![linked(EntityKind::Dataset, "D")], ..Normalized::default() }
    }

    #[test]
    fn a_count_of_the_models_with_results_on_a_board_is_judged_against_the_graph() {
        let facts = vec![fact("A", "pa", 2014), fact("B", "pb", 2017), fact("C", "pc", 2018)];
        let known = Known::default();
        let judge = |q: &str| judge(q, &board(), &facts, &known).map(|v| v.verdict);
        assert_eq!(judge("Before 2020, four different models already had F1 results on D. Can you confirm?"), Some(Label::Refuted));
        assert_eq!(judge("three models had results on D, right?"), Some(Label::Supported));
        assert_eq!(judge("at least two systems report a score on D?"), Some(Label::Supported));
        assert_eq!(judge("had three models been evaluated on D?"), Some(Label::Supported));
        assert_eq!(judge("only two models have broken 80 on D"), None, "a count past a value is another claim");
        assert_eq!(judge("A beats B on D"), None);
    }

    #[test]
    fn models_evaluated_without_a_score_count_as_evaluated_but_not_as_results() {
        let facts = vec![fact("A", "pa", 2014)];
        let known = Known { evaluated: vec![("B".into(), "B".into(), "D".into()), ("C".into(), "C".into(), "D".into())], ..Known::default() };
        let v = judge("three models have results on D, right?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Refuted, "one result with a score: {}", v.reason);
        assert!(v.reason.contains("2 more models are recorded there without a score"), "{}", v.reason);
        let v = judge("three models have been evaluated on D, right?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Supported, "one with a score, two without: {}", v.reason);
        let v = judge("as of 2018, three models had been evaluated on D, right?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Uncertain, "evaluated, but when cannot be told: {}", v.reason);
    }

    #[test]
    fn a_model_whose_paper_is_dated_on_both_sides_of_the_anchor_leaves_a_count_it_decides_open() {
        // B's paper is recorded as 2017 and as 2019; the anchor (2018) let it in.
        let facts = vec![fact("A", "pa", 2014), fact("B", "pb", 2017), fact("C", "pc", 2018)];
        let known = Known { disputed_years: [("pb".to_owned(), vec![2019, 2017])].into(), ..Known::default() };
        let v = judge("As of 2018, had three models been evaluated on D?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Uncertain, "{}", v.reason);
        assert!(v.reason.contains("2017 and 2019"), "{}", v.reason);
        let v = judge("As of 2018, had five models been evaluated on D?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Refuted, "two or three, never five: {}", v.reason);
        // Left out by the anchor, but dated inside it too.
        let facts = vec![fact("A", "pa", 2014)];
        let known = Known { disputed_years: [("pb".to_owned(), vec![2017, 2019])].into(), set_aside: vec![(result_by("B", "81.0", "pb", "F1"), Some(2019))], ..Known::default() };
        let v = judge("As of 2018, had two models been evaluated on D?", &board(), &facts, &known).expect("a count");
        assert_eq!(v.verdict, Label::Uncertain, "{}", v.reason);
    }
}
