//! The text index over the graph's labels: paper titles, research problems, fields, models,
//! datasets and metrics, ranked by BM25 (tantivy).
//!
//! Names are written many ways ("self supervised" / "Self-Supervised", "CIFAR 10 test
//! set", plurals, word order); exact and alias matching in the lexicon misses them. The
//! index tokenises labels and questions alike (lowercase, split on punctuation, English
//! stemming, digits kept apart from letters so "cifar10" meets "CIFAR-10"), and every hit
//! says which of the query's terms it matched and how much of the query's weight (summed
//! IDF) they carry: a caller can then refuse a paper that shares only a generic word with
//! the question. Built at start-up from the graph (in memory), or written once beside an
//! on-disk store by `scigraph load` and opened from there. Reads are pure apart from the
//! memory map.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, STORED, STRING};
use tantivy::tokenizer::{Language, LowerCaser, SimpleTokenizer, Stemmer, TextAnalyzer};
use tantivy::{doc, DocAddress, Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

/// What a label names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DocKind {
    Paper,
    Problem,
    Field,
    Model,
    Dataset,
    Metric,
}

impl DocKind {
    pub const ALL: [DocKind; 6] = [Self::Paper, Self::Problem, Self::Field, Self::Model, Self::Dataset, Self::Metric];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Paper => "paper",
            Self::Problem => "problem",
            Self::Field => "field",
            Self::Model => "model",
            Self::Dataset => "dataset",
            Self::Metric => "metric",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// Where `scigraph load` writes the index of an on-disk store: beside it, as
/// `<store>.index` (RocksDB owns the store's own directory).
pub fn beside(store: &Path) -> std::path::PathBuf {
    crate::kg::manifest::sidecar(store, ".index")
}

/// One label to index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexDoc {
    pub kind: DocKind,
    pub iri: String,
    pub label: String,
}

/// One hit: the label, its BM25 score, and how much of the query it covers.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub kind: DocKind,
    pub iri: String,
    pub label: String,
    pub score: f32,
    /// The query's terms the label holds.
    pub matched: Vec<String>,
    /// Summed IDF of the matched terms over that of all the query's terms (0..=1).
    pub coverage: f32,
    /// Share of the label's own terms that the query holds (1: the label is all query).
    pub label_coverage: f32,
}

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("text index: {0}")]
    Tantivy(#[from] tantivy::TantivyError),
    #[error("text index directory {path}: {source}")]
    Directory { path: String, source: tantivy::directory::error::OpenDirectoryError },
    #[error("text index at {path} has another schema; rebuild it with `scigraph load`")]
    Schema { path: String },
}

impl IndexError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Tantivy(_) => "index_error",
            Self::Directory { .. } => "index_directory",
            Self::Schema { .. } => "index_schema",
        }
    }
}

const TOKENIZER: &str = "scigraph";
/// Memory for the index writer while building.
const WRITER_BYTES: usize = 64 * 1024 * 1024;

#[derive(Clone, Copy)]
struct Fields {
    kind: tantivy::schema::Field,
    iri: tantivy::schema::Field,
    /// Indexed (digits split from letters), not stored.
    label: tantivy::schema::Field,
    /// The label as written, stored only.
    display: tantivy::schema::Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let text = TextOptions::default()
        .set_indexing_options(TextFieldIndexing::default().set_tokenizer(TOKENIZER).set_index_option(IndexRecordOption::WithFreqs));
    let fields = Fields {
        kind: builder.add_text_field("kind", STRING | STORED),
        iri: builder.add_text_field("iri", STRING | STORED),
        label: builder.add_text_field("label", text),
        display: builder.add_text_field("display", STORED),
    };
    (builder.build(), fields)
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).filter(Stemmer::new(Language::English)).build()
}

/// "cifar10" → "cifar 10", "ResNet50" → "ResNet 50", "wmt14" → "wmt 14": letters and digits
/// are separate words on both sides of a search ("CIFAR-10" tokenises as "cifar", "10").
fn split_digits(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = previous {
            if (p.is_alphabetic() && c.is_ascii_digit()) || (p.is_ascii_digit() && c.is_alphabetic()) {
                out.push(' ');
            }
        }
        out.push(c);
        previous = Some(c);
    }
    out
}

