//! The extractive answer: one sentence per target (the best model, the top scores, the
//! papers, the datasets, a paper's details...), each claim followed by the `[n]` of the
//! sources that state it; plus, for a claim, the verdict sentence and, where the graph
//! disagrees with itself, the disagreement with both sides cited. Always available, and
//! the fallback of every LLM answer. Pure.

use std::collections::BTreeSet;

use super::items::{number_of, AnswerItem, Source};
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::evidence::ResultFact;
use crate::pipeline::trust::verdict::Verdict;
use crate::pipeline::trust::relations::NO_VALUE;
use crate::pipeline::trust::{Conflict, PaperRef};
use crate::pipeline::front::classify::{Extreme, Target};
use crate::pipeline::front::extract::{BoardAsk, EVERY};
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::Normalized;
use crate::pipeline::query::retrieve::Cut;

pub(super) fn cite(numbers: &[usize]) -> String {
    numbers.iter().map(|n| format!("[{n}]")).collect::<String>()
}

fn with_citation(text: &str, item: &AnswerItem) -> String {
    if item.sources.is_empty() {
        text.to_owned()
    } else {
        format!("{text} {}", cite(&item.sources))
    }
}

fn subject(entities: &Normalized, kinds: &[EntityKind]) -> String {
    // A name the graph does not hold is no subject of what it lists ("models tested on anli
    // (test) and on winogrande": ANLI test's), once one it does hold is named.
    let named: Vec<&crate::pipeline::front::normalize::NormalizedEntity> = kinds.iter().flat_map(|k| entities.get(*k)).collect();
    let any_linked = named.iter().any(|e| e.is_linked());
    let names: Vec<&str> = named.iter().filter(|e| e.is_linked() || !any_linked).map(|e| e.canonical.as_str()).collect();
    if names.is_empty() {
        "your question".to_owned()
    } else {
        names.join(", ")
    }
}

/// The datasets (problems) every model named reaches, or that none does.
fn shared_text(target: Target, items: &[AnswerItem], entities: &Normalized) -> String {
    let names: Vec<String> = entities.methods.iter().filter(|m| m.is_linked()).map(|m| if m.iris.len() > 1 { format!("the models named \"{}\"", m.text) } else { m.canonical.clone() }).collect();
    let all = match names.as_slice() {
        [a, b] => format!("both {a} and {b}"),
        _ => format!("each of {}", names.join(", ")),
    };
    let (head, none) = match target {
        Target::Datasets => (format!("Datasets {all} were evaluated on"), format!("The knowledge graph records no dataset that {all} were evaluated on")),
        _ => (format!("Research problems {all} are used for"), format!("The knowledge graph records no research problem that {all} are used for")),
    };
    if items.is_empty() {
        format!("{none}.")
    } else {
        format!("{head}: {}.", list(items, |i| with_citation(&i.label, i)))
    }
}

/// What a listing is of, named after what the question names: a task's or field's
/// datasets, or a model's ("Datasets SciBERT was evaluated on"); a field's problems or a
/// model's; a model's code or that of the models evaluated on a dataset.
fn listing_head(target: Target, entities: &Normalized) -> String {
    let has = |kinds: &[EntityKind]| kinds.iter().any(|k| !entities.get(*k).is_empty());
    let of = |kinds: &[EntityKind]| subject(entities, kinds);
    match target {
        // A family of models ("bert": every label beginning with it) is named as written.
        Target::Datasets if !has(&[EntityKind::Task, EntityKind::Field]) && entities.methods.iter().any(|m| m.iris.len() > 1) => {
            let names: Vec<String> = entities.methods.iter().map(|m| if m.iris.len() > 1 { format!("the models named \"{}\"", m.text) } else { m.canonical.clone() }).collect();
            format!("Datasets {} were evaluated on", names.join(", "))
        }
        Target::Datasets if !has(&[EntityKind::Task, EntityKind::Field]) && has(&[EntityKind::Method]) => {
            format!("Datasets {} was evaluated on", of(&[EntityKind::Method]))
        }
        Target::Datasets if !has(&[EntityKind::Task, EntityKind::Field]) && has(&[EntityKind::Metric]) => {
            format!("Datasets with results by {}", of(&[EntityKind::Metric]))
        }
        Target::Datasets => format!("Datasets used for {}", of(&[EntityKind::Task, EntityKind::Field])),
        Target::Problems if !has(&[EntityKind::Field]) && has(&[EntityKind::Method]) => {
            format!("Research problems {} is used for", of(&[EntityKind::Method]))
        }
        Target::Problems if !has(&[EntityKind::Field]) && has(&[EntityKind::Dataset]) => {
            format!("Research problems {} is a benchmark for", of(&[EntityKind::Dataset]))
        }
        Target::Problems if !has(&[EntityKind::Field]) && has(&[EntityKind::Metric]) => {
            format!("Research problems with results by {}", of(&[EntityKind::Metric]))
        }
        Target::Problems => format!("Research problems addressed in {}", of(&[EntityKind::Field])),
        // "Code for the paper <title>": no model or board named, the paper looked up.
        Target::Code if !has(&[EntityKind::Method, EntityKind::Dataset]) => "Code recorded for the paper".into(),
        Target::Code if !has(&[EntityKind::Method]) && has(&[EntityKind::Dataset]) => {
            format!("Code of the models evaluated on {}", of(&[EntityKind::Dataset]))
        }
        _ => format!("Code of papers using {}", of(&[EntityKind::Method])),
    }
}

/// The answer to a question about a model or dataset the graph does not hold, beside
/// siblings it does (`front::link::unheld_sibling`): it says so, and that the claim, if it
/// is one, cannot be checked.
pub fn unheld(u: &crate::pipeline::front::link::Unheld, claim: bool) -> String {
    let what = u.kind.noun();
    let held = match u.held.as_slice() {
        [one] => format!(" (it holds {one}, another {what})"),
        [rest @ .., last] => format!(" (it holds {} and {last}, other {what}s)", rest.join(", ")),
        [] => String::new(),
    };
    match claim {
        true => format!("UNCERTAIN: the knowledge graph records no {what} called {}{held}, so the claim cannot be checked against it.", u.written),
        false => format!("The knowledge graph records no {what} called {}{held}, so it holds nothing on this question about it.", u.written),
    }
}

/// The answer to "who got V on D?" where no result on D holds V.
pub fn unheld_value(given: f64, board: &str) -> String {
    format!("The knowledge graph records no result of {given} on {board}, so it holds nothing on this question about it.")
}

/// How many items an extractive sentence lists before summarising the rest.
const LISTED: usize = 15;

fn list(items: &[AnswerItem], render: impl Fn(&AnswerItem) -> String) -> String {
    let shown: Vec<String> = items.iter().take(LISTED).map(render).collect();
    let more = items.len().saturating_sub(LISTED);
    let mut text = if more > 0 { format!("{}; and {more} more", shown.join("; ")) } else { shown.join("; ") };
    if !items.is_empty() && items.iter().all(|i| i.sources.is_empty()) {
        // Honest about why nothing is cited: the graph holds these without a paper.
        text.push_str(" (no paper recorded for these results)");
    }
    text
}

/// The deterministic answer, written from the items and sources alone.
pub fn extractive(target: Target, items: &[AnswerItem], sources: &[Source], entities: &Normalized, cut: Cut) -> String {
    ranked(target, items, sources, entities, cut, None)
}

