//! A catalog's versions, written for these tests: `check --previous` (a
//! file, `REV:PATH` in git, the project file's `previous`), each change
//! under its rule and category, the sites a change breaks, retired codes
//! (not an error when retired, an error when used again), and `history`.

use std::fs;
use std::path::Path;
use std::process::Command as Process;

mod common;
use common::errcode;

/// The previous version: four codes.
const V1: &str = r#"{
  "error_info_list": [
    {"errClass": "Profiling Errors", "errTitle": "Config_Error", "ErrCode": "EK0003",
     "ErrMessage": "Failed to set the %s to [%s]. Reason: %s.", "Arglist": "config, value, reason"},
    {"errTitle": "Execution_Error", "ErrCode": "EE1015",
     "ErrMessage": "%s failed. Reason: The driver version capacity is insufficient. %s", "Arglist": "stage, reason",
     "suggestion": {"Possible Cause": "An old driver.", "Solution": "N/A"}},
    {"ErrCode": "EP0002", "ErrMessage": "Path %s is invalid: %s.", "Arglist": "path, reason"},
    {"ErrCode": "E10001", "ErrMessage": "Value %s is invalid.", "Arglist": "value"},
    {"ErrCode": "E10004", "ErrMessage": "Value for %s is empty.", "Arglist": "parameter"}
  ]
}
"#;

/// This version: EK0003's arguments reordered (and its message), EE1015
/// reworded, EP0002 given other arguments, E10001 retired, E10004 gone,
/// EK0004 new.
const V2: &str = r#"{
  "error_info_list": [
    {"errClass": "Profiling Errors", "errTitle": "Config_Error", "ErrCode": "EK0003",
     "ErrMessage": "Value %s for %s is invalid. Reason: %s.", "Arglist": "value, config, reason"},
    {"errTitle": "Execution_Error", "ErrCode": "EE1015",
     "ErrMessage": "%s failed. Reason: The driver version capability is insufficient. %s", "Arglist": "stage, reason",
     "suggestion": {"Possible Cause": "An old driver.", "Solution": "Upgrade the driver."}},
    {"ErrCode": "EP0002", "ErrMessage": "Value %s for %s is invalid: %s.", "Arglist": "value, item, path"},
    {"ErrCode": "EK0004", "ErrMessage": "%s is not supported.", "Arglist": "intf"}
  ],
  "retired": [
    {"ErrCode": "E10001", "since": "8.0.RC1", "replacement": "EK0003"}
  ]
}
"#;

fn git(dir: &Path, args: &[&str]) {
    let status = Process::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
        ])
        .args(args)
        .env("GIT_AUTHOR_DATE", "2026-01-02T03:04:05Z")
        .env("GIT_COMMITTER_DATE", "2026-01-02T03:04:05Z")
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

const CHANGES: &str = "\
error_code.json:3:5: EK0003: args-reordered (SITES): \"config, value, reason\" -> \"value, config, reason\": positional copies now pass these values in another order
error_code.json:3:5: EK0003: message-anchor-changed (LOGS): \"Failed to set the %s to [%s]. Reason: %s.\" -> \"Value %s for %s is invalid. Reason: %s.\"
error_code.json:8:5: EP0002: arg-removed (SITES): \"path, reason\" -> \"value, item, path\": reason no longer passed
error_code.json:8:5: EP0002: arg-added (SITES): \"path, reason\" -> \"value, item, path\": value, item must now be passed
error_code.json:8:5: EP0002: placeholder-count-changed (LOGS): 2 -> 3: \"Path %s is invalid: %s.\" -> \"Value %s for %s is invalid: %s.\"
v1.json:10:5: E10004: code-removed (SITES): the code is gone, and not retired; if that is deliberate, list it in the catalog's `retired` list
";

