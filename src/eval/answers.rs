//! `scigraph eval answers`: questions as researchers write them, through the full pipeline,
//! scored on the answer itself.
//!
//! The gold file (JSON Lines; `eval/gold/answers.jsonl`) gives each question its type, the
//! strings a right answer holds (computed by a SPARQL query on the mirror, stored with it),
//! whether that list is complete, the verdict of a claim, and whether the subject is in the
//! graph at all. Scored per type and overall:
//! - type accuracy;
//! - gold recall: the share of gold strings found in the answer (any field of an answer
//!   item; for paper lookups also the sources' title, DOI and year), averaged per question;
//! - precision, where the gold list is complete: the share of answer items that hold a gold
//!   string (claims excepted: their items are evidence, not the answer);
//! - verdict accuracy for claims;
//! - abstention for questions whose subject is not in the graph: nothing listed, nothing
//!   cited.
//!
//! Strings match when they are equal once case, spacing and punctuation are set aside, when
//! both read as the same number ("88.61%" and "88.61"), or, for long strings such as titles,
//! when one contains the other. Reading the gold file and [`run`] do the I/O; scoring is pure.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{EvalError, Outputs};
use crate::cli::EvalAnswersArgs;
use crate::config::Settings;
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::front::classify::QueryType;
use crate::pipeline::{AskResponse, Pipeline, Question};

/// One gold question.
#[derive(Debug, Clone, Deserialize)]
pub struct GoldAnswer {
    pub id: String,
    pub question: String,
    pub query_type: String,
    pub in_graph: bool,
    #[serde(default)]
    pub gold: Vec<String>,
    #[serde(default)]
    pub gold_complete: bool,
    #[serde(default)]
    pub verdict: Option<String>,
}

/// Reads a gold file, checking every type label.
pub fn read_gold(path: &Path) -> Result<Vec<GoldAnswer>, EvalError> {
    let text = super::read_text(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let q: GoldAnswer = super::parse_json(path, Some(i + 1), line)?;
        if QueryType::parse(&q.query_type).is_none() {
            return Err(EvalError::format(path, i + 1, format!("unknown query_type {:?}", q.query_type)));
        }
        out.push(q);
    }
    Ok(out)
}

/// Letters and digits only, lowercased: "WMT 2014 English-German" = "wmt2014 english german".
pub(super) fn fold(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Whether an answer's `field` holds the gold string `gold`.
pub fn holds(field: &str, gold: &str) -> bool {
    let (f, g) = (fold(field), fold(gold));
    if g.is_empty() {
        return false;
    }
    if f == g {
        return true;
    }
    let numeric = |s: &str| s.trim().trim_end_matches('%').trim().parse::<f64>().ok();
    if let (Some(a), Some(b)) = (numeric(gold), parse_score(field)) {
        if numeric(field).is_some() {
            return (a - b).abs() < 1e-9;
        }
    }
    g.len() >= 12 && (f.contains(&g) || (f.len() >= 12 && g.contains(&f)))
}

/// The texts of an answer that a gold string may be found in.
fn answer_fields(response: &AskResponse, lookup: bool) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = response
        .answer_items
        .iter()
        .map(|i| [Some(&i.label), i.value.as_ref(), i.metric.as_ref(), i.dataset.as_ref(), i.model.as_ref(), i.iri.as_ref()].into_iter().flatten().cloned().collect())
        .collect();
    if lookup {
        // A lookup's cited paper answers with its own fields: title, DOI, year and authors.
        out.extend(response.sources.iter().map(|s| [Some(s.title.clone()), s.doi.clone(), s.year.map(|y| y.to_string())].into_iter().flatten().chain(s.authors.iter().cloned()).collect()));
    }
    out
}

/// How one question was answered.
#[derive(Debug, Clone, Serialize)]
pub struct Scored {
    pub id: String,
    pub question: String,
    pub query_type: String,
    pub predicted_type: String,
    pub in_graph: bool,
    pub found: Vec<String>,
    pub missed: Vec<String>,
    /// Share of gold strings found (None without gold strings).
    pub recall: Option<f64>,
    /// Share of answer items holding a gold string (None unless the gold list is complete).
    pub precision: Option<f64>,
    pub verdict: Option<String>,
    pub predicted_verdict: Option<String>,
    /// Nothing listed and nothing cited.
    pub abstained: bool,
    pub answer: String,
    pub items: Vec<String>,
}

