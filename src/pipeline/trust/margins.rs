//! Margins and gaps: how far apart two results are on a board, in the metric's direction
//! (a lower word error rate is the better one). Claims with a bound on the margin ("X is
//! more than four points ahead of Y on D", "A and B are less than two points apart", "X
//! leads with more than two points to spare", "more than 10% lower, in relative terms,
//! than the runner-up") get a verdict; questions ("how big is the gap between the top
//! entry and the next one down?", "how many WER points did X take off Y's number?", "which
//! systems sit no more than three points below the top?", "on which of its benchmarks is X
//! closest to the top?") an account (`Verdict::account`).
//!
//! Read on the standing facts (the "as of" anchor already applied) under every reading of
//! a close conflict (`record::readings`, through `standing::boards`): a claim is decided
//! only when every reading agrees, and an account says what each reading gives. A pair
//! the graph does not hold (a model with no result on the board, a metric the board does
//! not record) is said to be missing, never filled from another board. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::record::{agreed, Reads, Told};
use super::relations::Known;
use super::standing::{boards, capitalized, named, refs, Board};
use super::verdict::{on_board, Label, Verdict};
use super::Fact;
use crate::pipeline::front::classify;
use crate::pipeline::front::extract::count_word;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{mention_in, Normalized, NormalizedEntity};

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("margins pattern {pattern}: {e}"))
}

/// "more than four points", "less than two accuracy points", "over two BLEU", "more than
/// 10%": a bound and its number (digits or a word).
static BOUND: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(more than|over|above|at least|upwards of|in excess of|less than|under|below|fewer than|at most|no more than|not more than|about|around|roughly|approximately|some|nearly|almost)\s+(?:an?\s+)?(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|half a|half|a)\s*(%|percent\b|pp\b|pts?\b|(?:percentage\s+)?points?\b|(?:[a-z][\w-]*\s+){1,2}points?\b|(?:bleu|f1|accuracy|acc|wer|chrf|miou|mean iou|iou)\b)")
});
/// What makes a bound a margin: said of a lead, a gap or a difference.
static MARGIN_BEFORE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:\bby|\b(?:margin|gap|lead|difference|edge)\s+(?:of|is|was)?)[\s(]*$"));
static MARGIN_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^[\s,]*(?:(?:in\s+)?(?:absolute|relative)\s+terms,?\s*)?(?:of\s+)?(?:ahead|apart|clear|better|higher|lower|worse|behind|in front|to spare|up on|above|below|more|less|of (?:a|the) (?:lead|gap|margin)|lead|margin|gap|separat|between|(?:relative\s+)?(?:reduction|improvement|drop|decrease|cut|gain|increase))")
});
/// "apart", "between them": a gap either way.
static EITHER_WAY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:apart|between (?:them|the two|both)|separat\w*|difference between|gap between|neck and neck)\b"));
/// The named model is the one behind.
static BEHIND: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:behind|worse than|trails?|trailing|short of)\b"));
static LOWER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\blower\b"));
static HIGHER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bhigher\b"));
static RELATIVE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\brelative(?:ly)?\b"));
/// The model the lead is over is whoever is next: "to spare", "over the runner-up".
static OVER_NEXT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:to spare|runner[- ]up|second[- ]best|second place|next[- ]best|next one|the rest|the field|the others|everyone else|anyone else|its closest|nearest (?:rival|competitor))\b"));

/// "beat the earlier record by over two BLEU": the margin over the record before.
static PREVIOUS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:earlier|previous|prior|old|former|last|preceding)\s+(?:[\w-]+\s+){0,5}?(?:record|best|state[- ]of[- ]the[- ]art|sota|high|top score)\b"));

/// Whether a claim bounds the margin over the record before the model's result: its
/// boards' history is read.
pub fn over_previous(question: &str) -> bool {
    PREVIOUS.is_match(question) && bound(question).is_some()
}

/// A bound on a margin: its comparison and number.
#[derive(Debug, Clone, Copy)]
struct Bound {
    /// More than (else less than); inclusive when `or_equal`.
    more: bool,
    or_equal: bool,
    /// "about a point": within half a point of the value, either way.
    about: bool,
    value: f64,
    relative: bool,
}

impl Bound {
    fn holds(&self, margin: f64) -> bool {
        // Margins are compared at the precision results are written in.
        let (m, v) = ((margin * 100.0).round(), (self.value * 100.0).round());
        if self.about {
            return (m - v).abs() <= 50.0;
        }
        match (self.more, self.or_equal) {
            (true, false) => m > v,
            (true, true) => m >= v,
            (false, false) => m < v,
            (false, true) => m <= v,
        }
    }

