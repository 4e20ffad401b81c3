//! The names a claim's grammar points at, whatever the lexicon knows: the two sides of "X
//! outperforms Y" (asked or stated), the subject of "X gets / has / is the best ...", and
//! the board after "on" up to the request to confirm. A claim is about exactly these, so a
//! name nobody put in a synonym table ("cluster-former", "MultiFiT", "sparse transformer")
//! still becomes an entity for the text index to link, and a known word inside it
//! ("transformer") is not mistaken for the whole name. Three guesses too, each kept only
//! when the text index links it: a leaderboard question's board, the task of a request for
//! datasets, and the model in "the X paper". Spans only; pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::lexicon::EntityKind;
use super::restrict::SETS_ASIDE_BEFORE_NAME;

/// A statement about named things to be confirmed: "DeiT-B has the best top-1 accuracy on
/// ImageNet", "BiT-L gets 88.6% on ImageNet", "the Jacquard dataset is used for grasping".
/// Verb forms only: "CURL score on cheetah run?" asks for a number, it states none.
static STATEMENT_VERB: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(gets|got|reaches|reached|achieves|achieved|scor(?:e|es|ed) (?:(?:above|below|over|under|at least|at most|more than|less than) )?\d+|(has|have|had) \d+(\.\d+)?|obtains|obtained|attains|attained|holds|tops|topped|leads|outperforms|outperformed|underperforms|underperformed|improved on|improves on|beats|beat|surpasses|surpassed|exceeds|exceeded|(is|was|are|were) (the )?(best|sota|state[- ]of[- ]the[- ]art|top|leading|strongest)|(has|have|had) (the )?(best|highest|lowest|top)|does better|did better|performs better|(came|comes) out|(is|was|are|were) (published|used|evaluated|tested)|(is|was) an? [^?]{0,40}\b(benchmark|dataset|corpus))\b")
});
/// A predicate said in the negative: "X is not the best on D", "X has never been tested on
/// D", "X doesn't beat Y" (the trust stage judges the positive and turns the verdict round).
static NEGATED_VERB: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:is|was|are|were)(?:\s+not|n['’]t|\s+never)\s+(?:the\s+)?(?:evaluated|tested|benchmarked|used|run|published|best|sota|state[- ]of[- ]the[- ]art|top|leading|strongest|number one)\b|\b(?:has|have|had)(?:\s+not|n['’]t)?\s+(?:never\s+)?been\s+(?:evaluated|tested|benchmarked|run|used|reported)\b|\b(?:has|have|had)\s+no\s+(?:public\s+|open[- ]source\s+)?(?:source\s+)?(?:code|implementation|repo|repository)\b|(?:\b(?:does|did|do)\s+not|\b(?:doesn|didn|don)['’]t|\bnever)\s+(?:hold|holds|held|top|topped|lead|led|beat|beats|outperform|outperformed|surpass|surpassed|reach|reached|score|scored|achieve|achieved|get|got|have|has|had|release|released|come\s+with)\b")
});
/// A relative pronoun just before a predicate: "papers that never released code" asks for
/// what the clause describes.
static RELATIVE_BEFORE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:that|which|who|whose|where)\s*$"));

/// Whether `q` says in the negative what holds of a named thing, outside a relative clause.
fn negated(q: &str) -> bool {
    NEGATED_VERB.find_iter(q).any(|m| !RELATIVE_BEFORE.is_match(&q[..m.start()]))
}
/// The statements that are claims even about names the graph does not hold: a best result,
/// a win, or a number stated for a model ("Mamba is the best on LRA", "X has 23.8 ppl").
static STRONG_STATEMENT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(is|was) 10\.\d{4,9}/|\b((came|comes) out|(was|were|is) (first )?published) in (19|20)\d\d\b|\b(is|was|are) (about |around |approximately |roughly |~|under |below |over |above |at least |at most |less than |more than )?\d+(\.\d+)?\s*(%|percent\b)?|\bis an? (19|20)\d\d (paper|article|publication)\b|\b(has|have|gets|achieves|shows) (a |an )?(higher|lower|better|worse) [^?]{0,40}\bthan\b|\b(outperforms|underperforms|beats|surpasses|(is|was) (the )?(best|sota|state[- ]of[- ]the[- ]art|weakest|worst|poorest)|(has|have|had) the (best|highest|lowest))\b|\b(came|comes|finished|finishes|is|was) (dead )?last\b|\b(is|was) the first (model |method |system |one |paper )?to (crack|reach|break|beat|pass|hit|top|surpass|exceed|go (above|over|past))\b|\b(is|was) (the )?second[- ]to[- ]last\b|\b(gets|got|reaches|reached|achieves|achieved|scores|scored|obtains|obtained|attains|hits|hit|has|had|did|does) (an? |of |about |around |~|above |below |over |under |at least |at most |more than |less than )?~?\d+(\.\d+)?\b")
});
/// "X, Y and Z were all evaluated on D", "A and B have both been tested on D": names listed,
/// then what holds of each.
static LISTED_EVALUATED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:are|were|have\s+been|had\s+been)\s+(?:both|all|each)\s+(?:been\s+)?(?:evaluated|tested|benchmarked|run)\b"));
/// "datasets that A and B were both tested on": what a relative clause describes, asked for.
static RELATIVE_OPENER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:the\s+|which\s+|what\s+)?(?:[\w-]+\s+){0,2}?(?:datasets?|boards?|benchmarks?|papers?|models?|tasks?|games?|ones?)\s+(?:that|which|where|on\s+which)\b"));

