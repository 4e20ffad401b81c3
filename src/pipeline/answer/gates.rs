//! Verification gates, checked before an answer is returned.
//!
//! - faithfulness: every sentence that states something carries a valid citation, and
//!   every number in the answer appears in what it cites (values, years, titles, DOIs,
//!   labels) or counts what it lists;
//! - temporal validity: no cited source is SUPERSEDED without the answer saying so;
//! - scope: with nothing relevant retrieved the answer says so and cites nothing, and with
//!   sources, they match what the question names. It also holds the answer to what was
//!   asked: a value asked for is given, every model and board named is spoken of, each part
//!   asked besides the main answer (a year, a DOI, the datasets, the best result, a yes or
//!   no) is given, a verdict checked what the claim is about, and "nothing found" is not
//!   said of a name the graph holds; each of these may instead say the graph lacks it.
//!
//! A failed gate lets the orchestrator retry once with an alternative strategy; the retry
//! replaces the first answer only if it passes more gates. Pure.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;
use serde::Serialize;

use crate::config::CheckSettings;
use crate::pipeline::front::classify::{Asked, ClaimAbout, DOI_GIVEN};
use crate::pipeline::answer::items::{AnswerItem, Source};
use crate::pipeline::trust::Validity;

/// One check of the answer and its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Gate {
    /// Whether the answer passed the check.
    pub passed: bool,
    /// What was checked and found, in words.
    pub detail: String,
}

/// The one retry made when a gate failed.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Retry {
    /// Why it was made: the gates that failed.
    pub reason: String,
    /// What the retry did differently.
    pub strategy: String,
    /// Gates passed by the first answer (0–3).
    pub passed_before: usize,
    /// Gates passed by the retry's answer (0–3).
    pub passed_after: usize,
    /// Whether the retry's answer replaced the first one.
    pub used: bool,
}

/// The checks an answer goes through before it is returned.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Gates {
    /// Every stating sentence cites a source, and every number appears in what it cites.
    pub faithfulness: Gate,
    /// No cited source is SUPERSEDED without the answer saying so.
    pub temporal: Gate,
    /// The sources match what the question names; with nothing found, the answer says so.
    pub scope: Gate,
    /// The retry made after a failed gate; null when there was none.
    #[schema(required = true)]
    pub retry: Option<Retry>,
}

impl Gates {
    pub fn passed(&self) -> usize {
        [&self.faithfulness, &self.temporal, &self.scope].iter().filter(|g| g.passed).count()
    }

    pub fn all_passed(&self) -> bool {
        self.passed() == 3
    }

    /// The gates with those switched off (`SCIGRAPH_GATE_*=off`) replaced by a pass that
    /// says it was not checked: an ablation, so a switched-off gate neither fails an answer
    /// nor earns it a retry.
    pub fn switched(mut self, checks: &CheckSettings) -> Self {
        let off = |variable: &str| Gate { passed: true, detail: format!("not checked: {variable}=off") };
        if !checks.faithfulness {
            self.faithfulness = off("SCIGRAPH_GATE_FAITHFULNESS");
        }
        if !checks.temporal {
            self.temporal = off("SCIGRAPH_GATE_TEMPORAL");
        }
        if !checks.scope {
            self.scope = off("SCIGRAPH_GATE_SCOPE");
        }
        self
    }

    pub fn failed_names(&self) -> Vec<&'static str> {
        [("faithfulness", &self.faithfulness), ("temporal", &self.temporal), ("scope", &self.scope)]
            .into_iter()
            .filter(|(_, g)| !g.passed)
            .map(|(n, _)| n)
            .collect()
    }
}

static CITATION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[(\d+)\]").unwrap_or_else(|e| panic!("citation pattern: {e}")));
static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d+(?:[.,]\d+)*").unwrap_or_else(|e| panic!("number pattern: {e}")));
/// Things whose digits are not claims: URLs, DOIs, quoted titles, citation markers.
static NOT_CLAIMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"https?://\S+|10\.\d{4,9}/\S+|"[^"]*"|\[\d+\]"#).unwrap_or_else(|e| panic!("masking pattern: {e}"))
});

/// Sentences that state an absence ("the graph records no result of ...").
static ABSENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(records no|records fewer|found nothing|no result|could not|cannot|nothing in the knowledge graph|no paper recorded)\b")
        .unwrap_or_else(|e| panic!("absence pattern: {e}"))
});

/// The sentences of `text` that state an absence ("The knowledge graph records no year for
/// this paper.").
pub(crate) fn absences(text: &str) -> Vec<String> {
    sentences(text).into_iter().filter(|s| ABSENCE.is_match(s)).collect()
}

/// An answer saying it found nothing at all, or could not search: every part is missing
/// alike, and said to be.
static NOTHING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(found nothing|nothing in the knowledge graph|could not query|cannot answer)\b").unwrap_or_else(|e| panic!("nothing pattern: {e}"))
});

/// Sentences, split after . ! ? when followed by a space or the end (not inside numbers).
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    // A quoted title's full stop ends no sentence ("Text Classification. A Use Case"): a
    // quote opens after a space or an opening bracket and closes before one or before
    // punctuation.
    let mut quoted = false;
    for (i, &c) in chars.iter().enumerate() {
        current.push(c);
        if c == '"' {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1).copied();
            if !quoted && before.is_none_or(|b| b.is_whitespace() || b == '(') {
                quoted = true;
            } else if quoted && after.is_none_or(|a| a.is_whitespace() || matches!(a, ',' | ';' | ':' | '.' | ')')) {
                quoted = false;
            }
        }
        let end = !quoted && matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if end && !current.trim().is_empty() {
            out.push(current.trim().to_owned());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_owned());
    }
    out
}

