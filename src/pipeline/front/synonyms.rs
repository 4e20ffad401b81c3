//! The synonym tables (`synonyms/*.tsv`, compiled in) read into lexicon entries: canonical
//! names, aliases and, for metrics, the direction. A malformed line stops start-up with the
//! file and line named. Pure.

use super::lexicon::{Direction, EntityKind, Entry, LexiconError};

pub(super) fn parse_table(kind: EntityKind, file: &'static str, text: &str) -> Result<Vec<Entry>, LexiconError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate().skip(1) {
        let line_no = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        let expected = if kind == EntityKind::Metric { 3 } else { 2 };
        if columns.len() != expected {
            return Err(LexiconError {
                file,
                line: line_no,
                reason: format!("expected {expected} tab-separated columns, found {}", columns.len()),
            });
        }
        let canonical = columns[0].trim();
        if canonical.is_empty() {
            return Err(LexiconError { file, line: line_no, reason: "empty canonical name".into() });
        }
        let aliases = columns[1].split('|').map(str::trim).filter(|a| !a.is_empty()).map(String::from).collect();
        let direction = match columns.get(2).map(|d| d.trim()) {
            None => None,
            Some("higher") => Some(Direction::Higher),
            Some("lower") => Some(Direction::Lower),
            Some("none") => Some(Direction::None),
            Some(other) => {
                return Err(LexiconError {
                    file,
                    line: line_no,
                    reason: format!("direction must be higher, lower or none, not {other:?}"),
                })
            }
        };
        entries.push(Entry {
            kind,
            canonical: canonical.to_owned(),
            aliases,
            iris: Vec::new(),
            from_graph: false,
            direction,
        });
    }
    Ok(entries)
}
