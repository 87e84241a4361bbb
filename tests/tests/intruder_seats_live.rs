//! Intruder's multi-seat scenarios over the network (rules 17.1, 17.3, 18): an `intelligent`
//! match between two human clients, where the Intruder seat sees identities the crew never
//! receives and its phase-1 plan reaches the crew only as moves already made; a
//! `science-officer` match whose two crew seats' orders stay hidden from each other until both
//! are ready; and bots playing every seat of every listed scenario to the end.

use crate::common;

use common::intruder::{assert_no_face_down_identity, events_of, next_view};
use common::{Client, Db, Server};
use serde_json::{Value, json};

fn legal(view: &Value) -> Vec<Value> {
    view["legal"].as_array().cloned().unwrap_or_default()
}

fn to_act(view: &Value, seat: &str) -> bool {
    view["to_act"]
        .as_array()
        .is_some_and(|s| s.iter().any(|x| x == seat))
}

/// The rooms with a living crewman.
fn crewed(view: &Value) -> Vec<Value> {
    view["crew"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["alive"] == true)
        .map(|c| c["room"].clone())
        .collect()
}

/// The Intruder seat's plan: for each counter, a listed move into a crewed compartment if one
/// is listed (one move per counter, rules 17.1).
fn plan_towards_the_crew(view: &Value) -> Vec<Value> {
    let crewed = crewed(view);
    let mut plan: Vec<Value> = Vec::new();
    for a in legal(view) {
        let Some(m) = a["moves"].get(0) else { continue };
        let into_crew = m["path"]
            .as_array()
            .and_then(|p| p.last())
            .is_some_and(|r| crewed.contains(r));
        if into_crew && !plan.iter().any(|p| p["id"] == m["id"]) {
            plan.push(m.clone());
        }
    }
    plan
}

