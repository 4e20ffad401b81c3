//! Evaluation: how well the pipeline reads and answers questions, measured on gold files.
//!
//! One file per evaluation: [`types`] scores query-type classification and entity
//! extraction on JSON Lines gold sets (`scigraph eval types`); [`sciqa`] runs SciQA through
//! the full pipeline and scores the answers (`scigraph eval sciqa`). This file holds what
//! both use: the error type for reading gold files, precision/recall/F1 (computed here and
//! nowhere else), percentiles, and the command edge that builds the pipeline and writes the
//! JSON report, the Markdown section and the printed table. The scoring is pure; reading
//! the gold files, connecting the backend and writing the outputs are the I/O.

pub mod ablations;
pub mod answers;
pub mod jarvisqa;
pub mod sciqa;
pub mod types;

use std::path::Path;

use serde::Serialize;

use crate::config::Settings;
use crate::llm::ChatModel;
use crate::pipeline::Pipeline;

pub use types::{evaluate_types, read_gold, render_types, score_types, GoldQuestion, TypeMiss, TypesReport};

/// A gold file that cannot be used; the message names the file (and line, where known).
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("cannot read {path}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}:{line}")]
    Json {
        path: String,
        line: usize,
        #[source]
        source: serde_json::Error,
    },
    /// Valid JSON of the wrong shape: there is no underlying error to carry.
    #[error("{path}:{line}: {reason}")]
    Format { path: String, line: usize, reason: String },
}

impl EvalError {
    /// A stable, machine-readable name for the failure.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Io { .. } => "eval_unreadable",
            Self::Json { .. } => "eval_invalid_json",
            Self::Format { .. } => "eval_unexpected_shape",
        }
    }

    pub(crate) fn format(path: &Path, line: usize, reason: impl Into<String>) -> Self {
        Self::Format { path: path.display().to_string(), line, reason: reason.into() }
    }
}

/// The text of a gold file.
fn read_text(path: &Path) -> Result<String, EvalError> {
    std::fs::read_to_string(path).map_err(|source| EvalError::Io { path: path.display().to_string(), source })
}

/// `text` (line `line` of `path`, or the whole file) parsed as JSON of type `T`.
fn parse_json<T: serde::de::DeserializeOwned>(path: &Path, line: Option<usize>, text: &str) -> Result<T, EvalError> {
    serde_json::from_str(text).map_err(|source| EvalError::Json {
        path: path.display().to_string(),
        line: line.unwrap_or(source.line()),
        source,
    })
}

/// What a ratio with nothing below the line scores. The evaluations differ on purpose:
/// entity extraction forgives an empty side (nothing extracted is nothing wrong), the
/// SciQA challenge scores an empty side 0, and a single SciQA question with no gold
/// values has nothing left to find.
#[derive(Debug, Clone, Copy)]
pub struct IfEmpty {
    pub precision: f64,
    pub recall: f64,
}

impl IfEmpty {
    /// Empty counts as perfect on both sides (entity extraction).
    pub const PERFECT: Self = Self { precision: 1.0, recall: 1.0 };
    /// Empty counts as zero on both sides (the Scholarly QALD challenge's micro scores).
    pub const ZERO: Self = Self { precision: 0.0, recall: 0.0 };
}

/// Precision, recall and F1 from counts: the one place these are computed.
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
    /// Scores with an empty side counted as perfect ([`IfEmpty::PERFECT`]).
    pub fn from_counts(tp: usize, extracted: usize, gold: usize) -> Self {
        Self::scored(tp, extracted, gold, IfEmpty::PERFECT)
    }

    /// Scores `tp` matches among `extracted` predictions and `gold` expected values.
    pub fn scored(tp: usize, extracted: usize, gold: usize, if_empty: IfEmpty) -> Self {
        let ratio = |n: usize, d: usize, empty: f64| if d == 0 { empty } else { n as f64 / d as f64 };
        let precision = ratio(tp, extracted, if_empty.precision);
        let recall = ratio(tp, gold, if_empty.recall);
        let f1 = if precision + recall == 0.0 { 0.0 } else { 2.0 * precision * recall / (precision + recall) };
        Self { precision, recall, f1, true_positives: tp, extracted, gold }
    }
}

/// The value at quantile `q` (0 to 1) of `sorted` (ascending), nearest rank; 0 when empty.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The last three components of a path: reports stay the same on every machine.
fn short_path(path: &Path) -> String {
    let parts: Vec<String> = path.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts[parts.len().saturating_sub(3)..].join("/")
}

/// The pipeline an evaluation runs, on the backend the settings choose, labels loaded.
async fn pipeline(settings: &Settings, llm: Option<std::sync::Arc<dyn ChatModel>>) -> anyhow::Result<Pipeline> {
    let kg = crate::kg::connect(&settings.kg).await?;
    crate::cli::warn_store(kg.as_ref());
    let pipeline = Pipeline::build(settings, kg, llm).await?;
    Ok(pipeline)
}

/// Where a command's outputs go besides stdout.
struct Outputs<'a> {
    /// The full report as JSON.
    json: Option<&'a Path>,
    /// The table as a Markdown section under `heading`.
    markdown: Option<&'a Path>,
    heading: String,
}

/// Writes the report and the Markdown section (each when asked for), then prints the table.
fn publish(report: &impl Serialize, table: &str, outputs: Outputs<'_>) -> anyhow::Result<()> {
    if let Some(out) = outputs.json {
        std::fs::write(out, serde_json::to_string_pretty(report)?)?;
    }
    if let Some(out) = outputs.markdown {
        std::fs::write(out, format!("{}\n\n```\n{table}```\n", outputs.heading))?;
    }
    crate::cli::emit(table)
}

/// [`publish`] for a table that is Markdown already: written as it is, not as a code block.
fn publish_markdown(report: &impl Serialize, table: &str, outputs: Outputs<'_>) -> anyhow::Result<()> {
    if let Some(out) = outputs.json {
        std::fs::write(out, serde_json::to_string_pretty(report)?)?;
    }
    if let Some(out) = outputs.markdown {
        std::fs::write(out, format!("{}\n\n{table}", outputs.heading))?;
    }
    crate::cli::emit(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precision_recall_and_f1_follow_the_counts_and_the_empty_convention() {
        let pr = PrecisionRecall::from_counts(3, 4, 6);
        assert_eq!((pr.precision, pr.recall), (0.75, 0.5));
        assert!((pr.f1 - 0.6).abs() < 1e-12, "{}", pr.f1);
        assert_eq!(PrecisionRecall::from_counts(0, 0, 0).f1, 1.0);
        assert_eq!(PrecisionRecall::scored(0, 0, 0, IfEmpty::ZERO).f1, 0.0);
    }

    #[test]
    fn percentiles_take_the_nearest_rank_and_are_zero_on_nothing() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(percentile(&sorted, 0.5), 3.0);
        assert_eq!(percentile(&sorted, 1.0), 5.0);
        assert_eq!(percentile(&[], 0.95), 0.0);
    }

    #[test]
    fn report_titles_keep_only_the_last_three_path_components() {
        assert_eq!(short_path(Path::new("/work/shared/data/orkg/sciqa/test/questions.json")), "sciqa/test/questions.json");
        assert_eq!(short_path(Path::new("types.jsonl")), "types.jsonl");
    }
}
