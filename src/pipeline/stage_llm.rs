//! The one way a stage uses the LLM: [`StageLlm::ask`] applies the stage switch
//! (`SCIGRAPH_LLM_STAGES`), makes the call, refuses a reply that echoes the prompt, and
//! turns every failure into a diagnostic and `None`, so the stage runs its deterministic
//! fallback. The stages themselves stay pure: they get the reply (or `None`) as data.
//! Every call made is recorded as an [`LlmExchange`] (`llm_exchanges` in the response:
//! what the LLM was told and what it said, as the reference systems show their prompts).
//! Shared by every stage: it imports no stage.

use std::sync::Arc;

use serde::Serialize;

use super::diagnostics::{Code, Diagnostics, Stage};
use crate::config::LlmStages;
use crate::llm::{ChatModel, ChatRequest};

/// The stages that may use an LLM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlmUse {
    Extract,
    Classify,
    Answer,
    /// Writing a SPARQL query (validated before it runs).
    Sparql,
}

impl LlmUse {
    /// The name warnings use.
    pub fn name(self) -> &'static str {
        match self {
            Self::Extract => "entity extraction",
            Self::Classify => "classification",
            Self::Answer => "answer generation",
            Self::Sparql => "text-to-SPARQL",
        }
    }

    /// The stage name `llm_exchanges` uses.
    pub fn key(self) -> &'static str {
        match self {
            Self::Extract => "extract",
            Self::Classify => "classify",
            Self::Answer => "answer",
            Self::Sparql => "sparql",
        }
    }

    fn stage(self) -> Stage {
        match self {
            Self::Extract | Self::Classify => Stage::Front,
            Self::Answer => Stage::Answer,
            Self::Sparql => Stage::Query,
        }
    }

    fn enabled(self, stages: LlmStages) -> bool {
        match self {
            Self::Extract => stages.extract,
            Self::Classify => stages.classify,
            Self::Answer => stages.answer,
            Self::Sparql => stages.sparql,
        }
    }
}

/// One call to the LLM: the prompt sent, the reply (none when the call failed, with the
/// error instead), and whether the pipeline used it (set once the run is over).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LlmExchange {
    /// extract, classify or answer.
    pub stage: &'static str,
    /// The system prompt, a blank line, and the user prompt.
    pub prompt: String,
    /// The LLM's reply text; null when the call failed.
    #[schema(required = true)]
    pub reply: Option<String>,
    /// Why the call failed, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<String>,
    /// Whether the output the LLM gave is what the response shows (its entities, its
    /// question type, its phrasing of the answer).
    pub used: bool,
}

/// The configured LLM (if any) and the stages it may serve.
pub struct StageLlm {
    llm: Option<Arc<dyn ChatModel>>,
    stages: LlmStages,
}

impl StageLlm {
    pub fn new(llm: Option<Arc<dyn ChatModel>>, stages: LlmStages) -> Self {
        Self { llm, stages }
    }

    /// Whether `usage` would call the LLM (one is configured and the stage is on).
    pub fn serves(&self, usage: LlmUse) -> bool {
        self.llm.is_some() && usage.enabled(self.stages)
    }

    fn stages_off(&self) -> Vec<&'static str> {
        [LlmUse::Extract, LlmUse::Classify, LlmUse::Answer, LlmUse::Sparql]
            .into_iter()
            .filter(|u| !u.enabled(self.stages))
            .map(LlmUse::name)
            .collect()
    }

    /// What the whole run should say about the LLM before it starts.
    pub fn announce(&self, diagnostics: &mut Diagnostics) {
        if self.llm.is_none() {
            diagnostics.push(
                Code::LlmDisabled,
                Stage::Pipeline,
                "no LLM configured: rule classifier, keyword extraction and an extractive answer were used",
            );
        } else if !self.stages_off().is_empty() {
            let off = self.stages_off().join(", ");
            diagnostics.push(Code::LlmStagesOff, Stage::Pipeline, format!("SCIGRAPH_LLM_STAGES keeps the LLM out of {off}: deterministic there"));
        }
    }

    /// The LLM's reply for `usage`, or `None` (no LLM, stage switched off, failure, echo).
    /// The call, if one is made, is appended to `exchanges`, not yet marked used.
    pub async fn ask(&self, usage: LlmUse, request: &ChatRequest, diagnostics: &mut Diagnostics, exchanges: &mut Vec<LlmExchange>) -> Option<String> {
        let llm = self.llm.as_ref()?;
        if !usage.enabled(self.stages) {
            return None;
        }
        let name = usage.name();
        let result = llm.chat(request).await;
        exchanges.push(LlmExchange {
            stage: usage.key(),
            prompt: format!("{}\n\n{}", request.system, request.user),
            reply: result.as_ref().ok().cloned(),
            error: result.as_ref().err().map(|e| format!("{}: {e}", e.code())),
            used: false,
        });
        match result {
            // A model that repeats its instructions has not answered (a small one may copy
            // the text-to-SPARQL rules, refusal marker included).
            Ok(reply) if echoes(&reply, &request.user) || (request.system.chars().count() >= 200 && echoes(&reply, &request.system)) => {
                diagnostics.push(Code::LlmEcho, usage.stage(), format!("{name}: the LLM echoed the prompt; used the deterministic fallback"));
                None
            }
            Ok(reply) => Some(reply),
            Err(e) => {
                let message = format!("{name}: the LLM failed ({}: {e}); used the deterministic fallback", e.code());
                diagnostics.push(Code::LlmFallback, usage.stage(), message);
                None
            }
        }
    }
}

