//! Front stage: what kind of question is this, and what does it ask for?
//!
//! [`classify`] is the rule classifier that always runs: ordered cue patterns over the
//! lowercased question, checked from the most specific type (a claim to verify, a specific
//! paper) to the most general (a topic). It also derives the [`Target`]: the kind of thing
//! the answer lists (models, papers, metrics, a top score, code links...), which decides the
//! strategies and what `answer_items` holds. [`parse_llm_label`] reads an LLM's constrained
//! answer; the pipeline prefers it when it parses and falls back to the rules when it does
//! not. Pure: no I/O.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;
use serde::{Deserialize, Serialize};

use super::extract::Entities;
use super::lexicon::Direction;
use super::Decider;
use crate::llm::ChatRequest;
use crate::pipeline::diagnostics::{Code, Diagnostics, Stage};

/// The kind of question: `topic_search`, `method_comparison`, `dataset_search`,
/// `claim_verification`, `method_usage` or `paper_lookup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QueryType {
    TopicSearch,
    MethodComparison,
    DatasetSearch,
    ClaimVerification,
    MethodUsage,
    PaperLookup,
}

impl QueryType {
    pub const ALL: [QueryType; 6] = [
        Self::TopicSearch,
        Self::MethodComparison,
        Self::DatasetSearch,
        Self::ClaimVerification,
        Self::MethodUsage,
        Self::PaperLookup,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::TopicSearch => "topic_search",
            Self::MethodComparison => "method_comparison",
            Self::DatasetSearch => "dataset_search",
            Self::ClaimVerification => "claim_verification",
            Self::MethodUsage => "method_usage",
            Self::PaperLookup => "paper_lookup",
        }
    }

    pub fn parse(label: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == label.trim())
    }
}

/// What the answer should list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Papers (the default).
    Papers,
    /// Models/methods evaluated or used.
    Models,
    /// The best model on a dataset (by a metric, if given).
    BestModel,
    /// The top score(s) on a dataset, with their metric.
    TopScore,
    /// The models whose results beat a named model's ("which models have beaten X since").
    Beaten,
    /// Metrics used on a dataset.
    Metrics,
    /// Datasets (of a task, a field, or in general).
    Datasets,
    /// Research problems (of a field).
    Problems,
    /// Source-code links.
    Code,
    /// Details of one paper (authors, year, DOI).
    PaperDetails,
    /// A verdict on a claim.
    Verdict,
    /// A value read from an ORKG comparison table (a cell, an aggregate, a list of rows).
    ComparisonValue,
}

/// The outcome of classification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Classification {
    pub query_type: QueryType,
    pub target: Target,
}

fn re(pattern: &str) -> Regex {
    // The patterns are constants of this module; a typo is caught by the tests.
    Regex::new(pattern).unwrap_or_else(|e| panic!("bad classifier pattern {pattern}: {e}"))
}

static CLAIM_OPENER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(am i (right|correct) (that|in thinking|to say)|would it be (correct|right|fair|true|accurate) to say|is it fair to say|correct me if|is it (true|correct|the case|accurate|right)|is there evidence|verify|check (whether|if|that)|true or false|yes or no|yes\s*/\s*no|confirm|(can|could|would) you (please )?(confirm|verify|check)|please (confirm|verify|check)|surely|certainly|fact[- ]check|it is claimed|claim:)")
});
static AUX_OPENER: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(is|are|does|do|did|has|have|had|was|were|can|could|will|would|(is|are|was|were|does|do|did|has|have|had)n['’]?t)\b"));
/// A statement followed by a request to confirm it: "X beats Y on D, right?".
static CLAIM_TAG: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(\bis (that|this|it) (so|true|right|correct|accurate)|\b(isn|wasn|doesn|didn|hasn|aren|weren|haven|don|won|hadn)'?t (it|they|he|she|that|this|there)|\bor not|\byes or no|\(yes\s*/\s*no\)|\byes\s*/\s*no)\s*[?.!]*\s*$|\s[-–—]\s*(is|was|are|were|does|did|has|have) (that|this|it|they) (still |really |actually )?[^?]{0,60}\?\s*$|\s[-–—:]\s*still (the|on|ahead|in front|unbeaten|unbeatable|leading|number one|top)\b[^?]{0,40}\?\s*$|(,\s*|\s)(right|true|false|yes|correct|corect|accurate|agreed?|no|yeah|yep|eh|huh|ok|okay)\s*\?+\s*$|\b(there|it|that|this|is|was|true)\s+right\s*$|,\s*(right|true|false|yes|correct|accurate|agreed?)\s*[.!]*\s*$|,\s*(is|was|does|did|has|have|do|are|were) (it|they|he|she|that|this|there)\s*\?+\s*$|(\s[-–—:]|[,;.!])\s*(can|could) you (please )?(confirm|verify)( (that|this|it))?\s*\?+\s*$|^(can|may|could) (i|we) (keep|use|leave|write|say|cite|quote) (that|this|it)( sentence| line| claim| statement| number| figure)?( as it is| as is| in)?\s*\?+\s*$|(^|[.!:;][\x22”’']?\s+)((is )?(it|that|this) )?(ok|okay|fine|safe|alright) to (keep|use|leave|cite|say|write)( (it|that|this))?( as it is| as is| in)?\s*\?+\s*$|^(does|will) (that|this|it)( sentence| line| claim| statement)? (hold|hold up|stand|stand up)\s*\?+\s*$|^(can|may|could|should) (i|we) let (that|this|it)( sentence| line| claim| statement)? stand\s*\?+\s*$|[;,]\s*(is|was) (it|that|this|they) (also |still |really |actually |now )?(the )?(best|state[- ]of[- ]the[- ]art|sota|top|leader|leading|number one)\b[^?]{0,30}\?\s*$|(?:^|[.:;,!]\s*)(?:is (?:that|this|it) )?(?:still )?(?:the )?(?:right|correct|current|accurate|valid) (?:figure|number|value|score|result)s?\s*\?+\s*$")
});
/// "Which models have beaten it since?", "who has overtaken X on D": results better than
/// a named model's.
static BEATEN: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what|who|whom|list|name|every|all)\b[^?]{0,40}\b(beaten|beat|beats|overtaken|overtook|surpassed|surpass|outperformed|outperform|outdone|bettered|improved on|improved upon|outscored|outscore|ahead of|gone past|went past|got past|moved past|passed)\b|\b(which|what|who)\b[^?]{0,40}\b(published|reported|posted|achieved|got|obtained)\s+an?\s+(lower|higher|better|stronger)\b")
});
/// A request for a number: "what acc do they agree on", "what's the most recent result on
/// D", "what F1 does X get" (not "which papers report results": that asks for papers).
static ASKS_VALUE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(what|which)\b(?:'s|\s+is|\s+was|\s+are)?\s+([^?.;]{0,30}?)\b(score|scores|result|results|value|values|number|numbers|figure|accuracy|acc|f1|f-score|bleu|wer|iou|miou|rouge\S*|chrf|perplexity|ppl|error rate)\b")
});
/// A metric, or the numbers, named in so many words.
static NAMES_VALUE: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"\b({METRIC_WORDS}|numbers|figure|scores?)\b")));
/// Metrics as people write them in a question, shared by the readings of a value named,
/// asked for or given.
pub(super) const METRIC_WORDS: &str = r"accuracy|acc|f1|f-score|f-measure|bleu|wer|word error rate|miou|mean iou|iou|chrf|rouge\S*|error rate|perplexity";
/// A request for a list of papers, models or datasets, which may name a metric without
/// asking for its values ("which papers report accuracy on X").
static LIST_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what|list|any|find|show|name)\b[^?]{0,25}\b(papers|articles|studies|works|publications|models|methods|systems|approaches|datasets|benchmarks|metrics)\b|^(papers|articles|studies|research|literature)\b")
});
/// What a "which ..." asks for when it is not a number.
const NOT_VALUES: &[&str] = &["paper", "papers", "model", "models", "method", "methods", "dataset", "datasets", "work", "works", "system", "systems", "benchmark", "benchmarks", "studies", "article", "articles"];

/// The extreme a question asks for in so many words: "the lowest BLEU" is the lowest,
/// whichever way the metric counts as better (the trap of reading it as the best). The
/// worst is also the last and the bottom of a board ("who is last on D by WER", "the
/// bottom three on D", "which result was furthest from the best").
pub fn extreme(question: &str) -> Option<Extreme> {
    static LOW: LazyLock<Regex> = LazyLock::new(|| re(r"\b(lowest|smallest|minimum|least|fewest)\b"));
    static HIGH: LazyLock<Regex> = LazyLock::new(|| re(r"\b(highest|largest|maximum|greatest)\b"));
    // "Last" only as a place on the board: never "the last paper", "last year", "was last
    // updated"; "bottom" never "bottom-up".
    static WORST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"\b(worst|weakest|poorest)\b|\b(?:at\s+)?the\s+bottom\b|\bbottom\s+(?:\d{1,2}|one|two|three|four|five|ten)\b|\bbottom[- ](?:ranked|placed|scoring)\b|\b(?:comes?|came|finish(?:es|ed)?|ranks?|ranked|places?|placed|sits?)\s+(?:in\s+)?(?:dead\s+)?last\b|\b(?:is|was|who['’]s)\s+(?:dead\s+)?last\s+(?:on|in|among|by|place)\b|\bin\s+last\s+place\b|\bdead\s+last\b|\b(?:furthest|farthest)\s+(?:from|behind)\s+(?:the\s+)?(?:best|top|leader|record)")
    });
    // "The lowest error" is the best on any board: an error rate's own direction, or an
    // accuracy's complement; "the highest error" the worst. An error rate named as the
    // metric ("the lowest word error rate") is read as the lowest, as any metric is.
    static ERROR: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:(lowest|smallest|minimum|least)|(highest|largest|maximum|greatest|most))\s+(?:[\w-]+\s+){0,2}?(?:error|errors|mistakes?)\b(\s+rates?\b)?"));
    if let Some(c) = ERROR.captures(question).filter(|c| c.get(3).is_none()) {
        return c.get(2).map(|_| Extreme::Worst);
    }
    // "at least 90" bounds a value; it asks for no extreme.
    let q = question.to_lowercase().replace("at least", " ");
    match (LOW.is_match(&q), HIGH.is_match(&q), WORST.is_match(&q)) {
        (true, false, false) => Some(Extreme::Lowest),
        (false, true, false) => Some(Extreme::Highest),
        (false, false, true) => Some(Extreme::Worst),
        _ => None,
    }
}

/// "What does the best model on D score on E?", "which datasets has D's leader been
/// evaluated on?", "does whoever tops D on F1 also beat X?", "is the D accuracy leader
/// also ...?", "the model with the lowest WER on D", "the model that led D as of 2019": a
/// model described by its place on a board, then asked about. The description's span and
/// the question that finds the model ("which model is the leader of D?", with the
/// question's time anchor when the description has none); the graph's answer to it is
/// the model.
pub fn leader_described(question: &str) -> Option<(std::ops::Range<usize>, String)> {
    const FOLLOW: &str = r"(?:\s+(?:also|still|actually)\b|\s+(?:been|score|scores|scored|get|gets|got|reach|reached|achieve|achieved|lead|leads|top|tops|have|has|had|use|uses|used|perform|performs|do|rank|ranks|appear|come|hold|holds|report|reports|beat|beats|evaluated|tested|benchmarked|assessed)\b|\s+-\s|\s*[:;,]\s)";
    // What may open the question before the description, the description, then what must
    // follow it.
    fn described(opening: &str, follow: &str) -> Regex {
        let place = r"(?:current\s+|present\s+|reigning\s+)?(?:leader|top\s+(?:model|system|method|entry)|best\s+(?:model|system|method)|leading\s+(?:model|system|method)|record[- ]holder|sota\s+model|state[- ]of[- ]the[- ]art\s+model)";
        let name = r"[^\s?!,;:][^?!,;:]{0,60}?";
        let led = r"(?:leads|led|tops|topped|heads|headed|is\s+(?:the\s+)?best\s+on|was\s+(?:the\s+)?best\s+on|holds\s+the\s+record\s+on|held\s+the\s+record\s+on|held\s+the\s+[^?!,;:]{1,40}?\s+record|holds\s+the\s+[^?!,;:]{1,40}?\s+record)";
        re(&format!(
            concat!(
                r"(?i){opening}",
                r"(the\s+{place}\s+(?:of|on|for|in)\s+(?:the\s+)?{name}",
                r"|the\s+(?:model|system|method)\s+(?:that|which)\s+{led}\s+(?:the\s+)?{name}",
                r"|the\s+(?:model|system|method)\s+(?:on\s+top\s+of|leading)\s+(?:the\s+)?{name}",
                r"|the\s+(?:model|system|method)\s+with\s+the\s+(?:lowest|highest|best|top)\s+[^?!,;:]{{1,30}}?\s+on\s+(?:the\s+)?{name}",
                r"|whoever\s+(?:tops|leads|heads|is\s+(?:on\s+top\s+of|the\s+best\s+on|top\s+of)|holds\s+the\s+record\s+on)\s+(?:the\s+)?{name}",
                r"|the\s+(?:model|system|method)\s+(?:that|which)\s+(?:took|grabbed|wrested)\s+(?:the\s+)?{name}\s+record\s+from\s+[^\s?!,;:]+",
                r"|the\s+{name}\s+(?:[^\s?!,;:]+\s+)?leader",
                r"|the\s+(?:model|system|method)\s+(?:that\s+holds|which\s+holds|holding)\s+the\s+{name}\s+record",
                r"|the\s+(?:top|best|leading)\s+{name}\s+(?:model|system|method)",
                r"|the\s+(?:model|system|method|entry|one)\s+(?:with|that\s+(?:got|scored|reached|has|had|reports|reported))\s+(?:an?\s+)?~?\d+(?:\.\d+)?\s*%?\s+(?:[^\s?!,;:]+\s+){{0,3}}?(?:on|in)\s+(?:the\s+)?{name}",
                r"|(?:whatever|whoever)\s+(?:got|scored|reached|hit|gets|scores)\s+(?:an?\s+)?~?\d+(?:\.\d+)?\s*%?\s+(?:[^\s?!,;:]+\s+){{0,3}}?(?:on|in)\s+(?:the\s+)?{name}",
                r"|(?:the\s+)?[^\s?!,;:]+(?:\s+[^\s?!,;:]+){{0,5}}?['’]s\s+{place})",
                r"{follow}",
            ),
            opening = opening, place = place, name = name, led = led, follow = follow
        ))
    }
    static DESCRIBED: LazyLock<Regex> = LazyLock::new(|| {
        described(r"(?:^|[.?!;:,]\s*)\s*(?:(?:what|which|how|where|when|who|whose)(?:\s+[^\s?!,;:]+){0,6}?\s+)?(?:(?:does|did|do|has|have|is|was|were|can|could|would|will)\s+)?", FOLLOW)
    });
    // "code links for the model with the best score on cifar-10?": the description ends the
    // question, which asks for something of the model (what is asked alone, "what is the
    // best model on RACE?", describes nothing).
    static AT_END: LazyLock<Regex> = LazyLock::new(|| described(r"(?:^|\s)", r"\s*\??\s*$"));
    // What is asked of it comes just before ("which papers use", "code links for"), not
    // anywhere in a statement ("... with its new paper, is now the best system on D. Is
    // that so?").
    const ASKS: &str = r"(?i)\b(?:code|github|repos?|repository|implementations?|papers?|datasets|benchmarks|tasks|problems|doi|authors?)\b";
    static ASKED_OF: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"{ASKS}(?:\s+[\w'’-]+){{0,3}}\s*$")));
    // (A description at the end is only looked for behind a word that asks of it: the
    // whole pattern is searched on every question.)
    static ASKED_ANYWHERE: LazyLock<Regex> = LazyLock::new(|| re(ASKS));
    let at_end = || ASKED_ANYWHERE.is_match(question).then(|| AT_END.captures(question)).flatten().filter(|c| c.get(1).is_some_and(|m| ASKED_OF.is_match(&question[..m.start()])));
    let c = DESCRIBED.captures(question).or_else(at_end)?;
    let whole = c.get(1)?;
    let said = whole.as_str();
    let lower = said.to_lowercase();
    // One board: "the best model on D and has ..." runs on past its name.
    let words: Vec<String> = lower.split_whitespace().map(str::to_owned).collect();
    if words.iter().skip(2).any(|w| ["and", "or", "but", "than", "which", "who"].contains(&w.as_str())) {
        return None;
    }
    // "the model with 0.815 MRR on FB15k", "whatever got 55.84 accuracy on PubMedQA": the
    // model that holds the value, found as "which model got 0.815 MRR on FB15k?" is.
    static VALUED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^(?:the\s+(?:model|system|method|entry|one)\s+(?:with|that\s+(?:got|scored|reached|has|had|reports|reported))|(?:whatever|whoever)\s+(?:got|scored|reached|hit|gets|scores))\s+((?:an?\s+)?~?\d.+)$")
    });
    let found = match (VALUED.captures(said), lower.strip_prefix("whoever ")) {
        (Some(v), _) => format!("Which model got {}", &v[1]),
        (None, Some(_)) => format!("Which model {}", &said["whoever ".len()..]),
        (None, None) => format!("Which model is {said}"),
    };
    // "the best score" names no metric: the board's best ("Best Score" is a metric of some
    // boards, which would be read instead).
    static PLAIN_BEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bthe\s+(?:model|system|method)\s+with\s+the\s+(?:best|top|highest)\s+(?:overall\s+)?(?:score|result|performance|number)s?\s+on\b"));
    let found = PLAIN_BEST.replace(&found, "the best model on").into_owned();
    // The question's time anchor, when the description has none: "as of 2021, did the
    // model on top of D also lead E?" asks of the leader then.
    let anchor = super::anchor::time_anchor(question).filter(|a| !lower.contains(&a.phrase.to_lowercase())).map(|a| format!(" {}", a.phrase.to_lowercase())).unwrap_or_default();
    Some((whole.start()..whole.end(), format!("{found}{anchor}?")))
}

/// A research problem (or datasets) described by a paper or model, to be found first: "other
/// papers on the problem the X paper addresses", "papers on the same task as Y", "the best
/// result on each of the datasets the X paper used". Its span in the
/// question, the question that finds it ("What is the research problem of the X paper?",
/// "Which research problems is Y used for?"), whether the question asks for other papers
/// than the one it names ("other papers", "what else"), and whether papers are what it asks
/// for (else a problem's datasets or models: "which datasets are benchmarked for the task
/// the X paper works on").
pub struct ProblemDescribed {
    pub span: std::ops::Range<usize>,
    pub first: String,
    pub others: bool,
    pub papers: bool,
    /// The datasets, not the problems, are what the description leads to ("which models
    /// were evaluated on the same datasets as X?").
    pub boards: bool,
    /// Other models are asked for ("which models ...", "other systems ..."): the one
    /// described is not among them.
    pub other_models: bool,
}

pub fn problem_described(question: &str) -> Option<ProblemDescribed> {
    const WHAT: &str = r"(?:research\s+)?(?:task|problem|topic|category|area)s?";
    // The span opens with the word before it ("on", "in", "tackling"), written back as "on"
    // ("of" as itself: "each of the datasets ...").
    const BY: &str = r"(?:(?:on|in|of|about|for|tackling|addressing|covering)\s+)?";
    static SAME: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b{BY}the\s+same\s+{WHAT}\s+as\s+(?:that\s+of\s+)?(.+?)\s*(?:[?!;,]|\.(?:\s|$)|$)")));
    static OF: LazyLock<Regex> = LazyLock::new(|| {
        re(&format!(
            r"(?i)\b{BY}the\s+{WHAT}\s+(?:that\s+|which\s+)?(.+?)\s+(?:addresses|address|addressed|works\s+on|worked\s+on|is\s+about|was\s+about|is\s+filed\s+under|was\s+filed\s+under|is\s+used\s+for|was\s+used\s+for|is\s+evaluated\s+for|was\s+evaluated\s+for|tackles|tackled|targets|studies|covers|deals\s+with|solves|focuses\s+on)\b"
        ))
    });
    // Papers (datasets, models) are asked for on it: "what is the research problem the X
    // paper addresses?" asks for the problem itself.
    static PAPERS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:papers?|work|works|studies|publications|articles|literature)\b"));
    static LISTED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:datasets|benchmarks|models|methods|systems|approaches|results?|scores?|best|top|sota)\b"));
    // "the best result on each of the datasets the X paper used".
    static OF_BOARDS: LazyLock<Regex> = LazyLock::new(|| {
        re(&format!(r"(?i)\b{BY}the\s+(?:datasets?|benchmarks?)\s+(?:that\s+|which\s+)?(.+?)\s+(?:used|uses|use|(?:was|were|is|are|has\s+been|have\s+been)\s+(?:evaluated|tested|benchmarked)\s+on|evaluated\s+on|tested\s+on|reports?\s+(?:results\s+)?on|reported\s+(?:results\s+)?on)\b"))
    });
    // Every question is read for a description: the words it needs are looked for first.
    let lower = question.to_lowercase();
    if !lower.contains("the same ") && !["task", "problem", "topic", "category", "area", "dataset", "benchmark"].iter().any(|w| lower.contains(w)) {
        return None;
    }
    static SAME_BOARDS: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b{BY}the\s+same\s+(?:datasets?|benchmarks?|boards?)\s+as\s+(?:those\s+of\s+)?(.+?)\s*(?:[?!;,]|\.(?:\s|$)|$)")));
    let (span, subject, boards) = match (SAME_BOARDS.captures(question), SAME.captures(question)) {
        (Some(c), _) => (c.get(0)?.start()..c.get(1)?.end(), c.get(1)?, true),
        (None, Some(c)) => (c.get(0)?.start()..c.get(1)?.end(), c.get(1)?, false),
        (None, None) => match (OF_BOARDS.captures(question), OF.captures(question)) {
            (Some(c), _) => (c.get(0)?.range(), c.get(1)?, true),
            (None, Some(c)) => (c.get(0)?.range(), c.get(1)?, false),
            (None, None) => return None,
        },
    };
    let before = &question[..span.start];
    let papers = PAPERS.is_match(before);
    if !papers && !LISTED.is_match(before) {
        return None;
    }
    let named = subject.as_str().trim();
    let lower = named.to_lowercase();
    // A paper: "the X paper", its title quoted; otherwise a model ("the X model", "Y").
    let quoted = ["'", "\"", "‘", "“"].iter().any(|q| named.starts_with(q));
    let paper = quoted || ["paper", "papers", "study", "work", "article"].iter().any(|w| lower.ends_with(&format!(" {w}")));
    let model = || {
        let model = lower.strip_prefix("the ").map_or(named, |_| &named[4..]);
        model.strip_suffix(" model").or_else(|| model.strip_suffix(" method")).unwrap_or(model)
    };
    let first = match (paper, boards) {
        (true, false) => format!("What is the research problem of {named}?"),
        (false, false) => format!("Which research problems is {} used for?", model()),
        (true, true) => format!("Which datasets does {named} use?"),
        (false, true) => format!("Which datasets was {} evaluated on?", model()),
    };
    static MODELS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:models|methods|systems|approaches)\b"));
    let others = asks_others(before);
    Some(ProblemDescribed { others, span, first, papers, boards, other_models: others || MODELS.is_match(before) })
}

/// Whether the names are said together, one after the other joined by "and", "or" or a
/// comma ("on each of D1, D2 and D3", "on D1 and on D2"), not in two clauses ("who leads D1,
/// and what does it score on D2?").
pub fn named_together(question: &str, names: &[&str]) -> bool {
    static JOINED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*|as\s+well\s+as\s+)(?:on\s+|the\s+)*$"));
    let lower = question.to_lowercase();
    let mut at: Vec<(usize, usize)> = names.iter().map(|n| n.to_lowercase()).filter_map(|n| lower.find(&n).map(|i| (i, i + n.len()))).collect();
    at.sort_unstable();
    at.len() == names.len() && at.windows(2).all(|w| w[0].1 <= w[1].0 && JOINED.is_match(&lower[w[0].1..w[1].0]))
}

/// Whether the question asks past what it names: "other papers", "where else", "another".
pub fn asks_others(question: &str) -> bool {
    static OTHERS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:other|else|another)\b"));
    OTHERS.is_match(question)
}

/// An extreme asked for in words: the lowest or highest value, or the worst (the metric's
/// own direction turned round).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extreme {
    Lowest,
    Highest,
    Worst,
}

impl Extreme {
    /// The direction in which a value is "first" for this extreme, given the metric's.
    pub fn direction(self, metric: Direction) -> Direction {
        match (self, metric) {
            (Self::Lowest, _) => Direction::Lower,
            (Self::Highest, _) => Direction::Higher,
            (Self::Worst, Direction::Lower) => Direction::Higher,
            (Self::Worst, _) => Direction::Lower,
        }
    }

    /// The word an answer says it by: the best when none is asked ("the best recorded
    /// BLEU"), else "lowest", "highest", or "weakest" for the worst.
    pub fn said(extreme: Option<Self>) -> &'static str {
        match extreme {
            None => "best",
            Some(Self::Lowest) => "lowest",
            Some(Self::Highest) => "highest",
            Some(Self::Worst) => "weakest",
        }
    }
}

/// The question with every "top-1", "top 5" taken out: they name a metric ("top-5
/// accuracy"), not the top of a board, and a rule that reads a best from "top" must not
/// see them.
pub fn without_top_n(question: &str) -> std::borrow::Cow<'_, str> {
    static TOP_N: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\btop[- ]?\d+\b"));
    TOP_N.replace_all(question, " ")
}

/// The parts a question asks to be given besides its main answer, each of which the answer
/// must give or say the graph does not record (the scope gate checks them): "give the year
/// and DOI of the paper behind D's best accuracy" asks for a year, a DOI and a best result;
/// "which papers evaluated X, and on which datasets" for datasets; "how does A compare with B?
/// is its WER lower" for a yes or no. Read from the words alone, so that a question the
/// classifier routed elsewhere is still held to what it asked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Asked {
    /// A year: "when did", "which year", "the year and DOI".
    pub year: bool,
    /// A DOI (not one given in the question).
    pub doi: bool,
    /// Datasets: "on which datasets", "what benchmarks".
    pub datasets: bool,
    /// A best (or worst) result: "the current best accuracy", "lowest WER".
    pub best: bool,
    /// A yes or no on a comparison: "is its WER lower", "does A beat B".
    pub yes_no: bool,
    /// The record over time, asked as a question (claims about it are judged by
    /// `trust::record`): "which models have held the record on D", "since when has X held
    /// it", "how much did X improve on the previous best".
    pub record: bool,
    /// The scores beside a listing: "evaluated on which datasets and what scores?".
    pub scores: bool,
}

impl Asked {
    pub fn any(&self) -> bool {
        self.year || self.doi || self.datasets || self.best || self.yes_no || self.record || self.scores
    }
}

/// Scores asked for beside something else: "which datasets and what scores", "with their
/// scores", "and the values".
static ASKS_SCORES_PART: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:and|with)\s+(?:what|which|the|their|its)\s+(?:scores?|values?|results?|numbers?)\b")
});

/// Words asking for a year (a year given, "as of 2020", asks for none).
static ASKS_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(what year|which year|in what year|year of|when (was|were|did|is|has|have|does|do)|publication (year|date)|(the|its|their) years?\b|years? and\b|and (the |its )?years?\b)")
});
static ASKS_DOI: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bdois?\b"));
/// A DOI written out (in a question, or in an answer).
pub static DOI_GIVEN: LazyLock<Regex> = LazyLock::new(|| re(r"\b10\.\d{4,9}/\S+"));
static ASKS_DATASETS_PART: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(which|what|what other|any)\s+(\w+\s+){0,2}(datasets|benchmarks|corpora|data sets|boards)\b|\b(on|over) (which|what) (dataset|benchmark|corpus|board)s?\b|\b(is there|are there)\s+(an?\s+|any\s+)?(\w+\s+){0,2}(datasets?|benchmarks?|corpus|corpora|data sets?)\b")
});
/// A best or extreme result: a superlative before a result word or a metric.
static ASKS_BEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(best|top|highest|lowest|state[- ]of[- ]the[- ]art|sota|leading|strongest|most accurate)\b[^?.;]{0,30}?\b(results?|scores?|accuracy|acc|f1|f-score|f-measure|bleu|wer|word error rate|iou|miou|chrf|rouge\S*|error rate|performance|performer|numbers?|values?|models?|systems?|methods?)\b|\b(who'?s|who is|who are|which is|which one is|what'?s)\s+(the\s+)?(top|best|first|leading|ahead|in front|number one)\b|\b(leads?|leading|on top|holds? the record)\s+(now|today|currently|these days)\b|\b(which|what)\s+(model|system|method|approach|one|entry)\s+(was|is|were|had been)\s+(ahead|in front|on top|leading|in the lead|the leader|first|number one)\b|\bwhose\b[^?]{0,40}\b(was|is|were)\s+(the\s+)?(lowest|highest|best|top)\b|\bhigh[- ]?scores?\b")
});
/// A yes-or-no question that compares or ranks: a clause opening with an auxiliary.
static YES_NO: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(is|are|was|were|does|do|did|has|have|had|can|could|(is|are|was|were|does|do|did|has|have|had)n['’]?t)\b.*\b({OUTPERFORMS}|{UNDERPERFORMS}|better|worse|higher|lower|best|worst|still|lead|leads|top|tops|beat|ahead|behind|more|less|true|right|correct|accurate|the case|confirm|verify)\b"
    ))
});

/// What a claim is about beyond a model's own result, which a verdict must have checked to
/// answer it: whether anything beat the model ("somebody must have beaten X's 91.2 by now,
/// right?", "has anyone beaten X on D?"), or how two dates compare ("is X's result older
/// than Y's 2013 one?").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimAbout {
    Beaten,
    Dates,
    /// Whether papers agree on a result no number of which the claim states ("the Plumaro
    /// paper and the 2023 reproduction agree on Syrinxa's accuracy, right?").
    Agreement,
}

/// See [`ClaimAbout`].
pub fn claim_about(question: &str) -> Option<ClaimAbout> {
    static BEATEN: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(anyone|anybody|someone|somebody|anything|any (other )?(model|system|method|approach|one|paper)s?|no (other |later |newer |subsequent )?(model|system|method|approach|paper|work|entry|submission)s?|none|nobody|no one|nothing)\b.{0,40}\b(beat|beaten|beats|outdone|outdid|outperformed|surpassed|topped|bettered|exceeded|improved on|overtaken|overtook|dethroned|unseated|knocked off|gone past|went past|got past|(?:lower|higher|better|stronger)\b.{0,30}\bthan)\b")
    });
    static AGREE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(agree|agrees|agreed|disagree|disagrees|the same (value|number|score|figure|result|accuracy|f1|bleu|wer))\b"));
    static DATES: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(older|newer|earlier|later|more recent|less recent)\s+than\b|\b(predates?|postdates?)\b|\b(?:came|come|comes)\s+out\s+(?:in\s+)?the\s+same\s+year\b|\b(?:published|appeared|from)\s+(?:in\s+)?the\s+same\s+year\b|\b(?:appeared|appears?|came out|comes? out|published|released|(?:paper|article|preprint|one|was|were|is)\s+out)\s+(?:after|before)\s+(?:the\s+)?(?:['\x22‘“]|[\p{L}][\w\-]*['’]s\b|[\p{L}][\w\-]*(?:\s+[\w\-]+){0,3}\s+(?:paper|one|article|work)\b|(?-i:\p{Lu})[\w\-]*\s*(?:\?|$|,\s*(?:right|correct|true|yes|no|(?:did|was|is|has|had)(?:n['’]?t)?)\b)|[\p{L}][\w\-]*\s*,\s*(?:right|correct|(?:did|was|is|has|had)n['’]?t\s+(?:it|they|he|she))\b)")
    });
    // "X is newer than Y, so it has the better f1": the dates are the premise, the scores
    // the claim.
    static SO_SCORES: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(so|therefore|hence|thus|which means)\b[^?]{0,60}\b(better|worse|higher|lower|best|beats?|outperforms?|ahead|behind)\b")
    });
    if BEATEN.is_match(question) {
        Some(ClaimAbout::Beaten)
    } else if DATES.is_match(question) && !SO_SCORES.is_match(question) {
        Some(ClaimAbout::Dates)
    } else if AGREE.is_match(question) && given_values(question).is_empty() {
        Some(ClaimAbout::Agreement)
    } else {
        None
    }
}

