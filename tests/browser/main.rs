//! Browser tests of the page at `GET /` (`make test-browser`): Debian's chromium, driven
//! headless over WebDriver (chromedriver, started here on 127.0.0.1) by fantoccini. The
//! service runs on the demo graph plus `tests/fixtures/hostile_labels.ttl`, whose labels are
//! markup. Each test checks what a person would see: the answer, the numbered sources, the
//! verdict badge, the drawn graph's node count (against the `/ask` answer itself), the
//! LLM-alone column, and that hostile labels render as text and run nothing. A failing test
//! saves a screenshot (its path is printed). With no chromedriver the tests skip, unless
//! `SCIGRAPH_REQUIRE_SERVICES` is set (CI), where that is a failure.

#[path = "../api/helpers.rs"]
mod helpers;
#[path = "../support/require.rs"]
mod require;

use std::panic::AssertUnwindSafe;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use futures::FutureExt;
use serde_json::{json, Value};

use helpers::{settings, spawn_with, TestApp};

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/orkg-demo.ttl");
const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile_labels.ttl");
const TARGET: &str = "test-browser";

/// chromedriver on a free port, killed on drop.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// Starts chromedriver, or reports it absent (a skip, or a failure in CI).
async fn driver(test: &str) -> Option<Driver> {
    let binary = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    let port = free_port();
    let child = match Command::new(&binary).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn() {
        Ok(child) => child,
        Err(e) => {
            require::absent(test, &format!("cannot start {binary} ({e}); install Debian's chromium and chromium-driver"), TARGET);
            return None;
        }
    };
    let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Some(driver);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{binary} did not listen on port {port}");
}

