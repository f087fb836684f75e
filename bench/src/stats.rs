//! The figures the summary prints, from the samples criterion took.
//!
//! Each benchmark times its own loop (`iter_custom`) and records every
//! sample criterion asks for, so the ratios come from exactly the runs
//! criterion measured, in the same process. The machine is shared and noisy,
//! so the statistic is the median time per iteration over the samples long
//! enough to read reliably (a preempted sample moves a mean, not a median).
//! Each sample has two clocks: wall time, which criterion reports, and the
//! measuring thread's CPU time, which leaves out the time the thread waited
//! for a core while other processes ran: when the machine is loaded, the
//! CPU-time figures are the steadier ones.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// One timed run of a benchmark's loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// How many iterations the loop ran.
    pub iterations: u64,
    /// Wall-clock time of the loop.
    pub wall: Duration,
    /// CPU time of the thread that ran it (for several threads, their mean).
    pub cpu: Duration,
}

/// Which clock a figure is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Wall-clock time, as criterion reports it.
    Wall,
    /// The measuring thread's CPU time.
    Cpu,
}

impl Sample {
    fn per_iteration(&self, clock: Clock) -> f64 {
        let elapsed = match clock {
            Clock::Wall => self.wall,
            Clock::Cpu => self.cpu,
        };
        elapsed.as_nanos() as f64 / self.iterations.max(1) as f64
    }
}

/// The CPU time the calling thread has used so far.
pub fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the call only writes it.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}

/// Samples shorter than this are left out: at the start of criterion's
/// warm-up, iterations run cold and timer resolution is a visible fraction.
pub const MIN_SAMPLE: Duration = Duration::from_micros(500);

static SAMPLES: Mutex<BTreeMap<String, Vec<Sample>>> = Mutex::new(BTreeMap::new());

/// Records one timed run of benchmark `id`.
pub fn record(id: &str, sample: Sample) {
    let mut samples = SAMPLES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    samples.entry(id.to_owned()).or_default().push(sample);
}

/// The median nanoseconds per iteration of benchmark `id` by `clock`, or
/// `None` if it did not run (filtered out on the command line).
pub fn median_ns(id: &str, clock: Clock) -> Option<f64> {
    let samples = SAMPLES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    median_per_iteration(samples.get(id)?, clock)
}

/// The median time per iteration over the samples whose wall time is at
/// least [`MIN_SAMPLE`], or over all of them when none is that long.
pub fn median_per_iteration(samples: &[Sample], clock: Clock) -> Option<f64> {
    let mut long: Vec<f64> = samples
        .iter()
        .filter(|sample| sample.wall >= MIN_SAMPLE)
        .map(|sample| sample.per_iteration(clock))
        .collect();
    if long.is_empty() {
        long = samples
            .iter()
            .map(|sample| sample.per_iteration(clock))
            .collect();
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

/// What [`paired`] measured: median ns per iteration of each side, and the
/// median of the ratios of the pairs, each as (wall, thread CPU).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paired {
    /// The product's median ns per iteration.
    pub product: (f64, f64),
    /// The baseline's median ns per iteration.
    pub baseline: (f64, f64),
    /// The median over the pairs of product / baseline.
    pub ratio: (f64, f64),
}

/// Times `product` and `baseline` in alternating blocks of `block`
/// iterations, `pairs` times. On a machine whose speed drifts (a shared
/// guest: other builds, the host's own load), a product measured for five
/// seconds and its baseline for the next five see different machines; two
/// blocks a millisecond apart see the same one, so the median of the
/// per-pair ratios is the steadier figure.
pub fn paired(
    pairs: usize,
    block: u64,
    mut product: impl FnMut(),
    mut baseline: impl FnMut(),
) -> Paired {
    let time = |routine: &mut dyn FnMut()| {
        let cpu = thread_cpu_time();
        let start = std::time::Instant::now();
        for _ in 0..block {
            routine();
        }
        Sample {
            iterations: block,
            wall: start.elapsed(),
            cpu: thread_cpu_time().saturating_sub(cpu),
        }
    };
    // Warm both up: buffers grown, caches and predictors trained.
    time(&mut product);
    time(&mut baseline);
    let mut products = Vec::with_capacity(pairs);
    let mut baselines = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        products.push(time(&mut product));
        baselines.push(time(&mut baseline));
    }
    summarize_pairs(&products, &baselines)
}

