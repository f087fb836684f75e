//! Memory: EV0101-EV0105.

use errcat::prelude::*;

/// What can go wrong with device or host memory.
#[derive(Debug)]
#[error_code]
pub enum MemoryError {
    /// Host memory ran out.
    #[error_code(
        "EV0101",
        message = "Failed to allocate {size} host memory.",
        cause = "Allocation failed due to insufficient host memory.",
        solution = "Stop unnecessary processes and ensure that the required memory is available."
    )]
    Host {
        /// The size asked for.
        size: String,
    },
    /// Device memory ran out.
    #[error_code("EV0102", message = "Failed to allocate {size} on device {device_id}.")]
    Device {
        /// The size asked for.
        size: String,
        /// The device.
        device_id: u32,
    },
    /// A buffer is too small.
    #[error_code(
        "EV0103",
        message = "Buffer of {size} bytes is too small for {needed}."
    )]
    TooSmall {
        /// Its size.
        size: usize,
        /// What is needed.
        needed: usize,
    },
    /// An address is not aligned.
    #[error_code("EV0104", message = "Address {address} is not aligned to {alignment}.")]
    Misaligned {
        /// The address, as written.
        address: String,
        /// The alignment required.
        alignment: usize,
    },
    /// Memory was freed twice.
    #[error_code("EV0105", message = "Memory at {address} was freed twice.")]
    DoubleFree {
        /// The address, as written.
        address: String,
    },
}
