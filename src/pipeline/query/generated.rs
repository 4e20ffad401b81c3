//! Text-to-SPARQL, the checked half: the prompt that asks an LLM for a query, and the
//! validator that decides whether its reply may be sent to the graph.
//!
//! A generated query is untrusted text. [`validate`] takes the query out of the reply (a
//! fenced block, else the text from its first keyword), honours the model's refusal marker,
//! parses it with spargebra (the standard ORKG prefixes are known without being declared),
//! and refuses what the templates can never produce: updates, CONSTRUCT and DESCRIBE, a
//! `SERVICE` call anywhere in the algebra, a `FROM` clause, and any predicate or class the
//! graph does not hold (a hallucinated `orkgp:P99999` would only return nothing, and an
//! empty answer would look like the graph's). It then caps the rows and parses the text to
//! send again, checking it like the model's: what is sent is what was checked, as a
//! [`ReadQuery`]. That text is the model's own (its prefixes declared, its `LIMIT` set), or
//! spargebra's serialisation of the checked algebra when the text cannot take the limit.
//! [`request`] builds the prompt from a [`Schema`] and a few SciQA examples
//! ([`sciqa_examples`]). Pure: no I/O; the caller asks the model and runs the query.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::LazyLock;

use oxrdf::vocab::{rdf, rdfs};
use crate::pipeline::pattern::Regex;
use spargebra::algebra::{AggregateExpression, Expression, GraphPattern, OrderExpression, PropertyPathExpression};
use spargebra::term::{NamedNodePattern, TermPattern, TriplePattern};
use spargebra::{Query, SparqlParser};

use crate::kg::ReadQuery;
use crate::llm::ChatRequest;

/// The prefixes a generated query may use without declaring them: the templates' own
/// (`super::templates::PREFIXES`, checked by a test), since the examples use them too.
pub const PREFIXES: &[(&str, &str)] = &[
    ("orkgr", "http://orkg.org/orkg/resource/"),
    ("orkgp", ORKG_PREDICATE),
    ("orkgc", "http://orkg.org/orkg/class/"),
    ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"),
    ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
    ("xsd", "http://www.w3.org/2001/XMLSchema#"),
];

const ORKG_PREDICATE: &str = "http://orkg.org/orkg/predicate/";

/// The marker the prompt asks the model to answer with when the schema cannot express the
/// question.
pub const REFUSAL_MARKER: &str = "NOT_ANSWERABLE";

/// A reply longer than this is not a query: a model that rambles this long has lost the
/// task, and parsing it would only waste time.
pub const MAX_REPLY_CHARS: usize = 20_000;

/// The classes and predicates listed in a prompt: enough to cover a question's vocabulary,
/// few enough to leave a small model's context for the examples.
pub const PROMPT_ENTRIES: usize = 300;

/// Predicates every ORKG question about papers and leaderboards needs, listed first in
/// every prompt (when the schema holds them) whatever the question's words: a paper's DOI,
/// authors, month, year and field (P26-P30; newer papers' authors under hasAuthors, an
/// rdf:Seq), its contributions (P31) and their research
/// problems (P32), and the contribution -> benchmark -> evaluation -> metric/value chain.
const PINNED_PREDICATES: &[&str] = &[
    "P26",
    "P27",
    "hasAuthors",
    "P28",
    "P29",
    "P30",
    "P31",
    "P32",
    "HAS_BENCHMARK",
    "HAS_DATASET",
    "HAS_EVALUATION",
    "HAS_METRIC",
    "HAS_VALUE",
    "HAS_MODEL",
    "HAS_SOURCE_CODE",
    "compareContribution",
];

/// Labels longer than this are cut in the prompt: the start says what a predicate is.
const PROMPT_LABEL_CHARS: usize = 80;

/// What the graph holds, for checking a generated query: the IRIs of its predicates and
/// classes, with their labels (for the prompt).
#[derive(Debug, Clone, Default)]
pub struct Schema {
    predicates: BTreeMap<String, String>,
    classes: BTreeMap<String, String>,
}

impl Schema {
    /// A schema of `(IRI, label)` pairs; a label may be empty.
    pub fn new(predicates: impl IntoIterator<Item = (String, String)>, classes: impl IntoIterator<Item = (String, String)>) -> Self {
        Self { predicates: predicates.into_iter().collect(), classes: classes.into_iter().collect() }
    }

    pub fn has_predicate(&self, iri: &str) -> bool {
        self.predicates.contains_key(iri)
    }

    pub fn has_class(&self, iri: &str) -> bool {
        self.classes.contains_key(iri)
    }
}

/// What a model's reply amounts to.
#[derive(Debug, Clone)]
pub enum Generated {
    /// A checked, row-limited SELECT or ASK query (boxed: a parsed query is some 300 bytes,
    /// a refusal 24).
    Query(Box<ReadQuery>),
    /// The model said the schema cannot express the question; its reason.
    Refused(String),
}

/// Why a reply gives no query to run. Each variant has a stable [`GeneratedError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeneratedError {
    #[error("the LLM reply is empty")]
    Empty,
    #[error("the LLM reply is {chars} characters long, more than the {limit} a query may take")]
    TooLong { chars: usize, limit: usize },
    #[error("the LLM reply holds no SPARQL query")]
    NoQuery,
    #[error("the generated query does not parse: {0}")]
    Syntax(String),
    /// What it is instead: `an update`, `a CONSTRUCT query`, `a DESCRIBE query`.
    #[error("the generated query is {0}, not a SELECT or ASK query")]
    NotReadOnly(&'static str),
    #[error("the generated query calls the remote service {0}")]
    Service(String),
    #[error("the generated query chooses its own graphs with FROM or FROM NAMED")]
    Dataset,
    #[error("the generated query uses the predicate <{0}>, which the graph does not hold")]
    UnknownPredicate(String),
    #[error("the generated query uses the class <{0}>, which the graph does not hold")]
    UnknownClass(String),
    /// The text to send, parsed again, is refused or lacks the row limit: a fault of this
    /// module or of spargebra's serialisation, not of the model.
    #[error("the generated query does not survive serialisation: {0}")]
    Reserialise(String),
}

impl GeneratedError {
    /// A stable, machine-readable name for the failure.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Empty => "generated_empty",
            Self::TooLong { .. } => "generated_too_long",
            Self::NoQuery => "generated_no_query",
            Self::Syntax(_) => "generated_syntax",
            Self::NotReadOnly(_) => "generated_not_read_only",
            Self::Service(_) => "generated_service",
            Self::Dataset => "generated_dataset",
            Self::UnknownPredicate(_) => "generated_unknown_predicate",
            Self::UnknownClass(_) => "generated_unknown_class",
            Self::Reserialise(_) => "generated_reserialise",
        }
    }
}