/// What [`paired`] reports of its pairs of samples, `products[i]` timed
/// right before `baselines[i]`: each side's median per iteration, and the
/// median of the per-pair ratios.
pub fn summarize_pairs(products: &[Sample], baselines: &[Sample]) -> Paired {
    let median_of = |mut values: Vec<f64>| median(&mut values).unwrap_or(f64::NAN);
    let per = |samples: &[Sample], clock| {
        median_of(samples.iter().map(|s| s.per_iteration(clock)).collect())
    };
    let ratio = |clock| {
        median_of(
            products
                .iter()
                .zip(baselines)
                .map(|(p, b)| p.per_iteration(clock) / b.per_iteration(clock))
                .collect(),
        )
    };
    Paired {
        product: (per(products, Clock::Wall), per(products, Clock::Cpu)),
        baseline: (per(baselines, Clock::Wall), per(baselines, Clock::Cpu)),
        ratio: (ratio(Clock::Wall), ratio(Clock::Cpu)),
    }
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

    fn sample(iterations: u64, wall: Duration, cpu: Duration) -> Sample {
        Sample {
            iterations,
            wall,
            cpu,
        }
    }

    #[test]
    fn short_samples_are_left_out_when_long_ones_exist() {
        let ms = Duration::from_millis(1);
        let samples = [
            sample(1, Duration::from_nanos(900), Duration::from_nanos(900)),
            sample(1_000, ms * 10, ms * 10),
            sample(1_000, ms * 12, ms * 11),
            // Preempted: the wall clock ran on while the thread waited.
            sample(1_000, ms * 100, ms * 12),
        ];
        // 10, 12 and 100 µs per iteration: the median ignores the preempted sample.
        assert_eq!(median_per_iteration(&samples, Clock::Wall), Some(12_000.0));
        assert_eq!(median_per_iteration(&samples, Clock::Cpu), Some(11_000.0));
        let short = [sample(
            10,
            Duration::from_nanos(500),
            Duration::from_nanos(400),
        )];
        assert_eq!(median_per_iteration(&short, Clock::Wall), Some(50.0));
    }

    #[test]
    fn records_by_id() {
        let ms = Duration::from_millis(1);
        record("stats-test", sample(100, ms, ms / 2));
        record("stats-test", sample(200, ms * 2, ms));
        assert_eq!(median_ns("stats-test", Clock::Wall), Some(10_000.0));
        assert_eq!(median_ns("stats-test", Clock::Cpu), Some(5_000.0));
        assert_eq!(median_ns("never-ran", Clock::Wall), None);
    }

    #[test]
    fn pairs_are_summarized_by_medians_and_the_median_of_their_ratios() {
        let us = Duration::from_micros(1);
        // Three pairs of 10 iterations; the second pair's product was
        // preempted (wall 90 µs), which moves its ratio, not the median.
        let products = [
            sample(10, us * 20, us * 20),
            sample(10, us * 90, us * 22),
            sample(10, us * 24, us * 24),
        ];
        let baselines = [
            sample(10, us * 10, us * 10),
            sample(10, us * 11, us * 11),
            sample(10, us * 8, us * 8),
        ];
        let paired = summarize_pairs(&products, &baselines);
        assert_eq!(paired.product, (2_400.0, 2_200.0));
        assert_eq!(paired.baseline, (1_000.0, 1_000.0));
        // Wall ratios 2, 90/11 and 3; CPU ratios 2, 2 and 3.
        assert_eq!(paired.ratio, (3.0, 2.0));
    }

    #[test]
    fn thread_cpu_time_advances_with_work() {
        let before = thread_cpu_time();
        let mut x = 0u64;
        while thread_cpu_time() - before < Duration::from_millis(2) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(thread_cpu_time() > before);
    }
}
