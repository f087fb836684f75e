//! Devices: EV0001-EV0006.

use std::path::PathBuf;

use errcat::prelude::*;

/// What can go wrong with a device.
#[derive(Debug)]
#[error_code]
pub enum DeviceError {
    /// No device has this id.
    #[error_code(
        "EV0001",
        message = "Device {device_id} was not found.",
        cause = "The device id is not among the devices of this host.",
        solution = "List the devices and use one of their ids."
    )]
    NotFound {
        /// The id asked for.
        device_id: u32,
    },
    /// The device is in use.
    #[error_code("EV0002", message = "Device {device_id} is busy with task {task}.")]
    Busy {
        /// The device.
        device_id: u32,
        /// The task holding it.
        task: String,
    },
    /// The device's node could not be opened.
    #[error_code("EV0003", message = "Cannot open {path} for device {device_id}.")]
    Open {
        /// The device node.
        #[error_code(display = path.display())]
        path: PathBuf,
        /// The device.
        device_id: u32,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The driver is older than the runtime.
    #[error_code("EV0004", message = "Driver version {found} is older than {required}.")]
    DriverTooOld {
        /// The driver's version.
        found: String,
        /// The oldest the runtime supports.
        required: String,
    },
    /// The device stopped answering.
    #[error_code(
        "EV0005",
        message = "Device {device_id} stopped answering after {millis} ms."
    )]
    Timeout {
        /// The device.
        device_id: u32,
        /// How long it was waited for.
        millis: u64,
    },
    /// An I/O error of the device's driver.
    #[error_code(transparent)]
    Io(#[from] std::io::Error),
}

/// A device was reset while in use.
#[derive(Debug)]
#[error_code("WV0006", message = "Device {device_id} was reset while in use.")]
pub struct DeviceReset {
    /// The device.
    pub device_id: u32,
}
