//! A report on its way into a lane: its values (or its text) written into a
//! buffer with no store open, as [`Pending`]; or, when the allocator failed,
//! its message rendered into a fixed buffer, as [`ReserveText`].

use core::fmt;
use core::ops::Range;

use super::message::{Entry, Message};
use super::table::FxHasher;
use crate::def::{ErrorDef, SourceLocation};
use crate::time::ReportTime;
use crate::writers::{CappedWriter, OutOfMemory};

/// The bytes of the reserve: one report's code and message, cut to fit.
pub(crate) const RESERVE_BYTES: usize = 256;

/// How a report's message is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// The definition's template, filled with the values (one per field).
    Template,
    /// One text, the message itself: internal errors with a format string,
    /// reports restored without a definition that matches their values.
    Text,
}

/// A report whose texts are written, waiting to be stored: its values (or
/// its text) are spans of `text`.
pub(crate) struct Pending<'a> {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) form: Form,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
    pub(crate) text: &'a str,
    pub(crate) spans: &'a [Range<usize>],
}

impl<'a> Pending<'a> {
    /// The message this report renders, its template cut to `budget` bytes.
    pub(crate) fn message(&self, budget: usize) -> Message<'a> {
        match (self.form, self.def) {
            (Form::Template, Some(def)) => Message::Template {
                def,
                text: self.text,
                spans: self.spans,
                budget,
            },
            _ => Message::Text(
                self.spans
                    .first()
                    .and_then(|span| self.text.get(span.clone()))
                    .unwrap_or_default(),
            ),
        }
    }

    /// The report as a stored one would be seen, before it is stored.
    pub(crate) fn entry(&self, budget: usize) -> Entry<'a> {
        Entry {
            code: self.code,
            def: self.def,
            internal: self.internal,
            location: self.location,
            time: self.time,
            message: self.message(budget),
        }
    }

    pub(super) fn hash(&self) -> u64 {
        let mut hasher = FxHasher::default();
        hasher.add_bytes(self.code.as_bytes());
        hasher.add(self.form as u64);
        for span in self.spans {
            hasher.add_bytes(self.text[span.clone()].as_bytes());
        }
        hasher.finish()
    }
}

/// A message rendered into a fixed buffer, for the reserve.
pub(crate) struct ReserveText {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
    pub(crate) len: usize,
    pub(crate) text: [u8; RESERVE_BYTES],
}

impl ReserveText {
    /// The report as the reserve will hold it.
    pub(crate) fn entry(&self) -> Entry<'_> {
        Entry {
            code: self.code,
            def: self.def,
            internal: self.internal,
            location: self.location,
            time: self.time,
            // Only whole chars are ever written to `text` (see `FixedWriter`).
            message: Message::Text(
                core::str::from_utf8(&self.text[..self.len]).unwrap_or_default(),
            ),
        }
    }
}

/// Writes `CappedWriter` output for one text at a time into a pending
/// report's buffer.
pub(crate) fn write_capped(
    text: &mut String,
    budget: usize,
    write: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result,
) -> Result<Range<usize>, OutOfMemory> {
    let mut writer = CappedWriter::new(text, budget);
    // A value whose Display fails keeps what it wrote before failing.
    let _ = write(&mut writer);
    writer.finish()
}
