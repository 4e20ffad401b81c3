//! Building and running the HTTP service.
//!
//! [`Application::build`] connects the knowledge graph and the LLM client, then binds the
//! listener before anything is served, so a caller that asked for port 0 (the tests) can read
//! the real port from [`Application::port`]. [`Application::run_until_stopped`] serves until
//! SIGINT/SIGTERM, and [`Application::run_until`] until any future completes; both stop
//! gracefully, letting requests in flight finish.

use std::future::Future;
use std::net::TcpListener;
use std::sync::Arc;

use actix_cors::Cors;
use actix_web::dev::{Server, Service};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{Compress, Condition};
use actix_web::{web, App, HttpMessage, HttpServer};
use tracing_actix_web::{RequestId, TracingLogger};

use crate::api::client::ClientSpan;
use crate::api::metrics::Metrics;

use crate::api::{self, error, AppState};
use crate::config::Settings;
use crate::kg::{self, KnowledgeGraph};
use crate::llm;
use crate::pipeline::Pipeline;

/// Seconds a stopping server waits for requests in flight.
const SHUTDOWN_GRACE_SECS: u64 = 10;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Kg(#[from] kg::ConnectError),
    #[error("could not build the LLM client: {0}")]
    Llm(#[source] reqwest::Error),
    #[error("the question pipeline cannot start: {0}")]
    Pipeline(#[from] crate::pipeline::PipelineError),
    #[error("cannot listen on {address}: {reason}")]
    Bind {
        address: String,
        #[source]
        reason: std::io::Error,
    },
}

pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Connects the configured backends and binds `host:port` from the settings.
    pub async fn build(settings: Settings) -> Result<Self, StartupError> {
        let kg = kg::connect(&settings.kg).await?;
        Self::build_with(settings, kg).await
    }

    /// Binds and prepares the server around an already connected knowledge graph.
    pub async fn build_with(settings: Settings, kg: Arc<dyn KnowledgeGraph>) -> Result<Self, StartupError> {
        let address = format!("{}:{}", settings.server.host, settings.server.port);
        let listener = TcpListener::bind(&address)
            .map_err(|reason| StartupError::Bind { address: address.clone(), reason })?;
        let port = listener
            .local_addr()
            .map_err(|reason| StartupError::Bind { address: address.clone(), reason })?
            .port();
        let llm = llm::from_settings(&settings.llm).map_err(StartupError::Llm)?;
        let health = api::health::HealthChecker::new(kg.clone(), llm.clone(), &settings.pipeline, settings.kg.health_cache_ttl);
        let pipeline = Pipeline::build(&settings, kg.clone(), llm.clone()).await?;
        let info = kg.info();
        // What is wrong with the store served, said at start-up as `/health` says it.
        for problem in kg.store_report().map(|r| r.problems).unwrap_or_default() {
            tracing::warn!(code = problem.code, "store degraded: {}", problem.message);
        }
        tracing::info!(
            address = %listener.local_addr().map(|a| a.to_string()).unwrap_or(address.clone()),
            backend = info.backend.as_str(),
            source = %info.source,
            triples = kg.triple_count(),
            llm = settings.llm.provider(),
            "scigraph listening"
        );
        let limiter = api::limit::ClientLimiter::new(settings.server.rate_limit_per_minute, settings.server.rate_limit_loopback);
        let metrics = Arc::new(Metrics::new());
        let state = web::Data::new(AppState { settings, kg, llm, health, pipeline, limiter, metrics });
        let server = run(listener, state).map_err(|reason| StartupError::Bind { address, reason })?;
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process receives SIGINT or SIGTERM.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }

    /// Serves until `shutdown` completes, then stops gracefully.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
        let handle = self.server.handle();
        let server = self.server;
        tokio::pin!(server);
        tokio::select! {
            result = &mut server => result,
            () = shutdown => {
                // The server future must keep being polled: it is what carries out the stop.
                let ((), result) = tokio::join!(handle.stop(true), &mut server);
                result
            }
        }
    }
}

fn cors(origins: &[String]) -> Cors {
    let cors = Cors::default()
        .allowed_methods(["GET", "POST"])
        .allowed_headers([actix_web::http::header::CONTENT_TYPE])
        .expose_headers(["x-request-id"])
        .max_age(3600);
    if origins.iter().any(|o| o == "*") {
        cors.allow_any_origin()
    } else {
        origins.iter().fold(cors, |cors, origin| cors.allowed_origin(origin))
    }
}

fn run(listener: TcpListener, state: web::Data<AppState>) -> std::io::Result<Server> {
    let server = HttpServer::new(move || {
        // Runs once on each worker thread, before it serves.
        state.pipeline.warm_up();
        let server_settings = &state.settings.server;
        let limit = server_settings.body_limit;
        let origins = server_settings.cors_origins.clone();
        let metrics = state.metrics.clone();
        App::new()
            // Innermost: the time and status of the handler (or of the error that ends it),
            // by the route's pattern, never its path (`/static/x` and `/nope` are no new series).
            .wrap_fn(move |request, service| {
                let metrics = metrics.clone();
                let in_flight = metrics.in_flight();
                let method = request.method().as_str().to_owned();
                let started = std::time::Instant::now();
                let response = service.call(request);
                async move {
                    let response = response.await;
                    let (route, status) = match &response {
                        Ok(r) => (r.request().match_pattern(), r.status().as_u16()),
                        Err(e) => (None, e.as_response_error().status_code().as_u16()),
                    };
                    metrics.observe_request(route.as_deref(), &method, status, started.elapsed().as_secs_f64());
                    drop(in_flight);
                    response
                }
            })
            // Registered early, so it runs inside TracingLogger and can read the request id.
            .wrap_fn(|request, service| {
                let request_id = request.extensions().get::<RequestId>().map(|id| id.to_string());
                let response = service.call(request);
                async move {
                    let mut response = response.await?;
                    if let Some(value) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
                        response.headers_mut().insert(HeaderName::from_static("x-request-id"), value);
                    }
                    Ok(response)
                }
            })
            .wrap(TracingLogger::<ClientSpan>::new())
            // No origins configured: no CORS headers at all, and same-origin use is unaffected.
            .wrap(Condition::new(!origins.is_empty(), cors(&origins)))
            // Outermost: gzip (or identity) as the client's Accept-Encoding asks, for every
            // route; an /ask answer is 10-150 KB of JSON.
            .wrap(Compress::default())
            .app_data(state.clone())
            .app_data(web::PayloadConfig::new(limit))
            .app_data(
                web::JsonConfig::default()
                    .limit(limit)
                    .error_handler(move |err, _req| error::json_error(err, limit).into()),
            )
            .configure(api::routes)
            .default_service(web::to(error::not_found))
    })
    .shutdown_timeout(SHUTDOWN_GRACE_SECS)
    .listen(listener)?
    .run();
    Ok(server)
}
