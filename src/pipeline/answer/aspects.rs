//! What a paper lookup asks of its paper: "the doi of X", "what year was X published", "the
//! research problem of the X paper", "models in the X paper", "datasets used in 'Title'".
//! The paper's DOI and year (from the year query) or its own entities (from the details
//! queries) become the answer's items, each citing the paper. Pure.

use std::collections::BTreeMap;

use super::items::{AnswerItem, Source};
use crate::pipeline::evidence::papers::{PaperDetails, PaperMeta};
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::evidence::Evidence;
use crate::pipeline::front::classify::{asks_doi, asks_what_paper_is_about, unquoted};

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

fn re(pattern: &str) -> Regex {
    // The patterns are constants of this module; a typo is caught by the tests.
    Regex::new(pattern).unwrap_or_else(|e| panic!("bad aspect pattern {pattern}: {e}"))
}

/// What a lookup may ask of its paper beyond its title, year and DOI.
static ASPECT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:(problems?|tasks?|address|tackles?)\b|(models?|methods?|approach(?:es)?|architectures?|(?:model\s+)?variants?)\b|(datasets?|benchmarks?|corpora|corpus|(?:lead(?:er)?)?boards?|games|environments)\b|(fields?|area|discipline)\b|((?:github|repo|repository|implementations?|source\s+code|code\s+(?:links?|urls?|repos?|for|of)|(?:its|any|their)\s+code)\b|code\s*(?:\?|$)))")
});

/// A paper's DOI or year, when the question asks for them: "doi of X", "X - doi and year",
/// "when was X published".
fn metadata(question: &str, meta: Option<&PaperMeta>) -> Option<Vec<AnswerItem>> {
    static YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(year|when|published|publication date|came out)\b"));
    let (doi, year) = (asks_doi(question), YEAR.is_match(question));
    if !doi && !year {
        return None;
    }
    let meta = meta?;
    let mut items = Vec::new();
    if let Some(d) = meta.dois.first().filter(|_| doi) {
        items.push(AnswerItem { sources: vec![1], ..AnswerItem::new(d, None) });
    }
    if let Some(y) = meta.year.filter(|_| year) {
        items.push(AnswerItem { sources: vec![1], ..AnswerItem::new(&y.to_string(), None) });
    }
    (!items.is_empty()).then_some(items)
}

/// What a lookup asked of its paper that the graph does not record ("who wrote X" when X
/// has no authors), said plainly so that the paper alone is not read as the answer.
pub fn unrecorded(question: &str, source: &Source, details: Option<&PaperDetails>) -> Option<String> {
    let unquoted = unquoted(question);
    let question = unquoted.as_ref();
    // Narrower than `metadata`'s: "published" alone does not ask for the year here.
    static YEAR: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?i)\b(what year|which year|year of|when was|when did|publication (year|date)|came out|come out)\b"));
    // "Who came up with X?" asks for people too.
    static AUTHORS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(who (wrote|authored|are the authors|came up with|invented|created|developed|designed)|authors?|written by)\b"));
    let mut missing = Vec::new();
    if asks_doi(question) && source.doi.is_none() {
        missing.push("DOI");
    }
    if YEAR.is_match(question) && source.year.is_none() {
        missing.push("year");
    }
    if AUTHORS.is_match(question) && source.authors.is_empty() {
        missing.push("authors");
    }
    // The research problem asked ("the research problem of X", "what is X about") that the
    // details lack.
    let asks_problem = asks_what_paper_is_about(question) || ASPECT.captures(question).is_some_and(|c| c.get(1).is_some());
    if asks_problem && details.is_none_or(|d| d.tasks.is_empty()) {
        missing.push("research problem");
    }
    if ASPECT.captures(question).is_some_and(|c| c.get(5).is_some()) && details.is_none_or(|d| d.code.is_empty()) {
        missing.push("source code link");
    }
    let said = match missing.as_slice() {
        [] => return None,
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    Some(format!("The knowledge graph records no {said} for this paper."))
}

