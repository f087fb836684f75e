//! The "Profiling Errors" of the CANN runtime's catalog (`error_code.json`):
//! EK0001–EK0007, EK0201–EK0204 and EK9999, as `#[error_code]` definitions.
//!
//! Depend on this crate and `use errcode_profiling::*;` to report them:
//!
//! ```
//! use errcode_profiling::*;
//!
//! errcode::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
//! assert!(errcode::take_error_message().unwrap().starts_with(
//!     "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n"
//! ));
//! ```
//!
//! The texts are the catalog's, including its `"N/A"` causes and solutions,
//! which are written here as absent.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use errcode::error_code;

/// EK0001: a parameter has an invalid value.
#[error_code(
    "EK0001",
    title = "Invalid_Argument",
    class = "Profiling Errors",
    message = "Value %s for parameter %s is invalid. Reason: %s."
)]
pub struct InvalidArgument {
    /// The value given.
    pub value: String,
    /// The parameter it was given for.
    pub param: String,
    /// Why it is invalid.
    pub reason: String,
}

/// EK0002: profiling APIs were called out of order.
#[error_code(
    "EK0002",
    title = "Invalid_Argument_API_Call_Sequence",
    class = "Profiling Errors",
    message = "Please call the APIs in the following order: call %s first, then %s."
)]
pub struct InvalidApiCallSequence {
    /// The API to call first.
    pub intf1: String,
    /// The API to call after it.
    pub intf2: String,
}

/// EK0003: a configuration item has an invalid value.
#[error_code(
    "EK0003",
    title = "Config_Error",
    class = "Profiling Errors",
    message = "Value %s for %s is invalid. Reason: %s."
)]
pub struct ConfigError {
    /// The value given.
    pub value: String,
    /// The configuration item.
    pub config: String,
    /// Why it is invalid.
    pub reason: String,
}

/// EK0004: an API is not supported on this system or device.
#[error_code(
    "EK0004",
    title = "Not_Supported_API",
    class = "Profiling Errors",
    message = "The current system or device does not support %s."
)]
pub struct NotSupportedApi {
    /// The API.
    pub intf: String,
}

/// EK0005: a parameter is not supported.
#[error_code(
    "EK0005",
    title = "Not_Supported",
    class = "Profiling Errors",
    message = "Parameter %s is not supported."
)]
pub struct NotSupported {
    /// The parameter.
    pub param: String,
}

/// EK0006: a required pointer parameter was null.
#[error_code(
    "EK0006",
    title = "Invalid_Argument_Null_Pointer",
    class = "Profiling Errors",
    message = "%s failed because parameter %s cannot be a null pointer."
)]
pub struct NullPointer {
    /// The API that failed.
    pub api: String,
    /// The parameter that was null.
    pub param: String,
}

/// EK0007: profiling was started in a second mode while already running in another.
#[error_code(
    "EK0007",
    title = "Invalid_Argument",
    class = "Profiling Errors",
    message = "Failed to start Profiling in %s mode because it is already in %s mode.",
    cause = "Do not enable two or more profile data collection modes. Example: When Profiling is started using msprof command lines, do not use acl APIs in the app to start Profiling data collection.",
    solution = "Change the Profiling startup mode as required."
)]
pub struct ModeConflict {
    /// The mode that could not start.
    pub mode1: String,
    /// The mode already running.
    pub mode2: String,
}

/// EK0201: the host could not allocate memory for profiling.
#[error_code(
    "EK0201",
    title = "Resource_Error_Insufficient_Host_Memory",
    class = "Profiling Errors",
    message = "Failed to allocate %s host memory for Profiling.",
    cause = "Allocation failed due to insufficient host memory.",
    solution = "Stop unnecessary processes and ensure that the required memory is available."
)]
pub struct InsufficientHostMemory {
    /// The size asked for, with its unit (`"1048576B"`).
    pub buf_size: String,
}

/// EK0202: an operation could not allocate host memory.
#[error_code(
    "EK0202",
    title = "Resource_Error_Insufficient_Host_Memory",
    class = "Profiling Errors",
    message = "Failed to allocate host memory by %s.",
    cause = "Allocation failed due to insufficient host memory.",
    solution = "Stop unnecessary processes and ensure that the required memory is available."
)]
pub struct HostMemoryOperationFailed {
    /// The operation that allocated.
    pub operation: String,
}

/// EK0203: a profiling thread could not be created.
#[error_code(
    "EK0203",
    title = "Resource_Error",
    class = "Profiling Errors",
    message = "Failed to create host thread for Profiling. Reason: %s.",
    cause = "New thread cannot be created due to insufficient system thread resources.",
    solution = "Stop unnecessary threads and ensure that the required resource is available."
)]
pub struct ThreadCreationFailed {
    /// Why the thread could not be created.
    pub reason: String,
}

/// EK0204: not enough disk space to flush profiling data.
#[error_code(
    "EK0204",
    title = "Resource_Error",
    class = "Profiling Errors",
    message = "Insufficient disk space. Reason: %s.",
    solution = "At least 20MB storage space is required for Profiling flushing. Delete redundant files or change the flushing path."
)]
pub struct InsufficientDiskSpace {
    /// Why the space is insufficient.
    pub reason: String,
}

/// EK9999: an internal profiling error; details are in the log.
#[error_code(
    "EK9999",
    title = "System_Terminated",
    class = "Profiling Errors",
    message = "An unknown error occurred. Please check the log."
)]
pub struct SystemTerminated;
