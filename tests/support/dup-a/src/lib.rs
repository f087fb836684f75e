//! Test support: defines `EZ0900`, which `dup-b` defines as well.

use errcat::error_code;

/// The first of two definitions of `EZ0900`.
#[derive(Debug)]
#[error_code("EZ0900", message = "Defined in dup-a: %s.")]
pub struct DefinedInA {
    /// Any value.
    pub what: String,
}