/// A headless chromium session. As root, chromium needs `--no-sandbox`; background
/// networking is off so that nothing but the service is contacted.
async fn browser(driver: &Driver) -> Client {
    let mut args = vec!["--headless=new", "--disable-gpu", "--disable-background-networking", "--disable-extensions", "--window-size=1280,1800", "--no-sandbox"];
    if let Ok(extra) = std::env::var("CHROMIUM_ARGS") {
        args.extend(extra.leak().split_whitespace());
    }
    let mut options = json!({ "args": args });
    if let Ok(binary) = std::env::var("CHROMIUM") {
        options["binary"] = json!(binary);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .expect("a WebDriver session")
}

async fn app(extra: &[(&str, &str)]) -> TestApp {
    let dumps = format!("{DEMO},{HOSTILE}");
    let mut vars = vec![("SCIGRAPH_DUMPS", dumps.as_str())];
    vars.extend_from_slice(extra);
    spawn_with(settings(&vars)).await
}

/// Runs `body` with a browser; on failure saves a screenshot before passing the panic on.
async fn with_browser<F, Fut>(test: &str, body: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let Some(driver) = driver(test).await else { return };
    let client = browser(&driver).await;
    let outcome = AssertUnwindSafe(body(client.clone())).catch_unwind().await;
    if outcome.is_err() {
        if let Ok(png) = client.screenshot().await {
            let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{test}.png"));
            if std::fs::write(&path, png).is_ok() {
                eprintln!("screenshot of the failing page: {}", path.display());
            }
        }
    }
    let _ = client.close().await;
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// Waits until the page has answered (or failed), and returns its state.
async fn answered(client: &Client) -> String {
    for _ in 0..300 {
        let state = client.find(Locator::Css("main")).await.expect("main").attr("data-state").await.expect("data-state").unwrap_or_default();
        if state == "done" || state == "error" {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the page did not answer within 15 s");
}

async fn text(client: &Client, css: &str) -> String {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.expect("text")
}

async fn count(client: &Client, css: &str) -> usize {
    client.find_all(Locator::Css(css)).await.expect("find_all").len()
}

async fn node_count(client: &Client) -> usize {
    let graph = client.find(Locator::Css("#graph")).await.expect("#graph");
    graph.attr("data-node-count").await.expect("attr").expect("data-node-count is set").parse().expect("a number")
}

/// Types `question` into the box and presses the button, as a person would.
async fn ask(client: &Client, question: &str) {
    let input = client.find(Locator::Css("#question")).await.expect("#question");
    input.clear().await.expect("clear");
    input.send_keys(question).await.expect("type");
    client.find(Locator::Css("#ask")).await.expect("#ask").click().await.expect("click");
    assert_eq!(answered(client).await, "done", "{question}");
}

#[tokio::test]
async fn a_question_of_each_type_asked_through_the_page_shows_its_answer_sources_and_graph() {
    let app = app(&[]).await;
    let address = app.address.clone();
    let expected = [
        ("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?", "T5-11B"),
        ("Is BERT better than ELMo on SQuAD1.1?", "SUPPORTED"),
        ("What datasets are used for question answering?", "SQuAD1.1"),
        ("Which papers use ResNet?", "Deep Residual Learning"),
        ("What is the DOI of Deep Residual Learning for Image Recognition?", "10.1109/CVPR.2016.90"),
        ("Papers about knowledge graph embeddings", "Knowledge Graph Embedding"),
    ];
    let answers: Vec<Value> = {
        let mut out = Vec::new();
        for (question, _) in expected {
            out.push(app.ask(question).await);
        }
        out
    };
    with_browser("each_type", |client| async move {
        client.goto(&format!("{address}/")).await.expect("the page opens");
        assert_eq!(client.find(Locator::Css("main")).await.unwrap().attr("data-state").await.unwrap().as_deref(), Some("idle"));
        for ((question, shown), body) in expected.iter().zip(&answers) {
            ask(&client, question).await;
            let answer = text(&client, "#answer").await;
            assert!(answer.contains(shown), "{question}: {answer}");
            let sources = body["sources"].as_array().unwrap().len();
            assert_eq!(count(&client, "#sources > li").await, sources, "{question}: the numbered sources");
            assert!(sources > 0);
            let nodes = body["evidence_graph"]["nodes"].as_array().unwrap().len();
            assert_eq!(node_count(&client).await, nodes, "{question}: the graph drawn has the answer's nodes");
            assert!(nodes > 0);
            if body["verdict"].is_string() {
                assert_eq!(text(&client, "#verdict").await.trim(), body["verdict"].as_str().unwrap());
            }
            // The question is in the address, to be shared.
            let url = client.current_url().await.unwrap();
            assert_eq!(url.query_pairs().find(|(k, _)| k == "q").map(|(_, v)| v.into_owned()).as_deref(), Some(*question));
        }
        // The first source's number in the answer links to it.
        let link = client.find(Locator::Css("#answer a[href^='#source-']")).await.expect("a citation link");
        assert_eq!(link.attr("href").await.unwrap().as_deref(), Some("#source-1"));
    })
    .await;
}

#[tokio::test]
async fn examples_are_one_click_away_and_a_shared_link_asks_its_question() {
    let app = app(&[]).await;
    let address = app.address.clone();
    with_browser("examples_and_links", |client| async move {
        client.goto(&format!("{address}/")).await.unwrap();
        let examples = client.find_all(Locator::Css(".example")).await.unwrap();
        assert!(examples.len() >= 6, "one example per question type");
        examples[1].click().await.unwrap();
        assert_eq!(answered(&client).await, "done");
        assert!(!text(&client, "#answer").await.is_empty());

        let q = "Is BERT better than ELMo on SQuAD1.1?";
        client.goto(&format!("{address}/?q={}", url_escape(q))).await.unwrap();
        assert_eq!(answered(&client).await, "done");
        assert_eq!(text(&client, "#verdict").await.trim(), "SUPPORTED");
        assert!(text(&client, "#strategies").await.contains("leaderboard"), "each strategy is listed");
        // Clicking a node of the graph list shows its IRI.
        let nodes = client.find_all(Locator::Css("#node-list button")).await.unwrap();
        assert_eq!(nodes.len(), node_count(&client).await, "every drawn node can be reached from the keyboard");
        nodes[0].click().await.unwrap();
        assert!(text(&client, "#node-info").await.contains("orkg.org/orkg/resource/"), "the node's IRI is shown");
        // No LLM: the LLM-alone column is not shown.
        let baseline = client.find(Locator::Css("#baseline")).await.unwrap();
        assert!(!baseline.is_displayed().await.unwrap());
    })
    .await;
}

fn url_escape(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn labels_that_are_markup_render_as_text_and_run_nothing() {
    let app = app(&[]).await;
    let address = app.address.clone();
    with_browser("hostile_labels", |client| async move {
        client.goto(&format!("{address}/?q={}", url_escape("Which model has the best Accuracy on HostileBench?"))).await.unwrap();
        assert_eq!(answered(&client).await, "done");
        let answer = text(&client, "#answer").await;
        assert!(answer.contains(r#"<img src=x onerror="window.__pwned='img'">Net"#), "the label is shown as written: {answer}");
        assert!(text(&client, "#sources").await.contains("<script>window.__pwned='script'</script>"));
        let pwned = client.execute("return window.__pwned === undefined ? null : String(window.__pwned);", vec![]).await.unwrap();
        assert_eq!(pwned, Value::Null, "no label ran");
        let injected = client
            .execute("return document.querySelectorAll('main img, main script, main [onerror], a[href^=\"javascript:\"]').length;", vec![])
            .await
            .unwrap();
        assert_eq!(injected, json!(0), "no element was made from a label, no javascript: link");
        assert!(node_count(&client).await > 0);
    })
    .await;
}

#[tokio::test]
async fn with_an_llm_the_page_shows_its_answer_alone_beside_the_graph_grounded_one() {
    let server = helpers::ollama_answering("From memory: probably BERT.").await;
    let uri = server.uri();
    let app = app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &uri)]).await;
    let address = app.address.clone();
    with_browser("llm_alone", |client| async move {
        client.goto(&format!("{address}/")).await.unwrap();
        // The page reads /health before it knows whether to ask the LLM alone.
        tokio::time::sleep(Duration::from_millis(500)).await;
        ask(&client, "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?").await;
        for _ in 0..100 {
            if text(&client, "#baseline").await.contains("From memory: probably BERT.") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let baseline = client.find(Locator::Css("#baseline")).await.unwrap();
        assert!(baseline.is_displayed().await.unwrap());
        assert!(baseline.text().await.unwrap().contains("From memory: probably BERT."));
        assert!(text(&client, "#answer").await.contains("T5-11B"), "the graph-grounded answer stands beside it");
    })
    .await;
}
