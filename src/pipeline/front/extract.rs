//! Front stage: which methods, datasets, tasks, fields and metrics does the question mention?
//!
//! Two extractors produce the same [`Entities`]: [`by_keywords`], dictionary matching over
//! the lexicon (synonym tables plus the graph's own labels, whole words only), which always
//! works; and the LLM, asked with [`llm_request`] for few-shot JSON and read back by
//! [`parse_llm_reply`], which tolerates code fences and chatter and rejects anything that is
//! not the expected shape. The pipeline falls back to keywords when the LLM fails or finds
//! nothing. This module also pulls out what a paper lookup needs ([`LookupKeys`]: a DOI,
//! a quoted title) and the title keywords of the fallback strategy. Pure: no I/O.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;
use serde::Serialize;

use super::classify;
use super::lexicon::{ByKind, EntityKind, Lexicon};
pub use super::grounding::{choose, ground, llm_request, parse_llm_reply, Grounded};

/// Entity mentions by kind, as written in the question (or as the LLM named them).
pub type Entities = ByKind<String>;

impl Entities {
    /// Adds `text` under `kind` unless it is there already (case-insensitively).
    pub fn push(&mut self, kind: EntityKind, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let list = self.get_mut(kind);
        if !list.iter().any(|t| t.eq_ignore_ascii_case(text)) {
            list.push(text.to_owned());
        }
    }
}

/// Dictionary extraction: every lexicon mention in the question, by the kind of its best
/// entry, plus names the lexicon does not know, from the words around them ("on the X
/// dataset", "the X model", "in terms of X").
pub fn by_keywords(lexicon: &Lexicon, question: &str) -> Entities {
    // "benchmarks in the graph?": the graph asked is no name ("graph" is a task alias).
    let masked = THE_GRAPH_ITSELF.replace_all(question, |c: &regex::Captures| " ".repeat(c[0].len()));
    let mut masked = super::anchor::masked(masked.as_ref()).into_owned();
    // "what does bert score on squad": "score" is the verb, not the metric "BERT score".
    if let Some(verb) = SCORE_VERB.captures(&masked).and_then(|c| c.get(1)).map(|m| m.range()) {
        masked.replace_range(verb.clone(), &" ".repeat(verb.len()));
    }
    let question = masked.as_str();
    let mentions = lexicon.find(question);
    // "the research problem Neural Architecture Search": a name the graph holds as a model
    // and as a problem is the problem where the question says so; so is it where boards are
    // asked for it ("what benchmarks are there for neural architecture search?").
    static PROBLEM_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?i)\b(?:research\s+)?(?:problem|task)\s+(?:of\s+|called\s+|named\s+)?["'“‘]?$|\b(?:benchmarks|datasets|leaderboards)\s+(?:(?:are\s+there|exist|do\s+people\s+use|are\s+used|matter)\s+)?(?:for|in)\s+(?:the\s+)?$"#).unwrap_or_else(|e| panic!("problem-before pattern: {e}"))
    });
    let kind_of = |i: usize| {
        let kinds = || mentions[i].entries.iter().map(|&e| lexicon.entry(e).kind);
        match PROBLEM_BEFORE.is_match(&question[..mentions[i].start]) {
            true => kinds().find(|k| *k == EntityKind::Task).or_else(|| kinds().next()),
            false => kinds().next(),
        }
    };
    // (start, kind, text) of every accepted name, ordered by position at the end.
    let mut found: Vec<(usize, EntityKind, String)> = Vec::new();
    let mut superseded = vec![false; mentions.len()];
    // What a claim's grammar marks is one name whatever it holds: the board "cnn dm" is a
    // dataset even though "cnn" names a model.
    let grammar = super::statement::spans(question);
    let guesses = super::statement::guess_spans(question);
    for (kind, start, end) in contextual(question) {
        // A guess ends where a name of another kind begins: "gibson pointgoal nav spl" is
        // the board "gibson pointgoal nav" by SPL, "mnli (matched)" the board "mnli" by
        // Matched.
        let end = match guesses.iter().any(|&(k, s, e)| k == kind && s <= start && end <= e) {
            true => (0..mentions.len())
                .filter(|&i| mentions[i].start > start && mentions[i].start < end && kind_of(i).is_some_and(|k| k != kind))
                .map(|i| start + question[start..mentions[i].start].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '-' | ',' | '(')).len())
                .min()
                .unwrap_or(end),
            false => end,
        };
        // Not over names of its own kind or metrics: "LAMBADA accuracy" is LAMBADA by accuracy.
        let marked = grammar.iter().any(|&(k, s, e)| k == kind && s <= start && end <= e)
            && !(0..mentions.len()).any(|i| mentions[i].start < end && start < mentions[i].end && matches!(kind_of(i), Some(k) if k == kind || k == EntityKind::Metric));
        let inside: Vec<usize> =
            (0..mentions.len()).filter(|&i| mentions[i].start < end && start < mentions[i].end).collect();
        // Only dataset and model names grow this way: "improving object detection" is not a
        // more specific task than "object detection".
        // A mention may run past the phrase only by a generic head word: the alias
        // "Transformer model" inside "the Funnel Transformer model".
        let within = |i: usize| {
            let overhang = question.get(end..mentions[i].end.max(end)).unwrap_or("").trim().to_lowercase();
            start <= mentions[i].start && (mentions[i].end <= end || GENERIC_HEADS.contains(&overhang.as_str()))
        };
        // "both Hollenby Marsh Calls and Veltmoor Dawn Set" is two names, not a longer one.
        let joins_names = inside.windows(2).any(|w| {
            let gap = question.get(mentions[w[0]].end..mentions[w[1]].start).unwrap_or("").to_lowercase();
            gap.contains(',') || gap.split_whitespace().any(|g| matches!(g, "and" | "or" | "nor" | "vs" | "vs." | "versus"))
        });
        // "who is on top for WMT2016 German-English": words ending in a preposition lead up
        // to the name; they do not make it a longer one.
        let lead = inside.iter().map(|&i| mentions[i].start).min().and_then(|s| question.get(start..s)).unwrap_or("");
        let leads_up = lead
            .split_whitespace()
            .last()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "for" | "on" | "of" | "in" | "at" | "to" | "with" | "from" | "by" | "about" | "over" | "against"));
        let extends_a_known_name = kind != EntityKind::Task
            && !joins_names
            && !leads_up
            && !inside.is_empty()
            && inside.iter().all(|&i| (marked || kind_of(i) == Some(kind)) && within(i))
            && inside.iter().all(|&i| mentions[i].start > start || mentions[i].end < end);
        // "tested on anli (test) and on winogrande": a name before "and on" the known one is
        // a name of its own.
        if leads_up {
            let head = lead.trim_end();
            let head = head[..head.rfind(char::is_whitespace).unwrap_or(0)].trim_end();
            // Only before "and"/"or"/a comma: "90.1 for BiTT" names no board "90.1".
            let joined = head.strip_suffix(" and").or_else(|| head.strip_suffix(" or")).or_else(|| head.strip_suffix(','));
            if let Some(head) = joined.map(|h| h.trim_end_matches(',').trim_end()) {
                if head.chars().any(char::is_alphabetic) && plausible(head, false, false) {
                    found.push((start, kind, head.to_owned()));
                }
            }
        }
        if inside.is_empty() {
            // "who's on top for WMT16 de-en?": the place asked of the board is not its name.
            static PLACE_FOR: LazyLock<Regex> = LazyLock::new(|| {
                Regex::new(r"(?i)^(?:top|best|first|ahead|leading|number\s+one)\s+(?:for|on|of|in|at)\s+").unwrap_or_else(|e| panic!("place-for pattern: {e}"))
            });
            let start = start + PLACE_FOR.find(&question[start..end]).map_or(0, |m| m.end());
            found.push((start, kind, question[start..end].to_owned()));
        } else if extends_a_known_name {
            // "Atari 2600 Freeway": a known name plus words that name nothing else is a
            // more specific name. ("CoNLL 2003 NER" holds a task, so it is not one.)
            for i in inside {
                superseded[i] = true;
            }
            found.push((start, kind, question[start..end].to_owned()));
        }
    }
    // "count-based exploration", "F1-style scoring": a metric's name opening a compound
    // describes something else, and names no metric.
    static COMPOUND_TAIL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^-(?:based|level|wise|aware|free|style|like|driven|guided|oriented|specific|agnostic|sensitive|efficient)\b").unwrap_or_else(|e| panic!("compound tail pattern: {e}"))
    });
    for (i, mention) in mentions.iter().enumerate() {
        if kind_of(i) == Some(EntityKind::Metric) && COMPOUND_TAIL.is_match(&question[mention.end..]) {
            continue;
        }
        if let (false, Some(kind)) = (superseded[i], kind_of(i)) {
            let next = mentions.get(i + 1).map(|m| m.start);
            let text = match kind {
                EntityKind::Method => variant_written(question, mention.end, next).or_else(|| spaced_written(&SPACED_SIZE, question, mention.end, next)),
                EntityKind::Dataset => spaced_written(&SPACED_VERSION, question, mention.end, next),
                _ => None,
            };
            found.push((mention.start, kind, text.map_or_else(|| mention.text.clone(), |suffix| format!("{}{suffix}", mention.text))));
        }
    }
    // A family of models named by what its labels share before the hyphen: "cait code?",
    // "which task do the deit models address" (`Lexicon::family_stem`), with a size or
    // version glued to it ("cait-xxl96").
    for m in WORD.find_iter(question) {
        let taken = found.iter().any(|(start, _, text)| m.start() < start + text.len() && *start < m.end());
        if !taken && !question[..m.start()].ends_with('-') && lexicon.family_stem(m.as_str()) {
            let suffix = variant_written(question, m.end(), None).unwrap_or_default();
            found.push((m.start(), EntityKind::Method, format!("{}{suffix}", m.as_str())));
        }
    }
    found.sort_by_key(|(start, _, _)| *start);
    let mut entities = Entities::default();
    for (_, kind, text) in found {
        entities.push(kind, &text);
    }
    entities
}

/// A word of three letters or digits or more.
static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b[\p{L}\p{N}]{3,}\b").unwrap_or_else(|e| panic!("word pattern: {e}")));

/// A size or version glued to a known model's name: "xlnet-xxl", "resnet-50", "gpt-4",
/// "bert-base" when the lexicon knows only "XLNet", "ResNet", "GPT", "BERT". The name asked
/// is the variant, which the graph may not hold; its sibling's facts are not the answer.
/// ("BERT-based" and "XLNet-style" are no variants: only sizes and versions count.)
static VARIANT_SUFFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^-(?:v?\d[a-z0-9.]*|x{0,3}l\d*|x{0,2}s\d*|[mbhg]|large|base|small|tiny|huge|giant|mini|nano|lite|medium|big)\b")
        .unwrap_or_else(|e| panic!("variant suffix pattern: {e}"))
});

/// The variant suffix written right after a model mention ending at `end`, unless another
/// mention starts inside it.
fn variant_written(question: &str, end: usize, next_start: Option<usize>) -> Option<String> {
    let m = VARIANT_SUFFIX.find(question.get(end..)?)?;
    // "bert-large-cased": a longer name than a size, left to the linker as the lexicon found it.
    let glued = question[end + m.end()..].starts_with('-');
    if next_start.is_some_and(|s| s < end + m.end()) || glued {
        return None;
    }
    Some(question[end..end + m.end()].to_owned())
}

/// A size written apart from a known model's name: "GPT-3 13B", "T5 11B". The name asked
/// is that size's, as with [`VARIANT_SUFFIX`]; a bare number after a model is more often
/// its score ("XLNet 87.9 on D"), so only a size with its unit counts.
static SPACED_SIZE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s(?:\d{1,4}(?:\.\d)?[mbk])\b").unwrap_or_else(|e| panic!("spaced size pattern: {e}")));
/// A version written apart from a known dataset's name: "SQuAD 3.0", "QALD 4", "VQA v3".
/// One digit (with one decimal) or a "v": a score is written with more ("SQuAD 88.5").
static SPACED_VERSION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s(?:v\d{1,2}(?:\.\d)?|\d(?:\.\d)?)(?:\s*$|\s*[?!,;)]|\s+(?:and|or|challenge|dataset|benchmark|task|papers?|results?|leaderboard|models?)\b|\.\s)").unwrap_or_else(|e| panic!("spaced version pattern: {e}")));

/// The size or version `pattern` reads right after a mention ending at `end` (without the
/// words after it), unless another mention starts inside it.
fn spaced_written(pattern: &Regex, question: &str, end: usize, next_start: Option<usize>) -> Option<String> {
    let m = pattern.find(question.get(end..)?)?;
    let written = question[end..end + m.end()].trim_end_matches(|c: char| !c.is_alphanumeric());
    let written = written.split_whitespace().next().map(|w| format!(" {w}"))?;
    if next_start.is_some_and(|s| s < end + written.len()) {
        return None;
    }
    Some(written)
}

