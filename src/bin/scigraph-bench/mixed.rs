//! `mixed`: the workload users hit (from `generate --questions`: all six types, head and
//! tail, names the graph lacks) through HTTP against `scigraph serve` on a dump in memory,
//! an on-disk store or a SPARQL endpoint, at each concurrency on a fresh server (cold cache),
//! and optionally in process. Reports, per question type: p50, p95, p99 and max latency,
//! strategies that timed out, the largest answer; per kind of question: p50 and max; the
//! server's start-up time to `/health` ok and its RSS; and, with `--bare`, the overhead
//! ratio per type (service time ÷ the same SPARQL queries run one after another on the
//! store). Spawns servers, sends HTTP requests, prints (and optionally writes) the JSON.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use futures::StreamExt;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::common::{bare_time, proc_kb, round, start_server_on, summary, Backend};

#[derive(clap::Args)]
pub struct Args {
    /// The workload written by `generate --questions` (JSON Lines).
    #[arg(long)]
    questions: PathBuf,
    /// A dump the server loads into memory.
    #[arg(long)]
    dump: Option<PathBuf>,
    /// An on-disk store made by `scigraph load` (the binaries need the `rocksdb` feature).
    #[arg(long)]
    store: Option<PathBuf>,
    /// A SPARQL endpoint (e.g. Virtuoso loaded with the same graph).
    #[arg(long)]
    endpoint: Option<String>,
    #[arg(long, value_delimiter = ',', default_value = "1,8")]
    concurrency: Vec<usize>,
    /// Also run the workload through the pipeline in this process (no HTTP).
    #[arg(long)]
    in_process: bool,
    /// Time the service's SPARQL queries straight on the store (dump or store only).
    #[arg(long)]
    bare: bool,
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Deserialize, Clone)]
struct Item {
    id: String,
    question: String,
    query_type: String,
    kind: String,
}

/// One question's outcome.
struct Outcome {
    item: Item,
    ms: f64,
    ok: bool,
    body: Option<Value>,
}

fn read(path: &std::path::Path) -> Result<Vec<Item>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).context("a workload line")).collect()
}

pub async fn run(args: &Args) -> Result<()> {
    let backend = Backend::from_flags(args.dump.clone(), args.store.clone(), args.endpoint.clone())?;
    let items = read(&args.questions)?;
    let mut report = json!({ "backend": format!("{backend:?}"), "questions": items.len(), "http": [] });
    let mut first = Vec::new();
    for (i, &concurrency) in args.concurrency.iter().enumerate() {
        let server = start_server_on(&backend).await?;
        let pid = server.child.id().to_string();
        let ready_rss = proc_kb(&pid, "VmRSS").map(|kb| kb / 1024);
        let outcomes = replay(&server.url, &items, concurrency).await?;
        let mut level = by_type(&outcomes);
        level["concurrency"] = json!(concurrency);
        level["ready_seconds"] = json!(round(server.ready_seconds));
        level["rss_mb_when_ready"] = json!(ready_rss);
        level["peak_rss_mb"] = json!(proc_kb(&pid, "VmHWM").map(|kb| kb / 1024));
        eprintln!("concurrency {concurrency}: {}", level["all"]);
        report["http"].as_array_mut().context("http")?.push(level);
        if i == 0 {
            first = outcomes;
        }
    }
    if args.in_process || args.bare {
        in_process(args, &backend, &items, &first, &mut report).await?;
    }
    let text = serde_json::to_string_pretty(&report)?;
    println!("{text}");
    if let Some(out) = &args.out {
        std::fs::write(out, text)?;
    }
    Ok(())
}

