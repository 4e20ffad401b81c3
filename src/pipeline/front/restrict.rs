//! What part of the graph a question asks about, when it is not all of it: models or boards
//! set aside ("other than X", "X aside", "leave X out of it", "we can't use X"), papers set
//! aside ("not counting the Nerrisa paper", "apart from the paper that introduced X", "leaving
//! out the 2025 replication study"), a first year ("from 2020 on", "2018 or later"), a year
//! dropped ("if I drop the 2024 papers") and papers without a DOI ("I can only cite work that
//! has a DOI"). Read here from the question and the names the front linked (pure); applied
//! to the evidence before the trust stage weighs it (`trust::facts::apply_restriction`), so
//! every later stage, the verdict's included, sees only what was asked about. A cue read
//! but not understood is kept as `unread`, and the scope gate fails on it: an answer about
//! the whole board is no answer to a question about part of it.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::lexicon::EntityKind;
use super::normalize::{mention_in, Normalized, NormalizedEntity};

/// A paper set aside by how the question names it: its title's words (and year), or the
/// model it introduced.
#[derive(Debug, Clone, PartialEq)]
pub enum PaperName {
    /// "the Nerrisa paper", "the 2025 replication study": words its title holds.
    Titled { words: Vec<String>, year: Option<i32> },
    /// "the paper that introduced KestrelNet": the paper whose title opens with the name.
    Introducing(String),
}

/// The part of the graph a question asks about. Empty: all of it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Restriction {
    /// Models whose results are set aside (linked or as written).
    pub models: Vec<NormalizedEntity>,
    /// Boards set aside.
    pub datasets: Vec<NormalizedEntity>,
    /// Metrics set aside ("which metrics are used on D besides BLEU"): left out of a board's
    /// metrics listed, and nothing else (a result is not set aside by its metric).
    pub metrics: Vec<NormalizedEntity>,
    pub papers: Vec<PaperName>,
    /// Only papers of this year or later (undated papers cannot be placed, and are left out).
    pub from_year: Option<i32>,
    /// Only papers of this year or earlier ("which papers on T came out before 2019?",
    /// "published in 2020" with `from_year` the same); a paper recorded with two years is
    /// kept when either falls in the window, an undated one is left out.
    pub to_year: Option<i32>,
    /// Papers of these years are set aside.
    pub dropped_years: Vec<i32>,
    /// Only papers with a DOI.
    pub doi_only: bool,
    /// A cue that sets something aside, read in the question but not understood.
    pub unread: Option<String>,
}

impl Restriction {
    /// Whether anything is set aside.
    pub fn restricts(&self) -> bool {
        !self.models.is_empty() || !self.datasets.is_empty() || !self.papers.is_empty() || self.from_year.is_some() || self.to_year.is_some() || !self.dropped_years.is_empty() || self.doi_only
    }

    /// The words of the papers set aside by their titles, lowercased: a model named by one
    /// of them ("the Nerrisa paper") names the paper.
    fn paper_words(&self) -> Vec<String> {
        self.papers
            .iter()
            .flat_map(|p| match p {
                PaperName::Titled { words, .. } => words.iter().map(|w| w.to_lowercase()).collect::<Vec<_>>(),
                PaperName::Introducing(_) => Vec::new(),
            })
            .collect()
    }

    /// The years the question keeps, in words ("from 2019 on", "from 2020"), if it keeps some.
    pub fn window(&self) -> Option<String> {
        match (self.from_year, self.to_year) {
            (Some(from), Some(to)) if from == to => Some(format!("from {from}")),
            (Some(from), Some(to)) => Some(format!("from {from}–{to}")),
            (Some(from), None) => Some(format!("from {from} on")),
            (None, Some(to)) => Some(format!("up to {to}")),
            (None, None) => None,
        }
    }

    /// What is set aside, in words: "Zephyrine-L and Wendrel-S; papers before 2020".
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let names: Vec<&str> = self.models.iter().chain(&self.datasets).map(|e| e.canonical.as_str()).collect();
        if !names.is_empty() {
            parts.push(names.join(", "));
        }
        for paper in &self.papers {
            parts.push(match paper {
                PaperName::Titled { words, year: Some(y) } => format!("the {y} paper \"{}\"", words.join(" ")),
                PaperName::Titled { words, year: None } => format!("the paper \"{}\"", words.join(" ")),
                PaperName::Introducing(name) => format!("the paper that introduced {name}"),
            });
        }
        match (self.from_year, self.to_year) {
            (Some(from), Some(to)) if from == to => parts.push(format!("papers not of {from} or with no usable year")),
            (Some(from), Some(to)) => parts.push(format!("papers outside {from}–{to} or with no usable year")),
            (Some(from), None) => parts.push(format!("papers before {from} or with no usable year")),
            (None, Some(to)) => parts.push(format!("papers after {to} or with no usable year")),
            (None, None) => {}
        }
        for y in &self.dropped_years {
            parts.push(format!("papers of {y}"));
        }
        if self.doi_only {
            parts.push("papers without a DOI".into());
        }
        parts.join("; ")
    }
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("restriction pattern {pattern}: {e}"))
}

