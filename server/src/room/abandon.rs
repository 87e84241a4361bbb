//! Abandonment: an open match nobody joins, or a live match nobody comes back to, ends as
//! `abandoned` after a while, so it stops holding a room and is not rebuilt at every start.
//!
//! A match made with `bots_take_over` is not abandoned once live: its players are taken to
//! have left for good, and bots take over their seats (the room does it, see `actor.rs`). A
//! player has left for good when the match would be abandoned (no player connected and nothing
//! played for the live-match patience, `idle`), or, while others play on, when no connection
//! of their seat has been open for that same patience.

use std::time::Duration;

use chrono::Utc;

use super::{RoomContext, RoomHandle, Rooms};
use crate::ids::MatchId;
use crate::store::MatchStatus;

/// How long a match may be left alone before it is abandoned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patience {
    /// An open match nobody has completed by joining.
    pub open: Duration,
    /// A live match with no player connected and nothing played.
    pub idle: Duration,
}

impl Patience {
    /// How often to look for stale matches: often enough that a match is abandoned within a
    /// quarter of its patience, at most once a minute and at least once a second.
    pub fn sweep_every(&self) -> Duration {
        (self.open.min(self.idle) / 4).clamp(Duration::from_secs(1), Duration::from_secs(60))
    }
}

/// Abandons every match left alone longer than `patience`; returns how many.
///
/// A match with a room is asked to abandon itself (its room is its only writer, and knows who
/// is connected now); one without a room is ended in the store, which refuses if it has just
/// finished.
pub async fn sweep(ctx: &RoomContext, rooms: &Rooms, patience: Patience) -> usize {
    let now = Utc::now();
    let before = |d: Duration| now - chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX);
    let stale = match ctx
        .store
        .stale_matches(before(patience.open), before(patience.idle))
        .await
    {
        Ok(stale) => stale,
        Err(e) => {
            tracing::warn!(error = %e, "cannot look for abandoned matches");
            return 0;
        }
    };
    let mut abandoned = 0;
    for id in stale {
        let room = match rooms.get(id) {
            Some(room) => Some(room),
            None => {
                // In a cluster, the node that runs a match sweeps it; one nobody runs is taken
                // first, so no other node resumes it meanwhile.
                if let Some(cluster) = &ctx.cluster {
                    match cluster.take(id).await {
                        Ok(Some(_)) => {}
                        Ok(None) => continue,
                        Err(e) => {
                            tracing::warn!(%id, error = %e, "cannot take the match's lease");
                            continue;
                        }
                    }
                }
                room_to_take_over(ctx, rooms, id).await
            }
        };
        let done = match room {
            Some(room) => room.abandon().await.unwrap_or(false),
            None => {
                let done = ctx.store.abandon(id).await.unwrap_or_else(|e| {
                    tracing::warn!(%id, error = %e, "cannot abandon the match");
                    false
                });
                if let Some(cluster) = &ctx.cluster {
                    cluster.release(id).await;
                }
                done
            }
        };
        if done {
            tracing::info!(%id, "match abandoned");
            abandoned += 1;
        }
    }
    metrics::counter!("xenotable_matches_abandoned_total").increment(abandoned as u64);
    abandoned
}

/// The room of a live match without one (at start, before rooms are rebuilt) whose bots take
/// over: opened, so that it, not the store, decides (its bots take over rather than the match
/// being abandoned).
async fn room_to_take_over(ctx: &RoomContext, rooms: &Rooms, id: MatchId) -> Option<RoomHandle> {
    let record = match ctx.store.get_match(id).await {
        Ok(Some(record)) => record,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(%id, error = %e, "cannot read the match");
            return None;
        }
    };
    if !record.bots_take_over || record.status != MatchStatus::Live {
        return None;
    }
    rooms
        .open(ctx, &record)
        .await
        .inspect_err(|e| tracing::warn!(%id, error = %e, "cannot open the match's room"))
        .ok()
}

/// Sweeps for abandoned matches for as long as the server runs.
pub fn spawn_sweeper(ctx: RoomContext, rooms: Rooms, patience: Patience) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(patience.sweep_every());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            sweep(&ctx, &rooms, patience).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweeps_come_within_a_quarter_of_the_patience() {
        let days = |d: u64| Duration::from_secs(d * 86_400);
        let default = Patience {
            open: days(1),
            idle: days(7),
        };
        assert_eq!(default.sweep_every(), Duration::from_secs(60));
        let short = Patience {
            open: Duration::from_secs(8),
            idle: days(7),
        };
        assert_eq!(short.sweep_every(), Duration::from_secs(2));
        let tiny = Patience {
            open: Duration::from_millis(10),
            idle: Duration::from_millis(10),
        };
        assert_eq!(tiny.sweep_every(), Duration::from_secs(1));
    }
}
