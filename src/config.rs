//! Typed settings, read once at start-up from the process environment and an optional `.env`.
//!
//! The variable names of the Python service scigraph replaces (`SPARQL_ENDPOINT`,
//! `SPARQL_TIMEOUT`, `OLLAMA_*`, `MAX_CONTEXT_PAPERS`, `CORS_ORIGINS`) are kept; scigraph's own
//! settings carry a `SCIGRAPH_` prefix, and the OpenAI-compatible client uses `OPENAI_*`.
//! Every value is parsed here, so a bad value stops start-up with a [`ConfigError`] that names
//! the variable, instead of surfacing later as a failed request. `.env.example` documents every
//! variable this module reads; the two lists are kept in step by a unit test.
//!
//! Precedence, highest first: command-line flags (applied by `cli`), the environment, `.env`,
//! the defaults below. Secrets are held in [`Secret`], whose `Debug` never prints the value.
//! This file holds the types; `config/env.rs` reads the variables, one function per
//! settings group.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use url::Url;

mod env;
use env::Env;

/// ORKG's public SPARQL endpoint (a Virtuoso server).
pub const DEFAULT_SPARQL_ENDPOINT: &str = "https://orkg.org/triplestore";

/// Every variable this module reads, in the order `.env.example` documents them.
pub const VARIABLES: &[&str] = &[
    "SCIGRAPH_HOST",
    "SCIGRAPH_PORT",
    "SCIGRAPH_BODY_LIMIT",
    "SCIGRAPH_MAX_QUESTION_CHARS",
    "SCIGRAPH_REQUEST_TIMEOUT",
    "SCIGRAPH_DRAIN_SECS",
    "SCIGRAPH_WARM_UP",
    "SCIGRAPH_LLM_STAGES",
    "CORS_ORIGINS",
    "SCIGRAPH_RATE_LIMIT",
    "SCIGRAPH_RATE_LIMIT_LOOPBACK",
    "SCIGRAPH_TRUSTED_PROXIES",
    "SCIGRAPH_SPARQL_EXAMPLES",
    "SCIGRAPH_BACKEND",
    "SCIGRAPH_DUMPS",
    "SCIGRAPH_STORE",
    "SPARQL_ENDPOINT",
    "SPARQL_TIMEOUT",
    "SCIGRAPH_SPARQL_RETRIES",
    "SCIGRAPH_BREAKER_THRESHOLD",
    "SCIGRAPH_BREAKER_COOLDOWN_SECS",
    "SCIGRAPH_SPARQL_MAX_RESPONSE_MB",
    "SCIGRAPH_REMOTE_BOARDS",
    "SCIGRAPH_PRECOMPUTED_ROWS",
    "SCIGRAPH_HEALTH_CACHE_SECS",
    "SCIGRAPH_LLM_PROVIDER",
    "OLLAMA_BASE_URL",
    "OLLAMA_MODEL",
    "OLLAMA_TIMEOUT",
    "OPENAI_BASE_URL",
    "OPENAI_MODEL",
    "OPENAI_API_KEY",
    "OPENAI_TIMEOUT",
    "MAX_CONTEXT_PAPERS",
    "SCIGRAPH_RECENCY_LAMBDA",
    "SCIGRAPH_UNKNOWN_YEAR_WEIGHT",
    "SCIGRAPH_OUTDATED_YEARS",
    "SCIGRAPH_CORROBORATION_FACTOR",
    "SCIGRAPH_CONFLICT_THRESHOLD",
    "SCIGRAPH_CONFIDENCE_WEIGHTS",
    "SCIGRAPH_RECENCY",
    "SCIGRAPH_CORROBORATION",
    "SCIGRAPH_CONFLICT_REMOVAL",
    "SCIGRAPH_GATE_FAITHFULNESS",
    "SCIGRAPH_GATE_TEMPORAL",
    "SCIGRAPH_GATE_SCOPE",
    "SCIGRAPH_RETRY",
];

