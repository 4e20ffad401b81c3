//! Stage 2 of five (front → query → evidence → trust → answer): from what the question asks
//! to rows. [`plan`] chooses the strategies (it owns [`plan::Strategy`] and
//! [`plan::Role`]), [`templates`] fills `queries/*.rq` with escaped arguments, and
//! [`retrieve`] runs them in parallel with timeouts and a cache: the only module of the
//! pipeline that talks to the knowledge graph. The largest leaderboards are read through
//! their summaries (`crate::boards`), by IRI.

pub mod generated;
pub mod labels;
pub mod plan;
pub mod retrieve;
pub mod templates;

use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use plan::{PlanInput, Strategy};
use retrieve::{Ledger, Retrieved, Retriever};
use templates::Templates;

/// The query stage with its I/O: the templates and the retriever. Every method plans,
/// runs and writes into the question's [`Ledger`]; rows come back raw, for the evidence
/// stage to read. A template that cannot be filled is a diagnostic, never a panic.
pub struct Graph {
    pub templates: Templates,
    pub retriever: Retriever,
    /// The text index over the graph's labels and titles, when it could be built.
    pub index: Option<std::sync::Arc<crate::index::TextIndex>>,
    /// Summaries of the largest leaderboards (embedded stores), when they could be read.
    pub boards: Option<std::sync::Arc<crate::boards::Boards>>,
}

/// The share of a question's term weight (summed IDF) a title must hold to be called
/// relevant: below it, a paper shares only generic words with the question ("learning").
pub const RELEVANT_COVERAGE: f32 = 0.55;
/// With three words or more the graph knows, a title holding the most specific of them
/// ("malaria" in "deep learning for malaria diagnosis") needs this share; one without it
/// needs [`WITHOUT_SPECIFIC_COVERAGE`]. A two-word topic needs both words and
/// [`RELEVANT_COVERAGE`] ("federated learning" is not federated query processing).
pub const SPECIFIC_COVERAGE: f32 = 0.45;
/// What a title lacking the most specific of three or more known words must hold.
pub const WITHOUT_SPECIFIC_COVERAGE: f32 = 0.65;
pub use crate::pipeline::front::link::LOOKUP_COVERAGE;
/// The fewest content words a paper named by part of its title ("the relational modelling
/// of tidal arrays paper") must have for the absence of its title to be checked.
const NAMED_WORDS: usize = 3;
/// Words that say where a paper appeared, or ask where or how often ("which venue was X
/// published in?", "how many citations does X have?"), which its title rarely holds.
const VENUE_WORDS: &[&str] = &["arxiv", "preprint", "acl", "emnlp", "naacl", "neurips", "nips", "icml", "iclr", "cvpr", "iccv", "eccv", "aaai", "ijcai", "journal", "conference", "workshop", "venue", "venues", "citations", "cited"];
/// Most titles one index search returns.
pub const INDEXED_TITLES: usize = 50;
/// Most titles a search for papers of some years returns: the years are checked after the
/// search, so the fifty best by words may hold none of them ("language model papers from
/// 2021": short titles saying "language" come first). Bounded, since every title found has
/// its year read in one query; the index holds no years to filter by.
pub const DATED_TITLES: usize = 500;

/// Whether `title` opens with `name` as the name it gives itself, before a colon
/// ("#Exploration: A Study of Count-Based Exploration ..." for "#exploration").
fn short_name_is(title: &str, name: &str) -> bool {
    title.split_once(':').is_some_and(|(head, _)| head.trim().eq_ignore_ascii_case(name.trim().trim_end_matches(':').trim()))
}