/// [`extractive`], with the best and top results said as the extreme the question asked
/// for, by which they were chosen ("The weakest recorded result", "The lowest recorded
/// scores"): the best is not what a "who is last" question was given.
fn ranked(target: Target, items: &[AnswerItem], sources: &[Source], entities: &Normalized, cut: Cut, extreme: Option<Extreme>) -> String {
    // A named model's family evaluated on the board with no value recorded (see
    // `leaderboard::unvalued_family`) is said apart from the results: "CAIT-M-24 on
    // ImageNet" is no best result.
    let (unvalued, scored): (Vec<AnswerItem>, Vec<AnswerItem>) = match target {
        Target::BestModel | Target::TopScore => items.iter().cloned().partition(|i| i.value.is_none() && i.metric.is_none() && i.dataset.is_some()),
        _ => (Vec::new(), items.to_vec()),
    };
    if unvalued.is_empty() {
        return ranked_scored(target, items, sources, entities, cut, extreme);
    }
    let on = subject(entities, &[EntityKind::Dataset]);
    let without = format!("Evaluated on {on} with no score recorded: {}.", list(&unvalued, |i| with_citation(&i.label, i)));
    if scored.is_empty() {
        let names: Vec<&str> = entities.methods.iter().map(|m| m.shown()).collect();
        return format!("The graph records no score of {} on {on}. {without}", names.join(" or "));
    }
    format!("{} {without}", ranked_scored(target, &scored, sources, entities, cut, extreme))
}

fn ranked_scored(target: Target, items: &[AnswerItem], sources: &[Source], entities: &Normalized, cut: Cut, extreme: Option<Extreme>) -> String {
    let (best, top) = (Extreme::said(extreme), extreme.map_or("top", |e| Extreme::said(Some(e))));
    if items.is_empty() && sources.is_empty() {
        return "I found nothing in the knowledge graph that answers this question, so I cannot cite any paper for it."
            .to_owned();
    }
    let on = subject(entities, &[EntityKind::Dataset]);
    match target {
        // "models for named entity recognition": a task's models.
        Target::Models if !items.is_empty() && entities.datasets.is_empty() && !entities.tasks.is_empty() => format!(
            "{}{} {} for {} in the knowledge graph: {}.",
            if cut.listing { "At least " } else { "" },
            items.len(),
            if items.len() == 1 { "model is recorded" } else { "models are recorded" },
            subject(entities, &[EntityKind::Task]),
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::Models if !items.is_empty() => format!(
            "{}{} on {on} in the knowledge graph: {}.",
            if cut.listing { "At least " } else { "" },
            if items.len() == 1 { "1 model has results".to_owned() } else { format!("{} models have results", items.len()) },
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::BestModel if !items.is_empty() => {
            // A named model listed with no value (`items::named_unscored`) is said to have no
            // score, not listed among the best results.
            let named = |i: &AnswerItem, m: &crate::pipeline::front::normalize::NormalizedEntity| i.iri.as_ref().is_some_and(|iri| m.iris.contains(iri)) || m.names(&i.label) || m.has_variant(&i.label);
            let scored: Vec<AnswerItem> = items.iter().filter(|i| i.value.is_some() || !entities.methods.iter().any(|m| named(i, m))).cloned().collect();
            let items: &[AnswerItem] = if scored.is_empty() { items } else { &scored };
            let results = list(items, |i| {
                let by = i.metric.as_deref().map(|m| format!(" by {m}")).unwrap_or_default();
                let value = i.value.as_deref().map(|v| format!(" with {v}")).unwrap_or_default();
                with_citation(&format!("{}{value}{by} on {}", i.label, i.dataset.as_deref().unwrap_or(&on)), i)
            });
            // Models the question named that hold none of the best results have no score
            // there ("is resnet or vit better on D" when neither has a value on D).
            let unscored: Vec<&str> = entities
                .methods
                .iter()
                .filter(|m| !items.iter().any(|i| i.iri.as_ref().is_some_and(|iri| m.iris.contains(iri)) || m.names(&i.label) || m.has_variant(&i.label)))
                .map(|m| m.shown())
                .collect();
            let none = if unscored.is_empty() {
                String::new()
            } else {
                format!("The graph records no score of {} on {on}. ", unscored.join(" or "))
            };
            // A board cut at its row limit (no summary of it, e.g. over a remote endpoint)
            // yields the best of what was read, and says so.
            // One named model's own results are its best, not the board's; two or more named
            // models' (each with a score) are the best among them.
            let of = match entities.methods.as_slice() {
                [m] if items.iter().all(|i| named(i, m)) => format!(" of {}", m.shown()),
                [_, _, ..] if unscored.is_empty() && items.iter().all(|i| entities.methods.iter().any(|m| named(i, m))) => {
                    let names: Vec<&str> = entities.methods.iter().map(|m| m.shown()).collect();
                    format!(" among {}", names.join(", "))
                }
                _ => String::new(),
            };
            if cut.results {
                format!("{none}The {best} result{of} among those read (the graph holds more than were read): {results}.")
            } else {
                format!("{none}The {best} recorded result{of}: {results}.")
            }
        }
        Target::Beaten if !items.is_empty() => {
            // The named model's own results come last (see `leaderboard::beaten_items`).
            let named = |i: &AnswerItem| entities.methods.iter().any(|m| i.iri.as_ref().is_some_and(|iri| m.iris.contains(iri)) || m.names(&i.label));
            let render = |i: &AnswerItem| {
                let by = i.metric.as_deref().map(|m| format!(" by {m}")).unwrap_or_default();
                with_citation(&format!("{} with {}{by}", i.label, i.value.as_deref().unwrap_or("?")), i)
            };
            let (own, beaters): (Vec<AnswerItem>, Vec<AnswerItem>) = items.iter().cloned().partition(named);
            let who = subject(entities, &[EntityKind::Method]);
            let stands = if own.is_empty() { String::new() } else { format!(" ({})", list(&own, render)) };
            if beaters.is_empty() {
                format!("No result recorded on {on} beats {who}'s best there{stands}.")
            } else {
                format!("Results recorded on {on} that beat {who}'s best there{stands}: {}.", list(&beaters, render))
            }
        }
        // Nothing listed, not even the named model's own result: it has no score there, so
        // what beat it cannot be told (not "nothing beats it").
        Target::Beaten if !entities.methods.is_empty() => {
            format!("The graph records no score of {} on {on}, so what has beaten it there cannot be told.", subject(entities, &[EntityKind::Method]))
        }
        Target::TopScore if !items.is_empty() => {
            // "When was X's result on D first reported?" where X's row holds no score: the
            // board's scores are not X's, and the answer says so first. (The top score among
            // two named models is one of theirs: the other is not unscored.)
            let of_named = |i: &AnswerItem| entities.methods.iter().any(|m| model_of(i, m));
            let unscored: Vec<&str> = if items.iter().any(of_named) { Vec::new() } else { entities.methods.iter().map(|m| m.shown()).collect() };
            let none = if unscored.is_empty() { String::new() } else { format!("The graph records no score of {} on {on}. ", unscored.join(" or ")) };
            // One model's results and no board named ("Halverin's datasets, with which
            // scores?") are its, each said with its board.
            let own = model_alone(entities, items);
            // With a board named, one named model's own scores there are said as its, not
            // as the board's top ("The top recorded scores on BenchMira: 74.1 (KestrelNet)"
            // would crown it).
            let only = match entities.methods.as_slice() {
                [m] if items.iter().all(|i| model_of(i, m)) => Some(m),
                _ => None,
            };
            let scope = match (own, only) {
                (Some(m), _) => format!("of {}", m.shown()),
                (None, Some(m)) => {
                    let mut boards: Vec<&str> = Vec::new();
                    for d in items.iter().filter_map(|i| i.dataset.as_deref()) {
                        if !boards.contains(&d) {
                            boards.push(d);
                        }
                    }
                    format!("of {} on {}", m.shown(), if boards.is_empty() { on.to_string() } else { boards.join(", ") })
                }
                (None, None) => format!("on {on}"),
            };
            // "was that on D or on E?": a board named where the model has no score is said.
            let elsewhere: Vec<&str> = match only {
                Some(_) if entities.datasets.len() > 1 => entities
                    .datasets
                    .iter()
                    .filter(|d| d.is_linked() && !items.iter().any(|i| i.dataset.as_deref().is_some_and(|l| d.names(l))))
                    .map(|d| d.canonical.as_str())
                    .collect(),
                _ => Vec::new(),
            };
            let none = match (only, elsewhere.is_empty()) {
                (Some(m), false) => format!("{none}The graph records no score of {} on {}. ", m.shown(), elsewhere.join(" or ")),
                _ => none,
            };
            let boards = own.is_some() || spread(items);
            let scores = list(items, |i| {
                let model = match (i.model.as_deref(), own.or(only)) {
                    (Some(label), Some(m)) if label == m.canonical => String::new(),
                    (Some(label), _) => format!(" ({label})"),
                    (None, _) => String::new(),
                };
                let board = match (boards, i.dataset.as_deref()) {
                    (true, Some(d)) => format!(" on {d}"),
                    _ => String::new(),
                };
                // A score is said with its metric: an item labelled by its model (the best by
                // each other metric, when the one asked is not recorded) still has one.
                let metric = i.metric.as_deref().unwrap_or(&i.label);
                with_citation(&format!("{metric} {}{model}{board}", i.value.as_deref().unwrap_or("?")), i)
            });
            format!("{none}The {top} {} scores {scope}: {scores}.", if cut.results { "read" } else { "recorded" })
        }
        Target::Metrics if !items.is_empty() => {
            // A research problem's metrics are those of its boards.
            let on = if entities.datasets.is_empty() && !entities.tasks.is_empty() { format!("the boards of {}", subject(entities, &[EntityKind::Task])) } else { on.clone() };
            format!("Results on {on} are reported with these metrics: {}.", list(items, |i| with_citation(&i.label, i)))
        }
        Target::Datasets | Target::Problems | Target::Code if !items.is_empty() => {
            // A cut listing says so: the graph holds more than were read.
            let more = if cut.listing { " (the graph holds more than were read)" } else { "" };
            format!("{}{more}: {}.", listing_head(target, entities), list(items, |i| with_citation(&i.label, i)))
        }
        Target::Verdict if !items.is_empty() => format!(
            "The knowledge graph records these results for the claim: {}.",
            list(items, |i| {
                let metric = i.metric.as_deref().unwrap_or("score");
                let dataset = i.dataset.as_deref().unwrap_or("?");
                let said = match (metric, i.value.as_deref()) {
                    // An evaluation, not a score: "DeiT-B evaluated on ImageNet with no value
                    // recorded" (its value is the board, or that none is recorded).
                    ("evaluated on", Some(NO_VALUE)) => format!("{} evaluated on {dataset} with no value recorded", i.label),
                    ("evaluated on", _) => format!("{} evaluated on {dataset}", i.label),
                    (metric, value) => format!("{} {metric} {} on {dataset}", i.label, value.unwrap_or("?")),
                };
                with_citation(&said, i)
            })
        ),
        Target::PaperDetails if !sources.is_empty() => {
            // "models in the LUKE paper": the paper, then each aspect asked.
            let mut text = paper_details(&sources[0]);
            for aspect in super::aspects::ASPECTS {
                let of: Vec<AnswerItem> = items.iter().filter(|i| i.metric.as_deref() == Some(aspect)).cloned().collect();
                if !of.is_empty() {
                    // "How many boards did the X paper evaluate on?": how many, then which.
                    let count = if of.len() > 1 { format!("{} ", of.len()) } else { String::new() };
                    text.push_str(&format!(" Its {count}{aspect} in the knowledge graph: {}.", list(&of, |i| with_citation(&i.label, i))));
                }
            }
            // The paper's results on the datasets listed.
            let results: Vec<AnswerItem> = items.iter().filter(|i| i.model.is_some() && !i.metric.as_deref().is_some_and(|m| super::aspects::ASPECTS.contains(&m))).cloned().collect();
            if !results.is_empty() {
                text.push_str(&format!(
                    " It reports: {}.",
                    list(&results, |i| with_citation(&format!("{} {} by {} on {}", i.label, i.value.as_deref().unwrap_or("?"), i.metric.as_deref().unwrap_or("?"), i.dataset.as_deref().unwrap_or("?")), i))
                ));
            }
            text
        }
        // "is there code for the gemma paper?": no code link was read, which is said before
        // the papers found (a list of papers alone reads as if it answered).
        Target::Code if !sources.is_empty() => format!("The knowledge graph records no source code link among what was read for this question. {}", papers(sources, &[])),
        _ => {
            // Papers found past the cited ones (an answer cites `MAX_CONTEXT_PAPERS` at most)
            // are counted, and named while the list stays short.
            let uncited: Vec<&str> = match target {
                Target::Papers => items.iter().filter(|i| i.sources.is_empty()).map(|i| i.label.as_str()).collect(),
                _ => Vec::new(),
            };
            papers(sources, &uncited)
        }
    }
}

/// One paper: its title, year, authors, DOI and field, cited as the only source.
fn paper_details(s: &Source) -> String {
    let mut parts = vec![format!("\"{}\"", s.title)];
    if let Some(year) = s.year {
        parts.push(format!("published in {year}"));
    }
    if !s.authors.is_empty() {
        parts.push(format!("by {}", s.authors.join(", ")));
    }
    if let Some(doi) = &s.doi {
        parts.push(format!("DOI {doi}"));
    }
    if !s.venues.is_empty() {
        parts.push(format!("venue {}", s.venues.join(", ")));
    }
    if !s.fields.is_empty() {
        parts.push(format!("research field {}", s.fields.join(", ")));
    }
    format!("{} [1].", parts.join(", "))
}

/// The one model a question names when it names no board ([`super::leaderboard::model_alone`]),
/// when every item is its.
fn model_alone<'a>(entities: &'a Normalized, items: &[AnswerItem]) -> Option<&'a crate::pipeline::front::normalize::NormalizedEntity> {
    super::leaderboard::model_alone(entities).filter(|m| items.iter().all(|i| model_of(i, m)))
}

