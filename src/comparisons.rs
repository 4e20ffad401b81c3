//! ORKG's comparison tables (`orkgc:Comparison`): each compares papers' contributions
//! (`compareContribution`, one row each) property by property (the columns). They are
//! ORKG's most distinctive content and fit none of the strategy templates, so a question
//! about them is answered from the table itself (`pipeline::comparison`).
//!
//! [`Comparisons`] holds every table of the graph, read once at start-up
//! (`comparisons_all.rq`) for an embedded graph, or an endpoint when
//! `SCIGRAPH_REMOTE_BOARDS` asks (as with the board summaries): what a question is matched
//! against (titles, names, property labels, values). The table a question is about is read
//! again per question (`comparison_table.rq`), through the retriever, and the answer is
//! computed from those rows with [`Table::from_rows`], the same reading as here.
//!
//! Cells are kept as recorded ("Authors, Crowdsourcing" is one literal); a resource cell
//! is its label. A row's title is its paper's; its name is the value of the table's name
//! column (a system, an ontology, an implementation: short, distinct per row), or the
//! part of the title before a colon ("ADANA: Active Name Disambiguation" → ADANA).

use std::collections::BTreeMap;
use std::sync::Arc;

use sparesults::QuerySolution;

use crate::config::{BackendKind, Settings};
use crate::kg::KnowledgeGraph;
use crate::pipeline::query::retrieve::text;
use crate::pipeline::query::templates::{Arg, Templates};

/// The most cells read at start-up: ORKG holds about a thousand comparisons.
pub const MAX_CELLS: u32 = 400_000;

/// One property of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub predicate: String,
    /// The property's label (its IRI's local name when it has none).
    pub label: String,
}

/// One cell: the recorded text, and the resource when the value is one.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub text: String,
    pub iri: Option<String>,
}

/// One row: a contribution and the paper it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub contribution: String,
    pub paper: Option<String>,
    pub title: String,
    /// Cells by column index; a column may hold several values.
    pub cells: BTreeMap<usize, Vec<Cell>>,
}

impl Row {
    /// The cells of `column`, as texts.
    pub fn texts(&self, column: usize) -> Vec<&str> {
        self.cells.get(&column).map(|c| c.iter().map(|c| c.text.as_str()).collect()).unwrap_or_default()
    }

    /// The values of `column`: each cell split at ", " (a list written in one literal).
    pub fn values(&self, column: usize) -> Vec<String> {
        self.texts(column).iter().flat_map(|t| split_values(t)).collect()
    }
}

/// "Authors, Crowdsourcing" → ["Authors", "Crowdsourcing"]. Commas inside a number
/// ("1,000") do not split.
pub fn split_values(text: &str) -> Vec<String> {
    text.split(", ").map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned).collect()
}

/// One comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub iri: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
    /// The column that names each row, when the table has one.
    pub name_column: Option<usize>,
}

