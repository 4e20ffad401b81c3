//! The mixed workload at scale: questions of all six types drawn from the synthetic graph
//! `generate` wrote, so that the head of the distribution (the most evaluated datasets,
//! the most used models) is asked about as often as its tail, and names the graph does not
//! hold are asked too. `Facts` is what the generator records while writing (counts and a
//! few evaluations per entity); `questions` turns it into the workload, deterministically
//! for a seed. Pure: no I/O.

use std::collections::HashMap;

use serde::Serialize;

use crate::generate::Pools;

/// An evaluation as written: model, metric (pool indices) and value.
type Eval = (usize, usize, String);

/// How many evaluations per dataset the workload keeps to draw claims and comparisons from.
const KEPT_PER_DATASET: usize = 8;

/// What the generator wrote that questions can be drawn from.
#[derive(Default)]
pub struct Facts {
    /// Evaluations per dataset (counted all, the first few kept).
    dataset_evals: HashMap<usize, (usize, Vec<Eval>)>,
    /// Contributions per model, and whether one of them has code.
    models: HashMap<usize, (usize, bool)>,
    /// Contributions per research problem.
    problems: HashMap<usize, usize>,
    /// Every paper's title, DOI and year.
    papers: Vec<(String, Option<String>, Option<usize>)>,
}

impl Facts {
    pub fn paper(&mut self, title: String, doi: Option<String>, year: Option<usize>) {
        self.papers.push((title, doi, year));
    }

    pub fn contribution(&mut self, problem: usize, model: usize, code: bool) {
        *self.problems.entry(problem).or_default() += 1;
        let m = self.models.entry(model).or_default();
        m.0 += 1;
        m.1 |= code;
    }

    pub fn evaluation(&mut self, dataset: usize, model: usize, metric: usize, value: String) {
        let d = self.dataset_evals.entry(dataset).or_default();
        d.0 += 1;
        if d.1.len() < KEPT_PER_DATASET {
            d.1.push((model, metric, value));
        }
    }
}

/// One question of the workload.
#[derive(Serialize)]
pub struct WorkloadQuestion {
    pub id: String,
    pub question: String,
    /// The type a right classifier gives it.
    pub query_type: &'static str,
    /// What it exercises ("leaderboard_head", "lookup_doi", "absent", ...).
    pub kind: &'static str,
}

/// Entities of one kind ranked by use, most used first (ties by index, so the order is
/// the same on every run).
fn by_use(counts: impl Iterator<Item = (usize, usize)>) -> Vec<usize> {
    let mut ranked: Vec<(usize, usize)> = counts.collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.into_iter().map(|(i, _)| i).collect()
}

/// A small deterministic stream for choosing subjects (splitmix64), which avoids choosing
/// the same subject twice (a repeated question would be a cache hit, not a measurement).
struct Chooser(u64, std::collections::HashSet<(usize, usize)>);
impl Chooser {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
    /// One of the entities ranked in the given band: the head (the forty most used), the
    /// middle, or the tail (the last third of those used at all); a fresh one while any is
    /// left in the band (`ranked`'s address tells pools apart).
    fn band(&mut self, ranked: &[usize], band: Band) -> usize {
        let n = ranked.len().max(1);
        let mut i = self.in_band(n, band);
        for _ in 0..50 {
            if !self.1.contains(&(ranked.as_ptr() as usize, i)) {
                break;
            }
            i = self.in_band(n, band);
        }
        self.1.insert((ranked.as_ptr() as usize, i));
        ranked[i.min(n - 1)]
    }
}

impl Chooser {
    fn in_band(&mut self, n: usize, band: Band) -> usize {
        match band {
            Band::Head => self.below(40.min(n)),
            Band::Middle => n / 3 + self.below((n / 3).max(1)),
            Band::Tail => n - 1 - self.below((n / 3).max(1)),
        }
    }
}

#[derive(Clone, Copy)]
enum Band {
    Head,
    Middle,
    Tail,
}

/// Accumulates questions with running ids.
struct Builder<'a> {
    pools: &'a Pools,
    out: Vec<WorkloadQuestion>,
}

impl Builder<'_> {
    /// Adds a question unless it is already there (a repeat would be a cache hit).
    fn push(&mut self, query_type: &'static str, kind: &'static str, question: String) {
        if self.out.iter().any(|q| q.question == question) {
            return;
        }
        let id = format!("W{:03}", self.out.len() + 1);
        self.out.push(WorkloadQuestion { id, question, query_type, kind });
    }
    fn label<'b>(&'b self, pool: &'b [String], i: usize) -> &'b str {
        self.pools.labels.get(&pool[i]).map(String::as_str).unwrap_or("")
    }
}

