//! What a question says about its answer's shape, taken out of the question: "just the
//! number", "yes or no:", "titles only, comma-separated", "DOIs only, one per line", "as a
//! bullet list", "TL;DR:", "briefly", "no commentary", a trailing "thanks!". People asking
//! from a script, a chat window or a slide say such things before, after or inside the ask,
//! and read as words they mislead every stage: "title" asks a paper's title, "list" and
//! "number" are words of other asks, "only" restricts. The ask is read without them, and
//! what they ask of the answer is kept ([`Form`]): the number alone as the answer's item,
//! the papers' DOIs. Text with none of this is returned as it is. Pure.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("answer-form pattern {pattern}: {e}"))
}

/// What the question asks of its answer's shape.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Form {
    /// "just the number", "digits only": a count (or a value) alone.
    pub number_only: bool,
    /// "DOIs only", "the DOI only": the papers' DOIs.
    pub dois: bool,
}

impl Form {
    fn note(&mut self, instruction: &str) {
        let lower = instruction.to_lowercase();
        if NUMBER_WORDS.is_match(&lower) {
            self.number_only = true;
        }
        if lower.contains("doi") {
            self.dois = true;
        }
    }
}

/// "as a numbered list", "in a table with model and score", "as JSON": a form asked with
/// "as" or "in", which may close a question with no mark before it. (The columns named are
/// ASCII letters: a Unicode word class repeated forty times costs some 20 MB of automaton.)
const AS_A_LIST: &str = r"(?:as|in)\s+(?:a\s+)?(?:numbered\s+|bullet(?:ed)?\s+|short\s+|plain\s+)?(?:list|table|bullet\s+points|json)(?:\s+with\s+[a-z0-9 ,&/+-]{1,40}?)?";

/// An instruction's words (without what joins it to the ask), `{AS_A_LIST}` to be filled.
const INSTRUCTION_WORDS: &str = concat!(
    r"(?:",
    // The number alone.
    r"(?:just|only)\s+(?:give\s+(?:me\s+)?)?(?:the\s+)?(?:number|count|digits?|figure)(?:\s+please)?|(?:number|count|digits?)\s+only(?:\s+please)?",
    // One field alone: "title only", "only the model name, nothing else", "repo link only".
    r"|(?:(?:just|only)\s+(?:give\s+(?:me\s+)?)?(?:the\s+)?(?:paper\s+|model\s+|dataset\s+|repo\s+|code\s+)?(?:titles?|names?|dois?|years?|links?|urls?|repos?|words?)(?:\s+please)?|(?:the\s+)?(?:paper\s+|model\s+|dataset\s+|repo\s+|code\s+)?(?:titles?|names?|dois?|years?|links?|urls?|repos?)\s+only(?:\s+please)?)(?:,?\s+nothing\s+else)?",
    r"|one\s+word(?:\s+answer)?|nothing\s+else",
    // A list, a table, the lines ("list of datasets" is an ask, not this).
    r"|(?:give\s+(?:me\s+)?)?(?:a\s+)?list(?:\s+please)?|{AS_A_LIST}",
    r"|(?:a\s+)?(?:numbered|bullet(?:ed)?)\s+list|bullet(?:ed)?\s+points|comma[\s-]+separated|one\s+per\s+line|json(?:\s+is\s+fine)?",
    // Length and tone.
    r"|tl;?\s*dr|briefly|in\s+brief|(?:in\s+)?one\s+line|(?:a\s+)?short\s+answer(?:\s+please)?|keep\s+it\s+short|quick(?:\s+question|ly)?|for\s+a\s+slide",
    r"|no\s+(?:explanation|commentary|comments?|details|prose|extra\s+text)(?:\s+(?:needed|please))?",
    // Courtesy and haste.
    r"|thanks(?:\s+a\s+lot)?|thank\s+you|thx|asap|please|pls",
    r")"
);

static INSTRUCTION: LazyLock<String> = LazyLock::new(|| INSTRUCTION_WORDS.replace("{AS_A_LIST}", AS_A_LIST));
/// "Yes or no:" opening a question. Closing one ("X evaluated on D? y/n") it is left: there
/// it is what makes a statement with a question mark a claim to check.
const YES_NO: &str = r"(?:answer\s+(?:with\s+)?)?(?:a\s+)?(?:yes\s+or\s+no|yes/no|y/n)(?:\s+(?:please|answer|only))?";