/// Whether `q` states something to confirm: a strong statement always, a weaker verb
/// ("is used for", "came out") only about named things.
pub fn states(q: &str, names_things: bool) -> bool {
    STRONG_STATEMENT.is_match(q) || (names_things && (STATEMENT_VERB.is_match(q) || negated(q) || (LISTED_EVALUATED.is_match(q) && !RELATIVE_OPENER.is_match(q))))
}
/// Whether `q` states a best result, a win, a number or a DOI: a claim whatever it names.
pub fn states_strongly(q: &str) -> bool {
    STRONG_STATEMENT.is_match(q)
}

/// One word of a name: letters, digits and the symbols names carry ("SRU++", "BiT-L",
/// "(UN)", "#C=512"), or a lone "+" joining two ("MultiCCA + CNN").
const WORD: &str = r"(?:\+|[\p{L}\p{N}(][\p{L}\p{N}\-\.\+/()#=_]*)";

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("statement pattern {pattern}: {e}"))
}

/// "Does X outperform Y", "X is better than Y", "X does better than Y, true?".
static SIDES: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:(?:does|did|do|is|was|can|could|will)\s+)?(?:the\s+)?({WORD}(?:\s{WORD}){{0,3}}?)\s+(?:(?:really|still|once|already|also|now|currently|previously|formerly|originally|actually|only|just|even|always|clearly|consistently)\s+)?(?:(?:does|did|do)\s+not\s+|(?:doesn['’]t|didn['’]t|don['’]t|never|no longer)\s+)?(?:(?:is|was|are)(?:\s+not|n['’]t)?\s+)?(?:outperform\w*|beat|beats|surpass\w*|exceed\w*|improv(?:es|ed)\s+(?:up)?on|(?:(?:do|does|did|perform|performs)\s+)?(?:better|worse) than|superior to|inferior to|falls? short of|fell short of|lags? behind|trails?)\s+(?:the\s+)?({WORD}(?:\s{WORD}){{0,3}}?)(?:\s+(?:on|in|at|by|for|when|everywhere|across)\b|\s*[?.!,]|$)"
    ))
});
/// "X gets 88.6% ...", "X has the lowest bpc ...", "X is the best model on ...".
static SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:the\s+)?({WORD}(?:\s{WORD}){{0,3}}?)\s+(?:(?:really|still|once|already|also|now|currently|previously|formerly|originally|actually|only|just|even|always|clearly|consistently)\s+)?(?:(?:does|did)\s+not\s+|(?:doesn['’]t|didn['’]t|never|no longer)\s+)?(?:(?:has|have|had)(?:\s+(?:not|never|always|long|really|still))?\s+(?:held|led|topped|reached|achieved|scored|obtained|attained|got|gotten)|gets|got|get|reaches|reached|reach|achieves|achieved|achieve|scores|scored|score|obtains|obtained|attains|attained|holds|held|hold|tops|topped|leads|led|lead|clears|(?:took|takes|take|taken)\s+(?:over\s+)?(?:the\s+)?lead\b|(?:has|have|had)\s+(?:an?\s+|the\s+)?(?:\d+|best|highest|lowest|top)|(?:has|have|had)\s+(?:never\s+)?been\s+(?:the\s+)?(?:best|sota|state[- ]of[- ]the[- ]art|top|leading|strongest)|(?:is|was)(?:\s+not|n['’]t|\s+no longer)?\s+(?:the\s+)?(?:best|sota|state[- ]of[- ]the[- ]art|top|leading|strongest))\b"
    ))
});
/// The board a claim names: what follows its last "on" up to a tag, a comma or the end.
static BOARD: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\bon\s+(?:top\s+of\s+)?(?:the\s+)?([\p{{L}}\p{{N}}][\p{{L}}\p{{N}}\-\.\+/()#=' *>]{{0,60}}?)(?:\s+(?:benchmark|dataset|data set|test set|corpus|leaderboard|board))*\s*(?:,|:\s|\s-\s|\?|!|\.\s|\.$|$|\s+(?:by|in terms of|with|using|according|right|true|correct|yes|isn'?t|doesn'?t|or not|is|are|was|were|has|have|gets|reaches|scores|as of|as at|before|after|until|since|when|where|once|than|in (?:19|20)\d\d|{SETS_ASIDE_BEFORE_NAME}|but not|(?:is|are|was|were)n['’]?t|(?:is|are|was|were) not|to (?:be|become|get|reach|beat|top|claim|take|count as))\b)"))
});

