//! The pipeline through a real small LLM served on 127.0.0.1 by `make test-llm`
//! (`scripts/llm/serve.sh`: Gemma 3 270M, Q4_K_M, run by llama.cpp through node-llama-cpp,
//! behind one server that speaks both the Ollama and the OpenAI-compatible chat API).
//!
//! A 270M model's answers are not worth grading, so these tests assert structure only:
//! every request is a 200, each stage's output was either the model's (parsed and within
//! the allowed labels) or an announced fallback, and every citation points at a source.
//! Needs `SCIGRAPH_REAL_LLM_URL` (e.g. `http://127.0.0.1:18434`) and, optionally,
//! `SCIGRAPH_REAL_LLM_MODEL` (default `gemma3-270m`); without it (a plain `cargo test`)
//! the model tests skip with a message.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[path = "../api/helpers.rs"]
mod helpers;
#[path = "../support/require.rs"]
mod require;

/// One question per query type, on the demo graph.
const QUESTIONS: &[(&str, &str)] = &[
    ("topic_search", "Which papers address named entity recognition?"),
    ("method_comparison", "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?"),
    ("dataset_search", "What datasets are used for question answering?"),
    ("claim_verification", "Is it true that BERT outperforms ELMo on SQuAD1.1?"),
    ("method_usage", "Which papers use LSTM?"),
    ("paper_lookup", "Find the paper with DOI 10.1109/CVPR.2016.90"),
];

const QUERY_TYPES: &[&str] =
    &["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"];

/// The model server's URL and model name, or `None` (after saying so) when `test` has none.
fn server(test: &str) -> Option<(String, String)> {
    let url = require::var(test, "SCIGRAPH_REAL_LLM_URL", "test-llm")?;
    let model = std::env::var("SCIGRAPH_REAL_LLM_MODEL").unwrap_or_else(|_| "gemma3-270m".to_owned());
    Some((url.trim_end_matches('/').to_owned(), model))
}

/// The `[n]` markers of an answer.
fn citations(answer: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut rest = answer;
    while let Some(open) = rest.find('[') {
        rest = &rest[open + 1..];
        if let Some(close) = rest.find(']') {
            if let Ok(n) = rest[..close].trim().parse::<usize>() {
                out.push(n);
            }
        }
    }
    out
}

#[test]
fn citation_markers_are_read_from_the_answer() {
    assert_eq!(citations("BERT [1] beats ELMo [2][3]; see [x] and [ 4 ]."), vec![1, 2, 3, 4]);
}

/// What the model decided and where the pipeline fell back, over all questions.
#[derive(Default, Debug)]
struct Tally {
    decided_by: BTreeMap<String, usize>,
}

