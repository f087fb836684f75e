//! Error-code catalogs checked by the compiler, with a fast per-thread store
//! that renders messages byte for byte as the CANN runtime does.
//!
//! A definition is a struct with an attribute:
//!
//! ```
//! use errcat::error_code;
//!
//! #[derive(Debug)]
//! #[error_code("EK0201",
//!     title = "Resource_Error_Insufficient_Host_Memory",
//!     class = "Profiling Errors",
//!     message = "Failed to allocate {buf_size} host memory for Profiling.",
//!     cause = "Allocation failed due to insufficient host memory.",
//!     solution = "Stop unnecessary processes and ensure that the required memory is available.")]
//! pub struct InsufficientHostMemory {
//!     pub buf_size: String,
//! }
//!
//! // Reports name the code and its arguments; both are checked when this compiles.
//! errcat::report!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
//!
//! assert_eq!(
//!     errcat::take_error_message().unwrap(),
//!     "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n\
//!      \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
//!      \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n"
//! );
//! ```
//!
//! - [`error_code`] defines a code; every definition linked into a binary is in
//!   the [`registry()`].
//! - [`report!`] reports a defined code with its arguments by name
//!   ([`msprof_env_error!`], [`msprof_input_error!`], [`report_input_error!`]
//!   and [`report_env_error!`] are the same macro under CANN's names);
//!   [`report_inner_error!`] and [`msprof_inner_error!`] report an internal
//!   error with a format string; [`report_dynamic`] reports a code known only
//!   at run time.
//! - [`include_catalog!`] imports a catalog in the CANN `error_code.json`
//!   format at compile time; [`register_catalog_json`] registers one at run
//!   time; [`Registry::to_catalog`] exports the registry as JSON or Markdown
//!   ([`catalog`](mod@crate::catalog) reads, checks and writes catalogs).
//! - Reports go to the current store: the innermost [`scope`] being polled,
//!   else the [`WorkStream`] the thread entered, else the thread's own.
//!   [`take_error_message`], [`take_warning_message`], [`take_reports`] and
//!   [`restore_reports`] act on it.
//!
//! The [guide](crate::guide) has the rest: enums and error values, async
//! tasks and work streams, the integrations, the C and C++ library, and the
//! `errcode` tool that checks every copy of a catalog.

#![doc = include_str!("docs/integrations.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Generated code names this crate `::errcat`, also inside it.
extern crate self as errcat;

mod site;

// The trait is defined here, at the crate's root, rather than in a module of
// its own: where it is not in scope, rustc suggests importing it by the path
// it is defined at when the crate calling `.report()` has no `errcode` in its
// own dependencies (it reports a type of a crate of definitions), and that
// path must be one a user can write: `use errcat::ErrorCode;`.
use errcat_runtime::__private::{Defined, definition_in_force, report_defined};

/// What every definition is: a struct under `#[error_code]`, a variant of
/// an enum under it, or a struct of `include_catalog!`. Bring it into scope
/// (`use errcat::ErrorCode;`, or `use errcat::prelude::*;`) to call its
/// methods.
///
/// ```
/// use errcat::{ErrorCode, error_code};
///
/// #[derive(Debug)]
/// #[error_code("EZ0001", message = "Device {device_id} was not found.")]
/// pub struct DeviceNotFound {
///     pub device_id: u32,
/// }
///
/// fn open(device_id: u32) -> Result<(), DeviceNotFound> {
///     let error = DeviceNotFound { device_id };
///     error.report();
///     Err(error)
/// }
///
/// let error = open(7).unwrap_err();
/// assert_eq!(error.definition().code(), "EZ0001");
/// assert_eq!(format!("{error:#}"), "EZ0001: Device 7 was not found.");
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EZ0001: Device 7 was not found.\r\n")
/// );
/// ```
pub trait ErrorCode {
    /// The definition of this value's code (for an enum, its variant's), as
    /// it is in force: a catalog registered at run time with a higher
    /// priority replaces the compiled texts, as it does in every report.
    ///
    /// # Panics
    ///
    /// For a transparent variant (`#[error_code(transparent)]`) whose
    /// wrapped error carries no definition, which has no code to give: on a
    /// type with transparent variants, call
    /// [`try_definition`](Self::try_definition).
    #[track_caller]
    fn definition(&self) -> &'static ErrorDef;

