//! A ranking by count: "top 4 boards by number of models", "which research problem has the
//! second most papers?", "of go-explore, reactor 500m and pop3d, which was tested on the
//! fewest datasets?". The graph keeps one top value per board and metric, so these ask about
//! how much it records, not about scores: what is ranked (datasets, models, research
//! problems), by what count (models, datasets, papers, contributions, code links), most or
//! fewest, and which place (the first, the second, the top k). Read from the words alone;
//! the names a question lists, if any, are the front's linked entities. Pure.
use std::sync::LazyLock;

use regex::Regex;

/// What a ranking orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranked {
    Datasets,
    Models,
    Problems,
}

/// What it counts for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Models,
    Datasets,
    Papers,
    Contributions,
    Code,
}

impl Counted {
    /// The plural noun an answer counts in.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Models => "models",
            Self::Datasets => "datasets",
            Self::Papers => "papers",
            Self::Contributions => "contributions",
            Self::Code => "code links",
        }
    }
}

impl Ranked {
    pub fn noun(self) -> &'static str {
        match self {
            Self::Datasets => "dataset",
            Self::Models => "model",
            Self::Problems => "research problem",
        }
    }
}

/// A ranking by count, as read from a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// What is ranked; `None` when the question says it only by the names it lists ("which
    /// one", "which has").
    pub ranked: Option<Ranked>,
    pub counted: Counted,
    /// Fewest first, not most.
    pub fewest: bool,
    /// The place asked for, from 1 ("the second most" is 2); with `k`, the first place shown.
    pub place: usize,
    /// How many are asked for ("top 4"): 1 unless a number is given.
    pub k: usize,
    /// The middle of the ones named ("rank A, B and C ... who's in the middle?").
    pub middle: bool,
    /// The question lists names to rank ("which of", "A, B or C"): a ranking of the whole
    /// graph is no answer to it when they are not found.
    pub listed: bool,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("tally pattern {pattern}: {e}"))
}

const COUNTED: &str = r"(models?|methods?|systems?|agents?|entries|results|evaluations|boards?|datasets?|benchmarks?|leaderboards?|papers?|publications?|articles?|works|studies|contributions?|code(?:\s+(?:links?|repos?|repositories|implementations?))?|repos|repositories|implementations?|github\s+repos?)";

/// "the (second) most X", "the fewest X", "the largest number of X", "by number of X".
static MOST: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\b(?:(second|third|2nd|3rd)[\s-]+)?(most|fewest|least|highest\s+number\s+of|largest\s+number\s+of|lowest\s+number\s+of|smallest\s+number\s+of|greatest\s+number\s+of)\s+(?:(?:distinct|different|linked|evaluated|reported|recorded|separate)\s+)?{COUNTED}\b"))
});
/// "the most used datasets", "the least studied problems": ranked by how much the graph
/// records of them (a dataset's models, a model's datasets, a problem's papers).
static MOST_USED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:(second|third|2nd|3rd)[\s-]+)?(most|least)[\s-]+(?:used|popular|common|commonly\s+used|widely\s+used|studied|evaluated|benchmarked|tested|researched|frequent|frequently\s+used)\s+(?:research\s+)?(boards?|datasets?|benchmarks?|leaderboards?|models?|methods?|systems?|agents?|problems?|tasks?|topics?)\b")
});
static BY_NUMBER: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:by|in\s+order\s+of|on)\s+(?:the\s+)?(?:number|count|amount|how\s+many)\s+of\s+(?:(?:distinct|different|linked|evaluated|reported|recorded)\s+)?{COUNTED}\b")));
/// What a question ranks: the noun after "which", "top N" or the head of the sentence.
static RANKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|top(?:\s+\d+|\s+(?:two|three|four|five|ten))?|rank(?:ing)?|the)\s+(?:(?:[\w*+-]+\s+){0,3}?)(boards?|datasets?|benchmarks?|leaderboards?|models?|methods?|systems?|agents?|(?:research\s+)?problems?|tasks?|topics?)\b"));
/// A ranking of papers, authors or venues: not one of datasets, models or problems.
static OTHER_RANKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\s+(?:papers?|studies|works?|authors?|venues?|years?|publications?)\b"));
static ASKS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|who|top\s+\w+|rank|ranking|list|name)\b"));
static TOP_K: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\btop[\s-]+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b"));
static LISTED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bwhich\s+(?:one\s+)?of\b|\bamong\b|\bof\s+(?:these|those|the\s+(?:two|three|four|five))\b|\bor\b|[\w)]\s*,\s*[\w(][^,?]*,"));
static MIDDLE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bin\s+the\s+middle\b|\bmiddle\s+one\b"));
/// A claim or a question about one subject's count ("does X have the most papers?") is not
/// a ranking asked for.
static CLAIM: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:is|are|does|do|did|has|have|was|were)\b|\b(?:right|correct|true)\s*\??\s*$"));

