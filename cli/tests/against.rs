//! `check --against`: each kind of source (C tables in both layouts,
//! reference pages, C report sites, Rust definitions and sites) against a
//! small catalog, one defect per file, clean copies giving no finding; the
//! text rules under `--warn`; the JSON fields; the exit statuses.

use std::path::Path;

use assert_cmd::Command;

mod common;
use common::{Run, errcode};

/// Three entries: one with a cause and a solution, one without, one with
/// text-rule defects (only reported under `--warn`).
const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errTitle": "Low_Memory",
      "ErrCode": "EK0201",
      "ErrMessage": "Cannot get %s bytes.",
      "Arglist": "size",
      "suggestion": {"Possible Cause": "1. Too little. 2. Leaks.", "Solution": "Free some."}
    },
    {
      "errTitle": "Bad_Value",
      "ErrCode": "EK0202",
      "ErrMessage": "Value %s for %s is invalid.",
      "Arglist": "value, param",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    }
  ]
}
"#;

fn check(dir: &Path, args: &[&str]) -> Run {
    errcode(dir, &[&["check"], args].concat())
}

/// A folder with the catalog and `files` (path, text).
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    for (path, text) in files {
        let path = dir.path().join("src").join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn against(files: &[(&str, &str)], warn: bool) -> Run {
    let dir = tree(files);
    let mut args = vec!["error_code.json", "--against", "src"];
    if warn {
        args.push("--warn");
    }
    check(dir.path(), &args)
}

const CLEAN_TABLE: &str = r#"/* the compact manager's table */
static const ErrorInfoConfig MAP[] = {
    {"EK0201", "Cannot get " "%s bytes.", "1. Too little. 2. Leaks.", "Free some.", {"size"}},
    // {"EK0203", "Gone.", NULL, NULL, {}},
    {"EK0202", "Value %s for %s is invalid.", NULL, "N/A",
     {"value", "param"}},
};
"#;

const CLEAN_X_TABLE: &str = "#define TABLE(X) \\\n    X(EK0201, \"EK0201\", (\"size\"), \"Cannot get %s bytes. ErrorCode=EK0201.\\n\", DLOG_ERROR) \\\n    X(EK0202, \"EK0202\", (\"value\", \"param\"), \\\n      \"Value %s for %s is invalid.\" \" ErrorCode=EK0202.\\n\", DLOG_ERROR)\n";

#[test]
fn clean_copies_of_every_kind_give_no_finding_and_a_summary() {
    let run = against(
        &[
            ("table.c", CLEAN_TABLE),
            ("meta.h", CLEAN_X_TABLE),
            (
                "docs/en/EK0201-Low_Memory.md",
                "# EK0201 Low\\_Memory\n\n## Symptom\n\n```text\nCannot get %s bytes.\n```\n\n## Possible Cause\n\n1. Too little.\n2. Leaks.\n\n## Solution\n\nFree some.\n",
            ),
            (
                "docs/zh/EK0201-Low_Memory.md",
                "# EK0201 Low\\_Memory\n\n## 错误信息\n\n```text\nCannot get %s bytes.\n```\n\n## 可能原因\n\n内存不足。\n\n## 解决方法\n\n释放一些。\n",
            ),
            (
                "report.cpp",
                "void f() {\n  REPORT_ENV_ERROR(\"EK0201\", std::vector<std::string>({\"size\"}), std::vector<std::string>({s}));\n  REPORT(\"EK0202\", {\"param\", \"value\"}, {p, v});\n  REPORT(\"EK0202\", keys, values);\n  INNER(\"EK9999\", \"x\");\n  INNER(\"EU0001\");\n  if (code == \"EK0404\") {}\n}\n",
            ),
            (
                "lib.rs",
                "#[error_code(\"EK0201\", title = \"Low_Memory\", message = \"Cannot get {size} bytes.\", cause = \"1. Too little. 2. Leaks.\", solution = \"Free some.\")]\npub struct Low { pub size: u64 }\nfn f() { errcat::msprof_env_error!(\"EK0201\", [\"size\"], [n]); }\n",
            ),
        ],
        false,
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "checked 2 entries in error_code.json against 6 files (4 table rows, 2 pages, 6 report sites, 1 Rust definition): no errors\n",
            "",
            0
        )
    );
}

