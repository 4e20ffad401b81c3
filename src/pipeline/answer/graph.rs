//! The evidence graph: the part of the knowledge graph an answer rests on, as nodes and
//! edges a page can draw. It is built from the facts the answer used (its cited papers, the
//! results behind its items, the code links and listings it gives) and from the facts the
//! trust stage set aside, each edge marked by what happened to it: `used`, `conflicting`
//! (a side of an unresolved disagreement), `superseded` (a best result beaten later) or
//! `removed` (the weaker side of a resolved conflict). A reader can then see both what the
//! answer says and what it chose not to say.
//!
//! Results are drawn in ORKG's shape: paper `P31` contribution, contribution `HAS_MODEL`
//! model, contribution `HAS_BENCHMARK/HAS_DATASET` dataset, contribution
//! `HAS_BENCHMARK/HAS_EVALUATION` evaluation (its node is labelled with the value), and
//! evaluation `HAS_METRIC` metric (the benchmark node, which has no label in ORKG, is left
//! out). A listing's item is joined to the cited papers it came from.
//!
//! The graph is bounded ([`MAX_NODES`]): facts are added whole, used ones first, and a fact
//! that no longer fits sets `truncated`. Pure.

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use super::items::{AnswerItem, Source};
use crate::pipeline::evidence::{Evidence, Named, ResultFact};
use crate::pipeline::front::classify::Target;
use crate::pipeline::trust::facts::statement;
use crate::pipeline::trust::{Assessment, Validity};

/// The most nodes a graph holds: more is no longer readable as a picture.
pub const MAX_NODES: usize = 200;

/// What a node stands for: `paper`, `contribution`, `model`, `dataset`, `metric`, `value`
/// (an evaluation, labelled with its value), `problem`, `field` or `code` (a source-code link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    Paper,
    Contribution,
    Model,
    Dataset,
    Metric,
    /// An evaluation, labelled with its recorded value.
    Value,
    Problem,
    Field,
    /// A source-code link.
    Code,
}

/// What the answer did with a fact: `used`, `conflicting` (a side of an unresolved
/// disagreement), `superseded` (a best result beaten later) or `removed` (the weaker side of
/// a resolved conflict). Ordered from the strongest: a node shared by facts of different
/// fates takes the strongest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[schema(as = FactStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Used,
    Conflicting,
    Superseded,
    Removed,
}

/// A node of the evidence graph.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Node {
    /// Unique in the graph: the resource's IRI, or a made-up id for a literal.
    pub id: String,
    /// What it stands for.
    pub kind: NodeKind,
    /// Its label, as a page shows it (an evaluation's value, a code link's URL...).
    pub label: String,
    /// The resource in the knowledge graph; none for a literal (a code link, a field
    /// known only by its label).
    #[schema(required = true)]
    pub iri: Option<String>,
    /// The strongest fate among the facts it belongs to.
    pub status: Status,
}

/// An edge of the evidence graph, between two nodes' `id`s.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Edge {
    /// The `id` of the node it starts from.
    pub source: String,
    /// The `id` of the node it points to.
    pub target: String,
    /// The ORKG predicate (or path) that joins them.
    pub predicate: String,
    /// What the answer did with the fact it belongs to.
    pub status: Status,
}

/// `evidence_graph` in the `/ask` response.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct EvidenceGraph {
    /// The resources and literals drawn, each once.
    pub nodes: Vec<Node>,
    /// The relations between them.
    pub edges: Vec<Edge>,
    /// Some facts were left out to keep the graph within [`MAX_NODES`].
    pub truncated: bool,
}

/// One fact's nodes and edges, added whole or not at all.
#[derive(Default)]
struct Unit {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

impl Unit {
    fn node(&mut self, id: &str, kind: NodeKind, label: &str, iri: Option<&str>, status: Status) {
        self.nodes.push(Node { id: id.to_owned(), kind, label: label.to_owned(), iri: iri.map(str::to_owned), status });
    }

    fn named(&mut self, named: &Named, kind: NodeKind, status: Status) {
        self.node(&named.iri, kind, named.display(), Some(&named.iri), status);
    }