fn numbers(text: &str) -> BTreeSet<String> {
    NUMBER.find_iter(text).map(|m| m.as_str().trim_end_matches(['.', ',']).to_owned()).collect()
}

/// Checks faithfulness of `answer` to its sources and items.
/// `stated` holds further texts the answer may quote numbers from (values of the facts a
/// verdict or a stated disagreement cites).
pub fn faithfulness(answer: &str, items: &[AnswerItem], sources: &[Source], stated: &[String], nothing_found: bool) -> Gate {
    if nothing_found {
        let cites = CITATION.is_match(answer);
        return Gate {
            passed: !cites,
            detail: if cites { "cites sources although nothing was found".into() } else { "nothing found; nothing cited".into() },
        };
    }
    let valid = |n: usize| (1..=sources.len()).contains(&n);
    let mut uncited = Vec::new();
    for sentence in sentences(answer).into_iter().filter(|s| !ABSENCE.is_match(s)) {
        // Every sentence that states something must cite; one that says the graph holds
        // nothing on a point has nothing to cite.
        let cited: Vec<usize> = CITATION.captures_iter(&sentence).filter_map(|c| c[1].parse().ok()).collect();
        if cited.is_empty() || !cited.iter().all(|&n| valid(n)) {
            uncited.push(sentence);
        }
    }
    // The numbers the answer may use: everything stated by what it cites, and counts.
    let mut allowed: BTreeSet<String> = BTreeSet::new();
    for s in sources {
        allowed.extend(numbers(&s.title));
        allowed.extend(s.year.into_iter().chain(s.other_year).map(|y| y.to_string()));
        allowed.extend(s.doi.iter().flat_map(|d| numbers(d)));
        // Names the source states (its field "Field 37", a model "ResNet-50") hold digits.
        for text in s.methods.iter().chain(&s.datasets).chain(&s.authors).chain(&s.fields).chain(&s.code) {
            allowed.extend(numbers(text));
        }
    }
    for item in items {
        for text in [Some(&item.label), item.value.as_ref(), item.metric.as_ref(), item.dataset.as_ref(), item.model.as_ref()].into_iter().flatten() {
            allowed.extend(numbers(text));
        }
    }
    for text in stated {
        allowed.extend(numbers(text));
    }
    allowed.extend((0..=items.len().max(sources.len())).map(|n| n.to_string()));
    let masked = NOT_CLAIMS.replace_all(answer, " ");
    let unsupported: Vec<String> = numbers(&masked).into_iter().filter(|n| !allowed.contains(n)).collect();
    let passed = uncited.is_empty() && unsupported.is_empty();
    let mut problems = Vec::new();
    if !uncited.is_empty() {
        problems.push(format!("{} sentence(s) without a valid citation", uncited.len()));
    }
    if !unsupported.is_empty() {
        problems.push(format!("numbers not in any cited fact: {}", unsupported.join(", ")));
    }
    Gate {
        passed,
        detail: if passed { "every sentence cites a source; every number is in a cited fact".into() } else { problems.join("; ") },
    }
}

/// Checks that the answer does not present a superseded result as the current best:
/// `primary` are the sources behind a "best"/"top score" answer's items. Citing a
/// superseded paper elsewhere (a comparison, a list) is fine; so is saying it was superseded.
pub fn temporal(answer: &str, sources: &[(usize, Validity)], primary: &[usize]) -> Gate {
    let superseded: Vec<usize> = sources
        .iter()
        .filter(|(n, v)| *v == Validity::Superseded && primary.contains(n))
        .map(|(n, _)| *n)
        .collect();
    let stated = answer.to_lowercase().contains("supersed");
    let passed = superseded.is_empty() || stated;
    let counts = |v: Validity| sources.iter().filter(|(_, x)| *x == v).count();
    Gate {
        passed,
        detail: if passed {
            format!(
                "{} valid, {} outdated, {} superseded, {} conflicted source(s)",
                counts(Validity::Valid),
                counts(Validity::Outdated),
                counts(Validity::Superseded),
                counts(Validity::Conflicted)
            )
        } else {
            format!("presents superseded source(s) {superseded:?} as the best without saying so")
        },
    }
}

/// Checks that the answer is about what was asked, or says that nothing was found.
pub fn scope(answer: &str, nothing_found: bool, relevant: bool) -> Gate {
    if nothing_found {
        let honest = !CITATION.is_match(answer);
        return Gate { passed: honest, detail: "nothing relevant retrieved; the answer says so and cites nothing".into() };
    }
    Gate {
        passed: relevant,
        detail: if relevant {
            "the sources match what the question names".into()
        } else {
            "no source matches anything the question names".into()
        },
    }
}

/// The scope gate, also failing when the question sets part of the graph aside in words the
/// front did not understand (`unread`, "other than the selkora authors"): the answer is
/// about all of it, not the part asked about.
pub fn restriction_read(scope: Gate, unread: Option<&str>) -> Gate {
    match unread {
        Some(cue) if scope.passed => Gate { passed: false, detail: format!("the question sets something aside (\"{cue}\") that this answer does not leave out") },
        _ => scope,
    }
}

