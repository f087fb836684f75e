//! The daily loop on a tree written for these tests, as a maintainer runs
//! it: `errcode check` from the project file, findings accepted (a project
//! file's `[[accept]]`, an `errcode: allow(...)` comment, a baseline), the
//! copies brought up to date with `errcode update`, and the run green.

use std::fs;

mod common;
use common::errcode;

const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errClass": "Profiling Errors",
      "errTitle": "Resource_Error",
      "ErrCode": "EK0201",
      "ErrMessage": "Failed to allocate %s host memory.",
      "Arglist": "buf_size",
      "suggestion": {
        "Possible Cause": "Too little memory.",
        "Solution": "Stop unnecessary processes."
      }
    },
    {
      "errClass": "ACL Errors",
      "errTitle": "Invalid_Argument",
      "ErrCode": "EH0001",
      "ErrMessage": "Value %s for %s is invalid. Reason: %s.",
      "Arglist": "value, param, reason",
      "suggestion": {
        "Possible Cause": "N/A",
        "Solution": "N/A"
      }
    },
    {
      "errClass": "RTS Errors",
      "errTitle": "Resource_Error",
      "ErrCode": "EE1013",
      "ErrMessage": "Failed to allocate %s bytes of host memory via %s.",
      "Arglist": "buf_size, alloc_interface"
    }
  ]
}
"#;

const PROJECT: &str = r#"# The catalog, its copies, and what a run leaves out.
catalogs = ["catalog/error_code.json"]
against = ["src", "docs", "tests"]
exclude = ["tests/ut/**"]
"#;

const TABLE: &str = r#"#include "error_manager.h"
#define MAX_ARG_NUMBER 3
typedef struct {
    char* errorId;
    char* errorMessage;
    char* possibleCause;
    char* solution;
    char* argList[MAX_ARG_NUMBER];
} ErrorInfoConfig;

// Sorted by errorId.
static const ErrorInfoConfig ERROR_MAP[] = {
    {"E10001", "Retired %s.", NULL, NULL, {"value"}},
    {"EH0001", "Value %s for %s is invalid. Reason: %s.", NULL, NULL, {"value", "param", "reason"}},
    {"EK0201", "Cannot allocate %s.", NULL /* no cause */, "Free some.", {"size"}},
};
"#;

const X_TABLE: &str = "#define RUNTIME_ERROR_CODE_TABLE(X) \\\n    /* EE1013 - Resource_Error */ \\\n    X(EE1013, \"EE1013\", (\"buf_size\", \"alloc_interface\"), \"Failed to allocate %s bytes host memory via %s. ErrorCode=EE1013.\\n\", DLOG_ERROR)\n";

const SITES: &str = r#"#include "log_inner.h"
namespace acl {
constexpr const char* const INVALID_PARAM_MSG = "EH0001";
}
enum class ErrorCode { EE1013 };
void f(int size)
{
    REPORT_INPUT_ERROR(acl::INVALID_PARAM_MSG, std::vector<const char*>({"param", "value"}),
        std::vector<const char*>({"x", "size"}));
    RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1013, std::to_string(size).c_str(), "malloc");
    // errcode: allow(keys-differ)
    REPORT_INPUT_ERROR("EK0201", std::vector<const char*>({"wrong"}), std::vector<const char*>({"1"}));
}
"#;

const PAGE: &str = "# EK0201 Resource\\_Error\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the memory size.\n\n```text\nCannot allocate %s.\n```\n\nError example:\n\n```text\nCannot allocate 1G.\n```\n\n## Possible Cause\n\nToo little memory.\n\n## Solution\n\nStop unnecessary processes.\n";

const INDEX: &str = "# Profiling Errors\n\n- [EK0201 Resource\\_Error](EK0201-Resource_Error.md)\n";

/// The tree, in a folder of its own.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("errcode.toml", PROJECT),
        ("catalog/error_code.json", CATALOG),
        ("src/error_manager.c", TABLE),
        ("src/error_code_meta.h", X_TABLE),
        ("src/api.cc", SITES),
        ("docs/en/Profiling-Errors/EK0201-Resource_Error.md", PAGE),
        ("docs/en/Profiling-Errors/Profiling-Errors.md", INDEX),
        // A negative test: wrong on purpose, and left out by the project.
        (
            "tests/ut/negative.cc",
            "void t() { REPORT_INPUT_ERROR(\"EH0001\", {\"vale\"}, {v}); }\n",
        ),
    ];
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