/// Properties people ask of a model or a dataset that leaderboards rarely hold: each with
/// the words that ask for it and the words a result's metric or label would use if the
/// graph did hold it ("which model runs fastest?" is answered by an "Inference time"
/// column, not by the best accuracy).
const PROPERTIES: [(&str, &str, &str); 8] = [
    // Not inside a name: "the Low-Latency Transcribers paper" asks no speed.
    ("speed", r"(?i)(?:^|[^\w-])(?:fastest|slowest|speed|runtime|run\s+time|latency|inference\s+time|throughput)\b|\bhow\s+fast\b|\bruns?\s+faster\b", "speed|time|latency|throughput|fps"),
    // "the smallest" alone or of a model; "the smallest WER" is a score, "how big is the gap" a margin.
    ("size (parameter count)", r"(?i)\b(?:parameters?|param\s+count|model\s+size)\b|\b(?:smallest|lightest|heaviest|biggest)\s*(?:[?,.;]|$)|\b(?:smallest|lightest|heaviest|biggest)\s+(?:model|system|network|method|one)s?\b", "param|size"),
    ("training cost", r"(?i)\bcosts?\s+(?:to|of)\s+(?:train|training|run)\b|\bhow\s+much\b[^?]{0,30}\bcost|\b(?:cheapest|training\s+cost|compute\s+budget|gpu[- ]hours|flops)\b|\bwhat\s+did\s+it\s+cost\b", "cost|flop|compute"),
    ("hardware", r"(?i)\b(?:hardware|gpus?|tpus?)\b", "hardware|gpu|tpu"),
    ("licence", r"(?i)\blicen[cs]e[ds]?\b", "licen"),
    ("training data", r"(?i)\bwhat\s+(?:data|corpus|corpora)\b[^?]{0,30}\btrained\b|\btraining\s+(?:data|set|corpus)\b", "training"),
    // ORKG records no citations at all; a title's "Citation Advantage of ..." asks none.
    ("citation count", r"(?i)\b(?:citation\s+counts?|number\s+of\s+citations|how\s+many\s+(?:citations|times)\b[^?]{0,60}\bcited|how\s+many\s+citations|(?:most|least|highly|widely)[- ]cited|cited\s+the\s+most)\b", "^(?:citations?|citation counts?|times cited)$"),
    // A paper's venue (`HAS_VENUE`) is read when asked ([`asks_venue`]); said missing only
    // when no source records one (see `properties_unrecorded`).
    ("venue", VENUE_ASKED, "^venues?$"),
];

/// The words that ask where a paper was published.
const VENUE_ASKED: &str = r"(?i)\b(?:venues?|(?:which|what)\s+(?:journals?|conferences?|proceedings)|where\s+(?:was|were|is|did)\s+[^?]{0,80}?\b(?:published|appear)\b|(?:published|presented|appeared?)\s+(?:at|in)\s+(?:which|what)|(?:published|presented|accepted)\s+at\s+(?:eccv|iccv|cvpr|neurips|nips|icml|iclr|acl|emnlp|naacl|coling|aaai|ijcai|kdd|www|iswc|eswc|sigir)\b)";

/// Whether the question asks where a paper was published: its papers' venues are then read.
pub fn asks_venue(question: &str) -> bool {
    static ASKED: LazyLock<Regex> = LazyLock::new(|| re(VENUE_ASKED));
    ASKED.is_match(question)
}

