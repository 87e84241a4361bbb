//! The sockets of one match: each seat plays random legal moves from its own view, closed
//! loop; spectators only read.

use std::cell::Cell;
use std::net::IpAddr;
use std::ops::Range;
use std::rc::Rc;

use futures_util::{SinkExt, StreamExt};
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::value::RawValue;
use tokio::sync::Notify;
use tokio::task::JoinSet;
use tokio::time::{Duration, Instant, sleep_until};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use super::ThinkKind;
use super::client::{Endpoint, LoadError, Socket};
use super::report::Tally;

/// Who a socket is.
pub enum Role {
    /// A seat, by its token, connected to this endpoint.
    Seat(String, Rc<Endpoint>),
    /// A spectator, connected to this endpoint.
    Spectator(Rc<Endpoint>),
}

/// How a match's play ended for the load generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A seat saw the outcome.
    Finished,
    /// The play stopped first (time or move bound).
    Stopped,
    /// The server closed a socket of the match before its end.
    Closed,
}

/// The start and end signal shared by every socket: all start together, all stop together.
#[derive(Clone)]
pub struct Release(Rc<ReleaseState>);

struct ReleaseState {
    started: Cell<bool>,
    stopped: Cell<bool>,
    max_moves: Cell<Option<u64>>,
    go: Notify,
    end: Notify,
}

impl Release {
    pub fn new() -> Release {
        Release(Rc::new(ReleaseState {
            started: Cell::new(false),
            stopped: Cell::new(false),
            max_moves: Cell::new(None),
            go: Notify::new(),
            end: Notify::new(),
        }))
    }

    /// Every socket may play now, until `stop` or `max_moves` moves in all.
    pub fn go(&self, stop: Instant, max_moves: Option<u64>) {
        self.0.max_moves.set(max_moves);
        self.0.started.set(true);
        self.0.go.notify_waiters();
        let release = self.clone();
        tokio::task::spawn_local(async move {
            sleep_until(stop).await;
            release.stop();
        });
    }

    /// The play is over: every socket stops.
    pub fn stop(&self) {
        self.0.stopped.set(true);
        self.0.end.notify_waiters();
    }

    pub fn stopped(&self) -> bool {
        self.0.stopped.get()
    }

    fn playing(&self) -> bool {
        self.0.started.get() && !self.0.stopped.get()
    }

    async fn started(&self) {
        // One thread: nothing can run between the check and the wait's registration.
        if !self.0.started.get() {
            self.0.go.notified().await;
        }
    }

    async fn ended(&self) {
        if !self.0.stopped.get() {
            self.0.end.notified().await;
        }
    }

    /// Counts one move; stops the play at the move bound.
    fn moved(&self, moves: u64) {
        if self.0.max_moves.get().is_some_and(|max| moves >= max) {
            self.stop();
        }
    }
}

/// How long a seat thinks before each move.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    kind: ThinkKind,
    mean_ms: f64,
}

impl Pace {
    pub fn new(kind: ThinkKind, mean_ms: f64) -> Pace {
        Pace {
            kind,
            mean_ms: mean_ms.max(0.0),
        }
    }

    fn think(self, rng: &mut ChaCha8Rng) -> Duration {
        let ms = match self.kind {
            ThinkKind::Fixed => self.mean_ms,
            ThinkKind::Exponential => {
                // Inverse transform of a uniform draw in (0, 1].
                let u = (f64::from(rng.next_u32()) + 1.0) / 4_294_967_296.0;
                -u.ln() * self.mean_ms
            }
        };
        Duration::from_secs_f64(ms / 1e3)
    }
}

/// One match, set up and waiting for the release.
pub struct MatchTask {
    sockets: JoinSet<Played>,
}

impl MatchTask {
    /// Opens every socket of match `id`, each at its role's endpoint, and waits for each
    /// one's welcome.
    pub async fn open(
        from: Option<IpAddr>,
        id: &str,
        roles: Vec<Role>,
        pace: Pace,
        seed: u64,
        tally: Rc<Tally>,
        release: Release,
    ) -> Result<MatchTask, LoadError> {
        let over = Rc::new(Notify::new());
        let mut sockets = JoinSet::new();
        for (k, role) in roles.into_iter().enumerate() {
            let mut socket = match &role {
                Role::Seat(token, at) => at.socket(from, id, Some(token)).await?,
                Role::Spectator(at) => at.socket(from, id, None).await?,
            };
            let welcome = first_frame(&mut socket).await?;
            let view = SeatView::read(welcome)
                .ok_or_else(|| LoadError::Setup(format!("match {id}: no welcome frame")))?;
            let common = Common {
                tally: tally.clone(),
                release: release.clone(),
                over: over.clone(),
            };
            match role {
                Role::Seat(..) => {
                    let rng = ChaCha8Rng::seed_from_u64(seed ^ ((k as u64) << 8));
                    let seat = Seat {
                        socket,
                        view,
                        rng,
                        pace,
                        common,
                        next_ref: 0,
                        asked: None,
                        wait_for_update: false,
                        act_at: None,
                    };
                    sockets.spawn_local(seat.play());
                }
                Role::Spectator(_) => {
                    sockets.spawn_local(spectate(socket, common));
                }
            }
        }
        Ok(MatchTask { sockets })
    }

