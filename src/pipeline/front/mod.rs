//! Stage 1 of five (front → query → evidence → trust → answer): from the question's words
//! to what it asks. Spelling variants are settled first ([`spelling`]). Extraction
//! ([`extract`]: keywords over the [`lexicon`], or the LLM, grounded in the question),
//! classification ([`classify`]: the rule classifier, or the LLM where the wording does
//! not settle it), normalisation and linking to graph IRIs
//! ([`normalize`]), and the question's time anchor ([`anchor`]). Everything here is a
//! function of the question and the lexicon; the LLM calls go through
//! [`crate::pipeline::stage_llm`], made by the orchestrator.

pub mod anchor;
pub mod classify;
pub mod extract;
pub mod form;
pub mod grounding;
pub mod ids;
pub mod lexicon;
pub mod metrics;
pub mod metric_ask;
pub mod link;
pub mod normalize;
pub mod parts;
pub mod pasted;
pub mod restrict;
pub mod spelling;
pub mod statement;
pub mod synonyms;
pub mod tally;
pub mod tops;

use serde::Serialize;

use crate::pipeline::diagnostics::Diagnostics;
use anchor::AsOf;
use classify::Classification;
use extract::{Entities, LookupKeys};
use lexicon::Lexicon;
use normalize::Normalized;

/// Who decided a front-stage output: the LLM (`llm`), or a deterministic fallback (`rules`
/// for the question type, `keywords` for the entities).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Decider {
    Llm,
    Rules,
    Keywords,
}

/// What the front decided; shared by the first attempt and a retry.
#[derive(Debug, Clone)]
pub struct Front {
    pub classification: Classification,
    pub query_type_source: Decider,
    pub entities: Entities,
    pub entities_source: Decider,
    pub normalized: Normalized,
    /// Title words of the fallback search.
    pub keywords: Vec<String>,
    /// Every content word, names included: the text index's search.
    pub content_words: Vec<String>,
    pub lookup: LookupKeys,
    pub as_of: Option<AsOf>,
    /// "top 3": how many of the best the answer lists ([`extract::EVERY`] for a `board`).
    pub top_k: Option<usize>,
    /// "every model on D", "the highest and the lowest", "below 75": what a question that
    /// is not a claim asks of a board beyond its best.
    pub board: Option<extract::BoardAsk>,
    /// "the most recent work on X", "the oldest paper on Y": papers are listed in that order.
    pub age: Option<anchor::Age>,
    /// The part of the graph the question asks about ("other than X", "from 2020 on").
    pub restriction: restrict::Restriction,
    /// "Which models on D have (no) code?": a board's models filtered by their code.
    pub coded: Option<bool>,
}

/// The two decisions the LLM may take part in, as made (see [`extract::choose`] and
/// [`classify::choose`]).
pub struct Decisions {
    pub entities: (Entities, Decider),
    pub classification: (Classification, Decider),
}

