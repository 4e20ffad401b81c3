//! `scigraph eval jarvisqa`: questions over ORKG comparison tables, scored on the answer.
//!
//! Two formats: JarvisQA's ORKG-QA file (`ORKG-QA-DS.csv`: Question, Table, Type, Answer,
//! with the answer as free text) and our blind comparison sets (`eval/gold/comparisons-*.jsonl`:
//! question, table, kind, answer as a list). Each question is asked twice: with its table
//! given (JarvisQA's own setting: its system is handed the table), the headline figure, and
//! with the question alone (`without_table`), as a user asks it.
//!
//! How a free-text gold answer is matched (also in `eval/NOTES.md`): the gold text is split
//! at ", " into values ("Item, Manifestation, StorageMedium, Work" is four); a gold "Yes" or
//! "No" is matched by the verdict (SUPPORTED or REFUTED) or a Yes/No item; an empty gold
//! answer (the table does not hold it) is right when no comparison value is answered. Any
//! other question is right when every gold value is held by an answer item (equal once
//! case, spacing and punctuation are set aside, the same number, or one long string
//! containing the other: `answers::holds`) and at least half of the items hold a gold value
//! (a list of twenty with the right one in it is not an answer). F1 over values is reported
//! beside accuracy. Reading the files and [`run`] do the I/O; scoring is pure.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::answers::holds;
use super::{EvalError, Outputs};
use crate::cli::EvalJarvisqaArgs;
use crate::config::Settings;
use crate::pipeline::front::classify::Target;
use crate::pipeline::trust::verdict::Label;
use crate::pipeline::{AskResponse, Pipeline, Question};

/// JarvisQA's published figure on these questions (its repository's
/// `eval-results/benchmark-results-exp1.txt`, precision at k=1), for the report.
pub const JARVISQA_PUBLISHED: &[(&str, f64)] = &[("overall", 0.3464), ("normal", 0.4146), ("aggregation", 0.4545), ("related", 0.5), ("similar", 0.1111)];

/// One question with its gold answer.
#[derive(Debug, Clone, Deserialize)]
pub struct GoldComparison {
    #[serde(default)]
    pub id: String,
    pub question: String,
    /// The comparison's id ("R8364").
    pub table: String,
    pub kind: String,
    /// The values a right answer holds; empty when the table does not hold the answer.
    pub answer: Vec<String>,
}

#[derive(Deserialize)]
struct CsvRow {
    #[serde(rename = "Question")]
    question: String,
    #[serde(rename = "Table")]
    table: String,
    #[serde(rename = "Type")]
    kind: String,
    #[serde(rename = "Answer")]
    answer: String,
}

/// Reads JarvisQA's CSV or a JSON Lines comparison set, by the file's extension.
pub fn read_gold(path: &Path) -> Result<Vec<GoldComparison>, EvalError> {
    let text = super::read_text(path)?;
    if path.extension().is_some_and(|e| e == "csv") {
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let mut out = Vec::new();
        for (i, row) in reader.deserialize::<CsvRow>().enumerate() {
            let row = row.map_err(|e| EvalError::format(path, i + 2, e.to_string()))?;
            let answer = crate::comparisons::split_values(&row.answer);
            out.push(GoldComparison { id: format!("J{:02}", i + 1), question: row.question, table: row.table, kind: row.kind, answer });
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        out.push(super::parse_json(path, Some(i + 1), line)?);
    }
    Ok(out)
}

/// The values an answer gives: its items' texts, and a verdict as Yes or No.
fn answered_values(response: &AskResponse) -> Vec<String> {
    if response.target != Target::ComparisonValue {
        return Vec::new();
    }
    // A computed number (an item with a metric) is its value; anything else is its label
    // (the value of a most-common item is its count of rows).
    let mut out: Vec<String> =
        response.answer_items.iter().map(|i| if i.metric.is_some() { i.value.clone().unwrap_or_else(|| i.label.clone()) } else { i.label.clone() }).collect();
    match response.verdict {
        Some(Label::Supported) => out.push("Yes".into()),
        Some(Label::Refuted) => out.push("No".into()),
        _ => {}
    }
    out
}

/// How one answer scores against its gold values: (right, F1).
pub fn score(gold: &[String], answered: &[String]) -> (bool, f64) {
    if gold.is_empty() {
        let right = answered.is_empty();
        return (right, if right { 1.0 } else { 0.0 });
    }
    let yes_no = |v: &str| matches!(v.to_lowercase().as_str(), "yes" | "no");
    let (gold, answered): (Vec<&String>, Vec<&String>) = if gold.iter().all(|g| yes_no(g)) {
        (gold.iter().collect(), answered.iter().filter(|a| yes_no(a)).collect())
    } else {
        (gold.iter().collect(), answered.iter().collect())
    };
    let found = gold.iter().filter(|g| answered.iter().any(|a| holds(a, g))).count();
    let relevant = answered.iter().filter(|a| gold.iter().any(|g| holds(a, g))).count();
    let recall = found as f64 / gold.len() as f64;
    let precision = if answered.is_empty() { 0.0 } else { relevant as f64 / answered.len() as f64 };
    let f1 = if recall + precision == 0.0 { 0.0 } else { 2.0 * recall * precision / (recall + precision) };
    (found == gold.len() && precision >= 0.5, f1)
}

/// How one question went, both ways.
#[derive(Debug, Clone, Serialize)]
pub struct Scored {
    pub id: String,
    pub question: String,
    pub table: String,
    pub kind: String,
    pub gold: Vec<String>,
    pub answered: Vec<String>,
    pub correct: bool,
    pub f1: f64,
    pub answered_without_table: Vec<String>,
    pub correct_without_table: bool,
    pub answer: String,
    pub query_type: String,
}

/// Accuracy and mean F1 over a group of questions.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Figures {
    pub accuracy: f64,
    pub f1: f64,
    pub questions: usize,
}