    fn describe(&self) -> String {
        let word = match (self.more, self.or_equal) {
            _ if self.about => "about",
            (true, false) => "more than",
            (true, true) => "at least",
            (false, false) => "less than",
            (false, true) => "at most",
        };
        if self.relative {
            format!("{word} {}% in relative terms", fmt(self.value))
        } else {
            format!("{word} {} points", fmt(self.value))
        }
    }
}

fn fmt(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    format!("{r:.1}")
}

/// The bound a claim puts on a margin, when it puts one, and where it ends in the claim.
fn bound(question: &str) -> Option<(Bound, usize)> {
    let c = BOUND.captures_iter(question).find(|c| {
        let m = c.get(0).map_or(0..0, |m| m.range());
        MARGIN_BEFORE.is_match(&question[..m.start]) || MARGIN_AFTER.is_match(&question[m.end..])
    })?;
    let word = c[1].to_lowercase();
    let value = number(&c[2])?;
    let about = ["about", "around", "roughly", "approximately", "some", "nearly", "almost"].contains(&word.as_str());
    let (more, or_equal) = match word.as_str() {
        "at least" => (true, true),
        "at most" | "no more than" | "not more than" => (false, true),
        "less than" | "under" | "below" | "fewer than" => (false, false),
        _ => (true, false),
    };
    let unit = c[3].to_lowercase();
    let relative = RELATIVE.is_match(question) && (unit.starts_with('%') || unit.starts_with("percent"));
    Some((Bound { more, or_equal, about, value, relative }, c.get(0)?.end()))
}

/// "1.5", "two", "a", "half a".
fn number(n: &str) -> Option<f64> {
    match n.to_lowercase().as_str() {
        "a" => Some(1.0),
        "half" | "half a" => Some(0.5),
        n => n.parse::<f64>().ok().or_else(|| count_word(n).map(|k| k as f64)),
    }
}

/// `a`'s lead over `b` in the board's direction (negative when behind).
fn lead(board: &Board<'_>, a: &Fact, b: &Fact) -> Option<f64> {
    let (x, y) = (a.numeric?, b.numeric?);
    Some(if board.d == Direction::Lower { y - x } else { x - y })
}

/// The linked models the text names, in the order it names them.
fn in_order<'e>(question: &str, entities: &'e Normalized) -> Vec<&'e NormalizedEntity> {
    let lower = question.to_lowercase();
    // Unlinked words read as names ("intro of our") are no models, unless nothing is linked.
    let mut named: Vec<&NormalizedEntity> = entities.methods.iter().filter(|m| m.is_linked()).collect();
    if named.is_empty() {
        named = entities.methods.iter().collect();
    }
    named.sort_by_key(|m| mention_in(&lower, &m.text).map_or(usize::MAX, |at| at.start));
    named
}

/// "someone has come within half a point of X since", "nobody is within a point of X".
static WITHIN_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(someone|somebody|anyone|anybody|any(?:\s+other)?\s+(?:model|system|method|entry|result)|another\s+(?:model|system|method)|nobody|no one|no(?:\s+other)?\s+(?:model|system|method|entry|result))\b[^?.]{0,40}?\bwithin\s+(half a|half|a|one|two|three|four|five|\d+(?:\.\d+)?)\s*(?:(?:[a-z][\w-]*\s+){0,2}points?|pp|pts?)\s+of\b")
});

/// "Someone has come within N points of X": another model's result that close to X's,
/// either side, under every reading; "nobody has" turned round.
fn within_of(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let c = WITHIN_OF.captures(question)?;
    let n = number(&c[2])?;
    let nobody = c[1].to_lowercase().starts_with("no");
    let x = *in_order(question, entities).first()?;
    let within = Bound { more: false, or_equal: true, about: false, value: n, relative: false };
    let now = vec![(0, facts.to_vec())];
    let mut read: Vec<Reads> = Vec::new();
    for board in boards(&now, entities, direction).iter().flatten() {
        let Some(mine) = board.of_model(x) else { continue };
        let mut others: Vec<(&Fact, f64)> = board.ranked.iter().copied().filter(|f| f.key.0 != mine.key.0).filter_map(|f| Some((f, lead(board, mine, f)?.abs()))).collect();
        others.sort_by(|a, b| a.1.total_cmp(&b.1));
        let Some(&(closest, gap)) = others.first() else { continue };
        let near = within.holds(gap);
        let label = if near != nobody { Label::Supported } else { Label::Refuted };
        read.push((label, format!("on {}, the closest result to {} is {}, {} points away, against the claimed {} points", board.label, named(mine), named(closest), fmt(gap), fmt(n)), refs(&[mine, closest])));
    }
    let mut v = agreed(read)?;
    v.relation = "margin".into();
    v.reason = capitalized(&v.reason);
    Some(v)
}

