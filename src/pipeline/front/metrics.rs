//! What a metric's name says by itself: whether lower is better (error rates, perplexity,
//! bits per character, losses, distances) and whether it measures a cost (parameters,
//! MACs, FLOPs, time) rather than how well a model does. The fallback when no synonym table
//! knows the metric; a cost is never a best result unless asked for by name. Pure.

use super::lexicon::Direction;

/// Whether a metric measures what a model costs (size, compute, time) rather than how well
/// it does: never a best result unless asked for by name.
pub fn is_cost(metric: &str) -> bool {
    static COST: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\b(params|parameters|#\s*params|macs|g?flops|multiply-adds|model size|inference time|search time|training time|latency|gpu[- ]?(days|hours))\b")
            .unwrap_or_else(|e| panic!("cost pattern: {e}"))
    });
    COST.is_match(metric)
}

/// Whether a value on this metric can be a percentage: not bits, perplexities, losses,
/// distances, raw game scores or costs. "Has anyone scored above 95%?" reads no board
/// whose values are no share of a hundred.
pub fn can_be_percent(metric: &str) -> bool {
    static NOT: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\b(perplexity|ppl|bpc|bits?[ /-]?per|bits/dim\w*|loss|fid|distance|mae|mse|rmse|nll|seconds|frames|steps)\b|^\s*(score|return|reward|average return|mean reward)\s*$")
            .unwrap_or_else(|e| panic!("not-a-percentage pattern: {e}"))
    });
    !NOT.is_match(&metric.replace('_', " ")) && !is_cost(metric)
}

/// The direction a metric's own words give when no table knows it: error rates,
/// perplexities, losses, distances and costs are better lower; anything else higher.
pub fn direction_by_words(metric: &str) -> Direction {
    static LOWER: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\b(error|errors|err|perplexity|ppl|bpc|bits?[ /-]?per|bits/dim\w*|loss|wer|cer|fid|distance|mae|mse|rmse|nll)\b|error rate")
            .unwrap_or_else(|e| panic!("lower-is-better pattern: {e}"))
    });
    let metric = metric.replace('_', " ");
    if LOWER.is_match(&metric) || is_cost(&metric) {
        Direction::Lower
    } else {
        Direction::Higher
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_metric_no_table_knows_takes_its_direction_from_its_words() {
        for lower in ["Test perplexity", "Word Error Rate (WER)", "Bit per Character (BPC)", "bits/dimension", "Number of params", "FID", "DISTANCE_TO_GOAL"] {
            assert_eq!(direction_by_words(lower), Direction::Lower, "{lower}");
        }
        for higher in ["Top 1 Accuracy", "BLEU score", "Percentage correct", "F1"] {
            assert_eq!(direction_by_words(higher), Direction::Higher, "{higher}");
        }
    }

    #[test]
    fn bits_perplexity_game_scores_and_costs_are_no_percentage() {
        for not in ["bits/dimension", "Test perplexity", "Score", "Number of params", "FID"] {
            assert!(!can_be_percent(not), "{not}");
        }
        for percent in ["Percentage correct", "Top 1 Accuracy", "F1 score", "BLEU score", "Word Error Rate (WER)"] {
            assert!(can_be_percent(percent), "{percent}");
        }
    }

}
