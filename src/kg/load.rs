//! Loading RDF dump files into an oxigraph store.
//!
//! Accepts N-Triples, N-Quads and Turtle (also TriG and RDF/XML), each optionally gzipped;
//! the format comes from the file name (`.nt`, `.nq`, `.ttl`, … before an optional `.gz`),
//! and gzip from the file's magic bytes, so a mislabelled file still loads. Real ORKG dumps
//! contain the odd malformed line: by default each one is reported ([`SkippedLine`]: file,
//! line, reason) and skipped; with `strict` the first one stops the load. All statements go
//! to the default graph, which is what ORKG's queries read. The store is written through
//! oxigraph's bulk loader, and progress is reported through a callback so the CLI can draw a
//! progress bar while tests stay quiet.
//!
//! The bulk loader writes nothing the store shows until its final commit, which ingests every
//! batch at once: a load that fails or is stopped before it leaves the store as it was. Each
//! file is hashed (SHA-256) as it is read, for the store's manifest. A file cut short (a gzip
//! stream that ends early, or a last line that stops mid-statement) is reported with where it
//! stops ([`Truncation`]); with `strict` it fails the load, otherwise what came before the cut
//! is kept and the report says so. A stop flag (set by a signal handler) ends the load
//! between two statements.

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use flate2::bufread::MultiGzDecoder;
use oxigraph::store::Store;
use oxrdf::{GraphName, Quad};
use oxrdfio::{RdfFormat, RdfParseError, RdfParser};
use sha2::{Digest, Sha256};

/// How many skipped lines are kept with their reasons; the count goes on past it.
const MAX_REPORTED_SKIPS: usize = 1000;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {reason}")]
    Io { path: PathBuf, reason: String },
    #[error(
        "cannot tell the RDF format of {0} from its name; use .nt, .nq, .ttl, .trig or .rdf, \
         optionally followed by .gz"
    )]
    UnknownFormat(PathBuf),
    #[error("{path}:{line}: {reason} (strict mode stops at the first malformed statement)")]
    Malformed { path: PathBuf, line: u64, reason: String },
    #[error("{0} (strict mode loads nothing from a file cut short)")]
    Truncated(Truncation),
    #[error("the load was stopped (by a signal) before it finished")]
    Interrupted,
    #[error("the store failed: {0}")]
    Store(String),
}

impl LoadError {
    /// A stable code per kind of failure.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Io { .. } => "load_io",
            Self::UnknownFormat(_) => "load_unknown_format",
            Self::Malformed { .. } => "load_malformed",
            Self::Truncated(_) => "load_truncated",
            Self::Interrupted => "load_interrupted",
            Self::Store(reason) if disk_full(reason) => "load_disk_full",
            Self::Store(_) => "load_store",
        }
    }
}

/// Whether a store failure is a full disk. RocksDB reports its I/O errors as text, with the
/// operating system's message for ENOSPC in it.
pub fn disk_full(reason: &str) -> bool {
    reason.contains("No space left on device") || reason.contains("ENOSPC")
}

/// Where a file that was cut short stops.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Truncation {
    pub path: PathBuf,
    /// The bytes of the file read before it ended (for a gzip file, compressed bytes).
    pub byte: u64,
    /// The line (of the decompressed text) where it stops, when the format has lines.
    pub line: Option<u64>,
    /// What is wrong at that point.
    pub reason: String,
}

impl std::fmt::Display for Truncation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is cut short: {} at byte {}", self.path.display(), self.reason, self.byte)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

/// One file as the load read it, for the store's manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    pub path: PathBuf,
    /// Bytes read from the file (for a pipe, all that came through it).
    pub bytes: u64,
    /// SHA-256 of those bytes, in hex.
    pub sha256: String,
    /// Statements parsed from it.
    pub statements: u64,
    /// Where it stops early, when it is cut short.
    pub truncated: Option<Truncation>,
}

/// A statement that did not parse and was left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    pub path: PathBuf,
    /// 1-based line of the start of the bad statement, when the parser knows it.
    pub line: Option<u64>,
    pub reason: String,
}

