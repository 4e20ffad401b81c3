//! What a claim adds to a comparison or a value, which the verdict must check as well: a
//! margin ("A beats B on D by 3.4 points"), a rank ("X is the second-best model on D"), a
//! first ("X was the first model to reach 87 on D"), the year a value was reported ("X's
//! 71.4 on D was reported in 2014") and a record kept since a year ("nobody has beaten X's
//! 87.2 on D since 2024"). Without this, such a claim was judged on its other part alone:
//! "A beats B" held, so "A beats B by 20.2" was SUPPORTED whatever the margin.
//!
//! Each reading is decided over every value the graph keeps for a result (a close conflict
//! keeps two): the claim holds if it holds under all of them, fails if it fails under all,
//! and is UNCERTAIN otherwise. Undated results cannot be placed in time, so a first or a
//! "since" they could change is UNCERTAIN. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::numbers::claimed;
use super::verdict::{best, better, facts_of, first_year, on_board, uncertain, FactRef, Known, Label, Verdict, NEGATED, OUTPERFORMS, UNDERPERFORMS};
use crate::pipeline::front::classify;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};
use crate::pipeline::trust::Fact;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("qualifier pattern {pattern}: {e}"))
}

/// "by 3.4 points", "by 2 BLEU", "by a margin of 1.3".
static MARGIN: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bby\s+(?:a\s+margin\s+of\s+|a\s+|about\s+|roughly\s+|some\s+|nearly\s+|almost\s+|exactly\s+)?(\d+(?:\.(\d+))?)\s*(?:%|pp\b|pts?\b|points?\b|percentage points?\b|(?:[a-z][\w-]*\s+){1,3}points?\b|(?:bleu|f1|accuracy|acc|wer|chrf|miou|mean iou|iou)\b)|\bmargin of\s+(\d+(?:\.(\d+))?)|\b(\d+(?:\.(\d+))?)\s*(?:%|pp|pts?|points?|percentage points?)\s+(?:ahead of|better than|higher than|lower than|above|below|in front of|behind|worse than)\b")
});
/// "the second-best model", "ranks third", "the runner-up".
static RANK: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(second|third|fourth|fifth|2nd|3rd|4th|5th)[- ](?:best|highest|strongest|placed|place|ranked|strongest|most accurate)\b|\bin (second|third|fourth|fifth|2nd|3rd|4th|5th) place\b|\branks? (second|third|fourth|fifth|2nd|3rd|4th|5th)\b|\b(runner[- ]up)\b|\bnumber (two|three|four|five|2|3|4|5)\b(?:\s+(?:on|in|at)\b)")
});
/// "in the top three on D", "among the top 2", "makes the top two".
static TOP_N: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:in|among|within|inside|into|still in|makes?|made|making|cracks?|cracked|cracking)\s+the\s+top\s+(two|three|four|five|ten|2|3|4|5|10)\b|\ba\s+top[- ](two|three|four|five|2|3|4|5|10)\s+(?:model|system|entry|result)\b")
});
/// The N of a place within the top N of a board that a claim or question asks about.
pub fn top_n(question: &str) -> Option<usize> {
    let c = TOP_N.captures(question)?;
    crate::pipeline::front::extract::count_word(&c.iter().skip(1).flatten().next()?.as_str().to_lowercase())
}

/// "the first model to reach 87", "first to break 30 BLEU".
static FIRST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bfirst (?:model |system |method |one |approach |entry |result |paper )?(?:to|that|which) (?:ever )?(?:reach|reached|reaches|hit|hits|pass|passed|break|broke|exceed|exceeded|cross|crossed|surpass|surpassed|achieve|achieved|score|scored|get|got|go|went|clear|cleared|top|topped)\b")
});
/// "X's 9.4 was reproduced exactly by the 2023 study": every paper on the result states it.
static REPRODUCED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(reproduced|replicated|matched|confirmed|repeated)\s+(exactly|precisely|to the decimal|in full)\b|\b(exactly|precisely)\s+(reproduced|replicated|matched|repeated)\b|\b(?:has|have|did)\s+(?:a\s+second|another|any\s+other|a\s+further|more\s+than\s+one|an\s+independent)\s+(?:paper|study|source|publication)s?\s+(?:also\s+)?(?:reported|report|given|confirmed|stated|reproduced|replicated|matched|found)\b[^?]{0,30}\b(?:same|this|that)\s+(?:number|value|score|result|figure)\b")
});
/// "A leads B by 9.1 points": with a margin, leading is beating.
static LEADS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:leads?|led|tops|topped|improved? (?:on|upon)|improves (?:on|upon))\b"));
/// The comparative a margin is said with, read with the metric's direction.
static LOWER_THAN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\blower than\b"));
static HIGHER_THAN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bhigher than\b"));

