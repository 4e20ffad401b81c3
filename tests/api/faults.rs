//! The upstream fault matrix: a SPARQL endpoint or an LLM misbehaving in each way ends in a
//! 200 answer that is degraded but honest (statuses, warnings), within a bounded time.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{codes, spawn_app};

const QUESTION: &str = "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?";

async fn ask_remote(sparql: &MockServer, extra: &[(&str, &str)]) -> (Value, Duration) {
    let endpoint = format!("{}/sparql", sparql.uri());
    let mut vars = vec![("SCIGRAPH_BACKEND", "remote"), ("SPARQL_ENDPOINT", endpoint.as_str()), ("SPARQL_TIMEOUT", "1")];
    vars.extend_from_slice(extra);
    let app = spawn_app(&vars).await;
    let started = Instant::now();
    let response = app.client.post(format!("{}/ask", app.address)).json(&json!({ "question": QUESTION })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    (response.json().await.unwrap(), started.elapsed())
}

#[tokio::test]
async fn every_sparql_fault_ends_in_an_honest_200_without_hanging() {
    let truncated = r#"{"head": {"vars": ["paper"]}, "results": {"bindings": [{"paper": {"type": "uri", "val"#;
    let cases: Vec<(&str, ResponseTemplate, &str)> = vec![
        ("500", ResponseTemplate::new(500).set_body_string("Virtuoso error"), "kg_http_error"),
        ("503", ResponseTemplate::new(503), "kg_http_error"),
        ("429 with a long Retry-After", ResponseTemplate::new(429).insert_header("retry-after", "120"), "kg_rate_limited"),
        ("slower than the timeout", ResponseTemplate::new(200).set_delay(Duration::from_secs(5)), "kg_timeout"),
        ("truncated body", ResponseTemplate::new(200).set_body_raw(truncated, "application/sparql-results+json"), "kg_malformed_results"),
        ("malformed JSON", ResponseTemplate::new(200).set_body_raw("{not json", "application/sparql-results+json"), "kg_malformed_results"),
        ("HTML instead of results", ResponseTemplate::new(200).set_body_raw("<html>down</html>", "text/html"), "kg_unexpected_content_type"),
        ("a result bigger than the byte cap (1 MiB)", paper_rows(20_000), "kg_results_too_large"),
    ];
    for (name, reply, code) in cases {
        let sparql = MockServer::start().await;
        Mock::given(method("POST")).respond_with(reply).mount(&sparql).await;
        let (body, elapsed) = ask_remote(&sparql, &[("SCIGRAPH_SPARQL_MAX_RESPONSE_MB", "1")]).await;
        assert!(elapsed < Duration::from_secs(10), "{name}: took {elapsed:?}");
        let statuses: Vec<&str> = body["strategies_used"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap()).collect();
        assert!(!statuses.is_empty() && statuses.iter().all(|s| *s == "error" || *s == "timeout"), "{name}: {statuses:?}");
        assert!(body["warnings"].to_string().contains(code), "{name}: no {code} in {}", body["warnings"]);
        let expected = if name.starts_with("slower") { "strategy_timeout" } else { "strategy_error" };
        assert!(codes(&body).iter().any(|c| c == expected), "{name}: no {expected} in {:?}", codes(&body));
        assert!(body["sources"].as_array().unwrap().is_empty(), "{name}");
        assert!(body["answer"].as_str().unwrap().contains("could not query"), "{name}: {}", body["answer"]);
    }
}

/// A SELECT result of `n` distinct papers with titles, whatever was asked.
fn paper_rows(n: usize) -> ResponseTemplate {
    let bindings: Vec<Value> = (0..n)
        .map(|i| json!({
            "paper": {"type": "uri", "value": format!("http://orkg.org/orkg/resource/R{}", 900_000 + i)},
            "title": {"type": "literal", "value": format!("Reading comprehension on SQuAD1.1, part {i}")},
        }))
        .collect();
    let body = json!({"head": {"vars": ["paper", "title"]}, "results": {"bindings": bindings}});
    ResponseTemplate::new(200).set_body_raw(body.to_string(), "application/sparql-results+json")
}

#[tokio::test]
async fn a_huge_result_within_the_cap_is_answered_and_flagged_as_cut_at_the_limit() {
    // 6,000 rows (~1 MB) for every query: more than any strategy's LIMIT.
    let sparql = MockServer::start().await;
    Mock::given(method("POST")).respond_with(paper_rows(6_000)).mount(&sparql).await;

    let (body, elapsed) = ask_remote(&sparql, &[("SPARQL_TIMEOUT", "10")]).await;

    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
    let strategies = body["strategies_used"].as_array().unwrap();
    assert!(strategies.iter().all(|s| s["status"] == "ok" || s["status"] == "cached"), "{strategies:?}");
    assert!(strategies.iter().any(|s| s["truncated"] == true), "{strategies:?}");
    assert!(codes(&body).contains(&"strategy_truncated".to_owned()), "{:?}", codes(&body));
    let sources = body["sources"].as_array().unwrap();
    assert!(!sources.is_empty() && sources.len() <= 10, "ranked and cut: {} sources", sources.len());
}

#[tokio::test]
async fn an_llm_that_echoes_the_prompt_is_not_believed() {
    let llm = MockServer::start().await;
    // Echo: reply with whatever the user message was.
    Mock::given(method("POST"))
        .and(path("/api/chat"))
        .respond_with(|request: &wiremock::Request| {
            let body: Value = serde_json::from_slice(&request.body).unwrap_or_default();
            let user = body["messages"][1]["content"].as_str().unwrap_or_default().to_owned();
            ResponseTemplate::new(200).set_body_json(json!({"message": {"role": "assistant", "content": user}}))
        })
        .mount(&llm)
        .await;
    Mock::given(method("GET")).and(path("/api/tags")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2:latest"}]}))).mount(&llm).await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &llm.uri())]).await;

    let body = app.ask(QUESTION).await;

    assert_eq!(body["entities_source"], "keywords", "the few-shot examples in the echo are not entities");
    assert_eq!(body["answer_mode"], "extractive");
    assert!(codes(&body).contains(&"llm_echo".to_owned()), "{:?}", codes(&body));
    assert_eq!(body["answer_items"][0]["label"], "T5-11B");
}

#[tokio::test]
async fn a_request_past_its_budget_gets_a_504_and_the_service_stays_healthy() {
    // An LLM that hangs longer than its own timeout allows, under a shorter request budget.
    let llm = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(30))).mount(&llm).await;
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2"}]}))).mount(&llm).await;
    let app = spawn_app(&[
        ("SCIGRAPH_LLM_PROVIDER", "ollama"),
        ("OLLAMA_BASE_URL", &llm.uri()),
        ("OLLAMA_TIMEOUT", "20"),
        ("SCIGRAPH_REQUEST_TIMEOUT", "1"),
    ])
    .await;

    let started = Instant::now();
    let response = app.client.post(format!("{}/ask", app.address)).json(&json!({ "question": QUESTION })).send().await.unwrap();
    let elapsed = started.elapsed();

    assert_eq!(response.status(), 504);
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "request_timeout");
    assert!(body["error"]["message"].as_str().unwrap().contains("SCIGRAPH_REQUEST_TIMEOUT"));
    assert_eq!(app.health().await["kg"]["status"], "ok");
}