/// What a load did.
#[derive(Debug, Clone, Default)]
pub struct LoadReport {
    /// Statements parsed and handed to the store (duplicates included).
    pub statements: u64,
    /// Malformed statements skipped, over all files.
    pub skipped: u64,
    /// The first [`MAX_REPORTED_SKIPS`] skipped statements with their reasons.
    pub skipped_lines: Vec<SkippedLine>,
    /// Distinct triples in the store after the load.
    pub triples_in_store: u64,
    /// Each file as it was read, in the order given.
    pub files: Vec<FileReport>,
}

impl LoadReport {
    /// The files that were cut short (only without `strict`: with it they fail the load).
    pub fn truncated(&self) -> impl Iterator<Item = &Truncation> {
        self.files.iter().filter_map(|f| f.truncated.as_ref())
    }
}

#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    pub strict: bool,
    /// Set (by a signal handler) to stop the load between two statements.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Receives progress while loading: the running statement count.
pub trait Progress {
    fn statements(&self, _loaded: u64) {}
    fn skipped(&self, _line: &SkippedLine) {}
    fn truncated(&self, _cut: &Truncation) {}
}

/// Progress that goes nowhere.
pub struct Quiet;
impl Progress for Quiet {}

/// The RDF format named by a file name, looking through a trailing `.gz`.
pub fn format_of(path: &Path) -> Option<RdfFormat> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    let extension = Path::new(name).extension()?.to_str()?;
    match extension {
        "owl" | "xml" => Some(RdfFormat::RdfXml),
        other => RdfFormat::from_extension(other),
    }
}

/// What has been read of one file: its bytes, counted and hashed as they go by.
#[derive(Default)]
struct Tally {
    bytes: u64,
    hasher: Sha256,
}

/// A reader that feeds every byte it reads into a shared [`Tally`].
struct Tallied<R> {
    inner: R,
    tally: Rc<RefCell<Tally>>,
}

impl<R: Read> Read for Tallied<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut tally = self.tally.borrow_mut();
        tally.bytes += n as u64;
        tally.hasher.update(&buf[..n]);
        Ok(n)
    }
}

/// One file opened for loading: its (decompressed) text and the tally of its raw bytes.
struct Input {
    reader: Box<dyn Read>,
    gzipped: bool,
    tally: Rc<RefCell<Tally>>,
}

/// Opens a file, decompressing it when it starts with the gzip magic bytes.
fn open(path: &Path) -> Result<Input, LoadError> {
    let io = |e: std::io::Error| LoadError::Io { path: path.to_owned(), reason: e.to_string() };
    let tally = Rc::new(RefCell::new(Tally::default()));
    let raw = Tallied { inner: File::open(path).map_err(io)?, tally: tally.clone() };
    let mut reader = BufReader::with_capacity(1 << 20, raw);
    let gzipped = reader.fill_buf().map_err(io)?.starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn Read> = if gzipped { Box::new(MultiGzDecoder::new(reader)) } else { Box::new(reader) };
    Ok(Input { reader, gzipped, tally })
}

/// The file's size and digest once its statements are read. The line formats read a file
/// to its end; a parser that stopped short of it (or a file that changed under the load)
/// leaves bytes unhashed, and the whole file is then hashed again.
fn finish(path: &Path, tally: &Rc<RefCell<Tally>>) -> Result<(u64, String), LoadError> {
    let tally = tally.take();
    let size = std::fs::metadata(path).ok().filter(|m| m.is_file()).map(|m| m.len());
    match size {
        Some(size) if size != tally.bytes => {
            let io = |e: std::io::Error| LoadError::Io { path: path.to_owned(), reason: e.to_string() };
            let mut file = File::open(path).map_err(io)?;
            let mut hasher = Sha256::new();
            let mut buf = vec![0; 1 << 20];
            loop {
                let n = file.read(&mut buf).map_err(io)?;
                if n == 0 {
                    break;
                }
                hasher.update(&buf[..n]);
            }
            Ok((size, hex::encode(hasher.finalize())))
        }
        _ => Ok((tally.bytes, hex::encode(tally.hasher.finalize()))),
    }
}

/// Why one statement did not make it into the store.
enum Fault {
    /// A malformed statement: report it and go on (unless strict).
    Skip(SkippedLine),
    /// The file stops early: what came before is kept (unless strict).
    Cut(Truncation),
    /// The file cannot be read further.
    Fatal(LoadError),
}

