//! Where a model stands on a board now: its rank, how far it is behind the best, the models
//! ahead of it, the boards it leads. Claims ("X is within 9.5 points of the best on D",
//! "only 5 models beat X on D", "X is the best on both D1 and D2") get a verdict; questions
//! ("what rank does X have on D?", "how far is X behind the best?", "on which datasets is X
//! the best?") an account (`Verdict::account`). Read on the standing facts under every
//! reading of a close conflict (`record::readings`): a claim is decided only when every
//! reading agrees, and an account says what each reading gives. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::record::{agreed, named_boards, readings, Reads, Told};
use super::verdict::{better, model_of, on_board, uncertain, FactRef, Label, Verdict};
use super::Fact;
use crate::pipeline::front::classify;
use crate::pipeline::front::extract::count_word;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("standing pattern {pattern}: {e}"))
}

/// "within 9.5 points of the best".
static WITHIN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bwithin\s+(\d+(?:\.\d+)?)\s*(?:points?|pp|percentage points?)?\s+of\s+the\s+(?:best|top|leader|record|sota|state of the art)\b"));
/// "only 5 models beat X".
static ONLY_BEAT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:only|just|exactly)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:other\s+)?(?:models?|systems?|methods?|entries|results?)\s+(?:beats?|outperforms?|(?:are|is|score) better than|tops?|outscores?)\b")
});
/// "only two models get above 86", "just one system scores below 10", "only two systems
/// have reached 50 chrF", "only two models had broken 80%".
static ONLY_PAST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:only|just|exactly)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+)?(?:models?|systems?|methods?|entries|results?)\b[^?.]{0,30}?\b(?:above|over|below|under|more than|higher than|greater than|less than|lower than|at least|at most|broken|broke|break|breaks|cleared|clear|clears|surpassed|surpass|passed|pass|reached|reach|reaches|hit|hits|exceeded|exceed|exceeds|crossed|cross)\s+(?:an?\s+|the\s+)?\d")
});
/// "did any model break 85 F1 on D?": whether some model is past the value (the claim that
/// none is, turned round).
static ANY_PAST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:did|has|have|does|do|(?:is|are|was|were)(?:\s+there)?)\s+(?:any|a|some|another|anything|anyone|anybody)\b(?:\s+(?:other\s+)?(?:models?|systems?|methods?|entr(?:y|ies)|ones?|results?))?\b|^\W*(?:some|at\s+least\s+one)\s+(?:other\s+)?(?:model|system|method|entry|approach)\b")
});
/// "nobody had gotten below 12 WER": no model past the value.
static NONE_PAST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:nobody|no one|no-one|no model|no system|no method|none of the models)\s+(?:(?:on|in|for|at)\s+[^?.]{1,50}?\s+)?(?:(?:had|has|have|ever|yet|so far)\s+)*(?:(?:gotten|got|gone|scored|reached|achieved|come|been|get|score|reach|scores|reaches|gets)\b[^?.]{0,20}?\b(?:above|over|below|under|more than|higher than|greater than|less than|lower than|at least|at most)|beats?|beaten|tops?|exceeds?|passe[sd]|clears?|breaks?)\s+(?:an?\s+)?\d")
});
/// "the best on both D1 and D2", "the best on all three datasets it was tested on: D1, D2
/// and D3".
static BOTH: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:best|top|leads?|leading|state of the art|sota)\b[^?]*\b(?:both|all\s+(?:(?:two|three|four|five|six|\d)\s+)?(?:the\s+|its\s+)?(?:datasets|benchmarks|boards)|each\s+of\s+(?:the|its)\s+(?:datasets|benchmarks|boards))\b")
});
/// "X comes out on top on every dataset it was tested on", "X is the best on all of its
/// benchmarks": the best on each board X has a result on, none named.
static EVERY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:best|top|leads?|leading|state of the art|sota|first)\b[^?]*\b(?:every|each)\s+(?:single\s+)?(?:dataset|benchmark|board|leaderboard)\b|\b(?:best|top|leads?|leading|state of the art|sota|first)\b[^?]*\ball\s+(?:of\s+)?(?:its|the)\s+(?:datasets|benchmarks|boards|leaderboards)\b(?:\s+(?:it|they)\s+(?:was|were|has been|have been|is|are)\s+(?:tested|evaluated|run|benchmarked)\s+on)?\s*(?:[,?.!]|$)")
});
/// "X leads a single benchmark" (said by "X doesn't lead a single benchmark", turned round),
/// "X tops any dataset": the best on at least one board X has a result on.
static LEADS_ANY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:leads?|led|tops?|topped|wins?|won|(?:is|was)\s+(?:the\s+)?(?:best|top)\s+on)\s+(?:a\s+single|any|a|some|at\s+least\s+one|one)\s+(?:single\s+)?(?:benchmark|dataset|board|leaderboard)\b")
});
/// "what rank does X have", "where does X rank" (and `classify::asks_how_good`: "is X any
/// good on D?", its place says how good, against the rest of the board).
static RANK: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bwhat\s+(?:rank|position|place)\b|\bwhere\s+(?:does|did|do|is|was)\b[^?]*\brank(?:s|ed)?\b|\bhow\s+(?:does|did)\b[^?]*\brank\b|\bwho\s+(?:sits|is|are|ranks?|scores?|comes?)\s+(?:above|ahead of|higher than)\s+(?:it|them)\b|\b(?:which|what)\s+(?:models?|systems?)\s+(?:sit|are|rank|score)\s+(?:above|ahead of)\b")
});
/// "Why is X not on top?", "how come X no longer holds the record?", "why is Y ranked above
/// X?", "why would anyone say X leads?", "why does X beat Y?": a challenge to where a model
/// stands, answered with
/// its place on the board and who is ahead of it (or behind, when it leads).
static CHALLENGE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:why|how come|how (?:is|can|could|does))\b[^?]*\b(?:not|no longer|isn['’]t|wasn['’]t|doesn['’]t|don['’]t|won['’]t|never)\b[^?]*\b(?:top|best|record|lead|leads|leader|leading|first|ahead|wins?)\b|\bwhy\s+(?:is|was|does|would|do)\b[^?]*\b(?:ranked|ranks?|placed|listed|put|sits?)\s+(?:above|ahead of|higher than|over|below|behind)\b|\bwhy\s+would\s+(?:anyone|anybody|people|you|they)\s+(?:say|claim|think|write)\b[^?]*\b(?:leads?|best|top|record|ahead)\b")
});
/// Whether a question challenges where a model stands ([`CHALLENGE`]): its whole boards are
/// read.
pub fn asks_challenge(question: &str) -> bool {
    CHALLENGE.is_match(question) || classify::asks_why_beats(question)
}

