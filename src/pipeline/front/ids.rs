//! ORKG's own ids and links in a question: "what's the DOI of
//! https://orkg.org/paper/R129488?", "models on orkg.org/resource/R2110?", "what is R44234?",
//! "papers in research field R132". People who use ORKG's website paste what they see there,
//! and no stage reads an id: left as it is, the question names nothing the graph holds by
//! that text. This module finds the ids (a link to a page, an IRI, or a bare id with or
//! without the word for what it is) and writes the question again with each id's name in
//! its place, once the graph has said what the ids name ([`written`]): a paper by its
//! title, quoted as a title is; a contribution as its paper; anything else by its label.
//! The graph is asked by the pipeline (`resources_by_id.rq`); this module is pure.

use std::sync::LazyLock;

use crate::pipeline::pattern::Regex;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("ORKG id pattern {pattern}: {e}"))
}

/// A link to one of ORKG's pages (or an IRI of its graph), with what was said just before it
/// ("this paper: "). The page's kind is not trusted to be the resource's: the graph says.
/// A paper's page may add one of its contributions' ids; the paper is what it names.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:\b(?:the|this|that)\s+(?:paper|contribution|resource|page)\s*:?\s*)?(?:https?://)?(?:www\.|sandbox\.|incubating\.)?\borkg\.org/(?:orkg/)?(?:(?:paper|papers|resource|resources|problem|problems|comparison|comparisons|research-field|field|fields|predicate|predicates|property|properties|dataset|datasets|benchmark|benchmarks|contribution|contributions)/)?(R[0-9]{1,10}|P[0-9]{1,8}|M-[0-9a-fA-F]{16}|(?-i:HAS_[A-Z_]{2,40}|[a-z]+[A-Z][A-Za-z]{2,40}))\b(?:/(?:R[0-9]{1,10}|M-[0-9a-fA-F]{16})\b)?/?")
});

/// A bare id, with the word for what it is where one is written ("paper R12345",
/// "research field R132", "the ORKG id R678"). Without such a word only a resource id of
/// four digits or more is read as one ("R50" is as likely a backbone's name).
static BARE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:\b(?P<cue>(?:the\s+|this\s+)?(?:orkg\s+)?(?:paper|resource|contribution|comparison|research\s+problem|problem|research\s+field|field|predicate|property|model|method|dataset|benchmark|metric|task|id)\s*(?:id\s*)?[:#]?\s*))?\b(?P<id>(?-i:R[0-9]{1,10}|P[0-9]{1,8})|M-[0-9a-fA-F]{16})\b")
});

/// An id where the question writes one: ORKG's own (`R…`, `P…`), or one minted by the
/// mirror for what ORKG's dumps gave no id (`M-` and sixteen hex digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// Where the id (with the words for the page that precede it) is written: what is
    /// replaced by its name.
    pub start: usize,
    pub end: usize,
    /// "R12345" or "P32".
    pub id: String,
    /// Whether the words before it say it is a paper ("paper R1", "this paper: <link>"):
    /// those words are replaced with it, as the name says "the paper" itself.
    pub said_paper: bool,
}

impl Mention {
    /// The graph's IRI for the id.
    pub fn iri(&self) -> String {
        let resource = self.id.starts_with("M-") || (self.id.starts_with('R') && self.id[1..].bytes().all(|b| b.is_ascii_digit()));
        match resource {
            true => format!("http://orkg.org/orkg/resource/{}", self.id),
            // "P32", or a predicate ORKG names in words ("HAS_SOURCE_CODE", "compareContribution").
            false => format!("http://orkg.org/orkg/predicate/{}", self.id),
        }
    }
}

/// What the graph says an id names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named {
    /// A paper, or a contribution of one: the paper's title.
    Paper(String),
    /// Anything else, by its label.
    Label(String),
    /// A comparison (ORKG's comparisons carry no label here): the question reads as about
    /// "this comparison", and the pipeline is given which.
    Comparison,
}

/// An id as the graph's IRIs write it: `R`/`P` upper case, a minted id's hex lower case, a
/// predicate's name as written.
fn canonical(id: &str) -> String {
    match id.get(..2) {
        Some(m) if m.eq_ignore_ascii_case("m-") => format!("M-{}", id[2..].to_lowercase()),
        _ if id.len() > 1 && id[1..].bytes().all(|b| b.is_ascii_digit()) => id.to_uppercase(),
        _ => id.to_owned(),
    }
}