    /// Plays the match until its end or the stop.
    pub async fn play(mut self) -> Played {
        let mut result = Played::Stopped;
        while let Some(played) = self.sockets.join_next().await {
            match played {
                Ok(Played::Finished) => result = Played::Finished,
                Ok(Played::Closed) if result != Played::Finished => result = Played::Closed,
                Ok(_) | Err(_) => {}
            }
        }
        result
    }
}

/// The first text frame of a socket.
async fn first_frame(socket: &mut Socket) -> Result<Utf8Bytes, LoadError> {
    while let Some(message) = socket.next().await {
        match message {
            Ok(Message::Text(text)) => return Ok(text),
            Ok(Message::Close(_)) => break,
            Ok(_) => {}
            Err(e) => return Err(LoadError::Setup(format!("before the welcome: {e}"))),
        }
    }
    Err(LoadError::Setup(
        "the server closed the socket before the welcome".into(),
    ))
}

/// What every socket of a match shares.
struct Common {
    tally: Rc<Tally>,
    release: Release,
    /// Fired when a seat of the match sees its outcome: its spectators stop too.
    over: Rc<Notify>,
}

/// The few fields of a server frame the load generator reads; the rest is skipped.
#[derive(Deserialize)]
struct Frame<'a> {
    t: &'a str,
    #[serde(default)]
    seq: Option<u64>,
    #[serde(rename = "ref", default, borrow)]
    reference: Option<&'a str>,
    #[serde(default, borrow)]
    code: Option<std::borrow::Cow<'a, str>>,
    #[serde(default, borrow)]
    view: Option<ViewFields<'a>>,
}

#[derive(Deserialize)]
struct ViewFields<'a> {
    #[serde(borrow, default)]
    legal: Vec<&'a RawValue>,
    #[serde(borrow, default)]
    outcome: Option<&'a RawValue>,
}

/// A seat's latest view: its seq, the text of the frame and where its legal actions lie in it.
struct SeatView {
    seq: u64,
    text: Utf8Bytes,
    legal: Vec<Range<usize>>,
    over: bool,
}

impl SeatView {
    /// The view of a `welcome` or `update` frame; `None` for any other frame.
    fn read(text: Utf8Bytes) -> Option<SeatView> {
        let frame: Frame = serde_json::from_str(&text).ok()?;
        if frame.t != "welcome" && frame.t != "update" {
            return None;
        }
        let view = frame.view?;
        let base = text.as_ptr() as usize;
        let legal = view
            .legal
            .iter()
            .map(|raw| {
                let start = raw.get().as_ptr() as usize - base;
                start..start + raw.get().len()
            })
            .collect();
        let over = view.outcome.is_some();
        Some(SeatView {
            seq: frame.seq?,
            text: text.clone(),
            legal,
            over,
        })
    }
}

/// How long a seat whose act the server's rate limit dropped waits before it acts again.
const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(100);

/// A seat played by the load generator.
struct Seat {
    socket: Socket,
    view: SeatView,
    rng: ChaCha8Rng,
    pace: Pace,
    common: Common,
    next_ref: u64,
    /// The act awaiting its answer: its ref number, when it was sent and at which seq.
    asked: Option<(u64, Instant, u64)>,
    /// A refused act waits for the next update before trying again.
    wait_for_update: bool,
    /// When the next act goes out, once one is due.
    act_at: Option<Instant>,
}

impl Seat {
    async fn play(mut self) -> Played {
        self.common.release.started().await;
        loop {
            if self.view.over {
                self.common.over.notify_waiters();
                return Played::Finished;
            }
            if !self.common.release.playing() {
                break;
            }
            if self.act_at.is_none() && self.may_act() {
                self.act_at = Some(Instant::now() + self.pace.think(&mut self.rng));
            }
            let act_at = self.act_at;
            tokio::select! {
                message = self.socket.next() => match message {
                    Some(Ok(Message::Text(text))) => self.on_frame(text),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => {
                        self.common.tally.error("closed");
                        return Played::Closed;
                    }
                    Some(Ok(_)) => {}
                },
                () = sleep_until(act_at.unwrap_or_else(Instant::now)), if act_at.is_some() => {
                    self.act_at = None;
                    if self.may_act() && self.send_act().await.is_err() {
                        self.common.tally.error("closed");
                        return Played::Closed;
                    }
                }
                () = self.common.release.ended() => break,
            }
        }
        if self.asked.is_some() {
            self.common.tally.error("unanswered");
        }
        let _ = self.socket.close(None).await;
        Played::Stopped
    }

