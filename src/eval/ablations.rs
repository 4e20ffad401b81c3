//! `scigraph eval ablations`: what each trust switch, each gate and the retry is worth.
//!
//! The same questions are asked of the same pipelines under nine configurations: the full
//! system; each trust switch off in turn (`SCIGRAPH_RECENCY`, `SCIGRAPH_CORROBORATION`,
//! `SCIGRAPH_CONFLICT_REMOVAL`); each gate off in turn (`SCIGRAPH_GATE_FAITHFULNESS`,
//! `_TEMPORAL`, `_SCOPE`); the retry off (`SCIGRAPH_RETRY`); and everything off. Two gold
//! sets are asked: the trust set (`eval/gold/trust/`, questions over small fixture graphs
//! whose right answer depends on recency, conflicts, corroboration, an "as of" date or a
//! gate) and the answer set of step 7 (`eval/gold/answers*.jsonl`, on the mirror).
//!
//! Per configuration and set: accuracy (every part of the answer right), verdict accuracy,
//! the false-pass rate (wrong answers returned with every gate passed, over wrong answers),
//! the false-block rate (right answers with a gate failed, over right answers), the retries
//! made and used and whether each used one turned a wrong first answer right or a right one
//! wrong (the first answer is asked again with the retry off), and the mean confidence of
//! right and wrong answers with the chance that a right answer is more confident than a
//! wrong one (AUC). Then, per switch, which answers it changes against the full system.
//!
//! How a trust answer is judged (pure, [`judge_trust`]); each rule is in `eval/NOTES.md`:
//! - every `expected` string is in the answer: an answer item's fields, a cited source's
//!   title, DOI or year, or the text (a number as a number, outside DOIs and quoted titles);
//! - the verdict is the gold one (none for a question that is not a claim);
//! - no `must_remove` fact is an answer item (claims excepted: their items are evidence,
//!   and the verdict says what they amount to; so is the named model's own result in an
//!   answer listing what beat it, which is the reference it was beaten against);
//! - no `must_keep` fact was removed;
//! - `expected` empty means the graph does not record it: the answer says so ("records no
//!   year", "found nothing", "no result by BLEU") and, for a listing question, lists
//!   nothing. What else it shows (the paper's other details, the board's other metrics) is
//!   the graph's and may stand.
//!
//! An answer-set question is right when every gold string is found, the verdict is right
//! and an out-of-graph question is abstained from (`answers::score`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use super::answers::{self, fold, holds, GoldAnswer};
use super::{EvalError, Outputs};
use crate::cli::EvalAblationsArgs;
use crate::config::{BackendKind, CheckSettings, Settings, TrustSettings};
use crate::pipeline::answer::items::{AnswerItem, Source};
use crate::pipeline::front::classify::QueryType;
use crate::pipeline::{AskResponse, Pipeline, Question};

/// One question of the trust gold set.
#[derive(Debug, Clone, Deserialize)]
pub struct TrustQuestion {
    pub id: String,
    /// The fixture graph, a file beside the gold file.
    pub graph: String,
    pub question: String,
    pub query_type: String,
    /// What the question tests: recency, superseded, conflict, corroboration, as_of,
    /// metadata or gate.
    pub mechanism: String,
    /// Strings the right answer holds; empty: the graph does not record the answer.
    pub expected: Vec<String>,
    pub verdict: Option<String>,
    /// Facts ("M scores V on D by Mt") the answer must not present as the answer.
    #[serde(default)]
    pub must_remove: Vec<String>,
    /// Facts the right answer rests on: none may be removed.
    #[serde(default)]
    pub must_keep: Vec<String>,
}

/// Reads a trust gold file, checking every type label.
pub fn read_trust(path: &Path) -> Result<Vec<TrustQuestion>, EvalError> {
    let text = super::read_text(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let q: TrustQuestion = super::parse_json(path, Some(i + 1), line)?;
        if QueryType::parse(&q.query_type).is_none() {
            return Err(EvalError::format(path, i + 1, format!("unknown query_type {:?}", q.query_type)));
        }
        for fact in q.must_remove.iter().chain(&q.must_keep) {
            if Fact::parse(fact).is_none() {
                return Err(EvalError::format(path, i + 1, format!("{fact:?} is not \"M scores V on D by Mt\"")));
            }
        }
        out.push(q);
    }
    Ok(out)
}

/// One configuration: the switches in force.
#[derive(Debug, Clone, Serialize)]
pub struct Config {
    pub name: &'static str,
    /// The variables set to `off` (none for the full system).
    pub off: Vec<&'static str>,
    #[serde(skip)]
    pub trust: TrustSettings,
    #[serde(skip)]
    pub checks: CheckSettings,
}

