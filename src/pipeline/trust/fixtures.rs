//! Rows, paper metadata and entities for the trust stage's unit tests: one result on board
//! "D", a paper with its recorded years, a linked board or model. Test-only.

use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::{Named, ResultFact};
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::NormalizedEntity;
use crate::pipeline::trust::Fact;

pub fn named(label: &str) -> Named {
    Named { iri: label.into(), label: Some(label.into()) }
}

/// `model` scores `value` on board "D" by `metric`, in `paper`.
pub fn result_by(model: &str, value: &str, paper: &str, metric: &str) -> ResultFact {
    ResultFact { dataset: named("D"), model: Some(named(model)), metric: Some(named(metric)), value: Some(value.into()), paper: Some(paper.into()), contribution: format!("c-{paper}"), evaluation: format!("e-{paper}-{model}") }
}

/// A paper titled `title` with these valid years (none, one, or two that contradict).
pub fn paper(title: &str, years: &[i32]) -> PaperMeta {
    PaperMeta { title: title.into(), year: years.first().copied(), valid_years: years.to_vec(), dois: vec![], note: None }
}

/// A linked entity whose label and IRI are `name`.
pub fn linked(kind: EntityKind, name: &str) -> NormalizedEntity {
    NormalizedEntity { kind, text: name.to_lowercase(), canonical: name.into(), aliases: vec![], iris: vec![name.into()], direction: None, link: None }
}

/// A standing fact: `model` scores `value` on `dataset` by `metric` (labels are the IRIs),
/// stated by no paper, every weight 1.
pub fn fact(model: &str, dataset: &str, metric: &str, value: f64) -> Fact {
    Fact {
        model: model.into(),
        dataset: dataset.into(),
        metric: metric.into(),
        value: format!("{value:.1}"),
        numeric: Some(value),
        key: (model.into(), dataset.into(), metric.into()),
        papers: vec![],
        year: None,
        support: 1,
        recency: 1.0,
        corroboration: 1.0,
        source_weight: 1.0,
        score: 1.0,
    }
}