async fn drive(provider: &str, vars: &[(&str, &str)]) -> Tally {
    let app = helpers::spawn_app(vars).await;
    // Three model calls per question on 2 cores: far above the suite's usual client timeout.
    let client = scigraph::http_client::builder(Duration::from_secs(600)).build().expect("client");

    let health = app.health().await;
    assert_eq!(health["llm"]["provider"], provider);
    assert_eq!(health["llm"]["status"], "ok", "the model is served: {health}");

    let mut tally = Tally::default();
    for (expected_type, question) in QUESTIONS {
        let started = Instant::now();
        let response = client.post(format!("{}/ask", app.address)).json(&json!({ "question": question })).send().await.expect("ask");
        assert_eq!(response.status(), 200, "{provider}: {question}");
        let body: Value = response.json().await.expect("a JSON answer");
        let warnings = body["warnings"].to_string();

        // Labels stay within the allowed set, whoever decided them.
        let query_type = body["query_type"].as_str().expect("query_type");
        assert!(QUERY_TYPES.contains(&query_type), "{provider}: {question}: {query_type}");
        let type_source = body["query_type_source"].as_str().expect("query_type_source");
        assert!(["llm", "rules"].contains(&type_source), "{type_source}");
        let entities_source = body["entities_source"].as_str().expect("entities_source");
        assert!(["llm", "keywords"].contains(&entities_source), "{entities_source}");
        let answer_mode = body["answer_mode"].as_str().expect("answer_mode");
        assert!(["llm", "extractive"].contains(&answer_mode), "{answer_mode}");
        for kind in ["methods", "datasets", "tasks", "fields", "metrics"] {
            assert!(body["entities"][kind].is_array(), "{provider}: entities.{kind} parsed: {}", body["entities"]);
        }

        // A fallback is never silent: each one names its stage in the warnings.
        if type_source == "rules" {
            assert!(warnings.contains("classification"), "{provider}: {question}: silent classifier fallback: {warnings}");
        }
        if entities_source == "keywords" {
            assert!(warnings.contains("entity extraction"), "{provider}: {question}: silent extraction fallback: {warnings}");
        }
        if answer_mode == "extractive" {
            assert!(
                warnings.contains("answer generation") || warnings.contains("no valid source"),
                "{provider}: {question}: silent answer fallback: {warnings}"
            );
        }

        // Citations point at sources that exist, and the sources are the graph's.
        let sources = body["sources"].as_array().expect("sources");
        let answer = body["answer"].as_str().expect("answer");
        assert!(!answer.trim().is_empty(), "{provider}: {question}: empty answer");
        for n in citations(answer) {
            assert!((1..=sources.len()).contains(&n), "{provider}: {question}: [{n}] cites none of {} sources: {answer}", sources.len());
        }
        for source in sources {
            assert!(source["iri"].as_str().is_some_and(|i| i.starts_with("http://orkg.org/orkg/resource/")), "{source}");
        }
        if answer_mode == "llm" && !sources.is_empty() {
            assert!(!citations(answer).is_empty(), "{provider}: {question}: an LLM answer with sources cites none: {answer}");
        }
        if query_type == "claim_verification" {
            // The verdict is computed from the facts; the model may phrase it, not change it.
            let verdict = body["verdict"].as_str().unwrap_or_default();
            assert!(["SUPPORTED", "REFUTED", "UNCERTAIN"].contains(&verdict), "{provider}: {question}: verdict {verdict:?}");
            assert!(answer.contains(verdict), "{provider}: {question}: the answer does not state {verdict}: {answer}");
        }

        for (stage, by) in [("type", type_source), ("entities", entities_source), ("answer", answer_mode)] {
            *tally.decided_by.entry(format!("{stage}:{by}")).or_default() += 1;
        }
        eprintln!(
            "{provider} {:>5.1}s type {query_type} ({type_source}; expected {expected_type}) entities {entities_source} answer {answer_mode}\n    warnings: {warnings}",
            started.elapsed().as_secs_f64()
        );
    }
    tally
}

#[tokio::test]
async fn the_pipeline_runs_through_the_ollama_client_against_a_real_model() {
    let Some((url, model)) = server("the_pipeline_runs_through_the_ollama_client_against_a_real_model") else { return };
    let tally = drive(
        "ollama",
        &[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &url), ("OLLAMA_MODEL", &model), ("OLLAMA_TIMEOUT", "300"), ("SCIGRAPH_REQUEST_TIMEOUT", "900")],
    )
    .await;
    eprintln!("ollama client, decided by: {:?}", tally.decided_by);
}

#[tokio::test]
async fn the_pipeline_runs_through_the_openai_client_against_a_real_model() {
    let Some((url, model)) = server("the_pipeline_runs_through_the_openai_client_against_a_real_model") else { return };
    let base = format!("{url}/v1");
    let tally = drive(
        "openai",
        &[("SCIGRAPH_LLM_PROVIDER", "openai"), ("OPENAI_BASE_URL", &base), ("OPENAI_MODEL", &model), ("OPENAI_TIMEOUT", "300"), ("SCIGRAPH_REQUEST_TIMEOUT", "900")],
    )
    .await;
    eprintln!("openai client, decided by: {:?}", tally.decided_by);
}
