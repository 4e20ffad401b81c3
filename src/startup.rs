//! Building and running the HTTP service, and stopping it without losing answers.
//!
//! [`Application::build`] connects the knowledge graph and the LLM client, then binds the
//! listener before anything is served, so a caller that asked for port 0 (the tests) can read
//! the real port from [`Application::port`]. [`Application::run_until_stopped`] serves until
//! SIGTERM or SIGINT, and [`Application::run_until`] until any future completes.
//!
//! Stopping is scigraph's own: actix's signal handling is off, since it cuts requests on
//! SIGINT (Ctrl-C) and only drains on SIGTERM. On either signal the service drains: it logs
//! how many requests are in flight, closes its listener (new connections are refused), lets
//! the requests in flight finish for up to `SCIGRAPH_DRAIN_SECS` (0: not at all), then cuts
//! what is left. A second signal during the drain cuts at once. What actix-http does on its
//! own once the drain begins: it closes idle keep-alive connections and answers the last
//! request of a busy one with `Connection: close`. A request that still reaches a handler
//! after that point (one already read off a keep-alive connection) gets a 503
//! `shutting_down` with `Connection: close` instead of being served. I/O: the listener and
//! the process's signals.

use std::future::Future;
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use actix_cors::Cors;
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{Compress, Condition};
use actix_web::{web, App, HttpMessage, HttpServer};
use futures::future::Either;
use futures::{Stream, StreamExt};
use tracing_actix_web::{RequestId, TracingLogger};

use crate::api::client::ClientSpan;
use crate::api::metrics::Metrics;

use crate::api::{self, error, ApiError, AppState};
use crate::config::Settings;
use crate::kg::{self, KnowledgeGraph};
use crate::llm;
use crate::pipeline::Pipeline;

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
    /// Set when the drain begins; read by the middleware that turns late requests away.
    stopping: Stopping,
    /// Where the number of requests in flight is read, for the drain's log lines.
    metrics: Arc<Metrics>,
    /// `SCIGRAPH_DRAIN_SECS`.
    drain: Duration,
}

/// [`crate::pipeline::warm::warm_stages`] on a runtime of its own (the calling thread is one
/// of the blocking pool's), its log lines silenced: how many questions found something, and
/// the milliseconds taken.
fn warm_up() -> Result<(usize, u64), crate::pipeline::warm::WarmError> {
    let started = std::time::Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(crate::pipeline::warm::WarmError::Runtime)?;
    // The demo pipeline's start-up lines would read as the served graph's.
    let quiet = tracing::subscriber::NoSubscriber::default();
    let found = tracing::subscriber::with_default(quiet, || runtime.block_on(crate::pipeline::warm::warm_stages()))?;
    Ok((found, started.elapsed().as_millis() as u64))
}

/// Whether the service has begun to stop; shared by the application and every worker.
#[derive(Clone, Default)]
struct Stopping(Arc<AtomicBool>);

