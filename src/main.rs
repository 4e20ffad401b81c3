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
        Command::Ask(args) => offline(&args.backend, |settings| cli::ask(settings, &args)),
        Command::Eval(cli::EvalCommand::Types(args)) => {
            offline(&args.backend, |settings| cli::eval_types(settings, &args))
        }
        Command::Eval(cli::EvalCommand::Sciqa(args)) => {
            offline(&args.backend, |settings| cli::eval_sciqa(settings, &args))
        }
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

/// Runs a one-shot command (ask, eval) against the backend its flags choose. Quiet by
/// default: results go to stdout, only warnings and errors to stderr.
fn offline<F, Fut>(backend: &cli::BackendArgs, command: F) -> anyhow::Result<()>
where
    F: FnOnce(Settings) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let mut settings = Settings::from_env()?;
    scigraph::telemetry::init("warn");
    backend.apply(&mut settings)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(command(settings))
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
