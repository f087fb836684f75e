//! Test support: a device manager's error codes, 16 of them in three
//! modules, as a crate of definitions is written. Other crates report them
//! (`tests/cross_crate.rs`, the `ui-tests` cases named `cross_crate_*`).

pub mod device;
pub mod memory;
pub mod stream;

pub use device::DeviceError;
pub use memory::MemoryError;
pub use stream::StreamError;

// The one-line check a crate of definitions carries: no code of this crate
// (or of a crate it uses) is defined twice. `cargo test -p devmgr-errors`.
errcat::test_unique_codes!();
