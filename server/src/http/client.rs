//! The static web client, and nothing else of `web/`: the page, its styles and its scripts.
//!
//! The copy built into the binary is served by default, so the server needs no files beside
//! it; `--web-dir` serves a directory instead, for development. Both answer with the file's
//! content type and `Last-Modified`, and with `304 Not Modified` when the browser's copy is
//! as new. `web/tests/` and `web/README.md` are neither built in nor served.

use std::path::Path;

use axum::Router;
use axum::extract::Path as UrlPath;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, get_service};
use chrono::{DateTime, Utc};
use rust_embed::{Embed, EmbeddedFile};
use tower_http::services::{ServeDir, ServeFile};

use super::{AppState, HttpError};

/// Where the web client comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebClient {
    /// The copy built into the binary.
    Embedded,
    /// A directory holding `index.html`, `css/` and `js/` (development).
    Dir(std::path::PathBuf),
}

/// The web client as built into the binary: exactly what is served, nothing else of `web/`.
#[derive(Embed)]
#[folder = "../web/"]
#[include = "index.html"]
#[include = "css/**"]
#[include = "js/**"]
struct Web;

/// The routes of the web client.
pub fn router(client: &WebClient) -> Router<AppState> {
    match client {
        WebClient::Embedded => Router::new()
            .route("/", get(page))
            .route("/index.html", get(page))
            .route("/css/{*path}", get(style))
            .route("/js/{*path}", get(script)),
        WebClient::Dir(dir) => from_dir(dir),
    }
}

/// The web client of a directory.
fn from_dir(dir: &Path) -> Router<AppState> {
    let page = get_service(ServeFile::new(dir.join("index.html")));
    Router::new()
        .route("/", page.clone())
        .route("/index.html", page)
        .nest_service("/css", ServeDir::new(dir.join("css")))
        .nest_service("/js", ServeDir::new(dir.join("js")))
}

async fn page(headers: HeaderMap) -> Response {
    answer(Web::get("index.html"), &headers)
}

async fn style(UrlPath(path): UrlPath<String>, headers: HeaderMap) -> Response {
    answer(Web::get(&format!("css/{path}")), &headers)
}

async fn script(UrlPath(path): UrlPath<String>, headers: HeaderMap) -> Response {
    answer(Web::get(&format!("js/{path}")), &headers)
}

/// An embedded file as `ServeDir` would answer it: its content type and the time it was last
/// modified when the binary was built, or `304` to a browser whose copy is as new.
fn answer(file: Option<EmbeddedFile>, request: &HeaderMap) -> Response {
    let Some(file) = file else {
        return HttpError::not_found("page").into_response();
    };
    let modified = file
        .metadata
        .last_modified()
        .and_then(|seconds| DateTime::<Utc>::from_timestamp(i64::try_from(seconds).ok()?, 0));
    let fresh = modified.is_some_and(|modified| {
        request
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|since| since.to_str().ok())
            .and_then(|since| DateTime::parse_from_rfc2822(since).ok())
            .is_some_and(|since| since >= modified)
    });
    if fresh {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(kind) = HeaderValue::from_str(file.metadata.mimetype()) {
        headers.insert(header::CONTENT_TYPE, kind);
    }
    if let Some(modified) = modified
        && let Ok(value) =
            HeaderValue::from_str(&modified.format("%a, %d %b %Y %H:%M:%S GMT").to_string())
    {
        headers.insert(header::LAST_MODIFIED, value);
    }
    response
}
