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
        Command::Eval(cli::EvalCommand::Answers(args)) => {
            offline(&args.backend, |settings| scigraph::eval::answers::run(settings, &args))
        }
        Command::Eval(cli::EvalCommand::Jarvisqa(args)) => {
            offline(&args.backend, |settings| scigraph::eval::jarvisqa::run(settings, &args))
        }
        Command::Eval(cli::EvalCommand::Ablations(args)) => {
            offline(&args.backend, |settings| scigraph::eval::ablations::run(settings, &args))
        }
        Command::Load(args) => {
            scigraph::telemetry::init(LOG_FILTER);
            cli::load(&args)
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", report(&e));
            std::process::ExitCode::FAILURE
        }
    }
}

/// The error and its causes, joined like anyhow's `{:#}`, except that a cause the message
/// before it already ends with is not repeated: several errors show their source in their
/// own message (`could not reach the SPARQL endpoint: {0}`) and also keep it as `source()`.
fn report(error: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in error.chain() {
        let cause = cause.to_string();
        if message.is_empty() {
            message = cause;
        } else if !message.ends_with(&cause) {
            message.push_str(": ");
            message.push_str(&cause);
        }
    }
    message
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

#[cfg(test)]
mod tests {
    use super::report;

    #[derive(Debug, thiserror::Error)]
    #[error("cannot listen on h:1: {0}")]
    struct Bind(#[source] std::io::Error);

    #[test]
    fn a_cause_already_in_the_message_is_not_repeated_but_context_is_kept() {
        let io = std::io::Error::new(std::io::ErrorKind::AddrInUse, "address in use");
        let error = anyhow::Error::new(Bind(io)).context("serving");
        assert_eq!(report(&error), "serving: cannot listen on h:1: address in use");
        assert_eq!(report(&anyhow::anyhow!("plain")), "plain");
    }
}
