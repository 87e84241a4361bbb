//! A room driven in process, through its handle, on tokio's paused clock over SQLite in
//! memory: the staleness rule, the clock's expiry, a commit that fails, a bot that tries
//! again, and a room whose match another node of a cluster took over.

use std::collections::HashSet;
use std::time::Duration;

use chrono::Utc;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use xenotable_protocol::Seat;

use super::{HangUp, Outbox, load};
use crate::cluster::Cluster;
use crate::games::{Dice, GameId, Roll, Viewer};
use crate::room::Command;
use crate::store::{Author, CommandRecord, MatchRecord, Store};
use crate::testing::{
    BOT_DELAY, TestConn, TestStore, away_team_against_the_automatic_aliens, open_room,
    room_context, stored_match,
};

const NOUGHTS: [Seat; 2] = [Seat::Marines, Seat::Aliens];

fn act(seq: &Value, reference: &str, action: &Value) -> Value {
    json!({"t": "act", "seq": seq, "ref": reference, "action": action})
}

/// The first action of `frame`'s legal list of the given type.
fn legal(frame: &Value, kind: &str) -> Value {
    frame["view"]["legal"]
        .as_array()
        .and_then(|legal| legal.iter().find(|a| a["type"] == kind))
        .cloned()
        .unwrap_or_else(|| panic!("no {kind} in {frame}"))
}

#[tokio::test(start_paused = true)]
async fn an_act_sent_before_an_update_that_changed_its_seats_choices_is_stale() {
    let store = TestStore::new().await;
    let record = stored_match(store.as_ref(), GameId::Noughts, &NOUGHTS, &[], None).await;
    let room = open_room(&room_context(store.clone()), &record).await;
    let (mut marines, first) = TestConn::open(&room, Viewer::Seat(Seat::Marines), 16).await;
    let (mut aliens, waiting) = TestConn::open(&room, Viewer::Seat(Seat::Aliens), 16).await;
    assert_eq!(waiting["view"]["legal"], json!([]), "{waiting}");

    marines
        .send(act(&first["seq"], "m1", &legal(&first, "mark")))
        .await;
    marines.next().await;
    let offered = aliens.next().await;
    assert_eq!(offered["seq"], 1, "{offered}");
    let mark = legal(&offered, "mark");

    // Sent on seq 0, before the update that gave the Aliens their choices.
    aliens.send(act(&waiting["seq"], "late", &mark)).await;
    let refused = aliens.next().await;
    assert_eq!(
        (&refused["t"], &refused["code"], &refused["ref"]),
        (&json!("error"), &json!("stale_seq"), &json!("late")),
        "{refused}"
    );
    assert_eq!(
        marines.pending(),
        None,
        "a refusal goes to its sender alone"
    );

    aliens.send(act(&offered["seq"], "a1", &mark)).await;
    let accepted = aliens.next().await;
    assert_eq!(
        (&accepted["t"], &accepted["seq"], &accepted["ref"]),
        (&json!("update"), &json!(2), &json!("a1")),
        "{accepted}"
    );
    assert_eq!(store.commands(record.id).await.unwrap().len(), 2);
}

