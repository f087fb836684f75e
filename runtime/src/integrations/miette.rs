//! What the `miette::Diagnostic` impl that `#[error_code]` generates for
//! each definition's type calls, with the `miette` feature: the impl is
//! generated per type (the trait and the types are both foreign to this
//! crate), and each of its methods is one call to a function here.
//!
//! - `code()`: the error code, such as `EK0201`.
//! - `severity()`: `Warning` for a `W` code, `Error` for the others.
//! - `help()`: the solution, when the definition has one.
//! - `related()`: the possible cause, when the definition has one, as a
//!   diagnostic of its own with severity `Advice`. miette has no slot for
//!   a likely cause: the cause chain is for the errors that did cause this
//!   one (a `#[source]` field), and `help` is the solution; a related advice
//!   is rendered after the help, labelled as what it is.
//!
//! Each reads the definition in force, as `Display` does (for a
//! transparent variant, the wrapped error's, or none): a catalog
//! registered at run time with a higher priority replaces the texts.

use core::fmt;

use ::miette::{Diagnostic, Severity};

use crate::def::Defined;
use crate::registry::definition_in_force;

/// `Diagnostic::code`: the definition's code.
#[doc(hidden)]
pub fn diagnostic_code(value: &dyn Defined) -> Option<Box<dyn fmt::Display>> {
    Some(Box::new(definition_in_force(value)?.code()))
}

/// `Diagnostic::severity`: `Warning` for a `W` code, else `Error`.
#[doc(hidden)]
pub fn diagnostic_severity(value: &dyn Defined) -> Option<Severity> {
    let def = definition_in_force(value)?;
    Some(if def.is_warning() {
        Severity::Warning
    } else {
        Severity::Error
    })
}

/// `Diagnostic::help`: the solution.
#[doc(hidden)]
pub fn diagnostic_help(value: &dyn Defined) -> Option<Box<dyn fmt::Display>> {
    let solution = definition_in_force(value)?.solution()?;
    Some(Box::new(solution))
}

/// `Diagnostic::related`: the possible cause, as an `Advice`.
#[doc(hidden)]
pub fn diagnostic_related<'a>(
    value: &'a dyn Defined,
) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
    let def = definition_in_force(value)?;
    def.cause()?;
    let cause: &'a dyn Diagnostic = &def.possible_cause;
    Some(Box::new(core::iter::once(cause)))
}