/// Whether a question asks a model's place on a board: [`RANK`], or how good it is there.
fn asks_rank(question: &str) -> bool {
    RANK.is_match(question) || classify::asks_how_good(question)
}

/// "how far is X behind the best".
static BEHIND: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bhow\s+(?:far|much)\s+(?:is|does)\b[^?]*\b(?:behind|below|short of|trail|lag)\b|\b(?:deficit|gap|distance)\s+(?:to|from|behind)\s+(?:the\s+)?(?:leader|best|top|record|first place)\b|\bhow\s+far\s+(?:off|from)\s+(?:the\s+)?(?:best|top|leader|record)\b")
});
/// "on which datasets is X the best".
/// Words of a kind may stand before the noun ("on which atari games is X the best?"), and
/// the record may be held ("which boards does X hold the record on?").
static BEST_WHERE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:(?:on|in|for|at)\s+)?(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:datasets?|benchmarks?|boards?|leaderboards?|tasks?|games?)\s+(?:is|was|does)\b[^?]*\b(?:the best|best|top|lead|leads|state of the art|sota|holds?\s+the\s+(?:record|top spot|top score|best score)|record[- ]holder)\b")
});

/// "On which of its boards is X NOT the record holder?", "which boards did X run on without
/// holding the top score?": the boards of X's where another model is the best.
static NOT_BEST_WHERE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:which|what)\s+(?:of\s+(?:its|their|the|his|her)\s+)?(?:other\s+)?(?:datasets?|benchmarks?|boards?|leaderboards?|games?)\b[^?]*?\b(?:not|n['’]t|never|without)\b[^?]*?\b(?:the best|best|top|lead|leads|leader|leading|record|record holder|state of the art|sota)\b")
});

/// Whether a question asks on which boards a model is the best, or claims it is the best
/// on both of two, on every board it was tested on, or on any: the orchestrator then reads
/// the whole boards of the model's results.
pub fn asks_where_best(question: &str) -> bool {
    BEST_WHERE.is_match(question) || NOT_BEST_WHERE.is_match(question) || BOTH.is_match(question) || EVERY.is_match(question) || LEADS_ANY.is_match(question)
}

/// "How many papers report a result on D?"
static COUNT_PAPERS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bhow many (?:different |distinct )?papers\s+(?:report|reported|give|gave|have|publish|published|state|list)\s+(?:a\s+|any\s+)?(?:results?|scores?|numbers?)\s+(?:on|for)\b"));

/// Whether a question asks how many papers report a result on a board.
pub fn counts_papers(question: &str) -> bool {
    COUNT_PAPERS.is_match(question)
}

/// "On which datasets does A beat B?", "on how many datasets does A beat B?"
static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:on|in|across)\s+(which|what|how many)\s+(?:datasets?|benchmarks?|boards?)\s+(?:does|did|do)\b[^?]*\b(?:beat|beats|outperform|outperforms|do better than|does better than|score better than|score higher than|top)\b")
});

/// Whether a question needs the named models' own results read, whatever its plan read:
/// the boards it leads, two boards at once, or two models across every board they share.
pub fn needs_model_results(question: &str) -> bool {
    asks_where_best(question) || PAIR.is_match(question) || super::margins::asks_closest(question)
}

/// "Which papers disagree about X's result on D?", "which papers put X at V, and does any
/// paper disagree?"
static DISAGREE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bwhich\s+(?:papers?|sources|studies)\s+(?:disagree|differ|conflict|contradict each other)\b|\b(?:does|do|did|is there|are there)\s+(?:any|another|an|a)\s+(?:other\s+)?(?:papers?|sources?|stud(?:y|ies))\s+(?:that\s+)?(?:disagree|differ|conflict|contradict|say otherwise|report(?:s)? (?:a )?different)|\b(?:any|is there (?:a|any)|was there (?:a|any)|are there (?:any)?)\s+(?:disagreements?|conflicts?|discrepanc(?:y|ies))\b|\b(?:disagreements?|discrepanc(?:y|ies))\s+(?:between|among|across)\s+(?:the\s+)?(?:papers|sources|studies)\b")
});

/// Whether a question asks which papers disagree about a result ([`disagreement`]).
pub fn asks_disagreement(question: &str) -> bool {
    DISAGREE.is_match(question)
}

/// "Which papers disagree about X's result on D?": the papers on each side of the values
/// recorded for it (`conflicts`: every disagreement the trust stage found, the side it set
/// aside included, with its papers); none recorded is said plainly, with no value.
pub fn disagreement(question: &str, entities: &Normalized, facts: &[Fact], conflicts: &[super::Conflict]) -> Option<Verdict> {
    if !DISAGREE.is_match(question) {
        return None;
    }
    let x = subject(entities)?;
    let lower = question.to_lowercase();
    let mut told = Told::default();
    for c in conflicts.iter().filter(|c| c.kind == super::ConflictKind::DifferentValues) {
        // The standing fact of the disputed result names its board.
        let Some(f) = facts.iter().find(|f| c.model.as_deref() == Some(f.model.as_str()) && c.sides.iter().any(|s| s.value == f.value)) else { continue };
        if !model_of(x, &f.key.0, &f.model) || !lower.contains(&f.dataset.to_lowercase()) {
            continue;
        }
        // A side the trust stage set aside is said, but is no item of the answer: only the
        // kept value is one (both are, when the conflict is too close to call).
        let kept = |side: &&super::ConflictSide| !c.resolved || c.winner.as_deref().is_none_or(|w| w == side.value);
        let sides: Vec<FactRef> = c
            .sides
            .iter()
            .filter(kept)
            .map(|side| FactRef {
                statement: super::facts::statement(&f.model, &side.value, &f.dataset, &f.metric),
                subject: f.model.clone(),
                model: f.model.clone(),
                dataset: f.dataset.clone(),
                metric: f.metric.clone(),
                value: side.value.clone(),
                papers: side.papers.clone(),
                sources: Vec::new(),
            })
            .collect();
        let each = c.sides.iter().map(|side| format!("{} in {}", side.value, side.papers.iter().map(|p| format!("\"{}\"", p.title)).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join("; ");
        let settled = match (&c.winner, c.resolved) {
            (Some(w), true) => format!(" ({w} was kept; the other value was set aside)"),
            _ => " (too close to call: both are kept)".to_owned(),
        };
        told.add(format!("The papers disagree on {} on {} by {}: {each}{settled}", f.model, f.dataset, f.metric), sides);
    }
    if told.reasons.is_empty() {
        return Some(Verdict::account(format!("The knowledge graph records no disagreement between papers about {}'s result there", x.canonical), Vec::new()));
    }
    told.account()
}

/// "Which WER figure for X on D is the real one?", "which accuracy should I quote?", "what
/// does the literature settle on?", "the F1 the papers agree on, not the odd one out".
static QUOTE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:figure|number|value|score|result|accuracy|acc|f1|bleu|wer|chrf|miou|iou)\b[^?]{0,40}\b(?:should|do|can|to|would)\s+(?:i|we|you)\s+(?:quote|use|cite|list|report|put|take|trust)\b|\b(?:the\s+)?(?:real|actual|true|correct|right)\s+(?:one|figure|number|value|score|accuracy|f1|bleu|wer|chrf)\b|\bwhat(?:'s| is)\s+its\s+(?:actual|real|true)\b|\bholds?\s+up\b|\b(?:literature|papers?)\s+(?:settles?|agrees?|converges?)\s+on\b|\bdoes\s+it\s+really\s+(?:get|score|reach)\b|\bthe\s+odd\s+one\s+out\b")
});