    fn edge(&mut self, source: &str, target: &str, predicate: &str, status: Status) {
        self.edges.push(Edge { source: source.to_owned(), target: target.to_owned(), predicate: predicate.to_owned(), status });
    }
}

/// The graph as it is filled: nodes by id, so shared ones are drawn once.
#[derive(Default)]
struct Builder {
    graph: EvidenceGraph,
    index: HashMap<String, usize>,
    edges: BTreeSet<(String, String, String)>,
}

impl Builder {
    fn add(&mut self, unit: Unit) {
        let new: BTreeSet<&str> = unit.nodes.iter().map(|n| n.id.as_str()).filter(|id| !self.index.contains_key(*id)).collect();
        if self.graph.nodes.len() + new.len() > MAX_NODES {
            self.graph.truncated = true;
            return;
        }
        for node in unit.nodes {
            match self.index.get(&node.id) {
                Some(&i) => {
                    let kept = &mut self.graph.nodes[i];
                    kept.status = kept.status.min(node.status);
                }
                None => {
                    self.index.insert(node.id.clone(), self.graph.nodes.len());
                    self.graph.nodes.push(node);
                }
            }
        }
        for edge in unit.edges {
            let key = (edge.source.clone(), edge.target.clone(), edge.predicate.clone());
            if self.edges.insert(key) {
                self.graph.edges.push(edge);
            } else if let Some(kept) = self.graph.edges.iter_mut().find(|e| e.source == edge.source && e.target == edge.target && e.predicate == edge.predicate) {
                kept.status = kept.status.min(edge.status);
            }
        }
    }
}

impl EvidenceGraph {
    /// Another answer's graph drawn into this one (the second ask of a two-part question):
    /// shared nodes once, and the other's facts left out, marked truncated, when together
    /// they would pass [`MAX_NODES`].
    pub fn absorb(&mut self, other: EvidenceGraph) {
        let graph = std::mem::take(self);
        let index = graph.nodes.iter().enumerate().map(|(i, n)| (n.id.clone(), i)).collect();
        let edges = graph.edges.iter().map(|e| (e.source.clone(), e.target.clone(), e.predicate.clone())).collect();
        let mut builder = Builder { graph, index, edges };
        let truncated = other.truncated;
        builder.add(Unit { nodes: other.nodes, edges: other.edges });
        builder.graph.truncated |= truncated;
        *self = builder.graph;
    }
}

/// What the graph is built from: the answer and the trust stage's record.
pub struct Inputs<'a> {
    pub target: Target,
    pub evidence: &'a Evidence,
    pub assessment: &'a Assessment,
    pub items: &'a [AnswerItem],
    pub sources: &'a [Source],
}

/// Builds the evidence graph of an answer.
pub fn build(inputs: &Inputs<'_>) -> EvidenceGraph {
    let Inputs { target, evidence, assessment, items, sources } = *inputs;
    let mut builder = Builder::default();
    let cited: HashMap<&str, &Source> = sources.iter().map(|s| (s.iri.as_str(), s)).collect();

    for source in sources {
        let status = match source.validity {
            Validity::Superseded => Status::Superseded,
            Validity::Conflicted => Status::Conflicting,
            Validity::Valid | Validity::Outdated => Status::Used,
        };
        let mut unit = Unit::default();
        unit.node(&source.iri, NodeKind::Paper, &source.title, Some(&source.iri), status);
        for field in &source.fields {
            let id = format!("field:{}", field.to_lowercase());
            unit.node(&id, NodeKind::Field, field, None, status);
            unit.edge(&source.iri, &id, "P30", status);
        }
        builder.add(unit);
    }

    // The results behind the items, then those the trust stage set aside.
    let fate = |r: &ResultFact| result_status(r, assessment);
    let mut results: Vec<(&ResultFact, Status)> = Vec::new();
    for item in items.iter().filter(|i| i.value.is_some() && target != Target::Code) {
        for r in evidence.results.iter().filter(|r| states(r, item)) {
            results.push((r, fate(r)));
        }
    }
    for r in &evidence.results {
        let status = fate(r);
        if status != Status::Used {
            results.push((r, status));
        }
    }
    results.extend(evidence.removed.iter().map(|r| (r, Status::Removed)));
    results.sort_by_key(|(_, status)| *status);
    let mut seen = BTreeSet::new();
    for (r, status) in results {
        if seen.insert(r.evaluation.as_str()) {
            builder.add(result_unit(r, status, evidence, &cited));
        }
    }

    // Listings and code links: the item joined to the cited papers it came from.
    for item in items.iter().filter(|i| i.value.is_none() || target == Target::Code) {
        if let Some(unit) = listing_unit(item, target, evidence, &cited) {
            builder.add(unit);
        }
    }
    builder.graph
}

