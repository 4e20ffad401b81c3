//! Front stage: normalise each extracted entity to a canonical name with its aliases
//! (from `synonyms/`), and link it to knowledge-graph IRIs where a label matches.
//!
//! An entity whose exact name is a graph label links to exactly those resources ("ResNet-50"
//! to the ResNet-50 model, not to every ResNet); otherwise its synonym entry links to every
//! resource labelled with the canonical name or an alias ("CNN" to "Convolutional Neural
//! Network"). An entity nothing links stays usable: strategies then filter labels by its
//! name and aliases. Pure: the lexicon already holds the graph's labels.

use serde::Serialize;

use crate::pipeline::front::extract::Entities;
use crate::pipeline::front::lexicon::{ByKind, Direction, EntityKind, Lexicon};

/// At most this many names per entity go into a label filter.
const MAX_FILTER_TERMS: usize = 6;

/// An extracted entity with its canonical name, aliases and linked graph resources.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct NormalizedEntity {
    #[serde(skip)]
    pub kind: EntityKind,
    /// As extracted.
    pub text: String,
    /// The name it resolved to (a synonym table's or the graph's label); else the text.
    pub canonical: String,
    /// Other names of the same entity (synonyms; the earlier name when linked by the index).
    pub aliases: Vec<String>,
    /// Linked knowledge-graph resources; empty when nothing matched.
    pub iris: Vec<String>,
    /// For metrics: whether higher or lower is better, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub direction: Option<Direction>,
    /// How the text index linked a name the lexicon did not know, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub link: Option<super::link::IndexLink>,
}

/// Whether `text` is written as a name: a capital letter, or a digit in one word
/// ("HellaSwag", "KITTI", "wmt14"). Words an extraction guessed at from a lowercase question
/// ("top there now", "cifar-10 comes") are not.
pub fn written_as_name(text: &str) -> bool {
    text.chars().any(char::is_uppercase) || (!text.contains(char::is_whitespace) && text.chars().any(|c| c.is_ascii_digit()))
}

/// Whether `text` is written as a title: three words or more, each one a capital or a digit
/// begins, but for the short words titles leave in lowercase ("Attention Is All You Need",
/// "Deep Residual Learning for Image Recognition"). A model's name ("GPT-3 175B") is shorter
/// and a topic typed in a question ("relational modelling of tidal arrays") is lowercase.
pub fn written_as_title(text: &str) -> bool {
    const SMALL: &[&str] = &["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "via", "with"];
    let words: Vec<&str> = text.split_whitespace().collect();
    words.len() >= 3
        && words.iter().filter(|w| w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())).count() >= 3
        && words.iter().all(|w| SMALL.contains(&w.to_lowercase().as_str()) || w.chars().next().is_some_and(|c| !c.is_lowercase()))
}

