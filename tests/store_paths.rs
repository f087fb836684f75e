//! The paths the store takes for speed, checked against the bytes a user
//! reads: values written straight into the thread's own store, the reports
//! made while it is in use, the duplicate search before and after a lane
//! starts using its table, and the shapes (a definition's fixed texts in a
//! layout) a store keeps, grows and replaces.

use core::fmt;
use std::fmt::Write as _;

use errcat::{Layout, error_code, report_dynamic, take_error_message};

#[derive(Debug)]
#[error_code("EZ0701", message = "Caller gave up: %s.")]
struct GaveUp {
    why: &'static str,
}

/// A value whose `Display` reports, then writes `text`.
#[derive(Debug)]
struct Reporting {
    inner: &'static str,
    text: &'static str,
}

impl fmt::Display for Reporting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GaveUp { why: self.inner }.report();
        f.write_str(self.text)
    }
}

/// A value whose `Display` reports a value that itself reports.
#[derive(Debug)]
struct ReportingTwice;

impl fmt::Display for ReportingTwice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Holder {
            value: Reporting {
                inner: "innermost",
                text: "middle",
            },
        }
        .report();
        f.write_str("outer")
    }
}

#[derive(Debug)]
#[error_code("EZ0702", message = "Value %s.")]
struct Holder {
    value: Reporting,
}

#[derive(Debug)]
#[error_code("EZ0703", message = "Value %s.")]
struct HolderOfTwo {
    value: ReportingTwice,
}

/// A value whose `Display` panics.
#[derive(Debug)]
struct Panicking;

impl fmt::Display for Panicking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("half written")?;
        panic!("the value cannot be shown");
    }
}

#[derive(Debug)]
#[error_code("EZ0704", message = "Broken %s.")]
struct Broken {
    value: Panicking,
}

#[test]
fn reports_made_while_values_are_written_are_kept_in_the_order_they_were_complete() {
    HolderOfTwo {
        value: ReportingTwice,
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EZ0701: Caller gave up: innermost.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value middle.\r\n\
             \x20       Value outer.\r\n"
        )
    );
}

#[test]
fn a_nested_report_equal_to_an_earlier_one_is_kept_once() {
    GaveUp { why: "nested" }.report();
    Holder {
        value: Reporting {
            inner: "nested",
            text: "v",
        },
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EZ0701: Caller gave up: nested.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value v.\r\n"
        )
    );
}

#[test]
fn a_value_that_panics_leaves_the_store_whole() {
    GaveUp { why: "before" }.report();
    let caught = std::panic::catch_unwind(|| Broken { value: Panicking }.report());
    assert!(caught.is_err());
    // What the broken value had written is not kept, and the store still
    // takes and renders reports, nested ones included.
    Holder {
        value: Reporting {
            inner: "after",
            text: "w",
        },
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EZ0701: Caller gave up: before.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Caller gave up: after.\r\n\
             \x20       Value w.\r\n"
        )
    );
}

/// `count` definitions registered at run time, `EY0000` onwards, with
/// templates of zero to three placeholders, one of them filled twice.
fn register(count: usize) {
    let mut json = String::from("{\"error_info_list\": [");
    for index in 0..count {
        if index > 0 {
            json.push(',');
        }
        let (message, args) = match index % 4 {
            0 => ("Nothing to fill.".to_owned(), ""),
            1 => ("Only %s here.".to_owned(), "a"),
            2 => ("From %s to %s.".to_owned(), "a,b"),
            _ => ("%s, %s and %s again".to_owned(), "a,b,a"),
        };
        let _ = write!(
            json,
            "{{\"errClass\": \"Store Paths\", \"errTitle\": \"Title_{index}\", \
             \"ErrCode\": \"EY{index:04}\", \"ErrMessage\": \"{message}\", \"Arglist\": \"{args}\", \
             \"suggestion\": {{\"Possible Cause\": \"Cause {index}.\", \"Solution\": \"Solution {index}.\"}}}}"
        );
    }
    json.push_str("]}");
    errcat::register_catalog_json(&json, 1).expect("the generated catalog is valid");
}

/// The message of `EY{index}` with the values `report` gives it.
fn message(index: usize) -> String {
    let (a, b) = (format!("a{index}"), format!("b{index}"));
    match index % 4 {
        0 => "Nothing to fill.".to_owned(),
        1 => format!("Only {a} here."),
        2 => format!("From {a} to {b}."),
        _ => format!("{a}, {b} and {a} again"),
    }
}

fn report(index: usize) {
    let code = format!("EY{index:04}");
    let (a, b) = (format!("a{index}"), format!("b{index}"));
    report_dynamic(&code, &[("a", &a), ("b", &b)]).expect("every argument is given");
}

#[test]
fn every_definition_renders_the_same_whether_its_shape_is_new_kept_or_replaced() {
    // More definitions than a store keeps shapes for (256), each rendered
    // as a headline and as a traceback line, in both styles, twice.
    const COUNT: usize = 300;
    register(COUNT);
    for _ in 0..2 {
        for index in 0..COUNT {
            report(index);
            report((index + 1) % COUNT);
            let code = format!("EY{index:04}");
            let next = (index + 1) % COUNT;
            assert_eq!(
                take_error_message().as_deref(),
                Some(
                    format!(
                        "{code}: {}\r\n        PossibleCause: Cause {index}.\r\n        \
                         Solution: Solution {index}.\r\n        \
                         TraceBack (most recent call last):\r\n        {}\r\n",
                        message(index),
                        message(next)
                    )
                    .as_str()
                ),
                "compact, {code}"
            );
            report(index);
            report(next);
            assert_eq!(
                errcat::take_error_message_with(Layout::Plain).as_deref(),
                Some(
                    format!(
                        "{code}: {}\n        PossibleCause: Cause {index}.\n        \
                         Solution: Solution {index}.\n        \
                         TraceBack (most recent call last):\n        EY{next:04}: {}\n",
                        message(index),
                        message(next)
                    )
                    .as_str()
                ),
                "plain, {code}"
            );
        }
    }
}

#[derive(Debug)]
#[error_code("EZ0705", message = "Step %s failed.")]
struct StepFailed {
    step: String,
}

#[test]
fn duplicates_are_found_before_and_after_a_lane_starts_using_its_table() {
    // The lane compares items one by one up to 16, then through its table:
    // 40 distinct reports, then the same 40 again, then the first 5 again,
    // are 40 lines, in the order of their first report.
    for count in [40, 40, 5] {
        for index in 0..count {
            StepFailed {
                step: format!("{index:02}"),
            }
            .report();
        }
    }
    let mut expected =
        String::from("EZ0705: Step 00 failed.\r\n        TraceBack (most recent call last):\r\n");
    for index in 1..40 {
        let _ = write!(expected, "        Step {index:02} failed.\r\n");
    }
    assert_eq!(take_error_message().as_deref(), Some(expected.as_str()));
}

#[test]
fn a_formatted_report_whose_argument_reports_keeps_its_text() {
    errcat::report_inner_error!(
        "EZ9999",
        "inner {}",
        Reporting {
            inner: "from inside",
            text: "text"
        }
    );
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EZ0701: Caller gave up: from inside.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       inner text\r\n"
        )
    );
}