/// The two sides of a claim about two papers' dates, each as the question names it: "the
/// HadGEM2 paper came out before the NorESM1-M one" gives ("the HadGEM2 paper", "the
/// NorESM1-M one"); "OAG-BERT is newer than that bike counts weather paper" gives
/// ("OAG-BERT", "that bike counts weather paper"). `None` unless the claim is about dates
/// ([`ClaimAbout::Dates`]) and both sides hold a word.
pub fn paper_sides(question: &str) -> Option<(String, String)> {
    static SIDES: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:(?:is|was|did|does|do|has)\s+)?(?:it\s+(?:true|right|correct)\s+that\s+)?(.+?)\s+(?:(?:really\s+)?(?:(?:came|come|comes)\s+out|was\s+published|were\s+published|got\s+published|(?:was\s+)?released|published|appeared|is|was|are|were)\s+)?(?:(?:older|newer|earlier|later|more\s+recent|less\s+recent)\s+than|before|after|predates|postdates|predated|postdated)\s+(.+?)\s*(?:[,?.!;]|\s+(?:right|rite|correct|true|yes|no|innit|eh)\b|$)")
    });
    // "the HadGEM2 and NorESM1-M papers came out the same year, right?"
    static SAME: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:(?:did|were|was|are|is)\s+)?(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s+(?:(?:papers?|ones?)\s+)?(?:(?:both\s+)?(?:come|came|comes)\s+out|(?:were|was)\s+(?:both\s+)?published|published|appeared|(?:are|were)\s+(?:both\s+)?from|from)\s+(?:in\s+)?the\s+same\s+year\b")
    });
    if claim_about(question) != Some(ClaimAbout::Dates) {
        return None;
    }
    let c = SAME.captures(question).or_else(|| SIDES.captures(question))?;
    // A quoted title is its words: the quotes are no part of it.
    let side = |i: usize| c.get(i).map(|m| m.as_str().trim().trim_matches(['\'', '"', '‘', '’', '“', '”']).trim().to_owned()).filter(|s| s.chars().any(char::is_alphanumeric));
    Some((side(1)?, side(2)?))
}

/// The two papers a question asks to put in order, as it names them: "which came first: the
/// HadGEM2 paper or the NorESM1-M paper?" gives ("the HadGEM2 paper", "the NorESM1-M
/// paper"). `None` unless it asks for their order ([`asks_paper_order`]).
pub fn order_sides(question: &str) -> Option<(String, String)> {
    static SIDES: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:first|earlier|later|last|older|newer|more\s+recent|before|after)\b\s*[,:;-]?\s+(.+?)\s+or\s+(.+?)\s*[?.!]*\s*$")
    });
    if !asks_paper_order(question) {
        return None;
    }
    let c = VERSUS_ORDER.captures(question).or_else(|| SIDES.captures(question))?;
    let side = |i: usize| c.get(i).map(|m| m.as_str().trim().to_owned()).filter(|s| s.chars().any(char::is_alphanumeric));
    Some((side(1)?, side(2)?))
}

/// Whether the question asks for a board's best result: "top miou on D", "D bleu record
/// holder", "who's top on D".
fn best_result(q: &str) -> bool {
    static RECORD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\brecord[- ]holders?\b|\bholds? the record\b|\b(the|a) record\b"));
    ASKS_BEST.find_iter(q).any(|m| !NOT_COMPARISON.is_match(m.as_str())) || RECORD.is_match(q)
}

/// Whether the question asks for a DOI (not giving one: "which paper has doi 10.x/y").
pub fn asks_doi(question: &str) -> bool {
    ASKS_DOI.is_match(question) && !DOI_GIVEN.is_match(question)
}

/// What `question` asks to be given (see [`Asked`]).
pub fn asked(question: &str) -> Asked {
    // "what the record shows" is the graph, not a best result.
    static THE_RECORD_SAYS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(the|a) record (shows|says|has|lists|states|holds|gives|indicates)\b"));
    let plain = THE_RECORD_SAYS.replace_all(question, " ");
    let best = best_result(&plain) || extreme(&plain).is_some();
    // Each clause by itself: "how does A compare with B? is its WER lower".
    // A full stop ends a clause; the one inside "78.4" does not. A clause may open with the
    // quote that closed the sentence before it ('... confirms." Is X still the best?').
    static CLAUSE_END: LazyLock<Regex> = LazyLock::new(|| re(r#"[?;!:,]|\.["'”’)]*(\s|$)"#));
    let yes_no = CLAUSE_END
        .split(question)
        .flat_map(|c| c.split(" - "))
        .map(|c| {
            let c = c.trim_matches(|ch: char| ch.is_whitespace() || matches!(ch, '"' | '\'' | '“' | '”' | '(' | ')')).to_lowercase();
            ["and ", "but ", "so ", "or ", "then "].iter().find_map(|w| c.strip_prefix(w)).map_or(c.clone(), |rest| rest.trim().to_owned())
        })
        .any(|c| YES_NO.is_match(&c) && (!REQUEST_OPENER.is_match(&c) || CLAIM_OPENER.is_match(&c)) && !ALTERNATIVE.is_match(&c));
    static RECORD_OVER_TIME: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\bimprove(?:d|ment)?\s+(?:on|over|upon)\s+the\s+(?:previous|prior|old|earlier|last)\s+(?:best|record|state[- ]of[- ]the[- ]art|sota)\b|\b(?:which|what)\s+(?:models?|systems?|methods?)\s+(?:have|has|had)\s+(?:ever\s+)?(?:held|led|topped)\b|\brecord[- ]holders\b|\bsince when\b|\bhow long has\b[^?]*\b(?:held|led|been the best|topped)\b")
    });
    Asked {
        year: ASKS_YEAR.is_match(question),
        doi: asks_doi(question),
        datasets: ASKS_DATASETS_PART.is_match(question),
        best,
        yes_no,
        record: RECORD_OVER_TIME.is_match(question),
        scores: ASKS_SCORES_PART.is_match(question),
    }
}

/// The result values a question states without claiming anything of them: "how many papers
/// put syrinxa at 88.3?", "which paper reports 91.2 F1?". An answer that does not speak of
/// them answers another question. Decimals only: a whole number may be a count, a rank or a
/// name's part ("top 3", "WMT 2014").
pub fn given_values(question: &str) -> Vec<String> {
    static VALUE: LazyLock<Regex> = LazyLock::new(|| re(r"(?:^|[\s=(:@~])(\d{1,3}\.\d{1,2})\s*%?(?:[\s,;:?!)]|$)"));
    VALUE.captures_iter(question).filter_map(|c| c.get(1)).map(|m| m.as_str().to_owned()).collect()
}

/// Whether the question asks to confirm a value it states: "could you check whether X's
/// accuracy on D is 79.5?", "X's 18.2 on D - right?". Its answer is a verdict, whatever the
/// classifier made of it; a listing that shows the value does not say whether it holds.
pub fn asks_confirmation(question: &str) -> bool {
    let q = question.trim().to_lowercase();
    let wh = WH_OPENER.is_match(&q) || q.starts_with("how ");
    let asks = AUX_OPENER.is_match(&q) || CLAIM_OPENER.is_match(&q) || CLAIM_TAG.is_match(&q) || q.contains("whether") || q.contains(" right?");
    !wh && asks && !given_values(question).is_empty() && !counts_papers(question)
}

/// Whether the question asks how many papers state a value it gives: "how many papers put
/// syrinxa at 88.3 on the hollenby marsh set?". A question about results, answered with
/// the count.
pub fn counts_papers(question: &str) -> bool {
    static COUNT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:how many|number of|count(?: the| of)?)\s+(papers|studies|works|publications|articles|sources|references)\b[^?]{0,40}\b(put|puts|putting|report|reports|reported|reporting|give|gives|giving|state|states|stating|record|records|recording|list|lists|say|says|have|has|agree|agreeing|back|backs|backing|support|supports|confirm|confirms)\b|\bin how many (papers|studies|works|publications|articles|sources)\b")
    });
    COUNT.is_match(question) && !given_values(question).is_empty()
}

/// A yes-or-no question the graph's facts may not settle: "does dokieli support RDF?",
/// "can X run offline?". Not a request ("can you list ..."), not whether something exists
/// ("is there a dataset ...", "does any paper ..."), not a choice ("is A or B better").
pub fn asks_plain_yes_no(question: &str) -> bool {
    static EXISTENCE: LazyLock<Regex> = LazyLock::new(|| re(r"^((is|are|was|were) there|(does|do|did|has|have|is|are) (any|anyone|anybody|someone|somebody)\b)"));
    let lowered = question.trim().to_lowercase();
    let q = asked_part(&lowered).trim_start_matches(|c: char| !c.is_alphanumeric());
    AUX_OPENER.is_match(q) && !REQUEST_OPENER.is_match(q) && !EXISTENCE.is_match(q) && !ALTERNATIVE.is_match(q)
}

/// A bibliographic record to check: the question gives a DOI (with a year, say) and asks
/// whether it is right ("... DOI 10.5555/x, appeared in 2019. Can you confirm both
/// details?", "the reference manager has it as 2017 with DOI 10.x/y. OK to submit it like
/// that?"). Its answer is a verdict, not the paper's record.
fn checks_a_record(whole: &str, asked: &str) -> bool {
    static CONFIRM: LazyLock<Regex> = LazyLock::new(|| {
        re(r"\b(confirm|verify|check|correct|right|accurate|ok|okay|fine|good|true|submit|keep|cite|use)\b[^?]*\?\s*$")
    });
    DOI_GIVEN.is_match(whole) && CONFIRM.is_match(asked) && !WH_OPENER.is_match(asked)
}

/// A model, a board and a metric in keywords and nothing else asked: "roberta large squad
/// 2.0 f1?", "RoBERTa on SQuAD 2.0, F1?", or the model on the board alone ("xlnet on
/// race"). It asks for the model's number there.
fn terse_score(q: &str) -> bool {
    static METRIC: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"\b({METRIC_WORDS}|scores?|results?|numbers?|performance)\b")));
    // A model and a board and nothing else: "xlnet on race", "gpt-3 @ lambada".
    // ("deit ti / s / b on imagenet real", "efficientnetv2 l imagenet": sizes listed, or no
    // word between the names at all.)
    static PAIR: LazyLock<Regex> = LazyLock::new(|| re(r"^\S+(?:\s\S+){0,6}\s(?:on|at|@)\s\S+(?:\s\S+){0,3}\W*$|^\S+(?:\s\S+){1,3}\W*$"));
    (METRIC.is_match(q) || PAIR.is_match(q)) && !OTHER_ASK.is_match(q) && q.split_whitespace().count() <= 10
}
static OTHER_ASK: LazyLock<Regex> = LazyLock::new(|| re(r"\b(papers?|code|repos?|github|implementations?|datasets|benchmarks|metrics|models|methods|authors?|doi|year|published|titles?|list|which|what|who|how|when|why|where|works?|research|studies|study|survey|articles?|uses?|using|used|introduc\w*|propos\w*)\b"));

/// Whether the question asks which paper states a value it gives: "which paper reports
/// FrostLattice's 71.4 on BenchMira?". A question about results, answered with the result
/// and its papers' titles.
pub fn asks_reporting_paper(question: &str) -> bool {
    static WHICH_PAPER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(which|what|whose) (paper|papers|study|studies|work|works|publication|publications|article|articles|source|sources)\b[^?]{0,20}\b(report|reports|reported|state|states|stated|give|gives|gave|put|puts|record|records|recorded|list|lists|listed|claim|claims|claimed)\b|\bwho (reported|reports|published)\b|\b(every|each|all( the)?) (paper|papers|study|studies|publication|publications|article|articles|source|sources) (that|which) (report|reports|reported|state|states|stated|give|gives|gave|put|puts)\b")
    });
    WHICH_PAPER.is_match(question) && !given_values(question).is_empty()
}

/// Whether a question about results also asks for their papers: "and if so, in which
/// paper?", "which study is that from?" (the answer names the papers of its results).
pub fn asks_which_paper(question: &str) -> bool {
    // "paper behind the 85.1 top-5 on D": the paper of the result a value names.
    // "the rotowire paper with the best bleu": the paper of a board's best.
    static WHICH: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what|whose)\s+(?:paper|papers|study|studies|publication|publications|article|articles|source|sources)\b|^\W*(?:the\s+)?(?:paper|study|publication|source)\s+(?:behind|for|with|of)\s+(?:the\s+|an?\s+)?~?\d|\b(?:paper|study|publication)\s+(?:with|holding|that\s+(?:has|holds|set|got))\s+the\s+(?:best|top|highest|lowest|record|sota)\b|\b(?:source|origin)\s+(?:of|for|behind)\s+(?:the\s+|that\s+|this\s+)?~?\d|^\W*where\s+(?:does|did|do|is|was)\s+(?:the\s+|that\s+|this\s+)?~?\d[^?]{0,60}\b(?:come|comes|came)\s+from\b"));
    WHICH.is_match(question)
}

/// Whether the question opens by asking for a paper: "which paper got 431% on D", "whose
/// paper has the 1.11 bpc on D", "paper behind the 85.1 top-5 on D" (its answer lists
/// papers, not the results they report).
pub fn asks_paper_first(question: &str) -> bool {
    static FIRST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:(?:which|what|whose)\s+(?:paper|study|publication|article)s?\b|(?:the\s+)?(?:paper|study|publication|source)\s+(?:behind|for|with|of)\b)"));
    FIRST.is_match(question)
}

/// Whether the question opens by asking for the paper of a result, or a detail of it: "which
/// paper got 431% on D", "who wrote the paper behind the top score on D", "the DOI of the
/// paper with the best F1 on D" (the paper is the answer, found through the board).
pub fn asks_result_paper(question: &str) -> bool {
    static DETAIL_FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:who\s+(?:wrote|authored|published)|(?:what(?:['’]?s|\s+is|\s+are|\s+was)\s+|give\s+me\s+|i\s+need\s+)?(?:the\s+)?(?:doi|authors?|year|title|venue|publication\s+year)\s+(?:of|for)|when\s+(?:was|did))\s+(?:the\s+)?(?:paper|study|publication|work|article)\s+(?:behind|with|holding|that|which|reporting|for)\b")
    });
    // The paper is described by a result in the clause that asks for it ("which paper has the
    // most recent results, and are its numbers the best?" asks for the newest paper).
    static BY_RESULT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:best|top|highest|lowest|record|sota|state[- ]of[- ]the[- ]art|leading|leader)\b|(?:^|\s)~?(?:\d+\.\d+|\d+%|\d{1,3})(?:\s|%|$)"));
    let clause = question.split([',', ';', '?']).next().unwrap_or(question);
    let clause = clause.split(" and ").next().unwrap_or(clause);
    (asks_paper_first(question) || DETAIL_FIRST.is_match(question)) && BY_RESULT.is_match(clause)
}

/// "Which came out first, the X paper or the Y paper?", "which is older, X's paper or
/// Y's?": two papers put in order by their dates, asked as a question (a claim about their
/// order is [`ClaimAbout::Dates`]).
pub fn asks_paper_order(question: &str) -> bool {
    static ORDER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:which|what)\b(?:\s+(?:one|paper|of\s+(?:the|these|those)\s+(?:two|papers)))?\s+(?:came out|come out|was published|appeared|is|was|were|got published)\s+(?:first|earlier|later|last|older|newer|more recent|before|after)\b[^?]*\bor\b|^\W*(?:which|what)\b[^?]{0,40}\b(?:older|newer|earlier|more recent|first)\s*[,:]?\s+(?:the\s+)?[^?]+\bor\b")
    });
    ORDER.is_match(question) || VERSUS_ORDER.is_match(question)
}

/// "A vs B - which is older?": two papers set side by side, then put in order.
static VERSUS_ORDER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(.+?)\s+(?:vs\.?|versus)\s+(.+?)\s*(?:[-–—:,;]|\s)\s*which\s+(?:one\s+)?(?:is|was|came\s+out|come\s+out|appeared|got\s+published|was\s+published)\s+(?:first|earlier|later|last|older|newer|more\s+recent)\b")
});

/// Whether a question about two papers' order asks for the later one ("which came out
/// later", "which is newer"), not the first.
pub fn asks_later_paper(question: &str) -> bool {
    static LATER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\b(?:\s+[\w']+){0,4}?\s+(?:later|last|newer|newest|more\s+recent|most\s+recent|younger|after)\b"));
    asks_paper_order(question) && LATER.is_match(question)
}

/// Whether a question asks which paper first reported a result on a board: "which paper
/// first reported a result on D, and which papers followed it?", "the first paper with a
/// BLEU above 30 on D" (the board's papers in the order they came out,
/// `trust::chronology`).
pub fn asks_first_report(question: &str) -> bool {
    static FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:which|what|whose)\s+(?:paper|study|publication|article|work)\b[^?]{0,20}?\bfirst\s+(?:to\s+)?(?:report|reported|published|publish|posted|gave|give|recorded|record|showed|show|put|set|achieved|got|reached)\b|\b(?:first|earliest)\s+(?:paper|study|publication|article)\s+(?:to|that|with|on|which)\b|\bwho\s+(?:was|were)\s+(?:the\s+)?(?:first|earliest)\s+to\s+(?:report|publish|post)\b|\b(?:oldest|earliest)\s+(?:result|score|number|entry)\b[^?]{0,40}?\bon\s")
    });
    FIRST.is_match(question)
}

/// "Which of the kelp canopy mapping papers don't carry a usable publication year?": the
/// papers found whose year is missing, or not a year (`trust::rerun::undated`).
pub fn asks_undated(question: &str) -> bool {
    static UNDATED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:papers?|studies|works?|articles?|publications?)\b[^?]{0,40}\b(?:(?:do|does)\s+not|don['’]t|doesn['’]t|have\s+no|has\s+no|with\s+no|without|lack|lacks|lacking|missing|carry\s+no|give\s+no)\s+(?:carry\s+|have\s+|give\s+|record\s+|list\s+)?(?:an?\s+|any\s+)?(?:usable\s+|valid\s+|proper\s+|real\s+)?(?:publication\s+)?(?:year|date)s?\b")
    });
    UNDATED.is_match(question)
}

/// "since the X paper", "after the X paper came out": a time after X's paper.
static SINCE_PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:since|after)\s+(?:the\s+)?([\w.+-]+(?:\s[\w.+-]+)?)\s+paper\b"));

/// The model of "since the X paper" ([`SINCE_PAPER`]).
pub fn since_paper(question: &str) -> Option<String> {
    SINCE_PAPER.captures(question).map(|c| c[1].to_owned())
}

/// The question without its "since the X paper": what it names apart from that time.
pub fn without_since_paper(question: &str) -> std::borrow::Cow<'_, str> {
    SINCE_PAPER.replace_all(question, " ")
}

/// Whether a question about a research problem asks how its boards stand: "what's the
/// state of the art for crevasse segmentation?", "which kelp canopy mapping model should I
/// start from?", "has anything beaten X on any tidal turbine benchmark?", "as things stood
/// at the end of 2018, what was the best approach for T?". The problem's boards are read.
pub fn asks_task_state(question: &str) -> bool {
    static STATE: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:state[- ]of[- ]the[- ]art|sota|best|leading|top|strongest|leads?|leader|record|start from|build on|beaten|topped|outperformed|across the board|headline number|changed since|moved on since|improved since|leaderboards?|leaderbord|rankings?|standings)\b")
    });
    STATE.is_match(question)
}

/// Whether a question compares what two papers report for a model, one described by its
/// title's words and the other the model's own: "the reproducibility study found the same
/// accuracy for X as X's own paper, right?", "what F1 did the paper on ... find for X, and
/// is it the same as in the X paper itself?".
pub fn compares_papers(question: &str) -> bool {
    static SAME: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:same|identical|matching|matches|match|agree|agrees|agreed|differ|differs|different|disagree|disagrees)\b"));
    static OWN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:own|original)\b[^?.]{0,20}\b(?:paper|article|publication)\b|\bpaper itself\b|'s\s+(?:own\s+)?paper\b"));
    SAME.is_match(question) && OWN.is_match(question)
}

/// Whether a question asks for a board's newest result: "newest WER on D: which model, what
/// number, and what's still better?" (`trust::chronology::newest`).
pub fn asks_newest(question: &str) -> bool {
    static NEWEST: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:newest|latest|most recent)\s+(?:[\w-]+\s+){0,4}?(?:on|for)\s"));
    static NOT_RESULTS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:newest|latest|most recent)\s+(?:papers?|work|works|studies|study|research|publications?|articles?|datasets?|benchmarks?|state[\s-]+of[\s-]+the[\s-]+art|sota|record)\b"));
    // A question, not a statement about the newest ("X is the latest entry on D, so isn't
    // it the top model?" is a claim).
    static ASKS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:newest|latest|most recent)\b|\b(?:which|what|who|whose)\b"));
    // "most recent paper gives acc for which model?": the newest paper's result, asked.
    static NEWEST_PAPERS_MODEL: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:newest|latest|most recent)\s+(?:paper|study|publication|article)\s+(?:gives|gave|reports|reported|posts|posted|has|had|lists|listed)\b[^?]{0,40}?\b(?:which|what)\s+(?:model|system|method|approach)\b")
    });
    (NEWEST.is_match(question) && !NOT_RESULTS.is_match(question) && ASKS.is_match(question)) || NEWEST_PAPERS_MODEL.is_match(question)
}

/// Whether a question asks which newer models posted results on a board since a named
/// model's: "since X's 34.2 on D in 2022, which newer models have posted results there, and
/// which beat it?" (`trust::chronology::newer`).
pub fn asks_newer(question: &str) -> bool {
    static NEWER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bnewer\s+(?:models?|systems?|methods?|entries|approaches)\b"));
    NEWER.is_match(question)
}

/// Whether a paper lookup asks for the results the paper reports: "which models does 'A
/// Replication of X' re-run, and with what numbers?", "do its numbers match the models' own
/// papers?" (words inside a quoted title ask for nothing).
pub fn asks_paper_results(question: &str) -> bool {
    static RESULTS: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:numbers|scores|results|values|figures|re-?runs?|reproduces|replicates|what does it report|what do they report)\b|\bwhat\s+(?:does|did|do)\b[^?]{0,40}?\b(?:evaluate|test|benchmark)(?:\s+on)?\W*$")
    });
    RESULTS.is_match(&unquoted(question))
}

/// Whether a question asks what came after a time it names: "X topped D back in 2019 -
/// which models have beaten it since?" (the year dates the statement, not the board asked
/// about).
pub fn asks_since_then(question: &str) -> bool {
    static SINCE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:beaten|beat|overtaken|surpassed|bettered|topped|passed|outperformed|improved on)\b[^?]{0,30}\bsince(?:\s+then)?\s*[?.!]*\s*$"));
    SINCE.is_match(question)
}

/// Whether a question speaks of a model carried over to another problem: "X was also tried
/// on T", "X applied to T", "has anyone evaluated X on T?".
pub fn carried_over(question: &str) -> bool {
    static CARRIED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:tried|applied|tested|evaluated|transferred|adapted|ported|reused)\s+(?:\w+\s+){0,2}?(?:on|to|for)\b"));
    CARRIED.is_match(question)
}

/// Whether a paper lookup asks on which datasets the paper evaluates: "which datasets did
/// the X paper evaluate on?", "what benchmarks does 'P' report on?" (its results there are
/// read too).
pub fn asks_paper_datasets(question: &str) -> bool {
    static DATASETS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\s+(?:other\s+)?(?:datasets?|benchmarks?|corpora)\b[^?]{0,60}\b(?:evaluat\w*|test\w*|benchmark\w*|report\w*|use[sd]?|run|ran)\b"));
    DATASETS.is_match(&unquoted(question))
}

/// Whether the question asks something open ("the X paper: what micro precision does it
/// report?") or opens as a request ("list ..."), not as a statement to confirm ("the X
/// paper evaluates on D"). Words of a quoted title ask nothing.
pub fn asks_openly(question: &str) -> bool {
    static OPEN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:list|give|show|find|tell|name|get|i\s+(?:need|want|am\s+looking)|looking|can|could|please|(?:is|are)\s+there)\b|\b(?:what|which|who|whom|whose|when|where|why|how)\b"));
    OPEN.is_match(&unquoted(question))
}

/// Whether the question asks for a board's other papers, the one named being where the
/// asker starts ("the pop-art paper ran on Time Pilot; what other papers evaluated on it?"):
/// the model or paper named is no filter of the board's papers.
pub fn asks_other_papers(question: &str) -> bool {
    static OTHER_PAPERS_ON: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:which|what)\s+(?:other|else|more)\s+(?:papers?|works?|articles?)\b[^?]{0,80}?\b(?:on|in|evaluat\w*|report\w*|test\w*|use[sd]?)\b|\bother\s+papers\s+(?:are|were)\s+on\s+(?:that|this|the\s+same)\s+(?:board|leaderboard|benchmark|dataset)\b")
    });
    OTHER_PAPERS_ON.is_match(question)
}

/// Whether the question asks a named paper's score ("the pop-art paper (...): score on
/// Atari Time Pilot?", "what F1 did the X paper report on D?").
pub fn asks_paper_score(question: &str) -> bool {
    static SCORE_ON: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)\b(?:scores?|results?|{METRIC_WORDS})\s+(?:on|for|in)\b")));
    static PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:paper|article|preprint)\b"));
    PAPER.is_match(question) && (asks_value(question) || SCORE_ON.is_match(&unquoted(question)))
}

/// Whether the question names one paper by its words or its model ("the dynamic
/// convolution paper", "the XLNet paper", "the paper 'Deep ...'"), not papers in general.
pub fn names_a_paper(question: &str) -> bool {
    static ONE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:the|that|this)\s+(?:[\w.'’:+-]+\s+){1,12}?(?:paper|article|preprint)\b(?:\s*$|[^s])|\bthe\s+paper\s+(?:'|\x22|“|‘|titled|called|named)"));
    ONE.is_match(question)
}

/// The question without its quoted parts: a title's words ("Language Models are Few-Shot
/// Learners", 'Reproducible Results in X') ask for nothing. A single quote opens only after
/// no letter and closes before none: "plumaro's the fastest ..., isn't it?" quotes nothing.
pub fn unquoted(question: &str) -> std::borrow::Cow<'_, str> {
    static QUOTED: LazyLock<Regex> = LazyLock::new(|| re(r#""[^"]*"|“[^”]*”|(?:^|[^\w'’])'[^']{8,}'(?:$|[^\w])|‘[^’]{8,}’"#));
    QUOTED.replace_all(question, " ")
}

/// Whether a question reads a board's results by their papers' years: which paper first
/// reported one, the newest, or the newer models since a named one.
fn reads_board_by_time(question: &str) -> bool {
    asks_first_report(question) || asks_newest(question) || asks_newer(question)
}

/// Whether a listing asks for what two or more named things have in common: "which datasets
/// were both X and Y evaluated on?", "tasks X and Y have in common", "problems shared by X
/// and Y". Only the items each of them reaches answer it, not their union.
pub fn asks_shared(question: &str) -> bool {
    static SHARED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\bboth\b|\bin\s+common\b|\bshared\s+(?:by|between|across)\b|\bcommon\s+to\b|\b(?:they|both)\s+share\b|\b(?:do|does|did)\s+[^?]{1,60}\s+share\b|\boverlap\b|\beach\s+of\s+(?:them|the\s+(?:two|three))\b|\ball\s+(?:three|of\s+them)\b")
    });
    SHARED.is_match(question)
}

/// Whether a claim asks that two or more things hold at once: "... and so does Y's 86.0 -
/// are both of those true?". Its verdict must speak of each named model.
pub fn asks_both(question: &str) -> bool {
    static BOTH: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(both|each|all) (of )?(these|those|them|the two)?\s*(true|right|correct|accurate|hold|stand)\b|\b(are|is) (both|each|all)( of (these|those|them))? (true|right|correct|accurate)\b"));
    BOTH.is_match(question)
}

/// Whether the question asks which model leads, naming another only as context ("which
/// system is lowest now that corrasine's 2025 result is the newest?"): not a choice among
/// named models ("which is better, X or Y?").
pub fn asks_which_model(question: &str) -> bool {
    static WHICH: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(which|what) (system|model|method|approach|architecture|network)s?\s+(is|are|was|has|holds|leads|tops|scores|gets|does)\b"));
    WHICH.is_match(question) && !question.to_lowercase().contains(" or ")
}

/// The model a question asks the result holder before: "before ibbotrans took the quenmark
/// bleu record, who held it?", "who led D until X came along?". The words naming the model,
/// as written.
pub fn holder_before(question: &str) -> Option<String> {
    static BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:before|until|till|prior to)\s+([\w.+-]+(?:\s[\w.+-]+)?)\s+(?:took|take|set|grabbed|claimed|got|overtook|broke|beat|topped|came along|came in|arrived|showed up|appeared|won)\b")
    });
    // "What was the best on D before X's result?": the board the year before X's first.
    static BEFORE_RESULT: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?i)\b(?:before|prior to)\s+([\w.+-]+(?:\s[\w.+-]+)?)['’]s\s+(?:first\s+)?(?:result|score|entry|number|record|arrival)\b"));
    let name = BEFORE.captures(question).or_else(|| BEFORE_RESULT.captures(question))?.get(1)?.as_str().to_owned();
    // "before 2020 took ...", "before it took": a year or a pronoun is no model.
    (!name.chars().all(|c| c.is_ascii_digit()) && !["it", "they", "that", "this", "anyone", "someone"].contains(&name.to_lowercase().as_str())).then_some(name)
}

/// [`holder_before`], with "before it" read as the one model the question names: "Ibbotrans
/// has the lead now, but who held the record before it?".
pub fn holder_before_named(question: &str, methods: &[super::normalize::NormalizedEntity]) -> Option<String> {
    static BEFORE_IT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:who|which model|which system|what model)\s+(?:held|had|led|topped|owned)\b[^?]{0,40}\b(?:before|until|prior to)\s+(?:it|them|that)\b|\bwhose\s+(?:record|lead|top spot|best)\s+(?:was|had)\s+(?:it|that)\b[^?]{0,20}\b(?:before|until|prior to)\b")
    });
    holder_before(question).or_else(|| {
        let linked: Vec<&super::normalize::NormalizedEntity> = methods.iter().filter(|m| m.is_linked()).collect();
        let [one] = linked.as_slice() else { return None };
        BEFORE_IT.is_match(question).then(|| one.text.clone())
    })
}