/// Whether a question asks which of a result's values to use ([`quote`]).
pub fn asks_quote(question: &str) -> bool {
    QUOTE.is_match(question)
}

/// "Which WER figure for X on D is the real one?": on each board the question names, the
/// value the trust stage kept for the model (with the papers stating it) and each value it
/// set aside (with its papers and why); two values too close to call are both given, to
/// be quoted together. `None` when the question does not ask this or the model has no
/// standing result there.
pub fn quote(question: &str, entities: &Normalized, facts: &[Fact], conflicts: &[super::Conflict]) -> Option<Verdict> {
    if !QUOTE.is_match(question) {
        return None;
    }
    let x = entities.methods.iter().find(|m| m.is_linked())?;
    let mine: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities) && model_of(x, &f.key.0, &f.model)).collect();
    let mut boards: Vec<(&str, &str)> = mine.iter().map(|f| (f.key.1.as_str(), f.key.2.as_str())).collect();
    boards.sort_unstable();
    boards.dedup();
    let titles = |papers: &[super::PaperRef]| papers.iter().map(super::rerun::named).collect::<Vec<_>>().join(", ");
    let mut said = Vec::new();
    let mut shown = Vec::new();
    for (dataset, metric) in boards {
        let kept: Vec<&Fact> = mine.iter().copied().filter(|f| f.key.1 == dataset && f.key.2 == metric).collect();
        let Some(first) = kept.first() else { continue };
        let on = format!("{} by {}", first.dataset, first.metric);
        let mut line = match kept.as_slice() {
            [one] => format!("for {} on {on}, the value that holds is {} ({})", x.canonical, one.value, titles(&one.papers)),
            many => format!(
                "for {} on {on}, the papers disagree too closely to pick one, so quote both: {}",
                x.canonical,
                many.iter().map(|f| format!("{} ({})", f.value, titles(&f.papers))).collect::<Vec<_>>().join(" or ")
            ),
        };
        // What was set aside for this result, and why.
        for c in conflicts.iter().filter(|c| c.kind == super::ConflictKind::DifferentValues && c.resolved && c.model.as_deref() == Some(first.model.as_str())) {
            if !c.sides.iter().any(|side| kept.iter().any(|k| k.value == side.value)) {
                continue;
            }
            for side in c.sides.iter().filter(|side| c.winner.as_deref() != Some(side.value.as_str())) {
                line.push_str(&format!("; {} ({}) was set aside ({})", side.value, titles(&side.papers), c.rule));
            }
        }
        said.push(line);
        shown.extend(refs(&kept));
    }
    if said.is_empty() {
        return None;
    }
    Some(Verdict::account(capitalized(&said.join("; ")), shown))
}

/// "What's the state of the art for T?", with T's boards as the entities' datasets: each
/// board's best, under every reading of a close conflict (readings of one board said
/// together, boards one after another, never one number across boards). A best whose
/// paper records no year is said with the best dated result after it. With `n` above one
/// ("the top 2 results for T"), each board's best `n` (and any tied with the last).
pub fn state_of(entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction, n: usize) -> Option<Verdict> {
    let now = vec![(0, facts.to_vec())];
    let mut said: Vec<String> = Vec::new();
    let mut shown: Vec<FactRef> = Vec::new();
    for readings in boards(&now, entities, direction) {
        let mut told = Told::default();
        for board in &readings {
            let Some(top) = board.top() else { continue };
            if n > 1 && board.ranked.len() > 1 {
                // Fewer than `n` ahead: the first `n`, and any tied with the last of them.
                let leading: Vec<&Fact> = board.ranked.iter().copied().take_while(|f| board.ahead(f).len() < n).collect();
                let list = leading.iter().map(|f| if f.year.is_none() { format!("{} ({}, its paper records no year)", f.model, f.value) } else { named(f) }).collect::<Vec<_>>().join(", ");
                told.add(format!("On {}, the top {} are {list}", board.label, leading.len()), refs(&leading));
                continue;
            }
            let tied: Vec<&Fact> = board.ranked.iter().copied().filter(|f| f.numeric == top.numeric).collect();
            let mut reason = if tied.len() > 1 {
                format!("On {}, {} share the best", board.label, tied.iter().map(|f| named(f)).collect::<Vec<_>>().join(" and "))
            } else {
                format!("On {}, the best is {}", board.label, named(top))
            };
            let mut cited = tied.clone();
            if top.year.is_none() {
                if let Some(dated) = board.ranked.iter().copied().find(|f| f.year.is_some()) {
                    reason.push_str(&format!(", whose paper records no year; the best dated result there is {}", named(dated)));
                    cited.push(dated);
                }
            }
            told.add(reason, refs(&cited));
        }
        if let Some(reason) = told.reason() {
            said.push(reason);
            shown.extend(told.shown);
        }
    }
    if said.is_empty() {
        return None;
    }
    // One sentence: the citations that close it cover every board.
    let text = said.join("; ").replace("; On ", "; on ");
    Some(Verdict::account(text, shown))
}

/// "X is the state of the art for T", with T's boards as the entities' datasets (two or
/// more): X must lead each. `REFUTED` when another model leads a board X has a result on,
/// under every reading; `SUPPORTED` when X leads every board under every reading;
/// otherwise `UNCERTAIN` (a board too close to call, or one X has no result on). `None`
/// for a problem with one board: the ordinary judgement reads it.
pub fn best_across(x: &NormalizedEntity, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let now = vec![(0, facts.to_vec())];
    let mut per_board: Vec<Verdict> = Vec::new();
    for readings in boards(&now, entities, direction) {
        let Some(label) = readings.first().map(|b| b.label.clone()) else { continue };
        if readings.iter().all(|b| b.of_model(x).is_none()) {
            let top: Vec<&Fact> = readings.iter().filter_map(|b| b.top()).collect();
            let leads = top.first().map(|t| format!(", where {} leads", named(t))).unwrap_or_default();
            per_board.push(uncertain("best", format!("the graph records no result of {} on {label}{leads}", x.canonical), vec![], refs(&top)));
            continue;
        }
        per_board.extend(agreed(readings.iter().map(|b| best_on(b, x)).collect()));
    }
    if per_board.len() < 2 {
        return None;
    }
    let v = combined(joined(&per_board, Label::Refuted), per_board);
    Some(Verdict { reason: format!("Across the problem's boards: {}", v.reason), ..v })
}

