//! Bots think off the async runtime: a decision that takes thought (a search may take a second
//! of a core) runs on tokio's blocking pool, and its answer comes back to the room as a
//! message, so the room keeps serving its connections, and every other room its own, while a
//! bot thinks. A bot that picks at once (random, or the rules' automatic method) answers on
//! the spot, through the same message.

use serde_json::Value;
use tokio::sync::mpsc;

use crate::bots::Bot;

/// A bot's finished decision, with the bot handed back to its seat.
pub(super) struct Thought {
    /// The index of the bot's seat in the room's table.
    pub seat_index: usize,
    /// The room's seq for that seat when the bot was shown its view: the act is checked
    /// against it, so a decision overtaken by another command is refused as stale.
    pub seen: u64,
    pub bot: Bot,
    /// Its action, or `None` when it has none to play now.
    pub action: Option<Value>,
}

/// Has `bot` decide on `view`, on the blocking pool if it [`thinks`](Bot::thinks); the
/// [`Thought`] arrives on `answers`, which holds at most the one thought in flight.
pub(super) fn think(
    mut bot: Bot,
    view: Value,
    seat_index: usize,
    seen: u64,
    answers: mpsc::Sender<Thought>,
) {
    let thinks = bot.thinks();
    let decide = move || {
        let action = bot.choose(&view);
        Thought {
            seat_index,
            seen,
            bot,
            action,
        }
    };
    if !thinks {
        // Room for the one thought in flight is always there.
        let _ = answers.try_send(decide());
        return;
    }
    tokio::task::spawn_blocking(move || {
        // The room gone, nobody is waiting for the answer.
        let _ = answers.blocking_send(decide());
    });
}
