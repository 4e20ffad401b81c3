//! The question's time anchor: "as of 2018", "in 2019", "before 2020" (= by 2019).
//!
//! Read from the wording alone, before anything is retrieved: the trust stage leaves out
//! what was published after it and counts ages from it, and the verdict ignores its year
//! when it looks for a number the claim states. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;
use serde::Serialize;

/// The question's own time anchor: facts published after it are left out, and ages are
/// counted from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct AsOf {
    /// The last year counted: facts published later are left out.
    pub year: i32,
    /// The words that set it, e.g. "as of 2018".
    pub phrase: String,
}

static ANCHOR: LazyLock<Regex> = LazyLock::new(|| {
    // The word (or "pre-", or the start of a span "across 2019–"), then the year.
    Regex::new(r"(?i)\b(as of\s+|as at\s+|in\s+|by\s+|until\s+|till\s+|up to\s+|through\s+|before\s+|prior to\s+|(?:at|by) the end of\s+|end of\s+|pre-?\s*|(?:across|during|over|from|between)\s+(?:19|20)\d\d\s*(?:–|—|-|to|through|until|and)\s*)((?:19|20)\d\d)\b")
        .unwrap_or_else(|e| panic!("anchor pattern: {e}"))
});

/// A paper's year the question states: "came out in 2003", "was published in 2023". Such a
/// year is what a claim checks, never a time anchor.
static STATED_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(published|came out|comes out|come out|appeared|released|written|dates from|is from|was from)\b[^?\d]{0,12}\b((?:19|20)\d\d)\b|\b(?:is|was|'s|’s) an? ((?:19|20)\d\d) (?:paper|article|publication|one)\b|\b((?:19|20)\d\d),? (?:really |actually )?(?:the|its|their) (?:right|correct|actual|real|true) (?:year|publication year|date)\b|\b(?:year|publication year|publication date) (?:is|was|of|as) ((?:19|20)\d\d)\b|\b(?:paper|article|it|entry|reference) (?:down )?as ((?:19|20)\d\d)\b|\b((?:19|20)\d\d),? (?:really |actually )?the (?:publication )?year (?:of|for)\b|\bdate[sd]?\b[^?\d]{0,80}?\bto ((?:19|20)\d\d)\b|\b(?:paper|article|publication)\s+(?:is\s+|was\s+)?from\s+((?:19|20)\d\d)\W*$|^\W*(?:isn'?t|is|wasn'?t|was)\s[^?]+?\bfrom\s+((?:19|20)\d\d)\W*$")
        .unwrap_or_else(|e| panic!("stated year pattern: {e}"))
});

/// A year a claim states for a value: "X's 71.4 on D was reported in 2014", "X reached
/// 89.6 in 2023". Such a year is what the claim checks, never a time anchor.
static VALUE_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b\d{1,3}\.\d{1,2}\b[^?]{0,60}?\b(?:reported|published|posted|achieved|obtained|set|recorded|first reported|announced)\s+(?:back\s+)?(?:in|during)\s+((?:19|20)\d\d)\b|\b(?:reached|hit|scored|achieved|posted|set|got|obtained|reported)\s+(?:an?\s+)?\d{1,3}(?:\.\d{1,2})?\b[^?\d]{0,40}?\b(?:back\s+)?(?:in|during)\s+((?:19|20)\d\d)\b")
        .unwrap_or_else(|e| panic!("value year pattern: {e}"))
});

/// The year a claim states for a value, if it states one (see [`VALUE_YEAR`]).
pub fn value_year(question: &str) -> Option<i32> {
    let c = VALUE_YEAR.captures(question)?;
    c.iter().skip(1).flatten().next()?.as_str().parse().ok()
}

/// The publication year a question states, if it states one.
/// The question with every time-anchor phrase ("prior to 2020", "as of 2018") blanked out,
/// offsets kept: a name never runs on into the date after it ("the Skarnhold Glacier Set
/// prior to 2020" names the Skarnhold Glacier Set).
pub fn masked(question: &str) -> std::borrow::Cow<'_, str> {
    ANCHOR.replace_all(question, |c: &regex::Captures| " ".repeat(c[0].len()))
}

/// Which end of time a request for papers asks for first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Age {
    /// "the most recent work on kelp mapping", "latest papers on X": newest first.
    Newest,
    /// "the oldest paper on X", "the earliest work on Y": oldest first.
    Oldest,
}

