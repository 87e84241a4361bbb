//! A JSON body extractor whose refusals speak our error format.

use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::HttpError;

/// Like `axum::Json`, but a malformed body is a `400 {"code":"bad_json", ...}`.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, HttpError> {
        // Any JSON first, then the type: read straight into `T`, a body that is not JSON at
        // all (`[1,2`) could be refused for a wrong type met before its syntax error.
        let value = match axum::Json::<Value>::from_request(req, state).await {
            Ok(axum::Json(value)) => value,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_large());
            }
            Err(e) => return Err(HttpError::bad_request("bad_json", e.body_text())),
        };
        serde_json::from_value(value).map(Body).map_err(|e| {
            HttpError::bad_request("bad_request", format!("the JSON body does not fit: {e}"))
        })
    }
}

/// Like `axum::extract::Query`, but a malformed or unknown parameter is a
/// `400 {"code":"bad_query", ...}`.
pub struct Params<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for Params<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Params<T>, HttpError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Params(value)),
            Err(e) => Err(HttpError::bad_request("bad_query", e.body_text())),
        }
    }
}

/// A raw request body (a scenario file), refused with `413 {"code":"body_too_large", ...}`
/// beyond the router's body limit.
pub struct File(pub axum::body::Bytes);

impl<S> FromRequest<S> for File
where
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request(req: Request, state: &S) -> Result<File, HttpError> {
        axum::body::Bytes::from_request(req, state)
            .await
            .map(File)
            .map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    too_large()
                } else {
                    HttpError::bad_request("bad_body", e.body_text())
                }
            })
    }
}

/// A body without a length that turned out longer than the limit (one with a `Content-Length`
/// over it is refused before it is read, naming the limit).
fn too_large() -> HttpError {
    HttpError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "body_too_large",
        "the request body is over the server's limit",
    )
}