/// "Is any model within N points of the leader on D?": on each board, whether a model
/// other than the best is that close to it, under every reading.
fn near_leader(n: f64, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let within = Bound { more: false, or_equal: true, about: false, value: n, relative: false };
    let now = vec![(0, facts.to_vec())];
    let mut read: Vec<Reads> = Vec::new();
    for board in boards(&now, entities, direction).iter().flatten() {
        let Some(top) = board.top() else { continue };
        read.push(match close_to(board, top, &within).first().copied() {
            Some((f, g)) => (Label::Supported, format!("on {}, {} is {} points behind the best, {}", board.label, named(f), fmt(g), named(top)), refs(&[top, f])),
            None => {
                let next = board.ranked.iter().copied().find(|f| f.key.0 != top.key.0);
                let said = next.and_then(|f| Some(format!("; the next, {}, is {} behind", named(f), fmt(lead(board, top, f)?)))).unwrap_or_default();
                (Label::Refuted, format!("on {}, no other model is within {} points of the best, {}{said}", board.label, fmt(n), named(top)), refs(&[Some(top), next].into_iter().flatten().collect::<Vec<_>>()))
            }
        });
    }
    let mut v = agreed(read)?;
    v.relation = "margin".into();
    v.reason = capitalized(&v.reason);
    Some(v)
}

/// Judges a claim that bounds a margin; `None` when the claim bounds none, or names no
/// model with results on a board it names.
pub fn judge(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    if let Some(n) = classify::near_leader_asked(question) {
        if let Some(v) = near_leader(n, entities, facts, direction) {
            return Some(v);
        }
    }
    if let Some(v) = within_of(question, entities, facts, direction) {
        return Some(v);
    }
    let (bound, end) = bound(question)?;
    // What follows the bound says which way it is read ("10% lower than Y's").
    let after = &question[end..];
    let models = in_order(question, entities);
    let x = *models.first()?;
    let y = models.get(1).copied();
    if y.is_none() && PREVIOUS.is_match(question) {
        // The margin over the record the model took: every reading of the boards' history.
        let read: Vec<Reads> = super::record::improvements(x, entities, known, direction)
            .into_iter()
            .map(|(margin, previous, said, facts)| {
                // "a 10% relative reduction on the previous record": the margin over that record.
                let (margin, relative) = if bound.relative && previous != 0.0 {
                    let m = 100.0 * margin / previous.abs();
                    (m, format!(" ({}% in relative terms)", fmt(m)))
                } else {
                    (margin, String::new())
                };
                (if bound.holds(margin) { Label::Supported } else { Label::Refuted }, format!("{said}{relative}, against the claimed {}", bound.describe()), facts)
            })
            .collect();
        let mut v = agreed(read)?;
        v.relation = "margin".into();
        v.reason = capitalized(&v.reason);
        return Some(v);
    }
    if y.is_none() && !OVER_NEXT.is_match(question) {
        return None;
    }
    let now = vec![(0, facts.to_vec())];
    let either = EITHER_WAY.is_match(question);
    let mut read: Vec<Reads> = Vec::new();
    for readings in boards(&now, entities, direction) {
        for board in &readings {
            let Some(mine) = board.of_model(x) else { continue };
            // The other side: the named model, else the best other model on the board.
            let other = match y {
                Some(y) => board.of_model(y),
                None => board.ranked.iter().copied().find(|f| f.key.0 != mine.key.0),
            };
            let Some(other) = other else { continue };
            let Some(mut margin) = lead(board, mine, other) else { continue };
            // "X's WER is 10% lower than Y's": lower is better where the metric is an error.
            let reversed = if LOWER.is_match(after) || HIGHER.is_match(after) {
                if board.d == Direction::Lower { HIGHER.is_match(after) } else { LOWER.is_match(after) }
            } else {
                // "X trails Y by more than a point": said anywhere in the claim.
                BEHIND.is_match(question)
            };
            if reversed {
                margin = -margin;
            }
            if either {
                margin = margin.abs();
            }
            let shown = if bound.relative { other.numeric.filter(|v| *v != 0.0).map(|v| 100.0 * margin / v.abs()) } else { Some(margin) };
            let Some(shown) = shown else { continue };
            // A lead claimed is no lead when the named model is behind.
            let holds = (either || margin > 0.0 || (!bound.more && !bound.about && margin >= 0.0)) && bound.holds(shown);
            let gap = fmt(margin.abs());
            let relative = if bound.relative { format!(" ({}% in relative terms)", fmt(shown.abs())) } else { String::new() };
            let (ahead, behind) = if lead(board, mine, other).unwrap_or(0.0) >= 0.0 { (mine, other) } else { (other, mine) };
            let reason = if ahead.numeric == behind.numeric {
                format!("on {}, {} and {} are level", board.label, named(mine), named(other))
            } else {
                format!("on {}, {} is {gap} points ahead of {}{relative}", board.label, named(ahead), named(behind))
            };
            let label = if holds { Label::Supported } else { Label::Refuted };
            read.push((label, format!("{reason}, against the claimed {}", bound.describe()), refs(&[mine, other])));
        }
        if !read.is_empty() {
            break;
        }
    }
    let mut v = agreed(read)?;
    v.relation = "margin".into();
    v.reason = capitalized(&v.reason);
    Some(v)
}

