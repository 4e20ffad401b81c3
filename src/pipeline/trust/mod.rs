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
//! Stage 4 of five (front → query → evidence → trust → answer). Pure: the years and DOIs
//! come from the queries the orchestrator runs.

pub mod chronology;
pub mod common;
mod compound;
#[cfg(test)]
mod fixtures;
pub mod confidence;
pub mod conflicts;
mod counts;
pub mod facts;
pub mod margins;
pub mod negation;
pub mod numbers;
pub mod qualifiers;
pub mod record;
pub mod rerun;
pub mod standing;
pub mod relations;
pub mod verdict;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

pub use confidence::{confidence, support_of, Confidence};
pub use conflicts::{apply_removals, assess, Conflict, ConflictKind, ConflictSide, Removal};
pub use facts::{apply_anchor, facts, source_weight, Fact, PaperRef};

use crate::config::TrustSettings;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::{Evidence, ResultFact};
use crate::pipeline::front::anchor::AsOf;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::Normalized;

/// Whether a cited paper still stands: `VALID`; `OUTDATED` (older than the configured
/// number of years); `SUPERSEDED` (its result was beaten later or removed in a conflict);
/// `CONFLICTED` (on a side of an unresolved conflict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
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
    /// Papers left out by the time anchor (published after it, or with no usable year)
    /// that state a result.
    pub after_anchor: BTreeSet<String>,
    /// Those results.
    pub set_aside: Vec<ResultFact>,
    /// Papers whose results were superseded or removed.
    pub superseded_papers: BTreeSet<String>,
    /// Those results themselves (`Fact::statement`): a paper can hold a superseded result
    /// on one board and the standing best on another.
    pub superseded_results: BTreeSet<String>,
    /// Papers on a side of an unresolved conflict.
    pub conflicted_papers: BTreeSet<String>,
}

pub struct Trust<'a> {
    pub settings: &'a TrustSettings,
    /// The year ages are counted from: the anchor, or the current year.
    pub reference_year: i32,
}

