//! "Which models does 'A Replication of X' re-run, and do its numbers match the models' own
//! papers?": each result a paper reports, set beside what other papers report for the same
//! model, board and metric. A value the trust stage set aside in a conflict is still what
//! its paper reports, so both the kept and the removed results are read. Values are
//! compared as numbers ("88.3%" is 88.3). Carried as an account ([`Verdict::dated`]): the
//! paper's results and the values that differ from them are the answer's items. The same
//! reading answers which papers state a value ("who reports X's 79.5 on D?", [`sources`]),
//! whether the papers agree on one ([`papers_agree`]), and what a model reaches on a
//! research problem's boards ([`results_on`]). Pure.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::verdict::{FactRef, Verdict};
use super::PaperRef;
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::evidence::scores::{parse_score, value_key};
use crate::pipeline::evidence::{Evidence, ResultFact};
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};

/// How many of the paper's results are told one by one (the rest are counted).
const TOLD: usize = 12;

fn paper_ref(iri: &str, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> PaperRef {
    PaperRef { iri: iri.to_owned(), title: super::facts::title_of(iri, evidence, metas), year: metas.get(iri).and_then(|m| m.year) }
}

/// "\"Title\" (2021)", or the title alone when the paper has no year.
pub(super) fn named(p: &PaperRef) -> String {
    match p.year {
        Some(y) => format!("\"{}\" ({y})", p.title),
        None => format!("\"{}\"", p.title),
    }
}

/// The same recorded score ("88.3%" and "88.3" are), by the key facts are kept under.
pub(super) fn same_value(a: &ResultFact, b: &ResultFact) -> bool {
    a.value.as_deref().and_then(value_key) == b.value.as_deref().and_then(value_key)
}


/// "Which of the X papers don't carry a usable publication year?": of the papers found (best
/// match first), those whose year is missing or not a year (a month under the year
/// predicate), each cited; or that every one has a year.
pub fn undated(papers: &[&str], evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    if papers.is_empty() {
        return None;
    }
    let found: Vec<PaperRef> = papers.iter().map(|p| paper_ref(p, evidence, metas)).collect();
    let undated: Vec<&PaperRef> = found.iter().filter(|p| p.year.is_none()).collect();
    if undated.is_empty() {
        return Some(Verdict::dated(format!("Every one of the {} papers found records a usable year", found.len()), Vec::new()));
    }
    let why = |p: &PaperRef| metas.get(&p.iri).and_then(|m| m.note.as_ref()).map_or(" (no year recorded)".to_owned(), |_| " (its year field holds no valid year)".to_owned());
    let listed = undated.iter().map(|p| format!("\"{}\"{}", p.title, why(p))).collect::<Vec<_>>().join("; ");
    let facts = undated
        .iter()
        .map(|p| FactRef { statement: format!("\"{}\" records no usable year", p.title), subject: p.title.clone(), model: String::new(), dataset: String::new(), metric: String::new(), value: String::new(), papers: vec![(*p).clone()], sources: Vec::new() })
        .collect();
    Some(Verdict::dated(format!("The graph records no usable year for {} of the {} papers found: {listed}", undated.len(), found.len()), facts))
}

/// The results of the first of `papers` (best match first) that reports any, each with the
/// other papers that agree or differ; `None` when none of them reports a result.
/// A board or a metric the question names narrows them ("in 'P', what BLEU does GPT-3 get
/// on D?"), unless the paper reports nothing there.
pub fn account(papers: &[&str], entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    let all: Vec<&ResultFact> = evidence.results.iter().chain(&evidence.removed).collect();
    let paper = papers.iter().copied().find(|p| all.iter().any(|r| r.paper.as_deref() == Some(*p)))?;
    // A board by its resource or a name of it; a metric so, or else by every word of it
    // ("micro precision" is "Micro Precision", "spl" not "SOFT_SPL" where SPL is held).
    let exact = |e: &NormalizedEntity, iri: &str, label: &str| e.iris.iter().any(|i| i == iri) || e.names(label);
    let loose = |e: &NormalizedEntity, iri: &str, label: &str| exact(e, iri, label) || e.named_by_words(label);
    let on = entities.datasets.iter().filter(|d| d.is_linked()).collect::<Vec<_>>();
    let asked = |r: &&ResultFact, by: &dyn Fn(&NormalizedEntity, &str, &str) -> bool| {
        (on.is_empty() || on.iter().any(|d| exact(d, &r.dataset.iri, r.dataset.display())))
            && (entities.metrics.is_empty() || r.metric.as_ref().is_some_and(|m| entities.metrics.iter().any(|e| by(e, &m.iri, m.display()))))
    };
    let reported: Vec<&ResultFact> = all.iter().copied().filter(|r| r.paper.as_deref() == Some(paper)).collect();
    let narrowed: Vec<&ResultFact> = reported.iter().copied().filter(|r| asked(r, &exact)).collect();
    let narrowed = if narrowed.is_empty() { reported.iter().copied().filter(|r| asked(r, &loose)).collect() } else { narrowed };
    let reported = if narrowed.is_empty() { reported } else { narrowed };
    let mut own: Vec<&ResultFact> = Vec::new();
    for r in reported {
        if !own.iter().any(|o| o.model == r.model && o.dataset.iri == r.dataset.iri && o.metric == r.metric && same_value(o, r)) {
            own.push(r);
        }
    }
    let this = paper_ref(paper, evidence, metas);
    let mut told = Vec::new();
    let mut facts = Vec::new();
    let (mut matching, mut differing, mut alone) = (0, 0, 0);
    for r in &own {
        let others: Vec<&ResultFact> = all
            .iter()
            .copied()
            .filter(|o| o.paper.as_deref().is_some_and(|p| p != paper) && o.model.is_some() && o.model == r.model && o.dataset.iri == r.dataset.iri && o.metric == r.metric)
            .collect();
        let mut agree: Vec<PaperRef> = Vec::new();
        let mut differ: Vec<(&ResultFact, PaperRef)> = Vec::new();
        for o in others {
            let p = paper_ref(o.paper.as_deref().unwrap_or_default(), evidence, metas);
            if same_value(r, o) {
                if !agree.iter().any(|a| a.iri == p.iri) {
                    agree.push(p);
                }
            } else if !differ.iter().any(|(d, q)| q.iri == p.iri && same_value(d, o)) {
                differ.push((o, p));
            }
        }
        let model = r.model.as_ref().map_or("a model", |m| m.display());
        let metric = r.metric.as_ref().map(|m| format!(" by {}", m.display())).unwrap_or_default();
        let mut words = format!("{model} at {}{metric} on {}", r.value.as_deref().unwrap_or("no value"), r.dataset.display());
        if !agree.is_empty() {
            words.push_str(&format!(", the same as {}", agree.iter().map(named).collect::<Vec<_>>().join(" and ")));
        }
        if !differ.is_empty() {
            let said = differ.iter().map(|(o, p)| format!("{} reports {}", named(p), o.value.as_deref().unwrap_or("no value"))).collect::<Vec<_>>().join(" and ");
            words.push_str(&format!("{}{said}", if agree.is_empty() { ", but " } else { ", while " }));
        }
        if agree.is_empty() && differ.is_empty() {
            words.push_str(", which no other paper in the graph reports");
        }
        match (agree.is_empty(), differ.is_empty()) {
            (_, false) => differing += 1,
            (false, true) => matching += 1,
            (true, true) => alone += 1,
        }
        if told.len() < TOLD {
            told.push(words);
            facts.push(FactRef::of_result(r, [vec![this.clone()], agree].concat()));
            facts.extend(differ.into_iter().map(|(o, p)| FactRef::of_result(o, vec![p])));
        }
    }
    let more = own.len().saturating_sub(TOLD);
    let more = if more > 0 { format!(", and {more} more") } else { String::new() };
    let summary = match (matching, differing, alone) {
        (m, 0, 0) if m > 1 => "; every one matches what the other papers report".to_owned(),
        (1, 0, 0) => "; it matches what the other papers report".to_owned(),
        (_, 0, _) => String::new(),
        (_, d, _) => format!("; {d} of them differ from another paper's value"),
    };
    Some(Verdict::dated(format!("{} reports {}{more}{summary}", named(&this), told.join("; ")), facts))
}

/// The model's results, kept and set aside, on the boards (and by the metrics) the question
/// names: a value set aside is still what its paper reports.
fn named_results<'a>(model: &NormalizedEntity, entities: &Normalized, evidence: &'a Evidence) -> Vec<&'a ResultFact> {
    let of_model = |r: &&ResultFact| r.model.as_ref().is_some_and(|m| super::verdict::model_of(model, &m.iri, m.display()));
    let on_named = |r: &&ResultFact| {
        (entities.datasets.is_empty() || entities.datasets.iter().any(|d| d.iris.contains(&r.dataset.iri)))
            && (entities.metrics.is_empty() || r.metric.as_ref().is_some_and(|m| entities.metrics.iter().any(|e| e.iris.contains(&m.iri) || e.names(m.display()))))
    };
    evidence.results.iter().chain(&evidence.removed).filter(of_model).filter(on_named).collect()
}

