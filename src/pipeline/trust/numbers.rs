//! The number a claim states, and whether a recorded score meets it. "96.5" claims what
//! rounds to 96.5 (96.21 does not), "88.6%" claims a recorded 0.886 as well and "0.849" a
//! recorded 84.9, "under 5%" and "at least 90" are bounds, and "48.375" also claims a
//! recorded 48375 (a dot between groups of thousands, as much of Europe writes it); "95,4"
//! is 95.4 (a comma as the decimal mark), "8,978" is 8978 and "8.9k" claims what rounds to
//! 8900 to the hundred. Numbers
//! inside names ("WMT 2014", "GPT-2") and years ("in 2019", "published in 2020") are not
//! claims. Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use crate::pipeline::front::anchor;
use crate::pipeline::front::normalize::Normalized;

/// A number standing on its own ("28.4", "85%", "~88.6"), not part of a name ("Zorvath-9").
static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|[\s(~])(\d+(?:\.(\d+))?)(?:%|\b)").unwrap_or_else(|e| panic!("number pattern: {e}")));
/// A year in parentheses: "the newest model on X (2024)" dates a claim, it claims no score.
static PAREN_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\((?:19|20)\d\d\)|\b(?:19|20)\d\d\s+(?:paper|study|article|publication|replication|reproduction|work|version|edition)\b").unwrap_or_else(|e| panic!("year pattern: {e}"))
});
/// A number that points into a document ("section 3", "slide 12", "table 2") or a year
/// that dates something ("by the end of 2019", "since 2020"): not a score.
static NOT_A_SCORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:section|sec\.|slide|table|figure|fig\.|chapter|page|line|row|column|reviewer|step|part|item|footnote|appendix|equation|eq\.)\s*\d+(?:\.\d+)*\b|\b(?:by|before|after|until|till|since|around|circa|end of|start of|beginning of|middle of)\s+(?:19|20)\d\d\b|\((?:19|20)\d\d\s*(?:vs\.?|versus|and|/|-|–)\s*(?:19|20)\d\d\)")
        .unwrap_or_else(|e| panic!("not-a-score pattern: {e}"))
});
/// A comma between digits: the decimal mark ("95,4", "0,87") with one or two digits after
/// it, a thousands separator ("8,978", "1,234,567") with three.
static COMMA: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(\d),(\d+)\b").unwrap_or_else(|e| panic!("comma pattern: {e}")));
/// A number in thousands ("8.9k", "12K"): an Atari score as people round it.
static THOUSANDS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|[\s(~])(\d+(?:\.(\d+))?)\s?[kK]\b").unwrap_or_else(|e| panic!("thousands pattern: {e}")));
/// Two numbers a value is claimed to lie between: "between 80 and 90", "in the 80-90
/// range", "somewhere from 80 to 90 %".
static BETWEEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:between|from|in\s+the)\s+(\d+(?:\.\d+)?)\s*%?\s*(?:and|to|-|–)\s*(\d+(?:\.\d+)?)\b").unwrap_or_else(|e| panic!("between pattern: {e}"))
});
/// Words before a number that make it a bound.
static BOUND: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:(under|below|less than|lower than|at most|no more than)|(over|above|more than|greater than|at least|exceeds?|beyond|clears?|cleared|surpass(?:es|ed)?))\s*~?\s*$")
        .unwrap_or_else(|e| panic!("bound pattern: {e}"))
});

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// The claim states the exact value, to its precision.
    Exact,
    /// "under 5%": the value is below it.
    Below,
    /// "at least 90": the value is above it.
    Above,
    /// "between 80 and 90": the value is within the two, which are included; the claimed
    /// value is the lower.
    Between(f64),
}

/// A claimed number with the precision it was written to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Claimed {
    pub value: f64,
    /// Digits after the decimal point as written.
    pub decimals: u32,
    pub bound: Bound,
    /// Written as "48.375" or "9.197": one to three digits, a dot, three digits, which is
    /// also how a thousands separator is written in much of Europe ("48.375" for 48375).
    /// Either reading meets a recorded value; a recorded 48375 and a claimed 48.375 differ by
    /// a factor no score on one board spans.
    pub grouped: bool,
    /// What one unit of the written digits is worth: 1000 for "8.9k", else 1.
    pub unit: f64,
}

impl Claimed {
    /// Half a unit in the last written digit: "96.5" allows 96.45..96.55.
    fn tolerance(&self) -> f64 {
        0.5 * 10f64.powi(-(self.decimals as i32)) * self.unit + 1e-9
    }