/// Turns a model's reply into a query the graph may run, or says why it cannot.
///
/// A SELECT without a `LIMIT`, or with one above `max_rows`, is limited to `max_rows`; an
/// ASK answers one boolean and is left alone. The query returned is the model's text with
/// the standard prefixes it uses declared and its `LIMIT` set, or, when that text does not
/// read back as the checked query with the limit (a `LIMIT` in a trailing comment, say),
/// spargebra's serialisation of the checked algebra (full IRIs, no prefixes).
pub fn validate(reply: &str, schema: &Schema, max_rows: usize) -> Result<Generated, GeneratedError> {
    // Count characters only when the bytes could exceed the cap (a char is 1 to 4 bytes).
    if reply.len() > MAX_REPLY_CHARS {
        let chars = reply.chars().count();
        if chars > MAX_REPLY_CHARS {
            return Err(GeneratedError::TooLong { chars, limit: MAX_REPLY_CHARS });
        }
    }
    if reply.trim().is_empty() {
        return Err(GeneratedError::Empty);
    }
    // The refusal wins over a query in the same reply: a model that doubts its own query
    // is not asked to be trusted.
    if let Some(reason) = refusal(reply) {
        return Ok(Generated::Refused(reason));
    }
    let text = extract(reply).ok_or(GeneratedError::NoQuery)?;
    let query = parse(text)?;
    check(&query, schema)?;
    // The model's own text reads best in the evidence and keeps the engine's plan (spargebra
    // writes an ASK as a subquery and an aggregate under a random variable name); its
    // serialisation of the checked algebra is the fallback. Either is parsed and checked
    // again: what is sent is what was checked.
    if let Some(own) = own_text(text, &query, max_rows) {
        if let Ok(read) = sendable(&own, schema, max_rows) {
            return Ok(Generated::Query(Box::new(read)));
        }
    }
    sendable(&limit_rows(query, max_rows).to_string(), schema, max_rows).map(|read| Generated::Query(Box::new(read)))
}

/// Refuses a parsed query that is not a read of the default graph with the schema's terms.
fn check(query: &Query, schema: &Schema) -> Result<(), GeneratedError> {
    let pattern = match query {
        Query::Select { dataset, pattern, .. } | Query::Ask { dataset, pattern, .. } => {
            if dataset.is_some() {
                // The schema describes the default graph; a FROM only hides it (or, on
                // some endpoints, asks them to fetch a graph from the web).
                return Err(GeneratedError::Dataset);
            }
            pattern
        }
        Query::Construct { .. } => return Err(GeneratedError::NotReadOnly("a CONSTRUCT query")),
        Query::Describe { .. } => return Err(GeneratedError::NotReadOnly("a DESCRIBE query")),
    };
    let mut walk = Walk { schema, services: Vec::new(), predicates: Vec::new(), classes: Vec::new() };
    walk.pattern(pattern);
    // A service call first: it is the one finding that is an attempt, not a mistake.
    if let Some(name) = walk.services.into_iter().next() {
        return Err(GeneratedError::Service(name));
    }
    if let Some(iri) = walk.predicates.into_iter().next() {
        return Err(GeneratedError::UnknownPredicate(iri));
    }
    if let Some(iri) = walk.classes.into_iter().next() {
        return Err(GeneratedError::UnknownClass(iri));
    }
    Ok(())
}

/// `text` as the house's [`ReadQuery`], checked again, with its rows capped.
fn sendable(text: &str, schema: &Schema, max_rows: usize) -> Result<ReadQuery, GeneratedError> {
    let read = ReadQuery::parse(text).map_err(|e| GeneratedError::Reserialise(e.to_string()))?;
    check(read.parsed(), schema).map_err(|e| GeneratedError::Reserialise(format!("it reads back as a query that is refused: {e}")))?;
    let capped = read.row_limit().is_some_and(|limit| limit <= max_rows);
    if matches!(read.parsed(), Query::Select { .. }) && !capped {
        return Err(GeneratedError::Reserialise(format!("it reads back without a LIMIT of at most {max_rows}: {text}")));
    }
    Ok(read)
}

/// The model's query text with the standard prefixes it uses declared, and its outermost
/// `LIMIT` added or lowered to `max_rows`. `None` for a form that is never sent.
fn own_text(text: &str, query: &Query, max_rows: usize) -> Option<String> {
    static LIMIT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\blimit\s+[0-9]+").expect("limit pattern"));
    static DECLARED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bprefix\s+([^\s:]*):").expect("prefix pattern"));
    // spargebra reads `\u` escapes only inside strings and IRIs; the SPARQL spec (and an
    // engine that follows it) unescapes them first, anywhere, so a `\u0022` in a literal
    // would close it there. The serialised algebra writes none (but for control characters).
    if text.contains("\\u") || text.contains("\\U") {
        return None;
    }
    let declared: HashSet<&str> = DECLARED.captures_iter(text).filter_map(|c| c.get(1)).map(|m| m.as_str()).collect();
    let mut own = String::new();
    for (name, iri) in PREFIXES {
        // A name merely mentioned (in a literal, say) costs a needless declaration, no more.
        if text.contains(&format!("{name}:")) && !declared.contains(name) {
            own.push_str(&format!("PREFIX {name}: <{iri}>\n"));
        }
    }
    match query {
        Query::Ask { .. } => own.push_str(text),
        Query::Select { pattern, .. } => match pattern {
            GraphPattern::Slice { length: Some(length), .. } if *length <= max_rows => own.push_str(text),
            // The outermost LIMIT ends the query but for a VALUES clause or a comment; if the
            // last one in the text is not it, the check of the result says so.
            GraphPattern::Slice { length: Some(_), .. } => {
                let last = LIMIT.find_iter(text).last()?;
                own.push_str(&text[..last.start()]);
                own.push_str(&format!("LIMIT {max_rows}"));
                own.push_str(&text[last.end()..]);
            }
            // On its own line: a comment ending the text would swallow it.
            _ => own.push_str(&format!("{text}\nLIMIT {max_rows}")),
        },
        Query::Construct { .. } | Query::Describe { .. } => return None,
    }
    Some(own)
}

/// The reason after the refusal marker (`NOT_ANSWERABLE: <reason>`), to the end of its line.
fn refusal(reply: &str) -> Option<String> {
    let at = reply.find(REFUSAL_MARKER)?;
    let rest = &reply[at + REFUSAL_MARKER.len()..];
    let line = rest.lines().next().unwrap_or_default();
    let reason = line.trim_start_matches(|c: char| c == ':' || c == '*' || c == '`' || c.is_whitespace());
    let reason = reason.trim_end_matches(|c: char| c == '*' || c == '`' || c.is_whitespace());
    Some(if reason.is_empty() { "the model gave no reason".to_owned() } else { reason.to_owned() })
}