    fn may_act(&self) -> bool {
        self.asked.is_none()
            && !self.wait_for_update
            && !self.view.over
            && !self.view.legal.is_empty()
    }

    async fn send_act(&mut self) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        let n = self.view.legal.len();
        let pick = ((u64::from(self.rng.next_u32()) * n as u64) >> 32) as usize;
        let action = &self.view.text.as_str()[self.view.legal[pick].clone()];
        self.next_ref += 1;
        let act = format!(
            r#"{{"t":"act","seq":{},"ref":"r{}","action":{action}}}"#,
            self.view.seq, self.next_ref
        );
        self.asked = Some((self.next_ref, Instant::now(), self.view.seq));
        self.socket.send(Message::text(act)).await
    }

    fn on_frame(&mut self, text: Utf8Bytes) {
        let tally = &self.common.tally;
        if self.common.release.playing() {
            tally.received(text.len());
        }
        let Ok(frame) = serde_json::from_str::<Frame>(&text) else {
            tally.error("protocol");
            return;
        };
        let answered = match (frame.reference, self.asked) {
            (Some(r), Some((n, sent, seq)))
                if r.strip_prefix('r').and_then(|k| k.parse().ok()) == Some(n) =>
            {
                Some((sent, seq))
            }
            _ => None,
        };
        match frame.t {
            "update" => {
                if let Some((sent, _)) = answered {
                    self.asked = None;
                    let moves = tally.moved(sent.elapsed());
                    self.common.release.moved(moves);
                }
                match SeatView::read(text.clone()) {
                    Some(view) => self.view = view,
                    None => tally.error("protocol"),
                }
                self.wait_for_update = false;
            }
            "error" => {
                // A frame dropped by the server's rate limit is answered before it is read,
                // so without its ref: it can only be the act awaiting its answer.
                let code = frame.code.as_deref().unwrap_or("?");
                let dropped = frame.reference.is_none() && code == "rate_limited";
                let answered = answered.or(self.asked.filter(|_| dropped).map(|(_, t, s)| (t, s)));
                if let Some((_, seq)) = answered {
                    self.asked = None;
                    tally.refused(code);
                    if dropped {
                        self.act_at = Some(Instant::now() + RATE_LIMITED_PAUSE);
                    } else {
                        // Refused on a view already replaced: act again at once; otherwise
                        // the answer is in an update still to come.
                        self.wait_for_update = self.view.seq == seq;
                    }
                }
            }
            _ => {}
        }
    }
}

/// A spectator reads every frame until its match ends or the play stops.
async fn spectate(mut socket: Socket, common: Common) -> Played {
    common.release.started().await;
    loop {
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if common.release.playing() {
                        common.tally.received(text.len());
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    common.tally.error("closed");
                    return Played::Closed;
                }
                Some(Ok(_)) => {}
            },
            () = common.over.notified() => break,
            () = common.release.ended() => break,
        }
    }
    let _ = socket.close(None).await;
    Played::Stopped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_keeps_each_legal_action_as_sent() {
        let text = Utf8Bytes::from(
            r#"{"t":"update","seq":7,"ref":"r3","events":[{"type":"x"}],"view":{"game":{"legal":[1]},"to_act":["creature"],"legal":[{"type":"pass"},{"type":"play","card":"river"}],"outcome":null}}"#,
        );
        let view = SeatView::read(text).expect("an update");
        assert_eq!(view.seq, 7);
        assert!(!view.over);
        let legal: Vec<&str> = view
            .legal
            .iter()
            .map(|r| &view.text.as_str()[r.clone()])
            .collect();
        assert_eq!(
            legal,
            [r#"{"type":"pass"}"#, r#"{"type":"play","card":"river"}"#]
        );
    }

    #[test]
    fn a_view_with_an_outcome_is_over() {
        let text = Utf8Bytes::from(
            r#"{"t":"welcome","you":"creature","seq":2,"view":{"game":{},"to_act":[],"legal":[],"outcome":{"winners":["creature"]}},"chat":[]}"#,
        );
        assert!(SeatView::read(text).expect("a welcome").over);
        assert!(SeatView::read(Utf8Bytes::from(r#"{"t":"pong"}"#)).is_none());
    }

    #[test]
    fn exponential_think_times_average_their_mean() {
        let pace = Pace::new(ThinkKind::Exponential, 100.0);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let n = 20_000;
        let total: f64 = (0..n).map(|_| pace.think(&mut rng).as_secs_f64()).sum();
        let mean_ms = total / f64::from(n) * 1e3;
        assert!((95.0..105.0).contains(&mean_ms), "{mean_ms}");
        let fixed = Pace::new(ThinkKind::Fixed, 40.0);
        assert_eq!(fixed.think(&mut rng), Duration::from_millis(40));
    }
}
