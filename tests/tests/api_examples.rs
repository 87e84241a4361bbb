//! The worked examples of `docs/api.md`: one match of each game played through the public API
//! on a pinned seed, every request, answer and frame written to `docs/api-examples/<game>.md`.
//! Run with `XENOTABLE_WRITE_EXAMPLES=1` it writes them; without, it fails when the server no
//! longer says what the checked-in examples show, so the documentation cannot drift from the
//! wire. Match ids, seat tokens and wall-clock times are the only parts replaced (by
//! placeholders such as `<match-id>`); every frame was also checked against the served schemas
//! as it passed (`common/api.rs`).

use crate::common;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use common::{Client, Db, Server};
use serde_json::{Value, json};

/// How a game's example match is made: the creation body (its first seat named, its second
/// left open for a join when there is one) and what the prose says about it.
struct Example {
    game: &'static str,
    title: &'static str,
    create: Value,
}

fn examples() -> Vec<Example> {
    vec![
        Example {
            game: "artemia",
            title: "Artemia: the Creature against one Hunted",
            create: json!({"game": "artemia", "seed": 19, "seats": [
                {"seat": "creature", "name": "Ann"}, {"seat": "hunted-1"}]}),
        },
        Example {
            game: "derelict",
            title: "Derelict: Corridor Run, marines against aliens",
            create: json!({"game": "derelict", "scenario": "corridor-run", "seed": 19, "seats": [
                {"seat": "marines", "name": "Ann"}, {"seat": "aliens"}]}),
        },
        Example {
            game: "away-team",
            title: "Away Team: Last Stand, the away team against the Aliens",
            create: json!({"game": "away-team", "scenario": "last-stand", "seed": 19, "seats": [
                {"seat": "away-team", "name": "Ann"}, {"seat": "aliens"}]}),
        },
        Example {
            game: "intruder",
            title: "Intruder: solitaire, the crew against the automatic Intruder",
            create: json!({"game": "intruder", "scenario": "solitaire", "seed": 19, "seats": [
                {"seat": "crew", "name": "Ann"}]}),
        },
    ]
}

/// A game's exchange as Markdown, with the ids, tokens and clocks of this run replaced.
struct Transcript {
    text: String,
    /// Strings of this run only (the match id, the tokens) and their placeholders.
    replace: Vec<(String, String)>,
}

impl Transcript {
    fn heading(&mut self, text: &str) {
        let _ = write!(self.text, "\n## {text}\n\n");
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.text, "{text}\n");
    }

    /// A JSON value, pretty, with its clock times replaced.
    fn json(&mut self, label: &str, value: &Value) {
        let text = serde_json::to_string_pretty(&steady(value.clone())).expect("JSON");
        let _ = write!(self.text, "{label}\n\n```json\n{text}\n```\n\n");
    }

    /// The whole text, with this run's ids and tokens replaced.
    fn finish(self) -> String {
        let mut text = self.text;
        for (real, placeholder) in &self.replace {
            text = text.replace(real, placeholder);
        }
        text
    }
}

/// The value with its wall-clock parts (a clock's deadline and time left, a creation time)
/// replaced by placeholders: they differ from run to run.
fn steady(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(key, value)| {
                    let value = match key.as_str() {
                        "deadline_ms" => json!("<unix-ms>"),
                        "remaining_ms" => json!("<ms>"),
                        "created_at" => json!("<rfc3339>"),
                        _ => steady(value),
                    };
                    (key, value)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(steady).collect()),
        other => other,
    }
}

/// A seat's connection in the example, with the last seq and view it was told.
struct Seat {
    name: &'static str,
    seat: String,
    client: Client,
    seq: u64,
    view: Value,
}

impl Seat {
    fn label(&self) -> String {
        format!("{} ({})", self.name, self.seat)
    }

    /// Reads the frame that is sure to come and writes it down.
    async fn told(&mut self, t: &mut Transcript, what: &str) -> Value {
        let frame = self.client.recv().await;
        self.note(&frame);
        t.json(&format!("{what} — to {}:", self.label()), &frame);
        frame
    }

    /// Reads what may come within a moment (an update a viewer may not be told at all).
    async fn maybe_told(&mut self, t: &mut Transcript, what: &str) -> Option<Value> {
        let frame = self.client.try_recv(Duration::from_millis(400)).await?;
        self.note(&frame);
        t.json(&format!("{what} — to {}:", self.label()), &frame);
        Some(frame)
    }

    fn note(&mut self, frame: &Value) {
        if let Some(seq) = frame["seq"].as_u64() {
            self.seq = seq;
        }
        if frame["view"].is_object() {
            self.view = frame["view"].clone();
        }
    }

    async fn send(&mut self, t: &mut Transcript, frame: Value) {
        t.json(&format!("{} sends:", self.label()), &frame);
        self.client.send(frame).await;
    }
}

