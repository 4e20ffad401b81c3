//! Claims about a board's record over time: "X held the record on D in 2014", "X held it
//! from 2013 until 2015", "X took the record from Y", "has the best on D changed since
//! 2016?". Each is read on the board as it stood at the end of every year a result
//! appeared (`Known::history`, [`super::history`]): who led it that year. A reign runs from
//! the first year a model leads to the year another displaced it.
//!
//! What the graph leaves open is read every way it allows, and a claim is decided only
//! when every reading agrees (else `UNCERTAIN`, with what each reading says): a close
//! conflict (a result recorded with two values, both kept) is read with each value, and a
//! paper recorded with two real years with each year (`Known::history` holds one history
//! per reading of the years). A tie at the top is no lead. Pure.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::relations::Known;
use super::verdict::{best, model_of, on_board, uncertain, FactRef, Label, Verdict};
use super::Fact;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("record pattern {pattern}: {e}"))
}

/// "held the record", "held the top spot", "was the record holder".
const HELD: &str = r"(?:held|holds|hold|had|kept|owned)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:record|top spot|top position|lead|best (?:result|score))|was (?:the\s+)?record[- ]holder";
static FROM_UNTIL: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)(?:{HELD})\b.*?\bfrom\s+((?:19|20)\d\d)\s+(?:until|till|to|through)\s+((?:19|20)\d\d)\b")));
static HELD_IN: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)(?:{HELD})\b.*?\b(?:in|as of|at the end of)\s+((?:19|20)\d\d)\b")));
/// "Was X the best on D as of 2017?": the record as it stood then, as "held the record in".
static BEST_AS_OF: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:best|top|sota|leader|leading|number one|state[- ]of[- ]the[- ]art)\b.*?\bas of\s+((?:19|20)\d\d)\b"));
/// "X has held the record ever since its 2020 paper", "X has led D since 2019".
static HELD_SINCE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)(?:{HELD}|(?:has|have)\s+(?:led|topped))\b.*?\b(?:ever\s+)?since\s+(?:its\s+|their\s+|the\s+)?((?:19|20)\d\d)\b"))
});
/// The year of [`HELD_SINCE`], unless nothing is said to have led ("nothing has topped X
/// since 2017" says X has: the best-result claim reads it).
fn held_since(question: &str) -> Option<i32> {
    static NOBODY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:nothing|nobody|no one|no model|no system|none)\s+(?:has|have)\b"));
    if NOBODY.is_match(question) {
        return None;
    }
    HELD_SINCE.captures(question)?.get(1)?.as_str().parse().ok()
}

static TOOK_FROM: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:took|take|takes|grabbed|wrested|snatched|claimed|inherited)\s+(?:the\s+)?(?:[\w-]+\s+){0,6}?(?:record|top spot|lead|crown)\b.*?\bfrom\b"));
static CHANGED_SINCE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:best|record|top|state of the art|sota|leader)\b.*?\b(?:changed|moved|been (?:beaten|broken|improved|bettered))\s+(?:hands\s+)?since\s+((?:19|20)\d\d)\b")
});

/// Whether the claim is about a board's record over time, read here.
pub fn asks(question: &str) -> bool {
    FROM_UNTIL.is_match(question) || held_since(question).is_some() || HELD_IN.is_match(question) || BEST_AS_OF.is_match(question) || TOOK_FROM.is_match(question) || CHANGED_SINCE.is_match(question)
}

/// Whether the claim names a span of years ("from 2013 until 2015"): its "until" is part
/// of the claim, not a time anchor to cut the board at.
pub fn names_a_span(question: &str) -> bool {
    FROM_UNTIL.is_match(question) || span(question).is_some() || progress_since(question).is_some()
}

/// "between 2019 and 2022", "at the end of 2019, and ... at the end of 2022", "as of 2016,
/// and ... as of 2020": the two years
/// of a question about how the record moved over a span, with a word of the record.
static SPAN: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bbetween\s+((?:19|20)\d\d)\s+and\s+((?:19|20)\d\d)\b|\b(?:end|close) of\s+((?:19|20)\d\d)\b.*?\b(?:end|close) of\s+((?:19|20)\d\d)\b|\bas of\s+((?:19|20)\d\d)\b.*?\bas of\s+((?:19|20)\d\d)\b")
});
static RECORD_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:best|record|top|lead|led|leader|held|holds?|sota|state[- ]of[- ]the[- ]art)\b"));

/// The span's first and last year, when the question asks how the record moved over one.
fn span(question: &str) -> Option<(i32, i32)> {
    let c = SPAN.captures(question)?;
    let year = |i: usize| [i, i + 2, i + 4].into_iter().find_map(|g| c.get(g)).and_then(|m| m.as_str().parse::<i32>().ok());
    let (a, b) = (year(1)?, year(2)?);
    (RECORD_WORD.is_match(question) && a < b).then_some((a, b))
}

/// One reading of a board's history: (year, the facts standing at its end), one value per
/// result.
pub(super) type Reading<'a> = Vec<(i32, Vec<&'a Fact>)>;

/// Most readings of one board's close conflicts.
const MAX_READINGS: usize = 64;

/// Every reading of `history` on one board: each result recorded with several standing
/// values is read with each of them (at most [`MAX_READINGS`]).
pub(super) fn readings<'a>(history: &'a [(i32, Vec<Fact>)], board: (&str, &str)) -> Vec<Reading<'a>> {
    let on = |f: &&Fact| f.numeric.is_some() && f.key.1 == board.0 && f.key.2 == board.1;
    // Each result's values over the whole history.
    let mut values: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for f in history.iter().flat_map(|(_, fs)| fs.iter().filter(on)) {
        let v = values.entry(f.key.0.as_str()).or_default();
        if !v.contains(&f.value.as_str()) {
            v.push(&f.value);
        }
    }
    // Only the values that stood together in some year are read apart.
    let conflicted: Vec<&str> = values
        .keys()
        .copied()
        .filter(|m| history.iter().any(|(_, fs)| fs.iter().filter(on).filter(|f| f.key.0 == *m).count() > 1))
        .collect();
    let mut choices: Vec<BTreeMap<&str, &str>> = vec![BTreeMap::new()];
    for m in conflicted {
        let with = |c: BTreeMap<&'a str, &'a str>, v: &'a str| {
            let mut c = c;
            c.insert(m, v);
            c
        };
        choices = choices.into_iter().flat_map(|c| values[m].iter().map(move |v| with(c.clone(), v))).take(MAX_READINGS).collect();
    }
    choices
        .into_iter()
        .map(|choice| {
            history
                .iter()
                .map(|(year, fs)| {
                    let board: Vec<&Fact> = fs.iter().filter(on).collect();
                    // The chosen value where it stood that year; all of them where it did not.
                    let kept = board
                        .iter()
                        .copied()
                        .filter(|f| choice.get(f.key.0.as_str()).is_none_or(|v| f.value == *v || !board.iter().any(|g| g.key.0 == f.key.0 && g.value == *v)))
                        .collect();
                    (*year, kept)
                })
                .collect()
        })
        .collect()
}
/// The one leader of a year's board (its best result, not tied), with its facts.
fn leader<'a>(board: &[&'a Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Vec<&'a Fact>> {
    let top = best(board, direction)?;
    let tied = board.iter().any(|f| f.key.0 != top.key.0 && f.numeric == top.numeric);
    (!tied).then(|| board.iter().copied().filter(|f| f.key.0 == top.key.0 && f.numeric == top.numeric).collect())
}

