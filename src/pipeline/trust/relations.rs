//! Claims that are not about scores, decided from what the graph records: "X was evaluated
//! on D" (a result of X, or of a variant of it, on D), "D is used for T" (D among the
//! benchmarks of research problem T), and a named paper's year or DOI ("'Title' came out in
//! 2003", "the QALD-6 paper's doi is 10.1007/..."). A relation the graph confirms is
//! `SUPPORTED`; a year or DOI that differs from the recorded one is `REFUTED` with the
//! recorded value; a relation the graph merely lacks stays `UNCERTAIN` (the graph is never
//! complete), except where the graph's own record of the thing speaks: a model recorded on
//! other boards but not on a board the graph holds, or a board the graph holds missing from
//! a problem's recorded benchmarks, is `REFUTED` with that record shown. An undecided claim
//! about scores lists the named models' evaluations that hold no value
//! ([`evaluations_without_values`]). Pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::verdict::{Evaluated, FactRef, Label, Verdict};
use super::PaperRef;
use crate::pipeline::front::normalize::Normalized;

/// One thing listed for another (a problem's benchmark or model, a model's problem): its IRI,
/// its label and a paper that lists it.
pub type Listed = (String, String, Option<PaperRef>);

/// What the graph told the pipeline beyond scored facts, for the claims read here.
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// Which models were tried on which datasets.
    pub evaluated: Vec<Evaluated>,
    /// The labels of those datasets: (dataset IRI, label).
    pub board_labels: Vec<(String, String)>,
    /// The papers stating those evaluations: (model IRI, dataset IRI, paper).
    pub evaluation_papers: Vec<(String, String, PaperRef)>,
    /// The benchmarks of the research problems the claim names: (dataset IRI, label, a
    /// paper listing it).
    pub task_datasets: Vec<Listed>,
    /// The models of the research problems the claim names: (model IRI, label, a paper).
    pub task_models: Vec<Listed>,
    /// The research problems of the models the claim names: (problem IRI, label, a paper).
    pub model_tasks: Vec<Listed>,
    /// The research problems the boards the claim names are filed under: (problem IRI,
    /// label, a paper).
    pub dataset_tasks: Vec<Listed>,
    /// The papers the question points at, best match first, with their DOIs.
    pub papers: Vec<(PaperRef, Vec<String>)>,
    /// Every valid year recorded for the first of `papers` (two: the record contradicts
    /// itself).
    pub years: Vec<i32>,
    /// Papers recorded with two or more valid years, with them (a claim comparing their
    /// dates cannot be settled).
    pub disputed_years: std::collections::BTreeMap<String, Vec<i32>>,
    /// Every paper the evidence names, kept or not: "X's paper" is the one titled "X: ...",
    /// even when its result lost a conflict to a re-run.
    pub titled: Vec<PaperRef>,
    /// The boards as they stood at the end of each year a result appeared
    /// ([`super::history`]), oldest first, once per reading of the papers recorded with two
    /// real years (the first: each paper's earliest): built only for a claim about the
    /// board's past (`verdict::needs_history`), else empty.
    pub history: Vec<super::History>,
    /// The results the question's time anchor left out, each with its paper's year (none:
    /// no usable year): "as of 2021, X had not beaten Y" is settled by X's first result
    /// coming later.
    pub set_aside: Vec<(crate::pipeline::evidence::ResultFact, Option<i32>)>,
    /// How much of the question's title words the first of `papers` holds (the text
    /// index's coverage, 0..=1; 0 when it was not found by its title): a paper with no year
    /// is said to lack one only when it is surely the paper named.
    pub pointed_fit: f64,
    /// The two papers a claim about dates names by words of their titles ("the HadGEM2
    /// paper came out before the NorESM1-M one"), in the claim's order, when both were found.
    pub dated_sides: Option<(PaperRef, PaperRef)>,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("relation pattern {pattern}: {e}"))
}

static EVALUATED: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\b(evaluated|tested|benchmarked|assessed|tried|reports? results|has results|was run)\b[^?]{0,30}\b(on|against|with)\b"));
static USED_FOR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(used|employed|applied|a benchmark|a dataset|benchmarks?|datasets?)\s+(for|in|of)\b|\b(is|are|was)\s+an?\s+[^?]{0,40}\b(benchmark|dataset|corpus)\b")
});
static DOI: LazyLock<Regex> = LazyLock::new(|| re(r"\b10\.\d{4,9}/[^\s\x22'<>,?]+"));
/// A model tried on a research problem: "X was run on T", "X has been applied to T".
static TRIED_ON: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:applied|tried|run|evaluated|tested)\s+(?:on|to|for)\b"));


/// "Nothing but X has been reported on D", "X is the only model evaluated on D", "only X
/// has results on D".
static ONLY: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:nothing|nobody|no\s+one|no\s+(?:other\s+)?(?:model|system|method|entry|approach))\s+(?:but|except|other\s+than|besides|apart\s+from|save)\b|\bthe\s+only\s+(?:model|system|method|entry|approach|one)\b|(?:^|[.:;,]\s*)only\s+[\p{L}][^?.;]{0,60}?\s+(?:has|have|had|was|were|is|are)\s+(?:been\s+)?(?:evaluated|tested|reported|benchmarked|run|results)\b")
});
/// Words that say the claim is about what was evaluated or reported.
static REPORTED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:evaluated|tested|reported|benchmarked|run|results?|scores?|entries|entry|listed)\b"));

/// Whether a claim says a model was evaluated on a board ("X was evaluated on D too,
/// right?"): the orchestrator then reads the model's own results, so that where the graph
/// records none on D the boards it does record are shown.
pub fn asks_evaluation(question: &str) -> bool {
    EVALUATED.is_match(question)
}

/// The verdict on a relation claim, when the claim is one.
pub fn judge(question: &str, entities: &Normalized, known: &Known, facts: &[super::Fact]) -> Option<Verdict> {
    paper_metadata(question, known)
        .or_else(|| only_model(question, entities, known, facts))
        .or_else(|| evaluation(question, entities, known, facts))
        .or_else(|| evaluated_for(question, entities, known))
        .or_else(|| used_for(question, entities, known))
}

fn verdict(label: Label, relation: &str, reason: String, fact: FactRef) -> Verdict {
    let (supporting, contradicting) = if label == Label::Refuted { (vec![], vec![fact]) } else { (vec![fact], vec![]) };
    Verdict { verdict: label, relation: relation.into(), reason, supporting, contradicting }
}

fn fact(subject: &str, what: &str, value: &str, statement: String, papers: Vec<PaperRef>) -> FactRef {
    FactRef { statement, subject: subject.into(), model: String::new(), dataset: String::new(), metric: what.into(), value: value.into(), papers, sources: Vec::new() }
}