/// The query text of a reply: the first ```sparql block, else the first fenced block, else
/// the text from the first query keyword to the end. `None` when there is nothing to parse.
fn extract(reply: &str) -> Option<&str> {
    let blocks = fenced_blocks(reply);
    let chosen = blocks
        .iter()
        .find(|(info, _)| info.eq_ignore_ascii_case("sparql"))
        .or_else(|| blocks.first())
        .map(|(_, body)| body.trim());
    let text = match chosen {
        Some(body) => body,
        None => reply.get(keyword_start(reply)?..)?.trim(),
    };
    (!text.is_empty()).then_some(text)
}

/// The fenced blocks of a reply, as (info string, body). An unclosed fence runs to the end,
/// as a reply cut by the model's token limit does.
fn fenced_blocks(reply: &str) -> Vec<(&str, &str)> {
    const FENCE: &str = "```";
    let mut blocks = Vec::new();
    let mut rest = reply;
    while let Some(open) = rest.find(FENCE) {
        let after = &rest[open + FENCE.len()..];
        let close = after.find(FENCE);
        // The info string runs to the end of the fence's line, unless the block closes on
        // that same line (```SELECT ...```).
        let (info, body_start) = match after.find('\n') {
            Some(newline) if close.is_none_or(|c| newline < c) => (after[..newline].trim(), newline + 1),
            _ => ("", 0),
        };
        match close {
            Some(close) => {
                blocks.push((info, &after[body_start..close]));
                rest = &after[close + FENCE.len()..];
            }
            None => {
                blocks.push((info, &after[body_start..]));
                break;
            }
        }
    }
    blocks
}

/// Where the query starts in an unfenced reply: the first keyword that opens a query or an
/// update, as a whole upper-case word (chatter writes "ask" and "select" in lower case);
/// failing that, a line opening with a lower-case `prefix`, `select` or `ask`. Updates count,
/// so that one is refused as an update rather than as garbage.
fn keyword_start(reply: &str) -> Option<usize> {
    const OPENING: &[&str] = &[
        "PREFIX", "BASE", "SELECT", "ASK", "CONSTRUCT", "DESCRIBE", "INSERT", "DELETE", "DROP", "LOAD", "CLEAR", "CREATE", "WITH",
    ];
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let whole_word = |at: usize, len: usize| {
        let before = reply[..at].chars().next_back().is_none_or(|c| !is_word(c));
        let after = reply[at + len..].chars().next().is_none_or(|c| !is_word(c) && c != ':');
        before && after
    };
    let upper = OPENING
        .iter()
        .filter_map(|keyword| reply.match_indices(keyword).map(|(at, _)| at).find(|&at| whole_word(at, keyword.len())))
        .min();
    if upper.is_some() {
        return upper;
    }
    let mut offset = 0;
    for line in reply.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let lowered = line.trim_start().to_ascii_lowercase();
        let opens = ["prefix ", "select ", "select*", "select?", "ask ", "ask{"].iter().any(|k| lowered.starts_with(k));
        if opens {
            return Some(offset + indent);
        }
        offset += line.len();
    }
    None
}

/// Parses the query with the standard prefixes known; a declaration in the query wins over
/// them. An update does not parse as a query: when it parses as an update, it is refused as
/// one, not as a syntax error.
fn parse(text: &str) -> Result<Query, GeneratedError> {
    let parser = || {
        PREFIXES.iter().try_fold(SparqlParser::new(), |parser, (name, iri)| parser.with_prefix(*name, *iri))
    };
    let parser = parser().map_err(|e| GeneratedError::Syntax(format!("a standard prefix is not an IRI: {e}")))?;
    match parser.clone().parse_query(text) {
        Ok(query) => Ok(query),
        Err(_) if parser.parse_update(text).is_ok() => Err(GeneratedError::NotReadOnly("an update")),
        Err(e) => Err(GeneratedError::Syntax(e.to_string())),
    }
}

/// Collects, over the whole algebra, what [`validate`] refuses: service calls, and the
/// predicates and classes the schema lacks (in the order met, each once).
struct Walk<'a> {
    schema: &'a Schema,
    services: Vec<String>,
    predicates: Vec<String>,
    classes: Vec<String>,
}

