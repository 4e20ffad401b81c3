//! Claims made of several claims: "both A and B outperform C", "neither A nor B is newer
//! than C", "either A or B is the best on D", "A beats B on D but not C on E", "X leads D1,
//! unlike D2, where Y is still on top", "X had the best WER on D in 2022, and it still
//! does", "the X paper puts A at V and B at W", "X at V tops D", "X at V on D: that was
//! the record up to 2019". Each part is judged on its own, as the claim it would be if said
//! alone, with the entities it names, and the verdicts are joined: a conjunction is
//! refuted by one false part and open while one part is open; a disjunction holds by one
//! true part. "... in 2022, and it still does" is judged as the claim made of now, its
//! point.
//!
//! A reader who checks one part answers a compound claim wrongly half the time (the part
//! checked is the true one), so the split comes before every other reading of the claim.
//! Only what the wording marks as a compound is split: "both" and "neither ... nor" before
//! names that a verb follows, "but not", "unlike ..., where", "and it still does". Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{mention_in, Normalized, NormalizedEntity};
use crate::pipeline::trust::Fact;
use super::verdict::{turned, Known, Label, Verdict};

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("compound pattern {pattern}: {e}"))
}

/// The verbs a coordinated subject runs up to: "both A and B *outperform* C".
const VERB: &str = r"(?:is|are|was|were|has|have|had|does|do|did|report|reports|reported|give|gives|gave|state|states|stated|put|puts|outperform|outperforms|outperformed|beat|beats|surpass|surpasses|surpassed|exceed|exceeds|score|scores|scored|achieve|achieves|achieved|get|gets|got|reach|reaches|hold|holds|held|lead|leads|led|top|tops|come|comes|came|predate|predates|trail|trails|rank|ranks)";

/// "both [of] A and B VERB ...".
static BOTH: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\bboth\s+(?:of\s+)?(.+?)\s+and\s+(.+?),?\s+({VERB}\b.*)$")));
/// "A and B [were] both VERB ...": the same, "both" said after the names.
static BOTH_AFTER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(.+?)\s+and\s+(.+?)\s+((?:are|were|have|had|did|do)(?:\s+been)?\s+)?both\s+(.+)$"));
/// "A, B and C [were] all VERB ...": a list of subjects, each of which must hold.
static ALL_AFTER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(.+?,.+?)\s+((?:are|were|have|had|did|do)(?:\s+been)?\s+)?all\s+(.+)$"));
/// "neither A nor B VERB ...".
static NEITHER: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\bneither\s+(?:of\s+)?(.+?),?\s+nor\s+(.+?),?\s+({VERB}\b.*)$")));
/// "either A or B VERB ...".
static EITHER: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\beither\s+(.+?)\s+or\s+(.+?),?\s+({VERB}\b.*)$")));
/// "The X paper puts A at V and B at W": two values credited in one breath.
static TWO_VALUES: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(.*?\b(?:puts?|places?|gives?|reports?|states?|records?|has|have)\s+)(.+?\bat\s+\d{1,3}(?:[.,]\d{1,2})?%?[^?]*?)\s+and\s+(.+?\bat\s+\d{1,3}(?:[.,]\d{1,2})?%?)(.*)$")
});
/// "X has had its 86.0 reproduced, but still sits below Y's 88.5": a second claim about the
/// same subject.
static BUT_STILL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(.*?),?\s+but\s+(?:it\s+|they\s+)?(?:still\s+)?((?:sits|ranks|stays|remains|trails|lags|falls|comes|is|scores)\s+(?:below|behind|under|short of|second|lower than|worse than)\b.*)$")
});
/// "X at 31.9 BLEU points tops D": a value credited and a place claimed in one breath.
static AT_VALUE_LEADS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(.*?),?\s+(?:at|with)\s+(\d{1,3}(?:\.\d{1,2})?\s*%?(?:\s+[\w-]+){0,2}?),?\s+(tops|leads|heads|is\s+(?:the\s+)?(?:best|top|leader)\s+on|ranks\s+(?:first|1st)\s+on|is\s+on\s+top\s+of)\s+(.+)$")
});
/// "X at 0.273 BLEU on D: that was the record up to 2019, yes?": the same two, the place
/// said after the value.
static AT_VALUE_RECORD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(.*?),?\s+(?:at|with)\s+(\d{1,3}(?:\.\d{1,3})?\s*%?(?:\s+[\w-]+){0,2}?)\s+on\s+([^:;]+?)\s*[:;,-]+\s*(?:that|this|it)\s+(?:was|is)\s+(?:the\s+)?(?:record|best|top|state of the art|sota)\b(.*)$")
});
/// "... but not than C on E", "... but not on E".
static BUT_NOT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(.*?),?\s+but\s+not\s+((than|on|in|at|by)\s+.+)$"));
/// "S1, unlike [on] D2, where S2".
static UNLIKE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(.*?),?\s+unlike\s+(?:on\s+|in\s+|at\s+)?(.+?),\s*where\s+(.+)$"));
/// "S1 in 2022, and it still does".
static STILL: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(.*?),?\s+and\s+(?:it|they|he|she)\s+still\s+(?:does|do|is|are|has|have|holds?|leads?)\b(.*)$"));
/// A year that scopes one part: "in 2022", "as of 2022", "back in 2022".
static YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"(?i),?\s*\b(?:back\s+)?(?:in|as of|by|during)\s+(?:19|20)\d\d\b"));
/// Where a part's sentence ends and the asking begins: "... on top. Does that hold?".
static SENTENCE_END: LazyLock<Regex> = LazyLock::new(|| re(r"[.?!;]|\s+-\s+|,\s*(?:right|correct|true|yes|no)\b"));