/// "X was evaluated on D": a recorded result of X (or a variant) on a dataset D names; with
/// several boards named ("on both D1 and D2"), on each of them. "The X paper reports results
/// on D" asks it of X's own paper (the one titled "X: ..."): a result of X that another
/// paper states is not one its paper reports.
fn evaluation(question: &str, entities: &Normalized, known: &Known, facts: &[super::Fact]) -> Option<Verdict> {
    let model = entities.methods.first()?;
    if entities.datasets.is_empty() {
        return None;
    }
    // "the most recent model evaluated on D, so it holds the best F1": a claim about the best.
    static ABOUT_BEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(best|highest|lowest|top|state[- ]of[- ]the[- ]art|sota|most accurate)\b"));
    if !EVALUATED.is_match(question) || ABOUT_BEST.is_match(question) {
        return None;
    }
    static OWN_PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:the\s+)?(\S+?)(?:'s)?\s+(?:paper|article|publication)\s+(?:reports?|has|gives?|states?|lists?|includes?)\b"));
    let says_own = OWN_PAPER.captures(question).is_some_and(|c| [&model.canonical, &model.text].iter().any(|n| n.eq_ignore_ascii_case(&c[1])));
    let own_paper = known.titled.iter().find(|p| super::verdict::is_own_paper(model, &p.title)).filter(|_| says_own);
    // The values the papers state there ("78.4 by F1"), said with the result.
    let values = |iri: &str, d: &str, papers: &[PaperRef]| -> String {
        let said: Vec<String> = facts
            .iter()
            .filter(|f| f.key.0 == iri && f.key.1 == d && f.papers.iter().any(|p| papers.iter().any(|q| q.iri == p.iri)))
            .map(|f| format!("{} by {}", f.value, f.metric))
            .collect();
        if said.is_empty() { String::new() } else { format!(" ({})", said.join(", ")) }
    };
    let mut verdicts = Vec::new();
    for dataset in &entities.datasets {
        let on_d = |d: &str| dataset.iris.iter().any(|i| i == d);
        let papers_of = |iri: &str, d: &str| -> Vec<PaperRef> { known.evaluation_papers.iter().filter(|(m, on, _)| m == iri && on == d).map(|(_, _, p)| p.clone()).collect() };
        let hits: Vec<&Evaluated> = known.evaluated.iter().filter(|(iri, label, d)| on_d(d) && super::verdict::model_of(model, iri, label)).collect();
        let by_own = hits.iter().find(|(iri, _, d)| own_paper.is_some_and(|o| papers_of(iri, d).iter().any(|p| p.iri == o.iri)));
        verdicts.push(match (hits.first(), own_paper, by_own) {
            (Some(_), Some(_), Some((iri, label, d))) | (Some((iri, label, d)), None, _) => {
                let papers = papers_of(iri, d);
                let papers = match own_paper {
                    Some(o) => papers.into_iter().filter(|p| p.iri == o.iri).collect(),
                    None => papers,
                };
                let mut f = fact(label, "evaluated on", &dataset.canonical, format!("{label} was evaluated on {}", dataset.canonical), papers);
                (f.model, f.dataset) = (label.clone(), dataset.canonical.clone());
                let whose = own_paper.map(|o| format!(" in \"{}\"", o.title)).unwrap_or_default();
                let values = values(iri, d, &f.papers);
                verdict(Label::Supported, "evaluated", format!("the graph records a result of {label} on {}{values}{whose}", dataset.canonical), f)
            }
            (Some((iri, label, d)), Some(o), None) => {
                // The model's result there comes from other papers, not its own.
                let papers = papers_of(iri, d);
                let from = papers.iter().map(|p| format!("\"{}\"", p.title)).collect::<Vec<_>>().join(" and ");
                let values = values(iri, d, &papers);
                let mut f = fact(label, "evaluated on", &dataset.canonical, format!("{label} was evaluated on {}", dataset.canonical), papers);
                (f.model, f.dataset) = (label.clone(), dataset.canonical.clone());
                verdict(Label::Refuted, "evaluated", format!("\"{}\" reports no result of {label} on {}; the graph's result there{values} is from {from}", o.title, dataset.canonical), f)
            }
            (None, _, _) => {
                // The boards the graph does record the model on are shown. Where it records the
                // model's evaluations and holds the board, their not holding it is the graph's
                // no (as a paper's boards are, "the X paper evaluated on D?"); a model or a
                // board the graph does not record leaves it open.
                let mut elsewhere: Vec<FactRef> = Vec::new();
                for (iri, label, d) in known.evaluated.iter().filter(|(iri, label, d)| !on_d(d) && super::verdict::model_of(model, iri, label)) {
                    let Some((_, board)) = known.board_labels.iter().find(|(b, _)| b == d) else { continue };
                    if elsewhere.iter().any(|f| &f.dataset == board) {
                        continue;
                    }
                    let mut f = fact(label, "evaluated on", board, format!("{label} was evaluated on {board}"), papers_of(iri, d));
                    (f.model, f.dataset) = (label.clone(), board.clone());
                    elsewhere.push(f);
                }
                // Under a time anchor ("evaluated on D in 2021") the results it set aside are
                // the model's too: where none of them is on D either, the graph records no
                // result of the model there at any time, and its other boards say so.
                let mine = |r: &crate::pipeline::evidence::ResultFact| r.model.as_ref().is_some_and(|m| super::verdict::model_of(model, &m.iri, m.display()));
                if !known.set_aside.iter().any(|(r, _)| on_d(&r.dataset.iri) && mine(r)) {
                    for (r, _) in known.set_aside.iter().filter(|(r, _)| mine(r)) {
                        let (label, board) = (r.model.as_ref().map_or("", |m| m.display()), r.dataset.display());
                        if elsewhere.iter().any(|f| f.dataset == board) {
                            continue;
                        }
                        let papers: Vec<PaperRef> = known.evaluation_papers.iter().filter(|(m, d, _)| r.model.as_ref().is_some_and(|x| &x.iri == m) && d == &r.dataset.iri).map(|(_, _, p)| p.clone()).collect();
                        let mut f = fact(label, "evaluated on", board, format!("{label} was evaluated on {board}"), papers);
                        (f.model, f.dataset) = (label.to_owned(), board.to_owned());
                        elsewhere.push(f);
                    }
                }
                let shown: Vec<&str> = elsewhere.iter().take(10).map(|f| f.dataset.as_str()).collect();
                let records = match elsewhere.len().saturating_sub(shown.len()) {
                    _ if shown.is_empty() => String::new(),
                    0 => format!("; it records {} on {}", model.canonical, shown.join(", ")),
                    n => format!("; it records {} on {} and {n} more", model.canonical, shown.join(", ")),
                };
                elsewhere.truncate(10);
                // "has bert been evaluated on squad?" where the graph holds no model called
                // BERT and the name linked to "BERT-joint", a label with more words: that
                // model's boards say nothing of BERT's, so the claim is left open.
                let as_named = model.link.as_ref().is_none_or(|l| l.label_coverage >= 0.999);
                let label = if !elsewhere.is_empty() && dataset.is_linked() && as_named { Label::Refuted } else { Label::Uncertain };
                let unnamed = if as_named { String::new() } else { format!("no model called {}, and ", model.text) };
                Verdict {
                    verdict: label,
                    relation: "evaluated".into(),
                    reason: format!("the graph records {unnamed}no result of {} on {}{records}", model.canonical, dataset.canonical),
                    supporting: vec![],
                    contradicting: elsewhere,
                }
            }
        });
    }
    verdicts.into_iter().reduce(both)
}