fn figures<'a>(scored: impl Iterator<Item = (bool, f64)> + 'a) -> Figures {
    let all: Vec<(bool, f64)> = scored.collect();
    let n = all.len();
    let ratio = |x: f64| if n == 0 { 0.0 } else { ((x / n as f64) * 1000.0).round() / 1000.0 };
    Figures {
        accuracy: ratio(all.iter().filter(|(r, _)| *r).count() as f64),
        f1: ratio(all.iter().map(|(_, f)| f).sum()),
        questions: n,
    }
}

/// The report `--json` writes.
#[derive(Debug, Clone, Serialize)]
pub struct JarvisReport {
    pub source: String,
    /// With each question's table given (JarvisQA's setting).
    pub overall: Figures,
    pub per_kind: BTreeMap<String, Figures>,
    /// The question alone.
    pub without_table: Figures,
    pub per_kind_without_table: BTreeMap<String, Figures>,
    /// JarvisQA's published precision at 1 on its own questions, by kind.
    pub jarvisqa_published: BTreeMap<String, f64>,
    pub questions: Vec<Scored>,
}

/// Builds the figures from scored questions.
pub fn report(source: &str, questions: Vec<Scored>) -> JarvisReport {
    let mut kinds: Vec<String> = questions.iter().map(|q| q.kind.clone()).collect();
    kinds.sort();
    kinds.dedup();
    let per = |with: bool| -> BTreeMap<String, Figures> {
        kinds
            .iter()
            .map(|k| {
                let group = questions.iter().filter(|q| &q.kind == k);
                (k.clone(), figures(group.map(|q| if with { (q.correct, q.f1) } else { (q.correct_without_table, f64::from(u8::from(q.correct_without_table))) })))
            })
            .collect()
    };
    JarvisReport {
        source: source.to_owned(),
        overall: figures(questions.iter().map(|q| (q.correct, q.f1))),
        per_kind: per(true),
        without_table: figures(questions.iter().map(|q| (q.correct_without_table, f64::from(u8::from(q.correct_without_table))))),
        per_kind_without_table: per(false),
        jarvisqa_published: JARVISQA_PUBLISHED.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
        questions,
    }
}

/// Asks every question both ways and scores it.
pub async fn evaluate(pipeline: &Pipeline, gold: &[GoldComparison]) -> Vec<Scored> {
    let year = crate::pipeline::evidence::years::current_year();
    let mut out = Vec::new();
    for g in gold {
        let Ok(question) = Question::parse(&g.question, 10_000) else { continue };
        let with = pipeline.ask_with(&question, year, Some(&g.table)).await;
        let without = pipeline.ask_with(&question, year, None).await;
        let answered = answered_values(&with);
        let answered_without_table = answered_values(&without);
        let (correct, f1) = score(&g.answer, &answered);
        let (correct_without_table, _) = score(&g.answer, &answered_without_table);
        out.push(Scored {
            id: g.id.clone(),
            question: g.question.clone(),
            table: g.table.clone(),
            kind: g.kind.clone(),
            gold: g.answer.clone(),
            answered,
            correct,
            f1,
            answered_without_table,
            correct_without_table,
            answer: with.answer.clone(),
            query_type: with.query_type.as_str().to_owned(),
        });
    }
    out
}

