//! Answer stage: rank and filter the papers the strategies found.
//!
//! Score: +2 per matched method, +2 per matched dataset, +1.5 per matched task, +1 per
//! matched field, +1 per question keyword in the title, 1 + the share of the question's
//! weight for a title the text index found relevant, +3 for a paper found by DOI or title
//! lookup or whose title is headed by a name the question gives ("BERT: ..."). Hard filter: when the question names both a method and a dataset, a paper
//! must match both; if that would leave nothing, the soft result is kept with a warning.
//! Soft filter: score ≥ 1. The best `max` papers are kept. Pure.

use std::collections::BTreeMap;

use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use crate::pipeline::evidence::papers::PaperMeta;
use crate::pipeline::trust::relations::Known;
use crate::pipeline::trust::PaperRef;
use crate::pipeline::evidence::{Evidence, PaperHit};
use crate::pipeline::front::lexicon::EntityKind;
use crate::pipeline::front::normalize::Normalized;

impl Ranking {
    /// What a claim is checked against beyond scores: who was evaluated where, the
    /// benchmarks of the problems named, and the best-ranked paper with its year and DOIs.
    pub fn known(&self, evidence: &Evidence, metas: &BTreeMap<String, PaperMeta>) -> Known {
        // The paper pointed at: the first ranked, or, when the graph holds its title twice,
        // the copy with a year ("the COVID-19 Knowledge Graph paper was published in 2021").
        let dated = |p: &&Ranked| metas.get(&p.iri).is_some_and(|m| m.year.is_some());
        let pointed = self.papers.first().map(|first| self.papers.iter().filter(|p| p.title.eq_ignore_ascii_case(&first.title)).find(dated).unwrap_or(first));
        let papers = pointed
            .map(|p| {
                let meta = metas.get(&p.iri);
                let paper = PaperRef { iri: p.iri.clone(), title: p.title.clone(), year: meta.and_then(|m| m.year) };
                (paper, meta.map(|m| m.dois.clone()).unwrap_or_default())
            })
            .into_iter()
            .collect();
        let paper = |iri: &String| {
            let title = evidence.papers.get(iri).map(|p| p.title.clone()).or_else(|| evidence.titles.get(iri).cloned()).unwrap_or_default();
            PaperRef { iri: iri.clone(), title, year: metas.get(iri).and_then(|m| m.year) }
        };
        let task_datasets = evidence.datasets.iter().map(|d| (d.item.iri.clone(), d.item.label.clone().unwrap_or_default(), d.paper.as_ref().map(paper))).collect();
        let listed = |l: &crate::pipeline::evidence::Listed| (l.item.iri.clone(), l.item.label.clone().unwrap_or_default(), l.paper.as_ref().map(paper));
        let task_models = evidence.models.iter().map(listed).collect();
        let model_tasks = evidence.problems.iter().filter(|l| l.anchor.as_ref().is_some_and(|(kind, _)| *kind == crate::pipeline::front::lexicon::EntityKind::Method)).map(listed).collect();
        let dataset_tasks = evidence.problems.iter().filter(|l| l.anchor.as_ref().is_some_and(|(kind, _)| *kind == crate::pipeline::front::lexicon::EntityKind::Dataset)).map(listed).collect();
        let evaluation_papers = evidence
            .results
            .iter()
            .filter_map(|r| Some((r.model.as_ref()?.iri.clone(), r.dataset.iri.clone(), paper(r.paper.as_ref()?))))
            .collect();
        let years = pointed.and_then(|p| metas.get(&p.iri)).map(|m| m.valid_years.clone()).unwrap_or_default();
        let pointed_fit = pointed.and_then(|p| evidence.papers.get(&p.iri)).map_or(0.0, |p| p.relevance);
        let disputed_years = metas.iter().filter(|(_, m)| m.valid_years.len() > 1).map(|(iri, m)| (iri.clone(), m.valid_years.clone())).collect();
        let mut titled: Vec<PaperRef> = evidence.papers.keys().chain(evidence.titles.keys()).map(paper).collect();
        titled.sort_by(|a, b| a.iri.cmp(&b.iri));
        titled.dedup_by(|a, b| a.iri == b.iri);
        let mut board_labels: Vec<(String, String)> = evidence.results.iter().map(|r| (r.dataset.iri.clone(), r.dataset.display().to_owned())).collect();
        board_labels.sort();
        board_labels.dedup_by(|a, b| a.0 == b.0);
        Known { evaluated: evidence.evaluated(), board_labels, evaluation_papers, task_datasets, task_models, model_tasks, dataset_tasks, papers, years, disputed_years, titled, set_aside: Vec::new(), history: Vec::new(), dated_sides: None, pointed_fit }
    }

