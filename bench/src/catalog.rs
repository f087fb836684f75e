//! The CANN "Profiling Errors" texts with borrowed (`&'a str`) fields.
//!
//! `errcode-profiling` gives its definitions `String` fields, so reporting
//! one with a `&str` allocates the `String` first: that is the caller's
//! allocation, not the store's. These definitions measure the store itself:
//! with borrowed fields a report copies the values straight into the
//! thread's arena. The codes are the same as `errcode-profiling`'s, so a
//! binary that links both has them as registry conflicts, which only
//! `Registry::get` of these codes sees (the texts are identical).

use errcode::error_code;

/// EK0001: a parameter has an invalid value.
#[error_code(
    "EK0001",
    title = "Invalid_Argument",
    class = "Profiling Errors",
    message = "Value %s for parameter %s is invalid. Reason: %s."
)]
pub struct InvalidArgument<'a> {
    /// The value given.
    pub value: &'a str,
    /// The parameter it was given for.
    pub param: &'a str,
    /// Why it is invalid.
    pub reason: &'a str,
}

/// EK0002: profiling APIs were called out of order.
#[error_code(
    "EK0002",
    title = "Invalid_Argument_API_Call_Sequence",
    class = "Profiling Errors",
    message = "Please call the APIs in the following order: call %s first, then %s."
)]
pub struct InvalidApiCallSequence<'a> {
    /// The API to call first.
    pub intf1: &'a str,
    /// The API to call after it.
    pub intf2: &'a str,
}

/// EK0003: a configuration item has an invalid value.
#[error_code(
    "EK0003",
    title = "Config_Error",
    class = "Profiling Errors",
    message = "Value %s for %s is invalid. Reason: %s."
)]
pub struct ConfigError<'a> {
    /// The value given.
    pub value: &'a str,
    /// The configuration item.
    pub config: &'a str,
    /// Why it is invalid.
    pub reason: &'a str,
}

/// EK0004: an API is not supported on this system or device.
#[error_code(
    "EK0004",
    title = "Not_Supported_API",
    class = "Profiling Errors",
    message = "The current system or device does not support %s."
)]
pub struct NotSupportedApi<'a> {
    /// The API.
    pub intf: &'a str,
}

/// EK0005: a parameter is not supported.
#[error_code(
    "EK0005",
    title = "Not_Supported",
    class = "Profiling Errors",
    message = "Parameter %s is not supported."
)]
pub struct NotSupported<'a> {
    /// The parameter.
    pub param: &'a str,
}

/// EK0006: a required pointer parameter was null.
#[error_code(
    "EK0006",
    title = "Invalid_Argument_Null_Pointer",
    class = "Profiling Errors",
    message = "%s failed because parameter %s cannot be a null pointer."
)]
pub struct NullPointer<'a> {
    /// The API that failed.
    pub api: &'a str,
    /// The parameter that was null.
    pub param: &'a str,
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
pub struct InsufficientHostMemory<'a> {
    /// The size asked for, with its unit (`"1048576B"`).
    pub buf_size: &'a str,
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
pub struct ThreadCreationFailed<'a> {
    /// Why the thread could not be created.
    pub reason: &'a str,
}

/// EK9999: an internal profiling error; details are in the log.
#[error_code(
    "EK9999",
    title = "System_Terminated",
    class = "Profiling Errors",
    message = "An unknown error occurred. Please check the log."
)]
pub struct SystemTerminated;
