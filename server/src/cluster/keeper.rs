//! The node's lease keeper: one task that renews the leases the node holds, stops the rooms of
//! the ones it lost, and takes over the matches nobody holds (their node died, or let go).

use super::Cluster;
use crate::room::{RoomContext, Rooms};

/// How many matches one look takes over at most: a node that finds many orphans leaves some to
/// the other survivors, which look at their own times.
const TAKEOVER_BATCH: usize = 64;

/// Renews and takes over in the background, for as long as the server runs.
pub fn spawn(cluster: Cluster, ctx: RoomContext, rooms: Rooms) {
    tokio::spawn(async move {
        // A lease is renewed three times per period, so one slow renewal does not lose it.
        let mut every = tokio::time::interval(cluster.lease() / 3);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            keep(&cluster, &rooms).await;
            take_over(&cluster, &ctx, &rooms).await;
        }
    });
}

/// Renews every lease held, and stops the room of each lost one.
async fn keep(cluster: &Cluster, rooms: &Rooms) {
    match cluster.renew().await {
        Ok(lost) => {
            for id in lost {
                tracing::warn!(%id, "lease lost: another node runs the match now");
                if let Some(room) = rooms.get(id) {
                    room.moved().await;
                }
            }
        }
        // The leases may run out meanwhile; fencing keeps the log right if they do.
        Err(e) => tracing::warn!(error = %e, "cannot renew the leases"),
    }
}

/// Takes over the unfinished matches whose lease has run out (or that never had one), and
/// resumes each from its log. Returns how many it resumed.
pub async fn take_over(cluster: &Cluster, ctx: &RoomContext, rooms: &Rooms) -> usize {
    let orphans = match ctx.store.leaseless_matches(TAKEOVER_BATCH).await {
        Ok(orphans) => orphans,
        Err(e) => {
            tracing::warn!(error = %e, "cannot look for matches to take over");
            return 0;
        }
    };
    let mut resumed = 0;
    for id in orphans {
        let record = match ctx.store.get_match(id).await {
            Ok(Some(record)) => record,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(%id, error = %e, "cannot read a match to take over");
                continue;
            }
        };
        // The room takes the lease before it reads the log; another node may win it first.
        match rooms.resume(ctx, &record).await {
            Ok(Some(_)) => resumed += 1,
            Ok(None) => cluster.release(id).await,
            Err(e) if e.owned_elsewhere() => {}
            Err(e) => tracing::error!(%id, error = %e, "cannot take the match over"),
        }
    }
    resumed
}
