//! The arena's arithmetic: rates with their confidence intervals.

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% for `successes` out of `trials`: unlike the normal
/// approximation it stays inside 0..=1 and means something at 0 or `trials` successes, which
/// small arena runs meet often. `(0, 1)` for no trials.
pub fn wilson95(successes: u32, trials: u32) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(trials);
    let p = f64::from(successes) / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The mean of `values` with its 95% interval (normal approximation: mean ± z·s/√n, with the
/// sample standard deviation); `None` for no values. One value gives an interval of width 0.
pub fn mean95(values: &[f64]) -> Option<(f64, (f64, f64))> {
    if values.is_empty() {
        return None;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = Z95 * (var / n).sqrt();
    Some((mean, (mean - half, mean + half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_comes_with_its_normal_interval() {
        // Mean 2, sample standard deviation 1.1547, n 4: half-width 1.96 · 0.5774 = 1.1316.
        let (mean, (lo, hi)) = mean95(&[1.0, 1.0, 3.0, 3.0]).expect("values");
        assert!((mean - 2.0).abs() < 1e-12, "{mean}");
        assert!((hi - mean - 1.1316).abs() < 1e-3, "{hi}");
        assert!((mean - lo - 1.1316).abs() < 1e-3, "{lo}");
        assert_eq!(mean95(&[-5.0]), Some((-5.0, (-5.0, -5.0))));
        assert_eq!(mean95(&[]), None);
    }

    #[test]
    fn wilson_matches_known_values() {
        // 8 of 10: the textbook interval is 0.490 to 0.943.
        let (lo, hi) = wilson95(8, 10);
        assert!((lo - 0.4902).abs() < 1e-3, "{lo}");
        assert!((hi - 0.9433).abs() < 1e-3, "{hi}");
        let (lo, hi) = wilson95(0, 20);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.1611).abs() < 1e-3, "{hi}");
        let (lo, hi) = wilson95(20, 20);
        assert!((lo - 0.8389).abs() < 1e-3, "{lo}");
        assert!((hi - 1.0).abs() < 1e-9, "{hi}");
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }
}
