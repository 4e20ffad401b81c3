//! Tests over the real ORKG-derived data in `../shared/data/orkg` (or `SCIGRAPH_SHARED_DATA`):
//! the mirror graph and the real dump slice. Without the data (a plain `cargo test` in a
//! fresh clone) each test skips with a message saying where it looked; `make test-shared`
//! sets `SCIGRAPH_REQUIRE_SERVICES=1`, which turns that skip into a failure.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use scigraph::kg::embedded::EmbeddedGraph;
use scigraph::kg::load::{load_files, LoadOptions, Quiet};
use scigraph::kg::{KnowledgeGraph, ReadQuery};

#[path = "../support/require.rs"]
mod require;

/// Triples in the mirror, per its README and build-stats.json.
const MIRROR_TRIPLES: u64 = 99_400;

/// The shared data directory, or `None` once `test` is reported skipped for want of it.
fn shared(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SCIGRAPH_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/orkg")));
    if dir.is_dir() {
        return Some(dir);
    }
    require::absent(test, &format!("ORKG shared data not found at {} (set SCIGRAPH_SHARED_DATA)", dir.display()), "test-shared");
    None
}

fn mirror(test: &str) -> Option<PathBuf> {
    Some(shared(test)?.join("mirror/orkg-mirror.nt.gz"))
}

fn dump_slice(test: &str) -> Option<PathBuf> {
    Some(shared(test)?.join("dump-sample/orkg-dump-slice_R790604-R790635.nt"))
}

#[test]
fn the_mirror_loads_into_memory_with_every_triple_and_nothing_skipped() {
    let Some(mirror) = mirror("the_mirror_loads_into_memory_with_every_triple_and_nothing_skipped") else { return };
    let store = oxigraph::store::Store::new().unwrap();
    let report = load_files(&store, &[mirror], LoadOptions { strict: true, ..Default::default() }, &Quiet).unwrap();
    assert_eq!(report.skipped, 0);
    assert_eq!(report.triples_in_store, MIRROR_TRIPLES);
}

#[test]
fn the_real_dump_slice_loads_cleanly() {
    let Some(slice) = dump_slice("the_real_dump_slice_loads_cleanly") else { return };
    let store = oxigraph::store::Store::new().unwrap();
    let report = load_files(&store, &[slice], LoadOptions { strict: true, ..Default::default() }, &Quiet).unwrap();
    assert_eq!(report.skipped, 0);
    assert_eq!(report.statements, 165);
    assert_eq!(report.triples_in_store, 165);
}

#[tokio::test]
async fn a_comparison_in_the_dump_slice_has_a_month_and_a_year_under_p29() {
    let Some(slice) = dump_slice("a_comparison_in_the_dump_slice_has_a_month_and_a_year_under_p29") else { return };
    // Real dumps hold both under the year predicate; later stages must cope with it.
    let graph = EmbeddedGraph::from_dumps(&[slice], Duration::from_secs(10), &Quiet).unwrap();
    let query = ReadQuery::parse(
        "SELECT ?s (COUNT(?y) AS ?n) WHERE { ?s <http://orkg.org/orkg/predicate/P29> ?y } \
         GROUP BY ?s HAVING (COUNT(?y) > 1)",
    )
    .unwrap();
    let rows = graph.query(&query).await.unwrap().into_solutions();
    assert!(!rows.rows.is_empty(), "expected a resource with two P29 values");
}

/// A running `scigraph serve`, killed on drop.
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

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts the real binary and waits (up to a minute) until /health answers.
async fn serve(args: &[&str]) -> Server {
    serve_with(args, &[]).await
}

