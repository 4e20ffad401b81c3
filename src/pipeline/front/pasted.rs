//! A question with the clutter of where it was copied from taken out: a draft's citation
//! brackets and author-year cites ("[7]", "(Brackwater et al., 2017)"), LaTeX
//! ("\textbf{91.2\%}", "$^{2}$", "\cite{x}"), bullets and line breaks, a table row pasted
//! above the question, a reference list the question points into ("Is [2] more recent
//! than [3]?"), a greeting or signature under it. None of it is the question, and read as
//! words it misleads every stage: a cite's year read as the claimed value, a pasted row's
//! model and number as the subject. What it says is kept where the question needs it: a
//! reference the question cites by number is put in its place, in quotes; a table row the
//! question does not repeat ("Orrenby Parallel Corpus | BLEU | ???", then "which system goes
//! in the 'best' cell?") is said before it, without its numbers. Text with none of this is
//! returned as it is. Pure.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("pasted-text pattern {pattern}: {e}"))
}

/// Anything that marks pasted text; a question without it is left alone.
static CLUTTER: LazyLock<Regex> = LazyLock::new(|| re(r"[\n|\\$•†‡]|\[\s*(?:\d|citation)|\bet al\b|\(\s*(?:cf\.|see\s)|\(\s*[A-Z][\w'’-]+(?:\s+(?:et al\.?|and|&)(?:\s+[A-Z][\w'’-]+)?)?,?\s+(?:19|20)\d\d[a-z]?\s*\)"));
/// A sign-off, after which nothing is the question.
static SIGN_OFF: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:thanks|thank you|many thanks|thanks a lot|best|best wishes|cheers|regards|best regards|kind regards|all the best)\s*[,.!]?\s*$|^sent from my\b|^--\s*$"));
/// "[2] Tidewick: Spectral Kurtosis Features ...": an entry of a reference list.
static REFERENCE: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*\[(\d{1,3})\]\s+(.+?)\s*$"));
/// "References:", "Reference list check:": the line that heads a reference list.
static LIST_HEADER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^[^?]*\b(?:references?|refs|bibliography|citations|works cited)\b[^?]*:$"));
static BULLET: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*(?:[•·◦▪*–-]|\d{1,2}[.)])\s+"));
static CITE_NUMBERS: LazyLock<Regex> = LazyLock::new(|| re(r"\s*\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]"));
static CITATION_NEEDED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s*\[citation needed\]"));
static AUTHOR_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\s*\(\s*(?:(?:cf\.|see)\s+[^)]*|[A-Z][\w'’-]+(?:\s+(?:et al\.?|and|&)(?:\s+[A-Z][\w'’-]+)?)?,?\s+(?:19|20)\d\d[a-z]?(?:\s*;[^)]*)?)\s*\)")
});
static LATEX_DROPPED: LazyLock<Regex> = LazyLock::new(|| re(r"\\(?:cite[tp]?|footnote|ref|label)\{[^}]*\}|\$\^\{?[^$]*\}?\$|[†‡]"));
static LATEX_KEPT: LazyLock<Regex> = LazyLock::new(|| re(r"\\(?:textbf|textit|emph|underline|mathrm|text|texttt)\{([^}]*)\}"));
static MATH: LazyLock<Regex> = LazyLock::new(|| re(r"\$([^$]*)\$"));
static SPACES: LazyLock<Regex> = LazyLock::new(|| re(r"\s+"));
static SPACE_BEFORE_MARK: LazyLock<Regex> = LazyLock::new(|| re(r"\s+([?.,;:!)])"));
static NUMBER_OR_BLANK: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:[-–—?]+|[±+\-]?\d+(?:[.,]\d+)?\s*%?(?:\s*±\s*\d+(?:[.,]\d+)?)?)$"));

/// The question without the clutter of where it was pasted from (see the module).
pub fn cleaned(question: &str) -> Cow<'_, str> {
    if !CLUTTER.is_match(question) {
        return Cow::Borrowed(question);
    }
    let mut references: BTreeMap<String, String> = BTreeMap::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    // "[2] Title" is a reference list's entry only on a line of its own.
    let several_lines = question.lines().nth(1).is_some();
    for line in question.lines() {
        let line = line.trim();
        if SIGN_OFF.is_match(line) {
            break;
        }
        if line.is_empty() {
            continue;
        }
        if let Some(c) = REFERENCE.captures(line).filter(|_| several_lines) {
            references.insert(c[1].to_owned(), c[2].to_owned());
            // "Reference list check:" above the list heads it; read as words it would make
            // the question a look-up of references.
            if lines.last().is_some_and(|l| LIST_HEADER.is_match(l)) {
                lines.pop();
            }
            continue;
        }
        // "A | 86.1 | D", or a LaTeX row "A & 86.1 \\".
        let latex_row = line.contains('&') && line.ends_with("\\\\");
        if line.matches('|').count() >= 2 || latex_row {
            let cells = line.trim_end_matches('\\').split(if latex_row { '&' } else { '|' });
            rows.push(cells.map(|c| plain(c).trim().to_owned()).filter(|c| !c.is_empty()).collect());
            continue;
        }
        lines.push(BULLET.replace(line, "").into_owned());
    }
    let text = lines.join(" ");
    // A number the question cites a listed reference by is the reference; any other is a
    // citation mark.
    let text = CITE_NUMBERS.replace_all(&text, |c: &regex::Captures| match references.get(&c[1]) {
        Some(title) => format!(" \"{title}\""),
        None => String::new(),
    });
    let text = CITATION_NEEDED.replace_all(&text, "");
    let text = AUTHOR_YEAR.replace_all(&text, "");
    let text = plain(&text);
    let mut text = SPACE_BEFORE_MARK.replace_all(&SPACES.replace_all(text.trim(), " "), "$1").into_owned();
    // A pasted row the question points back at ("there", "the cell") but does not repeat
    // all of: what its words name and the question does not comes before it. A row the
    // question does not point at is an example of what it asks about, not its subject.
    let lower = text.to_lowercase();
    if BACK.is_match(&text) {
        for row in rows.iter().rev() {
            let named: Vec<&str> = row.iter().map(String::as_str).filter(|c| !NUMBER_OR_BLANK.is_match(c) && !lower.contains(&c.to_lowercase())).collect();
            if !named.is_empty() {
                text = format!("On {}: {text}", named.join(", "));
            }
        }
    }
    Cow::Owned(text)
}

