//! Spelling that varies between writers, settled before the question is read: British
//! "-isation" as "-ization" ("summarisation" is "summarization": the index's stemmer keeps
//! them apart, and the graph's labels mostly use the American form), and "teh" / "hte" as
//! "the". The answer still echoes the question as asked. Pure.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

static BRITISH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(\w{2,}i)(s)(ations?)\b").unwrap_or_else(|e| panic!("spelling pattern: {e}")));
static TYPO_THE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(teh|hte)\b").unwrap_or_else(|e| panic!("typo pattern: {e}")));

/// The question with the spelling variants above settled.
pub fn settled(question: &str) -> Cow<'_, str> {
    // The "s" keeps its case ("SUMMARISATION" stays upper case).
    let american = BRITISH.replace_all(question, |c: &regex::Captures| format!("{}{}{}", &c[1], if &c[2] == "S" { "Z" } else { "z" }, &c[3]));
    match TYPO_THE.replace_all(&american, "the") {
        Cow::Borrowed(_) => american,
        Cow::Owned(s) => Cow::Owned(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn british_isation_is_read_as_ization_and_teh_as_the() {
        assert_eq!(settled("anything on automatic text summarisation"), "anything on automatic text summarization");
        assert_eq!(settled("Normalisations of Vectors"), "Normalizations of Vectors");
        assert_eq!(settled("SUMMARISATION"), "SUMMARIZATION");
        assert_eq!(settled("state of teh art on webquestions?"), "state of the art on webquestions?");
    }

    #[test]
    fn words_that_only_end_alike_are_left_alone() {
        for q in ["papers on noise and precise rise", "the teheran dataset", "isation", "wise advice"] {
            assert_eq!(settled(q), q);
        }
    }
}
