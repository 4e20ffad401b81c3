//! The on-disk store's directory: generations, the pointer to the one served, and locks.
//!
//! `scigraph load --store S` never writes into the store being served. It builds a complete
//! new generation beside it, `S/g-000007/`, holding the RocksDB store (`store/`) and every
//! file kept beside it (manifest, text index, board summaries, precomputed rows); it syncs
//! all of it to disk, checks the store's count, and only then swaps it in by renaming a new
//! `S/active` (the generation's name) over the old one. A rename is atomic, so at every
//! moment `S/active` names a complete generation or, before the first load finishes, none:
//! a load stopped at any point (a signal, the OOM killer, a full disk, a power cut after the
//! sync) leaves the previous generation served. This is why the swap is a pointer and not a
//! rename of the store itself: the store and its four companion files could not all be
//! renamed at once.
//!
//! Locks are `flock`s, so the kernel drops them when their process dies, however it dies:
//! - `S/scigraph.lock`, exclusive, held by a running load: a second load is refused with who
//!   holds it, and `serve` can tell a first load still running from one that was killed.
//! - `S/g-N/reader.lock`, shared, held by each process serving generation N: a load removes
//!   an older generation only when no process serves it (it takes the lock exclusively), and
//!   `--append`, which changes a generation in place and is not atomic, is refused while one
//!   does. An append marks the generation (`S/g-N/appending`) until it has finished.
//!
//! A directory holding RocksDB's files directly (`S/CURRENT`) is a store of an earlier
//! scigraph: `serve` opens it as before, `load` refuses to replace it.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file naming the generation served.
const ACTIVE: &str = "active";
/// Held exclusively by a running load.
const LOAD_LOCK: &str = "scigraph.lock";
/// Held shared by each process serving a generation.
const READER_LOCK: &str = "reader.lock";
/// Present in a generation while an `--append` changes it.
pub const APPENDING: &str = "appending";
const GENERATION: &str = "g-";
/// The RocksDB directory inside a generation; its companion files sit beside it.
const DB: &str = "store";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no store at {}; create one with `scigraph load --store {} FILE...`", .0.display(), .0.display())]
    NotFound(PathBuf),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("another `scigraph load` is loading into {} ({holder}); wait for it to finish, or stop it, and try again", root.display())]
    Locked { root: PathBuf, holder: String },
    #[error(
        "{} holds a store in the layout of an earlier scigraph (RocksDB's files directly in \
         it): `serve` still opens it, but a load cannot replace it atomically; load into a new \
         directory (`scigraph load --store NEW FILE...`) and serve that", .0.display()
    )]
    Legacy(PathBuf),
    #[error("{} holds no loaded store to add to; load without --append first", .0.display())]
    NothingToAppend(PathBuf),
    #[error(
        "the store at {} is being served by a running scigraph; --append changes it in place, \
         so stop that process first, or load without --append, which builds a new store \
         beside it and swaps it in", .0.display()
    )]
    InUse(PathBuf),
}

impl StoreError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotFound(_) => "store_not_found",
            Self::Io { .. } => "store_io",
            Self::Locked { .. } => "store_locked",
            Self::Legacy(_) => "store_legacy_layout",
            Self::NothingToAppend(_) => "store_nothing_to_append",
            Self::InUse(_) => "store_in_use",
        }
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io { path: path.to_owned(), source }
}

/// What a store directory holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// RocksDB's files directly in the directory: a store of an earlier scigraph.
    Legacy,
    /// Generations; `active` names the one served, once a load has finished.
    Generations { active: Option<String> },
}

/// Reads what `root` holds.
pub fn layout(root: &Path) -> Result<Layout, StoreError> {
    if !root.is_dir() {
        return Err(StoreError::NotFound(root.to_owned()));
    }
    if root.join("CURRENT").exists() {
        return Ok(Layout::Legacy);
    }
    Ok(Layout::Generations { active: active(root)? })
}

/// The generation `S/active` names now, if any.
pub fn active(root: &Path) -> Result<Option<String>, StoreError> {
    let path = root.join(ACTIVE);
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text.trim().to_owned()).filter(|name| is_generation(name))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io(&path)(e)),
    }
}

fn is_generation(name: &str) -> bool {
    name.strip_prefix(GENERATION).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The RocksDB directory of generation `name` of `root`.
pub fn db(root: &Path, name: &str) -> PathBuf {
    root.join(name).join(DB)
}

/// Something wrong with the store served, with a stable code: `/health` is `degraded` while
/// there is one, and `serve` logs each at start-up.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct StoreProblem {
    /// `store_incomplete`, `store_loading`, `store_appending`, `store_no_manifest`,
    /// `store_manifest_unreadable`, `store_append_interrupted`, `store_empty`,
    /// `store_truncated_source`, `store_count_mismatch` or `store_replaced`.
    pub code: &'static str,
    /// What it means and what to do, in words.
    pub message: String,
}