/// What the question asks that nothing read for the answer records ("and what hardware was
/// it trained on?" gives "hardware"), to be said plainly so that what is recorded is not
/// read as the answer to it; `None` when it asks no such property, or an item speaks of it
/// (a board with an "Inference time" metric), or a source does (a paper's venue).
pub fn properties_unrecorded(question: &str, items: &[AnswerItem], sources: &[Source]) -> Option<String> {
    static ASKED: LazyLock<Vec<(&'static str, Regex, Regex)>> = LazyLock::new(|| PROPERTIES.iter().map(|(name, asks, held)| (*name, re(asks), re(&format!("(?i){held}")))).collect());
    // A title in double quotes asks nothing ("the \"Low-Latency ...\" paper"); single quotes
    // are left, since an apostrophe opens none ("plumaro's the fastest ..., isn't it?").
    static TITLE: LazyLock<Regex> = LazyLock::new(|| re(r#""[^"]*"|“[^”]*”"#));
    let question = TITLE.replace_all(question, " ");
    let said = |held: &Regex| items.iter().any(|i| [Some(&i.label), i.metric.as_ref()].into_iter().flatten().any(|t| held.is_match(t)));
    let venue_held = sources.iter().any(|s| !s.venues.is_empty());
    let missing: Vec<&str> = ASKED
        .iter()
        .filter(|(name, asks, held)| asks.is_match(&question) && !said(held) && !(*name == "venue" && venue_held))
        .map(|(name, _, _)| *name)
        .collect();
    let said = match missing.as_slice() {
        [] => return None,
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    Some(said)
}

/// Whether the question asks nothing but such a property: "Speed matters more to me than
/// accuracy: which BenchMira model runs fastest?". The graph's scores are then no answer.
pub fn asks_only_property(question: &str) -> bool {
    static ONLY: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)^\W*(?:which|what)\s+(?:[\w.-]+\s+){0,3}?(?:models?|systems?|methods?|networks?|ones?)\s+(?:is|are|runs?|was|were)\s+(?:the\s+)?(?:fastest|slowest|smallest|lightest|cheapest)\b[^?]*\?\s*$")
    });
    let asked = crate::pipeline::front::classify::asked_part(question);
    let asked = asked.rsplit_once(": ").map_or(asked, |(_, after)| after);
    ONLY.is_match(asked)
}

/// The aspects of a paper a lookup may ask for, as an item's `metric` names them.
/// (The metrics, last, are read from its results: [`paper_metrics`].)
pub const ASPECTS: [&str; 6] = ["research problems", "models", "datasets", "research fields", "source code", "metrics"];

/// What a lookup asks of its paper: its research problems, models, datasets or fields, as
/// items citing it; `None` when it asks for the paper itself (title, year, DOI, authors).
pub fn paper_aspects(question: &str, details: Option<&PaperDetails>, meta: Option<&PaperMeta>) -> Option<Vec<AnswerItem>> {
    let unquoted = unquoted(question);
    let question = unquoted.as_ref();
    if let Some(items) = metadata(question, meta) {
        return Some(items);
    }
    static EVALUATED_ON: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:evaluat\w*|test(?:s|ed)?|benchmark(?:s|ed)?|run|ran|report(?:s|ed)?\s+results)\s+(?:it\s+|them\s+)?(?:on|against)\s*\W*$"));
    static WHAT_DID: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)^\W*(?:so\s+|and\s+)?what\s+(?:did|does|do|has|have)\b"));
    // "details of X", "tell me about X": every aspect the graph records.
    static EVERYTHING: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?i)\b(details?|tell me about|everything|info|information|overview|summary|summari[sz]e)\b"));
    let d = details?;
    // "Who wrote <paper>?": its authors, as the graph records them (where it records none,
    // `unrecorded` says so, and the paper alone is shown).
    static WHO_WROTE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:who\s+(?:wrote|authored|are\s+the\s+authors|were\s+the\s+authors)|(?:the\s+)?authors?\s+(?:of|are|were)|written\s+by|by\s+whom)\b"));
    if WHO_WROTE.is_match(question) && !d.authors.is_empty() {
        return Some(d.authors.iter().map(|a| AnswerItem { sources: vec![1], metric: Some("authors".to_owned()), ..AnswerItem::new(a, None) }).collect());
    }
    // A title's hyphenated word asks nothing ("the Deeper Task-Specificity paper").
    static HYPHENATED: LazyLock<Regex> = LazyLock::new(|| re(r"(\w)-(\w)"));
    let joined = HYPHENATED.replace_all(question, "${1}_${2}");
    let question = joined.as_ref();
    // "Which model does it evaluate, and on which datasets?": each aspect asked.
    let also = also_asked(question);
    // What a name's gloss in brackets says asks nothing: "which paper describes L3 (the
    // look-listen-learn audio model)?" asks for the paper, not its models.
    static BRACKETED: LazyLock<Regex> = LazyLock::new(|| re(r"\([^)]*\)"));
    let bare = BRACKETED.replace_all(question, " ");
    let mut chosen: Vec<(&Vec<String>, &str)> = match ASPECT.captures(&bare) {
        // "What is X about?": its research problems.
        _ if asks_what_paper_is_about(question) => vec![(&d.tasks, ASPECTS[0])],
        // "What did the Language Models with Transformers paper evaluate on?": no noun asks;
        // the title's "Models" is no aspect.
        _ if WHAT_DID.is_match(question) && EVALUATED_ON.is_match(question) => vec![(&d.datasets, ASPECTS[2])],
        Some(caps) if caps.get(1).is_some() => vec![(&d.tasks, ASPECTS[0])],
        Some(caps) if caps.get(2).is_some() => vec![(&d.methods, ASPECTS[1])],
        Some(caps) if caps.get(3).is_some() => vec![(&d.datasets, ASPECTS[2])],
        Some(caps) if caps.get(4).is_some() => vec![(&d.fields, ASPECTS[3])],
        Some(_) => vec![(&d.code, ASPECTS[4])],
        None if EVERYTHING.is_match(question) => vec![(&d.tasks, ASPECTS[0]), (&d.methods, ASPECTS[1]), (&d.datasets, ASPECTS[2])],
        // "what did 'T' evaluate on?": its boards, named by no noun.
        None if EVALUATED_ON.is_match(question) => vec![(&d.datasets, ASPECTS[2])],
        None => return None,
    };
    let lists: [&Vec<String>; 5] = [&d.tasks, &d.methods, &d.datasets, &d.fields, &d.code];
    for group in also {
        if !chosen.iter().any(|(_, aspect)| *aspect == ASPECTS[group]) {
            chosen.push((lists[group], ASPECTS[group]));
        }
    }
    // "Besides D, which datasets ...?": D is known to the asker, and is no answer.
    static BESIDES: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?i)\b(?:besides|other than|apart from|aside from|except(?:\s+for)?|in addition to)\s+(?:the\s+)?([^,?]+?)(?:\s*,|\s+(?:which|what|did|does|do|has|have|is|are)\b|\s*\?|$)")
    });
    let squash = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let besides: Vec<String> = BESIDES.captures_iter(question).filter_map(|c| c.get(1)).map(|m| squash(m.as_str())).filter(|s| s.len() >= 3).collect();
    let excluded = |name: &str| {
        let name = squash(name);
        name.len() >= 3 && besides.iter().any(|b| b.contains(&name) || name.contains(b.as_str()))
    };
    let mut items: Vec<AnswerItem> = Vec::new();
    for (names, aspect) in chosen {
        let names: Vec<String> = names.iter().filter(|n| !excluded(n)).cloned().collect();
        let mut seen: Vec<String> = Vec::new();
        items.extend(
            names
                .iter()
                // Duplicate labels (two "ACL-ARC" resources) are one answer.
                .filter(|n| !seen.contains(&n.to_lowercase()) && { seen.push(n.to_lowercase()); true })
                .map(|n| AnswerItem { sources: vec![1], metric: Some(aspect.to_owned()), ..AnswerItem::new(n, None) }),
        );
    }
    (!items.is_empty()).then_some(items)
}

