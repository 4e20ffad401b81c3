//! Reading scores as numbers. ORKG stores scores as strings ("93.0/90.7", "98.46%", "467M",
//! "91.6/91.1*", "-", "biLSTM"); comparing them as text ranks "9.5" above "85.2". This
//! module takes the first number in the string, with a magnitude suffix (K, M, B) applied,
//! and gives `None` where there is no number. Pure.

/// The key under which a recorded score is one fact: its number when it reads as one (so
/// "75.3" and "75.30" are the same fact), otherwise its trimmed text; `None` when blank.
pub fn value_key(raw: &str) -> Option<String> {
    let value = raw.trim();
    if value.is_empty() {
        return None;
    }
    Some(parse_score(value).map(|n| format!("{n}")).unwrap_or_else(|| value.to_owned()))
}

/// The numeric value of a recorded score, if it has one.
pub fn parse_score(raw: &str) -> Option<f64> {
    let s = raw.trim();
    let bytes = s.as_bytes();
    let start = bytes.iter().position(|b| b.is_ascii_digit() || *b == b'.')?;
    // A sign directly before the number belongs to it.
    let negative = start > 0 && bytes[start - 1] == b'-' && (start == 1 || !bytes[start - 2].is_ascii_alphanumeric());
    let mut end = start;
    let mut seen_dot = false;
    while end < bytes.len() {
        match bytes[end] {
            b'0'..=b'9' => {}
            b'.' if !seen_dot => seen_dot = true,
            // Thousands separators: "1,234.5".
            b',' if bytes.get(end + 1..end + 4).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
                && !bytes.get(end + 4).is_some_and(u8::is_ascii_digit) => {}
            _ => break,
        }
        end += 1;
    }
    let digits: String = s[start..end].chars().filter(|c| *c != ',').collect();
    let mut value: f64 = digits.trim_end_matches('.').parse().ok()?;
    match bytes.get(end).map(u8::to_ascii_uppercase) {
        Some(b'K') => value *= 1e3,
        Some(b'M') => value *= 1e6,
        Some(b'B') | Some(b'G') => value *= 1e9,
        _ => {}
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirty_scores_read_as_their_first_number() {
        let cases = [
            ("83.64", Some(83.64)),
            ("93.0/90.7", Some(93.0)),
            ("91.6/91.1*", Some(91.6)),
            ("98.46%", Some(98.46)),
            ("92.22 ", Some(92.22)),
            ("467M", Some(467e6)),
            ("1,234.5", Some(1234.5)),
            ("-3.2", Some(-3.2)),
            (".5", Some(0.5)),
            ("-", None),
            ("biLSTM", None),
            ("", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(parse_score(raw), expected, "{raw:?}");
        }
    }

    #[test]
    fn numbers_compare_as_numbers_not_text() {
        assert!(parse_score("9.5").unwrap() < parse_score("85.2").unwrap());
    }
}