/// The on-disk store served, as `/health` reports it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct StoreReport {
    /// The store directory given to `serve --store`.
    pub path: String,
    /// The generation served (`g-000007`); absent for a store of an earlier layout, or when
    /// there is none to serve.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub generation: Option<String>,
    /// The triples its manifest records.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub manifest_triples: Option<u64>,
    /// The triples counted in the store; absent until start-up's count has finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub counted_triples: Option<u64>,
    /// When the load that made it finished (UTC).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub loaded_at: Option<String>,
    /// The files loaded into it, per its manifest.
    pub files: usize,
    /// A load running into the directory now (it swaps in a new generation when it
    /// finishes), as its lock describes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub load_running: Option<String>,
    /// What is wrong with it; empty when nothing is.
    pub problems: Vec<StoreProblem>,
}

/// Who holds a store's load lock, when a load is running: what it wrote in the lock file.
pub fn loading(root: &Path) -> Option<String> {
    let path = root.join(LOAD_LOCK);
    let file = File::open(&path).ok()?;
    match file.try_lock_shared() {
        Ok(()) => None,
        Err(std::fs::TryLockError::WouldBlock) => {
            Some(std::fs::read_to_string(&path).unwrap_or_default().trim().to_owned())
        }
        Err(std::fs::TryLockError::Error(_)) => None,
    }
}

/// A generation opened for serving: its RocksDB directory, and the shared lock that keeps a
/// later load from removing it while this process reads it.
#[derive(Debug)]
pub struct Served {
    pub root: PathBuf,
    /// `None` for a store of the earlier layout.
    pub generation: Option<String>,
    pub db: PathBuf,
    _reader: Option<File>,
}

/// Why a store directory has nothing to serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nothing {
    /// The first load is still running (the lock's holder).
    Loading(String),
    /// No load into it has finished: one was stopped, or the directory is not a store.
    Incomplete,
    /// An `--append` is changing the generation in place right now.
    Appending(String),
}

/// Opens what `root` serves: `Ok(Err(_))` when it holds no complete generation.
pub fn open_for_serving(root: &Path) -> Result<Result<Served, Nothing>, StoreError> {
    let name = match layout(root)? {
        Layout::Legacy => return Ok(Ok(Served { root: root.to_owned(), generation: None, db: root.to_owned(), _reader: None })),
        Layout::Generations { active: None } => {
            return Ok(Err(match loading(root) {
                Some(holder) => Nothing::Loading(holder),
                None => Nothing::Incomplete,
            }))
        }
        Layout::Generations { active: Some(name) } => name,
    };
    let path = root.join(&name).join(READER_LOCK);
    // A store on a read-only file system is served without the lock: no load can run there
    // to remove it.
    let Ok(reader) = OpenOptions::new().create(true).truncate(false).write(true).open(&path).or_else(|_| File::open(&path)) else {
        tracing::warn!(path = %path.display(), "cannot create the reader lock (read-only store?); serving without it");
        return Ok(Ok(Served { root: root.to_owned(), db: db(root, &name), generation: Some(name), _reader: None }));
    };
    match reader.try_lock_shared() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Ok(Err(Nothing::Appending(loading(root).unwrap_or_default())));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    }
    Ok(Ok(Served { root: root.to_owned(), db: db(root, &name), generation: Some(name), _reader: Some(reader) }))
}

/// A running load's hold on a store directory (its exclusive lock), created if absent.
#[derive(Debug)]
pub struct LoadLock {
    root: PathBuf,
    _file: File,
}

