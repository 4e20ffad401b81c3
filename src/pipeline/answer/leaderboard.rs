//! Leaderboards read for an answer: the best result per metric (the asked metric's only,
//! when the graph has it), the best `k` models of a metric, best first, and which metrics
//! are costs (parameters, MACs, FLOPs) rather than results. Scores are compared as numbers,
//! in the metric's direction. Pure.

use std::collections::BTreeMap;

use super::items::AnswerItem;
use crate::pipeline::evidence::scores::parse_score;
use crate::pipeline::evidence::{Evidence, ResultFact};
use crate::pipeline::front::classify::Target;
use crate::pipeline::front::lexicon::Direction;
use crate::pipeline::front::metrics::is_cost;
use crate::pipeline::front::normalize::{Normalized, NormalizedEntity};
use crate::boards::MAIN_METRICS;

/// Whether a result is the model's: by its IRI, or by a name of it.
fn by_model(fact: &ResultFact, model: &NormalizedEntity) -> bool {
    fact.model.as_ref().is_some_and(|m| model.iris.contains(&m.iri) || m.label.as_deref().is_some_and(|l| model.names(l)))
}

/// Whether a result's metric is one the question asked about: by `exact` its own name or
/// IRI ("test perplexity" is not "validation perplexity", though a synonym table files both
/// under perplexity), otherwise any of its names.
pub(super) fn metric_asked(fact: &ResultFact, entities: &Normalized, exact: bool) -> bool {
    let Some(metric) = &fact.metric else { return false };
    let label = metric.label.as_deref().map(crate::pipeline::front::lexicon::normalize);
    entities.metrics.iter().any(|m| {
        m.iris.contains(&metric.iri)
            || label.as_ref().is_some_and(|l| {
                let named = |n: &String| crate::pipeline::front::lexicon::normalize(n) == *l;
                if exact { named(&m.text) || named(&m.canonical) } else { m.aliases.iter().any(named) }
            })
    })
}

/// Whether every word of a metric the question names is a word of the result's metric:
/// "error rate" is "Top-1 Error Rate" where nothing is by the name or a synonym of it, but
/// "top-5 error" is not "Top 5 Accuracy".
fn metric_words_asked(fact: &ResultFact, entities: &Normalized) -> bool {
    fact.metric.as_ref().is_some_and(|label| entities.metrics.iter().any(|m| m.named_by_words(label.display())))
}

/// The best result per metric among `facts`, by numeric value in the metric's direction.
fn best_per_metric<'a>(
    facts: &[&'a ResultFact],
    direction: &dyn Fn(&str) -> Direction,
) -> Vec<(&'a ResultFact, f64)> {
    let mut best: BTreeMap<String, Vec<(&ResultFact, f64)>> = BTreeMap::new();
    for fact in facts {
        let (Some(metric), Some(value)) = (&fact.metric, fact.value.as_deref().and_then(parse_score)) else {
            continue;
        };
        let lower = direction(metric.display()) == Direction::Lower;
        let slot = best.entry(metric.iri.clone()).or_default();
        let better = |current: f64| if lower { value < current } else { value > current };
        match slot.first().map(|(_, v)| *v) {
            None => slot.push((fact, value)),
            Some(current) if better(current) => *slot = vec![(fact, value)],
            Some(current) if value == current => slot.push((fact, value)),
            _ => {}
        }
    }
    best.into_values().flatten().collect()
}

/// The best result of another model on `best`'s board and metric that beats another value
/// the graph records for `best`'s own model there: the lead `best` gives is disputed.
fn disputed_lead<'a>(best: &ResultFact, facts: &[&'a ResultFact], direction: &dyn Fn(&str) -> Direction) -> Option<&'a ResultFact> {
    let (model, metric) = (best.model.as_ref()?, best.metric.as_ref()?);
    let lower = direction(metric.display()) == Direction::Lower;
    let on_board = |f: &&&ResultFact| f.dataset.iri == best.dataset.iri && f.metric.as_ref().is_some_and(|m| m.iri == metric.iri);
    let score = |f: &ResultFact| f.value.as_deref().and_then(parse_score);
    let own = |f: &ResultFact| f.model.as_ref().is_some_and(|m| m.iri == model.iri);
    let worse = |a: f64, b: f64| if lower { a > b } else { a < b };
    let worst_own = facts.iter().filter(on_board).filter(|f| own(f)).filter_map(|f| score(f)).reduce(|a, b| if worse(b, a) { b } else { a })?;
    let others: Vec<&'a ResultFact> = facts.iter().filter(on_board).filter(|f| !own(f) && f.model.is_some()).copied().collect();
    let (runner_up, value) = best_per_metric(&others, direction).into_iter().next()?;
    worse(worst_own, value).then_some(runner_up)
}

/// The results a leaderboard answer is read from: those under the asked metric when the
/// graph has it, otherwise those of the board's [`MAIN_METRICS`] most used metrics, less
/// cost columns (parameters, MACs, FLOPs) when `drop_costs`: a cost is never a best result
/// unless it was asked for.
fn candidates<'a>(evidence: &'a Evidence, entities: &Normalized, drop_costs: bool) -> Vec<&'a ResultFact> {
    if let Some(asked) = by_metric_named(evidence, entities) {
        return asked;
    }
    let cost = |f: &ResultFact| drop_costs && f.metric.as_ref().is_some_and(|m| is_cost(m.display()));
    let facts: Vec<&ResultFact> = evidence.results.iter().filter(|f| !cost(f)).collect();
    let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
    for fact in &facts {
        if let Some(metric) = &fact.metric {
            *uses.entry(metric.iri.as_str()).or_default() += 1;
        }
    }
    if uses.len() <= MAIN_METRICS {
        return facts;
    }
    let mut ranked: Vec<(&str, usize)> = uses.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let main: Vec<&str> = ranked.into_iter().take(MAIN_METRICS).map(|(iri, _)| iri).collect();
    facts.into_iter().filter(|f| f.metric.as_ref().is_some_and(|m| main.contains(&m.iri.as_str()))).collect()
}