/// The aspects a question asks after its first, joined to it ("which model does it evaluate
/// and on which datasets?"), as indexes of [`ASPECTS`]; a paper described in parentheses
/// ("the GPT-3 paper (language models are few-shot learners)") asks none.
fn also_asked(question: &str) -> Vec<usize> {
    static AFTER_AND: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:\band\b|,)\s*(?:also\s+)?(?:(?:on|in|with|by|for|under)\s+)?(?:which|what|its|the|their)?\s*$"));
    static PARENTHESES: LazyLock<Regex> = LazyLock::new(|| re(r"\([^)]*\)"));
    let question = PARENTHESES.replace_all(question, " ");
    // Each aspect word: its group, where it starts and where it ends.
    let found: Vec<(usize, usize, usize)> = ASPECT.captures_iter(&question).filter_map(|c| Some(((1..=5).find(|g| c.get(*g).is_some())? - 1, c.get(0)?.start(), c.get(0)?.end()))).collect();
    let mut out = Vec::new();
    let mut before = found.first().map_or(0, |f| f.2);
    for (group, start, end) in found.into_iter().skip(1) {
        if AFTER_AND.is_match(&question[before..start]) {
            out.push(group);
        }
        before = end;
    }
    out
}

/// Whether a lookup asks for its paper's metrics: "which metrics does the X paper report?".
pub fn asks_paper_metrics(question: &str) -> bool {
    static METRICS: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:which|what)\s+(?:evaluation\s+)?(?:metrics?|measures?)\b"));
    METRICS.is_match(&unquoted(question))
}