/// Whether `name` is written in `text` as a word of its own, letter case aside: no letter
/// or digit joined to it on either side. "bert" is not said in "is there code for
/// roberta?", though its letters are there; it is in "BERT-based models".
pub fn said_in(text: &str, name: &str) -> bool {
    let (text, name) = (text.to_lowercase(), name.to_lowercase());
    !name.is_empty()
        && text.match_indices(&name).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

/// Where `name` is written in `text`, letter case aside: the first place it stands as a
/// whole name, else the first place at all. A place inside a longer name does not stand
/// whole: "AWD-LSTM" in "Does AWD-LSTM-DOC beat AWD-LSTM?" is the second one, since a letter,
/// a digit, or a hyphen, dot or underscore joined to one, continues a name ("-DOC", ".5" of
/// "GPT-3.5"). Byte offsets into `text`, on character boundaries, whatever the case of
/// either: comparing a lowercased copy would shift them after a letter whose lowercase is
/// longer.
pub fn mention_in(text: &str, name: &str) -> Option<std::ops::Range<usize>> {
    if name.is_empty() {
        return None;
    }
    let at = |start: usize| caseless_prefix(&text[start..], name).map(|len| start + len);
    // A letter or digit next to the name, or a hyphen, dot or underscore with one beyond it.
    let joined = |next: Option<char>, beyond: Option<char>| match next {
        Some(c) if c.is_alphanumeric() => true,
        Some('-' | '.' | '_') => beyond.is_some_and(char::is_alphanumeric),
        _ => false,
    };
    let whole = |range: &std::ops::Range<usize>| {
        let (mut before, mut after) = (text[..range.start].chars().rev(), text[range.end..].chars());
        !joined(before.next(), before.next()) && !joined(after.next(), after.next())
    };
    let mut found = text.char_indices().filter_map(|(i, _)| at(i).map(|end| i..end));
    let first = found.next()?;
    if whole(&first) {
        return Some(first);
    }
    found.find(|r| whole(r)).or(Some(first))
}

/// How many bytes of `text` spell `prefix` at its start, letter case aside (none if it
/// does not start with it). Bytes of `text`, not of `prefix`: a letter's other case may be
/// longer.
pub fn caseless_prefix(text: &str, prefix: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for p in prefix.chars() {
        let (_, c) = chars.next()?;
        if c != p && !c.to_lowercase().eq(p.to_lowercase()) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(at, _)| at))
}

/// `text` lowercased, with a space where letters meet digits ("gpt3" → "gpt 3", "175b" →
/// "175 b"), so that a name written with or without a hyphen or space there reads the same.
fn digits_apart(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut last: Option<char> = None;
    for c in text.chars().flat_map(char::to_lowercase) {
        if last.is_some_and(|l| (l.is_alphabetic() && c.is_ascii_digit()) || (l.is_ascii_digit() && c.is_alphabetic())) {
            out.push(' ');
        }
        out.push(c);
        last = Some(c);
    }
    out
}

impl NormalizedEntity {
    pub fn is_linked(&self) -> bool {
        !self.iris.is_empty()
    }

    /// Whether every word of it as the question names it (its text or its canonical name)
    /// is a word of `label`: a metric "error rate" is "Top-1 Error Rate", "top-5 error" is
    /// not "Top 5 Accuracy". The loosest way a metric named is found, after its resource,
    /// its names and its synonyms.
    pub fn named_by_words(&self, label: &str) -> bool {
        let words = |s: &str| -> Vec<String> { s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect() };
        let label = words(label);
        [&self.text, &self.canonical].into_iter().map(|n| words(n)).any(|n| !n.is_empty() && n.iter().all(|w| label.contains(w)))
    }

    /// The name an answer gives a model: its label, unless the question wrote less of it,
    /// a family's name the link settled on one member of ("bert" linked to "BERT-joint",
    /// "gpt3" to "GPT-3 (few-shot)"). "The graph records no score of BERT-joint" would say
    /// something of a model the user did not name.
    pub fn shown(&self) -> &str {
        let (written, label) = (super::lexicon::squashed(&self.text), super::lexicon::squashed(&self.canonical));
        match self.kind == EntityKind::Method && !written.is_empty() && label.len() > written.len() && label.starts_with(&written) {
            true => self.text.trim(),
            false => &self.canonical,
        }
    }

    /// The names a label filter looks for: the text, the canonical name, then aliases.
    pub fn filter_terms(&self) -> Vec<String> {
        let mut terms: Vec<String> = Vec::new();
        for name in std::iter::once(&self.text).chain(std::iter::once(&self.canonical)).chain(&self.aliases) {
            let name = name.trim();
            if name.chars().count() >= 2 && !terms.iter().any(|t| t.eq_ignore_ascii_case(name)) {
                terms.push(name.to_owned());
            }
        }
        terms.truncate(MAX_FILTER_TERMS);
        terms
    }