const FIRST_RUN: &str = "\
docs/en/Profiling-Errors/EK0201-Resource_Error.md:8:1: EK0201: message differs: \"Failed to allocate %s host memory.\" vs \"Cannot allocate %s.\" (catalog/error_code.json:3)
src/api.cc:8:24: EH0001: keys differ from Arglist (the code of acl::INVALID_PARAM_MSG): \"value, param, reason\" vs \"param, value\" (catalog/error_code.json:14); missing reason
src/error_code_meta.h:3:58: EE1013: message differs: \"Failed to allocate %s bytes of host memory via %s.\" vs \"Failed to allocate %s bytes host memory via %s.\" (catalog/error_code.json:25)
src/error_manager.c:13:6: E10001: table row of a code that no catalog defines
src/error_manager.c:15:16: EK0201: message differs: \"Failed to allocate %s host memory.\" vs \"Cannot allocate %s.\" (catalog/error_code.json:3)
src/error_manager.c:15:39: EK0201: cause differs: \"Too little memory.\" vs none (catalog/error_code.json:3)
src/error_manager.c:15:60: EK0201: solution differs: \"Stop unnecessary processes.\" vs \"Free some.\" (catalog/error_code.json:3)
src/error_manager.c:15:74: EK0201: arglist differs: \"buf_size\" vs \"size\" (catalog/error_code.json:3)
checked 3 entries in catalog/error_code.json against 4 files (4 table rows, 1 page, 3 report sites (2 through a constant or an enumerator), 0 Rust definitions)
8 errors, 0 warnings in 4 files
";

#[test]
fn check_runs_what_the_project_file_names() {
    let dir = tree();
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (FIRST_RUN, "", 1)
    );
    // From a folder below, the project file is found above; files are named
    // from where the command runs.
    let run = errcode(&dir.path().join("src"), &["check"]);
    assert!(
        run.stdout.contains(
            "\nerror_manager.c:13:6: E10001: table row of a code that no catalog defines\n"
        ),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(../catalog/error_code.json:3)"));
    assert_eq!(run.status, 1);
}

