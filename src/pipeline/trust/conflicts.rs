//! Conflicts among facts and their resolution: the same (model, dataset, metric) with
//! different values; a best result superseded by a newer better one; one paper with two
//! valid years or two DOIs. When two conflicting values' scores differ by more than the
//! threshold the weaker is removed and recorded as a [`Removal`]; otherwise both stay and
//! the conflict is marked unresolved, so the answer states the disagreement. Pure.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::facts::{fact_key, paper_ref, Fact, FactKey, PaperRef};
use super::{Assessment, Trust};
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::scores::value_key;
use crate::pipeline::evidence::Evidence;
use crate::pipeline::front::lexicon::Direction;

/// What a conflict is about: `different_values`, `superseded` or `metadata`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// The same model, dataset and metric with different values.
    DifferentValues,
    /// A best result beaten later by a newer, better one.
    Superseded,
    /// One paper with two valid years or two DOIs.
    Metadata,
}

/// One side of a conflict: a value and the papers that state it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ConflictSide {
    /// The value this side states (for a superseded best, the model and its value).
    pub value: String,
    /// The papers that state it.
    pub papers: Vec<PaperRef>,
    /// The fact's trust score (recency × corroboration × source weight); null for metadata.
    #[schema(required = true)]
    pub score: Option<f64>,
}

/// Facts that disagree, and how the disagreement was settled.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Conflict {
    /// What kind of disagreement it is.
    pub kind: ConflictKind,
    /// What the sides disagree about.
    pub subject: String,
    /// For different values: the model whose value is disputed (its label), so the answer
    /// can tell whether it names it without reading `subject` back.
    #[serde(skip)]
    pub model: Option<String>,
    /// The sides; where they are scored, the strongest first.
    pub sides: Vec<ConflictSide>,
    /// Whether one side was kept and the others set aside.
    pub resolved: bool,
    /// The side kept, when resolved.
    #[schema(required = true)]
    pub winner: Option<String>,
    /// Relative score gap between the two strongest sides (0–1); only for different values.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub gap: Option<f64>,
    /// The rule applied, in words.
    pub rule: String,
}

/// A fact removed before the answer was written, and why.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Removal {
    /// The removed fact, in words.
    pub fact: String,
    /// The papers that state it.
    pub papers: Vec<PaperRef>,
    /// Its trust score (recency × corroboration × source weight).
    pub score: f64,
    /// The fact kept instead, in words.
    pub kept: String,
    /// The kept fact's trust score.
    pub kept_score: f64,
    /// The rule applied, in words.
    pub rule: String,
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
    let removed = different_values(trust, &facts, &mut out);
    superseded(&facts, &removed, direction, &mut out);
    metadata(papers, &mut out);
    out.facts = facts.into_iter().enumerate().filter(|(i, _)| !removed.contains(i)).map(|(_, f)| f).collect();
    out
}

/// The same (model, dataset, metric) with different values: the weaker value is removed
/// when the score gap exceeds the threshold, otherwise both stay, conflicted. Returns the
/// indices of the removed facts.
fn different_values(trust: &Trust<'_>, facts: &[Fact], out: &mut Assessment) -> BTreeSet<usize> {
    let threshold = trust.settings.conflict_threshold;
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
            kind: ConflictKind::DifferentValues,
            subject,
            model: Some(top.model.clone()),
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
                out.superseded_results.insert(f.statement());
            }
        } else {
            for &i in &ranked {
                out.conflicted_papers.extend(facts[i].papers.iter().map(|p| p.iri.clone()));
            }
        }
    }

    removed
}

/// A best result superseded by a newer, better one on the same dataset and metric.
fn superseded(facts: &[Fact], removed: &BTreeSet<usize>, direction: &dyn Fn(&str) -> Direction, out: &mut Assessment) {
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
                                model: None,
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
                            out.superseded_results.insert(old.statement());
                        }
                        best = Some(i);
                    }
                }
            }
        }
    }

}

/// One paper with two valid years or two DOIs.
fn metadata(papers: &BTreeMap<String, PaperMeta>, out: &mut Assessment) {
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
                model: None,
                sides: values.into_iter().map(|v| ConflictSide { value: v, papers: vec![paper.clone()], score: None }).collect(),
                resolved: false,
                winner: None,
                gap: None,
                rule: "one paper records several values; the earliest year / first DOI is shown".to_owned(),
            });
        }
    }
}

/// Removes from the evidence the results whose fact was removed.
pub fn apply_removals(evidence: &mut Evidence, kept: &[Fact]) {
    let kept: BTreeSet<(FactKey, String)> =
        kept.iter().map(|f| (f.key.clone(), value_key(&f.value).unwrap_or_else(|| f.value.clone()))).collect();
    // Results that make no fact (no model, metric or value) were never in conflict: kept.
    // The others are moved aside, not dropped: the evidence graph shows them as removed.
    let (stay, removed): (Vec<_>, Vec<_>) =
        std::mem::take(&mut evidence.results).into_iter().partition(|r| fact_key(r).is_none_or(|key| kept.contains(&key)));
    evidence.results = stay;
    evidence.removed.extend(removed);
}
