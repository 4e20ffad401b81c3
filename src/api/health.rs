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
use crate::config::{LlmStages, TrustSettings};
use crate::kg::KnowledgeGraph;
use crate::llm::ChatModel;

/// The longest a health check waits on either dependency.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Degraded,
    Disabled,
}

#[derive(Debug, Clone, Serialize)]
pub struct KgHealth {
    pub backend: &'static str,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triples: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    pub source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LlmHealth {
    pub provider: &'static str,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The stages the LLM takes part in (`SCIGRAPH_LLM_STAGES`), when one is configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stages: Option<LlmStages>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct HealthReport {
    pub status: Status,
    pub kg: KgHealth,
    pub llm: LlmHealth,
    pub pipeline: &'static str,
    /// The recency, corroboration, conflict and confidence settings in force.
    pub trust: TrustSettings,
    pub version: &'static str,
}

pub struct HealthChecker {
    kg: Arc<dyn KnowledgeGraph>,
    llm: Option<Arc<dyn ChatModel>>,
    trust: TrustSettings,
    stages: LlmStages,
    cache: Cache<(), Arc<HealthReport>>,
}

impl HealthChecker {
    pub fn new(kg: Arc<dyn KnowledgeGraph>, llm: Option<Arc<dyn ChatModel>>, trust: TrustSettings, stages: LlmStages, ttl: Duration) -> Self {
        Self { kg, llm, trust, stages, cache: Cache::builder().max_capacity(1).time_to_live(ttl).build() }
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
        HealthReport { status, kg, llm, pipeline: "ready", trust: self.trust.clone(), version: env!("CARGO_PKG_VERSION") }
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
        KgHealth {
            backend: info.backend.as_str(),
            status: if error.is_none() { Status::Ok } else { Status::Degraded },
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

pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(&*state.health.report().await)
}