#[test]
fn update_brings_the_copies_in_line_and_touches_nothing_else() {
    let dir = tree();
    let dry = errcode(dir.path(), &["update", "--dry-run"]);
    assert_eq!(dry.status, 1);
    assert_eq!(
        dry.stdout,
        "\
--- a/docs/en/Profiling-Errors/EK0201-Resource_Error.md
+++ b/docs/en/Profiling-Errors/EK0201-Resource_Error.md
@@ -5,13 +5,13 @@
 The following is error format. The placeholder %s indicates the memory size.
 
 ```text
-Cannot allocate %s.
+Failed to allocate %s host memory.
 ```
 
 Error example:
 
 ```text
-Cannot allocate 1G.
+Failed to allocate 1G host memory.
 ```
 
 ## Possible Cause
--- a/src/error_code_meta.h
+++ b/src/error_code_meta.h
@@ -1,3 +1,4 @@
 #define RUNTIME_ERROR_CODE_TABLE(X) \\
     /* EE1013 - Resource_Error */ \\
-    X(EE1013, \"EE1013\", (\"buf_size\", \"alloc_interface\"), \"Failed to allocate %s bytes host memory via %s. ErrorCode=EE1013.\\n\", DLOG_ERROR)
+    X(EE1013, \"EE1013\", (\"buf_size\", \"alloc_interface\"), \\
+      \"Failed to allocate %s bytes of host memory via %s. ErrorCode=EE1013.\\n\", DLOG_ERROR)
--- a/src/error_manager.c
+++ b/src/error_manager.c
@@ -12,5 +12,5 @@
 static const ErrorInfoConfig ERROR_MAP[] = {
     {\"E10001\", \"Retired %s.\", NULL, NULL, {\"value\"}},
     {\"EH0001\", \"Value %s for %s is invalid. Reason: %s.\", NULL, NULL, {\"value\", \"param\", \"reason\"}},
-    {\"EK0201\", \"Cannot allocate %s.\", NULL /* no cause */, \"Free some.\", {\"size\"}},
+    {\"EK0201\", \"Failed to allocate %s host memory.\", \"Too little memory.\", \"Stop unnecessary processes.\", {\"buf_size\"}},
 };
"
    );
    assert_eq!(
        dry.stderr,
        "errcode: src/error_manager.c:13: E10001: no catalog has the code: the row is left as it is\n\
         errcode: 3 files out of date: `errcode update` rewrites them\n"
    );
    // A dry run writes nothing.
    assert_eq!(
        fs::read_to_string(dir.path().join("src/error_manager.c")).unwrap(),
        TABLE
    );
    let update = errcode(dir.path(), &["update"]);
    assert_eq!(
        (update.stdout.as_str(), update.status),
        (
            "updated docs/en/Profiling-Errors/EK0201-Resource_Error.md (English page)\n\
             updated src/error_code_meta.h (1 table row)\n\
             updated src/error_manager.c (1 table row)\n\
             updated 3 files\n",
            0
        )
    );
    // Up to date now: a freshness check passes, and the check finds only
    // what update does not write (a code no catalog has, a report site).
    let again = errcode(dir.path(), &["update", "--dry-run"]);
    assert_eq!(again.status, 0, "{}", again.stdout);
    let check = errcode(dir.path(), &["check"]);
    assert_eq!(
        check.stdout,
        "\
src/api.cc:8:24: EH0001: keys differ from Arglist (the code of acl::INVALID_PARAM_MSG): \"value, param, reason\" vs \"param, value\" (catalog/error_code.json:14); missing reason
src/error_manager.c:13:6: E10001: table row of a code that no catalog defines
checked 3 entries in catalog/error_code.json against 4 files (4 table rows, 1 page, 3 report sites (2 through a constant or an enumerator), 0 Rust definitions)
2 errors, 0 warnings in 2 files
"
    );
    // Everything but the rewritten rows is as it was.
    let table = fs::read_to_string(dir.path().join("src/error_manager.c")).unwrap();
    assert_eq!(
        table,
        TABLE.replace(
            "{\"EK0201\", \"Cannot allocate %s.\", NULL /* no cause */, \"Free some.\", {\"size\"}}",
            "{\"EK0201\", \"Failed to allocate %s host memory.\", \"Too little memory.\", \"Stop unnecessary processes.\", {\"buf_size\"}}"
        )
    );
}

#[test]
fn accepted_findings_a_project_file_accept_and_a_baseline() {
    let dir = tree();
    fs::write(
        dir.path().join("errcode.toml"),
        format!(
            "{PROJECT}\n[[accept]]\nkind = \"not-in-catalog\"\ncode = \"E10001\"\nfile = \"src/error_manager.c\"\nreason = \"retired, still reported by old firmware\"\n\n[[accept]]\nkind = \"keys-differ\"\ncode = \"EZ9999\"\nreason = \"nothing matches this\"\n"
        ),
    )
    .unwrap();
    errcode(dir.path(), &["update"]);
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(
        run.stdout,
        "\
src/api.cc:8:24: EH0001: keys differ from Arglist (the code of acl::INVALID_PARAM_MSG): \"value, param, reason\" vs \"param, value\" (catalog/error_code.json:14); missing reason
errcode: 1 finding accepted by the project file
checked 3 entries in catalog/error_code.json against 4 files (4 table rows, 1 page, 3 report sites (2 through a constant or an enumerator), 0 Rust definitions)
1 error, 0 warnings in 1 file
"
    );
    // Today's findings become the baseline; the run is green with it.
    let write = errcode(
        dir.path(),
        &["check", "--write-baseline", "errcode-baseline.json"],
    );
    assert_eq!(
        (write.stdout.as_str(), write.status),
        ("wrote 1 finding (1 entry) to errcode-baseline.json\n", 0)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("errcode-baseline.json")).unwrap(),
        "{\n  \"errcode-baseline\": 1,\n  \"findings\": [\n    {\"code\":\"EH0001\",\"count\":1,\"field\":\"arglist\",\"file\":\"src/api.cc\",\"kind\":\"keys-differ\"}\n  ]\n}\n"
    );
    let green = errcode(
        dir.path(),
        &["check", "--baseline", "errcode-baseline.json"],
    );
    assert_eq!(green.status, 0, "{}", green.stdout);
    assert!(
        green
            .stdout
            .contains("errcode: 1 finding accepted by the baseline errcode-baseline.json\n")
    );
    // Edits elsewhere in the file move the site: the baseline still holds.
    let api = dir.path().join("src/api.cc");
    let moved = format!("// a new first line\n{}", fs::read_to_string(&api).unwrap());
    fs::write(&api, &moved).unwrap();
    let still = errcode(
        dir.path(),
        &["check", "--baseline", "errcode-baseline.json"],
    );
    assert_eq!(still.status, 0, "{}", still.stdout);
    // A new finding fails the run; a fixed one is counted as gone.
    fs::write(
        &api,
        moved
            .replace(
                "({\"param\", \"value\"})",
                "({\"param\", \"value\", \"reason\"})",
            )
            .replace("({\"x\", \"size\"})", "({\"x\", \"size\", \"y\"})")
            .replace("allow(keys-differ)", "allow(value-count)"),
    )
    .unwrap();
    let run = errcode(
        dir.path(),
        &["check", "--baseline", "errcode-baseline.json", "--warn"],
    );
    assert_eq!(
        run.stdout,
        "\
catalog/error_code.json:14:5: warning: EH0001: no English reference page (pages such as docs/en/Profiling-Errors/EK0201-Resource_Error.md have the others)
catalog/error_code.json:25:5: warning: EE1013: no English reference page (pages such as docs/en/Profiling-Errors/EK0201-Resource_Error.md have the others)
catalog/error_code.json:25:5: warning: EE1013: the entry has no suggestion (Possible Cause and Solution; N/A where there is none)
docs: warning: 1 file of no known kind skipped (known: C and C++ sources, Rust, <CODE>-<Title>.md pages, error_code.json catalogs)
errcode.toml:12: warning: [[accept]] 2 (kind = \"keys-differ\", code = \"EZ9999\") accepts no finding: remove it
src/api.cc:12:5: warning: `errcode: allow(value-count)` accepts nothing here: remove it
src/api.cc:13:24: EK0201: keys differ from Arglist: \"buf_size\" vs \"wrong\" (catalog/error_code.json:3); missing buf_size; not in Arglist: wrong
errcode: 1 finding accepted by the project file
errcode: 1 of the 1 finding the baseline errcode-baseline.json records is gone: `--write-baseline errcode-baseline.json` shrinks it
checked 3 entries in catalog/error_code.json against 4 files (4 table rows, 1 page, 3 report sites (2 through a constant or an enumerator), 0 Rust definitions)
1 error, 6 warnings in 4 files
"
    );
    assert_eq!(run.status, 1);
}

#[test]
fn sarif_for_code_scanning() {
    let dir = tree();
    let run = errcode(dir.path(), &["check", "--format", "sarif"]);
    assert_eq!(run.status, 1);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    // Eight findings, and the one an allow comment accepts, suppressed.
    assert_eq!(results.len(), 9);
    assert_eq!(
        results[8]["suppressions"],
        serde_json::json!([{"kind": "inSource", "justification": "`errcode: allow(keys-differ)` at src/api.cc:11"}])
    );
    let first = &results[0];
    assert_eq!(first["ruleId"], "disagrees");
    assert_eq!(first["level"], "error");
    assert_eq!(
        first["locations"][0]["physicalLocation"],
        serde_json::json!({
            "artifactLocation": {"uri": "docs/en/Profiling-Errors/EK0201-Resource_Error.md", "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": 8, "startColumn": 1}
        })
    );
    assert_eq!(
        first["partialFingerprints"]["errcodeFinding/v2"],
        "cde67afb89b19095:0"
    );
    let rules: Vec<&str> = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rule| rule["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["disagrees", "not-in-catalog", "keys-differ"]);
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index], result["ruleId"].as_str().unwrap());
    }
}

#[test]
fn a_project_file_that_is_wrong_says_where() {
    let dir = tree();
    fs::write(
        dir.path().join("errcode.toml"),
        "catalogs = [\"catalog/error_code.json\"]\n[kinds]\nkeys-diff = \"error\"\n",
    )
    .unwrap();
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "",
            "errcode: errcode.toml: [kinds]: `keys-diff` is no kind of finding; did you mean `keys-differ`?\n",
            2
        )
    );
    fs::write(dir.path().join("errcode.toml"), "catalog = \"x.json\"\n").unwrap();
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.starts_with(
            "errcode: errcode.toml is not a project file: TOML parse error at line 1, column 1"
        ),
        "{}",
        run.stderr
    );
    let empty = tempfile::tempdir().unwrap();
    let run = errcode(empty.path(), &["check"]);
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: no catalog to check: name one (`errcode check error_code.json`), or write an errcode.toml with `catalogs = [...]` in this folder or one above\n",
            2
        )
    );
}

