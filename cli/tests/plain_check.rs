//! Plain `check --against` misses nothing it could know: sites through an
//! X-macro table's enumerator counted against the template, a code only a
//! copy defines told at each of its sites, test assertions no sites, each
//! site listed once.

use std::path::Path;

mod common;
use common::{Run, errcode};

/// EE1018 has three placeholders; EH0001 two.
const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errTitle": "Resource_Error",
      "ErrCode": "EE1018",
      "ErrMessage": "Failed to open %s in %s: %s.",
      "Arglist": "file, folder, reason",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    },
    {
      "errTitle": "Bad_Param",
      "ErrCode": "EH0001",
      "ErrMessage": "Value %s for %s is invalid.",
      "Arglist": "value, param",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    }
  ]
}
"#;

/// The runtime's X-macro table, its row the catalog's.
const X_TABLE: &str = "#define TABLE(X) \\\n    X(EE1018, \"EE1018\", (\"file\", \"folder\", \"reason\"), \"Failed to open %s in %s: %s. ErrorCode=EE1018.\\n\", DLOG_ERROR)\n";

/// A folder with the catalog and `files` (path, text).
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn check(dir: &Path, args: &[&str]) -> Run {
    errcode(dir, &[&["check"], args].concat())
}

#[test]
fn sites_through_an_enumerator_are_counted_against_the_template() {
    let dir = tree(&[
        ("src/meta.h", X_TABLE),
        (
            "src/api.cc",
            concat!(
                "#define BAD_PARAM \"EH0001\"\n",
                "void f(const char* path)\n",
                "{\n",
                "    RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1018, path, \"/tmp\");\n",
                "    RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1018, path, \"/tmp\", \"gone\");\n",
                "    RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1018, path, \"/tmp\", \"gone\", extra);\n",
                // The enumerator alone: the call formats nothing.
                "    SetLastError(ErrorCode::EE1018);\n",
                "    REPORT_INPUT_ERROR(BAD_PARAM, std::vector<const char*>({\"value\", \"param\"}), std::vector<const char*>({v}));\n",
                "    REPORT_INPUT_ERROR(BAD_PARAM, std::vector<const char*>({\"value\"}), std::vector<const char*>({v}));\n",
                "}\n",
            ),
        ),
    ]);
    let run = check(dir.path(), &["error_code.json", "--against", "src"]);
    assert_eq!(
        run.stdout,
        concat!(
            "src/api.cc:4:32: EE1018: 2 values for the 3 placeholders of the template (the code of ErrorCode::EE1018) (error_code.json:3)\n",
            "src/api.cc:6:32: EE1018: 4 values for the 3 placeholders of the template (the code of ErrorCode::EE1018) (error_code.json:3)\n",
            "src/api.cc:8:24: EH0001: 2 keys but 1 value (the code of BAD_PARAM)\n",
            "src/api.cc:9:24: EH0001: keys differ from Arglist (the code of BAD_PARAM): \"value, param\" vs \"value\" (error_code.json:10); missing param\n",
            "checked 2 entries in error_code.json against 2 files (1 table row, 0 pages, 6 report sites (6 through a constant or an enumerator), 0 Rust definitions)\n",
            "4 errors, 0 warnings in 1 file\n",
        )
    );
    assert_eq!((run.stderr.as_str(), run.status), ("", 1));
}

#[test]
fn a_code_only_a_table_defines_is_not_in_catalog_at_its_row_and_each_site() {
    let dir = tree(&[
        (
            "src/ge/ge_table.cc",
            "static const ErrorInfoConfig MAP[] = {\n    {\"EG0001\", \"Graph %s failed.\", NULL, NULL, {\"graph\"}},\n};\n",
        ),
        (
            "src/api.cc",
            "void f()\n{\n    REPORT_INPUT_ERROR(\"EG0001\", std::vector<const char*>({\"graph\"}), std::vector<const char*>({g}));\n}\n",
        ),
        (
            "src/ge/build.cc",
            "void g()\n{\n    REPORT_INPUT_ERROR(\"EG0001\", std::vector<const char*>({\"graph\"}), std::vector<const char*>({g}));\n}\n",
        ),
        // The graph engine's table is accepted, file by file; its codes'
        // sites elsewhere are not.
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n\n[[accept]]\nkind = \"not-in-catalog\"\nfile = \"src/ge/ge_table.cc\"\nreason = \"the graph engine's own table\"\n",
        ),
    ]);
    let run = check(dir.path(), &[]);
    assert_eq!(
        run.stdout,
        concat!(
            "src/api.cc:3:24: EG0001: reported here, but no catalog defines the code (only a copy does, at src/ge/ge_table.cc:2)\n",
            "src/ge/build.cc:3:24: EG0001: reported here, but no catalog defines the code (only a copy does, at src/ge/ge_table.cc:2)\n",
            "errcode: 1 finding accepted by the project file\n",
            "checked 2 entries in error_code.json against 3 files (1 table row, 0 pages, 2 report sites, 0 Rust definitions)\n",
            "2 errors, 0 warnings in 2 files\n",
        )
    );
    // Without the accept, the row is told too.
    std::fs::remove_file(dir.path().join("errcode.toml")).unwrap();
    let run = check(dir.path(), &["error_code.json", "--against", "src"]);
    assert_eq!(
        run.stdout,
        concat!(
            "src/api.cc:3:24: EG0001: reported here, but no catalog defines the code (only a copy does, at src/ge/ge_table.cc:2)\n",
            "src/ge/build.cc:3:24: EG0001: reported here, but no catalog defines the code (only a copy does, at src/ge/ge_table.cc:2)\n",
            "src/ge/ge_table.cc:2:6: EG0001: table row of a code that no catalog defines\n",
            "checked 2 entries in error_code.json against 3 files (1 table row, 0 pages, 2 report sites, 0 Rust definitions)\n",
            "3 errors, 0 warnings in 3 files\n",
        )
    );
}