#[test]
fn a_struct_array_table_one_defect_a_row() {
    let run = against(
        &[(
            "table.c",
            concat!(
                "static const ErrorInfoConfig MAP[] = {\n",
                "    {\"EK0201\", \"Cannot get %s bytes\", \"1. Too little. 2. Leaks.\", \"Free some.\", {\"size\"}},\n",
                "    {\"EK0202\", \"Value %s for %s is invalid.\", NULL, NULL, {\"param\", \"value\"}},\n",
                "    {\"EK0201\", \"Cannot get %s bytes.\", \"Too little.\", NULL, {\"size\"}},\n",
                "    {\"EK0300\", \"New.\", NULL, NULL, {}},\n",
                "};\n",
            ),
        )],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/table.c:2:16: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s bytes\" (error_code.json:3)\n",
            "src/table.c:3:59: EK0202: arglist differs: \"value, param\" vs \"param, value\" (error_code.json:10)\n",
            "src/table.c:4:6: EK0201: the table lists the code 2 times: first at src/table.c:2, again at line 4\n",
            "src/table.c:5:6: EK0300: table row of a code that no catalog defines\n",
            "checked 2 entries in error_code.json against 1 file (4 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n4 errors, 0 warnings in 1 file\n",
        )
    );
    assert_eq!(run.status, 1);
}

#[test]
fn a_struct_array_table_cause_and_solution() {
    let run = against(
        &[(
            "table.c",
            "T MAP[] = {\n  {\"EK0201\", \"Cannot get %s bytes.\", NULL,\n   \"Free more.\", {\"size\"}},\n  {\"EK0202\", \"Value %s for %s is invalid.\", \"Why.\", NULL, {\"value\", \"param\"}},\n};\n",
        )],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/table.c:2:38: EK0201: cause differs: \"1. Too little. 2. Leaks.\" vs none (error_code.json:3)\n",
            "src/table.c:3:4: EK0201: solution differs: \"Free some.\" vs \"Free more.\" (error_code.json:3)\n",
            "src/table.c:4:45: EK0202: cause differs: none vs \"Why.\" (error_code.json:10)\n",
            "checked 2 entries in error_code.json against 1 file (2 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n3 errors, 0 warnings in 1 file\n",
        )
    );
}

#[test]
fn an_x_macro_table_without_its_suffix() {
    let run = against(
        &[(
            "meta.h",
            "#define TABLE(X) \\\n  X(EK0201, \"EK0201\", (\"size\"), \"Cannot get %s  bytes. ErrorCode=EK0201.\\n\", L) \\\n  X(EK0202, \"EK0202\", (\"value\"), \"Value %s for %s is invalid. ErrorCode=EK0202.\\n\", L)\n",
        )],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/meta.h:2:33: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s  bytes.\" (error_code.json:3)\n",
            "src/meta.h:3:23: EK0202: arglist differs: \"value, param\" vs \"value\" (error_code.json:10)\n",
            "checked 2 entries in error_code.json against 1 file (2 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n2 errors, 0 warnings in 1 file\n",
        )
    );
}