/// Lines per chunk for line-based formats: parsed as one slice, re-parsed line by line only
/// when the chunk holds an error.
const CHUNK_LINES: usize = 4096;

/// Parses N-Triples or N-Quads with recovery at line granularity.
///
/// oxttl's streaming parser resynchronises after an error at a token, not at a line, so an
/// unterminated string can swallow the valid line after it. N-Triples and N-Quads put one
/// statement per line, so a chunk with an error is parsed again one line at a time: every
/// good line is kept and every bad one is reported with its exact number.
struct LineStatements<R: BufRead> {
    reader: R,
    path: PathBuf,
    quads: bool,
    /// Prefix that keeps this file's blank nodes apart from other files' (labels are only
    /// unique within a file; one prefix per file keeps them consistent across chunks).
    blank_prefix: String,
    next_line: u64,
    pending: std::collections::VecDeque<Result<Quad, Fault>>,
    done: bool,
    /// The raw bytes read so far, for the position of a cut.
    tally: Rc<RefCell<Tally>>,
    gzipped: bool,
}

impl<R: BufRead> LineStatements<R> {
    fn new(reader: R, path: PathBuf, quads: bool, file_index: usize, input: (&Rc<RefCell<Tally>>, bool)) -> Self {
        Self {
            reader,
            path,
            quads,
            blank_prefix: format!("f{file_index}x"),
            next_line: 1,
            pending: Default::default(),
            done: false,
            tally: input.0.clone(),
            gzipped: input.1,
        }
    }

    /// The fault for a read that failed at `line`: a gzip stream that ends early or is
    /// corrupt is a cut (what came before stands); any other read failure ends the load.
    fn cut(&self, line: u64, e: &std::io::Error) -> Fault {
        let byte = self.tally.borrow().bytes;
        if !self.gzipped {
            let reason = format!("{e} (at byte {byte}, line {line})");
            return Fault::Fatal(LoadError::Io { path: self.path.clone(), reason });
        }
        let reason = if e.kind() == std::io::ErrorKind::UnexpectedEof {
            "its gzip stream ends unexpectedly".to_owned()
        } else {
            format!("its gzip stream is corrupt ({e})")
        };
        Fault::Cut(Truncation { path: self.path.clone(), byte, line: Some(line), reason })
    }

    fn parse(&self, bytes: &[u8]) -> Vec<Result<Quad, oxttl::TurtleSyntaxError>> {
        if self.quads {
            oxttl::NQuadsParser::new().for_slice(bytes).collect()
        } else {
            oxttl::NTriplesParser::new()
                .for_slice(bytes)
                .map(|r| r.map(|t| t.in_graph(GraphName::DefaultGraph)))
                .collect()
        }
    }

    fn relabel(&self, quad: Quad) -> Quad {
        use oxrdf::{BlankNode, NamedOrBlankNode, Term};
        let fresh = |b: &BlankNode| {
            BlankNode::new_unchecked(format!("{}{}", self.blank_prefix, b.as_str()))
        };
        let subject = match quad.subject {
            NamedOrBlankNode::BlankNode(b) => fresh(&b).into(),
            other => other,
        };
        let object = match quad.object {
            Term::BlankNode(b) => fresh(&b).into(),
            other => other,
        };
        Quad { subject, object, graph_name: GraphName::DefaultGraph, ..quad }
    }

    fn fill(&mut self) {
        let first_line = self.next_line;
        let mut chunk = Vec::with_capacity(CHUNK_LINES * 128);
        let mut ends = Vec::with_capacity(CHUNK_LINES);
        let mut cut = None;
        while ends.len() < CHUNK_LINES {
            let before = chunk.len();
            match self.reader.read_until(b'\n', &mut chunk) {
                Ok(0) => {
                    self.done = true;
                    break;
                }
                Ok(_) => ends.push(chunk.len()),
                Err(e) => {
                    // The partial line before the failure is part of what was cut off.
                    chunk.truncate(before);
                    cut = Some(self.cut(first_line + ends.len() as u64, &e));
                    self.done = true;
                    break;
                }
            }
        }
        self.next_line += ends.len() as u64;
        self.parse_chunk(first_line, &chunk, ends);
        if let Some(fault) = cut {
            self.pending.push_back(Err(fault));
        }
    }