/// The results by a metric the question names: by its name exactly, then loosely, then by
/// every word of it, the first way that finds any. `None` when none is by it.
fn by_metric_named<'a>(evidence: &'a Evidence, entities: &Normalized) -> Option<Vec<&'a ResultFact>> {
    for way in 0..3 {
        let asked: Vec<&ResultFact> = evidence
            .results
            .iter()
            .filter(|f| match way {
                0 => metric_asked(f, entities, true),
                1 => metric_asked(f, entities, false),
                _ => metric_words_asked(f, entities),
            })
            .collect();
        if !asked.is_empty() {
            return Some(asked);
        }
    }
    None
}

/// The results by the metric the question names (by its name, a synonym, or every word of
/// it), less cost columns unless one is asked; all results but costs when it names none.
pub fn by_metric_asked<'a>(evidence: &'a Evidence, entities: &Normalized) -> Vec<&'a ResultFact> {
    if entities.metrics.is_empty() {
        return evidence.results.iter().filter(|f| f.metric.as_ref().is_some_and(|m| !is_cost(m.display()))).collect();
    }
    by_metric_named(evidence, entities).unwrap_or_default()
}

/// The metrics the question names that none of the results is by, nor anything sharing a
/// word with them: "BLEU" on a board that records chrF, "Dice" where the graph holds no
/// Dice at all. The answer says so before giving the board's other metrics.
pub fn metrics_missing(evidence: &Evidence, entities: &Normalized) -> Vec<String> {
    let words = |s: &str| -> Vec<String> { s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect() };
    let labels: Vec<Vec<String>> = evidence.results.iter().filter_map(|f| f.metric.as_ref()).map(|m| words(m.display())).collect();
    if labels.is_empty() {
        return Vec::new();
    }
    entities
        .metrics
        .iter()
        // Linked or not: "the best Dice on D" where the graph holds no Dice at all is as
        // missing as a metric it holds on other boards.
        // A result by the very resource linked ("mIoU" linked to "Mean IoU") is by it,
        // whatever words the two are written with.
        // So is one a synonym table files under the metric asked ("Percentage correct" is
        // accuracy), whatever words the two share.
        .filter(|m| {
            let alias = |label: &str| m.aliases.iter().any(|a| crate::pipeline::front::lexicon::normalize(a) == crate::pipeline::front::lexicon::normalize(label));
            !evidence.results.iter().filter_map(|f| f.metric.as_ref()).any(|metric| m.iris.contains(&metric.iri) || metric.label.as_deref().is_some_and(alias))
        })
        .filter(|m| {
            let named: Vec<String> = words(&m.text).into_iter().chain(words(&m.canonical)).collect();
            !labels.iter().any(|l| l.iter().any(|w| named.contains(w)))
        })
        // "Best score on SQuAD1.1?" asks for the top, in words an Atari board's metric
        // happens to be named by ("Best Score"): no metric is missing from SQuAD1.1.
        .filter(|m| !words(&m.text).iter().all(|w| matches!(w.as_str(), "best" | "top" | "highest" | "score" | "scores")))
        .map(|m| m.canonical.clone())
        .collect()
}

/// Whether every result the answer gives is the only score its board records by its metric
/// (the mirror keeps a board's top score per metric, its other entries without one): then
/// it is the best and the weakest at once, and a "who is last" answer says so rather than
/// naming it the weakest.
pub fn alone_on_their_metrics(evidence: &Evidence, items: &[AnswerItem]) -> bool {
    let given: Vec<(&str, &str)> = items.iter().filter(|i| i.value.is_some()).filter_map(|i| Some((i.dataset.as_deref()?, i.metric.as_deref()?))).collect();
    !given.is_empty()
        && given.iter().all(|(dataset, metric)| {
            let mut results: Vec<(Option<&str>, Option<&str>)> = evidence
                .results
                .iter()
                .filter(|f| f.dataset.display() == *dataset && f.metric.as_ref().is_some_and(|m| m.display() == *metric))
                // An entry without a score ("-", or none) is no result to be weaker than.
                .filter(|f| f.value.as_deref().and_then(parse_score).is_some())
                .map(|f| (f.model.as_ref().map(|m| m.display()), f.value.as_deref().map(str::trim)))
                .collect();
            results.sort();
            results.dedup();
            results.len() == 1
        })
}

/// "Of X, Y and Z, which have no result on D at all?": the sentence naming the linked models
/// the question names that have no score on the first linked board it names; `None` when
/// every one has one, or no board is named.
pub fn named_without_score(evidence: &Evidence, entities: &Normalized) -> Option<String> {
    let on = entities.datasets.iter().find(|d| d.is_linked())?;
    let there = |r: &&ResultFact| on.iris.contains(&r.dataset.iri);
    let scored = |m: &NormalizedEntity| {
        evidence.results.iter().filter(there).any(|r| r.value.as_deref().and_then(parse_score).is_some() && r.model.as_ref().is_some_and(|x| m.iris.contains(&x.iri) || m.names(x.display())))
    };
    let missing: Vec<&str> = entities.methods.iter().filter(|m| m.is_linked() && !scored(m)).map(|m| m.canonical.as_str()).collect();
    if missing.is_empty() {
        return None;
    }
    let board = evidence.results.iter().find(there).map_or(on.canonical.as_str(), |r| r.dataset.display());
    Some(format!("The graph records no result of {} on {board}.", missing.join(" or ")))
}

