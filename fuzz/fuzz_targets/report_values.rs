//! Reporting any values, through the typed path and `report_dynamic`: never
//! a panic, and the message is the template filled with each value verbatim
//! (or cut at the byte limit).

#![no_main]

use errcat::error_code;
use libfuzzer_sys::fuzz_target;
use errcat::ErrorCode;

#[derive(Debug)]
#[error_code("EZ0900", message = "<%s|%s>", args = "left,right")]
pub struct TwoValues<'a> {
    pub left: &'a str,
    pub right: &'a str,
}

fn cut(text: &str, limit: usize) -> String {
    if text.len() <= limit {
        return text.to_owned();
    }
    let mut end = limit - 3;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &text[..end])
}

fuzz_target!(|input: (&str, &str)| {
    let (left, right) = input;
    let limit = errcat::limits().max_message_bytes();
    let expected = cut(&format!("<{}|{}>", cut(left, limit), cut(right, limit)), limit);

    TwoValues { left, right }.report();
    assert_eq!(errcat::take_error_message(), Some(format!("EZ0900: {expected}\r\n")));

    errcat::report_dynamic("EZ0900", &[("right", right), ("left", left)]).unwrap();
    let reports = errcat::take_reports();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].message(), expected);
});
