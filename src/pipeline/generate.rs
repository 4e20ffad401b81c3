//! Stage 9: the answer. Builds the direct answer as data ([`AnswerItem`]s, chosen by the
//! question's [`Target`]), picks and numbers the sources it rests on, and writes the text:
//! extractively from the facts ([`extractive`], always available), or through the LLM
//! ([`llm_request`]) whose reply must cite sources as `[n]`; [`check_citations`] removes
//! citations of sources that do not exist and reports them. Scores are compared as
//! numbers, in the metric's direction. Pure: the LLM call itself happens in `mod.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::classify::Target;
use super::evidence::{Evidence, Named, PaperDetails, ResultFact};
use super::lexicon::{Direction, EntityKind};
use super::normalize::Normalized;
use super::rank::Ranked;
use super::scores::parse_score;
use super::trust::{PaperMeta, Validity};
use crate::llm::ChatRequest;

/// A cited paper.
#[derive(Debug, Clone, Serialize)]
pub struct Source {
    /// The number the answer cites it by, from 1.
    pub n: usize,
    pub title: String,
    pub iri: String,
    pub doi: Option<String>,
    pub year: Option<i32>,
    pub methods: Vec<String>,
    pub datasets: Vec<String>,
    /// The ranking score (0 for papers cited only because they state an answer item).
    pub score: f64,
    /// VALID, OUTDATED, SUPERSEDED or CONFLICTED (see `trust`).
    pub validity: Validity,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub code: Vec<String>,
}

/// One element of the direct answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerItem {
    pub label: String,
    pub iri: Option<String>,
    pub value: Option<String>,
    /// Numbers of the sources that state it.
    pub sources: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dataset: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Paper IRIs behind the item (numbered in `sources` when cited).
    #[serde(skip)]
    pub papers: Vec<String>,
}

impl AnswerItem {
    fn new(label: &str, iri: Option<&str>) -> Self {
        Self {
            label: label.to_owned(),
            iri: iri.map(str::to_owned),
            value: None,
            sources: Vec::new(),
            metric: None,
            dataset: None,
            model: None,
            papers: Vec::new(),
        }
    }

    fn add_paper(&mut self, paper: &Option<String>) {
        if let Some(p) = paper {
            if !self.papers.contains(p) {
                self.papers.push(p.clone());
            }
        }
    }
}

/// Adds or extends the item for `named` in `items` (keyed by IRI).
fn upsert<'a>(items: &'a mut Vec<AnswerItem>, named: &Named) -> &'a mut AnswerItem {
    let position = items.iter().position(|i| i.iri.as_deref() == Some(named.iri.as_str()));
    match position {
        Some(i) => &mut items[i],
        None => {
            items.push(AnswerItem::new(named.display(), Some(&named.iri)));
            let last = items.len() - 1;
            &mut items[last]
        }
    }
}

/// Whether a result's metric is one the question asked about.
fn metric_asked(fact: &ResultFact, entities: &Normalized) -> bool {
    let Some(metric) = &fact.metric else { return false };
    entities.metrics.iter().any(|m| m.iris.contains(&metric.iri) || metric.label.as_deref().is_some_and(|l| m.names(l)))
}

/// The best result per metric among `facts`, by numeric value in the metric's direction.
fn best_per_metric<'a>(
    facts: &[&'a ResultFact],
    direction: &dyn Fn(&str) -> Direction,
) -> Vec<(&'a ResultFact, f64)> {
    let mut best: BTreeMap<String, Vec<(&ResultFact, f64)>> = BTreeMap::new();
    for fact in facts {
        let (Some(metric), Some(value)) = (&fact.metric, fact.value.as_deref().and_then(parse_score)) else {
            continue;
        };
        let lower = direction(metric.display()) == Direction::Lower;
        let slot = best.entry(metric.iri.clone()).or_default();
        let better = |current: f64| if lower { value < current } else { value > current };
        match slot.first().map(|(_, v)| *v) {
            None => slot.push((fact, value)),
            Some(current) if better(current) => *slot = vec![(fact, value)],
            Some(current) if value == current => slot.push((fact, value)),
            _ => {}
        }
    }
    best.into_values().flatten().collect()
}

