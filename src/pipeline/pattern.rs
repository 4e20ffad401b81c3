//! The pipeline's reading patterns: `regex` with an ASCII twin for ASCII questions.
//!
//! The readings of steps 6–12 are long, case-insensitive, Unicode-aware patterns, many
//! with bounded repeats of Unicode classes (`[\p{L}\p{N}\- ]{2,40}?` for a name). Each repeat
//! of such a class compiles to hundreds of automaton states, so the lazy DFA builds large
//! states and the backtracker that finds a match's groups clears a large visited set on
//! every search. A profile of `serve` on the mirror put about a third of the service's own
//! time in these searches. Most questions are plain ASCII, and on an ASCII haystack every
//! Unicode class matches exactly its ASCII members and a Unicode word boundary is an ASCII
//! one. So a [`Regex`] that repeats such a class a counted number of times is compiled as
//! a twin with every class cut down to ASCII and every word boundary made ASCII (the
//! parsed pattern rewritten with `regex-syntax`), which searches every ASCII haystack: the
//! same matches and groups, from automata a tenth the size (those patterns search 10–70
//! times faster and compile 4 times faster). The pattern as written is compiled only when
//! a haystack with other characters comes. A pattern without such a repeat searches no
//! faster as a twin, and is compiled and searched as written.
//!
//! [`Regex`] has the `regex::Regex` methods the pipeline uses, with the same signatures
//! and results, so a module swaps its `use regex::Regex` for this one and nothing else.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::{CaptureMatches, Captures, Match, Matches, Replacer, Split};
use regex_syntax::hir::{self, Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Look};

/// A compiled pattern and, where it pays, its twin for ASCII haystacks.
#[derive(Clone, Debug)]
pub struct Regex {
    pattern: Box<str>,
    automata: Automata,
}

#[derive(Clone, Debug)]
enum Automata {
    /// A pattern that repeats no class with members beyond ASCII a counted number of times
    /// (on those a twin searched no faster): searched as written.
    Plain(regex::Regex),
    /// The others: the twin for ASCII haystacks, and the pattern as written compiled at
    /// the first other haystack (most runs never meet one, and those patterns are the
    /// larger part of compiling them all).
    Twin { ascii: regex::Regex, unicode: OnceLock<regex::Regex> },
}

impl Regex {
    /// Compiles `pattern`, with the errors `regex::Regex::new` gives.
    pub fn new(pattern: &str) -> Result<Self, regex::Error> {
        let parsed = regex_syntax::Parser::new().parse(pattern).map_err(|e| regex::Error::Syntax(e.to_string()))?;
        // A twin that does not compile (it always should) only costs the speed-up.
        let twin = repeats_wide_class(&parsed, false).then(|| printed_ascii(&parsed)).flatten().and_then(|twin| regex::Regex::new(&twin).ok());
        let automata = match twin {
            Some(ascii) => Automata::Twin { ascii, unicode: OnceLock::new() },
            None => Automata::Plain(regex::Regex::new(pattern)?),
        };
        Ok(Regex { pattern: pattern.into(), automata })
    }

    /// The automaton for `haystack`.
    fn on(&self, haystack: &str) -> &regex::Regex {
        match &self.automata {
            Automata::Plain(re) => re,
            Automata::Twin { ascii, .. } if haystack.is_ascii() => ascii,
            Automata::Twin { ascii, unicode } => unicode.get_or_init(|| match regex::Regex::new(&self.pattern) {
                Ok(re) => re,
                // Not met: the pattern parsed, and its automata are the twin's with wider
                // classes, far under the size limits. Should it be, the twin searches,
                // blind to the other characters, and the log says so.
                Err(e) => {
                    tracing::error!(pattern = %self.pattern, error = %e, "a reading pattern compiles only as its ASCII twin");
                    ascii.clone()
                }
            }),
        }
    }

    pub fn is_match(&self, haystack: &str) -> bool {
        self.on(haystack).is_match(haystack)
    }

