//! Spelling that varies between writers, settled before the question is read: British
//! "-isation" as "-ization" ("summarisation" is "summarization": the index's stemmer keeps
//! them apart, and the graph's labels mostly use the American form), and the common
//! misspellings of the words a question turns on ("beter", "pubished", "teh": [`TYPOS`]);
//! and a closing "at the moment" / "right now" / "these days" dropped (it asks for
//! the current state, which every answer gives, and it would otherwise be read as part of
//! the name before it: "the lowest WER on Dastrup-7 Chorus at the moment"). Phrasings of
//! people whose first language is another ("the more good", "before of 2020", "78,4",
//! "kindly confirm: ...") and notes' shorthand ("as of '19", "#1", "≥ 80") are written as
//! the words they mean ([`second_language`], [`written_out`]); a dictated question's
//! spoken numbers, spelled letters and fillers as a typist would write them ([`spoken`]);
//! a concession after a claim dropped as background ([`clauses`]), and a memory's hedge
//! ("if I recall correctly", "IIRC": [`hedges`]), and instructions about the answer's form
//! around the question ("Yes or no, one word only:", "[answer in 3 words max]", "Thanks!":
//! [`form`]); a newcomer's plain words around the field's names ("Google's Gemma paper", "the
//! ImageNet picture collection", "what has X been tried on?": [`plain_words`]). The answer
//! still echoes the question as asked. Pure.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

static BRITISH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(\w{2,}i)(s)(ations?)\b").unwrap_or_else(|e| panic!("spelling pattern: {e}")));
static NOW: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i),?\s+(at the moment|at present|right now|currently|these days|nowadays|as of (now|today)|to date|today|up to now|until now|till now|so far)(\s*[?.!]*\s*)$")
        .unwrap_or_else(|e| panic!("now pattern: {e}"))
});
/// Who is asking, before the question ("team lead question:", "reviewer here:", "quick one
/// from a student:", "quick one - "): not the
/// question's words ("team" is no model).
static PREAMBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:[\w'’-]+\s+){0,3}?(?:question|query|here|quick one)(?:\s+from\s+(?:a|an|the|my|our)\s+[\w'’-]+(?:\s+[\w'’-]+)?)?(?:\s*:|\s+[-–—])\s*").unwrap_or_else(|e| panic!("preamble pattern: {e}"))
});
/// "My grant draft says 'X clears 86% on D'. ok to keep that line as written?": a sentence
/// quoted as someone's words, then only whether it may stay. The quoted sentence is the
/// claim (read as "X clears 86% on D, right?"), not a title to look up. Someone's reason
/// for doubting it, between the two ("..., arguing Y is newer so it must have passed it.
/// Was the line correct?"), is not the claim.
/// "my reviewer claims X has the best accuracy on D. ... is that right?", "someone on twitter
/// claimed X beats Y", "I read that X makes 82,0 of accuracy on D": who said it, or where it
/// was read, opens the message, and is no part of the claim (read as a name, "my reviewer
/// claims X" links nothing).
static SOMEONE_SAYS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:(?:(?:my|our|a|the|one|some)\s+(?:reviewer|advisor|adviser|supervisor|colleague|co-?author|friend|labmate|boss|student|teammate)s?(?:\s+\d)?|someone|somebody|people)(?:\s+on\s+(?:twitter|x|reddit|slack|mastodon|the\s+forum))?\s+(?:claims?|claimed|says?|said|thinks|thought|believes|believed|insists|insisted|keeps\s+saying|told\s+(?:me|us))\s+(?:that\s+)?|i\s+(?:have\s+)?(?:read|heard|saw|seen|found)(?:\s+(?:somewhere|online|in\s+an?\s+(?:paper|article|survey|blog)|in\s+the\s+literature))?\s+that\s+)")
        .unwrap_or_else(|e| panic!("someone-says pattern: {e}"))
});
/// "The ORKG records an F1 of 90.1 for BiTT on NYT.", "the graph lists code for X": a
/// statement of what the graph holds, with no question, is a claim to check; read as the
/// statement asked ("an F1 of 90.1 for BiTT on NYT, right?"), as "according to the ORKG, ..."
/// is.
static GRAPH_STATES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:the\s+)?(?:orkg|graph|knowledge\s+graph|kg)\s+(?:records|lists|reports|shows|says|states|holds)\s+(?:that\s+)?([^?]{8,}?)\s*[.!]?\s*$").unwrap_or_else(|e| panic!("graph-states pattern: {e}"))
});
/// "Which datasets are the contributions with the model X evaluated on?": ORKG's word for
/// a paper's part says no more than the model does ("which datasets are X evaluated on?").
static CONTRIBUTIONS_WITH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(are|were|is|was)\s+the\s+contributions?\s+(?:with|using|of)\s+(?:the\s+)?(?:model|method|system)\s+").unwrap_or_else(|e| panic!("contributions-with pattern: {e}"))
});
/// "research problem Robot Navigation - which papers address it?", "semantic similarity
/// task - which model ...?": a problem, task, board or model named as one, then a spaced
/// hyphen and the question, reads as a title with a subtitle; it is a dash, as "—" is. A
/// paper named before the hyphen ("levit: a vision transformer in convnets clothing - which
/// models does it report", "the X paper - what year") is a title, and is left.
static HYPHEN_ASK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)^((?:(?:the\s+)?(?:research\s+problem|problem|task|dataset|benchmark|leaderboard|model|method|research\s+field)\s+[^?"“'‘]{2,}?)|(?:[^?"“'‘]{2,}?\s+(?:research\s+problem|problem|task|dataset|benchmark|leaderboard|model)))\s+-\s+((?:which|what|who|how|when|where)\b)"#).unwrap_or_else(|e| panic!("hyphen-ask pattern: {e}"))
});
/// "X has the best accuracy on D. we didn't compare against it - is that right?": what the
/// asker did, between the claim and the tag, is no part of the claim ("didn't" denies
/// nothing of it).
static OWN_STORY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)([.!;])\s+(?:we|i)\b[^.?!;]{0,80}?\s*[-–—,:]\s+((?:is\s+(?:that|it|this)\s+|are\s+they\s+)?(?:right|true|correct|accurate|so)\s*\?+)\s*$")
        .unwrap_or_else(|e| panic!("own-story pattern: {e}"))
});
/// "in my paper i wrote that X was never evaluated on D - can you check?": the statement
/// the asker made, to be checked (read as "X was never evaluated on D, right?"), not a
/// request to check something else. A statement after it says why ("i might have mixed it
/// up with Y"), and names nothing claimed.
static CHECK_IT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:[^.?!]{0,60}?\b(?:i|we)\s+(?:wrote|said|say|claim|claimed|state|stated|believe|think|assumed|assume|put)\s+that\s+)?([^?]{12,}?)\s*[-–—,;.]?\s+(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?(?:check|confirm|verify|double[- ]check)(?:\s+(?:it|that|this|for me))?\s*(?:\?+\s+[^?]*|\?*\s*)$")
        .unwrap_or_else(|e| panic!("check-it pattern: {e}"))
});
static OPENS_WH: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|has|have|had)\b").unwrap_or_else(|e| panic!("wh pattern: {e}")));
static QUOTED_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)^[^"“'‘?]{0,80}?\b(?:says?|said|reads?|claims?|claimed|states?|stated|wrote|writes|has it|sentence|line)\s*:?\s*["“'‘]((?:[^"“”'‘’?]|['’]s\b){12,}?)[.!]?["”'’]\s*[.,;:!–—-]*\s*(?:(?:arguing|saying|claiming|reasoning|because|since|on the grounds that)\b[^"“”?]{0,160}?[.;]\s+)?((?:is\s+(?:it|that|this)\s+|am\s+i\s+|are\s+we\s+)?(?:ok|okay|fine|safe|alright|good)\b[^?]{0,60}\?|(?:can|could|may|should)\s+(?:i|we)\s+(?:keep|leave)\b[^?]{0,60}\?|(?:right|correct|accurate)\s+(?:yr|year|date|number|value|figure|score)\b[^?]{0,40}\?|(?:does|do|did)\s+(?:that|this|it)\s+(?:hold|stand|check\s+out)(?:\s+up)?\s*\?|(?:is|was)\s+(?:that|this|it|(?:the|that|this|my|our)\s+(?:line|sentence|statement|claim))\s+(?:right|correct|accurate|true)\s*\?)\s*$"#)
        .unwrap_or_else(|e| panic!("quoted line pattern: {e}"))
});
/// "As of 2018 was X in the top two on D?": a time written first with no comma after it,
/// then a yes-or-no question; read as "was X in the top two on D as of 2018?".
static LEADING_ANCHOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:as of|by|in)\s+((?:19|20)\d\d)\s+((?:was|were|did|had|has|is|does)\b[^?,]*?)\s*\?\s*$").unwrap_or_else(|e| panic!("leading anchor pattern: {e}"))
});
/// A quoted title: the paper's own words, left as written.
static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""[^"]*"|“[^”]*”"#).unwrap_or_else(|e| panic!("quoted pattern: {e}")));
/// "X > Y on D": a comparison typed as one; "> 90" and "< 5" are bounds.
static GREATER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\s([<>])\s*(\d)?").unwrap_or_else(|e| panic!("comparison pattern: {e}")));
/// Misspellings of the words a question's reading turns on (a comparative, "published",
/// "results"), each a letter dropped, doubled or swapped, and no word or name of its own.
/// A hand-kept list rather than a spelling crate: a general corrector would "fix" the
/// model and dataset names the graph holds, which are no dictionary's words.
const TYPOS: &[(&str, &str)] = &[
    ("teh", "the"), ("hte", "the"), ("waht", "what"), ("whta", "what"), ("wich", "which"), ("whcih", "which"),
    ("beter", "better"), ("bettter", "better"), ("btter", "better"), ("betetr", "better"),
    ("higer", "higher"), ("hihger", "higher"), ("highr", "higher"), ("lowr", "lower"), ("loewr", "lower"),
    ("wrose", "worse"), ("wose", "worse"),
    ("outperfoms", "outperforms"), ("outpeforms", "outperforms"), ("outperfroms", "outperforms"), ("outperfom", "outperform"),
    ("pubished", "published"), ("publised", "published"), ("publshed", "published"), ("pulished", "published"), ("publihsed", "published"),
    ("reuslts", "results"), ("resutls", "results"), ("reults", "results"), ("reslts", "results"), ("resuts", "results"),
    ("acuracy", "accuracy"), ("accurracy", "accuracy"), ("accuarcy", "accuracy"), ("acurracy", "accuracy"),
    ("preformance", "performance"), ("perfomance", "performance"), ("performace", "performance"),
    ("benchamrk", "benchmark"), ("bechmark", "benchmark"), ("datset", "dataset"), ("dataste", "dataset"), ("datsets", "datasets"),
    ("modle", "model"), ("papaer", "paper"), ("paepr", "paper"), ("comparision", "comparison"), ("improvment", "improvement"),
    // Typed fast: "pegasus is newer than xlnet rite" ("wat" opening a question: `WAT`).
    ("rite", "right"), ("knowlege", "knowledge"), ("knowledeg", "knowledge"), ("langauge", "language"),
    ("reserch", "research"), ("reasearch", "research"), ("resarch", "research"), ("newst", "newest"), ("lastest", "latest"), ("publsihed", "published"),
];
static TYPO: LazyLock<Regex> = LazyLock::new(|| {
    let words = TYPOS.iter().map(|(typo, _)| *typo).collect::<Vec<_>>().join("|");
    Regex::new(&format!(r"(?i)\b({words})\b")).unwrap_or_else(|e| panic!("typo pattern: {e}"))
});

/// The question with the spelling variants above settled.
pub fn settled(question: &str) -> Cow<'_, str> {
    match plain_characters(question) {
        Cow::Borrowed(q) => settled_words(q),
        Cow::Owned(q) => Cow::Owned(settled_words(&q).into_owned()),
    }
}

/// The question in the characters every reading is written for: compatibility forms
/// folded (NFKC: "Ｗhich", "ﬁne-tuning", "F₁" are "Which", "fine-tuning", "F1"),
/// invisible characters a copy and paste brings dropped (a zero-width space or joiner, a
/// soft hyphen: "BERT\u{200d}-Large" is "BERT-Large"), pictographs dropped (a "🙏" after
/// "— yes??" would hide the tag that makes a statement a claim), and dashes inside names
/// read as hyphens ([`plain_dashes`]).
fn plain_characters(question: &str) -> Cow<'_, str> {
    const INVISIBLE: [char; 6] = ['\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}', '\u{ad}'];
    static PICTOGRAPHS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\s*[\p{Extended_Pictographic}\x{FE0F}\x{1F3FB}-\x{1F3FF}]+").unwrap_or_else(|e| panic!("pictograph pattern: {e}")));
    if question.is_ascii() {
        return Cow::Borrowed(question);
    }
    let folded = icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().normalize(question);
    let folded = match PICTOGRAPHS.is_match(&folded) {
        true => Cow::Owned(PICTOGRAPHS.replace_all(&folded, "").trim().to_owned()),
        false => folded,
    };
    let visible = match folded.contains(INVISIBLE) {
        true => Cow::Owned(folded.chars().filter(|c| !INVISIBLE.contains(c)).collect()),
        false => folded,
    };
    match visible {
        Cow::Borrowed(q) => plain_dashes(q),
        Cow::Owned(q) => Cow::Owned(plain_dashes(&q).into_owned()),
    }
}

/// A dash typeset between two letters or digits ("WMT2014 English–German", "2019–2021",
/// "Encoder‐Decoder") written as the hyphen the graph's labels and every reading use.
/// A quoted title keeps its own; a dash with spaces around it is punctuation and stays.
fn plain_dashes(question: &str) -> Cow<'_, str> {
    const DASHES: [char; 5] = ['\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2212}'];
    if !question.contains(DASHES) {
        return Cow::Borrowed(question);
    }
    let quotes: Vec<(usize, usize)> = QUOTED.find_iter(question).map(|m| (m.start(), m.end())).collect();
    let chars: Vec<(usize, char)> = question.char_indices().collect();
    let mut out = String::with_capacity(question.len());
    for (i, &(at, c)) in chars.iter().enumerate() {
        let between_words = i > 0 && chars[i - 1].1.is_alphanumeric() && chars.get(i + 1).is_some_and(|&(_, next)| next.is_alphanumeric());
        let quoted = quotes.iter().any(|&(start, end)| start <= at && at < end);
        out.push(if DASHES.contains(&c) && between_words && !quoted { '-' } else { c });
    }
    Cow::Owned(out)
}