/// "On which datasets does X have a WER?" where none of X's results is by the metric asked:
/// the sentence saying so, with the metrics and boards its results are by; `None` when one
/// is by it, or X has no result read.
pub fn metric_nowhere(evidence: &Evidence, entities: &Normalized) -> Option<String> {
    let m = entities.methods.iter().find(|m| m.is_linked())?;
    let metric = entities.metrics.first()?;
    let own: Vec<&ResultFact> = evidence.results.iter().filter(|f| by_model(f, m)).collect();
    if own.is_empty() || own.iter().any(|f| metric_asked(f, entities, true) || metric_asked(f, entities, false)) {
        return None;
    }
    let mut by: Vec<String> = own.iter().filter_map(|f| f.metric.as_ref().map(|x| format!("{} on {}", x.display(), f.dataset.display()))).collect();
    by.sort_unstable();
    by.dedup();
    Some(format!("The graph records no {} result of {} on any dataset; its results are by {}.", metric.canonical, m.canonical, by.join(", ")))
}

/// "The lowest bits per character anywhere in the graph": of every result by the metric
/// asked, on any board, those at the extreme (`first`: the direction in which a value comes
/// first), ties kept once per board and model; a result without a number is none.
pub fn extreme_across(facts: &[ResultFact], first: Direction) -> Vec<&ResultFact> {
    let scored: Vec<(&ResultFact, f64)> = facts.iter().filter_map(|f| Some((f, f.value.as_deref().and_then(parse_score)?))).collect();
    let ahead = |a: f64, b: f64| if first == Direction::Lower { a < b } else { a > b };
    let Some(top) = scored.iter().map(|(_, v)| *v).reduce(|a, b| if ahead(b, a) { b } else { a }) else { return Vec::new() };
    let mut out: Vec<&ResultFact> = Vec::new();
    for (f, _) in scored.into_iter().filter(|(_, v)| *v == top) {
        let model = |x: &ResultFact| x.model.as_ref().map(|m| m.iri.clone());
        if !out.iter().any(|o| o.dataset.iri == f.dataset.iri && model(o) == model(f)) {
            out.push(f);
        }
    }
    out
}

/// A result read across boards as an item: named by its paper (title and IRI) when the
/// question asks for that, by its board when it asks for one (`by_board`), otherwise by
/// its model, with its value, metric, dataset, model and paper, citing source `cite`.
pub fn across_item(fact: &ResultFact, by_board: bool, paper: Option<(&str, &str)>, cite: Option<usize>) -> AnswerItem {
    let named = if by_board { &fact.dataset } else { fact.model.as_ref().unwrap_or(&fact.dataset) };
    let (label, iri) = paper.unwrap_or((named.display(), named.iri.as_str()));
    let mut item = AnswerItem::new(label, Some(iri));
    with_result(&mut item, fact);
    item.sources = cite.into_iter().collect();
    item
}

/// An item carries the result it names: value, metric, dataset, model and paper.
pub(super) fn with_result(item: &mut AnswerItem, fact: &ResultFact) {
    item.value = fact.value.as_ref().map(|v| v.trim().to_owned());
    item.metric = fact.metric.as_ref().map(|m| m.display().to_owned());
    item.dataset = Some(fact.dataset.display().to_owned());
    item.model = fact.model.as_ref().map(|m| m.display().to_owned());
    item.add_paper(&fact.paper);
}

/// The best result per metric (the asked metric's only, when the graph has it), of the
/// models the question names when it names some: as the model (best model) or the metric
/// (top score), with value, dataset and paper.
pub(super) fn best_items(target: Target, evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction) -> Vec<AnswerItem> {
    // The top scores per metric still list a cost column; a best model is never chosen by one.
    let mut facts = candidates(evidence, entities, target == Target::BestModel);
    // A question that names boards is about them: a named model's results elsewhere (read
    // for its place on every board, "why does X beat Y on D?") are not its results on D.
    let boards: Vec<&String> = entities.datasets.iter().filter(|d| d.is_linked()).flat_map(|d| &d.iris).collect();
    if facts.iter().any(|f| boards.contains(&&f.dataset.iri)) {
        facts.retain(|f| boards.contains(&&f.dataset.iri));
    }
    // A question that names models is about those models ("what top-1 accuracy does
    // ResNet-50 reach", "is A or B better"): keep their results when there are any.
    let named = |f: &&ResultFact| entities.methods.iter().any(|e| by_model(f, e));
    // Only scored results count: a named model evaluated with no value recorded leaves the
    // board's best as the answer (the text says the named ones have no score).
    if facts.iter().any(|f| named(f) && f.value.as_deref().and_then(parse_score).is_some()) {
        facts.retain(named);
    }
    let mut items: Vec<AnswerItem> = Vec::new();
    for (fact, _) in best_per_metric(&facts, direction) {
        let mut item = match (target, &fact.model, &fact.metric) {
            (Target::BestModel, Some(model), _) => AnswerItem::new(model.display(), Some(&model.iri)),
            (Target::TopScore, _, Some(metric)) => AnswerItem::new(metric.display(), Some(&metric.iri)),
            _ => continue,
        };
        with_result(&mut item, fact);
        if !items.contains(&item) {
            items.push(item);
        }
    }
    // A best the graph records two values of, the other of which another model beats
    // ("Aviquist 6.8 or 7.9; Corrasine 7.2"; a clear conflict's loser is gone by now): which
    // model is best depends on which value holds, so the one it would fall behind follows.
    // The same for the top score: it is the runner-up's when the other value holds.
    if matches!(target, Target::BestModel | Target::TopScore) {
        for (best, _) in best_per_metric(&facts, direction) {
            if let Some(runner_up) = disputed_lead(best, &facts, direction) {
                let mut item = match (target, &runner_up.model, &runner_up.metric) {
                    (Target::BestModel, Some(model), _) => AnswerItem::new(model.display(), Some(&model.iri)),
                    (Target::TopScore, _, Some(metric)) => AnswerItem::new(metric.display(), Some(&metric.iri)),
                    _ => continue,
                };
                with_result(&mut item, runner_up);
                if !items.contains(&item) {
                    items.push(item);
                }
            }
        }
    }
    // "LUKE vs SpanRel on CoNLL 2003": each named model's own best follows the best, so the
    // answer speaks of every model compared. One named model and no board ("which
    // benchmarks has X been evaluated on, and what WER did it get on each?"): its best on
    // every board it has results on, not only the best of them all.
    let one_model_alone = model_alone(entities).is_some();
    let per_board = match target {
        Target::BestModel => entities.methods.len() >= 2 || one_model_alone,
        // "How does X stack up against Y on D accuracy?": each one's own score.
        Target::TopScore => one_model_alone || entities.methods.len() >= 2,
        _ => false,
    };
    if per_board {
        for entity in &entities.methods {
            let own: Vec<&ResultFact> = facts.iter().copied().filter(|f| by_model(f, entity)).collect();
            // On every board ("A or B on D1? And on D2?"): each model's best per board and
            // metric, unless the answer already gives that model's result there.
            let mut boards: Vec<&str> = own.iter().map(|f| f.dataset.iri.as_str()).collect();
            boards.sort_unstable();
            boards.dedup();
            for board in boards {
                let on: Vec<&ResultFact> = own.iter().copied().filter(|f| f.dataset.iri == board).collect();
                for (fact, _) in best_per_metric(&on, direction) {
                    let mut item = match (target, &fact.model, &fact.metric) {
                        (Target::TopScore, Some(_), Some(metric)) => AnswerItem::new(metric.display(), Some(&metric.iri)),
                        (_, Some(model), _) => AnswerItem::new(model.display(), Some(&model.iri)),
                        _ => continue,
                    };
                    with_result(&mut item, fact);
                    // A top score's item is its metric: the model it is said of tells them apart.
                    let same = |i: &AnswerItem| match target {
                        Target::TopScore => i.model == item.model,
                        _ => i.iri == item.iri || entity.names(&i.label),
                    };
                    let said = items.iter().any(|i| same(i) && i.dataset == item.dataset && i.metric == item.metric);
                    if !said {
                        items.push(item);
                    }
                }
            }
        }
    }
    items
}