    pub fn find<'h>(&self, haystack: &'h str) -> Option<Match<'h>> {
        self.on(haystack).find(haystack)
    }

    pub fn find_at<'h>(&self, haystack: &'h str, start: usize) -> Option<Match<'h>> {
        self.on(haystack).find_at(haystack, start)
    }

    pub fn find_iter<'r, 'h>(&'r self, haystack: &'h str) -> Matches<'r, 'h> {
        self.on(haystack).find_iter(haystack)
    }

    pub fn captures<'h>(&self, haystack: &'h str) -> Option<Captures<'h>> {
        self.on(haystack).captures(haystack)
    }

    pub fn captures_iter<'r, 'h>(&'r self, haystack: &'h str) -> CaptureMatches<'r, 'h> {
        self.on(haystack).captures_iter(haystack)
    }

    pub fn split<'r, 'h>(&'r self, haystack: &'h str) -> Split<'r, 'h> {
        self.on(haystack).split(haystack)
    }

    pub fn replace<'h, R: Replacer>(&self, haystack: &'h str, rep: R) -> Cow<'h, str> {
        self.on(haystack).replace(haystack, rep)
    }

    pub fn replace_all<'h, R: Replacer>(&self, haystack: &'h str, rep: R) -> Cow<'h, str> {
        self.on(haystack).replace_all(haystack, rep)
    }
}

/// `pattern` rewritten to match on ASCII haystacks exactly as it does: every class cut
/// down to its ASCII members, every Unicode word boundary made an ASCII one, a literal
/// with other characters made a match of nothing. `None` if it does not parse or print,
/// or repeats no class with other members a counted number of times.
#[cfg(test)]
fn ascii_twin(pattern: &str) -> Option<String> {
    let parsed = regex_syntax::Parser::new().parse(pattern).ok()?;
    match repeats_wide_class(&parsed, false) {
        true => printed_ascii(&parsed),
        false => None,
    }
}

/// `hir` rewritten for ASCII haystacks (see [`ascii_twin`]), as a pattern.
fn printed_ascii(hir: &Hir) -> Option<String> {
    let mut twin = String::new();
    hir::print::Printer::new().print(&to_ascii(hir), &mut twin).ok()?;
    Some(twin)
}

/// Whether `hir` holds a class with members beyond ASCII inside a counted repeat
/// (`{2,40}`, `{0,3}`; not `*` or `+`, whose automata stay small).
fn repeats_wide_class(hir: &Hir, counted: bool) -> bool {
    match hir.kind() {
        HirKind::Class(Class::Unicode(class)) => counted && class.ranges().last().is_some_and(|r| r.end() > '\x7F'),
        HirKind::Repetition(rep) => repeats_wide_class(&rep.sub, counted || rep.max.is_some_and(|max| max > 1)),
        HirKind::Capture(cap) => repeats_wide_class(&cap.sub, counted),
        HirKind::Concat(subs) | HirKind::Alternation(subs) => subs.iter().any(|sub| repeats_wide_class(sub, counted)),
        _ => false,
    }
}

