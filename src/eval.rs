//! Evaluation: how well the deterministic front of the pipeline reads questions.
//!
//! `scigraph eval types --questions FILE` scores the rule classifier and keyword entity
//! extraction against a gold file (JSON Lines: `question`, `query_type`, `entities` with the
//! five lists), using the same lexicon the service builds (synonym tables plus the
//! configured graph's labels). Reported: type accuracy (overall, per type, confusions) and
//! micro entity precision/recall, where an extracted entity matches a gold one of the same
//! kind when either names the other after normalisation (case, whitespace) or both resolve
//! to the same lexicon entry. Pure apart from reading the file.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::pipeline::classify::{classify_with, QueryType};
use crate::pipeline::extract::{by_keywords, Entities};
use crate::pipeline::lexicon::{normalize, EntityKind, Lexicon};

#[derive(Debug, Deserialize)]
pub struct GoldQuestion {
    #[serde(default)]
    pub id: String,
    pub question: String,
    pub query_type: String,
    #[serde(default)]
    pub entities: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("cannot read {path}: {reason}")]
    Io { path: String, reason: String },
    #[error("{path}:{line}: {reason}")]
    Format { path: String, line: usize, reason: String },
}

pub fn read_gold(path: &Path) -> Result<Vec<GoldQuestion>, EvalError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| EvalError::Io { path: path.display().to_string(), reason: e.to_string() })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let q: GoldQuestion = serde_json::from_str(line).map_err(|e| EvalError::Format {
            path: path.display().to_string(),
            line: i + 1,
            reason: e.to_string(),
        })?;
        if QueryType::parse(&q.query_type).is_none() {
            return Err(EvalError::Format {
                path: path.display().to_string(),
                line: i + 1,
                reason: format!("unknown query_type {:?}", q.query_type),
            });
        }
        out.push(q);
    }
    Ok(out)
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct PrecisionRecall {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub true_positives: usize,
    pub extracted: usize,
    pub gold: usize,
}