    /// Lists the papers newest first ("the most recent work on X"); undated papers last,
    /// since their place cannot be known. Which papers are cited does not change.
    pub fn by_recency(&mut self, metas: &BTreeMap<String, PaperMeta>) {
        let year = |r: &Ranked| std::cmp::Reverse(metas.get(&r.iri).and_then(|m| m.year).unwrap_or(i32::MIN));
        self.papers.sort_by_key(year);
        self.all.sort_by_key(year);
    }

    /// Oldest first; a paper with no year cannot be placed and comes after every dated one.
    pub fn by_age(&mut self, metas: &BTreeMap<String, PaperMeta>) {
        let year = |r: &Ranked| metas.get(&r.iri).and_then(|m| m.year).unwrap_or(i32::MAX);
        self.papers.sort_by_key(year);
        self.all.sort_by_key(year);
    }

    /// Keeps the papers `keep` accepts ("T papers with code", "that don't use D"); the
    /// cited ones, at most `max`, are the first of those kept.
    pub fn retain(&mut self, max: usize, keep: impl Fn(&Ranked) -> bool) {
        self.all.retain(|p| keep(p));
        self.papers = self.all.iter().take(max).cloned().collect();
        self.candidates = self.all.len();
    }

    pub fn diagnose(&self, diagnostics: &mut Diagnostics) {
        if self.relaxed {
            let message = "no paper matches both the method(s) (or, with none named, the research problem) and the dataset(s) asked about; showing papers that match either";
            diagnostics.push(Code::HardFilterRelaxed, Stage::Answer, message);
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub iri: String,
    pub title: String,
    pub score: f64,
    pub matched: Vec<(EntityKind, String)>,
}

#[derive(Debug, Clone, Default)]
pub struct Ranking {
    pub papers: Vec<Ranked>,
    /// No paper matched both the method(s) (or the research problem) and the dataset(s): the
    /// hard filter was relaxed.
    pub relaxed: bool,
    /// Papers that passed the filters before the cut to `max`.
    pub candidates: usize,
    /// Every paper that passed the filters, best first (at most [`MAX_LISTED`]): a list
    /// answer ("papers that benchmark on D") names them all, while only `papers` are cited.
    pub all: Vec<Ranked>,
}

/// The longest paper list an answer carries as items.
pub const MAX_LISTED: usize = 500;

fn weight(kind: EntityKind) -> f64 {
    match kind {
        EntityKind::Method | EntityKind::Dataset => 2.0,
        EntityKind::Task => 1.5,
        EntityKind::Field | EntityKind::Metric => 1.0,
    }
}

/// Whether a title is headed by a name ("Undertow-GNN: Relational ..." by "undertow-gnn"),
/// ignoring case: the paper that introduced what the name names.
pub fn headed_by(title: &str, name: &str) -> bool {
    title.split_once(':').is_some_and(|(head, _)| head.trim().eq_ignore_ascii_case(name))
}

/// `names` are the question's entity mentions and their labels, lowercased: a title headed by one ("BERT:
/// Pre-training ...", "HDLTex: Hierarchical ...") is that name's own paper, and counts like
/// a lookup.
pub fn score(hit: &PaperHit, keywords: &[String], names: &[String]) -> f64 {
    let title = hit.title.to_lowercase();
    let entities: f64 = hit.matched.iter().map(|(kind, _)| weight(*kind)).sum();
    let words = keywords.iter().filter(|k| title.contains(k.as_str())).count() as f64;
    let headed = names.iter().any(|n| headed_by(&title, n));
    // A title the text index found relevant (it passed the relevance cut) counts like one
    // matched keyword plus its share of the question's weight: two at most.
    let indexed = if hit.relevance > 0.0 { 1.0 + hit.relevance } else { 0.0 };
    entities + words + indexed + if hit.looked_up || headed { 3.0 } else { 0.0 }
}

pub fn rank(evidence: &Evidence, entities: &Normalized, keywords: &[String], max: usize) -> Ranking {
    let mut relaxed = false;
    // As written and as the graph labels it: "undertow gnn" heads "Undertow-GNN: ...".
    let names: Vec<String> = entities.all().flat_map(|e| [e.text.to_lowercase(), e.canonical.to_lowercase()]).collect();
    let scored: Vec<Ranked> = evidence
        .papers
        .values()
        .map(|hit| Ranked {
            iri: hit.iri.clone(),
            title: hit.title.clone(),
            score: score(hit, keywords, &names),
            matched: hit.matched.clone(),
        })
        .filter(|r| r.score >= 1.0)
        .collect();

    // A model (or, with none, a research problem) and a board named: the papers matching
    // both ("relation extraction papers that use chemprot").
    let other = if entities.methods.is_empty() { EntityKind::Task } else { EntityKind::Method };
    let both = !entities.get(other).is_empty() && !entities.datasets.is_empty();
    let matches = |r: &Ranked, kind| r.matched.iter().any(|(k, _)| *k == kind);
    let mut papers = if both {
        let hard: Vec<Ranked> = scored
            .iter()
            .filter(|r| matches(r, other) && matches(r, EntityKind::Dataset))
            .cloned()
            .collect();
        if hard.is_empty() && !scored.is_empty() {
            relaxed = true;
            scored
        } else {
            hard
        }
    } else {
        scored
    };
    // Ties go to the title the question fits best, then to the title and IRI (stable).
    let fit = |r: &Ranked| evidence.papers.get(&r.iri).map_or(0.0, |h| h.title_fit);
    papers.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| fit(b).total_cmp(&fit(a))).then_with(|| a.title.cmp(&b.title)).then_with(|| a.iri.cmp(&b.iri)));
    let candidates = papers.len();
    let all: Vec<Ranked> = papers.iter().take(MAX_LISTED).cloned().collect();
    papers.truncate(max);
    Ranking { papers, relaxed, candidates, all }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::normalize::NormalizedEntity;