/// Two papers' values for the model the question names, on the boards (and metric) it names:
/// the paper its words describe (a title sharing the most of them, the model's own paper
/// and names excepted) against the model's own paper (titled "X: ..."). `SUPPORTED` when
/// every board both report agrees, `REFUTED` when one differs, `UNCERTAIN` when they share
/// none; `None` when the question does not ask this or either paper cannot be told.
pub fn agreement(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    if !crate::pipeline::front::classify::compares_papers(question) {
        return None;
    }
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    let all = named_results(model, entities, evidence);
    let title = |iri: &str| paper_ref(iri, evidence, metas);
    let is_own = |iri: &str| super::verdict::is_own_paper(model, &title(iri).title);
    let mut papers: Vec<&str> = all.iter().filter_map(|r| r.paper.as_deref()).collect();
    papers.sort_unstable();
    papers.dedup();
    let own = papers.iter().copied().find(|p| is_own(p))?;
    let asked = super::verdict::telling_words(question, entities);
    let overlap = |p: &str| super::verdict::telling_words(&title(p).title, entities).intersection(&asked).count();
    let best = papers.iter().copied().filter(|p| *p != own).map(overlap).max().filter(|n| *n > 0)?;
    let described: Vec<&str> = papers.iter().copied().filter(|p| *p != own && overlap(p) == best).collect();
    let [other] = described.as_slice() else { return None };
    let (own_ref, other_ref) = (title(own), title(other));
    let in_paper = |p: &str| -> Vec<&ResultFact> { all.iter().copied().filter(|r| r.paper.as_deref() == Some(p)).collect() };
    let (mine, theirs) = (in_paper(own), in_paper(other));
    let mut facts = Vec::new();
    let mut told = Vec::new();
    let mut differ = false;
    // A value the trust stage set aside is said as such, never listed as the answer.
    for t in &theirs {
        let Some(o) = mine.iter().find(|o| o.dataset.iri == t.dataset.iri && o.metric == t.metric) else { continue };
        let metric = t.metric.as_ref().map(|m| format!(" by {}", m.display())).unwrap_or_default();
        let (v, w) = (t.value.as_deref().unwrap_or("no value"), o.value.as_deref().unwrap_or("no value"));
        if same_value(t, o) {
            told.push(format!("both report {v} for {} on {}{metric}", model.canonical, t.dataset.display()));
        } else {
            differ = true;
            let kept = match (evidence.sets_aside(t), evidence.sets_aside(o)) {
                (false, true) => format!("; the graph keeps {v} and sets {w} aside"),
                (true, false) => format!("; the graph keeps {w} and sets {v} aside"),
                _ => String::new(),
            };
            told.push(format!("{} reports {v} for {} on {}{metric}, its own paper {w}{kept}", named(&other_ref), model.canonical, t.dataset.display()));
        }
        facts.extend([(t, &other_ref), (o, &own_ref)].into_iter().filter(|(r, _)| !evidence.sets_aside(r)).map(|(r, p)| FactRef::of_result(r, vec![p.clone()])));
    }
    let pair = format!("{} and {}", named(&other_ref), named(&own_ref));
    let verdict = if told.is_empty() {
        Verdict { verdict: super::verdict::Label::Uncertain, relation: "agree".into(), reason: format!("{pair} report no result of {} on the same board and metric", model.canonical), supporting: vec![], contradicting: vec![] }
    } else if differ {
        Verdict { verdict: super::verdict::Label::Refuted, relation: "agree".into(), reason: format!("{pair} differ: {}", told.join("; ")), supporting: vec![], contradicting: facts }
    } else {
        Verdict { verdict: super::verdict::Label::Supported, relation: "agree".into(), reason: format!("{pair} agree: {}", told.join("; ")), supporting: facts, contradicting: vec![] }
    };
    Some(verdict)
}