/// A model's run as leader: from the first year it led to the year another led, if one has.
struct Reign<'a> {
    model: &'a str,
    from: i32,
    until: Option<i32>,
    facts: Vec<&'a Fact>,
    /// The leader that displaced it.
    next: Option<Vec<&'a Fact>>,
}

/// The leader at the end of each year of one reading (`None`: a tie, or nothing yet).
fn timeline<'a>(reading: &Reading<'a>, direction: &dyn Fn(&str) -> Direction) -> Vec<(i32, Option<Vec<&'a Fact>>)> {
    reading.iter().map(|(y, board)| (*y, leader(board, direction))).collect()
}

fn reigns<'a>(timeline: &[(i32, Option<Vec<&'a Fact>>)]) -> Vec<Reign<'a>> {
    let mut out: Vec<Reign<'a>> = Vec::new();
    let mut current: Option<&str> = None;
    for (year, lead) in timeline {
        let model = lead.as_ref().and_then(|l| l.first()).map(|f| f.key.0.as_str());
        if model == current {
            continue;
        }
        if let Some(last) = out.last_mut().filter(|_| current.is_some()) {
            last.until = Some(*year);
            last.next = lead.clone();
        }
        if let (Some(m), Some(facts)) = (model, lead) {
            out.push(Reign { model: m, from: *year, until: None, facts: facts.clone(), next: None });
        }
        current = model;
    }
    out
}

/// The leader at the end of `year`: the last year of the timeline up to it (`None` inside:
/// a tie; `None` outside: no result yet).
fn lead_in<'t, 'a>(timeline: &'t [(i32, Option<Vec<&'a Fact>>)], year: i32) -> Option<&'t Option<Vec<&'a Fact>>> {
    timeline.iter().rev().find(|(y, _)| *y <= year).map(|(_, l)| l)
}

fn refs(facts: &[&Fact]) -> Vec<FactRef> {
    facts.iter().map(|f| FactRef::of(f)).collect()
}

/// "FrostLattice (71.4)".
fn named(facts: &[&Fact]) -> String {
    match facts.first() {
        Some(f) => format!("{} ({})", f.model, facts.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(" / ")),
        None => "nobody".into(),
    }
}

/// One reading's answer: the label, the reason, and the facts it rests on.
pub(super) type Reads = (Label, String, Vec<FactRef>);

/// The boards (dataset, metric) of `facts` the question names.
pub(super) fn named_boards<'a>(facts: &'a [(i32, Vec<Fact>)], entities: &Normalized) -> Vec<(&'a str, &'a str)> {
    let mut boards: Vec<(&str, &str)> = facts.iter().flat_map(|(_, fs)| fs.iter().filter(|f| on_board(f, entities)).map(|f| (f.key.1.as_str(), f.key.2.as_str()))).collect();
    boards.sort_unstable();
    boards.dedup();
    boards
}

/// What several readings say, each reason and fact once, in order.
#[derive(Default)]
pub(super) struct Told {
    pub reasons: Vec<String>,
    pub shown: Vec<FactRef>,
}

impl Told {
    pub fn add(&mut self, reason: String, facts: Vec<FactRef>) {
        if !reason.is_empty() && !self.reasons.contains(&reason) {
            self.reasons.push(reason);
        }
        for f in facts {
            if !self.shown.iter().any(|s| s.statement == f.statement) {
                self.shown.push(f);
            }
        }
    }

    /// The readings' reasons as one: the first, or the readings merged clause by clause
    /// where they say the same thing with other values ([`merge`]), else each in full.
    pub fn reason(&self) -> Option<String> {
        self.reasons.first()?;
        // Reasons about one board ("On D by M, ...") are its readings; other boards' follow.
        let head = |r: &str| if r.starts_with("On ") || r.starts_with("on ") { r.split(',').next().unwrap_or_default().to_owned() } else { String::new() };
        let mut boards: Vec<(String, Vec<String>)> = Vec::new();
        for r in &self.reasons {
            match boards.iter_mut().find(|(h, _)| *h == head(r)) {
                Some((_, rs)) => rs.push(r.clone()),
                None => boards.push((head(r), vec![r.clone()])),
            }
        }
        let said: Vec<String> = boards.iter().map(|(_, rs)| merge(rs).unwrap_or_else(|| rs.join("; or, read another way the graph allows, "))).collect();
        Some(said.join("; "))
    }

    /// As an account (`Verdict::account`).
    pub fn account(self) -> Option<Verdict> {
        Some(Verdict::account(self.reason()?, self.shown))
    }
}

