//! No question string can change a query's structure: arbitrary strings, filled into every
//! user-string slot of every template, parse as read queries whose shape (with string
//! literals blanked) equals the shape built from a harmless string, and the string survives
//! as one literal.
//!
//! A property test over the query templates, with no server: its own test binary (`make
//! test` runs it) so that the black-box API binary stays free of proptest.

use std::sync::LazyLock;

use proptest::prelude::*;
use scigraph::pipeline::query::templates::{Anchor, Arg, Templates};

static TEMPLATES: LazyLock<Templates> = LazyLock::new(|| Templates::load().expect("templates load"));

fn blank_literals(sparql: &str) -> String {
    regex::Regex::new(r#""(?:[^"\\]|\\.)*""#).unwrap().replace_all(sparql, "\"\"").into_owned()
}

fn literal(s: &str) -> String {
    oxrdf::Literal::new_simple_literal(s).to_string()
}

/// Every (template, argument builder) with a user-string slot.
type Slot = (&'static str, &'static str, fn(String) -> Arg);

fn slots() -> Vec<Slot> {
    vec![
        ("papers_by_method", "method", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("papers_by_dataset", "dataset", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("papers_by_task", "task", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("papers_by_field", "field", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("leaderboard", "dataset", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("model_results", "model", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("code_links", "model", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("datasets_by_task", "task", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("problems_by_field", "field", |s| Arg::Anchor(Anchor::Labels(vec![s]))),
        ("papers_by_title", "keywords", |s| Arg::Keywords(vec![s])),
        ("paper_by_doi", "doi", |s| Arg::Literals(vec![s])),
        ("paper_by_title", "title", Arg::Contains),
    ]
}

fn shape(templates: &Templates, template: &str, param: &str, arg: Arg) -> (String, String) {
    let query = templates.fill(template, &[(param, arg), ("limit", Arg::Limit(10))]).expect("fills and parses");
    assert!(matches!(query.parsed(), spargebra::Query::Select { .. }), "still a SELECT");
    let reserialised = query.parsed().to_string();
    (blank_literals(&reserialised), reserialised)
}

fn hostile() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\"'\\\\{}#.;<>\\n\\r\\t ]{0,12}(UNION|INSERT|DROP|SERVICE|\"\"\"|\\\\u0022|\\}|#)[\"'\\\\{}#.;<>\\n ]{0,12}",
        "\\PC{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_string_keeps_every_templates_shape_and_stays_one_literal(s in hostile()) {
        let templates = &*TEMPLATES;
        // Names of 1-4 characters take the regex form, longer ones CONTAINS: test both baselines.
        let baseline_text = if s.chars().count() <= 4 { "ab" } else { "harmless text" };
        for (template, param, arg) in slots() {
            let (baseline, _) = shape(templates, template, param, arg(baseline_text.to_owned()));
            let (got, reserialised) = shape(templates, template, param, arg(s.clone()));
            prop_assert_eq!(&got, &baseline, "{} changed shape for {:?}", template, s);
            if template == "paper_by_doi" {
                // An exact value keeps its case.
                prop_assert!(reserialised.contains(&literal(&s)), "{} lost {:?}", template, s);
            } else if s.chars().count() > 4 || template == "paper_by_title" {
                // The whole (lowercased) string is one literal of the parsed query.
                prop_assert!(reserialised.contains(&literal(&s.to_lowercase())), "{} lost {:?}", template, s);
            }
        }
    }
}