/// "X was also tried on T: which paper did that, and what mean IoU did it reach?": the
/// named model's results on the boards `entities` names (a research problem's, read for
/// it), each with the papers stating it; a value the trust stage set aside is no item.
/// `None` when it has none there.
pub fn results_on(entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    let stated = by_value(named_results(model, entities, evidence).into_iter().filter(|r| r.paper.is_some() && !evidence.sets_aside(r)).collect(), evidence, metas);
    if stated.is_empty() {
        return None;
    }
    let said: Vec<String> = stated
        .iter()
        .map(|(r, papers)| {
            let metric = r.metric.as_ref().map(|m| format!(" by {}", m.display())).unwrap_or_default();
            format!("{}{metric} on {}, in {}", r.value.as_deref().unwrap_or("no value"), r.dataset.display(), papers.iter().map(named).collect::<Vec<_>>().join(" and "))
        })
        .collect();
    let facts = stated.iter().map(|(r, papers)| FactRef::of_result(r, papers.clone())).collect();
    let there = entities.tasks.iter().find(|t| t.is_linked()).map_or_else(|| "there".to_owned(), |t| format!("on {}", t.canonical));
    Some(Verdict::dated(format!("{}'s results {there}: {}", model.canonical, said.join("; ")), facts))
}

/// "Only one paper puts X at 86 F1 on D, right?": how many papers state the value the claim
/// gives for the model it names, against the count it claims ("only one", "exactly two",
/// "a single paper"). A value set aside is still stated by its papers. `None` when the claim
/// counts no papers, names no model or value, or no paper states the value (the value
/// itself is then what the ordinary judgement reads).
pub fn papers_count(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    use super::numbers::{claimed, Bound};
    use super::verdict::Label;
    static COUNTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:only|just|exactly)\s+(one|a single|two|three|four|five|\d)\s+(?:papers?|stud(?:y|ies)|sources?|publications?|articles?)\b|\b(?:no|not a single)\s+other\s+(?:paper|study|source|publication)\b")
            .unwrap_or_else(|e| panic!("counted pattern: {e}"))
    });
    let c = COUNTED.captures(question)?;
    let said = c.get(1).map_or("one", |m| m.as_str()).to_lowercase();
    let n: usize = match said.as_str() {
        "one" | "a single" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        digits => digits.parse().ok()?,
    };
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    // The count is no value: "only one paper puts X at 86" claims 86.
    let counted = question.replacen(c.get(0)?.as_str(), " ", 1);
    let asked = claimed(&counted, entities).filter(|v| v.bound == Bound::Exact)?;
    let meets = |r: &&ResultFact| r.paper.is_some() && r.value.as_deref().and_then(parse_score).is_some_and(|v| asked.met_by(v));
    let stated = by_value(named_results(model, entities, evidence).into_iter().filter(meets).collect(), evidence, metas);
    let mut papers: Vec<PaperRef> = stated.iter().flat_map(|(_, p)| p.iter().cloned()).collect();
    papers.sort_by(|a, b| (a.year, &a.title).cmp(&(b.year, &b.title)));
    papers.dedup_by(|a, b| a.iri == b.iri);
    if papers.is_empty() {
        return None;
    }
    let facts: Vec<FactRef> = stated.iter().map(|(r, p)| FactRef::of_result(r, p.clone())).collect();
    let listed = papers.iter().map(named).collect::<Vec<_>>().join(" and ");
    let reason = format!("{} {} {}'s {}: {listed}", papers.len(), if papers.len() == 1 { "paper reports" } else { "papers report" }, model.canonical, asked.describe());
    Some(if papers.len() == n {
        Verdict { verdict: Label::Supported, relation: "score".into(), reason, supporting: facts, contradicting: vec![] }
    } else {
        Verdict { verdict: Label::Refuted, relation: "score".into(), reason, supporting: vec![], contradicting: facts }
    })
}

