//! The text of a thread's reports, in each [`Layout`]: byte for byte as the
//! CANN runtime prints it, or plain for Rust logs. Every choice a layout
//! makes is in [`Style::of`].
//!
//! Generic over the writer rather than `&mut dyn Write`: rendering is a
//! few dozen short writes per report, each a call through a vtable otherwise.

use core::fmt::{self, Write};

use super::lane::Lane;
use super::message::{Counter, Entry};
use crate::layout::Layout;

const INDENT: &str = "        ";

/// What a layout decides.
#[derive(Clone, Copy)]
pub(crate) struct Style {
    /// The line end.
    eol: &'static str,
    /// Whether a traceback line starts with its code.
    traceback_code: bool,
}

impl Style {
    pub(crate) fn of(layout: Layout) -> Style {
        match layout {
            Layout::Compact => Style {
                eol: "\r\n",
                traceback_code: false,
            },
            Layout::Plain => Style {
                eol: "\n",
                traceback_code: true,
            },
        }
    }
}

/// Renders a lane of errors: a headline item with its cause and solution,
/// then every other item as a traceback line.
pub(crate) fn write_errors<W: Write + ?Sized>(
    style: Style,
    lane: &Lane,
    out: &mut W,
) -> fmt::Result {
    let headline = lane.headline_index();
    let Some(head) = lane.entry_at(headline) else {
        return write_dropped(style, lane, out);
    };
    write_headline(style, &head, out)?;
    let mut traceback_started = false;
    for (index, entry) in lane.entries().enumerate() {
        if index == headline || entry.same_as(&head) {
            continue;
        }
        if !traceback_started {
            out.write_str("        TraceBack (most recent call last):")?;
            out.write_str(style.eol)?;
            traceback_started = true;
        }
        out.write_str(INDENT)?;
        if style.traceback_code {
            out.write_str(entry.code)?;
            out.write_str(": ")?;
        }
        entry.message.write(out)?;
        out.write_str(style.eol)?;
    }
    write_dropped(style, lane, out)
}

fn write_headline<W: Write + ?Sized>(style: Style, entry: &Entry<'_>, out: &mut W) -> fmt::Result {
    out.write_str(entry.code)?;
    if entry.internal {
        out.write_str(": Inner Error!")?;
        out.write_str(style.eol)?;
        entry.message.write(out)?;
        return out.write_str(style.eol);
    }
    out.write_str(": ")?;
    entry.message.write(out)?;
    let def = entry.def;
    if let Some(cause) = def.and_then(|def| def.cause()) {
        out.write_str(style.eol)?;
        out.write_str("        PossibleCause: ")?;
        out.write_str(cause)?;
    }
    if let Some(solution) = def.and_then(|def| def.solution()) {
        out.write_str(style.eol)?;
        out.write_str("        Solution: ")?;
        out.write_str(solution)?;
    }
    out.write_str(style.eol)
}

/// Renders a lane of warnings: one `CODE: message` line each.
pub(crate) fn write_warnings<W: Write + ?Sized>(
    style: Style,
    lane: &Lane,
    out: &mut W,
) -> fmt::Result {
    for entry in lane.entries() {
        out.write_str(entry.code)?;
        out.write_str(": ")?;
        entry.message.write(out)?;
        out.write_str(style.eol)?;
    }
    write_dropped(style, lane, out)
}

/// The length of what [`write_errors`] writes.
pub(crate) fn errors_len(style: Style, lane: &Lane) -> usize {
    let mut counter = Counter::default();
    let _ = write_errors(style, lane, &mut counter);
    counter.0
}

/// The length of what [`write_warnings`] writes.
pub(crate) fn warnings_len(style: Style, lane: &Lane) -> usize {
    let mut counter = Counter::default();
    let _ = write_warnings(style, lane, &mut counter);
    counter.0
}

fn write_dropped<W: Write + ?Sized>(style: Style, lane: &Lane, out: &mut W) -> fmt::Result {
    if lane.dropped() > 0 {
        write!(
            out,
            "{INDENT}... {} more messages dropped{}",
            lane.dropped(),
            style.eol
        )?;
    }
    Ok(())
}
