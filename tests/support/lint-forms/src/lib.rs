//! Every form of definition the guide shows, for `tests/lints.rs` to run
//! `cargo clippy` over, with warnings and `clippy::pedantic` denied: the code
//! `#[error_code]` generates must not fail a user's clippy run, whatever
//! its `retired` says (a version of any form, or a date). The lints are
//! set here rather than on clippy's command line, which would set them for
//! every crate of the workspace the run checks too.

#![deny(warnings, clippy::all, clippy::pedantic)]

use std::path::PathBuf;

use errcat::prelude::*;

/// A plain struct.
#[derive(Debug)]
#[error_code("EF0001", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    /// The device.
    pub device_id: u32,
}

/// Retired since a version of two parts.
#[derive(Debug)]
#[error_code("EF0002", message = "Device {device_id} is busy.", retired = "1.2")]
pub struct DeviceBusy {
    /// The device.
    pub device_id: u32,
}

/// Retired since a version with a replacement.
#[derive(Debug)]
#[error_code(
    "EF0003",
    message = "Device {device_id} is lost.",
    retired = "2.0",
    replacement = "EF0001"
)]
pub struct DeviceLost {
    /// The device.
    pub device_id: u32,
}

/// Retired since a release candidate, which is no semver.
#[derive(Debug)]
#[error_code("EF0004", message = "Queue {queue} is full.", retired = "8.0.RC1")]
pub struct QueueFull {
    /// The queue.
    pub queue: String,
}

/// Retired since a semver version.
#[derive(Debug)]
#[error_code("EF0005", message = "Queue {queue} is gone.", retired = "1.2.3")]
pub struct QueueGone {
    /// The queue.
    pub queue: String,
}

/// An enum: struct, unit and transparent variants, sources, `#[from]`,
/// retired variants, `display` adapters.
#[derive(Debug)]
#[error_code]
pub enum DriverError<'a> {
    /// A struct variant.
    #[error_code("EF0101", message = "Device {device_id} failed: {reason}.")]
    Failed {
        /// The device.
        device_id: u32,
        /// Why.
        reason: &'a str,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A unit variant, a warning.
    #[error_code("WF0102", message = "Driver is outdated.")]
    Outdated,
    /// Retired since a date.
    #[error_code(
        "EF0103",
        message = "Device {device_id} was reset.",
        retired = "2026-08-19"
    )]
    Reset {
        /// The device.
        device_id: u32,
    },
    /// Retired since a version, with a replacement.
    #[error_code(
        "EF0104",
        message = "Device {device_id} hung.",
        retired = "8.0.RC1",
        replacement = "EF0101"
    )]
    Hung {
        /// The device.
        device_id: u32,
    },
    /// `display` adapters.
    #[error_code("EF0105", message = "Cannot open {path} ({flags}).")]
    Denied {
        /// The file.
        #[error_code(display = path.display())]
        path: PathBuf,
        /// Its flags.
        #[error_code(display = format_args!("{flags:?}"))]
        flags: Vec<u8>,
    },
    /// A transparent variant.
    #[error_code(transparent)]
    Io(#[from] std::io::Error),
}

/// Reports by code and by value, of every live definition.
///
/// # Errors
///
/// `DeviceNotFound`, always, reported as it is returned.
pub fn report_all(path: PathBuf, index: u16) -> Result<(), DeviceNotFound> {
    errcat::report!("EF0001", ["device_id"], [7u32]);
    // Typed values: a literal takes the field's type, a `u16` converts.
    errcat::report!("EF0001", ["device_id"], [7]);
    errcat::report!("EF0101", ["reason", "device_id"], [index, index]);
    errcat::report!("EF0101", ["device_id", "reason"], [1u32, "bus"]);
    errcat::report!("EF0105", ["path", "flags"], [path.display(), "[]"]);
    DeviceNotFound { device_id: 7 }.report();
    DriverError::Outdated.report();
    DriverError::Denied {
        path,
        flags: vec![1],
    }
    .report();
    DriverError::from(std::io::Error::other("x")).report();
    Err(DeviceNotFound { device_id: 8 }.reported())
}

/// Old code that still makes retired errors, where deprecation is allowed.
#[allow(deprecated)]
#[must_use]
pub fn retired_values() -> [String; 6] {
    [
        DeviceBusy { device_id: 1 }.to_string(),
        DeviceLost { device_id: 2 }.to_string(),
        QueueFull {
            queue: "q".to_owned(),
        }
        .to_string(),
        QueueGone {
            queue: "q".to_owned(),
        }
        .to_string(),
        DriverError::Reset { device_id: 3 }.to_string(),
        DriverError::Hung { device_id: 4 }.to_string(),
    ]
}
