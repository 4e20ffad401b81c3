//! Query stage: SPARQL from templates, with every user string escaped.
//!
//! Each strategy is one `queries/<name>.rq` file (compiled in) whose header declares its
//! parameters (`# param NAME: KIND [VAR]`) and whose body holds `{{NAME}}` placeholders.
//! [`Templates::load`] checks at start-up that declarations and placeholders agree and that
//! every template, filled with sample arguments of each form, parses; a broken template
//! stops start-up. [`Templates::fill`] then builds a query:
//!
//! - `anchor VAR`: `VALUES ?VAR { <iri> ... }` when the entity is linked (IRIs validated by
//!   oxrdf), else a label filter on `?VAR`: a case-insensitive `CONTAINS` for names longer
//!   than 4 characters, a word-boundary `REGEX` for short ones (so "NER" does not match
//!   "mineral");
//! - `keywords VAR`: any of the keywords in `?VAR` (case-insensitive);
//! - `contains VAR`: `?VAR` contains the string (case-insensitive);
//! - `values VAR`: `VALUES ?VAR { <iri> ... }`;
//! - `literals VAR`: `VALUES ?VAR { "string" "string"^^xsd:string ... }` (an exact match
//!   the store answers from its index, where `contains` reads every value);
//! - `limit`: a number.
//!
//! User strings enter only as literals serialised by oxrdf (and, inside a regex, with the
//! regex metacharacters escaped first). The filled text is parsed by spargebra into a
//! [`ReadQuery`] before anyone can send it, so no input can turn a query into an update or
//! change its shape. Pure.

use std::collections::BTreeMap;

use oxrdf::{Literal, NamedNode};

use crate::kg::{KgError, ReadQuery};

/// Prefixes every template may use.
pub const PREFIXES: &str = "PREFIX orkgr: <http://orkg.org/orkg/resource/>
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
";

/// The strategy templates, compiled in.
pub const SOURCES: &[(&str, &str)] = &[
    ("papers_by_method", include_str!("../../../queries/papers_by_method.rq")),
    ("papers_by_dataset", include_str!("../../../queries/papers_by_dataset.rq")),
    ("papers_by_task", include_str!("../../../queries/papers_by_task.rq")),
    ("papers_by_field", include_str!("../../../queries/papers_by_field.rq")),
    ("papers_by_title", include_str!("../../../queries/papers_by_title.rq")),
    ("paper_by_doi", include_str!("../../../queries/paper_by_doi.rq")),
    ("paper_by_title", include_str!("../../../queries/paper_by_title.rq")),
    ("leaderboard", include_str!("../../../queries/leaderboard.rq")),
    ("leaderboard_evals", include_str!("../../../queries/leaderboard_evals.rq")),
    ("board_sizes", include_str!("../../../queries/board_sizes.rq")),
    ("board_values", include_str!("../../../queries/board_values.rq")),
    ("papers_all", include_str!("../../../queries/papers_all.rq")),
    ("heads", include_str!("../../../queries/heads.rq")),
    ("comparisons_all", include_str!("../../../queries/comparisons_all.rq")),
    ("comparison_table", include_str!("../../../queries/comparison_table.rq")),
    ("schema_predicates", include_str!("../../../queries/schema_predicates.rq")),
    ("schema_classes", include_str!("../../../queries/schema_classes.rq")),
    ("model_results", include_str!("../../../queries/model_results.rq")),
    ("paper_results", include_str!("../../../queries/paper_results.rq")),
    ("papers_with_code", include_str!("../../../queries/papers_with_code.rq")),
    ("code_links", include_str!("../../../queries/code_links.rq")),
    ("code_by_dataset", include_str!("../../../queries/code_by_dataset.rq")),
    ("coded_models_by_dataset", include_str!("../../../queries/coded_models_by_dataset.rq")),
    ("models_by_task", include_str!("../../../queries/models_by_task.rq")),
    ("tasks_by_model", include_str!("../../../queries/tasks_by_model.rq")),
    ("tasks_by_dataset", include_str!("../../../queries/tasks_by_dataset.rq")),
    ("tasks_by_metric", include_str!("../../../queries/tasks_by_metric.rq")),
    ("datasets_by_task", include_str!("../../../queries/datasets_by_task.rq")),
    ("datasets_by_metric", include_str!("../../../queries/datasets_by_metric.rq")),
    ("metric_results", include_str!("../../../queries/metric_results.rq")),
    ("task_results", include_str!("../../../queries/task_results.rq")),
    ("problems_by_field", include_str!("../../../queries/problems_by_field.rq")),
    ("paper_details", include_str!("../../../queries/paper_details.rq")),
    ("paper_entities", include_str!("../../../queries/paper_entities.rq")),
    ("paper_venues", include_str!("../../../queries/paper_venues.rq")),
    ("paper_years", include_str!("../../../queries/paper_years.rq")),
    ("entity_labels", include_str!("../../../queries/entity_labels.rq")),
    ("paper_titles", include_str!("../../../queries/paper_titles.rq")),
    ("papers_by_author", include_str!("../../../queries/papers_by_author.rq")),
    ("board_tops", include_str!("../../../queries/board_tops.rq")),
    ("tally_datasets_by_models", include_str!("../../../queries/tally_datasets_by_models.rq")),
    ("tally_datasets_by_papers", include_str!("../../../queries/tally_datasets_by_papers.rq")),
    ("tally_models_by_datasets", include_str!("../../../queries/tally_models_by_datasets.rq")),
    ("tally_models_by_code", include_str!("../../../queries/tally_models_by_code.rq")),
    ("tally_problems_by_papers", include_str!("../../../queries/tally_problems_by_papers.rq")),
    ("tally_problems_by_datasets", include_str!("../../../queries/tally_problems_by_datasets.rq")),
    ("board_leaders", include_str!("../../../queries/board_leaders.rq")),
    ("tally_problems_by_contributions", include_str!("../../../queries/tally_problems_by_contributions.rq")),
    ("tally_years_by_papers", include_str!("../../../queries/tally_years_by_papers.rq")),
    ("papers_by_year", include_str!("../../../queries/papers_by_year.rq")),
    ("resources_by_id", include_str!("../../../queries/resources_by_id.rq")),
];