/// Whether an item's model is `m` (by a name of it, or a variant: "BERT-large" for BERT).
fn model_of(i: &AnswerItem, m: &crate::pipeline::front::normalize::NormalizedEntity) -> bool {
    i.model.as_deref().is_some_and(|l| m.names(l) || m.has_variant(l))
}

/// Whether the items are on more than one board.
fn spread(items: &[AnswerItem]) -> bool {
    items.iter().filter_map(|i| i.dataset.as_deref()).collect::<std::collections::BTreeSet<_>>().len() > 1
}

/// The relevant papers, each with its year and number; `uncited`, the titles of papers
/// found past the cited ones, are counted too ("I found 9 relevant papers"), and named
/// when all fit in the list.
fn papers(sources: &[Source], uncited: &[&str]) -> String {
    let shown: Vec<String> = sources
        .iter()
        .take(LISTED)
        .map(|s| match (s.year, s.other_year) {
            (Some(y), Some(other)) => format!("\"{}\" ({y} or {other}: the graph records both) [{}]", s.title, s.n),
            (Some(y), None) => format!("\"{}\" ({y}) [{}]", s.title, s.n),
            (None, _) => format!("\"{}\" [{}]", s.title, s.n),
        })
        .collect();
    let found = sources.len() + uncited.len();
    let plural = if found == 1 { "" } else { "s" };
    if uncited.is_empty() {
        return format!("I found {found} relevant paper{plural} in the knowledge graph: {}.", shown.join("; "));
    }
    let rest = if shown.len() + uncited.len() <= LISTED {
        let titles: Vec<String> = uncited.iter().map(|t| format!("\"{t}\"")).collect();
        format!("; and, not cited (an answer cites {} papers at most), {}", sources.len(), titles.join("; "))
    } else {
        format!(" ({} more not listed)", uncited.len())
    };
    format!("I found {found} relevant paper{plural} in the knowledge graph; the {} ranked first: {}{rest}.", shown.len(), shown.join("; "))
}

