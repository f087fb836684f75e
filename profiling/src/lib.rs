//! The "Profiling Errors" of the CANN runtime's catalog (`error_code.json`):
//! EK0001–EK0007, EK0201–EK0204 and EK9999, as `#[error_code]` definitions.
//!
//! Depend on this crate and `use errcat_profiling::*;` to report them:
//!
//! ```
//! use errcat_profiling::*;
//!
//! errcat::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
//! assert!(errcat::take_error_message().unwrap().starts_with(
//!     "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n"
//! ));
//! ```
//!
//! The texts are the catalog's, including its `"N/A"` causes and solutions,
//! which are written here as absent.
//!
//! Every argument is a `Cow<'a, str>`: a report site passes a `&str` without
//! allocating (EK0201 is reported exactly when the host is out of memory) or
//! a `String` it has built, and either converts with `Into`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::borrow::Cow;

use errcat::error_code;

/// EK0001: a parameter has an invalid value.
#[derive(Debug, Default)]
#[error_code(
    "EK0001",
    title = "Invalid_Argument",
    class = "Profiling Errors",
    message = "Value %s for parameter %s is invalid. Reason: %s.",
    args = "value,param,reason"
)]
pub struct InvalidArgument<'a> {
    /// The value given.
    pub value: Cow<'a, str>,
    /// The parameter it was given for.
    pub param: Cow<'a, str>,
    /// Why it is invalid.
    pub reason: Cow<'a, str>,
}

/// EK0002: profiling APIs were called out of order.
#[derive(Debug, Default)]
#[error_code(
    "EK0002",
    title = "Invalid_Argument_API_Call_Sequence",
    class = "Profiling Errors",
    message = "Please call the APIs in the following order: call %s first, then %s.",
    args = "intf1,intf2"
)]
pub struct InvalidApiCallSequence<'a> {
    /// The API to call first.
    pub intf1: Cow<'a, str>,
    /// The API to call after it.
    pub intf2: Cow<'a, str>,
}

/// EK0003: a configuration item has an invalid value.
#[derive(Debug, Default)]
#[error_code(
    "EK0003",
    title = "Config_Error",
    class = "Profiling Errors",
    message = "Value %s for %s is invalid. Reason: %s.",
    args = "value,config,reason"
)]
pub struct ConfigError<'a> {
    /// The value given.
    pub value: Cow<'a, str>,
    /// The configuration item.
    pub config: Cow<'a, str>,
    /// Why it is invalid.
    pub reason: Cow<'a, str>,
}

/// EK0004: an API is not supported on this system or device.
#[derive(Debug, Default)]
#[error_code(
    "EK0004",
    title = "Not_Supported_API",
    class = "Profiling Errors",
    message = "The current system or device does not support %s."
)]
pub struct NotSupportedApi<'a> {
    /// The API.
    pub intf: Cow<'a, str>,
}

/// EK0005: a parameter is not supported.
#[derive(Debug, Default)]
#[error_code(
    "EK0005",
    title = "Not_Supported",
    class = "Profiling Errors",
    message = "Parameter %s is not supported."
)]
pub struct NotSupported<'a> {
    /// The parameter.
    pub param: Cow<'a, str>,
}

/// EK0006: a required pointer parameter was null.
#[derive(Debug, Default)]
#[error_code(
    "EK0006",
    title = "Invalid_Argument_Null_Pointer",
    class = "Profiling Errors",
    message = "%s failed because parameter %s cannot be a null pointer.",
    args = "api,param"
)]
pub struct NullPointer<'a> {
    /// The API that failed.
    pub api: Cow<'a, str>,
    /// The parameter that was null.
    pub param: Cow<'a, str>,
}

/// EK0007: profiling was started in a second mode while already running in another.
#[derive(Debug, Default)]
#[error_code(
    "EK0007",
    title = "Invalid_Argument",
    class = "Profiling Errors",
    message = "Failed to start Profiling in %s mode because it is already in %s mode.",
    cause = "Do not enable two or more profile data collection modes. Example: When Profiling is started using msprof command lines, do not use acl APIs in the app to start Profiling data collection.",
    solution = "Change the Profiling startup mode as required.",
    args = "mode1,mode2"
)]
pub struct ModeConflict<'a> {
    /// The mode that could not start.
    pub mode1: Cow<'a, str>,
    /// The mode already running.
    pub mode2: Cow<'a, str>,
}

/// EK0201: the host could not allocate memory for profiling.
#[derive(Debug, Default)]
#[error_code(
    "EK0201",
    title = "Resource_Error_Insufficient_Host_Memory",
    class = "Profiling Errors",
    message = "Failed to allocate %s host memory for Profiling.",
    cause = "Allocation failed due to insufficient host memory.",
    solution = "Stop unnecessary processes and ensure that the required memory is available."
)]
pub struct InsufficientHostMemory<'a> {
    /// The size asked for, with its unit (`"1048576B"`).
    pub buf_size: Cow<'a, str>,
}

/// EK0202: an operation could not allocate host memory.
#[derive(Debug, Default)]
#[error_code(
    "EK0202",
    title = "Resource_Error_Insufficient_Host_Memory",
    class = "Profiling Errors",
    message = "Failed to allocate host memory by %s.",
    cause = "Allocation failed due to insufficient host memory.",
    solution = "Stop unnecessary processes and ensure that the required memory is available."
)]
pub struct HostMemoryOperationFailed<'a> {
    /// The operation that allocated.
    pub operation: Cow<'a, str>,
}

/// EK0203: a profiling thread could not be created.
#[derive(Debug, Default)]
#[error_code(
    "EK0203",
    title = "Resource_Error",
    class = "Profiling Errors",
    message = "Failed to create host thread for Profiling. Reason: %s.",
    cause = "New thread cannot be created due to insufficient system thread resources.",
    solution = "Stop unnecessary threads and ensure that the required resource is available."
)]
pub struct ThreadCreationFailed<'a> {
    /// Why the thread could not be created.
    pub reason: Cow<'a, str>,
}

/// EK0204: not enough disk space to flush profiling data.
#[derive(Debug, Default)]
#[error_code(
    "EK0204",
    title = "Resource_Error",
    class = "Profiling Errors",
    message = "Insufficient disk space. Reason: %s.",
    solution = "At least 20MB storage space is required for Profiling flushing. Delete redundant files or change the flushing path."
)]
pub struct InsufficientDiskSpace<'a> {
    /// Why the space is insufficient.
    pub reason: Cow<'a, str>,
}

/// EK9999: an internal profiling error; details are in the log.
#[derive(Debug, Default)]
#[error_code(
    "EK9999",
    title = "System_Terminated",
    class = "Profiling Errors",
    message = "An unknown error occurred. Please check the log."
)]
pub struct SystemTerminated;
