//! The figures the summary prints, from the samples criterion took.
//!
//! Each benchmark times its own loop (`iter_custom`) and records every
//! `(iterations, elapsed)` pair criterion asks for, so the ratios come from
//! exactly the runs criterion measured, in the same process. The machine is
//! shared and noisy, so the statistic is the median time per iteration over
//! the samples long enough to read reliably (a preempted sample moves a mean,
//! not a median).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// Samples shorter than this are left out: at the start of criterion's
/// warm-up, iterations run cold and timer resolution is a visible fraction.
pub const MIN_SAMPLE: Duration = Duration::from_micros(500);

static SAMPLES: Mutex<BTreeMap<String, Vec<(u64, Duration)>>> = Mutex::new(BTreeMap::new());

/// Records one timed run of `iterations` iterations of benchmark `id`.
pub fn record(id: &str, iterations: u64, elapsed: Duration) {
    let mut samples = SAMPLES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    samples
        .entry(id.to_owned())
        .or_default()
        .push((iterations, elapsed));
}

/// The median nanoseconds per iteration of benchmark `id`, or `None` if it
/// did not run (filtered out on the command line).
pub fn median_ns(id: &str) -> Option<f64> {
    let samples = SAMPLES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    median_per_iteration(samples.get(id)?)
}

/// The median of `elapsed / iterations` over the samples of at least
/// [`MIN_SAMPLE`], or over all of them when none is that long.
pub fn median_per_iteration(samples: &[(u64, Duration)]) -> Option<f64> {
    let per_iteration = |&(iterations, elapsed): &(u64, Duration)| {
        elapsed.as_nanos() as f64 / iterations.max(1) as f64
    };
    let mut long: Vec<f64> = samples
        .iter()
        .filter(|(_, elapsed)| *elapsed >= MIN_SAMPLE)
        .map(per_iteration)
        .collect();
    if long.is_empty() {
        long = samples.iter().map(per_iteration).collect();
    }
    median(&mut long)
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    })
}

/// The one-minute load average, to print next to figures taken on a shared machine.
pub fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn short_samples_are_left_out_when_long_ones_exist() {
        let ms = Duration::from_millis(1);
        let samples = [
            (1, Duration::from_nanos(900)),
            (1_000, ms * 10),
            (1_000, ms * 12),
            (1_000, ms * 100),
        ];
        // 10 µs, 12 µs and 100 µs per iteration: the preempted sample does not count.
        assert_eq!(median_per_iteration(&samples), Some(12_000.0));
        assert_eq!(
            median_per_iteration(&[(10, Duration::from_nanos(500))]),
            Some(50.0)
        );
    }

    #[test]
    fn records_by_id() {
        record("stats-test", 100, Duration::from_millis(1));
        record("stats-test", 200, Duration::from_millis(2));
        assert_eq!(median_ns("stats-test"), Some(10_000.0));
        assert_eq!(median_ns("never-ran"), None);
    }
}
