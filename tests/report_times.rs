//! Report times are read only once they are wanted: a test binary of its
//! own, with one test, since `keep_report_times` holds for the whole
//! process.

use std::time::SystemTime;

use errcat::{Layout, report_internal, take_error_message_with, take_reports};

#[test]
fn the_clock_is_read_only_once_a_rendering_shows_report_times() {
    // Nothing wants report times yet: reporting reads no clock.
    report_internal("E19999", "before").unwrap();
    assert_eq!(take_reports()[0].time().system_time(), None);

    // The compact and plain layouts show no time and change nothing.
    report_internal("E19999", "compact").unwrap();
    assert!(take_error_message_with(Layout::Plain).is_some());
    report_internal("E19999", "still none").unwrap();
    assert_eq!(take_reports()[0].time().system_time(), None);

    // A report made before the first rendering in the graph engine's
    // layout shows the time of that rendering; every later one its own.
    report_internal("E19999", "shown").unwrap();
    assert!(take_error_message_with(Layout::Ge).is_some());
    let earliest = SystemTime::now();
    report_internal("E19999", "after").unwrap();
    let latest = SystemTime::now();
    let kept = take_reports()[0].time().system_time().expect("a kept time");
    assert!(earliest <= kept && kept <= latest);
}
