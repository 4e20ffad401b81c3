//! Questions about ORKG comparison tables, answered from the table: a cell ("what is the
//! scope of dokieli?"), a yes/no ("does ViCoMap support aggregation?"), an aggregate ("the
//! most common knowledge representation", "the average F1", "which system has the worst
//! recall", "how many ..."), a list ("which papers use DBLP?") or a whole column.
//!
//! [`understand`] finds the table, the rows and the properties a question names, by words:
//! a row by its name (a name cell such as "ViCoMap", or a title's head such as "ADANA") or
//! by most of its title's words; a property by its label's words (typos forgiven: one edit
//! in a word of five letters, two from eight, as "accquistion" for acquisition); a value by
//! its words. It asks for evidence a leaderboard or topic question never has (a named row,
//! or a property label named whole), so the templates keep every other question. The
//! reading names rows and properties by IRI, so [`answer`] can apply it to the table as it
//! is read again for the question. Both are pure.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use crate::comparisons::{Table, NAME_LABELS};

/// What the question asks of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// The named rows' values of the named properties.
    Cell,
    /// Yes or no: the named row's property holds (T, Yes) or holds the value named.
    Ask,
    /// The most (least) common value of a property.
    Most,
    Least,
    /// The mean of a numeric property.
    Average,
    /// The highest (lowest) value of a numeric property; with `which`, the row holding it.
    Highest { which: bool },
    Lowest { which: bool },
    /// How many rows hold the value named (or have the property).
    Count,
    /// The rows holding the value named: their names, titles, or another property.
    List,
    /// Every value of a property.
    Column,
}

/// What [`understand`] read in a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The comparison's IRI.
    pub table: String,
    pub op: Op,
    /// The rows named (their contributions' IRIs).
    pub rows: Vec<String>,
    /// The properties asked for (their IRIs), best first.
    pub columns: Vec<String>,
    /// A value the question names and the property holding it, for a list or a yes/no.
    pub filter: Option<(String, String)>,
    /// The question asks for papers (titles) rather than systems (names).
    pub papers: bool,
    /// The labels of `columns`, for telling a property from an entity the question names.
    pub labels: Vec<String>,
}

/// Words that carry no name or property.
const STOP: &[&str] = &[
    "a", "an", "the", "of", "in", "on", "for", "to", "by", "with", "and", "or", "is", "are", "was", "were", "be", "does", "do", "did", "can",
    "could", "what", "which", "who", "whom", "how", "many", "much", "this", "that", "these", "those", "it", "its", "paper", "papers",
    "publication", "publications", "titled", "called", "system", "systems", "approach", "approaches", "work", "works", "used", "use",
    "uses", "using", "employ", "employs", "employes", "has", "have", "kind", "type", "types", "there", "all", "list", "give", "me", "tell",
    "about", "from", "most", "least", "common", "average", "mean", "max", "maximum", "min", "minimum", "highest", "lowest", "best", "worst",
    "number", "performed", "supported", "support", "supports", "between", "among", "any", "some", "proposed", "their", "they", "been",
    "deal", "deals", "dealt", "size", "name", "names",
];

fn is_stop(word: &str) -> bool {
    STOP.contains(&word)
}

/// Function words: what a property label's words are read without ("has research problem"
/// is research, problem). Smaller than [`STOP`]: "type" and "approach" name properties.
const LABEL_STOP: &[&str] = &["a", "an", "the", "of", "in", "on", "for", "to", "by", "with", "and", "or", "has", "is", "uses", "use", "used"];

/// Words of a question that name the rows in general, not one of them.
const ROW_WORDS: &[&str] = &[
    "paper", "papers", "publication", "publications", "system", "systems", "systsms", "approach", "approaches", "tool", "tools", "work",
    "works", "ontology", "ontologies", "method", "methods", "evaluation", "evaluations", "technique", "techniques", "compared", "studies",
];

/// Lowercased alphanumeric words.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// A crude stem: plurals and -ing/-ed endings off, so "classes" meets "class".
fn stem(word: &str) -> &str {
    let long = |suffix: &str| word.len() > suffix.len() + 3 && word.ends_with(suffix);
    let cut = |n: usize| &word[..word.len() - n];
    if long("ies") {
        return cut(3);
    }
    // "classes", "approaches" lose "es"; "types" loses only the "s"; "class" keeps it.
    if long("es") && ["ses", "xes", "ches", "shes"].iter().any(|s| word.ends_with(s)) {
        return cut(2);
    }
    if long("s") && !word.ends_with("ss") {
        return cut(1);
    }
    for suffix in ["ing", "ed"] {
        if long(suffix) {
            return cut(suffix.len());
        }
    }
    word
}

/// The same word, a form of it, or a typo of it.
fn same_word(a: &str, b: &str) -> bool {
    if a == b || stem(a) == stem(b) {
        return true;
    }
    let allowed = typos_allowed(if a.len() <= b.len() { a } else { b });
    if allowed == 0 || a.len().abs_diff(b.len()) > allowed {
        return false;
    }
    // Two edits only with the first letter kept: "fixation" is no typo of "citation".
    match strsim::levenshtein(a, b) {
        0 | 1 => true,
        d => d <= allowed && a.chars().next() == b.chars().next(),
    }
}

/// The question's words, with which are taken by a row or a value.
struct Words {
    all: Vec<String>,
}

impl Words {
    fn has(&self, word: &str) -> bool {
        self.all.iter().any(|w| same_word(w, word))
    }

    /// Whether `phrase`'s words appear in a row in the question (a name: exact words).
    fn has_phrase(&self, phrase: &[String]) -> bool {
        !phrase.is_empty() && self.all.windows(phrase.len()).any(|w| w == phrase)
    }

    /// The share of a label's content words (see [`ColumnWords`]) in the question,
    /// skipping `taken` words.
    fn coverage(&self, content: &[String], taken: &BTreeSet<String>) -> (f64, usize) {
        if content.is_empty() {
            return (0.0, 0);
        }
        let matched = content.iter().filter(|w| self.all.iter().any(|q| !taken.contains(q) && same_word(q, w))).count();
        (matched as f64 / content.len() as f64, matched)
    }
}

/// Question words that mean a property's label word: ("weakness", "limitations").
const SYNONYMS: &[(&str, &str)] = &[
    ("weakness", "limitations"),
    ("weaknesses", "limitations"),
    ("drawback", "limitations"),
    ("drawbacks", "limitations"),
    ("shortcoming", "limitations"),
    ("shortcomings", "limitations"),
    ("handle", "deals"),
    ("handles", "deals"),
    ("address", "deals"),
    ("addresses", "deals"),
    ("measure", "metric"),
    ("measures", "metric"),
    ("datasets", "dataset"),
    ("url", "iri"),
];

