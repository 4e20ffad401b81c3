//! The trust stage on a hand-made graph with known outcomes (`tests/fixtures/conflicts.ttl`):
//! superseded results, a reproduction that disagrees, a corroborated older fact against a
//! newer one, a snapshot question, contradictory metadata, and claim verdicts.

use serde_json::Value;

use crate::helpers::{codes, spawn_app, TestApp};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/conflicts.ttl");

async fn app(extra: &[(&str, &str)]) -> TestApp {
    let mut vars = vec![("SCIGRAPH_DUMPS", FIXTURE)];
    vars.extend_from_slice(extra);
    spawn_app(&vars).await
}

async fn ask(app: &TestApp, question: &str) -> Value {
    let response = app.client.post(format!("{}/ask", app.address)).json(&serde_json::json!({ "question": question })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn first_item(body: &Value) -> (String, String) {
    let item = &body["answer_items"][0];
    (item["label"].as_str().unwrap_or_default().to_owned(), item["value"].as_str().unwrap_or_default().to_owned())
}

fn conflicts_of<'a>(body: &'a Value, kind: &str) -> Vec<&'a Value> {
    body["conflicts"].as_array().unwrap().iter().filter(|c| c["kind"] == kind).collect()
}

#[tokio::test]
async fn an_older_best_result_is_superseded_by_a_newer_better_one() {
    let app = app(&[]).await;

    let body = ask(&app, "Which model has the best Accuracy on BenchOne?").await;

    assert_eq!(first_item(&body), ("NewNet".into(), "85.0".into()));
    let superseded = conflicts_of(&body, "superseded");
    assert_eq!(superseded.len(), 1, "{}", body["conflicts"]);
    assert_eq!(superseded[0]["winner"], "NewNet 85.0");
    assert!(body["as_of"].is_null());
    assert!(body["verdict"].is_null());
    let old = body["sources"].as_array().unwrap().iter().find(|s| s["title"] == "OldNet: An Early Network for BenchOne");
    assert_eq!(old.expect("the superseded paper is cited")["validity"], "SUPERSEDED");
    assert_eq!(body["gates"]["temporal"]["passed"], true);
}

#[tokio::test]
async fn a_snapshot_question_answers_as_the_graph_stood_then() {
    let app = app(&[]).await;

    let body = ask(&app, "Which model had the best Accuracy on BenchOne as of 2017?").await;

    assert_eq!(body["as_of"]["year"], 2017);
    assert_eq!(first_item(&body), ("OldNet".into(), "80.0".into()));
    assert!(body["warnings"].to_string().contains("published after 2017"));
    assert!(codes(&body).contains(&"after_anchor".to_owned()), "{:?}", codes(&body));
    assert!(body["sources"].as_array().unwrap().iter().all(|s| s["year"].as_i64().unwrap_or(0) <= 2017));
}

#[tokio::test]
async fn a_reproduction_far_newer_than_the_original_removes_the_stale_value() {
    let app = app(&[]).await;

    let body = ask(&app, "What is the top F1 score on BenchTwo?").await;

    assert_eq!(first_item(&body).1, "71.2");
    let conflict = &conflicts_of(&body, "different_values")[0];
    assert_eq!(conflict["resolved"], true);
    assert_eq!(conflict["winner"], "71.2");
    let removed = &body["explanation"][0];
    assert!(removed["fact"].as_str().unwrap().contains("74.0"), "{removed}");
    assert_eq!(removed["papers"][0]["year"], 2012);
    assert!(removed["rule"].as_str().unwrap().contains("threshold 0.30"));
    assert!(removed["score"].as_f64().unwrap() < removed["kept_score"].as_f64().unwrap());
}

