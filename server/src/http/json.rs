//! A JSON body extractor whose refusals speak our error format.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

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
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(JsonRejection::JsonDataError(e)) => {
                Err(HttpError::bad_request("bad_request", e.body_text()))
            }
            Err(e) => Err(HttpError::bad_request("bad_json", e.body_text())),
        }
    }
}