/// "Nothing but X has been reported on D": X alone among the models with a result on the
/// one board named. Other models there refute it; none at all leaves it open.
fn only_model(question: &str, entities: &Normalized, known: &Known, facts: &[super::Fact]) -> Option<Verdict> {
    let ([model], [dataset]) = (entities.methods.as_slice(), entities.datasets.as_slice()) else { return None };
    let counted = ONLY.find(question).is_some_and(|m| !m.as_str().split_whitespace().any(|w| crate::pipeline::front::extract::count_word(w).is_some()));
    if !counted || !REPORTED.is_match(question) {
        return None;
    }
    let on_d: Vec<&Evaluated> = known.evaluated.iter().filter(|(_, _, d)| dataset.iris.iter().any(|i| i == d)).collect();
    if on_d.is_empty() {
        return Some(Verdict { verdict: Label::Uncertain, relation: "only".into(), reason: format!("the graph records no result on {}", dataset.canonical), supporting: vec![], contradicting: vec![] });
    }
    let mut others: Vec<&str> = on_d.iter().filter(|(iri, label, _)| !super::verdict::model_of(model, iri, label)).map(|(_, label, _)| label.as_str()).collect();
    others.sort_unstable();
    others.dedup();
    let papers_of = |label: &str| known.evaluation_papers.iter().filter(|(m, d, _)| dataset.iris.contains(d) && on_d.iter().any(|(iri, l, _)| iri == m && l == label)).map(|(_, _, p)| p.clone()).collect::<Vec<_>>();
    let mine = on_d.iter().find(|(iri, label, _)| super::verdict::model_of(model, iri, label));
    if others.is_empty() {
        let label = mine.map_or(model.canonical.as_str(), |(_, l, _)| l.as_str());
        let mut f = fact(label, "evaluated on", &dataset.canonical, format!("{label} was evaluated on {}", dataset.canonical), papers_of(label));
        (f.model, f.dataset) = (label.to_owned(), dataset.canonical.clone());
        // Its values there, shown with it.
        let scored: Vec<FactRef> = facts.iter().filter(|x| dataset.iris.contains(&x.key.1) && mine.is_some_and(|(iri, _, _)| *iri == x.key.0)).map(FactRef::of).collect();
        let mut v = verdict(Label::Supported, "only", format!("the graph records results on {} of {label} alone", dataset.canonical), f);
        v.supporting.extend(scored);
        return Some(v);
    }
    let named = first_few(&others);
    let mut f = fact(others[0], "evaluated on", &dataset.canonical, format!("{} was evaluated on {}", others[0], dataset.canonical), papers_of(others[0]));
    (f.model, f.dataset) = (others[0].to_owned(), dataset.canonical.clone());
    let besides = if mine.is_some() { format!("besides {}", model.canonical) } else { format!("and none of {}", model.canonical) };
    Some(verdict(Label::Refuted, "only", format!("the graph records results on {} of {named} {besides}", dataset.canonical), f))
}

/// How many of a listing a claim's reason names.
const SHOWN: usize = 5;

/// The first few of a listing (models or benchmarks of a problem), once per label, and how
/// they are said: "A, B, C, D, E and 3 more".
fn shown(listed: &[Listed]) -> (Vec<&Listed>, String) {
    let mut once: Vec<&Listed> = Vec::new();
    for item in listed {
        if !once.iter().any(|o| o.1.eq_ignore_ascii_case(&item.1)) {
            once.push(item);
        }
    }
    let named = first_few(&once.iter().map(|o| o.1.as_str()).collect::<Vec<_>>());
    once.truncate(SHOWN);
    (once, named)
}

/// How a listing says the first few of `labels`: "A, B, C, D, E and 3 more".
fn first_few(labels: &[&str]) -> String {
    let more = if labels.len() > SHOWN { format!(" and {} more", labels.len() - SHOWN) } else { String::new() };
    format!("{}{more}", labels.iter().take(SHOWN).copied().collect::<Vec<_>>().join(", "))
}

/// "BiT-M was evaluated on fine-grained image classification", "X is used for T": a model
/// and a research problem, no board. The problem among the model's recorded problems (or the
/// model among the problem's models) supports it; a model and a problem the graph holds,
/// each with others recorded but not together, refute it, with the problem's models shown.
fn evaluated_for(question: &str, entities: &Normalized, known: &Known) -> Option<Verdict> {
    let ([model], [task]) = (entities.methods.as_slice(), entities.tasks.as_slice()) else { return None };
    if !entities.datasets.is_empty() || !(EVALUATED.is_match(question) || USED_FOR.is_match(question) || TRIED_ON.is_match(question)) {
        return None;
    }
    let of_task = |label: &str| task.names(label) || task.canonical.eq_ignore_ascii_case(label);
    // Its problems, its place among the problem's models, or a result of it on one of the
    // problem's benchmarks (filed under another problem by the paper that reports it).
    let held = known.model_tasks.iter().find(|(iri, label, _)| task.iris.contains(iri) || of_task(label)).map(|(_, _, p)| p.clone()).or_else(|| {
        known.task_models.iter().find(|(iri, label, _)| super::verdict::model_of(model, iri, label)).map(|(_, _, p)| p.clone())
    });
    if let Some(paper) = held {
        let f = fact(&model.canonical, "research problem", &task.canonical, format!("{} is recorded for {}", model.canonical, task.canonical), paper.into_iter().collect());
        return Some(verdict(Label::Supported, "used_for", format!("the graph records {} for {}", model.canonical, task.canonical), f));
    }
    let on_benchmark = known.evaluated.iter().find_map(|(iri, label, board)| {
        let (_, name, _) = known.task_datasets.iter().find(|(d, _, _)| d == board).filter(|_| super::verdict::model_of(model, iri, label))?;
        Some((iri, label, board, name))
    });
    if let Some((iri, label, board, name)) = on_benchmark {
        let papers = known.evaluation_papers.iter().filter(|(m, d, _)| m == iri && d == board).map(|(_, _, p)| p.clone()).take(1).collect();
        let mut f = fact(label, "evaluated on", name, format!("{label} was evaluated on {name}, a benchmark of {}", task.canonical), papers);
        (f.model, f.dataset) = (label.clone(), name.clone());
        return Some(verdict(Label::Supported, "used_for", format!("the graph records a result of {label} on {name}, one of the benchmarks it lists for {}", task.canonical), f));
    }
    if !model.is_linked() || !task.is_linked() || known.task_models.is_empty() {
        let reason = format!("the graph records no model for {} that would settle whether {} was used for it", task.canonical, model.canonical);
        return Some(Verdict { verdict: Label::Uncertain, relation: "used_for".into(), reason, supporting: vec![], contradicting: vec![] });
    }
    let (models, named) = shown(&known.task_models);
    let own = if known.model_tasks.is_empty() {
        String::new()
    } else {
        let mut tasks: Vec<&str> = known.model_tasks.iter().map(|t| t.1.as_str()).collect();
        tasks.sort_unstable();
        tasks.dedup();
        format!("; {} is recorded for {}", model.canonical, tasks.join(", "))
    };
    let contradicting = models
        .iter()
        .map(|(_, label, paper)| {
            let mut f = fact(label, "research problem", &task.canonical, format!("{label} is recorded for {}", task.canonical), paper.iter().cloned().collect());
            f.model = label.clone();
            f
        })
        .collect();
    let reason = format!("the models the graph records for {} are {named}, not {}{own}", task.canonical, model.canonical);
    Some(Verdict { verdict: Label::Refuted, relation: "used_for".into(), reason, supporting: vec![], contradicting })
}

