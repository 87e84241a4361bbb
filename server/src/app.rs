//! Wiring: connect the store, take it for this process, recover unfinished matches, serve HTTP
//! until asked to stop.

use std::sync::Arc;
use std::time::Duration;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;

use crate::bots::Budget;
use crate::cluster::{Cluster, keeper};
use crate::config::ServeConfig;
use crate::http::{self, AppState, ReplayCache, WebClient, listen};
use crate::room::{Committer, RoomContext, Rooms, abandon};
use crate::scenarios::{self, ShippedError};
use crate::store::{self, Backend, InstanceLock, Store, StoreError};

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("cannot listen: {0}")]
    Io(#[from] std::io::Error),
    #[error("shipped scenarios: {0}")]
    Shipped(#[from] ShippedError),
    #[error("--web-dir {0}: no index.html there")]
    WebDir(String),
    #[error("the nodes of a cluster (--nats-url) share a PostgreSQL database: set DATABASE_URL")]
    ClusterNeedsPostgres,
    #[error("cannot reach the cluster's NATS: {0}")]
    Nats(#[from] async_nats::ConnectError),
}

/// A started server: what the handlers share, and the database taken for this process.
pub struct Started {
    pub state: AppState,
    /// Held while a single node runs: a second server on the same database refuses to start.
    /// `None` for a node of a cluster, which shares the database through leases.
    pub instance: Option<InstanceLock>,
}

/// Checks that a `--web-dir` holds a web client, connects the store and takes it for this
/// process (before anything is written: a second server on the same database stops here),
/// stores the shipped scenarios, abandons the matches
/// left alone too long, and rebuilds every other unfinished match, so its players can
/// reconnect. Call it once the listener is bound, so a server that cannot listen never touches
/// the database.
pub async fn start(
    config: &ServeConfig,
    metrics: Option<PrometheusHandle>,
) -> Result<Started, ServeError> {
    if let Some(dir) = &config.web_dir
        && !dir.join("index.html").is_file()
    {
        return Err(ServeError::WebDir(dir.display().to_string()));
    }
    let store: Arc<dyn Store> = store::connect(&config.database_url()).await?;
    let cluster = match &config.cluster.nats_url {
        Some(_) if store.backend() != Backend::Postgres => {
            return Err(ServeError::ClusterNeedsPostgres);
        }
        Some(url) => {
            // Leases are held by this process, not by the name: a node restarted under the
            // same name must not inherit (and append under) the epochs of its previous life.
            let node = match &config.cluster.node_id {
                Some(name) => format!("{name}#{}", &random_id()[..12]),
                None => random_id(),
            };
            let nats = async_nats::ConnectOptions::new()
                .name(&node)
                .connect(url.as_str())
                .await?;
            Some(Cluster::new(
                store.clone(),
                node,
                Duration::from_millis(config.cluster.lease_ms),
                Some(nats),
            ))
        }
        None => None,
    };
    let instance = match cluster {
        Some(_) => None,
        None => Some(store.lock_instance().await?),
    };
    let shipped = scenarios::load_shipped(store.as_ref(), config.scenarios_dir.as_deref()).await?;
    tracing::info!(shipped, "shipped scenarios stored");
    let room_ctx = RoomContext {
        store: store.clone(),
        committer: Committer::spawn(store.clone()),
        bot_delay: Duration::from_millis(config.bot_delay_ms),
        bot_budget: Budget::time(Duration::from_millis(config.bot_think_ms)),
        cluster: cluster.clone(),
        chat_rate: config.limits.chat(),
        takeover_after: config.patience().idle,
    };
    let state = AppState {
        store: store.clone(),
        rooms: Rooms::default(),
        room_ctx,
        admin_token: config.admin_token.clone(),
        allow_client_seeds: config.allow_client_seeds,
        metrics,
        replays: ReplayCache::default(),
        limits: Arc::new(config.limits.handlers(&config.allowed_origins)),
    };
    let patience = config.patience();
    let abandoned = abandon::sweep(&state.room_ctx, &state.rooms, patience).await;
    match &cluster {
        // A node of a cluster resumes the matches nobody runs, now and whenever a node dies.
        Some(cluster) => {
            let resumed = keeper::take_over(cluster, &state.room_ctx, &state.rooms).await;
            tracing::info!(
                node = cluster.node(),
                resumed,
                abandoned,
                "cluster node started"
            );
            keeper::spawn(cluster.clone(), state.room_ctx.clone(), state.rooms.clone());
        }
        None => {
            let unfinished = store.unfinished_matches().await?;
            let (mut recovered, mut finished) = (0, 0);
            for record in &unfinished {
                match state.rooms.resume(&state.room_ctx, record).await {
                    Ok(Some(_)) => recovered += 1,
                    Ok(None) => finished += 1,
                    Err(e) => tracing::error!(id = %record.id, error = %e, "cannot recover match"),
                }
            }
            tracing::info!(recovered, finished, abandoned, "unfinished matches resumed");
        }
    }
    abandon::spawn_sweeper(state.room_ctx.clone(), state.rooms.clone(), patience);
    Ok(Started { state, instance })
}

/// An id nobody else picks: a random UUID's 32 hex digits.
fn random_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Serves `started` on `listener` until Ctrl-C or SIGTERM.
pub async fn serve(
    started: Started,
    listener: TcpListener,
    config: &ServeConfig,
) -> Result<(), ServeError> {
    let Started { state, instance } = started;
    let store = state.store.clone();
    let web = match &config.web_dir {
        Some(dir) => WebClient::Dir(dir.clone()),
        None => WebClient::Embedded,
    };
    let router = http::router(state, &web);
    tracing::info!(address = %listener.local_addr()?, "serving");
    listen::serve(listener, router, config.limits.listen(), shutdown_signal()).await;
    store.close().await;
    drop(instance);
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

#[cfg(test)]
mod tests;