fn counted(word: &str) -> Counted {
    let w = word.to_lowercase();
    if w.starts_with("code") || w.starts_with("repo") || w.starts_with("implementation") || w.starts_with("github") {
        Counted::Code
    } else if w.starts_with("contribution") {
        Counted::Contributions
    } else if ["paper", "publication", "article", "works", "studies"].iter().any(|p| w.starts_with(p)) {
        Counted::Papers
    } else if ["board", "dataset", "benchmark", "leaderboard"].iter().any(|p| w.starts_with(p)) {
        Counted::Datasets
    } else {
        Counted::Models
    }
}

fn ranked(word: &str) -> Ranked {
    let w = word.to_lowercase();
    if ["board", "dataset", "benchmark", "leaderboard"].iter().any(|p| w.starts_with(p)) {
        Ranked::Datasets
    } else if ["model", "method", "system", "agent"].iter().any(|p| w.starts_with(p)) {
        Ranked::Models
    } else {
        Ranked::Problems
    }
}

fn number(word: &str) -> Option<usize> {
    word.parse().ok().or_else(|| ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"].iter().position(|w| w.eq_ignore_ascii_case(word)).map(|i| i + 1))
}

/// The ranking by count a question asks for, if it asks for one.
pub fn read(question: &str) -> Option<Tally> {
    if !ASKS.is_match(question) || CLAIM.is_match(question) || OTHER_RANKED.is_match(question) {
        return None;
    }
    if let Some(c) = MOST_USED.captures(question) {
        let ranked = ranked(&c[3]);
        let counted = match ranked {
            Ranked::Datasets => Counted::Models,
            Ranked::Models => Counted::Datasets,
            Ranked::Problems => Counted::Papers,
        };
        let place = match c.get(1).map(|m| m.as_str().to_lowercase()) {
            Some(p) if p.starts_with('s') || p == "2nd" => 2,
            Some(_) => 3,
            None => 1,
        };
        let k = TOP_K.captures(question).and_then(|c| number(&c[1])).unwrap_or(if c[3].ends_with('s') { 5 } else { 1 }).clamp(1, 20);
        return Some(Tally { ranked: Some(ranked), counted, fewest: c[2].eq_ignore_ascii_case("least"), place, k, middle: false, listed: LISTED.is_match(question) });
    }
    let (counted_at, counted_word, fewest, place) = if let Some(c) = MOST.captures(question) {
        let how = c[2].to_lowercase();
        let place = match c.get(1).map(|m| m.as_str().to_lowercase()) {
            Some(p) if p.starts_with('s') || p == "2nd" => 2,
            Some(_) => 3,
            None => 1,
        };
        (c.get(0)?.start(), c[3].to_owned(), how.starts_with("fewest") || how.starts_with("least") || how.starts_with("lowest") || how.starts_with("smallest"), place)
    } else {
        let c = BY_NUMBER.captures(question)?;
        let before = &question[..c.get(0)?.start()];
        let fewest = ["fewest", "least", "lowest", "ascending"].iter().any(|w| before.to_lowercase().contains(w));
        (c.get(0)?.start(), c[1].to_owned(), fewest, 1)
    };
    let counted = counted(&counted_word);
    // What is ranked: named before the count, and not the counted thing itself.
    let named = RANKED
        .captures_iter(&question[..counted_at])
        .map(|c| (ranked(&c[1]), c[1].to_lowercase().ends_with('s')))
        .filter(|(r, _)| !matches!((r, counted), (Ranked::Datasets, Counted::Datasets) | (Ranked::Models, Counted::Models)))
        .last();
    let ranked = named.map(|(r, _)| r);
    // "which datasets have the most models?": several asked for, as a plural says.
    let plural = named.is_some_and(|(_, plural)| plural);
    if ranked.is_some_and(|r| !fits(r, counted)) {
        return None;
    }
    let k = TOP_K.captures(question).and_then(|c| number(&c[1])).unwrap_or(if plural && place == 1 { 5 } else { 1 }).clamp(1, 20);
    Some(Tally { ranked, counted, fewest, place, k, middle: MIDDLE.is_match(question), listed: LISTED.is_match(question) })
}

/// What a ranking orders when the question says it only by the names it lists, and which
/// count fits it.
pub fn ranked_for(counted: Counted, datasets: usize, models: usize, problems: usize) -> Option<Ranked> {
    let kinds = [(Ranked::Datasets, datasets), (Ranked::Models, models), (Ranked::Problems, problems)];
    let (kind, n) = kinds.into_iter().max_by_key(|(_, n)| *n)?;
    (n >= 2 && fits(kind, counted)).then_some(kind)
}

/// Whether a count makes sense of what is ranked: papers and models of datasets, datasets
/// and code of models, papers and contributions of problems.
fn fits(ranked: Ranked, counted: Counted) -> bool {
    match ranked {
        Ranked::Datasets => matches!(counted, Counted::Models | Counted::Papers),
        Ranked::Models => matches!(counted, Counted::Datasets | Counted::Code),
        Ranked::Problems => matches!(counted, Counted::Papers | Counted::Contributions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(q: &str) -> Tally {
        read(q).unwrap_or_else(|| panic!("no tally read from {q:?}"))
    }

    #[test]
    fn a_ranking_by_count_says_what_it_ranks_by_what_and_which_place() {
        let t = tally("top 4 boards by number of models evaluated?");
        assert_eq!((t.ranked, t.counted, t.fewest, t.place, t.k), (Some(Ranked::Datasets), Counted::Models, false, 1, 4));
        let t = tally("which research problem has the second most papers?");
        assert_eq!((t.ranked, t.counted, t.place), (Some(Ranked::Problems), Counted::Papers, 2));
        let t = tally("which model has the second most code implementations linked?");
        assert_eq!((t.ranked, t.counted, t.place), (Some(Ranked::Models), Counted::Code, 2));
        assert_eq!(tally("which datasets have the most models evaluated on them?").k, 5, "a plural asks for several");
        assert_eq!(tally("which dataset has the most models?").k, 1);
        let t = tally("what are the most used datasets?");
        assert_eq!((t.ranked, t.counted, t.k), (Some(Ranked::Datasets), Counted::Models, 5), "a plural asks for several");
        let t = tally("top 3 research problems by number of contributions?");
        assert_eq!((t.ranked, t.counted, t.k), (Some(Ranked::Problems), Counted::Contributions, 3));
    }

    #[test]
    fn the_fewest_among_names_listed_leaves_what_is_ranked_to_the_names() {
        let t = tally("of go-explore, reactor 500m and pop3d, which one was tested on the fewest datasets?");
        assert_eq!((t.ranked, t.counted, t.fewest), (None, Counted::Datasets, true));
        let t = tally("which of ptb char-level, text8, hutter prize and enwik8 has the fewest models evaluated?");
        assert_eq!((t.counted, t.fewest, t.listed), (Counted::Models, true, true));
        assert!(tally("breakout, venture or pong - which atari board has the fewest models on it?").listed);
        assert!(!tally("top 4 boards by number of models evaluated?").listed);
        assert_eq!(ranked_for(t.counted, 4, 0, 0), Some(Ranked::Datasets));
        assert_eq!(ranked_for(Counted::Code, 0, 3, 0), Some(Ranked::Models));
        assert_eq!(ranked_for(Counted::Code, 3, 0, 0), None, "datasets are not ranked by code here");
    }

    #[test]
    fn scores_claims_and_single_counts_are_not_rankings_by_count() {
        for q in [
            "which model has the best accuracy on imagenet?",
            "which model is the most accurate on squad?",
            "how many models were evaluated on imagenet?",
            "does imagenet have the most models?",
            "prior+duel hs has the most boards, right?",
            "which paper reports the most models?",
        ] {
            assert_eq!(read(q), None, "{q}");
        }
    }
}
