//! Linking names the lexicon does not know, through the text index: "pubmedbert" to
//! "PubMedBERT uncased", "Cornell grasping" to "Cornell Grasp Dataset", "cifar10" to
//! "CIFAR-10". A name links to the label of its kind that holds every one of its words
//! (after the index's folding: case, punctuation, plurals and stems, digits split from
//! letters), the one with the fewest other words first; every resource with that label is
//! linked. The entity records the label, the BM25 score and why, so `normalized_entities`
//! shows it. Pure: the index is read, never written.

use serde::Serialize;

use super::lexicon::EntityKind;
use super::normalize::{Normalized, NormalizedEntity};
use crate::index::{DocKind, TextIndex};

/// How a name was linked through the text index.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct IndexLink {
    /// The graph label it linked to.
    pub label: String,
    /// BM25 score of that label for the name.
    pub score: f32,
    /// Share of the label's words the name holds (0–1).
    pub label_coverage: f32,
    /// Why this label was chosen, in words.
    pub why: &'static str,
}

/// The text index's kind of document for an entity kind (the labels read at start-up and
/// the index built from them use the same mapping).
pub fn doc_kind(kind: EntityKind) -> DocKind {
    match kind {
        EntityKind::Method => DocKind::Model,
        EntityKind::Dataset => DocKind::Dataset,
        EntityKind::Metric => DocKind::Metric,
        EntityKind::Task => DocKind::Problem,
        EntityKind::Field => DocKind::Field,
    }
}

/// Abbreviations people write in names, one word each (`synonyms/abbreviations.tsv`).
static ABBREVIATIONS: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(|| {
    include_str!("../../../synonyms/abbreviations.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once('\t'))
        .map(|(a, e)| (a.trim().to_lowercase(), e.trim().to_owned()))
        .collect()
});

/// A word's expansion in `synonyms/abbreviations.tsv`, if it is one there ("nav" →
/// "navigation", "rl" → "reinforcement learning").
pub(super) fn written_out(word: &str) -> Option<&'static str> {
    ABBREVIATIONS.iter().find(|(a, _)| a.eq_ignore_ascii_case(word)).map(|(_, e)| e.as_str())
}

