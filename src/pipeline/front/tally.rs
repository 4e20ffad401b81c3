//! A ranking by count: "top 4 boards by number of models", "which research problem has the
//! second most papers?", "of go-explore, reactor 500m and pop3d, which was tested on the
//! fewest datasets?". The graph keeps one top value per board and metric, so these ask about
//! how much it records, not about scores: what is ranked (datasets, models, research
//! problems), by what count (models, datasets, papers, contributions, code links), most or
//! fewest, and which place (the first, the second, the top k). Read from the words alone;
//! the names a question lists, if any, are the front's linked entities. A claim about such a
//! count ([`claim`]: "imagenet is the dataset with the most models, right?", "squad1.1 has
//! more models than coqa", "more than 10 models were evaluated on cifar-10") is read here
//! too, and judged against the same counts. Pure.
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
    /// Boards a model leads: where it holds the best recorded value under some metric.
    Tops,
    /// The metrics a board's results are reported by: only ever asked of one board ("how
    /// many metrics does ImageNet have?"), never ranked by.
    Metrics,
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
            Self::Tops => "top results",
            Self::Metrics => "metrics",
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
    /// "How many more models on A than on B?", "the difference in paper count": every name's
    /// count is asked for, and the difference between them.
    pub gap: bool,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("tally pattern {pattern}: {e}"))
}

const COUNTED: &str = r"((?:top|sota|best|leading|first[- ]place|winning)\s+(?:results?|scores?|spots?|places?|positions?)|sota(?:\s+(?:entries|records))?|models?|methods?|systems?|agents?|entries|results|evaluations|boards?|datasets?|benchmarks?|leaderboards?|papers?|publications?|articles?|works?|studies|contributions?|code(?:\s+(?:links?|repos?|repositories|implementations?))?|repos|repositories|implementations?|github\s+repos?)";

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
/// "more models than", "fewer papers than": two names compared by a count.
static THAN: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(more|fewer|less)\s+(?:(?:distinct|different|linked|evaluated|reported|recorded|separate)\s+)?{COUNTED}\b(?:[^?.;]*?)\bthan\b")));
/// "how many more models on A than on B?", "the difference in the number of papers", "what's
/// the difference in paper count": the counts of the names and how far apart they are.
static GAP: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\bhow\s+many\s+(?:more|fewer|less)\s+{COUNTED}|\bdifference\s+(?:in|between)\s+(?:the\s+)?(?:number|count|amount)s?\s+of\s+(?:(?:distinct|different|linked|evaluated|reported|recorded|separate)\s+)?{COUNTED}|\bdifference\s+in\s+(?:the\s+)?{COUNTED}\s+(?:count|number|tally)s?\b|\b{COUNTED}\s+(?:count\s+)?gap\b"))
});
/// "which has more papers, A or B?": the most of the names listed.
static MORE: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(more|fewer|less)\s+(?:(?:distinct|different|linked|evaluated|reported|recorded|separate)\s+)?{COUNTED}\b")));
/// "Only 6 models beat X", "is X's 80.2 reported by more than one paper?", "backed up by
/// more than one paper", "only two models have broken 80% accuracy": a number of models or
/// papers that is about a result (a score is named), not a count of what the graph records
/// of a subject.
static NOT_A_COUNT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:beat|beats|beaten|beating|outperform\w*|surpass\w*|exceed\w*|better|worse|back|backs|backed|backing|confirm\w*|corroborat\w*|agree\w*|support\w*|broken|broke|reached|reach|crossed|hit|cleared|reported\s+(?:by|in)|shows?\s+up)\b|\bat\s+[\d.]+|(?:^|[\s(])\d+[.,]\d+\b|\d\s*%|\b\d+\s*(?:f1|bleu|accuracy|acc|chrf|wer|em|points?)\b")
});
/// "more than 10 models", "at least 3 papers", "only one paper": a count against a number.
static BOUND: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\b(more\s+than|over|above|at\s+least|fewer\s+than|less\s+than|under|below|at\s+most|exactly|only|just)\s+(\d{{1,6}}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:distinct|different|linked|evaluated|reported|recorded|separate)\s+)?{COUNTED}\b"))
});
/// What a question ranks: the noun after "which", "top N" or the head of the sentence.
static RANKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|top(?:\s+\d+|\s+(?:two|three|four|five|ten))?|rank(?:ing)?|the)\s+(?:(?:[\w*+-]+\s+){0,3}?)(boards?|datasets?|benchmarks?|leaderboards?|models?|methods?|systems?|agents?|(?:research\s+)?problems?|tasks?|topics?)\b"));
/// A ranking of papers, authors or venues: not one of datasets, models or problems.
static OTHER_RANKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\s+(?:papers?|studies|works?|authors?|venues?|years?|publications?)\b"));
static ASKS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|who|top\s+\w+|rank|ranking|list|name)\b"));
static TOP_K: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\btop[\s-]+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b"));
static LISTED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bwhich\s+(?:one\s+)?of\b|\bamong\b|\bvs\b\.?|\bversus\b|\bof\s+(?:these|those|the\s+(?:two|three|four|five))\b|\bor\b|[\w)]\s*,\s*[\w(][^,?]*,"));
static MIDDLE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bin\s+the\s+middle\b|\bmiddle\s+one\b"));
/// A claim or a question about one subject's count ("does X have the most papers?") is not
/// a ranking asked for.
static CLAIM: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:is|are|does|do|did|has|have|was|were)\b|\b(?:right|correct|true)\s*\??\s*$"));