/// The words that set what follows them aside as a preposition does ("other than X",
/// "besides X"). A macro, so that [`SETS_ASIDE`] can be put together at compile time.
macro_rules! sets_aside_before_name {
    () => {
        r"other\s+than|apart\s+from|aside\s+from|besides|except(?:\s+for)?|excluding|without|not\s+counting|ignoring|minus|dropping|leaving\s+out|setting\s+aside"
    };
}
/// [`SETS_ASIDE`]'s prepositions, shared with the readers of names (`extract`, `statement`)
/// so that a word added here ends a name there too. The imperatives ("drop X") stay out of
/// it: "DROP" is a board's name.
pub(super) const SETS_ASIDE_BEFORE_NAME: &str = sets_aside_before_name!();
/// The words that set what follows them aside, shared by every reading below.
const SETS_ASIDE: &str = concat!(r"not\s+interested\s+in|never\s+mind|", sets_aside_before_name!(), r"|exclude|ignore|drop|leave\s+out|set\s+aside");
/// Words before a name that set it aside ("other than X", "we can't use X").
/// ("T papers that don't use D", "not evaluated on D": the board is set aside too.)
static BEFORE: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:{SETS_ASIDE}|(?:can't|cannot|can\s+not|won't|may\s+not)\s+use|{NOT_USED}|{BUT_NOT})\s+(?:the\s+)?$")));
/// "models on A but not on B", "boards X ran on and not Y": the other side of a difference.
const BUT_NOT: &str = r"(?:but|and)\s+not(?:\s+(?:on|in|by|for))?";
/// "the boards X ran on that Y was not": a model named in a relative clause said in the
/// negative, whose boards are set aside. The clause ends there: "confirm that Y is not
/// worse than Z" states something of Y.
static RELATIVE_BEFORE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:that|which)\s+(?:the\s+)?$"));
static NEGATED_AFTER: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^\s+(?:was|were|is|are|did|does|has|had|have)(?:\s+not|n['’]t|\s+never)(?:\s+(?:been\s+)?(?:evaluated|tested|run|benchmarked|used)(?:\s+(?:on|in))?)?\s*(?:[?.!,;]|$)"));
/// Words that say a board was not used: "papers that don't use D", "not evaluated on D".
const NOT_USED: &str = r"(?:don't|doesn't|didn't|do\s+not|does\s+not|did\s+not|never)\s+(?:use|report\s+on|evaluate\s+on|test\s+on)|not\s+(?:using|evaluated\s+on|tested\s+on|reporting\s+on)";

/// Whether the question says `entity` was not used ([`NOT_USED`] before it): in a claim
/// ("X was not evaluated on D, right?") the board is what the claim is about, said in the
/// negative (`trust::negation`), not a board set aside.
pub fn said_unused(question: &str, entity: &NormalizedEntity) -> bool {
    static UNUSED: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:{NOT_USED}|{BUT_NOT})\s+(?:the\s+)?$")));
    mention_in(question, &entity.text).and_then(|at| question.get(..at.start)).is_some_and(|before| UNUSED.is_match(before))
}
/// Whether the question names `entity` as the one thing a claim says is alone ("no model
/// other than X has results on D", "nothing but X was reported on D"): the claim's subject,
/// not a name set aside (`trust::relations`).
pub fn said_only(question: &str, entity: &NormalizedEntity) -> bool {
    static ONLY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:nothing|nobody|no\s+one|none|no\s+(?:other\s+)?[\w-]+)\s+(?:but|except(?:\s+for)?|other\s+than|besides|apart\s+from|save)\s+(?:the\s+)?$"));
    mention_in(question, &entity.text).and_then(|at| question.get(..at.start)).is_some_and(|before| ONLY.is_match(before))
}
/// Words before a name that set it aside only with [`AFTER_PAIRED`] after it ("leave X out").
static BEFORE_PAIRED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:leave|leaving|set|setting|put|putting|take|taking)\s+(?:the\s+)?$"));
static AFTER_PAIRED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:out|aside|away)\b"));
/// A name's own paper after it: "apart from Gannetron's own 2016 paper"; "besides the
/// brackwater unet one", "other than the selkora authors": its paper too.
static OWN_PAPER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:(?:'s|’s)\s+(?:own\s+|original\s+|first\s+)*(?:(?:19|20)\d\d\s+)?(?:paper|article|preprint|publication)|\s+(?:one|authors?|team|group|people|folks|paper)\b)")
});
/// Words after a name that set it aside ("X aside", "with X gone").
static AFTER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:aside|set\s+aside|left\s+out|excluded|removed|gone)\b"));
/// A list going on: "other than X and Y", "X, Y or Z".
static LIST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:,|and|or|&|nor|,\s*and|,\s*or)\s*(?:the\s+)?$"));
/// "not counting the Nerrisa paper", "leaving out the 2025 replication study", "apart from
/// the paper that introduced KestrelNet".
static PAPER: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\b(?:{SETS_ASIDE})\s+the\s+(?:(paper|article|preprint|study)\s+that\s+(?:first\s+)?(?:introduced|proposed|presented)\s+([\w.+-]+)|((?:19|20)\d\d\s+)?((?:[\w.+'’-]+\s+){{0,3}}?[\w.+'’-]+)\s+(?:paper|article|preprint|study|survey|replication|reproduction))\b"))
});
/// "from 2020 on", "2018 or later", "2023 onward", "in or after 2021".
static FROM_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:from\s+((?:19|20)\d\d)\s+(?:on|onwards?|forwards?)\b|((?:19|20)\d\d)\s+(?:or|and)\s+(?:later|after|newer)\b|((?:19|20)\d\d)\s+onwards?\b|in\s+or\s+after\s+((?:19|20)\d\d)\b)")
});
/// A request for papers (not a claim about a named paper's year): "which papers on T ...",
/// "papers about T since 2015", "i need papers on T from 2019", "any dialogue translation
/// pubs ...", "any new work on T since 2022", "anything on D ...", "kelp canopy refs ..."; "which model was best in 2019?"
/// asks for a model, and its year is an anchor.
static PAPER_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:^|[:;,.]\s*)\W*(?:anything\b|(?:which|what|list|show|find|give\s+me|any|are\s+there|how\s+many)\b[^?]{0,60}\b(?:papers|pubs|refs|references|studies|publications|articles|(?:new|recent)\s+(?:work|research))\b|(?:(?:recent|new|newer|older|latest)\s+)?(?:papers|pubs|refs|references|studies|publications|articles)\s+(?:on|about|in|for|regarding|of)\b)|\b(?:need|want|looking\s+for|searching\s+for|search\s+for|recommend)\b[^?]{0,30}\b(?:papers|pubs|refs|references|studies|publications|articles)\b|\b(?:papers|pubs|refs|references|studies|publications|articles)\s+(?:published\s+|that\s+came\s+out\s+|out\s+)?(?:since|after|before|from|between|until)\s+(?:19|20)\d\d\b")
});
/// A claim or a question about one named paper, never a request for papers.
static NOT_A_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:is|was|were|did|does|has|have|had)\b|\bthe\s+[\w.+-]+\s+(?:paper|article|preprint)\b|\b(?:right|correct|true|isn['’]t\s+it|wasn['’]t\s+it)\s*\?\s*$")
});
/// The years a request for papers asks for: two ends ("between 2016 and 2020", "from 2018
/// or 2019", "2016-2020"), one year ("published in 2020", "from 2018"), or one end ("after
/// 2021", "since 2020", "before 2019", "up to 2018").
static WINDOW: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:between\s+((?:19|20)\d\d)\s+and\s+((?:19|20)\d\d)|from\s+((?:19|20)\d\d)\s+(?:to|or|through|until)\s+((?:19|20)\d\d)|((?:19|20)\d\d)\s*[-–]\s*((?:19|20)\d\d)|(?:published|came\s+out|appeared|released|written)\s+(?:in|during)\s+((?:19|20)\d\d)|(?:from|in|during)\s+((?:19|20)\d\d)\b(?:\s+(?:or|and)\s+((?:19|20)\d\d))?|(after|since|before|until|up\s+to|through)\s+((?:19|20)\d\d))\b")
});