    /// Whether `label` names a variant of this entity: the name, then a qualifier after a
    /// space or in parentheses ("BiT-L (ResNet)" for "BiT-L", "Transformer Big" for
    /// "Transformer", "Sparse Transformer (30 layers, fixed attn)" for "sparse
    /// transformer"). A name joined by a hyphen is another model ("Transformer-XL").
    pub fn has_variant(&self, label: &str) -> bool {
        // Digits apart from letters on both sides: "gpt3" names "GPT-3 175B (Few-Shot)" as
        // "gpt-3" does.
        let label_lower = digits_apart(label);
        let spaced = label_lower.replace('-', " ");
        [&self.text, &self.canonical].iter().any(|name| {
            let name = digits_apart(name).replace('-', " ");
            let name = name.trim();
            !name.is_empty()
                && spaced.starts_with(name)
                && label_lower.get(name.len()..).is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('('))
        })
    }

    /// Whether `label` belongs to the family the name as written names: it is a variant
    /// ([`Self::has_variant`]), or the name's letters and digits open it and end where a
    /// word of it ends ("cait" opens "CAIT-M-24", "memen" opens "MEMEN (single model)";
    /// "bit" does not open "BiTT"). Looser than a variant: for listing the family's rows on a
    /// board where the name itself has no score, each said by its own label.
    pub fn family_member(&self, label: &str) -> bool {
        self.has_variant(label) || opens(&self.text, label)
    }

    /// Whether `label` opens with the first word of the name as written and holds all its
    /// words (the index's folding: case, hyphens, digits split from letters): a claim about
    /// "gpt3 few-shot" is about "GPT-3 175B (Few-Shot)". Looser than [`Self::has_variant`],
    /// for the verdict only: opening with the word keeps "Double DQN" apart from "DQN".
    pub fn written_as(&self, label: &str) -> bool {
        let name_terms = crate::index::terms(&self.text);
        let label_terms = crate::index::terms(label);
        name_terms.len() >= 2 && name_terms.first() == label_terms.first() && name_terms.iter().all(|t| label_terms.contains(t))
    }

    /// Whether `label` names this entity (the text, canonical name or an alias). A unit in
    /// brackets after a label is no part of its name: "Accuracy (%)" is accuracy.
    pub fn names(&self, label: &str) -> bool {
        let label = label.trim_end();
        let label = label.strip_suffix("(%)").map_or(label, str::trim_end);
        let label = crate::pipeline::front::lexicon::normalize(label);
        std::iter::once(&self.text)
            .chain(std::iter::once(&self.canonical))
            .chain(&self.aliases)
            .any(|n| crate::pipeline::front::lexicon::normalize(n) == label)
    }
}

/// Whether a name's letters and digits open `label` and end where a word of it ends
/// ("cait" opens "CAIT-M-24", "dqn" opens "DQN hs"; "bit" does not open "BiTT", nor "dqn"
/// "Bootstrapped DQN"). Pure.
pub fn opens(name: &str, label: &str) -> bool {
    let written = super::lexicon::squashed(name);
    if written.is_empty() {
        return false;
    }
    let mut wanted = written.chars().peekable();
    let mut rest = label.chars().flat_map(char::to_lowercase);
    for c in rest.by_ref() {
        match wanted.peek() {
            Some(&w) if c == w => {
                wanted.next();
                if wanted.peek().is_none() {
                    break;
                }
            }
            _ if !c.is_alphanumeric() => {}
            _ => return false,
        }
    }
    wanted.peek().is_none() && rest.next().is_none_or(|c| !c.is_alphanumeric())
}

/// The normalised entities, grouped as in the response.
pub type Normalized = ByKind<NormalizedEntity>;

impl Normalized {
    pub fn all(&self) -> impl Iterator<Item = &NormalizedEntity> {
        self.iter().map(|(_, e)| e)
    }
}