/// Words that make a count of boards one of the boards a model leads: "leads the most
/// boards", "tops the most games", "holds the top on", "where they hold the best result".
static LEADS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:leads?|leading|led|tops|topped|topping|holds?\s+(?:the\s+)?(?:top|best|sota|record|first)|(?:top|best|sota|leading)\s+(?:results?|scores?|spots?)|sota|state[- ]of[- ]the[- ]art)\b")
});

/// What a count counts, from the word and the question around it.
fn counted_in(word: &str, question: &str) -> Counted {
    match counted(word) {
        Counted::Datasets if LEADS.is_match(question) => Counted::Tops,
        other => other,
    }
}

fn counted(word: &str) -> Counted {
    let w = word.to_lowercase();
    if ["top", "sota", "best", "leading", "first", "winning"].iter().any(|p| w.starts_with(p)) {
        Counted::Tops
    } else if w.starts_with("code") || w.starts_with("repo") || w.starts_with("implementation") || w.starts_with("github") {
        Counted::Code
    } else if w.starts_with("contribution") {
        Counted::Contributions
    } else if ["paper", "publication", "article", "work", "studies"].iter().any(|p| w.starts_with(p)) {
        Counted::Papers
    } else if ["board", "dataset", "benchmark", "leaderboard", "game"].iter().any(|p| w.starts_with(p)) {
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
    // "ocr or machine translation - more papers?": names listed and a count, asked.
    let asked = ASKS.is_match(question) || GAP.is_match(question) || (MORE.is_match(question) && LISTED.is_match(question) && question.trim_end().ends_with('?'));
    if !asked || CLAIM.is_match(question) || OTHER_RANKED.is_match(question) {
        return None;
    }
    if let Some(c) = GAP.captures(question) {
        let word = (1..=4).find_map(|i| c.get(i)).map(|m| m.as_str())?;
        let counted = counted_in(word, question);
        let ranked = RANKED
            .captures_iter(&question[..c.get(0)?.start()])
            .map(|c| ranked(&c[1]))
            .filter(|r| !matches!((r, counted), (Ranked::Datasets, Counted::Datasets | Counted::Tops) | (Ranked::Models, Counted::Models)))
            .last()
            .filter(|&r| fits(r, counted));
        return Some(Tally { ranked, counted, fewest: false, place: 1, k: 1, middle: false, listed: true, gap: true });
    }
    if let Some(c) = MOST_USED.captures(question) {
        let ranked = ranked(&c[3]);
        let counted = match ranked {
            Ranked::Datasets => Counted::Models,
            Ranked::Models => Counted::Datasets,
            Ranked::Problems => Counted::Papers,
        };
        let place = place(c.get(1).map(|m| m.as_str()));
        // "the most used benchmark datasets": the noun after the one read says the number.
        static NOUN_AFTER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s+(?:boards|datasets|benchmarks|leaderboards|models|methods|systems|problems|tasks|topics)\b"));
        let plural = c[3].ends_with('s') || c.get(3).is_some_and(|m| NOUN_AFTER.is_match(&question[m.end()..]));
        let k = TOP_K.captures(question).and_then(|c| number(&c[1])).unwrap_or(if plural { 5 } else { 1 }).clamp(1, 20);
        return Some(Tally { ranked: Some(ranked), counted, fewest: c[2].eq_ignore_ascii_case("least"), place, k, middle: false, listed: LISTED.is_match(question), gap: false });
    }
    let more = MORE.captures(question).filter(|_| LISTED.is_match(question) && !THAN.is_match(question));
    let (counted_at, counted_word, fewest, place) = if let Some(c) = more {
        // "which has more papers, ner or relation extraction?": the most of those named.
        (c.get(0)?.start(), c[2].to_owned(), !c[1].eq_ignore_ascii_case("more"), 1)
    } else if let Some(c) = MOST.captures(question) {
        let how = c[2].to_lowercase();
        let place = place(c.get(1).map(|m| m.as_str()));
        (c.get(0)?.start(), c[3].to_owned(), how.starts_with("fewest") || how.starts_with("least") || how.starts_with("lowest") || how.starts_with("smallest"), place)
    } else {
        let c = BY_NUMBER.captures(question)?;
        let before = &question[..c.get(0)?.start()];
        let fewest = ["fewest", "least", "lowest", "ascending"].iter().any(|w| before.to_lowercase().contains(w));
        // "which problem comes second by number of papers?"
        static PLACED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(second|third|2nd|3rd)\b"));
        let place = place(PLACED.captures(before).and_then(|c| c.get(1)).map(|m| m.as_str()));
        (c.get(0)?.start(), c[1].to_owned(), fewest, place)
    };
    let counted = counted_in(&counted_word, question);
    // What is ranked: named before the count, and not the counted thing itself.
    let named = RANKED
        .captures_iter(&question[..counted_at])
        .map(|c| (ranked(&c[1]), c[1].to_lowercase().ends_with('s')))
        .filter(|(r, _)| !matches!((r, counted), (Ranked::Datasets, Counted::Datasets | Counted::Tops) | (Ranked::Models, Counted::Models)))
        .last();
    let ranked = named.map(|(r, _)| r);
    // "which datasets have the most models?": several asked for, as a plural says.
    let plural = named.is_some_and(|(_, plural)| plural);
    if ranked.is_some_and(|r| !fits(r, counted)) {
        return None;
    }
    let k = TOP_K.captures(question).and_then(|c| number(&c[1])).unwrap_or(if plural && place == 1 { 5 } else { 1 }).clamp(1, 20);
    Some(Tally { ranked, counted, fewest, place, k, middle: MIDDLE.is_match(question), listed: LISTED.is_match(question), gap: false })
}

/// What a ranking orders when the question says it only by the names it lists, and which
/// count fits it.
pub fn ranked_for(counted: Counted, datasets: usize, models: usize, problems: usize) -> Option<Ranked> {
    let kinds = [(Ranked::Datasets, datasets), (Ranked::Models, models), (Ranked::Problems, problems)];
    let (kind, n) = kinds.into_iter().max_by_key(|(_, n)| *n)?;
    (n >= 2 && fits(kind, counted)).then_some(kind)
}

/// What a claim states of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stated {
    /// The one named has the most (or the fewest, or is at `place`) in the whole graph.
    Top { fewest: bool, place: usize },
    /// The first named has more (or fewer) than the second.
    Than { fewer: bool },
    /// The one named's count against a number.
    Bound { bound: Bound, n: u64 },
}