/// The papers behind a result answer's items, with the year and the DOI the question asked
/// for ("top 2 on D - and the DOIs of their papers?"), each cited; a DOI or year the graph
/// does not record is said to be missing. `None` when no item cites a paper.
/// `head`: what the list is called for one paper and for several ("Its paper", "Their
/// papers"; "Their DOIs" when the items are the papers themselves).
pub fn papers_metadata(items: &[AnswerItem], sources: &[Source], metas: &std::collections::BTreeMap<String, crate::pipeline::evidence::papers::PaperMeta>, year: bool, doi: bool, head: (&str, &str)) -> Option<String> {
    let mut cited: Vec<usize> = Vec::new();
    for n in items.iter().flat_map(|i| i.sources.iter().copied()) {
        if !cited.contains(&n) {
            cited.push(n);
        }
    }
    let shown: Vec<String> = cited
        .iter()
        .filter_map(|n| sources.iter().find(|s| s.n == *n))
        .take(LISTED)
        .map(|s| {
            // Two years or two DOIs recorded for one paper are both given.
            let meta = metas.get(&s.iri);
            let years: Vec<String> = meta.map(|m| m.valid_years.iter().map(i32::to_string).collect()).filter(|y: &Vec<String>| y.len() > 1).unwrap_or_else(|| s.year.iter().map(i32::to_string).collect());
            let dois: Vec<String> = meta.map(|m| m.dois.clone()).filter(|d| !d.is_empty()).unwrap_or_else(|| s.doi.iter().cloned().collect());
            let mut parts = Vec::new();
            if year {
                parts.push(if years.is_empty() { "the graph records no year".to_owned() } else { years.join(" or ") });
            }
            if doi {
                parts.push(if dois.is_empty() { "the graph records no DOI".to_owned() } else { format!("DOI {}", dois.join(" or ")) });
            }
            if parts.is_empty() {
                format!("\"{}\" [{}]", s.title, s.n)
            } else {
                format!("\"{}\" ({}) [{}]", s.title, parts.join(", "), s.n)
            }
        })
        .collect();
    match shown.as_slice() {
        [] => None,
        [one] => Some(format!("{}: {one}.", head.0)),
        _ => Some(format!("{}: {}.", head.1, shown.join("; "))),
    }
}

/// Whether every metric among `items` has fewer than `k` results.
fn fewer_than(k: usize, items: &[AnswerItem]) -> bool {
    let mut per_metric: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for i in items {
        *per_metric.entry(i.metric.as_deref().unwrap_or("")).or_default() += 1;
    }
    per_metric.values().all(|n| *n < k)
}


/// "How many papers put X at 88.3?": for each item whose value is one of `given`, "5 papers
/// put Syrinxa at 88.3%: "Syrinxa: ..." [1]; ..." (the papers citing it, counted and named,
/// since whoever counts them means to cite them); and for a value that is one side of a
/// disagreement left open (`disputed`: "79.5 [1][2] vs 80.7 [3]"), the papers stating that
/// side, numbered as `chosen` numbers the sources.
pub fn paper_counts(items: &[AnswerItem], disputed: &[&Conflict], chosen: &[String], given: &[String], sources: &[Source]) -> Vec<String> {
    let named = |numbers: &[usize]| -> String {
        let titles: Option<Vec<String>> = numbers.iter().map(|n| sources.iter().find(|s| s.n == *n).map(|s| format!("\"{}\" [{n}]", s.title))).collect();
        match titles {
            Some(titles) if !titles.is_empty() => format!(": {}", titles.join("; ")),
            _ => format!(" {}", cite(numbers)),
        }
    };
    let sentence = |n: usize, who: &str, value: &str, cites: String| format!("{n} {} put {who} at {value}{cites}", if n == 1 { "paper" } else { "papers" });
    let mut said: BTreeSet<(String, String)> = BTreeSet::new();
    let mut out = Vec::new();
    for item in stating(items, given) {
        let (Some(value), who) = (item.value.as_deref(), item.model.as_deref().unwrap_or(&item.label)) else { continue };
        said.insert((who.to_owned(), value.to_owned()));
        out.push(sentence(item.sources.len(), who, value, named(&item.sources)));
    }
    for c in disputed {
        let Some(who) = c.model.as_deref() else { continue };
        for side in c.sides.iter().filter(|s| is_given(&s.value, given)) {
            if said.insert((who.to_owned(), side.value.clone())) {
                let numbers: Vec<usize> = side.papers.iter().filter_map(|p| number_of(chosen, &p.iri)).collect();
                out.push(sentence(side.papers.len(), who, &side.value, named(&numbers)));
            }
        }
    }
    out
}
/// The items whose value is one of `given` (as numbers: "71.4" meets "71.40%").
pub fn stating(items: &[AnswerItem], given: &[String]) -> Vec<AnswerItem> {
    items.iter().filter(|i| i.value.as_deref().is_some_and(|v| is_given(v, given))).cloned().collect()
}

/// Whether `value` is one of `given`, as numbers.
fn is_given(value: &str, given: &[String]) -> bool {
    let parse = crate::pipeline::evidence::scores::parse_score;
    parse(value).is_some_and(|v| given.iter().filter_map(|g| parse(g)).any(|g| (g - v).abs() < 1e-9))
}

/// For "the most recent paper on X" (or the oldest): the sentence saying which of the
/// `total` papers found cannot be placed, `undated` of them having no year: that the end
/// asked for cannot be told when none is dated, or is told among the dated ones only.
/// `None` when every paper is dated.
pub fn age_untold(age: crate::pipeline::front::anchor::Age, undated: usize, total: usize) -> Option<String> {
    let which = age.superlative();
    if undated == 0 || total == 0 {
        return None;
    }
    let papers = if total == 1 { "the one paper found".to_owned() } else if undated == total { format!("these {total} papers") } else { format!("{undated} of these {total} papers") };
    Some(if undated == total {
        format!("The graph records no publication year for {papers}, so which is the {which} cannot be told.")
    } else {
        format!("The {which} is told among the dated ones only: the graph records no publication year for {papers}.")
    })
}

/// The extractive answer with what the answer must also state, and those statements (the
/// faithfulness gate accepts the numbers they carry).
pub struct Composed {
    pub text: String,
    pub stated: Vec<String>,
}

/// Everything the extractive answer is written from.
pub struct Draft<'a> {
    pub target: Target,
    pub items: &'a [AnswerItem],
    pub sources: &'a [Source],
    pub entities: &'a Normalized,
    pub verdict: Option<&'a Verdict>,
    pub disputed: &'a [&'a Conflict],
    /// Every strategy failed: nothing can be answered or cited.
    pub all_failed: bool,
    /// What was not read whole: a listing's count is a lower bound, a best the best read.
    pub cut: Cut,
    /// The chosen papers, in source order.
    pub chosen: &'a [String],
    /// How many of the best the question asked for ("top 3"), if it did.
    pub top_k: Option<usize>,
    /// What the question asked of a board beyond its best, if anything.
    pub board: Option<BoardAsk>,
    /// The extreme the question asked for instead of the best ("the lowest", "the worst"),
    /// by which the items were chosen.
    pub extreme: Option<Extreme>,
    /// "Which models on D have (no) code?": the items are the board's models with (without)
    /// a code link.
    pub coded: Option<bool>,
    /// "Which datasets were both X and Y evaluated on?": the items are what every model named
    /// reaches ([`super::items::shared_by_models`]).
    pub shared: bool,
}

