//! The text of a thread's reports, byte for byte as the CANN runtime prints it.
//!
//! Generic over the writer rather than `&mut dyn Write`: rendering is a
//! few dozen short writes per report, each a call through a vtable otherwise.

use core::fmt::{self, Write};

use super::lane::Lane;
use super::message::{Counter, Entry};

const INDENT: &str = "        ";

/// Renders a lane of errors: a headline item with its cause and solution,
/// then every other item as a traceback line.
pub(crate) fn write_errors<W: Write + ?Sized>(lane: &Lane, out: &mut W) -> fmt::Result {
    let headline = lane.headline_index();
    let Some(head) = lane.entry_at(headline) else {
        return write_dropped(lane, out);
    };
    write_headline(&head, out)?;
    let mut traceback_started = false;
    for (index, entry) in lane.entries().enumerate() {
        if index == headline || entry.same_as(&head) {
            continue;
        }
        if !traceback_started {
            out.write_str("        TraceBack (most recent call last):\r\n")?;
            traceback_started = true;
        }
        out.write_str(INDENT)?;
        entry.message.write(out)?;
        out.write_str("\r\n")?;
    }
    write_dropped(lane, out)
}

fn write_headline<W: Write + ?Sized>(entry: &Entry<'_>, out: &mut W) -> fmt::Result {
    out.write_str(entry.code)?;
    if entry.internal {
        out.write_str(": Inner Error!\r\n")?;
        entry.message.write(out)?;
        return out.write_str("\r\n");
    }
    out.write_str(": ")?;
    entry.message.write(out)?;
    let def = entry.def;
    if let Some(cause) = def.and_then(|def| def.cause()) {
        out.write_str("\r\n        PossibleCause: ")?;
        out.write_str(cause)?;
    }
    if let Some(solution) = def.and_then(|def| def.solution()) {
        out.write_str("\r\n        Solution: ")?;
        out.write_str(solution)?;
    }
    out.write_str("\r\n")
}

/// Renders a lane of warnings: one `CODE: message` line each.
pub(crate) fn write_warnings<W: Write + ?Sized>(lane: &Lane, out: &mut W) -> fmt::Result {
    for entry in lane.entries() {
        out.write_str(entry.code)?;
        out.write_str(": ")?;
        entry.message.write(out)?;
        out.write_str("\r\n")?;
    }
    write_dropped(lane, out)
}

/// The length of what [`write_errors`] writes.
pub(crate) fn errors_len(lane: &Lane) -> usize {
    let mut counter = Counter::default();
    let _ = write_errors(lane, &mut counter);
    counter.0
}

/// The length of what [`write_warnings`] writes.
pub(crate) fn warnings_len(lane: &Lane) -> usize {
    let mut counter = Counter::default();
    let _ = write_warnings(lane, &mut counter);
    counter.0
}

fn write_dropped<W: Write + ?Sized>(lane: &Lane, out: &mut W) -> fmt::Result {
    if lane.dropped() > 0 {
        write!(
            out,
            "{INDENT}... {} more messages dropped\r\n",
            lane.dropped()
        )?;
    }
    Ok(())
}
