//! The web surface: every answer tells the browser what it may load and run, only the web
//! client is served, WebSockets open only from this site's pages (or allowed ones), and display
//! names hold no invisible format characters.

use crate::common;

use common::{Db, Server};
use serde_json::json;

/// Loads `path` and returns its answer.
async fn fetch(server: &Server, path: &str) -> common::Answer {
    server
        .try_answer(None, "GET", path, &[], b"")
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn pages_carry_a_strict_content_security_policy_and_safe_headers() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    for path in ["/", "/js/app.js", "/css/base.css", "/api/games", "/nowhere"] {
        let answer = fetch(&server, path).await;
        let policy = answer
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("{path}: no CSP in {}", answer.head));
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        let sockets = format!(
            "connect-src 'self' ws://127.0.0.1:{0} wss://127.0.0.1:{0};",
            server.port
        );
        assert!(policy.contains(&sockets), "{path}: {policy}");
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert_eq!(
            answer.header("x-content-type-options").as_deref(),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            answer.header("referrer-policy").as_deref(),
            Some("no-referrer"),
            "{path}"
        );
        assert_eq!(answer.header("x-frame-options").as_deref(), Some("DENY"));
    }
    db.drop_db().await;
}

#[tokio::test]
async fn only_the_web_client_is_served() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    for path in [
        "/",
        "/index.html",
        "/css/base.css",
        "/js/app.js",
        "/js/socket.js",
    ] {
        let answer = fetch(&server, path).await;
        assert_eq!(answer.status, 200, "{path}");
        assert!(!answer.body.is_empty(), "{path}");
    }
    assert!(fetch(&server, "/").await.body.contains("js/app.js"));
    for path in [
        "/tests/harness.js",
        "/tests/package.json",
        "/README.md",
        "/css/../tests/harness.js",
        "/js/%2e%2e/README.md",
        "/js/",
        "/nowhere",
    ] {
        let answer = fetch(&server, path).await;
        assert_eq!(answer.status, 404, "{path}: {}", answer.body);
        assert!(!answer.body.contains("import"), "{path}: {}", answer.body);
    }
    assert_eq!(fetch(&server, "/nowhere").await.json()["code"], "not_found");
    db.drop_db().await;
}

/// The web client as shipped holds nothing the policy forbids: no inline script or style, no
/// inline event handler, no HTML or style built from strings, no code built from strings.
#[test]
fn the_web_client_has_no_inline_script_or_style() {
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web");
    let page = std::fs::read_to_string(web.join("index.html")).expect("index.html");
    for script in page.split("<script").skip(1) {
        let tag = &script[..script.find('>').expect("a tag")];
        assert!(tag.contains("src="), "an inline script: <script{tag}>");
    }
    for forbidden in ["<style", " style=", " onclick=", " onload=", "javascript:"] {
        assert!(!page.contains(forbidden), "index.html has {forbidden}");
    }
    let mut scripts = Vec::new();
    let mut dirs = vec![web.join("js")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).expect("web/js").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "js") {
                scripts.push(path);
            }
        }
    }
    assert!(scripts.len() > 5, "{scripts:?}");
    for path in scripts {
        let code = std::fs::read_to_string(&path).expect("a script");
        for forbidden in [
            ".innerHTML",
            ".outerHTML",
            "insertAdjacentHTML",
            "setAttribute('style'",
            "setAttribute(\"style\"",
            ".cssText",
            "eval(",
            "new Function(",
            "document.write",
        ] {
            assert!(
                !code.contains(forbidden),
                "{} has {forbidden}",
                path.display()
            );
        }
    }
}

/// The status and body with which a WebSocket upgrade from a page of `origin` is refused.
async fn refusal(server: &Server, path: &str, origin: &str) -> (u16, serde_json::Value) {
    match server
        .try_socket(path, None, &[("Origin", origin)], None)
        .await
    {
        Ok(_) => panic!("a socket from {origin}"),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response.body().clone().unwrap_or_default();
            (
                response.status().as_u16(),
                serde_json::from_slice(&body).unwrap_or_default(),
            )
        }
        Err(e) => panic!("{origin}: {e}"),
    }
}

#[tokio::test]
async fn websockets_open_from_this_site_or_allowed_origins_only() {
    let db = Db::sqlite();
    let mut args = common::UNLIMITED.to_vec();
    args.extend([
        "--allowed-origins",
        "https://friend.example,http://other.example:8000",
    ]);
    let server = Server::start_with(&db, &args).await;
    let (id, tokens) = server.create(common::artemia_with_humans(1, 3)).await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    ann.recv_type("welcome").await;
    let path = format!("/ws/matches/{id}");
    let here = format!("http://127.0.0.1:{}", server.port);
    for origin in [
        "https://evil.example",
        "null",
        "http://127.0.0.1:1",
        "https://friend.example.evil",
    ] {
        let (status, body) = refusal(&server, &path, origin).await;
        assert_eq!(status, 403, "{origin}: {body}");
        assert_eq!(body["code"], "bad_origin", "{origin}");
    }
    for origin in [
        Some(here.as_str()),
        Some("https://friend.example"),
        Some("http://other.example:8000"),
        None,
    ] {
        let headers: Vec<(&str, &str)> = origin.map(|o| ("Origin", o)).into_iter().collect();
        let mut client = server
            .try_socket(&path, None, &headers, None)
            .await
            .unwrap_or_else(|e| panic!("{origin:?}: {e}"));
        client.recv_type("welcome").await;
        client.assert_alive().await;
    }
    ann.assert_alive().await;
    drop(server);

    // Without --allowed-origins, only this site.
    let server = Server::start(&db).await;
    let (status, body) = refusal(&server, &path, "https://friend.example").await;
    assert_eq!(status, 403, "{body}");
    db.drop_db().await;
}

#[tokio::test]
async fn display_names_refuse_invisible_format_characters() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    for name in [
        "Ann\u{202e}",
        "\u{200b}Ann",
        "A\u{2066}nn",
        "Ann\u{feff}",
        "An\u{2028}n",
    ] {
        let body = json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": name}]});
        let (status, answer) = server.post("/api/matches", body).await;
        assert_eq!(status, 400, "{name:?}: {answer}");
        assert_eq!(answer["code"], "bad_name", "{name:?}");
    }
    let (_, listed) = server.get("/api/matches").await;
    assert_eq!(listed, json!([]), "nothing was created");
    let (id, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1"}]}))
        .await;
    let join = format!("/api/matches/{id}/join");
    let (status, answer) = server
        .post(&join, json!({"seat": "hunted-1", "name": "Bo\u{202e}b"}))
        .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["code"], "bad_name");
    let (status, answer) = server
        .post(&join, json!({"seat": "hunted-1", "name": "Zoë"}))
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["seats"][1]["name"], "Zoë");
    db.drop_db().await;
}
