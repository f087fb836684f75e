//! A report on its way into a lane: its values (or its text) written into a
//! buffer with no store open, as [`Pending`]; or, when the allocator failed,
//! its message rendered into a fixed buffer, as [`ReserveText`].

use core::fmt;
use core::ops::Range;

use super::message::{Entry, Form, Head, Message};
use crate::def::SourceLocation;
use crate::time::ReportTime;
use crate::writers::{CappedWriter, OutOfMemory};

/// The bytes of the reserve: one report's code and message, cut to fit.
pub(crate) const RESERVE_BYTES: usize = 256;

/// A report whose texts are written, waiting to be stored: its values (or
/// its text) are spans of `text`.
pub(crate) struct Pending<'a> {
    pub(crate) head: Head,
    pub(crate) form: Form,
    pub(crate) text: &'a str,
    pub(crate) spans: &'a [Range<usize>],
}

impl<'a> Pending<'a> {
    /// The report as a stored one would be seen, before it is stored, its
    /// template cut to `budget` bytes.
    pub(crate) fn entry(&self, budget: usize) -> Entry<'_> {
        Entry {
            head: &self.head,
            message: Message::new(self.form, self.head.def, self.text, self.spans, budget),
        }
    }
}

/// A message rendered into a fixed buffer, for the reserve.
#[derive(Debug, Clone)]
pub(crate) struct ReserveText {
    pub(crate) head: Head,
    pub(crate) len: usize,
    pub(crate) text: [u8; RESERVE_BYTES],
}

impl ReserveText {
    pub(crate) const EMPTY: ReserveText = ReserveText {
        head: Head {
            code: "",
            def: None,
            internal: false,
            location: SourceLocation::new("", 0, 0),
            time: ReportTime::UNKNOWN,
        },
        len: 0,
        text: [0; RESERVE_BYTES],
    };

    /// The message: only whole chars are ever written to `text` (see
    /// `FixedWriter`).
    pub(crate) fn message(&self) -> &str {
        core::str::from_utf8(&self.text[..self.len]).unwrap_or_default()
    }

    /// The report as the reserve will hold it.
    pub(crate) fn entry(&self) -> Entry<'_> {
        Entry {
            head: &self.head,
            message: Message::Text(self.message()),
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

/// [`write_capped`] of one text, written through the capped writer's own
/// `write_str` rather than a call through a vtable.
#[inline]
pub(crate) fn push_capped(
    text: &mut String,
    budget: usize,
    value: &str,
) -> Result<Range<usize>, OutOfMemory> {
    let mut writer = CappedWriter::new(text, budget);
    let _ = fmt::Write::write_str(&mut writer, value);
    writer.finish()
}
