//! A JSON body extractor whose refusals speak our error format.

use axum::extract::{FromRequest, Request};
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
            Err(e) => return Err(HttpError::bad_request("bad_json", e.body_text())),
        };
        serde_json::from_value(value).map(Body).map_err(|e| {
            HttpError::bad_request("bad_request", format!("the JSON body does not fit: {e}"))
        })
    }
}
