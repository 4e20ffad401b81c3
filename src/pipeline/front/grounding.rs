//! The LLM's entities: the few-shot extraction request, a tolerant reader of its reply,
//! and the check that keeps only what the question supports ([`ground`]); [`choose`]
//! decides between them and the keyword matches. Pure: the reply is data, the call is made
//! through the orchestrator's stage wrapper.

use super::extract::Entities;
use super::lexicon::{EntityKind, Lexicon};
use super::Decider;
use crate::llm::ChatRequest;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};

const EXTRACTION_SYSTEM: &str = "You extract named entities from questions about scientific papers. \
Answer with one JSON object with exactly these keys, each a list of strings copied as written in the question: \
\"methods\" (models, methods, architectures, algorithms), \"datasets\" (datasets and benchmarks), \
\"tasks\" (research problems and tasks), \"fields\" (research fields), \"metrics\" (evaluation metrics). \
Do not add entities that are not in the question. Paper titles are not entities. Use [] when there are none.";

const EXTRACTION_EXAMPLES: &str = r#"Question: Which model has achieved the highest F1 score on the SQuAD1.1 dataset?
{"methods": [], "datasets": ["SQuAD1.1"], "tasks": [], "fields": [], "metrics": ["F1"]}
Question: Is it true that BERT outperforms ELMo on named entity recognition?
{"methods": ["BERT", "ELMo"], "datasets": [], "tasks": ["named entity recognition"], "fields": [], "metrics": []}
Question: List papers in Computer Vision that use a ResNet on ImageNet.
{"methods": ["ResNet"], "datasets": ["ImageNet"], "tasks": [], "fields": ["Computer Vision"], "metrics": []}
"#;

/// The few-shot extraction request for `question`.
pub fn llm_request(question: &str) -> ChatRequest {
    let list = serde_json::json!({"type": "array", "items": {"type": "string"}});
    let schema = serde_json::json!({
        "type": "object",
        "properties": {"methods": list, "datasets": list, "tasks": list, "fields": list, "metrics": list},
        "required": ["methods", "datasets", "tasks", "fields", "metrics"],
        "additionalProperties": false,
    });
    ChatRequest {
        system: EXTRACTION_SYSTEM.to_owned(),
        user: format!("{EXTRACTION_EXAMPLES}Question: {question}\n"),
        json: Some(schema),
        temperature: 0.0,
    }
}

/// Reads the LLM's entities. `None` when the reply holds no object with at least one of
/// the five lists, or a list is not a list of strings.
pub fn parse_llm_reply(reply: &str) -> Option<Entities> {
    let value = crate::pipeline::json::first_object(reply)?;
    let object = value.as_object()?;
    let mut entities = Entities::default();
    let mut seen_any_key = false;
    for kind in EntityKind::ALL {
        let Some(list) = object.get(kind.plural()) else { continue };
        seen_any_key = true;
        for item in list.as_array()? {
            let text = item.as_str()?;
            // Guard against a model echoing the prompt or inventing essays.
            if text.chars().count() <= 120 {
                entities.push(kind, text);
            }
        }
    }
    seen_any_key.then_some(entities)
}

