//! A game plugs in through its folder and one line of the game table: Mined Noughts, the
//! test-only fifth game (`server/src/games/noughts/`, feature `test-game`), is listed by the
//! lobby, played over the WebSocket by both sides with a spectator watching, stored, rebuilt
//! after a SIGKILL and replayed, by the same server code as the four real games.

mod common;

use common::{Client, Db, Server};
use serde_json::{Value, json};

/// The sides, as the match is created.
const SIDES: [&str; 2] = ["marines", "aliens"];

/// Waits for the next update (skipping chat and presence frames).
async fn next_update(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if frame["t"] == "update" {
            return frame;
        }
    }
}

/// Plays one move for the side to move: its first legal square. Returns the update each of
/// the three connections (marines, aliens, spectator) receives for it.
async fn play_one(clients: &mut [Client; 3], views: &[Value; 3], seqs: &[u64; 3]) -> [Value; 3] {
    let mover = (0..2)
        .find(|&k| !views[k]["legal"].as_array().is_none_or(Vec::is_empty))
        .expect("a side to move");
    let action = views[mover]["legal"][0].clone();
    clients[mover]
        .send(json!({"t": "act", "seq": seqs[mover], "ref": "r", "action": action}))
        .await;
    let mut updates = Vec::new();
    for client in clients.iter_mut() {
        updates.push(next_update(client).await);
    }
    assert_eq!(
        updates[mover]["ref"], "r",
        "the mover's own update echoes its ref"
    );
    updates.try_into().expect("three updates")
}

async fn connect_all(server: &Server, id: &str, tokens: &[(String, String)]) -> [Client; 3] {
    let token = |seat: &str| {
        tokens
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, t)| t.clone())
            .expect("a token per side")
    };
    [
        server.connect(id, Some(&token(SIDES[0]))).await,
        server.connect(id, Some(&token(SIDES[1]))).await,
        server.connect(id, None).await,
    ]
}

async fn welcomes(clients: &mut [Client; 3]) -> ([Value; 3], [u64; 3]) {
    let mut views = Vec::new();
    let mut seqs = Vec::new();
    for client in clients.iter_mut() {
        let welcome = client.recv_type("welcome").await;
        seqs.push(welcome["seq"].as_u64().expect("a seq"));
        views.push(welcome["view"].clone());
    }
    (
        views.try_into().expect("three"),
        seqs.try_into().expect("three"),
    )
}

#[tokio::test]
async fn a_fifth_game_registered_by_one_line_is_listed_played_stored_rebuilt_and_replayed() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, 200);
    let listed = games
        .as_array()
        .expect("a list")
        .iter()
        .find(|g| g["id"] == "mined-noughts")
        .unwrap_or_else(|| panic!("the fifth game is listed: {games}"));
    assert_eq!(listed["name"], "Mined Noughts");
    assert_eq!(listed["seats"], json!(SIDES));

    let (id, tokens) = server
        .create(json!({"game": "mined-noughts", "seed": 11, "seats": [
            {"seat": "marines", "name": "Ann"}, {"seat": "aliens", "name": "Bo"}]}))
        .await;
    let mut clients = connect_all(&server, &id, &tokens).await;
    let (mut views, mut seqs) = welcomes(&mut clients).await;
    let first = views.clone();
    let mut moves = 0;
    for _ in 0..3 {
        let updates = play_one(&mut clients, &views, &seqs).await;
        moves += 1;
        for k in 0..3 {
            seqs[k] = updates[k]["seq"].as_u64().expect("a seq");
            views[k] = updates[k]["view"].clone();
            let kinds: Vec<&Value> = updates[k]["events"]
                .as_array()
                .expect("events")
                .iter()
                .map(|e| &e["type"])
                .collect();
            if k == 2 {
                assert!(!kinds.contains(&&json!("disarmed")), "{kinds:?}");
            }
        }
    }

    // SIGKILL, then the same tokens find the match where it stood.
    server.kill();
    let server = Server::start(&db).await;
    let mut clients = connect_all(&server, &id, &tokens).await;
    let (rebuilt, mut seqs) = welcomes(&mut clients).await;
    assert_eq!(rebuilt, views, "each viewer's view survives the restart");
    views = rebuilt;
    while views[2]["outcome"].is_null() {
        let updates = play_one(&mut clients, &views, &seqs).await;
        moves += 1;
        for k in 0..3 {
            seqs[k] = updates[k]["seq"].as_u64().expect("a seq");
            views[k] = updates[k]["view"].clone();
        }
        assert!(moves <= 9, "nine squares at most");
    }
    assert_eq!(views[0]["outcome"], views[2]["outcome"]);

    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), moves, "every move stored once");
    let last = steps.last().expect("a last step");
    assert_eq!(last["view"]["outcome"], views[2]["outcome"]);
    assert_eq!(
        replay["seed"], 11,
        "the seed is told once the match is over"
    );
    // The secret: each side was shown its own mine, the spectator none.
    let mines = &replay["initial"]["mines"];
    assert_eq!(mines.as_array().map(Vec::len), Some(2), "{replay}");
    assert_eq!(first[0]["mines"], json!([mines[0]]));
    assert_eq!(first[1]["mines"], json!([mines[1]]));
    assert_eq!(first[2]["mines"], json!([]));
    db.drop_db().await;
}
