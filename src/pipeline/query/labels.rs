//! The graph's own names: labels of its models, datasets, metrics, problems and fields,
//! read once at start-up (by `entity_labels.rq`) so the lexicon can recognise and link
//! them. I/O: one query, straight to the graph (a one-off result this large does not
//! belong in the cache).

use super::retrieve::text;
use super::templates::{Arg, BuildError, Templates};
use crate::kg::{KgError, KnowledgeGraph};
use crate::pipeline::front::lexicon::{EntityKind, GraphLabel, LexiconError};

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