static DATASET_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:on|over|for|in|using|with|from|of|across)\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-\.\+'’/:,()& ]{0,70}?)\s+(?:benchmark\s+)?(?:dataset|data set|corpus|benchmark)s?\b")
        .unwrap_or_else(|e| panic!("dataset context pattern: {e}"))
});
static MODEL_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:the|a|an|use|uses|using|used|utilized|utilised|employ|employs)\s+([\p{L}\p{N}][\p{L}\p{N}\-\.\+/() ]{0,40}?)\s+(?:model|architecture|network)s?\b")
        .unwrap_or_else(|e| panic!("model context pattern: {e}"))
});
static METRIC_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bin terms of\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-@\.% ]{0,30}?)\s*(?:metric|score|measure)?\s*(?:[?.!,;]|$|\bon\b|\bfor\b)|\b(?:by|according to)\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\-@\.% ]{0,30}?)\s+(?:metric|score)\b|\b(?:highest|best|lowest|top)\s+([\p{L}\p{N}][\p{L}\p{N}\-@\.%]{0,30}(?:\s[\p{L}\p{N}\-@\.%]{1,20})?)\s+score\b")
        .unwrap_or_else(|e| panic!("metric context pattern: {e}"))
});
/// A task named by its head noun ("traffic forecasting", "protein-ligand docking") with up
/// to three words before it; leading function words are trimmed off afterwards.
static TASK_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b((?:[\p{L}\p{N}][\p{L}\p{N}\-']*\s+){1,3}(?:recognition|detection|classification|segmentation|prediction|forecasting|translation|generation|captioning|extraction|retrieval|answering|reasoning|tracking|parsing|summari[sz]ation|estimation|completion|re-ranking|ranking|docking|labell?ing|tagging|linking|resolution|synthesis|understanding|modell?ing|matching|alignment|disambiguation|inference|verification|locali[sz]ation|reconstruction|restoration|denoising|super-resolution|inpainting|transfer|search|navigation|planning|discovery|diagnosis|analysis|robustness|separation|enhancement))\b")
        .unwrap_or_else(|e| panic!("task context pattern: {e}"))
});
/// Words that open a phrase but are not part of a task's name.
const TASK_LEADERS: &[&str] = &[
    "on", "for", "in", "about", "of", "to", "with", "the", "a", "an", "research", "work",
    "papers", "paper", "studies", "study", "literature", "done", "into", "and", "or", "any",
    "some", "recent", "new", "better", "improving", "improve", "improved", "towards", "toward",
    "via", "using", "used", "use", "based", "approaches", "methods", "models", "datasets",
    "benchmarks", "is", "are", "what", "which", "how", "i", "me", "my", "need", "want", "show",
    "find", "list", "give", "tell", "looking", "address", "addresses", "tackle", "tackling",
];
/// Words that stand where a model's name would ("the latest model") without naming one.
const NOT_MODEL_NAMES: &[&str] = &[
    "latest", "newest", "best", "top", "first", "last", "same", "new", "old", "older", "recent", "current", "previous", "original",
    "proposed", "baseline", "final", "strongest", "leading", "winning", "other", "following", "best performing", "top performing",
];
/// A shaped name after a verb of running a model ("re-ran GlacierNet-B on", "evaluated
/// KestrelNet-2 on"): a model, when it names nothing known.
static RAN_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i:\b(?:re-?ran|re-?run|reran|rerun|reproduced|replicated|re-?implemented|evaluated|tested|benchmarked)\s+)(\p{Lu}[\p{L}\p{N}]*[\p{N}\-\p{Lu}][\p{L}\p{N}\-]*)\s+(?i:on|against)\b")
        .unwrap_or_else(|e| panic!("ran-name pattern: {e}"))
});
/// "which datasets was PAR transformer evaluated on", "which datasets has agent57 been
/// evaluated on": the model between the auxiliary and the verb of evaluation, whatever it
/// holds (a known shorter name inside it is part of it).
static EVALUATED_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i:\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+)([\p{L}\p{N}][\p{L}\p{N}\-\.\+]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}\-\.\+]*){0,3}?)\s+(?i:(?:ever|already|also|really|actually|not|never|first|recently|previously|even|once|only|originally|still)\s+)?(?i:evaluated|tested|benchmarked|assessed)\s+(?i:on|against|in)\b|(?i:\b(?:has|have|had)\s+)([\p{L}\p{N}][\p{L}\p{N}\-\.\+]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}\-\.\+]*){0,3}?)\s+(?i:ever\s+|already\s+|also\s+)?(?i:been)\s+(?i:evaluated|tested|benchmarked|assessed)\s+(?i:on|against|in)\b")
        .unwrap_or_else(|e| panic!("evaluated-name pattern: {e}"))
});
/// A capitalised name after "on" ("on CityScan-2?"): a dataset, when it names nothing known.
static ON_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:on|over)\s+(?:the\s+)?(\p{Lu}[\p{L}\p{N}\-\.]*\p{N}[\p{L}\p{N}\-\.]*|\p{Lu}[\p{L}\p{N}]*\p{Lu}[\p{L}\p{N}\-\.]*)")
        .unwrap_or_else(|e| panic!("on-name pattern: {e}"))
});
/// A preposition and article inside a captured phrase: the name starts after it.
static INNER_PREPOSITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:on|over|for|in|of|from|using|with|across)\s+the\s+")
        .unwrap_or_else(|e| panic!("preposition pattern: {e}"))
});
/// An article or a verb of use inside a captured model phrase: the name starts after it.
static INNER_MODEL_TRIGGER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:the|a|an|use|uses|using|used|utili[sz]ed|employ|employs|employed|that|which)\s+")
        .unwrap_or_else(|e| panic!("model trigger pattern: {e}"))
});
/// Head words that follow a name without being part of it.
const GENERIC_HEADS: &[&str] = &["model", "models", "network", "networks", "architecture", "method", "approach", "dataset", "benchmark", "corpus"];
/// Longer captures are sentences, not names.
const MAX_NAME_WORDS: usize = 8;

/// Words that are never a name on their own.
const NOT_NAMES: &[&str] = &[
    "the", "this", "that", "these", "a", "an", "same", "following", "given", "proposed", "new",
    "best", "top", "highest", "benchmark", "standard", "public", "test", "which", "what", "each",
    "every", "any", "its", "their", "our", "baseline", "different", "other", "overall", "own",
    "custom", "private", "proprietary", "small", "large", "larger", "synthetic", "real", "such",
    "one", "two", "several", "many", "training", "validation", "evaluation", "benchmark",
    // "the newest paper on X", "the most recent one": an order, not a name.
    "newest", "latest", "oldest", "earliest", "recent", "most", "first", "last", "newer", "older",
    // "evaluated on since 2021", "results on as of 2020": a time, not a name.
    "since", "before", "after", "until", "till", "around", "circa", "during", "in", "from", "as", "of", "by", "to",
];

/// Whether `name` can be a name. `need_shape` is false for metrics, whose context ("in
/// terms of X") is explicit enough to accept ordinary words such as "Score", and for what a
/// claim's grammar or "the X dataset" marks; with it, a name in a `cased` question has a
/// capital or a digit.
fn plausible(name: &str, need_shape: bool, cased: bool) -> bool {
    let lower = name.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    !words.is_empty()
        && !words.iter().all(|w| NOT_NAMES.contains(w) || w.chars().all(|c| c.is_ascii_digit()) || (need_shape && STOPWORDS.contains(w)))
        && (!need_shape || !cased || name.chars().any(|c| c.is_uppercase() || c.is_ascii_digit()))
}

/// The words that set a name aside, read at the start of a name's span ("besides X, ...").
static ASIDE_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)^(?:{})\s+(?:the\s+)?", super::restrict::SETS_ASIDE_BEFORE_NAME)).unwrap_or_else(|e| panic!("aside pattern: {e}"))
});
/// "and what", "and is it", ", and which": where a second ask opens inside a phrase a
/// context marks as a name.
static SECOND_ASK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i),?\s+and\s+(?:what|which|who|when|where|how|is|are|was|were|does|did|do|has|its|their)\b").unwrap_or_else(|e| panic!("second ask pattern: {e}"))
});

/// Spans of names recognised from their context, by kind.
fn contextual(question: &str) -> Vec<(EntityKind, usize, usize)> {
    // In an all-lowercase question capitalisation tells nothing; elsewhere a model or
    // dataset name has a capital or a digit ("UrbanSound8k", "Flair-TDM").
    let cased = question.chars().any(|c| c.is_uppercase());
    let plausible = |name: &str, need_shape: bool| plausible(name, need_shape, cased);
    let mut spans = Vec::new();
    let mut push = |kind, start: usize, end: usize, need_shape: bool| {
        let mut start = start;
        // Keep only what follows the last "over the", "on the" (or, for models, the last
        // article or verb of use) inside the phrase.
        let inner: &Regex = if kind == EntityKind::Method { &INNER_MODEL_TRIGGER } else { &INNER_PREPOSITION };
        if let Some(last) = inner.find_iter(&question[start..end]).last() {
            start += last.end();
        }
        // "evaluated on imagenet and what are their scores": a second ask ends the name.
        let end = SECOND_ASK.find(&question[start..end]).map_or(end, |m| start + m.start());
        // "the stronger of A and B on Natural Questions as their main baseline": a role
        // given after a board's name is no part of it (no board's label holds " as ").
        static AS_ROLE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\s+as\s+(?:their|a|an|the|our|its|his|her|my)\b").unwrap_or_else(|e| panic!("role pattern: {e}")));
        let end = if kind == EntityKind::Dataset { AS_ROLE.find(&question[start..end]).map_or(end, |m| start + m.start()) } else { end };
        if question[start..end].split_whitespace().count() > MAX_NAME_WORDS {
            return;
        }
        // "mnli (matched)": a bracket the name's context cut open is no part of it.
        let mut text = question[start..end].trim_matches(|c: char| c.is_whitespace() || c == ',').trim_end_matches(|c: char| c.is_whitespace() || c == '(');
        for article in ["the ", "a ", "an "] {
            // By bytes, but never inside a letter: "naïve" is not cut after "na".
            if text.len() > article.len() && text.get(..article.len()).is_some_and(|head| head.eq_ignore_ascii_case(article)) {
                text = &text[article.len()..];
            }
        }
        // "besides WMT2014 English-French, which datasets ...": what sets a name aside is no
        // part of it (nor is the article after it).
        if let Some(aside) = ASIDE_PREFIX.find(text).filter(|m| m.end() < text.len()) {
            text = &text[aside.end()..];
        }
        // "the newest earth system model": the order asked for is no part of the name.
        for age in ["newest ", "latest ", "oldest ", "earliest ", "most recent ", "recent "] {
            if text.len() > age.len() && text.get(..age.len()).is_some_and(|head| head.eq_ignore_ascii_case(age)) {
                text = &text[age.len()..];
            }
        }
        // "used on which datasets": a question about names, not one.
        if text.is_empty() || text.split_whitespace().next().is_some_and(|w| matches!(w.to_lowercase().as_str(), "which" | "what" | "whose" | "any" | "all" | "each" | "every" | "some")) || matches!(text.to_lowercase().as_str(), "that" | "this" | "these" | "those" | "it" | "them") {
            return;
        }
        let offset = question[start..end].find(text).unwrap_or(0);
        let (s, e) = (start + offset, start + offset + text.len());
        if plausible(text, need_shape) && !spans.iter().any(|&(_, a, b)| s < b && a < e) {
            spans.push((kind, s, e));
        }
    };
    // A claim's grammar marks its names: "cluster-former" needs no capital there.
    for (kind, start, end) in super::statement::spans(question) {
        push(kind, start, end, false);
    }

    for c in DATASET_CONTEXT.captures_iter(question) {
        // "the jacquard data set" names a dataset however it is cased. A phrase ending in
        // a preposition is a request around a name that opens with "Dataset": "code for
        // models evaluated on Dataset translation 0".
        if let Some(m) = c.get(1).filter(|m| !ends_in_preposition(m.as_str())) {
            push(EntityKind::Dataset, m.start(), m.end(), false);
        }
    }
    for c in MODEL_CONTEXT.captures_iter(question) {
        // "the latest model", "the best model": an adjective, not a name.
        if let Some(m) = c.get(1).filter(|m| !NOT_MODEL_NAMES.contains(&m.as_str().trim().to_lowercase().as_str())) {
            push(EntityKind::Method, m.start(), m.end(), true);
        }
    }
    for c in RAN_NAME.captures_iter(question) {
        if let Some(m) = c.get(1) {
            push(EntityKind::Method, m.start(), m.end(), true);
        }
    }
    for c in EVALUATED_NAME.captures_iter(question) {
        if let Some(m) = c.get(1).or_else(|| c.get(2)) {
            push(EntityKind::Method, m.start(), m.end(), true);
        }
    }
    for c in ON_NAME.captures_iter(question) {
        if let Some(m) = c.get(1) {
            let name = m.as_str().trim_end_matches(['.', '-']);
            push(EntityKind::Dataset, m.start(), m.start() + name.len(), true);
        }
    }
    for m in TASK_CONTEXT.find_iter(question) {
        // Trim leading function words; a task name keeps at least two words.
        let start = m.start() + leading_function_words(m.as_str());
        if question[start..m.end()].split_whitespace().count() >= 2 {
            push(EntityKind::Task, start, m.end(), false);
        }
    }
    for c in METRIC_CONTEXT.captures_iter(question) {
        if let Some(m) = c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)) {
            push(EntityKind::Metric, m.start(), m.end(), false);
        }
    }
    // Last, so that a name its context marks wins: a leaderboard's board and the task of a
    // request for datasets, lowercase and unknown, are guesses the text index must confirm.
    for (kind, start, end) in super::statement::guess_spans(question) {
        push(kind, start, end, false);
    }
    // "evaluated on both wmt2016 en-de and wmt2016 en-ro": two names, each on its own.
    let mut split = Vec::with_capacity(spans.len());
    for (kind, s, e) in spans {
        // By bytes, on ASCII words only: a name's other letters are left as they are.
        let text = &question[s..e];
        match (text.get(..5).is_some_and(|head| head.eq_ignore_ascii_case("both ")), text.find(" and ")) {
            (true, Some(and)) if and > 5 && and + 5 < text.len() => {
                split.push((kind, s + 5, s + and));
                split.push((kind, s + and + 5, e));
            }
            _ => split.push((kind, s, e)),
        }
    }
    split
}

/// Whether `phrase`'s last word is a preposition.
fn ends_in_preposition(phrase: &str) -> bool {
    let last = phrase.split_whitespace().last().unwrap_or("").to_lowercase();
    matches!(last.as_str(), "on" | "over" | "for" | "in" | "of" | "with" | "using" | "from" | "across" | "at" | "by" | "to")
}

/// The length of the function words ("the", "for", "of"...) that open `phrase`.
fn leading_function_words(phrase: &str) -> usize {
    let mut length = 0;
    for word in phrase.split_inclusive(char::is_whitespace) {
        let bare = word.trim().to_lowercase();
        if !(TASK_LEADERS.contains(&bare.as_str()) || STOPWORDS.contains(&bare.as_str())) {
            break;
        }
        length += word.len();
    }
    length
}

/// What identifies a specific paper in a lookup question.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LookupKeys {
    pub doi: Option<String>,
    pub title: Option<String>,
    /// The words a paper is named by, unquoted ([`named_paper`]): a lookup that finds nothing
    /// while a title holds them all has not shown the paper is absent (the scope gate).
    pub named: Option<String>,
    /// The person whose papers are asked for ([`asked_author`]).
    pub author: Option<String>,
    /// A message of several sentences: the question proper, then each sentence that speaks
    /// of a paper, without who asks for it ([`lookup_parts`]). A title is searched by each
    /// when the whole message's words find none. Read for a paper lookup only (the front
    /// fills it once the question is classified).
    pub parts: Vec<String>,
}

static DOI: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"10\.\d{4,9}/[^\s\x22'<>]+").unwrap_or_else(|e| panic!("DOI pattern: {e}"))
});
static QUOTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""([^"]{4,300})"|“([^”]{4,300})”|‘([^’]{4,300})’|(?:^|[\s(])'([^']{4,300})'"#)
        .unwrap_or_else(|e| panic!("quote pattern: {e}"))
});

