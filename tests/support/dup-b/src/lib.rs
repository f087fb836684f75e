//! Test support: defines `EZ0900`, which `dup-a` defines as well.

use errcat::error_code;

/// The second of two definitions of `EZ0900`.
#[derive(Debug)]
#[error_code("EZ0900", message = "Defined in dup-b: %s.")]
pub struct DefinedInB {
    /// Any value.
    pub what: String,
}