#[test]
fn each_change_under_its_rule_sites_and_logs_errors() {
    let dir = folder(&[("v1.json", V1), ("error_code.json", V2)]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--previous", "v1.json"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            format!(
                "{CHANGES}checked 4 entries in error_code.json\n6 errors, 0 warnings in 2 files\n"
            )
            .as_str(),
            "",
            1
        )
    );
    // The wording-only changes, and the codes added and retired, are
    // warnings: shown under --warn, never failing a run.
    let warned = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--previous",
            "v1.json",
            "--warn",
        ],
    );
    let text: Vec<&str> = warned
        .stdout
        .lines()
        .filter(|line| line.contains("(TEXT)"))
        .collect();
    assert_eq!(
        text,
        [
            "error_code.json:5:5: warning: EE1015: message-reworded (TEXT): \"%s failed. Reason: The driver version capacity is insufficient. %s\" -> \"%s failed. Reason: The driver version capability is insufficient. %s\"",
            "error_code.json:5:5: warning: EE1015: solution-changed (TEXT): none -> \"Upgrade the driver.\"",
            "error_code.json:9:5: warning: EK0004: code-added (TEXT): \"%s is not supported.\"",
            "error_code.json:12:5: warning: E10001: code-retired (TEXT): no longer reported (retired in 8.0.RC1); report EK0003 instead",
        ]
    );
    let json = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--previous",
            "v1.json",
            "--format",
            "json",
        ],
    );
    let findings: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(findings[0]["kind"], "args-reordered");
    assert_eq!(findings[0]["other_file"], "v1.json");
    assert_eq!(findings[0]["other_line"], 3);
}

#[test]
fn a_sites_change_lists_the_sites_and_rows_it_breaks() {
    let dir = folder(&[
        ("v1.json", V1),
        ("error_code.json", V2),
        (
            "src/report.cc",
            "void f() {\n  REPORT_INPUT_ERROR(\"EK0003\", std::vector<std::string>({\"config\", \"value\", \"reason\"}), std::vector<std::string>({c, v, r}));\n}\n",
        ),
        (
            "src/table.c",
            "static const ErrorInfoConfig ERROR_MAP[] = {\n    {\"E10001\", \"Value %s is invalid.\", NULL, NULL, {\"value\"}},\n    {\"EK0003\", \"Value %s for %s is invalid. Reason: %s.\", NULL, NULL, {\"config\", \"value\", \"reason\"}},\n};\n",
        ),
    ]);
    let run = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--previous",
            "v1.json",
            "--against",
            "src",
        ],
    );
    assert!(
        run.stdout.starts_with(
            "error_code.json:3:5: EK0003: args-reordered (SITES): \"config, value, reason\" -> \"value, config, reason\": positional copies now pass these values in another order\n    \
             src/report.cc:2:22: report site, keys \"config, value, reason\"\n    \
             src/table.c:3:6: table row, names \"config, value, reason\"\n"
        ),
        "{}",
        run.stdout
    );
    // A retired code is never used again: its table row is an error.
    assert!(
        run.stdout.contains(
            "\nsrc/table.c:2:6: E10001: table row of a retired code: no longer reported (retired in 8.0.RC1); report EK0003 instead (error_code.json:12)\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("\nsrc/table.c:3:71: EK0003: arglist differs")
    );
    assert_eq!(run.status, 1);
}