/// A name with its abbreviations written out: "wmt16 ro-en" as "wmt 2016 romanian english",
/// "ptb char level" as "penn treebank character level". A two-digit number after letters is
/// a year ("wmt16", "conll03", "trec07"... and "muc97" in the 1900s).
fn expand_abbreviations(name: &str) -> String {
    static YEAR: std::sync::LazyLock<crate::pipeline::pattern::Regex> =
        std::sync::LazyLock::new(|| crate::pipeline::pattern::Regex::new(r"(?i)\b([a-z]+)([0-2]\d|9\d)\b").unwrap_or_else(|e| panic!("short year pattern: {e}")));
    let name = YEAR.replace_all(name, |c: &regex::Captures| format!("{} {}{}", &c[1], if c[2].starts_with('9') { "19" } else { "20" }, &c[2]));
    name.split(|c: char| c.is_whitespace() || c == '-' || c == '/')
        .filter(|w| !w.is_empty())
        .map(|w| ABBREVIATIONS.iter().find(|(a, _)| a.eq_ignore_ascii_case(w)).map_or(w.to_owned(), |(_, e)| e.clone()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Links one name, if a label of its kind holds all its words: as written, then with
/// joined words split where the index knows both halves ("habitat pointnav" for "Habitat
/// 2020 Point Nav"), then with abbreviations written out, then (a dataset) without the
/// words that only say it is one ("fsns test set").
pub fn link(index: &TextIndex, entity: &mut NormalizedEntity) {
    link_as(index, entity, &entity.text.clone());
    if entity.link.is_none() {
        let split: Vec<String> = entity.text.split_whitespace().map(|w| index.split_compound(w, true).unwrap_or_else(|| w.to_owned())).collect();
        let split = split.join(" ");
        if split != entity.text {
            link_as(index, entity, &split);
        }
    }
    if entity.link.is_none() {
        let expanded = expand_abbreviations(&entity.text);
        if !expanded.eq_ignore_ascii_case(&entity.text) {
            link_as(index, entity, &expanded);
        }
    }
    if entity.link.is_none() && entity.kind == EntityKind::Dataset {
        // "fsns test set", "habitat challenge 2020 pointnav": the words that say what a
        // dataset is rarely stand in its label.
        let bare: Vec<String> = entity
            .text
            .split_whitespace()
            .filter(|w| !DATASET_WORDS.contains(&w.to_lowercase().as_str()))
            .map(|w| index.split_compound(w, false).unwrap_or_else(|| w.to_owned()))
            .collect();
        let bare = bare.join(" ");
        for name in [bare.clone(), expand_abbreviations(&bare)] {
            if entity.link.is_none() && !name.is_empty() && !name.eq_ignore_ascii_case(&entity.text) {
                link_as(index, entity, &name);
            }
        }
        // "hmdb-51 fine-tuned" for "HMDB51 (finetuned)": a hyphenated word written whole.
        let joined = entity.text.split_whitespace().filter(|w| !DATASET_WORDS.contains(&w.to_lowercase().as_str())).map(|w| w.replace('-', "")).collect::<Vec<_>>().join(" ");
        if entity.link.is_none() && joined != entity.text {
            link_as(index, entity, &joined);
        }
        // "inaturalist 19" for "iNaturalist 2019": a two-digit year apart from its name,
        // tried last (after "cifar 10" has linked as written).
        let year = spaced_year(&bare);
        if entity.link.is_none() && year != bare {
            link_as(index, entity, &year);
        }
        // "the arxiv summarization dataset" for "arXiv": the task the board is for, named
        // after it, is not in its label. Only a last word some research problem holds, and
        // never in a name the synonym tables know ("object detection" is a task's name, not
        // a board named "object").
        if entity.link.is_none() && entity.aliases.is_empty() {
            if let Some((rest, last)) = bare.rsplit_once(' ') {
                let a_task_word = !last.chars().all(|c| c.is_ascii_digit()) && index.search(last, &[DocKind::Problem], 1).iter().any(|h| h.coverage >= 0.999);
                if a_task_word {
                    link_as(index, entity, rest);
                }
            }
        }
    }
}

/// A two-digit number after a word of letters, as a year of this century.
fn spaced_year(name: &str) -> String {
    static YEAR: std::sync::LazyLock<crate::pipeline::pattern::Regex> =
        std::sync::LazyLock::new(|| crate::pipeline::pattern::Regex::new(r"(?i)\b([a-z]{3,})\s+([0-2]\d)\b").unwrap_or_else(|e| panic!("spaced year pattern: {e}")));
    YEAR.replace_all(name, "$1 20$2").into_owned()
}

/// Words that say a name is a dataset, left out when the name alone does not link.
const DATASET_WORDS: &[&str] = &["dataset", "datasets", "data", "set", "benchmark", "benchmarks", "corpus", "challenge", "task", "to"];

/// Whether `label` holds the words of `name` in the same order ("Romanian-English" for "ro
/// en", not "English-Romanian").
fn in_order(name: &str, label: &str) -> bool {
    let label = crate::index::terms(label);
    let mut at = 0;
    crate::index::terms(name).iter().all(|t| match label[at..].iter().position(|l| l == t) {
        Some(i) => {
            at += i + 1;
            true
        }
        None => false,
    })
}

fn link_as(index: &TextIndex, entity: &mut NormalizedEntity, name: &str) {
    let hits = index.search(name, &[doc_kind(entity.kind)], 20);
    // A model's name that opens labels is their family's ("dqn" is "DQN hs", "DQN noop"),
    // not a label it stands later in ("Bootstrapped DQN", another model).
    let opened = |label: &str| entity.kind == EntityKind::Method && super::normalize::opens(name, label);
    let Some(best) = hits
        .iter()
        .filter(|h| h.coverage >= 0.999)
        .max_by(|a, b| {
            opened(&a.label)
                .cmp(&opened(&b.label))
                .then(a.label_coverage.total_cmp(&b.label_coverage))
                .then(in_order(name, &a.label).cmp(&in_order(name, &b.label)))
                .then(a.score.total_cmp(&b.score))
        })
    else {
        return;
    };
    let label = best.label.clone();
    entity.iris = hits.iter().filter(|h| h.label.eq_ignore_ascii_case(&label)).map(|h| h.iri.clone()).collect();
    entity.iris.sort();
    entity.iris.dedup();
    if !entity.aliases.contains(&entity.canonical) && !entity.canonical.eq_ignore_ascii_case(&label) {
        entity.aliases.push(entity.canonical.clone());
    }
    entity.link = Some(IndexLink { label: label.clone(), score: best.score, label_coverage: best.label_coverage, why: "every word of the name is in this label (text index)" });
    entity.canonical = label;
}

/// The words next to a mention that may belong to its name ("sparse" before "transformer",
/// "english-to-french" after "MLDoc"): up to two before and three after, within the clause.
fn neighbours(question: &str, text: &str) -> Option<(Vec<String>, Vec<String>)> {
    let std::ops::Range { start, end } = super::normalize::mention_in(question, text)?;
    // Parentheses and commas stay inside a clause: "cheetah run (dmcontrol 500k)" and
    // "cheetah run, dmcontrol 500k" are one name, as the label "Cheetah, run (DMControl500k)".
    let clause = |s: &str| s.replace(['(', ')', ','], " ").split(['?', ';', ':', '!']).map(str::to_owned).collect::<Vec<_>>();
    let before_clause = clause(&question[..start]).pop().unwrap_or_default();
    let after_clause = clause(&question[end..]).into_iter().next().unwrap_or_default();
    let content = |w: &&str| !w.is_empty() && !super::extract::is_stopword(w) && !w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '%');
    // One preposition may stand between a board's parts: "walker walk on DMControl100k".
    let mut reversed: Vec<&str> = before_clause.split_whitespace().rev().collect();
    if reversed.first().is_some_and(|w| ["on", "in", "of"].contains(&w.to_lowercase().as_str())) {
        reversed.remove(0);
    }
    let before: Vec<String> = reversed.into_iter().take_while(|w| content(w)).take(2).map(str::to_owned).collect();
    // A small whole number may sit inside a name after it ("a3c ff 1 day hs" for "A3C FF
    // (1 day) hs"); a widened name must still be all in one label, so a score ("gets 92
    // f1") widens nothing.
    let inside = |w: &&str| content(w) || (w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit()));
    let after: Vec<String> = after_clause.split_whitespace().take_while(|w| inside(w)).take(4).map(str::to_owned).collect();
    Some((before.into_iter().rev().collect(), after))
}

/// Widens a mention to the longer graph label the question's words spell out: "sparse
/// transformer" is "Sparse Transformer (30 layers, fixed attn)", not "Transformer". Only
/// when every word of the widened name is in one label of the entity's kind.
pub fn widen(index: &TextIndex, question: &str, entity: &mut NormalizedEntity) {
    let Some((before, after)) = neighbours(question, &entity.text) else { return };
    let mut candidates: Vec<String> = Vec::new();
    for b in (0..=before.len()).rev() {
        for a in (0..=after.len()).rev() {
            if a + b > 0 {
                let words: Vec<&str> = before[before.len() - b..].iter().map(String::as_str).chain([entity.text.as_str()]).chain(after[..a].iter().map(String::as_str)).collect();
                candidates.push(words.join(" "));
            }
        }
    }
    candidates.sort_by_key(|c| std::cmp::Reverse(c.split_whitespace().count()));
    for candidate in candidates {
        let mut wider = NormalizedEntity { text: candidate, iris: Vec::new(), link: None, ..entity.clone() };
        link(index, &mut wider);
        if wider.link.is_some() {
            wider.text = entity.text.clone();
            *entity = wider;
            return;
        }
    }
}

/// Adds the model's variants to its links: "transformer-xl" is also "Transformer-XL Base"
/// and "Transformer-XL Large", "xlnet" also "XLNet (single model)" (see
/// [`NormalizedEntity::has_variant`]). For usage questions, where every variant's papers
/// count.
pub fn family(index: &TextIndex, entity: &mut NormalizedEntity) {
    // A family's name no label is ("cait", linked to one of "CAIT-M-24", "CaiT-M-48-448",
    // ...) holds every label it opens, hyphen or not.
    let no_label = super::lexicon::squashed(&entity.text) != super::lexicon::squashed(&entity.canonical);
    for hit in index.search(&entity.text, &[DocKind::Model], 50) {
        if (entity.has_variant(&hit.label) || (no_label && entity.family_member(&hit.label))) && !entity.iris.contains(&hit.iri) {
            entity.iris.push(hit.iri);
        }
    }
}

/// The share of a dataset name's weight a label must hold to be linked with words missing
/// (see [`loosely`]).
const LOOSE_COVERAGE: f32 = 0.6;

/// Links a dataset name that no label holds whole to the one label holding its first word
/// and most of its weight: "natural questions long answers" is "Natural Questions (long)".
/// Not when two labels hold the same words (which board is meant is then unknown), and
/// never for a name whose most specific words no label holds ("long range arena"). A name
/// and a label that each have a word the other lacks ("conll 2003 german" and "CoNLL 2003
/// (English)", "walker run" and "Walker, walk") name two boards: the name is kept unlinked
/// as a near miss ([`is_near_miss`]), so that the answer says the graph lacks it instead
/// of answering with its neighbour's rows.
pub fn loosely(index: &TextIndex, entity: &mut NormalizedEntity) {
    let name: Vec<&str> = entity.text.split_whitespace().filter(|w| !DATASET_WORDS.contains(&w.to_lowercase().as_str())).collect();
    let Some(first) = name.first().map(|w| crate::index::terms(w)) else { return };
    let hits = index.search(&name.join(" "), &[DocKind::Dataset], 10);
    let holds_first = |h: &crate::index::Hit| first.iter().all(|t| h.matched.contains(t));
    let mut good = hits.iter().filter(|h| h.coverage >= LOOSE_COVERAGE && holds_first(h));
    let Some(best) = good.next() else { return };
    let tied = good.any(|h| h.matched.len() == best.matched.len() && !h.label.eq_ignore_ascii_case(&best.label));
    if tied {
        return;
    }
    if words_conflict(&crate::index::terms(&name.join(" ")), &crate::index::terms(&best.label)) {
        entity.link = Some(IndexLink { label: best.label.clone(), score: best.score, label_coverage: best.label_coverage, why: NEAR_MISS });
        return;
    }
    entity.iris = hits.iter().filter(|h| h.label.eq_ignore_ascii_case(&best.label)).map(|h| h.iri.clone()).collect();
    if !entity.aliases.contains(&entity.canonical) {
        entity.aliases.push(entity.canonical.clone());
    }
    entity.link = Some(IndexLink { label: best.label.clone(), score: best.score, label_coverage: best.label_coverage, why: "most of the name's words, its first among them, are in this label (text index)" });
    entity.canonical = best.label.clone();
}

/// Whether a name and a label each hold a word of letters the other lacks, and the two are
/// no misspelling of each other: "german" beside "english", "run" beside "walk". A word
/// the other side writes joined or apart ("dm control", "DMControl") is not lacking;
/// numbers and short tags are left to other checks (a year, "v2", "en"), and so are the
/// label's words before the first the name holds (a family: "Atari 2600" before "Double
/// Dunk") and the name's words that only say it is a board ("leaderboard").
fn words_conflict(name: &[String], label: &[String]) -> bool {
    const BOARD_WORDS: &[&str] = &["leaderboard", "leaderbord", "board", "game", "games", "suite", "environment", "results", "result", "score", "scores", "split", "track"];
    let Some(first_held) = label.iter().position(|w| name.contains(w)) else { return false };
    let label = &label[first_held..];
    let lacking = |words: &[String], other: &[String]| -> Vec<String> {
        let joined: String = other.concat();
        words
            .iter()
            .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
            // Held as a word, or written across two of the other side's words.
            .filter(|w| !other.contains(w) && (!joined.contains(w.as_str()) || other.iter().any(|o| o.contains(w.as_str()))))
            .filter(|w| !DATASET_WORDS.contains(&w.as_str()) && !BOARD_WORDS.contains(&w.as_str()))
            .cloned()
            .collect()
    };
    let (ours, theirs) = (lacking(name, label), lacking(label, name));
    ours.iter().any(|a| theirs.iter().any(|b| strsim::osa_distance(a, b) > 2 && !a.starts_with(b.as_str()) && !b.starts_with(a.as_str())))
}

/// Words that end a name inside a guessed phrase: "tacred and which model has it".
const NAME_ENDS: &[&str] = &[
    "and", "or", "which", "who", "what", "with", "by", "for", "in", "using", "under", "when", "where", "that", "whose", "has", "have", "is",
    "are", "was", "were", "so", "but", "because", "since", "though", "although", "yet", "then", "while", "whereas", "if",
    // Adverbs a claim puts after its subject: "chirpform once had", "kestrelnet still leads".
    "once", "still", "already", "also", "now", "currently", "previously", "formerly", "originally", "initially", "really", "actually",
    // Verbs a claim about a board's values puts after it: "no model on sst-5 fine-grained
    // beats 90".
    "beats", "gets", "tops", "exceeds", "reaches", "stays",
];

/// The share of a lookup's term weight the paper's title must hold.
pub const LOOKUP_COVERAGE: f32 = 0.8;

/// The paper whose code a request names by its title ([`super::extract::code_subject`]):
/// a title holding nearly every word of it, with few words of its own beyond them. Three
/// content words at least: fewer name a model ("code for bert"), whose code is every
/// paper's that reports it.
pub fn code_paper(index: &TextIndex, subject: &str) -> Option<crate::index::Hit> {
    if super::extract::content_words(subject).len() < 3 {
        return None;
    }
    index
        .search(subject, &[DocKind::Paper], 5)
        .into_iter()
        .find(|h| h.coverage >= LOOKUP_COVERAGE && h.label_coverage >= 0.6)
}

/// Links a guessed name by the words before the first word that ends a name or opens a
/// parenthesis, after any that open a clause ("back when marrowfen" is "marrowfen"): "tacred and which model has it" is "tacred", "squad 1.1 (test" is "squad 1.1",
/// "sealbrook turbine logs so it should" is "sealbrook turbine logs". Never by an arbitrary shorter prefix ("long range
/// arena" is not "long").
pub fn shrink(index: &TextIndex, entity: &mut NormalizedEntity) {
    let words: Vec<&str> = entity.text.split_whitespace().collect();
    // Words that open a clause are no part of a name ("back when marrowfen").
    let start = words.iter().take_while(|w| CLAUSE_OPENERS.contains(&w.to_lowercase().as_str())).count();
    let n = words.iter().skip(start).position(|w| NAME_ENDS.contains(&w.to_lowercase().as_str()) || w.starts_with('(')).map_or(words.len(), |i| i + start);
    if n <= start || (start == 0 && n == words.len()) {
        return;
    }
    let mut shorter = NormalizedEntity { text: words[start..n].join(" "), iris: Vec::new(), link: None, ..entity.clone() };
    link(index, &mut shorter);
    if shorter.is_linked() {
        *entity = NormalizedEntity { text: entity.text.clone(), ..shorter };
    }
}

/// Words that open a clause, before a name a guess ran on from: "back when marrowfen".
const CLAUSE_OPENERS: &[&str] = &["back", "when", "since", "after", "before", "once", "while", "then", "now", "so", "and", "but", "if", "because", "surely", "certainly"];

/// Links the unlinked names a guess ran on to from a clause's first words ("back when
/// marrowfen was top"), by the rest ([`shrink`]), and drops unlinked guesses that span two
/// sentences ("for a talk. which model ..."): no name does.
pub fn unclaused(index: &TextIndex, entities: &mut Normalized) {
    for kind in EntityKind::ALL {
        entities.get_mut(kind).retain(|e| e.is_linked() || !(e.text.contains(". ") || e.text.contains("? ")));
        let opens = |e: &NormalizedEntity| e.text.split_whitespace().next().is_some_and(|w| CLAUSE_OPENERS.contains(&w.to_lowercase().as_str()));
        for entity in entities.get_mut(kind).iter_mut().filter(|e| !e.is_linked() && opens(e)) {
            shrink(index, entity);
        }
    }
}

/// Links every entity the lexicon left unlinked. A model, metric or task name that no
/// label of its kind holds but a dataset label does is that dataset ("the FSNS test
/// models" are the models of "FSNS - Test"; "the top bowling score" is a score on "Atari
/// 2600 Bowling").
pub fn unlinked(index: &TextIndex, entities: &mut Normalized) {
    for kind in EntityKind::ALL {
        for entity in entities.get_mut(kind).iter_mut().filter(|e| e.iris.is_empty()) {
            link(index, entity);
        }
    }
    for kind in [EntityKind::Method, EntityKind::Metric, EntityKind::Task] {
        let (mut datasets, kept): (Vec<NormalizedEntity>, Vec<NormalizedEntity>) = std::mem::take(entities.get_mut(kind)).into_iter().partition(|e| {
            !e.is_linked() && {
                let mut as_dataset = NormalizedEntity { kind: EntityKind::Dataset, ..e.clone() };
                link(index, &mut as_dataset);
                as_dataset.is_linked()
            }
        });
        for d in &mut datasets {
            d.kind = EntityKind::Dataset;
            link(index, d);
        }
        *entities.get_mut(kind) = kept;
        entities.datasets.extend(datasets);
    }
}

/// The least IDF the rarest word of a board label found by [`board_in_question`] must
/// have: "Atari 2600 James Bond" is found by "james bond", no board by "test" or "english".
const SCAN_MIN_IDF: f32 = 5.0;

/// The board a question names in words no extraction caught, when no dataset is linked:
/// "who leads the wos 46985 leaderboard", "what agent tops james bond 007 in the atari
/// suite", "bc5cdr chem ner: highest f1". A dataset label is found when the question holds
/// each of its words: as written, shortened ("chem" for "chemical"), written apart ("dm
/// control" for "DMControl"), or as initials before its last word ("kmnist" for
/// "Kuzushiji-MNIST"), or two of them joined ("objectnav" for "Object Nav"); one number may be left out ("up n down" for "Atari 2600 Up and
/// Down"). Each question word it draws on must be all in the label, so "imagenet-r" does
/// not find "ImageNet", and a name already linked as a model, metric or task is not read
/// again. Two labels found alike link neither. Unlinked dataset guesses are dropped when a
/// board is found: they were this name, cut wrongly.
pub fn board_in_question(index: &TextIndex, question: &str, entities: &mut Normalized) {
    if entities.datasets.iter().any(NormalizedEntity::is_linked) {
        return;
    }
    let mut text = question.to_lowercase();
    for e in [EntityKind::Method, EntityKind::Metric, EntityKind::Task].into_iter().flat_map(|k| entities.get(k).iter()).filter(|e| e.is_linked()) {
        text = text.replace(&e.text.to_lowercase(), " ; ");
    }
    // The question's words, each with its index terms as written and with abbreviations
    // written out ("wmt16" as "wmt 2016"; "dm" stays "dm" where "daily mail" fits nothing).
    let content = |text: &str| -> Vec<String> { crate::index::terms(text).into_iter().filter(|t| !super::extract::is_stopword(t)).collect() };
    let words: Vec<Word> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned())
        .filter(|w| !w.is_empty())
        .map(|w| Word { written: content(&w), expanded: content(&expand_abbreviations(&w)), text: w })
        .filter(|w| !w.written.is_empty())
        .collect();
    let mut all: Vec<String> = words.iter().flat_map(|w| w.written.iter().chain(&w.expanded).cloned()).collect();
    all.dedup();
    // A word the index does not know may be initials before a word it does ("kmnist").
    let initialled: Vec<String> = all
        .iter()
        .filter(|t| t.len() >= 5 && t.chars().all(|c| c.is_ascii_alphabetic()) && index.weights(t).is_empty())
        .flat_map(|t| [t[1..].to_owned(), t[2..].to_owned()])
        .collect();
    all.extend(initialled);
    let all = all.join(" ");
    let hits = index.search(&all, &[DocKind::Dataset], 40);
    let mut found: Vec<(usize, usize, f32, &crate::index::Hit, Vec<usize>)> = Vec::new();
    for hit in &hits {
        // "and" or "of" in a label need not be in the question ("up n down").
        let label: Vec<String> = crate::index::terms(&hit.label).into_iter().filter(|t| !super::extract::is_stopword(t)).collect();
        let Some((covered, missing, used)) = cover(&label, &words) else { continue };
        let rarest = index.weights(&hit.label).first().map_or(0.0, |w| w.1);
        if rarest >= SCAN_MIN_IDF {
            found.push((covered, missing, hit.score, hit, used));
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(b.2.total_cmp(&a.2)));
    if found.is_empty() {
        opened_by_a_rare_word(&text, &hits, &words, entities);
        return;
    }
    let Some((covered, missing, _, best, used)) = found.first() else { return };
    if found.iter().skip(1).any(|(c, m, _, h, _)| c == covered && m == missing && !h.label.eq_ignore_ascii_case(&best.label)) {
        return;
    }
    let label = best.label.clone();
    let mut iris: Vec<String> = hits.iter().filter(|h| h.label.eq_ignore_ascii_case(&label)).map(|h| h.iri.clone()).collect();
    iris.sort();
    iris.dedup();
    let said: Vec<&str> = used.iter().map(|&i| words[i].text.as_str()).collect();
    // No dataset was linked (see the top): the guesses were this name, cut wrongly.
    entities.datasets.clear();
    entities.datasets.push(NormalizedEntity {
        kind: EntityKind::Dataset,
        text: said.join(" "),
        canonical: label.clone(),
        aliases: Vec::new(),
        iris,
        direction: None,
        link: Some(IndexLink { label, score: best.score, label_coverage: *covered as f32 / (*covered + *missing) as f32, why: "the question holds every word of this board's label (text index)" }),
    });
}

/// A research problem the question names in its own word order or inflection ("the most
/// recent paper on translating dialogue" for "Dialogue Translation"), when nothing else in
/// it is linked: two or three neighbouring words whose index terms are exactly a problem
/// label's, in any order. Two labels found alike link neither; the label written as the
/// graph writes it was linked already, by the lexicon.
pub fn problem_in_question(index: &TextIndex, question: &str, entities: &mut Normalized) {
    if entities.all().any(NormalizedEntity::is_linked) {
        return;
    }
    let content = |text: &str| -> Vec<String> { crate::index::terms(text).into_iter().filter(|t| !super::extract::is_stopword(t)).collect() };
    let words: Vec<&str> = question.split(|c: char| !(c.is_alphanumeric() || c == '-')).filter(|w| !w.is_empty()).collect();
    // Each word's one content term (none for a stopword or a word of several terms).
    let terms: Vec<Option<String>> = words.iter().map(|w| match content(w).as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }).collect();
    // One search for the problems sharing any word; each label then sought among the
    // question's neighbouring words, the longest labels first.
    let mut found: Vec<(usize, String, String, String)> = Vec::new();
    for hit in index.search(question, &[DocKind::Problem], 20) {
        let mut label = content(&hit.label);
        label.sort();
        label.dedup();
        if !(2..=3).contains(&label.len()) {
            continue;
        }
        let at = (0..terms.len().saturating_sub(label.len() - 1)).find(|&i| {
            let mut window: Option<Vec<String>> = terms[i..i + label.len()].iter().cloned().collect();
            if let Some(w) = window.as_mut() {
                w.sort();
            }
            window.as_ref() == Some(&label)
        });
        if let Some(at) = at {
            found.push((label.len(), hit.label.clone(), words[at..at + label.len()].join(" "), hit.iri.clone()));
        }
    }
    let Some(longest) = found.iter().map(|f| f.0).max() else { return };
    found.retain(|f| f.0 == longest);
    let Some((_, label, said, _)) = found.first().cloned() else { return };
    // Two labels found alike link neither.
    if found.iter().any(|f| !f.1.eq_ignore_ascii_case(&label)) {
        return;
    }
    let mut iris: Vec<String> = found.into_iter().map(|f| f.3).collect();
    iris.sort();
    iris.dedup();
    entities.tasks.push(NormalizedEntity {
        kind: EntityKind::Task,
        text: said,
        canonical: label.clone(),
        aliases: Vec::new(),
        iris,
        direction: None,
        link: Some(IndexLink { label, score: 0.0, label_coverage: 1.0, why: "the question holds this research problem's words in another order or form (text index)" }),
    });
}

