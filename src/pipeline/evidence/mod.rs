//! From rows to evidence: the papers each strategy found (with the question entity it
//! matched), the leaderboard results, code links, and dataset/problem listings. Missing
//! optional values stay `None`; rows with a malformed or missing required value are
//! skipped, never a failure. Pure.
//!
//! Stage 3 of five (front → query → evidence → trust → answer): [`assemble`] reads the
//! strategies' rows; [`papers`] reads years, DOIs and details; [`years`] validates years;
//! [`scores`] reads recorded scores as numbers.

pub mod papers;
pub mod scores;
pub mod years;

use std::collections::BTreeMap;

use serde::Serialize;
use sparesults::QuerySolution;

use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::query::plan::Role;
pub use crate::pipeline::query::retrieve::text;
use crate::pipeline::query::retrieve::Retrieved;


/// A resource and its label, if it has one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Named {
    pub iri: String,
    pub label: Option<String>,
}

impl Named {
    fn from_row(row: &QuerySolution, var: &str, label_var: &str) -> Option<Self> {
        Some(Self { iri: text(row, var)?, label: text(row, label_var).map(|l| l.trim().to_owned()) })
    }

    pub fn display(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.iri)
    }
}

/// A paper some strategy found.
#[derive(Debug, Clone, Default)]
pub struct PaperHit {
    pub iri: String,
    pub title: String,
    /// Question entities this paper matched: (kind, canonical name).
    pub matched: Vec<(EntityKind, String)>,
    /// Found by a lookup (DOI or title).
    pub looked_up: bool,
    /// Found by the text index: the share of the question's term weight its title holds.
    pub relevance: f64,
    /// Found by the text index: the share of its title's own terms the question holds
    /// ("Look, Listen and Learn" fits "the look listen and learn paper" better than a long
    /// title holding "listening" and "learning").
    pub title_fit: f64,
}

/// One evaluation on a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultFact {
    pub dataset: Named,
    pub model: Option<Named>,
    pub metric: Option<Named>,
    /// The score as recorded: a string, possibly dirty ("93.0/90.7", "98.46%", "-").
    pub value: Option<String>,
    pub paper: Option<String>,
    pub contribution: String,
    pub evaluation: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CodeLink {
    pub model: Named,
    pub url: String,
    pub paper: Option<String>,
}

/// An item listed for an anchor (a dataset of a task, a problem of a field).
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub item: Named,
    pub paper: Option<String>,
    /// The question's entity the row was found for (rows without a paper still have one).
    pub anchor: Option<(EntityKind, String)>,
}

#[derive(Debug, Clone, Default)]
pub struct Evidence {
    pub papers: BTreeMap<String, PaperHit>,
    pub results: Vec<ResultFact>,
    /// Results the trust stage removed (the weaker side of a resolved conflict): out of
    /// the answer, kept for the evidence graph.
    pub removed: Vec<ResultFact>,
    pub code: Vec<CodeLink>,
    pub datasets: Vec<Listed>,
    pub problems: Vec<Listed>,
    /// Models of a research problem.
    pub models: Vec<Listed>,
    /// Paper titles by IRI, from every row that carried one.
    pub titles: BTreeMap<String, String>,
    /// The rows of an LLM-written query (validated), as (variable, term) pairs.
    pub generated: Vec<Vec<(String, oxrdf::Term)>>,
}

impl Evidence {
    /// Every paper found, by a strategy or behind a result: those whose years and DOIs
    /// the trust stage needs.
    pub fn papers_found(&self) -> Vec<String> {
        let mut found: Vec<String> = self.papers.keys().cloned().collect();
        for paper in self.results.iter().filter_map(|r| r.paper.as_ref()) {
            if !found.contains(paper) {
                found.push(paper.clone());
            }
        }
        found
    }

    /// Whether the trust stage set `r` aside (its evaluation and value are among the
    /// removed): a value its paper still states, but no result of the answer.
    pub fn sets_aside(&self, r: &ResultFact) -> bool {
        self.removed.iter().any(|x| x.evaluation == r.evaluation && x.value == r.value)
    }

    /// Which models were evaluated on which datasets, with or without a recorded value:
    /// (model IRI, model label, dataset IRI).
    pub fn evaluated(&self) -> Vec<(String, String, String)> {
        let mut out: Vec<(String, String, String)> =
            self.results.iter().filter_map(|r| r.model.as_ref().map(|m| (m.iri.clone(), m.display().to_owned(), r.dataset.iri.clone()))).collect();
        out.sort();
        out.dedup();
        out
    }

