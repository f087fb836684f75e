//! The run-time half of [`errcode`](https://docs.rs/errcode): error
//! definitions, the registry that finds them by code, the stores of
//! reports, and their rendering.
//!
//! Use it through the `errcode` crate, which re-exports everything here
//! together with the macros that make definitions and check reports.
//!
//! # Layers
//!
//! The modules form layers that import one way, downwards only:
//!
//! | layer | modules | what it holds |
//! | --- | --- | --- |
//! | 5. public API | `report`, `stream`, `display`, `integrations` | reporting and taking reports, [`WorkStream`] and [`scope`], a definition's `Display`, `serde` and `miette` (the `ErrorCode` trait is the facade's, over `report` and `registry`) |
//! | 4. current store | `current` | which store a report goes to (the scope being polled, the work stream entered, or the thread's own) and the report path into it: straight into the thread's own lane, or through a pending buffer into a stream's |
//! | 3. store | `store` (`table`, `message`, `pending`, `lane`, `shape`, `render`), `trace` | a store's two lanes of reports, the fixed texts of the definitions it renders, their rendering, and what the report path tells `tracing` |
//! | 2. registry | `registry` (`index`, `register`, `export`) | every definition by code, compiled in or registered at run time |
//! | 1. plain data | `def` (`location`, `value`, `cause`), `arg`, `layout`, `time`, `process`, `writers`, `limits` | [`ErrorDef`] and its parts, template filling, the layouts, a report's time, the process's id, bounded writers, the limits |
//!
//! What generated code calls is in one hidden module, [`__private`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Layer 1: plain data.
mod arg;
mod def;
mod layout;
mod limits;
mod process;
mod time;
mod writers;
// Layer 2.
mod registry;
// Layer 3.
mod store;
mod trace;
// Layer 4.
mod current;
// Layer 5.
mod display;
mod integrations;
mod report;
mod stream;

pub use def::{ErrorDef, SourceLocation};
#[cfg(feature = "json")]
pub use errcat_catalog::CatalogErrors;
#[cfg(feature = "serde")]
pub use integrations::serde::DESERIALIZED_FILE;
pub use layout::Layout;
pub use limits::{InvalidLimits, Limits, limits, set_limits};
pub use registry::{Conflict, MissingCodes, Registry, definition_of, registry};
#[cfg(feature = "json")]
pub use registry::{
    PartialRegistration, REGISTERED_FILE, register_catalog_json, register_catalog_json_partial,
};
pub use report::{
    Report, ReportError, report_dynamic, report_dynamic_suffixed, report_dynamic_with,
    report_internal, report_user_defined, restore_reports, take_error_message,
    take_error_message_with, take_error_reports, take_reports, take_warning_message,
    take_warning_message_with, write_error_message, write_error_message_with,
    write_warning_message, write_warning_message_with,
};
pub use stream::{Instrumented, Scope, StreamGuard, WorkStream, scope};
pub use time::{ReportTime, keep_report_times};

/// Catalogs in the CANN JSON format: reading, checking, and writing them as
/// JSON, Markdown or Rust (the `errcat-catalog` crate).
#[cfg(feature = "json")]
pub use errcat_catalog as catalog;

/// What generated code refers to, through the `errcode` facade's own
/// `__private`; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use crate::arg::Fill;
    pub use crate::def::{AsDynError, Defined, RawDef};
    pub use crate::display::fmt_display;
    // For errcat-ffi, which forgets the id in the child of a fork.
    pub use crate::process::{forget_process_id, keep_process_id};
    // For errcat-ffi, whose compact C ABI and raw items keep repeats as
    // CANN's managers do.
    pub use crate::current::keeping_repeats;
    pub use crate::registry::definition_in_force;
    pub use crate::registry::{Downcast, REJECTED, Registration, Registrations, downcast};
    pub use crate::report::{__report_as, report_defined, report_formatted};
    pub use errcat_syntax as syntax;
    // What the `miette::Diagnostic` impls of `#[error_code]` call.
    #[cfg(feature = "miette")]
    pub use {
        crate::integrations::miette::{
            diagnostic_code, diagnostic_help, diagnostic_related, diagnostic_severity,
        },
        ::miette,
    };
}