impl LoadLock {
    /// Takes the load lock of `root`, creating the directory; refuses a store of the earlier
    /// layout and a store another load holds.
    pub fn acquire(root: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(root).map_err(io(root))?;
        if layout(root)? == Layout::Legacy {
            return Err(StoreError::Legacy(root.to_owned()));
        }
        let path = root.join(LOAD_LOCK);
        let mut file = OpenOptions::new().create(true).truncate(false).read(true).write(true).open(&path).map_err(io(&path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let holder = std::fs::read_to_string(&path).unwrap_or_default().trim().to_owned();
                return Err(StoreError::Locked { root: root.to_owned(), holder });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
        }
        // Who holds it, for the message a second load or `serve` prints.
        let holder = format!("pid {}, started {}", std::process::id(), now_utc());
        file.set_len(0).and_then(|()| file.write_all(holder.as_bytes())).map_err(io(&path))?;
        Ok(Self { root: root.to_owned(), _file: file })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The generation served now, if any.
    pub fn active(&self) -> Result<Option<String>, StoreError> {
        active(&self.root)
    }

    /// A new, empty generation directory, numbered after every one present.
    pub fn new_generation(&self) -> Result<String, StoreError> {
        let last = generations(&self.root)?.into_iter().filter_map(|n| n[GENERATION.len()..].parse::<u64>().ok()).max().unwrap_or(0);
        let name = format!("{GENERATION}{:06}", last + 1);
        let dir = self.root.join(&name);
        std::fs::create_dir(&dir).map_err(io(&dir))?;
        Ok(name)
    }

    /// Makes `name` the generation served: `S/active` is written beside, synced and renamed
    /// over the old one, and the directory entry synced. Everything in the generation must
    /// already be on disk ([`sync_tree`]).
    pub fn swap(&self, name: &str) -> Result<(), StoreError> {
        let tmp = self.root.join(format!("{ACTIVE}.tmp"));
        let mut file = File::create(&tmp).map_err(io(&tmp))?;
        file.write_all(format!("{name}\n").as_bytes()).and_then(|()| file.sync_all()).map_err(io(&tmp))?;
        drop(file);
        // Where the crash tests stop a load in the middle of its swap.
        fail::fail_point!("load-swap");
        let path = self.root.join(ACTIVE);
        std::fs::rename(&tmp, &path).map_err(io(&path))?;
        sync_dir(&self.root)
    }

    /// Removes every generation but `keep` that no process serves (a stopped load's partial
    /// one, or the one replaced), and the swap's leftover. Returns the ones removed and the
    /// ones kept because a running process still serves them.
    pub fn collect(&self, keep: Option<&str>) -> Result<Collected, StoreError> {
        let mut collected = Collected::default();
        let _ = std::fs::remove_file(self.root.join(format!("{ACTIVE}.tmp")));
        for name in generations(&self.root)? {
            if Some(name.as_str()) == keep {
                continue;
            }
            let dir = self.root.join(&name);
            let lock = dir.join(READER_LOCK);
            let served = match File::open(&lock) {
                Ok(file) => matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock)),
                Err(_) => false,
            };
            if served {
                collected.in_use.push(name);
            } else {
                std::fs::remove_dir_all(&dir).map_err(io(&dir))?;
                collected.removed.push(name);
            }
        }
        Ok(collected)
    }

    /// Holds generation `name` for an `--append`: refused while a process serves it; marked
    /// as being appended to until [`Appending::finish`].
    pub fn append_to(&self, name: &str) -> Result<Appending, StoreError> {
        let path = self.root.join(name).join(READER_LOCK);
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(&path).map_err(io(&path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(StoreError::InUse(self.root.clone())),
            Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
        }
        let marker = self.root.join(name).join(APPENDING);
        std::fs::write(&marker, now_utc()).map_err(io(&marker))?;
        sync_dir(&self.root.join(name))?;
        Ok(Appending { marker, _lock: file })
    }
}

/// An `--append` in progress: the generation's exclusive reader lock and its marker.
pub struct Appending {
    marker: PathBuf,
    _lock: File,
}

impl Appending {
    /// Removes the marker: the generation is whole again.
    pub fn finish(self) -> Result<(), StoreError> {
        std::fs::remove_file(&self.marker).map_err(io(&self.marker))?;
        match self.marker.parent() {
            Some(dir) => sync_dir(dir),
            None => Ok(()),
        }
    }
}

/// What [`LoadLock::collect`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Collected {
    pub removed: Vec<String>,
    pub in_use: Vec<String>,
}

/// Every generation directory of `root`, sorted.
fn generations(root: &Path) -> Result<Vec<String>, StoreError> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root).map_err(io(root))? {
        let entry = entry.map_err(io(root))?;
        if let Some(name) = entry.file_name().to_str().filter(|n| is_generation(n)) {
            if entry.path().is_dir() {
                names.push(name.to_owned());
            }
        }
    }
    names.sort();
    Ok(names)
}

/// Flushes every file and directory under `dir` to disk, so that a generation swapped in is
/// whole after a power cut too (the store's own files are already synced by RocksDB; the
/// companion files are not).
pub fn sync_tree(dir: &Path) -> Result<(), StoreError> {
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let path = entry.map_err(io(dir))?.path();
        if path.is_dir() {
            sync_tree(&path)?;
        } else {
            File::open(&path).and_then(|f| f.sync_all()).map_err(io(&path))?;
        }
    }
    sync_dir(dir)
}

fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir))
}

/// The bytes under `path`, for what a load needs room for.
pub fn size_of(path: &Path) -> u64 {
    let Ok(meta) = std::fs::symlink_metadata(path) else { return 0 };
    if !meta.is_dir() {
        return meta.len();
    }
    std::fs::read_dir(path).map(|entries| entries.flatten().map(|e| size_of(&e.path())).sum()).unwrap_or(0)
}

/// Now, as `2026-12-01T21:56:56Z`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    utc(secs)
}

/// Seconds since the epoch as an RFC 3339 UTC time.
pub fn utc(secs: u64) -> String {
    let format = &time::format_description::well_known::Rfc3339;
    i64::try_from(secs).ok().and_then(|s| time::OffsetDateTime::from_unix_timestamp(s).ok()).and_then(|t| t.format(format).ok()).unwrap_or_else(|| format!("{secs} s after the epoch"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_load_lock_is_refused_naming_the_holder_and_freed_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("s");
        let first = LoadLock::acquire(&root).unwrap();
        let err = LoadLock::acquire(&root).unwrap_err();
        assert_eq!(err.code(), "store_locked");
        assert!(err.to_string().contains(&format!("pid {}", std::process::id())), "{err}");
        assert!(loading(&root).is_some());
        drop(first);
        assert!(loading(&root).is_none());
        LoadLock::acquire(&root).unwrap();
    }

    #[test]
    fn a_generation_is_served_only_once_swapped_in_and_the_old_one_goes_when_unserved() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("s");
        let lock = LoadLock::acquire(&root).unwrap();
        let first = lock.new_generation().unwrap();
        assert_eq!(first, "g-000001");
        assert_eq!(open_for_serving(&root).unwrap().unwrap_err(), Nothing::Loading(std::fs::read_to_string(root.join(LOAD_LOCK)).unwrap()));
        lock.swap(&first).unwrap();
        let served = open_for_serving(&root).unwrap().unwrap();
        assert_eq!(served.db, root.join("g-000001").join("store"));
        let second = lock.new_generation().unwrap();
        lock.swap(&second).unwrap();
        // The first is still served by `served`: kept, then removed once let go.
        assert_eq!(lock.collect(Some(&second)).unwrap(), Collected { removed: vec![], in_use: vec![first.clone()] });
        drop(served);
        assert_eq!(lock.collect(Some(&second)).unwrap(), Collected { removed: vec![first], in_use: vec![] });
        assert_eq!(active(&root).unwrap().as_deref(), Some("g-000002"));
    }

    #[test]
    fn a_directory_without_a_finished_load_is_incomplete_and_an_earlier_layout_is_refused_for_loading() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("s");
        std::fs::create_dir_all(root.join("g-000001")).unwrap();
        assert_eq!(open_for_serving(&root).unwrap().unwrap_err(), Nothing::Incomplete);
        assert_eq!(open_for_serving(&dir.path().join("nope")).unwrap_err().code(), "store_not_found");
        let legacy = dir.path().join("old");
        std::fs::create_dir_all(&legacy).unwrap();
        std::fs::write(legacy.join("CURRENT"), "MANIFEST-000001\n").unwrap();
        assert_eq!(LoadLock::acquire(&legacy).unwrap_err().code(), "store_legacy_layout");
        let served = open_for_serving(&legacy).unwrap().unwrap();
        assert_eq!((served.db.as_path(), served.generation), (legacy.as_path(), None));
    }

    #[test]
    fn an_append_is_refused_while_a_process_serves_the_generation_and_marks_it_until_finished() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("s");
        let lock = LoadLock::acquire(&root).unwrap();
        let name = lock.new_generation().unwrap();
        lock.swap(&name).unwrap();
        let served = open_for_serving(&root).unwrap().unwrap();
        assert_eq!(lock.append_to(&name).err().map(|e| e.code()), Some("store_in_use"));
        drop(served);
        let appending = lock.append_to(&name).unwrap();
        assert!(root.join(&name).join(APPENDING).exists());
        assert!(matches!(open_for_serving(&root).unwrap(), Err(Nothing::Appending(_))));
        appending.finish().unwrap();
        assert!(!root.join(&name).join(APPENDING).exists());
    }

    #[test]
    fn times_are_written_as_utc_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(1_796_161_016), "2026-12-01T21:36:56Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
    }
}
