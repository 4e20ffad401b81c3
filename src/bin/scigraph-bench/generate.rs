//! `generate`: a synthetic ORKG-shaped N-Triples graph of a given number of papers, with
//! entity pools sized like ORKG's and reuse skewed like ORKG's (a few datasets and models
//! everywhere, most rarely). Papers have contributions, contributions benchmarks,
//! benchmarks evaluations, in the shape the query templates read. Deterministic for a seed
//! (xorshift64*). Writes the file (gzipped when its name ends in .gz), prints a JSON line.
//! With `--questions`, also writes the mixed workload drawn from the graph it wrote
//! (`workload`): the same seed gives the same graph and the same questions on every machine.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = "50000")]
    papers: usize,
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value = "7")]
    seed: u64,
    /// Also write a mixed workload of questions of all six types drawn from this graph
    /// (JSON Lines: id, question, query_type, kind).
    #[arg(long)]
    questions: Option<PathBuf>,
    /// Rounds of the workload (about ten questions per type each).
    #[arg(long, default_value = "3")]
    rounds: usize,
}

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// Skewed towards small indices, like how often ORKG reuses datasets and models.
    fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        ((n as f64).powf(u) as usize).saturating_sub(1).min(n - 1)
    }
    fn pick(&mut self, pool: &[String]) -> usize {
        self.zipf(pool.len())
    }
}

const WORDS: &[&str] = &[
    "neural", "graph", "learning", "deep", "attention", "transformer", "network", "semantic",
    "knowledge", "retrieval", "adversarial", "robust", "efficient", "scalable", "contrastive",
    "representation", "generative", "reinforcement", "segmentation", "detection", "translation",
    "language", "vision", "multimodal", "sparse", "federated", "benchmark", "evaluation",
    "ontology", "scholarly", "embedding", "reasoning", "temporal", "causal", "probabilistic",
];

const R: &str = "http://orkg.org/orkg/resource/";
const P: &str = "http://orkg.org/orkg/predicate/";
const C: &str = "http://orkg.org/orkg/class/";
const LABEL: &str = "http://www.w3.org/2000/01/rdf-schema#label";
const TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const STR: &str = "http://www.w3.org/2001/XMLSchema#string";
const INT: &str = "http://www.w3.org/2001/XMLSchema#integer";

/// The entities papers point at, by kind.
pub struct Pools {
    fields: Vec<String>,
    pub problems: Vec<String>,
    pub datasets: Vec<String>,
    pub models: Vec<String>,
    pub metrics: Vec<String>,
    /// Their labels, by IRI, for the workload's questions.
    pub labels: std::collections::HashMap<String, String>,
}

/// The output file, the random stream and the resource numbering, written in one order so
/// that a seed always gives the same graph.
struct Generator {
    writer: Box<dyn Write>,
    triples: u64,
    rng: Rng,
    /// The last resource number given to an entity (from R5000001).
    entity_id: u64,
    /// The last resource number given to a paper or a node under it (from R10000001).
    node_id: u64,
    /// What was written that the workload asks about.
    facts: crate::workload::Facts,
}

impl Generator {
    fn create(out: &Path, seed: u64) -> Result<Self> {
        let file = std::fs::File::create(out)?;
        let writer: Box<dyn Write> = if out.extension().is_some_and(|e| e == "gz") {
            Box::new(flate2::write::GzEncoder::new(std::io::BufWriter::new(file), flate2::Compression::fast()))
        } else {
            Box::new(std::io::BufWriter::new(file))
        };
        Ok(Self { writer, triples: 0, rng: Rng(seed.max(1)), entity_id: 5_000_000, node_id: 10_000_000, facts: Default::default() })
    }

    fn w(&mut self, line: String) -> Result<()> {
        self.triples += 1;
        self.writer.write_all(line.as_bytes())?;
        Ok(())
    }

    /// A new resource of `class` (and Resource), as `<iri> a <class>, <Resource>`.
    fn typed(&mut self, iri: &str, class: &str) -> Result<()> {
        self.w(format!("<{iri}> <{TYPE}> <{C}{class}> .\n"))?;
        self.w(format!("<{iri}> <{TYPE}> <{C}Resource> .\n"))
    }

    fn fresh(&mut self) -> String {
        self.node_id += 1;
        format!("{R}R{}", self.node_id)
    }

    /// `count` labelled entities of `class`, labels "{prefix} {word} {i}".
    fn entities(&mut self, class: &str, count: usize, prefix: &str, labels: &mut std::collections::HashMap<String, String>) -> Result<Vec<String>> {
        let mut iris = Vec::with_capacity(count);
        for i in 0..count {
            self.entity_id += 1;
            let iri = format!("{R}R{}", self.entity_id);
            self.typed(&iri, class)?;
            let word = WORDS[self.rng.below(WORDS.len())];
            let label = format!("{prefix} {word} {i}");
            self.w(format!("<{iri}> <{LABEL}> \"{label}\"^^<{STR}> .\n"))?;
            labels.insert(iri.clone(), label);
            iris.push(iri);
        }
        Ok(iris)
    }