/// The scope gate, also failing when the question asks where results stand against a bar
/// or a rank ("which kelp work had got above 60 mIoU?", "on which datasets does X make the
/// top two?") and the answer neither judges it nor speaks of the bar: the best of a board,
/// or papers without their values, do not answer it. `bar`: the value a result must pass;
/// `top_n`: whether a place within the top N is asked.
pub fn bar_applied(scope: Gate, bar: Option<f64>, top_n: bool, answer: &str, decided: bool, nothing_found: bool) -> Gate {
    if !scope.passed || decided || nothing_found {
        return scope;
    }
    if let Some(v) = bar.filter(|v| !answer.contains(&format!("{v}"))) {
        return Gate { passed: false, detail: format!("the question asks about results past {v}; the answer does not speak of it") };
    }
    if top_n {
        return Gate { passed: false, detail: "the question asks about a place in the top of a board; the answer does not judge it".into() };
    }
    scope
}

/// The scope gate, also checking that a question asking for a number ("what acc do they
/// agree on?") is given one, or told the graph records none: a list of papers is not an
/// answer to it.
pub fn value_given(scope: Gate, asks_value: bool, answer: &str, items: &[AnswerItem], decided: bool) -> Gate {
    let given = decided || items.iter().any(|i| i.value.is_some()) || ABSENCE.is_match(answer);
    if scope.passed && asks_value && !given {
        return Gate { passed: false, detail: "the question asks for a value; the answer gives none and does not say the graph lacks it".into() };
    }
    scope
}

