//! The one mapping from failures to HTTP: every error leaves as
//! `{"error": {"code": "...", "message": "..."}}` with a stable `code` and a status chosen
//! here and nowhere else. Handlers return [`ApiError`]; actix's own extractor and routing
//! failures are funnelled into it by the handlers in this module.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("no route for {method} {path}")]
    NotFound { method: String, path: String },
    #[error("{method} is not allowed on {path}; allowed: {allowed}")]
    MethodNotAllowed { method: String, path: String, allowed: &'static str },
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("the request body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("expected content type application/json, got {0}")]
    UnsupportedMediaType(String),
    #[error("too many requests from this client; retry in {retry_after_secs}s")]
    RateLimited { retry_after_secs: u64 },
    #[error("no answer within the request budget of {secs}s (SCIGRAPH_REQUEST_TIMEOUT); upstream services are slow, see /health")]
    Timeout { secs: f64 },
    #[error("no LLM is configured (SCIGRAPH_LLM_PROVIDER=none), so there is no LLM-alone answer; /ask answers from the graph")]
    LlmNotConfigured,
    #[error("the LLM failed: {0}")]
    LlmFailed(#[source] crate::llm::LlmError),
    /// A request that reached a stopping service (SIGTERM or SIGINT) on a connection opened
    /// before the stop; requests already in flight are let finish instead.
    #[error("the service is shutting down and takes no new requests; retry against another instance or after it restarts")]
    ShuttingDown,
    /// Not raised by any handler today; the cause goes to the log, never to the client.
    #[error("internal error: {0}")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Every error response: `{"error": {"code", "message"}}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody<'a> {
    /// What went wrong.
    pub error: ErrorDetail<'a>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorDetail<'a> {
    /// Stable, machine-readable: `not_found`, `method_not_allowed`, `invalid_json`,
    /// `invalid_request`, `invalid_body`, `empty_question`, `question_too_long`,
    /// `payload_too_large`, `unsupported_media_type`, `rate_limited`, `request_timeout`,
    /// `llm_not_configured`, `llm_failed`, `shutting_down`, `internal_error`.
    pub code: &'a str,
    /// For people; may change between versions.
    pub message: String,
}

impl ApiError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotFound { .. } => "not_found",
            Self::MethodNotAllowed { .. } => "method_not_allowed",
            Self::BadRequest { code, .. } => code,
            Self::PayloadTooLarge { .. } => "payload_too_large",
            Self::UnsupportedMediaType(_) => "unsupported_media_type",
            Self::RateLimited { .. } => "rate_limited",
            Self::Timeout { .. } => "request_timeout",
            Self::LlmNotConfigured => "llm_not_configured",
            Self::LlmFailed(_) => "llm_failed",
            Self::ShuttingDown => "shutting_down",
            Self::Internal(_) => "internal_error",
        }
    }
}

impl From<crate::pipeline::QuestionError> for ApiError {
    fn from(e: crate::pipeline::QuestionError) -> Self {
        use crate::pipeline::QuestionError as Q;
        let code = match e {
            Q::Empty => "empty_question",
            Q::TooLong { .. } => "question_too_long",
        };
        ApiError::BadRequest { code, message: e.to_string() }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NotFound { .. } => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Timeout { .. } => StatusCode::GATEWAY_TIMEOUT,
            // The service runs, but without the part this request needs.
            Self::LlmNotConfigured => StatusCode::SERVICE_UNAVAILABLE,
            // An upstream (the LLM) failed.
            Self::LlmFailed(_) => StatusCode::BAD_GATEWAY,
            Self::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        if let Self::MethodNotAllowed { allowed, .. } = self {
            response.insert_header((header::ALLOW, *allowed));
        }
        if let Self::RateLimited { retry_after_secs } = self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        if let Self::ShuttingDown = self {
            // Kept open, the connection would carry the client's next request to a server that
            // drops it unanswered; closed now, that request opens a fresh connection, which a
            // stopping server refuses at once (or another instance takes).
            response.force_close();
        }
        if let Self::Internal(reason) = self {
            // The detail goes to the log; the client gets the code.
            tracing::error!(%reason, "internal error");
        }
        let message = match self {
            Self::Internal(_) => "internal error; see the server log".to_owned(),
            other => other.to_string(),
        };
        response.json(ErrorBody { error: ErrorDetail { code: self.code(), message } })
    }
}

/// Fallback for paths no route matches.
pub async fn not_found(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound { method: request.method().to_string(), path: request.path().to_owned() })
}

/// Fallback for a known path asked with the wrong method.
pub fn method_not_allowed(
    allowed: &'static str,
) -> impl Fn(HttpRequest) -> std::future::Ready<Result<HttpResponse, ApiError>> + Clone {
    move |request: HttpRequest| {
        std::future::ready(Err(ApiError::MethodNotAllowed {
            method: request.method().to_string(),
            path: request.path().to_owned(),
            allowed,
        }))
    }
}

/// Turns actix's JSON extractor failures into [`ApiError`]s with stable codes.
pub fn json_error(err: actix_web::error::JsonPayloadError, limit: usize) -> ApiError {
    use actix_web::error::JsonPayloadError as E;
    match err {
        E::OverflowKnownLength { .. } | E::Overflow { .. } => ApiError::PayloadTooLarge { limit },
        E::ContentType => ApiError::UnsupportedMediaType("a non-JSON content type".into()),
        E::Deserialize(e) if e.is_data() => {
            ApiError::BadRequest { code: "invalid_request", message: format!("invalid request body: {e}") }
        }
        E::Deserialize(e) => {
            ApiError::BadRequest { code: "invalid_json", message: format!("the body is not valid JSON: {e}") }
        }
        E::Payload(e) => ApiError::BadRequest { code: "invalid_body", message: format!("could not read the body: {e}") },
        other => ApiError::BadRequest { code: "invalid_body", message: other.to_string() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;
    use actix_web::http::ConnectionType;

    #[test]
    fn a_request_to_a_stopping_service_is_a_503_shutting_down_that_closes_its_connection() {
        let response = ApiError::ShuttingDown.error_response();

        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.head().connection_type(), ConnectionType::Close);
        let body = response.into_body().try_into_bytes().expect("a complete body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("the body is JSON");
        assert_eq!(body["error"]["code"], "shutting_down");
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("shutting down")), "{body}");
    }

    #[test]
    fn other_errors_leave_the_connection_to_the_client() {
        let response = ApiError::RateLimited { retry_after_secs: 1 }.error_response();
        assert_ne!(response.head().connection_type(), ConnectionType::Close);
    }
}
