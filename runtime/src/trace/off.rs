//! The hooks of `events.rs` without the `tracing` feature: nothing to tell.

use crate::def::{Defined, SourceLocation};
use crate::store::{Entry, Outcome};

/// Whether reports are told to `tracing`: with the feature off, the report
/// path skips building what it would tell.
pub(crate) const ON: bool = false;

/// No subscriber can want the event of a dropped report.
pub(crate) fn wants_drop(_: bool, _: usize) -> bool {
    false
}

pub(crate) fn report(_: &Entry<'_>, _: bool, _: Outcome, _: usize) {}

pub(crate) fn note_taken(_: bool, _: usize) {}

pub(crate) fn taken() {}

pub(crate) fn unreported(_: &dyn Defined, _: SourceLocation) {}
