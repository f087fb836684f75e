//! Times what issue 9 measured: registering catalogs at run time, and
//! reporting into a store that holds many reports. Run it in release:
//!
//! ```sh
//! cargo run --release --example registration_cost
//! ```

use std::time::Instant;

use errcat::{error_code, msprof_env_error, register_catalog_json};

#[derive(Debug)]
#[error_code("EZ7001", message = "Item %s failed.")]
pub struct ItemFailed {
    pub item: u64,
}

fn catalog(prefix: char, count: usize) -> String {
    let entries: Vec<String> = (0..count)
        .map(|index| {
            format!(
                r#"{{"ErrCode": "E{prefix}{:04}", "ErrMessage": "Entry {index} failed: %s.", "Arglist": "reason"}}"#,
                index % 10_000
            )
        })
        .collect();
    format!(r#"{{"error_info_list": [{}]}}"#, entries.join(","))
}

/// A catalog of `count` distinct new codes, over several module letters.
fn new_codes(first_module: u8, count: usize) -> String {
    let entries: Vec<String> = (0..count)
        .map(|index| {
            let module = char::from(first_module + (index / 10_000) as u8);
            format!(
                r#"{{"ErrCode": "E{module}{:04}", "ErrMessage": "Entry {index} failed: %s.", "Arglist": "reason"}}"#,
                index % 10_000
            )
        })
        .collect();
    format!(r#"{{"error_info_list": [{}]}}"#, entries.join(","))
}

fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let unchanged = catalog('U', 1_000);
    assert_eq!(register_catalog_json(&unchanged, 1), Ok(1_000));
    let (rss, start) = (resident_kib(), Instant::now());
    for _ in 0..1_000 {
        assert_eq!(register_catalog_json(&unchanged, 1), Ok(0));
    }
    println!(
        "1,000 registrations of an unchanged 1,000-code catalog: {:.2} s, resident {rss} KiB -> {} KiB",
        start.elapsed().as_secs_f64(),
        resident_kib()
    );

    let ten = new_codes(b'A', 10_000);
    let start = Instant::now();
    assert_eq!(register_catalog_json(&ten, 1), Ok(10_000));
    let ten_time = start.elapsed().as_secs_f64();
    let twenty = new_codes(b'C', 20_000);
    let start = Instant::now();
    assert_eq!(register_catalog_json(&twenty, 1), Ok(20_000));
    let twenty_time = start.elapsed().as_secs_f64();
    println!(
        "new codes in one call: 10,000 in {ten_time:.3} s, 20,000 in {twenty_time:.3} s ({:.2}x)",
        twenty_time / ten_time
    );

    errcat::set_limits(errcat::Limits::default().with_max_items(200_000)).unwrap();
    // Each size is measured on a warm store (its buffers grown by a first
    // round), so that the figure is the duplicate check and the copy, not
    // the kernel's first touch of fresh pages.
    let per_report = |stored: u64| {
        for item in 0..stored + 1_000 {
            msprof_env_error!("EZ7001", ["item"], [item]);
        }
        drop(errcat::take_reports());
        for item in 0..stored {
            msprof_env_error!("EZ7001", ["item"], [item]);
        }
        let start = Instant::now();
        for item in stored..stored + 1_000 {
            msprof_env_error!("EZ7001", ["item"], [item]);
        }
        let nanos = start.elapsed().as_nanos() as f64 / 1_000.0;
        drop(errcat::take_reports());
        nanos
    };
    let few = per_report(1_000);
    let many = per_report(100_000);
    println!(
        "per report with 1,000 stored: {few:.0} ns; with 100,000 stored: {many:.0} ns ({:.2}x)",
        many / few
    );
}