/// The full system (`base`, the settings in force), each switch off in turn, and all off.
pub fn configs(base: &TrustSettings) -> Vec<Config> {
    let trust = |f: fn(&mut TrustSettings)| {
        let mut t = base.clone();
        f(&mut t);
        t
    };
    let checks = |f: fn(&mut CheckSettings)| {
        let mut c = CheckSettings::ALL;
        f(&mut c);
        c
    };
    let config = |name, off: &[&'static str], trust, checks| Config { name, off: off.to_vec(), trust, checks };
    let all_off = trust(|t| {
        t.recency_enabled = false;
        t.corroboration_enabled = false;
        t.conflict_removal_enabled = false;
    });
    vec![
        config("full system", &[], base.clone(), CheckSettings::ALL),
        config("recency off", &["SCIGRAPH_RECENCY"], trust(|t| t.recency_enabled = false), CheckSettings::ALL),
        config("corroboration off", &["SCIGRAPH_CORROBORATION"], trust(|t| t.corroboration_enabled = false), CheckSettings::ALL),
        config("conflict removal off", &["SCIGRAPH_CONFLICT_REMOVAL"], trust(|t| t.conflict_removal_enabled = false), CheckSettings::ALL),
        config("faithfulness gate off", &["SCIGRAPH_GATE_FAITHFULNESS"], base.clone(), checks(|c| c.faithfulness = false)),
        config("temporal gate off", &["SCIGRAPH_GATE_TEMPORAL"], base.clone(), checks(|c| c.temporal = false)),
        config("scope gate off", &["SCIGRAPH_GATE_SCOPE"], base.clone(), checks(|c| c.scope = false)),
        config("retry off", &["SCIGRAPH_RETRY"], base.clone(), checks(|c| c.retry = false)),
        config(
            "everything off",
            &["SCIGRAPH_RECENCY", "SCIGRAPH_CORROBORATION", "SCIGRAPH_CONFLICT_REMOVAL", "SCIGRAPH_GATE_FAITHFULNESS", "SCIGRAPH_GATE_TEMPORAL", "SCIGRAPH_GATE_SCOPE", "SCIGRAPH_RETRY"],
            all_off,
            CheckSettings::NONE,
        ),
    ]
}

/// A fact as the gold set writes it: "M scores V on D by Mt".
#[derive(Debug, Clone, PartialEq)]
struct Fact<'a> {
    model: &'a str,
    value: &'a str,
    dataset: &'a str,
    metric: &'a str,
}

static FACT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(.+?) scores (\S+) on (.+) by (.+)$").unwrap_or_else(|e| panic!("fact pattern: {e}")));

impl<'a> Fact<'a> {
    fn parse(text: &'a str) -> Option<Self> {
        let c = FACT.captures(text.trim())?;
        let part = |i: usize| c.get(i).map(|m| m.as_str().trim());
        Some(Fact { model: part(1)?, value: part(2)?, dataset: part(3)?, metric: part(4)? })
    }

    /// The same fact, names compared once case, spacing and punctuation are set aside and
    /// values as numbers.
    fn same(&self, other: &Fact<'_>) -> bool {
        holds(other.model, self.model) && holds(other.value, self.value) && holds(other.dataset, self.dataset) && holds(other.metric, self.metric)
    }
}

// The scorer's own patterns, not the gates' (`answer::gates`): the system is not graded by
// the rules it is being graded on.
/// Digits that are not statements: DOIs, URLs, quoted titles and citation markers.
static NOT_STATED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"https?://\S+|10\.\d{4,9}/\S+|"[^"]*"|\[\d+\]"#).unwrap_or_else(|e| panic!("masking pattern: {e}")));
/// A sentence saying the graph lacks something.
static ABSENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(records no|no \w+( \w+)? (is |was )?recorded|not recorded|found nothing|does not record|no result)\b").unwrap_or_else(|e| panic!("absence pattern: {e}"))
});
static NUMBER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+(?:\.\d+)?").unwrap_or_else(|e| panic!("number pattern: {e}")));

/// The numbers an answer text states (outside DOIs, URLs, quoted titles and citations).
fn stated_numbers(text: &str) -> Vec<String> {
    let masked = NOT_STATED.replace_all(text, " ");
    NUMBER.find_iter(&masked).map(|m| m.as_str().to_owned()).collect()
}


/// What a trust answer is judged on: the parts of an [`AskResponse`] a reader sees.
#[derive(Debug, Clone, Default)]
pub struct Shown<'a> {
    pub answer: &'a str,
    pub items: &'a [AnswerItem],
    pub sources: &'a [Source],
    pub verdict: Option<&'static str>,
    /// The facts the trust stage removed (`explanation`), in words.
    pub removed: Vec<&'a str>,
    /// In an answer listing what beat a named model (`beaten`), that model: its own result
    /// is the answer's reference ("beat X's best there (X with 70.2)"), not its answer.
    pub reference: Vec<&'a str>,
}

