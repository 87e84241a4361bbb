//! Errors become responses in one place: a status, a stable code and a message for people.
//! Internal failures are logged here and answered without their details.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use xenotable_protocol::ApiError;

use crate::room::load::LoadError;
use crate::store::StoreError;

/// An error answer of the REST API.
#[derive(Debug)]
pub struct HttpError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl HttpError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> HttpError {
        HttpError {
            status,
            code,
            message: message.into(),
        }
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

impl From<StoreError> for HttpError {
    fn from(error: StoreError) -> HttpError {
        HttpError::internal(&error)
    }
}

impl From<LoadError> for HttpError {
    fn from(error: LoadError) -> HttpError {
        HttpError::internal(&error)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let body = ApiError {
            code: self.code.to_owned(),
            message: self.message,
        };
        (self.status, Json(body)).into_response()
    }
}