#[test]
fn pages_title_template_cause_and_unknown_codes() {
    let run = against(
        &[
            (
                "en/EK0201-Low_Memory.md",
                "# EK0201 Low\\_Memory\\_X\n\n## Symptom\n\n```\nCannot get %s byte.\n```\n\n## Possible Cause\n\n1. Too little.\n2. Leaks!\n\n## Solution\n\nFree some.\n",
            ),
            (
                "en/EK0202-Bad_Value.md",
                "# EK0202 Bad\\_Value\n\n## Symptom\n\n```\nValue %s for %s is invalid.\n```\n\n## Solution\n\nFix it.\n",
            ),
            (
                "zh/EK0202-Bad_Value.md",
                "# EK0202 Bad\\_Value\n\n## 错误信息\n\n```\nValue %s for %s is invalid.\n```\n\n## 解决方法\n\n修改。\n",
            ),
            ("en/EK0999-Gone.md", "# EK0999 Gone\n"),
            ("en/index.md", "# Index\n"),
        ],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/en/EK0201-Low_Memory.md:1:10: EK0201: title differs: \"Low_Memory\" vs \"Low_Memory_X\" (error_code.json:3)\n",
            "src/en/EK0201-Low_Memory.md:6:1: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s byte.\" (error_code.json:3)\n",
            "src/en/EK0201-Low_Memory.md:11:1: EK0201: cause differs: \"1. Too little. 2. Leaks.\" vs \"1. Too little. 2. Leaks!\" (error_code.json:3)\n",
            "src/en/EK0999-Gone.md:1:1: EK0999: reference page of a code that no catalog defines\n",
            "checked 2 entries in error_code.json against 4 files (0 table rows, 4 pages, 0 report sites, 0 Rust definitions)\n4 errors, 0 warnings in 2 files\n",
        )
    );
    // A solution the pages have and the catalog lacks (`N/A`) is one
    // warning for the code, at its English page, whichever pages have it.
    let run = against(
        &[
            (
                "en/EK0202-Bad_Value.md",
                "# EK0202 Bad\\_Value\n\n## Symptom\n\n```\nValue %s for %s is invalid.\n```\n\n## Solution\n\nFix it.\n",
            ),
            (
                "zh/EK0202-Bad_Value.md",
                "# EK0202 Bad\\_Value\n\n## 错误信息\n\n```\nValue %s for %s is invalid.\n```\n\n## 解决方法\n\n修改。\n",
            ),
        ],
        true,
    );
    assert_eq!(
        run.stdout
            .lines()
            .filter(|line| line.contains("catalog-missing") || line.contains("page has one"))
            .collect::<Vec<_>>(),
        [
            "src/en/EK0202-Bad_Value.md:11:1: warning: EK0202: the catalog has no solution, but the page has one: \"Fix it.\"; `errcode update --adopt-pages` copies the English text into the catalog"
        ]
    );
    assert_eq!(run.status, 0);
}

#[test]
fn missing_pages_and_skipped_files_under_warn() {
    let run = against(
        &[
            (
                "en/EK0202-Bad_Value.md",
                "# EK0202 Bad\\_Value\n\n## Symptom\n\n```\nValue %s for %s is invalid.\n```\n",
            ),
            ("notes.txt", "EK0201"),
            ("index.md", "# Index\n"),
        ],
        true,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "error_code.json:3:5: warning: EK0201: no English reference page (pages such as src/en/EK0202-Bad_Value.md have the others)\n",
            "src: warning: 2 files of no known kind skipped (known: C and C++ sources, Rust, <CODE>-<Title>.md pages, error_code.json catalogs)\n",
            "checked 2 entries in error_code.json against 1 file (0 table rows, 1 page, 0 report sites, 0 Rust definitions): no errors, 2 warnings\n",
        )
    );
    assert_eq!(run.status, 0);
}

#[test]
fn c_report_sites_undefined_codes_keys_and_values() {
    let run = against(
        &[(
            "report.cc",
            concat!(
                "void f() {\n",
                "  REPORT(\"EK0201\", std::vector<std::string>({\"bytes\"}), std::vector<std::string>({s}));\n",
                "  REPORT(\"EK0202\", {\"value\", \"param\"}, {v});\n",
                "  REPORT(\"EK0777\", {\"x\"}, {y});\n",
                "  REPORT(\"EE8888\", {\"x\"}, {y});\n",
                "  REPORT(\"EK0201\", ARRAY(\"size\", \"value\"), ARRAY(a, b));\n",
                "}\n",
            ),
        )],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/report.cc:2:10: EK0201: keys differ from Arglist: \"size\" vs \"bytes\" (error_code.json:3); missing size; not in Arglist: bytes\n",
            "src/report.cc:3:10: EK0202: 2 keys but 1 value\n",
            "src/report.cc:4:10: EK0777: reported here, but no catalog, table or Rust definition defines the code\n",
            "src/report.cc:6:10: EK0201: keys differ from Arglist: \"size\" vs \"size, value\" (error_code.json:3); not in Arglist: value\n",
            "checked 2 entries in error_code.json against 1 file (0 table rows, 0 pages, 5 report sites, 0 Rust definitions)\n4 errors, 0 warnings in 1 file\n",
        )
    );
    assert_eq!(run.status, 1);
}

