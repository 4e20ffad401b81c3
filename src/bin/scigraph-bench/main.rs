//! `scigraph-bench`: the measurements behind BENCHMARKS.md, as one tool.
//!
//! - `service`: starts the real `scigraph serve` (a child process, so its peak RSS is its
//!   own) on a dump, replays questions at each concurrency (a fresh server per level, so every
//!   level starts with a cold cache), then replays once more to time the cache-hit path; the
//!   same SPARQL queries the service ran are then timed straight on an oxigraph store, giving
//!   the service's overhead as a ratio.
//! - `soak`: many requests at high concurrency on one server: errors and memory over time.
//! - `load`: scigraph's loader against oxigraph's own bulk loader on the same file.
//! - `generate`: a synthetic ORKG-shaped graph of a given size (deterministic).
//! - `scale`: loading a large graph, and what IRI linking buys over label scans there.
//! - `mixed`: the workload users hit at scale (all six types, head and tail, names the
//!   graph lacks; written by `generate --questions`) on a dump, a store or an endpoint,
//!   through HTTP at each concurrency, optionally in process, with per-type figures.
//!
//! This file parses the command line and dispatches; each subcommand has its own module,
//! and `common` holds what they share (figures, the server child). Every subcommand prints
//! its figures as JSON on stdout. No timing here is asserted anywhere; the figures are for
//! reading.

mod common;
mod generate;
mod load;
mod mixed;
mod scale;
mod service;
mod soak;
mod workload;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "scigraph-bench", about = "Benchmarks of the scigraph service, store and loader")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Replay questions against `scigraph serve` at several concurrencies.
    Service(service::Args),
    /// Many requests at high concurrency on one server: 5xx, lost requests, memory over time.
    Soak(soak::Args),
    /// scigraph's loader against oxigraph's bulk loader on the same file.
    Load(load::Args),
    /// Write a synthetic ORKG-shaped N-Triples graph (gzipped when the name ends in .gz).
    Generate(generate::Args),
    /// Load a (large) graph, then time leaderboards anchored by IRI against label scans.
    Scale(scale::Args),
    /// The mixed workload (`generate --questions`) through HTTP (and in process), per type.
    Mixed(mixed::Args),
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    match cli.command {
        Cmd::Service(args) => runtime.block_on(service::run(&args)),
        Cmd::Soak(args) => runtime.block_on(soak::run(&args)),
        Cmd::Load(args) => load::run(&args),
        Cmd::Generate(args) => generate::run(&args),
        Cmd::Scale(args) => scale::run(&args),
        Cmd::Mixed(args) => runtime.block_on(mixed::run(&args)),
    }
}