/// "the gap between the top entry and the next one down", "who's breathing down its
/// neck", "by what margin over second", "how much separates first and second".
static TOP_GAP: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:gap|margin|difference|distance|daylight|lead)\b[^?]{0,60}\b(?:top|first|leader|best|winner|leading)\b[^?]{0,50}\b(?:next|second|runner[- ]up|2nd)\b|\b(?:separates?|between)\s+(?:the\s+)?(?:first|top|best)\b[^?]{0,30}\b(?:second|next|runner[- ]up)\b|\bby what margin\b|\b(?:gap|margin|difference|distance)\s+between\s+the\s+(?:top|first)\s+(?:two|2)\b|\bhow far ahead\b[^?]{0,60}\b(?:second|next|runner[- ]up|rest)\b|\bclosest (?:rival|competitor|challenger)\b|\bbreathing down\b|\bhow much daylight\b|\bahead of (?:the )?(?:second|runner[- ]up|next)\b")
});
/// "how many WER points did X take off Y's number", "how far behind X does Y land", "the
/// gap between X and Y".
static PAIR_GAP: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bhow (?:many|much)\b[^?]{0,30}\b(?:points?|pp)?\b[^?]{0,40}\b(?:take off|took off|cut|shave|shaved|gain|gained|add|added|ahead|behind|better|worse|lower|higher|improve|improved)\b|\bhow (?:far|much) (?:behind|ahead of|below|above)\b|\b(?:gap|difference|margin|distance)\s+between\b|\bby how much\b|\bhow (?:big|large|wide) is the (?:gap|difference|margin)\b")
});
/// "the spread between the best and the worst F1 on D".
static SPREAD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:spread|range|gap|difference|distance)\s+(?:between|from)\s+(?:the\s+)?(?:best|top|highest|first)\b[^?]{0,40}\b(?:worst|bottom|lowest|last)\b|\b(?:best|highest)\s+and\s+(?:the\s+)?(?:worst|lowest)\b[^?]{0,30}\b(?:spread|gap|range|differ)")
});
/// "which systems sit no more than three BLEU points below the top score".
static NEAR_TOP: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:within|no more than|not more than|less than|at most|under)\s+(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|a)\s*(?:(?:[a-z][\w-]*\s+){0,2}points?|pp|pts?)?\s+(?:of|below|behind|from|short of|off|under)\s+(?:the\s+)?(?:top|best|leader|record|first|lead)\b")
});
/// "on which of its benchmarks does X come closest to the top?"
static CLOSEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:closest|nearest)\s+to\s+(?:the\s+)?(?:top|best|lead|leader|first place|record)\b"));
/// "which systems have at least halved X's WER", "doubled X's F1": a ratio to a named
/// model's value.
static HALVED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|who)\b[^?]{0,40}\b(?:halved|cut\s+in\s+half|doubled)\b"));

/// Whether a question asks on which of a model's boards it comes closest to the top: every
/// board of the model is read, whatever the question names.
pub fn asks_closest(question: &str) -> bool {
    CLOSEST.is_match(question)
}

/// A metric the question sets aside: "chrF rather than BLEU", "not BLEU".
fn set_aside(question: &str, metric: &NormalizedEntity) -> bool {
    let lower = question.to_lowercase();
    let name = metric.text.to_lowercase();
    ["rather than ", "instead of ", "not ", "other than "].iter().any(|w| lower.contains(&format!("{w}{name}")))
}

/// Whether a question (not a claim) is answered by [`account`].
pub fn asks_account(question: &str) -> bool {
    TOP_GAP.is_match(question) || PAIR_GAP.is_match(question) || NEAR_TOP.is_match(question) || CLOSEST.is_match(question) || SPREAD.is_match(question) || HALVED.is_match(question)
}