/// An instruction opening the question, before what joins it to the ask ("TL;DR:",
/// "yes or no:", "DOIs only, one per line:").
static LEADING: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)^\W*(?:{}|{YES_NO})\s*(?:[:,;]|\s[-–—])\s*", *INSTRUCTION)));
/// One closing it, after a mark or a comma ("... ? number only, thanks!").
static TRAILING: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"(?i)(?:(?:\s*[,;:.?!]|\s+[-–—]|\s*\()\s*{}\s*\)?|\s+{AS_A_LIST})[.!?]*\s*$", *INSTRUCTION)));
/// One set inside dashes or parentheses ("how many datasets — just the number — has X").
static INSIDE: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\s+(?:[-–—]\s*{0}\s*[-–—]|\(\s*{0}\s*\))\s+", *INSTRUCTION)));
/// "... in here? if yes which papers": the list, asked again after a yes/no.
static IF_SO: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\?\s*(?:and\s+)?if\s+(?:yes|so),?\s+(?:which|what|list)(?:\s+(?:ones|papers|of\s+them|them))?\s*\??\s*$"));
static NUMBER_WORDS: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:number|count|digits?|figure)\b"));
/// Words that can only be an instruction, so that a question without any is not searched.
static ANY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:only|just|yes|y/n|list|table|bullet|comma|per\s+line|json|tl;?\s*dr|briefly|brief|one\s+line|one\s+word|short|quick|slide|no\s+(?:explanation|commentary|comments?|details|prose|extra)|nothing\s+else|thanks|thank|thx|asap|please|pls)\b")
});

/// The question without the instructions on its answer's form, and what they ask.
pub fn read(question: &str) -> (Cow<'_, str>, Form) {
    let mut form = Form::default();
    if !ANY.is_match(question) {
        return (Cow::Borrowed(question), form);
    }
    let mut text = question.trim().to_owned();
    // A question that is nothing but an instruction keeps its words ("list please?").
    let keep = |rest: &str| rest.chars().filter(|c| c.is_alphanumeric()).count() >= 6;
    loop {
        let before = text.clone();
        if let Some(m) = LEADING.find(&text) {
            if keep(&text[m.end()..]) {
                form.note(m.as_str());
                text = text[m.end()..].to_owned();
            }
        }
        if let Some(m) = TRAILING.find(&text) {
            if keep(&text[..m.start()]) {
                form.note(m.as_str());
                // The question's own mark is kept: "... in the graph? number only".
                let mark = if m.as_str().contains('?') { "?" } else { "" };
                text = format!("{}{mark}", &text[..m.start()]);
            }
        }
        if let Some(m) = INSIDE.find(&text) {
            form.note(m.as_str());
            text = format!("{} {}", &text[..m.start()], &text[m.end()..]);
        }
        if let Some(m) = IF_SO.find(&text) {
            text = format!("{}?", &text[..m.start()]);
        }
        if text == before {
            break;
        }
    }
    if text == question.trim() {
        return (Cow::Borrowed(question), form);
    }
    (Cow::Owned(text), form)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_before_after_and_inside_the_ask_are_taken_out() {
        for (asked, read_as) in [
            ("how many papers on language modelling are in the graph? number only", "how many papers on language modelling are in the graph?"),
            ("list the malaria papers, comma-separated, titles only", "list the malaria papers"),
            ("only the title, nothing else: which paper here deals with sarcasm?", "which paper here deals with sarcasm?"),
            ("yes or no: anything on blockchain in here? if yes which papers", "anything on blockchain in here?"),
            ("DOIs only, one per line: the smart manufacturing papers", "the smart manufacturing papers"),
            ("TL;DR: what's in the graph on author name disambiguation?", "what's in the graph on author name disambiguation?"),
            ("how many datasets — just the number — has GPT-3 175B (Few-Shot) been evaluated on?", "how many datasets has GPT-3 175B (Few-Shot) been evaluated on?"),
            ("how many code repos are linked to SpanRel? number only, thanks!", "how many code repos are linked to SpanRel?"),
            ("which boards was SAC evaluated on? bullet list", "which boards was SAC evaluated on?"),
            ("papers on cross-lingual document classification as a numbered list", "papers on cross-lingual document classification"),
            ("just the title please: the Gemma paper", "the Gemma paper"),
            ("year only: when was OAG-BERT published?", "when was OAG-BERT published?"),
            ("does SRU++ have public code? y/n", "does SRU++ have public code? y/n"),
            ("yes or no: is there code for DQN-CTS?", "is there code for DQN-CTS?"),
            ("top 3 on SQuAD1.1 as a table with model and score", "top 3 on SQuAD1.1"),
            ("models used in the Deep Equilibrium Models paper — give me a list", "models used in the Deep Equilibrium Models paper"),
        ] {
            assert_eq!(read(asked).0, read_as, "{asked}");
        }
    }

    #[test]
    fn what_an_instruction_asks_of_the_answer_is_kept() {
        assert!(read("how many papers on atari games? digits only").1.number_only);
        assert!(read("number only: how many papers benchmark on Atari 2600 Private Eye?").1.number_only);
        assert!(read("DOIs only, one per line: the smart manufacturing papers").1.dois);
        assert_eq!(read("papers on malaria as a list").1, Form::default());
    }

    #[test]
    fn questions_whose_words_are_the_ask_are_left_as_they_are() {
        for q in [
            "which model has the best score on SQuAD1.1?",
            "is BERT the only model evaluated on CoQA?",
            "list the datasets of question answering",
            "what is the title of the XLNet paper?",
            "which models score above 90 on the short answer benchmark?",
            "does the paper have a table of results on MNIST?",
            "please",
        ] {
            assert_eq!(read(q).0, q, "{q}");
        }
    }
}