static ASK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(does|do|did|is|are|can|could|has|have|was|were)\b").expect("ask pattern"));
static AVERAGE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(average|mean)\b").expect("average pattern"));
static MOST: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bmost\s+(common|commonly|used|popular|frequent|frequently|often)\b|\bmost\b").expect("most pattern"));
static LEAST: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bleast\b|\brarest\b").expect("least pattern"));
static HIGHEST: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(max|maximum|highest|best|largest|biggest|greatest|top)\b").expect("highest pattern"));
static LOWEST: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(min|minimum|lowest|worst|smallest|fewest)\b").expect("lowest pattern"));
static COUNT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bhow many\b|\bnumber of (papers|systems|works|rows|tools)\b").expect("count pattern"));
static MOST_COMMON: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bmost\s+(common|commonly|used|popular|frequent|frequently|often)\b").expect("most common pattern"));
/// Words naming the knowledge graph itself ("does the graph have", "in the KG"), which name
/// no table's property or value: "Graph" is a column of some tables, and "how many COVID-19
/// papers does the graph have?" is no question about it. ("ORKG" alone is left: it is a
/// system some tables compare.)
static THE_GRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(?:the|this|your)\s+(?:knowledge\s+)?graph\b|\bthe\s+kg\b").expect("the graph pattern"));

/// `lower` without the words naming the knowledge graph itself (see [`THE_GRAPH`]).
fn without_the_graph(lower: &str) -> String {
    THE_GRAPH.replace_all(lower, " ").into_owned()
}

static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""([^"]{8,})"|“([^”]{8,})”|(?:^|\s)'([^']{8,})'"#).expect("quoted pattern"));
static ASKS_NAME: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bcalled\b|\bname of\b|\bnamed\b|\bwhat('s| is) the (tool|system|implementation)\b").expect("name pattern"));
static QUESTION_FORM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(what|what's|whats|which|who|how|list|name|give|show|tell|find|is|are|does|do|can|among|in)\b|\?\s*$").expect("question pattern"));
static WHICH: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(which|what|who)\b").expect("which pattern"));
static PAPERS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(papers?|publications?|articles?|works?)\b").expect("papers pattern"));
static ROWS_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(papers?|publications?|systems?|systsms|approaches|tools?|works?|ontolog(y|ies)|methods?|evaluations?)\b").expect("rows pattern"));

/// How well each row is named: 1 for its name, else the share of its title's words.
fn row_scores(shape: &TableWords, q: &Words, quotes: &[String]) -> Vec<(usize, f64, BTreeSet<String>)> {
    let mut out = Vec::new();
    let quoted_words: Vec<String> = quotes.iter().map(|quote| words(quote).join(" ")).filter(|quote| quote.split(' ').count() >= 2).collect();
    for (r, row) in shape.rows.iter().enumerate() {
        if let Some(n) = row.names.iter().find(|n| q.has_phrase(n)) {
            out.push((r, 1.0, n.iter().cloned().collect()));
            continue;
        }
        let matched: BTreeSet<String> = q.all.iter().filter(|w| row.content.iter().any(|c| same_word(w, c))).cloned().collect();
        // A title quoted in part ("the paper "Open Research Knowledge Graph"") names its row.
        let t = &row.title;
        if quoted_words.iter().any(|quote| t.starts_with(quote.as_str()) || (quote.len() >= 20 && t.contains(quote.as_str()))) {
            out.push((r, 1.0, quotes.iter().flat_map(|quote| words(quote)).collect()));
            continue;
        }
        let hits = row.content.iter().filter(|c| q.has(c)).count();
        let coverage = if row.content.is_empty() { 0.0 } else { hits as f64 / row.content.len() as f64 };
        // Two or three shared words are often only the table's topic ("name disambiguation"):
        // a title is named by most of its words, at least three, or all of a short one.
        if (hits >= 3 && coverage >= 0.6) || (hits >= 2 && coverage >= 0.999) || (hits >= 5 && coverage >= 0.5) {
            out.push((r, coverage.max(0.6), matched));
        }
    }
    out
}

/// A table's words, split once when the [`Catalogue`] is built rather than for every
/// question read on it: what [`read_table`] compares with the question's words.
struct TableWords {
    rows: Vec<RowWords>,
    columns: Vec<ColumnWords>,
    /// Every word the table holds (titles, labels, cells): what explains the words of a
    /// question that names no row.
    all: BTreeSet<String>,
}

struct RowWords {
    /// The phrases that name the row whole, in the order they are tried: its name, its
    /// title's head, a short cell of a naming column (each with a word of three letters).
    names: Vec<Vec<String>>,
    /// The title's words, joined by single spaces (what a quoted title is compared with).
    title: String,
    /// The title's content words: no stop word, none shorter than three letters, none of
    /// the words many titles of the table share (its topic: "author", "disambiguation").
    content: Vec<String>,
    /// The words of the title and of every cell.
    own: Vec<String>,
}

struct ColumnWords {
    /// The label's words.
    label: Vec<String>,
    /// The label's content words (no function word, no single letter): what names it.
    content: Vec<String>,
    numeric: bool,
    flag: bool,
    /// The values that can filter the rows, with their content words: not held by every
    /// row, not a number or a flag, with a word of three letters.
    filters: Vec<(String, Vec<String>)>,
}

impl TableWords {
    fn new(table: &Table) -> Self {
        let mut frequency: BTreeMap<String, usize> = BTreeMap::new();
        for row in &table.rows {
            for w in words(&row.title).into_iter().collect::<BTreeSet<_>>() {
                *frequency.entry(w).or_default() += 1;
            }
        }
        let common = (table.rows.len() * 3 / 10).max(2);
        let topic: BTreeSet<String> = frequency.into_iter().filter(|(_, n)| *n >= common).map(|(w, _)| w).collect();
        let naming: Vec<usize> = (0..table.columns.len()).filter(|&c| NAME_LABELS.iter().any(|l| table.columns[c].label.to_lowercase().contains(l))).collect();
        let rows = table
            .rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let head = crate::comparisons::short_name(&row.title).map(words).unwrap_or_default();
                // A short cell of a naming column ("implementation", "evaluation") names its
                // row too, where the table's name column could not be told (its values repeat).
                let named_cells = naming.iter().flat_map(|&c| row.texts(c).into_iter().filter(|t| t.split_whitespace().count() <= 3 && flag(t).is_none()).map(words));
                let names = [words(&table.name(r)), head].into_iter().chain(named_cells).filter(|n| n.iter().any(|w| w.len() >= 3)).collect();
                let title_words = words(&row.title);
                let content = title_words.iter().filter(|w| !is_stop(w) && w.len() >= 3 && !topic.contains(*w)).cloned().collect();
                let mut own = title_words.clone();
                own.extend(row.cells.values().flatten().flat_map(|c| words(&c.text)));
                RowWords { names, title: title_words.join(" "), content, own }
            })
            .collect();
        let columns = (0..table.columns.len())
            .map(|c| {
                let label = words(&table.columns[c].label);
                let content = label.iter().filter(|w| !LABEL_STOP.contains(&w.as_str()) && w.len() > 1).cloned().collect();
                let filters = column_values(table, c)
                    .into_iter()
                    // A value every row holds filters nothing (the research problem of the whole table).
                    .filter(|value| !table.rows.iter().all(|r| r.values(c).iter().any(|v| v.eq_ignore_ascii_case(value))))
                    .filter(|value| flag(value).is_none() && numeric(value).is_none())
                    .filter_map(|value| {
                        let vw: Vec<String> = words(&value).into_iter().filter(|w| !is_stop(w)).collect();
                        vw.iter().any(|w| w.len() >= 3).then_some((value, vw))
                    })
                    .collect();
                ColumnWords { label, content, numeric: is_numeric(table, c), flag: is_flag(table, c), filters }
            })
            .collect();
        Self { rows, columns, all: table_words(table) }
    }
}

