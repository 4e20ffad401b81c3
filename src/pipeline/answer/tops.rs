//! The answer to boards ranked by their tops ([`crate::pipeline::front::tops`]): each board's
//! best result under one metric, read as numbers (the graph stores scores as text, and
//! "9.5" sorts above "12.0" as text), ordered as asked, with the place asked for picked out
//! and the result behind each cited. Pure.
use std::collections::{BTreeMap, BTreeSet};

use super::items::AnswerItem;
use crate::pipeline::front::metrics::is_cost;
use crate::pipeline::front::tops::{number, Order, TopsAsk};

/// One result read for a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Result {
    pub board: String,
    pub metric: String,
    /// As the graph holds it.
    pub value: String,
    pub model: Option<String>,
    pub paper: Option<String>,
}

/// What is shown: the boards asked for, and the others counted (for context).
#[derive(Debug, Clone, PartialEq)]
pub struct Ranking {
    pub metric: String,
    pub chosen: Vec<Result>,
    pub context: Vec<Result>,
}

/// Ties past the place asked for are kept up to this many.
const MAX_TIES: usize = 10;
/// Boards named for context after the ones asked for.
const MAX_CONTEXT: usize = 5;

/// A metric's name as compared: "BLEU score" is "BLEU".
fn key(metric: &str) -> String {
    let lowered = metric.trim().to_lowercase();
    match lowered.strip_suffix(" score") {
        Some(head) if !head.is_empty() => head.to_owned(),
        _ => lowered,
    }
}

/// The metric to rank by, as the labels it goes by: the one asked (every label holding its
/// name, so "error" takes "Error" and "Percentage error"), else the one most of the boards
/// record. Its display name is the label most boards carry.
pub fn metric(results: &[Result], asked: &[String]) -> Option<(String, BTreeSet<String>)> {
    let mut boards_of: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for r in results {
        boards_of.entry(r.metric.as_str()).or_default().insert(r.board.as_str());
    }
    let boards = |members: &BTreeSet<String>| members.iter().flat_map(|m| boards_of.get(m.as_str()).into_iter().flatten()).collect::<BTreeSet<_>>().len();
    let group = |hit: &dyn Fn(&str) -> bool| -> BTreeSet<String> { boards_of.keys().filter(|m| hit(&key(m))).map(|m| (*m).to_owned()).collect() };
    let mut best: Option<BTreeSet<String>> = None;
    for a in asked.iter().map(|a| key(a)).filter(|a| !a.is_empty()) {
        let members = group(&|m: &str| m == a || m.contains(a.as_str()));
        if boards(&members) >= 2 && best.as_ref().is_none_or(|b| boards(&members) > boards(b)) {
            best = Some(members);
        }
    }
    let members = best.or_else(|| {
        // A cost column (FLOPS, parameters, GPU days) ranks no board by its results.
        let widest = boards_of.keys().filter(|m| !is_cost(m)).max_by_key(|m| (boards_of[*m].len(), std::cmp::Reverse(m.len())))?;
        let k = key(widest);
        Some(group(&|m: &str| m == k))
    })?;
    let display = members.iter().max_by_key(|m| (boards_of.get(m.as_str()).map_or(0, |b| b.len()), std::cmp::Reverse(m.len())))?.clone();
    Some((display, members))
}

/// Each board's best result under `metric` (its display name and the labels it goes by;
/// `lower_better`: the smallest value is best),
/// ordered as `ask` says, with its place picked out. `None` for fewer than two boards.
pub fn rank(results: &[Result], metric: &(String, BTreeSet<String>), lower_better: bool, ask: &TopsAsk) -> Option<Ranking> {
    let mut best: BTreeMap<&str, (&Result, f64)> = BTreeMap::new();
    for r in results.iter().filter(|r| metric.1.contains(&r.metric)) {
        let Some(v) = number(&r.value) else { continue };
        let better = |old: f64| if lower_better { v < old } else { v > old };
        match best.get(r.board.as_str()) {
            Some((_, old)) if !better(*old) => {}
            _ => {
                best.insert(r.board.as_str(), (r, v));
            }
        }
    }
    if best.len() < 2 {
        return None;
    }
    let descending = match ask.order {
        Order::Highest => true,
        Order::Lowest => false,
        Order::Best => !lower_better,
        Order::Worst => lower_better,
    };
    let mut rows: Vec<(&Result, f64)> = best.into_values().collect();
    rows.sort_by(|a, b| {
        let by = a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal);
        if descending { by.reverse() } else { by }.then_with(|| a.0.board.cmp(&b.0.board))
    });
    let start = (ask.place - 1).min(rows.len() - 1);
    let end = (start + ask.k).min(rows.len());
    let last = rows[end - 1].1;
    let ties = rows[end..].iter().take(MAX_TIES).take_while(|r| r.1 == last).count();
    let chosen: Vec<Result> = rows[start..end + ties].iter().map(|r| r.0.clone()).collect();
    let context: Vec<Result> = rows[..start].iter().chain(rows[end + ties..].iter().take(MAX_CONTEXT)).map(|r| r.0.clone()).collect();
    Some(Ranking { metric: metric.0.clone(), chosen, context })
}