impl<'a> Shown<'a> {
    pub fn of(response: &'a AskResponse) -> Self {
        Self {
            answer: &response.answer,
            items: &response.answer_items,
            sources: &response.sources,
            verdict: response.verdict.map(|v| v.as_str()),
            removed: response.explanation.iter().map(|r| r.fact.as_str()).collect(),
            reference: if response.target == crate::pipeline::front::classify::Target::Beaten {
                response.normalized_entities.methods.iter().map(|m| m.canonical.as_str()).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// Whether the answer holds `expected`: in an item's fields or a source's title, DOI
    /// or year; or in the text, a number as a stated number and a name as a folded
    /// substring.
    fn holds(&self, expected: &str) -> bool {
        let in_items = self.items.iter().any(|i| {
            [Some(&i.label), i.value.as_ref(), i.metric.as_ref(), i.dataset.as_ref(), i.model.as_ref()].into_iter().flatten().any(|f| holds(f, expected))
        });
        let in_sources = self.sources.iter().any(|s| {
            holds(&s.title, expected) || s.doi.as_deref().is_some_and(|d| holds(d, expected)) || s.year.is_some_and(|y| holds(&y.to_string(), expected))
        });
        let in_text = if expected.trim().parse::<f64>().is_ok() {
            stated_numbers(self.answer).iter().any(|n| holds(n, expected))
        } else {
            let g = fold(expected);
            !g.is_empty() && fold(self.answer).contains(&g)
        };
        in_items || in_sources || in_text
    }

    /// Whether an answer item states `fact` (a beaten answer's reference aside).
    fn states(&self, fact: &Fact<'_>) -> bool {
        self.items.iter().filter(|i| !i.model.as_deref().is_some_and(|m| self.reference.iter().any(|r| r.eq_ignore_ascii_case(m)))).any(|i| {
            let (Some(model), Some(value)) = (i.model.as_deref(), i.value.as_deref()) else { return false };
            let stated = Fact { model, value, dataset: i.dataset.as_deref().unwrap_or(fact.dataset), metric: i.metric.as_deref().unwrap_or(fact.metric) };
            fact.same(&stated)
        })
    }
}

/// How one answer was judged: right when `reasons` is empty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judgement {
    pub right: bool,
    /// For questions with a gold verdict (claims): whether the verdict is it.
    pub verdict_right: Option<bool>,
    /// What is wrong, in words.
    pub reasons: Vec<String>,
}

impl Judgement {
    fn of(reasons: Vec<String>, verdict_right: Option<bool>) -> Self {
        Self { right: reasons.is_empty(), verdict_right, reasons }
    }
}

/// Judges an answer to a trust question (the rules are in the module's doc).
pub fn judge_trust(q: &TrustQuestion, shown: &Shown<'_>) -> Judgement {
    let mut reasons = Vec::new();
    if shown.verdict != q.verdict.as_deref() {
        reasons.push(format!("verdict {} instead of {}", shown.verdict.unwrap_or("none"), q.verdict.as_deref().unwrap_or("none")));
    }
    for expected in &q.expected {
        if !shown.holds(expected) {
            reasons.push(format!("does not say {expected:?}"));
        }
    }
    let claim = q.query_type == QueryType::ClaimVerification.as_str();
    if !claim {
        for fact in q.must_remove.iter().filter_map(|f| Fact::parse(f)) {
            if shown.states(&fact) {
                reasons.push(format!("presents {} {} as the answer", fact.model, fact.value));
            }
        }
    }
    for kept in q.must_keep.iter().filter_map(|f| Fact::parse(f)) {
        if shown.removed.iter().filter_map(|r| Fact::parse(r)).any(|removed| kept.same(&removed)) {
            reasons.push(format!("removed {} {}", kept.model, kept.value));
        }
    }
    if q.expected.is_empty() && !claim {
        let listing = [QueryType::TopicSearch, QueryType::DatasetSearch, QueryType::MethodUsage].iter().any(|t| t.as_str() == q.query_type);
        let said = ABSENCE.is_match(shown.answer);
        if listing && !shown.items.is_empty() {
            reasons.push(format!("lists {} item(s) for something the graph lacks", shown.items.len()));
        } else if !said {
            // What else it shows (the paper's other details, the board's other metrics) is
            // the graph's; what was asked must be said to be missing.
            let numbers = stated_numbers(shown.answer);
            let detail = numbers.first().map(|n| format!(" and states {n}")).unwrap_or_default();
            reasons.push(format!("does not say the graph lacks it{detail}"));
        }
    }
    let verdict_right = q.verdict.as_ref().map(|v| Some(v.as_str()) == shown.verdict);
    Judgement::of(reasons, verdict_right)
}

/// Judges an answer to an answer-set question: every gold string found, the verdict right,
/// and nothing listed or cited for a subject the graph lacks.
pub fn judge_answer(gold: &GoldAnswer, response: &AskResponse) -> Judgement {
    let scored = answers::score(gold, response);
    let mut reasons = Vec::new();
    if !scored.missed.is_empty() && gold.in_graph {
        reasons.push(format!("misses {}", scored.missed.join(", ")));
    }
    let verdict_right = gold.verdict.as_ref().map(|v| Some(v) == scored.predicted_verdict.as_ref());
    if verdict_right == Some(false) {
        reasons.push(format!("verdict {} instead of {}", scored.predicted_verdict.as_deref().unwrap_or("none"), gold.verdict.as_deref().unwrap_or("none")));
    }
    if !gold.in_graph && !scored.abstained {
        reasons.push("answers about something the graph lacks".into());
    }
    Judgement::of(reasons, verdict_right)
}

/// One question under one configuration.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub id: String,
    /// The gold file's name ("trust-dev").
    pub set: String,
    /// The trust mechanism tested, or the query type for the answer set.
    pub category: String,
    #[serde(flatten)]
    pub judgement: Judgement,
    /// Whether every gate passed on the answer returned.
    pub gates_passed: bool,
    pub failed_gates: Vec<&'static str>,
    pub retried: bool,
    pub retry_used: bool,
    /// For a used retry: whether the first answer (asked again with the retry off) was right.
    pub first_right: Option<bool>,
    pub confidence: f64,
    pub answer: String,
}

/// The figures of a group of outcomes.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Figures {
    pub questions: usize,
    pub right: usize,
    pub accuracy: f64,
    pub verdict_questions: usize,
    pub verdict_accuracy: Option<f64>,
    /// Wrong answers returned with every gate passed.
    pub false_passes: usize,
    /// `false_passes` over wrong answers.
    pub false_pass_rate: Option<f64>,
    /// Right answers with a gate failed.
    pub false_blocks: usize,
    /// `false_blocks` over right answers.
    pub false_block_rate: Option<f64>,
    pub retries: usize,
    pub retries_used: usize,
    /// Used retries that turned a wrong first answer right.
    pub retries_better: usize,
    /// Used retries that turned a right first answer wrong.
    pub retries_worse: usize,
    pub confidence_right: Option<f64>,
    pub confidence_wrong: Option<f64>,
    /// The chance that a right answer is more confident than a wrong one (ties count half).
    pub confidence_auc: Option<f64>,
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

impl Figures {
    pub fn of<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>) -> Self {
        let outcomes: Vec<&Outcome> = outcomes.into_iter().collect();
        let ratio = |n: usize, d: usize| (d > 0).then(|| n as f64 / d as f64);
        let right: Vec<&&Outcome> = outcomes.iter().filter(|o| o.judgement.right).collect();
        let wrong: Vec<&&Outcome> = outcomes.iter().filter(|o| !o.judgement.right).collect();
        let verdicts: Vec<bool> = outcomes.iter().filter_map(|o| o.judgement.verdict_right).collect();
        let conf = |group: &[&&Outcome]| group.iter().map(|o| o.confidence).collect::<Vec<f64>>();
        let (cr, cw) = (conf(&right), conf(&wrong));
        let auc = (!cr.is_empty() && !cw.is_empty()).then(|| {
            let wins: f64 = cr.iter().flat_map(|r| cw.iter().map(move |w| if r > w { 1.0 } else if r == w { 0.5 } else { 0.0 })).sum();
            wins / (cr.len() * cw.len()) as f64
        });
        let false_passes = wrong.iter().filter(|o| o.gates_passed).count();
        let false_blocks = right.iter().filter(|o| !o.gates_passed).count();
        let used: Vec<&&Outcome> = outcomes.iter().filter(|o| o.retry_used).collect();
        Figures {
            questions: outcomes.len(),
            right: right.len(),
            accuracy: ratio(right.len(), outcomes.len()).unwrap_or(0.0),
            verdict_questions: verdicts.len(),
            verdict_accuracy: ratio(verdicts.iter().filter(|v| **v).count(), verdicts.len()),
            false_passes,
            false_pass_rate: ratio(false_passes, wrong.len()),
            false_blocks,
            false_block_rate: ratio(false_blocks, right.len()),
            retries: outcomes.iter().filter(|o| o.retried).count(),
            retries_used: used.len(),
            retries_better: used.iter().filter(|o| o.first_right == Some(false) && o.judgement.right).count(),
            retries_worse: used.iter().filter(|o| o.first_right == Some(true) && !o.judgement.right).count(),
            confidence_right: mean(&cr),
            confidence_wrong: mean(&cw),
            confidence_auc: auc,
        }
    }
}

