//! When a report was made: a raw clock read kept with each stored report,
//! turned into local time only when a layout that shows it is rendered.
//!
//! Reading the clock costs a report about as much as writing its message
//! (40-60 ns on the virtual machines this is measured on), and only the
//! graph engine's layout shows it, so the clock is read only once report
//! times are wanted: after [`keep_report_times`], which the first rendering
//! in [`Layout::Ge`](crate::Layout::Ge) and CANN's C++ framework (the
//! `errcat-ffi` crate) call. Until then a report costs one relaxed load
//! more, and nothing else.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Whether reports read the clock; see [`keep_report_times`].
static KEEP: AtomicBool = AtomicBool::new(false);

/// Makes every report from now on keep the time it was made, for the graph
/// engine's layout ([`Layout::Ge`](crate::Layout::Ge)), which shows it.
///
/// Rendering in that layout calls it, and so does CANN's C++ framework as
/// `errcat-ffi` serves it, so that only a program that shows report times
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
/// it, when the `local-time` feature is on (`errcat-ffi` turns it on);
/// without it, to UTC, so that a crate that never shows report times does
/// not build a time zone database reader. To the microsecond: `2026-12-01-12:34:56.789.012`
/// (year-month-day-hour:minute:second, then the milliseconds and the
/// microseconds within them). A report made before times were kept shows
/// the time it is displayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReportTime(When);

/// What a [`ReportTime`] knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum When {
    /// Made before times were kept: shown as the time it is displayed.
    Unknown,
    At(SystemTime),
    /// Put back by CANN's `SetRawErrorMessages` (through `errcat-ffi`)
    /// from an item whose time is empty: shown as nothing, as CANN shows
    /// the item's empty time.
    Blank,
}

impl ReportTime {
    /// The time now.
    pub fn now() -> Self {
        ReportTime(When::At(SystemTime::now()))
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
        match self.0 {
            When::At(time) => Some(time),
            When::Unknown | When::Blank => None,
        }
    }

    /// The time `system_time`.
    pub fn from_system_time(system_time: SystemTime) -> Self {
        ReportTime(When::At(system_time))
    }

    /// No time: a report made before times were kept, or restored from a
    /// text that carries none.
    pub(crate) const UNKNOWN: ReportTime = ReportTime(When::Unknown);

    /// A time shown as nothing (`Display` writes nothing, the graph
    /// engine's layout an empty time), for `errcat-ffi`: CANN's
    /// `SetRawErrorMessages` shows an item given with an empty time so.
    #[doc(hidden)]
    pub const fn __blank() -> Self {
        ReportTime(When::Blank)
    }

    /// Whether the time is shown as nothing (see [`__blank`](Self::__blank)).
    pub(crate) fn is_blank(self) -> bool {
        self.0 == When::Blank
    }
}

impl ReportTime {
    /// The text `Display` writes, in a buffer of its own.
    pub(crate) fn text(self) -> [u8; TEXT_LEN] {
        let (seconds, micros) = self.second_and_micros();
        let mut text = second_text(seconds);
        // The fraction as the GE layout's stamp writes it: one table.
        let (millis, micros) = fraction_texts(micros);
        let fraction = millis.bytes().chain(micros.bytes());
        for (to, from) in text[FRACTION_AT..].iter_mut().zip(fraction) {
            *to = from;
        }
        text
    }

    /// The second since the Unix epoch, rounded down, and the microseconds
    /// after it; the time now for a report made before times were kept (or
    /// a blank one, which callers that show it as nothing test first).
    pub(crate) fn second_and_micros(self) -> (i64, u32) {
        let time = self.system_time().unwrap_or_else(SystemTime::now);
        match time.duration_since(UNIX_EPOCH) {
            Ok(since) => (
                i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
                since.subsec_micros(),
            ),
            Err(before) => {
                // Before 1970: whole seconds rounded down, the fraction after them.
                let back = before.duration();
                let fraction = back.subsec_micros();
                let seconds = -i64::try_from(back.as_secs()).unwrap_or(i64::MAX);
                if fraction == 0 {
                    (seconds, 0)
                } else {
                    (seconds.saturating_sub(1), 1_000_000 - fraction)
                }
            }
        }
    }
}