#[test]
fn a_code_defined_by_a_table_only_is_not_in_catalog_at_its_sites_too() {
    let run = against(
        &[
            (
                "table.c",
                "T MAP[] = {{\"EK0300\", \"New %s.\", NULL, NULL, {\"what\"}}};\n",
            ),
            (
                "use.c",
                "void f() { REPORT(\"EK0300\", {\"who\"}, {x}); }\n",
            ),
        ],
        false,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/table.c:1:13: EK0300: table row of a code that no catalog defines\n",
            // A table is a copy: its row defines nothing that a site may
            // report, so each site is told as well as the row.
            "src/use.c:1:19: EK0300: reported here, but no catalog defines the code (only a copy does, at src/table.c:1)\n",
            "checked 2 entries in error_code.json against 2 files (1 table row, 0 pages, 1 report site, 0 Rust definitions)\n2 errors, 0 warnings in 2 files\n",
        )
    );
}

#[test]
fn rust_definitions_and_sites() {
    let run = against(
        &[
            (
                "lib.rs",
                concat!(
                    "#[error_code(\"EK0201\", message = \"Cannot get %s.\", solution = \"Free some.\")]\n",
                    "pub struct Low { pub bytes: u64 }\n",
                    "#[derive(Debug)]\n",
                    "#[error_code]\n",
                    "pub enum E {\n",
                    "    #[error_code(\"EK0202\", message = \"Value {value} for {param} is invalid.\")]\n",
                    "    Bad { param: String, value: String },\n",
                    "    #[error_code(\"EZ0001\", message = \"Own.\")]\n",
                    "    Own,\n",
                    "}\n",
                    "fn f() { msprof_env_error!(\"EK0202\", [\"value\"], [v]); }\n",
                ),
            ),
            ("broken.rs", "fn f( {\n"),
        ],
        true,
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/broken.rs:1:7: Rust that does not parse, so its definitions and report sites are not checked: this `{` is never closed\n",
            "src/lib.rs:1:34: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s.\" (error_code.json:3)\n",
            // Absent fields are placed at the item's name.
            "src/lib.rs:2:12: EK0201: arglist differs: \"size\" vs \"bytes\" (error_code.json:3)\n",
            "src/lib.rs:2:12: EK0201: cause differs: \"1. Too little. 2. Leaks.\" vs none (error_code.json:3)\n",
            "src/lib.rs:8:18: warning: EZ0001: Rust definition E::Own of a code that no catalog defines\n",
            "src/lib.rs:11:28: EK0202: keys differ from Arglist: \"value, param\" vs \"value\" (error_code.json:10); missing param\n",
            "checked 2 entries in error_code.json against 2 files (0 table rows, 0 pages, 1 report site, 3 Rust definitions)\n5 errors, 1 warning in 2 files\n",
        )
    );
}