/// "D is used for T": D among the benchmarks of research problem T. A board the graph holds
/// that is not among the benchmarks it records for T refutes it, with those benchmarks shown;
/// a problem with none recorded leaves it open.
fn used_for(question: &str, entities: &Normalized, known: &Known) -> Option<Verdict> {
    let (dataset, task) = (entities.datasets.first()?, entities.tasks.first()?);
    if !USED_FOR.is_match(question) || !entities.methods.is_empty() {
        return None;
    }
    let hit = known.task_datasets.iter().find(|(iri, label, _)| dataset.iris.iter().any(|i| i == iri) || dataset.names(label));
    Some(match hit {
        Some((_, label, paper)) => {
            let mut f = fact(label, "research problem", &task.canonical, format!("{label} is a benchmark of {}", task.canonical), paper.iter().cloned().collect());
            f.dataset = label.clone();
            verdict(Label::Supported, "used_for", format!("the graph lists {label} among the benchmarks of {}", task.canonical), f)
        }
        None if dataset.is_linked() && task.is_linked() && !known.task_datasets.is_empty() => {
            let (boards, named) = shown(&known.task_datasets);
            let mut contradicting: Vec<FactRef> = boards
                .iter()
                .map(|(_, label, paper)| {
                    let mut f = fact(label, "research problem", &task.canonical, format!("{label} is a benchmark of {}", task.canonical), paper.iter().cloned().collect());
                    f.dataset = label.clone();
                    f
                })
                .collect();
            // What the graph files D under instead, first: the problem a reader checks next
            // ("AAPD is filed under Text Classification").
            let (filed, under) = shown(&known.dataset_tasks);
            let filed_facts = filed.iter().map(|(_, label, paper)| {
                let mut f = fact(&dataset.canonical, "research problem", label, format!("{} is a benchmark of {label}", dataset.canonical), paper.iter().cloned().collect());
                f.dataset = dataset.canonical.clone();
                f
            });
            contradicting.splice(0..0, filed_facts);
            let filed_under = if filed.is_empty() { String::new() } else { format!("; it files {} under {under}", dataset.canonical) };
            Verdict {
                verdict: Label::Refuted,
                relation: "used_for".into(),
                reason: format!("the benchmarks the graph records for {} are {named}, not {}{filed_under}", task.canonical, dataset.canonical),
                supporting: vec![],
                contradicting,
            }
        }
        None => Verdict {
            verdict: Label::Uncertain,
            relation: "used_for".into(),
            reason: format!("the graph does not list {} among the benchmarks of {}", dataset.canonical, task.canonical),
            supporting: vec![],
            contradicting: vec![],
        },
    })
}

/// A named paper's year or DOI against the recorded one; both, when the claim states both
/// ("its DOI is 10.x/y and it appeared in 2019"): refuted if either is, open if either is.
fn paper_metadata(question: &str, known: &Known) -> Option<Verdict> {
    let (paper, dois) = known.papers.first()?;
    // A number inside the title ("QALD-6", "2019-nCoV") is not the claim.
    let rest = question.replace(&paper.title, " ");
    let doi = DOI.find(&rest).map(|m| m.as_str().trim_end_matches(['.', ')']).to_lowercase()).map(|claimed| {
        let recorded = dois.iter().find(|d| d.to_lowercase().ends_with(&claimed) || claimed.ends_with(&d.to_lowercase()));
        match (recorded, dois.first()) {
            (Some(d), _) => verdict(Label::Supported, "doi", format!("the graph records the DOI {d} for \"{}\"", paper.title), fact(&paper.title, "doi", d, format!("\"{}\" has the DOI {d}", paper.title), vec![paper.clone()])),
            (None, Some(d)) => verdict(Label::Refuted, "doi", format!("the graph records the DOI {d} for \"{}\", not {claimed}", paper.title), fact(&paper.title, "doi", d, format!("\"{}\" has the DOI {d}", paper.title), vec![paper.clone()])),
            (None, None) => Verdict { verdict: Label::Uncertain, relation: "doi".into(), reason: format!("the graph records no DOI for \"{}\"", paper.title), supporting: vec![], contradicting: vec![] },
        }
    });
    // With a DOI claimed, the year is read from what is left ("10.5555/x.2019.057" holds no
    // claim of a year).
    let rest = DOI.replace_all(&rest, " ");
    let year = crate::pipeline::front::anchor::stated_year(&rest)
        .and_then(|claimed| year_claim(claimed, paper, known, doi.is_some()))
        // "was OAG-BERT published before 2022?": the year against the bound.
        .or_else(|| crate::pipeline::front::anchor::stated_year_bound(&rest).and_then(|bound| year_bound_claim(bound, paper, known)));
    match (doi, year) {
        (Some(d), Some(y)) => Some(both(d, y)),
        (d, y) => d.or(y),
    }
}

/// A claimed year against the paper's; a paper with no year leaves the claim open, and the
/// paper is shown (`with_doi`: the claim also states a DOI, whose fact shows it already).
fn year_claim(claimed: i32, paper: &PaperRef, known: &Known, with_doi: bool) -> Option<Verdict> {
    let Some(year) = paper.year else {
        return if with_doi {
            Some(Verdict { verdict: Label::Uncertain, relation: "year".into(), reason: format!("the graph records no year for \"{}\"", paper.title), supporting: vec![], contradicting: vec![] })
        } else {
            undated(paper, known)
        };
    };
    let f = fact(&paper.title, "year", &year.to_string(), format!("\"{}\" was published in {year}", paper.title), vec![paper.clone()]);
    if known.years.len() > 1 && known.years.contains(&claimed) {
        // Two real years recorded, the claimed one among them: the graph cannot settle it.
        let listed = known.years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ");
        let facts = known.years.iter().map(|y| fact(&paper.title, "year", &y.to_string(), format!("\"{}\" was published in {y}", paper.title), vec![paper.clone()]));
        let (supporting, contradicting): (Vec<FactRef>, Vec<FactRef>) = facts.partition(|f| f.value == claimed.to_string());
        let reason = format!("the graph records both {listed} as the year of \"{}\"", paper.title);
        return Some(Verdict { verdict: Label::Uncertain, relation: "year".into(), reason, supporting, contradicting });
    }
    Some(if year == claimed {
        verdict(Label::Supported, "year", format!("the graph records {year} as the year of \"{}\"", paper.title), f)
    } else {
        verdict(Label::Refuted, "year", format!("the graph records {year} as the year of \"{}\", not {claimed}", paper.title), f)
    })
}

/// A bound on the paper's year ("published before 2022") against its recorded year; open
/// when it has none (and it is surely the paper named) or two that fall on both sides.
fn year_bound_claim(bound: crate::pipeline::front::anchor::YearBound, paper: &PaperRef, known: &Known) -> Option<Verdict> {
    let said = bound.describe();
    let Some(year) = paper.year else { return undated(paper, known) };
    let years = if known.years.len() > 1 { known.years.clone() } else { vec![year] };
    let inside = years.iter().filter(|y| bound.holds(**y)).count();
    let listed = years.iter().map(i32::to_string).collect::<Vec<_>>().join(" and ");
    let f = fact(&paper.title, "year", &listed, format!("\"{}\" was published in {listed}", paper.title), vec![paper.clone()]);
    Some(if inside == years.len() {
        verdict(Label::Supported, "year", format!("the graph records {listed} as the year of \"{}\", which is {said}", paper.title), f)
    } else if inside == 0 {
        verdict(Label::Refuted, "year", format!("the graph records {listed} as the year of \"{}\", which is not {said}", paper.title), f)
    } else {
        Verdict { verdict: Label::Uncertain, relation: "year".into(), reason: format!("the graph records both {listed} as the year of \"{}\"", paper.title), supporting: vec![f], contradicting: vec![] }
    })
}

/// A claim about the year of a paper the graph holds no year for: open, with the paper
/// shown, when its title is surely the one named ("'attention is all you need' was
/// published in 2017" shares some words with a title, and names no paper the graph holds).
fn undated(paper: &PaperRef, known: &Known) -> Option<Verdict> {
    if known.pointed_fit < crate::pipeline::query::LOOKUP_COVERAGE.into() {
        return None;
    }
    let shown = super::verdict::year_fact(paper);
    Some(Verdict { verdict: Label::Uncertain, relation: "year".into(), reason: shown.statement.clone(), supporting: vec![], contradicting: vec![shown] })
}