/// The crew's choice: a move into a compartment with a counter, else whatever closes the
/// current step.
fn crew_step(view: &Value) -> Value {
    let legal = legal(view);
    let counters: Vec<&Value> = view["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| &c["room"])
        .filter(|r| !r.is_null())
        .collect();
    legal
        .iter()
        .find(|a| a["type"] == "move" && counters.contains(&&a["to"]))
        .cloned()
        .or_else(|| {
            ["end-movement", "no-defence", "end-actions"]
                .iter()
                .find_map(|t| legal.iter().find(|a| a["type"] == *t).cloned())
        })
        .unwrap_or_else(|| legal[0].clone())
}

/// A match created from `body` with two named seats, each connected as its player, with its
/// first view, in the order of `body`'s seats.
async fn seated(server: &Server, body: Value) -> [(Client, Value); 2] {
    let (id, tokens) = server.create(body.clone()).await;
    let mut seated = Vec::new();
    for seat in body["seats"].as_array().into_iter().flatten() {
        let token = tokens
            .iter()
            .find(|(s, _)| *s == seat["seat"])
            .map(|(_, t)| t.clone())
            .expect("a token per named seat");
        let mut client = server.connect(&id, Some(&token)).await;
        let frame = next_view(&mut client).await;
        seated.push((client, frame));
    }
    seated.try_into().ok().expect("two seats")
}

/// Sends `action` from `from` on `frame`, then reads the next view of both clients (every
/// applied intent reaches every connection); both at the same sequence number.
async fn play(
    from: &mut Client,
    other: &mut Client,
    frame: &Value,
    action: Value,
) -> (Value, Value) {
    from.send(json!({"t": "act", "seq": frame["seq"], "action": action}))
        .await;
    let mine = next_view(from).await;
    assert!(mine["t"] == "update", "refused: {mine}");
    let theirs = next_view(other).await;
    assert_eq!(mine["seq"], theirs["seq"]);
    (mine, theirs)
}

/// The counters a viewer is shown with an identity, by id.
fn identities(view: &Value) -> Vec<(u64, Value)> {
    view["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| !c["identity"].is_null())
        .filter_map(|c| Some((c["id"].as_u64()?, c["identity"].clone())))
        .collect()
}

async fn an_intelligent_intruder_plans_and_attacks_against_a_human_crew(db: Db) {
    let server = Server::start(&db).await;
    let [
        (mut crew, mut crew_frame),
        (mut intruder, mut intruder_frame),
    ] = seated(
        &server,
        json!({
            "game": "intruder",
            "scenario": "intelligent",
            "seed": 3,
            "options": {"turn-limit": 8},
            "seats": [{"seat": "crew", "name": "Ripley"}, {"seat": "intruder", "name": "Kane"}],
        }),
    )
    .await;
    assert_eq!(crew_frame["seq"], intruder_frame["seq"]);

    let (mut plans, mut attacks, mut secrets) = (0, 0, 0);
    while crew_frame["view"]["outcome"].is_null() && attacks == 0 {
        let (crew_view, intruder_view) = (&crew_frame["view"], &intruder_frame["view"]);
        // Rules 18: the Intruder seat sees identities the crew is not shown.
        let crew_knows = identities(crew_view);
        secrets += identities(intruder_view)
            .iter()
            .filter(|seen| !crew_knows.contains(seen))
            .count();
        if to_act(intruder_view, "intruder") {
            assert_eq!(legal(crew_view), Vec::<Value>::new(), "the crew waits");
            let prompt = &intruder_view["prompt"];
            assert_eq!(
                crew_view["prompt"], *prompt,
                "the crew is told what is decided"
            );
            let action = match prompt["type"].as_str() {
                Some("intruder-movement") => {
                    plans += 1;
                    json!({"type": "plan-movement", "moves": plan_towards_the_crew(intruder_view)})
                }
                Some("intruder-attack") => {
                    attacks += 1;
                    legal(intruder_view)
                        .into_iter()
                        .find(|a| !a["target"].is_null())
                        .expect("a target is listed")
                }
                _ => json!({"type": "end-destruction"}),
            };
            let planned = action["moves"].as_array().cloned().unwrap_or_default();
            (intruder_frame, crew_frame) =
                play(&mut intruder, &mut crew, &intruder_frame, action).await;
            // The plan reaches the crew only as moves already made, without a die.
            for m in &planned {
                let to = m["path"].as_array().and_then(|p| p.last()).cloned();
                assert!(
                    events_of(&crew_frame)
                        .iter()
                        .any(|e| e["type"] == "counter-moved"
                            && e["id"] == m["id"]
                            && e["roll"] == 0
                            && e["to"] == to.clone().unwrap_or(Value::Null)),
                    "{m} told: {crew_frame}"
                );
            }
        } else {
            assert!(to_act(crew_view, "crew"), "{crew_view}");
            assert_eq!(legal(intruder_view), Vec::<Value>::new());
            let action = crew_step(crew_view);
            (crew_frame, intruder_frame) =
                play(&mut crew, &mut intruder, &crew_frame, action).await;
        }
    }
    assert!(plans > 0, "the Intruder seat planned its movement");
    assert_eq!(attacks, 1, "an Intruder attack was decided: {crew_frame}");
    assert!(
        secrets > 0,
        "the Intruder seat saw identities the crew did not"
    );
    assert!(
        events_of(&crew_frame)
            .iter()
            .any(|e| e["type"] == "target-chosen" && e["roll"].is_null()),
        "the chosen target, without a die: {crew_frame}"
    );
    // The crew never received a face-down identity, nor a plan before it took effect.
    assert_no_face_down_identity(&crew.frames, None);
    assert!(crew.frames.iter().all(|f| !f.contains("plan-movement")));
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_an_intelligent_intruder_plans_and_attacks_against_a_human_crew() {
    an_intelligent_intruder_plans_and_attacks_against_a_human_crew(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_an_intelligent_intruder_plans_and_attacks_against_a_human_crew() {
    an_intelligent_intruder_plans_and_attacks_against_a_human_crew(Db::postgres().await).await;
}

/// The first listed order (a one-order list) of `view`.
fn first_order(view: &Value) -> Value {
    legal(view)
        .into_iter()
        .find_map(|a| a["orders"].get(0).cloned())
        .expect("an order is listed")
}

async fn science_officer_orders_stay_secret_until_both_seats_are_ready(db: Db) {
    let server = Server::start(&db).await;
    let [(mut science, science_frame), (mut command, command_frame)] = seated(
        &server,
        json!({
            "game": "intruder",
            "scenario": "science-officer",
            "seed": 1_703,
            "seats": [{"seat": "science", "name": "Ash"}, {"seat": "command", "name": "Dallas"}],
        }),
    )
    .await;
    let view = &science_frame["view"];
    assert_eq!(view["prompt"]["type"], "crew-movement", "{view}");
    assert_eq!(view["to_act"], json!(["science", "command"]));

    // Science orders S-crewmen only; sent, its orders are its own to see.
    let science_order = first_order(view);
    assert!(
        science_order["crewman"]
            .as_str()
            .is_some_and(|c| c.starts_with('s'))
    );
    // An order already illegal when given (no Science Officer starts next to DK2) is refused
    // at once, to Science alone, which is not ready.
    let far = json!({"type": "orders", "orders": [
        {"type": "move", "crewman": science_order["crewman"], "to": "dk2"}
    ]});
    science
        .send(json!({"t": "act", "seq": science_frame["seq"], "action": far}))
        .await;
    let refused = science.recv_type("error").await;
    assert_eq!(refused["code"], "not_adjacent", "{refused}");
    let given = json!({"type": "orders", "orders": [science_order]});
    let (science_frame, command_frame2) =
        play(&mut science, &mut command, &science_frame, given).await;
    assert_eq!(science_frame["seq"], 1, "the refusal was no command");
    assert!(
        command.frames.iter().all(|f| !f.contains("not_adjacent")),
        "the Command seat was told nothing of it"
    );
    assert_eq!(science_frame["view"]["orders"], json!([science_order]));
    assert_eq!(science_frame["view"]["ready"], json!(["science"]));
    let seen = &command_frame2["view"];
    assert_eq!(seen["ready"], json!(["science"]));
    assert!(seen["orders"].is_null(), "{seen}");
    assert_eq!(seen["to_act"], json!(["command"]));
    assert_eq!(
        seen["crew"], command_frame["view"]["crew"],
        "nothing done yet"
    );
    let told = events_of(&command_frame2);
    assert!(
        told.iter().any(|e| e["type"] == "orders-given"
            && e["seat"] == "science"
            && e["orders"].is_null()),
        "{command_frame2}"
    );
    assert!(
        command
            .frames
            .iter()
            .all(|f| !f.contains(&science_order.to_string())),
        "the Command seat never received Science's order"
    );

    // Command gives its orders: both blocks are executed, and both seats see it.
    let command_order = first_order(seen);
    assert!(
        command_order["crewman"]
            .as_str()
            .is_some_and(|c| !c.starts_with('s'))
    );
    let (command_frame3, science_frame3) = play(
        &mut command,
        &mut science,
        &command_frame2,
        json!({"type": "orders", "orders": [command_order]}),
    )
    .await;
    for frame in [&command_frame3, &science_frame3] {
        for order in [&science_order, &command_order] {
            assert!(
                events_of(frame).iter().any(|e| e["type"] == "crew-moved"
                    && e["crewman"] == order["crewman"]
                    && e["to"] == order["to"]),
                "{order} executed: {frame}"
            );
        }
        assert!(frame["view"]["orders"].is_null());
        assert!(frame["view"]["ready"].is_null(), "a new decision point");
    }
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_science_officer_orders_stay_secret_until_both_seats_are_ready() {
    science_officer_orders_stay_secret_until_both_seats_are_ready(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_science_officer_orders_stay_secret_until_both_seats_are_ready() {
    science_officer_orders_stay_secret_until_both_seats_are_ready(Db::postgres().await).await;
}

#[tokio::test]
async fn bots_play_every_seat_of_every_listed_scenario_to_the_end() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (_, games) = server.get("/api/games").await;
    let scenarios = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "intruder"))
        .and_then(|g| g["scenarios"].as_array().cloned())
        .expect("Intruder's scenarios");
    let ids: Vec<&str> = scenarios.iter().filter_map(|s| s["id"].as_str()).collect();
    for listed in [
        "solitaire",
        "intelligent",
        "science-officer",
        "science-officer-intelligent",
        "return",
        "return-teams",
        "return-intelligent",
    ] {
        assert!(ids.contains(&listed), "{listed} is listed: {ids:?}");
    }
    for scenario in &scenarios {
        let seats: Vec<Value> = scenario["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|seat| json!({"seat": seat, "bot": true}))
            .collect();
        for seed in [5_u64, 6] {
            let (id, _) = server
                .create(json!({
                    "game": "intruder",
                    "scenario": scenario["id"],
                    "seed": seed,
                    "options": {"turn-limit": 4},
                    "seats": seats,
                }))
                .await;
            let mut spectator = server.connect(&id, None).await;
            let last = loop {
                let frame = next_view(&mut spectator).await;
                if !frame["view"]["outcome"].is_null() {
                    break frame["view"].clone();
                }
            };
            assert!(last["turn"].as_u64() <= Some(4), "{last}");
            let deadline = tokio::time::Instant::now() + common::PATIENCE;
            while server.get(&format!("/api/matches/{id}")).await.1["status"] != "finished" {
                assert!(tokio::time::Instant::now() < deadline, "never finished");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            let (_, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
            assert_no_face_down_identity(&spectator.frames, Some(&replay));
            let steps = replay["steps"].as_array().expect("steps");
            let played: Vec<&Value> = steps.iter().map(|s| &s["seat"]).collect();
            for seat in scenario["seats"].as_array().into_iter().flatten() {
                assert!(
                    played.contains(&seat),
                    "{seat} played in {}",
                    scenario["id"]
                );
            }
        }
    }
    drop(server);
    db.drop_db().await;
}
