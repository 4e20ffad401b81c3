//! The `scigraph` binary: parse the command line, load settings, start logging, dispatch.
//! Everything else lives in the library (`src/lib.rs`).

use clap::Parser;
use scigraph::cli::{self, Cli, Command};
use scigraph::config::Settings;
use scigraph::startup::Application;

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve(&args),
        Command::Ask(args) => ask(&args),
        Command::Eval(cli::EvalCommand::Types(args)) => eval_types(&args),
        Command::Load(args) => {
            scigraph::telemetry::init(LOG_FILTER);
            cli::load(&args)
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The default log filter; `RUST_LOG` (environment or `.env`) replaces it.
const LOG_FILTER: &str = "info,actix_server=warn";

fn ask(args: &cli::AskArgs) -> anyhow::Result<()> {
    let mut settings = Settings::from_env()?;
    // Quiet by default: the answer goes to stdout, only warnings and errors to stderr.
    scigraph::telemetry::init("warn");
    args.backend.apply(&mut settings)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(cli::ask(settings, args))
}

fn eval_types(args: &cli::EvalTypesArgs) -> anyhow::Result<()> {
    let mut settings = Settings::from_env()?;
    scigraph::telemetry::init("warn");
    args.backend.apply(&mut settings)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(cli::eval_types(settings, args))
}

fn serve(args: &cli::ServeArgs) -> anyhow::Result<()> {
    // Settings first: reading them loads `.env`, which may set RUST_LOG.
    let mut settings = Settings::from_env()?;
    scigraph::telemetry::init(LOG_FILTER);
    args.apply(&mut settings)?;
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(settings).await?;
        app.run_until_stopped().await?;
        Ok(())
    })
}
