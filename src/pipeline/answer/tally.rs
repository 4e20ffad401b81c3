//! The answer to a ranking by count ([`crate::pipeline::front::tally`]): the graph's counts
//! ordered, the place asked for picked out, and a sentence that states each count with a
//! paper behind it. A count is a fact about what the graph records, not any one paper's; the
//! paper cited for each is one of those it counts, so a reader can open the records. Ties at
//! the place asked for are all given, since the graph does not order them. A claim about a
//! count ([`judge`]) is held against the same counts. Pure.
use super::items::AnswerItem;
use crate::pipeline::front::tally::{CountClaim, Counted, Ranked, Stated, Tally};
use crate::pipeline::trust::verdict::Label;

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

/// One board's leading result under one metric, as `board_leaders.rq` reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    pub board: String,
    pub metric: String,
    pub value: String,
    pub model: String,
    pub paper: Option<String>,
}

/// The boards each model leads: for every board and metric, the model(s) holding the best
/// value read as a number (the lowest where `lower_better` says so for the metric); a
/// model counts a board once however many of its metrics it leads. Each count keeps one
/// paper behind it, and the boards it counts.
pub fn leads(rows: &[Lead], lower_better: &dyn Fn(&str) -> bool) -> Vec<(Count, Vec<String>)> {
    use std::collections::{BTreeMap, BTreeSet, HashMap};
    // Hashed, not ordered: 315,000 rows at 6.3 M triples, whose long labels an ordered map
    // compares a dozen times each. The result is ordered by model below.
    let mut groups: HashMap<(&str, &str), Vec<(f64, &Lead)>> = HashMap::new();
    for row in rows {
        if let Some(v) = crate::pipeline::front::tops::number(&row.value) {
            groups.entry((row.board.as_str(), row.metric.as_str())).or_default().push((v, row));
        }
    }
    let mut directions: HashMap<&str, bool> = HashMap::new();
    let mut led: BTreeMap<&str, (BTreeSet<&str>, Option<&String>)> = BTreeMap::new();
    for ((board, metric), values) in &groups {
        let lower = *directions.entry(metric).or_insert_with(|| lower_better(metric));
        let best = values.iter().map(|(v, _)| *v).fold(if lower { f64::INFINITY } else { f64::NEG_INFINITY }, |a, v| if lower { a.min(v) } else { a.max(v) });
        for (v, row) in values.iter().filter(|(v, _)| *v == best) {
            let _ = v;
            let entry = led.entry(row.model.as_str()).or_default();
            entry.0.insert(board);
            // The first paper in the rows' order, whatever order the groups are walked in.
            if entry.1.is_none_or(|p| row.paper.as_ref().is_some_and(|r| r < p)) {
                entry.1 = row.paper.as_ref().or(entry.1);
            }
        }
    }
    led.into_iter().map(|(model, (boards, paper))| (Count { label: model.to_owned(), n: boards.len() as u64, paper: paper.cloned() }, boards.into_iter().map(str::to_owned).collect())).collect()
}

/// Ties past the place asked for are kept up to this many.
const MAX_TIES: usize = 10;