/// Normalises and links every entity.
pub fn normalize(lexicon: &Lexicon, entities: &Entities) -> Normalized {
    let mut out = Normalized::default();
    for (kind, text) in entities.iter().flat_map(|(kind, text)| coordinated(text).into_iter().map(move |t| (kind, t))) {
        let candidates: Vec<usize> =
            lexicon.lookup(text).into_iter().filter(|&id| lexicon.entry(id).kind == kind).collect();
        let entity = match candidates.first() {
            None => NormalizedEntity {
                kind,
                text: text.to_owned(),
                canonical: text.to_owned(),
                aliases: Vec::new(),
                iris: Vec::new(),
                direction: None,
                link: None,
            },
            Some(&best) => {
                let entry = lexicon.entry(best);
                // A table entry naming the same thing supplies aliases and direction.
                let table = candidates.iter().map(|&id| lexicon.entry(id)).find(|e| !e.from_graph);
                let mut aliases: Vec<String> = Vec::new();
                for name in table.into_iter().flat_map(|t| std::iter::once(&t.canonical).chain(&t.aliases)) {
                    if !name.eq_ignore_ascii_case(&entry.canonical) && !aliases.contains(name) {
                        aliases.push(name.clone());
                    }
                }
                let iris = if entry.iris.is_empty() {
                    table.map(|t| t.iris.clone()).unwrap_or_default()
                } else {
                    entry.iris.clone()
                };
                NormalizedEntity {
                    kind,
                    text: text.to_owned(),
                    canonical: entry.canonical.clone(),
                    aliases,
                    iris,
                    direction: entry.direction.or(table.and_then(|t| t.direction)),
                    link: None,
                }
            }
        };
        let list = out.get_mut(kind);
        if !list.iter().any(|e| e.canonical == entity.canonical) {
            list.push(entity);
        }
    }
    out
}

