//! The run-time half of [`errcode`](https://docs.rs/errcode): error
//! definitions, the registry that finds them by code, the per-thread store
//! of reports, and its rendering.
//!
//! Use it through the `errcode` crate, which re-exports everything here
//! together with the macros that make definitions and check reports.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arena;
mod arg;
mod def;
#[cfg(feature = "json")]
mod export;
mod index;
mod integrations;
mod limits;
mod local;
#[cfg(feature = "json")]
mod register;
mod registry;
mod render;
mod report;
mod store;
mod stream;
mod time;

pub use arg::{Arg, CannotFill, FieldOf, Never, NotInto, ViaInto, field_of};
pub use def::{AsDynError, Defined, ErrorCode, ErrorDef, RawDef, SourceLocation, fmt_display};
#[cfg(feature = "json")]
pub use errcode_catalog::CatalogErrors;
#[cfg(feature = "serde")]
pub use integrations::serde::DESERIALIZED_FILE;
pub use limits::{InvalidLimits, Limits, limits, set_limits};
#[cfg(feature = "json")]
pub use register::{
    PartialRegistration, REGISTERED_FILE, register_catalog_json, register_catalog_json_partial,
};
pub use registry::{
    Conflict, Downcast, MissingCodes, REJECTED, Registration, Registrations, Registry,
    definition_of, downcast, registry,
};
pub use render::Layout;
pub use report::{
    Report, ReportError, report_defined, report_dynamic, report_dynamic_suffixed, report_formatted,
    report_internal, report_user_defined, restore_reports, take_error_message,
    take_error_message_with, take_error_reports, take_reports, take_warning_message,
    take_warning_message_with, write_error_message, write_error_message_with,
    write_warning_message, write_warning_message_with,
};
pub use stream::{Instrumented, Scope, StreamGuard, WorkStream, scope};
pub use time::ReportTime;

/// Catalogs in the CANN JSON format: reading, checking, and writing them as
/// JSON, Markdown or Rust (the `errcode-catalog` crate).
#[cfg(feature = "json")]
pub use errcode_catalog as catalog;

#[doc(hidden)]
pub use errcode_syntax as syntax;

// What the `miette::Diagnostic` impls of `#[error_code]` call.
#[cfg(feature = "miette")]
#[doc(hidden)]
pub use {
    ::miette,
    integrations::miette::{
        diagnostic_code, diagnostic_help, diagnostic_related, diagnostic_severity,
    },
};
