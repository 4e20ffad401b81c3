//! Questions about an ORKG comparison table (`tests/fixtures/comparison.ttl`, beside the demo
//! graph), answered from the table: a cell, a yes/no with its verdict, an aggregate, a list;
//! the answer cites the rows' papers, records the table's query, and draws the cells read.
//! Questions the templates answer keep their answers.

use serde_json::Value;

use crate::helpers::{spawn_app, TestApp};

async fn app() -> TestApp {
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/data/orkg-demo.ttl");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/comparison.ttl");
    spawn_app(&[("SCIGRAPH_DUMPS", &format!("{demo},{fixture}"))]).await
}

/// What each item answers: a computed number's value, else its label.
fn labels(body: &Value) -> Vec<String> {
    let items = body["answer_items"].as_array().unwrap();
    items.iter().map(|i| if i.get("metric").is_some() { i["value"].as_str() } else { i["label"].as_str() }.unwrap().to_owned()).collect()
}

fn cited_titles(body: &Value) -> Vec<String> {
    body["sources"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_cell_of_a_named_system_is_answered_from_the_table_and_cites_its_paper() {
    let app = app().await;
    let body = app.ask("What data type does Quartz support?").await;
    assert_eq!(body["target"], "comparison_value", "{body}");
    assert_eq!(body["query_type"], "paper_lookup");
    assert_eq!(labels(&body), ["Structured"]);
    assert_eq!(cited_titles(&body), ["Quartz: Structured Statements for Science"]);
    assert!(body["answer"].as_str().unwrap().contains("[1]"));
    assert!(body["sparql_queries"].as_array().unwrap().iter().any(|q| q["strategy"] == "comparison:R970000"), "the table is read for the question");
    let graph = &body["evidence_graph"];
    assert!(graph["nodes"].as_array().unwrap().iter().any(|n| n["kind"] == "value" && n["label"] == "Structured"));
    assert!(graph["edges"].as_array().unwrap().iter().any(|e| e["predicate"] == "Data type"));
    assert_eq!(body["gates"]["faithfulness"]["passed"], true, "{}", body["gates"]);
}

#[tokio::test]
async fn a_yes_no_question_gets_a_verdict_from_the_cell() {
    let app = app().await;
    let body = app.ask("Does Gorse support research data?").await;
    assert_eq!(body["query_type"], "claim_verification");
    assert_eq!(body["verdict"], "REFUTED", "{}", body["answer"]);
    let body = app.ask("Does Fennel support research data?").await;
    assert_eq!(body["verdict"], "SUPPORTED");
    assert_eq!(body["verdict_evidence"]["supporting"][0]["value"], "T");
}

#[tokio::test]
async fn aggregates_count_listed_values_and_rank_numbers() {
    let app = app().await;
    let body = app.ask("What is the most common acquisition method?").await;
    assert_eq!(body["query_type"], "method_comparison");
    assert_eq!(labels(&body), ["Authors"], "three rows list Authors, two Crowdsourcing");
    assert_eq!(body["answer_items"][0]["value"], "3", "with its count of rows");
    let body = app.ask("Which system has the highest class count?").await;
    assert_eq!(labels(&body), ["Quartz"]);
    let body = app.ask("What is the average class count?").await;
    assert_eq!(labels(&body), ["14.5"]);
}

#[tokio::test]
async fn a_value_named_lists_the_systems_holding_it() {
    let app = app().await;
    let body = app.ask("Which systems rely on crowdsourcing?").await;
    let mut got = labels(&body);
    got.sort();
    assert_eq!(got, ["Gorse", "Lumen"]);
    assert_eq!(body["sources"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn questions_the_templates_answer_are_not_taken_by_the_table() {
    let app = app().await;
    let body = app.ask("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?").await;
    assert_ne!(body["target"], "comparison_value");
    assert_eq!(body["answer_items"][0]["label"], "T5-11B");
    let body = app.ask("What datasets are used for question answering?").await;
    assert_eq!(body["query_type"], "dataset_search");
}