/// The distinct values of a column, each with its words.
fn column_values(table: &Table, column: usize) -> Vec<String> {
    let mut values: Vec<String> = table.rows.iter().flat_map(|r| r.values(column)).collect();
    values.sort();
    values.dedup();
    values
}

fn numeric(text: &str) -> Option<f64> {
    text.trim().trim_end_matches('%').replace(',', "").parse().ok()
}

/// Whether most of a column's cells are numbers.
fn is_numeric(table: &Table, column: usize) -> bool {
    let cells: Vec<String> = table.rows.iter().flat_map(|r| r.values(column)).collect();
    !cells.is_empty() && cells.iter().filter(|c| numeric(c).is_some()).count() * 5 >= cells.len() * 3
}

/// A yes/no cell: T/Yes, F/N/No, or Partially.
fn flag(text: &str) -> Option<&'static str> {
    match text.trim().to_lowercase().as_str() {
        "t" | "true" | "yes" | "y" => Some("Yes"),
        "f" | "false" | "no" | "n" => Some("No"),
        "partially" | "partial" => Some("Partially"),
        _ => None,
    }
}

/// Whether most of a column's cells are yes/no flags (T, F, Partially).
fn is_flag(table: &Table, column: usize) -> bool {
    let cells: Vec<String> = table.rows.iter().flat_map(|r| r.values(column)).collect();
    !cells.is_empty() && cells.iter().filter(|c| flag(c).is_some()).count() * 5 >= cells.len() * 4
}

/// Every word a table holds: titles, labels, cells.
fn table_words(table: &Table) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for column in &table.columns {
        out.extend(words(&column.label));
    }
    for row in &table.rows {
        out.extend(words(&row.title));
        for cells in row.cells.values() {
            for cell in cells {
                out.extend(words(&cell.text));
            }
        }
    }
    out
}

/// Words of questions that ask nothing of a table ("compared", "recorded", "take").
const ORDINARY: &[&str] = &[
    "compared", "comparison", "recorded", "take", "takes", "reported", "report", "evaluated", "mentioned", "listed", "included", "includes",
    "covered", "whats", "what", "one", "ones", "etc", "also", "both", "either", "shows", "show", "appears", "frequently", "often", "handle",
];

/// One table's reading of the question, and how strongly the question points at it.
/// The question's words, with the property words its synonyms stand for ("weakness" also
/// as "limitations").
fn question_words(lower: &str) -> Vec<String> {
    let mut all = words(lower);
    let extra: Vec<String> = all.iter().filter_map(|w| SYNONYMS.iter().find(|(a, _)| a == w).map(|(_, b)| (*b).to_owned())).collect();
    all.extend(extra);
    all
}

/// A question as every table reads it: lower-cased, its words, its quotations.
struct Asked {
    lower: String,
    words: Words,
    quotes: Vec<String>,
}

impl Asked {
    fn new(q: &str) -> Self {
        let lower = without_the_graph(&q.trim().to_lowercase());
        let words = Words { all: question_words(&lower) };
        let quotes = QUOTED.captures_iter(q).filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)).map(|m| m.as_str().to_owned())).collect();
        Self { lower, words, quotes }
    }
}

