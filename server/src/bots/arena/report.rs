//! What an arena run tells: per seat its level, wins, draws and losses with a 95% interval on
//! the win rate, its mean score with a 95% interval where the game keeps a score, and how long
//! the matches and the decisions took.

use std::fmt::Write as _;
use std::time::Duration;

use serde_json::{Value, json};
use xenotable_protocol::Seat;

use super::play::MatchResult;
use super::stats::{mean95, wilson95};
use crate::bots::BotLevel;

/// One seat's record over the run.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRecord {
    pub seat: Seat,
    pub level: BotLevel,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Its decisions' mean and longest time, in milliseconds.
    pub mean_decision_ms: f64,
    pub max_decision_ms: f64,
    /// Its mean score and the score's 95% interval, where the game keeps a score.
    pub score: Option<(f64, (f64, f64))>,
}

impl SeatRecord {
    fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins over matches played (a draw is not a win).
    pub fn win_rate(&self) -> f64 {
        match self.played() {
            0 => 0.0,
            n => f64::from(self.wins) / f64::from(n),
        }
    }
}

/// The whole run.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub matches: u32,
    pub seats: Vec<SeatRecord>,
    /// Actions per match, on average.
    pub mean_actions: f64,
    pub mean_decision_ms: f64,
    pub max_decision_ms: f64,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mean_max(times: impl Iterator<Item = Duration>) -> (f64, f64) {
    let (mut n, mut sum, mut max) = (0u32, 0.0, 0.0f64);
    for t in times {
        n += 1;
        sum += ms(t);
        max = max.max(ms(t));
    }
    (if n == 0 { 0.0 } else { sum / f64::from(n) }, max)
}

impl Report {
    /// The report of `results`, for the seats of the run.
    pub fn new(seats: &[(Seat, BotLevel)], results: &[MatchResult]) -> Report {
        let seats = seats
            .iter()
            .map(|&(seat, level)| {
                let mut record = SeatRecord {
                    seat,
                    level,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    mean_decision_ms: 0.0,
                    max_decision_ms: 0.0,
                    score: None,
                };
                for r in results {
                    match &r.outcome {
                        Some(o) if o.winners.contains(&seat) => record.wins += 1,
                        Some(o) if !o.is_draw() => record.losses += 1,
                        _ => record.draws += 1,
                    }
                }
                let own = results
                    .iter()
                    .flat_map(|r| r.decisions.iter())
                    .filter(|(s, _)| *s == seat)
                    .map(|&(_, t)| t);
                (record.mean_decision_ms, record.max_decision_ms) = mean_max(own);
                let scores: Vec<f64> = results
                    .iter()
                    .flat_map(|r| r.scores.iter())
                    .filter(|(s, _)| *s == seat)
                    .map(|&(_, points)| points)
                    .collect();
                record.score = mean95(&scores);
                record
            })
            .collect();
        let all = results
            .iter()
            .flat_map(|r| r.decisions.iter().map(|&(_, t)| t));
        let (mean_decision_ms, max_decision_ms) = mean_max(all);
        let actions: u32 = results.iter().map(|r| r.actions).sum();
        Report {
            matches: results.len() as u32,
            seats,
            mean_actions: if results.is_empty() {
                0.0
            } else {
                f64::from(actions) / results.len() as f64
            },
            mean_decision_ms,
            max_decision_ms,
        }
    }

    /// The run as one JSON object. `mean_score` and `score_ci95` are `null` for a game that
    /// keeps no score.
    pub fn json(&self) -> Value {
        let seats: serde_json::Map<String, Value> = self
            .seats
            .iter()
            .map(|s| {
                let (lo, hi) = wilson95(s.wins, s.played());
                (
                    s.seat.to_string(),
                    json!({
                        "level": s.level,
                        "wins": s.wins,
                        "draws": s.draws,
                        "losses": s.losses,
                        "win_rate": s.win_rate(),
                        "ci95": [lo, hi],
                        "mean_score": s.score.map(|(mean, _)| mean),
                        "score_ci95": s.score.map(|(_, (lo, hi))| [lo, hi]),
                        "mean_decision_ms": s.mean_decision_ms,
                        "max_decision_ms": s.max_decision_ms,
                    }),
                )
            })
            .collect();
        json!({
            "matches": self.matches,
            "seats": seats,
            "mean_actions": self.mean_actions,
            "mean_decision_ms": self.mean_decision_ms,
            "max_decision_ms": self.max_decision_ms,
        })
    }