/// [`serve`] with environment variables set.
async fn serve_with(args: &[&str], env: &[(&str, &str)]) -> Server {
    let port = free_port();
    let bind = format!("127.0.0.1:{port}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_scigraph"))
        .arg("serve")
        .args(["--bind", &bind])
        .args(args)
        .env_remove("SCIGRAPH_BACKEND")
        .env("SCIGRAPH_LLM_PROVIDER", "none")
        .env("SCIGRAPH_WARM_UP", "off")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain stderr so the child never blocks on a full pipe.
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || for _ in BufReader::new(stderr).lines() {});
    let server = Server { child, url: format!("http://{bind}") };
    let client = scigraph::http_client::builder(Duration::from_secs(5)).build().unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(r) = client.get(format!("{}/health", server.url)).send().await {
            if r.status() == 200 {
                return server;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("scigraph serve {args:?} did not become healthy within 60s");
}

async fn health(server: &Server) -> serde_json::Value {
    let client = scigraph::http_client::builder(Duration::from_secs(5)).build().unwrap();
    client.get(format!("{}/health", server.url)).send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn serve_with_a_dump_serves_the_mirror_from_memory() {
    let Some(mirror) = mirror("serve_with_a_dump_serves_the_mirror_from_memory") else { return };
    let server = serve(&["--dump", mirror.to_str().unwrap()]).await;
    let body = health(&server).await;
    assert_eq!(body["status"], "ok");
    assert_eq!(body["kg"]["backend"], "embedded");
    assert_eq!(body["kg"]["triples"], MIRROR_TRIPLES);
}

#[cfg(feature = "rocksdb")]
#[tokio::test]
async fn load_then_serve_an_on_disk_store_reports_the_same_triple_count() {
    let Some(mirror) = mirror("load_then_serve_an_on_disk_store_reports_the_same_triple_count") else { return };
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let output = Command::new(env!("CARGO_BIN_EXE_scigraph"))
        .args(["load", "--store", store.to_str().unwrap(), mirror.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "load failed: {}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(&format!("now serves g-000001, which holds {MIRROR_TRIPLES} triples")), "{stdout}");
    // The store served and every file beside it live in the generation the load swapped in.
    let served = store.clone();
    let store = scigraph::kg::store::db(&served, "g-000001");
    assert!(stdout.contains("skipped 0 malformed"), "{stdout}");
    // The bulk loader's overlapping files are compacted into one run per index.
    assert!(stdout.contains("store compacted in"), "{stdout}");
    // The text index is written beside the store, for `serve --store` to open.
    assert!(stdout.contains("text index of"), "{stdout}");
    assert!(scigraph::index::beside(&store).join("meta.json").exists(), "no index beside the store");
    // So are the summaries of its large leaderboards (none on the mirror: an empty file).
    assert!(stdout.contains("large leaderboards written"), "{stdout}");
    assert!(scigraph::boards::Boards::open(&scigraph::boards::beside(&store)).is_ok(), "no board summaries beside the store");
    // And its manifest, whose count `serve --store` reports without counting the store.
    let manifest = scigraph::kg::manifest::Manifest::open(&scigraph::kg::manifest::beside(&store)).unwrap().expect("a manifest beside the store");
    assert_eq!((manifest.triples, manifest.files.len()), (MIRROR_TRIPLES, 1));

    // And the rows of the keyed templates and of the head entities' listings.
    assert!(stdout.contains("precomputed in"), "{stdout}");
    assert!(scigraph::precomputed::beside(&store).exists(), "no precomputed rows beside the store");

    let server = serve(&["--store", served.to_str().unwrap()]).await;
    let body = health(&server).await;
    assert_eq!(body["kg"]["triples"], MIRROR_TRIPLES);
    assert_eq!(body["status"], "ok");

    // The precomputed rows answer as the store would: the same answers, items and sources
    // as the same store served with every query run against it, for questions of every kind.
    let queried = serve_with(&["--store", served.to_str().unwrap()], &[("SCIGRAPH_PRECOMPUTED_ROWS", "off")]).await;
    let questions = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/gold/answers-dev7.jsonl")).unwrap();
    // Paper metadata answered without the store: from the rows, or (off) from the query
    // cache when a question asks the same twice.
    let (mut precomputed, mut repeated) = (0, 0);
    let years_cached = |r: &serde_json::Value| r["strategies_used"].as_array().unwrap().iter().filter(|s| s["name"] == "paper_years" && s["status"] == "cached").count();
    for line in questions.lines().take(60) {
        let question = serde_json::from_str::<serde_json::Value>(line).unwrap()["question"].as_str().unwrap().to_owned();
        let (from_rows, from_store) = (ask(&server, &question).await, ask(&queried, &question).await);
        let sources = |r: &serde_json::Value| r["sources"].as_array().unwrap().iter().map(|s| s["iri"].clone()).collect::<Vec<_>>();
        assert_eq!(from_rows["answer"], from_store["answer"], "{question}");
        assert_eq!(from_rows["answer_items"], from_store["answer_items"], "{question}");
        assert_eq!(sources(&from_rows), sources(&from_store), "{question}");
        precomputed += years_cached(&from_rows);
        repeated += years_cached(&from_store);
    }
    assert!(precomputed > repeated, "no paper metadata was answered from the precomputed rows ({precomputed} vs {repeated})");
}

#[cfg(feature = "rocksdb")]
async fn ask(server: &Server, question: &str) -> serde_json::Value {
    let client = scigraph::http_client::builder(Duration::from_secs(30)).build().unwrap();
    let response = client.post(format!("{}/ask", server.url)).json(&serde_json::json!({ "question": question })).send().await.unwrap();
    assert_eq!(response.status(), 200, "{question}");
    response.json().await.unwrap()
}

#[cfg(feature = "rocksdb")]
#[test]
fn load_reports_malformed_lines_and_skips_them_unless_strict() {
    let Some(slice) = dump_slice("load_reports_malformed_lines_and_skips_them_unless_strict") else { return };
    let dir = tempfile::tempdir().unwrap();
    let dirty = dir.path().join("dirty.nt");
    let mut text = std::fs::read_to_string(slice).unwrap();
    text.push_str("<http://orkg.org/orkg/resource/R1> <http://x/p> \"unterminated .\n");
    std::fs::write(&dirty, text).unwrap();
    let store = dir.path().join("store");
    let run = |strict: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_scigraph"));
        cmd.args(["load", "--store", store.to_str().unwrap()]);
        if strict {
            cmd.arg("--strict");
        }
        cmd.arg(&dirty).output().unwrap()
    };

    let lenient = run(false);
    let stdout = String::from_utf8_lossy(&lenient.stdout);
    let stderr = String::from_utf8_lossy(&lenient.stderr);
    assert!(lenient.status.success(), "{stderr}");
    assert!(stdout.contains("skipped 1 malformed"), "{stdout}");
    assert!(stdout.contains("holds 165 triples"), "{stdout}");
    assert!(stderr.contains("dirty.nt:166"), "the bad line is named: {stderr}");

    let strict = run(true);
    assert!(!strict.status.success());
    assert!(String::from_utf8_lossy(&strict.stderr).contains("dirty.nt:166"));
}

#[cfg(not(feature = "rocksdb"))]
#[test]
fn load_without_the_rocksdb_feature_says_how_to_get_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_scigraph"))
        .args(["load", "--store", "/tmp/never-created", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/conflicts.ttl")])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--features rocksdb"), "{stderr}");
    assert!(!std::path::Path::new("/tmp/never-created").exists());
}

mod sciqa_style {
    //! SciQA-style leaderboard questions over the mirror: the recorded gold values must be
    //! among `answer_items` (labels, values or IRIs), with no LLM.

    use std::sync::Arc;
    use std::time::Duration;

    use scigraph::config::Settings;
    use scigraph::kg::embedded::EmbeddedGraph;
    use scigraph::kg::load::Quiet;
    use scigraph::pipeline::front::classify::QueryType;
    use scigraph::pipeline::trust::verdict::Label;
    use scigraph::pipeline::{Pipeline, Question};
    use tokio::sync::OnceCell;

    static PIPELINE: OnceCell<Pipeline> = OnceCell::const_new();

    /// The pipeline over the mirror, built once; `None` once `test` is reported skipped.
    async fn pipeline(test: &str) -> Option<&'static Pipeline> {
        let mirror = super::mirror(test)?;
        let pipeline = PIPELINE
            .get_or_init(|| async {
                let graph = tokio::task::spawn_blocking(move || {
                    EmbeddedGraph::from_dumps(&[mirror], Duration::from_secs(30), &Quiet).unwrap()
                })
                .await
                .unwrap();
                let settings = Settings::from_lookup(|_| None).unwrap();
                let pipeline = Pipeline::build(&settings, Arc::new(graph), None).await.unwrap();
                pipeline.labels().expect("labels from the mirror");
                pipeline
            })
            .await;
        Some(pipeline)
    }

    async fn check(pipeline: &Pipeline, question: &str, gold: &[&str]) {
        let response = pipeline.ask(&Question::parse(question, 1000).unwrap()).await;
        let found: Vec<String> = response
            .answer_items
            .iter()
            .flat_map(|i| [Some(i.label.clone()), i.iri.clone(), i.value.clone()])
            .flatten()
            .collect();
        for value in gold {
            assert!(found.iter().any(|f| f == value), "{question}: {value:?} not among {found:?}");
        }
    }

    /// Every tenth question of the answer gold sets, written with letters beyond ASCII
    /// three ways: accents on the vowels ("naïve", "évaluated"), combining accents, and
    /// typographic apostrophes, no-break spaces and hyphens.
    fn written_beyond_ascii() -> Vec<String> {
        let gold = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("eval/gold");
        let mut questions = Vec::new();
        for file in ["answers.jsonl", "answers-dev2.jsonl", "answers-dev3.jsonl", "answers-dev4.jsonl", "answers-dev5.jsonl", "answers-dev6.jsonl", "answers-dev7.jsonl"] {
            let text = std::fs::read_to_string(gold.join(file)).unwrap();
            for line in text.lines().step_by(10) {
                let q = serde_json::from_str::<serde_json::Value>(line).unwrap()["question"].as_str().unwrap().to_owned();
                questions.push(q.replace('i', "ï").replace('e', "é"));
                questions.push(q.chars().flat_map(|c| [Some(c), matches!(c, 'a' | 'o').then_some('\u{301}')]).flatten().collect());
                questions.push(q.replace('\'', "’").replacen(' ', "\u{a0}", 2).replace('-', "\u{2011}"));
            }
        }
        questions
    }

    #[tokio::test]
    async fn questions_written_with_letters_beyond_ascii_are_answered_without_a_panic() {
        let Some(pipeline) = pipeline("questions_written_with_letters_beyond_ascii_are_answered_without_a_panic").await else { return };
        let questions = written_beyond_ascii();
        assert!(questions.len() > 250, "{} questions", questions.len());
        for q in questions {
            let response = pipeline.ask(&Question::parse(&q, 1000).unwrap()).await;
            assert!(!response.answer.is_empty(), "{q}: no answer");
        }
    }

    #[tokio::test]
    async fn t01_models_evaluated_on_a_dataset() {
        let Some(pipeline) = pipeline("t01_models_evaluated_on_a_dataset").await else { return };
        check(pipeline, "What models are being evaluated on the UrbanSound8k dataset?", &["SB-CNN aug", "SB-CNN noaug"]).await;
        check(pipeline, "What models are being evaluated on the TDMSci dataset?", &["SciIE", "Flair-TDM"]).await;
    }

    #[tokio::test]
    async fn t02_papers_that_benchmark_on_a_dataset() {
        let Some(pipeline) = pipeline("t02_papers_that_benchmark_on_a_dataset").await else { return };
        check(
            pipeline,
            "What are the titles and IDs of research papers that include a benchmark for the arXiv dataset?",
            &["PEGASUS: Pre-training with Extracted Gap-sentences for Abstractive Summarization", "http://orkg.org/orkg/resource/R131759"],
        )
        .await;
    }

    #[tokio::test]
    async fn t03_metrics_of_a_dataset() {
        let Some(pipeline) = pipeline("t03_metrics_of_a_dataset").await else { return };
        check(pipeline, "What evaluation metrics are commonly used when benchmarking models on the FSNS - Test dataset?", &["Sequence error"]).await;
    }

    #[tokio::test]
    async fn t04_top_score_and_metric() {
        let Some(pipeline) = pipeline("t04_top_score_and_metric").await else { return };
        check(
            pipeline,
            "What is the highest benchmark result achieved on the Ball in cup, catch (DMControl500k) dataset, including the metric and its value?",
            &["Score", "959"],
        )
        .await;
    }

    #[tokio::test]
    async fn t05_best_model_by_metric() {
        let Some(pipeline) = pipeline("t05_best_model_by_metric").await else { return };
        check(pipeline, "Which model has achieved the highest Accuracy score on the Story Cloze Test benchmark dataset?", &["GPT-3 175B (Few-Shot)"]).await;
        check(
            pipeline,
            "Indicate the model that performed best in terms of Accuracy metric on the Kuzushiji-MNIST benchmark dataset?",
            &["VGG8B(2x) + LocalLearning + CO"],
        )
        .await;
    }

    #[tokio::test]
    async fn t06_datasets_of_a_problem() {
        let Some(pipeline) = pipeline("t06_datasets_of_a_problem").await else { return };
        check(pipeline, "What are the most commonly used benchmark datasets for the Joint Entity and Relation Extraction research field?", &["SciERC"]).await;
    }

    #[tokio::test]
    async fn t07_code_links_of_a_model() {
        let Some(pipeline) = pipeline("t07_code_links_of_a_model").await else { return };
        check(
            pipeline,
            "Provide a list of papers that have utilized the Flair-TDM model and include the links to their code?",
            &["https://github.com/davidjurgens/citation-function"],
        )
        .await;
        check(
            pipeline,
            "Provide a list of papers that have utilized the SAN (single) model and include the links to their code?",
            &["https://github.com/Xaniar87/SAN_SQuAD2", "https://github.com/kevinduh/san_mrc"],
        )
        .await;
    }

    #[tokio::test]
    async fn t08_problems_of_a_field() {
        let Some(pipeline) = pipeline("t08_problems_of_a_field").await else { return };
        check(pipeline, "Can you list benchmarked problems in the area of Artificial Intelligence?", &["Relation Extraction"]).await;
    }

    #[tokio::test]
    async fn a_newer_papers_authors_are_read_from_its_author_list_names_and_resources_alike() {
        let Some(pipeline) = pipeline("a_newer_papers_authors_are_read_from_its_author_list").await else { return };
        let response = pipeline.ask(&Question::parse("who wrote functional and mental training effects in archery", 1000).unwrap()).await;
        let authors = &response.sources.first().expect("the paper is found").authors;
        // rdf:_2 is a plain string; rdf:_1 and rdf:_3 are Author resources with labels.
        for name in ["Riccardo Monzoni", "Alessandro Capriotti", "Ario Federici"] {
            assert!(authors.iter().any(|a| a == name), "{name} not among {authors:?}");
            assert!(response.answer.contains(name), "{name} not in {}", response.answer);
        }
    }

    fn labels(response: &scigraph::pipeline::AskResponse) -> Vec<&str> {
        response.answer_items.iter().map(|i| i.label.as_str()).collect()
    }

    #[tokio::test]
    async fn code_asked_for_a_paper_by_its_title_is_that_papers_own_code() {
        let Some(pipeline) = pipeline("code_asked_for_a_paper_by_its_title_is_that_papers_own_code").await else { return };
        let q = "is there code for End-to-End Relation Extraction using LSTMs on Sequences and Tree Structures?";
        let response = pipeline.ask(&Question::parse(q, 1000).unwrap()).await;
        let links = labels(&response);
        assert!(links.contains(&"https://github.com/tticoin/LSTM-ER"), "{links:?}");
        // Not the code of every LSTM in the graph, which the title's word "LSTMs" names.
        assert!(!links.iter().any(|l| l.contains("TCN")), "{links:?}");
    }

    #[tokio::test]
    async fn a_boards_models_and_a_topics_papers_are_kept_by_whether_they_record_code() {
        let Some(pipeline) = pipeline("a_boards_models_and_a_topics_papers_are_kept_by_whether_they_record_code").await else { return };
        let response = pipeline.ask(&Question::parse("which models on flowers-102 have no code", 1000).unwrap()).await;
        let mut models = labels(&response);
        models.sort_unstable();
        assert_eq!(models, ["BiLSTM-TDN", "DAT"], "{}", response.answer);
        let response = pipeline.ask(&Question::parse("robotic grasping papers that never released code?", 1000).unwrap()).await;
        let mut papers = labels(&response);
        papers.sort_unstable();
        assert_eq!(papers, ["Deep Learning for Detecting Robotic Grasps", "Robotic Grasp Detection using Deep Convolutional Neural Networks"], "{}", response.answer);
        // Every paper found has a link: said, not "found nothing". (The graph holds no object
        // detection problem; "object detection papers without code" once read Habitat 2020
        // Object Nav's papers for it.)
        let response = pipeline.ask(&Question::parse("document summarization papers without code", 1000).unwrap()).await;
        assert!(response.answer.starts_with("Every one of the") && response.answer_items.is_empty(), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_topics_papers_on_a_board_are_those_on_both_and_a_board_set_aside_takes_its_papers_out() {
        let Some(pipeline) = pipeline("a_topics_papers_on_a_board_are_those_on_both_and_a_board_set_aside_takes_its_papers_out").await else { return };
        let response = pipeline.ask(&Question::parse("relation extraction papers that use chemprot?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.len(), 3, "{}", response.answer);
        let response = pipeline.ask(&Question::parse("text classification papers that don't use bbcsport", 1000).unwrap()).await;
        let mut papers = labels(&response);
        papers.sort_unstable();
        assert_eq!(papers, ["DocBERT: BERT for Document Classification", "XLNet: Generalized Autoregressive Pretraining for Language Understanding"], "{}", response.answer);
        assert!(response.answer.starts_with("The papers using BBCSport are left out."), "{}", response.answer);
    }

    #[tokio::test]
    async fn names_in_the_scene_before_a_question_are_not_what_it_asks_about() {
        let Some(pipeline) = pipeline("names_in_the_scene_before_a_question_are_not_what_it_asks_about").await else { return };
        let response = pipeline.ask(&Question::parse("we compared against bert in our paper. is there code for roberta?", 1000).unwrap()).await;
        // "bert" is in "roberta", but not said there.
        assert!(!response.answer.contains("BERT-joint"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("i used SciBERT before, now trying OAG-BERT for academic entity stuff. what year is the OAG-BERT paper and its doi?", 1000).unwrap()).await;
        assert!(response.answer.contains("\"OAG-BERT:") && !response.answer.contains("SciBERT:"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("for a climate-policy seminar i need a few papers on sea level rise. what's in the graph on that? ideally projections, but anything helps", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"Future sea level rise constrained by observations and long-term commitment"), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_claim_someone_made_is_judged_and_a_board_the_graph_lacks_is_said_absent() {
        let Some(pipeline) = pipeline("a_claim_someone_made_is_judged_and_a_board_the_graph_lacks_is_said_absent").await else { return };
        let response = pipeline.ask(&Question::parse("my reviewer claims NAT-M4 has the best accuracy on DTD. we didn't compare against it - is that right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("in my thesis i wrote that GPT-3 was never evaluated on BoolQ - can you check? i might have mixed it up with SuperGLUE", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // The board records "Score", not the metric "Best Score" other boards have.
        let response = pipeline.ask(&Question::parse("Recurrent Rational DQN Average holds the best score on Atari 2600 Enduro, right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("GPT-3 175B (Few-Shot) is in our related work table. what's the top accuracy on HellaSwag that the graph records, and is it GPT-3?", 1000).unwrap()).await;
        assert!(response.answer.starts_with("The knowledge graph records no dataset called HellaSwag") && response.answer_items.is_empty(), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_subject_described_by_another_is_found_first_and_what_the_question_asks_past_is_left_out() {
        let Some(pipeline) = pipeline("a_subject_described_by_another_is_found_first_and_what_the_question_asks_past_is_left_out").await else { return };
        // The paper's problem (Scientific Results Extraction), then its papers but the paper itself.
        let response = pipeline.ask(&Question::parse("which other papers are there on the task the TDMS-IE paper addresses?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["AxCell: Automatic Extraction of Results from Machine Learning Papers"], "{}", response.answer);
        // The board's best, then its paper looked up.
        let response = pipeline.ask(&Question::parse("who wrote the paper behind the best F1 on DuIE?", 1000).unwrap()).await;
        assert_eq!(response.query_type, QueryType::PaperLookup, "{}", response.answer);
        assert_eq!(labels(&response), ["BiTT: Bidirectional Tree Tagging for Joint Extraction of Overlapping Entities and Relations"], "{}", response.answer);
        assert!(response.answer.ends_with("The knowledge graph records no authors for this paper."), "{}", response.answer);
        // Asked second ("..., and who wrote it?"): "it" is the paper, and what its record
        // lacks is said once, though the paper was already named.
        let response = pipeline.ask(&Question::parse("which paper holds the best F1 on DuIE, and who wrote it?", 1000).unwrap()).await;
        assert!(response.answer.ends_with("[1]. The knowledge graph records no authors for this paper."), "{}", response.answer);
        assert_eq!(response.answer.matches("\"BiTT: Bidirectional").count(), 1, "{}", response.answer);
        // The board's leader, then its other boards.
        let response = pipeline.ask(&Question::parse("where else has the model on top of CommonsenseQA been evaluated?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["OpenBookQA"], "{}", response.answer);
        // A paper's datasets, then each one's own best.
        let response = pipeline.ask(&Question::parse("what's the best accuracy on the datasets the HDLTex paper reports on?", 1000).unwrap()).await;
        let mut values: Vec<&str> = response.answer_items.iter().filter_map(|i| i.value.as_deref()).collect();
        values.sort_unstable();
        assert_eq!(values, ["76.58", "86.07", "90.93"], "{}", response.answer);
                // What two models share, not their union.
        let response = pipeline.ask(&Question::parse("which research problems do BERT and XLNet have in common?", 1000).unwrap()).await;
        let mut problems = labels(&response);
        problems.sort_unstable();
        assert_eq!(problems, ["Question Answering", "Unsupervised Machine Translation"], "{}", response.answer);
    }

    #[tokio::test]
    async fn nothing_past_a_value_on_a_board_is_said_with_the_boards_best() {
        let Some(pipeline) = pipeline("nothing_past_a_value_on_a_board_is_said_with_the_boards_best").await else { return };
        let response = pipeline.ask(&Question::parse("anything above 20 bleu on rotowire content ordering?", 1000).unwrap()).await;
        assert!(response.answer.starts_with("No result above 20 on RotoWire (Content Ordering) is recorded"), "{}", response.answer);
        assert!(labels(&response).contains(&"Encoder-decoder + conditional copy"), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_papers_venue_is_read_and_a_citation_count_is_said_unrecorded() {
        let Some(pipeline) = pipeline("a_papers_venue_is_read_and_a_citation_count_is_said_unrecorded").await else { return };
        let response = pipeline.ask(&Question::parse("which venue was functional and mental training effects in archery published in?", 1000).unwrap()).await;
        let source = response.sources.first().expect("the paper is found");
        assert_eq!(source.venues, ["SPORT SCIENCES FOR HEALTH (ONLINE)"]);
        assert!(response.answer.contains("venue SPORT SCIENCES FOR HEALTH (ONLINE)") && !response.answer.contains("records no venue"), "{}", response.answer);
        // Read only when asked: not on every question's path.
        let response = pipeline.ask(&Question::parse("who wrote functional and mental training effects in archery", 1000).unwrap()).await;
        assert!(!response.sparql_queries.iter().any(|q| q.strategy == "paper_venues") && response.sources.first().is_some_and(|s| s.venues.is_empty()), "{:?}", response.strategies_used);
        let response = pipeline.ask(&Question::parse("how many citations does 'Machine Translation using Semantic Web Technologies: A Survey' have", 1000).unwrap()).await;
        assert!(response.answer.contains("records no citation count"), "{}", response.answer);
    }

    #[tokio::test]
    async fn rankings_by_count_order_what_the_graph_records_and_pick_the_place_asked() {
        let Some(pipeline) = pipeline("rankings_by_count_order_what_the_graph_records_and_pick_the_place_asked").await else { return };
        // Contributions per problem on the mirror: Language Modelling 105, Image
        // Classification 93, Atari Games 77, then Relation Extraction 64.
        let response = pipeline.ask(&Question::parse("top 3 research problems by number of contributions?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["Language Modelling", "Image Classification", "Atari Games"], "{}", response.answer);
        assert!(!response.sources.is_empty() && response.gates.all_passed(), "{}", response.answer);
        // Distinct boards per model: Go-Explore 11, Reactor 500M 20, POP3D 49.
        let response = pipeline.ask(&Question::parse("of go-explore, reactor 500m and pop3d, which one was tested on the fewest datasets?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["Go-Explore"], "{}", response.answer);
        // A problem's boards by their models is a scope the counts do not take: not the graph's top.
        let response = pipeline.ask(&Question::parse("which text classification board has the second most models?", 1000).unwrap()).await;
        assert!(!labels(&response).contains(&"Atari 2600 Freeway"), "{}", response.answer);
    }

    #[tokio::test]
    async fn claims_about_counts_are_judged_against_the_counts_the_graph_records() {
        let Some(pipeline) = pipeline("claims_about_counts_are_judged_against_the_counts_the_graph_records").await else { return };
        // Distinct models per board on the mirror: ImageNet 62, WikiText-103 30.
        let response = pipeline.ask(&Question::parse("wikitext-103 has more models than imagenet", 1000).unwrap()).await;
        assert_eq!((response.query_type, response.verdict), (QueryType::ClaimVerification, Some(Label::Refuted)), "{}", response.answer);
        assert_eq!(labels(&response), ["WikiText-103", "ImageNet"], "{}", response.answer);
        assert!(response.gates.all_passed(), "{}", response.answer);
        // A count against a number lists what it counts.
        let response = pipeline.ask(&Question::parse("more than 5 models were evaluated on atari phoenix", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        assert!(labels(&response).contains(&"FQF") && response.answer.contains("has 3 models"), "{}", response.answer);
        // A name the graph lacks leaves it open, with the other's count.
        let response = pipeline.ask(&Question::parse("cityscapes has more models than imagenet, no?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Uncertain), "{}", response.answer);
        assert!(response.answer.contains("records no dataset called cityscapes") && labels(&response) == ["ImageNet"], "{}", response.answer);
        // A number of papers that is about a result is no count of a board's papers.
        let response = pipeline.ask(&Question::parse("is luke's 95.4 f1 on squad1.1 reported by more than one paper?", 1000).unwrap()).await;
        assert!(!response.answer.contains("counting what the knowledge graph records"), "{}", response.answer);
    }

    #[tokio::test]
    async fn the_boards_a_model_leads_are_counted_in_each_metrics_direction() {
        let Some(pipeline) = pipeline("the_boards_a_model_leads_are_counted_in_each_metrics_direction").await else { return };
        let response = pipeline.ask(&Question::parse("top 3 models by number of boards where they hold the best result", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["GPT-3 175B (Few-Shot)", "CURL", "XLNet"], "{}", response.answer);
        let response = pipeline.ask(&Question::parse("how many boards does approxrepset lead?", 1000).unwrap()).await;
        assert!(response.answer.contains("ApproxRepSet leads 9 boards") && labels(&response).contains(&"MUTAG"), "{}", response.answer);
        assert!(response.sparql_queries.iter().any(|q| q.strategy == "board_leaders"), "{:?}", response.strategies_used);
    }

    #[tokio::test]
    async fn boards_are_ranked_by_their_top_results_read_as_numbers() {
        let Some(pipeline) = pipeline("boards_are_ranked_by_their_top_results_read_as_numbers").await else { return };
        // Atari 2600 Skiing's top is -9085.3: the lowest as a number, not as text.
        let response = pipeline.ask(&Question::parse("which atari game has the lowest recorded top score?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["Atari 2600 Skiing"], "{}", response.answer);
        let response = pipeline.ask(&Question::parse("top 3 text classification boards by best accuracy", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["BBCSport", "Reuters-21578", "Classic"], "{}", response.answer);
        assert!(response.gates.all_passed(), "{}", response.answer);
    }

    #[tokio::test]
    async fn an_unquoted_title_the_graph_lacks_is_said_missing_not_answered_with_another_paper() {
        let Some(pipeline) = pipeline("an_unquoted_title_the_graph_lacks_is_said_missing").await else { return };
        let response = pipeline.ask(&Question::parse("where was Attention Is All You Need published?", 1000).unwrap()).await;
        assert_eq!(response.query_type, QueryType::PaperLookup);
        assert_eq!(response.answer, "The knowledge graph records no paper titled \"Attention Is All You Need\", so it holds nothing on this question about it.");
    }

    #[tokio::test]
    async fn what_the_graph_lacks_is_said_missing_not_answered_with_its_neighbour() {
        let Some(pipeline) = pipeline("what_the_graph_lacks_is_said_missing_not_answered_with_its_neighbour").await else { return };
        // CoNLL 2003 (English) is held; the German board is not.
        let response = pipeline.ask(&Question::parse("which papers report results on conll 2003 german?", 1000).unwrap()).await;
        assert!(response.answer.starts_with("The knowledge graph records no dataset called conll 2003 german") && response.sources.is_empty(), "{}", response.answer);
        // A quoted title no paper holds: not a ResNet paper the graph does hold.
        let response = pipeline.ask(&Question::parse("doi for 'Deep Residual Learning for Image Recognition' (the resnet paper)?", 1000).unwrap()).await;
        assert!(response.answer.starts_with("The knowledge graph records no paper titled") && response.sources.is_empty(), "{}", response.answer);
        // GPT-3's BoolQ result is no evidence about GPT-4.
        let response = pipeline.ask(&Question::parse("gpt-4 beats gpt-3 on boolq, right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Uncertain), "{}", response.answer);
        assert!(response.answer.contains("records no model called gpt-4") && response.sources.is_empty(), "{}", response.answer);
        // Two boards asked for, one held: its models, and the other said missing.
        let response = pipeline.ask(&Question::parse("models tested on anli (test) and on winogrande?", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"GPT-3") && response.answer.contains("on ANLI test in the knowledge graph"), "{}", response.answer);
        assert!(response.answer.ends_with("The knowledge graph records no dataset called winogrande."), "{}", response.answer);
        // A board written with two of its label's words joined.
        let response = pipeline.ask(&Question::parse("habitat 2020 objectnav test-std — who leads on SPL?", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"RGBD+DD-PPO"), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_question_typed_in_a_hurry_is_read_as_the_names_it_means() {
        let Some(pipeline) = pipeline("a_question_typed_in_a_hurry_is_read_as_the_names_it_means").await else { return };
        // Two letters swapped in a dataset and in a model, one left out of a research
        // problem, a model's qualifier run together: the graph's names.
        let response = pipeline.ask(&Question::parse("best on imagent", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"BiT-L (ResNet)") && response.answer.contains("on ImageNet"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("which models were tested on ACL-ACR?", 1000).unwrap()).await;
        assert_eq!(labels(&response), ["BiLSTM-Attention + ELMo", "Random Forest", "SciBERT"], "{}", response.answer);
        let response = pipeline.ask(&Question::parse("papers on text classifcation", 1000).unwrap()).await;
        assert!(response.normalized_entities.tasks.iter().any(|t| t.canonical == "Text Classification") && !response.sources.is_empty(), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("deqtransformer (small) code", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"https://github.com/locuslab/deq"), "{}", response.answer);
        // A title's word typed wrong, and "y/n" after the question mark.
        let response = pipeline.ask(&Question::parse("which datasets does 'cooperative learning of audio and vidoe models from self-supervised synchronization' report on?", 1000).unwrap()).await;
        assert!(labels(&response).contains(&"ESC-50"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("cl-titles-parser evaluated on acl anthology? y/n", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        // A name the graph lacks stays unread as its neighbour.
        let response = pipeline.ask(&Question::parse("best top-1 accuracy on imagenet-c", 1000).unwrap()).await;
        assert!(response.answer.contains("records no dataset called imagenet-c"), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_claim_about_a_models_code_is_held_against_the_links_the_graph_records() {
        let Some(pipeline) = pipeline("a_claim_about_a_models_code_is_held_against_the_links_the_graph_records").await else { return };
        let response = pipeline.ask(&Question::parse("the neural architecture search model has code in tensorflow/models — yes?? 🙏", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        assert!(labels(&response).contains(&"https://github.com/tensorflow/models"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("xlnet has code at google/xlnet, right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Uncertain), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("LUKE has no public code, right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_metric_asked_across_the_graph_or_of_a_board_is_answered_from_every_result_by_it() {
        let Some(pipeline) = pipeline("a_metric_asked_across_the_graph_or_of_a_board_is_answered_from_every_result_by_it").await else { return };
        // The lowest bits per character of any board, and the paper that holds it.
        check(pipeline, "which model has the lowest bits per character anywhere in the graph?", &["PAR Transformer 24B", "1.11"]).await;
        check(pipeline, "which paper holds the lowest bits-per-character result in the graph?", &["Pay Attention when Required"]).await;
        // A model's own extreme, within the family of boards named.
        check(pipeline, "on which board does NAT-M4 need the fewest FLOPS?", &["CIFAR-10 Image Classification", "468M"]).await;
        // A board the graph lacks is no question about every board.
        let response = pipeline.ask(&Question::parse("sota accuracy on hellaswag?", 1000).unwrap()).await;
        assert!(response.answer_items.is_empty(), "{}", response.answer);
        // A board's metrics: counted, and a claim about one judged by them.
        let response = pipeline.ask(&Question::parse("how many metrics does ImageNet have?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("7"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("is SQuAD1.1 measured by BLEU?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("ObjectNet reports both top-1 and top-5 accuracy", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_research_problem_is_reached_from_its_boards_metrics_models_and_papers() {
        let Some(pipeline) = pipeline("a_research_problem_is_reached_from_its_boards_metrics_models_and_papers").await else { return };
        // The problems a board and a metric serve.
        check(pipeline, "what tasks is CoNLL 2003 (English) used for?", &["Named Entity Recognition", "Part-Of-Speech Tagging", "Relation Extraction", "Word Embeddings"]).await;
        check(pipeline, "which tasks use bits per character as a metric?", &["Language Modelling", "Question Answering"]).await;
        // A problem's models, named loosely, and its papers counted as the graph files them.
        check(pipeline, "which models were tried on coref?", &["He et al., 2017 + ELMo", "SciBERT (SciVocab)"]).await;
        let response = pipeline.ask(&Question::parse("how many papers on language modeling are there?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("38"), "{}", response.answer);
        // Claims that a board or a model is for a problem.
        let response = pipeline.ask(&Question::parse("ACL-ARC is a benchmark for sentiment analysis", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("is SQuAD1.1 a benchmark for question answering?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("GPT-3 was evaluated on question answering", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "GPT-3's one board, ANLI, is no question answering benchmark: {}", response.answer);
        // Tasks that a family of boards names are the model's boards within it.
        let response = pipeline.ask(&Question::parse("which dmcontrol100k tasks was CURL evaluated on?", 1000).unwrap()).await;
        assert!(!response.answer_items.is_empty() && response.answer_items.iter().all(|i| i.label.contains("DMControl100k")), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_paper_named_by_its_words_is_judged_on_its_own_record_and_stands_for_its_model() {
        let Some(pipeline) = pipeline("a_paper_named_by_its_words_is_judged_on_its_own_record_and_stands_for_its_model").await else { return };
        // A claim about one paper, against its boards and its research problems.
        let response = pipeline.ask(&Question::parse("the character-level language modeling with deeper self-attention paper evaluated on WikiText-103, yes?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        assert!(response.answer_items.iter().any(|i| i.label == "enwik8"), "its boards are listed: {}", response.answer);
        let response = pipeline.ask(&Question::parse("the XLNet paper evaluates on RACE", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("the Transformer-XL paper is about machine translation", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // A paper named where a model would be: the model it reports on the board.
        check(pipeline, "is 'First return, then explore' the best on Atari Pitfall!?", &["First return, then explore", "6954"]).await;
        // A paper's metrics, and how many boards it was evaluated on.
        check(pipeline, "which metrics does the Data-to-Text Generation with Content Selection and Planning paper report?", &["BLEU", "DLD"]).await;
        let response = pipeline.ask(&Question::parse("how many boards did the prioritized experience replay paper evaluate on?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("51"), "{}", response.answer);
        // The other papers on a board, the model named no filter.
        let response = pipeline.ask(&Question::parse("the pop-art paper ran on atari time pilot; what other papers evaluated on Time Pilot?", 1000).unwrap()).await;
        assert!(response.answer_items.len() > 1, "{}", response.answer);
    }

    #[tokio::test]
    async fn english_carrying_another_languages_habits_is_answered_as_what_it_means() {
        let Some(pipeline) = pipeline("english_carrying_another_languages_habits_is_answered_as_what_it_means").await else { return };
        // "How much models": a count, first.
        let response = pipeline.ask(&Question::parse("How much models were tested on One Billion Word?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("7"), "{}", response.answer);
        // The question word last; "state of art".
        check(pipeline, "The accuracy of BCN+ELMo on SST-5 Fine-grained classification how much is?", &["54.7"]).await;
        check(pipeline, "Which is the actual state of art in WikiText-103 for test perplexity?", &["LSTM", "48.7"]).await;
        // The participle before its subject.
        check(pipeline, "For which research problems is used Penn Treebank?", &["Constituency Parsing", "Part-Of-Speech Tagging"]).await;
        // A dot between thousands, a decimal comma.
        let response = pipeline.ask(&Question::parse("In Atari 2600 Kung-Fu Master the agent Prior+Duel noop has reached 48.375 of score, is it correct?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        // A paper's topic claimed, its title's own words no part of the claim.
        let response = pipeline.ask(&Question::parse("The argument of the publication 'Closing the Loop for Robotic Grasping' is the visual navigation, correct?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // The papers whose results the graph holds without values count as reporting them.
        let response = pipeline.ask(&Question::parse("How many papers report results on CIFAR-10?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("15"), "{}", response.answer);
        // The models one paper uses, asked with the subject first.
        check(pipeline, "Paper 'Fast-Slow Recurrent Neural Networks' which models has used?", &["FS-LSTM-2", "FS-LSTM-4"]).await;
        // A paper named by its model, its topic claimed with a tag: held to its problems.
        let response = pipeline.ask(&Question::parse("The XLNet paper treats of question answering, no?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_literature_reviews_open_asks_are_answered_from_the_graph() {
        let Some(pipeline) = pipeline("a_literature_reviews_open_asks_are_answered_from_the_graph").await else { return };
        // A task's approaches are its models; an overview of a board, its models.
        check(pipeline, "what are the main approaches to robotic grasping? new to the area", &["GR-ConvNet", "GGCNN"]).await;
        check(pipeline, "what has been done on Natural Questions (short)? overview for a related-work para", &["DrQA", "BERTjoint"]).await;
        // The review and the ask are no words of the topic.
        check(pipeline, "lit review on empty container repositioning - is there anything in orkg on it?", &["Liner shipping service network design with empty container repositioning"]).await;
        // A problem held with no titled paper under it is said so, not answered with others.
        let response = pipeline.ask(&Question::parse("does orkg have anything on open link prediction?", 1000).unwrap()).await;
        let labels: Vec<&str> = response.answer_items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["Open link prediction"], "{}", response.answer);
        // Papers titled by a problem's words are listed, though none is filed under it.
        check(pipeline, "key papers on entity linking?", &["Entity Linking in Queries: Efficiency vs. Effectiveness"]).await;
        // Which model a paper introduced, held to the models the graph files under it.
        let response = pipeline.ask(&Question::parse("'Global Encoding for Abstractive Summarization' introduced CGU, correct?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("the MEMEN paper introduced FusionNet, didn't it?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // A paper's boards, asked with no noun.
        check(pipeline, "what did \"What's Hidden in a Randomly Weighted Neural Network?\" evaluate on?", &["ImageNet"]).await;
    }

    #[tokio::test]
    async fn a_practitioners_asks_about_what_to_use_are_answered_from_the_graph() {
        let Some(pipeline) = pipeline("a_practitioners_asks_about_what_to_use_are_answered_from_the_graph").await else { return };
        // What to use on a board, and the number to beat there, are its best.
        check(pipeline, "which model would you pick for the Cornell Grasp Dataset?", &["GR-ConvNet"]).await;
        check(pipeline, "what score do i need to beat on atari private eye?", &["99.32"]).await;
        // Baselines are the board's or the task's models, not a comparison of them.
        check(pipeline, "what baselines should I compare against on NYT24?", &["HRLRE", "WDec"]).await;
        check(pipeline, "what are the usual baselines for robotic grasping? need to pick what to compare my grasp detector against", &["GGCNN", "GR-ConvNet"]).await;
        // A task named by what does it, and boards asked for a task that is also a model's name.
        check(pipeline, "I've built a text classifier; which datasets should I evaluate it on?", &["Reuters-21578"]).await;
        check(pipeline, "what benchmarks are there for neural architecture search?", &["CIFAR-10", "ImageNet"]).await;
        // A family's name links to the labels it opens, not to another model ending in it.
        let response = pipeline.ask(&Question::parse("on which atari games does DQN hold the record?", 1000).unwrap()).await;
        assert!(response.answer.starts_with("Of the datasets DQN was evaluated on") && !response.answer.contains("Bootstrapped"), "{}", response.answer);
        // A paper's whole title written unquoted is the paper, not the model named inside it.
        check(pipeline, "I want to implement dueling DQN. which models does the Dueling Network Architectures for Deep Reinforcement Learning paper report?", &["Duel hs", "Dueling DQN"]).await;
        // No code recorded is no proof there is none; the model's paper is shown.
        let response = pipeline.ask(&Question::parse("BiTT has public code, yes? planning to fine-tune it on our data", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Uncertain), "{}", response.answer);
        assert!(response.answer_items.iter().any(|i| i.label.starts_with("BiTT: Bidirectional Tree Tagging")), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_newcomers_plain_words_reach_the_graphs_names() {
        let Some(pipeline) = pipeline("a_newcomers_plain_words_reach_the_graphs_names").await else { return };
        // The maker before a name and the everyday noun after it are no part of it.
        check(pipeline, "what has uber's go-explore ai been tested on?", &["Atari 2600 Pitfall!"]).await;
        check(pipeline, "which picture collections has ceit-t been tried on?", &["CIFAR-100", "iNaturalist 2019"]).await;
        check(pipeline, "how are systems scored on aeslc, the test about writing email subject lines?", &["ROUGE-1", "ROUGE-L"]).await;
        // A topic described in plain words is searched by its own words, not the asker's framing.
        check(pipeline, "what research is there on catching spam?", &["Exploiting abused trending topics to identify spam campaigns in Twitter"]).await;
        // A quoted short title names the paper whose title opens with it.
        let response = pipeline.ask(&Question::parse("did the '#exploration' paper about count-based exploration release its code?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        assert!(response.answer.contains("https://github.com/nhynes/abc"), "{}", response.answer);
        // The graph's record of a model's boards, holding the board asked but not the model
        // on it, says no.
        let response = pipeline.ask(&Question::parse("has trpo-hash been tested on the atari game pong?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // A bar written as a percentage is not read on a board of bits.
        let response = pipeline.ask(&Question::parse("I need to beat 95% on CIFAR-10, is that already done?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_reviewers_check_of_a_submission_reads_the_statement_it_checks() {
        let Some(pipeline) = pipeline("a_reviewers_check_of_a_submission_reads_the_statement_it_checks").await else { return };
        // The submission's statement, then a check that only points back at it.
        let response = pipeline.ask(&Question::parse("Table 2 gives SciBERT (Base Vocab) 88.2 F1 on PubMed 20k RCT. Is that the published figure?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        assert!(response.answer.contains("86.81"), "{}", response.answer);
        let response = pipeline.ask(&Question::parse("R2 thinks CURL has already been evaluated on Atari 2600 Pong, contrary to what the authors write. Is R2 right?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        // "The record" a reviewer checks against is the graph.
        check(pipeline, "The submission fine-tunes GPT-3 175B (Few-Shot) as a baseline and says its code is unavailable. Which code links does the record attach to GPT-3 175B (Few-Shot)?", &["https://github.com/openai/gpt-3"]).await;
        // An ask that points back at the sentence before it asks of what that names.
        check(pipeline, "The submission quotes GPT-3 175B (Few-Shot) on BoolQ without a number. What Accuracy is published for it there?", &["76.4"]).await;
        // A yes-or-no question about a paper's problem is the claim that it is about it.
        let response = pipeline.ask(&Question::parse("is the Rainbow paper about Atari Games?", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Supported), "{}", response.answer);
        // A model named only to be set aside is no model the question compares: the board's
        // other models are listed, not its best.
        check(pipeline, "besides SMT, which models have results on WMT2014 French-English?", &["GPT-3 175B (Few-Shot)", "PBSMT + NMT", "SMT as posterior regularization"]).await;
        // A model the graph does not hold, named alone, is said to be missing.
        let response = pipeline.ask(&Question::parse("what has agent57 been tried on?", 1000).unwrap()).await;
        assert!(response.answer.contains("records no model called agent57"), "{}", response.answer);
    }

    #[tokio::test]
    async fn a_year_the_graph_records_for_nothing_found_is_said_and_sets_nothing_aside() {
        let Some(pipeline) = pipeline("a_year_the_graph_records_for_nothing_found_is_said_and_sets_nothing_aside").await else { return };
        // No paper filed under Robotic Grasping has a year: the window cannot be applied.
        check(pipeline, "robotic grasping papers from 2020", &["Deep Learning for Detecting Robotic Grasps", "Real-world multiobject, multigrasp detection"]).await;
        let response = pipeline.ask(&Question::parse("robotic grasping papers from 2020", 1000).unwrap()).await;
        assert!(response.answer.starts_with("The knowledge graph records no year for any paper found here"), "{}", response.answer);
        // Nor can "as of", for the best: the best recorded is given, said to be undated.
        check(pipeline, "what was the best top 1 accuracy on ImageNet as of 2020?", &["88.61%"]).await;
        // Where some papers found are dated, the window is applied to them.
        check(pipeline, "nitrogen fixation papers since 2015", &["No nitrogen fixation in the Bay of Bengal?"]).await;
        let response = pipeline.ask(&Question::parse("what is the most recent paper on nitrogen fixation?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.len(), 1, "the paper at that end: {}", response.answer);
        // A model never evaluated on the board, at any time, was not evaluated on it in 2021.
        let response = pipeline.ask(&Question::parse("LeViT-256 was evaluated on SearchQA in 2021", 1000).unwrap()).await;
        assert_eq!(response.verdict, Some(Label::Refuted), "{}", response.answer);
        // A year is no dataset's name.
        check(pipeline, "which datasets has LeViT-256 been evaluated on since 2021?", &["CIFAR-10", "Stanford Cars"]).await;
    }

    #[tokio::test]
    async fn what_the_question_says_of_its_answers_form_is_no_part_of_the_ask() {
        let Some(pipeline) = pipeline("what_the_question_says_of_its_answers_form_is_no_part_of_the_ask").await else { return };
        // "Titles only" asks no title; "comma-separated" names nothing.
        check(pipeline, "list the malaria papers, comma-separated, titles only", &["Deep malaria parasite detection in thin blood smear microscopic images"]).await;
        check(pipeline, "just the title please: the Gemma paper", &["Gemma: Open Models Based on Gemini Research and Technology"]).await;
        // "Just the number": the count alone is the answer's item.
        let response = pipeline.ask(&Question::parse("how many models have been evaluated on Atari 2600 Freeway? just give me the number", 1000).unwrap()).await;
        assert_eq!(response.answer_items.len(), 1, "{:?}", response.answer_items);
        assert_eq!(response.answer_items[0].value.as_deref(), Some("33"));
        // DOIs asked for, where the paper has none, are said to be missing.
        let response = pipeline.ask(&Question::parse("DOI only: the XLNet paper", 1000).unwrap()).await;
        assert!(response.answer.contains("records no DOI"), "{}", response.answer);
        // "The graph" is the knowledge graph, not a comparison's "Graph" column; its oldest
        // paper is the one with the earliest year, whatever its contributions.
        let response = pipeline.ask(&Question::parse("what's the oldest paper in the graph?", 1000).unwrap()).await;
        assert_eq!(response.answer_items.first().and_then(|i| i.value.as_deref()), Some("1938"), "{}", response.answer);
        assert!(response.answer.contains("Die Pflanzengesellschaften des westsächsischen"), "{}", response.answer);
        check(pipeline, "what's the newest paper in the graph?", &["Gemma: Open Models Based on Gemini Research and Technology"]).await;
        let response = pipeline.ask(&Question::parse("how many COVID-19 papers from 2020 does the graph have?", 1000).unwrap()).await;
        assert_eq!(response.query_type, QueryType::TopicSearch, "{}", response.answer);
    }

    #[tokio::test]
    async fn an_orkg_link_or_id_in_the_question_is_read_as_what_the_graph_names_by_it() {
        let Some(pipeline) = pipeline("an_orkg_link_or_id_in_the_question_is_read_as_what_the_graph_names_by_it").await else { return };
        // A paper's page, with one of its contributions' ids after the paper's.
        check(pipeline, "what models does https://orkg.org/paper/R131730/M-fffdbe90e0eca5c0 evaluate?", &["BioSentVec (PubMed)", "Universal Sentence Encoder"]).await;
        // A bare id of a contribution: its paper.
        check(pipeline, "which datasets does contribution M-fffdbe90e0eca5c0 evaluate on?", &["BIOSSES", "MedSTS"]).await;
        let response = pipeline.ask(&Question::parse("what is the DOI of https://orkg.org/paper/R129488?", 1000).unwrap()).await;
        assert_eq!(response.sparql_queries.first().map(|q| q.strategy.as_str()), Some("resources_by_id"), "the lookup is reported first");
        assert!(response.sources.iter().any(|s| s.title == "Span-based Joint Entity and Relation Extraction with Transformer Pre-training"), "{}", response.answer);
        // An id the graph holds nothing under: said, and nothing cited.
        let response = pipeline.ask(&Question::parse("which models are evaluated on https://www.orkg.org/resource/R99999999/ ?", 1000).unwrap()).await;
        assert!(response.answer.contains("holds nothing under the id R99999999"), "{}", response.answer);
        assert!(response.sources.is_empty() && response.answer_items.is_empty(), "{}", response.answer);
        // What an id names is said first.
        let response = pipeline.ask(&Question::parse("hey, can you tell me what this is: https://orkg.org/resource/R121347", 1000).unwrap()).await;
        assert!(response.answer.starts_with("R121347 is the dataset \"ImageNet\"."), "{}", response.answer);
    }

    #[tokio::test]
    async fn numbers_written_in_names_bounds_and_claims_are_read_as_people_write_them() {
        let Some(pipeline) = pipeline("numbers_written_in_names_bounds_and_claims_are_read_as_people_write_them").await else { return };
        let ask = |q: &'static str| async move { pipeline.ask(&Question::parse(q, 1000).unwrap()).await };
        // A number in a topic's name is in every title found.
        let response = ask("Which papers are about QALD 4?").await;
        assert!(!response.answer_items.is_empty() && response.answer_items.iter().all(|i| i.label.contains("QALD-4")), "{:?}", response.answer_items);
        let response = ask("Are there any papers about the QALD-10 challenge?").await;
        assert!(response.answer_items.is_empty() && response.sources.is_empty(), "{}", response.answer);
        // A size written apart from a known model is the model asked, which the graph lacks.
        let response = ask("code for GPT-3 13B?").await;
        assert!(response.answer.contains("no model called GPT-3 13B") && response.sources.is_empty(), "{}", response.answer);
        // Results past a value, on every board they pass on.
        let response = ask("Which boards does PubMedBERT uncased score above 85 on?").await;
        let boards: Vec<&str> = response.answer_items.iter().filter_map(|i| i.dataset.as_deref()).collect();
        for board in ["BC2GM", "NCBI Disease", "BC5CDR-disease", "BioASQ"] {
            assert!(boards.contains(&board), "{board} not among {boards:?}");
        }
        // A claim's number with a comma as decimal mark, or in thousands.
        let response = ask("XLNet (single model) gets 87,9 EM on SQuAD2.0.").await;
        assert_eq!(response.verdict.map(|v| v.as_str()), Some("SUPPORTED"), "{}", response.answer);
        let response = ask("DQN noop scores about 8.8k on Atari 2600 Gopher.").await;
        assert_eq!(response.verdict.map(|v| v.as_str()), Some("SUPPORTED"), "{}", response.answer);
        // A model described by the value it holds.
        check(pipeline, "Is there code for the model with 0.815 MRR on FB15k?", &["https://github.com/neukg/AcrE"]).await;
    }
}