/// Every id the question writes, in order, none overlapping. Text with none gives none.
pub fn mentions(text: &str) -> Vec<Mention> {
    // Cheap first: most questions hold neither a link nor an R or P followed by a digit.
    let bytes = text.as_bytes();
    let has_id = bytes.windows(2).any(|w| (matches!(w[0], b'R' | b'P') && w[1].is_ascii_digit()) || w == b"M-") || bytes.windows(9).any(|w| w.eq_ignore_ascii_case(b"orkg.org/"));
    if !has_id {
        return Vec::new();
    }
    let said_paper = |words: &str| {
        let lower = words.to_lowercase();
        lower.contains("paper") || lower.contains("contribution")
    };
    let mut found: Vec<Mention> = Vec::new();
    for c in LINK.captures_iter(text) {
        let (Some(whole), Some(id)) = (c.get(0), c.get(1)) else { continue };
        // The words before the link's host (ASCII: a byte index in the text itself).
        let host = whole.as_str().as_bytes().windows(4).position(|w| w.eq_ignore_ascii_case(b"orkg")).unwrap_or(0);
        let cue = &whole.as_str()[..host];
        found.push(Mention { start: whole.start(), end: whole.end(), id: canonical(id.as_str()), said_paper: said_paper(cue) || text[whole.start()..whole.end()].to_lowercase().contains("/paper") });
    }
    for c in BARE.captures_iter(text) {
        let (Some(whole), Some(id)) = (c.get(0), c.name("id")) else { continue };
        if found.iter().any(|m| m.start < whole.end() && whole.start() < m.end) {
            continue;
        }
        // "ResNet-R101", "x/R1234", "R1234-b": part of another name or a path.
        let before = text[..id.start()].chars().next_back();
        let after = text[id.end()..].chars().next();
        if before.is_some_and(|b| matches!(b, '-' | '/' | '_' | '.' | '#')) || after.is_some_and(|a| matches!(a, '-' | '_' | '/')) {
            continue;
        }
        let cue = c.name("cue").map(|m| m.as_str()).unwrap_or_default();
        // A minted id ("M-56c620747672409e") is one whatever comes before it.
        let digits = if id.as_str().starts_with('M') { usize::MAX } else { id.as_str().len() - 1 };
        let predicate = id.as_str().starts_with('P');
        let cue_lower = cue.to_lowercase();
        let read = match (cue.is_empty(), predicate) {
            (true, false) => digits >= 4,
            (true, true) => false,
            // "property P32", "predicate P32": only those words make a P id one.
            (false, true) => cue_lower.contains("predicate") || cue_lower.contains("property"),
            (false, false) => true,
        };
        if !read {
            continue;
        }
        // The words for what it is are replaced with it ("paper R1": the paper's title;
        // "was model R123293 evaluated on D": the model's name), but for a problem, a task
        // or a field, which read as the question's own words before the name ("papers in
        // research field R132").
        let paper = said_paper(cue);
        let kept = ["problem", "field", "task"].iter().any(|w| cue_lower.contains(w));
        let start = if cue.is_empty() || kept { id.start() } else { whole.start() };
        found.push(Mention { start, end: id.end(), id: canonical(id.as_str()), said_paper: paper });
    }
    found.sort_by_key(|m| m.start);
    found
}

/// `text` with each id the graph names written as its name: a paper as `the paper
/// "<title>"` (its title's own double quotes made single, so the quotes stay the title's
/// bounds), anything else by its label. An id the graph does not name is left as written.
pub fn written(text: &str, mentions: &[Mention], named: impl Fn(&Mention) -> Option<Named>) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for m in mentions {
        let Some(name) = named(m) else { continue };
        out.push_str(&text[at..m.start]);
        match name {
            Named::Paper(title) => {
                // "of the paper <link>" where the link alone was replaced: "the paper" once.
                let before = out.trim_end().to_lowercase();
                let said = before.ends_with("paper") || before.ends_with("paper:");
                if said && !m.said_paper {
                    out.push_str(&format!("\"{}\"", title.replace('"', "'")));
                } else {
                    out.push_str(&format!("the paper \"{}\"", title.replace('"', "'")));
                }
            }
            Named::Label(label) => out.push_str(&label),
            // "what papers does this comparison compare? <link>": said once.
            Named::Comparison if out.to_lowercase().contains("comparison") || text[m.end..].to_lowercase().contains("comparison") => {}
            Named::Comparison => out.push_str("this comparison"),
        }
        at = m.end;
    }
    out.push_str(&text[at..]);
    out
}

