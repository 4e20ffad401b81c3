//! `scigraph-bench`: the measurements behind BENCHMARKS.md, as one tool.
//!
//! - `service`: starts the real `scigraph serve` (a child process, so its peak RSS is its
//!   own) on a dump, replays questions at each concurrency (a fresh server per level, so every
//!   level starts with a cold cache), then replays once more to time the cache-hit path; the
//!   same SPARQL queries the service ran are then timed straight on an oxigraph store, giving
//!   the service's overhead as a ratio.
//! - `load`: scigraph's loader against oxigraph's own bulk loader on the same file.
//! - `generate`: a synthetic ORKG-shaped graph of a given size (deterministic).
//! - `scale`: loading a large graph, and what IRI linking buys over label scans there.
//!
//! No timing here is asserted anywhere; the figures are for reading.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use futures::StreamExt;
use oxigraph::sparql::{QueryResults, SparqlEvaluator};
use oxigraph::store::Store;
use scigraph::kg::load::{load_files, LoadOptions, Quiet};
use scigraph::pipeline::query::templates::{Anchor, Arg, Templates};
use serde_json::{json, Value};

#[derive(Parser)]
#[command(name = "scigraph-bench", about = "Benchmarks of the scigraph service, store and loader")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Replay questions against `scigraph serve` at several concurrencies.
    Service {
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
    },
    /// Many requests at high concurrency on one server: 5xx, lost requests, memory over time.
    Soak {
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
    },
    /// scigraph's loader against oxigraph's bulk loader on the same file.
    Load {
        #[arg(long)]
        file: PathBuf,
        /// Also load into on-disk stores under this directory (rocksdb feature).
        #[arg(long)]
        store_dir: Option<PathBuf>,
    },
    /// Write a synthetic ORKG-shaped N-Triples graph (gzipped when the name ends in .gz).
    Generate {
        #[arg(long, default_value = "50000")]
        papers: usize,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value = "7")]
        seed: u64,
    },
    /// Load a (large) graph, then time leaderboards anchored by IRI against label scans.
    Scale {
        #[arg(long)]
        dump: PathBuf,
        #[arg(long, default_value = "20")]
        samples: usize,
    },
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    match cli.command {
        Cmd::Service { dump, questions, concurrency, requests, max_seconds, out } => {
            runtime.block_on(service(&dump, &questions, &concurrency, requests, Duration::from_secs(max_seconds), out.as_deref()))
        }
        Cmd::Soak { dump, questions, requests, concurrency, max_seconds } => {
            runtime.block_on(soak(&dump, &questions, requests, concurrency, Duration::from_secs(max_seconds)))
        }
        Cmd::Load { file, store_dir } => load(&file, store_dir.as_deref()),
        Cmd::Generate { papers, out, seed } => generate(papers, &out, seed),
        Cmd::Scale { dump, samples } => scale(&dump, samples),
    }
}

// ---------------------------------------------------------------------------------------
// Shared helpers

fn read_questions(path: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    if path.extension().is_some_and(|e| e == "jsonl") {
        return text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| Ok(serde_json::from_str::<Value>(l)?["question"].as_str().unwrap_or_default().to_owned()))
            .collect();
    }
    let json: Value = serde_json::from_str(&text)?;
    Ok(json["questions"]
        .as_array()
        .context("expected {\"questions\": [...]}")?
        .iter()
        .filter_map(|q| q["question"]["string"].as_str().map(str::to_owned))
        .collect())
}