impl PrecisionRecall {
    fn from_counts(tp: usize, extracted: usize, gold: usize) -> Self {
        let precision = if extracted == 0 { 1.0 } else { tp as f64 / extracted as f64 };
        let recall = if gold == 0 { 1.0 } else { tp as f64 / gold as f64 };
        let f1 = if precision + recall == 0.0 { 0.0 } else { 2.0 * precision * recall / (precision + recall) };
        Self { precision, recall, f1, true_positives: tp, extracted, gold }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct TypeMiss {
    pub id: String,
    pub question: String,
    pub expected: String,
    pub got: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct TypesReport {
    pub questions: usize,
    pub type_accuracy: f64,
    pub per_type: BTreeMap<String, f64>,
    pub entities: PrecisionRecall,
    pub entities_per_kind: BTreeMap<String, PrecisionRecall>,
    pub misclassified: Vec<TypeMiss>,
    /// Gold entities not extracted, as "id: kind: text".
    pub missed_entities: Vec<String>,
    /// Extracted entities not in the gold set, as "id: kind: text".
    pub spurious_entities: Vec<String>,
}

/// Whether an extracted and a gold mention name the same thing.
fn same(lexicon: &Lexicon, kind: EntityKind, a: &str, b: &str) -> bool {
    let (na, nb) = (normalize(a), normalize(b));
    if na == nb || na.contains(&nb) || nb.contains(&na) {
        return true;
    }
    let entries = |s: &str| -> Vec<usize> {
        lexicon.lookup(s).into_iter().filter(|&id| lexicon.entry(id).kind == kind).collect()
    };
    let (ea, eb) = (entries(a), entries(b));
    ea.iter().any(|x| eb.contains(x))
}

pub fn evaluate_types(lexicon: &Lexicon, gold: &[GoldQuestion]) -> TypesReport {
    let mut correct = 0;
    let mut per_type: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut misclassified = Vec::new();
    let mut counts: BTreeMap<EntityKind, (usize, usize, usize)> = BTreeMap::new();
    let mut missed = Vec::new();
    let mut spurious = Vec::new();
    for q in gold {
        let extracted: Entities = by_keywords(lexicon, &q.question);
        let got = classify_with(&q.question, !extracted.datasets.is_empty(), !extracted.is_empty()).query_type;
        let slot = per_type.entry(q.query_type.clone()).or_default();
        slot.1 += 1;
        if got.as_str() == q.query_type {
            correct += 1;
            slot.0 += 1;
        } else {
            misclassified.push(TypeMiss {
                id: q.id.clone(),
                question: q.question.clone(),
                expected: q.query_type.clone(),
                got: got.as_str().to_owned(),
            });
        }
        for kind in EntityKind::ALL {
            let gold_list = q.entities.get(kind.plural()).cloned().unwrap_or_default();
            let found = extracted.get(kind);
            let c = counts.entry(kind).or_default();
            c.1 += found.len();
            c.2 += gold_list.len();
            for g in &gold_list {
                if found.iter().any(|f| same(lexicon, kind, f, g)) {
                    c.0 += 1;
                } else {
                    missed.push(format!("{}: {}: {g}", q.id, kind.plural()));
                }
            }
            for f in found {
                if !gold_list.iter().any(|g| same(lexicon, kind, f, g)) {
                    spurious.push(format!("{}: {}: {f}", q.id, kind.plural()));
                }
            }
        }
    }
    let (tp, ex, go) = counts.values().fold((0, 0, 0), |a, c| (a.0 + c.0, a.1 + c.1, a.2 + c.2));
    TypesReport {
        questions: gold.len(),
        type_accuracy: if gold.is_empty() { 0.0 } else { correct as f64 / gold.len() as f64 },
        per_type: per_type.into_iter().map(|(k, (c, n))| (k, c as f64 / n.max(1) as f64)).collect(),
        entities: PrecisionRecall::from_counts(tp, ex, go),
        entities_per_kind: counts
            .into_iter()
            .map(|(k, (tp, ex, go))| (k.plural().to_owned(), PrecisionRecall::from_counts(tp, ex, go)))
            .collect(),
        misclassified,
        missed_entities: missed,
        spurious_entities: spurious,
    }
}

/// A plain-text table of the report.
pub fn render_types(report: &TypesReport) -> String {
    let mut out = format!(
        "questions: {}\ntype accuracy: {:.1}%\n",
        report.questions,
        report.type_accuracy * 100.0
    );
    for (t, acc) in &report.per_type {
        out.push_str(&format!("  {t:<20} {:.1}%\n", acc * 100.0));
    }
    out.push_str(&format!(
        "entities: precision {:.1}%  recall {:.1}%  F1 {:.1}%\n",
        report.entities.precision * 100.0,
        report.entities.recall * 100.0,
        report.entities.f1 * 100.0
    ));
    for (k, pr) in &report.entities_per_kind {
        out.push_str(&format!(
            "  {k:<10} precision {:.1}%  recall {:.1}%  ({} gold)\n",
            pr.precision * 100.0,
            pr.recall * 100.0,
            pr.gold
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_projects_gold_set_parses_and_is_large_enough() {
        let gold = read_gold(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/gold/types.jsonl"))).unwrap();
        assert!(gold.len() >= 120);
        for t in QueryType::ALL {
            assert!(gold.iter().filter(|q| q.query_type == t.as_str()).count() >= 20, "{t:?}");
        }
    }

    #[test]
    fn precision_and_recall_count_matches_by_kind() {
        let lexicon = Lexicon::from_tables().unwrap();
        let gold = vec![GoldQuestion {
            id: "x".into(),
            question: "Does BERT beat ELMo on SQuAD?".into(),
            query_type: "claim_verification".into(),
            entities: [("methods".to_owned(), vec!["BERT".to_owned(), "ELMo".to_owned()]), ("datasets".to_owned(), vec!["SQuAD".to_owned()])]
                .into_iter()
                .collect(),
        }];
        let r = evaluate_types(&lexicon, &gold);
        assert_eq!(r.type_accuracy, 1.0);
        assert_eq!(r.entities.true_positives, 3);
        assert_eq!(r.entities.recall, 1.0);
    }
}