/// The claim's qualifier checked, when it states one the graph can decide or leave open;
/// `None` leaves the claim to the other readings.
pub(super) fn judge(question: &str, entities: &Normalized, facts: &[Fact], known: &Known, direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let x = entities.methods.first()?;
    if let Some(year) = crate::pipeline::front::anchor::value_year(question) {
        return reported_in(question, x, year, entities, facts, known);
    }
    if REPRODUCED.is_match(question) {
        if let Some(claim) = claimed(question, entities) {
            return reproduced(x, claim, entities, facts);
        }
    }
    if let (Some(y), Some(c)) = (entities.methods.get(1), MARGIN.captures(question)) {
        let mut reversed = UNDERPERFORMS.is_match(question);
        // "A's WER is 2.1 points lower than B's": lower is better where the metric is an error.
        let (lower, higher) = (LOWER_THAN.is_match(question), HIGHER_THAN.is_match(question));
        if lower || higher {
            let errors = facts_of(facts, x, entities).first().is_some_and(|f| direction(&f.metric) == Direction::Lower);
            reversed = if errors { higher } else { lower };
        }
        if OUTPERFORMS.is_match(question) || LEADS.is_match(question) || lower || higher || reversed {
            let (a, b) = if reversed { (y, x) } else { (x, y) };
            let (m, decimals) = c.get(1).map(|m| (m, c.get(2))).or_else(|| c.get(3).map(|m| (m, c.get(4)))).or_else(|| c.get(5).map(|m| (m, c.get(6))))?;
            let claimed: f64 = m.as_str().parse().ok()?;
            let tolerance = 0.5 * 10f64.powi(-(decimals.map_or(0, |d| d.as_str().len()) as i32)) + 1e-9;
            return margin(a, b, claimed, tolerance, entities, facts, direction);
        }
    }
    if let Some(c) = TOP_N.captures(question) {
        let word = c.iter().skip(1).flatten().next()?.as_str().to_lowercase();
        let n = crate::pipeline::front::extract::count_word(&word)?;
        return rank_of(ranked(question, c.get(0)?.start(), entities)?, n, true, entities, facts, direction);
    }
    if let Some(c) = RANK.captures(question) {
        let x = ranked(question, c.get(0)?.start(), entities)?;
        let word = c.iter().skip(1).flatten().next()?.as_str().to_lowercase();
        let rank = match word.as_str() {
            "second" | "2nd" | "two" | "2" => 2,
            "third" | "3rd" | "three" | "3" => 3,
            "fourth" | "4th" | "four" | "4" => 4,
            "fifth" | "5th" | "five" | "5" => 5,
            _ => 2,
        };
        return rank_of(x, rank, false, entities, facts, direction);
    }
    if FIRST.is_match(question) {
        let threshold = claimed(question, entities)?;
        return first_to_reach(x, threshold.value, entities, facts, direction);
    }
    if let (Some(year), Some(classify::ClaimAbout::Beaten)) = (crate::pipeline::front::anchor::since_year(question), classify::claim_about(question)) {
        let v = unbeaten_since(question, x, year, entities, facts, direction)?;
        return Some(if NEGATED.is_match(question) { v } else { super::verdict::turned(v) });
    }
    None
}

/// The model a rank is said of: the one named last before the rank's words ("Ibbotrans
/// came out after Murrelet-MT, but is Murrelet-MT still in the top 2?" ranks Murrelet-MT),
/// else the first named.
fn ranked<'a>(question: &str, at: usize, entities: &'a Normalized) -> Option<&'a NormalizedEntity> {
    let before = question[..at].to_lowercase();
    let last = entities.methods.iter().filter_map(|m| before.rfind(&m.text.to_lowercase()).map(|i| (i, m))).max_by_key(|(i, _)| *i);
    last.map(|(_, m)| m).or_else(|| entities.methods.first())
}

