//! The match WebSocket served over channels instead of a socket (axum's `testing-websockets`):
//! the frames it carries between a peer and a room, and every way it ends. On tokio's paused
//! clock, so a minute of silence takes no time.

use std::time::Duration;

use futures_channel::mpsc::{Receiver, Sender, channel};
use serde_json::{Value, json};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::error::CapacityError;

use super::*;
use crate::games::GameId;
use crate::testing::{TestStore, open_room, room_context, stored_match, ws_limits};

/// How long a test waits for a message, on the paused clock.
const PATIENCE: Duration = Duration::from_secs(600);

/// A peer of [`serve`] over channels: what it sends the server, and what the server writes.
struct Peer {
    to_server: Sender<Result<Message, axum::Error>>,
    from_server: Receiver<Message>,
    served: JoinHandle<()>,
}

impl Peer {
    /// Serves `viewer`'s connection to `room`; the server may write `unread` messages ahead of
    /// the peer's reading before it waits.
    fn connect(room: &RoomHandle, viewer: Viewer, limits: WsLimits, unread: usize) -> Peer {
        let (sink, from_server) = channel(unread);
        let (to_server, stream) = channel(64);
        let served = tokio::spawn(serve(sink, stream, room.clone(), viewer, limits));
        Peer {
            to_server,
            from_server,
            served,
        }
    }

    async fn send(&mut self, message: Message) {
        self.to_server
            .send(Ok(message))
            .await
            .expect("the server reads");
    }

    async fn send_json(&mut self, frame: Value) {
        self.send(Message::Text(frame.to_string().into())).await;
    }

    /// The next message the server writes; fails the test when none comes.
    async fn next(&mut self) -> Message {
        match tokio::time::timeout(PATIENCE, self.from_server.next()).await {
            Ok(Some(message)) => message,
            Ok(None) => panic!("the server closed the channel without a close frame"),
            Err(_) => panic!("the server wrote nothing more"),
        }
    }

    /// The next message, a JSON text frame.
    async fn next_json(&mut self) -> Value {
        match self.next().await {
            Message::Text(text) => serde_json::from_str(text.as_str()).expect("JSON"),
            other => panic!("not a text frame: {other:?}"),
        }
    }

    /// Reads until the server's close frame; its code.
    async fn close_code(&mut self) -> u16 {
        loop {
            if let Message::Close(frame) = self.next().await {
                return frame.map_or(0, |f| f.code);
            }
        }
    }

    /// Waits until the server is done with the connection.
    async fn ended(self) {
        tokio::time::timeout(PATIENCE, self.served)
            .await
            .expect("the connection ends")
            .expect("serving does not panic");
    }
}

/// A live Mined Noughts match between two people, and its room.
async fn noughts() -> RoomHandle {
    let store = TestStore::new().await;
    let seats = [Seat::Marines, Seat::Aliens];
    let record = stored_match(store.as_ref(), GameId::Noughts, &seats, &[], None).await;
    open_room(&room_context(store), &record).await
}

async fn connections(room: &RoomHandle) -> usize {
    room.status().await.expect("the room is open").connections
}

#[tokio::test(start_paused = true)]
async fn a_seats_frames_reach_its_room_and_the_answers_come_back_on_the_socket() {
    let room = noughts().await;
    let mut peer = Peer::connect(&room, Viewer::Seat(Seat::Marines), ws_limits(), 16);
    let welcome = peer.next_json().await;
    assert_eq!(
        (&welcome["t"], &welcome["you"]),
        (&json!("welcome"), &json!("marines"))
    );

    let mark = welcome["view"]["legal"][0].clone();
    peer.send_json(json!({"t": "act", "seq": 0, "ref": "r1", "action": mark}))
        .await;
    let update = peer.next_json().await;
    assert_eq!(
        (&update["t"], &update["seq"], &update["ref"]),
        (&json!("update"), &json!(1), &json!("r1")),
        "{update}"
    );
    peer.send_json(json!({"t": "ping"})).await;
    assert_eq!(peer.next_json().await, json!({"t": "pong"}));
    peer.send_json(json!({"t": "chat", "text": "gg"})).await;
    assert_eq!(
        peer.next_json().await,
        json!({"t": "chat", "from": "marines", "text": "gg"})
    );

    // The peer leaves: the room forgets the connection.
    peer.send(Message::Close(None)).await;
    peer.ended().await;
    assert_eq!(connections(&room).await, 0);
}

