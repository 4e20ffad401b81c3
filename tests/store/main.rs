//! Crash safety of `scigraph load` and what `/health` says about the store, tried on the
//! real binary as an operator would meet them: loads killed (SIGKILL) early, mid-way and
//! during the swap, at moments chosen through fault points (`FAILPOINTS`, the `failpoints`
//! feature); loads stopped by SIGINT and SIGTERM; a disk that fills up (a small tmpfs, or,
//! where none can be mounted, a writer that returns ENOSPC); dumps cut short (a truncated
//! file, a pipe closed early); a second load; a store replaced under a running server; and
//! stores `/health` must call degraded. After each, `serve --store` must serve the previous
//! store with `ok` or report `degraded`, never `ok` with a partial graph. `make
//! test-rocksdb` runs them, with the `failpoints` feature.
#![cfg(feature = "rocksdb")]
// Without the fault points, the helpers that stop loads at them have no test to serve.
#![cfg_attr(not(feature = "failpoints"), allow(dead_code))]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_scigraph");

/// Writes an N-Triples dump of `papers` papers from number `first` on: three statements each
/// (type, title, year).
fn dump(dir: &Path, name: &str, papers: usize, first: usize) -> PathBuf {
    let mut text = String::new();
    for i in first..first + papers {
        let r = format!("<http://orkg.org/orkg/resource/R{i}>");
        text.push_str(&format!("{r} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://orkg.org/orkg/class/Paper> .\n"));
        text.push_str(&format!("{r} <http://www.w3.org/2000/01/rdf-schema#label> \"A study of graph method number {i}\" .\n"));
        text.push_str(&format!("{r} <http://orkg.org/orkg/predicate/P29> \"{}\" .\n", 2000 + i % 25));
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn gzip(path: &Path) -> PathBuf {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(&std::fs::read(path).unwrap()).unwrap();
    let gz = PathBuf::from(format!("{}.gz", path.display()));
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    gz
}

/// `scigraph load --store store [flags] files`, run from `store`'s parent (no `.env`).
fn load_command(store: &Path, flags: &[&str], files: &[&Path]) -> Command {
    let mut command = Command::new(BIN);
    command.current_dir(store.parent().unwrap()).arg("load").arg("--store").arg(store).args(flags).args(files).env_remove("FAILPOINTS");
    command
}

fn load(store: &Path, flags: &[&str], files: &[&Path]) -> Output {
    load_command(store, flags, files).output().unwrap()
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// A child process whose output lines (stdout and stderr) arrive on a channel; killed on drop.
struct Running {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Running {
    fn spawn(mut command: Command) -> Self {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let (tx, lines) = channel();
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        let tx2 = tx.clone();
        std::thread::spawn(move || BufReader::new(out).lines().map_while(Result::ok).for_each(|l| drop(tx.send(l))));
        std::thread::spawn(move || BufReader::new(err).lines().map_while(Result::ok).for_each(|l| drop(tx2.send(l))));
        Self { child, lines, seen: Vec::new() }
    }

    /// Waits (up to two minutes) until `reached` holds, reading output as it comes.
    fn wait_until(&mut self, what: &str, reached: impl Fn(&[String]) -> bool) {
        let started = Instant::now();
        while !reached(&self.seen) {
            assert!(started.elapsed() < Duration::from_secs(120), "{what} not reached; output: {:?}", self.seen);
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(50)) {
                self.seen.push(line);
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                self.seen.extend(self.lines.try_iter());
                if !reached(&self.seen) {
                    panic!("the process exited ({status}) before {what}; output: {:?}", self.seen);
                }
            }
        }
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill").arg(format!("-{name}")).arg(self.child.id().to_string()).status().unwrap();
        assert!(status.success(), "kill -{name} failed");
    }

    /// SIGKILL: nothing the process can catch or clean up after.
    fn kill(mut self) {
        self.signal("KILL");
        let _ = self.child.wait();
    }

    /// Waits for the exit and returns its success and everything it printed.
    fn finish(mut self) -> (bool, String) {
        let status = self.child.wait().unwrap();
        self.seen.extend(self.lines.iter());
        (status.success(), self.seen.join("\n"))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// When a process has reached a moment, from what it printed (or the files it left).
type Reached<'a> = dyn Fn(&[String]) -> bool + 'a;

/// A load started with fault points configured (`FAILPOINTS`, e.g. `load-swap=pause`).
#[cfg(feature = "failpoints")]
fn spawn_load(store: &Path, faults: &str, files: &[&Path]) -> Running {
    let mut command = load_command(store, &[], files);
    command.env("FAILPOINTS", faults);
    Running::spawn(command)
}

/// A running `scigraph serve --store`, killed on drop.
struct Server {
    _process: Running,
    url: String,
    client: reqwest::Client,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Serves `store` and waits (up to a minute) until `/health` answers. Health is re-checked
/// at every request, so each read sees the store as it is.
async fn serve(store: &Path) -> Server {
    let bind = format!("127.0.0.1:{}", free_port());
    let mut command = Command::new(BIN);
    command
        .current_dir(store.parent().unwrap())
        .args(["serve", "--bind", &bind, "--store"])
        .arg(store)
        .env_remove("SCIGRAPH_BACKEND")
        .env("SCIGRAPH_LLM_PROVIDER", "none")
        .env("SCIGRAPH_WARM_UP", "off")
        .env("SCIGRAPH_HEALTH_CACHE_SECS", "0.05");
    let server = Server {
        _process: Running::spawn(command),
        url: format!("http://{bind}"),
        // A fresh connection per request: a load between two requests can outlast the
        // server's keep-alive, and a pooled connection it closes meanwhile fails the next
        // request ("IncompleteMessage") though the server is fine.
        client: scigraph::http_client::builder(Duration::from_secs(30)).pool_max_idle_per_host(0).build().unwrap(),
    };
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(r) = server.client.get(format!("{}/health", server.url)).send().await {
            if r.status() == 200 {
                return server;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("scigraph serve --store {} did not answer /health within 60s", store.display());
}

impl Server {
    async fn health(&self) -> Value {
        self.client.get(format!("{}/health", self.url)).send().await.unwrap().json().await.unwrap()
    }

    async fn ask(&self, question: &str) -> Value {
        let response = self.client.post(format!("{}/ask", self.url)).json(&serde_json::json!({ "question": question })).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }
}

/// The codes of the store's problems in a `/health` body.
fn problems(health: &Value) -> Vec<String> {
    health["kg"]["store"]["problems"].as_array().map(|p| p.iter().map(|p| p["code"].as_str().unwrap().to_owned()).collect()).unwrap_or_default()
}

/// Asserts `health` serves the whole store `generation` holding `triples`, with `ok`.
fn assert_serves(health: &Value, generation: &str, triples: u64, after: &str) {
    assert_eq!(health["status"], "ok", "after {after}: {health}");
    assert_eq!(health["kg"]["triples"], triples, "after {after}: {health}");
    assert_eq!(health["kg"]["store"]["generation"], generation, "after {after}: {health}");
    assert_eq!(health["kg"]["store"]["counted_triples"].as_u64().unwrap_or(triples), triples, "after {after}");
}

/// Serves the store and checks that it serves the whole `generation` with `ok`.
async fn assert_store_serves(store: &Path, generation: &str, triples: u64, after: &str) {
    let server = serve(store).await;
    assert_serves(&server.health().await, generation, triples, after);
}

/// A store `S` in a fresh directory holding a first load of 50 papers (150 triples).
fn first_store() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let a = dump(dir.path(), "a.nt", 50, 0);
    let store = dir.path().join("S");
    let output = load(&store, &[], &[&a]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(text(&output).contains("now serves g-000001, which holds 150 triples"), "{}", text(&output));
    (dir, store)
}

#[cfg(feature = "failpoints")]
#[tokio::test]
async fn a_load_killed_early_mid_way_or_during_its_swap_leaves_the_previous_store_served_whole() {
    let (dir, store) = first_store();
    // 4,000 papers: 12,000 statements, past the first fault point at 10,000.
    let b = dump(dir.path(), "b.nt", 4000, 1000);
    let partial = store.join("g-000002");
    let moments: [(&str, &str, Box<Reached>); 3] = [
        ("early, while parsing", "load-statements=pause", Box::new(|_: &[String]| partial.join("store").join("CURRENT").exists())),
        ("mid-way, between the store and its index", "load-sidecars=pause", Box::new(|seen: &[String]| seen.iter().any(|l| l.contains("store compacted in")))),
        ("during the swap", "load-swap=pause", Box::new(|_: &[String]| store.join("active.tmp").exists())),
    ];
    for (moment, faults, reached) in moments {
        let mut running = spawn_load(&store, faults, &[&b]);
        running.wait_until(moment, reached);
        // Early: the fault point holds it at 10,000 statements; before that is early too.
        std::thread::sleep(Duration::from_millis(200));
        running.kill();
        assert!(partial.exists(), "the killed load left its partial generation ({moment})");
        assert_store_serves(&store, "g-000001", 150, &format!("a load killed {moment}")).await;
    }

    // Killed just after the swap: the new store, whole.
    let mut running = spawn_load(&store, "load-swapped=pause", &[&b]);
    running.wait_until("the swap", |seen| seen.iter().any(|l| l.contains("now serves")));
    running.kill();
    let server = serve(&store).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), health["kg"]["triples"].as_u64()), (Some("ok"), Some(12_000)), "{health}");
    drop(server);

    // A first load into a new directory, killed part-way: nothing to serve, said plainly.
    let fresh = dir.path().join("T");
    let mut running = spawn_load(&fresh, "load-sidecars=pause", &[&b]);
    running.wait_until("the index", |seen| seen.iter().any(|l| l.contains("store compacted in")));
    // Served while the load still holds its lock: loading, not ok.
    let server = serve(&fresh).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_loading".to_owned()]), "{health}");
    running.kill();
    // Past the health cache's 50 ms.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_incomplete".to_owned()]), "{health}");
    assert_eq!(health["kg"]["triples"], 0);
    let answer = server.ask("papers about graph method number 1200").await;
    assert!(answer["sources"].as_array().unwrap().is_empty(), "{answer}");
    assert!(answer["answer"].as_str().unwrap().contains("could not query the knowledge graph"), "{answer}");
    drop(server);
    // The next load removes what the killed ones left, and serves.
    let output = load(&fresh, &[], &[&b]);
    assert!(text(&output).contains("removed g-000001"), "{}", text(&output));
    assert_store_serves(&fresh, "g-000001", 12_000, "a load after a killed first load").await;
}

#[cfg(feature = "failpoints")]
#[tokio::test]
async fn sigint_or_sigterm_during_a_load_stops_it_and_removes_its_partial_copy() {
    let (dir, store) = first_store();
    let b = dump(dir.path(), "b.nt", 4000, 1000);
    for signal in ["INT", "TERM"] {
        // Held for a while at 10,000 statements, so the signal lands mid-load.
        let mut running = spawn_load(&store, "load-statements=sleep(1500)", &[&b]);
        running.wait_until("the parse", |_| store.join("g-000002").join("store").join("CURRENT").exists());
        running.signal(signal);
        let (success, output) = running.finish();
        assert!(!success, "SIG{signal}: {output}");
        assert!(output.contains("stopped by a signal"), "SIG{signal}: {output}");
        assert!(output.contains("it still serves g-000001 (150 triples)"), "SIG{signal}: {output}");
        assert!(output.contains("the partial copy was removed"), "SIG{signal}: {output}");
        assert!(!store.join("g-000002").exists(), "SIG{signal}");
    }
    assert_store_serves(&store, "g-000001", 150, "SIGINT and SIGTERM").await;
}

#[cfg(feature = "failpoints")]
#[tokio::test]
async fn a_second_load_is_refused_while_one_holds_the_store_and_serve_keeps_the_old_one() {
    let (dir, store) = first_store();
    let b = dump(dir.path(), "b.nt", 4000, 1000);
    let mut running = spawn_load(&store, "load-sidecars=pause", &[&b]);
    running.wait_until("the index", |seen| seen.iter().any(|l| l.contains("store compacted in")));
    let second = load(&store, &[], &[&b]);
    assert!(!second.status.success());
    let said = text(&second);
    assert!(said.contains("another `scigraph load` is loading into"), "{said}");
    assert!(said.contains(&format!("pid {}", running.child.id())), "{said}");
    // A server started meanwhile serves the old store whole, and says a load is running.
    let server = serve(&store).await;
    let health = server.health().await;
    assert_serves(&health, "g-000001", 150, "a load still running");
    assert!(health["kg"]["store"]["load_running"].as_str().is_some_and(|h| h.contains("pid")), "{health}");
    running.kill();
}

/// A small tmpfs mounted for the test (unmounted on drop), when the machine allows it.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(at: &Path, size: &str) -> Option<Self> {
        std::fs::create_dir_all(at).unwrap();
        let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"]).arg(at).stderr(Stdio::null()).status();
        mounted.ok().filter(|s| s.success()).map(|_| Self(at.to_owned()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[tokio::test]
async fn a_disk_that_fills_up_during_a_load_gives_a_clear_error_and_keeps_the_old_store() {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small");
    let tmpfs = Tmpfs::mount(&small, "4m");
    let mut faults = None;
    // Straight to stderr, past the harness's capture, so the run's log says which it was.
    let say = |what: &str| drop(writeln!(std::io::stderr(), "disk-full test: {what}"));
    if tmpfs.is_some() {
        say(&format!("a 4 MB tmpfs mounted at {}", small.display()));
    } else if cfg!(feature = "failpoints") {
        say("no tmpfs can be mounted here; a writer that returns ENOSPC (FAILPOINTS=store-write=return) stands in for the full disk");
        faults = Some("store-write=return");
    } else {
        panic!("no tmpfs can be mounted here and the fault points are not compiled in: run with --features rocksdb,failpoints (make test-rocksdb)");
    }
    std::fs::create_dir_all(&small).unwrap();
    let a = dump(dir.path(), "a.nt", 50, 0);
    // 60,000 statements: a store of about 6 MB, more than the file system holds.
    let b = dump(dir.path(), "b.nt", 20_000, 1000);
    let store = small.join("S");
    let first = load(&store, &[], &[&a]);
    assert!(first.status.success(), "{}", text(&first));
    let mut command = load_command(&store, &[], &[&b]);
    if let Some(faults) = faults {
        command.env("FAILPOINTS", faults);
    }
    let output = command.output().unwrap();
    let said = text(&output);
    assert!(!output.status.success(), "{said}");
    assert!(said.contains(&format!("the disk holding {} filled up during the load", store.display())), "{said}");
    assert!(said.contains("it still serves g-000001 (150 triples)"), "{said}");
    assert!(said.contains("the partial copy was removed"), "{said}");
    assert!(said.contains("No space left on device"), "the system's own words are kept: {said}");
    assert!(!store.join("g-000002").exists());
    assert_store_serves(&store, "g-000001", 150, "a full disk").await;
    drop(tmpfs);
}

#[tokio::test]
async fn a_dump_cut_short_is_reported_where_it_stops_and_strict_loads_nothing_from_it() {
    let (dir, store) = first_store();
    let b = dump(dir.path(), "b.nt", 4000, 1000);
    let gz = std::fs::read(gzip(&b)).unwrap();
    // A gzip file cut in half.
    let cut_gz = dir.path().join("cut.nt.gz");
    std::fs::write(&cut_gz, &gz[..gz.len() / 2]).unwrap();
    let strict = load(&store, &["--strict"], &[&cut_gz]);
    let said = text(&strict);
    assert!(!strict.status.success(), "{said}");
    assert!(said.contains(&format!("cut.nt.gz is cut short: its gzip stream ends unexpectedly at byte {} (line ", gz.len() / 2)), "{said}");
    assert!(said.contains("it still serves g-000001 (150 triples)"), "{said}");
    // A text file cut mid-line: where, in bytes and lines.
    let plain = std::fs::read(&b).unwrap();
    let at = plain.len() / 2 + 7;
    let line = plain[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let cut_nt = dir.path().join("cut.nt");
    std::fs::write(&cut_nt, &plain[..at]).unwrap();
    let strict = load(&store, &["--strict"], &[&cut_nt]);
    let said = text(&strict);
    assert!(!strict.status.success(), "{said}");
    assert!(said.contains(&format!("cut.nt is cut short: its last line stops mid-statement at byte {at} (line {line})")), "{said}");
    assert_store_serves(&store, "g-000001", 150, "strict loads of files cut short").await;

    // Without --strict, what came before the cut is loaded, and /health says it is partial.
    let lenient = load(&store, &[], &[&cut_nt]);
    assert!(lenient.status.success(), "{}", text(&lenient));
    assert!(text(&lenient).contains("warning: ") && text(&lenient).contains("is cut short"), "{}", text(&lenient));
    let server = serve(&store).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_truncated_source".to_owned()]), "{health}");
    assert_eq!(health["kg"]["triples"].as_u64(), Some(line as u64 - 1), "every whole line before the cut: {health}");
}

#[tokio::test]
async fn a_dump_through_a_pipe_closed_early_is_reported_and_strict_loads_nothing() {
    let (dir, store) = first_store();
    let b = dump(dir.path(), "b.nt", 4000, 1000);
    let gz = std::fs::read(gzip(&b)).unwrap();
    let pipe = dir.path().join("pipe.nt.gz");
    assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success(), "mkfifo");
    let running = Running::spawn({
        let mut command = load_command(&store, &["--strict"], &[&pipe]);
        command.stdin(Stdio::null());
        command
    });
    // The writer sends half the stream, then closes its end.
    let half = gz.len() / 2;
    let writer = {
        let (pipe, gz) = (pipe.clone(), gz.clone());
        std::thread::spawn(move || std::fs::OpenOptions::new().write(true).open(&pipe).unwrap().write_all(&gz[..half]).unwrap())
    };
    let (success, said) = running.finish();
    writer.join().unwrap();
    assert!(!success, "{said}");
    assert!(said.contains(&format!("pipe.nt.gz is cut short: its gzip stream ends unexpectedly at byte {half}")), "{said}");
    assert!(said.contains("it still serves g-000001 (150 triples)"), "{said}");
    assert_store_serves(&store, "g-000001", 150, "a pipe closed early").await;
}

#[tokio::test]
async fn a_store_replaced_while_served_is_noticed_and_the_old_one_served_whole_until_restart() {
    let (dir, store) = first_store();
    let b = dump(dir.path(), "b.nt", 400, 1000);
    let server = serve(&store).await;
    assert_serves(&server.health().await, "g-000001", 150, "the first load");
    let output = load(&store, &[], &[&b]);
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("g-000001 is still served by a running scigraph"), "{said}");
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_replaced".to_owned()]), "{health}");
    assert_eq!((health["kg"]["triples"].as_u64(), health["kg"]["store"]["generation"].as_str()), (Some(150), Some("g-000001")));
    // The old store is still read whole: its papers, not the new ones.
    let answer = server.ask("papers about graph method number 17").await;
    assert!(!answer["sources"].as_array().unwrap().is_empty(), "{answer}");
    drop(server);
    // Once nothing serves it, the next load removes it.
    let output = load(&store, &[], &[&b]);
    assert!(text(&output).contains("removed g-000001"), "{}", text(&output));
    assert!(!store.join("g-000001").exists());
    assert_store_serves(&store, "g-000003", 1200, "a restart").await;
}

#[tokio::test]
async fn health_is_degraded_with_a_code_for_a_store_without_manifest_with_a_wrong_count_or_empty() {
    let (dir, store) = first_store();
    let manifest_path = store.join("g-000001").join("store.manifest.json");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(&manifest_path).unwrap()).unwrap();
    // What the store holds, file by file.
    let a = std::fs::read(dir.path().join("a.nt")).unwrap();
    let digest = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&a));
    let file = &manifest["files"][0];
    assert_eq!((file["sha256"].as_str(), file["bytes"].as_u64(), file["statements"].as_u64()), (Some(digest.as_str()), Some(a.len() as u64), Some(150)));
    assert!(Path::new(file["path"].as_str().unwrap()).is_absolute(), "{file}");
    assert!(manifest["loader"].is_string() && manifest["finished_at"].as_u64().is_some_and(|t| t > 0), "{manifest}");

    // A count the store does not hold: found by start-up's background count.
    let mut wrong = manifest.clone();
    wrong["triples"] = 999.into();
    std::fs::write(&manifest_path, wrong.to_string()).unwrap();
    let server = serve(&store).await;
    let started = Instant::now();
    let health = loop {
        let health = server.health().await;
        if !problems(&health).is_empty() || started.elapsed() > Duration::from_secs(30) {
            break health;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_count_mismatch".to_owned()]), "{health}");
    drop(server);

    // No manifest: a load that never finished, or another tool's store.
    std::fs::remove_file(&manifest_path).unwrap();
    let server = serve(&store).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_no_manifest".to_owned()]), "{health}");
    assert_eq!(health["kg"]["triples"], 150, "counted instead: {health}");
    drop(server);

    // No triples.
    let empty = dir.path().join("empty.nt");
    std::fs::write(&empty, "").unwrap();
    let output = load(&store, &[], &[&empty]);
    assert!(output.status.success(), "{}", text(&output));
    let server = serve(&store).await;
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), problems(&health)), (Some("degraded"), vec!["store_empty".to_owned()]), "{health}");
}

#[tokio::test]
async fn append_adds_in_place_and_is_refused_while_the_store_is_served() {
    let (dir, store) = first_store();
    let c = dump(dir.path(), "c.nt", 100, 5000);
    let server = serve(&store).await;
    let refused = load(&store, &["--append"], &[&c]);
    assert!(!refused.status.success());
    assert!(text(&refused).contains("is being served by a running scigraph"), "{}", text(&refused));
    drop(server);
    let output = load(&store, &["--append"], &[&c]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(text(&output).contains("now holds 450 triples"), "{}", text(&output));
    let server = serve(&store).await;
    let health = server.health().await;
    assert_serves(&health, "g-000001", 450, "an append");
    assert_eq!(health["kg"]["store"]["files"], 2);
    drop(server);

    // An append into a directory with nothing loaded is refused plainly.
    let refused = load(&dir.path().join("new"), &["--append"], &[&c]);
    assert!(text(&refused).contains("holds no loaded store to add to"), "{}", text(&refused));
}

#[cfg(feature = "failpoints")]
#[tokio::test]
async fn an_append_killed_after_it_changed_the_store_is_reported_degraded_until_loaded_again() {
    let (dir, store) = first_store();
    let c = dump(dir.path(), "c.nt", 100, 5000);
    let mut command = load_command(&store, &["--append"], &[&c]);
    command.env("FAILPOINTS", "load-sidecars=pause");
    let mut running = Running::spawn(command);
    running.wait_until("the index", |seen| seen.iter().any(|l| l.contains("store compacted in")));
    running.kill();
    let server = serve(&store).await;
    let health = server.health().await;
    assert_eq!(health["status"], "degraded", "{health}");
    assert!(problems(&health).contains(&"store_append_interrupted".to_owned()), "{health}");
}