/// Whether a question (not a claim) is answered by [`account`].
pub fn asks_account(question: &str) -> bool {
    asks_rank(question) || asks_challenge(question) || BEHIND.is_match(question) || BEST_WHERE.is_match(question) || NOT_BEST_WHERE.is_match(question) || COUNT_PAPERS.is_match(question) || PAIR.is_match(question) || DISAGREE.is_match(question) || QUOTE.is_match(question)
}

/// One reading of one board: each model's value (its best standing one when a reading
/// leaves two, which only an unresolved duplicate does), best first.
pub(super) struct Board<'a> {
    pub label: String,
    pub ranked: Vec<&'a Fact>,
    pub d: Direction,
}

impl<'a> Board<'a> {
    pub(super) fn of(facts: Vec<&'a Fact>, direction: &dyn Fn(&str) -> Direction) -> Option<Self> {
        let first = facts.first()?;
        let d = direction(&first.metric);
        let label = format!("{} by {}", first.dataset, first.metric);
        let value = |f: &Fact| f.numeric.unwrap_or(f64::NAN);
        let mut ranked: Vec<&Fact> = Vec::new();
        for f in facts {
            match ranked.iter_mut().find(|g| g.key.0 == f.key.0) {
                Some(g) if better(d, value(f), value(g)) => *g = f,
                Some(_) => {}
                None => ranked.push(f),
            }
        }
        ranked.sort_by(|a, b| if better(d, value(a), value(b)) { std::cmp::Ordering::Less } else if better(d, value(b), value(a)) { std::cmp::Ordering::Greater } else { std::cmp::Ordering::Equal });
        Some(Self { label, ranked, d })
    }
    pub fn of_model(&self, x: &NormalizedEntity) -> Option<&'a Fact> {
        self.ranked.iter().copied().find(|f| model_of(x, &f.key.0, &f.model))
    }
    /// The models strictly ahead of `mine`.
    pub fn ahead(&self, mine: &Fact) -> Vec<&'a Fact> {
        self.ranked.iter().copied().filter(|f| f.key.0 != mine.key.0 && better(self.d, f.numeric.unwrap_or(f64::NAN), mine.numeric.unwrap_or(f64::NAN))).collect()
    }
    pub fn top(&self) -> Option<&'a Fact> {
        self.ranked.first().copied()
    }
}

/// Every reading of every board the question names that `facts` hold.
pub(super) fn boards<'a>(now: &'a [(i32, Vec<Fact>)], entities: &Normalized, direction: &dyn Fn(&str) -> Direction) -> Vec<Vec<Board<'a>>> {
    named_boards(now, entities).into_iter().map(|k| readings(now, k).into_iter().filter_map(|r| r.into_iter().next().and_then(|(_, fs)| Board::of(fs, direction))).collect()).collect()
}

pub(super) fn refs(facts: &[&Fact]) -> Vec<FactRef> {
    facts.iter().map(|f| FactRef::of(f)).collect()
}

pub(super) fn named(f: &Fact) -> String {
    format!("{} ({})", f.model, f.value)
}

/// `s` with its first letter a capital: an account's sentence opens with one.
pub(super) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn gap<'a>(board: &Board<'a>, mine: &Fact) -> Option<(f64, &'a Fact)> {
    let top = board.top()?;
    Some((((top.numeric? - mine.numeric?).abs() * 10.0).round() / 10.0, top))
}

/// The model the claim is about: the linked one (a count like "only 5 models" is read as
/// a name by the extractor, unlinked).
fn subject(entities: &Normalized) -> Option<&NormalizedEntity> {
    entities.methods.iter().find(|m| m.is_linked()).or_else(|| entities.methods.first())
}

