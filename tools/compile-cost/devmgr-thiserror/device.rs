//! Devices: EV0001-EV0006.

use std::path::PathBuf;

/// What can go wrong with a device.
#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    /// No device has this id.
    #[error("Device {device_id} was not found.")]
    NotFound {
        /// The id asked for.
        device_id: u32,
    },
    /// The device is in use.
    #[error("Device {device_id} is busy with task {task}.")]
    Busy {
        /// The device.
        device_id: u32,
        /// The task holding it.
        task: String,
    },
    /// The device's node could not be opened.
    #[error("Cannot open {} for device {device_id}.", path.display())]
    Open {
        /// The device node.
        path: PathBuf,
        /// The device.
        device_id: u32,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The driver is older than the runtime.
    #[error("Driver version {found} is older than {required}.")]
    DriverTooOld {
        /// The driver's version.
        found: String,
        /// The oldest the runtime supports.
        required: String,
    },
    /// The device stopped answering.
    #[error("Device {device_id} stopped answering after {millis} ms.")]
    Timeout {
        /// The device.
        device_id: u32,
        /// How long it was waited for.
        millis: u64,
    },
    /// An I/O error of the device's driver.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl DeviceError {
    /// The error's code.
    pub fn code(&self) -> Option<&'static str> {
        match self {
            DeviceError::NotFound { .. } => Some("EV0001"),
            DeviceError::Busy { .. } => Some("EV0002"),
            DeviceError::Open { .. } => Some("EV0003"),
            DeviceError::DriverTooOld { .. } => Some("EV0004"),
            DeviceError::Timeout { .. } => Some("EV0005"),
            DeviceError::Io(_) => None,
        }
    }

    /// The possible cause, where the catalog gives one.
    pub fn cause(&self) -> Option<&'static str> {
        match self {
            DeviceError::NotFound { .. } => {
                Some("The device id is not among the devices of this host.")
            }
            _ => None,
        }
    }

    /// The solution, where the catalog gives one.
    pub fn solution(&self) -> Option<&'static str> {
        match self {
            DeviceError::NotFound { .. } => Some("List the devices and use one of their ids."),
            _ => None,
        }
    }
}

/// A device was reset while in use.
#[derive(Debug, thiserror::Error)]
#[error("Device {device_id} was reset while in use.")]
pub struct DeviceReset {
    /// The device.
    pub device_id: u32,
}

impl DeviceReset {
    /// The error's code.
    pub const CODE: &'static str = "WV0006";
}