#[tokio::test]
async fn a_model_whose_first_value_was_replaced_by_a_re_run_was_still_the_best_in_its_year() {
    let app = app(&[]).await;

    let body = ask(&app, "Was RepNet ever the best on BenchTwo by F1?").await;

    assert_eq!(body["verdict"], "SUPPORTED", "{}", body["answer"]);
    let answer = body["answer"].as_str().unwrap();
    assert!(answer.contains("74.0") && answer.contains("2012"), "the board of 2012, not today's re-run: {answer}");
}

#[tokio::test]
async fn the_record_holders_of_a_board_are_told_in_order_with_no_verdict_for_a_question() {
    let app = app(&[]).await;

    let body = ask(&app, "Which models have held the record on BenchOne by Accuracy?").await;

    let answer = body["answer"].as_str().unwrap();
    assert!(answer.contains("OldNet (from 2015), NewNet (from 2019)"), "{answer}");
    assert!(body["verdict"].is_null(), "a question gets no verdict: {}", body["verdict"]);
    for gate in ["faithfulness", "temporal", "scope"] {
        assert_eq!(body["gates"][gate]["passed"], true, "{gate}: {}", body["gates"][gate]);
    }
}

#[tokio::test]
async fn a_models_rank_is_told_with_the_models_ahead_of_it_and_no_verdict() {
    let app = app(&[]).await;

    let body = ask(&app, "What rank does OldNet have on BenchOne by Accuracy?").await;

    let answer = body["answer"].as_str().unwrap();
    assert!(answer.starts_with("OldNet (80.0) ranks 2 of 2 on BenchOne by Accuracy, behind NewNet (85.0)"), "{answer}");
    assert!(body["verdict"].is_null(), "{}", body["verdict"]);
    assert_eq!(body["gates"]["scope"]["passed"], true, "{}", body["gates"]["scope"]);
}

#[tokio::test]
async fn with_conflict_removal_off_both_values_stay_and_the_answer_states_the_disagreement() {
    let app = app(&[("SCIGRAPH_CONFLICT_REMOVAL", "off")]).await;

    let body = ask(&app, "What is the top F1 score on BenchTwo?").await;

    assert!(body["explanation"].as_array().unwrap().is_empty());
    assert_eq!(conflicts_of(&body, "different_values")[0]["resolved"], false);
    let answer = body["answer"].as_str().unwrap();
    assert!(answer.contains("disagrees") && answer.contains("74.0") && answer.contains("71.2"), "{answer}");
}

#[tokio::test]
async fn a_corroborated_older_fact_outweighs_a_single_newer_one_and_both_are_cited() {
    let app = app(&[]).await;

    let body = ask(&app, "Which model has the best Accuracy on BenchThree?").await;

    let conflict = &conflicts_of(&body, "different_values")[0];
    assert_eq!(conflict["sides"][0]["value"], "91.0", "the corroborated value scores higher");
    assert_eq!(conflict["sides"][0]["papers"].as_array().unwrap().len(), 3);
    assert_eq!(conflict["resolved"], false);
    let answer = body["answer"].as_str().unwrap();
    assert!(answer.contains("91.0") && answer.contains("90.2"), "{answer}");
    let conflicted = body["sources"].as_array().unwrap().iter().filter(|s| s["validity"] == "CONFLICTED").count();
    assert!(conflicted >= 2, "{}", body["sources"]);
    assert_eq!(body["gates"]["faithfulness"]["passed"], true, "{}", body["gates"]);
}