impl Front {
    /// Normalises and links the entities, and reads the title keywords, the lookup keys
    /// and the time anchor.
    pub fn new(question: &str, lexicon: &Lexicon, index: Option<&crate::index::TextIndex>, decisions: Decisions) -> Self {
        let Decisions { entities: (entities, entities_source), classification: (mut classification, query_type_source) } = decisions;
        let mut normalized = normalize::normalize(lexicon, &entities);
        if let Some(index) = index {
            link::widened(index, question, &mut normalized);
            link::unlinked(index, &mut normalized);
            for (kind, guess) in statement::guesses(question) {
                for entity in normalized.get_mut(kind).iter_mut().filter(|e| !e.is_linked() && guess.starts_with(e.text.as_str())) {
                    link::shrink(index, entity);
                    if !entity.is_linked() && kind == lexicon::EntityKind::Dataset {
                        link::loosely(index, entity);
                    }
                }
            }
            link::unclaused(index, &mut normalized);
            listed_task(index, question, &mut normalized);
            statement::drop_unlinked_guesses(question, &mut normalized);
            // A board named in words no extraction caught, for the questions that read a
            // board: its best, a claim about it, its models, metrics or code. Not a request
            // for datasets, whose subject is a task ("datasets for protein folding" is not
            // the PROTEINS board).
            let reads_a_board = matches!(classification.query_type, classify::QueryType::MethodComparison | classify::QueryType::ClaimVerification)
                || matches!(classification.target, classify::Target::Models | classify::Target::Metrics | classify::Target::Code);
            if reads_a_board {
                link::board_in_question(index, question, &mut normalized);
                link::near_miss_board(index, question, &mut normalized);
            }
            link::model_described(index, question, &mut normalized);
            link::problem_in_question(index, question, &mut normalized);
            // "Which DMControl100k tasks was CURL evaluated on?": tasks named by a family
            // word that board labels hold and no research problem's are the model's boards.
            if classification.target == classify::Target::Problems && normalized.methods.iter().any(|m| m.is_linked()) {
                let family = BOARD_TASKS.captures(question).and_then(|c| c.get(1)).map(|f| f.as_str().to_owned());
                let whole = |kind: crate::index::DocKind, words: &str| index.search(words, &[kind], 1).iter().any(|h| h.coverage >= 0.999);
                if family.is_some_and(|f| whole(crate::index::DocKind::Dataset, &f) && !whole(crate::index::DocKind::Problem, &f)) {
                    classification = Classification { query_type: classify::QueryType::DatasetSearch, target: classify::Target::Datasets };
                }
            }
            // Every variant counts for a model's papers and code; for its datasets when the
            // name is a family's, not one label's ("which datasets was bert evaluated on" is
            // every BERT's; "bit-l evaluations" are BiT-L's own).
            let a_models_datasets = classification.target == classify::Target::Datasets && normalized.tasks.is_empty();
            let usage = classification.query_type == classify::QueryType::MethodUsage;
            if usage || a_models_datasets {
                for model in normalized.methods.iter_mut().filter(|m| m.is_linked() && (usage || lexicon::normalize(&m.text) != lexicon::normalize(&m.canonical))) {
                    link::family(index, model);
                }
            }
        }
        // "Which atari games was X evaluated on?": X's boards; the task's words only say
        // which kind they are (its boards would be every model's).
        // "On which atari games is X the best?": of X's boards, those it leads.
        let boards_of_a_kind = (classification.target == classify::Target::Datasets && MODELS_BOARDS_OF_A_KIND.is_match(question)) || LED_OF_A_KIND.is_match(question);
        if boards_of_a_kind && normalized.methods.iter().any(|m| m.is_linked()) {
            normalized.tasks.clear();
        }
        // Models and boards the question sets aside are not what it asks about.
        let mut lookup = extract::lookup_keys(question);
        if classification.query_type == classify::QueryType::PaperLookup {
            lookup.parts = extract::lookup_parts(question);
        }
        let mut restriction = restrict::read(question, &normalized);
        // "the nitrogen fixation paper from 2019 - what's its doi": the paper of that year.
        // A paper named by its quoted title is that paper, whatever year the question gives it.
        if classification.target == classify::Target::PaperDetails && restriction.from_year.is_none() && restriction.to_year.is_none() && lookup.title.is_none() {
            if let Some(year) = restrict::lookup_year(question) {
                (restriction.from_year, restriction.to_year) = (Some(year), Some(year));
            }
        }
        if classification.query_type == classify::QueryType::ClaimVerification {
            restriction.datasets.retain(|d| !restrict::said_unused(question, d));
            restriction.models.retain(|m| !restrict::said_only(question, m));
        }
        restrict::set_aside(&mut normalized, &restriction);
        // A model named only in an aside after the question ("By 2020, what was the best
        // chrF on it? I seem to remember Ostrada-T reported something there") is not asked
        // about, whatever the question's pronouns point back to.
        let kept = classify::before_asides(question);
        if kept.len() < question.len() {
            let aside = &question[kept.len()..];
            normalized.methods.retain(|m| normalize::said_in(kept, &m.text) || !normalize::said_in(aside, &m.text));
        }
        // A model named only in the sentences that set the scene is not what is asked about
        // ("the vendor pushes Wendrel-S. Which model leads BenchMira?"), unless the question
        // names no model and points back to one ("... What's its DOI?", "Which of the two
        // did better?").
        let part = classify::asked_part(question);
        if part.len() < question.len() {
            let part = part.to_lowercase();
            // By any of its names: "NER" and "named entity recognition" are one task, kept by
            // the name the question proper uses.
            let named_in_part = |m: &normalize::NormalizedEntity| std::iter::once(&m.text).chain(std::iter::once(&m.canonical)).chain(&m.aliases).any(|n| normalize::said_in(&part, n));
            // "that board", "this dataset" point back to the board, not to a model.
            static BOARD_BACK: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
                crate::pipeline::pattern::Regex::new(r"\b(?:that|this|the same)\s+(?:board|leaderboard|dataset|benchmark|corpus|set|task|metric)\b").unwrap_or_else(|e| panic!("board pronoun pattern: {e}"))
            });
            // "what year is the OAG-BERT paper and its doi?": the pronoun points to the paper
            // the question proper names itself.
            static OWN_PAPER: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
                crate::pipeline::pattern::Regex::new(r"\bthe\s+([\w.+-]+)\s+(?:paper|article|preprint)\b").unwrap_or_else(|e| panic!("own paper pattern: {e}"))
            });
            let names_its_paper = OWN_PAPER.captures_iter(&part).any(|c| !["same", "original", "first", "cited", "whole", "full", "actual", "published", "earlier", "later", "other"].contains(&&c[1]));
            // "what's the best MRR@10 on D, and who holds it?": the record, asked of itself.
            static RECORD_BACK: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
                crate::pipeline::pattern::Regex::new(r"\b(?:who|which\s+\w+|what\s+\w+)\s+(?:holds|held|has|had|owns|set|sets)\s+(?:it|that|this)\b").unwrap_or_else(|e| panic!("record pronoun pattern: {e}"))
            });
            let unreferred = RECORD_BACK.replace_all(&part, "");
            let points_back = !names_its_paper && BACK.is_match(&BOARD_BACK.replace_all(&unreferred.replace("these days", ""), ""));
            // "I keep seeing two numbers for X on D. Which WER should I trust?": a value asked
            // for with no board's best or model in view is the scene model's.
            static OF_A_BOARD: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
                crate::pipeline::pattern::Regex::new(r"\b(?:best|top|highest|lowest|leader|leads?|leading|record|sota|state of the art|who|models?|systems?|methods?)\b").unwrap_or_else(|e| panic!("board ask pattern: {e}"))
            });
            let its_value = classify::asks_value(&part) && !OF_A_BOARD.is_match(&part);
            // A name the question proper says counts though the graph holds nothing by it
            // ("we already have CIFAR-10 results. which models were evaluated on KITTI?"): the
            // scene's name is still not what is asked about. Written as a name: words the
            // extraction guessed at ("top there now") are no name.
            let says = |kind: lexicon::EntityKind| entities.get(kind).iter().any(|t| normalize::written_as_name(t) && normalize::said_in(&part, t));
            if normalized.methods.iter().any(named_in_part) || says(lexicon::EntityKind::Method) || !(points_back || its_value) {
                normalized.methods.retain(named_in_part);
            }
            // "not interested in D1, what about D2?", "i use X for T1; is it used for T2?": a
            // board or a task named only in the scene is not asked about when the question
            // proper names one of its own.
            for kind in [lexicon::EntityKind::Dataset, lexicon::EntityKind::Task] {
                let said = says(kind);
                let named = normalized.get_mut(kind);
                if said || named.iter().any(named_in_part) {
                    named.retain(named_in_part);
                }
            }
            // "... yet it's missing from your ranking on D. On which datasets does it have a
            // score?": the boards asked for are the model's, not the scene's.
            if points_back && classify::boards_asked_after_scene(question, normalized.datasets.iter().map(|d| d.text.as_str())) {
                normalized.datasets.clear();
                normalized.metrics.clear();
            }
        }
        // "X used to hold the record on D; what's the top there now?": X is the past, the
        // board's best is asked for.
        if classification.query_type == classify::QueryType::MethodComparison && matches!(classification.target, classify::Target::BestModel | classify::Target::TopScore) {
            normalized.methods.retain(|m| !in_the_past(question, &m.text));
        }
        // A model named only to date a wish in a request for papers or datasets ("a benchmark
        // for T, ideally one reported on since the Plumaro paper") is not what is asked about:
        // its own papers are no answer about T.
        if matches!(classification.target, classify::Target::Papers | classify::Target::Datasets) {
            if let Some(name) = classify::since_paper(question) {
                normalized.methods.retain(|m| !(m.names(&name) || m.text.eq_ignore_ascii_case(&name)));
            }
        }
        // "code for the paper <title>": that paper's own code, found by its title; the names
        // read in the title ("LSTMs", or "NovelTagging" for "Novel Tagging Scheme") ask for
        // nothing.
        if let Some(index) = index.filter(|_| classification.target == classify::Target::Code) {
            let subject = lookup.title.clone().or_else(|| extract::code_subject(question));
            if let Some(subject) = subject.filter(|s| link::code_paper(index, s).is_some()) {
                normalized = normalize::Normalized::default();
                lookup.title = Some(subject);
            }
        }
        // "Which models on D have no code?", "is there an open-source model among the D
        // ones?": the board's models, by their code ("open-source" names no model).
        let coded = (classification.target == classify::Target::Code && normalized.methods.iter().all(|m| !m.is_linked()) && !normalized.datasets.is_empty()).then(|| extract::code_filter(question)).flatten();
        if coded.is_some() {
            normalized.methods.clear();
        }
        // A board's listing asked in the question proper, not in the scene before it ("i keep
        // seeing submissions on extracting leaderboards. what does the graph have on T?"),
        // unless the question proper points back to it ("we're dropping anything below 75 on
        // D. which models does that cut?").
        let proper = classify::from_question_proper(question);
        let board = (classification.query_type != classify::QueryType::ClaimVerification)
            .then(|| extract::board_ask(proper).or_else(|| BACK.is_match(&proper.to_lowercase()).then(|| extract::board_ask(question)).flatten()))
            .flatten();
        // A topic is read from the question proper, not the scene around it.
        let topic = if classification.query_type == classify::QueryType::TopicSearch { extract::topic_part(question) } else { question };
        Self {
            content_words: if classification.query_type == classify::QueryType::TopicSearch {
                expanded(extract::content_words(topic), &normalized)
            } else {
                // A title is searched as written first: "NLP" in a title is not expanded
                // (a lookup finding nothing tries again written out: `Graph::indexed_titles`).
                extract::content_words(question)
            },
            normalized,
            keywords: extract::title_keywords(topic, &entities),
            lookup,
            as_of: anchor::time_anchor(question),
            top_k: extract::top_k(question).or(board.map(|_| extract::EVERY)),
            board,
            age: anchor::asks_age(question),
            restriction,
            coded,
            classification,
            query_type_source,
            entities,
            entities_source,
        }
    }
}