impl Table {
    /// The tables in `rows` (of `comparisons_all.rq` or `comparison_table.rq`), in the order
    /// their comparisons first appear. Rows missing a required binding are skipped.
    pub fn from_rows(rows: &[QuerySolution]) -> Vec<Table> {
        let mut tables: Vec<Table> = Vec::new();
        for row in rows {
            let (Some(comparison), Some(contribution), Some(property), Some(value)) =
                (text(row, "comparison"), text(row, "row"), text(row, "property"), text(row, "value"))
            else {
                continue;
            };
            let t = match tables.iter().position(|t| t.iri == comparison) {
                Some(t) => t,
                None => {
                    tables.push(Table { iri: comparison, columns: Vec::new(), rows: Vec::new(), name_column: None });
                    tables.len() - 1
                }
            };
            let table = &mut tables[t];
            let column = match table.columns.iter().position(|c| c.predicate == property) {
                Some(c) => c,
                None => {
                    let label = text(row, "property_label").unwrap_or_else(|| local_name(&property).to_owned());
                    table.columns.push(Column { predicate: property, label: label.trim().to_owned() });
                    table.columns.len() - 1
                }
            };
            let r = match table.rows.iter().position(|r| r.contribution == contribution) {
                Some(r) => r,
                None => {
                    table.rows.push(Row { contribution: contribution.clone(), paper: None, title: String::new(), cells: BTreeMap::new() });
                    table.rows.len() - 1
                }
            };
            let entry = &mut table.rows[r];
            if entry.paper.is_none() {
                entry.paper = text(row, "paper");
            }
            if entry.title.is_empty() {
                entry.title = text(row, "title").map(|t| t.trim().to_owned()).unwrap_or_default();
            }
            let is_iri = matches!(row.get("value"), Some(oxrdf::Term::NamedNode(_)));
            let cell = match (is_iri, text(row, "value_label")) {
                (true, Some(label)) => Cell { text: label.trim().to_owned(), iri: Some(value) },
                (true, None) => Cell { text: local_name(&value).to_owned(), iri: Some(value) },
                (false, _) => Cell { text: value.trim().to_owned(), iri: None },
            };
            let cells = entry.cells.entry(column).or_default();
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        for table in &mut tables {
            table.name_column = name_column(table);
        }
        tables
    }

    /// What a person calls row `r`: its name cell, else the title before a colon, else the
    /// title.
    pub fn name(&self, r: usize) -> String {
        let row = &self.rows[r];
        if let Some(name) = self.name_column.and_then(|c| row.texts(c).first().map(|s| s.to_string())) {
            return name;
        }
        // A naming column whose values repeat across rows still names this one.
        let naming = (0..self.columns.len()).filter(|&c| NAME_LABELS.iter().any(|l| self.columns[c].label.to_lowercase().contains(l)));
        if let Some(name) = naming.filter_map(|c| row.texts(c).first().map(|s| s.to_string())).find(|t| t.split_whitespace().count() <= 3) {
            return name;
        }
        short_name(&row.title).unwrap_or(&row.title).to_owned()
    }
}

/// "ADANA: Active Name Disambiguation" → "ADANA"; a title with no short head → `None`.
pub fn short_name(title: &str) -> Option<&str> {
    let (head, _) = title.split_once(':').or_else(|| title.split_once('@'))?;
    let head = head.trim();
    (!head.is_empty() && head.split_whitespace().count() <= 3).then_some(head)
}

fn local_name(iri: &str) -> &str {
    iri.rsplit(['/', '#']).next().unwrap_or(iri)
}

/// Labels that say a column names its rows (also read by `pipeline::comparison`).
pub const NAME_LABELS: [&str; 7] = ["implementation", "name", "system", "ontology", "tool", "representation", "evaluation"];

/// The column that names each row: short values (a word or three), distinct across the
/// rows, neither numbers nor T/F; one whose label says so is preferred.
fn name_column(table: &Table) -> Option<usize> {
    let rows = table.rows.len();
    if rows < 2 {
        return None;
    }
    let qualifies = |c: usize| {
        let values: Vec<&str> = table.rows.iter().filter_map(|r| r.texts(c).first().copied()).collect();
        let mut distinct = values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        values.len() * 5 >= rows * 4
            && distinct.len() * 5 >= values.len() * 4
            && values.iter().all(|v| v.split_whitespace().count() <= 4 && v.len() <= 40 && !v.contains(", ") && v.parse::<f64>().is_err() && v.len() > 1)
    };
    let candidates: Vec<usize> = (0..table.columns.len()).filter(|&c| qualifies(c)).collect();
    candidates
        .iter()
        .copied()
        .find(|&c| NAME_LABELS.iter().any(|l| table.columns[c].label.to_lowercase().contains(l)))
}

/// Every comparison table of a graph.
#[derive(Debug, Clone, Default)]
pub struct Comparisons {
    pub tables: Vec<Table>,
}

impl Comparisons {
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Reads every table of the graph.
    pub async fn read(templates: &Templates, kg: &dyn KnowledgeGraph) -> Result<Self, crate::kg::KgError> {
        let query = templates.fill("comparisons_all", &[("limit", Arg::Limit(MAX_CELLS))])?;
        let rows = kg.query(&query).await?.into_solutions();
        Ok(Self { tables: Table::from_rows(&rows.rows) })
    }
}

/// The comparison tables, for an embedded graph (or an endpoint when
/// `SCIGRAPH_REMOTE_BOARDS` asks); `None` when there are none or they cannot be read
/// (logged): comparison questions then get the templates' answers.
pub async fn for_backend(settings: &Settings, templates: &Templates, kg: &dyn KnowledgeGraph) -> Option<Arc<Comparisons>> {
    if settings.kg.backend != BackendKind::Embedded && !settings.kg.remote_boards {
        return None;
    }
    let started = std::time::Instant::now();
    match Comparisons::read(templates, kg).await {
        Ok(c) if c.is_empty() => None,
        Ok(c) => {
            tracing::info!(tables = c.len(), ms = started.elapsed().as_millis() as u64, "comparison tables read");
            Some(Arc::new(c))
        }
        Err(e) => {
            tracing::warn!(error = %e, code = e.code(), "could not read the comparison tables; comparison questions get the templates' answers");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxrdf::{Literal, NamedNode, Term, Variable};

    pub fn solution(pairs: &[(&str, Term)]) -> QuerySolution {
        let (vars, values): (Vec<Variable>, Vec<Option<Term>>) =
            pairs.iter().map(|(v, t)| (Variable::new_unchecked(*v), Some(t.clone()))).unzip();
        QuerySolution::from((Arc::from(vars), values))
    }

    fn iri(s: &str) -> Term {
        NamedNode::new_unchecked(format!("http://x/{s}")).into()
    }

    fn lit(s: &str) -> Term {
        Literal::new_simple_literal(s).into()
    }

    fn cell(row: &str, title: &str, property: &str, label: &str, value: Term) -> QuerySolution {
        solution(&[("comparison", iri("C1")), ("row", iri(row)), ("paper", iri(&format!("p{row}"))), ("title", lit(title)), ("property", iri(property)), ("property_label", lit(label)), ("value", value)])
    }

    #[test]
    fn rows_become_tables_with_columns_cells_and_a_name_column() {
        let rows = vec![
            cell("r1", "ORKG: Next Generation", "P1", "Semantic representation", lit("ORKG")),
            cell("r1", "ORKG: Next Generation", "P2", "Acquisition", lit("Authors, Crowdsourcing")),
            cell("r2", "The anatomy of a nanopublication", "P1", "Semantic representation", lit("Nanopublications")),
            cell("r2", "The anatomy of a nanopublication", "P2", "Acquisition", lit("Authors")),
            cell("r2", "The anatomy of a nanopublication", "P2", "Acquisition", lit("Authors")),
        ];
        let tables = Table::from_rows(&rows);
        assert_eq!(tables.len(), 1);
        let t = &tables[0];
        assert_eq!(t.columns.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["Semantic representation", "Acquisition"]);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0].values(1), ["Authors", "Crowdsourcing"]);
        assert_eq!(t.rows[1].texts(1), ["Authors"], "a repeated cell is kept once");
        assert_eq!(t.name_column, Some(0));
        assert_eq!(t.name(1), "Nanopublications");
    }

    #[test]
    fn a_resource_cell_reads_as_its_label_and_a_title_head_names_a_row() {
        let mut with_label = cell("r1", "ADANA: Active Name Disambiguation", "P32", "research problem", iri("prob"));
        with_label = {
            let mut pairs: Vec<(&str, Term)> = with_label.iter().map(|(v, t)| (v.as_str(), t.clone())).collect();
            pairs.push(("value_label", lit("Homonyms problem")));
            solution(&pairs)
        };
        let tables = Table::from_rows(&[with_label]);
        assert_eq!(tables[0].rows[0].texts(0), ["Homonyms problem"]);
        assert_eq!(tables[0].rows[0].cells[&0][0].iri.as_deref(), Some("http://x/prob"));
        assert_eq!(tables[0].name(0), "ADANA");
        assert_eq!(short_name("A title without a head"), None);
    }
}