#[test]
fn the_previous_version_from_git_and_the_project_file() {
    let dir = folder(&[("catalog/error_code.json", V1)]);
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-qm", "v1"]);
    fs::write(dir.path().join("catalog/error_code.json"), V2).unwrap();
    git(dir.path(), &["commit", "-qam", "v2"]);
    let run = errcode(
        dir.path(),
        &[
            "check",
            "catalog/error_code.json",
            "--previous",
            "HEAD~1:catalog/error_code.json",
        ],
    );
    // A revision is no file to open: the code that is gone is shown at
    // the current entry that followed it (here the last), its place in
    // the revision, `REV:PATH:LINE:COLUMN`, named in the message.
    let (changes, _) = CHANGES.split_at(CHANGES.find("v1.json").unwrap());
    let expected = format!(
        "{}{}",
        changes.replace("error_code.json:", "catalog/error_code.json:"),
        "catalog/error_code.json:9:5: E10004: code-removed (SITES): the code is gone, and not retired (was at HEAD~1:catalog/error_code.json:10:5); if that is deliberate, list it in the catalog's `retired` list\n",
    );
    assert_eq!(
        run.stdout,
        format!(
            "{expected}checked 4 entries in catalog/error_code.json\n6 errors, 0 warnings in 1 file\n"
        )
    );
    // The project file says which version, how strict each category is,
    // and accepts one change with a reason.
    fs::write(
        dir.path().join("errcode.toml"),
        "catalogs = [\"catalog/error_code.json\"]\nprevious = \"HEAD~1:catalog/error_code.json\"\n\n[kinds]\nlogs = \"warning\"\n\n[[accept]]\nkind = \"code-removed\"\ncode = \"E10004\"\nreason = \"E10004 was never shipped\"\n",
    )
    .unwrap();
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(
        run.stdout,
        "\
catalog/error_code.json:3:5: EK0003: args-reordered (SITES): \"config, value, reason\" -> \"value, config, reason\": positional copies now pass these values in another order
catalog/error_code.json:8:5: EP0002: arg-removed (SITES): \"path, reason\" -> \"value, item, path\": reason no longer passed
catalog/error_code.json:8:5: EP0002: arg-added (SITES): \"path, reason\" -> \"value, item, path\": value, item must now be passed
errcode: 1 finding accepted by the project file
checked 4 entries in catalog/error_code.json
3 errors, 0 warnings in 1 file
"
    );
    // A revision git does not know is an input that cannot be used.
    let run = errcode(
        dir.path(),
        &[
            "check",
            "catalog/error_code.json",
            "--previous",
            "nosuch:catalog/error_code.json",
        ],
    );
    assert_eq!(run.status, 2);
    assert!(
        run.stderr
            .starts_with("errcode: git cannot show nosuch:catalog/error_code.json: "),
        "{}",
        run.stderr
    );
}

#[test]
fn history_per_code_across_versions() {
    let dir = folder(&[("error_code.json", V1)]);
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-qm", "v1"]);
    fs::write(dir.path().join("error_code.json"), V2).unwrap();
    git(dir.path(), &["commit", "-qam", "v2"]);
    // WE0001 new, in a file moved to another name: the history follows it.
    let v3 = V2.replace(
        "{\"ErrCode\": \"EK0004\"",
        "{\"ErrCode\": \"WE0001\", \"ErrMessage\": \"Skipped.\", \"Arglist\": \"\"},\n    {\"ErrCode\": \"EK0004\"",
    );
    fs::create_dir(dir.path().join("conf")).unwrap();
    git(
        dir.path(),
        &["mv", "error_code.json", "conf/error_code.json"],
    );
    fs::write(dir.path().join("conf/error_code.json"), &v3).unwrap();
    git(dir.path(), &["commit", "-qam", "v3"]);
    let run = errcode(dir.path(), &["history", "conf/error_code.json"]);
    let lines: Vec<String> = run
        .stdout
        .lines()
        .map(|line| {
            // Commits differ from run to run: their hashes are left out.
            let mut words: Vec<&str> = line.split(' ').collect();
            if line.starts_with("  ") && words.len() > 3 {
                words.remove(3);
            }
            words.join(" ")
        })
        .collect();
    assert_eq!(
        lines,
        [
            "E10001",
            "  2026-01-02  added",
            "  2026-01-02  retired: no longer reported (retired in 8.0.RC1); report EK0003 instead",
            "E10004",
            "  2026-01-02  added",
            "  2026-01-02  SITES code-removed",
            "EE1015",
            "  2026-01-02  added",
            "  2026-01-02  TEXT message-reworded: \"%s failed. Reason: The driver version capacity is insufficient. %s\" -> \"%s failed. Reason: The driver version capability is insufficient. %s\"",
            "  2026-01-02  TEXT solution-changed: none -> \"Upgrade the driver.\"",
            "EK0003",
            "  2026-01-02  added",
            "  2026-01-02  SITES args-reordered: \"config, value, reason\" -> \"value, config, reason\": positional copies now pass these values in another order",
            "  2026-01-02  LOGS message-anchor-changed: \"Failed to set the %s to [%s]. Reason: %s.\" -> \"Value %s for %s is invalid. Reason: %s.\"",
            "EK0004",
            "  2026-01-02  added",
            "EP0002",
            "  2026-01-02  added",
            "  2026-01-02  SITES arg-removed: \"path, reason\" -> \"value, item, path\": reason no longer passed",
            "  2026-01-02  SITES arg-added: \"path, reason\" -> \"value, item, path\": value, item must now be passed",
            "  2026-01-02  LOGS placeholder-count-changed: 2 -> 3: \"Path %s is invalid: %s.\" -> \"Value %s for %s is invalid: %s.\"",
            "WE0001",
            "  2026-01-02  added",
            "3 versions of conf/error_code.json read; 7 codes; SITES: code-removed 1, arg-removed 1, arg-added 1, args-reordered 1; LOGS: placeholder-count-changed 1, message-anchor-changed 1; TEXT: message-reworded 1, solution-changed 1, code-added 2, code-retired 1",
        ]
    );
    assert_eq!(run.status, 0);
}

