use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::spawn_app;

fn ask_true() -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_raw(r#"{"head": {}, "boolean": true}"#, "application/sparql-results+json")
}

#[tokio::test]
async fn health_on_the_default_embedded_demo_graph_is_ok_with_a_triple_count() {
    let app = spawn_app(&[]).await;

    let body = app.health().await;

    assert_eq!(body["status"], "ok");
    assert_eq!(body["kg"]["backend"], "embedded");
    assert_eq!(body["kg"]["status"], "ok");
    assert!(body["kg"]["triples"].as_u64().unwrap() > 1000, "{body}");
    assert_eq!(body["llm"]["provider"], "none");
    assert_eq!(body["llm"]["status"], "disabled");
    assert_eq!(body["pipeline"], "ready");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(body["trust"]["recency_lambda"], 0.08);
    assert_eq!(body["trust"]["conflict_threshold"], 0.3);
}

#[tokio::test]
async fn a_service_that_warms_its_stages_up_at_start_serves_health_and_answers() {
    // The warm-up asks the bundled demo graph its questions before the listener serves.
    let app = spawn_app(&[("SCIGRAPH_WARM_UP", "on")]).await;

    assert_eq!(app.health().await["status"], "ok");
    let body = app.ask("Which model has the best Top-1 Accuracy on ImageNet?").await;
    assert!(!body["answer_items"].as_array().expect("items").is_empty(), "{body}");
}

#[tokio::test]
async fn health_on_a_remote_endpoint_reports_it_and_asks_it_once_per_cache_period() {
    let sparql = MockServer::start().await;
    // The health check's ASK, once; the start-up label query is answered separately.
    Mock::given(method("POST"))
        .and(path("/sparql"))
        .and(body_string_contains("query=ASK"))
        .respond_with(ask_true())
        .expect(1)
        .mount(&sparql)
        .await;
    Mock::given(method("POST"))
        .and(path("/sparql"))
        .and(body_string_contains("query=PREFIX"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            r#"{"head": {"vars": ["entity", "class", "label"]}, "results": {"bindings": []}}"#,
            "application/sparql-results+json",
        ))
        .mount(&sparql)
        .await;
    let endpoint = format!("{}/sparql", sparql.uri());
    let app = spawn_app(&[("SCIGRAPH_BACKEND", "remote"), ("SPARQL_ENDPOINT", &endpoint)]).await;

    let first = app.health().await;
    let second = app.health().await;

    assert_eq!(first["status"], "ok");
    assert_eq!(first["kg"]["backend"], "remote");
    assert_eq!(first["kg"]["endpoint"], endpoint);
    assert!(first["kg"].get("triples").is_none(), "{first}");
    assert_eq!(second, first);
    // `.expect(1)` is verified when `sparql` drops: one check served both calls.
}

#[tokio::test]
async fn health_is_degraded_but_200_when_the_endpoint_fails_and_recovers_after_the_cache_period() {
    let sparql = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(503)).mount(&sparql).await;
    let endpoint = format!("{}/sparql", sparql.uri());
    let app = spawn_app(&[
        ("SCIGRAPH_BACKEND", "remote"),
        ("SPARQL_ENDPOINT", &endpoint),
        ("SCIGRAPH_HEALTH_CACHE_SECS", "0.2"),
    ])
    .await;

    let body = app.health().await;
    assert_eq!(body["status"], "degraded");
    assert_eq!(body["kg"]["status"], "degraded");
    assert!(body["kg"]["error"].as_str().unwrap().contains("503"), "{body}");

    sparql.reset().await;
    Mock::given(method("POST")).respond_with(ask_true()).mount(&sparql).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let body = app.health().await;
    assert_eq!(body["status"], "ok", "{body}");
}

#[tokio::test]
async fn health_is_degraded_when_the_endpoint_is_slower_than_the_timeout() {
    let sparql = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ask_true().set_delay(Duration::from_secs(2)))
        .mount(&sparql)
        .await;
    let endpoint = format!("{}/sparql", sparql.uri());
    let app = spawn_app(&[
        ("SCIGRAPH_BACKEND", "remote"),
        ("SPARQL_ENDPOINT", &endpoint),
        ("SPARQL_TIMEOUT", "0.3"),
    ])
    .await;

    let body = app.health().await;

    assert_eq!(body["kg"]["status"], "degraded");
    assert!(body["kg"]["error"].as_str().unwrap().contains("kg_timeout"), "{body}");
}

