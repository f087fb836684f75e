//! Report EK0201 and take the text, through the C ABI (`ReportErrMessage` +
//! `GetErrorMessage`, called through function pointers as a C caller calls
//! them) against the same through the Rust API (`report_dynamic` +
//! `write_error_message` into a reused `String`), in the same run.
//!
//! criterion measures one cycle of each; then each is timed over 10^3 and
//! 10^6 consecutive cycles in alternating runs of the two
//! (`errcat_bench::stats::paired`: medians, and the median of the ratios),
//! in wall time and in the thread's CPU time (steadier on a loaded machine),
//! and the summary prints the cost per cycle and the ratio C ABI / Rust API
//! at both counts: flat means the 10^6 figure is the 10^3 one. The target
//! is judged on CPU time.
//!
//! `cargo bench -p errcat-ffi --bench c_abi` (`-- --quick` for a shorter
//! criterion part).

use std::ffi::{CStr, c_char};
use std::hint::black_box;

use criterion::Criterion;
use errcat_bench::stats;

type ReportFn = unsafe extern "C" fn(*const c_char, *mut *mut c_char, *mut *mut c_char, i32);
type GetFn = extern "C" fn() -> *mut c_char;

const CODE: &CStr = c"EK0201";
const NAME: &CStr = c"buf_size";
const VALUE: &CStr = c"1048576B";
const EXPECTED: &str = "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n        PossibleCause: Allocation failed due to insufficient host memory.\r\n        Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n";

/// The C ABI, as a C caller holds it: two function pointers and two arrays.
struct CAbi {
    report: ReportFn,
    get: GetFn,
    names: [*mut c_char; 1],
    values: [*mut c_char; 1],
}

impl CAbi {
    fn new() -> Self {
        CAbi {
            report: black_box(errcat_ffi::ReportErrMessage as ReportFn),
            get: black_box(errcat_ffi::GetErrorMessage as GetFn),
            names: [NAME.as_ptr().cast_mut()],
            values: [VALUE.as_ptr().cast_mut()],
        }
    }

    fn cycle(&mut self) -> *mut c_char {
        // SAFETY: the code and the arrays' one element each are NUL-terminated
        // strings that live for the program.
        unsafe {
            (self.report)(
                black_box(CODE.as_ptr()),
                black_box(self.names.as_mut_ptr()),
                black_box(self.values.as_mut_ptr()),
                1,
            );
        }
        (self.get)()
    }
}

/// The Rust API doing the same: a report by code and the text into a reused
/// buffer, its fastest way, which the target is judged against.
struct RustApi {
    text: String,
}

impl RustApi {
    fn cycle(&mut self) -> usize {
        let name = black_box("buf_size");
        let value = black_box("1048576B");
        let _ = errcat::report_dynamic(black_box("EK0201"), &[(name, value)]);
        self.text.clear();
        errcat::write_error_message(&mut self.text);
        self.text.len()
    }
}

/// The Rust API as most Rust code takes the text: `take_error_message`,
/// a new `String` each time (for context; not the target's baseline).
fn rust_api_take() -> Option<String> {
    let name = black_box("buf_size");
    let value = black_box("1048576B");
    let _ = errcat::report_dynamic(black_box("EK0201"), &[(name, value)]);
    errcat::take_error_message()
}

fn check(c_abi: &mut CAbi, rust: &mut RustApi) {
    let text = c_abi.cycle();
    assert!(!text.is_null());
    // SAFETY: GetErrorMessage returned a NUL-terminated text, valid until its next call.
    let text = unsafe { CStr::from_ptr(text) }.to_str().unwrap();
    assert_eq!(text, EXPECTED);
    rust.cycle();
    assert_eq!(rust.text, EXPECTED);
}

fn resident_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

fn main() {
    let mut c_abi = CAbi::new();
    let mut rust = RustApi {
        text: String::new(),
    };
    check(&mut c_abi, &mut rust);

    let mut criterion = Criterion::default().configure_from_args();
    {
        let mut group = criterion.benchmark_group("ek0201_report_get");
        group.bench_function("c_abi", |b| b.iter(|| black_box(c_abi.cycle())));
        group.bench_function("rust_api", |b| b.iter(|| black_box(rust.cycle())));
        group.bench_function("rust_api_take", |b| b.iter(|| black_box(rust_api_take())));
        group.finish();
    }
    criterion.final_summary();

    // The C ABI and the Rust API in alternating blocks (the stats of
    // `errcat-bench`), so that a change of load touches both.
    let mut paired = |cycles, runs| {
        stats::paired(
            runs,
            cycles,
            || {
                black_box(c_abi.cycle());
            },
            || {
                black_box(rust.cycle());
            },
        )
    };
    paired(10_000, 3);
    let resident_before = resident_kib();
    let small = paired(1_000, 201);
    let large = paired(1_000_000, 5);
    let resident_after = resident_kib();
    check(&mut c_abi, &mut rust);

    println!();
    println!(
        "EK0201 report + take the text: ns per cycle, wall [thread CPU], median of runs \
         (10^3 cycles: 201 runs; 10^6: 5), C ABI and Rust API alternating; the ratio is \
         the median of the runs' ratios:"
    );
    println!("| cycles | C ABI | Rust API | ratio C ABI / Rust API | target <= 1.2 |");
    println!("| --- | --- | --- | --- | --- |");
    for (cycles, run) in [("10^3", small), ("10^6", large)] {
        let (c, r, (wall, cpu)) = (run.product, run.baseline, run.ratio);
        println!(
            "| {cycles} | {:.1} [{:.1}] | {:.1} [{:.1}] | {wall:.2} [{cpu:.2}] | {} |",
            c.0,
            c.1,
            r.0,
            r.1,
            if cpu <= 1.2 { "met" } else { "missed" }
        );
    }
    println!(
        "flat over 10^6 cycles: per cycle at 10^6 / at 10^3 = {:.2} [{:.2}] through the C ABI, \
         {:.2} [{:.2}] through the Rust API",
        large.product.0 / small.product.0,
        large.product.1 / small.product.1,
        large.baseline.0 / small.baseline.0,
        large.baseline.1 / small.baseline.1,
    );
    if let Some(load) = stats::load_average() {
        println!("load average: {load}");
    }
    if let (Some(before), Some(after)) = (resident_before, resident_after) {
        println!(
            "resident memory over all {} cycles: {before} KiB before, {after} KiB after",
            201 * 1_000 * 2 + 5 * 1_000_000 * 2
        );
    }
}