/// The scope gate, also checking that an answer without a verdict speaks of the values the
/// question states ([`given_values`](crate::pipeline::front::classify::given_values)): "how many papers put syrinxa at 88.3?" is
/// not answered by papers that mention Syrinxa, without 88.3.
pub fn values_spoken(scope: Gate, given: &[String], answer: &str, decided: bool) -> Gate {
    // "88.30" is spoken by an answer that says 88.3: the number, not its spelling.
    static NUMBER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[?\d+(?:\.\d+)?").unwrap_or_else(|e| panic!("number pattern: {e}")));
    // A citation marker ("[1]") is no value.
    let said: Vec<f64> = NUMBER.find_iter(answer).filter(|m| !m.as_str().starts_with('[')).filter_map(|m| m.as_str().parse().ok()).collect();
    let spoken = |v: &str| answer.contains(v) || v.parse::<f64>().is_ok_and(|n| said.iter().any(|s| (s - n).abs() < 1e-9));
    let unspoken: Vec<&str> = given.iter().map(String::as_str).filter(|v| !spoken(v)).collect();
    if !scope.passed || decided || unspoken.is_empty() || ABSENCE.is_match(answer) {
        return scope;
    }
    Gate { passed: false, detail: format!("the question speaks of {}; the answer does not", unspoken.join(", ")) }
}

/// The scope gate, also failing an answer without a verdict to a request to confirm a value
/// the question states ("could you check whether X's accuracy on D is 79.5?"): a listing that
/// shows the value does not say whether it holds. `decided`: the answer has a verdict, or
/// found nothing.
pub fn confirmation_decided(scope: Gate, asks_confirmation: bool, decided: bool) -> Gate {
    if scope.passed && asks_confirmation && !decided {
        return Gate { passed: false, detail: "the question asks whether a value it states holds; the answer gives no verdict".into() };
    }
    scope
}

/// The scope gate, also failing an answer to "how many papers put X at V?" that counts no
/// paper: a listing that shows V answers another question. `asks_count`: the question asks
/// it (and something was found); `counted`: the answer says how many.
pub fn count_given(scope: Gate, asks_count: bool, counted: bool) -> Gate {
    if scope.passed && asks_count && !counted {
        return Gate { passed: false, detail: "the question asks how many papers state a value; the answer does not count them".into() };
    }
    scope
}

/// The scope gate, also failing a result answer to a question about a model or paper it
/// does not name ([`unnamed_referent`](crate::pipeline::front::classify::unnamed_referent))
/// when no model was linked: the board's best is not what "that paper" or "the model
/// introduced by the 2020 paper on X" scored. `resolved`: a model was linked.
pub fn referent_resolved(scope: Gate, unnamed: bool, resolved: bool, nothing_found: bool) -> Gate {
    if scope.passed && unnamed && !resolved && !nothing_found {
        return Gate { passed: false, detail: "the question speaks of a model or paper it does not name, and none was found for it: the answer is about others".into() };
    }
    scope
}

/// The scope gate, also failing an answer to "who held it before X?"
/// ([`holder_before`](crate::pipeline::front::classify::holder_before)) that gives X's own result, or no result: the question asks for
/// the one before. Saying it cannot be told (no year for X's results) is an answer.
pub fn holder_shown(scope: Gate, before: Option<&str>, answer: &str, items: &[AnswerItem]) -> Gate {
    let Some(name) = before else { return scope };
    let name = name.to_lowercase();
    let named = |i: &AnswerItem| i.model.as_deref().is_some_and(|m| m.to_lowercase().contains(&name) || name.contains(&m.to_lowercase()));
    let other = items.iter().any(|i| i.model.is_some() && !named(i));
    if scope.passed && !ABSENCE.is_match(answer) && (!other || items.iter().take(1).any(named)) {
        return Gate { passed: false, detail: format!("the question asks who held the result before {name}; the answer does not name an earlier holder") };
    }
    scope
}

/// The scope gate, also failing an answer that found nothing for a question naming
/// something the graph holds (`held`: a board or model label the question's words name
/// though nothing linked it, or, for a paper question, a linked topic written as the
/// graph's label is):
/// "nothing found" then says the question was not understood, not that the graph lacks
/// what was asked.
pub fn absence_shown(scope: Gate, nothing_found: bool, held: Option<&str>) -> Gate {
    match held {
        Some(label) if scope.passed && nothing_found => Gate {
            passed: false,
            detail: format!("nothing was found, though the graph holds \"{label}\", which the question seems to name: the absence is not shown"),
        },
        _ => scope,
    }
}

/// The scope gate for a question about a model or dataset the graph does not hold, beside
/// a sibling it does (`unheld`: the answer's sentence saying so, see
/// `front::link::unheld_sibling`): that sentence answers every part the question asks of
/// it (its datasets, its score, a yes or no), so what the other checks find missing is
/// not. Its other gates still apply.
pub fn subject_unheld(scope: Gate, unheld: Option<&str>) -> Gate {
    match unheld {
        Some(said) if !scope.passed => Gate { passed: true, detail: format!("the question's subject is not in the graph, and the answer says so: {said}") },
        _ => scope,
    }
}

/// The scope gate, also checking that the answer gives each part the question asks for
/// besides its main answer ([`Asked`]), or says the graph does not record it: a paper's
/// year and DOI without the best result they were asked for, papers without the datasets
/// asked for, or two values without the yes or no asked for, are not answers to the
/// question, however faithfully they cite. `decided`: the answer carries a verdict (or lists
/// what beat a model, which answers "has anyone beaten it"); `datasets_listed`: its items
/// are datasets.
pub fn parts_given(scope: Gate, asked: &Asked, answer: &str, items: &[AnswerItem], sources: &[Source], decided: bool, datasets_listed: bool) -> Gate {
    if !scope.passed || !asked.any() || NOTHING.is_match(answer) {
        return scope;
    }
    // A part the answer says the graph lacks is given: "the graph records no DOI for it"
    // answers the DOI asked for, not the best result asked with it.
    static NO_RESULT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b(records? no (result|score|value)|no result|records fewer)").unwrap_or_else(|e| panic!("no-result pattern: {e}")));
    static NO_YEAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bno (usable )?(year|date)|records no [^.]*\byear").unwrap_or_else(|e| panic!("no-year pattern: {e}")));
    static NO_DOI: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bno DOI|records no [^.]*\bDOI").unwrap_or_else(|e| panic!("no-DOI pattern: {e}")));
    static NO_DATASET: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bno (dataset|benchmark|board)s?\b|records no [^.]*\b(dataset|benchmark)").unwrap_or_else(|e| panic!("no-dataset pattern: {e}")));
    static YEAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(1[89]|20)\d\d\b").unwrap_or_else(|e| panic!("year pattern: {e}")));
    let text = answer.to_lowercase();
    let names_dataset = datasets_listed && !items.is_empty()
        || items.iter().filter_map(|i| i.dataset.as_deref()).chain(sources.iter().flat_map(|s| s.datasets.iter().map(String::as_str))).any(|d| !d.is_empty() && text.contains(&d.to_lowercase()));
    let mut missing = Vec::new();
    if asked.best && !decided && !items.iter().any(|i| i.value.is_some()) && !NO_RESULT.is_match(answer) {
        missing.push("the best result");
    }
    // A verdict on one part of the question ("X held the record in 2017 with 15.8 - right?")
    // does not give the best asked beside it ("who holds it now?") unless it speaks of it
    // (or of the other end, which a "weakest" or "last" question asks for; "the lowest
    // recorded bpc is 1.34" speaks of the best of a metric better lower).
    static OF_THE_BEST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(best|better|worse|record|leads?|led|ahead|behind|ranks?|top|beaten|beats?|first|second|third|place|weakest|worst|last|below|lowest|highest)\b").unwrap_or_else(|e| panic!("best-words pattern: {e}"))
    });
    if asked.best && decided && !OF_THE_BEST.is_match(answer) && !NO_RESULT.is_match(answer) {
        missing.push("the best result");
    }
    if asked.yes_no && !decided && !NO_RESULT.is_match(answer) {
        missing.push("a yes or no");
    }
    if asked.scores && !decided && !items.iter().any(|i| i.value.is_some()) && !NO_RESULT.is_match(answer) {
        missing.push("the scores");
    }
    if asked.year && !YEAR.is_match(&NOT_CLAIMS.replace_all(answer, " ")) && !items.iter().any(|i| YEAR.is_match(&i.label)) && !NO_YEAR.is_match(answer) {
        missing.push("the year");
    }
    if asked.doi && !DOI_GIVEN.is_match(answer) && !items.iter().any(|i| DOI_GIVEN.is_match(&i.label)) && !NO_DOI.is_match(answer) {
        missing.push("the DOI");
    }
    if asked.datasets && !names_dataset && !NO_DATASET.is_match(answer) {
        missing.push("the datasets");
    }
    // The record over time is told year by year (`trust::record`) when the board's history
    // could be read; otherwise the answer gives the board as it stands, which is not what
    // was asked.
    if asked.record && !decided {
        missing.push("the record over time (who held it, from when, by how much)");
    }
    if missing.is_empty() {
        return scope;
    }
    Gate { passed: false, detail: format!("the question asks for {}; the answer gives none and does not say the graph lacks it", missing.join(" and ")) }
}