impl Graph {
    /// The indexed title search of a question, when its plan wants a title search (see
    /// [`plan::title_words`]): the question's own content words, through [`Self::titles`].
    /// `pool`: how many titles a topic's search may return ([`INDEXED_TITLES`], or
    /// [`DATED_TITLES`] when the question asks for papers of some years).
    pub fn indexed_titles(&self, input: &PlanInput<'_>, anchored: bool, content_words: &[String], pool: usize) -> Vec<crate::index::Hit> {
        // A quoted title is searched by its own words (with an index, no title scan runs).
        if let Some(title) = &input.lookup.title {
            let words = crate::pipeline::front::extract::content_words(title);
            let mut quoted: Vec<crate::index::Hit> = self.titles(&words).into_iter().filter(|h| h.coverage >= LOOKUP_COVERAGE).collect();
            // Two papers whose titles differ only by case (real dumps hold both): the one
            // written as quoted fits it better, and wins the tie when ranked.
            if quoted.iter().any(|h| h.label.trim() == title.trim()) {
                for hit in quoted.iter_mut().filter(|h| h.label.trim() != title.trim()) {
                    hit.label_coverage *= 0.99;
                }
            } else if quoted.iter().any(|h| short_name_is(&h.label, title)) {
                // "the '#Exploration' paper": the name a title gives itself before its colon
                // names it; other titles holding the word are other papers.
                quoted.retain(|h| short_name_is(&h.label, title));
            }
            if !quoted.is_empty() {
                return quoted;
            }
        }
        match plan::title_words(input, anchored) {
            // A lookup names one paper: its title holds most of what the question says, as
            // written or, when that finds none, with its abbreviations written out ("the
            // indonesian ner paper" for "Indonesian named-entity recognition for ...").
            Some(_) if input.classification.query_type == crate::pipeline::front::classify::QueryType::PaperLookup => {
                let lookup = |words: &[String]| -> Vec<crate::index::Hit> { self.titles(words).into_iter().filter(|h| h.coverage >= LOOKUP_COVERAGE).collect() };
                // "the 2021 arxiv paper on X": a year or a venue places the paper; its title
                // rarely holds them.
                let placed = |w: &String| (w.len() == 4 && w.starts_with(['1', '2']) && w.chars().all(|c| c.is_ascii_digit())) || VENUE_WORDS.contains(&w.as_str());
                // A message of several sentences: its first part (the question proper, else
                // the first sentence that speaks of a paper), then the whole, then the rest.
                let part_words: Vec<Vec<String>> = input.lookup.parts.iter().map(|p| crate::pipeline::front::extract::content_words(p)).filter(|w| w.as_slice() != content_words).collect();
                let first = part_words.first().map(|w| lookup(w)).unwrap_or_default();
                let found = if first.is_empty() { lookup(content_words) } else { first };
                let found = if found.is_empty() { part_words.iter().skip(1).map(|w| lookup(w)).find(|hits| !hits.is_empty()).unwrap_or_default() } else { found };
                let unplaced: Vec<String> = content_words.iter().filter(|w| !placed(w)).cloned().collect();
                let found = if found.is_empty() && !unplaced.is_empty() && unplaced.len() < content_words.len() { lookup(&unplaced) } else { found };
                let long = crate::pipeline::front::abbreviations_written_out(content_words);
                if !found.is_empty() || long == content_words {
                    return found;
                }
                // Written out, an abbreviation weighs as much as its words ("nmt": three), so
                // a title holding only it would pass: the title must also hold most of the
                // question's other words.
                let rest: Vec<String> = content_words.iter().filter(|w| long.contains(w)).cloned().collect();
                let others = if rest.is_empty() { Vec::new() } else { lookup(&rest) };
                lookup(&long).into_iter().filter(|h| others.iter().any(|o| o.iri == h.iri)).collect()
            }
            // A topic: its titles, and those using another name for one of its words
            // ("covid" for titles that say "SARS-CoV-2"), after them.
            Some(_) => {
                let mut hits = self.titles_within(content_words, pool);
                for variant in crate::pipeline::front::title_variants(content_words) {
                    for hit in self.titles_within(&variant, pool) {
                        if !hits.iter().any(|h| h.iri == hit.iri) {
                            hits.push(hit);
                        }
                    }
                }
                hits
            }
            None => Vec::new(),
        }
    }

    /// The titles holding every word a question names its paper by, unquoted ("i'm citing
    /// the relational modelling of tidal arrays paper": [`extract::named_paper`]), three or
    /// more of them. Not searched for the answer: such words also name topics the graph
    /// lacks, and a partial title found for one is a wrong answer. A lookup that found
    /// nothing while one of these exists has not shown the absence it reports (the scope
    /// gate reads them).
    ///
    /// [`extract::named_paper`]: crate::pipeline::front::extract::named_paper
    pub fn named_titles(&self, lookup: &crate::pipeline::front::extract::LookupKeys) -> Vec<crate::index::Hit> {
        let Some(named) = &lookup.named else { return Vec::new() };
        let words = crate::pipeline::front::extract::content_words(named);
        if words.len() < NAMED_WORDS {
            return Vec::new();
        }
        self.titles(&words).into_iter().filter(|h| h.coverage >= 0.999).collect()
    }

