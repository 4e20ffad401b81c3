//! The confidence of an answer: a weighted sum of evidence coverage, corroboration and
//! recency, each in [0, 1], with a sentence on what drove it. The inputs are measured by
//! the answer stage (they depend on what the answer cites); the formula lives here. Pure.

use serde::Serialize;

/// How far to trust the answer: a weighted sum of three parts, each rounded to 2 decimals.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Confidence {
    /// The confidence, 0–1: the weighted sum of `evidence`, `support` and `recency`.
    pub score: f64,
    /// Evidence coverage, 0–1: the share of the question's entities the answer matched.
    pub evidence: f64,
    /// Corroboration, 0–1: how many papers state what the answer rests on.
    pub support: f64,
    /// Recency, 0–1: the mean recency weight of the cited sources.
    pub recency: f64,
    /// What drove the score, in one sentence.
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

/// The confidence once the gates have run: halved for each gate the answer failed, since
/// a failed check is the strongest sign the answer is wrong.
pub fn after_gates(mut c: Confidence, failed: &[&str]) -> Confidence {
    if failed.is_empty() {
        return c;
    }
    c.score = ((c.score * 0.5f64.powi(failed.len() as i32)) * 100.0).round() / 100.0;
    c.explanation = format!("{} Halved for each failed gate ({}): {:.2}.", c.explanation, failed.join(", "), c.score);
    c
}

/// Support of a single fact on the confidence scale.
pub fn support_of(papers: usize) -> f64 {
    ((1.0 + papers as f64).ln() / 4f64.ln()).min(1.0)
}