/// "Which atari games was X run on", "what NER datasets has X been tested on": boards of a
/// kind, asked of a model.
static MODELS_BOARDS_OF_A_KIND: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
    crate::pipeline::pattern::Regex::new(r"(?i)\b(?:which|what)\s+((?:[\w-]+\s+){1,3}?)(?:games|boards|leaderboards|datasets|benchmarks)\s+(?:was|were|did|has|have|does|is)\b[^?]{1,80}\b(?:evaluated|tested|run|ran|benchmarked)\b").unwrap_or_else(|e| panic!("boards of a kind pattern: {e}"))
});

/// "On which atari games is X the best?", "which dmcontrol tasks does X hold the record
/// on?": the boards of a kind a model leads.
static LED_OF_A_KIND: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
    crate::pipeline::pattern::Regex::new(r"(?i)\b(?:which|what)\s+((?:[\w-]+\s+){1,2}?)(?:games|boards|leaderboards|datasets|benchmarks|tasks)\s+(?:was|did|has|does|is)\b[^?]{1,80}?\b(?:the best|the top|leads?|sota|state of the art|holds?\s+the\s+(?:record|top spot|top score|best score)|record[- ]holder)\b").unwrap_or_else(|e| panic!("led boards of a kind pattern: {e}"))
});

/// The family of boards a question asks a model's boards within: "atari" in "which atari
/// games was X evaluated on?", "dmcontrol100k" in "which DMControl100k tasks was X run on?".
pub fn boards_family(question: &str) -> Option<String> {
    let family = MODELS_BOARDS_OF_A_KIND.captures(question).or_else(|| BOARD_TASKS.captures(question)).or_else(|| LED_OF_A_KIND.captures(question))?.get(1)?.as_str().trim().to_lowercase();
    // "Which of its boards": no kind named.
    (!family.is_empty() && !family.starts_with("of ") && !matches!(family.as_str(), "other" | "the" | "its" | "their" | "his" | "her" | "these" | "those" | "other two")).then_some(family)
}

