//! What the confidence of an answer is computed from: how much of what the question names
//! the answer matched (evidence), how many papers state its facts (support), and how
//! recent its sources are (recency). The weights and the formula are the trust stage's
//! ([`crate::pipeline::trust::confidence`]); these inputs depend on what the answer cites,
//! so they are measured here. Pure.

use super::items::{AnswerItem, Source};
use super::rank::Ranked;
use crate::pipeline::front::grounding::words;
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};
use crate::pipeline::trust::{self, Confidence, Fact, Trust};

/// The answer as the confidence sees it.
pub struct Answered<'a> {
    pub entities: &'a Normalized,
    pub papers: &'a [Ranked],
    pub items: &'a [AnswerItem],
    pub sources: &'a [Source],
    pub facts: &'a [Fact],
    /// Nothing was found (no item and no source).
    pub nothing_found: bool,
    /// The share of the retrieval strategies that completed.
    pub completed: f64,
}

/// The share of the question's entities (metrics aside) that a ranked paper or an answer
/// item matched: 1 when the question named none but something was found, 0 when nothing
/// was found.
pub fn evidence_share(a: &Answered<'_>) -> f64 {
    if a.nothing_found {
        return 0.0;
    }
    let asked: Vec<&NormalizedEntity> = a.entities.all().filter(|e| e.kind != EntityKind::Metric).collect();
    if asked.is_empty() {
        return 1.0;
    }
    let named_by_item = |e: &NormalizedEntity| {
        a.items.iter().any(|i| {
            [Some(&i.label), i.model.as_ref(), i.dataset.as_ref()]
                .into_iter()
                .flatten()
                .any(|l| e.names(l) || l.to_lowercase().contains(&e.canonical.to_lowercase()))
        })
    };
    let matched_by_paper =
        |e: &NormalizedEntity| a.papers.iter().any(|p| p.matched.iter().any(|(k, n)| *k == e.kind && n == &e.canonical));
    // A cited paper whose title names it ("Dynamic Knowledge Graph Completion with ..." for
    // the task "knowledge graph completion"), as a title search finds them.
    let named_by_title = |e: &NormalizedEntity| {
        let names = [words(&e.text), words(&e.canonical)];
        a.sources.iter().any(|s| {
            let title = words(&s.title);
            names.iter().any(|n| n.trim().len() >= 3 && title.contains(n.as_str()))
        })
    };
    let matched = asked.iter().filter(|e| matched_by_paper(e) || named_by_item(e) || named_by_title(e)).count();
    matched as f64 / asked.len() as f64
}

/// The mean support of the facts behind the items' values, or the number of sources / 3
/// when no fact stands behind them.
pub fn support(a: &Answered<'_>) -> f64 {
    if a.nothing_found {
        return 0.0;
    }
    let fact_papers: Vec<usize> =
        a.facts.iter().filter(|f| a.items.iter().any(|i| i.value.as_deref() == Some(f.value.as_str()))).map(|f| f.support).collect();
    if fact_papers.is_empty() {
        (a.sources.len() as f64 / 3.0).min(1.0)
    } else {
        fact_papers.iter().map(|&n| trust::support_of(n)).sum::<f64>() / fact_papers.len() as f64
    }
}

/// The mean recency weight of the cited sources.
pub fn recency(trust: &Trust<'_>, sources: &[Source]) -> f64 {
    if sources.is_empty() {
        return 0.0;
    }
    sources.iter().map(|s| trust.recency(s.year)).sum::<f64>() / sources.len() as f64
}

/// The most an answer that found nothing is trusted: the graph is never complete, so its
/// saying nothing on a point is evidence of absence, not proof.
pub const ABSENCE_CONFIDENCE: f64 = 0.5;

/// The answer's confidence, with the evidence share it used (the scope gate reads it). An
/// answer that found nothing is trusted as far as the search behind it went:
/// [`ABSENCE_CONFIDENCE`] times the share of strategies that completed.
pub fn confidence(trust: &Trust<'_>, a: &Answered<'_>) -> (Confidence, f64) {
    if a.nothing_found {
        let score = ((ABSENCE_CONFIDENCE * a.completed) * 100.0).round() / 100.0;
        let explanation = format!(
            "Nothing in the graph matches the question; {:.0}% of the searches completed, and a graph never records everything, so the absence is trusted at {score:.2}.",
            a.completed * 100.0
        );
        return (Confidence { score, evidence: 0.0, support: 0.0, recency: 0.0, explanation }, 0.0);
    }
    let evidence = evidence_share(a);
    let confidence = trust::confidence(trust.settings.confidence_weights, evidence, support(a), recency(trust, a.sources));
    (confidence, evidence)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cited_title_that_names_an_entity_matches_it() {
        let mut entities = Normalized::default();
        entities.tasks.push(NormalizedEntity {
            kind: EntityKind::Task,
            text: "knowledge graph completion".into(),
            canonical: "Knowledge Graph Completion".into(),
            aliases: vec![],
            iris: vec!["t".into()],
            direction: None,
            link: None,
        });
        let share = |title: &str| {
            let sources = [Source::titled(title)];
            evidence_share(&Answered { entities: &entities, papers: &[], items: &[], sources: &sources, facts: &[], nothing_found: false, completed: 1.0 })
        };
        assert_eq!(share("Dynamic Knowledge Graph Completion with Jointly Structural and Textual Dependency"), 1.0);
        assert_eq!(share("Knowledge graphs: completion of their schemas"), 0.0, "the name's words apart are not the name");
    }
}
