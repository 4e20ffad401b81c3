//! `GET /health`: is the knowledge graph answering, is the LLM (if any) answering, is the
//! pipeline ready. Always 200 with a JSON report, so monitoring can tell `ok` from
//! `degraded` without parsing error pages. Each check runs at most once per cache period
//! (`SCIGRAPH_HEALTH_CACHE_SECS`), with concurrent callers sharing one check, so a busy
//! monitor cannot turn into load on ORKG's endpoint.

use std::sync::Arc;
use std::time::Duration;

use actix_web::{web, HttpResponse};
use moka::future::Cache;
use serde::Serialize;

use super::AppState;
use crate::config::{CheckSettings, LlmStages, PipelineSettings, TrustSettings};
use crate::kg::KnowledgeGraph;
use crate::llm::ChatModel;

/// The longest a health check waits on either dependency.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);

/// A health status: `ok`; `degraded` (a dependency is not answering); `disabled` (no LLM
/// is configured, which is no fault).
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[schema(as = HealthStatus)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Degraded,
    Disabled,
}

/// The knowledge graph's check.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct KgHealth {
    /// `embedded` (an in-process store) or `remote` (a SPARQL endpoint).
    pub backend: &'static str,
    /// `ok` when it answered within the check timeout and its store (if any) has no
    /// problem, else `degraded`.
    pub status: Status,
    /// Triples in the store; only from the embedded backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub triples: Option<u64>,
    /// The SPARQL endpoint's URL; only for the remote backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub endpoint: Option<String>,
    /// Where the graph comes from: the endpoint, the dump files or the store directory.
    pub source: String,
    /// The on-disk store served (`serve --store`): its generation, counts and problems. Any
    /// problem makes the check `degraded`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub store: Option<crate::kg::store::StoreReport>,
    /// Why the check failed, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<String>,
}

/// The LLM's check.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LlmHealth {
    /// `ollama`, `openai`, or `none` when no LLM is configured.
    pub provider: &'static str,
    /// `ok` when it answered, `degraded` when not, `disabled` with no LLM.
    pub status: Status,
    /// The model name, when an LLM is configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub model: Option<String>,
    /// The stages the LLM takes part in (`SCIGRAPH_LLM_STAGES`), when one is configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub stages: Option<LlmStages>,
    /// Why the check failed, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<String>,
}

/// Everything `GET /health` returns (always with status 200).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HealthReport {
    /// `ok` when the graph answers and the LLM is fine or disabled, else `degraded`.
    pub status: Status,
    /// The knowledge graph's check.
    pub kg: KgHealth,
    /// The LLM's check.
    pub llm: LlmHealth,
    /// Always `ready` once the server answers.
    pub pipeline: &'static str,
    /// The recency, corroboration, conflict and confidence settings in force.
    pub trust: TrustSettings,
    /// Which answer gates are checked and whether a failed one earns a retry.
    pub checks: CheckSettings,
    /// The server's version.
    pub version: &'static str,
}

pub struct HealthChecker {
    kg: Arc<dyn KnowledgeGraph>,
    llm: Option<Arc<dyn ChatModel>>,
    trust: TrustSettings,
    checks: CheckSettings,
    stages: LlmStages,
    cache: Cache<(), Arc<HealthReport>>,
}

impl HealthChecker {
    pub fn new(kg: Arc<dyn KnowledgeGraph>, llm: Option<Arc<dyn ChatModel>>, pipeline: &PipelineSettings, ttl: Duration) -> Self {
        Self { kg, llm, trust: pipeline.trust.clone(), checks: pipeline.checks, stages: pipeline.llm_stages, cache: Cache::builder().max_capacity(1).time_to_live(ttl).build() }
    }

    /// The cached report, or a fresh one when the cache period has passed.
    pub async fn report(&self) -> Arc<HealthReport> {
        self.cache.get_with((), async { Arc::new(self.check().await) }).await
    }

    async fn check(&self) -> HealthReport {
        let (kg, llm) = tokio::join!(self.check_kg(), self.check_llm());
        // A disabled LLM is a choice, not a fault.
        let status = if kg.status == Status::Ok && llm.status != Status::Degraded {
            Status::Ok
        } else {
            Status::Degraded
        };
        HealthReport { status, kg, llm, pipeline: "ready", trust: self.trust.clone(), checks: self.checks, version: env!("CARGO_PKG_VERSION") }
    }

    async fn check_kg(&self) -> KgHealth {
        let info = self.kg.info();
        let error = match tokio::time::timeout(CHECK_TIMEOUT, self.kg.ping()).await {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(format!("{} ({})", e, e.code())),
            Err(_) => Some(format!("no answer within {}s (kg_timeout)", CHECK_TIMEOUT.as_secs())),
        };
        if let Some(error) = &error {
            tracing::warn!(%error, "knowledge graph health check failed");
        }
        let store = self.kg.store_report();
        let troubled = store.as_ref().is_some_and(|s| !s.problems.is_empty());
        KgHealth {
            backend: info.backend.as_str(),
            status: if error.is_none() && !troubled { Status::Ok } else { Status::Degraded },
            store,
            triples: self.kg.triple_count(),
            endpoint: info.endpoint,
            source: info.source,
            error,
        }
    }

    async fn check_llm(&self) -> LlmHealth {
        let Some(llm) = &self.llm else {
            return LlmHealth { provider: "none", status: Status::Disabled, model: None, stages: None, error: None };
        };
        let error = match tokio::time::timeout(CHECK_TIMEOUT, llm.health()).await {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(format!("{} ({})", e, e.code())),
            Err(_) => Some(format!("no answer within {}s (llm_timeout)", CHECK_TIMEOUT.as_secs())),
        };
        if let Some(error) = &error {
            tracing::warn!(%error, "LLM health check failed");
        }
        LlmHealth {
            provider: llm.provider(),
            status: if error.is_none() { Status::Ok } else { Status::Degraded },
            model: Some(llm.model().to_owned()),
            stages: Some(self.stages),
            error,
        }
    }
}

/// The knowledge graph, the LLM and the pipeline: `ok` or `degraded`, always 200 (also answers `HEAD`).
#[utoipa::path(get, path = "/health", tag = "operations",
    responses((status = 200, description = "Always 200: `status` says whether the knowledge graph and the LLM answer (`ok`) or not (`degraded`)", body = HealthReport)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(&*state.health.report().await)
}