    fn parse_chunk(&mut self, first_line: u64, chunk: &[u8], ends: Vec<usize>) {
        let parsed = self.parse(chunk);
        if parsed.iter().all(Result::is_ok) {
            for quad in parsed.into_iter().flatten() {
                let quad = self.relabel(quad);
                self.pending.push_back(Ok(quad));
            }
            return;
        }
        let last = ends.len().saturating_sub(1);
        let mut start = 0;
        for (i, end) in ends.into_iter().enumerate() {
            let line = &chunk[start..end];
            start = end;
            // A bad line can yield several errors (e.g. an unterminated string, then end of
            // input); it is one skipped line, reported with its first error.
            let results = self.parse(line);
            match results.iter().find_map(|r| r.as_ref().err()) {
                None => {
                    for quad in results.into_iter().flatten() {
                        let quad = self.relabel(quad);
                        self.pending.push_back(Ok(quad));
                    }
                }
                // A line without a line end can only be the file's last (`read_until` stops
                // at one otherwise); when it does not parse, the file stops mid-statement,
                // which is a cut, not a malformed line.
                Some(_) if i == last && !line.ends_with(b"\n") => {
                    self.pending.push_back(Err(Fault::Cut(Truncation {
                        path: self.path.clone(),
                        byte: self.tally.borrow().bytes,
                        line: Some(first_line + i as u64),
                        reason: "its last line stops mid-statement".to_owned(),
                    })))
                }
                Some(e) => self.pending.push_back(Err(Fault::Skip(SkippedLine {
                    path: self.path.clone(),
                    line: Some(first_line + i as u64),
                    reason: format!("column {}: {}", e.location().start.column + 1, e.message()),
                }))),
            }
        }
    }
}

impl<R: BufRead> Iterator for LineStatements<R> {
    type Item = Result<Quad, Fault>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.pending.is_empty() && !self.done {
            self.fill();
        }
        self.pending.pop_front()
    }
}

/// The statements of one file, whatever its format, all in the default graph.
fn statements(
    path: &Path,
    format: RdfFormat,
    input: Input,
    file_index: usize,
) -> Box<dyn Iterator<Item = Result<Quad, Fault>>> {
    let Input { reader, gzipped, tally } = input;
    match format {
        RdfFormat::NTriples | RdfFormat::NQuads => Box::new(LineStatements::new(
            BufReader::with_capacity(1 << 20, reader),
            path.to_owned(),
            format == RdfFormat::NQuads,
            file_index,
            (&tally, gzipped),
        )),
        _ => {
            let path = path.to_owned();
            let parser = RdfParser::from_format(format).rename_blank_nodes().for_reader(reader);
            Box::new(parser.map(move |result| match result {
                Ok(quad) => Ok(Quad { graph_name: GraphName::DefaultGraph, ..quad }),
                Err(RdfParseError::Syntax(e)) => Err(Fault::Skip(SkippedLine {
                    path: path.clone(),
                    line: e.location().map(|r| r.start.line + 1),
                    reason: e.to_string(),
                })),
                Err(RdfParseError::Io(e)) if gzipped => Err(Fault::Cut(Truncation {
                    path: path.clone(),
                    byte: tally.borrow().bytes,
                    line: None,
                    reason: format!("its gzip stream fails ({e})"),
                })),
                Err(RdfParseError::Io(e)) => {
                    Err(Fault::Fatal(LoadError::Io { path: path.clone(), reason: e.to_string() }))
                }
            }))
        }
    }
}