/// Artemia's Hunted choose at once: one Hunted's choice leaves another's choices as they were,
/// so the other's act, sent before it saw that update, is not stale.
#[tokio::test(start_paused = true)]
async fn simultaneous_choices_of_the_hunted_never_make_each_other_stale() {
    let store = TestStore::new().await;
    let seats = [Seat::Creature, Seat::Hunted(1), Seat::Hunted(2)];
    let record = stored_match(store.as_ref(), GameId::Artemia, &seats, &[], None).await;
    let room = open_room(&room_context(store.clone()), &record).await;
    let mut conns = Vec::new();
    let mut frames = Vec::new();
    for seat in seats {
        let (conn, welcome) = TestConn::open(&room, Viewer::Seat(seat), 16).await;
        conns.push(conn);
        frames.push(welcome);
    }
    conns[0]
        .send(act(&frames[0]["seq"], "c", &legal(&frames[0], "pass")))
        .await;
    let offered = updates(&mut conns, 1).await;
    let hunted_2_choices = &offered[2]["view"]["legal"];
    conns[1]
        .send(act(&json!(1), "h1", &legal(&offered[1], "commit")))
        .await;
    let after = updates(&mut conns, 2).await;
    assert_eq!(
        &after[2]["view"]["legal"], hunted_2_choices,
        "hunted-1's choice left hunted-2's choices as they were"
    );

    // hunted-2 acts on seq 1: it has not read update 2, which changed nothing of its own.
    conns[2]
        .send(act(&json!(1), "h2", &legal(&offered[2], "commit")))
        .await;
    let accepted = conns[2].next().await;
    assert_eq!(
        (&accepted["t"], &accepted["seq"], &accepted["ref"]),
        (&json!("update"), &json!(3), &json!("h2")),
        "{accepted}"
    );
}

/// The update numbered `seq` that each connection reads next.
async fn updates(conns: &mut [TestConn], seq: u64) -> Vec<Value> {
    let mut read = Vec::new();
    for conn in conns {
        let update = conn.next().await;
        assert_eq!(
            (&update["t"], &update["seq"]),
            (&json!("update"), &json!(seq))
        );
        read.push(update);
    }
    read
}

#[tokio::test(start_paused = true)]
async fn a_command_that_cannot_be_stored_is_told_to_nobody_and_the_room_rebuilds_from_the_log() {
    let store = TestStore::new().await;
    let record = stored_match(store.as_ref(), GameId::Noughts, &NOUGHTS, &[], None).await;
    let room = open_room(&room_context(store.clone()), &record).await;
    let (mut marines, first) = TestConn::open(&room, Viewer::Seat(Seat::Marines), 16).await;
    let (mut aliens, _) = TestConn::open(&room, Viewer::Seat(Seat::Aliens), 16).await;
    let (mut watcher, before) = TestConn::open(&room, Viewer::Spectator, 16).await;
    let mark = legal(&first, "mark");

    store.refuse_commits(1);
    marines.send(act(&first["seq"], "m1", &mark)).await;
    let refused = marines.next().await;
    assert_eq!(
        (&refused["code"], &refused["ref"]),
        (&json!("storage_failed"), &json!("m1")),
        "{refused}"
    );
    assert_eq!(store.refused(), 1);
    assert_eq!(
        aliens.pending(),
        None,
        "nobody is told of a command not stored"
    );
    assert_eq!(
        watcher.pending(),
        None,
        "nobody is told of a command not stored"
    );
    assert_eq!(store.commands(record.id).await.unwrap(), []);

    // The room is what the log says: a newcomer sees the match as before the failed move.
    let (_, now) = TestConn::open(&room, Viewer::Spectator, 16).await;
    assert_eq!(
        (&now["seq"], &now["view"]),
        (&before["seq"], &before["view"])
    );

    // And the move, sent again on the same seq, is played and stored.
    marines.send(act(&first["seq"], "m2", &mark)).await;
    let played = marines.next().await;
    assert_eq!(
        (&played["t"], &played["seq"], &played["ref"]),
        (&json!("update"), &json!(1), &json!("m2")),
        "{played}"
    );
    assert_eq!(watcher.next().await["seq"], 1);
    let log = store.commands(record.id).await.unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(
        (log[0].author, &log[0].action),
        (Author::Seat(Seat::Marines), &mark)
    );
}