/// Names up to this many characters are matched as whole words, longer ones as substrings.
const SHORT_NAME_CHARS: usize = 4;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    #[error("queries/{template}.rq: {reason}")]
    Template { template: String, reason: String },
    #[error("no query template named {0}")]
    UnknownTemplate(String),
    #[error("template {template}: {reason}")]
    Argument { template: String, reason: String },
    #[error("built query for {template} does not parse: {reason}")]
    Parse { template: String, reason: String },
}

impl From<BuildError> for KgError {
    fn from(e: BuildError) -> Self {
        KgError::InvalidQuery(e.to_string())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParamKind {
    Anchor,
    Keywords,
    Contains,
    Values,
    Literals,
    /// Years, each as every literal a year is written as (`literals` of digits only).
    Years,
    Limit,
}

#[derive(Debug, Clone)]
struct Param {
    kind: ParamKind,
    var: String,
}

#[derive(Debug, Clone)]
pub struct Template {
    pub name: String,
    /// The header comment, minus the parameter lines: what the strategy does.
    pub description: String,
    body: String,
    params: BTreeMap<String, Param>,
}

/// What an anchor stands for: linked IRIs, or names to look for in labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    Iris(Vec<String>),
    Labels(Vec<String>),
}

/// One argument of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Anchor(Anchor),
    Keywords(Vec<String>),
    Contains(String),
    Values(Vec<String>),
    Literals(Vec<String>),
    Limit(u32),
}

fn literal(value: &str) -> String {
    Literal::new_simple_literal(value).to_string()
}

fn iri(value: &str) -> Result<String, String> {
    NamedNode::new(value).map(|n| n.to_string()).map_err(|e| format!("invalid IRI {value:?}: {e}"))
}

