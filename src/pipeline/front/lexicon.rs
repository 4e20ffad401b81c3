//! The entity lexicon: every name the keyword extractor can recognise, and what it means.
//!
//! Two sources are merged at start-up: the synonym tables in `synonyms/` (compiled in;
//! canonical names with their aliases, per kind) and the knowledge graph's own labels of
//! Model, Dataset, Metric, Problem and ResearchField resources, with their IRIs. One
//! Aho-Corasick automaton over every surface form (case-insensitive) finds mentions in a
//! question; a match only counts at word boundaries, so "NER" never matches inside
//! "mineral". The lexicon is built once and then only read: matching is pure.

use std::collections::HashMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use serde::Serialize;

/// The five kinds of entity a question can mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntityKind {
    Method,
    Dataset,
    Task,
    Field,
    Metric,
}

impl EntityKind {
    pub const ALL: [EntityKind; 5] =
        [Self::Method, Self::Dataset, Self::Task, Self::Field, Self::Metric];

    /// The ORKG class whose labels name entities of this kind.
    pub fn orkg_class(self) -> &'static str {
        match self {
            Self::Method => "Model",
            Self::Dataset => "Dataset",
            Self::Task => "Problem",
            Self::Field => "ResearchField",
            Self::Metric => "Metric",
        }
    }

    /// What an answer calls one ("The knowledge graph records no research problem called X").
    pub fn noun(self) -> &'static str {
        match self {
            Self::Method => "model",
            Self::Dataset => "dataset",
            Self::Task => "research problem",
            Self::Field => "research field",
            Self::Metric => "metric",
        }
    }

    /// The plural list name used in JSON (`methods`, `datasets`, ...).
    pub fn plural(self) -> &'static str {
        match self {
            Self::Method => "methods",
            Self::Dataset => "datasets",
            Self::Task => "tasks",
            Self::Field => "fields",
            Self::Metric => "metrics",
        }
    }

    pub fn from_plural(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.plural() == name)
    }
}

/// One list per entity kind, serialised as `{"methods": [...], "datasets": [...], ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ByKind<T> {
    /// Methods and models ("BERT", "ResNet-50").
    pub methods: Vec<T>,
    /// Datasets and benchmarks ("SQuAD1.1", "ImageNet").
    pub datasets: Vec<T>,
    /// Tasks, i.e. research problems ("question answering").
    pub tasks: Vec<T>,
    /// Research fields ("computer vision").
    pub fields: Vec<T>,
    /// Evaluation metrics ("F1", "BLEU").
    pub metrics: Vec<T>,
}

impl<T> Default for ByKind<T> {
    fn default() -> Self {
        Self { methods: Vec::new(), datasets: Vec::new(), tasks: Vec::new(), fields: Vec::new(), metrics: Vec::new() }
    }
}

impl<T> ByKind<T> {
    pub fn get(&self, kind: EntityKind) -> &Vec<T> {
        match kind {
            EntityKind::Method => &self.methods,
            EntityKind::Dataset => &self.datasets,
            EntityKind::Task => &self.tasks,
            EntityKind::Field => &self.fields,
            EntityKind::Metric => &self.metrics,
        }
    }

    pub fn get_mut(&mut self, kind: EntityKind) -> &mut Vec<T> {
        match kind {
            EntityKind::Method => &mut self.methods,
            EntityKind::Dataset => &mut self.datasets,
            EntityKind::Task => &mut self.tasks,
            EntityKind::Field => &mut self.fields,
            EntityKind::Metric => &mut self.metrics,
        }
    }

    pub fn is_empty(&self) -> bool {
        EntityKind::ALL.iter().all(|&k| self.get(k).is_empty())
    }

    /// Every element with its kind, kinds in [`EntityKind::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (EntityKind, &T)> {
        EntityKind::ALL.into_iter().flat_map(move |k| self.get(k).iter().map(move |t| (k, t)))
    }
}

/// Whether a higher or a lower value of a metric is better (`higher`, `lower`, or `none`
/// when neither is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Higher,
    Lower,
    None,
}

/// One thing the lexicon knows: a canonical name, its other names, and its IRIs.
#[derive(Debug, Clone)]
pub struct Entry {
    pub kind: EntityKind,
    pub canonical: String,
    /// Other names (the synonym table's aliases; for a KG label, none).
    pub aliases: Vec<String>,
    /// Knowledge-graph resources carrying this name (or one of its aliases) as label.
    pub iris: Vec<String>,
    /// True when the entry came from a knowledge-graph label rather than the tables.
    pub from_graph: bool,
    pub direction: Option<Direction>,
}

/// A label read from the knowledge graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphLabel {
    pub kind: EntityKind,
    pub iri: String,
    pub label: String,
}

/// A mention found in a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Mention {
    /// The text as written in the question.
    pub text: String,
    pub start: usize,
    pub end: usize,
    /// The entries this surface form names, best first.
    pub entries: Vec<usize>,
}

#[derive(Debug, thiserror::Error)]
#[error("synonyms/{file}:{line}: {reason}")]
pub struct LexiconError {
    pub file: &'static str,
    pub line: usize,
    pub reason: String,
}

pub struct Lexicon {
    entries: Vec<Entry>,
    /// One pattern per distinct lowercased surface form.
    surfaces: Vec<String>,
    /// For each pattern, the entries it names: exact KG labels first, then canonicals, then aliases.
    targets: Vec<Vec<usize>>,
    matcher: AhoCorasick,
    /// Graph models and datasets by their [`squashed`] names, where one name squashes to
    /// it: "MurreletMT", "Trill-BERT" and "kestrel net" are how people write "Murrelet-MT",
    /// "Trillbert" and "KestrelNet".
    squashed: HashMap<String, usize>,
    /// The keys of `squashed` by first letter and length, for names written with a typo.
    by_shape: HashMap<(char, usize), Vec<String>>,
    /// Graph models and datasets whose label ends in a qualifier in parentheses ("EffNet-L2
    /// (SAM)", "DEQ-Transformer (small)"), by their squashed names, where one name squashes
    /// to it: read only where the question writes the parentheses too.
    qualified: HashMap<String, usize>,
    /// The keys of `qualified` by first letter and length.
    qualified_shape: HashMap<(char, usize), Vec<String>>,
    /// Names of model families no label is: the part before the hyphen of two or more
    /// graph models' first words ("cait" for "CAIT-M-24" and "CaiT-M-48-448", "deit" for
    /// "DeiT-B" and "DeiT-Ti"), squashed; none that is a word of a task, field, metric or
    /// dataset name, or a name itself.
    family_stems: std::collections::HashSet<String>,
}