#[tokio::test]
async fn claims_are_supported_refuted_or_uncertain_from_the_facts() {
    let app = app(&[]).await;
    let cases = [
        ("Does NewNet outperform OldNet on BenchOne?", "SUPPORTED"),
        ("Is it true that OldNet outperforms NewNet on BenchOne?", "REFUTED"),
        ("Is OldNet worse than NewNet on BenchOne?", "SUPPORTED"),
        ("Does NewNet achieve 85.0 Accuracy on BenchOne?", "SUPPORTED"),
        ("Does NewNet achieve 90 Accuracy on BenchOne?", "REFUTED"),
        ("Is NewNet the state of the art on BenchOne?", "SUPPORTED"),
        ("Is OldNet the best model on BenchOne?", "REFUTED"),
        ("Does GhostNet outperform NewNet on BenchOne?", "UNCERTAIN"),
        ("Is it true that quantum annealing beats simulated annealing?", "UNCERTAIN"),
    ];
    for (question, expected) in cases {
        let body = ask(&app, question).await;
        assert_eq!(body["query_type"], "claim_verification", "{question}");
        assert_eq!(body["verdict"], expected, "{question}: {}", body["answer"]);
        assert!(body["answer"].as_str().unwrap().starts_with(expected), "{question}: {}", body["answer"]);
        let evidence = &body["verdict_evidence"];
        if expected != "UNCERTAIN" {
            let side = if expected == "SUPPORTED" { "supporting" } else { "contradicting" };
            let facts = evidence[side].as_array().unwrap();
            assert!(!facts.is_empty(), "{question}");
            assert!(facts.iter().all(|f| !f["sources"].as_array().unwrap().is_empty()), "{question}: facts are cited");
        }
    }
}

#[tokio::test]
async fn a_board_the_graph_nearly_holds_is_said_to_be_missing_not_read_as_the_one_it_resembles() {
    let app = app(&[]).await;

    let claim = ask(&app, "NewNet scores 85.0 Accuracy on BenchOne-Tasmania, right?").await;
    let value = ask(&app, "What did NewNet score on BenchOne-Tasmania?").await;

    assert_eq!(claim["verdict"], "UNCERTAIN", "{}", claim["answer"]);
    let answer = value["answer"].as_str().unwrap();
    assert!(answer.starts_with("The knowledge graph records no dataset called BenchOne-Tasmania; the nearest it holds is BenchOne."), "{answer}");
    assert!(!answer.contains("85.0"), "BenchOne's result is not given as BenchOne-Tasmania's: {answer}");
}

#[tokio::test]
async fn a_paper_with_two_years_and_two_dois_is_a_metadata_conflict() {
    let app = app(&[]).await;
    let body = ask(&app, "Who wrote 'A Paper With Two Years'?").await;
    let metadata = conflicts_of(&body, "metadata");
    assert_eq!(metadata.len(), 2, "{}", body["conflicts"]);
    assert_eq!(body["sources"][0]["year"], 2019, "the earliest valid year is shown");
}

#[tokio::test]
async fn confidence_has_its_components_and_a_reason() {
    let app = app(&[]).await;
    let body = ask(&app, "Which model has the best Accuracy on BenchOne?").await;
    let c = &body["confidence"];
    for part in ["score", "evidence", "support", "recency"] {
        let v = c[part].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&v), "{part}={v}");
    }
    let expected = 0.4 * c["evidence"].as_f64().unwrap() + 0.3 * c["support"].as_f64().unwrap() + 0.3 * c["recency"].as_f64().unwrap();
    assert!((c["score"].as_f64().unwrap() - expected).abs() < 0.011);
    assert!(!c["explanation"].as_str().unwrap().is_empty());
    let nothing = ask(&app, "Which papers study the migration patterns of zebras?").await;
    // An absence is trusted only so far: at most 0.5, when every search completed.
    assert_eq!(nothing["confidence"]["score"], 0.5);
    assert!(nothing["confidence"]["explanation"].as_str().unwrap().contains("absence"), "{}", nothing["confidence"]);
    assert_eq!(nothing["gates"]["scope"]["passed"], true);
}

