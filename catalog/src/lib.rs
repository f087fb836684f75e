//! Catalogs in the CANN `error_code.json` format, shared by every part of
//! `errcode`: the `include_catalog!` macro imports them at compile time, the
//! runtime registers them at run time, and the `errcode` tool lints, explains
//! and converts them. All three read and check a catalog here, so they agree
//! on every rule and report every defect with the same words and lines.
//!
//! ```
//! let loaded = errcat_catalog::load(r#"{
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
//! - [`changes`] tells what changed between two versions of a catalog;
//!   [`Versions`] reads a history of versions, each by its difference
//!   from the last, with the changes between them.
//! - [`Catalog::to_json`] writes the format back, field order and `"N/A"`
//!   included; [`Catalog::to_markdown`] writes a reference, a page per code;
//!   [`Catalog::to_rust`] writes `#[error_code]` definitions.
//! - [`Catalog::to_cann_docs`] writes CANN's own reference pages, whose
//!   vocabulary is [`cann_page`], and [`read_page`] reads one back.
//! - With the `sources` feature, `c_source` reads C and C++ sources as
//!   copies of a catalog (tables, report sites, constants), and writes
//!   CANN's C tables anew (`Catalog::to_c_error_map`,
//!   `Catalog::to_c_xmacro`) or in place (`c_source::update_table`);
//!   `rust_source` reads Rust sources' `#[error_code]` definitions and
//!   report sites without building them.
//!
//! The text is read by `serde_json`, which keeps no positions in its values;
//! this crate takes each value as a `RawValue` borrowed from the text, whose
//! offset in it gives the value's line and column. Keys are read in the
//! order written, repeats included, so that a field written twice is
//! reported rather than silently overwritten. A text that is not JSON is
//! one finding, at serde_json's line and column, with its description.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "sources")]
pub mod c_source;
mod cann_docs;
pub mod cann_page;
mod check;
mod diagnostic;
mod edit;
mod evolution;
mod faithful;
mod located;
mod markdown;
mod model;
mod one_line;
mod position;
mod read;
mod rust;
#[cfg(feature = "sources")]
pub mod rust_source;
mod versions;
mod write_json;

pub use cann_docs::{
    CannReference, Documentation, Documented, DroppedPart, KeptPage, KeptReference, PageContent,
    PageText, PageUpdate, description_of_doc, read_page, retired_page, update_index, update_page,
};
pub use check::Definition;
pub use diagnostic::{CatalogErrors, DefectKind, Diagnostic, MAX_FINDINGS, Severity};
pub use edit::{SuggestionPart, set_suggestion};
pub use evolution::{Category, Change, Rule, changes};
pub use faithful::WrittenText;
// The name rules live in `errcat-syntax`; they are re-exported here for
// code that names them from this crate, as links to their own docs (an
// inlined copy would show their links to `errcat-syntax` as plain text
// where that crate is not documented alongside).
#[doc(no_inline)]
pub use errcat_syntax::{is_argument_name, needs_raw_identifier};
pub use markdown::{Page, code_span, escape as escape_markdown};
pub use model::{Catalog, Entry, Key, Layout, NOT_APPLICABLE, Retired, Suggestion};
pub use one_line::escape_controls;
pub use position::Position;
pub use read::{LeftOut, Loaded, load, load_bytes};
pub use rust::{field_doc, field_name};
pub use versions::Versions;