/// A leaderboard question: "who has the best SPL on ...", "top models on ...".
static LEADERBOARD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(best|top|tops|highest|lowest|state[- ]of[- ]the[- ]art|sota|leaderboard|leaderbord|leading|leads|leaders?|strongest|metrics?|models?|evaluated|tested|benchmarked|reported|results?|scores?|agents?|baselines?|beat|(?:should|would|could)\s+(?:i|we|you)\s+(?:use|pick|choose|go\s+with|try|recommend))\b")
});
/// A best asked of a board: "which X models are best", "top", "highest", "lowest".
static LEADERBOARD_BEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(best|top|highest|lowest|state[- ]of[- ]the[- ]art|sota|leading|strongest)\b"));
/// Words that say which models, not on which board: "which other models".
const MODIFIERS: &[&str] = &["other", "recent", "new", "newer", "older", "earlier", "later", "current", "top", "best", "these", "those", "such", "many", "different", "deep", "neural", "baseline", "open", "open source", "pretrained", "large"];
/// A comparison ("how does X compare with Y on D"): it names its board only after "on".
static COMPARES: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(compare[sd]?|comparison|vs|versus|better|higher|tops)\b"));
/// "atari video pinball highest score": the board named before the leaderboard word.
static BOARD_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^([\p{L}\p{N}][\p{L}\p{N}\-\.\+/()#=' *!>]{1,60}?)\s+(?:(?:who'?s|who\s+is|who\s+are|what'?s|which\s+is|whats)\s+(?:on\s+)?(?:the\s+)?)?(?:highest|best|top|lowest|high[- ]?scores?|sota|state[- ]of[- ]the[- ]art|leaderboard|leaderbord)\b")
});
/// "... for the habitat 2020 objectnav test-std challenge": the board after "for", read
/// only when no "on" names one.
static BOARD_FOR: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bfor\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-\.\+/()#=' *!>]{0,60}?)\s*(?:\?|$)"));
/// "how is ace 2005 evaluated": the board whose evaluation is asked about.
static BOARD_EVALUATED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bhow (?:is|are|was|were|do you|does one) (?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-\.\+/()#=' *!>]{0,60}?)\s+(?:evaluated|measured|scored|benchmarked|assessed)\b")
});
/// "who leads the habitat 2020 objectnav test-std board?": the board a leader is asked of.
static BOARD_LED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bwho(?:'s|\s+is)?\s+(?:leads|leading|tops|topping|on\s+top\s+of|at\s+the\s+top\s+of)\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-\.\+/()#=' *>]*?)(?:\s+(?:board|leaderboard|benchmark|dataset))?\s*(?:\?|$|,|\s+(?:by|in terms of|on)\b)")
});
/// "ptb char level: who has the lowest bpc": the board named before a colon or comma.
static BOARD_HEAD: LazyLock<Regex> = LazyLock::new(|| re(r"^([\p{L}\p{N}][\p{L}\p{N}\-\.\+/()#=' *!>]{1,60}?)\s*[:,]\s"));

