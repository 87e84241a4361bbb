//! What the nodes of a cluster say to each other over NATS about a match one of them runs.
//!
//! The node that runs a match (its owner) listens on [`match_subject`]; a node that relays the
//! match for its own sockets sends there, and hears each relayed connection's frames on an inbox
//! of its own. A frame travels as its text, untouched: the owner wrote it once for its viewer,
//! and the relaying node hands the same bytes to its sockets.

use serde::{Deserialize, Serialize};
use xenotable_protocol::Seat;

use crate::games::Viewer;
use crate::ids::MatchId;
use crate::room::{HangUp, RoomStatus};
use crate::store::TokenHash;

/// Where the owner of match `id` hears from the nodes that relay it.
pub fn match_subject(id: MatchId) -> String {
    format!("xenotable.match.{id}")
}

/// A message to the owner of a match. The ones about a connection name the owner they were
/// meant for by its lease epoch: a room numbers its connections from 0, so a connection of a
/// room that has since moved must never be taken for one of the room that runs the match now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum ToOwner {
    /// A request: open a connection of `viewer` (`spectator`, or a seat) whose frames go to
    /// `inbox`. Answered with [`FromOwner::Connected`].
    Connect { viewer: String, inbox: String },
    /// A text frame from a relayed connection.
    Frame { epoch: i64, conn: u64, text: String },
    /// A relayed connection has closed.
    Disconnect { epoch: i64, conn: u64 },
    /// A fresh `welcome` on connection `conn`, behind the asked-welcome mark: another spectator
    /// arrived at the relaying node, which shares that connection among them.
    WelcomeAgain { epoch: i64, conn: u64 },
    /// A player has claimed an open seat (already recorded in the store).
    SeatTaken {
        seat: Seat,
        name: String,
        token_hash: TokenHash,
    },
    /// A request: who is connected (to the owner: a relaying node's shared connection counts once).
    Status,
    /// A request: abandon the match, if nobody plays it (see `RoomHandle::abandon`).
    Abandon,
    /// A request: which node runs the match? The relaying nodes' heartbeat, naming the
    /// connections the relay still holds in the room of `epoch`: that owner lets go of a
    /// relayed connection no heartbeat has named for a while (its relay died, or gave up on
    /// it). Answered with [`FromOwner::Pong`].
    Ping { epoch: Option<i64>, conns: Vec<u64> },
}

/// The owner's answer to a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum FromOwner {
    /// Connection `conn` is open in the room of the owner of lease `epoch`.
    Connected {
        epoch: i64,
        conn: u64,
    },
    Status {
        status: RoomStatus,
    },
    Abandoned {
        abandoned: bool,
    },
    /// The epoch of the node that runs the match.
    Pong {
        epoch: i64,
    },
    /// The room has closed (the match ended and everyone left, or it moved).
    Closed,
}

/// The header that ends a relayed connection: why the owner let it go. The message carries no
/// frame.
pub const END: &str = "Xenotable-End";

/// The header of a frame that is a `welcome` asked for again ([`ToOwner::WelcomeAgain`]).
pub const ASKED_WELCOME: &str = "Xenotable-Asked-Welcome";

/// Why a relayed connection ended, as the [`END`] header says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The room hung up on it ([`HangUp`]).
    HungUp(HangUp),
    /// The room let it go (the match was abandoned, or its room closed).
    Released,
}

impl End {
    /// The header's value.
    pub fn as_str(self) -> &'static str {
        match self {
            End::HungUp(HangUp::TooSlow) => "too_slow",
            End::HungUp(HangUp::Moved) => "moved",
            End::Released => "released",
        }
    }

    /// Reads the header's value; an unknown one counts as [`End::Released`].
    pub fn parse(value: &str) -> End {
        match value {
            "too_slow" => End::HungUp(HangUp::TooSlow),
            "moved" => End::HungUp(HangUp::Moved),
            _ => End::Released,
        }
    }
}

/// A viewer as [`ToOwner::Connect`] names it; `None` for the omniscient viewer, which only
/// replays and tests have and no connection ever is.
pub fn viewer_name(viewer: Viewer) -> Option<String> {
    match viewer {
        Viewer::Seat(seat) => Some(seat.to_string()),
        Viewer::Spectator => Some("spectator".to_owned()),
        Viewer::Omniscient => None,
    }
}

/// The viewer [`viewer_name`] named.
pub fn parse_viewer(name: &str) -> Option<Viewer> {
    match name {
        "spectator" => Some(Viewer::Spectator),
        seat => seat.parse().ok().map(Viewer::Seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewers_and_ends_read_back_as_written() {
        for viewer in [
            Viewer::Spectator,
            Viewer::Seat(Seat::Creature),
            Viewer::Seat(Seat::Hunted(3)),
        ] {
            let name = viewer_name(viewer).expect("a connection's viewer");
            assert_eq!(parse_viewer(&name), Some(viewer));
        }
        assert_eq!(viewer_name(Viewer::Omniscient), None);
        for end in [
            End::HungUp(HangUp::TooSlow),
            End::HungUp(HangUp::Moved),
            End::Released,
        ] {
            assert_eq!(End::parse(end.as_str()), end);
        }
    }
}
