//! Nothing dropped or wrapped silently (issue 40): entries the format
//! cannot describe are named by `export` and `codegen`, which then fail;
//! a NUL in a catalog's text is a `check` error, and no C table gets it;
//! a baseline's counts are refused where their sum would wrap.

use std::fs;

mod common;
use common::errcode;

/// One whole entry, and two whose fields are numbers.
const NUMBERS: &str = r#"{"error_info_list": [
  {"ErrCode": "EK0201", "ErrMessage": "Cannot get %s bytes.", "Arglist": "size"},
  {"ErrCode": 202, "ErrMessage": 5, "Arglist": 6},
  {"ErrCode": "EK0203", "ErrMessage": 7, "Arglist": ""}
]}
"#;

const LEFT_OUT: &str = "errcode: left out: error_code.json:3: entry 2: \"ErrCode\" must be a string, not a number (and 2 more field-type findings in this entry)\n\
                        errcode: left out: error_code.json:4: EK0203: \"ErrMessage\" must be a string, not a number\n";

fn catalog(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), text).unwrap();
    dir
}

#[test]
fn entries_whose_fields_are_numbers_are_named_and_fail_the_run() {
    let dir = catalog(NUMBERS);
    let run = errcode(
        dir.path(),
        &["codegen", "--target", "c-error-map", "error_code.json"],
    );
    assert_eq!((run.stderr.as_str(), run.status), (LEFT_OUT, 1));
    assert!(run.stdout.contains("{\"EK0201\", \"Cannot get %s bytes.\""));
    let run = errcode(dir.path(), &["codegen", "error_code.json"]);
    assert_eq!((run.stderr.as_str(), run.status), (LEFT_OUT, 1));
    let run = errcode(
        dir.path(),
        &[
            "export",
            "--format",
            "json",
            "--catalog",
            "error_code.json",
            "--out",
            "-",
        ],
    );
    assert_eq!((run.stderr.as_str(), run.status), (LEFT_OUT, 1));
    let run = errcode(
        dir.path(),
        &[
            "export",
            "--format",
            "cann-docs",
            "--catalog",
            "error_code.json",
            "--out",
            "out",
        ],
    );
    assert_eq!((run.stderr.as_str(), run.status), (LEFT_OUT, 1));
}

#[test]
fn every_entry_left_out_is_named_beyond_the_findings_kept() {
    // More entries than a catalog keeps findings of: each is named still.
    let entries: Vec<String> = (0..150)
        .map(|code| {
            format!("  {{\"ErrCode\": \"EK{code:04}\", \"ErrMessage\": {code}, \"Arglist\": \"\"}}")
        })
        .collect();
    let dir = catalog(&format!(
        "{{\"error_info_list\": [\n{}\n]}}\n",
        entries.join(",\n")
    ));
    let run = errcode(dir.path(), &["codegen", "error_code.json"]);
    assert_eq!(run.status, 1);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 150, "{}", run.stderr);
    assert_eq!(
        lines[0],
        "errcode: left out: error_code.json:2: EK0000: \"ErrMessage\" must be a string, not a number"
    );
    assert_eq!(
        lines[149],
        "errcode: left out: error_code.json:151: entry 150: not in the catalog's format; `errcode check error_code.json` says why"
    );
}

#[test]
fn a_nul_in_a_text_is_a_check_error_and_reaches_no_c_table() {
    let dir = catalog(
        "{\"error_info_list\": [\n  {\"ErrCode\": \"EK0201\", \"ErrMessage\": \"before\\u0000after %s\", \"Arglist\": \"size\"},\n  {\"ErrCode\": \"EK0202\", \"ErrMessage\": \"Fine.\", \"Arglist\": \"\", \"errTitle\": \"T\\u0000\", \"suggestion\": {\"Possible Cause\": \"A\\u0000\", \"Solution\": \"N/A\"}}\n]}\n",
    );
    let run = errcode(dir.path(), &["check", "error_code.json"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "error_code.json:2:39: EK0201: ErrMessage holds a NUL character (\\u0000): a C string ends there, so C tables would cut the text short; remove it\n\
             error_code.json:3:75: EK0202: errTitle holds a NUL character (\\u0000): a C string ends there, so C tables would cut the text short; remove it (and 1 more text with one)\n\
             checked 2 entries in error_code.json\n\
             2 errors, 0 warnings in 1 file\n",
            1
        )
    );
    let run = errcode(
        dir.path(),
        &["codegen", "--target", "c-error-map", "error_code.json"],
    );
    assert_eq!(run.status, 1);
    assert!(!run.stdout.contains("\\000"), "{}", run.stdout);
    assert!(!run.stdout.contains("EK0201"), "{}", run.stdout);
    assert_eq!(
        run.stderr.lines().next(),
        Some(
            "errcode: left out: error_code.json:2: EK0201: ErrMessage holds a NUL character (\\u0000): a C string ends there, so C tables would cut the text short; remove it"
        )
    );
}

#[test]
fn baseline_counts_that_would_wrap_are_refused() {
    let dir = catalog(
        "{\"error_info_list\": [\n  {\"ErrCode\": \"EK0201\", \"ErrMessage\": \"Cannot get %s bytes.\", \"Arglist\": \"size\"}\n]}\n",
    );
    fs::create_dir_all(dir.path().join("src")).unwrap();
    fs::write(
        dir.path().join("src/a.c"),
        "{\"EK0201\", \"Wrong.\", NULL, NULL, {\"size\"}},\n",
    )
    .unwrap();
    let finding = |count: &str| {
        format!(
            "{{\"file\": \"src/a.c\", \"kind\": \"disagrees\", \"code\": \"EK0201\", \"field\": \"message\", \"count\": {count}}}"
        )
    };
    // One count of 2^64-1: accepted, the rest gone, counted as they are.
    fs::write(
        dir.path().join("baseline.json"),
        format!(
            "{{\"errcode-baseline\": 1, \"findings\": [{}]}}\n",
            finding("18446744073709551615")
        ),
    )
    .unwrap();
    let args = [
        "check",
        "error_code.json",
        "--against",
        "src",
        "--baseline",
        "baseline.json",
    ];
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "errcode: 1 finding accepted by the baseline baseline.json\n\
             errcode: 18446744073709551614 of the 18446744073709551615 findings the baseline baseline.json records are gone: `--write-baseline baseline.json` shrinks it\n\
             checked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\n",
            0
        )
    );
    // Two: their sum would wrap round to 2^64-2, and is refused.
    fs::write(
        dir.path().join("baseline.json"),
        format!(
            "{{\"errcode-baseline\": 1, \"findings\": [{}, {}]}}\n",
            finding("18446744073709551615"),
            finding("1")
        ),
    )
    .unwrap();
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: baseline.json is not an errcode baseline: finding 2: the counts add up to more than 18446744073709551615\n",
            2
        )
    );
}