/// Whether the question speaks of a model or paper it does not name, by pointing back or
/// by description: "which models beat that paper since then?", "what accuracy does the
/// model introduced by the 2020 paper on spectro-temporal transformers reach?". Read it of
/// the question proper ([`asked_part`]).
pub fn unnamed_referent(question: &str) -> bool {
    static REFERENT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(that|this|the same) (paper|model|method|system|work|approach|architecture)\b|\b(the|a) (model|method|system|approach|architecture) (introduced|proposed|presented|described|released) (by|in)\b")
    });
    REFERENT.is_match(question)
}

/// Whether "that paper" / "that model" points back at the best the question first asks
/// for ("who's top on D for BLEU, and what year and DOI is that paper?"): the answer's own
/// best names it.
pub fn refers_to_the_best(question: &str) -> bool {
    static BACK: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:who|which|what)(?:'s|’s|\s+is|\s+was|\s+has)?\b[^?]{0,60}\b(?:top|best|highest|lowest|leader|leads|leading|record)\b[^?]{0,80}\b(?:that|this|its|their) (?:paper|model|method|system|work|result)\b")
    });
    BACK.is_match(question)
}

/// A time given as a model's paper appearing: "when the Ibbotrans paper appeared" (the board
/// as it stood that year), "before the Murrelet-MT paper came out" (the year before). The
/// words naming the model, as written, and whether the time is before the paper.
pub fn paper_event(question: &str) -> Option<(String, bool)> {
    static EVENT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(when|once|by the time|before|prior to)\s+(?:the\s+)?([\w.+-]+(?:\s[\w.+-]+)?)\s+paper\b(?:\s+(?:appeared|came out|was published|came along|was released|arrived))?")
    });
    // "Did the X paper come out before the Y paper?": the two papers' dates compared, no
    // time the question is asked at.
    static PUBLISHED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:came out|comes? out|published|appeared|appears?|released)\s*$"));
    let c = EVENT.captures(question)?;
    if PUBLISHED.is_match(&question[..c.get(0)?.start()]) {
        return None;
    }
    let before = matches!(c.get(1)?.as_str().to_lowercase().as_str(), "before" | "prior to");
    let event = c.get(0)?.as_str().to_lowercase();
    // "before the X paper" alone is the paper; "when the X paper" needs what it did.
    if !before && !["appeared", "came out", "was published", "came along", "was released", "arrived"].iter().any(|v| event.ends_with(v)) {
        return None;
    }
    let name = c.get(2)?.as_str().to_owned();
    (!name.chars().all(|c| c.is_ascii_digit()) && !["it", "its", "their", "that", "this", "a", "an"].contains(&name.to_lowercase().as_str())).then_some((name, before))
}

/// A time given as a described paper's appearing: "at the time the reproduction study of
/// pretrained birdsong transcribers was published" (the board as it stood that year),
/// "before the survey of Vendish language resources came out" (the year before). The words
/// describing the paper, and whether the time is before it. A model's paper ("the X paper")
/// is [`paper_event`]'s.
pub fn described_paper_event(question: &str) -> Option<(String, bool)> {
    static EVENT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)(?:^|[,.;:]\s*)(at the time|by the time|before|prior to)\s+(?:the\s+)?((?:[\w'’.-]+\s+){2,10}?)(?:was published|came out|appeared|was released)\s*,")
    });
    // What names a paper: "the survey of ...", "the reproduction study of ...".
    static PAPER_NOUN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:survey|study|review|paper|article|replication|reproduction|benchmark|comparison|analysis|overview)\b"));
    let c = EVENT.captures(question)?;
    let before = matches!(c.get(1)?.as_str().to_lowercase().as_str(), "before" | "prior to");
    let described = c.get(2)?.as_str().trim().to_owned();
    (PAPER_NOUN.is_match(&described) && !described.to_lowercase().ends_with(" paper") && paper_event(question).is_none() && holder_before(question).is_none()).then_some((described, before))
}

/// Whether the question asks for a number (a score, a result), which an answer must give
/// or say the graph does not record (the scope gate checks it).
pub fn asks_value(question: &str) -> bool {
    static WHAT_DID: LazyLock<Regex> = LazyLock::new(|| re(r"\bwhat (did|does|do)\b[^?]{0,60}\b(find|found|get|got|score|scored|report|reported|reach|reached|achieve|achieved)\b"));
    // "Which models go in, with what F1?": each listed with its value.
    static WITH_WHAT: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"\b(?:with|at|and)\s+what\s+(?:{METRIC_WORDS}|scores?|numbers?|values?)\b")));
    let q = question.to_lowercase();
    // "Which datasets does it actually have scores on?": its boards, each with its number.
    static HAS_SCORES: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:has|have|had|gets?|got)\s+(?:an?\s+|any\s+)?(?:actual\s+|real\s+)?(?:scores?|numbers?|values?)\s+(?:on|for|in)\b"));
    if WHAT_DID.is_match(&q) || WITH_WHAT.is_match(&q) || HAS_SCORES.is_match(&q) {
        return true;
    }
    // "How many models have results on D by Accuracy?" asks for a count of things, which the
    // listing states, not for a score.
    static COUNT_OF_THINGS: LazyLock<Regex> = LazyLock::new(|| re(r"\bhow many (?:different |distinct )?(?:models?|systems?|methods?|papers?|datasets?|benchmarks?|entries|contributions?)\b"));
    if COUNT_OF_THINGS.is_match(&q) {
        return false;
    }
    // A metric or "the numbers" named outside a request for a list of papers, models or
    // datasets: "KestrelNet on BenchMira, accuracy - and who reported it?", "trillbert WER on
    // dastrup-7", "my notes say X = 21.5 bleu: still the right figure?". A metric after a
    // number is given, not asked for ("I'm citing its 86.0 F1").
    static GIVEN: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?:^|[\s=(:])\d+(?:\.\d+)?\s*%?\s*({METRIC_WORDS})\b")));
    let unstated = GIVEN.replace_all(&q, " ");
    if NAMES_VALUE.is_match(&unstated) && (!LIST_REQUEST.is_match(&q) || q.contains("how many")) {
        return true;
    }
    ASKS_VALUE.captures_iter(&q).any(|c| {
        let first = c.get(2).and_then(|m| m.as_str().split_whitespace().next()).unwrap_or("");
        !NOT_VALUES.contains(&first)
    })
}

/// A question after a dash, a colon or a full stop: "X used to lead D - which models have
/// beaten it?", "X once led D. Which models have beaten it since?".
/// "... - which models have beaten it since?", "was X evaluated on D, and if so, in which
/// paper?": the question is the wh-part at the end.
static WH_TAIL: LazyLock<Regex> = LazyLock::new(|| re(r"((\s[-–—:]|[.;!]\s)\s*|,?\s+(?:and\s+)?if so,?\s+(?:in\s+|on\s+|by\s+)?)(what|which|who|whom|whose|when|where|why|how)\b[^-–—:.;!]*$"));
/// "highest score anyone got on X" is a noun phrase asking for the top, not a statement.
static SUPERLATIVE_OPENER: LazyLock<Regex> = LazyLock::new(|| re(r"^(the )?(highest|lowest|best|top|most|maximum|minimum)\b"));
static PARENTHESES: LazyLock<Regex> = LazyLock::new(|| re(r"\([^)]*\)"));
/// A name followed by nothing but a request for its code: "dd-ppo source code links",
/// "qa-gnn implmentation link", "spert github?". Code of something, even when the name is
/// one no table knows ("code generation papers" is no such request: it ends elsewhere).
static CODE_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^[^?]{2,50}?\s(?:source code|code|github|repos?|repository|implementation|implmentation)(?:\s+(?:links?|urls?|repos?|pages?))?\s*\??$")
});
/// A request that opens by asking for code: "github code for X", "code for whatever was run
/// on D", "implementations of X (the Y paper)": code, whatever else it names.
static CODE_OPENER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?:(?:the|any|some)\s+)?(?:github\s+|source\s+)?(?:code|implementations?|repos?|repositor(?:y|ies))\s+(?:for|of)\b")
});
/// A choice between named things: "is xlnet or gpt3 better on rte" asks which is better,
/// it states nothing to confirm.
static ALTERNATIVE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?:is|are|was|were|does|do|did)\b.{1,60}\bor\b.{1,60}\b(?:better|worse|higher|lower|stronger|weaker|ahead|best)\b")
});
/// Noun-phrase requests: "link to the X implementation", "code for X".
static REQUEST_NOUN: LazyLock<Regex> = LazyLock::new(|| re(r"^(link|links|code|repo|repos|repository|url|papers?|source)\b"));
/// One paper named by what it introduced or by a name: "the paper that introduced X",
/// "paper introducing X", "the LUKE paper", "the random feature attention paper".
/// "what scores does the X paper report on D": a paper's results on a board asked for.
static PAPER_REPORTS_ON: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:what|which)\s+(?:scores?|results?|numbers?|values?)\s+(?:does|did|do)\b[^?]{0,60}\breports?\b[^?]{0,30}\bon\b"));
static THE_PAPER: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"\bpaper (that|which|who)?\s*(introduc|propos|present)\w*|\bthe [^,?;]{1,60} paper\b|\b(about|on|find|show|open) the paper (titled |called |named )?["'“]?[a-z0-9]|^[^?;]{2,60}\bpaper\s*([-:–,]|title\b|'s\b)|^[^?;]{12,160}\s[-–:]\s*((which|what|who|when)\b[^?]*\b(it|its)\b|its\b)"#)
});
/// "paper behind bertjoint", "concept pointer network paper?": a paper named by what it is
/// the paper of, and nothing else asked (not "D's sota comes from which paper?", nor "newest
/// X paper?", which asks which of a topic's papers, [`RANKED_PAPER`]).
static RANKED_PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"\b(most recent|latest|newest|earliest|oldest|first|last|best|top|recent|new|older|newer|good|seminal|key|main)\b"));
/// "what is recurrent rational networks about?", "which problem does piano skills
/// assessment tackle": what a named paper is about, its research problems (a model named
/// asks what it is used for instead: [`ASKS_PROBLEMS`]).
pub fn asks_what_paper_is_about(question: &str) -> bool {
    static ABOUT: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:what(?:'s|’s|\s+is|\s+was)|whats)\s+(?:[^?]+?\s+)?about\s*\??\s*$"));
    ABOUT.is_match(question)
}
static PROBLEM_OF_PAPER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^\W*(?:which|what)\s+(?:research\s+)?problems?\s+(?:does|did|do)\s+[^?]+?\s+(?:tackle|address|solve|study|work on|deal with)\s*\??\s*$")
});
static PAPER_OF: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:what(?:['’]?s|\s+is)\s+)?(the\s+)?paper\s+(behind|for|of|introducing|proposing)\s+[^?;]{2,60}\??$|^[^\s?;]+(?:\s[^\s?;]+){0,3}\s+paper\s*\??$"));
/// "... since the Plumaro paper", "before the X paper came out": a paper that dates
/// something, not the paper asked about.
static TIMED_PAPER: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:since|after|before|until|prior to|by the time|when)\s+the [^,?;]{1,60} paper\b"));
/// "The most recent paper on X", "the latest work about X": papers on a topic, newest
/// first, not one paper looked up.
static NEWEST_ON: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bthe (most recent|latest|newest|earliest|oldest|first|last)\s+(\w+\s+)?(paper|papers|work|works|study|studies|publication|publications|article|articles)\s+(on|about|in|for|regarding|concerning)\b")
});
/// A named model's number on a named dataset: "what ROUGE-L does PEGASUS get on gigaword",
/// "how does GPT-3 do on LAMBADA", "ApproxRepSet accuracy on MUTAG".
static SCORE_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(what|which)\b[^?]{0,40}\b(does|did|do|is|was)\b[^?]{0,40}\b(get|reach|achieve|score|obtain|have)\b|\bhow (does|did|do|is|was)\b[^?]{0,60}\b(do|perform|score|fare)\b|\b(accuracy|f1|bleu|rouge\S*|score|result|mrr|perplexity|ppl)s? (on|for)\b")
});
/// A possessive number: "what's mfec's score on ms pacman", whatever the names.
static POSSESSIVE_SCORE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\w['’]s (score|accuracy|f1|bleu|rouge\S*|result|mrr|perplexity|ppl|bpc|error)s?\b[^?]{0,20}\b(on|for|in)\b")
});
/// Where a model was tried: "where was GR-ConvNet evaluated", "on which benchmarks was X
/// evaluated", "what was xlnet evaluated on", "boards of X": the answer lists datasets.
/// ("Where is X used" asks for the papers using it.)
static WHERE_EVALUATED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bwhere(?: else)? (was|were|is|are|has|have)\b.{0,60}\b(evaluated|tested|benchmarked|assessed)\b|^\W*(?:the\s+)?(?:benchmarks|datasets|boards|leaderboards)\s+(?:of|for)\s|\b(which|what) (benchmarks|datasets|boards|leaderboards)\b.{0,60}\b(evaluated|tested|benchmarked|run|ran)\b|\b(what|which)\b.{1,60}\b(evaluated|tested|benchmarked|assessed) on\W*$")
});
/// "what got evaluated on X", "what's been evaluated on X": the models are asked for.
static WHAT_EVALUATED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(what|which|who)(?: else)?(?:['’]s been| (got|was|were|has been|have been|is|are)) (evaluated|tested|benchmarked|run|tried)\b|\b(who['’]?s|who has|who have) been (evaluated|tested|benchmarked|run)\b")
});
/// An overview asked of one board or one model: "what has been done on D?", "summarise the
/// results reported on D", "what do we know about X?" (the board's models, the model's
/// boards; which of them is asked of is the caller's to know).
static OVERVIEW: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bwhat(?:['’]s|\s+has|\s+have)\s+(?:people\s+|researchers\s+)?(?:been\s+)?(?:done|tried|reported|published|achieved)\s+(?:so\s+far\s+)?(?:on|with|for|about)\b|\bsumm?ari[sz]e\s+(?:the\s+|all\s+)?(?:results?|work|evaluations?|numbers)\b|\boverview\s+of\s+(?:the\s+)?(?:results?|work|evaluations?)\s+(?:on|for|with)\b|\bwhat\s+(?:do|does)\s+(?:we|the\s+graph|orkg|you|it)\s+know\s+about\b|\bwhat(?:['’]s|\s+is)\s+known\s+about\b")
});
/// The overview of a model: "what do we know about X?".
static ASKED_OF_A_MODEL: LazyLock<Regex> = LazyLock::new(|| re(r"\bknow\s+about\b|\bknown\s+about\b"));
/// "models for pointgoal nav": the models used for a task.
static MODELS_FOR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(which |what |list |any )?(the )?(models|methods|approaches|architectures|algorithms|systems|baselines) (for|used for|used in|applied to|that solve|tackling|(?:that )?address(?:es)?|addressing|tackle|solve)\b")
});
/// Models asked for by what was done with them: "which models have been evaluated for NLI?",
/// "object detection - which models were tested on it?".
static MODELS_TRIED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:which|what)\s+(?:models?|methods?|systems?|approaches|architectures?)\s+(?:have\s+been|has\s+been|were|was|are|is|got)\s+(?:evaluated|tried|tested|benchmarked|run|applied|used)\s+(?:for|on|in|to|with|against)\b")
});
/// Words that ask for code, and by themselves only when a model or dataset is named:
/// "code generation papers" is a topic, "code for LUKE" asks for code.
static CODE_WORDS: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(source code|code|github|repos?|repositor\w*|implementation\w*|implement\w*|open[- ]?sourced?)\b"));
/// "the techniques used by the X paper" asks how methods are used, not for the paper.
static USED_BY: LazyLock<Regex> = LazyLock::new(|| re(r"\b(used|employed|applied|adopted|utili[sz]ed)\s+by\b"));
/// Openers of a request: "compare X and Y", "list ...": not statements.
static IMPERATIVE: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(list|name|give|show|provide|find|tell|compare|get|fetch|search|look|rank|summari[sz]e|describe|explain)\b"));
/// A yes/no comparison after a leading phrase: "on Citeseer, does GCN outperform GAT".
static EMBEDDED_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"\b(does|do|did|is|are|was|were|has|have)\b[^?]{{0,60}}\b({OUTPERFORMS}|{UNDERPERFORMS})\b"))
});

/// Words saying one model does better than another, shared with the verdict, which reads
/// the claim's direction from them.
pub const OUTPERFORMS: &str =
    r"outperform\w*|beat|beats|beaten|surpass\w*|exceed\w*|better than|higher than|superior to|more accurate than|stronger than|edges? out|ahead of|in front of|outscor\w*|outdo\w*|outdid|improv(?:es|ed)\s+(?:up)?on";
/// Words saying one model does worse than another.
pub const UNDERPERFORMS: &str =
    r"worse than|lower than|inferior to|less accurate than|weaker than|underperform\w*|trails?|lags? behind|(?:is|are|was|were|falls?|fell) behind|falls? short of|fell short of";
/// Auxiliary openers that make a request, not a claim: "can you list", "are there".
static REQUEST_OPENER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(is there|are there|was there|were there|can you|could you|can i|could i|do you|would you|will you|does anyone|do any|is anyone|are any)\b")
});
/// "Which one is the wrong one?": asks of what the sentence before it names.
/// So does "What is it exactly?" after "the best F1 on D is around 95."
static WHICH_ONE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^which\s+(?:one|of them)\s+is\s+the\s+(?:wrong|right|correct|real|actual)\s+one\b|^(?:what|which)\s+(?:is|was)\s+(?:it|that|this)(?:\s+(?:exactly|then|really|actually|precisely))?\s*\?\s*$"));
static LEADING_CONTEXT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(for|as|in|regarding|re|context)\b[^,:?]{0,60}[,:]\s+|^(i'm|i am|we're|we are|i've|we've)\b[^.?!]{0,120}\.\s+"));
/// `question` without a context opening it ("For my thesis, ...", "as a reviewer: ...", "I'm
/// new to this. ..."), when more than a tag follows.
pub fn without_leading_context(question: &str) -> &str {
    let lowered = question.to_lowercase();
    match LEADING_CONTEXT.find(&lowered) {
        // Offsets into the lowered copy hold for the question while lowering kept its length.
        Some(m) if lowered.len() == question.len() && !WH_WORD.is_match(m.as_str()) && question.get(m.end()..).is_some_and(|rest| rest.split_whitespace().count() > 2) => &question[m.end()..],
        _ => question,
    }
}
/// "Now that Wendrel-S is out, Zephyrine-L isn't the top model anymore, right?": the clause
/// before the comma sets the scene (a model's paper out, a result published); the claim is
/// what follows it, and naming the newcomer makes it no side of the claim.
pub fn after_scene(question: &str) -> Option<&str> {
    static SCENE: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:now\s+that|given\s+that|seeing\s+(?:as\s+|that\s+)?|with)\s+[^,?]{3,80}?(?:\s+(?:is|are|was|were|has\s+been|have\s+been))?\s+(?:out|released|published|available|public)\s*,\s*")
    });
    let rest = &question[SCENE.find(question)?.end()..];
    (rest.split_whitespace().count() >= 4).then_some(rest)
}

/// "PimbraFormer is still in the top three on BenchMira, isn't it? Where does it rank now?":
/// a claim, tagged, with a question after it. The claim is what is checked (the verdict's
/// facts answer the question after it as far as they go); its sentence, tag included, or
/// `None` when the message opens with no tagged claim.
pub fn tagged_claim(question: &str) -> Option<&str> {
    static FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^[^?]{8,}?,\s*(?:isn['’]t it|wasn['’]t it|doesn['’]t it|didn['’]t it|hasn['’]t it|aren['’]t they|weren['’]t they|don['’]t they|didn['’]t they|haven['’]t they|right|correct|true|no|yes|surely)\s*\?")
    });
    let m = FIRST.find(question)?;
    // Another question follows, not a statement ("I think it is from 2021.").
    let rest = question[m.end()..].trim();
    (rest.split_whitespace().count() >= 2 && rest.ends_with('?')).then(|| question[..m.end()].trim())
}

/// "Is there any model within a point of the leader on D?": whether a model other than the
/// best is that close to it. The margin, or `None` when the question asks no such thing.
pub fn near_leader_asked(question: &str) -> Option<f64> {
    static NEAR_LEADER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:is\s+there|are\s+there|is|does|has|did)\s+(?:any|some|a|another|anything|anyone|anybody)\b(?:\s+(?:other\s+)?(?:models?|systems?|methods?|entr(?:y|ies)|ones?|results?))?\b[^?.]{0,40}?\bwithin\s+(half a|half|a|one|two|three|four|five|\d+(?:\.\d+)?)\s*(?:(?:[a-z][\w-]*\s+){0,2}points?|pp|pts?)?\s+of\s+(?:the\s+)?(?:leader|best|top|first\s+place|record|sota|state\s+of\s+the\s+art|number\s+one|#1)\b")
    });
    let n = NEAR_LEADER.captures(question)?[1].to_lowercase();
    match n.as_str() {
        "a" => Some(1.0),
        "half" | "half a" => Some(0.5),
        n => n.parse::<f64>().ok().or_else(|| super::extract::count_word(n).map(|k| k as f64)),
    }
}

/// "Since Tavrosa leads BenchMira these days, what is the DOI of its paper?": a question
/// resting on a claim that a model is the best. The claim is checked first (a false premise
/// is corrected, not answered as if it held); `None` when the question rests on none.
pub fn best_premise(question: &str) -> Option<&str> {
    static PREMISE: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^(?:[^:?]{0,80}:\s*)?(?:since|now that|given that|seeing that|as)\s+([^,?]{6,120}?)\s*,\s*(?:what|which|who|whose|when|where|how|can|could|should|do|does|is|are)\b")
    });
    static BEST_WORDS: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:leads?|leading|best|highest|lowest|top|tops|record|state of the art|sota|on top|number one|ahead)\b")
    });
    // "X has topped D since 2020 - what accuracy is it holding the record with?": a
    // statement that a model leads, then the question resting on it.
    static STATED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^([^?.:;—–]{6,120}?)\s*(?:—|–|\s-\s|;|:|\.)\s+(?:what|which|who|whose|when|how)\b"));
    static LEADS: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:has|have)\s+(?:held|led|topped|been\s+(?:the\s+)?(?:best|top|leader|state of the art|sota))\b|\b(?:holds|leads|tops)\b|\bis\s+(?:the\s+|now\s+the\s+|still\s+the\s+)?(?:best|state of the art|sota|top|leader)\b")
    });
    if let Some(c) = PREMISE.captures(question) {
        let premise = c.get(1)?;
        return BEST_WORDS.is_match(premise.as_str()).then_some(premise.as_str());
    }
    // Only a lead held since a year: "X still tops D. Who's closest?" asks about the board,
    // which the premise's verdict alone would not answer.
    static SINCE_YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bsince\s+(?:its\s+|the\s+)?(?:19|20)\d\d\b"));
    let premise = STATED.captures(question)?.get(1)?.as_str();
    (LEADS.is_match(premise) && SINCE_YEAR.is_match(premise)).then_some(premise)
}

/// "X beat Y on D; was the margin more than a full point?": the statement with the margin
/// asked about, as one claim ("X beat Y on D by more than a full point"). `None` when the
/// question asks no margin of a statement before it.
pub fn margin_asked(question: &str) -> Option<String> {
    static ASKED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\s*([^?;]{8,160}?)\s*(?:;|,|—|–|\s-\s|\.)\s*(?:but\s+|and\s+|so\s+)?(?:was|is|were|did)\s+(?:the\s+|its\s+|that\s+)?(?:margin|gap|difference|lead|win)\s+(?:really\s+|actually\s+)?(more than|bigger than|larger than|greater than|over|above|at least|less than|smaller than|under|below|at most|within)\s+([^?]{1,60}?)\s*\??\s*$")
    });
    // "When X posted 8.1 on D, was that more than a 10% relative reduction on the previous
    // record?": the event, and the margin asked of it.
    static WAS_THAT: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\s*(?:when|after)\s+([^?,]{8,160}?)\s*,\s*(?:was|is)\s+(?:that|it|this)\s+(?:really\s+)?(more than|bigger than|larger than|greater than|over|above|at least|less than|smaller than|under|below|at most|within)\s+([^?]{1,80}?)\s*\??\s*$")
    });
    let c = ASKED.captures(question).or_else(|| WAS_THAT.captures(question))?;
    let bound = match c[2].to_lowercase().as_str() {
        "more than" | "bigger than" | "larger than" | "greater than" | "over" | "above" => "more than",
        "less than" | "smaller than" | "under" | "below" => "less than",
        other => match other {
            "at least" => "at least",
            "at most" => "at most",
            _ => "within",
        },
    };
    Some(format!("{} by {bound} {}", c[1].trim(), c[3].trim()))
}

/// The question proper after sentences that only set the scene: "We're picking a backbone
/// for an on-board monitor, and the vendor pushes Wendrel-S. Which model has the highest
/// accuracy on BenchMira?" asks the second sentence. The scene is set aside when it ends
/// with a full stop and what follows opens as a question or a request and says more than a
/// tag ("Right?" keeps the statement before it). A question of one sentence is itself.
pub fn asked_part(question: &str) -> &str {
    let question = before_asides(question);
    // A full stop ("!" closes names too: "Atari 2600 Pitfall! dataset"); or a semicolon,
    // ", but" or a dash after a scene the asker opens about themselves or someone they
    // know ("we fine-tuned bert last month; what has xlnet been evaluated on?", "my advisor
    // likes resnet, but for cifar-10 which model is on top?"). A board or two models
    // before a dash are what is asked about ("D - which model leads?").
    static SCENE_END: LazyLock<Regex> = LazyLock::new(|| re(r#"\.["'”’)]*\s+|;\s+|,\s+but\s+|\s[-–—]\s+"#));
    static PERSONAL: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:i|i'm|i’m|i've|i’ve|i'd|i’d|we|we're|we’re|we've|we’ve|my|our|a\s+(?:colleague|friend|reviewer|labmate|coworker|student)|the\s+(?:authors?|reviewers?)|someone|somebody|people)\b")
    });
    // "... the doi of the xlnet paper. could u find it?": a request that only points back
    // asks what the sentence before says.
    static POINTS_BACK: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:find|get|check|confirm|verify|look|help|tell|give|dig)\b(?:[^?]{0,20}|[^?]{0,40}\b(?:it|its|that|this|them|their)\b[^?]{0,25})|any\s+(?:idea|ideas|clue|pointers?|help)\b[^?]{0,12})\s*\??\s*$")
    });
    static OPENS_A_QUESTION: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|has|have|had|can|could|would|will|should|tell|list|name|give|show|find|please|(is|are|was|were|does|do|did|has|have|had)n['’]?t)\b")
    });
    // "et al.", "e.g.", "vs.", an initial: a full stop that ends no sentence.
    let abbreviation = |before: &str| {
        let word = before.rsplit(|c: char| c.is_whitespace() || c == '(').next().unwrap_or("").to_lowercase();
        (word.chars().count() == 1 && word.chars().all(char::is_alphabetic)) || ["al", "e.g", "i.e", "vs", "cf", "etc", "fig", "eq", "no", "approx", "resp"].contains(&word.as_str())
    };
    let mut rest = question;
    let mut from = 0;
    while let Some(m) = SCENE_END.find_at(rest, from) {
        if abbreviation(&rest[..m.start()]) {
            from = m.end();
            continue;
        }
        let after = &rest[m.end()..];
        // "we're citing the X paper; which doi should our bib entry carry?", "i'm looking for
        // a dataset on T - does the graph have one?", "a reviewer told us X leads D; is the
        // reviewer right?": after a softer break, a question of what the scene names.
        static OF_THE_SCENE: LazyLock<Regex> = LazyLock::new(|| {
            re(r"^(?:(?:which|what)(?:'s|’s|\s+is|\s+are|\s+was)?\s+(?:the\s+|its\s+|their\s+)?(?:doi|dois|year|title|authors?|venue)\b|(?:does|do|did)\s+(?:the\s+graph|the\s+kg|it|you)\s+(?:have|hold|list|record|know)\s+(?:one|it|any|them|that|this)\b|(?:is|was|are|were)\s+(?:that|this|it|he|she|they|the\s+\w+)\s+(?:right|correct|true|accurate)\b)")
        });
        if !m.as_str().starts_with('.') && (!PERSONAL.is_match(&rest.trim_start().to_lowercase()) || OF_THE_SCENE.is_match(&after.to_lowercase())) {
            from = m.end();
            continue;
        }
        let asks = (OPENS_A_QUESTION.is_match(&after.to_lowercase()) || after.trim_end().ends_with('?')) && !POINTS_BACK.is_match(&after.to_lowercase());
        // "X led D as of 2021. Or had somebody passed it by then?": a second guess of the
        // statement before, which is what is asked.
        // So does "which one is the wrong one?", which asks of what the sentence before names.
        let second_guess = after.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("or ")) || PUSHBACK.is_match(&format!(". {}", after.to_lowercase())) || WHICH_ONE.is_match(after);
        if rest[..m.start()].contains('?') || after.split_whitespace().count() < 4 || !asks || second_guess || points_back(&rest[..m.start()], after) {
            break;
        }
        rest = after;
        from = 0;
    }
    rest
}

/// Whether a question asks of what the sentence before it names: "What accuracy is
/// published for it there?", "Which of the two is ahead there?", "Which paper does the
/// graph attach it to?", "Which such papers are on record?". It points back ("it", "the
/// two", "such") and names nothing of its own: no word after its first has
/// a capital or a digit, but for a metric's ("Accuracy") and "I". The scene names
/// something so written; in a message typed all in lowercase capitals tell nothing ("i've
/// built a text classifier; which datasets should i evaluate it on?").
fn points_back(scene: &str, ask: &str) -> bool {
    // ("There" alone points at a place, the board, which the question proper reads
    // anyway: "PimbraFormer was on top of BenchMira around 2018. Who is on top there
    // now?" asks of the board, not of the model the scene names.)
    static POINTER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:it|its|the\s+two|such|them|the\s+former|the\s+latter)\b"));
    // "On which datasets does it have a score?" asks of its subject what the question
    // proper asks, scene or not.
    static THERE_IS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:does|did|do|has|had|is|was|can|could|would|will)\s+it\b"));
    static METRIC: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)^(?:{METRIC_WORDS}|score)\W*$")));
    // The asker's own scene ("I'm making a bar chart for D. Which three models have the
    // highest F1 there?") sets the context the question proper is read in, as before.
    static OWN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\s*(?:i|i'm|i’m|i've|i’ve|i'd|i’d|we|we're|we’re|we've|we’ve|my|our)\b"));
    let named = |text: &str| text.split_whitespace().skip(1).any(|w| w != "I" && w.chars().any(|c| c.is_uppercase() || c.is_ascii_digit()) && !METRIC.is_match(w));
    let cased = ask.trim_start().chars().next().is_some_and(char::is_uppercase);
    cased && !OWN.is_match(scene) && POINTER.is_match(&THERE_IS.replace_all(ask, "")) && !named(ask) && named(scene)
}

/// The message from where its question proper ([`asked_part`]) starts: the scene before it
/// dropped, whatever follows it kept.
pub fn from_question_proper(question: &str) -> &str {
    let part = asked_part(question);
    question.find(part).map_or(question, |at| &question[at..])
}