/// Every value kept for each model on a board: (model IRI, its facts).
fn by_model<'a>(board: &[&'a Fact]) -> Vec<(&'a str, Vec<&'a Fact>)> {
    let mut out: Vec<(&str, Vec<&Fact>)> = Vec::new();
    for f in board {
        match out.iter_mut().find(|(m, _)| *m == f.key.0) {
            Some((_, fs)) => fs.push(f),
            None => out.push((&f.key.0, vec![f])),
        }
    }
    out
}

/// The boards (dataset, metric) the claim names that `x` has results on, each with every
/// result on it.
fn boards_of<'a>(x: &NormalizedEntity, entities: &Normalized, facts: &'a [Fact]) -> Vec<Vec<&'a Fact>> {
    let mut keys: Vec<(&str, &str)> = facts_of(facts, x, entities).iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter().map(|(d, m)| facts.iter().filter(|f| f.numeric.is_some() && f.key.1 == d && f.key.2 == m && on_board(f, entities)).collect()).collect()
}

/// Whether the claim holds under every combination, none, or some (`None`).
fn all_or_none(outcomes: &[bool]) -> Option<bool> {
    match (outcomes.iter().all(|o| *o), outcomes.iter().any(|o| *o)) {
        (true, _) if !outcomes.is_empty() => Some(true),
        (_, false) => Some(false),
        _ => None,
    }
}

fn settled(holds: Option<bool>, relation: &str, reason: String, facts: Vec<FactRef>) -> Verdict {
    match holds {
        Some(true) => Verdict { verdict: Label::Supported, relation: relation.into(), reason, supporting: facts, contradicting: vec![] },
        Some(false) => Verdict { verdict: Label::Refuted, relation: relation.into(), reason, supporting: vec![], contradicting: facts },
        None => uncertain(relation, reason, vec![], facts),
    }
}

fn values(fs: &[&Fact]) -> String {
    fs.iter().map(|f| f.value.as_str()).collect::<Vec<_>>().join(" or ")
}

/// "A beats B on D by M": A's lead over B, in the metric's direction, against M.
fn margin(a: &NormalizedEntity, b: &NormalizedEntity, claimed: f64, tolerance: f64, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let (fa, fb) = (facts_of(facts, a, entities), facts_of(facts, b, entities));
    // The first board both are on.
    let shared = fa.iter().find(|f| fb.iter().any(|g| g.key.1 == f.key.1 && g.key.2 == f.key.2))?;
    let (dataset, metric) = (shared.key.1.clone(), shared.key.2.clone());
    let on_b: Vec<&Fact> = fb.iter().copied().filter(|g| g.key.1 == dataset && g.key.2 == metric).collect();
    let on_a: Vec<&Fact> = fa.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
    let d = direction(&on_a[0].metric);
    let lead = |p: f64, q: f64| if d == Direction::Lower { q - p } else { p - q };
    let leads: Vec<f64> = on_a.iter().flat_map(|p| on_b.iter().map(move |q| (p, q))).filter_map(|(p, q)| Some(lead(p.numeric?, q.numeric?))).collect();
    let holds = all_or_none(&leads.iter().map(|l| (l - claimed).abs() <= tolerance).collect::<Vec<_>>());
    let said: Vec<String> = leads.iter().map(|l| format!("{:.1}", (l * 10.0).round() / 10.0)).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let (ma, mb) = (&on_a[0].model, &on_b[0].model);
    let gap = if leads.iter().all(|l| *l >= 0.0) { format!("{ma} leads {mb} by {}", said.join(" or ")) } else { format!("the gap from {ma} to {mb} is {}", said.join(" or ")) };
    let reason = format!("{ma} scores {} and {mb} {} on {} by {}, so {gap} points, {} the claimed {claimed}", values(&on_a), values(&on_b), on_a[0].dataset, on_a[0].metric, if holds == Some(true) { "as" } else { "against" });
    Some(settled(holds, "outperforms", reason, on_a.iter().chain(&on_b).map(|f| FactRef::of(f)).collect()))
}

