//! The answer to a ranking by count ([`crate::pipeline::front::tally`]): the graph's counts
//! ordered, the place asked for picked out, and a sentence that states each count with a
//! paper behind it. A count is a fact about what the graph records, not any one paper's; the
//! paper cited for each is one of those it counts, so a reader can open the records. Ties at
//! the place asked for are all given, since the graph does not order them. Pure.
use super::items::AnswerItem;
use crate::pipeline::front::tally::{Counted, Ranked, Tally};

/// One row of a count: a label, how many, and one paper it counts (its IRI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub label: String,
    pub n: u64,
    pub paper: Option<String>,
}

/// What is shown: the ones asked for, and the others named (for a list of names) or the
/// first (for a place after it) as context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    pub chosen: Vec<Count>,
    pub context: Vec<Count>,
    /// The names listed, when the ranking is of them only.
    pub named: bool,
    /// Rows past those shown with the same count as the last shown: "the fewest" where
    /// dozens tie at one is said as a count, not listed.
    pub more_tied: usize,
}

/// Ties past the place asked for are kept up to this many.
const MAX_TIES: usize = 10;

/// Orders `rows` as `tally` asks and picks its place; `named`: the labels a question lists
/// (empty for the whole graph). `None` when fewer than two named ones are counted, or
/// nothing is.
pub fn rank(mut rows: Vec<Count>, tally: &Tally, named: &[String]) -> Option<Ranking> {
    if !named.is_empty() {
        rows.retain(|r| named.iter().any(|n| n.eq_ignore_ascii_case(&r.label)));
        rows.dedup_by(|a, b| a.label.eq_ignore_ascii_case(&b.label));
        if rows.len() < 2 {
            return None;
        }
    }
    rows.sort_by(|a, b| if tally.fewest { a.n.cmp(&b.n) } else { b.n.cmp(&a.n) }.then_with(|| a.label.cmp(&b.label)));
    if rows.is_empty() {
        return None;
    }
    if tally.middle && !named.is_empty() {
        let at = rows.len() / 2;
        let chosen = vec![rows[at].clone()];
        rows.remove(at);
        return Some(Ranking { chosen, context: rows, named: true, more_tied: 0 });
    }
    // The place asked for, counted over distinct counts' positions as listed: "the second
    // most" is the second row (a tie for first makes both first, and the second is the next
    // count down).
    let start = if tally.place > 1 {
        let first = rows[0].n;
        let tied_first = rows.iter().take_while(|r| r.n == first).count();
        if tied_first > 1 { tied_first } else { tally.place - 1 }
    } else {
        0
    };
    if start >= rows.len() {
        return None;
    }
    let end = (start + tally.k).min(rows.len());
    let last = rows[end - 1].n;
    let tied = rows[end..].iter().take_while(|r| r.n == last).count();
    let ties = tied.min(MAX_TIES);
    let chosen: Vec<Count> = rows[start..end + ties].to_vec();
    let context: Vec<Count> = if named.is_empty() { rows[..start].to_vec() } else { rows.iter().filter(|r| !chosen.contains(r)).cloned().collect() };
    Some(Ranking { chosen, context, named: !named.is_empty(), more_tied: tied - ties })
}

/// What the count counts, where its noun alone does not say: "models" of a dataset are
/// those with a result on it.
fn counted_phrase(counted: Counted, ranked: Ranked) -> Option<&'static str> {
    match (counted, ranked) {
        (Counted::Models, _) => Some("distinct models with a result on each"),
        (Counted::Datasets, _) => Some("distinct datasets each has a result on"),
        (Counted::Papers, Ranked::Datasets) => Some("papers reporting a result on each"),
        _ => None,
    }
}

fn place_word(place: usize) -> &'static str {
    match place {
        2 => "second ",
        3 => "third ",
        _ => "",
    }
}

