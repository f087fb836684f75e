//! The bytes a user reads: rendering of errors and warnings, as the CANN
//! runtime renders them.

use errcat::{error_code, msprof_env_error, report_inner_error, take_error_message};
use errcat_profiling::*;

const EK0201_1048576: &str = "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n        PossibleCause: Allocation failed due to insufficient host memory.\r\n        Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n";

#[derive(Debug)]
#[error_code("WK0100", message = "Sampling rate %s is low; results may be coarse.")]
pub struct LowSamplingRate {
    pub rate: u32,
}

#[derive(Debug)]
#[error_code("E19999", message = "Inner error: %s")]
pub struct InnerError {
    pub detail: String,
}

#[derive(Debug)]
#[error_code(
    "EZ0010",
    message = "%s|%s|%s|%s|%s|%s|%s|%s|%s|%s",
    args = "a0,a1,a2,a3,a4,a5,a6,a7,a8,a9"
)]
pub struct TenPlaceholders {
    pub a0: &'static str,
    pub a1: &'static str,
    pub a2: &'static str,
    pub a3: &'static str,
    pub a4: &'static str,
    pub a5: &'static str,
    pub a6: &'static str,
    pub a7: &'static str,
    pub a8: &'static str,
    pub a9: &'static str,
}

#[derive(Debug)]
#[error_code(
    "EZ0011",
    message = "Op %s has attr %s; param %s conflicts with attr %s.",
    args = "op_name,attr_name,param_name,attr_name"
)]
pub struct RepeatedName {
    pub attr_name: String,
    pub op_name: String,
    pub param_name: String,
}

#[derive(Debug)]
#[error_code(
    "WE0001",
    message = "Function %s of type %s is deprecated.",
    args = "function, type"
)]
pub struct KeywordArgument {
    pub function: String,
    pub r#type: String,
}

#[test]
fn ek0201_renders_byte_for_byte() {
    msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
    assert_eq!(take_error_message().as_deref(), Some(EK0201_1048576));
    assert_eq!(take_error_message(), None, "taking clears the store");
}

#[test]
fn typed_report_renders_like_the_macro() {
    InsufficientHostMemory {
        buf_size: "1048576B".into(),
    }
    .report();
    assert_eq!(take_error_message().as_deref(), Some(EK0201_1048576));
}

#[test]
fn traceback_with_internal_items_around_an_ordinary_headline() {
    report_inner_error!("E19999", "Param input.size() < {}, check invalid", 3);
    msprof_env_error!("EK0005", ["param"], ["aic_metrics"]);
    report_inner_error!("EK9999", "collector stopped at step {}", 7);
    NullPointer {
        api: "aclprofStart".into(),
        param: "config".into(),
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0005: Parameter aic_metrics is not supported.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Param input.size() < 3, check invalid\r\n\
             \x20       collector stopped at step 7\r\n\
             \x20       aclprofStart failed because parameter config cannot be a null pointer.\r\n"
        )
    );
}

#[test]
fn headline_prints_cause_and_solution_only_when_defined() {
    InsufficientDiskSpace {
        reason: "/var is full".into(),
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0204: Insufficient disk space. Reason: /var is full.\r\n\
             \x20       Solution: At least 20MB storage space is required for Profiling flushing. Delete redundant files or change the flushing path.\r\n"
        )
    );
}

#[test]
fn internal_only_errors_print_internal_error_headline() {
    report_inner_error!("E19999", "first {}", "failure");
    SystemTerminated.report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "E19999: Inner Error!\r\n\
             first failure\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       An unknown error occurred. Please check the log.\r\n"
        )
    );
}

#[test]
fn internal_headline_alone() {
    InnerError {
        detail: "queue overflow".into(),
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some("E19999: Inner Error!\r\nInner error: queue overflow\r\n")
    );
}