/// Whether a reply repeats a long stretch of the prompt (models that echo their input;
/// the prompt's few-shot examples would otherwise parse as an answer).
fn echoes(reply: &str, prompt: &str) -> bool {
    const STRETCH: usize = 60;
    let prompt: Vec<char> = prompt.chars().collect();
    if prompt.len() < STRETCH {
        return reply.contains(prompt.iter().collect::<String>().trim());
    }
    // Probe a few windows of the prompt; one found verbatim is an echo.
    let step = ((prompt.len() - STRETCH) / 4).max(1);
    (0..=prompt.len() - STRETCH)
        .step_by(step)
        .any(|i| reply.contains(&prompt[i..i + STRETCH].iter().collect::<String>()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::extract;

    #[test]
    fn an_echoed_prompt_is_recognised_and_a_real_reply_is_not() {
        let prompt = extract::llm_request("Which model is best on SQuAD1.1?").user;
        assert!(echoes(&prompt, &prompt));
        assert!(echoes(&format!("Sure: {prompt} ok"), &prompt));
        assert!(!echoes(r#"{"methods": [], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": []}"#, &prompt));
        assert!(!echoes("T5-11B is best [1].", "Sources: [1] T5 ... Question: Which model is best on SQuAD1.1? Answer:"));
    }

    #[test]
    fn a_reply_repeating_the_system_prompt_is_an_echo_and_unused() {
        struct Parrot;
        #[async_trait::async_trait]
        impl ChatModel for Parrot {
            fn provider(&self) -> &'static str {
                "ollama"
            }
            fn model(&self) -> &str {
                "parrot"
            }
            async fn chat(&self, request: &ChatRequest) -> Result<String, crate::llm::LlmError> {
                Ok(format!("{}\nNOT_ANSWERABLE: <reason>", &request.system[..120]))
            }
            async fn health(&self) -> Result<(), crate::llm::LlmError> {
                Ok(())
            }
        }
        let llm = StageLlm::new(Some(Arc::new(Parrot)), LlmStages::default());
        let request = ChatRequest { system: "You write SPARQL for the Open Research Knowledge Graph. ".repeat(10), user: "Question: x".into(), json: None, temperature: 0.0 };
        let (mut d, mut exchanges) = (Diagnostics::default(), Vec::new());
        let reply = futures::executor::block_on(llm.ask(LlmUse::Sparql, &request, &mut d, &mut exchanges));
        assert_eq!(reply, None);
        assert!(d.has(Code::LlmEcho));
        assert_eq!(exchanges.len(), 1, "the exchange is still reported");
    }

    #[test]
    fn with_no_llm_nothing_is_asked_and_the_run_says_so() {
        let llm = StageLlm::new(None, LlmStages::default());
        let mut d = Diagnostics::default();
        llm.announce(&mut d);
        assert!(d.has(Code::LlmDisabled));
        let request = extract::llm_request("q");
        let mut exchanges = Vec::new();
        let reply = futures::executor::block_on(llm.ask(LlmUse::Extract, &request, &mut d, &mut exchanges));
        assert_eq!(reply, None);
        assert!(exchanges.is_empty(), "no call, no exchange");
    }
}