impl Walk<'_> {
    fn pattern(&mut self, pattern: &GraphPattern) {
        // Exhaustive on purpose: a spargebra upgrade that adds a pattern must be looked at
        // here before it compiles.
        match pattern {
            GraphPattern::Bgp { patterns } => patterns.iter().for_each(|t| self.triple(t)),
            GraphPattern::Path { path, .. } => self.path(path),
            GraphPattern::Join { left, right }
            | GraphPattern::Union { left, right }
            | GraphPattern::Minus { left, right }
            // SEP-0006, enabled by oxigraph's build of spargebra.
            | GraphPattern::Lateral { left, right } => {
                self.pattern(left);
                self.pattern(right);
            }
            GraphPattern::LeftJoin { left, right, expression } => {
                self.pattern(left);
                self.pattern(right);
                if let Some(expression) = expression {
                    self.expression(expression);
                }
            }
            GraphPattern::Filter { expr, inner } => {
                self.expression(expr);
                self.pattern(inner);
            }
            GraphPattern::Extend { inner, expression, .. } => {
                self.pattern(inner);
                self.expression(expression);
            }
            GraphPattern::OrderBy { inner, expression } => {
                self.pattern(inner);
                for order in expression {
                    match order {
                        OrderExpression::Asc(e) | OrderExpression::Desc(e) => self.expression(e),
                    }
                }
            }
            GraphPattern::Group { inner, aggregates, .. } => {
                self.pattern(inner);
                for (_, aggregate) in aggregates {
                    if let AggregateExpression::FunctionCall { expr, .. } = aggregate {
                        self.expression(expr);
                    }
                }
            }
            GraphPattern::Graph { inner, .. }
            | GraphPattern::Project { inner, .. }
            | GraphPattern::Distinct { inner }
            | GraphPattern::Reduced { inner }
            | GraphPattern::Slice { inner, .. } => self.pattern(inner),
            GraphPattern::Values { .. } => {}
            GraphPattern::Service { name, inner, .. } => {
                self.services.push(name.to_string());
                self.pattern(inner);
            }
        }
    }

    fn expression(&mut self, expression: &Expression) {
        match expression {
            Expression::NamedNode(_) | Expression::Literal(_) | Expression::Variable(_) | Expression::Bound(_) => {}
            Expression::Or(a, b)
            | Expression::And(a, b)
            | Expression::Equal(a, b)
            | Expression::SameTerm(a, b)
            | Expression::Greater(a, b)
            | Expression::GreaterOrEqual(a, b)
            | Expression::Less(a, b)
            | Expression::LessOrEqual(a, b)
            | Expression::Add(a, b)
            | Expression::Subtract(a, b)
            | Expression::Multiply(a, b)
            | Expression::Divide(a, b) => {
                self.expression(a);
                self.expression(b);
            }
            Expression::UnaryPlus(a) | Expression::UnaryMinus(a) | Expression::Not(a) => self.expression(a),
            Expression::In(a, list) => {
                self.expression(a);
                list.iter().for_each(|e| self.expression(e));
            }
            Expression::If(a, b, c) => {
                self.expression(a);
                self.expression(b);
                self.expression(c);
            }
            Expression::Coalesce(list) | Expression::FunctionCall(_, list) => list.iter().for_each(|e| self.expression(e)),
            // FILTER (NOT) EXISTS holds a whole pattern, services and subqueries included.
            Expression::Exists(pattern) => self.pattern(pattern),
        }
    }

    fn triple(&mut self, triple: &TriplePattern) {
        let NamedNodePattern::NamedNode(predicate) = &triple.predicate else { return };
        if predicate.as_ref() == rdf::TYPE {
            if let TermPattern::NamedNode(class) = &triple.object {
                if !self.schema.has_class(class.as_str()) && !self.classes.iter().any(|c| c == class.as_str()) {
                    self.classes.push(class.as_str().to_owned());
                }
            }
        } else {
            self.predicate(predicate.as_str());
        }
    }

    fn path(&mut self, path: &PropertyPathExpression) {
        match path {
            PropertyPathExpression::NamedNode(predicate) => self.predicate(predicate.as_str()),
            PropertyPathExpression::Reverse(p)
            | PropertyPathExpression::ZeroOrMore(p)
            | PropertyPathExpression::OneOrMore(p)
            | PropertyPathExpression::ZeroOrOne(p) => self.path(p),
            PropertyPathExpression::Sequence(a, b) | PropertyPathExpression::Alternative(a, b) => {
                self.path(a);
                self.path(b);
            }
            PropertyPathExpression::NegatedPropertySet(predicates) => predicates.iter().for_each(|p| self.predicate(p.as_str())),
        }
    }

    /// rdf:type and rdfs:label are not ORKG predicates but every query may use them.
    fn predicate(&mut self, iri: &str) {
        let allowed = iri == rdf::TYPE.as_str() || iri == rdfs::LABEL.as_str() || self.schema.has_predicate(iri);
        if !allowed && !self.predicates.iter().any(|p| p == iri) {
            self.predicates.push(iri.to_owned());
        }
    }
}

/// Caps a SELECT's rows at `max_rows`: the outermost slice (where spargebra puts `LIMIT`)
/// is shortened, or one is added around the whole pattern, where [`ReadQuery::row_limit`]
/// reads it.
fn limit_rows(query: Query, max_rows: usize) -> Query {
    let Query::Select { dataset, pattern, base_iri } = query else { return query };
    let pattern = match pattern {
        GraphPattern::Slice { inner, start, length } => {
            GraphPattern::Slice { inner, start, length: Some(length.map_or(max_rows, |l| l.min(max_rows))) }
        }
        other => GraphPattern::Slice { inner: Box::new(other), start: 0, length: Some(max_rows) },
    };
    Query::Select { dataset, pattern, base_iri }
}

/// A question and the query that answers it, shown to the model as an example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub question: String,
    pub sparql: String,
}

/// The chat request that asks the model for one query answering `question` over `schema`.
///
/// The system prompt lists the prefixes, the schema's predicates and classes with their
/// labels (at most [`PROMPT_ENTRIES`], the most relevant to the question's words first,
/// the core ORKG predicates always), the examples, and the refusal rule. The question is
/// the user message. Deterministic, with temperature 0: the same question gets the same
/// prompt.
pub fn request(question: &str, schema: &Schema, examples: &[Example]) -> ChatRequest {
    let mut system = String::from(
        "You write SPARQL for the Open Research Knowledge Graph (ORKG): scientific papers, their contributions, the research \
         problems they address, the methods and models they use, and the benchmarks, evaluations, metrics and values they report.\n\
         Write one SPARQL 1.1 SELECT or ASK query that answers the user's question.\n\n\
         Rules:\n\
         - Use only the predicates and classes listed below, plus rdf:type and rdfs:label. Any other predicate or class is refused.\n\
         - Find papers, datasets, models and problems by their rdfs:label, e.g. \
         FILTER(CONTAINS(LCASE(STR(?label)), \"imagenet\")); never guess a resource IRI.\n\
         - Never use SERVICE, FROM, CONSTRUCT, DESCRIBE or any update.\n\
         - Put the query in a ```sparql block.\n",
    );
    system.push_str(&format!(
        "- If the listed predicates and classes cannot express the question, answer exactly `{REFUSAL_MARKER}: <reason>` and nothing else.\n\n"
    ));
    system.push_str("Prefixes (declaring them is optional):\n");
    for (name, iri) in PREFIXES {
        system.push_str(&format!("PREFIX {name}: <{iri}>\n"));
    }
    let (predicates, classes) = prompt_entries(question, schema);
    system.push_str("\nPredicates, the most relevant first:\n");
    for (iri, label) in predicates {
        system.push_str(&entry_line(iri, label));
    }
    if !classes.is_empty() {
        system.push_str("\nClasses (objects of rdf:type), the most relevant first:\n");
        for (iri, label) in classes {
            system.push_str(&entry_line(iri, label));
        }
    }
    if !examples.is_empty() {
        system.push_str("\nExamples:\n");
        for example in examples {
            system.push_str(&format!("\nQuestion: {}\n```sparql\n{}\n```\n", one_line(&example.question), example.sparql.trim()));
        }
    }
    ChatRequest { system, user: format!("Question: {}", question.trim()), json: None, temperature: 0.0 }
}