/// Escapes the metacharacters of XPath regular expressions (SPARQL's `REGEX`).
fn regex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if "\\|.-^?*+{}()[]$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A filter on `?var` that holds when it contains any of `terms` (case-insensitive).
fn text_filter(var: &str, terms: &[String]) -> String {
    let conditions: Vec<String> = terms
        .iter()
        .map(|term| {
            let lowered = term.to_lowercase();
            if term.chars().count() <= SHORT_NAME_CHARS {
                // XPath regexes have no \b; spell the word boundary out (portable to Virtuoso).
                let pattern = format!("(^|[^a-z0-9]){}([^a-z0-9]|$)", regex_escape(&lowered));
                format!("REGEX(STR(?{var}), {}, \"i\")", literal(&pattern))
            } else {
                format!("CONTAINS(LCASE(STR(?{var})), {})", literal(&lowered))
            }
        })
        .collect();
    format!("FILTER({})", conditions.join(" || "))
}

fn values(var: &str, iris: &[String]) -> Result<String, String> {
    if iris.is_empty() {
        return Err(format!("?{var} needs at least one IRI"));
    }
    let iris = iris.iter().map(|i| iri(i)).collect::<Result<Vec<_>, _>>()?;
    Ok(format!("VALUES ?{var} {{ {} }}", iris.join(" ")))
}

impl Template {
    fn parse(name: &str, source: &str) -> Result<Self, BuildError> {
        let error = |reason: String| BuildError::Template { template: name.to_owned(), reason };
        let mut params = BTreeMap::new();
        let mut description = Vec::new();
        let mut body = Vec::new();
        for line in source.lines() {
            if let Some(declaration) = line.strip_prefix("# param ") {
                let (param, spec) = declaration
                    .split_once(':')
                    .ok_or_else(|| error(format!("bad parameter line {line:?}")))?;
                let mut words = spec.split_whitespace();
                let kind = match words.next() {
                    Some("anchor") => ParamKind::Anchor,
                    Some("keywords") => ParamKind::Keywords,
                    Some("contains") => ParamKind::Contains,
                    Some("values") => ParamKind::Values,
                    Some("literals") => ParamKind::Literals,
                    Some("years") => ParamKind::Years,
                    Some("limit") => ParamKind::Limit,
                    other => return Err(error(format!("unknown parameter kind {other:?}"))),
                };
                let var = words.next().unwrap_or("").to_owned();
                if kind != ParamKind::Limit && var.is_empty() {
                    return Err(error(format!("parameter {param} needs a variable name")));
                }
                params.insert(param.trim().to_owned(), Param { kind, var });
            } else if let Some(comment) = line.strip_prefix('#') {
                if body.is_empty() {
                    description.push(comment.trim().to_owned());
                } else {
                    body.push(line.to_owned());
                }
            } else {
                body.push(line.to_owned());
            }
        }
        let body = body.join("\n");
        // Declarations and placeholders must agree both ways.
        let mut used = Vec::new();
        let mut rest = body.as_str();
        while let Some(start) = rest.find("{{") {
            let after = &rest[start + 2..];
            let end = after.find("}}").ok_or_else(|| error("unclosed {{ placeholder".into()))?;
            let placeholder = after[..end].trim().to_owned();
            if !params.contains_key(&placeholder) {
                return Err(error(format!("placeholder {{{{{placeholder}}}}} is not declared")));
            }
            used.push(placeholder);
            rest = &after[end + 2..];
        }
        for declared in params.keys() {
            if !used.contains(declared) {
                return Err(error(format!("parameter {declared} is declared but never used")));
            }
        }
        Ok(Self { name: name.to_owned(), description: description.join(" "), body, params })
    }

