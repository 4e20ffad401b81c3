//! Answers you can trust: facts with provenance, weighed by recency and corroboration,
//! checked for conflicts, and resolved before the answer is written.
//!
//! - A [`Fact`] is one recorded result: model M scores V on dataset D by metric Mt, with the
//!   papers that state it and their validated years. Scores are read as numbers.
//! - Its score is recency × corroboration × source weight: recency `e^(-λ·age)` with the age
//!   counted from the question's time anchor ("as of 2018") or the current year, a stated
//!   neutral weight for unknown years; corroboration `1 + ln(1 + support) × c`; the source
//!   weight says what the graph knows of the venue (a DOI outside arXiv 1.0, an arXiv DOI
//!   0.9, no DOI 0.85).
//! - [`Conflict`]s: the same (model, dataset, metric) with different values; a best result
//!   superseded by a newer better one; one paper with two valid years or two DOIs.
//! - Resolution: when the relative gap between two conflicting values' scores exceeds the
//!   threshold, the weaker is removed and recorded in the [`Removal`] explanation; otherwise
//!   both stay and the conflict is marked unresolved, so the answer states the disagreement.
//! - [`Validity`] of each source, and the [`Confidence`] of the answer.
//!
//! Pure: the years and DOIs come from the detail queries run by the orchestrator.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::evidence::{Evidence, ResultFact};
use super::lexicon::Direction;
use super::scores::parse_score;
use crate::config::TrustSettings;

/// The question's own time anchor: facts published after it are left out, and ages are
/// counted from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AsOf {
    pub year: i32,
    /// The words that set it, e.g. "as of 2018".
    pub phrase: String,
}

static ANCHOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(as of|as at|in|by|until|till|up to|through|before|prior to|at the end of)\s+((?:19|20)\d\d)\b")
        .unwrap_or_else(|e| panic!("anchor pattern: {e}"))
});

/// Finds "as of 2018", "in 2019", "before 2020" (= by 2019) in a question.
pub fn time_anchor(question: &str) -> Option<AsOf> {
    let caps = ANCHOR.captures_iter(question).last()?;
    let year: i32 = caps[2].parse().ok()?;
    let word = caps[1].to_lowercase();
    let year = if word == "before" || word == "prior to" { year - 1 } else { year };
    Some(AsOf { year, phrase: caps[0].to_owned() })
}

/// What the trust stage knows of a paper.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaperMeta {
    pub title: String,
    pub year: Option<i32>,
    /// Every valid year recorded (two mean contradictory metadata).
    pub valid_years: Vec<i32>,
    pub dois: Vec<String>,
    /// What year validation had to say (a month under P29, two years), if anything.
    pub note: Option<String>,
}

/// A paper as shown inside facts and conflicts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaperRef {
    pub iri: String,
    pub title: String,
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
    pub key: (String, String, String),
    pub papers: Vec<PaperRef>,
    /// The most recent year among the papers stating it.
    pub year: Option<i32>,
    pub support: usize,
    pub recency: f64,
    pub corroboration: f64,
    pub source_weight: f64,
    pub score: f64,
}