/// Each question once, `concurrency` at a time, keeping the bodies.
async fn replay(url: &str, items: &[Item], concurrency: usize) -> Result<Vec<Outcome>> {
    let client = scigraph::http_client::builder(Duration::from_secs(120)).pool_max_idle_per_host(concurrency).build()?;
    Ok(futures::stream::iter(items.iter().cloned())
        .map(|item| {
            let client = client.clone();
            async move {
                // The time to the response's last byte; the client's own parse of it is not
                // the service's latency (it was counted before 2026-12-01: 0.3–1 ms more on
                // a 100 KB answer).
                let t = Instant::now();
                let result = client.post(format!("{url}/ask")).json(&json!({ "question": item.question })).send().await;
                let bytes = match result {
                    Ok(r) if r.status() == 200 => r.bytes().await.ok(),
                    _ => None,
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                let body = bytes.and_then(|b| serde_json::from_slice::<Value>(&b).ok());
                Outcome { ms, ok: body.is_some(), body, item }
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await)
}

/// Strategies of a response that hit their timeout.
fn timeouts(body: &Value) -> usize {
    body["diagnostics"].as_array().map_or(0, |d| d.iter().filter(|d| d["code"] == "strategy_timeout").count())
}

/// Latency per question type and per kind, errors, timeouts, the largest answer.
fn by_type(outcomes: &[Outcome]) -> Value {
    let mut types: BTreeMap<&str, Vec<&Outcome>> = BTreeMap::new();
    let mut kinds: BTreeMap<&str, Vec<&Outcome>> = BTreeMap::new();
    for o in outcomes {
        types.entry(&o.item.query_type).or_default().push(o);
        kinds.entry(&o.item.kind).or_default().push(o);
    }
    let describe = |group: &[&Outcome]| {
        let mut s = summary(group.iter().map(|o| o.ms).collect());
        s["errors"] = json!(group.iter().filter(|o| !o.ok).count());
        s["timeouts"] = json!(group.iter().filter_map(|o| o.body.as_ref()).map(timeouts).sum::<usize>());
        s["max_items"] = json!(group.iter().filter_map(|o| o.body.as_ref()).map(|b| b["answer_items"].as_array().map_or(0, Vec::len)).max());
        let slowest = group.iter().max_by(|a, b| a.ms.total_cmp(&b.ms));
        s["slowest"] = json!(slowest.map(|o| o.item.id.clone()));
        s
    };
    let all: Vec<&Outcome> = outcomes.iter().collect();
    json!({
        "all": describe(&all),
        "by_type": types.iter().map(|(t, g)| (t.to_string(), describe(g))).collect::<BTreeMap<_, _>>(),
        "by_kind": kinds.iter().map(|(k, g)| (k.to_string(), describe(g))).collect::<BTreeMap<_, _>>(),
    })
}

/// The pipeline in this process on the same backend (no HTTP): per-type latency, and with
/// `--bare` the overhead ratio per type against the first HTTP level's service times.
async fn in_process(args: &Args, backend: &Backend, items: &[Item], http: &[Outcome], report: &mut Value) -> Result<()> {
    let mut settings = scigraph::config::Settings::from_lookup(|_| None)?;
    match backend {
        Backend::Dump(d) => settings.kg.dumps = vec![d.clone()],
        Backend::Store(s) => settings.kg.store = Some(s.clone()),
        Backend::Endpoint(_) => anyhow::bail!("--in-process and --bare need --dump or --store"),
    }
    let t = Instant::now();
    let kg_settings = settings.kg.clone();
    let graph = tokio::task::spawn_blocking(move || scigraph::kg::embedded::EmbeddedGraph::from_settings(&kg_settings)).await??;
    let store = graph.store().clone();
    let pipeline = scigraph::pipeline::Pipeline::build(&settings, Arc::new(graph), None).await?;
    report["in_process_ready_seconds"] = json!(round(t.elapsed().as_secs_f64()));
    let mut per_question: BTreeMap<String, Value> = http
        .iter()
        .map(|o| {
            let bytes = o.body.as_ref().and_then(|b| serde_json::to_vec(b).ok()).map_or(0, |v| v.len());
            (o.item.id.clone(), json!({ "id": o.item.id, "type": o.item.query_type, "http_ms": round(o.ms), "bytes": bytes }))
        })
        .collect();
    if args.in_process {
        let mut outcomes = Vec::new();
        for item in items {
            let question = scigraph::pipeline::Question::parse(&item.question, 1000)?;
            let t = Instant::now();
            let response = pipeline.ask(&question).await;
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if let Some(q) = per_question.get_mut(&item.id) {
                q["in_process_ms"] = json!(round(ms));
            }
            outcomes.push(Outcome { item: item.clone(), ms, ok: true, body: Some(serde_json::to_value(&response)?) });
        }
        report["in_process"] = by_type(&outcomes);
    }
    if args.bare {
        let mut ratios: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
        for o in http {
            let Some(body) = &o.body else { continue };
            let queries: Vec<String> = body["sparql_queries"]
                .as_array()
                .map(|a| a.iter().filter_map(|q| q["sparql"].as_str().map(str::to_owned)).collect())
                .unwrap_or_default();
            // A question that ran no query (a name the graph lacks) has no ratio: the
            // loop's own nanoseconds would divide it.
            if queries.is_empty() {
                continue;
            }
            let bare = bare_time(&store, &queries);
            if let Some(q) = per_question.get_mut(&o.item.id) {
                q["bare_ms"] = json!((bare * 1000.0).round() / 1000.0);
                q["queries"] = json!(queries.len());
            }
            if bare > 0.0 {
                ratios.entry(&o.item.query_type).or_default().push(o.ms / bare);
                ratios.entry("all").or_default().push(o.ms / bare);
            }
        }
        let overhead: BTreeMap<String, Value> = ratios
            .into_iter()
            .map(|(t, mut r)| {
                r.sort_by(f64::total_cmp);
                (t.to_owned(), json!({ "p50": round(scigraph::eval::percentile(&r, 0.5)), "p95": round(scigraph::eval::percentile(&r, 0.95)), "n": r.len() }))
            })
            .collect();
        report["overhead_ratio"] = json!(overhead);
    }
    // Each question's own figures, for taking a percentile apart.
    report["per_question"] = json!(per_question.into_values().collect::<Vec<_>>());
    Ok(())
}
