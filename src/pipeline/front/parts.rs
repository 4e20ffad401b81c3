//! Two questions asked in one sentence: "what does LUKE score on SQuAD1.1 and when was it
//! published?", "best model on cifar-10 and its code", "which datasets was X evaluated on,
//! and what did it score on each?". Every stage after this one reads one ask, so a
//! sentence holding two was answered by half: the second ask swallowed into a dataset's
//! name ("imagenet and which paper reports it"), or the first ask dropped for the second.
//! [`split`] cuts such a sentence where a second ask opens after "and", a comma, a
//! semicolon or a question mark; [`resolved`] writes the second ask's "it" and "its" as
//! the subject the first ask's answer gives (the pipeline picks it: the model a "best"
//! names, else the model, paper or dataset the first ask names).
//!
//! Only what opens as a second ask is cut: a wh-word with what it asks for ("when was",
//! "which paper", "who wrote", "how many"), "is there", "is it", "does it", or "its
//! code" / "the DOI" standing alone. "Datasets and metrics of X" or "both A and B beat C"
//! open nothing and stay whole. "They" and "their" are not resolved: after a list, the
//! first answer holds what they ask. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

/// A sentence read as two asks, each to be answered as if asked alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    /// The first ask, with its question mark.
    pub first: String,
    /// The second ask as written (its "it" not yet resolved).
    pub second: String,
}

fn re(pattern: &str) -> Regex {
    // The patterns are constants of this module; a typo is caught by the tests.
    Regex::new(pattern).unwrap_or_else(|e| panic!("bad parts pattern {pattern}: {e}"))
}

/// What opens a second ask. Each opener names what it asks for, so "and what" or "and
/// which" alone ("models and which of them ...") is not one.
const OPENER: &str = r"(?:when\s+(?:was|were|did|is|are)|(?:what|which)\s+year|who\s+(?:wrote|made|proposed|introduced|authored|published|created|developed|released|holds?|set|are|were|is|was)|(?:which|what)\s+(?:papers?|articles?|publications?|tasks?|datasets?|benchmarks?|problems?|metrics?|code|doi|score|scores|result|results|value)|what\s+(?:is|are|was|were)\s+(?:its|the\s+(?:score|paper|doi|code|authors?|year|value|result|task|dataset))|what\s+(?:did|does|do)\s+it|what(?:'s|\s+is|\s+was)\s+the\s+(?:recorded\s+|current\s+)?(?:best|top|sota|record|leader|highest|lowest)|where\s+(?:is|are|can|has|was|else)|how\s+(?:many|much|well|good)|is\s+there|are\s+there|(?:is|was|does|did|has)\s+(?:it|its)|its\s+(?:code|paper|doi|authors?|year|scores?|results?|tasks?|datasets?|repo|repository|github))\b";

/// "and" (or "but", "also") between two asks; or a comma, semicolon or question mark, when
/// the first ask opens as a question.
static JOINT: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)(?:\s*[,;?]\s*|\s+)(?:and|but)\s+(?:also\s+|then\s+)?(?P<second>{OPENER})|(?P<mark>\s*[,;?]\s*)(?:also,?\s+|then\s+)?(?P<marked>{OPENER})")));

/// "its code" or "the DOI" as the whole second ask: "bert results and its code".
/// "cgu code and task": a noun alone, asked of the same name.
static BARE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:\s*,\s*|\s+)(?:and|but)\s+(?:also\s+)?(?P<second>(?:(?:its|the|any|some)\s+)?(?:code|doi|authors?|github|repo|repository|paper|tasks?|datasets?)|(?:the\s+|which\s+is\s+the\s+)?(?:best|top)(?:\s+one|\s+model)?)\s*[?.!]*$"));

/// A first ask that opens as a question or a request.
static OPENS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:what|which|who|whom|whose|when|where|how|is|are|was|were|does|do|did|has|have|can|could|list|name|give|show|find|tell)\b"));

/// "There" closing the second ask: the first ask's board.
static THERE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s+there\s*(?P<end>\?)$"));

