//! Benchmarks of `errcode` against the obvious alternatives; `BENCHMARKS.md`
//! at the repository root has the figures and the commands.
//!
//! The bench binary (`benches/report.rs`) measures each product scenario
//! next to its baseline in the same run and prints the ratios. This library
//! holds what it shares with its tests: the scenarios and their floors (whose
//! texts must match byte for byte), the counting allocator, and the statistics.

pub mod alloc;
pub mod lookup;
pub mod scenarios;
pub mod stats;
