//! Report EK0201 and take the text, through the C ABI (`ReportErrMessage` +
//! `GetErrorMessage`, called through function pointers as a C caller calls
//! them) against the same through the Rust API (`report_dynamic` +
//! `write_error_message` into a reused `String`), in the same run.
//!
//! criterion measures one cycle of each; then each is timed over 10^3 and
//! 10^6 consecutive cycles (median of several runs, the two alternating),
//! in wall time and in the thread's CPU time (steadier on a loaded machine),
//! and the summary prints the cost per cycle and the ratio C ABI / Rust API
//! at both counts: flat means the 10^6 figure is the 10^3 one. The target
//! is judged on CPU time.
//!
//! `cargo bench -p errcode-ffi --bench c_abi` (`-- --quick` for a shorter
//! criterion part).

use std::ffi::{CStr, c_char};
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;

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
            report: black_box(errcode_ffi::ReportErrMessage as ReportFn),
            get: black_box(errcode_ffi::GetErrorMessage as GetFn),
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
        let _ = errcode::report_dynamic(black_box("EK0201"), &[(name, value)]);
        self.text.clear();
        errcode::write_error_message(&mut self.text);
        self.text.len()
    }
}

/// The Rust API as most Rust code takes the text: `take_error_message`,
/// a new `String` each time (for context; not the target's baseline).
fn rust_api_take() -> Option<String> {
    let name = black_box("buf_size");
    let value = black_box("1048576B");
    let _ = errcode::report_dynamic(black_box("EK0201"), &[(name, value)]);
    errcode::take_error_message()
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

/// The CPU time of the calling thread: under load it leaves out the time
/// the thread waited for a core, which wall time counts.
fn thread_cpu_time() -> Duration {
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

/// Wall and thread CPU ns per cycle of `cycles` consecutive cycles of `cycle`.
fn time(cycles: u64, mut cycle: impl FnMut()) -> (f64, f64) {
    let cpu = thread_cpu_time();
    let start = Instant::now();
    for _ in 0..cycles {
        cycle();
    }
    let wall = start.elapsed();
    let cpu = thread_cpu_time().saturating_sub(cpu);
    (
        wall.as_nanos() as f64 / cycles as f64,
        cpu.as_nanos() as f64 / cycles as f64,
    )
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Median ns per cycle, wall and CPU, of one way.
#[derive(Clone, Copy)]
struct Cost {
    wall: f64,
    cpu: f64,
}

/// The cost per cycle of each way over `runs` runs of `cycles`, the two
/// alternating so that a change of load touches both.
fn per_cycle(c_abi: &mut CAbi, rust: &mut RustApi, cycles: u64, runs: usize) -> (Cost, Cost) {
    let mut samples: [Vec<f64>; 4] = Default::default();
    for _ in 0..runs {
        let (wall, cpu) = time(cycles, || {
            black_box(c_abi.cycle());
        });
        samples[0].push(wall);
        samples[1].push(cpu);
        let (wall, cpu) = time(cycles, || {
            black_box(rust.cycle());
        });
        samples[2].push(wall);
        samples[3].push(cpu);
    }
    let [c_wall, c_cpu, r_wall, r_cpu] = samples.map(median);
    (
        Cost {
            wall: c_wall,
            cpu: c_cpu,
        },
        Cost {
            wall: r_wall,
            cpu: r_cpu,
        },
    )
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

    // Warm both up, then the counts of the summary.
    per_cycle(&mut c_abi, &mut rust, 10_000, 3);
    let resident_before = resident_kib();
    let small = per_cycle(&mut c_abi, &mut rust, 1_000, 201);
    let large = per_cycle(&mut c_abi, &mut rust, 1_000_000, 5);
    let resident_after = resident_kib();
    check(&mut c_abi, &mut rust);

    println!();
    println!(
        "EK0201 report + take the text: ns per cycle, wall [thread CPU], median of runs \
         (10^3 cycles: 201 runs; 10^6: 5), C ABI and Rust API alternating:"
    );
    println!("| cycles | C ABI | Rust API | ratio C ABI / Rust API | target <= 1.2 |");
    println!("| --- | --- | --- | --- | --- |");
    for (cycles, (c, r)) in [("10^3", small), ("10^6", large)] {
        let (wall, cpu) = (c.wall / r.wall, c.cpu / r.cpu);
        println!(
            "| {cycles} | {:.1} [{:.1}] | {:.1} [{:.1}] | {wall:.2} [{cpu:.2}] | {} |",
            c.wall,
            c.cpu,
            r.wall,
            r.cpu,
            if cpu <= 1.2 { "met" } else { "missed" }
        );
    }
    println!(
        "flat over 10^6 cycles: per cycle at 10^6 / at 10^3 = {:.2} [{:.2}] through the C ABI, \
         {:.2} [{:.2}] through the Rust API",
        large.0.wall / small.0.wall,
        large.0.cpu / small.0.cpu,
        large.1.wall / small.1.wall,
        large.1.cpu / small.1.cpu,
    );
    println!(
        "load average: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    if let (Some(before), Some(after)) = (resident_before, resident_after) {
        println!(
            "resident memory over all {} cycles: {before} KiB before, {after} KiB after",
            201 * 1_000 * 2 + 5 * 1_000_000 * 2
        );
    }
}