/// The metrics `paper` reports (`reported`: its results), each citing it; `None` when it
/// reports none.
pub fn paper_metrics(paper: &str, reported: &Evidence) -> Option<Vec<AnswerItem>> {
    let mut items: Vec<AnswerItem> = Vec::new();
    for m in reported.results.iter().filter(|r| r.paper.as_deref() == Some(paper)).filter_map(|r| r.metric.as_ref()) {
        if !items.iter().any(|i| i.label == m.display()) {
            items.push(AnswerItem { sources: vec![1], papers: vec![paper.to_owned()], metric: Some(ASPECTS[5].to_owned()), ..AnswerItem::new(m.display(), Some(&m.iri)) });
        }
    }
    (!items.is_empty()).then_some(items)
}

/// For a lookup asking an aspect of its paper ("the research problem of the X paper"), the
/// paper's own entities replace the paper as the answer's items.
pub fn answer_aspect(question: &str, chosen: &[String], details: &BTreeMap<String, PaperDetails>, metas: &BTreeMap<String, PaperMeta>, items: &mut Vec<AnswerItem>) {
    let first = chosen.first();
    if let Some(aspects) = paper_aspects(question, first.and_then(|p| details.get(p)), first.and_then(|p| metas.get(p))) {
        *items = aspects
            .into_iter()
            .map(|mut i| {
                i.papers = chosen[..1].to_vec();
                i
            })
            .collect();
        // "How many boards did the X paper evaluate on?": the number first, as counts are
        // answered, then what it counts.
        static HOW_MANY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bhow\s+many\b"));
        let aspect = items.first().and_then(|i| i.metric.clone());
        if let (Some(paper), Some(aspect)) = (first.filter(|_| HOW_MANY.is_match(&unquoted(question))), aspect.filter(|a| items.iter().all(|i| i.metric.as_ref() == Some(a)))) {
            let title = details.get(paper).and_then(|d| d.title.clone()).unwrap_or_else(|| paper.clone());
            let count = AnswerItem { value: Some(items.len().to_string()), sources: vec![1], metric: Some(format!("number of {aspect}")), papers: vec![paper.clone()], ..AnswerItem::new(&title, Some(paper)) };
            items.insert(0, count);
        }
    }
}

/// "Code for the paper <title>": the code links `paper`'s contributions record, each
/// citing it (source 1).
pub fn paper_code(paper: &str, details: Option<&PaperDetails>) -> Vec<AnswerItem> {
    let links = details.map_or(&[][..], |d| d.code.as_slice());
    links.iter().map(|url| AnswerItem { sources: vec![1], papers: vec![paper.to_owned()], ..AnswerItem::new(url, None) }).collect()
}