#[test]
fn a_kind_made_an_error_by_the_project() {
    let dir = tree();
    fs::write(
        dir.path().join("docs/en/Profiling-Errors/EH0001-Invalid_Argument.md"),
        "# EH0001 Invalid\\_Argument\n\n## Symptom\n\n```text\nValue %s for %s is invalid. Reason: %s.\n```\n\n## Solution\n\nFix the value.\n",
    )
    .unwrap();
    let warned = errcode(dir.path(), &["check", "--warn"]);
    assert!(
        warned.stdout.contains("EH0001-Invalid_Argument.md:11:1: warning: EH0001: the catalog has no solution, but the page has one: \"Fix the value.\"; `errcode update --adopt-pages` copies the English text into the catalog\n"),
        "{}",
        warned.stdout
    );
    fs::write(
        dir.path().join("errcode.toml"),
        format!("{PROJECT}\n[kinds]\ncatalog-missing-text = \"error\"\n"),
    )
    .unwrap();
    let run = errcode(dir.path(), &["check"]);
    assert!(
        run.stdout
            .contains("EH0001-Invalid_Argument.md:11:1: EH0001: the catalog has no solution"),
        "{}",
        run.stdout
    );
    // The page's text goes into the catalog, in place.
    let adopt = errcode(dir.path(), &["update", "--adopt-pages"]);
    assert_eq!(adopt.status, 0, "{}{}", adopt.stdout, adopt.stderr);
    let catalog = fs::read_to_string(dir.path().join("catalog/error_code.json")).unwrap();
    assert_eq!(
        catalog,
        CATALOG.replacen(
            "\"Possible Cause\": \"N/A\",\n        \"Solution\": \"N/A\"",
            "\"Possible Cause\": \"N/A\",\n        \"Solution\": \"Fix the value.\"",
            1
        )
    );
    let run = errcode(dir.path(), &["check"]);
    assert!(
        !run.stdout.contains("catalog has no solution"),
        "{}",
        run.stdout
    );
}