/// "X's paper ran on D, yet it's missing from your chrF ranking there. On which datasets
/// does it have a score?": the question proper asks for boards and names none of the
/// `datasets` the scene names; the one said to be missing is not where the answer is looked
/// for.
pub fn boards_asked_after_scene<'a>(question: &str, mut datasets: impl Iterator<Item = &'a str>) -> bool {
    let part = asked_part(question);
    if part.len() == question.len() {
        return false;
    }
    let part = part.to_lowercase();
    (ASKS_DATASETS_PART.is_match(&part) || ASKS_DATASETS.is_match(&part)) && !datasets.any(|d| part.contains(&d.to_lowercase()))
}

/// The message up to its last question mark when only statements follow it: they hedge or
/// say why ("Which three models lead D? I think one table had X at 97, which seems high."),
/// and a name in them is not what is asked. A short opener keeps what follows ("Quick
/// question? X beats Y on D."), as does a question mark that ends no sentence (a quoted
/// title's).
pub fn before_asides(question: &str) -> &str {
    let Some(end) = question.trim_end().rfind('?') else { return question };
    let (asked, after) = question.split_at(end + 1);
    let follows = after.trim_start();
    if follows.is_empty() || !after.starts_with(char::is_whitespace) || !follows.starts_with(|c: char| c.is_alphanumeric()) {
        return question;
    }
    if asked.split_whitespace().count() < 5 {
        return question;
    }
    // A follow-up may lack its mark ("... ? if not, who took over"). After a yes/no
    // question the statement may be the claim itself ("Has anyone beaten X's 34.2? The
    // draft says it is still unbeaten."); after a question for something ("which", "what
    // year") it is an aside whatever it says.
    let sentence = asked[..end].rsplit(['.', '?', '!', ':', ';']).next().unwrap_or(asked);
    static FOLLOW_UP: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:if|and|or|also|plus|then|so)\b"));
    static A_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
        re(r"\b(?:says?|said|wrote|writes|claims?|claimed|draft|unbeaten|still|the best|the record|beats?|outperforms?|leads?|is better|is worse)\b")
    });
    let lowered = follows.to_lowercase();
    let yes_no = !WH_WORD.is_match(&sentence.to_lowercase());
    if WH_OPENER.is_match(&lowered) || FOLLOW_UP.is_match(&lowered) || (yes_no && A_CLAIM.is_match(&lowered)) {
        return question;
    }
    asked
}

/// A sentence after the question that only says why it is asked: "i'd like to get the
/// chronology right.", "thanks!".
static TRAILING_CONTEXT: LazyLock<Regex> =
    LazyLock::new(|| re(r"\?\s+(i'd like|i would like|i want|i need|thanks|thank you|cheers)\b[^?]*$"));
static WH_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"\b(which|what|who|whom|whose|when|where|why|how)\b"));
static WH_OPENER: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:(?:on|in|for|at|across|by) (?:which|what|how many)\b|(what|which|who|whom|whose|when|where|why|how|list|name|give|show|provide|find|tell)\b)"));
/// "What methods does paper X use": usage, even when a title is quoted.
static METHODS_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what) (methods|techniques|approaches|models|architectures|algorithms)\b.{0,120}\b(use|uses|used|employ|employs|employed|apply|applies|applied|rely on|relies on|build on)\b")
});
/// Whether a question asks for the methods one paper uses, the paper named by its title
/// ("What methods does the paper 'Attention Is All You Need' use?", "which models did the
/// dueling network paper use?"): a method usage, answered from that paper's record.
pub fn asks_paper_methods(question: &str) -> bool {
    let q = question.to_lowercase();
    METHODS_OF.is_match(&q) && (quotes_a_title(question) || THE_PAPER.is_match(&q)) && !COMPARISON.is_match(&q) && !EVALUATED_ON.is_match(&q)
}

static CLAIM_VERB: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(outperform\w*|beat|beats|surpass\w*|exceed\w*|better|worse|higher|lower|more accurate|less accurate|achiev\w*|reach\w*|obtain\w*|score[sd]?|attain\w*|state[- ]of[- ]the[- ]art|sota|best|top|superior|inferior|improve[sd]?|than)\b|\d")
});
/// "Is X any good on D?", "how good is X on D?": how X does there, asked (its place on the
/// board answers it, `trust::standing`); no statement to judge.
pub fn asks_how_good(question: &str) -> bool {
    static HOW_GOOD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:is|are|was|were)\s+[^?]{1,60}?\s+any\s+good\b|\bhow\s+good\s+(?:is|was|are|were)\b[^?]{1,60}?\s+(?:on|at|for)\s"));
    HOW_GOOD.is_match(question)
}

/// Whether the question names a research problem as one ("the papers that address the
/// research problem T"): what is filed under it is asked, not what its words find.
pub fn names_research_problem(question: &str) -> bool {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bthe\s+research\s+problems?\s+(?:of\s+|called\s+|named\s+)?\S"));
    NAMED.is_match(question)
}

/// Whether the question asks where a model comes from: "who came up with X?", "which
/// paper introduced X?", "the original paper".
pub fn asks_origin(question: &str) -> bool {
    static ORIGIN: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\bwho\s+(?:came up with|invented|created|developed|designed|proposed|introduced)\b|\b(?:which|what|the)\s+(?:paper|work|publication)\s+(?:that\s+|which\s+)?(?:proposed|introduced|presented|first|describes|described|introduces|proposes|presents)\b|\b(?:paper|work|publication)\s+(?:where|in\s+which)\s+[^?.]{1,40}?\s+(?:was|were)\s+(?:first\s+)?(?:proposed|introduced|presented)\b|\b(?:was|were)\s+(?:first\s+|originally\s+)?(?:proposed|introduced|presented)\s+(?:in|by)\s+(?:which|what)\s+(?:paper|work|publication|article)\b|\boriginal\s+paper\b")
    });
    ORIGIN.is_match(question)
}

static LOOKUP: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"10\.\d{4,9}/\S+|\bdoi\b|\b(?:two|several|different|conflicting)\s+(?:different\s+)?dois\b|who (wrote|authored|published|are the authors)|\bauthors? of\b|\bwritten by\b|when was .{3,}\b(published|released|written)|\bwhere (?:was|did) .{3,}\b(?:published|appear(?:ed)?|presented)\b|publication (year|date|month)|year of (publication|the paper)|what year (did|was)|\b(which|what) (month|year|date)\b.{0,80}\b(published|released|appear\w*)\b|\b(come|came) out\b|\barxiv id\b|\bcitation (for|of)\b|\bcite\b|\bbibtex\b|\bbibliographic\b|\bvenue\b|who are (its|the) authors|(paper|article) (titled|called|named|entitled)|title of the paper|\b(full|exact|complete|precise|official|actual)\s+(paper\s+)?title\b|(details|information|metadata) (of|about|on|for) (the )?(paper|article)|(find|look ?up|show|get|open|retrieve) (me )?the (paper|article)|what year was|in which year was|which venue|published in which|\bpaper(?:'s)?\s+(?:year|date|publication year)\s*\??\s*$|\bpaper(?:'s)?\s+(?:authors?|author list)\b|[-–—:,]\s*when\s+(?:was\s+it\s+)?(?:published|released|written)\s*\??\s*$"#)
});
/// A value disputed or missed: "where did that number go?", "which of the two is wrong?",
/// "why was it removed?", "it has vanished from your answer" ("why are you hedging on
/// that?" after a claim asks to have the claim judged).
static DISPUTE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:where|what)\s+(?:did|has|had|have)\s+(?:that|this|the|it|its|their)\b[^?]{0,30}\b(?:go|gone|went|happened)\b|\bwhat\s+happened\s+to\b|\bwhich\s+of\s+(?:the|these|those)\s+(?:two|numbers|values|figures|scores|results)\b[^?]{0,40}\b(?:wrong|right|correct|true|trust|believe)\b|\bwhy\b[^?]{0,60}\b(?:removed|dropped|missing|vanish\w*|ignored|left out|set aside|thrown out|discarded)\b|\b(?:vanished|disappeared|gone missing)\b")
});
/// A claim pushed back on after it is stated: "X leads D: its paper says so. Why won't you
/// confirm that?", "... Why wouldn't that count?", "Why are you hedging on that?". The
/// statement before it is the claim asked about.
static PUSHBACK: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?:^|[.!?:;]\s+)(?:so\s+|then\s+)?why\s+(?:(?:won['’]?t|wouldn['’]?t|don['’]?t|doesn['’]?t|can['’]?t|isn['’]?t)\s+(?:you|that|it|this|the graph)\b|are\s+you\s+(?:hedging|unsure|not sure|doubting|waffling))[^?]*\?\s*$")
});
/// "Why won't you just say X beats Y there?": a claim the asker wants said.
static SAY_IT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bwhy\s+(?:won['’]?t|wouldn['’]?t|don['’]?t|can['’]?t|not)\s+(?:you\s+)?(?:just\s+|simply\s+)?(?:say|confirm|agree|admit|accept|write)\s+(?:that\s+)?([^?]{6,})\?\s*$")
});
/// "what accuracy should I cite?": a value to cite is a result asked for, not a paper.
static VALUE_TO_CITE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:what|which)\s+(?:\w+\s+){0,2}?(?:accuracy|score|number|value|figure|result|f1|bleu|wer|miou)\s+(?:should|do|can|would|could|shall)\s+(?:i|we)\s+(?:\w+\s+)?cite\b")
});
/// A named model's own results asked for with no board: "What results does the X system
/// get?", "what are X's scores?", "just the performance numbers".
static OWN_RESULTS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?:what|which)\s+(?:results?|scores?|numbers?|performance(?:\s+numbers)?)\s+(?:does|did|do|has|have)\b|^what\s+(?:did|does|do)\s+[^?]{1,40}?\s+(?:score|get|achieve|reach|obtain)\s*\??$|^what\s+(?:are|were)\s+[^?]{1,40}?['’]s?\s+(?:results?|scores?|numbers?|performance(?:\s+numbers)?)\s*\??$|\bperformance\s+numbers\b|^(?:all|every one)\s+of\s+[^?]{1,40}?['’]s?\s+(?:results|numbers|scores)\b")
});
/// A name and a results word, nothing else asked: "bit-l numbers", "a3c ff hs all results",
/// "X numbers on every dataset it was run on" (read with no other ask, [`OTHER_ASK`]).
static BARE_RESULTS: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[^?]{2,60}?\s+(?:all\s+)?(?:results|numbers|scores)(?:\s+(?:on|across|for)\s+(?:every|all|each|any)\b[^?]*)?\s*\??$"));
/// "Why does X beat Y on D?": a premise about two models' standing, answered with where
/// they stand (the premise may be false; `trust::standing` reads it as a challenge).
pub fn asks_why_beats(question: &str) -> bool {
    WHY_BEATS.is_match(question)
}
static WHY_BEATS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\bwhy\s+(?:does|did|do|would|is|was)\b[^?]{1,60}?\b(?:beat|beats|beating|outperform|outperforms|outperforming|outscore|outscores|do\s+better\s+than|does\s+better\s+than|score\s+higher\s+than|scores\s+higher\s+than|better\s+than|ahead\s+of)\b")
});
/// A request for advice on a board: "which one should I use for D?", "what would you
/// recommend on D?". The rules give none; the board's standing best is what the graph says.
static RECOMMEND: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:which|what)\s+(?:(?:one|models?|systems?|methods?|networks?|algorithms?|approach(?:es)?|architectures?)\s+)?(?:should|would|could|do)\s+(?:i|we)\s+(?:use|pick|choose|go\s+with|try|adopt|start\s+(?:with|from)|look\s+at|consider)\b|\b(?:which|what)\s+(?:(?:one|model|system|method|network|algorithm|approach|architecture)\s+)?(?:would|do|should)\s+you\s+(?:recommend|pick|choose|suggest|use|go\s+with)\b|\bwhat\s+to\s+(?:use|pick|choose)\s+(?:for|on)\b")
});
/// "What's the number to beat on D?", "what score do I need to beat on D?", "how high do
/// models get on D?": the board's standing best, asked by someone who means to pass it.
static TO_BEAT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:number|score|result|value|bar|figure|sota|record|mark)s?\s+(?:to\s+(?:beat|top|surpass|exceed|clear|pass)|(?:that\s+)?(?:i|we|you)\s+(?:need|have|must|would\s+need|['’]d\s+need)\s+to\s+(?:beat|top|surpass|exceed|clear|pass|reach))\b|\b(?:do|does|would)\s+(?:i|we|you|one)\s+(?:need|have)\s+to\s+(?:beat|top|surpass|exceed|clear|pass|reach)\b|\bhow\s+(?:high|far|well|good)\s+(?:do|does|did|can|have|has)\s+(?:the\s+)?(?:models?|systems?|methods?|people|approaches|things|results?|scores?|agents?)\s+(?:get|go|gone|score|reach|reached|do|done|gotten|got|come)\b|\bwhat(?:['’]s|\s+is)\s+the\s+bar\s+(?:on|for)\b")
});
/// "What baselines should I compare against on D?", "the usual baselines for T": the
/// models evaluated there, not a comparison of them.
static BASELINES_ASKED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bbaselines?\s+(?:should|do|would|could|to|for|on|i|we|people|are)\b|\b(?:what|which|any)\s+(?:are\s+(?:the\s+)?)?(?:(?:usual|standard|common|typical|good|main|strong|obvious|reasonable)\s+)?baselines?\b|\b(?:usual|standard|common|typical|obvious)\s+baselines\b")
});
/// A quoted title; a single quote only opening after no letter and closing before none, so
/// the apostrophes of "I'm new to X. What's ..." quote nothing.
/// "any X paper from 2014?", "some paper on X": a request for whatever fits.
static ANY_OPENER: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:any|some|a|an)\b"));
/// Asked as a question or with a tag: "..., right", "...?".
static ASKED_OR_TAGGED: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\?\s*$|\b(?:right|correct|true|yes|no|yeah)\s*[?.!]*\s*$"));
/// Papers asked for in the plural: a request, never one paper's year stated.
static PLURAL_PAPERS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:papers|pubs|articles|studies|publications|works|refs|references)\b"));
static QUOTED_TITLE: LazyLock<Regex> =
    LazyLock::new(|| re(r#"["“][^"“”]{12,}["”]|(?:^|[^\w'’])['‘][^"“”'‘’]{12,}['’](?:$|[^\w])"#));
/// Whether the question quotes a title, not words quoted from what someone wrote
/// ([`super::extract::quoted_from_a_text`]).
fn quotes_a_title(question: &str) -> bool {
    QUOTED_TITLE.find_iter(question).any(|m| {
        let quoted = m.as_str().trim_matches(|c: char| !c.is_alphanumeric());
        !super::extract::quoted_from_a_text(&question[..m.start()], quoted)
    })
}
static COMPARISON: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(high[- ]?scores?|highest|lowest|higher|lower|best|worst|top|tops|topped|how well|how good|how strong|any good|state[- ]of[- ]the[- ]art|sota|leaderboard|leaderbord|who'?s first|who is first|in first place|outperform\w*|compare[sd]?|comparing|comparison|versus|vs\.?|better|worse|rank|ranks|ranked|winning|wins|stronger|weaker|strongest|most accurate|performs? best|performed best|top[- ]performing|maximum|max|peak|record|leading|leads|led|leaders?|ahead|in front|in the lead|stacks? up|differ|differs|difference in perf\w*|(?:gap|margin|difference)\s+between|by\s+how\s+much|how\s+far\s+(?:ahead|behind))\b|\b(?:fewest|smallest|least|lowest|most|largest|biggest)\s+(?:number\s+of\s+)?(?:params|parameters|flops|macs)\b|\bleast\s+(?:[\w-]+\s+){0,2}?(?:error|errors|perplexity|loss|bpc|wer)\b|\b(?:smallest|largest|biggest|lightest)\s+(?:model|system|network)\b[^?]{0,40}\bby\s+(?:number\s+of\s+|the\s+)?(?:params|parameters|flops|macs|size)\b")
});
static NOT_COMPARISON: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(best[- ]known|best practices?|top[- ]cited|most (commonly|frequently|widely) used|most common|most popular|well[- ]known)\b"));
/// "papers on building speech corpora": a request for papers, whatever their topic names.
static PAPERS_ON: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:any |some |find |show me |list |give me )?(?:papers|articles|publications|research|studies|literature)\s+(?:on|about|into|regarding)\b"));
static ASKS_DATASETS: LazyLock<Regex> = LazyLock::new(|| {
    // Plural "datasets" asks for datasets; a singular one only right after which/what
    // ("evaluated on the X dataset" names a dataset, it does not ask for one).
    re(r"\b(datasets|corpora|data sets)\b|\b(which|what)(?:'s|\s+is|\s+are)?\s+(\w+\s+){0,3}(dataset|corpus|data set|benchmarks)\b|\b(which|what)\s+(?:other\s+)?(?:boards|leaderboards)\s+(?:report|use|list|record|rank\s+by|measure|carry)\b|\b(which|what)\s+(?:other\s+)?(?:\w+\s+)?(?:boards|leaderboards|games)\s+(?:was|were|is|are|did|does|do|has|have)\b[^?]{0,60}\b(?:run|ran|evaluated|tested|benchmarked|used|share|in\s+common)\b|\b(a|any|some|good|suitable|public)\s+(dataset|corpus|benchmark)s?\s+(for|on|about|of|to)\b|\bbenchmarks\W*$|\b(any|some)\s+(\w+\s+){0,2}benchmarks\b|^(the |any |some )?benchmarks (for|used for|in|on|of)\b|\bbenchmarks\s+(?:that\s+|which\s+)?(?:people|researchers|folks|everyone|most papers|papers)\s+(?:use|report on|evaluate on|test on)\b|\bwhere\s+(?:can|could|should|do|would)\s+(?:i|we|one|you)\s+(?:test|evaluate|benchmark)\s+(?:a|an|my|our|the)\s")
});
/// A board said to be measured by a metric: "D is measured by M", "D reports both M and N".
static BOARD_MEASURED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?P<board>[^?]{2,80}?)\s(?:(?:is|are|was|were|gets?|got)\s+(?:only\s+|just\s+|mainly\s+)?(?:measured|evaluated|scored|assessed|ranked|benchmarked|reported)\s+(?:by|with|using|in|via)\b|(?:reports|uses|records|lists|tracks)\s+(?:both\s+|only\s+|just\s+)?(?:the\s+)?[^\s?])")
});
/// A yes-or-no on what a board or a model is for: "is SQuAD1.1 a benchmark for question
/// answering?", "was BERT evaluated on NER?", "does IMDb serve as a dataset for sentiment
/// analysis?".
static USED_FOR_ASKED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:is|are|was|were|does|do|did|has|have)\s+(?P<subject>[^?]{1,80}?)\s+(?:(?:been\s+)?(?:used|employed|applied|evaluated|tested|benchmarked|tried)\s+(?:as\s+an?\s+(?:benchmark|dataset)\s+)?(?:for|on|in|to)|an?\s+(?:benchmark|dataset)\s+(?:for|of|in)|serve\s+as\s+an?\s+(?:benchmark|dataset)\s+(?:for|of))\s")
});
static ASKS_METRICS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what|list|name|show|give|provide|enumerate)\b.{0,40}\b(metrics?|measures?|evaluation criteria)\b|\b(evaluation|performance) metrics?\b|\bmetrics? (are |were )?(used|reported|employed|adopted)|\bmetrics of evaluation\b|\bmetrics\W*$|^(evaluation )?metrics? (for|on|of|used on|used for)\b|^(the |evaluation )?metrics (people|papers|researchers|authors|they) (report|use)\b|\bhow\s+many\s+(?:distinct\s+|different\s+|evaluation\s+)?metrics\b|^\W*(?:what|which)\s+(?:is|are)\s+[^?]{1,60}?\s+(?:evaluated|measured|scored|assessed|judged)\s+(?:with|by|using|in)\W*$|^\W*how\s+(?:is|are)\s+(?:results\s+on\s+)?[^?]{1,60}?\s+(?:measured|scored)\W*$")
});
static ASKS_PROBLEMS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what|list|name|show|give|provide|enumerate)\b.{0,40}\b(research problems?|problems|tasks)\b|^(research )?(problems|tasks) (tackled|addressed|solved|studied|handled)\b|\b(which|what)\s+(research\s+)?(task|problem)\s+(is|does|did|was|are)\b")
});
/// Papers or models asked of a problem named as one: "list the papers that address the
/// research problem X", "which models are used for the research problem X" ask for papers
/// and models, though a problem is named after "list" and "which".
static ASKED_OF_PROBLEM: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:papers|publications|articles|works|studies|literature|models|methods|approaches|systems|algorithms|techniques)\b[^?]{0,30}?\b(?:address(?:es|ing)?|tackl\w*|solv\w*|stud(?:y|ies|ying)|on|about|for|under|in|(?:linked|related|connected|relevant|attached|belong(?:s|ing)?)\s+to|relat(?:e|es|ing)\s+to|associated\s+with|filed\s+under)\s+(?:the\s+)?(?:research\s+)?(?:problem|task)\b")
});
/// Research problems as the head of the question ("what tasks is CoNLL 2003 used for?",
/// "which research problems is IMDb a benchmark for?"), or what a thing is used for ("what
/// is SNLI used as a benchmark for?"): not "which datasets are used for NER tasks".
static PROBLEMS_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^\W*(?:research\s+)?(?:problems|tasks)\s+(?:where|in\s+which|that|which|using|with)\b|^\W*(?:(?:and|so|ok|okay)\s+)?(?:which|what)\s+(?:(?:kinds?|sorts?|types?)\s+of\s+)?(?:research\s+)?(?:problems?|tasks?)\b|^\W*what\s+(?:is|are)\s+.{1,60}?\s+(?:used|employed|meant)\s+(?:as\s+an?\s+(?:benchmark|dataset|metric)\s+)?for\W*$|^\W*what\s+(?:is|are)\s+.{1,60}?\s+an?\s+benchmark\s+for\W*$")
});
/// Metrics as the head of the question: "which evaluation metrics are used on ...".
static METRICS_HEAD: LazyLock<Regex> = LazyLock::new(|| re(r"^\W*(?:which|what)\s+(?:evaluation\s+|performance\s+)?(?:metrics|measures)\b"));
static EVALUATED_ON: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(evaluated|evaluate|evaluates|benchmarked|benchmark|tested|test|assessed|trained|compared|measured|reported|report|run|experimented)\b.{0,20}\b(on|over|against|using|with)\b|\bbenchmarks? (on|over)\b|\b(have|has) (been )?(evaluated|benchmarked|tested)\b|\bperformed benchmarks\b|\b(contain|contains|include|includes|including) an? benchmark\b|\b(results?|scores?|numbers) (on|over|for)\b")
});
/// "benchmarked on X" says X is a benchmark even when X is not a known name.
static EXPLICIT_EVALUATED_ON: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(evaluated|evaluate|evaluates|benchmarked|tested) (on|over|against)\b"));
static USAGE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(use[sd]?|using|utili[sz]\w*|appl(y|ied|ies|ying)|employ\w*|adopt\w*|leverag\w*|rel(y|ies|ied) on|based on|build on|built on|implementation\w*|implement\w*|source code|code|github|repos?|repositor\w*|open[- ]?sourced?|report(s|ed|ing)?|which methods|what methods|what techniques|which techniques|what approaches|which approaches|methods? (are )?used)\b|\b(?:which|what)\s+(?:are|were)\s+(?:the\s+)?(?:main|key|common|typical|usual|popular|standard|major|different|existing|dominant|leading)\s+(?:methods|techniques|approaches|models|baselines)\b|\b(?:main|key|common|typical|usual|popular|standard|major|dominant)\s+(?:methods|techniques|approaches)\s+(?:to|for|in|on)\b|\bwith [^?]{1,40} results\b")
});
/// Whole words ("reported" holds "repo"); "source" alone asks for code ("the source for
/// X"), not in "source separation".
static ASKS_CODE: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(code|implementation\w*|github|repos?|repositor\w*|open[- ]?sourced?)\b|\bsource(?:\s+(?:for|of|link|links|url)\b|\s*[?.]|$)"));
/// What a board's results past a value are asked as, beside its models: "D results over
/// 80", "D scores over 80", "anything above 20 BLEU on D?".
/// The bound a question sets a board's results ([`super::extract::threshold`]), for
/// telling a listing from a claim: below a thousand, as those rules were written for. A
/// statement past "50,000" or "8k" (an Atari score) stays the claim it reads as; the
/// listing still reads the whole bound.
fn read_bound(question: &str) -> Option<super::extract::Threshold> {
    super::extract::threshold(question).filter(|t| t.value < 1000.0)
}

static RESULTS_PAST: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:results?|scores?|numbers|values|entries|anything|anyone|anybody|any\s+(?:models?|systems?|methods?|results?|scores?))\b"));
/// Words that quantify a board's models, making a statement about them a claim: "no model
/// on D gets above 90", "every model ...", "only two ...".
static QUANTIFIED: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:no|none|nobody|nothing|every|all|each|only|just)\b"));
static ASKS_MODELS: LazyLock<Regex> = LazyLock::new(|| {
    // An RL board's models are its agents ("what agents were evaluated on atari breakout");
    // not "multi-agent", a topic's word.
    re(r"\b(models?|methods?|systems?|approaches|approach|architectures?|algorithms?|techniques?|baselines?)\b|(?:^|[\s(])agents?\b")
});
static ASKS_SCORE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(score|scores|result|results|value|values|performance|accuracy|number|numbers|figure|figures)\b")
});
static WHICH_MODEL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(which|what|name the|indicate the|identify the|tell me the)\b.{0,25}\b(model|method|system|approach|architecture|algorithm)s?\b|\bperform(s|ed)? (the )?best\b|\bbest[- ]performing\b|\btop[- ]performing\b|\bwhich of [\w.+-]+\s*(,|and\b|or\b)|\b(smallest|largest|biggest|lightest)\s+(model|system|network)\b")
});
/// Papers asked for first, then their code: "which papers on D don't link any code?",
/// "T papers without code" (not "links to the code of the papers on D").
static PAPERS_BY_CODE: LazyLock<Regex> = LazyLock::new(|| re(r"^\W*(?:(?:which|what|list|show|find|any)\s+(?:\w+\s+){0,3}?)?(?:papers?|articles?|studies|publications?)\b"));
static ASKS_PAPERS: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(papers?|articles?|studies|study|works?|publications?|research)\b"));

/// Whether papers are asked for: "research" naming a problem or a field ("the research
/// problem X") asks for none.
fn asks_papers(q: &str) -> bool {
    static NAMING: LazyLock<Regex> = LazyLock::new(|| re(r"\bresearch\s+(?:problems?|fields?|areas?)\b"));
    ASKS_PAPERS.is_match(&NAMING.replace_all(q, " "))
}