/// One entry of the prompt's lists: `orkgp:P32 (research problem)`.
fn entry_line(iri: &str, label: &str) -> String {
    let label = one_line(label);
    let label: String = label.chars().take(PROMPT_LABEL_CHARS).collect();
    if label.is_empty() {
        format!("{}\n", compact(iri))
    } else {
        format!("{} ({label})\n", compact(iri))
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An IRI as a prefixed name when a standard prefix covers it and its local part needs no
/// escaping, else in angle brackets.
fn compact(iri: &str) -> String {
    for (name, namespace) in PREFIXES {
        if let Some(local) = iri.strip_prefix(namespace) {
            let plain = local.chars().next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                && local.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if plain {
                return format!("{name}:{local}");
            }
        }
    }
    format!("<{iri}>")
}

/// (IRI, label) pairs borrowed from a [`Schema`].
type Entries<'s> = Vec<(&'s str, &'s str)>;

/// The predicates and classes a prompt lists, each list most relevant first: the pinned
/// predicates the schema holds, then the best-scoring others until [`PROMPT_ENTRIES`].
fn prompt_entries<'s>(question: &str, schema: &'s Schema) -> (Entries<'s>, Entries<'s>) {
    let pinned: Vec<String> = PINNED_PREDICATES.iter().map(|local| format!("{ORKG_PREDICATE}{local}")).collect();
    let mut predicates: Vec<(&str, &str)> = pinned
        .iter()
        .filter_map(|iri| schema.predicates.get_key_value(iri.as_str()))
        .map(|(iri, label)| (iri.as_str(), label.as_str()))
        .collect();
    let words = question_words(question);
    // (score, is a class, IRI, label), over everything not pinned.
    let mut candidates: Vec<(usize, bool, &str, &str)> = schema
        .predicates
        .iter()
        .filter(|(iri, _)| !pinned.contains(iri))
        .map(|(iri, label)| (relevance(&words, iri, label), false, iri.as_str(), label.as_str()))
        .chain(schema.classes.iter().map(|(iri, label)| (relevance(&words, iri, label), true, iri.as_str(), label.as_str())))
        .collect();
    // Best score first; among equals, shorter IRIs first: ORKG numbers its predicates and
    // classes in order of creation, and the older ones (P2 before P2000) are the most used.
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.len().cmp(&b.2.len())).then(a.2.cmp(b.2)));
    let room = PROMPT_ENTRIES.saturating_sub(predicates.len());
    let mut classes = Vec::new();
    for (_, is_class, iri, label) in candidates.into_iter().take(room) {
        if is_class {
            classes.push((iri, label));
        } else {
            predicates.push((iri, label));
        }
    }
    (predicates, classes)
}

/// The words of a question that can say which predicates matter (not "what" or "the").
fn question_words(question: &str) -> BTreeSet<String> {
    const STOPWORDS: &[&str] = &[
        "the", "and", "for", "what", "which", "who", "whom", "with", "are", "was", "were", "has", "have", "had", "how", "many", "much",
        "that", "this", "these", "those", "from", "does", "did", "list", "show", "give", "all", "any", "its", "their", "there", "been",
        "into", "onto", "about", "can", "you", "most", "best", "top", "where", "when", "why",
    ];
    words(question).into_iter().filter(|w| w.chars().count() >= 3 && !STOPWORDS.contains(&w.as_str())).collect()
}

/// Lower-case words, with a plural `s` dropped ("datasets" is "dataset").
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            match w.strip_suffix('s') {
                Some(stem) if stem.chars().count() >= 3 && !stem.ends_with('s') => stem.to_owned(),
                _ => w,
            }
        })
        .collect()
}

/// How many of the question's words the entry's label or IRI name: equal words, or words
/// sharing their first five letters ("evaluated", "evaluation").
fn relevance(question: &BTreeSet<String>, iri: &str, label: &str) -> usize {
    let local = iri.rsplit(['/', '#']).next().unwrap_or(iri);
    // HAS_SOURCE_CODE names its words with underscores.
    let entry: HashSet<String> = words(label).into_iter().chain(words(&local.replace('_', " "))).collect();
    let stem = |w: &str| w.chars().take(5).collect::<String>();
    question
        .iter()
        .filter(|q| entry.iter().any(|e| e == *q || (q.chars().count() >= 5 && e.chars().count() >= 5 && stem(e) == stem(q))))
        .count()
}

