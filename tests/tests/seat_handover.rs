//! A person's seat played by a bot for a while: its player hands it over on their socket and
//! takes it back with the same token (after a restart too), every viewer is told, bad requests
//! are refused with their codes; and in a match made with `bots_take_over`, bots take over the
//! seats of players who left for good instead of the match being abandoned.
//!
//! Intruder's solitaire is the table: its one seat, the crew, is the only one that acts, so
//! while nobody plays it nothing moves, and any move made while its player sends nothing is
//! the bot's.

use crate::common;

use std::time::Duration;

use common::{Client, Db, PATIENCE, Server, UNLIMITED};
use serde_json::{Value, json};

/// The server of these tests: bots wait a while before each move, so a test can take a seat
/// back between two of them; and search bots think briefly.
async fn server(db: &Db, extra: &[&str]) -> Server {
    let args = [
        UNLIMITED,
        &["--bot-delay-ms", "300", "--bot-think-ms", "20"],
        extra,
    ]
    .concat();
    Server::start_with(db, &args).await
}

/// A solitaire match of Ripley's, with the options in `extra` (`bots_take_over`); its id and
/// Ripley's token.
async fn solitaire(server: &Server, extra: Value) -> (String, String) {
    let mut body = json!({
        "game": "intruder",
        "scenario": "solitaire",
        "seed": 4_004,
        "seats": [{"seat": "crew", "name": "Ripley"}],
    });
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let (id, tokens) = server.create(body).await;
    (id, tokens[0].1.clone())
}

/// The next frame that carries a view: `welcome`, `update` or `stand_in`.
async fn next_view(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if matches!(frame["t"].as_str(), Some("welcome" | "update" | "stand_in")) {
            return frame;
        }
    }
}

