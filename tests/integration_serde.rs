//! The `serde` feature: reports through JSON and back into a store, the
//! same bytes rendered; definitions in the CANN catalog's field names.
#![cfg(feature = "serde")]

use errcat::{
    ErrorCode, Report, SourceLocation, error_code, msprof_env_error, report_inner_error,
};
use errcat_profiling as _;

#[derive(Debug)]
#[error_code("WZ0200", message = "Sampling rate %s is low.")]
pub struct LowSamplingRate {
    pub rate: u32,
}

#[derive(Debug)]
#[error_code("EZ0201", message = "Value %s is %s.", args = "name,value")]
pub struct Odd {
    pub name: &'static str,
    pub value: String,
}

#[derive(Debug)]
#[error_code("EZ0202", message = "Nothing to say.")]
pub struct Plain;

const EK0201_1048576: &str = "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n\
    \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
    \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n";

/// What `reports` render as errors once restored here.
fn restored(reports: impl IntoIterator<Item = Report>) -> Option<String> {
    errcat::restore_reports(reports);
    errcat::take_error_message()
}

/// What a worker does: report, take, write JSON.
fn worker() -> String {
    std::thread::spawn(|| {
        msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
        Odd {
            name: "path",
            value: "C:\\tmp\\\"%s\"\r\n{}".into(),
        }
        .report();
        report_inner_error!("E19999", "queue {} overflowed after {} items", "rx", 4096);
        Plain.report();
        LowSamplingRate { rate: 10 }.report();
        serde_json::to_string(&errcat::take_reports()).unwrap()
    })
    .join()
    .unwrap()
}

#[test]
fn reports_go_through_json_and_render_the_same_bytes() {
    let json = worker();
    let reports: Vec<Report> = serde_json::from_str(&json).unwrap();
    assert_eq!(reports.len(), 5);
    errcat::restore_reports(reports.clone());
    let errors = errcat::take_error_message().unwrap();
    assert_eq!(
        errors,
        format!(
            "{EK0201_1048576}\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value path is C:\\tmp\\\"%s\"\r\n{{}}.\r\n\
             \x20       queue rx overflowed after 4096 items\r\n\
             \x20       Nothing to say.\r\n"
        )
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WZ0200: Sampling rate 10 is low.\r\n")
    );
    // The same reports, never serialized, render the same.
    let worker_reports = std::thread::spawn(|| {
        msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
        Odd {
            name: "path",
            value: "C:\\tmp\\\"%s\"\r\n{}".into(),
        }
        .report();
        report_inner_error!("E19999", "queue {} overflowed after {} items", "rx", 4096);
        Plain.report();
        errcat::take_reports()
    })
    .join()
    .unwrap();
    errcat::restore_reports(worker_reports);
    assert_eq!(errcat::take_error_message().unwrap(), errors);
    // A round trip through JSON again changes nothing.
    assert_eq!(serde_json::to_string(&reports).unwrap(), json);
}

#[test]
fn a_report_as_json() {
    let line = line!() + 1;
    msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
    let reports = errcat::take_reports();
    assert_eq!(
        serde_json::to_string_pretty(&reports[0]).unwrap(),
        format!(
            r#"{{
  "code": "EK0201",
  "title": "Resource_Error_Insufficient_Host_Memory",
  "class": "Profiling Errors",
  "message": "Failed to allocate 1048576B host memory for Profiling.",
  "cause": "Allocation failed due to insufficient host memory.",
  "solution": "Stop unnecessary processes and ensure that the required memory is available.",
  "args": {{
    "buf_size": "1048576B"
  }},
  "location": {{
    "file": "tests/integration_serde.rs",
    "line": {line},
    "column": 5
  }}
}}"#
        )
    );
    let back: Report = serde_json::from_str(&serde_json::to_string(&reports[0]).unwrap()).unwrap();
    assert_eq!(back, reports[0]);
    assert_eq!(back.args().collect::<Vec<_>>(), [("buf_size", "1048576B")]);
    assert!(core::ptr::eq(
        back.def().unwrap(),
        reports[0].def().unwrap()
    ));
}

#[test]
fn an_internal_error_as_json() {
    report_inner_error!("E19999", "queue {} overflowed", "rx");
    let json = serde_json::to_value(errcat::take_reports()).unwrap();
    assert_eq!(json[0]["code"], "E19999");
    assert_eq!(json[0]["title"], serde_json::Value::Null);
    assert_eq!(json[0]["message"], "queue rx overflowed");
    assert_eq!(json[0]["args"], serde_json::json!({}));
}

#[test]
fn arguments_are_put_in_the_order_of_the_fields() {
    let report: Report = serde_json::from_str(
        r#"{"code": "EZ0201", "message": "Value a is b.", "args": {"value": "b", "name": "a"},
            "location": {"file": "tests/integration_serde.rs", "line": 1, "column": 1}}"#,
    )
    .unwrap();
    assert_eq!(
        report.args().collect::<Vec<_>>(),
        [("name", "a"), ("value", "b")]
    );
    assert_eq!(
        restored([report]).as_deref(),
        Some("EZ0201: Value a is b.\r\n")
    );
}

