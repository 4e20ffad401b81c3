//! A metric's extreme asked of more than one board, read from the question's words alone:
//! across the whole graph ("which model has the lowest bits per character anywhere?",
//! "which paper holds the best BLEU?") or across one model's own boards ("on which board
//! does NAT-M4 need the fewest FLOPS?", "which DMControl100k task gives CURL its highest
//! Score?"). Every other question that names a metric (a board's best by it, a count, a
//! top k, a value looked up, a claim) reads `None` here and goes its usual way. Pure: the
//! orchestrator reads the graph for what [`read`] returns, and says the answer.

use std::sync::LazyLock;

use regex::Regex;

use super::classify::{self, Classification, Extreme, QueryType, Target};
use super::normalize::NormalizedEntity;
use super::Front;

/// What a question asks of a metric's extreme over many boards.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricAsk<'a> {
    /// The one model whose own boards are read; `None` for every board of the graph.
    pub model: Option<&'a NormalizedEntity>,
    /// The metric named and linked; `None` when a model's values by every metric are read
    /// ("where does X do its best?").
    pub metric: Option<&'a NormalizedEntity>,
    /// Words a board's label holds when the question names a family of boards ("which
    /// DMControl100k task ..."): the model's boards within it, when any is.
    pub family: Option<String>,
    /// The extreme said ("lowest", "weakest"); `None` for the best by the metric's own way.
    pub extreme: Option<Extreme>,
    /// What the answer is about: the model's boards, the holder, the paper or the board.
    pub classification: Classification,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("metric-ask pattern {pattern}: {e}"))
}

/// A best or an extreme asked.
static ASKED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:best|top|record|sota|state[- ]of[- ]the[- ]art|leading|highest|lowest|worst|weakest|smallest|largest|fewest|least)\b"));
/// Code, a count, the metrics, a top k or a place other than the first ("the second
/// highest"), or a value given ("which paper has the 1.11 bpc?" looks the value up): other
/// questions.
static ELSE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:code|github|repos?|repository|implementations?|how\s+many|metrics|top\s+\d+|top\s+(?:two|three|four|five|ten)|second|third|fourth|2nd|3rd|4th|runner[- ]?up|next|rank|ranks|ranked|ranking|order|sorted|bottom\s+\d+)\b|(?:^|[\s(])\d+(?:[.,]\d+)?\s*%?(?:[\s?.,;:)]|$)")
});
/// A subset of the boards named by words ("of the mldoc zero-shot boards"): the graph's
/// boards are not read by such a family.
static AMONG: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:among|of|between|within)\s+(?P<words>(?:[\w.+-]+\s+){1,5}?)(?:boards|datasets|benchmarks|leaderboards|tasks|games)\b"));
static BOARD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\s+(?:one\s+of\s+the\s+)?(?:dataset|board|benchmark|leaderboard)s?\b|\bon\s+which\b"));
static PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|whose)\s+(?:paper|publication|article|study)\b"));
/// Said across the graph, or of a board, model or paper asked for: "best map on pascal voc"
/// names a board the graph lacks, and is no question about every board.
static ACROSS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:anywhere|across|of\s+all|on\s+record|in\s+(?:the\s+)?(?:whole|entire)\s+(?:knowledge\s+)?(?:graph|kg|orkg)|(?:any|every|all(?:\s+the)?)\s+(?:boards?|datasets?|benchmarks?|leaderboards?))\b")
});
/// Any other name, linked or not: a board the graph lacks is no question about all; nor is
/// one the front did not take for a name ("the lowest WER on Dastrup-8 Chorus", "on it").
static ON_NAME: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:on|for|in|at)\s+(?:the\s+)?(?:[A-Z][\w.+-]*|it|this|that|them)\b"));
/// One model named, and its board asked for: its own results, within the family of boards
/// the question names ("DMControl100k").
static ITS_BOARD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:on|in|at)\s+which\b|\b(?:which|what)\s+(?P<family>(?:[\w.+-]+\s+){0,2}?)(?:datasets?|boards?|benchmarks?|leaderboards?|tasks?|games?|environments?)\b|\bwhere\b")
});
/// The extreme is of its own values ("its highest", "need the fewest"): "on which datasets
/// is X the best?" asks where it leads, which is another question.
static OWN: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:its|their|his|her)\s+(?:own\s+)?(?:best|top|highest|lowest|worst|weakest|smallest|largest|fewest|least)\b|\b(?:get|gets|got|need|needs|needed|score|scores|scored|achieve|achieves|achieved|reach|reaches|reached|use|uses|used|have|has|had|perform|performs|performed)\s+(?:the\s+)?(?:best|top|highest|lowest|worst|weakest|smallest|largest|fewest|least|most)\b")
});
/// The holder asked for: "which model has ...", "who got ...".
static MODEL: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:which|what|who)\b(?:\s+(?:model|method|system|approach|entry|one))?\s+(?:has|had|holds?|held|gets?|got|achieves?|achieved|is|was|scores?|scored)\b"));