/// "the back-translation system": a model described by the words its paper's title gives
/// after its name ("Halverin: Back-Translation at Scale for Low-Resource Pairs"), when the
/// question links no model. The description's content words (two or more) must stand
/// together and in order in the title's part after the colon, the part before it must be a
/// model's label, and one model only may fit: a description that fits two links neither.
pub fn model_described(index: &TextIndex, question: &str, entities: &mut Normalized) {
    static DESCRIBED: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\bthe\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:system|model|method|approach|network|architecture|tagger|parser|classifier|detector|segmenter|transcriber|translator)\b")
            .unwrap_or_else(|e| panic!("described model pattern: {e}"))
    });
    if entities.methods.iter().any(NormalizedEntity::is_linked) {
        return;
    }
    let content = |text: &str| -> Vec<String> { crate::index::terms(text).into_iter().filter(|t| !super::extract::is_stopword(t)).collect() };
    for c in DESCRIBED.captures_iter(question) {
        let said = c[1].to_owned();
        let words = content(&said);
        // A year, a size or a word of one letter describes nothing a title holds; one word
        // alone ("the graph model") describes too many things to tell which.
        if words.len() < 2 || words.iter().any(|w| w.chars().all(|ch| ch.is_ascii_digit()) || w.len() < 3) {
            continue;
        }
        let mut fits: Vec<(String, Vec<String>)> = Vec::new();
        for hit in index.search(&said, &[DocKind::Paper], 20).iter().filter(|h| h.coverage >= 0.999) {
            let Some((head, body)) = hit.label.split_once(':') else { continue };
            // The description's words as the title writes them, together and in order: "the
            // deep neural network" is not "Deep Networks Using Neural Projections".
            let body = content(body);
            if !body.windows(words.len()).any(|w| w == words.as_slice()) {
                continue;
            }
            let head = head.trim();
            let models: Vec<String> = index.search(head, &[DocKind::Model], 10).into_iter().filter(|m| m.label.eq_ignore_ascii_case(head)).map(|m| m.iri).collect();
            if !models.is_empty() && !fits.iter().any(|(l, _)| l.eq_ignore_ascii_case(head)) {
                fits.push((head.to_owned(), models));
            }
        }
        if let [(label, iris)] = fits.as_slice() {
            entities.methods.retain(|m| m.is_linked());
            entities.methods.push(NormalizedEntity {
                kind: EntityKind::Method,
                text: format!("the {said}"),
                canonical: label.clone(),
                aliases: Vec::new(),
                iris: iris.clone(),
                direction: None,
                link: Some(IndexLink { label: label.clone(), score: 0.0, label_coverage: 1.0, why: "the question describes the model in the words its paper's title gives after its name (text index)" }),
            });
            return;
        }
    }
}

/// "best on sealbrook", "the orrenby corpus": a question word that opens one board's label
/// and is in no other board's names that board, though the rest of the label is unsaid.
fn opened_by_a_rare_word(text: &str, hits: &[crate::index::Hit], words: &[Word], entities: &mut Normalized) {
    let opens = |h: &crate::index::Hit| -> Option<(usize, String)> {
        let terms: Vec<String> = crate::index::terms(&h.label).into_iter().filter(|t| !super::extract::is_stopword(t)).collect();
        let first = terms.first()?.clone();
        let specific = first.chars().count() >= 4 && !DATASET_WORDS.contains(&first.as_str()) && !first.chars().all(|c| c.is_ascii_digit());
        // The whole word, or a word whose terms open the label ("dastrup-7" opens "Dastrup-7
        // Chorus"): "imagenet-r" does not open "ImageNet".
        let at = words.iter().position(|w| !w.written.is_empty() && terms.starts_with(&w.written) && w.written[0] == first).filter(|_| specific)?;
        // Where a board is named ("on sealbrook", "the orrenby corpus", a possessive
        // "varnholt's orrenby bleu", or before a result word: "dastrup-7 leader by 2016",
        // "the best quenmark bleu", not "sealbrook papers"), and not contradicted by a
        // number after it that the label lacks ("kinetics 400" is not Kinetics-600).
        let first_before_results = words.get(at + 1).is_some_and(|w| RESULT_WORDS.contains(&w.text.as_str()));
        let placed = first_before_results || ["on ", "over ", "the ", "'s ", "’s ", "best ", "top ", "highest ", "lowest "].iter().any(|p| text.contains(&format!("{p}{}", words[at].text)));
        let label = h.label.to_lowercase();
        let label_terms = crate::index::terms(&h.label);
        // Nor by a word of the name the label lacks, before the word that ends a dataset's
        // name: "the Veltmoor Dusk Set" is not the Veltmoor Dawn Set.
        let other_name = words.get(at + 1).zip(words.get(at + 2)).is_some_and(|(w, end)| {
            DATASET_WORDS.contains(&end.text.as_str()) && !DATASET_WORDS.contains(&w.text.as_str()) && !RESULT_WORDS.contains(&w.text.as_str()) && !w.written.is_empty() && !w.written.iter().all(|t| label_terms.contains(t))
        });
        let contradicted = other_name || words.get(at + 1).is_some_and(|w| w.text.chars().any(|c| c.is_ascii_digit()) && !label.contains(&w.text));
        (placed && !contradicted).then_some((at, first))
    };
    let opened: Vec<(&crate::index::Hit, usize, String)> = hits.iter().filter_map(|h| opens(h).map(|(i, t)| (h, i, t))).collect();
    let Some((best, at, term)) = opened.first().cloned() else { return };
    // The word names no other board: no other dataset label holds it at all.
    if hits.iter().any(|h| h.matched.contains(&term) && !h.label.eq_ignore_ascii_case(&best.label)) {
        return;
    }
    let mut iris: Vec<String> = opened.iter().filter(|(h, _, _)| h.label.eq_ignore_ascii_case(&best.label)).map(|(h, _, _)| h.iri.clone()).collect();
    iris.sort();
    iris.dedup();
    entities.datasets.clear();
    entities.datasets.push(NormalizedEntity {
        kind: EntityKind::Dataset,
        text: words[at].text.clone(),
        canonical: best.label.clone(),
        aliases: Vec::new(),
        iris,
        direction: None,
        link: Some(IndexLink { label: best.label.clone(), score: best.score, label_coverage: 0.0, why: "a rare word of the question opens this board's label and no other's (text index)" }),
    });
}

