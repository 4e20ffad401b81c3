//! "Which paper first reported a result on D, and which papers followed it?", "which paper
//! first reported a BLEU above 30 on D, and which papers have beaten that number since?":
//! the papers with results on a board, in the order they came out.
//!
//! A paper is placed by its recorded year (a month written under P29 was already dropped by
//! the evidence stage, so "4" never puts a paper first). A paper recorded with two valid
//! years is shown with both, and its place against a paper dated between them is said to be
//! untold; a paper with no year is named as one that cannot be placed, never first or last.
//! A value bound ("above 30") is read on numbers, not strings ("9.8" is not above "30").
//! Carried as an account ([`Verdict::dated`]) in one sentence, which the answer cites
//! once: its results are the answer's items, and their papers its sources. Pure.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::verdict::{FactRef, Verdict};
use super::{Fact, PaperRef};
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::scores::{parse_score, value_key};
use crate::pipeline::evidence::{Evidence, ResultFact};
use crate::pipeline::front::extract::Threshold;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::Normalized;

/// "which papers have beaten that number since": later results better than the first's.
static BEATEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:beaten|beat|beats|surpassed|bettered|topped|outdone|overtaken|improved (?:on|upon))\b").unwrap_or_else(|e| panic!("chronology pattern: {e}"))
});

/// How many of one paper's results on the board are named (the rest are counted).
const RESULTS_NAMED: usize = 3;

/// One paper's results on the board, with its recorded years (earliest first).
struct Entry<'a> {
    paper: PaperRef,
    years: Vec<i32>,
    results: Vec<&'a ResultFact>,
}

impl Entry<'_> {
    fn first_year(&self) -> Option<i32> {
        self.years.first().copied()
    }

    fn last_year(&self) -> Option<i32> {
        self.years.last().copied()
    }

    /// "2017 or 2019".
    fn years(&self) -> String {
        self.years.iter().map(i32::to_string).collect::<Vec<_>>().join(" or ")
    }

    /// "\"Title\" (2017 or 2019)".
    fn dated(&self) -> String {
        match self.years.as_slice() {
            [] => format!("\"{}\"", self.paper.title),
            _ => format!("\"{}\" ({})", self.paper.title, self.years()),
        }
    }

    /// "\"Title\" (2017 or 2019: what)".
    fn with(&self, what: &str) -> String {
        match self.years.as_slice() {
            [] => format!("\"{}\" ({what})", self.paper.title),
            _ => format!("\"{}\" ({}: {what})", self.paper.title, self.years()),
        }
    }

    /// "\"Title\" (2017 or 2019: A at 70.2 by F1)".
    fn describe(&self) -> String {
        let mut results: Vec<String> = self.results.iter().take(RESULTS_NAMED).map(|r| result_words(r)).collect();
        if self.results.len() > RESULTS_NAMED {
            results.push(format!("and {} more", self.results.len() - RESULTS_NAMED));
        }
        self.with(&results.join(", "))
    }
}

fn result_words(r: &ResultFact) -> String {
    let model = r.model.as_ref().map_or("a model", |m| m.display());
    let metric = r.metric.as_ref().map(|m| format!(" by {}", m.display())).unwrap_or_default();
    format!("{model} at {}{metric}", r.value.as_deref().unwrap_or("no value"))
}

fn fact_of(r: &ResultFact, paper: &PaperRef) -> FactRef {
    FactRef::of_result(r, vec![paper.clone()])
}

