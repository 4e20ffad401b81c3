//! Ollama's native API: `POST /api/chat` for replies, `GET /api/tags` for health.
//!
//! Requests are non-streaming, send `think: false` (reasoning models otherwise spend the
//! time budget thinking and may put the answer outside `content`), and pass a JSON schema
//! as `format` when the caller wants structured output.

use std::time::Duration;

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::json;
use url::Url;

use super::{endpoint, exchange, ChatModel, ChatRequest, LlmError};

pub struct OllamaClient {
    client: reqwest::Client,
    base_url: Url,
    model: String,
    timeout: Duration,
}

impl OllamaClient {
    pub fn new(base_url: Url, model: String, timeout: Duration) -> Result<Self, reqwest::Error> {
        let client = crate::http_client::builder(timeout).build()?;
        Ok(Self { client, base_url, model, timeout })
    }
}

#[derive(Deserialize)]
struct ChatReply {
    message: Option<Message>,
}

#[derive(Deserialize)]
struct Message {
    #[serde(default)]
    content: String,
}

#[derive(Deserialize)]
struct Tags {
    #[serde(default)]
    models: Vec<Tag>,
}

#[derive(Deserialize)]
struct Tag {
    #[serde(default)]
    name: String,
    #[serde(default)]
    model: String,
}

#[async_trait]
impl ChatModel for OllamaClient {
    fn provider(&self) -> &'static str {
        "ollama"
    }

    fn model(&self) -> &str {
        &self.model
    }

    #[tracing::instrument(name = "llm.ollama.chat", skip_all, fields(model = %self.model))]
    async fn chat(&self, request: &ChatRequest) -> Result<String, LlmError> {
        let mut body = json!({
            "model": self.model,
            "stream": false,
            "think": false,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.user},
            ],
            "options": {"temperature": request.temperature},
        });
        match &request.json {
            Some(serde_json::Value::Null) => body["format"] = json!("json"),
            Some(schema) => body["format"] = schema.clone(),
            None => {}
        }
        let request = self.client.post(endpoint(&self.base_url, "api/chat")).json(&body);
        let reply: ChatReply = exchange(request, self.timeout).await?;
        let content = reply.message.map(|m| m.content).unwrap_or_default();
        if content.trim().is_empty() {
            return Err(LlmError::Empty);
        }
        Ok(content)
    }

    async fn health(&self) -> Result<(), LlmError> {
        let tags: Tags = exchange(self.client.get(endpoint(&self.base_url, "api/tags")), self.timeout).await?;
        // "llama3.2" is served as "llama3.2:latest".
        let wanted = |name: &str| name == self.model || name == format!("{}:latest", self.model);
        if tags.models.iter().any(|t| wanted(&t.name) || wanted(&t.model)) {
            Ok(())
        } else {
            Err(LlmError::ModelMissing(self.model.clone()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wiremock::matchers::{body_partial_json, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    async fn client(server: &MockServer, timeout_ms: u64) -> OllamaClient {
        OllamaClient::new(server.uri().parse().unwrap(), "llama3.2".into(), Duration::from_millis(timeout_ms))
            .unwrap()
    }

    fn request() -> ChatRequest {
        ChatRequest { system: "sys".into(), user: "hi".into(), json: Some(serde_json::Value::Null), temperature: 0.0 }
    }

    #[tokio::test]
    async fn chat_sends_think_false_and_json_format_and_returns_the_content() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/api/chat"))
            .and(body_partial_json(json!({"model": "llama3.2", "stream": false, "think": false, "format": "json"})))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"message": {"role": "assistant", "content": "{\"a\":1}"}})))
            .expect(1)
            .mount(&server)
            .await;
        let reply = client(&server, 2000).await.chat(&request()).await.unwrap();
        assert_eq!(reply, "{\"a\":1}");
    }

    #[tokio::test]
    async fn chat_errors_are_typed() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(500).set_body_string("boom")).mount(&server).await;
        assert_eq!(client(&server, 2000).await.chat(&request()).await.unwrap_err().code(), "llm_http_error");

        server.reset().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"message": {"content": "  "}}))).mount(&server).await;
        assert_eq!(client(&server, 2000).await.chat(&request()).await.unwrap_err().code(), "llm_empty_reply");

        server.reset().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_string("not json")).mount(&server).await;
        assert_eq!(client(&server, 2000).await.chat(&request()).await.unwrap_err().code(), "llm_malformed_reply");

        server.reset().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"message": {"content": "x"}})).set_delay(Duration::from_millis(1000)))
            .mount(&server)
            .await;
        assert_eq!(client(&server, 100).await.chat(&request()).await.unwrap_err().code(), "llm_timeout");
    }

    #[tokio::test]
    async fn health_requires_the_configured_model_to_be_served() {
        let server = MockServer::start().await;
        Mock::given(method("GET")).and(path("/api/tags"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "llama3.2:latest", "model": "llama3.2:latest"}]})))
            .mount(&server).await;
        assert!(client(&server, 2000).await.health().await.is_ok());

        server.reset().await;
        Mock::given(method("GET")).and(path("/api/tags"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"models": [{"name": "qwen3:0.6b"}]})))
            .mount(&server).await;
        assert_eq!(client(&server, 2000).await.health().await.unwrap_err().code(), "llm_model_missing");
    }
}