/// The year a lookup dates its paper by: "the nitrogen fixation paper from 2019", "the 2021
/// arxiv paper on X". Read for lookups only: a claim's year is what it states, not a bound.
pub fn lookup_year(question: &str) -> Option<i32> {
    static YEAR: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\bthe\s+((?:19|20)\d\d)\s+(?:[\w-]+\s+){0,8}?(?:paper|article|preprint|study)\b|\b(?:paper|article|preprint|study)\s+(?:from|of)\s+((?:19|20)\d\d)\b")
    });
    let c = YEAR.captures(question)?;
    c.get(1).or_else(|| c.get(2))?.as_str().parse().ok()
}

/// The window of years a request for papers asks for, as (first year, last year), either
/// open; `None` when the question asks for none, or is a claim or a question about a
/// named paper.
pub fn year_window(question: &str) -> Option<(Option<i32>, Option<i32>)> {
    if !PAPER_REQUEST.is_match(question) || NOT_A_REQUEST.is_match(question) {
        return None;
    }
    let c = WINDOW.captures(question)?;
    let year = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<i32>().ok());
    let range = |a: usize, b: usize| Some((year(a)?, year(b)?)).map(|(x, y)| (Some(x.min(y)), Some(x.max(y))));
    if let Some(w) = range(1, 2).or_else(|| range(3, 4)).or_else(|| range(5, 6)) {
        return Some(w);
    }
    if let Some(y) = year(7) {
        return Some((Some(y), Some(y)));
    }
    if let Some(y) = year(8) {
        let last = year(9).unwrap_or(y);
        return Some((Some(y.min(last)), Some(y.max(last))));
    }
    let y = year(11)?;
    Some(match c.get(10)?.as_str().to_lowercase().as_str() {
        "after" => (Some(y + 1), None),
        "since" => (Some(y), None),
        "before" => (None, Some(y - 1)),
        _ => (None, Some(y)),
    })
}