/// What a question asked of a board, from its items (best first per metric): every model,
/// each metric's highest and lowest, or the models past a value.
fn board_text(ask: BoardAsk, items: &[AnswerItem], entities: &Normalized) -> String {
    let on = subject(entities, &[EntityKind::Dataset]);
    let render = |i: &AnswerItem| {
        let by = i.metric.as_deref().map(|m| format!(" by {m}")).unwrap_or_default();
        with_citation(&format!("{} with {}{by}", i.label, i.value.as_deref().unwrap_or("?")), i)
    };
    let models = items.iter().map(|i| i.iri.as_deref().unwrap_or(&i.label)).collect::<BTreeSet<_>>().len();
    let counted = |n: usize| if n == 1 { "1 model has".to_owned() } else { format!("{n} models have") };
    match ask {
        BoardAsk::Every => format!("{} results on {on}, best first: {}.", counted(models), list(items, render)),
        BoardAsk::Unled => format!("{} a result on {on} without holding its best recorded value under any metric: {}.", counted(models), list(items, |i| with_citation(&i.label, i))),
        BoardAsk::Unscored => {
            let by = entities.metrics.first().map(|m| format!(" by {}", m.canonical)).unwrap_or_default();
            format!("{} a row on {on} with no value recorded{by}: {}.", counted(models), list(items, |i| with_citation(&i.label, i)))
        }
        // "Which of X's scores are above 10?": X's results past the value, each on its board.
        BoardAsk::Past(t) if entities.datasets.is_empty() && !entities.methods.is_empty() && items.iter().any(|i| super::items::passes(i, t)) => {
            let on_board = |i: &AnswerItem| {
                let by = i.metric.as_deref().map(|m| format!(" by {m}")).unwrap_or_default();
                let on = i.dataset.as_deref().map(|d| format!(" on {d}")).unwrap_or_default();
                with_citation(&format!("{} with {}{by}{on}", i.label, i.value.as_deref().unwrap_or("?")), i)
            };
            let n = items.len();
            format!("{n} recorded result{} {} {}: {}.", if n == 1 { "" } else { "s" }, if n == 1 { "is" } else { "are" }, t.describe(), list(items, on_board))
        }
        BoardAsk::Past(t) if items.iter().any(|i| super::items::passes(i, t)) => format!("{} a result {} on {on}: {}.", counted(models), t.describe(), list(items, render)),
        BoardAsk::Past(t) => format!("No result {} on {on} is recorded; the best recorded there: {}.", t.describe(), list(items, render)),
        BoardAsk::Holding(given) if items.iter().any(|i| super::items::holds(i, given)) => format!("{} a result of {given} on {on}: {}.", counted(models), list(items, render)),
        BoardAsk::Holding(given) => format!("No result of {given} on {on} is recorded; the best recorded there: {}.", list(items, render)),
        BoardAsk::Ends => {
            let value = |i: &AnswerItem| i.value.as_deref().and_then(crate::pipeline::evidence::scores::parse_score);
            let said = |i: &AnswerItem| with_citation(&format!("{} with {}", i.label, i.value.as_deref().unwrap_or("?")), i);
            let parts: Vec<String> = items
                .chunk_by(|a, b| a.metric == b.metric)
                .map(|run| {
                    let metric = run[0].metric.as_deref().unwrap_or("its metric");
                    let (a, b) = (&run[0], &run[run.len() - 1]);
                    let (high, low) = if value(a) >= value(b) { (a, b) } else { (b, a) };
                    if run.len() == 1 {
                        format!("only one {metric} is recorded on {on}: {}", said(a))
                    } else {
                        format!("the highest {metric} on {on} is {}, the lowest {}", said(high), said(low))
                    }
                })
                .collect();
            let text = parts.join("; ");
            let mut chars = text.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect::<String>() + ".").unwrap_or_default()
        }
    }
}

/// "Which models on D have code?" (`with`: the items are code links, each with its model)
/// or "... no code?" (the items are the models without).
fn coded_text(with: bool, items: &[AnswerItem], entities: &Normalized) -> String {
    /// Most links said per model: a popular model has dozens (every link stays an item).
    const LINKS_SAID: usize = 3;
    let on = subject(entities, &[EntityKind::Dataset]);
    if !with {
        return match items.len() {
            0 => format!("Every model read on {on} has a source code link recorded."),
            1 => format!("1 model evaluated on {on} has no source code link recorded: {}.", list(items, |i| with_citation(&i.label, i))),
            n => format!("{n} models evaluated on {on} have no source code link recorded: {}.", list(items, |i| with_citation(&i.label, i))),
        };
    }
    let mut models: Vec<(&str, Vec<&AnswerItem>)> = Vec::new();
    for item in items {
        let model = item.model.as_deref().unwrap_or("a model not named");
        match models.iter_mut().find(|(m, _)| *m == model) {
            Some((_, links)) => links.push(item),
            None => models.push((model, vec![item])),
        }
    }
    let said: Vec<String> = models
        .iter()
        .map(|(model, links)| {
            let urls: Vec<&str> = links.iter().take(LINKS_SAID).map(|i| i.label.as_str()).collect();
            let more = if links.len() > LINKS_SAID { format!(", and {} more", links.len() - LINKS_SAID) } else { String::new() };
            let cited: BTreeSet<usize> = links.iter().flat_map(|i| i.sources.iter().copied()).collect();
            let cited: Vec<usize> = cited.into_iter().collect();
            let cite = if cited.is_empty() { String::new() } else { format!(" {}", cite(&cited)) };
            format!("{model} ({}{more}){cite}", urls.join(", "))
        })
        .collect();
    match models.len() {
        0 => format!("No model evaluated on {on} has a source code link recorded among what was read."),
        1 => format!("1 model evaluated on {on} has a source code link recorded: {}.", said.join("; ")),
        n => format!("{n} models evaluated on {on} have a source code link recorded: {}.", said.join("; ")),
    }
}

/// The extractive answer: the verdict first (with the facts' citations), then the
/// target's sentence, then each unresolved disagreement with both sides cited.
/// "Other than X, which model is best on D?" when what is left of the board was evaluated
/// without a value: those models, each cited by its paper. `None` when a scored result is
/// left, when no model is, or when one of them has no cited paper.
pub fn left_unscored(what: &str, results: &[ResultFact], sources: &[Source]) -> Option<String> {
    // The board of the first result; the others' results are another question's.
    let on = &results.first()?.dataset;
    let results: Vec<&ResultFact> = results.iter().filter(|r| r.dataset.iri == on.iri).collect();
    if results.iter().any(|r| r.value.as_deref().and_then(parse_score).is_some()) {
        return None;
    }
    // A model whose result no cited paper states is named without a citation.
    let mut models: Vec<(String, Option<usize>)> = Vec::new();
    for r in &results {
        let Some(label) = r.model.as_ref().and_then(|m| m.label.clone()) else { continue };
        let n = r.paper.as_ref().and_then(|p| sources.iter().find(|s| &s.iri == p)).map(|s| s.n);
        match models.iter_mut().find(|(l, _)| *l == label) {
            Some((_, cited)) => *cited = cited.or(n),
            None => models.push((label, n)),
        }
    }
    let board = on.label.clone()?;
    // Only the cited are named; the others are counted.
    let cited: Vec<String> = models.iter().filter_map(|(l, n)| n.map(|n| format!("{l} [{n}]"))).collect();
    let list = cited.join("; ");
    let among = if cited.len() < models.len() { ", among them" } else { "" };
    match (models.len(), cited.len()) {
        (_, 0) => None,
        (1, _) => Some(format!("Once what the question sets aside is left out ({what}), the knowledge graph records no score on {board}: the one other model evaluated there has no value recorded: {list}.")),
        (k, _) => Some(format!("Once what the question sets aside is left out ({what}), the knowledge graph records no score on {board}: the {k} other models evaluated there have no value recorded{among}: {list}.")),
    }
}

