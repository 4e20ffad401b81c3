//! `soak`: many requests at high concurrency on one `scigraph serve`: how many came back
//! 200, 5xx, another status or not at all, the latency, and the server's memory sampled
//! every second (does it grow under sustained load?). Spawns a server, sends HTTP
//! requests, prints the JSON report.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use futures::StreamExt;
use serde_json::{json, Value};

use crate::common::{proc_kb, read_questions, round, start_server, summary};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    dump: PathBuf,
    #[arg(long)]
    questions: PathBuf,
    #[arg(long, default_value = "20000")]
    requests: usize,
    #[arg(long, default_value = "64")]
    concurrency: usize,
    #[arg(long, default_value = "900")]
    max_seconds: u64,
}

pub async fn run(args: &Args) -> Result<()> {
    let (requests, concurrency) = (args.requests, args.concurrency);
    let questions = read_questions(&args.questions)?;
    let server = start_server(&args.dump).await?;
    let pid = server.child.id().to_string();
    let client = scigraph::http_client::builder(Duration::from_secs(120)).pool_max_idle_per_host(concurrency).build()?;
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = tokio::spawn(rss_every_second(pid.clone(), sampling.clone()));
    let deadline = Instant::now() + Duration::from_secs(args.max_seconds);
    let started = Instant::now();
    let url = server.url.clone();
    let outcomes: Vec<(f64, Option<u16>)> = futures::stream::iter((0..requests).map(|i| questions[i % questions.len()].clone()))
        .take_while(|_| std::future::ready(Instant::now() < deadline))
        .map(|q| {
            let (client, url) = (client.clone(), url.clone());
            async move {
                let t = Instant::now();
                let status = match client.post(format!("{url}/ask")).json(&json!({ "question": q })).send().await {
                    Ok(r) => {
                        let status = r.status().as_u16();
                        r.bytes().await.ok().map(|_| status)
                    }
                    Err(_) => None,
                };
                (t.elapsed().as_secs_f64() * 1000.0, status)
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    let seconds = started.elapsed().as_secs_f64();
    sampling.store(false, Ordering::Relaxed);
    let rss = sampler.await.unwrap_or_default();
    let mut report = summary(outcomes.iter().map(|o| o.0).collect());
    report["requests_sent"] = json!(outcomes.len());
    report["ok_200"] = json!(outcomes.iter().filter(|o| o.1 == Some(200)).count());
    report["server_errors_5xx"] = json!(outcomes.iter().filter(|o| o.1.is_some_and(|s| s >= 500)).count());
    report["other_status"] = json!(outcomes.iter().filter(|o| o.1.is_some_and(|s| s != 200 && s < 500)).count());
    report["lost"] = json!(outcomes.iter().filter(|o| o.1.is_none()).count());
    report["seconds"] = json!(round(seconds));
    report["requests_per_second"] = json!(round(outcomes.len() as f64 / seconds));
    report["concurrency"] = json!(concurrency);
    report["rss_mb"] = rss_figures(&rss);
    report["peak_rss_mb"] = json!(proc_kb(&pid, "VmHWM").map(|kb| kb / 1024));
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}

/// The server's RSS in MB, once a second while `sampling` holds.
async fn rss_every_second(pid: String, sampling: Arc<AtomicBool>) -> Vec<u64> {
    let mut samples = Vec::new();
    while sampling.load(Ordering::Relaxed) {
        samples.push(proc_kb(&pid, "VmRSS").unwrap_or(0) / 1024);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    samples
}

/// First, last and largest sample, and the means of the first and last tenth.
fn rss_figures(rss: &[u64]) -> Value {
    let tenth = (rss.len() / 10).max(1);
    json!({
        "first": rss.first(), "last": rss.last(), "max": rss.iter().max(),
        "mean_first_tenth": rss.iter().take(tenth).sum::<u64>() / tenth as u64,
        "mean_last_tenth": rss.iter().rev().take(tenth).sum::<u64>() / tenth as u64,
        "samples": rss.len(),
    })
}
