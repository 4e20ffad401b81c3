//! The service as a process: the real `scigraph` binary serves the bundled demo graph, with
//! wiremock standing in for an OpenAI-compatible LLM that answers slowly, so that an `/ask` is
//! in flight for seconds; then the test sends it real signals. SIGTERM lets the requests in
//! flight finish while new ones are refused, and the process exits cleanly; past
//! `SCIGRAPH_DRAIN_SECS` what is left is cut; a second signal cuts at once.
//!
//! The child's environment is hermetic: cleared, every variable scigraph reads set (blank is
//! the default), and its working directory a fresh temporary one, so no `.env` is read.
//! Everything listens on 127.0.0.1. A [`Service`] kills its child when dropped, so a failing
//! test leaves no process behind.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// A question the demo graph answers, and the LLM's phrasing of the answer (cited, so the
/// pipeline keeps it: `answer_mode` is then `llm`).
const QUESTION: &str = "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?";
const ANSWER: &str = "T5-11B, 96.22 F1 [1].";

/// Longest wait for the child to start serving (a debug build, on a busy machine).
const START: Duration = Duration::from_secs(120);
/// Longest wait for anything else the child or the LLM should do soon.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `scigraph serve` and everything it has logged so far.
struct Service {
    child: Child,
    address: SocketAddr,
    log: Arc<Mutex<Vec<String>>>,
    _dir: tempfile::TempDir,
}

impl Service {
    /// Starts `scigraph serve --bind 127.0.0.1:0` with the LLM at `llm` and `vars` on top,
    /// and waits until it says where it listens.
    fn start(llm: &MockServer, vars: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let base = format!("{}/v1", llm.uri());
        let mut command = Command::new(env!("CARGO_BIN_EXE_scigraph"));
        command
            .args(["serve", "--bind", "127.0.0.1:0"])
            .current_dir(dir.path())
            .env_clear()
            // Blank means "the default" for every variable, so nothing from a stray `.env`
            // above the temporary directory can change the service under test.
            .envs(scigraph::config::VARIABLES.iter().map(|name| (*name, "")))
            .envs([
                ("RUST_LOG", "info,actix_server=warn"),
                ("NO_COLOR", "1"),
                // A debug build takes seconds to warm every stage up; `tests/api` covers it.
                ("SCIGRAPH_WARM_UP", "off"),
                ("SCIGRAPH_LLM_PROVIDER", "openai"),
                ("OPENAI_BASE_URL", base.as_str()),
                ("OPENAI_MODEL", "m"),
                // One LLM call per question: the answer's phrasing.
                ("SCIGRAPH_LLM_STAGES", "answer"),
            ])
            .envs(vars.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("scigraph starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (found, listening) = mpsc::channel();
        let lines = log.clone();
        // Reads the log to its end, so that the child never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            let mut line = Vec::new();
            while reader.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                let text = without_ansi(&String::from_utf8_lossy(&line));
                if text.contains("scigraph listening") {
                    let _ = found.send(address_in(&text));
                }
                lines.lock().expect("log lock").push(text);
                line.clear();
            }
        });
        let mut service = Self {
            child,
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            log,
            _dir: dir,
        };
        match listening.recv_timeout(START) {
            Ok(Some(address)) => service.address = address,
            Ok(None) => panic!("no address in the listening line:\n{}", service.log_text()),
            Err(_) => panic!("scigraph did not start listening:\n{}", service.log_text()),
        }
        service
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    fn signal(&self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid fits pid_t");
        // SAFETY: kill(2) takes plain integers and touches no memory of ours; the pid is our
        // own child, not yet waited for, so it cannot have been reused.
        let sent = unsafe { libc::kill(pid, signal) };
        assert_eq!(
            sent,
            0,
            "kill({pid}, {signal}) failed: {}",
            std::io::Error::last_os_error()
        );
    }

    fn log_text(&self) -> String {
        self.log.lock().expect("log lock").join("")
    }