/// Two parts of one claim: refuted if either is, open if either is, else supported.
fn both(a: Verdict, b: Verdict) -> Verdict {
    let label = if a.verdict == Label::Refuted || b.verdict == Label::Refuted {
        Label::Refuted
    } else if a.verdict == Label::Uncertain || b.verdict == Label::Uncertain {
        Label::Uncertain
    } else {
        Label::Supported
    };
    Verdict {
        verdict: label,
        relation: a.relation.clone(),
        reason: format!("{}; {}", a.reason, b.reason),
        supporting: [a.supporting, b.supporting].concat(),
        contradicting: [a.contradicting, b.contradicting].concat(),
    }
}

/// The value of an evaluation the graph records without a score: what the answer says of it.
pub const NO_VALUE: &str = "no value recorded";

/// "LeViT-256 was evaluated on iNaturalist 2019 (no value recorded)": the named models'
/// evaluations on the claim's datasets, when the graph holds no value for them.
pub(super) fn evaluations_without_values(entities: &Normalized, known: &Known) -> Vec<FactRef> {
    let mut out: Vec<FactRef> = Vec::new();
    for d in &entities.datasets {
        for (iri, label, on_d) in known.evaluated.iter().filter(|(_, _, on)| d.iris.contains(on)) {
            if entities.methods.iter().any(|m| super::verdict::model_of(m, iri, label)) && !out.iter().any(|f| &f.model == label) {
                out.push(FactRef {
                    statement: format!("{label} was evaluated on {} (no value recorded)", d.canonical),
                    subject: label.clone(),
                    model: label.clone(),
                    dataset: d.canonical.clone(),
                    metric: "evaluated on".into(),
                    value: NO_VALUE.into(),
                    // The papers that report the evaluation ("-" in a score column): what
                    // the answer cites for it.
                    papers: known.evaluation_papers.iter().filter(|(m, on, _)| m == iri && on == on_d).map(|(_, _, p)| p.clone()).collect(),
                    sources: Vec::new(),
                });
            }
        }
    }
    out
}

/// What a claim about one paper, named by its title's words, states of it.
#[derive(Debug, Clone, PartialEq)]
pub enum OfPaper {
    /// "The X paper evaluates on D": its boards.
    Evaluated,
    /// "The X paper is about T": its research problems.
    About,
    /// "The X paper comes with code" (`false`), or has none (`true`): its code links.
    Code { none: bool },
    /// "The X paper is by <name>": its authors.
    Author(String),
    /// "The X paper introduced <model>": its models.
    Introduced(String),
}

/// What `question`, a claim about one paper, states of it ([`OfPaper`]); `None` for a claim
/// of something else (a score, a best, a year), left to the readings of those.
pub fn of_paper(question: &str, entities: &Normalized) -> Option<OfPaper> {
    static BY: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:[Ww]ritten|[Aa]uthored|[Cc]o-?authored|[Ii]s|[Ww]as)\s+by\s+(\p{Lu}[\w'’.-]*(?:\s+\p{Lu}[\w'’.-]*){0,3})"));
    static ON_BOARD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:evaluat\w*|test\w*|benchmark\w*|reports?\s+(?:results?\s+)?on|ran\s+on|runs?\s+on|uses?|used)\b"));
    static ABOUT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:is|was|are)\s+(?:about|on)\b|\baddress(?:es|ed)?\b|\btackles?\b|\bdeals?\s+with\b|\bstud(?:y|ies)\b|\bfocus(?:es|ed)?\s+on\b|\bworks?\s+on\b"));
    // A score, a best or a comparison is read elsewhere; a quoted title's words state nothing.
    static SCORED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:same|higher|lower|better|worse|beats?|beaten|outperform\w*|best|top|sota|state[- ]of[- ]the[- ]art|scores?|scored|reach\w*|achiev\w*|gets?|got)\b"));
    let raw = question;
    let question = crate::pipeline::front::classify::unquoted(question);
    let question = question.as_ref();
    if !entities.metrics.is_empty() || SCORED.is_match(question) {
        return None;
    }
    // Code as a claim about a model's code reads it (`extract::code_claim`).
    if let Some(claim) = crate::pipeline::front::extract::code_claim(question) {
        return Some(OfPaper::Code { none: claim.none });
    }
    // "'T' introduced CGU, correct?", "the MEMEN paper proposed FusionNet": the verb right
    // after the paper's name (a closing quote or "paper"), the model the words after it.
    static INTRODUCED: LazyLock<Regex> = LazyLock::new(|| {
        re(r#"(?i)(?:\bpaper|['"’”])\s+(?:(?:first|originally)\s+)?(?:introduced|introduces|proposed|proposes|presented|presents|came\s+up\s+with)\s+(?:the\s+)?(?:(?:model|method|architecture|system)\s+)?([^,?;]+?)\s*(?:,|\?|;|\.\s|\.$|$|\s+(?:right|correct|didn|did\s+it|isn|no|yes|true)\b)"#)
    });
    // What follows must be a name: "presents results on D", "proposed a method for T" state
    // something else.
    static NOT_A_NAME: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^(?:results?|scores?|numbers|experiments?|evaluations?|evidence|an?|new|its|their|some|several|two|three)\b|\s(?:on|for|in|to|with|over)\s"));
    if let Some(model) = INTRODUCED.captures(raw).and_then(|c| c.get(1)).map(|m| m.as_str().trim()).filter(|m| !m.is_empty() && m.split_whitespace().count() <= 5 && !NOT_A_NAME.is_match(m)) {
        return Some(OfPaper::Introduced(model.to_owned()));
    }
    if let Some(name) = BY.captures(question).and_then(|c| c.get(1)) {
        return Some(OfPaper::Author(name.as_str().trim_end_matches(['.', '?', ',']).to_owned()));
    }
    if !entities.datasets.is_empty() && ON_BOARD.is_match(question) {
        return Some(OfPaper::Evaluated);
    }
    (!entities.tasks.is_empty() && entities.datasets.is_empty() && ABOUT.is_match(question)).then_some(OfPaper::About)
}

/// What the graph records of one paper, as a claim about it reads it: its boards, research
/// problems, code links and authors.
#[derive(Debug, Clone, Default)]
pub struct PaperRecord<'a> {
    pub datasets: &'a [String],
    pub tasks: &'a [String],
    pub code: &'a [String],
    pub authors: &'a [String],
    pub models: &'a [String],
}