/// Whether a board's label is of the family named: every word of the family begins a word
/// of the label ("wmt" holds "WMT2014 English-German", "atari" "Atari 2600 Pong"), so that a
/// family's word inside another word ("net" in "ImageNet") does not.
pub fn in_family(family: &str, label: &str) -> bool {
    let words = |text: &str| text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect::<Vec<_>>();
    let held = words(label);
    let wanted = words(family);
    !wanted.is_empty() && wanted.iter().all(|w| held.iter().any(|h| h.starts_with(w.as_str())))
}

/// "Which DMControl100k tasks was X evaluated on?": the words before "tasks" (a family of
/// boards, or of problems: "which NLP tasks").
static BOARD_TASKS: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
    crate::pipeline::pattern::Regex::new(r"(?i)\b(?:which|what)\s+([\w.+-]+(?:\s+[\w.+-]+)?)\s+tasks\s+(?:was|were|did|has|have|does|is)\b[^?]{1,80}\b(?:evaluated|tested|run|ran|benchmarked)\b").unwrap_or_else(|e| panic!("board tasks pattern: {e}"))
});

/// Words that point back to something named before, in a lowercased question.
static BACK: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
    crate::pipeline::pattern::Regex::new(r"\b(it|its|it's|they|them|their|this|that|those|these|he|she|his|her|both|either|neither|the (?:two|three|former|latter|pair|(?:wrong|right|correct|real|actual) one))\b").unwrap_or_else(|e| panic!("pronoun pattern: {e}"))
});