/// Words that say a board's results are asked for when they follow its name.
const RESULT_WORDS: &[&str] = &["leader", "leaders", "leaderboard", "record", "results", "result", "scores", "score", "sota", "best", "top", "bleu", "wer", "f1", "accuracy", "acc", "miou", "iou", "chrf"];

/// A question word as [`board_in_question`] reads it.
struct Word {
    text: String,
    /// Its index terms as written, stopwords left out.
    written: Vec<String>,
    /// The same with abbreviations written out.
    expanded: Vec<String>,
}

/// Which of `terms` (one question word's, `next` the following word's first term) a
/// label's terms hold, marking the label terms they cover.
fn hits(label: &[String], terms: &[String], next: Option<&String>, covered: &mut [bool]) -> Vec<bool> {
    let mut hit = vec![false; terms.len()];
    for (j, t) in terms.iter().enumerate() {
        for (k, l) in label.iter().enumerate() {
            if l == t || (t.len() >= 3 && l.starts_with(t.as_str())) {
                covered[k] = true;
                hit[j] = true;
            }
        }
        // Written apart: "dm control" for "dmcontrol".
        if let Some(next) = terms.get(j + 1).or(next) {
            let joined = format!("{t}{next}");
            if let Some(k) = label.iter().position(|l| *l == joined) {
                covered[k] = true;
                hit[j] = true;
            }
        }
        // Written joined: "objectnav" for "Object Nav".
        for k in 1..label.len() {
            if *t == format!("{}{}", label[k - 1], label[k]) {
                covered[k - 1] = true;
                covered[k] = true;
                hit[j] = true;
            }
        }
        // Initials before the last word: "kmnist" for "kuzushiji mnist".
        for k in 1..label.len() {
            let initials: String = label[..k].iter().filter_map(|l| l.chars().next()).collect();
            if *t == format!("{initials}{}", label[k]) {
                covered[..=k].iter_mut().for_each(|c| *c = true);
                hit[j] = true;
            }
        }
    }
    hit
}

/// How the question's `words` cover a label's `terms`: the label terms covered, those left
/// out (at most one, a number, beside two or more covered words), and the question words
/// drawn on, each wholly within the label. `None` when the label is not covered so.
fn cover(label: &[String], words: &[Word]) -> Option<(usize, usize, Vec<usize>)> {
    let mut covered = vec![false; label.len()];
    let mut used: Vec<usize> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).and_then(|w| w.written.first());
        // A word after one written apart ("control" in "dm control") is drawn on whole.
        let joined_to_previous = i > 0 && words[i - 1].written.last().is_some_and(|p| label.iter().any(|l| *l == format!("{p}{}", word.written[0])));
        let mut hit = hits(label, &word.written, next, &mut covered);
        if joined_to_previous {
            hit[0] = true;
        }
        if !hit.iter().any(|h| *h) && word.expanded != word.written {
            hit = hits(label, &word.expanded, next, &mut covered);
        }
        if hit.iter().any(|h| *h) {
            if !hit.iter().all(|h| *h) {
                return None;
            }
            used.push(i);
        }
    }
    let n = covered.iter().filter(|c| **c).count();
    let left: Vec<&String> = label.iter().zip(&covered).filter(|(_, c)| !**c).map(|(l, _)| l).collect();
    let fine = match left.as_slice() {
        [] => n >= 1,
        [one] => one.chars().all(|c| c.is_ascii_digit()) && n >= 2,
        _ => false,
    };
    fine.then_some((n, left.len(), used))
}

/// Widens every model and dataset mention that the question spells out further.
pub fn widened(index: &TextIndex, question: &str, entities: &mut Normalized) {
    for kind in [EntityKind::Method, EntityKind::Dataset] {
        for entity in entities.get_mut(kind).iter_mut() {
            widen(index, question, entity);
        }
    }
}

/// Whether a linked research problem, field, dataset or model of two words or more is
/// written in the question as the graph's label is ("call-type classification" for
/// "Call-Type Classification"), not reached through an alias or a loose match ("word2vec
/// embeddings" for "Word Embeddings", a paper's title for its model) or a metric.
pub fn named_verbatim(entity: &NormalizedEntity) -> bool {
    let words = |s: &str| s.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect::<Vec<_>>();
    let label = words(&entity.canonical);
    entity.is_linked() && entity.kind != EntityKind::Metric && label.len() >= 2 && words(&entity.text) == label
}

/// A model or dataset the question names by a version, size or variant the graph does not
/// hold, beside siblings it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Unheld {
    /// The name as the question writes it ("Wendrel-L", "Dastrup-8 Chorus").
    pub written: String,
    pub kind: EntityKind,
    /// The siblings the graph holds ("Wendrel-S"), at most three.
    pub held: Vec<String>,
}

/// The first hyphenated name of the question whose stem a graph model or dataset label
/// opens with another last part: "Wendrel-L" beside "Wendrel-S", "Quillon-XXL" beside
/// "Quillon-XL", "Dastrup-8 Chorus" beside "Dastrup-7 Chorus", "xlnet-xxl" beside
/// "XLNet-Large", when no label is the name itself and no entity of its kind linked. Its
/// sibling's facts are not the answer: the graph holds nothing of the name asked. Only a
/// last part that reads as a variant counts (a size, a version, a number, a short or
/// capitalised code: "GAT", "Skagerrak"), so "BERT-based" and "ViT-style" name no
/// variant. Pure.
/// `title`: the paper title the question quotes (`Front::lookup`), whose words name no model.
pub fn unheld_sibling(index: &TextIndex, question: &str, entities: &Normalized, title: Option<&str>) -> Option<Unheld> {
    static HYPHENATED: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"\b(\p{L}[\p{L}\p{N}]+)-([\p{L}\p{N}]+)\b").unwrap_or_else(|e| panic!("hyphenated name pattern: {e}"))
    });
    const NOT_VARIANTS: &[&str] = &["based", "like", "style", "type", "free", "only", "wise", "aware", "level", "scale", "related", "specific", "driven", "inspired", "powered", "ish", "esque"];
    const SIZES: &[&str] = &["large", "base", "small", "tiny", "huge", "giant", "medium", "mini", "nano", "lite"];
    // Prefixes that open compound words, not names: "multi-doc", "end-to-end", "linear-time".
    const NOT_STEMS: &[&str] = &["multi", "self", "cross", "semi", "pre", "post", "non", "end", "inter", "intra", "sub", "super", "uni", "anti", "meta", "over", "under", "state", "long", "short", "high", "low", "fine", "coarse", "zero", "few", "one", "two", "three", "single", "double", "real", "open", "deep", "linear", "large", "small", "mid", "top", "full", "half", "all", "well", "data", "task", "domain", "word", "sentence", "document", "character", "token", "image", "video", "audio", "text", "graph", "time", "knowledge", "question", "named", "entity", "relation", "ground", "first", "second", "third", "last", "next", "out", "in", "on", "off", "up", "down"];
    // A board kept unlinked as a near miss is already said to be missing (`near_miss_board`).
    if entities.datasets.iter().any(is_near_miss) {
        return None;
    }
    let squashed = super::lexicon::squashed;
    let first_part = |label: &str| -> Option<(String, String)> {
        let word = label.split_whitespace().next()?;
        let (stem, rest) = word.split_once('-')?;
        Some((squashed(stem), squashed(rest)))
    };
    // A paper's quoted title names the paper ("... the paper \"Named Entity Recognition with
    // Bidirectional LSTM-CNNs\""): its words are no model's name asked about.
    let title = title.map(str::to_lowercase);
    for c in HYPHENATED.captures_iter(question) {
        let (whole, stem, last) = (&c[0], &c[1], &c[2]);
        if title.as_deref().is_some_and(|t| t.contains(&whole.to_lowercase())) {
            continue;
        }
        let span = c.get(0).map_or(0..0, |m| m.range());
        // One part of a longer compound ("End-to-End", "state-of-the-art") is no name.
        let joined = |ch: Option<char>| ch == Some('-');
        if joined(question[..span.start].chars().next_back()) || joined(question[span.end..].chars().next()) {
            continue;
        }
        // Part of a name found otherwise: a linked one ("CvT-21 (384 res, ImageNet-22k
        // pretrain)"), or a metric, task or field ("RACE-m").
        let inside = |e: &NormalizedEntity| (e.is_linked() || !matches!(e.kind, EntityKind::Method | EntityKind::Dataset)) && e.text.to_lowercase().contains(&whole.to_lowercase());
        if entities.all().any(inside) {
            continue;
        }
        let last_lower = last.to_lowercase();
        // A size, a version or number, a code in capitals or a capitalised name, or a short
        // tag ("xxl", "l"): not a word of the sentence ("street-name").
        let variant_like = last.chars().any(|ch| ch.is_ascii_digit())
            || SIZES.contains(&last_lower.as_str())
            || last.chars().count() <= 3
            || last.starts_with(|ch: char| ch.is_uppercase());
        let stem_lower = stem.to_lowercase();
        if squashed(stem).chars().count() < 3 || NOT_VARIANTS.contains(&last_lower.as_str()) || !variant_like || super::extract::is_stopword(&stem_lower) || NOT_STEMS.contains(&stem_lower.as_str()) {
            continue;
        }
        let hits = index.search(stem, &[DocKind::Model, DocKind::Dataset], 30);
        let written_key = squashed(whole);
        // The name itself is held (as a label, or as the first word of one).
        if hits.iter().any(|h| squashed(&h.label) == written_key || h.label.split_whitespace().next().is_some_and(|w| squashed(w) == written_key)) {
            continue;
        }
        // Siblings: the stem with another last part ("Wendrel-S"), or the stem alone
        // ("BenchMira" beside "BenchMira-2").
        let stem_key = squashed(stem);
        let siblings: Vec<&crate::index::Hit> = hits
            .iter()
            .filter(|h| {
                first_part(&h.label).is_some_and(|(s, rest)| s == stem_key && !rest.is_empty() && rest != squashed(last))
                    || h.label.split_whitespace().next().is_some_and(|w| !w.contains('-') && squashed(w) == stem_key)
            })
            .collect();
        let Some(first) = siblings.first() else { continue };
        // A family's name opening its members ("NAT-M" beside "NAT-M1", "NAT-M2") is held.
        if hits.iter().any(|h| first_part(&h.label).is_some_and(|(s, rest)| s == stem_key && rest.len() > squashed(last).len() && rest.starts_with(&squashed(last)))) {
            continue;
        }
        let kind = if first.kind == DocKind::Dataset { EntityKind::Dataset } else { EntityKind::Method };
        // Another entity of its kind linked is what the question is about (the stem found
        // inside the name is not another one).
        if entities.get(kind).iter().any(|e| e.is_linked() && squashed(&e.text) != stem_key) {
            continue;
        }
        // The words after it that the sibling's label has after its first word belong to
        // the name: "Dastrup-8 Chorus" beside "Dastrup-7 Chorus".
        let tail: Vec<&str> = first.label.split_whitespace().skip(1).collect();
        let after: Vec<&str> = question[c.get(0).map_or(0, |m| m.end())..].split_whitespace().take(tail.len()).collect();
        let written = match !tail.is_empty() && after.iter().zip(&tail).all(|(a, t)| squashed(a) == squashed(t)) {
            true => format!("{whole} {}", after.join(" ")),
            false => whole.to_owned(),
        };
        let mut held: Vec<String> = Vec::new();
        for h in siblings.iter().filter(|h| h.kind == first.kind) {
            if held.len() < 3 && !held.contains(&h.label) {
                held.push(h.label.clone());
            }
        }
        return Some(Unheld { written, kind, held });
    }
    None
}