/// Judges a claim about where a model stands; `None` when the claim is not one.
pub fn judge(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    let only = ONLY_PAST.captures(question).and_then(|c| Some((count_word(&c[1])?, c.get(0)?.start())));
    if let Some((n, at)) = only.or_else(|| NONE_PAST.find(question).map(|m| (0, m.start()))) {
        // "no model on D beats 90 accuracy": beating a value is being above it ("beats 3
        // models" elsewhere counts models, so the threshold reader does not take "beats").
        static BEATS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:beats?|beaten|tops?)\s+(\d)"));
        let past = crate::pipeline::front::extract::threshold(&BEATS.replace(&question[at..], "above $1"))?;
        let now = [(0, facts.to_vec())];
        return agreed(on_scale(question, boards(&now, entities, direction)).into_iter().map(|b| only_past(&b, n, past, entities)).collect());
    }
    if entities.methods.is_empty() {
        if let Some(past) = ANY_PAST.find(question).and_then(|m| crate::pipeline::front::extract::threshold(&question[m.end()..])) {
            let now = [(0, facts.to_vec())];
            let none = agreed(on_scale(question, boards(&now, entities, direction)).into_iter().map(|b| only_past(&b, 0, past, entities)).collect())?;
            return Some(super::verdict::turned(none));
        }
    }
    if LEADS_ANY.is_match(question) {
        let x = subject(entities)?;
        let now = vec![(0, facts.to_vec())];
        let all = Normalized { methods: entities.methods.clone(), metrics: entities.metrics.clone(), ..Normalized::default() };
        let verdicts: Vec<Verdict> = boards(&now, &all, direction).iter().filter(|r| r.iter().any(|b| b.of_model(x).is_some())).filter_map(|r| agreed(r.iter().map(|b| best_on(b, x)).collect())).collect();
        if verdicts.is_empty() {
            return None;
        }
        // One board it leads under every reading is enough; one it may lead leaves it open.
        return Some(combined(joined(&verdicts, Label::Supported), verdicts));
    }
    let within = WITHIN.captures(question).and_then(|c| c[1].parse::<f64>().ok());
    let only = ONLY_BEAT.captures(question).and_then(|c| count_word(&c[1]));
    // ("the best on each of its datasets: D1, D2 and D3" names them, and is `BOTH`.)
    let every = !BOTH.is_match(question) && EVERY.is_match(question);
    let both = BOTH.is_match(question) || every;
    if within.is_none() && only.is_none() && !both {
        return None;
    }
    let x = subject(entities)?;
    let now = vec![(0, facts.to_vec())];
    let boards = boards(&now, entities, direction);
    let mut read = Vec::new();
    if both {
        // The boards whose datasets the claim names (the extractor may read "both D1 and
        // D2" as one name): X must be the best on each; one board refuting is enough.
        let lower = question.to_lowercase();
        // A board is named by its label, or by the label's first word written as a name
        // ("Orrenby" for the Orrenby Parallel Corpus): only the model's own boards are read.
        let by_first_word = |label: &str| {
            label.split([' ', '-']).next().filter(|w| w.chars().count() >= 5 && w.starts_with(char::is_uppercase)).is_some_and(|w| {
                question.split(|c: char| !c.is_alphanumeric() && c != '-').any(|q| q == w)
            })
        };
        let named = |b: &Board<'_>| b.ranked.first().is_some_and(|f| lower.contains(&f.dataset.to_lowercase()) || by_first_word(&f.dataset));
        let all = Normalized { methods: entities.methods.clone(), metrics: entities.metrics.clone(), ..Normalized::default() };
        let boards = self::boards(&now, &all, direction);
        let mut per_board: Vec<Vec<Reads>> = Vec::new();
        // "On every dataset it was tested on": each board X has a result on, when the
        // claim names none.
        let own = |b: &Board<'_>| every && b.of_model(x).is_some();
        let any_named = boards.iter().any(|r| r.first().is_some_and(named));
        for readings in boards.iter().filter(|r| r.first().is_some_and(|b| named(b) || (!any_named && own(b)))) {
            per_board.push(readings.iter().map(|b| best_on(b, x)).collect());
        }
        let verdicts: Vec<Verdict> = per_board.into_iter().filter_map(agreed).collect();
        if verdicts.len() < if every { 1 } else { 2 } {
            let reason = match verdicts.is_empty() {
                // ("X is the best on every dataset it was tested on", X tested on none.)
                true => format!("the graph records no scored result of {}", x.canonical),
                false => format!("the graph records results of {} on fewer boards than the claim names", x.canonical),
            };
            return Some(uncertain("best", reason, vec![], verdicts.into_iter().flat_map(|v| v.contradicting.into_iter().chain(v.supporting)).collect()));
        }
        return Some(combined(joined(&verdicts, Label::Refuted), verdicts));
    }
    for board in boards.iter().flatten() {
        let Some(mine) = board.of_model(x) else { continue };
        if let Some(m) = within {
            let Some((g, top)) = gap(board, mine) else { continue };
            let label = if g * 10.0 <= (m * 10.0).round() { Label::Supported } else { Label::Refuted };
            let reason = if top.key.0 == mine.key.0 {
                format!("{} is the best on {}", named(mine), board.label)
            } else {
                format!("{} is {g:.1} points behind the best on {}, {}", named(mine), board.label, named(top))
            };
            read.push((label, reason, refs(&[top, mine])));
        } else if let Some(n) = only {
            let ahead = board.ahead(mine);
            let label = if ahead.len() == n { Label::Supported } else { Label::Refuted };
            let list = ahead.iter().map(|f| named(f)).collect::<Vec<_>>().join(", ");
            let mut reason = match ahead.len() {
                0 => format!("no model beats {} on {}", named(mine), board.label),
                k => format!("{k} model{} beat{} {} on {}: {list}", if k == 1 { "" } else { "s" }, if k == 1 { "s" } else { "" }, named(mine), board.label),
            };
            // The model the claim's place belongs to: the one with exactly N ahead of it.
            let placed = board.ranked.iter().find(|f| f.key.0 != mine.key.0 && board.ahead(f).len() == n).copied();
            if let Some(p) = placed.filter(|_| label == Label::Refuted) {
                reason.push_str(&format!("; the model {n} beat{} is {}", if n == 1 { "s" } else { "" }, named(p)));
            }
            read.push((label, reason, [refs(&ahead), refs(&[mine]), placed.filter(|_| label == Label::Refuted).map(|p| refs(&[p])).unwrap_or_default()].concat()));
        }
    }
    agreed(read)
}

/// "Only N models score above V (namely A and B)" on one reading of one board: exactly N
/// models pass, and the models named are among them. The first model that misses is told
/// too, since it is what a close call turns on.
fn only_past(board: &Board<'_>, n: usize, past: crate::pipeline::front::extract::Threshold, entities: &Normalized) -> Reads {
    let (passing, missing): (Vec<&Fact>, Vec<&Fact>) = board.ranked.iter().copied().partition(|f| f.numeric.is_some_and(|v| past.passes(v)));
    let named_pass = n == 0 || entities.methods.iter().filter(|m| m.is_linked()).all(|m| passing.iter().any(|f| model_of(m, &f.key.0, &f.model)));
    let label = if passing.len() == n && named_pass { Label::Supported } else { Label::Refuted };
    let list = passing.iter().map(|f| named(f)).collect::<Vec<_>>().join(", ");
    let mut reason = match passing.len() {
        0 => format!("no model has a result {} on {}", past.describe(), board.label),
        1 => format!("1 model has a result {} on {}: {list}", past.describe(), board.label),
        k => format!("{k} models have a result {} on {}: {list}", past.describe(), board.label),
    };
    let next = if past.above { missing.first() } else { missing.last() };
    if let Some(f) = next {
        reason.push_str(&format!("; the next is {}", named(f)));
    }
    (label, reason, [refs(&passing), next.map(|f| refs(&[f])).unwrap_or_default()].concat())
}

/// The boards a bar written as a percentage ("above 95%") can be read on: those whose
/// metric can be one, when there are any (CIFAR-10 by bits/dimension is no reading of
/// "above 95%"); every board otherwise.
fn on_scale<'a>(question: &str, boards: Vec<Vec<Board<'a>>>) -> Vec<Board<'a>> {
    static PERCENT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\d\s*(?:%|percent\b|per cent\b)"));
    let all: Vec<Board<'a>> = boards.into_iter().flatten().collect();
    let metric = |b: &Board<'_>| b.ranked.first().is_some_and(|f| crate::pipeline::front::metrics::can_be_percent(&f.metric));
    if PERCENT.is_match(question) && all.iter().any(metric) && !all.iter().all(metric) {
        return all.into_iter().filter(metric).collect();
    }
    all
}