/// Up to `n` examples from SciQA's `questions.json` (the train split): the first question
/// of each template first, in file order, then the next ones in file order, so that a few
/// examples show as many query shapes as possible. Questions without a template count as
/// one template. Entries without a question or a query are skipped; text that is not
/// SciQA's JSON gives no examples (they help the model; they are not needed).
pub fn sciqa_examples(json: &str, n: usize) -> Vec<Example> {
    #[derive(serde::Deserialize)]
    struct File {
        questions: Vec<Entry>,
    }
    #[derive(serde::Deserialize)]
    struct Entry {
        question: Option<Text>,
        query: Option<Sparql>,
        template_id: Option<serde_json::Value>,
    }
    #[derive(serde::Deserialize)]
    struct Text {
        string: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Sparql {
        sparql: Option<String>,
    }

    let Ok(file) = serde_json::from_str::<File>(json) else { return Vec::new() };
    let usable: Vec<(String, Example)> = file
        .questions
        .into_iter()
        .filter_map(|entry| {
            let question = entry.question?.string?.trim().to_owned();
            let sparql = entry.query?.sparql?.trim().to_owned();
            if question.is_empty() || sparql.is_empty() {
                return None;
            }
            // "T07" and 7 are both templates; null and missing are "no template".
            let template = match entry.template_id {
                Some(serde_json::Value::String(s)) => s,
                Some(serde_json::Value::Null) | None => String::new(),
                Some(other) => other.to_string(),
            };
            Some((template, Example { question, sparql }))
        })
        .collect();
    let mut seen = HashSet::new();
    let mut first_pass = Vec::new();
    let mut rest = Vec::new();
    for (template, example) in usable {
        if seen.insert(template) {
            first_pass.push(example);
        } else {
            rest.push(example);
        }
    }
    first_pass.into_iter().chain(rest).take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "http://orkg.org/orkg/predicate/";
    const C: &str = "http://orkg.org/orkg/class/";

    fn schema() -> Schema {
        let predicates = [("P31", "contribution"), ("P32", "research problem"), ("HAS_BENCHMARK", "has benchmark"), ("HAS_DATASET", "has dataset")]
            .map(|(local, label)| (format!("{P}{local}"), label.to_owned()));
        let classes = [("Paper", "Paper"), ("Problem", "Research problem")].map(|(local, label)| (format!("{C}{local}"), label.to_owned()));
        Schema::new(predicates, classes)
    }

    fn check(reply: &str) -> Result<Generated, GeneratedError> {
        validate(reply, &schema(), 100)
    }

    fn query(reply: &str) -> ReadQuery {
        match check(reply) {
            Ok(Generated::Query(q)) => *q,
            other => panic!("{reply}: {other:?}"),
        }
    }

    fn code(reply: &str) -> &'static str {
        match check(reply) {
            Err(e) => e.code(),
            Ok(other) => panic!("{reply}: accepted as {other:?}"),
        }
    }

    const VALID: &str = "PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT DISTINCT ?paper ?label WHERE {
  ?paper orkgp:P31 ?contribution .
  ?contribution orkgp:P32 ?problem .
  ?problem rdfs:label ?label .
  FILTER(CONTAINS(LCASE(STR(?label)), \"question answering\"))
}";

    #[test]
    fn a_valid_select_passes_with_its_rows_limited_and_its_text_parsing_again() {
        let q = query(VALID);
        assert_eq!(q.row_limit(), Some(100));
        assert!(matches!(q.parsed(), Query::Select { .. }));
        assert_eq!(q.as_str(), format!("{VALID}\nLIMIT 100"), "the model's own text, limited");
        let again = ReadQuery::parse(q.as_str()).expect("the text sent parses");
        assert_eq!(again.parsed(), q.parsed());
    }

    #[test]
    fn a_valid_ask_passes_without_a_limit() {
        let q = query("ASK { ?paper orkgp:P31 ?c . ?c orkgp:HAS_BENCHMARK ?b }");
        assert!(matches!(q.parsed(), Query::Ask { .. }));
        assert_eq!(q.row_limit(), None);
    }

    #[test]
    fn a_syntax_error_is_refused_with_the_parsers_message() {
        let err = check("SELECT ?s WHERE { ?s orkgp:P31 ").unwrap_err();
        assert_eq!(err.code(), "generated_syntax");
        let GeneratedError::Syntax(message) = &err else { panic!("{err:?}") };
        assert!(!message.is_empty() && err.to_string().contains(message.as_str()), "{err}");
    }

    #[test]
    fn updates_are_refused_as_not_read_only() {
        for update in [
            "INSERT DATA { <http://a> <http://orkg.org/orkg/predicate/P31> <http://c> }",
            "DELETE WHERE { ?s ?p ?o }",
            "DROP ALL",
            "CLEAR DEFAULT",
            "LOAD <http://example.org/dump.nt>",
        ] {
            assert!(SparqlParser::new().parse_query(update).is_err(), "{update} parses as a query");
            assert_eq!(code(update), "generated_not_read_only", "{update}");
        }
        let fenced = "Done:\n```sparql\nDELETE { ?s orkgp:P31 ?o } WHERE { ?s orkgp:P31 ?o }\n```";
        assert_eq!(check(fenced).unwrap_err(), GeneratedError::NotReadOnly("an update"));
    }

    #[test]
    fn construct_and_describe_are_refused_as_not_read_only() {
        assert_eq!(code("CONSTRUCT { ?s orkgp:P31 ?o } WHERE { ?s orkgp:P31 ?o }"), "generated_not_read_only");
        assert_eq!(code("DESCRIBE <http://orkg.org/orkg/resource/R1>"), "generated_not_read_only");
    }

    #[test]
    fn a_service_call_is_refused_at_the_top_and_however_deeply_nested() {
        let service = "SERVICE <https://query.wikidata.org/sparql> { ?x <http://www.wikidata.org/prop/direct/P31> ?y }";
        let cases = [
            format!("SELECT * WHERE {{ {service} }}"),
            format!("SELECT * WHERE {{ ?p orkgp:P31 ?c OPTIONAL {{ {service} }} }}"),
            format!("SELECT * WHERE {{ ?p orkgp:P31 ?c FILTER EXISTS {{ {service} }} }}"),
            format!("SELECT * WHERE {{ ?p orkgp:P31 ?c FILTER NOT EXISTS {{ ?c orkgp:P32 ?x {service} }} }}"),
            format!("SELECT * WHERE {{ ?p orkgp:P31 ?c {{ SELECT ?x WHERE {{ {service} }} }} }}"),
            format!("ASK {{ {{ ?p orkgp:P31 ?c }} UNION {{ {service} }} }}"),
            format!("SELECT ?c (COUNT(?p) AS ?n) WHERE {{ ?p orkgp:P31 ?c }} GROUP BY ?c HAVING (EXISTS {{ {service} }})"),
            "SELECT * WHERE { SERVICE SILENT ?endpoint { ?s orkgp:P31 ?o } }".to_owned(),
        ];
        for case in cases {
            let err = check(&case).unwrap_err();
            assert_eq!(err.code(), "generated_service", "{case}: {err}");
        }
        assert!(check(&format!("SELECT * WHERE {{ {service} }}")).unwrap_err().to_string().contains("query.wikidata.org"));
    }

    #[test]
    fn an_unknown_predicate_is_refused_and_named() {
        let err = check("SELECT ?p WHERE { ?p orkgp:P31 ?c . ?c orkgp:P99999 ?x }").unwrap_err();
        assert_eq!(err, GeneratedError::UnknownPredicate(format!("{P}P99999")));
        assert_eq!(err.code(), "generated_unknown_predicate");
        assert!(err.to_string().contains("P99999"));
        // In a property path, an alternative, a negated set, and inside a filter's pattern.
        for reply in [
            "SELECT ?p WHERE { ?p orkgp:P31/orkgp:HAS_MODEL ?m }",
            "SELECT ?p WHERE { ?p (orkgp:P31|orkgp:HAS_MODEL)+ ?m }",
            "SELECT ?p WHERE { ?p !(orkgp:HAS_MODEL) ?m }",
            "SELECT ?p WHERE { ?p orkgp:P31 ?m FILTER NOT EXISTS { ?m orkgp:HAS_MODEL ?x } }",
        ] {
            assert_eq!(check(reply).unwrap_err(), GeneratedError::UnknownPredicate(format!("{P}HAS_MODEL")), "{reply}");
        }
    }

    #[test]
    fn type_label_and_variable_predicates_need_no_schema_entry() {
        let q = query("SELECT ?s ?p WHERE { ?s a orkgc:Paper ; rdfs:label ?l ; ?p ?o . ?s rdf:type/rdfs:label ?t }");
        assert_eq!(q.row_limit(), Some(100));
    }

    #[test]
    fn an_unknown_class_is_refused_and_named() {
        let err = check("SELECT ?d WHERE { ?d a orkgc:Dataset ; rdfs:label ?l }").unwrap_err();
        assert_eq!(err, GeneratedError::UnknownClass(format!("{C}Dataset")));
        assert_eq!(err.code(), "generated_unknown_class");
        assert!(err.to_string().contains("class/Dataset"));
    }

    #[test]
    fn a_huge_or_missing_limit_is_capped_and_a_small_one_kept() {
        let base = "SELECT ?p WHERE { ?p orkgp:P31 ?c } ORDER BY ?p";
        assert_eq!(query(&format!("{base} LIMIT 1000000")).row_limit(), Some(100));
        assert_eq!(query(base).row_limit(), Some(100));
        assert_eq!(query(&format!("{base} LIMIT 7")).row_limit(), Some(7));
        let offset = query(&format!("{base} OFFSET 20 LIMIT 500"));
        assert_eq!(offset.row_limit(), Some(100));
        assert!(offset.as_str().contains("OFFSET 20"), "{}", offset.as_str());
    }

    #[test]
    fn aggregates_subqueries_and_blank_nodes_are_sent_as_the_model_wrote_them() {
        for reply in [
            "SELECT ?problem (COUNT(DISTINCT ?paper) AS ?papers) WHERE { ?paper orkgp:P31 ?c . ?c orkgp:P32 ?problem } \
             GROUP BY ?problem HAVING (COUNT(?paper) > 2) ORDER BY DESC(?papers) LIMIT 10",
            "SELECT (MAX(?v) AS ?best) WHERE { { SELECT ?v WHERE { ?b orkgp:HAS_BENCHMARK ?v } LIMIT 5 } }",
            "SELECT ?l WHERE { [] orkgp:P31 [ orkgp:P32 ?x ] . ?x rdfs:label ?l BIND(STRLEN(?l) AS ?n) VALUES ?n { 3 4 } }",
            "SELECT * WHERE { ?s orkgp:P31 ?o OPTIONAL { ?o orkgp:P32 ?x FILTER(?x != ?s) } MINUS { ?s a orkgc:Problem } }",
        ] {
            let q = query(reply);
            assert!(q.as_str().contains(reply), "{}", q.as_str());
            assert!(q.row_limit().is_some_and(|limit| limit <= 100), "{}", q.as_str());
            assert!(ReadQuery::parse(q.as_str()).is_ok(), "{}", q.as_str());
        }
    }

    #[test]
    fn a_limit_the_text_cannot_take_is_imposed_on_the_serialised_algebra() {
        // The last LIMIT of the text is in a comment; a trailing VALUES clause cannot be
        // followed by a LIMIT.
        for reply in [
            "SELECT ?p WHERE { ?p orkgp:P31 ?c } LIMIT 5000 # not LIMIT 3",
            "SELECT ?p WHERE { ?p orkgp:P31 ?c } VALUES ?c { orkgr:R1 orkgr:R2 }",
        ] {
            let q = query(reply);
            assert_eq!(q.row_limit(), Some(100), "{}", q.as_str());
            assert!(q.as_str().contains("<http://orkg.org/orkg/predicate/P31>"), "serialised: {}", q.as_str());
            assert!(ReadQuery::parse(q.as_str()).is_ok_and(|again| again.row_limit() == Some(100)));
        }
    }

    #[test]
    fn unicode_escapes_are_never_sent_as_the_model_wrote_them() {
        // Read by spargebra as one literal; an engine unescaping first would see a SERVICE.
        let reply = r#"SELECT ?p WHERE { ?p rdfs:label "x\u0022 } SERVICE <http://evil.example/> { ?a ?b ?c } #" } LIMIT 5"#;
        let q = query(reply);
        assert!(!q.as_str().contains("\\u"), "{}", q.as_str());
        assert!(q.as_str().contains(r#""x\" } SERVICE"#), "the quote is escaped as a quote: {}", q.as_str());
        assert_eq!(q.row_limit(), Some(5));
    }

    #[test]
    fn the_serialisation_fallback_keeps_every_check() {
        // spargebra writes aggregates and ASK differently from the model; what it writes
        // must pass the same checks and carry the same limit.
        let query = parse("SELECT ?c (COUNT(?p) AS ?n) WHERE { ?p orkgp:P31 ?c } GROUP BY ?c").unwrap();
        let text = limit_rows(query, 100).to_string();
        let read = sendable(&text, &schema(), 100).unwrap();
        assert_eq!(read.row_limit(), Some(100));
        let err = sendable("SELECT * WHERE { ?s orkgp:P1 ?o } LIMIT 5", &schema(), 100).unwrap_err();
        assert_eq!(err.code(), "generated_reserialise");
        let err = sendable("SELECT * WHERE { ?s orkgp:P31 ?o } LIMIT 500", &schema(), 100).unwrap_err();
        assert_eq!(err.code(), "generated_reserialise");
    }

    #[test]
    fn a_refusal_is_honoured_with_the_models_reason() {
        let reply = "NOT_ANSWERABLE: the schema has no predicate for funding agencies";
        let Ok(Generated::Refused(reason)) = check(reply) else { panic!("{:?}", check(reply)) };
        assert_eq!(reason, "the schema has no predicate for funding agencies");
        let reply = "I looked at the predicates.\n**NOT_ANSWERABLE**: no author predicate\n```sparql\nSELECT * WHERE { ?s ?p ?o }\n```";
        let Ok(Generated::Refused(reason)) = check(reply) else { panic!("{:?}", check(reply)) };
        assert_eq!(reason, "no author predicate");
        let Ok(Generated::Refused(reason)) = check("NOT_ANSWERABLE") else { panic!() };
        assert!(!reason.is_empty());
    }

    #[test]
    fn garbage_empty_and_overlong_replies_are_refused() {
        assert_eq!(code("I am sorry, I cannot help with that."), "generated_no_query");
        assert_eq!(code("Here you go:\n```sparql\n\n```"), "generated_no_query");
        assert_eq!(code("   \n "), "generated_empty");
        assert_eq!(code("Sure! The select statement you ask about is complex."), "generated_no_query");
        let long = format!("SELECT * WHERE {{ ?s orkgp:P31 ?o }} # {}", "x".repeat(MAX_REPLY_CHARS));
        assert_eq!(check(&long).unwrap_err(), GeneratedError::TooLong { chars: long.chars().count(), limit: MAX_REPLY_CHARS });
        assert_eq!(code(&long), "generated_too_long");
        // 20,000 two-byte characters are 40,000 bytes but not too long.
        let wide = format!("SELECT * WHERE {{ ?s orkgp:P31 \"{}\" }}", "é".repeat(MAX_REPLY_CHARS - 40));
        assert!(wide.len() > MAX_REPLY_CHARS && query(&wide).row_limit() == Some(100));
    }

    #[test]
    fn a_fenced_block_is_taken_from_the_chatter_around_it() {
        let reply = format!("Here is the query you asked for:\n\n```sparql\n{VALID}\n```\n\nIt selects papers; ASK me for more.");
        assert_eq!(query(&reply).row_limit(), Some(100));
        // A sparql block wins over an earlier block of something else.
        let reply = format!("```text\nnot a query\n```\nand\n```SPARQL\n{VALID}\n```");
        assert!(query(&reply).as_str().contains("question answering"));
        // A plain fence, and an unclosed one cut by the token limit.
        assert_eq!(query("```\nASK { ?s orkgp:P31 ?o }\n```").row_limit(), None);
        assert!(matches!(query("```sparql\nASK { ?s orkgp:P31 ?o }").parsed(), Query::Ask { .. }));
        // Without a fence, from the first keyword.
        assert_eq!(query("The answer: SELECT ?s WHERE { ?s orkgp:P31 ?o }").row_limit(), Some(100));
        assert_eq!(query("the query is\nselect ?s where { ?s orkgp:P31 ?o }").row_limit(), Some(100));
    }

    #[test]
    fn missing_prefix_declarations_are_added_and_declared_ones_win() {
        let reply = "SELECT ?l WHERE { ?p orkgp:P31 ?c . ?c a orkgc:Paper ; rdfs:label ?l FILTER(DATATYPE(?l) = xsd:string) }";
        let q = query(reply);
        let declared: Vec<&str> = q.as_str().lines().take_while(|l| l.starts_with("PREFIX")).collect();
        assert_eq!(
            declared,
            [
                "PREFIX orkgp: <http://orkg.org/orkg/predicate/>",
                "PREFIX orkgc: <http://orkg.org/orkg/class/>",
                "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>",
                "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>",
            ]
        );
        let algebra = q.parsed().to_string();
        assert!(algebra.contains(&format!("<{P}P31>")) && algebra.contains(&format!("<{C}Paper>")), "{algebra}");
        // One declared by the model is not declared twice.
        let q = query("PREFIX orkgp: <http://orkg.org/orkg/predicate/>\nASK { ?s orkgp:P31 ?o ; rdfs:label ?l }");
        assert_eq!(q.as_str().matches("PREFIX orkgp:").count(), 1, "{}", q.as_str());
        assert!(q.as_str().starts_with("PREFIX rdfs:"), "{}", q.as_str());
        // A query's own declaration is the one used: here orkgp: points elsewhere.
        let err = check("PREFIX orkgp: <http://example.org/p/>\nSELECT * WHERE { ?s orkgp:P31 ?o }").unwrap_err();
        assert_eq!(err, GeneratedError::UnknownPredicate("http://example.org/p/P31".into()));
        assert_eq!(code("SELECT * WHERE { ?s unknown:P31 ?o }"), "generated_syntax");
    }

    #[test]
    fn from_clauses_are_refused() {
        assert_eq!(code("SELECT * FROM <http://example.org/graph> WHERE { ?s orkgp:P31 ?o }"), "generated_dataset");
        assert_eq!(code("ASK FROM NAMED <http://example.org/g> { ?s orkgp:P31 ?o }"), "generated_dataset");
    }

    #[test]
    fn the_standard_prefixes_are_the_templates_prefixes() {
        let declared: Vec<String> = PREFIXES.iter().map(|(name, iri)| format!("PREFIX {name}: <{iri}>")).collect();
        let templates: Vec<&str> = crate::pipeline::query::templates::PREFIXES.lines().collect();
        assert_eq!(declared, templates);
    }

    #[test]
    fn the_prompt_holds_the_question_the_examples_the_schema_and_the_refusal_rule() {
        let examples = vec![Example { question: "Which papers address NER?".into(), sparql: "SELECT ?p WHERE { ?p orkgp:P31 ?c }".into() }];
        let request = request("What datasets benchmark question answering?", &schema(), &examples);
        assert!(request.user.contains("What datasets benchmark question answering?"));
        assert!(request.system.contains("Which papers address NER?") && request.system.contains("SELECT ?p WHERE { ?p orkgp:P31 ?c }"));
        assert!(request.system.contains("NOT_ANSWERABLE: <reason>"), "{}", request.system);
        assert!(request.system.contains("```sparql"));
        assert!(request.system.contains("PREFIX orkgp: <http://orkg.org/orkg/predicate/>"));
        assert!(request.system.contains("orkgp:HAS_DATASET (has dataset)") && request.system.contains("orkgc:Paper (Paper)"), "{}", request.system);
        assert_eq!((request.json, request.temperature), (None, 0.0));
    }

    #[test]
    fn the_prompt_lists_at_most_the_cap_pinned_first_then_the_words_of_the_question() {
        let filler = (1..2000).map(|i| (format!("{P}P{}", 1000 + i), format!("property number {i}")));
        let named = [("P5000", "funding agency"), ("P31", "contribution"), ("HAS_SOURCE_CODE", "has source code")];
        let predicates = filler.chain(named.map(|(l, label)| (format!("{P}{l}"), label.to_owned())));
        let schema = Schema::new(predicates, [(format!("{C}Funder"), "Funding agency".to_owned())]);
        let (predicates, classes) = prompt_entries("Which funding agencies paid for it?", &schema);
        assert_eq!(predicates.len() + classes.len(), PROMPT_ENTRIES);
        let listed: Vec<&str> = predicates.iter().map(|(iri, _)| *iri).collect();
        assert_eq!(listed[..2], [format!("{P}P31"), format!("{P}HAS_SOURCE_CODE")]);
        assert_eq!(listed[2], format!("{P}P5000"), "{:?}", &listed[..4]);
        assert_eq!(classes, vec![(format!("{C}Funder").as_str(), "Funding agency")]);
        let system = request("Which funding agencies paid for it?", &schema, &[]).system;
        assert!(system.contains("orkgp:P5000 (funding agency)") && !system.contains("orkgp:P2999 "), "the cap drops the rest");
    }

    #[test]
    fn sciqa_examples_take_one_per_template_first_in_file_order() {
        let json = r#"{"questions": [
            {"question": {"string": "Q1"}, "query": {"sparql": "SELECT 1"}, "template_id": "T01"},
            {"question": {"string": "Q2"}, "query": {"sparql": "SELECT 2"}, "template_id": "T01"},
            {"question": {"string": "Q3"}, "query": {"sparql": "SELECT 3"}, "template_id": "T02"},
            {"question": {"string": "Q4"}, "query": {"sparql": "SELECT 4"}, "template_id": null},
            {"question": {"string": "Q5"}, "query": {"sparql": "SELECT 5"}},
            {"question": {"string": ""}, "query": {"sparql": "SELECT 6"}, "template_id": "T03"},
            {"question": {"string": "Q7"}, "template_id": "T04"},
            {"question": {"string": "Q8"}, "query": {"sparql": "SELECT 8"}, "template_id": "T02", "extra": 1}
        ]}"#;
        let questions = |n| sciqa_examples(json, n).into_iter().map(|e| e.question).collect::<Vec<_>>();
        assert_eq!(questions(3), ["Q1", "Q3", "Q4"]);
        assert_eq!(questions(10), ["Q1", "Q3", "Q4", "Q2", "Q5", "Q8"]);
        assert_eq!(sciqa_examples(json, 1), vec![Example { question: "Q1".into(), sparql: "SELECT 1".into() }]);
        assert!(sciqa_examples("not json", 5).is_empty());
        assert!(sciqa_examples(json, 0).is_empty());
    }
}