/// A claim about one paper held against what the graph records of it ([`PaperRecord`]),
/// with what it records, which the answer lists: a board, problem or author named among
/// them is `SUPPORTED`; one not among them where some are recorded is `REFUTED`; none
/// recorded leaves it `UNCERTAIN`. Code recorded supports "it has code"; none recorded
/// settles nothing (the graph's links are no full list).
pub fn about_paper(of: &OfPaper, entities: &Normalized, title: &str, record: &PaperRecord<'_>) -> (Verdict, Vec<String>) {
    let words = |s: &str| s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect::<Vec<_>>();
    let holds_all = |outer: &str, inner: &str| {
        let outer = words(outer);
        let inner = words(inner);
        !inner.is_empty() && inner.iter().all(|w| outer.contains(w))
    };
    let listed = |held: &[String]| first_few(&held.iter().map(String::as_str).collect::<Vec<_>>());
    let plain = |label: Label, relation: &str, reason: String| Verdict { verdict: label, relation: relation.into(), reason, supporting: Vec::new(), contradicting: Vec::new() };
    match of {
        OfPaper::Evaluated => {
            let named: Vec<&crate::pipeline::front::normalize::NormalizedEntity> = entities.datasets.iter().collect();
            let found = |d: &&crate::pipeline::front::normalize::NormalizedEntity| record.datasets.iter().any(|h| d.names(h) || h.eq_ignore_ascii_case(&d.canonical));
            let names = named.iter().map(|d| d.canonical.as_str()).collect::<Vec<_>>().join(" and ");
            if named.is_empty() {
                (plain(Label::Uncertain, "evaluated", format!("the claim names no board the graph records to hold \"{title}\" against")), record.datasets.to_vec())
            } else if named.iter().all(found) {
                (plain(Label::Supported, "evaluated", format!("the graph records results of \"{title}\" on {names}")), named.iter().filter_map(|d| record.datasets.iter().find(|h| d.names(h) || h.eq_ignore_ascii_case(&d.canonical)).cloned()).collect())
            } else if record.datasets.is_empty() {
                (plain(Label::Uncertain, "evaluated", format!("the graph records no board of \"{title}\" that would settle whether it was evaluated on {names}")), Vec::new())
            } else {
                (plain(Label::Refuted, "evaluated", format!("the graph records results of \"{title}\" on {}, not on {names}", listed(record.datasets))), record.datasets.to_vec())
            }
        }
        // A claim whose problem the reading found nowhere but in the title is not settled.
        OfPaper::About if entities.tasks.is_empty() => (plain(Label::Uncertain, "used_for", format!("the claim names no research problem the graph records to hold \"{title}\" against")), record.tasks.to_vec()),
        OfPaper::About => {
            let task = entities.tasks.iter().map(|t| t.canonical.as_str()).collect::<Vec<_>>().join(" and ");
            let of_task = |label: &String| entities.tasks.iter().any(|t| t.names(label) || holds_all(label, &t.canonical) || holds_all(&t.canonical, label));
            match record.tasks.iter().find(|l| of_task(l)) {
                Some(held) => (plain(Label::Supported, "used_for", format!("the graph records \"{title}\" under the research problem {held}")), vec![held.clone()]),
                None if record.tasks.is_empty() => (plain(Label::Uncertain, "used_for", format!("the graph records no research problem of \"{title}\" that would settle whether it is about {task}")), Vec::new()),
                None => (plain(Label::Refuted, "used_for", format!("the graph records \"{title}\" under {}, not {task}", listed(record.tasks))), record.tasks.to_vec()),
            }
        }
        OfPaper::Code { none } => match (record.code.is_empty(), none) {
            (false, false) => (plain(Label::Supported, "code", format!("the graph records {} code link{} of \"{title}\"", record.code.len(), if record.code.len() == 1 { "" } else { "s" })), record.code.to_vec()),
            (false, true) => (plain(Label::Refuted, "code", format!("the graph records {} code link{} of \"{title}\"", record.code.len(), if record.code.len() == 1 { "" } else { "s" })), record.code.to_vec()),
            (true, _) => (plain(Label::Uncertain, "code", format!("the graph records no code link of \"{title}\", which does not show that it has none")), Vec::new()),
        },
        OfPaper::Author(name) => {
            let last = words(name).pop().unwrap_or_default();
            match record.authors.iter().find(|a| words(a).contains(&last)) {
                Some(author) => (plain(Label::Supported, "author", format!("the graph records {author} among the authors of \"{title}\"")), vec![author.clone()]),
                None if record.authors.is_empty() => (plain(Label::Uncertain, "author", format!("the graph records no authors of \"{title}\"")), Vec::new()),
                None => (plain(Label::Refuted, "author", format!("the graph records {} as the authors of \"{title}\", not {name}", listed(record.authors))), record.authors.to_vec()),
            }
        }
        // The models the graph files under the paper are those it introduced or reports: a
        // model among them supports the claim; a paper whose models are all others refutes it.
        OfPaper::Introduced(model) => {
            // One label written twice ("MEMEN (single model)" and "MEMEN  (single model)") is
            // one model.
            let mut models: Vec<String> = Vec::new();
            for m in record.models {
                let key = m.split_whitespace().collect::<Vec<_>>().join(" ");
                if !models.iter().any(|k| k.eq_ignore_ascii_case(&key)) {
                    models.push(key);
                }
            }
            let found: Vec<String> = models.iter().filter(|m| m.eq_ignore_ascii_case(model) || holds_all(m, model)).cloned().collect();
            if !found.is_empty() {
                (plain(Label::Supported, "introduced", format!("the graph records {} among the models of \"{title}\"", found.join(" and "))), found)
            } else if models.is_empty() {
                (plain(Label::Uncertain, "introduced", format!("the graph records no model of \"{title}\" that would settle whether it introduced {model}")), Vec::new())
            } else {
                (plain(Label::Refuted, "introduced", format!("the graph records {} as the models of \"{title}\", not {model}", listed(&models))), models)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::EntityKind;
    use crate::pipeline::front::normalize::NormalizedEntity;

    fn entity(kind: EntityKind, name: &str, iri: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![iri.into()], direction: None, link: None }
    }

    #[test]
    fn a_claim_about_a_named_paper_is_held_against_its_boards_problems_code_and_authors() {
        let on = |d: &str| Normalized { datasets: vec![entity(EntityKind::Dataset, d, "d")], ..Normalized::default() };
        let about = |t: &str| Normalized { tasks: vec![entity(EntityKind::Task, t, "t")], ..Normalized::default() };
        assert_eq!(of_paper("the deeper joint extraction paper evaluates on CoNLL04", &on("CoNLL04")), Some(OfPaper::Evaluated));
        assert_eq!(of_paper("the six neurons atari paper is about text summarization", &about("text summarization")), Some(OfPaper::About));
        assert_eq!(of_paper("the SEE scene text recognition paper comes with code", &Normalized::default()), Some(OfPaper::Code { none: false }));
        assert_eq!(of_paper("the feedback memory paper is by Sainbayar Sukhbaatar, isn't it?", &Normalized::default()), Some(OfPaper::Author("Sainbayar Sukhbaatar".into())));
        assert_eq!(of_paper("the NAS paper reports 96.35 on CIFAR-10", &Normalized::default()), None, "a score is no relation read here");
        assert_eq!(of_paper("Did the study 'Benchmarking Detectors' get the same F1 for X on D as the X paper?", &on("D")), None, "a quoted title's words state nothing");

        let boards = ["Hutter Prize".to_owned(), "Text8".to_owned()];
        let record = PaperRecord { datasets: &boards, ..PaperRecord::default() };
        let (v, shown) = about_paper(&OfPaper::Evaluated, &on("WikiText-103"), "Deeper", &record);
        assert_eq!((v.verdict, shown.len()), (Label::Refuted, 2), "{}", v.reason);
        assert_eq!(about_paper(&OfPaper::Evaluated, &on("text8"), "Deeper", &record).0.verdict, Label::Supported);
        assert_eq!(about_paper(&OfPaper::Evaluated, &on("Text8"), "Deeper", &PaperRecord::default()).0.verdict, Label::Uncertain, "no board recorded settles nothing");

        let problems = ["Atari Games".to_owned()];
        let record = PaperRecord { tasks: &problems, ..PaperRecord::default() };
        assert_eq!(about_paper(&OfPaper::About, &about("text summarization"), "Six neurons", &record).0.verdict, Label::Refuted);
        assert_eq!(about_paper(&OfPaper::About, &about("atari games"), "Six neurons", &record).0.verdict, Label::Supported);
        assert_eq!(about_paper(&OfPaper::About, &Normalized::default(), "Six neurons", &record).0.verdict, Label::Uncertain, "no problem claimed settles nothing");
        assert_eq!(about_paper(&OfPaper::Evaluated, &Normalized::default(), "Six neurons", &record).0.verdict, Label::Uncertain, "no board claimed settles nothing");

        let (v, _) = about_paper(&OfPaper::Code { none: false }, &Normalized::default(), "SEE", &PaperRecord::default());
        assert_eq!(v.verdict, Label::Uncertain, "no link recorded is no proof of none");
        let authors = ["Angela Fan".to_owned()];
        let record = PaperRecord { authors: &authors, ..PaperRecord::default() };
        assert_eq!(about_paper(&OfPaper::Author("Sainbayar Sukhbaatar".into()), &Normalized::default(), "Feedback", &record).0.verdict, Label::Refuted);
        assert_eq!(about_paper(&OfPaper::Author("Sainbayar Sukhbaatar".into()), &Normalized::default(), "Feedback", &PaperRecord::default()).0.verdict, Label::Uncertain);

        assert_eq!(of_paper("'Global Encoding for Abstractive Summarization' introduced CGU, correct?", &Normalized::default()), Some(OfPaper::Introduced("CGU".into())));
        assert_eq!(of_paper("the MEMEN paper introduced FusionNet, didn't it?", &Normalized::default()), Some(OfPaper::Introduced("FusionNet".into())));
        assert_eq!(of_paper("the paper that introduced FusionNet evaluates on SQuAD", &on("SQuAD")), Some(OfPaper::Evaluated), "the paper described by what it introduced");
        assert_eq!(of_paper("'Deep Residual Learning' presents results on ImageNet, right?", &Normalized::default()), None, "results presented are no model introduced");
        let models = ["MEMEN (single model)".to_owned(), "MEMEN (ensemble)".to_owned(), "MEMEN  (single model)".to_owned()];
        let record = PaperRecord { models: &models, ..PaperRecord::default() };
        let (v, shown) = about_paper(&OfPaper::Introduced("FusionNet".into()), &Normalized::default(), "MEMEN", &record);
        assert_eq!((v.verdict, shown.len()), (Label::Refuted, 2), "{}", v.reason);
        assert_eq!(about_paper(&OfPaper::Introduced("memen".into()), &Normalized::default(), "MEMEN", &record).0.verdict, Label::Supported, "a variant of the model named");
        assert_eq!(about_paper(&OfPaper::Introduced("CGU".into()), &Normalized::default(), "Global", &PaperRecord::default()).0.verdict, Label::Uncertain, "no model recorded settles nothing");
    }

    fn paper(title: &str, year: i32, doi: &str) -> Known {
        Known { papers: vec![(PaperRef { iri: "p".into(), title: title.into(), year: Some(year) }, vec![doi.into()])], years: vec![year], ..Known::default() }
    }

    #[test]
    fn a_year_claim_on_a_paper_with_two_recorded_years_is_uncertain() {
        let known = Known { years: vec![2017, 2019], ..paper("Tidewick: Spectral Kurtosis", 2017, "10.1/x") };
        let v = judge("The Tidewick: Spectral Kurtosis paper came out in 2017, right?", &Normalized::default(), &known, &[]).unwrap();
        assert_eq!(v.verdict, Label::Uncertain);
        assert!(v.reason.contains("2017 and 2019"), "{}", v.reason);
        let v = judge("The Tidewick: Spectral Kurtosis paper came out in 2021, right?", &Normalized::default(), &known, &[]).unwrap();
        assert_eq!(v.verdict, Label::Refuted, "a year the record does not hold at all is refuted");
    }

    #[test]
    fn a_papers_year_or_doi_is_checked_against_the_recorded_one() {
        let known = paper("Nitrous oxide emissions from the Arabian Sea: A synthesis", 2001, "10.5194/acp-1-61-2001");
        let label = |q: &str| judge(q, &Normalized::default(), &known, &[]).map(|v| v.verdict);
        assert_eq!(label("'Nitrous oxide emissions from the Arabian Sea: A synthesis' came out in 2003"), Some(Label::Refuted));
        assert_eq!(label("the arabian sea N2O synthesis was published in 2001, right?"), Some(Label::Supported));
        assert_eq!(label("its doi is 10.5194/acp-1-61-2001, right?"), Some(Label::Supported));
        assert_eq!(label("its doi is 10.1000/other, right?"), Some(Label::Refuted));
        assert_eq!(label("the synthesis paper is good"), None, "no year or DOI stated: not a metadata claim");
        assert_eq!(label("its doi is 10.5194/acp-1-61-2001 and it was published in 2001, right?"), Some(Label::Supported));
        assert_eq!(label("its doi is 10.5194/acp-1-61-2001 and it was published in 2003, right?"), Some(Label::Refuted), "one part false");
        let undated = Known { papers: vec![(PaperRef { iri: "p".into(), title: "Y: a baseline".into(), year: None }, vec!["10.5555/y".into()])], ..Known::default() };
        let v = judge("Y's paper, DOI 10.5555/y, appeared in 2019. Can you confirm both details?", &Normalized::default(), &undated, &[]).unwrap();
        assert_eq!(v.verdict, Label::Uncertain, "the DOI holds, the year is not recorded: {}", v.reason);
    }

    #[test]
    fn a_named_paper_with_no_year_leaves_a_year_claim_open_only_when_it_is_surely_the_paper_named() {
        let undated = |fit: f64| Known { papers: vec![(PaperRef { iri: "p".into(), title: "HDLTex: Hierarchical Deep Learning for Text Classification".into(), year: None }, vec![])], pointed_fit: fit, ..Known::default() };
        let v = judge("was the HDLTex paper published in 2018?", &Normalized::default(), &undated(1.0), &[]).unwrap();
        assert_eq!(v.verdict, Label::Uncertain);
        assert!(v.contradicting.iter().any(|f| f.subject.starts_with("HDLTex")), "the paper is shown: {v:?}");
        assert!(judge("'attention is all you need' was published in 2017", &Normalized::default(), &undated(0.5), &[]).is_none(), "a title sharing some words is not the paper named");
        let dated = Known { papers: vec![(PaperRef { iri: "p".into(), title: "OAG-BERT: Pre-train".into(), year: Some(2021) }, vec![])], years: vec![2021], pointed_fit: 1.0, ..Known::default() };
        assert_eq!(judge("was OAG-BERT published before 2022?", &Normalized::default(), &dated, &[]).map(|v| v.verdict), Some(Label::Supported));
        assert_eq!(judge("OAG-BERT came out after 2021, right?", &Normalized::default(), &dated, &[]).map(|v| v.verdict), Some(Label::Refuted));
    }

    #[test]
    fn an_evaluation_is_supported_by_a_recorded_result_refuted_by_the_models_other_boards_and_otherwise_uncertain() {
        let mut entities = Normalized::default();
        entities.methods.push(entity(EntityKind::Method, "HDLTex", "m"));
        entities.datasets.push(entity(EntityKind::Dataset, "WOS-46985", "d"));
        let mut known = Known { evaluated: vec![("m".into(), "HDLTex".into(), "d".into())], ..Known::default() };
        let label = |k: &Known| judge("HDLTex was evaluated on WOS-46985, yes?", &entities, k, &[]).map(|v| v.verdict);
        assert_eq!(label(&known), Some(Label::Supported));
        known.evaluated[0].2 = "other".into();
        assert_eq!(label(&known), Some(Label::Uncertain));
        // Where the graph records the model's evaluations elsewhere and holds the board,
        // their not holding it is the graph's no, and those boards are shown.
        known.board_labels = vec![("other".into(), "WOS-11967".into())];
        let v = judge("HDLTex was evaluated on WOS-46985 too, right?", &entities, &known, &[]).unwrap();
        assert_eq!(v.verdict, Label::Refuted, "the graph records HDLTex's evaluations, and not on D");
        assert!(v.reason.ends_with("; it records HDLTex on WOS-11967") && v.contradicting.iter().any(|f| f.dataset == "WOS-11967"), "{v:?}");
        // "has hdl been evaluated on D?" where "hdl" linked to the longer label "HDLTex":
        // that model's boards are not the named one's.
        entities.methods[0].text = "hdl".into();
        entities.methods[0].link = Some(crate::pipeline::front::link::IndexLink { label: "HDLTex".into(), score: 1.0, label_coverage: 0.5, why: "test" });
        let v = judge("has hdl been evaluated on WOS-46985?", &entities, &known, &[]).unwrap();
        assert_eq!(v.verdict, Label::Uncertain, "{}", v.reason);
        assert!(v.reason.starts_with("the graph records no model called hdl, and no result of HDLTex"), "{}", v.reason);
    }

    #[test]
    fn a_model_said_to_be_the_only_one_on_a_board_is_checked_against_the_boards_models() {
        let mut entities = Normalized::default();
        entities.methods.push(entity(EntityKind::Method, "CURL", "m"));
        entities.datasets.push(entity(EntityKind::Dataset, "Finger, spin", "d"));
        let alone = Known { evaluated: vec![("m".into(), "CURL".into(), "d".into())], ..Known::default() };
        let label = |q: &str, k: &Known| judge(q, &entities, k, &[]).map(|v| (v.verdict, v.relation));
        assert_eq!(label("Nothing but CURL has been reported on Finger, spin.", &alone), Some((Label::Supported, "only".to_owned())));
        assert_eq!(label("CURL is the only model evaluated on Finger, spin, right?", &alone), Some((Label::Supported, "only".to_owned())));
        let shown = judge("Nothing but CURL has been reported on Finger, spin.", &entities, &alone, &[crate::pipeline::trust::fixtures::fact("m", "d", "Score", 767.0)]).expect("judged");
        assert!(shown.supporting.iter().any(|f| f.value == "767.0"), "its value is shown: {:?}", shown.supporting);
        let crowded = Known { evaluated: vec![("m".into(), "CURL".into(), "d".into()), ("o".into(), "SAC".into(), "d".into())], ..Known::default() };
        let v = judge("only CURL has been evaluated on Finger, spin", &entities, &crowded, &[]).expect("judged");
        assert!(v.verdict == Label::Refuted && v.reason.contains("SAC"), "{}", v.reason);
        assert_ne!(label("only two models have been evaluated on Finger, spin", &crowded).map(|l| l.1), Some("only".to_owned()), "a count is no claim of one model");
    }

    #[test]
    fn a_models_own_paper_is_judged_on_each_board_named_and_a_result_from_another_paper_refutes_it() {
        let mut entities = Normalized::default();
        entities.methods.push(entity(EntityKind::Method, "Marrowfen", "m"));
        entities.datasets.push(entity(EntityKind::Dataset, "Sealbrook", "d1"));
        entities.datasets.push(entity(EntityKind::Dataset, "Kelpwatch", "d2"));
        let own = PaperRef { iri: "own".into(), title: "Marrowfen: Graph Features".into(), year: Some(2018) };
        let other = PaperRef { iri: "other".into(), title: "Transferring Drivetrain Models".into(), year: Some(2020) };
        let known = Known {
            evaluated: vec![("m".into(), "Marrowfen".into(), "d1".into()), ("m".into(), "Marrowfen".into(), "d2".into())],
            evaluation_papers: vec![("m".into(), "d1".into(), own.clone()), ("m".into(), "d2".into(), other.clone())],
            titled: vec![own, other],
            ..Known::default()
        };
        let v = judge("The Marrowfen paper reports results on both Sealbrook and Kelpwatch, right?", &entities, &known, &[]).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("reports no result of Marrowfen on Kelpwatch") && v.reason.contains("Transferring Drivetrain Models"), "{}", v.reason);
        let any = judge("Marrowfen was evaluated on both Sealbrook and Kelpwatch, right?", &entities, &known, &[]).expect("a verdict");
        assert_eq!(any.verdict, Label::Supported, "any paper counts when the claim names none: {}", any.reason);
    }

    #[test]
    fn a_dataset_listed_under_a_problem_supports_that_it_is_used_for_it() {
        let mut entities = Normalized::default();
        entities.datasets.push(entity(EntityKind::Dataset, "Jacquard dataset", "d"));
        entities.tasks.push(entity(EntityKind::Task, "Robotic Grasping", "t"));
        let known = Known { task_datasets: vec![("d".into(), "Jacquard dataset".into(), None)], ..Known::default() };
        let v = judge("the jacquard dataset is used for robotic grasping?", &entities, &known, &[]).map(|v| v.verdict);
        assert_eq!(v, Some(Label::Supported));
        assert_eq!(judge("the jacquard dataset is used for robotic grasping?", &entities, &Known::default(), &[]).map(|v| v.verdict), Some(Label::Uncertain));
        assert_eq!(judge("the jacquard dataset is a robotic grasping benchmark", &entities, &known, &[]).map(|v| v.verdict), Some(Label::Supported));
    }

    #[test]
    fn a_model_is_judged_used_for_a_problem_by_the_problems_recorded_for_it() {
        let mut entities = Normalized::default();
        entities.methods.push(entity(EntityKind::Method, "BiT-M", "m"));
        entities.tasks.push(entity(EntityKind::Task, "Fine-Grained Image Classification", "t"));
        let claim = "BiT-M was evaluated on fine-grained image classification";
        let others = Known { task_models: vec![("c".into(), "CvT-W24".into(), None)], model_tasks: vec![("i".into(), "Image Classification".into(), None)], ..Known::default() };
        let v = judge(claim, &entities, &others, &[]).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("CvT-W24") && v.reason.contains("Image Classification"), "{}", v.reason);
        let held = Known { model_tasks: vec![("t".into(), "Fine-Grained Image Classification".into(), None)], ..others.clone() };
        assert_eq!(judge(claim, &entities, &held, &[]).map(|v| v.verdict), Some(Label::Supported));
        assert_eq!(judge(claim, &entities, &Known::default(), &[]).map(|v| v.verdict), Some(Label::Uncertain), "nothing recorded for the problem");
        let on_its_board = Known { evaluated: vec![("m".into(), "BiT-M".into(), "d".into())], task_datasets: vec![("d".into(), "CUB-200".into(), None)], ..others.clone() };
        assert_eq!(judge(claim, &entities, &on_its_board, &[]).map(|v| v.verdict), Some(Label::Supported), "a result on one of the problem's benchmarks");
    }

    #[test]
    fn a_held_board_missing_from_a_problems_recorded_benchmarks_refutes_that_it_is_used_for_it() {
        let mut entities = Normalized::default();
        entities.datasets.push(entity(EntityKind::Dataset, "ACL-ARC", "a"));
        entities.tasks.push(entity(EntityKind::Task, "Sentiment Analysis", "t"));
        let known = Known { task_datasets: vec![("i".into(), "IMDb".into(), None), ("m".into(), "MPQA".into(), None)], ..Known::default() };
        let v = judge("ACL-ARC is a benchmark for sentiment analysis", &entities, &known, &[]).expect("a verdict");
        assert_eq!(v.verdict, Label::Refuted, "{}", v.reason);
        assert!(v.reason.contains("IMDb, MPQA"), "the problem's benchmarks are said: {}", v.reason);
        assert_eq!(v.contradicting.len(), 2);
        // Where the graph files the board under other problems, they are said, first.
        let filed = Known { dataset_tasks: vec![("c".into(), "Citation Intent Classification".into(), None)], ..known };
        let v = judge("ACL-ARC is a benchmark for sentiment analysis", &entities, &filed, &[]).expect("a verdict");
        assert!(v.reason.ends_with("; it files ACL-ARC under Citation Intent Classification"), "{}", v.reason);
        assert_eq!(v.contradicting.first().map(|f| f.value.as_str()), Some("Citation Intent Classification"));
    }
}
