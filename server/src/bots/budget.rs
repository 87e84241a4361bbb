//! How long a searching bot may think over one decision.

use std::time::{Duration, Instant};

/// A searching bot's allowance per decision: wall time, or a fixed number of iterations.
///
/// With an iteration cap the clock is not read at all, so a capped bot decides the same way on
/// any machine and under any load: its choices follow its seed alone (tests, pinned arena runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most wall time one decision may take, when no iteration cap is set.
    pub time: Duration,
    /// A fixed number of search iterations per decision, instead of the clock.
    pub iterations: Option<u32>,
}

impl Budget {
    /// The default: at most one second of one core per decision.
    pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

    /// A budget of wall time per decision.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time,
            iterations: None,
        }
    }

    /// A budget of `iterations` per decision, whatever the time they take.
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            time: Duration::MAX,
            iterations: Some(iterations),
        }
    }

    /// Starts counting one decision.
    pub fn start(self) -> Allowance {
        Allowance {
            budget: self,
            started: Instant::now(),
            done: 0,
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::time(Budget::DEFAULT_TIME)
    }
}

/// One decision's use of its [`Budget`].
#[derive(Debug, Clone, Copy)]
pub struct Allowance {
    budget: Budget,
    started: Instant,
    done: u32,
}

impl Allowance {
    /// Whether another iteration fits; counts it when it does. The first always fits, so a
    /// decision is never made on no search at all.
    pub fn another(&mut self) -> bool {
        let fits = self.done == 0
            || match self.budget.iterations {
                Some(cap) => self.done < cap,
                None => self.started.elapsed() < self.budget.time,
            };
        if fits {
            self.done += 1;
        }
        fits
    }

    /// The iterations counted so far.
    pub fn done(&self) -> u32 {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iteration_cap_counts_exactly_and_ignores_the_clock() {
        let mut allowance = Budget::iterations(3).start();
        let mut n = 0;
        while allowance.another() {
            n += 1;
        }
        assert_eq!(n, 3);
        assert_eq!(allowance.done(), 3);
    }

    #[test]
    fn a_spent_time_budget_still_allows_one_iteration() {
        let mut allowance = Budget::time(Duration::ZERO).start();
        assert!(allowance.another());
        assert!(!allowance.another());
    }
}
