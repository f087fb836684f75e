//! A million report-and-take cycles on one thread: the time per cycle stays
//! flat (the C error manager's output buffer grows with every take, so its
//! cost per cycle climbs from about 1 µs to over 10 µs).
//!
//! Run with `cargo run --release --example report_cycles`. It prints the mean
//! time per cycle of each block of 100,000 cycles and the ratio of the last
//! block to the first.

use std::time::Instant;

use errcode::{error_code, report_inner_error};

#[error_code(
    "EK0201",
    message = "Failed to allocate %s host memory for Profiling.",
    cause = "Allocation failed due to insufficient host memory.",
    solution = "Stop unnecessary processes and ensure that the required memory is available."
)]
pub struct HostMemory<'a> {
    pub buf_size: &'a str,
}

const CYCLES: usize = 1_000_000;
const BLOCK: usize = 100_000;

fn main() {
    let mut buffer = String::with_capacity(4096);
    let mut block_means = Vec::new();
    let mut block_start = Instant::now();
    for cycle in 0..CYCLES {
        HostMemory {
            buf_size: "1048576B",
        }
        .report();
        report_inner_error!("E19999", "cycle {}", cycle);
        buffer.clear();
        errcode::write_error_message(&mut buffer);
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