impl Stopping {
    fn begin(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    fn has_begun(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

impl Application {
    /// Connects the configured backends and binds `host:port` from the settings. With
    /// `SCIGRAPH_WARM_UP` on, the stages are warmed up (`pipeline::warm`) on another thread
    /// while the graph is opened, and the listener is bound once both are done.
    pub async fn build(settings: Settings) -> Result<Self, StartupError> {
        let warming = settings.server.warm_up.then(|| tokio::task::spawn_blocking(warm_up));
        let kg = kg::connect(&settings.kg).await?;
        if let Some(warming) = warming {
            match warming.await {
                Ok(Ok((found, ms))) => tracing::info!(questions = found, ms, "stages warmed up"),
                Ok(Err(e)) => tracing::warn!(error = %e, "could not warm the stages up; the first question of each kind will be slower"),
                Err(e) => tracing::warn!(error = %e, "the warm-up panicked; the first question of each kind will be slower"),
            }
        }
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
        let drain = settings.server.drain;
        let stopping = Stopping::default();
        let state = web::Data::new(AppState { settings, kg, llm, health, pipeline, limiter, metrics: metrics.clone() });
        let server = run(listener, state, stopping.clone()).map_err(|reason| StartupError::Bind { address, reason })?;
        Ok(Self { port, server, stopping, metrics, drain })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process receives SIGTERM or SIGINT, then drains; a second signal
    /// during the drain stops at once.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        // Registered before the first poll of the server, so no signal falls between the two.
        let signals = stop_signals()?;
        self.serve(signals).await
    }

    /// Serves until `shutdown` completes, then drains as on SIGTERM.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
        // Asked once: the drain runs its course.
        self.serve(futures::stream::once(shutdown).map(|()| "shutdown future").chain(futures::stream::pending())).await
    }

    /// Serves until `stops` yields (naming what asked, logged as `by`), drains until the
    /// requests in flight finish, the drain timeout passes or `stops` yields again, and
    /// returns once stopped.
    async fn serve(self, stops: impl Stream<Item = &'static str>) -> std::io::Result<()> {
        let Self { server, stopping, metrics, drain, .. } = self;
        let handle = server.handle();
        tokio::pin!(server);
        tokio::pin!(stops);
        let cause = tokio::select! {
            result = &mut server => return result,
            Some(cause) = stops.next() => cause,
        };
        stopping.begin();
        let in_flight = metrics.requests_in_flight();
        if drain.is_zero() {
            tracing::info!(by = cause, "stopping at once (SCIGRAPH_DRAIN_SECS=0): cutting {in_flight} request(s) in flight");
            let ((), result) = tokio::join!(handle.stop(false), &mut server);
            return result;
        }
        tracing::info!(by = cause, "draining {in_flight} request(s) in flight for up to {}s", drain.as_secs());
        // The server future must keep being polled: it is what carries out the stop (closing
        // the listener, then waiting for the workers' connections to end).
        let drained = async { tokio::join!(handle.stop(true), &mut server).1 };
        tokio::select! {
            result = drained => return result,
            () = tokio::time::sleep(drain) => {
                let left = metrics.requests_in_flight();
                if left > 0 {
                    tracing::warn!("the drain timeout of {}s (SCIGRAPH_DRAIN_SECS) passed: cutting {left} request(s) still in flight", drain.as_secs());
                }
            }
            Some(cause) = stops.next() => {
                tracing::warn!(by = cause, "asked again: stopping at once, cutting {} request(s) in flight", metrics.requests_in_flight());
            }
        }
        // Dropping the server mid-drain is actix's forced stop: the listener is already
        // closed, and every worker drops its connections.
        Ok(())
    }
}

/// SIGTERM and SIGINT, each time one arrives, by name.
#[cfg(unix)]
fn stop_signals() -> std::io::Result<impl Stream<Item = &'static str>> {
    use std::task::Poll;
    use tokio::signal::unix::{signal, SignalKind};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(futures::stream::poll_fn(move |cx| {
        if let Poll::Ready(Some(())) = terminate.poll_recv(cx) {
            return Poll::Ready(Some("SIGTERM"));
        }
        if let Poll::Ready(Some(())) = interrupt.poll_recv(cx) {
            return Poll::Ready(Some("SIGINT"));
        }
        Poll::Pending
    }))
}

/// Ctrl-C, each time it is pressed (the only stop signal elsewhere).
#[cfg(not(unix))]
fn stop_signals() -> std::io::Result<impl Stream<Item = &'static str>> {
    Ok(futures::stream::unfold((), |()| async { tokio::signal::ctrl_c().await.ok().map(|()| ("Ctrl-C", ())) }))
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

/// The response a stopping service gives instead of calling the handler.
type Refusal = std::future::Ready<Result<ServiceResponse, actix_web::Error>>;

/// Passes `request` on to `service`, unless the service is stopping: then it is answered
/// with a 503 `shutting_down` that closes its connection.
fn refuse_when_stopping<S>(stopping: &Stopping, request: ServiceRequest, service: &S) -> Either<Refusal, S::Future>
where
    S: Service<ServiceRequest, Response = ServiceResponse, Error = actix_web::Error>,
{
    if stopping.has_begun() {
        return Either::Left(std::future::ready(Ok(request.error_response(ApiError::ShuttingDown))));
    }
    Either::Right(service.call(request))
}

fn run(listener: TcpListener, state: web::Data<AppState>, stopping: Stopping) -> std::io::Result<Server> {
    let drain_secs = state.settings.server.drain.as_secs();
    let server = HttpServer::new(move || {
        // Runs once on each worker thread, before it serves.
        state.pipeline.warm_up();
        let server_settings = &state.settings.server;
        let limit = server_settings.body_limit;
        let origins = server_settings.cors_origins.clone();
        let metrics = state.metrics.clone();
        let stopping = stopping.clone();
        App::new()
            // Innermost: once the service is stopping, a request that still gets this far (read
            // off a keep-alive connection opened before) is turned away rather than started,
            // so that the drain only waits for requests that were already running. Inside the
            // metrics and the log, which count it like any other.
            .wrap_fn(move |request, service| refuse_when_stopping(&stopping, request, service))
            // The time and status of the handler (or of the error that ends it), by the
            // route's pattern, never its path (`/static/x` and `/nope` are no new series).
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
    // Signals are handled by `Application::serve`, and so is the drain timeout: actix's own,
    // checked once a second, is only a backstop a second after it.
    .disable_signals()
    .shutdown_timeout(drain_secs.saturating_add(1))
    .listen(listener)?
    .run();
    Ok(server)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::ConnectionType;
    use actix_web::test::{call_service, init_service, read_body_json, TestRequest};
    use actix_web::HttpResponse;

    #[actix_web::test]
    async fn once_stopping_a_request_is_refused_with_a_503_that_closes_its_connection() {
        let stopping = Stopping::default();
        let gate = stopping.clone();
        let app = init_service(
            App::new()
                .wrap_fn(move |request, service| refuse_when_stopping(&gate, request, service))
                .route("/", web::get().to(HttpResponse::Ok)),
        )
        .await;
        let served = call_service(&app, TestRequest::get().uri("/").to_request()).await;
        assert_eq!(served.status(), 200, "served while running");

        stopping.begin();
        let refused = call_service(&app, TestRequest::get().uri("/").to_request()).await;

        assert_eq!(refused.status(), 503);
        assert_eq!(refused.response().head().connection_type(), ConnectionType::Close);
        let body: serde_json::Value = read_body_json(refused).await;
        assert_eq!(body["error"]["code"], "shutting_down", "{body}");
    }
}
