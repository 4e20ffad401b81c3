//! A claim said in the negative: "A does not outperform B on D", "X isn't the top model on
//! D", "X is no longer the leading model", "X's F1 on D is not 85.4", "X has never been the
//! best on D", "A is not worse than B". Such a claim is judged as the positive claim it
//! denies, and the verdict turned round (supported and refuted swap; open stays open), so
//! every kind of claim the verdict reads can be denied without each judge reading "not".
//!
//! Only a negation in the claim's own predicate counts. A tag ("..., isn't it?"), a
//! negative question ("Isn't X the best on D?", which asks whether it is), and the claims
//! the verdict already reads in the negative ("nobody has beaten X", "unbeaten since 2019")
//! are left as they are. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use crate::pipeline::front::classify;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("negation pattern {pattern}: {e}"))
}

/// A negative tag after the claim: "..., isn't it?", "... doesn't it?".
static TAG: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i),?\s*\b(?:isn['’]t|doesn['’]t|wasn['’]t|don['’]t|didn['’]t|hasn['’]t|haven['’]t|aren['’]t|weren['’]t|won['’]t)\s+(?:it|he|she|they|that|this|there)\s*(?:\?+|[.!]*\s*$)"));
/// A question that opens on a negative auxiliary asks whether the positive holds.
static NEGATIVE_QUESTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^\W*(?:isn['’]t|doesn['’]t|didn['’]t|wasn['’]t|hasn['’]t|haven['’]t|aren['’]t|don['’]t|weren['’]t|is not|does not|did not|was not|has not)\b"));
/// Negations the verdict reads itself, or that deny something other than the claim.
static READ_ELSEWHERE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\b(?:nobody|no one|no-one|none|nothing|no other|unbeaten|neither|nor|not only|not just|whether or not|or not|not sure|not certain|not clear|not obvious|(?:don['’]t|do not|can['’]t|cannot) (?:know|remember|recall|tell)|been (?:beaten|overtaken|surpassed|bettered|topped|improved on))\b"));

/// Each negative predicate and its positive: (pattern, replacement).
static DENIALS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    vec![
        // "It's not true that X still leads D, is it?": the clause it denies.
        (re(r"(?i)\b(?:it|that)(?:['’]s|\s+is|\s+was)\s+(?:not\s+(?:true|the\s+case|correct|right)|false|untrue)\s+that\s+|\b(?:it|that)\s+(?:is|was)n['’]t\s+(?:true|the\s+case|correct|right)\s+that\s+"), ""),
        // "X was never evaluated on D", "X has never been tested on D": was it?
        (re(r"(?i)\b(is|was|are|were)\s+never\s+(evaluated|tested|benchmarked|assessed|run|reported)\b"), "$1 $2"),
        (re(r"(?i)\b(has|have|had)\s+never\s+been\s+(evaluated|tested|benchmarked|assessed|run|reported)\b"), "$1 been $2"),
        // "X has never been the best", "X never led D": was X ever?
        (re(r"(?i)\b(?:has|have|had)\s+never\s+been\b"), "was ever"),
        (re(r"(?i)\bnever\s+(?:once\s+)?(led|held|had|topped|was|reached|beat|got|scored|achieved)\b"), "ever $1"),
        // "X is no longer the leading model": is it still?
        (re(r"(?i)\b(is|was|are|were)\s+no\s+longer\b"), "$1 still"),
        (re(r"(?i)\bno\s+longer\s+(holds|leads|has|tops|beats|outperforms|surpasses|edges out)\b"), "still $1"),
        // "X does not reach 85.1": it stays under it.
        (re(r"(?i)\b(?:(?:does|do|did)\s+not|doesn['’]t|didn['’]t|don['’]t)\s+(?:reach|hit|get to|make it to)\b"), "reaches at least"),
        // "A does not outperform B", "X doesn't score 85.4".
        (re(r"(?i)\b(?:does|do|did)\s+not\s+|\b(?:doesn['’]t|don['’]t|didn['’]t)\s+"), ""),
        // "X isn't the top model", "X's F1 is not 85.4", "A is not worse than B".
        (re(r"(?i)\b(is|was|are|were)\s+not\b"), "$1"),
        (re(r"(?i)\b(is|was|are|were)n['’]t\b"), "$1"),
        (re(r"(?i)\b(has|have|had)\s+not\b|\b(has|have|had)n['’]t\b"), "$1$2"),
    ]
});