    /// The definition of this value's code, or for a transparent variant
    /// the wrapped error's (as [`definition_of`] finds
    /// it); `None` for a transparent variant whose wrapped error has none.
    fn try_definition(&self) -> Option<&'static ErrorDef>;

    /// Records this error in the current store (the task's scope, the
    /// work stream entered, or the thread's own), to be rendered by
    /// [`take_error_message`], or by
    /// [`take_warning_message`] for a `W` code.
    /// The report keeps the values' text: the value itself stays yours.
    ///
    /// A transparent variant records the error it wraps, when that carries
    /// a definition, and nothing otherwise; with the `tracing` feature, an
    /// `errcat.unreported` event at `WARN` says so.
    #[track_caller]
    fn report(&self);

    /// Records this error, as [`report`](Self::report) does, and hands it
    /// back: the expression form, for the `?` idiom. The report's location
    /// is the line that calls `reported`.
    ///
    /// ```
    /// use errcat::prelude::*;
    ///
    /// #[derive(Debug)]
    /// #[error_code]
    /// pub enum DeviceError {
    ///     #[error_code("EZ0011", message = "Device {device_id} was not found.")]
    ///     NotFound { device_id: u32 },
    /// }
    ///
    /// fn open(device_id: u32) -> Result<(), DeviceError> {
    ///     if device_id > 3 {
    ///         // Reported and returned in one expression; `?` converts it as
    ///         // it converts any error (into `anyhow::Error`, a `#[from]`
    ///         // variant of the caller's enum, `Box<dyn Error>`).
    ///         Err(DeviceError::NotFound { device_id }.reported())?;
    ///     }
    ///     Ok(())
    /// }
    ///
    /// fn start(device_id: u32) -> anyhow::Result<()> {
    ///     // `?` on a value built in place: `return Err(...reported().into())`
    ///     // says the same.
    ///     open(device_id)?;
    ///     Ok(())
    /// }
    ///
    /// assert!(start(7).is_err());
    /// assert_eq!(
    ///     errcat::take_error_message().as_deref(),
    ///     Some("EZ0011: Device 7 was not found.\r\n")
    /// );
    /// ```
    #[track_caller]
    #[must_use = "`reported` hands the error back to be returned; call `report` to only record it"]
    fn reported(self) -> Self
    where
        Self: Sized,
    {
        self.report();
        self
    }
}

impl<T: Defined> ErrorCode for T {
    #[track_caller]
    fn definition(&self) -> &'static ErrorDef {
        match definition_in_force(self) {
            Some(def) => def,
            None => panic!(
                "errcode: this transparent variant wraps an error without a code; \
                 call `ErrorCode::try_definition`, which returns `None` for it"
            ),
        }
    }

    fn try_definition(&self) -> Option<&'static ErrorDef> {
        definition_in_force(self)
    }

    #[track_caller]
    fn report(&self) {
        report_defined(self);
    }
}

/// A test, in one line, that no code is defined twice among the definitions
/// linked into the test's binary: put it in a crate of definitions (it sees
/// that crate's codes and its dependencies') or in a binary's crate (it
/// sees every crate the binary uses). It fails naming each code defined
/// more than once, with every definition's file, line and message
/// ([`Registry::expect_unique_codes`]).
///
/// A report site by code that sees both definitions fails to build; a
/// crate that sees only one of them builds, and so does a binary that
/// links both: while both are linked, the first definition by source
/// location (file, then line) is the code's for every report and every
/// value's `Display`, including a value of the other type, whose own
/// message is then never shown. This test is what finds such a pair.
///
/// ```
/// errcat::test_unique_codes!();
/// ```
///
/// expands to a `#[cfg(test)]` `#[test]` function, `errcat_codes_are_unique`,
/// that panics with [`Registry::expect_unique_codes`]'s sentence when it
/// fails.
#[macro_export]
macro_rules! test_unique_codes {
    () => {
        #[cfg(test)]
        #[test]
        fn errcat_codes_are_unique() {
            if let ::core::result::Result::Err(conflicts) = $crate::registry().expect_unique_codes()
            {
                ::core::panic!("{conflicts}");
            }
        }
    };
}