#[tokio::test(start_paused = true)]
async fn a_bot_whose_move_was_refused_tries_again_a_second_later() {
    let store = TestStore::new().await;
    let record = stored_match(
        store.as_ref(),
        GameId::Noughts,
        &NOUGHTS,
        &[Seat::Marines],
        None,
    )
    .await;
    store.refuse_commits(1);
    let start = Instant::now();
    let room = open_room(&room_context(store.clone()), &record).await;
    let (mut aliens, _) = TestConn::open(&room, Viewer::Seat(Seat::Aliens), 16).await;

    let update = aliens.next().await;
    let waited = start.elapsed();
    assert_eq!(store.refused(), 1, "the bot's first move was refused");
    assert_eq!(
        (&update["t"], &update["seq"]),
        (&json!("update"), &json!(1))
    );
    assert_eq!(update["view"]["to_act"], json!(["aliens"]), "{update}");
    let retry = BOT_DELAY + Duration::from_secs(1);
    assert!(
        waited >= retry && waited < retry + Duration::from_millis(100),
        "the bot moved after its delay, then a second: {waited:?}"
    );
    let log = store.commands(record.id).await.unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0].author, Author::Seat(Seat::Marines));
}

/// Two marines (a sergeant) against reinforcements; the marine turn lasts five seconds.
const TIMED: &str = "DERELICT 1\ntitle: Timed\nsquad: 1 sergeant, 1 soldier\n\
    reinforcements: 1\nalien-pool: 3\ntimer: 5+0\nmap:\n#########\n#MM....X#\n#.......#\n\
    #......E#\n#########\n";

/// Derelict's deployment played from the legal lists (each model on its first square, then
/// confirm) until the marine turn's clock runs: the commands, as the log stores them.
fn deployment(record: &MatchRecord) -> Vec<CommandRecord> {
    let mut game = load::setup(record).expect("the match sets up");
    let mut placed = HashSet::new();
    let mut log = Vec::new();
    while game.clock().is_none() {
        assert!(log.len() < 50, "deployment ends");
        let seat = game.to_act()[0];
        let legal = game.legal(seat);
        let action = legal
            .iter()
            .find(|a| a["type"] == "confirm")
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| a["type"] == "deploy" && !placed.contains(&a["model"]))
            })
            .cloned()
            .unwrap_or_else(|| panic!("{seat} can deploy or confirm: {legal:?}"));
        placed.insert(action["model"].clone());
        game.act(seat, &action).expect("a legal action");
        let seq = log.len() as i64 + 1;
        log.push(Command::Act { seat, action }.record(record.id, seq, Utc::now(), None));
    }
    log
}

#[tokio::test(start_paused = true)]
async fn when_the_marine_clock_runs_out_the_room_logs_time_up_and_tells_everyone() {
    let store = TestStore::new().await;
    let seats = [Seat::Marines, Seat::Aliens];
    let record = stored_match(store.as_ref(), GameId::Derelict, &seats, &[], Some(TIMED)).await;
    let deployed = deployment(&record);
    store.append_commands(&deployed).await.unwrap();
    let start = Instant::now();
    let room = open_room(&room_context(store.clone()), &record).await;
    let (mut marines, welcome) = TestConn::open(&room, Viewer::Seat(Seat::Marines), 64).await;
    let (mut watcher, _) = TestConn::open(&room, Viewer::Spectator, 64).await;
    let clock = &welcome["view"]["clock"];
    assert_eq!(
        (&clock["seat"], &clock["seconds"], &clock["remaining_ms"]),
        (&json!("marines"), &json!(5), &json!(5_000)),
        "{welcome}"
    );

    for update in [watcher.next().await, marines.next().await] {
        assert_eq!(update["t"], "update", "{update}");
        assert!(
            update["events"]
                .as_array()
                .is_some_and(|e| e.iter().any(|e| e["type"] == "time-up")),
            "{update}"
        );
        assert_eq!(update["view"]["to_act"], json!(["aliens"]), "{update}");
    }
    assert_eq!(start.elapsed(), Duration::from_secs(5), "on the second");
    let log = store.commands(record.id).await.unwrap();
    assert_eq!(log.len(), deployed.len() + 1);
    let last = &log[deployed.len()];
    assert_eq!(
        (last.author, &last.action),
        (Author::Clock, &json!("TimeUp"))
    );

    // A marine move sent before the marines saw their time run out.
    let late = &welcome["view"]["legal"][0];
    marines.send(act(&welcome["seq"], "slow", late)).await;
    let refused = marines.next().await;
    assert_eq!(
        (&refused["code"], &refused["ref"]),
        (&json!("time_up"), &json!("slow")),
        "{refused}"
    );
}

