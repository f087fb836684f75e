//! `report_dynamic`: codes known only at run time.

use errcat::{ReportError, report_dynamic, take_error_message};
use errcat_profiling::InsufficientHostMemory;

#[test]
fn reports_by_name_and_ignores_extra_names() {
    let _ = InsufficientHostMemory {
        buf_size: "".into(),
    };
    report_dynamic("EK0201", &[("unused", "x"), ("buf_size", "1048576B")]).unwrap();
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n        PossibleCause: Allocation failed due to insufficient host memory.\r\n        Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n"
        )
    );
}

#[test]
fn an_unknown_code_is_an_error_and_records_nothing() {
    let error = report_dynamic("EK0299", &[("buf_size", "1")]).unwrap_err();
    assert_eq!(
        error,
        ReportError::UnknownCode {
            code: "EK0299".into()
        }
    );
    assert_eq!(
        error.to_string(),
        "unknown error code \"EK0299\": no definition is registered"
    );
    assert_eq!(
        report_dynamic("not a code", &[]).unwrap_err().to_string(),
        "unknown error code \"not a code\": no definition is registered"
    );
    assert_eq!(take_error_message(), None);
}

#[test]
fn a_missing_argument_is_an_error_and_records_nothing() {
    let error = report_dynamic("EK0001", &[("value", "1"), ("reason", "r")]).unwrap_err();
    assert_eq!(
        error,
        ReportError::MissingArgument {
            code: "EK0001",
            name: "param"
        }
    );
    assert_eq!(
        error.to_string(),
        "EK0001 needs the argument `param`, which was not given"
    );
    assert_eq!(take_error_message(), None);
}

#[test]
fn the_first_value_of_a_repeated_name_wins() {
    report_dynamic("EK0005", &[("param", "first"), ("param", "second")]).unwrap();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0005: Parameter first is not supported.\r\n")
    );
}

#[test]
fn a_value_in_its_fields_place_wins_only_when_it_is_the_first_of_its_name() {
    let _ = errcat_profiling::InvalidApiCallSequence::default();
    // `intf2` is in its field's place (the second), but the first `intf2`
    // comes before it.
    report_dynamic(
        "EK0002",
        &[("intf2", "b0"), ("intf2", "b1"), ("intf1", "a")],
    )
    .unwrap();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0002: Please call the APIs in the following order: call a first, then b0.\r\n")
    );
    report_dynamic("EK0002", &[("intf1", "a"), ("intf2", "b"), ("intf2", "c")]).unwrap();
    assert_eq!(
        take_error_message().as_deref(),
        Some("EK0002: Please call the APIs in the following order: call a first, then b.\r\n")
    );
}