fn legal(frame: &Value) -> Vec<Value> {
    frame["view"]["legal"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Reads frames until one of type `t`, asserting no `update` comes before it.
async fn before_any_update(client: &mut Client, t: &str) -> Value {
    loop {
        let frame = client.recv().await;
        if frame["t"] == t {
            return frame;
        }
        assert_ne!(
            frame["t"], "update",
            "nothing is played before {t}: {frame}"
        );
    }
}

/// Asserts that nothing is played for `quiet`: no `update` reaches `client`.
async fn assert_nothing_played(client: &mut Client, quiet: Duration) {
    let until = tokio::time::Instant::now() + quiet;
    while let Some(left) = until.checked_duration_since(tokio::time::Instant::now()) {
        match client.try_recv(left).await {
            Some(frame) => assert_ne!(frame["t"], "update", "{frame}"),
            None => return,
        }
    }
}

/// Waits until `n` updates have reached `client` (the crew's bot played that many times).
async fn updates(client: &mut Client, n: usize) -> Value {
    let mut last = Value::Null;
    for _ in 0..n {
        last = client.recv_type("update").await;
    }
    last
}

/// The seat summary of `seat` in the match's public summary.
async fn seat_summary(server: &Server, id: &str, seat: &str) -> Value {
    let (status, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(status, 200, "{summary}");
    summary["seats"]
        .as_array()
        .and_then(|seats| seats.iter().find(|s| s["seat"] == seat))
        .cloned()
        .unwrap_or_else(|| panic!("{seat} in {summary}"))
}

/// The player plays one legal move of the view `frame` carries (of a newer view, if another
/// seat's move made that one stale) and sees it answered.
async fn play_one(client: &mut Client, frame: &Value) -> Value {
    let mut latest = frame.clone();
    loop {
        let action = legal(&latest).first().cloned().expect("a legal move");
        client
            .send(json!({"t": "act", "seq": latest["seq"], "ref": "mine", "action": action}))
            .await;
        loop {
            let answer = client.recv().await;
            if answer["t"] == "error" {
                assert_eq!(answer["code"], "stale_seq", "the player's move: {answer}");
                break;
            }
            if answer["t"] == "update" && answer["ref"] == "mine" {
                return answer;
            }
            if !legal(&answer).is_empty() {
                latest = answer;
            }
        }
    }
}

/// The player takes their seat back, waits until their view offers moves again (a bot's last
/// move may still be on its way) and plays one; returns the update that answered it.
async fn take_back_and_play(client: &mut Client) -> Value {
    client.send(json!({"t": "take_back"})).await;
    let back = client.recv_type("stand_in").await;
    assert_eq!(
        (&back["seat"], &back["level"]),
        (&json!("crew"), &Value::Null)
    );
    let mut mine = back.clone();
    while legal(&mine).is_empty() {
        mine = next_view(client).await;
    }
    play_one(client, &mine).await
}

#[tokio::test]
async fn a_seat_handed_to_a_bot_is_played_by_it_and_taken_back_with_the_same_token() {
    let db = Db::sqlite();
    let server = server(&db, &[]).await;
    let (id, token) = solitaire(&server, json!({})).await;
    let mut ripley = server.connect(&id, Some(&token)).await;
    let mut spectator = server.connect(&id, None).await;
    let welcome = ripley.recv_type("welcome").await;
    assert_eq!(welcome["stand_ins"], json!([]), "{welcome}");
    let offered = legal(&welcome);
    assert!(!offered.is_empty(), "the crew is to move: {welcome}");
    spectator.recv_type("welcome").await;
    assert_nothing_played(&mut ripley, Duration::from_secs(1)).await;

    ripley
        .send(json!({"t": "hand_over", "level": "random"}))
        .await;
    let handed = before_any_update(&mut ripley, "stand_in").await;
    assert_eq!(handed["seat"], "crew", "{handed}");
    assert_eq!(handed["level"], "random", "{handed}");
    assert_eq!(
        handed["seq"], welcome["seq"],
        "nothing was played: {handed}"
    );
    assert_eq!(
        handed["view"]["legal"],
        json!([]),
        "its player may send nothing while the bot plays"
    );
    assert_eq!(
        handed["view"]["crew"], welcome["view"]["crew"],
        "the player keeps the seat's own view"
    );
    let told = before_any_update(&mut spectator, "stand_in").await;
    assert_eq!(
        (&told["seat"], &told["level"]),
        (&json!("crew"), &json!("random"))
    );
    let seat = seat_summary(&server, &id, "crew").await;
    assert_eq!(seat["stand_in"], "random", "{seat}");
    assert_eq!(seat["name"], "Ripley", "the person's name stays: {seat}");
    assert_eq!(seat["bot"], false, "{seat}");

    // The bot plays the seat's moves; its player sends nothing.
    let played = updates(&mut ripley, 2).await;
    assert_eq!(played["view"]["legal"], json!([]), "{played}");
    ripley
        .send(json!({"t": "act", "seq": played["seq"], "ref": "r1", "action": offered[0]}))
        .await;
    let refused = ripley.recv_type("error").await;
    assert_eq!(refused["code"], "seat_played_by_bot", "{refused}");
    assert_eq!(refused["ref"], "r1", "{refused}");

    // The same token plays again, and the bot no longer does.
    let answered = take_back_and_play(&mut ripley).await;
    let told = spectator.recv_type("stand_in").await;
    assert_eq!(
        (&told["seat"], &told["level"]),
        (&json!("crew"), &Value::Null)
    );
    assert_eq!(
        seat_summary(&server, &id, "crew").await["stand_in"],
        Value::Null
    );
    if !legal(&answered).is_empty() {
        // The crew is to move again: nobody but its player may.
        assert_nothing_played(&mut ripley, Duration::from_secs(1)).await;
    }
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn handing_over_and_taking_back_refuse_bad_requests_with_their_codes() {
    let db = Db::sqlite();
    let server = server(&db, &[]).await;
    // The Science Officer's seat: its bots play at random only, so `strong` is refused.
    let (id, tokens) = server
        .create(json!({
            "game": "intruder",
            "scenario": "science-officer",
            "seed": 4_004,
            "seats": [{"seat": "science", "name": "Ripley"}, {"seat": "command", "name": "Dallas"}],
        }))
        .await;
    let token = tokens[0].1.clone();
    let mut ripley = server.connect(&id, Some(&token)).await;
    let mut spectator = server.connect(&id, None).await;
    ripley.recv_type("welcome").await;
    spectator.recv_type("welcome").await;

    for (frame, code) in [
        (json!({"t": "take_back"}), "not_handed_over"),
        (
            json!({"t": "hand_over", "level": "expert"}),
            "unknown_bot_level",
        ),
        (
            json!({"t": "hand_over", "level": "strong"}),
            "bot_level_unavailable",
        ),
    ] {
        ripley.send(frame.clone()).await;
        let refused = before_any_update(&mut ripley, "error").await;
        assert_eq!(refused["code"], code, "{frame}: {refused}");
    }
    ripley
        .send_text(r#"{"t":"hand_over","level":3}"#.into())
        .await;
    assert_eq!(
        before_any_update(&mut ripley, "error").await["code"],
        "bad_frame"
    );
    for frame in [json!({"t": "hand_over"}), json!({"t": "take_back"})] {
        spectator.send(frame.clone()).await;
        let refused = spectator.recv_type("error").await;
        assert_eq!(
            refused["code"], "spectator_cannot_act",
            "{frame}: {refused}"
        );
    }
    assert_eq!(
        seat_summary(&server, &id, "science").await["stand_in"],
        Value::Null
    );
    assert_nothing_played(&mut ripley, Duration::from_millis(800)).await;

    // Left out, the level is the best the game offers for the seat.
    ripley.send(json!({"t": "hand_over"})).await;
    let handed = before_any_update(&mut ripley, "stand_in").await;
    let (_, games) = server.get("/api/games").await;
    let levels = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "intruder"))
        .map(|g| g["bots"]["science"].clone())
        .expect("the Science Officer's levels");
    assert_eq!(
        Some(&handed["level"]),
        levels.as_array().and_then(|l| l.last()),
        "{handed} of {levels}"
    );
    ripley
        .send(json!({"t": "hand_over", "level": "random"}))
        .await;
    assert_eq!(
        ripley.recv_type("error").await["code"],
        "already_handed_over"
    );

    // A wrong token opens no seat, so it can neither hand one over nor take one back.
    let refused = server
        .refused_upgrade(&format!("/ws/matches/{id}?token=not-a-token"))
        .await;
    assert_eq!(refused, 401);
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn a_match_over_changes_hands_no_more() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({"game": "artemia", "seed": 3, "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    ann.send(json!({"t": "hand_over", "level": "random"})).await;
    ann.recv_type("stand_in").await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let frame = next_view(&mut ann).await;
        if !frame["view"]["outcome"].is_null() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bots finish the match"
        );
    }
    for frame in [json!({"t": "take_back"}), json!({"t": "hand_over"})] {
        ann.send(frame.clone()).await;
        let refused = ann.recv_type("error").await;
        assert_eq!(refused["code"], "game_over", "{frame}: {refused}");
    }
    let seat = seat_summary(&server, &id, "hunted-1").await;
    assert_eq!(seat["stand_in"], "random", "{seat}");
    drop(server);
    db.drop_db().await;
}

async fn a_handed_seat_stays_with_its_bot_after_a_restart_and_is_taken_back(db: Db) {
    let mut server = server(&db, &[]).await;
    let (id, token) = solitaire(&server, json!({})).await;
    let mut ripley = server.connect(&id, Some(&token)).await;
    ripley.recv_type("welcome").await;
    ripley
        .send(json!({"t": "hand_over", "level": "random"}))
        .await;
    ripley.recv_type("stand_in").await;
    ripley.close().await;
    server.kill();

    let server = self::server(&db, &[]).await;
    let mut spectator = server.connect(&id, None).await;
    let watched = spectator.recv_type("welcome").await;
    assert_eq!(
        watched["stand_ins"],
        json!([{"seat": "crew", "level": "random"}]),
        "{watched}"
    );
    // Nobody plays the crew but its bot, which plays on after the restart.
    updates(&mut spectator, 2).await;
    let mut ripley = server.connect(&id, Some(&token)).await;
    let welcome = ripley.recv_type("welcome").await;
    assert_eq!(welcome["you"], "crew", "the token still opens the seat");
    assert_eq!(welcome["view"]["legal"], json!([]), "{welcome}");
    assert_eq!(welcome["stand_ins"], watched["stand_ins"]);

    take_back_and_play(&mut ripley).await;
    assert_eq!(
        seat_summary(&server, &id, "crew").await["stand_in"],
        Value::Null
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_handed_seat_stays_with_its_bot_after_a_restart_and_is_taken_back() {
    a_handed_seat_stays_with_its_bot_after_a_restart_and_is_taken_back(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_handed_seat_stays_with_its_bot_after_a_restart_and_is_taken_back() {
    a_handed_seat_stays_with_its_bot_after_a_restart_and_is_taken_back(Db::postgres().await).await;
}

/// The summary once its status is not `live`, or once `seat` has a stand-in, whichever comes
/// first.
async fn taken_over_or_ended(server: &Server, id: &str, seat: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
        let taken_over = summary["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["seat"] == seat && !s["stand_in"].is_null());
        if summary["status"] != "live" || taken_over {
            return summary;
        }
        assert!(tokio::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn bots_take_over_a_match_whose_player_left_for_good_and_only_when_asked() {
    let db = Db::sqlite();
    let server = server(&db, &["--abandon-idle-after", "2"]).await;
    let (kept, token) = solitaire(&server, json!({"bots_take_over": true})).await;
    let (left, _) = solitaire(&server, json!({})).await;
    let (_, summary) = server.get(&format!("/api/matches/{kept}")).await;
    assert_eq!(summary["bots_take_over"], true, "{summary}");
    let mut ripley = server.connect(&kept, Some(&token)).await;
    ripley.recv_type("welcome").await;
    ripley.close().await;

    let summary = taken_over_or_ended(&server, &kept, "crew").await;
    assert_eq!(summary["status"], "live", "not abandoned: {summary}");
    let crew = &summary["seats"][0];
    assert_eq!(
        crew["stand_in"], "strong",
        "the best bot on offer: {summary}"
    );
    assert_eq!(crew["name"], "Ripley", "{summary}");
    let summary = taken_over_or_ended(&server, &left, "crew").await;
    assert_eq!(summary["status"], "abandoned", "as before: {summary}");
    assert_eq!(summary["bots_take_over"], false, "{summary}");

    // The match plays on with its bot, and its player, back, takes the seat back.
    let mut spectator = server.connect(&kept, None).await;
    spectator.recv_type("welcome").await;
    updates(&mut spectator, 2).await;
    let mut ripley = server.connect(&kept, Some(&token)).await;
    let welcome = ripley.recv_type("welcome").await;
    assert_eq!(
        welcome["stand_ins"],
        json!([{"seat": "crew", "level": "strong"}])
    );
    take_back_and_play(&mut ripley).await;
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn a_bot_takes_over_the_seat_of_a_player_gone_while_another_plays_on() {
    let db = Db::sqlite();
    let server = server(&db, &["--abandon-idle-after", "2"]).await;
    let (id, tokens) = server
        .create(json!({
            "game": "intruder",
            "scenario": "science-officer",
            "seed": 5,
            "bots_take_over": true,
            "seats": [{"seat": "science", "name": "Ash"}, {"seat": "command", "name": "Dallas"}],
        }))
        .await;
    assert_eq!(tokens[0].0, "science", "tokens come in the seats' order");
    let mut ash = server.connect(&id, Some(&tokens[0].1)).await;
    ash.recv_type("welcome").await;
    // Dallas never comes; Ash stays at the table all along.
    let taken = ash.recv_type("stand_in").await;
    assert_eq!(taken["seat"], "command", "{taken}");
    assert_eq!(taken["level"], "random", "{taken}");
    assert_eq!(
        taken["view"]["to_act"],
        json!(["command"]),
        "the match waits for Dallas: {taken}"
    );
    let summary = taken_over_or_ended(&server, &id, "command").await;
    assert_eq!(summary["status"], "live", "{summary}");
    let science = seat_summary(&server, &id, "science").await;
    assert_eq!(
        science["stand_in"],
        Value::Null,
        "Ash is at the table: {science}"
    );
    // The bot plays Dallas's move, and the match goes on.
    let played = ash.recv_type("update").await;
    assert_ne!(played["view"]["to_act"], json!(["command"]), "{played}");
    drop(server);
    db.drop_db().await;
}

/// At start, before any room is rebuilt, the server abandons the live matches left alone too
/// long: one whose bots take over is rebuilt with its bots in its players' seats instead, and
/// is live as soon as the server answers; one without is abandoned as before.
#[tokio::test]
async fn after_a_restart_bots_take_over_at_once_a_match_left_alone_too_long() {
    let db = Db::sqlite();
    let mut server = server(&db, &["--abandon-idle-after", "2"]).await;
    let (kept, _) = solitaire(&server, json!({"bots_take_over": true})).await;
    let (left, _) = solitaire(&server, json!({})).await;
    server.kill();
    tokio::time::sleep(Duration::from_millis(2_500)).await;

    let server = self::server(&db, &["--abandon-idle-after", "2"]).await;
    let (_, summary) = server.get(&format!("/api/matches/{kept}")).await;
    assert_eq!(summary["status"], "live", "{summary}");
    assert_eq!(summary["seats"][0]["stand_in"], "strong", "{summary}");
    let (_, summary) = server.get(&format!("/api/matches/{left}")).await;
    assert_eq!(summary["status"], "abandoned", "{summary}");
    assert_eq!(summary["seats"][0]["stand_in"], Value::Null, "{summary}");
    drop(server);
    db.drop_db().await;
}