/// The scope gate, also checking that a result answer speaks of every model and board the
/// question names, or says what is missing ("the graph records no score of X"): an answer
/// about one of two named models, or a listing that could not place the board it was asked
/// about (`unplaced`), is not an answer to the question asked. `named`: the linked models
/// and boards, each with its names.
pub fn all_named(scope: Gate, named: &[Vec<String>], answer: &str, items: &[AnswerItem], unplaced: bool) -> Gate {
    if !scope.passed {
        return scope;
    }
    if unplaced {
        return Gate { passed: false, detail: "the question's board could not be identified, so what beats the model there is unknown".into() };
    }
    let shown: Vec<String> = std::iter::once(answer.to_lowercase())
        .chain(items.iter().flat_map(|i| [Some(&i.label), i.model.as_ref(), i.dataset.as_ref()]).flatten().map(|s| s.to_lowercase()))
        .collect();
    let missing: Vec<&String> = named
        .iter()
        .filter(|names| !names.iter().any(|n| !n.is_empty() && shown.iter().any(|s| s.contains(&n.to_lowercase()))))
        .filter_map(|names| names.first())
        .collect();
    if !missing.is_empty() && !ABSENCE.is_match(answer) {
        let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
        return Gate { passed: false, detail: format!("the answer says nothing of {} though the question names it", list.join(", ")) };
    }
    scope
}

/// The scope gate, also failing an answer to a question that gives its time as an event
/// the graph cannot date ("before the Driftmere paper came out", the paper with no year or
/// two): the answer cannot say how things stood then. `unplaced`: why not.
pub fn time_placed(scope: Gate, unplaced: Option<&str>) -> Gate {
    match unplaced {
        Some(why) if scope.passed => Gate { passed: false, detail: format!("the question's time cannot be placed: {why}") },
        _ => scope,
    }
}

/// The scope gate, also failing a verdict on a claim that was not understood (relation
/// `unknown`: not a comparison, a score, a best result or a relation the graph records).
/// Its UNCERTAIN says nothing about the claim asked.
pub fn claim_understood(scope: Gate, relation: Option<&str>) -> Gate {
    if scope.passed && relation == Some("unknown") {
        return Gate { passed: false, detail: "the claim was not understood (no comparison, score, best result or relation was read), so the verdict does not address it".into() };
    }
    scope
}

/// The scope gate, also failing a verdict that checked something else than what the claim
/// is about ([`ClaimAbout`]): "somebody must have beaten X's 91.2 by now" is not settled by
/// X's 91.2 being recorded, nor "X's result is older than Y's 2013 one" by X's score.
pub fn claim_matched(scope: Gate, about: Option<ClaimAbout>, relation: Option<&str>) -> Gate {
    let (Some(about), Some(relation)) = (about, relation) else { return scope };
    let matched = match about {
        // "Still the best" is the same question as "has anything beaten it".
        ClaimAbout::Beaten => relation == "best",
        ClaimAbout::Dates => relation == "year",
        // Only a verdict that compared the two papers' values (`trust::rerun::agreement`).
        ClaimAbout::Agreement => relation == "agree",
    };
    if !scope.passed || matched {
        return scope;
    }
    let asked = match about {
        ClaimAbout::Beaten => "whether anything beat the model",
        ClaimAbout::Dates => "how two dates compare",
        ClaimAbout::Agreement => "whether papers agree on a result",
    };
    Gate { passed: false, detail: format!("the claim is about {asked}, but the verdict checked a {relation} relation") }
}

/// What the answer presents as a best result, for the temporal gate.
pub enum Best<'a> {
    /// Not a best-result answer: citing superseded papers is fine.
    No,
    /// A best-result answer; these results (`Fact::statement`) were superseded. `ranked`:
    /// the answer lists the best few ("the two best"), so only its first item is presented
    /// as the best and the others may have been beaten by it.
    Yes { superseded: &'a BTreeSet<String>, ranked: bool },
}

/// The sources a best-result answer presents as current: those behind items stating a
/// superseded result, or behind items that state no result (judged by their papers'
/// validity alone). A paper superseded on one board may be the standing best on another.
fn presented_as_best(items: &[AnswerItem], best: &Best) -> Vec<usize> {
    let Best::Yes { superseded, ranked } = best else { return Vec::new() };
    items
        .iter()
        .take(if *ranked { 1 } else { items.len() })
        .filter(|i| match (&i.model, &i.value, &i.dataset, &i.metric) {
            (Some(m), Some(v), Some(d), Some(x)) => superseded.contains(&crate::pipeline::trust::facts::statement(m, v, d, x)),
            _ => true,
        })
        .flat_map(|i| i.sources.iter().copied())
        .collect()
}