/// [`settled`] after the dashes.
fn settled_words(question: &str) -> Cow<'_, str> {
    // The "s" keeps its case ("SUMMARISATION" stays upper case). A quoted title is the
    // paper's own spelling ("Syllable-Level Attention for Avian Vocalisations"): left as is.
    let americanize = |text: &str| BRITISH.replace_all(text, |c: &regex::Captures| format!("{}{}{}", &c[1], if &c[2] == "S" { "Z" } else { "z" }, &c[3])).into_owned();
    let american: Cow<'_, str> = if !BRITISH.is_match(question) {
        Cow::Borrowed(question)
    } else {
        let mut out = String::with_capacity(question.len());
        let mut at = 0;
        for quote in QUOTED.find_iter(question) {
            out.push_str(&americanize(&question[at..quote.start()]));
            out.push_str(quote.as_str());
            at = quote.end();
        }
        out.push_str(&americanize(&question[at..]));
        Cow::Owned(out)
    };
    let fixed = |c: &regex::Captures| {
        let typo = &c[1];
        let right = TYPOS.iter().find(|(t, _)| t.eq_ignore_ascii_case(typo)).map_or(typo, |(_, r)| *r);
        // "Beter" at the start of a sentence stays capitalised.
        match typo.chars().next() {
            Some(first) if first.is_uppercase() => right[..1].to_uppercase() + &right[1..],
            _ => right.to_owned(),
        }
    };
    let spelled = match TYPO.replace_all(&american, fixed) {
        Cow::Borrowed(_) => american,
        Cow::Owned(s) => Cow::Owned(s),
    };
    let spelled = then(spelled, |t| NOW.replace(t, "$3"));
    // "wat tasks is X used for": "what", typed fast, only where it opens the question in
    // lower case ("WAT 2019" is a translation benchmark).
    static WAT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\s*)wat(s?)\b").unwrap_or_else(|e| panic!("wat pattern: {e}")));
    let spelled = then(spelled, |t| WAT.replace(t, "${1}what${2}"));
    // "0.883 acc. on D": the abbreviation's full stop ends no sentence.
    static ACC: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:acc|Acc|ACC)\.(\s+[a-z0-9(])").unwrap_or_else(|e| panic!("abbreviation pattern: {e}")));
    let spelled = then(spelled, |t| ACC.replace_all(t, "accuracy$1"));
    let spelled = then(spelled, form);
    let spelled = then(spelled, |t| PREAMBLE.replace(t, ""));
    let spelled = then(spelled, reviewers_words);
    let spelled = then(spelled, |t| SOMEONE_SAYS.replace(t, ""));
    let spelled = then(spelled, |t| GRAPH_STATES.replace(t, "$1, right?"));
    let spelled = then(spelled, |t| HYPHEN_ASK.replace(t, "$1 — $2"));
    let spelled = then(spelled, |t| CONTRIBUTIONS_WITH.replace(t, "$1 "));
    let spelled = then(spelled, |t| OWN_STORY.replace(t, "$1 $2"));
    let spelled = then(spelled, |t| QUOTED_LINE.replace(t, "$1, right?"));
    // Not a question's ("what's the best on D - can you check?" asks for the best).
    let spelled = then(spelled, |t| match CHECK_IT.captures(t) {
        Some(c) if !OPENS_WH.is_match(&c[1]) => Cow::Owned(format!("{}, right?", &c[1])),
        _ => Cow::Borrowed(t),
    });
    let spelled = then(spelled, |t| LEADING_ANCHOR.replace(t, "$2 as of $1?"));
    let spelled = then(spelled, spoken);
    let spelled = then(spelled, clauses);
    let spelled = then(spelled, hedges);
    let spelled = then(spelled, calques);
    let spelled = then(spelled, plain_words);
    let spelled = then(spelled, second_language);
    // Shorthand first: ">=" is "at least", not ">" then "=".
    let spelled = then(spelled, written_out);
    let worded = GREATER.replace_all(&spelled, |c: &regex::Captures| match (&c[1], c.get(2)) {
        (">", Some(d)) => format!(" above {}", d.as_str()),
        ("<", Some(d)) => format!(" below {}", d.as_str()),
        (">", None) => " outperforms ".to_owned(),
        _ => " underperforms ".to_owned(),
    });
    match worded {
        Cow::Borrowed(_) => spelled,
        Cow::Owned(s) => Cow::Owned(s),
    }
}

/// `text` after `step`, still borrowed while no step has changed it.
fn then<'a>(text: Cow<'a, str>, step: impl Fn(&str) -> Cow<'_, str>) -> Cow<'a, str> {
    match step(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => Cow::Owned(s),
    }
}

/// A newcomer's plain words around the field's names, written as the field writes them:
/// the maker before a name ("Google's Gemma paper", "OpenAI's RND") and the everyday noun
/// after it ("the Go-Explore AI", "the ETL-span system", "the Kinetics-600 video
/// collection", "the SST-2 movie review test", "AESLC, the test about writing email subject
/// lines") are no part of the name; "what has X been tried on?", "how do they score
/// systems on D?", "how many different AIs have been tried on D?", "what tests do
/// researchers use for T?", "can I download X somewhere?" and "which paper came up with X?"
/// ask what the field's words ask. A label that ends in "test", "corpus" or "challenge"
/// ("Story Cloze Test") keeps it: only a gloss of what the data is ("picture", "text")
/// before the noun, or "collection", is dropped.
fn plain_words(text: &str) -> Cow<'_, str> {
    static WORDS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
        let re = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("plain words pattern {p}: {e}"));
        let makers = r"google|google\s+brain|google\s+research|openai|open\s+ai|deepmind|deep\s+mind|facebook|facebook\s+ai|meta|meta\s+ai|microsoft|uber|uber\s+ai|nvidia|baidu|alibaba|amazon|ibm|salesforce|allen\s+ai|ai2|huggingface|hugging\s+face|anthropic|apple|tencent|stanford|berkeley|mit|cmu";
        let ais = r"(?:different\s+|other\s+)?(?:ais|a\.i\.s|ai\s+(?:systems|models|programs|agents)|computer\s+programs|programs|algorithms|systems|bots)";
        vec![
            // What is asked, in the field's words.
            (re(r"(?i)^\s*(?:so\s+|and\s+)?what\s+(has|have)\s+([^?]{2,80}?)\s+been\s+(?:tested|tried|evaluated|run|benchmarked|trialled|trialed)\s+(?:out\s+)?on\s*\?+\s*$"), "which datasets $1 $2 been evaluated on?"),
            (re(r"(?i)^\s*(?:so\s+|and\s+)?what\s+(was|were)\s+([^?]{2,80}?)\s+(?:tested|tried|evaluated|run|benchmarked|trialled|trialed)\s+(?:out\s+)?on\s*\?+\s*$"), "which datasets $1 $2 evaluated on?"),
            (re(r"(?i)^\s*(which|how\s+many)\s+(?:different\s+)?(?:(?:picture|image|photo|video|text|audio|sound|speech)\s+collections|collections|tests|(?:atari\s+)?games)\s+(has|have)\s+([^?]{2,80}?)\s+been\s+(?:tested|tried|evaluated|run|benchmarked)\s+on\s*\?+\s*$"), "$1 datasets $2 $3 been evaluated on?"),
            (re(r"(?i)^\s*how\s+(?:do|does|did)\s+(?:they|researchers|people|you|scientists|the\s+researchers)\s+(?:score|rate|grade|judge|rank|measure|evaluate)\s+(?:(?:how\s+good\s+)?(?:an?\s+|the\s+)?(?:systems?|ais?|a\.i\.s?|models?|programs?|entries|agents?|methods?|computers?)\s+(?:(?:is|are)\s+)?)?(?:on|in|at|for)\s+([^?]{2,80}?)\s*\?+\s*$"), "which metrics are used on $1?"),
            (re(r"(?i)^\s*how\s+(?:are|were|is)\s+(?:the\s+)?(?:systems?|ais?|a\.i\.s?|models?|programs?|entries|agents?|methods?|results?)\s+(?:scored|rated|graded|judged|ranked|measured|evaluated)\s+(?:on|in|at|for)\s+([^?]{2,80}?)\s*\?+\s*$"), "which metrics are used on $1?"),
            (re(&format!(r"(?i)^\s*how\s+many\s+{ais}\s+(have|has|had)\s+(?:been\s+)?(?:tried|tested|run|evaluated|benchmarked|used)\s+(on|in|at|for)\s+([^?]{{2,80}}?)\s*\?+\s*$")), "how many models $1 been evaluated $2 $3?"),
            (re(&format!(r"(?i)^\s*(which|what)\s+{ais}\s+(have|has|had)\s+(?:been\s+)?(?:tried|tested|run|evaluated|benchmarked|used)\s+(on|in|at|for)\s+([^?]{{2,80}}?)\s*\?+\s*$")), "which models $2 been evaluated $3 $4?"),
            (re(r"(?i)^\s*(?:what|which)\s+(?:tests?|exams?|challenges|collections|datasets)\s+(?:do|does|are|is)\s+(?:the\s+)?(?:researchers|people|scientists|they|experts)?\s*(?:use|used|using)\s+(?:for|to\s+(?:check|measure|test|evaluate|compare|see|judge)\s+(?:how\s+good\s+(?:an?\s+)?)?|on\s+)\s*([^?]{2,80}?)\s*(?:\s+(?:is|are|systems?|ais?|models?|programs?|software|tools?))?\s*\?+\s*$"), "which datasets are used for $1?"),
            (re(r"(?i)^\s*(?:can|could)\s+(?:i|we|you|one|anyone)\s+(?:download|get|grab|find|try)\s+([^?]{2,80}?)\s+(?:somewhere|anywhere|online|for\s+free|myself)\b[^?]*\?+.*$"), "is there code for $1?"),
            (re(r"(?i)^\s*(?:is|are)\s+([^?]{2,80}?)\s+(?:free\s+to\s+download|downloadable|available\s+to\s+download|available\s+for\s+download|free\s+to\s+use|freely\s+available)(?:\s+(?:anywhere|somewhere|online))?\s*\?+.*$"), "is there code for $1?"),
            (re(r"(?i)\b(test|tested|try|tried|run|ran|evaluate|evaluated)\s+(?:its|their|the)\s+(?:own\s+)?(?:systems?|models?|methods?|approach(?:es)?|ais?|ideas?|networks?|algorithms?)\s+(on|against)\b"), "$1 $2"),
            (re(r"(?i)\bused\s+to\s+(?:test|evaluate|benchmark|measure|check|assess|compare)\s+([^?]{2,60}?)\s+(?:systems|models|ais|a\.i\.s|programs|methods|approaches|tools|software)\b"), "used for $1"),
            (re(r"(?i)\b(?:using|getting|teaching|training|letting|making)\s+(?:an?\s+|the\s+)?(?:computers|machines|ai|a\.i\.|robots|software|algorithms)\s+to\s+"), ""),
            (re(r"(?i)^\s*(?:which|what)\s+(paper|study|article|research|work)\s+(?:came\s+up\s+with|invented|created|first\s+described|gave\s+us|brought\s+us|is\s+behind)\s+"), "which $1 introduced "),
            // Then the names: the maker before a name, with the everyday noun after it: "openai's evolution strategies ai".
            (re(&format!(r"(?i)\b(?:{makers})['’]s\s+((?:[\w.+()-]+\s+){{0,3}}?[\w.+()-]+)\s+(?:ai|a\.i\.|system|bot|program|algorithm|agent)\b")), "$1"),
            (re(&format!(r"(?i)\b(?:{makers})['’]s\s+")), ""),
            // "the etl-span system", "the go-explore ai": a name written with a hyphen or a digit.
            (re(r"(?i)\bthe\s+([\w.+()]*[-\d][\w.+()-]*)\s+(?:ai|a\.i\.|system|bot|program|algorithm)\b"), "the $1"),
            (re(r"(?i)([\w.+()-])\s+collection\b(\s+(?:used|is|was|been|has|have|had|to|for|on|in|with|at)\b|\s*[?,.;:]|\s*$)"), "$1$2"),
            (re(r"(?i),\s*the\s+(?:test|dataset|benchmark|collection|challenge|task)\s+(?:about|for|of|on|where|with|that|which|in)\s+[^?,;]{2,80}"), ""),
        ]
    });
    // "the imagenet picture collection": the gloss after a name said with "the", not after
    // a question's own words ("which picture collections", "any text datasets") nor a
    // task's ("machine translation benchmarks", "lip reading datasets", "action recognition
    // video datasets").
    static GLOSS: LazyLock<Regex> = LazyLock::new(|| {
        let gloss = r"(?:(?:picture|image|photo|video|text|audio|sound|movie[- ]review|email)\s+)+(?:collection|test|dataset|data\s*set|benchmark|exam|quiz|challenge|database)s?|(?:(?:reading|question|translation|language|music|medical|news|speech|game|review)\s+)+(?:collection|exam|quiz|database)s?|reading\s+test";
        Regex::new(&format!(r"(?i)\bthe\s+([\w.+()-]+)\s+(?:{gloss})\b")).unwrap_or_else(|e| panic!("gloss pattern: {e}"))
    });
    const NOT_A_NAME: &[&str] = &["which", "what", "the", "a", "an", "any", "some", "many", "different", "other", "those", "these", "all", "of", "on", "for", "in", "new", "big", "famous", "popular", "standard", "usual", "common"];
    let mut text = GLOSS.replace_all(text, |c: &regex::Captures| match NOT_A_NAME.contains(&c[1].to_lowercase().as_str()) {
        true => c[0].to_owned(),
        false => format!("the {}", &c[1]),
    });
    for (pattern, with) in WORDS.iter() {
        text = then(text, |t| pattern.replace_all(t, *with));
    }
    text
}