/// Plays and writes down one game's example.
async fn transcript(server: &Server, example: &Example) -> String {
    let mut t = Transcript {
        text: format!(
            "# {}\n\nCaptured by `tests/tests/api_examples.rs` from a real server (seed 19); \
             regenerate with `XENOTABLE_WRITE_EXAMPLES=1 cargo test -p xenotable-tests --test e2e \
             api_examples`. Ids, tokens and clock times are replaced by placeholders. The \
             walkthrough is in [../api.md](../api.md).\n",
            example.title
        ),
        replace: Vec::new(),
    };
    t.heading("1. Create the match");
    t.json("`POST /api/matches`:", &example.create);
    let (status, created) = server.post("/api/matches", example.create.clone()).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    t.replace.push((id.clone(), "<match-id>".to_owned()));
    let mut tokens = Vec::new();
    for seat in created["seats"].as_array().expect("seats") {
        let (seat, token) = (
            seat["seat"].as_str().expect("seat"),
            seat["token"].as_str().expect("token"),
        );
        t.replace
            .push((token.to_owned(), format!("<token of {seat}>")));
        tokens.push((seat.to_owned(), token.to_owned()));
    }
    t.json("`201 Created`:", &created);
    let open: Vec<String> = example.create["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter(|s| s["name"].is_null() && s["bot"].is_null())
        .map(|s| s["seat"].as_str().expect("seat").to_owned())
        .collect();
    for seat in &open {
        t.heading(&format!("2. Another player takes {seat}"));
        let body = json!({"seat": seat, "name": "Bo"});
        t.json(&format!("`POST /api/matches/{id}/join`:"), &body);
        let (status, joined) = server.post(&format!("/api/matches/{id}/join"), body).await;
        assert_eq!(status, 200, "{joined}");
        let token = joined["token"].as_str().expect("a token").to_owned();
        t.replace
            .push((token.clone(), format!("<token of {seat}>")));
        t.json("`200 OK`:", &joined);
        tokens.push((seat.clone(), token));
    }

    t.heading("3. Connect: each seat is welcomed");
    t.say(&format!(
        "`GET /ws/matches/{id}?token=<token>` upgraded to a WebSocket; the first frame is \
         `welcome`: who you are, the seq, your view (with `legal`, what you may send now), the \
         chat and your history."
    ));
    let mut seats = Vec::new();
    for (k, (seat, token)) in tokens.iter().enumerate() {
        let client = server.connect(&id, Some(token)).await;
        let mut s = Seat {
            name: if k == 0 { "Ann" } else { "Bo" },
            seat: seat.clone(),
            client,
            seq: 0,
            view: Value::Null,
        };
        s.told(&mut t, "`welcome`").await;
        seats.push(s);
    }

    t.heading("4. Act, and every connection is updated");
    t.say(
        "An `act` carries the last seq its sender saw and a `ref` of the client's choosing; \
         the answer to the sender is an `update` with that `ref`; everyone else gets the same \
         update (their own view, the events redacted for them) without it, or nothing when \
         they may not even learn that something happened.",
    );
    for n in 1..=3 {
        let Some(k) = seats
            .iter()
            .position(|s| s.view["legal"].as_array().is_some_and(|l| !l.is_empty()))
        else {
            break;
        };
        let action = seats[k].view["legal"][0].clone();
        let act =
            json!({"t": "act", "seq": seats[k].seq, "ref": format!("c{n}"), "action": action});
        seats[k].send(&mut t, act).await;
        seats[k].told(&mut t, "`update`").await;
        for (j, other) in seats.iter_mut().enumerate() {
            if j != k {
                other.maybe_told(&mut t, "`update`").await;
            }
        }
    }

    t.heading("5. A refused act");
    t.say(
        "A frame the server cannot take is answered `error` to its sender only, with a stable \
         code and the act's `ref`; nothing changes. Here an action no game has:",
    );
    let bad = json!({"t": "act", "seq": seats[0].seq, "ref": "oops", "action": {"type": "dance"}});
    t.json(&format!("{} sends:", seats[0].label()), &bad);
    seats[0].client.send_text(bad.to_string()).await;
    seats[0].told(&mut t, "`error`").await;

    t.heading("6. A spectator");
    t.say(&format!(
        "`GET /ws/matches/{id}` without a token watches: its view holds only what is public, \
         and its `legal` is empty."
    ));
    let mut spectator = Seat {
        name: "a spectator",
        seat: "spectator".to_owned(),
        client: server.connect(&id, None).await,
        seq: 0,
        view: Value::Null,
    };
    spectator.told(&mut t, "`welcome`").await;
    spectator.client.close().await;

    t.heading("7. Reconnect");
    t.say(
        "A seat that comes back (a reload, a lost network) connects again with its token; its \
         `welcome` holds the view now and, in `log`, every update it was told so far.",
    );
    let first = seats.remove(0);
    let (name, seat) = (first.name, first.seat.clone());
    first.client.close().await;
    let token = &tokens.iter().find(|(s, _)| *s == seat).expect("a token").1;
    let mut again = Seat {
        name,
        seat,
        client: server.connect(&id, Some(token)).await,
        seq: 0,
        view: Value::Null,
    };
    again.told(&mut t, "`welcome` again").await;
    again.client.close().await;
    for s in seats {
        s.client.close().await;
    }
    t.finish()
}

#[tokio::test]
async fn the_documented_examples_are_what_the_server_says() {
    let write = std::env::var_os("XENOTABLE_WRITE_EXAMPLES").is_some();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/api-examples");
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut stale = Vec::new();
    for example in examples() {
        let text = transcript(&server, &example).await;
        let path = dir.join(format!("{}.md", example.game));
        if write {
            std::fs::create_dir_all(&dir).expect("docs/api-examples");
            std::fs::write(&path, &text).expect("the example is written");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    db.drop_db().await;
    assert!(
        stale.is_empty(),
        "the server no longer says what these examples show: {stale:?}; regenerate them with \
         XENOTABLE_WRITE_EXAMPLES=1 cargo test -p xenotable-tests --test e2e api_examples, and \
         check the differences"
    );
}