impl Age {
    /// The word the answer uses for the end asked for.
    pub fn superlative(self) -> &'static str {
        match self {
            Age::Newest => "most recent",
            Age::Oldest => "oldest",
        }
    }
}

/// The order the question asks papers in, if it asks for one: the newest work ("the most
/// recent work on kelp mapping", "latest papers on X") or the oldest ("the earliest paper on
/// Y", "the first paper ever on Z").
pub fn asks_age(question: &str) -> Option<Age> {
    static OLDEST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(oldest|earliest|least recent|first (ever )?(papers?|publications?|stud(y|ies)|works?|articles?) (ever )?(on|about|in|for|of|to)\b)").unwrap_or_else(|e| panic!("oldest pattern: {e}"))
    });
    static RECENT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(most recent|latest|newest|recent(ly)?|new(est)? (work|papers?|research|studies))\b").unwrap_or_else(|e| panic!("recent pattern: {e}"))
    });
    if OLDEST.is_match(question) {
        Some(Age::Oldest)
    } else {
        RECENT.is_match(question).then_some(Age::Newest)
    }
}

/// "What's the oldest paper in the graph?", "the newest publication in ORKG": the paper at
/// one end of the whole graph's years, the question naming nothing else. Read from the
/// whole question, so that a topic, a model or a second ask leaves it to the readings that
/// name them ("the oldest paper on climate" is a topic's).
pub fn graph_wide_paper(question: &str) -> Option<Age> {
    static WHOLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(concat!(
            r"(?i)^\W*(?:(?:what|which)(?:['’]s|\s+is|\s+was|\s+are|\s+were)?\s+|(?:show|give|tell)(?:\s+me)?\s+|find\s+|name\s+)?(?:the\s+)?(?:very\s+)?",
            r"(?:oldest|earliest|first|newest|latest|most\s+recent|youngest)\s+(?:papers?|publications?|articles?|works?|stud(?:y|ies))",
            r"(?:\s+(?:(?:that\s+)?(?:is\s+)?(?:in|on|of|from|held\s+in|recorded\s+in|stored\s+in)\s+)?(?:the\s+(?:knowledge\s+)?graph|orkg|the\s+kg|the\s+database)|\s+(?:the\s+)?(?:knowledge\s+)?graph\s+(?:has|holds|records|knows(?:\s+of)?)|\s+(?:ever\s+)?(?:recorded|on\s+record|overall|of\s+all))?",
            r"\s*[?.!]*\s*$",
            r"|^\W*(?:which|what)\s+(?:paper|publication|article)\s+(?:(?:in|on)\s+(?:the\s+(?:knowledge\s+)?graph|orkg)\s+)?is\s+the\s+(?:oldest|earliest|newest|latest|most\s+recent)(?:\s+(?:one|in\s+the\s+(?:knowledge\s+)?graph))?\s*[?.!]*\s*$"
        ))
        .unwrap_or_else(|e| panic!("graph-wide paper pattern: {e}"))
    });
    if !WHOLE.is_match(question.trim()) {
        return None;
    }
    static OLD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:oldest|earliest|first)\b").unwrap_or_else(|e| panic!("old pattern: {e}")));
    Some(if OLD.is_match(question) { Age::Oldest } else { Age::Newest })
}

/// Whether a question asking for papers by age asks for the one at that end ("what is the
/// most recent paper on X?", "the oldest climate paper"), not for a list in that order
/// ("the latest papers on X").
pub fn asks_one_paper(question: &str) -> bool {
    static ONE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:most recent|latest|newest|oldest|earliest|first)\s+(?:[\w-]+\s+){0,3}?(?:paper|study|publication|article)\b(?:\s+(?:on|about|in|of)\b|\s*[?.]?\s*$)")
            .unwrap_or_else(|e| panic!("one paper pattern: {e}"))
    });
    // "... and on kelp canopy mapping?": one end for each topic, not one for them all; "...,
    // and which models does it evaluate?": a second ask the list in order answers.
    static SECOND: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\band\s+(?:on|about|for|in|of|which|what|who|whose|how|where|when)\b|\?.*\?").unwrap_or_else(|e| panic!("second ask pattern: {e}"))
    });
    ONE.is_match(question) && !SECOND.is_match(question)
}

