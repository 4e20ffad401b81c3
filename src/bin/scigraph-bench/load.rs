//! `load`: scigraph's loader (`kg::load::load_files`, with line-level recovery) against
//! oxigraph's own bulk loader on the same file, into memory and, with `--store-dir` and
//! the `rocksdb` feature, into on-disk stores: seconds, triples per second, RSS growth or
//! store size. Reads the file, writes stores, prints the JSON report.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use oxigraph::store::Store;
use scigraph::kg::load::{load_files, LoadOptions, Quiet};
use serde_json::{json, Value};

use crate::common::{proc_kb, round};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    file: PathBuf,
    /// Also load into on-disk stores under this directory (rocksdb feature).
    #[arg(long)]
    store_dir: Option<PathBuf>,
}

/// Which loader a timed load uses.
#[derive(Clone, Copy)]
enum Loader {
    /// scigraph's `load_files` (line-level recovery, progress).
    Ours,
    /// oxigraph's own `bulk_loader().load_from_reader`.
    Oxigraph,
}

/// Loads `file` into `store` with `loader`; returns seconds and the triples in the store.
fn timed_load(store: &Store, file: &Path, loader: Loader) -> Result<(f64, u64)> {
    let t = Instant::now();
    match loader {
        Loader::Ours => {
            load_files(store, &[file.to_owned()], LoadOptions::default(), &Quiet)?;
        }
        Loader::Oxigraph => {
            let format = scigraph::kg::load::format_of(file).context("unknown RDF format")?;
            let reader = BufReader::new(std::fs::File::open(file)?);
            let reader: Box<dyn std::io::Read> = if file.extension().is_some_and(|e| e == "gz") {
                Box::new(flate2::bufread::MultiGzDecoder::new(reader))
            } else {
                Box::new(reader)
            };
            let mut bulk = store.bulk_loader();
            bulk.load_from_reader(format, reader)?;
            bulk.commit()?;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    Ok((secs, store.len()? as u64))
}

fn figures(secs: f64, triples: u64) -> Value {
    json!({ "seconds": round(secs), "triples": triples, "triples_per_second": (triples as f64 / secs) as u64 })
}

/// Bytes under `path`, recursively (an on-disk store's size).
#[cfg_attr(not(feature = "rocksdb"), allow(dead_code))]
fn dir_size(path: &Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_size(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

pub fn run(args: &Args) -> Result<()> {
    let file = args.file.as_path();
    let mut report = json!({ "file": file.display().to_string() });
    for (name, loader) in [("scigraph_memory", Loader::Ours), ("oxigraph_bulk_loader_memory", Loader::Oxigraph)] {
        // RSS growth is only meaningful for the first load: later ones reuse freed memory.
        let before = proc_kb("self", "VmRSS").unwrap_or(0);
        let store = Store::new()?;
        let (secs, triples) = timed_load(&store, file, loader)?;
        report[name] = figures(secs, triples);
        report[name]["rss_growth_mb"] = json!(proc_kb("self", "VmRSS").unwrap_or(0).saturating_sub(before) / 1024);
    }
    if let Some(dir) = &args.store_dir {
        #[cfg(feature = "rocksdb")]
        for (name, loader) in [("scigraph_rocksdb", Loader::Ours), ("oxigraph_bulk_loader_rocksdb", Loader::Oxigraph)] {
            let path = dir.join(name);
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path)?;
            let store = Store::open(&path)?;
            let (secs, triples) = timed_load(&store, file, loader)?;
            drop(store);
            report[name] = figures(secs, triples);
            report[name]["store_mb"] = json!(dir_size(&path) / 1_048_576);
        }
        #[cfg(not(feature = "rocksdb"))]
        {
            let _ = dir;
            anyhow::bail!("--store-dir needs a build with --features rocksdb");
        }
    }
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}