/// The board a leaderboard question names after its last "on" ("habitat 2020 pointnav
/// test-std"), when the question names no dataset the lexicon knows: a guess, kept only if
/// the text index links it (see [`drop_unlinked_board`]).
pub fn board(question: &str) -> Option<(usize, usize)> {
    // "which orrenby systems never made it past 30 BLEU?": the board named before the
    // models asked for, when no "on" names one and a bar or a best is asked of it.
    static BOARD_MODIFIER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:which|what)\s+(?:of\s+the\s+)?([\p{L}][\p{L}\p{N}\-]{2,30}(?:\s+[\p{L}\p{N}\-]{2,30}){0,2}?)\s+(?:systems|models|methods|entries|submissions|approaches)\b")
    });
    if let Some(m) = BOARD_MODIFIER.captures(question).and_then(|c| c.get(1)).filter(|m| a_name(question, m) && !MODIFIERS.contains(&m.as_str().to_lowercase().as_str())) {
        let on = || BOARD.captures_iter(question).filter_map(|c| c.get(1)).any(|m| !matches!(m.as_str().to_lowercase().as_str(), "top" | "top of" | "average" | "par"));
        let asks_of_board = || super::extract::threshold(question).is_some_and(|t| t.value < 1000.0) || LEADERBOARD_BEST.is_match(question);
        if asks_of_board() && !on() {
            return Some((m.start(), m.end()));
        }
    }
    // "what does mfec score on ms pacman?", "how does X do on D": a model's result asked by
    // its verb names the board after "on" as surely as "best on D" does (names are read with
    // the verb "score" blanked out: `extract::by_keywords`).
    static RESULT_VERB: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:does|did|do)\s+[^\s?,;]+(?:\s[^\s?,;]+){0,3}?\s(?:score|get|achieve|reach|obtain|do|perform|fare|\s{4,})\s+(?:on|in|at)\s")
    });
    let leaderboard = LEADERBOARD.is_match(question);
    if !leaderboard && !COMPARES.is_match(question) && !RESULT_VERB.is_match(question) {
        return None;
    }
    let after_on = BOARD
        .captures_iter(question)
        .filter_map(|c| c.get(1))
        // "whos on top": a place on the board, not its name.
        .filter(|m| !matches!(m.as_str().to_lowercase().as_str(), "top" | "top of" | "average" | "par"))
        .last();
    if !leaderboard {
        return after_on.map(|m| (m.start(), m.end()));
    }
    let m = after_on
        .or_else(|| BOARD_EVALUATED.captures(question)?.get(1))
        .or_else(|| BOARD_LED.captures(question)?.get(1))
        .map(|m| (m.start(), m.end()))
        // "cnn dailymail rouge best, when?": the head's rank and metric words are what is
        // asked of the board, not its name.
        .or_else(|| BOARD_HEAD.captures(question)?.get(1).and_then(|m| name_before_ask(question, m.start(), m.end())))
        .or_else(|| BOARD_FOR.captures(question)?.get(1).map(|m| (m.start(), m.end())))
        .or_else(|| BOARD_BEFORE.captures(question)?.get(1).filter(|m| a_name(question, m)).and_then(|m| name_before_ask(question, m.start(), m.end())))?;
    Some(m)
}

/// A board's name read before what is asked of it ("natural questions best results",
/// "cnn dailymail rouge"): the span without its trailing rank, result and metric words;
/// `None` when nothing else is left.
fn name_before_ask(question: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    const ASKED: &[&str] = &[
        "best", "top", "highest", "lowest", "worst", "sota", "record", "results", "result", "scores", "score", "numbers",
        "rouge", "bleu", "f1", "f-score", "accuracy", "acc", "acuracy", "em", "ppl", "perplexity", "map", "auc", "wer", "iou", "miou", "meteor", "cider", "psnr", "ssim", "fid",
    ];
    let mut end = end;
    loop {
        let text = question[start..end].trim_end();
        let last = text.rsplit(char::is_whitespace).next().unwrap_or_default();
        if last.len() == text.len() || !ASKED.contains(&last.to_lowercase().as_str()) {
            end = start + text.len();
            break;
        }
        end = start + text.len() - last.len();
    }
    (end > start).then_some((start, end))
}

/// "grasping datasets?", "benchmarks for grasping": the task a request for datasets
/// names, a guess the text index must confirm like [`board`]. Also the task a best is asked
/// of, with no board named: "best model for MT?", "top method for biomedical sentence
/// embeddings".
static LISTING_TASK: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:any |which |what |list |good |some )?(?:the )?([\p{L}][\p{L}\p{N}\- ]{2,40}?)\s+(?:datasets|benchmarks|data sets|corpora)\W*$|\b(?:datasets|benchmarks|data sets|corpora)\s+(?:(?:are\s+there|exist|do\s+people\s+use)\s+)?(?:used\s+|available\s+)?(?:for|in|on|about)\s+([\p{L}][\p{L}\p{N}\- ]{2,50}?)\W*$|\b(?:best|top|leading|strongest|sota|state[- ]of[- ]the[- ]art)\s+(?:models?|methods?|systems?|approach(?:es)?|results?)\s+(?:for|in)\s+([\p{L}][\p{L}\p{N}\- ]*?)\W*$")
});

/// The task of a request for datasets, when it names one (see [`LISTING_TASK`]).
pub fn listing_task(question: &str) -> Option<(usize, usize)> {
    let c = LISTING_TASK.captures(question)?;
    let m = c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3))?;
    Some((m.start(), m.end()))
}

/// The spans of the guesses of [`board`] and [`listing_task`] in `question`, by kind.
pub fn guess_spans(question: &str) -> Vec<(EntityKind, usize, usize)> {
    let board = board(question).map(|(s, e)| (EntityKind::Dataset, s, e));
    let task = listing_task(question).map(|(s, e)| (EntityKind::Task, s, e));
    // "the OAG-BERT paper": a model the paper is named after, if the graph has one.
    // Not "the DOI of the paper": a name ends in none of the words that join a phrase.
    let whole = |m: &regex::Match| !m.as_str().split_whitespace().last().is_some_and(|w| ["the", "a", "an", "of", "that", "this", "its", "their"].contains(&w.to_lowercase().as_str()));
    let named = THE_X_PAPER.captures(question).and_then(|c| c.get(1)).filter(|m| a_name(question, m) && whole(m)).map(|m| (EntityKind::Method, m.start(), m.end()));
    board.into_iter().chain(task).chain(named).collect()
}