    /// Waits until a log line contains `text`; returns that line.
    async fn logged(&self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(line) = self
                .log
                .lock()
                .expect("log lock")
                .iter()
                .find(|l| l.contains(text))
            {
                return line.clone();
            }
            assert!(
                Instant::now() < deadline,
                "never logged {text:?}:\n{}",
                self.log_text()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The exit status, if the child exits within `limit`.
    async fn exit_within(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The log line without terminal colours, whatever the child decided about them.
fn without_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters... final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The `address=` field of the "scigraph listening" line.
fn address_in(line: &str) -> Option<SocketAddr> {
    let (_, rest) = line.split_once("address=")?;
    rest.split_whitespace()
        .next()?
        .trim_matches('"')
        .parse()
        .ok()
}

/// An OpenAI-compatible LLM whose every chat completion takes `delay`.
async fn slow_llm(delay: Duration) -> MockServer {
    let server = MockServer::start().await;
    let completion = json!({"choices": [{"message": {"role": "assistant", "content": ANSWER}}]});
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(completion)
                .set_delay(delay),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/models"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": []})))
        .mount(&server)
        .await;
    server
}

/// Waits until the LLM has been asked `n` chat completions: the asks are then in flight.
async fn llm_asked(llm: &MockServer, n: usize) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let received = llm.received_requests().await.unwrap_or_default();
        if received
            .iter()
            .filter(|r| r.url.path().ends_with("/chat/completions"))
            .count()
            >= n
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the LLM was asked {} time(s), expected {n}",
            received.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A client with a pool of its own: its first request opens a fresh connection.
fn client() -> reqwest::Client {
    scigraph::http_client::builder(Duration::from_secs(60))
        .build()
        .expect("client")
}

/// Starts `POST /ask` on a connection of its own.
fn ask(service: &Service) -> tokio::task::JoinHandle<reqwest::Result<reqwest::Response>> {
    let request = client()
        .post(service.url("/ask"))
        .json(&json!({ "question": QUESTION }));
    tokio::spawn(request.send())
}

/// One raw HTTP/1.1 request on `stream`: the status line and headers (lowercased) and the
/// body, or `None` when the server closed the connection without answering.
fn exchange(stream: &mut TcpStream, path: &str) -> Option<(String, String)> {
    let request = format!("GET {path} HTTP/1.1\r\nHost: scigraph\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return None;
    }
    let mut received = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        let text = String::from_utf8_lossy(&received).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let head = head.to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                return Some((head, body.to_owned()));
            }
        }
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return None,
            Ok(n) => received.extend_from_slice(&buffer[..n]),
        }
    }
}

/// A request that arrived after the stop began was not served: its connection was refused
/// or closed, or it got a 503 `shutting_down` that closes the connection.
/// The process exited, with success (a drain, even one that cut, is a clean stop).
fn assert_exited_cleanly(service: &Service, status: Option<ExitStatus>) {
    assert!(
        status.is_some_and(|s| s.success()),
        "exit: {status:?}\n{}",
        service.log_text()
    );
}

/// A request cut by the stop ends with an error for its client, which is not left hanging.
async fn assert_cut(asking: tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>) {
    let answer = tokio::time::timeout(Duration::from_secs(5), asking)
        .await
        .expect("the client is not left hanging")
        .expect("the ask task ran");
    assert!(
        answer.is_err(),
        "a cut request has no answer: {:?}",
        answer.map(|r| r.status())
    );
}

