//! `POST /ask {"question": "..."}`: validates the question and runs the pipeline. The
//! pipeline never fails a request: upstream trouble shows up as warnings and strategy
//! statuses in a 200 answer. Bad input is a 4xx JSON error from `error.rs`.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use super::{ApiError, AppState};
use crate::pipeline::Question;

#[derive(Debug, Deserialize)]
pub struct AskRequest {
    pub question: String,
}

pub async fn ask(state: web::Data<AppState>, body: web::Json<AskRequest>) -> Result<HttpResponse, ApiError> {
    let question = Question::parse(&body.question, state.settings.server.max_question_chars)?;
    let response = state.pipeline.ask(&question).await;
    Ok(HttpResponse::Ok().json(response))
}