/// How the parts' verdicts are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Join {
    /// Every part must hold: "both", "but not", "unlike", "and still".
    All,
    /// One part must hold: "either ... or".
    Any,
}

/// One part of a compound claim: its words, and whether the compound denies it
/// ("neither", "but not").
#[derive(Debug, Clone)]
struct Part {
    text: String,
    denied: bool,
}

/// The claim's parts and how they join, when the wording marks a compound.
fn split(question: &str, entities: &Normalized) -> Option<(Join, Vec<Part>)> {
    let part = |text: String, denied: bool| Part { text: tidy(&text), denied };
    // "Both of the newer models on D, A and B, outperform C": an appositive's last name.
    let named = |s: &str| -> String { s.rsplit(',').map(str::trim).find(|t| !t.is_empty()).unwrap_or(s).trim().to_owned() };
    for (pattern, join, denied) in [(&*BOTH, Join::All, false), (&*NEITHER, Join::All, true), (&*EITHER, Join::Any, false)] {
        if let Some(c) = pattern.captures(question) {
            let whole = c.get(0)?;
            let (a, b, rest) = (named(&c[1]), named(&c[2]), &c[3]);
            if !names_a_subject(&a, entities) || !names_a_subject(&b, entities) {
                continue;
            }
            let before = &question[..whole.start()];
            return Some((join, vec![part(format!("{before}{a} {rest}"), denied), part(format!("{before}{b} {rest}"), denied)]));
        }
    }
    if let Some(c) = BOTH_AFTER.captures(question) {
        let (a, b, aux, rest) = (named(&c[1]), named(&c[2]), c.get(3).map_or("", |m| m.as_str()), &c[4]);
        if names_a_subject(&a, entities) && names_a_subject(&b, entities) {
            return Some((Join::All, vec![part(format!("{a} {aux}{rest}"), false), part(format!("{b} {aux}{rest}"), false)]));
        }
    }
    if let Some(c) = ALL_AFTER.captures(question) {
        let (list, aux, rest) = (&c[1], c.get(2).map_or("", |m| m.as_str()), &c[3]);
        static LIST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s*,\s*(?:and\s+)?|\s+and\s+"));
        let names: Vec<String> = LIST.split(list).map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned).collect();
        if names.len() >= 2 && names.iter().all(|n| names_a_subject(n, entities)) {
            return Some((Join::All, names.iter().map(|n| part(format!("{n} {aux}{rest}"), false)).collect()));
        }
    }
    if let Some(c) = TWO_VALUES.captures(question) {
        let (head, first, second, tail) = (&c[1], &c[2], &c[3], &c[4]);
        // "... and Plumaro itself at 93.8": the second subject as named.
        let second = second.replace(" itself ", " ");
        return Some((Join::All, vec![part(format!("{head}{first}{tail}"), false), part(format!("{head}{second}{tail}"), false)]));
    }
    if let Some(c) = AT_VALUE_LEADS.captures(question).filter(|c| names_a_subject(&c[1], entities)) {
        let (subject, value, verb, rest) = (&c[1], &c[2], &c[3], &c[4]);
        return Some((Join::All, vec![part(format!("{subject} at {value} on {rest}"), false), part(format!("{subject} {verb} {rest}"), false)]));
    }
    if let Some(c) = AT_VALUE_RECORD.captures(question).filter(|c| names_a_subject(&c[1], entities)) {
        let (subject, value, board, rest) = (&c[1], &c[2], &c[3], &c[4]);
        return Some((Join::All, vec![part(format!("{subject} at {value} on {board}"), false), part(format!("{subject} was the best on {board}{rest}"), false)]));
    }
    if let Some(c) = BUT_NOT.captures(question) {
        let (first, second, joint) = (&c[1], &c[2], c[3].to_lowercase());
        // The second part is the first with its tail from the same word on replaced.
        let at = first.to_lowercase().rfind(&format!(" {joint} "))?;
        return Some((Join::All, vec![part(first.to_owned(), false), part(format!("{} {second}", &first[..at]), true)]));
    }
    if let Some(c) = BUT_STILL.captures(question) {
        let (first, second) = (&c[1], &c[2]);
        // The second clause's subject is the first's first model.
        let lower = first.to_lowercase();
        let subject = entities.methods.iter().filter_map(|m| mentions(&lower, m).map(|at| (at, m))).min_by_key(|(at, _)| *at).map(|(_, m)| m.text.clone())?;
        // "sits below Y's 88.5" is read as the comparison "is behind Y".
        static BELOW: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:sits|ranks|stays|remains|comes|is)\s+(?:below|under|behind)\b"));
        let second = BELOW.replace(second, "is behind");
        return Some((Join::All, vec![part(first.to_owned(), false), part(format!("{subject} {second}"), false)]));
    }
    if let Some(c) = UNLIKE.captures(question) {
        let (first, place, second) = (&c[1], c[2].trim(), &c[3]);
        let end = SENTENCE_END.find(second).map_or(second.len(), |m| m.start());
        return Some((Join::All, vec![part(first.to_owned(), false), part(format!("{} on {place}{}", &second[..end], &second[end..]), false)]));
    }
    if let Some(c) = STILL.captures(question) {
        let (then, asking) = (&c[1], &c[2]);
        if YEAR.is_match(then) {
            // "Still" is the claim's point, and the facts are the board as it stands now, on
            // which the year's part cannot be judged (the question carries no anchor: see
            // `front::anchor`): the claim made of now decides.
            let now = present(&YEAR.replace_all(then, ""));
            return Some((Join::All, vec![part(format!("{now}{asking}"), false)]));
        }
    }
    None
}