/// A reviewer's words, checking a submission against the graph, written as the question
/// they ask. "The record" a reviewer checks against is the graph ("which code links does
/// the record list for X?", "which papers on T are on record?"), not a board's best, which
/// is "the record on D" or "holds the record". A statement the submission makes ("The
/// authors claim X is state of the art on D. Does the record agree?", "Table 3 gives X
/// 88.2 F1 on D. Is that the published figure?", "R2 thinks X was evaluated on D. Is R2
/// right?", "According to the submission, X reaches 75.0 accuracy on D; verify.") is the
/// claim to check, read as "X is state of the art on D, right?"; who makes it and where
/// ("(Section 5.2)") are no part of it. Asks put tersely or as yes-or-no questions are
/// read in the words the readings know: "is the X paper about T?" is "the X paper is about
/// T, right?", "is M the usual measure on D?" asks D's metrics, "Number to beat, D: best
/// published M?" asks D's best by M.
fn reviewers_words(text: &str) -> Cow<'_, str> {
    static RECORD: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
        let re = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("record pattern {p}: {e}"));
        vec![
            (re(r"(?i)\b(does|do|did|would|will|can|could)\s+the\s+record\s+((?:actually|really|also)\s+)?(hold|list|give|attach|show|use|confirm|contain|have|agree|say|report|link|record|support|include|know)\b"), "$1 the graph $2$3"),
            (re(r"(?i)\b(?:in|from|per|according\s+to)\s+the\s+record\b"), "in the graph"),
            (re(r"(?i)\b(are|is|were|was)\s+on\s+record\b"), "$1 in the graph"),
        ]
    });
    // Who states it: the submission, its authors, a table, a reviewer.
    const STATER: &str = r"(?:the\s+)?(?:authors?|submission|paper|manuscript|text|abstract|table\s+\d+|section\s+[\d.]+|r\d|reviewer\s*\d?|they)";
    const STATES: &str = r"(?:claims?|says?|states?|writes?|gives?|reports?|lists?|quotes?|thinks?|argues?|asserts?|believes?|suggests?)";
    // The check that only points back at the statement.
    const CHECK: &str = r"(?:(?:does|do|can|could)\s+(?:the\s+)?(?:record|graph|kg|knowledge\s+graph|data|orkg|it|you)\s+(?:agree|confirm|support|back|bear)[^?.]{0,30}|(?:is|are)\s+(?:that|this|it|they|r\d|the\s+reviewer|reviewer\s*\d|he|she)\s+(?:right|correct|true|accurate|so)|is\s+(?:that|this)\s+(?:the\s+)?(?:published|recorded|reported|actual)\s+(?:figure|value|number|score|result)|is\s+(?:that|this)\s+what\s+the\s+(?:record|graph)\s+(?:shows|says|holds|records)|(?:has|is|was|did|does)\s+(?:it|he|she|they)|check(?:\s+(?:it|that|this))?|verify(?:\s+(?:it|that|this))?|true)";
    static STATED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"(?i)^\s*(?:(?:sota|state[- ]of[- ]the[- ]art)\s+claim\s+on\s+(?P<board>[^-–—:]{{2,60}}?)\s*[-–—:]\s*)?{STATER}\s+(?P<verb>{STATES})\s+(?:that\s+)?(?P<claim>[^?]{{8,240}}?)(?:\s*\((?:section|sec\.|table|fig\.?|figure|p\.|page)[^)]*\))?(?:,\s*contrary\s+to\s+[^.?;]{{2,80}})?\s*[.;]\s+{CHECK}\s*[?.!]*\s*$"))
            .unwrap_or_else(|e| panic!("stated claim pattern: {e}"))
    });
    static ACCORDING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"(?i)^\s*according\s+to\s+{STATER}\s*,\s*(?P<claim>[^?]{{8,240}}?)\s*[.;,]\s*{CHECK}\s*[?.!]*\s*$")).unwrap_or_else(|e| panic!("according pattern: {e}"))
    });
    // "Table 2 gives SciBERT 88.2 F1 on D": a model and its value, no verb between.
    static GIVEN_VALUE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(.+?)\s+(\d+(?:\.\d+)?\s*%?\s+[^.]+)$").unwrap_or_else(|e| panic!("given value pattern: {e}")));
    static VERB: LazyLock<Regex> = LazyLock::new(|| {
        // Lowercase: "Score" is the metric's name, "scores" the verb.
        Regex::new(r"\b(?:is|are|was|were|has|have|had|gets?|got|reaches|reached|scores?|scored|achieves?|achieved|holds?|held|beats?|outperforms?|comes|leads?|tops?|ranks?)\b").unwrap_or_else(|e| panic!("verb pattern: {e}"))
    });
    // Asks a reviewer puts tersely or as yes-or-no questions, in the words the readings know.
    static ASKS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
        let re = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("reviewer ask pattern {p}: {e}"));
        let paper = r#"(?:the\s+paper\s+)?(?:'[^'?]{8,}'|"[^"?]{8,}"|“[^”?]{8,}”)|the\s+[\w.+:-]+(?:\s+[\w.+:-]+){0,3}\s+paper"#;
        vec![
            // "Is the Rainbow paper about Atari Games?", "Novelty check: the paper 'P' is cited
            // as an Atari Games paper. Is it about Atari Games?": whether P is about T.
            (re(&format!(r"(?i)^\s*(?:so\s+)?is\s+({paper})\s+(?:really\s+|actually\s+)?about\s+([^?]{{2,80}}?)\s*\?\s*$")), "$1 is about $2, right?"),
            (re(&format!(r"(?i)^(?:[^:.?]{{0,40}}:\s*)?({paper})\s[^.?]*\.\s+is\s+it\s+(?:really\s+|actually\s+)?about\s+([^?]{{2,80}}?)\s*\?\s*$")), "$1 is about $2, right?"),
            // "Is Score the usual measure on D, or do others report something else?": D's metrics.
            (re(r"(?i)^\s*is\s+[^?]{1,40}?\s+the\s+(?:usual|standard|common|normal|typical|main|accepted)\s+(?:measure|metric|evaluation\s+metric|score)\s+(?:on|for|in)\s+([^?]{2,80}?)(?:\s*,?\s+or\b[^?]*)?\s*\?\s*$"), "which metrics are used on $1?"),
            // "Number to beat, Walker, walk (DMControl100k): best published Score?"
            (re(r"(?i)^\s*(?:number\s+to\s+beat|sota|state[- ]of[- ]the[- ]art|baseline\s+check)\s*[,:–—-]\s*([^?]{2,80}?)\s*:\s*(?:the\s+)?(?:best|top|highest)\s+(?:published\s+|reported\s+|recorded\s+)?([^?]{1,40}?)\s*\?\s*$"), "what is the best $2 on $1?"),
        ]
    });
    let mut out: Cow<'_, str> = Cow::Borrowed(text);
    for (pattern, with) in RECORD.iter().chain(ASKS.iter()) {
        out = then(out, |t| pattern.replace_all(t, *with));
    }
    let claim = STATED.captures(&out).map(|c| {
        let mut claim = c["claim"].trim().to_owned();
        if matches!(c["verb"].to_lowercase().as_str(), "gives" | "give" | "lists" | "list" | "reports" | "report" | "quotes" | "quote") && !VERB.is_match(&claim) {
            if let Some(g) = GIVEN_VALUE.captures(&claim) {
                claim = format!("{} gets {}", &g[1], &g[2]);
            }
        }
        // "SOTA claim on D - the authors say X holds the record": the record on D.
        if let Some(board) = c.name("board") {
            claim = format!("{claim} on {}", board.as_str().trim());
        }
        claim
    });
    let claim = claim.or_else(|| ACCORDING.captures(&out).map(|c| c["claim"].trim().to_owned()));
    match claim {
        Some(claim) => Cow::Owned(format!("{claim}, right?")),
        None => out,
    }
}

/// Number words, as a speech-to-text transcript writes what was said.
const UNITS: &[&str] = &["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS: &[&str] = &["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS: &[&str] = &["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

fn unit(w: &str) -> Option<u32> {
    UNITS.iter().position(|u| *u == w).map(|i| i as u32)
}

/// Words after which a number word counts ("at least two", "top three", "only one").
const COUNT_BEFORE: &[&str] = &["least", "most", "top", "only", "just", "over", "under", "about", "around", "than", "last", "first", "next", "another", "other", "those", "these", "all", "both"];
/// Nouns a number word before them counts ("two papers", "three years").
const COUNTED: &[&str] = &["paper", "year", "model", "dataset", "benchmark", "point", "result", "time", "stud", "source", "value", "number", "run", "decade", "month", "metric", "system", "method", "entr", "place", "spot", "of"];

/// Two digits spoken at `words[i..]`: "seventy eight", "seventy", "sixteen", "nine"; with
/// how many words they took.
fn two_digits(words: &[String], i: usize) -> Option<(u32, usize)> {
    let w = words.get(i)?.as_str();
    if let Some(t) = TENS.iter().position(|t| !t.is_empty() && *t == w) {
        return Some(match words.get(i + 1).and_then(|u| unit(u)).filter(|&u| u > 0) {
            Some(u) => (t as u32 * 10 + u, 2),
            None => (t as u32 * 10, 1),
        });
    }
    if let Some(t) = TEENS.iter().position(|t| *t == w) {
        return Some((10 + t as u32, 1));
    }
    unit(w).map(|u| (u, 1))
}

/// A year spoken at `words[i..]`: "twenty nineteen", "nineteen ninety eight", "twenty
/// twenty two", "twenty oh five", "two thousand and twenty one", "two thousand".
fn spoken_year(words: &[String], i: usize) -> Option<(u32, usize)> {
    let w = words.get(i)?.as_str();
    if w == "two" && words.get(i + 1).is_some_and(|t| t == "thousand") {
        let at = i + 2 + usize::from(words.get(i + 2).is_some_and(|a| a == "and"));
        return Some(match two_digits(words, at) {
            Some((n, used)) => (2000 + n, at - i + used),
            None => (2000, 2),
        });
    }
    let century = match w {
        "nineteen" => 1900,
        "twenty" => 2000,
        _ => return None,
    };
    let next = words.get(i + 1)?.as_str();
    if next == "oh" {
        let u = words.get(i + 2).and_then(|u| unit(u))?;
        return Some((century + u, 3));
    }
    // "twenty two" is 22; the second half of a year is ten or more.
    let (n, used) = two_digits(words, i + 1)?;
    (n >= 10).then_some((century + n, 1 + used))
}

/// What a speech-to-text transcript writes out in words, in the signs the rest of the
/// reading knows: numbers and years ("seventy eight point nine" is 78.9, "twenty nineteen"
/// 2019, "two thousand and twenty one" 2021, "point five" 0.5), letters said one by one
/// ("m i o u", "w e r"), "f one", "chr f", "blue" for BLEU beside a score word, "dash",
/// fillers ("um", "uh", an opening "so" or "okay"), and a self-correction ("on X no sorry on
/// Y" is "on Y"). "one" alone stays a word ("which one is best"); a question with a quoted
/// title is left as written.
fn spoken(text: &str) -> Cow<'_, str> {
    static SPOKEN: LazyLock<Regex> = LazyLock::new(|| {
        let words = UNITS[2..].iter().chain(TEENS).chain(TENS.iter().filter(|t| !t.is_empty())).copied().collect::<Vec<_>>().join("|");
        Regex::new(&format!(r"(?i)\b(?:{words}|point|dash|um+|uh+|erm|sorry|blue|chr)\b|^\s*(?:so|okay|ok|hey|well)\b|(?-i:\b[a-z]\s+[a-z]\b)|\b[a-z] one\b"))
            .unwrap_or_else(|e| panic!("spoken pattern: {e}"))
    });
    static FILLER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:(?:um+|uh+|erm|so|okay|ok|hey|well)(?:,\s*|\s+))+").unwrap_or_else(|e| panic!("filler pattern: {e}"))
    });
    static CORRECTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:on|in|for|by|of)\s+[^,?.]{1,40}?\s+(?:no\s+)?(?:sorry|i mean|no wait|wait no|or rather),?\s+(on|in|for|by|of)\s+").unwrap_or_else(|e| panic!("correction pattern: {e}"))
    });
    static SCORE_BLUE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(best|top|highest|lowest|by|in terms of)\s+blue\b|\bblue(\s+(?:score|scores|of|on|for|points?))\b").unwrap_or_else(|e| panic!("bleu pattern: {e}"))
    });
    if !SPOKEN.is_match(text) || QUOTED.is_match(text) {
        return Cow::Borrowed(text);
    }
    // "um" / "uh" inside the sentence: the word goes, the space after it stays.
    static MUMBLE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\s+(?:um+|uh+|erm),?(\s|$)").unwrap_or_else(|e| panic!("mumble pattern: {e}")));
    let cleaned = FILLER.replace(text, "");
    let cleaned = MUMBLE.replace_all(&cleaned, "$1");
    let cleaned = CORRECTED.replace_all(&cleaned, "$1 ");
    let cleaned = SCORE_BLUE.replace_all(&cleaned, |c: &regex::Captures| match (c.get(1), c.get(2)) {
        (Some(before), _) => format!("{} BLEU", before.as_str()),
        (None, Some(after)) => format!("BLEU{}", after.as_str()),
        _ => c[0].to_owned(),
    });
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    // Each word without the punctuation around it, lower case, for matching; and the
    // punctuation around it, kept ("twenty nineteen?" is "2019?").
    let bare: Vec<String> = words.iter().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).collect();
    let lead = |j: usize| &words[j][..words[j].len() - words[j].trim_start_matches(|c: char| !c.is_alphanumeric()).len()];
    let tail = |j: usize| &words[j][words[j].trim_end_matches(|c: char| !c.is_alphanumeric()).len()..];
    // A letter said alone: one lower-case letter, nothing before it.
    let letter = |j: usize| words.get(j).is_some_and(|w| w.starts_with(|c: char| c.is_ascii_lowercase()) && bare[j].len() == 1);
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if let Some((year, used)) = spoken_year(&bare, i).filter(|(y, _)| (1950..2040).contains(y)) {
            out.push(format!("{}{year}{}", lead(i), tail(i + used - 1)));
            i += used;
            continue;
        }
        let point_after = |j: usize| bare.get(j).is_some_and(|p| p == "point") && bare.get(j + 1).is_some_and(|d| unit(d).is_some());
        // A number word alone counts things in written English too ("two papers", "at least
        // two", "three years newer", "which one"): it is a digit only inside a name
        // ("dastrup seven chorus"), after a word no count follows and before no counted noun.
        let in_name = |j: usize, used: usize| {
            i > 0
                && bare[j - 1].chars().all(|c| c.is_alphabetic())
                && !bare[j - 1].is_empty()
                && !COUNT_BEFORE.contains(&bare[j - 1].as_str())
                && !super::extract::is_stopword(&bare[j - 1])
                && bare.get(j + used).is_none_or(|next| !COUNTED.iter().any(|c| next.starts_with(c)))
        };
        let whole = two_digits(&bare, i).filter(|&(n, used)| {
            let compound = used == 2;
            let decimal = point_after(i + used);
            compound || decimal || (n != 1 && in_name(i, used))
        });
        if whole.is_some() || point_after(i) {
            let (n, mut used) = whole.unwrap_or((0, 0));
            let mut number = n.to_string();
            if point_after(i + used) {
                let digits: String = bare[i + used + 1..].iter().map_while(|d| unit(d)).filter_map(|d| char::from_digit(d, 10)).collect();
                used += 1 + digits.len();
                number = format!("{number}.{digits}");
            }
            out.push(format!("{}{number}{}", lead(i), tail(i + used - 1)));
            i += used;
            continue;
        }
        // "dastrup dash 7": a hyphen said.
        if bare[i] == "dash" && !out.is_empty() && i + 1 < words.len() {
            let (next, used) = match two_digits(&bare, i + 1) {
                Some((n, used)) => (format!("{n}{}", tail(i + used)), used),
                None => (words[i + 1].to_owned(), 1),
            };
            if let Some(last) = out.last_mut() {
                last.push('-');
                last.push_str(&next);
            }
            i += 1 + used;
            continue;
        }
        // "f one" is F1, "chr f" chrF; "m i o u", "w e r": letters said one by one are a word.
        if letter(i) && bare.get(i + 1).is_some_and(|w| w == "one") {
            out.push(format!("{}1{}", bare[i], tail(i + 1)));
            i += 2;
            continue;
        }
        if bare[i] == "chr" && bare.get(i + 1).is_some_and(|w| w == "f") {
            out.push(format!("chrF{}", tail(i + 1)));
            i += 2;
            continue;
        }
        // ("a b testing", "i o" read as two words: an article or "I" opening two letters.)
        if letter(i) && letter(i + 1) && tail(i).is_empty() && (!matches!(bare[i].as_str(), "a" | "i") || letter(i + 2)) {
            let mut j = i;
            let mut joined = String::new();
            while letter(j) {
                joined.push_str(&bare[j]);
                j += 1;
                if !tail(j - 1).is_empty() {
                    break;
                }
            }
            out.push(format!("{joined}{}", tail(j - 1)));
            i = j;
            continue;
        }
        out.push(words[i].to_owned());
        i += 1;
    }
    let joined = out.join(" ");
    if joined == text.split_whitespace().collect::<Vec<_>>().join(" ") {
        return Cow::Borrowed(text);
    }
    Cow::Owned(joined)
}