fn assert_refused(head: &str, body: &str) {
    assert!(
        head.starts_with("http/1.1 503"),
        "served after the stop began:\n{head}\n\n{body}"
    );
    assert!(head.contains("connection: close"), "{head}");
    let body: Value = serde_json::from_str(body).expect("the refusal is JSON");
    assert_eq!(body["error"]["code"], "shutting_down", "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_asks_in_flight_finish_refuses_new_requests_and_exits_cleanly() {
    let llm = slow_llm(Duration::from_secs(3)).await;
    let mut service = Service::start(&llm, &[]);
    // A keep-alive connection opened before the stop, idle when it comes.
    let mut idle = TcpStream::connect(service.address).expect("connects");
    idle.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a read timeout");
    let (head, _) = exchange(&mut idle, "/nope").expect("served before the stop");
    assert!(
        head.starts_with("http/1.1 404") && !head.contains("connection: close"),
        "{head}"
    );
    let asks = [ask(&service), ask(&service)];
    llm_asked(&llm, 2).await;

    service.signal(libc::SIGTERM);
    let draining = service.logged("draining").await;

    assert!(
        draining.contains("draining 2 request(s) in flight for up to 10s"),
        "{draining}"
    );
    // A fresh connection: refused once the listener is closed (or, in the moment before,
    // answered with the refusal).
    match client().get(service.url("/health")).send().await {
        Err(_) => {}
        Ok(response) => {
            let head = format!(
                "http/1.1 {}\r\nconnection: {:?}",
                response.status().as_u16(),
                response.headers().get("connection")
            );
            assert_eq!(
                response.status(),
                503,
                "a new connection was served after the stop began"
            );
            assert_eq!(
                response
                    .headers()
                    .get("connection")
                    .and_then(|v| v.to_str().ok()),
                Some("close"),
                "{head}"
            );
            let body: Value = response.json().await.expect("the refusal is JSON");
            assert_eq!(body["error"]["code"], "shutting_down", "{body}");
        }
    }
    // The connection opened before: closed by the server, or a 503 that closes it.
    if let Some((head, body)) = exchange(&mut idle, "/nope") {
        assert_refused(&head, &body);
    }
    for ask in asks {
        let response = ask
            .await
            .expect("the ask task ran")
            .expect("the ask in flight was answered");
        assert_eq!(response.status(), 200);
        assert_eq!(
            response
                .headers()
                .get("connection")
                .and_then(|v| v.to_str().ok()),
            Some("close"),
            "a response finished during the drain closes its connection"
        );
        let body: Value = response.json().await.expect("the answer is JSON");
        assert_eq!(body["answer_mode"], "llm", "{body}");
        assert!(
            body["answer"]
                .as_str()
                .is_some_and(|a| a.contains("T5-11B")),
            "{body}"
        );
    }
    let status = service.exit_within(Duration::from_secs(10 + 20)).await;
    assert_exited_cleanly(&service, status);
    assert!(
        !service.log_text().contains("cutting"),
        "nothing was cut:\n{}",
        service.log_text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_still_running_when_the_drain_timeout_passes_is_cut_and_the_process_exits() {
    let llm = slow_llm(Duration::from_secs(8)).await;
    let mut service = Service::start(&llm, &[("SCIGRAPH_DRAIN_SECS", "1")]);
    let asking = ask(&service);
    llm_asked(&llm, 1).await;

    service.signal(libc::SIGTERM);
    // Well before the LLM's 8 s: the drain timeout, not the answer, ends the process.
    let status = service.exit_within(Duration::from_secs(6)).await;

    assert_exited_cleanly(&service, status);
    let cut = service.logged("cutting").await;
    assert!(
        cut.contains("drain timeout of 1s") && cut.contains("cutting 1 request(s)"),
        "{cut}"
    );
    assert_cut(asking).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_signal_during_the_drain_stops_at_once() {
    let llm = slow_llm(Duration::from_secs(8)).await;
    let mut service = Service::start(&llm, &[("SCIGRAPH_DRAIN_SECS", "60")]);
    let asking = ask(&service);
    llm_asked(&llm, 1).await;

    // SIGINT (Ctrl-C) drains like SIGTERM: actix alone would have cut at once.
    service.signal(libc::SIGINT);
    let draining = service.logged("draining").await;
    assert!(
        draining.contains("draining 1 request(s) in flight for up to 60s")
            && draining.contains("SIGINT"),
        "{draining}"
    );
    service.signal(libc::SIGTERM);
    // Well before the LLM's 8 s and the 60 s drain.
    let status = service.exit_within(Duration::from_secs(5)).await;

    assert_exited_cleanly(&service, status);
    let again = service.logged("asked again").await;
    assert!(
        again.contains("cutting 1 request(s)") && again.contains("SIGTERM"),
        "{again}"
    );
    assert_cut(asking).await;
}