fn to_ascii(hir: &Hir) -> Hir {
    match hir.kind() {
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(hir::Literal(bytes)) if bytes.is_ascii() => Hir::literal(bytes.clone()),
        HirKind::Literal(_) => Hir::fail(),
        HirKind::Class(Class::Unicode(class)) => {
            let mut class = class.clone();
            class.intersect(&ClassUnicode::new([ClassUnicodeRange::new('\0', '\x7F')]));
            match class.ranges().is_empty() {
                true => Hir::fail(),
                false => Hir::class(Class::Unicode(class)),
            }
        }
        HirKind::Class(Class::Bytes(class)) => Hir::class(Class::Bytes(class.clone())),
        HirKind::Look(look) => Hir::look(match look {
            Look::WordUnicode => Look::WordAscii,
            Look::WordUnicodeNegate => Look::WordAsciiNegate,
            Look::WordStartUnicode => Look::WordStartAscii,
            Look::WordEndUnicode => Look::WordEndAscii,
            Look::WordStartHalfUnicode => Look::WordStartHalfAscii,
            Look::WordEndHalfUnicode => Look::WordEndHalfAscii,
            other => *other,
        }),
        HirKind::Repetition(rep) => Hir::repetition(hir::Repetition { min: rep.min, max: rep.max, greedy: rep.greedy, sub: Box::new(to_ascii(&rep.sub)) }),
        HirKind::Capture(cap) => Hir::capture(hir::Capture { index: cap.index, name: cap.name.clone(), sub: Box::new(to_ascii(&cap.sub)) }),
        HirKind::Concat(subs) => Hir::concat(subs.iter().map(to_ascii).collect()),
        HirKind::Alternation(subs) => Hir::alternation(subs.iter().map(to_ascii).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every match and group of `pattern` on `haystack`, by the given automaton.
    fn groups(re: &regex::Regex, haystack: &str) -> Vec<Vec<Option<(usize, usize)>>> {
        re.captures_iter(haystack).map(|c| c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect()).collect()
    }

    const PATTERNS: &[&str] = &[
        r"(?i)^(?:any |which |what )?(?:the )?([\p{L}][\p{L}\p{N}\- ]{2,40}?)\s+(?:datasets|benchmarks)\W*$",
        r"(?i)\b(?P<name>\w+)[-’']s\b",
        r"(?i)\bkelvin\b|\bsota\b",
        r"^[\w\-.+ :,()%]{2,60}?\s+(?:still|already)\s+(?:the\s+)?(?:best|top)\b",
        r"[^?]{0,40}\b(does|did)\b.",
        r"(?s)a.b|(?m)^x$",
        r"(?U)a+b*",
        r"é|naïve",
        r"\B\d+\B|\s+$",
    ];

    const HAYSTACKS: &[&str] = &[
        "which orrenby benchmarks?",
        "Kelvin's SOTA on the K-12 set",
        "frostlattice still the best on benchmira?",
        "What does X do? and how did Y do it",
        "a\nb axb\nx\nx",
        "aaab aab b",
        "naive cafe",
        "in 2021 the 123 score   ",
        "",
        "ſ and K are not ASCII, but this haystack is only searched as written",
    ];

    #[test]
    fn the_ascii_twin_finds_the_same_matches_and_groups_on_ascii_haystacks() {
        for pattern in PATTERNS {
            let unicode = regex::Regex::new(pattern).unwrap();
            // Every pattern's rewriting, whether or not it pays to search with it.
            let twin = regex::Regex::new(&printed_ascii(&regex_syntax::Parser::new().parse(pattern).unwrap()).unwrap()).unwrap();
            let twin = &twin;
            for haystack in HAYSTACKS.iter().filter(|h| h.is_ascii()) {
                for haystack in [haystack.to_string(), haystack.to_lowercase(), haystack.to_uppercase()] {
                    assert_eq!(groups(twin, &haystack), groups(&unicode, &haystack), "{pattern} on {haystack:?}");
                }
            }
        }
    }

    #[test]
    fn a_haystack_with_other_characters_is_searched_with_the_pattern_as_written() {
        let re = Regex::new(r"(?i)\b(kelvin|x){1,2}\b").unwrap();
        // U+212A KELVIN SIGN folds to k: only the Unicode pattern knows it.
        assert!(re.is_match("the \u{212A}elvin scale"));
        let Automata::Twin { ascii, .. } = &re.automata else { panic!("no twin") };
        assert!(!ascii.is_match("the \u{212A}elvin scale"));
        let name = Regex::new(r"^([\p{L}]{1,9}) scores").unwrap();
        assert_eq!(name.captures("Zoë scores").and_then(|c| c.get(1)).map(|m| m.as_str()), Some("Zoë"));
    }

    #[test]
    fn a_bad_pattern_is_the_same_error_as_regexs() {
        // Built at run time: a literal bad pattern is a lint error.
        let bad = ["(", "unclosed"].concat();
        assert_eq!(Regex::new(&bad).unwrap_err().to_string(), regex::Regex::new(&bad).unwrap_err().to_string());
    }

    #[test]
    fn a_twin_keeps_the_class_cut_to_ascii() {
        assert_eq!(ascii_twin(r"\p{L}{2,40}").unwrap(), "[A-Za-z]{2,40}");
    }

    #[test]
    fn only_a_counted_repeat_of_a_class_beyond_ascii_gets_a_twin() {
        assert!(ascii_twin(r"\p{L}+ scores").is_none());
        assert!(ascii_twin(r"(?i)\b(best|top)\b").is_none());
        assert!(ascii_twin(r"[a-z]{2,40}").is_none());
        assert!(ascii_twin(r"(\w+\s+){0,2}datasets").is_some());
        assert!(ascii_twin(r"[^?]{0,40}\bdoes\b").is_some());
    }
}