/// Whether `quoted`, after `before`, quotes what someone wrote rather than a title: "the
/// authors say 'few systems have been evaluated' there", "beats 'every published
/// result'". Words written as a title stay one.
pub fn quoted_from_a_text(before: &str, quoted: &str) -> bool {
    static QUOTING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:says?|said|writes?|wrote|claims?|claimed|states?|stated|describes?|described|beats?)\s*\(?$").unwrap_or_else(|e| panic!("quoting pattern: {e}"))
    });
    // "who wrote 'X'" asks for the authors of a title.
    static WHO_WROTE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bwho\s+(?:wrote|writes|has\s+written|had\s+written)\s*\(?$").unwrap_or_else(|e| panic!("who wrote pattern: {e}")));
    let before = before.trim_end();
    QUOTING.is_match(before) && !WHO_WROTE.is_match(before) && !super::normalize::written_as_title(quoted)
}

pub fn lookup_keys(question: &str) -> LookupKeys {
    let doi = DOI
        .find(question)
        .map(|m| m.as_str().trim_end_matches(['.', ',', ';', ')', '?', '!']).to_owned());
    let title = QUOTED.captures_iter(question).find_map(|c| {
        // "'Bibliometric fingerprints: name disambiguation...'": the part before the ellipsis.
        let m = (1..=4).find_map(|i| c.get(i))?;
        let quoted = m.as_str().trim().trim_end_matches(['.', '…', ' ']);
        (!quoted_from_a_text(&question[..c.get(0).map_or(m.start(), |w| w.start())], quoted)).then(|| quoted.to_owned())
    });
    LookupKeys { doi, title, named: named_paper(question), author: asked_author(question), parts: Vec::new() }
}

/// Who wants a paper and why, opening a sentence: "for a face-recognition survey my advisor
/// wants", "my boss asked about", "i'm looking for". Its words are no title's.
static ASKER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:for|in)\s+(?:a|an|my|our|the)\s+(?:[\w-]+\s+){1,4}?)?(?:(?:my|our|a|the)\s+(?:boss|advisor|adviser|supervisor|colleague|co-?author|friend|pi|team|reviewer|labmate|student)s?\s+(?:wants|wanted|needs|needed|asked(?:\s+(?:me|us))?(?:\s+about)?|mentioned|suggested|recommended|pointed\s+(?:me|us)\s+to|told\s+(?:me|us)\s+about|likes|cited)|(?:i|we)(?:\s+really)?\s+(?:need|want|am\s+looking\s+for|'m\s+looking\s+for|’m\s+looking\s+for|are\s+looking\s+for|'re\s+looking\s+for|read|found|saw|remember))\s+")
        .unwrap_or_else(|e| panic!("asker pattern: {e}"))
});

/// The parts of a message of several sentences a lookup searches a title by, best first:
/// the question proper when a scene comes before it ("i used SciBERT before, now trying
/// OAG-BERT. what year is the OAG-BERT paper?"), then each sentence that speaks of a paper
/// ("there's a paper combining textual and graph-based features ...", "my boss asked about
/// the problem-based learning study for engineering students"), without who asks for it.
/// Empty for a question of one sentence and one with nothing before the question.
pub fn lookup_parts(question: &str) -> Vec<String> {
    static SENTENCE_END: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[.;?!]\s+").unwrap_or_else(|e| panic!("sentence pattern: {e}")));
    static OF_A_PAPER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:paper|papers|study|article|preprint|titled|called|survey|report)\b").unwrap_or_else(|e| panic!("paper cue pattern: {e}")));
    let described: Vec<String> = described_paper(question).into_iter().collect();
    // Not an aside after the question ("... in the graph? I have a feeling it's the X paper"):
    // a guess is no name of the paper asked for.
    let kept = classify::before_asides(question);
    let sentences: Vec<&str> = SENTENCE_END.split(kept.trim()).map(str::trim).filter(|s| !s.is_empty()).collect();
    if sentences.len() < 2 {
        return described;
    }
    let unframed = |s: &str| -> String {
        let s = classify::without_leading_context(s);
        ASKER.find(s).map_or(s, |m| &s[m.end()..]).trim_end_matches(['.', '?', '!', ';']).to_owned()
    };
    let mut parts = Vec::new();
    let asked = classify::asked_part(question);
    if asked.len() < question.len() {
        parts.push(unframed(asked));
    }
    for sentence in sentences.iter().filter(|s| OF_A_PAPER.is_match(s)) {
        let part = unframed(sentence);
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    for d in described {
        if !parts.contains(&d) {
            parts.push(d);
        }
    }
    parts.retain(|p| !content_words(p).is_empty());
    parts
}

/// Whether a request about a board's models filters them by their code: `Some(true)` for
/// "which models on D have code?", "how many models on D come with code", "is there an
/// open-source model among the D ones?"; `Some(false)` for "which models on D have no code".
pub fn code_filter(question: &str) -> Option<bool> {
    static WITHOUT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:no|without|lacks?|lacking|missing|never\s+released|(?:do|does|did)\s*(?:n['’]?t|\s+not)\s+(?:have|come\s+with|release|ship|link|share|publish|provide|include|offer))\s+(?:any\s+|public\s+|a\s+|their\s+|its\s+)?(?:source\s+)?(?:code|implementation|repo|repository|github)\b|\bclosed[- ]source\b")
            .unwrap_or_else(|e| panic!("code filter pattern: {e}"))
    });
    static WITH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:have|has|having|with|come\s+with|comes\s+with|released|release|ship(?:s|ped)?\s+with|provide|provides)\s+(?:public\s+|open[- ]source\s+|any\s+|a\s+|their\s+|its\s+)?(?:source\s+)?(?:code|implementation|repo|repository|github)\b|\bopen[- ]?source(?:d)?\s+(?:models?|systems?|methods?|ones?|entries)\b")
            .unwrap_or_else(|e| panic!("code filter pattern: {e}"))
    });
    if WITHOUT.is_match(question) {
        Some(false)
    } else {
        WITH.is_match(question).then_some(true)
    }
}

/// Whether a lookup picks its paper by a clause after it: "the mnist paper that has no
/// code", "the dcase paper with code".
pub fn paper_by_clause(question: &str) -> bool {
    static CLAUSE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:paper|article|one)\s+(?:that|which|with|without)\b").unwrap_or_else(|e| panic!("paper clause pattern: {e}")));
    CLAUSE.is_match(question)
}

/// What a request for code names as the code's owner: "code for the paper Joint Extraction
/// of Entities and Relations Based on a Novel Tagging Scheme", "is there a github repo for
/// End-to-End Relation Extraction using LSTMs on Sequences and Tree Structures?", "Deep
/// Residual Learning for Image Recognition code". Whether it is a paper's title is the
/// index's to say ([`super::link::code_paper`]).
pub fn code_subject(question: &str) -> Option<String> {
    static AFTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:code|github(?:\s+(?:link|repo|repository|page))?|repo|repository|implementation|source\s+code)s?\s+(?:links?\s+|urls?\s+)?(?:for|of|from|behind|accompanying)\s+(.+)$")
            .unwrap_or_else(|e| panic!("code subject pattern: {e}"))
    });
    static BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\W*(.+?)\s*[-:,]?\s+(?:code|github|repo|repository|implementation|source\s+code)(?:\s+links?)?\W*$").unwrap_or_else(|e| panic!("code subject pattern: {e}"))
    });
    static EDGES: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?i)^(?:the\s+)?(?:paper|article|preprint)\s+|^the\s+|\s+(?:paper|article|preprint)$|^["“'‘]|["”'’]$"#).unwrap_or_else(|e| panic!("code subject edges: {e}"))
    });
    let found = AFTER.captures(question).or_else(|| BEFORE.captures(question))?.get(1)?.as_str();
    let mut subject = found.trim().trim_end_matches(['?', '.', '!', ' ']).to_owned();
    // "the paper 'X'": an article, the word "paper" and quotes are no part of the title.
    while let Some(m) = EDGES.find(&subject) {
        subject.replace_range(m.range(), "");
        subject = subject.trim().to_owned();
    }
    (!subject.is_empty()).then_some(subject)
}

/// A claim about a model's code: the repository it names ("tensorflow/models", a GitHub
/// address), if any, and whether it says there is none ("X has no public code, right?").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeClaim {
    pub repository: Option<String>,
    pub none: bool,
}

/// "the NAS model has code in tensorflow/models — yes??", "xlnet's implementation is on
/// github at zihangdai/xlnet, right?", "X released no code, did it?": what a claim says of
/// code. `None` when it speaks of no code, or of a score too (a claim about results).
pub fn code_claim(question: &str) -> Option<CodeClaim> {
    static CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:code|github|gitlab|repo|repos|repository|implementation|implemented|source\s+code|open[- ]sourced?)\b").unwrap_or_else(|e| panic!("code claim pattern: {e}")));
    static REPOSITORY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:https?://)?(?:www\.)?(?:github\.com/|gitlab\.com/)?\b([a-z0-9][\w.-]*/[\w.-]*[a-z0-9])\b").unwrap_or_else(|e| panic!("repository pattern: {e}"))
    });
    static NONE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:no|never|without|lacks?|lacking)\b[^.?!,]{0,30}\b(?:code|repo|repository|implementation)|\b(?:has|have|had|did|does|was|were|is)n['’]?t\b[^.?!,]{0,30}\b(?:code|repo|repository|implementation|released|published|open[- ]sourced?)\b|\bnot\s+(?:been\s+)?(?:open[- ]sourced?|released|published)\b").unwrap_or_else(|e| panic!("no-code pattern: {e}"))
    });
    static SCORE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+\.\d|\b(?:beats?|outperforms?|better|worse|best|score[sd]?|accuracy|f1)\b").unwrap_or_else(|e| panic!("score pattern: {e}")));
    let said = question.split_once('?').map_or(question, |(claim, _)| claim);
    if !CODE.is_match(said) || SCORE.is_match(&said.to_lowercase()) {
        return None;
    }
    // "and/or", "w/o", a date's "1/2": two words of letters at least two long each.
    let repository = REPOSITORY.captures_iter(said).filter_map(|c| c.get(1)).map(|m| m.as_str().trim_end_matches('.').to_owned()).find(|r| r.split('/').all(|part| part.chars().filter(|c| c.is_alphanumeric()).count() >= 2) && !r.eq_ignore_ascii_case("and/or"));
    Some(CodeClaim { repository, none: NONE.is_match(said) })
}

/// The person whose papers a question asks for: "papers by yoshua bengio", "what papers
/// has riccardo monzoni got in here?", "Ashish Vaswani's papers". Two to four words, none
/// of them a word that says what, not who ("papers by research field", "by the authors").
pub fn asked_author(question: &str) -> Option<String> {
    // Unbounded, not {1,3}: a counted repeat of a Unicode class is compiled once per count
    // (megabytes of automaton); the count is checked below.
    const NAME: &str = r"([\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*)+?)";
    static BY: LazyLock<Vec<Regex>> = LazyLock::new(|| {
        [
            format!(r"(?i)\b(?:papers?|works?|publications?|articles?)\s+(?:\w+\s+)?(?:written|authored|published|co-?authored)\s+by\s+{NAME}\s*(?:[?.!,;]|$|\s+(?:in|on|since|from|before|after)\b)"),
            format!(r"(?i)\b(?:papers?|works?|publications?|articles?)\s+by\s+{NAME}\s*(?:[?.!,;]|$|\s+(?:in|on|since|from|before|after)\b)"),
            format!(r"(?i)\b(?:what|which)\s+(?:papers|works|publications|articles)\s+(?:has|have|did|does)\s+{NAME}\s+(?:got|gotten|written|published|authored|co-?authored|done|put out|in)\b"),
            format!(r"(?i)^\W*(?:list|show|find|give)?\s*(?:me\s+)?{NAME}['’]s?\s+(?:papers|publications|works)\b"),
        ]
        .iter()
        .map(|p| Regex::new(p).unwrap_or_else(|e| panic!("author pattern: {e}")))
        .collect()
    });
    const NOT_A_PERSON: &[&str] = &[
        "the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "their", "its", "his", "her", "which", "what", "who", "any", "some", "all",
        "authors", "author", "research", "field", "fields", "year", "years", "date", "topic", "topics", "area", "problem", "task", "citation", "citations",
        "people", "researchers", "team", "group", "google", "openai", "deepmind", "facebook", "meta", "microsoft", "et", "al", "al.", "and", "or", "in", "on",
    ];
    let name = BY.iter().find_map(|r| r.captures(question).and_then(|c| c.get(1)))?.as_str().trim();
    let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    ((2..=4).contains(&words.len()) && !words.iter().any(|w| NOT_A_PERSON.contains(&w.as_str()))).then(|| name.to_owned())
}

/// The words a question names a paper by: "i'm citing the relational modelling of tidal arrays
/// paper" gives "relational modelling of tidal arrays", the words between the last determiner
/// and "paper" (or "article", "preprint", "review", "survey"). None for fewer than three words: "the BERT paper"
/// names a model, which the method mention carries.
pub fn named_paper(question: &str) -> Option<String> {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:the|that|this|their|your)\s+((?:[\w'’&-]+\s+){3,12}?)(?:paper|article|preprint|review|survey)\b").unwrap_or_else(|e| panic!("named paper pattern: {e}"))
    });
    // "the spectral kurtosis paper on turbine blade faults": its name and its subject; "the
    // paper on pretrained audio encoders for birdsong": its subject alone.
    static ON: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:the|that|this)\s+((?:[\w'’-]+\s+){0,6}?)(?:paper|article|preprint|review|survey)\s+(?:on|about|for|of)\s+((?:[\w'’-]+\s*){2,8})").unwrap_or_else(|e| panic!("paper on pattern: {e}"))
    });
    // "the most recent paper on X", "the first paper about X": which of X's papers, not a
    // paper's name.
    let ranked = |words: &str| words.split_whitespace().any(|w| ["recent", "latest", "newest", "first", "earliest", "oldest", "last", "newer", "older"].contains(&w.to_lowercase().as_str()));
    if let Some(c) = ON.captures(question).filter(|c| !ranked(&c[1])) {
        let subject: Vec<&str> = c[2].split_whitespace().take_while(|w| !["come", "came", "published", "appear", "appeared", "released", "and", "-"].contains(&w.to_lowercase().as_str())).collect();
        let named = format!("{} {}", c[1].trim(), subject.join(" "));
        if named.split_whitespace().count() >= 3 {
            return Some(named.trim().trim_end_matches(['?', '.', ',', '!']).to_owned());
        }
    }
    let caps = NAMED.captures_iter(question).last()?;
    let words = caps.get(1)?.as_str();
    // The nearest determiner before "paper": "the answer in the X Y Z paper" names X Y Z.
    let lowered = words.to_lowercase();
    let start = [" the ", " that ", " this ", " their ", " your "].iter().filter_map(|d| lowered.rfind(d).map(|i| i + d.len())).max().unwrap_or(0);
    let named = words[start..].trim();
    (named.split_whitespace().count() >= 3 && !ranked(named)).then(|| named.to_owned())
}

