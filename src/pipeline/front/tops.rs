//! Boards ranked by their top results: "which wmt board has the lowest top bleu?", "top 3
//! text classification boards by best accuracy", "fashion-mnist, mnist or kuzushiji-mnist:
//! which has the worst top error?". What is ranked is datasets, by the best value each
//! records under one metric; which datasets is said by the names listed, a research problem
//! ("the text classification boards") or a family's word ("wmt", "atari"). Read from the
//! words alone; the boards themselves are found by the orchestrator. Pure.
use std::sync::LazyLock;

use regex::Regex;

/// How boards are ordered by their tops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The largest value first ("highest", "largest").
    Highest,
    /// The smallest value first ("lowest", "smallest").
    Lowest,
    /// The best first, by the metric's direction ("best", "strongest").
    Best,
    /// The worst first ("worst", "weakest").
    Worst,
}

/// A ranking of boards by their tops, as read from a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopsAsk {
    pub order: Order,
    /// The place asked for, from 1.
    pub place: usize,
    /// How many are asked for ("top 3 ... boards").
    pub k: usize,
    /// The words naming a family of boards ("wmt", "atari 2600", "text classification"),
    /// when the question names one.
    pub family: Option<String>,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("tops pattern {pattern}: {e}"))
}

const BOARDS: &str = r"(?:boards?|datasets?|benchmarks?|leaderboards?|games?|tasks?|pairs?)";
const EXTREME: &str = r"(highest|lowest|best|worst|weakest|strongest|largest|smallest|biggest|higher|lower|better|worse)";

/// "which wmt board has the lowest top bleu", "wich atari game has the lowest recorded top
/// score", "which has the worst top error": a board asked for by the extreme of its top.
static WHICH: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\bw?h?ich\s+(?:(?:one|of\s+them|of\s+these|of)\b|(?:has|have|is)\b|((?:[\w*+.-]+\s+){{0,3}}?){BOARDS}\b)[^?]{{0,80}}?\b(?:(second|third|2nd|3rd)[\s-]+)?{EXTREME}\s+(?:recorded\s+)?(?:top|sota|state[- ]of[- ]the[- ]art|best|leading|record)\b(?:[^-]|$)"))
});
/// "which one is highest?" after boards listed with their metric.
static WHICH_IS: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\bwhich\s+(?:one|of\s+them|of\s+these)\s+(?:is|has|scores?)\s+(?:the\s+)?{EXTREME}\b")));
/// "lowest sota accuracy among the text classification boards", "worst validation
/// perplexity among the language modelling boards".
static AMONG: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\b(?:(second|third|2nd|3rd)[\s-]+)?{EXTREME}\s+(?:[\w-]+\s+){{0,3}}?(?:among|across|of)\s+(?:the|all(?:\s+the)?)\s+((?:[\w*+.-]+\s+){{1,3}}?){BOARDS}\b"))
});
/// "top 3 text classification boards by best accuracy", "top 5 atari 2600 games by highest
/// recorded score".
static TOP_BY: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)\btop[\s-]+(\d{{1,2}}|two|three|four|five|ten)\s+((?:[\w*+.-]+\s+){{0,3}}?){BOARDS}\s+by\s+(?:their\s+)?(?:best|highest|top|sota|recorded|leading)\b"))
});

fn place(word: Option<regex::Match<'_>>) -> usize {
    match word.map(|m| m.as_str().to_lowercase()) {
        Some(w) if w.starts_with('s') || w == "2nd" => 2,
        Some(_) => 3,
        None => 1,
    }
}

fn order(word: &str) -> Order {
    match word.to_lowercase().as_str() {
        "highest" | "largest" | "biggest" | "higher" => Order::Highest,
        "lowest" | "smallest" | "lower" => Order::Lowest,
        "best" | "strongest" | "better" => Order::Best,
        _ => Order::Worst,
    }
}