/// "Every paper with a D result has a DOI, so I can cite them all by DOI": the papers stating
/// a result on the board named, each with its DOIs. One without a DOI refutes it; `None`
/// when the claim is not one, names no board, or no paper states a result there.
pub fn every_has_doi(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    use super::verdict::Label;
    static EVERY_DOI: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:every|each|all(?:\s+(?:the|of\s+the))?)\s+(?:papers?|publications?|sources?|articles?)\b[^?]{0,80}?\b(?:has|have|carr(?:y|ies)|comes?\s+with|lists?|records?)\s+(?:an?\s+|their\s+|its\s+)?DOIs?\b")
            .unwrap_or_else(|e| panic!("every-DOI pattern: {e}"))
    });
    if !EVERY_DOI.is_match(question) {
        return None;
    }
    let boards: Vec<&NormalizedEntity> = entities.datasets.iter().filter(|d| d.is_linked()).collect();
    if boards.is_empty() {
        return None;
    }
    let mut papers: Vec<(PaperRef, Vec<String>, &ResultFact)> = Vec::new();
    for r in evidence.results.iter().filter(|r| scored(r) && boards.iter().any(|d| d.iris.contains(&r.dataset.iri))) {
        let Some(iri) = r.paper.as_deref() else { continue };
        if papers.iter().any(|(p, _, _)| p.iri == iri) {
            continue;
        }
        let meta = metas.get(iri);
        let paper = PaperRef { iri: iri.to_owned(), title: meta.map_or_else(|| iri.to_owned(), |m| m.title.clone()), year: meta.and_then(|m| m.year) };
        papers.push((paper, meta.map(|m| m.dois.clone()).unwrap_or_default(), r));
    }
    if papers.is_empty() {
        return None;
    }
    let on = evidence.results.iter().find(|r| boards.iter().any(|d| d.iris.contains(&r.dataset.iri))).map_or(boards[0].canonical.as_str(), |r| r.dataset.display());
    let (with, without): (Vec<_>, Vec<_>) = papers.iter().partition(|(_, dois, _)| !dois.is_empty());
    let shown = |v: &[&(PaperRef, Vec<String>, &ResultFact)]| v.iter().map(|(p, _, r)| FactRef::of_result(r, vec![p.clone()])).collect::<Vec<_>>();
    Some(if without.is_empty() {
        let reason = format!("each of the {} papers with a result on {on} has a DOI: {}", papers.len(), with.iter().map(|(p, dois, _)| format!("{} ({})", named(p), dois[0])).collect::<Vec<_>>().join(", "));
        Verdict { verdict: Label::Supported, relation: "doi".into(), reason, supporting: shown(&with), contradicting: vec![] }
    } else {
        let missing = without.iter().map(|(p, _, _)| named(p)).collect::<Vec<_>>().join(" and ");
        let reason = format!("the graph records no DOI for {missing}, {} of the {} papers with a result on {on}", without.len(), papers.len());
        Verdict { verdict: Label::Refuted, relation: "doi".into(), reason, supporting: vec![], contradicting: shown(&without) }
    })
}

/// A result with a paper and a number (not "-").
fn scored(r: &ResultFact) -> bool {
    r.paper.is_some() && r.value.as_deref().and_then(parse_score).is_some()
}

/// A value and the papers stating it.
type Stated<'a> = (&'a ResultFact, Vec<PaperRef>);

/// Each value of `results` on each board (and metric), with the papers stating it, oldest
/// first ("88.3%" and "88.3" are one value).
fn by_value<'a>(results: Vec<&'a ResultFact>, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Vec<Stated<'a>> {
    let mut stated: Vec<Stated> = Vec::new();
    for r in results {
        let paper = paper_ref(r.paper.as_deref().unwrap_or_default(), evidence, metas);
        match stated.iter_mut().find(|(v, _)| v.dataset.iri == r.dataset.iri && v.metric == r.metric && same_value(v, r)) {
            Some((_, papers)) if !papers.iter().any(|p| p.iri == paper.iri) => papers.push(paper),
            Some(_) => {}
            None => stated.push((r, vec![paper])),
        }
    }
    for (_, papers) in &mut stated {
        papers.sort_by(|a, b| (a.year, &a.title).cmp(&(b.year, &b.title)));
    }
    stated
}

/// "Do the papers agree on X's accuracy on D?", "is X's F1 on D the same in every paper?"
static AGREE_ALL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:do|does|did)\s+(?:the\s+|all\s+(?:the\s+)?|both\s+)?(?:papers|sources|studies|publications)\s+(?:all\s+)?(?:agree|concur|report the same|give the same)\b|\b(?:the\s+)?same\s+in\s+(?:every|each|all|both)\s+(?:the\s+)?(?:papers?|sources?|stud(?:y|ies))\b|\bconsistent(?:ly)?\s+(?:reported\s+)?(?:across|between|among|in)\s+(?:all\s+)?(?:the\s+)?(?:papers|sources|studies)\b")
        .unwrap_or_else(|e| panic!("rerun pattern: {e}"))
});

/// Whether a claim asks whether every paper reports the same value for a result.
pub fn asks_papers_agree(question: &str) -> bool {
    AGREE_ALL.is_match(question)
}