/// The `text` of second `seconds` (see [`ReportTime::second_and_micros`])
/// up to its fraction, `2026-12-01-12:34:56.000.000`. The local date and
/// time to the second is converted once per second a thread renders:
/// reports come in bursts, and the conversion (the time zone's rules)
/// costs more than the rest of a rendering.
pub(crate) fn second_text(seconds: i64) -> [u8; TEXT_LEN] {
    LAST_SECOND
        .try_with(|last| {
            let (cached, text) = last.get();
            if cached == Some(seconds) {
                return text;
            }
            let text = local_text(seconds);
            last.set((Some(seconds), text));
            text
        })
        .unwrap_or_else(|_| local_text(seconds))
}

/// Where the fraction starts in a [`ReportTime::text`]: what comes before
/// is the second's (`2026-12-01-12:34:56.`).
pub(crate) const FRACTION_AT: usize = 20;

/// `000.` to `999.`: the milliseconds of a time and the dot after them,
/// or (without the dot) its microseconds. Checked as text when the program
/// is compiled, so that writing a time's fraction checks nothing.
static FRACTIONS: [&str; 1000] = {
    const BYTES: [u8; 4000] = {
        let mut bytes = [b'.'; 4000];
        let mut i = 0;
        while i < 1000 {
            bytes[4 * i] = b'0' + (i / 100) as u8;
            bytes[4 * i + 1] = b'0' + (i / 10 % 10) as u8;
            bytes[4 * i + 2] = b'0' + (i % 10) as u8;
            i += 1;
        }
        bytes
    };
    let mut texts = [""; 1000];
    let mut rest: &[u8] = &BYTES;
    let mut i = 0;
    while i < 1000 {
        let (text, after) = rest.split_at(4);
        texts[i] = match core::str::from_utf8(text) {
            Ok(text) => text,
            Err(_) => panic!("the fractions are ASCII"),
        };
        rest = after;
        i += 1;
    }
    texts
};

/// The fraction of a time `micros` microseconds after its second, as its
/// `text` ends: the milliseconds with their dot (`789.`), then the
/// microseconds (`012`).
pub(crate) fn fraction_texts(micros: u32) -> (&'static str, &'static str) {
    let millis = FRACTIONS[(micros / 1000 % 1000) as usize];
    let micros = FRACTIONS[(micros % 1000) as usize];
    (millis, micros.get(..3).unwrap_or_default())
}

/// The length of `2026-12-01-12:34:56.789.012`.
pub(crate) const TEXT_LEN: usize = 27;

thread_local! {
    /// The UTC second this thread last converted to local time, and the text.
    static LAST_SECOND: core::cell::Cell<(Option<i64>, [u8; TEXT_LEN])> =
        const { core::cell::Cell::new((None, [0; TEXT_LEN])) };
}

/// The local time zone as the C library's `localtime` finds it: the `TZ`
/// variable (a zone name, `:name`, or a POSIX rule such as `IST-5:30`;
/// empty for UTC), else `/etc/localtime`. Read once per process, on the
/// first rendering that shows a time; UTC where neither can be read.
#[cfg(feature = "local-time")]
fn local_zone() -> tz::TimeZoneRef<'static> {
    static ZONE: std::sync::OnceLock<Option<tz::TimeZone>> = std::sync::OnceLock::new();
    let zone = ZONE.get_or_init(|| {
        // `tz::TimeZone::local` reads `/etc/localtime` only.
        match std::env::var_os("TZ") {
            None => tz::TimeZone::local().ok(),
            Some(value) => match value.to_str() {
                Some("") => None,
                Some(rule) => tz::TimeZone::from_posix_tz(rule).ok(),
                None => None,
            },
        }
    });
    match zone {
        Some(zone) => zone.as_ref(),
        None => tz::TimeZoneRef::utc(),
    }
}

