//! What every answer tells the browser: load scripts, styles and images from here only, run no
//! inline code, connect only here (HTTP and WebSocket), never be framed, never leak the address
//! (which can hold a match id) as a referrer, and never guess a content type.

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::set_header::SetResponseHeaderLayer;

use super::AppState;

/// `router` with the security headers on every answer.
pub fn secure(router: Router<AppState>) -> Router<AppState> {
    router
        .layer(middleware::from_fn(content_security_policy))
        .layer(fixed(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(fixed(header::REFERRER_POLICY, "no-referrer"))
        // `frame-ancestors 'none'` says it to browsers that read CSP; this to older ones.
        .layer(fixed(header::X_FRAME_OPTIONS, "DENY"))
}

fn fixed(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// The policy, with the WebSocket origins of the host the page was asked from (older browsers
/// do not count `ws:` as `'self'`).
async fn content_security_policy(request: Request, next: Next) -> Response {
    let sockets = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| is_authority(h))
        .map(|h| format!(" ws://{h} wss://{h}"))
        .unwrap_or_default();
    let mut response = next.run(request).await;
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'{sockets}; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    );
    if let Ok(value) = HeaderValue::from_str(&policy) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, value);
    }
    response
}

/// A `Host` that is only a host and a port: nothing in it can end a CSP source or directive.
fn is_authority(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::is_authority;

    #[test]
    fn only_a_host_and_port_reach_the_policy() {
        for good in ["127.0.0.1:8080", "xenotable.example", "[::1]:80"] {
            assert!(is_authority(good), "{good}");
        }
        for bad in ["", "a; script-src *", "a b", "evil.example/x", "*"] {
            assert!(!is_authority(bad), "{bad}");
        }
    }
}
