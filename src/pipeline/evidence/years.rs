//! Publication years you can trust. ORKG's year predicate (P29) sometimes holds a
//! month beside the year, and values can be missing or out of range. A year is valid from
//! 1900 to next year; of several values the valid one is kept (the earliest, with a note,
//! when two valid years disagree); no valid value means unknown, never 0. Pure.

/// The validated year and, when the values disagreed, a note saying how.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct YearCheck {
    pub year: Option<i32>,
    /// Every valid year recorded, ascending (two or more mean contradictory metadata).
    pub valid: Vec<i32>,
    pub note: Option<String>,
}

pub fn validate(raw: &[String], current_year: i32) -> YearCheck {
    let range = 1900..=current_year + 1;
    let mut valid: Vec<i32> =
        raw.iter().filter_map(|v| v.trim().parse::<i32>().ok()).filter(|y| range.contains(y)).collect();
    valid.sort_unstable();
    valid.dedup();
    let rejected: Vec<&str> = raw
        .iter()
        .map(|v| v.trim())
        .filter(|v| v.parse::<i32>().map_or(true, |y| !range.contains(&y)))
        .collect();
    match valid.as_slice() {
        [] => YearCheck {
            year: None,
            valid: Vec::new(),
            note: (!rejected.is_empty()).then(|| format!("no valid year among {rejected:?}")),
        },
        [year] => YearCheck {
            year: Some(*year),
            valid: vec![*year],
            note: (!rejected.is_empty()).then(|| format!("ignored {rejected:?} under the year predicate")),
        },
        [first, ..] => YearCheck {
            year: Some(*first),
            note: Some(format!("several years recorded {valid:?}; kept the earliest")),
            valid: valid.clone(),
        },
    }
}

/// The current calendar year from the system clock (UTC).
pub fn current_year() -> i32 {
    time::OffsetDateTime::now_utc().year()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &[&str]) -> YearCheck {
        validate(&raw.iter().map(|s| s.to_string()).collect::<Vec<_>>(), 2026)
    }

    #[test]
    fn a_month_beside_the_year_is_dropped() {
        let c = check(&["6", "2015"]);
        assert_eq!(c.year, Some(2015));
        assert!(c.note.unwrap().contains("\"6\""));
    }

    #[test]
    fn missing_or_invalid_years_stay_unknown_never_zero() {
        assert_eq!(check(&[]).year, None);
        assert_eq!(check(&["0"]).year, None);
        assert_eq!(check(&["1850"]).year, None);
        assert_eq!(check(&["2031"]).year, None);
        assert_eq!(check(&["n.d."]).year, None);
        assert_eq!(check(&["2027"]).year, Some(2027), "next year is allowed (preprints)");
    }

    #[test]
    fn two_valid_years_keep_the_earliest_with_a_note() {
        let c = check(&["2019", "2018"]);
        assert_eq!(c.year, Some(2018));
        assert!(c.note.is_some());
    }

    #[test]
    fn the_current_year_is_plausible() {
        let y = current_year();
        assert!((2024..2100).contains(&y), "{y}");
    }
}
