//! `scigraph load`: builds an on-disk store from dump files, or adds to one, and says what
//! it did.
//!
//! By default a load is atomic (see `kg::store` for the layout and why the swap holds): it
//! takes the store directory's load lock, builds a complete new generation beside the one
//! served (the bulk load, a compaction, a check that the store reopened from disk holds the
//! count the loader made, the text index, the board summaries, the precomputed rows and,
//! last, the manifest), syncs it to disk and swaps it in. Whatever stops it first (an error,
//! a full disk, SIGINT or SIGTERM, which it catches to clean up, or SIGKILL, which it cannot)
//! leaves the previous generation served; the partial one is removed then, or by the next
//! load. `--append` adds to the generation served, in place: it is refused while a process
//! serves that generation, and it marks the generation until it has finished, so that a
//! stopped append shows as `store_append_interrupted` rather than as a whole store.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::{LoadArgs, ProgressBar};

/// `scigraph load`: replaces the store atomically, or adds to it with `--append`.
pub fn load(args: &LoadArgs) -> anyhow::Result<()> {
    #[cfg(feature = "failpoints")]
    let _faults = fail::FailScenario::setup();
    let stop = stop_on_signals()?;
    let lock = crate::kg::store::LoadLock::acquire(&args.store)?;
    if args.append {
        append(args, &lock, &stop)
    } else {
        replace(args, &lock, &stop)
    }
}

/// The first SIGINT or SIGTERM asks the load to stop at its next check and clean up; a second
/// one ends the process at once (the partial generation is then removed by the next load).
fn stop_on_signals() -> anyhow::Result<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        // Registered first, so it sees the flag as the previous signal left it.
        signal_hook::flag::register_conditional_shutdown(signal, 130, stop.clone())?;
        signal_hook::flag::register(signal, stop.clone())?;
    }
    Ok(stop)
}

/// What the directory serves, in words, for the messages after a load that did not finish.
fn serving(root: &Path, generation: Option<&str>) -> String {
    let Some(name) = generation else {
        return format!("the load did not finish, so {} still holds no finished store", root.display());
    };
    let manifest = crate::kg::manifest::Manifest::open(&crate::kg::manifest::beside(&crate::kg::store::db(root, name)));
    match manifest {
        Ok(Some(m)) => format!("the load did not finish, so the store at {} is unchanged: it still serves {name} ({} triples)", root.display(), m.triples),
        _ => format!("the load did not finish, so the store at {} is unchanged: it still serves {name}", root.display()),
    }
}

/// A load that failed, with what happened to the store and, for a full disk, what to do.
fn failed(error: anyhow::Error, root: &Path, served: Option<&str>, partial: &Path) -> anyhow::Error {
    let removed = match std::fs::remove_dir_all(partial) {
        Ok(()) => "the partial copy was removed".to_owned(),
        Err(e) => format!("the partial copy {} could not be removed ({e}); the next load removes it", partial.display()),
    };
    let mut message = format!("{}, and {removed}", serving(root, served));
    if disk_full(&error) {
        let used = served.map(|name| crate::kg::store::size_of(&root.join(name))).unwrap_or(0);
        message = format!(
            "the disk holding {} filled up during the load; {message}. A load builds the new store \
             beside the one served, so it needs room for both (the one served takes {} MB): free \
             space and load again",
            root.display(),
            used / 1_000_000
        );
    } else if interrupted(&error) {
        message = format!("stopped by a signal: {message}");
    }
    error.context(message)
}

/// Whether a failure anywhere in the chain is a full disk.
fn disk_full(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|e| e.raw_os_error() == Some(28) || e.kind() == std::io::ErrorKind::StorageFull)
            || crate::kg::load::disk_full(&cause.to_string())
    })
}

fn interrupted(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| matches!(cause.downcast_ref::<crate::kg::load::LoadError>(), Some(crate::kg::load::LoadError::Interrupted)))
}