#[test]
fn a_message_that_is_not_the_template_filled_is_restored_as_it_is() {
    // Another version of the worker's catalog: the message differs from this
    // process's template, and the arguments name other fields.
    let report: Report = serde_json::from_str(
        r#"{"code": "EZ0201", "message": "Parameter a has value b.", "args": {"param": "a", "value": "b"},
            "location": {"file": "tests/integration_serde.rs", "line": 1, "column": 1}}"#,
    )
    .unwrap();
    assert_eq!(report.args().count(), 0);
    // The same fields, another template.
    let same_fields: Report = serde_json::from_str(
        r#"{"code": "EZ0201", "message": "Value of a: b.", "args": {"name": "a", "value": "b"},
            "location": {"file": "tests/integration_serde.rs", "line": 2, "column": 1}}"#,
    )
    .unwrap();
    assert_eq!(same_fields.args().count(), 2);
    assert_eq!(
        restored([report, same_fields]).as_deref(),
        Some(
            "EZ0201: Parameter a has value b.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value of a: b.\r\n"
        )
    );
}

#[test]
fn an_unregistered_code_keeps_its_code_and_message() {
    let json = r#"{"code": "EZ9876", "title": "Elsewhere", "class": null, "message": "Defined by the worker only.",
        "cause": "A cause.", "solution": null, "args": {"what": "x"},
        "location": {"file": "tests/integration_serde.rs", "line": 7, "column": 9}}"#;
    let report: Report = serde_json::from_str(json).unwrap();
    let again: Report = serde_json::from_str(json).unwrap();
    assert_eq!(report.code(), "EZ9876");
    // Interned once.
    assert!(core::ptr::eq(report.code(), again.code()));
    assert_eq!(report.title(), None);
    assert_eq!(report.cause(), None);
    assert_eq!(report.args().count(), 0);
    assert_eq!(
        report.location(),
        SourceLocation::new("tests/integration_serde.rs", 7, 9)
    );
    assert_eq!(
        restored([report]).as_deref(),
        Some("EZ9876: Defined by the worker only.\r\n")
    );
}

#[test]
fn a_struct_may_come_as_a_sequence() {
    let report: Report = serde_json::from_str(
        r#"["EK0201", null, null, "Failed to allocate 1048576B host memory for Profiling.", null, null,
            {"buf_size": "1048576B"}, ["tests/integration_serde.rs", 3, 4]]"#,
    )
    .unwrap();
    assert_eq!(restored([report]).unwrap(), EK0201_1048576);
}

fn error_of(json: &str) -> String {
    serde_json::from_str::<Report>(json)
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_reports_are_clear_errors() {
    assert_eq!(
        error_of(
            r#"{"code": "EK02", "message": "m", "args": {}, "location": {"file": "f", "line": 1, "column": 1}}"#
        ),
        "\"EK02\" is not an error code: a code is six characters: `E` or `W`, an uppercase letter \
         or digit, then four digits (like `EK0201`); this one has 4 characters at line 1 column 95"
    );
    assert_eq!(
        error_of(
            r#"{"code": "EK0201", "args": {}, "location": {"file": "f", "line": 1, "column": 1}}"#
        ),
        "missing field `message` at line 1 column 81"
    );
    assert_eq!(
        error_of(r#"{"code": "EK0201", "code": "EK0202"}"#),
        "duplicate field `code` at line 1 column 36"
    );
    assert_eq!(
        error_of(
            r#"{"code": "EK0201", "message": "m", "args": {}, "location": {"file": "f", "line": -1, "column": 1}}"#
        ),
        "invalid value: integer `-1`, expected u32 at line 1 column 83"
    );
    assert_eq!(
        error_of(r#"{"code": 7}"#),
        "invalid type: integer `7`, expected a string at line 1 column 10"
    );
}

#[test]
fn file_names_are_kept_within_bounds() {
    let location = |file: &str| -> SourceLocation {
        serde_json::from_value(serde_json::json!({"file": file, "line": 1, "column": 2})).unwrap()
    };
    // This file's name, which the other tests read, is kept before the
    // bound is reached.
    let own = location(file!());
    assert_eq!(own.file, file!());
    assert_eq!(location(&"a".repeat(4097)).file, errcat::DESERIALIZED_FILE);
    let kept: Vec<SourceLocation> = (0..1_100)
        .map(|i| location(&format!("src/f{i}.rs")))
        .collect();
    assert_eq!(kept[0].file, "src/f0.rs");
    assert_eq!(
        kept[1_099],
        SourceLocation::new(errcat::DESERIALIZED_FILE, 1, 2)
    );
    // Names kept are found again, not kept twice.
    assert!(core::ptr::eq(location("src/f0.rs").file, kept[0].file));
    assert!(core::ptr::eq(location(file!()).file, own.file));
}

#[test]
fn a_definition_in_the_catalog_s_field_names() {
    let def = errcat::registry().get("EK0201").unwrap();
    assert_eq!(
        serde_json::to_string(def).unwrap(),
        r#"{"errClass":"Profiling Errors","errTitle":"Resource_Error_Insufficient_Host_Memory","ErrCode":"EK0201","ErrMessage":"Failed to allocate %s host memory for Profiling.","Arglist":"buf_size","suggestion":{"Possible Cause":"Allocation failed due to insufficient host memory.","Solution":"Stop unnecessary processes and ensure that the required memory is available."}}"#
    );
    assert_eq!(
        serde_json::to_string(
            Odd {
                name: "",
                value: String::new()
            }
            .definition()
        )
        .unwrap(),
        r#"{"ErrCode":"EZ0201","ErrMessage":"Value %s is %s.","Arglist":"name,value"}"#
    );
}