/// Scores one answer against its gold.
pub fn score(gold: &GoldAnswer, response: &AskResponse) -> Scored {
    let lookup = gold.query_type == QueryType::PaperLookup.as_str();
    let fields = answer_fields(response, lookup);
    let found_in = |g: &String| fields.iter().any(|item| item.iter().any(|f| holds(f, g)));
    let (found, missed): (Vec<String>, Vec<String>) = gold.gold.iter().cloned().partition(found_in);
    let claim = gold.query_type == QueryType::ClaimVerification.as_str();
    let item_fields = &fields[..response.answer_items.len()];
    let precision = (gold.in_graph && gold.gold_complete && !gold.gold.is_empty() && !claim).then(|| {
        if item_fields.is_empty() {
            1.0
        } else {
            let right = item_fields.iter().filter(|item| item.iter().any(|f| gold.gold.iter().any(|g| holds(f, g)))).count();
            right as f64 / item_fields.len() as f64
        }
    });
    Scored {
        id: gold.id.clone(),
        question: gold.question.clone(),
        query_type: gold.query_type.clone(),
        predicted_type: response.query_type.as_str().to_owned(),
        in_graph: gold.in_graph,
        recall: (gold.in_graph && !gold.gold.is_empty()).then(|| found.len() as f64 / gold.gold.len() as f64),
        found,
        missed,
        precision,
        verdict: gold.verdict.clone(),
        predicted_verdict: response.verdict.map(|v| v.as_str().to_owned()),
        abstained: response.answer_items.is_empty() && response.sources.is_empty(),
        answer: response.answer.clone(),
        items: response.answer_items.iter().map(|i| i.label.clone()).collect(),
    }
}

/// The figures of a group of questions.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Figures {
    pub questions: usize,
    pub type_accuracy: f64,
    /// Mean recall over in-graph questions with gold strings.
    pub recall: Option<f64>,
    pub recall_questions: usize,
    /// Mean precision over questions with a complete gold list.
    pub precision: Option<f64>,
    pub precision_questions: usize,
    pub verdict_accuracy: Option<f64>,
    pub verdict_questions: usize,
    /// Share of out-of-graph questions answered with nothing listed or cited.
    pub abstention: Option<f64>,
    pub abstention_questions: usize,
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