/// "The XLNet paper evaluates on RACE": the one or two words before "paper" after "the",
/// a model's paper named by it (its title opens with the name).
pub fn model_paper(question: &str) -> Option<String> {
    static MODEL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bthe\s+((?:[\w.+-]+\s+){1,2}?)(?:paper|article|preprint)\b").unwrap_or_else(|e| panic!("model paper pattern: {e}")));
    MODEL.captures(question).and_then(|c| c.get(1)).map(|m| m.as_str().trim().to_owned())
}

/// "The GPT-3 paper (language models are few-shot learners)": the words in parentheses
/// after a paper's short name, three or more, which may be its title's and are searched
/// alone.
pub fn described_paper(question: &str) -> Option<String> {
    static DESCRIBED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:paper|article|preprint)\s*\(([^()]{10,160})\)").unwrap_or_else(|e| panic!("described paper pattern: {e}")));
    DESCRIBED.captures_iter(question).filter_map(|c| c.get(1)).map(|m| m.as_str().trim().to_owned()).find(|d| d.split_whitespace().count() >= 3)
}

/// The words a claim names its paper by: those of [`named_paper`], or every word before
/// "paper" when the claim opens with them ("multi-perspective context matching paper
/// evaluated on SQuAD2.0?"; two to twelve), or those of [`described_paper`].
pub fn claimed_paper(question: &str) -> Option<String> {
    static OPENING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\W*(?:(?:is\s+it\s+true|true\s+or\s+false|i\s+(?:think|believe|read|heard))\W+(?:that\s+)?)?((?:[\w'’.&+-]+\s+){2,12}?)(?:paper|article|preprint)\b").unwrap_or_else(|e| panic!("claimed paper pattern: {e}"))
    });
    named_paper(question)
        .or_else(|| {
            let words = OPENING.captures(question)?.get(1)?.as_str().trim();
            let words = words.strip_prefix("the ").or_else(|| words.strip_prefix("The ")).unwrap_or(words);
            (words.split_whitespace().count() >= 2).then(|| words.to_owned())
        })
        .or_else(|| described_paper(question))
}

/// Words that say nothing about which papers are meant.
const STOPWORDS: &[&str] = &[
    "a", "about", "above", "achieve", "achieved", "across", "after", "all", "also", "an", "and",
    "any", "are", "area", "articles", "as", "at", "be", "been", "being", "benchmark",
    "benchmarked", "benchmarks", "best", "between", "by", "can", "code", "compare", "compared",
    "contain", "could", "dataset", "datasets", "describe", "did", "do", "does", "doi", "each",
    "evaluated", "evaluation", "exist", "field", "find", "for", "from", "give", "has", "have",
    "highest", "how", "i", "ids", "in", "include", "including", "into", "is", "it", "its",
    "links", "list", "look", "lowest", "many", "me", "method", "methods", "metric", "metrics",
    "model", "models", "more", "most", "my", "of", "on", "or", "over", "paper", "papers",
    "performance", "performed", "please", "problem", "problems", "provide", "published",
    "research", "result", "results", "score", "scores", "show", "some", "state", "studies",
    "study", "tell", "than", "that", "the", "their", "them", "there", "these", "this", "those",
    "title", "titles", "to", "top", "true", "use", "used", "uses", "using", "utilized", "value",
    "was", "were", "what", "when", "where", "whether", "which", "who", "with", "work", "works", "would",
    "wrote", "you",
    // A time or a kind of reference asks for no title word: "kelp canopy refs since 2020".
    "since", "before", "until", "refs", "references", "pubs", "publications", "dois",
    // What is done with a paper's boards asks for no title word: "which boards did the
    // Prioritized Experience Replay paper evaluate on?".
    "evaluate", "evaluates", "report", "reports", "reported", "ran", "tested", "board", "boards",
    // Nor does where its code is: "what code repos are linked to the X paper?".
    "repo", "repos", "repository", "repositories", "github", "linked",
    // What is left of a negated auxiliary split at its apostrophe: "isn't the X paper ...".
    "isn", "wasn", "aren", "weren", "doesn", "didn", "hasn", "hadn", "haven", "couldn", "wouldn", "shouldn",
];

/// A `top_k` that stands for the whole board: the question asks for every model, both
/// ends, or all past a value, and the board is read whole to answer it.
pub const EVERY: usize = 1000;

/// What a question asks of a board beyond its best: every model on it ("list every model
/// with an accuracy on D, best first"), both ends ("the highest BLEU and the lowest"), or
/// the models past a value ("which models score below 75").
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BoardAsk {
    Every,
    Ends,
    Past(Threshold),
    /// "Which models on D have no chrF number reported?": those evaluated there without one.
    Unscored,
    /// "Which models on D are not the top scorer?": those evaluated there that hold no
    /// metric's best.
    Unled,
    /// "Who got 99.78 on D?", "the paper behind the 85.1 top-5 on D": the results holding a
    /// value the question gives.
    Holding(f64),
}

impl BoardAsk {
    /// Whether the ask picks results by their value, not by rank: its first item leads
    /// nothing.
    pub fn by_value(self) -> bool {
        matches!(self, BoardAsk::Past(_) | BoardAsk::Holding(_))
    }
}

/// Whether a recorded value is the one a question gives ("99.78" and "99.78%" alike).
pub fn same_value(recorded: f64, given: f64) -> bool {
    (recorded - given).abs() <= 1e-9 * given.abs().max(1.0)
}

/// The value whose holder a question asks for: "who got 99.78 on flowers-102?", "which
/// paper reported 0.0001261 entropy difference on D", "paper behind the 85.1 top-5 on D".
pub fn value_held(question: &str) -> Option<f64> {
    static HOLDER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\W*(?:so\s+|and\s+)?(?:(?:who|whom|which\s+(?:model|system|method|entry|approach|agent|one|paper|study|work)|what\s+(?:model|system|method|paper|study)|whose(?:\s+(?:paper|model|result))?)\s+(?:got|gets|has|had|holds|held|scored|scores|reached|reaches|achieved|achieves|hit|hits|did|reported|reports|posted|obtained|owns|owned)|(?:the\s+)?(?:paper|model|system)\s+(?:behind|for|with|of|that\s+(?:got|has|reported|holds))|(?:where|which\s+(?:paper|study|work|model|system)|what\s+(?:paper|study|work|model|system))\s+(?:does|did|do|is|was)|(?:what(?:['’]s|\s+is|\s+was)\s+|where(?:['’]s|\s+is)\s+)?the\s+(?:source|origin)\s+(?:of|for|behind))\s+(?:an?\s+|the\s+|that\s+|this\s+|a\s+score\s+of\s+)?~?(\d+(?:\.\d+)?)\s*%?(?:\s|$|[?,;:])")
            .unwrap_or_else(|e| panic!("value holder pattern: {e}"))
    });
    let caps = HOLDER.captures(question)?;
    let written = caps.get(1)?.as_str();
    // "who got 2019's best": a year is no score.
    let year = !written.contains('.') && written.len() == 4 && (written.starts_with("19") || written.starts_with("20"));
    (!year).then(|| written.parse().ok()).flatten()
}

/// "below 75", "at least 86.5": a value a result must pass.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Threshold {
    /// Above the value (else below it).
    pub above: bool,
    /// The value itself counts ("at least", "at most").
    pub inclusive: bool,
    pub value: f64,
}

impl Threshold {
    /// Whether `value` passes. A fraction asked of a board of percentages ("clear 0.9
    /// F1" where 91.2 is recorded) is read as one, and the other way round. A bound of 1
    /// or more is no fraction ("below 1.0 bpc" where 1.34 is recorded is not passed), nor
    /// is a value past 100 a percentage.
    pub fn passes(&self, value: f64) -> bool {
        let percent = |v: f64| v.abs() > 1.0 && v.abs() <= 100.0;
        let fraction = |v: f64| v.abs() < 1.0;
        let value = if fraction(self.value) && percent(value) {
            value / 100.0
        } else if percent(self.value) && fraction(value) {
            value * 100.0
        } else {
            value
        };
        match (self.above, self.inclusive) {
            (true, true) => value >= self.value,
            (true, false) => value > self.value,
            (false, true) => value <= self.value,
            (false, false) => value < self.value,
        }
    }

    /// "below 75", as the answer says it.
    pub fn describe(&self) -> String {
        let words = match (self.above, self.inclusive) {
            (true, true) => "of at least",
            (true, false) => "above",
            (false, true) => "of at most",
            (false, false) => "below",
        };
        format!("{words} {}", self.value)
    }
}

/// A value the question asks results to pass: "score below 75 accuracy", "above 86%".
pub fn threshold(question: &str) -> Option<Threshold> {
    static PAST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(below|under|less than|lower than|beneath|south of|at most|no more than|above|over|more than|higher than|greater than|north of|at least|no less than|exceeding|beyond|clear|clears|cleared|clearing|passed|pass|passes|passing|surpassed|surpass|surpasses|(?:got|gotten|get|gets|getting|went|go|goes|gone)\s+(?:past|above|over|beyond)|(?:made|make|makes|making)\s+it\s+(?:past|above|over|beyond)|break|breaks|broke|broken|breaking|crack|cracks|cracked|cracking|exceed|exceeds|exceeded|cross|crosses|crossed|reach|reaches|reached|reaching|hit|hits|hitting)\s+(?:an?\s+|the\s+)?(\d{1,3}(?:,\d{3})+|\d{1,6}(?:\.\d{1,2})?|0?\.\d{1,3})(\s?[kK]\b)?\s*%?(?:\s|$|[?.,;:)])")
            .unwrap_or_else(|e| panic!("threshold pattern: {e}"))
    });
    // "60 or more", "90%+", "10 or lower": the bound after the value, the value included.
    static OR_MORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:^|[\s(])(\d{1,3}(?:\.\d{1,2})?)\s*(?:%|percent|per\s+cent|points?)?\s*(?:(\+)|or\s+(more|higher|above|better|greater|less|lower|below|fewer|under))(?:\s|$|[?.,;:)])")
            .unwrap_or_else(|e| panic!("or-more pattern: {e}"))
    });
    // "which models didn't get above 90", "never got their WER below 10", "never made it
    // past 30": the bar denied, so those on the other side of it are asked for (at most 90,
    // at least 10). A claim's own denial ("X doesn't get past 75, does it?") is turned round
    // by the trust stage before it reads the bar; this is for the listings.
    static DENIED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:\bnot|\bnever|n['’]t|\bfail(?:s|ed)?\s+to)(?:\s+[\w'’-]+){0,4}\s*$").unwrap_or_else(|e| panic!("denied bar pattern: {e}"))
    });
    if let Some(c) = PAST.captures(question) {
        let word = c[1].to_lowercase();
        // "over 50,000", "past 8k" (an Atari score); a year is no bound of a score.
        let written = c[2].replace(',', "");
        let year = written.len() == 4 && (written.starts_with("19") || written.starts_with("20"));
        let value: f64 = written.parse::<f64>().ok().filter(|_| !year)? * if c.get(3).is_some() { 1000.0 } else { 1.0 };
        let above = !matches!(word.as_str(), "below" | "under" | "less than" | "lower than" | "beneath" | "south of" | "at most" | "no more than");
        // "reached 50", "hit 90": the value itself counts.
        let inclusive = matches!(word.as_str(), "at most" | "no more than" | "at least" | "no less than" | "reach" | "reaches" | "reached" | "reaching" | "hit" | "hits" | "hitting");
        let before = &question[..c.get(0).map_or(0, |m| m.start())];
        let denied = DENIED.is_match(before) && !before.to_lowercase().contains("not only");
        return Some(if denied { Threshold { above: !above, inclusive: !inclusive, value } } else { Threshold { above, inclusive, value } });
    }
    let c = OR_MORE.captures(question)?;
    let value: f64 = c[1].parse().ok()?;
    let word = c.get(3).map(|w| w.as_str().to_lowercase());
    let mut above = c.get(2).is_some() || word.as_deref().is_some_and(|w| matches!(w, "more" | "higher" | "above" | "better" | "greater"));
    // "a WER of 7 or better": better is lower on a metric whose lower values are the better.
    static METRIC: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!(r"(?i)\b(?:{})\b", super::classify::METRIC_WORDS)).unwrap_or_else(|e| panic!("metric word pattern: {e}")));
    if word.as_deref() == Some("better") && METRIC.find(question).is_some_and(|m| super::metrics::direction_by_words(m.as_str()) == super::lexicon::Direction::Lower) {
        above = false;
    }
    Some(Threshold { above, inclusive: true, value })
}

/// What the question asks of a board beyond its best, if anything (see [`BoardAsk`]).
pub fn board_ask(question: &str) -> Option<BoardAsk> {
    static EVERY_MODEL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:every|each|all(?:\s+(?:the|of\s+the))?)\s+(?:models?|systems?|methods?|entries|approaches)\b|\b(?:full|whole|entire|complete)\s+(?:leaderboard|board|ranking)\b|\bwhat\s+(?:does|did|do)\s+(?:the|its|that|this)\s+(?:[\w.-]+\s+){0,4}?(?:leaderboard|board|ranking|standings?)\b[^?]{0,40}?\blook\s+like\b|\b(?:show|give|list)\s+(?:me\s+|us\s+)?(?:the|its)\s+(?:leaderboard|ranking|standings)\b")
            .unwrap_or_else(|e| panic!("every-model pattern: {e}"))
    });
    static ENDS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:highest|best|top)\b[^?.]{0,60}\b(?:and|as well as)\b[^?.]{0,40}\b(?:lowest|worst|bottom)\b|\b(?:lowest|worst)\b[^?.]{0,60}\b(?:and|as well as)\b[^?.]{0,40}\b(?:highest|best|top)\b|\b(?:furthest|farthest)\s+(?:from|behind)\s+(?:the\s+)?(?:best|top|leader|record)|\bhow\s+far\s+behind\s+the\s+(?:leader|best|top)\b[^?.]{0,60}\b(?:weakest|worst|lowest|last)\b|\b(?:weakest|worst|lowest|last)\b[^?.]{0,60}\bbehind\s+the\s+(?:leader|best|top)\b")
            .unwrap_or_else(|e| panic!("ends pattern: {e}"))
    });
    static UNSCORED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:which|what)\b[^?]{0,60}\b(?:ha(?:ve|s)\s+no|with\s+no|without(?:\s+an?)?|lacks?|lacking|missing)\s+(?:[\w-]+\s+){0,2}?(?:numbers?|values?|scores?|results?)\b")
            .unwrap_or_else(|e| panic!("unscored pattern: {e}"))
    });
    if UNSCORED.is_match(question) {
        return Some(BoardAsk::Unscored);
    }
    static UNLED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:which|what)\b[^?]{0,40}\b(?:models?|systems?|methods?|entries|ones)(?:\(s\))?\b[^?]{0,40}?\b(?:(?:is|are|was|were)\s+not|isn['’]t|aren['’]t|weren['’]t|wasn['’]t)\s+(?:the\s+)?(?:top|best|leader|leading|record|sota|winner|number\s+one)\b")
            .unwrap_or_else(|e| panic!("unled pattern: {e}"))
    });
    if UNLED.is_match(question) {
        return Some(BoardAsk::Unled);
    }
    if let Some(value) = value_held(question) {
        return Some(BoardAsk::Holding(value));
    }
    if let Some(t) = threshold(question) {
        return Some(BoardAsk::Past(t));
    }
    if ENDS.is_match(question) {
        return Some(BoardAsk::Ends);
    }
    (EVERY_MODEL.is_match(question) || with_scores(question)).then_some(BoardAsk::Every)
}