impl Fact {
    pub fn statement(&self) -> String {
        format!("{} scores {} on {} by {}", self.model, self.value, self.dataset, self.metric)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// The same model, dataset and metric with different values.
    DifferentValues,
    /// A best result beaten later by a newer, better one.
    Superseded,
    /// One paper with two valid years or two DOIs.
    Metadata,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConflictSide {
    pub value: String,
    pub papers: Vec<PaperRef>,
    pub score: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conflict {
    pub kind: ConflictKind,
    /// What the sides disagree about.
    pub subject: String,
    pub sides: Vec<ConflictSide>,
    pub resolved: bool,
    /// The side kept, when resolved.
    pub winner: Option<String>,
    /// Relative score gap between the two strongest sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gap: Option<f64>,
    pub rule: String,
}

/// A fact removed before the answer was written, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Removal {
    pub fact: String,
    pub papers: Vec<PaperRef>,
    pub score: f64,
    pub kept: String,
    pub kept_score: f64,
    pub rule: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Validity {
    Valid,
    Outdated,
    Superseded,
    Conflicted,
}

/// The outcome of the trust stage.
#[derive(Debug, Clone, Default)]
pub struct Assessment {
    pub facts: Vec<Fact>,
    pub conflicts: Vec<Conflict>,
    pub removals: Vec<Removal>,
    /// Papers left out because they were published after the time anchor.
    pub after_anchor: BTreeSet<String>,
    /// Papers whose results were superseded or removed.
    pub superseded_papers: BTreeSet<String>,
    /// Papers on a side of an unresolved conflict.
    pub conflicted_papers: BTreeSet<String>,
}

pub struct Trust<'a> {
    pub settings: &'a TrustSettings,
    /// The year ages are counted from: the anchor, or the current year.
    pub reference_year: i32,
}

impl Trust<'_> {
    pub fn recency(&self, year: Option<i32>) -> f64 {
        if !self.settings.recency_enabled {
            return 1.0;
        }
        match year {
            Some(y) => (-self.settings.recency_lambda * f64::from((self.reference_year - y).max(0))).exp(),
            None => self.settings.unknown_year_weight,
        }
    }

    pub fn corroboration(&self, support: usize) -> f64 {
        if !self.settings.corroboration_enabled {
            return 1.0;
        }
        1.0 + (1.0 + support as f64).ln() * self.settings.corroboration_factor
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

fn key_of(fact: &ResultFact) -> Option<(String, String, String)> {
    let model = fact.model.as_ref()?;
    let metric = fact.metric.as_ref()?;
    Some((model.iri.clone(), fact.dataset.iri.clone(), metric.iri.clone()))
}

/// Leaves out what was published after the anchor: papers, and results stated only by them.
pub fn apply_anchor(evidence: &mut Evidence, papers: &BTreeMap<String, PaperMeta>, as_of: &AsOf) -> BTreeSet<String> {
    let late: BTreeSet<String> = papers
        .iter()
        .filter(|(_, m)| m.year.is_some_and(|y| y > as_of.year))
        .map(|(iri, _)| iri.clone())
        .collect();
    evidence.papers.retain(|iri, _| !late.contains(iri));
    evidence.results.retain(|r| r.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.code.retain(|c| c.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.datasets.retain(|l| l.paper.as_ref().is_none_or(|p| !late.contains(p)));
    evidence.problems.retain(|l| l.paper.as_ref().is_none_or(|p| !late.contains(p)));
    late
}

fn paper_ref(iri: &str, papers: &BTreeMap<String, PaperMeta>) -> PaperRef {
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
    type Key = ((String, String, String), String);
    let mut grouped: BTreeMap<Key, Vec<&ResultFact>> = BTreeMap::new();
    for result in &evidence.results {
        let (Some(key), Some(value)) = (key_of(result), result.value.as_ref()) else { continue };
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        // The same number written twice ("75.3" and "75.30") is one fact.
        let value_key = parse_score(value).map(|n| format!("{n}")).unwrap_or_else(|| value.to_owned());
        grouped.entry((key, value_key)).or_default().push(result);
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

fn side(fact: &Fact) -> ConflictSide {
    ConflictSide { value: fact.value.clone(), papers: fact.papers.clone(), score: Some(round(fact.score)) }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Detects and resolves conflicts among `facts` and in the papers' metadata.
pub fn assess(
    trust: &Trust<'_>,
    facts: Vec<Fact>,
    papers: &BTreeMap<String, PaperMeta>,
    direction: &dyn Fn(&str) -> Direction,
) -> Assessment {
    let mut out = Assessment::default();
    let threshold = trust.settings.conflict_threshold;

    // 1. Different values for the same (model, dataset, metric).
    let mut by_key: BTreeMap<&(String, String, String), Vec<usize>> = BTreeMap::new();
    for (i, f) in facts.iter().enumerate() {
        if f.numeric.is_some() {
            by_key.entry(&f.key).or_default().push(i);
        }
    }
    let mut removed: BTreeSet<usize> = BTreeSet::new();
    for ids in by_key.values().filter(|ids| ids.len() > 1) {
        let mut ranked = ids.clone();
        ranked.sort_by(|&a, &b| facts[b].score.total_cmp(&facts[a].score));
        let (top, second) = (&facts[ranked[0]], &facts[ranked[1]]);
        let gap = if top.score > 0.0 { (top.score - second.score) / top.score } else { 0.0 };
        let removal = trust.settings.conflict_removal_enabled && gap > threshold;
        let subject = format!("{} on {} by {}", top.model, top.dataset, top.metric);
        let rule = if removal {
            format!("score gap {:.2} > threshold {threshold:.2}: the weaker value was removed before answering", gap)
        } else if !trust.settings.conflict_removal_enabled {
            "conflict removal is off: both values stay and the answer states the disagreement".to_owned()
        } else {
            format!("score gap {:.2} ≤ threshold {threshold:.2}: both values stay and the answer states the disagreement", gap)
        };
        out.conflicts.push(Conflict {
            kind: crate::pipeline::trust::ConflictKind::DifferentValues,
            subject,
            sides: ranked.iter().map(|&i| side(&facts[i])).collect(),
            resolved: removal,
            winner: removal.then(|| top.value.clone()),
            gap: Some(round(gap)),
            rule: rule.clone(),
        });
        if removal {
            for &loser in &ranked[1..] {
                let f = &facts[loser];
                removed.insert(loser);
                out.removals.push(Removal {
                    fact: f.statement(),
                    papers: f.papers.clone(),
                    score: round(f.score),
                    kept: top.statement(),
                    kept_score: round(top.score),
                    rule: rule.clone(),
                });
                out.superseded_papers.extend(f.papers.iter().map(|p| p.iri.clone()));
            }
        } else {
            for &i in &ranked {
                out.conflicted_papers.extend(facts[i].papers.iter().map(|p| p.iri.clone()));
            }
        }
    }

    // 2. A best result superseded by a newer, better one on the same dataset and metric.
    let mut boards: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
    for (i, f) in facts.iter().enumerate() {
        if f.numeric.is_some() && f.year.is_some() && !removed.contains(&i) {
            boards.entry((f.key.1.as_str(), f.key.2.as_str())).or_default().push(i);
        }
    }
    for ids in boards.values() {
        let lower = ids.first().is_some_and(|&i| direction(&facts[i].metric) == Direction::Lower);
        let better = |a: f64, b: f64| if lower { a < b } else { a > b };
        let mut by_year = ids.clone();
        by_year.sort_by_key(|&i| facts[i].year);
        // The state of the art as it stood after each year, and whoever beat it later.
        let mut best: Option<usize> = None;
        for &i in &by_year {
            let value = facts[i].numeric.unwrap_or(f64::NAN);
            match best {
                None => best = Some(i),
                Some(b) => {
                    let (old, new) = (&facts[b], &facts[i]);
                    if better(value, old.numeric.unwrap_or(f64::NAN)) {
                        if new.year > old.year {
                            out.conflicts.push(Conflict {
                                kind: ConflictKind::Superseded,
                                subject: format!("best {} on {}", old.metric, old.dataset),
                                sides: vec![
                                    ConflictSide { value: format!("{} {}", new.model, new.value), papers: new.papers.clone(), score: Some(round(new.score)) },
                                    ConflictSide { value: format!("{} {}", old.model, old.value), papers: old.papers.clone(), score: Some(round(old.score)) },
                                ],
                                resolved: true,
                                winner: Some(format!("{} {}", new.model, new.value)),
                                gap: None,
                                rule: format!(
                                    "{} ({}) was the best recorded result until {} ({}) reported a better one",
                                    old.model,
                                    old.year.map(|y| y.to_string()).unwrap_or_default(),
                                    new.model,
                                    new.year.map(|y| y.to_string()).unwrap_or_default()
                                ),
                            });
                            out.superseded_papers.extend(old.papers.iter().map(|p| p.iri.clone()));
                        }
                        best = Some(i);
                    }
                }
            }
        }
    }

    // 3. One paper, contradictory metadata.
    for (iri, meta) in papers {
        let mut problems = Vec::new();
        if meta.valid_years.len() > 1 {
            problems.push((format!("publication year of \"{}\"", meta.title), meta.valid_years.iter().map(|y| y.to_string()).collect::<Vec<_>>()));
        }
        if meta.dois.len() > 1 {
            problems.push((format!("DOI of \"{}\"", meta.title), meta.dois.clone()));
        }
        for (subject, values) in problems {
            let paper = paper_ref(iri, papers);
            out.conflicts.push(Conflict {
                kind: ConflictKind::Metadata,
                subject,
                sides: values.into_iter().map(|v| ConflictSide { value: v, papers: vec![paper.clone()], score: None }).collect(),
                resolved: false,
                winner: None,
                gap: None,
                rule: "one paper records several values; the earliest year / first DOI is shown".to_owned(),
            });
        }
    }

    out.facts = facts.into_iter().enumerate().filter(|(i, _)| !removed.contains(i)).map(|(_, f)| f).collect();
    out
}

/// Removes from the evidence the results whose fact was removed.
pub fn apply_removals(evidence: &mut Evidence, kept: &[Fact]) {
    let kept: BTreeSet<((String, String, String), String)> = kept
        .iter()
        .map(|f| (f.key.clone(), f.numeric.map(|n| format!("{n}")).unwrap_or_else(|| f.value.clone())))
        .collect();
    evidence.results.retain(|r| {
        let (Some(key), Some(value)) = (key_of(r), r.value.as_ref()) else { return true };
        let value = value.trim();
        if value.is_empty() {
            return true;
        }
        let value_key = parse_score(value).map(|n| format!("{n}")).unwrap_or_else(|| value.to_owned());
        kept.contains(&(key, value_key))
    });
}

/// The validity of a cited paper.
pub fn validity(trust: &Trust<'_>, assessment: &Assessment, iri: &str, year: Option<i32>) -> Validity {
    if assessment.conflicted_papers.contains(iri) {
        Validity::Conflicted
    } else if assessment.superseded_papers.contains(iri) {
        Validity::Superseded
    } else if year.is_some_and(|y| trust.reference_year - y > trust.settings.outdated_years) {
        Validity::Outdated
    } else {
        Validity::Valid
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confidence {
    pub score: f64,
    pub evidence: f64,
    pub support: f64,
    pub recency: f64,
    pub explanation: String,
}

/// `w1 × evidence + w2 × support + w3 × recency`, each in [0, 1].
///
/// - evidence: the share of the question's entities that the cited papers or answer items
///   matched (1 when the question named none but something was found; 0 when nothing was);
/// - support: for answers resting on facts, the mean of `ln(1 + papers) / ln 4` (three
///   papers stating a fact count as full support); otherwise the number of sources / 3;
/// - recency: the mean recency weight of the cited sources.
pub fn confidence(
    weights: [f64; 3],
    evidence: f64,
    support: f64,
    recency: f64,
) -> Confidence {
    let clamp = |x: f64| if x.is_finite() { x.clamp(0.0, 1.0) } else { 0.0 };
    let (evidence, support, recency) = (clamp(evidence), clamp(support), clamp(recency));
    let score = weights[0] * evidence + weights[1] * support + weights[2] * recency;
    let parts = [("evidence coverage", evidence), ("corroboration", support), ("recency", recency)];
    let weakest = parts.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|p| p.0).unwrap_or("evidence");
    let strongest = parts.iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|p| p.0).unwrap_or("evidence");
    let explanation = if score == 0.0 {
        "No evidence was found, so there is no confidence in any answer.".to_owned()
    } else if evidence == 0.0 {
        "Nothing found matches what the question names, so confidence is low.".to_owned()
    } else {
        format!(
            "Confidence {:.2} is driven most by {strongest} ({:.2}) and held back most by {weakest} ({:.2}).",
            score,
            parts.iter().find(|p| p.0 == strongest).map_or(0.0, |p| p.1),
            parts.iter().find(|p| p.0 == weakest).map_or(0.0, |p| p.1),
        )
    };
    let round2 = |x: f64| (x * 100.0).round() / 100.0;
    Confidence { score: round2(score), evidence: round2(evidence), support: round2(support), recency: round2(recency), explanation }
}

/// Support of a single fact on the confidence scale.
pub fn support_of(papers: usize) -> f64 {
    ((1.0 + papers as f64).ln() / 4f64.ln()).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::evidence::Named;

    fn settings() -> TrustSettings {
        TrustSettings::default()
    }

    fn trust(s: &TrustSettings) -> Trust<'_> {
        Trust { settings: s, reference_year: 2026 }
    }

    fn named(iri: &str) -> Named {
        Named { iri: iri.into(), label: Some(iri.into()) }
    }

    fn result(model: &str, value: &str, paper: &str) -> ResultFact {
        ResultFact {
            dataset: named("D"),
            model: Some(named(model)),
            metric: Some(named("Accuracy")),
            value: Some(value.into()),
            paper: Some(paper.into()),
            contribution: format!("c-{paper}-{model}"),
            evaluation: format!("e-{paper}-{model}"),
        }
    }

    fn meta(year: i32) -> PaperMeta {
        PaperMeta { title: format!("paper {year}"), year: Some(year), valid_years: vec![year], dois: vec!["10.1/x".into()], note: None }
    }

    fn run(s: &TrustSettings, results: Vec<ResultFact>, papers: &[(&str, i32)]) -> Assessment {
        let papers: BTreeMap<String, PaperMeta> = papers.iter().map(|(p, y)| (p.to_string(), meta(*y))).collect();
        let evidence = Evidence { results, ..Default::default() };
        let t = trust(s);
        let facts = facts(&t, &evidence, &papers);
        assess(&t, facts, &papers, &|_| Direction::Higher)
    }

    #[test]
    fn anchors_are_read_from_the_question() {
        let cases = [
            ("Which model was best on ImageNet as of 2018?", Some(2018)),
            ("What was the state of the art in 2019?", Some(2019)),
            ("best result before 2020", Some(2019)),
            ("best BLEU on WMT 2014 English-German", None),
            ("papers on CoNLL 2003", None),
        ];
        for (q, year) in cases {
            assert_eq!(time_anchor(q).map(|a| a.year), year, "{q}");
        }
    }

    #[test]
    fn recency_halves_in_about_nine_years_and_unknown_years_are_neutral() {
        let s = settings();
        let t = trust(&s);
        assert!((t.recency(Some(2026)) - 1.0).abs() < 1e-9);
        let half = t.recency(Some(2026 - 9));
        assert!((0.45..0.52).contains(&half), "{half}");
        assert_eq!(t.recency(None), 0.5);
        assert!((t.corroboration(1) - (1.0 + 2f64.ln() * 0.8)).abs() < 1e-9);
    }

    #[test]
    fn a_reproduction_far_apart_in_time_removes_the_older_value() {
        // 2016 vs 2024: recency 0.38 vs 0.85, gap 0.55 > 0.30.
        let a = run(&settings(), vec![result("M", "75.3", "old"), result("M", "76.1", "new")], &[("old", 2016), ("new", 2024)]);
        let conflict = a.conflicts.iter().find(|c| c.kind == ConflictKind::DifferentValues).unwrap();
        assert!(conflict.resolved);
        assert_eq!(conflict.winner.as_deref(), Some("76.1"));
        assert_eq!(a.removals.len(), 1);
        assert!(a.removals[0].fact.contains("75.3"));
        assert!(a.facts.iter().all(|f| f.value != "75.3"));
        assert!(a.superseded_papers.contains("old"));
    }

    #[test]
    fn a_corroborated_older_fact_stands_against_a_single_newer_one() {
        let a = run(
            &settings(),
            vec![result("M", "81.5", "p1"), result("M", "81.5", "p2"), result("M", "81.5", "p3"), result("M", "81.4", "p4")],
            &[("p1", 2016), ("p2", 2017), ("p3", 2017), ("p4", 2019)],
        );
        let conflict = a.conflicts.iter().find(|c| c.kind == ConflictKind::DifferentValues).unwrap();
        assert_eq!(conflict.sides[0].value, "81.5", "the corroborated value scores higher");
        assert!(!conflict.resolved, "gap below the threshold: both stay");
        assert!(a.conflicted_papers.contains("p4") && a.conflicted_papers.contains("p1"));
    }

    #[test]
    fn a_newer_better_result_supersedes_the_old_best() {
        let a = run(&settings(), vec![result("A", "80.0", "old"), result("B", "85.0", "new")], &[("old", 2015), ("new", 2019)]);
        let superseded = a.conflicts.iter().find(|c| c.kind == ConflictKind::Superseded).unwrap();
        assert_eq!(superseded.winner.as_deref(), Some("B 85.0"));
        assert!(a.superseded_papers.contains("old"));
        // A newer but worse result supersedes nothing.
        let a = run(&settings(), vec![result("A", "88.5", "old"), result("B", "87.3", "new")], &[("old", 2020), ("new", 2021)]);
        assert!(a.conflicts.is_empty());
    }

    #[test]
    fn switching_off_removal_keeps_both_values() {
        let s = TrustSettings { conflict_removal_enabled: false, ..settings() };
        let a = run(&s, vec![result("M", "75.3", "old"), result("M", "76.1", "new")], &[("old", 2016), ("new", 2024)]);
        assert!(a.removals.is_empty());
        assert_eq!(a.facts.len(), 2);
    }

    #[test]
    fn two_valid_years_or_two_dois_on_one_paper_are_metadata_conflicts() {
        let mut papers = BTreeMap::new();
        papers.insert("p".to_owned(), PaperMeta { title: "T".into(), year: Some(2018), valid_years: vec![2018, 2019], dois: vec!["a".into(), "b".into()], note: None });
        let s = settings();
        let a = assess(&trust(&s), Vec::new(), &papers, &|_| Direction::Higher);
        assert_eq!(a.conflicts.iter().filter(|c| c.kind == ConflictKind::Metadata).count(), 2);
    }

    #[test]
    fn confidence_weighs_its_components_and_says_what_drove_it() {
        let c = confidence([0.4, 0.3, 0.3], 1.0, 0.5, 0.0);
        assert!((c.score - 0.55).abs() < 1e-9);
        assert!(c.explanation.contains("evidence coverage") && c.explanation.contains("recency"));
        assert_eq!(confidence([0.4, 0.3, 0.3], 0.0, 0.0, 0.0).score, 0.0);
    }

    #[test]
    fn the_anchor_leaves_out_later_papers_and_their_results() {
        let mut evidence = Evidence { results: vec![result("A", "80", "old"), result("B", "90", "new")], ..Default::default() };
        let papers: BTreeMap<String, PaperMeta> = [("old".to_owned(), meta(2016)), ("new".to_owned(), meta(2020))].into();
        let late = apply_anchor(&mut evidence, &papers, &AsOf { year: 2018, phrase: "as of 2018".into() });
        assert!(late.contains("new"));
        assert_eq!(evidence.results.len(), 1);
    }
}