/// The answer to a question about a margin or a gap; `None` when it is not one, or the
/// graph holds nothing on the boards it names.
pub fn account(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    if !asks_account(question) {
        return None;
    }
    let now = vec![(0, facts.to_vec())];
    let models = in_order(question, entities);
    if CLOSEST.is_match(question) {
        return closest(models.first().copied()?, entities, &now, direction);
    }
    if SPREAD.is_match(question) {
        return spread(entities, &now, direction);
    }
    if HALVED.is_match(question) {
        return halved(models.first().copied()?, entities, &now, direction);
    }
    if let Some(c) = NEAR_TOP.captures(question) {
        let n = number(&c[1]).unwrap_or(1.0);
        return near_top(n, entities, &now, direction);
    }
    if models.len() >= 2 && PAIR_GAP.is_match(question) && !TOP_GAP.is_match(question) {
        // "the chrF gap ... rather than BLEU": only the metric asked for.
        let asked = Normalized { metrics: entities.metrics.iter().filter(|m| !set_aside(question, m)).cloned().collect(), ..entities.clone() };
        return pair(models[0], models[1], &asked, &now, direction);
    }
    if TOP_GAP.is_match(question) {
        return top_gap(models.first().copied(), entities, &now, direction);
    }
    None
}

/// "Which systems have at least halved X's WER on D?": the models at or below half of X's
/// value (at or above twice it where higher is better), on each board and reading.
fn halved(x: &NormalizedEntity, entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let mut told = Told::default();
    for board in boards(now, entities, direction).iter().flatten() {
        let Some(mine) = board.of_model(x) else { continue };
        let Some(v) = mine.numeric else { continue };
        let lower = board.d == Direction::Lower;
        let (bound, word) = if lower { (v / 2.0, "half") } else { (v * 2.0, "twice") };
        let passing: Vec<&Fact> = board.ranked.iter().copied().filter(|f| f.key.0 != mine.key.0 && f.numeric.is_some_and(|n| if lower { n <= bound } else { n >= bound })).collect();
        let listed = if passing.is_empty() { "none".to_owned() } else { passing.iter().map(|f| named(f)).collect::<Vec<_>>().join(", ") };
        let mut shown = vec![mine];
        shown.extend(&passing);
        // Two decimals: half of 21.7 is 10.85, which 10.9 would misstate.
        told.add(format!("on {}, {word} of {} is {}; at or past it: {listed}", board.label, named(mine), (bound * 100.0).round() / 100.0), refs(&shown));
    }
    capital(told.account())
}

/// The board's best and worst, and the spread between them, under each reading.
fn spread(entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let mut told = Told::default();
    for board in boards(now, entities, direction).iter().flatten() {
        let (Some(best), Some(worst)) = (board.ranked.first().copied(), board.ranked.last().copied()) else { continue };
        let gap = lead(board, best, worst).map(fmt).unwrap_or_default();
        told.add(format!("on {}, the best is {} and the worst {}: a spread of {gap} points over {} models", board.label, named(best), named(worst), board.ranked.len()), refs(&[best, worst]));
    }
    capital(told.account())
}

/// The board's first two, and the gap between them, under each reading.
fn top_gap(x: Option<&NormalizedEntity>, entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let mut told = Told::default();
    for board in boards(now, entities, direction).iter().flatten() {
        let (Some(first), Some(second)) = (board.ranked.first().copied(), board.ranked.get(1).copied()) else { continue };
        let gap = lead(board, first, second).map(fmt).unwrap_or_default();
        let mut reason = if first.numeric == second.numeric {
            format!("on {}, {} and {} share the top", board.label, named(first), named(second))
        } else {
            format!("on {}, {} leads the next one down, {}, by {gap} points", board.label, named(first), named(second))
        };
        let mut shown = vec![first, second];
        // A named model that is not at the top: how far it is from it.
        if let Some(mine) = x.and_then(|x| board.of_model(x)).filter(|m| m.key.0 != first.key.0) {
            if let Some(behind) = lead(board, first, mine) {
                reason.push_str(&format!("; {} is {} points behind the top", named(mine), fmt(behind)));
            }
            shown.push(mine);
        }
        told.add(reason, refs(&shown));
    }
    capital(told.account())
}

/// An account's reason begins with a capital.
fn capital(v: Option<Verdict>) -> Option<Verdict> {
    v.map(|v| Verdict { reason: capitalized(&v.reason), ..v })
}