#[test]
fn warnings_are_kept_apart_from_errors() {
    LowSamplingRate { rate: 10 }.report();
    msprof_env_error!("EK0004", ["intf"], ["aclprofGetOpTime"]);
    msprof_env_error!("WE0001", ["type", "function"], ["method", "aclprofInit"]);
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0004: The current system or device does not support aclprofGetOpTime.\r\n")
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some(
            "WK0100: Sampling rate 10 is low; results may be coarse.\r\n\
             WE0001: Function aclprofInit of type method is deprecated.\r\n"
        )
    );
    assert_eq!(errcat::take_warning_message(), None);
}

#[test]
fn identical_reports_are_stored_once() {
    for _ in 0..3 {
        msprof_env_error!("EK0005", ["param"], ["a"]);
        msprof_env_error!("EK0005", ["param"], ["b"]);
        report_inner_error!("E19999", "same {}", 1);
    }
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0005: Parameter a is not supported.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Parameter b is not supported.\r\n\
             \x20       same 1\r\n"
        )
    );
}

#[test]
fn values_are_inserted_verbatim() {
    let hostile = "%s %% {} {0}\r\nline two %";
    msprof_env_error!("EK0005", ["param"], [hostile]);
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0005: Parameter %s %% {} {0}\r\nline two % is not supported.\r\n")
    );
}

#[test]
fn literal_percent_in_template() {
    #[derive(Debug)]
    #[error_code("EZ0012", message = "Usage is 100%% of %s.")]
    struct Full {
        what: String,
    }
    Full {
        what: "the %s pool".into(),
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EZ0012: Usage is 100% of the %s pool.\r\n")
    );
}

#[test]
fn ten_placeholders() {
    let [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9] =
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    TenPlaceholders {
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EZ0010: 0|1|2|3|4|5|6|7|8|9\r\n")
    );
}

#[test]
fn one_name_fills_several_placeholders() {
    msprof_env_error!(
        "EZ0011",
        ["param_name", "op_name", "attr_name"],
        ["x", "Conv2D", "pads"]
    );
    assert_eq!(
        take_error_message().as_deref(),
        Some("EZ0011: Op Conv2D has attr pads; param x conflicts with attr pads.\r\n")
    );
}

#[test]
fn keys_match_by_name_in_any_order_and_braces_work() {
    msprof_env_error!("EK0001", {"reason", "value", "param"}, {"too small", "-1", "buf"});
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0001: Value -1 for parameter buf is invalid. Reason: too small.\r\n")
    );
}

#[test]
fn the_sibling_macros_report_alike() {
    errcat::msprof_input_error!("EK0005", ["param"], ["a"]);
    errcat::report_input_error!("EK0005", ["param"], ["b"]);
    errcat::report_env_error!("EK0005", ["param"], ["c"]);
    errcat::msprof_inner_error!("EK9999", "d{}", 1);
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0005: Parameter a is not supported.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Parameter b is not supported.\r\n\
             \x20       Parameter c is not supported.\r\n\
             \x20       d1\r\n"
        )
    );
}

#[test]
fn display_and_debug_of_a_definition() {
    let error = NullPointer {
        api: "aclprofStop".into(),
        param: "cfg".into(),
    };
    assert_eq!(
        error.to_string(),
        "aclprofStop failed because parameter cfg cannot be a null pointer."
    );
    assert_eq!(
        format!("{error:?}"),
        "NullPointer { api: \"aclprofStop\", param: \"cfg\" }"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    assert_eq!(
        boxed.to_string(),
        "aclprofStop failed because parameter cfg cannot be a null pointer."
    );
    let keyword = KeywordArgument {
        function: "f".into(),
        r#type: "t".into(),
    };
    assert_eq!(keyword.to_string(), "Function f of type t is deprecated.");
}

#[test]
fn write_error_message_into_a_callers_buffer() {
    let mut out = String::from("prefix|");
    assert!(!errcat::write_error_message(&mut out));
    SystemTerminated.report();
    assert!(errcat::write_error_message(&mut out));
    assert_eq!(
        out,
        "prefix|EK9999: Inner Error!\r\nAn unknown error occurred. Please check the log.\r\n"
    );
}

#[test]
fn values_can_be_any_display_type() {
    #[derive(Debug)]
    #[error_code(
        "EZ0013",
        message = "%s bytes at %s, ratio %s",
        args = "size,address,ratio"
    )]
    struct Numbers {
        size: u64,
        address: std::net::Ipv4Addr,
        ratio: f32,
    }
    msprof_env_error!(
        "EZ0013",
        ["size", "address", "ratio"],
        [4096u64, std::net::Ipv4Addr::LOCALHOST, 0.5f32]
    );
    Numbers {
        size: 1,
        address: std::net::Ipv4Addr::UNSPECIFIED,
        ratio: 2.0,
    }
    .report();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EZ0013: 4096 bytes at 127.0.0.1, ratio 0.5\r\n        TraceBack (most recent call last):\r\n        1 bytes at 0.0.0.0, ratio 2\r\n"
        )
    );
}