/// One configuration's results.
#[derive(Debug, Clone, Serialize)]
pub struct ConfigReport {
    #[serde(flatten)]
    pub config: Config,
    /// The trust set (every trust file together).
    pub trust: Figures,
    /// The answer set (every answer file together); none when it was not asked.
    pub answers: Option<Figures>,
    /// Per gold file.
    pub per_set: BTreeMap<String, Figures>,
    /// Trust accuracy per mechanism: (right, questions).
    pub per_mechanism: BTreeMap<String, (usize, usize)>,
    pub questions: Vec<Outcome>,
}

/// What a configuration changes against the full system.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Change {
    /// Questions right in the full system and wrong here.
    pub broken: Vec<String>,
    /// Questions wrong in the full system and right here.
    pub fixed: Vec<String>,
    /// Questions whose answer text differs.
    pub texts_changed: usize,
    /// Questions whose gates differ (one passes all, the other not).
    pub gates_changed: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct AblationsReport {
    /// The year answers were computed in (ages count from it).
    pub year: i32,
    pub trust_files: Vec<String>,
    pub answer_files: Vec<String>,
    pub configs: Vec<ConfigReport>,
    /// Per configuration after the first: what it changes against the full system.
    pub changes: BTreeMap<String, Change>,
}

/// Groups outcomes into the report's figures.
pub fn report_of(config: Config, outcomes: Vec<Outcome>, trust_sets: &[String], answer_sets: &[String]) -> ConfigReport {
    let in_sets = |sets: &[String]| outcomes.iter().filter(|o| sets.contains(&o.set)).collect::<Vec<_>>();
    let mut per_set = BTreeMap::new();
    for set in trust_sets.iter().chain(answer_sets) {
        per_set.insert(set.clone(), Figures::of(outcomes.iter().filter(|o| &o.set == set)));
    }
    let mut per_mechanism: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for o in in_sets(trust_sets) {
        let entry = per_mechanism.entry(o.category.clone()).or_default();
        entry.0 += usize::from(o.judgement.right);
        entry.1 += 1;
    }
    ConfigReport {
        config,
        trust: Figures::of(in_sets(trust_sets)),
        answers: (!answer_sets.is_empty()).then(|| Figures::of(in_sets(answer_sets))),
        per_set,
        per_mechanism,
        questions: outcomes,
    }
}

/// What `other` changes against `full`, question by question.
pub fn change(full: &ConfigReport, other: &ConfigReport) -> Change {
    let before: BTreeMap<(&str, &str), &Outcome> = full.questions.iter().map(|o| ((o.set.as_str(), o.id.as_str()), o)).collect();
    let mut out = Change::default();
    for o in &other.questions {
        let Some(f) = before.get(&(o.set.as_str(), o.id.as_str())) else { continue };
        match (f.judgement.right, o.judgement.right) {
            (true, false) => out.broken.push(o.id.clone()),
            (false, true) => out.fixed.push(o.id.clone()),
            _ => {}
        }
        out.texts_changed += usize::from(f.answer != o.answer);
        out.gates_changed += usize::from(f.gates_passed != o.gates_passed);
    }
    out
}

