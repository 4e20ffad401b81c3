//! From rows to evidence: the papers each strategy found (with the question entity it
//! matched), the leaderboard results, code links, and dataset/problem listings. Missing
//! optional values stay `None`; rows with a malformed or missing required value are
//! skipped, never a failure. Pure.

use std::collections::BTreeMap;

use oxrdf::Term;
use serde::Serialize;
use sparesults::QuerySolution;

use super::lexicon::EntityKind;
use super::plan::Role;
use super::retrieve::Retrieved;

/// The value of a binding: an IRI's text or a literal's lexical form.
pub fn text(row: &QuerySolution, var: &str) -> Option<String> {
    match row.get(var)? {
        Term::NamedNode(n) => Some(n.as_str().to_owned()),
        Term::Literal(l) => Some(l.value().to_owned()),
        Term::BlankNode(b) => Some(format!("_:{}", b.as_str())),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

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
}

#[derive(Debug, Clone, Default)]
pub struct Evidence {
    pub papers: BTreeMap<String, PaperHit>,
    pub results: Vec<ResultFact>,
    pub code: Vec<CodeLink>,
    pub datasets: Vec<Listed>,
    pub problems: Vec<Listed>,
    /// Paper titles by IRI, from every row that carried one.
    pub titles: BTreeMap<String, String>,
}

impl Evidence {
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
                Role::Results => {
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
                Role::DatasetsOfTask | Role::ProblemsOfField => {
                    let var = if r.strategy.role == Role::DatasetsOfTask { "dataset" } else { "task" };
                    let Some(item) = Named::from_row(row, var, &format!("{var}_label")) else { continue };
                    if let Some(paper) = &paper {
                        evidence.hit(paper, title, anchor);
                    }
                    let listed = Listed { item, paper };
                    let list = if r.strategy.role == Role::DatasetsOfTask {
                        &mut evidence.datasets
                    } else {
                        &mut evidence.problems
                    };
                    if !list.contains(&listed) {
                        list.push(listed);
                    }
                }
                Role::Details | Role::PaperEntities | Role::Years => {}
            }
        }
    }
    evidence
}

/// Years, DOIs and titles of the papers found, from the `paper_years` rows; years are
/// validated here (a month under P29 is dropped).
pub fn paper_meta(retrieved: &[Retrieved], current_year: i32) -> BTreeMap<String, super::trust::PaperMeta> {
    // paper -> (title, year values, DOI values) as read.
    type Raw = (Option<String>, Vec<String>, Vec<String>);
    let mut raw: BTreeMap<String, Raw> = BTreeMap::new();
    for r in retrieved.iter().filter(|r| r.strategy.role == Role::Years) {
        for row in &r.rows.rows {
            let Some(paper) = text(row, "paper") else { continue };
            let entry = raw.entry(paper).or_default();
            if entry.0.is_none() {
                entry.0 = text(row, "title");
            }
            push_unique(&mut entry.1, text(row, "year"));
            push_unique(&mut entry.2, text(row, "doi"));
        }
    }
    raw.into_iter()
        .map(|(iri, (title, years, dois))| {
            let check = super::years::validate(&years, current_year);
            let mut valid: Vec<i32> = years
                .iter()
                .filter_map(|y| y.trim().parse::<i32>().ok())
                .filter(|y| (1900..=current_year + 1).contains(y))
                .collect();
            valid.sort_unstable();
            valid.dedup();
            (iri, super::trust::PaperMeta { title: title.unwrap_or_default(), year: check.year, valid_years: valid, dois, note: check.note })
        })
        .collect()
}

/// Metadata of one paper, from the details queries; every value may be missing or repeated.
#[derive(Debug, Clone, Default)]
pub struct PaperDetails {
    pub title: Option<String>,
    pub authors: Vec<String>,
    pub fields: Vec<String>,
    pub methods: Vec<String>,
    pub datasets: Vec<String>,
    pub tasks: Vec<String>,
    pub code: Vec<String>,
}

fn push_unique(list: &mut Vec<String>, value: Option<String>) {
    if let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
        if !list.contains(&value) {
            list.push(value);
        }
    }
}

/// Reads the details and entity rows into per-paper metadata.
pub fn details(retrieved: &[Retrieved]) -> BTreeMap<String, PaperDetails> {
    let mut out: BTreeMap<String, PaperDetails> = BTreeMap::new();
    for r in retrieved {
        for row in &r.rows.rows {
            let Some(paper) = text(row, "paper") else { continue };
            let d = out.entry(paper).or_default();
            match r.strategy.role {
                Role::Details => {
                    if d.title.is_none() {
                        d.title = text(row, "title");
                    }
                    push_unique(&mut d.authors, text(row, "author"));
                    push_unique(&mut d.fields, text(row, "field_label"));
                }
                Role::PaperEntities => {
                    let label = text(row, "entity_label").or_else(|| text(row, "entity"));
                    match text(row, "kind").as_deref() {
                        Some("method") => push_unique(&mut d.methods, label),
                        Some("dataset") => push_unique(&mut d.datasets, label),
                        Some("task") => push_unique(&mut d.tasks, label),
                        Some("code") => push_unique(&mut d.code, text(row, "entity")),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
    out
}