/// "X is the second-best on D": X's place among the models on the board, by their values.
/// "X is second on D" (`within` false: exactly that place) or "X is in the top three"
/// (`within`: that place or better), under every reading of close conflicts.
fn rank_of(x: &NormalizedEntity, rank: usize, within: bool, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let board = boards_of(x, entities, facts).into_iter().next()?;
    let d = direction(&board[0].metric);
    let models = by_model(&board);
    let mine: Vec<&Fact> = board.iter().copied().filter(|f| super::verdict::model_of(x, &f.key.0, &f.model)).collect();
    let (top_mine, low_mine) = (best(&mine, direction)?, worst(&mine, d)?);
    let others: Vec<&(&str, Vec<&Fact>)> = models.iter().filter(|(m, _)| *m != top_mine.key.0).collect();
    // The best place X can have (only what beats X's best value under every reading is
    // ahead) and the worst (whatever beats its worst value under some reading).
    let surely_ahead = others.iter().filter(|(_, fs)| fs.iter().all(|f| better(d, f.numeric.unwrap_or(f64::NAN), top_mine.numeric.unwrap_or(f64::NAN)))).count();
    let maybe_ahead = others.iter().filter(|(_, fs)| fs.iter().any(|f| better(d, f.numeric.unwrap_or(f64::NAN), low_mine.numeric.unwrap_or(f64::NAN)))).count();
    let (high, low) = (surely_ahead + 1, maybe_ahead + 1);
    let holds = if within {
        // Placed no lower than `rank` under every reading, or lower under every one.
        if low <= rank {
            Some(true)
        } else if high > rank {
            Some(false)
        } else {
            None
        }
    } else if high == rank && low == rank {
        Some(true)
    } else if rank < high || rank > low {
        Some(false)
    } else {
        None
    };
    // The models in order of their best values: who is where.
    let mut ranked: Vec<&Fact> = models.iter().filter_map(|(_, fs)| best(fs, direction)).collect();
    ranked.sort_by(|p, q| if better(d, p.numeric.unwrap_or(f64::NAN), q.numeric.unwrap_or(f64::NAN)) { std::cmp::Ordering::Less } else if better(d, q.numeric.unwrap_or(f64::NAN), p.numeric.unwrap_or(f64::NAN)) { std::cmp::Ordering::Greater } else { std::cmp::Ordering::Equal });
    let shown = ranked.iter().take(rank.max(high).max(low).min(ranked.len())).copied();
    // In words: numerals would read as values the sources do not state.
    let order = ranked.iter().take(rank.max(low).min(ranked.len())).map(|f| format!("{} {}", f.model, f.value)).collect::<Vec<_>>().join(", ");
    let place = if high == low { ordinal(high).to_owned() } else { format!("{} or {}, depending on which recorded value holds", ordinal(high), ordinal(low)) };
    let reason = format!("on {} by {}, {} is {place} (best first: {order})", top_mine.dataset, top_mine.metric, top_mine.model);
    let mut cited: Vec<FactRef> = shown.map(FactRef::of).collect();
    for f in &mine {
        if !cited.iter().any(|c| c.model == f.model && c.value == f.value) {
            cited.push(FactRef::of(f));
        }
    }
    Some(settled(holds, "best", reason, cited))
}

pub(super) fn ordinal(n: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"].get(n.wrapping_sub(1)).copied().unwrap_or("below the tenth")
}

fn worst<'a>(facts: &[&'a Fact], d: Direction) -> Option<&'a Fact> {
    facts.iter().copied().reduce(|a, b| if better(d, a.numeric.unwrap_or(f64::NAN), b.numeric.unwrap_or(f64::NAN)) { b } else { a })
}

/// A model that reached a threshold on a board.
struct Reach<'a> {
    model: &'a str,
    /// The year its first result at the threshold was published (none: cannot be placed).
    year: Option<i32>,
    /// Whether every value kept for it reaches the threshold (a close conflict may not).
    surely: bool,
    /// All its results on the board.
    facts: Vec<&'a Fact>,
}

impl Reach<'_> {
    fn name(&self) -> &str {
        self.facts.first().map_or(self.model, |f| f.model.as_str())
    }

    fn cited(&self) -> Vec<FactRef> {
        self.facts.iter().map(|f| FactRef::of(f)).collect()
    }
}