fn rate(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| format!("{v:.3}"))
}

/// The figures of one group as table cells.
fn cells(f: &Figures) -> String {
    format!(
        "| {:.3} ({}/{}) | {} ({}) | {} ({}) | {} ({}) | {}/{} (+{} −{}) | {} / {} | {} |",
        f.accuracy,
        f.right,
        f.questions,
        rate(f.verdict_accuracy),
        f.verdict_questions,
        rate(f.false_pass_rate),
        f.false_passes,
        rate(f.false_block_rate),
        f.false_blocks,
        f.retries_used,
        f.retries,
        f.retries_better,
        f.retries_worse,
        rate(f.confidence_right),
        rate(f.confidence_wrong),
        rate(f.confidence_auc),
    )
}

const HEADER: &str = "| configuration | accuracy | verdict accuracy | false-pass rate | false-block rate | retries used/made (better −worse) | confidence right / wrong | AUC |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n";

/// The report as Markdown tables, with a paragraph per switch.
pub fn render(report: &AblationsReport) -> String {
    let mut out = String::new();
    out.push_str(&format!("Trust gold set ({}), every file together:\n\n{HEADER}", report.trust_files.join(", ")));
    for c in &report.configs {
        out.push_str(&format!("| {} {}\n", c.config.name, cells(&c.trust)));
    }
    if report.configs.iter().any(|c| c.answers.is_some()) {
        out.push_str(&format!("\nAnswer gold set ({}), every file together:\n\n{HEADER}", report.answer_files.join(", ")));
        for c in &report.configs {
            if let Some(a) = &c.answers {
                out.push_str(&format!("| {} {}\n", c.config.name, cells(a)));
            }
        }
    }
    let sets: Vec<&String> = report.configs.first().map(|c| c.per_set.keys().collect()).unwrap_or_default();
    out.push_str("\nAccuracy per gold file:\n\n| configuration |");
    for s in &sets {
        out.push_str(&format!(" {s} |"));
    }
    out.push_str(&format!("\n| --- |{}\n", " --- |".repeat(sets.len())));
    for c in &report.configs {
        out.push_str(&format!("| {} |", c.config.name));
        for s in &sets {
            let f = &c.per_set[*s];
            out.push_str(&format!(" {:.3} ({}/{}) |", f.accuracy, f.right, f.questions));
        }
        out.push('\n');
    }
    let mechanisms: Vec<&String> = report.configs.first().map(|c| c.per_mechanism.keys().collect()).unwrap_or_default();
    out.push_str("\nTrust accuracy per mechanism (right / questions):\n\n| configuration |");
    for m in &mechanisms {
        out.push_str(&format!(" {m} |"));
    }
    out.push_str(&format!("\n| --- |{}\n", " --- |".repeat(mechanisms.len())));
    for c in &report.configs {
        out.push_str(&format!("| {} |", c.config.name));
        for m in &mechanisms {
            let (r, n) = c.per_mechanism.get(*m).copied().unwrap_or_default();
            out.push_str(&format!(" {r}/{n} |"));
        }
        out.push('\n');
    }
    out.push_str("\nWhat each setting changes against the full system (generated from the runs above):\n\n");
    let full = report.configs.first();
    for c in report.configs.iter().skip(1) {
        let Some(change) = report.changes.get(c.config.name) else { continue };
        out.push_str(&format!("- **{}** ({}=off): ", c.config.name, c.config.off.join(", ")));
        let nothing = change.broken.is_empty() && change.fixed.is_empty() && change.texts_changed == 0 && change.gates_changed == 0;
        let same_confidence = full.is_some_and(|f| f.trust.confidence_right == c.trust.confidence_right && f.trust.confidence_wrong == c.trust.confidence_wrong);
        if nothing && same_confidence {
            out.push_str("changes nothing measurable on these sets: no answer, gate or confidence differs.\n");
            continue;
        }
        let ids = |v: &[String]| if v.is_empty() { "none".to_owned() } else { v.join(", ") };
        out.push_str(&format!(
            "{} answer(s) made wrong ({}), {} made right ({}); {} answer text(s) and {} gate outcome(s) differ",
            change.broken.len(),
            ids(&change.broken),
            change.fixed.len(),
            ids(&change.fixed),
            change.texts_changed,
            change.gates_changed,
        ));
        if let Some(f) = full {
            out.push_str(&format!(
                "; trust false-pass rate {} → {}, trust confidence AUC {} → {}",
                rate(f.trust.false_pass_rate),
                rate(c.trust.false_pass_rate),
                rate(f.trust.confidence_auc),
                rate(c.trust.confidence_auc)
            ));
        }
        out.push_str(".\n");
    }
    out
}

/// The pipeline of one fixture graph: the settings' pipeline, loading that file alone.
async fn fixture_pipeline(settings: &Settings, graph: &Path) -> anyhow::Result<Pipeline> {
    let mut settings = settings.clone();
    settings.kg.backend = BackendKind::Embedded;
    settings.kg.dumps = vec![graph.to_path_buf()];
    settings.kg.store = None;
    super::pipeline(&settings, None).await
}

/// The gold file's name without its extension ("trust-dev").
fn set_name(path: &Path) -> String {
    path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned())
}

/// A question to ask, with how to judge it.
enum Gold {
    Trust(TrustQuestion),
    Answer(GoldAnswer),
}

impl Gold {
    fn text(&self) -> &str {
        match self {
            Gold::Trust(q) => &q.question,
            Gold::Answer(q) => &q.question,
        }
    }