/// Ends the load when a signal asked it to, between two of its steps.
fn check(stop: &AtomicBool) -> anyhow::Result<()> {
    if stop.load(Ordering::Relaxed) {
        return Err(crate::kg::load::LoadError::Interrupted.into());
    }
    Ok(())
}

fn replace(args: &LoadArgs, lock: &crate::kg::store::LoadLock, stop: &Arc<AtomicBool>) -> anyhow::Result<()> {
    let root = lock.root();
    let previous = lock.active()?;
    // Generations left by loads that were stopped, or replaced and no longer served.
    let collected = lock.collect(previous.as_deref())?;
    if !collected.removed.is_empty() {
        println!("removed {} (left by an earlier load that did not finish, or no longer served)", collected.removed.join(", "));
    }
    let name = lock.new_generation()?;
    let dir = root.join(&name);
    let db = crate::kg::store::db(root, &name);
    let built = build(args, &db, None, stop).and_then(|report| {
        check(stop)?;
        crate::kg::store::sync_tree(&dir)?;
        Ok(report)
    });
    let triples = match built {
        Ok(triples) => triples,
        Err(e) => return Err(failed(e, root, previous.as_deref(), &dir)),
    };
    lock.swap(&name)?;
    match &previous {
        Some(old) => println!("the store at {} now serves {name}, which holds {triples} triples, in place of {old}", root.display()),
        None => println!("the store at {} now serves {name}, which holds {triples} triples", root.display()),
    }
    // Where the crash tests stop a load just after its swap.
    fail::fail_point!("load-swapped");
    let collected = lock.collect(Some(&name))?;
    if !collected.in_use.is_empty() {
        println!(
            "{} is still served by a running scigraph: restart it to serve the new store (the next \
             load removes the old one once nothing serves it)",
            collected.in_use.join(", ")
        );
    }
    Ok(())
}

fn append(args: &LoadArgs, lock: &crate::kg::store::LoadLock, stop: &Arc<AtomicBool>) -> anyhow::Result<()> {
    use crate::kg::manifest::{beside, Manifest};
    let root = lock.root();
    let Some(name) = lock.active()? else {
        return Err(crate::kg::store::StoreError::NothingToAppend(root.to_owned()).into());
    };
    let appending = lock.append_to(&name)?;
    let db = crate::kg::store::db(root, &name);
    let previous = Manifest::open(&beside(&db)).unwrap_or_else(|e| {
        // The new manifest still records this load; only the older loads' files are lost.
        eprintln!("warning: {e}; writing a new manifest");
        None
    });
    match build(args, &db, previous, stop) {
        Ok(triples) => {
            appending.finish()?;
            println!("the store at {} ({name}) now holds {triples} triples", root.display());
            Ok(())
        }
        // Nothing reaches the store before the bulk loader's final commit.
        Err(e) if before_commit(&e) => {
            appending.finish()?;
            Err(e.context(format!("{} (nothing was added)", serving(root, Some(&name)))))
        }
        Err(e) => Err(e.context(format!(
            "the store at {} may be partly changed: `serve` reports it degraded \
             (store_append_interrupted) until it is loaded again without --append",
            root.display()
        ))),
    }
}

/// Whether a failure came before the bulk loader committed anything.
fn before_commit(error: &anyhow::Error) -> bool {
    use crate::kg::load::LoadError;
    match error.downcast_ref::<LoadError>() {
        Some(LoadError::Store(_)) | None => false,
        Some(_) => true,
    }
}