#[test]
fn text_rules_each_of_its_own_kind() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("rules.json"),
        r#"{"error_info_list": [
  {"ErrCode": "EK0001", "ErrMessage": "failed to start %s.", "Arglist": "what"},
  {"ErrCode": "EK0002", "ErrMessage": "Value %s is bad", "Arglist": "v",
   "suggestion": {"Possible Cause": "NA", "Solution": "1.Retry.\n2. Stop"}},
  {"ErrCode": "EK0003", "ErrMessage": "Stopped: %s.", "Arglist": "reason",
   "suggestion": {"Possible Cause": "the disk is full.", "Solution": "N/A"}}
]}
"#,
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("src/site.c"),
        "void f() { REPORT(\"EK0003\", {\"reason\"}, {\"Disk full.\"}); }\n",
    )
    .unwrap();
    let run = check(
        dir.path(),
        &[
            "rules.json",
            "--against",
            "src",
            "--warn",
            "--format",
            "json",
        ],
    );
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let kinds: Vec<(&str, &str, &str)> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| {
            (
                finding["code"].as_str().unwrap(),
                finding["kind"].as_str().unwrap(),
                finding["field"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("EK0001", "lowercase-start", "message"),
            ("EK0001", "missing-suggestion", "cause"),
            ("EK0002", "missing-period", "solution"),
            ("EK0002", "missing-period", "message"),
            ("EK0002", "na-spelling", "cause"),
            ("EK0002", "numbered-item-space", "solution"),
            ("EK0002", "newline-in-suggestion", "solution"),
            ("EK0003", "lowercase-start", "cause"),
            ("EK0003", "double-period", "message"),
        ]
    );
    assert_eq!(
        findings[8]["message"],
        "value \"Disk full.\" for reason ends with a period, and the message already puts one after its %s: drop the value's period"
    );
    assert_eq!(run.status, 0);
    // Without --warn, none of them.
    let quiet = check(dir.path(), &["rules.json", "--against", "src"]);
    assert_eq!(
        quiet.stdout,
        "checked 3 entries in rules.json against 1 file (0 table rows, 0 pages, 1 report site, 0 Rust definitions): no errors\n"
    );
}

#[test]
fn json_findings_name_the_field_and_the_other_copy() {
    let dir = tree(&[(
        "table.c",
        "T MAP[] = {\n  {\"EK0201\", \"Cannot get %s.\", NULL, NULL, {\"size\"}},\n  {\"EK0201\", \"Cannot get %s bytes.\", \"1. Too little. 2. Leaks.\", \"Free some.\", {\"size\"}},\n};\n",
    )]);
    let run = check(
        dir.path(),
        &["error_code.json", "--against", "src", "--format", "json"],
    );
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        findings[0],
        serde_json::json!({
            "file": "src/table.c",
            "line": 2,
            "column": 14,
            "severity": "error",
            "kind": "disagrees",
            "code": "EK0201",
            "entry": null,
            "message": "message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s.\" (error_code.json:3)",
            "field": "message",
            "other_file": "error_code.json",
            "other_line": 3,
        })
    );
    assert_eq!(findings[1]["field"], "cause");
    assert_eq!(findings[1]["column"], 32);
    assert_eq!(findings[3]["kind"], "duplicate-row");
    assert_eq!(findings[3]["other_file"], "src/table.c");
    assert_eq!(findings[3]["other_line"], 2);
    assert_eq!(findings[3].get("field"), None);
    assert_eq!(findings.as_array().unwrap().len(), 4);
    assert_eq!(run.status, 1);
}