/// Orders `rows` as `tally` asks and picks its place; `named`: the labels a question lists
/// (empty for the whole graph). `None` when fewer than two named ones are counted, or
/// nothing is.
pub fn rank(mut rows: Vec<Count>, tally: &Tally, named: &[String]) -> Option<Ranking> {
    if !named.is_empty() {
        rows.retain(|r| named.iter().any(|n| n.eq_ignore_ascii_case(&r.label)));
        // One row per name: labels that differ only in case ("Named Entity Recognition",
        // "Named entity recognition") are two records of what the question names once.
        rows.sort_by(|a, b| a.label.to_lowercase().cmp(&b.label.to_lowercase()).then(b.n.cmp(&a.n)));
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
        (Counted::Tops, _) => Some("boards where each holds the best recorded value under a metric"),
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
/// `within`: the research problems whose boards the ranking is narrowed to, if any.
pub fn sentence(ranking: &Ranking, tally: &Tally, ranked: Ranked, within: &[&str], cite: &dyn Fn(&Count) -> String) -> String {
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
    let graph = match within {
        [] => "Counting what the knowledge graph records (not everything published)".to_owned(),
        problems => format!("Counting what the knowledge graph records (not everything published) on the boards of {}", problems.join(" and ")),
    };
    if ranking.named {
        let all = ranking.chosen.len() + ranking.context.len();
        let head = if tally.middle {
            format!("{graph}, of the {all} named, ranked by {counted}, the one in the middle is {}{more}", list(&ranking.chosen))
        } else if ranking.chosen.len() > 1 {
            format!("{graph}, of the {all} named, these tie with the {order} {counted}: {}{more}", list(&ranking.chosen))
        } else {
            format!("{graph}, of the {all} named, {} has the {}{order} {counted}", one(&ranking.chosen[0]), place_word(tally.place))
        };
        // Every one named tied: no others to list.
        if ranking.context.is_empty() { format!("{head}.") } else { format!("{head}; the others: {}.", list(&ranking.context)) }
    } else if tally.k > 1 {
        format!("{graph}, the {} {noun}s with the {order} {counted}: {}{more}.", tally.k, list(&ranking.chosen))
    } else {
        let (noun, verb) = if ranking.chosen.len() > 1 { (format!("{noun}s"), "tie for") } else { (noun.to_owned(), "has") };
        let head = format!("{graph}, the {noun} that {verb} the {}{order} {counted}: {}{more}.", place_word(tally.place), list(&ranking.chosen));
        if ranking.context.is_empty() { head } else { format!("{head} Before it: {}.", list(&ranking.context)) }
    }
}

/// The answer items: each ranked one, its count as the value, measured as "number of
/// <what is counted>"; `number` gives the source number of a row's paper.
pub fn items(ranking: &Ranking, counted: Counted, number: &dyn Fn(&Count) -> Option<usize>) -> Vec<AnswerItem> {
    ranking.chosen.iter().map(|c| item(c, counted, number)).collect()
}

/// How far apart the first and the last of the names ranked are, when names are ranked.
pub fn gap(ranking: &Ranking) -> Option<u64> {
    let shown: Vec<&Count> = ranking.chosen.iter().chain(&ranking.context).collect();
    let (first, last) = (shown.first()?, shown.last()?);
    (ranking.named && shown.len() >= 2).then(|| first.n.abs_diff(last.n))
}

/// "Atari 2600 Seaquest has 2 more than Atari 2600 Frostbite.": the difference a question
/// asks for ([`Tally::gap`]) between the two names it ranks; `None` otherwise (three or
/// more names are ranked, not subtracted).
pub fn gap_sentence(ranking: &Ranking, tally: &Tally) -> Option<String> {
    let shown: Vec<&Count> = ranking.chosen.iter().chain(&ranking.context).collect();
    let [a, b] = shown.as_slice() else { return None };
    let d = gap(ranking).filter(|_| tally.gap)?;
    Some(match d {
        0 => format!("The difference is 0: {} and {} have {} each.", a.label, b.label, a.n),
        d => {
            let (more, fewer) = if a.n >= b.n { (a, b) } else { (b, a) };
            format!("The difference is {d}: {} has {d} more than {}.", more.label, fewer.label)
        }
    })
}

pub fn item(c: &Count, counted: Counted, number: &dyn Fn(&Count) -> Option<usize>) -> AnswerItem {
    AnswerItem {
        value: Some(c.n.to_string()),
        sources: number(c).into_iter().collect(),
        metric: Some(format!("number of {}", counted.noun())),
        papers: c.paper.iter().cloned().collect(),
        ..AnswerItem::new(&c.label, None)
    }
}

/// A claim about a count, judged: the verdict and the counts it rests on (the names' own
/// and, for a place, the ones that hold it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    pub label: Label,
    pub shown: Vec<Count>,
    /// The ones holding the place a claim of a place names (the first of `shown`).
    pub holders: usize,
}

/// Holds `claim` against `rows`, the whole graph's counts; `named`: the labels it names,
/// its subject first. A name the graph holds with no row has nothing recorded: a count of
/// 0. `None` when a comparison lacks its second name or nothing is counted.
pub fn judge(rows: &[Count], claim: &CountClaim, named: &[String]) -> Option<Judged> {
    let own = |label: &String| count_of(rows, label);
    let subject = own(named.first()?);
    let label = |holds: bool| if holds { Label::Supported } else { Label::Refuted };
    match claim.stated {
        Stated::Than { fewer } => {
            let other = own(named.get(1)?);
            let holds = if fewer { subject.n < other.n } else { subject.n > other.n };
            // Nothing recorded for either is no comparison: the graph cannot say.
            let label = if subject.n == 0 && other.n == 0 { Label::Uncertain } else { label(holds) };
            Some(Judged { label, shown: vec![subject, other], holders: 0 })
        }
        // Nothing recorded is no count to hold against a number.
        Stated::Bound { bound, n } => Some(Judged { label: if subject.n == 0 { Label::Uncertain } else { label(bound.holds(subject.n, n)) }, shown: vec![subject], holders: 0 }),
        Stated::Top { fewest, place } => {
            let tally = Tally { ranked: None, counted: claim.counted, fewest, place, k: 1, middle: false, listed: false, gap: false };
            let ranking = rank(rows.to_vec(), &tally, &[])?;
            let at = ranking.chosen.first()?.n;
            let mut shown: Vec<Count> = ranking.chosen.into_iter().take(3).collect();
            let holders = shown.len();
            if !shown.iter().any(|c| c.label.eq_ignore_ascii_case(&subject.label)) {
                shown.push(subject.clone());
            }
            Some(Judged { label: label(subject.n == at), shown, holders })
        }
    }
}

/// The counts of the names a claim holds, when another it names is not held: no verdict
/// can be reached, and these are the evidence.
pub fn held(rows: &[Count], named: &[String]) -> Judged {
    Judged { label: Label::Uncertain, shown: named.iter().map(|label| count_of(rows, label)).collect(), holders: 0 }
}

/// The count of one name: its row (the larger, where the graph holds its label twice in
/// different case), or none recorded.
fn count_of(rows: &[Count], label: &str) -> Count {
    rows.iter().filter(|r| r.label.eq_ignore_ascii_case(label)).max_by_key(|r| r.n).cloned().unwrap_or(Count { label: label.to_owned(), n: 0, paper: None })
}

/// "ImageNet has 62 models (distinct models with a result on each) [1] and ...": each
/// count, citing a paper it counts.
pub fn counts_sentence(shown: &[Count], counted: Counted, ranked: Ranked, cite: &dyn Fn(&Count) -> String) -> String {
    let phrase = counted_phrase(counted, ranked).map(|p| format!(" ({p})")).unwrap_or_default();
    let parts: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let noun = if c.n == 1 { counted.noun().trim_end_matches('s') } else { counted.noun() };
            let many = if c.n == 0 { "no".to_owned() } else { c.n.to_string() };
            let phrase = if i == 0 { phrase.as_str() } else { "" };
            format!("{} has {many} {noun}{phrase}{}", c.label, cite(c))
        })
        .collect();
    parts.join(" and ")
}

