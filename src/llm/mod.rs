//! The LLM boundary: one [`ChatModel`] trait, an Ollama client and an OpenAI-compatible one.
//!
//! Each client owns one `reqwest::Client` with its configured timeout and a `base_url`, so
//! tests put wiremock in place of the server. A client returns the model's raw text or an
//! [`LlmError`]; deciding what to do with unusable text (fall back to rules, keywords or an
//! extractive answer) belongs to the pipeline, not here. No LLM is configured by default:
//! then [`from_settings`] returns `None` and `/health` reports the LLM as `disabled`.

pub mod ollama;
pub mod openai;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

use crate::config::LlmSettings;
use crate::http_client::{self, BodyError};

/// One chat exchange: a system prompt, a user message, and whether JSON is required.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRequest {
    pub system: String,
    pub user: String,
    /// `Some(schema)` asks the server to constrain the output to JSON (Ollama `format`,
    /// OpenAI `response_format`); `Some(Value::Null)` asks for any JSON object.
    pub json: Option<serde_json::Value>,
    pub temperature: f32,
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum LlmError {
    #[error("the LLM did not answer within {0:?}")]
    Timeout(Duration),
    #[error("the LLM server answered HTTP {status}: {body}")]
    Http { status: u16, body: String },
    #[error("could not reach the LLM server: {0}")]
    Unreachable(#[source] Arc<reqwest::Error>),
    /// The body did not decode or did not parse (a `reqwest` or a `serde_json` error).
    #[error("the LLM server sent a reply that is not the expected JSON: {0}")]
    Malformed(#[source] Arc<dyn std::error::Error + Send + Sync>),
    #[error("the LLM returned an empty reply")]
    Empty,
    #[error("the LLM server does not serve model `{0}`")]
    ModelMissing(String),
    #[error("the LLM reply is larger than {limit} bytes")]
    TooLarge { limit: usize },
}

impl LlmError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Timeout(_) => "llm_timeout",
            Self::Http { .. } => "llm_http_error",
            Self::Unreachable(_) => "llm_unreachable",
            Self::Malformed(_) => "llm_malformed_reply",
            Self::Empty => "llm_empty_reply",
            Self::ModelMissing(_) => "llm_model_missing",
            Self::TooLarge { .. } => "llm_reply_too_large",
        }
    }

    pub(crate) fn from_transport(e: reqwest::Error, timeout: Duration) -> Self {
        if e.is_timeout() {
            Self::Timeout(timeout)
        } else if e.is_decode() {
            Self::Malformed(Arc::new(e))
        } else {
            Self::Unreachable(Arc::new(e))
        }
    }

    fn from_body(e: BodyError, timeout: Duration) -> Self {
        match e {
            BodyError::TooLarge { limit } => Self::TooLarge { limit },
            BodyError::Transport(e) => Self::from_transport(e, timeout),
        }
    }
}

/// A chat-completion server.
#[async_trait]
pub trait ChatModel: Send + Sync {
    /// `ollama` or `openai`.
    fn provider(&self) -> &'static str;
    fn model(&self) -> &str;
    /// The reply text of one non-streaming chat exchange.
    async fn chat(&self, request: &ChatRequest) -> Result<String, LlmError>;
    /// Proves the server answers and serves the configured model, cheaply.
    async fn health(&self) -> Result<(), LlmError>;
}

/// The configured client, or `None` when no LLM is configured.
pub fn from_settings(settings: &LlmSettings) -> Result<Option<Arc<dyn ChatModel>>, reqwest::Error> {
    Ok(match settings {
        LlmSettings::None => None,
        LlmSettings::Ollama { base_url, model, timeout } => {
            Some(Arc::new(ollama::OllamaClient::new(base_url.clone(), model.clone(), *timeout)?))
        }
        LlmSettings::OpenAi { base_url, model, api_key, timeout } => Some(Arc::new(
            openai::OpenAiClient::new(base_url.clone(), model.clone(), api_key.clone(), *timeout)?,
        )),
    })
}

/// The largest reply body read from an LLM server. A chat reply is a few kilobytes; a
/// server streaming garbage must not fill the memory.
pub(crate) const MAX_REPLY_BYTES: usize = 4 * 1024 * 1024;

