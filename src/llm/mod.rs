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
    Unreachable(String),
    #[error("the LLM server sent a reply that is not the expected JSON: {0}")]
    Malformed(String),
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
            Self::Malformed(e.to_string())
        } else {
            Self::Unreachable(e.to_string())
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

/// Reads a JSON reply of at most [`MAX_REPLY_BYTES`].
pub(crate) async fn read_json<T: serde::de::DeserializeOwned>(
    mut response: reqwest::Response,
    timeout: Duration,
) -> Result<T, LlmError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| LlmError::from_transport(e, timeout))? {
        if body.len() + chunk.len() > MAX_REPLY_BYTES {
            return Err(LlmError::TooLarge { limit: MAX_REPLY_BYTES });
        }
        body.extend_from_slice(&chunk);
    }
    serde_json::from_slice(&body).map_err(|e| LlmError::Malformed(e.to_string()))
}

/// Reads an error body for a message, keeping its start only.
pub(crate) async fn error_body(response: reqwest::Response) -> String {
    let text = response.text().await.unwrap_or_default();
    let text = text.trim();
    match text.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
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
}
