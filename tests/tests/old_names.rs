//! Matches stored before the wire convention was made one: their command logs hold Artemia's
//! old snake_case names (`play_hunt`, `force_field`, `source_will`). Such a log, written into
//! the store as production databases hold it, rebuilds the very match after a restart, which
//! then plays on; and the replay of a finished one tells its steps in today's names.

use crate::common;

use chrono::Utc;
use common::{Client, Db, Picker, Server};
use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_server::games::{AnyMatch, GameId, MatchSetup, Viewer, new_match};
use xenotable_server::ids::MatchId;
use xenotable_server::store::{Author, CommandRecord, NewMatch, NewSeat, Store};
use xenotable_server::tokens;

const SEED: u64 = 2_718;

const SEATS: [Seat; 4] = [
    Seat::Creature,
    Seat::Hunted(1),
    Seat::Hunted(2),
    Seat::Hunted(3),
];

fn offline() -> Box<dyn AnyMatch> {
    new_match(&MatchSetup {
        game: GameId::Artemia,
        seats: SEATS.to_vec(),
        scenario: None,
        options: Value::Null,
        seed: SEED,
    })
    .expect("a valid match")
}

/// A whole random match, as (seat, action) in today's names.
fn random_log() -> Vec<(Seat, Value)> {
    let mut m = offline();
    let mut pick = Picker(SEED);
    let mut log = Vec::new();
    while m.outcome().is_none() {
        let movers: Vec<Seat> = m
            .to_act()
            .into_iter()
            .filter(|&s| !m.legal(s).is_empty())
            .collect();
        let seat = movers[pick.below(movers.len())];
        let legal = m.legal(seat);
        let action = legal[pick.below(legal.len())].clone();
        m.act(seat, &action).expect("a legal action");
        log.push((seat, action));
    }
    log
}

/// `action` as Artemia wrote it before the rename: every name snake_case, the seats as ever.
fn old_spelling(action: &Value) -> Value {
    match action {
        Value::String(s) if s.parse::<Seat>().is_err() => Value::String(s.replace('-', "_")),
        Value::Array(items) => items.iter().map(old_spelling).collect(),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| (k.clone(), old_spelling(v)))
            .collect(),
        other => other.clone(),
    }
}

fn token(seat: Seat) -> String {
    format!("old-names-token-{seat}")
}

/// Stores an Artemia match of four human seats and `log` as its command log, spelled the old
/// way; returns its id.
async fn store_old_match(store: &dyn Store, log: &[(Seat, Value)]) -> MatchId {
    let id = MatchId::random();
    let seats = SEATS
        .iter()
        .map(|&seat| NewSeat {
            seat,
            name: Some(format!("Player {seat}")),
            bot: None,
            token_hash: Some(tokens::hash(&token(seat))),
        })
        .collect();
    store
        .create_match(NewMatch {
            id,
            game: GameId::Artemia,
            scenario: None,
            scenario_text: None,
            options: Value::Null,
            seed: SEED as i64,
            seeded: true,
            bots_take_over: false,
            seats,
        })
        .await
        .expect("the match is stored");
    let commands: Vec<CommandRecord> = log
        .iter()
        .enumerate()
        .map(|(k, (seat, action))| CommandRecord {
            match_id: id,
            seq: k as i64 + 1,
            author: Author::Seat(*seat),
            action: old_spelling(action),
            at: Utc::now(),
            epoch: None,
        })
        .collect();
    store
        .append_commands(&commands)
        .await
        .expect("the log is stored");
    id
}

/// The next frame that answers this client's own act (`ref` "r").
async fn answer(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if frame["ref"] == "r" {
            return frame;
        }
    }
}

async fn old_logs_rebuild_play_on_and_replay_in_todays_names(db: Db) {
    let log = random_log();
    let renamed = log
        .iter()
        .filter(|(_, action)| old_spelling(action) != *action)
        .count();
    assert!(
        renamed > log.len() / 4,
        "the old log spells {renamed} of {} actions differently",
        log.len()
    );
    let cut = log.len() / 2;
    let store = db.store().await;
    let live = store_old_match(store.as_ref(), &log[..cut]).await;
    let finished = store_old_match(store.as_ref(), &log).await;
    store.close().await;

    let server = Server::start(&db).await;

    // The unfinished match is rebuilt as it stood: every seat is welcomed with the view the
    // match had after the same log in today's names.
    let mut expected = offline();
    for (seat, action) in &log[..cut] {
        expected.act(*seat, action).expect("the log replays");
    }
    for seat in SEATS {
        let mut client = server.connect(&live.to_string(), Some(&token(seat))).await;
        let welcome = client.recv_type("welcome").await;
        assert_eq!(welcome["seq"], cut as u64, "{seat}");
        assert_eq!(welcome["view"], expected.view(Viewer::Seat(seat)), "{seat}");
        client.close().await;
    }

    // And it plays on.
    let (seat, action) = &log[cut];
    let mut client = server.connect(&live.to_string(), Some(&token(*seat))).await;
    let welcome = client.recv_type("welcome").await;
    client
        .send(json!({"t": "act", "seq": welcome["seq"], "ref": "r", "action": action}))
        .await;
    let update = answer(&mut client).await;
    assert_eq!(update["t"], "update", "{update}");
    expected.act(*seat, action).expect("the next move");
    assert_eq!(update["view"], expected.view(Viewer::Seat(*seat)));
    client.close().await;

    // The finished match is finished, with the outcome of the log, and its replay tells every
    // step in today's names.
    let mut whole = offline();
    for (seat, action) in &log {
        whole.act(*seat, action).expect("the log replays");
    }
    let (status, summary) = server.get(&format!("/api/matches/{finished}")).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["status"], "finished");
    assert_eq!(
        summary["outcome"],
        serde_json::to_value(whole.outcome()).unwrap()
    );
    let (status, replay) = server.get(&format!("/api/matches/{finished}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), log.len());
    for (step, (seat, action)) in steps.iter().zip(&log) {
        assert_eq!(step["seat"], seat.to_string());
        assert_eq!(&step["action"], action, "step {}", step["seq"]);
    }
    assert_eq!(
        steps.last().map(|s| &s["view"]),
        Some(&whole.view(Viewer::Omniscient))
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_old_logs_rebuild_play_on_and_replay_in_todays_names() {
    old_logs_rebuild_play_on_and_replay_in_todays_names(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_old_logs_rebuild_play_on_and_replay_in_todays_names() {
    old_logs_rebuild_play_on_and_replay_in_todays_names(Db::postgres().await).await;
}