/// "X had the lowest WER": "X has the lowest WER", the same claim made of now.
fn present(text: &str) -> String {
    static PAST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(had|was|were|held|led|topped)\b"));
    PAST.replace_all(text, |c: &regex::Captures| {
        match c[1].to_lowercase().as_str() {
            "had" => "has",
            "was" => "is",
            "were" => "are",
            "held" => "holds",
            "led" => "leads",
            _ => "tops",
        }
        .to_owned()
    })
    .into_owned()
}

fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").trim_matches(|c: char| c == ',' || c.is_whitespace()).to_owned()
}

/// Whether a coordinated name is something a claim can be about: a model the question
/// names, or a paper ("the Trillbert paper", a quoted title).
fn names_a_subject(text: &str, entities: &Normalized) -> bool {
    let lower = text.to_lowercase();
    lower.contains("paper") || text.contains('\'') || text.contains('"') || text.contains('“') || entities.methods.iter().any(|m| mentions(&lower, m).is_some())
}

/// Where `text` (lowercased) mentions the entity, by any of its names.
fn mentions(lower: &str, e: &NormalizedEntity) -> Option<usize> {
    std::iter::once(&e.text).chain(std::iter::once(&e.canonical)).chain(&e.aliases).filter(|n| !n.is_empty()).filter_map(|n| mention_in(lower, n).map(|at| at.start)).min()
}