    fn judge(&self, response: &AskResponse) -> Judgement {
        match self {
            Gold::Trust(q) => judge_trust(q, &Shown::of(response)),
            Gold::Answer(q) => judge_answer(q, response),
        }
    }
}

/// A question as the bench holds it: (set, id, category, gold).
type Asked = (String, String, String, Gold);

/// The pipelines and the questions asked of each.
struct Bench {
    groups: Vec<(Pipeline, Vec<Asked>)>,
}

impl Bench {
    /// Asks every question under `config`; used retries' first answers are asked again.
    async fn run(&mut self, config: &Config, year: i32) -> Vec<Outcome> {
        let mut out = Vec::new();
        for (pipeline, questions) in &mut self.groups {
            pipeline.set_switches(config.trust.clone(), config.checks);
            let start = out.len();
            for (set, id, category, gold) in questions.iter() {
                let Ok(question) = Question::parse(gold.text(), usize::MAX) else { continue };
                let response = pipeline.ask_in(&question, year).await;
                let retry = response.gates.retry.as_ref();
                out.push(Outcome {
                    id: id.clone(),
                    set: set.clone(),
                    category: category.clone(),
                    judgement: gold.judge(&response),
                    gates_passed: response.gates.all_passed(),
                    failed_gates: response.gates.failed_names(),
                    retried: retry.is_some(),
                    retry_used: retry.is_some_and(|r| r.used),
                    first_right: None,
                    confidence: response.confidence.score,
                    answer: response.answer.clone(),
                });
            }
            // The first answer of each used retry: the same question with the retry off.
            pipeline.set_switches(config.trust.clone(), CheckSettings { retry: false, ..config.checks });
            for o in out[start..].iter_mut().filter(|o| o.retry_used) {
                let Some((_, _, _, gold)) = questions.iter().find(|(s, id, _, _)| *s == o.set && *id == o.id) else { continue };
                let Ok(question) = Question::parse(gold.text(), usize::MAX) else { continue };
                o.first_right = Some(gold.judge(&pipeline.ask_in(&question, year).await).right);
            }
        }
        out
    }
}