#[tokio::test(start_paused = true)]
async fn a_binary_frame_is_answered_binary_not_supported_and_the_connection_stays() {
    let room = noughts().await;
    let mut peer = Peer::connect(&room, Viewer::Spectator, ws_limits(), 16);
    peer.next_json().await;
    peer.send(Message::Binary(Bytes::from_static(b"\x01\x02")))
        .await;
    assert_eq!(peer.next_json().await["code"], "binary_not_supported");
    peer.send_json(json!({"t": "ping"})).await;
    assert_eq!(peer.next_json().await, json!({"t": "pong"}));
}

#[tokio::test(start_paused = true)]
async fn a_message_over_the_size_limit_closes_the_connection_with_1009() {
    let room = noughts().await;
    let mut peer = Peer::connect(&room, Viewer::Spectator, ws_limits(), 16);
    peer.next_json().await;
    let too_long = CapacityError::MessageTooLong {
        size: 70_000,
        max_size: 65_536,
    };
    let error = axum::Error::new(tungstenite::Error::Capacity(too_long));
    peer.to_server.send(Err(error)).await.expect("sent");
    assert_eq!(peer.close_code().await, close_code::SIZE);
    peer.ended().await;
    assert_eq!(connections(&room).await, 0);
}

#[tokio::test(start_paused = true)]
async fn a_silent_peer_is_pinged_then_closed_with_1001_after_the_idle_timeout() {
    let room = noughts().await;
    let limits = ws_limits();
    let start = Instant::now();
    let mut peer = Peer::connect(&room, Viewer::Spectator, limits, 16);
    peer.next_json().await;
    for k in 1..=2 {
        assert!(matches!(peer.next().await, Message::Ping(_)));
        assert_eq!(start.elapsed(), limits.ping_interval * k);
    }
    assert_eq!(peer.close_code().await, close_code::AWAY);
    assert_eq!(start.elapsed(), limits.idle_timeout);
    peer.ended().await;
}

#[tokio::test(start_paused = true)]
async fn an_answered_ping_keeps_a_quiet_peer_connected() {
    let room = noughts().await;
    let limits = ws_limits();
    let mut peer = Peer::connect(&room, Viewer::Spectator, limits, 16);
    peer.next_json().await;
    for _ in 0..5 {
        assert!(matches!(peer.next().await, Message::Ping(_)));
        peer.send(Message::Pong(Bytes::new())).await;
    }
    assert_eq!(connections(&room).await, 1, "five pings later");
}

#[tokio::test(start_paused = true)]
async fn frames_over_the_rate_are_dropped_and_answered_rate_limited() {
    let room = noughts().await;
    let limits = WsLimits {
        frames: Rate {
            per_second: 0.001,
            burst: 2.0,
        },
        ..ws_limits()
    };
    let mut peer = Peer::connect(&room, Viewer::Spectator, limits, 16);
    peer.next_json().await;
    for _ in 0..3 {
        peer.send_json(json!({"t": "ping"})).await;
    }
    let mut answers = Vec::new();
    for _ in 0..3 {
        let frame = peer.next_json().await;
        answers.push(
            frame["code"]
                .as_str()
                .unwrap_or(frame["t"].as_str().unwrap_or(""))
                .to_owned(),
        );
    }
    answers.sort();
    assert_eq!(answers, ["pong", "pong", "rate_limited"]);
    assert_eq!(connections(&room).await, 1, "the connection stays");
}

#[tokio::test(start_paused = true)]
async fn a_peer_over_its_rate_for_longer_than_allowed_is_closed_with_1008() {
    let room = noughts().await;
    let limits = WsLimits {
        frames: Rate {
            per_second: 0.001,
            burst: 1.0,
        },
        abuse: Duration::ZERO,
        ..ws_limits()
    };
    let mut peer = Peer::connect(&room, Viewer::Spectator, limits, 16);
    peer.next_json().await;
    peer.send_json(json!({"t": "ping"})).await;
    peer.send_json(json!({"t": "ping"})).await;
    assert_eq!(peer.close_code().await, close_code::POLICY);
    peer.ended().await;
}