/// Two named models on each board both are on: who is ahead, and by how much. A board the
/// question names where either has no result is said to lack it.
fn pair(a: &NormalizedEntity, b: &NormalizedEntity, entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let mut told = Told::default();
    let mut lacking: Vec<String> = Vec::new();
    // The one side's results where the other has none: what the graph does hold, shown.
    let mut held: Vec<&Fact> = Vec::new();
    for board in boards(now, entities, direction).iter().flatten() {
        match (board.of_model(a), board.of_model(b)) {
            (Some(x), Some(y)) => {
                let Some(l) = lead(board, x, y) else { continue };
                let (ahead, behind) = if l >= 0.0 { (x, y) } else { (y, x) };
                let reason = if l == 0.0 {
                    format!("on {}, {} and {} are level", board.label, named(x), named(y))
                } else {
                    format!("on {}, {} is {} points ahead of {}", board.label, named(ahead), fmt(l.abs()), named(behind))
                };
                told.add(reason, refs(&[x, y]));
            }
            (mine, theirs) => {
                let other = mine.or(theirs);
                for (e, f) in [(a, mine), (b, theirs)] {
                    let has = other.filter(|_| f.is_none()).map(|o| format!(", where {} has {}", o.model, o.value)).unwrap_or_default();
                    let line = format!("the graph records no result of {} on {}{has}", e.canonical, board.label);
                    if f.is_none() && !lacking.contains(&line) {
                        lacking.push(line);
                    }
                }
                held.extend(other.filter(|o| !held.iter().any(|h| h.key == o.key && h.value == o.value)));
            }
        }
    }
    if told.reasons.is_empty() {
        // Nothing to set side by side: what is missing is the answer, with what the graph
        // holds of the other side.
        let on = entities.datasets.iter().find(|d| d.is_linked()).map(|d| d.canonical.clone());
        let scored = now.iter().flat_map(|(_, fs)| fs).any(|f| on_board(f, entities));
        let reason = match (lacking.is_empty(), on, scored) {
            (false, _, _) => format!("{}, so the gap between {} and {} cannot be told", capitalized(&lacking.join("; ")), a.canonical, b.canonical),
            (true, Some(d), false) if !entities.metrics.is_empty() => {
                let metrics: Vec<&str> = entities.metrics.iter().map(|m| m.canonical.as_str()).collect();
                format!("The graph records no {} result on {d}, so the gap between {} and {} by it cannot be told", metrics.join(" or "), a.canonical, b.canonical)
            }
            _ => return None,
        };
        return Some(Verdict::account(reason, refs(&held)));
    }
    let mut v = capital(told.account())?;
    if !lacking.is_empty() {
        v.reason.push_str(&format!("; {}", lacking.join("; ")));
    }
    Some(v)
}

/// The other models on `board` whose gap to `top` is `within`, closest first, with the gap.
fn close_to<'a>(board: &Board<'a>, top: &Fact, within: &Bound) -> Vec<(&'a Fact, f64)> {
    board.ranked.iter().copied().filter(|f| f.key.0 != top.key.0).filter_map(|f| Some((f, lead(board, top, f)?))).filter(|(_, g)| within.holds(*g)).collect()
}

/// The models within `n` points of the top, under each reading.
fn near_top(n: f64, entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let within = Bound { more: false, or_equal: true, about: false, value: n, relative: false };
    let mut told = Told::default();
    for board in boards(now, entities, direction).iter().flatten() {
        let Some(top) = board.top() else { continue };
        let near = close_to(board, top, &within);
        let next = board.ranked.iter().copied().filter(|f| f.key.0 != top.key.0).find(|f| !near.iter().any(|(g, _)| g.key.0 == f.key.0));
        let mut reason = if near.is_empty() {
            format!("on {}, no other model is within {} points of the best, {}", board.label, fmt(n), named(top))
        } else {
            let list = near.iter().map(|(f, g)| format!("{} ({} behind)", named(f), fmt(*g))).collect::<Vec<_>>().join(", ");
            format!("on {}, the best is {}; within {} points of it: {list}", board.label, named(top), fmt(n))
        };
        if let Some(f) = next {
            reason.push_str(&format!("; the next, {}, is {} behind", named(f), lead(board, top, f).map(fmt).unwrap_or_default()));
        }
        let shown: Vec<&Fact> = std::iter::once(top).chain(near.iter().map(|(f, _)| *f)).collect();
        told.add(reason, refs(&shown));
    }
    capital(told.account())
}