/// Loads `files` into `store` and returns what happened. Nothing reaches the store before
/// the bulk loader's final commit: on any error (or a stop) the store is as it was.
pub fn load_files(
    store: &Store,
    files: &[PathBuf],
    options: LoadOptions,
    progress: &dyn Progress,
) -> Result<LoadReport, LoadError> {
    // Check every file before loading any, so a typo in the last name costs no time.
    let mut inputs = Vec::with_capacity(files.len());
    for path in files {
        let format = format_of(path).ok_or_else(|| LoadError::UnknownFormat(path.clone()))?;
        inputs.push((path, format, open(path)?));
    }

    let mut report = LoadReport::default();
    let store_error = |e: &dyn std::fmt::Display| LoadError::Store(e.to_string());
    let stopped = || options.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    let mut loader = store.bulk_loader();
    for (file_index, (path, format, input)) in inputs.into_iter().enumerate() {
        let mut failure: Option<LoadError> = None;
        let mut truncated = None;
        let before = report.statements;
        let tally = input.tally.clone();
        let quads = statements(path, format, input, file_index).map_while(|item| {
            if stopped() {
                failure = Some(LoadError::Interrupted);
                return None;
            }
            match item {
                Ok(quad) => {
                    report.statements += 1;
                    if report.statements % 10_000 == 0 {
                        progress.statements(report.statements);
                        // Where the crash tests stop a load mid-parse.
                        fail::fail_point!("load-statements");
                    }
                    Some(Some(quad))
                }
                Err(Fault::Skip(skipped)) if !options.strict => {
                    progress.skipped(&skipped);
                    report.skipped += 1;
                    if report.skipped_lines.len() < MAX_REPORTED_SKIPS {
                        report.skipped_lines.push(skipped);
                    }
                    Some(None)
                }
                Err(Fault::Skip(skipped)) => {
                    failure = Some(LoadError::Malformed {
                        path: skipped.path,
                        line: skipped.line.unwrap_or(0),
                        reason: skipped.reason,
                    });
                    None
                }
                Err(Fault::Cut(cut)) if !options.strict => {
                    progress.truncated(&cut);
                    truncated = Some(cut);
                    None
                }
                Err(Fault::Cut(cut)) => {
                    failure = Some(LoadError::Truncated(cut));
                    None
                }
                Err(Fault::Fatal(e)) => {
                    failure = Some(e);
                    None
                }
            }
        });
        let result = loader.load_quads(quads.flatten());
        if let Some(failure) = failure {
            return Err(failure);
        }
        result.map_err(|e| store_error(&e))?;
        progress.statements(report.statements);
        let (bytes, sha256) = finish(path, &tally)?;
        report.files.push(FileReport {
            path: path.clone(),
            bytes,
            sha256,
            statements: report.statements - before,
            truncated,
        });
    }
    if stopped() {
        return Err(LoadError::Interrupted);
    }
    loader.commit().map_err(|e| store_error(&e))?;
    report.triples_in_store = store.len().map_err(|e| store_error(&e))? as u64;
    Ok(report)
}

