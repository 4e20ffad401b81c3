//! `scigraph eval sciqa`: each SciQA question through the full pipeline, `answer_items`
//! scored against the recorded answers the way the Scholarly QALD 2023 challenge did (micro
//! precision, recall and F1 over the flattened answer values, plus exact match), per
//! template, for the handcrafted questions and overall, with latency. Reading SciQA's
//! `questions.json` and `answers.json`, and [`run`] (the command), do the I/O; scoring a
//! set of answers is pure.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;

use super::{percentile, EvalError, IfEmpty, Outputs, PrecisionRecall};
use crate::cli::EvalSciqaArgs;
use crate::config::Settings;
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
    super::parse_json(path, None, &super::read_text(path)?)
}

fn format_error(path: &Path, reason: &str) -> EvalError {
    EvalError::format(path, 0, reason)
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
        if matches!(response.target, Target::TopScore | Target::ComparisonValue) {
            if let Some(v) = &item.value {
                out.insert(v.trim().to_owned());
            }
        }
    }
    // A yes/no read from a comparison table answers an ASK query: SciQA records a boolean.
    if response.target == Target::ComparisonValue {
        use crate::pipeline::trust::verdict::Label;
        match response.verdict {
            Some(Label::Supported) => out = BTreeSet::from(["true".to_owned()]),
            Some(Label::Refuted) => out = BTreeSet::from(["false".to_owned()]),
            _ => {}
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
        let scored = PrecisionRecall::scored(tp, p, g, IfEmpty::ZERO);
        (self.precision, self.recall, self.f1) = (scored.precision, scored.recall, scored.f1);
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

/// One question's own scores: no answer is imprecise, but a question with no gold values
/// has nothing left to find.
const ONE_QUESTION: IfEmpty = IfEmpty { precision: 0.0, recall: 1.0 };

impl QuestionResult {
    fn new(q: &SciqaQuestion, text: &str, response: &AskResponse, predicted: &BTreeSet<String>, gold: &BTreeSet<String>, ms: f64) -> Self {
        let scored = PrecisionRecall::scored(predicted.intersection(gold).count(), predicted.len(), gold.len(), ONE_QUESTION);
        let label = |v: Value| v.as_str().unwrap_or_default().to_owned();
        Self {
            id: q.id.clone(),
            template: q.template.clone(),
            question: text.to_owned(),
            query_type: label(serde_json::to_value(response.query_type).unwrap_or_default()),
            target: label(serde_json::to_value(response.target).unwrap_or_default()),
            gold: gold.iter().cloned().collect(),
            predicted: predicted.iter().cloned().collect(),
            precision: scored.precision,
            recall: scored.recall,
            exact_match: predicted == gold,
            latency_ms: ms,
        }
    }
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
    let at = |q: f64| percentile(&samples, q);
    Latency { p50: at(0.5), p95: at(0.95), max: at(1.0), mean: samples.iter().sum::<f64>() / samples.len() as f64 }
}

/// The scores so far, per set, and each question's result.
#[derive(Default)]
struct Tally {
    templated: Scores,
    handcrafted: Scores,
    overall: Scores,
    per_template: BTreeMap<String, Scores>,
    results: Vec<QuestionResult>,
}

impl Tally {
    fn add(&mut self, result: QuestionResult, predicted: &BTreeSet<String>, gold: &BTreeSet<String>) {
        self.overall.add(predicted, gold);
        match &result.template {
            Some(t) => {
                self.templated.add(predicted, gold);
                self.per_template.entry(t.clone()).or_default().add(predicted, gold);
            }
            None => self.handcrafted.add(predicted, gold),
        }
        self.results.push(result);
    }

    fn into_report(self) -> Report {
        let samples = self.results.iter().map(|r| r.latency_ms).collect();
        Report {
            templated: self.templated,
            handcrafted: self.handcrafted,
            overall: self.overall,
            per_template: self.per_template,
            latency_ms: latency(samples),
            questions: self.results,
        }
    }
}

/// Runs every question (or its paraphrases) and scores the answers.
pub async fn evaluate(
    pipeline: &Pipeline,
    questions: &[SciqaQuestion],
    answers: &BTreeMap<String, BTreeSet<String>>,
    paraphrased: bool,
) -> Report {
    let mut tally = Tally::default();
    for q in questions {
        let Some(gold) = answers.get(&q.id) else { continue };
        let texts: Vec<&String> = if paraphrased { q.paraphrases.iter().collect() } else { vec![&q.question] };
        for text in texts {
            let Ok(question) = Question::parse(text, 10_000) else { continue };
            let started = Instant::now();
            let response = pipeline.ask(&question).await;
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let predicted = predicted(&response);
            tally.add(QuestionResult::new(q, text, &response, &predicted, gold, ms), &predicted, gold);
        }
    }
    tally.into_report()
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

/// The command: reads the SciQA split, asks every question of the configured graph,
/// writes the outputs asked for and fails below `--min-f1` (templated micro F1).
pub async fn run(settings: Settings, args: &EvalSciqaArgs) -> anyhow::Result<()> {
    let mut questions = read_questions(&args.questions)?;
    if let Some(n) = args.limit {
        questions.truncate(n);
    }
    let answers = read_answers(&args.answers)?;
    let llm = if args.llm {
        let llm = crate::llm::from_settings(&settings.llm)?;
        anyhow::ensure!(llm.is_some(), "--llm needs an LLM: set SCIGRAPH_LLM_PROVIDER (see .env.example)");
        llm
    } else {
        None
    };
    let pipeline = super::pipeline(&settings, llm).await?;
    let report = evaluate(&pipeline, &questions, &answers, args.paraphrased).await;
    let table = render(&report);
    let mode = if args.paraphrased { " (paraphrases)" } else { "" };
    let heading = format!("### SciQA: `{}`{mode}", super::short_path(&args.questions));
    super::publish(&report, &table, Outputs { json: args.json.as_deref(), markdown: args.markdown.as_deref(), heading })?;
    if let Some(floor) = args.min_f1 {
        if report.templated.f1 < floor {
            anyhow::bail!("SciQA templated micro F1 {:.3} is below the floor {floor}", report.templated.f1);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(values: &[&str]) -> BTreeSet<String> {
        values.iter().map(|v| (*v).to_owned()).collect()
    }

    #[test]
    fn scores_are_micro_averaged_over_answer_values_and_an_empty_answer_scores_zero() {
        let mut scores = Scores::default();
        scores.add(&set(&["a", "b"]), &set(&["a", "b"]));
        scores.add(&set(&["c"]), &set(&["d", "e"]));
        assert_eq!((scores.precision, scores.recall, scores.exact_match), (2.0 / 3.0, 0.5, 0.5));
        let mut empty = Scores::default();
        empty.add(&set(&[]), &set(&[]));
        assert_eq!((empty.precision, empty.recall, empty.f1, empty.exact_match), (0.0, 0.0, 0.0, 1.0));
    }

    #[test]
    fn answers_flatten_every_binding_value_and_booleans() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("answers.json");
        let json = r#"{"answers": [
            {"id": "q1", "answer": {"results": {"bindings": [{"x": {"value": " A "}, "y": {"value": "B"}}]}}},
            {"id": "q2", "answer": {"boolean": true}}
        ]}"#;
        std::fs::write(&path, json).unwrap();
        let answers = read_answers(&path).unwrap();
        assert_eq!(answers["q1"], set(&["A", "B"]));
        assert_eq!(answers["q2"], set(&["true"]));
    }
}