/// The verdict's sentence: the label, then the counts it rests on, each citing a paper it
/// counts (`cite`).
pub fn claim_sentence(judged: &Judged, claim: &CountClaim, ranked: Ranked, cite: &dyn Fn(&Count) -> String) -> String {
    // "1 model", "2 models"; what is counted said once, after the subject's count.
    let noun = |c: &Count| if c.n == 1 { claim.counted.noun().trim_end_matches('s').to_owned() } else { claim.counted.noun().to_owned() };
    let counted = |c: &Count| match counted_phrase(claim.counted, ranked) {
        Some(phrase) => format!("{} ({phrase})", noun(c)),
        None => noun(c),
    };
    // A name the graph holds with nothing counted has "no" models, "none".
    let many = |c: &Count, none: &str| if c.n == 0 { none.to_owned() } else { c.n.to_string() };
    let graph = "counting what the knowledge graph records (not everything published)";
    let body = match (claim.stated, judged.shown.as_slice()) {
        (Stated::Than { .. }, [a, b]) => {
            let same = match (a.n, b.n) {
                (0, 0) => ": it records no such count for either, so there is nothing to compare",
                (x, y) if x == y => ": the same number",
                _ => "",
            };
            format!("{graph}, {} has {} {}{} and {} {}{}{same}.", a.label, many(a, "no"), counted(a), cite(a), b.label, many(b, "none"), cite(b))
        }
        (Stated::Bound { bound, n }, [a, ..]) => {
            let not = if bound.holds(a.n, n) { "" } else { "not " };
            if a.n == 0 {
                format!("{graph}, it records no {} for {}: no count to hold against {n}.", claim.counted.noun(), a.label)
            } else {
                format!("{graph}, {} has {} {}{}: {not}{} {n}.", a.label, many(a, "no"), counted(a), cite(a), bound.words())
            }
        }
        (Stated::Top { fewest, place }, shown) => {
            let order = if fewest { "fewest" } else { "most" };
            let holders: Vec<String> = shown.iter().take(judged.holders).map(|c| format!("{} ({}){}", c.label, c.n, cite(c))).collect();
            let noun = ranked.noun();
            let what = counted(&Count { label: String::new(), n: 2, paper: None });
            let head = if holders.len() > 1 { format!("the {noun}s tied with the {}{order} {what} are {}", place_word(place), holders.join(", ")) } else { format!("the {noun} with the {}{order} {what} is {}", place_word(place), holders.join(", ")) };
            match shown.get(judged.holders) {
                Some(subject) => format!("{graph}, {head}; {} has {}{}.", subject.label, many(subject, "none"), cite(subject)),
                None => format!("{graph}, {head}."),
            }
        }
        _ => format!("{graph}, nothing is counted."),
    };
    format!("{}: {body}", judged.label.as_str())
}