#[derive(Debug)]
#[error_code(
    "EZ0012",
    message = "%s, %s, %s, %s, %s and %s.",
    args = "owned, borrowed, cow, boxed, path, number"
)]
pub struct EveryText<'a> {
    pub owned: String,
    pub borrowed: &'a str,
    pub cow: std::borrow::Cow<'a, str>,
    pub boxed: Box<str>,
    pub path: std::string::String,
    pub number: u64,
}

#[derive(Debug)]
#[error_code]
pub enum TextVariants<'a> {
    #[error_code("EZ0014", message = "Variant of %s and %s.", args = "borrowed,cow")]
    Texts {
        borrowed: &'a str,
        cow: std::borrow::Cow<'a, str>,
    },
}

/// Values of the standard text types are written as they are, and the
/// others with `Display`, in one message.
#[test]
fn text_values_of_every_standard_type_are_written_as_they_are() {
    let _ = take_error_message();
    let value = EveryText {
        owned: "owned ä".to_owned(),
        borrowed: "borrowed",
        cow: std::borrow::Cow::Owned("cow".to_owned()),
        boxed: "boxed".into(),
        path: "path".to_owned(),
        number: 42,
    };
    value.report();
    assert_eq!(
        value.to_string(),
        "owned ä, borrowed, cow, boxed, path and 42."
    );
    assert_eq!(
        take_error_message().as_deref(),
        Some("EZ0012: owned ä, borrowed, cow, boxed, path and 42.\r\n")
    );
    let variant = TextVariants::Texts {
        borrowed: "a",
        cow: std::borrow::Cow::Borrowed("b"),
    };
    variant.report();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EZ0014: Variant of a and b.\r\n")
    );
}

#[test]
fn the_plain_layout_ends_lines_with_newlines_and_heads_traceback_lines_with_codes() {
    use errcat::Layout;
    let report_all = || {
        msprof_env_error!("EK0005", ["param"], ["aic_metrics"]);
        report_inner_error!("EK9999", "collector stopped at step {}", 7);
        msprof_env_error!("EK0201", ["buf_size"], ["1B"]);
        LowSamplingRate { rate: 10 }.report();
    };
    report_all();
    assert_eq!(
        errcat::take_error_message_with(Layout::Plain).as_deref(),
        Some(
            "EK0005: Parameter aic_metrics is not supported.\n\
             \x20       TraceBack (most recent call last):\n\
             \x20       EK9999: collector stopped at step 7\n\
             \x20       EK0201: Failed to allocate 1B host memory for Profiling.\n"
        )
    );
    assert_eq!(
        errcat::take_warning_message_with(Layout::Plain).as_deref(),
        Some("WK0100: Sampling rate 10 is low; results may be coarse.\n")
    );
    // The same reports in the default layout, CANN's bytes, unchanged.
    report_all();
    let mut compact = String::new();
    assert!(errcat::write_error_message_with(
        Layout::Compact,
        &mut compact
    ));
    assert_eq!(
        compact,
        "EK0005: Parameter aic_metrics is not supported.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       collector stopped at step 7\r\n\
         \x20       Failed to allocate 1B host memory for Profiling.\r\n"
    );
    let mut warnings = String::new();
    assert!(errcat::write_warning_message_with(
        Layout::default(),
        &mut warnings
    ));
    assert_eq!(
        warnings,
        "WK0100: Sampling rate 10 is low; results may be coarse.\r\n"
    );
    // An internal headline, in the plain layout.
    report_inner_error!("E19999", "queue {} overflowed", "rx");
    let mut plain = String::new();
    assert!(errcat::write_error_message_with(Layout::Plain, &mut plain));
    assert_eq!(plain, "E19999: Inner Error!\nqueue rx overflowed\n");
    assert!(!errcat::write_error_message_with(Layout::Plain, &mut plain));
}