    fn hit(iri: &str, title: &str, matched: &[(EntityKind, &str)]) -> PaperHit {
        PaperHit {
            iri: iri.into(),
            title: title.into(),
            matched: matched.iter().map(|(k, n)| (*k, n.to_string())).collect(),
            looked_up: false,
            relevance: 0.0,
            title_fit: 0.0,
        }
    }

    #[test]
    fn equal_scores_go_to_the_title_the_question_fits_best() {
        let long = PaperHit { relevance: 1.0, title_fit: 0.2, ..hit("p1", "Annotations in captioned animation: vocabulary learning and listening skills", &[]) };
        let short = PaperHit { relevance: 1.0, title_fit: 0.67, ..hit("p2", "Look, Listen and Learn", &[]) };
        let ranking = rank(&evidence(vec![long, short]), &Normalized::default(), &[], 5);
        assert_eq!(ranking.papers[0].title, "Look, Listen and Learn");
    }

    fn entity(kind: EntityKind, name: &str) -> NormalizedEntity {
        NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![], direction: None, link: None }
    }

    fn evidence(hits: Vec<PaperHit>) -> Evidence {
        let mut e = Evidence::default();
        for h in hits {
            e.papers.insert(h.iri.clone(), h);
        }
        e
    }

    #[test]
    fn a_title_headed_by_the_named_thing_is_its_own_paper() {
        let method = hit("a", "A BERT Baseline for the Natural Questions", &[(EntityKind::Method, "BERT")]);
        let own = hit("b", "BERT: Pre-training of Deep Bidirectional Transformers", &[]);
        let names = vec!["bert".to_owned()];
        assert!(score(&own, &["bert".into()], &names) > score(&method, &["bert".into()], &names));
    }

    #[test]
    fn a_title_headed_by_the_label_of_a_name_written_otherwise_is_its_own_paper() {
        let e = evidence(vec![hit("own", "Undertow-GNN: Relational Modelling", &[(EntityKind::Method, "Undertow-GNN")]), hit("later", "A Replication of Fault Detectors", &[(EntityKind::Method, "Undertow-GNN")])]);
        let written = NormalizedEntity { canonical: "Undertow-GNN".into(), ..entity(EntityKind::Method, "undertow gnn") };
        let r = rank(&e, &Normalized { methods: vec![written], ..Default::default() }, &[], 10);
        assert_eq!(r.papers.first().map(|p| p.iri.as_str()), Some("own"));
    }

    #[test]
    fn scores_add_up_per_match_and_order_the_papers() {
        let e = evidence(vec![
            hit("a", "A study", &[(EntityKind::Method, "BERT")]),
            hit("b", "BERT on SQuAD", &[(EntityKind::Method, "BERT"), (EntityKind::Dataset, "SQuAD1.1")]),
            hit("c", "Deep squad tricks", &[]),
        ]);
        let r = rank(&e, &Normalized::default(), &["squad".to_owned()], 10);
        let order: Vec<_> = r.papers.iter().map(|p| (p.iri.as_str(), p.score)).collect();
        assert_eq!(order, vec![("b", 5.0), ("a", 2.0), ("c", 1.0)]);
    }

    #[test]
    fn the_hard_filter_keeps_papers_matching_method_and_dataset() {
        let e = evidence(vec![
            hit("a", "A", &[(EntityKind::Method, "BERT")]),
            hit("b", "B", &[(EntityKind::Method, "BERT"), (EntityKind::Dataset, "SQuAD1.1")]),
        ]);
        let entities = Normalized {
            methods: vec![entity(EntityKind::Method, "BERT")],
            datasets: vec![entity(EntityKind::Dataset, "SQuAD1.1")],
            ..Default::default()
        };
        let r = rank(&e, &entities, &[], 10);
        assert_eq!(r.papers.len(), 1);
        assert!(!r.relaxed);
    }

    #[test]
    fn an_empty_hard_filter_falls_back_to_the_soft_result_with_a_warning() {
        let e = evidence(vec![hit("a", "A", &[(EntityKind::Method, "BERT")])]);
        let entities = Normalized {
            methods: vec![entity(EntityKind::Method, "BERT")],
            datasets: vec![entity(EntityKind::Dataset, "ImageNet")],
            ..Default::default()
        };
        let r = rank(&e, &entities, &[], 10);
        assert_eq!(r.papers.len(), 1);
        assert!(r.relaxed);
    }

    #[test]
    fn papers_below_the_soft_threshold_are_dropped_and_the_list_is_cut() {
        let e = evidence((0..20).map(|i| hit(&format!("p{i}"), "x", &[(EntityKind::Method, "M")])).chain([hit("z", "nothing", &[])]).collect());
        let r = rank(&e, &Normalized::default(), &[], 8);
        assert_eq!(r.papers.len(), 8);
        assert_eq!(r.candidates, 20);
    }
}
