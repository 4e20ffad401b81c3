//! The page at `GET /`: HTML, CSS and JavaScript from `web/`, compiled into the binary
//! (`include_str!`), so `scigraph serve` is the whole deployment: no Node build step, no
//! files beside the binary, and nothing fetched from the network (the graph-drawing
//! library, cytoscape, is vendored under `web/vendor/` with its licence).
//!
//! Every response of this module carries a strict Content-Security-Policy: scripts, styles
//! and connections only from this origin, no inline script or style, no framing. The page
//! shows crowd-sourced labels as text (never as HTML); the policy is the second wall in
//! case a future change forgets.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

use super::ApiError;

/// `default-src 'self'` and nothing looser; the rest only narrows it.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

const INDEX: &str = include_str!("../../web/index.html");

/// The page's assets by the path under `/static/`.
const ASSETS: [(&str, &str, &str); 3] = [
    ("app.js", "text/javascript; charset=utf-8", include_str!("../../web/app.js")),
    ("app.css", "text/css; charset=utf-8", include_str!("../../web/app.css")),
    ("vendor/cytoscape.min.js", "text/javascript; charset=utf-8", include_str!("../../web/vendor/cytoscape.min.js")),
];

fn page(content_type: &str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        // The files change only with the binary; revalidating is cheap next to a stale page.
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

/// `GET /`: the page (a question in `?q=` is asked by the page itself).
pub async fn index() -> HttpResponse {
    page("text/html; charset=utf-8", INDEX)
}

/// `GET /static/{path}`: the page's script, style and vendored library.
pub async fn asset(request: actix_web::HttpRequest, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    ASSETS
        .iter()
        .find(|(name, _, _)| *name == path.as_str())
        .map(|(_, content_type, body)| page(content_type, body))
        .ok_or_else(|| ApiError::NotFound { method: request.method().to_string(), path: request.path().to_owned() })
}
