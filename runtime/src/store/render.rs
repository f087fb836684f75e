//! The text of a store's reports, in each [`Layout`]: byte for byte as
//! CANN's compact C runtime prints it, plain for Rust logs, or byte for byte
//! as CANN's graph engine (`ErrorManager`) assembles it. The choice of
//! layout is made in one place, [`write_errors`] and [`write_warnings`];
//! the compact and plain layouts differ only by their [`Style`], and write
//! each definition's fixed texts through its shape (see `shape.rs`).
//!
//! Generic over the writer rather than `&mut dyn Write`: rendering is a
//! few dozen short writes per report, each a call through a vtable otherwise.

use core::fmt::{self, Write};

use super::lane::Lane;
use super::message::{Counter, Entry, Message, same_text};
use super::shape::{COMPACT, GE, INDENT, PLAIN, Shapes, Style};
use crate::layout::Layout;
use crate::time::{FRACTION_AT, ReportTime};

/// Renders a lane of errors in `layout`.
pub(crate) fn write_errors<W: Write + ?Sized>(
    layout: Layout,
    lane: &Lane,
    shapes: &mut Shapes,
    out: &mut W,
) -> fmt::Result {
    match layout {
        Layout::Compact => write_styled_errors(&COMPACT, lane, shapes, out),
        Layout::Plain => write_styled_errors(&PLAIN, lane, shapes, out),
        Layout::Ge => ge::write_errors(lane, shapes, out),
    }
}

/// Renders a lane of warnings in `layout`.
pub(crate) fn write_warnings<W: Write + ?Sized>(
    layout: Layout,
    lane: &Lane,
    out: &mut W,
) -> fmt::Result {
    match layout {
        Layout::Compact => write_styled_warnings(&COMPACT, lane, out),
        Layout::Plain => write_styled_warnings(&PLAIN, lane, out),
        Layout::Ge => ge::write_warnings(lane, out),
    }
}

/// Renders a lane of errors: a headline item with its cause and solution,
/// then every other item as a traceback line.
fn write_styled_errors<W: Write + ?Sized>(
    style: &Style,
    lane: &Lane,
    shapes: &mut Shapes,
    out: &mut W,
) -> fmt::Result {
    if let Some((_, def, text, spans)) = lane.only_whole_template() {
        // The common case, a lone report: its shape, with no entry made.
        if let Some(shape) = shapes.get(style, def) {
            shape.write_headline(text, spans, out)?;
            return write_dropped(style, lane, out);
        }
    }
    if let Some(only) = lane.only_entry() {
        // The headline is the only report: no traceback to look for.
        write_headline(style, &only, shapes, out)?;
        return write_dropped(style, lane, out);
    }
    let headline = lane.headline_index();
    let Some(head) = lane.entry_at(headline) else {
        return write_dropped(style, lane, out);
    };
    write_headline(style, &head, shapes, out)?;
    let mut traceback_started = false;
    for (index, entry) in lane.entries().enumerate() {
        if index == headline || entry.same_as(&head) {
            continue;
        }
        if !traceback_started {
            out.write_str(style.traceback)?;
            traceback_started = true;
        }
        write_line(style, &entry, shapes, out)?;
    }
    write_dropped(style, lane, out)
}

#[inline(always)]
fn write_headline<W: Write + ?Sized>(
    style: &Style,
    entry: &Entry<'_>,
    shapes: &mut Shapes,
    out: &mut W,
) -> fmt::Result {
    if entry.internal {
        out.write_str(entry.code)?;
        out.write_str(style.inner)?;
        entry.message.write(out)?;
        return out.write_str(style.eol);
    }
    if let Some((shape, text, spans)) = shaped(style, entry, shapes) {
        return shape.write_headline(text, spans, out);
    }
    out.write_str(entry.code)?;
    out.write_str(": ")?;
    entry.message.write(out)?;
    style.write_headline_end(entry.def, out)
}