/// How a count is held against a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Over,
    AtLeast,
    Under,
    AtMost,
    Exactly,
}

impl Bound {
    pub fn holds(self, count: u64, n: u64) -> bool {
        match self {
            Self::Over => count > n,
            Self::AtLeast => count >= n,
            Self::Under => count < n,
            Self::AtMost => count <= n,
            Self::Exactly => count == n,
        }
    }

    /// The bound in words, before its number ("more than").
    pub fn words(self) -> &'static str {
        match self {
            Self::Over => "more than",
            Self::AtLeast => "at least",
            Self::Under => "fewer than",
            Self::AtMost => "at most",
            Self::Exactly => "exactly",
        }
    }
}

/// A claim about a count, as read from a statement or a yes/no question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountClaim {
    /// What the names are, when the claim says it ("the dataset with the most models").
    pub ranked: Option<Ranked>,
    pub counted: Counted,
    pub stated: Stated,
}

/// The claim about a count a statement makes, if it makes one: "imagenet is the dataset
/// with the most models, right?", "does squad1.1 have more models than coqa?", "more than
/// 10 models were evaluated on cifar-10", "only one paper addresses T".
pub fn claim(question: &str) -> Option<CountClaim> {
    let (at, word, stated) = if let Some(c) = THAN.captures(question) {
        (c.get(0)?.start(), c[2].to_owned(), Stated::Than { fewer: !c[1].eq_ignore_ascii_case("more") })
    } else if let Some(c) = BOUND.captures(question).filter(|_| !NOT_A_COUNT.is_match(question)) {
        let how = c[1].to_lowercase();
        let bound = match how.split_whitespace().next().unwrap_or_default() {
            "more" | "over" | "above" => Bound::Over,
            "fewer" | "less" | "under" | "below" => Bound::Under,
            "at" if how.ends_with("least") => Bound::AtLeast,
            "at" => Bound::AtMost,
            _ => Bound::Exactly,
        };
        (c.get(0)?.start(), c[3].to_owned(), Stated::Bound { bound, n: number(&c[2])? as u64 })
    } else if let Some(c) = MOST.captures(question) {
        let how = c[2].to_lowercase();
        let fewest = ["fewest", "least", "lowest", "smallest"].iter().any(|w| how.starts_with(w));
        (c.get(0)?.start(), c[3].to_owned(), Stated::Top { fewest, place: place(c.get(1).map(|m| m.as_str())) })
    } else {
        let c = MOST_USED.captures(question)?;
        let ranked = ranked(&c[3]);
        let counted = match ranked {
            Ranked::Datasets => Counted::Models,
            Ranked::Models => Counted::Datasets,
            Ranked::Problems => Counted::Papers,
        };
        let stated = Stated::Top { fewest: c[2].eq_ignore_ascii_case("least"), place: place(c.get(1).map(|m| m.as_str())) };
        return Some(CountClaim { ranked: Some(ranked), counted, stated });
    };
    let counted = counted_in(&word, question);
    let ranked = RANKED
        .captures_iter(&question[..at])
        .map(|c| ranked(&c[1]))
        .filter(|r| !matches!((r, counted), (Ranked::Datasets, Counted::Datasets | Counted::Tops) | (Ranked::Models, Counted::Models)))
        .last()
        .filter(|&r| fits(r, counted));
    Some(CountClaim { ranked, counted, stated })
}