/// The rule classifier, the one entry point: production and tests call it alike. The
/// entities matter: a bare "models on X" reads as a dataset question only when X is a
/// dataset; a yes/no question about named things is a claim to check; "which papers use
/// the X dataset" asks about a dataset when no method is named.
pub fn classify(question: &str, entities: &Entities) -> Classification {
    // A name holding a word the rules read as a request is a name: "Metric X" or "metric
    // learning accuracy" does not ask for metrics, "Dataset deep 6" for datasets, "Model
    // detection 2" for models. The rules read the question with such names set aside.
    let mut question = std::borrow::Cow::Borrowed(question);
    // A metric name holding "metric" anywhere ("metric learning accuracy"); a dataset or
    // model name only when it opens with its word: "Denoising Diffusion Probabilistic
    // Models" is a title in quotes, and stays one.
    let anywhere = |name: &str, word: &str| name.to_lowercase().contains(word);
    let opening = |name: &str, word: &str| name.to_lowercase().starts_with(word);
    let masked = entities.metrics.iter().filter(|n| anywhere(n, "metric"))
        .chain(entities.datasets.iter().filter(|n| opening(n, "dataset") || opening(n, "corpus")))
        .chain(entities.methods.iter().filter(|n| opening(n, "model")));
    for name in masked {
        question = std::borrow::Cow::Owned(question.replace(name.as_str(), "X"));
    }
    // "Is the X set in the graph, and which system has the lowest WER on it?": whether the
    // graph holds it is asked by the question that follows, not claimed.
    static HELD_AND: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^is (?:the |there (?:a |an |any )?)?[^,?]{1,80}?\bin (?:the )?(?:knowledge )?graph\s*(?:,\s*and\s+|\?\s+(?:and\s+|if so,?\s+)?)((?:what|which|who|how|when)\b.*)$")
    });
    if let Some(rest) = HELD_AND.captures(&question).and_then(|c| c.get(1)).map(|m| m.as_str().to_owned()) {
        question = std::borrow::Cow::Owned(rest);
    }
    // "SentEval in the graph - which metrics are recorded for it?", "Hypernetworks - which
    // tasks is it used for?": a board or a model named before a dash is what the question
    // after it asks of ("which metrics are recorded for SentEval?"), not a paper's title
    // ("levit: a vision transformer in convnets clothing - which models does it report").
    static NAME_THEN_ASK: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\s*(?:[^:?]{0,40}:\s*)?([^:?]{2,60}?)(?:\s+in\s+the\s+(?:knowledge\s+)?(?:graph|kg|orkg))?\s+[-–—]\s+((?:which|what|who|when|where|how)\b[^?]*\bit\b.*)$")
    });
    static IT: LazyLock<Regex> = LazyLock::new(|| re(r"\bit\b"));
    let named_then_asked = NAME_THEN_ASK.captures(&question).and_then(|c| {
        let (name, ask) = (c.get(1)?.as_str().trim(), c.get(2)?.as_str());
        entities.datasets.iter().chain(&entities.methods).any(|n| n.eq_ignore_ascii_case(name)).then(|| IT.replace(ask, name).into_owned())
    });
    if let Some(asked) = named_then_asked {
        question = std::borrow::Cow::Owned(asked);
    }
    // "The pop-art paper ran on Time Pilot; what other papers evaluated on Time Pilot?",
    // "besides the UNMT paper, which other papers report results on WMT2016 German-English?":
    // a board's papers, the one named being where the asker starts.
    if !entities.datasets.is_empty() && asks_other_papers(&question) {
        return Classification { query_type: QueryType::DatasetSearch, target: Target::Papers };
    }
    // "BiT reports 90.72% top-1 accuracy on ImageNet", "the best top-1 accuracy on ImageNet
    // is 88.61%", "OTF dict+spelling (single) comes with code": a statement to check, said
    // without asking.
    static STATED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:[\w.+()-]+\s+){1,8}?(?:reports?|reported|achieves?|achieved|scores?|scored|gets?|got|reaches|reached|obtains?|obtained|hits)\s+(?:an?\s+)?\d+(?:\.\d+)?\s*%?(?:\s|$)|^\W*(?:the\s+)?(?:best|top|highest|lowest|state[- ]of[- ]the[- ]art)\s+[^?]{1,60}?\s(?:is|was)\s+\d+(?:\.\d+)?\s*%?\s*[.!]?\s*$|\s(?:comes\s+with|has|ships\s+with|released)\s+(?:public\s+|open[- ]source\s+|its\s+)?(?:code|an?\s+implementation)\s*[.!]?\s*$")
    });
    // Not a list or a whole board ("every model on D comes with code": the code listing
    // answers it), nor a relative clause ("the dcase paper that released code").
    static LISTED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:(?:all|every|each)\s+(?:the\s+)?(?:papers?|models?|methods?|datasets?|benchmarks?|systems?|works?|results?)|papers|models|methods|datasets|benchmarks|systems|works|results)\b|\b(?:that|which|who|with)\s+(?:comes\s+with|has|ships\s+with|released)\b")
    });
    if !question.trim_end().ends_with('?') && !asks_openly(&question) && !LIST_REQUEST.is_match(&question) && !LISTED.is_match(&question) && STATED.is_match(&question) {
        return Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict };
    }
    // "is the Gemma paper (open models based on Gemini research) in the graph? year + doi
    // would be great": one paper, looked up; whether the graph holds it is what the lookup
    // finds. Asked yes or no: "what is the most recent paper on T in the graph?" asks for
    // a topic's papers.
    static PAPER_HELD: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)(?:^|[.?!:;]\s+|,\s*)(?:so\s+|and\s+)?(?:is|was)\s+(?:the|this|that|their|your|his|her)\s+[^?]{1,100}?\b(?:paper|study|article|preprint|publication)\b[^?]{0,60}?\bin\s+(?:the\s+)?(?:knowledge\s+)?(?:graph|kg|orkg)\b")
    });
    if PAPER_HELD.is_match(&question) {
        return Classification { query_type: QueryType::PaperLookup, target: Target::PaperDetails };
    }
    // "Does X come with publicly available code?": whether a statement holds, asked yes or
    // no (the answer lists the code it rests on). "Does X have code?" and "is there code for
    // X?" ask for the code.
    static COMES_WITH_CODE: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:does|did|do)\s+[^?]{2,80}?\s+(?:come|ship)\s+with\s+(?:any\s+|some\s+|its\s+|their\s+|an?\s+)?(?:publicly\s+available\s+|public\s+|open[- ]source\s+|released\s+)?(?:source\s+)?(?:code|implementations?)\b")
    });
    if COMES_WITH_CODE.is_match(&question) {
        return Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict };
    }
    // "does the graph have papers on image captioning?": a topic's papers asked for, no claim.
    static GRAPH_PAPERS_ON: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:(?:so|and|but|also|then),?\s+)?(?:does|do|did)\s+(?:the\s+)?(?:open\s+research\s+)?(?:knowledge\s+graph|graph|kg|orkg|you)\s+(?:have|hold|contain|list|include|know\s+of)\s+(?:any\s+|some\s+)?(?:papers?|work|works|articles?|publications?|studies|literature|research)\s+(?:on|about|regarding|covering|dealing\s+with|related\s+to|for)\s")
    });
    if GRAPH_PAPERS_ON.is_match(asked_part(&question)) {
        return Classification { query_type: QueryType::TopicSearch, target: Target::Papers };
    }
    // "other papers on the task X is used for": papers on a problem described by what it
    // holds (found first where the graph holds it), not a statement about X.
    if problem_described(&question).is_some_and(|d| d.papers && !d.boards) {
        return Classification { query_type: QueryType::TopicSearch, target: Target::Papers };
    }
    // "A vs B - which is older?": two papers put in order, not two models compared.
    if VERSUS_ORDER.is_match(&question) {
        return Classification { query_type: QueryType::PaperLookup, target: Target::PaperDetails };
    }
    let has_dataset = !entities.datasets.is_empty() && !boards_asked_after_scene(&question, entities.datasets.iter().map(String::as_str));
    // "f-1 on CommitmentBank?": a metric and a board and nothing else ask for the board's
    // best by the metric.
    if let ([board], [metric], true) = (&entities.datasets[..], &entities.metrics[..], entities.methods.is_empty()) {
        let mut rest = question.to_lowercase();
        for name in [board, metric] {
            rest = rest.replace(&name.to_lowercase(), " ");
        }
        if rest.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).all(|w| matches!(w, "on" | "for" | "in" | "at" | "of" | "the")) {
            return Classification { query_type: QueryType::MethodComparison, target: Target::TopScore };
        }
    }
    if let Some(keywords) = keyword_ask(&question, entities) {
        return keywords;
    }
    let read = rules(&question, has_dataset, !entities.is_empty(), !entities.methods.is_empty());
    // "WikiText-2 is measured by bits per character", "ObjectNet reports both top-1 and
    // top-5 accuracy": a board's metrics, stated.
    // The board is what the sentence is about: "is there any paper that reports X on D with
    // a WER?" asks for papers.
    // (The name read may run on into the verb: "ObjectNet reports both".)
    let board_measured = BOARD_MEASURED.captures(&question).and_then(|c| c.name("board")).is_some_and(|b| {
        let b = b.as_str().trim().to_lowercase();
        entities.datasets.iter().any(|d| d.trim().to_lowercase() == b || d.trim().to_lowercase().starts_with(&format!("{b} ")))
    });
    if has_dataset && entities.methods.is_empty() && !entities.metrics.is_empty() && !WH_WORD.is_match(&question.to_lowercase()) && board_measured {
        return Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict };
    }
    // "Is SQuAD1.1 a benchmark for question answering?", "was BERT evaluated on NER?": one
    // board or one model, and a research problem, no board beside it: the claim that the
    // one is used for the other, asked.
    let subject = USED_FOR_ASKED.captures(&question).and_then(|c| c.name("subject")).map(|s| s.as_str().trim().to_lowercase());
    let named_subject = subject.is_some_and(|s| entities.datasets.iter().chain(&entities.methods).any(|n| s.contains(&n.trim().to_lowercase())));
    if named_subject && !entities.tasks.is_empty() && entities.datasets.len() + entities.methods.len() == 1 && entities.metrics.is_empty() {
        return Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict };
    }
    // "relation extraction papers that use chemprot": a topic's papers, on a board.
    if read.query_type == QueryType::DatasetSearch && read.target == Target::Papers && entities.methods.is_empty() && topic_papers_on(&question, &entities.datasets) {
        return Classification { query_type: QueryType::TopicSearch, target: Target::Papers };
    }
    // Which papers lack a year: papers found, then filtered; no paper's details are asked.
    // So are the papers of one year ("which T papers came out in 2019?").
    // So are the newest or the oldest papers on a topic ("whats the newest earth system
    // model paper"), a paper quoted by its title aside ("is 'P' a recent one?").
    // Not "who wrote the most recent paper about insects?": a detail of one paper, looked up.
    static PAPERS_BY_AGE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:newest|latest|oldest|earliest|most\s+recent|least\s+recent|recent|first)\s+(?:[\w-]+\s+){0,4}?(?:papers?|work|works|stud(?:y|ies)|publications?|articles?)\b"));
    // (Its DOI asked beside the title is said by the listing: "most recent paper on T? need
    // the title and DOI".)
    static DETAIL: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:who|author|authors|when|what\s+year|which\s+year|wich\s+year)\b"));
    let age_asked = super::anchor::asks_age(&question).is_some() && PAPERS_BY_AGE.is_match(&question) && !quotes_a_title(&question);
    let by_age = age_asked && !DETAIL.is_match(&question);
    // "When was the earliest paper related to X-rays published?": a detail of the paper at
    // that end, looked up (and told only when every paper found has a year).
    if read.query_type == QueryType::TopicSearch && age_asked && DETAIL.is_match(&question) {
        return Classification { query_type: QueryType::PaperLookup, target: Target::PaperDetails };
    }
    if read.query_type == QueryType::PaperLookup && ((entities.methods.is_empty() && (asks_undated(&question) || super::restrict::year_window(&question).is_some())) || by_age) {
        return Classification { query_type: QueryType::TopicSearch, target: Target::Papers };
    }
    // A named model's metric on a named board asks for its number, whatever the metric is
    // called: "syrinxa acc on hollenby", "plumaro's WER on dastrup-7" read as "... score on"
    // when the words alone read as a topic.
    // So does one on a named research problem ("what mean IoU did X reach on kelp canopy
    // mapping?"): its boards are read for it.
    if read.query_type == QueryType::TopicSearch && !entities.methods.is_empty() && (!entities.datasets.is_empty() || !entities.tasks.is_empty()) && !entities.metrics.is_empty() {
        for metric in entities.metrics.iter().filter(|m| !m.trim().is_empty()) {
            if let Ok(named) = Regex::new(&format!(r"(?i)\b{}\b", regex::escape(metric.trim()))) {
                question = std::borrow::Cow::Owned(named.replace_all(&question, "score").into_owned());
            }
        }
        return rules(&question, true, true, true);
    }
    // "XLNet em scores - which boards?", "perceiver mAP - where?": a named model's results by
    // the metric named, each with its board, where no board is named.
    if entities.methods.len() == 1 && entities.datasets.is_empty() && entities.tasks.is_empty() && !entities.metrics.is_empty() && read.query_type == QueryType::TopicSearch {
        return Classification { query_type: QueryType::MethodUsage, target: Target::TopScore };
    }
    // "Who comes second on D?", "which model is third on D by F1?": a place on the board
    // named, read from its best ([`super::extract::top_k`] reads which place); so is it with
    // its paper asked for ("..., and what's the DOI of the paper that introduced it?").
    let listing = matches!(read.query_type, QueryType::TopicSearch | QueryType::DatasetSearch | QueryType::PaperLookup) && matches!(read.target, Target::Papers | Target::Models | Target::PaperDetails);
    // So is who held the record before a named model took it, with its paper asked for.
    // And which model was top on D, with its paper asked for ("..., and what DOI does its
    // paper have?").
    static TOP: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:top|best|highest|lowest|leading|on top)\b"));
    let place = entities.methods.is_empty() && (super::extract::asks_place(&question) || (read.query_type == QueryType::PaperLookup && asks_which_model(&question) && TOP.is_match(&question)));
    if listing && has_dataset && (place || holder_before(&question).is_some()) {
        return Classification { query_type: QueryType::MethodComparison, target: Target::BestModel };
    }
    // "Models evaluated on D with their F1": the board, each model with its value.
    if read == (Classification { query_type: QueryType::DatasetSearch, target: Target::Models }) && has_dataset && super::extract::with_scores(&question) {
        return Classification { query_type: QueryType::MethodComparison, target: Target::BestModel };
    }
    read
}

fn rules(question: &str, has_dataset: bool, has_entities: bool, has_method: bool) -> Classification {
    let lowered = question.trim().to_lowercase();
    let lowered = lowered.trim_start_matches(|c: char| !c.is_alphanumeric());
    // "For my thesis, which ...", "For a reviewer report: what ...": the question proper
    // follows the context.
    let lowered = match TRAILING_CONTEXT.find(lowered) {
        Some(m) => &lowered[..m.start() + 1],
        None => lowered,
    };
    let q = match LEADING_CONTEXT.find(lowered) {
        // A wh-word in the head means the head is the question ("In which papers ...,").
        // ... and more than a tag follows ("as of 2022 X had the best f1 on D, yeah?" is
        // one statement).
        Some(m) if !WH_WORD.is_match(m.as_str()) && lowered[m.end()..].split_whitespace().count() > 2 && !WHICH_ONE.is_match(&lowered[m.end()..]) => asked_part(&lowered[m.end()..]),
        _ => asked_part(lowered),
    };

    // A qualifier in parentheses is part of a name ("Table-Sequence (two are better than
    // one)"): never a statement about it.
    let plain = PARENTHESES.replace_all(q, " ");
    let plain = plain.as_ref();
    // "who is last on D", "the bottom three on D": the worst of a board is a ranking too.
    static BEST_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:best|top|highest|strongest|sota|state of the art|leading)\b"));
    let baselines = BASELINES_ASKED.is_match(plain) && !BEST_WORD.is_match(plain);
    let comparison = (COMPARISON.is_match(plain) || extreme(plain) == Some(Extreme::Worst)) && !NOT_COMPARISON.is_match(plain) && !baselines;
    // "how many boards has CURL been run on?" counts boards; "how many leaderboards is
    // Rainbow on compared to DQN?" compares two models by them.
    static BOARDS_COUNTED: LazyLock<Regex> = LazyLock::new(|| re(r"\bhow\s+many\s+(?:different\s+|distinct\s+|separate\s+|other\s+)?(?:boards|leaderboards|benchmarks)\b"));
    let asks_datasets = (ASKS_DATASETS.is_match(q) || (BOARDS_COUNTED.is_match(q) && !comparison)) && !PAPERS_ON.is_match(q);
    let asks_metrics = ASKS_METRICS.is_match(q) && !WHICH_MODEL.is_match(q);
    let code_opener = CODE_OPENER.is_match(q);
    // "papers by yoshua bengio": a person's papers.
    let author = super::extract::asked_author(q).is_some();
    let code_request = (CODE_REQUEST.is_match(q) && !q.contains("paper")) || code_opener;
    let asks_code = ASKS_CODE.is_match(q) || code_request;
    // Code words alone make a usage question only about a named model or dataset.
    let usage = code_request || (USAGE.is_match(q) && (has_method || has_dataset || USAGE.is_match(&CODE_WORDS.replace_all(q, " "))));

    // A yes/no question about named things checks a statement ("Does the LLaMA paper
    // report results on MMLU?"), unless it is a request in disguise ("Can you list...").
    let yes_no = AUX_OPENER.is_match(q) && !REQUEST_OPENER.is_match(q) && !ASKS_DATASETS.is_match(q) && !ALTERNATIVE.is_match(plain);
    // "X used to lead D - which models have beaten it since?": the question is the part
    // after the dash, and it asks for something.
    let wh_tail = WH_TAIL.is_match(q);
    // "frostlattice still SOTA on benchmira?", "kelvane already best miou on D before 2024?":
    // a claim with its verb left out.
    static VERBLESS_BEST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^[\w\-.+ :,()%]{2,60}?\s+(?:still|already|now|ever|once|really)\s+(?:the\s+)?(?:sota|best|top|state[- ]of[- ]the[- ]art|leading|leader|number one|#1|on top|ahead|record holder)\b|^[\w\-.+ ]{2,40}?\s+the\s+(?:best|sota|top|leader|number one)\s+on\b.*,\s*as of\b|^(?:the\s+)?(?:sota|best|top|leader|state[- ]of[- ]the[- ]art)\b[^?]{0,60}\s(?:is|was)\s+[\w\-.+]+\s*\?\s*$")
    });
    static PUTS_AT: LazyLock<Regex> = LazyLock::new(|| re(r"\b(?:puts|places|gives)\s+[^?]{1,40}?\s+at\s+\d+(?:[.,]\d+)?\b"));
    // "X's 88.5 on D: has a second paper reported the same number?": whether a value is
    // reproduced, which is a claim about it.
    static SECOND_PAPER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"\b(?:has|have|did)\s+(?:a\s+second|another|any\s+other|a\s+further|more\s+than\s+one|an\s+independent)\s+(?:paper|study|source|publication)s?\s+(?:also\s+)?(?:reported|report|given|confirmed|stated|reproduced|replicated|matched|found)\b[^?]{0,30}\b(?:same|this|that)\s+(?:number|value|score|result|figure)\b")
    });
    // "What were people getting on D?", "what's a good number on D?": the board's standing
    // results, in a newcomer's words.
    static PEOPLE_GET: LazyLock<Regex> = LazyLock::new(|| {
        re(r"\bwhat\s+(?:are|were|do|did)\s+(?:people|folks|researchers|others|most\s+(?:people|papers|models))\s+(?:\w+\s+)?(?:get|getting|got|score|scoring|reach|reaching|achieve|achieving|report|reporting)\b|\bwhat(?:['’]?s|\s+is)\s+a\s+(?:good|decent|typical|normal|strong)\s+(?:[\w-]+\s+)?(?:number|score|result|value|perplexity|ppl|accuracy|acc|f1|bleu|rouge(?:-\w+)?|wer|error|map|miou|em|bpc)\b")
    });
    // "Has anyone worked on T for Vendish?": whether there is work on a topic, which the
    // papers found answer (no claim about a result to judge).
    static ANYONE_WORKED: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:has|have|did|does|is)\s+(?:anyone|anybody|someone|somebody|any\s+(?:paper|study|work|group))\s+(?:ever\s+|already\s+|yet\s+)?(?:worked|work|studied|study|looked|done|published|written|tackled|addressed|researched|explored|working|looking)\b|^(?:does|do|did|has|is)\s+(?:orkg|the\s+orkg|the\s+(?:knowledge\s+)?graph|the\s+kg|your\s+graph|it|you)\s+(?:have|has|hold|holds|contain|contains|know|cover|covers|record|got)\s+(?:anything|something|any\s+(?:work|papers?|research|studies|results)|work|research|studies)\b|^(?:is|are)\s+there\s+(?:anything|something|any\s+(?:work|papers?|research|studies))\b")
    });
    // "X is the newest method for T, so it's the best one now?": the conclusion drawn is
    // the claim.
    static SO_BEST: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^[^?]{4,160}?,?\s+so\s+(?:it['’]s|it\s+is|it\s+must\s+be|that\s+makes\s+it|it['’]ll\s+be)\s+(?:also\s+)?(?:the\s+)?(?:best|top|strongest|leader|leading|state[- ]of[- ]the[- ]art|sota|number one)\b[^?]*\?\s*$")
    });
    // "is X any good on D?" asks (`asks_how_good`). "Does X have public code?": a request for its code, whatever else follows.
    static HAS_CODE: LazyLock<Regex> = LazyLock::new(|| re(r"^\W*(?:does|do|did|is|are|has|have)\b[^?]{0,60}\b(?:code|implementation|repo|repository|github|open[- ]?sourced?)\b"));
    // "ddi scores over 80", "anything above 20 bleu on D?": a board's results past a value,
    // asked for; a claim about them quantifies them ("no model on D gets above 90", "did any
    // model break 85 on D?") or names a model.
    let results_past = has_dataset && !has_method && RESULTS_PAST.is_match(q) && !QUANTIFIED.is_match(q) && !AUX_OPENER.is_match(q) && read_bound(lowered).is_some();
    let claim = !(ANYONE_WORKED.is_match(q) || asks_how_good(q) || HAS_CODE.is_match(q) || results_past || (has_dataset && asks_newer(q) && WH_WORD.is_match(q))) && (CLAIM_OPENER.is_match(q)
        || best_premise(question).is_some()
        || margin_asked(question).is_some()
        || tagged_claim(question).is_some_and(|c| !WH_OPENER.is_match(&c.to_lowercase()))
        || checks_a_record(lowered, q)
        || SECOND_PAPER.is_match(q)
        || (has_method && SO_BEST.is_match(q))
        // "OAG-BERT is newer than that bike counts weather paper": two papers' dates stated.
        || (!WH_WORD.is_match(q) && !REQUEST_OPENER.is_match(q) && paper_sides(q).is_some())
        // "OAG-BERT paper published in 2021?": a paper's year stated, not asked ("papers
        // published in 2019 about X" asks for papers).
        // It is asked as a question or a tag: "covid paper publish in 2019" and "any nitrogen
        // fixation paper from 2014?" ask for papers.
        || (!WH_WORD.is_match(q) && !REQUEST_OPENER.is_match(q) && !PLURAL_PAPERS.is_match(q) && !ANY_OPENER.is_match(q) && ASKED_OR_TAGGED.is_match(q) && super::anchor::stated_year(q).is_some())
        // "GR-ConvNet's 97.7 on cornell grasp was set in 2020": a value dated.
        || (!WH_WORD.is_match(q) && !REQUEST_OPENER.is_match(q) && super::anchor::value_year(q).is_some())
        // "X was the best on D as of 2017: ... Why won't you confirm that?"
        || PUSHBACK.find(q).is_some_and(|m| m.start() > 0 && super::statement::states(&q[..m.start()], has_entities))
        // "So why won't you just say X beats Y there?": the claim is what it asks to be said.
        || SAY_IT.captures(q).and_then(|c| c.get(1)).is_some_and(|c| super::statement::states(c.as_str(), has_entities))
        // ("whats the sota on D, as of 2019?" opens with a wh-word WH_OPENER does not spell.)
        || (!WH_OPENER.is_match(q) && !q.starts_with("wh") && VERBLESS_BEST.is_match(q))
        // "the X paper (2018) puts X at 89.9 f1 on D?": a value credited to a paper.
        || (!WH_WORD.is_match(q) && PUTS_AT.is_match(q))
        // "is there any model within a point of the leader on D?": yes or no, on the board.
        || near_leader_asked(q).is_some()
        || (!wh_tail && yes_no && (CLAIM_VERB.is_match(q) || has_entities))
        || (!wh_tail && !WH_OPENER.is_match(q) && !REQUEST_NOUN.is_match(q) && (CLAIM_TAG.is_match(q) || EMBEDDED_CLAIM.is_match(plain)))
        || (!WH_WORD.is_match(q) && !IMPERATIVE.is_match(q) && !REQUEST_OPENER.is_match(q) && !REQUEST_NOUN.is_match(q) && !SUPERLATIVE_OPENER.is_match(q) && super::statement::states(plain, has_entities || quotes_a_title(question))));
    // A lookup of a board's best result's paper ("top miou on D: the score, the paper, its
    // year and DOI?", "best accuracy on D - which paper?") asks for the result first: it
    // compares results, and the answer adds its paper's year and DOI.
    let best_lookup = has_dataset && comparison && best_result(q);
    // "Was X evaluated on D, and if so, in which paper?": X's result there, and its paper.
    static IF_SO_WHICH: LazyLock<Regex> = LazyLock::new(|| re(r"\bif so\b[^?]{0,20}\b(?:which|what)\s+(?:paper|study|publication|source|score|value|result|number)s?\b"));
    let query_type = if claim {
        QueryType::ClaimVerification
    } else if has_method && compares_papers(q) {
        // "What F1 did the paper on ... find for X, and is it the same as in X's paper?":
        // X's results, read with their papers.
        QueryType::MethodComparison
    } else if has_dataset && reads_board_by_time(q) {
        // "Which paper first reported a result on D, and which followed it?": the board's
        // results, read with their papers' years.
        QueryType::DatasetSearch
    } else if (has_method && BEATEN.is_match(q)) || counts_papers(q) || asks_reporting_paper(q) || ((has_dataset || has_method) && (ASKS_MODELS.is_match(q) || RESULTS_PAST.is_match(q)) && read_bound(lowered).is_some()) || (has_dataset && super::extract::value_held(q).is_some()) || (has_method && has_dataset && IF_SO_WHICH.is_match(q)) {
        // Whatever else it looks like ("X used to lead D - which models have beaten it?"
        // reads like a question about X's paper; "how many papers put X at 88.3" like a
        // topic; "which models score below 75 on D" like a dataset's models), it compares
        // results.
        QueryType::MethodComparison
    } else if has_method && has_dataset && DISPUTE.is_match(q) {
        // "The field-guide benchmark has X at 93.8 on D. Where did that number go?", "which
        // of the two is wrong?": the model's results there, with what the papers disagree on.
        QueryType::MethodComparison
    } else if (has_method && !has_dataset && (OWN_RESULTS.is_match(q) || (BARE_RESULTS.is_match(q) && !OTHER_ASK.is_match(q)))) || (has_dataset && (RECOMMEND.is_match(q) || PEOPLE_GET.is_match(q) || TO_BEAT.is_match(q))) || (has_method && WHY_BEATS.is_match(q)) {
        // "What results does the X system get?": the model's results, each with its board.
        // "Which one should I use for D?": no advice, the board's standing best; so is the
        // number to beat there.
        QueryType::MethodComparison
    } else if has_method && ((!has_dataset && asks_datasets) || WHERE_EVALUATED.is_match(q)) && asks_value(q) {
        // "In which datasets was used X, and which WER it obtains there?", "where has X
        // been evaluated, and what accuracy should I cite?": a model's results, each with
        // its board.
        QueryType::MethodComparison
    } else if code_opener || (METHODS_OF.is_match(q) && !comparison && !EVALUATED_ON.is_match(q)) {
        // Code first, whatever else the request names (a paper, a board).
        QueryType::MethodUsage
    } else if has_method && has_dataset && THE_PAPER.is_match(q) && !LOOKUP.is_match(q) && (SCORE_OF.is_match(q) || PAPER_REPORTS_ON.is_match(q)) {
        // "what did the model from the curl paper get on D?", "what scores does the paper
        // that introduced pegasus report on D?": the model's results there, not the paper.
        QueryType::MethodComparison
    } else if !best_lookup && (LOOKUP.is_match(&VALUE_TO_CITE.replace_all(q, " ")) || asks_origin(q) || (THE_PAPER.is_match(&TIMED_PAPER.replace_all(q, " ")) && !USED_BY.is_match(q) && !NEWEST_ON.is_match(q)) || (PAPER_OF.is_match(q) && !asks_which_paper(q) && !RANKED_PAPER.is_match(q)) || (quotes_a_title(question) && !comparison) || asks_what_paper_is_about(q) || (PROBLEM_OF_PAPER.is_match(q) && !has_method) || author) {
        QueryType::PaperLookup
    } else if (comparison && !asks_datasets && (!asks_metrics || ASKS_SCORE.is_match(q))) || (has_method && has_dataset && (SCORE_OF.is_match(q) || terse_score(q) || (ASKS_VALUE.is_match(q) && !ASKS_MODELS.is_match(q)))) || POSSESSIVE_SCORE.is_match(q) {
        QueryType::MethodComparison
    } else if (MODELS_FOR.is_match(q) && !has_dataset) || (has_method && ASKS_PROBLEMS.is_match(q)) || (MODELS_TRIED.is_match(q) && !has_dataset && !has_method && has_entities) || (RECOMMEND.is_match(q) && ASKS_MODELS.is_match(q) && !has_dataset && !has_method && has_entities) {
        // "models for pointgoal nav", "research problems tackled with scibert", "which
        // models were tried on coref?", "starting a T project, what models should I look
        // at?" (a problem's models, where no board is named).
        QueryType::MethodUsage
    } else if asks_datasets
        || asks_metrics
        || (has_method && WHERE_EVALUATED.is_match(q))
        || (has_dataset != has_method && OVERVIEW.is_match(q))
        || (EVALUATED_ON.is_match(q) && (has_dataset || EXPLICIT_EVALUATED_ON.is_match(q)) && !asks_code)
    {
        QueryType::DatasetSearch
    } else if usage && has_dataset && !has_method && !asks_code {
        // "Which papers use the ENCODE dataset?" asks about a dataset.
        QueryType::DatasetSearch
    } else if usage {
        QueryType::MethodUsage
    } else if has_dataset && ASKS_MODELS.is_match(q) {
        QueryType::DatasetSearch
    } else {
        QueryType::TopicSearch
    };

    let target = target(query_type, q, asks_datasets, asks_metrics, asks_code, author);
    // "Which paper is the 88.61% top-1 on D from?", "who wrote the paper behind the top score
    // on D?": the board is read for the result, and the paper it leads to is what is asked
    // for (a lookup); "best on D, and which paper?" asks for the result first.
    if query_type == QueryType::MethodComparison && has_dataset && !has_method && matches!(target, Target::BestModel | Target::TopScore) && asks_result_paper(q) {
        return Classification { query_type: QueryType::PaperLookup, target };
    }
    Classification { query_type, target }
}

/// What a search-box query asks in a name and a word or two ("nyt24", "ace 2005 results",
/// "elmo tasks", "gpt-3 best on lambada?", "pubmedbert 90 f1 on bc2gm"), which the rules,
/// written for sentences, read as a topic. `None` for anything else.
fn keyword_ask(question: &str, entities: &Entities) -> Option<Classification> {
    let q = question.trim().trim_end_matches(['?', '.', '!', ' ']).to_lowercase();
    let names = |list: &[String]| list.iter().map(|n| n.trim().to_lowercase()).collect::<Vec<_>>();
    let (models, boards) = (names(&entities.methods), names(&entities.datasets));
    let after = |list: &[String]| list.iter().find_map(|n| q.strip_prefix(n.as_str()).filter(|r| r.is_empty() || r.starts_with(' ')).map(str::trim));
    // A board's name alone: the models evaluated on it, with their results.
    if models.is_empty() && boards.len() == 1 && after(&boards) == Some("") {
        return Some(Classification { query_type: QueryType::DatasetSearch, target: Target::Models });
    }
    static RESULTS: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:all\s+)?(?:results|scores|numbers|leaderboard)$"));
    if models.is_empty() && after(&boards).is_some_and(|rest| RESULTS.is_match(rest)) {
        return Some(Classification { query_type: QueryType::MethodComparison, target: Target::TopScore });
    }
    static TASKS: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:research\s+)?(?:tasks|problems|research problems|used for)$"));
    if boards.is_empty() && after(&models).is_some_and(|rest| TASKS.is_match(rest)) {
        return Some(Classification { query_type: QueryType::MethodUsage, target: Target::Problems });
    }
    // "gpt-3 best on lambada?", "pubmedbert 90 f1 on bc2gm": a model's standing or value on
    // a board, stated in keywords to be checked.
    static STANDING: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:(?:the\s+)?(?:best|sota|top|leader|state[- ]of[- ]the[- ]art|number one)|\d+(?:\.\d+)?\s*%?(?:\s+[\w@.\-]+){0,2})\s+(?:on|in|at|for)\s+\S"));
    // A standing is checked when asked ("?"); a value is stated either way.
    let standing = after(&models).filter(|rest| STANDING.is_match(rest));
    if !boards.is_empty() && standing.is_some_and(|rest| question.trim_end().ends_with('?') || rest.starts_with(|c: char| c.is_ascii_digit())) {
        return Some(Classification { query_type: QueryType::ClaimVerification, target: Target::Verdict });
    }
    None
}

/// Whether the question asks for a topic's papers that use a board: "relation extraction
/// papers that use chemprot", "data-to-text papers evaluated on rotowire" (not "papers
/// evaluated on D", nor "chemprot papers that use scibert", whose head is the board).
fn topic_papers_on(question: &str, datasets: &[String]) -> bool {
    static TOPIC: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:any\s+|list\s+|show\s+me\s+|find\s+)?([\w-]+(?:\s+[\w-]+){0,5}?)\s+papers\s+(?:that|which|evaluated|using|tested|benchmarked|reporting)\b")
    });
    const NO_TOPIC: &[&str] = &["the", "any", "all", "which", "what", "recent", "new", "newest", "latest", "some", "these", "those", "other", "more", "many", "most", "few", "show", "me", "list", "find", "give", "get", "name", "us"];
    let Some(topic) = TOPIC.captures(question).and_then(|c| c.get(1)).map(|m| m.as_str().to_lowercase()) else { return false };
    !topic.split_whitespace().any(|w| NO_TOPIC.contains(&w)) && !datasets.iter().any(|d| topic.contains(&d.to_lowercase()))
}

