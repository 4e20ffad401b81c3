//! The HTTP layer (actix-web only): routes, response types and the single error mapping.
//!
//! Handlers read shared state ([`AppState`]) and call into the knowledge graph and LLM
//! boundaries; they hold no logic of their own beyond turning requests into calls and
//! results into JSON. Routes: `POST /ask`, `POST /ask/baseline`, `GET /health`,
//! `GET /metrics`, `GET /openapi.json`, `GET /docs/` (Swagger UI), and the page at `GET /`
//! with its files under `/static/`.

pub mod ask;
pub mod baseline;
pub mod client;
pub mod error;
pub mod health;
pub mod limit;
pub mod metrics;
pub mod openapi;
pub mod page;

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
    pub metrics: Arc<metrics::Metrics>,
}

/// Registers every route; unknown methods on a known path get a JSON 405.
pub fn routes(cfg: &mut web::ServiceConfig) {
    let get_only = || error::method_not_allowed("GET, HEAD");
    cfg.service(
        web::resource("/health")
            .route(web::get().to(health::health))
            .route(web::head().to(health::health))
            .default_service(web::to(get_only())),
    )
    .service(
        web::resource("/ask")
            .route(web::post().to(ask::ask))
            .default_service(web::to(error::method_not_allowed("POST"))),
    )
    .service(
        web::resource("/ask/baseline")
            .route(web::post().to(baseline::baseline))
            .default_service(web::to(error::method_not_allowed("POST"))),
    )
    .service(web::resource("/metrics").route(web::get().to(metrics::metrics)).default_service(web::to(get_only())))
    .service(web::resource("/").route(web::get().to(page::index)).route(web::head().to(page::index)).default_service(web::to(get_only())))
    .service(web::resource("/static/{path:.*}").route(web::get().to(page::asset)).route(web::head().to(page::asset)).default_service(web::to(get_only())))
    .service(web::redirect("/docs", "/docs/"))
    .service(openapi::swagger());
}
