//! The table chat is stored: whoever connects later, after a drop or a restart, reads it in
//! `welcome`.

use crate::common;

use common::{Db, Server, artemia_with_humans};
use serde_json::json;

async fn the_chat_survives_reconnects_and_restarts(db: Db) {
    let mut server = Server::start(&db).await;
    let (id, tokens) = server.create(artemia_with_humans(2, 3)).await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    let welcome = ann.recv_type("welcome").await;
    assert_eq!(welcome["chat"], json!([]), "no chat yet");
    for text in ["hello", "<img src=x onerror=alert(1)>"] {
        ann.send(json!({"t": "chat", "text": text})).await;
        let line = ann.recv_type("chat").await;
        assert_eq!(line["text"], text);
    }
    let said = json!([
        {"from": "hunted-1", "text": "hello"},
        {"from": "hunted-1", "text": "<img src=x onerror=alert(1)>"},
    ]);

    let mut spectator = server.connect(&id, None).await;
    let welcome = spectator.recv_type("welcome").await;
    assert_eq!(
        welcome["chat"], said,
        "a late spectator reads what was said"
    );

    server.kill();
    let mut server = Server::start(&db).await;
    let mut bo = server.connect(&id, Some(&tokens[1].1)).await;
    let welcome = bo.recv_type("welcome").await;
    assert_eq!(welcome["chat"], said, "the chat survives a restart");
    bo.send(json!({"t": "chat", "text": "after"})).await;
    assert_eq!(bo.recv_type("chat").await["text"], "after");
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_the_chat_survives_reconnects_and_restarts() {
    the_chat_survives_reconnects_and_restarts(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_the_chat_survives_reconnects_and_restarts() {
    the_chat_survives_reconnects_and_restarts(Db::postgres().await).await;
}