#[doc = include_str!("docs/error_code.md")]
pub use errcat_macros::error_code;
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
/// errcat::include_catalog!("ui-tests/catalogs/valid.json");
///
/// errcat::msprof_env_error!("EX0201", ["buf_size"], ["1048576B"]);
/// assert_eq!(
///     errcat::take_error_message().unwrap().lines().next(),
///     Some("EX0201: Failed to allocate 1048576B host memory.")
/// );
/// // The struct of a code with a keyword argument: `type` becomes `r#type`.
/// let unsupported = WX0001 { function: "cast".into(), r#type: "bf16".into() };
/// assert_eq!(unsupported.to_string(), "Failed to cast because bf16 is not supported.");
/// ```
#[cfg(feature = "include-catalog")]
pub use errcat_macros::include_catalog;
/// Reports a defined code with its arguments by name: a failure of the environment (memory, disk, device), as the Profiling module's `MSPROF_ENV_ERROR` does; an alias of [`report!`] under CANN's name.
///
/// ```
/// use errcat_profiling::*;
///
/// errcat::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
/// assert!(errcat::take_error_message().unwrap().starts_with("EK0201: Failed to allocate 1048576B host memory for Profiling."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcat_macros::msprof_env_error;
/// Reports an internal error with a format string, as the CANN runtime's
/// `MSPROF_INNER_ERROR` does.
///
/// ```
/// let queue = "rx";
/// errcat::msprof_inner_error!("E19999", "queue {queue} overflowed after {} items", 4096);
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("E19999: Inner Error!\r\nqueue rx overflowed after 4096 items\r\n")
/// );
/// ```
///
#[doc = include_str!("docs/report_inner.md")]
pub use errcat_macros::msprof_inner_error;
/// Reports a defined code with its arguments by name: a failure caused by the caller's input, as the Profiling module's `MSPROF_INPUT_ERROR` does; an alias of [`report!`] under CANN's name.
///
/// ```
/// use errcat_profiling::*;
///
/// errcat::msprof_input_error!("EK0003", ["config", "value", "reason"], ["aic_metrics", "xyz", "it is not a metric group"]);
/// assert!(errcat::take_error_message().unwrap().starts_with("EK0003: Value xyz for aic_metrics is invalid. Reason: it is not a metric group."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcat_macros::msprof_input_error;
/// Reports a defined code with its arguments by name.
///
/// ```
/// use errcat::error_code;
///
/// #[derive(Debug)]
/// #[error_code("EZ0003", message = "Device {device_id} is busy.")]
/// pub struct DeviceBusy {
///     pub device_id: u32,
/// }
///
/// errcat::report!("EZ0003", ["device_id"], [7]);
/// assert_eq!(errcat::take_error_message().as_deref(), Some("EZ0003: Device 7 is busy.\r\n"));
/// ```
///
/// [`msprof_env_error!`], [`msprof_input_error!`], [`report_env_error!`] and
/// [`report_input_error!`] are the same macro under the names of the CANN
/// C++ macros it replaces, for code ported from there.
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcat_macros::report;
/// Reports a defined code with its arguments by name: a failure of the environment, as the CANN runtime's `REPORT_ENV_ERROR` does; an alias of [`report!`] under CANN's name.
///
/// ```
/// use errcat_profiling::*;
///
/// errcat::report_env_error!("EK0201", ["buf_size"], ["1048576B"]);
/// assert!(errcat::take_error_message().unwrap().starts_with("EK0201: Failed to allocate 1048576B host memory for Profiling."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcat_macros::report_env_error;
/// Reports an internal error with a format string, as the CANN runtime's
/// `REPORT_INNER_ERROR` does.
///
/// ```
/// let queue = "rx";
/// errcat::report_inner_error!("E19999", "queue {queue} overflowed after {} items", 4096);
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("E19999: Inner Error!\r\nqueue rx overflowed after 4096 items\r\n")
/// );
/// ```
///
#[doc = include_str!("docs/report_inner.md")]
pub use errcat_macros::report_inner_error;
/// Reports a defined code with its arguments by name: a failure caused by the caller's input, as the CANN runtime's `REPORT_INPUT_ERROR` does; an alias of [`report!`] under CANN's name.
///
/// ```
/// use errcat_profiling::*;
///
/// errcat::report_input_error!("EK0003", ["config", "value", "reason"], ["aic_metrics", "xyz", "it is not a metric group"]);
/// assert!(errcat::take_error_message().unwrap().starts_with("EK0003: Value xyz for aic_metrics is invalid. Reason: it is not a metric group."));
/// ```
///
#[doc = include_str!("docs/report_by_name.md")]
pub use errcat_macros::report_input_error;
#[cfg(feature = "serde")]
pub use errcat_runtime::DESERIALIZED_FILE;
#[cfg(feature = "json")]
pub use errcat_runtime::{
    CatalogErrors, PartialRegistration, REGISTERED_FILE, catalog, register_catalog_json,
    register_catalog_json_partial,
};
pub use errcat_runtime::{
    Conflict, ErrorDef, Instrumented, InvalidLimits, Layout, Limits, MissingCodes, Registry,
    Report, ReportError, Scope, SourceLocation, StreamGuard, WorkStream, definition_of, limits,
    registry, report_dynamic, report_internal, restore_reports, scope, set_limits,
    take_error_message, take_error_message_with, take_reports, take_warning_message,
    take_warning_message_with, write_error_message, write_error_message_with,
    write_warning_message, write_warning_message_with,
};
// The graph engine's layout and the reports of CANN's C++ error-message framework.
pub use errcat_runtime::{
    ReportTime, keep_report_times, report_dynamic_suffixed, report_dynamic_with,
    report_user_defined, take_error_reports,
};