/// A sentence ended inside the first part.
static SENTENCE_END: LazyLock<Regex> = LazyLock::new(|| re(r#"\w{2,}[.!?]["'”’)]*\s+\S"#));

/// The second ask's references to the first ask's subject, singular only.
static IT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:it|that model|this model|the model|that one|that paper|this paper|the paper|that method|this method)\b"));
static ITS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bits\b"));
/// "They", "their", "them", "those", "the one": a list's members, which the first answer
/// holds.
static THEY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:they|their|them|those|these|each of them|the one|the ones|which one|the latter|the former)\b"));
/// "on each", "on them": the first ask's boards, which the second answer lists anyway.
static WHERE_BACK: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s+(?:on|for|in)\s+(?:each(?:\s+one)?|every\s+one|them|those)\b"));

/// The two asks of `q`, or `None` when it asks one thing (or its first part is too short
/// to be asked alone).
pub fn split(q: &str) -> Option<Parts> {
    let q = q.trim();
    if let Some(lists) = listed(q) {
        return Some(lists);
    }
    let (cut, second_at) = if let Some(c) = JOINT.captures(q) {
        let joint = c.get(0)?;
        match (c.name("second"), c.name("marked")) {
            (Some(second), _) => (joint.start(), second.start()),
            // A comma or a question mark alone joins two asks only after a question: "for
            // BERT, which datasets ..." is one.
            (None, Some(marked)) if OPENS.is_match(q) => (joint.start(), marked.start()),
            _ => return None,
        }
    } else {
        let c = BARE.captures(q)?;
        (c.get(0)?.start(), c.name("second")?.start())
    };
    let first = q[..cut].trim_end_matches([',', ';', ' ']);
    // "X is the newest number on D. Where does it place, and who is ahead?": a statement
    // before the ask is read with it, whole.
    if SENTENCE_END.is_match(first) {
        return None;
    }
    // "... what did it score on each? I'm cataloguing baselines.": the ask ends at its mark.
    let second = q[second_at..].split_inclusive('?').next().unwrap_or_default().trim();
    // A noun alone is asked of the first ask's name: "task" is "its task".
    static NOUN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:code|doi|authors?|github|repo|repository|paper|tasks?|datasets?)\W*$"));
    // "triviaqa models and the best one": the best of the first ask's board.
    static BEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:the\s+|which\s+is\s+the\s+)?(?:best|top)(?:\s+one|\s+model)?\W*$"));
    let second = if NOUN.is_match(second) {
        format!("its {second}")
    } else if BEST.is_match(second) {
        "which model is the best there?".to_owned()
    } else {
        second.to_owned()
    };
    let second = second.as_str();
    // "they", "their": the first answer's list holds what the second asks of its members.
    // A third ask after the second ("..., what does it score on each, and what data was it
    // trained on?") is read whole.
    static THIRD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:,\s*|\s+)and\s+(?:what|which|who|when|where|how|is|are|was|were|does|did|has)\b"));
    if THEY.is_match(second) || THIRD.is_match(second) || BARE.is_match(second) {
        return None;
    }
    // A first ask of one word ("code and ...", "bert and its paper") names nothing to ask.
    if first.split_whitespace().count() < 2 || second.split_whitespace().count() < 2 {
        return None;
    }
    let first = if first.ends_with('?') { first.to_owned() } else { format!("{first}?") };
    let second = second.trim_end_matches(['?', '.', '!', ' ']);
    Some(Parts { first, second: format!("{second}?") })
}

/// Whether the second ask asks again what a board's best already says: its score, or when
/// the result was set ("best on D and when was it set?", "..., and what was its score?").
pub fn restates_a_best(second: &str) -> bool {
    static AGAIN: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:score|scores|value|result|number|figure)\b|\bwhen\s+(?:was|were|did)\s+(?:it|that|this)\s+(?:set|achieved|reached|obtained|reported|posted|recorded)\b")
    });
    AGAIN.is_match(second)
}

/// Whether the second ask asks what a paper lookup already gives: its year, DOI, authors,
/// problem or datasets ("qa-gnn paper: what problem and which datasets").
pub fn asks_paper_facts(second: &str) -> bool {
    static FACTS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:when|year|doi|wrote|written|authors?|published|appeared?|problems?|tasks?|datasets?|venue|field)\b"));
    FACTS.is_match(second)
}