    /// The paper a claim names by words of its title ("the HadGEM2 paper", "that bike counts
    /// weather paper"): the best title holding nearly all of them, as a lookup's must
    /// ([`LOOKUP_COVERAGE`]). `None` without an index or such a title.
    pub fn named_paper(&self, side: &str) -> Option<crate::index::Hit> {
        static KIND: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
            crate::pipeline::pattern::Regex::new(r"(?i)['’]s\b|\b(?:paper|papers|one|article|preprint|study|work)\b").unwrap_or_else(|e| panic!("paper kind pattern: {e}"))
        });
        let words = crate::pipeline::front::extract::content_words(&KIND.replace_all(side, " "));
        if words.is_empty() {
            return None;
        }
        // A title's own short name, as quoted ("the '#Exploration' paper"), names it before any
        // other title holding the word.
        let found = |words: &[String]| {
            let hits: Vec<crate::index::Hit> = self.titles(words).into_iter().filter(|h| h.coverage >= LOOKUP_COVERAGE).collect();
            let short = hits.iter().position(|h| short_name_is(&h.label, side));
            hits.into_iter().nth(short.unwrap_or(0))
        };
        // "the phrase-based & neural unsupervised MT paper": its title writes "MT" out.
        found(&words).or_else(|| {
            let long = crate::pipeline::front::abbreviations_written_out(&words);
            (long != words).then(|| found(&long)).flatten()
        })
    }

    /// Titles relevant to `words` from the text index, best first. Relevant: the title
    /// holds at least [`RELEVANT_COVERAGE`] of the words' weight, and every word the graph
    /// knows when there are only two ("federated learning" needs both: a title with only
    /// "federated" is about something else). Empty without an index.
    pub fn titles(&self, words: &[String]) -> Vec<crate::index::Hit> {
        self.titles_within(words, INDEXED_TITLES)
    }

    /// [`Self::titles`], `limit` at most.
    fn titles_within(&self, words: &[String], limit: usize) -> Vec<crate::index::Hit> {
        self.index.as_deref().map(|index| relevant_titles(index, words, limit)).unwrap_or_default()
    }

    /// The question's strategies (none, with a diagnostic, if a template and its
    /// arguments disagree).
    pub fn plan(&self, input: &PlanInput<'_>, diagnostics: &mut Diagnostics) -> Vec<Strategy> {
        plan::plan(&self.templates, input).unwrap_or_else(|e| {
            diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the queries: {e}"));
            Vec::new()
        })
    }

    /// Years, DOIs and titles of `papers`, from one query (none when there are no papers).
    pub async fn years(&self, papers: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::years(&self.templates, papers) {
            Ok(Some(strategy)) => self.retriever.run_all(vec![strategy], ledger).await,
            Ok(None) => Vec::new(),
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the year query: {e}"));
                Vec::new()
            }
        }
    }

    /// A model's results ([`plan::results_of`]).
    pub async fn results_of(&self, model: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::results_of(&self.templates, model) {
            Ok(strategy) => self.retriever.run_all(vec![strategy], ledger).await,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the model's results query: {e}"));
                Vec::new()
            }
        }
    }

    /// The datasets of research problems ([`plan::datasets_of_task`]).
    pub async fn datasets_of_task(&self, tasks: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::datasets_of_task(&self.templates, tasks) {
            Ok(strategy) => self.retriever.run_all(vec![strategy], ledger).await,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the problem's datasets query: {e}"));
                Vec::new()
            }
        }
    }

    /// The results the papers of a lookup report ([`plan::results_in`]).
    pub async fn results_in(&self, papers: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::results_in(&self.templates, papers) {
            Ok(strategy) => self.retriever.run_all(vec![strategy], ledger).await,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the paper's results query: {e}"));
                Vec::new()
            }
        }
    }

    /// Which of `papers` record a source-code link ([`plan::papers_with_code`]); `None` when
    /// that could not be read.
    pub async fn papers_with_code(&self, papers: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Option<std::collections::BTreeSet<String>> {
        self.paper_set(plan::papers_with_code(&self.templates, papers), "the papers' code", ledger, diagnostics).await
    }

    /// The papers with a result on, or a use of, one of `datasets` ([`plan::papers_on`]):
    /// "T papers that don't use D"; `None` when that could not be read.
    pub async fn papers_on(&self, datasets: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Option<std::collections::BTreeSet<String>> {
        self.paper_set(plan::papers_on(&self.templates, datasets), "the boards' papers", ledger, diagnostics).await
    }

    /// The `?paper`s of one strategy's rows, its report kept in `ledger`.
    async fn paper_set(&self, strategy: Result<Strategy, templates::BuildError>, what: &str, ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Option<std::collections::BTreeSet<String>> {
        let strategy = match strategy {
            Ok(strategy) => strategy,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the query of {what}: {e}"));
                return None;
            }
        };
        let mut own = Ledger::default();
        let rows = self.retriever.run_all(vec![strategy], &mut own).await;
        let failed = own.all_failed();
        ledger.reports.extend(own.reports);
        ledger.records.extend(own.records);
        (!failed).then(|| rows.iter().flat_map(|r| r.rows.rows.iter().filter_map(|row| retrieve::text(row, "paper"))).collect())
    }

    /// The whole boards of `datasets` ([`plan::boards_of`]).
    pub async fn boards_of(&self, datasets: &[String], ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        match plan::boards_of(&self.templates, datasets) {
            Ok(strategies) => self.retriever.run_all(strategies, ledger).await,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the board queries: {e}"));
                Vec::new()
            }
        }
    }

    /// Authors, fields, methods, datasets, tasks and code of the cited papers; a failed
    /// detail strategy says that sources lack some metadata.
    pub async fn details(&self, chosen: &[String], venues: bool, ledger: &mut Ledger, diagnostics: &mut Diagnostics) -> Vec<Retrieved> {
        let strategies = match plan::details(&self.templates, chosen, venues) {
            Ok(strategies) => strategies,
            Err(e) => {
                diagnostics.push(Code::QueryBuildFailed, Stage::Query, format!("could not build the detail queries: {e}"));
                return Vec::new();
            }
        };
        let mut own = Ledger::default();
        let rows = self.retriever.run_all(strategies, &mut own).await;
        for report in own.reports.iter().filter(|r| r.error.is_some()) {
            let error = report.error.as_deref().unwrap_or_default();
            let message = format!("strategy {} failed: {error}; sources lack some metadata", report.name);
            diagnostics.push(report.failure_code(), Stage::Query, message);
        }
        ledger.extend(own);
        rows
    }
}

