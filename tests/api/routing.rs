use std::time::Duration;

use scigraph::startup::Application;

use crate::helpers::{client, settings, spawn_app};

#[tokio::test]
async fn unknown_routes_get_a_json_404_with_a_stable_code() {
    let app = spawn_app(&[]).await;

    let response = app.get("/no/such/route").await;

    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "not_found");
    assert!(body["error"]["message"].as_str().unwrap().contains("/no/such/route"));
}

#[tokio::test]
async fn a_wrong_method_on_a_known_route_gets_a_json_405_with_allow() {
    let app = spawn_app(&[]).await;

    let response = app.client.delete(format!("{}/health", app.address)).send().await.unwrap();

    assert_eq!(response.status(), 405);
    assert_eq!(response.headers()["allow"], "GET, HEAD");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app(&[]).await;
    let first = app.get("/health").await;
    let second = app.get("/nope").await;
    let a = first.headers().get("x-request-id").expect("request id on 200").to_str().unwrap().to_owned();
    let b = second.headers().get("x-request-id").expect("request id on 404").to_str().unwrap().to_owned();
    assert!(!a.is_empty());
    assert_ne!(a, b);
}

#[tokio::test]
async fn cors_allows_only_the_configured_origins() {
    let app = spawn_app(&[("CORS_ORIGINS", "http://allowed.example")]).await;
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, format!("{}/health", app.address))
            .header("origin", origin)
            .header("access-control-request-method", "GET")
            .send()
    };

    let allowed = preflight("http://allowed.example").await.unwrap();
    let refused = preflight("http://evil.example").await.unwrap();

    assert_eq!(allowed.headers()["access-control-allow-origin"], "http://allowed.example");
    assert!(refused.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn without_cors_origins_no_cors_headers_are_sent() {
    let app = spawn_app(&[]).await;
    let response =
        app.client.get(format!("{}/health", app.address)).header("origin", "http://a.example").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn the_server_stops_gracefully_when_asked() {
    let app = Application::build(settings(&[])).await.unwrap();
    let address = format!("http://127.0.0.1:{}/health", app.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    assert_eq!(client().get(&address).send().await.unwrap().status(), 200);

    stop.send(()).unwrap();
    let result = tokio::time::timeout(Duration::from_secs(15), server).await;

    assert!(matches!(result, Ok(Ok(Ok(())))), "server did not stop cleanly: {result:?}");
    assert!(client().get(&address).send().await.is_err(), "still accepting connections after stop");
}

#[tokio::test]
async fn a_port_in_use_is_a_clear_start_up_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let err = Application::build(settings(&[("SCIGRAPH_PORT", &port)])).await.err().expect("must fail");
    assert!(err.to_string().contains(&format!("127.0.0.1:{port}")), "{err}");
}

#[tokio::test]
async fn a_client_over_the_rate_limit_gets_a_json_429_with_retry_after() {
    let app = spawn_app(&[("SCIGRAPH_RATE_LIMIT", "2"), ("SCIGRAPH_RATE_LIMIT_LOOPBACK", "on")]).await;
    let ask = || app.client.post(format!("{}/ask", app.address)).json(&serde_json::json!({"question": "Which papers use LSTM?"})).send();

    assert_eq!(ask().await.unwrap().status(), 200);
    assert_eq!(ask().await.unwrap().status(), 200);
    let limited = ask().await.unwrap();

    assert_eq!(limited.status(), 429);
    assert!(limited.headers()["retry-after"].to_str().unwrap().parse::<u64>().unwrap() >= 1);
    let body: serde_json::Value = limited.json().await.unwrap();
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(app.get("/health").await.status(), 200, "health is never limited");
}