#[tokio::test(start_paused = true)]
async fn a_peer_that_does_not_read_is_closed_as_too_slow_with_1013() {
    let room = noughts().await;
    let limits = WsLimits {
        outbox: 2,
        ..ws_limits()
    };
    // The server may write one message ahead of the peer's reading, and queue two more.
    let mut peer = Peer::connect(&room, Viewer::Spectator, limits, 0);
    for _ in 0..8 {
        peer.send_json(json!({"t": "ping"})).await;
    }
    assert_eq!(peer.close_code().await, close_code::AGAIN);
    peer.ended().await;
    assert_eq!(connections(&room).await, 0);
}

#[tokio::test(start_paused = true)]
async fn when_the_room_lets_the_connection_go_the_socket_closes_normally() {
    let room = noughts().await;
    let mut peer = Peer::connect(&room, Viewer::Spectator, ws_limits(), 16);
    peer.next_json().await;
    assert_eq!(room.abandon().await, Ok(true), "no player is connected");
    assert_eq!(peer.next_json().await["code"], "match_abandoned");
    assert_eq!(peer.close_code().await, close_code::NORMAL);
    peer.ended().await;
}

fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        map.insert(name.clone(), value.parse().unwrap());
    }
    map
}

#[test]
fn pages_of_this_site_and_of_allowed_origins_may_open_sockets() {
    let here = (header::HOST, "play.example:8080");
    let allowed = vec!["https://friend.example".to_owned()];
    for (origin, expected) in [
        ("http://play.example:8080", true),
        ("https://PLAY.example:8080", true),
        ("https://friend.example", true),
        ("https://evil.example", false),
        ("http://play.example", false),
        ("null", false),
    ] {
        let map = headers(&[here.clone(), (header::ORIGIN, origin)]);
        assert_eq!(origin_allowed(&map, &allowed), expected, "{origin}");
    }
    // Not a browser page: no Origin at all.
    assert!(origin_allowed(&headers(&[here]), &[]));
}

#[test]
fn abuse_counts_from_the_first_refusal_until_a_pause() {
    let start = std::time::Instant::now();
    let ms = Duration::from_millis;
    let mut abuse = Abuse::default();
    assert_eq!(abuse.refused(start), Duration::ZERO);
    assert_eq!(abuse.refused(start + ms(900)), ms(900));
    assert_eq!(abuse.refused(start + ms(1_700)), ms(1_700));
    // A second and more without a refusal: it starts over.
    assert_eq!(abuse.refused(start + ms(2_800)), Duration::ZERO);
}

/// A sink that notes, at each flush, how many messages it has been given so far.
#[derive(Default)]
struct Flushes {
    given: usize,
    at: Vec<usize>,
}

impl Sink<Message> for Flushes {
    type Error = std::convert::Infallible;

    fn poll_ready(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn start_send(mut self: std::pin::Pin<&mut Self>, _: Message) -> Result<(), Self::Error> {
        self.given += 1;
        Ok(())
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        let given = self.given;
        self.at.push(given);
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_close(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }
}

#[tokio::test(start_paused = true)]
async fn frames_queued_together_leave_in_one_write() {
    let (outbox, queued) = mpsc::channel(8);
    for n in 0..3 {
        outbox.try_send(format!("frame {n}").into()).expect("room");
    }
    drop(outbox);
    let (_room_hang_up, room_hung_up) = oneshot::channel();
    let (_hang_up, hung_up) = oneshot::channel();
    let signals = Signals {
        room: Some(room_hung_up),
        hung_up,
    };
    let mut sink = Flushes::default();
    write(&mut sink, queued, signals, Duration::from_secs(60)).await;
    // The three frames in one flush, then the close frame in its own.
    assert_eq!(sink.at.first(), Some(&3), "flushes at {:?}", sink.at);
    assert_eq!(sink.given, 4);
}
