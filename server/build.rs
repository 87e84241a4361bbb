//! Two build-time decisions.
//!
//! The PostgreSQL tests (`build = "../server/build.rs"` in `tests/` too) need a server named by
//! `TEST_DATABASE_URL`. Without it they are marked ignored (the `no_postgres` cfg), so a local
//! run lists them as skipped instead of passing them unseen. In CI they must never be skipped:
//! with `XENOTABLE_REQUIRE_POSTGRES=1` (`.ci/run`) or `CI` set (as hosted CI services do), they
//! are always built to run, and fail if the variable is missing.
//!
//! The server embeds `web/` and `scenarios/` (see `http/client.rs` and `scenarios.rs`); the
//! embedding notices changed files only, so adding a file must rebuild it too.

use std::env;

fn main() {
    for var in ["TEST_DATABASE_URL", "XENOTABLE_REQUIRE_POSTGRES", "CI"] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    println!("cargo::rustc-check-cfg=cfg(no_postgres)");
    let set = |var: &str| env::var(var).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if !set("TEST_DATABASE_URL") && !set("XENOTABLE_REQUIRE_POSTGRES") && !set("CI") {
        println!("cargo::rustc-cfg=no_postgres");
    }
    for embedded in [
        "../web/index.html",
        "../web/css",
        "../web/js",
        "../scenarios",
    ] {
        println!("cargo::rerun-if-changed={embedded}");
    }
}