/// The second `seconds` after the Unix epoch in local time, as
/// `2026-12-01-12:34:56.000.000` (the fraction is written by the caller).
#[cfg(feature = "local-time")]
fn local_text(seconds: i64) -> [u8; TEXT_LEN] {
    zoned_text(seconds, local_zone())
}

/// Without the `local-time` feature the time zone's rules are not built
/// (`tz-rs` is most of what a report's time costs a build), and times are
/// shown in UTC.
#[cfg(not(feature = "local-time"))]
fn local_text(seconds: i64) -> [u8; TEXT_LEN] {
    utc_text(seconds)
}

/// [`local_text`] in the time zone `zone`.
#[cfg(feature = "local-time")]
fn zoned_text(seconds: i64, zone: tz::TimeZoneRef<'_>) -> [u8; TEXT_LEN] {
    // A second no calendar of the zone can hold (hundreds of billions of
    // years away) is shown in UTC.
    let Ok(local) = tz::DateTime::from_timespec(seconds, 0, zone) else {
        return utc_text(seconds);
    };
    let year = u32::try_from(local.year()).unwrap_or_default() % 10_000;
    civil_text([
        year,
        local.month().into(),
        local.month_day().into(),
        local.hour().into(),
        local.minute().into(),
        local.second().into(),
    ])
}

/// The second `seconds` after the Unix epoch in UTC, as
/// `2026-12-01-12:34:56.000.000`. The proleptic Gregorian calendar by its
/// 400-year cycles, as `gmtime` counts it; a year outside 0-9999 keeps its
/// last four digits, and one no `i64` of days can hold shows the epoch.
fn utc_text(seconds: i64) -> [u8; TEXT_LEN] {
    const DAYS_PER_ERA: i64 = 146_097;
    let days = seconds.div_euclid(86_400);
    let in_day = seconds.rem_euclid(86_400);
    // Days since 0000-03-01, so that a leap day ends its year.
    let Some(shifted) = days.checked_add(719_468) else {
        return *b"1970-01-01-00:00:00.000.000";
    };
    let era = shifted.div_euclid(DAYS_PER_ERA);
    let day_of_era = shifted.rem_euclid(DAYS_PER_ERA);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era
        .saturating_mul(400)
        .saturating_add(year_of_era)
        .saturating_add(i64::from(month <= 2));
    let field = |value: i64| u32::try_from(value.rem_euclid(10_000)).unwrap_or_default();
    civil_text([
        field(year),
        field(month),
        field(day),
        field(in_day / 3_600),
        field(in_day / 60 % 60),
        field(in_day % 60),
    ])
}

/// Year, month, day, hour, minute and second as `2026-12-01-12:34:56.000.000`.
fn civil_text(values: [u32; 6]) -> [u8; TEXT_LEN] {
    let mut text = *b"0000-00-00-00:00:00.000.000";
    let places: [(usize, usize); 6] = [(0, 4), (5, 2), (8, 2), (11, 2), (14, 2), (17, 2)];
    for ((start, width), value) in places.into_iter().zip(values) {
        write_digits(&mut text[start..start + width], value);
    }
    text
}

/// `value`'s last `digits.len()` decimal digits, zero-padded.
fn write_digits(digits: &mut [u8], mut value: u32) {
    for byte in digits.iter_mut().rev() {
        *byte = b'0' + (value % 10) as u8;
        value /= 10;
    }
}