/// Boards of one model's lead named in its sentence; the rest are counted.
pub const MAX_LED_LISTED: usize = 20;

/// "Counting what the knowledge graph records (not everything published), ApproxRepSet
/// leads 9 boards (...) [1]: 20NEWS; Amazon; ...": the boards one model leads.
pub fn led_sentence(count: &Count, boards: &[String], cite: &str) -> String {
    let graph = "Counting what the knowledge graph records (not everything published)";
    let what = "holding the best recorded value under a metric";
    match boards {
        [] => format!("The knowledge graph records no board where {} holds the best recorded value under a metric.", count.label),
        [one] => format!("{graph}, {} leads 1 board ({what}){cite}: {one}.", count.label),
        _ if boards.len() > MAX_LED_LISTED => format!("{graph}, {} leads {} boards ({what}){cite}, among them {}; and {} more.", count.label, boards.len(), boards[..MAX_LED_LISTED].join("; "), boards.len() - MAX_LED_LISTED),
        _ => format!("{graph}, {} leads {} boards ({what}){cite}: {}.", count.label, boards.len(), boards.join("; ")),
    }
}

/// The items of what a count counts (a board's models, a problem's papers): the evidence
/// of a count against a number.
pub fn member_items(members: &[String]) -> Vec<AnswerItem> {
    members.iter().map(|m| AnswerItem::new(m, None)).collect()
}

