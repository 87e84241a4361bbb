//! Rebuilds the server when a file is added to what it embeds (`web/` and `scenarios/`, see
//! `http/client.rs` and `scenarios.rs`): the embedding itself notices changed files only.

fn main() {
    for embedded in [
        "../web/index.html",
        "../web/css",
        "../web/js",
        "../scenarios",
    ] {
        println!("cargo::rerun-if-changed={embedded}");
    }
}