/// "Do the papers agree on X's accuracy on D?": every paper's value for the model the claim
/// names, on each board (and metric) it names. `REFUTED` when two papers give different
/// values on a board (a value the trust stage set aside is still its paper's, and is said,
/// but is no item), `SUPPORTED` when at least two papers report it and all give the same
/// value ("88.3%" is 88.3), `UNCERTAIN` when only one paper reports it; `None` when the
/// claim does not ask this or names no model with results there.
pub fn papers_agree(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Option<Verdict> {
    use super::verdict::Label;
    if !AGREE_ALL.is_match(question) {
        return None;
    }
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    let all: Vec<&ResultFact> = named_results(model, entities, evidence).into_iter().filter(|r| scored(r)).collect();
    // Each board's values, each with the papers stating it.
    let mut boards: BTreeMap<(String, String), Vec<Stated>> = BTreeMap::new();
    for r in &all {
        let key = (r.dataset.display().to_owned(), r.metric.as_ref().map_or(String::new(), |m| m.display().to_owned()));
        let values = boards.entry(key).or_default();
        let paper = paper_ref(r.paper.as_deref().unwrap_or_default(), evidence, metas);
        match values.iter_mut().find(|(v, _)| same_value(v, r)) {
            Some((_, papers)) if !papers.iter().any(|p| p.iri == paper.iri) => papers.push(paper),
            Some(_) => {}
            None => values.push((r, vec![paper])),
        }
    }
    if boards.is_empty() {
        // Evaluated there with no value recorded ("-"): nothing to agree or differ on.
        let unscored: Vec<FactRef> = named_results(model, entities, evidence).into_iter().map(|r| FactRef::of_result(r, vec![paper_ref(r.paper.as_deref().unwrap_or_default(), evidence, metas)])).collect();
        return (!unscored.is_empty()).then(|| super::verdict::uncertain("agree", format!("The graph records {} there with no value, so there is nothing for papers to agree or differ on", model.canonical), vec![], unscored));
    }
    let (mut agree, mut differ, mut alone) = (Vec::new(), Vec::new(), Vec::new());
    let (mut supporting, mut contradicting) = (Vec::new(), Vec::new());
    for ((dataset, metric), values) in &boards {
        let by = if metric.is_empty() { String::new() } else { format!(" by {metric}") };
        let each = |(r, papers): &Stated| {
            let aside = if evidence.sets_aside(r) { ", which the graph sets aside" } else { "" };
            format!("{} in {}{aside}", r.value.as_deref().unwrap_or_default(), papers.iter().map(named).collect::<Vec<_>>().join(" and "))
        };
        match values.as_slice() {
            [(r, papers)] if papers.len() > 1 => {
                agree.push(format!("on {dataset}{by}, {} all report {}", papers.iter().map(named).collect::<Vec<_>>().join(", "), r.value.as_deref().unwrap_or_default()));
                supporting.push(FactRef::of_result(r, papers.clone()));
            }
            [(_, papers)] => alone.push(format!("on {dataset}{by}, only {} reports it", papers.iter().map(named).collect::<Vec<_>>().join(", "))),
            many => {
                differ.push(format!("on {dataset}{by}, the papers differ: {}", many.iter().map(each).collect::<Vec<_>>().join("; ")));
                contradicting.extend(many.iter().filter(|(r, _)| !evidence.sets_aside(r)).map(|(r, papers)| FactRef::of_result(r, papers.clone())));
            }
        }
    }
    let told = [differ.as_slice(), agree.as_slice(), alone.as_slice()].concat().join("; ");
    let of = format!("{}'s results", model.canonical);
    Some(if !differ.is_empty() {
        Verdict { verdict: Label::Refuted, relation: "agree".into(), reason: format!("No, the papers do not all agree on {of}: {told}"), supporting: vec![], contradicting }
    } else if !agree.is_empty() {
        Verdict { verdict: Label::Supported, relation: "agree".into(), reason: format!("Yes, the papers agree on {of}: {told}"), supporting, contradicting: vec![] }
    } else {
        let facts = boards.values().flatten().map(|(r, papers)| FactRef::of_result(r, papers.clone())).collect();
        super::verdict::uncertain("agree", format!("No second paper reports {of} there, so there is nothing to agree or differ: {told}"), facts, vec![])
    })
}

/// "Who reports X's 79.5 on D?", "which paper is X's 97.0 from?", "where does the 41.2 for
/// X come from?"
static SOURCES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:who|which\s+(?:later\s+|other\s+|newer\s+|earlier\s+)?(?:papers?|stud(?:y|ies)|publications?|articles?|sources?|works?|authors?))\s+(?:\w+\s+){0,2}?(?:report|reports|reported|give|gives|gave|state|states|stated|publish|publishes|published|claim|claims|claimed|recorded|lists|listed|confirm|confirms|confirmed|reproduce|reproduces|reproduced|replicate|replicates|replicated|repeat|repeats|repeated|put|puts|place|places|placed|show|shows|showed|found|finds|got|gets|measured|obtained|posted)\b|\bwhere\s+(?:does|did|do)\s+(?:the\s+|that\s+|this\s+)?(?:[\w.%-]+\s+){0,5}?come\s+from\b|\b(?:which|what)\s+(?:paper|study|publication|article|source|work)\s+(?:is|was)\s+(?:\S+\s+){0,6}?from\b|\bsource\s+(?:of|for)\s+|\bwhich\s+(?:ones?\s+)?(?:put|puts|place|places|give|gives|have|has)\s+(?:it|him|them)\s+at\b|\b(?:every|each|all(?:\s+the)?)\s+(?:papers?|stud(?:y|ies)|publications?|articles?|sources?)\s+(?:that|which)\s+(?:report|reports|reported|give|gives|gave|put|puts|state|states|stated)\b")
        .unwrap_or_else(|e| panic!("sources pattern: {e}"))
});