/// The account of which paper first reported a result on the board the question names (a
/// result past `bound`, when it gives one) and which followed it or, when it asks, beat it
/// since; `None` when the question names no linked board or the graph holds no such result.
pub fn account(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>, bound: Option<&Threshold>, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let board = entities.datasets.iter().find(|d| d.is_linked())?;
    let scored = |r: &ResultFact| r.value.as_deref().and_then(parse_score);
    let on_board = board_results(entities, evidence);
    let passing: Vec<&ResultFact> = on_board.iter().copied().filter(|r| bound.is_none_or(|b| scored(r).is_some_and(|v| b.passes(v)))).collect();
    let what = match (bound, entities.metrics.first()) {
        (Some(b), Some(m)) => format!("{} {} on {}", m.canonical, b.describe(), board.canonical),
        (Some(b), None) => format!("a result {} on {}", b.describe(), board.canonical),
        (None, Some(m)) => format!("a result by {} on {}", m.canonical, board.canonical),
        (None, None) => format!("a result on {}", board.canonical),
    };
    let papers = entries(&passing, evidence, metas);
    if papers.is_empty() {
        return on_board.first().map(|_| Verdict::dated(format!("No paper in the graph reports {what}"), Vec::new()));
    }
    let (dated, undated): (Vec<&Entry>, Vec<&Entry>) = papers.iter().partition(|e| !e.years.is_empty());
    let mut sentences = Vec::new();
    let mut shown: Vec<&Entry> = Vec::new();
    let first_year = dated.iter().filter_map(|e| e.first_year()).min();
    let firsts: Vec<&Entry> = dated.iter().copied().filter(|e| e.first_year() == first_year).collect();
    // A first recorded with two years may come after a paper dated between them.
    let untold: Vec<&Entry> = dated.iter().copied().filter(|e| e.first_year() != first_year && firsts.iter().any(|f| f.last_year().is_some_and(|l| e.first_year().is_some_and(|y| y < l)))).collect();
    match (firsts.as_slice(), untold.is_empty()) {
        ([], _) => sentences.push(format!("The graph dates no paper that reports {what}, so which came first cannot be told")),
        ([one], true) => sentences.push(format!("The first paper to report {what} is {}", one.describe())),
        (several, true) => sentences.push(format!("The first papers to report {what} came out in the same year: {}", several.iter().map(|e| e.describe()).collect::<Vec<_>>().join(", "))),
        (several, false) => sentences.push(format!(
            "Which paper first reported {what} cannot be told for sure, because the graph records two years for {}: {}",
            several.iter().chain(&untold).filter(|e| e.years.len() > 1).map(|e| format!("\"{}\"", e.paper.title)).collect::<Vec<_>>().join(" and "),
            several.iter().chain(&untold).map(|e| e.describe()).collect::<Vec<_>>().join(", ")
        )),
    }
    shown.extend(firsts.iter().chain(&untold));
    let rest: Vec<&Entry> = dated.iter().copied().filter(|e| !shown.iter().any(|s| s.paper.iri == e.paper.iri)).collect();
    if BEATEN.is_match(question) && firsts.len() == 1 && untold.is_empty() {
        // Later results (past the bound or not) better than the first paper's best.
        let first = firsts[0];
        let all = entries(&on_board, evidence, metas);
        let mut beat: Vec<(String, &Entry)> = Vec::new();
        for later in all.iter().filter(|e| e.first_year().zip(first.last_year()).is_some_and(|(y, f)| y > f)) {
            let better: Vec<String> = later
                .results
                .iter()
                .filter(|r| first.results.iter().any(|f| beats(r, f, direction)))
                .map(|r| result_words(r))
                .collect();
            if !better.is_empty() {
                beat.push((later.with(&better.join(", ")), later));
            }
        }
        let bar = first.results.iter().map(|r| r.value.as_deref().unwrap_or_default()).collect::<Vec<_>>().join(" and ");
        if beat.is_empty() {
            sentences.push(format!("no later paper in the graph reports a better result than its {bar}"));
        } else {
            sentences.push(format!("later papers that beat its {bar}, in order: {}", beat.iter().map(|(w, _)| w.as_str()).collect::<Vec<_>>().join(", ")));
        }
        let mut facts = facts_of(&shown);
        facts.extend(beat.iter().flat_map(|(_, e)| e.results.iter().filter(|r| first.results.iter().any(|f| beats(r, f, direction))).map(|r| fact_of(r, &e.paper))));
        return Some(Verdict::dated(sentences.join("; "), facts));
    }
    if !rest.is_empty() {
        let placed = |e: &Entry| -> String {
            // Two years with another paper dated between them: the order between those two is untold.
            let between: Vec<String> = dated
                .iter()
                .filter(|o| o.paper.iri != e.paper.iri && e.years.len() > 1 && o.first_year().is_some_and(|y| e.first_year().is_some_and(|f| f < y) && e.last_year().is_some_and(|l| y < l)))
                .map(|o| format!("\"{}\"", o.paper.title))
                .collect();
            if between.is_empty() {
                e.describe()
            } else {
                format!("{}, whose place against {} cannot be told", e.describe(), between.join(" and "))
            }
        };
        sentences.push(format!("the papers that followed, in the order of their years: {}", rest.iter().map(|e| placed(e)).collect::<Vec<_>>().join(", ")));
    }
    shown.extend(&rest);
    if !undated.is_empty() {
        let names = undated.iter().map(|e| e.describe()).collect::<Vec<_>>().join(", ");
        sentences.push(format!("the graph records no year for {names}, so it cannot be placed in this order"));
        shown.extend(&undated);
    }
    Some(Verdict::dated(sentences.join("; "), facts_of(&shown)))
}

/// The board's results the question asks about: on the linked boards it names, by the
/// metrics it names (any, when it names none), with a score.
/// The years a question's decade names: "from the 2020s" (2020–2029), "the early 2010s"
/// (2010–2013), "mid-2010s" (2014–2016), "the late 2010s" (2017–2019).
pub fn decade(question: &str) -> Option<(i32, i32)> {
    static DECADE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:the\s+)?(early|mid|late)?[\s-]*((?:19|20)\d)0['’]?s\b").unwrap_or_else(|e| panic!("decade pattern: {e}"))
    });
    let c = DECADE.captures(question)?;
    let start: i32 = c[2].parse::<i32>().ok()? * 10;
    Some(match c.get(1).map(|m| m.as_str().to_lowercase()).as_deref() {
        Some("early") => (start, start + 3),
        Some("mid") => (start + 4, start + 6),
        Some("late") => (start + 7, start + 9),
        _ => (start, start + 9),
    })
}

