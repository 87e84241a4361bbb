//! A viewer's history (issue 17): the `welcome` of a viewer who comes back — a reload, a
//! reconnect, a restarted server — carries every update that viewer was told, exactly as it was
//! told: its seq, and its events redacted for it. A seat's history never holds another seat's
//! secret, and a spectator's is a spectator's.

use crate::common;

use common::{Client, Db, Picker, Server};
use serde_json::{Value, json};

/// One connection at the table and what it was told.
struct Watcher {
    /// Its seat, or `None` for a spectator.
    seat: Option<String>,
    token: Option<String>,
    client: Client,
    seq: u64,
    legal: Vec<Value>,
    /// Every update it received: `{"seq", "events"}`, as a welcome's history holds them.
    told: Vec<Value>,
}

impl Watcher {
    async fn join(server: &Server, id: &str, seat: Option<&str>, token: Option<&str>) -> Watcher {
        let mut client = server.connect(id, token).await;
        let welcome = client.recv_type("welcome").await;
        let mut watcher = Watcher {
            seat: seat.map(str::to_owned),
            token: token.map(str::to_owned),
            client,
            seq: 0,
            legal: Vec::new(),
            told: Vec::new(),
        };
        watcher.saw(&welcome);
        watcher
    }

    fn saw(&mut self, frame: &Value) {
        self.seq = frame["seq"].as_u64().expect("a seq");
        self.legal = frame["view"]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if frame["t"] == "update" {
            self.told
                .push(json!({"seq": frame["seq"], "events": frame["events"]}));
        }
    }

    /// Reads every frame up to the answer of a ping: each update the room sent before it.
    async fn settle(&mut self) {
        self.client.send(json!({"t": "ping"})).await;
        loop {
            let frame = self.client.recv().await;
            match frame["t"].as_str() {
                Some("pong") => return,
                Some("update" | "welcome") => self.saw(&frame),
                _ => panic!("{:?} got {frame}", self.seat),
            }
        }
    }

    /// The history a new connection of this viewer is welcomed with.
    async fn history(&self, server: &Server, id: &str) -> Value {
        let mut again = server.connect(id, self.token.as_deref()).await;
        let welcome = again.recv_type("welcome").await;
        again.close().await;
        assert_eq!(welcome["seq"], json!(self.seq), "{:?}'s seq", self.seat);
        welcome["log"].clone()
    }

    /// Asserts that this viewer, coming back now, is told exactly what it saw live.
    async fn assert_history(&self, server: &Server, id: &str) {
        let history = self.history(server, id).await;
        assert!(
            history == json!(self.told),
            "{:?}'s history differs from what it was told live:\n{history}\nlive:\n{}",
            self.seat,
            json!(self.told)
        );
    }
}

/// The table: a connection per seat and a spectator.
struct Table {
    id: String,
    watchers: Vec<Watcher>,
}

impl Table {
    async fn open(server: &Server, body: Value) -> Table {
        let (id, tokens) = server.create(body).await;
        let mut watchers = vec![Watcher::join(server, &id, None, None).await];
        for (seat, token) in &tokens {
            watchers.push(Watcher::join(server, &id, Some(seat), Some(token)).await);
        }
        Table { id, watchers }
    }

    /// Plays `steps` commands, each a seat that may act sending one of its offers, and lets
    /// every connection read what it was told. Stops early once nobody may act.
    async fn play(&mut self, steps: usize, pick: &mut Picker) {
        for _ in 0..steps {
            let able: Vec<usize> = (0..self.watchers.len())
                .filter(|&k| !self.watchers[k].legal.is_empty())
                .collect();
            if able.is_empty() {
                return;
            }
            let k = able[pick.below(able.len())];
            let actor = &mut self.watchers[k];
            let action = actor.legal[pick.below(actor.legal.len())].clone();
            let act = json!({"t": "act", "seq": actor.seq, "ref": "h", "action": action});
            actor.client.send(act).await;
            // The actor's ping comes after its act on the same connection: once it is answered,
            // the room has sent the act's updates to everyone, before any later pong.
            actor.settle().await;
            for (j, watcher) in self.watchers.iter_mut().enumerate() {
                if j != k {
                    watcher.settle().await;
                }
            }
        }
    }

    async fn assert_histories(&self, server: &Server) {
        for watcher in &self.watchers {
            watcher.assert_history(server, &self.id).await;
        }
    }

    /// Every connection comes back to a server started again: each is welcomed with the
    /// history it was told before, rebuilt from the stored log.
    async fn reconnect(&mut self, server: &Server) {
        for watcher in &mut self.watchers {
            let mut client = server.connect(&self.id, watcher.token.as_deref()).await;
            let welcome = client.recv_type("welcome").await;
            assert!(
                welcome["log"] == json!(watcher.told),
                "{:?}'s history after the restart:\n{}\nlive:\n{}",
                watcher.seat,
                welcome["log"],
                json!(watcher.told)
            );
            watcher.saw(&welcome);
            watcher.client = client;
        }
    }

