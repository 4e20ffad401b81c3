//! What the subcommands share: reading question files, the figures they report (latency
//! summaries, rounding, memory from `/proc`), timing SPARQL straight on a store, and
//! `scigraph serve` as a child process. Reads files and `/proc`, spawns processes.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use oxigraph::sparql::{QueryResults, SparqlEvaluator};
use oxigraph::store::Store;
use scigraph::eval::percentile;
use serde_json::{json, Value};

/// The question texts of SciQA's questions.json or of a JSON Lines gold file (`.jsonl`).
pub fn read_questions(path: &Path) -> Result<Vec<String>> {
    if path.extension().is_some_and(|e| e == "jsonl") {
        return Ok(scigraph::eval::read_gold(path)?.into_iter().map(|q| q.question).collect());
    }
    Ok(scigraph::eval::sciqa::read_questions(path)?.into_iter().map(|q| q.question).collect())
}

/// A /proc/<pid>/status field in kB ("VmHWM", "VmRSS").
pub fn proc_kb(pid: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with(field))?.split_whitespace().nth(1)?.parse().ok()
}

/// Count, percentiles, max and mean of latencies in milliseconds.
pub fn summary(mut ms: Vec<f64>) -> Value {
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

/// Two decimals: the figures are for reading.
pub fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Times `queries` straight on the store, sequentially; returns milliseconds.
pub fn bare_time(store: &Store, queries: &[String]) -> f64 {
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

/// A running `scigraph serve`, killed on drop.
pub struct Server {
    pub child: Child,
    pub url: String,
    /// Seconds from spawning the process to its first `/health` 200.
    pub ready_seconds: f64,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where a server reads the graph: a dump loaded into memory, an on-disk store made by
/// `scigraph load`, or a SPARQL endpoint.
#[derive(Clone, Debug)]
pub enum Backend {
    Dump(PathBuf),
    Store(PathBuf),
    Endpoint(String),
}

impl Backend {
    /// The `scigraph serve` flags that select it.
    fn flags(&self) -> Vec<OsString> {
        match self {
            Backend::Dump(p) => vec!["--dump".into(), p.into()],
            Backend::Store(p) => vec!["--store".into(), p.into()],
            Backend::Endpoint(u) => vec!["--endpoint".into(), u.into()],
        }
    }

    /// The one backend the flags name (`--dump`, `--store` or `--endpoint`).
    pub fn from_flags(dump: Option<PathBuf>, store: Option<PathBuf>, endpoint: Option<String>) -> Result<Self> {
        match (dump, store, endpoint) {
            (Some(d), None, None) => Ok(Backend::Dump(d)),
            (None, Some(s), None) => Ok(Backend::Store(s)),
            (None, None, Some(e)) => Ok(Backend::Endpoint(e)),
            _ => bail!("name exactly one of --dump, --store and --endpoint"),
        }
    }
}

/// Starts the `scigraph` binary beside this one on `dump` (no LLM) on a free port and
/// waits until /health answers.
pub async fn start_server(dump: &Path) -> Result<Server> {
    start_server_on(&Backend::Dump(dump.to_owned())).await
}

/// Starts the `scigraph` binary beside this one on `backend` (no LLM) on a free port and
/// waits until /health answers.
pub async fn start_server_on(backend: &Backend) -> Result<Server> {
    let exe = std::env::current_exe()?.with_file_name("scigraph");
    if !exe.exists() {
        bail!("{} not found: build it first (cargo build --release)", exe.display());
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let started = Instant::now();
    let mut child = Command::new(&exe)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .args(backend.flags())
        .env("SCIGRAPH_LLM_PROVIDER", "none")
        .env("RUST_LOG", "warn")
        .env("SCIGRAPH_BODY_LIMIT", "65536")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let stderr = child.stderr.take().context("stderr")?;
    // The last lines the server wrote, for the error when it exits before it is ready.
    let last = std::sync::Arc::new(std::sync::Mutex::new(std::collections::VecDeque::new()));
    let kept = last.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Ok(mut kept) = kept.lock() {
                kept.push_back(line);
                if kept.len() > 5 {
                    kept.pop_front();
                }
            }
        }
    });
    let mut server = Server { child, url: format!("http://127.0.0.1:{port}"), ready_seconds: 0.0 };
    let client = scigraph::http_client::builder(Duration::from_secs(5)).build()?;
    while started.elapsed() < Duration::from_secs(900) {
        if let Some(status) = server.child.try_wait()? {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let said = last.lock().map(|l| l.iter().cloned().collect::<Vec<_>>().join("\n")).unwrap_or_default();
            bail!("scigraph serve exited ({status}) before it was ready:\n{said}");
        }
        if let Ok(r) = client.get(format!("{}/health", server.url)).send().await {
            if r.status() == 200 {
                server.ready_seconds = started.elapsed().as_secs_f64();
                return Ok(server);
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    bail!("the server did not become healthy")
}