/// A traceback line.
fn write_line<W: Write + ?Sized>(
    style: &Style,
    entry: &Entry<'_>,
    shapes: &mut Shapes,
    out: &mut W,
) -> fmt::Result {
    if let Some((shape, text, spans)) = shaped(style, entry, shapes) {
        return shape.write_line(text, spans, out);
    }
    style.write_line_start(entry.code, out)?;
    entry.message.write(out)?;
    out.write_str(style.eol)
}

/// The shape of an entry's definition, with its values, when its line is
/// the definition's template filled in whole, not cut.
#[inline(always)]
fn shaped<'a, 's>(
    style: &Style,
    entry: &Entry<'a>,
    shapes: &'s mut Shapes,
) -> Option<(
    &'s super::shape::Shape,
    &'a str,
    &'a [core::ops::Range<usize>],
)> {
    let Message::Template {
        def, text, spans, ..
    } = entry.message
    else {
        return None;
    };
    // A template is only ever kept under its definition's code (see
    // `Form::Template`): the shape's code is the entry's.
    if !entry.message.is_whole() {
        return None;
    }
    Some((shapes.get(style, def)?, text, spans))
}

/// Renders a lane of warnings: one `CODE: message` line each.
fn write_styled_warnings<W: Write + ?Sized>(
    style: &Style,
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
pub(crate) fn errors_len(layout: Layout, lane: &Lane, shapes: &mut Shapes) -> usize {
    let mut counter = Counter::default();
    let _ = write_errors(layout, lane, shapes, &mut counter);
    counter.0
}

/// The length of what [`write_warnings`] writes.
pub(crate) fn warnings_len(layout: Layout, lane: &Lane) -> usize {
    let mut counter = Counter::default();
    let _ = write_warnings(layout, lane, &mut counter);
    counter.0
}

fn write_dropped<W: Write + ?Sized>(style: &Style, lane: &Lane, out: &mut W) -> fmt::Result {
    write_dropped_line(lane, out, style.eol)
}

/// `        ... N more messages dropped` and `end`, when reports were dropped.
fn write_dropped_line<W: Write + ?Sized>(lane: &Lane, out: &mut W, end: &str) -> fmt::Result {
    if lane.dropped() > 0 {
        write!(
            out,
            "{INDENT}... {} more messages dropped{end}",
            lane.dropped()
        )?;
    }
    Ok(())
}

/// The graph engine's layout (`ErrorManager::GetErrorMessage`,
/// `GetWarningMessage` and `AssembleInnerErrorMessage` of CANN's
/// `error_manager.cc`).
mod ge {
    use super::*;

    /// What the original writes between the last `)` and an internal
    /// error's message in the all-internal layout: `"): "` then `" "`.
    const INNER_SEPARATOR: &str = "):  ";
    /// The original's placeholder code after the first line of the
    /// all-internal layout: six spaces, then one more before the message.
    const CONTINUATION: &str = "       ";

    /// An internal (`xx9999`) or parameter-check (`xx8888`) code, judged as
    /// the original judges it: by length and the last four characters.
    fn is_inner(code: &str) -> bool {
        code.len() == 6 && (code.ends_with("9999") || is_param_check(code))
    }

    fn is_param_check(code: &str) -> bool {
        code.get(2..) == Some("8888")
    }

    fn title(entry: &Entry<'_>) -> &'static str {
        entry.def.and_then(|def| def.title()).unwrap_or_default()
    }

    /// `[PID: 4711] 2026-12-01-12:34:56.789.012 Title(CODE): message\n`
    fn write_line<W: Write + ?Sized>(entry: &Entry<'_>, out: &mut W) -> fmt::Result {
        write_stamp(entry.time, out)?;
        out.write_str(" ")?;
        out.write_str(title(entry))?;
        out.write_str("(")?;
        out.write_str(entry.code)?;
        out.write_str("): ")?;
        entry.message.write(out)?;
        out.write_str("\n")
    }

    /// `[PID: 4711] 2026-12-01-12:34:56.789.012`, in three writes: the
    /// stamp up to its second, from this thread's copy of it while the
    /// process id and the second are the same, then the milliseconds and
    /// the microseconds, from a table. None of it is checked as UTF-8 when
    /// it is written: making the stamp and checking it at every rendering
    /// cost a lone report's rendering a sixth of its instructions.
    fn write_stamp<W: Write + ?Sized>(time: ReportTime, out: &mut W) -> fmt::Result {
        let id = crate::process::process_id();
        if time.is_blank() {
            return write_blank_stamp(id, out);
        }
        let (second, micros) = time.second_and_micros();
        let written = STAMP_HEAD.try_with(|cell| {
            let mut head = cell.try_borrow_mut().ok()?;
            if head.0 != id || head.1 != Some(second) || head.2.is_empty() {
                head.2.clear();
                head.2.try_reserve(STAMP_HEAD_BYTES).ok()?;
                let _ = write_stamp_head(id, second, &mut head.2);
                (head.0, head.1) = (id, Some(second));
            }
            Some(out.write_str(&head.2))
        });
        match written {
            Ok(Some(result)) => result?,
            // The thread is being torn down, its copy in use further up
            // its stack, or no memory for it: the stamp made here.
            _ => write_stamp_head(id, second, out)?,
        }
        let (millis, micros) = crate::time::fraction_texts(micros);
        out.write_str(millis)?;
        out.write_str(micros)
    }

    /// `[PID: 4711] `: the stamp of a report put back with an empty time,
    /// which CANN shows as given.
    #[cold]
    fn write_blank_stamp<W: Write + ?Sized>(id: u32, out: &mut W) -> fmt::Result {
        out.write_str("[PID: ")?;
        out.write_str(Pid::of(id).text())?;
        out.write_str("] ")
    }

    /// `[PID: 4711] 2026-12-01-12:34:56.`
    fn write_stamp_head<W: Write + ?Sized>(id: u32, second: i64, out: &mut W) -> fmt::Result {
        out.write_str("[PID: ")?;
        out.write_str(Pid::of(id).text())?;
        out.write_str("] ")?;
        let text = crate::time::second_text(second);
        // Only ASCII digits and separators are written.
        out.write_str(core::str::from_utf8(&text[..FRACTION_AT]).unwrap_or_default())
    }

    /// The longest `[PID: 4294967295] 2026-12-01-12:34:56.`.
    const STAMP_HEAD_BYTES: usize = 6 + 10 + 2 + FRACTION_AT;

    thread_local! {
        /// The process id and the second this thread last wrote a stamp
        /// of, and the stamp up to that second's fraction.
        static STAMP_HEAD: core::cell::RefCell<(u32, Option<i64>, String)> =
            const { core::cell::RefCell::new((0, None, String::new())) };
    }

    /// This process's id in decimal (see `crate::process`), in a buffer of
    /// its own.
    struct Pid {
        digits: [u8; 10],
        start: usize,
    }

    impl Pid {
        fn of(mut id: u32) -> Pid {
            let mut pid = Pid {
                digits: [b'0'; 10],
                start: 10,
            };
            loop {
                pid.start -= 1;
                pid.digits[pid.start] = b'0' + (id % 10) as u8;
                id /= 10;
                if id == 0 {
                    break pid;
                }
            }
        }

        fn text(&self) -> &str {
            // Only ASCII digits were written.
            core::str::from_utf8(&self.digits[self.start..]).unwrap_or_default()
        }
    }

    pub(super) fn write_errors<W: Write + ?Sized>(
        lane: &Lane,
        shapes: &mut Shapes,
        out: &mut W,
    ) -> fmt::Result {
        if let Some((head, def, text, spans)) = lane.only_whole_template()
            && !is_inner(head.code)
        {
            // The common case, a lone report: its stamp and its shape,
            // with no entry made.
            if let Some(shape) = shapes.get(&GE, def) {
                write_stamp(head.time, out)?;
                shape.write_headline(text, spans, out)?;
                return write_dropped_line(lane, out, "\n");
            }
        }
        let Some(first) = lane.entry_at(0) else {
            return write_dropped_line(lane, out, "\n");
        };
        // By place, not through `entries`, whose chain costs more than the
        // test when the first report is the headline, as it nearly always is.
        let head = (0..lane.len())
            .filter_map(|index| lane.entry_at(index))
            .find(|entry| !is_inner(entry.code));
        let Some(head) = head else {
            write_all_internal(lane, &first, out)?;
            return write_dropped_line(lane, out, "\n");
        };
        write_stamp(head.time, out)?;
        if let Some((shape, text, spans)) = shaped(&GE, &head, shapes) {
            shape.write_headline(text, spans, out)?;
        } else {
            out.write_str(" ")?;
            out.write_str(title(&head))?;
            out.write_str("(")?;
            out.write_str(head.code)?;
            out.write_str("): ")?;
            head.message.write(out)?;
            GE.write_headline_end(head.def, out)?;
        }
        if lane.len() == 1 {
            // The headline is the first report, whose repeat is skipped:
            // nothing is left for a traceback.
            return write_dropped_line(lane, out, "\n");
        }
        let mut traceback_started = false;
        for entry in lane.entries() {
            // The original skips an entry with the headline's code and the
            // *first* entry's message: a repeat of the first report.
            // The first report itself is its own repeat, with no compare.
            if same_text(entry.code, head.code)
                && (core::ptr::eq(entry.head, first.head) || entry.message.same_as(&first.message))
            {
                continue;
            }
            if !traceback_started {
                out.write_str(GE.traceback)?;
                traceback_started = true;
            }
            if let Some((shape, text, spans)) = shaped(&GE, &entry, shapes) {
                shape.write_line(text, spans, out)?;
            } else {
                out.write_str(INDENT)?;
                entry.message.write(out)?;
                out.write_str("\n")?;
            }
        }
        write_dropped_line(lane, out, "\n")
    }

    /// Every error is internal: the first code that is not a parameter
    /// check heads the text (the first code when all are), then the first
    /// report in full, then the others.
    fn write_all_internal<W: Write + ?Sized>(
        lane: &Lane,
        first: &Entry<'_>,
        out: &mut W,
    ) -> fmt::Result {
        let first_is_param_check = is_param_check(first.code);
        let shown_code = lane
            .entries()
            .find(|entry| !is_param_check(entry.code))
            .map_or(first.code, |entry| entry.code);
        out.write_str(shown_code)?;
        out.write_str(": Internal error!\n")?;
        let mut continuing = false;
        for entry in lane.entries() {
            if first_is_param_check && is_param_check(entry.code) {
                out.write_str(INDENT)?;
            } else {
                if continuing {
                    out.write_str(CONTINUATION)?;
                } else {
                    out.write_str(shown_code)?;
                    write_stamp(entry.time, out)?;
                    out.write_str(" ")?;
                    out.write_str(title(&entry))?;
                    out.write_str("(")?;
                    out.write_str(entry.code)?;
                    out.write_str(INNER_SEPARATOR)?;
                }
                entry.message.write(out)?;
                out.write_str("\n")?;
                if !continuing {
                    out.write_str("TraceBack (most recent call last):\n")?;
                    continuing = true;
                }
                continue;
            }
            entry.message.write(out)?;
            out.write_str("\n")?;
        }
        Ok(())
    }

    pub(super) fn write_warnings<W: Write + ?Sized>(lane: &Lane, out: &mut W) -> fmt::Result {
        for entry in lane.entries() {
            write_line(&entry, out)?;
        }
        write_dropped_line(lane, out, "\n")
    }
}