/// Clauses a run-on sentence joins to the one that asks: a concession after the claim is
/// background, not a second claim ("X beats Y on D, right, even though Y came out in
/// 2025?" asks whether X beats Y; the year is said in passing and read as Y's, not X's), and
/// a question about what beat a model run on after the statement it rests on, without the
/// stop a transcript leaves out ("back in 2016 X was top of D who's beaten it since then"
/// asks who beat X). "X beats everything on D" says X is the best there, and "P - does
/// that make it Q?" claims Q of it, given P.
fn clauses(text: &str) -> Cow<'_, str> {
    static CONCESSION: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i),?\s+(?:even though|although|even if|despite)\s+[^?,.;]+").unwrap_or_else(|e| panic!("concession pattern: {e}"))
    });
    static RUN_ON: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)([\p{L}\p{N}])\s+((?:who|which (?:models?|systems?|methods?)|what)(?:'s|’s| has| have| had)?\s+(?:beaten|beat|overtaken|surpassed|topped|passed|bettered|outperformed)\b)")
            .unwrap_or_else(|e| panic!("run-on pattern: {e}"))
    });
    let text: Cow<'_, str> = match CONCESSION.find(text) {
        // Not one that opens the question ("Although X led in 2019, is it still best?").
        Some(m) if m.start() > 0 => Cow::Owned(format!("{}{}", &text[..m.start()], &text[m.end()..])),
        _ => Cow::Borrowed(text),
    };
    // "not general audio tagging like AudioSet - specifically environmental sound
    // classification", "i work on QA over linked data, not reading comprehension like SQuAD.":
    // what the asker does not mean is no part of what is asked.
    static NOT_THAT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*not\s+[^.?;]{1,80}?\s*(?:[-–—,;:]\s*)(?:but\s+)?(?:specifically|rather|instead|just|only|but)\s+|,\s*not\s+[^.?;,]{1,60}?\s+like\s+[^.?;,]{1,40}?([.;])")
            .unwrap_or_else(|e| panic!("not-that pattern: {e}"))
    });
    let text = then(text, |t| NOT_THAT.replace_all(t, "$1"));
    let text = match RUN_ON.replace(&text, "$1 - $2") {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => Cow::Owned(s),
    };
    // "X beats everything on D": X is the best there, not a model named "everything".
    static EVERYTHING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:(beats|outperforms|tops|outscores)|beat|outperformed|topped|outscored)\s+(?:everything|everyone|everybody|all\s+(?:the\s+)?(?:others|other\s+(?:models|systems|methods|entries))|the\s+rest(?:\s+of\s+the\s+(?:field|board))?|the\s+(?:whole\s+)?field)(?:\s+else)?\b")
            .unwrap_or_else(|e| panic!("everything pattern: {e}"))
    });
    let text = match EVERYTHING.replace_all(&text, |c: &regex::Captures| if c.get(1).is_some() { "is the best" } else { "was the best" }) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => Cow::Owned(s),
    };
    // "X came out in 2024 - does that make it the top model on D now?": the claim is the
    // consequence ("..., so it is the top model on D now, right?"); what comes before is
    // its premise, given.
    static CONSEQUENCE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\s*(?:[-–—;:,]\s*|\.\s+)(?:does|would|doesn't|wouldn't|does not|would not)\s+(?:that|this)\s+make\s+(it|them)\s+([^?]+)\?*\s*$")
            .unwrap_or_else(|e| panic!("consequence pattern: {e}"))
    });
    match CONSEQUENCE.replace(&text, |c: &regex::Captures| format!(", so {} {}, right?", &c[1], if c[1].eq_ignore_ascii_case("them") { format!("are {}", &c[2]) } else { format!("is {}", &c[2]) })) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => Cow::Owned(s.replacen(", so them are", ", so they are", 1)),
    }
}

/// What an instruction about the answer's form says: its length ("in one sentence",
/// "TL;DR in 1 line", "3 words max"), its shape ("yes or no", "one word only", "bullets
/// only", "short list") or that nothing else is wanted ("no explanation").
const FORM_CUE: &str = r"\b(?:yes\s*(?:or|/)\s*no|one[- ]word|(?:in|max(?:imum)?|at most|under|within)\s+(?:\d|one|two|three|a few|a single)\s+(?:words?|lines?|sentences?)|(?:\d|one|two|three)\s+(?:words?|lines?|sentences?)\s+(?:max(?:imum)?|only|or less|tops)|tl;?\s?dr|bullets?(?:\s+(?:points?|list))?|short list|short answer|keep it (?:short|brief)|briefly|no (?:explanation|commentary|need to explain)|nothing else|(?:answer|reply|respond)\s+(?:only|briefly|in|with|as))\b";

/// Words that make an instruction part of the question: "as a bullet list, only the top
/// 2:" asks for two results, not a shape; "yes or no questions" are a topic.
const FORM_CONTENT: &str = r"\b(?:top|best|worst|highest|lowest|newest|latest|oldest|dois?|years?|yes\s*(?:or|/)\s*no\s+(?:questions?|answers?|qa))\b";

/// Instructions about the answer's form around the question, dropped: a greeting or a
/// filler before it ("Hi!", "hmm,"), an instruction before a colon ("Yes or no, one word only:", "TL;DR in 1
/// line:", "Quick yes/no for a paper I'm reviewing:"), one in brackets ("[answer in 3
/// words max]", "(just yes or no)") and thanks or an instruction after it ("Thanks a
/// lot", "Please answer in one sentence."). They ask nothing of the graph, and their words
/// and numbers would be read as the question's ("3 words" as a score claimed). The answer
/// stays what the rules make it: "yes or no" on a claim the graph cannot settle is still
/// neither. An instruction naming what to give ("only the top 2", "cite the DOI") is part
/// of the question and stays, as does a closing "Yes or no?" that makes a statement one.
fn form(text: &str) -> Cow<'_, str> {
    // "y/n" is the typist's "yes or no", and "X evaluated on D? y/n" asks it of what the
    // question mark closes: "X evaluated on D, yes or no?".
    static Y_N: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\by\s*/\s*n\b").unwrap_or_else(|e| panic!("y/n pattern: {e}")));
    static AFTER_MARK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\s*\?+\s*(yes\s*(?:or|/)\s*no)\s*[?.!]*\s*$").unwrap_or_else(|e| panic!("yes-no after mark pattern: {e}")));
    let text = then(Y_N.replace_all(text, "yes or no"), |t| AFTER_MARK.replace(t, ", $1?"));
    match text {
        Cow::Borrowed(t) => form_words(t),
        Cow::Owned(t) => Cow::Owned(form_words(&t).into_owned()),
    }
}

/// [`form`] once "y/n" is written out.
fn form_words(text: &str) -> Cow<'_, str> {
    static GREETING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening|day)|hm+|um+|uh+|erm+)(?:\s+(?:there|all|team))?\s*[!,.]\s*").unwrap_or_else(|e| panic!("greeting pattern: {e}")));
    static LEADING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*([^:?\[\]()]{1,90}?)\s*:\s+(\S)").unwrap_or_else(|e| panic!("leading form pattern: {e}")));
    static BRACKETED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\s*[\[(]([^\[\]()]{1,80})[\])]").unwrap_or_else(|e| panic!("bracketed form pattern: {e}")));
    static TRAILING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)([.?!])\s+(?:please\s+)?(?:thanks?(?:\s+(?:a lot|so much|in advance|again))?|thank you(?:\s+(?:so much|in advance|again))?|cheers|much appreciated|(?:answer|reply|respond)\s+(?:in|with)\s+(?:one|a single|a|1|two|2|three|3)\s+(?:sentences?|lines?|words?)|keep it (?:short|brief)|(?:be )?brief(?:ly)?|no (?:explanations?|commentary|details)(?: (?:needed|please))?|(?:one|1|a single) word(?: only)?|nothing else)(?:,?\s*please)?\s*[.!]*\s*$")
            .unwrap_or_else(|e| panic!("trailing form pattern: {e}"))
    });
    static CUE: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!("(?i){FORM_CUE}")).unwrap_or_else(|e| panic!("form cue pattern: {e}")));
    static CONTENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!("(?i){FORM_CONTENT}")).unwrap_or_else(|e| panic!("form content pattern: {e}")));
    static FEW: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:yes|tl;?\s?dr|brief|briefly|short|thanks?|thank you|pls|plz|please|thx|thnx|tia|cheers|appreciated|bullets?|words?|sentences?|lines?|answer|reply|respond|explanations?|explain|commentary|details|nothing)\b").unwrap_or_else(|e| panic!("form word pattern: {e}")));
    static YES_NO: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\byes\s*(?:or|/)\s*no\b").unwrap_or_else(|e| panic!("yes-no pattern: {e}")));
    // "is luke the best on squad1.1 thx", "pls list the datasets for ner": typed in a hurry,
    // the courtesy has no mark before it and would be read as part of the name beside it.
    static CLOSING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)[\s,]+(?:pls|plz|please|thx|thnx|thanks|thank you|tia)\s*([.?!]*)\s*$").unwrap_or_else(|e| panic!("closing courtesy pattern: {e}")));
    static OPENING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\s*(?:pls|plz)(?:\s*[,:]\s*|\s+)").unwrap_or_else(|e| panic!("opening courtesy pattern: {e}")));
    // "X's WER on D: below 7 (yes/no)": a yes or no asked of a statement is what makes it
    // a question, and stays.
    let asks = text.contains('?');
    let only_form = |said: &str| CUE.is_match(said) && !CONTENT.is_match(said) && (asks || !YES_NO.is_match(said));
    let mut out: Cow<'_, str> = Cow::Borrowed(text);
    if !FEW.is_match(text) && !GREETING.is_match(text) {
        return out;
    }
    out = then(out, |t| GREETING.replace(t, ""));
    out = then(out, |t| match LEADING.captures(t) {
        Some(c) if only_form(&c[1]) => Cow::Owned(t[c.get(2).map_or(t.len(), |m| m.start())..].to_owned()),
        _ => Cow::Borrowed(t),
    });
    out = then(out, |t| BRACKETED.replace_all(t, |c: &regex::Captures| if only_form(&c[1]) { String::new() } else { c[0].to_owned() }));
    for _ in 0..3 {
        out = then(out, |t| TRAILING.replace(t, "$1"));
    }
    out = then(out, |t| CLOSING.replace(t, "$1"));
    out = then(out, |t| OPENING.replace(t, ""));
    out
}

/// A memory's hedge dropped: "if I recall correctly", "if memory serves", "IIRC",
/// "unless I'm misremembering". It says how sure the asker is, not what is asked, and read
/// as words "recall" is a metric.
fn hedges(text: &str) -> Cow<'_, str> {
    static HEDGE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:,\s*)?\b(?:if (?:i|my memory) (?:recall|remember)s? (?:correctly|rightly|right)|if memory serves(?: me)?(?: right| correctly| well)?|iirc|unless i(?:'m|’m| am) misremembering|unless i misremember|as far as i (?:can )?(?:remember|recall))\b\s*,?\s*")
            .unwrap_or_else(|e| panic!("hedge pattern: {e}"))
    });
    // Nothing is left between the words around it, nor before a mark that follows it.
    let gap = |c: &regex::Captures| {
        let end = c.get(0).map_or(text.len(), |m| m.end());
        if text[end..].starts_with(['?', '.', '!', ';']) || end == text.len() { "" } else { " " }
    };
    match HEDGE.replace_all(text, gap) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(s) => Cow::Owned(s.trim_start().to_owned()),
    }
}