/// "there", "the cell", "that row": the question points back at what was pasted above it.
static BACK: LazyLock<Regex> = LazyLock::new(|| re(r#"(?i)\b(?:there|(?:the|that|this|which|what)\s+(?:['‘"“][^'’"”]{1,20}['’"”]\s+)?(?:cell|row|entry|line|table|column)s?)\b"#));

/// LaTeX taken out of `text`: commands that only mark up, marks and citations.
fn plain(text: &str) -> String {
    let text = LATEX_DROPPED.replace_all(text, "");
    let text = LATEX_KEPT.replace_all(&text, "$1");
    let text = text.replace("\\%", "%").replace("\\pm", "±").replace("\\_", "_").replace("\\&", "&").replace('~', " ");
    MATH.replace_all(&text, "$1").into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_without_clutter_is_left_as_it_is() {
        for q in ["Which model has the best F1 on SQuAD1.1?", "Is 88.3% right for Syrinxa (2020 paper)?", "BiLSTM (UN) on MLDoc en-zh"] {
            assert!(matches!(cleaned(q), Cow::Borrowed(_)), "{q}");
        }
    }

    #[test]
    fn citations_latex_and_cites_by_author_and_year_are_taken_out() {
        assert_eq!(
            cleaned(r#"Reviewer 2 writes: "Brackwater-UNet's \textbf{91.2\%} F1 on Corvalla-Ice (Brackwater et al., 2017) is still the best reported number." Is the reviewer right?"#),
            r#"Reviewer 2 writes: "Brackwater-UNet's 91.2% F1 on Corvalla-Ice is still the best reported number." Is the reviewer right?"#
        );
        assert_eq!(cleaned("Does Ibbotrans [11] (2023) beat Murrelet-MT [9, 12] on D \\cite{x}?"), "Does Ibbotrans (2023) beat Murrelet-MT on D?", "a bare year is the question's");
        assert_eq!(cleaned("As of 2023, Marrowfen$^{2}$ held the best Mean IoU on K [citation needed]. ok to keep?"), "As of 2023, Marrowfen held the best Mean IoU on K. ok to keep?");
        assert_eq!(cleaned("best BLEU on D? (cf. Lexmarrow [2], 2012)"), "best BLEU on D?");
    }

    #[test]
    fn lines_bullets_and_a_sign_off_are_read_as_one_question() {
        assert_eq!(cleaned("• D, Mean IoU\n• best result published before 2020?\n\nThanks,\nMarit"), "D, Mean IoU best result published before 2020?");
        assert_eq!(cleaned("who leads D?\nSent from my phone"), "who leads D?");
    }

    #[test]
    fn a_reference_the_question_cites_by_number_is_put_in_its_place() {
        let q = "Reference list check:\n[2] Tidewick: Spectral Kurtosis\n[3] Marrowfen: Graph Features\nIs [2] more recent than [3]?";
        assert_eq!(cleaned(q), "Is \"Tidewick: Spectral Kurtosis\" more recent than \"Marrowfen: Graph Features\"?", "the list's heading goes with it");
    }

    #[test]
    fn a_pasted_row_is_said_only_where_the_question_does_not_repeat_it_and_never_its_numbers() {
        assert_eq!(cleaned("From our slides:\n\nTavrosa | 86.1 | BenchMira\n\nis Tavrosa still the best on BenchMira?"), "From our slides: is Tavrosa still the best on BenchMira?");
        assert_eq!(cleaned("Copied:\n\nSyrinxa | 93.8 | Hollenby\n\nwhich model has the top accuracy on Hollenby?"), "Copied: which model has the top accuracy on Hollenby?", "an example, not the subject");
        assert_eq!(cleaned("Filling in Table 1:\n\nOrrenby Parallel Corpus | BLEU | ???\n\nwhich system goes in the 'best' cell?"), "On Orrenby Parallel Corpus, BLEU: Filling in Table 1: which system goes in the 'best' cell?");
        assert_eq!(cleaned("Row:\nOstrada-T | - | Mirelle Subtitles\nWhat chrF did Ostrada-T get there?"), "On Mirelle Subtitles: Row: What chrF did Ostrada-T get there?");
        assert_eq!(cleaned("Our draft table has\n\\textbf{Orvalis-CNN}~\\cite{orvalis2016} & 97.0\\% \\\\\nfor D. What F1 does Orvalis-CNN get there?"), "Our draft table has for D. What F1 does Orvalis-CNN get there?", "a LaTeX row");
    }
}