/// "How do the cait models compare on ImageNet?" where no model of the family has a score
/// there: the family's rows on the named boards with no value recorded, one item per model
/// and board (value `None`), so that the answer names what the graph does record of them
/// instead of only the board's best. Only for one named model with no score of its own
/// there (of two compared, the answer says which has none).
pub(super) fn unvalued_family(evidence: &Evidence, entities: &Normalized) -> Vec<AnswerItem> {
    if entities.methods.len() != 1 {
        return Vec::new();
    }
    let boards: Vec<&String> = entities.datasets.iter().filter(|d| d.is_linked()).flat_map(|d| &d.iris).collect();
    let on_boards: Vec<&ResultFact> = evidence.results.iter().filter(|f| boards.contains(&&f.dataset.iri)).collect();
    let scored = |f: &ResultFact| f.value.as_deref().and_then(parse_score).is_some();
    let mut items: Vec<AnswerItem> = Vec::new();
    for m in &entities.methods {
        let variant = |f: &ResultFact| by_model(f, m) || f.model.as_ref().is_some_and(|x| m.has_variant(x.display()));
        if on_boards.iter().any(|f| variant(f) && scored(f)) {
            continue;
        }
        for f in &on_boards {
            let Some(model) = f.model.as_ref() else { continue };
            // One label may stand for two resources: a score of either is the model's.
            let same = |x: &crate::pipeline::evidence::Named| x.iri == model.iri || x.display() == model.display();
            let valued = on_boards.iter().any(|g| g.dataset.iri == f.dataset.iri && g.model.as_ref().is_some_and(same) && scored(g));
            if valued || !(by_model(f, m) || m.family_member(model.display())) {
                continue;
            }
            let mut item = AnswerItem::new(model.display(), Some(&model.iri));
            item.dataset = Some(f.dataset.display().to_owned());
            item.add_paper(&f.paper);
            match items.iter_mut().find(|i| i.iri == item.iri && i.dataset == item.dataset) {
                Some(known) => known.add_paper(&f.paper),
                None => items.push(item),
            }
        }
        // The model alone, with no variant beside it: "the graph records no score of X on D"
        // says it all.
        if items.iter().all(|i| i.iri.as_ref().is_some_and(|iri| m.iris.contains(iri)) || m.names(&i.label)) {
            items.clear();
        }
    }
    items
}

/// The one model a question names when it names no board ("which datasets was X used on,
/// with which scores?"): its results are read board by board.
pub(super) fn model_alone(entities: &Normalized) -> Option<&crate::pipeline::front::normalize::NormalizedEntity> {
    match entities.methods.as_slice() {
        [m] if !entities.datasets.iter().any(|d| d.is_linked()) => Some(m),
        _ => None,
    }
}

