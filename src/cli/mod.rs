//! The command line: argument types (clap) and the code behind each subcommand.
//!
//! `serve` starts the HTTP service; `load` fills an on-disk store from dump files; `ask`
//! runs the question pipeline once and prints the answer; `eval` hands over to
//! `crate::eval`, which owns the evaluations. Flags override the environment and `.env`
//! (see `config`). `main.rs` only parses, sets up logging and dispatches here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use url::Url;

use crate::config::{BackendKind, ConfigError, Settings};
use crate::kg::load::{Progress, SkippedLine};

#[cfg(feature = "rocksdb")]
mod load;
#[cfg(feature = "rocksdb")]
pub use load::load;

/// `scigraph load` without the `rocksdb` feature: there is no on-disk store to load into.
#[cfg(not(feature = "rocksdb"))]
pub fn load(args: &LoadArgs) -> anyhow::Result<()> {
    let _ = args;
    anyhow::bail!(crate::kg::ConnectError::RocksDbFeatureMissing)
}

#[derive(Debug, Parser)]
#[command(name = "scigraph", version, about = "Cited answers about scientific papers from the Open Research Knowledge Graph")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the HTTP API (GET /health). With no backend flags: the bundled demo graph.
    Serve(ServeArgs),
    /// Load N-Triples, N-Quads or Turtle files (optionally .gz) into an on-disk store.
    Load(LoadArgs),
    /// Answer one question from the command line (offline against a dump or store).
    Ask(AskArgs),
    /// Measure the pipeline against gold question sets.
    #[command(subcommand)]
    Eval(EvalCommand),
}

#[derive(Debug, Subcommand)]
pub enum EvalCommand {
    /// Query-type accuracy and entity precision/recall on a JSON Lines gold file.
    Types(EvalTypesArgs),
    /// SciQA: answer_items against the recorded answers (micro P/R/F1, exact match).
    Sciqa(EvalSciqaArgs),
    /// Answers to questions in researchers' words: type accuracy, gold recall, precision,
    /// verdict accuracy and abstention, per type.
    Answers(EvalAnswersArgs),
    /// Questions over ORKG comparison tables (JarvisQA's ORKG-QA CSV, or a JSON Lines
    /// comparison set): accuracy per question kind, with each question's table given and
    /// without it.
    Jarvisqa(EvalJarvisqaArgs),
    /// What each trust switch, gate and the retry is worth: the trust and answer gold sets
    /// asked with each switched off in turn, and all off.
    Ablations(EvalAblationsArgs),
}

