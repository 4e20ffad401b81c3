//! `POST /ask {"question": "..."}`: validates the question and runs the pipeline. The
//! pipeline never fails a request: upstream trouble shows up as warnings and strategy
//! statuses in a 200 answer. Bad input is a 4xx JSON error from `error.rs`; a pipeline
//! still running when the request budget ends is dropped and answered 504.

use actix_web::{web, HttpResponse};
use serde_json::Value;

use super::{ApiError, AppState};
use crate::pipeline::Question;

/// The body must be an object with a string `question`. Read as a JSON value first, since
/// serde would also accept `["..."]` for a one-field struct.
fn question_of(body: &Value) -> Result<&str, ApiError> {
    let invalid = |message: &str| ApiError::BadRequest { code: "invalid_request", message: message.to_owned() };
    let object = body.as_object().ok_or_else(|| invalid("the body must be a JSON object like {\"question\": \"...\"}"))?;
    match object.get("question") {
        None => Err(invalid("missing field `question`")),
        Some(Value::String(q)) => Ok(q),
        Some(_) => Err(invalid("`question` must be a string")),
    }
}

pub async fn ask(
    state: web::Data<AppState>,
    request: actix_web::HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let client = request.peer_addr().map(|a| a.ip());
    state.limiter.check(client).map_err(|retry_after_secs| ApiError::RateLimited { retry_after_secs })?;
    let question = Question::parse(question_of(&body)?, state.settings.server.max_question_chars)?;
    let budget = state.settings.server.request_timeout;
    // Dropping the pipeline future cancels its pending queries and LLM calls.
    let response = tokio::time::timeout(budget, state.pipeline.ask(&question))
        .await
        .map_err(|_| ApiError::Timeout { secs: budget.as_secs_f64() })?;
    Ok(HttpResponse::Ok().json(response))
}