#[test]
fn one_table_listing_one_code_many_times_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    let mut table = String::from("static const ErrorInfoConfig ERROR_MAP[] = {\n");
    for _ in 0..399_999 {
        table.push_str("    {\"E10001\", \"Old.\", NULL, NULL, {}},\n");
    }
    table.push_str("};\n");
    fs::write(dir.path().join("table.c"), table).unwrap();
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "table.c"],
    );
    assert_eq!(
        run.stdout,
        "table.c:2:6: E10001: table row of a code that no catalog defines\n\
         table.c:3:6: E10001: the table lists the code 399999 times: first at table.c:2, again at lines 3, 4, 5, 6, 7 and 399993 more\n\
         checked 3 entries in error_code.json against 1 file (399999 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n\
         2 errors, 0 warnings in 1 file\n"
    );
}

#[test]
fn explain_lists_the_sites_that_name_a_code_through_a_constant() {
    let dir = tree();
    let run = errcode(
        dir.path(),
        &[
            "explain",
            "EH0001",
            "--catalog",
            "catalog/error_code.json",
            "--against",
            "src",
        ],
    );
    assert!(
        run.stdout.ends_with(
            "\nCopies:\n  src/error_manager.c:14 (C table row)\n\nReport sites (1):\n  \
             src/api.cc:8 (through acl::INVALID_PARAM_MSG)\n    in f\n    passes param = \"x\"\n    \
             passes value = \"size\"\n"
        ),
        "{}",
        run.stdout
    );
    let run = errcode(
        dir.path(),
        &[
            "explain",
            "EE1013",
            "--catalog",
            "catalog/error_code.json",
            "--against",
            "src",
        ],
    );
    assert!(
        run.stdout.contains(
            "\nReport sites (1):\n  src/api.cc:10 (through ErrorCode::EE1013)\n    in f\n"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_rust_site_takes_an_allow_comment_too() {
    let dir = tree();
    fs::write(
        dir.path().join("src/lib.rs"),
        "fn f() {\n    // errcode: allow(keys-differ)\n    errcat::report!(\"EK0201\", [\"size\"], [s]);\n    errcat::report!(\"EK0201\", [\"bytes\"], [s]);\n}\n",
    )
    .unwrap();
    let run = errcode(dir.path(), &["check"]);
    let rust: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("src/lib.rs"))
        .collect();
    assert_eq!(
        rust,
        [
            "src/lib.rs:4:21: EK0201: keys differ from Arglist: \"buf_size\" vs \"bytes\" (catalog/error_code.json:3); missing buf_size; not in Arglist: bytes"
        ]
    );
}

#[test]
fn a_retitled_code_moves_its_page_and_its_index_link() {
    let dir = tree();
    errcode(dir.path(), &["update"]);
    let catalog = dir.path().join("catalog/error_code.json");
    fs::write(
        &catalog,
        CATALOG.replacen(
            "\"errTitle\": \"Resource_Error\"",
            "\"errTitle\": \"Resource_Error_Host_Memory\"",
            1,
        ),
    )
    .unwrap();
    let run = errcode(dir.path(), &["update"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "updated docs/en/Profiling-Errors/EK0201-Resource_Error.md (English page), renamed to docs/en/Profiling-Errors/EK0201-Resource_Error_Host_Memory.md\n\
             updated docs/en/Profiling-Errors/Profiling-Errors.md (index page)\n\
             updated 2 files\n",
            "errcode: src/error_manager.c:13: E10001: no catalog has the code: the row is left as it is\n",
            0
        )
    );
    let folder = dir.path().join("docs/en/Profiling-Errors");
    assert!(!folder.join("EK0201-Resource_Error.md").exists());
    assert!(
        fs::read_to_string(folder.join("EK0201-Resource_Error_Host_Memory.md"))
            .unwrap()
            .starts_with("# EK0201 Resource\\_Error\\_Host\\_Memory\n")
    );
    assert_eq!(
        fs::read_to_string(folder.join("Profiling-Errors.md")).unwrap(),
        "# Profiling Errors\n\n- [EK0201 Resource\\_Error\\_Host\\_Memory](EK0201-Resource_Error_Host_Memory.md)\n"
    );
    let check = errcode(dir.path(), &["check"]);
    assert!(
        !check.stdout.contains("Profiling-Errors"),
        "{}",
        check.stdout
    );
}

#[test]
fn excludes_on_the_command_line() {
    let dir = tree();
    let run = errcode(
        dir.path(),
        &[
            "check",
            "catalog/error_code.json",
            "--against",
            "src",
            "--exclude",
            "src/error_*.?",
        ],
    );
    assert_eq!(
        run.stdout,
        "src/api.cc:8:24: EH0001: keys differ from Arglist (the code of acl::INVALID_PARAM_MSG): \"value, param, reason\" vs \"param, value\" (catalog/error_code.json:14); missing reason\n\
         checked 3 entries in catalog/error_code.json against 1 file (0 table rows, 0 pages, 2 report sites (1 through a constant or an enumerator), 0 Rust definitions)\n\
         1 error, 0 warnings in 1 file\n"
    );
}

#[test]
fn a_row_the_tables_bound_cannot_hold_is_left_and_named() {
    let dir = tree();
    fs::write(
        dir.path().join("catalog/error_code.json"),
        CATALOG
            .replace(
                "\"Arglist\": \"buf_size\",",
                "\"Arglist\": \"buf_size, a, b, c\",",
            )
            .replace(
                "Failed to allocate %s host memory.",
                "Failed to allocate %s host memory (%s %s %s).",
            ),
    )
    .unwrap();
    let run = errcode(dir.path(), &["update", "--dry-run"]);
    assert!(
        run.stderr.contains("errcode: src/error_manager.c:15: EK0201: the catalog names 4 arguments, more than the table's rows hold (MAX_ARG_NUMBER is 3): the row is left as it is; raise MAX_ARG_NUMBER first\n"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stdout.contains("src/error_manager.c"),
        "{}",
        run.stdout
    );
    assert_eq!(run.status, 1);
}

#[test]
fn a_table_whose_rows_a_rewrite_would_shift_is_left_unchanged_and_named() {
    let dir = tree();
    // The row's last argument is a literal its line end closes: laid out
    // anew (the new message too wide for its line, 60 columns, to be
    // replaced in place), it would run on over the row's `)` and the next
    // row.
    let hostile = "X(EE1013, \"EE1013\", (\"buf_size\", \"alloc_interface\"), \"Old %s %s.\", LEVEL \"open\n)\nX(EH0001, \"EH0001\", (\"value\", \"param\", \"reason\"), \"Value %s for %s is invalid. Reason: %s.\", LEVEL)\n";
    fs::create_dir(dir.path().join("src/narrow")).unwrap();
    fs::write(
        dir.path().join("src/narrow/.clang-format"),
        "ColumnLimit: 60\n",
    )
    .unwrap();
    let path = dir.path().join("src/narrow/hostile.h");
    fs::write(&path, hostile).unwrap();
    let run = errcode(dir.path(), &["update"]);
    assert!(
        run.stderr.contains("errcode: src/narrow/hostile.h:1: EE1013: rewritten, the file's rows would pair their brackets differently and the row would be read with other text (inside another row's brackets, holding one, or with other fields): src/narrow/hostile.h is left unchanged\n"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), hostile);
    assert!(
        !run.stdout.contains("src/narrow/hostile.h"),
        "{}",
        run.stdout
    );
    // The other copies are updated.
    assert!(
        run.stdout
            .contains("updated src/error_manager.c (1 table row)\n"),
        "{}",
        run.stdout
    );
    assert_eq!(run.status, 1);
}

#[test]
fn complete_makes_a_code_on_one_side_only_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    fs::create_dir(dir.path().join("errors")).unwrap();
    fs::write(
        dir.path().join("errors/lib.rs"),
        "#[errcat::error_code(\"EK0201\", title = \"Resource_Error\", class = \"Profiling Errors\", message = \"Failed to allocate {buf_size} host memory.\", cause = \"Too little memory.\", solution = \"Stop unnecessary processes.\")]\npub struct Low { pub buf_size: u64 }\n#[errcat::error_code(\"EZ0001\", message = \"Own.\")]\npub struct Own;\n",
    )
    .unwrap();
    let plain = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "errors"],
    );
    assert_eq!(plain.status, 0, "{}", plain.stdout);
    let run = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--against",
            "errors",
            "--complete",
        ],
    );
    assert_eq!(
        run.stdout,
        "\
error_code.json:14:5: EH0001: the catalog defines the code, but no Rust definition, catalog copy or table row under the --against paths does (--complete)
error_code.json:25:5: EE1013: the catalog defines the code, but no Rust definition, catalog copy or table row under the --against paths does (--complete)
errors/lib.rs:3:22: EZ0001: Rust definition Own of a code that no catalog defines
checked 3 entries in error_code.json against 1 file (0 table rows, 0 pages, 0 report sites, 2 Rust definitions)
3 errors, 0 warnings in 2 files
"
    );
    assert_eq!(run.status, 1);
    // The folder explained as a catalog names the definition's own file.
    let explain = errcode(dir.path(), &["explain", "EK0201", "--catalog", "errors"]);
    assert!(
        explain.stdout.contains("\nDefined at: errors/lib.rs:2\n"),
        "{}",
        explain.stdout
    );
    assert!(explain.stdout.contains(
        "\nReport it from Rust:\n  errcat::report!(\"EK0201\", [\"buf_size\"], [buf_size]);\n"
    ));
}
