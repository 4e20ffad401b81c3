//! What an on-disk store holds, as `scigraph load` left it: the files loaded into it (path,
//! size, SHA-256, statements, and where a file was cut short), the triple count after the
//! load, the loader's version and when it finished. Written beside the store as
//! `<store>.manifest.json` (RocksDB owns the store's own directory), through a temporary
//! file and a rename, so a reader sees the old manifest or the new one; a load writes it
//! last, so a store without one was never finished. `serve --store` reads its triple count instead of counting the store, which
//! walks every triple (2.7 s at 6.3 M triples). A store modified behind scigraph's back keeps
//! a stale count; checking the count against the store is the job of `/health`'s store
//! checks, not of start-up. I/O at [`Manifest::save`] and [`Manifest::open`].

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::load::FileReport;

/// Now, in seconds since the Unix epoch: a manifest's `finished_at`.
pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// The manifest's format; a manifest of another format is not read.
const FORMAT: u32 = 1;

/// One file loaded into the store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoadedFile {
    pub path: String,
    pub bytes: u64,
    /// SHA-256 of the bytes read, in hex (absent from manifests of earlier versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// Statements parsed from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statements: Option<u64>,
    /// Where the file was cut short, when it was (loaded without `--strict`): the store
    /// holds only what came before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truncated: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// Distinct triples in the store after the load.
    pub triples: u64,
    /// Every file loaded into the store, oldest load first.
    pub files: Vec<LoadedFile>,
    /// The `scigraph` version that wrote it.
    pub loader: String,
    /// When the last load finished, in seconds since the Unix epoch.
    pub finished_at: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("store manifest {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("store manifest {path} is not a manifest scigraph {version} reads: {reason}")]
    Unreadable {
        path: PathBuf,
        version: &'static str,
        reason: String,
    },
}

impl ManifestError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Io { .. } => "manifest_io",
            Self::Unreadable { .. } => "manifest_unreadable",
        }
    }
}

/// Where a store's manifest lives: `<store>.manifest.json`.
pub fn beside(store: &Path) -> PathBuf {
    sidecar(store, ".manifest.json")
}

/// A file written beside an on-disk store (RocksDB owns the store's own directory):
/// `<store><suffix>`. The manifest, the text index, the board summaries and the
/// precomputed rows all live there.
pub fn sidecar(store: &Path, suffix: &str) -> PathBuf {
    let mut name = store.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

impl Manifest {
    /// The manifest after a load of `files` that left `triples` in the store, finishing at
    /// `finished_at` ([`now`]): `previous` (the manifest of the store appended to, if any)
    /// keeps its files, since an append adds.
    pub fn after_load(previous: Option<Manifest>, files: &[FileReport], triples: u64, finished_at: u64) -> Self {
        let mut loaded = previous.map(|m| m.files).unwrap_or_default();
        loaded.extend(files.iter().map(|f| LoadedFile {
            path: std::fs::canonicalize(&f.path).unwrap_or_else(|_| f.path.clone()).display().to_string(),
            bytes: f.bytes,
            sha256: Some(f.sha256.clone()),
            statements: Some(f.statements),
            truncated: f.truncated.as_ref().map(ToString::to_string),
        }));
        Self {
            format: FORMAT,
            triples,
            files: loaded,
            loader: env!("CARGO_PKG_VERSION").to_owned(),
            finished_at,
        }
    }

    /// The files that were cut short, as the load reported them.
    pub fn truncated(&self) -> impl Iterator<Item = &str> {
        self.files.iter().filter_map(|f| f.truncated.as_deref())
    }

    /// Writes it to `path` through a temporary file, synced, and a rename.
    pub fn save(&self, path: &Path) -> Result<(), ManifestError> {
        let io = |source| ManifestError::Io {
            path: path.to_owned(),
            source,
        };
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let text = serde_json::to_string_pretty(self).map_err(|e| io(e.into()))?;
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        std::io::Write::write_all(&mut file, text.as_bytes()).and_then(|()| file.sync_all()).map_err(io)?;
        // Where the crash tests make writing beside the store fail as a full disk would, on a
        // machine where no small file system can be mounted for them.
        fail::fail_point!("store-write", |_| Err(io(std::io::Error::from_raw_os_error(28))));
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// The manifest at `path`: `Ok(None)` when there is none.
    pub fn open(path: &Path) -> Result<Option<Self>, ManifestError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(ManifestError::Io {
                    path: path.to_owned(),
                    source,
                })
            }
        };
        let unreadable = |reason: String| ManifestError::Unreadable {
            path: path.to_owned(),
            version: env!("CARGO_PKG_VERSION"),
            reason,
        };
        let manifest: Manifest =
            serde_json::from_str(&text).map_err(|e| unreadable(e.to_string()))?;
        if manifest.format != FORMAT {
            return Err(unreadable(format!(
                "format {} (this version reads {FORMAT})",
                manifest.format
            )));
        }
        Ok(Some(manifest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_manifest_opens_as_written_and_a_second_load_adds_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let dump = FileReport { path: dir.path().join("a.nt"), bytes: 14, sha256: "ab".into(), statements: 1, truncated: None };
        let path = beside(&dir.path().join("store"));
        assert!(Manifest::open(&path).unwrap().is_none(), "no manifest yet");
        let first = Manifest::after_load(None, std::slice::from_ref(&dump), 1, now());
        first.save(&path).unwrap();
        assert_eq!(Manifest::open(&path).unwrap(), Some(first.clone()));
        assert_eq!((first.files[0].bytes, first.files[0].sha256.as_deref()), (14, Some("ab")));
        let second = Manifest::after_load(Some(first), &[dump], 1, now());
        assert_eq!(second.files.len(), 2);
        assert_eq!(second.truncated().count(), 0);
    }

    #[test]
    fn a_manifest_written_before_digests_were_kept_still_opens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.manifest.json");
        std::fs::write(&path, r#"{"format": 1, "triples": 3, "files": [{"path": "/d.nt", "bytes": 9}], "loader": "0.1.0", "finished_at": 5}"#).unwrap();
        let manifest = Manifest::open(&path).unwrap().unwrap();
        assert_eq!((manifest.triples, manifest.files[0].sha256.as_deref()), (3, None));
    }

    #[test]
    fn a_manifest_of_another_format_or_not_json_is_refused_with_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.manifest.json");
        std::fs::write(&path, "{\"format\": 99, \"triples\": 1, \"files\": [], \"loader\": \"x\", \"finished_at\": 0}").unwrap();
        let e = Manifest::open(&path).unwrap_err();
        assert_eq!(e.code(), "manifest_unreadable");
        assert!(e.to_string().contains("format 99"), "{e}");
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(
            Manifest::open(&path).unwrap_err().code(),
            "manifest_unreadable"
        );
    }
}
