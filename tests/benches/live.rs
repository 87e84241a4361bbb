//! Load generator: 100 concurrent all-bot Artemia matches against the real server, once on
//! SQLite and once on PostgreSQL (when `TEST_DATABASE_URL` is set). Prints commands/s and the
//! p99 apply-to-update latency (from the command's arrival in its room until every connection
//! has its update, the group commit included), read from the server's own `/metrics`.
//!
//! Run with `cargo bench -p xenotable-tests --bench live`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use common::{Db, Server};
use serde_json::json;

const MATCHES: usize = 100;

#[tokio::main]
async fn main() {
    let mut backends = vec![("sqlite", Db::sqlite())];
    if Db::postgres_configured() {
        backends.push(("postgres", Db::postgres().await));
    }
    for (name, db) in backends {
        let server = Server::start(&db).await;
        let before = Metrics::read(&server).await;
        let started = Instant::now();
        let mut creations = Vec::new();
        for k in 0..MATCHES {
            let body = json!({"game": "artemia", "seed": k, "seats": [
                {"seat": "creature", "bot": true},
                {"seat": "hunted-1", "bot": true},
                {"seat": "hunted-2", "bot": true},
                {"seat": "hunted-3", "bot": true},
            ]});
            creations.push(server.post("/api/matches", body));
        }
        for creation in creations {
            assert_eq!(creation.await.0, 201);
        }
        loop {
            let (_, finished) = server.get("/api/matches?status=finished").await;
            if finished.as_array().map_or(0, Vec::len) >= MATCHES {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let secs = started.elapsed().as_secs_f64();
        let after = Metrics::read(&server).await;
        let commands = after.accepted - before.accepted;
        println!(
            "live/{name}: {MATCHES} concurrent all-bot matches, {commands:.0} commands in {secs:.2} s: \
             {:.0} commands/s, p99 apply-to-update {:.2} ms, mean commit batch {:.1}",
            commands / secs,
            after.p99_seconds(&before) * 1e3,
            after.mean_batch(&before),
        );
        drop(server);
        db.drop_db().await;
    }
}

/// The figures the load generator reads from `/metrics`.
struct Metrics {
    accepted: f64,
    /// (upper bound in seconds, cumulative count) of the latency histogram.
    buckets: Vec<(f64, f64)>,
    batch_sum: f64,
    batch_count: f64,
}

impl Metrics {
    async fn read(server: &Server) -> Metrics {
        let (_, text) = server.get("/metrics").await;
        let text = text.as_str().unwrap_or_default().to_owned();
        let value = |line: &str| line.rsplit(' ').next().and_then(|v| v.parse::<f64>().ok());
        let mut metrics = Metrics {
            accepted: 0.0,
            buckets: Vec::new(),
            batch_sum: 0.0,
            batch_count: 0.0,
        };
        for line in text.lines() {
            if line.starts_with("xenotable_commands_accepted_total") {
                metrics.accepted = value(line).unwrap_or(0.0);
            } else if let Some(rest) =
                line.strip_prefix("xenotable_apply_persist_seconds_bucket{le=\"")
            {
                let le = rest.split('"').next().unwrap_or("+Inf");
                let bound = le.parse().unwrap_or(f64::INFINITY);
                metrics.buckets.push((bound, value(line).unwrap_or(0.0)));
            } else if line.starts_with("xenotable_commit_batch_size_sum") {
                metrics.batch_sum = value(line).unwrap_or(0.0);
            } else if line.starts_with("xenotable_commit_batch_size_count") {
                metrics.batch_count = value(line).unwrap_or(0.0);
            }
        }
        metrics
    }

    /// The 99th percentile of the latencies recorded since `before`, by linear interpolation
    /// inside the histogram bucket where it falls.
    fn p99_seconds(&self, before: &Metrics) -> f64 {
        let count = |m: &Metrics, k: usize| m.buckets.get(k).map_or(0.0, |b| b.1);
        let total =
            self.buckets.last().map_or(0.0, |b| b.1) - before.buckets.last().map_or(0.0, |b| b.1);
        let target = total * 0.99;
        let mut lower = (0.0, 0.0);
        for (k, &(bound, _)) in self.buckets.iter().enumerate() {
            let seen = count(self, k) - count(before, k);
            if seen >= target {
                if !bound.is_finite() {
                    return lower.0;
                }
                let share = (target - lower.1) / (seen - lower.1).max(f64::MIN_POSITIVE);
                return lower.0 + (bound - lower.0) * share;
            }
            lower = (bound, seen);
        }
        f64::NAN
    }

    fn mean_batch(&self, before: &Metrics) -> f64 {
        (self.batch_sum - before.batch_sum) / (self.batch_count - before.batch_count).max(1.0)
    }
}