/// The task a request for datasets or a best names ([`statement::listing_task`]), read
/// against the graph once the index can tell: "best model for MT?" names no dataset but a
/// research problem, so the board guess is that problem (each of its boards' best is the
/// answer); "datasets for medical NER" holds a task the lexicon knows ("NER") and names a
/// narrower problem the graph has by all its words, which it is.
fn listed_task(index: &crate::index::TextIndex, question: &str, normalized: &mut normalize::Normalized) {
    let Some((start, end)) = statement::listing_task(question) else { return };
    let named = &question[start..end];
    let linked = |from: &normalize::NormalizedEntity| {
        let mut task = normalize::NormalizedEntity { kind: lexicon::EntityKind::Task, text: named.to_owned(), canonical: named.to_owned(), aliases: Vec::new(), iris: Vec::new(), link: None, ..from.clone() };
        link::link(index, &mut task);
        task.is_linked().then_some(task)
    };
    if let Some(at) = normalized.datasets.iter().position(|d| !d.is_linked() && d.text == named) {
        if let Some(task) = linked(&normalized.datasets[at]) {
            normalized.datasets.remove(at);
            normalized.tasks.push(task);
        }
        return;
    }
    let lowered = named.to_lowercase();
    if let Some(at) = normalized.tasks.iter().position(|t| t.text.len() < named.len() && lowered.contains(&t.text.to_lowercase())) {
        if let Some(task) = linked(&normalized.tasks[at]).filter(|t| t.iris != normalized.tasks[at].iris) {
            normalized.tasks[at] = task;
        }
    }
}

