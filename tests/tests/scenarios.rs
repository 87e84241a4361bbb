//! Scenario files over HTTP: listing, checking, and the admin's uploads and deletions.

mod common;

use common::{ADMIN_TOKEN, Db, Server};

const BEARER: &str = "Bearer test-admin-token";

#[tokio::test]
async fn the_admin_api_needs_the_admin_token() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    assert_eq!(format!("Bearer {ADMIN_TOKEN}"), BEARER);
    let file = b"DERELICT 1\n";
    for headers in [
        vec![],
        vec![("Authorization", "Bearer wrong")],
        vec![("Authorization", ADMIN_TOKEN)],
    ] {
        let (status, body) = server
            .raw("POST", "/api/admin/scenarios", &headers, file)
            .await;
        assert_eq!(status, 401, "{headers:?}: {body}");
        assert_eq!(body["code"], "unauthorized");
        let (status, body) = server
            .raw(
                "DELETE",
                "/api/admin/scenarios/chapel-crossing",
                &headers,
                b"",
            )
            .await;
        assert_eq!(status, 401, "{body}");
    }
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn a_file_of_no_game_is_refused_with_its_position() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    for path in ["/api/scenarios/check", "/api/admin/scenarios"] {
        let (status, body) = server
            .raw("POST", path, &[("Authorization", BEARER)], b"hello\n")
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "scenario_invalid");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.starts_with("line 1, column 1: "), "{message}");
    }
    let (status, body) = server
        .raw("POST", "/api/scenarios/check?game=chess", &[], b"hello\n")
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "unknown_game");
    let (status, body) = server.get("/api/scenarios/no-such-scenario").await;
    assert_eq!(status, 404, "{body}");
    server.kill();
    db.drop_db().await;
}
