//! Memory: EV0101-EV0105.

/// What can go wrong with device or host memory.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// Host memory ran out.
    #[error("Failed to allocate {size} host memory.")]
    Host {
        /// The size asked for.
        size: String,
    },
    /// Device memory ran out.
    #[error("Failed to allocate {size} on device {device_id}.")]
    Device {
        /// The size asked for.
        size: String,
        /// The device.
        device_id: u32,
    },
    /// A buffer is too small.
    #[error("Buffer of {size} bytes is too small for {needed}.")]
    TooSmall {
        /// Its size.
        size: usize,
        /// What is needed.
        needed: usize,
    },
    /// An address is not aligned.
    #[error("Address {address} is not aligned to {alignment}.")]
    Misaligned {
        /// The address, as written.
        address: String,
        /// The alignment required.
        alignment: usize,
    },
    /// Memory was freed twice.
    #[error("Memory at {address} was freed twice.")]
    DoubleFree {
        /// The address, as written.
        address: String,
    },
}

impl MemoryError {
    /// The error's code.
    pub fn code(&self) -> &'static str {
        match self {
            MemoryError::Host { .. } => "EV0101",
            MemoryError::Device { .. } => "EV0102",
            MemoryError::TooSmall { .. } => "EV0103",
            MemoryError::Misaligned { .. } => "EV0104",
            MemoryError::DoubleFree { .. } => "EV0105",
        }
    }

    /// The possible cause, where the catalog gives one.
    pub fn cause(&self) -> Option<&'static str> {
        match self {
            MemoryError::Host { .. } => Some("Allocation failed due to insufficient host memory."),
            _ => None,
        }
    }

    /// The solution, where the catalog gives one.
    pub fn solution(&self) -> Option<&'static str> {
        match self {
            MemoryError::Host { .. } => Some(
                "Stop unnecessary processes and ensure that the required memory is available.",
            ),
            _ => None,
        }
    }
}