/// Whether the question speaks of `name` in the past only ("X used to hold", "X once led").
fn in_the_past(question: &str, name: &str) -> bool {
    let (q, name) = (question.to_lowercase(), name.to_lowercase());
    q.match_indices(&name).any(|(at, _)| {
        let after = q[at + name.len()..].trim_start();
        ["used to ", "once ", "formerly ", "previously ", "was once ", "had once "].iter().any(|w| after.starts_with(w))
    })
}

/// A topic's content words with each abbreviation a synonym table expands replaced by its
/// canonical name's words: "biomedical ner" searches titles for "named entity recognition".
fn expanded(mut words: Vec<String>, entities: &Normalized) -> Vec<String> {
    for e in entities.all().filter(|e| e.link.is_none() && !e.text.contains(' ') && e.canonical.contains(' ')) {
        let short = e.text.to_lowercase();
        if let Some(at) = words.iter().position(|w| *w == short) {
            let long: Vec<String> = e.canonical.to_lowercase().split_whitespace().map(str::to_owned).filter(|w| !words.contains(w)).collect();
            words.splice(at..=at, long);
        }
    }
    abbreviations_written_out(&words)
}

/// Content words with each abbreviation of `synonyms/abbreviations.tsv` written out as
/// titles write it: "pointgoal nav papers" ("navigation" stems as "navigators" does; "nav"
/// does not), "the indonesian ner paper" ("named entity recognition").
pub fn abbreviations_written_out(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        let long: Vec<String> = link::written_out(w).map_or_else(|| vec![w.clone()], |long| long.to_lowercase().split_whitespace().map(str::to_owned).collect());
        for l in long {
            if !out.contains(&l) {
                out.push(l);
            }
        }
    }
    out
}