/// A name's letters and digits, lowercased: "Murrelet-MT", "MurreletMT" and "murrelet mt"
/// are all "murreletmt".
pub fn squashed(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Whether `written` names a sibling of `label` rather than misspelling it: another number
/// ("Dastrup-8 Chorus" beside "Dastrup-7 Chorus") or another last part after the same
/// stem ("Wendrel-L" beside "Wendrel-S", "Quillon-XXL" beside "Quillon-XL"). A size or a
/// version one letter off is another model, not a typo; a long last word one letter off
/// is ("text classifcation" for "Text Classification").
fn sibling(written: &str, label: &str) -> bool {
    /// The longest last part read as a size or version ("XXL", "base").
    const SIZE_CHARS: usize = 4;
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    if digits(written) != digits(label) {
        return true;
    }
    let split = |s: &str| s.rsplit_once(['-', ' ']).map(|(stem, last)| (squashed(stem), squashed(last)));
    // A part added or left off ("ImageNet-R", "PEGASUS-X" beside "ImageNet", "PEGASUS") is
    // another dataset or model of the family.
    let part_of = |longer: &str, shorter: &str| split(longer.trim()).is_some_and(|(stem, _)| stem == squashed(shorter));
    if part_of(written, label) || part_of(label, written) {
        return true;
    }
    match (split(written.trim()), split(label.trim())) {
        (Some((stem_w, last_w)), Some((stem_l, last_l))) => stem_w == stem_l && last_w != last_l && last_l.chars().count().min(last_w.chars().count()) <= SIZE_CHARS,
        _ => false,
    }
}

/// Squashed names by first letter and length, each list sorted.
fn shapes<'a>(keys: impl Iterator<Item = &'a String>) -> HashMap<(char, usize), Vec<String>> {
    let mut by_shape: HashMap<(char, usize), Vec<String>> = HashMap::new();
    for key in keys {
        if let Some(first) = key.chars().next() {
            by_shape.entry((first, key.chars().count())).or_default().push(key.clone());
        }
    }
    for keys in by_shape.values_mut() {
        keys.sort();
    }
    by_shape
}

/// Whether `a` and `b` are at most one edit apart (a letter changed, added or left out, or
/// two neighbours swapped): `strsim::osa_distance(a, b) <= 1`, without filling its matrix.
/// A typo is looked for among every label of a name's length (thousands at 6.3 M triples),
/// where the matrix cost milliseconds a question; this stops at the second difference.
fn one_edit(a: &str, b: &str) -> bool {
    if !a.is_ascii() || !b.is_ascii() {
        return strsim::osa_distance(a, b) <= 1;
    }
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let Some(i) = short.iter().zip(long).position(|(x, y)| x != y) else { return true };
    if short.len() == long.len() {
        short[i + 1..] == long[i + 1..] || (i + 1 < short.len() && short[i] == long[i + 1] && short[i + 1] == long[i] && short[i + 2..] == long[i + 2..])
    } else {
        short[i..] == long[i + 1..]
    }
}

/// See [`Lexicon::family_stems`].
fn family_stems(entries: &[Entry], by_surface: &HashMap<String, Vec<(u8, usize)>>) -> std::collections::HashSet<String> {
    let mut count: HashMap<String, usize> = HashMap::new();
    // An acronym written before a space counts too ("A3C FF hs", "A3C LSTM hs": "a3c"),
    // when it holds a digit or four letters: three capitals alone are often a word ("PAR
    // Transformer", "SAN (single)").
    let acronym = |w: &str| w.chars().filter(char::is_ascii_uppercase).count() >= 2 && (w.chars().any(|c| c.is_ascii_digit()) || w.chars().filter(char::is_ascii_alphanumeric).count() >= 4);
    for e in entries.iter().filter(|e| e.from_graph && e.kind == EntityKind::Method) {
        let mut words = e.canonical.split_whitespace();
        let Some(first) = words.next() else { continue };
        let stem = match first.split_once('-') {
            Some((stem, _)) => stem,
            None if words.next().is_some() && acronym(first) => first,
            None => continue,
        };
        let stem = squashed(stem);
        if stem.chars().count() >= 3 && stem.chars().any(char::is_alphabetic) {
            *count.entry(stem).or_default() += 1;
        }
    }
    // Words of other kinds' names: "graph", "bit" (of "Bit per Character") are not families.
    let others: std::collections::HashSet<String> = entries
        .iter()
        .filter(|e| e.kind != EntityKind::Method)
        .flat_map(|e| std::iter::once(&e.canonical).chain(&e.aliases))
        .flat_map(|name| name.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase).collect::<Vec<_>>())
        .collect();
    count
        .into_iter()
        .filter(|(stem, n)| *n >= 2 && !others.contains(stem) && !by_surface.contains_key(stem) && !super::extract::is_stopword(stem))
        .map(|(stem, _)| stem)
        .collect()
}

/// Words that never open or close a name a question writes differently.
const NAME_EDGE_STOP: &[&str] = &["a", "an", "the", "of", "on", "in", "at", "by", "for", "to", "and", "or", "is", "its", "s", "vs", "with", "from"];

/// The synonym tables, compiled into the binary.
pub const SYNONYM_TABLES: [(EntityKind, &str, &str); 5] = [
    (EntityKind::Method, "methods.tsv", include_str!("../../../synonyms/methods.tsv")),
    (EntityKind::Dataset, "datasets.tsv", include_str!("../../../synonyms/datasets.tsv")),
    (EntityKind::Task, "tasks.tsv", include_str!("../../../synonyms/tasks.tsv")),
    (EntityKind::Field, "fields.tsv", include_str!("../../../synonyms/fields.tsv")),
    (EntityKind::Metric, "metrics.tsv", include_str!("../../../synonyms/metrics.tsv")),
];

/// Lowercases and folds whitespace: the key under which names are compared.
pub fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A surface form with its hyphens between letters or digits written as spaces, when it has
/// any and the result still names something ("orvalis-cnn" → "orvalis cnn").
fn unhyphenated(surface: &str) -> Option<String> {
    let chars: Vec<char> = surface.chars().collect();
    let inner = |i: usize| i > 0 && i + 1 < chars.len() && chars[i - 1].is_alphanumeric() && chars[i + 1].is_alphanumeric();
    if !(0..chars.len()).any(|i| chars[i] == '-' && inner(i)) {
        return None;
    }
    let out: String = chars.iter().enumerate().map(|(i, &c)| if c == '-' && inner(i) { ' ' } else { c }).collect();
    (!is_generic(&out)).then_some(out)
}

/// A label ending in one or two words in brackets, written the ways people write it without
/// them: "effnet-l2 (sam)" → "effnet-l2 sam", "effnet-l2 w/ sam", "effnet-l2 with sam".
fn unbracketed(surface: &str) -> Vec<String> {
    let Some((head, inner)) = surface.strip_suffix(')').and_then(|s| s.rsplit_once(" (")) else { return Vec::new() };
    let words = inner.split_whitespace().count();
    if !(1..=2).contains(&words) || inner.contains(['(', ')']) || head.trim().is_empty() || head.contains(['(', ')']) || is_generic(head.trim()) {
        return Vec::new();
    }
    [" ", " w/ ", " with "].iter().map(|join| format!("{}{join}{inner}", head.trim())).collect()
}

