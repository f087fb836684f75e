//! What the benchmarks run: each product scenario next to its floor, a
//! `write!` of the same final text into the same kind of reused buffer.
//!
//! Every function clears `out` first and leaves the rendered text in it, so
//! the tests (and the bench binary, before it measures) can check that the
//! product and its floor produce the same bytes.

use core::fmt::Write as _;

use errcat::{msprof_env_error, report_inner_error};

use errcat_profiling::*;

/// The value of EK0201's one argument.
pub const BUF_SIZE: &str = "1048576B";

/// Reports EK0201 with a report macro and renders it into `out`: benchmark (1).
#[inline(never)]
pub fn report_ek0201(out: &mut String, buf_size: &str) {
    out.clear();
    msprof_env_error!("EK0201", ["buf_size"], [buf_size]);
    errcat::write_error_message(out);
}

/// The floor of benchmark (1): the text of [`report_ek0201`], by `write!`.
#[inline(never)]
pub fn floor_ek0201(out: &mut String, buf_size: &str) {
    out.clear();
    let _ = write!(
        out,
        "EK0201: Failed to allocate {buf_size} host memory for Profiling.\r\n        \
         PossibleCause: Allocation failed due to insufficient host memory.\r\n        \
         Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n"
    );
}

/// EK0201 reported by code at run time: a registry lookup, then the same store path.
#[inline(never)]
pub fn report_ek0201_dynamic(out: &mut String, buf_size: &str) {
    out.clear();
    let _ = errcat::report_dynamic("EK0201", &[("buf_size", buf_size)]);
    errcat::write_error_message(out);
}