    /// The run as a table for people.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} matches, {:.1} actions each on average\n{:<12} {:<7} {:>5} {:>5} {:>6} {:>8} {:>17} {:>10} {:>10}\n",
            self.matches,
            self.mean_actions,
            "seat",
            "level",
            "wins",
            "draws",
            "losses",
            "win rate",
            "95% CI",
            "mean ms",
            "max ms"
        );
        for s in &self.seats {
            let (lo, hi) = wilson95(s.wins, s.played());
            let _ = writeln!(
                out,
                "{:<12} {:<7} {:>5} {:>5} {:>6} {:>7.1}% {:>7.1}%-{:>6.1}% {:>10.2} {:>10.2}",
                s.seat.to_string(),
                s.level.as_str(),
                s.wins,
                s.draws,
                s.losses,
                100.0 * s.win_rate(),
                100.0 * lo,
                100.0 * hi,
                s.mean_decision_ms,
                s.max_decision_ms
            );
            if let Some((mean, (lo, hi))) = s.score {
                let _ = writeln!(
                    out,
                    "{:<12} mean score {mean:.2} (95% CI {lo:.2} to {hi:.2})",
                    ""
                );
            }
        }
        let _ = writeln!(
            out,
            "decisions: mean {:.2} ms, max {:.2} ms",
            self.mean_decision_ms, self.max_decision_ms
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::Outcome;

    use super::*;

    fn result(winners: &[Seat], ms: u64) -> MatchResult {
        ended(winners, "test", ms)
    }

    fn ended(winners: &[Seat], reason: &str, ms: u64) -> MatchResult {
        MatchResult {
            outcome: Some(Outcome {
                winners: winners.to_vec(),
                reason: reason.into(),
            }),
            actions: 10,
            decisions: vec![(Seat::Aliens, Duration::from_millis(ms))],
            scores: Vec::new(),
        }
    }

    #[test]
    fn a_crew_that_lost_with_nobody_to_win_counts_a_loss_not_a_draw() {
        let seats = [(Seat::Crew, BotLevel::Strong)];
        let results = [
            ended(&[Seat::Crew], "intruders_gone_win", 1),
            ended(&[], "crew_dead_loss", 1),
            ended(&[], "turn_limit_draw", 1),
        ];
        let json = Report::new(&seats, &results).json();
        assert_eq!(json["seats"]["crew"]["wins"], 1);
        assert_eq!(json["seats"]["crew"]["losses"], 1);
        assert_eq!(json["seats"]["crew"]["draws"], 1);
    }

    #[test]
    fn a_report_counts_each_seats_wins_draws_and_losses() {
        let seats = [
            (Seat::Marines, BotLevel::Random),
            (Seat::Aliens, BotLevel::Strong),
        ];
        let results = [
            result(&[Seat::Aliens], 4),
            result(&[Seat::Aliens], 2),
            result(&[], 6),
            MatchResult {
                outcome: None,
                actions: 30,
                decisions: Vec::new(),
                scores: Vec::new(),
            },
        ];
        let report = Report::new(&seats, &results);
        let json = report.json();
        assert_eq!(json["matches"], 4);
        assert_eq!(json["seats"]["aliens"]["wins"], 2);
        assert_eq!(json["seats"]["aliens"]["draws"], 2);
        assert_eq!(json["seats"]["aliens"]["level"], "strong");
        assert_eq!(json["seats"]["marines"]["losses"], 2);
        assert_eq!(json["seats"]["marines"]["win_rate"], 0.0);
        assert_eq!(json["max_decision_ms"], 6.0);
        assert_eq!(json["mean_decision_ms"], 4.0);
        assert_eq!(json["mean_actions"], 15.0);
        let ci = json["seats"]["aliens"]["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() < 0.5 && ci[1].as_f64().unwrap() > 0.5);
        assert_eq!(json["seats"]["aliens"]["mean_score"], Value::Null);
        assert_eq!(json["seats"]["aliens"]["score_ci95"], Value::Null);
    }

    #[test]
    fn a_report_gives_each_scoring_seat_its_mean_score_and_interval() {
        let seats = [(Seat::Crew, BotLevel::Strong)];
        let results: Vec<MatchResult> = [12.0, -5.0, 2.0]
            .into_iter()
            .map(|points| MatchResult {
                scores: vec![(Seat::Crew, points)],
                ..result(&[Seat::Crew], 1)
            })
            .collect();
        let json = Report::new(&seats, &results).json();
        assert_eq!(json["seats"]["crew"]["mean_score"], 3.0);
        let ci = json["seats"]["crew"]["score_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() < 3.0 && ci[1].as_f64().unwrap() > 3.0);
    }
}