/// Whether a question asks which papers state a value it gives ("who reports X's 79.5 on
/// D?"): the pattern alone; [`sources`] also needs a model and a number.
pub fn asks_sources(question: &str) -> bool {
    SOURCES.is_match(question)
}

/// "Who reports X's 79.5 on D?": the papers stating the value the question gives for the
/// model it names, on the boards (and metric) it names, and what other papers report there
/// instead. A value the trust stage set aside is said as its paper's and as set aside,
/// never as a result; a value no paper states is said so, with what the graph records.
/// `None` when the question does not ask this, names no model, gives no number, or the
/// model has no result there.
pub fn sources(question: &str, entities: &Normalized, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>, facts: &[super::Fact], direction: &dyn Fn(&str) -> Direction) -> Option<Verdict> {
    use super::numbers::{claimed, Bound};
    if !SOURCES.is_match(question) {
        return None;
    }
    let model = entities.methods.iter().find(|m| m.is_linked())?;
    let asked = claimed(question, entities).filter(|c| c.bound == Bound::Exact)?;
    let all: Vec<&ResultFact> = named_results(model, entities, evidence).into_iter().filter(|r| scored(r)).collect();
    if all.is_empty() {
        return None;
    }
    let meets = |r: &ResultFact| r.value.as_deref().and_then(parse_score).is_some_and(|v| asked.met_by(v));
    let stated = by_value(all, evidence, metas);
    let papers_of = |papers: &[PaperRef]| papers.iter().map(named).collect::<Vec<_>>().join(" and ");
    let on = |r: &ResultFact| format!("{}{} on {}", r.value.as_deref().unwrap_or_default(), r.metric.as_ref().map(|m| format!(" by {}", m.display())).unwrap_or_default(), r.dataset.display());
    let (matching, other): (Vec<&Stated>, Vec<&Stated>) = stated.iter().partition(|(r, _)| meets(r));
    let standing = facts;
    let mut facts: Vec<FactRef> = Vec::new();
    let mut said = Vec::new();
    for (r, papers) in &matching {
        let reported = if papers.len() > 1 { "report" } else { "reports" };
        if evidence.sets_aside(r) {
            said.push(format!("{} {reported} {}'s {}, but the graph sets that value aside", papers_of(papers), model.canonical, on(r)));
        } else {
            said.push(format!("{} {reported} {}'s {}", papers_of(papers), model.canonical, on(r)));
            facts.push(FactRef::of_result(r, papers.clone()));
        }
    }
    // What else the papers report on the same boards: the disagreement, or, when no paper
    // states the value, what the graph records instead.
    let relevant: Vec<&&Stated> = other.iter().filter(|(r, _)| matching.is_empty() || matching.iter().any(|(m, _)| m.dataset.iri == r.dataset.iri && m.metric == r.metric)).collect();
    let mut instead = Vec::new();
    for (r, papers) in &relevant {
        let reported = if papers.len() > 1 { "report" } else { "reports" };
        // A value set aside is still its papers' disagreement: said, but no item.
        if evidence.sets_aside(r) {
            instead.push(format!("{} {reported} {}, which the graph sets aside", papers_of(papers), on(r)));
        } else {
            instead.push(format!("{} {reported} {}", papers_of(papers), on(r)));
            facts.push(FactRef::of_result(r, papers.clone()));
        }
    }
    let mut reason = if matching.is_empty() {
        format!("No paper in the graph reports {} for {}; {}", asked.describe(), model.canonical, if instead.is_empty() { "the values it records there are set aside".to_owned() } else { format!("instead, {}", instead.join("; ")) })
    } else if instead.is_empty() {
        said.join("; ")
    } else {
        format!("{}, while {}", said.join("; "), instead.join(" and "))
    };
    // "... I want to cite the current record": the board's best too, since the value asked
    // about may not be it.
    static RECORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:record|best|state[- ]of[- ]the[- ]art|sota|leader|top)\b").unwrap_or_else(|e| panic!("record pattern: {e}")));
    if RECORD.is_match(question) && !entities.datasets.is_empty() {
        if let Some(best) = super::standing::state_of(entities, standing, direction, 1) {
            reason.push_str(&format!("; {}", best.reason.replacen("On ", "on ", 1)));
            facts.extend(best.supporting);
        }
    }
    Some(Verdict::dated(reason, facts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::trust::fixtures::{linked, paper, result_by};

    fn result(model: &str, value: &str, paper: &str) -> ResultFact {
        result_by(model, value, paper, "F1")
    }

    fn meta(title: &str, year: i32) -> PaperMeta {
        paper(title, &[year])
    }

    #[test]
    fn the_papers_found_without_a_usable_year_are_named_and_cited() {
        let month = PaperMeta { year: None, note: Some("no valid year among [\"3\"]".into()), ..meta("Driftmere: Floating Kelp", 2020) };
        let none = PaperMeta { year: None, ..meta("Seasonal Kelp Dynamics", 2020) };
        let metas: BTreeMap<String, PaperMeta> = [("k", meta("Kelvane", 2024)), ("d", month), ("s", none)].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let v = undated(&["k", "d", "s"], &Evidence::default(), &metas).expect("an account");
        assert!(v.reason.starts_with("The graph records no usable year for 2 of the 3 papers found"), "{}", v.reason);
        assert!(v.reason.contains("\"Driftmere: Floating Kelp\" (its year field holds no valid year)") && v.reason.contains("\"Seasonal Kelp Dynamics\" (no year recorded)"), "{}", v.reason);
        assert_eq!(v.supporting.iter().map(|f| f.papers[0].iri.as_str()).collect::<Vec<_>>(), ["d", "s"], "each is cited");
        assert!(undated(&["k"], &Evidence::default(), &metas).is_some_and(|v| v.reason.starts_with("Every one of the 1 papers")));
        assert!(undated(&[], &Evidence::default(), &metas).is_none());
    }

    #[test]
    fn each_result_of_the_paper_is_set_beside_the_same_results_in_other_papers() {
        let results = vec![result("A", "86.0", "rep"), result("B", "88.5", "rep"), result("A", "86.0%", "own-a"), result("B", "88.5", "own-b")];
        let removed = vec![result("B", "90.1", "other")];
        let metas: BTreeMap<String, PaperMeta> = [("rep", meta("A Replication", 2025)), ("own-a", meta("A: Own", 2023)), ("own-b", meta("B: Own", 2021)), ("other", meta("Other", 2022))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let evidence = Evidence { results, removed, ..Evidence::default() };
        let v = account(&["nothing", "rep"], &Normalized::default(), &evidence, &metas).expect("an account");
        assert!(v.reason.starts_with("\"A Replication\" (2025) reports A at 86.0 by F1 on D, the same as \"A: Own\" (2023)"), "86.0% is 86.0: {}", v.reason);
        assert!(v.reason.contains("B at 88.5 by F1 on D, the same as \"B: Own\" (2021), while \"Other\" (2022) reports 90.1"), "a value set aside is still its paper's: {}", v.reason);
        assert!(v.reason.ends_with("1 of them differ from another paper's value"), "{}", v.reason);
        assert!(v.supporting.iter().any(|f| f.value == "90.1" && f.papers[0].iri == "other"));
        assert!(account(&["nothing"], &Normalized::default(), &evidence, &metas).is_none(), "a paper with no results gets no account");
    }

    #[test]
    fn a_metric_asked_of_a_paper_narrows_what_it_reports_to_that_metric() {
        let results = vec![result_by("A", "0.22", "p", "SPL"), result_by("A", "0.586", "p", "SOFT_SPL"), result_by("A", "0.3", "p", "Success")];
        let metas: BTreeMap<String, PaperMeta> = [("p", meta("Occupancy", 2020))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let evidence = Evidence { results, ..Evidence::default() };
        let told = |metric: &str| {
            let entities = Normalized { metrics: vec![linked(EntityKind::Metric, metric)], ..Normalized::default() };
            account(&["p"], &entities, &evidence, &metas).expect("an account").reason
        };
        let spl = told("SPL");
        assert!(spl.contains("0.22") && !spl.contains("0.586") && !spl.contains("0.3 "), "the metric by its name first: {spl}");
        assert!(told("soft spl").contains("0.586"), "by every word of it");
        assert!(told("BLEU").contains("0.22"), "a metric the paper reports nothing by narrows nothing");
    }

    #[test]
    fn a_described_paper_and_the_models_own_paper_agree_or_differ_and_a_set_aside_value_is_no_item() {
        let metas: BTreeMap<String, PaperMeta> = [("own", meta("B: Own Paper", 2021)), ("rep", meta("A Replication of Fault Detectors", 2025)), ("x", meta("Unrelated Survey", 2022))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let entities = Normalized { methods: vec![linked(EntityKind::Method, "B")], ..Normalized::default() };
        let q = "The replication study of fault detectors found the same F1 for B as B's own paper, right?";
        let agreeing = Evidence { results: vec![result("B", "88.5", "own"), result("B", "88.5", "rep"), result("B", "70.0", "x")], ..Evidence::default() };
        let v = agreement(q, &entities, &agreeing, &metas).expect("a verdict");
        assert_eq!((v.verdict, v.relation.as_str()), (crate::pipeline::trust::verdict::Label::Supported, "agree"), "{}", v.reason);
        let differing = Evidence { results: vec![result("B", "74.1", "rep")], removed: vec![result("B", "78.9", "own")], ..Evidence::default() };
        let v = agreement(q, &entities, &differing, &metas).expect("a verdict");
        assert_eq!(v.verdict, crate::pipeline::trust::verdict::Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("the graph keeps 74.1 and sets 78.9 aside"), "{}", v.reason);
        assert!(v.contradicting.iter().all(|f| f.value != "78.9"), "a value set aside is said, not listed");
        assert!(agreement("What F1 does B get?", &entities, &agreeing, &metas).is_none());
    }

    #[test]
    fn the_papers_agree_when_every_paper_gives_the_same_value_and_one_paper_alone_settles_nothing() {
        use crate::pipeline::trust::verdict::Label;
        let metas: BTreeMap<String, PaperMeta> = [("own", meta("B: Own Paper", 2021)), ("rep", meta("A Replication", 2025)), ("x", meta("Another Study", 2022))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let entities = Normalized { methods: vec![linked(EntityKind::Method, "B")], ..Normalized::default() };
        let q = "Do the papers agree on B's F1 on D?";
        let same = Evidence { results: vec![result("B", "88.5", "own"), result("B", "88.5%", "rep"), result("C", "70.0", "x")], ..Evidence::default() };
        let v = papers_agree(q, &entities, &same, &metas).expect("a verdict");
        assert_eq!((v.verdict, v.relation.as_str()), (Label::Supported, "agree"), "\"88.5%\" is 88.5: {}", v.reason);
        let differ = Evidence { results: vec![result("B", "74.1", "rep")], removed: vec![result("B", "78.9", "own")], ..Evidence::default() };
        let v = papers_agree(q, &entities, &differ, &metas).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("78.9 in \"B: Own Paper\" (2021), which the graph sets aside"), "a value set aside is still its paper's: {}", v.reason);
        assert!(v.contradicting.iter().all(|f| f.value != "78.9"), "but it is no item");
        let alone = Evidence { results: vec![result("B", "88.5", "own")], ..Evidence::default() };
        assert_eq!(papers_agree(q, &entities, &alone, &metas).expect("a verdict").verdict, Label::Uncertain);
        assert!(papers_agree("Is B's F1 on D 88.5?", &entities, &same, &metas).is_none());
        let unscored = Evidence { results: vec![result("B", "-", "own")], ..Evidence::default() };
        let v = papers_agree(q, &entities, &unscored, &metas).expect("a verdict");
        assert!(v.verdict == Label::Uncertain && v.reason.contains("with no value"), "{}", v.reason);
    }

    #[test]
    fn who_reports_a_value_names_the_papers_stating_it_and_those_that_differ() {
        let metas: BTreeMap<String, PaperMeta> = [("own", meta("B: Own Paper", 2019)), ("rep", meta("Call Types", 2020)), ("re", meta("B Revisited", 2021)), ("typo", meta("A Typo", 2018))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let entities = Normalized { methods: vec![linked(EntityKind::Method, "B")], ..Normalized::default() };
        let evidence = Evidence { results: vec![result("B", "79.5", "own"), result("B", "79.5%", "rep"), result("B", "80.7", "re")], removed: vec![result("B", "97.0", "typo")], ..Evidence::default() };
        let v = sources("who reports B's 79.5 on D?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("\"B: Own Paper\" (2019) and \"Call Types\" (2020) report B's 79.5 by F1 on D, while \"B Revisited\" (2021) reports 80.7"), "{}", v.reason);
        assert_eq!(v.supporting.iter().map(|f| f.value.as_str()).collect::<Vec<_>>(), ["79.5", "80.7"]);
        let v = sources("Which paper is B's 97.0 on D from?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).expect("an account");
        assert!(v.reason.contains("\"A Typo\" (2018) reports B's 97.0 by F1 on D, but the graph sets that value aside"), "{}", v.reason);
        assert!(v.supporting.iter().all(|f| f.value != "97.0"), "a value set aside is said, never an item");
        let v = sources("who reported B's 85.0 on D?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("No paper in the graph reports 85 for B; instead,"), "{}", v.reason);
        assert!(sources("what does B get on D?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).is_none(), "no value given, nothing to source");
        let v = sources("A handful of papers have run B on D: which ones, and which put it at about 81?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).expect("an account");
        assert!(v.reason.contains("\"B Revisited\" (2021) reports B's 80.7"), "about 81 is 80.7 within half a point: {}", v.reason);
        let v = sources("I need to cite every paper that reports B at 79.5 on D -- which ones are they?", &entities, &evidence, &metas, &[], &|_| Direction::Higher).expect("an account");
        assert!(v.reason.starts_with("\"B: Own Paper\" (2019) and \"Call Types\" (2020) report B's 79.5"), "every paper that reports it: {}", v.reason);
    }

    #[test]
    fn a_claimed_count_of_papers_is_checked_against_the_papers_stating_the_value() {
        use crate::pipeline::trust::verdict::Label;
        let metas: BTreeMap<String, PaperMeta> = [("own", meta("B: Own Paper", 2023)), ("rep", meta("A Replication", 2025))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let entities = Normalized { methods: vec![linked(EntityKind::Method, "B")], ..Normalized::default() };
        let evidence = Evidence { results: vec![result("B", "86.0", "own"), result("B", "86.0", "rep")], ..Evidence::default() };
        let v = papers_count("Only one paper puts B at 86 F1 on D, right?", &entities, &evidence, &metas).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.starts_with("2 papers report B's 86"), "{}", v.reason);
        assert_eq!(papers_count("Exactly two papers put B at 86.0 on D?", &entities, &evidence, &metas).map(|v| v.verdict), Some(Label::Supported));
        assert!(papers_count("B gets 86 on D, right?", &entities, &evidence, &metas).is_none(), "no count claimed");
    }

    #[test]
    fn every_paper_with_a_result_on_a_board_having_a_doi_is_checked_paper_by_paper() {
        use crate::pipeline::trust::verdict::Label;
        let with_doi = |title: &str, doi: &str| PaperMeta { dois: vec![doi.into()], ..meta(title, 2020) };
        let mut metas: BTreeMap<String, PaperMeta> = [("a", with_doi("A", "10.1/a")), ("b", meta("B: No DOI", 2023))].into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let entities = Normalized { datasets: vec![linked(EntityKind::Dataset, "D")], ..Normalized::default() };
        let evidence = Evidence { results: vec![result("A", "80.0", "a"), result("B", "81.0", "b")], ..Evidence::default() };
        let q = "Every paper with a D result has a DOI, so I can cite them all by DOI. True?";
        let v = every_has_doi(q, &entities, &evidence, &metas).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("\"B: No DOI\" (2023)"), "the paper without one is named: {}", v.reason);
        metas.insert("b".into(), with_doi("B", "10.1/b"));
        assert_eq!(every_has_doi(q, &entities, &evidence, &metas).map(|v| v.verdict), Some(Label::Supported));
        assert!(every_has_doi("Every paper with a D result is from 2020, true?", &entities, &evidence, &metas).is_none(), "no DOI claimed");
        assert!(every_has_doi(q, &Normalized::default(), &evidence, &metas).is_none(), "no board named");
    }
}
