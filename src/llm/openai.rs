//! The OpenAI-compatible chat API (`POST {base}/chat/completions`, `GET {base}/models`),
//! spoken by OpenAI and by llama.cpp, vLLM, LM Studio and others. `OPENAI_BASE_URL`
//! includes the version segment (e.g. `http://127.0.0.1:8080/v1`).

use std::time::Duration;

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::json;
use url::Url;

use super::{endpoint, exchange, send, ChatModel, ChatRequest, LlmError};
use crate::config::Secret;

pub struct OpenAiClient {
    client: reqwest::Client,
    base_url: Url,
    model: String,
    api_key: Option<Secret>,
    timeout: Duration,
}

impl OpenAiClient {
    pub fn new(
        base_url: Url,
        model: String,
        api_key: Option<Secret>,
        timeout: Duration,
    ) -> Result<Self, reqwest::Error> {
        let client = crate::http_client::builder(timeout).build()?;
        Ok(Self { client, base_url, model, api_key, timeout })
    }

    fn authorized(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.api_key {
            Some(key) => request.bearer_auth(key.expose()),
            None => request,
        }
    }
}

#[derive(Deserialize)]
struct Completion {
    #[serde(default)]
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: Option<ChoiceMessage>,
}

#[derive(Deserialize)]
struct ChoiceMessage {
    #[serde(default)]
    content: Option<String>,
}

#[async_trait]
impl ChatModel for OpenAiClient {
    fn provider(&self) -> &'static str {
        "openai"
    }

    fn model(&self) -> &str {
        &self.model
    }

    #[tracing::instrument(name = "llm.openai.chat", skip_all, fields(model = %self.model))]
    async fn chat(&self, request: &ChatRequest) -> Result<String, LlmError> {
        let mut body = json!({
            "model": self.model,
            "stream": false,
            "temperature": request.temperature,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.user},
            ],
        });
        match &request.json {
            Some(serde_json::Value::Null) => body["response_format"] = json!({"type": "json_object"}),
            Some(schema) => {
                body["response_format"] = json!({
                    "type": "json_schema",
                    "json_schema": {"name": "answer", "strict": true, "schema": schema},
                })
            }
            None => {}
        }
        let request = self.authorized(self.client.post(endpoint(&self.base_url, "chat/completions"))).json(&body);
        let completion: Completion = exchange(request, self.timeout).await?;
        let content = completion
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message)
            .and_then(|m| m.content)
            .unwrap_or_default();
        if content.trim().is_empty() {
            return Err(LlmError::Empty);
        }
        Ok(content)
    }

    async fn health(&self) -> Result<(), LlmError> {
        // Any success proves the server answers; the model list is not read.
        send(self.authorized(self.client.get(endpoint(&self.base_url, "models"))), self.timeout).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    #[tokio::test]
    async fn chat_sends_the_key_and_json_mode_and_returns_the_first_choice() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .and(header("authorization", "Bearer k-123"))
            .and(body_partial_json(json!({"model": "m", "response_format": {"type": "json_object"}})))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({"choices": [{"message": {"role": "assistant", "content": "hello"}}]}),
            ))
            .expect(1)
            .mount(&server)
            .await;
        let base: Url = format!("{}/v1", server.uri()).parse().unwrap();
        let client =
            OpenAiClient::new(base, "m".into(), Some(Secret::new("k-123")), Duration::from_secs(2)).unwrap();
        let request = ChatRequest { system: "s".into(), user: "u".into(), json: Some(serde_json::Value::Null), temperature: 0.0 };
        assert_eq!(client.chat(&request).await.unwrap(), "hello");
    }

    #[tokio::test]
    async fn a_reply_without_choices_is_empty_and_health_reports_http_errors() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"choices": []}))).mount(&server).await;
        Mock::given(method("GET")).and(path("/v1/models")).respond_with(ResponseTemplate::new(503)).mount(&server).await;
        let base: Url = format!("{}/v1/", server.uri()).parse().unwrap();
        let client = OpenAiClient::new(base, "m".into(), None, Duration::from_secs(2)).unwrap();
        let request = ChatRequest { system: "s".into(), user: "u".into(), json: None, temperature: 0.0 };
        assert_eq!(client.chat(&request).await.unwrap_err().code(), "llm_empty_reply");
        assert_eq!(client.health().await.unwrap_err().code(), "llm_http_error");
    }
}