impl Figures {
    pub fn of<'a>(scored: impl IntoIterator<Item = &'a Scored>) -> Self {
        let scored: Vec<&Scored> = scored.into_iter().collect();
        let share = |hits: usize, n: usize| if n == 0 { 0.0 } else { hits as f64 / n as f64 };
        let recalls: Vec<f64> = scored.iter().filter_map(|s| s.recall).collect();
        let precisions: Vec<f64> = scored.iter().filter_map(|s| s.precision).collect();
        let verdicts: Vec<f64> = scored.iter().filter_map(|s| s.verdict.as_ref().map(|v| f64::from(u8::from(Some(v) == s.predicted_verdict.as_ref())))).collect();
        let abstentions: Vec<f64> = scored.iter().filter(|s| !s.in_graph).map(|s| f64::from(u8::from(s.abstained))).collect();
        Figures {
            questions: scored.len(),
            type_accuracy: share(scored.iter().filter(|s| s.query_type == s.predicted_type).count(), scored.len()),
            recall: mean(&recalls),
            recall_questions: recalls.len(),
            precision: mean(&precisions),
            precision_questions: precisions.len(),
            verdict_accuracy: mean(&verdicts),
            verdict_questions: verdicts.len(),
            abstention: mean(&abstentions),
            abstention_questions: abstentions.len(),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct AnswersReport {
    pub overall: Figures,
    pub per_type: BTreeMap<String, Figures>,
    pub questions: Vec<Scored>,
}

/// Asks every question and scores the answers.
pub async fn evaluate(pipeline: &Pipeline, gold: &[GoldAnswer]) -> AnswersReport {
    let mut scored = Vec::with_capacity(gold.len());
    for q in gold {
        let Ok(question) = Question::parse(&q.question, usize::MAX) else { continue };
        scored.push(score(q, &pipeline.ask(&question).await));
    }
    let mut per_type = BTreeMap::new();
    for t in QueryType::ALL {
        per_type.insert(t.as_str().to_owned(), Figures::of(scored.iter().filter(|s| s.query_type == t.as_str())));
    }
    AnswersReport { overall: Figures::of(&scored), per_type, questions: scored }
}

/// The report as a table: one row per type, then overall.
pub fn render(report: &AnswersReport) -> String {
    let cell = |v: Option<f64>, n: usize| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.3} ({n})"));
    let mut out = format!("{:<20} {:>5} {:>7} {:>13} {:>13} {:>13} {:>13}\n", "type", "n", "type", "recall", "precision", "verdict", "abstention");
    let rows = report.per_type.iter().map(|(t, f)| (t.as_str(), f)).chain(std::iter::once(("overall", &report.overall)));
    for (name, f) in rows {
        out.push_str(&format!(
            "{name:<20} {:>5} {:>7.3} {:>13} {:>13} {:>13} {:>13}\n",
            f.questions,
            f.type_accuracy,
            cell(f.recall, f.recall_questions),
            cell(f.precision, f.precision_questions),
            cell(f.verdict_accuracy, f.verdict_questions),
            cell(f.abstention, f.abstention_questions),
        ));
    }
    out
}

/// `scigraph eval answers`.
pub async fn run(settings: Settings, args: &EvalAnswersArgs) -> anyhow::Result<()> {
    let mut gold = read_gold(&args.questions)?;
    if let Some(n) = args.limit {
        gold.truncate(n);
    }
    let llm = crate::llm::from_settings(&settings.llm)?;
    let pipeline = super::pipeline(&settings, llm).await?;
    let report = evaluate(&pipeline, &gold).await;
    let table = render(&report);
    let heading = format!("### Answers: `{}`", super::short_path(&args.questions));
    super::publish(&report, &table, Outputs { json: args.json.as_deref(), markdown: args.markdown.as_deref(), heading })?;
    if let Some(floor) = args.min_recall {
        let recall = report.overall.recall.unwrap_or(0.0);
        anyhow::ensure!(recall >= floor, "answer recall {recall:.3} is below the floor {floor}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_match_across_case_spacing_punctuation_and_number_forms() {
        assert!(holds("WMT 2014 English-German", "wmt2014 english german"));
        assert!(holds("88.61", "88.61%"));
        assert!(holds("88.610", "88.61"));
        assert!(!holds("88.6", "88.61"));
        assert!(holds("Attention Is All You Need.", "attention is all you need"));
        assert!(!holds("BERT-large", "BERT"), "short names must be equal, not contained");
        assert!(holds("Deep Residual Learning for Image Recognition (CVPR)", "Deep Residual Learning for Image Recognition"));
        assert!(!holds("anything", ""));
    }

    #[test]
    fn figures_average_per_question_and_skip_what_does_not_apply() {
        let s = |t: &str, p: &str, recall, in_graph, abstained| Scored {
            id: String::new(),
            question: String::new(),
            query_type: t.into(),
            predicted_type: p.into(),
            in_graph,
            found: vec![],
            missed: vec![],
            recall,
            precision: None,
            verdict: None,
            predicted_verdict: None,
            abstained,
            answer: String::new(),
            items: vec![],
        };
        let all = [s("topic_search", "topic_search", Some(1.0), true, false), s("topic_search", "paper_lookup", Some(0.5), true, false), s("topic_search", "topic_search", None, false, true)];
        let f = Figures::of(&all);
        assert_eq!(f.questions, 3);
        assert!((f.type_accuracy - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!((f.recall, f.recall_questions), (Some(0.75), 2));
        assert_eq!((f.abstention, f.abstention_questions), (Some(1.0), 1));
        assert_eq!(f.precision, None);
    }
}