/// "Which papers from the 2020s report a mean IoU of 60 or more on D?": the papers whose
/// results on the board the question names pass `bound`, within the years of a decade it
/// names. A paper with no year cannot be placed in a decade: its result is said with that
/// caveat and is no item. `None` when no board is linked.
pub fn papers_past(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>, bound: &Threshold) -> Option<Verdict> {
    let board = entities.datasets.iter().find(|d| d.is_linked())?;
    let passing: Vec<&ResultFact> = board_results(entities, evidence).into_iter().filter(|r| !evidence.sets_aside(r) && r.value.as_deref().and_then(parse_score).is_some_and(|v| bound.passes(v))).collect();
    let span = decade(question);
    let what = match entities.metrics.first() {
        Some(m) => format!("{} {} on {}", m.canonical, bound.describe(), board.canonical),
        None => format!("a result {} on {}", bound.describe(), board.canonical),
    };
    let within = |e: &Entry| span.is_none_or(|(from, to)| e.years.iter().any(|y| (from..=to).contains(y)));
    let papers = entries(&passing, evidence, metas);
    let (dated, undated): (Vec<&Entry>, Vec<&Entry>) = papers.iter().partition(|e| !e.years.is_empty() || span.is_none());
    let chosen: Vec<&Entry> = dated.into_iter().filter(|e| within(e)).collect();
    let from = span.map(|(a, b)| format!(" from {a}–{b}")).unwrap_or_default();
    let mut said = if chosen.is_empty() {
        format!("No paper{from} in the graph reports {what}")
    } else {
        let listed = chosen.iter().map(|e| format!("{}: {}", e.dated(), e.results.iter().map(|r| result_words(r)).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join("; ");
        format!("Papers{from} reporting {what}: {listed}")
    };
    for e in &undated {
        said.push_str(&format!("; {} reports {}, but its paper records no year, so whether it is from those years cannot be told", e.dated(), e.results.iter().map(|r| result_words(r)).collect::<Vec<_>>().join(", ")));
    }
    let facts = chosen.iter().flat_map(|e| e.results.iter().map(|r| fact_of(r, &e.paper))).collect();
    Some(Verdict::dated(said, facts))
}

fn board_results<'a>(entities: &Normalized, evidence: &'a Evidence) -> Vec<&'a ResultFact> {
    let boards: Vec<&str> = entities.datasets.iter().filter(|d| d.is_linked()).flat_map(|d| d.iris.iter().map(String::as_str)).collect();
    let metric_named = |r: &ResultFact| {
        entities.metrics.is_empty() || r.metric.as_ref().is_some_and(|m| entities.metrics.iter().any(|e| e.iris.contains(&m.iri) || m.label.as_deref().is_some_and(|l| e.names(l))))
    };
    let scored: Vec<&ResultFact> = evidence.results.iter().filter(|r| boards.contains(&r.dataset.iri.as_str()) && r.value.as_deref().and_then(parse_score).is_some()).collect();
    let named: Vec<&ResultFact> = scored.iter().copied().filter(|r| metric_named(r)).collect();
    if !named.is_empty() {
        return named;
    }
    // "accuracy" on a board that records "Top 1 Accuracy": the metrics holding the word.
    let words: Vec<String> = entities.metrics.iter().map(|m| m.canonical.to_lowercase()).collect();
    scored.into_iter().filter(|r| r.metric.as_ref().is_some_and(|m| words.iter().any(|w| m.display().to_lowercase().contains(w.as_str())))).collect()
}

/// "Newest WER on D: which model, what number, which papers report it, and what's still
/// better?": the results first reported last (a result is dated by the earliest paper
/// stating it, so a re-run of an older model is no new result), the other papers stating
/// each, and every result still better; an undated paper that may be newer is said.
pub fn newest(entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let board = entities.datasets.iter().find(|d| d.is_linked())?;
    let on_board = board_results(entities, evidence);
    let papers = entries(&on_board, evidence, metas);
    let results = first_reports(&papers);
    let Some(newest_year) = results.iter().filter_map(|(_, s)| first_year(s)).max() else {
        // Results, but none dated: which is newest cannot be told, and is said, with the
        // results the board records. A board with one result has it as its newest, whatever
        // its year.
        let facts: Vec<FactRef> = papers.iter().flat_map(|o| o.results.iter().map(|r| fact_of(r, &o.paper))).collect();
        let said: BTreeSet<String> = papers.iter().flat_map(|o| o.results.iter().map(|r| result_words(r))).collect();
        return (!papers.is_empty()).then(|| match said.first().filter(|_| said.len() == 1) {
            Some(only) => Verdict::dated(format!("The graph records one result on {}, {only}, so it is the newest there, though no year is recorded for it", board.canonical), facts),
            None => Verdict::dated(format!("The graph records no year for any paper with a result on {}, so which result is the newest cannot be told; the results it records are listed", board.canonical), facts),
        });
    };
    let mut said = Vec::new();
    let mut facts = Vec::new();
    for (r, stating) in results.iter().filter(|(_, s)| first_year(s) == Some(newest_year)) {
        let confirmed = match stating.as_slice() {
            [only] => format!("in {}, which no other paper reports", only.dated()),
            [first, rest @ ..] => format!("in {}, also reported by {}", first.dated(), rest.iter().map(|o| o.dated()).collect::<Vec<_>>().join(" and ")),
            [] => continue,
        };
        let better: Vec<(&Entry, &ResultFact)> = papers.iter().flat_map(|o| o.results.iter().map(move |x| (o, *x))).filter(|(_, x)| beats(x, r, direction)).collect();
        let still = if better.is_empty() {
            "; nothing recorded there is better".to_owned()
        } else {
            format!("; still better: {}", better.iter().map(|(o, x)| format!("{} ({})", result_words(x), o.dated())).collect::<Vec<_>>().join(", "))
        };
        said.push(format!("{} {confirmed}{still}", result_words(r)));
        facts.extend(stating.iter().map(|o| fact_of(r, &o.paper)));
        facts.extend(better.iter().map(|(o, x)| fact_of(x, &o.paper)));
    }
    // Read by its newest paper instead, the newest result may be an older one restated
    // ("the 2025 paper reports Syrinxa's 88.3 again"): said too, since both readings are
    // the graph's.
    let latest_paper = papers.iter().filter_map(|e| e.last_year()).max().filter(|y| *y > newest_year);
    if let Some(year) = latest_paper {
        for e in papers.iter().filter(|e| e.last_year() == Some(year)) {
            let restated: Vec<String> = e
                .results
                .iter()
                .map(|r| {
                    let since = results.iter().find(|(x, _)| same_result(x, r)).and_then(|(_, s)| first_year(s)).map(|y| format!(", first reported in {y}")).unwrap_or_default();
                    facts.push(fact_of(r, &e.paper));
                    format!("{}{since}", result_words(r))
                })
                .collect();
            said.push(format!("the newest paper there, {}, restates older results: {}", e.dated(), restated.join(", ")));
        }
    }
    let undated: Vec<String> = papers.iter().filter(|e| e.years.is_empty()).map(|e| format!("\"{}\"", e.paper.title)).collect();
    let caveat = if undated.is_empty() { String::new() } else { format!("; the graph records no year for {}, which may be newer", undated.join(" and ")) };
    Some(Verdict::dated(format!("The newest result on {} ({newest_year}) is {}{caveat}", board.canonical, said.join("; and ")), facts))
}

