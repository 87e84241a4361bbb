//! The admin bearer token: what it opens is decided by each handler, how it is checked here.

use axum::http::{HeaderMap, header};
use sha2::{Digest, Sha256};

use super::{AppState, HttpError};

/// Whether the request carries `Authorization: Bearer <admin token>` (never, when the server
/// has no admin token).
pub fn is_admin(app: &AppState, headers: &HeaderMap) -> bool {
    let Some(expected) = &app.admin_token else {
        return false;
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    // Compare hashes, so the time taken says nothing about how much of the token matched.
    given.is_some_and(|g| Sha256::digest(g) == Sha256::digest(expected))
}

/// Lets the request through only with the admin token.
pub fn admin(app: &AppState, headers: &HeaderMap) -> Result<(), HttpError> {
    if app.admin_token.is_none() {
        return Err(HttpError::unauthorized(
            "admin_closed",
            "the admin API is closed: the server has no admin token",
        ));
    }
    if is_admin(app, headers) {
        Ok(())
    } else {
        Err(HttpError::unauthorized(
            "unauthorized",
            "this needs the admin token: Authorization: Bearer <token>",
        ))
    }
}