/// Whether result `r` is the fact an answer item states.
fn states(r: &ResultFact, item: &AnswerItem) -> bool {
    let same = |a: Option<&str>, b: &str| a.is_some_and(|a| a.trim().eq_ignore_ascii_case(b.trim()));
    let model = r.model.as_ref().map(Named::display);
    let labelled = item.model.as_deref().unwrap_or(&item.label);
    same(model, labelled)
        && item.value.as_deref().is_some_and(|v| r.value.as_deref().is_some_and(|rv| rv.trim() == v.trim()))
        && item.metric.as_deref().is_none_or(|m| same(r.metric.as_ref().map(Named::display), m))
        && item.dataset.as_deref().is_none_or(|d| same(Some(r.dataset.display()), d))
}

/// A result still in the evidence: superseded, a side of an unresolved conflict, or used.
fn result_status(r: &ResultFact, assessment: &Assessment) -> Status {
    let (Some(model), Some(metric), Some(value)) = (&r.model, &r.metric, &r.value) else { return Status::Used };
    if assessment.superseded_results.contains(&statement(model.display(), value, r.dataset.display(), metric.display())) {
        return Status::Superseded;
    }
    let disputed = assessment.conflicts.iter().any(|c| {
        !c.resolved
            && c.model.as_deref().is_some_and(|m| m.eq_ignore_ascii_case(model.display()))
            && c.sides.iter().any(|s| s.value.trim() == value.trim() && r.paper.as_ref().is_some_and(|p| s.papers.iter().any(|sp| &sp.iri == p)))
    });
    if disputed {
        Status::Conflicting
    } else {
        Status::Used
    }
}

fn result_unit(r: &ResultFact, status: Status, evidence: &Evidence, cited: &HashMap<&str, &Source>) -> Unit {
    let mut unit = Unit::default();
    let contribution = &r.contribution;
    unit.node(contribution, NodeKind::Contribution, "contribution", Some(contribution), status);
    if let Some(paper) = &r.paper {
        let title = cited.get(paper.as_str()).map(|s| s.title.as_str()).or_else(|| evidence.titles.get(paper).map(String::as_str)).unwrap_or(paper);
        unit.node(paper, NodeKind::Paper, title, Some(paper), status);
        unit.edge(paper, contribution, "P31", status);
    }
    if let Some(model) = &r.model {
        unit.named(model, NodeKind::Model, status);
        unit.edge(contribution, &model.iri, "HAS_MODEL", status);
    }
    unit.named(&r.dataset, NodeKind::Dataset, status);
    unit.edge(contribution, &r.dataset.iri, "HAS_BENCHMARK/HAS_DATASET", status);
    let value = r.value.as_deref().unwrap_or("(no value)");
    unit.node(&r.evaluation, NodeKind::Value, value, Some(&r.evaluation), status);
    unit.edge(contribution, &r.evaluation, "HAS_BENCHMARK/HAS_EVALUATION", status);
    if let Some(metric) = &r.metric {
        unit.named(metric, NodeKind::Metric, status);
        unit.edge(&r.evaluation, &metric.iri, "HAS_METRIC", status);
    }
    unit
}