/// Labels too generic to be recognised as mentions on their own: real graphs label models
/// "Ours", "Base" or "Large" and datasets "Test", and such words are everywhere in questions.
const GENERIC_LABELS: &[&str] = &[
    "a", "an", "the", "our", "ours", "model", "models", "method", "base", "large", "small",
    "test", "train", "dev", "all", "full", "score", "value", "best", "top", "results", "result",
    "dataset", "datasets", "paper", "papers", "code", "data", "other", "none", "new", "task",
    "average", "mean", "total", "time", "speed", "size", "use", "used", "using", "what",
    "which", "research", "field", "problem", "benchmark", "metric", "metrics", "on", "in",
    "of", "and", "for", "is", "are",
];

/// Whether `text` is too generic to name anything on its own ("models", "research").
pub fn is_generic(text: &str) -> bool {
    let key = normalize(text);
    key.chars().count() < 2 || GENERIC_LABELS.contains(&key.as_str())
}


/// Adds the graph's labels to `entries`: one entry per distinct (kind, normalised label),
/// holding every IRI with that label (real graphs have duplicate labels, e.g. two "SciERC"
/// datasets). Returns where each one went.
fn merge_labels(entries: &mut Vec<Entry>, labels: &[GraphLabel]) -> HashMap<(EntityKind, String), usize> {
    let mut graph_entries: HashMap<(EntityKind, String), usize> = HashMap::new();
    for label in labels {
        let text = label.label.trim();
        let key = normalize(text);
        if key.chars().count() < 2 || GENERIC_LABELS.contains(&key.as_str()) {
            continue;
        }
        // "BLEU score" and "BLEU" are one metric that papers label both ways (one board of
        // the mirror records one of each): a metric's trailing "score" is no part of its
        // name, unless what is left says nothing ("Best Score", "test score").
        let scored = (label.kind == EntityKind::Metric).then(|| key.strip_suffix(" score").filter(|rest| rest.chars().count() >= 2 && !GENERIC_LABELS.contains(rest)).map(str::to_owned)).flatten();
        let key = scored.clone().unwrap_or(key);
        let id = *graph_entries.entry((label.kind, key)).or_insert_with(|| {
            entries.push(Entry {
                kind: label.kind,
                canonical: text.to_owned(),
                aliases: Vec::new(),
                iris: Vec::new(),
                from_graph: true,
                direction: None,
            });
            entries.len() - 1
        });
        if !entries[id].iris.contains(&label.iri) {
            entries[id].iris.push(label.iri.clone());
        }
        if scored.is_some() && !entries[id].aliases.iter().any(|a| a == text) {
            entries[id].aliases.push(text.to_owned());
        }
        // Backends return labels in different orders: the same graph must give the same
        // canonical spelling and IRI order on every one.
        if text < entries[id].canonical.as_str() {
            entries[id].canonical = text.to_owned();
        }
    }
    for entry in entries.iter_mut().filter(|e| e.from_graph) {
        entry.iris.sort();
        entry.aliases.sort();
    }
    graph_entries
}

impl Lexicon {
    /// The synonym tables alone (no knowledge-graph labels).
    pub fn from_tables() -> Result<Self, LexiconError> {
        Self::build(&[])
    }

