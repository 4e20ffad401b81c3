//! Text-to-SPARQL through `/ask`, with a fake LLM (wiremock) writing the query: it runs
//! only once validated. Each bad reply (a syntax error, a write, a SERVICE call, an unknown
//! predicate, a refusal, garbage) ends as a `rejected` strategy that is never sent to the
//! graph (absent from `sparql_queries`); a huge result is cut to the row cap; a valid
//! query's rows answer when the templates find nothing, cited like any other.

use serde_json::{json, Value};
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{codes, spawn_app, TestApp};

/// An Ollama whose text-to-SPARQL replies are `sparql_reply`; the other stages get
/// replies they cannot use (they fall back to the rules).
async fn llm_writing(sparql_reply: &str) -> MockServer {
    let server = MockServer::start().await;
    let reply = |content: &str| ResponseTemplate::new(200).set_body_json(json!({"message": {"role": "assistant", "content": content}, "done": true}));
    Mock::given(method("POST")).and(path("/api/chat")).and(body_string_contains("You write SPARQL for the Open Research Knowledge Graph")).respond_with(reply(sparql_reply)).mount(&server).await;
    Mock::given(method("POST")).and(path("/api/chat")).respond_with(reply("not useful")).mount(&server).await;
    server
}

async fn app_with(server: &MockServer) -> TestApp {
    // Answer phrasing off: the extractive answer is what the gates judge.
    spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri()), ("SCIGRAPH_LLM_STAGES", "sparql")]).await
}

fn generated(body: &Value) -> &Value {
    body["strategies_used"].as_array().unwrap().iter().find(|s| s["name"] == "generated").unwrap_or_else(|| panic!("no generated strategy: {}", body["strategies_used"]))
}

fn generated_sent(body: &Value) -> Option<String> {
    body["sparql_queries"].as_array().unwrap().iter().find(|q| q["strategy"] == "generated").map(|q| q["sparql"].as_str().unwrap().to_owned())
}

const QUESTION: &str = "Which papers of the graph have a title at all?";

#[tokio::test]
async fn a_valid_generated_query_runs_with_a_row_cap_and_its_rows_answer_with_citations() {
    let server = llm_writing("Here you go:\n```sparql\nSELECT ?paper ?title WHERE { ?paper a orkgc:Paper ; rdfs:label ?title } LIMIT 1000000\n```").await;
    let app = app_with(&server).await;
    let body = app.ask(QUESTION).await;
    let report = generated(&body);
    assert!(report["status"] == "ok" || report["status"] == "cached", "{report}");
    assert_eq!(report["rows"], 75, "the demo graph's 75 papers, under the cap of 100");
    let sent = generated_sent(&body).expect("the validated query is recorded");
    assert!(sent.contains("LIMIT 100") && !sent.contains("1000000"), "the huge LIMIT is cut: {sent}");
    let llm_exchange = body["llm_exchanges"].as_array().unwrap().iter().find(|e| e["stage"] == "sparql").expect("the exchange is reported");
    assert!(llm_exchange["prompt"].as_str().unwrap().contains("orkgp:P31"), "the prompt carries the schema");
}

#[tokio::test]
async fn every_invalid_generated_query_is_rejected_and_never_sent() {
    let cases = [
        ("SELECT ?x WHERE { ?x rdfs:label ", "generated_syntax"),
        ("```sparql\nINSERT DATA { <http://x> <http://x> <http://x> }\n```", "generated_not_read_only"),
        ("DROP ALL", "generated_not_read_only"),
        ("SELECT * WHERE { SERVICE <http://evil.example/sparql> { ?s ?p ?o } }", "generated_service"),
        ("SELECT ?x WHERE { ?x orkgp:P999999 ?y }", "generated_unknown_predicate"),
        ("SELECT ?x WHERE { ?x a orkgc:NoSuchClass }", "generated_unknown_class"),
        ("NOT_ANSWERABLE: the schema has no notion of funding", "generated_refused"),
        ("I am sorry, I cannot help with that.", "generated_no_query"),
    ];
    for (reply, code) in cases {
        let server = llm_writing(reply).await;
        let app = app_with(&server).await;
        let before = app.health().await["kg"]["triples"].clone();
        let body = app.ask(QUESTION).await;
        let report = generated(&body);
        assert_eq!(report["status"], "rejected", "{reply}: {report}");
        assert_eq!(report["error_code"], code, "{reply}: {report}");
        assert_eq!(generated_sent(&body), None, "{reply}: a rejected query is never sent");
        assert!(codes(&body).contains(&"generated_rejected".to_owned()), "{reply}: said in the diagnostics");
        assert_eq!(app.health().await["kg"]["triples"], before, "{reply}: the graph is unchanged");
    }
}

#[tokio::test]
async fn without_an_llm_or_with_the_stage_off_no_query_is_generated() {
    let app = spawn_app(&[]).await;
    let body = app.ask(QUESTION).await;
    assert!(body["strategies_used"].as_array().unwrap().iter().all(|s| s["name"] != "generated"));
    let server = llm_writing("SELECT ?x WHERE { ?x a orkgc:Paper }").await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri()), ("SCIGRAPH_LLM_STAGES", "extract")]).await;
    let body = app.ask(QUESTION).await;
    assert!(body["strategies_used"].as_array().unwrap().iter().all(|s| s["name"] != "generated"));
}