fn order_words(ask: &TopsAsk) -> &'static str {
    match ask.order {
        Order::Highest => "highest",
        Order::Lowest => "lowest",
        Order::Best => "best",
        Order::Worst => "weakest",
    }
}

/// The answer's text; `cite` gives a result's citation marks ("" when none).
pub fn sentence(ranking: &Ranking, ask: &TopsAsk, boards: usize, cite: &dyn Fn(&Result) -> String) -> String {
    let one = |r: &Result| match &r.model {
        Some(m) => format!("{} ({} by {}){}", r.board, r.value, m, cite(r)),
        None => format!("{} ({}){}", r.board, r.value, cite(r)),
    };
    let list = |rs: &[Result]| rs.iter().map(one).collect::<Vec<_>>().join("; ");
    let place = match ask.place {
        2 => "second ",
        3 => "third ",
        _ => "",
    };
    let head = if ask.k > 1 {
        format!("Of {boards} boards with a result by {}, the {} with the {} top {}: {}.", ranking.metric, ask.k, order_words(ask), ranking.metric, list(&ranking.chosen))
    } else {
        format!("Of {boards} boards with a result by {}, the one with the {place}{} top {}: {}.", ranking.metric, order_words(ask), ranking.metric, list(&ranking.chosen))
    };
    if ranking.context.is_empty() {
        head
    } else {
        format!("{head} Others: {}.", list(&ranking.context))
    }
}

/// The answer items: each board asked for, its top value, the metric, and the model that
/// holds it; `number` gives the source number of a result's paper.
pub fn items(ranking: &Ranking, number: &dyn Fn(&Result) -> Option<usize>) -> Vec<AnswerItem> {
    ranking
        .chosen
        .iter()
        .map(|r| AnswerItem {
            value: Some(r.value.clone()),
            sources: number(r).into_iter().collect(),
            metric: Some(r.metric.clone()),
            dataset: Some(r.board.clone()),
            model: r.model.clone(),
            papers: r.paper.iter().cloned().collect(),
            ..AnswerItem::new(&r.board, None)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::tops::read;

    fn results(rows: &[(&str, &str, &str)]) -> Vec<Result> {
        rows.iter().map(|(b, m, v)| Result { board: (*b).into(), metric: (*m).into(), value: (*v).into(), model: Some("M".into()), paper: None }).collect()
    }

    #[test]
    fn boards_are_ranked_by_their_best_value_read_as_a_number() {
        let rs = results(&[("WMT A", "BLEU", "25.8"), ("WMT A", "BLEU", "29.5"), ("WMT B", "BLEU score", "7.98"), ("WMT C", "BLEU", "31.4"), ("WMT C", "Other", "1")]);
        let ask = read("which wmt board has the lowest top bleu score?").expect("read");
        let m = metric(&rs, &["BLEU".into()]).expect("metric");
        let r = rank(&rs, &m, false, &ask).expect("ranked");
        assert_eq!(r.chosen[0].board, "WMT B", "7.98 is below 25.8 as a number, not as text");
        let ask = read("bleu on wmt a, wmt b and wmt c, which one is highest?").expect("read");
        let r = rank(&rs, &m, false, &ask).expect("ranked");
        assert_eq!((r.chosen[0].board.as_str(), r.chosen[0].value.as_str()), ("WMT C", "31.4"));
    }

    #[test]
    fn the_worst_top_of_a_lower_is_better_metric_is_its_highest() {
        let rs = results(&[("MNIST", "Error", "0.5"), ("MNIST", "Error", "5"), ("K-MNIST", "Error", "0.99")]);
        let ask = read("mnist or k-mnist: which has the worst top error?").expect("read");
        let m = metric(&rs, &["error".into()]).expect("metric");
        let r = rank(&rs, &m, true, &ask).expect("ranked");
        assert_eq!(r.chosen[0].board, "K-MNIST", "each board's top is its lowest error; the worst of those is the highest");
    }

    #[test]
    fn the_metric_most_boards_record_is_used_when_none_is_asked() {
        let rs = results(&[("A", "Score", "1"), ("B", "Score", "2"), ("B", "Best Score", "3")]);
        assert_eq!(metric(&rs, &[]).map(|m| m.0).as_deref(), Some("Score"));
        let rs = results(&[("A", "FLOPS", "1G"), ("B", "FLOPS", "2G"), ("A", "Percentage correct", "99.7"), ("B", "Percentage correct", "96.1")]);
        assert_eq!(metric(&rs, &["accuracy".into()]).map(|m| m.0).as_deref(), Some("Percentage correct"), "not a cost column");
        let rs = results(&[("A", "Error", "1"), ("B", "Percentage error", "2"), ("C", "Percentage error", "3")]);
        let (shown, members) = metric(&rs, &["error".into()]).expect("metric");
        assert_eq!((shown.as_str(), members.len()), ("Percentage error", 2), "the asked name takes every label holding it");
    }
}