/// Loads an in-memory text (the bundled demo graph) into `store`.
pub fn load_text(store: &Store, format: RdfFormat, text: &str) -> Result<u64, LoadError> {
    let mut loader = store.bulk_loader();
    let quads = RdfParser::from_format(format)
        .for_slice(text)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| LoadError::Malformed { path: "<demo graph>".into(), line: 0, reason: e.to_string() })?;
    loader.load_quads(quads).map_err(|e| LoadError::Store(e.to_string()))?;
    loader.commit().map_err(|e| LoadError::Store(e.to_string()))?;
    Ok(store.len().map_err(|e| LoadError::Store(e.to_string()))? as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn write(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        path
    }

    fn gzip(content: &str) -> Vec<u8> {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(content.as_bytes()).unwrap();
        enc.finish().unwrap()
    }

    const NT: &str = "<http://orkg.org/orkg/resource/R1> <http://www.w3.org/2000/01/rdf-schema#label> \"A\"^^<http://www.w3.org/2001/XMLSchema#string> .\n\
<http://orkg.org/orkg/resource/R1> <http://orkg.org/orkg/predicate/P29> \"2016\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n";

    #[test]
    fn formats_come_from_the_name_looking_through_gz() {
        let cases = [
            ("dump.nt", Some(RdfFormat::NTriples)),
            ("dump.NT.gz", Some(RdfFormat::NTriples)),
            ("dump.nq", Some(RdfFormat::NQuads)),
            ("demo.ttl", Some(RdfFormat::Turtle)),
            ("x.ttl.gz", Some(RdfFormat::Turtle)),
            ("x.gz", None),
            ("README", None),
            ("x.csv", None),
        ];
        for (name, expected) in cases {
            assert_eq!(format_of(Path::new(name)), expected, "{name}");
        }
    }

    #[test]
    fn ntriples_turtle_nquads_and_gzip_all_load_into_the_default_graph() {
        let dir = tempfile::tempdir().unwrap();
        let files = vec![
            write(dir.path(), "a.nt", NT.as_bytes()),
            write(dir.path(), "b.nt.gz", &gzip("<http://x/b> <http://x/p> \"b\" .\n")),
            write(dir.path(), "c.ttl", b"@prefix x: <http://x/> . x:c x:p \"c\" ; x:q 1 .\n"),
            write(dir.path(), "d.nq", b"<http://x/d> <http://x/p> \"d\" <http://x/g> .\n"),
        ];
        let store = Store::new().unwrap();
        let report = load_files(&store, &files, LoadOptions::default(), &Quiet).unwrap();
        assert_eq!(report.statements, 6);
        assert_eq!(report.skipped, 0);
        assert_eq!(report.triples_in_store, 6);
        assert_eq!(store.named_graphs().count(), 0, "everything lands in the default graph");
    }

    #[test]
    fn malformed_lines_are_reported_with_file_and_line_and_skipped() {
        let dir = tempfile::tempdir().unwrap();
        // An unterminated string must not swallow the valid line after it.
        let content = format!("{NT}<http://x/a> <http://x/p> \"unterminated .\n<http://x/b> <http://x/p> \"ok\" .\nnot a triple at all\n<http://x/c> <http://x/p> \"ok\" .\n");
        let path = write(dir.path(), "dirty.nt", content.as_bytes());
        let store = Store::new().unwrap();

        let report = load_files(&store, std::slice::from_ref(&path), LoadOptions::default(), &Quiet).unwrap();

        assert_eq!(report.skipped, 2, "{:?}", report.skipped_lines);
        assert_eq!(report.triples_in_store, 4);
        assert!(report.skipped_lines[0].reason.starts_with("column 27:"), "{:?}", report.skipped_lines);
        let lines: Vec<_> = report.skipped_lines.iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![Some(3), Some(5)]);
        assert!(report.skipped_lines.iter().all(|s| s.path == path && !s.reason.is_empty()));
    }

    #[test]
    fn blank_nodes_stay_joined_within_a_file_and_apart_across_files() {
        let dir = tempfile::tempdir().unwrap();
        let same = "_:b <http://x/p> \"1\" .\n_:b <http://x/q> \"2\" .\n";
        let files = vec![write(dir.path(), "a.nt", same.as_bytes()), write(dir.path(), "b.nt", same.as_bytes())];
        let store = Store::new().unwrap();
        load_files(&store, &files, LoadOptions::default(), &Quiet).unwrap();
        let subjects: std::collections::HashSet<_> =
            store.iter().map(|q| q.unwrap().subject.to_string()).collect();
        assert_eq!(subjects.len(), 2, "one blank node per file: {subjects:?}");
    }

    #[test]
    fn a_dirty_line_in_a_large_file_is_found_past_the_first_chunk() {
        let dir = tempfile::tempdir().unwrap();
        let mut content = String::new();
        for i in 0..(CHUNK_LINES + 10) {
            content.push_str(&format!("<http://x/s{i}> <http://x/p> \"{i}\" .\n"));
            if i == CHUNK_LINES + 3 {
                content.push_str("<http://x/broken> <http://x/p> .\n");
            }
        }
        let path = write(dir.path(), "big.nt.gz", &gzip(&content));
        let store = Store::new().unwrap();
        let report = load_files(&store, &[path], LoadOptions::default(), &Quiet).unwrap();
        assert_eq!(report.skipped_lines.len(), 1);
        assert_eq!(report.skipped_lines[0].line, Some(CHUNK_LINES as u64 + 5));
        assert_eq!(report.triples_in_store, CHUNK_LINES as u64 + 10);
    }

    #[test]
    fn strict_mode_stops_at_the_first_malformed_line() {
        let dir = tempfile::tempdir().unwrap();
        let content = format!("{NT}garbage here\n");
        let path = write(dir.path(), "dirty.nt", content.as_bytes());
        let store = Store::new().unwrap();
        let err = load_files(&store, &[path], LoadOptions { strict: true, ..Default::default() }, &Quiet).unwrap_err();
        match err {
            LoadError::Malformed { line, .. } => assert_eq!(line, 3),
            other => panic!("expected Malformed, got {other:?}"),
        }
    }

    #[test]
    fn a_file_cut_short_is_reported_where_it_stops_and_strict_loads_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut content = String::new();
        for i in 0..2000 {
            content.push_str(&format!("<http://x/s{i}> <http://x/p> \"value number {i}\" .\n"));
        }
        let gz = gzip(&content);
        let cut = write(dir.path(), "cut.nt.gz", &gz[..gz.len() / 2]);
        let store = Store::new().unwrap();
        let report = load_files(&store, std::slice::from_ref(&cut), LoadOptions::default(), &Quiet).unwrap();
        let truncation = report.truncated().next().expect("the cut is reported").clone();
        assert_eq!((truncation.byte, truncation.reason.as_str()), (gz.len() as u64 / 2, "its gzip stream ends unexpectedly"));
        // Every whole line before the cut is kept, and the cut is on the line after them.
        assert_eq!(truncation.line, Some(report.triples_in_store + 1));
        assert!(report.triples_in_store > 0 && report.triples_in_store < 2000, "{}", report.triples_in_store);

        let mid_line = write(dir.path(), "cut.nt", &content.as_bytes()[..content.len() - 5]);
        let strict = LoadOptions { strict: true, ..Default::default() };
        let store = Store::new().unwrap();
        match load_files(&store, &[mid_line], strict, &Quiet).unwrap_err() {
            LoadError::Truncated(t) => assert_eq!((t.line, t.reason.as_str()), (Some(2000), "its last line stops mid-statement")),
            other => panic!("expected Truncated, got {other:?}"),
        }
        assert_eq!(store.len().unwrap(), 0, "strict loads nothing from a file cut short");
        // A last line with no line end that is whole is no cut.
        let whole = write(dir.path(), "whole.nt", content.trim_end().as_bytes());
        assert_eq!(load_files(&Store::new().unwrap(), &[whole], LoadOptions::default(), &Quiet).unwrap().truncated().count(), 0);
    }

    #[test]
    fn a_stop_flag_ends_the_load_before_anything_reaches_the_store_and_files_are_hashed() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "a.nt", NT.as_bytes());
        let store = Store::new().unwrap();
        let stop = Arc::new(AtomicBool::new(true));
        let err = load_files(&store, std::slice::from_ref(&path), LoadOptions { strict: false, stop: Some(stop.clone()) }, &Quiet).unwrap_err();
        assert_eq!(err.code(), "load_interrupted");
        assert_eq!(store.len().unwrap(), 0);
        stop.store(false, Ordering::Relaxed);
        let report = load_files(&store, &[path], LoadOptions { strict: false, stop: Some(stop) }, &Quiet).unwrap();
        let file = &report.files[0];
        assert_eq!((file.bytes, file.statements), (NT.len() as u64, 2));
        assert_eq!(file.sha256, hex::encode(Sha256::digest(NT.as_bytes())));
    }

    #[test]
    fn a_full_disk_is_told_from_other_store_failures() {
        assert_eq!(LoadError::Store("IO error: No space left on device: While appending to file".into()).code(), "load_disk_full");
        assert_eq!(LoadError::Store("Corruption: bad block".into()).code(), "load_store");
    }

    #[test]
    fn missing_files_and_unknown_formats_fail_before_anything_loads() {
        let dir = tempfile::tempdir().unwrap();
        let good = write(dir.path(), "a.nt", NT.as_bytes());
        let store = Store::new().unwrap();
        let missing = dir.path().join("nope.nt");
        let err = load_files(&store, &[good.clone(), missing], LoadOptions::default(), &Quiet)
            .unwrap_err();
        assert!(matches!(err, LoadError::Io { .. }), "{err:?}");
        let odd = write(dir.path(), "a.csv", b"x");
        let err = load_files(&store, &[good, odd], LoadOptions::default(), &Quiet).unwrap_err();
        assert!(matches!(err, LoadError::UnknownFormat(_)), "{err:?}");
        assert_eq!(store.len().unwrap(), 0);
    }
}
