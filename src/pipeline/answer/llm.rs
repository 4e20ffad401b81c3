//! The LLM's part of the answer: the request (the question, the answer items and the
//! numbered sources, nothing else) and the check of its reply: citations of sources that
//! do not exist are removed and reported, and a reply that cites no valid source is not
//! used. Pure: the call itself goes through the orchestrator's stage wrapper.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

use super::items::{AnswerItem, Source};
use super::text::cite;
use crate::llm::ChatRequest;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};
use crate::pipeline::trust::verdict::Label;

const ANSWER_SYSTEM: &str = "You answer questions about scientific papers using ONLY the numbered sources and facts given. \
Cite every statement with the number of its source in square brackets, like [1] or [2][3]. \
Never cite a number that is not in the list. If the sources do not answer the question, say so. \
Be concise: at most five sentences. Do not invent papers, numbers or results.";

/// The answer-generation request: numbered per-paper context plus the direct answer's facts.
pub fn llm_request(question: &str, items: &[AnswerItem], sources: &[Source]) -> ChatRequest {
    let mut context = String::new();
    for s in sources {
        context.push_str(&format!("[{}] \"{}\"", s.n, s.title));
        if let Some(y) = s.year {
            context.push_str(&format!(" ({y})"));
        }
        if let Some(doi) = &s.doi {
            context.push_str(&format!(", DOI {doi}"));
        }
        if !s.methods.is_empty() {
            context.push_str(&format!("; methods: {}", s.methods.join(", ")));
        }
        if !s.datasets.is_empty() {
            context.push_str(&format!("; datasets: {}", s.datasets.join(", ")));
        }
        context.push('\n');
    }
    let mut facts = String::new();
    for item in items.iter().take(30) {
        let mut line = format!("- {}", item.label);
        for (name, value) in [("model", &item.model), ("metric", &item.metric), ("value", &item.value), ("dataset", &item.dataset)] {
            if let Some(v) = value {
                line.push_str(&format!("; {name}: {v}"));
            }
        }
        if !item.sources.is_empty() {
            line.push_str(&format!(" {}", cite(&item.sources)));
        }
        facts.push_str(&line);
        facts.push('\n');
    }
    ChatRequest {
        system: ANSWER_SYSTEM.to_owned(),
        user: format!("Sources:\n{context}\nFacts from the knowledge graph:\n{facts}\nQuestion: {question}\nAnswer:"),
        json: None,
        temperature: 0.1,
    }
}

static CITATION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[(\d+(?:\s*,\s*\d+)*)\]").unwrap_or_else(|e| panic!("citation pattern: {e}")));

/// The answer with citations of missing sources removed, the numbers removed, and whether
/// any valid citation remains.
pub fn check_citations(answer: &str, source_count: usize) -> (String, Vec<usize>, bool) {
    let mut removed = Vec::new();
    let mut valid = false;
    let cleaned = CITATION.replace_all(answer, |caps: &regex::Captures<'_>| {
        let numbers: Vec<usize> = caps[1].split(',').filter_map(|n| n.trim().parse().ok()).collect();
        let (ok, bad): (Vec<usize>, Vec<usize>) = numbers.into_iter().partition(|n| (1..=source_count).contains(n));
        removed.extend(bad);
        valid |= !ok.is_empty();
        ok.iter().map(|n| format!("[{n}]")).collect::<String>()
    });
    // Removing a citation can leave a space before punctuation.
    let tidy = cleaned.replace(" .", ".").replace(" ,", ",");
    (tidy.trim().to_owned(), removed, valid)
}

/// Source `n` (from 1) as `number[n - 1]`; `n` itself when `number` does not hold it.
pub fn renumber(n: usize, number: &[usize]) -> usize {
    n.checked_sub(1).and_then(|i| number.get(i)).copied().unwrap_or(n)
}

/// The answer with its citations renumbered: source `n` (from 1) is cited as `number[n - 1]`
/// ("[2, 7]" as well as "[2]"); a citation of a number `number` does not hold stays.
pub fn renumbered(answer: &str, number: &[usize]) -> String {
    CITATION
        .replace_all(answer, |caps: &regex::Captures<'_>| {
            let numbers: Vec<String> = caps[1].split(',').filter_map(|n| n.trim().parse().ok()).map(|n| renumber(n, number).to_string()).collect();
            format!("[{}]", numbers.join(", "))
        })
        .into_owned()
}

/// The LLM's answer if it can be used: its citations of sources that do not exist are
/// removed (with a diagnostic), and a reply citing no valid source is refused. A verdict
/// is stated by the facts; the model only phrases it.
pub fn phrase(reply: &str, source_count: usize, verdict: Option<Label>, diagnostics: &mut Diagnostics) -> Option<String> {
    let (text, removed, valid) = check_citations(reply, source_count);
    if !removed.is_empty() {
        let numbers = removed.iter().map(|n| format!("[{n}]")).collect::<Vec<_>>().join(", ");
        let message = format!("the LLM cited sources that do not exist ({numbers}); those citations were removed");
        diagnostics.push(Code::CitationRemoved, Stage::Answer, message);
    }
    if !valid || text.is_empty() {
        let message = "the LLM answer cited no valid source; used the extractive answer";
        diagnostics.push(Code::LlmUnusableReply, Stage::Answer, message);
        return None;
    }
    Some(match verdict {
        Some(label) => format!("{}: {text}", label.as_str()),
        None => text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_renumbered_singly_and_in_lists_and_an_unknown_one_is_left() {
        assert_eq!(renumbered("A leads [1]; B [2, 1]. C [3].", &[9, 10]), "A leads [9]; B [10, 9]. C [3].");
    }
}
