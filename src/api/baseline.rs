//! `POST /ask/baseline {"question": "..."}`: the configured LLM alone, with no graph, so a
//! reader can put its answer beside the graph-grounded one (as the reference systems do).
//! Same request shape and validation as `/ask`; with no LLM configured it is a 503
//! `llm_not_configured`, and an LLM failure is a 502 `llm_failed`, never an empty answer.

use std::time::Instant;

use actix_web::{web, HttpResponse};
use serde::Serialize;
use serde_json::Value;

use super::ask::{admit, AskRequest};
use super::error::ErrorBody;
use super::{ApiError, AppState};
use crate::llm::ChatRequest;

/// What the model is told: answer from its own knowledge, and say when unsure. Nothing of
/// the graph is in it; that is the point of the comparison.
const SYSTEM: &str = "You are a research assistant. Answer the user's question about scientific papers, \
methods, datasets and results from your own knowledge, in a few sentences. Name papers and years when you \
know them. If you are not sure, say so plainly rather than guessing numbers.";

/// The LLM-alone answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BaselineResponse {
    /// The question as validated (trimmed).
    pub question: String,
    /// The model's reply, as it wrote it: no graph, no citations, no checks.
    pub answer: String,
    /// `ollama` or `openai`.
    pub provider: String,
    /// The model that answered.
    pub model: String,
    /// What the model was told: the system prompt, a blank line, and the question.
    pub prompt: String,
    /// Wall time of the LLM call, in milliseconds.
    pub ms: u64,
}

#[utoipa::path(post, path = "/ask/baseline", tag = "ask", request_body = AskRequest,
    responses(
        (status = 200, description = "The LLM's answer with no graph", body = BaselineResponse),
        (status = 400, description = "Invalid body or question (`invalid_json`, `invalid_request`, `empty_question`, `question_too_long`)", body = ErrorBody),
        (status = 413, description = "Body over the limit (`payload_too_large`)", body = ErrorBody),
        (status = 415, description = "Not JSON (`unsupported_media_type`)", body = ErrorBody),
        (status = 429, description = "Over the per-client rate limit (`rate_limited`, with Retry-After)", body = ErrorBody),
        (status = 502, description = "The LLM failed (`llm_failed`)", body = ErrorBody),
        (status = 503, description = "No LLM is configured (`llm_not_configured`), or the service is stopping (`shutting_down`, with Connection: close)", body = ErrorBody),
        (status = 504, description = "No answer within the request budget (`request_timeout`)", body = ErrorBody),
    ))]
/// The configured LLM's answer alone, with no graph, to compare with `/ask`.
pub async fn baseline(state: web::Data<AppState>, request: actix_web::HttpRequest, body: web::Json<Value>) -> Result<HttpResponse, ApiError> {
    let outcome = answer(&state, &request, &body).await;
    state.metrics.observe_baseline(match &outcome {
        Ok(_) => "answered",
        Err(e) => e.code(),
    });
    outcome.map(|response| HttpResponse::Ok().json(response))
}

async fn answer(state: &AppState, request: &actix_web::HttpRequest, body: &Value) -> Result<BaselineResponse, ApiError> {
    let question = admit(state, request, body)?;
    let llm = state.llm.as_ref().ok_or(ApiError::LlmNotConfigured)?;
    let chat = ChatRequest { system: SYSTEM.to_owned(), user: question.as_str().to_owned(), json: None, temperature: 0.0 };
    let budget = state.settings.server.request_timeout;
    let started = Instant::now();
    let reply = tokio::time::timeout(budget, llm.chat(&chat))
        .await
        .map_err(|_| ApiError::Timeout { secs: budget.as_secs_f64() })?
        .map_err(ApiError::LlmFailed)?;
    Ok(BaselineResponse {
        question: question.as_str().to_owned(),
        answer: reply.trim().to_owned(),
        provider: llm.provider().to_owned(),
        model: llm.model().to_owned(),
        prompt: format!("{SYSTEM}\n\n{}", question.as_str()),
        ms: started.elapsed().as_millis() as u64,
    })
}