/// The direct answer as data, before sources are numbered.
pub fn answer_items(
    target: Target,
    evidence: &Evidence,
    ranked: &[Ranked],
    entities: &Normalized,
    direction: &dyn Fn(&str) -> Direction,
) -> Vec<AnswerItem> {
    let mut items: Vec<AnswerItem> = Vec::new();
    match target {
        Target::Models => {
            for fact in &evidence.results {
                if let Some(model) = &fact.model {
                    upsert(&mut items, model).add_paper(&fact.paper);
                }
            }
        }
        // A claim's items are the facts its verdict rests on (`verdict` builds them).
        Target::Verdict => {}
        Target::BestModel | Target::TopScore => {
            let asked_metric = !entities.metrics.is_empty()
                && evidence.results.iter().any(|f| metric_asked(f, entities));
            let mut facts: Vec<&ResultFact> =
                evidence.results.iter().filter(|f| !asked_metric || metric_asked(f, entities)).collect();
            // A question that names models is about those models ("what top-1 accuracy does
            // ResNet-50 reach", "is A or B better"): keep their results when there are any.
            let named = |f: &&ResultFact| {
                f.model.as_ref().is_some_and(|m| {
                    entities.methods.iter().any(|e| e.iris.contains(&m.iri) || m.label.as_deref().is_some_and(|l| e.names(l)))
                })
            };
            if facts.iter().any(named) {
                facts.retain(named);
            }
            for (fact, _) in best_per_metric(&facts, direction) {
                let metric = fact.metric.as_ref().map(|m| m.display().to_owned());
                let model = fact.model.as_ref().map(|m| m.display().to_owned());
                let mut item = match (target, &fact.model, &fact.metric) {
                    (Target::BestModel, Some(model), _) => AnswerItem::new(model.display(), Some(&model.iri)),
                    (Target::TopScore, _, Some(metric)) => AnswerItem::new(metric.display(), Some(&metric.iri)),
                    _ => continue,
                };
                item.value = fact.value.as_ref().map(|v| v.trim().to_owned());
                item.metric = metric;
                item.dataset = Some(fact.dataset.display().to_owned());
                item.model = model;
                item.add_paper(&fact.paper);
                if !items.contains(&item) {
                    items.push(item);
                }
            }
        }
        Target::Metrics => {
            for fact in &evidence.results {
                if let Some(metric) = &fact.metric {
                    upsert(&mut items, metric).add_paper(&fact.paper);
                }
            }
        }
        Target::Datasets => {
            for listed in &evidence.datasets {
                upsert(&mut items, &listed.item).add_paper(&listed.paper);
            }
        }
        Target::Problems => {
            for listed in &evidence.problems {
                upsert(&mut items, &listed.item).add_paper(&listed.paper);
            }
        }
        Target::Code => {
            for link in &evidence.code {
                let position = items.iter().position(|i| i.label == link.url);
                let item = match position {
                    Some(i) => &mut items[i],
                    None => {
                        let mut item = AnswerItem::new(&link.url, None);
                        item.model = Some(link.model.display().to_owned());
                        items.push(item);
                        items.last_mut().expect("just pushed")
                    }
                };
                item.add_paper(&link.paper);
            }
        }
        Target::Papers | Target::PaperDetails => {
            let take = if target == Target::PaperDetails { 1 } else { ranked.len() };
            for paper in ranked.iter().take(take) {
                let mut item = AnswerItem::new(&paper.title, Some(&paper.iri));
                item.papers.push(paper.iri.clone());
                items.push(item);
            }
        }
    }
    // Unlabelled entries (real dumps have them) answer nothing a person can read.
    items.retain(|i| !i.label.trim().is_empty());
    items
}

/// Picks the sources: `priority` papers first (those a verdict or a stated disagreement
/// cites), then papers behind answer items (in item order), then the ranked papers, at most
/// `max`; then numbers each item's papers.
pub fn select_sources(items: &mut [AnswerItem], priority: &[String], ranked: &[Ranked], max: usize) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    for paper in priority.iter().chain(items.iter().flat_map(|i| i.papers.iter())).chain(ranked.iter().map(|r| &r.iri)) {
        if chosen.len() >= max {
            break;
        }
        if !chosen.contains(paper) {
            chosen.push(paper.clone());
        }
    }
    for item in items.iter_mut() {
        item.sources = item
            .papers
            .iter()
            .filter_map(|p| chosen.iter().position(|c| c == p).map(|i| i + 1))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
    }
    chosen
}