/// Every board `x` has a result on, with its gap to the best there; the board where the
/// gap is smallest (under every reading) is named first.
fn closest(x: &NormalizedEntity, entities: &Normalized, now: &[(i32, Vec<Fact>)], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    // Every board of X, whatever the question names.
    let all = Normalized { methods: entities.methods.clone(), metrics: entities.metrics.clone(), ..Normalized::default() };
    let mut per_board: Vec<(f64, String, Vec<&Fact>)> = Vec::new();
    for readings in boards(now, &all, direction) {
        let mut gaps: Vec<(f64, &Fact, &Fact)> = Vec::new();
        for board in &readings {
            let (Some(mine), Some(top)) = (board.of_model(x), board.top()) else { continue };
            gaps.push((lead(board, top, mine).unwrap_or(0.0), mine, top));
        }
        let Some(&(worst, mine, top)) = gaps.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else { continue };
        let label = readings.first().map(|b| b.label.clone()).unwrap_or_default();
        let said = if gaps.iter().all(|(g, _, _)| *g == 0.0) {
            format!("on {label}, it is the best, {}", named(mine))
        } else {
            let mut values: Vec<String> = gaps.iter().map(|(g, _, _)| fmt(*g)).collect();
            values.dedup();
            format!("on {label}, {} is {} points behind the best, {}", named(mine), values.join(" or "), named(top))
        };
        per_board.push((worst, said, vec![mine, top]));
    }
    if per_board.is_empty() {
        return None;
    }
    per_board.sort_by(|a, b| a.0.total_cmp(&b.0));
    let closest = per_board.first().map(|(_, s, _)| s.clone()).unwrap_or_default();
    let others: Vec<String> = per_board.iter().skip(1).map(|(_, s, _)| s.clone()).collect();
    let mut reason = format!("{} comes closest to the top {closest}", x.canonical);
    if !others.is_empty() {
        reason.push_str(&format!("; elsewhere, {}", others.join("; ")));
    }
    let facts: Vec<_> = per_board.iter().flat_map(|(_, _, fs)| refs(fs)).collect();
    Some(Verdict::account(reason, facts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::linked;

    fn fact(model: &str, value: f64, metric: &str) -> Fact {
        crate::pipeline::trust::fixtures::fact(model, "D", metric, value)
    }

    fn models(names: &[&str]) -> Normalized {
        Normalized { methods: names.iter().map(|n| linked(EntityKind::Method, n)).collect(), ..Normalized::default() }
    }

    fn direction(metric: &str) -> Direction {
        if metric == "WER" {
            Direction::Lower
        } else {
            Direction::Higher
        }
    }

    #[test]
    fn a_bounded_margin_holds_under_every_reading_fails_under_every_one_or_is_open() {
        // B has two values kept (a close conflict): A leads by 3.5 or by 4.2.
        let facts = vec![fact("A", 89.6, "Acc"), fact("B", 86.1, "Acc"), fact("B", 85.4, "Acc"), fact("C", 80.0, "Acc")];
        let known = Known::default();
        let judge = |q: &str, m: &[&str]| judge(q, &models(m), &facts, &known, &direction).map(|v| v.verdict);
        assert_eq!(judge("A is more than four points ahead of B on D, isn't it?", &["A", "B"]), Some(Label::Uncertain));
        assert_eq!(judge("A is more than three points ahead of B on D, right?", &["A", "B"]), Some(Label::Supported));
        assert_eq!(judge("A and C are less than two points apart on D, right?", &["A", "C"]), Some(Label::Refuted));
        assert_eq!(judge("B is less than two points clear of A on D", &["B", "A"]), Some(Label::Refuted), "B is behind A: no lead at all");
        assert_eq!(judge("A leads D with more than two points to spare", &["A"]), Some(Label::Supported), "over the runner-up, B");
        assert_eq!(judge("A is better than B on D", &["A", "B"]), None, "no bound: the comparison decides");
        assert_eq!(judge("A beats B on D by about a point, fair to say?", &["A", "B"]), Some(Label::Refuted), "3.5 or 4.2: neither is about one");
        assert_eq!(judge("A beats B on D by about four points, fair to say?", &["A", "B"]), Some(Label::Supported), "3.5 and 4.2 are both within half a point of four");
        assert_eq!(judge("C trails A by more than five points on D, right?", &["C", "A"]), Some(Label::Supported), "trailing: the named model is behind");
        assert_eq!(judge("someone has come within half a point of A on D since, right?", &["A"]), Some(Label::Refuted), "B is 3.5 or 4.2 away");
        assert_eq!(judge("nobody has come within a point of C on D, right?", &["C"]), Some(Label::Supported), "the closest, B, is 5.4 or 6.1 away");
    }

    #[test]
    fn whether_any_model_is_near_the_leader_is_judged_under_every_reading() {
        let known = Known::default();
        let facts = vec![fact("A", 91.2, "F1"), fact("B", 90.5, "F1"), fact("C", 89.9, "F1")];
        let label = |q: &str, facts: &[Fact]| judge(q, &Normalized::default(), facts, &known, &direction).map(|v| v.verdict);
        assert_eq!(label("Is there any model within a point of the leader on D?", &facts), Some(Label::Supported));
        assert_eq!(label("is any model within 0.5 points of the best on D?", &facts), Some(Label::Refuted));
        // B at 90.5 or 89.9: within 1 point of A under one reading only.
        let open = vec![fact("A", 91.2, "F1"), fact("B", 90.5, "F1"), fact("B", 89.9, "F1")];
        assert_eq!(label("Is there any model within a point of the leader on D?", &open), Some(Label::Uncertain));
        assert_eq!(classify::near_leader_asked("is A within a point of B?"), None, "a named model is another claim");
    }

    #[test]
    fn a_relative_reduction_in_an_error_rate_is_read_against_the_other_value() {
        let facts = vec![fact("P", 8.1, "WER"), fact("C", 8.9, "WER"), fact("T", 9.4, "WER")];
        let v = judge("P's WER on D is more than 10% lower, in relative terms, than that of the current runner-up", &models(&["P"]), &facts, &Known::default(), &direction).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "(8.9 - 8.1) / 8.9 is 9.0%: {}", v.reason);
        assert!(v.reason.contains("9.0% in relative terms"), "{}", v.reason);
    }

    #[test]
    fn the_models_that_halved_a_named_models_error_rate_are_listed_against_its_standing_value() {
        let facts = vec![fact("F", 21.7, "WER"), fact("P", 8.1, "WER"), fact("T", 10.1, "WER"), fact("W", 11.3, "WER")];
        let v = account("Which systems have at least halved F's word error rate on D?", &models(&["F"]), &facts, &direction).expect("an account");
        assert!(v.reason.contains("half of F (21.7) is 10.85; at or past it: P (8.1), T (10.1)"), "{}", v.reason);
        assert!(!v.reason.contains("W (11.3)"), "{}", v.reason);
    }

    #[test]
    fn gaps_are_told_at_the_top_between_two_models_and_near_the_top() {
        let facts = vec![fact("A", 36.0, "BLEU"), fact("B", 34.2, "BLEU"), fact("C", 33.6, "BLEU"), fact("E", 31.9, "BLEU")];
        let top = account("How big is the gap between the top entry and the next one down?", &Normalized::default(), &facts, &direction).expect("an account");
        let two = account("How big is the gap between the top two on D?", &Normalized::default(), &facts, &direction).expect("an account");
        assert_eq!(two.reason, top.reason);
        assert!(top.reason.contains("A (36.0) leads the next one down, B (34.2), by 1.8 points"), "{}", top.reason);
        let near = account("Which systems sit no more than three BLEU points below the top score?", &Normalized::default(), &facts, &direction).expect("an account");
        assert!(near.reason.contains("B (34.2) (1.8 behind), C (33.6) (2.4 behind)") && near.reason.contains("the next, E (31.9), is 4.1 behind"), "{}", near.reason);
        let pair = account("How many points did A take off C's number on D?", &models(&["A", "C"]), &facts, &direction).expect("an account");
        assert!(pair.reason.contains("A (36.0) is 2.4 points ahead of C (33.6)"), "{}", pair.reason);
        let mut chrf = models(&["A", "C"]);
        chrf.metrics = vec![linked(EntityKind::Metric, "chrF"), linked(EntityKind::Metric, "BLEU")];
        chrf.datasets = vec![linked(EntityKind::Dataset, "D")];
        let other = account("What's the chrF gap between A and C on D? I need chrF rather than BLEU.", &chrf, &facts, &direction).expect("an account");
        assert!(other.reason.starts_with("The graph records no chrF result on D") && !other.reason.contains("2.4"), "BLEU is not the gap asked for: {}", other.reason);
        let missing = account("How far behind A does Z land on D?", &models(&["A", "Z"]), &facts, &direction).expect("an account");
        assert!(missing.reason.starts_with("The graph records no result of Z on D by BLEU, where A has 36.0"), "{}", missing.reason);
        assert_eq!(missing.supporting.iter().map(|f| f.value.as_str()).collect::<Vec<_>>(), ["36.0"], "what the graph holds of the other side is shown");
    }

    #[test]
    fn lower_is_better_for_an_error_rate_gap() {
        let facts = vec![fact("T", 9.4, "WER"), fact("W", 11.3, "WER")];
        let v = account("How many WER points did T take off W's number?", &models(&["T", "W"]), &facts, &direction).expect("an account");
        assert!(v.reason.contains("T (9.4) is 1.9 points ahead of W (11.3)"), "{}", v.reason);
    }
}
