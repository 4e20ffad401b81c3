//! Finding the JSON an LLM meant to send: models wrap it in code fences, put prose around
//! it, or send several objects. [`first_object`] returns the first complete JSON object in
//! the text, or `None`. Pure.

use serde_json::Value;

/// The first JSON object in `text`, wherever it starts.
pub fn first_object(text: &str) -> Option<Value> {
    for (start, _) in text.match_indices('{') {
        let mut stream = serde_json::Deserializer::from_str(&text[start..]).into_iter::<Value>();
        if let Some(Ok(value @ Value::Object(_))) = stream.next() {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_found_in_fences_prose_and_after_broken_starts() {
        let cases = [
            (r#"{"a": 1}"#, Some(r#"{"a":1}"#)),
            ("```json\n{\"a\": [1, 2]}\n```", Some(r#"{"a":[1,2]}"#)),
            (r#"Here you go: {"a": "}"} hope it helps {"b": 2}"#, Some(r#"{"a":"}"}"#)),
            (r#"{broken {"a": 1}"#, Some(r#"{"a":1}"#)),
            ("no json here", None),
            ("[1, 2, 3]", None),
            ("", None),
        ];
        for (text, expected) in cases {
            let got = first_object(text).map(|v| v.to_string());
            assert_eq!(got.as_deref(), expected, "{text}");
        }
    }
}
