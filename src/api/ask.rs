//! `POST /ask {"question": "..."}`: validates the question and runs the pipeline. The
//! pipeline never fails a request: upstream trouble shows up as warnings and strategy
//! statuses in a 200 answer. Bad input is a 4xx JSON error from `error.rs`; a pipeline
//! still running when the request budget ends is dropped and answered 504.

use actix_web::{web, HttpResponse};
use serde_json::Value;

use super::error::ErrorBody;
use super::{ApiError, AppState};
use crate::pipeline::{AskResponse, Question};

/// The body of `POST /ask` and `POST /ask/baseline`.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct AskRequest {
    /// The question, in plain words (at most `SCIGRAPH_MAX_QUESTION_CHARS` characters,
    /// 1,000 by default; trimmed; not empty).
    #[schema(example = "Which model has achieved the highest F1 score on the SQuAD1.1 dataset?")]
    pub question: String,
}

/// The body must be an object with a string `question`. Read as a JSON value first, since
/// serde would also accept `["..."]` for a one-field struct.
pub(super) fn question_of(body: &Value) -> Result<&str, ApiError> {
    let invalid = |message: &str| ApiError::BadRequest { code: "invalid_request", message: message.to_owned() };
    let object = body.as_object().ok_or_else(|| invalid("the body must be a JSON object like {\"question\": \"...\"}"))?;
    match object.get("question") {
        None => Err(invalid("missing field `question`")),
        Some(Value::String(q)) => Ok(q),
        Some(_) => Err(invalid("`question` must be a string")),
    }
}

/// What `/ask` and `/ask/baseline` check before any work: the client's rate limit (behind
/// a trusted proxy, the forwarded client's), then the question.
pub(super) fn admit(state: &AppState, request: &actix_web::HttpRequest, body: &Value) -> Result<Question, ApiError> {
    let client = super::client::of(request, &state.settings.server.trusted_proxies);
    state.limiter.check(client).map_err(|retry_after_secs| ApiError::RateLimited { retry_after_secs })?;
    Ok(Question::parse(question_of(body)?, state.settings.server.max_question_chars)?)
}

#[utoipa::path(post, path = "/ask", tag = "ask", request_body = AskRequest,
    responses(
        (status = 200, description = "The answer, its sources, every query run and the evidence", body = AskResponse),
        (status = 400, description = "Invalid body or question (`invalid_json`, `invalid_request`, `invalid_body`, `empty_question`, `question_too_long`)", body = ErrorBody),
        (status = 413, description = "Body over the limit (`payload_too_large`)", body = ErrorBody),
        (status = 415, description = "Not JSON (`unsupported_media_type`)", body = ErrorBody),
        (status = 429, description = "Over the per-client rate limit (`rate_limited`, with Retry-After)", body = ErrorBody),
        (status = 503, description = "The service is stopping and takes no new requests (`shutting_down`, with Connection: close)", body = ErrorBody),
        (status = 504, description = "Still running when the request budget ended (`request_timeout`)", body = ErrorBody),
    ))]
/// Answers a question from the knowledge graph, citing the papers it used.
pub async fn ask(
    state: web::Data<AppState>,
    request: actix_web::HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let question = admit(&state, &request, &body)?;
    let budget = state.settings.server.request_timeout;
    // Dropping the pipeline future cancels its pending queries and LLM calls.
    let response = tokio::time::timeout(budget, state.pipeline.ask(&question))
        .await
        .map_err(|_| ApiError::Timeout { secs: budget.as_secs_f64() })?;
    state.metrics.observe_answer(&response);
    Ok(HttpResponse::Ok().json(response))
}