/// The guesses of [`guess_spans`], as text.
pub fn guesses(question: &str) -> Vec<(EntityKind, &str)> {
    guess_spans(question).into_iter().map(|(kind, s, e)| (kind, &question[s..e])).collect()
}

/// Drops the guesses nothing in the graph is called (see [`guesses`]).
pub fn drop_unlinked_guesses(question: &str, entities: &mut super::normalize::Normalized) {
    for (kind, guess) in guesses(question) {
        // A guess may have been cut short where another name begins. A board kept as a near
        // miss ("conll 2003 german") is no guess: the answer says the graph lacks it.
        entities.get_mut(kind).retain(|e| e.is_linked() || super::link::is_near_miss(e) || !guess.starts_with(e.text.as_str()));
    }
}

/// Words that open a question or a request, never a name: "which model has ..." asks.
const NOT_A_SUBJECT: &[&str] = &[
    "which", "what", "who", "whose", "how", "where", "when", "why", "what's", "whats", "who's", "whos", "where's", "how's", "does", "do", "did", "is", "are", "was", "were", "has", "have", "had", "can",
    "could", "will", "list", "name", "give", "show", "find", "tell", "papers", "paper", "models", "model", "any", "some",
    "highest", "lowest", "best", "top", "most", "anyone", "everyone", "nobody", "no", "someone", "somebody", "anybody",
    "everybody", "none", "nothing", "i", "we", "you", "they", "he", "she", "it", "that", "this", "there", "mine", "ours",
    // "Only two systems have reached 50 chrF", "every model on D", "3 papers report it": a
    // count or a quantifier, never a name.
    "only", "just", "exactly", "every", "each", "all", "several", "many", "few", "both", "more", "fewer", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "ten",
];

/// "cartpole swingup 500k best score?": a board and the score asked of it, not a model that
/// scores; a name ends in no superlative.
fn ends_in_rank(name: &str) -> bool {
    name.split_whitespace().last().is_some_and(|w| matches!(w.to_lowercase().as_str(), "best" | "top" | "highest" | "lowest" | "worst" | "high" | "sota" | "max" | "maximum" | "record"))
}

fn a_name(question: &str, m: &regex::Match) -> bool {
    let first = question[m.start()..m.end()].split_whitespace().next().unwrap_or("").to_lowercase();
    // "the newest earth system model paper": an order asked for opens no name.
    const AGE: &[&str] = &["newest", "latest", "oldest", "earliest", "recent", "first", "last", "newer", "older"];
    !NOT_A_SUBJECT.contains(&first.as_str()) && !AGE.contains(&first.as_str()) && !first.bytes().all(|b| b.is_ascii_digit())
}

/// "the OAG-BERT paper", "the Gemma paper (open models ...)": the name a paper is called by.
static THE_X_PAPER: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\bthe ({WORD}(?:\s{WORD}){{0,3}}?)\s+paper\b")));

/// Who says the claim, before it: "someone told me", "my co-author wrote that", "I think",
/// "if I remember right". The claim's subject follows it.
static REPORTED_BY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:(?:someone|somebody|people|everyone|a (?:colleague|reviewer|friend|student|co-?author)|my (?:co-?authors?|advisor|supervisor|colleagues?|draft|student|notes|slides?)|the (?:draft|reviewer|abstract)|our (?:draft|paper|notes)|i|we)\s+(?:once\s+)?(?:told me|tells me|told us|says|say|said|insists?|insisted|argues?|argued|maintains?|swears?|swore|keeps? saying|kept saying|wrote|writes|claims?|claimed|thinks?|believes?|assumes?|assumed|heard|read|remember|recall|suspect|guess|figure)(?:\s+that)?,?\s+|^(?:can|could|would) you (?:please )?(?:confirm|check|verify) (?:that|whether|if)\s+|^(?:am i|is it) (?:right|correct|true) (?:that|to say that)\s+|^(?:please )?(?:confirm|check|verify) (?:that|whether|if)\s+|^if i remember (?:right|rightly|correctly),?\s+|^(?:(?:i'm|i’m|i am) (?:fairly |pretty |quite )?|(?:fairly|pretty|quite) )sure(?:\s+that)?,?\s+)")
});

