//! Error-code catalogs checked by the compiler, with a fast per-thread store
//! that renders messages byte for byte as the CANN runtime does.
//!
//! A definition is a struct with an attribute:
//!
//! ```
//! use errcode::error_code;
//!
//! #[derive(Debug)]
//! #[error_code("EK0201",
//!     title = "Resource_Error_Insufficient_Host_Memory",
//!     class = "Profiling Errors",
//!     message = "Failed to allocate %s host memory for Profiling.",
//!     cause = "Allocation failed due to insufficient host memory.",
//!     solution = "Stop unnecessary processes and ensure that the required memory is available.")]
//! pub struct InsufficientHostMemory {
//!     pub buf_size: String,
//! }
//!
//! // Reports name the code and its arguments; both are checked when this compiles.
//! errcode::msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
//!
//! assert_eq!(
//!     errcode::take_error_message().unwrap(),
//!     "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n\
//!      \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
//!      \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n"
//! );
//! ```
//!
//! - [`error_code`] defines a code; every definition linked into a binary is in
//!   the [`registry()`].
//! - [`msprof_env_error!`], [`msprof_input_error!`], [`report_input_error!`] and
//!   [`report_env_error!`] report a defined code with its arguments by name;
//!   [`report_inner_error!`] and [`msprof_inner_error!`] report an internal
//!   error with a format string; [`report_dynamic`] reports a code known only
//!   at run time.
//! - [`include_catalog!`] imports a catalog in the CANN `error_code.json`
//!   format at compile time; [`register_catalog_json`] registers one at run
//!   time; [`Registry::to_catalog`] exports the registry as JSON or Markdown
//!   ([`catalog`] reads, checks and writes catalogs).
//! - Each thread keeps its own reports: [`take_error_message`],
//!   [`take_warning_message`], [`take_reports`] and [`restore_reports`].

#![doc = include_str!("docs/integrations.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Generated code names this crate `::errcode`, also inside it.
extern crate self as errcode;