/// "Since X's 34.2 BLEU on D in 2022, which newer models have posted results there, and
/// which beat it?": the models whose first dated result on the board comes after X's (the
/// year the question gives, else X's first paper's), each marked by whether it beats X's
/// value.
pub fn newer(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    static IN_YEAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:in|from|since)\s+((?:19|20)\d\d)\b").unwrap_or_else(|e| panic!("chronology pattern: {e}")));
    let board = entities.datasets.iter().find(|d| d.is_linked())?;
    let x = entities.methods.iter().find(|m| m.is_linked())?;
    let is_x = |r: &ResultFact| r.model.as_ref().is_some_and(|m| x.iris.contains(&m.iri) || x.names(m.display()));
    let on_board = board_results(entities, evidence);
    let papers = entries(&on_board, evidence, metas);
    // A model's first result there may be one the trust stage set aside ("Gannetron's 21.5
    // in 2016, re-run at 18.9 in 2024" is no newer model).
    let set_aside: Vec<&ResultFact> = evidence.removed.iter().filter(|r| on_board.iter().any(|b| b.dataset.iri == r.dataset.iri)).collect();
    let first_seen = entries(&[on_board.as_slice(), set_aside.as_slice()].concat(), evidence, metas);
    let mine: Vec<(&Entry, &ResultFact)> = papers.iter().flat_map(|e| e.results.iter().filter(|r| is_x(r)).map(move |r| (e, *r))).collect();
    let given = IN_YEAR.captures(question).and_then(|c| c[1].parse::<i32>().ok());
    let since = given.or_else(|| mine.iter().filter_map(|(e, _)| e.first_year()).min())?;
    // X's value: the one the question gives, else its first.
    let claimed: Vec<f64> = crate::pipeline::front::classify::given_values(question).iter().filter_map(|v| v.parse().ok()).collect();
    let (bar_paper, bar) = mine.iter().copied().find(|(_, r)| r.value.as_deref().and_then(parse_score).is_some_and(|v| claimed.iter().any(|c| (c - v).abs() < 1e-9))).or_else(|| mine.first().copied())?;
    // Each other model's first dated year there (set-aside results included), and its
    // first kept result.
    let mut first: BTreeMap<&str, i32> = BTreeMap::new();
    for e in &first_seen {
        let Some(y) = e.first_year() else { continue };
        for m in e.results.iter().filter(|r| !is_x(r)).filter_map(|r| r.model.as_ref()) {
            let slot = first.entry(m.iri.as_str()).or_insert(y);
            *slot = (*slot).min(y);
        }
    }
    let mut later: Vec<(i32, &Entry, &ResultFact)> = Vec::new();
    for (model, year) in first.into_iter().filter(|(_, y)| *y > since) {
        let kept = papers.iter().filter(|e| e.first_year().is_some()).find_map(|e| e.results.iter().find(|r| r.model.as_ref().is_some_and(|m| m.iri == model)).map(|r| (year, e, *r)));
        later.extend(kept);
    }
    later.sort_by_key(|(y, _, _)| *y);
    let value = bar.value.as_deref().unwrap_or_default();
    let mut facts = vec![fact_of(bar, &bar_paper.paper)];
    if later.is_empty() {
        return Some(Verdict::dated(format!("No model first posted a result on {} after {} ({since})", board.canonical, x.canonical), facts));
    }
    let listed = later.iter().map(|(_, e, r)| format!("{} in {}", result_words(r), e.dated())).collect::<Vec<_>>().join(", ");
    let winners: Vec<String> = later.iter().filter(|(_, _, r)| beats(r, bar, direction)).map(|(_, _, r)| result_words(r)).collect();
    let verdict = if winners.is_empty() { format!("none of them beats {}'s {value}", x.canonical) } else { format!("of them, {} beat {}'s {value}", winners.join(" and "), x.canonical) };
    facts.extend(later.iter().map(|(_, e, r)| fact_of(r, &e.paper)));
    Some(Verdict::dated(format!("Models that first posted a result on {} after {} ({since}): {listed}; {verdict}", board.canonical, x.canonical), facts))
}