/// What an id names, in one sentence the answer opens with, so that whoever pasted a link
/// sees what it was read as: "R121347 is the dataset \"ImageNet\"." From the lookup's rows:
/// the id's label, its classes (IRIs), and for a contribution its paper's title.
pub fn described(id: &str, label: Option<&str>, classes: &[String], paper_title: Option<&str>) -> String {
    const KINDS: [(&str, &str); 11] = [
        ("Paper", "paper"),
        ("Contribution", "contribution"),
        ("Comparison", "comparison"),
        ("Dataset", "dataset"),
        ("Model", "model"),
        ("Problem", "research problem"),
        ("Metric", "metric"),
        ("Benchmark", "benchmark"),
        ("ResearchField", "research field"),
        ("Author", "author"),
        ("Predicate", "property"),
    ];
    let quoted = |s: &str| format!("\"{}\"", s.trim().replace('"', "'"));
    let kind = KINDS.iter().find(|(class, _)| classes.iter().any(|c| c.rsplit('/').next() == Some(*class))).map(|(_, kind)| *kind);
    let label = label.map(str::trim).filter(|l| !l.is_empty());
    match (paper_title, kind, label) {
        (Some(title), Some("paper") | None, _) => format!("{id} is the paper {}.", quoted(title)),
        (Some(title), _, _) => format!("{id} is a contribution of the paper {}.", quoted(title)),
        (None, Some(kind), Some(label)) => format!("{id} is the {kind} {}.", quoted(label)),
        (None, None, Some(label)) => format!("{id} is {}.", quoted(label)),
        (None, Some(kind), None) => format!("{id} is a {kind} with no label in the graph."),
        // A research field papers point to, say, held only as a value.
        (None, None, None) => format!("{id} has no label in the graph; it is held only as a value."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<String> {
        mentions(text).into_iter().map(|m| m.id).collect()
    }

    #[test]
    fn an_id_is_described_by_its_class_and_label_or_its_paper() {
        let class = |c: &str| vec![format!("http://orkg.org/orkg/class/{c}")];
        assert_eq!(described("R121347", Some("ImageNet"), &class("Dataset"), None), "R121347 is the dataset \"ImageNet\".");
        assert_eq!(described("R1", Some("A \"quoted\" title"), &class("Paper"), None), "R1 is the paper \"A 'quoted' title\".");
        assert_eq!(described("R790627", Some("Contribution 1"), &class("Contribution"), Some("Gemma")), "R790627 is a contribution of the paper \"Gemma\".");
        assert_eq!(described("R8364", None, &class("Comparison"), None), "R8364 is a comparison with no label in the graph.");
        assert_eq!(described("R133", None, &[], None), "R133 has no label in the graph; it is held only as a value.");
        assert_eq!(described("R5", Some("Thing"), &class("Resource"), None), "R5 is \"Thing\".");
    }

    #[test]
    fn links_to_orkg_pages_and_iris_are_read_as_their_ids() {
        assert_eq!(ids("what's the DOI of https://orkg.org/paper/R129488?"), ["R129488"]);
        assert_eq!(ids("models on www.orkg.org/resource/R2110/ please"), ["R2110"]);
        assert_eq!(ids("see https://orkg.org/paper/R129488/R129490 - what does it evaluate?"), ["R129488"], "a contribution after its paper names the paper");
        assert_eq!(ids("papers on orkg.org/problem/R44234 and http://orkg.org/orkg/resource/R11"), ["R44234", "R11"]);
        assert_eq!(ids("what is https://orkg.org/predicate/P32"), ["P32"]);
        assert_eq!(ids("the value of https://orkg.org/property/HAS_SOURCE_CODE ?"), ["HAS_SOURCE_CODE"]);
        assert_eq!(mentions("orkg.org/property/compareContribution")[0].iri(), "http://orkg.org/orkg/predicate/compareContribution");
        assert_eq!(ids("orkg.org/paper/R1/M-56c620747672409e and contribution M-56C620747672409E?"), ["R1", "M-56c620747672409e"], "the mirror's minted ids too");
    }

    #[test]
    fn bare_ids_are_read_with_their_word_or_when_long_enough() {
        assert_eq!(ids("what is R44234?"), ["R44234"]);
        assert_eq!(ids("papers in research field R132"), ["R132"]);
        assert_eq!(ids("what does paper R12 evaluate?"), ["R12"]);
        assert_eq!(ids("what is property P32?"), ["P32"]);
        assert!(ids("faster r-cnn with an R50 backbone").is_empty(), "a short id with no word is a name");
        assert!(ids("ResNet-R1010 on imagenet").is_empty(), "part of another name");
        assert!(ids("P3200 and R2D2 agents").is_empty(), "a P id needs its word; R2D2 is a name");
        assert!(ids("which models beat bert on squad?").is_empty());
    }

    #[test]
    fn a_named_id_is_written_as_its_name_and_a_paper_as_its_quoted_title() {
        let text = "what's the DOI of the paper R12 and the models on https://orkg.org/resource/R2110?";
        let found = mentions(text);
        let named = |m: &Mention| match m.id.as_str() {
            "R12" => Some(Named::Paper("A \"quoted\" title".to_owned())),
            "R2110" => Some(Named::Label("SQuAD1.1".to_owned())),
            _ => None,
        };
        assert_eq!(written(text, &found, named), "what's the DOI of the paper \"A 'quoted' title\" and the models on SQuAD1.1?");
        let link = "tell me about this paper: https://orkg.org/paper/R12";
        assert_eq!(written(link, &mentions(link), named), "tell me about the paper \"A 'quoted' title\"");
        let table = "what papers does this comparison compare? orkg.org/comparison/R6949";
        assert_eq!(written(table, &mentions(table), |_| Some(Named::Comparison)).trim_end(), "what papers does this comparison compare?");
        let unknown = "what is R99999?";
        assert_eq!(written(unknown, &mentions(unknown), named), unknown, "an id the graph does not name is left");
        let field = "papers in research field R2110";
        assert_eq!(written(field, &mentions(field), named), "papers in research field SQuAD1.1", "a field's word is the question's");
        let model = "was model R2110 evaluated on D?";
        assert_eq!(written(model, &mentions(model), named), "was SQuAD1.1 evaluated on D?", "a model's word is the name's");
    }
}