#[tokio::test]
async fn a_gate_switched_off_is_reported_unchecked_and_health_shows_the_checks_in_force() {
    let app = app(&[("SCIGRAPH_GATE_SCOPE", "off"), ("SCIGRAPH_RETRY", "off")]).await;

    // A question asking for a number, answered with a list of papers: the scope gate would
    // fail it, but it is off.
    let body = ask(&app, "Which papers study BenchOne, and what accuracy do they agree on?").await;
    assert_eq!(body["gates"]["scope"]["passed"], true, "{}", body["gates"]);
    assert!(body["gates"]["scope"]["detail"].as_str().unwrap().contains("SCIGRAPH_GATE_SCOPE=off"));
    assert!(body["gates"]["retry"].is_null(), "the retry is off");

    let health: Value = app.client.get(format!("{}/health", app.address)).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["checks"], serde_json::json!({"faithfulness": true, "temporal": true, "scope": false, "retry": false}));
}

#[tokio::test]
async fn a_failed_gate_halves_the_confidence_and_says_so() {
    let app = app(&[]).await;
    let checked = ask(&app, "Which papers study BenchOne, and what accuracy do they agree on?").await;
    let unchecked = ask(&spawn_app(&[("SCIGRAPH_DUMPS", FIXTURE), ("SCIGRAPH_GATE_SCOPE", "off"), ("SCIGRAPH_RETRY", "off")]).await, "Which papers study BenchOne, and what accuracy do they agree on?").await;
    // Answered with a list of papers and no number: the scope gate fails it.
    assert_eq!(checked["gates"]["scope"]["passed"], false, "{}", checked["gates"]);
    let (a, b) = (checked["confidence"]["score"].as_f64().unwrap(), unchecked["confidence"]["score"].as_f64().unwrap());
    assert!((a - b / 2.0).abs() < 0.011, "{a} vs {b}");
    assert!(checked["confidence"]["explanation"].as_str().unwrap().contains("failed gate"));
}

#[tokio::test]
async fn a_model_described_by_its_place_on_a_board_is_found_first_and_then_asked_about() {
    let app = app(&[]).await;

    let body = ask(&app, "Which datasets has the leader of BenchOne been evaluated on?").await;

    assert!(codes(&body).contains(&"model_resolved".to_owned()), "{:?}", codes(&body));
    assert!(body["warnings"].to_string().contains("read as NewNet"), "{}", body["warnings"]);
    assert_eq!(body["question"], "Which datasets has the leader of BenchOne been evaluated on?", "the question is echoed as asked");
    assert!(body["answer"].as_str().unwrap().contains("NewNet"), "{}", body["answer"]);
    let asked = |name: &str| body["strategies_used"].as_array().unwrap().iter().any(|s| s["name"].as_str().unwrap_or_default().contains(name));
    assert!(asked("BenchOne") && asked("NewNet"), "both hops' queries are reported: {}", body["strategies_used"]);
}

#[tokio::test]
async fn two_things_asked_in_one_sentence_are_answered_in_turn_with_one_list_of_sources() {
    let app = app(&[]).await;

    let body = ask(&app, "What is the best model on BenchOne by accuracy, and when was it published?").await;

    assert!(codes(&body).contains(&"question_split".to_owned()), "{:?}", codes(&body));
    assert_eq!(body["question"], "What is the best model on BenchOne by accuracy, and when was it published?");
    assert_eq!(body["query_type"], "method_comparison", "the first ask's type stands");
    let answer = body["answer"].as_str().unwrap();
    let (best, year) = (answer.find("NewNet").expect(answer), answer.find("2019").expect(answer));
    assert!(best < year, "the first ask is answered first: {answer}");
    let titles: Vec<&str> = body["sources"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert_eq!(titles.iter().filter(|t| t.starts_with("NewNet")).count(), 1, "a paper both answers cite is one source: {titles:?}");
    let numbers: Vec<u64> = body["sources"].as_array().unwrap().iter().map(|s| s["n"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>(), "the sources are numbered from 1 without gaps");
    let llm_off = codes(&body).iter().filter(|c| *c == "llm_disabled").count();
    assert_eq!(llm_off, 1, "a warning true of both asks is said once: {:?}", codes(&body));
}