/// `scigraph eval ablations`.
pub async fn run(settings: Settings, args: &EvalAblationsArgs) -> anyhow::Result<()> {
    let trust_files: Vec<PathBuf> = if args.trust.is_empty() {
        ["eval/gold/trust/trust-dev.jsonl", "eval/gold/trust/trust-sealed.jsonl"].iter().map(PathBuf::from).collect()
    } else {
        args.trust.clone()
    };
    let answer_files: Vec<PathBuf> = if args.trust_only {
        Vec::new()
    } else if args.answers.is_empty() {
        ["eval/gold/answers.jsonl", "eval/gold/answers-sealed.jsonl"].iter().map(PathBuf::from).collect()
    } else {
        args.answers.clone()
    };
    let demo = settings.kg.backend == BackendKind::Embedded && settings.kg.dumps.is_empty() && settings.kg.store.is_none();
    anyhow::ensure!(
        answer_files.is_empty() || !demo,
        "the answer gold set is asked of the mirror: pass --dump ../shared/data/orkg/mirror/… (or --store, --endpoint), or --trust-only"
    );

    // One pipeline per fixture graph, with the questions over it.
    let mut by_graph: BTreeMap<PathBuf, Vec<Asked>> = BTreeMap::new();
    for file in &trust_files {
        let set = set_name(file);
        let dir = file.parent().unwrap_or(Path::new("."));
        for q in read_trust(file)? {
            by_graph.entry(dir.join(&q.graph)).or_default().push((set.clone(), q.id.clone(), q.mechanism.clone(), Gold::Trust(q)));
        }
    }
    let mut groups = Vec::new();
    for (graph, questions) in by_graph {
        groups.push((fixture_pipeline(&settings, &graph).await?, questions));
    }
    let mut answer_questions = Vec::new();
    for file in &answer_files {
        let set = set_name(file);
        for q in answers::read_gold(file)? {
            answer_questions.push((set.clone(), q.id.clone(), q.query_type.clone(), Gold::Answer(q)));
        }
    }
    if !answer_questions.is_empty() {
        groups.push((super::pipeline(&settings, None).await?, answer_questions));
    }
    let mut bench = Bench { groups };

    let year = crate::pipeline::evidence::years::current_year();
    let trust_sets: Vec<String> = trust_files.iter().map(|f| set_name(f)).collect();
    let answer_sets: Vec<String> = answer_files.iter().map(|f| set_name(f)).collect();
    let mut reports = Vec::new();
    for config in configs(&settings.pipeline.trust) {
        let outcomes = bench.run(&config, year).await;
        reports.push(report_of(config, outcomes, &trust_sets, &answer_sets));
    }
    let changes = reports.iter().skip(1).map(|c| (c.config.name.to_owned(), change(&reports[0], c))).collect();
    let report = AblationsReport {
        year,
        trust_files: trust_files.iter().map(|f| super::short_path(f)).collect(),
        answer_files: answer_files.iter().map(|f| super::short_path(f)).collect(),
        configs: reports,
        changes,
    };
    let table = render(&report);
    let heading = "### Ablations: what each trust switch, gate and the retry is worth".to_owned();
    super::publish_markdown(&report, &table, Outputs { json: args.json.as_deref(), markdown: args.markdown.as_deref(), heading })?;
    if let Some(ceiling) = args.max_false_pass {
        let rate = report.configs[0].trust.false_pass_rate.unwrap_or(0.0);
        anyhow::ensure!(rate <= ceiling, "the full system's false-pass rate on the trust set, {rate:.3}, is above {ceiling}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(query_type: &str, expected: &[&str], verdict: Option<&str>) -> TrustQuestion {
        TrustQuestion {
            id: "T1".into(),
            graph: "g.ttl".into(),
            question: "q".into(),
            query_type: query_type.into(),
            mechanism: "conflict".into(),
            expected: expected.iter().map(|s| s.to_string()).collect(),
            verdict: verdict.map(str::to_owned),
            must_remove: Vec::new(),
            must_keep: Vec::new(),
        }
    }

    fn item(label: &str) -> AnswerItem {
        AnswerItem { label: label.into(), iri: None, value: None, sources: vec![1], metric: None, dataset: None, model: None, papers: vec![] }
    }

    fn result(model: &str, value: &str) -> AnswerItem {
        AnswerItem { model: Some(model.into()), value: Some(value.into()), dataset: Some("BenchMira".into()), metric: Some("Accuracy".into()), ..item(model) }
    }

    fn shown<'a>(answer: &'a str, items: &'a [AnswerItem]) -> Shown<'a> {
        Shown { answer, items, ..Shown::default() }
    }

    #[test]
    fn facts_parse_as_the_gold_set_writes_them_and_compare_as_numbers() {
        let f = Fact::parse("Orvalis-CNN scores 87.0 on Corvalla-Ice by F1").unwrap();
        assert_eq!((f.model, f.value, f.dataset, f.metric), ("Orvalis-CNN", "87.0", "Corvalla-Ice", "F1"));
        assert!(f.same(&Fact::parse("orvalis cnn scores 87 on corvalla ice by f1").unwrap()));
        assert!(!f.same(&Fact::parse("Orvalis-CNN scores 97.0 on Corvalla-Ice by F1").unwrap()));
        assert!(Fact::parse("Orvalis-CNN is good").is_none());
    }

    #[test]
    fn a_right_value_answer_holds_every_expected_string_and_no_removed_fact() {
        let mut q = question("method_comparison", &["74.1"], None);
        q.must_remove = vec!["KestrelNet scores 78.9 on BenchMira by Accuracy".into()];
        let right = [result("KestrelNet", "74.1")];
        let j = judge_trust(&q, &shown("KestrelNet gets 74.1 [1].", &right));
        assert!(j.right, "{j:?}");
        let both = [result("KestrelNet", "74.1"), result("KestrelNet", "78.9")];
        let j = judge_trust(&q, &shown("KestrelNet gets 74.1 or 78.9 [1].", &both));
        assert!(!j.right && j.reasons[0].contains("78.9"), "{j:?}");
        // What beat KestrelNet, with its own 78.9 as the reference: not presented as the answer.
        let beaten = [result("Orvalis-CNN", "80.2"), result("KestrelNet", "78.9")];
        let mut q = question("method_comparison", &["Orvalis-CNN"], None);
        q.must_remove = vec!["KestrelNet scores 78.9 on BenchMira by Accuracy".into()];
        let text = "Results that beat KestrelNet's best there (KestrelNet with 78.9 [2]): Orvalis-CNN with 80.2 [1].";
        assert!(judge_trust(&q, &Shown { reference: vec!["KestrelNet"], ..shown(text, &beaten) }).right);
        assert!(!judge_trust(&q, &shown(text, &beaten)).right, "in any other answer it is presented");
    }

    #[test]
    fn numbers_inside_dois_and_titles_do_not_count_as_stated() {
        let q = question("paper_lookup", &["2017", "2019"], None);
        let j = judge_trust(&q, &shown("\"Tidewick 2019\", published in 2017, DOI 10.5555/marei.2019.057 [1].", &[]));
        assert_eq!(j.reasons, vec!["does not say \"2019\"".to_owned()]);
    }

    #[test]
    fn a_wrong_verdict_fails_a_claim_and_scores_its_verdict() {
        let q = question("claim_verification", &["86.1", "85.4"], Some("UNCERTAIN"));
        let j = judge_trust(&q, &Shown { verdict: Some("SUPPORTED"), ..shown("SUPPORTED: 86.1 [1], though 85.4 [2].", &[]) });
        assert_eq!((j.right, j.verdict_right), (false, Some(false)));
        let j = judge_trust(&q, &Shown { verdict: Some("UNCERTAIN"), ..shown("UNCERTAIN: 86.1 [1] against 85.4 [2].", &[]) });
        assert_eq!((j.right, j.verdict_right), (true, Some(true)));
    }

    #[test]
    fn nothing_recorded_means_no_value_stated_and_nothing_listed() {
        let q = question("paper_lookup", &[], None);
        assert!(judge_trust(&q, &shown("\"Driftmere 3\" [1]. The graph records no year for this paper.", &[])).right);
        assert!(judge_trust(&q, &shown("\"Ibbotrans\", published in 2023 [1]. The knowledge graph records no DOI for this paper.", &[])).right);
        assert!(!judge_trust(&q, &shown("Driftmere was published in 3 [1].", &[])).right);
        let q = question("method_comparison", &[], None);
        assert!(!judge_trust(&q, &shown("Halverin gets 48.2 chrF [1].", &[])).right);
        assert!(judge_trust(&q, &shown("The graph records no result by BLEU on Mirelle; it records these by other metrics. chrF 48.2 (Halverin) [1].", &[])).right);
        let listing = question("dataset_search", &[], None);
        assert!(!judge_trust(&listing, &shown("Datasets: Skarnhold [1].", &[item("Skarnhold")])).right);
        assert!(judge_trust(&listing, &shown("I found nothing.", &[])).right);
    }

    #[test]
    fn a_removed_fact_the_answer_rests_on_makes_it_wrong() {
        let mut q = question("method_comparison", &["87.0"], None);
        q.must_keep = vec!["Orvalis-CNN scores 87.0 on Corvalla-Ice by F1".into()];
        let kept = shown("Orvalis-CNN gets 87.0 [1].", &[]);
        assert!(judge_trust(&q, &kept).right);
        let removed = Shown { removed: vec!["Orvalis-CNN scores 87 on Corvalla-Ice by F1"], ..kept };
        assert!(!judge_trust(&q, &removed).right);
    }

    fn outcome(right: bool, gates_passed: bool, confidence: f64) -> Outcome {
        Outcome {
            id: "x".into(),
            set: "trust-dev".into(),
            category: "gate".into(),
            judgement: Judgement { right, verdict_right: None, reasons: Vec::new() },
            gates_passed,
            failed_gates: Vec::new(),
            retried: false,
            retry_used: false,
            first_right: None,
            confidence,
            answer: String::new(),
        }
    }

    #[test]
    fn false_passes_count_over_wrong_answers_and_false_blocks_over_right_ones() {
        let outcomes = [outcome(true, true, 0.9), outcome(true, false, 0.8), outcome(false, true, 0.5), outcome(false, false, 0.85)];
        let f = Figures::of(&outcomes);
        assert_eq!((f.right, f.false_passes, f.false_blocks), (2, 1, 1));
        assert_eq!((f.false_pass_rate, f.false_block_rate), (Some(0.5), Some(0.5)));
        // Right: 0.9, 0.8; wrong: 0.5, 0.85. Pairs won: 0.9 > both, 0.8 > 0.5: 3 of 4.
        assert_eq!(f.confidence_auc, Some(0.75));
    }

    #[test]
    fn a_used_retry_counts_as_better_or_worse_by_its_first_answer() {
        let mut better = outcome(true, true, 0.9);
        (better.retried, better.retry_used, better.first_right) = (true, true, Some(false));
        let mut worse = outcome(false, true, 0.9);
        (worse.retried, worse.retry_used, worse.first_right) = (true, true, Some(true));
        let mut unused = outcome(false, false, 0.9);
        unused.retried = true;
        let f = Figures::of(&[better, worse, unused]);
        assert_eq!((f.retries, f.retries_used, f.retries_better, f.retries_worse), (3, 2, 1, 1));
    }

    #[test]
    fn every_switch_is_off_in_exactly_one_configuration_besides_everything_off() {
        let all = configs(&TrustSettings::default());
        assert_eq!(all.len(), 9);
        assert!(all[0].off.is_empty() && all[0].checks == CheckSettings::ALL);
        let last = all.last().unwrap();
        assert_eq!(last.checks, CheckSettings::NONE);
        assert!(!last.trust.recency_enabled && !last.trust.corroboration_enabled && !last.trust.conflict_removal_enabled);
        for c in &all[1..all.len() - 1] {
            assert_eq!(c.off.len(), 1, "{}", c.name);
        }
    }

    #[tokio::test]
    async fn the_ablation_run_asks_every_configuration_and_conflict_removal_decides_a_disputed_value() {
        let dir = tempfile::tempdir().unwrap();
        let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/eval/gold/trust/g1.ttl");
        let lines = [
            serde_json::json!({"id": "A1", "graph": graph, "question": "What accuracy does KestrelNet actually get on BenchMira?", "query_type": "method_comparison", "mechanism": "conflict",
                "expected": ["74.1"], "verdict": null, "must_remove": ["KestrelNet scores 78.9 on BenchMira by Accuracy"], "must_keep": ["KestrelNet scores 74.1 on BenchMira by Accuracy"]}),
            serde_json::json!({"id": "A2", "graph": graph, "question": "Is there any benchmark dataset for glacier surface velocity estimation?", "query_type": "dataset_search", "mechanism": "gate",
                "expected": [], "verdict": null}),
        ];
        let gold = dir.path().join("t.jsonl");
        std::fs::write(&gold, lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n")).unwrap();
        let (json, markdown) = (dir.path().join("out.json"), dir.path().join("out.md"));
        let args = EvalAblationsArgs { trust: vec![gold], answers: vec![], trust_only: true, json: Some(json.clone()), markdown: Some(markdown.clone()), max_false_pass: None, backend: Default::default() };
        run(Settings::from_lookup(|_| None).unwrap(), &args).await.unwrap();

        let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let configs = report["configs"].as_array().unwrap();
        assert_eq!(configs.len(), 9);
        let right = |name: &str, id: &str| {
            let c = configs.iter().find(|c| c["name"] == name).unwrap();
            c["questions"].as_array().unwrap().iter().find(|q| q["id"] == id).unwrap()["right"].as_bool().unwrap()
        };
        assert!(right("full system", "A1") && right("full system", "A2"));
        assert!(!right("conflict removal off", "A1"), "without removal the outlier 78.9 is presented too");
        assert_eq!(report["changes"]["conflict removal off"]["broken"], serde_json::json!(["A1"]));
        let md = std::fs::read_to_string(&markdown).unwrap();
        assert!(md.contains("| conflict removal off |") && md.contains("conflict removal off** (SCIGRAPH_CONFLICT_REMOVAL=off): 1 answer(s) made wrong (A1)"), "{md}");
    }
}
