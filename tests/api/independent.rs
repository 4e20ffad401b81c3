//! Graphs and claims written independently of the implementation
//! (`tests/fixtures/independent/`): each case's verdict, best model, time anchor and
//! conflict kinds must come out as its author derived them from the numbers.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::helpers::spawn_app;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/independent");

#[tokio::test]
async fn every_independent_case_comes_out_as_expected() {
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{DIR}/cases.json")).unwrap()).unwrap();
    let mut by_graph: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for case in &cases {
        by_graph.entry(case["graph"].as_str().unwrap().to_owned()).or_default().push(case);
    }
    let mut failures = Vec::new();
    for (graph, cases) in by_graph {
        let dump = format!("{DIR}/{graph}");
        let app = spawn_app(&[("SCIGRAPH_DUMPS", &dump)]).await;
        for case in cases {
            let question = case["question"].as_str().unwrap();
            let body: Value = app.ask(question).await;
            let expect = &case["expect"];
            if let Some(verdict) = expect.get("verdict") {
                if &body["verdict"] != verdict {
                    failures.push(format!("{graph}: {question}: verdict {} != {verdict} ({})", body["verdict"], body["answer"]));
                }
            }
            if let Some(best) = expect.get("best_model") {
                if &body["answer_items"][0]["label"] != best {
                    failures.push(format!("{graph}: {question}: best {} != {best}", body["answer_items"][0]["label"]));
                }
            }
            if let Some(year) = expect.get("as_of") {
                if &body["as_of"]["year"] != year {
                    failures.push(format!("{graph}: {question}: as_of {} != {year}", body["as_of"]));
                }
            }
            for kind in expect.get("conflict_kinds").and_then(Value::as_array).into_iter().flatten() {
                if !body["conflicts"].as_array().unwrap().iter().any(|c| &c["kind"] == kind) {
                    failures.push(format!("{graph}: {question}: no {kind} conflict in {}", body["conflicts"]));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