    /// A recorded value on the claim's scale: a fraction against a percentage and back.
    fn scaled(&self, recorded: f64) -> f64 {
        if recorded.abs() <= 1.0 && self.value.abs() > 1.0 {
            recorded * 100.0
        } else if recorded.abs() > 1.0 && self.value.abs() <= 1.0 && self.decimals >= 2 {
            recorded / 100.0
        } else {
            recorded
        }
    }

    /// The claim as the answer states it: "below 20", "88.6".
    pub fn describe(&self) -> String {
        match self.bound {
            Bound::Exact => self.value.to_string(),
            Bound::Below => format!("below {}", self.value),
            Bound::Above => format!("above {}", self.value),
            Bound::Between(upper) => format!("between {} and {upper}", self.value),
        }
    }

    /// Whether a recorded value meets the claim.
    pub fn met_by(&self, recorded: f64) -> bool {
        let v = self.scaled(recorded);
        match self.bound {
            Bound::Exact => (v - self.value).abs() <= self.tolerance() || self.in_thousands(recorded),
            Bound::Below => v < self.value,
            Bound::Above => v > self.value,
            Bound::Between(upper) => v >= self.value - 1e-9 && v <= upper + 1e-9,
        }
    }

    /// Whether the claimed value is beyond `recorded` by more than its precision, in the
    /// direction `better` says is better.
    pub fn beyond(&self, recorded: f64, better: impl Fn(f64, f64) -> bool) -> bool {
        let v = self.scaled(recorded);
        self.bound == Bound::Exact && better(self.value, v) && (self.value - v).abs() > self.tolerance() && !self.in_thousands(recorded)
    }

    /// Whether `recorded` is the claimed number read with its dot as a thousands separator.
    fn in_thousands(&self, recorded: f64) -> bool {
        self.grouped && (recorded - self.value * 1000.0).abs() <= 0.5
    }

    /// Whether `recorded` meets the claim only with its dot read between thousands.
    pub fn only_in_thousands(&self, recorded: f64) -> bool {
        self.in_thousands(recorded) && (self.scaled(recorded) - self.value).abs() > self.tolerance()
    }
}

/// The number the claim states, outside entity names and years.
pub fn claimed(question: &str, entities: &Normalized) -> Option<Claimed> {
    let mut text = question.to_owned();
    for e in entities.all() {
        text = text.replace(&e.text, " ");
    }
    let text = anchor::time_anchor(&text).map_or(text.clone(), |a| text.replace(&a.phrase, " "));
    // "was published in 2020" states a year, not a score.
    let text = match anchor::stated_year(&text) {
        Some(year) => text.replace(&year.to_string(), " "),
        None => text,
    };
    // "is X still top, even with Y's 53.4 out?": a named model's value conceded beside the
    // claim is not the claim's number (the name is blanked above, its "'s" is left).
    static CONCEDED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:even\s+with|with|despite|in\s+spite\s+of|apart\s+from|besides)\s+(?:the\s+)?['’]s\s+\d{1,3}(?:\.\d{1,2})?\s*%?").unwrap_or_else(|e| panic!("conceded pattern: {e}"))
    });
    let text = CONCEDED.replace_all(&text, " ");
    let text = PAREN_YEAR.replace_all(&text, " ");
    let text = NOT_A_SCORE.replace_all(&text, " ");
    let text = decimal_commas(&text);
    if let Some(c) = BETWEEN.captures(&text) {
        let (Ok(low), Ok(high)) = (c[1].parse::<f64>(), c[2].parse::<f64>()) else { return None };
        // "from 2019 to 2021" is a span of years, not of scores.
        let years = [low, high].iter().all(|y| (1900.0..2100.0).contains(y) && y.fract() == 0.0);
        if !years && low <= high {
            let decimals = c[1].split_once('.').map_or(0, |(_, d)| d.len() as u32);
            return Some(Claimed { value: low, decimals, bound: Bound::Between(high), grouped: false, unit: 1.0 });
        }
    }
    // "8.9k", taken out before the plain numbers, whose pattern would read its "8"; it is
    // the claim's number only when no plain one is stated ("95.4 after 250k steps").
    let thousands = THOUSANDS.captures(&text).and_then(|c| {
        let number = c.get(1)?;
        let value: f64 = number.as_str().parse().ok()?;
        let decimals = c.get(2).map_or(0, |d| d.as_str().len() as u32);
        Some(Claimed { value: value * 1000.0, decimals, bound: bound_before(&text[..number.start()]), grouped: false, unit: 1000.0 })
    });
    let text = THOUSANDS.replace_all(&text, " ");
    // "2024 brought a paper that repeats X's 7.2 WER": a year is the claimed number only
    // when the claim states no other.
    let year = |c: &regex::Captures| c.get(2).is_none() && c[1].len() == 4 && (c[1].starts_with("19") || c[1].starts_with("20"));
    // "the streaming one from 2024", "a couple of 2024 and 2025 papers": a year said as a
    // date is never the claimed number.
    static DATE_BEFORE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:from|in|since|of|around|circa|before|after|until|till|by|early|late|mid)\s*$").unwrap_or_else(|e| panic!("date pattern: {e}")));
    static DATE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:(?:and|or|to)\s+(?:19|20)\d\d\s+)?(?:papers?|stud(?:y|ies)|works?|models?|ones?|publications?|versions?|articles?|preprints?|editions?)\b").unwrap_or_else(|e| panic!("date pattern: {e}"))
    });
    let dated = |c: &regex::Captures| year(c) && c.get(0).is_some_and(|m| DATE_BEFORE.is_match(&text[..m.start()]) || DATE_AFTER.is_match(&text[m.end()..]));
    let numbers: Vec<regex::Captures> = NUMBER.captures_iter(&text).filter(|c| c[1].parse::<f64>().is_ok()).filter(|c| !dated(c)).collect();
    let Some(c) = numbers.iter().find(|c| !year(c)).or_else(|| numbers.first()) else { return thousands };
    let number = c.get(1)?;
    let bound = bound_before(&text[..number.start()]);
    let (whole, decimals) = number.as_str().split_once('.').unwrap_or((number.as_str(), ""));
    let grouped = decimals.len() == 3 && (1..=3).contains(&whole.len()) && !whole.starts_with('0');
    Some(Claimed { value: number.as_str().parse().ok()?, decimals: decimals.len() as u32, bound, grouped, unit: 1.0 })
}

