//! Catalogs in the CANN `error_code.json` format, shared by every part of
//! `errcode`: the `include_catalog!` macro imports them at compile time, the
//! runtime registers them at run time, and the `errcode` tool lints, explains
//! and converts them. All three read and check a catalog here, so they agree
//! on every rule and report every defect with the same words and lines.
//!
//! ```
//! let loaded = errcode_catalog::load(r#"{
//!   "error_info_list": [
//!     {
//!       "errClass": "Profiling Errors",
//!       "errTitle": "Resource_Error_Insufficient_Host_Memory",
//!       "ErrCode": "EK0201",
//!       "ErrMessage": "Failed to allocate %s host memory for Profiling.",
//!       "Arglist": "buf_size, size"
//!     }
//!   ]
//! }"#);
//! let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
//! assert_eq!(lines, ["8: EK0201: the message has 1 `%s` placeholder but Arglist names 2 (buf_size, size)"]);
//! ```
//!
//! - [`load`] reads a text into a [`Catalog`] and every [`Diagnostic`];
//!   [`Entry::definition`] splits a valid entry for reporting.
//! - [`Catalog::to_json`] writes the format back, field order and `"N/A"`
//!   included; [`Catalog::to_markdown`] writes a reference, a page per code;
//!   [`Catalog::to_rust`] writes `#[error_code]` definitions.
//!
//! The JSON reader is this crate's own: it keeps the line and column of
//! every value, which the JSON crates do not, and it keeps the proc macro
//! free of dependencies its users would have to compile.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod diagnostic;
mod json;
mod markdown;
mod model;
mod position;
mod read;
mod rust;
mod write_json;

pub use check::{Definition, is_argument_name};
pub use diagnostic::{CatalogErrors, DefectKind, Diagnostic, Severity};
pub use markdown::Page;
pub use model::{Catalog, Entry, Key, Layout, NOT_APPLICABLE, Suggestion};
pub use position::Position;
pub use read::{Loaded, load, load_bytes};
pub use rust::{field_name, needs_raw_identifier};
