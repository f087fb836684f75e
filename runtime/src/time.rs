//! When a report was made: a raw clock read kept with each stored report,
//! turned into local time only when a layout that shows it is rendered.
//!
//! Reading the clock costs a report about as much as writing its message
//! (40-60 ns on the virtual machines this is measured on), and only the
//! graph engine's layout shows it, so the clock is read only once report
//! times are wanted: after [`keep_report_times`], which the first rendering
//! in [`Layout::Ge`](crate::Layout::Ge) and CANN's C++ framework (the
//! `errcode-ffi` crate) call. Until then a report costs one relaxed load
//! more, and nothing else.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

/// Whether reports read the clock; see [`keep_report_times`].
static KEEP: AtomicBool = AtomicBool::new(false);

/// Makes every report from now on keep the time it was made, for the graph
/// engine's layout ([`Layout::Ge`](crate::Layout::Ge)), which shows it.
///
/// Rendering in that layout calls it, and so does CANN's C++ framework as
/// `errcode-ffi` serves it, so that only a program that shows report times
/// pays for reading the clock. Call it at start-up when the first reports
/// rendered in that layout must carry their own times too: a report made
/// before shows the time it is rendered.
pub fn keep_report_times() {
    KEEP.store(true, Ordering::Relaxed);
}

/// The time a report was made, when report times are kept
/// ([`keep_report_times`]).
///
/// [`Display`](fmt::Display) converts it to local time (the `TZ` variable,
/// else `/etc/localtime`) as the CANN graph engine's error manager writes
/// it, to the microsecond: `2026-12-01-12:34:56.789.012`
/// (year-month-day-hour:minute:second, then the milliseconds and the
/// microseconds within them). A report made before times were kept shows
/// the time it is displayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReportTime(Option<SystemTime>);

impl ReportTime {
    /// The time now.
    pub fn now() -> Self {
        ReportTime(Some(SystemTime::now()))
    }

    /// The time of a report being made: now, when report times are kept;
    /// else unknown, without reading the clock.
    pub(crate) fn of_new_report() -> Self {
        if KEEP.load(Ordering::Relaxed) {
            ReportTime::now()
        } else {
            ReportTime::UNKNOWN
        }
    }

    /// The time as the system clock gave it; `None` for a report made
    /// before report times were kept.
    pub fn system_time(self) -> Option<SystemTime> {
        self.0
    }

    /// The time `system_time`.
    pub fn from_system_time(system_time: SystemTime) -> Self {
        ReportTime(Some(system_time))
    }

    /// No time: a report made before times were kept, or restored from a
    /// text that carries none.
    pub(crate) const UNKNOWN: ReportTime = ReportTime(None);
}

impl fmt::Display for ReportTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use chrono::{Datelike as _, Timelike as _};
        let local: chrono::DateTime<chrono::Local> = self.0.unwrap_or_else(SystemTime::now).into();
        // Written digit by digit into one buffer: `write!` with widths costs
        // more than the conversion to local time.
        let micros = local.timestamp_subsec_micros() % 1_000_000;
        let mut text = *b"0000-00-00-00:00:00.000.000";
        let year = u32::try_from(local.year()).unwrap_or_default() % 10_000;
        let fields: [(usize, usize, u32); 8] = [
            (0, 4, year),
            (5, 2, local.month()),
            (8, 2, local.day()),
            (11, 2, local.hour()),
            (14, 2, local.minute()),
            (17, 2, local.second()),
            (20, 3, micros / 1000),
            (24, 3, micros % 1000),
        ];
        for (start, width, mut value) in fields {
            for byte in text[start..start + width].iter_mut().rev() {
                *byte = b'0' + (value % 10) as u8;
                value /= 10;
            }
        }
        // Only ASCII digits and separators were written.
        f.write_str(core::str::from_utf8(&text).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn the_layout_is_the_graph_engines() {
        let time =
            ReportTime::from_system_time(UNIX_EPOCH + Duration::new(1_796_128_496, 789_012_345));
        let shown = time.to_string();
        // The date and hour depend on the zone; the layout and the fraction do not.
        assert_eq!(shown.len(), "2026-12-01-12:34:56.789.012".len(), "{shown}");
        assert!(shown.ends_with(":56.789.012"), "{shown}");
        assert_eq!(shown.as_bytes()[4], b'-');
        assert_eq!(shown.as_bytes()[10], b'-');
        assert_eq!(shown.as_bytes()[13], b':');
    }
}