fn read_table(asked: &Asked, table: &Table, shape: &TableWords) -> Option<(f64, Reading)> {
    let (lower, qw) = (&asked.lower, &asked.words);
    // Rows: the best named, and any as well named.
    let scored = row_scores(shape, qw, &asked.quotes);
    let best_row = scored.iter().map(|(_, s, _)| *s).fold(0.0, f64::max);
    let rows: Vec<&(usize, f64, BTreeSet<String>)> = if best_row >= 0.6 { scored.iter().filter(|(_, s, _)| *s >= best_row - 1e-9).collect() } else { Vec::new() };
    // Several rows named in a question that counts, ranks or lists are the table's context
    // ("among SUMMARIST, SumUM, GISTEXTER etc, how many ..."), not its subject.
    let aggregates = COUNT.is_match(lower) || AVERAGE.is_match(lower) || MOST.is_match(lower) || LEAST.is_match(lower);
    let rows: Vec<&(usize, f64, BTreeSet<String>)> = if rows.len() >= 2 && (aggregates || lower.starts_with("which")) { Vec::new() } else { rows };
    let taken: BTreeSet<String> = rows.iter().flat_map(|(_, _, w)| w.iter().cloned()).collect();
    // Properties, by their labels' words.
    let mut matched_words: BTreeMap<usize, usize> = BTreeMap::new();
    let mut columns: Vec<(usize, f64)> = (0..table.columns.len())
        .filter_map(|c| {
            let (coverage, matched) = qw.coverage(&shape.columns[c].content, &taken);
            matched_words.insert(c, matched);
            (coverage >= 0.5 && matched >= 1).then_some((c, coverage))
        })
        .collect();
    // A label named whole with more words ("knowledge representation") beats a one-word
    // label the same words also name ("method").
    columns.sort_by(|a, b| b.1.total_cmp(&a.1).then(matched_words[&b.0].cmp(&matched_words[&a.0])));
    let best_column = columns.first().map_or(0.0, |c| c.1);
    let best_words = columns.first().map_or(0, |c| matched_words[&c.0]);
    // A value named, outside the row's own words.
    let mut filter: Option<(usize, String, f64)> = None;
    for (c, column) in shape.columns.iter().enumerate() {
        for (value, vw) in &column.filters {
            let all_there = vw.iter().all(|w| qw.all.iter().any(|q| !taken.contains(q) && same_word(q, w)));
            // A value that is only the property's own name ("Aggregation") is no filter, nor
            // is a one-word value a question asks a paper's details with ("what year was the
            // X paper" names no row whose evidence is "Year").
            let is_label = columns.iter().any(|(cc, _)| shape.columns[*cc].label == *vw);
            let asking = matches!(vw.as_slice(), [one] if PAPER_DETAIL_WORDS.contains(&one.to_lowercase().as_str()));
            if all_there && !is_label && !asking {
                let strength = vw.len() as f64 + if columns.iter().any(|(cc, _)| *cc == c) { 0.5 } else { 0.0 };
                if filter.as_ref().is_none_or(|f| strength > f.2) {
                    filter = Some((c, value.clone(), strength));
                }
            }
        }
    }
    let named_rows = !rows.is_empty();
    let asks = ASK.is_match(lower);
    let which = WHICH.is_match(lower) && ROWS_WORD.is_match(lower);
    let numeric_best = columns.iter().find(|(c, _)| shape.columns[*c].numeric).map(|(c, _)| *c);
    // A yes/no property named in a "which"/"how many" question: the rows where it holds.
    let flag_best = columns.iter().find(|(c, s)| *s >= 0.99 && shape.columns[*c].flag).map(|(c, _)| *c);
    if !named_rows && filter.is_none() && (which || COUNT.is_match(lower)) {
        if let Some(c) = flag_best {
            filter = Some((c, "T".to_owned(), 1.0));
        }
    }
    let names_asked = named_rows && best_column < 0.99 && ASKS_NAME.is_match(lower);
    // Only a question reads a table: "ontology visualization tools" or "scholarly knowledge
    // graphs / ORKG papers" are topic searches that happen to share a table's words.
    if !QUESTION_FORM.is_match(lower) {
        return None;
    }
    let op = if asks && named_rows {
        Op::Ask
    } else if !named_rows && AVERAGE.is_match(lower) && numeric_best.is_some() {
        Op::Average
    } else if !named_rows && COUNT.is_match(lower) && (filter.is_some() || best_column > 0.0) {
        Op::Count
    } else if !named_rows && LEAST.is_match(lower) && best_column > 0.0 {
        if numeric_best.is_some() { Op::Lowest { which } } else { Op::Least }
    } else if !named_rows && LOWEST.is_match(lower) && numeric_best.is_some() {
        Op::Lowest { which }
    } else if !named_rows && HIGHEST.is_match(lower) && numeric_best.is_some() {
        Op::Highest { which }
    } else if !named_rows && MOST.is_match(lower) && best_column > 0.0 {
        if numeric_best.is_some() && !MOST_COMMON.is_match(lower) {
            Op::Highest { which: true }
        } else {
            Op::Most
        }
    } else if named_rows && (best_column > 0.0 || names_asked) {
        Op::Cell
    } else if !named_rows && filter.is_some() {
        Op::List
    } else if !named_rows && best_column >= 0.99 {
        Op::Column
    } else {
        return None;
    };
    // The property an aggregate reads: a numeric one for a number, else the best named.
    let mut chosen: Vec<usize> = match op {
        Op::Average | Op::Highest { .. } | Op::Lowest { .. } => numeric_best.into_iter().collect(),
        Op::Cell => columns.iter().filter(|(_, s)| *s >= best_column - 1e-9).map(|(c, _)| *c).collect(),
        Op::List | Op::Count => columns.iter().filter(|(c, s)| *s >= 0.99 && filter.as_ref().is_none_or(|f| f.0 != *c)).map(|(c, _)| *c).take(1).collect(),
        _ => columns.iter().take(1).map(|(c, _)| *c).collect(),
    };
    if op == Op::Cell && names_asked {
        let naming = table.name_column.or_else(|| (0..table.columns.len()).find(|&c| NAME_LABELS.iter().any(|l| table.columns[c].label.to_lowercase().contains(l))));
        if let Some(c) = naming.filter(|c| !chosen.contains(c)) {
            chosen.insert(0, c);
        }
    }
    // Evidence the question is about this table: a named row counts most, then a whole
    // property label, then a value.
    let strength = 2.0 * best_row.min(1.0) * f64::from(u8::from(named_rows)) + best_column + 0.1 * best_words as f64 + filter.as_ref().map_or(0.0, |f| 0.25 * f.2);
    // The question's other words must be explained: by the property, the value, the rows
    // named (or, with none named, anything the table holds), the rows in general, or the
    // operation. "What's the runtime complexity of <a method>?" names a method row and a
    // "Method" column, but "runtime complexity" is nowhere.
    let mut explained: BTreeSet<&str> = chosen.iter().flat_map(|&c| shape.columns[c].label.iter().map(String::as_str)).chain(taken.iter().map(String::as_str)).collect();
    let filter_words = filter.as_ref().map(|(_, v, _)| words(v)).unwrap_or_default();
    explained.extend(filter_words.iter().map(String::as_str));
    for (r, _, _) in &rows {
        explained.extend(shape.rows[*r].own.iter().map(String::as_str));
    }
    if !named_rows {
        explained.extend(shape.all.iter().map(String::as_str));
    }
    let leftover = qw
        .all
        .iter()
        .filter(|w| !is_stop(w) && !ROW_WORDS.contains(&w.as_str()) && !ORDINARY.contains(&w.as_str()) && w.len() > 2 && w.parse::<f64>().is_err())
        .filter(|w| !explained.contains(w.as_str()) && !explained.iter().any(|e| same_word(w, e)))
        .count();
    let enough = match op {
        Op::Ask => leftover <= 2,
        Op::Cell => (best_column >= 0.5 || names_asked) && leftover <= 2,
        Op::List => filter.is_some() && (best_column >= 0.99 || ROWS_WORD.is_match(lower)) && leftover <= 1,
        Op::Column => best_column >= 0.99 && leftover == 0,
        _ => (best_column >= 0.99 || (best_column >= 0.5 && columns.len() == 1)) && leftover <= 2,
    };
    if !enough {
        return None;
    }
    Some((
        strength,
        Reading {
            table: table.iri.clone(),
            op,
            rows: rows.iter().map(|(r, _, _)| table.rows[*r].contribution.clone()).collect(),
            columns: chosen.iter().map(|c| table.columns[*c].predicate.clone()).collect(),
            filter: filter.map(|(c, v, _)| (table.columns[c].predicate.clone(), v)),
            papers: PAPERS.is_match(lower) && !lower.contains("paper \"") && op == Op::List,
            labels: chosen.iter().map(|c| table.columns[*c].label.clone()).collect(),
        },
    ))
}