/// Lowercase letters and digits only: "ResNet-50" and "resnet50" fold alike.
fn fold(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Lowercase words separated by single spaces, padded, for whole-word containment.
pub(crate) fn words(text: &str) -> String {
    let spaced: String = text.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { ' ' }).collect();
    format!(" {} ", spaced.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Chooses the question's entities: the keyword matches, or the LLM's where its reply
/// holds entities the question supports ([`ground`]). Every rejected reply or entity is a
/// diagnostic. Pure: the reply is data.
pub fn choose(question: &str, lexicon: &Lexicon, keywords: Entities, reply: Option<&str>, diagnostics: &mut Diagnostics) -> (Entities, Decider) {
    let Some(reply) = reply else { return (keywords, Decider::Keywords) };
    let unusable = |diagnostics: &mut Diagnostics, why: &str| {
        diagnostics.push(Code::LlmUnusableReply, Stage::Front, format!("entity extraction: {why}; used keyword matching"));
    };
    match parse_llm_reply(reply) {
        Some(found) if !found.is_empty() => {
            let grounded = ground(&found, &keywords, lexicon, question);
            if !grounded.dropped.is_empty() {
                let message = format!(
                    "entity extraction: dropped LLM entities that do not hold up against the question ({})",
                    grounded.dropped.join(", ")
                );
                diagnostics.push(Code::EntityDropped, Stage::Front, message);
            }
            if grounded.from_llm > 0 {
                return (grounded.entities, Decider::Llm);
            }
            unusable(diagnostics, "none of the LLM's entities are in the question");
        }
        Some(_) => unusable(diagnostics, "the LLM found no entities"),
        None => unusable(diagnostics, "the LLM reply was not the expected JSON"),
    }
    (keywords, Decider::Keywords)
}

/// What the LLM's entities come to once checked against the question.
#[derive(Debug, Default, PartialEq)]
pub struct Grounded {
    /// The LLM's entities the question mentions, then the keyword matches it missed.
    pub entities: Entities,
    /// How many of `entities` came from the LLM.
    pub from_llm: usize,
    /// The LLM's entities that were dropped, as `kind: text (reason)`.
    pub dropped: Vec<String>,
}

/// Keeps only the LLM entities the question actually mentions, as written (up to case and
/// punctuation) or by a synonym-table alias as a whole word ("NER" for "named entity
/// recognition"), then adds the keyword matches the LLM missed. A small model copies the
/// prompt's few-shot examples into its answer; a name the question never mentions cannot
/// be one of its entities. Also dropped: generic words ("models"), a name the lexicon
/// knows under other kinds only ("ImageNet" as a task), and a name already taken under
/// another kind (small models list one mention under every kind).
pub fn ground(llm: &Entities, keywords: &Entities, lexicon: &Lexicon, question: &str) -> Grounded {
    let (q_fold, q_words) = (fold(question), words(question));
    let mentioned = |text: &str| {
        let folded = fold(text);
        if !folded.is_empty() && q_fold.contains(&folded) {
            return true;
        }
        lexicon.lookup(text).into_iter().any(|id| {
            let entry = lexicon.entry(id);
            std::iter::once(&entry.canonical).chain(&entry.aliases).any(|name| {
                let name = words(name);
                name.trim().chars().count() >= 2 && q_words.contains(&name)
            })
        })
    };
    let mut out = Grounded::default();
    for (kind, text) in llm.iter() {
        let known_kinds: Vec<EntityKind> = lexicon.lookup(text).into_iter().map(|id| lexicon.entry(id).kind).collect();
        let reason = if crate::pipeline::front::lexicon::is_generic(text) {
            Some("too generic")
        } else if !mentioned(text) {
            Some("not in the question")
        } else if !known_kinds.is_empty() && !known_kinds.contains(&kind) {
            Some("known as another kind")
        } else if out.entities.iter().any(|(_, t)| fold(t) == fold(text)) {
            Some("already listed")
        } else {
            None
        };
        match reason {
            None => out.entities.push(kind, text),
            Some(why) => out.dropped.push(format!("{}: {text} ({why})", kind.plural())),
        }
    }
    out.from_llm = out.entities.iter().count();
    // The same name, or another name of the same lexicon entry ("NER" and its expansion).
    let known = |entities: &Entities, text: &str| {
        let ids = lexicon.lookup(text);
        entities.iter().any(|(_, t)| fold(t) == fold(text) || lexicon.lookup(t).iter().any(|id| ids.contains(id)))
    };
    for (kind, text) in keywords.iter() {
        if !known(&out.entities, text) {
            out.entities.push(kind, text);
        }
    }
    out
}