/// The workload: `rounds` times about ten questions per type, head and tail alike, and
/// names that are not in the graph. The same facts and seed give the same questions.
pub fn questions(facts: &Facts, pools: &Pools, seed: u64, rounds: usize) -> Vec<WorkloadQuestion> {
    let mut c = Chooser(seed ^ 0x5EED, Default::default());
    let mut b = Builder { pools, out: Vec::new() };
    let datasets = by_use(facts.dataset_evals.iter().map(|(d, (n, _))| (*d, *n)));
    let models = by_use(facts.models.iter().map(|(m, (n, _))| (*m, *n)));
    let problems = by_use(facts.problems.iter().map(|(p, n)| (*p, *n)));
    for round in 0..rounds {
        // A name no pool holds (pools are numbered from 0 and far smaller).
        let absent = 999_999 - round;
        comparisons(&mut b, &mut c, facts, &datasets, absent);
        dataset_questions(&mut b, &mut c, &datasets, &problems, absent);
        claims(&mut b, &mut c, facts, &datasets, absent);
        usage(&mut b, &mut c, facts, &models, &datasets, absent);
        topics(&mut b, &mut c, facts, &problems, absent);
        lookups(&mut b, &mut c, facts, absent);
    }
    b.out
}

fn comparisons(b: &mut Builder, c: &mut Chooser, facts: &Facts, datasets: &[usize], absent: usize) {
    let p = b.pools;
    for band in [Band::Head, Band::Head, Band::Middle, Band::Tail] {
        let d = c.band(datasets, band);
        let kind = if matches!(band, Band::Head) { "leaderboard_head" } else { "leaderboard_tail" };
        b.push("method_comparison", kind, format!("Which model has the best score on the {} dataset?", b.label(&p.datasets, d)));
    }
    for band in [Band::Head, Band::Tail] {
        let d = c.band(datasets, band);
        let metric = facts.dataset_evals[&d].1[0].1;
        b.push("method_comparison", "leaderboard_metric", format!("What is the best {} on {}?", b.label(&p.metrics, metric), b.label(&p.datasets, d)));
    }
    let d = c.band(datasets, Band::Head);
    b.push("method_comparison", "top_k", format!("top 5 models on {}", b.label(&p.datasets, d)));
    for band in [Band::Head, Band::Middle] {
        let d = c.band(datasets, band);
        let evals = &facts.dataset_evals[&d].1;
        let (m1, m2) = (evals[0].0, evals[evals.len() - 1].0);
        b.push("method_comparison", "versus", format!("Which is better on {}: {} or {}?", b.label(&p.datasets, d), b.label(&p.models, m1), b.label(&p.models, m2)));
    }
    b.push("method_comparison", "absent", format!("Which model has the best score on the Dataset quantum {absent} dataset?"));
}

fn dataset_questions(b: &mut Builder, c: &mut Chooser, datasets: &[usize], problems: &[usize], absent: usize) {
    let p = b.pools;
    for band in [Band::Head, Band::Middle, Band::Tail] {
        let t = c.band(problems, band);
        b.push("dataset_search", "task_datasets", format!("Which datasets are used for {}?", b.label(&p.problems, t)));
    }
    for band in [Band::Head, Band::Tail] {
        let d = c.band(datasets, band);
        b.push("dataset_search", "dataset_metrics", format!("What metrics are used to evaluate models on {}?", b.label(&p.datasets, d)));
    }
    for band in [Band::Head, Band::Tail] {
        let d = c.band(datasets, band);
        b.push("dataset_search", "dataset_models", format!("What models are being evaluated on the {} dataset?", b.label(&p.datasets, d)));
    }
    let t = c.band(problems, Band::Head);
    b.push("dataset_search", "task_datasets", format!("benchmarks for {}", b.label(&p.problems, t)));
    b.push("dataset_search", "absent", format!("Which datasets are used for Problem underwater basket weaving {absent}?"));
}