/// "X was the first to reach V on D": the earliest dated result at V or better, against X's.
fn first_to_reach(x: &NormalizedEntity, threshold: f64, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let board = boards_of(x, entities, facts).into_iter().next()?;
    let d = direction(&board[0].metric);
    let reaches = |f: &Fact| f.numeric.is_some_and(|v| if d == Direction::Lower { v <= threshold + 1e-9 } else { v >= threshold - 1e-9 });
    let reached: Vec<Reach> = by_model(&board)
        .into_iter()
        .filter(|(_, fs)| fs.iter().any(|f| reaches(f)))
        .map(|(model, fs)| {
            let hits: Vec<&Fact> = fs.iter().copied().filter(|f| reaches(f)).collect();
            Reach { model, year: hits.iter().filter_map(|f| first_year(f)).min(), surely: hits.len() == fs.len(), facts: fs }
        })
        .collect();
    let what = format!("{threshold} {} or better on {}", board[0].metric, board[0].dataset);
    let Some(mine) = reached.iter().find(|r| r.facts.iter().any(|f| super::verdict::model_of(x, &f.key.0, &f.model))) else {
        let first = reached.iter().filter(|r| r.year.is_some()).min_by_key(|r| r.year);
        let by = first.map(|r| format!("; {} did first, in {}", r.name(), r.year.unwrap_or_default())).unwrap_or_default();
        return Some(settled(Some(false), "best", format!("the graph records no result of {} at {what}{by}", x.canonical), first.map(Reach::cited).unwrap_or_default()));
    };
    let Some(year) = mine.year else {
        return Some(uncertain("best", format!("the graph records no usable year for {}'s result, so when it reached {what} cannot be placed", mine.name()), vec![], mine.cited()));
    };
    let others = || reached.iter().filter(|r| r.model != mine.model);
    let mine_said = format!("{}'s {} ({year})", mine.name(), values(&mine.facts.iter().copied().filter(|f| reaches(f)).collect::<Vec<_>>()));
    // Another model surely there before X: refuted.
    if let Some(first) = others().filter(|r| r.surely && r.year.is_some_and(|y| y < year)).min_by_key(|r| r.year) {
        let reason = format!("{}'s {} ({}) reached {what} before {mine_said}", first.name(), values(&first.facts), first.year.unwrap_or_default());
        return Some(settled(Some(false), "best", reason, [first.cited(), mine.cited()].concat()));
    }
    // Another there as early, perhaps earlier, or undated; or X there only by one reading.
    let open: Vec<&Reach> = others().filter(|r| r.year.is_none_or(|y| y <= year)).collect();
    if !mine.surely || !open.is_empty() {
        let mut reason = format!("{mine_said} reached {what}");
        if !mine.surely {
            reason.push_str(&format!(", but the graph also records {} for it", values(&mine.facts.iter().copied().filter(|f| !reaches(f)).collect::<Vec<_>>())));
        }
        if !open.is_empty() {
            let said = open.iter().map(|r| format!("{} {}{}", r.name(), values(&r.facts), r.year.map(|y| format!(" ({y})")).unwrap_or_else(|| " (no usable year)".into()))).collect::<Vec<_>>().join(", ");
            reason.push_str(&format!("; so may have {said}"));
        }
        let cited = [mine.cited(), open.iter().flat_map(|r| r.cited()).collect()].concat();
        return Some(uncertain("best", format!("{reason}, so which was first cannot be settled"), vec![], cited));
    }
    Some(settled(Some(true), "best", format!("{mine_said} was the first result of {what} the graph records"), mine.cited()))
}

