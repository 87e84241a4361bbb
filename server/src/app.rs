//! Wiring: connect the store, recover unfinished matches, serve HTTP until asked to stop.

use std::sync::Arc;
use std::time::Duration;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;

use crate::config::ServeConfig;
use crate::http::{self, AppState};
use crate::room::{Committer, RoomContext, Rooms};
use crate::scenarios::{self, ShippedError};
use crate::store::{self, Store, StoreError};

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("cannot listen: {0}")]
    Io(#[from] std::io::Error),
    #[error("shipped scenarios: {0}")]
    Shipped(#[from] ShippedError),
}

/// Connects the store, stores the shipped scenarios, and rebuilds every unfinished match, so
/// its players can reconnect.
pub async fn start(
    config: &ServeConfig,
    metrics: Option<PrometheusHandle>,
) -> Result<AppState, ServeError> {
    let store: Arc<dyn Store> = store::connect(&config.database_url()).await?;
    let shipped = scenarios::load_shipped(store.as_ref(), &config.scenarios_dir()).await?;
    tracing::info!(shipped, "shipped scenarios stored");
    let room_ctx = RoomContext {
        store: store.clone(),
        committer: Committer::spawn(store.clone()),
        bot_delay: Duration::from_millis(config.bot_delay_ms),
    };
    let state = AppState {
        store: store.clone(),
        rooms: Rooms::default(),
        room_ctx,
        admin_token: config.admin_token.clone(),
        metrics,
    };
    let unfinished = store.unfinished_matches().await?;
    let mut recovered = 0;
    for record in &unfinished {
        match state.rooms.open(&state.room_ctx, record).await {
            Ok(_) => recovered += 1,
            Err(e) => tracing::error!(id = %record.id, error = %e, "cannot recover match"),
        }
    }
    tracing::info!(recovered, "unfinished matches resumed");
    Ok(state)
}

/// Serves `state` on `listener` until Ctrl-C or SIGTERM.
pub async fn serve(
    state: AppState,
    listener: TcpListener,
    config: &ServeConfig,
) -> Result<(), ServeError> {
    let store = state.store.clone();
    let router = http::router(state, config.web_dir());
    tracing::info!(address = %listener.local_addr()?, "serving");
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    store.close().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutting down");
}
