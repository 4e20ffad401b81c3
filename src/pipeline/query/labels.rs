//! The graph's own names: labels of its models, datasets, metrics, problems and fields,
//! read once at start-up (by `entity_labels.rq`) so the lexicon can recognise and link
//! them, and paper titles (`paper_titles.rq`), which with the labels make the text index. I/O: one query, straight to the graph (a one-off result this large does not
//! belong in the cache).

use super::retrieve::text;
use super::templates::{Arg, BuildError, Templates};
use crate::index::{DocKind, IndexDoc};
use crate::kg::{KgError, KnowledgeGraph};
use crate::pipeline::front::lexicon::{EntityKind, GraphLabel, LexiconError};
use crate::pipeline::front::link::doc_kind;

/// Why the graph's labels could not be used; the synonym tables alone stay in use.
#[derive(Debug, thiserror::Error)]
pub enum LabelError {
    #[error("could not build the label query: {0}")]
    Template(#[from] BuildError),
    #[error("the label query failed: {0}")]
    Query(#[from] KgError),
    #[error("the graph's labels could not be merged into the lexicon: {0}")]
    Lexicon(#[from] LexiconError),
}

impl LabelError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Template(_) => "label_template",
            Self::Query(e) => e.code(),
            Self::Lexicon(_) => "label_lexicon",
        }
    }
}

/// Reads at most `max` labels of the five entity classes.
pub async fn read(templates: &Templates, kg: &dyn KnowledgeGraph, max: u32) -> Result<Vec<GraphLabel>, LabelError> {
    let query = templates.fill("entity_labels", &[("limit", Arg::Limit(max))])?;
    let rows = kg.query(&query).await?.into_solutions();
    if query.fills_limit(rows.rows.len()) {
        tracing::warn!(rows = rows.rows.len(), "the graph holds more entity labels than are read; names past the cap are found only by label search");
    }
    let mut labels = Vec::with_capacity(rows.rows.len());
    for row in &rows.rows {
        let (Some(iri), Some(class), Some(label)) = (text(row, "entity"), text(row, "class"), text(row, "label")) else {
            continue;
        };
        let class = class.rsplit('/').next().unwrap_or("");
        let Some(kind) = EntityKind::ALL.into_iter().find(|k| k.orkg_class() == class) else { continue };
        labels.push(GraphLabel { kind, iri, label });
    }
    Ok(labels)
}

/// Reads at most `max` paper titles, for the text index.
pub async fn titles(templates: &Templates, kg: &dyn KnowledgeGraph, max: u32) -> Result<Vec<(String, String)>, LabelError> {
    let query = templates.fill("paper_titles", &[("limit", Arg::Limit(max))])?;
    let rows = kg.query(&query).await?.into_solutions();
    if query.fills_limit(rows.rows.len()) {
        tracing::warn!(rows = rows.rows.len(), "the graph holds more paper titles than are indexed");
    }
    Ok(rows.rows.iter().filter_map(|row| Some((text(row, "paper")?, text(row, "title")?))).collect())
}

/// The entity labels an index on disk was built from (see [`index_docs`]): paper titles are
/// not labels.
pub fn from_index_docs(docs: Vec<IndexDoc>) -> Vec<GraphLabel> {
    let kind = |d: DocKind| EntityKind::ALL.into_iter().find(|k| doc_kind(*k) == d);
    docs.into_iter().filter_map(|d| Some(GraphLabel { kind: kind(d.kind)?, iri: d.iri, label: d.label })).collect()
}

/// The documents of the text index: every entity label and every paper title.
pub fn index_docs(labels: &[GraphLabel], titles: Vec<(String, String)>) -> Vec<IndexDoc> {
    let mut docs: Vec<IndexDoc> = labels.iter().map(|l| IndexDoc { kind: doc_kind(l.kind), iri: l.iri.clone(), label: l.label.clone() }).collect();
    docs.extend(titles.into_iter().map(|(iri, label)| IndexDoc { kind: DocKind::Paper, iri, label }));
    docs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_labels_of_an_index_come_back_as_they_went_in_without_the_titles() {
        let labels: Vec<GraphLabel> = EntityKind::ALL
            .into_iter()
            .enumerate()
            .map(|(i, kind)| GraphLabel { kind, iri: format!("r{i}"), label: format!("label {i}") })
            .collect();
        let docs = index_docs(&labels, vec![("p".into(), "A title".into())]);
        assert_eq!(docs.len(), labels.len() + 1);
        assert_eq!(from_index_docs(docs), labels);
    }
}