/// A seat handed to a bot and taken back before the bot's delay is up is left to its player:
/// the bot's move, due later, is never played. Handed over again, the bot plays it.
#[tokio::test(start_paused = true)]
async fn a_seat_taken_back_before_its_bot_moves_is_left_to_its_player() {
    let store = TestStore::new().await;
    let record = stored_match(store.as_ref(), GameId::Noughts, &NOUGHTS, &[], None).await;
    let room = open_room(&room_context(store.clone()), &record).await;
    let (mut marines, _) = TestConn::open(&room, Viewer::Seat(Seat::Marines), 16).await;
    let (mut aliens, _) = TestConn::open(&room, Viewer::Seat(Seat::Aliens), 16).await;

    marines
        .send(json!({"t": "hand_over", "level": "random"}))
        .await;
    let handed = marines.next().await;
    assert_eq!(
        (&handed["t"], &handed["seat"], &handed["level"]),
        (&json!("stand_in"), &json!("marines"), &json!("random")),
        "{handed}"
    );
    assert_eq!(handed["view"]["legal"], json!([]), "{handed}");
    assert_eq!(aliens.next().await["t"], "stand_in");
    marines.send(json!({"t": "take_back"})).await;
    let back = marines.next().await;
    assert_eq!(
        (&back["t"], &back["level"]),
        (&json!("stand_in"), &Value::Null)
    );
    aliens.next().await;

    tokio::time::sleep(BOT_DELAY * 4).await;
    assert_eq!(marines.pending(), None, "the bot never moved");
    assert!(store.commands(record.id).await.unwrap().is_empty());
    marines
        .send(act(&back["seq"], "m1", &legal(&back, "mark")))
        .await;
    assert_eq!(marines.next().await["ref"], "m1");

    let offered = aliens.next().await;
    aliens.send(json!({"t": "hand_over"})).await;
    assert_eq!(aliens.next().await["t"], "stand_in");
    aliens
        .send(act(&offered["seq"], "a1", &legal(&offered, "mark")))
        .await;
    let refused = aliens.next().await;
    assert_eq!(refused["code"], "seat_played_by_bot", "{refused}");
    let played = aliens.next().await;
    assert_eq!(played["t"], "update", "the bot plays the seat: {played}");
    let log = store.commands(record.id).await.unwrap();
    assert_eq!(
        log.last().map(|c| c.author),
        Some(Author::Seat(Seat::Aliens))
    );
}

/// A bot still thinking when its player takes the seat back: its decision is dropped, never
/// played for the player. Real time on two threads, so the search (a second of a core) runs on
/// the blocking pool while the room serves the take-back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_still_thought_over_when_the_seat_is_taken_back_is_dropped() {
    let store = TestStore::new().await;
    let seats = [Seat::Marines, Seat::Aliens];
    let untimed = TIMED.replace("timer: 5+0", "timer: 600+0");
    let record = stored_match(
        store.as_ref(),
        GameId::Derelict,
        &seats,
        &[],
        Some(&untimed),
    )
    .await;
    let room = open_room(&room_context(store.clone()), &record).await;
    let (_, spectator) = TestConn::open(&room, Viewer::Spectator, 64).await;
    let seat: Seat = spectator["view"]["to_act"][0]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a seat to act");
    let (mut player, _) = TestConn::open(&room, Viewer::Seat(seat), 64).await;

    player
        .send(json!({"t": "hand_over", "level": "strong"}))
        .await;
    assert_eq!(player.next().await["level"], "strong");
    // Past the bot's delay, into its second of thought.
    tokio::time::sleep(BOT_DELAY + Duration::from_millis(200)).await;
    player.send(json!({"t": "take_back"})).await;
    let back = player.next().await;
    assert_eq!(
        (&back["t"], &back["level"]),
        (&json!("stand_in"), &Value::Null)
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(player.pending(), None, "nothing was played");
    assert!(store.commands(record.id).await.unwrap().is_empty());
    player
        .send(act(&back["seq"], "mine", &back["view"]["legal"][0]))
        .await;
    assert_eq!(player.next().await["ref"], "mine", "the player plays on");
}