/// Builds the numbered sources from the chosen paper IRIs and their details.
pub fn sources(
    chosen: &[String],
    details: &BTreeMap<String, PaperDetails>,
    evidence: &Evidence,
    ranked: &[Ranked],
    metas: &BTreeMap<String, PaperMeta>,
    validity: &dyn Fn(&str, Option<i32>) -> Validity,
) -> Vec<Source> {
    chosen
        .iter()
        .enumerate()
        .map(|(i, iri)| {
            let d = details.get(iri).cloned().unwrap_or_default();
            let meta = metas.get(iri);
            let year = meta.and_then(|m| m.year);
            let title = d
                .title
                .clone()
                .or_else(|| evidence.titles.get(iri).cloned())
                .unwrap_or_else(|| iri.clone());
            Source {
                n: i + 1,
                title,
                iri: iri.clone(),
                doi: meta.and_then(|m| m.dois.first().cloned()),
                year,
                methods: d.methods,
                datasets: d.datasets,
                score: ranked.iter().find(|r| &r.iri == iri).map_or(0.0, |r| r.score),
                validity: validity(iri, year),
                authors: d.authors,
                fields: d.fields,
                code: d.code,
            }
        })
        .collect()
}

fn cite(numbers: &[usize]) -> String {
    numbers.iter().map(|n| format!("[{n}]")).collect::<String>()
}

fn with_citation(text: &str, item: &AnswerItem) -> String {
    if item.sources.is_empty() {
        text.to_owned()
    } else {
        format!("{text} {}", cite(&item.sources))
    }
}

fn subject(entities: &Normalized, kinds: &[EntityKind]) -> String {
    let names: Vec<&str> = kinds
        .iter()
        .flat_map(|k| entities.get(*k).iter().map(|e| e.canonical.as_str()))
        .collect();
    if names.is_empty() {
        "your question".to_owned()
    } else {
        names.join(", ")
    }
}

/// How many items an extractive sentence lists before summarising the rest.
const LISTED: usize = 15;

fn list(items: &[AnswerItem], render: impl Fn(&AnswerItem) -> String) -> String {
    let shown: Vec<String> = items.iter().take(LISTED).map(render).collect();
    let more = items.len().saturating_sub(LISTED);
    let mut text = if more > 0 { format!("{}; and {more} more", shown.join("; ")) } else { shown.join("; ") };
    if !items.is_empty() && items.iter().all(|i| i.sources.is_empty()) {
        // Honest about why nothing is cited: the graph holds these without a paper.
        text.push_str(" (no paper recorded for these results)");
    }
    text
}