/// Phrasings carried over from another language, as the English they stand for: "state of
/// art", "how much papers", "talk about of", "related with", "the argument of the paper X
/// is Y" and "X treats the Y problem" (X is about Y), "makes 82.0 of accuracy" (gets),
/// "punctuation" for a score, "exists some implementation", "there is code for X?" (is
/// there), a question word put last ("the accuracy of X on D, how much is?", "the DOI of
/// the article on T, which is?") or the subject put first ("Paper 'T' which models has
/// used?", "DQN hs on how many datasets has been evaluated?") or last ("for which problems
/// is used Penn Treebank?"), "About T, what publications are there?", and the checks
/// asked after a claim ("It is exact?", "this understanding is
/// correct?", "... on D? I am not sure.": is it right). Each is a whole phrase or a whole
/// question's shape no native phrasing gives another sense to.
fn calques(text: &str) -> Cow<'_, str> {
    static WORDS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
        let re = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("calque pattern {p}: {e}"));
        let counted = r"papers?|models?|datasets?|boards?|leaderboards?|benchmarks?|methods?|systems?|publications?|articles?|works|studies|results|evaluations|tasks|problems|metrics|repositories|repos|code\s+links|links|approaches|architectures|entries|agents|games";
        vec![
            (re(r"(?i)\bstate[- ]of[- ]art\b"), "state of the art"),
            (re(&format!(r"(?i)\bhow\s+much\s+({counted})\b")), "how many $1"),
            (re(r"(?i)\b(talks?|talking|speaks?|speaking|writes?|writing)\s+about\s+of\b"), "$1 about"),
            // (Said natively too: "papers that talk about X" are papers about X.)
            (re(r"(?i)\b(papers|works|publications|articles|studies)\s+(?:(?:that|which)\s+)?(?:talk|speak|write|deal)s?\s+(?:about|with)\b"), "$1 about"),
            (re(r"(?i)\brelated\s+with\b"), "related to"),
            (re(r"(?i)\b(?:the\s+)?(?:argument|thematic|theme|topic|subject)\s+of\s+((?:the\s+)?(?:paper|publication|article|work|study)\s+[^?]{3,200}?)\s+(is|was)\s+(?:the\s+)?"), "$1 $2 about "),
            (re(r"(?i)\btreats?\s+(?:of\s+|about\s+)?(?:the\s+)?([^?,.;]{3,60}?)\s+(?:problem|task)\b"), "is about $1"),
            (re(r"(?i)\btreats?\s+(?:of|about)\b"), "is about"),
            (re(r"(?i)\s+(?:thematic|thematics)(\s*[?.!]*\s*)$"), "$1"),
            (re(r"(?i)\b(?:makes|marks|realizes|realises|registers)\s+(?:an?\s+|of\s+)?(\d+(?:[.,]\d+)?\s*%?)"), "gets $1"),
            (re(r"(?i)\b(?:made|marked|realized|realised|registered)\s+(?:an?\s+|of\s+)?(\d+(?:[.,]\d+)?\s*%?)"), "got $1"),
            (re(r"(?i)(\d)\s+of\s+(score|points)\b"), "$1 $2"),
            (re(r"(?i)^\s*(?:there\s+)?exists?\s+(?:some|any|an?)\s+"), "Is there an "),
            (re(r"(?i)^\s*there\s+(?:is|exists?)\s+([^?.]+)\?"), "Is there $1?"),
            (re(r"(?i)^\s*there\s+are\s+([^?.]+)\?"), "Are there $1?"),
            (re(r"(?i)[\s,.;]*(?:(?:this|my|the)\s+understanding\s+is\s+(?:correct|right)|(?:it|this|that)\s+is\s+(?:exact|correct|right|true|so)|(?:is\s+)?(?:it|this|that)\s+exact)\s*\?+\s*$"), ", right?"),
            // (Said natively too: "how much has DQN hs been evaluated?" asks on how many boards.)
            (re(r"(?i)^\s*how\s+(?:much|widely|extensively|broadly)\s+(has|have)\s+([^?]{2,60}?)\s+been\s+(evaluated|tested|benchmarked)\s*\?"), "on how many datasets $1 $2 been $3?"),
            (re(r"(?i)^\s*how\s+(?:much|widely|extensively|broadly)\s+(was|were|is|are)\s+([^?]{2,60}?)\s+(evaluated|tested|benchmarked)\s*\?"), "on how many datasets $1 $2 $3?"),
            // (Said natively too: "X is the standard benchmark for T - can i say that?", "X gets
            // 98.9 on D - ok to cite that?": whether it is right, asked of a claim to be written.)
            (re(r"(?i)\s*[-–—,;:]\s*(?:(?:can|may|could)\s+(?:i|we)\s+(?:say|write|claim|state|cite|put|use)|(?:is\s+(?:it|that)\s+)?(?:ok|okay|safe|fine|alright)\s+to\s+(?:cite|say|write|claim|state|use))(?:\s+(?:that|this|it))?(?:\s+in\s+(?:my|our|the|a)\s+[\w\s-]{2,30}?)?\s*\?+\s*$"), ", right?"),
            (re(r"(?i)[\s,]+(?:which|what)\s+ones?\s+(?:do\s+)?you\s+have\s*\?+\s*$"), "?"),
            // (Said natively too: "I've built a text classifier; which datasets should I
            // evaluate it on?": the task is named by what does it.)
            (re(r"(?i)\b(a|an|my|our|the)\s+(text|image|sentiment|document|audio|sound|video|intent|relation|node|graph|topic|news|scene|speech|emotion|spam)\s+classifier\b"), "$1 $2 classification model"),
            (re(r"(?i)\b(a|an|my|our|the)\s+(?:text\s+)?summari[sz]er\b"), "$1 summarization model"),
            // (Said natively too: "X is a good choice for D, isn't it?" asks how X stands there,
            // which its place on the board answers, not whether it is the best.)
            (re(r"(?i)^\s*([^?,]{2,80}?)\s+(?:is|would\s+be|['’]s)\s+an?\s+(?:good|solid|sensible|reasonable|safe|strong|decent)\s+(?:choice|pick|option|bet|candidate)\s+(?:for|on)\s+([^?,]{2,80}?)\s*(?:,\s*(?:isn['’]t\s+it|wouldn['’]t\s+it|right|correct|yes|no)\s*)?\?+\s*$"), "is $1 any good on $2?"),
            // ("a strong model for D I can download", "best option for D with code available":
            // the best model there that has code, as asked natively.)
            (re(r"(?i)^\s*(?:(?:what|which)(?:['’]s|\s+is|\s+would\s+be)\s+|(?:i|we)\s+(?:need|want|(?:am|['’]m|are|['’]re)\s+looking\s+for)\s+|looking\s+for\s+|(?:can\s+you\s+)?(?:suggest|recommend)(?:\s+me)?\s+)?(?:a\s+|the\s+|your\s+)?(?:best|strong|strongest|good|solid|top|decent)\s+(?:model|option|choice|system|method|pick)\s+(?:for|on)\s+([^?,]{2,60}?)\s+(?:(?:that|which)\s+(?:i|we|you|one)\s+can\s+(?:actually\s+|easily\s+|just\s+)?(?:download|reuse|grab|get(?:\s+the\s+code\s+for)?)|(?:that|which)\s+(?:has|comes\s+with)\s+(?:public\s+|open[- ]source\s+)?code|with\s+(?:public\s+|open[- ]source\s+|the\s+)?code(?:\s+available)?)(?:\s*[-–—,;:]\s*(?:any\s+)?(?:suggestions?|ideas?|recommendations?|thoughts?|pointers?))?\s*[?.!]*\s*$"), "which is the best model on $1 that has code?"),
            // ("I need to beat 95% on D, is that already done?" asks whether any model has
            // passed the bar there, which the board answers, not a claim about a model.)
            (re(r"(?i)^\s*(?:i|we)\s+(?:need|have|want|hope|plan|am\s+trying|are\s+trying)\s+to\s+(?:beat|hit|reach|clear|pass|top|get\s+(?:above|over|past))\s+(\d+(?:\.\d+)?\s*%?(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(on|in|for|at)\s+([^?,;:]{2,80}?)\s*[,;:.-]*\s*(?:is|has)\s+(?:that|this|it)\s+(?:already\s+)?(?:been\s+)?(?:done|achieved|beaten|reached|cleared|passed|happened|possible)(?:\s+already|\s+yet|\s+before)?\s*\?+\s*$"), "has any model got above $1 $2 $3?"),
            (re(r"(?i)^\s*about\s+([^,?]{2,80}),\s*((?:what|which)\s+(?:papers|publications|articles|works|studies)\s+(?:are\s+there|exist|do\s+you\s+have|you\s+have|there\s+are))\s*\?+\s*$"), "$2 about $1?"),
            (re(r"(?i)^\s*((?:the|its|their)\s+[^?]{3,}?)[\s,]+(?:how\s+much|which|what)\s+(is|are|was|were)\s*\?+\s*$"), "what $2 $1?"),
        ]
    });
    // "Paper 'T' which models has used?": the subject first, then the question about it.
    static SUBJECT_FIRST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*([^?,]{3,}?)[\s,]+((?:on|in|for|with|by|from)\s+)?((?:which|what|how\s+many)\s+(?:[\w-]+\s+){0,2}?)(has|have|had|does|do|did|is|are|was|were)(\s+been)?\s+(used|use|evaluated|evaluate|tested|test|proposed|propose|introduced|introduce|reported|report|benchmarked|run|applied|employed)\s*\?+\s*$")
            .unwrap_or_else(|e| panic!("subject-first pattern: {e}"))
    });
    // Who asks, or how, before a question ("I wonder which models were used?", "tell me
    // which datasets have been evaluated?"): no subject put first.
    static ASKER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:i|we|you|they|please|kindly|can|could|would|will|do|does|tell|show|list|give|name|know|and|so|but|also|now|then)\b").unwrap_or_else(|e| panic!("asker pattern: {e}"))
    });
    // "Which punctuation obtains X?" (it. punteggio, fr. note): a score; not the
    // punctuation a task restores or predicts.
    static PUNCTUATION: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(which|what|the)\s+punctuations?\b(\s+(?:restoration|prediction|marks?|insertion|recovery|generation|models?|tasks?|datasets?|corpus|corpora)\b)?").unwrap_or_else(|e| panic!("punctuation pattern: {e}"))
    });
    // "For which research problems is used Penn Treebank?": the participle before its subject.
    static SUBJECT_LAST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(\s*(?:(?:for|in|on)\s+)?(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:is|are|was|were))\s+(used|evaluated|tested|applied|employed|benchmarked)\s+([^?,]{2,80}?)\s*\?+\s*$")
            .unwrap_or_else(|e| panic!("subject-last pattern: {e}"))
    });
    static NOT_A_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(?:on|in|for|by|with|at|to|as|from|most|more|less|mostly|often|across|over|against|and|or|together|widely|commonly|frequently|the\s+most|there|here)\b").unwrap_or_else(|e| panic!("not-a-subject pattern: {e}"))
    });
    // "X was benchmarked on D? I am not sure.": the doubt asks whether it is right.
    static UNSURE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\s*\?\s*(?:but\s+)?(?:i(?:'m|’m|\s+am)\s+not\s+(?:so\s+|quite\s+|very\s+)?(?:sure|certain)|not\s+sure)\s*[.!]*\s*$").unwrap_or_else(|e| panic!("unsure pattern: {e}"))
    });
    let mut text: Cow<'_, str> = Cow::Borrowed(text);
    for (pattern, with) in WORDS.iter() {
        text = then(text, |t| pattern.replace_all(t, *with));
    }
    text = then(text, |t| PUNCTUATION.replace_all(t, |c: &regex::Captures| if c.get(2).is_some() { c[0].to_owned() } else { format!("{} score", &c[1]) }));
    text = then(text, |t| match SUBJECT_FIRST.captures(t) {
        Some(c) if !OPENS_WH.is_match(&c[1]) && !ASKER.is_match(&c[1]) => Cow::Owned(format!(
            "{}{}{} {}{} {}?",
            c.get(2).map_or("", |m| m.as_str()),
            &c[3],
            &c[4],
            c[1].trim(),
            c.get(5).map_or("", |m| m.as_str()),
            &c[6]
        )),
        _ => Cow::Borrowed(t),
    });
    text = then(text, |t| match SUBJECT_LAST.captures(t) {
        Some(c) if !NOT_A_SUBJECT.is_match(&c[3]) => Cow::Owned(format!("{} {} {}?", &c[1], &c[3], &c[2])),
        _ => Cow::Borrowed(t),
    });
    // "For which research problems is Penn Treebank used?" (its participle put back): the
    // preposition at the end, where every reading looks for it.
    static FOR_WHICH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*for\s+(which|what)\s+([^?]{2,60}?)\s+(is|are|was|were)\s+([^?]{2,80}?)\s+(used|employed|applied)\s*\?+\s*$").unwrap_or_else(|e| panic!("for-which pattern: {e}"))
    });
    text = then(text, |t| FOR_WHICH.replace(t, "$1 $2 $3 $4 $5 for?"));
    then(text, |t| match UNSURE.find(t) {
        Some(m) if OPENS_WH.is_match(t) => Cow::Owned(format!("{}?", &t[..m.start()])),
        Some(m) => Cow::Owned(format!("{}, right?", &t[..m.start()])),
        None => Cow::Borrowed(t),
    })
}

