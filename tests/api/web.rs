//! The routes around `/ask`: the page and its files (with a strict Content-Security-Policy),
//! `/ask/baseline`, `/metrics`, the client address behind a trusted proxy, and compression.

use std::io::Read;

use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{ollama_answering, spawn_app};

#[tokio::test]
async fn the_page_and_its_files_are_served_with_a_strict_content_security_policy() {
    let app = spawn_app(&[]).await;
    for (route, kind) in [("/", "text/html"), ("/static/app.js", "text/javascript"), ("/static/app.css", "text/css"), ("/static/vendor/cytoscape.min.js", "text/javascript")] {
        let response = app.get(route).await;
        assert_eq!(response.status(), 200, "{route}");
        let headers = response.headers();
        assert!(headers["content-type"].to_str().unwrap().starts_with(kind), "{route}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.starts_with("default-src 'self'") && !csp.contains("unsafe"), "{csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    let html = app.get("/?q=anything").await.text().await.unwrap();
    assert!(html.contains("/static/app.js") && html.contains("/static/vendor/cytoscape.min.js"));
    assert!(!html.contains("<script>") && !html.contains(" style=\"") && !html.contains(" onclick="), "no inline script or style");
    let missing = app.get("/static/nope.js").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.json::<Value>().await.unwrap()["error"]["code"], "not_found");
}

#[tokio::test]
async fn swagger_ui_and_the_openapi_document_are_served_from_the_binary() {
    let app = spawn_app(&[]).await;
    let docs = app.get("/docs/").await;
    assert_eq!(docs.status(), 200);
    assert!(docs.text().await.unwrap().contains("swagger"), "Swagger UI's page");
    let document: Value = app.get("/openapi.json").await.json().await.unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"), "{}", document["openapi"]);
    for route in ["/ask", "/ask/baseline", "/health", "/metrics"] {
        assert!(document["paths"].get(route).is_some(), "{route} is documented");
    }
}

#[tokio::test]
async fn the_llm_alone_answers_baseline_questions_and_without_one_it_is_a_clear_error() {
    let app = spawn_app(&[]).await;
    let response = app.client.post(format!("{}/ask/baseline", app.address)).json(&json!({"question": "What is BERT?"})).send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<Value>().await.unwrap()["error"]["code"], "llm_not_configured");

    let server = ollama_answering(" BERT is a 2018 language model. ").await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri())]).await;
    let response = app.client.post(format!("{}/ask/baseline", app.address)).json(&json!({"question": "  What is BERT? "})).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["answer"], "BERT is a 2018 language model.");
    assert_eq!(body["question"], "What is BERT?");
    assert_eq!(body["provider"], "ollama");
    assert!(body["prompt"].as_str().unwrap().ends_with("What is BERT?"));
    // The same validation as /ask.
    let empty = app.client.post(format!("{}/ask/baseline", app.address)).json(&json!({"question": " "})).send().await.unwrap();
    assert_eq!(empty.status(), 400);
    assert_eq!(empty.json::<Value>().await.unwrap()["error"]["code"], "empty_question");
}

#[tokio::test]
async fn a_failing_llm_makes_the_baseline_a_bad_gateway_not_an_empty_answer() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).and(path("/api/chat")).respond_with(ResponseTemplate::new(500)).mount(&server).await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri())]).await;
    let response = app.client.post(format!("{}/ask/baseline", app.address)).json(&json!({"question": "What is BERT?"})).send().await.unwrap();
    assert_eq!(response.status(), 502);
    assert_eq!(response.json::<Value>().await.unwrap()["error"]["code"], "llm_failed");
}