/// A setting that could not be used. Its message names the variable and the value.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("invalid configuration: {variable}={value:?}: {reason}")]
pub struct ConfigError {
    pub variable: String,
    pub value: String,
    pub reason: String,
}

impl ConfigError {
    pub fn new(variable: &str, value: &str, reason: impl Into<String>) -> Self {
        Self { variable: variable.to_owned(), value: value.to_owned(), reason: reason.into() }
    }
}

/// A string that must never reach a log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub server: ServerSettings,
    pub kg: KgSettings,
    pub llm: LlmSettings,
    pub pipeline: PipelineSettings,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ServerSettings {
    pub host: String,
    pub port: u16,
    /// Largest accepted request body, in bytes; larger bodies get a 413.
    pub body_limit: usize,
    /// Longest accepted question, in characters.
    pub max_question_chars: usize,
    /// The whole budget of one `/ask`; past it the client gets a 504 `request_timeout`.
    pub request_timeout: Duration,
    /// How long a stopping service (SIGTERM or SIGINT) lets requests in flight finish before
    /// it cuts them; zero stops at once. Whole seconds: actix checks its workers once a second.
    pub drain: Duration,
    /// Allowed CORS origins; empty means no cross-origin access, `*` means any origin.
    pub cors_origins: Vec<String>,
    /// Requests per minute allowed per client IP on `/ask`; 0 turns the limit off.
    pub rate_limit_per_minute: u32,
    /// Whether loopback clients (127.0.0.0/8, ::1) are limited too.
    pub rate_limit_loopback: bool,
    /// Reverse proxies whose `X-Forwarded-For` / `Forwarded` headers name the client. A
    /// request from anywhere else is its peer address, whatever its headers say.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Whether `serve` asks the demo graph a few questions of every shape before it serves,
    /// so that no user's first question of a kind pays for compiling the stages' patterns.
    pub warm_up: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendKind {
    Embedded,
    Remote,
}

impl BackendKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Embedded => "embedded",
            Self::Remote => "remote",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct KgSettings {
    pub backend: BackendKind,
    /// Dump files loaded into the in-memory store at start-up (embedded backend).
    pub dumps: Vec<PathBuf>,
    /// An on-disk store made by `scigraph load` (embedded backend, `rocksdb` feature).
    pub store: Option<PathBuf>,
    /// The SPARQL 1.1 endpoint (remote backend).
    pub endpoint: Url,
    /// Time budget of one SPARQL query, on either backend.
    pub timeout: Duration,
    /// How long `/health` reuses its last knowledge-graph and LLM check.
    pub health_cache_ttl: Duration,
    /// Attempts per remote query (1 = no retry) for transient failures.
    pub sparql_attempts: u32,
    /// Consecutive failed remote queries that open the circuit breaker.
    pub breaker_threshold: u32,
    /// How long an open circuit leaves the endpoint alone.
    pub breaker_cooldown: Duration,
    /// The largest SPARQL response body read (remote backend); a bigger one is refused.
    pub max_response_bytes: usize,
    /// Summarise an endpoint's largest leaderboards at start-up, as for an embedded store
    /// (`crate::boards`): "best on D" then reads a head board's best results by IRI instead
    /// of a cut of the board, at the cost of start-up time (31 s over Virtuoso at 6.3 M
    /// triples). Off by default: a live endpoint changes under the summaries.
    pub remote_boards: bool,
    /// Answer keyed queries (paper metadata, a board's kept results, the listings of the
    /// most used entities) from rows precomputed from an embedded graph (`crate::precomputed`):
    /// written beside a store by `scigraph load`, or read at start-up from a dump in memory.
    /// On by default; off runs every query against the graph (to compare).
    pub precomputed_rows: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum LlmSettings {
    None,
    Ollama { base_url: Url, model: String, timeout: Duration },
    OpenAi { base_url: Url, model: String, api_key: Option<Secret>, timeout: Duration },
}

impl LlmSettings {
    pub fn provider(&self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Ollama { .. } => "ollama",
            Self::OpenAi { .. } => "openai",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PipelineSettings {
    /// Papers kept after ranking and handed to answer generation.
    pub max_context_papers: usize,
    pub trust: TrustSettings,
    /// Which answer gates are checked, and whether a failed one earns a retry.
    pub checks: CheckSettings,
    /// Which stages a configured LLM takes part in; the others stay deterministic.
    pub llm_stages: LlmStages,
    /// SciQA's `questions.json` (its train split), whose questions and queries the
    /// text-to-SPARQL prompt shows as examples; none: the prompt has the schema only.
    pub sparql_examples: Option<PathBuf>,
}

/// `SCIGRAPH_LLM_STAGES`: a small model may phrase answers well and classify badly
/// (`scigraph eval types --llm` measures it), so each stage can be given to it or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct LlmStages {
    /// Whether the LLM extracts the question's entities.
    pub extract: bool,
    /// Whether the LLM classifies the question.
    pub classify: bool,
    /// Whether the LLM phrases the answer.
    pub answer: bool,
    /// Whether the LLM writes a SPARQL query (validated before it runs) as one more strategy.
    pub sparql: bool,
}

impl Default for LlmStages {
    fn default() -> Self {
        Self { extract: true, classify: true, answer: true, sparql: true }
    }
}

/// How facts are weighed against each other (`pipeline::trust`). Shown on `/health`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct TrustSettings {
    /// λ of the recency weight e^(-λ·age); 0.08 is a half-life of about 8.7 years.
    pub recency_lambda: f64,
    /// The recency weight of a fact whose year is unknown.
    pub unknown_year_weight: f64,
    /// A source older than this many years (before the time anchor) is OUTDATED.
    pub outdated_years: i32,
    /// Corroboration factor 1 + ln(1 + support) × this.
    pub corroboration_factor: f64,
    /// Relative score gap above which the weaker of two conflicting facts is removed.
    pub conflict_threshold: f64,
    /// Confidence weights of evidence, support and recency (they sum to 1).
    #[schema(min_items = 3, max_items = 3)]
    pub confidence_weights: [f64; 3],
    /// Ablation switches: each part of the resolution can be turned off. Whether facts are
    /// weighed by recency.
    pub recency_enabled: bool,
    /// Whether facts are weighed by corroboration (how many papers state them).
    pub corroboration_enabled: bool,
    /// Whether the weaker of two conflicting facts is removed (else both stay, conflicted).
    pub conflict_removal_enabled: bool,
}

impl Default for TrustSettings {
    fn default() -> Self {
        Self {
            recency_lambda: 0.08,
            unknown_year_weight: 0.5,
            outdated_years: 10,
            corroboration_factor: 0.8,
            conflict_threshold: 0.30,
            confidence_weights: [0.40, 0.30, 0.30],
            recency_enabled: true,
            corroboration_enabled: true,
            conflict_removal_enabled: true,
        }
    }
}

/// The answer's gates and its retry (`pipeline::answer::gates`), each of which can be
/// switched off to measure what it is worth (`scigraph eval ablations`). Shown on `/health`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct CheckSettings {
    /// Whether every stating sentence must cite, and every number be in what it cites.
    pub faithfulness: bool,
    /// Whether a superseded result presented as the best fails the answer.
    pub temporal: bool,
    /// Whether the sources must match what the question names.
    pub scope: bool,
    /// Whether a failed gate earns one retry with the alternative plan.
    pub retry: bool,
}

impl CheckSettings {
    /// Every gate and the retry on: the default.
    pub const ALL: Self = Self { faithfulness: true, temporal: true, scope: true, retry: true };
    /// Nothing checked, nothing retried.
    pub const NONE: Self = Self { faithfulness: false, temporal: false, scope: false, retry: false };
}

impl Default for CheckSettings {
    fn default() -> Self {
        Self::ALL
    }
}

impl Settings {
    /// Reads `.env` (if present, without overriding the environment) and then the environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        // A missing .env is normal; a malformed one is a configuration error worth reporting.
        match dotenvy::dotenv() {
            Ok(_) => {}
            Err(e) if e.not_found() => {}
            Err(e) => return Err(ConfigError::new(".env", "", e.to_string())),
        }
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Builds settings from any variable source; tests pass a map.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = Env { lookup: &lookup };
        // The order is the order of the checks: the first bad value is the one reported.
        let server = env.server()?;
        let kg = env.kg()?;
        let llm = env.llm()?;
        let trust = env.trust()?;
        let checks = env.checks()?;
        let llm_stages = env.llm_stages()?;
        let sparql_examples = env.path("SCIGRAPH_SPARQL_EXAMPLES");
        let pipeline = PipelineSettings { max_context_papers: env.positive("MAX_CONTEXT_PAPERS", 8)?, trust, checks, llm_stages, sparql_examples };
        Ok(Settings { server, kg, llm, pipeline })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let map: HashMap<String, String> =
            vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Settings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_the_embedded_demo_on_localhost_8000_without_llm() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.server.host, "127.0.0.1");
        assert_eq!(s.server.port, 8000);
        assert_eq!(s.kg.backend, BackendKind::Embedded);
        assert!(s.kg.dumps.is_empty() && s.kg.store.is_none());
        assert_eq!(s.kg.endpoint.as_str(), DEFAULT_SPARQL_ENDPOINT);
        assert_eq!(s.kg.timeout, Duration::from_secs(10));
        assert_eq!(s.llm, LlmSettings::None);
        assert_eq!(s.pipeline.max_context_papers, 8);
        assert_eq!(s.pipeline.trust, TrustSettings::default());
        assert_eq!(s.pipeline.trust.recency_lambda, 0.08);
        assert_eq!(s.pipeline.trust.conflict_threshold, 0.30);
        assert_eq!(s.server.max_question_chars, 1000);
        assert_eq!(s.server.drain, Duration::from_secs(10));
        assert!(!s.kg.remote_boards, "an endpoint's boards are not summarised unless asked");
        assert!(settings(&[("SCIGRAPH_REMOTE_BOARDS", "on")]).unwrap().kg.remote_boards);
        assert!(s.kg.precomputed_rows, "precomputed rows are used by default");
        assert!(!settings(&[("SCIGRAPH_PRECOMPUTED_ROWS", "off")]).unwrap().kg.precomputed_rows);
        assert!(s.server.warm_up, "serve warms the stages up by default");
        assert!(!settings(&[("SCIGRAPH_WARM_UP", "off")]).unwrap().server.warm_up);
    }

    #[test]
    fn each_bad_value_is_reported_with_its_variable_name() {
        let cases = [
            ("SPARQL_TIMEOUT", "ten"),
            ("SPARQL_TIMEOUT", "0"),
            ("SPARQL_TIMEOUT", "-3"),
            ("SCIGRAPH_PORT", "70000"),
            ("SCIGRAPH_BACKEND", "postgres"),
            ("SPARQL_ENDPOINT", "not a url"),
            ("SPARQL_ENDPOINT", "ftp://example.org/sparql"),
            ("MAX_CONTEXT_PAPERS", "0"),
            ("MAX_CONTEXT_PAPERS", "many"),
            ("SCIGRAPH_LLM_PROVIDER", "claude"),
            ("CORS_ORIGINS", "not-an-origin"),
            ("SCIGRAPH_BODY_LIMIT", "1e9"),
            ("SCIGRAPH_RECENCY_LAMBDA", "-1"),
            ("SCIGRAPH_CONFLICT_THRESHOLD", "1.5"),
            ("SCIGRAPH_CONFIDENCE_WEIGHTS", "0.5,0.5,0.5"),
            ("SCIGRAPH_CONFIDENCE_WEIGHTS", "a,b,c"),
            ("SCIGRAPH_RECENCY", "maybe"),
            ("SCIGRAPH_DRAIN_SECS", "soon"),
            ("SCIGRAPH_DRAIN_SECS", "-1"),
            ("SCIGRAPH_DRAIN_SECS", "2.5"),
            ("SCIGRAPH_DRAIN_SECS", "86401"),
        ];
        for (name, value) in cases {
            let err = settings(&[(name, value)]).expect_err(name);
            assert_eq!(err.variable, name, "{name}={value}");
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    #[test]
    fn a_drain_of_zero_seconds_is_allowed_and_means_stop_at_once() {
        assert_eq!(settings(&[("SCIGRAPH_DRAIN_SECS", "0")]).unwrap().server.drain, Duration::ZERO);
        assert_eq!(settings(&[("SCIGRAPH_DRAIN_SECS", " 30 ")]).unwrap().server.drain, Duration::from_secs(30));
    }

    #[test]
    fn provider_variables_are_only_read_for_the_chosen_provider() {
        let err = settings(&[("SCIGRAPH_LLM_PROVIDER", "ollama"), ("OLLAMA_TIMEOUT", "x")])
            .unwrap_err();
        assert_eq!(err.variable, "OLLAMA_TIMEOUT");
        // The same bad value is ignored when Ollama is not the provider.
        assert!(settings(&[("OLLAMA_TIMEOUT", "x")]).is_ok());
    }

    #[test]
    fn openai_key_is_kept_but_never_printed_by_debug() {
        let s = settings(&[
            ("SCIGRAPH_LLM_PROVIDER", "openai"),
            ("OPENAI_API_KEY", "sk-very-secret"),
            ("OPENAI_MODEL", "m"),
        ])
        .unwrap();
        let debug = format!("{s:?}");
        assert!(!debug.contains("sk-very-secret"), "{debug}");
        match s.llm {
            LlmSettings::OpenAi { api_key, model, .. } => {
                assert_eq!(api_key.unwrap().expose(), "sk-very-secret");
                assert_eq!(model, "m");
            }
            other => panic!("expected openai, got {other:?}"),
        }
    }

    #[test]
    fn llm_stages_default_to_all_and_refuse_unknown_names() {
        assert_eq!(settings(&[]).unwrap().pipeline.llm_stages, LlmStages::default());
        let s = settings(&[("SCIGRAPH_LLM_STAGES", " Answer ")]).unwrap();
        assert_eq!(s.pipeline.llm_stages, LlmStages { extract: false, classify: false, answer: true, sparql: false });
        let err = settings(&[("SCIGRAPH_LLM_STAGES", "answer,summarise")]).unwrap_err();
        assert!(err.to_string().contains("SCIGRAPH_LLM_STAGES"), "{err}");
    }

    #[test]
    fn lists_are_comma_separated_and_trimmed() {
        let s = settings(&[
            ("CORS_ORIGINS", " http://a.example , http://b.example:3000 "),
            ("SCIGRAPH_DUMPS", "a.nt,b.ttl.gz"),
            ("SPARQL_TIMEOUT", "2.5"),
        ])
        .unwrap();
        assert_eq!(s.server.cors_origins, vec!["http://a.example", "http://b.example:3000"]);
        assert_eq!(s.kg.dumps, vec![PathBuf::from("a.nt"), PathBuf::from("b.ttl.gz")]);
        assert_eq!(s.kg.timeout, Duration::from_millis(2500));
    }

    #[test]
    fn env_example_documents_every_variable_read_here() {
        let example = include_str!("../.env.example");
        for name in VARIABLES {
            assert!(example.contains(&format!("{name}=")), ".env.example lacks {name}");
        }
    }
}