/// The names an extracted phrase joins with a repeated preposition: "anli (test) and on
/// winogrande" is two boards, each linked (or found missing) on its own. "A and B" alone is
/// left whole: many labels hold it ("Atari 2600 Up and Down", "Question Answering and
/// Reasoning").
fn coordinated(text: &str) -> Vec<&str> {
    static JOINED: std::sync::LazyLock<crate::pipeline::pattern::Regex> = std::sync::LazyLock::new(|| {
        crate::pipeline::pattern::Regex::new(r"(?i)\s*,?\s+(?:and|or)\s+(?:also\s+)?(?:on|for|in|of|about)\s+(?:the\s+)?").unwrap_or_else(|e| panic!("coordination pattern: {e}"))
    });
    if !text.contains(" and ") && !text.contains(" or ") {
        return vec![text];
    }
    JOINED.split(text).map(str::trim).filter(|t| !t.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_metric_named_by_fewer_words_is_every_label_holding_all_of_them() {
        let named = |text: &str| NormalizedEntity { kind: EntityKind::Metric, text: text.into(), canonical: text.into(), aliases: vec![], iris: vec![], direction: None, link: None };
        assert!(named("error rate").named_by_words("Top-1 Error Rate"));
        assert!(named("top-5 accuracy").named_by_words("Top 5 Accuracy"));
        assert!(!named("top-5 error").named_by_words("Top 5 Accuracy"), "a word it lacks");
        assert!(!named("").named_by_words("F1"), "nothing named is nothing found");
    }

    #[test]
    fn a_title_is_three_capitalised_words_or_more_and_a_typed_topic_is_not() {
        assert!(written_as_title("Attention Is All You Need"));
        assert!(written_as_title("Deep Residual Learning for Image Recognition"));
        assert!(!written_as_title("relational modelling of tidal arrays"));
        assert!(!written_as_title("GPT-3 175B"));
        assert!(!written_as_title("BERT on squad"));
    }

    use crate::pipeline::front::lexicon::GraphLabel;

    #[test]
    fn names_joined_with_a_repeated_preposition_are_two_and_a_plain_and_is_left_whole() {
        assert_eq!(coordinated("anli (test) and on winogrande"), ["anli (test)", "winogrande"]);
        assert_eq!(coordinated("cnn/dm, and on samsum"), ["cnn/dm", "samsum"]);
        assert_eq!(coordinated("Atari 2600 Up and Down"), ["Atari 2600 Up and Down"]);
    }

    /// A model named `text`, linked to the label `canonical` (unlinked when they are one).
    fn model(text: &str, canonical: &str) -> NormalizedEntity {
        let iris = if text == canonical { Vec::new() } else { vec!["r".into()] };
        NormalizedEntity { kind: EntityKind::Method, text: text.into(), canonical: canonical.into(), aliases: Vec::new(), iris, direction: None, link: None }
    }

    #[test]
    fn a_variant_is_read_the_same_with_or_without_a_hyphen_between_letters_and_digits() {
        let named = |text: &str| model(text, text);
        assert!(named("gpt3").has_variant("GPT-3 175B (Few-Shot)"));
        assert!(named("gpt-3").has_variant("GPT-3 175B (Few-Shot)"));
        assert!(named("resnet50").has_variant("ResNet-50 (SAM)"));
        assert!(!named("gpt3").has_variant("GPT-3"), "the model itself is no variant of it");
        assert!(!named("gpt").has_variant("GPT-3 175B (Few-Shot)"), "a hyphen joins another model");
        assert!(!named("gpt3").has_variant("GPT-35 (turbo)"));
    }

    #[test]
    fn a_family_holds_the_labels_its_name_opens_at_a_word_end() {
        let named = |text: &str| model(text, text);
        assert!(named("cait").family_member("CAIT-M-24"));
        assert!(named("awd lstm").family_member("AWD-LSTM + dynamic eval"));
        assert!(named("memen").family_member("MEMEN  (single model)"));
        assert!(!named("bit").family_member("BiTT"));
        assert!(!named("transformer xl").family_member("12-layer Transformer-XL"));
        assert!(named("deit").family_member("DeiT"), "the name itself is one");
    }

    #[test]
    fn a_family_name_the_link_settled_on_one_member_of_is_shown_as_written() {
        assert_eq!(model("bert", "BERT-joint").shown(), "bert");
        assert_eq!(model("xlnet large", "XLNet-Large").shown(), "XLNet-Large");
        assert_eq!(model("trilbert", "Trill-BERT").shown(), "Trill-BERT");
    }

    fn lexicon() -> Lexicon {
        let l = |kind, iri: &str, label: &str| GraphLabel { kind, iri: iri.into(), label: label.into() };
        Lexicon::build(&[
            l(EntityKind::Method, "http://orkg.org/orkg/resource/R1", "ResNet-50"),
            l(EntityKind::Method, "http://orkg.org/orkg/resource/R2", "ResNet"),
            l(EntityKind::Dataset, "http://orkg.org/orkg/resource/R3", "SQuAD1.1"),
        ])
        .unwrap()
    }

    fn one(kind: EntityKind, text: &str) -> NormalizedEntity {
        let mut e = Entities::default();
        e.push(kind, text);
        normalize(&lexicon(), &e).get(kind)[0].clone()
    }

    #[test]
    fn a_name_is_found_where_it_stands_whole_not_inside_a_longer_one() {
        let q = "Does AWD-LSTM-DOC beat AWD-LSTM on Penn Treebank?";
        assert_eq!(mention_in(q, "awd-lstm").map(|r| &q[r]), Some("AWD-LSTM"));
        assert_eq!(mention_in(q, "AWD-LSTM").map(|r| r.start), Some(23));
        assert_eq!(mention_in(q, "awd-lstm-doc").map(|r| r.start), Some(5));
        // "GPT-3" inside "GPT-3.5", then alone; a full stop ending the sentence ends it.
        assert_eq!(mention_in("is GPT-3.5 better than GPT-3.", "gpt-3").map(|r| r.start), Some(23));
        // Only inside a longer name: that place, as before.
        assert_eq!(mention_in("BERT-based models", "bert").map(|r| r.start), Some(0));
        assert_eq!(mention_in("nothing here", "bert"), None);
        assert_eq!(mention_in("anything", ""), None);
    }

    #[test]
    fn a_unit_in_brackets_after_a_label_is_no_part_of_its_name() {
        let accuracy = NormalizedEntity { kind: EntityKind::Metric, text: "accuracy".into(), canonical: "Accuracy".into(), aliases: vec![], iris: vec![], direction: None, link: None };
        assert!(accuracy.names("Accuracy (%)"));
        assert!(accuracy.names("accuracy"));
        assert!(!accuracy.names("Accuracy (High)"));
    }

    #[test]
    fn a_name_is_written_with_a_capital_or_a_digit_in_one_word() {
        assert!(written_as_name("HellaSwag") && written_as_name("wmt14"));
        assert!(!written_as_name("top there now") && !written_as_name("cifar-10 comes"));
    }

    #[test]
    fn a_name_inside_a_longer_word_is_not_said() {
        assert!(!said_in("is there code for roberta?", "bert"));
        assert!(said_in("BERT-based models", "bert"));
        assert!(said_in("we compared against BERT. is there code for roberta?", "bert"));
        assert!(!said_in("anything", ""));
    }

    #[test]
    fn a_mention_keeps_offsets_into_the_text_as_written_beyond_ascii() {
        // "İ" lowercases to two characters: offsets taken from a lowercased copy would fall
        // inside a character of the text as written.
        let q = "İstanbul team: does ÉCLAIR beat Naïve-Bayes?";
        let r = mention_in(q, "naïve-bayes").unwrap();
        assert_eq!(&q[r], "Naïve-Bayes");
        assert_eq!(mention_in(q, "éclair").map(|r| &q[r]), Some("ÉCLAIR"));
    }

    #[test]
    fn a_label_opening_with_the_name_and_holding_all_its_words_is_how_the_name_is_written() {
        let gpt = NormalizedEntity { kind: EntityKind::Method, text: "gpt3 few-shot".into(), canonical: "GPT-3 (few-shot)".into(), aliases: vec![], iris: vec![], direction: None, link: None };
        assert!(gpt.written_as("GPT-3 175B (Few-Shot)"));
        assert!(!gpt.written_as("GPT-3 175B (Zero-Shot)"));
        let dqn = NormalizedEntity { text: "dqn noop".into(), canonical: "DQN noop".into(), ..gpt.clone() };
        assert!(!dqn.written_as("Double DQN noop"), "opens with another word");
    }

    #[test]
    fn an_exact_graph_label_links_to_its_own_resource() {
        let e = one(EntityKind::Method, "resnet-50");
        assert_eq!(e.canonical, "ResNet-50");
        assert_eq!(e.iris, vec!["http://orkg.org/orkg/resource/R1"]);
        assert!(e.aliases.contains(&"ResNet".to_owned()), "family name kept as alias: {:?}", e.aliases);
    }

    #[test]
    fn an_alias_normalises_to_the_canonical_name_and_its_resources() {
        let e = one(EntityKind::Dataset, "Stanford Question Answering Dataset");
        assert_eq!(e.canonical, "SQuAD1.1");
        assert_eq!(e.iris, vec!["http://orkg.org/orkg/resource/R3"]);
    }

    #[test]
    fn unknown_entities_stay_unlinked_with_their_own_name_as_filter() {
        let e = one(EntityKind::Dataset, "UrbanSound8k");
        assert!(!e.is_linked());
        assert_eq!(e.filter_terms(), vec!["UrbanSound8k"]);
    }

    #[test]
    fn abbreviations_expand_and_metrics_know_their_direction() {
        let e = one(EntityKind::Method, "CNN");
        assert_eq!(e.canonical, "Convolutional Neural Network");
        assert!(e.filter_terms().contains(&"CNN".to_owned()));
        assert_eq!(one(EntityKind::Metric, "perplexity").direction, Some(Direction::Lower));
    }
}