/// The place a word names: "second" 2, "third" 3, none 1.
fn place(word: Option<&str>) -> usize {
    match word.map(str::to_lowercase) {
        Some(p) if p.starts_with('s') || p == "2nd" => 2,
        Some(_) => 3,
        None => 1,
    }
}

/// What the names of a claim are, when it does not say: the kind most of its linked names
/// are that the count fits.
pub fn ranked_named(counted: Counted, datasets: usize, models: usize, problems: usize) -> Option<Ranked> {
    [(Ranked::Datasets, datasets), (Ranked::Models, models), (Ranked::Problems, problems)]
        .into_iter()
        .filter(|&(kind, n)| n > 0 && fits(kind, counted))
        .max_by_key(|(_, n)| *n)
        .map(|(kind, _)| kind)
}

/// Whether a count makes sense of what is ranked: papers and models of datasets, datasets
/// and code of models, papers, contributions and datasets of problems.
fn fits(ranked: Ranked, counted: Counted) -> bool {
    match ranked {
        Ranked::Datasets => matches!(counted, Counted::Models | Counted::Papers),
        Ranked::Models => matches!(counted, Counted::Datasets | Counted::Code | Counted::Tops),
        Ranked::Problems => matches!(counted, Counted::Papers | Counted::Contributions | Counted::Datasets),
    }
}