/// The fewest words read as a title's, whose typos are read as the titles' words.
const TITLE_WORDS: usize = 5;

/// The titles of [`Graph::titles`], from `index`, `limit` at most.
fn relevant_titles(index: &crate::index::TextIndex, words: &[String], limit: usize) -> Vec<crate::index::Hit> {
    // A title's word typed one letter off ("vidoe") is the word the titles hold, in words
    // that read as a title: in a few words, an unknown one is as likely a name the graph
    // lacks ("ms marco" is not "ms macro").
    let corrected = (words.len() >= TITLE_WORDS).then(|| index.corrected(words)).flatten();
    let text = corrected.as_deref().unwrap_or(words).join(" ");
    let known = index.weights(&text);
    let Some((rarest, _)) = known.first() else { return Vec::new() };
    // "QALD 4", "QALD-10", "Chang'e 4", "3C SiC": a number written in a name tells that
    // name from its siblings, so a title must hold it ("QALD-9" is no paper on QALD-10). A
    // year is left out: it dates the ask more often than it names ("papers from 2020").
    // Only a number written as a word of its own or after a hyphen ("qald-10", "3c-sic"):
    // digits inside a word ("data2text", "b117", "n2") are a code, written many ways.
    let numbers: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter_map(|piece| {
            let digits: String = piece.chars().take_while(char::is_ascii_digit).collect();
            let rest = &piece[digits.len()..];
            (!digits.is_empty() && rest.chars().count() <= 1 && rest.chars().all(char::is_alphabetic)).then_some(digits)
        })
        .filter(|t| !(t.len() == 4 && (t.starts_with("19") || t.starts_with("20"))))
        .collect();
    let hits = index.search(&text, &[crate::index::DocKind::Paper], limit);
    hits.into_iter()
        .filter(|h| numbers.iter().all(|n| h.matched.contains(n)))
        .filter(|h| {
            if known.len() > 2 {
                // The most specific word, or nearly every other: "quantum error correction"
                // is not error-correction modelling.
                (h.coverage >= SPECIFIC_COVERAGE && h.matched.contains(rarest)) || h.coverage >= WITHOUT_SPECIFIC_COVERAGE
            } else {
                h.coverage >= RELEVANT_COVERAGE && h.matched.len() >= known.len()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{DocKind, IndexDoc, TextIndex};

    fn titles(labels: &[&str], question: &str) -> Vec<String> {
        let docs = labels.iter().enumerate().map(|(i, l)| IndexDoc { kind: DocKind::Paper, iri: format!("p{i}"), label: (*l).to_owned() });
        let index = TextIndex::build(docs, None).unwrap();
        let words: Vec<String> = question.split_whitespace().map(str::to_owned).collect();
        relevant_titles(&index, &words, INDEXED_TITLES).into_iter().map(|h| h.label).collect()
    }

    #[test]
    fn a_title_is_named_by_the_name_it_gives_itself_before_its_colon() {
        assert!(short_name_is("#Exploration: A Study of Count-Based Exploration for Deep Reinforcement Learning", "#exploration"));
        assert!(!short_name_is("Deep Exploration via Bootstrapped DQN", "#exploration"));
        assert!(!short_name_is("Exploration by Random Network Distillation: a study", "exploration"));
    }

    const TITLES: &[&str] = &[
        "FedX: Federated Query Processing on Linked Data",
        "Deep malaria parasite detection in thin blood smear images",
        "A survey of deep learning",
        "Learning to rank with deep networks",
        "Transfer learning for image diagnosis",
        "Reinforcement learning for robots",
        "Graph learning at scale",
        "Automated diagnosis of skin cancer",
        "Diagnosis of faults in engines",
        "Learning about malaria",
    ];

    #[test]
    fn a_title_without_the_most_specific_word_needs_nearly_all_the_rest() {
        let labels = ["Cointegration and error correction models of energy use", "Error correction in quantum codes", "Error analysis of sensors", "Energy use in cities", "Correction of spelling"];
        let found = titles(&labels, "quantum error correction");
        assert_eq!(found, vec!["Error correction in quantum codes".to_owned()]);
    }

    #[test]
    fn a_number_written_in_a_name_is_held_by_every_title_found() {
        let labels = ["Question answering over linked data (QALD-4)", "Answering over linked data (QALD-5)", "9th Challenge on Question Answering over Linked Data (QALD-9)", "Linked data in 2020"];
        assert_eq!(titles(&labels, "QALD 4"), vec![labels[0].to_owned()]);
        assert!(titles(&labels, "QALD-10").is_empty(), "{:?}", titles(&labels, "QALD-10"));
        let codes = ["Data-to-Text Generation with Content Selection", "Case fatality of variant B.1.1.7"];
        assert_eq!(titles(&codes, "data2text generation"), vec![codes[0].to_owned()], "digits inside a word are a code, not a number");
    }

    #[test]
    fn a_two_word_topic_needs_both_words_in_a_title() {
        assert!(titles(TITLES, "federated learning").is_empty(), "{:?}", titles(TITLES, "federated learning"));
    }

    #[test]
    fn with_more_words_a_title_holding_the_most_specific_needs_less_of_the_rest() {
        let found = titles(TITLES, "deep learning malaria diagnosis");
        assert!(found.contains(&"Deep malaria parasite detection in thin blood smear images".to_owned()), "{found:?}");
        assert!(found.contains(&"Learning about malaria".to_owned()), "under the general share, but it holds \"malaria\": {found:?}");
        assert!(!found.contains(&"A survey of deep learning".to_owned()), "{found:?}");
    }
}