/// The question's entities as one part names them: its models in the order it names them;
/// its datasets and metrics when it names any, else the question's (a part says "there").
fn scoped(text: &str, entities: &Normalized) -> Normalized {
    let lower = text.to_lowercase();
    let named = |list: &[NormalizedEntity], keep_all: bool| -> Vec<NormalizedEntity> {
        let mut found: Vec<(usize, &NormalizedEntity)> = list.iter().filter_map(|e| mentions(&lower, e).map(|at| (at, e))).collect();
        if found.is_empty() && keep_all {
            return list.to_vec();
        }
        found.sort_by_key(|(at, _)| *at);
        found.into_iter().map(|(_, e)| e.clone()).collect()
    };
    Normalized {
        methods: named(&entities.methods, false),
        datasets: named(&entities.datasets, true),
        metrics: named(&entities.metrics, true),
        ..entities.clone()
    }
}

/// How a part is judged: `verdict::judge`, passed in so that parts are read as whole claims.
type Judge = dyn Fn(&str, &Normalized, &[Fact], &Known, &dyn Fn(&str) -> Direction) -> Verdict;

/// The verdict on a compound claim, each part judged by `judge`; `None` when the claim is
/// not a compound.
pub fn judge(
    question: &str,
    entities: &Normalized,
    facts: &[Fact],
    known: &Known,
    direction: &dyn Fn(&str) -> Direction,
    judge: &Judge,
) -> Option<Verdict> {
    let (join, parts) = split(question, entities)?;
    // Every part is shorter than the claim, so judging parts ends.
    if parts.iter().any(|p| p.text.len() >= question.len() || p.text.split_whitespace().count() < 3) {
        return None;
    }
    let verdicts: Vec<Verdict> = parts
        .iter()
        .map(|p| {
            let v = judge(&p.text, &scoped(&p.text, entities), facts, known, direction);
            if p.denied { turned(v) } else { v }
        })
        .collect();
    Some(joined(join, verdicts))
}