/// The rows of the comparison `table` a question names by its id ("what papers does this
/// comparison compare?", "what's in ORKG comparison R8364?") and asks nothing else of that
/// a reading finds: every row, by its paper's title. `None` for a question that does not
/// speak of the comparison.
pub fn every_row(q: &str, table: &str) -> Option<Reading> {
    static OF_THE_COMPARISON: std::sync::LazyLock<crate::pipeline::pattern::Regex> =
        std::sync::LazyLock::new(|| crate::pipeline::pattern::Regex::new(r"(?i)\bcomparison\b").unwrap_or_else(|e| panic!("comparison word pattern: {e}")));
    OF_THE_COMPARISON.is_match(q).then(|| Reading { table: table.to_owned(), op: Op::List, rows: Vec::new(), columns: Vec::new(), filter: None, papers: true, labels: Vec::new() })
}

/// The reading of `q` over `tables`, from the one it points at most; `hint` restricts it
/// to one comparison (an evaluation that is given the table, as JarvisQA's is).
pub fn understand(q: &str, tables: &[Table], hint: Option<&str>) -> Option<Reading> {
    let shapes: Vec<TableWords> = tables.iter().map(TableWords::new).collect();
    best_reading(q, tables.iter().zip(&shapes), hint)
}

fn best_reading<'a>(q: &str, tables: impl Iterator<Item = (&'a Table, &'a TableWords)>, hint: Option<&str>) -> Option<Reading> {
    let asked = Asked::new(q);
    tables
        .filter(|(t, _)| hint.is_none_or(|h| t.iri == h || t.iri.ends_with(&format!("/{h}"))))
        .filter_map(|(t, shape)| read_table(&asked, t, shape))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, reading)| reading)
}

/// The tables, each with the words that can name it, gathered once: a question shares none
/// of a table's words (the same word, a form of it, or a typo of it, as [`same_word`]
/// allows) cannot be read on it, so [`Catalogue::understand`] reads only the tables it
/// shares one with. Every reading needs one: a named row (a word of its name, or of its
/// title), a property (a word of its label), or a value (a word of it); a quoted title is
/// the exception, and a question quoting one is read on every table. Typos are found
/// through each word's deletions (a word within `n` edits of another shares a string with
/// it that `n` deletions from each reach), so no question is compared with every word.
pub struct Catalogue {
    pub tables: Vec<Table>,
    /// Each table's words, split once.
    shapes: Vec<TableWords>,
    /// By [`stem`]: the tables holding a word of that stem.
    stems: HashMap<String, Vec<usize>>,
    /// By a word's deletions (the word itself included): the words of five letters or more.
    deletions: HashMap<String, Vec<usize>>,
    /// Those words, and the tables holding each.
    long: Vec<(String, Vec<usize>)>,
}

/// How many edits [`same_word`] forgives in a word this long (by the shorter of two).
fn typos_allowed(word: &str) -> usize {
    if word.len() >= 8 {
        2
    } else if word.len() >= 5 {
        1
    } else {
        0
    }
}

/// `word` with up to `depth` characters deleted, itself included.
fn deletions(word: &str, depth: usize) -> BTreeSet<String> {
    let mut out = BTreeSet::from([word.to_owned()]);
    let mut frontier = vec![word.to_owned()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for w in &frontier {
            let chars: Vec<char> = w.chars().collect();
            for i in 0..chars.len() {
                let shorter: String = chars.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, c)| *c).collect();
                if out.insert(shorter.clone()) {
                    next.push(shorter);
                }
            }
        }
        frontier = next;
    }
    out
}

/// The words of `table` that a reading of it must share with the question (see
/// [`Catalogue`]): its property labels' words, its rows' name and title words, and its
/// values' words, without the words that never name anything.
fn witnesses(table: &Table) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for column in &table.columns {
        out.extend(words(&column.label).into_iter().filter(|w| !LABEL_STOP.contains(&w.as_str()) && w.len() > 1));
    }
    // A name is matched whole, so any word of it stands for it: one that is not a stop
    // word where it has one.
    let mut phrase = |p: Vec<String>| {
        let content: Vec<String> = p.iter().filter(|w| !is_stop(w)).cloned().collect();
        out.extend(if content.is_empty() { p } else { content });
    };
    for r in 0..table.rows.len() {
        phrase(words(&table.name(r)));
        phrase(crate::comparisons::short_name(&table.rows[r].title).map(words).unwrap_or_default());
        for c in 0..table.columns.len() {
            for text in table.rows[r].texts(c) {
                phrase(words(text));
            }
            for value in table.rows[r].values(c) {
                phrase(words(&value));
            }
        }
    }
    for row in &table.rows {
        out.extend(words(&row.title).into_iter().filter(|w| !is_stop(w) && w.len() >= 3));
    }
    out
}

impl Catalogue {
    pub fn new(tables: Vec<Table>) -> Self {
        let mut by_word: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (t, table) in tables.iter().enumerate() {
            for w in witnesses(table) {
                by_word.entry(w).or_default().push(t);
            }
        }
        let mut stems: HashMap<String, Vec<usize>> = HashMap::new();
        let mut long = Vec::new();
        let mut deletion_index: HashMap<String, Vec<usize>> = HashMap::new();
        for (word, in_tables) in by_word {
            let entry = stems.entry(stem(&word).to_owned()).or_default();
            entry.extend(&in_tables);
            entry.sort_unstable();
            entry.dedup();
            let depth = typos_allowed(&word);
            if depth > 0 {
                for d in deletions(&word, depth) {
                    deletion_index.entry(d).or_default().push(long.len());
                }
                long.push((word, in_tables));
            }
        }
        let shapes = tables.iter().map(TableWords::new).collect();
        Self { tables, shapes, stems, deletions: deletion_index, long }
    }

    /// The tables sharing a word with the question, in order.
    fn candidates(&self, question_words: &[String]) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        for w in question_words {
            if let Some(t) = self.stems.get(stem(w)) {
                out.extend(t);
            }
            let depth = typos_allowed(w);
            if depth == 0 {
                continue;
            }
            for d in deletions(w, depth) {
                for &i in self.deletions.get(&d).into_iter().flatten() {
                    let (word, in_tables) = &self.long[i];
                    if same_word(w, word) {
                        out.extend(in_tables);
                    }
                }
            }
        }
        out
    }

    /// [`understand`] over the tables the question shares a word with.
    pub fn understand(&self, q: &str, hint: Option<&str>) -> Option<Reading> {
        let lower = q.trim().to_lowercase();
        if !QUESTION_FORM.is_match(&lower) {
            return None;
        }
        // A table given ("what papers does orkg.org/comparison/R6949 compare?") is read
        // whatever words the question shares with it.
        let chosen: Vec<usize> = if QUOTED.is_match(q) || hint.is_some() { (0..self.tables.len()).collect() } else { self.candidates(&question_words(&without_the_graph(&lower))).into_iter().collect() };
        best_reading(q, chosen.into_iter().map(|t| (&self.tables[t], &self.shapes[t])), hint)
    }
}

/// One value of the answer and the rows it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub text: String,
    /// Indices of the rows stating it.
    pub rows: Vec<usize>,
    /// The property it is a value of (its label), when it is one.
    pub property: Option<String>,
    /// The row it describes, for a cell or a row found by a value (its name).
    pub row_name: Option<String>,
}