/// "X is in the top N on D" on one reading of one board: its place counts the models
/// ahead of it. Without a result of X there, the board's top N are shown.
pub(super) fn top_on(board: &Board<'_>, x: &NormalizedEntity, n: usize) -> Reads {
    let Some(mine) = board.of_model(x) else {
        return (Label::Refuted, format!("the graph records no result of {} on {}", x.canonical, board.label), refs(&board.ranked[..n.min(board.ranked.len())]));
    };
    let ahead = board.ahead(mine);
    let place = ahead.len() + 1;
    let label = if place <= n { Label::Supported } else { Label::Refuted };
    (label, format!("{} is {} on {}", named(mine), super::qualifiers::ordinal(place), board.label), [refs(&[mine]), refs(&ahead)].concat())
}

/// "X is the best on D" on one reading of one board.
fn best_on(board: &Board<'_>, x: &NormalizedEntity) -> Reads {
    let Some(top) = board.top() else { return (Label::Uncertain, format!("the graph records no result on {}", board.label), vec![]) };
    match board.of_model(x) {
        Some(mine) if mine.key.0 == top.key.0 && board.ahead(mine).is_empty() && !board.ranked.iter().any(|f| f.key.0 != mine.key.0 && f.numeric == mine.numeric) => {
            (Label::Supported, format!("{} is the best on {}", named(mine), board.label), refs(&[mine]))
        }
        Some(mine) if board.ranked.iter().any(|f| f.key.0 != mine.key.0 && f.numeric == mine.numeric) && board.ahead(mine).is_empty() => {
            (Label::Uncertain, format!("{} ties the best on {}", named(mine), board.label), refs(&[mine]))
        }
        Some(mine) => (Label::Refuted, format!("on {}, {} is the best, not {}", board.label, named(top), named(mine)), refs(&[top, mine])),
        None => (Label::Refuted, format!("on {}, {} is the best; the graph records no result of {} there", board.label, named(top), x.canonical), refs(&[top])),
    }
}

/// Several boards' verdicts on one claim: `enough` from one board decides it (`REFUTED` for
/// a claim on each board, `SUPPORTED` for one on any), the other only from every board.
fn joined(verdicts: &[Verdict], enough: Label) -> Label {
    let other = if enough == Label::Refuted { Label::Supported } else { Label::Refuted };
    if verdicts.iter().any(|v| v.verdict == enough) {
        enough
    } else if verdicts.iter().all(|v| v.verdict == other) {
        other
    } else {
        Label::Uncertain
    }
}

/// One verdict on a claim about several boards, from each board's: their reasons said in
/// turn and their facts shown.
fn combined(label: Label, verdicts: Vec<Verdict>) -> Verdict {
    let reason = verdicts.iter().map(|v| v.reason.clone()).collect::<Vec<_>>().join("; ");
    let facts: Vec<FactRef> = verdicts.into_iter().flat_map(|v| v.supporting.into_iter().chain(v.contradicting)).collect();
    let (supporting, contradicting) = if label == Label::Supported { (facts, vec![]) } else { (vec![], facts) };
    Verdict { verdict: label, relation: "best".into(), reason, supporting, contradicting }
}

/// The answer to a question about where a model stands; `None` when it is not one, or the
/// facts do not place the model.
pub fn account(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    if !asks_account(question) {
        return None;
    }
    if COUNT_PAPERS.is_match(question) {
        return papers_reporting(entities, facts);
    }
    // ("On which datasets does X make the top two?" is X's place, not X over another.)
    if let Some(c) = PAIR.captures(question).filter(|_| super::qualifiers::top_n(question).is_none()) {
        return pairwise(question, entities, facts, direction, c[1].eq_ignore_ascii_case("how many"));
    }
    let x = subject(entities)?;
    let now = vec![(0, facts.to_vec())];
    let mut told = Told::default();
    let not_best = NOT_BEST_WHERE.is_match(question);
    if BEST_WHERE.is_match(question) || not_best {
        // "On which datasets does X make the top two?": a place within the top N, not the best.
        let top_n = super::qualifiers::top_n(question).filter(|_| !not_best);
        // Every board X has a result on, whatever the question names.
        let all = Normalized { methods: entities.methods.clone(), ..Normalized::default() };
        let mut led: Vec<String> = Vec::new();
        let mut open: Vec<String> = Vec::new();
        let mut on_any = false;
        // Boards X has no value on, for a question asking where it is not the best: the
        // boards read are those of X's results, valued or not.
        let mut unled: Vec<String> = Vec::new();
        // "On which atari games is X the best?": only X's boards of that kind.
        let family = crate::pipeline::front::boards_family(question);
        for readings in boards(&now, &all, direction) {
            if family.as_deref().is_some_and(|f| !readings.iter().any(|b| crate::pipeline::front::in_family(f, &b.label))) {
                continue;
            }
            let outcomes: Vec<Reads> = readings.iter().map(|b| top_n.map_or_else(|| best_on(b, x), |n| top_on(b, x, n))).filter(|o| !o.2.is_empty()).collect();
            if readings.iter().all(|b| b.of_model(x).is_none()) {
                if let Some((top, board)) = readings.iter().find_map(|b| Some((b.top()?, b))).filter(|_| not_best) {
                    unled.push(format!("on {}, {} is the best and {} has no value recorded", board.label, named(top), x.canonical));
                    told.add(String::new(), refs(&[top]));
                }
                continue;
            }
            on_any = true;
            let Some(v) = agreed(outcomes) else { continue };
            match v.verdict {
                Label::Supported => {
                    led.push(v.reason.clone());
                    told.add(String::new(), v.supporting);
                }
                Label::Uncertain => {
                    open.push(v.reason.trim_start_matches("the graph leaves it open: ").to_owned());
                    told.add(String::new(), v.contradicting);
                }
                Label::Refuted => {
                    if not_best {
                        unled.push(v.reason.clone());
                        told.add(String::new(), v.contradicting.iter().chain(&v.supporting).cloned().collect());
                    }
                }
            }
        }
        if not_best {
            let text = if unled.is_empty() {
                format!("The knowledge graph records no dataset on which {} was evaluated and is not the best", x.canonical)
            } else {
                format!("Of the datasets {} was evaluated on, it is not the best on these: {}", x.canonical, unled.join("; "))
            };
            return (on_any || !unled.is_empty()).then(|| Verdict::account(text, told.shown));
        }
        if !on_any {
            return None;
        }
        let standing = top_n.map_or_else(|| "the best".to_owned(), |n| format!("in the top {n}"));
        // A family read by its name ("DQN": "DQN hs", "DQN noop") is said by that name.
        let by_family_name = crate::pipeline::front::lexicon::normalize(&x.text) != crate::pipeline::front::lexicon::normalize(&x.canonical) && crate::pipeline::front::normalize::opens(&x.text, &x.canonical);
        let who = if by_family_name { &x.text } else { &x.canonical };
        let mut text = if led.is_empty() {
            format!("The knowledge graph records no dataset on which {who} is {standing} now")
        } else {
            format!("Of the datasets {who} was evaluated on, it is {standing} now on these: {}", led.join("; "))
        };
        if !open.is_empty() {
            text.push_str(&format!("; too close to call: {}", open.join("; ")));
        }
        return Some(Verdict::account(text, told.shown));
    }
    let challenged = asks_challenge(question);
    let ranked = asks_rank(question) || challenged;
    let read = boards(&now, entities, direction);
    for board in read.iter().flatten() {
        let Some(mine) = board.of_model(x) else { continue };
        if ranked {
            let ahead = board.ahead(mine);
            let rank = ahead.len() + 1;
            let list = ahead.iter().map(|f| named(f)).collect::<Vec<_>>().join(", ");
            // A challenge to a leader is answered with the result it leads (a rank alone
            // says nothing of why).
            let next = board.ranked.iter().find(|f| f.key.0 != mine.key.0).filter(|_| challenged && ahead.is_empty());
            let reason = match (ahead.is_empty(), next) {
                (true, Some(n)) => {
                    told.add(String::new(), refs(&[n]));
                    format!("{} ranks 1 of {} on {}, ahead of {}", named(mine), board.ranked.len(), board.label, named(n))
                }
                (true, None) => format!("{} ranks 1 of {} on {}", named(mine), board.ranked.len(), board.label),
                (false, _) => {
                    format!("{} ranks {rank} of {} on {}, behind {list}", named(mine), board.ranked.len(), board.label)
                }
            };
            told.add(reason, [refs(&[mine]), refs(&ahead)].concat());
        } else if BEHIND.is_match(question) {
            let Some((g, top)) = gap(board, mine) else { continue };
            if top.key.0 == mine.key.0 {
                told.add(format!("{} is the best on {}: it is behind no one", named(mine), board.label), refs(&[mine]));
            } else {
                told.add(format!("{} is {g:.1} points behind the best on {}, {}", named(mine), board.label, named(top)), refs(&[mine, top]));
            }
        }
    }
    // "Why does X beat Y on D?": a rival named with no result where X's place was read is
    // said to have none (X's rank alone would let the question's premise stand).
    let mut on: Vec<&str> = read.iter().flatten().filter_map(|b| b.of_model(x)).map(|f| f.dataset.as_str()).collect();
    on.sort_unstable();
    on.dedup();
    let unranked: Vec<&str> = entities
        .methods
        .iter()
        .filter(|m| ranked && m.is_linked() && m.canonical != x.canonical && read.iter().flatten().all(|b| b.of_model(m).is_none()))
        .map(|m| m.canonical.as_str())
        .collect();
    let mut v = told.account()?;
    if !on.is_empty() && !unranked.is_empty() {
        v.reason.push_str(&format!("; the graph records no result of {} on {}", unranked.join(" or "), on.join(", ")));
    }
    Some(v)
}