/// A person who answers every update at once, against bots that move without delay: bots
/// decide while commands keep coming in, and a decision overtaken by one must never leave the
/// room waiting for a bot that does not look again. Real time on two threads, so the person
/// and the room race as they do over sockets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_against_bots_that_never_wait_always_end() {
    for round in 0..200 {
        let store = TestStore::new().await;
        let record = away_team_against_the_automatic_aliens(store.as_ref()).await;
        let mut ctx = room_context(store.clone());
        ctx.bot_delay = Duration::ZERO;
        let room = open_room(&ctx, &record).await;
        let (mut person, welcome) = TestConn::open(&room, Viewer::Seat(Seat::AwayTeam), 256).await;
        let mut dice = Dice::from_seed(round);
        let play = async {
            let mut frame = welcome;
            loop {
                let view = &frame["view"];
                if !view["outcome"].is_null() {
                    return;
                }
                let legal = view["legal"].as_array().filter(|l| !l.is_empty());
                if let (Some("welcome" | "update"), Some(legal)) = (frame["t"].as_str(), legal) {
                    let action = &legal[dice.index(legal.len())];
                    person.send(act(&frame["seq"], "mine", action)).await;
                }
                frame = person.next().await;
                if frame["t"] == "error" {
                    assert_eq!(frame["code"], "stale_seq", "{frame}");
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(20), play)
            .await
            .unwrap_or_else(|_| panic!("match {round} stalled"));
    }
}

#[tokio::test(start_paused = true)]
async fn a_room_whose_match_another_node_took_over_stores_nothing_and_hangs_up_moved() {
    let store = TestStore::new().await;
    let record = stored_match(store.as_ref(), GameId::Noughts, &NOUGHTS, &[], None).await;
    let mut ctx = room_context(store.clone());
    // A lease that runs out at once, so that another node may take the match over.
    let lease = Duration::from_millis(1);
    ctx.cluster = Some(Cluster::new(store.clone(), "here".into(), lease, None));
    let room = open_room(&ctx, &record).await;
    let (frames, mut queued) = mpsc::channel(16);
    let (hang_up, hung_up) = oneshot::channel();
    let marines = room
        .connect(Viewer::Seat(Seat::Marines), Outbox { frames, hang_up })
        .await
        .expect("the room is open");
    let welcome = queued.recv().await.expect("a welcome");
    let welcome: Value = serde_json::from_str(welcome.as_str()).expect("JSON");
    // SQLite judges leases by the wall clock, which tokio's paused clock does not hold.
    std::thread::sleep(Duration::from_millis(5));
    let taken = store
        .take_lease(record.id, "there", Duration::from_secs(60))
        .await
        .expect("the store answers")
        .expect("the lease has run out");
    assert_eq!(taken.epoch, 2);

    let mark = act(&welcome["seq"], "m1", &legal(&welcome, "mark"));
    room.frame(marines, mark.to_string().into())
        .await
        .expect("the room reads it");
    assert_eq!(hung_up.await, Ok(HangUp::Moved));
    assert_eq!(queued.recv().await, None, "the move is told to nobody");
    assert_eq!(store.commands(record.id).await.unwrap(), []);
    assert!(room.status().await.is_err(), "the room has stopped");
}