/// "Robotic grasping papers and which datasets they use", "T papers and datasets": two
/// lists of one topic, its papers and its datasets.
fn listed(q: &str) -> Option<Parts> {
    static PAIR: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^(?:any\s+|list\s+|show\s+me\s+)?(?P<topic>[^?,;]{3,60}?)\s+(?:papers|articles|publications|works)\s+and\s+(?:(?:which|what)\s+|their\s+)?(?:datasets|benchmarks|data\s*sets|corpora)(?:\s+(?:they|these|those)\s+(?:use|used|report\s+on|evaluate\s+on|are\s+evaluated\s+on|were\s+evaluated\s+on))?\s*[?.!]*$")
    });
    // "sentiment analysis datasets and papers": the same two lists, datasets first.
    static DATASETS_FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^(?:any\s+|list\s+|show\s+me\s+)?(?P<topic>[^?,;]{3,60}?)\s+(?:datasets|benchmarks|data\s*sets|corpora)\s+and\s+(?:(?:which|what)\s+|the\s+|their\s+)?(?:papers|articles|publications|works)(?:\s+(?:that\s+)?(?:use|used|using|report\s+on|evaluate\s+on)\s+(?:them|these|those|each))?\s*[?.!]*$")
    });
    if let Some(c) = DATASETS_FIRST.captures(q) {
        let topic = c.name("topic")?.as_str().trim().to_owned();
        return Some(Parts { first: format!("datasets for {topic}?"), second: format!("{topic} papers?") });
    }
    let topic = PAIR.captures(q)?.name("topic")?.as_str().trim().to_owned();
    Some(Parts { first: format!("{topic} papers?"), second: format!("datasets for {topic}?") })
}

/// Whether the second ask refers to the first's subject ("it", "its", "that model") or to
/// its board ("what's the best there?").
pub fn refers_back(second: &str) -> bool {
    IT.is_match(second) || ITS.is_match(second) || THERE.is_match(second)
}