/// "Which models have beaten X since?": on each board the named model has a score on (the
/// asked metric's, or the main ones), every other model's best result that beats X's best
/// there, best first.
pub(super) fn beaten_items(evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction) -> Vec<AnswerItem> {
    let named = |f: &ResultFact| entities.methods.iter().any(|e| by_model(f, e));
    let facts = candidates(evidence, entities, true);
    // (dataset, metric) -> the named model's best value there.
    let mut theirs: BTreeMap<(&str, &str), f64> = BTreeMap::new();
    for fact in facts.iter().filter(|f| named(f)) {
        let (Some(metric), Some(value)) = (&fact.metric, fact.value.as_deref().and_then(parse_score)) else { continue };
        let lower = direction(metric.display()) == Direction::Lower;
        let slot = theirs.entry((fact.dataset.iri.as_str(), metric.iri.as_str())).or_insert(value);
        if (lower && value < *slot) || (!lower && value > *slot) {
            *slot = value;
        }
    }
    let mut out: Vec<(AnswerItem, f64, bool)> = Vec::new();
    for fact in facts.iter().filter(|f| !named(f)) {
        let (Some(metric), Some(model), Some(value)) = (&fact.metric, &fact.model, fact.value.as_deref().and_then(parse_score)) else { continue };
        let Some(&bar) = theirs.get(&(fact.dataset.iri.as_str(), metric.iri.as_str())) else { continue };
        let lower = direction(metric.display()) == Direction::Lower;
        if (lower && value >= bar) || (!lower && value <= bar) {
            continue;
        }
        // Each model once per board, by its best result there.
        let same = out.iter().position(|(i, _, _)| i.iri.as_deref() == Some(&model.iri) && i.dataset.as_deref() == Some(fact.dataset.display()) && i.metric.as_deref() == Some(metric.display()));
        let mut item = AnswerItem::new(model.display(), Some(&model.iri));
        with_result(&mut item, fact);
        match same {
            Some(at) if (lower && value < out[at].1) || (!lower && value > out[at].1) => out[at] = (item, value, lower),
            Some(_) => {}
            None => out.push((item, value, lower)),
        }
    }
    out.sort_by(|a, b| if a.2 { a.1.total_cmp(&b.1) } else { b.1.total_cmp(&a.1) });
    let mut items: Vec<AnswerItem> = out.into_iter().map(|(item, _, _)| item).collect();
    // Last, the named model's own best on each board: where it stands.
    for fact in facts.iter().filter(|f| named(f)) {
        let (Some(metric), Some(model), Some(value)) = (&fact.metric, &fact.model, fact.value.as_deref().and_then(parse_score)) else { continue };
        if theirs.get(&(fact.dataset.iri.as_str(), metric.iri.as_str())) == Some(&value) && !items.iter().any(|i| i.iri.as_deref() == Some(&model.iri) && i.metric.as_deref() == Some(metric.display())) {
            let mut item = AnswerItem::new(model.display(), Some(&model.iri));
            with_result(&mut item, fact);
            items.push(item);
        }
    }
    items
}

/// "top 3 models on D": the best `k` models by the asked metric (or each metric), each once,
/// best first.
pub(super) fn top_items(k: usize, evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction) -> Vec<AnswerItem> {
    top_items_where(k, evidence, entities, direction, &|_| true)
}

/// [`top_items`] among the values `keep` allows: "which models never got their WER below
/// 10" lists a model by a value of at least 10 even when another value of it, which the
/// papers dispute, is below (the answer then states the dispute).
pub(super) fn top_items_where(k: usize, evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction, keep: &dyn Fn(f64) -> bool) -> Vec<AnswerItem> {
    top_items_by(k, evidence, entities, direction, keep, false)
}

/// The results past a value ("which boards does X score above 85 on?", "which models reach
/// at least 99 on some board?"): [`top_items_where`] on each board apart, since every board
/// a result passes on is asked for, not only the board with the metric's highest.
pub(super) fn past_items(k: usize, evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction, keep: &dyn Fn(f64) -> bool) -> Vec<AnswerItem> {
    top_items_by(k, evidence, entities, direction, keep, true)
}