/// The value of the first sample of `metric` whose labels include all of `labels`.
fn sample(text: &str, metric: &str, labels: &[&str]) -> Option<f64> {
    text.lines()
        .filter(|l| l.starts_with(metric) && (l[metric.len()..].starts_with('{') || l[metric.len()..].starts_with(' ')))
        .find(|l| labels.iter().all(|label| l.contains(label)))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests_strategies_stages_cache_and_verdicts() {
    let app = spawn_app(&[]).await;
    let before = app.get("/metrics").await.text().await.unwrap();
    assert_eq!(sample(&before, "scigraph_http_request_duration_seconds_count", &[r#"route="/ask""#]), None);

    app.ask("Is BERT better than ELMo on SQuAD1.1?").await;
    app.ask("Is BERT better than ELMo on SQuAD1.1?").await;
    app.get("/no/such/route").await;

    let response = app.get("/metrics").await;
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    assert_eq!(sample(&text, "scigraph_http_request_duration_seconds_count", &[r#"route="/ask""#, r#"method="POST""#, r#"status="200""#]), Some(2.0), "{text}");
    assert_eq!(sample(&text, "scigraph_http_request_duration_seconds_count", &[r#"route="unmatched""#, r#"status="404""#]), Some(1.0));
    assert!(!text.contains("/no/such/route"), "paths never become labels");
    assert_eq!(sample(&text, "scigraph_verdicts_total", &[r#"verdict="SUPPORTED""#]), Some(2.0));
    assert!(sample(&text, "scigraph_query_cache_lookups_total", &[r#"result="hit""#]).unwrap_or(0.0) >= 1.0, "the second ask is served from the cache");
    assert!(sample(&text, "scigraph_query_cache_lookups_total", &[r#"result="miss""#]).unwrap_or(0.0) >= 1.0);
    assert!(sample(&text, "scigraph_stage_duration_seconds_count", &[r#"stage="retrieve""#]) == Some(2.0));
    assert!(sample(&text, "scigraph_strategy_duration_seconds_count", &[r#"strategy="leaderboard""#]).is_some(), "strategies by template: {text}");
    assert_eq!(sample(&text, "scigraph_asks_total", &[r#"query_type="claim_verification""#]), Some(2.0));
    assert!(text.contains("scigraph_http_requests_in_flight"));
    // Apps count apart: a new one starts from zero.
    let other = spawn_app(&[]).await;
    let fresh = other.get("/metrics").await.text().await.unwrap();
    assert_eq!(sample(&fresh, "scigraph_verdicts_total", &[]), None);
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_rate_limit() {
    let app = spawn_app(&[("SCIGRAPH_TRUSTED_PROXIES", "127.0.0.1"), ("SCIGRAPH_RATE_LIMIT", "1")]).await;
    let ask = |forwarded: &'static str| {
        app.client.post(format!("{}/ask", app.address)).header("x-forwarded-for", forwarded).json(&json!({"question": "papers about BERT"})).send()
    };
    assert_eq!(ask("198.51.100.1").await.unwrap().status(), 200);
    let limited = ask("198.51.100.1").await.unwrap();
    assert_eq!(limited.status(), 429, "the forwarded client is limited, not exempt as loopback");
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(ask("198.51.100.2").await.unwrap().status(), 200, "another client behind the same proxy is not");

    // Without the setting, the header is ignored: the peer is loopback, exempt by default.
    let app = spawn_app(&[("SCIGRAPH_RATE_LIMIT", "1")]).await;
    for _ in 0..3 {
        let response = app.client.post(format!("{}/ask", app.address)).header("x-forwarded-for", "198.51.100.1").json(&json!({"question": "papers about BERT"})).send().await.unwrap();
        assert_eq!(response.status(), 200);
    }
}

#[tokio::test]
async fn answers_are_gzip_compressed_when_the_client_accepts_it() {
    let app = spawn_app(&[]).await;
    let question = json!({"question": "What datasets are used for question answering?"});
    let response = app.client.post(format!("{}/ask", app.address)).header("accept-encoding", "gzip").json(&question).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let compressed = response.bytes().await.unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&compressed[..]).read_to_string(&mut text).unwrap();
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["query_type"], "dataset_search");
    assert!(compressed.len() * 3 < text.len(), "{} of {}", compressed.len(), text.len());

    let plain = app.client.post(format!("{}/ask", app.address)).json(&question).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none_or(|e| e == "identity"));
}