#[derive(Debug, Args)]
pub struct EvalAblationsArgs {
    /// A trust gold file (JSON Lines; each question names its fixture graph, a file beside
    /// it). Repeatable. Default: eval/gold/trust/trust-dev.jsonl and trust-sealed.jsonl.
    #[arg(long = "trust", value_name = "FILE")]
    pub trust: Vec<PathBuf>,
    /// An answer gold file, asked of the backend the flags choose (the mirror). Repeatable.
    /// Default: eval/gold/answers.jsonl and answers-sealed.jsonl.
    #[arg(long = "answers", value_name = "FILE")]
    pub answers: Vec<PathBuf>,
    /// Ask the trust gold set only (it brings its own graphs; no backend flag is needed).
    #[arg(long, conflicts_with = "answers")]
    pub trust_only: bool,
    /// Write the full report (with per-question detail) as JSON here.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Also write the tables as a Markdown section here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Fail (exit 1) when the full system's false-pass rate on the trust set is above this.
    #[arg(long, value_name = "X")]
    pub max_false_pass: Option<f64>,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct EvalJarvisqaArgs {
    /// JarvisQA's `ORKG-QA-DS.csv`, or a JSON Lines set (question, table, kind, answer).
    #[arg(long, value_name = "FILE")]
    pub questions: PathBuf,
    /// Write the full report (with per-question detail) as JSON here.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Also write the table as a Markdown section here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Only the first N questions.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Fail (exit 1) when the accuracy with the table given is below this.
    #[arg(long, value_name = "X")]
    pub min_accuracy: Option<f64>,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct EvalAnswersArgs {
    /// The gold file (JSON Lines: question, query_type, in_graph, gold, gold_complete, verdict).
    #[arg(long, value_name = "FILE")]
    pub questions: PathBuf,
    /// Write the full report (with per-question detail) as JSON here.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Also write the table as a Markdown section here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Only the first N questions.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Fail (exit 1) when the overall gold recall is below this.
    #[arg(long, value_name = "X")]
    pub min_recall: Option<f64>,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct EvalSciqaArgs {
    /// SciQA questions.json.
    #[arg(long, value_name = "Q.json")]
    pub questions: PathBuf,
    /// SciQA answers.json (SPARQL results form).
    #[arg(long, value_name = "A.json")]
    pub answers: PathBuf,
    /// Write the full report (with per-question detail) as JSON here.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Only the first N questions.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Ask SciQA's paraphrases of each question instead of the question itself.
    #[arg(long)]
    pub paraphrased: bool,
    /// Also write the summary as a Markdown section here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Fail (exit 1) when the templated questions' micro F1 is below this.
    #[arg(long, value_name = "F1")]
    pub min_f1: Option<f64>,
    /// Use the configured LLM (SCIGRAPH_LLM_PROVIDER) in every stage it serves, text-to-SPARQL
    /// included; without it the run is deterministic whatever the environment says.
    #[arg(long)]
    pub llm: bool,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct EvalTypesArgs {
    /// The gold file (JSON Lines with question, query_type, entities).
    #[arg(long, value_name = "FILE")]
    pub questions: PathBuf,
    /// Also write the full report (with every miss) as JSON here.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Also write the summary as a Markdown section here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Fail (exit 1) when type accuracy is below this fraction.
    #[arg(long, value_name = "FRACTION")]
    pub min_accuracy: Option<f64>,
    /// Score the configured LLM's extraction and classification (with the pipeline's
    /// grounding and fallbacks) instead of the rules alone. Needs SCIGRAPH_LLM_PROVIDER.
    #[arg(long)]
    pub llm: bool,
    /// Only the first N questions.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct AskArgs {
    /// The question, in quotes.
    #[arg(value_name = "QUESTION")]
    pub question: String,
    /// Print the same JSON as `POST /ask` instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub backend: BackendArgs,
}

/// Where the knowledge graph comes from; shared by every command that queries one.
#[derive(Debug, Args, Default, Clone)]
pub struct BackendArgs {
    /// Load this dump into memory (repeatable). Implies the embedded backend.
    #[arg(long = "dump", value_name = "FILE")]
    pub dumps: Vec<PathBuf>,
    /// Open an on-disk store made by `scigraph load` (needs the `rocksdb` feature).
    #[arg(long, value_name = "DIR")]
    pub store: Option<PathBuf>,
    /// Query this SPARQL 1.1 endpoint instead of an embedded store.
    #[arg(long, value_name = "URL")]
    pub endpoint: Option<String>,
}

#[derive(Debug, Args, Default, Clone)]
pub struct ServeArgs {
    /// Address to listen on, as HOST:PORT (default 127.0.0.1:8000, or SCIGRAPH_HOST/PORT).
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<String>,
    #[command(flatten)]
    pub backend: BackendArgs,
}

#[derive(Debug, Args)]
pub struct LoadArgs {
    /// The store directory, created if absent. The load builds a complete new store beside
    /// the one served and swaps it in at the end: stopped at any moment, the old one stays.
    #[arg(long, value_name = "DIR")]
    pub store: PathBuf,
    /// Add the files to the store served instead of replacing it. In place, so not atomic: a
    /// stopped append leaves the store marked, and /health degraded, until it is loaded again.
    #[arg(long)]
    pub append: bool,
    /// Stop at the first malformed statement or file cut short, loading nothing, instead of
    /// reporting and skipping it.
    #[arg(long)]
    pub strict: bool,
    /// The files to load.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

impl BackendArgs {
    /// Applies the flags over the settings: `--endpoint` means remote, `--dump`/`--store`
    /// mean embedded, and mixing the two is refused rather than guessed at.
    pub fn apply(&self, settings: &mut Settings) -> Result<(), ConfigError> {
        let embedded = !self.dumps.is_empty() || self.store.is_some();
        if let Some(endpoint) = &self.endpoint {
            if embedded {
                return Err(ConfigError::new(
                    "--endpoint",
                    endpoint,
                    "cannot be combined with --dump or --store; pick one backend",
                ));
            }
            let url = Url::parse(endpoint)
                .map_err(|e| ConfigError::new("--endpoint", endpoint, format!("not a URL: {e}")))?;
            settings.kg.backend = BackendKind::Remote;
            settings.kg.endpoint = url;
        }
        if embedded {
            settings.kg.backend = BackendKind::Embedded;
            settings.kg.dumps = self.dumps.clone();
            settings.kg.store = self.store.clone();
        }
        Ok(())
    }
}

impl ServeArgs {
    pub fn apply(&self, settings: &mut Settings) -> Result<(), ConfigError> {
        if let Some(bind) = &self.bind {
            let (host, port) = bind
                .rsplit_once(':')
                .ok_or_else(|| ConfigError::new("--bind", bind, "expected HOST:PORT, e.g. 127.0.0.1:8000"))?;
            let port = port
                .parse()
                .map_err(|_| ConfigError::new("--bind", bind, "the port must be a number from 0 to 65535"))?;
            let host = host.trim_start_matches('[').trim_end_matches(']');
            if host.is_empty() {
                return Err(ConfigError::new("--bind", bind, "expected HOST:PORT, e.g. 127.0.0.1:8000"));
            }
            settings.server.host = host.to_owned();
            settings.server.port = port;
        }
        self.backend.apply(settings)
    }
}

/// Draws the load progress on stderr (hidden when stderr is not a terminal) and reports
/// each skipped statement.
pub struct ProgressBar {
    bar: indicatif::ProgressBar,
}

impl ProgressBar {
    pub fn new() -> Self {
        let bar = indicatif::ProgressBar::new_spinner();
        let style = indicatif::ProgressStyle::with_template(
            "{spinner} {human_pos} statements  {per_sec}  {elapsed_precise}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        Self { bar }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Default for ProgressBar {
    fn default() -> Self {
        Self::new()
    }
}

impl Progress for ProgressBar {
    fn statements(&self, loaded: u64) {
        self.bar.set_position(loaded);
    }

    fn skipped(&self, line: &SkippedLine) {
        let at = line.line.map(|l| format!(":{l}")).unwrap_or_default();
        self.bar.suspend(|| eprintln!("skipped {}{at}: {}", line.path.display(), line.reason));
    }

}

/// Says on stderr what is wrong with the on-disk store an offline command reads, as `/health`
/// would: answers from a partial store must not pass for whole ones.
pub(crate) fn warn_store(kg: &dyn crate::kg::KnowledgeGraph) {
    for problem in kg.store_report().map(|r| r.problems).unwrap_or_default() {
        eprintln!("warning: the store is degraded ({}): {}", problem.code, problem.message);
    }
}

/// Writes to stdout; a closed pipe (`scigraph ask ... | head`) ends output quietly.
pub(crate) fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// `scigraph ask`: one question through the same pipeline as `POST /ask`.
pub async fn ask(settings: Settings, args: &AskArgs) -> anyhow::Result<()> {
    use crate::pipeline::{Pipeline, Question};

    let question = Question::parse(&args.question, settings.server.max_question_chars)?;
    let kg = crate::kg::connect(&settings.kg).await?;
    warn_store(kg.as_ref());
    let llm = crate::llm::from_settings(&settings.llm)?;
    let pipeline = Pipeline::build(&settings, kg, llm).await?;
    let response = pipeline.ask(&question).await;
    if args.json {
        return emit(&format!("{}\n", serde_json::to_string_pretty(&response)?));
    }
    let mut out = format!("{}\n\n", response.answer);
    if !response.answer_items.is_empty() {
        out.push_str("Answer items:\n");
        for item in &response.answer_items {
            let value = item.value.as_deref().map(|v| format!(" = {v}")).unwrap_or_default();
            let cited: String = item.sources.iter().map(|n| format!("[{n}]")).collect();
            out.push_str(&format!("  - {}{value} {cited}\n", item.label));
        }
        out.push('\n');
    }
    if !response.sources.is_empty() {
        out.push_str("Sources:\n");
        for s in &response.sources {
            let year = s.year.map(|y| format!(" ({y})")).unwrap_or_default();
            let doi = s.doi.as_deref().map(|d| format!(" doi:{d}")).unwrap_or_default();
            out.push_str(&format!("  [{}] {}{year}{doi} <{}>\n", s.n, s.title, s.iri));
        }
        out.push('\n');
    }
    let query_type = serde_json::to_value(response.query_type)?;
    out.push_str(&format!(
        "query type: {} ({:?}); strategies: {}\n",
        query_type.as_str().unwrap_or("?"),
        response.query_type_source,
        response.strategies_used.iter().map(|s| format!("{}={:?}", s.name, s.status)).collect::<Vec<_>>().join(", ")
    ));
    emit(&out)?;
    for warning in &response.warnings {
        eprintln!("warning: {warning}");
    }
    Ok(())
}

/// `scigraph eval types`: scores classification and keyword extraction on a gold file.
pub async fn eval_types(settings: Settings, args: &EvalTypesArgs) -> anyhow::Result<()> {
    crate::eval::types::run(settings, args).await
}

/// `scigraph eval sciqa`: the full pipeline on SciQA questions, scored on answer_items.
pub async fn eval_sciqa(settings: Settings, args: &EvalSciqaArgs) -> anyhow::Result<()> {
    crate::eval::sciqa::run(settings, args).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn defaults() -> Settings {
        Settings::from_lookup(|_| None).unwrap()
    }

    fn parse(args: &[&str]) -> Cli {
        Cli::try_parse_from(args).unwrap()
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn serve_flags_override_the_settings() {
        let cli = parse(&["scigraph", "serve", "--bind", "0.0.0.0:9000", "--dump", "a.nt", "--dump", "b.nt.gz"]);
        let Command::Serve(args) = cli.command else { panic!("expected serve") };
        let mut settings = defaults();
        args.apply(&mut settings).unwrap();
        assert_eq!(settings.server.host, "0.0.0.0");
        assert_eq!(settings.server.port, 9000);
        assert_eq!(settings.kg.backend, BackendKind::Embedded);
        assert_eq!(settings.kg.dumps.len(), 2);
    }

    #[test]
    fn endpoint_selects_the_remote_backend() {
        let Command::Serve(args) = parse(&["scigraph", "serve", "--endpoint", "http://127.0.0.1:8890/sparql"]).command
        else {
            panic!("expected serve")
        };
        let mut settings = defaults();
        args.apply(&mut settings).unwrap();
        assert_eq!(settings.kg.backend, BackendKind::Remote);
        assert_eq!(settings.kg.endpoint.as_str(), "http://127.0.0.1:8890/sparql");
    }

    #[test]
    fn contradictory_or_malformed_flags_are_refused_with_the_flag_named() {
        let cases: [&[&str]; 4] = [
            &["scigraph", "serve", "--endpoint", "http://x/sparql", "--dump", "a.nt"],
            &["scigraph", "serve", "--bind", "8000"],
            &["scigraph", "serve", "--bind", "127.0.0.1:http"],
            &["scigraph", "serve", "--endpoint", "nope"],
        ];
        for argv in cases {
            let Command::Serve(args) = parse(argv).command else { panic!("expected serve") };
            let err = args.apply(&mut defaults()).expect_err(&argv.join(" "));
            assert!(err.variable.starts_with("--"), "{err}");
        }
    }

    #[test]
    fn load_requires_a_store_and_at_least_one_file() {
        assert!(Cli::try_parse_from(["scigraph", "load", "a.nt"]).is_err());
        assert!(Cli::try_parse_from(["scigraph", "load", "--store", "d"]).is_err());
        let Command::Load(args) = parse(&["scigraph", "load", "--store", "d", "--strict", "a.nt", "b.ttl"]).command
        else {
            panic!("expected load")
        };
        assert!(args.strict);
        assert_eq!(args.files.len(), 2);
    }
}