/// Readings that differ only inside clauses, said once: "Tavrosa (86.1) led" and "Tavrosa
/// (85.4) led" become "Tavrosa (86.1 or 85.4) led". Each reading is split into its clauses
/// ("; "), and each clause into words; a clause the readings share is kept, and one they
/// do not is kept with its differing words joined by "or". `None` when there is one
/// reading, or the readings do not have the same clauses in number, so that no reading is
/// cut short.
fn merge(reasons: &[String]) -> Option<String> {
    if reasons.len() < 2 {
        return None;
    }
    let split: Vec<Vec<&str>> = reasons.iter().map(|r| r.split("; ").collect()).collect();
    let n = split[0].len();
    if split.iter().any(|c| c.len() != n) {
        return None;
    }
    // Readings of one board open alike ("On D by M,"); reasons about other boards are not
    // readings of each other, and are never merged.
    let head = |r: &str| if r.starts_with("On ") || r.starts_with("on ") { r.split(',').next().unwrap_or_default().to_owned() } else { String::new() };
    if reasons.iter().any(|r| head(r) != head(&reasons[0])) {
        return None;
    }
    let (mut differ, mut whole) = (false, true);
    let clauses: Vec<String> = (0..n)
        .map(|i| {
            let words: Vec<Vec<&str>> = split.iter().map(|c| c[i].split(' ').collect()).collect();
            if words.iter().all(|w| *w == words[0]) {
                return words[0].join(" ");
            }
            differ = true;
            let shortest = words.iter().map(Vec::len).min().unwrap_or(0);
            let head = (0..shortest).take_while(|&k| words.iter().all(|w| w[k] == words[0][k])).count();
            let tail = (0..shortest - head).take_while(|&k| words.iter().all(|w| w[w.len() - 1 - k] == words[0][words[0].len() - 1 - k])).count();
            let mut middles: Vec<String> = Vec::new();
            for w in &words {
                let m = w[head..w.len() - tail].join(" ");
                if !middles.contains(&m) {
                    middles.push(m);
                }
            }
            // A reading whose clause only lacks words is not merged: "or" needs two things.
            // Nor are whole phrases ("A leads B" against "B leads A"): each reading is said
            // in full instead.
            whole &= middles.iter().all(|m| !m.is_empty() && m.split(' ').count() <= 2);
            // "(86.1)" and "(85.4)" read as "(86.1 or 85.4)".
            let bracketed = middles.iter().all(|m| m.len() > 2 && m.starts_with('(') && m.ends_with(')') && m[1..m.len() - 1].find([')', '(']).is_none());
            let middle = if bracketed {
                format!("({})", middles.iter().map(|m| &m[1..m.len() - 1]).collect::<Vec<_>>().join(" or "))
            } else {
                middles.join(" or ")
            };
            let mut out: Vec<&str> = words[0][..head].to_vec();
            out.push(&middle);
            out.extend(&words[0][words[0].len() - tail..]);
            out.retain(|w| !w.is_empty());
            out.join(" ")
        })
        .collect();
    (differ && whole).then(|| format!("{} (where a value is given two ways, papers disagree on it and the graph allows each)", clauses.join("; ")))
}

/// Many readings' outcomes as one verdict: the label they agree on, else `UNCERTAIN`; what
/// each reading says is shown, agreeing or not.
pub(super) fn agreed(read: Vec<Reads>) -> Option<Verdict> {
    let label = read.first()?.0;
    let agree = read.iter().all(|r| r.0 == label);
    let mut told = Told::default();
    for (_, reason, facts) in read {
        told.add(reason, facts);
    }
    if !agree {
        return Some(uncertain("best", format!("the graph leaves it open: {}", told.reasons.join("; or ")), vec![], told.shown));
    }
    let reason = told.reason()?;
    let (supporting, contradicting) = if label == Label::Supported { (told.shown, vec![]) } else { (vec![], told.shown) };
    Some(Verdict { verdict: label, relation: "best".into(), reason, supporting, contradicting })
}

/// Judges a claim about the board's record over time; `None` when the claim is not one,
/// or no history was built for it.
pub fn judge(question: &str, entities: &Normalized, known: &Known, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let main = known.history.first()?;
    if !asks(question) {
        return None;
    }
    // Every reading of every history (the years) and of every close conflict (the values).
    let mut read: Vec<Reads> = Vec::new();
    for board in named_boards(main, entities) {
        for history in &known.history {
            for reading in readings(history, board) {
                read.extend(on_reading(question, entities, &reading, direction));
            }
        }
    }
    let mut v = agreed(read)?;
    // Left open by a paper's two years: which paper, and its years, said.
    if v.verdict == Label::Uncertain {
        if let Some(years) = two_years(known) {
            v.reason.push_str(&format!(" ({years})"));
        }
    }
    Some(v)
}

