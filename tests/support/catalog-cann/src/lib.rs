//! Test support: the real CANN catalog, imported at compile time.
//!
//! The build script copies `../shared/cann/error_code.json` without its
//! defective entry E61601 and generates the import; see `build.rs`.

include!(concat!(env!("OUT_DIR"), "/catalog.rs"));