/// "if I drop the 2024 papers", "excluding the 2024 results".
static DROPPED_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\b(?:{SETS_ASIDE})\s+(?:the\s+|all\s+|any\s+)?((?:19|20)\d\d)(?:'s)?\s+(?:papers?|results?|work|entries|studies|numbers|rows|scores)\b"))
});
/// "I can only cite work that has a DOI", "a survey that only cites papers with a DOI".
static DOI_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:only|just|solely)\b[^.?!;]{0,40}?\b(?:with|that\s+has|that\s+have|having|carrying|which\s+has|which\s+have)\s+(?:an?\s+|its\s+)?dois?\b|\b(?:papers|work|studies)\s+(?:with|having)\s+(?:an?\s+)?dois?\s+only\b")
});
/// Any cue that sets part of the graph aside, read or not: narrower than [`SETS_ASIDE`],
/// whose "without", "besides" or "drop" say nothing about a board without a name after them.
/// A result kept only when enough papers back it ("the weakest result that more than one
/// paper backs up", "results confirmed by at least two papers") is a cue too, not read yet;
/// a claim that several papers report a value is no restriction (the corroboration claim).
static CUE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:(?:results?|scores?|values?|numbers?|entry|entries|models?|systems?)\b[^.?!]{0,40}?\b(?:that|which)\s+(?:more\s+than\s+one|at\s+least\s+(?:two|2)|two\s+or\s+more|multiple|several)\s+(?:papers?|studies|sources)\s+(?:backs?|supports?|confirms?|reports?|agree\s+on)\b|(?:results?|scores?|values?|numbers?|entries|entry)\s+(?:backed|supported|confirmed|corroborated|reproduced|replicated)\s+by\s+(?:more\s+than\s+one|at\s+least\s+(?:two|2)|two\s+or\s+more|multiple|several)\s+(?:papers?|studies|sources)|other\s+than|apart\s+from|aside\s+from|except(?:\s+for)?|excluding|not\s+counting|leaving\s+out|leave\s+\S+(?:\s+\S+)?\s+out\b|setting\s+\S+(?:\s+\S+)?\s+aside|\S+\s+aside\b|only\s+(?:papers|work|results|studies)\s+(?:with|that|from)|(?:19|20)\d\d\s+or\s+later|(?:19|20)\d\d\s+onwards?)")
});

/// A clause opening the question that only sets something aside: "Not counting the Nerrisa
/// paper, ", "Marrowfen aside, ", "Leave Syrinxa out of it: ".
static LEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)^\s*(?:(?:{SETS_ASIDE})\s+[^,;:?]{{1,60}}|(?:leave|leaving|setting|set)\s+[^,;:?]{{1,40}}?\s+(?:out(?:\s+of\s+it)?|aside)|[^,;:?\s]+(?:\s+[^,;:?\s]+)?\s+aside)\s*[,;:]\s*"))
});

/// The question without a clause opening it that only sets something aside: what the rules
/// classify ("Not counting the Nerrisa paper, which systems have beaten X?" asks "which
/// systems have beaten X?", no claim).
pub fn asked(question: &str) -> &str {
    LEADING.find(question).map_or(question, |m| &question[m.end()..])
}