    fn expand(&self, args: &BTreeMap<&str, Arg>) -> Result<String, BuildError> {
        let error = |reason: String| BuildError::Argument { template: self.name.clone(), reason };
        let mut text = self.body.clone();
        for (name, param) in &self.params {
            let arg = args.get(name.as_str()).ok_or_else(|| error(format!("missing argument {name}")))?;
            let var = param.var.as_str();
            let expansion = match (param.kind, arg) {
                (ParamKind::Anchor, Arg::Anchor(Anchor::Iris(iris))) => values(var, iris).map_err(error)?,
                (ParamKind::Anchor, Arg::Anchor(Anchor::Labels(names))) => {
                    if names.is_empty() {
                        return Err(error(format!("{name} needs at least one name")));
                    }
                    let label = format!("{var}_anchor_label");
                    format!("?{var} rdfs:label ?{label} .\n  {}", text_filter(&label, names))
                }
                (ParamKind::Keywords, Arg::Keywords(words)) => {
                    if words.is_empty() {
                        return Err(error(format!("{name} needs at least one keyword")));
                    }
                    text_filter(var, words)
                }
                (ParamKind::Contains, Arg::Contains(value)) => {
                    format!("FILTER(CONTAINS(LCASE(STR(?{var})), {}))", literal(&value.to_lowercase()))
                }
                (ParamKind::Values, Arg::Values(iris)) => values(var, iris).map_err(error)?,
                (ParamKind::Literals, Arg::Literals(strings)) => {
                    if strings.is_empty() {
                        return Err(error(format!("{name} needs at least one value")));
                    }
                    // Each as a simple and as an xsd:string literal: one term in RDF 1.1
                    // (oxigraph), two to Virtuoso, whose dumps type every string.
                    let listed: Vec<String> = strings.iter().map(|s| format!("{} {}^^xsd:string", literal(s), literal(s))).collect();
                    format!("VALUES ?{var} {{ {} }}", listed.join(" "))
                }
                (ParamKind::Years, Arg::Literals(years)) => {
                    if years.is_empty() || years.iter().any(|y| y.is_empty() || !y.bytes().all(|b| b.is_ascii_digit())) {
                        return Err(error(format!("{name} needs years, digits only: {years:?}")));
                    }
                    // A year is a string in ORKG's dumps, an integer in others (and in the
                    // synthetic graph), a gYear in some: each is a different term.
                    let listed: Vec<String> = years.iter().map(|y| format!("\"{y}\" \"{y}\"^^xsd:string \"{y}\"^^xsd:integer \"{y}\"^^xsd:gYear")).collect();
                    format!("VALUES ?{var} {{ {} }}", listed.join(" "))
                }
                (ParamKind::Limit, Arg::Limit(n)) => n.to_string(),
                (_, other) => return Err(error(format!("argument {name} has the wrong kind: {other:?}"))),
            };
            text = text.replace(&format!("{{{{{name}}}}}"), &expansion);
        }
        Ok(format!("{PREFIXES}{text}"))
    }

    /// Sample arguments of every form, for the start-up parse check.
    fn samples(&self) -> Vec<BTreeMap<&str, Arg>> {
        let forms: [fn(ParamKind) -> Arg; 2] = [
            |kind| match kind {
                ParamKind::Anchor => Arg::Anchor(Anchor::Iris(vec!["http://orkg.org/orkg/resource/R1".into()])),
                ParamKind::Keywords => Arg::Keywords(vec!["ner".into(), "graph neural".into()]),
                ParamKind::Contains => Arg::Contains("x\"} UNION {".into()),
                ParamKind::Values => Arg::Values(vec!["http://orkg.org/orkg/resource/R1".into()]),
                ParamKind::Literals => Arg::Literals(vec!["x\"} UNION {".into()]),
                ParamKind::Years => Arg::Literals(vec!["2019".into()]),
                ParamKind::Limit => Arg::Limit(10),
            },
            |kind| match kind {
                ParamKind::Anchor => Arg::Anchor(Anchor::Labels(vec!["NER".into(), "Named Entity Recognition".into()])),
                ParamKind::Keywords => Arg::Keywords(vec!["x".into()]),
                ParamKind::Contains => Arg::Contains("10.1109/CVPR.2016.90".into()),
                ParamKind::Values => Arg::Values(vec!["http://orkg.org/orkg/resource/R1".into(), "http://orkg.org/orkg/resource/R2".into()]),
                ParamKind::Literals => Arg::Literals(vec!["10.1109/CVPR.2016.90".into(), "https://doi.org/10.1109/cvpr.2016.90".into()]),
                ParamKind::Years => Arg::Literals(vec!["1938".into(), "2024".into()]),
                ParamKind::Limit => Arg::Limit(1),
            },
        ];
        forms
            .iter()
            .map(|form| self.params.iter().map(|(n, p)| (n.as_str(), form(p.kind))).collect())
            .collect()
    }
}