/// "Models evaluated on D with their F1", "a table of the systems on D and their scores":
/// every model's value, not the names alone.
pub fn with_scores(question: &str) -> bool {
    static WITH_SCORES: LazyLock<Regex> = LazyLock::new(|| {
        let metric = super::classify::METRIC_WORDS;
        Regex::new(&format!(r"(?i)\b(?:models|systems|methods|approaches)\b(?:[^?.]|\.\S){{0,80}}?\b(?:with|and|plus|along\s+with)\s+(?:their|the)\s+(?:{metric}|scores|results|numbers|values|performances?)\b"))
            .unwrap_or_else(|e| panic!("with-scores pattern: {e}"))
    });
    WITH_SCORES.is_match(question)
}

/// "Who's second best", "who comes third": the best two (three), the last among them.
static PLACE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(second|third)[- ](best|place|highest|lowest)\b|\brunner[- ]up\b|\b(?:who(?:['’]s| is| was| came| comes| ranks?)|which (?:model|system|method) (?:is|was|came|comes|ranks?))\s+(second|third)\b")
        .unwrap_or_else(|e| panic!("place pattern: {e}"))
});

/// Whether a question asks for a place on a board below the first ([`PLACE`]).
pub fn asks_place(question: &str) -> bool {
    PLACE.is_match(question)
}

/// How many of the best a question asks for: "top 3 models", "the five best", "top-10".
pub fn top_k(question: &str) -> Option<usize> {
    static TOP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:top|bottom)[- ]?(\d{1,2}|two|three|four|five|ten)\b|(?:^|[\s(])(\d{1,2}|two|three|four|five|ten) (best|highest|lowest|top|worst|weakest)\b").unwrap_or_else(|e| panic!("top-k pattern: {e}"))
    });
    if let Some(c) = PLACE.captures(question) {
        let third = c.get(1).or_else(|| c.get(3)).is_some_and(|m| m.as_str().eq_ignore_ascii_case("third"));
        return Some(if third { 3 } else { 2 });
    }
    // "Which three models have the highest F1 there?": a count of models, then the superlative.
    static COUNTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:which|what|the|list|name|give me)\s+(\d{1,2}|two|three|four|five|ten)\s+(?:models?|systems?|methods?|approaches|results?|entries|scores?)\b[^?.]{0,80}\b(?:highest|lowest|best|top|strongest|leading)\b")
            .unwrap_or_else(|e| panic!("counted top-k pattern: {e}"))
    });
    let caps = TOP.captures(question).or_else(|| COUNTED.captures(question))?;
    let word = caps.get(1).or_else(|| caps.get(2))?.as_str().to_lowercase();
    let k = count_word(&word)?;
    (k > 1).then_some(k)
}

/// A count written as digits or as a word from one to ten ("3", "three").
pub fn count_word(w: &str) -> Option<usize> {
    const WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    w.parse().ok().or_else(|| WORDS.iter().position(|x| x.eq_ignore_ascii_case(w)).map(|i| i + 1))
}

/// Whether a word says nothing about what is meant ("the", "model", "papers", "best").
pub fn is_stopword(word: &str) -> bool {
    STOPWORDS.contains(&word.to_lowercase().as_str())
}

/// Words that ask for a paper without describing it ("the paper that introduced X").
const REQUEST_WORDS: &[&str] = &[
    "anything", "introduced", "introduce", "introduces", "introducing", "proposed", "propose", "proposes",
    "proposing", "presented", "presenting", "year", "authors", "author", "about", "regarding", "literature",
    "publications", "publication", "article", "topic", "topics", "related", "stuff", "things", "work", "works",
    "something", "papers", "research", "whats", "looking", "exists", "existing", "any", "anyone", "know", "based",
    "dois", "pls", "plz", "address", "addresses", "tackle", "tackles", "tackled",
    // "when did X come out", "who's behind the X paper", "X paper released in 2024, yes?".
    "come", "comes", "came", "out", "behind", "released", "release", "publish", "appeared",
    // An order asked for: "the most recent paper on nitrogen fixation".
    "recent", "recently", "latest", "newest", "oldest", "earliest", "newer", "older",
];

/// "whats in the graph about X", "does the kg have X", "what's in here on X": the graph the
/// question is put to, not a word of the topic.
/// "Score" as the verb of a model's result: "what does X score on D", "did X score above 90".
static SCORE_VERB: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:does|did|do|would|will|can|could)\s+[^\s?,;]+(?:\s[^\s?,;]+){0,3}?\s(scored?)\s+(?:on|in|at|for|against|above|below|over|under|higher|lower|better|worse)\b")
        .unwrap_or_else(|e| panic!("score verb pattern: {e}"))
});
static THE_GRAPH_ITSELF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:in|from|does|do)\s+(?:the\s+)?(?:open research\s+)?(?:knowledge\s+graph|graph|kg|orkg)\b(?:\s+(?:have|hold|contain|know|say)s?)?|\b(?:got\s+)?in\s+here\b")
        .unwrap_or_else(|e| panic!("graph pattern: {e}"))
});

/// "the gemma paper was published in 2023, right?": the tag that asks for a yes, no word
/// of a title.
static TAG_ASKED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)(?:,\s*|\s)(?:right|correct|true|yes|no|yeah|yep|eh|ok|okay|surely)\s*[?.!]*\s*$").unwrap_or_else(|e| panic!("tag pattern: {e}")));

/// "lit review on X", "for my related work section", "i'm new to X", "writing a survey on
/// X": what the papers are wanted for, no word of the topic. (A survey asked for, "surveys
/// on X", keeps its word: only one being written is framing.)
static REVIEW_FRAMING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:(?:starting|doing|writing|scoping|drafting|preparing|putting\s+together|for)\s+)?(?:a|an|my|our|the)?\s*(?:lit(?:erature)?\s+review|related[- ]work(?:\s+(?:section|para(?:graph)?|part|chapter))?)\b|\b(?:starting|doing|writing|scoping|drafting|preparing)\s+(?:a|an|my|our|the)\s+(?:survey|review|overview)\b|\bnew\s+to\s+the\s+(?:area|field|topic)\b|\b(?:i['’]?m|i\s+am|we['’]?re|we\s+are)\s+new\s+to\b|\boverview\s+for\s+(?:a|an|my|our|the)\b|\bshould\s+(?:i|we)\s+(?:start\s+)?(?:with|read(?:ing)?|cite|look\s+at)\b|\b(?:i|we)\s+should\s+(?:start\s+)?(?:read(?:ing)?|cite|look\s+at)\b|\bwhere\s+(?:do|should|can|to)\s+(?:i\s+|we\s+)?start(?:\s+reading)?\b|\bstart\s+reading\b")
        .unwrap_or_else(|e| panic!("review framing pattern: {e}"))
});

/// A newcomer's words for what the field does, no words of a title: "getting AI to play
/// old Atari games", "using computers to listen to heartbeats", "what research is there on
/// catching spam?", "spotting it automatically", "for a school project", "my class is
/// doing a project on earthquakes", "i'm writing an article about fake news", "i'd like to
/// read about". The singular
/// "computer" and "machine" stay ("computer vision", "machine translation"), and so do
/// "machines" and "robots" ("support vector machines", "reinforcement learning for robots").
static LAY_FRAMING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:i['’]?d|we['’]?d|would|i|we)\s+(?:really\s+)?like\s+to(?:\s+read(?:\s+up)?\s+(?:about|on))?\b|\b(?:getting|teaching|training|letting|making|using|get|teach|make|use|have|having)\s+(?:an?\s+|the\s+)?(?:computers?|machines?|ai|a\.i\.|robots?|software|algorithms?|programs?)(?:\s+to)?\b|\b(?:computers|ais)\b|\bai\s+(?:that|which|to)\b|\b(?:catching|spotting|telling|figuring\s+out|working\s+out|automatically|on\s+their\s+own|by\s+themselves|everyday|roughly|listen(?:ing)?\s+to|hear(?:ing)?)\b|\b(?:for\s+)?(?:a|an|my|our|the)\s+(?:school|class|uni|university|college|course|homework|news|magazine|newspaper|blog)\s+(?:project|assignment|article|piece|story|essay|report|presentation|post)\b|\b(?:my|our|the)\s+class\s+is\s+doing\s+(?:a|an)\s+(?:project|assignment|presentation|report)\b|\b(?:i['’]?m|i\s+am|we['’]?re|we\s+are)\s+(?:writing|doing|preparing|working\s+on)\s+(?:a|an|my|our|the)\s+(?:article|story|piece|report|essay|project|presentation|assignment|blog\s+post)\b|\b(?:for\s+)?(?:a|an|my|our|the)\s+(?:article|story|piece|report|essay|project|presentation|assignment)\s+(?:on|about)\b")
        .unwrap_or_else(|e| panic!("lay framing pattern: {e}"))
});

/// Examples after what is asked ("everyday sounds like sirens, drills or dogs barking",
/// "such as X and Y"): instances, no words a title of the topic holds. ("I'd like to read
/// about" is framing, taken out before: [`LAY_FRAMING`].)
static EXAMPLES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:,\s*|\s+)(?:like|such\s+as|e\.g\.)\s+[^?.;]*").unwrap_or_else(|e| panic!("examples pattern: {e}"))
});

/// "key papers", "seminal work", "must-read references": the papers asked for.
static KEY_PAPERS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:key|important|seminal|essential|must[- ]read|foundational|core|classic|influential|landmark)\s+(papers?|works?|publications?|references?|readings?|studies)\b").unwrap_or_else(|e| panic!("key papers pattern: {e}"))
});

/// "model variants", "agent versions": the models asked for.
static VARIANTS_ASKED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:model|agent|system|network)\s+(?:variants?|versions?|configurations?)\b").unwrap_or_else(|e| panic!("variants pattern: {e}"))
});

/// "is there anything in orkg on X?", "does it have anything on X": whether anything is
/// held, asked; "segment anything" names a title.
static HOLDS_ANYTHING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^\W*|\b(?:is|are)\s+there\s+|\b(?:have|has|got|holds?|contains?|find|know)\s+)(?:anything|something)\b").unwrap_or_else(|e| panic!("anything pattern: {e}"))
});

/// "the big transfer paper, full title?": what is asked of a title, no word of it.
/// "which papers mention perovskite in the title?": where the word is looked for, no word
/// of the title.
static TITLE_ASKED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(?:full|exact|complete|whole|precise|actual|official)\s+(?:title|name)s?\b|\b(?:mention|mentions|mentioning|have|has|having|with|contain|contains|containing)\b(?P<word>[^?.,]{1,40}?)\s+in\s+(?:the(?:ir)?|its)\s+titles?\b").unwrap_or_else(|e| panic!("title asked pattern: {e}")));

/// "dd-ppo paper: its task?", "xlnet paper and what tasks it covers": what is asked of the
/// paper, no word of its title.
static ASPECT_ASKED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bpaper\s*(?:[:,\-–—]|and)\s*(?:(?:its|the|what|which)\s+)?(?:tasks?|research\s+problems?|problems?|datasets?|benchmarks?)\b[^?:]{0,30}\??\s*$").unwrap_or_else(|e| panic!("aspect asked pattern: {e}"))
});

/// The words of a message that say its topic: the question proper
/// ([`classify::asked_part`]) without the scene before it, the asides after it or a context
/// opening it ("for our joint proposal, which papers are about nitrogen fixation?"); when
/// that only points back ("for a seminar i need papers on sea level rise. what's in the
/// graph on that?"), the sentence before it, from "papers on" when it says so. A message of
/// one plain question is itself.
pub fn topic_part(question: &str) -> &str {
    let asked = classify::asked_part(question);
    // "for question answering as a research problem, which papers does the graph list?":
    // the context holds the topic when the question proper does not.
    if let Some(part) = [classify::without_leading_context(asked), asked].into_iter().find(|p| !content_words(p).is_empty()) {
        return part;
    }
    static PAPERS_ON: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:papers?|work|literature|articles?|studies|publications?|research|references?)\s+(?:on|about|regarding|covering|dealing\s+with|related\s+to)\s+(\S.*)$").unwrap_or_else(|e| panic!("papers-on pattern: {e}"))
    });
    let start = question.find(asked).unwrap_or(0);
    let scene: Vec<&str> = question[..start].rsplit(['.', ';', '?', '!']).map(str::trim).filter(|s| !s.is_empty()).map(classify::without_leading_context).collect();
    // The sentence that asks for papers on something ("i need papers on NeRF. i already
    // have the lidar ones. anything in the graph?"), else the last that says anything.
    let papers_on = scene.iter().filter_map(|s| PAPERS_ON.captures(s).and_then(|c| c.get(1))).map(|m| m.as_str()).find(|t| !content_words(t).is_empty());
    papers_on.or_else(|| scene.into_iter().find(|s| !content_words(s).is_empty())).unwrap_or(question)
}

