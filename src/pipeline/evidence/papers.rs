//! Papers as the graph records them: years, DOIs and titles of every paper found (from the
//! `paper_years` rows, years validated), and the details of the cited ones (authors,
//! fields, methods, datasets, tasks, code). Every value may be missing or repeated. Pure.

use std::collections::BTreeMap;

use super::text;
use super::years;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use crate::pipeline::query::plan::Role;
use crate::pipeline::query::retrieve::Retrieved;

/// What the trust stage knows of a paper.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaperMeta {
    pub title: String,
    pub year: Option<i32>,
    /// Every valid year recorded (two mean contradictory metadata).
    pub valid_years: Vec<i32>,
    pub dois: Vec<String>,
    /// What year validation had to say (a month under P29, two years), if anything.
    pub note: Option<String>,
}

/// Years, DOIs and titles of the papers found, from the `paper_years` rows; years are
/// validated here (a month under P29 is dropped).
pub fn paper_meta(retrieved: &[Retrieved], current_year: i32) -> BTreeMap<String, PaperMeta> {
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
            let check = years::validate(&years, current_year);
            (iri, PaperMeta { title: title.unwrap_or_default(), year: check.year, valid_years: check.valid, dois, note: check.note })
        })
        .collect()
}

/// Dirty metadata of a cited paper (a month under the year predicate, two years) is a
/// diagnostic.
pub fn diagnose(cited: &[String], metas: &BTreeMap<String, PaperMeta>, diagnostics: &mut Diagnostics) {
    for iri in cited {
        if let Some(note) = metas.get(iri).and_then(|m| m.note.as_ref()) {
            diagnostics.push(Code::PaperMetadata, Stage::Evidence, format!("{iri}: {note}"));
        }
    }
}

/// Metadata of one paper, from the details queries; every value may be missing or repeated.
#[derive(Debug, Clone, Default)]
pub struct PaperDetails {
    pub title: Option<String>,
    pub authors: Vec<String>,
    pub fields: Vec<String>,
    /// Where it was published (`HAS_VENUE`), when the graph records it.
    pub venues: Vec<String>,
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
                Role::Venues => {
                    push_unique(&mut d.venues, text(row, "venue_label"));
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
