//! A self-contained binary: started from any directory, the server serves the web client and
//! the shipped scenarios built into it; a folder of its own (`web/`, `scenarios/`) changes
//! nothing, and only `--web-dir` and `--scenarios-dir` replace them.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{Answer, Db, Server, UNLIMITED};
use serde_json::{Value, json};

const CHAPEL_CROSSING: &str = include_str!("../../scenarios/derelict/chapel-crossing.txt");

/// The shipped scenarios of each game played on files, as `scenarios/` holds them.
const SHIPPED: [(&str, &[&str]); 2] = [
    (
        "derelict",
        &[
            "chapel-crossing",
            "corridor-run",
            "hive-junction",
            "sealed-wards",
        ],
    ),
    (
        "away-team",
        &["crystal-spires", "last-stand", "sleeping-colony"],
    ),
];

/// A new empty directory; removed by [`Folder::remove`].
struct Folder(PathBuf);

impl Folder {
    fn new() -> Folder {
        let dir = std::env::temp_dir().join(format!("xenotable-cwd-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Folder(dir)
    }

    /// Writes `text` to `path` under the folder, making its directories.
    fn write(&self, path: &str, text: &str) {
        let path = self.0.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("a directory");
        }
        std::fs::write(path, text).expect("a file");
    }

    fn path(&self, path: &str) -> String {
        self.0.join(path).display().to_string()
    }

    fn remove(self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn fetch(server: &Server, path: &str) -> Answer {
    fetch_with(server, path, &[]).await
}

async fn fetch_with(server: &Server, path: &str, headers: &[(&str, &str)]) -> Answer {
    server
        .try_answer(None, "GET", path, headers, b"")
        .await
        .expect("the server answers")
}

/// The ids of the scenarios `/api/games` lists for `game` (its stored files: shipped or
/// uploaded).
async fn listed(server: &Server, game: &str) -> Vec<String> {
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, 200, "{games}");
    let game = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == game))
        .unwrap_or_else(|| panic!("{game} is not listed: {games}"));
    game["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter_map(|s| s["id"].as_str().map(str::to_owned))
        .collect()
}

/// Creates an all-bot Derelict match on `scenario`; returns the title of its first view.
async fn derelict_title(server: &Server, scenario: &str) -> Value {
    let (id, _) = server
        .create(json!({
            "game": "derelict",
            "scenario": scenario,
            "seats": [{"seat": "marines", "bot": true}, {"seat": "aliens", "bot": true}],
        }))
        .await;
    let mut spectator = server.connect(&id, None).await;
    let welcome = spectator.recv_type("welcome").await;
    welcome["view"]["title"].clone()
}

/// The page, a module and a style of the client built in, with their content types and
/// `Last-Modified`, and nothing of `web/` beyond them.
async fn assert_built_in_client(server: &Server) {
    let page = fetch(server, "/").await;
    assert_eq!(page.status, 200, "{}", page.head);
    assert_eq!(page.header("content-type").as_deref(), Some("text/html"));
    assert!(page.body.contains("js/app.js"), "{}", page.body);
    assert!(page.header("content-security-policy").is_some());
    for (path, kind) in [
        ("/index.html", "text/html"),
        ("/js/app.js", "text/javascript"),
        ("/js/tables/index.js", "text/javascript"),
        ("/css/base.css", "text/css"),
    ] {
        let answer = fetch(server, path).await;
        assert_eq!(answer.status, 200, "{path}: {}", answer.head);
        assert_eq!(
            answer.header("content-type").as_deref(),
            Some(kind),
            "{path}"
        );
        assert!(!answer.body.is_empty(), "{path}");
    }
    let module = fetch(server, "/js/app.js").await;
    assert!(module.body.contains("import"), "{}", module.body);
    let modified = module.header("last-modified").expect("Last-Modified");
    let again = fetch_with(server, "/js/app.js", &[("If-Modified-Since", &modified)]).await;
    assert_eq!(again.status, 304, "{}", again.head);
    assert!(again.body.is_empty());
    for path in ["/tests/harness.js", "/README.md", "/js/../tests/harness.js"] {
        assert_eq!(fetch(server, path).await.status, 404, "{path}");
    }
}

#[tokio::test]
async fn started_from_an_empty_directory_it_serves_the_client_and_the_shipped_scenarios() {
    let db = Db::sqlite();
    let empty = Folder::new();
    let server = Server::start_in(&db, Some(&empty.0), UNLIMITED).await;
    assert_built_in_client(&server).await;
    for (game, ids) in SHIPPED {
        let listed = listed(&server, game).await;
        for id in ids {
            assert!(listed.contains(&id.to_string()), "{game} {id}: {listed:?}");
        }
    }
    assert_eq!(
        derelict_title(&server, "sealed-wards").await,
        "Sealed Wards"
    );
    drop(server);
    let left: Vec<_> = std::fs::read_dir(&empty.0).expect("the folder").collect();
    assert!(
        left.is_empty(),
        "the server wrote {left:?} in its working directory"
    );
    empty.remove();
    db.drop_db().await;
}

/// A server started from a folder that has a `web/` and a `scenarios/` of its own still serves
/// what is built in: a folder of that name no longer hides the shipped maps.
#[tokio::test]
async fn a_web_and_scenarios_folder_where_it_starts_hide_nothing() {
    let db = Db::sqlite();
    let here = Folder::new();
    here.write("web/index.html", "<!doctype html><title>not ours</title>");
    here.write("web/js/app.js", "// not ours");
    let decoy = CHAPEL_CROSSING.replace("Chapel Crossing", "Not Ours");
    here.write("scenarios/derelict/not-ours.txt", &decoy);
    let server = Server::start_in(&db, Some(&here.0), UNLIMITED).await;
    assert_built_in_client(&server).await;
    let derelict = listed(&server, "derelict").await;
    assert!(
        derelict.contains(&"chapel-crossing".to_owned()),
        "{derelict:?}"
    );
    assert!(!derelict.contains(&"not-ours".to_owned()), "{derelict:?}");
    drop(server);
    here.remove();
    db.drop_db().await;
}

#[tokio::test]
async fn the_override_flags_replace_the_built_in_client_and_scenarios() {
    let db = Db::sqlite();
    let dev = Folder::new();
    dev.write(
        "web/index.html",
        "<!doctype html><title>in development</title>",
    );
    dev.write("web/js/dev.js", "export const dev = true;");
    dev.write("web/css/dev.css", "body { color: red; }");
    dev.write("web/tests/secret.js", "// a test");
    let mine = CHAPEL_CROSSING.replace("Chapel Crossing", "My Map");
    dev.write("scenarios/derelict/my-map.txt", &mine);
    let (web, scenarios) = (dev.path("web"), dev.path("scenarios"));
    let mut args = UNLIMITED.to_vec();
    args.extend(["--web-dir", &web, "--scenarios-dir", &scenarios]);
    let server = Server::start_in(&db, Some(&dev.0), &args).await;

    let page = fetch(&server, "/").await;
    assert_eq!(page.status, 200, "{}", page.head);
    assert!(page.body.contains("in development"), "{}", page.body);
    assert!(page.header("content-security-policy").is_some());
    let module = fetch(&server, "/js/dev.js").await;
    assert_eq!(module.status, 200, "{}", module.head);
    assert_eq!(
        module.header("content-type").as_deref(),
        Some("text/javascript")
    );
    assert!(module.header("last-modified").is_some(), "{}", module.head);
    assert_eq!(fetch(&server, "/css/dev.css").await.status, 200);
    for path in ["/js/app.js", "/tests/secret.js", "/js/../tests/secret.js"] {
        assert_eq!(fetch(&server, path).await.status, 404, "{path}");
    }

    assert_eq!(listed(&server, "derelict").await, ["my-map"]);
    assert_eq!(listed(&server, "away-team").await, Vec::<String>::new());
    assert_eq!(derelict_title(&server, "my-map").await, "My Map");
    drop(server);
    dev.remove();
    db.drop_db().await;
}

/// An override that names no client or no scenarios is a mistake: the server says so and stops
/// instead of serving nothing.
#[tokio::test]
async fn an_override_flag_naming_nothing_stops_the_server() {
    let db = Db::sqlite();
    let empty = Folder::new();
    let nowhere = empty.path("nowhere");
    for (flag, said) in [
        ("--web-dir", "no index.html there"),
        ("--scenarios-dir", "cannot read"),
    ] {
        let mut cmd = Server::command(&db, common::free_port());
        let out = cmd
            .args([flag, nowhere.as_str()])
            .stderr(Stdio::piped())
            .output()
            .expect("the server runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{flag}: {stderr}");
        assert!(stderr.contains(said), "{flag}: {stderr}");
    }
    empty.remove();
    db.drop_db().await;
}

#[test]
fn help_lists_the_override_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_xenotable-under-test"))
        .arg("--help")
        .output()
        .expect("--help runs");
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--web-dir",
        "XENOTABLE_WEB_DIR",
        "--scenarios-dir",
        "XENOTABLE_SCENARIOS_DIR",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
}