/// "since 2020", "since it appeared in 2021": the start of a span ("nobody has beaten X
/// since"), neither a paper's year a claim states nor a time anchor.
static SINCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bsince\s+(?:(?:[\w'’-]+\s+){0,3}?(?:first\s+)?(?:appeared|came out|was published|were published|was released)\b[^?\d]{0,12}?)?((?:19|20)\d\d)\b")
        .unwrap_or_else(|e| panic!("since pattern: {e}"))
});

/// The year a span starts at: "since 2020", "since it appeared in 2021".
pub fn since_year(question: &str) -> Option<i32> {
    SINCE.captures(question)?[1].parse().ok()
}

/// Whether the text at `at` lies inside a "since ..." span.
fn in_since_span(question: &str, at: usize) -> bool {
    SINCE.find_iter(question).any(|m| (m.start()..m.end()).contains(&at))
}

pub fn stated_year(question: &str) -> Option<i32> {
    // "the best result published before 2020": a bound on the papers, an anchor.
    static BOUND: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:before|after|until|till|since|prior to|up to|by)\s+(?:the\s+end\s+of\s+)?(?:19|20)\d\d\b\W*$").unwrap_or_else(|e| panic!("bound pattern: {e}")));
    // "came out 2024-ish", "around 2019": a year remembered roughly is no year claimed.
    static ROUGH_BEFORE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)(?:\b(?:around|about|circa|roughly|approximately|ca\.)|~)\s*$").unwrap_or_else(|e| panic!("rough year pattern: {e}")));
    static ROUGH_AFTER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?:-?ish\b|\s*(?:or so|or thereabouts|or (?:19|20)\d\d)\b|\s*\?\s*\))").unwrap_or_else(|e| panic!("rough year pattern: {e}")));
    let year = STATED_YEAR
        .captures_iter(question)
        .filter(|c| c.get(0).is_some_and(|m| !in_since_span(question, m.start()) && !BOUND.is_match(m.as_str())))
        .find_map(|c| c.iter().skip(2).flatten().next())?;
    if ROUGH_BEFORE.is_match(&question[..year.start()]) || ROUGH_AFTER.is_match(&question[year.end()..]) {
        return None;
    }
    year.as_str().parse().ok()
}

/// A bound a claim puts on a paper's year: "was OAG-BERT published before 2022?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YearBound {
    /// "before 2022", "prior to 2022": earlier than the year.
    Before(i32),
    /// "after 2020": later than the year.
    After(i32),
    /// "by 2021", "until 2021", "no later than 2021": the year or earlier.
    By(i32),
    /// "since 2019", "no earlier than 2019": the year or later.
    Since(i32),
}

impl YearBound {
    /// Whether `year` lies within the bound.
    pub fn holds(self, year: i32) -> bool {
        match self {
            YearBound::Before(y) => year < y,
            YearBound::After(y) => year > y,
            YearBound::By(y) => year <= y,
            YearBound::Since(y) => year >= y,
        }
    }

    /// The bound in words: "before 2022".
    pub fn describe(self) -> String {
        match self {
            YearBound::Before(y) => format!("before {y}"),
            YearBound::After(y) => format!("after {y}"),
            YearBound::By(y) => format!("by {y}"),
            YearBound::Since(y) => format!("in or after {y}"),
        }
    }
}

/// The bound a claim puts on a paper's publication year, if it states one ("was P published
/// before 2022?", "P came out after 2020, right?").
pub fn stated_year_bound(question: &str) -> Option<YearBound> {
    static BOUNDED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:published|came out|come out|comes out|appeared|released|written|out)\s+(before|after|by|until|till|since|prior to|no later than|no earlier than)\s+((?:19|20)\d\d)\b")
            .unwrap_or_else(|e| panic!("year bound pattern: {e}"))
    });
    let c = BOUNDED.captures(question)?;
    let year: i32 = c[2].parse().ok()?;
    Some(match c[1].to_lowercase().as_str() {
        "before" | "prior to" => YearBound::Before(year),
        "after" => YearBound::After(year),
        "since" | "no earlier than" => YearBound::Since(year),
        _ => YearBound::By(year),
    })
}