/// What a reading gives on a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub values: Vec<Value>,
    /// For a yes/no: the answer.
    pub verdict: Option<bool>,
    /// The sentence, with `{rows:i,j}` where citations of those rows go.
    pub sentence: String,
    /// Every (row, property IRI) the answer read, for the evidence graph.
    pub cells: Vec<(usize, String)>,
    /// Numbers the sentence states that are counts of rows, not recorded values.
    pub counts: Vec<String>,
}

fn column_index(table: &Table, predicate: &str) -> Option<usize> {
    table.columns.iter().position(|c| c.predicate == predicate)
}

fn cite(rows: &[usize]) -> String {
    format!("{{rows:{}}}", rows.iter().map(usize::to_string).collect::<Vec<_>>().join(","))
}

fn number(x: f64) -> String {
    let s = format!("{:.2}", x);
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Applies `reading` to `table` (as read for this question); `None` when the table no
/// longer holds what it names.
pub fn answer(reading: &Reading, table: &Table) -> Option<Outcome> {
    let rows: Vec<usize> = reading.rows.iter().filter_map(|c| table.rows.iter().position(|r| &r.contribution == c)).collect();
    let columns: Vec<usize> = reading.columns.iter().filter_map(|p| column_index(table, p)).collect();
    let filter = reading.filter.as_ref().and_then(|(p, v)| Some((column_index(table, p)?, v.clone())));
    let label = |c: usize| table.columns[c].label.clone();
    let mut cells = Vec::new();
    let mut values = Vec::new();
    let mut counts: Vec<String> = vec![table.rows.len().to_string()];
    let holds = |r: usize, (c, v): &(usize, String)| table.rows[r].values(*c).iter().any(|x| x.eq_ignore_ascii_case(v));
    let sentence = match reading.op {
        Op::Cell => {
            let mut parts = Vec::new();
            for &r in &rows {
                for &c in &columns {
                    let texts = table.rows[r].values(c);
                    if texts.is_empty() {
                        continue;
                    }
                    cells.push((r, table.columns[c].predicate.clone()));
                    for t in &texts {
                        values.push(Value { text: t.clone(), rows: vec![r], property: Some(label(c)), row_name: Some(table.name(r)) });
                    }
                    parts.push(format!("{} of {}: {} {}", label(c), table.name(r), texts.join(", "), cite(&[r])));
                }
            }
            if parts.is_empty() {
                let names: Vec<String> = rows.iter().map(|&r| table.name(r)).collect();
                let props: Vec<String> = columns.iter().map(|&c| label(c)).collect();
                return Some(Outcome { values, verdict: None, sentence: format!("The comparison records no {} for {}.", props.join(" or "), names.join(", ")), cells, counts: Vec::new() });
            }
            format!("{}.", parts.join("; "))
        }
        Op::Ask => {
            let r = *rows.first()?;
            let cell_flag = columns.first().and_then(|&c| table.rows[r].texts(c).first().and_then(|t| flag(t)).map(|f| (c, f)));
            let (yes, why) = match (cell_flag, &filter) {
                (Some((c, f)), _) => {
                    cells.push((r, table.columns[c].predicate.clone()));
                    (f != "No", format!("{} of {} is recorded as \"{}\"", label(c), table.name(r), table.rows[r].texts(c).join(", ")))
                }
                (None, Some(f)) => {
                    let c = f.0;
                    cells.push((r, table.columns[c].predicate.clone()));
                    let found = holds(r, f);
                    (found, format!("{} of {}: {}", label(c), table.name(r), table.rows[r].texts(c).join(", ")))
                }
                (None, None) => {
                    // A property named without a flag: the question's words against its values.
                    let c = *columns.first()?;
                    cells.push((r, table.columns[c].predicate.clone()));
                    return Some(Outcome {
                        values: table.rows[r].values(c).into_iter().map(|t| Value { text: t, rows: vec![r], property: Some(label(c)), row_name: Some(table.name(r)) }).collect(),
                        verdict: None,
                        sentence: format!("{} of {}: {} {}.", label(c), table.name(r), table.rows[r].texts(c).join(", "), cite(&[r])),
                        cells,
                        counts: Vec::new(),
                    });
                }
            };
            values.push(Value { text: (if yes { "Yes" } else { "No" }).into(), rows: vec![r], property: None, row_name: Some(table.name(r)) });
            return Some(Outcome { values, verdict: Some(yes), sentence: format!("{}: {} {}.", if yes { "Yes" } else { "No" }, why, cite(&[r])), cells, counts: Vec::new() });
        }
        Op::Most | Op::Least => {
            let c = *columns.first()?;
            let mut tally: BTreeMap<String, Vec<usize>> = BTreeMap::new();
            let mut spelled: BTreeMap<String, String> = BTreeMap::new();
            for r in 0..table.rows.len() {
                for v in table.rows[r].values(c) {
                    cells.push((r, table.columns[c].predicate.clone()));
                    let key = v.to_lowercase();
                    spelled.entry(key.clone()).or_insert(v);
                    let rows = tally.entry(key).or_default();
                    if !rows.contains(&r) {
                        rows.push(r);
                    }
                }
            }
            let pick = if reading.op == Op::Most { tally.values().map(Vec::len).max()? } else { tally.values().map(Vec::len).min()? };
            let chosen: Vec<(&String, &Vec<usize>)> = tally.iter().filter(|(_, r)| r.len() == pick).collect();
            for (key, rows) in &chosen {
                values.push(Value { text: spelled[*key].clone(), rows: (*rows).clone(), property: Some(label(c)), row_name: None });
            }
            counts.push(pick.to_string());
            let word = if reading.op == Op::Most { "most" } else { "least" };
            let listed: Vec<String> = chosen.iter().map(|(k, r)| format!("{} {}", spelled[*k], cite(r))).collect();
            format!("The {word} common {} in the comparison ({} of {} rows each): {}.", label(c), pick, table.rows.len(), listed.join("; "))
        }
        Op::Average => {
            let c = *columns.first()?;
            let nums: Vec<(usize, f64)> = (0..table.rows.len()).flat_map(|r| table.rows[r].values(c).into_iter().filter_map(move |v| numeric(&v).map(|x| (r, x)))).collect();
            if nums.is_empty() {
                return None;
            }
            let mean = nums.iter().map(|(_, x)| x).sum::<f64>() / nums.len() as f64;
            let rows: Vec<usize> = nums.iter().map(|(r, _)| *r).collect::<BTreeSet<_>>().into_iter().collect();
            cells.extend(rows.iter().map(|r| (*r, table.columns[c].predicate.clone())));
            values.push(Value { text: number(mean), rows: rows.clone(), property: Some(label(c)), row_name: None });
            counts.push(nums.len().to_string());
            format!("The average {} over the {} values recorded is {} {}.", label(c), nums.len(), number(mean), cite(&rows))
        }
        Op::Highest { which } | Op::Lowest { which } => {
            let c = *columns.first()?;
            let nums: Vec<(usize, f64, String)> =
                (0..table.rows.len()).flat_map(|r| table.rows[r].values(c).into_iter().filter_map(move |v| numeric(&v).map(|x| (r, x, v)))).collect();
            let high = matches!(reading.op, Op::Highest { .. });
            let best = nums.iter().map(|(_, x, _)| *x).fold(if high { f64::MIN } else { f64::MAX }, |a, b| if high { a.max(b) } else { a.min(b) });
            let top: Vec<&(usize, f64, String)> = nums.iter().filter(|(_, x, _)| (*x - best).abs() < 1e-12).collect();
            if top.is_empty() {
                return None;
            }
            let word = if high { "highest" } else { "lowest" };
            let mut parts = Vec::new();
            for (r, _, text) in &top {
                cells.push((*r, table.columns[c].predicate.clone()));
                let name = table.name(*r);
                let shown = if which { name.clone() } else { text.clone() };
                values.push(Value { text: shown, rows: vec![*r], property: Some(label(c)), row_name: Some(name.clone()) });
                parts.push(format!("{name} with {text} {}", cite(&[*r])));
            }
            format!("The {word} {} in the comparison: {}.", label(c), parts.join("; "))
        }
        Op::Count | Op::List => {
            let matching: Vec<usize> = match &filter {
                Some(f) => (0..table.rows.len()).filter(|&r| holds(r, f)).collect(),
                // No property either: every row ("what papers does this comparison compare?").
                None if columns.is_empty() => (0..table.rows.len()).collect(),
                None => (0..table.rows.len()).filter(|&r| columns.first().is_some_and(|&c| !table.rows[r].texts(c).is_empty())).collect(),
            };
            if let Some((c, _)) = &filter {
                cells.extend(matching.iter().map(|r| (*r, table.columns[*c].predicate.clone())));
            }
            let what = filter.as_ref().map(|(c, v)| format!("{} {v}", label(*c))).unwrap_or_else(|| columns.first().map(|&c| label(c)).unwrap_or_default());
            if reading.op == Op::Count {
                values.push(Value { text: matching.len().to_string(), rows: matching.clone(), property: None, row_name: None });
                counts.push(matching.len().to_string());
                format!("{} of the {} rows of the comparison have {what} {}.", matching.len(), table.rows.len(), cite(&matching))
            } else if let Some(&c) = columns.first() {
                // Another property of the rows found: "the datasets used with user defined similarity".
                let mut seen = BTreeSet::new();
                for &r in &matching {
                    cells.push((r, table.columns[c].predicate.clone()));
                    for v in table.rows[r].values(c) {
                        if seen.insert(v.to_lowercase()) {
                            values.push(Value { text: v, rows: vec![r], property: Some(label(c)), row_name: Some(table.name(r)) });
                        }
                    }
                }
                let listed: Vec<String> = values.iter().map(|v| format!("{} {}", v.text, cite(&v.rows))).collect();
                format!("{} of the rows with {what}: {}.", label(c), listed.join("; "))
            } else {
                for &r in &matching {
                    let shown = if reading.papers { table.rows[r].title.clone() } else { table.name(r) };
                    values.push(Value { text: shown, rows: vec![r], property: None, row_name: Some(table.name(r)) });
                }
                let listed: Vec<String> = values.iter().map(|v| format!("{} {}", v.text, cite(&v.rows))).collect();
                match what.is_empty() {
                    true => format!("The comparison's {} rows: {}.", table.rows.len(), listed.join("; ")),
                    false => format!("With {what}: {}.", listed.join("; ")),
                }
            }
        }
        Op::Column => {
            let c = *columns.first()?;
            let mut seen = BTreeSet::new();
            for r in 0..table.rows.len() {
                for v in table.rows[r].values(c) {
                    cells.push((r, table.columns[c].predicate.clone()));
                    if seen.insert(v.to_lowercase()) {
                        values.push(Value { text: v, rows: vec![r], property: Some(label(c)), row_name: Some(table.name(r)) });
                    }
                }
            }
            let listed: Vec<String> = values.iter().map(|v| format!("{} ({}) {}", v.text, v.row_name.clone().unwrap_or_default(), cite(&v.rows))).collect();
            format!("{} in the comparison: {}.", label(c), listed.join("; "))
        }
    };
    if values.is_empty() {
        return None;
    }
    Some(Outcome { values, verdict: None, sentence, cells, counts })
}

/// Words a question asks a paper's details with, never a table's value on their own.
const PAPER_DETAIL_WORDS: &[&str] = &["year", "years", "date", "title", "doi", "paper", "papers", "published", "publication", "venue"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::comparisons::{Cell, Column, Row};

    fn table() -> Table {
        let columns = ["Semantic representation", "Acquisition", "Data type", "Supports research data", "Knowledge representation", "Class count"];
        let rows: [(&str, [&str; 6]); 4] = [
            ("Open Research Knowledge Graph: Next Generation Infrastructure", ["ORKG", "Authors, Crowdsourcing", "Free text", "Partially", "Metadata, RDF", "12"]),
            ("The anatomy of a nanopublication", ["Nanopublications", "Authors, Automatic extraction", "Free text", "T", "RDF", "30"]),
            ("RASH: Research Articles in Simplified HTML", ["RASH", "Authors", "Free text", "F", "RDF", "7"]),
            ("Decentralised Authoring, Annotations and Notifications for a Read-Write Web with dokieli", ["dokieli", "Authors", "Structured", "T", "OWL, RDF", "9"]),
        ];
        let mut t = Table {
            iri: "http://orkg.org/orkg/resource/R8364".into(),
            columns: columns.iter().enumerate().map(|(i, l)| Column { predicate: format!("p{i}"), label: (*l).into() }).collect(),
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, (title, cells))| Row {
                    contribution: format!("c{i}"),
                    paper: Some(format!("paper{i}")),
                    title: (*title).into(),
                    cells: cells.iter().enumerate().map(|(c, v)| (c, vec![Cell { text: (*v).into(), iri: None }])).collect(),
                })
                .collect(),
            name_column: None,
        };
        t.name_column = Some(0);
        t
    }

    fn run(q: &str) -> (Reading, Outcome) {
        let t = table();
        let reading = understand(q, std::slice::from_ref(&t), None).unwrap_or_else(|| panic!("no reading of {q:?}"));
        let outcome = answer(&reading, &t).unwrap_or_else(|| panic!("no answer to {q:?}"));
        (reading, outcome)
    }

    #[test]
    fn a_comparison_named_by_its_id_and_asked_for_its_papers_lists_every_row() {
        let t = table();
        let reading = every_row("what papers does this comparison compare?", &t.iri).unwrap();
        let outcome = answer(&reading, &t).unwrap();
        assert_eq!(outcome.values.len(), 4);
        assert!(outcome.sentence.starts_with("The comparison's 4 rows: The anatomy of a nanopublication") || outcome.sentence.contains("The anatomy of a nanopublication"), "{}", outcome.sentence);
        assert!(every_row("which papers use crowdsourcing?", &t.iri).is_none(), "no word of the comparison");
    }

    #[test]
    fn the_catalogue_reads_only_tables_sharing_a_word_and_reads_them_as_every_table_would_be() {
        let mut other = table();
        other.iri = "http://orkg.org/orkg/resource/R9".into();
        other.columns[1].label = "Tokenizer".into();
        let catalogue = Catalogue::new(vec![table(), other.clone()]);
        for q in [
            "what is the acquisition of dokieli?",
            "which systems use crowdsourcing?",
            "what is the accquistion of dokieli?",
            "how many systems support research data?",
            "which tokenizer does RASH use?",
            "what is the best model on SQuAD?",
        ] {
            assert_eq!(catalogue.understand(q, None), understand(q, &catalogue.tables, None), "{q}");
        }
        // "accquistion" (a typo) still reaches the table through its deletions.
        let words = question_words("what is the accquistion of dokieli?");
        assert!(catalogue.candidates(&words).contains(&0));
        assert!(catalogue.candidates(&question_words("what is the best model on squad?")).is_empty(), "no table shares a word");
        assert!(catalogue.candidates(&question_words("which tokenizer is used?")).contains(&1));
        assert!(!catalogue.candidates(&question_words("which tokenizer is used?")).contains(&0));
    }

    #[test]
    fn a_word_asking_for_a_papers_details_is_no_value_of_the_table() {
        let mut t = table();
        t.rows[2].cells.insert(2, vec![Cell { text: "Year".into(), iri: None }]);
        let reading = understand("what year was the alphafold paper?", std::slice::from_ref(&t), None);
        assert!(reading.as_ref().is_none_or(|r| r.filter.is_none()), "{reading:?}");
        assert!(understand("which systems use crowdsourcing?", std::slice::from_ref(&t), None).is_some_and(|r| r.filter.is_some()), "a value still filters");
    }

    #[test]
    fn deletions_reach_every_word_within_the_typos_forgiven() {
        let shared = |a: &str, b: &str| !deletions(a, typos_allowed(a)).is_disjoint(&deletions(b, typos_allowed(b)));
        assert!(shared("acquisition", "accquistion"));
        assert!(shared("limitations", "limitatoins"));
        assert!(shared("crowd", "crown"));
        assert!(!shared("crowdsourcing", "outsourcing"));
    }

    fn texts(o: &Outcome) -> Vec<&str> {
        o.values.iter().map(|v| v.text.as_str()).collect()
    }

    #[test]
    fn a_cell_of_a_row_named_by_its_title_or_its_name_is_read() {
        let (r, o) = run("What is the data type supported by the paper \"Open Research Knowledge Graph\"?");
        assert_eq!(r.op, Op::Cell);
        assert_eq!(texts(&o), ["Free text"]);
        let (_, o) = run("Who is responsable for accquistion in the RASH system?");
        assert_eq!(texts(&o), ["Authors"], "a typo in the property is forgiven");
        assert!(o.sentence.contains("{rows:2}"), "{}", o.sentence);
    }

    #[test]
    fn aggregates_count_each_listed_value_and_keep_ties() {
        let (r, o) = run("What is the most common Knowledge representation method?");
        assert_eq!(r.op, Op::Most);
        assert_eq!(texts(&o), ["RDF"]);
        let (_, o) = run("what is the least common knowledge representation?");
        assert_eq!(texts(&o), ["Metadata", "OWL"]);
        let (r, o) = run("Which ontology has the most classes?");
        assert_eq!(r.op, Op::Highest { which: true });
        assert_eq!(texts(&o), ["Nanopublications"]);
        let (_, o) = run("What is the average class count?");
        assert_eq!(texts(&o), ["14.5"]);
    }

    #[test]
    fn a_yes_no_question_reads_a_flag_or_looks_for_the_value() {
        let (r, o) = run("Does RASH support research data?");
        assert_eq!(r.op, Op::Ask);
        assert_eq!(o.verdict, Some(false));
        let (_, o) = run("Does dokieli use OWL?");
        assert_eq!(o.verdict, Some(true), "{o:?}");
        let (_, o) = run("Does RASH use OWL?");
        assert_eq!(o.verdict, Some(false));
    }

    #[test]
    fn a_value_named_lists_the_rows_holding_it() {
        let (r, o) = run("Which systems use crowdsourcing?");
        assert_eq!(r.op, Op::List);
        assert_eq!(texts(&o), ["ORKG"]);
        let (_, o) = run("Which papers use automatic extraction?");
        assert_eq!(texts(&o), ["The anatomy of a nanopublication"]);
    }

    #[test]
    fn the_knowledge_graph_named_in_a_question_is_no_property_or_value_of_a_table() {
        let mut t = table();
        t.columns[2].label = "Graph".into();
        t.rows[1].cells.insert(2, vec![Cell { text: "Graph".into(), iri: None }]);
        let catalogue = Catalogue::new(vec![t.clone()]);
        for q in ["how many COVID-19 papers from 2020 does the graph have?", "what is the oldest paper in the knowledge graph?", "which papers on question answering are in the KG?"] {
            assert_eq!(understand(q, std::slice::from_ref(&t), None), None, "{q}");
            assert_eq!(catalogue.understand(q, None), None, "{q}");
        }
        assert!(understand("which systems use a graph?", std::slice::from_ref(&t), None).is_some(), "a graph, not the graph, still names the value");
        assert!(understand("What is the acquisition of ORKG?", std::slice::from_ref(&t), None).is_some(), "ORKG named as a system");
    }

    #[test]
    fn questions_with_no_named_row_or_property_are_left_to_the_templates() {
        let t = table();
        for q in ["Which model is best on SQuAD?", "papers about knowledge graphs", "What datasets are used for question answering?"] {
            assert_eq!(understand(q, std::slice::from_ref(&t), None), None, "{q}");
        }
    }

    #[test]
    fn words_match_across_forms_and_typos_but_not_across_meanings() {
        assert!(same_word("classes", "class"));
        assert!(same_word("accquistion", "acquisition"));
        assert!(same_word("similairty", "similarity"));
        assert!(!same_word("recall", "precision"));
        assert!(!same_word("data", "date"), "short words must match exactly");
        assert!(!same_word("fixation", "citation"), "two edits keep the first letter");
    }
}