    fn watcher(&self, seat: Option<&str>) -> &Watcher {
        self.watchers
            .iter()
            .find(|w| w.seat.as_deref() == seat)
            .expect("a connection of that viewer")
    }
}

/// Every event of a history, with the seq of its update.
fn events(history: &[Value]) -> impl Iterator<Item = &Value> {
    history
        .iter()
        .flat_map(|entry| entry["events"].as_array().into_iter().flatten())
}

/// Artemia's events whose secret fields stay with the Hunted named in them (rules 13: his
/// committed cards, secret choices and Survival cards are his own; the discards are public).
const ARTEMIA_SECRETS: &[(&str, &[&str])] = &[
    ("committed", &["cards"]),
    ("chose", &["cards"]),
    ("survival-submitted", &["play"]),
    ("survival-cards-drawn", &["cards"]),
    ("shelter-kept", &["kept"]),
    ("river-choice", &["kept", "returned"]),
];

/// How many of the events in `history` carry a Hunted's secret, telling apart the viewer's
/// own (`seat`) and everyone else's.
fn artemia_secrets(history: &[Value], seat: Option<&str>) -> (usize, usize) {
    let (mut own, mut others) = (0, 0);
    for event in events(history) {
        let Some((_, fields)) = ARTEMIA_SECRETS.iter().find(|(t, _)| event["type"] == *t) else {
            continue;
        };
        if fields.iter().all(|f| event[*f].is_null()) {
            continue;
        }
        if event["hunted"].as_str() == seat {
            own += 1;
        } else {
            others += 1;
        }
    }
    (own, others)
}

#[tokio::test]
async fn artemia_histories_are_what_each_viewer_was_told_even_after_a_restart() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let mut table = Table::open(
        &server,
        json!({"game": "artemia", "seed": 1_717, "seats": [
            {"seat": "creature", "name": "Cy"},
            {"seat": "hunted-1", "name": "Ann"},
            {"seat": "hunted-2", "name": "Bo"},
        ]}),
    )
    .await;
    let mut pick = Picker(17);
    table.play(40, &mut pick).await;
    table.assert_histories(&server).await;

    // A restart rebuilds the histories from the stored log.
    server.kill();
    let server = Server::start(&db).await;
    table.reconnect(&server).await;
    table.play(40, &mut pick).await;
    table.assert_histories(&server).await;

    // Each Hunted's history holds his own secrets, and nobody else's.
    for seat in ["hunted-1", "hunted-2"] {
        let history = table.watcher(Some(seat)).history(&server, &table.id).await;
        let (own, others) = artemia_secrets(history.as_array().expect("a list"), Some(seat));
        assert!(own > 0, "{seat}'s history tells none of his own choices");
        assert_eq!(others, 0, "{seat}'s history tells another Hunted's secret");
    }
    for seat in [Some("creature"), None] {
        let history = table.watcher(seat).history(&server, &table.id).await;
        let (_, others) = artemia_secrets(history.as_array().expect("a list"), seat);
        assert_eq!(others, 0, "{seat:?}'s history tells a Hunted's secret");
    }
}

/// The order edits of `side` in `history`.
fn edits_of<'a>(history: &'a [Value], side: &str) -> Vec<&'a Value> {
    events(history)
        .filter(|e| e["type"] == "edited" && e["seat"] == side)
        .collect()
}

#[tokio::test]
async fn away_team_histories_keep_each_sides_order_edits_to_itself() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut table = Table::open(
        &server,
        json!({"game": "away-team", "scenario": "crystal-spires", "seed": 2_024, "seats": [
            {"seat": "away-team", "name": "Kirk"},
            {"seat": "aliens", "name": "Gorn"},
        ]}),
    )
    .await;
    let mut pick = Picker(5);
    table.play(30, &mut pick).await;
    table.assert_histories(&server).await;

    for (seat, other) in [("away-team", "aliens"), ("aliens", "away-team")] {
        let history = table.watcher(Some(seat)).history(&server, &table.id).await;
        let history = history.as_array().expect("a list");
        assert!(
            !edits_of(history, seat).is_empty(),
            "{seat} made no order edit to be told of"
        );
        assert_eq!(
            edits_of(history, other),
            Vec::<&Value>::new(),
            "{seat}'s history tells the {other}' order edits"
        );
    }
    let history = table.watcher(None).history(&server, &table.id).await;
    let history = history.as_array().expect("a list");
    for side in ["away-team", "aliens"] {
        assert_eq!(
            edits_of(history, side),
            Vec::<&Value>::new(),
            "the spectator's history tells the {side}' order edits"
        );
    }
}