/// The same result: one model's same value by the same metric.
fn same_result(a: &ResultFact, b: &ResultFact) -> bool {
    a.model == b.model && a.metric == b.metric && super::rerun::same_value(a, b)
}

/// Each result of the dated `papers`, with the papers stating it, earliest first.
fn first_reports<'e, 'a>(papers: &'e [Entry<'a>]) -> Vec<(&'a ResultFact, Vec<&'e Entry<'a>>)> {
    let mut results: Vec<(&ResultFact, Vec<&Entry>)> = Vec::new();
    for e in papers.iter().filter(|e| !e.years.is_empty()) {
        for r in &e.results {
            match results.iter_mut().find(|(x, _)| same_result(x, r)) {
                Some((_, stating)) => stating.push(e),
                None => results.push((r, vec![e])),
            }
        }
    }
    results
}

/// The year a result was first reported: its earliest stating paper's.
fn first_year(stating: &[&Entry]) -> Option<i32> {
    stating.iter().filter_map(|e| e.first_year()).min()
}

/// "Is the newest result on D also the best?"
static NEWEST_BEST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:newest|latest|most recent|last|most recently (?:reported|published))\s+(?:result|score|number|entry|submission|model)\b[^?.]{0,40}?\b(?:also\s+|still\s+)?(?:the\s+)?(?:best|top|leading|state[- ]of[- ]the[- ]art|sota|record)\b")
        .unwrap_or_else(|e| panic!("chronology pattern: {e}"))
});