/// Loads `args.files` into the store at `db` (created if absent), compacts it, checks its
/// count as reopened from disk, and writes everything kept beside it, the manifest last.
/// Returns the triples it holds.
fn build(args: &LoadArgs, db: &Path, previous: Option<crate::kg::manifest::Manifest>, stop: &Arc<AtomicBool>) -> anyhow::Result<u64> {
    use crate::kg::load::{load_files, LoadOptions};
    use anyhow::Context;

    std::fs::create_dir_all(db).with_context(|| format!("cannot create the store directory {}", db.display()))?;
    let store = oxigraph::store::Store::open(db).with_context(|| format!("cannot open or create the store at {}", db.display()))?;
    let started = Instant::now();
    let progress = ProgressBar::new();
    let options = LoadOptions { strict: args.strict, stop: Some(stop.clone()) };
    let result = load_files(&store, &args.files, options, &progress);
    progress.finish();
    let report = result?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "loaded {} statements from {} file(s) in {:.1}s ({:.0} statements/s)",
        report.statements,
        args.files.len(),
        seconds,
        report.statements as f64 / seconds.max(1e-9)
    );
    println!("skipped {} malformed statement(s)", report.skipped);
    for cut in report.truncated() {
        eprintln!("warning: {cut}; only what came before it is loaded (--strict loads nothing then), and /health reports it (store_truncated_source)");
    }
    check(stop)?;
    // The bulk loader ingests one set of sorted files per batch, and their key ranges
    // overlap, so every lookup searched each of them. A full compaction leaves one sorted
    // run per index: lookups then cost about half as much, and the mixed workload at
    // 6.3 M triples ran about 3x faster (BENCHMARKS.md, step 8, third round).
    let started = Instant::now();
    store.optimize().with_context(|| format!("cannot compact the store at {}", db.display()))?;
    println!("store compacted in {:.1}s", started.elapsed().as_secs_f64());
    drop(store);
    check(stop)?;
    // Where the crash tests stop a load between its store and the files beside it.
    fail::fail_point!("load-sidecars");
    // The store as reopened from disk must hold what the loader counted.
    let graph = crate::kg::embedded::EmbeddedGraph::read_only(db, std::time::Duration::from_secs(600))?;
    let reopened = graph.store().len().map_err(|e| crate::kg::load::LoadError::Store(e.to_string()))? as u64;
    if reopened != report.triples_in_store {
        anyhow::bail!(
            "the store reopened from disk holds {reopened} triples, but the load counted {}; it is not used",
            report.triples_in_store
        );
    }
    let finished_at = crate::kg::manifest::now();
    write_companions(db, &graph, finished_at, stop)?;
    let manifest = crate::kg::manifest::Manifest::after_load(previous, &report.files, reopened, finished_at);
    manifest.save(&crate::kg::manifest::beside(db))?;
    Ok(reopened)
}

/// The text index, the board summaries and the precomputed rows, beside the store at `db`.
fn write_companions(db: &Path, graph: &crate::kg::embedded::EmbeddedGraph, finished_at: u64, stop: &AtomicBool) -> anyhow::Result<()> {
    // The text index of the store's labels and titles, so that `serve --store` opens it
    // instead of building it at every start.
    let started = Instant::now();
    let dir: PathBuf = crate::index::beside(db);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let documents = runtime.block_on(crate::pipeline::write_index(graph, &dir))?;
    println!("text index of {documents} labels and titles written in {:.1}s", started.elapsed().as_secs_f64());
    check(stop)?;
    // Summaries of the largest leaderboards, for the same reason.
    let started = Instant::now();
    let boards = runtime.block_on(crate::boards::write(graph, &crate::boards::beside(db)))?;
    println!("summaries of {} large leaderboards written in {:.1}s", boards.len(), started.elapsed().as_secs_f64());
    check(stop)?;
    // The rows of the keyed templates (every paper's metadata, the results the summaries
    // keep) and the listings of the most used entities: `serve --store` answers those
    // queries from memory. They are tied to this load by its finishing time.
    let started = Instant::now();
    let keys = runtime.block_on(crate::precomputed::write(graph, &boards, finished_at, &crate::precomputed::beside(db)))?;
    println!("rows of {keys} keys (papers, results, head entities) precomputed in {:.1}s", started.elapsed().as_secs_f64());
    check(stop)
}