    /// The synonym tables merged with the knowledge graph's labels.
    pub fn build(labels: &[GraphLabel]) -> Result<Self, LexiconError> {
        let mut entries = Vec::new();
        for (kind, file, text) in SYNONYM_TABLES {
            entries.extend(super::synonyms::parse_table(kind, file, text)?);
        }
        let graph_entries = merge_labels(&mut entries, labels);
        // A table entry links to every graph resource labelled with its canonical name or an
        // alias ("CNN" finds resources labelled "Convolutional Neural Network" and "CNN").
        let table_count = entries.len() - graph_entries.len();
        for id in 0..table_count {
            let kind = entries[id].kind;
            let names: Vec<String> = std::iter::once(&entries[id].canonical)
                .chain(&entries[id].aliases)
                .map(|n| normalize(n))
                .collect();
            let mut iris = Vec::new();
            for name in names {
                if let Some(&g) = graph_entries.get(&(kind, name)) {
                    iris.extend(entries[g].iris.iter().cloned());
                }
            }
            iris.dedup();
            entries[id].iris = iris;
        }

        // Surface forms -> entries, ranked: an exact graph label, then a canonical name,
        // then an alias.
        let mut by_surface: HashMap<String, Vec<(u8, usize)>> = HashMap::new();
        for (id, entry) in entries.iter().enumerate() {
            let rank = if entry.from_graph { 0 } else { 1 };
            let names = std::iter::once((rank, &entry.canonical)).chain(entry.aliases.iter().map(|a| (2, a)));
            for (rank, name) in names {
                by_surface.entry(normalize(name)).or_default().push((rank, id));
            }
        }
        // "Orvalis CNN" and "corvalla ice" name the graph's "Orvalis-CNN" and "Corvalla-Ice":
        // people drop hyphens as often as they keep them. Graph labels only (a table's alias
        // stands for its whole entry: "BC5CDR-chem" for BC5CDR), and never over a name
        // written that way ("NCBI Disease" is not also "NCBI-disease"): the result must not
        // depend on the order the graph returns its labels in.
        let mut variants: Vec<(String, usize)> = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.from_graph)
            .filter_map(|(id, e)| unhyphenated(&normalize(&e.canonical)).map(|u| (u, id)))
            .filter(|(u, _)| !by_surface.contains_key(u))
            .collect();
        // "effnet-l2 sam", "effnet-l2 w/ sam" for the graph's "EffNet-L2 (SAM)": a model's
        // setting or size in brackets at the end of its label is written without them.
        variants.extend(
            entries
                .iter()
                .enumerate()
                .filter(|(_, e)| e.from_graph && e.kind == EntityKind::Method)
                .flat_map(|(id, e)| unbracketed(&normalize(&e.canonical)).into_iter().map(move |u| (u, id)))
                .filter(|(u, _)| !by_surface.contains_key(u)),
        );
        // "cluster-former" for "Cluster-Former (#C=512)", the one label of that name with a
        // setting in brackets, when nothing is called by the name alone.
        let mut bare: HashMap<String, Option<usize>> = HashMap::new();
        for (id, e) in entries.iter().enumerate().filter(|(_, e)| e.from_graph && e.kind == EntityKind::Method) {
            if let Some((head, _)) = normalize(&e.canonical).strip_suffix(')').and_then(|s| s.rsplit_once(" (")).filter(|(h, _)| !h.contains(['(', ')'])) {
                bare.entry(head.trim().to_owned()).and_modify(|v| *v = None).or_insert(Some(id));
            }
        }
        variants.extend(bare.into_iter().filter_map(|(h, id)| Some((h, id?))).filter(|(h, _)| h.chars().count() >= 3 && !is_generic(h) && !by_surface.contains_key(h)));
        variants.sort();
        variants.dedup();
        for (surface, id) in variants {
            by_surface.entry(surface).or_default().push((3, id));
        }
        // "dastrup-7" for the graph's "Dastrup-7 Chorus": a dataset's first word, when it
        // holds a digit (so it reads as a name, never an ordinary word), is five or more
        // characters, begins no other label, and is no name itself.
        let mut heads: HashMap<String, Option<usize>> = HashMap::new();
        for (id, e) in entries.iter().enumerate().filter(|(_, e)| e.from_graph) {
            let key = normalize(&e.canonical);
            let Some((head, _)) = key.split_once(' ') else { continue };
            if e.kind == EntityKind::Dataset && head.chars().count() >= 5 && head.chars().any(|c| c.is_ascii_digit()) && head.chars().any(char::is_alphabetic) {
                heads.entry(head.to_owned()).and_modify(|v| *v = None).or_insert(Some(id));
            } else {
                // Another label beginning with the same word makes it no one's.
                heads.entry(head.to_owned()).and_modify(|v| *v = None).or_insert(None);
            }
        }
        let mut heads: Vec<(String, usize)> = heads.into_iter().filter_map(|(h, id)| Some((h, id?))).filter(|(h, _)| !by_surface.contains_key(h)).collect();
        heads.sort();
        for (surface, id) in heads {
            by_surface.entry(surface).or_default().push((4, id));
        }
        let mut surfaces: Vec<String> = by_surface.keys().cloned().collect();
        surfaces.sort();
        let targets = surfaces
            .iter()
            .map(|s| {
                let mut t = by_surface[s].clone();
                t.sort();
                t.dedup_by_key(|(_, id)| *id);
                t.into_iter().map(|(_, id)| id).collect()
            })
            .collect();
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(&surfaces)
            .map_err(|e| LexiconError { file: "(all)", line: 0, reason: e.to_string() })?;
        // Squashed names of graph models and datasets; a key two entries share names neither.
        let mut squashed_ids: HashMap<String, Option<usize>> = HashMap::new();
        // Only labels of letters, digits, spaces and hyphens inside words: a sign carries
        // meaning the squashed name loses ("CoNLL++" is not "conll"), and a qualifier in
        // parentheses ("UCF101 (finetuned)") or after a dash ("FSNS - Test") written into
        // the question would read as a clause or a name's own part.
        let plain = |label: &str| label.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '-') && !label.contains(" -") && !label.contains("- ");
        for (id, entry) in entries.iter().enumerate().filter(|(_, e)| e.from_graph && matches!(e.kind, EntityKind::Method | EntityKind::Dataset | EntityKind::Task) && plain(&e.canonical)) {
            let key = squashed(&entry.canonical);
            if key.chars().count() < 5 || !key.chars().any(char::is_alphabetic) {
                continue;
            }
            // (Two records of one name differing only in case are one entry already:
            // `merge_labels` keys them by the lowercased label.)
            squashed_ids.entry(key).and_modify(|v| *v = None).or_insert(Some(id));
        }
        let squashed: HashMap<String, usize> = squashed_ids.into_iter().filter_map(|(k, v)| v.map(|id| (k, id))).collect();
        let mut qualified_ids: HashMap<String, Option<usize>> = HashMap::new();
        let bracketed = |label: &str| label.ends_with(')') && label.matches('(').count() == 1 && label.matches(')').count() == 1 && plain(&label.replace(['(', ')', ',', '.', '+'], ""));
        for (id, entry) in entries.iter().enumerate().filter(|(_, e)| e.from_graph && matches!(e.kind, EntityKind::Method | EntityKind::Dataset) && bracketed(&e.canonical)) {
            qualified_ids.entry(self::squashed(&entry.canonical)).and_modify(|v| *v = None).or_insert(Some(id));
        }
        let qualified: HashMap<String, usize> = qualified_ids.into_iter().filter_map(|(k, v)| v.map(|id| (k, id))).collect();
        let qualified_shape = shapes(qualified.keys());
        let by_shape = shapes(squashed.keys());
        let family_stems = family_stems(&entries, &by_surface);
        Ok(Self { entries, surfaces, targets, matcher, squashed, by_shape, qualified, qualified_shape, family_stems })
    }

    /// The graph model, dataset or research problem a name written differently stands for:
    /// the same letters and digits ("Trill-BERT", "MurreletMT", "orrenby parallel-corpus",
    /// "named entityrecognition"), or one letter off (or two neighbours swapped:
    /// "Warbelon", "sentimnet analysis") from exactly one name of six or more ("Tidewik",
    /// "Tavrossa") when the graph does not know a word of it as written for that name
    /// (`unknown(Some(label))`: the word is in no label or title, or is no form of the label's
    /// words). `None` for a name written as a label or alias.
    fn respelling(&self, written: &str, unknown: impl Fn(Option<&str>) -> bool) -> Option<&str> {
        if !self.lookup(written).is_empty() {
            return None;
        }
        let key = squashed(written);
        let length = key.chars().count();
        if length < 5 || !key.chars().any(char::is_alphabetic) {
            return None;
        }
        if let Some(&id) = self.squashed.get(&key) {
            return Some(&self.entries[id].canonical);
        }
        let first = key.chars().next()?;
        // Two neighbours swapped ("xlnte", "ACL-ACR") is how fast typing goes wrong, and
        // makes no other name of five letters or more: read even where the swap spells a
        // word the graph knows ("acr"). Each swap of the written name is looked up.
        let letters: Vec<char> = key.chars().collect();
        let mut swapped: Vec<usize> = (0..letters.len() - 1)
            .filter(|&i| letters[i] != letters[i + 1])
            .filter_map(|i| {
                let mut swap = letters.clone();
                swap.swap(i, i + 1);
                self.squashed.get(&swap.into_iter().collect::<String>()).copied()
            })
            .collect();
        swapped.dedup();
        if let [one] = swapped[..] {
            // Only a number decides that a swap is another name ("WMT-41"): sizes are not
            // written in swapped letters.
            let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
            let label = self.entries[one].canonical.as_str();
            return (digits(written) == digits(label)).then_some(label);
        }
        // The scan below is for a word that may be a typo at all (`unknown(None)`).
        if length < 6 || !unknown(None) {
            return None;
        }
        let mut near = (length - 1..=length + 1).filter_map(|n| self.by_shape.get(&(first, n))).flatten().filter(|k| one_edit(k, &key));
        match (near.next(), near.next()) {
            (Some(one), None) => self.squashed.get(one).map(|&id| self.entries[id].canonical.as_str()).filter(|label| !sibling(written, label) && unknown(Some(label))),
            _ => None,
        }
    }

    /// `question` with each graph model or dataset written differently from its label
    /// written as the label ([`Lexicon::respelling`]), so that everything after reads the
    /// graph's name. Runs of up to three words are tried, longest first. A run read as a
    /// typo must hold a word `unknown` says is no word of the label it would be read as (the
    /// word and that label given; with no label, whether the word may be a typo at all,
    /// asked before the labels are scanned), so "transformers" is never a typo of a model
    /// "Transformer"; a run with a number at an end is never a name
    /// written apart ("conll 2003 english" is left to the linking, which finds "CoNLL 2003
    /// (English)" rather than "CoNLL-2003").
    pub fn respelled<'a>(&self, question: &'a str, unknown: impl Fn(&str, Option<&str>) -> bool) -> std::borrow::Cow<'a, str> {
        let words: Vec<(usize, usize)> = word_spans(question);
        let mut out = String::new();
        let mut at = 0;
        let mut i = 0;
        while i < words.len() {
            let found = (1..=3.min(words.len() - i)).rev().find_map(|n| {
                let run = &words[i..i + n];
                let edge = |w: &(usize, usize)| NAME_EDGE_STOP.contains(&question[w.0..w.1].to_lowercase().as_str());
                if edge(&run[0]) || edge(&run[n - 1]) {
                    return None;
                }
                let written = &question[run[0].0..run[n - 1].1];
                // A number at either end of a run is a value or a year next to a name
                // ("Dastrup-7 Chorus 8", "BenchMira 2021"), never a letter of it.
                let number = |w: &(usize, usize)| !question[w.0..w.1].chars().any(char::is_alphabetic);
                if n > 1 && (number(&run[0]) || number(&run[n - 1])) {
                    return None;
                }
                // The "t" of "Wasn't" opens no name ("Wasn't Tidewick" is no typo of it).
                if question[..run[0].0].ends_with(['\'', '’']) {
                    return None;
                }
                // Only words apart by spaces or a hyphen form one name ("X's D" does not).
                if !question[run[0].0..run[n - 1].1].chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '-') {
                    return None;
                }
                self.respelling(written, |label| run.iter().any(|w| unknown(&question[w.0..w.1], label))).map(|label| (n, label.to_owned()))
            });
            // "warbleons 79.5", "warbleons F1": a possessive written without its apostrophe.
            let found = found.or_else(|| self.possessive(question, &words[i..]).map(|label| (1, label)));
            // "deqtransformer (small)": a name with its qualifier, read to the bracket's end.
            if let Some((end, label)) = self.bracketed(question, &words[i..], &unknown) {
                out.push_str(&question[at..words[i].0]);
                out.push_str(&label);
                at = end;
                while i < words.len() && words[i].0 < end {
                    i += 1;
                }
                continue;
            }
            match found {
                Some((n, label)) => {
                    out.push_str(&question[at..words[i].0]);
                    out.push_str(&label);
                    at = words[i + n - 1].1;
                    i += n;
                }
                None => i += 1,
            }
        }
        if at == 0 {
            return std::borrow::Cow::Borrowed(question);
        }
        out.push_str(&question[at..]);
        std::borrow::Cow::Owned(out)
    }

    /// A graph model or dataset whose label ends in a qualifier in parentheses, written
    /// differently but with the parentheses ("deqtransformer (small)", "EfNet-L2 (SAM)"):
    /// the same letters and digits, or one letter off where `unknown` says a word of it is
    /// no word of the label. The label, and where the written name ends.
    fn bracketed(&self, question: &str, words: &[(usize, usize)], unknown: &impl Fn(&str, Option<&str>) -> bool) -> Option<(usize, String)> {
        /// The longest qualifier read.
        const QUALIFIER_CHARS: usize = 60;
        if NAME_EDGE_STOP.contains(&question[words.first()?.0..words[0].1].to_lowercase().as_str()) {
            return None;
        }
        (1..=3.min(words.len())).rev().find_map(|n| {
            let run = &words[..n];
            let after = &question[run[n - 1].1..];
            let opened = after.trim_start_matches(' ');
            let close = opened.strip_prefix('(')?.find(')')? + 1;
            if close > QUALIFIER_CHARS || opened[1..close].contains('(') {
                return None;
            }
            let end = run[n - 1].1 + (after.len() - opened.len()) + close + 1;
            let written = &question[run[0].0..end];
            if !self.lookup(written).is_empty() {
                return None;
            }
            let key = squashed(written);
            if let Some(&id) = self.qualified.get(&key) {
                return Some((end, self.entries[id].canonical.clone()));
            }
            let length = key.chars().count();
            let first = key.chars().next()?;
            if !run.iter().any(|w| unknown(&question[w.0..w.1], None)) {
                return None;
            }
            let mut near = (length - 1..=length + 1).filter_map(|l| self.qualified_shape.get(&(first, l))).flatten().filter(|k| one_edit(k, &key));
            let (Some(one), None) = (near.next(), near.next()) else { return None };
            let label = &self.entries[*self.qualified.get(one)?].canonical;
            let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
            (digits(written) == digits(label) && run.iter().any(|w| unknown(&question[w.0..w.1], Some(label)))).then(|| (end, label.clone()))
        })
    }

    /// The graph model or dataset's name with "'s" when the first of `words` is its name
    /// with an "s" and no apostrophe ("warbleons 79.5" for "Warbleon's 79.5"): only before a
    /// number, a metric or a word for a result, so "papers on transformers" stays a topic.
    fn possessive(&self, question: &str, words: &[(usize, usize)]) -> Option<String> {
        const RESULT_WORDS: &[&str] = &["score", "scores", "result", "results", "number", "numbers", "figure", "figures", "value", "values", "paper", "accuracy", "performance"];
        let [(start, end), (next_start, next_end), ..] = words else { return None };
        let written = &question[*start..*end];
        let base = written.strip_suffix('s').filter(|b| b.chars().count() >= 5 && !b.ends_with('s'))?;
        if !self.lookup(written).is_empty() || !question[*end..*next_start].chars().all(char::is_whitespace) {
            return None;
        }
        let next = &question[*next_start..*next_end];
        let result_like = next.chars().all(|c| c.is_ascii_digit() || c == '.')
            || RESULT_WORDS.contains(&next.to_lowercase().as_str())
            || self.lookup(next).iter().any(|&id| self.entries[id].kind == EntityKind::Metric);
        if !result_like {
            return None;
        }
        let &id = self.squashed.get(&squashed(base))?;
        Some(format!("{}'s", self.entries[id].canonical))
    }

    /// Whether `word` names a family of graph models no label is (see
    /// [`Lexicon::family_stems`]): "cait", "cvt", "deit".
    pub fn family_stem(&self, word: &str) -> bool {
        self.family_stems.contains(&squashed(word))
    }

    pub fn entry(&self, id: usize) -> &Entry {
        &self.entries[id]
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entries whose canonical name or alias equals `name` (normalised), best first.
    pub fn lookup(&self, name: &str) -> Vec<usize> {
        let key = normalize(name);
        match self.surfaces.binary_search(&key) {
            Ok(i) => self.targets[i].clone(),
            Err(_) => Vec::new(),
        }
    }

    /// Every mention in `text`: whole words only, longest first where mentions overlap.
    pub fn find(&self, text: &str) -> Vec<Mention> {
        // Match on a whitespace-folded lowercase copy, mapping offsets back to `text`.
        let (folded, offsets) = fold(text);
        let mut candidates: Vec<(usize, usize, usize)> = self
            .matcher
            .find_overlapping_iter(&folded)
            .filter(|m| at_word_boundaries(&folded, m.start(), m.end()))
            .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
            .collect();
        // Longest first, then leftmost: a longer name ("Penn Treebank (Word Level)") wins
        // over the shorter one inside it ("Penn Treebank").
        candidates.sort_by(|a, b| (b.1 - b.0).cmp(&(a.1 - a.0)).then(a.0.cmp(&b.0)));
        let mut taken: Vec<(usize, usize)> = Vec::new();
        let mut mentions = Vec::new();
        for (start, end, pattern) in candidates {
            if taken.iter().any(|&(s, e)| start < e && s < end) {
                continue;
            }
            taken.push((start, end));
            // Every byte of the folded copy maps to its original byte, so the last byte of
            // the match maps to the last byte of the mention.
            let (orig_start, orig_end) = (offsets[start], offsets[end - 1] + 1);
            mentions.push(Mention {
                text: text[orig_start..orig_end].to_owned(),
                start: orig_start,
                end: orig_end,
                entries: self.targets[pattern].clone(),
            });
        }
        mentions.sort_by_key(|m| m.start);
        mentions
    }
}