fn claims(b: &mut Builder, c: &mut Chooser, facts: &Facts, datasets: &[usize], absent: usize) {
    let p = b.pools;
    for band in [Band::Head, Band::Middle, Band::Tail] {
        let d = c.band(datasets, band);
        let m = facts.dataset_evals[&d].1[0].0;
        b.push("claim_verification", "claim_best", format!("Is it true that {} achieves the best result on {}?", b.label(&p.models, m), b.label(&p.datasets, d)));
    }
    for band in [Band::Head, Band::Middle] {
        let d = c.band(datasets, band);
        let evals = &facts.dataset_evals[&d].1;
        let (m1, m2) = (evals[0].0, evals[evals.len() - 1].0);
        b.push("claim_verification", "claim_outperforms", format!("{} outperforms {} on {}, right?", b.label(&p.models, m1), b.label(&p.models, m2), b.label(&p.datasets, d)));
    }
    for band in [Band::Head, Band::Tail] {
        let d = c.band(datasets, band);
        let (m, metric, value) = &facts.dataset_evals[&d].1[0];
        let (m, metric) = (b.label(&p.models, *m), b.label(&p.metrics, *metric));
        b.push("claim_verification", "claim_value", format!("Does {m} reach {value} {metric} on {}?", b.label(&p.datasets, d)));
    }
    let d = c.band(datasets, Band::Tail);
    let m = facts.dataset_evals[&d].1[0].0;
    b.push("claim_verification", "claim_relation", format!("{} was evaluated on {}, correct?", b.label(&p.models, m), b.label(&p.datasets, d)));
    if let Some((title, _, Some(year))) = facts.papers.iter().skip(c.below(facts.papers.len())).find(|p| p.2.is_some()) {
        b.push("claim_verification", "claim_year", format!("Was the paper \"{title}\" published in {year}?"));
    }
    b.push("claim_verification", "absent", format!("Model quantum {absent} outperforms Model sparse {absent} on Dataset quantum {absent}, right?"));
}

fn usage(b: &mut Builder, c: &mut Chooser, facts: &Facts, models: &[usize], datasets: &[usize], absent: usize) {
    let p = b.pools;
    for band in [Band::Head, Band::Middle, Band::Tail] {
        let m = c.band(models, band);
        b.push("method_usage", "model_papers", format!("Which papers use {}?", b.label(&p.models, m)));
    }
    let with_code: Vec<usize> = models.iter().copied().filter(|m| facts.models[m].1).collect();
    for band in [Band::Head, Band::Tail] {
        let m = c.band(&with_code, band);
        b.push("method_usage", "model_code", format!("Where can I find code for {}?", b.label(&p.models, m)));
    }
    for band in [Band::Head, Band::Tail] {
        let d = c.band(datasets, band);
        b.push("method_usage", "dataset_code", format!("Where can I find code for models evaluated on {}?", b.label(&p.datasets, d)));
    }
    for band in [Band::Head, Band::Tail] {
        let m = c.band(models, band);
        b.push("method_usage", "model_evaluations", format!("What datasets was {} evaluated on?", b.label(&p.models, m)));
    }
    b.push("method_usage", "absent", format!("Which papers use Model quantum {absent}?"));
}

fn topics(b: &mut Builder, c: &mut Chooser, facts: &Facts, problems: &[usize], absent: usize) {
    let p = b.pools;
    for _ in 0..3 {
        let (title, _, _) = &facts.papers[c.below(facts.papers.len())];
        let words: Vec<&str> = title.split(' ').take(3).collect();
        b.push("topic_search", "topic_title_words", format!("papers on {}", words.join(" ")));
    }
    for band in [Band::Head, Band::Middle, Band::Tail] {
        let t = c.band(problems, band);
        b.push("topic_search", "topic_task", format!("What research exists on {}?", b.label(&p.problems, t)));
    }
    b.push("topic_search", "absent", format!("Find papers on underwater basket weaving {absent}."));
}

fn lookups(b: &mut Builder, c: &mut Chooser, facts: &Facts, absent: usize) {
    let n = facts.papers.len();
    for _ in 0..2 {
        let (title, _, _) = &facts.papers[c.below(n)];
        let part: Vec<&str> = title.split(' ').collect();
        let part = part[part.len().saturating_sub(5)..].join(" ");
        b.push("paper_lookup", "lookup_title_part", format!("find the paper \"{part}\""));
    }
    for _ in 0..3 {
        if let Some((_, Some(doi), _)) = facts.papers.iter().skip(c.below(n)).find(|p| p.1.is_some()) {
            b.push("paper_lookup", "lookup_doi", format!("Which paper has the DOI {doi}?"));
        }
    }
    for _ in 0..2 {
        let (title, _, _) = &facts.papers[c.below(n)];
        b.push("paper_lookup", "lookup_year", format!("When was \"{title}\" published?"));
    }
    b.push("paper_lookup", "absent", format!("Who wrote the paper \"Quantum basket weaving under water {absent}\"?"));
}