#[doc = include_str!("docs/error_code.md")]
pub use errcode_macros::error_code;
/// Imports a catalog in the CANN `error_code.json` format at compile time.
///
/// `include_catalog!("path/error_code.json")` (the path relative to the
/// including crate's directory, `CARGO_MANIFEST_DIR`; a path that names no
/// file there is looked for beside the source file that invokes the macro,
/// as `include_str!` looks) reads the file when
/// the crate compiles and defines, for every entry, what an `#[error_code]`
/// struct defines: a `pub struct` named after the code, with a `String`
/// field per `Arglist` name (keywords as raw identifiers, `r#type`), its
/// registration, and what the report macros need, so that
/// `msprof_env_error!("EK0201", ["buf_size"], [size])` is checked against
/// the file. Editing the file rebuilds the crate.
///
/// Every defect of the file fails the compile, each error naming the file,
/// the line and the entry's code, as `errcode check` names them:
/// placeholders against `Arglist`, duplicate or malformed codes, stray `%`,
/// bad names, missing fields, invalid JSON.
///
/// ```
/// errcode::include_catalog!("ui-tests/catalogs/valid.json");
///
/// errcode::msprof_env_error!("EX0201", ["buf_size"], ["1048576B"]);
/// assert_eq!(
///     errcode::take_error_message().unwrap().lines().next(),
///     Some("EX0201: Failed to allocate 1048576B host memory.")
/// );
/// // The struct of a code with a keyword argument: `type` becomes `r#type`.
/// let unsupported = WX0001 { function: "cast".into(), r#type: "bf16".into() };
/// assert_eq!(unsupported.to_string(), "Failed to cast because bf16 is not supported.");
/// ```
#[cfg(feature = "include-catalog")]
pub use errcode_macros::include_catalog;
/// Reports a defined code with its arguments by name: a failure of the environment (memory, disk, device), as the Profiling module's `MSPROF_ENV_ERROR` does.
///
/// ```
/// use errcode_profiling::*;
///
/// errcode::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
/// assert!(errcode::take_error_message().unwrap().starts_with("EK0201: Failed to allocate 1048576B host memory for Profiling."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcode_macros::msprof_env_error;
/// Reports an internal error with a format string, as the CANN runtime's
/// `MSPROF_INNER_ERROR` does.
///
/// ```
/// let queue = "rx";
/// errcode::msprof_inner_error!("E19999", "queue {queue} overflowed after {} items", 4096);
/// assert_eq!(
///     errcode::take_error_message().as_deref(),
///     Some("E19999: Inner Error!\r\nqueue rx overflowed after 4096 items\r\n")
/// );
/// ```
///
#[doc = include_str!("docs/report_inner.md")]
pub use errcode_macros::msprof_inner_error;
/// Reports a defined code with its arguments by name: a failure caused by the caller's input, as the Profiling module's `MSPROF_INPUT_ERROR` does.
///
/// ```
/// use errcode_profiling::*;
///
/// errcode::msprof_input_error!("EK0003", ["config", "value", "reason"], ["aic_metrics", "xyz", "it is not a metric group"]);
/// assert!(errcode::take_error_message().unwrap().starts_with("EK0003: Value xyz for aic_metrics is invalid. Reason: it is not a metric group."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcode_macros::msprof_input_error;
/// Reports a defined code with its arguments by name: a failure of the environment, as the CANN runtime's `REPORT_ENV_ERROR` does.
///
/// ```
/// use errcode_profiling::*;
///
/// errcode::report_env_error!("EK0201", ["buf_size"], ["1048576B"]);
/// assert!(errcode::take_error_message().unwrap().starts_with("EK0201: Failed to allocate 1048576B host memory for Profiling."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcode_macros::report_env_error;
/// Reports an internal error with a format string, as the CANN runtime's
/// `REPORT_INNER_ERROR` does.
///
/// ```
/// let queue = "rx";
/// errcode::report_inner_error!("E19999", "queue {queue} overflowed after {} items", 4096);
/// assert_eq!(
///     errcode::take_error_message().as_deref(),
///     Some("E19999: Inner Error!\r\nqueue rx overflowed after 4096 items\r\n")
/// );
/// ```
///
#[doc = include_str!("docs/report_inner.md")]
pub use errcode_macros::report_inner_error;
/// Reports a defined code with its arguments by name: a failure caused by the caller's input, as the CANN runtime's `REPORT_INPUT_ERROR` does.
///
/// ```
/// use errcode_profiling::*;
///
/// errcode::report_input_error!("EK0003", ["config", "value", "reason"], ["aic_metrics", "xyz", "it is not a metric group"]);
/// assert!(errcode::take_error_message().unwrap().starts_with("EK0003: Value xyz for aic_metrics is invalid. Reason: it is not a metric group."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcode_macros::report_input_error;
#[cfg(feature = "serde")]
pub use errcode_runtime::DESERIALIZED_FILE;
#[cfg(feature = "json")]
pub use errcode_runtime::{
    CatalogErrors, PartialRegistration, REGISTERED_FILE, catalog, register_catalog_json,
    register_catalog_json_partial,
};
pub use errcode_runtime::{
    Conflict, ErrorCode, ErrorDef, Instrumented, InvalidLimits, Limits, MissingCodes, Registry,
    Report, ReportError, Scope, SourceLocation, StreamGuard, WorkStream, definition_of, limits,
    registry, report_dynamic, report_internal, restore_reports, scope, set_limits,
    take_error_message, take_reports, take_warning_message, write_error_message,
    write_warning_message,
};
// The graph engine's layout and the reports of CANN's C++ error-message framework.
pub use errcode_runtime::{
    Layout, ReportTime, report_dynamic_suffixed, report_user_defined, take_error_message_with,
    take_error_reports, take_warning_message_with, write_error_message_with,
    write_warning_message_with,
};

/// What generated code refers to; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use errcode_macros::__report_checked;
    pub use errcode_runtime::{
        Arg, AsDynError, CannotFill, Defined, FieldOf, NotInto, REJECTED, RawDef, Registration,
        Registrations, ViaInto, downcast, field_of, fmt_display, report_defined, report_formatted,
    };
    #[cfg(feature = "miette")]
    pub use errcode_runtime::{
        diagnostic_code, diagnostic_help, diagnostic_related, diagnostic_severity, miette,
    };
    pub use inventory;

    /// Values of `#[error_code]` fields are shown with `Display`; a field of
    /// another type fails here, at the field's type.
    pub fn write_display<T: core::fmt::Display + ?Sized>(
        out: &mut dyn core::fmt::Write,
        value: &T,
    ) -> core::fmt::Result {
        write!(out, "{value}")
    }

    /// Values of `#[error_code]` fields written as a standard text type
    /// (`String`, `&str`, ...) are written as they are.
    pub fn write_text(out: &mut dyn core::fmt::Write, value: &str) -> core::fmt::Result {
        out.write_str(value)
    }
}

/// Splits a report's values into expressions for the compiler, then hands
/// them to the hidden macro of the code's definition.
#[doc(hidden)]
#[macro_export]
macro_rules! __split_values {
    ($finder:ident ($($krate:tt)*) ($($head:tt)*) [$($value:expr),* $(,)?]) => {
        $finder! { ($($krate)*) $($head)* [$(($value))*] }
    };
}