/// A /proc/<pid>/status field in kB ("VmHWM", "VmRSS").
fn proc_kb(pid: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with(field))?.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn summary(mut ms: Vec<f64>) -> Value {
    ms.sort_by(f64::total_cmp);
    json!({
        "n": ms.len(),
        "p50_ms": round(percentile(&ms, 0.5)),
        "p95_ms": round(percentile(&ms, 0.95)),
        "p99_ms": round(percentile(&ms, 0.99)),
        "max_ms": round(percentile(&ms, 1.0)),
        "mean_ms": round(ms.iter().sum::<f64>() / ms.len().max(1) as f64),
    })
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg_attr(not(feature = "rocksdb"), allow(dead_code))]
fn dir_size(path: &Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_size(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------------------
// service

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_server(dump: &Path) -> Result<Server> {
    let exe = std::env::current_exe()?.with_file_name("scigraph");
    if !exe.exists() {
        bail!("{} not found: build it first (cargo build --release)", exe.display());
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut child = Command::new(&exe)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--dump"])
        .arg(dump)
        .env("SCIGRAPH_LLM_PROVIDER", "none")
        .env("RUST_LOG", "warn")
        .env("SCIGRAPH_BODY_LIMIT", "65536")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let stderr = child.stderr.take().context("stderr")?;
    std::thread::spawn(move || for _ in BufReader::new(stderr).lines() {});
    let server = Server { child, url: format!("http://127.0.0.1:{port}") };
    let client = scigraph::http_client::builder(Duration::from_secs(5)).build()?;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(900) {
        if let Ok(r) = client.get(format!("{}/health", server.url)).send().await {
            if r.status() == 200 {
                return Ok(server);
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    bail!("the server did not become healthy")
}

struct Replay {
    latencies: Vec<f64>,
    errors: usize,
    seconds: f64,
    responses: Vec<(String, Option<Value>)>,
}

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

/// Times `queries` straight on the store, sequentially; returns milliseconds.
fn bare_time(store: &Store, queries: &[String]) -> f64 {
    let started = Instant::now();
    for q in queries {
        if let Ok(prepared) = SparqlEvaluator::new().parse_query(q) {
            if let Ok(QueryResults::Solutions(solutions)) = prepared.on_store(store).execute() {
                for row in solutions {
                    let _ = row;
                }
            }
        }
    }
    started.elapsed().as_secs_f64() * 1000.0
}

async fn service(dump: &Path, questions: &Path, levels: &[usize], requests: Option<usize>, limit: Duration, out: Option<&Path>) -> Result<()> {
    let questions = read_questions(questions)?;
    let requests = requests.unwrap_or(questions.len());
    let mut report = json!({ "dump": dump.display().to_string(), "questions": questions.len(), "requests_per_level": requests, "levels": [] });
    let mut cold_responses = Vec::new();
    for (i, &concurrency) in levels.iter().enumerate() {
        let server = start_server(dump).await?;
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

    // The limit beside it: the queries the service ran, straight on the store.
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
        // A fresh, uncached service time for the same question on a fresh server.
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
    let text = serde_json::to_string_pretty(&report)?;
    println!("{text}");
    if let Some(out) = out {
        std::fs::write(out, text)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// soak

async fn soak(dump: &Path, questions: &Path, requests: usize, concurrency: usize, limit: Duration) -> Result<()> {
    let questions = read_questions(questions)?;
    let server = start_server(dump).await?;
    let pid = server.child.id().to_string();
    let client = scigraph::http_client::builder(Duration::from_secs(120)).pool_max_idle_per_host(concurrency).build()?;
    // Memory every second while the load runs.
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (pid, sampling) = (pid.clone(), sampling.clone());
        tokio::spawn(async move {
            let mut samples = Vec::new();
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                samples.push(proc_kb(&pid, "VmRSS").unwrap_or(0) / 1024);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            samples
        })
    };
    let deadline = Instant::now() + limit;
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
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
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
    let tenth = (rss.len() / 10).max(1);
    report["rss_mb"] = json!({
        "first": rss.first(), "last": rss.last(), "max": rss.iter().max(),
        "mean_first_tenth": rss.iter().take(tenth).sum::<u64>() / tenth as u64,
        "mean_last_tenth": rss.iter().rev().take(tenth).sum::<u64>() / tenth as u64,
        "samples": rss.len(),
    });
    report["peak_rss_mb"] = json!(proc_kb(&pid, "VmHWM").map(|kb| kb / 1024));
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}

// ---------------------------------------------------------------------------------------
// load

/// Which loader a timed load uses.
#[derive(Clone, Copy)]
enum Loader {
    /// scigraph's `load_files` (line-level recovery, progress).
    Ours,
    /// oxigraph's own `bulk_loader().load_from_reader`.
    Oxigraph,
}

/// Loads `file` into `store` with `loader`; returns seconds and the triples in the store.
fn timed_load(store: &Store, file: &Path, loader: Loader) -> Result<(f64, u64)> {
    let t = Instant::now();
    match loader {
        Loader::Ours => {
            load_files(store, &[file.to_owned()], LoadOptions::default(), &Quiet)?;
        }
        Loader::Oxigraph => {
            let format = scigraph::kg::load::format_of(file).context("unknown RDF format")?;
            let reader = BufReader::new(std::fs::File::open(file)?);
            let reader: Box<dyn std::io::Read> = if file.extension().is_some_and(|e| e == "gz") {
                Box::new(flate2::bufread::MultiGzDecoder::new(reader))
            } else {
                Box::new(reader)
            };
            let mut bulk = store.bulk_loader();
            bulk.load_from_reader(format, reader)?;
            bulk.commit()?;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    Ok((secs, store.len()? as u64))
}

fn figures(secs: f64, triples: u64) -> Value {
    json!({ "seconds": round(secs), "triples": triples, "triples_per_second": (triples as f64 / secs) as u64 })
}

fn load(file: &Path, store_dir: Option<&Path>) -> Result<()> {
    let mut report = json!({ "file": file.display().to_string() });
    for (name, loader) in [("scigraph_memory", Loader::Ours), ("oxigraph_bulk_loader_memory", Loader::Oxigraph)] {
        // RSS growth is only meaningful for the first load: later ones reuse freed memory.
        let before = proc_kb("self", "VmRSS").unwrap_or(0);
        let store = Store::new()?;
        let (secs, triples) = timed_load(&store, file, loader)?;
        report[name] = figures(secs, triples);
        report[name]["rss_growth_mb"] = json!(proc_kb("self", "VmRSS").unwrap_or(0).saturating_sub(before) / 1024);
    }
    if let Some(dir) = store_dir {
        #[cfg(feature = "rocksdb")]
        for (name, loader) in [("scigraph_rocksdb", Loader::Ours), ("oxigraph_bulk_loader_rocksdb", Loader::Oxigraph)] {
            let path = dir.join(name);
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path)?;
            let store = Store::open(&path)?;
            let (secs, triples) = timed_load(&store, file, loader)?;
            drop(store);
            report[name] = figures(secs, triples);
            report[name]["store_mb"] = json!(dir_size(&path) / 1_048_576);
        }
        #[cfg(not(feature = "rocksdb"))]
        {
            let _ = dir;
            bail!("--store-dir needs a build with --features rocksdb");
        }
    }
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}

// ---------------------------------------------------------------------------------------
// generate

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// Skewed towards small indices, like how often ORKG reuses datasets and models.
    fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        ((n as f64).powf(u) as usize).saturating_sub(1).min(n - 1)
    }
}

const WORDS: &[&str] = &[
    "neural", "graph", "learning", "deep", "attention", "transformer", "network", "semantic",
    "knowledge", "retrieval", "adversarial", "robust", "efficient", "scalable", "contrastive",
    "representation", "generative", "reinforcement", "segmentation", "detection", "translation",
    "language", "vision", "multimodal", "sparse", "federated", "benchmark", "evaluation",
    "ontology", "scholarly", "embedding", "reasoning", "temporal", "causal", "probabilistic",
];

fn generate(papers: usize, out: &Path, seed: u64) -> Result<()> {
    let file = std::fs::File::create(out)?;
    let mut writer: Box<dyn Write> = if out.extension().is_some_and(|e| e == "gz") {
        Box::new(flate2::write::GzEncoder::new(std::io::BufWriter::new(file), flate2::Compression::fast()))
    } else {
        Box::new(std::io::BufWriter::new(file))
    };
    let mut rng = Rng(seed.max(1));
    const R: &str = "http://orkg.org/orkg/resource/";
    const P: &str = "http://orkg.org/orkg/predicate/";
    const C: &str = "http://orkg.org/orkg/class/";
    const LABEL: &str = "http://www.w3.org/2000/01/rdf-schema#label";
    const TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    const STR: &str = "http://www.w3.org/2001/XMLSchema#string";
    const INT: &str = "http://www.w3.org/2001/XMLSchema#integer";
    let mut triples: u64 = 0;
    let mut w = |line: String| -> Result<()> {
        triples += 1;
        writer.write_all(line.as_bytes())?;
        Ok(())
    };
    // Entity pools sized like ORKG's (per 50,000 papers).
    let scale = papers as f64 / 50_000.0;
    let pool = |n: f64| ((n * scale) as usize).max(10);
    let (fields, problems, datasets, models, metrics) = (pool(700.0), pool(8000.0), pool(6000.0), pool(12000.0), pool(400.0));
    let mut id: u64 = 5_000_000;
    let mut entity = |w: &mut dyn FnMut(String) -> Result<()>, class: &str, count: usize, prefix: &str, rng: &mut Rng| -> Result<Vec<String>> {
        let mut iris = Vec::with_capacity(count);
        for i in 0..count {
            id += 1;
            let iri = format!("{R}R{id}");
            w(format!("<{iri}> <{TYPE}> <{C}{class}> .\n"))?;
            w(format!("<{iri}> <{TYPE}> <{C}Resource> .\n"))?;
            let word = WORDS[rng.below(WORDS.len())];
            w(format!("<{iri}> <{LABEL}> \"{prefix} {word} {i}\"^^<{STR}> .\n"))?;
            iris.push(iri);
        }
        Ok(iris)
    };
    let fields = entity(&mut w, "ResearchField", fields, "Field", &mut rng)?;
    let problems = entity(&mut w, "Problem", problems, "Problem", &mut rng)?;
    let datasets = entity(&mut w, "Dataset", datasets, "Dataset", &mut rng)?;
    let models = entity(&mut w, "Model", models, "Model", &mut rng)?;
    let metrics = entity(&mut w, "Metric", metrics, "Metric", &mut rng)?;
    let mut next = 10_000_000u64;
    let mut fresh = || {
        next += 1;
        format!("{R}R{next}")
    };
    for i in 0..papers {
        let paper = fresh();
        w(format!("<{paper}> <{TYPE}> <{C}Paper> .\n"))?;
        w(format!("<{paper}> <{TYPE}> <{C}Resource> .\n"))?;
        let title: Vec<&str> = (0..6 + rng.below(6)).map(|_| WORDS[rng.below(WORDS.len())]).collect();
        w(format!("<{paper}> <{LABEL}> \"{} {i}\"^^<{STR}> .\n", title.join(" ")))?;
        // Two thirds have a DOI, a quarter a year (the mirror's proportions, roughly).
        if rng.below(3) > 0 {
            w(format!("<{paper}> <{P}P26> \"10.{}/synthetic.{i}\"^^<{STR}> .\n", 1000 + rng.below(9000)))?;
        }
        if rng.below(4) == 0 {
            w(format!("<{paper}> <{P}P29> \"{}\"^^<{INT}> .\n", 2000 + rng.below(26)))?;
        }
        w(format!("<{paper}> <{P}P30> <{}> .\n", fields[rng.zipf(fields.len())]))?;
        for c in 0..1 + rng.below(4) {
            let cont = fresh();
            w(format!("<{paper}> <{P}P31> <{cont}> .\n"))?;
            w(format!("<{cont}> <{TYPE}> <{C}Contribution> .\n"))?;
            w(format!("<{cont}> <{TYPE}> <{C}Resource> .\n"))?;
            w(format!("<{cont}> <{LABEL}> \"Contribution {}\"^^<{STR}> .\n", c + 1))?;
            w(format!("<{cont}> <{P}P32> <{}> .\n", problems[rng.zipf(problems.len())]))?;
            w(format!("<{cont}> <{P}HAS_MODEL> <{}> .\n", models[rng.zipf(models.len())]))?;
            if rng.below(2) == 0 {
                w(format!("<{cont}> <{P}HAS_SOURCE_CODE> \"https://github.com/synthetic/repo{}\"^^<{STR}> .\n", rng.below(100_000)))?;
            }
            for _ in 0..1 + rng.below(4) {
                let bench = fresh();
                w(format!("<{cont}> <{P}HAS_BENCHMARK> <{bench}> .\n"))?;
                w(format!("<{bench}> <{TYPE}> <{C}Benchmark> .\n"))?;
                w(format!("<{bench}> <{TYPE}> <{C}Resource> .\n"))?;
                w(format!("<{bench}> <{P}HAS_DATASET> <{}> .\n", datasets[rng.zipf(datasets.len())]))?;
                for _ in 0..1 + rng.below(4) {
                    let eval = fresh();
                    w(format!("<{bench}> <{P}HAS_EVALUATION> <{eval}> .\n"))?;
                    w(format!("<{eval}> <{TYPE}> <{C}Evaluation> .\n"))?;
                    w(format!("<{eval}> <{TYPE}> <{C}Resource> .\n"))?;
                    w(format!("<{eval}> <{P}HAS_METRIC> <{}> .\n", metrics[rng.zipf(metrics.len())]))?;
                    w(format!("<{eval}> <{P}HAS_VALUE> \"{}.{}\"^^<{STR}> .\n", rng.below(100), rng.below(100)))?;
                }
            }
        }
    }
    // `w` borrows `writer` mutably; its last use above ends the borrow.
    writer.flush()?;
    drop(writer);
    println!("{}", json!({ "papers": papers, "triples": triples, "file": out.display().to_string() }));
    Ok(())
}

// ---------------------------------------------------------------------------------------
// scale

fn scale(dump: &Path, samples: usize) -> Result<()> {
    let before = proc_kb("self", "VmRSS").unwrap_or(0);
    let t = Instant::now();
    let graph = scigraph::kg::embedded::EmbeddedGraph::from_dumps(&[dump.to_owned()], Duration::from_secs(60), &Quiet)?;
    let load_secs = t.elapsed().as_secs_f64();
    let rss_mb = proc_kb("self", "VmRSS").unwrap_or(0).saturating_sub(before) / 1024;
    let triples = scigraph::kg::KnowledgeGraph::triple_count(&graph).unwrap_or(0);
    let store = graph.store().clone();
    // Dataset labels to anchor on, spread over the pool.
    let labels: Vec<(String, String)> = match SparqlEvaluator::new()
        .parse_query("SELECT ?d ?l WHERE { ?d a <http://orkg.org/orkg/class/Dataset> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l } LIMIT 5000")?
        .on_store(&store)
        .execute()?
    {
        QueryResults::Solutions(rows) => rows
            .filter_map(|r| r.ok())
            .filter_map(|r| {
                let iri = match r.get("d")? { oxrdf::Term::NamedNode(n) => n.as_str().to_owned(), _ => return None };
                let label = match r.get("l")? { oxrdf::Term::Literal(l) => l.value().to_owned(), _ => return None };
                Some((iri, label))
            })
            .collect(),
        _ => Vec::new(),
    };
    let step = (labels.len() / samples.max(1)).max(1);
    let picked: Vec<&(String, String)> = labels.iter().step_by(step).take(samples).collect();
    let templates = Templates::load()?;
    let time = |query: &str| -> f64 { bare_time(&store, &[query.to_owned()]) };
    let (mut by_iri, mut by_label) = (Vec::new(), Vec::new());
    for (iri, label) in &picked {
        let linked = templates.fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Iris(vec![iri.clone()]))), ("limit", Arg::Limit(5000))])?;
        let scanned = templates.fill("leaderboard", &[("dataset", Arg::Anchor(Anchor::Labels(vec![label.clone()]))), ("limit", Arg::Limit(5000))])?;
        by_iri.push(time(linked.as_str()));
        by_label.push(time(scanned.as_str()));
    }
    // /ask through the whole pipeline at this size (in process, no HTTP, no LLM).
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let asked = runtime.block_on(async {
        let settings = scigraph::config::Settings::from_lookup(|_| None)?;
        let pipeline = scigraph::pipeline::Pipeline::build(&settings, std::sync::Arc::new(graph), None).await?;
        let t = Instant::now();
        let labels_loaded = pipeline.labels().map_err(|e| anyhow::anyhow!("entity labels: {e}"))?;
        let label_secs = t.elapsed().as_secs_f64();
        let mut latencies = Vec::new();
        for (_, label) in &picked {
            for q in [format!("What models are being evaluated on the {label} dataset?"), format!("Which model has the best score on the {label} dataset?")] {
                let question = scigraph::pipeline::Question::parse(&q, 1000)?;
                let t = Instant::now();
                let _ = pipeline.ask(&question).await;
                latencies.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
        anyhow::Ok(json!({ "labels_loaded": labels_loaded, "label_load_seconds": round(label_secs), "latency": summary(latencies) }))
    })?;
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
