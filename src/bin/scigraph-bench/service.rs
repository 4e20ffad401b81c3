//! `service`: the real `scigraph serve` under replayed questions. Each concurrency level
//! gets a fresh server (a cold cache) and reports latency, throughput, errors and the
//! server's peak RSS; the first level is replayed once more to time the cache-hit path.
//! Then the SPARQL queries the service ran are timed straight on an oxigraph store, and the
//! uncached service time over that bare time is the service's overhead. Spawns servers,
//! sends HTTP requests, prints (and optionally writes) the JSON report.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use futures::StreamExt;
use oxigraph::store::Store;
use scigraph::eval::percentile;
use scigraph::kg::load::{load_files, LoadOptions, Quiet};
use serde_json::{json, Value};

use crate::common::{bare_time, proc_kb, read_questions, round, start_server, summary};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    dump: PathBuf,
    /// SciQA questions.json or a JSON Lines gold file.
    #[arg(long)]
    questions: PathBuf,
    #[arg(long, value_delimiter = ',', default_value = "1,8,32")]
    concurrency: Vec<usize>,
    /// Requests per level (the questions are cycled); default: one pass.
    #[arg(long)]
    requests: Option<usize>,
    /// Stop a level after this many seconds.
    #[arg(long, default_value = "600")]
    max_seconds: u64,
    #[arg(long)]
    out: Option<PathBuf>,
}

struct Replay {
    latencies: Vec<f64>,
    errors: usize,
    seconds: f64,
    responses: Vec<(String, Option<Value>)>,
}

/// Sends `requests` questions (cycled) at `concurrency` until `limit`; keeps the JSON
/// bodies when `keep`.
async fn replay(url: &str, questions: &[String], requests: usize, concurrency: usize, limit: Duration, keep: bool) -> Result<Replay> {
    let client = scigraph::http_client::builder(Duration::from_secs(120)).pool_max_idle_per_host(concurrency).build()?;
    let deadline = Instant::now() + limit;
    let started = Instant::now();
    let outcomes: Vec<(f64, bool, String, Option<Value>)> = futures::stream::iter((0..requests).map(|i| questions[i % questions.len()].clone()))
        .take_while(|_| std::future::ready(Instant::now() < deadline))
        .map(|q| {
            let client = client.clone();
            async move {
                let t = Instant::now();
                let result = client.post(format!("{url}/ask")).json(&json!({ "question": q })).send().await;
                let (ok, body) = match result {
                    Ok(r) if r.status() == 200 => {
                        let body = if keep { r.json::<Value>().await.ok() } else { r.bytes().await.ok().map(|_| Value::Null) };
                        (body.is_some(), body)
                    }
                    _ => (false, None),
                };
                (t.elapsed().as_secs_f64() * 1000.0, ok, q, body)
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    let seconds = started.elapsed().as_secs_f64();
    Ok(Replay {
        latencies: outcomes.iter().map(|o| o.0).collect(),
        errors: outcomes.iter().filter(|o| !o.1).count(),
        seconds,
        responses: outcomes.into_iter().map(|o| (o.2, o.3)).collect(),
    })
}

pub async fn run(args: &Args) -> Result<()> {
    let limit = Duration::from_secs(args.max_seconds);
    let questions = read_questions(&args.questions)?;
    let requests = args.requests.unwrap_or(questions.len());
    let mut report = json!({ "dump": args.dump.display().to_string(), "questions": questions.len(), "requests_per_level": requests, "levels": [] });
    let mut cold_responses = Vec::new();
    for (i, &concurrency) in args.concurrency.iter().enumerate() {
        let server = start_server(&args.dump).await?;
        let pid = server.child.id().to_string();
        let run = replay(&server.url, &questions, requests, concurrency, limit, i == 0).await?;
        let mut level = summary(run.latencies.clone());
        level["concurrency"] = json!(concurrency);
        level["errors"] = json!(run.errors);
        level["requests"] = json!(run.latencies.len());
        level["requests_per_second"] = json!(round(run.latencies.len() as f64 / run.seconds));
        level["peak_rss_mb"] = json!(proc_kb(&pid, "VmHWM").map(|kb| kb / 1024));
        if i == 0 {
            // The same questions again: every query is now a cache hit.
            let cached = replay(&server.url, &questions, questions.len(), 1, limit, false).await?;
            report["cache_hit_c1"] = summary(cached.latencies);
            cold_responses = run.responses;
        }
        eprintln!("concurrency {concurrency}: {level}");
        report["levels"].as_array_mut().context("levels")?.push(level);
    }
    overhead(&args.dump, &cold_responses, &mut report).await?;
    let text = serde_json::to_string_pretty(&report)?;
    println!("{text}");
    if let Some(out) = &args.out {
        std::fs::write(out, text)?;
    }
    Ok(())
}

/// The limit beside it: the queries the service ran, straight on the store, against a
/// fresh, uncached service time for the same question on a fresh server.
async fn overhead(dump: &Path, cold_responses: &[(String, Option<Value>)], report: &mut Value) -> Result<()> {
    let store = Store::new()?;
    load_files(&store, &[dump.to_owned()], LoadOptions::default(), &Quiet)?;
    let mut ratios = Vec::new();
    let mut bare = Vec::new();
    let client = scigraph::http_client::builder(Duration::from_secs(120)).build()?;
    let server = start_server(dump).await?;
    for (question, body) in cold_responses.iter().take(200) {
        let Some(body) = body else { continue };
        let queries: Vec<String> = body["sparql_queries"]
            .as_array()
            .map(|a| a.iter().filter_map(|q| q["sparql"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        // A question that ran no query has no ratio (see `mixed`).
        if queries.is_empty() {
            continue;
        }
        let t = Instant::now();
        let _ = client.post(format!("{}/ask", server.url)).json(&json!({ "question": question })).send().await?.bytes().await?;
        let service = t.elapsed().as_secs_f64() * 1000.0;
        let b = bare_time(&store, &queries);
        bare.push(b);
        if b > 0.0 {
            ratios.push(service / b);
        }
    }
    ratios.sort_by(f64::total_cmp);
    report["bare_store"] = summary(bare);
    report["overhead_ratio"] = json!({
        "p50": round(percentile(&ratios, 0.5)),
        "p95": round(percentile(&ratios, 0.95)),
        "note": "uncached service time of one question / the same SPARQL queries run one after another on an oxigraph store",
    });
    Ok(())
}