/// English as people write it whose first language is another, in the words the rest of
/// the reading knows: comparatives built with "more" ("more good", "more better", "the
/// most high"), "before of 2020", "in 2020 year", a decimal comma ("78,4"), "78.4 of F1",
/// "kindly confirm: ..." as "is it true that ...", "please tell me", "how much is the
/// chrF of X", "the actual best" (the current one), "the last paper" (the latest) and
/// "isn't true?". Each is a whole phrase no native phrasing uses in another sense.
fn second_language(text: &str) -> Cow<'_, str> {
    static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
        let metric = super::classify::METRIC_WORDS;
        Regex::new(&format!(concat!(
            r"(?i)\b(?:(the )?(more|most) (good|well|bad)|more (better|worse|higher|lower|newer|older|bigger|smaller|larger)|(?:the )?most (best|highest|lowest|newest|oldest)",
            r"|more (new|old|high|low|big|small|large)|the most (high|low|new|old)|(before|after|until) of|in (\d{{4}}) year|in (?:the )?year (\d{{4}})",
            r"|(\d) of ({metric})\b|how much is the (score|value|result|{metric})",
            r"|the actual (best|leader|sota|state of the art|record|top)|actually (the )?(best|leading|top|sota|state of the art|record)",
            r"|the last (papers?|works?|results?|publications?|studies|study)\b|isn'?t true\b|from when\b)",
        ), metric = metric))
        .unwrap_or_else(|e| panic!("second-language pattern: {e}"))
    });
    static REQUEST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:(?:please|kindly)\s+(?:confirm|check|verify)(?:\s+(?:for\s+)?me)?(?:\s+that\b|\s*[:,])|(?:please|kindly)\s+tell\s+me\b\s*[:,]?)\s*")
            .unwrap_or_else(|e| panic!("request pattern: {e}"))
    });
    // "78,4": a decimal comma (one or two decimals, not a list "1,2,3" or "1,000").
    static COMMA: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(\d{1,3}),(\d{1,2})\b(,\d)?").unwrap_or_else(|e| panic!("comma pattern: {e}")));
    let text: Cow<'_, str> = match REQUEST.find(text) {
        Some(m) => {
            let rest = &text[m.end()..];
            let confirm = m.as_str().to_lowercase().split_whitespace().nth(1).is_some_and(|w| w != "tell");
            Cow::Owned(if confirm { format!("Is it true that {rest}") } else { rest.to_owned() })
        }
        None => Cow::Borrowed(text),
    };
    // A paper's year as it is often written by people whose first language is another: "from
    // year 2023", "older then", "publish in 2021", "release on 2024".
    static YEAR_WORDS: LazyLock<[(Regex, &'static str); 5]> = LazyLock::new(|| {
        let re = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("year wording pattern {p}: {e}"));
        [
            (re(r"(?i)\b(from|of)\s+(?:the\s+)?year\s+((?:19|20)\d\d)\b"), "$1 $2"),
            (re(r"(?i)\b(older|newer|earlier|later|better|worse|higher|lower|bigger|smaller|larger|more\s+recent|less\s+recent)\s+then\b"), "$1 than"),
            (re(r"(?i)\bpublish\s+(?:in|on|at)\s+((?:19|20)\d\d)\b"), "published in $1"),
            (re(r"(?i)\brelease\s+(?:in|on|at)\s+((?:19|20)\d\d)\b"), "released in $1"),
            (re(r"(?i)\b(published|released|appeared|came\s+out|come\s+out)\s+(?:on|at)\s+((?:19|20)\d\d)\b"), "$1 in $2"),
        ]
    });
    let mut text = text;
    for (pattern, with) in YEAR_WORDS.iter() {
        let replaced = match pattern.replace_all(&text, *with) {
            Cow::Owned(s) => Some(s),
            Cow::Borrowed(_) => None,
        };
        if let Some(s) = replaced {
            text = Cow::Owned(s);
        }
    }
    let text: Cow<'_, str> = match COMMA.replace_all(&text, |c: &regex::Captures| match c.get(3) {
        Some(_) => c[0].to_owned(),
        None => format!("{}.{}", &c[1], &c[2]),
    }) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => Cow::Owned(s),
    };
    if !PHRASE.is_match(&text) {
        return text;
    }
    Cow::Owned(PHRASE.replace_all(&text, |c: &regex::Captures| {
        let lower = |i: usize| c.get(i).map(|m| m.as_str().to_lowercase());
        if let (Some(degree), Some(word)) = (lower(2), lower(3)) {
            let best = if word == "bad" { "worst" } else { "best" };
            return match (c.get(1).is_some() || degree == "most", word.as_str()) {
                (true, _) => format!("the {best}"),
                (false, "bad") => "worse".to_owned(),
                (false, _) => "better".to_owned(),
            };
        }
        if let Some(word) = c.get(4).or(c.get(5)) {
            return word.as_str().to_owned();
        }
        if let Some(word) = lower(6) {
            let er = match word.as_str() {
                "big" => "bigger".to_owned(),
                "large" => "larger".to_owned(),
                w => format!("{w}er"),
            };
            return er;
        }
        if let Some(word) = lower(7) {
            return format!("the {word}est");
        }
        if let Some(word) = c.get(8) {
            return word.as_str().to_owned();
        }
        if let Some(year) = c.get(9).or(c.get(10)) {
            return format!("in {}", year.as_str());
        }
        if let (Some(digit), Some(metric)) = (c.get(11), c.get(12)) {
            // "3 of F1-like metrics" is a count, not a score.
            if text[c.get(0).map_or(0, |m| m.end())..].starts_with(|ch: char| ch == '-' || ch.is_alphanumeric()) {
                return c[0].to_owned();
            }
            return format!("{} {}", digit.as_str(), metric.as_str());
        }
        if let Some(what) = c.get(13) {
            return format!("what is the {}", what.as_str());
        }
        if let Some(what) = c.get(14) {
            return format!("the current {}", what.as_str());
        }
        if let Some(what) = c.get(16) {
            return format!("currently {}{}", c.get(15).map_or("", |m| m.as_str()), what.as_str());
        }
        if let Some(what) = c.get(17) {
            return format!("the latest {}", what.as_str());
        }
        let all = c[0].to_lowercase();
        if all.starts_with("isn") {
            return "isn't it true".to_owned();
        }
        "since when".to_owned()
    }).into_owned())
}