/// "X's V was reproduced exactly": V stated by two papers or more, and no other value kept
/// for the same result.
fn reproduced(x: &NormalizedEntity, claim: super::numbers::Claimed, entities: &Normalized, facts: &[Fact]) -> Option<Verdict> {
    let fx = facts_of(facts, x, entities);
    let stating: Vec<&Fact> = fx.iter().copied().filter(|f| f.numeric.is_some_and(|v| claim.met_by(v))).collect();
    let first = stating.first()?;
    let others: Vec<&Fact> = fx.iter().copied().filter(|f| f.key == first.key && !f.numeric.is_some_and(|v| claim.met_by(v))).collect();
    let papers = stating.iter().flat_map(|f| &f.papers).count();
    let what = format!("{}'s {} on {} by {}", first.model, first.value, first.dataset, first.metric);
    let cited: Vec<FactRef> = stating.iter().chain(&others).map(|f| FactRef::of(f)).collect();
    Some(if !others.is_empty() {
        let elsewhere = others.iter().map(|f| format!("{} in {}", f.value, f.papers.iter().map(|p| format!("\"{}\"", p.title)).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join("; ");
        settled(Some(false), "achieves", format!("{what} is not reproduced exactly: the graph also records {elsewhere}"), cited)
    } else if papers >= 2 {
        settled(Some(true), "achieves", format!("{what} is stated by {papers} papers, and no other value is recorded for it"), cited)
    } else {
        uncertain("achieves", format!("{what} is stated by one paper only; the graph records no reproduction of it"), vec![], cited)
    })
}

/// "X's V on D was reported in YEAR": the years of the papers stating V.
fn reported_in(question: &str, x: &NormalizedEntity, year: i32, entities: &Normalized, facts: &[Fact], known: &Known) -> Option<Verdict> {
    let claim = claimed(question, entities)?;
    let fx = facts_of(facts, x, entities);
    let stating: Vec<&Fact> = fx.iter().copied().filter(|f| f.numeric.is_some_and(|v| claim.met_by(v))).collect();
    if stating.is_empty() {
        return None;
    }
    let papers: Vec<&super::PaperRef> = stating.iter().flat_map(|f| &f.papers).collect();
    let years_of = |p: &super::PaperRef| known.disputed_years.get(&p.iri).cloned().unwrap_or_else(|| p.year.into_iter().collect());
    let dated: Vec<(String, Vec<i32>)> = papers.iter().map(|p| (p.title.clone(), years_of(p))).collect();
    let said = dated.iter().map(|(t, ys)| if ys.is_empty() { format!("\"{t}\" (no usable year)") } else { format!("\"{t}\" ({})", ys.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ")) }).collect::<Vec<_>>().join(", ");
    let what = format!("{}'s {} on {} by {}", stating[0].model, stating[0].value, stating[0].dataset, stating[0].metric);
    let cited: Vec<FactRef> = stating.iter().map(|f| FactRef::of(f)).collect();
    let holds = if dated.iter().any(|(_, ys)| ys.len() == 1 && ys[0] == year) {
        Some(true)
    } else if dated.iter().any(|(_, ys)| ys.is_empty() || ys.contains(&year)) {
        None
    } else {
        Some(false)
    };
    let reason = match holds {
        Some(true) => format!("{what} is stated in {said}"),
        Some(false) => format!("{what} is stated in {said}, not in a paper of {year}"),
        None => format!("{what} is stated in {said}, so whether it was reported in {year} cannot be settled"),
    };
    Some(settled(holds, "year", reason, cited))
}

/// "Nobody has beaten X's V on D since YEAR": no better result published from YEAR on.
fn unbeaten_since(question: &str, x: &NormalizedEntity, year: i32, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let board = boards_of(x, entities, facts).into_iter().next()?;
    let d = direction(&board[0].metric);
    let mut mine: Vec<&Fact> = board.iter().copied().filter(|f| super::verdict::model_of(x, &f.key.0, &f.model)).collect();
    if let Some(c) = claimed(question, entities) {
        let stated: Vec<&Fact> = mine.iter().copied().filter(|f| f.numeric.is_some_and(|v| c.met_by(v))).collect();
        if stated.is_empty() {
            let reason = format!("the graph records {} for {}, not {}", values(&mine), mine.first()?.model, c.describe());
            return Some(settled(Some(false), "best", reason, mine.iter().map(|f| FactRef::of(f)).collect()));
        }
        mine = stated;
    }
    let top = best(&mine, direction)?;
    let beats = |f: &&Fact| f.key.0 != top.key.0 && better(d, f.numeric.unwrap_or(f64::NAN), top.numeric.unwrap_or(f64::NAN));
    let since: Vec<&Fact> = board.iter().copied().filter(beats).filter(|f| first_year(f).is_some_and(|y| y >= year)).collect();
    // A beater also recorded with a value that does not beat X (a close conflict): whether
    // it beat X depends on which holds.
    let disputed = |f: &&Fact| board.iter().any(|g| g.key == f.key && !beats(g));
    let (open, since): (Vec<&Fact>, Vec<&Fact>) = since.into_iter().partition(disputed);
    let undated: Vec<&Fact> = board.iter().copied().filter(beats).filter(|f| first_year(f).is_none()).collect();
    let what = format!("{}'s {} on {} by {}", top.model, top.value, top.dataset, top.metric);
    let list = |fs: &[&Fact]| fs.iter().map(|f| format!("{} {} ({})", f.model, f.value, first_year(f).map_or("no usable year".into(), |y| y.to_string()))).collect::<Vec<_>>().join(", ");
    let (holds, reason, cited) = if !since.is_empty() {
        (Some(false), format!("{what} was beaten since {year} by {}", list(&since)), [vec![top], since].concat())
    } else if !open.is_empty() {
        let others = open.iter().flat_map(|f| board.iter().copied().filter(|g| g.key == f.key)).collect::<Vec<_>>();
        (None, format!("{} would have beaten {what} since {year} with one of the values the graph records for it, not with the other", list(&others)), [vec![top], others].concat())
    } else if !undated.is_empty() {
        (None, format!("no dated result since {year} beats {what}, but {} cannot be placed in time", list(&undated)), [vec![top], undated].concat())
    } else {
        (Some(true), format!("no result the graph records from {year} on beats {what}"), vec![top])
    };
    Some(settled(holds, "best", reason, cited.into_iter().map(FactRef::of).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::PaperRef;

    fn entity(kind: EntityKind, name: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![], direction: None, link: None }
    }

    /// A result of `model` on board D by Accuracy, stated by one paper of `year`.
    fn fact(model: &str, value: f64, year: Option<i32>) -> Fact {
        Fact {
            model: model.into(),
            dataset: "D".into(),
            metric: "Accuracy".into(),
            value: value.to_string(),
            numeric: Some(value),
            key: (format!("m:{model}"), "d".into(), "acc".into()),
            papers: vec![PaperRef { iri: format!("p:{model}:{value}"), title: format!("{model}: a paper"), year }],
            year,
            support: 1,
            recency: 1.0,
            corroboration: 1.0,
            source_weight: 1.0,
            score: 1.0,
        }
    }

    fn verdict(q: &str, methods: &[&str], facts: &[Fact]) -> Option<Verdict> {
        let entities = Normalized { methods: methods.iter().map(|m| entity(EntityKind::Method, m)).collect(), datasets: vec![entity(EntityKind::Dataset, "D")], ..Default::default() };
        judge(q, &entities, facts, &Known::default(), &|_| Direction::Higher)
    }

    fn label(q: &str, methods: &[&str], facts: &[Fact]) -> Option<Label> {
        verdict(q, methods, facts).map(|v| v.verdict)
    }

    fn board() -> Vec<Fact> {
        vec![fact("A", 71.4, Some(2013)), fact("B", 80.2, Some(2016)), fact("C", 86.1, Some(2020)), fact("C", 85.4, Some(2021)), fact("E", 89.6, Some(2023)), fact("F", 87.2, Some(2024))]
    }

    #[test]
    fn a_margin_is_checked_as_well_as_who_leads() {
        let b = board();
        assert_eq!(label("E beats A on D by 18.2 Accuracy points, right?", &["E", "A"], &b), Some(Label::Supported));
        assert_eq!(label("E beats A on D by 20.2 Accuracy points, right?", &["E", "A"], &b), Some(Label::Refuted), "E leads, by another margin");
        assert_eq!(label("C beats B on D by 5.9 points", &["C", "B"], &b), Some(Label::Uncertain), "5.9 or 5.2: the close conflict decides");
        assert_eq!(label("C beats B on D by 3.4 points", &["C", "B"], &b), Some(Label::Refuted), "false under both values");
        assert_eq!(label("Am I right that E leads A by 18.2 points on D?", &["E", "A"], &b), Some(Label::Supported), "leading by a margin");
        assert_eq!(label("My draft says: \"E is 18.2 points ahead of A on D.\" Is that accurate?", &["E", "A"], &b), Some(Label::Supported));
        assert_eq!(label("A's accuracy on D is 18.2 points lower than E's, right?", &["A", "E"], &b), Some(Label::Supported), "lower accuracy is worse");
        assert_eq!(label("A is 20.2 points behind E on D, right?", &["A", "E"], &b), Some(Label::Refuted));
        let v = verdict("E beats A on D by 20.2 points", &["E", "A"], &b).unwrap();
        assert!(v.reason.contains("18.2") && v.contradicting.len() == 2, "{v:?}");
    }

    #[test]
    fn a_rank_counts_the_models_ahead_under_every_kept_value() {
        let b = board();
        assert_eq!(label("Is F now the second-best model on D?", &["F"], &b), Some(Label::Supported));
        assert_eq!(label("Is C the second-best model on D?", &["C"], &b), Some(Label::Refuted), "C is third");
        assert_eq!(label("C ranks third on D", &["C"], &b), Some(Label::Supported));
        let v = verdict("Is C the second-best model on D?", &["C"], &b).unwrap();
        assert!(v.reason.contains("C is third (best first: E 89.6, F 87.2, C 86.1)"), "{}", v.reason);
    }

    #[test]
    fn in_the_top_n_is_that_place_or_better() {
        let b = board();
        assert_eq!(label("C is still in the top three on D, isn't it?", &["C"], &b), Some(Label::Supported), "third");
        assert_eq!(label("Is C in the top two on D?", &["C"], &b), Some(Label::Refuted));
        assert_eq!(label("Is F in the top two on D?", &["F"], &b), Some(Label::Supported), "second");
        assert_eq!(label("does F make the top two on D?", &["F"], &b), Some(Label::Supported));
        // The rank is said of the model named just before it, not of the first named.
        assert_eq!(label("C came out after F, but is F still in the top 2 on D?", &["C", "F"], &b), Some(Label::Supported));
        assert_eq!(label("F came out after C, but is C still in the top 2 on D?", &["F", "C"], &b), Some(Label::Refuted));
    }

    #[test]
    fn a_first_is_the_earliest_dated_result_at_the_threshold() {
        let b = board();
        assert_eq!(label("Was E the first model to reach 87 on D?", &["E"], &b), Some(Label::Supported));
        assert_eq!(label("Was F the first model to reach 87 on D?", &["F"], &b), Some(Label::Refuted), "E did, in 2023");
        assert_eq!(label("Was E the first model to reach 85 on D?", &["E"], &b), Some(Label::Refuted), "C did, in 2020, under both its values");
        let mut undated = board();
        undated.push(fact("G", 88.0, None));
        assert_eq!(label("Was E the first model to reach 87 on D?", &["E"], &undated), Some(Label::Uncertain), "G cannot be placed");
        let v = verdict("Was E the first model to reach 87 on D?", &["E"], &b).unwrap();
        assert!(v.reason.contains("2023"), "the answer says when: {}", v.reason);
    }

    #[test]
    fn the_year_a_value_was_reported_is_the_year_of_the_paper_stating_it() {
        let b = board();
        assert_eq!(label("A's 71.4 on D was reported in 2013, right?", &["A"], &b), Some(Label::Supported));
        assert_eq!(label("A's 71.4 on D was reported in 2014, right?", &["A"], &b), Some(Label::Refuted));
        assert_eq!(label("C's 85.4 on D was reported in 2020, right?", &["C"], &b), Some(Label::Refuted), "85.4 is the 2021 paper's");
        assert_eq!(label("A's 75.0 on D was reported in 2013, right?", &["A"], &b), None, "a wrong value is left to the value reading");
    }

    #[test]
    fn a_value_reproduced_exactly_needs_a_second_paper_and_no_other_value() {
        let b = board();
        assert_eq!(label("C's 86.1 on D was reproduced exactly by the 2021 study, right?", &["C"], &b), Some(Label::Refuted), "the 2021 paper has 85.4");
        assert_eq!(label("A's 71.4 on D was reproduced exactly, right?", &["A"], &b), Some(Label::Uncertain), "one paper only");
        let mut twice = board();
        twice[0].papers.push(PaperRef { iri: "p:re-run".into(), title: "A re-run".into(), year: Some(2020) });
        assert_eq!(label("A's 71.4 on D was reproduced exactly, right?", &["A"], &twice), Some(Label::Supported));
        assert_eq!(label("A's 71.4 on D: has a second paper reported the same number?", &["A"], &twice), Some(Label::Supported), "asked, not claimed");
        assert_eq!(label("A's 71.4 on D: has a second paper reported the same number?", &["A"], &b), Some(Label::Uncertain));
    }

    #[test]
    fn unbeaten_since_a_year_counts_only_results_from_that_year_on() {
        let b = board();
        assert_eq!(label("Nobody has beaten F's 87.2 on D since 2024, right?", &["F"], &b), Some(Label::Supported), "E's 89.6 is older");
        assert_eq!(label("Nobody has beaten B's 80.2 on D since 2016, right?", &["B"], &b), Some(Label::Refuted));
        assert_eq!(label("Somebody has beaten B's 80.2 on D since 2016, right?", &["B"], &b), Some(Label::Supported));
        let mut open = board();
        open.extend([fact("H", 88.0, Some(2025)), fact("H", 86.0, Some(2025))]);
        assert_eq!(label("Nobody has beaten F's 87.2 on D since 2024, right?", &["F"], &open), Some(Label::Uncertain), "H's 88.0 or 86.0");
    }
}
