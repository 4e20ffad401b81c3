//! The pipeline with an LLM (Ollama and OpenAI-compatible, faked by wiremock): good replies
//! are used, and every kind of bad reply ends in a correct, cited, degraded answer.

use std::time::Duration;

use serde_json::{json, Value};
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{codes, spawn_app};

const QUESTION: &str = "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?";

fn ollama_reply(content: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({"message": {"role": "assistant", "content": content}, "done": true}))
}

/// Mounts one reply per stage, told apart by their system prompts.
async fn ollama(extraction: ResponseTemplate, classification: ResponseTemplate, answer: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    for (marker, reply) in [
        ("You extract named entities", extraction),
        ("Classify a question", classification),
        ("You answer questions", answer),
    ] {
        Mock::given(method("POST")).and(path("/api/chat")).and(body_string_contains(marker)).respond_with(reply).mount(&server).await;
    }
    Mock::given(method("GET"))
        .and(path("/api/tags"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2:latest"}]})))
        .mount(&server)
        .await;
    server
}

async fn ask_with_ollama(server: &MockServer, timeout: &str) -> Value {
    let app = spawn_app(&[
        ("SCIGRAPH_LLM_PROVIDER", "ollama"),
        ("OLLAMA_BASE_URL", &server.uri()),
        ("OLLAMA_TIMEOUT", timeout),
    ])
    .await;
    let response = app.client.post(format!("{}/ask", app.address)).json(&json!({"question": QUESTION})).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn warnings(body: &Value) -> String {
    body["warnings"].to_string()
}

/// Whatever the LLM did, the direct answer comes from the graph and the answer is cited.
fn assert_correct_and_cited(body: &Value) {
    assert_eq!(body["answer_items"][0]["label"], "T5-11B", "{body}");
    assert_eq!(body["answer_items"][0]["value"], "96.22");
    let answer = body["answer"].as_str().unwrap();
    let sources = body["sources"].as_array().unwrap().len();
    let cited: Vec<usize> = regex::Regex::new(r"\[(\d+)\]").unwrap().captures_iter(answer).map(|c| c[1].parse().unwrap()).collect();
    assert!(!cited.is_empty(), "uncited: {answer}");
    assert!(cited.iter().all(|n| (1..=sources).contains(n)), "{answer}");
}

const GOOD_ENTITIES: &str = r#"{"methods": [], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": ["F1"]}"#;
const GOOD_TYPE: &str = r#"{"query_type": "method_comparison"}"#;

#[tokio::test]
async fn good_json_from_the_llm_decides_each_stage() {
    let server = ollama(
        ollama_reply(GOOD_ENTITIES),
        ollama_reply(GOOD_TYPE),
        ollama_reply("T5-11B holds the best F1 on SQuAD1.1, 96.22 [1]."),
    )
    .await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["entities_source"], "llm");
    assert_eq!(body["query_type_source"], "llm");
    assert_eq!(body["answer_mode"], "llm");
    assert_eq!(body["answer"], "T5-11B holds the best F1 on SQuAD1.1, 96.22 [1].");
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn prose_and_fences_around_the_json_are_tolerated() {
    let server = ollama(
        ollama_reply(&format!("Sure! Here are the entities:\n```json\n{GOOD_ENTITIES}\n```\nAnything else?")),
        ollama_reply(&format!("The type is:\n{GOOD_TYPE}")),
        ollama_reply("The best is T5-11B [1]."),
    )
    .await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["entities_source"], "llm");
    assert_eq!(body["query_type_source"], "llm");
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn invalid_json_falls_back_to_keywords_and_rules() {
    let server = ollama(
        ollama_reply("{\"methods\": [\"BERT\""),
        ollama_reply("I think it is a recipe question."),
        ollama_reply("T5-11B [1]."),
    )
    .await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["entities_source"], "keywords");
    assert_eq!(body["query_type_source"], "rules");
    assert_eq!(body["query_type"], "method_comparison");
    assert!(codes(&body).contains(&"llm_unusable_reply".to_owned()), "{:?}", codes(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn a_500_from_the_llm_falls_back_everywhere_with_warnings() {
    let server = ollama(ResponseTemplate::new(500), ResponseTemplate::new(500), ResponseTemplate::new(500)).await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["entities_source"], "keywords");
    assert_eq!(body["query_type_source"], "rules");
    assert_eq!(body["answer_mode"], "extractive");
    assert!(warnings(&body).contains("llm_http_error"), "{}", warnings(&body));
    assert!(codes(&body).iter().filter(|c| *c == "llm_fallback").count() >= 2, "{:?}", codes(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn a_hanging_llm_times_out_and_the_answer_is_extractive() {
    let slow = || ollama_reply(GOOD_ENTITIES).set_delay(Duration::from_secs(5));
    let server = ollama(slow(), slow(), slow()).await;
    let started = std::time::Instant::now();
    let body = ask_with_ollama(&server, "0.3").await;
    assert!(started.elapsed() < Duration::from_secs(5), "did not wait for the hanging LLM");
    assert_eq!(body["answer_mode"], "extractive");
    assert!(warnings(&body).contains("llm_timeout"), "{}", warnings(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn an_empty_reply_falls_back() {
    let server = ollama(ollama_reply(""), ollama_reply(""), ollama_reply("   ")).await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["answer_mode"], "extractive");
    assert!(warnings(&body).contains("llm_empty_reply"), "{}", warnings(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn citations_of_sources_that_do_not_exist_are_removed_and_reported() {
    let server = ollama(
        ollama_reply(GOOD_ENTITIES),
        ollama_reply(GOOD_TYPE),
        ollama_reply("T5-11B is best [1][9]."),
    )
    .await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["answer"], "T5-11B is best [1].");
    assert!(warnings(&body).contains("[9]"), "{}", warnings(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn an_answer_citing_only_missing_sources_is_replaced_by_the_extractive_one() {
    let server = ollama(ollama_reply(GOOD_ENTITIES), ollama_reply(GOOD_TYPE), ollama_reply("It is XLNet [9].")).await;
    let body = ask_with_ollama(&server, "5").await;
    assert_eq!(body["answer_mode"], "extractive");
    assert!(!body["answer"].as_str().unwrap().contains("XLNet"));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn the_openai_compatible_client_drives_the_same_pipeline() {
    let server = MockServer::start().await;
    let reply = |content: &str| {
        ResponseTemplate::new(200).set_body_json(json!({"choices": [{"message": {"role": "assistant", "content": content}}]}))
    };
    for (marker, content) in [
        ("You extract named entities", GOOD_ENTITIES),
        ("Classify a question", GOOD_TYPE),
        ("You answer questions", "T5-11B, 96.22 F1 [1]."),
    ] {
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .and(body_string_contains(marker))
            .respond_with(reply(content))
            .expect(1)
            .mount(&server)
            .await;
    }
    let base = format!("{}/v1", server.uri());
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "openai"), ("OPENAI_BASE_URL", &base), ("OPENAI_MODEL", "m")]).await;
    let body: Value = app.client.post(format!("{}/ask", app.address)).json(&json!({"question": QUESTION})).send().await.unwrap().json().await.unwrap();
    assert_eq!(body["answer_mode"], "llm");
    assert_eq!(body["entities_source"], "llm");
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn entities_the_llm_copied_from_elsewhere_are_dropped_with_a_warning() {
    // What a small model does: the question's names plus the few-shot examples' names.
    let copied = r#"{"methods": ["T5-11B"], "datasets": ["SQuAD1.1"], "tasks": ["named entity recognition"], "fields": ["Computer Vision"], "metrics": ["F1"]}"#;
    let server = ollama(ollama_reply(copied), ollama_reply(GOOD_TYPE), ollama_reply("T5-11B [1].")).await;

    let body = ask_with_ollama(&server, "5").await;

    assert_eq!(body["entities_source"], "llm");
    assert_eq!(body["entities"]["datasets"], json!(["SQuAD1.1"]));
    assert_eq!(body["entities"]["methods"], json!([]), "T5-11B is not in the question");
    assert_eq!(body["entities"]["tasks"], json!([]));
    assert_eq!(body["entities"]["fields"], json!([]));
    let w = warnings(&body);
    assert!(w.contains("fields: Computer Vision (not in the question)") && w.contains("methods: T5-11B (not in the question)"), "{w}");
    assert!(codes(&body).contains(&"entity_dropped".to_owned()), "{:?}", codes(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn an_llm_label_against_an_explicit_claim_is_overruled_by_the_wording() {
    let server = ollama(
        ollama_reply(r#"{"methods": ["BERT", "ELMo"], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": []}"#),
        ollama_reply(r#"{"query_type": "topic_search"}"#),
        ollama_reply("Yes [1]."),
    )
    .await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri())]).await;

    let body = app.ask("Is it true that BERT outperforms ELMo on SQuAD1.1?").await;

    assert_eq!(body["query_type"], "claim_verification");
    assert_eq!(body["query_type_source"], "rules");
    assert!(codes(&body).contains(&"llm_overruled".to_owned()), "{:?}", codes(&body));
    assert!(["SUPPORTED", "REFUTED", "UNCERTAIN"].contains(&body["verdict"].as_str().unwrap_or_default()), "{}", body["verdict"]);
}

#[tokio::test]
async fn stages_kept_from_the_llm_stay_deterministic_and_say_so() {
    // A model that would mislabel everything, allowed to phrase answers only.
    let server = ollama(ollama_reply(r#"{"methods": ["SQuAD1.1"]}"#), ollama_reply(r#"{"query_type": "topic_search"}"#), ollama_reply("T5-11B is best [1].")).await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri()), ("SCIGRAPH_LLM_STAGES", "answer")]).await;

    let body = app.ask(QUESTION).await;

    assert_eq!(body["query_type"], "method_comparison");
    assert_eq!(body["query_type_source"], "rules");
    assert_eq!(body["entities_source"], "keywords");
    assert_eq!(body["answer_mode"], "llm");
    assert!(codes(&body).contains(&"llm_stages_off".to_owned()), "{:?}", codes(&body));
    assert_correct_and_cited(&body);
}

#[tokio::test]
async fn a_reply_larger_than_the_cap_is_refused_and_every_stage_falls_back() {
    // 5 MB of garbage from every chat call: read up to the cap, then dropped.
    let huge = ResponseTemplate::new(200).set_body_raw("x".repeat(5 * 1024 * 1024), "application/json");
    let server = ollama(huge.clone(), huge.clone(), huge).await;

    let body = ask_with_ollama(&server, "10").await;

    assert_eq!(body["entities_source"], "keywords");
    assert_eq!(body["query_type_source"], "rules");
    assert_eq!(body["answer_mode"], "extractive");
    assert!(warnings(&body).contains("llm_reply_too_large"), "{}", warnings(&body));
    assert_correct_and_cited(&body);
}