/// "how many boards does X lead?", "the number of sota results X holds".
static HOW_MANY: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:how\s+many|number\s+of|count\s+of)\s+(?:(?:distinct|different|separate)\s+)?(?:(?:research|scientific|academic|published)\s+)?{COUNTED}")));

/// What a question asks the count of, for one subject: "how many boards does approxrepset
/// lead?" counts the boards it leads.
pub fn how_many(question: &str) -> Option<Counted> {
    // Metrics are no part of `COUNTED`: nothing is ranked by them.
    static METRICS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:how\s+many|number\s+of|count\s+of)\s+(?:(?:distinct|different|separate|evaluation)\s+)?metrics\b"));
    if METRICS.is_match(question) {
        return Some(Counted::Metrics);
    }
    // "How many sars-cov-2 papers appeared in 2021?": a topic's words before the papers. Not
    // "how many of the OCR papers have a DOI?", which counts some of them (a condition the
    // count of a topic's papers would not apply).
    static TOPIC_PAPERS: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?i)\bhow\s+many\s+((?:[\w.-]+\s+){1,4}?)(?:papers|publications|articles|studies)\b"));
    let topic_papers = || TOPIC_PAPERS.captures(question).filter(|c| !c[1].to_lowercase().starts_with("of ")).map(|_| Counted::Papers);
    HOW_MANY.captures(question).map(|c| counted_in(&c[1], question)).or_else(topic_papers)
}

/// A question opened by a question word ("which", "how many", "list"), or holding "which",
/// "what", "who" or "how many" after the names it lists: a count it states is asked, not
/// claimed. Anything else that states a count is a claim ("X has more models than Y", with
/// or without a question mark).
static ASKED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:which|what|who|whose|how|where|when|why|list|name|show|give|tell|find|top|rank)\b|\b(?:which|what|who|whose|how\s+many)\b")
});

/// Whether a question asks (by a question word) rather than states.
pub fn asks(question: &str) -> bool {
    ASKED.is_match(question)
}