/// The byte spans of `text`'s words: letters and digits, with hyphens inside ("Trill-BERT").
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start: Option<usize> = None;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let inner_hyphen = c == '-' && start.is_some() && chars.get(k + 1).is_some_and(|(_, n)| n.is_alphanumeric());
        // "8.9" is one word: a value is never part of a name.
        let decimal_point = c == '.' && k > 0 && chars[k - 1].1.is_ascii_digit() && chars.get(k + 1).is_some_and(|(_, n)| n.is_ascii_digit());
        if c.is_alphanumeric() || inner_hyphen || decimal_point {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            spans.push((s, i));
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// Folds runs of whitespace to one space, keeping for each byte of the result the offset
/// of the byte it came from in the original.
fn fold(text: &str) -> (String, Vec<usize>) {
    let mut folded = String::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    let mut last_space = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if !last_space {
                folded.push(' ');
                offsets.push(i);
            }
            last_space = true;
            continue;
        }
        last_space = false;
        let before = folded.len();
        folded.push(c);
        offsets.extend((0..folded.len() - before).map(|k| i + k));
    }
    (folded, offsets)
}

/// A match counts only when the characters around it are not letters or digits (for a
/// name that itself starts or ends with punctuation, e.g. "DeepLabv3+", that side is free).
fn at_word_boundaries(text: &str, start: usize, end: usize) -> bool {
    let word = |c: char| c.is_alphanumeric();
    let inner_first = text[start..end].chars().next();
    let inner_last = text[start..end].chars().next_back();
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let left_ok = !matches!((before, inner_first), (Some(b), Some(f)) if word(b) && word(f));
    let right_ok = !matches!((inner_last, after), (Some(l), Some(a)) if word(l) && word(a));
    // "Transformer" in "R-Transformer" is part of another name: a hyphen glued to a word on
    // the left starts no mention, and nor does a star ("BERT" in "Q*Bert", the Atari game).
    let mut left = text[..start].chars().rev();
    let compound = matches!((left.next(), left.next()), (Some('-' | '*'), Some(c)) if word(c));
    left_ok && right_ok && !compound
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(kind: EntityKind, iri: &str, label: &str) -> GraphLabel {
        GraphLabel { kind, iri: iri.into(), label: label.into() }
    }

    fn graph_labels() -> Vec<GraphLabel> {
        vec![
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/R1", "Penn Treebank"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/R2", "Penn Treebank (Word Level)"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/R3", "SciERC"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/R4", "SciERC"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/R5", "ResNet-50"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/R6", "Convolutional Neural Network"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/R7", "Ours"),
        ]
    }

    #[test]
    fn a_name_written_with_other_hyphens_spaces_or_one_letter_off_is_read_as_the_label() {
        let labels = vec![
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M1", "Murrelet-MT"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M2", "Trillbert"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M3", "Tidewick"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M4", "Transformer"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/D1", "Orrenby Parallel Corpus"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/D2", "WMT-14"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M5", "Kelpnet-A"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M6", "Kelpnet-B"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/D3", "CoNLL++"),
        ];
        let lexicon = Lexicon::build(&labels).unwrap();
        let unknown = |w: &str, _: Option<&str>| ["tidewik", "tidweick", "orenby", "kelpnet", "t"].contains(&w.to_lowercase().as_str());
        let read = |q: &str| lexicon.respelled(q, unknown).into_owned();
        assert_eq!(read("MurreletMT paper DOI?"), "Murrelet-MT paper DOI?");
        assert_eq!(read("Wasn't the Trill-BERT paper published in 2022?"), "Wasn't the Trillbert paper published in 2022?");
        assert_eq!(read("when did the Tidewik paper come out?"), "when did the Tidewick paper come out?");
        assert_eq!(read("Tidweick vs Trillbert?"), "Tidewick vs Trillbert?", "two letters swapped");
        assert_eq!(read("who led the Orenby Parallel Corpus in 2020?"), "who led the Orrenby Parallel Corpus in 2020?");
        assert_eq!(read("Orrenby parallel-corpus BLEU leader?"), "Orrenby Parallel Corpus BLEU leader?");
        assert_eq!(read("Is Tidewik's F1 on Orrenby 8.9?"), "Is Tidewick's F1 on Orrenby 8.9?");
        assert_eq!(read("who reports tidewicks 79.5 on orrenby"), "who reports Tidewick's 79.5 on orrenby");
        assert_eq!(read("murrelet-mts BLEU on WMT-14?"), "Murrelet-MT's BLEU on WMT-14?");
        // Left alone: a label as written, a number beside a name, a known word one letter
        // off a model, a name two labels share, and words that only squash together across
        // an apostrophe.
        for q in ["Murrelet-MT on WMT-14", "results on wmt 14", "best on conll 2003", "Is X's WER on Tidewick 8?", "Tidewick 2019 results", "papers on transformers", "tidewicks on D", "kelpnet results", "Trill's bert", "Wasn't Tidewick the best on Orrenby?", "isn’t Trillbert ahead?"] {
            assert_eq!(read(q), q);
        }
        // Siblings, not typos: another size or another number.
        let unknown = |w: &str, _: Option<&str>| ["murrelet-mx", "wmt-15", "kelpnet-c"].contains(&w.to_lowercase().as_str());
        let read = |q: &str| lexicon.respelled(q, unknown).into_owned();
        for q in ["Murrelet-MX on D", "results on WMT-15", "Kelpnet-C results"] {
            assert_eq!(read(q), q);
        }
    }

    #[test]
    fn a_research_problem_written_one_letter_off_or_run_together_is_read_as_its_label() {
        let labels = vec![
            l(EntityKind::Task, "http://orkg.org/orkg/resource/P1", "Text Classification"),
            l(EntityKind::Task, "http://orkg.org/orkg/resource/P2", "Sentiment Analysis"),
            l(EntityKind::Task, "http://orkg.org/orkg/resource/P3", "sentiment analysis"),
            l(EntityKind::Task, "http://orkg.org/orkg/resource/P4", "Named Entity Recognition"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/D1", "ImageNet"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/D2", "ACL-ARC"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M1", "XLNet"),
        ];
        let lexicon = Lexicon::build(&labels).unwrap();
        // Every word is unknown but the ones the labels hold as written.
        let unknown = |w: &str, _: Option<&str>| !["text", "analysis", "named", "entity", "recognition", "papers"].contains(&w.to_lowercase().as_str());
        let read = |q: &str| lexicon.respelled(q, unknown).into_owned();
        assert_eq!(read("papers on text classifcation"), "papers on Text Classification");
        assert_eq!(read("papers on sentimnet analysis"), "papers on Sentiment Analysis", "two records of one name differing in case are one entry");
        assert_eq!(read("datasets for named entityrecognition"), "datasets for Named Entity Recognition");
        assert_eq!(read("best on imagent"), "best on ImageNet");
        // A word `unknown` says is a form of the label's words is left as written; two
        // neighbours swapped are read whatever the words, and a five-letter name is read
        // only so.
        let read = |q: &str| lexicon.respelled(q, |w: &str, _: Option<&str>| w != "imagent").into_owned();
        assert_eq!(read("best on imagent"), "best on imagent");
        let read = |q: &str| lexicon.respelled(q, |_: &str, _: Option<&str>| false).into_owned();
        assert_eq!(read("which models were tested on ACL-ACR?"), "which models were tested on ACL-ARC?");
        assert_eq!(read("xlnte results on RACE?"), "XLNet results on RACE?");
        assert_eq!(read("xlnt results"), "xlnt results");
    }

    #[test]
    fn one_edit_agrees_with_the_optimal_string_alignment_distance() {
        let words = ["imagenet", "imagent", "imagneet", "imagenets", "magenet", "imagenxt", "imaegnet", "imaegent", "xlnet", "xlnte", "lxnet", "xlnetx", "", "a", "ab", "ba", "abc", "acb", "bac", "cab", "naïve", "naive"];
        for a in words {
            for b in words {
                assert_eq!(one_edit(a, b), strsim::osa_distance(a, b) <= 1, "{a} / {b}");
            }
        }
    }

    #[test]
    fn a_name_with_its_qualifier_in_parentheses_written_differently_is_read_as_the_label() {
        let labels = vec![
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M1", "DEQ-Transformer (small)"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M2", "EffNet-L2 (SAM)"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/M3", "Transformer-XL (18 layers)"),
        ];
        let lexicon = Lexicon::build(&labels).unwrap();
        let unknown = |w: &str, _: Option<&str>| w.eq_ignore_ascii_case("efnet-l2");
        let read = |q: &str| lexicon.respelled(q, unknown).into_owned();
        assert_eq!(read("deqtransformer (small) code"), "DEQ-Transformer (small) code");
        assert_eq!(read("transformerxl (18 layers) gets under 1.0 bpc on enwik8?"), "Transformer-XL (18 layers) gets under 1.0 bpc on enwik8?");
        assert_eq!(read("EfNet-L2 (SAM) is the best model on cifar-10"), "EffNet-L2 (SAM) is the best model on cifar-10");
        // Another number, the label as written, or no parentheses: left alone.
        for q in ["transformerxl (24 layers) on enwik8", "EffNet-L2 (SAM) on D", "deqtransformer small code", "the (small) deqtransformer"] {
            assert_eq!(read(q), q);
        }
    }

    fn texts(lexicon: &Lexicon, question: &str) -> Vec<String> {
        lexicon.find(question).into_iter().map(|m| m.text).collect()
    }

    #[test]
    fn the_synonym_tables_parse_and_meet_their_minimum_sizes() {
        let lexicon = Lexicon::from_tables().unwrap();
        let count = |kind| (0..lexicon.len()).filter(|&i| lexicon.entry(i).kind == kind).count();
        assert!(count(EntityKind::Method) >= 150);
        assert!(count(EntityKind::Dataset) >= 80);
        assert!(count(EntityKind::Task) >= 40);
        assert!(count(EntityKind::Field) >= 15);
        assert!(count(EntityKind::Metric) >= 20);
    }

    #[test]
    fn a_models_bracketed_setting_is_read_written_without_its_brackets() {
        let lexicon = Lexicon::build(&[l(EntityKind::Method, "http://orkg.org/orkg/resource/M1", "EffNet-L2 (SAM)"), l(EntityKind::Method, "http://orkg.org/orkg/resource/M2", "CvT-21 (384 res, ImageNet-22k pretrain)")]).unwrap();
        for q in ["effnet-l2 sam - what benchmarks?", "is effnet-l2 w/ sam the best there", "where was effnet-l2 with sam evaluated"] {
            assert_eq!(texts(&lexicon, q).len(), 1, "{q}");
            assert_eq!(lexicon.entry(lexicon.find(q)[0].entries[0]).canonical, "EffNet-L2 (SAM)", "{q}");
        }
        let bare = Lexicon::build(&[l(EntityKind::Method, "http://orkg.org/orkg/resource/C1", "Cluster-Former (#C=512)"), l(EntityKind::Method, "http://orkg.org/orkg/resource/M1", "MEMEN (single model)"), l(EntityKind::Method, "http://orkg.org/orkg/resource/M2", "MEMEN (ensemble)")]).unwrap();
        assert_eq!(bare.entry(bare.find("cluster-former hit 54 em on quasar-t?")[0].entries[0]).canonical, "Cluster-Former (#C=512)", "the one label of its name");
        assert!(bare.find("memen on squad").iter().all(|m| m.entries.iter().all(|&e| !bare.entry(e).canonical.starts_with("MEMEN"))), "two labels share the name: a family, not one of them");
        let found = lexicon.find("cvt-21 384 res, imagenet-22k pretrain");
        assert!(found.iter().all(|m| !m.text.contains("384")), "more than two words in brackets are not written out: {found:?}");
    }

    #[test]
    fn a_metrics_trailing_score_is_no_part_of_its_name() {
        let lexicon = Lexicon::build(&[l(EntityKind::Metric, "http://orkg.org/orkg/resource/B1", "BLEU"), l(EntityKind::Metric, "http://orkg.org/orkg/resource/B2", "BLEU score"), l(EntityKind::Metric, "http://orkg.org/orkg/resource/S1", "Best Score"), l(EntityKind::Metric, "http://orkg.org/orkg/resource/S2", "Best")]).unwrap();
        let bleu = lexicon.entry(lexicon.find("bleu on wmt14")[0].entries[0]);
        assert_eq!((bleu.canonical.as_str(), bleu.iris.len()), ("BLEU", 2));
        assert_eq!(lexicon.entry(lexicon.find("bleu score on wmt14")[0].entries[0]).canonical, "BLEU");
        assert_eq!(lexicon.entry(lexicon.find("best score on pong")[0].entries[0]).iris, vec!["http://orkg.org/orkg/resource/S1".to_owned()], "\"best\" says nothing alone");
    }

    #[test]
    fn mentions_respect_word_boundaries() {
        let lexicon = Lexicon::from_tables().unwrap();
        let cases: [(&str, &[&str]); 6] = [
            ("Which minerals are studied in mineralogy?", &[]),
            ("q*bert high score?", &[]),
            ("Papers on NER with a CNN", &["NER", "CNN"]),
            ("papers on ner.", &["ner"]),
            ("BERTology and ResNets", &["ResNets"]),
            ("(ViT) results", &["ViT"]),
        ];
        for (question, expected) in cases {
            assert_eq!(texts(&lexicon, question), expected, "{question}");
        }
    }

    #[test]
    fn the_longest_overlapping_name_wins_and_keeps_the_question_spelling() {
        let lexicon = Lexicon::build(&graph_labels()).unwrap();
        assert_eq!(
            texts(&lexicon, "List papers on the  penn treebank (word level) dataset"),
            vec!["penn treebank (word level)"]
        );
    }

    #[test]
    fn graph_labels_link_to_every_resource_that_carries_them() {
        let lexicon = Lexicon::build(&graph_labels()).unwrap();
        let mention = &lexicon.find("models on SciERC")[0];
        let entry = lexicon.entry(mention.entries[0]);
        assert!(entry.from_graph);
        assert_eq!(entry.iris.len(), 2, "both SciERC datasets");
    }

    #[test]
    fn an_exact_graph_label_ranks_before_the_family_alias() {
        let lexicon = Lexicon::build(&graph_labels()).unwrap();
        let mention = &lexicon.find("code for ResNet-50")[0];
        let first = lexicon.entry(mention.entries[0]);
        assert_eq!(first.canonical, "ResNet-50");
        assert!(mention.entries.iter().any(|&i| lexicon.entry(i).canonical == "ResNet"));
    }

    #[test]
    fn table_entries_link_through_aliases_to_graph_resources() {
        let lexicon = Lexicon::build(&graph_labels()).unwrap();
        let mention = &lexicon.find("papers using a CNN")[0];
        let entry = lexicon.entry(mention.entries[0]);
        assert_eq!(entry.canonical, "Convolutional Neural Network");
        assert_eq!(entry.iris, vec!["http://orkg.org/orkg/resource/R6".to_owned()]);
    }

    #[test]
    fn generic_graph_labels_are_not_recognised() {
        let lexicon = Lexicon::build(&graph_labels()).unwrap();
        assert!(texts(&lexicon, "which of ours is best").is_empty());
    }

    #[test]
    fn metrics_carry_their_direction() {
        let lexicon = Lexicon::from_tables().unwrap();
        let dir = |name: &str| lexicon.entry(lexicon.lookup(name)[0]).direction;
        assert_eq!(dir("F1"), Some(Direction::Higher));
        assert_eq!(dir("Perplexity"), Some(Direction::Lower));
    }

    #[test]
    fn a_name_glued_to_a_word_by_a_hyphen_is_not_a_mention_on_its_own() {
        let lexicon = Lexicon::from_tables().unwrap();
        let found = |q: &str| lexicon.find(q).into_iter().map(|m| m.text).collect::<Vec<_>>();
        assert!(!found("papers that use the R-Transformer model").iter().any(|m| m.starts_with("Transformer")), "{:?}", found("papers that use the R-Transformer model"));
        assert!(found("papers that use the Transformer model").iter().any(|m| m.starts_with("Transformer")));
    }

    #[test]
    fn offsets_survive_multibyte_text_and_folded_whitespace() {
        let lexicon = Lexicon::from_tables().unwrap();
        let q = "Modèles évalués  sur  ImageNet — lesquels?";
        let m = &lexicon.find(q)[0];
        assert_eq!(&q[m.start..m.end], "ImageNet");
    }

    #[test]
    fn a_graph_label_with_a_hyphen_is_found_written_with_a_space() {
        let mut labels = graph_labels();
        labels.push(GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R8".into(), label: "Corvalla-Ice".into() });
        let lexicon = Lexicon::build(&labels).unwrap();
        assert_eq!(texts(&lexicon, "what F1 does resnet 50 get on corvalla ice?"), ["F1", "resnet 50", "corvalla ice"]);
        assert_eq!(texts(&lexicon, "ResNet-50 on Corvalla-Ice"), ["ResNet-50", "Corvalla-Ice"]);
        assert_eq!(unhyphenated("t-sne"), Some("t sne".to_owned()));
        assert_eq!(unhyphenated("-x"), None, "only a hyphen between letters or digits");
    }

    #[test]
    fn a_datasets_first_word_with_a_digit_names_it_when_no_other_label_begins_so() {
        let mut labels = graph_labels();
        let dataset = |iri: &str, label: &str| GraphLabel { kind: EntityKind::Dataset, iri: format!("http://orkg.org/orkg/resource/{iri}"), label: label.into() };
        labels.extend([dataset("R11", "Dastrup-7 Chorus"), dataset("R12", "WMT2014 English-German"), dataset("R13", "WMT2014 German-English"), dataset("R14", "Natural Questions")]);
        let lexicon = Lexicon::build(&labels).unwrap();
        assert_eq!(texts(&lexicon, "lowest WER on dastrup-7 as of 2022?"), ["WER", "dastrup-7"]);
        assert!(lexicon.lookup("wmt2014").is_empty(), "two labels begin with it");
        assert!(lexicon.lookup("natural").is_empty(), "a word with no digit is no name");
    }

    #[test]
    fn a_label_written_with_a_space_keeps_its_own_entry_over_a_hyphenated_one() {
        let mut labels = graph_labels();
        labels.push(GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R9".into(), label: "NCBI-disease".into() });
        labels.push(GraphLabel { kind: EntityKind::Dataset, iri: "http://orkg.org/orkg/resource/R10".into(), label: "NCBI Disease".into() });
        for order in [labels.clone(), labels.iter().rev().cloned().collect::<Vec<_>>()] {
            let lexicon = Lexicon::build(&order).unwrap();
            let ids = lexicon.lookup("ncbi disease");
            assert_eq!(lexicon.entry(ids[0]).iris, ["http://orkg.org/orkg/resource/R10"]);
            assert!(ids.iter().all(|&i| lexicon.entry(i).iris != ["http://orkg.org/orkg/resource/R9"]), "whatever order the labels come in");
        }
    }
}