/// A board or model the question seems to name although nothing linked it: a word of the
/// question (four letters or more, not a generic word) that a dataset or model label holds,
/// that no research problem, field or metric label holds and at most two paper titles do,
/// and whose label is not among the linked entities; or a research problem whose every word
/// (two or more) the question holds. "When did the best Dastrup-7 result
/// appear?" names "Dastrup-7 Chorus" though no name was extracted from it. An answer that
/// found nothing for such a question has not shown that the graph lacks what was asked
/// (the scope gate says so); a question whose names the graph does not hold at all gets
/// `None`. Pure.
pub fn unrecognised(index: &TextIndex, question: &str, entities: &Normalized) -> Option<String> {
    let linked: Vec<String> = entities.all().filter(|e| e.is_linked()).map(|e| e.canonical.to_lowercase()).collect();
    // The words of a board kept unlinked ([`near_miss_board`]) are accounted for: the
    // answer says the graph holds no such board.
    let unheld: Vec<String> = entities.datasets.iter().filter(|d| is_near_miss(d)).flat_map(|d| crate::index::terms(&d.text)).collect();
    let mut terms: Vec<String> = crate::index::terms(question)
        .into_iter()
        .filter(|t| !unheld.contains(t))
        .filter(|t| t.chars().count() >= 4 && !t.chars().all(|c| c.is_ascii_digit()) && !super::extract::is_stopword(t) && !DATASET_WORDS.contains(&t.as_str()))
        .collect();
    terms.dedup();
    // A research problem the question writes out as its topic, two words or more: "most
    // recent paper on call-type classification" (not "word2vec embeddings" for "Word
    // Embeddings", nor "quantum machine learning", a narrower topic, for "Machine Learning").
    let spaced = |s: &str| format!(" {} ", s.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" "));
    let asked = spaced(question);
    let problem = index.search(question, &[DocKind::Problem], 5).into_iter().find(|h| {
        let label = spaced(&h.label);
        let Some(at) = asked.find(&label) else { return false };
        let before = asked[..at].split_whitespace().last();
        label.trim().contains(' ') && before.is_none_or(super::extract::is_stopword) && !linked.contains(&h.label.to_lowercase())
    });
    if let Some(hit) = problem {
        return Some(hit.label);
    }
    // A board described by its task's words: "the kelp mapping benchmark" when a problem or
    // a board's label holds every one of them ("Kelp Canopy Mapping").
    static DESCRIBED_BOARD: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\bthe\s+((?:[\w-]+\s+){1,3}?)(?:benchmark|dataset|data\s+set|board|leaderboard|corpus)\b").unwrap_or_else(|e| panic!("described board pattern: {e}"))
    });
    let content = |text: &str| -> Vec<String> { crate::index::terms(text).into_iter().filter(|t| !super::extract::is_stopword(t)).collect() };
    for c in DESCRIBED_BOARD.captures_iter(question) {
        let words = content(&c[1]);
        if words.len() < 2 || words.iter().any(|w| w.chars().all(|ch| ch.is_ascii_digit())) {
            continue;
        }
        let holds = index.search(&c[1], &[DocKind::Problem, DocKind::Dataset], 10).into_iter().find(|h| {
            let label = content(&h.label);
            words.iter().all(|w| label.contains(w)) && !linked.contains(&h.label.to_lowercase())
        });
        if let Some(hit) = holds {
            return Some(hit.label);
        }
    }
    terms.into_iter().find_map(|term| {
        let holding = |kinds: &[DocKind], limit: usize| index.search(&term, kinds, limit).into_iter().filter(|h| h.matched.contains(&term)).collect::<Vec<_>>();
        let names = holding(&[DocKind::Dataset, DocKind::Model], 5);
        let generic = !holding(&[DocKind::Problem, DocKind::Field, DocKind::Metric], 1).is_empty() || holding(&[DocKind::Paper], 3).len() >= 3;
        if generic || names.iter().any(|h| linked.contains(&h.label.to_lowercase())) {
            return None;
        }
        names.first().map(|h| h.label.clone())
    })
}

/// A research problem the question narrows with words the graph holds nowhere: "the newest
/// works on fault detection of wave energy converters", where "fault detection" linked a
/// problem but no label or title holds "wave", "energy" or "converters". The papers on the
/// wider problem are not on the topic asked about; returns the topic as written and the
/// problem's label. The narrowing phrase follows the name ("of", "for", "in", "on", "to",
/// "with"), up to four words, and every content word of it must be unknown to the index:
/// "fault detection in tidal turbines" is held, and a phrase about the asker ("for my
/// thesis") is no topic. Pure.
pub fn narrowed_topic(index: &TextIndex, question: &str, entities: &Normalized) -> Option<(String, String)> {
    static NARROWED: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"^\s+(of|for|in|on|to|with)\s+(?:the\s+|a\s+|an\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})").unwrap_or_else(|e| panic!("narrowing pattern: {e}"))
    });
    /// Words that say who asks or what for, not what about.
    const FRAMING: &[&str] = &["thesis", "project", "survey", "review", "overview", "literature", "work", "works", "research", "paper", "papers", "class", "course", "lecture", "talk", "report", "general", "practice", "particular", "detail", "details", "recent", "years", "example", "reference", "references", "beginners", "newcomers", "students", "teaching"];
    /// Words that end the narrowing phrase.
    const ENDS: &[&str] = &["and", "or", "but", "that", "which", "since", "before", "after", "until", "published", "from", "by", "using", "with", "in", "on", "as", "please"];
    let lowered = question.to_lowercase();
    entities.tasks.iter().filter(|t| t.is_linked()).find_map(|task| {
        let name = task.text.to_lowercase();
        let at = lowered.find(&name)?;
        let c = NARROWED.captures(&lowered[at + name.len()..])?;
        let words: Vec<&str> = c[2].split_whitespace().take_while(|w| !ENDS.contains(w)).collect();
        let content: Vec<&&str> = words.iter().filter(|w| w.chars().count() >= 4 && !super::extract::is_stopword(w) && !FRAMING.contains(w)).collect();
        let unknown = |w: &str| !crate::index::terms(w).is_empty() && index.weights(w).is_empty();
        (!content.is_empty() && content.iter().all(|w| unknown(w))).then(|| (format!("{} {} {}", task.text, &c[1], words.join(" ")), task.canonical.clone()))
    })
}

/// Why a board kept by [`near_miss_board`] was not linked.
pub const NEAR_MISS: &str = "not linked: a word of the name is in no label, though another is in this dataset's";

/// Whether the entity is a board the graph nearly holds, kept unlinked ([`near_miss_board`]).
pub fn is_near_miss(entity: &NormalizedEntity) -> bool {
    !entity.is_linked() && entity.link.as_ref().is_some_and(|l| l.why == NEAR_MISS)
}

/// The names the graph does not hold that the question joins to one it does ("papers on
/// OCR, and on handwriting recognition too", "models tested on anli (test) and on
/// winogrande?"): the answer is about the held one, and says the other is missing rather
/// than leave it unmentioned. Only boards, problems and models joined by "and" or "or"
/// (with a repeated preposition or none), so a word an extraction guessed elsewhere in the
/// question is never said to be missing. Pure.
pub fn unheld_joined<'a>(question: &str, entities: &'a Normalized) -> Vec<&'a NormalizedEntity> {
    static BETWEEN: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)^[\s,)]*(?:and|or)\s+(?:also\s+)?(?:(?:on|for|in|of|about)\s+)?(?:the\s+)?$").unwrap_or_else(|e| panic!("joined pattern: {e}"))
    });
    let lowered = question.to_lowercase();
    let at = |e: &NormalizedEntity| lowered.find(&e.text.to_lowercase()).map(|start| (start, start + e.text.len()));
    let kinds = [EntityKind::Dataset, EntityKind::Task, EntityKind::Method];
    let linked: Vec<(usize, usize)> = kinds.iter().flat_map(|k| entities.get(*k)).filter(|e| e.is_linked()).filter_map(at).collect();
    kinds
        .iter()
        .flat_map(|k| entities.get(*k))
        .filter(|e| !e.is_linked() && !is_near_miss(e))
        .filter(|e| {
            at(e).is_some_and(|(start, end)| {
                linked.iter().any(|&(s, t)| (t <= start && lowered.get(t..start).is_some_and(|b| BETWEEN.is_match(b))) || (end <= s && lowered.get(end..s).is_some_and(|b| BETWEEN.is_match(b))))
            })
        })
        .collect()
}

