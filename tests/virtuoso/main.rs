//! The remote backend against ORKG's real engine: a Virtuoso started on 127.0.0.1 by
//! `make test-virtuoso` (scripts/virtuoso.sh) with the demo graph loaded. Every question
//! type is asked of both the embedded store and Virtuoso; the answers, sources, verdicts
//! and every strategy's row count must match. Needs `SCIGRAPH_VIRTUOSO_URL`.

use serde_json::Value;

#[path = "../api/helpers.rs"]
mod helpers;

use helpers::{spawn_app, TestApp};

const QUESTIONS: &[&str] = &[
    "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?",
    "What models are being evaluated on the CIFAR-10 dataset?",
    "What is the top benchmark score and its metric on ImageNet?",
    "Which metrics are used to evaluate models on COCO?",
    "What datasets are used for question answering?",
    "Provide links to code used in papers that use the BERT-Large model",
    "Which papers use LSTM?",
    "Which papers address named entity recognition?",
    "Who wrote 'Attention Is All You Need'?",
    "Find the paper with DOI 10.1109/CVPR.2016.90",
    "Is it true that BERT outperforms ELMo on SQuAD1.1?",
    "Does ResNet-50 reach 80.4 top-1 accuracy on ImageNet?",
    "Which model had the best top-1 accuracy on ImageNet as of 2018?",
    "Which papers study the migration patterns of zebras?",
];

async fn ask(app: &TestApp, question: &str) -> Value {
    let response = app.client.post(format!("{}/ask", app.address)).json(&serde_json::json!({ "question": question })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn items(body: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = body["answer_items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["label"].as_str().unwrap_or("").to_owned(), i["value"].as_str().unwrap_or("").to_owned()))
        .collect();
    out.sort();
    out
}

fn sources(body: &Value) -> Vec<String> {
    let mut out: Vec<String> = body["sources"].as_array().unwrap().iter().map(|s| s["iri"].as_str().unwrap().to_owned()).collect();
    out.sort();
    out
}

fn rows(body: &Value) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = body["strategies_used"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_owned(), s["rows"].as_u64().unwrap()))
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn virtuoso_answers_every_question_type_as_the_embedded_store_does() {
    let Ok(endpoint) = std::env::var("SCIGRAPH_VIRTUOSO_URL") else {
        panic!("SCIGRAPH_VIRTUOSO_URL is not set: run `make test-virtuoso`, which starts Virtuoso first");
    };
    let embedded = spawn_app(&[]).await;
    let remote = spawn_app(&[("SCIGRAPH_BACKEND", "remote"), ("SPARQL_ENDPOINT", &endpoint)]).await;
    assert_eq!(remote.health().await["kg"]["status"], "ok", "Virtuoso answers the health check");
    for question in QUESTIONS {
        let (a, b) = (ask(&embedded, question).await, ask(&remote, question).await);
        assert_eq!(a["query_type"], b["query_type"], "{question}");
        assert_eq!(items(&a), items(&b), "{question}: answer items differ");
        assert_eq!(sources(&a), sources(&b), "{question}: sources differ");
        assert_eq!(a["verdict"], b["verdict"], "{question}");
        assert_eq!(rows(&a), rows(&b), "{question}: strategy row counts differ");
        assert!(b["strategies_used"].as_array().unwrap().iter().all(|s| s["status"] == "ok" || s["status"] == "cached"), "{question}: {}", b["strategies_used"]);
    }
}