/// Whether the words before a number make it a bound.
fn bound_before(before: &str) -> Bound {
    match BOUND.captures(before) {
        Some(b) if b.get(1).is_some() => Bound::Below,
        Some(_) => Bound::Above,
        None => Bound::Exact,
    }
}

/// The text with its commas between digits read ([`COMMA`]): "95,4" as 95.4, "8,978" as
/// 8978; any other run of digits after a comma is left as written.
fn decimal_commas(text: &str) -> String {
    let mut text = text.to_owned();
    // "1,234,567": each pass reads one comma of a run.
    for _ in 0..4 {
        let next = COMMA
            .replace_all(&text, |c: &regex::Captures| match c[2].len() {
                1 | 2 => format!("{}.{}", &c[1], &c[2]),
                3 => format!("{}{}", &c[1], &c[2]),
                _ => c[0].to_owned(),
            })
            .into_owned();
        if next == text {
            break;
        }
        text = next;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(q: &str) -> Claimed {
        claimed(q, &Normalized::default()).unwrap()
    }

    #[test]
    fn a_year_said_as_a_date_is_never_the_claimed_number() {
        let none = Normalized::default();
        assert!(claimed("X is basically the SOTA for T now, isn't it? the streaming one from 2024", &none).is_none());
        assert!(claimed("There were a couple of 2024 and 2025 papers, but X still has the best result. Correct?", &none).is_none());
        assert_eq!(claimed("X scores 2024 on D", &none).map(|c| c.value), Some(2024.0), "a year-like number claimed as a score still is one");
    }

    #[test]
    fn a_value_of_another_model_conceded_beside_the_claim_is_not_its_number() {
        use crate::pipeline::front::lexicon::EntityKind;
        use crate::pipeline::front::normalize::NormalizedEntity;
        let model = |n: &str| NormalizedEntity { kind: EntityKind::Method, text: n.into(), canonical: n.into(), aliases: vec![], iris: vec![], direction: None, link: None };
        let entities = Normalized { methods: vec![model("Murrelet-MT"), model("Nerrisa")], ..Normalized::default() };
        assert!(claimed("isn't Murrelet-MT still top on D by chrF, even with Nerrisa's 53.4 out?", &entities).is_none());
        assert_eq!(claimed("Murrelet-MT gets 55.1 on D, even with Nerrisa's 53.4 out", &entities).map(|c| c.value), Some(55.1));
    }

    #[test]
    fn a_year_is_the_claimed_number_only_when_no_other_is_stated() {
        let c = claim("2024 brought a comparison paper that repeats corrasine's 7.2 WER - is 7.2 its settled figure?");
        assert!(c.met_by(7.2) && !c.met_by(2024.0));
        assert!(claim("X was the best in 2019 with nothing else said on D 2019").met_by(2019.0));
    }

    #[test]
    fn a_claimed_number_is_met_only_to_the_precision_it_was_written() {
        assert!(claim("X gets 88.6 on D").met_by(88.61));
        assert!(!claim("xlnet gets 96.5 acc on imdb").met_by(96.21));
        assert!(claim("X gets 600 on D").met_by(600.4));
        assert!(!claim("X gets 99.9% on D").met_by(99.70));
    }

    #[test]
    fn a_dot_between_thousands_as_much_of_europe_writes_it_claims_the_thousands_too() {
        assert!(claim("Prior+Duel noop has reached 48.375 of score on D").met_by(48375.0));
        assert!(claim("X gets 9.197 on D").met_by(9197.0));
        assert!(claim("X gets 48.375 on D").met_by(48.375), "the decimal reading still holds");
        assert!(!claim("X gets 0.815 on D").met_by(815.0), "a leading zero is a decimal point");
        assert!(!claim("X gets 48.37 on D").met_by(48370.0), "two digits after the dot are decimals");
        assert!(!claim("X gets 48.375 on D").met_by(48300.0));
    }

    #[test]
    fn a_value_claimed_between_two_numbers_is_met_within_them() {
        let c = claim("X scores between 80 and 90 on D");
        assert_eq!(c.bound, Bound::Between(90.0));
        assert!(c.met_by(85.2) && c.met_by(90.0) && !c.met_by(90.4) && !c.met_by(79.9));
        assert!(claim("is X somewhere in the 80-90 range on D?").met_by(0.87), "a fraction against a range of percentages");
        assert_eq!(claim("X ran from 2019 to 2021 and scored 85 on D").bound, Bound::Exact, "a span of years is no range of scores");
    }

    #[test]
    fn commas_between_digits_and_thousands_written_as_k_are_read() {
        assert!(claim("X gets 95,4 F1 on D").met_by(95.4));
        assert!(!claim("X gets 95,8 F1 on D").met_by(95.4), "95,8 is not 95");
        assert!(claim("X scores 8,978 on Pong").met_by(8978.0));
        assert!(claim("X scores 1,234,567 on D").met_by(1234567.0));
        assert!(claim("X scores about 8.9k on Pong").met_by(8932.0));
        assert!(!claim("X scores about 8.9k on Pong").met_by(8978.0), "8978 rounds to 9.0k");
        assert!(claim("X scores over 8k on Pong").met_by(8978.0));
        assert_eq!(claim("X scores over 8k on Pong").bound, Bound::Above);
        assert!(claim("on D, 90 is what X gets").met_by(90.0), "a comma before a space is punctuation");
        assert!(claim("X reaches 95.4 after 250k steps").met_by(95.4), "a plain number is the claim's");
    }

    #[test]
    fn percentages_and_fractions_meet_each_other() {
        assert!(claim("X reaches 91.7% spl").met_by(0.917));
        assert!(claim("scibert scores 0.849 f1 on scicite").met_by(84.9));
        assert!(!claim("scibert scores 0.849 f1 on scicite").met_by(80.0));
    }

    #[test]
    fn numbers_inside_names_and_years_are_not_claimed() {
        let mut e = Normalized::default();
        e.datasets.push(crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Dataset,
            text: "WMT 2014".into(),
            canonical: "WMT 2014".into(),
            aliases: vec![],
            iris: vec![],
            direction: None,
            link: None,
        });
        let value = |q: &str| claimed(q, &e).map(|c| c.value);
        assert_eq!(value("Is A the best on WMT 2014?"), None);
        assert_eq!(value("Does A reach 28.4 BLEU on WMT 2014?"), Some(28.4));
        assert_eq!(value("Does Zorvath-9 beat A on WMT 2014?"), None);
        assert_eq!(value("the X paper was published in 2020"), None);
        assert_eq!(value("X is the newest model on D (2024), so it's the best, right?"), None);
        assert_eq!(value("the 2025 paper gives X the same accuracy as the original"), None);
        assert_eq!(value("Draft survey, section 3: 'X's accuracy remains the top D result.' Still accurate?"), None, "a section number");
        assert_eq!(value("By the end of 2019, X already led D; that is what slide 4 shows. Is it right?"), None, "a date and a slide");
    }

    #[test]
    fn bounds_compare_instead_of_matching() {
        assert_eq!(claim("xlnet error on ag news is under 5%, right").bound, Bound::Below);
        assert!(claim("xlnet error on ag news is under 5%, right").met_by(4.45));
        assert!(!claim("error is at least 5").met_by(4.45));
        assert!(claim("Fucusnet clears 47.2 Mean IoU on D").met_by(47.5), "clearing a value is a bound");
        assert!(claim("accuracy is ~88.6").met_by(88.61));
    }
}