/// Every strategy template, checked.
#[derive(Debug, Clone)]
pub struct Templates {
    templates: BTreeMap<String, Template>,
    /// Filled queries already parsed, by their text (shared by the clones). Parsing was a
    /// tenth of a question's own work on the mirror, and half the queries a run plans
    /// were planned before, for another question on the same dataset, model or paper.
    parsed: moka::sync::Cache<String, ReadQuery>,
}

/// Parsed queries kept: at most this many (a parse is some kilobytes).
const PARSED_KEPT: u64 = 1_024;

impl Templates {
    /// Loads and checks the compiled-in templates.
    pub fn load() -> Result<Self, BuildError> {
        Self::from_sources(SOURCES.iter().map(|(n, s)| (n.to_string(), s.to_string())))
    }

    /// Loads and checks templates given as (name, text); a broken one is an error.
    pub fn from_sources(sources: impl IntoIterator<Item = (String, String)>) -> Result<Self, BuildError> {
        let mut templates = BTreeMap::new();
        for (name, source) in sources {
            let template = Template::parse(&name, &source)?;
            for args in template.samples() {
                let text = template.expand(&args)?;
                ReadQuery::parse(&text).map_err(|e| BuildError::Template {
                    template: name.clone(),
                    reason: format!("does not parse as a read query: {e}"),
                })?;
            }
            templates.insert(name, template);
        }
        Ok(Self { templates, parsed: moka::sync::Cache::new(PARSED_KEPT) })
    }