/// "Is the newest result on D also the best?", as a claim: `SUPPORTED` when the one best
/// result now is among the newest, `REFUTED` when it is not, `UNCERTAIN` when the graph
/// leaves it open. The newest results are read two ways the graph allows (those first
/// reported last, and those the newest paper states, when it only restates older ones),
/// and the best now (the standing facts, `standing::boards`) under every reading of values
/// the papers dispute, undated results included; when the readings differ, or the top is
/// shared with the newest in it, the verdict is `UNCERTAIN`. `None` when the claim is not this one or the board holds no
/// dated result.
pub fn newest_is_best(question: &str, entities: &Normalized, evidence: &Evidence, facts: &[Fact], metas: &BTreeMap<String, PaperMeta>, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    use super::verdict::Label;
    if !NEWEST_BEST.is_match(question) {
        return None;
    }
    let board = entities.datasets.iter().find(|d| d.is_linked())?;
    let now = vec![(0, facts.to_vec())];
    // "X is the newest model on D and also the best there": if another model leads under
    // every reading, the claim fails whichever result is the newest.
    if let Some(x) = entities.methods.iter().find(|m| m.is_linked()) {
        let mut behind: Vec<String> = Vec::new();
        let mut shown: Vec<FactRef> = Vec::new();
        let mut leads_somewhere = false;
        for board in super::standing::boards(&now, entities, direction).iter().flatten() {
            let (Some(top), Some(mine)) = (board.top(), board.of_model(x)) else { continue };
            if top.key.0 == mine.key.0 || top.numeric == mine.numeric {
                leads_somewhere = true;
                continue;
            }
            let gap = top.numeric.zip(mine.numeric).map(|(a, b)| format!(", {} points ahead of {} ({})", ((a - b).abs() * 10.0).round() / 10.0, mine.model, mine.value)).unwrap_or_default();
            let said = format!("on {}, {} ({}) leads{gap}", board.label, top.model, top.value);
            if !behind.contains(&said) {
                behind.push(said);
                shown.extend([FactRef::of(top), FactRef::of(mine)]);
            }
        }
        if !behind.is_empty() && !leads_somewhere {
            return Some(Verdict { verdict: Label::Refuted, relation: "best".into(), reason: format!("{} is not the best: {}", x.canonical, behind.join("; ")), supporting: vec![], contradicting: shown });
        }
    }
    let on_board = board_results(entities, evidence);
    let papers = entries(&on_board, evidence, metas);
    let results = first_reports(&papers);
    let newest_year = results.iter().filter_map(|(_, s)| first_year(s)).max()?;
    // The two readings of "the newest": first reported last; stated by the newest paper.
    let mut newest: Vec<Vec<&ResultFact>> = vec![results.iter().filter(|(_, s)| first_year(s) == Some(newest_year)).map(|(r, _)| *r).collect()];
    if let Some(year) = papers.iter().filter_map(|e| e.last_year()).max().filter(|y| *y > newest_year) {
        newest.push(papers.iter().filter(|e| e.last_year() == Some(year)).flat_map(|e| e.results.iter().copied()).collect());
    }
    // The best now: the standing facts of each board named, under every reading of a
    // value the papers dispute (`standing::boards`), a tie at the top kept whole.
    let stated = |n: &ResultFact, f: &Fact| {
        n.model.as_ref().is_some_and(|m| m.iri == f.key.0) && n.metric.as_ref().is_some_and(|m| m.iri == f.key.2) && n.value.as_deref().and_then(value_key) == value_key(&f.value)
    };
    let mut labels = Vec::new();
    let mut best_facts: Vec<FactRef> = Vec::new();
    let mut best_said: Vec<String> = Vec::new();
    for board in super::standing::boards(&now, entities, direction).iter().flatten() {
        let Some(first) = board.top() else { continue };
        let top: Vec<&Fact> = board.ranked.iter().copied().filter(|f| f.numeric == first.numeric).collect();
        for reading in &newest {
            let in_newest = |f: &&Fact| reading.iter().any(|n| stated(n, f));
            labels.push(match top.as_slice() {
                [one] if in_newest(one) => Label::Supported,
                many if many.iter().any(in_newest) => Label::Uncertain,
                _ => Label::Refuted,
            });
        }
        for f in top {
            let words = format!("{} at {} by {}", f.model, f.value, f.metric);
            if !best_said.contains(&words) {
                best_said.push(words);
                best_facts.push(FactRef::of(f));
            }
        }
    }
    let first = *labels.first()?;
    let label = if labels.iter().all(|l| *l == first) { first } else { Label::Uncertain };
    let dated = |r: &ResultFact| papers.iter().filter(|e| e.results.iter().any(|x| same_result(x, r))).map(|e| e.dated()).next().unwrap_or_default();
    let mut newest_said: Vec<String> = Vec::new();
    let mut newest_facts: Vec<FactRef> = Vec::new();
    for r in newest.iter().flatten() {
        let words = format!("{} in {}", result_words(r), dated(r));
        if !newest_said.contains(&words) {
            newest_said.push(words);
            if let Some(e) = papers.iter().find(|e| e.results.iter().any(|x| std::ptr::eq(*x, *r))) {
                newest_facts.push(fact_of(r, &e.paper));
            }
        }
    }
    let two_ways = if newest.len() > 1 { " (read two ways: the result first reported last, and those the newest paper restates)" } else { "" };
    let undated: Vec<String> = papers.iter().filter(|e| e.years.is_empty()).map(|e| format!("\"{}\"", e.paper.title)).collect();
    let caveat = if undated.is_empty() { String::new() } else { format!("; the graph records no year for {}", undated.join(" and ")) };
    let told = format!("the newest result on {}{two_ways} is {}; the best now is {}{caveat}", board.canonical, newest_said.join(", "), best_said.join(" or "));
    let mut facts = newest_facts;
    facts.extend(best_facts.into_iter().filter(|b| !facts.iter().any(|f| f.statement == b.statement)).collect::<Vec<_>>());
    Some(match label {
        Label::Supported => Verdict { verdict: label, relation: "newest".into(), reason: format!("Yes: {told}"), supporting: facts, contradicting: vec![] },
        Label::Refuted => Verdict { verdict: label, relation: "newest".into(), reason: format!("No: {told}"), supporting: vec![], contradicting: facts },
        Label::Uncertain => super::verdict::uncertain("newest", format!("The graph leaves it open: {told}"), facts, vec![]),
    })
}

/// Whether `r` is a better result than `first` on the same metric.
fn beats(r: &ResultFact, first: &ResultFact, direction: &dyn Fn(&str) -> Direction) -> bool {
    let (Some(m), Some(fm)) = (&r.metric, &first.metric) else { return false };
    if m.iri != fm.iri {
        return false;
    }
    let (Some(v), Some(f)) = (r.value.as_deref().and_then(parse_score), first.value.as_deref().and_then(parse_score)) else { return false };
    super::verdict::better(direction(m.display()), v, f)
}

fn facts_of(entries: &[&Entry]) -> Vec<FactRef> {
    entries.iter().flat_map(|e| e.results.iter().map(|r| fact_of(r, &e.paper))).collect()
}