/// `text` with this process's `[PID: n]` written `[PID: P]` and each report
/// time (`2026-12-01-12:34:56.789.012`) written `T`; any other PID panics.
fn ge_masked(text: &str) -> String {
    let pid = format!("[PID: {}]", std::process::id());
    let shape = b"dddd-dd-dd-dd:dd:dd.ddd.ddd";
    let is_time = |rest: &[u8]| {
        rest.len() >= shape.len()
            && shape.iter().zip(rest).all(|(want, got)| match want {
                b'd' => got.is_ascii_digit(),
                _ => want == got,
            })
    };
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("[PID: ") {
            assert!(rest.starts_with(&pid), "another PID: {rest}");
            out.push_str("[PID: P]");
            rest = &rest[pid.len()..];
        } else if is_time(rest.as_bytes()) {
            out.push('T');
            rest = &rest[shape.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

#[test]
fn ge_layout_heads_with_pid_time_and_title() {
    msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
    report_inner_error!("E19999", "after");
    let text = errcat::take_error_message_with(errcat::Layout::Ge).unwrap();
    assert_eq!(
        ge_masked(&text),
        "[PID: P] T Resource_Error_Insufficient_Host_Memory(EK0201): Failed to allocate 1048576B host memory for Profiling.\n\
         \x20       Possible Cause: Allocation failed due to insufficient host memory.\n\
         \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\n\
         TraceBack (most recent call last):\n\
         \x20       after\n"
    );
    assert_eq!(errcat::take_error_message_with(errcat::Layout::Ge), None);
}

#[test]
fn ge_layout_repeats_a_headline_preceded_by_an_internal_error() {
    report_inner_error!("EK9999", "collector stopped");
    msprof_env_error!("EK0004", ["intf"], ["aclprofStart"]);
    let text = errcat::take_error_message_with(errcat::Layout::Ge).unwrap();
    assert_eq!(
        ge_masked(&text),
        "[PID: P] T Not_Supported_API(EK0004): The current system or device does not support aclprofStart.\n\
         TraceBack (most recent call last):\n\
         \x20       collector stopped\n\
         \x20       The current system or device does not support aclprofStart.\n"
    );
}

#[test]
fn ge_layout_of_internal_errors_keeps_the_originals_spacing() {
    report_inner_error!("E19999", "first");
    report_inner_error!("E19999", "second");
    let mut text = String::new();
    assert!(errcat::write_error_message_with(
        errcat::Layout::Ge,
        &mut text
    ));
    assert_eq!(
        ge_masked(&text),
        "E19999: Internal error!\nE19999[PID: P] T (E19999):  first\n\
         TraceBack (most recent call last):\n       second\n"
    );
}

#[test]
fn ge_layout_of_warnings_is_one_headline_each() {
    LowSamplingRate { rate: 5 }.report();
    let text = errcat::take_warning_message_with(errcat::Layout::Ge).unwrap();
    assert_eq!(
        ge_masked(&text),
        "[PID: P] T (WK0100): Sampling rate 5 is low; results may be coarse.\n"
    );
    // The compact layout is the default, and what the old functions give.
    LowSamplingRate { rate: 5 }.report();
    assert_eq!(errcat::Layout::default(), errcat::Layout::Compact);
    assert_eq!(
        errcat::take_warning_message_with(errcat::Layout::Compact).as_deref(),
        Some("WK0100: Sampling rate 5 is low; results may be coarse.\r\n")
    );
}
