//! `spawn_app`: the application on 127.0.0.1:0 with settings built from a variable map, as
//! `.env` would give them, and a client to talk to it. Shared by several test crates
//! (`#[path]`), each using part of it.
#![allow(dead_code)]

use std::collections::HashMap;

use scigraph::config::Settings;
use scigraph::startup::Application;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).send().await.expect("request failed")
    }

    /// `POST /ask` with `question`; asserts a 200 and returns the JSON answer.
    pub async fn ask(&self, question: &str) -> serde_json::Value {
        let response = self
            .client
            .post(format!("{}/ask", self.address))
            .json(&serde_json::json!({ "question": question }))
            .send()
            .await
            .expect("request failed");
        assert_eq!(response.status(), 200, "{question}");
        response.json().await.expect("the answer is JSON")
    }

    pub async fn health(&self) -> serde_json::Value {
        let response = self.get("/health").await;
        assert_eq!(response.status(), 200);
        response.json().await.expect("health is JSON")
    }
}

/// Settings as if read from an environment holding `vars`, listening on a free port.
pub fn settings(vars: &[(&str, &str)]) -> Settings {
    let mut map: HashMap<String, String> =
        vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    map.entry("SCIGRAPH_PORT".into()).or_insert_with(|| "0".into());
    // Each test app would compile every pattern again in a debug build; one test turns it on.
    map.entry("SCIGRAPH_WARM_UP".into()).or_insert_with(|| "off".into());
    Settings::from_lookup(|name| map.get(name).cloned()).expect("valid test settings")
}

/// A plain HTTP client. Built through scigraph's builder, which installs the TLS crypto
/// provider that reqwest (compiled without a bundled one) needs even for plain HTTP.
pub fn client() -> reqwest::Client {
    scigraph::http_client::builder(std::time::Duration::from_secs(30)).build().expect("client")
}

pub async fn spawn_app(vars: &[(&str, &str)]) -> TestApp {
    spawn_with(settings(vars)).await
}

pub async fn spawn_with(settings: Settings) -> TestApp {
    let app = Application::build(settings).await.expect("the application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp { address, client: client() }
}

/// A fake Ollama server whose model answers every chat with `content` and which lists the
/// default model (so `/health` reports the LLM `ok`).
pub async fn ollama_answering(content: &str) -> wiremock::MockServer {
    use wiremock::matchers::{method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};
    let server = MockServer::start().await;
    let reply = serde_json::json!({"message": {"role": "assistant", "content": content}, "done": true});
    Mock::given(method("POST")).and(path("/api/chat")).respond_with(ResponseTemplate::new(200).set_body_json(reply)).mount(&server).await;
    let models = serde_json::json!({"models": [{"name": "llama3.2:latest"}]});
    Mock::given(method("GET")).and(path("/api/tags")).respond_with(ResponseTemplate::new(200).set_body_json(models)).mount(&server).await;
    server
}

/// The diagnostic codes of an `/ask` response, in order; scripts and tests read these,
/// never the wording of `warnings`.
pub fn codes(body: &serde_json::Value) -> Vec<String> {
    body["diagnostics"].as_array().map_or_else(Vec::new, |d| d.iter().filter_map(|x| x["code"].as_str().map(str::to_owned)).collect())
}