/// The deterministic answer, written from the items and sources alone.
pub fn extractive(target: Target, items: &[AnswerItem], sources: &[Source], entities: &Normalized) -> String {
    if items.is_empty() && sources.is_empty() {
        return "I found nothing in the knowledge graph that answers this question, so I cannot cite any paper for it."
            .to_owned();
    }
    let on = subject(entities, &[EntityKind::Dataset]);
    match target {
        Target::Models if !items.is_empty() => format!(
            "{} models have results on {on} in the knowledge graph: {}.",
            items.len(),
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::BestModel if !items.is_empty() => {
            let best = list(items, |i| {
                let by = i.metric.as_deref().map(|m| format!(" by {m}")).unwrap_or_default();
                let value = i.value.as_deref().map(|v| format!(" with {v}")).unwrap_or_default();
                with_citation(&format!("{}{value}{by} on {}", i.label, i.dataset.as_deref().unwrap_or(&on)), i)
            });
            format!("The best recorded result: {best}.")
        }
        Target::TopScore if !items.is_empty() => format!(
            "The top recorded scores on {on}: {}.",
            list(items, |i| {
                let model = i.model.as_deref().map(|m| format!(" ({m})")).unwrap_or_default();
                with_citation(&format!("{} {}{model}", i.label, i.value.as_deref().unwrap_or("?")), i)
            })
        ),
        Target::Metrics if !items.is_empty() => {
            format!("Results on {on} are reported with these metrics: {}.", list(items, |i| with_citation(&i.label, i)))
        }
        Target::Datasets if !items.is_empty() => format!(
            "Datasets used for {}: {}.",
            subject(entities, &[EntityKind::Task, EntityKind::Field]),
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::Problems if !items.is_empty() => format!(
            "Research problems addressed in {}: {}.",
            subject(entities, &[EntityKind::Field]),
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::Code if !items.is_empty() => format!(
            "Code of papers using {}: {}.",
            subject(entities, &[EntityKind::Method]),
            list(items, |i| with_citation(&i.label, i))
        ),
        Target::Verdict if !items.is_empty() => format!(
            "The knowledge graph records these results for the claim: {}.",
            list(items, |i| {
                let metric = i.metric.as_deref().unwrap_or("score");
                with_citation(
                    &format!("{} {} {} on {}", i.label, metric, i.value.as_deref().unwrap_or("?"), i.dataset.as_deref().unwrap_or("?")),
                    i,
                )
            })
        ),
        Target::PaperDetails if !sources.is_empty() => {
            let s = &sources[0];
            let mut parts = vec![format!("\"{}\"", s.title)];
            if let Some(year) = s.year {
                parts.push(format!("published in {year}"));
            }
            if !s.authors.is_empty() {
                parts.push(format!("by {}", s.authors.join(", ")));
            }
            if let Some(doi) = &s.doi {
                parts.push(format!("DOI {doi}"));
            }
            if !s.fields.is_empty() {
                parts.push(format!("research field {}", s.fields.join(", ")));
            }
            format!("{} [1].", parts.join(", "))
        }
        _ => {
            let shown: Vec<String> = sources
                .iter()
                .take(LISTED)
                .map(|s| match s.year {
                    Some(y) => format!("\"{}\" ({y}) [{}]", s.title, s.n),
                    None => format!("\"{}\" [{}]", s.title, s.n),
                })
                .collect();
            format!(
                "I found {} relevant paper{} in the knowledge graph: {}.",
                sources.len(),
                if sources.len() == 1 { "" } else { "s" },
                shown.join("; ")
            )
        }
    }
}

const ANSWER_SYSTEM: &str = "You answer questions about scientific papers using ONLY the numbered sources and facts given. \
Cite every statement with the number of its source in square brackets, like [1] or [2][3]. \
Never cite a number that is not in the list. If the sources do not answer the question, say so. \
Be concise: at most five sentences. Do not invent papers, numbers or results.";

/// The answer-generation request: numbered per-paper context plus the direct answer's facts.
pub fn llm_request(question: &str, items: &[AnswerItem], sources: &[Source]) -> ChatRequest {
    let mut context = String::new();
    for s in sources {
        context.push_str(&format!("[{}] \"{}\"", s.n, s.title));
        if let Some(y) = s.year {
            context.push_str(&format!(" ({y})"));
        }
        if let Some(doi) = &s.doi {
            context.push_str(&format!(", DOI {doi}"));
        }
        if !s.methods.is_empty() {
            context.push_str(&format!("; methods: {}", s.methods.join(", ")));
        }
        if !s.datasets.is_empty() {
            context.push_str(&format!("; datasets: {}", s.datasets.join(", ")));
        }
        context.push('\n');
    }
    let mut facts = String::new();
    for item in items.iter().take(30) {
        let mut line = format!("- {}", item.label);
        for (name, value) in [("model", &item.model), ("metric", &item.metric), ("value", &item.value), ("dataset", &item.dataset)] {
            if let Some(v) = value {
                line.push_str(&format!("; {name}: {v}"));
            }
        }
        if !item.sources.is_empty() {
            line.push_str(&format!(" {}", cite(&item.sources)));
        }
        facts.push_str(&line);
        facts.push('\n');
    }
    ChatRequest {
        system: ANSWER_SYSTEM.to_owned(),
        user: format!("Sources:\n{context}\nFacts from the knowledge graph:\n{facts}\nQuestion: {question}\nAnswer:"),
        json: None,
        temperature: 0.1,
    }
}

static CITATION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[(\d+(?:\s*,\s*\d+)*)\]").unwrap_or_else(|e| panic!("citation pattern: {e}")));

/// The answer with citations of missing sources removed, the numbers removed, and whether
/// any valid citation remains.
pub fn check_citations(answer: &str, source_count: usize) -> (String, Vec<usize>, bool) {
    let mut removed = Vec::new();
    let mut valid = false;
    let cleaned = CITATION.replace_all(answer, |caps: &regex::Captures<'_>| {
        let numbers: Vec<usize> = caps[1].split(',').filter_map(|n| n.trim().parse().ok()).collect();
        let (ok, bad): (Vec<usize>, Vec<usize>) = numbers.into_iter().partition(|n| (1..=source_count).contains(n));
        removed.extend(bad);
        valid |= !ok.is_empty();
        ok.iter().map(|n| format!("[{n}]")).collect::<String>()
    });
    // Removing a citation can leave a space before punctuation.
    let tidy = cleaned.replace(" .", ".").replace(" ,", ",");
    (tidy.trim().to_owned(), removed, valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(model: &str, metric: &str, value: &str, paper: &str) -> ResultFact {
        let named = |iri: &str, label: &str| Named { iri: iri.into(), label: Some(label.into()) };
        ResultFact {
            dataset: named("d", "SQuAD1.1"),
            model: Some(named(&format!("m:{model}"), model)),
            metric: Some(named(&format!("x:{metric}"), metric)),
            value: Some(value.into()),
            paper: Some(paper.into()),
            contribution: format!("c:{model}"),
            evaluation: format!("e:{model}:{metric}"),
        }
    }

    fn higher(name: &str) -> Direction {
        if name == "Perplexity" { Direction::Lower } else { Direction::Higher }
    }

    #[test]
    fn the_best_model_is_chosen_by_number_not_text() {
        let evidence = Evidence {
            results: vec![fact("A", "F1", "9.5", "p1"), fact("B", "F1", "85.2", "p2"), fact("C", "F1", "-", "p3")],
            ..Default::default()
        };
        let items = answer_items(Target::BestModel, &evidence, &[], &Normalized::default(), &higher);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].label, "B");
        assert_eq!(items[0].value.as_deref(), Some("85.2"));
    }

    #[test]
    fn a_question_naming_a_model_gets_that_models_score() {
        use crate::pipeline::normalize::NormalizedEntity;
        let evidence = Evidence {
            results: vec![fact("A", "F1", "80.0", "p1"), fact("B", "F1", "90.0", "p2")],
            ..Default::default()
        };
        let entities = Normalized {
            methods: vec![NormalizedEntity { kind: EntityKind::Method, text: "A".into(), canonical: "A".into(), aliases: vec![], iris: vec![], direction: None }],
            ..Default::default()
        };
        let items = answer_items(Target::TopScore, &evidence, &[], &entities, &higher);
        assert_eq!(items[0].value.as_deref(), Some("80.0"));
        assert_eq!(items[0].model.as_deref(), Some("A"));
    }

    #[test]
    fn lower_is_better_for_perplexity() {
        let evidence = Evidence {
            results: vec![fact("A", "Perplexity", "58.3", "p1"), fact("B", "Perplexity", "23.7", "p2")],
            ..Default::default()
        };
        let items = answer_items(Target::TopScore, &evidence, &[], &Normalized::default(), &higher);
        assert_eq!(items[0].value.as_deref(), Some("23.7"));
        assert_eq!(items[0].model.as_deref(), Some("B"));
    }

    #[test]
    fn sources_put_item_papers_first_and_items_cite_them() {
        let mut items = vec![AnswerItem { papers: vec!["p2".into()], ..AnswerItem::new("B", Some("m:B")) }];
        let ranked = vec![Ranked { iri: "p1".into(), title: "P1".into(), score: 2.0, matched: vec![] }];
        let chosen = select_sources(&mut items, &[], &ranked, 8);
        assert_eq!(chosen, vec!["p2", "p1"]);
        assert_eq!(items[0].sources, vec![1]);
    }

    #[test]
    fn citations_of_missing_sources_are_removed_and_reported() {
        let (text, removed, valid) = check_citations("BERT wins [1][9]. See also [2, 7].", 3);
        assert_eq!(text, "BERT wins [1]. See also [2].");
        assert_eq!(removed, vec![9, 7]);
        assert!(valid);
        let (_, removed, valid) = check_citations("Nothing cited [4].", 3);
        assert_eq!(removed, vec![4]);
        assert!(!valid);
    }

    #[test]
    fn an_empty_result_says_so_and_cites_nothing() {
        let text = extractive(Target::Papers, &[], &[], &Normalized::default());
        assert!(text.contains("found nothing"));
        assert!(!text.contains('['));
    }
}