/// The parts' verdicts joined: the deciding part's label and relation, every part's
/// reason and facts.
fn joined(join: Join, verdicts: Vec<Verdict>) -> Verdict {
    let decides = |label: Label| verdicts.iter().position(|v| v.verdict == label);
    let (label, at) = match join {
        Join::All => decides(Label::Refuted).map(|i| (Label::Refuted, i)).or_else(|| decides(Label::Uncertain).map(|i| (Label::Uncertain, i))).unwrap_or((Label::Supported, 0)),
        Join::Any => decides(Label::Supported).map(|i| (Label::Supported, i)).or_else(|| decides(Label::Uncertain).map(|i| (Label::Uncertain, i))).unwrap_or((Label::Refuted, 0)),
    };
    let relation = verdicts[at].relation.clone();
    let ordinal = |i: usize| ["first", "second", "third", "fourth"].get(i).copied().unwrap_or("next");
    let reason = if verdicts.len() > 1 && label != Label::Supported {
        format!("the {} part does not hold as stated: {}", ordinal(at), verdicts[at].reason)
    } else {
        verdicts.iter().map(|v| v.reason.as_str()).collect::<Vec<_>>().join("; and ")
    };
    let reason = if label == Label::Supported && join == Join::Any && verdicts.len() > 1 { verdicts[at].reason.clone() } else { reason };
    let mut supporting = Vec::new();
    let mut contradicting = Vec::new();
    for v in verdicts {
        for f in v.supporting {
            if !supporting.contains(&f) {
                supporting.push(f);
            }
        }
        for f in v.contradicting {
            if !contradicting.contains(&f) {
                contradicting.push(f);
            }
        }
    }
    Verdict { verdict: label, relation, reason, supporting, contradicting }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;

    fn model(name: &str) -> NormalizedEntity {
        NormalizedEntity { kind: EntityKind::Method, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![format!("iri:{name}")], direction: None, link: None }
    }

    fn with_models(names: &[&str]) -> Normalized {
        Normalized { methods: names.iter().map(|n| model(n)).collect(), datasets: vec![], tasks: vec![], fields: vec![], metrics: vec![] }
    }

    fn texts(question: &str, names: &[&str]) -> Option<(Join, Vec<(String, bool)>)> {
        split(question, &with_models(names)).map(|(j, parts)| (j, parts.into_iter().map(|p| (p.text, p.denied)).collect()))
    }

    #[test]
    fn a_claim_about_both_of_two_models_is_two_claims_that_must_both_hold() {
        let (join, parts) = texts("Both of the newer models on BenchMira, Wendrel-S and Quillon-XL, outperform PimbraFormer there - is that right?", &["Wendrel-S", "Quillon-XL", "PimbraFormer"]).unwrap();
        assert_eq!(join, Join::All);
        assert_eq!(parts[0].0, "Wendrel-S outperform PimbraFormer there - is that right?");
        assert_eq!(parts[1].0, "Quillon-XL outperform PimbraFormer there - is that right?");
    }

    #[test]
    fn all_said_after_a_list_of_names_is_one_claim_for_each() {
        let (join, parts) = texts("dqn hs, duel hs and prior+duel hs were all evaluated on atari freeway, yes?", &["dqn hs", "duel hs", "prior+duel hs"]).unwrap();
        assert_eq!(join, Join::All);
        assert_eq!(parts.len(), 3, "{parts:?}");
        assert!(parts[2].0.starts_with("prior+duel hs were evaluated on atari freeway"), "{parts:?}");
    }

    #[test]
    fn both_said_after_two_names_is_the_same_conjunction() {
        let (join, parts) = texts("spanrel and tre were both evaluated on semeval, right?", &["spanrel", "tre"]).unwrap();
        assert_eq!(join, Join::All);
        assert_eq!(parts[0].0, "spanrel were evaluated on semeval, right?");
        assert_eq!(parts[1].0, "tre were evaluated on semeval, right?");
        assert!(texts("which models were both evaluated on D1 and D2?", &["spanrel"]).is_none(), "no two subjects named");
    }

    #[test]
    fn neither_nor_is_two_denied_claims_and_either_or_needs_one() {
        let (join, parts) = texts("Neither the Chirpform paper nor the Warbleon paper is more recent than the Trillbert paper, correct?", &["Chirpform", "Warbleon", "Trillbert"]).unwrap();
        assert_eq!(join, Join::All);
        assert_eq!(parts[0], ("the Chirpform paper is more recent than the Trillbert paper, correct?".into(), true));
        assert_eq!(parts[1], ("the Warbleon paper is more recent than the Trillbert paper, correct?".into(), true));
        let (join, _) = texts("Either Tavrosa or Zephyrine-L is the best on BenchMira, right?", &["Tavrosa", "Zephyrine-L"]).unwrap();
        assert_eq!(join, Join::Any);
    }

    #[test]
    fn but_not_unlike_and_still_split_a_claim_into_its_clauses() {
        let (_, parts) = texts("Corrasine has a lower WER than Trillbert on Dastrup-7 Chorus but not than Aviquist on the Veltmoor Dawn Set - correct?", &["Corrasine", "Trillbert", "Aviquist"]).unwrap();
        assert_eq!(parts[0], ("Corrasine has a lower WER than Trillbert on Dastrup-7 Chorus".into(), false));
        assert_eq!(parts[1], ("Corrasine has a lower WER than Aviquist on the Veltmoor Dawn Set - correct?".into(), true));
        let (_, parts) = texts("Brackwater-UNet is still the model to beat on Corvalla-Ice, unlike the Skarnhold Glacier Set, where Lumoria is still on top. Does that hold?", &["Brackwater-UNet", "Lumoria"]).unwrap();
        assert_eq!(parts[0].0, "Brackwater-UNet is still the model to beat on Corvalla-Ice");
        assert_eq!(parts[1].0, "Lumoria is still on top on the Skarnhold Glacier Set. Does that hold?");
        let (_, parts) = texts("Trillbert had the lowest WER on Dastrup-7 Chorus in 2022, and it still does, doesn't it?", &["Trillbert"]).unwrap();
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].0, "Trillbert has the lowest WER on Dastrup-7 Chorus, doesn't it?");
        let (join, parts) = texts("Ostrada-T at 31.9 BLEU points tops the Orrenby Parallel Corpus, doesn't it?", &["Ostrada-T"]).unwrap();
        assert_eq!(join, Join::All, "the value and the place must both hold");
        assert_eq!(parts[0].0, "Ostrada-T at 31.9 BLEU points on the Orrenby Parallel Corpus, doesn't it?");
        assert_eq!(parts[1].0, "Ostrada-T tops the Orrenby Parallel Corpus, doesn't it?");
        let (_, parts) = texts("Halverin at 0.273 Bleu on Orrenby: that was the record up to 2019, yes?", &["Halverin"]).unwrap();
        assert_eq!(parts[0].0, "Halverin at 0.273 Bleu on Orrenby");
        assert_eq!(parts[1].0, "Halverin was the best on Orrenby up to 2019, yes?");
    }

    #[test]
    fn two_values_credited_in_one_breath_are_two_claims() {
        let (join, parts) = texts("The Plumaro paper puts Syrinxa at 88.3 on Hollenby Marsh Calls and Plumaro itself at 93.8, doesn't it?", &["Plumaro", "Syrinxa"]).unwrap();
        assert_eq!(join, Join::All);
        assert_eq!(parts[0].0, "The Plumaro paper puts Syrinxa at 88.3 on Hollenby Marsh Calls, doesn't it?");
        assert_eq!(parts[1].0, "The Plumaro paper puts Plumaro at 93.8, doesn't it?");
    }

    #[test]
    fn claims_without_a_marked_compound_are_left_whole() {
        for q in [
            "Is X the best on both BenchMira and Skarnhold?",
            "X beats Y on D, right?",
            "Both numbers are from the same paper, right?",
            "X is best on D in 2022, right?",
        ] {
            assert!(texts(q, &["X", "Y"]).is_none(), "{q}");
        }
    }

    #[test]
    fn a_part_names_its_own_models_and_keeps_the_claims_datasets_when_it_names_none() {
        let mut entities = with_models(&["Wendrel-S", "Quillon-XL", "PimbraFormer"]);
        entities.datasets = vec![NormalizedEntity { kind: EntityKind::Dataset, ..model("BenchMira") }];
        let part = scoped("Quillon-XL outperform PimbraFormer there", &entities);
        assert_eq!(part.methods.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["Quillon-XL", "PimbraFormer"]);
        assert_eq!(part.datasets.len(), 1);
    }

    fn verdict(label: Label) -> Verdict {
        Verdict { verdict: label, relation: "outperforms".into(), reason: format!("{label:?}"), supporting: vec![], contradicting: vec![] }
    }

    #[test]
    fn one_false_part_refutes_a_conjunction_and_one_true_part_proves_a_disjunction() {
        assert_eq!(joined(Join::All, vec![verdict(Label::Supported), verdict(Label::Refuted)]).verdict, Label::Refuted);
        assert_eq!(joined(Join::All, vec![verdict(Label::Supported), verdict(Label::Uncertain)]).verdict, Label::Uncertain);
        assert_eq!(joined(Join::All, vec![verdict(Label::Uncertain), verdict(Label::Refuted)]).verdict, Label::Refuted);
        assert_eq!(joined(Join::All, vec![verdict(Label::Supported), verdict(Label::Supported)]).verdict, Label::Supported);
        assert_eq!(joined(Join::Any, vec![verdict(Label::Refuted), verdict(Label::Supported)]).verdict, Label::Supported);
        assert_eq!(joined(Join::Any, vec![verdict(Label::Refuted), verdict(Label::Refuted)]).verdict, Label::Refuted);
        assert!(joined(Join::All, vec![verdict(Label::Supported), verdict(Label::Refuted)]).reason.starts_with("the second part"));
    }
}