/// The papers on the histories' boards recorded with two real years, with their years:
/// "the graph records "Tidewick: ..." with 2017 and 2019".
pub(super) fn two_years(known: &Known) -> Option<String> {
    let mut told: Vec<String> = Vec::new();
    for paper in known.history.iter().flatten().flat_map(|(_, facts)| facts).flat_map(|f| &f.papers) {
        let Some(years) = known.disputed_years.get(&paper.iri) else { continue };
        let said = format!("the graph records \"{}\" with {}", paper.title, years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and "));
        if !told.contains(&said) {
            told.push(said);
        }
    }
    (!told.is_empty()).then(|| told.join("; "))
}

fn on_reading(question: &str, entities: &Normalized, reading: &Reading<'_>, direction: &dyn Fn(&str) -> Direction) -> Option<Reads> {
    let board = reading.iter().rev().flat_map(|(_, fs)| fs.first()).next().map(|f| format!("{} by {}", f.dataset, f.metric))?;
    let timeline = timeline(reading, direction);
    let reigns = reigns(&timeline);
    let is = |e: &NormalizedEntity, key: &str| -> bool { reading.iter().flat_map(|(_, fs)| fs).any(|f| f.key.0 == key && model_of(e, &f.key.0, &f.model)) };
    let leads = |e: &NormalizedEntity, year: i32| -> Option<bool> {
        // Some(true): e led; Some(false): another did, or nobody had a result yet; None: a tie.
        match lead_in(&timeline, year) {
            None => Some(false),
            Some(None) => None,
            Some(Some(l)) => Some(l.first().is_some_and(|f| is(e, &f.key.0))),
        }
    };
    let (now_year, now) = timeline.last().map(|(y, l)| (*y, l.clone().unwrap_or_default()))?;
    let told = |r: &Reign<'_>| match (r.until, &r.next) {
        (Some(u), Some(next)) => format!("{} led {board} from {} until {u}, when {} took the lead", named(&r.facts), r.from, named(next)),
        (Some(u), None) => format!("{} led {board} from {} until {u}, when another result tied it", named(&r.facts), r.from),
        (None, _) => format!("{} has led {board} since {}", named(&r.facts), r.from),
    };
    let shown = |r: &Reign<'_>| [refs(&r.facts), r.next.as_deref().map(refs).unwrap_or_default()].concat();
    // X never led: who did when X's first result appeared, else who leads now.
    let never = |x: &NormalizedEntity| -> Reads {
        let appeared = reading.iter().find(|(_, fs)| fs.iter().any(|f| model_of(x, &f.key.0, &f.model))).map(|(y, _)| *y);
        match appeared.and_then(|y| Some((y, lead_in(&timeline, y)?.as_ref()?))) {
            Some((y, l)) => (Label::Refuted, format!("{} never led {board}: when its result appeared ({y}), {} led", x.canonical, named(l)), refs(l)),
            None => (Label::Refuted, format!("{} never led {board}; {} leads it now", x.canonical, named(&now)), refs(&now)),
        }
    };

    // "Has the best on D changed since 2016?": the leader then against the leader now.
    if let Some(c) = CHANGED_SINCE.captures(question) {
        let year: i32 = c[1].parse().ok()?;
        let then = match lead_in(&timeline, year) {
            None => return Some((Label::Uncertain, format!("the graph records no result on {board} by {year}"), refs(&now))),
            Some(None) => return Some((Label::Uncertain, format!("no single model led {board} in {year}"), refs(&now))),
            Some(Some(l)) => l,
        };
        if now.is_empty() {
            return Some((Label::Uncertain, format!("no single model leads {board} now"), refs(then)));
        }
        return Some(if then[0].key.0 == now[0].key.0 {
            (Label::Refuted, format!("{} led {board} in {year} and still leads it", named(&now)), refs(&now))
        } else {
            (Label::Supported, format!("{} led {board} in {year}; {} leads it now ({now_year})", named(then), named(&now)), [refs(then), refs(&now)].concat())
        });
    }
    let first_named = entities.methods.first()?;

    // "Y took the record from X": the reign before Y's first.
    if TOOK_FROM.is_match(question) {
        // The model named after "from" lost the record; the other took it.
        // Where each name last stands in the question, as a word.
        let at = |e: &NormalizedEntity| Regex::new(&format!(r"(?i)\b{}\b", regex::escape(&e.text))).ok().and_then(|r| r.find_iter(question).last()).map_or(0, |m| m.start());
        let [a, b, ..] = entities.methods.as_slice() else { return None };
        let (x, from) = if at(a) > at(b) { (b, a) } else { (a, b) };
        let Some(i) = reigns.iter().position(|r| is(x, r.model)) else {
            return Some(never(x));
        };
        let took = &reigns[i];
        // The year before, the top must have been someone's, not tied.
        if lead_in(&timeline, took.from - 1).is_some_and(|l| l.is_none()) {
            return Some((Label::Uncertain, format!("no single model led {board} just before {} took the lead in {}", x.canonical, took.from), refs(&took.facts)));
        }
        return Some(match i.checked_sub(1).map(|j| &reigns[j]).filter(|b| b.until == Some(took.from)) {
            Some(b) if is(from, b.model) => (Label::Supported, format!("{} took the lead on {board} in {} from {}", named(&took.facts), took.from, named(&b.facts)), [refs(&took.facts), refs(&b.facts)].concat()),
            Some(b) => (Label::Refuted, format!("{} took the lead on {board} in {} from {}, not from {}", named(&took.facts), took.from, named(&b.facts), from.canonical), [refs(&b.facts), refs(&took.facts)].concat()),
            None => (Label::Refuted, format!("{} was the first to lead {board} ({}); it took the record from nobody", named(&took.facts), took.from), refs(&took.facts)),
        });
    }
    let x = first_named;
    let mine: Vec<&Reign<'_>> = reigns.iter().filter(|r| is(x, r.model)).collect();

    // "X held the record from 2013 until 2015": X led from the first year to the last, not
    // the year before, and another led in the last.
    if let Some(c) = FROM_UNTIL.captures(question) {
        let (from, until): (i32, i32) = (c[1].parse().ok()?, c[2].parse().ok()?);
        if mine.is_empty() {
            // And who led the year the claim starts its span.
            let (label, mut reason, mut facts) = never(x);
            if let Some(Some(l)) = lead_in(&timeline, from) {
                reason.push_str(&format!("; in {from}, {} led", named(l)));
                facts.extend(refs(l));
            }
            return Some((label, reason, facts));
        }
        let mut years: Vec<i32> = timeline.iter().map(|(y, _)| *y).filter(|y| (from..until).contains(y)).collect();
        years.push(from);
        let conditions: Vec<Option<bool>> = years
            .iter()
            .map(|&y| leads(x, y))
            .chain([leads(x, from - 1).map(|l| !l), leads(x, until).map(|l| !l)])
            .collect();
        let reason = mine.iter().map(|r| told(r)).collect::<Vec<_>>().join("; ");
        let facts: Vec<FactRef> = mine.iter().flat_map(|r| shown(r)).collect();
        return Some(if conditions.contains(&Some(false)) {
            (Label::Refuted, reason, facts)
        } else if conditions.contains(&None) {
            (Label::Uncertain, format!("{reason}; no single model led it in some year of the span"), facts)
        } else {
            (Label::Supported, reason, facts)
        });
    }

    // "X has held the record ever since 2020": X led at the end of 2020 and of every year
    // since, and leads now.
    if let Some(since) = held_since(question) {
        if mine.is_empty() {
            return Some(never(x));
        }
        let mut years: Vec<i32> = timeline.iter().map(|(y, _)| *y).filter(|y| *y > since).collect();
        years.push(since);
        let conditions: Vec<Option<bool>> = years.iter().map(|&y| leads(x, y)).collect();
        let mut reason = mine.iter().map(|r| told(r)).collect::<Vec<_>>().join("; ");
        let mut facts: Vec<FactRef> = mine.iter().flat_map(|r| shown(r)).collect();
        if !now.is_empty() && !is(x, &now[0].key.0) {
            reason.push_str(&format!("; {} leads it now", named(&now)));
            facts.extend(refs(&now));
        }
        return Some(if conditions.contains(&Some(false)) {
            (Label::Refuted, reason, facts)
        } else if conditions.contains(&None) {
            (Label::Uncertain, format!("{reason}; no single model led it in some year since {since}"), facts)
        } else {
            (Label::Supported, reason, facts)
        });
    }

    // "Was X in the top two on D as of 2018?": X's place on the board as it stood at the end
    // of 2018, not whether it led.
    if let (Some(n), Some(c)) = (super::qualifiers::top_n(question), HELD_IN.captures(question).or_else(|| BEST_AS_OF.captures(question))) {
        let year: i32 = c[1].parse().ok()?;
        let Some(then) = reading.iter().rev().find(|(y, _)| *y <= year).and_then(|(_, fs)| super::standing::Board::of(fs.clone(), direction)) else {
            return Some((Label::Refuted, format!("the graph records no result on {board} by {year}"), vec![]));
        };
        let (label, reason, shown) = super::standing::top_on(&then, x, n);
        return Some((label, format!("{reason}, as the board stood at the end of {year}"), shown));
    }
    // "X held the record in 2014": who led at the end of 2014.
    if let Some(c) = HELD_IN.captures(question).or_else(|| BEST_AS_OF.captures(question)) {
        let year: i32 = c[1].parse().ok()?;
        return Some(match lead_in(&timeline, year) {
            None => (Label::Uncertain, format!("the graph records no result on {board} by {year}"), vec![]),
            Some(None) => (Label::Uncertain, format!("no single model led {board} in {year}"), vec![]),
            Some(Some(l)) if is(x, &l[0].key.0) => (Label::Supported, format!("{} led {board} in {year}", named(l)), refs(l)),
            Some(Some(l)) => (Label::Refuted, format!("{} led {board} in {year}, not {}", named(l), x.canonical), refs(l)),
        });
    }
    None
}