fn top_items_by(k: usize, evidence: &Evidence, entities: &Normalized, direction: &dyn Fn(&str) -> Direction, keep: &dyn Fn(f64) -> bool, per_board: bool) -> Vec<AnswerItem> {
    let mut by_metric: BTreeMap<(String, String), Vec<(&ResultFact, f64)>> = BTreeMap::new();
    for fact in candidates(evidence, entities, true) {
        if let (Some(metric), Some(value), Some(_)) = (&fact.metric, fact.value.as_deref().and_then(parse_score).filter(|v| keep(*v)), &fact.model) {
            let board = if per_board { fact.dataset.iri.clone() } else { String::new() };
            by_metric.entry((metric.iri.clone(), board)).or_default().push((fact, value));
        }
    }
    let mut items: Vec<AnswerItem> = Vec::new();
    for (_, mut facts) in by_metric {
        let lower = facts.first().and_then(|(f, _)| f.metric.as_ref()).is_some_and(|m| direction(m.display()) == Direction::Lower);
        facts.sort_by(|a, b| if lower { a.1.total_cmp(&b.1) } else { b.1.total_cmp(&a.1) });
        let mut models: Vec<&str> = Vec::new();
        for (fact, _) in facts {
            let Some(model) = &fact.model else { continue };
            if models.len() == k || models.contains(&model.iri.as_str()) {
                continue;
            }
            models.push(&model.iri);
            let mut item = AnswerItem::new(model.display(), Some(&model.iri));
            with_result(&mut item, fact);
            items.push(item);
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::evidence::Named;

    fn result(model: &str, metric: &str, value: &str) -> ResultFact {
        let named = |iri: String, label: &str| Named { iri, label: Some(label.into()) };
        ResultFact {
            dataset: named("d".into(), "D"),
            model: Some(named(format!("m:{model}"), model)),
            metric: Some(named(format!("x:{metric}"), metric)),
            value: Some(value.into()),
            paper: None,
            contribution: format!("c:{model}:{metric}"),
            evaluation: format!("e:{model}:{metric}"),
        }
    }

    #[test]
    fn the_extreme_across_boards_is_the_metrics_best_or_the_extreme_asked_with_ties_kept() {
        let fact = |board: &str, model: &str, value: &str| ResultFact {
            dataset: Named { iri: board.into(), label: Some(board.into()) },
            model: Some(Named { iri: model.into(), label: Some(model.into()) }),
            metric: Some(Named { iri: "bpc".into(), label: Some("BPC".into()) }),
            value: Some(value.into()),
            paper: None,
            contribution: format!("{board}{model}"),
            evaluation: format!("{board}{model}"),
        };
        let facts = [fact("enwik8", "A", "1.11"), fact("text8", "B", "1.40"), fact("ptb", "C", "1.11"), fact("ptb", "D", "-")];
        let lowest: Vec<&str> = extreme_across(&facts, Direction::Lower).iter().map(|f| f.dataset.display()).collect();
        assert_eq!(lowest, ["enwik8", "ptb"], "both ties, and no value is no result");
        let highest = extreme_across(&facts, Direction::Higher);
        assert_eq!(highest.len(), 1);
        let item = across_item(highest[0], true, None, Some(2));
        assert_eq!((item.label.as_str(), item.model.as_deref(), item.value.as_deref(), item.sources.as_slice()), ("text8", Some("B"), Some("1.40"), &[2][..]));
    }

    #[test]
    fn a_board_with_many_metrics_answers_best_with_its_main_columns_only() {
        // Metric 0 is used by every model, metrics 1..30 by one each.
        let mut results: Vec<ResultFact> = (0..40).map(|i| result(&format!("M{i}"), "Main", &format!("{i}"))).collect();
        results.extend((1..30).map(|i| result(&format!("R{i}"), &format!("Rare {i:02}"), "99")));
        let evidence = Evidence { results, ..Evidence::default() };
        let items = best_items(Target::BestModel, &evidence, &Normalized::default(), &|_| Direction::Higher);
        assert_eq!(items.len(), MAIN_METRICS, "{items:?}");
        assert!(items.iter().any(|i| i.label == "M39" && i.metric.as_deref() == Some("Main")), "the main column's best is kept");
    }

    #[test]
    fn two_named_models_top_scores_give_each_ones_own() {
        let evidence = Evidence { results: vec![result("Tavrosa", "Accuracy", "86.1"), result("Quillon", "Accuracy", "83.0")], ..Evidence::default() };
        let mut entities = Normalized::default();
        for name in ["Quillon", "Tavrosa"] {
            entities.methods.push(crate::pipeline::front::normalize::NormalizedEntity {
                kind: crate::pipeline::front::lexicon::EntityKind::Method,
                text: name.into(),
                canonical: name.into(),
                aliases: vec![],
                iris: vec![format!("m:{name}")],
                direction: None,
                link: None,
            });
        }
        let items = best_items(Target::TopScore, &evidence, &entities, &|_| Direction::Higher);
        let said: Vec<(Option<&str>, Option<&str>)> = items.iter().map(|i| (i.model.as_deref(), i.value.as_deref())).collect();
        assert_eq!(said, [(Some("Tavrosa"), Some("86.1")), (Some("Quillon"), Some("83.0"))]);
    }

    #[test]
    fn a_named_familys_unscored_rows_on_the_board_are_listed_beside_its_best() {
        let unscored = |model: &str| ResultFact { value: None, ..result(model, "Accuracy", "") };
        let evidence = Evidence { results: vec![result("Best", "Accuracy", "99"), unscored("CaiT-S-24"), unscored("CaiT-M-36"), unscored("Caitlin")], ..Evidence::default() };
        let board = crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Dataset,
            text: "d".into(),
            canonical: "D".into(),
            aliases: vec![],
            iris: vec!["d".into()],
            direction: None,
            link: None,
        };
        let model = |text: &str, label: &str| crate::pipeline::front::normalize::NormalizedEntity { kind: crate::pipeline::front::lexicon::EntityKind::Method, text: text.into(), canonical: label.into(), iris: vec![format!("m:{label}")], ..board.clone() };
        let mut entities = Normalized::default();
        entities.datasets.push(board.clone());
        entities.methods.push(model("cait", "CaiT-M-36"));
        let labels = |entities: &Normalized| unvalued_family(&evidence, entities).into_iter().map(|i| (i.label, i.value)).collect::<Vec<_>>();
        assert_eq!(labels(&entities), [("CaiT-S-24".to_owned(), None), ("CaiT-M-36".to_owned(), None)]);
        // The model alone says no more than "no score of it"; two models compared are said so.
        entities.methods = vec![model("caitlin", "Caitlin")];
        assert!(labels(&entities).is_empty());
        entities.methods = vec![model("cait", "CaiT-M-36"), model("best", "Best")];
        assert!(labels(&entities).is_empty());
        let items: Vec<AnswerItem> = vec![AnswerItem { dataset: Some("D".into()), ..AnswerItem::new("CaiT-S-24", None) }];
        entities.methods = vec![model("cait", "CaiT-M-36")];
        let text = crate::pipeline::answer::text::extractive(Target::BestModel, &items, &[], &entities, crate::pipeline::query::retrieve::Cut::default());
        assert_eq!(text, "The graph records no score of cait on D. Evaluated on D with no score recorded: CaiT-S-24 (no paper recorded for these results).");
    }

    #[test]
    fn named_models_with_no_recorded_score_leave_the_boards_best_as_the_answer() {
        let mut results = vec![result("Best", "Accuracy", "99"), result("ResNet", "Accuracy", "")];
        results[1].value = None;
        let evidence = Evidence { results, ..Evidence::default() };
        let mut entities = Normalized::default();
        entities.methods.push(crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Method,
            text: "resnet".into(),
            canonical: "ResNet".into(),
            aliases: vec![],
            iris: vec!["m:ResNet".into()],
            direction: None,
            link: None,
        });
        let items = best_items(Target::BestModel, &evidence, &entities, &|_| Direction::Higher);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Best"]);
        let text = crate::pipeline::answer::text::extractive(Target::BestModel, &items, &[], &entities, crate::pipeline::query::retrieve::Cut::default());
        assert!(text.starts_with("The graph records no score of ResNet on "), "{text}");
    }

    #[test]
    fn a_choice_between_named_models_gives_each_ones_result_on_every_board() {
        let on = |model: &str, value: &str, board: &str| ResultFact { dataset: Named { iri: board.into(), label: Some(board.into()) }, ..result(model, "Accuracy", value) };
        let evidence = Evidence { results: vec![on("A", "89.6", "D1"), on("B", "87.2", "D1"), on("B", "90.5", "D2"), on("C", "91.2", "D2")], ..Evidence::default() };
        let named = |name: &str| crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Method,
            text: name.to_lowercase(),
            canonical: name.into(),
            aliases: vec![],
            iris: vec![format!("m:{name}")],
            direction: None,
            link: None,
        };
        let entities = Normalized { methods: vec![named("A"), named("B")], ..Normalized::default() };
        let items = best_items(Target::BestModel, &evidence, &entities, &|_| Direction::Higher);
        let said: Vec<String> = items.iter().map(|i| format!("{} {} {}", i.label, i.value.as_deref().unwrap_or(""), i.dataset.as_deref().unwrap_or(""))).collect();
        for want in ["A 89.6 D1", "B 87.2 D1", "B 90.5 D2"] {
            assert!(said.iter().any(|s| s == want), "{want} in {said:?}");
        }
        assert!(!said.iter().any(|s| s.starts_with('C')), "only the models named: {said:?}");
    }

    #[test]
    fn a_named_models_results_off_the_board_named_are_not_its_answer_there() {
        let on = |model: &str, value: &str, board: &str| ResultFact { dataset: Named { iri: board.into(), label: Some(board.into()) }, ..result(model, "Accuracy", value) };
        let evidence = Evidence { results: vec![on("X", "98.6", "Elsewhere"), on("L", "95.4", "D")], ..Evidence::default() };
        let entity = |kind, name: &str| crate::pipeline::front::normalize::NormalizedEntity { kind, text: name.to_lowercase(), canonical: name.into(), aliases: vec![], iris: vec![name.into()], direction: None, link: None };
        let method = |name: &str| NormalizedEntity { iris: vec![format!("m:{name}")], ..entity(crate::pipeline::front::lexicon::EntityKind::Method, name) };
        let entities = Normalized { methods: vec![method("X"), method("L")], datasets: vec![entity(crate::pipeline::front::lexicon::EntityKind::Dataset, "D")], ..Normalized::default() };
        let items = best_items(Target::BestModel, &evidence, &entities, &|_| Direction::Higher);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["L"], "X has no score on D");
        let text = crate::pipeline::answer::text::extractive(Target::BestModel, &items, &[], &entities, crate::pipeline::query::retrieve::Cut::default());
        assert!(text.starts_with("The graph records no score of X on D."), "{text}");
    }

    #[test]
    fn one_named_model_and_no_board_gives_its_best_on_every_board_it_is_on() {
        let on = |model: &str, value: &str, board: &str| ResultFact { dataset: Named { iri: board.into(), label: Some(board.into()) }, ..result(model, "WER", value) };
        let evidence = Evidence { results: vec![on("A", "7.2", "D1"), on("A", "8.9", "D2"), on("B", "6.0", "D2")], ..Evidence::default() };
        let a = crate::pipeline::front::normalize::NormalizedEntity {
            kind: crate::pipeline::front::lexicon::EntityKind::Method,
            text: "a".into(),
            canonical: "A".into(),
            aliases: vec![],
            iris: vec!["m:A".into()],
            direction: None,
            link: None,
        };
        let entities = Normalized { methods: vec![a], ..Normalized::default() };
        for target in [Target::BestModel, Target::TopScore] {
            let items = best_items(target, &evidence, &entities, &|_| Direction::Lower);
            let said: Vec<String> = items.iter().map(|i| format!("{} {}", i.value.as_deref().unwrap_or(""), i.dataset.as_deref().unwrap_or(""))).collect();
            assert_eq!(said, ["7.2 D1", "8.9 D2"], "{target:?}");
        }
        let items = best_items(Target::TopScore, &evidence, &entities, &|_| Direction::Lower);
        let text = crate::pipeline::answer::text::extractive(Target::TopScore, &items, &[], &entities, crate::pipeline::query::retrieve::Cut::default());
        assert!(text.contains("scores of A: WER 7.2 on D1") && text.contains("WER 8.9 on D2"), "{text}");
    }

    #[test]
    fn size_compute_and_time_columns_are_costs_and_scores_are_not() {
        for cost in ["Number of params", "MACs", "GFLOPs", "Search Time (GPU days)", "Inference time"] {
            assert!(is_cost(cost), "{cost}");
        }
        for score in ["Top 1 Accuracy", "Percentage correct", "BLEU score", "Test perplexity"] {
            assert!(!is_cost(score), "{score}");
        }
    }

    fn named_entity(kind: crate::pipeline::front::lexicon::EntityKind, name: &str, iri: &str) -> crate::pipeline::front::normalize::NormalizedEntity {
        crate::pipeline::front::normalize::NormalizedEntity { kind, text: name.into(), canonical: name.into(), aliases: vec![], iris: vec![iri.into()], direction: None, link: None }
    }

    #[test]
    fn what_beat_a_named_model_is_every_better_result_best_first_then_its_own() {
        let results = vec![result("Fucusnet", "Mean IoU", "47.5"), result("Pellucid", "Mean IoU", "41.0"), result("Kelvane", "Mean IoU", "61.4"), result("Marrowfen", "Mean IoU", "55.2")];
        let evidence = Evidence { results, ..Evidence::default() };
        let mut entities = Normalized::default();
        entities.methods.push(named_entity(crate::pipeline::front::lexicon::EntityKind::Method, "Fucusnet", "m:Fucusnet"));
        let items = beaten_items(&evidence, &entities, &|_| Direction::Higher);
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["Kelvane", "Marrowfen", "Fucusnet"], "Pellucid's 41.0 never beat 47.5");
        let lower = beaten_items(&evidence, &entities, &|_| Direction::Lower);
        assert_eq!(lower.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Pellucid", "Fucusnet"]);
    }

    #[test]
    fn a_named_metric_the_board_does_not_record_is_reported_missing() {
        let evidence = Evidence { results: vec![result("Halverin", "chrF", "48.2")], ..Evidence::default() };
        let mut entities = Normalized::default();
        entities.metrics.push(named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "BLEU", "x:BLEU"));
        assert_eq!(metrics_missing(&evidence, &entities), ["BLEU"]);
        entities.metrics[0] = named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "chrf", "x:chrF");
        assert!(metrics_missing(&evidence, &entities).is_empty());
        entities.metrics[0] = named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "error rate", "x:ER");
        let error = Evidence { results: vec![result("VGG", "Error", "0.99")], ..Evidence::default() };
        assert!(metrics_missing(&error, &entities).is_empty(), "a shared word is close enough: Error for error rate");
        entities.metrics[0] = named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "mIoU", "x:Mean IoU");
        let iou = Evidence { results: vec![result("Lumoria", "Mean IoU", "61.5")], ..Evidence::default() };
        assert!(metrics_missing(&iou, &entities).is_empty(), "linked to the very metric the results are by, whatever its words");
        let dice = crate::pipeline::front::normalize::NormalizedEntity { iris: vec![], canonical: "Dice Coefficient".into(), ..named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "Dice score", "") };
        entities.metrics[0] = dice;
        assert_eq!(metrics_missing(&iou, &entities), ["Dice Coefficient"], "a metric the graph does not hold at all is missing too");
        let accuracy = crate::pipeline::front::normalize::NormalizedEntity { iris: vec![], canonical: "Accuracy".into(), aliases: vec!["Accuracy".into(), "percentage correct".into()], ..named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "accuracy", "") };
        entities.metrics[0] = accuracy;
        let correct = Evidence { results: vec![result("Lumoria", "Percentage correct", "99.7")], ..Evidence::default() };
        assert!(metrics_missing(&correct, &entities).is_empty(), "a label the synonym table files under the metric asked is that metric");
        entities.metrics[0] = named_entity(crate::pipeline::front::lexicon::EntityKind::Metric, "best score", "x:Best Score");
        let squad = Evidence { results: vec![result("LUKE", "F1", "95.4")], ..Evidence::default() };
        assert!(metrics_missing(&squad, &entities).is_empty(), "\"best score\" asks for the top, whatever an Atari metric is called");
    }

    #[test]
    fn the_named_models_without_a_score_on_the_named_board_are_said() {
        use crate::pipeline::front::lexicon::EntityKind;
        let mut entities = Normalized { datasets: vec![named_entity(EntityKind::Dataset, "D", "d")], ..Normalized::default() };
        entities.methods = ["Aviquist", "Corrasine", "Plover"].iter().map(|m| named_entity(EntityKind::Method, m, &format!("m:{m}"))).collect();
        let evidence = Evidence { results: vec![result("Aviquist", "WER", "6.8"), result("Corrasine", "WER", "-")], ..Evidence::default() };
        assert_eq!(named_without_score(&evidence, &entities).as_deref(), Some("The graph records no result of Corrasine or Plover on D."), "a '-' is no score");
        entities.methods.truncate(1);
        assert_eq!(named_without_score(&evidence, &entities), None);
        entities.datasets.clear();
        assert_eq!(named_without_score(&evidence, &entities), None, "no board named");
    }

    #[test]
    fn a_result_alone_on_its_metric_is_told_apart_from_a_board_with_several() {
        let given = |r: &ResultFact| {
            let mut item = AnswerItem::new(r.model.as_ref().map_or("", |m| m.display()), None);
            with_result(&mut item, r);
            item
        };
        let alone = Evidence { results: vec![result("Aviquist", "WER", "6.8"), result("Aviquist", "Params", "9M")], ..Evidence::default() };
        assert!(alone_on_their_metrics(&alone, &[given(&alone.results[0])]));
        let unscored = Evidence { results: vec![result("Aviquist", "WER", "6.8"), result("Corrasine", "WER", "-")], ..Evidence::default() };
        assert!(alone_on_their_metrics(&unscored, &[given(&unscored.results[0])]), "an entry without a score is no rival");
        let several = Evidence { results: vec![result("Aviquist", "WER", "6.8"), result("Corrasine", "WER", "7.2")], ..Evidence::default() };
        assert!(!alone_on_their_metrics(&several, &[given(&several.results[1])]));
        assert!(!alone_on_their_metrics(&several, &[]), "nothing given is nothing alone");
    }

    #[test]
    fn a_best_whose_other_recorded_value_another_model_beats_is_followed_by_that_model() {
        let results = vec![result("Aviquist", "WER", "6.8"), result("Aviquist", "WER", "7.9"), result("Corrasine", "WER", "7.2"), result("Plover", "WER", "9.0")];
        let evidence = Evidence { results, ..Evidence::default() };
        let items = best_items(Target::BestModel, &evidence, &Normalized::default(), &|_| Direction::Lower);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Aviquist", "Corrasine"]);
        let undisputed = Evidence { results: vec![result("Aviquist", "WER", "6.8"), result("Aviquist", "WER", "7.0"), result("Corrasine", "WER", "7.2")], ..Evidence::default() };
        let items = best_items(Target::BestModel, &undisputed, &Normalized::default(), &|_| Direction::Lower);
        assert_eq!(items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(), ["Aviquist"], "both values lead: the best stands alone");
    }
}