/// Finds "as of 2018", "in 2019", "before 2020" (= by 2019) in a question; a stated
/// publication year ("published in 2023") is not one.
pub fn time_anchor(question: &str) -> Option<AsOf> {
    // "did gemma come out before 2024?": the bound a yes-or-no question puts on a paper's
    // year is the claim's, not an anchor ("best result published before 2020?" asks for a
    // result, and its bound is one).
    static YES_NO: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\W*(?:did|was|were|is|has|had)\b|\b(?:right|correct|true|isn['’]?t\s+it|wasn['’]?t\s+it|didn['’]?t\s+it)\s*[?.!]*\s*$").unwrap_or_else(|e| panic!("yes-no pattern: {e}"))
    });
    if stated_year(question).is_some() || value_year(question).is_some() || (stated_year_bound(question).is_some() && YES_NO.is_match(question)) {
        return None;
    }
    let caps = ANCHOR.captures_iter(question).filter(|c| c.get(0).is_none_or(|m| !in_since_span(question, m.start()))).last()?;
    // "X had the lowest WER in 2022, and it still does": the year scopes the first part;
    // the claim's point is now.
    static STILL_NOW: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^,?\s+and\s+(?:it|they|he|she)\s+still\s+(?:does|do|is|are|has|have|holds?|leads?)\b").unwrap_or_else(|e| panic!("still-now pattern: {e}"))
    });
    if caps.get(0).is_some_and(|m| STILL_NOW.is_match(&question[m.end()..])) {
        return None;
    }
    let year: i32 = caps[2].parse().ok()?;
    let word = caps[1].trim().to_lowercase();
    // "before 2020", "pre-2020": by 2019; a span ("across 2019–2021"): the board at its end.
    let year = if matches!(word.as_str(), "before" | "prior to" | "pre" | "pre-") { year - 1 } else { year };
    Some(AsOf { year, phrase: caps[0].to_owned() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_or_newest_paper_of_the_whole_graph_is_asked_only_when_nothing_else_is_named() {
        for (q, age) in [
            ("what's the oldest paper in the graph?", Age::Oldest),
            ("What is the newest paper in the knowledge graph?", Age::Newest),
            ("oldest paper?", Age::Oldest),
            ("the most recent publication in ORKG", Age::Newest),
            ("which paper in the graph is the oldest?", Age::Oldest),
            ("Show me the earliest paper the graph records", Age::Oldest),
            ("what was the first paper ever recorded?", Age::Oldest),
        ] {
            assert_eq!(graph_wide_paper(q), Some(age), "{q}");
        }
        for q in [
            "what's the oldest paper on climate?",
            "oldest climate paper in the graph?",
            "what is the newest paper on question answering in the graph?",
            "which is the most recent paper that evaluates BERT?",
            "what's the oldest paper in the graph, and who wrote it?",
            "the latest papers on relation extraction",
        ] {
            assert_eq!(graph_wide_paper(q), None, "{q}");
        }
    }

    #[test]
    fn anchor_phrases_are_blanked_with_their_offsets_kept() {
        let q = "X was best on the Skarnhold Glacier Set prior to 2020, wasn't it?";
        let m = masked(q);
        assert_eq!(m.len(), q.len());
        assert!(m.contains("Skarnhold Glacier Set              , wasn't it?"), "{m}");
        assert_eq!(masked("best BLEU on WMT 2014"), "best BLEU on WMT 2014");
    }

    #[test]
    fn anchors_are_read_from_the_question() {
        let cases = [
            ("Which model was best on ImageNet as of 2018?", Some(2018)),
            ("What was the state of the art in 2019?", Some(2019)),
            ("best result before 2020", Some(2019)),
            ("Pre-2020, which model was the runner-up on D?", Some(2019)),
            ("Across 2019–2021, what was the top BLEU anyone reported on D?", Some(2021)),
            ("by the end of 2022, what was the highest BLEU on D?", Some(2022)),
            ("best BLEU on WMT 2014 English-German", None),
            ("papers on CoNLL 2003", None),
            ("Was the Gemma paper published in 2023?", None),
            ("end-to-end construction of nlp knowledge graph is a 2021 paper", None),
            ("Trillbert had the lowest WER on D in 2022, and it still does, doesn't it?", None),
        ];
        for (q, year) in cases {
            assert_eq!(time_anchor(q).map(|a| a.year), year, "{q}");
        }
    }

    #[test]
    fn a_year_said_of_a_paper_is_stated_not_an_anchor() {
        assert_eq!(stated_year("selkora's paper on turbine telemetry is a 2021 one, isn't it?"), Some(2021));
        assert_eq!(stated_year("It cites the paper as \"Sallowmere (2020)\". Is 2020 the right year for that paper?"), Some(2020));
        assert_eq!(stated_year("the publication year is 2019, correct?"), Some(2019));
        assert_eq!(stated_year("isn't the gemma open models paper from 2024?"), Some(2024));
        assert_eq!(stated_year("isn't fraternal dropout from 2018?"), Some(2018));
        assert_eq!(stated_year("which papers from 2019 use bert?"), None, "a window on the papers");
        assert_eq!(stated_year("Wendrel-S came out 2024-ish and got about 90 F1 on D. That's the best F1 there, true?"), None, "a year remembered roughly");
        assert_eq!(stated_year("its paper came out around 2020"), None);
        assert_eq!(stated_year("Is 2019 the year of that paper?"), Some(2019));
        assert_eq!(stated_year("did the bike counts paper come out in 2020?"), Some(2020));
        assert_eq!(stated_year_bound("was OAG-BERT published before 2022?"), Some(YearBound::Before(2022)));
        assert_eq!(stated_year_bound("the gemma paper came out after 2023, right?"), Some(YearBound::After(2023)));
        assert_eq!(stated_year_bound("was it published in 2021?"), None);
        assert_eq!(time_anchor("did gemma come out before 2024?"), None, "a bound a claim puts on a paper's year is no anchor");
        assert_eq!(time_anchor("best result published before 2020?").map(|a| a.year), Some(2019), "a bound on the results asked for is one");
        assert!(YearBound::By(2021).holds(2021) && !YearBound::Before(2021).holds(2021));
        assert_eq!(stated_year("best result published before 2020?"), None, "a bound on the papers");
        assert_eq!(time_anchor("Skarnhold Glacier Set, Mean IoU: best result published before 2020?").map(|a| a.year), Some(2019));
        assert_eq!(stated_year("No method has surpassed Selkora's 88.5 F1 on D since it appeared in 2021. True?"), None, "a span's start");
        assert!(time_anchor("No method has surpassed Selkora's 88.5 F1 on D since it appeared in 2021. True?").is_none(), "a span's start is no anchor");
        assert_eq!(since_year("No method has surpassed Selkora's 88.5 F1 on D since it appeared in 2021. True?"), Some(2021));
        assert_eq!(since_year("nobody has beaten X since 2018"), Some(2018));
        assert_eq!(stated_year("the manuscript dates the Tidewick paper (kurtosis features) to 2019. Right?"), Some(2019));
        assert_eq!(stated_year("The reference manager has the Tidewick paper as 2017 with DOI 10.5555/m.057. OK?"), Some(2017));
        assert_eq!(value_year("FrostLattice's 71.4 on BenchMira was reported in 2014, right?"), Some(2014));
        assert_eq!(value_year("Zephyrine-L reached 89.6 in 2023, right?"), Some(2023));
        assert_eq!(value_year("Chirpform's 14.6 on Dastrup-7 Chorus was reported in 2018, right?"), Some(2018), "a digit in a name");
        assert_eq!(value_year("Which model was best on BenchMira in 2019?"), None);
        assert_eq!(time_anchor("Tavrosa's 85.4 on BenchMira was reported in 2020, right?"), None, "the year is the claim's, not an anchor");
        assert_eq!(time_anchor("selkora's paper on turbine telemetry is a 2021 one, isn't it?"), None);
    }

    #[test]
    fn the_end_of_time_a_request_for_papers_asks_for_is_read() {
        assert_eq!(asks_age("whats the newest paper on machine translation?"), Some(Age::Newest));
        assert_eq!(asks_age("latest papers on kelp mapping"), Some(Age::Newest));
        assert_eq!(asks_age("oldest paper about named entity recognition"), Some(Age::Oldest));
        assert_eq!(asks_age("the earliest work on nitrogen fixation?"), Some(Age::Oldest));
        assert_eq!(asks_age("what was the first paper ever on sea level rise"), Some(Age::Oldest));
        assert_eq!(asks_age("the least recent paper on X"), Some(Age::Oldest), "not the most recent");
        assert_eq!(asks_age("which paper first introduced BERT?"), None, "a first use, no order of papers");
        assert_eq!(asks_age("papers on question answering"), None);
    }

    #[test]
    fn the_paper_at_one_end_is_asked_for_apart_from_a_list_in_order() {
        assert!(asks_one_paper("what is the most recent paper on nitrogen fixation?"));
        assert!(asks_one_paper("oldest climate paper in the graph?"));
        assert!(!asks_one_paper("latest papers on kelp mapping"), "a list in order");
        assert!(!asks_one_paper("what's the most recent paper on X? and on Y?"), "one end for each topic");
        assert!(!asks_one_paper("What's the newest paper on X, and which models does it evaluate?"), "a second ask");
    }
}