/// "How much did X improve on the previous best on D?"
static IMPROVED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bimprove(?:d|ment|s)?\b[^?]{0,60}?\b(?:on|over|upon)\s+the\s+(?:previous|prior|old|earlier|last)\s+(?:best|record|state[- ]of[- ]the[- ]art|sota|leader)\b|\bhow much did\b[^?]*\b(?:beat|improve|raise|lower|better)\b[^?]*\bprevious\b|\bhow much did\b[^?]{0,40}\b(?:add|add to|raise|improve|lift|push)\b[^?]{0,10}\bthe\s+(?:[\w-]+\s+){0,4}(?:best|record|top|state of the art|sota)\b|\bimprovement\b[^?]{0,40}\bover\s+the\s+(?:previous\s+|prior\s+)?(?:state[- ]of[- ]the[- ]art|sota|best|record)\b|\bhow much did\b[^?]{0,30}\b(?:improve|beat|better|cut|lower|raise)\b[^?]{0,15}\b(?:on|over|upon)\s+(?:that|it|them|this)\b")
});
/// "Which models have held the record on D?"
/// "How much has the record on D improved since 2019 in total?", "how far has the best WER
/// come down since 2020?"
/// The year a question about progress counts from: "how much has the record improved since
/// 2019?", "I stopped following T at the end of 2019. What has changed since then?".
fn progress_since(question: &str) -> Option<i32> {
    static CHANGED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bwhat(?:\s+has|'s|\s+have)\s+(?:changed|moved|happened|improved)\b[^?]{0,20}\bsince\b"));
    static YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"\b((?:19|20)\d\d)\b"));
    if let Some(c) = PROGRESS.captures(question) {
        return c[1].parse().ok();
    }
    // The year is said before, as the time the asker stopped following.
    let years: Vec<i32> = YEAR.captures_iter(question).filter_map(|c| c[1].parse().ok()).collect();
    match years.as_slice() {
        [one] if CHANGED.is_match(question) => Some(*one),
        _ => None,
    }
}

static PROGRESS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bhow\s+(?:much|far)\s+(?:has|have|did)\b[^?]{0,60}\b(?:improved|improve|come down|gone down|gone up|risen|rise|fallen|fall|dropped|moved|advanced|progressed|changed|grown)\b[^?]{0,30}\bsince\s+((?:19|20)\d\d)\b")
});
/// "Which models on D have never held the top spot?"
static NEVER_LED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:models?|systems?|methods?|entries)\b[^?]{0,40}\b(?:never|not ever|not once)\s+(?:held|led|topped|been|taken|reached|had)\b")
});
static HOLDERS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|how\s+many)\s+(?:[\w-]+\s+){0,3}?(?:models?|systems?|methods?)\s+(?:have|has|had)\s+(?:ever\s+)?(?:held|led|topped)\b|\brecord[- ]holders\b"));
/// "Which model took the D record from X?", "who held the record on D after X?": the
/// model that displaced X.
static SUCCESSOR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:who|which\s+(?:model|system|method|one)|what\s+(?:model|system|method))\b[^?]{0,40}?\b(?:(?:took|grabbed|claimed|wrested|snatched)\s+(?:the\s+)?(?:[\w.+-]+\s+){0,6}?(?:record|lead|top spot|crown)\s+(?:(?:on|for|in)\s+(?:the\s+)?(?:[\w.+-]+\s+){0,5}?)?from|(?:held|led|topped)\s+(?:the\s+)?(?:[\w.+-]+\s+){0,6}?(?:record|lead|board)?\s*(?:on\s+(?:the\s+)?(?:[\w.+-]+\s+){0,5}?)?after|succeeded|replaced|dethroned|displaced)\s")
});
/// "How many different systems have held the lowest WER on D?": the holders, counted.
static HOW_MANY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bhow\s+many\b"));
/// "What hasn't been beaten on D since 2017?": the record now, and whether it has stood
/// since that year.
static UNBEATEN_SINCE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:what|which)\b[^?]{0,40}\b(?:hasn['’]t|has not|haven['’]t|have not)\s+been\s+(?:beaten|bettered|surpassed|topped|improved on|broken|overtaken)\b[^?]{0,60}?\bsince\s+((?:19|20)\d\d)\b")
});
/// "Since when has X held the record on D?"
static SINCE_WHEN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bsince when\b|\bhow long has\b[^?]*\b(?:held|led|been the best|topped)\b"));

/// Whether a question (not a claim) asks about the record over time, answered by
/// [`account`].
pub fn asks_account(question: &str) -> bool {
    SUCCESSOR.is_match(question) || IMPROVED.is_match(question) || HOLDERS.is_match(question) || NEVER_LED.is_match(question) || UNBEATEN_SINCE.is_match(question) || progress_since(question).is_some() || SINCE_WHEN.is_match(question) || span(question).is_some()
}

