//! A million report-and-take cycles on one thread: the time per cycle stays
//! flat (the C error manager's output buffer grows with every take, so its
//! cost per cycle climbs from about 1 µs to over 10 µs).
//!
//! Run with `cargo run --release --example report_cycles [CYCLES]` (default
//! 1,000,000). It prints the mean time per cycle of each block of 100,000
//! cycles and the ratio of the last block to the first. Time is noisy on a
//! shared machine; instruction counts are not: under
//! `valgrind --tool=callgrind`, 100,000 and 1,000,000 cycles cost the same
//! per cycle when the cost is flat.

use std::time::Instant;

use errcat::report_inner_error;
use errcat_profiling::InsufficientHostMemory;

const BLOCK: usize = 100_000;

fn main() {
    let cycles: usize = match std::env::args().nth(1) {
        Some(text) => match text.parse() {
            Ok(cycles) if cycles >= BLOCK => cycles,
            _ => {
                eprintln!(
                    "report_cycles: CYCLES must be a whole number of at least {BLOCK}, not {text:?}"
                );
                std::process::exit(2);
            }
        },
        None => 1_000_000,
    };
    let mut buffer = String::with_capacity(4096);
    let mut block_means = Vec::new();
    let mut block_start = Instant::now();
    for cycle in 0..cycles {
        InsufficientHostMemory {
            buf_size: "1048576B".into(),
        }
        .report();
        report_inner_error!("E19999", "cycle {}", cycle);
        buffer.clear();
        errcat::write_error_message(&mut buffer);
        if (cycle + 1) % BLOCK == 0 {
            let nanos = block_start.elapsed().as_nanos() as f64 / BLOCK as f64;
            println!(
                "cycles {:>7}..{:>7}: {nanos:7.1} ns per cycle",
                cycle + 1 - BLOCK,
                cycle + 1
            );
            block_means.push(nanos);
            block_start = Instant::now();
        }
    }
    let first = block_means[0];
    let last = block_means[block_means.len() - 1];
    println!("last block / first block: {:.2}", last / first);
}