#[test]
fn a_retired_code_is_explained_and_exported_as_no_longer_reported() {
    let dir = folder(&[("error_code.json", V2)]);
    let run = errcode(
        dir.path(),
        &["explain", "E10001", "--catalog", "error_code.json"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "E10001: retired\nNo longer reported (retired in 8.0.RC1); report EK0003 instead\nRetired at: error_code.json:12\n\nEK0003: Value %s for %s is invalid. Reason: %s.\n",
            0
        )
    );
    let out = dir.path().join("docs");
    export_pages(dir.path(), "error_code.json", "en", &out);
    assert_eq!(
        fs::read_to_string(out.join("E10001.md")).unwrap(),
        "# E10001\n\nThis error code is no longer reported (retired in 8.0.RC1). Report EK0003 instead.\n"
    );
    let zh = dir.path().join("zh");
    export_pages(dir.path(), "error_code.json", "zh", &zh);
    assert_eq!(
        fs::read_to_string(zh.join("E10001.md")).unwrap(),
        "# E10001\n\n该错误码已不再上报（自8.0.RC1起废弃）。请改为上报EK0003。\n"
    );
    // A page a checked tree keeps for a retired code is no finding.
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "docs"],
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
}

#[test]
fn update_turns_a_retired_codes_page_into_its_note_and_markdown_lists_it() {
    let page = "# E10001 Invalid\\_Argument\n\n## Symptom\n\n```text\nValue %s is invalid.\n```\n";
    let dir = folder(&[
        ("error_code.json", V2),
        ("docs/en/E10001-Invalid_Argument.md", page),
    ]);
    let run = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "docs"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "updated docs/en/E10001-Invalid_Argument.md (page of a retired code)\nupdated 1 file\n",
            0
        )
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("docs/en/E10001-Invalid_Argument.md")).unwrap(),
        "# E10001 Invalid\\_Argument\n\nThis error code is no longer reported (retired in 8.0.RC1). Report EK0003 instead.\n\n## Symptom\n\n```text\nValue %s is invalid.\n```\n"
    );
    // Once is enough.
    let again = errcode(
        dir.path(),
        &[
            "update",
            "error_code.json",
            "--against",
            "docs",
            "--dry-run",
        ],
    );
    assert_eq!(again.status, 0, "{}", again.stdout);
    let out = dir.path().join("markdown");
    errcode(
        dir.path(),
        &[
            "export",
            "--format",
            "markdown",
            "--catalog",
            "error_code.json",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(
        fs::read_to_string(out.join("codes/E10001.md")).unwrap(),
        "# E10001\n\n[All classes](../index.md)\n\n**No longer reported.** Retired in 8\\.0.RC1. Report [EK0003](../codes/EK0003.md) instead.\n"
    );
}

/// A crate of definitions that retires EV0003 for EV0013, and a C file that
/// still reports EV0003.
const RETIRING_CRATE: &str = r#"use errcat::error_code;

#[error_code("EV0013", message = "Device {device_id} is busy ({reason}).")]
pub struct DeviceBusyFor {
    pub device_id: u32,
    pub reason: String,
}

#[error_code(
    "EV0003",
    message = "Device {device_id} is busy.",
    retired = "2.0",
    replacement = "EV0013"
)]
pub struct DeviceBusy {
    pub device_id: u32,
}
"#;