/// The answer to a question about the record over time, year by year under every reading
/// the graph allows (what each reading says, once each): the record holders in order,
/// since when the holder has held it, by how much a model improved on the best before it.
/// Carried like a verdict (`Verdict::account`: its facts are the answer's items and are
/// cited) but reported as none. `None` when the question is not one, or no history was
/// built.
/// `now`: today's standing facts, whose best the record's history cannot place when its
/// paper records no year ("since when" cannot be told then, and is said so).
pub fn account(question: &str, entities: &Normalized, known: &Known, now: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    if !asks_account(question) {
        return None;
    }
    // A span of years on a board whose results the graph dates none of: the record's moves
    // cannot be told, and the board's best now is no answer to it.
    let untold = |(first, last): (i32, i32)| {
        let board = entities.datasets.first().map_or("the board".to_owned(), |d| d.canonical.clone());
        Verdict::account(format!("The graph records no year for the papers with results on {board}, so who led it at the end of {first} and of {last} cannot be told"), Vec::new())
    };
    let Some(main) = known.history.first() else { return span(question).map(untold) };
    let mut told = Told::default();
    for board in named_boards(main, entities) {
        for history in &known.history {
            for reading in readings(history, board) {
                if let Some((reason, facts)) = tell(question, entities, &reading, now, direction) {
                    told.add(reason, facts);
                }
            }
        }
    }
    told.account().or_else(|| span(question).map(untold))
}

/// How much `x` improved on the record before it, under every reading of every history
/// of the boards the claim names: (the margin, the record it was taken from, what was
/// taken from whom, the facts). A reading where X never led, or led the first result
/// there, gives no margin.
pub(super) fn improvements(x: &NormalizedEntity, entities: &Normalized, known: &Known, direction: &dyn Fn(&str) -> Direction) -> Vec<(f64, f64, String, Vec<FactRef>)> {
    let mut out = Vec::new();
    let Some(main) = known.history.first() else { return out };
    for board in named_boards(main, entities) {
        for history in &known.history {
            for reading in readings(history, board) {
                let timeline = timeline(&reading, direction);
                let reigns = reigns(&timeline);
                let Some(took) = reigns.iter().find(|r| reading.iter().flat_map(|(_, fs)| fs).any(|f| f.key.0 == r.model && model_of(x, &f.key.0, &f.model))) else { continue };
                let Some(Some(prev)) = lead_in(&timeline, took.from - 1) else { continue };
                let (Some(a), Some(b)) = (took.facts[0].numeric, prev[0].numeric) else { continue };
                let said = format!("{} took the record in {} from {}, {:.1} points better", named(&took.facts), took.from, named(prev), (a - b).abs());
                out.push(((a - b).abs(), b, said, [refs(&took.facts), refs(prev)].concat()));
            }
        }
    }
    out
}