impl fmt::Display for ReportTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_blank() {
            return Ok(());
        }
        // Only ASCII digits and separators are written.
        f.write_str(core::str::from_utf8(&self.text()).unwrap_or_default())
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

    #[cfg(feature = "local-time")]
    #[test]
    fn the_time_is_written_in_the_zone_given() {
        // 2026-12-01 12:34:56 UTC.
        let second = 1_796_128_496;
        assert_eq!(
            &zoned_text(second, tz::TimeZoneRef::utc()),
            b"2026-12-01-12:34:56.000.000"
        );
        let beijing = tz::TimeZone::from_posix_tz("CST-8").unwrap();
        assert_eq!(
            &zoned_text(second, beijing.as_ref()),
            b"2026-12-01-20:34:56.000.000"
        );
        // New York on the other side of midnight, in winter time.
        let new_york = tz::TimeZone::from_posix_tz("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(
            &zoned_text(second - 13 * 3600, new_york.as_ref()),
            b"2026-11-30-18:34:56.000.000"
        );
    }

    #[test]
    fn utc_is_the_gregorian_calendar_as_gmtime_counts_it() {
        let cases: [(i64, &[u8; TEXT_LEN]); 9] = [
            (0, b"1970-01-01-00:00:00.000.000"),
            (1_796_128_496, b"2026-12-01-12:34:56.000.000"),
            // A leap day, the day after, and the last second of a leap year.
            (951_782_400, b"2000-02-29-00:00:00.000.000"),
            (951_868_800, b"2000-03-01-00:00:00.000.000"),
            (1_609_459_199, b"2020-12-31-23:59:59.000.000"),
            // 1900 and 2100 are not leap years.
            (-2_203_891_200, b"1900-03-01-00:00:00.000.000"),
            (4_107_542_400, b"2100-03-01-00:00:00.000.000"),
            // Before the epoch, the second counts back from midnight.
            (-1, b"1969-12-31-23:59:59.000.000"),
            (253_402_300_799, b"9999-12-31-23:59:59.000.000"),
        ];
        for (second, text) in cases {
            assert_eq!(&utc_text(second), text, "{second}");
        }
        // Far away: the year's last four digits, never a panic.
        let _ = utc_text(i64::MAX);
        let _ = utc_text(i64::MIN);
    }

    #[test]
    fn a_time_before_1970_counts_its_fraction_forward_from_the_second_before() {
        let before = ReportTime::from_system_time(UNIX_EPOCH - Duration::from_micros(1_500_000));
        let text = before.text();
        assert_eq!(&text[17..27], b"58.500.000");
    }

    #[test]
    fn the_fraction_texts_are_the_texts_fraction() {
        for micros in [0, 1, 9, 10, 999, 1_000, 1_002, 123_456, 789_012, 999_999] {
            let time = ReportTime::from_system_time(
                UNIX_EPOCH + Duration::new(1_796_128_496, micros * 1_000),
            );
            let text = time.text();
            let (millis, micros) = fraction_texts(micros);
            assert_eq!(format!("{millis}{micros}").as_bytes(), &text[FRACTION_AT..]);
            assert_eq!(
                &second_text(1_796_128_496)[..FRACTION_AT],
                &text[..FRACTION_AT]
            );
        }
        assert_eq!(fraction_texts(789_012), ("789.", "012"));
    }

    #[test]
    fn times_within_a_second_share_its_conversion_and_keep_their_fractions() {
        let second = UNIX_EPOCH + Duration::new(1_796_128_496, 0);
        let early = ReportTime::from_system_time(second + Duration::from_micros(1_002));
        let late = ReportTime::from_system_time(second + Duration::from_micros(999_999));
        let next = ReportTime::from_system_time(second + Duration::from_micros(1_000_001));
        let (early, late, next) = (early.to_string(), late.to_string(), next.to_string());
        assert_eq!(early[..19], late[..19]);
        assert!(early.ends_with(".001.002"), "{early}");
        assert!(late.ends_with(".999.999"), "{late}");
        // The next second is converted anew, not taken from the cache.
        assert_ne!(late[..19], next[..19]);
        assert!(next.ends_with(".000.001"), "{next}");
        assert_eq!(&early.as_bytes()[..19], &local_text(1_796_128_496)[..19]);
    }
}