/// A listed item (a dataset, problem, model, metric or paper) or a code link, with the
/// cited papers it came from; `None` for an item that is only a cited paper again.
fn listing_unit(item: &AnswerItem, target: Target, evidence: &Evidence, cited: &HashMap<&str, &Source>) -> Option<Unit> {
    let mut unit = Unit::default();
    let papers: Vec<&Source> = item.papers.iter().filter_map(|p| cited.get(p.as_str()).copied()).collect();
    for paper in &papers {
        unit.node(&paper.iri, NodeKind::Paper, &paper.title, Some(&paper.iri), Status::Used);
    }
    if target == Target::Code {
        let link = evidence.code.iter().find(|c| c.url == item.label)?;
        let code = format!("code:{}", link.url);
        unit.node(&code, NodeKind::Code, &link.url, None, Status::Used);
        unit.named(&link.model, NodeKind::Model, Status::Used);
        unit.edge(&link.model.iri, &code, "HAS_SOURCE_CODE", Status::Used);
        for paper in &papers {
            unit.edge(&paper.iri, &link.model.iri, "P31/HAS_MODEL", Status::Used);
        }
        return Some(unit);
    }
    let (kind, predicate) = match target {
        Target::Datasets => (NodeKind::Dataset, "P31/HAS_BENCHMARK/HAS_DATASET"),
        Target::Problems => (NodeKind::Problem, "P31/P32"),
        Target::Metrics => (NodeKind::Metric, "P31/HAS_BENCHMARK/HAS_EVALUATION/HAS_METRIC"),
        Target::Models | Target::BestModel | Target::TopScore | Target::Beaten | Target::Verdict => (NodeKind::Model, "P31/HAS_MODEL"),
        Target::Papers | Target::PaperDetails | Target::Code | Target::ComparisonValue => return None,
    };
    let id = item.iri.clone().unwrap_or_else(|| format!("{kind:?}:{}", item.label).to_lowercase());
    unit.node(&id, kind, &item.label, item.iri.as_deref(), Status::Used);
    for paper in &papers {
        unit.edge(&paper.iri, &id, predicate, Status::Used);
    }
    Some(unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::trust::facts::PaperRef;
    use crate::pipeline::trust::{Conflict, ConflictKind, ConflictSide};

    fn named(iri: &str, label: &str) -> Named {
        Named { iri: iri.into(), label: Some(label.into()) }
    }

    fn result(n: u32, model: &str, value: &str, paper: &str) -> ResultFact {
        ResultFact {
            dataset: named("d1", "SQuAD1.1"),
            model: Some(named(&format!("m:{model}"), model)),
            metric: Some(named("f1", "F1")),
            value: Some(value.into()),
            paper: Some(paper.into()),
            contribution: format!("c{n}"),
            evaluation: format!("e{n}"),
        }
    }

    fn source(n: usize, iri: &str, validity: Validity) -> Source {
        let mut s = Source::titled(&format!("Paper {iri}"));
        s.n = n;
        s.iri = iri.into();
        s.validity = validity;
        s
    }

    fn item(model: &str, value: &str, paper: &str) -> AnswerItem {
        let mut item = AnswerItem::new(model, None);
        item.value = Some(value.into());
        item.metric = Some("F1".into());
        item.dataset = Some("SQuAD1.1".into());
        item.papers = vec![paper.into()];
        item
    }

    fn status_of(g: &EvidenceGraph, id: &str) -> Option<Status> {
        g.nodes.iter().find(|n| n.id == id).map(|n| n.status)
    }

    #[test]
    fn a_best_result_is_drawn_in_orkg_shape_from_paper_to_metric() {
        let evidence = Evidence { results: vec![result(1, "T5", "96.2", "p1")], ..Default::default() };
        let sources = vec![source(1, "p1", Validity::Valid)];
        let items = vec![item("T5", "96.2", "p1")];
        let assessment = Assessment::default();
        let g = build(&Inputs { target: Target::BestModel, evidence: &evidence, assessment: &assessment, items: &items, sources: &sources });
        let kinds: BTreeSet<String> = g.nodes.iter().map(|n| format!("{:?}", n.kind)).collect();
        assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["Contribution", "Dataset", "Metric", "Model", "Paper", "Value"]);
        let value = g.nodes.iter().find(|n| n.kind == NodeKind::Value).unwrap();
        assert_eq!((value.label.as_str(), value.id.as_str()), ("96.2", "e1"));
        assert!(g.edges.iter().any(|e| e.source == "p1" && e.target == "c1" && e.predicate == "P31"));
        assert!(g.edges.iter().any(|e| e.source == "e1" && e.target == "f1" && e.predicate == "HAS_METRIC"));
        assert!(g.edges.iter().all(|e| e.status == Status::Used));
        assert!(!g.truncated);
        // Every edge joins two nodes of the graph.
        assert!(g.edges.iter().all(|e| status_of(&g, &e.source).is_some() && status_of(&g, &e.target).is_some()));
    }

    #[test]
    fn removed_superseded_and_conflicting_facts_are_in_the_graph_and_marked() {
        let mut evidence = Evidence { results: vec![result(1, "A", "90", "p1"), result(2, "B", "80", "p2"), result(3, "C", "70", "p3")], ..Default::default() };
        evidence.removed = vec![result(4, "A", "50", "p4")];
        let mut assessment = Assessment::default();
        assessment.superseded_results.insert(statement("B", "80", "SQuAD1.1", "F1"));
        let paper = |iri: &str| PaperRef { iri: iri.into(), title: iri.into(), year: None };
        assessment.conflicts.push(Conflict {
            kind: ConflictKind::DifferentValues,
            subject: "C on SQuAD1.1 by F1".into(),
            model: Some("C".into()),
            sides: vec![ConflictSide { value: "70".into(), papers: vec![paper("p3")], score: None }],
            resolved: false,
            winner: None,
            gap: None,
            rule: "r".into(),
        });
        let sources = vec![source(1, "p1", Validity::Valid)];
        let items = vec![item("A", "90", "p1")];
        let g = build(&Inputs { target: Target::BestModel, evidence: &evidence, assessment: &assessment, items: &items, sources: &sources });
        assert_eq!(status_of(&g, "e1"), Some(Status::Used));
        assert_eq!(status_of(&g, "e2"), Some(Status::Superseded));
        assert_eq!(status_of(&g, "e3"), Some(Status::Conflicting));
        assert_eq!(status_of(&g, "e4"), Some(Status::Removed));
        // The model shared by a used and a removed fact is drawn as used.
        assert_eq!(status_of(&g, "m:A"), Some(Status::Used));
        assert!(g.edges.iter().any(|e| e.target == "e4" && e.status == Status::Removed));
    }

    #[test]
    fn a_large_answer_is_cut_at_the_bound_with_whole_facts_and_says_so() {
        let results: Vec<ResultFact> = (0..100).map(|n| result(n, &format!("M{n}"), &n.to_string(), &format!("p{n}"))).collect();
        let items: Vec<AnswerItem> = (0..100).map(|n| item(&format!("M{n}"), &n.to_string(), &format!("p{n}"))).collect();
        let evidence = Evidence { results, ..Default::default() };
        let assessment = Assessment::default();
        let g = build(&Inputs { target: Target::TopScore, evidence: &evidence, assessment: &assessment, items: &items, sources: &[] });
        assert!(g.truncated);
        assert!(g.nodes.len() <= MAX_NODES);
        // Each fact drawn has its value node; no edge points outside the graph.
        assert!(g.edges.iter().all(|e| status_of(&g, &e.source).is_some() && status_of(&g, &e.target).is_some()));
    }

    #[test]
    fn a_dataset_listing_joins_each_dataset_to_its_cited_papers_only() {
        let mut listed = AnswerItem::new("SQuAD1.1", Some("d1"));
        listed.papers = vec!["p1".into(), "p9".into()];
        let sources = vec![source(1, "p1", Validity::Outdated)];
        let evidence = Evidence::default();
        let assessment = Assessment::default();
        let g = build(&Inputs { target: Target::Datasets, evidence: &evidence, assessment: &assessment, items: &[listed], sources: &sources });
        assert_eq!(g.nodes.len(), 2, "{g:?}");
        assert_eq!(g.edges.len(), 1);
        assert_eq!((g.edges[0].source.as_str(), g.edges[0].target.as_str()), ("p1", "d1"));
    }

    #[test]
    fn a_superseded_source_is_a_superseded_paper_node_and_labels_stay_text() {
        let mut s = source(1, "p1", Validity::Superseded);
        s.title = "<script>alert(1)</script>".into();
        let evidence = Evidence::default();
        let assessment = Assessment::default();
        let g = build(&Inputs { target: Target::Papers, evidence: &evidence, assessment: &assessment, items: &[], sources: &[s] });
        assert_eq!(g.nodes[0].status, Status::Superseded);
        assert_eq!(g.nodes[0].label, "<script>alert(1)</script>", "escaping is the page's job, the data stays as recorded");
    }
}