/// Checks the three gates on a finished answer. `empty`: nothing was found or nothing
/// could be queried; `relevant`: what was found matches something the question names;
/// `best`: whether the answer names a best result, so only its own results must be current.
pub fn check(answer: &str, items: &[AnswerItem], sources: &[Source], stated: &[String], empty: bool, relevant: bool, best: Best) -> Gates {
    let validities: Vec<(usize, Validity)> = sources.iter().map(|s| (s.n, s.validity)).collect();
    let primary = presented_as_best(items, &best);
    Gates {
        faithfulness: faithfulness(answer, items, sources, stated, empty),
        temporal: temporal(answer, &validities, &primary),
        scope: scope(answer, empty, relevant),
        retry: None,
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn an_answer_saying_its_subject_is_not_in_the_graph_passes_the_scope_gate() {
        let failed = Gate { passed: false, detail: "the question asks for the datasets".into() };
        assert!(subject_unheld(failed.clone(), Some("The knowledge graph records no model called Wendrel-L.")).passed);
        assert!(!subject_unheld(failed, None).passed);
    }

    #[test]
    fn a_bar_or_a_top_place_the_answer_does_not_judge_fails_the_scope_gate() {
        let passed = Gate { passed: true, detail: "ok".into() };
        let papers = "I found 4 relevant papers: \"Kelvane: Kelp Canopy Mapping\" (2024) [1].";
        assert!(!bar_applied(passed.clone(), Some(60.0), false, papers, false, false).passed);
        assert!(bar_applied(passed.clone(), Some(60.0), false, "1 model has a result above 60 on D: K with 61.4 [1].", false, false).passed);
        assert!(!bar_applied(passed.clone(), None, true, "The best recorded result: M with 78.4 [1].", false, false).passed);
        assert!(bar_applied(passed.clone(), None, true, "REFUTED: T is third [1].", true, false).passed, "a verdict judges the place");
        assert!(bar_applied(passed, Some(60.0), true, "I found nothing.", false, true).passed);
    }

    #[test]
    fn a_restriction_the_front_did_not_understand_fails_the_scope_gate() {
        let passed = Gate { passed: true, detail: "ok".into() };
        assert!(restriction_read(passed.clone(), None).passed);
        let failed = restriction_read(passed, Some("other than"));
        assert!(!failed.passed && failed.detail.contains("other than"), "{}", failed.detail);
    }

    use super::*;

    fn source(n: usize, title: &str, year: Option<i32>) -> Source {
        Source { n, iri: format!("p{n}"), year, ..Source::titled(title) }
    }

    fn item(label: &str, value: &str) -> AnswerItem {
        AnswerItem {
            label: label.into(),
            iri: None,
            value: Some(value.into()),
            sources: vec![1],
            metric: Some("F1".into()),
            dataset: Some("SQuAD1.1".into()),
            model: None,
            papers: vec![],
        }
    }

    #[test]
    fn faithful_answers_cite_every_sentence_and_only_cited_numbers() {
        let sources = [source(1, "BERT", Some(2019))];
        let items = [item("BERT-Large", "90.9")];
        assert!(faithfulness("BERT-Large reaches 90.9 F1 on SQuAD1.1 [1].", &items, &sources, &[], false).passed);
        let g = faithfulness("BERT-Large reaches 93.2 F1 [1].", &items, &sources, &[], false);
        assert!(!g.passed && g.detail.contains("93.2"), "{}", g.detail);
        let g = faithfulness("BERT-Large is best [1]. It was published in 2019.", &items, &sources, &[], false);
        assert!(!g.passed && g.detail.contains("without a valid citation"), "{}", g.detail);
        assert!(!faithfulness("BERT-Large is best [4].", &items, &sources, &[], false).passed);
    }

    #[test]
    fn digits_in_the_names_a_source_states_are_no_unsupported_numbers() {
        let mut cited = source(1, "BERT", Some(2019));
        cited.fields = vec!["Field 37".into()];
        let g = faithfulness("\"BERT\", published in 2019, research field Field 37 [1].", &[], &[cited], &[], false);
        assert!(g.passed, "{}", g.detail);
        let g = faithfulness("\"BERT\", research field Field 38 [1].", &[], &[source(1, "BERT", None)], &[], false);
        assert!(!g.passed, "a number no cited fact states still fails");
    }

    #[test]
    fn a_sentence_stating_an_absence_needs_no_citation() {
        let sources = [source(1, "BERT", Some(2019))];
        let g = faithfulness("UNCERTAIN: the graph records no result of A and B on the same dataset. A is used in BERT [1].", &[], &sources, &[], false);
        assert!(g.passed, "{}", g.detail);
    }

    #[test]
    fn nothing_found_must_cite_nothing() {
        assert!(faithfulness("I found nothing.", &[], &[], &[], true).passed);
        assert!(!faithfulness("I found nothing [1].", &[], &[], &[], true).passed);
        assert!(scope("I found nothing.", true, false).passed);
    }

    #[test]
    fn citing_a_superseded_source_must_say_so() {
        let validity = [(1, Validity::Superseded), (2, Validity::Valid)];
        assert!(!temporal("A is best [1].", &validity, &[1]).passed);
        assert!(temporal("A was best [1] but was superseded by B [2].", &validity, &[1]).passed);
        assert!(temporal("B is best [2].", &validity, &[2]).passed);
        assert!(temporal("A [1] trails B [2].", &validity, &[]).passed, "a comparison may cite it");
    }

    #[test]
    fn a_paper_superseded_on_one_board_may_still_hold_the_best_on_another() {
        let mut cited = source(1, "BERT", Some(2019));
        cited.validity = Validity::Superseded;
        let mut standing = item("BERT-Large", "90.9");
        standing.model = Some("BERT-Large".into());
        let superseded: BTreeSet<String> = ["BERT-Large scores 88.5 on SQuAD1.1 by EM".to_owned()].into();
        let best = || Best::Yes { superseded: &superseded, ranked: false };
        let g = check("BERT-Large reaches 90.9 F1 on SQuAD1.1 [1].", &[standing.clone()], &[cited.clone()], &[], false, true, best());
        assert!(g.temporal.passed, "{}", g.temporal.detail);
        let mut old = standing;
        (old.value, old.metric) = (Some("88.5".into()), Some("EM".into()));
        let g = check("BERT-Large reaches 88.5 EM on SQuAD1.1 [1].", &[old], &[cited], &[], false, true, best());
        assert!(!g.temporal.passed, "the superseded result itself is presented as the best");
    }

    #[test]
    fn the_sentences_stating_an_absence_are_told_from_the_rest() {
        let text = r#""Ontologies for Text Classification. A Use Case" [1]. The knowledge graph records no year for this paper."#;
        assert_eq!(absences(text), vec!["The knowledge graph records no year for this paper."]);
        assert!(absences("A scores 90.9 [1].").is_empty());
    }

    #[test]
    fn sentences_do_not_split_inside_numbers() {
        assert_eq!(sentences("A scores 90.9 [1]. B scores 85.8 [2]."), vec!["A scores 90.9 [1].", "B scores 85.8 [2]."]);
    }

    #[test]
    fn a_full_stop_inside_a_quoted_title_ends_no_sentence() {
        let text = r#"I found 2 papers: "Ontologies for Text Classification. A Use Case" [1]; "Is "big" better?" [2]. Nothing else."#;
        assert_eq!(sentences(text), vec![r#"I found 2 papers: "Ontologies for Text Classification. A Use Case" [1]; "Is "big" better?" [2]."#, "Nothing else."]);
    }

    fn passed() -> Gate {
        Gate { passed: true, detail: "ok".into() }
    }

    #[test]
    fn a_question_asking_for_a_value_must_get_one_or_hear_it_is_missing() {
        let valued = AnswerItem { value: Some("88.3".into()), ..AnswerItem::new("Syrinxa", None) };
        assert!(!value_given(passed(), true, "I found 6 relevant papers [1].", &[], false).passed);
        assert!(value_given(passed(), true, "Syrinxa gets 88.3 [1].", &[valued], false).passed);
        assert!(value_given(passed(), true, "The graph records no result by BLEU on D.", &[], false).passed);
        assert!(value_given(passed(), true, "SUPPORTED: ...", &[], true).passed, "a verdict answers the question");
        assert!(value_given(passed(), false, "I found 6 relevant papers [1].", &[], false).passed);
    }

    #[test]
    fn a_result_answer_must_speak_of_every_model_and_board_the_question_names() {
        let named = vec![vec!["Aviquist".to_owned()], vec!["Corrasine".to_owned()]];
        let one = "The best recorded result: Aviquist with 6.8 [1].";
        assert!(!all_named(passed(), &named, one, &[], false).passed);
        assert!(all_named(passed(), &named, "Aviquist 6.8 [1]; Corrasine 7.2 [2].", &[], false).passed);
        assert!(all_named(passed(), &named, "Aviquist 6.8 [1]. The graph records no score of Corrasine.", &[], false).passed);
        assert!(!all_named(passed(), &[], "anything", &[], true).passed, "a board that could not be placed fails");
    }

    #[test]
    fn a_verdict_on_a_claim_not_understood_fails_the_scope_gate() {
        assert!(!claim_understood(passed(), Some("unknown")).passed);
        assert!(claim_understood(passed(), Some("achieves")).passed);
        assert!(claim_understood(passed(), None).passed);
    }

    #[test]
    fn a_gate_switched_off_passes_and_says_it_was_not_checked() {
        let failed = Gate { passed: false, detail: "x".into() };
        let gates = Gates { faithfulness: failed.clone(), temporal: failed.clone(), scope: failed, retry: None };
        let checks = CheckSettings { scope: false, ..CheckSettings::ALL };
        let g = gates.switched(&checks);
        assert!(g.scope.passed && g.scope.detail.contains("SCIGRAPH_GATE_SCOPE=off"));
        assert!(!g.faithfulness.passed && !g.temporal.passed);
        assert_eq!(g.passed(), 1);
    }

    #[test]
    fn nothing_found_for_a_name_the_graph_holds_fails_the_scope_gate() {
        assert!(!absence_shown(passed(), true, Some("Dastrup-7 Chorus")).passed);
        assert!(absence_shown(passed(), true, None).passed, "a name the graph does not hold: the absence stands");
        assert!(absence_shown(passed(), false, Some("Dastrup-7 Chorus")).passed, "something was found");
    }

    #[test]
    fn an_answer_must_give_each_part_the_question_asks_for() {
        use crate::pipeline::front::classify::asked;
        let paper = "\"FrostLattice\", published in 2013, DOI 10.5555/cryors.2013.017 [1].";
        let q = "Give the year and DOI of the paper behind BenchMira's current best accuracy";
        let g = parts_given(passed(), &asked(q), paper, &[], &[], false, false);
        assert!(!g.passed && g.detail.contains("the best result") && !g.detail.contains("DOI"), "{}", g.detail);
        let valued = AnswerItem { value: Some("89.6".into()), ..AnswerItem::new("Zephyrine-L", None) };
        let best = "Zephyrine-L, 89.6 [1]: \"Zephyrine\", 2023, DOI 10.5555/cryors.2023.009 [1].";
        assert!(parts_given(passed(), &asked(q), best, &[valued], &[], false, false).passed);
        let q = "Corrasine's 8.9 is the newest number on D. Where does it place, and who is ahead of it?";
        let ranked = "Corrasine (8.9) ranks 2 of 6 on D by Word Error Rate, behind Plumaro (8.1) [1][2].";
        assert!(parts_given(passed(), &asked(q), ranked, &[], &[], true, false).passed, "a rank tells where the best is");
        let q = "which papers evaluated Marrowfen, and on which datasets?";
        let papers = "I found 3 relevant papers: \"Marrowfen\" (2018) [1].";
        assert!(!parts_given(passed(), &asked(q), papers, &[], &[], false, false).passed);
        let mut cited = source(1, "Marrowfen", Some(2018));
        cited.datasets = vec!["Sealbrook Turbine Logs".into()];
        assert!(parts_given(passed(), &asked(q), "Marrowfen: 78.4 F1 on Sealbrook Turbine Logs [1].", &[], &[cited], false, false).passed);
        let q = "murrelet-mt: evaluated on which datasets and what scores? summarise pls";
        let listed = AnswerItem::new("Mirelle Subtitles", None);
        let g = parts_given(passed(), &asked(q), "Datasets Murrelet-MT was evaluated on: Mirelle Subtitles [1].", &[listed], &[], false, true);
        assert!(!g.passed && g.detail.contains("the scores"), "{}", g.detail);
        let q = "how does aviquist compare with corrasine on veltmoor? is its WER lower";
        assert!(!parts_given(passed(), &asked(q), "Aviquist 6.8 [1]; Corrasine 7.2 [2].", &[], &[], false, false).passed);
        assert!(parts_given(passed(), &asked(q), "UNCERTAIN: ...", &[], &[], true, false).passed, "a verdict is a yes or no");
        assert!(parts_given(passed(), &asked("when was the scibert paper published"), "The graph records no year for it.", &[], &[], false, false).passed);
        let q = "best accuracy on ImageNet - which paper, and its DOI?";
        let g = parts_given(passed(), &asked(q), "\"An Image is Worth 16x16 Words\" [1]. The knowledge graph records no DOI for this paper.", &[], &[], false, false);
        assert!(!g.passed && g.detail.contains("the best result"), "a missing DOI said is no best result given: {}", g.detail);
        let q = "is 1.34 the lowest bpc on enwik8?";
        let lowest = "SUPPORTED: the lowest recorded Bit per Character (BPC) on enwik8 is Sparse Transformer's 1.34 [1].";
        assert!(parts_given(passed(), &asked(q), lowest, &[], &[], true, false).passed, "the lowest of a metric better lower is its best");
    }

    #[test]
    fn a_verdict_on_something_else_than_the_claim_is_about_fails_the_scope_gate() {
        assert!(!claim_matched(passed(), Some(ClaimAbout::Beaten), Some("achieves")).passed);
        assert!(claim_matched(passed(), Some(ClaimAbout::Beaten), Some("best")).passed);
        assert!(!claim_matched(passed(), Some(ClaimAbout::Dates), Some("achieves")).passed);
        assert!(claim_matched(passed(), Some(ClaimAbout::Dates), Some("year")).passed);
        assert!(claim_matched(passed(), None, Some("achieves")).passed);
        assert!(claim_matched(passed(), Some(ClaimAbout::Beaten), None).passed, "no verdict: the other checks apply");
    }

    #[test]
    fn an_answer_without_a_verdict_must_speak_of_the_value_the_question_states() {
        let given = vec!["88.3".to_owned()];
        assert!(!values_spoken(passed(), &given, "I found 6 relevant papers [1].", false).passed);
        assert!(values_spoken(passed(), &given, "Syrinxa with 88.3 by Accuracy [1].", false).passed);
        let trailing = ["88.30".to_owned()];
        assert!(values_spoken(passed(), &trailing, "5 papers put Syrinxa at 88.3% [1].", false).passed, "the number, not its spelling");
        assert!(!values_spoken(passed(), &["1.0".to_owned()], "Syrinxa with 88.3 [1].", false).passed, "a citation is no value");
        assert!(values_spoken(passed(), &given, "SUPPORTED: ... [1].", true).passed, "a verdict speaks of it");
        assert!(values_spoken(passed(), &given, "The graph records no result of Syrinxa.", false).passed, "an absence said");
    }

    #[test]
    fn a_request_to_confirm_a_stated_value_needs_a_verdict() {
        assert!(!confirmation_decided(passed(), true, false).passed);
        assert!(confirmation_decided(passed(), true, true).passed);
        assert!(confirmation_decided(passed(), false, false).passed);
        assert!(!referent_resolved(passed(), true, false, false).passed, "the board's best for 'that paper'");
        assert!(referent_resolved(passed(), true, true, false).passed);
        assert!(referent_resolved(passed(), true, false, true).passed, "found nothing says so");
        assert!(referent_resolved(passed(), false, false, false).passed);
        assert!(!count_given(passed(), true, false).passed, "a count asked, none given");
        assert!(count_given(passed(), true, true).passed);
        assert!(count_given(passed(), false, false).passed);
    }

    #[test]
    fn who_held_it_before_x_is_not_answered_by_x() {
        let mut own = item("Ibbotrans", "22.0");
        own.model = Some("Ibbotrans".into());
        let mut earlier = item("Murrelet-MT", "19.6");
        earlier.model = Some("Murrelet-MT".into());
        let text = "The top recorded scores: BLEU 22.0 (Ibbotrans) [1].";
        assert!(!holder_shown(passed(), Some("ibbotrans"), text, &[own.clone()]).passed);
        assert!(!holder_shown(passed(), Some("ibbotrans"), "", &[]).passed, "no holder at all");
        assert!(holder_shown(passed(), Some("ibbotrans"), text, &[earlier, own.clone()]).passed);
        assert!(holder_shown(passed(), None, text, &[own.clone()]).passed);
        let untold = "The graph records no year for ibbotrans's results there, so who held the record before it cannot be told; the top ... [1].";
        assert!(holder_shown(passed(), Some("ibbotrans"), untold, &[own]).passed, "saying it cannot be told answers it");
    }
}