/// What a module that defines or reports errors uses:
/// `use errcat::prelude::*;` brings [`ErrorCode`], whose methods
/// (`report`, `definition`) need it in scope, [`error_code`], [`report!`]
/// and [`report_inner_error!`]. The CANN-named report macros stay out: they
/// are aliases, imported by name where code is ported.
///
/// ```
/// use errcat::prelude::*;
///
/// #[derive(Debug)]
/// #[error_code("EZ0002", message = "Queue {queue} is full.")]
/// pub struct QueueFull {
///     pub queue: &'static str,
/// }
///
/// QueueFull { queue: "rx" }.report();
/// report!("EZ0002", ["queue"], ["tx"]);
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EZ0002: Queue rx is full.\r\n        TraceBack (most recent call last):\r\n        Queue tx is full.\r\n")
/// );
/// ```
pub mod prelude {
    pub use crate::{ErrorCode, error_code, report, report_inner_error};
}

// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The guide: how to define, report, integrate and check error codes, from
/// C and C++ too. Its chapters are the Markdown files of `docs/guide/` in
/// the repository, shown here so that docs.rs has them and so that every
/// Rust example in them is compiled and run as a doctest. Built only by
/// rustdoc: it adds nothing to a user's build.
#[cfg(any(doc, doctest))]
pub mod guide {
    #[doc = include_str!("../docs/guide/defining-and-reporting.md")]
    pub mod defining_and_reporting {}
    // Its examples need the three integrations; without them it shows
    // only a pointer (CI runs the doctests with the features on).
    #[cfg_attr(
        all(feature = "tracing", feature = "serde", feature = "miette"),
        doc = include_str!("../docs/guide/integrations.md")
    )]
    #[cfg_attr(
        not(all(feature = "tracing", feature = "serde", feature = "miette")),
        doc = "Integrations: tracing, serde, miette. Built with the features \
               `tracing`, `serde` and `miette` on (docs.rs builds with all)."
    )]
    pub mod integrations {}
    #[doc = include_str!("../docs/guide/c-and-cpp.md")]
    pub mod c_and_cpp {}
    #[doc = include_str!("../docs/guide/cli.md")]
    pub mod cli {}
    #[doc = include_str!("../docs/guide/contributing.md")]
    pub mod contributing {}
}

