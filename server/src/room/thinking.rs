//! Bots think off the async runtime: a decision that takes thought (a search may take a second
//! of a core) runs on a thread of its own in the idle scheduling class, waited for from tokio's
//! blocking pool, and its answer comes back to the room as a message, so the room keeps serving
//! its connections, and every other room its own, while a bot thinks. Bots think with the CPU
//! live play leaves: twenty searches at once still leave the rooms a core when they need one.
//! A bot that picks at once (random, or the rules' automatic method) answers on the spot,
//! through the same message.

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
    // Waited for from the blocking pool, where tokio's paused test clock waits for it too.
    tokio::task::spawn_blocking(move || {
        let thought = std::thread::Builder::new()
            .name("bot-thinking".into())
            .spawn(move || {
                lowest_priority();
                decide()
            })
            .map_err(|e| tracing::error!(error = %e, "cannot start a thinking thread"))
            .and_then(|thinker| {
                thinker
                    .join()
                    .map_err(|_| tracing::error!("a bot panicked"))
            });
        if let Ok(thought) = thought {
            // The room gone, nobody is waiting for the answer.
            let _ = answers.blocking_send(thought);
        }
    });
}

/// The nice value of thinking threads where the idle class is refused: the lowest there is.
const THINKING_NICE: i32 = 19;

/// Puts the calling thread, and it alone, in Linux's idle scheduling class (`SCHED_IDLE`): it
/// runs only on a core nothing else wants, and a room's thread that wakes takes the core at
/// once, where a nice thread would still get its weighted share of every time slice (twenty
/// of them kept a live match's ping p99 near 20 ms). Where the idle class is refused, nice 19;
/// elsewhere than Linux threads keep their priority.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid, sched_setscheduler and setpriority only read and set the calling
    // thread's own scheduling values; `param` outlives the call.
    unsafe {
        let thread = libc::gettid();
        let param = libc::sched_param { sched_priority: 0 };
        if libc::sched_setscheduler(thread, libc::SCHED_IDLE, &param) != 0
            && libc::setpriority(libc::PRIO_PROCESS, thread as libc::id_t, THINKING_NICE) != 0
        {
            tracing::warn!("cannot lower a thinking thread's priority");
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::bots::Choose;

    /// A bot that answers with the scheduling policy of the thread it decides on.
    #[derive(Debug)]
    struct Policy;

    impl Choose for Policy {
        fn choose(&mut self, _view: &Value) -> Option<Value> {
            // SAFETY: reads the calling thread's scheduling policy.
            let policy = unsafe { libc::sched_getscheduler(libc::gettid()) };
            Some(json!(policy))
        }
    }

    #[tokio::test]
    async fn bots_think_in_the_idle_class_and_the_runtime_keeps_its_own() {
        let (answers, mut thoughts) = mpsc::channel(1);
        think(Bot::thinking(Policy), json!({}), 0, 0, answers);
        let thought = thoughts.recv().await.expect("a thought");
        assert_eq!(thought.action, Some(json!(libc::SCHED_IDLE)));
        let (answers, mut thoughts) = mpsc::channel(1);
        think(Bot::new(Policy), json!({}), 0, 0, answers);
        let thought = thoughts.recv().await.expect("a thought");
        assert_eq!(
            thought.action,
            Some(json!(libc::SCHED_OTHER)),
            "a bot that picks at once is not lowered"
        );
    }
}
