//! Bad input to `POST /ask` gets a JSON 4xx with a stable code, never a 5xx.

use crate::helpers::{spawn_app, TestApp};

async fn post(app: &TestApp, content_type: Option<&str>, body: impl Into<reqwest::Body>) -> (u16, serde_json::Value) {
    let mut request = app.client.post(format!("{}/ask", app.address)).body(body);
    if let Some(ct) = content_type {
        request = request.header("content-type", ct);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let json = response.json().await.unwrap_or(serde_json::Value::Null);
    (status, json)
}

#[tokio::test]
async fn each_malformed_request_gets_its_own_4xx_code() {
    let app = spawn_app(&[("SCIGRAPH_BODY_LIMIT", "4096"), ("SCIGRAPH_MAX_QUESTION_CHARS", "100")]).await;
    let json = Some("application/json");
    let long = format!(r#"{{"question": "{}"}}"#, "a".repeat(101));
    let huge = format!(r#"{{"question": "{}"}}"#, "a".repeat(5000));
    // (name, content type, body, status, error code)
    type Case<'a> = (&'a str, Option<&'a str>, Vec<u8>, u16, &'a str);
    let cases: Vec<Case> = vec![
        ("broken JSON", json, b"{\"question\": ".to_vec(), 400, "invalid_json"),
        ("not JSON at all", json, b"hello".to_vec(), 400, "invalid_json"),
        ("missing question", json, b"{}".to_vec(), 400, "invalid_request"),
        ("question is a number", json, b"{\"question\": 42}".to_vec(), 400, "invalid_request"),
        ("question is null", json, b"{\"question\": null}".to_vec(), 400, "invalid_request"),
        ("body is an array", json, b"[\"q\"]".to_vec(), 400, "invalid_request"),
        ("empty question", json, b"{\"question\": \"   \"}".to_vec(), 400, "empty_question"),
        ("question too long", json, long.into_bytes(), 400, "question_too_long"),
        ("body too large", json, huge.into_bytes(), 413, "payload_too_large"),
        ("wrong content type", Some("text/plain"), b"{\"question\": \"q\"}".to_vec(), 415, "unsupported_media_type"),
        ("no content type", None, b"{\"question\": \"q\"}".to_vec(), 415, "unsupported_media_type"),
        ("empty body", json, Vec::new(), 400, "invalid_json"),
        ("invalid UTF-8", json, b"{\"question\": \"\xff\xfe\"}".to_vec(), 400, "invalid_json"),
    ];
    for (name, content_type, body, status, code) in cases {
        let (got_status, got) = post(&app, content_type, body).await;
        assert_eq!(got_status, status, "{name}: {got}");
        assert_eq!(got["error"]["code"], code, "{name}: {got}");
        assert!(got["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{name}");
    }
    // Still healthy afterwards.
    assert_eq!(app.health().await["status"], "ok");
}

#[tokio::test]
async fn get_on_ask_is_a_json_405() {
    let app = spawn_app(&[]).await;
    let response = app.get("/ask").await;
    assert_eq!(response.status(), 405);
    assert_eq!(response.headers()["allow"], "POST");
}
