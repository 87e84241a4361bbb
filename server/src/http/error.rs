//! Errors become responses in one place: a status, a stable code and a message for people.
//! Internal failures are logged here and answered without their details.

use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use xenotable_protocol::ApiError;

use crate::games::UnknownGame;
use crate::room::load::LoadError;
use crate::store::StoreError;

/// An error answer of the REST API.
#[derive(Debug)]
pub struct HttpError {
    status: StatusCode,
    code: &'static str,
    message: String,
    /// Seconds after which trying again may succeed (`Retry-After`).
    retry_after: Option<u64>,
}

impl HttpError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> HttpError {
        HttpError {
            status,
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    /// `429 rate_limited`: `what` again only after `wait` (said in `Retry-After`, in whole
    /// seconds, rounded up).
    pub fn rate_limited(what: &str, wait: Duration) -> HttpError {
        let seconds = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
        HttpError {
            retry_after: Some(seconds),
            ..HttpError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("too many {what} from your address; try again in {seconds} s"),
            )
        }
    }

    /// `413 body_too_large`.
    pub fn body_too_large(limit: usize) -> HttpError {
        HttpError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("a request body has at most {limit} bytes"),
        )
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(what: &str) -> HttpError {
        HttpError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no such {what}"),
        )
    }

    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::UNAUTHORIZED, code, message)
    }

    /// A failure of ours: logged whole, answered without details.
    pub fn internal(error: &dyn std::error::Error) -> HttpError {
        tracing::error!(error = %error, source = ?error.source(), "internal error");
        HttpError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "something went wrong on our side",
        )
    }
}

impl From<UnknownGame> for HttpError {
    fn from(e: UnknownGame) -> HttpError {
        HttpError::bad_request(e.code(), e.to_string())
    }
}

impl From<StoreError> for HttpError {
    fn from(error: StoreError) -> HttpError {
        HttpError::internal(&error)
    }
}

impl From<LoadError> for HttpError {
    fn from(error: LoadError) -> HttpError {
        if error.owned_elsewhere() {
            // Until sockets are relayed between nodes, a match is played on the node that runs
            // it; a load balancer's next try may land there, or this node may take it over.
            return HttpError {
                retry_after: Some(1),
                ..HttpError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "owned_elsewhere",
                    "another server of this cluster runs the match; try again",
                )
            };
        }
        HttpError::internal(&error)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let body = ApiError {
            code: self.code.to_owned(),
            message: self.message,
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