/// The answer's text; `cite` gives the citation marks of a row's paper ("" when none).
pub fn sentence(ranking: &Ranking, tally: &Tally, ranked: Ranked, cite: &dyn Fn(&Count) -> String) -> String {
    let counted = match counted_phrase(tally.counted, ranked) {
        Some(phrase) => format!("{} ({phrase})", tally.counted.noun()),
        None => tally.counted.noun().to_owned(),
    };
    let one = |c: &Count| format!("{} ({}){}", c.label, c.n, cite(c));
    let list = |cs: &[Count]| cs.iter().map(one).collect::<Vec<_>>().join("; ");
    let order = if tally.fewest { "fewest" } else { "most" };
    let noun = ranked.noun();
    // "; and 15 more with 1 each": a tie past those listed, in the same sentence (a sentence
    // of its own would state without citing).
    let more = match ranking.chosen.last() {
        Some(last) if ranking.more_tied > 0 => format!("; and {} more with {} each", ranking.more_tied, last.n),
        _ => String::new(),
    };
    // What is counted is what the graph records, not everything published; said first, in
    // the sentence that cites.
    let graph = "Counting what the knowledge graph records (not everything published)";
    if ranking.named {
        let all = ranking.chosen.len() + ranking.context.len();
        let head = if tally.middle {
            format!("{graph}, of the {all} named, ranked by {counted}, the one in the middle is {}{more}", list(&ranking.chosen))
        } else if ranking.chosen.len() > 1 {
            format!("{graph}, of the {all} named, these tie with the {order} {counted}: {}{more}", list(&ranking.chosen))
        } else {
            format!("{graph}, of the {all} named, {} has the {}{order} {counted}", one(&ranking.chosen[0]), place_word(tally.place))
        };
        format!("{head}; the others: {}.", list(&ranking.context))
    } else if tally.k > 1 {
        format!("{graph}, the {} {noun}s with the {order} {counted}: {}{more}.", tally.k, list(&ranking.chosen))
    } else {
        let verb = if ranking.chosen.len() > 1 { "tie for" } else { "has" };
        let head = format!("{graph}, the {noun} that {verb} the {}{order} {counted}: {}{more}.", place_word(tally.place), list(&ranking.chosen));
        if ranking.context.is_empty() { head } else { format!("{head} Before it: {}.", list(&ranking.context)) }
    }
}

/// The answer items: each ranked one, its count as the value, measured as "number of
/// <what is counted>"; `number` gives the source number of a row's paper.
pub fn items(ranking: &Ranking, counted: Counted, number: &dyn Fn(&Count) -> Option<usize>) -> Vec<AnswerItem> {
    let metric = format!("number of {}", counted.noun());
    ranking
        .chosen
        .iter()
        .map(|c| AnswerItem {
            value: Some(c.n.to_string()),
            sources: number(c).into_iter().collect(),
            metric: Some(metric.clone()),
            papers: c.paper.iter().cloned().collect(),
            ..AnswerItem::new(&c.label, None)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::tally::read;

    fn counts(rows: &[(&str, u64)]) -> Vec<Count> {
        rows.iter().map(|(l, n)| Count { label: (*l).into(), n: *n, paper: Some(format!("p:{l}")) }).collect()
    }

    fn labels(r: &Ranking) -> Vec<&str> {
        r.chosen.iter().map(|c| c.label.as_str()).collect()
    }

    #[test]
    fn the_second_most_is_the_next_count_down_and_ties_at_the_cut_are_all_given() {
        let rows = counts(&[("A", 9), ("B", 7), ("C", 7), ("D", 3)]);
        let second = read("which model has the second most code links?").expect("a tally");
        assert_eq!(labels(&rank(rows.clone(), &second, &[]).expect("ranked")), ["B", "C"]);
        let top = read("top 1 models by number of datasets").expect("a tally");
        assert_eq!(labels(&rank(rows.clone(), &top, &[]).expect("ranked")), ["A"]);
        let top3 = read("top 3 models by number of datasets").expect("a tally");
        assert_eq!(labels(&rank(rows, &top3, &[]).expect("ranked")), ["A", "B", "C"]);
    }

    #[test]
    fn the_fewest_among_names_listed_counts_only_those_names() {
        let rows = counts(&[("POP3D", 49), ("Reactor 500M", 20), ("Go-Explore", 11), ("Rainbow", 2)]);
        let t = read("of go-explore, reactor 500m and pop3d, which one was tested on the fewest datasets?").expect("a tally");
        let named = vec!["Go-Explore".to_owned(), "Reactor 500M".to_owned(), "POP3D".to_owned()];
        let r = rank(rows, &t, &named).expect("ranked");
        assert_eq!(labels(&r), ["Go-Explore"]);
        let text = sentence(&r, &t, Ranked::Models, &|_| " [1]".into());
        assert!(text.starts_with("Counting what the knowledge graph records (not everything published), of the 3 named, Go-Explore (11) [1] has the fewest datasets"), "{text}");
        assert!(!text.contains("Rainbow"), "{text}");
    }

    #[test]
    fn a_tie_past_the_ties_listed_is_said_as_a_count() {
        let rows: Vec<Count> = (0..30).map(|i| Count { label: format!("P{i:02}"), n: 1, paper: None }).collect();
        let t = read("what are the least studied research problems?").expect("a tally");
        let r = rank(rows, &t, &[]).expect("ranked");
        assert_eq!((r.chosen.len(), r.more_tied), (15, 15));
        assert!(sentence(&r, &t, Ranked::Problems, &|_| String::new()).contains("; and 15 more with 1 each."));
    }

    #[test]
    fn one_name_counted_is_no_ranking_of_names() {
        let rows = counts(&[("POP3D", 49), ("Rainbow", 2)]);
        let t = read("which of pop3d and zorblax has the fewest datasets?").expect("a tally");
        assert_eq!(rank(rows, &t, &["POP3D".to_owned(), "Zorblax".to_owned()]), None);
    }
}