    /// Entity pools sized like ORKG's (per 50,000 papers).
    fn pools(&mut self, papers: usize) -> Result<Pools> {
        let scale = papers as f64 / 50_000.0;
        let pool = |n: f64| ((n * scale) as usize).max(10);
        let mut labels = std::collections::HashMap::new();
        Ok(Pools {
            fields: self.entities("ResearchField", pool(700.0), "Field", &mut labels)?,
            problems: self.entities("Problem", pool(8000.0), "Problem", &mut labels)?,
            datasets: self.entities("Dataset", pool(6000.0), "Dataset", &mut labels)?,
            models: self.entities("Model", pool(12000.0), "Model", &mut labels)?,
            metrics: self.entities("Metric", pool(400.0), "Metric", &mut labels)?,
            labels,
        })
    }

    /// Paper `i`: title, two thirds with a DOI, a quarter with a year (the mirror's
    /// proportions, roughly), a field and one to four contributions.
    fn paper(&mut self, i: usize, pools: &Pools) -> Result<()> {
        let paper = self.fresh();
        self.typed(&paper, "Paper")?;
        let words: Vec<&str> = (0..6 + self.rng.below(6)).map(|_| WORDS[self.rng.below(WORDS.len())]).collect();
        let title = format!("{} {i}", words.join(" "));
        self.w(format!("<{paper}> <{LABEL}> \"{title}\"^^<{STR}> .\n"))?;
        let mut doi = None;
        if self.rng.below(3) > 0 {
            let d = format!("10.{}/synthetic.{i}", 1000 + self.rng.below(9000));
            self.w(format!("<{paper}> <{P}P26> \"{d}\"^^<{STR}> .\n"))?;
            doi = Some(d);
        }
        let mut year = None;
        if self.rng.below(4) == 0 {
            let y = 2000 + self.rng.below(26);
            self.w(format!("<{paper}> <{P}P29> \"{y}\"^^<{INT}> .\n"))?;
            year = Some(y);
        }
        self.facts.paper(title, doi, year);
        let field = format!("<{paper}> <{P}P30> <{}> .\n", pools.fields[self.rng.pick(&pools.fields)]);
        self.w(field)?;
        for c in 0..1 + self.rng.below(4) {
            self.contribution(&paper, c, pools)?;
        }
        Ok(())
    }

    /// Contribution `c` of `paper`: a problem, a model, code for half, one to four benchmarks.
    fn contribution(&mut self, paper: &str, c: usize, pools: &Pools) -> Result<()> {
        let cont = self.fresh();
        self.w(format!("<{paper}> <{P}P31> <{cont}> .\n"))?;
        self.typed(&cont, "Contribution")?;
        self.w(format!("<{cont}> <{LABEL}> \"Contribution {}\"^^<{STR}> .\n", c + 1))?;
        let problem = self.rng.pick(&pools.problems);
        self.w(format!("<{cont}> <{P}P32> <{}> .\n", pools.problems[problem]))?;
        let model = self.rng.pick(&pools.models);
        self.w(format!("<{cont}> <{P}HAS_MODEL> <{}> .\n", pools.models[model]))?;
        let code = self.rng.below(2) == 0;
        if code {
            let code = format!("<{cont}> <{P}HAS_SOURCE_CODE> \"https://github.com/synthetic/repo{}\"^^<{STR}> .\n", self.rng.below(100_000));
            self.w(code)?;
        }
        self.facts.contribution(problem, model, code);
        for _ in 0..1 + self.rng.below(4) {
            self.benchmark(&cont, model, pools)?;
        }
        Ok(())
    }

    /// A benchmark of `cont` on a dataset, with one to four evaluations (metric, value).
    fn benchmark(&mut self, cont: &str, model: usize, pools: &Pools) -> Result<()> {
        let bench = self.fresh();
        self.w(format!("<{cont}> <{P}HAS_BENCHMARK> <{bench}> .\n"))?;
        self.typed(&bench, "Benchmark")?;
        let dataset = self.rng.pick(&pools.datasets);
        self.w(format!("<{bench}> <{P}HAS_DATASET> <{}> .\n", pools.datasets[dataset]))?;
        for _ in 0..1 + self.rng.below(4) {
            let eval = self.fresh();
            self.w(format!("<{bench}> <{P}HAS_EVALUATION> <{eval}> .\n"))?;
            self.typed(&eval, "Evaluation")?;
            let metric = self.rng.pick(&pools.metrics);
            self.w(format!("<{eval}> <{P}HAS_METRIC> <{}> .\n", pools.metrics[metric]))?;
            let value = format!("{}.{}", self.rng.below(100), self.rng.below(100));
            self.w(format!("<{eval}> <{P}HAS_VALUE> \"{value}\"^^<{STR}> .\n"))?;
            self.facts.evaluation(dataset, model, metric, value);
        }
        Ok(())
    }
}

pub fn run(args: &Args) -> Result<()> {
    let mut generator = Generator::create(&args.out, args.seed)?;
    let pools = generator.pools(args.papers)?;
    for i in 0..args.papers {
        generator.paper(i, &pools)?;
    }
    generator.writer.flush()?;
    let triples = generator.triples;
    let facts = std::mem::take(&mut generator.facts);
    // Dropping the writer finishes the gzip stream.
    drop(generator);
    let mut report = json!({ "papers": args.papers, "triples": triples, "file": args.out.display().to_string() });
    if let Some(path) = &args.questions {
        let questions = crate::workload::questions(&facts, &pools, args.seed, args.rounds);
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        for q in &questions {
            serde_json::to_writer(&mut out, q)?;
            out.write_all(b"\n")?;
        }
        out.flush()?;
        report["questions"] = json!({ "file": path.display().to_string(), "count": questions.len() });
    }
    println!("{report}");
    Ok(())
}
