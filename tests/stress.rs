//! Many threads reporting at once: each gets back exactly its own reports,
//! in order, none lost below the limits, none from another thread.

use errcat::{error_code, msprof_env_error, report_inner_error};

#[derive(Debug)]
#[error_code("EZ0501", message = "Thread %s failed.")]
pub struct OneArg {
    pub thread: String,
}

#[derive(Debug)]
#[error_code("EZ0502", message = "Thread %s failed at %s.", args = "thread,at")]
pub struct TwoArgs {
    pub thread: u64,
    pub at: u64,
}

#[derive(Debug)]
#[error_code(
    "WZ0503",
    message = "Thread %s slow at %s: %s.",
    args = "thread,at,why"
)]
pub struct ThreeArgs {
    pub thread: u64,
    pub at: u64,
    pub why: &'static str,
}

const THREADS: u64 = 16;
const REPORTS_PER_THREAD: u64 = 100_000;

/// A small deterministic generator per thread (xorshift64*).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Reports item `n` of `thread` and returns the (code, message) it must produce.
fn report(thread: u64, n: u64, random: &mut Random) -> (&'static str, String) {
    match random.next() % 5 {
        // Every message carries the counter: identical reports are stored once.
        0 => {
            report_inner_error!("E19999", "thread {} step {}", thread, n);
            ("E19999", format!("thread {thread} step {n}"))
        }
        1 => {
            msprof_env_error!("EZ0501", ["thread"], [format!("{thread}/{n}")]);
            ("EZ0501", format!("Thread {thread}/{n} failed."))
        }
        2 => {
            TwoArgs { thread, at: n }.report();
            ("EZ0502", format!("Thread {thread} failed at {n}."))
        }
        3 => {
            msprof_env_error!("WZ0503", ["why", "at", "thread"], ["load", n, thread]);
            ("WZ0503", format!("Thread {thread} slow at {n}: load."))
        }
        _ => {
            errcat::report_dynamic(
                "EZ0502",
                &[("thread", &thread.to_string()), ("at", &n.to_string())],
            )
            .unwrap();
            ("EZ0502", format!("Thread {thread} failed at {n}."))
        }
    }
}

#[test]
fn sixteen_threads_get_back_exactly_their_own_reports() {
    let threads: Vec<_> = (0..THREADS)
        .map(|thread| {
            std::thread::spawn(move || {
                let mut random = Random(0x9e37_79b9_7f4a_7c15 ^ (thread + 1));
                let mut expected_errors = Vec::new();
                let mut expected_warnings = Vec::new();
                let mut checked = 0u64;
                let check = |errors: &mut Vec<(&str, String)>,
                             warnings: &mut Vec<(&str, String)>| {
                    let taken: Vec<(&str, String)> = errcat::take_reports()
                        .into_iter()
                        .map(|report| (report.code(), report.message().to_owned()))
                        .collect();
                    let expected: Vec<(&str, String)> =
                        errors.drain(..).chain(warnings.drain(..)).collect();
                    assert_eq!(taken, expected, "thread {thread}");
                    expected.len() as u64
                };
                for n in 0..REPORTS_PER_THREAD {
                    let (code, message) = report(thread, n, &mut random);
                    if code.starts_with('W') {
                        expected_warnings.push((code, message));
                    } else {
                        expected_errors.push((code, message));
                    }
                    let pending = expected_errors.len().max(expected_warnings.len());
                    if random.next().is_multiple_of(300) || pending >= 900 {
                        checked += check(&mut expected_errors, &mut expected_warnings);
                    }
                }
                checked += check(&mut expected_errors, &mut expected_warnings);
                checked
            })
        })
        .collect();
    let total: u64 = threads
        .into_iter()
        .map(|handle| handle.join().unwrap())
        .sum();
    assert_eq!(total, THREADS * REPORTS_PER_THREAD);
    assert!(
        errcat::take_reports().is_empty(),
        "nothing reached the main thread"
    );
}