impl<'a> Trust<'a> {
    /// Ages count from the question's anchor when it has one, else from `current_year`.
    pub fn new(settings: &'a TrustSettings, current_year: i32, as_of: Option<&AsOf>) -> Self {
        Self { settings, reference_year: as_of.map_or(current_year, |a| a.year) }
    }

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

/// A time the question gives as an event in the graph (see [`event_time`]).
#[derive(Debug, Clone, PartialEq)]
pub enum EventTime {
    /// The question gives no such time.
    None,
    /// The time, as an anchor.
    Placed(AsOf),
    /// The question gives one that cannot be placed, and why: the paper has no year, or
    /// two, or was not found. An answer to it cannot say how things stood then.
    Unplaced(String),
}

impl EventTime {
    /// The anchor it gives, when placed: the board as it stood then, as for "as of".
    pub fn anchor(&self) -> Option<&AsOf> {
        match self {
            Self::Placed(anchor) => Some(anchor),
            Self::None | Self::Unplaced(_) => None,
        }
    }
}

/// The time of "before X took the record", "when the X paper appeared", "before the X
/// paper came out" (X's first dated result's paper; the year before for "before"), and
/// "at the time the <described paper> was published" (a paper found by two or more words
/// of its title). A paper with two valid years gives two times, and one with none no time:
/// both are [`EventTime::Unplaced`], never a year picked silently.
pub fn event_time(question: &str, entities: &Normalized, evidence: &Evidence, papers: &BTreeMap<String, PaperMeta>) -> EventTime {
    use crate::pipeline::front::classify::{described_paper_event, paper_event};
    let place = |meta: &PaperMeta, before: bool, what: &str| -> EventTime {
        match meta.valid_years.as_slice() {
            [] => EventTime::Unplaced(format!("the graph records no year for {what}, so how things stood then cannot be told")),
            [_, _, ..] => {
                let years = meta.valid_years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ");
                EventTime::Unplaced(format!("the graph records two years for {what} ({years}), so how things stood then has two answers"))
            }
            [year] if before => EventTime::Placed(AsOf { year: year - 1, phrase: format!("before {what} ({year})") }),
            [year] => EventTime::Placed(AsOf { year: *year, phrase: format!("when {what} appeared ({year})") }),
        }
    };
    if let Some((described, before)) = described_paper_event(question) {
        let none = Normalized::default();
        let asked = verdict::telling_words(&described, &none);
        let found: Vec<&PaperMeta> = papers.values().filter(|m| verdict::telling_words(&m.title, &none).intersection(&asked).count() >= 2).collect();
        return match found.as_slice() {
            [meta] => place(meta, before, &format!("\"{}\"", meta.title)),
            _ => EventTime::Unplaced(format!("the paper the question dates by (\"{described}\") is not among those read, so how things stood then cannot be told")),
        };
    }
    let holder = crate::pipeline::front::classify::holder_before_named(question, &entities.methods);
    let Some((name, before)) = holder.clone().map(|n| (n, true)).or_else(|| paper_event(question)) else { return EventTime::None };
    let lowered = name.to_lowercase();
    let Some(model) = entities.methods.iter().find(|m| m.is_linked() && (m.text.to_lowercase() == lowered || m.names(&lowered))) else { return EventTime::None };
    // The model's own paper (its title opens with its name) when the graph has one, else the
    // paper of its first dated result.
    let own = evidence
        .results
        .iter()
        .filter(|r| r.model.as_ref().is_some_and(|m| model.iris.contains(&m.iri)))
        .filter_map(|r| papers.get(r.paper.as_deref()?))
        .filter(|m| m.title.to_lowercase().starts_with(&model.canonical.to_lowercase()))
        .min_by_key(|m| m.year);
    if let Some(meta) = own.filter(|_| holder.is_none()) {
        return place(meta, before, &format!("the {} paper", model.canonical));
    }
    let first = evidence
        .results
        .iter()
        .filter(|r| r.model.as_ref().is_some_and(|m| model.iris.contains(&m.iri)))
        .filter_map(|r| papers.get(r.paper.as_deref()?)?.year)
        .min();
    match first {
        Some(first) if before => EventTime::Placed(AsOf { year: first - 1, phrase: format!("before {} ({first})", model.canonical) }),
        Some(first) => EventTime::Placed(AsOf { year: first, phrase: format!("when {} appeared ({first})", model.canonical) }),
        // "Before X's result" with none dated: the answer says itself that it cannot be told
        // (`record`); "before the X paper" with no paper of X's dated cannot be placed.
        None if holder.is_some() => EventTime::None,
        None => EventTime::Unplaced(format!("the graph records no dated result of {}, so how things stood then cannot be told", model.canonical)),
    }
}

/// Weighs the evidence: leaves out what was published after the question's anchor,
/// builds the facts, finds and resolves conflicts, and removes the losing results from the
/// evidence, so every later stage sees only what stands.
pub fn weigh(
    trust: &Trust<'_>,
    evidence: &mut Evidence,
    papers: &BTreeMap<String, PaperMeta>,
    as_of: Option<&AsOf>,
    direction: &dyn Fn(&str) -> Direction,
    diagnostics: &mut Diagnostics,
) -> Assessment {
    let mut set_aside = Vec::new();
    if let Some(as_of) = as_of {
        let results = evidence.results.clone();
        let late = apply_anchor(evidence, papers, as_of);
        if !late.is_empty() {
            let message = format!("left out {} paper(s) published after {} or with no usable year ({})", late.len(), as_of.year, as_of.phrase);
            diagnostics.push(Code::AfterAnchor, Stage::Trust, message);
        }
        set_aside = results.into_iter().filter(|r| r.paper.as_ref().is_some_and(|p| late.contains(p))).collect();
    }
    let after_anchor = set_aside.iter().filter_map(|r| r.paper.clone()).collect();
    let facts = facts(trust, evidence, papers);
    let assessment = Assessment { after_anchor, set_aside, ..assess(trust, facts, papers, direction) };
    apply_removals(evidence, &assessment.facts);
    assessment
}

/// A claim settled under its time anchor by a result whose every paper is recorded with
/// two real years, one up to the anchor and one after it ("Tidewick led as of 2017", its
/// paper dated 2017 and 2019): read with the later year, the result was not there yet, so
/// the claim cannot be settled. A support resting on any such result, or a refutation
/// resting only on such results, becomes `UNCERTAIN`.
pub fn anchor_straddled(v: verdict::Verdict, papers: &BTreeMap<String, PaperMeta>, as_of: Option<&AsOf>) -> verdict::Verdict {
    let Some(as_of) = as_of else { return v };
    let straddles = |f: &verdict::FactRef| {
        !f.papers.is_empty()
            && f.papers.iter().all(|p| papers.get(&p.iri).is_some_and(|m| m.valid_years.iter().any(|y| *y <= as_of.year) && m.valid_years.iter().any(|y| *y > as_of.year)))
    };
    let open = match v.verdict {
        verdict::Label::Supported => v.supporting.iter().find(|f| straddles(f)),
        verdict::Label::Refuted if v.contradicting.iter().all(straddles) => v.contradicting.first(),
        _ => None,
    };
    let Some(fact) = open else { return v };
    let paper = &fact.papers[0];
    let years = papers.get(&paper.iri).map(|m| m.valid_years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ")).unwrap_or_default();
    let reason = format!(
        "{}; but the graph records {years} as the year of \"{}\", and read with the later year {} was not yet there as of {}, so it cannot be told",
        v.reason, paper.title, fact.statement, as_of.year
    );
    verdict::Verdict { verdict: verdict::Label::Uncertain, reason, ..v }
}

/// A claim left with nothing to judge under its time anchor says what the anchor set
/// aside: "no matching result" alone reads as if the graph held none, when it may hold
/// them in later papers or in papers without a usable year.
pub fn anchor_said(v: verdict::Verdict, assessment: &Assessment, papers: &BTreeMap<String, PaperMeta>, as_of: Option<&AsOf>) -> verdict::Verdict {
    let late = &assessment.after_anchor;
    let Some(as_of) = as_of else { return v };
    if v.verdict != verdict::Label::Uncertain || !v.supporting.is_empty() || !v.contradicting.is_empty() || late.is_empty() {
        return v;
    }
    let undated = late.iter().filter(|p| papers.get(*p).is_none_or(|m| m.year.is_none())).count();
    let later = late.len() - undated;
    let kinds: Vec<(usize, String)> = [(later, format!("published after {}", as_of.year)), (undated, "with no usable year".to_owned())].into_iter().filter(|(n, _)| *n > 0).collect();
    let set_aside = match kinds.as_slice() {
        [(n, what)] => format!("the results of {n} paper(s) {what} were set aside"),
        _ => format!("the results of {} paper(s) were set aside ({})", late.len(), kinds.iter().map(|(n, what)| format!("{n} {what}")).collect::<Vec<_>>().join(", ")),
    };
    let mut phrase = as_of.phrase.clone();
    if let Some(first) = phrase.get(..1).filter(|f| *f == "A") {
        phrase.replace_range(..1, &first.to_lowercase());
    }
    let reason = format!("{} {phrase}; {set_aside}", v.reason);
    verdict::Verdict { reason, ..v }
}

/// A board's past: the facts standing at the end of each year a result appeared.
pub type History = Vec<(i32, Vec<Fact>)>;

/// Most readings of the papers recorded with two real years.
const MAX_YEAR_READINGS: usize = 4;

/// The boards as they stood at the end of each year a paper of the evidence appeared, each
/// weighed as an "as of" question anchored there would be: later papers and undated ones
/// left out, conflicts resolved with ages counted from that year. "Was X ever the best"
/// asks about these, not about the board of today: X's 2014 result, since removed in favour
/// of a 2023 re-run, still led the board of 2014. One history per reading of the papers
/// recorded with two real years (the first reads each at its earliest, as the answer
/// does). `evidence` is the evidence before [`weigh`] removed anything. Pure; run only for
/// such a claim (a handful of small boards).
pub fn history(settings: &TrustSettings, evidence: &Evidence, papers: &BTreeMap<String, PaperMeta>, as_of: Option<&AsOf>, direction: &dyn Fn(&str) -> Direction) -> Vec<History> {
    let cited: BTreeSet<&str> = evidence.results.iter().filter_map(|r| r.paper.as_deref()).collect();
    let mut readings: Vec<BTreeMap<String, PaperMeta>> = vec![papers.clone()];
    for (iri, meta) in papers.iter().filter(|(iri, m)| cited.contains(iri.as_str()) && m.valid_years.len() > 1) {
        readings = readings
            .into_iter()
            .flat_map(|r| {
                meta.valid_years.iter().map(move |&y| {
                    let mut r = r.clone();
                    if let Some(m) = r.get_mut(iri) {
                        m.year = Some(y);
                    }
                    r
                })
            })
            .take(MAX_YEAR_READINGS)
            .collect();
    }
    // The reading the answer uses (each paper at its earliest year) comes first.
    readings.sort_by_key(|r| r.iter().filter(|(iri, m)| papers.get(*iri).is_some_and(|p| p.year != m.year)).count());
    readings.iter().map(|metas| one_history(settings, evidence, metas, as_of, direction)).collect()
}

fn one_history(settings: &TrustSettings, evidence: &Evidence, papers: &BTreeMap<String, PaperMeta>, as_of: Option<&AsOf>, direction: &dyn Fn(&str) -> Direction) -> History {
    let years: BTreeSet<i32> = evidence
        .results
        .iter()
        .filter_map(|r| papers.get(r.paper.as_deref()?)?.year)
        .filter(|y| as_of.is_none_or(|a| *y <= a.year))
        .collect();
    years
        .into_iter()
        .map(|year| {
            let anchor = AsOf { year, phrase: format!("as of {year}") };
            let mut then = evidence.clone();
            apply_anchor(&mut then, papers, &anchor);
            let trust = Trust::new(settings, year, Some(&anchor));
            let facts = facts(&trust, &then, papers);
            (year, assess(&trust, facts, papers, direction).facts)
        })
        .collect()
}

/// `facts` without the values the trust stage sets aside now (`removed`) where the same
/// result stands with another value among them: an account of the past may rest on a value
/// the board of its time allowed (Syrinxa's 93.8 in 2020), which its text says but which is
/// no item of today's answer.
pub fn standing_only(mut facts: Vec<verdict::FactRef>, removed: &[ResultFact]) -> Vec<verdict::FactRef> {
    let same_result = |f: &verdict::FactRef, g: &verdict::FactRef| f.model == g.model && f.dataset == g.dataset && f.metric == g.metric;
    let set_aside = |f: &verdict::FactRef| {
        removed.iter().any(|r| {
            r.model.as_ref().is_some_and(|m| m.display() == f.model)
                && r.dataset.display() == f.dataset
                && r.metric.as_ref().is_some_and(|m| m.display() == f.metric)
                && r.value.as_deref().and_then(crate::pipeline::evidence::scores::value_key) == crate::pipeline::evidence::scores::value_key(&f.value)
        })
    };
    let kept: Vec<verdict::FactRef> = facts.iter().filter(|f| !set_aside(f)).cloned().collect();
    facts.retain(|f| !set_aside(f) || !kept.iter().any(|k| same_result(k, f)));
    facts
}

/// A model's own paper among the evidence (its title opens with the model's name), else the
/// earliest dated paper reporting a result of it: (the paper, its DOIs, whether it is the
/// model's own). For a question
/// about the model's paper asked on a premise the graph refutes, the paper is still told.
pub fn own_paper(model: &crate::pipeline::front::normalize::NormalizedEntity, evidence: &Evidence, papers: &BTreeMap<String, PaperMeta>) -> Option<(PaperRef, Vec<String>, bool)> {
    let mut reporting: Vec<&str> = evidence
        .results
        .iter()
        .chain(&evidence.removed)
        .filter(|r| r.model.as_ref().is_some_and(|m| verdict::model_of(model, &m.iri, m.display())))
        .filter_map(|r| r.paper.as_deref())
        .collect();
    reporting.sort_unstable();
    reporting.dedup();
    let title = |iri: &str| facts::title_of(iri, evidence, papers);
    let own = reporting.iter().copied().find(|p| verdict::is_own_paper(model, &title(p)));
    let earliest = || reporting.iter().copied().filter(|p| papers.get(*p).and_then(|m| m.year).is_some()).min_by_key(|p| papers.get(*p).and_then(|m| m.year));
    let iri = own.or_else(earliest)?;
    let meta = papers.get(iri);
    Some((PaperRef { iri: iri.to_owned(), title: title(iri), year: meta.and_then(|m| m.year) }, meta.map(|m| m.dois.clone()).unwrap_or_default(), own.is_some()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::evidence::ResultFact;
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

    #[test]
    fn the_anchor_leaves_out_papers_whose_year_cannot_be_placed() {
        let mut evidence = Evidence { results: vec![result("A", "80", "old"), result("B", "99", "undated")], ..Default::default() };
        let undated = PaperMeta { year: None, ..meta(2016) };
        let papers: BTreeMap<String, PaperMeta> = [("old".to_owned(), meta(2016)), ("undated".to_owned(), undated)].into();
        let late = apply_anchor(&mut evidence, &papers, &AsOf { year: 2024, phrase: "as of 2024".into() });
        assert!(late.contains("undated"), "a paper with no usable year is not known to come before 2024");
        assert_eq!(evidence.results.len(), 1);
    }

    #[test]
    fn a_claim_left_without_results_by_its_anchor_says_what_the_anchor_set_aside() {
        let papers: BTreeMap<String, PaperMeta> = [("late".to_owned(), meta(2021)), ("undated".to_owned(), PaperMeta { year: None, ..meta(2016) })].into();
        let assessment = Assessment { after_anchor: ["late".to_owned(), "undated".to_owned()].into(), ..Assessment::default() };
        let nothing = verdict::Verdict { verdict: verdict::Label::Uncertain, relation: "achieves".into(), reason: "the graph records no matching result of X".into(), supporting: vec![], contradicting: vec![] };
        let as_of = AsOf { year: 2019, phrase: "As of 2019".into() };
        let said = anchor_said(nothing.clone(), &assessment, &papers, Some(&as_of));
        assert_eq!(said.reason, "the graph records no matching result of X as of 2019; the results of 2 paper(s) were set aside (1 published after 2019, 1 with no usable year)");
        assert_eq!(anchor_said(nothing.clone(), &assessment, &papers, None).reason, nothing.reason, "no anchor, nothing set aside");
        let undated_only = Assessment { after_anchor: ["undated".to_owned()].into(), ..Assessment::default() };
        assert!(anchor_said(nothing.clone(), &undated_only, &papers, Some(&as_of)).reason.ends_with("the results of 1 paper(s) with no usable year were set aside"));
        let judged = verdict::Verdict { verdict: verdict::Label::Refuted, ..nothing };
        assert_eq!(anchor_said(judged.clone(), &assessment, &papers, Some(&as_of)).reason, judged.reason, "a judged claim keeps its reason");
    }

    #[test]
    fn a_claim_resting_on_a_paper_dated_both_before_and_after_its_anchor_is_left_open() {
        let two = PaperMeta { year: Some(2017), valid_years: vec![2017, 2019], ..meta(2017) };
        let papers: BTreeMap<String, PaperMeta> = [("tw".to_owned(), two), ("b".to_owned(), meta(2014))].into();
        let fact = |paper: &str, title: &str| verdict::FactRef {
            statement: format!("{title} scores 76.0"),
            subject: title.into(),
            model: title.into(),
            dataset: "D".into(),
            metric: "F1".into(),
            value: "76.0".into(),
            papers: vec![PaperRef { iri: paper.into(), title: title.into(), year: papers[paper].year }],
            sources: vec![],
        };
        let led = verdict::Verdict { verdict: verdict::Label::Supported, relation: "best".into(), reason: "Tidewick holds the best".into(), supporting: vec![fact("tw", "Tidewick")], contradicting: vec![] };
        let as_of = |year| AsOf { year, phrase: format!("as of {year}") };
        let open = anchor_straddled(led.clone(), &papers, Some(&as_of(2017)));
        assert_eq!(open.verdict, verdict::Label::Uncertain);
        assert!(open.reason.contains("2017 and 2019") && open.reason.contains("as of 2017"), "{}", open.reason);
        assert_eq!(anchor_straddled(led.clone(), &papers, Some(&as_of(2019))).verdict, verdict::Label::Supported, "both years are within 2019");
        let refuted = verdict::Verdict { verdict: verdict::Label::Refuted, supporting: vec![], contradicting: vec![fact("tw", "Tidewick"), fact("b", "Brinehawk")], ..led };
        assert_eq!(anchor_straddled(refuted, &papers, Some(&as_of(2017))).verdict, verdict::Label::Refuted, "a refutation that also rests on a placed result stands");
    }

    #[test]
    fn who_held_it_before_x_is_asked_of_the_board_the_year_before_x_first_appears() {
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let results = vec![result("Ibbotrans", "22.0", "p2023"), result("Ibbotrans", "22.0", "p2024"), result("Murrelet", "19.6", "p2022")];
        let papers: BTreeMap<String, PaperMeta> = [("p2022", 2022), ("p2023", 2023), ("p2024", 2024)].iter().map(|(p, y)| (p.to_string(), meta(*y))).collect();
        let evidence = Evidence { results, ..Default::default() };
        let mut entities = Normalized::default();
        entities.methods.push(NormalizedEntity {
            kind: EntityKind::Method,
            text: "ibbotrans".into(),
            canonical: "Ibbotrans".into(),
            aliases: vec![],
            iris: vec!["Ibbotrans".into()],
            direction: None,
            link: None,
        });
        let q = "before ibbotrans took the quenmark bleu record, who held it and at what score?";
        let anchor = event_time(q, &entities, &evidence, &papers).anchor().cloned().expect("an anchor");
        assert_eq!((anchor.year, anchor.phrase.as_str()), (2022, "before Ibbotrans (2023)"));
        assert_eq!(event_time("who holds the quenmark bleu record?", &entities, &evidence, &papers), EventTime::None);
        let when = event_time("when the ibbotrans paper appeared, murrelet still led quenmark bleu - true?", &entities, &evidence, &papers).anchor().cloned().expect("an anchor");
        assert_eq!((when.year, when.phrase.as_str()), (2023, "when Ibbotrans appeared (2023)"));
        let before = event_time("before the ibbotrans paper, which model led quenmark bleu?", &entities, &evidence, &papers).anchor().cloned().expect("an anchor");
        assert_eq!(before.year, 2022);
    }

    #[test]
    fn a_time_given_as_a_paper_with_no_year_or_two_is_not_placed_and_a_described_paper_is_found_by_its_title() {
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let titled = |title: &str, years: &[i32]| PaperMeta { title: title.into(), year: years.first().copied(), valid_years: years.to_vec(), ..meta(2000) };
        let papers: BTreeMap<String, PaperMeta> = [
            ("tw".to_owned(), titled("Tidewick: Fault Trees for Tidal Arrays", &[2017, 2019])),
            ("dr".to_owned(), titled("Driftmere: Kelp Canopy Segmentation", &[])),
            ("sv".to_owned(), titled("A Survey of Vendish Language Resources", &[2021])),
        ]
        .into();
        let evidence = Evidence { results: vec![result("Tidewick", "76.0", "tw"), result("Driftmere", "63.0", "dr")], ..Default::default() };
        let model = |name: &str| NormalizedEntity { kind: EntityKind::Method, text: name.to_lowercase(), canonical: name.into(), aliases: vec![], iris: vec![name.into()], direction: None, link: None };
        let entities = Normalized { methods: vec![model("Tidewick"), model("Driftmere")], ..Normalized::default() };
        let at = |q: &str| event_time(q, &entities, &evidence, &papers);
        assert!(matches!(at("was marrowfen the top one before the tidewick paper came out?"), EventTime::Unplaced(why) if why.contains("2017 and 2019")));
        assert!(matches!(at("who led kelpwatch before the driftmere paper came out?"), EventTime::Unplaced(why) if why.contains("no year")));
        assert_eq!(at("At the time the survey of Vendish language resources was published, what was the best BLEU?"), EventTime::Placed(AsOf { year: 2021, phrase: "when \"A Survey of Vendish Language Resources\" appeared (2021)".into() }));
        assert!(matches!(at("At the time the review of tidal stream condition monitoring came out, who led?"), EventTime::Unplaced(_)), "a paper not read");
        assert_eq!(at("who leads kelpwatch?"), EventTime::None);
    }

    #[test]
    fn a_value_set_aside_now_is_no_item_where_the_same_result_stands_with_another() {
        use super::fixtures::result_by;
        let (kept, outlier, lone) = (result_by("S", "88.3", "p1", "Acc"), result_by("S", "93.8", "p2", "Acc"), result_by("W", "79.5", "p3", "Acc"));
        let facts = [&kept, &outlier, &lone].map(|r| verdict::FactRef::of_result(r, vec![])).to_vec();
        let left = standing_only(facts, &[outlier.clone(), lone.clone()]);
        let values: Vec<&str> = left.iter().map(|f| f.value.as_str()).collect();
        assert_eq!(values, ["88.3", "79.5"], "93.8 goes (88.3 stands for S); W's only value stays, said as it was");
    }
}