/// Sends a request; an answer that is not a success becomes [`LlmError::Http`] carrying the
/// start of its body.
pub(crate) async fn send(request: reqwest::RequestBuilder, timeout: Duration) -> Result<reqwest::Response, LlmError> {
    let response = request.send().await.map_err(|e| LlmError::from_transport(e, timeout))?;
    let status = response.status();
    if !status.is_success() {
        return Err(LlmError::Http { status: status.as_u16(), body: http_client::error_snippet(response).await });
    }
    Ok(response)
}

/// The one request path of both clients: [`send`], then read a reply of at most
/// [`MAX_REPLY_BYTES`] and parse it as JSON.
pub(crate) async fn exchange<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
    timeout: Duration,
) -> Result<T, LlmError> {
    let response = send(request, timeout).await?;
    let body = http_client::read_capped(response, MAX_REPLY_BYTES)
        .await
        .map_err(|e| LlmError::from_body(e, timeout))?;
    serde_json::from_slice(&body).map_err(|e| LlmError::Malformed(Arc::new(e)))
}

/// Joins a path onto a base URL whether or not the base ends in `/`.
pub(crate) fn endpoint(base: &url::Url, path: &str) -> url::Url {
    let mut url = base.clone();
    let joined = format!("{}/{}", url.path().trim_end_matches('/'), path.trim_start_matches('/'));
    url.set_path(&joined);
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_join_with_or_without_trailing_slash() {
        let cases = [
            ("http://h:11434", "api/chat", "http://h:11434/api/chat"),
            ("http://h:11434/", "/api/chat", "http://h:11434/api/chat"),
            ("http://h/v1", "chat/completions", "http://h/v1/chat/completions"),
            ("http://h/v1/", "models", "http://h/v1/models"),
        ];
        for (base, path, expected) in cases {
            assert_eq!(endpoint(&url::Url::parse(base).unwrap(), path).as_str(), expected);
        }
    }

    fn client() -> reqwest::Client {
        http_client::builder(Duration::from_secs(20)).build().unwrap()
    }

    #[tokio::test]
    async fn an_llm_error_body_larger_than_the_cap_is_not_read_whole() {
        let url = http_client::tests::endless_body_server(500, 2 * http_client::ERROR_BODY_MAX_BYTES);
        let started = std::time::Instant::now();
        let err = exchange::<serde_json::Value>(client().get(url), Duration::from_secs(20)).await.unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(5), "stopped at the cap, not at the timeout");
        match &err {
            LlmError::Http { status: 500, body } => assert!(body.starts_with("xxx") && body.ends_with('…'), "{body}"),
            other => panic!("expected Http, got {other:?}"),
        }
        assert_eq!(err.code(), "llm_http_error");
    }

    #[tokio::test]
    async fn a_reply_over_the_cap_is_too_large_without_being_read_whole() {
        let url = http_client::tests::endless_body_server(200, MAX_REPLY_BYTES + 1);
        let err = exchange::<serde_json::Value>(client().get(url), Duration::from_secs(20)).await.unwrap_err();
        assert!(matches!(err, LlmError::TooLarge { limit: MAX_REPLY_BYTES }), "{err:?}");
        assert_eq!(err.code(), "llm_reply_too_large");
    }

    #[tokio::test]
    async fn transport_and_parse_errors_keep_their_cause() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let url = url::Url::parse(&format!("http://127.0.0.1:{port}/")).unwrap();
        let err = exchange::<serde_json::Value>(client().get(url), Duration::from_secs(2)).await.unwrap_err();
        assert_eq!(err.code(), "llm_unreachable", "{err:?}");
        let source = std::error::Error::source(&err).expect("the reqwest error is kept");
        assert!(err.to_string().ends_with(&source.to_string()), "the message is unchanged: {err}");

        let parse = serde_json::from_slice::<serde_json::Value>(b"not json").unwrap_err();
        let reason = parse.to_string();
        let err = LlmError::Malformed(Arc::new(parse));
        assert_eq!(std::error::Error::source(&err).map(|s| s.to_string()), Some(reason));
        assert_eq!(err.code(), "llm_malformed_reply");
    }
}