#[test]
fn an_unreadable_path_is_status_2() {
    let dir = tree(&[]);
    let run = check(dir.path(), &["error_code.json", "--against", "absent"]);
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.starts_with("errcode: cannot read absent: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn explain_a_code_defined_only_in_rust_sources() {
    let dir = tree(&[(
        "lib.rs",
        "#[error_code(\"EZ0042\", title = \"Gone\", message = \"Device {device} is gone.\", solution = \"Plug it in.\", example = \"3\")]\npub struct Gone {\n    /// the device number\n    pub device: u32,\n}\nfn f() { msprof_env_error!(\"EZ0042\", [\"device\"], [d]); }\n",
    )]);
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(dir.path())
        .args([
            "explain",
            "EZ0042",
            "--catalog",
            "error_code.json",
            "--against",
            "src",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "EZ0042: Gone\nKind: error\nDefined at: src/lib.rs:1\n\nMessage: Device %s is gone.\nArguments: device\n\n\
         Possible cause: N/A\nSolution: Plug it in.\n\nAs reported, with each argument shown by name:\n  \
         EZ0042: Device <device> is gone.\n          Solution: Plug it in.\n\nReport it from Rust:\n  \
         errcat::report!(\"EZ0042\", [\"device\"], [device]);\n\n\
         Arguments, as the Rust definition documents them:\n  device: the device number\n  example: 3\n\n\
         Copies:\n  src/lib.rs:1 (Rust definition Gone)\n\nReport sites (1):\n  src/lib.rs:6\n"
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn rust_that_does_not_parse_is_an_error_without_warn() {
    let run = against(
        &[
            ("lib.rs", "fn f() { let x = ; }\n"),
            (
                "ok.rs",
                "#[error_code(\"EK0202\", message = \"Value {value} for {param} is invalid.\")]\npub struct Bad { value: String, param: String }\n",
            ),
        ],
        false,
    );
    // The file was read but cannot be checked: a CI run must not pass on
    // it, and the finding says where syn stopped.
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "src/lib.rs:1:18: Rust that does not parse, so its definitions and report sites are not checked: expected an expression\nchecked 2 entries in error_code.json against 2 files (0 table rows, 0 pages, 0 report sites, 1 Rust definition)\n1 error, 0 warnings in 1 file\n",
            "",
            1
        )
    );
    let dir = tree(&[("lib.rs", "fn f() { let x = ; }\n")]);
    let run = check(
        dir.path(),
        &["error_code.json", "--against", "src", "--format", "json"],
    );
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        findings,
        serde_json::json!([{
            "file": "src/lib.rs",
            "line": 1,
            "column": 18,
            "severity": "error",
            "kind": "unparsed-source",
            "code": null,
            "entry": null,
            "message": "Rust that does not parse, so its definitions and report sites are not checked: expected an expression",
        }])
    );
    assert_eq!(run.status, 1);
}

#[test]
fn explain_lists_the_reports_of_a_definitions_values() {
    // A crate of definitions, and a crate that reports them by value and
    // by code; a method call that reports nothing, and another code's
    // value, are no sites of EV0001.
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        (
            "errors/src/lib.rs",
            "use errcat::error_code;\n#[error_code]\npub enum DeviceError {\n    #[error_code(\"EV0001\", message = \"Device {device_id} was not found.\")]\n    NotFound { device_id: u32 },\n    #[error_code(\"EV0002\", message = \"Device {device_id} is busy.\")]\n    Busy { device_id: u32 },\n}\n",
        ),
        (
            "app/src/lib.rs",
            "use errors::DeviceError;\n\
             fn open(device_id: u32) -> Result<(), DeviceError> {\n    \
                 Err(DeviceError::NotFound { device_id }.reported())?;\n    \
                 errors::DeviceError::NotFound { device_id: 1 }\n        .report();\n    \
                 DeviceError::Busy { device_id }.report();\n    \
                 DeviceError::NotFound { device_id }.to_string();\n    \
                 errcat::report!(\"EV0001\", [\"device_id\"], [device_id]);\n    \
                 Ok(())\n\
             }\n\
             impl DeviceError {\n    fn again(id: u32) { Self::NotFound { device_id: id }.report(); }\n}\n",
        ),
    ] {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(dir.path())
        .args([
            "explain",
            "EV0001",
            "--catalog",
            "errors",
            "--against",
            "app",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.split_once("\nReport sites").map(|(_, sites)| sites),
        Some(
            " (4):\n  app/src/lib.rs:8\n  app/src/lib.rs:3 (DeviceError::NotFound.reported())\n  \
             app/src/lib.rs:4 (errors::DeviceError::NotFound.report())\n  \
             app/src/lib.rs:12 (Self::NotFound.report())\n\n\
             Family:\n  EV0002: Device %s is busy.\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nDefined at: errors/src/lib.rs:5\n"),
        "{stdout}"
    );
}