#[test]
fn test_assertions_are_no_report_sites() {
    let dir = tree(&[(
        "src/api_test.cc",
        concat!(
            "TEST_F(Api, Codes)\n",
            "{\n",
            "    EXPECT_EQ(\"EK0002\", Code());\n",
            "    ASSERT_STREQ(\"EK0003\", Code());\n",
            "    EXPECT_EQ(Report(\"EK0004\", {\"a\"}, {b}), 0);\n",
            "}\n",
        ),
    )]);
    let run = check(dir.path(), &["error_code.json", "--against", "src"]);
    // A call inside an assertion still reports its code.
    assert_eq!(
        run.stdout,
        concat!(
            "src/api_test.cc:5:22: EK0004: reported here, but no catalog, table or Rust definition defines the code\n",
            "checked 2 entries in error_code.json against 1 file (0 table rows, 0 pages, 1 report site, 0 Rust definitions)\n",
            "1 error, 0 warnings in 1 file\n",
        )
    );
}

#[test]
fn each_site_is_listed_once_under_the_change_that_breaks_it() {
    let previous = CATALOG.replace(
        "\n  ]",
        ",\n    {\"errTitle\": \"Old\", \"ErrCode\": \"EK0009\", \"ErrMessage\": \"Old %s.\", \"Arglist\": \"what\"}\n  ]",
    );
    let dir = tree(&[
        ("v1.json", &previous),
        (
            "src/old.cc",
            "void g() { REPORT(\"EK0009\", {\"what\"}, {x}); }\n",
        ),
        (
            "src/old.rs",
            "fn f() { errcat::msprof_env_error!(\"EK0009\", [\"what\"], [x]); }\n",
        ),
    ]);
    let run = check(
        dir.path(),
        &[
            "error_code.json",
            "--against",
            "src",
            "--previous",
            "v1.json",
        ],
    );
    assert_eq!(
        run.stdout,
        concat!(
            "src/old.cc:1:19: EK0009: reported here, but no catalog, table or Rust definition defines the code\n",
            "src/old.rs:1:36: EK0009: reported here, but no catalog, table or Rust definition defines the code\n",
            "v1.json:17:5: EK0009: code-removed (SITES): the code is gone, and not retired; if that is deliberate, list it in the catalog's `retired` list\n",
            "    src/old.cc:1:19: report site, keys \"what\"\n",
            "    src/old.rs:1:36: report site, keys \"what\"\n",
            "checked 2 entries in error_code.json against 2 files (0 table rows, 0 pages, 2 report sites, 0 Rust definitions)\n",
            "3 errors, 0 warnings in 3 files\n",
        )
    );
}

#[test]
fn a_changes_uses_past_those_listed_are_counted_without_a_place() {
    let previous = CATALOG.replace(
        "\n  ]",
        ",\n    {\"errTitle\": \"Old\", \"ErrCode\": \"EK0009\", \"ErrMessage\": \"Old %s.\", \"Arglist\": \"what\"}\n  ]",
    );
    let sites: String = (0..53)
        .map(|_| "REPORT(\"EK0009\", {\"what\"}, {x});\n")
        .collect();
    let dir = tree(&[("v1.json", &previous), ("src/old.cc", &sites)]);
    let run = check(
        dir.path(),
        &[
            "error_code.json",
            "--against",
            "src",
            "--previous",
            "v1.json",
            "--max-per-file",
            "0",
        ],
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    let change = lines
        .iter()
        .position(|line| line.starts_with("v1.json:17:5: EK0009: code-removed"))
        .unwrap();
    assert_eq!(
        lines[change + 1],
        "    src/old.cc:1:8: report site, keys \"what\""
    );
    assert_eq!(
        lines[change + 50],
        "    src/old.cc:50:8: report site, keys \"what\""
    );
    assert_eq!(lines[change + 51], "    ... and 3 more uses");
    assert_eq!(
        lines[change + 52],
        "checked 2 entries in error_code.json against 1 file (0 table rows, 0 pages, 53 report sites, 0 Rust definitions)"
    );
}
