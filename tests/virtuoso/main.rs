//! The remote backend against ORKG's real engine: a Virtuoso started on 127.0.0.1 by
//! `make test-virtuoso` (scripts/virtuoso.sh).
//!
//! - `demo_*`: Virtuoso holds the demo graph (`SCIGRAPH_VIRTUOSO_URL`). Every question type
//!   is asked of both the embedded store and Virtuoso; the answers, sources, verdicts and
//!   every strategy's row count must match.
//! - `mirror_*`: Virtuoso holds the SciQA mirror (`SCIGRAPH_VIRTUOSO_MIRROR_URL`). The SciQA
//!   test split is scored over both engines; every question's answer must match.
//!
//! The make target starts Virtuoso once per graph and runs each group with a name filter.
//! Without the variables (a plain `cargo test`) these tests skip with a message.

use serde_json::Value;

#[path = "../api/helpers.rs"]
mod helpers;
#[path = "../support/require.rs"]
mod require;

use helpers::spawn_app;

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
async fn demo_virtuoso_answers_every_question_type_as_the_embedded_store_does() {
    let test = "demo_virtuoso_answers_every_question_type_as_the_embedded_store_does";
    let Some(endpoint) = require::var(test, "SCIGRAPH_VIRTUOSO_URL", "test-virtuoso") else { return };
    let embedded = spawn_app(&[]).await;
    let remote = spawn_app(&[("SCIGRAPH_BACKEND", "remote"), ("SPARQL_ENDPOINT", &endpoint)]).await;
    assert_eq!(remote.health().await["kg"]["status"], "ok", "Virtuoso answers the health check");
    for question in QUESTIONS {
        let (a, b) = (embedded.ask(question).await, remote.ask(question).await);
        assert_eq!(a["query_type"], b["query_type"], "{question}");
        assert_eq!(items(&a), items(&b), "{question}: answer items differ");
        assert_eq!(sources(&a), sources(&b), "{question}: sources differ");
        assert_eq!(a["verdict"], b["verdict"], "{question}");
        assert_eq!(rows(&a), rows(&b), "{question}: strategy row counts differ");
        assert!(b["strategies_used"].as_array().unwrap().iter().all(|s| s["status"] == "ok" || s["status"] == "cached"), "{question}: {}", b["strategies_used"]);
    }
}

/// Virtuoso's bulk loader decodes XML character references in literals (`&#x0040;` is
/// stored as `@`; see ARCHITECTURE.md). Applied to the embedded side before comparing.
fn decode_char_refs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("&#") {
        out.push_str(&rest[..start]);
        let tail = &rest[start + 2..];
        let decoded = tail.find(';').and_then(|end| {
            let code = &tail[..end];
            let value = match code.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => code.parse().ok(),
            };
            value.and_then(char::from_u32).map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &tail[end + 1..];
            }
            None => {
                out.push_str("&#");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn character_references_decode_like_virtuoso_does() {
    assert_eq!(decode_char_refs("&#x0040;Scale: &#64; & &#zz; &#"), "@Scale: @ & &#zz; &#");
}

#[tokio::test]
async fn mirror_sciqa_scores_the_same_over_virtuoso_as_over_the_embedded_store() {
    use std::collections::BTreeSet;
    use std::sync::Arc;
    use scigraph::config::Settings;
    use scigraph::eval::sciqa;
    use scigraph::kg::embedded::EmbeddedGraph;
    use scigraph::kg::load::Quiet;
    use scigraph::pipeline::Pipeline;

    let test = "mirror_sciqa_scores_the_same_over_virtuoso_as_over_the_embedded_store";
    let Some(endpoint) = require::var(test, "SCIGRAPH_VIRTUOSO_MIRROR_URL", "test-virtuoso") else { return };
    let Some(shared) = require::var(test, "SCIGRAPH_SHARED_DATA", "test-virtuoso") else { return };
    let shared = std::path::PathBuf::from(shared);
    let split = shared.join("sciqa/test");
    let questions = sciqa::read_questions(&split.join("questions.json")).expect("SciQA test questions");
    let answers = sciqa::read_answers(&split.join("answers.json")).expect("SciQA test answers");

    let mirror = shared.join("mirror/orkg-mirror.nt.gz");
    let graph = tokio::task::spawn_blocking(move || EmbeddedGraph::from_dumps(&[mirror], std::time::Duration::from_secs(30), &Quiet).expect("mirror loads"))
        .await
        .expect("loader task");
    let embedded = Pipeline::build(&Settings::from_lookup(|_| None).expect("defaults"), Arc::new(graph), None).await.expect("pipeline");
    embedded.labels().expect("labels from the embedded mirror");

    let remote_settings = Settings::from_lookup(|name| match name {
        "SCIGRAPH_BACKEND" => Some("remote".to_owned()),
        "SPARQL_ENDPOINT" => Some(endpoint.clone()),
        "SPARQL_TIMEOUT" => Some("30".to_owned()),
        // The start-up reads an embedded store always makes (board summaries, comparison
        // tables), so both engines answer with the same features.
        "SCIGRAPH_REMOTE_BOARDS" => Some("on".to_owned()),
        _ => None,
    })
    .expect("remote settings");
    let kg = scigraph::kg::connect(&remote_settings.kg).await.expect("Virtuoso backend");
    let remote = Pipeline::build(&remote_settings, kg, None).await.expect("pipeline");
    remote.labels().expect("labels from Virtuoso");

    let (a, b) = (
        sciqa::evaluate(&embedded, &questions, &answers, false).await,
        sciqa::evaluate(&remote, &questions, &answers, false).await,
    );
    assert_eq!(a.questions.len(), b.questions.len());
    let mut differing = Vec::new();
    for (x, y) in a.questions.iter().zip(&b.questions) {
        let decoded: BTreeSet<String> = x.predicted.iter().map(|p| decode_char_refs(p)).collect();
        let theirs: BTreeSet<String> = y.predicted.iter().cloned().collect();
        if decoded != theirs {
            differing.push(format!("{} {:?}: embedded {:?} / virtuoso {:?}", x.id, x.question, decoded, theirs));
        }
    }
    assert!(differing.is_empty(), "{} of {} answers differ:\n{}", differing.len(), a.questions.len(), differing.join("\n"));
    assert!(b.templated.f1 >= 0.97, "templated F1 over Virtuoso is {:.3}", b.templated.f1);
    eprintln!(
        "SciQA test over Virtuoso: templated F1 {:.3} (embedded {:.3}), {} questions, p50 {:.1} ms (embedded {:.1} ms)",
        b.templated.f1, a.templated.f1, b.questions.len(), b.latency_ms.p50, a.latency_ms.p50
    );
}