/// What generated code refers to; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use crate::site::{
        Arg, ArgProbe, Checked, Code, Field, Find, Found, Lookup, Missing, NearAnswer, NearProbe,
        NearStep, Nearest, NoNear, NoneNear, Nowhere, Probe, ShowValue, Site, Typed, Unchecked,
        Undefined, Untyped, Value, Verdict, check_site, near_of, report_by_code,
    };
    pub use errcat_runtime::__private::*;
    pub use inventory;

    /// Values of `#[error_code]` fields written as a standard text type
    /// (`String`, `&str`, ...) are written as they are.
    pub fn write_text(out: &mut dyn core::fmt::Write, value: &str) -> core::fmt::Result {
        out.write_str(value)
    }
}

/// How the value of a definition's argument (a field that fills a
/// placeholder) is written into its message: with [`Display`](core::fmt::Display),
/// which every type given here has. A field of a type that is not
/// `Display` (a `PathBuf`, a `Vec`) is shown through an expression that is,
/// written on the field, in which the field's name is a reference to it:
///
/// ```
/// use std::path::PathBuf;
/// use errcat::prelude::*;
///
/// #[derive(Debug)]
/// #[error_code("EZ0021", message = "Cannot open {path}: {reason}.")]
/// pub struct CannotOpen {
///     #[error_code(display = path.display())]
///     pub path: PathBuf,
///     pub reason: String,
/// }
///
/// let error = CannotOpen { path: "/dev/davinci0".into(), reason: "busy".into() };
/// assert_eq!(error.to_string(), "Cannot open /dev/davinci0: busy.");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not `Display`, and a value that fills a placeholder is shown with `Display`",
    label = "not `Display`",
    note = "on a field, show it through an expression that is, written on the field: \
            `#[error_code(display = path.display())]` (the field's name is a reference to it), \
            or `#[error_code(display = format_args!(\"{{:?}}\", path))]` for its `Debug`; \
            at a report site, give such an expression as the value"
)]
pub trait ArgDisplay {
    /// Writes the value into a message.
    fn write_arg(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result;
}

// Only `Display` types: what the error of another type names is this
// trait's own message, not the bound.
#[diagnostic::do_not_recommend]
impl<T: core::fmt::Display + ?Sized> ArgDisplay for T {
    fn write_arg(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        write!(out, "{self}")
    }
}

/// What a report by code checks of a value given for an argument whose type
/// is not text: that it converts into that type (`Into<F>`), as the value
/// of the field would have to if the error were built by its type. A text
/// argument (`String`, `&str`, `Cow<str>`, `Box<str>`, `Arc<str>`,
/// `Rc<str>`, or a field with a display adapter) takes anything `Display`,
/// as CANN's string values do; an integer or float literal takes the
/// argument's type, as it would in a `let`.
///
/// ```
/// use errcat::prelude::*;
///
/// #[derive(Debug)]
/// #[error_code("EZ0031", message = "Device {device_id} is busy with {task}.")]
/// pub struct DeviceBusy {
///     pub device_id: u32,
///     pub task: String,
/// }
///
/// let index: u16 = 3;
/// report!("EZ0031", ["device_id", "task"], [index, 42]); // u16 into u32; any Display for text
/// report!("EZ0031", ["device_id", "task"], [7, "training"]); // a literal takes the type
/// # let _ = errcat::take_error_message();
/// ```
///
/// A value that does not convert is a compile error at the value, naming
/// the code and the argument:
///
/// ```compile_fail
/// # use errcat::prelude::*;
/// # #[derive(Debug)]
/// # #[error_code("EZ0032", message = "Device {device_id} is busy.")]
/// # pub struct DeviceBusy { pub device_id: u32 }
/// report!("EZ0032", ["device_id"], ["seven"]); // a text for a u32
/// ```
///
/// `Code` and `Name` are the site's own types, named after the code and
/// the argument, for the message.
#[diagnostic::on_unimplemented(
    message = "{Code}: the value of `{Name}` is a `{Self}`, which does not convert into the argument's type, `{F}`",
    label = "not a `{F}`",
    note = "a report by code checks each value against its argument's type: a value for an argument that is not text \
            converts into its type (`Into<{F}>`; write `*value` for a reference), a text argument takes any `Display` value"
)]
pub trait ReportValue<F, Code = (), Name = ()> {}

// Only values that convert: what the error of another names is this trait's
// own message, not `From`'s.
#[diagnostic::do_not_recommend]
impl<T: Into<F>, F, Code, Name> ReportValue<F, Code, Name> for T {}
