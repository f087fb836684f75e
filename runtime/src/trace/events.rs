//! One `tracing` event per report: what a service's logging pipeline (and,
//! through `opentelemetry-appender-tracing`, its collector) sees of errcode.
//!
//! Every report that is stored, merged with an identical one, or dropped by
//! a limit emits an event with target `errcat`, at `ERROR` for an `E` code
//! and `WARN` for a `W` code, named `errcat.report`, with these fields:
//!
//! | field | value |
//! | --- | --- |
//! | `message` | the rendered message, as `take_error_message` shows it (the event's body in OpenTelemetry) |
//! | `code` | `"EK0201"` |
//! | `title`, `class` | the definition's, when it has them |
//! | `outcome` | `"stored"`, `"merged"` or `"dropped"` |
//! | `args` | the arguments as one JSON object, `{"buf_size":"1048576B"}`; absent when there are none |
//! | `dropped` | on a drop: how many reports the store has dropped since it was last taken |
//! | `code.file.path`, `code.line.number`, `code.column.number` | the report site (OpenTelemetry's names) |
//!
//! A report put back by `restore_reports` emits no event: it was told when
//! it was made, on the thread that made it, and one report is one event
//! however many times it is handed over (a restored report that a full
//! lane drops is still counted in the `errcat.dropped` total).
//!
//! Drops come in floods (a lane is full until it is taken), so they are not
//! told one by one: the first report a lane drops since it was taken emits
//! its event (with `dropped = 1`), and taking a lane that dropped reports
//! emits one `errcat.dropped` event whose `dropped` is the total. A report
//! that found the store busy (made while the store was being rendered) is
//! counted, not told.
//!
//! Nothing is formatted for an event that no subscriber wants: the message
//! and the arguments are `Display` values that render from the report's
//! pending buffer when a subscriber records them.

use core::cell::Cell;
use core::fmt;

use ::tracing::{Level, event};

use crate::def::{Defined, ErrorDef, SourceLocation};
use crate::store::{Entry, Outcome};

/// The target of every event.
const TARGET: &str = "errcat";

/// An event at `ERROR`, or `WARN` for a warning: a level is part of each
/// event's static metadata, so each gets its own call site.
macro_rules! event_at {
    ($warning:expr, $name:literal, $($fields:tt)*) => {
        if $warning {
            event!(name: $name, target: TARGET, Level::WARN, $($fields)*)
        } else {
            event!(name: $name, target: TARGET, Level::ERROR, $($fields)*)
        }
    };
}

/// Whether the event of a report that a full lane dropped is to be emitted:
/// Whether reports are told to `tracing`: always, with the feature on.
pub(crate) const ON: bool = true;

/// the lane's first drop since it was taken, and a subscriber that wants it.
pub(crate) fn wants_drop(warning: bool, dropped: usize) -> bool {
    dropped == 1
        && if warning {
            ::tracing::enabled!(target: TARGET, Level::WARN)
        } else {
            ::tracing::enabled!(target: TARGET, Level::ERROR)
        }
}

/// Emits the event of one report, given what became of it and the lane's
/// dropped count after it. A drop is told only when it is the lane's first
/// since it was taken; a report that ran out of memory is told once it is in
/// the reserve.
pub(crate) fn report(entry: &Entry<'_>, warning: bool, outcome: Outcome, dropped: usize) {
    let outcome = match outcome {
        Outcome::Stored => "stored",
        Outcome::Merged => "merged",
        Outcome::Dropped if dropped == 1 => "dropped",
        Outcome::Dropped | Outcome::OutOfMemory => return,
    };
    let def = entry.def;
    let fields = def.map(ErrorDef::fields).unwrap_or_default();
    let args = (!fields.is_empty() && entry.values().next().is_some()).then_some(Args {
        names: fields,
        entry,
    });
    let dropped = (outcome == "dropped").then_some(dropped as u64);
    event_at!(
        warning,
        "errcat.report",
        message = ::tracing::field::display(&entry.message),
        code = entry.code,
        title = def.and_then(ErrorDef::title),
        class = def.and_then(ErrorDef::class),
        outcome,
        args = args.map(::tracing::field::display),
        dropped,
        code.file.path = entry.location.file,
        code.line.number = entry.location.line,
        code.column.number = entry.location.column,
    );
}

/// Tells that a transparent variant wrapping no definition's value was
/// reported, and so recorded nothing: one `errcat.unreported` event at
/// `WARN`, whose message is the wrapped error's.
pub(crate) fn unreported(value: &dyn Defined, location: SourceLocation) {
    let Some(wrapped) = value.transparent() else {
        return;
    };
    event!(
        name: "errcat.unreported",
        target: TARGET,
        Level::WARN,
        message = ::tracing::field::display(format_args!(
            "not reported: the error has no code ({wrapped})"
        )),
        outcome = "unreported",
        code.file.path = location.file,
        code.line.number = location.line,
        code.column.number = location.column,
    );
}

thread_local! {
    /// What the lanes taken on this thread had dropped, [errors, warnings],
    /// until [`taken`] tells it: events are emitted once the store is
    /// released, never under a work stream's lock.
    static TAKEN: [Cell<usize>; 2] = const { [Cell::new(0), Cell::new(0)] };
}

/// Notes what a lane that is being taken had dropped.
pub(crate) fn note_taken(warning: bool, dropped: usize) {
    if dropped > 0 {
        let _ = TAKEN.try_with(|taken| {
            let count = &taken[usize::from(warning)];
            count.set(count.get().saturating_add(dropped));
        });
    }
}

/// Emits, for each lane taken that had dropped reports, one event with
/// their total.
pub(crate) fn taken() {
    for warning in [false, true] {
        let dropped = TAKEN
            .try_with(|taken| taken[usize::from(warning)].take())
            .unwrap_or(0);
        if dropped == 0 {
            continue;
        }
        event_at!(
            warning,
            "errcat.dropped",
            message = ::tracing::field::display(format_args!("{dropped} more messages dropped")),
            outcome = "dropped",
            dropped = dropped as u64,
        );
    }
}

/// A report's arguments as one JSON object of strings, in the order of the
/// definition's fields: `{"buf_size":"1048576B"}`.
struct Args<'a> {
    names: &'static [&'static str],
    entry: &'a Entry<'a>,
}

impl fmt::Display for Args<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (index, (name, value)) in self.names.iter().zip(self.entry.values()).enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write_json_string(f, name)?;
            f.write_str(":")?;
            write_json_string(f, value)?;
        }
        f.write_str("}")
    }
}

/// `text` as a JSON string: quoted, with `"`, `\` and control characters
/// escaped, everything else as it is.
fn write_json_string(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str("\"")?;
    let mut start = 0;
    for (at, byte) in text.bytes().enumerate() {
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x00..=0x1f => "",
            _ => continue,
        };
        f.write_str(&text[start..at])?;
        if escape.is_empty() {
            write!(f, "\\u{byte:04x}")?;
        } else {
            f.write_str(escape)?;
        }
        start = at + 1;
    }
    f.write_str(&text[start..])?;
    f.write_str("\"")
}
