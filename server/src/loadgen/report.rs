//! What the load generator counts while it plays, and the report it prints.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

use serde_json::{Value, json};

use super::proc::Spent;

/// Counters shared by every socket of the run.
#[derive(Debug, Default)]
pub struct Tally {
    /// Own-move latencies, in microseconds.
    latencies_us: RefCell<Vec<u32>>,
    refused: RefCell<BTreeMap<String, u64>>,
    errors: RefCell<BTreeMap<&'static str, u64>>,
    bytes: Cell<u64>,
}

impl Tally {
    /// An own move was answered by its update after `latency`; returns the moves so far.
    pub fn moved(&self, latency: Duration) -> u64 {
        let mut latencies = self.latencies_us.borrow_mut();
        latencies.push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
        latencies.len() as u64
    }

    /// An own move was refused with `code`.
    pub fn refused(&self, code: &str) {
        *self
            .refused
            .borrow_mut()
            .entry(code.to_owned())
            .or_default() += 1;
    }

    /// Something went wrong that a well-behaved server never causes.
    pub fn error(&self, kind: &'static str) {
        *self.errors.borrow_mut().entry(kind).or_default() += 1;
    }

    /// A frame of `len` bytes arrived during play.
    pub fn received(&self, len: usize) {
        self.bytes.set(self.bytes.get() + len as u64);
    }
}

/// The run's figures.
#[derive(Debug)]
pub struct Report(Value);

impl Report {
    pub fn new(
        settings: &BTreeMap<&'static str, Value>,
        ready: u32,
        finished: u64,
        play: Duration,
        tally: &Tally,
        server: Option<Spent>,
        own: Spent,
    ) -> Report {
        let mut latencies = tally.latencies_us.borrow().clone();
        latencies.sort_unstable();
        let moves = latencies.len() as u64;
        let play_s = play.as_secs_f64();
        let per_move = |seconds: f64| (moves > 0).then(|| seconds * 1e6 / moves as f64);
        let ms = |us: u32| f64::from(us) / 1e3;
        let mut report = json!({
            "moves": moves,
            "moves_per_s": if play_s > 0.0 { moves as f64 / play_s } else { 0.0 },
            "play_s": play_s,
            "latency_ms": {
                "p50": percentile(&latencies, 50.0).map(ms),
                "p95": percentile(&latencies, 95.0).map(ms),
                "p99": percentile(&latencies, 99.0).map(ms),
                "max": latencies.last().copied().map(ms),
            },
            "refused": *tally.refused.borrow(),
            "errors": *tally.errors.borrow(),
            "bytes_per_move": (moves > 0).then(|| tally.bytes.get() as f64 / moves as f64),
            "matches_ready": ready,
            "matches_finished": finished,
            "server_cpu_s": server.map(|s| s.cpu_s),
            "server_cpu_us_per_move": server.and_then(|s| per_move(s.cpu_s)),
            "server_peak_rss_mb": server.map(|s| s.peak_rss_kib as f64 / 1024.0),
            "loadgen_cpu_s": own.cpu_s,
            "loadgen_cpu_us_per_move": per_move(own.cpu_s),
        });
        if let Value::Object(fields) = &mut report {
            for (key, value) in settings {
                fields.insert((*key).to_owned(), value.clone());
            }
        }
        Report(report)
    }

    /// The report as one JSON object.
    pub fn json(&self) -> String {
        self.0.to_string()
    }

    /// The report in lines of text.
    pub fn text(&self) -> String {
        let r = &self.0;
        let num = |v: &Value, digits: usize| match v.as_f64() {
            Some(x) => format!("{x:.digits$}"),
            None => "n/a".to_owned(),
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} {}: {} matches ({} finished), seats {}, {} spectators each",
            r["game"].as_str().unwrap_or("?"),
            r["scenario"].as_str().unwrap_or(""),
            r["matches_ready"],
            r["matches_finished"],
            r["seats"],
            r["spectators_per_match"],
        );
        let _ = writeln!(
            out,
            "moves: {} in {} s = {} moves/s",
            r["moves"],
            num(&r["play_s"], 2),
            num(&r["moves_per_s"], 0)
        );
        let l = &r["latency_ms"];
        let _ = writeln!(
            out,
            "own-move latency ms: p50 {} p95 {} p99 {} max {}",
            num(&l["p50"], 2),
            num(&l["p95"], 2),
            num(&l["p99"], 2),
            num(&l["max"], 2)
        );
        let _ = writeln!(out, "refused: {}  errors: {}", r["refused"], r["errors"]);
        let _ = writeln!(
            out,
            "bytes received per move: {}",
            num(&r["bytes_per_move"], 0)
        );
        let _ = writeln!(
            out,
            "server: {} µs CPU per move, peak RSS {} MB; load generator: {} µs CPU per move",
            num(&r["server_cpu_us_per_move"], 1),
            num(&r["server_peak_rss_mb"], 1),
            num(&r["loadgen_cpu_us_per_move"], 1),
        );
        out
    }
}

/// The nearest-rank percentile of sorted values.
fn percentile(sorted: &[u32], p: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&values, 50.0), Some(50));
        assert_eq!(percentile(&values, 99.0), Some(99));
        assert_eq!(percentile(&values, 100.0), Some(100));
        assert_eq!(percentile(&[7], 99.0), Some(7));
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[test]
    fn the_json_report_has_the_figures_the_issue_names() {
        let tally = Tally::default();
        for ms in [1, 2, 3, 4] {
            tally.moved(Duration::from_millis(ms));
        }
        tally.refused("stale_seq");
        tally.received(4_000);
        let server = Spent {
            cpu_s: 0.0002,
            peak_rss_kib: 2048,
        };
        let own = Spent {
            cpu_s: 0.0001,
            peak_rss_kib: 1024,
        };
        let report = Report::new(
            &BTreeMap::new(),
            1,
            1,
            Duration::from_secs(2),
            &tally,
            Some(server),
            own,
        );
        let r: Value = serde_json::from_str(&report.json()).expect("JSON");
        assert_eq!(r["moves_per_s"], 2.0);
        assert_eq!(r["latency_ms"]["p50"], 2.0);
        assert_eq!(r["latency_ms"]["max"], 4.0);
        assert_eq!(r["refused"]["stale_seq"], 1);
        assert_eq!(r["bytes_per_move"], 1000.0);
        assert_eq!(r["server_cpu_us_per_move"], 50.0);
        assert_eq!(r["server_peak_rss_mb"], 2.0);
    }
}
