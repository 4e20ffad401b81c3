//! `scale`: a (large) graph loaded into memory (time, RSS growth), then what linking a
//! name to its IRI buys there: the leaderboard query anchored by IRI against the same query
//! scanning labels, for datasets spread over the pool; and `/ask` through the whole
//! pipeline in process (no HTTP, no LLM) at that size. Reads the dump, prints the JSON
//! report.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use oxigraph::sparql::{QueryResults, SparqlEvaluator};
use oxigraph::store::Store;
use scigraph::kg::embedded::EmbeddedGraph;
use scigraph::kg::load::Quiet;
use scigraph::pipeline::query::templates::{Anchor, Arg, Templates};
use serde_json::{json, Value};

use crate::common::{bare_time, proc_kb, round, summary};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    dump: PathBuf,
    #[arg(long, default_value = "20")]
    samples: usize,
}

pub fn run(args: &Args) -> Result<()> {
    let dump = args.dump.as_path();
    let before = proc_kb("self", "VmRSS").unwrap_or(0);
    let t = Instant::now();
    let graph = EmbeddedGraph::from_dumps(&[dump.to_owned()], Duration::from_secs(60), &Quiet)?;
    let load_secs = t.elapsed().as_secs_f64();
    let rss_mb = proc_kb("self", "VmRSS").unwrap_or(0).saturating_sub(before) / 1024;
    let triples = scigraph::kg::KnowledgeGraph::triple_count(&graph).unwrap_or(0);
    let store = graph.store().clone();
    let labels = dataset_labels(&store)?;
    let step = (labels.len() / args.samples.max(1)).max(1);
    let picked: Vec<&(String, String)> = labels.iter().step_by(step).take(args.samples).collect();
    let templates = Templates::load()?;
    let time = |query: &str| -> f64 { bare_time(&store, &[query.to_owned()]) };
    let (mut by_iri, mut by_label) = (Vec::new(), Vec::new());
    for (iri, label) in &picked {
        let linked = templates.fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Iris(vec![iri.clone()]))), ("limit", Arg::Limit(5000))])?;
        let scanned = templates.fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Labels(vec![label.clone()]))), ("limit", Arg::Limit(5000))])?;
        by_iri.push(time(linked.as_str()));
        by_label.push(time(scanned.as_str()));
    }
    let asked = ask_in_process(graph, &picked)?;
    let out = json!({
        "dump": dump.display().to_string(),
        "triples": triples,
        "load_seconds": round(load_secs),
        "load_triples_per_second": (triples as f64 / load_secs) as u64,
        "rss_growth_mb": rss_mb,
        "leaderboard_by_iri": summary(by_iri),
        "leaderboard_by_label_scan": summary(by_label),
        "ask_in_process": asked,
    });
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}

/// Dataset IRIs and labels to anchor on (up to 5,000).
fn dataset_labels(store: &Store) -> Result<Vec<(String, String)>> {
    let results = SparqlEvaluator::new()
        .parse_query("SELECT ?d ?l WHERE { ?d a <http://orkg.org/orkg/class/Dataset> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l } LIMIT 5000")?
        .on_store(store)
        .execute()?;
    let QueryResults::Solutions(rows) = results else { return Ok(Vec::new()) };
    Ok(rows
        .filter_map(|r| r.ok())
        .filter_map(|r| {
            let iri = match r.get("d")? { oxrdf::Term::NamedNode(n) => n.as_str().to_owned(), _ => return None };
            let label = match r.get("l")? { oxrdf::Term::Literal(l) => l.value().to_owned(), _ => return None };
            Some((iri, label))
        })
        .collect())
}

/// Two questions per picked dataset through the whole pipeline, in process, after loading
/// the labels: the label-load time and the latencies.
fn ask_in_process(graph: EmbeddedGraph, picked: &[&(String, String)]) -> Result<Value> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let settings = scigraph::config::Settings::from_lookup(|_| None)?;
        let pipeline = scigraph::pipeline::Pipeline::build(&settings, Arc::new(graph), None).await?;
        let t = Instant::now();
        let labels_loaded = pipeline.labels().map_err(|e| anyhow::anyhow!("entity labels: {e}"))?;
        let label_secs = t.elapsed().as_secs_f64();
        let mut latencies = Vec::new();
        for (_, label) in picked {
            for q in [format!("What models are being evaluated on the {label} dataset?"), format!("Which model has the best score on the {label} dataset?")] {
                let question = scigraph::pipeline::Question::parse(&q, 1000)?;
                let t = Instant::now();
                let _ = pipeline.ask(&question).await;
                latencies.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
        anyhow::Ok(json!({ "labels_loaded": labels_loaded, "label_load_seconds": round(label_secs), "latency": summary(latencies) }))
    })
}