/// The positive claim a negative one denies, if the claim is said in the negative; `None`
/// when it is not, or when its negation is read elsewhere.
pub fn positive(claim: &str) -> Option<String> {
    if NEGATIVE_QUESTION.is_match(claim) || READ_ELSEWHERE.is_match(claim) || classify::claim_about(claim) == Some(classify::ClaimAbout::Beaten) {
        return None;
    }
    let untagged = TAG.replace_all(claim, "?");
    // The first denial that reads the claim (the more specific come first).
    let (pattern, positive) = DENIALS.iter().find(|(pattern, _)| pattern.is_match(&untagged))?;
    if pattern.find_iter(&untagged).count() > 1 {
        return None;
    }
    let denied = pattern.replace(&untagged, *positive);
    // Two denials ("X is not the best, and it does not beat Y") are not one claim turned round.
    if DENIALS.iter().any(|(p, _)| p.is_match(&denied)) {
        return None;
    }
    Some(denied.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_claim_is_read_as_the_positive_claim_it_denies() {
        let cases = [
            ("A does not outperform B on D, correct?", "A outperform B on D, correct?"),
            ("My draft says: \"X isn't the top model on D.\" Is that accurate?", "My draft says: \"X is the top model on D.\" Is that accurate?"),
            ("A reviewer wrote that X is no longer the leading model on D. True?", "A reviewer wrote that X is still the leading model on D. True?"),
            ("halverin no longer beats gannetron on D, right?", "halverin still beats gannetron on D, right?"),
            ("the A paper didn't come out before the B paper, did it?", "the A paper come out before the B paper, did it?"),
            ("X's F1 on D is not 85.4, correct?", "X's F1 on D is 85.4, correct?"),
            ("Am I right that X does not score 85 on D?", "Am I right that X score 85 on D?"),
            ("A reviewer wrote that X does not reach 85.1 points on D. True?", "A reviewer wrote that X reaches at least 85.1 points on D. True?"),
            ("X has never been the best on D, correct?", "X was ever the best on D, correct?"),
            ("A reviewer wrote that X never led the D leaderboard. True?", "A reviewer wrote that X ever led the D leaderboard. True?"),
            ("Can you confirm that A is not worse than B on D?", "Can you confirm that A is worse than B on D?"),
            ("It's not true that Lexmarrow still has the best BLEU on D, is it?", "Lexmarrow still has the best BLEU on D, is it?"),
            ("it isn't true that A beats B on D, right?", "A beats B on D, right?"),
            ("GPT-3 was never evaluated on BoolQ, right?", "GPT-3 was evaluated on BoolQ, right?"),
            ("X has never been tested on D, right?", "X has been tested on D, right?"),
        ];
        for (negative, denied) in cases {
            assert_eq!(positive(negative).as_deref(), Some(denied), "{negative}");
        }
    }

    #[test]
    fn tags_negative_questions_and_negations_read_elsewhere_are_left_alone() {
        for q in [
            "X is the best on D, isn't it?",
            "GAD is a relation extraction dataset isn't it",
            "SAC is the top model on atari freeway isn't it",
            "Isn't X the best on D?",
            "Doesn't A beat B on D?",
            "Nobody has beaten X on D, right?",
            "X has not been beaten on D since 2019, right?",
            "Is X the best on D or not?",
            "X beats Y on D. I'm not sure about the metric.",
            "X is not the best on D and does not beat Y.",
        ] {
            assert_eq!(positive(q), None, "{q}");
        }
    }
}
