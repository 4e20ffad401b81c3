//! The HTTP layer (actix-web only): routes, response types and the single error mapping.
//!
//! Handlers read shared state ([`AppState`]) and call into the knowledge graph and LLM
//! boundaries; they hold no logic of their own beyond turning requests into calls and
//! results into JSON.

pub mod ask;
pub mod error;
pub mod health;
pub mod limit;

use std::sync::Arc;

use actix_web::web;

use crate::config::Settings;
use crate::kg::KnowledgeGraph;
use crate::llm::ChatModel;
use crate::pipeline::Pipeline;

pub use error::ApiError;

/// What every handler can reach.
pub struct AppState {
    pub settings: Settings,
    pub kg: Arc<dyn KnowledgeGraph>,
    pub llm: Option<Arc<dyn ChatModel>>,
    pub health: health::HealthChecker,
    pub pipeline: Pipeline,
    pub limiter: limit::ClientLimiter,
}

/// Registers every route; unknown methods on a known path get a JSON 405.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/health")
            .route(web::get().to(health::health))
            .route(web::head().to(health::health))
            .default_service(web::to(error::method_not_allowed("GET, HEAD"))),
    )
    .service(
        web::resource("/ask")
            .route(web::post().to(ask::ask))
            .default_service(web::to(error::method_not_allowed("POST"))),
    );
}