fn family(words: Option<regex::Match<'_>>) -> Option<String> {
    let words = words?.as_str().trim();
    // "which of the", "which two": no family named.
    let kept: Vec<&str> = words.split_whitespace().filter(|w| !["the", "of", "these", "those", "all", "two", "three", "other"].contains(&w.to_lowercase().as_str())).collect();
    (!kept.is_empty()).then(|| kept.join(" "))
}

/// The ranking of boards by their tops a question asks for, if it asks for one.
pub fn read(question: &str) -> Option<TopsAsk> {
    if let Some(c) = TOP_BY.captures(question) {
        let k = c[1].parse().ok().or_else(|| ["one", "two", "three", "four", "five"].iter().position(|w| w.eq_ignore_ascii_case(&c[1])).map(|i| i + 1)).unwrap_or(10);
        return Some(TopsAsk { order: Order::Highest, place: 1, k: k.clamp(1, 20), family: family(c.get(2)) });
    }
    if let Some(c) = WHICH.captures(question) {
        return Some(TopsAsk { order: order(&c[3]), place: place(c.get(2)), k: 1, family: family(c.get(1)) });
    }
    if let Some(c) = AMONG.captures(question) {
        return Some(TopsAsk { order: order(&c[2]), place: place(c.get(1)), k: 1, family: family(c.get(3)) });
    }
    let c = WHICH_IS.captures(question)?;
    Some(TopsAsk { order: order(&c[1]), place: 1, k: 1, family: None })
}

/// A value as a number: "88.61%", "1,234", "-9085.3"; `None` for text that holds none.
pub fn number(value: &str) -> Option<f64> {
    let cleaned: String = value.trim().trim_end_matches('%').chars().filter(|c| *c != ',').collect();
    cleaned.trim().parse().ok().filter(|v: &f64| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_asked_for_by_its_top_says_the_order_and_the_family() {
        let t = read("which MLDoc zero-shot board has the second-highest top accuracy?").expect("read");
        assert_eq!((t.order, t.place), (Order::Highest, 2), "a place written with a hyphen");
        let t = read("which wmt board has the lowest top bleu score?").expect("read");
        assert_eq!((t.order, t.family.as_deref()), (Order::Lowest, Some("wmt")));
        let t = read("wich atari game has the lowest recorded top score?").expect("read");
        assert_eq!((t.order, t.family.as_deref()), (Order::Lowest, Some("atari")));
        let t = read("top 3 text classification boards by best accuracy").expect("read");
        assert_eq!((t.k, t.family.as_deref()), (3, Some("text classification")));
        let t = read("lowest sota accuracy among the text classification boards?").expect("read");
        assert_eq!((t.order, t.family.as_deref()), (Order::Lowest, Some("text classification")));
        let t = read("fashion-mnist, mnist or kuzushiji-mnist: which has the worst top error?").expect("read");
        assert_eq!((t.order, t.family), (Order::Worst, None));
        let t = read("which of cifar-10 and cifar-100 has the higher top accuracy?").expect("read");
        assert_eq!((t.order, t.family), (Order::Highest, None), "a comparative between two");
        let t = read("which of fashion-mnist and kuzushiji-mnist has the worst top error?").expect("read");
        assert_eq!((t.order, t.family), (Order::Worst, None), "two long names before the extreme");
        let t = read("bleu on wmt14 en-de, wmt16 en-ru and wmt16 cs-en, which one is highest?").expect("read");
        assert_eq!((t.order, t.family), (Order::Highest, None));
    }

    #[test]
    fn the_best_model_on_one_board_is_not_a_ranking_of_boards() {
        for q in ["which model has the best accuracy on imagenet?", "which model has the best top-1 accuracy on imagenet?", "what is the highest score on atari breakout?", "which model is best on squad?"] {
            assert_eq!(read(q), None, "{q}");
        }
    }

    #[test]
    fn values_are_read_as_numbers_past_units_and_separators() {
        assert_eq!(number("88.61%"), Some(88.61));
        assert_eq!(number("-9085.3"), Some(-9085.3));
        assert_eq!(number("1,234"), Some(1234.0));
        assert_eq!(number("n/a"), None);
    }
}