#[tokio::test]
async fn a_configured_llm_that_answers_keeps_health_ok_and_is_named() {
    let ollama = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/api/tags"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2:latest"}]})))
        .mount(&ollama)
        .await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &ollama.uri())]).await;

    let body = app.health().await;

    assert_eq!(body["status"], "ok");
    assert_eq!(body["llm"]["provider"], "ollama");
    assert_eq!(body["llm"]["status"], "ok");
    assert_eq!(body["llm"]["model"], "llama3.2");
    assert_eq!(body["llm"]["stages"], json!({"extract": true, "classify": true, "answer": true, "sparql": true}));
}

#[tokio::test]
async fn a_configured_llm_that_fails_makes_health_degraded_but_still_200() {
    let llm = MockServer::start().await;
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(500)).mount(&llm).await;
    let base = format!("{}/v1", llm.uri());
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "openai"), ("OPENAI_BASE_URL", &base)]).await;

    let body = app.health().await;

    assert_eq!(body["status"], "degraded");
    assert_eq!(body["kg"]["status"], "ok");
    assert_eq!(body["llm"]["provider"], "openai");
    assert_eq!(body["llm"]["status"], "degraded");
}

#[tokio::test]
async fn an_llm_that_hangs_makes_health_degraded_and_it_comes_back_when_the_llm_does() {
    let ollama = MockServer::start().await;
    let tags = ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2:latest"}]}));
    Mock::given(method("GET")).and(path("/api/tags")).respond_with(tags.clone().set_delay(Duration::from_secs(30))).mount(&ollama).await;
    let app = spawn_app(&[
        ("SCIGRAPH_LLM_PROVIDER", "ollama"),
        ("OLLAMA_BASE_URL", &ollama.uri()),
        ("OLLAMA_TIMEOUT", "1"),
        ("SCIGRAPH_HEALTH_CACHE_SECS", "0.2"),
    ])
    .await;

    let started = std::time::Instant::now();
    let body = app.health().await;
    assert!(started.elapsed() < Duration::from_secs(5), "health is bounded: {:?}", started.elapsed());
    assert_eq!(body["status"], "degraded", "{body}");
    assert_eq!(body["llm"]["status"], "degraded");
    assert_eq!(body["kg"]["status"], "ok");

    ollama.reset().await;
    Mock::given(method("GET")).and(path("/api/tags")).respond_with(tags).mount(&ollama).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let body = app.health().await;
    assert_eq!(body["status"], "ok", "{body}");
    assert_eq!(body["llm"]["status"], "ok");
}

#[tokio::test]
async fn a_failing_endpoint_opens_the_circuit_health_turns_degraded_and_comes_back() {
    let sparql = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).mount(&sparql).await;
    let endpoint = format!("{}/sparql", sparql.uri());
    let app = spawn_app(&[
        ("SCIGRAPH_BACKEND", "remote"),
        ("SPARQL_ENDPOINT", &endpoint),
        ("SCIGRAPH_SPARQL_RETRIES", "1"),
        ("SCIGRAPH_BREAKER_THRESHOLD", "3"),
        ("SCIGRAPH_BREAKER_COOLDOWN_SECS", "0.5"),
        ("SCIGRAPH_HEALTH_CACHE_SECS", "0.1"),
    ])
    .await;

    // Questions keep failing until the circuit opens; then health says so.
    let ask = || app.client.post(format!("{}/ask", app.address)).json(&json!({"question": "Which papers use LSTM?"})).send();
    let mut opened = false;
    for _ in 0..5 {
        let body: serde_json::Value = ask().await.unwrap().json().await.unwrap();
        if body["warnings"].to_string().contains("kg_circuit_open") {
            opened = true;
            break;
        }
    }
    assert!(opened, "the circuit never opened");
    tokio::time::sleep(Duration::from_millis(150)).await;
    let degraded = app.health().await;
    assert_eq!(degraded["status"], "degraded");
    assert!(degraded["kg"]["error"].as_str().unwrap().contains("kg_circuit_open"), "{degraded}");

    // The endpoint recovers; after the cool-down the trial query closes the circuit.
    sparql.reset().await;
    Mock::given(method("POST")).respond_with(ask_true()).mount(&sparql).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(app.health().await["status"], "ok");
}