/// What a question of `query_type` asks the answer to list.
fn target(query_type: QueryType, q: &str, asks_datasets: bool, asks_metrics: bool, asks_code: bool, author: bool) -> Target {
    match query_type {
        QueryType::ClaimVerification => Target::Verdict,
        // "papers by yoshua bengio": a person's papers, listed.
        QueryType::PaperLookup if author => Target::Papers,
        QueryType::PaperLookup => Target::PaperDetails,
        // "which systems had passed 75 F1": a value passed, not a model beaten.
        // "What's the number to beat on D?": the best there, not who beat whom.
        QueryType::MethodComparison if TO_BEAT.is_match(q) => Target::TopScore,
        QueryType::MethodComparison if BEATEN.is_match(q) && read_bound(q).is_none() => Target::Beaten,
        QueryType::MethodComparison if WHICH_MODEL.is_match(q) => Target::BestModel,
        QueryType::MethodComparison if ASKS_SCORE.is_match(q) || ASKS_METRICS.is_match(q) => Target::TopScore,
        QueryType::MethodComparison => Target::BestModel,
        QueryType::DatasetSearch if PROBLEMS_HEAD.is_match(q) => Target::Problems,
        // "which evaluation metrics are used on the language modelling benchmarks?": the
        // metrics are asked for, whatever boards they are asked of.
        QueryType::DatasetSearch if asks_metrics && METRICS_HEAD.is_match(q) => Target::Metrics,
        QueryType::DatasetSearch if reads_board_by_time(q) => Target::Models,
        QueryType::DatasetSearch if WHERE_EVALUATED.is_match(q) => Target::Datasets,
        // "what has been done on D?": its models; "what do we know about X?": its boards.
        QueryType::DatasetSearch if OVERVIEW.is_match(q) && !asks_datasets && !asks_metrics => if ASKED_OF_A_MODEL.is_match(q) { Target::Datasets } else { Target::Models },
        QueryType::DatasetSearch if WHAT_EVALUATED.is_match(q) => Target::Models,
        QueryType::DatasetSearch if asks_datasets && !EVALUATED_ON.is_match(q) => Target::Datasets,
        QueryType::DatasetSearch if asks_metrics => Target::Metrics,
        // "papers ... that benchmarked models on X": the papers are asked for.
        QueryType::DatasetSearch if papers_first(q) => Target::Papers,
        QueryType::DatasetSearch if ASKS_MODELS.is_match(q) => Target::Models,
        QueryType::DatasetSearch if asks_datasets => Target::Datasets,
        QueryType::DatasetSearch => Target::Papers,
        // "which papers on D don't link any code?": the papers, kept by their code.
        QueryType::MethodUsage if asks_code && PAPERS_BY_CODE.is_match(q) && super::extract::code_filter(q).is_some() => Target::Papers,
        QueryType::MethodUsage if asks_code => Target::Code,
        QueryType::MethodUsage if WHICH_MODEL.is_match(q) && !asks_papers(q) => Target::Models,
        QueryType::MethodUsage if (ASKS_PROBLEMS.is_match(q) && !ASKED_OF_PROBLEM.is_match(q)) || PROBLEMS_HEAD.is_match(q) => Target::Problems,
        QueryType::MethodUsage if ASKS_MODELS.is_match(q) && !asks_papers(q) => Target::Models,
        QueryType::MethodUsage => Target::Papers,
        QueryType::TopicSearch if ASKS_PROBLEMS.is_match(q) && !ASKED_OF_PROBLEM.is_match(q) => Target::Problems,
        QueryType::TopicSearch => Target::Papers,
    }
}


/// The type the question's wording alone settles, whatever an LLM says: an explicit request
/// to check a statement ("Is it true that...", "Verify...") is a claim, and a DOI asks
/// for that paper. Everything else is a judgement an LLM may make.
pub fn decisive(question: &str) -> Option<QueryType> {
    static DOI: LazyLock<Regex> = LazyLock::new(|| re(r"\b10\.\d{4,9}/\S+"));
    let lowered = question.trim().to_lowercase();
    let lowered = lowered.trim_start_matches(|c: char| !c.is_alphanumeric());
    if CLAIM_OPENER.is_match(lowered) {
        Some(QueryType::ClaimVerification)
    } else if DOI.is_match(lowered) && !super::statement::states_strongly(lowered) {
        // "the DOI of X is 10.x/y" states a DOI to check; any other DOI asks for its paper.
        Some(QueryType::PaperLookup)
    } else {
        None
    }
}

/// Whether papers are named before any model in the question (what comes first is what is
/// asked for; later mentions sit in relative clauses).
fn papers_first(q: &str) -> bool {
    match (ASKS_PAPERS.find(q), ASKS_MODELS.find(q)) {
        (Some(p), Some(m)) => p.start() < m.start(),
        (Some(_), None) => true,
        _ => false,
    }
}