    /// Adds the papers the text index found relevant.
    pub fn add_indexed(&mut self, hits: &[crate::index::Hit]) {
        for h in hits {
            let entry = self.papers.entry(h.iri.clone()).or_insert_with(|| PaperHit { iri: h.iri.clone(), ..Default::default() });
            if entry.title.is_empty() {
                entry.title = h.label.clone();
            }
            entry.relevance = entry.relevance.max(f64::from(h.coverage));
            entry.title_fit = entry.title_fit.max(f64::from(h.label_coverage));
            self.titles.entry(h.iri.clone()).or_insert_with(|| h.label.clone());
        }
    }

    fn hit(&mut self, paper: &str, title: Option<String>, anchor: &Option<(EntityKind, String)>) {
        let entry = self.papers.entry(paper.to_owned()).or_insert_with(|| PaperHit {
            iri: paper.to_owned(),
            ..Default::default()
        });
        if let Some(title) = title {
            if entry.title.is_empty() {
                entry.title = title.clone();
            }
            self.titles.entry(paper.to_owned()).or_insert(title);
        }
        if let Some(anchor) = anchor {
            if !entry.matched.contains(anchor) {
                entry.matched.push(anchor.clone());
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.papers.is_empty()
            && self.results.is_empty()
            && self.code.is_empty()
            && self.datasets.is_empty()
            && self.problems.is_empty()
    }
}

/// Gathers the evidence in every strategy's rows.
pub fn assemble(retrieved: &[Retrieved]) -> Evidence {
    let mut evidence = Evidence::default();
    for r in retrieved {
        let anchor = &r.strategy.anchor;
        for row in &r.rows.rows {
            let paper = text(row, "paper");
            let title = text(row, "title");
            match &r.strategy.role {
                Role::Papers | Role::TitleKeywords(_) | Role::Lookup => {
                    let Some(paper) = paper else { continue };
                    evidence.hit(&paper, title, anchor);
                    if r.strategy.role == Role::Lookup {
                        if let Some(hit) = evidence.papers.get_mut(&paper) {
                            hit.looked_up = true;
                        }
                    }
                }
                Role::Results { .. } => {
                    let (Some(dataset), Some(contribution), Some(evaluation)) = (
                        Named::from_row(row, "dataset", "dataset_label"),
                        text(row, "cont"),
                        text(row, "eval"),
                    ) else {
                        continue;
                    };
                    if let Some(paper) = &paper {
                        evidence.hit(paper, title, anchor);
                    }
                    let fact = ResultFact {
                        dataset,
                        model: Named::from_row(row, "model", "model_label"),
                        metric: Named::from_row(row, "metric", "metric_label"),
                        value: text(row, "value"),
                        paper,
                        contribution,
                        evaluation,
                    };
                    if !evidence.results.contains(&fact) {
                        evidence.results.push(fact);
                    }
                }
                Role::Code => {
                    let (Some(model), Some(url)) = (Named::from_row(row, "model", "model_label"), text(row, "code")) else {
                        continue;
                    };
                    if let Some(paper) = &paper {
                        evidence.hit(paper, title, anchor);
                    }
                    let link = CodeLink { model, url: url.trim().to_owned(), paper };
                    if !evidence.code.contains(&link) {
                        evidence.code.push(link);
                    }
                }
                Role::DatasetsOfTask | Role::ProblemsOfField | Role::ModelsOfTask => {
                    let var = match r.strategy.role {
                        Role::DatasetsOfTask => "dataset",
                        Role::ModelsOfTask => "model",
                        _ => "task",
                    };
                    let Some(item) = Named::from_row(row, var, &format!("{var}_label")) else { continue };
                    if let Some(paper) = &paper {
                        evidence.hit(paper, title, anchor);
                    }
                    let listed = Listed { item, paper, anchor: anchor.clone() };
                    let list = match r.strategy.role {
                        Role::DatasetsOfTask => &mut evidence.datasets,
                        Role::ModelsOfTask => &mut evidence.models,
                        _ => &mut evidence.problems,
                    };
                    if !list.contains(&listed) {
                        list.push(listed);
                    }
                }
                Role::Details | Role::PaperEntities | Role::Venues | Role::Years | Role::Comparison | Role::Tally => {}
                Role::Generated => {
                    for row in &r.rows.rows {
                        evidence.generated.push(row.iter().map(|(v, t)| (v.as_str().to_owned(), t.clone())).collect());
                    }
                }
            }
        }
    }
    evidence
}

