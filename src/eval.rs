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

use crate::pipeline::front::classify::{classify, QueryType};
use crate::pipeline::front::extract::{by_keywords, Entities};
use crate::pipeline::front::lexicon::{normalize, EntityKind, Lexicon};

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

/// Scores the rule classifier and keyword extraction on `gold`.
pub fn evaluate_types(lexicon: &Lexicon, gold: &[GoldQuestion]) -> TypesReport {
    let predictions: Vec<(QueryType, Entities)> = gold
        .iter()
        .map(|q| {
            let extracted: Entities = by_keywords(lexicon, &q.question);
            let got = classify(&q.question, &extracted);
            (got.query_type, extracted)
        })
        .collect();
    score_types(lexicon, gold, &predictions)
}

/// Scores any predictions (one per gold question, in order) against `gold`.
pub fn score_types(lexicon: &Lexicon, gold: &[GoldQuestion], predictions: &[(QueryType, Entities)]) -> TypesReport {
    let mut correct = 0;
    let mut per_type: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut misclassified = Vec::new();
    let mut counts: BTreeMap<EntityKind, (usize, usize, usize)> = BTreeMap::new();
    let mut missed = Vec::new();
    let mut spurious = Vec::new();
    for (q, (got, extracted)) in gold.iter().zip(predictions) {
        let got = *got;
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

/// SciQA: each question through the full pipeline, `answer_items` scored against the
/// recorded answers the way the Scholarly QALD 2023 challenge did (micro precision, recall
/// and F1 over the flattened answer values, plus exact match), per template, for the
/// handcrafted questions and overall.
pub mod sciqa {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;
    use std::time::Instant;

    use serde::Serialize;
    use serde_json::Value;

    use super::EvalError;
    use crate::pipeline::front::classify::Target;
    use crate::pipeline::{AskResponse, Pipeline, Question};

    #[derive(Debug, Clone)]
    pub struct SciqaQuestion {
        pub id: String,
        pub question: String,
        pub template: Option<String>,
        pub paraphrases: Vec<String>,
    }

    fn read_json(path: &Path) -> Result<Value, EvalError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| EvalError::Io { path: path.display().to_string(), reason: e.to_string() })?;
        serde_json::from_str(&text).map_err(|e| EvalError::Format { path: path.display().to_string(), line: e.line(), reason: e.to_string() })
    }

    fn format_error(path: &Path, reason: &str) -> EvalError {
        EvalError::Format { path: path.display().to_string(), line: 0, reason: reason.to_owned() }
    }

    /// Reads SciQA's `questions.json` (`{"questions": [...]}`).
    pub fn read_questions(path: &Path) -> Result<Vec<SciqaQuestion>, EvalError> {
        let json = read_json(path)?;
        let list = json["questions"].as_array().ok_or_else(|| format_error(path, "expected {\"questions\": [...]}"))?;
        list.iter()
            .map(|q| {
                let id = q["id"].as_str().ok_or_else(|| format_error(path, "a question without an id"))?.to_owned();
                let question = q["question"]["string"]
                    .as_str()
                    .ok_or_else(|| format_error(path, &format!("{id}: no question.string")))?
                    .to_owned();
                let paraphrases = q["paraphrased_question"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|p| p.as_str()).filter(|p| !p.trim().is_empty()).map(str::to_owned).collect())
                    .unwrap_or_default();
                Ok(SciqaQuestion { id, question, template: q["template_id"].as_str().map(str::to_owned), paraphrases })
            })
            .collect()
    }

    /// Reads SciQA's `answers.json` (SPARQL results per id) into flattened value sets.
    pub fn read_answers(path: &Path) -> Result<BTreeMap<String, BTreeSet<String>>, EvalError> {
        let json = read_json(path)?;
        let list = json["answers"].as_array().ok_or_else(|| format_error(path, "expected {\"answers\": [...]}"))?;
        let mut out = BTreeMap::new();
        for a in list {
            let Some(id) = a["id"].as_str() else { continue };
            let mut values = BTreeSet::new();
            if let Some(b) = a["answer"]["boolean"].as_bool() {
                values.insert(b.to_string());
            }
            for binding in a["answer"]["results"]["bindings"].as_array().into_iter().flatten() {
                for term in binding.as_object().into_iter().flat_map(|o| o.values()) {
                    if let Some(v) = term["value"].as_str() {
                        values.insert(v.trim().to_owned());
                    }
                }
            }
            out.insert(id.to_owned(), values);
        }
        Ok(out)
    }

    /// The values an answer gives: each item's label and IRI, and its value where the
    /// value is what was asked (a top score).
    pub fn predicted(response: &AskResponse) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for item in &response.answer_items {
            out.insert(item.label.trim().to_owned());
            if let Some(iri) = &item.iri {
                out.insert(iri.clone());
            }
            if response.target == Target::TopScore {
                if let Some(v) = &item.value {
                    out.insert(v.trim().to_owned());
                }
            }
        }
        out.retain(|v| !v.is_empty());
        out
    }

    #[derive(Debug, Clone, Default, Serialize)]
    pub struct Scores {
        pub precision: f64,
        pub recall: f64,
        pub f1: f64,
        pub exact_match: f64,
        pub questions: usize,
        #[serde(skip)]
        counts: (usize, usize, usize, usize),
    }

    impl Scores {
        fn add(&mut self, predicted: &BTreeSet<String>, gold: &BTreeSet<String>) {
            let tp = predicted.intersection(gold).count();
            self.counts.0 += tp;
            self.counts.1 += predicted.len();
            self.counts.2 += gold.len();
            self.counts.3 += usize::from(predicted == gold);
            self.questions += 1;
            let (tp, p, g, em) = self.counts;
            self.precision = if p == 0 { 0.0 } else { tp as f64 / p as f64 };
            self.recall = if g == 0 { 0.0 } else { tp as f64 / g as f64 };
            self.f1 = if self.precision + self.recall == 0.0 { 0.0 } else { 2.0 * self.precision * self.recall / (self.precision + self.recall) };
            self.exact_match = em as f64 / self.questions as f64;
        }
    }

    #[derive(Debug, Clone, Serialize)]
    pub struct QuestionResult {
        pub id: String,
        pub template: Option<String>,
        pub question: String,
        pub query_type: String,
        pub target: String,
        pub gold: Vec<String>,
        pub predicted: Vec<String>,
        pub precision: f64,
        pub recall: f64,
        pub exact_match: bool,
        pub latency_ms: f64,
    }

    #[derive(Debug, Clone, Serialize)]
    pub struct Report {
        pub templated: Scores,
        pub handcrafted: Scores,
        pub overall: Scores,
        pub per_template: BTreeMap<String, Scores>,
        pub latency_ms: Latency,
        pub questions: Vec<QuestionResult>,
    }

    #[derive(Debug, Clone, Default, Serialize)]
    pub struct Latency {
        pub p50: f64,
        pub p95: f64,
        pub max: f64,
        pub mean: f64,
    }

    fn latency(mut samples: Vec<f64>) -> Latency {
        if samples.is_empty() {
            return Latency::default();
        }
        samples.sort_by(f64::total_cmp);
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        Latency { p50: at(0.5), p95: at(0.95), max: at(1.0), mean: samples.iter().sum::<f64>() / samples.len() as f64 }
    }

    /// Runs every question (or its paraphrases) and scores the answers.
    pub async fn evaluate(
        pipeline: &Pipeline,
        questions: &[SciqaQuestion],
        answers: &BTreeMap<String, BTreeSet<String>>,
        paraphrased: bool,
    ) -> Report {
        let (mut templated, mut handcrafted, mut overall) = (Scores::default(), Scores::default(), Scores::default());
        let mut per_template: BTreeMap<String, Scores> = BTreeMap::new();
        let mut results = Vec::new();
        let mut samples = Vec::new();
        for q in questions {
            let Some(gold) = answers.get(&q.id) else { continue };
            let texts: Vec<&String> = if paraphrased { q.paraphrases.iter().collect() } else { vec![&q.question] };
            for text in texts {
                let Ok(question) = Question::parse(text, 10_000) else { continue };
                let started = Instant::now();
                let response = pipeline.ask(&question).await;
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                samples.push(ms);
                let predicted = predicted(&response);
                let tp = predicted.intersection(gold).count();
                overall.add(&predicted, gold);
                match &q.template {
                    Some(t) => {
                        templated.add(&predicted, gold);
                        per_template.entry(t.clone()).or_default().add(&predicted, gold);
                    }
                    None => handcrafted.add(&predicted, gold),
                }
                let label = |v: Value| v.as_str().unwrap_or_default().to_owned();
                results.push(QuestionResult {
                    id: q.id.clone(),
                    template: q.template.clone(),
                    question: text.clone(),
                    query_type: label(serde_json::to_value(response.query_type).unwrap_or_default()),
                    target: label(serde_json::to_value(response.target).unwrap_or_default()),
                    gold: gold.iter().cloned().collect(),
                    predicted: predicted.iter().cloned().collect(),
                    precision: if predicted.is_empty() { 0.0 } else { tp as f64 / predicted.len() as f64 },
                    recall: if gold.is_empty() { 1.0 } else { tp as f64 / gold.len() as f64 },
                    exact_match: &predicted == gold,
                    latency_ms: ms,
                });
            }
        }
        Report { templated, handcrafted, overall, per_template, latency_ms: latency(samples), questions: results }
    }

    /// A plain-text table of the report.
    pub fn render(report: &Report) -> String {
        let row = |name: &str, s: &Scores| {
            format!("{name:<12} {:>5} {:>9.3} {:>7.3} {:>7.3} {:>7.3}\n", s.questions, s.precision, s.recall, s.f1, s.exact_match)
        };
        let mut out = format!("{:<12} {:>5} {:>9} {:>7} {:>7} {:>7}\n", "set", "n", "precision", "recall", "F1", "EM");
        for (t, s) in &report.per_template {
            out.push_str(&row(t, s));
        }
        out.push_str(&row("templated", &report.templated));
        out.push_str(&row("handcrafted", &report.handcrafted));
        out.push_str(&row("overall", &report.overall));
        let l = &report.latency_ms;
        out.push_str(&format!("latency ms: p50 {:.1}  p95 {:.1}  max {:.1}  mean {:.1}\n", l.p50, l.p95, l.max, l.mean));
        out
    }
}
