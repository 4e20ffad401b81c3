//! `POST /ask` against a remote SPARQL endpoint that fails: still a 200, honest about it.

use std::time::Duration;

use serde_json::{json, Value};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::spawn_app;

async fn ask_remote(sparql: &MockServer, timeout: &str) -> Value {
    let endpoint = format!("{}/sparql", sparql.uri());
    let app = spawn_app(&[("SCIGRAPH_BACKEND", "remote"), ("SPARQL_ENDPOINT", &endpoint), ("SPARQL_TIMEOUT", timeout)]).await;
    let response = app
        .client
        .post(format!("{}/ask", app.address))
        .json(&json!({"question": "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn statuses(body: &Value) -> Vec<String> {
    body["strategies_used"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn an_endpoint_answering_500_gives_an_honest_200_with_error_statuses() {
    let sparql = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500).set_body_string("boom")).mount(&sparql).await;

    let body = ask_remote(&sparql, "2").await;

    assert!(!statuses(&body).is_empty());
    assert!(statuses(&body).iter().all(|s| s == "error"), "{:?}", statuses(&body));
    assert!(body["sources"].as_array().unwrap().is_empty());
    let answer = body["answer"].as_str().unwrap();
    assert!(answer.contains("could not query the knowledge graph"), "{answer}");
    assert!(body["warnings"].to_string().contains("kg_http_error"));
}

#[tokio::test]
async fn a_slow_endpoint_times_out_and_falls_back_to_title_keywords() {
    let sparql = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)))
        .mount(&sparql)
        .await;

    let body = ask_remote(&sparql, "0.3").await;

    let reports = body["strategies_used"].as_array().unwrap();
    assert!(reports.iter().any(|r| r["status"] == "timeout"), "{reports:?}");
    assert!(reports.iter().any(|r| r["fallback_for"].is_string() && r["name"] == "papers_by_title"), "{reports:?}");
}