/// Other words titles use for a topic's word (`synonyms/topics.tsv`): "covid" is written
/// "SARS-CoV-2" or "2019-nCoV" in titles that never say "covid".
static TOPIC_WORDS: std::sync::LazyLock<Vec<(String, Vec<String>)>> = std::sync::LazyLock::new(|| {
    include_str!("../../../synonyms/topics.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once('\t'))
        .map(|(w, others)| (w.trim().to_lowercase(), others.split('|').map(|o| o.trim().to_lowercase()).filter(|o| !o.is_empty()).collect()))
        .collect()
});

/// The content words with one word at a time written as each of its other names in the
/// topics table ("gnn" as "graph neural network"), for a title search that must also reach
/// titles using only the other name. Empty when no word has one. (The abbreviations table
/// is not used here: "de", "cv" or "doc" written out would find topics the question does
/// not name.)
pub fn title_variants(words: &[String]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for (at, word) in words.iter().enumerate() {
        let others = TOPIC_WORDS.iter().find(|(w, _)| w == word).map(|(_, o)| o.as_slice()).unwrap_or_default();
        for other in others {
            let mut variant = words.to_vec();
            variant.splice(at..=at, other.split_whitespace().map(str::to_owned));
            if !out.contains(&variant) {
                out.push(variant);
            }
        }
    }
    out
}

/// The front with no LLM at all: keywords and rules. What the evaluations and benchmarks
/// of the deterministic path call.
pub fn deterministic(question: &str, lexicon: &Lexicon) -> Front {
    let settled = spelling::settled(question);
    let question = settled.as_ref();
    let mut ignored = Diagnostics::default();
    let entities = extract::by_keywords(lexicon, question);
    let rules = classify::classify(restrict::asked(question), &restrict::classified(question, &entities));
    let decisions = Decisions {
        classification: classify::choose(question, rules, None, &mut ignored),
        entities: extract::choose(question, lexicon, entities, None, &mut ignored),
    };
    Front::new(question, lexicon, None, decisions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topics_word_has_the_other_names_titles_use_for_it() {
        let words = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let variants = title_variants(&words(&["covid", "mobility"]));
        assert!(variants.contains(&words(&["sars-cov-2", "mobility"])), "{variants:?}");
        assert!(title_variants(&words(&["gnn"])).contains(&words(&["graph", "neural", "network"])));
        assert!(title_variants(&words(&["crowdfunding"])).is_empty());
    }

    #[test]
    fn a_task_named_more_narrowly_than_the_lexicon_knows_is_the_narrower_problem_and_a_best_for_a_task_no_board_is_called() {
        use crate::index::{DocKind, IndexDoc, TextIndex};
        let docs = [(DocKind::Problem, "t1", "Named Entity Recognition"), (DocKind::Problem, "t2", "Medical Named Entity Recognition"), (DocKind::Problem, "t3", "Machine Translation"), (DocKind::Dataset, "d1", "WMT2016 English-German")];
        let index = TextIndex::build(docs.iter().map(|(k, i, l)| IndexDoc { kind: *k, iri: (*i).into(), label: (*l).into() }), None).unwrap();
        let entity = |kind, text: &str, iris: Vec<String>| normalize::NormalizedEntity { kind, text: text.into(), canonical: text.into(), aliases: vec![], iris, direction: None, link: None };
        let mut narrower = normalize::Normalized::default();
        narrower.tasks.push(entity(lexicon::EntityKind::Task, "NER", vec!["t1".into()]));
        listed_task(&index, "which datasets are there for medical NER?", &mut narrower);
        assert_eq!(narrower.tasks[0].iris, ["t2"]);
        let mut board = normalize::Normalized::default();
        board.datasets.push(entity(lexicon::EntityKind::Dataset, "MT", vec![]));
        listed_task(&index, "best model for MT?", &mut board);
        assert!(board.datasets.is_empty());
        assert_eq!(board.tasks[0].iris, ["t3"], "no dataset is called MT; the problem is");
    }

    #[test]
    fn a_topics_abbreviations_are_searched_written_out() {
        let words = |w: &[&str]| expanded(w.iter().map(|s| (*s).to_owned()).collect(), &Normalized::default());
        assert_eq!(words(&["pointgoal", "nav"]), ["pointgoal", "navigation"]);
        assert_eq!(words(&["atari", "rl"]), ["atari", "reinforcement", "learning"]);
        assert_eq!(words(&["kelp", "canopy"]), ["kelp", "canopy"], "no abbreviation, no change");
    }

    #[test]
    fn a_model_named_only_in_an_aside_after_the_question_is_not_asked_about() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let aside = deterministic("For a talk: what was the best accuracy on ImageNet by 2020? I seem to remember BERT reported something there.", &lexicon);
        assert!(aside.normalized.methods.is_empty(), "{:?}", aside.normalized.methods);
        let asked = deterministic("Did BERT report the best accuracy on ImageNet by 2020? I seem to remember so.", &lexicon);
        assert_eq!(asked.normalized.methods.len(), 1, "named in the question itself");
    }

    #[test]
    fn models_named_before_a_question_that_points_back_at_them_are_asked_about() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let back = deterministic("BERT vs XLNet on SQuAD: I remember BERT at roughly 88. Which of the two actually did better?", &lexicon);
        assert_eq!(back.normalized.methods.len(), 2, "{:?}", back.normalized.methods);
        let value = deterministic("I keep seeing two numbers for BERT on SQuAD. Which F1 should I trust?", &lexicon);
        assert_eq!(value.normalized.methods.len(), 1, "its value asked: {:?}", value.normalized.methods);
        let scene = deterministic("My advisor likes BERT. I need a strong baseline. Which model has the best F1 on SQuAD?", &lexicon);
        assert!(scene.normalized.methods.is_empty(), "{:?}", scene.normalized.methods);
    }

    #[test]
    fn a_board_said_to_be_missing_is_not_where_the_boards_asked_for_are_looked_for() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let missing = deterministic("BERT's paper ran on SQuAD, yet it's missing from your F1 ranking there. On which datasets does it have an actual score?", &lexicon);
        assert_eq!(missing.normalized.methods.len(), 1, "{:?}", missing.normalized.methods);
        assert!(missing.normalized.datasets.is_empty(), "{:?}", missing.normalized.datasets);
        let named = deterministic("BERT's paper ran on many boards. What F1 does it have on SQuAD?", &lexicon);
        assert_eq!(named.normalized.datasets.len(), 1, "the board named in the question proper stays");
    }

    #[test]
    fn models_on_a_board_asked_with_their_scores_are_the_board_not_the_names() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let scored = deterministic("What models are being evaluated on SQuAD1.1, with their F1?", &lexicon);
        assert_eq!((scored.classification.query_type, scored.classification.target), (classify::QueryType::MethodComparison, classify::Target::BestModel));
        assert_eq!(scored.board, Some(extract::BoardAsk::Every));
        let named = deterministic("What models are being evaluated on SQuAD1.1?", &lexicon);
        assert_eq!(named.classification.target, classify::Target::Models, "the names alone");
    }

    #[test]
    fn boards_of_a_kind_asked_of_a_model_are_told_from_a_tasks_boards() {
        assert!(MODELS_BOARDS_OF_A_KIND.is_match("which atari games was Prior+Duel hs evaluated on that DQN hs was not?"));
        assert!(MODELS_BOARDS_OF_A_KIND.is_match("what NER datasets has X been tested on?"));
        assert!(!MODELS_BOARDS_OF_A_KIND.is_match("which datasets are used for named entity recognition?"));
        assert_eq!(boards_family("which atari games was DQN evaluated on?").as_deref(), Some("atari"));
        assert_eq!(boards_family("Which DMControl100k tasks was CURL evaluated on?").as_deref(), Some("dmcontrol100k"));
        assert_eq!(boards_family("which datasets was CURL evaluated on?"), None);
        assert_eq!(boards_family("on which atari games is DQN hs the best?").as_deref(), Some("atari"), "the boards of a kind a model leads");
        assert_eq!(boards_family("which dmcontrol tasks does CURL hold the record on?").as_deref(), Some("dmcontrol"));
        assert_eq!(boards_family("On which of its boards is C NOT the record holder?"), None, "no kind named");
    }

    #[test]
    fn a_board_is_of_a_family_when_each_of_its_words_begins_a_word_of_the_label() {
        assert!(in_family("wmt", "WMT2014 English-German"));
        assert!(in_family("atari", "Atari 2600 Pong"));
        assert!(in_family("zero-shot", "Zero-Shot Transfer (ImageNet)"));
        assert!(!in_family("net", "ImageNet"), "a family's word inside another word");
        assert!(!in_family("text classification", "AG News"));
        assert!(!in_family("", "AG News"), "no words, no family");
    }

    #[test]
    fn a_model_spoken_of_only_in_the_past_is_told_apart() {
        assert!(in_the_past("Orvalis-CNN used to hold the Skarnhold record; what's the top now?", "orvalis-cnn"));
        assert!(!in_the_past("What F1 does Orvalis-CNN get on Corvalla-Ice?", "Orvalis-CNN"));
    }
}