/// Every content word of the question, names included: what the text index searches
/// titles with (BM25 weighs them; the relevance cut-off needs the whole question).
pub fn content_words(question: &str) -> Vec<String> {
    let question = REVIEW_FRAMING.replace_all(question, " ");
    let question = LAY_FRAMING.replace_all(&question, " ");
    let question = EXAMPLES.replace_all(&question, " ");
    let question = HOLDS_ANYTHING.replace_all(&question, " ");
    // "key papers on X", "seminal work on X": papers on X, no word of it.
    let question = KEY_PAPERS.replace_all(&question, " $1 ");
    // "which model variants does the X paper report?": its models, no word of its title.
    let question = VARIANTS_ASKED.replace_all(&question, " models ");
    let question = THE_GRAPH_ITSELF.replace_all(&question, " ");
    let question = TAG_ASKED.replace_all(&question, " ");
    let question = TITLE_ASKED.replace_all(&question, " $word ");
    let question = ASPECT_ASKED.replace_all(&question, "paper");
    let spelled = spelled_out(&question);
    let words = title_keywords(&question, &Entities::default());
    let mut kept: Vec<String> = Vec::with_capacity(words.len());
    // "papers on the topic of X" asks about a topic; "topic modelling papers" names one.
    static TOPIC_NAMED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\btopics?\s+(?:model\w*|detection|segmentation|classification|extraction|discovery|tracking|labell?ing|evolution|coherence)\b").unwrap_or_else(|e| panic!("topic pattern: {e}")));
    let topic_named = TOPIC_NAMED.is_match(&question);
    for w in words {
        // "anything on sarcasm detection?" asks; "who wrote segment anything?" names a title,
        // the word after another of its words.
        let names = (!kept.is_empty() && matches!(w.as_str(), "anything" | "something")) || (topic_named && matches!(w.as_str(), "topic" | "topics"));
        if (names || !REQUEST_WORDS.contains(&w.as_str())) && !spelled.contains(&w) {
            kept.push(w);
        }
    }
    kept
}

/// Acronyms the question spells out beside them, lower-cased: "sam (sharpness aware
/// minimization)", "random network distillation (RND)". A title holds one or the other, so
/// the acronym is no word a title must hold when its words are there.
fn spelled_out(question: &str) -> Vec<String> {
    static BESIDE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b([A-Za-z]{2,6})(?:\s+(?:paper|model|method|algorithm|optimi[sz]er|architecture|approach|network))?\s*\(([^()]{3,80})\)|([^()]{3,80})\(\s*([A-Za-z]{2,6})\s*\)").unwrap_or_else(|e| panic!("spelled-out pattern: {e}")));
    let initials = |words: &[&str]| words.iter().filter_map(|w| w.chars().next()).collect::<String>().to_lowercase();
    let mut out = Vec::new();
    for c in BESIDE.captures_iter(question) {
        let (acronym, words) = match (c.get(1), c.get(2), c.get(3), c.get(4)) {
            (Some(a), Some(w), _, _) => (a.as_str().to_lowercase(), w.as_str().split(|ch: char| ch.is_whitespace() || ch == '-').filter(|w| !w.is_empty()).collect::<Vec<_>>()),
            (_, _, Some(w), Some(a)) => {
                let a = a.as_str().to_lowercase();
                let all: Vec<&str> = w.as_str().split(|ch: char| ch.is_whitespace() || ch == '-').filter(|w| !w.is_empty()).collect();
                let last = all[all.len().saturating_sub(a.chars().count())..].to_vec();
                (a, last)
            }
            _ => continue,
        };
        if words.len() == acronym.chars().count() && initials(&words) == acronym {
            out.push(acronym);
        }
    }
    out
}