/// The printed table.
pub fn render(report: &JarvisReport) -> String {
    let mut out = format!("{:<14} {:>9} {:>9} {:>7} {:>14} {:>10}\n", "kind", "questions", "accuracy", "F1", "without table", "JarvisQA");
    let row = |out: &mut String, name: &str, with: &Figures, without: &Figures| {
        let published = report.jarvisqa_published.get(name).map_or("-".to_owned(), |v| format!("{v:.3}"));
        out.push_str(&format!("{:<14} {:>9} {:>9.3} {:>7.3} {:>14.3} {:>10}\n", name, with.questions, with.accuracy, with.f1, without.accuracy, published));
    };
    for (kind, figures) in &report.per_kind {
        let without = report.per_kind_without_table.get(kind).cloned().unwrap_or_default();
        row(&mut out, kind, figures, &without);
    }
    row(&mut out, "overall", &report.overall, &report.without_table);
    out
}

/// `scigraph eval jarvisqa`.
pub async fn run(settings: Settings, args: &EvalJarvisqaArgs) -> anyhow::Result<()> {
    let mut gold = read_gold(&args.questions)?;
    if let Some(n) = args.limit {
        gold.truncate(n);
    }
    let llm = crate::llm::from_settings(&settings.llm)?;
    let pipeline = super::pipeline(&settings, llm).await?;
    let scored = evaluate(&pipeline, &gold).await;
    let report = report(&super::short_path(&args.questions), scored);
    let table = render(&report);
    let heading = format!("### Comparison questions: `{}`", super::short_path(&args.questions));
    super::publish(&report, &table, Outputs { json: args.json.as_deref(), markdown: args.markdown.as_deref(), heading })?;
    if let Some(floor) = args.min_accuracy {
        anyhow::ensure!(report.overall.accuracy >= floor, "comparison accuracy {:.3} is below the floor {floor}", report.overall.accuracy);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn every_gold_value_must_be_found_and_most_answers_must_be_right() {
        assert!(score(&v(&["RDF"]), &v(&["rdf"])).0);
        assert!(!score(&v(&["Numeric", "Temporal", "Special"]), &v(&["Special", "Numeric"])).0, "a tie half answered");
        assert!(!score(&v(&["EXPO"]), &v(&["EXPO", "BIBO", "FaBiO"])).0, "one right among three is no answer");
        assert!(score(&v(&["0.61"]), &v(&["0.610"])).0, "numbers compare as numbers");
        assert!(score(&v(&["Yes"]), &v(&["Semantic", "Yes"])).0, "a yes/no reads the verdict");
        assert!(!score(&v(&["No"]), &v(&["Yes"])).0);
    }

    #[test]
    fn an_empty_gold_answer_wants_no_comparison_value() {
        assert_eq!(score(&[], &[]), (true, 1.0));
        assert!(!score(&[], &v(&["something"])).0);
    }

    #[test]
    fn jarvisqa_csv_rows_become_questions_with_split_answers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.csv");
        std::fs::write(&path, "Question,Table,Type,Answer\n\"What is \"\"X\"\"?\",R1,normal,\"Item, Work\"\nWhat is Y?,R2,empty,\n").unwrap();
        let gold = read_gold(&path).unwrap();
        assert_eq!(gold.len(), 2);
        assert_eq!(gold[0].question, "What is \"X\"?");
        assert_eq!(gold[0].answer, ["Item", "Work"]);
        assert!(gold[1].answer.is_empty());
        assert_eq!(gold[1].kind, "empty");
    }

    #[test]
    fn figures_are_given_per_kind_and_overall() {
        let q = |kind: &str, correct: bool| Scored {
            id: String::new(),
            question: String::new(),
            table: String::new(),
            kind: kind.into(),
            gold: vec![],
            answered: vec![],
            correct,
            f1: f64::from(u8::from(correct)),
            answered_without_table: vec![],
            correct_without_table: false,
            answer: String::new(),
            query_type: String::new(),
        };
        let r = report("x", vec![q("normal", true), q("normal", false), q("ask", true)]);
        assert_eq!(r.per_kind["normal"].accuracy, 0.5);
        assert_eq!(r.overall, Figures { accuracy: 0.667, f1: 0.667, questions: 3 });
        assert_eq!(r.without_table.accuracy, 0.0);
    }
}
