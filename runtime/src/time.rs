//! When a report was made: a raw clock read kept with each stored report,
//! turned into local time only when a layout that shows it is rendered.

use core::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// The time a report was made.
///
/// Reading it on the report path costs one read of the system clock, with
/// no allocation and no time-zone lookup; [`Display`](fmt::Display) converts
/// it to local time (the `TZ` variable, else `/etc/localtime`) as the CANN
/// graph engine's error manager writes it, to the microsecond:
/// `2026-12-01-12:34:56.789.012` (year-month-day-hour:minute:second, then
/// the milliseconds and the microseconds within them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReportTime(SystemTime);

impl ReportTime {
    /// The time now.
    pub fn now() -> Self {
        ReportTime(SystemTime::now())
    }

    /// The time as the system clock gave it.
    pub fn system_time(self) -> SystemTime {
        self.0
    }

    /// The time `system_time`.
    pub fn from_system_time(system_time: SystemTime) -> Self {
        ReportTime(system_time)
    }

    /// The UNIX epoch: what a report restored without a time of its own
    /// (deserialized from a text that has none) shows.
    pub(crate) const EPOCH: ReportTime = ReportTime(UNIX_EPOCH);
}

impl fmt::Display for ReportTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use chrono::{Datelike as _, Timelike as _};
        let local: chrono::DateTime<chrono::Local> = self.0.into();
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
    use std::time::Duration;

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
