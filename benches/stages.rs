//! Criterion benchmarks of the pure stages, each over the same batch of questions: the
//! project's two gold sets (343 questions of all six types). No I/O: the lexicon is the
//! synonym tables plus the demo graph's labels, ranking and trust run on synthetic evidence.
//! Run with `make bench` (or `cargo bench --bench stages`).

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scigraph::config::TrustSettings;
use scigraph::eval::read_gold;
use scigraph::pipeline::query::templates::Templates;
use scigraph::pipeline::front::classify::classify;
use scigraph::pipeline::evidence::{Evidence, Named, PaperHit, ResultFact};
use scigraph::pipeline::front::extract::{by_keywords, lookup_keys, title_keywords};
use scigraph::pipeline::front::lexicon::{Direction, EntityKind, Lexicon};
use scigraph::pipeline::front::normalize::normalize;
use scigraph::pipeline::query::plan::{plan, PlanInput};
use scigraph::pipeline::answer::rank::rank;
use scigraph::pipeline::evidence::papers::PaperMeta;
use scigraph::pipeline::trust::{self, Trust};

fn questions() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/eval/gold");
    ["types.jsonl", "heldout.jsonl"]
        .iter()
        .flat_map(|f| read_gold(std::path::Path::new(&format!("{dir}/{f}"))).expect("gold set"))
        .map(|q| q.question)
        .collect()
}

/// A leaderboard-shaped evidence set: `papers` papers, each with a result on one of ten
/// datasets, with repeated (conflicting) values for some models.
fn evidence(papers: usize) -> (Evidence, BTreeMap<String, PaperMeta>) {
    let mut evidence = Evidence::default();
    let mut metas = BTreeMap::new();
    for i in 0..papers {
        let paper = format!("http://orkg.org/orkg/resource/P{i}");
        let named = |iri: String, label: String| Named { iri, label: Some(label) };
        evidence.papers.insert(
            paper.clone(),
            PaperHit {
                iri: paper.clone(),
                title: format!("Paper {i} on graph networks"),
                matched: vec![(EntityKind::Dataset, format!("D{}", i % 10))],
                looked_up: false,
                relevance: 0.0,
                title_fit: 0.0,
            },
        );
        evidence.results.push(ResultFact {
            dataset: named(format!("d{}", i % 10), format!("D{}", i % 10)),
            model: Some(named(format!("m{}", i % 40), format!("M{}", i % 40))),
            metric: Some(named("acc".into(), "Accuracy".into())),
            value: Some(format!("{}.{}", 60 + i % 37, i % 10)),
            paper: Some(paper.clone()),
            contribution: format!("c{i}"),
            evaluation: format!("e{i}"),
        });
        let year = 2000 + (i % 25) as i32;
        metas.insert(paper, PaperMeta { title: format!("Paper {i}"), year: Some(year), valid_years: vec![year], dois: vec![format!("10.1/{i}")], note: None });
    }
    (evidence, metas)
}

fn stages(c: &mut Criterion) {
    let questions = questions();
    // The synonym tables alone: the service adds the graph's labels, which only grow the
    // automaton.
    let lexicon = Lexicon::from_tables().expect("lexicon");
    let templates = Templates::load().expect("templates");
    let mut group = c.benchmark_group("stages");
    group.throughput(Throughput::Elements(questions.len() as u64));

    group.bench_function("extract_by_keywords", |b| {
        b.iter(|| for q in &questions { black_box(by_keywords(&lexicon, q)); })
    });
    let extracted: Vec<_> = questions.iter().map(|q| by_keywords(&lexicon, q)).collect();
    group.bench_function("classify", |b| {
        b.iter(|| for (q, e) in questions.iter().zip(&extracted) { black_box(classify(q, e)); })
    });
    group.bench_function("normalize", |b| {
        b.iter(|| for e in &extracted { black_box(normalize(&lexicon, e)); })
    });
    let prepared: Vec<_> = questions
        .iter()
        .zip(&extracted)
        .map(|(q, e)| (classify(q, e), normalize(&lexicon, e), title_keywords(q, e), lookup_keys(q)))
        .collect();
    group.bench_function("build_queries", |b| {
        b.iter(|| {
            for (classification, entities, keywords, lookup) in &prepared {
                let input = PlanInput { classification: *classification, entities, keywords, lookup, prefer_labels: false, indexed: false, names_indexed: false, boards: None, top_k: None, coded: None };
                black_box(plan(&templates, &input).expect("plan"));
            }
        })
    });
    group.finish();

    let (evidence, metas) = evidence(2000);
    let entities = normalize(&lexicon, &by_keywords(&lexicon, "Which model is best on ImageNet?"));
    let mut group = c.benchmark_group("ranking_and_trust_2000_results");
    group.throughput(Throughput::Elements(2000));
    group.bench_function("rank", |b| b.iter(|| black_box(rank(&evidence, &entities, &["graph".into()], 8))));
    let settings = TrustSettings::default();
    let t = Trust { settings: &settings, reference_year: 2026 };
    group.bench_function("temporal_analysis", |b| {
        b.iter(|| {
            let facts = trust::facts(&t, &evidence, &metas);
            black_box(trust::assess(&t, facts, &metas, &|_| Direction::Higher))
        })
    });
    group.finish();
}

criterion_group!(benches, stages);
criterion_main!(benches);