/// Content words of the question outside recognised mentions: the title-keyword fallback.
pub fn title_keywords(question: &str, entities: &Entities) -> Vec<String> {
    let mentioned: Vec<String> = entities.iter().map(|(_, t)| t.to_lowercase()).collect();
    let mut keywords: Vec<String> = Vec::new();
    // Whether the word before was kept: a number right after a kept word is that name's
    // ("QALD 4": "qald-4"), told apart from its siblings by it.
    let mut after_kept = false;
    for word in question.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.')) {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        if word.is_empty() {
            continue;
        }
        let digits = word.chars().all(|c| c.is_ascii_digit());
        if digits && after_kept && word.len() <= 3 {
            if let Some(last) = keywords.last_mut() {
                last.push('-');
                last.push_str(&word);
            }
            after_kept = false;
            continue;
        }
        // "3C SiC", "5G", "3D": a digit and a letter name something, short as they are. (A
        // letter first is a metric's or an id's: "F1", "R2".)
        let coded = word.chars().count() == 2 && word.starts_with(|c: char| c.is_ascii_digit()) && word.chars().any(char::is_alphabetic);
        if (word.chars().count() < 3 && !coded)
            || STOPWORDS.contains(&word.as_str())
            || digits
            || mentioned.iter().any(|m| m.split_whitespace().any(|w| w == word))
            || keywords.contains(&word)
        {
            after_kept = false;
            continue;
        }
        keywords.push(word);
        after_kept = true;
    }
    keywords.truncate(8);
    keywords
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::front::lexicon::GraphLabel;

    #[test]
    fn the_models_that_are_not_the_best_are_asked_of_the_board() {
        assert_eq!(board_ask("which model(s) on NCBI-disease are not the top scorer?"), Some(BoardAsk::Unled));
        assert_eq!(board_ask("which systems on D aren't the best?"), Some(BoardAsk::Unled));
        assert_eq!(board_ask("which models on D are the best?"), None);
    }

    #[test]
    fn a_name_held_as_a_model_and_a_problem_is_the_problem_where_the_question_says_so() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let entities = by_keywords(&lexicon, "Which papers address the research problem Neural Architecture Search?");
        assert_eq!(entities.tasks, vec!["Neural Architecture Search".to_owned()], "{entities:?}");
        let boards = by_keywords(&lexicon, "what benchmarks are there for neural architecture search?");
        assert!(boards.tasks.iter().any(|t| t.eq_ignore_ascii_case("neural architecture search")) && boards.methods.is_empty(), "boards asked for it: {boards:?}");
    }

    #[test]
    fn a_time_after_evaluated_on_is_no_name() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let entities = by_keywords(&lexicon, "which datasets has LeViT-256 been evaluated on since 2021?");
        assert!(entities.datasets.is_empty(), "{:?}", entities.datasets);
        assert_eq!(entities.methods, vec!["LeViT-256".to_owned()]);
    }

    #[test]
    fn what_sets_a_name_aside_is_no_part_of_the_name() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let entities = by_keywords(&lexicon, "besides WMT2014 English-French, which datasets was PBSMT + NMT tested on?");
        assert!(entities.datasets.iter().any(|d| d == "WMT2014 English-French"), "{:?}", entities.datasets);
        assert!(!entities.datasets.iter().any(|d| d.to_lowercase().starts_with("besides")), "{:?}", entities.datasets);
        let entities = by_keywords(&lexicon, "excluding the WMT2014 English-French, which datasets was PBSMT + NMT tested on?");
        assert!(entities.datasets.iter().any(|d| d == "WMT2014 English-French"), "{:?}", entities.datasets);
        assert!(!entities.datasets.iter().any(|d| d.to_lowercase().starts_with("excluding") || d.to_lowercase().starts_with("the ")), "{:?}", entities.datasets);
    }

    #[test]
    fn a_metric_opening_a_compound_is_no_metric() {
        let lexicon = Lexicon::from_tables().expect("the synonym tables");
        let entities = by_keywords(&lexicon, "did the '#exploration' paper about count-based exploration release its code?");
        assert!(entities.metrics.is_empty(), "{entities:?}");
        let scored = by_keywords(&lexicon, "which model has the best F1 on SQuAD1.1?");
        assert!(!scored.metrics.is_empty(), "{scored:?}");
    }

    #[test]
    fn a_newcomers_words_for_what_the_field_does_are_no_words_of_the_topic() {
        for (q, words) in [
            ("what research is there on catching spam?", vec!["spam"]),
            ("is there any research on using computers to listen to heartbeats?", vec!["heartbeats"]),
            ("i'd like to read about computers recognising everyday sounds like sirens, drills or dogs barking", vec!["recognising", "sounds"]),
            ("my class is doing a project on earthquakes - which papers in there should we look at?", vec!["earthquakes"]),
            ("papers on computer vision for machine translation", vec!["computer", "vision", "machine", "translation"]),
            ("papers on support vector machines", vec!["support", "vector", "machines"]),
        ] {
            assert_eq!(content_words(topic_part(q)), words, "{q}");
        }
        assert_eq!(content_words(topic_part("i'm writing an article about fake news. what research is there on spotting it automatically?")), vec!["fake", "news"]);
    }

    #[test]
    fn a_topic_is_read_from_the_question_proper_else_from_the_sentence_asking_for_papers() {
        assert_eq!(topic_part("quick lit check - we're doing COVID-19 drug repurposing with knowledge graphs. which papers in the graph are about drug repurposing?"), "which papers in the graph are about drug repurposing?");
        assert_eq!(topic_part("my co-author does ocean biogeochemistry. for our joint proposal, which papers in the graph are about nitrogen fixation? any ocean basin is fine"), "which papers in the graph are about nitrogen fixation?");
        assert_eq!(topic_part("for a climate-policy seminar i need a few papers on sea level rise. what's in the graph on that?"), "sea level rise");
        assert_eq!(topic_part("for my thesis i need papers on neural radiance fields. i already have the lidar ones. anything in the graph?"), "neural radiance fields");
        assert_eq!(topic_part("hey, my advisor thinks QA and RC are one thing. for question answering as a research problem, which papers does the graph list?"), "for question answering as a research problem, which papers does the graph list?");
        assert_eq!(topic_part("papers on sea level rise"), "papers on sea level rise");
        assert_eq!(content_words("which papers in the graph mention perovskite in the title?"), vec!["perovskite"]);
        assert_eq!(content_words(topic_part("lit review on empty container repositioning - is there anything in orkg on it?")), vec!["empty", "container", "repositioning"], "the review and the ask are no words of the topic");
        assert_eq!(content_words("writing a survey on graph neural networks, for my related work section"), vec!["graph", "neural", "networks"]);
        assert_eq!(content_words("i'm new to author name disambiguation - which papers should i start reading?"), vec!["name", "disambiguation"], "(\"author\" asks for a paper's authors)");
        assert!(content_words("surveys on graph neural networks").contains(&"surveys".to_string()), "surveys asked for");
        assert_eq!(content_words("which model variants does the gated convolutional networks paper report?"), vec!["gated", "convolutional", "networks"]);
        assert_eq!(content_words("key papers on entity linking?"), vec!["entity", "linking"]);
    }

    #[test]
    fn a_lookup_in_a_message_searches_the_question_proper_then_each_sentence_naming_a_paper() {
        assert_eq!(lookup_parts("i used SciBERT before, now trying OAG-BERT. what year is the OAG-BERT paper?"), vec!["what year is the OAG-BERT paper"]);
        assert_eq!(lookup_parts("for a face-recognition survey my advisor wants the FERET evaluation methodology paper. could u give me its full title and doi?"), vec!["the FERET evaluation methodology paper"]);
        assert_eq!(lookup_parts("What is the newest paper on T? I have a feeling it's the X Y paper."), Vec::<String>::new(), "a guess after the question names no paper asked for");
        assert!(lookup_parts("what is the doi of the X Y Z paper?").is_empty());
        assert_eq!(lookup_parts("how many datasets does the GPT-3 paper (language models are few-shot learners) evaluate on?"), vec!["language models are few-shot learners"], "a paper described in parentheses");
        assert!(lookup_parts("the contextualized span representations paper (DyGIE++) was tested on SciERC").is_empty(), "a short name in parentheses is no title");
    }

    #[test]
    fn a_name_opening_with_a_letter_beyond_ascii_is_read_without_cutting_it() {
        let lexicon = Lexicon::from_tables().unwrap();
        // "naïve" once panicked: an article was looked for in its first three bytes.
        for q in ["papers on naïve Bayes text classification", "anéé", "Which models were evaluated on Ämnesdata?"] {
            let entities = by_keywords(&lexicon, q);
            assert!(entities.iter().all(|(_, text)| q.contains(text.as_str())), "{q}: {entities:?}");
        }
    }

    #[test]
    fn llm_entities_the_question_never_mentions_are_dropped() {
        let lexicon = Lexicon::from_tables().unwrap();
        let q = "Is it true that BERT outperforms ELMo on SQuAD1.1?";
        let mut llm = Entities::default();
        for (kind, text) in [
            (EntityKind::Method, "bert"),
            (EntityKind::Method, "ELMo"),
            (EntityKind::Dataset, "SQuAD 1.1"),
            (EntityKind::Task, "named entity recognition"),
            (EntityKind::Field, "Computer Vision"),
        ] {
            llm.push(kind, text);
        }
        let grounded = ground(&llm, &Entities::default(), &lexicon, q);
        assert_eq!(grounded.entities.methods, ["bert", "ELMo"]);
        assert_eq!(grounded.entities.datasets, ["SQuAD 1.1"], "punctuation and spacing do not matter");
        assert!(grounded.entities.tasks.is_empty() && grounded.entities.fields.is_empty());
        assert_eq!(grounded.dropped, ["tasks: named entity recognition (not in the question)", "fields: Computer Vision (not in the question)"]);
        assert_eq!(grounded.from_llm, 3);
    }

    #[test]
    fn generic_words_wrong_kinds_and_repeats_are_dropped() {
        let lexicon = Lexicon::from_tables().unwrap();
        let q = "Which models were evaluated on ImageNet for image classification?";
        let mut llm = Entities::default();
        for (kind, text) in [
            (EntityKind::Method, "models"),
            (EntityKind::Task, "ImageNet"),
            (EntityKind::Dataset, "ImageNet"),
            (EntityKind::Task, "image classification"),
            (EntityKind::Field, "image classification"),
        ] {
            llm.push(kind, text);
        }
        let grounded = ground(&llm, &Entities::default(), &lexicon, q);
        assert_eq!(grounded.entities.datasets, ["ImageNet"]);
        assert_eq!(grounded.entities.tasks, ["image classification"]);
        assert!(grounded.entities.methods.is_empty() && grounded.entities.fields.is_empty(), "{grounded:?}");
        assert_eq!(
            grounded.dropped,
            ["methods: models (too generic)", "tasks: ImageNet (known as another kind)", "fields: image classification (known as another kind)"]
        );
    }

    #[test]
    fn an_alias_in_the_question_grounds_the_llms_canonical_name_and_keywords_fill_gaps() {
        let lexicon = Lexicon::from_tables().unwrap();
        let q = "Which NER models were evaluated on CoNLL-2003?";
        let mut llm = Entities::default();
        llm.push(EntityKind::Task, "Named Entity Recognition");
        let keywords = by_keywords(&lexicon, q);
        let grounded = ground(&llm, &keywords, &lexicon, q);
        assert_eq!(grounded.from_llm, 1, "{grounded:?}");
        assert!(grounded.dropped.is_empty(), "{grounded:?}");
        assert!(!grounded.entities.datasets.is_empty(), "the dataset the LLM missed comes from keywords: {grounded:?}");
        assert_eq!(grounded.entities.tasks.len(), 1, "NER is not added twice: {grounded:?}");
    }

    #[test]
    fn keyword_extraction_sorts_mentions_into_kinds() {
        let lexicon = Lexicon::from_tables().unwrap();
        let e = by_keywords(&lexicon, "Is BERT better than ELMo for named entity recognition on CoNLL 2003 by F1?");
        assert_eq!(e.methods, vec!["BERT", "ELMo"]);
        assert_eq!(e.tasks, vec!["named entity recognition"]);
        assert_eq!(e.datasets, vec!["CoNLL 2003"]);
        assert_eq!(e.metrics, vec!["F1"]);
    }

    #[test]
    fn a_size_or_version_glued_to_a_known_model_is_the_name_asked() {
        let lexicon = Lexicon::build(&[
            GraphLabel { kind: EntityKind::Method, iri: "http://orkg.org/orkg/resource/R1".into(), label: "Quillon".into() },
            GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R2".into(), label: "BenchMira".into() },
        ])
        .unwrap();
        let methods = |q: &str| by_keywords(&lexicon, q).methods;
        assert_eq!(methods("quillon-xxl on benchmira"), vec!["quillon-xxl"]);
        assert_eq!(methods("what does Quillon-Large get on BenchMira?"), vec!["Quillon-Large"]);
        assert_eq!(methods("quillon-v2 results"), vec!["quillon-v2"]);
        assert_eq!(methods("quillon-7b on benchmira"), vec!["quillon-7b"]);
        // Not sizes or versions: the model itself is named.
        assert_eq!(methods("quillon-based models on benchmira"), vec!["quillon"]);
        assert_eq!(methods("quillon on benchmira"), vec!["quillon"]);
        assert_eq!(methods("quillon-large-cased on benchmira"), vec!["quillon"]);
    }

    #[test]
    fn a_size_or_version_written_apart_from_a_known_name_is_the_name_asked_and_leading_words_are_not() {
        let lexicon = Lexicon::build(&[
            GraphLabel { kind: EntityKind::Method, iri: "http://orkg.org/orkg/resource/R1".into(), label: "Quillon".into() },
            GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R2".into(), label: "BenchMira".into() },
            GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R3".into(), label: "WMT2016 German-English".into() },
        ])
        .unwrap();
        let methods = |q: &str| by_keywords(&lexicon, q).methods;
        let datasets = |q: &str| by_keywords(&lexicon, q).datasets;
        assert_eq!(methods("code for Quillon 13B?"), vec!["Quillon 13B"]);
        assert_eq!(methods("Quillon 87.9 on BenchMira"), vec!["Quillon"], "a score, not a size");
        assert_eq!(datasets("papers with results on BenchMira 3.0?"), vec!["BenchMira 3.0"]);
        assert_eq!(datasets("papers on BenchMira 4 and more"), vec!["BenchMira 4"]);
        assert_eq!(datasets("Quillon gets BenchMira 88.5"), vec!["BenchMira"], "a score, not a version");
        assert_eq!(datasets("who is on top for WMT2016 German-English?"), vec!["WMT2016 German-English"]);
        assert_eq!(datasets("who's on top for Zorbin 9 de-en?"), vec!["Zorbin 9 de-en"]);
        assert_eq!(datasets("models tested on zorbin (test) and on benchmira?"), vec!["zorbin (test)", "benchmira"]);
    }

    #[test]
    fn a_family_no_label_is_is_named_by_what_its_labels_share() {
        let model = |iri: &str, label: &str| GraphLabel { kind: EntityKind::Method, iri: iri.into(), label: label.into() };
        let lexicon = Lexicon::build(&[
            model("r1", "Quillon-XL"),
            model("r2", "Quillon-S-24"),
            model("r3", "Zephy-L"),
            GraphLabel { kind: EntityKind::Dataset, iri: "d".into(), label: "Zephy Corpus".into() },
        ])
        .unwrap();
        assert_eq!(by_keywords(&lexicon, "quillon code?").methods, vec!["quillon"]);
        assert_eq!(by_keywords(&lexicon, "which task do the quillon models address").methods, vec!["quillon"]);
        assert_eq!(by_keywords(&lexicon, "quillon-xxl96 accuracy").methods, vec!["quillon-xxl96"]);
        assert!(by_keywords(&lexicon, "zephy results").methods.is_empty(), "one label, and a dataset's word");
        // An acronym before a space names a family too; three capitals alone do not.
        let lexicon = Lexicon::build(&[model("r1", "A3C FF hs"), model("r2", "A3C LSTM hs"), model("r3", "PAR Transformer Base"), model("r4", "PAR BERT Base")]).unwrap();
        assert_eq!(by_keywords(&lexicon, "the a3c paper").methods, vec!["a3c"]);
        assert!(!by_keywords(&lexicon, "on par with bert").methods.iter().any(|m| m.eq_ignore_ascii_case("par")));
    }

    #[test]
    fn a_request_for_code_names_what_the_code_is_of() {
        let t = "Joint Extraction of Entities and Relations Based on a Novel Tagging Scheme";
        assert_eq!(code_subject(&format!("code for the paper {t}")).as_deref(), Some(t));
        assert_eq!(code_subject(&format!("is there a github repo for \"{t}\"?")).as_deref(), Some(t));
        assert_eq!(code_subject(&format!("{t} code")).as_deref(), Some(t));
        assert_eq!(code_subject("source code of the ETL-Span paper?").as_deref(), Some("ETL-Span"));
        assert_eq!(code_subject("which datasets was it evaluated on?"), None);
    }

    #[test]
    fn both_of_two_names_are_read_each_on_its_own() {
        let lexicon = Lexicon::from_tables().unwrap();
        let e = by_keywords(&lexicon, "models evaluated on both wmt2016 en-de and wmt2016 en-ro");
        assert_eq!(e.datasets, vec!["wmt2016 en-de", "wmt2016 en-ro"]);
    }

    #[test]
    fn a_boards_models_are_filtered_by_their_code_when_asked() {
        assert_eq!(code_filter("which models on flowers-102 have no code"), Some(false));
        assert_eq!(code_filter("how many models on nottingham have code"), Some(true));
        assert_eq!(code_filter("is there an open-source model among the semeval-2021 task 11 ones?"), Some(true));
        assert_eq!(code_filter("code of the models evaluated on cifar-10"), None);
        assert!(paper_by_clause("the mnist paper that has no code") && !paper_by_clause("does the mnist paper have code?"));
    }

    #[test]
    fn a_role_given_after_a_boards_name_is_no_part_of_it() {
        let lexicon = Lexicon::from_tables().unwrap();
        let e = by_keywords(&lexicon, "R2 asks whether the authors picked the stronger of BERT-joint and GPT-3 on Natural Questions as their main baseline. Which of the two is ahead there?");
        assert!(e.datasets.iter().any(|d| d == "Natural Questions") && !e.datasets.iter().any(|d| d.contains("baseline")), "{:?}", e.datasets);
    }

    #[test]
    fn a_guess_ends_before_a_bracketed_metric() {
        let lexicon = Lexicon::build(&[
            GraphLabel { kind: EntityKind::Dataset, iri: "d".into(), label: "MultiNLI".into() },
            GraphLabel { kind: EntityKind::Metric, iri: "m".into(), label: "Matched".into() },
        ])
        .unwrap();
        let e = by_keywords(&lexicon, "best model on mnli (matched)");
        assert_eq!((e.datasets, e.metrics), (vec!["mnli".to_owned()], vec!["matched".to_owned()]));
    }

    #[test]
    fn a_model_named_between_an_auxiliary_and_its_evaluation_is_read_whole() {
        let lexicon = Lexicon::from_tables().unwrap();
        let e = by_keywords(&lexicon, "which datasets was PAR transformer evaluated on");
        assert_eq!(e.methods, vec!["PAR transformer"], "a known shorter name inside it is part of it");
        let e = by_keywords(&lexicon, "Was Halverin ever evaluated on Mirelle Subtitles?");
        assert!(!e.methods.iter().any(|m| m.contains("ever")), "an adverb is no part of the name: {:?}", e.methods);
        let e = by_keywords(&lexicon, "which datasets has agent57 been evaluated on?");
        assert_eq!(e.methods, vec!["agent57"], "between the auxiliary and \"been\"");
    }

    #[test]
    fn score_as_the_verb_leaves_the_model_named_before_it() {
        let lexicon = Lexicon::build(&[
            GraphLabel { kind: EntityKind::Method, iri: "http://orkg.org/orkg/resource/R1".into(), label: "BERT".into() },
            GraphLabel { kind: EntityKind::Metric, iri: "http://orkg.org/orkg/resource/R2".into(), label: "BERT score".into() },
        ])
        .unwrap();
        let e = by_keywords(&lexicon, "what does bert score on squad 2.0?");
        assert_eq!((e.methods, e.metrics), (vec!["bert".to_owned()], Vec::<String>::new()));
        assert_eq!(by_keywords(&lexicon, "which models have the best bert score on squad 2.0?").metrics, vec!["bert score"]);
    }

    #[test]
    fn a_claim_about_code_gives_the_repository_it_names_and_whether_it_says_there_is_none() {
        assert_eq!(code_claim("the neural architecture search model has code in tensorflow/models — yes??"), Some(CodeClaim { repository: Some("tensorflow/models".into()), none: false }));
        assert_eq!(code_claim("xlnet's implementation is at https://github.com/zihangdai/xlnet, right?"), Some(CodeClaim { repository: Some("zihangdai/xlnet".into()), none: false }));
        assert_eq!(code_claim("LUKE has no public code, right?"), Some(CodeClaim { repository: None, none: true }));
        assert_eq!(code_claim("DQN wasn't open-sourced, was it?"), Some(CodeClaim { repository: None, none: true }));
        // A claim about results, or no claim of code at all.
        assert_eq!(code_claim("XLNet beats BERT on SQuAD and has code, right?"), None);
        assert_eq!(code_claim("BERT gets 93.2 F1 on SQuAD1.1, right?"), None);
        assert_eq!(code_claim("papers on code generation and/or program synthesis").and_then(|c| c.repository), None);
    }

    #[test]
    fn unknown_names_are_recognised_from_their_context() {
        let lexicon = Lexicon::from_tables().unwrap();
        type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
        let cases: [Case; 12] = [
            ("What models are being evaluated on the UrbanSound8k dataset?", &["UrbanSound8k"], &[], &[]),
            ("which models were evaluated on Ämnesdata and what are their scores?", &["Ämnesdata"], &[], &[]),
            ("Halverin was used on which datasets, with which scores?", &[], &[], &[]),
            ("Where can I find code for models evaluated on Dataset translation 0?", &["Dataset translation 0"], &[], &[]),
            ("List papers that have utilized the Flair-TDM model and include links to their code", &[], &["Flair-TDM"], &[]),
            ("Which model performs best on the Atari 2600 Freeway benchmark in terms of Score?", &["Atari 2600 Freeway"], &[], &["Score"]),
            ("What are the metrics of evaluation over the Classical music, 5 seconds at 12 kHz dataset?", &["Classical music, 5 seconds at 12 kHz"], &[], &[]),
            ("Which is the best model on this dataset?", &[], &[], &[]),
            ("Provide links to code used in papers that use the Flair-TDM model", &[], &["Flair-TDM"], &[]),
            ("Provide a list of papers that have utilized the Funnel Transformer model", &[], &["Funnel Transformer"], &[]),
            ("Show me recent work on protein-ligand docking", &[], &[], &[]),
            ("Which model has achieved the highest Accuracy score on the Story Cloze Test benchmark dataset?", &["Story Cloze Test"], &[], &["Accuracy score"]),
        ];
        for (q, datasets, methods, metrics) in cases {
            let e = by_keywords(&lexicon, q);
            assert_eq!(e.datasets, datasets, "{q}");
            assert_eq!(e.methods, methods, "{q}");
            assert_eq!(e.metrics, metrics, "{q}");
        }
    }

    #[test]
    fn two_known_boards_joined_by_and_are_two_names_not_one_longer_one() {
        let board = |iri: &str, label: &str| GraphLabel { kind: EntityKind::Dataset, iri: iri.into(), label: label.into() };
        let lexicon = Lexicon::build(&[board("d1", "Hollenby Marsh Calls"), board("d2", "Veltmoor Dawn Set")]).unwrap();
        let e = by_keywords(&lexicon, "Is there a paper with results on both Hollenby Marsh Calls and Veltmoor Dawn Set?");
        assert_eq!(e.datasets, vec!["Hollenby Marsh Calls", "Veltmoor Dawn Set"]);
    }

    #[test]
    fn unknown_names_in_claims_are_recognised_as_the_two_sides() {
        let lexicon = Lexicon::from_tables().unwrap();
        let e = by_keywords(&lexicon, "Does Zorvath-9 outperform Kestrel-7 on CityScan-2?");
        assert_eq!(e.methods, vec!["Zorvath-9", "Kestrel-7"]);
        assert_eq!(e.datasets, vec!["CityScan-2"]);
        let e = by_keywords(&lexicon, "Is TorvaNet better than LumaNet on SkyLine-40?");
        assert_eq!(e.methods, vec!["TorvaNet", "LumaNet"]);
        assert_eq!(e.datasets, vec!["SkyLine-40"]);
    }

    #[test]
    fn unknown_tasks_are_recognised_by_their_head_noun() {
        let lexicon = Lexicon::from_tables().unwrap();
        let cases: [(&str, &[&str]); 4] = [
            ("Show me recent work on protein-ligand docking", &["protein-ligand docking"]),
            ("Which datasets are used for traffic forecasting?", &["traffic forecasting"]),
            ("papers improving object detection", &["object detection"]),
            ("What is the analysis?", &[]),
        ];
        for (q, tasks) in cases {
            assert_eq!(by_keywords(&lexicon, q).tasks, tasks, "{q}");
        }
    }

    #[test]
    fn llm_replies_are_read_through_fences_and_chatter() {
        let reply = "Sure!\n```json\n{\"methods\": [\"BERT\"], \"datasets\": [\"SQuAD\"], \"tasks\": [], \"fields\": [], \"metrics\": [\"F1\"]}\n```";
        let e = parse_llm_reply(reply).unwrap();
        assert_eq!(e.methods, vec!["BERT"]);
        assert_eq!(e.datasets, vec!["SQuAD"]);
        assert_eq!(e.metrics, vec!["F1"]);
    }

    #[test]
    fn unusable_llm_replies_are_rejected() {
        for reply in [
            "I cannot help with that.",
            r#"{"answer": "BERT"}"#,
            r#"{"methods": "BERT"}"#,
            r#"{"methods": [1, 2]}"#,
            "",
        ] {
            assert_eq!(parse_llm_reply(reply), None, "{reply}");
        }
    }

    #[test]
    fn lookup_keys_find_dois_and_quoted_titles() {
        let k = lookup_keys("Find the paper with DOI 10.1109/CVPR.2016.90.");
        assert_eq!(k.doi.as_deref(), Some("10.1109/CVPR.2016.90"));
        let k = lookup_keys("Who wrote 'Attention Is All You Need'?");
        assert_eq!(k.title.as_deref(), Some("Attention Is All You Need"));
        let k = lookup_keys("Who wrote “Deep Residual Learning for Image Recognition”?");
        assert_eq!(k.title.as_deref(), Some("Deep Residual Learning for Image Recognition"));
        assert_eq!(lookup_keys("What's the best model?"), LookupKeys::default());
        let k = lookup_keys("The authors say 'few systems have been evaluated' there. How many models have results on D?");
        assert_eq!(k.title, None, "words quoted from what someone wrote are no title");
        let k = lookup_keys("The authors claim 'Deep Residual Learning for Image Recognition' came out in 2016.");
        assert_eq!(k.title.as_deref(), Some("Deep Residual Learning for Image Recognition"), "words written as a title stay one");
        let k = lookup_keys("who wrote 'functional and mental training effects in archery sport performance'?");
        assert_eq!(k.title.as_deref(), Some("functional and mental training effects in archery sport performance"), "who wrote it asks for its authors");
    }

    #[test]
    fn the_graph_a_question_is_put_to_is_no_word_of_its_topic() {
        assert_eq!(content_words("whats in the graph about crowdfunding"), ["crowdfunding"]);
        assert_eq!(content_words("anything on sarcasm detection?"), ["sarcasm", "detection"]);
        assert_eq!(content_words("who wrote segment anything?"), ["segment", "anything"], "a word of the title");
        assert_eq!(content_words("what's in here on biological invasions"), ["biological", "invasions"], "\"in here\" is the graph");
        assert_eq!(content_words("when did end-to-end construction of nlp knowledge graph come out"), ["end-to-end", "construction", "nlp", "knowledge", "graph"]);
        assert_eq!(content_words("looking for work on graph neural networks"), ["graph", "neural", "networks"]);
        assert_eq!(content_words("Building Virtual Cities - doi pls"), ["building", "virtual", "cities"], "a request is no title word");
        assert_eq!(content_words("kelp canopy refs since 2020 and their DOIs?"), ["kelp", "canopy"], "nor is a time or a kind of reference");
        assert_eq!(content_words("whether birds establish"), ["birds", "establish"], "a conjunction is no title word");
        assert_eq!(content_words("the gemma paper was published in 2023, right?"), ["gemma"], "the tag asking for a yes is no title word");
        assert_eq!(content_words("isn't the gemma paper from 2023?"), ["gemma"], "nor a negated auxiliary");
        assert_eq!(content_words("gemma paper released in 2024, yes?"), ["gemma"], "nor when it came out");
        assert_eq!(content_words("most recent paper on nitrogen fixation"), ["nitrogen", "fixation"], "nor the order asked for");
        assert_eq!(content_words("the big transfer paper, full title?"), ["big", "transfer"], "what is asked of the title is none of it");
        assert_eq!(content_words("dd-ppo paper: its task?"), ["dd-ppo"], "nor what is asked of the paper");
        assert_eq!(content_words("topic modelling papers"), ["topic", "modelling"], "a topic named by the word");
        assert_eq!(content_words("papers on the topic of crowdfunding"), ["crowdfunding"]);
        assert_eq!(content_words("pegasus paper: which datasets it was tested on?"), ["pegasus"]);
        assert_eq!(content_words("sam paper (sharpness aware minimization) - exact title?"), ["sharpness", "aware", "minimization"], "an acronym spelled out beside it");
        assert_eq!(content_words("which paper introduced random network distillation (RND)"), ["random", "network", "distillation"]);
        assert_eq!(content_words("the gan (graph attention) paper"), ["gan", "graph", "attention"], "initials that differ are a word of their own");
        let lexicon = Lexicon::from_tables().unwrap();
        let found = by_keywords(&lexicon, "common sense reasoning benchmarks in the graph?");
        assert!(!found.tasks.iter().any(|t| t == "graph"), "{found:?}");
    }

    #[test]
    fn the_person_whose_papers_are_asked_for_is_read_by_name() {
        for (q, author) in [
            ("what papers has riccardo monzoni got in here?", Some("riccardo monzoni")),
            ("papers by Yoshua Bengio", Some("Yoshua Bengio")),
            ("Ashish Vaswani's papers", Some("Ashish Vaswani")),
            ("list papers written by Ario Federici since 2015", Some("Ario Federici")),
            ("papers by research field", None),
            ("papers by the authors of BERT", None),
            ("papers on graph neural networks", None),
        ] {
            assert_eq!(asked_author(q).as_deref(), author, "{q}");
        }
    }

    #[test]
    fn a_number_after_a_word_stays_with_it_and_a_digit_letter_code_is_a_keyword() {
        let none = Entities::default();
        assert_eq!(title_keywords("Which papers are about QALD 4?", &none), vec!["qald-4"]);
        assert_eq!(title_keywords("Any papers on 3C SiC?", &none), vec!["3c", "sic"]);
        assert_eq!(title_keywords("the top 10 papers on graphs", &none), vec!["graphs"], "a count after a stopword is no name's");
        assert_eq!(title_keywords("the highest F1 on SQuAD1.1", &none), vec!["squad1.1"], "a metric's letter and digit are no title word");
    }

    #[test]
    fn title_keywords_skip_stopwords_and_mentions() {
        let mut e = Entities::default();
        e.push(EntityKind::Task, "protein structure prediction");
        let k = title_keywords("Show me research on protein structure prediction with deep learning", &e);
        assert_eq!(k, vec!["deep", "learning"]);
    }

    #[test]
    fn how_many_of_the_best_are_asked_for_is_read_from_top_k_and_places() {
        assert_eq!(top_k("top-3 on BenchMira by accuracy"), Some(3));
        assert_eq!(top_k("top five models on X"), Some(5));
        assert_eq!(top_k("I need the bottom three on D for a baseline table"), Some(3));
        assert_eq!(top_k("the 2 weakest results on D"), Some(2));
        assert_eq!(top_k("Who's second best on BenchMira?"), Some(2));
        assert_eq!(top_k("the third-best result on D"), Some(3));
        assert_eq!(top_k("best model on D"), None);
        assert_eq!(top_k("as of 2019, what were the two best f1 scores on sealbrook"), Some(2));
        assert_eq!(top_k("the top two on D"), Some(2));
        assert_eq!(top_k("Which three models have the highest F1 there?"), Some(3));
        assert_eq!(top_k("Which two models have the lowest word error rate there at the moment?"), Some(2));
        assert_eq!(top_k("Which 2 models were evaluated on D?"), None, "no superlative");
        assert_eq!(top_k("trec-6 lowest error"), None, "a number in a name");
        assert_eq!(top_k("Atari-57 top median human-normalized score"), None);
    }

    #[test]
    fn a_paper_named_by_part_of_its_title_gives_those_words() {
        assert_eq!(named_paper("i'm citing the relational modelling of tidal arrays paper - which doi do i use?").as_deref(), Some("relational modelling of tidal arrays"));
        assert_eq!(named_paper("need to cite the tidal stream turbine condition monitoring review: year + doi?").as_deref(), Some("tidal stream turbine condition monitoring"));
        assert_eq!(named_paper("the answer is in the kelp canopy mapping paper").as_deref(), Some("kelp canopy mapping"), "the nearest determiner");
        assert_eq!(named_paper("what year is the BERT paper from?"), None, "a model's name is no title");
        assert_eq!(named_paper("when did the spectral kurtosis paper on turbine blade faults come out?").as_deref(), Some("spectral kurtosis turbine blade faults"));
        assert_eq!(named_paper("When did the paper on pretrained audio encoders for birdsong come out, and what is its DOI?").as_deref(), Some("pretrained audio encoders for birdsong"));
    }

    #[test]
    fn a_question_asks_for_every_model_both_ends_or_those_past_a_value() {
        assert_eq!(board_ask("Could you list every model with an accuracy on Hollenby Marsh Calls, best first, with its number?"), Some(BoardAsk::Every));
        assert_eq!(board_ask("On the Orrenby Parallel Corpus, which model has the highest BLEU and which the lowest?"), Some(BoardAsk::Ends));
        assert_eq!(board_ask("As of 2024, what did the leaderboard look like?"), Some(BoardAsk::Every), "a newcomer asks for the whole board");
        assert_eq!(board_ask("show me the leaderboard for kelp canopy mapping"), Some(BoardAsk::Every));
        assert_eq!(board_ask("who got 99.78 on flowers-102?"), Some(BoardAsk::Holding(99.78)), "the holders of a value");
        assert_eq!(board_ask("which paper got 431% on atari-57"), Some(BoardAsk::Holding(431.0)));
        assert_eq!(board_ask("paper behind the 85.1 top-5 on objectnet bbox"), Some(BoardAsk::Holding(85.1)));
        assert_eq!(board_ask("whose paper has the 1.11 bpc on enwiki8"), Some(BoardAsk::Holding(1.11)));
        assert_eq!(board_ask("who got 994500 on atlantis"), Some(BoardAsk::Holding(994500.0)));
        assert_eq!(board_ask("where does the 99.78 on flowers-102 come from?"), Some(BoardAsk::Holding(99.78)), "a value's source");
        assert_eq!(board_ask("what's the source of the 99.78 on flowers-102"), Some(BoardAsk::Holding(99.78)));
        assert_eq!(board_ask("which paper is that 85.1 on objectnet bbox from?"), Some(BoardAsk::Holding(85.1)));
        assert_eq!(board_ask("who has the best f1 on D?"), None, "a rank, no value");
        assert_eq!(board_ask("which model has 2020 results on D?"), None, "a year is no value");
        assert_eq!(board_ask("Give me a table of models evaluated on SQuAD1.1 with their F1"), Some(BoardAsk::Every), "every model's value");
        assert_eq!(board_ask("models on D and their scores, please"), Some(BoardAsk::Every));
        assert!(with_scores("models evaluated on SQuAD1.1 with their F1") && !with_scores("models on D. With their help, ..."), "a dot inside a name, not one ending a sentence");
        assert_eq!(board_ask("which models on D come with their code?"), None, "code is no score");
        // How far the worst is from the best needs both.
        assert_eq!(board_ask("As of 2021, which result on D was furthest from the best one?"), Some(BoardAsk::Ends));
        assert_eq!(board_ask("As of 2020, how far behind the leader was the weakest result on D?"), Some(BoardAsk::Ends));
        let Some(BoardAsk::Past(t)) = board_ask("Which models score below 75 accuracy on BenchMira?") else { panic!("no threshold") };
        assert!(t.passes(74.1) && !t.passes(75.0) && !t.above);
        for (q, value, passing, failing) in [("Has any system on D managed a WER of 7 percent or better?", 7.0, 6.8, 7.2), ("an F1 of 80 or better", 80.0, 80.0, 79.9), ("On D, which systems clear 0.9 F1?", 0.9, 91.2, 89.9), ("Which systems are north of 52 chrF on D?", 52.0, 53.4, 51.0), ("which report a mean IoU of 60 or more?", 60.0, 60.0, 59.9), ("which had passed 75 F1 by 2019?", 75.0, 76.0, 75.0), ("systems with 90%+ F1", 90.0, 90.0, 89.0)] {
            let Some(BoardAsk::Past(t)) = board_ask(q) else { panic!("no threshold in {q}") };
            assert_eq!(t.value, value, "{q}");
            assert!(t.passes(passing) && !t.passes(failing), "{q}: {t:?}");
        }
        assert!(matches!(board_ask("10 or lower WER on D?"), Some(BoardAsk::Past(Threshold { above: false, inclusive: true, .. }))));
        assert!(!matches!(board_ask("top 3 models on D?"), Some(BoardAsk::Past(_))), "a count, not a bound");
        let Some(BoardAsk::Past(t)) = board_ask("which systems reach at least 86.5% there?") else { panic!("no threshold") };
        assert!(t.passes(86.5) && t.above);
        // A bound of 1 is no fraction: 1.34 bits per character is not below it.
        let Some(BoardAsk::Past(t)) = board_ask("on which Atari 2600 boards does FQF score over 50,000?") else { panic!("no threshold") };
        assert_eq!(t.value, 50000.0, "a comma between thousands");
        let Some(BoardAsk::Past(t)) = board_ask("which agents got past 8k on Pong?") else { panic!("no threshold") };
        assert_eq!(t.value, 8000.0);
        let Some(BoardAsk::Past(t)) = board_ask("anything below 1.0 bpc on enwik8?") else { panic!("no threshold") };
        assert!(!t.passes(1.34) && t.passes(0.99));
        assert_eq!(top_k("who's second on Hollenby Marsh Calls by accuracy? and who's first?"), Some(2));
        assert_eq!(top_k("which model came third on D?"), Some(3));
        assert_eq!(board_ask("Which of the models on Mirelle Subtitles have no chrF number reported?"), Some(BoardAsk::Unscored));
        assert_eq!(board_ask("Which model is best on BenchMira?"), None);
        assert_eq!(board_ask("best model on WMT 2014 over the years"), None);
    }

    #[test]
    fn a_denied_bar_asks_for_those_on_its_other_side() {
        for (q, value, passing, failing) in [
            ("which hollenby marsh calls models didn't get above 90 accuracy?", 90.0, 90.0, 90.1),
            ("which systems on Dastrup-7 Chorus never got their WER below 10?", 10.0, 10.0, 9.4),
            ("which orrenby systems never made it past 30 BLEU?", 30.0, 27.3, 31.9),
            ("which models failed to clear 80?", 80.0, 79.5, 80.7),
        ] {
            let Some(t) = threshold(q) else { panic!("no threshold in {q}") };
            assert_eq!(t.value, value, "{q}");
            assert!(t.passes(passing) && !t.passes(failing), "{q}: {t:?}");
        }
        assert!(threshold("which models made it past 30 BLEU?").is_some_and(|t| t.above), "made it past, not denied");
        assert!(threshold("not only did X get above 90 on D, which others did?").is_some_and(|t| t.above && !t.inclusive));
        assert!(threshold("only two systems have reached 50 chrF on D").is_some_and(|t| t.above && t.inclusive && t.value == 50.0), "what reaches the bar has it");
        assert!(threshold("models that exceeded 80 on D").is_some_and(|t| t.above && !t.inclusive));
    }
}