/// A board the question names that the graph nearly holds: a name written as one
/// ("Kelpwatch-Tasmania", "Kelpwatch Tasmania") that shares a word with a dataset label
/// but has another word no label of any kind holds. Kept as an unlinked dataset, so that
/// nothing is read from the board it resembles: "Kelvane scores 61.4 on Kelpwatch-Tasmania"
/// is not supported by Kelvane's 61.4 on Kelpwatch-Norrland. Only when no dataset is
/// linked; names the question already links are not read again.
pub fn near_miss_board(index: &TextIndex, question: &str, entities: &mut Normalized) {
    static NAME: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+\b|\b[A-Z][a-z0-9]+(?:\s+[A-Z][A-Za-z0-9]+)+\b").unwrap_or_else(|e| panic!("name pattern: {e}"))
    });
    if entities.datasets.iter().any(|d| d.is_linked()) {
        return;
    }
    let linked: Vec<String> = entities.all().filter(|e| e.is_linked()).flat_map(|e| [e.text.to_lowercase(), e.canonical.to_lowercase()]).collect();
    let all_kinds = [DocKind::Dataset, DocKind::Model, DocKind::Problem, DocKind::Field, DocKind::Metric];
    for name in NAME.find_iter(question).map(|m| m.as_str()) {
        let lowered = name.to_lowercase();
        if linked.iter().any(|l| l.contains(&lowered) || lowered.contains(l.as_str())) {
            continue;
        }
        let terms: Vec<String> = crate::index::terms(name);
        let Some(hit) = index.search(name, &[DocKind::Dataset], 5).into_iter().find(|h| h.matched.iter().any(|t| t.chars().count() >= 4)) else { continue };
        let in_no_label = |t: &String| {
            t.chars().count() >= 4
                && !t.chars().all(|c| c.is_ascii_digit())
                && !super::extract::is_stopword(t)
                && !DATASET_WORDS.contains(&t.as_str())
                && !index.search(t, &all_kinds, 3).iter().any(|h| h.matched.contains(t))
        };
        if terms.iter().any(|t| !hit.matched.contains(t) && in_no_label(t)) {
            // Unlinked (no IRI), with the label it resembles and why it was not linked.
            let link = Some(IndexLink { label: hit.label.clone(), score: hit.score, label_coverage: hit.label_coverage, why: NEAR_MISS });
            entities.datasets.push(NormalizedEntity { kind: EntityKind::Dataset, text: name.to_owned(), canonical: name.to_owned(), aliases: vec![], iris: vec![], direction: None, link });
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::IndexDoc;

    #[test]
    fn a_variant_the_graph_lacks_beside_a_sibling_it_holds_is_found() {
        let index = index_of(&[
            (DocKind::Model, "w", "Wendrel-S"),
            (DocKind::Model, "x", "XLNet-Large"),
            (DocKind::Model, "b", "BERT-joint"),
            (DocKind::Dataset, "d", "Dastrup-7 Chorus"),
            (DocKind::Dataset, "c", "Corvalla-Ice"),
            (DocKind::Dataset, "m", "BenchMira"),
        ]);
        let none = Normalized::default();
        let found = |q: &str| unheld_sibling(&index, q, &none, crate::pipeline::front::extract::lookup_keys(q).title.as_deref()).map(|u| (u.written, u.held));
        assert_eq!(found("Which papers evaluate the large one, Wendrel-L?"), Some(("Wendrel-L".into(), vec!["Wendrel-S".into()])));
        assert_eq!(found("xlnet-xxl on squad"), Some(("xlnet-xxl".into(), vec!["XLNet-Large".into()])));
        assert_eq!(found("Is the Dastrup-8 Chorus set in the graph?"), Some(("Dastrup-8 Chorus".into(), vec!["Dastrup-7 Chorus".into()])));
        assert_eq!(found("Is there a Corvalla-2 dataset?"), Some(("Corvalla-2".into(), vec!["Corvalla-Ice".into()])));
        assert_eq!(found("Is there a BenchMira-2 dataset?"), Some(("BenchMira-2".into(), vec!["BenchMira".into()])));
        // Held as written, no variant named, or the graph holds no sibling.
        assert_eq!(found("which problem does the paper \"Singing with Wendrel-L\" address?"), None, "words of a quoted title");
        for q in ["wendrel-s on corvalla-ice", "WENDREL-S results", "bert-based models", "Corvalla-Ice leader", "quillon-xxl on corvalla-ice", "state-of-the-art on Corvalla-Ice", "End-to-End Wendrel-S", "the wendrel-name model", "Wendrel-S or Wendrel-? models"] {
            assert_eq!(found(q), None, "{q}");
        }
        let mut metric = Normalized::default();
        metric.metrics.push(entity(EntityKind::Metric, "Wendrel-L"));
        assert_eq!(unheld_sibling(&index, "best Wendrel-L on Corvalla-Ice?", &metric, None), None, "a metric's name");
        let mut linked = Normalized::default();
        linked.methods.push(NormalizedEntity { iris: vec!["w".into()], ..entity(EntityKind::Method, "Wendrel-S") });
        assert_eq!(unheld_sibling(&index, "is Wendrel-L ahead of Wendrel-S?", &linked, None), None, "a model of its kind is linked");
    }

    #[test]
    fn a_name_the_graph_lacks_joined_to_one_it_holds_is_found_and_one_said_elsewhere_is_not() {
        let held = |kind, text: &str| NormalizedEntity { iris: vec!["x".into()], ..entity(kind, text) };
        let mut entities = Normalized::default();
        entities.tasks.push(held(EntityKind::Task, "OCR"));
        entities.tasks.push(entity(EntityKind::Task, "handwriting recognition"));
        let joined: Vec<&str> = unheld_joined("papers on OCR, and on handwriting recognition too if there are any", &entities).iter().map(|e| e.text.as_str()).collect();
        assert_eq!(joined, ["handwriting recognition"]);
        assert!(unheld_joined("papers on OCR from the handwriting recognition group", &entities).is_empty(), "not joined to it");
    }

    fn index_of(docs: &[(DocKind, &str, &str)]) -> TextIndex {
        TextIndex::build(docs.iter().map(|(k, i, l)| IndexDoc { kind: *k, iri: (*i).into(), label: (*l).into() }), None).unwrap()
    }

    fn entity(kind: EntityKind, text: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: text.into(), canonical: text.into(), aliases: vec![], iris: vec![], direction: None, link: None }
    }

    fn scanned(docs: &[(DocKind, &str, &str)], question: &str) -> Option<String> {
        let index = index_of(docs);
        let mut entities = Normalized::default();
        board_in_question(&index, question, &mut entities);
        entities.datasets.first().filter(|d| d.is_linked()).map(|d| d.canonical.clone())
    }

    fn boards() -> Vec<(DocKind, &'static str, &'static str)> {
        let mut docs = vec![
            (DocKind::Dataset, "d1", "WOS-46985"),
            (DocKind::Dataset, "d2", "Atari 2600 James Bond"),
            (DocKind::Dataset, "d3", "Atari 2600 Up and Down"),
            (DocKind::Dataset, "d4", "BC5CDR-chemical"),
            (DocKind::Dataset, "d5", "BC5CDR-disease"),
            (DocKind::Dataset, "d6", "Kuzushiji-MNIST"),
            (DocKind::Dataset, "d7", "Reacher, easy (DMControl100k)"),
            (DocKind::Dataset, "d8", "Reacher, easy (DMControl500k)"),
            (DocKind::Dataset, "d9", "ImageNet"),
            (DocKind::Dataset, "d10", "Atari 2600 Pong"),
            (DocKind::Dataset, "d11", "Habitat 2020 Object Nav test-std"),
            (DocKind::Dataset, "d12", "Habitat 2020 Point Nav test-std"),
        ];
        // Enough other labels for the boards' words to be rare, as in a real graph.
        for i in 0..2000 {
            docs.push((DocKind::Paper, "p", if i % 2 == 0 { "A test of english models" } else { "Learning to play games with deep networks" }));
        }
        docs
    }

    #[test]
    fn a_board_described_by_its_tasks_words_is_one_the_graph_holds() {
        let index = index_of(&[(DocKind::Problem, "t1", "Kelp Canopy Mapping"), (DocKind::Dataset, "d1", "Kelpwatch-Norrland")]);
        let q = "As of 2024, did Kelvane hold the best overlap score on the kelp mapping benchmark?";
        assert_eq!(unrecognised(&index, q, &Normalized::default()).as_deref(), Some("Kelp Canopy Mapping"));
        assert_eq!(unrecognised(&index, "Who leads the glacier mapping benchmark?", &Normalized::default()), None, "no label holds glacier");
    }

    #[test]
    fn a_problem_written_in_another_order_or_form_links_when_nothing_else_does() {
        let index = index_of(&[(DocKind::Problem, "t1", "Dialogue Translation"), (DocKind::Problem, "t2", "Machine Translation")]);
        let linked = |q: &str| {
            let mut entities = Normalized::default();
            problem_in_question(&index, q, &mut entities);
            entities.tasks.first().map(|t| t.canonical.clone())
        };
        assert_eq!(linked("What's the most recent paper on translating dialogue?").as_deref(), Some("Dialogue Translation"));
        assert_eq!(linked("What's the most recent paper on translating?"), None, "one word is no label");
    }

    #[test]
    fn a_model_described_by_its_titles_words_links_and_a_vague_or_shared_description_does_not() {
        let index = index_of(&[
            (DocKind::Paper, "p1", "Halverin: Back-Translation at Scale for Low-Resource Pairs"),
            (DocKind::Paper, "p2", "Marrowfen: Graph Features for Drivetrain Fault Diagnosis"),
            (DocKind::Paper, "p3", "Ostrada: Back-Translation for Subtitles"),
            (DocKind::Model, "m1", "Halverin"),
            (DocKind::Model, "m2", "Marrowfen"),
            (DocKind::Model, "m3", "Ostrada"),
        ]);
        let described = |q: &str| {
            let mut entities = Normalized::default();
            model_described(&index, q, &mut entities);
            entities.methods.first().map(|m| m.canonical.clone())
        };
        assert_eq!(described("Where has the low-resource pairs system been evaluated?").as_deref(), Some("Halverin"));
        assert_eq!(described("Where has the back-translation system been evaluated?"), None, "two titles fit");
        assert_eq!(described("Is the graph model the best?"), None, "one word");
        assert_eq!(described("Is the drivetrain graph model the best?"), None, "the title's words are not together in this order");
    }

    #[test]
    fn a_board_named_in_the_questions_own_words_is_found_in_it() {
        let docs = boards();
        assert_eq!(scanned(&docs, "who leads the wos 46985 leaderboard").as_deref(), Some("WOS-46985"));
        assert_eq!(scanned(&docs, "what agent tops james bond 007 in the atari suite").as_deref(), Some("Atari 2600 James Bond"));
        assert_eq!(scanned(&docs, "who holds the record on atari up n down").as_deref(), Some("Atari 2600 Up and Down"));
        assert_eq!(scanned(&docs, "bc5cdr chem NER: highest entity-level F1?").as_deref(), Some("BC5CDR-chemical"));
        assert_eq!(scanned(&docs, "sota on kmnist").as_deref(), Some("Kuzushiji-MNIST"));
        assert_eq!(scanned(&docs, "habitat 2020 objectnav test-std — who leads on SPL?").as_deref(), Some("Habitat 2020 Object Nav test-std"), "two words written joined");
        let mut more = docs.clone();
        more.push((DocKind::Dataset, "d20", "Dastrup-7 Chorus"));
        more.push((DocKind::Dataset, "d21", "Orrenby Parallel Corpus"));
        assert_eq!(scanned(&more, "which system does worst on dastrup-7 by WER?").as_deref(), Some("Dastrup-7 Chorus"), "a name whose terms open the label");
        assert_eq!(scanned(&more, "dastrup-7 leader by 2016 - which model?").as_deref(), Some("Dastrup-7 Chorus"), "named first");
        assert_eq!(scanned(&more, "is varnholt's orrenby bleu higher than halverin's?").as_deref(), Some("Orrenby Parallel Corpus"), "a possessive places it");
        assert_eq!(scanned(&docs, "reacher easy dm control 100k steps - best score so far?").as_deref(), Some("Reacher, easy (DMControl100k)"));
    }

    #[test]
    fn a_board_is_not_found_in_a_longer_word_in_ambiguous_words_or_in_common_words() {
        let docs = boards();
        assert_eq!(scanned(&docs, "best model on imagenet-r"), None, "a word the label does not wholly hold");
        assert_eq!(scanned(&docs, "best score on reacher easy"), None, "two boards hold these words alike");
        assert_eq!(scanned(&docs, "bc5cdr leaderboard"), None, "two boards hold these words alike");
        assert_eq!(scanned(&docs, "which model is best on the english test"), None);
    }

    #[test]
    fn a_board_named_by_the_one_word_opening_its_label_is_found() {
        let docs = [(DocKind::Dataset, "d1", "Sealbrook Turbine Logs"), (DocKind::Dataset, "d2", "Kelpwatch-Norrland"), (DocKind::Dataset, "d3", "Kinetics-600"), (DocKind::Dataset, "d4", "Orrenby Parallel Corpus")];
        assert_eq!(scanned(&docs, "best f1 on sealbrook, yeah?").as_deref(), Some("Sealbrook Turbine Logs"));
        assert_eq!(scanned(&docs, "who has overtaken it on the orrenby corpus?").as_deref(), Some("Orrenby Parallel Corpus"));
        assert_eq!(scanned(&docs, "metrics reported on kinetics 400"), None, "a number after it that the label lacks");
        let sets = [(DocKind::Dataset, "d5", "Veltmoor Dawn Set"), (DocKind::Dataset, "d6", "Hollenby Marsh Calls")];
        assert_eq!(scanned(&sets, "which model does worst on the Veltmoor Dusk Set?"), None, "a word of the name the label lacks");
        assert_eq!(scanned(&sets, "which model does worst on the veltmoor set?").as_deref(), Some("Veltmoor Dawn Set"), "the name's last word alone");
        assert_eq!(scanned(&docs, "sealbrook papers"), None, "a board is named where a board goes: on, over, the");
    }

    #[test]
    fn a_joined_word_is_split_even_when_a_title_holds_it_joined() {
        let docs = [(DocKind::Dataset, "d1", "Cart Pole (OpenAI Gym)"), (DocKind::Paper, "p1", "Balancing a CartPole"), (DocKind::Dataset, "d2", "Pole vault")];
        let index = index_of(&docs);
        let mut board = entity(EntityKind::Dataset, "cartpole openai gym");
        link(&index, &mut board);
        assert_eq!(board.iris, vec!["d1".to_owned()], "{:?}", board.link);
    }

    #[test]
    fn a_name_links_to_the_label_of_its_kind_that_holds_all_its_words() {
        let docs = [(DocKind::Model, "m1", "PubMedBERT uncased"), (DocKind::Dataset, "d1", "Cornell Grasp Dataset"), (DocKind::Dataset, "d2", "Jacquard dataset"), (DocKind::Model, "m2", "BERT")];
        let index = index_of(&docs);
        let mut model = entity(EntityKind::Method, "pubmedbert");
        link(&index, &mut model);
        assert_eq!((model.canonical.as_str(), model.iris.clone()), ("PubMedBERT uncased", vec!["m1".to_owned()]));
        assert!(model.link.is_some() && model.aliases.contains(&"pubmedbert".to_owned()));
        let mut dataset = entity(EntityKind::Dataset, "Cornell grasping");
        link(&index, &mut dataset);
        assert_eq!(dataset.iris, vec!["d1".to_owned()]);
        let mut unknown = entity(EntityKind::Dataset, "Cornell hand tracking");
        link(&index, &mut unknown);
        assert!(unknown.iris.is_empty() && unknown.link.is_none(), "not every word is in a label");
    }

    #[test]
    fn a_model_name_only_a_dataset_label_holds_is_that_dataset() {
        let docs = [(DocKind::Dataset, "d", "FSNS - Test"), (DocKind::Model, "m", "Attention OCR")];
        let index = index_of(&docs);
        let mut entities = Normalized::default();
        entities.methods.push(entity(EntityKind::Method, "FSNS test"));
        entities.methods.push(entity(EntityKind::Method, "attention ocr"));
        unlinked(&index, &mut entities);
        assert_eq!(entities.datasets.iter().map(|d| d.iris.clone()).collect::<Vec<_>>(), vec![vec!["d".to_owned()]]);
        assert_eq!(entities.methods.len(), 1);
    }

    #[test]
    fn a_two_digit_year_apart_from_its_name_is_read_as_a_year_when_nothing_else_links() {
        let docs = [(DocKind::Dataset, "i", "iNaturalist 2019"), (DocKind::Dataset, "c", "CIFAR-10")];
        let index = index_of(&docs);
        let mut inat = entity(EntityKind::Dataset, "inaturalist 19");
        link(&index, &mut inat);
        assert_eq!(inat.iris, vec!["i".to_owned()]);
        let mut cifar = entity(EntityKind::Dataset, "cifar 10");
        link(&index, &mut cifar);
        assert_eq!(cifar.iris, vec!["c".to_owned()], "a name that links as written keeps its number");
    }

    #[test]
    fn a_task_word_after_a_board_name_is_left_out_when_nothing_else_links() {
        let docs = [(DocKind::Dataset, "a", "arXiv"), (DocKind::Problem, "t", "Text Summarization"), (DocKind::Dataset, "p", "Pubmed")];
        let index = index_of(&docs);
        let mut arxiv = entity(EntityKind::Dataset, "arxiv summarization dataset");
        link(&index, &mut arxiv);
        assert_eq!(arxiv.iris, vec!["a".to_owned()]);
        let mut other = entity(EntityKind::Dataset, "arxiv papers");
        link(&index, &mut other);
        assert!(other.iris.is_empty(), "only a word some problem holds is left out");
    }

    #[test]
    fn a_metric_or_task_name_only_a_dataset_label_holds_is_that_dataset() {
        let docs = [(DocKind::Dataset, "d", "Atari 2600 Bowling"), (DocKind::Metric, "s", "Score"), (DocKind::Problem, "p", "Atari Games")];
        let index = index_of(&docs);
        let mut entities = Normalized::default();
        entities.metrics.push(entity(EntityKind::Metric, "bowling"));
        entities.metrics.push(entity(EntityKind::Metric, "score"));
        entities.tasks.push(entity(EntityKind::Task, "atari games"));
        unlinked(&index, &mut entities);
        assert_eq!(entities.datasets.iter().map(|d| d.iris.clone()).collect::<Vec<_>>(), vec![vec!["d".to_owned()]]);
        assert_eq!((entities.metrics.len(), entities.tasks.len()), (1, 1), "names their own kind holds stay");
    }

    #[test]
    fn a_guess_links_by_its_longest_leading_words_a_label_holds() {
        let docs = [(DocKind::Dataset, "t", "TACRED")];
        let index = index_of(&docs);
        let mut guess = entity(EntityKind::Dataset, "tacred and which model has it");
        shrink(&index, &mut guess);
        assert_eq!((guess.iris.clone(), guess.text.as_str()), (vec!["t".to_owned()], "tacred and which model has it"));
        let docs = [(DocKind::Dataset, "n", "Natural Questions (long)")];
        let index = index_of(&docs);
        let mut guess = entity(EntityKind::Dataset, "long range arena");
        shrink(&index, &mut guess);
        assert!(guess.iris.is_empty(), "no word ends the name: it is not cut");
    }

    #[test]
    fn a_models_family_holds_the_labels_that_begin_with_its_name() {
        let docs = [(DocKind::Model, "x", "Transformer-XL"), (DocKind::Model, "b", "Transformer-XL Base"), (DocKind::Model, "l", "Transformer-XL Large"), (DocKind::Model, "t", "Transformer")];
        let index_t = index_of(&docs);
        let mut transformer = entity(EntityKind::Method, "Transformer");
        transformer.iris = vec!["t".into()];
        family(&index_t, &mut transformer);
        assert_eq!(transformer.iris, ["t"], "Transformer-XL is another model, not a Transformer variant");
        let index = index_of(&docs);
        let mut model = entity(EntityKind::Method, "transformer-xl");
        model.iris = vec!["x".into()];
        family(&index, &mut model);
        model.iris.sort();
        assert_eq!(model.iris, ["b", "l", "x"]);
        let index = index_of(&[(DocKind::Model, "m", "CAIT-M-24"), (DocKind::Model, "s", "CaiT-S-36"), (DocKind::Model, "c", "Caitlin")]);
        let mut cait = NormalizedEntity { canonical: "CAIT-M-24".into(), iris: vec!["m".into()], ..entity(EntityKind::Method, "cait") };
        family(&index, &mut cait);
        cait.iris.sort();
        assert_eq!(cait.iris, ["m", "s"], "a family's name no label is");
    }

    #[test]
    fn a_models_name_no_label_is_links_to_the_labels_it_opens_not_one_it_stands_later_in() {
        let index = index_of(&[(DocKind::Model, "b", "Bootstrapped DQN"), (DocKind::Model, "h", "DQN hs"), (DocKind::Model, "n", "DQN noop"), (DocKind::Model, "m", "DQNMMCe")]);
        let mut dqn = entity(EntityKind::Method, "DQN");
        link(&index, &mut dqn);
        assert!(dqn.canonical.starts_with("DQN "), "{}", dqn.canonical);
        family(&index, &mut dqn);
        dqn.iris.sort();
        assert_eq!(dqn.iris, ["h", "n"], "Bootstrapped DQN and DQNMMCe are other models");
        let mut other = entity(EntityKind::Method, "bootstrapped dqn");
        link(&index, &mut other);
        assert_eq!(other.iris, ["b"], "a name a label is stays that label");
    }

    #[test]
    fn abbreviations_and_short_years_are_written_out_and_word_order_breaks_ties() {
        let docs = [(DocKind::Dataset, "ro", "WMT2016 Romanian-English"), (DocKind::Dataset, "en", "WMT2016 English-Romanian"), (DocKind::Dataset, "ptb", "Penn Treebank (Character Level)")];
        let index = index_of(&docs);
        let mut pair = entity(EntityKind::Dataset, "wmt16 ro-en");
        link(&index, &mut pair);
        assert_eq!(pair.iris, ["ro"]);
        let mut ptb = entity(EntityKind::Dataset, "ptb char level");
        link(&index, &mut ptb);
        assert_eq!(ptb.iris, ["ptb"]);
    }

    #[test]
    fn a_dataset_links_without_the_words_that_say_it_is_one_and_with_hyphens_written_whole() {
        let docs = [(DocKind::Dataset, "f", "FSNS - Test"), (DocKind::Dataset, "h", "HMDB51 (finetuned)"), (DocKind::Dataset, "w", "WMT2016 Romanian-English")];
        let docs: Vec<(DocKind, &str, &str)> = docs.iter().copied().chain([(DocKind::Dataset, "o", "Habitat 2020 Object Nav test-std"), (DocKind::Dataset, "p", "Habitat 2020 Point Nav test-std")]).collect();
        let index = index_of(&docs);
        for (name, iri) in [("fsns test set", "f"), ("hmdb-51 (fine-tuned)", "h"), ("wmt 2016 romanian to english", "w"), ("habitat 2020 objectnav test-std challenge", "o")] {
            let mut d = entity(EntityKind::Dataset, name);
            link(&index, &mut d);
            assert_eq!(d.iris, [iri], "{name}");
        }
    }

    #[test]
    fn a_dataset_name_with_extra_words_links_loosely_but_only_to_one_label() {
        let docs = [(DocKind::Dataset, "l", "Natural Questions (long)"), (DocKind::Dataset, "s", "Natural Questions (short)"), (DocKind::Dataset, "q", "Quora Question Pairs"), (DocKind::Dataset, "a", "SearchQA answers")];
        let index = index_of(&docs);
        let mut extra = entity(EntityKind::Dataset, "natural questions long answers");
        loosely(&index, &mut extra);
        assert_eq!(extra.iris, ["l"]);
        let mut absent = entity(EntityKind::Dataset, "long range arena");
        loosely(&index, &mut absent);
        assert!(absent.iris.is_empty(), "the specific words are in no label");
        let mut ambiguous = entity(EntityKind::Dataset, "natural questions dev");
        loosely(&index, &mut ambiguous);
        assert!(ambiguous.iris.is_empty(), "long and short hold the same words");
    }

    #[test]
    fn a_dataset_name_with_a_word_its_nearest_label_replaces_is_a_near_miss() {
        let docs = [(DocKind::Dataset, "c", "CoNLL 2003 (English)"), (DocKind::Dataset, "w", "Walker, walk (DMControl100k)"), (DocKind::Dataset, "l", "Natural Questions (long)"), (DocKind::Dataset, "d", "Atari 2600 Double Dunk"), (DocKind::Dataset, "g", "WMT2014 English-German")];
        let index = index_of(&docs);
        for name in ["conll 2003 german", "walker run (dmcontrol 100k)"] {
            let mut board = entity(EntityKind::Dataset, name);
            loosely(&index, &mut board);
            assert!(board.iris.is_empty() && is_near_miss(&board), "{name}");
        }
        let mut extra = entity(EntityKind::Dataset, "walker walk (dmcontrol 100k) results");
        loosely(&index, &mut extra);
        assert_eq!(extra.iris, ["w"], "nothing of it is replaced");
        let terms = crate::index::terms;
        for (name, label) in [("natural questions long answers", "Natural Questions (long)"), ("double dunk leaderbord", "Atari 2600 Double Dunk"), ("conll 2003 englsh", "CoNLL 2003 (English)"), ("dm control walker walk", "DMControl Walker walk")] {
            assert!(!words_conflict(&terms(name), &terms(label)), "{name}: a word added, a family before it, a misspelling, or written apart");
        }
    }

    #[test]
    fn a_word_written_joined_links_to_a_label_that_writes_it_apart() {
        let docs = [(DocKind::Dataset, "p", "Habitat 2020 Point Nav test-std"), (DocKind::Dataset, "o", "Habitat 2020 Object Nav test-std")];
        let index = index_of(&docs);
        let mut board = entity(EntityKind::Dataset, "habitat 2020 pointnav test-std");
        link(&index, &mut board);
        assert_eq!(board.iris, vec!["p".to_owned()]);
        let mut other = entity(EntityKind::Dataset, "habitat 2020 pointless test-std");
        link(&index, &mut other);
        assert!(other.iris.is_empty(), "a split needs both halves in the index");
    }

    #[test]
    fn a_mention_widens_to_the_longer_label_the_question_spells_out() {
        let docs = [(DocKind::Model, "t", "Transformer"), (DocKind::Model, "s", "Sparse Transformer (30 layers, fixed attn)"), (DocKind::Dataset, "d", "MLDoc Zero-Shot English-to-French")];
        let index = index_of(&docs);
        let mut model = entity(EntityKind::Method, "transformer");
        model.iris = vec!["t".into()];
        widen(&index, "sparse transformer has the lowest bpc on enwik8, right?", &mut model);
        assert_eq!((model.iris.clone(), model.text.as_str()), (vec!["s".to_owned()], "transformer"));
        // The mention where it stands whole: "transformer" after "sparse transformer-xl" is
        // not widened by the words around the longer name.
        let docs_xl = [(DocKind::Model, "t", "Transformer"), (DocKind::Model, "x", "Transformer-XL")];
        let index_xl = index_of(&docs_xl);
        let mut whole = entity(EntityKind::Method, "transformer");
        whole.iris = vec!["t".into()];
        widen(&index_xl, "does Transformer-XL beat the Transformer on enwik8?", &mut whole);
        assert_eq!(whole.iris, vec!["t".to_owned()], "{:?}", whole.link);
        let mut plain = entity(EntityKind::Method, "transformer");
        plain.iris = vec!["t".into()];
        widen(&index, "the best transformer on enwik8", &mut plain);
        assert_eq!(plain.iris, vec!["t".to_owned()], "no neighbour word names a longer label");
        let docs_a3c = [(DocKind::Model, "a", "A3C FF hs"), (DocKind::Model, "d", "A3C FF (1 day) hs")];
        let index_a3c = index_of(&docs_a3c);
        let mut a3c = entity(EntityKind::Method, "a3c");
        a3c.iris = vec!["a".into()];
        widen(&index_a3c, "which does better on asterix: a3c ff 1 day hs or dqn noop?", &mut a3c);
        assert_eq!(a3c.iris, vec!["d".to_owned()], "a number inside the name");
        let mut dataset = entity(EntityKind::Dataset, "MLDoc");
        widen(&index, "MultiFiT outperforms XLMft UDA on MLDoc english-to-french", &mut dataset);
        assert_eq!(dataset.iris, vec!["d".to_owned()]);
        let docs = [(DocKind::Dataset, "w", "Walker, walk (DMControl100k)"), (DocKind::Dataset, "c", "Cheetah, run (DMControl100k)")];
        let index = index_of(&docs);
        let mut board = entity(EntityKind::Dataset, "DMControl100k");
        board.iris = vec!["c".into()];
        widen(&index, "who leads walker walk on DMControl100k", &mut board);
        assert_eq!(board.iris, ["w"], "the words before \"on\" name the board");
    }

    #[test]
    fn a_name_written_as_the_graphs_label_is_told_from_an_alias_or_a_metric() {
        let linked = |kind, text: &str, canonical: &str| NormalizedEntity { iris: vec!["x".into()], canonical: canonical.into(), ..entity(kind, text) };
        assert!(named_verbatim(&linked(EntityKind::Task, "call-type classification", "Call-Type Classification")));
        assert!(!named_verbatim(&linked(EntityKind::Task, "word2vec embeddings", "Word Embeddings")));
        assert!(!named_verbatim(&linked(EntityKind::Metric, "error rate", "Error Rate")), "a metric");
        assert!(!named_verbatim(&linked(EntityKind::Method, "transformer", "Transformer")), "one word");
        assert!(!named_verbatim(&entity(EntityKind::Task, "call-type classification")), "not linked");
    }

    #[test]
    fn a_name_the_graph_holds_but_nothing_linked_is_reported_and_a_generic_word_is_not() {
        let mut docs = boards();
        docs.push((DocKind::Dataset, "d11", "Dastrup-7 Chorus"));
        docs.push((DocKind::Problem, "t1", "Image classification"));
        docs.push((DocKind::Dataset, "d12", "Image Chorus Set"));
        let index = index_of(&docs);
        let none = Normalized::default();
        assert_eq!(unrecognised(&index, "When did the best Dastrup-7 result appear?", &none).as_deref(), Some("Dastrup-7 Chorus"));
        assert_eq!(unrecognised(&index, "papers on image restoration", &none), None, "a word of a research problem is generic");
        assert_eq!(unrecognised(&index, "most recent paper on image-classification?", &none).as_deref(), Some("Image classification"), "written out");
        assert_eq!(unrecognised(&index, "papers using image2classification", &none), None, "not inside another word");
        assert_eq!(unrecognised(&index, "any paper on quantum image classification?", &none), None, "a narrower topic");
        assert_eq!(unrecognised(&index, "papers on deep networks", &none), None, "a word of many titles is generic");
        assert_eq!(unrecognised(&index, "papers on underwater acoustics", &none), None, "nothing the graph holds");
        let mut linked = Normalized::default();
        linked.datasets.push(NormalizedEntity { iris: vec!["d11".into()], ..entity(EntityKind::Dataset, "Dastrup-7 Chorus") });
        assert_eq!(unrecognised(&index, "When did the best Dastrup-7 result appear?", &linked), None, "it was linked");
    }

    #[test]
    fn a_problem_narrowed_by_words_the_graph_holds_nowhere_is_a_topic_it_lacks() {
        let index = index_of(&[
            (DocKind::Problem, "p1", "Tidal Turbine Fault Detection"),
            (DocKind::Paper, "t1", "Brinehawk: Vibration Signatures for Tidal Turbine Fault Detection"),
            (DocKind::Paper, "t2", "Energy use of offshore arrays"),
        ]);
        let task = NormalizedEntity { iris: vec!["p1".into()], canonical: "Tidal Turbine Fault Detection".into(), ..entity(EntityKind::Task, "fault detection") };
        let entities = Normalized { tasks: vec![task], ..Normalized::default() };
        let narrowed = |q: &str| narrowed_topic(&index, q, &entities);
        assert_eq!(
            narrowed("Which are the newest works on the fault detection of wave converters?"),
            Some(("fault detection of wave converters".to_owned(), "Tidal Turbine Fault Detection".to_owned()))
        );
        assert_eq!(narrowed("papers on fault detection in tidal turbines"), None, "held words");
        assert_eq!(narrowed("papers on fault detection of wave energy converters"), None, "one word is held (energy)");
        assert_eq!(narrowed("papers on fault detection for my thesis"), None, "about the asker");
        assert_eq!(narrowed("fault detection papers since 2019"), None);
        assert_eq!(narrowed("papers on fault detection?"), None);
    }

    #[test]
    fn a_board_the_graph_nearly_holds_is_kept_unlinked_instead_of_read_as_the_one_it_resembles() {
        let index = index_of(&[
            (DocKind::Dataset, "d1", "Kelpwatch-Norrland"),
            (DocKind::Dataset, "d2", "Dastrup-7 Chorus"),
            (DocKind::Model, "m1", "Kelvane"),
        ]);
        let mut kelvane = entity(EntityKind::Method, "Kelvane");
        kelvane.iris = vec!["m1".into()];
        let with = |q: &str| {
            let mut e = Normalized { methods: vec![kelvane.clone()], ..Normalized::default() };
            near_miss_board(&index, q, &mut e);
            e.datasets.iter().map(|d| (d.text.clone(), is_near_miss(d))).collect::<Vec<_>>()
        };
        assert_eq!(with("Kelvane scores 61.4 mean IoU on Kelpwatch-Tasmania, right?"), vec![("Kelpwatch-Tasmania".to_owned(), true)]);
        assert_eq!(with("Kelvane tops the Kelpwatch Tasmania benchmark, right?"), vec![("Kelpwatch Tasmania".to_owned(), true)]);
        assert!(with("Kelvane scores 61.4 on Kelpwatch-Norrland, right?").is_empty(), "every word is the label's");
        assert!(with("Is Kelvane state-of-the-art on Kelpwatch?").is_empty(), "no word of a label beside one no label holds");
    }
}