pub fn compose(draft: &Draft<'_>) -> Composed {
    let mut text = if draft.all_failed {
        "I could not query the knowledge graph (see strategies_used and warnings), so I cannot answer or cite anything.".to_owned()
    } else if draft.verdict.is_some_and(|v| !v.about_scores()) {
        // A relation's verdict says what the graph records; there are no results to list.
        String::new()
    } else if let (Some(with), Target::Code, None) = (draft.coded, draft.target, draft.verdict) {
        coded_text(with, draft.items, draft.entities)
    } else if draft.shared && draft.verdict.is_none() && matches!(draft.target, Target::Datasets | Target::Problems) {
        shared_text(draft.target, draft.items, draft.entities)
    } else if let (Some(ask), true, None) = (draft.board, (matches!(draft.target, Target::BestModel | Target::TopScore) || matches!(draft.board, Some(BoardAsk::Unscored | BoardAsk::Unled))) && !draft.items.is_empty(), draft.verdict) {
        board_text(ask, draft.items, draft.entities)
    } else {
        let text = ranked(draft.target, draft.items, draft.sources, draft.entities, draft.cut, draft.extreme);
        // "top 3 on D" where the graph holds fewer under every metric: said, not implied.
        match draft.top_k.filter(|k| *k > 1 && *k < EVERY && draft.target == Target::BestModel && !draft.items.is_empty()) {
            Some(k) if fewer_than(k, draft.items) => format!("The graph records fewer results than were asked for under each metric here. {text}"),
            _ => text,
        }
    };
    let cite_papers = |papers: &[PaperRef]| -> String {
        papers.iter().filter_map(|p| number_of(draft.chosen, &p.iri)).map(|n| format!("[{n}]")).collect()
    };
    if let Some(v) = draft.verdict {
        let cited: BTreeSet<usize> = v.supporting.iter().chain(&v.contradicting).flat_map(|f| f.sources.iter().copied()).collect();
        let cited: String = cited.iter().map(|n| format!("[{n}]")).collect();
        let reason = if cited.is_empty() { v.reason.clone() } else { format!("{} {cited}", v.reason) };
        text = if v.is_account() { format!("{reason}. {text}") } else { format!("{}: {reason}. {text}", v.verdict.as_str()) }.trim_end().to_owned();
    }
    let mut stated: Vec<String> = Vec::new();
    // "below 75": the question's own value, which the answer repeats as its bound.
    if let (Some(BoardAsk::Past(t)), None) = (draft.board, draft.verdict) {
        stated.push(t.describe());
    }
    // A verdict on dates, or an account dating papers, states the years recorded for its papers (two,
    // when the record contradicts itself), which a source's one year does not hold.
    if let Some(v) = draft.verdict.filter(|v| matches!(v.relation.as_str(), "year" | "dated")) {
        stated.push(v.reason.clone());
    }
    for c in draft.disputed {
        // A disagreement is stated with every side cited, or not at all (it stays in
        // `evidence.conflicts`): a head board has more disputes than cited papers.
        let cited: Vec<String> = c.sides.iter().map(|s| cite_papers(&s.papers)).collect();
        if cited.iter().any(String::is_empty) {
            continue;
        }
        let sides: Vec<String> = c.sides.iter().zip(&cited).map(|(s, cite)| format!("{} {cite}", s.value)).collect();
        stated.extend(c.sides.iter().map(|s| s.value.clone()));
        // A best followed by the model that beats its other value: the lead is in question.
        let contested = match draft.items {
            [first, second, ..] if draft.target == Target::BestModel && !super::items::listed_by_value(draft.board, draft.items) => {
                first.model.is_some() && first.model == c.model && second.model != first.model && (&second.dataset, &second.metric) == (&first.dataset, &first.metric)
            }
            _ => false,
        };
        let lead = if contested { ", so which model leads depends on which holds" } else { "" };
        text.push_str(&format!(" The graph disagrees on {}: {}{lead}.", c.subject, sides.join(" vs ")));
    }
    if let Some(v) = draft.verdict {
        stated.extend(v.supporting.iter().chain(&v.contradicting).map(|f| f.statement.clone()));
        stated.push(v.reason.clone());
    }
    Composed { text, stated }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::front::normalize::NormalizedEntity;

    #[test]
    fn a_board_left_without_a_score_once_a_model_is_set_aside_says_so_and_cites_each_model() {
        let named = |label: &str| crate::pipeline::evidence::Named { iri: format!("r:{label}"), label: Some(label.into()) };
        let row = |model: &str, value: Option<&str>, paper: &str| ResultFact { dataset: named("Cornell"), model: Some(named(model)), metric: None, value: value.map(str::to_owned), paper: Some(paper.into()), contribution: "c".into(), evaluation: format!("e-{model}") };
        let sources = [Source { n: 1, iri: "p1".into(), ..Source::titled("A") }, Source { n: 2, iri: "p2".into(), ..Source::titled("B") }];
        let text = left_unscored("X", &[row("GGCNN", None, "p1"), row("Fast Search", Some("-"), "p2")], &sources).expect("said");
        assert!(text.contains("no score on Cornell") && text.contains("GGCNN [1]; Fast Search [2]"), "{text}");
        assert_eq!(left_unscored("X", &[row("GGCNN", Some("91.2%"), "p1")], &sources), None, "a score is left");
        assert_eq!(left_unscored("X", &[row("GGCNN", None, "p9")], &sources), None, "no model is cited: nothing is said");
        let some = left_unscored("X", &[row("GGCNN", None, "p1"), row("Fast Search", None, "p9")], &sources).expect("said");
        assert!(some.contains("the 2 other models evaluated there have no value recorded, among them: GGCNN [1]."), "the uncited one is counted, not named: {some}");
    }

    #[test]
    fn a_request_for_code_that_read_no_link_says_so_before_the_papers_found() {
        let sources = [Source::titled("Gemma")];
        let entities = Normalized::default();
        let text = compose(&Draft { target: Target::Code, items: &[], sources: &sources, entities: &entities, verdict: None, disputed: &[], all_failed: false, cut: Cut::default(), chosen: &[], top_k: None, board: None, extreme: None, coded: None, shared: false }).text;
        assert!(text.starts_with("The knowledge graph records no source code link") && text.contains(r#""Gemma" [1]"#), "{text}");
    }

    #[test]
    fn papers_found_past_the_cited_ones_are_counted_and_named_while_the_list_is_short() {
        let sources = [Source { n: 1, iri: "p1".into(), ..Source::titled("A") }, Source { n: 2, iri: "p2".into(), ..Source::titled("B") }];
        assert_eq!(papers(&sources, &[]), r#"I found 2 relevant papers in the knowledge graph: "A" [1]; "B" [2]."#);
        let text = papers(&sources, &["C"]);
        assert!(text.starts_with("I found 3 relevant papers") && text.ends_with(r#"not cited (an answer cites 2 papers at most), "C"."#), "{text}");
        let many: Vec<String> = (0..20).map(|n| format!("T{n}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let text = papers(&sources, &many);
        assert!(text.starts_with("I found 22 relevant papers") && text.ends_with("(20 more not listed).") && !text.contains("T19"), "{text}");
    }

    fn model(text: &str, canonical: &str, iris: &[&str]) -> NormalizedEntity {
        NormalizedEntity {
            kind: EntityKind::Method,
            text: text.into(),
            canonical: canonical.into(),
            aliases: vec![],
            iris: iris.iter().map(|i| (*i).to_owned()).collect(),
            direction: None,
            link: None,
        }
    }

    #[test]
    fn what_named_models_share_is_listed_under_their_names_or_said_to_be_nothing() {
        let entities = Normalized { methods: vec![model("wendrel", "Wendrel-S", &["m1"]), model("bert", "BERT-joint", &["m2", "m3"])], ..Normalized::default() };
        assert_eq!(shared_text(Target::Datasets, &[], &entities), "The knowledge graph records no dataset that both Wendrel-S and the models named \"bert\" were evaluated on.");
        let qa = AnswerItem { sources: vec![1], ..AnswerItem::new("Question Answering", Some("t1")) };
        assert_eq!(shared_text(Target::Problems, &[qa], &entities), "Research problems both Wendrel-S and the models named \"bert\" are used for: Question Answering [1].");
    }

    #[test]
    fn a_variant_the_graph_lacks_is_said_missing_with_the_siblings_it_holds() {
        let u = |held: &[&str]| crate::pipeline::front::link::Unheld { written: "Wendrel-L".into(), kind: EntityKind::Method, held: held.iter().map(|h| (*h).to_owned()).collect() };
        assert_eq!(unheld(&u(&["Wendrel-S"]), false), "The knowledge graph records no model called Wendrel-L (it holds Wendrel-S, another model), so it holds nothing on this question about it.");
        assert_eq!(unheld(&u(&["A", "B", "C"]), true), "UNCERTAIN: the knowledge graph records no model called Wendrel-L (it holds A, B and C, other models), so the claim cannot be checked against it.");
    }

    #[test]
    fn a_top_k_the_graph_cannot_fill_is_said_to_be_short() {
        let one = |model: &str, metric: &str| AnswerItem { metric: Some(metric.into()), ..AnswerItem::new(model, None) };
        let items = [one("LSTM", "Test perplexity"), one("LSTM", "Validation perplexity")];
        let entities = Normalized::default();
        let draft = |top_k| Draft { target: Target::BestModel, items: &items, sources: &[], entities: &entities, verdict: None, disputed: &[], all_failed: false, cut: Cut::default(), chosen: &[], top_k, board: None, extreme: None, coded: None, shared: false };
        assert!(compose(&draft(Some(3))).text.starts_with("The graph records fewer results than were asked for under each metric here. The best recorded result"));
        assert!(compose(&draft(None)).text.starts_with("The best recorded result"));
        let full = [one("A", "F1"), one("B", "F1"), one("C", "F1")];
        let draft3 = Draft { items: &full, ..draft(Some(3)) };
        assert!(compose(&draft3).text.starts_with("The best recorded result"));
    }

    #[test]
    fn every_model_both_ends_and_a_bound_are_answered_as_asked_with_the_bound_allowed() {
        use crate::pipeline::front::extract::{BoardAsk, Threshold};
        let scored = |model: &str, value: &str| AnswerItem { metric: Some("BLEU".into()), value: Some(value.into()), sources: vec![1], ..AnswerItem::new(model, Some(&format!("m:{model}"))) };
        let items = [scored("A", "36.0"), scored("B", "18.9"), scored("C", "9.8")];
        let entities = Normalized::default();
        let draft = |board| Draft { target: Target::BestModel, items: &items, sources: &[], entities: &entities, verdict: None, disputed: &[], all_failed: false, cut: Cut::default(), chosen: &[], top_k: Some(EVERY), board, extreme: None, coded: None, shared: false };
        let every = compose(&draft(Some(BoardAsk::Every))).text;
        assert!(every.starts_with("3 models have results on your question, best first: A with 36.0 by BLEU [1]; B with 18.9"), "{every}");
        let ends = [scored("A", "36.0"), scored("C", "9.8")];
        let text = compose(&Draft { items: &ends, ..draft(Some(BoardAsk::Ends)) }).text;
        assert!(text.starts_with("The highest BLEU on your question is A with 36.0 [1], the lowest C with 9.8 [1]"), "{text}");
        let below = Threshold { above: false, inclusive: false, value: 20.0 };
        let past = compose(&Draft { items: &items[1..], ..draft(Some(BoardAsk::Past(below))) });
        assert!(past.text.starts_with("2 models have a result below 20 on your question"), "{}", past.text);
        assert!(past.stated.iter().any(|s| s.contains("20")), "the question's bound may be repeated");
        let beyond = Threshold { above: true, inclusive: false, value: 90.0 };
        let none = compose(&Draft { items: &items[..1], ..draft(Some(BoardAsk::Past(beyond))) }).text;
        assert_eq!(none, "No result above 90 on your question is recorded; the best recorded there: A with 36.0 by BLEU [1].");
    }

    #[test]
    fn a_named_model_whose_variant_holds_the_best_is_not_said_to_have_no_score() {
        let mut entities = Normalized::default();
        entities.methods.push(model("xlnet", "XLNet", &["m1"]));
        entities.methods.push(model("bert", "BERT", &["m2"]));
        let items = [AnswerItem { metric: Some("F1".into()), value: Some("90.7".into()), ..AnswerItem::new("XLNet (single model)", Some("m9")) }];
        let text = extractive(Target::BestModel, &items, &[], &entities, Cut::default());
        // The items hold every named model's best (`leaderboard::best_items`): one missing
        // from them has no score there, and is said to.
        assert!(text.starts_with("The graph records no score of BERT on ") && !text.contains("no score of XLNet"), "{text}");
        assert!(text.contains("The best recorded result: XLNet (single model)"), "{text}");
        entities.methods.remove(0);
        let text = extractive(Target::BestModel, &items, &[], &entities, Cut::default());
        assert!(text.starts_with("The graph records no score of BERT on "), "{text}");
    }

    #[test]
    fn the_holder_of_a_value_is_named_or_the_value_said_unrecorded_beside_the_best() {
        let mut entities = Normalized::default();
        entities.datasets.push(NormalizedEntity { kind: EntityKind::Dataset, ..model("stl-10", "STL-10", &["d1"]) });
        let items = [AnswerItem { metric: Some("Accuracy".into()), value: Some("99.78".into()), ..AnswerItem::new("BiLSTM-TDN", Some("m1")) }];
        assert_eq!(board_text(BoardAsk::Holding(99.78), &items, &entities), "1 model has a result of 99.78 on STL-10: BiLSTM-TDN with 99.78 by Accuracy (no paper recorded for these results).");
        assert_eq!(board_text(BoardAsk::Holding(74.3), &items, &entities), "No result of 74.3 on STL-10 is recorded; the best recorded there: BiLSTM-TDN with 99.78 by Accuracy (no paper recorded for these results).");
    }

    #[test]
    fn a_value_no_result_holds_is_said_missing_on_its_board() {
        assert_eq!(unheld_value(12.3, "Flowers-102"), "The knowledge graph records no result of 12.3 on Flowers-102, so it holds nothing on this question about it.");
        assert!(unheld_value(994500.0, "Atari 2600 Atlantis").contains(" 994500 "), "a whole number is written whole");
    }

    #[test]
    fn a_claims_evaluation_without_a_score_is_said_as_one() {
        let evaluated = |value: &str| AnswerItem { metric: Some("evaluated on".into()), value: Some(value.into()), dataset: Some("ImageNet".into()), ..AnswerItem::new("DeiT-B", Some("r1")) };
        let text = extractive(Target::Verdict, &[evaluated(NO_VALUE), evaluated("ImageNet")], &[], &Normalized::default(), Cut::default());
        assert_eq!(text, "The knowledge graph records these results for the claim: DeiT-B evaluated on ImageNet with no value recorded; DeiT-B evaluated on ImageNet (no paper recorded for these results).");
    }

    #[test]
    fn a_top_score_labelled_by_its_model_is_said_with_its_metric() {
        let items = [AnswerItem { model: Some("Zephyrine-L".into()), value: Some("89.6".into()), metric: Some("Accuracy".into()), ..AnswerItem::new("Zephyrine-L", Some("r1")) }];
        let text = extractive(Target::TopScore, &items, &[], &Normalized::default(), Cut::default());
        assert!(text.contains(": Accuracy 89.6 (Zephyrine-L)"), "{text}");
    }

    #[test]
    fn top_scores_that_are_not_the_named_models_say_first_that_it_has_no_score() {
        let mut entities = Normalized::default();
        entities.methods.push(model("ostrada-t", "Ostrada-T", &["m1"]));
        let items = [AnswerItem { model: Some("Murrelet-MT".into()), value: Some("55.1".into()), ..AnswerItem::new("chrF", Some("chrf")) }];
        let text = extractive(Target::TopScore, &items, &[], &entities, Cut::default());
        assert!(text.starts_with("The graph records no score of Ostrada-T on "), "{text}");
        let own = [AnswerItem { model: Some("Ostrada-T".into()), ..items[0].clone() }];
        let text = extractive(Target::TopScore, &own, &[], &entities, Cut::default());
        assert!(text.starts_with("The top recorded scores of Ostrada-T: chrF 55.1"), "its own, no board named: {text}");
        let mut on_board = entities.clone();
        on_board.datasets.push(NormalizedEntity { kind: EntityKind::Dataset, ..model("orrenby", "Orrenby Parallel Corpus", &["d1"]) });
        let text = extractive(Target::TopScore, &own, &[], &on_board, Cut::default());
        assert!(text.starts_with("The top recorded scores of Ostrada-T on Orrenby Parallel Corpus: chrF 55.1"), "its own on a board named, not the board's top: {text}");
        on_board.datasets.push(NormalizedEntity { kind: EntityKind::Dataset, ..model("wmt", "WMT-14", &["d2"]) });
        let own_there = [AnswerItem { dataset: Some("Orrenby Parallel Corpus".into()), ..own[0].clone() }];
        let text = extractive(Target::TopScore, &own_there, &[], &on_board, Cut::default());
        assert!(text.starts_with("The graph records no score of Ostrada-T on WMT-14. The top recorded scores of Ostrada-T on "), "the board it has no score on said: {text}");
        entities.methods.push(model("murrelet-mt", "Murrelet-MT", &["m2"]));
        let text = extractive(Target::TopScore, &items, &[], &entities, Cut::default());
        assert!(text.starts_with("The top recorded scores on "), "the top of two named models is one of theirs: {text}");
    }

    #[test]
    fn a_tasks_models_are_said_to_be_recorded_for_the_task() {
        let mut entities = Normalized::default();
        entities.tasks.push(NormalizedEntity { kind: EntityKind::Task, ..model("ner", "Named Entity Recognition", &["t"]) });
        let items = [AnswerItem::new("SciBERT", None)];
        let text = extractive(Target::Models, &items, &[], &entities, Cut::default());
        assert!(text.starts_with("1 model is recorded for Named Entity Recognition in the knowledge graph: SciBERT"), "{text}");
    }

    #[test]
    fn a_models_datasets_are_headed_by_its_label_or_by_its_family_as_written() {
        let mut one = Normalized::default();
        one.methods.push(model("scibert", "SciBERT", &["m1"]));
        assert_eq!(listing_head(Target::Datasets, &one), "Datasets SciBERT was evaluated on");
        let mut family = Normalized::default();
        family.methods.push(model("bert", "BERT-joint", &["m1", "m2"]));
        assert_eq!(listing_head(Target::Datasets, &family), "Datasets the models named \"bert\" were evaluated on");
    }

    #[test]
    fn a_research_problems_metrics_are_said_to_be_those_of_its_boards() {
        let mut task = Normalized::default();
        task.tasks.push(NormalizedEntity { kind: EntityKind::Task, ..model("summarization", "Text Summarization", &["t1"]) });
        let items = [AnswerItem::new("ROUGE-1", None), AnswerItem::new("ROUGE-2", None)];
        let text = extractive(Target::Metrics, &items, &[], &task, Cut::default());
        assert!(text.starts_with("Results on the boards of Text Summarization are reported with these metrics: ROUGE-1; ROUGE-2"), "{text}");
    }

    #[test]
    fn which_paper_is_newest_is_said_untold_when_a_paper_found_has_no_year() {
        let newest = crate::pipeline::front::anchor::Age::Newest;
        assert!(age_untold(newest, 2, 2).is_some_and(|s| s.contains("cannot be told")), "none dated");
        let partly = age_untold(newest, 1, 2);
        assert!(partly.as_deref().is_some_and(|s| s.contains("dated ones only") && s.contains("1 of these 2 papers")), "{partly:?}");
        assert!(age_untold(newest, 0, 2).is_none(), "every paper dated: the order says it");
        assert!(age_untold(newest, 0, 0).is_none());
    }

    #[test]
    fn papers_stating_a_given_value_are_counted_and_others_are_not() {
        let item = |model: &str, value: &str, sources: Vec<usize>| AnswerItem { label: model.into(), iri: None, value: Some(value.into()), sources, metric: None, dataset: None, model: Some(model.into()), papers: vec![] };
        let items = [item("Syrinxa", "88.3%", vec![1, 2, 3, 4, 5]), item("Plumaro", "90.1", vec![6])];
        assert_eq!(paper_counts(&items, &[], &[], &["88.3".to_owned()], &[]), ["5 papers put Syrinxa at 88.3% [1][2][3][4][5]"]);
        assert!(paper_counts(&items, &[], &[], &["93.8".to_owned()], &[]).is_empty());
        let titled: Vec<Source> = (1..=5).map(|n| Source { n, ..Source::titled(&format!("Paper {n}")) }).collect();
        assert_eq!(paper_counts(&items[..1], &[], &[], &["88.3".to_owned()], &titled), ["5 papers put Syrinxa at 88.3%: \"Paper 1\" [1]; \"Paper 2\" [2]; \"Paper 3\" [3]; \"Paper 4\" [4]; \"Paper 5\" [5]"], "the papers counted are named, to be cited");
        // A value that lost nothing but is one side of an open disagreement is counted too.
        let paper = |iri: &str| PaperRef { iri: iri.into(), title: String::new(), year: None };
        let side = |value: &str, papers: Vec<PaperRef>| crate::pipeline::trust::ConflictSide { value: value.into(), papers, score: None };
        let conflict = Conflict {
            kind: crate::pipeline::trust::ConflictKind::DifferentValues,
            subject: "Warbleon on D by Accuracy".into(),
            model: Some("Warbleon".into()),
            sides: vec![side("80.7", vec![paper("p3")]), side("79.5", vec![paper("p1"), paper("p2")])],
            resolved: false,
            winner: None,
            gap: None,
            rule: String::new(),
        };
        let chosen = ["p1".to_owned(), "p2".to_owned(), "p3".to_owned()];
        assert_eq!(paper_counts(&[], &[&conflict], &chosen, &["79.5".to_owned()], &[]), ["2 papers put Warbleon at 79.5 [1][2]"]);
    }
}
