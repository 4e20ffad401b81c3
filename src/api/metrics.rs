//! `GET /metrics`: Prometheus metrics (OpenMetrics text) from `prometheus-client`. The
//! registry lives in [`Metrics`], in the app state, never in a global, so tests that start
//! several apps count apart. Every label value comes from a closed set: routes are the
//! registered patterns (anything else is `unmatched`), methods outside the standard ones
//! are `other`, strategies are their template names (the entity after the `:` is dropped),
//! stages, codes and verdicts are the pipeline's own enums. A scrape can never grow the
//! number of series.
//!
//! HTTP figures are taken by a middleware ([`Metrics::observe_request`]); the pipeline's
//! by reading each `/ask` response ([`Metrics::observe_answer`]), so the pipeline itself
//! stays free of metrics code.

use std::sync::atomic::AtomicU64;

use actix_web::{web, HttpResponse};
use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use super::AppState;
use crate::pipeline::diagnostics::Code;
use crate::pipeline::AskResponse;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StrategyLabels {
    strategy: String,
    status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct One {
    value: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StageLabel {
    stage: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ResultLabel {
    result: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct VerdictLabel {
    verdict: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct AskLabels {
    query_type: String,
    answer_mode: String,
}

/// A unit enum's wire name (its serde form), for a label.
fn name<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn seconds() -> Histogram {
    // 0.5 ms to about 16 s.
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

/// A family of latency histograms, one per label set.
fn histograms<L: EncodeLabelSet + Clone + std::hash::Hash + Eq>() -> Family<L, Histogram, fn() -> Histogram> {
    Family::new_with_constructor(seconds as fn() -> Histogram)
}

/// The service's metrics and the registry that names them.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Histogram, fn() -> Histogram>,
    in_flight: Gauge<i64, std::sync::atomic::AtomicI64>,
    strategies: Family<StrategyLabels, Histogram, fn() -> Histogram>,
    stages: Family<StageLabel, Histogram, fn() -> Histogram>,
    cache: Family<ResultLabel, Counter<u64, AtomicU64>>,
    verdicts: Family<VerdictLabel, Counter<u64, AtomicU64>>,
    llm_fallbacks: Family<CodeLabel, Counter<u64, AtomicU64>>,
    kg_errors: Family<CodeLabel, Counter<u64, AtomicU64>>,
    asks: Family<AskLabels, Counter<u64, AtomicU64>>,
    baseline: Family<One, Counter<u64, AtomicU64>>,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// The methods counted by name; any other is `other`.
const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"];

impl Metrics {
    pub fn new() -> Self {
        let metrics = Self {
            registry: Registry::with_prefix("scigraph"),
            requests: histograms(),
            in_flight: Gauge::default(),
            strategies: histograms(),
            stages: histograms(),
            cache: Family::default(),
            verdicts: Family::default(),
            llm_fallbacks: Family::default(),
            kg_errors: Family::default(),
            asks: Family::default(),
            baseline: Family::default(),
        };
        metrics.register()
    }

    fn register(mut self) -> Self {
        let r = &mut self.registry;
        // Counter names carry no `_total`: the library appends it (and, in debug builds,
        // panics if it is already there).
        r.register("http_request_duration_seconds", "HTTP requests by route pattern, method and status", self.requests.clone());
        r.register("http_requests_in_flight", "HTTP requests being served", self.in_flight.clone());
        r.register("strategy_duration_seconds", "SPARQL strategies by template and status (ok, cached, timeout, error)", self.strategies.clone());
        r.register("stage_duration_seconds", "Pipeline stages of /ask", self.stages.clone());
        r.register("query_cache_lookups", "Strategies answered without the store (hit: query cache or precomputed rows) or by it (miss)", self.cache.clone());
        r.register("verdicts", "Claim verdicts given", self.verdicts.clone());
        r.register("llm_fallbacks", "LLM uses that fell back to the deterministic path, by diagnostic code", self.llm_fallbacks.clone());
        r.register("kg_errors", "Knowledge-graph query failures by error code", self.kg_errors.clone());
        r.register("asks", "Answered questions by type and answer mode", self.asks.clone());
        r.register("baseline_requests", "LLM-alone (/ask/baseline) requests by outcome", self.baseline.clone());
        self
    }

    /// Counts one served request; `route` is the matched pattern, if any.
    pub fn observe_request(&self, route: Option<&str>, method: &str, status: u16, seconds: f64) {
        let route = route.unwrap_or("unmatched").to_owned();
        let method = METHODS.iter().find(|m| **m == method).copied().unwrap_or("other").to_owned();
        self.requests.get_or_create(&RequestLabels { route, method, status }).observe(seconds);
    }

    /// A guard that counts a request in flight until it is dropped (a cancelled request
    /// is dropped too).
    pub fn in_flight(&self) -> InFlight {
        self.in_flight.inc();
        InFlight(self.in_flight.clone())
    }

    /// How many requests are being served now (what a stopping service waits for).
    pub fn requests_in_flight(&self) -> i64 {
        self.in_flight.get()
    }

    /// Reads the pipeline's figures off an answer.
    pub fn observe_answer(&self, response: &AskResponse) {
        for report in &response.strategies_used {
            let strategy = report.name.split(':').next().unwrap_or_default().to_owned();
            let status = name(&report.status);
            self.strategies.get_or_create(&StrategyLabels { strategy, status: status.clone() }).observe(report.ms as f64 / 1000.0);
            let result = match status.as_str() {
                "cached" => Some("hit"),
                "ok" => Some("miss"),
                _ => None,
            };
            if let Some(result) = result {
                self.cache.get_or_create(&ResultLabel { result: result.to_owned() }).inc();
            }
            if let Some(code) = report.error_code {
                self.kg_errors.get_or_create(&CodeLabel { code: code.to_owned() }).inc();
            }
        }
        for (stage, ms) in &response.timings_ms {
            if *stage != "total" {
                self.stages.get_or_create(&StageLabel { stage: (*stage).to_owned() }).observe(*ms as f64 / 1000.0);
            }
        }
        if let Some(verdict) = response.verdict {
            self.verdicts.get_or_create(&VerdictLabel { verdict: verdict.as_str().to_owned() }).inc();
        }
        for d in &response.diagnostics {
            if matches!(d.code, Code::LlmFallback | Code::LlmEcho | Code::LlmUnusableReply) {
                self.llm_fallbacks.get_or_create(&CodeLabel { code: name(&d.code) }).inc();
            }
        }
        let labels = AskLabels { query_type: response.query_type.as_str().to_owned(), answer_mode: name(&response.answer_mode) };
        self.asks.get_or_create(&labels).inc();
    }

    /// Counts one `/ask/baseline` outcome (`answered`, or an error code).
    pub fn observe_baseline(&self, outcome: &'static str) {
        self.baseline.get_or_create(&One { value: outcome.to_owned() }).inc();
    }

    /// The OpenMetrics text of every metric.
    pub fn encode(&self) -> Result<String, std::fmt::Error> {
        let mut text = String::new();
        encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// Counts a request in flight while alive.
pub struct InFlight(Gauge<i64, std::sync::atomic::AtomicI64>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// Prometheus metrics, in the OpenMetrics text format.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Prometheus metrics in the OpenMetrics text format", content_type = "application/openmetrics-text", body = String)))]
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    match state.metrics.encode() {
        Ok(text) => HttpResponse::Ok().content_type("application/openmetrics-text; version=1.0.0; charset=utf-8").body(text),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_routes_and_methods_share_one_label_and_counters_are_not_double_suffixed() {
        let m = Metrics::new();
        m.observe_request(None, "BREW", 404, 0.01);
        m.observe_request(None, "GET", 404, 0.01);
        m.observe_request(Some("/ask"), "POST", 200, 0.02);
        {
            let _guard = m.in_flight();
            assert!(m.encode().unwrap().contains("scigraph_http_requests_in_flight 1"));
            assert_eq!(m.requests_in_flight(), 1);
        }
        assert_eq!(m.requests_in_flight(), 0, "a finished request is no longer in flight");
        let text = m.encode().unwrap();
        assert!(text.contains(r#"route="unmatched",method="other",status="404""#), "{text}");
        assert!(text.contains(r#"route="/ask",method="POST",status="200""#), "{text}");
        assert!(text.contains("scigraph_http_requests_in_flight 0"), "{text}");
        assert!(!text.contains("_total_total"));
    }
}