/// "How many papers report a result on D?": the papers stating a standing score on the
/// boards named (a `-` is no score; a value that lost a conflict is no standing result).
fn papers_reporting(entities: &Normalized, facts: &[Fact]) -> Option<Verdict> {
    let on: Vec<&Fact> = facts.iter().filter(|f| on_board(f, entities)).collect();
    let dataset = on.first()?.dataset.clone();
    let mut titles: Vec<&str> = on.iter().flat_map(|f| f.papers.iter().map(|p| p.title.as_str())).collect();
    titles.sort_unstable();
    titles.dedup();
    let n = titles.len();
    let listed = titles.iter().map(|t| format!("\"{t}\"")).collect::<Vec<_>>().join("; ");
    let reason = format!("{n} paper{} report{} a result on {dataset}: {listed}", if n == 1 { "" } else { "s" }, if n == 1 { "s" } else { "" });
    Some(Verdict::account(reason, refs(&on)))
}

/// "On which (how many) datasets does A beat B?": every board both have a standing score
/// on, A's against B's under every reading of a close conflict; a board where the readings
/// disagree is too close to call, and said to be.
fn pairwise(question: &str, entities: &Normalized, facts: &[Fact], direction: &dyn Fn(&str) -> Direction, count: bool) -> Option<Verdict> {
    // Where each name stands in the question, as a word ("A" is not the a of "many").
    let at = |e: &NormalizedEntity| Regex::new(&format!(r"(?i)\b{}\b", regex::escape(&e.text))).ok().and_then(|r| r.find(question)).map_or(usize::MAX, |m| m.start());
    let [m1, m2, ..] = entities.methods.as_slice() else { return None };
    let (a, b) = if at(m1) <= at(m2) { (m1, m2) } else { (m2, m1) };
    let now = vec![(0, facts.to_vec())];
    let (mut wins, mut open, mut shared) = (Vec::new(), Vec::new(), 0);
    let mut told = Told::default();
    // Only the boards the graph holds narrow it ("on how many datasets" is no dataset,
    // though the extractor may read it as one).
    let scope = Normalized { datasets: entities.datasets.iter().filter(|d| d.is_linked()).cloned().collect(), methods: entities.methods.clone(), metrics: entities.metrics.clone(), ..Normalized::default() };
    for readings in boards(&now, &scope, direction) {
        let pairs: Vec<(&Fact, &Fact, bool)> = readings
            .iter()
            .filter_map(|board| {
                let (x, y) = (board.of_model(a)?, board.of_model(b)?);
                Some((x, y, better(board.d, x.numeric?, y.numeric?)))
            })
            .collect();
        let Some(&(x, _, _)) = pairs.first() else { continue };
        shared += 1;
        let on = format!("{} by {}", x.dataset, x.metric);
        let values = |p: &[(&Fact, &Fact, bool)]| {
            let mut xs: Vec<&str> = p.iter().map(|(x, _, _)| x.value.as_str()).collect();
            let mut ys: Vec<&str> = p.iter().map(|(_, y, _)| y.value.as_str()).collect();
            xs.dedup();
            ys.dedup();
            format!("{} {} vs {} {}", a.canonical, xs.join(" / "), b.canonical, ys.join(" / "))
        };
        // A count rests on every board shared; a list on the boards it names.
        let named = pairs.iter().any(|p| p.2);
        if named || count {
            told.add(String::new(), pairs.iter().flat_map(|(x, y, _)| refs(&[x, y])).collect());
        }
        if pairs.iter().all(|p| p.2) {
            wins.push(format!("{on} ({})", values(&pairs)));
        } else if named {
            open.push(format!("{on} ({})", values(&pairs)));
        }
    }
    if shared == 0 {
        return None;
    }
    let close = if open.is_empty() { String::new() } else { format!("; too close to call on {}", open.join("; ")) };
    let text = match (count, wins.is_empty()) {
        (true, _) => {
            let n = wins.len();
            let range = if open.is_empty() { n.to_string() } else { format!("{n} to {}", n + open.len()) };
            let listed = if wins.is_empty() { String::new() } else { format!(": {}", wins.join("; ")) };
            format!("{} beats {} on {range} of the {shared} dataset board{} both have scores on{listed}{close}", a.canonical, b.canonical, if shared == 1 { "" } else { "s" })
        }
        (false, true) => format!("The knowledge graph records no dataset on which {} beats {}{close}", a.canonical, b.canonical),
        (false, false) => format!("{} beats {} on {}{close}", a.canonical, b.canonical, wins.join("; ")),
    };
    Some(Verdict::account(text, told.shown))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::linked;

    fn fact(model: &str, dataset: &str, value: f64) -> Fact {
        crate::pipeline::trust::fixtures::fact(model, dataset, "WER", value)
    }

    fn judged(q: &str, model: &str, facts: &[Fact]) -> Option<Label> {
        let entities = Normalized { methods: vec![linked(EntityKind::Method, model)], ..Normalized::default() };
        judge(q, &entities, facts, &|_| Direction::Lower).map(|v| v.verdict)
    }

    #[test]
    fn no_model_past_a_value_is_judged_on_the_board_named_between_and_any_model_asked_too() {
        let facts = vec![fact("P", "D1", 54.7), fact("C", "D1", 40.0)];
        let board = Normalized { datasets: vec![linked(EntityKind::Dataset, "D1")], ..Normalized::default() };
        let higher = |_: &str| Direction::Higher;
        let verdict = |q: &str| judge(q, &board, &facts, &higher).map(|v| v.verdict);
        assert_eq!(verdict("no model on D1 beats 90 accuracy"), Some(Label::Supported));
        assert_eq!(verdict("no model on D1 gets above 50"), Some(Label::Refuted));
        assert_eq!(verdict("is any model above 90 on D1?"), Some(Label::Refuted));
        assert_eq!(verdict("is any model above 50 on D1?"), Some(Label::Supported));
        assert_eq!(verdict("Some model reaches 90 on D1."), Some(Label::Refuted), "a statement that some model is past the value");
    }

    #[test]
    fn a_bar_written_as_a_percentage_is_not_read_on_a_board_of_bits() {
        use crate::pipeline::trust::fixtures::fact as by;
        let facts = vec![by("E", "D1", "bits/dimension", 2.8), by("E", "D1", "Percentage correct", 99.7)];
        let board = Normalized { datasets: vec![linked(EntityKind::Dataset, "D1")], ..Normalized::default() };
        let direction = |m: &str| crate::pipeline::front::metrics::direction_by_words(m);
        let verdict = |q: &str| judge(q, &board, &facts, &direction).map(|v| v.verdict);
        assert_eq!(verdict("has anyone scored above 95% on D1?"), Some(Label::Supported));
        assert_eq!(verdict("has anyone scored above 95 on D1?"), Some(Label::Uncertain), "without a percentage both readings stand");
    }

    #[test]
    fn a_challenge_to_where_a_model_stands_is_read() {
        for q in ["Why is Wendrel-S not on top of Corvalla-Ice?", "Wendrel-S is the most recent model on Corvalla-Ice. How is it not the one on top there?", "Why do you keep saying PimbraFormer no longer holds the BenchMira record?", "Why is Plumaro ranked above it?", "so why would anyone say Undertow-GNN leads there?"] {
            assert!(asks_challenge(q) && asks_account(q), "{q}");
        }
        for q in ["Why is BenchMira used for crevasse detection?", "Which model is on top of D?"] {
            assert!(!asks_challenge(q), "{q}");
        }
    }

    #[test]
    fn a_challenge_naming_a_rival_with_no_result_there_says_it_has_none() {
        let facts = vec![fact("P", "D1", 8.1), fact("C", "D1", 8.9), fact("Q", "D2", 5.0)];
        let entities = Normalized { methods: vec![linked(EntityKind::Method, "P"), linked(EntityKind::Method, "Q")], datasets: vec![linked(EntityKind::Dataset, "D1")], ..Normalized::default() };
        let v = account("Why does P beat Q on D1?", &entities, &facts, &|_| Direction::Lower).expect("an account");
        assert!(v.reason.contains("ranks 1 of 2 on D1") && v.reason.ends_with("the graph records no result of Q on D1"), "{}", v.reason);
        let both = Normalized { methods: vec![linked(EntityKind::Method, "P"), linked(EntityKind::Method, "C")], ..entities };
        let v = account("Why does P beat C on D1?", &both, &facts, &|_| Direction::Lower).expect("an account");
        assert!(!v.reason.contains("no result"), "C has one: {}", v.reason);
    }

    #[test]
    fn the_best_on_every_board_a_model_was_tested_on_reads_each_of_its_boards() {
        // P leads D1 and D2; C is behind on D1 and leads D2 only under one reading (A: 6.8 or 7.9).
        let facts = vec![fact("P", "D1", 8.1), fact("C", "D1", 8.9), fact("P", "D2", 5.0), fact("C", "D3", 7.2), fact("A", "D3", 6.8), fact("A", "D3", 7.9)];
        assert_eq!(judged("P comes out on top on every dataset it was tested on, doesn't it?", "P", &facts), Some(Label::Supported));
        assert_eq!(judged("C is the best on all of its benchmarks, right?", "C", &facts), Some(Label::Refuted), "behind on D1");
        assert!(asks_where_best("P comes out on top on every dataset it was tested on"), "the whole boards are read");
        let v = judge("Q is the best on every dataset it was evaluated on", &Normalized { methods: vec![linked(EntityKind::Method, "Q")], ..Normalized::default() }, &facts, &|_| Direction::Lower).expect("a verdict");
        assert!(v.verdict == Label::Uncertain && v.reason.contains("no scored result of Q"), "a model with no result at all: {}", v.reason);
    }

    #[test]
    fn leading_a_single_board_is_settled_by_one_led_under_every_reading() {
        let facts = vec![fact("P", "D1", 8.1), fact("C", "D1", 8.9), fact("C", "D3", 7.2), fact("A", "D3", 6.8), fact("A", "D3", 7.9)];
        assert_eq!(judged("C leads a single benchmark", "C", &facts), Some(Label::Uncertain), "D3 depends on which of A's values holds");
        assert_eq!(judged("P leads a single benchmark", "P", &facts), Some(Label::Supported));
        let behind = vec![fact("P", "D1", 8.1), fact("C", "D1", 8.9)];
        assert_eq!(judged("does C top any dataset?", "C", &behind), Some(Label::Refuted));
    }
}
