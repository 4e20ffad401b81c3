//! Reading the variables: [`Env`] parses one variable at a time into a typed value or a
//! [`ConfigError`] naming it, and builds each settings group (server, knowledge graph, LLM,
//! trust, LLM stages) from them. Pure: the variables come from the lookup it is given.

use std::path::PathBuf;
use std::time::Duration;

use url::Url;

use super::{
    BackendKind, CheckSettings, ConfigError, KgSettings, LlmSettings, LlmStages, Secret, ServerSettings, TrustSettings,
    DEFAULT_SPARQL_ENDPOINT, VARIABLES,
};

/// One function per settings group, each reading its variables through [`Env`].
impl Env<'_> {
    pub(super) fn server(&self) -> Result<ServerSettings, ConfigError> {
        let server = ServerSettings {
            host: self.string("SCIGRAPH_HOST", "127.0.0.1"),
            port: self.parse("SCIGRAPH_PORT", 8000u16, "expected a TCP port (0-65535)")?,
            body_limit: self.positive("SCIGRAPH_BODY_LIMIT", 64 * 1024)?,
            max_question_chars: self.positive("SCIGRAPH_MAX_QUESTION_CHARS", 1000)?,
            request_timeout: self.seconds("SCIGRAPH_REQUEST_TIMEOUT", 120.0)?,
            drain: self.whole_seconds("SCIGRAPH_DRAIN_SECS", 10)?,
            cors_origins: self.list("CORS_ORIGINS"),
            rate_limit_per_minute: self.parse("SCIGRAPH_RATE_LIMIT", 120u32, "expected requests per minute per client (0 = off)")?,
            rate_limit_loopback: self.switch("SCIGRAPH_RATE_LIMIT_LOOPBACK", false)?,
            trusted_proxies: self.networks("SCIGRAPH_TRUSTED_PROXIES")?,
            warm_up: self.switch("SCIGRAPH_WARM_UP", true)?,
        };
        for origin in &server.cors_origins {
            if origin != "*" && Url::parse(origin).is_err() {
                return Err(ConfigError::new(
                    "CORS_ORIGINS",
                    &self.raw("CORS_ORIGINS").unwrap_or_default(),
                    format!("`{origin}` is neither `*` nor an origin such as http://localhost:3000"),
                ));
            }
        }
        Ok(server)
    }

    pub(super) fn kg(&self) -> Result<KgSettings, ConfigError> {
        let backend = match self.raw("SCIGRAPH_BACKEND").as_deref().map(str::trim) {
            None | Some("") | Some("embedded") => BackendKind::Embedded,
            Some("remote") => BackendKind::Remote,
            Some(other) => {
                return Err(ConfigError::new(
                    "SCIGRAPH_BACKEND",
                    other,
                    "expected `embedded` or `remote`",
                ))
            }
        };
        Ok(KgSettings {
            backend,
            dumps: self.list("SCIGRAPH_DUMPS").into_iter().map(PathBuf::from).collect(),
            store: self.raw("SCIGRAPH_STORE").filter(|s| !s.trim().is_empty()).map(PathBuf::from),
            endpoint: self.url("SPARQL_ENDPOINT", DEFAULT_SPARQL_ENDPOINT)?,
            timeout: self.seconds("SPARQL_TIMEOUT", 10.0)?,
            health_cache_ttl: self.seconds("SCIGRAPH_HEALTH_CACHE_SECS", 5.0)?,
            sparql_attempts: self.positive("SCIGRAPH_SPARQL_RETRIES", 3)? as u32,
            breaker_threshold: self.positive("SCIGRAPH_BREAKER_THRESHOLD", 5)? as u32,
            breaker_cooldown: self.seconds("SCIGRAPH_BREAKER_COOLDOWN_SECS", 30.0)?,
            max_response_bytes: self.positive("SCIGRAPH_SPARQL_MAX_RESPONSE_MB", 32)?.saturating_mul(1024 * 1024),
            remote_boards: self.switch("SCIGRAPH_REMOTE_BOARDS", false)?,
            precomputed_rows: self.switch("SCIGRAPH_PRECOMPUTED_ROWS", true)?,
        })
    }

    pub(super) fn llm(&self) -> Result<LlmSettings, ConfigError> {
        Ok(match self.raw("SCIGRAPH_LLM_PROVIDER").as_deref().map(str::trim) {
            None | Some("") | Some("none") => LlmSettings::None,
            Some("ollama") => LlmSettings::Ollama {
                base_url: self.url("OLLAMA_BASE_URL", "http://localhost:11434")?,
                model: self.string("OLLAMA_MODEL", "llama3.2"),
                timeout: self.seconds("OLLAMA_TIMEOUT", 60.0)?,
            },
            Some("openai") => LlmSettings::OpenAi {
                base_url: self.url("OPENAI_BASE_URL", "https://api.openai.com/v1")?,
                model: self.string("OPENAI_MODEL", "gpt-4o-mini"),
                api_key: self.raw("OPENAI_API_KEY").filter(|k| !k.is_empty()).map(Secret::new),
                timeout: self.seconds("OPENAI_TIMEOUT", 60.0)?,
            },
            Some(other) => {
                return Err(ConfigError::new(
                    "SCIGRAPH_LLM_PROVIDER",
                    other,
                    "expected `none`, `ollama` or `openai`",
                ))
            }
        })
    }

    pub(super) fn trust(&self) -> Result<TrustSettings, ConfigError> {
        let defaults = TrustSettings::default();
        Ok(TrustSettings {
            recency_lambda: self.fraction("SCIGRAPH_RECENCY_LAMBDA", defaults.recency_lambda, 0.0..=5.0)?,
            unknown_year_weight: self.fraction("SCIGRAPH_UNKNOWN_YEAR_WEIGHT", defaults.unknown_year_weight, 0.0..=1.0)?,
            outdated_years: self.parse("SCIGRAPH_OUTDATED_YEARS", defaults.outdated_years, "expected a whole number of years")?,
            corroboration_factor: self.fraction("SCIGRAPH_CORROBORATION_FACTOR", defaults.corroboration_factor, 0.0..=10.0)?,
            conflict_threshold: self.fraction("SCIGRAPH_CONFLICT_THRESHOLD", defaults.conflict_threshold, 0.0..=1.0)?,
            confidence_weights: self.weights("SCIGRAPH_CONFIDENCE_WEIGHTS", defaults.confidence_weights)?,
            recency_enabled: self.switch("SCIGRAPH_RECENCY", true)?,
            corroboration_enabled: self.switch("SCIGRAPH_CORROBORATION", true)?,
            conflict_removal_enabled: self.switch("SCIGRAPH_CONFLICT_REMOVAL", true)?,
        })
    }

    pub(super) fn checks(&self) -> Result<CheckSettings, ConfigError> {
        Ok(CheckSettings {
            faithfulness: self.switch("SCIGRAPH_GATE_FAITHFULNESS", true)?,
            temporal: self.switch("SCIGRAPH_GATE_TEMPORAL", true)?,
            scope: self.switch("SCIGRAPH_GATE_SCOPE", true)?,
            retry: self.switch("SCIGRAPH_RETRY", true)?,
        })
    }

    pub(super) fn llm_stages(&self) -> Result<LlmStages, ConfigError> {
        let Some(raw) = self.value("SCIGRAPH_LLM_STAGES") else { return Ok(LlmStages::default()) };
        let mut stages = LlmStages { extract: false, classify: false, answer: false, sparql: false };
        for stage in self.list("SCIGRAPH_LLM_STAGES") {
            match stage.to_ascii_lowercase().as_str() {
                "extract" => stages.extract = true,
                "classify" => stages.classify = true,
                "answer" => stages.answer = true,
                "sparql" => stages.sparql = true,
                _ => {
                    return Err(ConfigError::new(
                        "SCIGRAPH_LLM_STAGES",
                        &raw,
                        "expected a comma-separated list of extract, classify, answer, sparql",
                    ))
                }
            }
        }
        Ok(stages)
    }
}