/// The arguments of the ten reports of the traceback scenario.
#[derive(Debug, Clone)]
pub struct TracebackValues<'a> {
    /// EK0201's `buf_size`.
    pub buf_size: &'a str,
    /// EK0001's `value`, `param` and `reason`.
    pub ek0001: [&'a str; 3],
    /// EK0002's `intf1` and `intf2`.
    pub ek0002: [&'a str; 2],
    /// EK0004's `intf`.
    pub ek0004: &'a str,
    /// EK0003's `value`, `config` and `reason`.
    pub ek0003: [&'a str; 3],
    /// The device and return code of the formatted internal error.
    pub device: u32,
    /// The driver's return code in the formatted internal error.
    pub ret: i32,
    /// EK0006's `api` and `param`.
    pub ek0006: [&'a str; 2],
    /// EK0203's `reason`.
    pub ek0203: &'a str,
    /// EK0005's `param`.
    pub ek0005: &'a str,
}

/// The values the benchmarks use.
pub const TRACEBACK: TracebackValues<'static> = TracebackValues {
    buf_size: BUF_SIZE,
    ek0001: ["-1", "aicore_freq", "the frequency must be positive"],
    ek0002: ["aclprofInit", "aclprofStart"],
    ek0004: "aclprofGetSupportedMetrics",
    ek0003: ["on", "task_trace", "expected one of l0, l1, l2"],
    device: 3,
    ret: 207_001,
    ek0006: ["aclprofCreateConfig", "deviceIdList"],
    ek0203: "Resource temporarily unavailable",
    ek0005: "l2_cache",
};

/// Reports EK0201 and takes the message as a new `String`: the
/// allocations of target 3 (one per call).
#[inline(never)]
pub fn report_ek0201_take(buf_size: &str) -> Option<String> {
    msprof_env_error!("EK0201", ["buf_size"], [buf_size]);
    errcat::take_error_message()
}

/// The floor of [`report_ek0201_take`]: `format!` of the same text.
#[inline(never)]
pub fn floor_ek0201_take(buf_size: &str) -> String {
    format!(
        "EK0201: Failed to allocate {buf_size} host memory for Profiling.\r\n        \
         PossibleCause: Allocation failed due to insufficient host memory.\r\n        \
         Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n"
    )
}

/// Reports ten errors (codes with zero to three arguments, one formatted
/// internal error) and renders them into `out`: benchmark (2).
#[inline(never)]
pub fn report_traceback(out: &mut String, v: &TracebackValues<'_>) {
    out.clear();
    report_ten(v);
    errcat::write_error_message(out);
}

/// The reports of [`report_traceback`], taken as a new `String`.
#[inline(never)]
pub fn report_traceback_take(v: &TracebackValues<'_>) -> Option<String> {
    report_ten(v);
    errcat::take_error_message()
}

/// The ten reports of the traceback scenario.
#[inline(always)]
fn report_ten(v: &TracebackValues<'_>) {
    msprof_env_error!("EK0201", ["buf_size"], [v.buf_size]);
    msprof_env_error!(
        "EK0001",
        ["value", "param", "reason"],
        [v.ek0001[0], v.ek0001[1], v.ek0001[2]]
    );
    msprof_env_error!("EK0002", ["intf1", "intf2"], [v.ek0002[0], v.ek0002[1]]);
    SystemTerminated.report();
    msprof_env_error!("EK0004", ["intf"], [v.ek0004]);
    msprof_env_error!(
        "EK0003",
        ["value", "config", "reason"],
        [v.ek0003[0], v.ek0003[1], v.ek0003[2]]
    );
    report_inner_error!(
        "EK9999",
        "rtMalloc failed on device {}, ret={}",
        v.device,
        v.ret
    );
    msprof_env_error!("EK0006", ["api", "param"], [v.ek0006[0], v.ek0006[1]]);
    msprof_env_error!("EK0203", ["reason"], [v.ek0203]);
    msprof_env_error!("EK0005", ["param"], [v.ek0005]);
}

/// The floor of benchmark (2): the text of [`report_traceback`], by `write!`.
#[inline(never)]
pub fn floor_traceback(out: &mut String, v: &TracebackValues<'_>) {
    const INDENT: &str = "        ";
    out.clear();
    let _ = write!(
        out,
        "EK0201: Failed to allocate {} host memory for Profiling.\r\n\
         {INDENT}PossibleCause: Allocation failed due to insufficient host memory.\r\n\
         {INDENT}Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n\
         {INDENT}TraceBack (most recent call last):\r\n",
        v.buf_size
    );
    let _ = write!(
        out,
        "{INDENT}Value {} for parameter {} is invalid. Reason: {}.\r\n",
        v.ek0001[0], v.ek0001[1], v.ek0001[2]
    );
    let _ = write!(
        out,
        "{INDENT}Please call the APIs in the following order: call {} first, then {}.\r\n",
        v.ek0002[0], v.ek0002[1]
    );
    let _ = write!(
        out,
        "{INDENT}An unknown error occurred. Please check the log.\r\n"
    );
    let _ = write!(
        out,
        "{INDENT}The current system or device does not support {}.\r\n",
        v.ek0004
    );
    let _ = write!(
        out,
        "{INDENT}Value {} for {} is invalid. Reason: {}.\r\n",
        v.ek0003[0], v.ek0003[1], v.ek0003[2]
    );
    let _ = write!(
        out,
        "{INDENT}rtMalloc failed on device {}, ret={}\r\n",
        v.device, v.ret
    );
    let _ = write!(
        out,
        "{INDENT}{} failed because parameter {} cannot be a null pointer.\r\n",
        v.ek0006[0], v.ek0006[1]
    );
    let _ = write!(
        out,
        "{INDENT}Failed to create host thread for Profiling. Reason: {}.\r\n",
        v.ek0203
    );
    let _ = write!(out, "{INDENT}Parameter {} is not supported.\r\n", v.ek0005);
}

/// A future that is never ready and counts its polls: what the scope
/// benchmark polls, bare and inside `errcat::scope`.
#[derive(Debug, Default)]
pub struct NeverReady {
    /// How many times it was polled.
    pub polls: u64,
}

impl core::future::Future for NeverReady {
    type Output = ();

    fn poll(
        mut self: core::pin::Pin<&mut Self>,
        _: &mut core::task::Context<'_>,
    ) -> core::task::Poll<()> {
        self.polls += 1;
        core::task::Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ek0201_product_and_floor_render_the_same_text() {
        let (mut product, mut floor) = (String::new(), String::new());
        for _ in 0..3 {
            report_ek0201(&mut product, BUF_SIZE);
            floor_ek0201(&mut floor, BUF_SIZE);
            assert_eq!(product, floor);
            report_ek0201_dynamic(&mut product, BUF_SIZE);
            assert_eq!(product, floor);
            assert_eq!(report_ek0201_take(BUF_SIZE).as_ref(), Some(&floor));
            assert_eq!(floor_ek0201_take(BUF_SIZE), floor);
        }
        assert!(floor.starts_with("EK0201: Failed to allocate 1048576B host memory"));
    }

    #[test]
    fn traceback_product_and_floor_render_the_same_text() {
        let (mut product, mut floor) = (String::new(), String::new());
        for _ in 0..3 {
            report_traceback(&mut product, &TRACEBACK);
            floor_traceback(&mut floor, &TRACEBACK);
            assert_eq!(product, floor);
            assert_eq!(report_traceback_take(&TRACEBACK).as_ref(), Some(&floor));
        }
        // The headline's three lines, the traceback header and nine items.
        assert_eq!(floor.matches("\r\n").count(), 13);
    }
}