/// The answer items of a judged claim: every count it rests on.
pub fn claim_items(judged: &Judged, counted: Counted, number: &dyn Fn(&Count) -> Option<usize>) -> Vec<AnswerItem> {
    judged.shown.iter().map(|c| item(c, counted, number)).collect()
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
        let text = sentence(&r, &t, Ranked::Models, &[], &|_| " [1]".into());
        assert!(text.starts_with("Counting what the knowledge graph records (not everything published), of the 3 named, Go-Explore (11) [1] has the fewest datasets"), "{text}");
        assert!(!text.contains("Rainbow"), "{text}");
    }

    #[test]
    fn how_many_more_states_both_counts_and_their_difference() {
        let rows = counts(&[("Seaquest", 32), ("Frostbite", 30), ("Pong", 28)]);
        let t = read("how many more models on Seaquest than on Frostbite?").expect("a tally");
        let named = vec!["Seaquest".to_owned(), "Frostbite".to_owned()];
        let r = rank(rows.clone(), &t, &named).expect("ranked");
        assert_eq!(gap_sentence(&r, &t).as_deref(), Some("The difference is 2: Seaquest has 2 more than Frostbite."));
        let tied = rank(counts(&[("BIOSSES", 5), ("MedSTS", 5)]), &t, &["BIOSSES".to_owned(), "MedSTS".to_owned()]).expect("ranked");
        assert_eq!(gap_sentence(&tied, &t).as_deref(), Some("The difference is 0: BIOSSES and MedSTS have 5 each."));
        let text = sentence(&tied, &t, Ranked::Datasets, &[], &|_| String::new());
        assert!(!text.contains("the others"), "no others when all tie: {text}");
        let which = read("which has more models, Seaquest or Frostbite?").expect("a tally");
        assert_eq!(gap_sentence(&r, &which), None, "not asked");
    }

    #[test]
    fn a_tie_past_the_ties_listed_is_said_as_a_count() {
        let rows: Vec<Count> = (0..30).map(|i| Count { label: format!("P{i:02}"), n: 1, paper: None }).collect();
        let t = read("what are the least studied research problems?").expect("a tally");
        let r = rank(rows, &t, &[]).expect("ranked");
        assert_eq!((r.chosen.len(), r.more_tied), (15, 15));
        assert!(sentence(&r, &t, Ranked::Problems, &[], &|_| String::new()).contains("; and 15 more with 1 each."));
        let one = read("which research problem has the fewest papers?").expect("a tally");
        let rows: Vec<Count> = (0..3).map(|i| Count { label: format!("P{i}"), n: 1, paper: None }).collect();
        let text = sentence(&rank(rows, &one, &[]).expect("ranked"), &one, Ranked::Problems, &[], &|_| String::new());
        assert!(text.contains("the research problems that tie for the fewest papers: P0 (1); P1 (1); P2 (1)."), "{text}");
    }

    #[test]
    fn a_claim_of_a_count_is_held_against_the_graphs_counts() {
        use crate::pipeline::front::tally::claim;
        let rows = counts(&[("CIFAR-10", 29), ("ImageNet", 20), ("SQuAD1.1", 25), ("CoQA", 8)]);
        let c = claim("is imagenet the dataset with the most models?").expect("a claim");
        let j = judge(&rows, &c, &["ImageNet".to_owned()]).expect("judged");
        assert_eq!(j.label, Label::Refuted);
        let text = claim_sentence(&j, &c, Ranked::Datasets, &|c| format!(" [{}]", c.label));
        assert!(text.starts_with("REFUTED: counting what the knowledge graph records") && text.contains("is CIFAR-10 (29) [CIFAR-10]; ImageNet has 20 [ImageNet]."), "{text}");
        let c = claim("does squad1.1 have more models than coqa?").expect("a claim");
        assert_eq!(judge(&rows, &c, &["SQuAD1.1".to_owned(), "CoQA".to_owned()]).unwrap().label, Label::Supported);
        assert_eq!(judge(&rows, &c, &["CoQA".to_owned(), "SQuAD1.1".to_owned()]).unwrap().label, Label::Refuted);
        assert_eq!(judge(&rows, &c, &["SQuAD1.1".to_owned()]), None, "a comparison needs its second name");
        let c = claim("more than 10 models were evaluated on coqa").expect("a claim");
        let j = judge(&rows, &c, &["CoQA".to_owned()]).unwrap();
        assert_eq!(j.label, Label::Refuted);
        let text = claim_sentence(&j, &c, Ranked::Datasets, &|_| String::new());
        assert!(text.ends_with("CoQA has 8 models (distinct models with a result on each): not more than 10."), "{text}");
        let j = judge(&rows, &c, &["Penn Treebank".to_owned()]).unwrap();
        assert_eq!((j.label, j.shown[0].n), (Label::Uncertain, 0), "nothing recorded is no count to hold against a number");
        let c = claim("penn treebank has more models than wikitext-2").expect("a claim");
        assert_eq!(judge(&rows, &c, &["Penn Treebank".to_owned(), "WikiText-2".to_owned()]).unwrap().label, Label::Uncertain, "nothing recorded for either");
    }

    #[test]
    fn a_name_whose_label_differs_only_in_case_is_ranked_once() {
        let rows = counts(&[("Named Entity Recognition", 1), ("Relation Extraction", 33), ("Named entity recognition", 2)]);
        let t = read("which has more papers, ner or relation extraction?").expect("a tally");
        let r = rank(rows, &t, &["Named Entity Recognition".to_owned(), "Relation Extraction".to_owned()]).expect("ranked");
        assert_eq!((labels(&r), r.context.len()), (vec!["Relation Extraction"], 1));
        assert_eq!(r.context[0].n, 2, "the larger of the two records");
    }

    #[test]
    fn one_name_counted_is_no_ranking_of_names() {
        let rows = counts(&[("POP3D", 49), ("Rainbow", 2)]);
        let t = read("which of pop3d and zorblax has the fewest datasets?").expect("a tally");
        assert_eq!(rank(rows, &t, &["POP3D".to_owned(), "Zorblax".to_owned()]), None);
    }
}