    pub fn get(&self, name: &str) -> Option<&Template> {
        self.templates.get(name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.templates.keys().map(String::as_str)
    }

    /// Fills template `name` and parses the result.
    pub fn fill(&self, name: &str, args: &[(&str, Arg)]) -> Result<ReadQuery, BuildError> {
        let template = self.get(name).ok_or_else(|| BuildError::UnknownTemplate(name.to_owned()))?;
        let args: BTreeMap<&str, Arg> = args.iter().cloned().collect();
        let text = template.expand(&args)?;
        if let Some(kept) = self.parsed.get(text.as_str()) {
            return Ok(kept);
        }
        let query = ReadQuery::parse(&text).map_err(|e| BuildError::Parse { template: name.to_owned(), reason: e.to_string() })?;
        self.parsed.insert(text, query.clone());
        Ok(query)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn templates() -> Templates {
        Templates::load().unwrap()
    }

    #[test]
    fn every_shipped_template_loads_and_parses() {
        let t = templates();
        assert_eq!(t.names().count(), SOURCES.len());
        assert!(t.get("leaderboard").unwrap().description.contains("leaderboard"));
    }

    #[test]
    fn no_template_sorts_its_rows() {
        // A LIMIT keeps the engine's first rows (retrieve reports the cut): sorting every
        // match first reads head entities whole, seconds on an on-disk store.
        for (name, source) in SOURCES {
            let sorts = source.lines().any(|line| !line.trim_start().starts_with('#') && line.contains("ORDER BY"));
            assert!(!sorts, "{name} sorts its rows");
        }
    }

    #[test]
    fn broken_templates_stop_loading_with_the_file_named() {
        let cases = [
            ("no_decl", "SELECT * WHERE { {{x}} }", "not declared"),
            ("unused", "# param x: limit\nSELECT * WHERE { ?s ?p ?o }", "never used"),
            ("syntax", "# param limit: limit\nSELECT * WHERE { ?s ?p } LIMIT {{limit}}", "does not parse"),
            ("update", "# param limit: limit\nINSERT DATA { <a:b> <a:b> <a:b> } # {{limit}}", "does not parse"),
            ("kind", "# param x: wat\nSELECT * WHERE { {{x}} }", "unknown parameter kind"),
        ];
        for (name, source, reason) in cases {
            let err = Templates::from_sources([(name.to_owned(), source.to_owned())]).unwrap_err();
            let text = err.to_string();
            assert!(text.contains(&format!("queries/{name}.rq")) && text.contains(reason), "{text}");
        }
    }

    #[test]
    fn linked_anchors_become_values_and_unlinked_ones_label_filters() {
        let t = templates();
        let iri = "http://orkg.org/orkg/resource/R900201";
        let linked = t
            .fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Iris(vec![iri.into()]))), ("limit", Arg::Limit(5))])
            .unwrap();
        assert!(linked.as_str().contains(&format!("VALUES ?dataset {{ <{iri}> }}")));
        let unlinked = t
            .fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Labels(vec!["ImageNet".into(), "NER".into()]))), ("limit", Arg::Limit(5))])
            .unwrap();
        let text = unlinked.as_str();
        assert!(text.contains(r#"CONTAINS(LCASE(STR(?dataset_anchor_label)), "imagenet")"#), "{text}");
        assert!(text.contains(r#"REGEX(STR(?dataset_anchor_label), "(^|[^a-z0-9])ner([^a-z0-9]|$)", "i")"#), "{text}");
    }

    #[test]
    fn hostile_strings_stay_inside_their_literal() {
        let t = templates();
        let hostile = [
            "\" } . ?s ?p ?o } #",
            "x\") || true || (\"",
            "\\\" UNION { ?a ?b ?c }",
            "\"\"\" triple",
            "line\nbreak\r\ttab",
            "}} {{limit}}",
            "(.*)+[a-z]{2,}$^",
            "DROP ALL ; INSERT DATA { <a:b> <a:b> <a:b> }",
            "\\u0022 escaped quote",
        ];
        for s in hostile {
            let q = t
                .fill("papers_by_method", &[("method", Arg::Anchor(Anchor::Labels(vec![s.into()]))), ("limit", Arg::Limit(3))])
                .unwrap_or_else(|e| panic!("{s:?}: {e}"));
            assert!(matches!(q.parsed(), spargebra::Query::Select { .. }));
            let q = t.fill("paper_by_title", &[("title", Arg::Contains(s.into())), ("limit", Arg::Limit(3))]).unwrap();
            assert!(q.as_str().contains(&literal(&s.to_lowercase())), "{s:?}");
        }
    }

    #[test]
    fn a_year_is_looked_up_as_every_literal_it_is_written_as_and_only_digits_are_years() {
        let t = templates();
        let q = t.fill("papers_by_year", &[("year", Arg::Literals(vec!["1938".into()])), ("limit", Arg::Limit(3))]).unwrap();
        for form in [r#""1938" "#, r#""1938"^^xsd:string"#, r#""1938"^^xsd:integer"#, r#""1938"^^xsd:gYear"#] {
            assert!(q.as_str().contains(form), "{form} in {}", q.as_str());
        }
        for bad in ["19\" } UNION { ?s ?p ?o", "", "MCMXXXVIII"] {
            let err = t.fill("papers_by_year", &[("year", Arg::Literals(vec![bad.into()])), ("limit", Arg::Limit(3))]).unwrap_err();
            assert!(matches!(err, BuildError::Argument { .. }), "{bad:?}: {err:?}");
        }
    }

    #[test]
    fn invalid_iris_are_refused_not_spliced() {
        let t = templates();
        let err = t
            .fill("papers_by_method", &[("method", Arg::Anchor(Anchor::Iris(vec!["http://x> } DROP ALL {".into()]))), ("limit", Arg::Limit(3))])
            .unwrap_err();
        assert!(matches!(err, BuildError::Argument { .. }), "{err:?}");
    }

    #[test]
    fn regex_metacharacters_are_escaped_for_short_names() {
        assert_eq!(regex_escape("a.b*c"), r"a\.b\*c");
        let filter = text_filter("l", &["C++".into()]);
        assert!(filter.contains(r#"c\\+\\+"#), "{filter}");
    }

    #[test]
    fn a_query_filled_again_is_the_first_parse_and_other_arguments_are_parsed_anew() {
        let t = templates();
        let fill = |limit| t.fill("papers_by_method", &[("method", Arg::Anchor(Anchor::Labels(vec!["BERT".into()]))), ("limit", Arg::Limit(limit))]).unwrap();
        let (first, again, other) = (fill(3), fill(3), fill(4));
        assert!(std::ptr::eq(first.parsed(), again.parsed()), "the same text is parsed once");
        assert_eq!(again.as_str(), first.as_str());
        assert!(!std::ptr::eq(first.parsed(), other.parsed()));
        assert_eq!((first.row_limit(), other.row_limit()), (Some(3), Some(4)));
    }
}