/// "Which datasets did the X paper evaluate on?": what `paper` reports on each dataset the
/// items list (`reported`: its results), one result item per model, dataset and metric,
/// citing it. A row with no score ("-") is no result.
pub fn add_reported(items: &mut Vec<AnswerItem>, paper: &str, reported: &Evidence) {
    let listed: Vec<String> = items.iter().filter(|i| i.metric.as_deref() == Some(ASPECTS[2])).map(|i| i.label.clone()).collect();
    let mut results: Vec<AnswerItem> = Vec::new();
    for r in reported.results.iter().filter(|r| r.paper.as_deref() == Some(paper) && listed.iter().any(|l| l == r.dataset.display())) {
        let Some(model) = r.model.as_ref().filter(|_| r.metric.is_some() && r.value.as_deref().and_then(parse_score).is_some()) else { continue };
        let mut item = AnswerItem { sources: vec![1], ..AnswerItem::new(model.display(), Some(&model.iri)) };
        super::leaderboard::with_result(&mut item, r);
        if !results.iter().any(|i| i.model == item.model && i.dataset == item.dataset && i.metric == item.metric) {
            results.push(item);
        }
    }
    items.extend(results);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_lookup_asks_and_the_graph_lacks_is_said() {
        let bare = Source::titled("SciBERT");
        assert_eq!(unrecorded("who wrote the scibert paper", &bare, None).as_deref(), Some("The knowledge graph records no authors for this paper."));
        assert_eq!(unrecorded("doi and year of the scibert paper? when was it published", &bare, None).as_deref(), Some("The knowledge graph records no DOI or year for this paper."));
        let full = Source { year: Some(2019), doi: Some("10.1/x".into()), authors: vec!["A".into()], ..bare.clone() };
        assert_eq!(unrecorded("who wrote the scibert paper, and its doi? what year", &full, None), None);
        assert_eq!(unrecorded("find the scibert paper", &bare, None), None);
        assert_eq!(unrecorded("github link for the scibert paper", &bare, None).as_deref(), Some("The knowledge graph records no source code link for this paper."));
        assert_eq!(unrecorded("when did the code generation paper come out", &full, None), None, "a title's word asks nothing");
        assert_eq!(unrecorded("who came up with scibert?", &bare, None).as_deref(), Some("The knowledge graph records no authors for this paper."), "people asked for");
        assert_eq!(unrecorded("which paper has doi 10.18653/v1/N19-1423", &bare, None), None);
        assert_eq!(unrecorded("what is the research problem of \"Open Research Knowledge Graph\"", &bare, None).as_deref(), Some("The knowledge graph records no research problem for this paper."));
        let with_problem = PaperDetails { tasks: vec!["Scholarly KG".into()], ..PaperDetails::default() };
        assert_eq!(unrecorded("what is the research problem of the orkg paper", &bare, Some(&with_problem)), None);
    }

    #[test]
    fn a_property_the_results_do_not_hold_is_said_unrecorded_and_one_they_hold_is_not() {
        let accuracy = AnswerItem { metric: Some("Accuracy".into()), ..AnswerItem::new("Tavrosa", None) };
        let timed = AnswerItem { metric: Some("Inference time (ms)".into()), ..AnswerItem::new("Tavrosa", None) };
        let said = properties_unrecorded("Which model is best on D, and what hardware was it trained on?", std::slice::from_ref(&accuracy), &[]);
        assert_eq!(said.as_deref(), Some("hardware"));
        assert!(properties_unrecorded("which model runs fastest on D?", &[timed], &[]).is_none(), "a board timed in ms holds speed");
        assert!(properties_unrecorded("which model is best on D?", std::slice::from_ref(&accuracy), &[]).is_none());
        for not_asked in ["How big is the gap between X and Y on D?", "the low-latency transcribers comparison has X at 6.8 WER on D, yes?", "which model has the smallest WER on D?"] {
            assert!(properties_unrecorded(not_asked, std::slice::from_ref(&accuracy), &[]).is_none(), "{not_asked}");
        }
        assert!(properties_unrecorded("Which models score over 75 on D, and which of those is the smallest?", std::slice::from_ref(&accuracy), &[]).is_some());
        assert!(properties_unrecorded("plumaro's the fastest transcriber on D, isn't it?", &[accuracy], &[]).is_some(), "an apostrophe quotes nothing");
        assert!(asks_only_property("Speed matters more to me than accuracy: which BenchMira model runs fastest?"));
    }

    #[test]
    fn citations_are_said_unrecorded_and_a_venue_only_where_no_paper_found_records_one() {
        let paper = AnswerItem::new("A Survey", None);
        let bare = Source::titled("A Survey");
        let at_iswc = Source { venues: vec!["ISWC".into()], ..bare.clone() };
        for cited in ["what are the most cited text summarization papers?", "how many citations does 'A Survey' have", "how many times was the X paper cited?"] {
            assert_eq!(properties_unrecorded(cited, std::slice::from_ref(&paper), &[]).as_deref(), Some("citation count"), "{cited}");
        }
        assert_eq!(properties_unrecorded("which venue was 'A Survey' published in?", std::slice::from_ref(&paper), std::slice::from_ref(&bare)).as_deref(), Some("venue"));
        assert_eq!(properties_unrecorded("big transfer was published at eccv 2020, right?", std::slice::from_ref(&paper), &[]).as_deref(), Some("venue"));
        assert!(asks_venue("where was the LUKE paper published?") && asks_venue("which conference did the transformer-xl paper appear at?"));
        assert!(!asks_venue("when was the LUKE paper published?"), "a year");
        assert_eq!(properties_unrecorded("which venue was 'A Survey' published in?", std::slice::from_ref(&paper), &[at_iswc]), None, "the source records it");
        let titled = "which journal/venue was 'Citation Advantage of Open Access Legal Scholarship' published in?";
        assert_eq!(properties_unrecorded(titled, std::slice::from_ref(&paper), &[]).as_deref(), Some("venue"), "a title's 'Citation' asks no count");
        assert_eq!(properties_unrecorded("types of evidence cited in government publications", &[paper], &[]), None);
        assert!(!asks_only_property("Which models score over 75 on BenchMira, and which of those is the smallest?"));
    }

    #[test]
    fn a_request_for_a_papers_details_lists_each_aspect_it_has() {
        let details = PaperDetails { tasks: vec!["NER".into()], methods: vec!["DyGIE++".into(), "SPTree".into()], ..PaperDetails::default() };
        let items = paper_aspects("details of the paper \"A Frustratingly Easy Approach\"", Some(&details), None).unwrap();
        let got: Vec<(&str, &str)> = items.iter().map(|i| (i.metric.as_deref().unwrap_or(""), i.label.as_str())).collect();
        assert_eq!(got, [("research problems", "NER"), ("models", "DyGIE++"), ("models", "SPTree")]);
    }

    #[test]
    fn a_name_the_question_sets_aside_with_besides_is_no_answer() {
        let details = PaperDetails { datasets: vec!["Quenmark Dialogue Set".into(), "Orrenby Parallel Corpus".into()], ..PaperDetails::default() };
        let items = paper_aspects("Besides the Quenmark Dialogue Set, which datasets did the Halverin paper evaluate on?", Some(&details), None).unwrap();
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Orrenby Parallel Corpus"]);
        let items = paper_aspects("Which datasets did the Halverin paper evaluate on?", Some(&details), None).unwrap();
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn a_papers_results_on_the_datasets_listed_are_added_once_each_and_unscored_rows_are_not() {
        use crate::pipeline::evidence::{Named, ResultFact};
        let named = |iri: &str| Named { iri: iri.into(), label: Some(iri.into()) };
        let row = |dataset: &str, value: &str, paper: &str| ResultFact { dataset: named(dataset), model: Some(named("H")), metric: Some(named("BLEU")), value: Some(value.into()), paper: Some(paper.into()), contribution: "c".into(), evaluation: format!("e-{dataset}-{paper}") };
        let reported = Evidence { results: vec![row("Orrenby", "27.3 ", "p"), row("Orrenby", "27.3", "p"), row("Mirelle", "-", "p"), row("Quenmark", "15.8", "q")], ..Evidence::default() };
        let mut items = vec![AnswerItem { metric: Some("datasets".into()), ..AnswerItem::new("Orrenby", None) }, AnswerItem { metric: Some("datasets".into()), ..AnswerItem::new("Mirelle", None) }];
        add_reported(&mut items, "p", &reported);
        let results: Vec<(&str, &str)> = items.iter().filter(|i| i.model.is_some()).map(|i| (i.dataset.as_deref().unwrap_or(""), i.value.as_deref().unwrap_or(""))).collect();
        assert_eq!(results, [("Orrenby", "27.3")], "one Orrenby result, trimmed; Mirelle's '-' and another paper's Quenmark are not added");
    }

    #[test]
    fn who_wrote_a_paper_is_answered_by_its_recorded_authors() {
        let details = PaperDetails { authors: vec!["Max Kästner, Willy Flößner, Johannes Uhlig".into()], ..PaperDetails::default() };
        let items = paper_aspects("Who wrote the paper \"Die Pflanzengesellschaften\"?", Some(&details), None).unwrap();
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Max Kästner, Willy Flößner, Johannes Uhlig"]);
        assert!(paper_aspects("who wrote the scibert paper?", Some(&PaperDetails::default()), None).is_none(), "none recorded: the paper itself");
    }

    #[test]
    fn a_titles_noun_or_a_names_gloss_asks_for_no_aspect() {
        let details = PaperDetails { methods: vec!["BERT-Large-CAS".into()], datasets: vec!["WikiText-103".into()], ..PaperDetails::default() };
        let items = paper_aspects("what did the Language Models with Transformers paper evaluate on?", Some(&details), None).unwrap();
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["WikiText-103"], "its boards, not its models");
        assert_eq!(paper_aspects("which paper describes L3 (the look-listen-learn audio model)?", Some(&details), None), None, "the paper itself");
    }

    #[test]
    fn a_quoted_titles_words_ask_for_nothing() {
        let details = PaperDetails { methods: vec!["GPT-3".into()], ..PaperDetails::default() };
        assert_eq!(paper_aspects("what year was \"Language Models are Few-Shot Learners\" published?", Some(&details), None), None);
    }

    #[test]
    fn a_lookup_is_answered_with_the_aspect_it_asks_for() {
        let meta = PaperMeta { year: Some(2019), dois: vec!["10.1/x".into()], ..PaperMeta::default() };
        let details = PaperDetails { tasks: vec!["Question Answering".into()], methods: vec!["BERT".into()], ..PaperDetails::default() };
        let labels = |q: &str| paper_aspects(q, Some(&details), Some(&meta)).map(|i| i.into_iter().map(|i| i.label).collect::<Vec<_>>());
        assert_eq!(labels("doi of the BERT paper"), Some(vec!["10.1/x".to_owned()]));
        assert_eq!(labels("OAG-BERT paper - doi and year"), Some(vec!["10.1/x".to_owned(), "2019".to_owned()]));
        assert_eq!(labels("which problem does the BERT paper address"), Some(vec!["Question Answering".to_owned()]));
        assert_eq!(labels("models in the BERT paper"), Some(vec!["BERT".to_owned()]));
        for q in ["what is recurrent rational networks about?", "what is 'look, listen and learn' about"] {
            assert_eq!(labels(q), Some(vec!["Question Answering".to_owned()]), "what a paper is about: its problems ({q})");
        }
        let aspect = paper_aspects("models in the BERT paper", Some(&details), Some(&meta)).unwrap()[0].metric.clone();
        assert_eq!(aspect.as_deref(), Some("models"));
        assert_eq!(labels("which paper has doi 10.1234/x"), None, "the DOI is given: the paper itself is asked for");
        assert_eq!(labels("find the BERT paper"), None, "the paper itself");
        assert_eq!(labels("tell me about the BERT paper"), Some(vec!["Question Answering".to_owned(), "BERT".to_owned()]), "everything recorded of it");
        let boards = PaperDetails { datasets: vec!["ImageNet".into()], ..PaperDetails::default() };
        let asked = paper_aspects("what did \"What's Hidden in a Randomly Weighted Neural Network?\" evaluate on?", Some(&boards), None);
        assert_eq!(asked.map(|i| i.into_iter().map(|i| i.label).collect::<Vec<_>>()), Some(vec!["ImageNet".to_owned()]), "its boards, named by no noun");
    }
}