/// Reads and parses single variables, producing errors that name them.
pub(super) struct Env<'a> {
    pub(super) lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl Env<'_> {
    fn raw(&self, name: &str) -> Option<String> {
        // Keeps VARIABLES (and so the .env.example check) complete.
        debug_assert!(VARIABLES.contains(&name), "{name} missing from config::VARIABLES");
        (self.lookup)(name)
    }

    /// The trimmed value, or `None` when unset or blank (blank means "use the default").
    fn value(&self, name: &str) -> Option<String> {
        self.raw(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }

    /// A path, or `None` when unset.
    pub(super) fn path(&self, name: &str) -> Option<PathBuf> {
        self.value(name).map(PathBuf::from)
    }

    fn string(&self, name: &str, default: &str) -> String {
        self.value(name).unwrap_or_else(|| default.to_owned())
    }

    fn list(&self, name: &str) -> Vec<String> {
        self.value(name)
            .map(|v| {
                v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect()
            })
            .unwrap_or_default()
    }

    /// A comma-separated list of IP addresses or CIDR networks (a bare address is a /32 or
    /// /128 network).
    fn networks(&self, name: &str) -> Result<Vec<ipnet::IpNet>, ConfigError> {
        self.list(name)
            .iter()
            .map(|item| {
                item.parse::<ipnet::IpNet>()
                    .or_else(|_| item.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| ConfigError::new(name, &self.raw(name).unwrap_or_default(), format!("`{item}` is neither an IP address nor a network such as 10.0.0.0/8")))
            })
            .collect()
    }

    fn parse<T: std::str::FromStr>(
        &self,
        name: &str,
        default: T,
        expected: &str,
    ) -> Result<T, ConfigError> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| ConfigError::new(name, &v, expected)),
        }
    }

    pub(super) fn positive(&self, name: &str, default: usize) -> Result<usize, ConfigError> {
        let n = self.parse(name, default, "expected a whole number greater than 0")?;
        if n == 0 {
            return Err(ConfigError::new(name, "0", "expected a whole number greater than 0"));
        }
        Ok(n)
    }

    fn seconds(&self, name: &str, default: f64) -> Result<Duration, ConfigError> {
        let expected = "expected a number of seconds greater than 0, such as 10 or 2.5";
        let secs: f64 = self.parse(name, default, expected)?;
        if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
            return Err(ConfigError::new(name, &secs.to_string(), expected));
        }
        Ok(Duration::from_secs_f64(secs))
    }

    /// Whole seconds from 0 (meaning "none") to a day.
    fn whole_seconds(&self, name: &str, default: u64) -> Result<Duration, ConfigError> {
        let expected = "expected a whole number of seconds from 0 to 86400, such as 10 (0: none)";
        let secs: u64 = self.parse(name, default, expected)?;
        if secs > 86_400 {
            return Err(ConfigError::new(name, &secs.to_string(), expected));
        }
        Ok(Duration::from_secs(secs))
    }

    fn fraction(&self, name: &str, default: f64, range: std::ops::RangeInclusive<f64>) -> Result<f64, ConfigError> {
        let expected = format!("expected a number from {} to {}", range.start(), range.end());
        let value: f64 = self.parse(name, default, &expected)?;
        if !range.contains(&value) {
            return Err(ConfigError::new(name, &value.to_string(), expected));
        }
        Ok(value)
    }

    fn switch(&self, name: &str, default: bool) -> Result<bool, ConfigError> {
        match self.value(name).map(|v| v.to_ascii_lowercase()).as_deref() {
            None => Ok(default),
            Some("on" | "true" | "1" | "yes") => Ok(true),
            Some("off" | "false" | "0" | "no") => Ok(false),
            Some(other) => Err(ConfigError::new(name, other, "expected on or off")),
        }
    }

    fn weights(&self, name: &str, default: [f64; 3]) -> Result<[f64; 3], ConfigError> {
        let Some(value) = self.value(name) else { return Ok(default) };
        let expected = "expected three non-negative numbers that sum to 1, e.g. 0.40,0.30,0.30";
        let parts: Vec<f64> = value
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| ConfigError::new(name, &value, expected))?;
        match parts.as_slice() {
            [a, b, c] if [a, b, c].iter().all(|w| **w >= 0.0) && ((a + b + c) - 1.0).abs() < 1e-6 => Ok([*a, *b, *c]),
            _ => Err(ConfigError::new(name, &value, expected)),
        }
    }

    fn url(&self, name: &str, default: &str) -> Result<Url, ConfigError> {
        let value = self.value(name).unwrap_or_else(|| default.to_owned());
        let url = Url::parse(&value)
            .map_err(|e| ConfigError::new(name, &value, format!("not a URL: {e}")))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(ConfigError::new(name, &value, "expected an http:// or https:// URL"));
        }
        Ok(url)
    }
}
