//! Several server nodes on one PostgreSQL: which node runs which match.
//!
//! A node runs a match's room only while it holds the match's lease in the store (node id,
//! epoch, expiry). It takes the lease before its room reads the log, renews every lease it holds
//! a few times per lease period, and lets go when the room closes. Every command it stores
//! carries the lease's epoch, and the store refuses an epoch that is no longer the match's
//! (fencing): a node that was paused past its lease, while another took the match over, can
//! never append again, whatever its clock says.
//!
//! When a node dies its leases run out, and the [`keeper`] of every other node takes over the
//! matches nobody holds: it takes the lease (a higher epoch), rebuilds the match from its log and
//! resumes it, bots and clock included. A node that finds a lease lost stops that room and hangs
//! up on its connections (1012), so they reconnect to a node that runs the match.

pub mod keeper;
pub mod owner;
pub mod relay;
pub mod wire;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::ids::MatchId;
use crate::store::{Store, StoreResult};

/// This node's hold on the matches it runs.
#[derive(Clone)]
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Store>,
    node: String,
    lease: Duration,
    /// The leases this node holds: match → epoch.
    held: Mutex<HashMap<MatchId, i64>>,
    /// The cluster's NATS, over which nodes relay the matches they do not run. `None` only
    /// where leases are tested alone.
    nats: Option<async_nats::Client>,
}

impl Cluster {
    /// The hold of node `node` on its matches, with leases of `lease` each, relaying the
    /// matches of other nodes over `nats`.
    pub fn new(
        store: Arc<dyn Store>,
        node: String,
        lease: Duration,
        nats: Option<async_nats::Client>,
    ) -> Cluster {
        Cluster {
            inner: Arc::new(Inner {
                store,
                node,
                lease,
                held: Mutex::new(HashMap::new()),
                nats,
            }),
        }
    }

    /// The cluster's NATS, if the node relays.
    pub fn nats(&self) -> Option<&async_nats::Client> {
        self.inner.nats.as_ref()
    }

    /// How often a relay asks the match's node whether it still runs the match, and how long
    /// that node may take to answer: a third of a lease, so a relay notices a dead node about
    /// when its leases run out.
    pub fn heartbeat(&self) -> Duration {
        self.inner.lease / 3
    }

    /// This node's id.
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// How long a lease lasts unless renewed.
    pub fn lease(&self) -> Duration {
        self.inner.lease
    }

    /// Takes the lease of match `id` (or renews it, if this node holds it): its epoch, or `None`
    /// when another node runs the match. Call it before reading the match's log, so the log
    /// holds every command of the node that ran it before.
    pub async fn take(&self, id: MatchId) -> StoreResult<Option<i64>> {
        let inner = &self.inner;
        let Some(lease) = inner.store.take_lease(id, &inner.node, inner.lease).await? else {
            return Ok(None);
        };
        let before = self.held().insert(id, lease.epoch);
        if before.is_none() {
            metrics::gauge!("xenotable_owned_matches").increment(1.0);
            if lease.epoch > 1 {
                metrics::counter!("xenotable_lease_takeovers_total").increment(1);
                tracing::info!(%id, epoch = lease.epoch, "match taken over");
            }
        }
        Ok(Some(lease.epoch))
    }

    /// Lets go of match `id` (its room has closed), so another node may take it at once.
    pub async fn release(&self, id: MatchId) {
        let Some(epoch) = self.forget(id) else {
            return;
        };
        let inner = &self.inner;
        if let Err(e) = inner.store.release_lease(id, &inner.node, epoch).await {
            tracing::warn!(%id, error = %e, "cannot release the lease; it will run out");
        }
    }

    /// Renews every lease this node holds; the matches whose lease it lost (forgotten here).
    pub async fn renew(&self) -> StoreResult<Vec<MatchId>> {
        let held: Vec<(MatchId, i64)> = self.held().iter().map(|(&id, &e)| (id, e)).collect();
        if held.is_empty() {
            return Ok(Vec::new());
        }
        let inner = &self.inner;
        let lost = inner
            .store
            .renew_leases(&inner.node, &held, inner.lease)
            .await?;
        metrics::counter!("xenotable_lease_renewals_total")
            .increment((held.len() - lost.len()) as u64);
        for &id in &lost {
            if self.forget(id).is_some() {
                metrics::counter!("xenotable_leases_lost_total").increment(1);
            }
        }
        Ok(lost)
    }

    fn forget(&self, id: MatchId) -> Option<i64> {
        let epoch = self.held().remove(&id);
        if epoch.is_some() {
            metrics::gauge!("xenotable_owned_matches").decrement(1.0);
        }
        epoch
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<MatchId, i64>> {
        self.inner.held.lock().unwrap_or_else(|e| e.into_inner())
    }
}
