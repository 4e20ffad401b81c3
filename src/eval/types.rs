//! `scigraph eval types`: how well the deterministic front of the pipeline reads questions.
//!
//! Scores the rule classifier and keyword entity extraction (or, with `--llm`, the
//! configured LLM's, with the pipeline's grounding and fallbacks) against a gold file (JSON
//! Lines: `question`, `query_type`, `entities` with the five lists), using the same lexicon
//! the service builds (synonym tables plus the configured graph's labels). Reported: type
//! accuracy (overall, per type, confusions) and micro entity precision/recall, where an
//! extracted entity matches a gold one of the same kind when either names the other after
//! normalisation (case, whitespace) or both resolve to the same lexicon entry. Scoring is
//! pure; [`read_gold`] and [`run`] (the command: backend, pipeline, outputs) do the I/O.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{EvalError, Outputs, PrecisionRecall};
use crate::cli::EvalTypesArgs;
use crate::config::Settings;
use crate::pipeline::front::classify::{classify, QueryType};
use crate::pipeline::front::extract::{by_keywords, Entities};
use crate::pipeline::front::lexicon::{normalize, EntityKind, Lexicon};
use crate::pipeline::{Decider, Pipeline};

#[derive(Debug, Deserialize)]
pub struct GoldQuestion {
    #[serde(default)]
    pub id: String,
    pub question: String,
    pub query_type: String,
    #[serde(default)]
    pub entities: BTreeMap<String, Vec<String>>,
}

/// Reads a JSON Lines gold file; blank lines are skipped, an unknown `query_type` refused.
pub fn read_gold(path: &Path) -> Result<Vec<GoldQuestion>, EvalError> {
    let text = super::read_text(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let q: GoldQuestion = super::parse_json(path, Some(i + 1), line)?;
        if QueryType::parse(&q.query_type).is_none() {
            return Err(EvalError::format(path, i + 1, format!("unknown query_type {:?}", q.query_type)));
        }
        out.push(q);
    }
    Ok(out)
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

/// The command: reads the gold file, scores the rules (or the LLM) on the configured
/// graph's lexicon, writes the outputs asked for and fails below `--min-accuracy`.
pub async fn run(settings: Settings, args: &EvalTypesArgs) -> anyhow::Result<()> {
    let mut gold = read_gold(&args.questions)?;
    if let Some(n) = args.limit {
        gold.truncate(n);
    }
    let llm = if args.llm {
        let llm = crate::llm::from_settings(&settings.llm)?;
        anyhow::ensure!(llm.is_some(), "--llm needs an LLM: set SCIGRAPH_LLM_PROVIDER (ollama or openai) and its variables");
        llm
    } else {
        None
    };
    let pipeline = super::pipeline(&settings, llm).await?;
    let report = if args.llm {
        score_types(&pipeline.lexicon(), &gold, &understood_by_llm(&pipeline, &gold).await)
    } else {
        evaluate_types(&pipeline.lexicon(), &gold)
    };
    let table = render_types(&report);
    let heading = format!("### Query types and entities: `{}`", super::short_path(&args.questions));
    super::publish(&report, &table, Outputs { json: args.json.as_deref(), markdown: args.markdown.as_deref(), heading })?;
    if let Some(floor) = args.min_accuracy {
        if report.type_accuracy < floor {
            anyhow::bail!("type accuracy {:.3} is below the floor {floor}", report.type_accuracy);
        }
    }
    Ok(())
}

/// Each gold question through the pipeline's front (LLM stages, grounding, fallbacks), with
/// progress and a count of what the LLM decided on stderr.
async fn understood_by_llm(pipeline: &Pipeline, gold: &[GoldQuestion]) -> Vec<(QueryType, Entities)> {
    let (mut predictions, mut from_llm, mut fallbacks) = (Vec::with_capacity(gold.len()), 0usize, 0usize);
    for (i, q) in gold.iter().enumerate() {
        let u = pipeline.understand(&q.question).await;
        from_llm += usize::from(u.query_type_source == Decider::Llm);
        fallbacks += u.warnings.len();
        predictions.push((u.query_type, u.entities));
        if (i + 1) % 25 == 0 {
            eprintln!("{}/{} questions", i + 1, gold.len());
        }
    }
    eprintln!("types decided by the LLM: {from_llm}/{}; warnings (fallbacks, drops, overrules): {fallbacks}", gold.len());
    predictions
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