/// Most words whose stems are kept per thread; past it the cache starts again.
const STEMS_KEPT: usize = 100_000;

thread_local! {
    /// The analyzer without its stemmer: the words of a text, lowercased.
    static WORDS: RefCell<TextAnalyzer> = RefCell::new(TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).build());
    /// The whole analyzer, run on one word at a time.
    static STEMMER: RefCell<TextAnalyzer> = RefCell::new(analyzer());
    /// Each lowercased word's stem. Stemming was the larger part of a search's own time:
    /// every hit's title is split into terms again to say which of the question's it
    /// matched, and the same words recur across titles and questions.
    static STEMS: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
}

/// The stem of one lowercased word, as the index's analyzer makes it.
fn stem(word: &str) -> String {
    STEMS.with_borrow_mut(|stems| {
        if let Some(s) = stems.get(word) {
            return s.clone();
        }
        let s = STEMMER.with_borrow_mut(|analyzer| {
            let mut stream = analyzer.token_stream(word);
            stream.next().map_or_else(|| word.to_owned(), |t| t.text.clone())
        });
        if stems.len() >= STEMS_KEPT {
            stems.clear();
        }
        stems.insert(word.to_owned(), s.clone());
        s
    })
}

/// The index's terms of `text`, in order, without repeats: the analyzer's tokens, with
/// each word's stem taken from a per-thread cache ([`stem`]).
pub fn terms(text: &str) -> Vec<String> {
    let prepared = split_digits(text);
    let words: Vec<String> = WORDS.with_borrow_mut(|analyzer| {
        let mut stream = analyzer.token_stream(&prepared);
        let mut words = Vec::new();
        while let Some(token) = stream.next() {
            words.push(token.text.clone());
        }
        words
    });
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for w in words {
        let t = stem(&w);
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// A BM25 index of labels, in memory or on disk.
pub struct TextIndex {
    reader: IndexReader,
    fields: Fields,
    docs: u64,
    /// Documents read back for hits. Reading one (its block of the doc store
    /// decompressed, its fields parsed, its label split into terms) cost about half of a
    /// search, and the same few thousand labels are hit again and again. An address
    /// names the same document for the index's life: nothing writes to it once opened,
    /// and the reader never reloads.
    stored: moka::sync::Cache<DocAddress, Arc<Stored>>,
    /// Searches answered, by their terms, kinds and limit. Linking looks the same names up
    /// again and again (every question on SQuAD links "squad"), and a search is a BM25
    /// query over every label; for the same reason as `stored`, its hits never change.
    searched: moka::sync::Cache<SearchKey, Arc<Vec<Hit>>>,
}

/// Documents kept read: at most this many (a few hundred bytes each).
const STORED_KEPT: u64 = 50_000;
/// Searches kept: at most this many (up to `limit` hits each, a few KB at most).
const SEARCHES_KEPT: u64 = 20_000;

/// What makes two searches the same: the query's terms (not its spelling), the kinds
/// asked for and the limit.
type SearchKey = (Vec<String>, Vec<DocKind>, usize);

/// A document as a hit needs it.
struct Stored {
    kind: DocKind,
    iri: String,
    label: String,
    /// The label's own terms.
    terms: Vec<String>,
}

impl TextIndex {
    /// Builds an index of `docs` in memory, or in `dir` (created, must be empty) to be
    /// opened later with [`Self::open`].
    pub fn build(docs: impl IntoIterator<Item = IndexDoc>, dir: Option<&Path>) -> Result<Self, IndexError> {
        let (schema, fields) = schema();
        let index = match dir {
            Some(path) => {
                std::fs::create_dir_all(path).map_err(|e| IndexError::Tantivy(e.into()))?;
                let directory = tantivy::directory::MmapDirectory::open(path)
                    .map_err(|source| IndexError::Directory { path: path.display().to_string(), source })?;
                Index::create(directory, schema, tantivy::IndexSettings::default())?
            }
            None => Index::create_in_ram(schema),
        };
        index.tokenizers().register(TOKENIZER, analyzer());
        let mut writer: tantivy::IndexWriter = index.writer_with_num_threads(1, WRITER_BYTES)?;
        for d in docs {
            let indexed = split_digits(&d.label);
            writer.add_document(doc!(fields.kind => d.kind.as_str(), fields.iri => d.iri, fields.label => indexed, fields.display => d.label))?;
        }
        writer.commit()?;
        writer.wait_merging_threads()?;
        Self::with_index(index, fields)
    }

    /// Opens an index written by [`Self::build`] in `dir`.
    pub fn open(dir: &Path) -> Result<Self, IndexError> {
        let index = Index::open_in_dir(dir)?;
        let (expected, fields) = schema();
        if index.schema() != expected {
            return Err(IndexError::Schema { path: dir.display().to_string() });
        }
        index.tokenizers().register(TOKENIZER, analyzer());
        Self::with_index(index, fields)
    }

    fn with_index(index: Index, fields: Fields) -> Result<Self, IndexError> {
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let docs = reader.searcher().num_docs();
        Ok(Self { reader, fields, docs, stored: moka::sync::Cache::new(STORED_KEPT), searched: moka::sync::Cache::new(SEARCHES_KEPT) })
    }

    /// How many labels it holds.
    pub fn len(&self) -> u64 {
        self.docs
    }

    pub fn is_empty(&self) -> bool {
        self.docs == 0
    }

    /// Every document that is not a paper title: the entity labels the index was built
    /// from, so that `serve --store` reads them from the index on disk instead of from the
    /// store (seconds at ORKG's size). In no particular order: the lexicon does not depend
    /// on it.
    pub fn entity_docs(&self) -> Result<Vec<IndexDoc>, IndexError> {
        let searcher = self.reader.searcher();
        let mut out = Vec::new();
        for segment in searcher.segment_readers() {
            let store = segment.get_store_reader(1).map_err(|e| IndexError::Tantivy(e.into()))?;
            for doc in store.iter::<TantivyDocument>(segment.alive_bitset()) {
                let doc = doc?;
                let get = |f| doc.get_first(f).and_then(|v| v.as_str().map(str::to_owned));
                let (Some(kind), Some(iri), Some(label)) = (get(self.fields.kind).as_deref().and_then(DocKind::parse), get(self.fields.iri), get(self.fields.display)) else {
                    continue;
                };
                if kind != DocKind::Paper {
                    out.push(IndexDoc { kind, iri, label });
                }
            }
        }
        Ok(out)
    }

    /// The terms of `text` that occur in at least one label, with their IDF, rarest first.
    pub fn weights(&self, text: &str) -> Vec<(String, f32)> {
        let searcher = self.reader.searcher();
        let mut out: Vec<(String, f32)> = self
            .idf(&terms(text))
            .into_iter()
            .filter(|(t, _)| searcher.doc_freq(&Term::from_field_text(self.fields.label, t)).unwrap_or(0) > 0)
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// `words` with each one no label holds, of five letters or more, written as the term
    /// of the index one letter off it (or two neighbours swapped): "vidoe" as "video",
    /// "transhipment" as "transshipment"; where several are, the one in most labels. `None`
    /// when no word is written otherwise. A term is a stem, which reads back as itself.
    pub fn corrected(&self, words: &[String]) -> Option<Vec<String>> {
        /// The shortest word read as a typo: shorter ones are one letter off too many others.
        const TYPO_CHARS: usize = 5;
        let searcher = self.reader.searcher();
        let mut changed = false;
        let out = words
            .iter()
            .map(|word| {
                let terms = terms(word);
                let [term] = terms.as_slice() else { return word.clone() };
                let known = searcher.doc_freq(&Term::from_field_text(self.fields.label, term)).unwrap_or(0) > 0;
                if known || word.chars().count() < TYPO_CHARS || !term.chars().all(char::is_alphabetic) {
                    return word.clone();
                }
                match self.nearest_term(&searcher, term) {
                    Some(near) => {
                        changed = true;
                        near
                    }
                    None => word.clone(),
                }
            })
            .collect();
        changed.then_some(out)
    }

    /// The label term one edit from `term` in the most labels (the first in order on a tie).
    fn nearest_term(&self, searcher: &tantivy::Searcher, term: &str) -> Option<String> {
        let query = tantivy::query::FuzzyTermQuery::new(Term::from_field_text(self.fields.label, term), 1, true);
        let mut found: BTreeMap<String, u32> = BTreeMap::new();
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.label).ok()?;
            let mut stream = inverted.terms().search(query.automaton().ok()?).into_stream().ok()?;
            while stream.advance() {
                if let Ok(key) = std::str::from_utf8(stream.key()) {
                    *found.entry(key.to_owned()).or_default() += stream.value().doc_freq;
                }
            }
        }
        found.into_iter().filter(|(t, _)| t != term).max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0))).map(|(t, _)| t)
    }

    /// "pointnav" as "point nav" when the index knows both halves, and (unless
    /// `even_if_known`) not the whole word: people write names joined that labels write
    /// apart. `even_if_known` is for a name that linked nothing as written (a title may hold
    /// "CartPole" while the dataset is "Cart Pole (OpenAI Gym)").
    pub fn split_compound(&self, word: &str, even_if_known: bool) -> Option<String> {
        let lower = word.to_lowercase();
        if lower.len() < 6 || !lower.chars().all(|c| c.is_ascii_alphabetic()) || (!even_if_known && !self.weights(&lower).is_empty()) {
            return None;
        }
        (3..=lower.len() - 3).find_map(|i| {
            let (a, b) = lower.split_at(i);
            (self.weights(a).len() == 1 && self.weights(b).len() == 1).then(|| format!("{a} {b}"))
        })
    }

    /// The inverse document frequency of each term (BM25's), over the whole index.
    fn idf(&self, terms: &[String]) -> BTreeMap<String, f32> {
        let searcher = self.reader.searcher();
        let n = searcher.num_docs().max(1) as f32;
        terms
            .iter()
            .map(|t| {
                let df = searcher.doc_freq(&Term::from_field_text(self.fields.label, t)).unwrap_or(0) as f32;
                (t.clone(), (1.0 + (n - df + 0.5) / (df + 0.5)).ln())
            })
            .collect()
    }

    /// The document at `address`, read once and then kept; `None` for one without the
    /// fields every document is written with.
    fn stored(&self, searcher: &tantivy::Searcher, address: DocAddress) -> Option<Arc<Stored>> {
        if let Some(kept) = self.stored.get(&address) {
            return Some(kept);
        }
        let doc: TantivyDocument = searcher.doc(address).ok()?;
        let get = |f| doc.get_first(f).and_then(|v| v.as_str().map(str::to_owned));
        let label = get(self.fields.display)?;
        let read = Arc::new(Stored { kind: DocKind::parse(&get(self.fields.kind)?)?, iri: get(self.fields.iri)?, terms: terms(&label), label });
        self.stored.insert(address, read.clone());
        Some(read)
    }

    /// The best `limit` labels of the given kinds for `text`, ranked by BM25, each with the
    /// query terms it matched and its coverage of the query's weight.
    pub fn search(&self, text: &str, kinds: &[DocKind], limit: usize) -> Vec<Hit> {
        let query_terms = terms(text);
        if query_terms.is_empty() || limit == 0 {
            return Vec::new();
        }
        let key: SearchKey = (query_terms, kinds.to_vec(), limit);
        if let Some(hits) = self.searched.get(&key) {
            return hits.as_ref().clone();
        }
        let hits = self.search_terms(&key.0, kinds, limit);
        self.searched.insert(key, Arc::new(hits.clone()));
        hits
    }

    /// [`Self::search`] of terms already split and stemmed.
    fn search_terms(&self, query_terms: &[String], kinds: &[DocKind], limit: usize) -> Vec<Hit> {
        let idf = self.idf(query_terms);
        let total: f32 = idf.values().sum();
        let words: Vec<(Occur, Box<dyn Query>)> = query_terms
            .iter()
            .map(|t| {
                let q: Box<dyn Query> = Box::new(TermQuery::new(Term::from_field_text(self.fields.label, t), IndexRecordOption::WithFreqs));
                (Occur::Should, q)
            })
            .collect();
        let kinds_query: Vec<(Occur, Box<dyn Query>)> = kinds
            .iter()
            .map(|k| {
                let q: Box<dyn Query> = Box::new(TermQuery::new(Term::from_field_text(self.fields.kind, k.as_str()), IndexRecordOption::Basic));
                (Occur::Should, q)
            })
            .collect();
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, Box::new(BooleanQuery::new(words)))];
        if !kinds_query.is_empty() {
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(kinds_query))));
        }
        let query = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let Ok(top) = searcher.search(&query, &TopDocs::with_limit(limit).order_by_score()) else { return Vec::new() };
        let wanted: BTreeSet<&String> = query_terms.iter().collect();
        top.into_iter()
            .filter_map(|(score, address)| {
                let doc = self.stored(&searcher, address)?;
                let matched: Vec<String> = doc.terms.iter().filter(|t| wanted.contains(t)).cloned().collect();
                let weight: f32 = matched.iter().filter_map(|t| idf.get(t)).sum();
                Some(Hit {
                    kind: doc.kind,
                    iri: doc.iri.clone(),
                    label: doc.label.clone(),
                    score,
                    coverage: if total > 0.0 { weight / total } else { 0.0 },
                    label_coverage: if doc.terms.is_empty() { 0.0 } else { matched.len() as f32 / doc.terms.len() as f32 },
                    matched,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(labels: &[(DocKind, &str)]) -> TextIndex {
        let docs = labels.iter().enumerate().map(|(i, (kind, label))| IndexDoc { kind: *kind, iri: format!("r{i}"), label: (*label).to_owned() });
        TextIndex::build(docs, None).unwrap()
    }

    #[test]
    fn a_word_no_label_holds_is_read_as_the_label_word_one_letter_off_it() {
        let idx = index(&[(DocKind::Paper, "Cooperative learning of audio and video models"), (DocKind::Paper, "Video understanding"), (DocKind::Paper, "Liner shipping with transshipment")]);
        let words = |text: &str| text.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(idx.corrected(&words("audio and vidoe models")), Some(words("audio and video models")));
        assert_eq!(idx.corrected(&words("liner transhipment")).map(|w| w[1].clone()), Some(crate::index::terms("transshipment")[0].clone()));
        // Known words, short words and numbers are left alone; so is a word nothing is near.
        assert_eq!(idx.corrected(&words("video models")), None);
        assert_eq!(idx.corrected(&words("vido 2019")), None);
        assert_eq!(idx.corrected(&words("chinchilla")), None);
    }

    #[test]
    fn a_search_asked_again_gives_the_same_hits_and_kinds_and_limits_are_kept_apart() {
        let idx = index(&[(DocKind::Dataset, "SQuAD 1.1"), (DocKind::Dataset, "SQuAD 2.0"), (DocKind::Model, "SQuAD Reader")]);
        let datasets = idx.search("squad", &[DocKind::Dataset], 5);
        assert_eq!(datasets.len(), 2, "{datasets:?}");
        // Kept by its terms: another spelling of the same words is the same search.
        assert_eq!(idx.search("SQuAD", &[DocKind::Dataset], 5), datasets);
        let models = idx.search("squad", &[DocKind::Model], 5);
        assert_eq!(models.iter().map(|h| h.label.as_str()).collect::<Vec<_>>(), ["SQuAD Reader"]);
        assert_eq!(idx.search("squad", &[DocKind::Dataset], 1).len(), 1);
        assert_eq!(idx.search("squad", &[DocKind::Dataset], 5), datasets);
    }

    #[test]
    fn an_index_on_disk_gives_back_its_entity_labels_but_not_its_titles() {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![
            IndexDoc { kind: DocKind::Dataset, iri: "d1".into(), label: "CIFAR-10".into() },
            IndexDoc { kind: DocKind::Paper, iri: "p1".into(), label: "Deep residual learning".into() },
            IndexDoc { kind: DocKind::Model, iri: "m1".into(), label: "ResNet-50".into() },
        ];
        TextIndex::build(docs.clone(), Some(dir.path())).unwrap();
        let mut back = TextIndex::open(dir.path()).unwrap().entity_docs().unwrap();
        back.sort_by(|a, b| a.iri.cmp(&b.iri));
        assert_eq!(back, vec![docs[0].clone(), docs[2].clone()]);
    }

    #[test]
    fn a_label_hit_again_reads_as_it_did_the_first_time() {
        let ix = index(&[(DocKind::Dataset, "CIFAR-10"), (DocKind::Dataset, "CIFAR-100"), (DocKind::Model, "Wide ResNet")]);
        let first = ix.search("cifar 10", &[DocKind::Dataset], 2);
        ix.stored.run_pending_tasks();
        assert_eq!(ix.stored.entry_count(), 2, "both hits are kept");
        let again = ix.search("cifar 10", &[DocKind::Dataset], 2);
        assert_eq!(again, first);
        assert_eq!((again[0].label.as_str(), again[0].matched.clone(), again[0].label_coverage), ("CIFAR-10", vec!["cifar".to_owned(), "10".to_owned()], 1.0));
        // A kept document answers another query with that query's own terms.
        let other = ix.search("cifar", &[DocKind::Dataset], 1);
        assert_eq!(other[0].matched, vec!["cifar".to_owned()]);
    }

    #[test]
    fn names_written_differently_meet_their_label() {
        let ix = index(&[(DocKind::Dataset, "CIFAR-10"), (DocKind::Dataset, "CIFAR-100"), (DocKind::Model, "Self-Supervised GAN"), (DocKind::Dataset, "ImageNet")]);
        assert_eq!(ix.search("cifar10 test set", &[DocKind::Dataset], 3)[0].label, "CIFAR-10");
        let hit = &ix.search("self supervised gans", &[DocKind::Model], 1)[0];
        assert_eq!((hit.label.as_str(), hit.coverage), ("Self-Supervised GAN", 1.0));
        assert!(ix.search("imagenet", &[DocKind::Model], 5).is_empty(), "kinds filter");
    }

    #[test]
    fn a_hit_sharing_only_a_common_word_covers_little_of_the_query() {
        let mut labels = vec![(DocKind::Paper, "Count-based exploration for deep reinforcement learning")];
        labels.extend([(DocKind::Paper, "Deep learning for cropland maps"), (DocKind::Paper, "Representation learning on graphs")]);
        let ix = index(&labels);
        let hits = ix.search("federated learning", &[DocKind::Paper], 10);
        assert!(!hits.is_empty() && hits.iter().all(|h| h.coverage < 0.5), "{hits:?}");
    }

    #[test]
    fn an_index_written_to_disk_opens_with_the_same_answers() {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![IndexDoc { kind: DocKind::Paper, iri: "p1".into(), label: "Attention Is All You Need".into() }];
        let built = TextIndex::build(docs, Some(&dir.path().join("ix"))).unwrap();
        let opened = TextIndex::open(&dir.path().join("ix")).unwrap();
        assert_eq!(opened.len(), 1);
        assert_eq!(opened.search("attention is all you need", &[], 1), built.search("attention is all you need", &[], 1));
    }

    #[test]
    fn digits_are_split_from_letters_on_both_sides() {
        assert_eq!(terms("ResNet50 on WMT14"), vec!["resnet", "50", "on", "wmt", "14"]);
    }

    #[test]
    fn terms_are_the_analyzers_own_tokens_on_a_first_and_a_cached_reading() {
        let text = "Evaluating Generative Adversarial Networks: running, runs, studies; Ünïcode ÉTUDES 3D-CNNs";
        let mut whole = analyzer();
        let prepared = split_digits(text);
        let mut stream = whole.token_stream(&prepared);
        let mut expected: Vec<String> = Vec::new();
        while let Some(t) = stream.next() {
            if !expected.contains(&t.text) {
                expected.push(t.text.clone());
            }
        }
        assert!(expected.contains(&"studi".to_owned()), "{expected:?}");
        assert_eq!(terms(text), expected);
        assert_eq!(terms(text), expected, "the second reading comes from the cache");
    }
}