/// The papers of `results`, each with its results and recorded years, dated ones first, by
/// their first year.
fn entries<'a>(results: &[&'a ResultFact], evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Vec<Entry<'a>> {
    let mut by_paper: BTreeMap<&str, Vec<&'a ResultFact>> = BTreeMap::new();
    for r in results {
        if let Some(p) = &r.paper {
            let list = by_paper.entry(p.as_str()).or_default();
            if !list.iter().any(|o| o.model == r.model && o.metric == r.metric && super::rerun::same_value(o, r)) {
                list.push(r);
            }
        }
    }
    let mut out: Vec<Entry<'a>> = by_paper
        .into_iter()
        .map(|(iri, results)| {
            let meta = metas.get(iri);
            let mut years: Vec<i32> = meta.map(|m| m.valid_years.clone()).unwrap_or_default();
            if years.is_empty() {
                years.extend(meta.and_then(|m| m.year));
            }
            years.sort_unstable();
            years.dedup();
            let title = super::facts::title_of(iri, evidence, metas);
            Entry { paper: PaperRef { iri: iri.to_owned(), title, year: (years.len() == 1).then(|| years[0]) }, years, results }
        })
        .collect();
    out.sort_by(|a, b| (a.first_year().is_none(), a.first_year(), &a.paper.title).cmp(&(b.first_year().is_none(), b.first_year(), &b.paper.title)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::{linked, paper, result_by};

    fn result(model: &str, value: &str, paper: &str) -> ResultFact {
        result_by(model, value, paper, "BLEU")
    }

    fn meta(title: &str, years: &[i32]) -> PaperMeta {
        paper(title, years)
    }

    fn board() -> Normalized {
        Normalized { datasets: vec![linked(EntityKind::Dataset, "D")], ..Normalized::default() }
    }

    fn graph() -> (Evidence, BTreeMap<String, PaperMeta>) {
        let results = vec![result("Lex", "9.8", "p2012"), result("Ost", "31.9", "p2020"), result("Mur", "34.2", "p2022"), result("Tid", "33.0", "p-two"), result("Ymb", "40.0", "p-none"), result("Low", "30.5", "p2023")];
        let metas = [
            ("p2012", meta("Lex: Early", &[2012])),
            ("p2020", meta("Ost: First Above", &[2020])),
            ("p2022", meta("Mur: Later", &[2022])),
            ("p-two", meta("Tid: Two Years", &[2021, 2023])),
            ("p-none", meta("Ymb: Undated", &[])),
            ("p2023", meta("Low: Not Better", &[2023])),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        (Evidence { results, ..Evidence::default() }, metas)
    }

    #[test]
    fn the_first_paper_is_the_earliest_dated_and_an_undated_one_is_not_placed() {
        let (evidence, metas) = graph();
        let v = account("which paper first reported a result on D, and which followed?", &board(), &evidence, &metas, None, &|_| Direction::Higher).expect("an account");
        assert!(v.is_account());
        assert!(v.reason.starts_with("The first paper to report a result on D is \"Lex: Early\" (2012"), "{}", v.reason);
        assert!(v.reason.contains("no year for \"Ymb: Undated\""), "{}", v.reason);
        let (ost, mur) = (v.reason.find("Ost: First Above").unwrap_or(0), v.reason.find("Mur: Later").unwrap_or(0));
        assert!(0 < ost && ost < mur, "in the order of their years: {}", v.reason);
        assert!(v.reason.contains("(2021 or 2023: Tid at 33.0 by BLEU), whose place against \"Mur: Later\" cannot be told"), "{}", v.reason);
    }

    #[test]
    fn a_bound_is_read_on_numbers_and_later_better_results_are_the_ones_that_beat_it() {
        let (evidence, metas) = graph();
        let above = Threshold { above: true, inclusive: false, value: 30.0 };
        let q = "which paper first reported a BLEU above 30 on D, and which papers have beaten that number since?";
        let v = account(q, &board(), &evidence, &metas, Some(&above), &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("The first paper to report a result above 30 on D is \"Ost: First Above\" (2020"), "\"9.8\" is not above 30: {}", v.reason);
        assert!(v.reason.contains("Mur at 34.2") && !v.reason.contains("Low at 30.5"), "{}", v.reason);
        let models: Vec<&str> = v.supporting.iter().map(|f| f.model.as_str()).collect();
        assert!(models.contains(&"Ost") && models.contains(&"Mur") && !models.contains(&"Lex"), "{models:?}");
    }

    #[test]
    fn the_newest_result_is_dated_by_its_first_paper_and_what_is_still_better_is_named() {
        let (mut evidence, mut metas) = graph();
        // A 2024 paper restating Ost's 31.9: no new result, but the newest paper.
        evidence.results.push(result("Ost", "31.9", "p2024"));
        metas.insert("p2024".into(), meta("Restating Paper", &[2024]));
        let v = newest(&board(), &evidence, &metas, &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("The newest result on D (2023) is Low at 30.5 by BLEU in \"Low: Not Better\" (2023), which no other paper reports; still better:"), "{}", v.reason);
        assert!(v.reason.contains("the newest paper there, \"Restating Paper\" (2024), restates older results: Ost at 31.9 by BLEU, first reported in 2020"), "{}", v.reason);
        assert!(v.reason.contains("no year for \"Ymb: Undated\", which may be newer"), "{}", v.reason);
    }

    #[test]
    fn newer_models_are_those_first_seen_after_the_named_ones_and_the_better_are_told() {
        let (evidence, metas) = graph();
        let mut entities = board();
        entities.methods.push(linked(EntityKind::Method, "Ost"));
        let v = newer("Since Ost's 31.9 on D in 2020, which newer models posted results, and which beat it?", &entities, &evidence, &metas, &|_| Direction::Higher).expect("an account");
        assert!(v.reason.contains("Mur at 34.2") && v.reason.contains("Low at 30.5") && !v.reason.contains("Lex"), "{}", v.reason);
        assert!(v.reason.ends_with("of them, Mur at 34.2 by BLEU, Tid at 33.0 by BLEU beat Ost's 31.9") || v.reason.contains("beat Ost's 31.9"), "{}", v.reason);
        assert!(!v.reason.contains("Low at 30.5 by BLEU beat"), "30.5 does not beat 31.9: {}", v.reason);
    }

    #[test]
    fn a_metric_named_by_a_word_of_the_boards_label_is_read_and_undated_results_have_no_newest() {
        let results = vec![result_by("A", "80.1", "p1", "Top 1 Accuracy"), result_by("B", "81.0", "p2", "Top 1 Accuracy")];
        let metas = [("p1".to_owned(), meta("A: Undated", &[])), ("p2".to_owned(), meta("B: Undated", &[]))].into_iter().collect();
        let mut entities = board();
        entities.metrics.push(linked(EntityKind::Metric, "Accuracy"));
        let v = newest(&entities, &Evidence { results: results.clone(), ..Evidence::default() }, &metas, &|_| Direction::Higher).expect("an account");
        assert!(v.reason.contains("no year for any paper with a result on D"), "{}", v.reason);
        assert_eq!(v.supporting.len() + v.contradicting.len(), 2, "the results recorded are given: {v:?}");
        // One result is the board's newest, whatever its year.
        let v = newest(&entities, &Evidence { results: results[..1].to_vec(), ..Evidence::default() }, &metas, &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("The graph records one result on D, A at 80.1 by Top 1 Accuracy, so it is the newest there"), "{}", v.reason);
    }

    #[test]
    fn the_newest_result_is_the_best_only_when_every_reading_makes_it_the_one_best() {
        use crate::pipeline::trust::verdict::Label;
        let q = "Is the newest result on D also the best?";
        // The standing facts the trust stage would keep (no conflict is clear enough to remove).
        let settings = crate::config::TrustSettings::default();
        let standing = |e: &Evidence, m: &BTreeMap<String, PaperMeta>| crate::pipeline::trust::facts(&crate::pipeline::trust::Trust::new(&settings, 2026, None), e, m);
        let (evidence, metas) = graph();
        // The newest (Low 30.5, 2023) is below Ymb's undated 40.0 and Mur's 34.2.
        let v = newest_is_best(q, &board(), &evidence, &standing(&evidence, &metas), &metas, &|_| Direction::Higher).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("the best now is Ymb at 40.0 by BLEU") && v.reason.contains("no year for \"Ymb: Undated\""), "an undated result still counts as a result: {}", v.reason);
        let mut newest_best = evidence.clone();
        newest_best.results.push(result("New", "45.0", "p2025"));
        let mut metas25 = metas.clone();
        metas25.insert("p2025".into(), meta("New: Best", &[2025]));
        assert_eq!(newest_is_best(q, &board(), &newest_best, &standing(&newest_best, &metas25), &metas25, &|_| Direction::Higher).expect("a verdict").verdict, Label::Supported);
        // Two values for the newest model, one above Ymb's 40.0 and one below: open.
        let mut open = newest_best;
        open.results.push(result("New", "39.0", "p2025b"));
        metas25.insert("p2025b".into(), meta("New Re-run", &[2025]));
        assert_eq!(newest_is_best(q, &board(), &open, &standing(&open, &metas25), &metas25, &|_| Direction::Higher).expect("a verdict").verdict, Label::Uncertain);
        assert!(newest_is_best("What is the best result on D?", &board(), &evidence, &[], &metas, &|_| Direction::Higher).is_none());
        // A named model that another leads under every reading: refuted, with the gap.
        let mut named = board();
        named.methods.push(linked(EntityKind::Method, "Mur"));
        let v = newest_is_best("Mur is the newest model on D and also the best there, isn't it?", &named, &evidence, &standing(&evidence, &metas), &metas, &|_| Direction::Higher).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("Ymb (40.0) leads, 5.8 points ahead of Mur (34.2)"), "{}", v.reason);
    }

    #[test]
    fn a_board_the_question_does_not_name_gets_no_account() {
        let (evidence, metas) = graph();
        assert!(account("which paper first reported a result?", &Normalized::default(), &evidence, &metas, None, &|_| Direction::Higher).is_none());
    }

    #[test]
    fn papers_past_a_value_within_a_decade_are_listed_and_an_undated_one_is_said_not_placed() {
        let entities = Normalized { datasets: vec![linked(EntityKind::Dataset, "D")], ..Normalized::default() };
        let results = vec![result("K", "61.4", "k"), result("M", "55.2", "m"), result("R", "63.0", "r"), result("O", "64.0", "o")];
        let metas: BTreeMap<String, PaperMeta> = [("k", paper("K paper", &[2024])), ("m", paper("M paper", &[2020])), ("r", paper("R paper", &[])), ("o", paper("O paper", &[2016]))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let evidence = Evidence { results, ..Evidence::default() };
        let bound = crate::pipeline::front::extract::threshold("a BLEU of 60 or more").expect("a bound");
        let v = papers_past("Which papers from the 2020s report a BLEU of 60 or more on D?", &entities, &evidence, &metas, &bound).expect("an account");
        assert!(v.reason.starts_with("Papers from 2020–2029 reporting a result of at least 60 on D: \"K paper\" (2024): K at 61.4"), "{}", v.reason);
        assert!(v.reason.contains("\"R paper\" reports R at 63.0 by BLEU, but its paper records no year"), "{}", v.reason);
        assert!(!v.reason.contains("O paper") && v.supporting.iter().all(|f| f.value == "61.4"), "{}", v.reason);
        assert_eq!(decade("in the early 2010s"), Some((2010, 2013)));
    }
}