#[test]
fn a_rust_catalog_retires_a_code_with_an_attribute() {
    let dir = folder(&[
        ("errors/src/lib.rs", RETIRING_CRATE),
        (
            "src/busy.c",
            "void f(void) {\n    REPORT_INPUT_ERROR(\"EV0003\", std::vector<std::string>({\"device_id\"}), std::vector<std::string>({id}));\n}\n",
        ),
    ]);
    // The retired definition is the catalog's retired list, not an entry.
    let run = errcode(dir.path(), &["explain", "EV0003", "--catalog", "errors"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "EV0003: retired\nNo longer reported (retired in 2.0); report EV0013 instead\nRetired at: errors/src/lib.rs:15\n\nEV0013: Device %s is busy (%s).\n",
            0
        ),
        "{}",
        run.stderr
    );
    // A site that still reports it is an error.
    let run = errcode(dir.path(), &["check", "errors", "--against", "src"]);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(
            "src/busy.c:2:24: EV0003: report site of a retired code: no longer reported (retired in 2.0); report EV0013 instead (errors/src/lib.rs:15)\n"
        ),
        "{}",
        run.stdout
    );
    // Exported, it is a page that says it is no longer reported.
    let out = dir.path().join("docs");
    export_pages(dir.path(), "errors", "en", &out);
    assert_eq!(
        fs::read_to_string(out.join("EV0003.md")).unwrap(),
        "# EV0003\n\nThis error code is no longer reported (retired in 2.0). Report EV0013 instead.\n"
    );
    // A JSON copy of the catalog that still defines EV0003 disagrees with
    // the crate's mark; one that retires it agrees.
    let live = r#"{"error_info_list": [
  {"ErrCode": "EV0013", "ErrMessage": "Device %s is busy (%s).", "Arglist": "device_id,reason"},
  {"ErrCode": "EV0003", "ErrMessage": "Device %s is busy.", "Arglist": "device_id"}
]}
"#;
    fs::write(dir.path().join("live.json"), live).unwrap();
    let run = errcode(dir.path(), &["check", "live.json", "--against", "errors"]);
    assert_eq!(
        (run.stdout.lines().next(), run.status),
        (
            Some(
                "errors/src/lib.rs:12:15: EV0003: Rust definition DeviceBusy retires the code (since 2.0), which the catalog still defines"
            ),
            1
        )
    );
    let retiring = r#"{"error_info_list": [
  {"ErrCode": "EV0013", "ErrMessage": "Device %s is busy (%s).", "Arglist": "device_id,reason"}
],
"retired": [{"ErrCode": "EV0003", "since": "2.0", "replacement": "EV0013"}]}
"#;
    fs::write(dir.path().join("retiring.json"), retiring).unwrap();
    let run = errcode(
        dir.path(),
        &["check", "retiring.json", "--against", "errors"],
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
}

/// `errcode export --format cann-docs --lang LANG --catalog CATALOG --out
/// OUT` in `dir`, which must succeed.
fn export_pages(dir: &Path, catalog: &str, lang: &str, out: &Path) {
    let export = errcode(
        dir,
        &[
            "export",
            "--format",
            "cann-docs",
            "--lang",
            lang,
            "--catalog",
            catalog,
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(export.status, 0, "{}", export.stderr);
}