/// One reading's account, with the facts it rests on.
fn tell(question: &str, entities: &Normalized, reading: &Reading<'_>, now: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<(String, Vec<FactRef>)> {
    let board = reading.iter().rev().flat_map(|(_, fs)| fs.first()).next().map(|f| format!("{} by {}", f.dataset, f.metric))?;
    let timeline = timeline(reading, direction);
    let reigns = reigns(&timeline);
    let is = |e: &NormalizedEntity, key: &str| -> bool { reading.iter().flat_map(|(_, fs)| fs).any(|f| f.key.0 == key && model_of(e, &f.key.0, &f.model)) };
    if let Some((first, last)) = span(question) {
        // The leader at the end of each year, and every change of hands between them.
        let at = |y: i32| -> (String, Vec<FactRef>) {
            match lead_in(&timeline, y) {
                Some(Some(l)) => (format!("at the end of {y}, {} led", named(l)), refs(l)),
                Some(None) => (format!("at the end of {y}, no single model led"), vec![]),
                None => (format!("at the end of {y}, the graph dates no result there yet"), vec![]),
            }
        };
        let (start, mut facts) = at(first);
        let (end, end_facts) = at(last);
        let moves: Vec<String> = reigns
            .iter()
            .filter(|r| r.from > first && r.from <= last)
            .map(|r| {
                let from = match lead_in(&timeline, r.from - 1) {
                    Some(Some(prev)) => {
                        facts.extend(refs(prev));
                        format!(" from {}", named(prev))
                    }
                    _ => String::new(),
                };
                facts.extend(refs(&r.facts));
                format!("{} took it{from} in {}", named(&r.facts), r.from)
            })
            .collect();
        let moved = if moves.is_empty() { "the lead did not change hands".to_owned() } else { moves.join(", then ") };
        facts.extend(end_facts);
        let mut seen = Vec::new();
        facts.retain(|f| if seen.contains(&f.statement) { false } else { seen.push(f.statement.clone()); true });
        return Some((format!("On {board}, {start}; between {first} and {last}, {moved}; {end}"), facts));
    }
    // "Which model took the D record from X?": the reign after each of X's.
    if SUCCESSOR.is_match(question) {
        let x = entities.methods.first()?;
        let mine: Vec<&Reign<'_>> = reigns.iter().filter(|r| is(x, r.model)).collect();
        if mine.is_empty() {
            return Some((format!("{} never held the record on {board}", x.canonical), vec![]));
        }
        let said: Vec<(String, Vec<FactRef>)> = mine
            .iter()
            .map(|r| match (&r.next, r.until) {
                (Some(next), Some(year)) => (format!("{} took the record on {board} from {} in {year}", named(next), named(&r.facts)), [refs(next), refs(&r.facts)].concat()),
                _ => (format!("{} still holds the record on {board}: no model has taken it", named(&r.facts)), refs(&r.facts)),
            })
            .collect();
        let reason = said.iter().map(|(r, _)| r.clone()).collect::<Vec<_>>().join("; ");
        return Some((reason, said.into_iter().flat_map(|(_, f)| f).collect()));
    }
    if let Some(since) = progress_since(question) {
        // The best at the end of the year against the best now.
        let then = match lead_in(&timeline, since) {
            Some(Some(l)) => l,
            Some(None) => return Some((format!("At the end of {since}, no single model led {board}, so the progress since cannot be told as one number"), vec![])),
            None => return Some((format!("The graph dates no result on {board} by the end of {since}"), vec![])),
        };
        let Some((_, Some(now))) = timeline.last() else { return Some((format!("No single model leads {board} now, so the progress since {since} cannot be told as one number"), refs(then))) };
        let (Some(a), Some(b)) = (now[0].numeric, then[0].numeric) else { return None };
        let moved = if now[0].key.0 == then[0].key.0 && a == b { "it has not changed".to_owned() } else { format!("{:.1} points better", (a - b).abs()) };
        return Some((format!("On {board}, the best at the end of {since} was {}; now it is {}: {moved}", named(then), named(now)), [refs(then), refs(now)].concat()));
    }
    if NEVER_LED.is_match(question) {
        // Every model with a dated result there, with the year it first appeared: those in
        // no reign never led. A paper with two years gives two readings, each told.
        let mut seen: Vec<(&str, &Fact, i32)> = Vec::new();
        for (year, fs) in reading {
            for f in fs {
                if !seen.iter().any(|(m, _, _)| *m == f.key.0) {
                    seen.push((&f.key.0, f, *year));
                }
            }
        }
        let (led, never): (Vec<_>, Vec<_>) = seen.iter().partition(|(m, _, _)| reigns.iter().any(|r| r.model == *m));
        let list = |v: &[&(&str, &Fact, i32)], what: &str| v.iter().map(|(_, f, y)| format!("{} ({}, {what} {y})", f.model, f.value)).collect::<Vec<_>>().join(", ");
        if never.is_empty() {
            return Some((format!("Every model with a dated result on {board} has led it at some time: {}", list(&led, "led from")), vec![]));
        }
        let first = |m: &str| reigns.iter().find(|r| r.model == m).map_or(0, |r| r.from);
        let led_list = led.iter().map(|(m, f, _)| format!("{} (from {})", f.model, first(m))).collect::<Vec<_>>().join(", ");
        let facts: Vec<&Fact> = never.iter().map(|(_, f, _)| *f).collect();
        return Some((format!("On {board}, the models that have never led: {}; the ones that led at some time: {led_list}", list(&never, "first reported")), refs(&facts)));
    }
    if HOLDERS.is_match(question) {
        if reigns.is_empty() {
            return Some((format!("No single model has led {board} in any year the graph dates"), vec![]));
        }
        let list = reigns.iter().map(|r| format!("{} (from {})", r.facts[0].model, r.from)).collect::<Vec<_>>().join(", ");
        let facts = reigns.iter().flat_map(|r| refs(&r.facts)).collect();
        if HOW_MANY.is_match(question) {
            // A model that lost the lead and took it back is one holder, counted once.
            let mut holders: Vec<&str> = reigns.iter().map(|r| r.model).collect();
            holders.sort_unstable();
            holders.dedup();
            let n = holders.len();
            return Some((format!("{n} {} led {board}, in order: {list}", if n == 1 { "model has" } else { "models have" }), facts));
        }
        return Some((format!("The models that have led {board}, in order: {list}"), facts));
    }
    if let Some(year) = UNBEATEN_SINCE.captures(question).and_then(|c| c[1].parse::<i32>().ok()) {
        let Some(holder) = reigns.last().filter(|r| r.until.is_none()) else {
            return Some((format!("No single model leads {board} now"), vec![]));
        };
        let said = if holder.from <= year {
            format!("On {board}, {} has held the record since {}, unbeaten since {year}", named(&holder.facts), holder.from)
        } else {
            format!("On {board}, nothing has stood unbeaten since {year}: {} took the record in {}", named(&holder.facts), holder.from)
        };
        return Some((said, refs(&holder.facts)));
    }
    if SINCE_WHEN.is_match(question) {
        let Some(holder) = reigns.last().filter(|r| r.until.is_none()) else {
            return Some((format!("No single model leads {board} now"), vec![]));
        };
        // Today's best may be a result whose paper records no year: it leads, but since
        // when cannot be told, and the history's holder is only the best dated result.
        let better = |a: f64, b: f64| if direction(&holder.facts[0].metric) == Direction::Lower { a < b } else { a > b };
        let undated_top = now
            .iter()
            .filter(|f| f.year.is_none() && format!("{} by {}", f.dataset, f.metric) == board)
            .filter(|f| f.numeric.zip(holder.facts[0].numeric).is_some_and(|(a, b)| better(a, b)))
            .fold(None::<&Fact>, |best, f| match best {
                Some(b) if !f.numeric.zip(b.numeric).is_some_and(|(x, y)| better(x, y)) => Some(b),
                _ => Some(f),
            });
        if let Some(top) = undated_top {
            return Some((
                format!("{} is the best on {board} now, but its paper records no year, so since when it has led cannot be told; the best dated result, {}, has led since {}", named(&[top]), named(&holder.facts), holder.from),
                [refs(&[top]), refs(&holder.facts)].concat(),
            ));
        }
        let now = format!("{} has held the record on {board} since {}", named(&holder.facts), holder.from);
        let Some(x) = entities.methods.first().filter(|x| !is(x, holder.model)) else { return Some((now, refs(&holder.facts))) };
        // A former holder's value is not given: it is not the record now.
        let before = reigns.iter().filter(|r| is(x, r.model)).map(|r| format!("from {} until {}", r.from, r.until.unwrap_or(r.from))).collect::<Vec<_>>();
        let premise = if before.is_empty() { format!("{} has never held it", x.canonical) } else { format!("{} no longer holds it (it led {})", x.canonical, before.join(" and ")) };
        return Some((format!("{premise}; {now}"), refs(&holder.facts)));
    }
    if IMPROVED.is_match(question) {
        // "Among the record-setters, which improved least over the previous record?": no
        // model named, the smallest (or largest) step over the best before it.
        static LEAST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:least|smallest|tiniest|narrowest)\b"));
        static MOST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:most|largest|biggest|greatest|widest)\b"));
        if entities.methods.is_empty() && (LEAST.is_match(question) != MOST.is_match(question)) {
            let value = |f: &Fact| f.numeric.unwrap_or(f64::NAN);
            let steps: Vec<(f64, &Reign<'_>, &Vec<&Fact>)> = reigns
                .iter()
                .filter_map(|r| match lead_in(&timeline, r.from - 1) {
                    Some(Some(prev)) => Some(((value(r.facts[0]) - value(prev[0])).abs(), r, prev)),
                    _ => None,
                })
                .collect();
            let least = LEAST.is_match(question);
            let pick = steps.iter().filter(|s| !s.0.is_nan()).min_by(|a, b| if least { a.0.total_cmp(&b.0) } else { b.0.total_cmp(&a.0) });
            return Some(match pick {
                Some((margin, took, prev)) => (
                    format!("Of the models that took the lead on {board}, {} improved {} on the previous best: {margin:.1} points over {}, in {}", named(&took.facts), if least { "least" } else { "most" }, named(prev), took.from),
                    [refs(prev), refs(&took.facts)].concat(),
                ),
                None => (format!("No model took the lead on {board} from an earlier best the graph dates, so no improvement on a previous best can be told"), vec![]),
            });
        }
        let x = entities.methods.first()?;
        let Some(took) = reigns.iter().find(|r| is(x, r.model)) else {
            let appeared = reading.iter().find(|(_, fs)| fs.iter().any(|f| model_of(x, &f.key.0, &f.model))).map(|(y, _)| *y);
            return Some(match appeared.and_then(|y| Some((y, lead_in(&timeline, y)?.as_ref()?))) {
                Some((y, l)) => (format!("{} never led {board}, so it did not improve on the best: when its result appeared ({y}), {} led", x.canonical, named(l)), refs(l)),
                None => (format!("The graph records no dated result of {} on {board}, so the best before it cannot be told", x.canonical), vec![]),
            });
        };
        let value = |f: &Fact| f.numeric.unwrap_or(f64::NAN);
        return Some(match lead_in(&timeline, took.from - 1) {
            Some(Some(prev)) => {
                let margin = (value(took.facts[0]) - value(prev[0])).abs();
                // The best before first: what "who held it before X, and by how much did X
                // improve?" asks first.
                (format!("{} took the lead on {board} in {}, {margin:.1} points over the previous best, {}", named(&took.facts), took.from, named(prev)), [refs(prev), refs(&took.facts)].concat())
            }
            Some(None) => (format!("{} took the lead on {board} in {}, when no single model led it before", named(&took.facts), took.from), refs(&took.facts)),
            None => (format!("{} was the first result on {board} ({}): there was no previous best", named(&took.facts), took.from), refs(&took.facts)),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(model: &str, value: f64) -> Fact {
        crate::pipeline::trust::fixtures::fact(model, "D", "F1", value)
    }

    #[test]
    fn how_many_models_have_held_a_record_counts_a_model_that_took_it_back_once() {
        let (a, b, a2) = (scored("A", 80.0), scored("B", 82.0), scored("A", 85.0));
        let reading: Reading<'_> = vec![(2014, vec![&a]), (2017, vec![&a, &b]), (2019, vec![&a2, &b])];
        let higher = |_: &str| Direction::Higher;
        let (said, _) = tell("Over the years, how many different systems have held the best F1 on D?", &Normalized::default(), &reading, &[], &higher).expect("an account");
        assert!(said.starts_with("2 models have led D by F1, in order: A (from 2014), B (from 2017), A (from 2019)"), "{said}");
        let (said, _) = tell("Which models have held the best F1 on D?", &Normalized::default(), &reading, &[], &higher).expect("an account");
        assert!(said.starts_with("The models that have led D by F1, in order:"), "{said}");
    }

    #[test]
    fn a_span_of_years_is_read_from_between_and_from_two_year_ends() {
        assert_eq!(span("between 2019 and 2022, who took the BenchMira record from whom?"), Some((2019, 2022)));
        assert_eq!(span("Who held the best F1 on D at the end of 2019, and who held it at the end of 2022?"), Some((2019, 2022)));
        assert_eq!(span("How many papers appeared between 2019 and 2022?"), None, "no word of the record");
        assert_eq!(span("Who led D on Mean IoU as of 2016, and who was ahead as of 2020?"), Some((2016, 2020)));
    }

    #[test]
    fn readings_that_differ_only_in_a_value_are_said_once_with_both_values() {
        let a = "On D by Accuracy, at the end of 2019, P (84.7) led; between 2019 and 2022, T (86.1) took it from P (84.7) in 2020; at the end of 2022, T (86.1) led".to_owned();
        let b = a.replace("86.1", "85.4");
        let merged = merge(&[a.clone(), b]).expect("same clauses");
        assert!(merged.starts_with("On D by Accuracy, at the end of 2019, P (84.7) led; between 2019 and 2022, T (86.1 or 85.4) took it from P (84.7) in 2020; at the end of 2022, T (86.1 or 85.4) led"), "{merged}");
        assert_eq!(merged.matches("On D").count(), 1, "{merged}");
        assert_eq!(merge(std::slice::from_ref(&a)), None, "one reading needs no merging");
        let swapped = "On D by WER, A (6.8) leads the next one down, B (7.2), by 0.4 points".to_owned();
        assert_eq!(merge(&[swapped, "On D by WER, B (7.2) leads the next one down, A (7.9), by 0.7 points".into()]), None, "who leads differs: both readings in full");
        assert_eq!(merge(&[a.clone(), "Another account entirely".into()]), None, "other clauses are said in full");
        assert_eq!(merge(&[a.clone(), a.replace("On D by Accuracy", "On E by Accuracy")]), None, "another board's account is no reading of this one");
        let told = Told { reasons: vec![a.clone(), a.replace("On D by Accuracy", "On E by Accuracy")], shown: vec![] };
        assert!(!told.reason().unwrap_or_default().contains("read another way"), "two boards are two accounts, not two readings");
        assert!(asks_account("Between 2018 and 2021, who brought the best WER on D down?") && names_a_span("between 2018 and 2021, the best"));
        assert!(asks_account("which BenchMira models have never held the top spot, at any point?"), "a board named between \"which\" and \"models\"");
        assert_eq!(UNBEATEN_SINCE.captures("what hasn't been beaten on Corvalla-Ice since 2017?").map(|c| c[1].to_owned()).as_deref(), Some("2017"));
        assert!(!asks_account("what has been beaten on D since 2017?"));
    }

    #[test]
    fn a_span_on_a_board_the_graph_dates_nothing_of_is_said_to_be_untold_not_answered_with_the_best_now() {
        let v = account("Between 2017 and 2020, who took the top F1 on D?", &Normalized::default(), &Known::default(), &[], &|_| Direction::Higher).expect("an account");
        assert!(v.is_account() && v.reason.contains("cannot be told") && v.supporting.is_empty(), "{}", v.reason);
        assert!(account("Who has the top F1 on D?", &Normalized::default(), &Known::default(), &[], &|_| Direction::Higher).is_none());
    }
}