/// The names the rules classify `question` by: a model said only where it is set aside
/// ("besides SMT, which models have results on D?", "which models other than SMT ...") is
/// not what is asked about, so the question compares nothing with it.
pub fn classified(question: &str, entities: &super::extract::Entities) -> super::extract::Entities {
    let mut out = entities.clone();
    // Only a name right after the words that set it aside ([`SETS_ASIDE_BEFORE_NAME`]):
    // "apart from the paper that introduced X, which papers report its accuracy?" still
    // asks about X. (A name the question does not hold as written, an LLM's or a
    // synonym's, is kept.)
    static AFTER_ASIDE: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:{SETS_ASIDE_BEFORE_NAME})\s+")));
    out.methods.retain(|m| {
        if !super::normalize::said_in(question, m) {
            return true;
        }
        // The question with every "besides <m>" taken out: is `m` still said in it?
        let (mut rest, mut from) = (String::with_capacity(question.len()), 0);
        for aside in AFTER_ASIDE.find_iter(question) {
            if aside.start() < from {
                continue;
            }
            if let Some(len) = super::normalize::caseless_prefix(&question[aside.end()..], m) {
                rest.push_str(&question[from..aside.start()]);
                rest.push(' ');
                from = aside.end() + len;
            }
        }
        rest.push_str(&question[from..]);
        super::normalize::said_in(&rest, m)
    });
    out
}

