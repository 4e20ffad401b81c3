//! Paying the stages' one-time costs before the first user does. Every stage keeps its
//! regular expressions in `LazyLock`s, compiled on first use; their bounded repetitions over
//! Unicode classes are large automata, so the first question of each kind (the first claim,
//! the first usage question) took 20–60 ms more than every later one, about 0.4 s in all.
//! `scigraph serve` (unless `SCIGRAPH_WARM_UP=off`) asks [`QUESTIONS`] of a pipeline over the
//! bundled demo graph while the served graph is opened, and serves once they are answered.
//! The demo graph, not the served one: its names are known, so every question reaches the
//! stages it is written for (a leaderboard, a claim's verdict, a paper's metadata) whatever
//! the served graph holds, and the served pipeline's cache is left alone.

use std::sync::Arc;
use std::time::Duration;

use crate::config::Settings;
use crate::kg::embedded::EmbeddedGraph;

use super::{Pipeline, PipelineError, Question};

/// Questions of every type and of the shapes whose readings have patterns of their own:
/// bests, top k, values, margins, claims of each kind, anchors, listings, lookups by title
/// and DOI, dictated and second-language wording, descriptions.
pub const QUESTIONS: &[&str] = &[
    "Which model has the best Top-1 Accuracy on ImageNet?",
    "What are the top 3 models on SQuAD1.1 by F1, and since when has the best led?",
    "Which papers use BERT-Large?",
    "Where can I find the code for ResNet-50?",
    "What datasets was ELMo evaluated on, and what did it score?",
    "Which datasets are used for question answering?",
    "Show me the most recent papers about machine translation since 2019",
    "When was 'Deep Residual Learning for Image Recognition' published, and what is its DOI?",
    "Find the paper with DOI 10.1109/CVPR.2016.90",
    "Is it true that BERT-Large achieves 93.2 F1 on SQuAD1.1?",
    "BERT-Large outperforms ELMo on SQuAD1.1, right? Even though ELMo came out first.",
    "As of 2018, was ResNet-50 the state of the art on ImageNet, and by how much did it lead?",
    "Did the AlexNet paper come out before 2013?",
    "How much better is XLNet-Large than BERT-Large on SQuAD2.0 in F1, and who's beaten it since?",
    "um what was the best top one accuracy on imagenet in twenty nineteen",
    "Kindly confirm: GPT-3 (175B) is more good than GPT-2 (1.5B) on LAMBADA, isn't true?",
    "Which models on CIFAR-10 score above 95 accuracy? List every model, best first.",
    "What is the lowest word error rate on LibriSpeech test-clean, and which models have no score?",
    "Compare TransE, DistMult and RotatE on FB15k-237 by MRR",
    "What's the paper on protein structure prediction from 2021?",
];

/// Why the warm-up could not run. `serve` logs it and serves anyway: the questions would
/// only have been slower the first time.
#[derive(Debug, thiserror::Error)]
pub enum WarmError {
    #[error("the default settings: {0}")]
    Settings(#[from] crate::config::ConfigError),
    #[error("the demo graph: {0}")]
    Demo(#[from] crate::kg::load::LoadError),
    #[error("the demo pipeline: {0}")]
    Pipeline(#[from] PipelineError),
    #[error("warm-up question: {0}")]
    Question(#[from] super::response::QuestionError),
    #[error("no runtime to warm up on: {0}")]
    Runtime(#[source] std::io::Error),
}

/// Builds a pipeline over the demo graph and asks it every question of [`QUESTIONS`];
/// returns how many found something in it. Then asks each again with a letter beyond
/// ASCII at the end (one the reading keeps: "…" would be read as "..."): a pattern searches ASCII text with its ASCII twin and compiles itself
/// as written only for other text (`pattern::Regex`), which the first user's "’" or "é"
/// would otherwise wait for. The replies are dropped: only the compiled patterns are kept.
pub async fn warm_stages() -> Result<usize, WarmError> {
    // Rows precomputed for the demo graph would only be thrown away.
    let settings = Settings::from_lookup(|name| (name == "SCIGRAPH_PRECOMPUTED_ROWS").then(|| "off".to_owned()))?;
    let graph = EmbeddedGraph::demo(Duration::from_secs(10))?;
    let pipeline = Pipeline::build(&settings, Arc::new(graph), None).await?;
    let mut found = 0;
    for text in QUESTIONS {
        let question = Question::parse(text, settings.server.max_question_chars)?;
        if pipeline.ask(&question).await.kg_results_count > 0 {
            found += 1;
        }
    }
    for text in QUESTIONS {
        let question = Question::parse(&format!("{text} é"), settings.server.max_question_chars)?;
        pipeline.ask(&question).await;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_warm_up_question_finds_something_in_the_demo_graph() {
        // A question that found nothing stopped before the stages it was written to reach.
        let found = warm_stages().await.expect("the demo pipeline");
        assert_eq!(found, QUESTIONS.len());
    }
}
