//! What a paper lookup asks of its paper: "the research problem of the X paper", "models in
//! the X paper", "datasets used in 'Title'". The paper's own entities (from the details
//! queries) become the answer's items, each citing the paper. Pure.

use std::collections::BTreeMap;

use super::items::AnswerItem;
use crate::pipeline::evidence::papers::PaperDetails;

/// What a lookup asks of its paper: its research problems, models, datasets or fields, as
/// items citing it; `None` when it asks for the paper itself (title, year, DOI, authors).
pub fn paper_aspects(question: &str, details: Option<&PaperDetails>) -> Option<Vec<AnswerItem>> {
    static ASPECT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:(problems?|tasks?|address)|(models?|methods?|approach(?:es)?|architectures?)|(datasets?|benchmarks?|corpora|corpus)|(fields?|area|discipline))\b")
            .unwrap_or_else(|e| panic!("aspect pattern: {e}"))
    });
    let d = details?;
    let caps = ASPECT.captures(question)?;
    let names = if caps.get(1).is_some() {
        &d.tasks
    } else if caps.get(2).is_some() {
        &d.methods
    } else if caps.get(3).is_some() {
        &d.datasets
    } else {
        &d.fields
    };
    let items: Vec<AnswerItem> = names.iter().map(|n| AnswerItem { sources: vec![1], ..AnswerItem::new(n, None) }).collect();
    (!items.is_empty()).then_some(items)
}

/// For a lookup asking an aspect of its paper ("the research problem of the X paper"), the
/// paper's own entities replace the paper as the answer's items.
pub fn answer_aspect(question: &str, chosen: &[String], details: &BTreeMap<String, PaperDetails>, items: &mut Vec<AnswerItem>) {
    if let Some(aspects) = paper_aspects(question, chosen.first().and_then(|p| details.get(p))) {
        *items = aspects
            .into_iter()
            .map(|mut i| {
                i.papers = chosen[..1].to_vec();
                i
            })
            .collect();
    }
}