/// Notes' shorthand in words: a two-digit year ("as of '19", "('17)") in full, "#1" as the
/// best, "≥" / "≤" / "≈" as at least, at most and about, "X = 19.6" as a score, "@" as "on",
/// "yr" and "pts" in full, "pre-X" as before X came along, "SOTA(D, acc)"
/// as the best on D by acc, "A → B, +0.6 pts" as B improving on A by 0.6, and the arrows
/// that only say which way a metric counts dropped. Years up to '40 are this century's.
fn written_out(text: &str) -> Cow<'_, str> {
    static SHORTHAND: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(^|[\s(\[,/])['’‘](\d\d)\b|#\s?1\b|\s*(≥|>=|=>)\s*(\d)?|\s*(≤|<=|=<)\s*(\d)?|\s*≈\s*|\s=\s*(\d)|\s=\s|\s@\s|\byrs\b|\byr\b|\bpts\b|\s*[↓↑]|\bpre-(\p{Lu}[\p{L}\p{N}-]*)|\b(SOTA|sota)\(([^,()]{2,40}),\s*([^()]{1,20})\)")
            .unwrap_or_else(|e| panic!("shorthand pattern: {e}"))
    });
    // "Murrelet-MT ('22) → Ibbotrans ('23), +0.6 pts?": the second improved on the first.
    static ARROW: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"([^,:;?→]+?)\s*(?:→|->)\s*([^,:;?→]+?)\s*,?\s*([+−-])\s*(\d+(?:\.\d+)?)\s*(points?|pts|pp|%)?").unwrap_or_else(|e| panic!("arrow pattern: {e}"))
    });
    let text: Cow<'_, str> = match ARROW.replace_all(text, |c: &regex::Captures| {
        let unit = if c.get(5).is_some_and(|u| u.as_str() == "%") { "%" } else { " points" };
        let verb = if &c[3] == "+" { "improved on" } else { "fell behind" };
        let lead = &c[1][..c[1].len() - c[1].trim_start().len()];
        format!("{lead}{} {verb} {} by {}{unit}", c[2].trim(), c[1].trim(), &c[4])
    }) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(s) => Cow::Owned(s),
    };
    if !SHORTHAND.is_match(&text) {
        return text;
    }
    Cow::Owned(SHORTHAND.replace_all(&text, |c: &regex::Captures| {
        let all = &c[0];
        if let (Some(before), Some(yy)) = (c.get(1), c.get(2)) {
            let century = if yy.as_str() <= "40" { "20" } else { "19" };
            return format!("{}{century}{}", before.as_str(), yy.as_str());
        }
        // "X ≥ 80": a bound stated for X; "acc ≥" with no number: the words alone.
        for (sign, digit, words) in [(3, 4, "at least"), (5, 6, "at most")] {
            if c.get(sign).is_some() {
                return match c.get(digit) {
                    Some(d) => format!(" is {words} {}", d.as_str()),
                    None => format!(" {words} "),
                };
            }
        }
        if let Some(digit) = c.get(7) {
            return format!(" scores {}", digit.as_str());
        }
        if let Some(name) = c.get(8) {
            return format!("before {} came along", name.as_str());
        }
        // "SOTA(D, acc)": the best on D by acc.
        if let (Some(sota), Some(board), Some(metric)) = (c.get(9), c.get(10), c.get(11)) {
            return format!("{} on {} by {}", sota.as_str(), board.as_str().trim(), metric.as_str().trim());
        }
        match all.trim() {
            "≈" => " about ".to_owned(),
            "=" => " is ".to_owned(),
            "@" => " on ".to_owned(),
            "yrs" => "years".to_owned(),
            "yr" => "year".to_owned(),
            "pts" => "points".to_owned(),
            "↓" | "↑" => String::new(),
            _ => "the best".to_owned(),
        }
    }).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compatibility_forms_are_folded_and_invisible_characters_dropped() {
        assert_eq!(settled("Ｗhich model leads ＩmageNet?"), "Which model leads ImageNet?");
        assert_eq!(settled("ﬁne-tuning papers, best F₁ on SQuAD"), "fine-tuning papers, best F1 on SQuAD");
        assert_eq!(settled("BERT\u{200d}-Large on SQuAD1.1\u{200b}"), "BERT-Large on SQuAD1.1");
        // Letters beyond ASCII that are no compatibility form stay.
        assert_eq!(settled("papers on naïve Bayes by Zoë"), "papers on naïve Bayes by Zoë");
    }

    #[test]
    fn a_dash_typeset_inside_a_name_or_a_range_is_read_as_a_hyphen_but_not_between_words_or_in_a_title() {
        assert_eq!(settled("Which model leads WMT2014 English–German on BLEU?"), "Which model leads WMT2014 English-German on BLEU?");
        assert_eq!(settled("best from 2019–2021 on D"), "best from 2019-2021 on D");
        assert_eq!(settled("D – who leads?"), "D – who leads?");
        assert_eq!(settled(r#"is "RNN Encoder–Decoder" on D"#), r#"is "RNN Encoder–Decoder" on D"#);
    }

    #[test]
    fn british_isation_is_read_as_ization_and_common_misspellings_as_the_word() {
        assert_eq!(settled("anything on automatic text summarisation"), "anything on automatic text summarization");
        assert_eq!(settled("Normalisations of Vectors"), "Normalizations of Vectors");
        assert_eq!(settled("SUMMARISATION"), "SUMMARIZATION");
        assert_eq!(settled("state of teh art on webquestions?"), "state of the art on webquestions?");
        assert_eq!(settled("is ibbotrans beter than murrelet-mt"), "is ibbotrans better than murrelet-mt");
        assert_eq!(settled("Pubished when? Beter or not"), "Published when? Better or not");
        assert_eq!(settled("wat tasks is MMV used for"), "what tasks is MMV used for");
        assert_eq!(settled("results on WAT 2019?"), "results on WAT 2019?", "a benchmark's name");
        assert_eq!(settled("pegasus is newer than xlnet rite"), "pegasus is newer than xlnet right");
        assert_eq!(
            settled(r#"What year was the "Warbleon: Syllable-Level Attention for Avian Vocalisations" paper on vocalisations published?"#),
            r#"What year was the "Warbleon: Syllable-Level Attention for Avian Vocalisations" paper on vocalizations published?"#
        );
    }

    #[test]
    fn a_task_named_by_what_does_it_is_the_task() {
        assert_eq!(settled("I've built a text classifier; which datasets should I evaluate it on?"), "I've built a text classification model; which datasets should I evaluate it on?");
        assert_eq!(settled("our summariser needs a benchmark"), "our summarization model needs a benchmark");
        assert_eq!(settled("is the Naive Bayes classifier any good?"), "is the Naive Bayes classifier any good?", "a model's name, no task");
    }

    #[test]
    fn a_model_said_to_be_a_good_choice_for_a_board_is_asked_how_it_stands_there() {
        assert_eq!(settled("GPT-3 175B (Few-Shot) is a good choice for LAMBADA, isn't it?"), "is GPT-3 175B (Few-Shot) any good on LAMBADA?");
        assert_eq!(settled("DQN hs would be a solid pick for Atari 2600 Pong?"), "is DQN hs any good on Atari 2600 Pong?");
        assert_eq!(settled("GPT-3 is the best choice for LAMBADA, right?"), "GPT-3 is the best choice for LAMBADA, right?", "the best is claimed, and checked");
    }

    #[test]
    fn a_reviewers_record_is_the_graph_and_a_statement_they_check_is_the_claim() {
        for (asked, meant) in [
            ("Which code links does the record list for YOLOv3?", "Which code links does the graph list for YOLOv3?"),
            ("Which papers on perovskite solar cells are on record?", "Which papers on perovskite solar cells are in the graph?"),
            ("Which metrics are reported on CIFAR-10 in the record?", "Which metrics are reported on CIFAR-10 in the graph?"),
            ("The authors claim MEMEN is state of the art on TriviaQA (Section 5.2). Does the record agree?", "MEMEN is state of the art on TriviaQA, right?"),
            ("Table 2 gives SciBERT (Base Vocab) 88.2 F1 on PubMed 20k RCT. Is that the published figure?", "SciBERT (Base Vocab) gets 88.2 F1 on PubMed 20k RCT, right?"),
            ("Table 3 gives Prior+Duel hs 8978.0 Score on Atari 2600 Space Invaders. Is that the published figure?", "Prior+Duel hs gets 8978.0 Score on Atari 2600 Space Invaders, right?"),
            ("R2 thinks CURL has already been evaluated on Atari 2600 Pong, contrary to what the authors write. Is R2 right?", "CURL has already been evaluated on Atari 2600 Pong, right?"),
            ("The authors state that ProjectionNet comes with public code. Does the record confirm that?", "ProjectionNet comes with public code, right?"),
            ("The submission says Compressive Transformer has already been evaluated on Penn Treebank (Word Level). Has it?", "Compressive Transformer has already been evaluated on Penn Treebank (Word Level), right?"),
            ("SOTA claim on Atari 2600 Q*Bert - the authors say Prior hs holds the record. Check.", "Prior hs holds the record on Atari 2600 Q*Bert, right?"),
            ("According to the submission, SB-CNN noaug reaches 75.0 Accuracy (10-fold) on UrbanSound8k; verify.", "SB-CNN noaug reaches 75.0 Accuracy (10-fold) on UrbanSound8k, right?"),
            ("is the Rainbow paper about Atari Games?", "the Rainbow paper is about Atari Games, right?"),
            ("Novelty check: the paper 'Rainbow: Combining Improvements' is cited as an Atari Games paper. Is it about Atari Games?", "the paper 'Rainbow: Combining Improvements' is about Atari Games, right?"),
            ("Is Score the usual measure on Cartpole, swingup (DMControl500k), or do others report something else?", "which metrics are used on Cartpole, swingup (DMControl500k)?"),
            ("Number to beat, Walker, walk (DMControl100k): best published Score?", "what is the best Score on Walker, walk (DMControl100k)?"),
        ] {
            assert_eq!(reviewers_words(asked), meant, "{asked}");
        }
        // A board's record is no graph; a statement with a question of its own is no claim.
        for kept in ["Which model holds the record on HellaSwag?", "what is the record on imagenet?", "The authors use XLNet. Which papers report results on SQuAD1.1?"] {
            assert_eq!(reviewers_words(kept), kept);
        }
    }

    #[test]
    fn a_newcomers_plain_words_around_a_name_are_no_part_of_it() {
        for (asked, meant) in [
            ("when did google's gemma paper come out?", "when did gemma paper come out?"),
            ("what score did openai's evolution strategies ai get on the atari game gravitar?", "what score did evolution strategies get on the atari game gravitar?"),
            ("what has uber's go-explore ai been tested on?", "which datasets has go-explore been evaluated on?"),
            ("what has the etl-span system been tried on?", "which datasets has the etl-span been evaluated on?"),
            ("what was ES tested on?", "which datasets was ES evaluated on?"),
            ("which picture collections has ceit-t been tried on?", "which datasets has ceit-t been evaluated on?"),
            ("how many different atari games has bootstrapped dqn been tested on?", "how many datasets has bootstrapped dqn been evaluated on?"),
            ("which ais have been tested on the kinetics-600 video collection?", "which models have been evaluated on the kinetics-600?"),
            ("how many different ais have been tried on the atari game pong?", "how many models have been evaluated on the atari game pong?"),
            ("how are systems scored on aeslc, the test about writing email subject lines?", "which metrics are used on aeslc?"),
            ("how do they score ais on the atari game montezuma's revenge?", "which metrics are used on the atari game montezuma's revenge?"),
            ("how do they measure how good a system is on the imagenet picture collection?", "which metrics are used on the imagenet?"),
            ("what tests do researchers use to check how good machine translation is?", "which datasets are used for machine translation?"),
            ("what tests do researchers use for lip reading ai?", "which datasets are used for lip reading?"),
            ("someone told me mpad-path is the best system on the sst-2 movie review test - is that right?", "someone told me mpad-path is the best system on the sst-2 - is that right?"),
            ("is openai's rnd (random network distillation) free to download anywhere?", "is there code for rnd (random network distillation)?"),
            ("can i download the weighted tsetlin machine somewhere? i'd like to try it", "is there code for the weighted tsetlin machine?"),
            ("which paper came up with gpt-3?", "which paper introduced gpt-3?"),
            ("what did the trellis networks paper test its system on?", "what did the trellis networks paper test on?"),
            ("is the aapd collection used to test machine translation systems?", "is the aapd used for machine translation?"),
            ("is there any research on using computers to listen to heartbeats?", "is there any research on listen to heartbeats?"),
        ] {
            assert_eq!(plain_words(asked), meant, "{asked}");
        }
        for kept in ["Story Cloze Test results?", "which is the best system on D?", "which ai does best on D?", "papers on the Winograd Schema Challenge", "machine translation benchmarks", "lip reading datasets?", "which action recognition video datasets are there?", "where else has the agent57 agent been evaluated besides atari 2600 pong?", "which atari games was prior+deul hs evaluated on?"] {
            assert_eq!(plain_words(kept), kept);
        }
    }

    #[test]
    fn a_strong_model_one_can_download_is_the_best_with_code() {
        assert_eq!(settled("what's a strong model for CIFAR-10 that I can download?"), "which is the best model on CIFAR-10 that has code?");
        assert_eq!(settled("best option for CIFAR-10 with code available?"), "which is the best model on CIFAR-10 that has code?");
        assert_eq!(settled("I need a strong model for SQuAD1.1 that I can actually download - suggestions?"), "which is the best model on SQuAD1.1 that has code?");
        assert_eq!(settled("looking for a good model for CIFAR-10 with code"), "which is the best model on CIFAR-10 that has code?");
        assert_eq!(settled("what is a good model for sentiment analysis?"), "what is a good model for sentiment analysis?", "no code asked");
    }

    #[test]
    fn a_bar_to_beat_asked_whether_it_is_done_asks_whether_any_model_passed_it() {
        assert_eq!(settled("I need to beat 95% on CIFAR-10, is that already done?"), "has any model got above 95% on CIFAR-10?");
        assert_eq!(settled("we want to hit 40 BLEU on WMT 2014 EN-DE - has that been achieved?"), "has any model got above 40 BLEU on WMT 2014 EN-DE?");
    }

    #[test]
    fn who_is_asking_is_no_part_of_the_question() {
        assert_eq!(settled("quick one from a student: is Warbleon a top-3 system on D?"), "is Warbleon a top-3 system on D?");
        assert_eq!(settled("team lead question: who leads D?"), "who leads D?");
        assert_eq!(settled("Which one: X or Y?"), "Which one: X or Y?");
    }

    #[test]
    fn a_time_written_first_without_a_comma_is_read_after_the_question() {
        assert_eq!(settled("As of 2018 was Tidewick in the top two on Sealbrook Turbine Logs?"), "was Tidewick in the top two on Sealbrook Turbine Logs as of 2018?");
        assert_eq!(settled("in 2021 did X beat Y on D?"), "did X beat Y on D as of 2021?");
        // With a comma, or before a wh-question, the question is read as it was.
        assert_eq!(settled("As of 2018, was X the best on D?"), "As of 2018, was X the best on D?");
        assert_eq!(settled("In 2019 which model led D?"), "In 2019 which model led D?");
    }

    #[test]
    fn a_quoted_line_asked_to_stay_is_the_claim_checked() {
        assert_eq!(settled("My grant draft says 'Tavrosa clears 86% accuracy on BenchMira'. ok to keep that line as written?"), "Tavrosa clears 86% accuracy on BenchMira, right?");
        assert_eq!(settled("Nerrisa beats everything on Mirelle Subtitles by chrF, right?"), "Nerrisa is the best on Mirelle Subtitles by chrF, right?");
        assert_eq!(settled("X outperformed all other models on D?"), "X was the best on D?");
        assert_eq!(
            settled("My co-author deleted the line 'as of 2023, Murrelet-MT still had the top BLEU on Orrenby', arguing Ibbotrans is newer so it must have passed it. Was the line correct?"),
            "as of 2023, Murrelet-MT still had the top BLEU on Orrenby, right?",
            "the reason for doubting the line is not the claim"
        );
        assert_eq!(settled(r#"the abstract reads "X beats Y on D." can we keep it?"#), "X beats Y on D, right?");
        assert_eq!(settled("Editor query: the draft says 'Tavrosa (2020) gets 86.1 accuracy on BenchMira'. right yr and right number?"), "Tavrosa (2020) gets 86.1 accuracy on BenchMira, right?");
        assert_eq!(settled("Checking a related-work sentence: 'Prior to 2022, the best WER on D was Warbleon's 11.3 (2019).' Does that hold?"), "Prior to 2022, the best WER on D was Warbleon's 11.3 (2019), right?");
        // Whether a quoted sentence is true is read as it was; a quoted title stays a title.
        let asked = r#"My draft says "When Y appeared, X still held the best BLEU on D." Was that true at the time?"#;
        assert_eq!(settled(asked), asked);
        assert_eq!(settled(r#"Is "Warbleon: Syllable-Level Attention" ok to cite?"#), r#"Is "Warbleon: Syllable-Level Attention" ok to cite?"#);
    }

    #[test]
    fn a_closing_at_the_moment_is_dropped_and_the_same_words_elsewhere_kept() {
        assert_eq!(settled("which model has the lowest WER on Dastrup-7 Chorus at the moment?"), "which model has the lowest WER on Dastrup-7 Chorus?");
        assert_eq!(settled("best model on BenchMira, right now"), "best model on BenchMira");
        assert_eq!(settled("who is the best on BenchMira until now?"), "who is the best on BenchMira?");
        assert_eq!(settled("what is currently the best on X?"), "what is currently the best on X?");
        assert_eq!(settled("papers on today's forecasting"), "papers on today's forecasting");
    }

    #[test]
    fn comparison_signs_are_read_as_words() {
        assert_eq!(settled("Orvalis-CNN > PimbraFormer on Corvalla-Ice by F1?"), "Orvalis-CNN outperforms PimbraFormer on Corvalla-Ice by F1?");
        assert_eq!(settled("X's acc > 90 on D?"), "X's acc above 90 on D?");
        assert_eq!(settled("X < Y on D"), "X underperforms Y on D");
        assert_eq!(settled("a->b"), "a->b");
    }

    #[test]
    fn notes_shorthand_is_read_as_words() {
        assert_eq!(settled("Skarnhold mIoU: best as of '19?"), "Skarnhold mIoU: best as of 2019?");
        assert_eq!(settled("X: 91.2 F1 ('17), still #1 on D?"), "X: 91.2 F1 (2017), still the best on D?");
        assert_eq!(settled("Kelvane ≥ 80 F1 on D?"), "Kelvane is at least 80 F1 on D?");
        assert_eq!(settled("Kelvane >= 80 F1 on D?"), "Kelvane is at least 80 F1 on D?");
        assert_eq!(settled("D acc ≤ the best?"), "D acc at most the best?");
        assert_eq!(settled("Orrenby BLEU: Murrelet-MT ('22) → Ibbotrans ('23), +0.6 pts?"), "Orrenby BLEU: Ibbotrans (2023) improved on Murrelet-MT (2022) by 0.6 points?");
        assert_eq!(settled("cite check: Varnholt = 19.6 BLEU @ Q [Varnholt paper, '19]?"), "cite check: Varnholt scores 19.6 BLEU on Q [Varnholt paper, 2019]?");
        assert_eq!(settled("#papers w/ Selkora, their yrs"), "#papers w/ Selkora, their years", "\"w/\" is part of names (\"BiLSTM-Attn w/ ELMo\")");
        assert_eq!(settled("best WER ↓ on D, as of '21?"), "best WER on D, as of 2021?");
        assert_eq!(settled("D SOTA (mIoU), pre-Kelvane?"), "D SOTA (mIoU), before Kelvane came along?");
        assert_eq!(settled("SOTA(BenchMira, acc) since '20 = Tavrosa?"), "SOTA on BenchMira by acc since 2020 is Tavrosa?");
        assert_eq!(settled("the 90s, X's paper, '98 edition"), "the 90s, X's paper, 1998 edition");
    }

    #[test]
    fn phrasings_carried_over_from_another_language_are_read_as_the_english_they_mean() {
        let cases = [
            ("Which is the actual state of art on Orrenby?", "Which is the current state of the art on Orrenby?"),
            ("How much models were tested on Orrenby?", "how many models were tested on Orrenby?"),
            ("How much is the chrF of X?", "what is the chrF of X?"),
            ("Papers that talk about of kelp mapping, which ones you have?", "Papers about kelp mapping?"),
            ("About kelp mapping, what publications are there?", "what publications are there about kelp mapping?"),
            ("The argument of the paper 'Kelp at Scale' is the visual navigation, correct?", "the paper 'Kelp at Scale' is about visual navigation, correct?"),
            ("The publication 'Kelp at Scale' treats the kelp mapping problem, this understanding is correct?", "The publication 'Kelp at Scale' is about kelp mapping, right?"),
            ("I read that Ostrada-T makes 82,0 of accuracy on Orrenby. It is exact?", "Ostrada-T gets 82.0 accuracy on Orrenby, right?"),
            ("Ostrada-T has reached 48.375 of score on Orrenby, is it exact?", "Ostrada-T has reached 48.375 score on Orrenby, right?"),
            ("Which punctuation obtains Ostrada-T on Orrenby?", "Which score obtains Ostrada-T on Orrenby?"),
            ("Exists some implementation of Ostrada-T in GitHub?", "Is there an implementation of Ostrada-T in GitHub?"),
            ("There is code for the paper 'Kelp at Scale'? Give me the links.", "Is there code for the paper 'Kelp at Scale'? Give me the links."),
            ("The accuracy of Ostrada-T on Orrenby how much is?", "what is The accuracy of Ostrada-T on Orrenby?"),
            ("the DOI of the article on kelp canopy mapping, which is?", "what is the DOI of the article on kelp canopy mapping?"),
            ("Paper 'Kelp at Scale' which models has used?", "which models has Paper 'Kelp at Scale' used?"),
            ("Ostrada-T on how many datasets has been evaluated?", "on how many datasets has Ostrada-T been evaluated?"),
            ("For which research problems is used Orrenby?", "which research problems is Orrenby used for?"),
            ("Ostrada-T was benchmarked on Orrenby? I am not sure.", "Ostrada-T was benchmarked on Orrenby, right?"),
            ("Which model is the best on Orrenby? I am not sure.", "Which model is the best on Orrenby?"),
            ("Good day, which papers are about kelp mapping?", "which papers are about kelp mapping?"),
            ("Which publications speak about of kelp mapping?", "Which publications about kelp mapping?"),
            ("Which papers there are on kelp mapping thematic?", "Which papers there are on kelp mapping?"),
            ("Orrenby is the standard benchmark for kelp mapping - can i say that?", "Orrenby is the standard benchmark for kelp mapping, right?"),
            ("how much has Ostrada-T been evaluated? number of boards is enough", "on how many datasets has Ostrada-T been evaluated? number of boards is enough"),
            ("how widely was Ostrada-T tested?", "on how many datasets was Ostrada-T tested?"),
            ("Ostrada-T gets 98.9 accuracy on Orrenby - ok to cite that?", "Ostrada-T gets 98.9 accuracy on Orrenby, right?"),
            ("Ostrada-T leads Orrenby, can I write that in my related work?", "Ostrada-T leads Orrenby, right?"),
        ];
        let wrong: Vec<String> = cases.iter().filter(|(q, want)| settled(q) != *want).map(|(q, want)| format!("{q:?}: {:?}, not {want:?}", settled(q))).collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn native_phrasings_near_the_calques_are_left_alone() {
        for q in ["Which models are evaluated on Orrenby?", "Which dataset is used most for kelp mapping?", "Which model has been evaluated on the most boards?", "In which datasets was used Trillbert, and which WER it obtains there?", "The paper treats kelp mapping well", "Is there code for X?", "What is the topic of kelp mapping papers?", "How much data does Orrenby have?", "papers on punctuation restoration", "which punctuation restoration models are evaluated on Orrenby?", "I wonder which models have been evaluated?", "tell me which datasets were used?"] {
            assert_eq!(settled(q), q);
        }
    }

    #[test]
    fn second_language_english_is_read_as_the_words_it_means() {
        assert_eq!(settled("Which model was the more good on the Skarnhold Glacier Set before of 2020?"), "Which model was the best on the Skarnhold Glacier Set before 2020?");
        assert_eq!(settled("Corrasine is more better than Plumaro because its paper is more new (2025), isn't it?"), "Corrasine is better than Plumaro because its paper is newer (2025), isn't it?");
        assert_eq!(settled("The Tidewick paper is more old than the Marrowfen paper, isn't true?"), "The Tidewick paper is older than the Marrowfen paper, isn't it true?");
        assert_eq!(settled("Which model was the best on Kelpwatch-Norrland in 2020 year?"), "Which model was the best on Kelpwatch-Norrland in 2020?");
        assert_eq!(settled("Kindly confirm: Marrowfen's 78,4 of F1 on Sealbrook is reported in more than one paper?"), "Is it true that Marrowfen's 78.4 F1 on Sealbrook is reported in more than one paper?");
        assert_eq!(settled("Please tell me which model has the most high BLEU"), "which model has the highest BLEU");
        assert_eq!(settled("How much is the chrF of Ostrada-T on the Mirelle Subtitles?"), "what is the chrF of Ostrada-T on the Mirelle Subtitles?");
        assert_eq!(settled("Is Nerrisa actually the best on Orrenby? What is the actual best?"), "Is Nerrisa currently the best on Orrenby? What is the current best?");
        assert_eq!(settled("Which is the last paper on kelp mapping? From when is X the best?"), "Which is the latest paper on kelp mapping? since when is X the best?");
        assert_eq!(settled("X is the best in the year 2021"), "X is the best in 2021");
        assert_eq!(settled("is the gemma paper from year 2023"), "is the gemma paper from 2023");
        assert_eq!(settled("the gemma paper is older then the OAG-BERT paper"), "the gemma paper is older than the OAG-BERT paper");
        assert_eq!(settled("OAG-BERT paper publish in 2021?"), "OAG-BERT paper published in 2021?");
        assert_eq!(settled("gemma paper release on 2024, yes?"), "gemma paper released in 2024, yes?");
    }

    #[test]
    fn a_dictated_question_is_read_in_the_signs_it_stands_for() {
        assert_eq!(settled("um kestrel net gets seventy eight point nine accuracy on bench mira that's right isn't it."), "kestrel net gets 78.9 accuracy on bench mira that's right isn't it.");
        assert_eq!(settled("so back in twenty sixteen orvalis cnn was top of benchmira"), "back in 2016 orvalis cnn was top of benchmira");
        assert_eq!(settled("what was the best m i o u on bench mira no sorry on skarnhold glacier set as of twenty nineteen"), "what was the best miou on skarnhold glacier set as of 2019");
        assert_eq!(settled("who had the lowest w e r on dastrup dash seven chorus in twenty twenty two"), "who had the lowest wer on dastrup-7 chorus in 2022");
        assert_eq!(settled("um what was the best blue on orrenby as of two thousand and twenty one"), "what was the best BLEU on orrenby as of 2021");
        assert_eq!(settled("did it reach ninety one point two f one or point five more"), "did it reach 91.2 f1 or 0.5 more");
        assert_eq!(settled("the chr f of murrelet m t in nineteen ninety eight?"), "the chrF of murrelet mt in 1998?");
        assert_eq!(settled("is twenty two the score, and one point zero five the gap"), "is 22 the score, and 1.05 the gap");
        assert_eq!(settled("what um is the best, uh, on D"), "what is the best, on D");
    }

    #[test]
    fn a_memory_s_hedge_is_no_part_of_the_question() {
        assert_eq!(settled("If I recall correctly, Ostrada-T still had the top BLEU on D as of 2021."), "Ostrada-T still had the top BLEU on D as of 2021.");
        assert_eq!(settled("Ostrada-T, if memory serves, led D in 2021, right?"), "Ostrada-T led D in 2021, right?");
        assert_eq!(settled("X led D, IIRC?"), "X led D?");
        assert_eq!(settled("X scored .95 on D, IIRC. Still the best?"), "X scored .95 on D. Still the best?", "a number's point is left alone");
        assert_eq!(settled("Which recall did X get on D?"), "Which recall did X get on D?", "recall as a metric");
    }

    #[test]
    fn a_concession_after_a_claim_is_background_and_a_run_on_question_is_set_apart() {
        assert_eq!(settled("Plumaro beats Corrasine on Dastrup-7 Chorus WER, right, even though Corrasine came out in 2025?"), "Plumaro beats Corrasine on Dastrup-7 Chorus WER, right?");
        assert_eq!(settled("plumaro beats corrasine on dastrup seven chorus w e r right even though corrasine came out in twenty twenty five"), "plumaro beats corrasine on dastrup 7 chorus wer right");
        assert_eq!(settled("Although X led D in 2019, is it still the best?"), "Although X led D in 2019, is it still the best?");
        assert_eq!(settled("so back in twenty sixteen orvalis cnn was top of benchmira who's beaten it since then"), "back in 2016 orvalis cnn was top of benchmira - who's beaten it since then");
        assert_eq!(settled("X was top of D. Who has beaten it since?"), "X was top of D. Who has beaten it since?");
        assert_eq!(settled("Which models have beaten X on D?"), "Which models have beaten X on D?");
    }

    #[test]
    fn who_says_a_claim_and_what_the_asker_does_not_mean_are_no_part_of_the_question() {
        assert_eq!(settled("my reviewer claims NAT-M4 has the best accuracy on DTD. is that right?"), "NAT-M4 has the best accuracy on DTD. is that right?");
        assert_eq!(settled("The ORKG records an F1 of 90.1 for BiTT on the benchmark NYT."), "an F1 of 90.1 for BiTT on the benchmark NYT, right?");
        assert_eq!(settled("does the graph record an F1 of 90.1 for BiTT?"), "does the graph record an F1 of 90.1 for BiTT?", "asked, not stated");
        assert_eq!(settled("research problem Robot Navigation - which papers address it?"), "research problem Robot Navigation — which papers address it?");
        assert_eq!(settled("levit: a vision transformer in convnets clothing - which models does it report"), "levit: a vision transformer in convnets clothing - which models does it report", "a title");
        assert_eq!(settled("Which benchmark datasets are the contributions with the model XLMft UDA evaluated on?"), "Which benchmark datasets are XLMft UDA evaluated on?");
        assert_eq!(settled("what's the DOI of 'BERT - what it learns'?"), "what's the DOI of 'BERT - what it learns'?", "a quoted title's own hyphen");
        assert_eq!(settled("someone on twitter claimed X beats Y on D. can the graph confirm that?"), "X beats Y on D. can the graph confirm that?");
        assert_eq!(settled("in my thesis i wrote that GPT-3 was never evaluated on BoolQ - can you check? i might have mixed it up with SuperGLUE"), "GPT-3 was never evaluated on BoolQ, right?");
        assert_eq!(settled("what's the best on D - can you check?"), "what's the best on D - can you check?", "a question is not made a claim");
        assert_eq!(settled("not general audio tagging like AudioSet - specifically environmental sound classification. which papers?"), "environmental sound classification. which papers?");
        assert_eq!(settled("i work on QA over linked data, not reading comprehension like SQuAD. which papers cover T?"), "i work on QA over linked data. which papers cover T?");
        assert_eq!(settled("quick one - what's the best result on squad 1.1?"), "what's the best result on squad 1.1?");
        assert_eq!(settled("hmm, SentEval in the graph - which metrics are recorded for it?"), "SentEval in the graph - which metrics are recorded for it?");
        assert_eq!(settled("not interested in D1, what about D2?"), "not interested in D1, what about D2?", "a set-aside is read by the restriction");
        assert_eq!(settled("NAT-M4 has the best accuracy on DTD. we didn't compare against it - is that right?"), "NAT-M4 has the best accuracy on DTD. is that right?");
    }

    #[test]
    fn what_a_premise_is_asked_to_make_of_a_model_is_the_claim() {
        assert_eq!(settled("wendrel s came out in 2024 - does that make it the top model on BenchMira now?"), "wendrel s came out in 2024, so it is the top model on BenchMira now, right?");
        assert_eq!(settled("X and Y both beat Z. Does that make them the best two on D?"), "X and Y both beat Z, so they are the best two on D, right?");
        assert_eq!(settled("What does that make X?"), "What does that make X?");
    }

    #[test]
    fn words_a_transcript_would_turn_into_signs_are_left_alone_in_written_questions() {
        for q in ["Well-known datasets for question answering?", "OK-VQA results", "Which one is the best on X?", "Is X better than Y on D?", "Two papers put X at 7.2% WER on D, right?", "its paper is three years newer", "backed by at least two papers", "the top three models on D", "the blue whale dataset", "\"Ten Years of Twenty Questions\" paper", "papers on a b testing", "Is it true that BERT got 80.1 on SQuAD?"] {
            assert_eq!(settled(q), q);
        }
    }

    #[test]
    fn numbers_and_phrases_that_only_look_alike_are_left_alone() {
        for q in ["models 1,2,3 on D", "1,000 papers", "a 2018,19 survey", "more recent papers", "the more papers the better", "How much is X better than Y?", "the last of the papers", "Please list the papers", "3 of F1-like metrics"] {
            assert_eq!(settled(q), q);
        }
    }

    #[test]
    fn an_abbreviated_accuracy_ends_no_sentence() {
        assert_eq!(settled("I wrote that Syrinxa reaches 0.883 acc. on D. Correct?"), "I wrote that Syrinxa reaches 0.883 accuracy on D. Correct?");
        assert_eq!(settled("Best acc. Then the DOI?"), "Best acc. Then the DOI?", "a sentence that ends there");
    }

    #[test]
    fn instructions_about_the_answers_form_are_dropped_and_what_they_ask_for_is_kept() {
        for (asked, read) in [
            ("Yes or no, one word only: does Tavrosa get 86.1 on BenchMira?", "does Tavrosa get 86.1 on BenchMira?"),
            ("Orvalis-CNN still tops BenchMira, doesn't it? [answer in 3 words max]", "Orvalis-CNN still tops BenchMira, doesn't it?"),
            ("Hi! Quick yes/no for a paper I'm reviewing: is Syrinxa the most accurate model on D? Thanks a lot", "is Syrinxa the most accurate model on D?"),
            ("TL;DR in 1 line: as of 2020, was X the top system on D?", "as of 2020, was X the top system on D?"),
            ("What accuracy does W get on D? Please answer in one sentence.", "What accuracy does W get on D?"),
            ("Does K get over 60 MRR on D? (just yes or no)", "Does K get over 60 MRR on D?"),
            ("N has the top chrF on M. Yes or no? Keep it short.", "N has the top chrF on M. Yes or no?"),
            ("X's WER on D: below 7 (yes/no). Thanks!", "X's WER on D: below 7 (yes/no)."),
            ("is luke the best on squad1.1 thx", "is luke the best on squad1.1"),
            ("BEST MODEL ON CIFAR-10 PLS", "BEST MODEL ON CIFAR-10"),
            ("xlnet squad 2 results pls???", "xlnet squad 2 results???"),
            ("pls, which datasets for ner", "which datasets for ner"),
            ("cl-titles-parser evaluated on acl anthology? y/n", "cl-titles-parser evaluated on acl anthology, yes or no?"),
            ("the nas model has code in tensorflow/models — yes?? 🙏", "the nas model has code in tensorflow/models — yes??"),
        ] {
            assert_eq!(settled(asked), read);
        }
        for q in ["As a bullet list, only the top 2: which systems have the best WER on D?", "Who leads D on BLEU? Cite the DOI of their paper.", "Results on Natural Questions (long)?", "Papers on answer selection: which are newest?", "N has the top chrF on M. Yes or no?", "Yes or no questions: which datasets test them?", "Please-Net results on D?", "Pls-Net results on D?"] {
            assert_eq!(settled(q), q);
        }
    }

    #[test]
    fn words_that_only_end_alike_are_left_alone() {
        for q in ["papers on noise and precise rise", "the teheran dataset", "isation", "wise advice", "the beterbank dataset", "Lowrance"] {
            assert_eq!(settled(q), q);
        }
    }
}