/// Where each sentence's claim may begin: the start of every sentence, after who says it.
fn claim_starts(question: &str) -> Vec<usize> {
    static SENTENCE_END: LazyLock<Regex> = LazyLock::new(|| re(r"[.?]\s+"));
    // A claim quoted from a draft or a review ("From my draft: "X reaches 0.99 on D." Is
    // that right?") begins inside its quotes.
    static QUOTED: LazyLock<Regex> = LazyLock::new(|| re(r#"(?:^|:\s*)["“]\s*"#));
    let starts = std::iter::once(0).chain(SENTENCE_END.find_iter(question).map(|m| m.end())).chain(QUOTED.find_iter(question).map(|m| m.end())).filter(|&e| e < question.len());
    let mut starts: Vec<usize> = starts.map(|s| s + REPORTED_BY.find(&question[s..]).map_or(0, |m| m.end())).collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The spans of the names a claim's grammar gives, by kind: models first, then the board.
/// Each sentence is read, the claim after who reports it ("Someone told me warbleon gets
/// above 80 on D. Is that correct?" names warbleon); the first that states one is taken.
pub fn spans(question: &str) -> Vec<(EntityKind, usize, usize)> {
    let mut out = Vec::new();
    for start in claim_starts(question) {
        let sentence = &question[start..];
        // "Ibbotrans (2023)": a paper's year after a name is no part of it.
        let named = |m: regex::Match| {
            static YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"\s*\((?:19|20)\d\d\)$"));
            (EntityKind::Method, start + m.start(), start + YEAR.find(m.as_str()).map_or(m.end(), |y| m.start() + y.start()))
        };
        if let Some(c) = SIDES.captures(sentence).filter(|c| c.get(1).is_some_and(|m| a_name(sentence, &m))) {
            out.extend([c.get(1), c.get(2)].into_iter().flatten().map(named));
        } else if let Some(m) = SUBJECT.captures(sentence).and_then(|c| c.get(1)).filter(|m| a_name(sentence, m) && !ends_in_rank(m.as_str())) {
            out.push(named(m));
        }
        if !out.is_empty() {
            break;
        }
    }
    // A claim about a number names its board too: "xlnet's error on yelp fine-grained is
    // below 20%".
    if !out.is_empty() || states_strongly(question) {
        if let Some(m) = BOARD.captures_iter(question).last().and_then(|c| c.get(1)) {
            out.push((EntityKind::Dataset, m.start(), m.end()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_said_in_the_negative_still_states_something() {
        for stated in ["GPT-2 is not the best on WikiText-103", "BiT-L has never been tested on ImageNet.", "X was never evaluated on D", "X does not hold the top score on D", "X doesn't beat Y on D", "X never topped D", "X isn't the top model on D", "X has not been evaluated on D", "LeViT-384 has no code released."] {
            assert!(states(stated, true), "{stated}");
        }
        for relative in ["robotic grasping papers that never released code?", "models which are not the best on D"] {
            assert!(!states(relative, true), "{relative}: a relative clause");
        }
        for asked in ["which models are not the best on D", "what is not evaluated"] {
            assert!(!states(asked, false), "{asked}: names nothing");
        }
    }

    fn named(question: &str) -> Vec<(EntityKind, &str)> {
        spans(question).into_iter().map(|(k, s, e)| (k, &question[s..e])).collect()
    }

    #[test]
    fn both_sides_of_a_comparison_are_named_asked_or_stated() {
        assert_eq!(named("cluster-former is better than DrQA on SearchQA"), [(EntityKind::Method, "cluster-former"), (EntityKind::Method, "DrQA"), (EntityKind::Dataset, "SearchQA")]);
        assert_eq!(named("Does GCN outperform GAT on Citeseer?")[..2], [(EntityKind::Method, "GCN"), (EntityKind::Method, "GAT")]);
        assert_eq!(
            named("BiLSTM (UN) does better than MultiCCA + CNN on MLDoc en-zh, true?"),
            [(EntityKind::Method, "BiLSTM (UN)"), (EntityKind::Method, "MultiCCA + CNN"), (EntityKind::Dataset, "MLDoc en-zh")]
        );
    }

    #[test]
    fn the_subject_of_a_stated_result_and_its_board_are_named() {
        assert_eq!(named("sparse transformer has the lowest bpc on enwik8, right?"), [(EntityKind::Method, "sparse transformer"), (EntityKind::Dataset, "enwik8")]);
        let q = "As of 2020, Marrowfen was on top of Sealbrook Turbine Logs, wasn't it?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("Sealbrook Turbine Logs"), "'on top of' is no part of the board's name");
        assert_eq!(named("Marrowfen took the lead on Kelpwatch-Norrland when its transfer paper came out."), [(EntityKind::Method, "Marrowfen"), (EntityKind::Dataset, "Kelpwatch-Norrland")]);
        assert_eq!(named("kestrelnet still leads benchmira, doesn't it?")[0], (EntityKind::Method, "kestrelnet"));
        assert_eq!(named("kestrelnet outperforms warbleon everywhere"), [(EntityKind::Method, "kestrelnet"), (EntityKind::Method, "warbleon")], "'everywhere' is no part of a name");
        assert_eq!(named("Someone told me warbleon gets above 80 accuracy on Hollenby Marsh Calls. Is that correct?")[0], (EntityKind::Method, "warbleon"));
        assert_eq!(named("Tavrosa does not outperform PimbraFormer on BenchMira, correct?")[..2], [(EntityKind::Method, "Tavrosa"), (EntityKind::Method, "PimbraFormer")]);
        assert_eq!(named("halverin no longer beats gannetron on the orrenby parallel corpus, right?")[..2], [(EntityKind::Method, "halverin"), (EntityKind::Method, "gannetron")]);
        assert_eq!(named("I'm fairly sure that kestrelnet beats tavrosa on benchmira.")[..2], [(EntityKind::Method, "kestrelnet"), (EntityKind::Method, "tavrosa")]);
        assert_eq!(named("A colleague insists warbleon gets above 80 accuracy on Hollenby Marsh Calls. Is that correct?")[0], (EntityKind::Method, "warbleon"), "who insists is no name");
        assert_eq!(named("I am sure kestrelnet beats tavrosa on benchmira.")[0], (EntityKind::Method, "kestrelnet"));
        assert_eq!(named("From my draft: \"Sparse Transformer reaches 0.99 bpc on enwik8.\" Is that right?")[0], (EntityKind::Method, "Sparse Transformer"), "a quoted claim begins inside its quotes");
        assert_eq!(named("In our draft: \"Ibbotrans (2023) improves on Murrelet-MT on D.\" Is that right?")[..2], [(EntityKind::Method, "Ibbotrans"), (EntityKind::Method, "Murrelet-MT")], "a paper's year is no part of a name");
        assert_eq!(named("A reviewer wrote that sallowmere never led the Skarnhold leaderboard. True?")[0], (EntityKind::Method, "sallowmere"));
        assert_eq!(named("Zephyrine-X has held the record on D since 2023, correct?")[0], (EntityKind::Method, "Zephyrine-X"));
        assert_eq!(named("frostlattice has never been the best on benchmira, correct?")[0], (EntityKind::Method, "frostlattice"));
        assert_eq!(named("Marrowfen falls short of selkora on Sealbrook Turbine Logs.")[..2], [(EntityKind::Method, "Marrowfen"), (EntityKind::Method, "selkora")]);
        assert!(named("Can you confirm that nobody beats Gannetron on Orrenby?").iter().all(|(_, n)| *n != "nobody"));
        for counted in ["Only two systems have reached 50 chrF on Mirelle Subtitles, right?", "3 models scored above 80 on BenchMira", "Every model on BenchMira beats 70"] {
            assert!(named(counted).iter().all(|(k, _)| *k != EntityKind::Method), "a count is no model: {counted}");
        }
        assert!(named("selkora's f1 on sealbrook turbine logs? I have 86.0 written down.").iter().all(|(_, n)| *n != "I"), "a pronoun is no model");
        assert_eq!(named("We checked our notes. My co-author wrote that varnholt held the best BLEU on Quenmark. Right?")[0], (EntityKind::Method, "varnholt"));
        assert_eq!(named("chirpform once had the lowest WER on dastrup-7 chorus")[0], (EntityKind::Method, "chirpform"));
        assert!(named("cartpole swingup 500k best score?").is_empty(), "a board's best score names no model");
        assert_eq!(named("SRU++ Large has 23.83 validation ppl on one billion word"), [(EntityKind::Method, "SRU++ Large"), (EntityKind::Dataset, "one billion word")]);
        assert_eq!(named("Mamba is the best model on long range arena"), [(EntityKind::Method, "Mamba"), (EntityKind::Dataset, "long range arena")]);
        assert_eq!(named("BiT-L gets 88.6% top-1 on ImageNet by top-1 accuracy"), [(EntityKind::Method, "BiT-L"), (EntityKind::Dataset, "ImageNet")]);
        assert_eq!(named("xlnet's error on yelp fine-grained is below 20%, right?"), [(EntityKind::Dataset, "yelp fine-grained")]);
    }

    #[test]
    fn a_leaderboard_question_names_its_board_after_on() {
        let q = "who has the best SPL on habitat 2020 pointnav test-std";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("habitat 2020 pointnav test-std"));
        assert_eq!(board("papers on graph neural networks"), None, "not a leaderboard question");
        let q = "habitat challenge 2020 pointnav test-std, which method has the highest success";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("habitat challenge 2020 pointnav test-std"));
        let q = "atari video pinball highest score";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("atari video pinball"));
        let q = "who leads the habitat 2020 objectnav test-std board?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("habitat 2020 objectnav test-std"));
        for (q, named) in [("cnn dailymail rouge best, when?", "cnn dailymail"), ("natural questions best results, which year were they set", "natural questions"), ("cnn dailymail rouge best?", "cnn dailymail")] {
            assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some(named), "what is asked of the board is no part of its name: {q}");
        }
        for (q, named) in [("ace05 who's on top", "ace05"), ("q*bert high score?", "q*bert"), ("wt103 what's the best ppl", "wt103")] {
            assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some(named), "the question after the board is no part of it: {q}");
        }
        for (q, named) in [("what does mfec score on ms pacman?", "ms pacman"), ("how does mfec do on ms pacman?", "ms pacman"), ("what did mfec get on ms pacman?", "ms pacman"), ("what does mfec       on ms pacman?", "ms pacman")] {
            assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some(named), "a model's result asked by its verb: {q}");
        }
        for q in ["whats xlnet's top score", "what's the best result of xlnet"] {
            assert_eq!(board(q), None, "a contracted question word names no board: {q}");
        }
        let q = "which metrics are reported for the habitat 2020 objectnav test-std challenge";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("habitat 2020 objectnav test-std challenge"));
        let q = "cartpole openai gym leaderboard - whos on top";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("cartpole openai gym"), "\"on top\" names no board");
        let q = "how does a2c + sil compare with curl on atari boxing";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("atari boxing"), "a comparison names its board too");
        assert_eq!(board("biosses pearson: ncbi bert base vs biosentvec pubmed?"), None, "but only after \"on\"");
        let q = "highest bleu on wmt 2016 czech->english";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("wmt 2016 czech->english"));
        let q = "exact match on squad 1.1 test - who is best";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("squad 1.1 test"), "a spaced dash ends the board");
        let q = "which does better on asterix: a3c ff 1 day hs or dqn noop?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("asterix"), "so does a colon");
        let q = "which orrenby systems never made it past 30 BLEU?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("orrenby"), "the board before the models asked for");
        assert_eq!(board("which other models score above 80?"), None, "\"other\" says which models");
        assert_eq!(board("which orrenby systems were published in 2019?"), None, "nothing is asked of a board");
        let q = "how is ace 2005 evaluated, which metrics";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("ace 2005"));
        let q = "metrics reported on the habitat 2020 pointnav test-std leaderboard";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("habitat 2020 pointnav test-std"));
        let q = "pitfall! sota";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("pitfall!"));
        let q = "what is the best on CIFAR-10 apart from EffNet-L2 (SAM)?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("CIFAR-10"), "what is set aside is not part of the board");
        let q = "how many more models on Atari 2600 Seaquest than on Atari 2600 Frostbite?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("Atari 2600 Frostbite"), "the last board, not both run together across \"than\"");
        let q = "who leads on CIFAR-10 without extra training data?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("CIFAR-10"), "every word that sets something aside ends the board");
        let q = "Which models on Atari 2600 Pong aren't the best?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("Atari 2600 Pong"), "nor is a negation after it");
        let q = "Which model had the best Accuracy on BenchOne as of 2017?";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("BenchOne"), "a time anchor is not part of the board");
        let q = "ptb char level: who has the lowest bpc";
        assert_eq!(board(q).map(|(s, e)| &q[s..e]), Some("ptb char level"));
    }

    #[test]
    fn a_request_for_datasets_names_its_task() {
        let task = |q: &'static str| listing_task(q).map(|(s, e)| &q[s..e]);
        assert_eq!(task("grasping datasets?"), Some("grasping"));
        assert_eq!(task("benchmarks used for robotic grasping"), Some("robotic grasping"));
        assert_eq!(task("which datasets are there for medical NER?"), Some("medical NER"));
        assert_eq!(task("which datasets was BERT evaluated on"), None);
        assert_eq!(task("best model for MT?"), Some("MT"), "the task a best is asked of");
        assert_eq!(task("top method for biomedical sentence embeddings"), Some("biomedical sentence embeddings"));
        assert_eq!(task("best model on SQuAD1.1?"), None, "a board, not a task");
    }

    #[test]
    fn the_name_a_paper_is_called_by_is_a_guessed_model() {
        assert_eq!(guesses("the OAG-BERT paper came out in 2021"), [(EntityKind::Method, "OAG-BERT")]);
        assert_eq!(guesses("Was the Gemma paper (open models) published in 2023?"), [(EntityKind::Method, "Gemma")]);
        assert!(guesses("and what's the DOI of the paper that introduced that model?").is_empty(), "a property of a paper, not its name");
    }

    #[test]
    fn questions_that_state_nothing_name_nothing() {
        assert!(named("which models are evaluated on ImageNet?").is_empty());
        assert!(named("papers on knowledge graph completion").is_empty());
        assert!(named("Which model has achieved the highest Accuracy score on the Story Cloze Test benchmark dataset?").is_empty());
    }
}
