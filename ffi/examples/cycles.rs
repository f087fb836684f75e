//! Runs N cycles of one way of reporting EK0201 and taking its text, for
//! instruction counts (`perf stat -e instructions`, `valgrind --tool=callgrind`)
//! of the C ABI against the Rust API without a timer in the way:
//!
//! ```sh
//! cargo build --release -p errcat-ffi --example cycles
//! perf stat -e instructions target/release/examples/cycles c_abi 1000000
//! perf stat -e instructions target/release/examples/cycles rust_api 1000000
//! ```
//!
//! Run each with two counts: the difference divided by the difference of
//! counts is the cost of one cycle, start-up left out.

use std::ffi::{CStr, c_char};
use std::hint::black_box;

type ReportFn = unsafe extern "C" fn(*const c_char, *mut *mut c_char, *mut *mut c_char, i32);
type GetFn = extern "C" fn() -> *mut c_char;

fn main() {
    let mut args = std::env::args().skip(1);
    let way = args.next().unwrap_or_default();
    let cycles: u64 = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    match way.as_str() {
        "c_abi" => {
            let report = black_box(errcat_ffi::ReportErrMessage as ReportFn);
            let get = black_box(errcat_ffi::GetErrorMessage as GetFn);
            let code: &CStr = c"EK0201";
            let mut names = [c"buf_size".as_ptr().cast_mut()];
            let mut values = [c"1048576B".as_ptr().cast_mut()];
            for _ in 0..cycles {
                // SAFETY: NUL-terminated strings that live for the program.
                unsafe {
                    report(
                        black_box(code.as_ptr()),
                        black_box(names.as_mut_ptr()),
                        black_box(values.as_mut_ptr()),
                        1,
                    )
                };
                black_box(get());
            }
        }
        // Halves, to tell which side of the C ABI costs what.
        "c_report" => {
            let report = black_box(errcat_ffi::ReportErrMessage as ReportFn);
            let code: &CStr = c"EK0201";
            let mut names = [c"buf_size".as_ptr().cast_mut()];
            let mut values = [c"1048576B".as_ptr().cast_mut()];
            let mut text = String::new();
            for _ in 0..cycles {
                // SAFETY: NUL-terminated strings that live for the program.
                unsafe {
                    report(
                        black_box(code.as_ptr()),
                        black_box(names.as_mut_ptr()),
                        black_box(values.as_mut_ptr()),
                        1,
                    )
                };
                text.clear();
                errcat::write_error_message(&mut text);
                black_box(text.len());
            }
        }
        "c_get" => {
            let get = black_box(errcat_ffi::GetErrorMessage as GetFn);
            for _ in 0..cycles {
                let _ = errcat::report_dynamic(
                    black_box("EK0201"),
                    &[(black_box("buf_size"), black_box("1048576B"))],
                );
                black_box(get());
            }
        }
        "rust_api" => {
            let mut text = String::new();
            for _ in 0..cycles {
                let _ = errcat::report_dynamic(
                    black_box("EK0201"),
                    &[(black_box("buf_size"), black_box("1048576B"))],
                );
                text.clear();
                errcat::write_error_message(&mut text);
                black_box(text.len());
            }
        }
        _ => {
            eprintln!("usage: cycles c_abi|c_report|c_get|rust_api [CYCLES]");
            std::process::exit(2);
        }
    }
}