/// The restriction `question` puts on what it asks about, reading the names in `entities`
/// (the front's linked mentions). Pure.
pub fn read(question: &str, entities: &Normalized) -> Restriction {
    let mut r = Restriction::default();
    for c in PAPER.captures_iter(question) {
        if let Some(name) = c.get(2) {
            r.papers.push(PaperName::Introducing(name.as_str().trim_end_matches(['?', '.', ',']).to_owned()));
        } else if let Some(words) = c.get(4) {
            let words: Vec<String> = words.as_str().split_whitespace().map(str::to_owned).collect();
            let year = c.get(3).and_then(|y| y.as_str().trim().parse().ok());
            r.papers.push(PaperName::Titled { words, year });
        }
    }
    // "what's the DOI of the overview paper on ESSENCE? not the ESSENCE II one": the paper
    // whose title holds the name, set aside. A name written as one ("the large one" is a
    // model's size, not a paper).
    static NOT_THE_ONE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bnot\s+the\s+((?:[\w.+'’-]+\s+){0,3}?[\w.+'’-]+)\s+(?:one|version|paper|article)\b"));
    for c in NOT_THE_ONE.captures_iter(question) {
        if super::normalize::written_as_name(&c[1]) {
            r.papers.push(PaperName::Titled { words: c[1].split_whitespace().map(str::to_owned).collect(), year: None });
        }
    }
    let paper_words = r.paper_words();
    for kind in [EntityKind::Method, EntityKind::Dataset, EntityKind::Metric] {
        let mut mentions: Vec<(usize, &NormalizedEntity)> = entities.get(kind).iter().filter_map(|e| mention_in(question, &e.text).map(|at| (at.start, e))).collect();
        mentions.sort_by_key(|(at, _)| *at);
        mentions.dedup_by_key(|(at, _)| *at);
        let mut flags: Vec<bool> = mentions
            .iter()
            .map(|&(at, entity)| {
                // The name's own length may differ from the place's ("İ"), so the text is
                // read with `get`, never sliced.
                let (Some(before), Some(after)) = (question.get(..at), question.get(at + entity.text.len()..)) else { return false };
                BEFORE.is_match(before) || (BEFORE_PAIRED.is_match(before) && AFTER_PAIRED.is_match(after)) || AFTER.is_match(after) || (RELATIVE_BEFORE.is_match(before) && NEGATED_AFTER.is_match(after))
            })
            .collect();
        // A list shares its cue: "other than X and Y" sets Y aside, "X and Y aside" X.
        let listed = |i: usize| -> bool {
            let (at, e) = mentions[i];
            mentions.get(i + 1).is_some_and(|&(next, _)| question.get(at + e.text.len()..next).is_some_and(|between| LIST.is_match(between)))
        };
        for i in 0..mentions.len().saturating_sub(1) {
            if flags[i] && listed(i) {
                flags[i + 1] = true;
            }
        }
        for i in (0..mentions.len().saturating_sub(1)).rev() {
            let (at, e) = mentions[i + 1];
            if flags[i + 1] && listed(i) && question.get(at + e.text.len()..).is_some_and(|after| AFTER.is_match(after)) {
                flags[i] = true;
            }
        }
        for (&(at, entity), aside) in mentions.iter().zip(flags) {
            // A name that names a paper set aside ("the Nerrisa paper") is that paper's.
            if !aside || paper_words.contains(&entity.text.to_lowercase()) {
                continue;
            }
            // "Gannetron's own 2016 paper": the paper is set aside, not the model.
            if question.get(at + entity.text.len()..).is_some_and(|after| OWN_PAPER.is_match(after)) {
                r.papers.push(PaperName::Introducing(entity.text.clone()));
                continue;
            }
            match kind {
                EntityKind::Dataset => r.datasets.push(entity.clone()),
                EntityKind::Metric => r.metrics.push(entity.clone()),
                _ => r.models.push(entity.clone()),
            }
        }
    }
    r.from_year = FROM_YEAR.captures(question).and_then(|c| (1..=4).find_map(|i| c.get(i)).and_then(|y| y.as_str().parse().ok()));
    // A window of years asked of a request for papers; "from 2020 on" above wins.
    if r.from_year.is_none() {
        if let Some((from, to)) = year_window(question) {
            (r.from_year, r.to_year) = (from, to);
        }
    }
    r.dropped_years = DROPPED_YEAR.captures_iter(question).filter_map(|c| c[1].parse().ok()).collect();
    r.doi_only = DOI_ONLY.is_match(question);
    if !r.restricts() {
        // "re-run by papers other than its own": the model's own paper, which the reading of
        // re-runs leaves out itself.
        static OWN: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:{SETS_ASIDE})\s+(?:its|their|his|her|the\s+model's|the\s+original)\s+own\b")));
        r.unread = CUE.find(&OWN.replace_all(question, " ")).map(|m| m.as_str().to_owned());
    }
    r
}

/// Takes the models and boards `restriction` sets aside out of `entities`, and the model
/// names that only name a paper set aside: none of them is what the question asks about.
pub fn set_aside(entities: &mut Normalized, restriction: &Restriction) {
    let words = restriction.paper_words();
    let aside = |e: &NormalizedEntity, list: &[NormalizedEntity]| list.iter().any(|x| x.text == e.text);
    entities.methods.retain(|m| !aside(m, &restriction.models) && !words.contains(&m.text.to_lowercase()));
    entities.datasets.retain(|d| !aside(d, &restriction.datasets));
    entities.metrics.retain(|m| !aside(m, &restriction.metrics));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(kind: EntityKind, text: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: text.into(), canonical: text.into(), aliases: Vec::new(), iris: Vec::new(), direction: None, link: None }
    }

    fn models(names: &[&str]) -> Normalized {
        Normalized { methods: names.iter().map(|n| entity(EntityKind::Method, n)).collect(), ..Normalized::default() }
    }

    fn aside(question: &str, names: &[&str]) -> Vec<String> {
        read(question, &models(names)).models.iter().map(|m| m.text.clone()).collect()
    }

    #[test]
    fn a_model_named_only_to_be_set_aside_is_not_what_the_rules_classify_by() {
        let e = crate::pipeline::front::extract::Entities { methods: vec!["SMT".into()], datasets: vec!["D".into()], ..Default::default() };
        assert!(classified("besides SMT, which models have results on D?", &e).methods.is_empty());
        assert!(classified("which models other than SMT have results on D?", &e).methods.is_empty());
        assert!(classified("Except for smt: which models have results on D?", &e).methods.is_empty(), "letter case aside");
        assert_eq!(classified("is SMT better than the rest on D, besides SMT+NMT?", &e).methods, vec!["SMT"], "said again where it is asked about");
        assert_eq!(classified("which models have results on D?", &e).methods, vec!["SMT"], "a name not written in the question is kept");
        assert_eq!(classified("apart from the paper that introduced SMT, which papers report its accuracy on D?", &e).methods, vec!["SMT"], "a paper set aside, not the model");
    }

    #[test]
    fn the_one_model_a_claim_says_is_alone_is_its_subject() {
        let luke = entity(EntityKind::Method, "LUKE");
        assert!(said_only("is it true that no model other than LUKE has results on Open Entity?", &luke));
        assert!(said_only("Nothing but LUKE was reported on Open Entity", &luke));
        assert!(!said_only("which models other than LUKE were evaluated on Open Entity?", &luke));
    }

    #[test]
    fn the_other_side_of_a_difference_is_set_aside() {
        let boards = Normalized { datasets: vec![entity(EntityKind::Dataset, "Seaquest"), entity(EntityKind::Dataset, "Freeway")], ..Normalized::default() };
        let r = read("which models were evaluated on Seaquest but not on Freeway?", &boards);
        assert_eq!(r.datasets.iter().map(|d| d.text.as_str()).collect::<Vec<_>>(), ["Freeway"]);
        assert_eq!(aside("which atari games was Prior+Duel hs evaluated on that DQN hs was not?", &["Prior+Duel hs", "DQN hs"]), ["DQN hs"]);
        assert_eq!(aside("boards Duel noop ran on that Duel hs wasn't", &["Duel noop", "Duel hs"]), ["Duel hs"]);
        assert!(aside("Duel hs was not evaluated on D", &["Duel hs"]).is_empty(), "a claim's subject is not set aside");
        assert!(aside("Can you confirm that Wendrel-S is not worse than Tavrosa on BenchMira?", &["Wendrel-S", "Tavrosa"]).is_empty(), "a clause that states something");
        assert!(aside("Am I right that KestrelNet does not score 74.1 on BenchMira?", &["KestrelNet"]).is_empty());
    }

    #[test]
    fn a_board_a_topics_papers_do_not_use_is_set_aside() {
        let named = Normalized { datasets: vec![entity(EntityKind::Dataset, "bbcsport")], ..Normalized::default() };
        assert_eq!(read("text classification papers that don't use bbcsport", &named).datasets.len(), 1);
        assert!(read("text classification papers that use bbcsport", &named).datasets.is_empty());
    }

    #[test]
    fn a_metric_set_aside_is_read_and_leaves_the_board_named() {
        let named = Normalized { metrics: vec![entity(EntityKind::Metric, "BLEU")], datasets: vec![entity(EntityKind::Dataset, "RotoWire")], ..Normalized::default() };
        let r = read("which metrics are used on RotoWire besides BLEU", &named);
        assert_eq!(r.metrics.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["BLEU"]);
        assert!(r.datasets.is_empty() && !r.restricts(), "a metric alone sets no result aside");
    }

    #[test]
    fn a_lookup_dated_by_a_year_reads_the_year() {
        assert_eq!(lookup_year("the nitrogen fixation paper from 2019 - what's its doi"), Some(2019));
        assert_eq!(lookup_year("the 2021 arxiv paper on low-resource spoken language identification - doi?"), Some(2021));
        assert_eq!(lookup_year("the paper on language identification"), None);
    }

    #[test]
    fn models_set_aside_are_read_before_and_after_their_names_and_through_a_list() {
        assert_eq!(aside("With Zephyrine-L and Wendrel-S gone, Tavrosa is the top model on BenchMira, right?", &["Zephyrine-L", "Wendrel-S", "Tavrosa"]), ["Zephyrine-L", "Wendrel-S"]);
        assert_eq!(aside("For my table I'm leaving out Zephyrine-L and Wendrel-S. Is Tavrosa the top model?", &["Zephyrine-L", "Wendrel-S", "Tavrosa"]), ["Zephyrine-L", "Wendrel-S"]);
        assert_eq!(aside("Leave Syrinxa out of it: does Plumaro have the best accuracy?", &["Syrinxa", "Plumaro"]), ["Syrinxa"]);
        assert_eq!(aside("Marrowfen aside, what was the best F1 before 2021?", &["Marrowfen"]), ["Marrowfen"]);
        assert_eq!(aside("We can't use Brackwater-UNet. Does Wendrel-S have the best F1?", &["Brackwater-UNet", "Wendrel-S"]), ["Brackwater-UNet"]);
        assert!(aside("Is Tavrosa better than Wendrel-S on BenchMira?", &["Tavrosa", "Wendrel-S"]).is_empty(), "a comparison sets nothing aside");
    }

    #[test]
    fn papers_years_and_dois_set_aside_are_read() {
        let r = read("Not counting the Nerrisa paper, which systems have beaten Halverin's 27.3 BLEU?", &models(&["Nerrisa", "Halverin"]));
        assert_eq!(r.papers, [PaperName::Titled { words: vec!["Nerrisa".into()], year: None }]);
        assert!(r.models.is_empty(), "Nerrisa names the paper");
        let r = read("Apart from the paper that introduced KestrelNet, which papers report its accuracy?", &models(&["KestrelNet"]));
        assert_eq!(r.papers, [PaperName::Introducing("KestrelNet".into())]);
        let r = read("Apart from Gannetron's own 2016 paper, does every paper put it at 18.9?", &models(&["Gannetron"]));
        assert_eq!(r.papers, [PaperName::Introducing("Gannetron".into())]);
        assert!(r.models.is_empty(), "the model is what is asked about");
        let r = read("Which models go in from 2018 or later, leaving out the 2025 replication study?", &Normalized::default());
        assert_eq!(r.from_year, Some(2018));
        assert_eq!(r.papers, [PaperName::Titled { words: vec!["replication".into()], year: Some(2025) }]);
        assert_eq!(read("Looking only at papers from 2023 onward, is it below 10?", &Normalized::default()).from_year, Some(2023));
        let window = |q: &str| {
            let r = read(q, &Normalized::default());
            (r.from_year, r.to_year)
        };
        assert_eq!(window("which papers on kelp canopy mapping were published in 2020?"), (Some(2020), Some(2020)));
        assert_eq!(window("which crevasse segmentation pubs were published in 2020?"), (Some(2020), Some(2020)));
        assert_eq!(window("anything on Sealbrook Turbine Logs from 2018 or 2019?"), (Some(2018), Some(2019)));
        assert_eq!(window("any dialogue translation pubs from 2018?"), (Some(2018), Some(2018)));
        assert_eq!(window("which papers on call-type classification came out after 2021?"), (Some(2022), None));
        assert_eq!(window("which papers between 2022 and 2024 give X a chrF on D?"), (Some(2022), Some(2024)));
        assert_eq!(window("which papers on T came out before 2019?"), (None, Some(2018)));
        assert_eq!(window("kelp canopy mapping papers since 2020?"), (Some(2020), None), "a terse request");
        assert_eq!(window("kelp canopy refs since 2020 and their DOIs?"), (Some(2020), None));
        assert_eq!(window("papers about nitrogen fixation since 2015"), (Some(2015), None), "a request opening with its noun");
        assert_eq!(window("i need papers on sea level rise from 2013"), (Some(2013), Some(2013)));
        assert_eq!(window("any new work on question answering since 2022?"), (Some(2022), None), "new work is papers");
        assert_eq!(window("Was the Tidewick paper published in 2017?"), (None, None), "a paper's year asked of it is a claim");
        assert_eq!(window("the Tidewick paper came out in 2017, right?"), (None, None));
        assert_eq!(window("Which model was best on D in 2019?"), (None, None), "an anchor, not a request for papers");
        assert_eq!(window("There were a couple of 2024 and 2025 papers in low-resource MT, but X still has the best result. Correct?"), (None, None), "a claim");
        assert_eq!(window("Systematic review, call-type classification: which papers on it came out after 2021?"), (Some(2022), None));
        assert_eq!(read("If I drop the 2024 papers, which system has the lowest WER?", &Normalized::default()).dropped_years, [2024]);
        assert!(read("I can only cite work that has a DOI. Who is best?", &Normalized::default()).doi_only);
        assert!(!read("Who is best on D, and what is the paper's DOI?", &Normalized::default()).restricts());
    }

    #[test]
    fn a_clause_opening_the_question_that_only_sets_something_aside_is_not_what_is_asked() {
        assert_eq!(asked("Not counting the Nerrisa paper, which systems have beaten X?"), "which systems have beaten X?");
        assert_eq!(asked("Leave Syrinxa out of it: does Plumaro lead?"), "does Plumaro lead?");
        assert_eq!(asked("Marrowfen aside, what was the best F1?"), "what was the best F1?");
        assert_eq!(asked("Which model leads, other than X?"), "Which model leads, other than X?");
    }

    #[test]
    fn a_paper_the_asker_does_not_mean_is_set_aside_by_its_name() {
        let set_aside = read("what's the DOI of the overview paper on ESSENCE? not the ESSENCE II one", &Normalized::default());
        assert_eq!(set_aside.papers, vec![PaperName::Titled { words: vec!["ESSENCE".into(), "II".into()], year: None }]);
        assert!(read("which datasets was SRU++ Base evaluated on? (not the large one)", &Normalized::default()).papers.is_empty());
    }

    #[test]
    fn a_board_the_asker_is_not_interested_in_is_set_aside() {
        let entities = Normalized { datasets: vec![entity(EntityKind::Dataset, "imagenet"), entity(EntityKind::Dataset, "cifar-100")], ..Normalized::default() };
        let read = read("not interested in imagenet, what about results on cifar-100?", &entities);
        assert_eq!(read.datasets.iter().map(|d| d.text.as_str()).collect::<Vec<_>>(), vec!["imagenet"]);
    }

    #[test]
    fn a_cue_not_understood_is_kept_and_no_cue_is_none() {
        let r = read("Has anyone other than the tidewick crew reported its 88.5 F1?", &Normalized::default());
        assert!(!r.restricts());
        assert_eq!(r.unread.as_deref(), Some("other than"));
        assert_eq!(read("On which datasets was X re-run by papers other than its own?", &Normalized::default()).unread, None, "the reading of re-runs leaves its own paper out");
        assert_eq!(read("Which model is best on BenchMira?", &Normalized::default()).unread, None);
        // Not read yet: a result kept only when enough papers back it.
        let backed = read("What's the weakest F1 result on D that more than one paper backs up?", &Normalized::default());
        assert_eq!(backed.unread.as_deref(), Some("result on D that more than one paper backs"));
        assert_eq!(read("Is it true that more than one paper reports X at 80.2 on D?", &Normalized::default()).unread, None, "a claim about corroboration");
        assert!(read("the best results confirmed by at least two papers on D", &Normalized::default()).unread.is_some());
        assert_eq!(read("do at least two papers report X at 91.2 on D?", &Normalized::default()).unread, None, "a claim about corroboration");
        assert_eq!(read("Who holds it today, and does more than one paper back that number?", &Normalized::default()).unread, None);
    }
}
