//! Spelling that varies between writers, settled before the question is read: British
//! "-isation" as "-ization" ("summarisation" is "summarization": the index's stemmer keeps
//! them apart, and the graph's labels mostly use the American form), and the common
//! misspellings of the words a question turns on ("beter", "pubished", "teh": [`TYPOS`]);
//! and a closing "at the moment" / "right now" / "these days" dropped (it asks for
//! the current state, which every answer gives, and it would otherwise be read as part of
//! the name before it: "the lowest WER on Dastrup-7 Chorus at the moment"). The answer
//! still echoes the question as asked. Pure.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

static BRITISH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(\w{2,}i)(s)(ations?)\b").unwrap_or_else(|e| panic!("spelling pattern: {e}")));
static NOW: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i),?\s+(at the moment|at present|right now|currently|these days|nowadays|as of (now|today)|to date|today)(\s*[?.!]*\s*)$")
        .unwrap_or_else(|e| panic!("now pattern: {e}"))
});
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
];
static TYPO: LazyLock<Regex> = LazyLock::new(|| {
    let words = TYPOS.iter().map(|(typo, _)| *typo).collect::<Vec<_>>().join("|");
    Regex::new(&format!(r"(?i)\b({words})\b")).unwrap_or_else(|e| panic!("typo pattern: {e}"))
});

/// The question with the spelling variants above settled.
pub fn settled(question: &str) -> Cow<'_, str> {
    // The "s" keeps its case ("SUMMARISATION" stays upper case). A quoted title is the
    // paper's own spelling ("Syllable-Level Attention for Avian Vocalisations"): left as is.
    static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""[^"]*"|“[^”]*”"#).unwrap_or_else(|e| panic!("quoted pattern: {e}")));
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
    let spelled = match NOW.replace(&spelled, "$3") {
        Cow::Borrowed(_) => spelled,
        Cow::Owned(s) => Cow::Owned(s),
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn british_isation_is_read_as_ization_and_common_misspellings_as_the_word() {
        assert_eq!(settled("anything on automatic text summarisation"), "anything on automatic text summarization");
        assert_eq!(settled("Normalisations of Vectors"), "Normalizations of Vectors");
        assert_eq!(settled("SUMMARISATION"), "SUMMARIZATION");
        assert_eq!(settled("state of teh art on webquestions?"), "state of the art on webquestions?");
        assert_eq!(settled("is ibbotrans beter than murrelet-mt"), "is ibbotrans better than murrelet-mt");
        assert_eq!(settled("Pubished when? Beter or not"), "Published when? Better or not");
        assert_eq!(
            settled(r#"What year was the "Warbleon: Syllable-Level Attention for Avian Vocalisations" paper on vocalisations published?"#),
            r#"What year was the "Warbleon: Syllable-Level Attention for Avian Vocalisations" paper on vocalizations published?"#
        );
    }

    #[test]
    fn a_closing_at_the_moment_is_dropped_and_the_same_words_elsewhere_kept() {
        assert_eq!(settled("which model has the lowest WER on Dastrup-7 Chorus at the moment?"), "which model has the lowest WER on Dastrup-7 Chorus?");
        assert_eq!(settled("best model on BenchMira, right now"), "best model on BenchMira");
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
    fn words_that_only_end_alike_are_left_alone() {
        for q in ["papers on noise and precise rise", "the teheran dataset", "isation", "wise advice", "the beterbank dataset", "Lowrance"] {
            assert_eq!(settled(q), q);
        }
    }
}
