//! Fuzz target: any question (any bytes that are UTF-8) through every pure stage up to the
//! built SPARQL. Building must never fail or panic, and every query must parse as a SELECT.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use scigraph::pipeline::query::templates::Templates;
use scigraph::pipeline::front::classify::classify;
use scigraph::pipeline::front::extract::{by_keywords, lookup_keys, title_keywords};
use scigraph::pipeline::front::lexicon::Lexicon;
use scigraph::pipeline::front::normalize::normalize;
use scigraph::pipeline::query::plan::{plan, PlanInput};

static LEXICON: LazyLock<Lexicon> = LazyLock::new(|| Lexicon::from_tables().expect("lexicon"));
static TEMPLATES: LazyLock<Templates> = LazyLock::new(|| Templates::load().expect("templates"));

fuzz_target!(|data: &[u8]| {
    let Ok(question) = std::str::from_utf8(data) else { return };
    let entities = by_keywords(&LEXICON, question);
    let classification = classify(question, &entities);
    let normalized = normalize(&LEXICON, &entities);
    let keywords = title_keywords(question, &entities);
    let lookup = lookup_keys(question);
    for prefer_labels in [false, true] {
        let input = PlanInput { classification, entities: &normalized, keywords: &keywords, lookup: &lookup, prefer_labels, indexed: false };
        let strategies = plan(&TEMPLATES, &input).expect("every question builds valid queries");
        for strategy in strategies {
            assert!(matches!(strategy.query.parsed(), spargebra::Query::Select { .. }), "{}", strategy.name);
        }
    }
});
