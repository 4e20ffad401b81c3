//! Who the client is. Behind a reverse proxy every request comes from the proxy's address
//! (loopback, when nginx runs on the same machine, which would exempt everyone from the
//! rate limit), so the address the proxies recorded must be read instead; but those headers
//! are written by whoever sends the request, so they are believed only from a proxy the
//! operator named (`SCIGRAPH_TRUSTED_PROXIES`). The chain is read from the right, skipping
//! trusted proxies: the first address no trusted proxy owns is the client. `Forwarded`
//! (RFC 7239) is preferred to `X-Forwarded-For` when both are there.
//!
//! [`ClientSpan`] puts that address into each request's log span (tracing-actix-web's
//! default span would log whatever `X-Forwarded-For` claims).

use std::net::IpAddr;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::{web, HttpMessage};
use ipnet::IpNet;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

use super::AppState;

/// The client's address: the peer's, unless the peer is a trusted proxy.
pub fn client_ip(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> Option<IpAddr> {
    let peer = peer?;
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let chain = forwarded_chain(headers);
    let mut client = peer;
    for hop in chain.iter().rev() {
        // A hop that is no address ("unknown", an obfuscated name) ends what can be known:
        // the last proxy stands for the client.
        let Some(ip) = hop else { break };
        client = *ip;
        if !is_trusted(ip) {
            break;
        }
    }
    Some(client)
}

/// The addresses the proxies recorded, first hop first; `None` for a hop that is no
/// address.
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> { headers.get_all(name).filter_map(|v| v.to_str().ok()).map(str::to_owned).collect() };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .filter_map(|element| {
                element.split(';').find_map(|pair| {
                    let (key, value) = pair.split_once('=')?;
                    key.trim().eq_ignore_ascii_case("for").then(|| parse_node(value.trim().trim_matches('"')))
                })
            })
            .collect();
    }
    values("x-forwarded-for").iter().flat_map(|v| v.split(',')).map(|hop| parse_node(hop.trim())).collect()
}

/// An address as proxies write it: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711`,
/// `2001:db8::1`.
fn parse_node(node: &str) -> Option<IpAddr> {
    if let Ok(ip) = node.parse() {
        return Some(ip);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']').and_then(|(ip, _)| ip.parse().ok());
    }
    node.rsplit_once(':').and_then(|(ip, _)| ip.parse::<std::net::Ipv4Addr>().ok()).map(IpAddr::V4)
}

/// The client address of a request a handler serves.
pub fn of(request: &actix_web::HttpRequest, trusted: &[IpNet]) -> Option<IpAddr> {
    client_ip(request.peer_addr().map(|a| a.ip()), request.headers(), trusted)
}

/// The client address of a request, from the app's settings, in a middleware.
pub fn of_request(request: &ServiceRequest) -> Option<IpAddr> {
    let trusted = request.app_data::<web::Data<AppState>>().map(|s| s.settings.server.trusted_proxies.clone()).unwrap_or_default();
    client_ip(request.peer_addr().map(|a| a.ip()), request.headers(), &trusted)
}

/// The log span of a request, with the client address of [`client_ip`].
pub struct ClientSpan;

impl RootSpanBuilder for ClientSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let client = of_request(request).map(|ip| ip.to_string()).unwrap_or_default();
        let route = request.match_pattern().unwrap_or_else(|| "default".into());
        let request_id = request.extensions().get::<RequestId>().map(|id| id.to_string()).unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.uri().path_and_query().map(|p| p.as_str()).unwrap_or(""),
            http.client_ip = %client,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = %request_id,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_bytes(name.as_bytes()).unwrap(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn forwarded_headers_from_an_untrusted_peer_are_ignored() {
        let h = headers(&[("x-forwarded-for", "198.51.100.7")]);
        assert_eq!(client_ip(ip("203.0.113.9"), &h, &nets(&["127.0.0.1/32"])), ip("203.0.113.9"));
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"), "no proxy trusted: the peer is the client");
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_hop_is_the_client() {
        let trusted = nets(&["127.0.0.1/32", "10.0.0.0/8"]);
        // The client forged a first hop; the proxies appended the real one.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 198.51.100.7, 10.0.0.5")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("198.51.100.7"));
        let h = headers(&[("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "198.51.100.8")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("198.51.100.8"), "repeated headers are one list");
        // No header: the proxy itself.
        assert_eq!(client_ip(ip("127.0.0.1"), &HeaderMap::new(), &trusted), ip("127.0.0.1"));
    }

    #[test]
    fn forwarded_is_read_with_ports_quotes_and_ipv6_and_preferred() {
        let trusted = nets(&["127.0.0.1/32"]);
        let h = headers(&[("forwarded", r#"for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711""#), ("x-forwarded-for", "9.9.9.9")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("2001:db8:cafe::17"));
        let h = headers(&[("forwarded", "for=192.0.2.61:8080")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("192.0.2.61"));
    }

    #[test]
    fn an_unknown_hop_stops_the_walk_at_the_last_proxy() {
        let trusted = nets(&["127.0.0.1/32"]);
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("127.0.0.1"));
    }
}