/// The second ask with its references written as `subject`: "when was it published?" →
/// "when was LUKE published?", "and its code" → "LUKE's code", "what did it score on each?"
/// → "what did LUKE score?"; a closing "there" as "on `board`" (dropped with no board). A
/// bare "its code" becomes a request for the code, "its task" one for its research
/// problems.
pub fn resolved(second: &str, subject: &str, board: Option<&str>) -> String {
    let place = board.map(|b| format!(" on {b}$end")).unwrap_or_else(|| "$end".into());
    let placed = THERE.replace(second, place.as_str());
    let without = WHERE_BACK.replace_all(&placed, "");
    let owned = format!("{subject}'s");
    let named = ITS.replace_all(&without, owned.as_str());
    let named = IT.replace_all(&named, subject);
    // "is there code for the "Gemma: ..." paper?" asks for code, not for the paper its quoted
    // title names: said as the request it is.
    static CODE_ASKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:is|are)\s+there\s+(?:any\s+|some\s+)?(?:source\s+)?code\s+(?:for|of)\s+"));
    let named = CODE_ASKED.replace(&named, "code for ");
    // "LUKE's code?" asks for the code: said as a request, the classifier reads it so.
    static NOUN_ONLY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:the|any|some)?\s*(?P<rest>.+?'s\s+(?:code|doi|authors?|github|repo|repository|paper|year|scores?|results?|tasks?|datasets?))\?$"));
    static TASK: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?P<name>.+?)'s\s+(?:tasks?|research\s+problems?)$"));
    static DATASETS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?P<name>.+?)'s\s+datasets?$"));
    match NOUN_ONLY.captures(&named) {
        Some(c) => {
            let rest = c["rest"].trim();
            if let Some(t) = TASK.captures(rest) {
                format!("which tasks is {} used for?", &t["name"])
            } else if let Some(d) = DATASETS.captures(rest) {
                format!("which datasets was {} evaluated on?", &d["name"])
            } else {
                format!("what is {rest}?")
            }
        }
        None => named.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(q: &str) -> Option<(String, String)> {
        split(q).map(|p| (p.first, p.second))
    }

    #[test]
    fn a_score_and_a_date_asked_in_one_sentence_are_two_asks() {
        assert_eq!(parts("what does LUKE score on SQuAD1.1 and when was it published"), Some(("what does LUKE score on SQuAD1.1?".into(), "when was it published?".into())));
        assert_eq!(parts("What is the best model on ImageNet, and which paper reports it?"), Some(("What is the best model on ImageNet?".into(), "which paper reports it?".into())));
    }

    #[test]
    fn keywords_with_its_code_after_them_are_two_asks() {
        assert_eq!(parts("best model on cifar-10 and its code"), Some(("best model on cifar-10?".into(), "its code?".into())));
        assert_eq!(parts("is there code for LUKE, and what task is it for?").map(|p| p.1), Some("what task is it for?".into()));
    }

    #[test]
    fn a_statement_before_the_asks_keeps_the_sentence_whole_and_the_second_ask_ends_at_its_mark() {
        assert_eq!(parts("Corrasine's 8.9% WER is the newest number. Where does it place, and who is ahead of it?"), None);
        assert_eq!(parts("which datasets has X been evaluated on, and what did it score on each? I'm cataloguing baselines.").map(|p| p.1), Some("what did it score on each?".into()));
        assert!(restates_a_best("when was it set?") && restates_a_best("what was its score?") && !restates_a_best("when was it published?"));
        assert!(asks_paper_facts("which datasets?") && !asks_paper_facts("is there code for it?"));
    }

    #[test]
    fn a_topics_papers_and_its_datasets_are_two_lists_and_a_noun_alone_is_asked_of_the_name() {
        assert_eq!(parts("robotic grasping papers and which datasets they use"), Some(("robotic grasping papers?".into(), "datasets for robotic grasping?".into())));
        assert_eq!(parts("audio classification papers and datasets").map(|p| p.1), Some("datasets for audio classification?".into()));
        assert_eq!(parts("sentiment analysis datasets and papers"), Some(("datasets for sentiment analysis?".into(), "sentiment analysis papers?".into())));
        assert_eq!(parts("cgu code and task"), Some(("cgu code?".into(), "its task?".into())));
        assert_eq!(parts("triviaqa models and the best one"), Some(("triviaqa models?".into(), "which model is the best there?".into())));
        assert_eq!(parts("does awd-lstm-mos beat transformer-xl on penn treebank, and what's the recorded best there?").map(|p| p.1), Some("what's the recorded best there?".into()));
    }

    #[test]
    fn a_comma_joins_two_asks_only_after_a_question() {
        assert_eq!(parts("which datasets was LUKE evaluated on, what did it score on each?").map(|p| p.1), Some("what did it score on each?".into()));
        assert_eq!(parts("For BERT, which datasets was it evaluated on?"), None);
    }

    #[test]
    fn names_joined_by_and_and_lists_asked_of_are_one_ask() {
        assert_eq!(parts("Both ALBERT and LUKE outperform BERT on SQuAD"), None);
        assert_eq!(parts("which datasets and metrics does LUKE use?"), None);
        assert_eq!(parts("which models were evaluated on ImageNet and what are their scores?"), None);
        assert_eq!(parts("code and which paper"), None);
        assert_eq!(parts("Which datasets get used for T, and who is best on the one most papers report results for?"), None);
        assert_eq!(parts("Which datasets has W been run on, what does it score on each, and what data was it trained on?"), None);
    }

    #[test]
    fn the_second_ask_names_the_subject_in_place_of_it() {
        assert_eq!(resolved("when was it published?", "LUKE", None), "when was LUKE published?");
        assert_eq!(resolved("what did it score on each?", "LUKE", None), "what did LUKE score?");
        assert_eq!(resolved("its code?", "BiT-L (ResNet)", None), "what is BiT-L (ResNet)'s code?");
        assert_eq!(resolved("is it open source?", "LUKE", None), "is LUKE open source?");
        assert_eq!(resolved("is there code for it?", "LUKE", None), "code for LUKE?");
        assert_eq!(resolved("is there code for it?", "the \"Gemma\" paper", None), "code for the \"Gemma\" paper?");
        assert_eq!(resolved("what did it score there?", "LUKE", None), "what did LUKE score?");
        assert_eq!(resolved("what's the recorded best there?", "AWD-LSTM-MoS", Some("Penn Treebank")), "what's the recorded best on Penn Treebank?");
        assert_eq!(resolved("its task?", "CGU", None), "which tasks is CGU used for?");
        assert!(refers_back("which paper reports it?") && refers_back("its code?") && !refers_back("who wrote the gemma paper?"));
    }
}
