//! `evidence_graph` and `llm_exchanges` in `/ask` answers: a graph for every question type
//! whose nodes include the cited papers and whose edges join nodes of the graph; facts the
//! trust stage set aside are in it and marked; what the LLM was told is reported.

use std::collections::BTreeSet;

use serde_json::{json, Value};
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::spawn_app;

const KINDS: [&str; 9] = ["paper", "contribution", "model", "dataset", "metric", "value", "problem", "field", "code"];
const STATUSES: [&str; 4] = ["used", "conflicting", "removed", "superseded"];

/// What holds for every evidence graph: known kinds and statuses, unique ids, edges between
/// nodes of the graph, every cited paper drawn, and the bound.
fn check_shape(body: &Value) -> &Value {
    let graph = &body["evidence_graph"];
    let nodes = graph["nodes"].as_array().unwrap_or_else(|| panic!("no nodes: {body}"));
    let edges = graph["edges"].as_array().expect("edges");
    let ids: BTreeSet<&str> = nodes.iter().map(|n| n["id"].as_str().expect("id")).collect();
    assert_eq!(ids.len(), nodes.len(), "node ids are unique");
    assert!(nodes.len() <= 200);
    for node in nodes {
        assert!(KINDS.contains(&node["kind"].as_str().unwrap()), "{node}");
        assert!(STATUSES.contains(&node["status"].as_str().unwrap()), "{node}");
        assert!(node["label"].is_string() && node.get("iri").is_some(), "{node}");
    }
    for edge in edges {
        assert!(ids.contains(edge["source"].as_str().unwrap()) && ids.contains(edge["target"].as_str().unwrap()), "{edge}");
        assert!(STATUSES.contains(&edge["status"].as_str().unwrap()), "{edge}");
        assert!(!edge["predicate"].as_str().unwrap().is_empty());
    }
    for source in body["sources"].as_array().unwrap() {
        assert!(ids.contains(source["iri"].as_str().unwrap()), "cited paper {} is drawn", source["iri"]);
    }
    assert!(graph["truncated"].is_boolean());
    graph
}

fn nodes_of<'a>(graph: &'a Value, kind: &str) -> Vec<&'a Value> {
    graph["nodes"].as_array().unwrap().iter().filter(|n| n["kind"] == kind).collect()
}

#[tokio::test]
async fn every_question_type_answers_with_an_evidence_graph_of_what_it_used() {
    let app = spawn_app(&[]).await;
    let cases = [
        ("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?", "method_comparison"),
        ("Is BERT better than ELMo on SQuAD1.1?", "claim_verification"),
        ("What datasets are used for question answering?", "dataset_search"),
        ("Which papers use ResNet?", "method_usage"),
        ("What is the DOI of Deep Residual Learning for Image Recognition?", "paper_lookup"),
        ("Papers about knowledge graph embeddings", "topic_search"),
    ];
    for (question, query_type) in cases {
        let body = app.ask(question).await;
        assert_eq!(body["query_type"], query_type, "{question}");
        let graph = check_shape(&body);
        assert!(!nodes_of(graph, "paper").is_empty(), "{question}: {graph}");
        assert_eq!(body["llm_exchanges"], json!([]), "no LLM, no exchange");
    }

    // A best result is drawn from its paper down to the value and its metric.
    let body = app.ask("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?").await;
    let graph = check_shape(&body);
    let value = nodes_of(graph, "value").into_iter().find(|n| n["label"] == "96.22").expect("the best value is a node");
    let edges = graph["edges"].as_array().unwrap();
    assert!(edges.iter().any(|e| e["source"] == value["id"] && e["predicate"] == "HAS_METRIC"));
    assert!(nodes_of(graph, "model").iter().any(|n| n["label"] == "T5-11B"));

    // A claim draws the facts on both sides.
    let body = app.ask("Is BERT better than ELMo on SQuAD1.1?").await;
    let graph = check_shape(&body);
    let values: BTreeSet<&str> = nodes_of(graph, "value").iter().map(|n| n["label"].as_str().unwrap()).collect();
    assert!(values.contains("90.9") && values.contains("85.8"), "{values:?}");

    // A listing joins each dataset to the papers it came from.
    let body = app.ask("What datasets are used for question answering?").await;
    let graph = check_shape(&body);
    let squad = nodes_of(graph, "dataset").into_iter().find(|n| n["label"] == "SQuAD1.1").expect("SQuAD1.1 is drawn");
    assert!(graph["edges"].as_array().unwrap().iter().any(|e| e["target"] == squad["id"]));
}

#[tokio::test]
async fn removed_and_superseded_facts_are_in_the_graph_and_marked() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/conflicts.ttl");
    let app = spawn_app(&[("SCIGRAPH_DUMPS", fixture)]).await;

    let body = app.ask("What is the top F1 score on BenchTwo?").await;
    let graph = check_shape(&body);
    let removed = nodes_of(graph, "value").into_iter().find(|n| n["label"] == "74.0").expect("the removed value is drawn");
    assert_eq!(removed["status"], "removed", "{graph}");
    let kept = nodes_of(graph, "value").into_iter().find(|n| n["label"] == "71.2").expect("the kept value is drawn");
    assert_eq!(kept["status"], "used");
    assert!(graph["edges"].as_array().unwrap().iter().any(|e| e["target"] == removed["id"] && e["status"] == "removed"));

    let body = app.ask("Which model has the best Accuracy on BenchOne?").await;
    let graph = check_shape(&body);
    assert!(graph["nodes"].as_array().unwrap().iter().any(|n| n["status"] == "superseded"), "{graph}");
}

#[tokio::test]
async fn each_llm_exchange_is_reported_with_its_prompt_reply_and_use() {
    let server = MockServer::start().await;
    let reply = |content: &str| ResponseTemplate::new(200).set_body_json(json!({"message": {"role": "assistant", "content": content}, "done": true}));
    let extraction = r#"{"methods": [], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": ["F1"]}"#;
    for (marker, content) in [
        ("You extract named entities", extraction),
        ("Classify a question", "not json at all"),
        ("You answer questions", "T5-11B reaches 96.22 F1 on SQuAD1.1 [1]."),
    ] {
        Mock::given(method("POST")).and(path("/api/chat")).and(body_string_contains(marker)).respond_with(reply(content)).mount(&server).await;
    }
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri())]).await;

    let body = app.ask("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?").await;

    let exchanges = body["llm_exchanges"].as_array().expect("llm_exchanges");
    let stage = |name: &str| exchanges.iter().find(|e| e["stage"] == name).unwrap_or_else(|| panic!("no {name} exchange: {exchanges:?}"));
    assert!(stage("extract")["prompt"].as_str().unwrap().contains("You extract named entities"));
    assert_eq!(stage("extract")["reply"], extraction);
    assert_eq!(stage("extract")["used"], body["entities_source"] == "llm");
    // An unusable classification reply is reported, and marked unused.
    assert_eq!(stage("classify")["reply"], "not json at all");
    assert_eq!(stage("classify")["used"], false);
    assert_eq!(body["query_type_source"], "rules");
    assert_eq!(stage("answer")["used"], body["answer_mode"] == "llm");
}