/// What the question asks of a metric's extreme over many boards, or `None` when it asks
/// something else: it must ask a best or an extreme, say it across the graph or of a board
/// or paper to be found (or of one linked model's own boards), name one linked metric (or
/// that model) and no board, task, field or other name, and ask neither a count, code, a
/// place nor a value.
pub fn read<'a>(question: &str, front: &'a Front) -> Option<MetricAsk<'a>> {
    let n = &front.normalized;
    if front.classification.query_type == QueryType::ClaimVerification || n.datasets.iter().any(|d| d.is_linked()) || !n.tasks.is_empty() || !n.fields.is_empty() {
        return None;
    }
    let unranked = classify::without_top_n(question);
    if !ASKED.is_match(&unranked) || ELSE.is_match(&unranked) || super::tally::read(question).is_some() {
        return None;
    }
    let linked_models: Vec<&NormalizedEntity> = n.methods.iter().filter(|m| m.is_linked()).collect();
    let model = match linked_models[..] {
        [m] if n.methods.len() == 1 && ITS_BOARD.is_match(question) && OWN.is_match(question) => Some(m),
        _ => None,
    };
    if model.is_none() && (!n.methods.is_empty() || !front.entities.methods.is_empty()) {
        return None;
    }
    let scoped = AMONG.captures_iter(question).any(|c| c.name("words").is_some_and(|w| w.as_str().split_whitespace().any(|x| !matches!(x.to_lowercase().as_str(), "the" | "all" | "every" | "any" | "these" | "its" | "graph's"))));
    let across = model.is_some() || ACROSS.is_match(question) || BOARD.is_match(question) || PAPER.is_match(question);
    if !across || (scoped && model.is_none()) {
        return None;
    }
    let known_words: Vec<String> = n.metrics.iter().chain(model).flat_map(|m| [m.text.to_lowercase(), m.canonical.to_lowercase()]).collect();
    let unnamed = ON_NAME.find_iter(question).any(|m| {
        let name = m.as_str().split_whitespace().last().unwrap_or_default().to_lowercase();
        !matches!(name.as_str(), "orkg" | "graph") && !known_words.iter().any(|w| w.split(char::is_whitespace).any(|x| x == name))
    });
    // ("On record" is read as a board named "record" at times.)
    let board_named = front.entities.datasets.iter().any(|d| !matches!(d.trim().to_lowercase().as_str(), "record" | "the record" | "graph" | "the graph" | "orkg"));
    if unnamed || board_named || !front.entities.tasks.is_empty() {
        return None;
    }
    let metric = match n.metrics.iter().filter(|m| m.is_linked()).collect::<Vec<_>>()[..] {
        [m] => Some(m),
        [] if model.is_some() => None,
        _ => return None,
    };
    let family = model
        .and_then(|_| ITS_BOARD.captures(question))
        .and_then(|c| c.name("family"))
        .map(|f| f.as_str().trim().to_lowercase())
        .filter(|f| !f.is_empty() && !matches!(f.as_str(), "one of the" | "of the" | "one" | "its"));
    let classification = if model.is_some() {
        Classification { query_type: QueryType::MethodUsage, target: Target::Datasets }
    } else if MODEL.is_match(question) {
        Classification { query_type: QueryType::MethodComparison, target: Target::BestModel }
    } else if PAPER.is_match(question) {
        Classification { query_type: QueryType::PaperLookup, target: Target::PaperDetails }
    } else if BOARD.is_match(question) {
        Classification { query_type: QueryType::DatasetSearch, target: Target::Datasets }
    } else {
        Classification { query_type: QueryType::MethodComparison, target: Target::BestModel }
    };
    Some(MetricAsk { model, metric, family, extreme: classify::extreme(question), classification })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::{EntityKind, Lexicon};

    /// The deterministic front, with every name it found linked (the tables here have no
    /// graph to link to).
    fn front(question: &str) -> Front {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let mut front = crate::pipeline::front::deterministic(question, &lexicon);
        for kind in [EntityKind::Method, EntityKind::Dataset, EntityKind::Metric, EntityKind::Task, EntityKind::Field] {
            for e in front.normalized.get_mut(kind).iter_mut() {
                e.iris = vec![format!("http://orkg.org/orkg/resource/{}", e.canonical.replace(' ', "_"))];
            }
        }
        front
    }

    /// What [`read`] found, owned: the model's and the metric's names, the family, the
    /// extreme and the question type.
    #[derive(Debug, PartialEq)]
    struct Read {
        model: Option<String>,
        metric: Option<String>,
        family: Option<String>,
        extreme: Option<Extreme>,
        kind: QueryType,
    }

    fn asked(question: &str) -> Option<Read> {
        let front = front(question);
        read(question, &front).map(|a| Read { model: a.model.map(|m| m.canonical.clone()), metric: a.metric.map(|m| m.canonical.to_lowercase()), family: a.family, extreme: a.extreme, kind: a.classification.query_type })
    }

    #[test]
    fn a_metric_asked_anywhere_is_read_over_the_whole_graph_with_its_holder_asked_for() {
        let Read { model, metric, extreme, kind, .. } = asked("Which model has the lowest bits per character anywhere?").expect("an extreme across the graph");
        assert_eq!(model, None);
        assert!(metric.is_some_and(|m| m.contains("bit")), "the metric is named");
        assert_eq!(extreme, Some(Extreme::Lowest));
        assert_eq!(kind, QueryType::MethodComparison);
    }

    #[test]
    fn the_paper_or_the_board_asked_for_decides_what_the_answer_is_about() {
        assert_eq!(asked("Which paper holds the best BLEU score?").map(|a| a.kind), Some(QueryType::PaperLookup));
        assert_eq!(asked("Which dataset has the highest accuracy across the graph?").map(|a| a.kind), Some(QueryType::DatasetSearch));
    }

    #[test]
    fn a_board_named_a_count_a_top_k_or_a_value_is_no_extreme_across_boards() {
        assert_eq!(asked("What is the lowest bits per character on enwik8?"), None);
        assert_eq!(asked("How many boards report the best BLEU score anywhere?"), None);
        assert_eq!(asked("Top 3 models by BLEU score across all boards"), None);
        assert_eq!(asked("Which paper has the 1.11 bits per character anywhere?"), None);
        assert_eq!(asked("Is the best BLEU score anywhere held by a Transformer?"), None, "a claim");
    }

    #[test]
    fn a_metric_named_as_top_one_is_not_read_as_a_top_k() {
        let read = asked("Which model has the best top-1 accuracy anywhere?");
        assert!(read.is_some(), "top-1 names the metric");
    }

    #[test]
    fn one_model_asked_where_it_does_its_own_best_is_read_over_its_own_boards_within_the_family_named() {
        let Read { model, family, extreme, kind, .. } = asked("Which zero-shot benchmarks give BERT its highest score?").expect("a model's own extreme");
        assert_eq!(model.as_deref(), Some("BERT"));
        assert_eq!(family.as_deref(), Some("zero-shot"));
        assert_eq!(extreme, Some(Extreme::Highest));
        assert_eq!(kind, QueryType::MethodUsage);
        assert_eq!(asked("On which datasets is BERT the best?"), None, "where it leads is another question");
    }

    #[test]
    fn a_family_of_boards_said_in_words_is_no_question_about_all_of_them() {
        assert_eq!(asked("Which model has the best accuracy among the mldoc zero-shot boards?"), None);
    }
}