/// Reads a query type from an LLM reply: a JSON object `{"query_type": "..."}` (possibly in
/// a code fence or surrounded by chatter), or a bare label. Anything else is `None`.
pub fn parse_llm_label(reply: &str) -> Option<QueryType> {
    if let Some(value) = crate::pipeline::json::first_object(reply) {
        if let Some(label) = value.get("query_type").and_then(|v| v.as_str()) {
            return QueryType::parse(label);
        }
    }
    let found: Vec<QueryType> =
        QueryType::ALL.into_iter().filter(|t| reply.contains(t.as_str())).collect();
    match found.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

/// Chooses the classification: the rules', or the LLM's label where its reply parses and
/// the wording does not settle the type (an explicit claim, a DOI). Pure: the reply is
/// data.
pub fn choose(question: &str, rules: Classification, reply: Option<&str>, diagnostics: &mut Diagnostics) -> (Classification, Decider) {
    let Some(reply) = reply else { return (rules, Decider::Rules) };
    match parse_llm_label(reply) {
        Some(t) if decisive(question).is_some_and(|d| d == rules.query_type && d != t) => {
            let message = format!(
                "classification: the LLM said {} but the question's wording settles it as {}; used the rule classifier",
                t.as_str(),
                rules.query_type.as_str()
            );
            diagnostics.push(Code::LlmOverruled, Stage::Front, message);
            (rules, Decider::Rules)
        }
        // The target follows the rules' reading of what is asked for, recomputed for the
        // LLM's type where they disagree.
        Some(t) if t != rules.query_type => (Classification { query_type: t, target: default_target(t, rules.target) }, Decider::Llm),
        Some(_) => (rules, Decider::Llm),
        None => {
            let message = "classification: the LLM reply was not one of the six types; used the rule classifier";
            diagnostics.push(Code::LlmUnusableReply, Stage::Front, message);
            (rules, Decider::Rules)
        }
    }
}

/// The target to use when the LLM's type differs from the rules' one.
fn default_target(query_type: QueryType, rules_target: Target) -> Target {
    match query_type {
        QueryType::ClaimVerification => Target::Verdict,
        QueryType::PaperLookup => Target::PaperDetails,
        QueryType::MethodComparison if !matches!(rules_target, Target::BestModel | Target::TopScore | Target::Beaten) => Target::BestModel,
        QueryType::MethodComparison => rules_target,
        _ if matches!(rules_target, Target::Verdict | Target::PaperDetails | Target::BestModel | Target::TopScore | Target::Beaten) => Target::Papers,
        _ => rules_target,
    }
}

const CLASSIFY_SYSTEM: &str = "Classify a question about scientific papers into exactly one type. \
topic_search: papers about a topic, task or field. \
method_comparison: compare methods or find the best model, top score or state of the art on a dataset or metric. \
dataset_search: which datasets are used for a task, or which models, papers or metrics are evaluated on a dataset. \
claim_verification: check whether a stated claim is true. \
method_usage: where or how a method is used, which papers use it, its code or implementation. \
paper_lookup: one specific paper by title or DOI, its authors, year or DOI. \
Answer with JSON: {\"query_type\": \"<type>\"}.";

/// The LLM classification request: the six types described, JSON constrained to them.
pub fn llm_request(question: &str) -> ChatRequest {
    let labels: Vec<&str> = QueryType::ALL.iter().map(|t| t.as_str()).collect();
    ChatRequest {
        system: CLASSIFY_SYSTEM.to_owned(),
        user: format!("Question: {question}"),
        json: Some(serde_json::json!({
            "type": "object",
            "properties": {"query_type": {"type": "string", "enum": labels}},
            "required": ["query_type"],
            "additionalProperties": false,
        })),
        temperature: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use QueryType::*;

    #[test]
    fn a_newcomers_loose_words_are_read_as_what_the_graph_records() {
        let model = |q: &str| classify(q, &Entities { methods: vec!["Tavrosa".to_owned()], ..Entities::default() });
        let on_board = |q: &str| classify(q, &Entities { methods: vec!["Syrinxa".to_owned()], datasets: vec!["Hollenby".to_owned()], ..Entities::default() });
        let results = model("What results does the Tavrosa system get?");
        assert_eq!((results.query_type, results.target), (MethodComparison, Target::TopScore), "a model's results, not papers");
        assert_eq!(model("what are Tavrosa's scores?").query_type, MethodComparison);
        for q in ["tavrosa numbers", "tavrosa all results", "tavrosa numbers on every dataset it was run on", "all of tavrosa's results"] {
            let read = model(q);
            assert_eq!((read.query_type, read.target), (MethodComparison, Target::TopScore), "a model and a results word: {q}");
        }
        assert_ne!(model("papers with tavrosa results").query_type, MethodComparison, "papers asked for");
        check("which one should I use for corvalla ice?", true, MethodComparison, Target::BestModel);
        check("what would you recommend on corvalla ice?", true, MethodComparison, Target::BestModel);
        check("As of 2022, what were people getting on the dastrup 7 chorus dataset?", true, MethodComparison, Target::BestModel);
        assert_eq!(on_board("is syrinxa any good on hollenby? i saw 93.8 somewhere").query_type, MethodComparison, "asked, not claimed");
        let so_best = classify("undertow gnn is the newest method for tidal turbine fault detection, so it's the best one now?", &Entities { methods: vec!["undertow gnn".to_owned()], ..Entities::default() });
        assert_eq!(so_best.query_type, ClaimVerification, "the conclusion drawn is the claim");
        assert_eq!(model("who came up with Tavrosa?").query_type, PaperLookup);
        assert!(asks_value("which datasets does it actually have scores on?"));
        assert!(!asks_value("which datasets does it have results on?"), "results on a board name the board, not a number");
    }

    #[test]
    fn a_practitioners_asks_are_a_boards_best_its_models_or_a_tasks_models() {
        // The number to beat is the board's standing best, not who beat whom.
        check("what's the number to beat on corvalla ice in percentage correct?", true, MethodComparison, Target::TopScore);
        check("what score do i need to beat on corvalla ice?", true, MethodComparison, Target::TopScore);
        check("how high do models get on corvalla ice?", true, MethodComparison, Target::TopScore);
        check("which model would you pick for the Corvalla Ice dataset?", true, MethodComparison, Target::BestModel);
        check("should I go with whatever is best here - what should I use for corvalla ice?", true, MethodComparison, Target::BestModel);
        // Baselines are the models evaluated there, not a comparison of them.
        check("what baselines should I compare against on corvalla ice?", true, DatasetSearch, Target::Models);
        check("which baseline is the best on corvalla ice?", true, MethodComparison, Target::BestModel);
        check("what's the bar to clear on corvalla ice these days?", true, MethodComparison, Target::TopScore);
        let task = |q: &str| classify(q, &Entities { tasks: vec!["robotic grasping".to_owned()], ..Entities::default() });
        let usual = task("what are the usual baselines for robotic grasping? need to pick what to compare my grasp detector against");
        assert_eq!((usual.query_type, usual.target), (MethodUsage, Target::Models));
        let look = task("starting a robotic grasping project, what models should I look at?");
        assert_eq!((look.query_type, look.target), (MethodUsage, Target::Models));
        let addressing = classify("Which models address the research problem Neural Architecture Search?", &Entities { tasks: vec!["Neural Architecture Search".to_owned()], ..Entities::default() });
        assert_eq!((addressing.query_type, addressing.target), (MethodUsage, Target::Models), "models, not papers");
        assert_eq!(classify("which paper describes Bootstrapped DQN? I'd like to read it", &Entities { methods: vec!["Bootstrapped DQN".to_owned()], ..Entities::default() }).query_type, PaperLookup);
    }

    fn check(question: &str, has_dataset: bool, query_type: QueryType, target: Target) {
        let datasets = if has_dataset { vec!["X".to_owned()] } else { Vec::new() };
        let got = classify(question, &Entities { datasets, ..Entities::default() });
        assert_eq!((got.query_type, got.target), (query_type, target), "{question}");
    }

    #[test]
    fn what_a_claim_is_about_beyond_a_result_is_read() {
        assert_eq!(claim_about("Somebody must have beaten Brackwater-UNet's 91.2 F1 on Corvalla by now, right?"), Some(ClaimAbout::Beaten));
        assert_eq!(claim_about("has anyone beaten murrelet-mt's 34.2 bleu on orrenby?"), Some(ClaimAbout::Beaten));
        assert_eq!(claim_about("No method has surpassed PimbraFormer's 84.7 accuracy on BenchMira since 2018, true?"), Some(ClaimAbout::Beaten));
        assert_eq!(claim_about("is driftmere's kelpwatch result older than pellucid-km's 2013 one?"), Some(ClaimAbout::Dates));
        assert_eq!(claim_about("Was Tidewick published after Marrowfen?"), Some(ClaimAbout::Dates), "a model's name for its paper");
        assert_eq!(claim_about("Was Tidewick published after 2018?"), None, "a year is a bound, not a paper");
        assert_eq!(claim_about("Ibbotrans came out after Murrelet-MT, but is Murrelet-MT still in the top 2 for BLEU on Orrenby?"), None, "the dates set the scene");
        assert_eq!(claim_about("Sallowmere came out before Lumoria, didn't it?"), Some(ClaimAbout::Dates));
        assert_eq!(claim_about("the trillbert network came out before warbleon, didn't it?"), Some(ClaimAbout::Dates), "names typed in lower case");
        assert_eq!(claim_about("'Kelp canopy loss in Tasmania' came out before 'Sea urchin barrens, revisited'"), Some(ClaimAbout::Dates), "a quoted title");
        let sides = |q: &str| paper_sides(q).map(|(a, b)| format!("{a} | {b}"));
        assert_eq!(sides("the HadGEM2 paper came out before the NorESM1-M one").as_deref(), Some("the HadGEM2 paper | the NorESM1-M one"));
        assert_eq!(sides("OAG-BERT is newer than that bike counts weather paper").as_deref(), Some("OAG-BERT | that bike counts weather paper"));
        assert_eq!(sides("NorESM carbon cycle paper came out after the NorESM1-M paper, correct?").as_deref(), Some("NorESM carbon cycle paper | the NorESM1-M paper"));
        assert_eq!(sides("pegasus is newer than xlnet rite").as_deref(), Some("pegasus | xlnet"));
        assert_eq!(sides("'Kelp canopy loss in Tasmania' was published before 'Sea urchin barrens: a review'").as_deref(), Some("Kelp canopy loss in Tasmania | Sea urchin barrens: a review"));
        assert_eq!(sides("is xlnet newer than bert?").as_deref(), Some("xlnet | bert"));
        assert_eq!(sides("the HadGEM2 and NorESM1-M papers came out the same year, right?").as_deref(), Some("HadGEM2 | NorESM1-M"));
        assert_eq!(sides("which model is best on squad?"), None, "no claim about dates");
        let order = |q: &str| order_sides(q).map(|(a, b)| format!("{a} | {b}"));
        assert_eq!(order("which came first: the HadGEM2 paper or the NorESM1-M paper?").as_deref(), Some("the HadGEM2 paper | the NorESM1-M paper"));
        assert_eq!(order("which came out first, OAG-BERT or the bike counts paper?").as_deref(), Some("OAG-BERT | the bike counts paper"));
        assert!(asks_paper_order("Which came out first, the Tidewick paper or the Marrowfen paper?"));
        assert!(asks_paper_order("which is older: Tidewick's paper or Marrowfen's?"));
        assert!(asks_later_paper("which came out later: 'A' or 'B'?"));
        assert_eq!(order("Kelp canopy loss in Tasmania vs Sea urchin barrens revisited - which is older?").as_deref(), Some("Kelp canopy loss in Tasmania | Sea urchin barrens revisited"));
        assert_eq!(classify("Kelp canopy loss in Tasmania vs Sea urchin barrens revisited - which is older?", &Entities::default()).query_type, PaperLookup);
        assert!(!asks_later_paper("which is older: Tidewick's paper or Marrowfen's?"));
        assert!(asks_later_paper("Kelp canopy loss vs Sea urchin barrens revisited - which is newer?"));
        assert!(!asks_paper_order("Which came out first on D?"), "no two things to order");
        assert!(!asks_paper_order("Which model is better, X or Y?"));
        assert_eq!(claim_about("does GCN beat GAT on Cora?"), None, "a comparison of two named models");
        assert_eq!(claim_about("quillon-xl is four years newer than brackwater-unet, so it has the better f1 on corvalla-ice by now, right?"), None, "the dates are the premise, the scores the claim");
        assert_eq!(claim_about("the plumaro paper and the 2023 reproduction agree on syrinxa's hollenby accuracy, right?"), Some(ClaimAbout::Agreement));
        assert_eq!(claim_about("several papers agree on orvalis-cnn's 87.0 f1 for corvalla-ice, don't they?"), None, "a number stated is checked as a result");
    }

    #[test]
    fn the_record_over_time_asked_as_a_question_is_a_part_the_answer_must_give() {
        assert!(asked("Which models have held the record on BenchMira by Accuracy?").record);
        let pairwise = classify("On which datasets does A beat B?", &Entities { methods: vec!["A".into(), "B".into()], ..Default::default() });
        assert_ne!(pairwise.query_type, QueryType::ClaimVerification, "a question opening 'on which datasets' asks, it claims nothing");
        assert!(asked("Since when has X held the record on D?").record);
        assert!(asked("How much did X improve on the previous best on D?").record);
        assert!(!asked("Which model holds the record on D?").record, "the record now is a best result");
    }

    #[test]
    fn values_a_question_states_and_the_holder_it_asks_before_are_read() {
        assert_eq!(given_values("how many papers put syrinxa at 88.3 on the hollenby marsh set?"), ["88.3"]);
        assert!(given_values("top 3 on WMT 2014, and GPT-3 in 2020?").is_empty(), "whole numbers are counts, names or years");
        assert_eq!(holder_before("before ibbotrans took the quenmark bleu record, who held it and at what score?").as_deref(), Some("ibbotrans"));
        assert_eq!(holder_before("who led the board until 2019 came along?"), None);
        assert_eq!(holder_before("what was the best before 2020?"), None);
        assert_eq!(holder_before("What was the best Accuracy on BenchMira before Quillon-XL's result?").as_deref(), Some("Quillon-XL"));
        assert!(asks_both("selkora's 88.5 f1 appears in two papers, and so does undertow-gnn's 86.0 - are both of those true?"));
        assert!(!asks_both("does selkora beat undertow-gnn on both boards?"));
        assert!(asks_which_model("word error rate on dastrup-7: which system is lowest now that corrasine's 2025 result is the newest?"));
        assert!(!asks_which_model("which model is better on dastrup-7, corrasine or plumaro?"), "a choice among named models");
        assert!(asks_confirmation("could you check whether warbleon's accuracy on hollenby marsh calls is 79.5? two of the papers i have say so."));
        assert!(asks_confirmation("fennick-rnn's 18.2 WER on dastrup-7 - still the record, isn't it?"));
        assert!(!asks_confirmation("what did trillbert get on dastrup-7, 9.4 or 10.1?"), "a question for a value");
        assert!(!asks_confirmation("is plumaro better than corrasine on dastrup-7?"), "no value stated");
        assert!(counts_papers("how many papers put syrinxa at 88.3 on the hollenby marsh set?"));
        for q in ["number of papers putting kestrelnet at 74.10 on BenchMira?", "In how many papers does Orvalis-CNN get 80.2 on BenchMira?", "Count the papers that give tavrosa a score of 86.1 on BenchMira.", "How many sources back FennickRNN's 21.7 on Dastrup-7 Chorus?"] {
            assert!(counts_papers(q), "{q}");
        }
        assert!(!counts_papers("how many papers report results on the hollenby marsh set?"), "no value given: a count of papers on a topic");
    }

    #[test]
    fn a_request_for_the_papers_without_a_year_is_a_topic_search() {
        assert!(asks_undated("Which of the kelp canopy mapping papers don't carry a usable publication year?"));
        assert!(asks_undated("which papers on kelp canopy mapping have no year?"));
        assert!(!asks_undated("which papers on kelp canopy mapping came out in 2020?"));
        let q = "Which of the kelp canopy mapping papers don't carry a usable publication year?";
        let got = classify(q, &Entities { tasks: vec!["kelp canopy mapping".into()], ..Entities::default() });
        assert_eq!((got.query_type, got.target), (QueryType::TopicSearch, Target::Papers));
        let got = classify("which kelp canopy mapping papers came out in 2019?", &Entities { tasks: vec!["kelp canopy mapping".into()], ..Entities::default() });
        assert_eq!((got.query_type, got.target), (QueryType::TopicSearch, Target::Papers), "the papers of one year");
    }

    #[test]
    fn a_scene_the_asker_sets_about_themselves_ends_at_a_semicolon_a_but_or_a_dash() {
        assert_eq!(asked_part("we fine-tuned bert on our own data last month; what has xlnet been evaluated on?"), "what has xlnet been evaluated on?");
        assert_eq!(asked_part("my advisor likes resnet, but for cifar-10 which model is on top?"), "for cifar-10 which model is on top?");
        assert_eq!(asked_part("i use lstm for language modelling - is it also used for machine translation?"), "is it also used for machine translation?");
        assert_eq!(asked_part("xlnet vs bert on squad - which is better?"), "xlnet vs bert on squad - which is better?", "names before a dash are what is asked about");
        assert_eq!(asked_part("we're citing the murrelet-mt translation paper; which doi should our bib entry carry?"), "we're citing the murrelet-mt translation paper; which doi should our bib entry carry?", "a question of what the scene names");
        assert_eq!(asked_part("a reviewer told us X leads D; is the reviewer right?"), "a reviewer told us X leads D; is the reviewer right?");
        assert_eq!(asked_part("i'm looking for a dataset on sea ice - does the graph have one?"), "i'm looking for a dataset on sea ice - does the graph have one?");
        assert_eq!(asked_part("for my thesis i need the doi of the xlnet paper. could u give me its full title and doi?"), "for my thesis i need the doi of the xlnet paper. could u give me its full title and doi?", "a request that points back");
        assert_eq!(from_question_proper("we use X at work. which model leads D? list them all"), "which model leads D? list them all");
    }

    #[test]
    fn an_ask_that_points_back_at_the_names_of_the_sentence_before_keeps_it() {
        let q = "The submission quotes GPT-3 175B (Few-Shot) on BoolQ without a number. What Accuracy is published for it there?";
        assert_eq!(asked_part(q), q, "\"it\" and \"there\" are the scene's model and board");
        let q = "R2 asks whether the authors picked the stronger of BERT-joint and GPT-3 on NQ. Which of the two is ahead there?";
        assert_eq!(asked_part(q), q);
        assert_eq!(asked_part("The authors use XLNet. Which papers report results on SQuAD1.1?"), "Which papers report results on SQuAD1.1?", "an ask with names of its own");
        assert_eq!(asked_part("Reviewers liked the text classifier. Which datasets should I evaluate them on?"), "Which datasets should I evaluate them on?", "a scene that names nothing");
        assert_eq!(asked_part("We work on XLNet. Are there any papers on question answering?"), "Are there any papers on question answering?", "\"are there\" points at nothing");
    }

    #[test]
    fn a_board_or_a_model_named_before_a_dash_is_what_the_question_after_it_asks_of() {
        let senteval = Entities { datasets: vec!["SentEval".into()], ..Entities::default() };
        assert_eq!(classify("SentEval in the graph - which metrics are recorded for it?", &senteval).query_type, DatasetSearch);
        let hyper = Entities { methods: vec!["Hypernetworks".into()], ..Entities::default() };
        assert_eq!(classify("odd one for my notes: Hypernetworks - which tasks/research problems is it used for in the graph?", &hyper).query_type, MethodUsage);
        assert_eq!(classify("levit: a vision transformer in convnets clothing - which models does it report", &Entities::default()).query_type, PaperLookup);
    }

    #[test]
    fn whether_the_graph_holds_a_paper_or_papers_on_a_topic_is_asked_not_claimed() {
        let none = Entities::default();
        assert_eq!(classify("my boss wants to compare small open models. is the Gemma paper (open models based on Gemini research) in the graph? year + doi would be great", &none).query_type, PaperLookup);
        assert_eq!(classify("does the graph have papers on image captioning?", &none).query_type, TopicSearch);
        let task = Entities { tasks: vec!["open link prediction".into()], ..Entities::default() };
        assert_eq!(classify("does orkg have anything on open link prediction?", &task).query_type, TopicSearch, "whether the graph holds work on a task");
        assert_eq!(classify("is there any work on open link prediction in orkg?", &task).query_type, TopicSearch);
        assert_eq!(classify("were there any coronavirus papers before 2019?", &none).query_type, TopicSearch, "asked in the past");
        assert_ne!(classify("What is the most recent paper on dialogue translation in the graph?", &none).query_type, PaperLookup, "a topic's newest paper");
    }

    #[test]
    fn a_scene_set_before_a_claim_is_not_part_of_it() {
        assert_eq!(after_scene("Now that Wendrel-S is out, Zephyrine-L isn't the top BenchMira model anymore, right?"), Some("Zephyrine-L isn't the top BenchMira model anymore, right?"));
        assert_eq!(after_scene("with the Nerrisa paper published, Murrelet-MT is still the best on D?"), Some("Murrelet-MT is still the best on D?"));
        assert_eq!(after_scene("Now that X is out, is X best?"), None, "too short to be a claim of its own");
        assert_eq!(after_scene("Since 2019, X has led D, right?"), None);
    }

    #[test]
    fn a_claim_tagged_by_a_dash_or_a_negative_question_is_a_claim() {
        check("brinehawk's 70.2 f1 on the sealbrook turbine logs - still the number to beat?", true, ClaimVerification, Target::Verdict);
        check("my notes say gannetron = 21.5 bleu on orrenby. still the right figure?", true, ClaimVerification, Target::Verdict);
        check("sparse attention beat drqa on natural questions short answers", true, ClaimVerification, Target::Verdict);
        check("multifit was the first to crack 76 on mldoc english to italian", false, ClaimVerification, Target::Verdict);
        check("chirpform's number on dastrup-7 chorus is 14.6 and plumaro's only 8.1, so chirpform did better there, surely? why is plumaro ranked above it?", true, ClaimVerification, Target::Verdict);
        assert_eq!(tagged_claim("X did better there, surely? Why is Y ranked above it?"), Some("X did better there, surely?"));
        check("tidewick was the best on sealbrook turbine logs as of 2017: its paper is dated 2017 and its 76.0 beats brinehawk's 70.2. why won't you confirm that?", true, ClaimVerification, Target::Verdict);
        check("murrelet-mt is the best on mirelle subtitles by chrf - its own paper says 55.1. why are you hedging on that?", true, ClaimVerification, Target::Verdict);
        check("why won't you use the best model on mirelle subtitles?", true, MethodComparison, Target::BestModel);
        check("i've found two different dois for the undertow-gnn paper. which one is the wrong one?", false, PaperLookup, Target::PaperDetails);
        check("the pop-art paper ran on atari time pilot; what other papers evaluated on Time Pilot?", true, DatasetSearch, Target::Papers);
        check("the AWD-LSTM paper reports on WikiText-2 - which other papers are on that board?", true, DatasetSearch, Target::Papers);
        check("BiT (big transfer) reports 90.72% top-1 accuracy on ImageNet", true, ClaimVerification, Target::Verdict);
        check("the best top-1 accuracy on ImageNet is 88.61%", true, ClaimVerification, Target::Verdict);
        check("OTF dict+spelling (single) comes with code", false, ClaimVerification, Target::Verdict);
        assert_ne!(classify("the dcase paper that released code", &Entities::default()).query_type, ClaimVerification, "a relative clause");
        assert_ne!(classify("models on ImageNet that report 90% accuracy", &Entities::default()).query_type, ClaimVerification, "a list asked for");
        check("aviquist's own paper gives 6.8 wer on the veltmoor dawn set, under corrasine's 7.2. so why won't you just say aviquist beats corrasine there?", true, ClaimVerification, Target::Verdict);
        for q in ["the field-guide benchmark has syrinxa at 93.8 on hollenby marsh calls. where did that number go? you only show a lower one.", "tavrosa's paper puts it at 86.1 on benchmira, the quillon-xl paper at 85.4. which of the two is wrong, and why?"] {
            assert_eq!(classify(q, &Entities { methods: vec!["syrinxa".into()], datasets: vec!["hollenby marsh calls".into()], ..Entities::default() }).query_type, MethodComparison, "{q}");
        }
        check("could you check whether warbleon's accuracy on hollenby marsh calls is 79.5? two of the papers i have say so.", true, ClaimVerification, Target::Verdict);
        check("surely, as of 2022, murrelet-mt's 19.6 bleu was the quenmark dialogue set's best?", true, ClaimVerification, Target::Verdict);
        check("i'm writing the history section of a review. was selkora already the sealbrook f1 leader before 2021? i'd like to get the chronology right.", true, ClaimVerification, Target::Verdict);
        check("several papers agree on orvalis-cnn's 87.0 f1 for corvalla-ice, don't they?", true, ClaimVerification, Target::Verdict);
        let q = "was halverin ever evaluated on mirelle subtitles, and if so, in which paper?";
        let got = classify(q, &Entities { methods: vec!["halverin".into()], datasets: vec!["mirelle subtitles".into()], ..Entities::default() });
        assert_eq!(got.query_type, MethodComparison, "{q}");
        let q = "kestrelnet: i half remember it getting 78-something on benchmira. where has it been evaluated, and what accuracy should i actually cite?";
        assert_eq!(classify(q, &Entities { methods: vec!["kestrelnet".into()], datasets: vec!["benchmira".into()], ..Entities::default() }).query_type, MethodComparison, "a value to cite is a result");
        assert_ne!(classify("looking for a benchmark dataset for birdsong source separation, ideally one people have reported on since the plumaro paper. is there one?", &Entities::default()).query_type, PaperLookup, "the paper dates the ask");
        check("pimbraformer is still in the top three on benchmira, isn't it? where does it rank now?", true, ClaimVerification, Target::Verdict);
        check("as of 2020, marrowfen was on top of sealbrook turbine logs, wasn't it? and who came second back then?", true, ClaimVerification, Target::Verdict);
        check("Who comes second on Sealbrook Turbine Logs by F1-score?", true, MethodComparison, Target::BestModel);
        check("Which model is third on D?", true, MethodComparison, Target::BestModel);
        check("Who comes second on D by F1-score, and what's the DOI of the paper that introduced that model?", true, MethodComparison, Target::BestModel);
        let named = Entities { methods: vec!["Zephyrine-L".into()], datasets: vec!["BenchMira".into()], ..Entities::default() };
        assert_eq!(classify("Who held the BenchMira record just before Zephyrine-L took it, and what's the DOI of the paper that introduced that model?", &named), Classification { query_type: MethodComparison, target: Target::BestModel });
        check("Before 2018, which model was top on D, and what DOI does its paper have?", true, MethodComparison, Target::BestModel);
        check("quick sanity check: since tavrosa leads benchmira these days, what's the doi of the tavrosa paper?", true, ClaimVerification, Target::Verdict);
        check("now that corrasine has the lowest wer on the dastrup-7 chorus, which paper should i cite for that number?", true, ClaimVerification, Target::Verdict);
        check("selkora's 88.5 f1 on sealbrook turbine logs: has a second paper reported the same number?", true, ClaimVerification, Target::Verdict);
        check("most of the papers that report syrinxa on hollenby marsh calls give it 88.3 accuracy - can you confirm?", true, ClaimVerification, Target::Verdict);
        check("Before 2020, four different models already had F1 results on Sealbrook Turbine Logs. Can you confirm?", true, ClaimVerification, Target::Verdict);
        assert_eq!(classify("I need to cite every paper that reports Syrinxa at 88.3% accuracy on Hollenby Marsh Calls -- which ones are they?", &Entities { methods: vec!["Syrinxa".into()], datasets: vec!["Hollenby Marsh Calls".into()], ..Entities::default() }).query_type, MethodComparison, "the papers stating a value are read from its results");
        check("Slide notes: \"As of 2023, Marrowfen held the best Mean IoU on Kelpwatch-Norrland.\" ok to keep?", true, ClaimVerification, Target::Verdict);
        check("which models score below 75 accuracy on benchmira, and which paper reports each of those numbers?", true, MethodComparison, Target::BestModel);
        let q = "lumoria once led the skarnhold glacier set on miou - which models have gone past it since?";
        let got = classify(q, &Entities { methods: vec!["lumoria".into()], datasets: vec!["skarnhold glacier set".into()], ..Entities::default() });
        assert_eq!((got.query_type, got.target), (MethodComparison, Target::Beaten));
    }

    #[test]
    fn what_a_question_asks_to_be_given_is_read_from_its_words() {
        let a = asked("Give the year and DOI of the paper behind BenchMira's current best accuracy - I'm finalising a bibliography.");
        assert!(a.year && a.doi && a.best && !a.datasets && !a.yes_no, "{a:?}");
        let a = asked("Which papers have evaluated Marrowfen, and on which datasets?");
        assert!(a.datasets && !a.year && !a.best, "{a:?}");
        assert!(asked("how does aviquist compare with corrasine on the veltmoor dawn set? is its WER lower").yes_no);
        assert!(asked("When did the best Dastrup-7 result appear? Lowest WER, I mean").year);
        assert!(asked("Is there a benchmark dataset for classification of frog call types?").datasets);
        assert!(!asked("quillon-xl came out after tavrosa, so it beats tavrosa on benchmira acc, yeah?").year, "a statement, not a request");
        assert!(!asked("which paper has doi 10.1234/x").doi, "a DOI given is not asked for");
        assert!(!asked("are there papers better than these?").yes_no, "a request");
        assert!(!asked("is xlnet or gpt3 better on rte").yes_no, "a choice, answered by the comparison");
        assert!(asks_reporting_paper("Which paper reports FrostLattice's 71.4 on BenchMira?"));
        assert!(asks_which_paper("paper behind the 85.1 top-5 on objectnet bbox"), "the paper of a value's result");
        assert!(asks_which_paper("where does the 99.78 on flowers-102 come from?") && asks_which_paper("what's the source of the 99.78 on flowers-102"), "a value's source is its paper");
        assert!(asks_paper_first("whose paper has the 1.11 bpc on enwiki8") && asks_paper_first("paper behind the 85.1 top-5 on objectnet bbox"));
        assert!(!asks_paper_first("who got 99.78 on flowers-102, and in which paper?"), "the paper after the result");
        assert!(asks_result_paper("who wrote the paper behind the top score on BenchMira?") && asks_result_paper("whats the doi of the paper with the best f1 on D") && asks_result_paper("which paper got 431% on atari-57"));
        assert!(!asks_result_paper("best model on stl-10 and which paper reports it?"), "the result first");
        assert!(!asks_result_paper("which paper has the most recent results on atari 2600 pong, and are its numbers the best?"), "the newest paper, not the best's");
        let on_board = Entities { datasets: vec!["BenchMira".into()], ..Entities::default() };
        assert_eq!(classify("who wrote the paper behind the top score on BenchMira?", &on_board), Classification { query_type: PaperLookup, target: Target::TopScore }, "the board read, its paper looked up");
        let both = Entities { methods: vec!["Tavrosa".into()], datasets: vec!["BenchMira".into()], ..Entities::default() };
        assert_eq!(classify("what did the model from the tavrosa paper get on BenchMira?", &both).query_type, MethodComparison, "the model's result, not its paper");
        assert_eq!(classify("what scores does the paper that introduced tavrosa report on BenchMira", &both).query_type, MethodComparison);
        assert_eq!(classify("what's the doi of the tavrosa paper, the one with the BenchMira score?", &both).query_type, PaperLookup);
        assert!(!asks_which_paper("paper for transformers?"), "a paper asked for by topic");
        assert!(!asks_reporting_paper("Which paper reports results on BenchMira?"), "no value given");
        assert!(unnamed_referent("Which models have reported a higher BenchMira accuracy than that paper since then?"));
        assert!(unnamed_referent("what accuracy does the model introduced by the 2020 paper on bird calls reach?"));
        assert!(!unnamed_referent("which model leads BenchMira?"));
        assert_eq!(paper_event("When the Ibbotrans paper appeared, Murrelet-MT still held the best BLEU"), Some(("Ibbotrans".into(), false)));
        assert_eq!(paper_event("Before the Murrelet-MT paper came out, which model led D?"), Some(("Murrelet-MT".into(), true)));
        assert_eq!(paper_event("when the Ibbotrans paper reported 33.6"), None, "what the paper did is no time");
        assert_eq!(paper_event("Did the Tidewick paper come out before the Marrowfen paper?"), None, "two papers' dates compared");
        assert_eq!(described_paper_event("At the time the survey of Vendish language resources was published, what was the best BLEU?"), Some(("survey of Vendish language resources".into(), false)));
        assert_eq!(described_paper_event("Before the Trillbert paper came out, nobody had gotten below 12"), None, "a model's paper is paper_event's");
        assert_eq!(described_paper_event("What was the best result on BenchMira before Tavrosa's result appeared?"), None, "a result, not a paper");
        assert_eq!(described_paper_event("my list and a co-author's disagree on when the paper that introduced Tidewick was published. What year?"), None, "asked, not a time");
        assert_eq!(asked_part("We're picking a backbone, and the vendor pushes Wendrel-S because it's the newest. Which model has the highest accuracy on BenchMira these days?"), "Which model has the highest accuracy on BenchMira these days?");
        assert_eq!(asked_part("Our proposal needs a benchmark. Tell me whether there is a benchmark dataset for flood prediction."), "Tell me whether there is a benchmark dataset for flood prediction.");
        assert_eq!(asked_part("X beats Y on D. Right?"), "X beats Y on D. Right?", "a tag keeps its statement");
        let q = "When was the Dropout paper by Srivastava et al. published, and in which journal?";
        assert_eq!(asked_part(q), q, "\"et al.\" ends no sentence");
        let q = "What is the highest benchmark result achieved on the Atari 2600 Pitfall! dataset, including the metric and its value?";
        assert_eq!(asked_part(q), q, "a name's \"!\" ends no sentence");
        assert_eq!(asked_part("Our run got 78.1. Is the published 78.4 for X reported twice?"), "Is the published 78.4 for X reported twice?");
        let missing = "X's paper ran on Mirelle Subtitles, yet it's missing from your chrF ranking there. On which datasets does it have an actual score?";
        assert!(boards_asked_after_scene(missing, ["Mirelle Subtitles"].into_iter()), "the scene's board is said to be missing");
        assert!(!boards_asked_after_scene("X's paper ran on many boards. Which datasets besides Mirelle Subtitles did it use?", ["Mirelle Subtitles"].into_iter()), "the board is named in the question proper");
        assert!(!boards_asked_after_scene("On which datasets does X have a score besides Mirelle Subtitles?", ["Mirelle Subtitles"].into_iter()), "one sentence sets no scene");
        let own = "I'm reviewing a submission that compares against X. If I remember right it held that spot. Is X still the best model on D?";
        assert_eq!(asked_part(own), "Is X still the best model on D?", "a question naming its subject stands alone");
        assert_eq!(asked_part("X scored 85.4 on D. The paper says so."), "X scored 85.4 on D. The paper says so.", "no question follows");
        let hedged = "I'm making a bar chart for Corvalla-Ice. Which three models have the highest F1 there? I think one table I saw had X at 97, which seems high.";
        assert_eq!(asked_part(hedged), "Which three models have the highest F1 there?", "a hedge after the question is set aside");
        assert_eq!(asked_part("Quick question? X beats Y on D."), "Quick question? X beats Y on D.", "a short opener keeps the claim after it");
        let claim = "Has anyone beaten X's 34.2 BLEU on D? To our knowledge it is still unbeaten, and that is what the draft says.";
        assert_eq!(asked_part(claim), claim, "after a yes/no question the statement may be the claim");
        assert_eq!(asked_part("What year was the Driftmere paper published? I think it's fairly recent."), "What year was the Driftmere paper published?");
        let q = "I've found two different DOIs for the X paper. Which one is the wrong one?";
        assert_eq!(asked_part(q), q, "the one asked about is named before");
        let q = "If I recall correctly, the best F1 on SQuAD1.1 is around 95. What is it exactly?";
        assert_eq!(asked_part(q), q, "'it' is the sentence before");
        let q = "Ostrada-T still had the top BLEU on D as of 2021. Or had somebody passed it by then?";
        assert_eq!(asked_part(q), q, "a second guess keeps the statement it doubts");
        assert_eq!(asked_part("Is that number reported by more than one paper? I'd rather not cite a one-off."), "Is that number reported by more than one paper?", "an aside after a yes/no question");
        assert!(asked("Wendrel is the latest entry on Corvalla-Ice (2024), so isn't it the top model there now?").yes_no, "a negative question after a statement");
        assert!(asked(r#"The draft says "X remains the strongest model on D, as a study confirms." Is X still the best on D?"#).yes_no, "a question after a quoted sentence");
        assert!(asked("Is the published 78.4 for Marrowfen there reported by more than one paper?").yes_no, "a decimal does not end the clause");
        assert!(asked("For the bibliography: X's paper, DOI 10.1/x, appeared in 2019. Can you confirm both details?").yes_no, "a request to confirm");
        assert!(asked(r#"My draft says "When Y appeared, X still held the best BLEU on D." Was that true at the time?"#).yes_no, "whether a quoted sentence is true");
        assert!(!asked("what are the best-known papers on glaciers").best);
        assert_eq!(asked("papers on glacier mapping"), Asked::default());
    }

    #[test]
    fn explicit_claims_and_dois_are_settled_by_wording_alone() {
        assert_eq!(decisive("Is it true that BERT outperforms ELMo on SQuAD1.1?"), Some(QueryType::ClaimVerification));
        assert_eq!(decisive("  verify: ResNet-50 reaches 80.4 on ImageNet"), Some(QueryType::ClaimVerification));
        assert_eq!(decisive("Find the paper with DOI 10.1109/CVPR.2016.90"), Some(QueryType::PaperLookup));
        assert_eq!(decisive("Which papers use LSTM?"), None);
        assert_eq!(decisive("Does BERT outperform ELMo?"), None, "a judgement, left to the LLM");
    }

    #[test]
    fn leaderboard_questions_are_method_comparisons() {
        check("Which model has achieved the highest Accuracy score on the Story Cloze Test benchmark dataset?", true, MethodComparison, Target::BestModel);
        check("Indicate the model that performed best in terms of Accuracy metric on the Kuzushiji-MNIST benchmark dataset?", true, MethodComparison, Target::BestModel);
        check("What is the top benchmark score and its metric on the MAZEA dataset?", true, MethodComparison, Target::TopScore);
        check("What is the highest benchmark result achieved on the Ball in cup, catch (DMControl500k) dataset, including the metric and its value?", true, MethodComparison, Target::TopScore);
        check("How does ResNet-50 compare with EfficientNet-B7 on ImageNet?", true, MethodComparison, Target::BestModel);
        check("What is the state of the art on WMT 2014 English-German?", true, MethodComparison, Target::BestModel);
        check("which model was ahead on kelpwatch-norrland in 2016, by mean iou?", true, MethodComparison, Target::BestModel);
        check("What's the gap between ResNet-50 and EfficientNet-B7 on ImageNet?", true, MethodComparison, Target::BestModel);
        check("how far behind EfficientNet-B7 is ResNet-50 on ImageNet?", true, MethodComparison, Target::BestModel);
    }

    #[test]
    fn statements_about_named_things_are_claims_but_requests_for_numbers_are_not() {
        let named = |q: &str| classify(q, &Entities { methods: vec!["X".into()], ..Entities::default() }).query_type;
        let on_board_named = |q: &str| classify(q, &Entities { datasets: vec!["D".into()], ..Entities::default() }).query_type;
        assert_eq!(named("DeiT-B has the best top-1 accuracy on imagenet"), ClaimVerification);
        assert_eq!(named("BiT-L gets 88.6% top-1 on ImageNet"), ClaimVerification);
        assert_eq!(named("MultiFiT outperforms XLMft UDA on MLDoc"), ClaimVerification);
        assert_eq!(named("rainbow scores above 5000 on space invaders"), ClaimVerification, "a bound stated of a model");
        assert_eq!(named("curl did 902 on walker walk at 500k steps"), ClaimVerification, "'did' a number is a score");
        assert_eq!(on_board_named("who got 99.78 on flowers-102?"), MethodComparison, "the holder of a value");
        assert_eq!(on_board_named("which paper got 431% on atari-57"), PaperLookup, "the paper of a value's result, looked up through the board");
        assert_ne!(named("CURL score on cheetah run (dmcontrol 500k)?"), ClaimVerification);
        assert_ne!(named("which models are used for robotic grasping"), ClaimVerification);
        assert_ne!(named("list the papers that achieved results on MUTAG"), ClaimVerification);
        assert_ne!(named("link to the Table-Sequence (two are better than one) implementation"), ClaimVerification);
        assert_ne!(named("Has anyone worked on part-of-speech tagging for X? I'd need a model to start from."), ClaimVerification, "whether there is work on a topic");
        assert_eq!(named("Has anyone beaten X's 34.2 BLEU on D?"), ClaimVerification);
        assert_eq!(named("X, Y and Z were all evaluated on D"), ClaimVerification, "a list of subjects stated");
        assert_eq!(named("X and Y were both evaluated on D"), ClaimVerification);
        assert_eq!(named("X is not the best on D"), ClaimVerification, "a statement in the negative");
        assert_eq!(named("X has never been tested on D."), ClaimVerification);
        assert_eq!(named("X does not hold the top score on D"), ClaimVerification);
        assert_ne!(named("datasets that X and Y were both tested on"), ClaimVerification, "a relative clause asks for what it describes");
        let on_board = |q: &str| classify(q, &Entities { datasets: vec!["SQuAD1.1".into()], ..Entities::default() }).query_type;
        assert_eq!(on_board("SQuAD1.1 f1 of 90 or more: which models?"), MethodComparison, "the bound is in the head before the colon");
    }

    #[test]
    fn a_stated_best_result_or_number_is_a_claim_even_about_unknown_names() {
        let none = Entities::default();
        assert_eq!(classify("Mamba is the best model on long range arena", &none).query_type, ClaimVerification);
        assert_eq!(classify("SRU++ Large has 23.83 validation ppl on one billion word", &none).query_type, ClaimVerification);
        assert_eq!(classify("CURL scores 600 on cheetah run dmcontrol100k", &none).query_type, ClaimVerification);
        assert_ne!(classify("papers on the best practices of data curation", &none).query_type, ClaimVerification);
        assert_ne!(classify("the jacquard dataset is used for robotic grasping", &none).query_type, ClaimVerification, "a weak verb needs a known name");
    }

    #[test]
    fn a_paper_named_by_what_it_introduced_or_by_a_name_is_a_lookup() {
        let none = Entities::default();
        assert_eq!(classify("the paper that introduced AcrE", &none).query_type, PaperLookup);
        assert_eq!(classify("research problem of the QALD-6 challenge paper", &none).query_type, PaperLookup);
        assert_eq!(classify("paper introducing HDLTex?", &none).query_type, PaperLookup);
        let curl = Entities { methods: vec!["CURL".into()], ..Entities::default() };
        assert_eq!(classify("CURL was introduced in which paper?", &curl).query_type, PaperLookup, "its origin asked with the question word after the verb");
        let task = Entities { tasks: vec!["Data-to-Text Generation".into()], ..Entities::default() };
        assert_eq!(classify("List the papers that address the research problem Data-to-Text Generation.", &task).target, Target::Papers, "papers asked of a problem named as one");
        let task = Entities { tasks: vec!["Robot Navigation".into()], ..Entities::default() };
        assert_eq!(classify("Which models are used for the research problem Robot Navigation?", &task), Classification { query_type: MethodUsage, target: Target::Models }, "models asked of a problem named as one");
        let board = Entities { datasets: vec!["Natural Questions (short)".into()], ..Entities::default() };
        assert_eq!(classify("what has been done on Natural Questions (short)? overview for a related-work para", &board), Classification { query_type: DatasetSearch, target: Target::Models }, "an overview of a board is its models");
        assert_eq!(classify("summarise the results reported on Natural Questions (short)", &board), Classification { query_type: DatasetSearch, target: Target::Models });
        let model = Entities { methods: vec!["MMV".into()], ..Entities::default() };
        assert_eq!(classify("what do we know about MMV?", &model), Classification { query_type: DatasetSearch, target: Target::Datasets }, "an overview of a model is its boards");
        let task = Entities { tasks: vec!["robotic grasping".into()], ..Entities::default() };
        assert_eq!(classify("what are the main approaches to robotic grasping? new to the area", &task), Classification { query_type: MethodUsage, target: Target::Models }, "a task's approaches are its models");
        for q in ["paper behind bertjoint", "concept pointer network paper?", "paper for the neural cache model", "alexnet multigrasp paper"] {
            assert_eq!(classify(q, &none).query_type, PaperLookup, "{q}");
        }
        assert_ne!(classify("neural cache model papers", &none).query_type, PaperLookup, "papers on a topic");
        assert_ne!(classify("newest tidal-turbine fault detection paper?", &none).query_type, PaperLookup, "which of a topic's papers");
        assert_ne!(classify("enwik8 sota comes from which paper?", &Entities { datasets: vec!["enwik8".into()], ..Entities::default() }).query_type, PaperLookup, "the paper of a board's best");
        assert_eq!(classify("sam paper (sharpness aware minimization) - exact title?", &none).query_type, PaperLookup);
        assert_ne!(classify("list the techniques used by the EfficientNet paper", &none).query_type, PaperLookup);
        assert_ne!(classify("papers on knowledge graph completion", &none).query_type, PaperLookup);
        assert_ne!(classify("What is the most recent paper on Kelp Canopy Mapping?", &none).query_type, PaperLookup);
        assert_eq!(classify("Which paper reports FrostLattice's 71.4 on BenchMira?", &none).query_type, MethodComparison);
        let named = Entities { methods: vec!["roberta".into()], datasets: vec!["squad 2.0".into()], ..Entities::default() };
        assert_eq!(classify("roberta large squad 2.0 f1?", &named).query_type, MethodComparison);
        assert_eq!(classify("RoBERTa on SQuAD 2.0, F1?", &named).query_type, MethodComparison);
        assert_ne!(classify("roberta squad 2.0 f1 code?", &named).query_type, MethodComparison, "code asked");
    }

    #[test]
    fn whether_the_graph_holds_a_board_asked_before_a_question_is_no_claim() {
        let named = Entities { datasets: vec!["Dastrup-8 Chorus".into()], ..Entities::default() };
        let c = classify("Is the 8-speaker Dastrup-8 Chorus set in the graph, and which system has the lowest WER on it?", &named);
        assert_eq!((c.query_type, c.target), (MethodComparison, Target::BestModel));
        assert_eq!(classify("Is the Dastrup-8 Chorus set in the graph? Which system leads it?", &named).query_type, MethodComparison);
        assert_eq!(classify("Is Dastrup-8 Chorus the hardest set in the graph?", &named).query_type, ClaimVerification);
    }

    #[test]
    fn a_model_and_a_board_named_alone_ask_for_the_models_numbers_there() {
        let named = Entities { methods: vec!["xlnet".into()], datasets: vec!["race".into()], ..Entities::default() };
        for q in ["xlnet on race", "xlnet on race?", "xlnet ti / s / b on race", "xlnet race", "xlnet large race results"] {
            assert_eq!(classify(q, &named).query_type, MethodComparison, "{q}");
        }
        for q in ["papers using xlnet on race", "xlnet on race code", "who introduced xlnet on race"] {
            assert_ne!(classify(q, &named).query_type, MethodComparison, "{q}");
        }
    }

    #[test]
    fn a_named_models_number_on_a_named_dataset_is_a_comparison() {
        let both = Entities { methods: vec!["M".into()], datasets: vec!["D".into()], ..Entities::default() };
        assert_eq!(classify("what ROUGE-L does PEGASUS get on gigaword", &both).query_type, MethodComparison);
        assert_eq!(classify("how does gpt-3 175b few-shot do on LAMBADA", &both).query_type, MethodComparison);
        assert_eq!(classify("ApproxRepSet accuracy on MUTAG", &both).query_type, MethodComparison);
        let model_only = Entities { methods: vec!["M".into()], ..Entities::default() };
        assert_ne!(classify("what does PEGASUS get used for", &model_only).query_type, MethodComparison);
    }

    #[test]
    fn where_a_model_was_evaluated_lists_datasets_and_what_was_evaluated_lists_models() {
        let model = Entities { methods: vec!["M".into()], ..Entities::default() };
        assert_eq!(classify("where was GR-ConvNet evaluated", &model), Classification { query_type: DatasetSearch, target: Target::Datasets });
        assert_eq!(classify("where else has GR-ConvNet been evaluated?", &model), Classification { query_type: DatasetSearch, target: Target::Datasets });
        assert_eq!(classify("boards of Universal Sentence Encoder?", &model), Classification { query_type: DatasetSearch, target: Target::Datasets });
        let dataset = Entities { datasets: vec!["D".into()], ..Entities::default() };
        assert_eq!(classify("what got evaluated on scierc", &dataset), Classification { query_type: DatasetSearch, target: Target::Models });
        assert_eq!(classify("briefly, what's been evaluated on scierc?", &dataset).target, Target::Models, "what's been evaluated");
        assert_eq!(classify("who's been tested on hmdb51 finetuned", &dataset), Classification { query_type: DatasetSearch, target: Target::Models });
        assert_eq!(classify("what agents were evaluated on atari breakout", &dataset), Classification { query_type: DatasetSearch, target: Target::Models });
        assert_eq!(classify("RACE metrics?", &dataset).target, Target::Metrics);
        assert_eq!(classify("In which datasets was used Trillbert, and which WER it obtains there?", &model).query_type, MethodComparison, "its datasets with its scores");
        assert_eq!(classify("Halverin was used on which datasets, with which scores?", &model).query_type, MethodComparison);
        assert_eq!(classify("which datasets was Halverin used on?", &model).query_type, DatasetSearch);
    }

    #[test]
    fn that_paper_after_an_ask_for_the_best_points_back_at_it() {
        assert!(refers_to_the_best("who's top on the quenmark dialogue set for BLEU and what year and DOI is that paper"));
        assert!(refers_to_the_best("Which model has the best F1 on D, and when did that model appear?"));
        assert!(!refers_to_the_best("what score does that model get on D?"));
        assert!(!refers_to_the_best("Is that paper's result the best on D?"));
    }

    #[test]
    fn claims_are_recognised_by_openers_and_yes_no_comparisons() {
        check("Is it true that BERT outperforms ELMo on SQuAD1.1?", true, ClaimVerification, Target::Verdict);
        check("Does the Transformer achieve 28.4 BLEU on WMT 2014 English-German?", true, ClaimVerification, Target::Verdict);
        check("Does XLNet outperform BERT?", false, ClaimVerification, Target::Verdict);
        check("Is GCN better than GAT on Cora?", true, ClaimVerification, Target::Verdict);
        check("The reference manager has the X paper as 2017 with DOI 10.5555/m.057. OK to submit the bibliography like that?", false, ClaimVerification, Target::Verdict);
    }

    #[test]
    fn a_plain_yes_no_is_told_from_requests_existence_and_choices() {
        assert!(asks_plain_yes_no("does dokieli support RDF?"));
        assert!(asks_plain_yes_no("For my survey. Can dokieli run offline?"));
        assert!(!asks_plain_yes_no("can you list papers on dokieli?"), "a request");
        assert!(!asks_plain_yes_no("is there a paper on dokieli?"), "existence");
        assert!(!asks_plain_yes_no("does any paper evaluate dokieli?"), "existence");
        assert!(!asks_plain_yes_no("which papers are about dokieli?"), "a wh-question");
    }

    #[test]
    fn dataset_questions_cover_models_papers_metrics_and_datasets() {
        check("What models are being evaluated on the UrbanSound8k dataset?", true, DatasetSearch, Target::Models);
        check("List the title and ID of research papers that contain a benchmark over the Penn Treebank (Word Level) dataset?", true, DatasetSearch, Target::Papers);
        check("Provide a list of research paper titles and IDs that have benchmarked models on the Penn Treebank dataset?", true, DatasetSearch, Target::Papers);
        check("Can you list the metrics used to evaluate models on the TDM Tagged Corpus dataset?", true, DatasetSearch, Target::Metrics);
        check("What are the most commonly used benchmark datasets for the Entity Disambiguation research field?", false, DatasetSearch, Target::Datasets);
        check("What are the best-known datasets for sentiment analysis?", false, DatasetSearch, Target::Datasets);
    }

    #[test]
    fn a_metric_whose_name_holds_the_word_metric_is_no_request_for_metrics() {
        let entities = Entities { datasets: vec!["Dataset efficient 2".into()], metrics: vec!["Metric semantic 323".into()], ..Entities::default() };
        assert_eq!(classify("What is the best Metric semantic 323 on Dataset efficient 2?", &entities).query_type, MethodComparison);
        let entities = Entities { datasets: vec!["ImageNet".into()], ..Entities::default() };
        assert_eq!(classify("Which metrics are used on ImageNet?", &entities).query_type, DatasetSearch);
    }

    #[test]
    fn dataset_and_model_names_holding_cue_words_are_no_requests_for_datasets_or_models() {
        let entities = Entities {
            datasets: vec!["Dataset reinforcement 34".into()],
            methods: vec!["Model contrastive 8210".into(), "Model detection 2".into()],
            ..Entities::default()
        };
        let got = classify("Which is better on Dataset reinforcement 34: Model contrastive 8210 or Model detection 2?", &entities);
        assert_eq!((got.query_type, got.target), (MethodComparison, Target::BestModel));
        let entities = Entities { datasets: vec!["Dataset deep 6".into()], ..Entities::default() };
        let got = classify("What models are being evaluated on the Dataset deep 6 dataset?", &entities);
        assert_eq!((got.query_type, got.target), (DatasetSearch, Target::Models));
    }

    #[test]
    fn what_a_model_was_evaluated_on_asks_for_datasets() {
        let entities = Entities { methods: vec!["xlnet".into()], ..Entities::default() };
        assert_eq!(classify("what was xlnet evaluated on", &entities).target, Target::Datasets);
        let dataset = Entities { datasets: vec!["scierc".into()], ..Entities::default() };
        assert_eq!(classify("what got evaluated on scierc", &dataset).target, Target::Models);
    }

    #[test]
    fn who_is_first_on_a_leaderboard_is_a_comparison() {
        check("double dunk leaderbord, who's first?", true, MethodComparison, Target::BestModel);
    }

    #[test]
    fn metrics_people_report_on_a_dataset_asks_for_metrics() {
        check("metrics people report on enwik8", true, DatasetSearch, Target::Metrics);
    }

    #[test]
    fn a_metric_and_a_board_alone_ask_for_the_boards_best_by_it() {
        let named = Entities { datasets: vec!["CommitmentBank".into()], metrics: vec!["f-1".into()], ..Entities::default() };
        assert_eq!(classify("f-1 on CommitmentBank?", &named), Classification { query_type: MethodComparison, target: Target::TopScore });
        assert_ne!(classify("papers that report f-1 on CommitmentBank", &named).target, Target::TopScore);
        check("least error on Fashion-MNIST - which model and what %?", true, MethodComparison, Target::BestModel);
    }

    #[test]
    fn a_board_s_metrics_asked_by_their_count_or_by_how_it_is_evaluated_are_listed() {
        check("how many metrics does ImageNet have?", true, DatasetSearch, Target::Metrics);
        check("what is SQuAD1.1 evaluated with?", true, DatasetSearch, Target::Metrics);
        check("how is WikiText-103 measured?", true, DatasetSearch, Target::Metrics);
    }

    #[test]
    fn the_fewest_parameters_on_a_board_rank_its_models_and_boards_are_asked_by_their_metric() {
        check("fewest params on ImageNet", true, MethodComparison, Target::BestModel);
        check("smallest model on ImageNet by number of params", true, MethodComparison, Target::BestModel);
        assert_eq!(extreme("fewest params on ImageNet"), Some(Extreme::Lowest));
        check("which boards report F1?", false, DatasetSearch, Target::Datasets);
    }

    #[test]
    fn a_board_stated_to_be_measured_by_a_metric_is_a_claim() {
        let named = |metric: &str| Entities { datasets: vec!["WikiText-2".into()], metrics: vec![metric.into()], ..Entities::default() };
        assert_eq!(classify("WikiText-2 is measured by bits per character", &named("bits per character")).query_type, ClaimVerification);
        assert_eq!(classify("WikiText-2 reports both test perplexity and BPC", &named("BPC")).query_type, ClaimVerification);
        assert_ne!(classify("which metrics is WikiText-2 measured by?", &named("BPC")).query_type, ClaimVerification);
        assert_ne!(classify("Is there any paper that reports WikiText-2 with an actual BPC?", &named("BPC")).query_type, ClaimVerification);
    }

    #[test]
    fn a_yes_or_no_on_what_a_board_or_a_model_is_used_for_is_a_claim_and_a_problems_listing_is_not() {
        let board = Entities { datasets: vec!["SQuAD1.1".into()], tasks: vec!["question answering".into()], ..Entities::default() };
        let model = Entities { methods: vec!["BERT".into()], tasks: vec!["NER".into()], ..Entities::default() };
        let task = Entities { tasks: vec!["question answering".into()], ..Entities::default() };
        assert_eq!(classify("is SQuAD1.1 a benchmark for question answering?", &board).query_type, ClaimVerification);
        assert_eq!(classify("was BERT evaluated on NER?", &model).query_type, ClaimVerification);
        assert_ne!(classify("is there a benchmark for question answering?", &task).query_type, ClaimVerification);
        let problems = |q: &str, e: &Entities| classify(q, e).target;
        let tasks_of = Entities { datasets: vec!["CoNLL 2003".into()], ..Entities::default() };
        assert_eq!(problems("what tasks is CoNLL 2003 used for?", &tasks_of), Target::Problems);
        assert_eq!(problems("what is CoNLL 2003 used as a benchmark for?", &tasks_of), Target::Problems);
        assert_eq!(problems("which datasets are used for question answering tasks?", &task), Target::Datasets, "datasets are the head");
        assert_eq!(classify("which models were tried on question answering?", &task), Classification { query_type: MethodUsage, target: Target::Models });
        assert_eq!(problems("which evaluation metrics are used on the question answering benchmarks?", &task), Target::Metrics);
    }

    #[test]
    fn a_request_for_papers_on_a_topic_naming_corpora_is_a_topic_search() {
        assert_eq!(classify("papers on building speech corpora for indian languages", &Entities::default()).query_type, TopicSearch);
        assert_eq!(classify("which corpora are used for speech recognition", &Entities::default()).query_type, DatasetSearch);
    }

    #[test]
    fn a_request_that_opens_by_asking_for_code_asks_for_code() {
        check("github code for mixtral 8x7b", false, MethodUsage, Target::Code);
        check("code for whatever was run on cheetah run 500k", false, MethodUsage, Target::Code);
        check("github code for the 18 layer all-attention network (adaptive span paper)", false, MethodUsage, Target::Code);
        assert_eq!(classify("code generation papers", &Entities::default()).query_type, TopicSearch);
    }

    #[test]
    fn a_choice_between_named_things_is_a_comparison_not_a_claim() {
        assert_eq!(classify("is xlnet or gpt3 better on rte", &Entities::default()).query_type, MethodComparison);
        assert_eq!(classify("is xlnet better than gpt3 on rte", &Entities::default()).query_type, ClaimVerification);
    }

    #[test]
    fn any_benchmarks_of_a_kind_asks_for_datasets() {
        assert_eq!(classify("any OCR benchmarks in there", &Entities::default()).query_type, DatasetSearch);
    }

    #[test]
    fn a_question_for_the_first_paper_on_a_board_and_one_for_a_papers_numbers_are_told_apart() {
        assert_eq!(best_premise("Since Tavrosa leads BenchMira these days, what is the DOI of its paper?"), Some("Tavrosa leads BenchMira these days"));
        assert_eq!(best_premise("Syrinxa has topped Hollenby Marsh Calls since 2020 — what accuracy is it holding the record with?"), Some("Syrinxa has topped Hollenby Marsh Calls since 2020"));
        assert_eq!(best_premise("hollenby marsh calls: which model leads?"), None, "a board named first is no premise");
        assert_eq!(best_premise("As far as I know B still tops D on F1. Who's closest to it there these days?"), None, "a question about the board");
        assert_eq!(best_premise("Trillbert took the D record in 2022. Whose record was it before that?"), None, "an event, not a claim that it leads");
        assert_eq!(margin_asked("Plumaro beat Trillbert on Dastrup-7 Chorus; was the margin more than a full WER point?").as_deref(), Some("Plumaro beat Trillbert on Dastrup-7 Chorus by more than a full WER point"));
        assert_eq!(margin_asked("A beats B on D. Is the gap smaller than 2 points?").as_deref(), Some("A beats B on D by less than 2 points"));
        assert_eq!(margin_asked("Which model leads D, and by how much?"), None);
        assert_eq!(
            margin_asked("When Plumaro posted 8.1 WER on D, was that more than a 10% relative reduction on the previous record?").as_deref(),
            Some("Plumaro posted 8.1 WER on D by more than a 10% relative reduction on the previous record")
        );
        assert!(asks_newest("hollenby marsh calls: most recent paper gives acc for which model, and it is the top?"), "the newest paper's result, asked");
        assert!(asks_newest("What is the newest result on D?") && !asks_newest("What are the newest papers on T?"));
        assert!(asks_newest("what's the most recent result anyone has posted on the skarnhold glacier set?"));
        assert!(asks_first_report("Which is the oldest result on Kelpwatch-Norrland?"));
        assert!(asks_first_report("For my related-work section: which paper first reported a result on the Skarnhold Glacier Set, and which papers followed it?"));
        assert!(asks_first_report("Which paper first reported a BLEU above 30 on the Orrenby Parallel Corpus?"));
        assert!(asks_first_report("What was the first paper with results on D?"));
        assert!(!asks_first_report("Which paper reports the best BLEU on D?"));
        assert!(asks_first_report("Who was first to report a BLEU on D, and who came after?"));
        let reported = |q: &str| classify(q, &Entities { methods: vec!["Nerrisa".into()], datasets: vec!["D".into()], ..Entities::default() }).query_type;
        assert_eq!(reported("The intro of our paper says Nerrisa beat the earlier D record by over two BLEU. Can I keep that sentence?"), QueryType::ClaimVerification);
        assert_eq!(reported("The authors write: \"Nerrisa (6.8 WER) is the strongest prior system on D.\" Can I let that sentence stand?"), QueryType::ClaimVerification);
        assert_eq!(reported("A reviewer wrote that Nerrisa leads D. Does that hold up?"), QueryType::ClaimVerification);
        assert_eq!(reported("Nerrisa is the newest system on D; is it also the state of the art there?"), QueryType::ClaimVerification);
        assert!(!asks_first_report("Who was the first to reach 90 on D?"));
        assert!(asks_paper_results("Which models does 'A Replication of Tidal Turbine Fault Detectors' re-run, and do its numbers match?"));
        assert!(asks_paper_results("what does 'Neural Metric Learning for Fast End-to-End Relation Extraction' evaluate?"), "what a paper evaluates is its results");
        assert!(!asks_paper_results("What year did 'Reproducible Results in Tidal Fault Detection' come out?"), "words of a quoted title ask for nothing");
        assert_eq!(unquoted("plumaro's the fastest on the dastrup set, isn't it?"), "plumaro's the fastest on the dastrup set, isn't it?", "apostrophes quote nothing");
        assert!(asks_paper_datasets("Besides the Quenmark Dialogue Set, which datasets did the Halverin paper evaluate on?"));
        assert!(asks_since_then("Warbleon topped D back in 2019 with just under 80% accuracy. Which other models have beaten it since?"));
        assert!(!asks_since_then("Who had beaten X on D by 2019?"));
        assert!(carried_over("Marrowfen was apparently also tried on kelp canopy mapping. Which paper did that?"));
        assert!(!carried_over("What mean IoU does Marrowfen reach on kelp canopy mapping?"));
        assert!(!asks_paper_datasets("What year was the Halverin paper published?"));
    }

    #[test]
    fn one_paper_named_by_its_words_is_told_from_papers_in_general() {
        assert!(names_a_paper("what code repos are linked to the dynamic convolution paper?"));
        assert!(names_a_paper("Is there code for the paper 'Deep contextualized word representations'?"));
        assert!(!names_a_paper("code of the models in the text classification papers"));
        assert!(!names_a_paper("papers with code on image classification"));
        assert!(asks_openly("the AxCell paper ('AxCell: ...') — what micro precision does it report on PWC Leaderboards?"));
        assert!(asks_paper_score("pop-art paper (learning values across many orders of magnitude): score on atari time pilot?"));
        assert!(!asks_paper_score("which datasets did the pop-art paper evaluate on?"));
        assert!(!asks_openly("the deeper task-specificity joint extraction paper evaluates on CoNLL04"));
        assert!(asks_openly("is there code for the 2021 OAG-BERT paper"), "a request for its code");
        assert!(!asks_openly("the paper 'How to Train Your Dragon' is about NER"), "a title's words ask nothing");
    }

    #[test]
    fn reported_and_source_separation_ask_for_no_code_and_a_since_paper_is_read() {
        let q = "Looking for a benchmark dataset for birdsong source separation, ideally one people have reported on since the Plumaro paper. Is there one?";
        assert!(!ASKS_CODE.is_match(&q.to_lowercase()), "\"reported\" holds \"repo\"; \"source separation\" is a task");
        assert!(ASKS_CODE.is_match("where is the source for plumaro?") && ASKS_CODE.is_match("plumaro repo"));
        assert_eq!(since_paper(q).as_deref(), Some("Plumaro"));
        assert!(!without_since_paper(q).contains("Plumaro"));
    }

    #[test]
    fn a_name_followed_by_a_request_for_its_code_asks_for_code() {
        check("dd-ppo source code links", false, MethodUsage, Target::Code);
        let levit = Entities { methods: vec!["LeViT-384".into()], ..Entities::default() };
        assert_eq!((classify("which boards was LeViT-384 run on?", &levit).query_type, classify("which boards was LeViT-384 run on?", &levit).target), (DatasetSearch, Target::Datasets), "a board is a dataset");
        let pair = Entities { methods: vec!["AVID".into(), "MMV".into()], ..Entities::default() };
        assert_eq!(classify("which boards do AVID and MMV share?", &pair).target, Target::Datasets, "the boards two models share");
        assert_ne!(classify("which bpc boards have a better (lower) top than it?", &Entities::default()).query_type, DatasetSearch, "boards compared, not a model's boards");
        let curl = Entities { methods: vec!["CURL".into()], ..Entities::default() };
        for q in ["how many boards has CURL been evaluated on?", "on how many leaderboards was CURL evaluated?", "how many leaderboards is CURL on?"] {
            assert_eq!((classify(q, &curl).query_type, classify(q, &curl).target), (DatasetSearch, Target::Datasets), "{q}: a model's boards counted");
        }
        assert_eq!(classify("which papers on atari 2600 venture don't link any code?", &Entities { datasets: vec!["atari 2600 venture".into()], ..Entities::default() }).target, Target::Papers, "papers kept by their code");
        check("qa-gnn implmentation link", false, MethodUsage, Target::Code);
        assert_eq!(classify("papers on source code summarization", &Entities::default()).query_type, TopicSearch);
    }

    #[test]
    fn usage_questions_cover_code_links_and_papers() {
        check("Provide a list of papers that have utilized the Flair-TDM model and include the links to their code?", false, MethodUsage, Target::Code);
        check("Can you provide links to code used in papers that benchmark the Transformer-XL Base model?", false, MethodUsage, Target::Code);
        check("Which papers use LSTM?", false, MethodUsage, Target::Papers);
        let hdltex = Entities { methods: vec!["HDLTex".into()], ..Entities::default() };
        assert_eq!(classify("HDLTex repo", &hdltex).query_type, MethodUsage);
        assert_eq!(classify("HDLTex repo", &hdltex).target, Target::Code);
        check("which papers report DQNMMCe", false, MethodUsage, Target::Papers);
        check("papers with DyGIE++ results", false, MethodUsage, Target::Papers);
        check("models for pointgoal nav", false, MethodUsage, Target::Models);
        check("neural code generation / program synthesis papers", false, TopicSearch, Target::Papers);
        check("critical success factors for ERP implementation - list the papers", false, TopicSearch, Target::Papers);
        let method = Entities { methods: vec!["SciBERT".into()], ..Entities::default() };
        assert_eq!(classify("research problems tackled with scibert", &method).target, Target::Problems);
        assert_eq!(classify("research problems tackled with scibert", &method).query_type, MethodUsage);
    }

    #[test]
    fn search_box_queries_of_a_name_and_a_word_or_two_ask_what_the_word_says() {
        let board = |d: &str| Entities { datasets: vec![d.into()], ..Entities::default() };
        let both = |m: &str, d: &str| Entities { methods: vec![m.into()], datasets: vec![d.into()], ..Entities::default() };
        let of = |q: &str, e: &Entities| { let c = classify(q, e); (c.query_type, c.target) };
        assert_eq!(of("nyt24", &board("nyt24")), (DatasetSearch, Target::Models));
        assert_eq!(of("ace 2005 results", &board("ace 2005")), (MethodComparison, Target::TopScore));
        assert_eq!(of("elmo tasks", &Entities { methods: vec!["elmo".into()], ..Entities::default() }), (MethodUsage, Target::Problems));
        assert_eq!(of("gpt-3 best on lambada?", &both("gpt-3", "lambada")).0, ClaimVerification);
        assert_eq!(of("pubmedbert 90 f1 on bc2gm", &both("pubmedbert", "bc2gm")).0, ClaimVerification);
        assert_ne!(of("gpt-3 best on lambada", &both("gpt-3", "lambada")).0, ClaimVerification, "a standing unasked is not stated");
        assert_ne!(of("resnet-50 accuracy on imagenet", &both("resnet-50", "imagenet")).0, ClaimVerification);
        assert_eq!(of("archery functional training paper authors and year", &Entities::default()).0, PaperLookup);
        // A board's or a model's results past a value, asked in keywords.
        assert_eq!(of("ddi scores over 80", &board("ddi")).0, MethodComparison);
        assert_eq!(of("chemprot results over 80?", &board("chemprot")).0, MethodComparison);
        assert_eq!(of("anything above 20 bleu on rotowire?", &board("rotowire")).0, MethodComparison);
        assert_eq!(of("perceiver results above 10", &Entities { methods: vec!["perceiver".into()], ..Entities::default() }).0, MethodComparison);
        assert_eq!(of("no model on sst-5 scores above 90", &board("sst-5")).0, ClaimVerification, "a quantified statement is a claim");
        assert_eq!(of("relation extraction papers that use chemprot?", &board("chemprot")), (TopicSearch, Target::Papers));
        assert_eq!(of("papers evaluated on CoNLL04", &board("CoNLL04")).0, DatasetSearch);
        assert_eq!(of("show me papers that report results on LAMBADA", &board("LAMBADA")).0, DatasetSearch);
    }

    #[test]
    fn a_model_asked_whether_it_is_open_source_what_task_it_is_for_or_what_it_scored_is_asked_not_claimed() {
        let luke = Entities { methods: vec!["LUKE".into()], ..Entities::default() };
        let of = |q: &str| { let c = classify(q, &luke); (c.query_type, c.target) };
        assert_eq!(of("is LUKE open source?"), (MethodUsage, Target::Code));
        assert_eq!(of("what task is LUKE for?"), (MethodUsage, Target::Problems));
        assert_eq!(of("what did LUKE score?").0, MethodComparison);
        assert_eq!(classify("open source software papers", &Entities::default()).query_type, TopicSearch);
    }

    #[test]
    fn a_tag_needs_a_comma_or_a_question_mark_and_a_stated_doi_is_a_claim() {
        check("top 5 models on cifar-10 by percentage correct", true, MethodComparison, Target::BestModel);
        let named = |q: &str| classify(q, &Entities { datasets: vec!["X".into()], ..Entities::default() }).query_type;
        assert_eq!(named("wikitext-103 is a language modelling benchmark"), ClaimVerification);
        assert_eq!(classify("oag-bert came out in 2019", &Entities::default()).query_type, ClaimVerification);
        assert_ne!(classify("papers published in 2019 about graph neural networks", &Entities::default()).query_type, ClaimVerification);
        assert_eq!(classify("OAG-BERT paper published in 2021?", &Entities::default()).query_type, ClaimVerification, "one paper's year, asked");
        assert_ne!(classify("any nitrogen fixation paper from 2014?", &Entities::default()).query_type, ClaimVerification, "a request for whatever fits");
        assert_ne!(classify("covid paper published in 2019", &Entities::default()).query_type, ClaimVerification, "a request typed without a question mark");
        assert_eq!(named("X is the best on D, correct"), ClaimVerification);
        let none = Entities::default();
        assert!(asks_value("which papers have run syrinxa on hollenby, and what acc do they agree on?"));
        assert!(asks_value("What did the replication find for Murrelet-MT on Mirelle (chrF)?"));
        assert_eq!(extreme("which system has the lowest BLEU on D"), Some(Extreme::Lowest));
        assert_eq!(extreme("Which model has the worst F-measure on D?").map(|e| e.direction(Direction::Higher)), Some(Direction::Lower));
        assert_eq!(extreme("Which model has the worst WER on D?").map(|e| e.direction(Direction::Lower)), Some(Direction::Higher));
        assert_eq!(extreme("best model on D"), None);
        assert_eq!(extreme("which models score at least 90 on D?"), None, "a bound, not the lowest");
        assert_eq!(extreme("Which model has the lowest error on BenchMira these days?"), None, "the best, whichever way the board's metric runs");
        assert_eq!(extreme("who has the highest error on D?"), Some(Extreme::Worst));
        assert_eq!(extreme("who has the lowest word error rate on D?"), Some(Extreme::Lowest), "the metric named, as any other");
        for worst in ["who is last on Dastrup-7 Chorus by WER?", "the bottom three on D (accuracy)", "which system sits at the bottom of each benchmark?", "on which benchmarks does X come dead last?", "which result on D was furthest from the best one?", "who finished last on D?"] {
            assert_eq!(extreme(worst), Some(Extreme::Worst), "{worst}");
        }
        for not_worst in ["which paper came out last on D?", "who was last updated on D", "the last paper on D", "bottom-up parsing papers", "results from last year on D"] {
            assert_eq!(extreme(not_worst), None, "{not_worst}");
        }
        assert_eq!(classify("Nerrisa scores above 20 BLEU on the Quenmark set (yes/no)", &none).query_type, ClaimVerification);
        assert!(asks_value("what's the most recent result anyone has posted on the skarnhold glacier set?"));
        assert!(asks_value("What F1 does Orvalis-CNN get on Corvalla-Ice?"));
        assert!(!asks_value("which papers report results on ImageNet?"));
        assert!(!asks_value("How many models have results on BenchMira by Accuracy?"), "a count of models, which the listing states");
        assert!(!asks_value("which models have the best score on X?"));
        let pimbra = Entities { methods: vec!["PimbraFormer".into()], datasets: vec!["BenchMira".into()], ..Entities::default() };
        assert_eq!(classify("List every model that has beaten PimbraFormer's 84.7 accuracy on BenchMira.", &pimbra).target, Target::Beaten);
        assert_eq!(classify("Am I right that Halverin remains the strongest system on Mirelle Subtitles?", &none).query_type, ClaimVerification);
        assert_eq!(classify("so it's still the top accuracy there right", &pimbra).query_type, ClaimVerification);
        assert_eq!(classify("as of 2022 selkora already had the best f1 on sealbrook, yeah?", &none).query_type, ClaimVerification);
        assert_eq!(classify("corrasine sits at 7.2 WER on veltmoor dawn set, yeah?", &none).query_type, ClaimVerification);
        assert_eq!(classify("trillbert is ahead of warbleon on dastrup-7 chorus by WER, no?", &none).query_type, ClaimVerification);
        assert_eq!(classify("Selkora was already the best F1 on Sealbrook before 2020, wasn't it?", &none).query_type, ClaimVerification);
        assert_eq!(classify("Halverin's 27.3 BLEU on Orrenby - is that still the best number anyone has?", &none).query_type, ClaimVerification);
        let fucusnet = Entities { methods: vec!["Fucusnet".into()], datasets: vec!["Kelpwatch".into()], ..Entities::default() };
        let beaten = classify("Fucusnet used to lead Kelpwatch - which models have beaten it since?", &fucusnet);
        assert_eq!((beaten.query_type, beaten.target), (MethodComparison, Target::Beaten));
        let named = Entities { methods: vec!["syrinxa".into()], datasets: vec!["hollenby marsh calls".into()], metrics: vec!["acc".into()], ..Entities::default() };
        assert_eq!(classify("syrinxa acc on hollenby marsh calls", &named).query_type, MethodComparison);
        let named = Entities { methods: vec!["plumaro".into()], datasets: vec!["dastrup-7 chorus".into()], metrics: vec!["WER".into()], ..Entities::default() };
        assert_eq!(classify("plumaro's WER on dastrup-7 chorus?", &named).query_type, MethodComparison);
        assert_eq!(decisive("DOI for Just Add Functions: A Neural-Symbolic Language Model is 10.1609/aaai.v34i05.6264"), None);
        assert_eq!(classify("DOI for Just Add Functions: A Neural-Symbolic Language Model is 10.1609/aaai.v34i05.6264", &Entities::default()).query_type, ClaimVerification);
    }

    #[test]
    fn a_problem_described_by_a_paper_or_model_is_found_first_and_one_asked_for_is_not() {
        for (q, said, first, others) in [
            ("other papers on the problem the Marrowfen paper addresses", "on the problem the Marrowfen paper addresses", "What is the research problem of the Marrowfen paper?", true),
            ("papers on the same task as Wendrel-S", "on the same task as Wendrel-S", "Which research problems is Wendrel-S used for?", false),
            ("papers in the graph on the task the Quillon XL model is evaluated for?", "on the task the Quillon XL model is evaluated for", "Which research problems is Quillon XL used for?", false),
            ("papers on the same problem as 'Bog Soundscapes at Night'", "on the same problem as 'Bog Soundscapes at Night'", "What is the research problem of 'Bog Soundscapes at Night'?", false),
            ("what other work is there tackling the task the Tavrosa paper is about", "tackling the task the Tavrosa paper is about", "What is the research problem of the Tavrosa paper?", true),
        ] {
            let d = problem_described(q).unwrap_or_else(|| panic!("{q}"));
            assert_eq!((&q[d.span.clone()], d.first.as_str(), d.others), (said, first, others), "{q}");
        }
        assert!(problem_described("what is the research problem the Marrowfen paper addresses?").is_none(), "the problem itself asked for");
        let d = problem_described("which models were evaluated on the same datasets as Wendrel-S?").expect("datasets described");
        assert_eq!((d.first.as_str(), d.boards, d.other_models), ("Which datasets was Wendrel-S evaluated on?", true, true));
        let q = "whats the best result on each of the datasets the Marrowfen paper used";
        let d = problem_described(q).expect("a paper's datasets described");
        assert_eq!((&q[d.span.clone()], d.first.as_str(), d.boards, d.other_models), ("of the datasets the Marrowfen paper used", "Which datasets does the Marrowfen paper use?", true, false));
        assert!(problem_described("which datasets are benchmarked for the problem the Marrowfen paper works on").is_some_and(|d| !d.papers), "a problem's datasets");
        assert_eq!(classify("other papers on the task Wendrel-S is used for", &Entities { methods: vec!["Wendrel-S".into()], ..Entities::default() }).query_type, TopicSearch, "papers asked for, nothing claimed");
    }

    #[test]
    fn a_listing_of_what_named_models_share_is_told_from_their_union() {
        for q in ["which datasets were both Wendrel-S and Tavrosa evaluated on?", "tasks Wendrel-S and Tavrosa have in common", "research problems shared by Wendrel-S and Tavrosa", "do Wendrel-S and Tavrosa share any datasets?"] {
            assert!(asks_shared(q), "{q}");
        }
        assert!(!asks_shared("which datasets were Wendrel-S and Tavrosa evaluated on?"));
        assert!(named_together("whats the best result on each of D1, D2 and D3", &["D2", "D1", "D3"]) && named_together("the lowest WER on the Veltmoor set and on Dastrup-7?", &["Veltmoor set", "Dastrup-7"]));
        assert!(!named_together("Who leads Veltmoor on WER, and what does that system score on Dastrup-7?", &["Veltmoor", "Dastrup-7"]), "two clauses");
    }

    #[test]
    fn a_model_described_by_its_place_on_a_board_is_found_and_one_asked_for_is_not() {
        for (q, said, found) in [
            ("What does the best model on RACE score on IMDb?", "the best model on RACE", "Which model is the best model on RACE?"),
            ("Which datasets has the leader of SQuAD1.1 been evaluated on?", "the leader of SQuAD1.1", "Which model is the leader of SQuAD1.1?"),
            ("Does the model that leads BenchMira also lead Corvalla-Ice?", "the model that leads BenchMira", "Which model is the model that leads BenchMira?"),
            ("Has Dastrup-7 Chorus's current leader been tested on the Veltmoor Dawn Set?", "Dastrup-7 Chorus's current leader", "Which model is Dastrup-7 Chorus's current leader?"),
            ("Does whoever tops Corvalla-Ice on F1 also beat PimbraFormer on BenchMira?", "whoever tops Corvalla-Ice on F1", "Which model tops Corvalla-Ice on F1?"),
            ("Whoever is on top of BenchMira right now - which other datasets has that model been tested on?", "Whoever is on top of BenchMira right now", "Which model is on top of BenchMira right now?"),
            ("Is the Hollenby Marsh Calls accuracy leader also the system with the lowest WER on D?", "the Hollenby Marsh Calls accuracy leader", "Which model is the Hollenby Marsh Calls accuracy leader?"),
            ("what accuracy on Hollenby Marsh Calls does the model with the lowest WER on Dastrup-7 Chorus get?", "the model with the lowest WER on Dastrup-7 Chorus", "Which model is the model with the lowest WER on Dastrup-7 Chorus?"),
            ("As of 2021, did the model on top of Kelpwatch-Norrland also lead Sealbrook Turbine Logs?", "the model on top of Kelpwatch-Norrland", "Which model is the model on top of Kelpwatch-Norrland as of 2021?"),
            ("Which datasets has the model that led Sealbrook Turbine Logs as of 2019 been evaluated on?", "the model that led Sealbrook Turbine Logs as of 2019", "Which model is the model that led Sealbrook Turbine Logs as of 2019?"),
            ("The system that took the Dastrup-7 Chorus record from Warbleon gets under 10 WER there, right?", "The system that took the Dastrup-7 Chorus record from Warbleon", "Which model is The system that took the Dastrup-7 Chorus record from Warbleon?"),
            ("which datasets was the best model on BenchMira evaluated on?", "the best model on BenchMira", "Which model is the best model on BenchMira?"),
            ("code for the model that holds the BenchMira record?", "the model that holds the BenchMira record", "Which model is the model that holds the BenchMira record?"),
            ("which other datasets has the top BenchMira model been evaluated on?", "the top BenchMira model", "Which model is the top BenchMira model?"),
            ("code links for the model with the best score on BenchMira?", "the model with the best score on BenchMira", "Which model is the best model on BenchMira?"),
            ("Is there code for the model with 0.815 MRR on BenchMira?", "the model with 0.815 MRR on BenchMira", "Which model got 0.815 MRR on BenchMira?"),
            ("code for whatever got 55.84 accuracy on BenchMira?", "whatever got 55.84 accuracy on BenchMira", "Which model got 55.84 accuracy on BenchMira?"),
        ] {
            let (span, asked) = leader_described(q).unwrap_or_else(|| panic!("{q}"));
            assert_eq!((&q[span], asked.as_str()), (said, found), "{q}");
        }
        for q in ["What is the best model on RACE?", "Which model is the leader of SQuAD1.1?", "Who is BenchMira's current leader?", "A slide says Lumoria is the best model on the Skarnhold Glacier Set and has the fewest parameters.", "A report says their transcriber, with its new 2025 paper, is now the best system on Dastrup-7 Chorus. Is that so?"] {
            assert!(leader_described(q).is_none(), "asked for, not described: {q}");
        }
    }

    #[test]
    fn a_paper_named_before_a_dash_and_a_possessive_score_are_understood() {
        let none = Entities::default();
        assert_eq!(classify("DeiT paper title?", &none).query_type, PaperLookup);
        assert_eq!(classify("biosentvec paper - what datasets was it evaluated on", &none).query_type, PaperLookup);
        assert_eq!(classify("levit: a vision transformer in convnets clothing - which models does it report", &none).query_type, PaperLookup);
        assert_eq!(classify("what's mfec's score on ms pacman", &none).query_type, MethodComparison);
        assert_eq!(classify("metrics for scierc", &none).query_type, DatasetSearch);
        assert_eq!(classify("hutter prize bpc leader", &none).query_type, MethodComparison);
        let pitfall = Entities { datasets: vec!["Pitfall".into()], ..Entities::default() };
        assert_eq!(classify("highest score anyone got on Pitfall (atari 2600)", &pitfall).query_type, MethodComparison);
        assert_ne!(classify("earth system models - what papers are there", &none).query_type, PaperLookup);
        assert_ne!(classify("1B word benchmark - which metrics", &none).query_type, PaperLookup);
    }

    #[test]
    fn the_methods_one_paper_uses_are_asked_of_that_paper() {
        assert!(asks_paper_methods("What methods does the paper 'Attention Is All You Need' use?"));
        assert!(asks_paper_methods("which models did the dueling network paper use?"));
        assert!(asks_paper_methods("which models has Paper 'Fast-Slow Recurrent Neural Networks' used?"));
        assert!(!asks_paper_methods("which models use attention?"), "no paper named");
        assert!(!asks_paper_methods("which models used in the BERT paper score best on SQuAD?"), "a comparison");
    }

    #[test]
    fn lookups_and_topics() {
        check("Who wrote 'Attention Is All You Need'?", false, PaperLookup, Target::PaperDetails);
        check("Find the paper with DOI 10.1109/CVPR.2016.90", false, PaperLookup, Target::PaperDetails);
        check("What is the DOI of the BERT paper?", false, PaperLookup, Target::PaperDetails);
        check("what is recurrent rational networks about?", false, PaperLookup, Target::PaperDetails);
        check("which problem does piano skills assessment tackle", false, PaperLookup, Target::PaperDetails);
        check("what papers has riccardo monzoni got in here?", false, PaperLookup, Target::Papers);
        check("what's the paper behind OntoNotes?", false, PaperLookup, Target::PaperDetails);
        check("which models use attention?", false, MethodUsage, Target::Models);
        check("Does GGCNN come with publicly available code?", false, ClaimVerification, Target::Verdict);
        check("does ggcnn have code?", false, MethodUsage, Target::Code);
        check("what's a good test perplexity on wikitext-2?", true, MethodComparison, Target::BestModel);
        check("papers by Ashish Vaswani", false, PaperLookup, Target::Papers);
        check("Show me research on protein structure prediction", false, TopicSearch, Target::Papers);
        check("Can you list benchmarked problems in the area of Artificial Intelligence?", false, TopicSearch, Target::Problems);
        check("Which papers are linked to the research problem Humor Detection?", false, TopicSearch, Target::Papers);
        check("self-supervised action recognition benchmarks?", false, DatasetSearch, Target::Datasets);
        check("benchmarks for language modelling", false, DatasetSearch, Target::Datasets);
        check("benchmarks people use for common sense reasoning", false, DatasetSearch, Target::Datasets);
        check("where can i test a data-to-text generation model?", false, DatasetSearch, Target::Datasets);
    }

    #[test]
    fn leading_context_is_set_aside_unless_it_is_the_question() {
        check("For a reviewer report: what is the strongest result on MS MARCO, and does it beat BM25?", true, MethodComparison, Target::TopScore);
        check("In which papers is the attention mechanism applied, and for what?", false, MethodUsage, Target::Papers);
        // The scene, then a remembered aside, then the question.
        let q = "I'm reviewing a submission that compares against tavrosa as 'the current best on BenchMira'. If I remember right it held that spot when its paper came out. Is Tavrosa still the best model on BenchMira?";
        let got = classify(q, &Entities { methods: vec!["Tavrosa".into()], datasets: vec!["BenchMira".into()], ..Entities::default() });
        assert_eq!(got.query_type, ClaimVerification, "{q}");
        check("frostlattice still SOTA on benchmira?", true, ClaimVerification, Target::Verdict);
        check("the pimbraformer paper (2018) puts pimbraformer at 89.9 f1 on corvalla-ice?", true, ClaimVerification, Target::Verdict);
        check("How many papers put Orvalis-CNN's F1 on Corvalla-Ice at 87.0?", true, MethodComparison, Target::BestModel);
    }

    #[test]
    fn an_llm_label_wins_unless_the_wording_settles_the_type() {
        let claim = "Is it true that BERT outperforms ELMo on SQuAD1.1?";
        let rules = classify(claim, &Entities::default());
        let mut d = Diagnostics::default();
        let (c, by) = choose(claim, rules, Some(r#"{"query_type": "topic_search"}"#), &mut d);
        assert_eq!((c.query_type, by), (ClaimVerification, Decider::Rules));
        assert!(d.has(Code::LlmOverruled));
        let q = "Which papers use LSTM?";
        let (c, by) = choose(q, classify(q, &Entities::default()), Some(r#"{"query_type": "method_comparison"}"#), &mut d);
        assert_eq!((c.query_type, c.target, by), (MethodComparison, Target::BestModel, Decider::Llm));
        let (c, by) = choose(q, classify(q, &Entities::default()), Some("no idea"), &mut d);
        assert_eq!((c.query_type, by), (MethodUsage, Decider::Rules));
        assert!(d.has(Code::LlmUnusableReply));
        assert_eq!(choose(q, classify(q, &Entities::default()), None, &mut d).1, Decider::Rules);
    }

    #[test]
    fn llm_labels_are_read_from_json_fences_or_bare_words_and_nothing_else() {
        assert_eq!(parse_llm_label(r#"{"query_type": "dataset_search"}"#), Some(DatasetSearch));
        assert_eq!(parse_llm_label("```json\n{\"query_type\":\"paper_lookup\"}\n```"), Some(PaperLookup));
        assert_eq!(parse_llm_label("Sure! The type is method_usage."), Some(MethodUsage));
        assert_eq!(parse_llm_label(r#"{"query_type": "recipes"}"#), None);
        assert_eq!(parse_llm_label("topic_search or paper_lookup"), None);
        assert_eq!(parse_llm_label(""), None);
    }
}