/// The two sides of "A has more models than B": the words before the verb that opens the
/// comparison, and those after "than" up to a tag ("right?", ", no?"). Read from the words,
/// so that a name the front did not take for one is still named (and said missing).
pub fn than_sides(question: &str) -> Option<(String, String)> {
    static VERB: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\s+(?:(?:has|have|had|is|are|was|were|been|being|got|gets|holds?|leads?|tops?|shows?|appears?|runs?|ran|run|evaluated|tested|benchmarked|used|reported|studied|addressed|on|in|with|by|for|been)\s+)*$")
    });
    static OPENER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:(?:does|do|did|is|are|was|were|has|have)\s+)?(?:the\s+)?"));
    static TAG: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s*(?:[,;?!]|\.(?:\s|$)|\b(?:right|correct|true|no|yes|isn't\s+it|is\s+it|innit|or\s+not|though|too)\b).*$"));
    let c = THAN.captures(question)?;
    let whole = c.get(0)?;
    let before = VERB.replace(&question[..whole.start()], "");
    let subject = OPENER.replace(&before, "").trim().to_owned();
    let after = &question[whole.end()..];
    let object = TAG.replace(after, "");
    let object = object.trim().trim_start_matches("the ").trim().to_owned();
    (!subject.is_empty() && !object.is_empty()).then_some((subject, object))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(q: &str) -> Tally {
        read(q).unwrap_or_else(|| panic!("no tally read from {q:?}"))
    }

    #[test]
    fn research_papers_counted_are_papers() {
        assert_eq!(how_many("how many research papers have used the wikitext-103?"), Some(Counted::Papers));
        assert_eq!(how_many("how many research problems does X address?"), None, "problems are no research papers");
        assert_eq!(how_many("how many sars-cov-2 papers appeared in 2021?"), Some(Counted::Papers), "a topic's words before the papers");
        assert_eq!(how_many("how many datasets do relation extraction papers use?"), Some(Counted::Datasets), "what is counted comes first");
        assert_eq!(how_many("how many of the OCR papers have a DOI"), None, "some of a topic's papers, by a condition");
    }

    #[test]
    fn a_ranking_by_count_says_what_it_ranks_by_what_and_which_place() {
        let t = tally("top 4 boards by number of models evaluated?");
        assert_eq!((t.ranked, t.counted, t.fewest, t.place, t.k), (Some(Ranked::Datasets), Counted::Models, false, 1, 4));
        let second = tally("which research problem comes second by number of papers?");
        assert_eq!((second.place, second.counted), (2, Counted::Papers), "a place said before the count");
        let t = tally("which research problem has the second most papers?");
        assert_eq!((t.ranked, t.counted, t.place), (Some(Ranked::Problems), Counted::Papers, 2));
        let t = tally("which model has the second most code implementations linked?");
        assert_eq!((t.ranked, t.counted, t.place), (Some(Ranked::Models), Counted::Code, 2));
        assert_eq!(tally("which datasets have the most models evaluated on them?").k, 5, "a plural asks for several");
        assert_eq!(tally("which dataset has the most models?").k, 1);
        let t = tally("what are the most used datasets?");
        assert_eq!((t.ranked, t.counted, t.k), (Some(Ranked::Datasets), Counted::Models, 5), "a plural asks for several");
        assert_eq!(tally("What are the most commonly used benchmark datasets for the NLI research field?").k, 5, "the noun after says the number");
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
    fn a_comparative_among_names_listed_is_the_most_of_them() {
        let t = tally("which has more papers, ner or relation extraction?");
        assert_eq!((t.counted, t.fewest, t.place, t.k, t.listed), (Counted::Papers, false, 1, 1, true));
        assert!(tally("which of bert and xlnet was run on fewer boards?").fewest);
        assert_eq!(read("does squad1.1 have more models than coqa?"), None, "a yes/no question is a claim");
        let t = tally("ocr or machine translation - more papers?");
        assert_eq!((t.counted, t.listed, t.gap), (Counted::Papers, true, false), "asked without a question word");
        assert_eq!(tally("A vs B, which has more work in the graph?").counted, Counted::Papers, "work is papers");
    }

    #[test]
    fn how_far_apart_two_counts_are_is_asked_of_every_name() {
        let t = tally("how many more models on Atari 2600 Seaquest than on Atari 2600 Frostbite?");
        assert_eq!((t.counted, t.listed, t.gap), (Counted::Models, true, true));
        let t = tally("continuous control vs self-supervised action recognition: what's the difference in paper count?");
        assert_eq!((t.counted, t.gap), (Counted::Papers, true));
        let t = tally("difference in the number of models evaluated on BIOSSES vs MedSTS?");
        assert_eq!((t.counted, t.gap), (Counted::Models, true));
        assert_eq!(tally("how many more boards has CURL been run on than SAC?").counted, Counted::Datasets);
        assert!(!tally("which has more papers, ner or relation extraction?").gap);
    }

    #[test]
    fn boards_a_model_leads_are_a_count_of_their_own() {
        let t = tally("which model holds the most sota results across all boards?");
        assert_eq!((t.ranked, t.counted), (Some(Ranked::Models), Counted::Tops));
        let t = tally("top 3 models by number of boards where they hold the best result");
        assert_eq!((t.ranked, t.counted, t.k), (Some(Ranked::Models), Counted::Tops, 3));
        assert_eq!(tally("who leads more boards: scibert (scivocab), luke or etl-span?").counted, Counted::Tops);
        assert_eq!(tally("which model has been run on the most boards?").counted, Counted::Datasets);
        assert_eq!(claim("gpt-4 holds more sota results than gpt3, right?").map(|c| c.counted), Some(Counted::Tops));
        assert_eq!(how_many("how many boards does approxrepset lead?"), Some(Counted::Tops));
        assert_eq!(how_many("how many boards has curl been run on"), Some(Counted::Datasets));
        assert_eq!(how_many("how many metrics does imagenet have?"), Some(Counted::Metrics));
    }

    #[test]
    fn claims_of_a_count_say_what_they_state() {
        let c = claim("is imagenet the dataset with the most models?").expect("a claim");
        assert_eq!((c.ranked, c.counted, c.stated), (Some(Ranked::Datasets), Counted::Models, Stated::Top { fewest: false, place: 1 }));
        let c = claim("does squad1.1 have more models than coqa?").expect("a claim");
        assert_eq!((c.ranked, c.counted, c.stated), (None, Counted::Models, Stated::Than { fewer: false }));
        assert!(claim("more than 5 models were evaluated on atari 2600 phoenix").is_some(), "a name's digits are no score");
        let c = claim("more than 10 models were evaluated on cifar-10, right?").expect("a claim");
        assert_eq!(c.stated, Stated::Bound { bound: Bound::Over, n: 10 });
        assert_eq!(claim("only one paper addresses the problem of sentence compression").map(|c| c.stated), Some(Stated::Bound { bound: Bound::Exactly, n: 1 }));
        assert_eq!(claim("bert was evaluated on fewer datasets than xlnet").map(|c| (c.counted, c.stated)), Some((Counted::Datasets, Stated::Than { fewer: true })));
        assert_eq!(claim("imagenet is the second most benchmarked dataset").map(|c| c.stated), Some(Stated::Top { fewest: false, place: 2 }));
        assert_eq!(claim("bert scores 93.2 f1 on squad1.1"), None);
        for q in [
            "Only 6 models beat Orvalis-CNN on BenchMira by Accuracy, right?",
            "Is it true that more than one paper reports Orvalis-CNN at 80.2 on BenchMira?",
            "Selkora reaches 88.5 F1 on D - is that backed up by more than one paper?",
            "Is Orvalis-CNN's 80.2 Accuracy on BenchMira reported by more than one paper?",
            "orvalis-cnn's 80.2 on benchmira shows up in more than one paper, doesn't it?",
            "I'm writing that as of 2019 only two models had broken 80% accuracy on BenchMira. Is that accurate?",
            "Only two systems have reached 50 chrF on Mirelle Subtitles, right?",
        ] {
            assert_eq!(claim(q), None, "{q}");
        }
        assert!(Bound::Over.holds(11, 10) && !Bound::Over.holds(10, 10) && Bound::AtMost.holds(10, 10));
        assert_eq!(ranked_named(Counted::Models, 2, 0, 0), Some(Ranked::Datasets));
        assert_eq!(ranked_named(Counted::Papers, 0, 0, 1), Some(Ranked::Problems));
    }

    #[test]
    fn the_sides_of_a_comparison_are_read_from_the_words() {
        let side = than_sides;
        assert_eq!(side("cityscapes has more models than imagenet, no?"), Some(("cityscapes".into(), "imagenet".into())));
        assert_eq!(side("does squad1.1 have more models than coqa?"), Some(("squad1.1".into(), "coqa".into())));
        assert_eq!(side("trellis network was tested on more datasets than awd-lstm 3-layer w/ fraternal dropout"), Some(("trellis network".into(), "awd-lstm 3-layer w/ fraternal dropout".into())));
        assert!(asks("which has more papers, ner or relation extraction?") && asks("How many models were run on D?"));
        assert!(!asks("language modelling has more papers than image classification") && !asks("does D have more models than E?"));
        assert!(asks("of go-explore, reactor 500m and pop3d, which one was tested on the fewest datasets?"), "the question word after the names");
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
