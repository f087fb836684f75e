//! `errcode update` writes only what the catalog changed: a page's line
//! ends, its BOM, its bytes that are not UTF-8 and its closing comment are
//! the writer's, kept byte for byte; a page that agrees is never rewritten.

use std::fs;
use std::path::Path;

mod common;
use common::errcode;

const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errClass": "Profiling Errors",
      "errTitle": "Resource_Error",
      "ErrCode": "EK0201",
      "ErrMessage": "Cannot allocate %s.",
      "Arglist": "buf_size",
      "suggestion": {
        "Possible Cause": "Too little memory.",
        "Solution": "Stop unnecessary processes."
      }
    }
  ]
}
"#;

const PAGE_FILE: &str = "docs/en/Profiling-Errors/EK0201-Resource_Error.md";

/// The page, CRLF, with a BOM, a Latin-1 byte in its example's label and a
/// comment at its end.
const PAGE: &[u8] = b"\xEF\xBB\xBF# EK0201 Resource\\_Error\r\n\r\n## Symptom\r\n\r\nThe following is error format. The placeholder %s indicates the memory size.\r\n\r\n```text\r\nCannot allocate %s.\r\n```\r\n\r\nError example (Jos\xE9):\r\n\r\n```text\r\nCannot allocate 1G.\r\n```\r\n\r\n## Possible Cause\r\n\r\nToo little memory.\r\n\r\n## Solution\r\n\r\nStop unnecessary processes.\r\n\r\n<!-- Reviewed. -->\r\n";

fn tree(page: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    let page_path = dir.path().join(PAGE_FILE);
    fs::create_dir_all(page_path.parent().unwrap()).unwrap();
    fs::write(&page_path, page).unwrap();
    fs::write(
        dir.path().join("docs/en/Profiling-Errors/Profiling-Errors.md"),
        "\u{FEFF}# Profiling Errors\r\n\r\n- [EK0201 Resource\\_Error](EK0201-Resource_Error.md)\r\n",
    )
    .unwrap();
    dir
}

/// `bytes` with the first `from` made `to`.
fn replaced(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let at = bytes
        .windows(from.len())
        .position(|window| window == from)
        .unwrap();
    [&bytes[..at], to, &bytes[at + from.len()..]].concat()
}

fn update(dir: &Path, dry_run: bool) -> common::Run {
    let mut args = vec!["update", "error_code.json", "--against", "docs"];
    if dry_run {
        args.push("--dry-run");
    }
    errcode(dir, &args)
}

#[test]
fn a_crlf_page_with_a_bom_that_agrees_is_left_byte_for_byte() {
    let dir = tree(PAGE);
    let dry = update(dir.path(), true);
    assert_eq!(
        (dry.stdout.as_str(), dry.stderr.as_str(), dry.status),
        (
            "every copy agrees with the catalog: nothing to update\n",
            "",
            0
        )
    );
    let run = update(dir.path(), false);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(fs::read(dir.path().join(PAGE_FILE)).unwrap(), PAGE);
}

#[test]
fn a_changed_solution_rewrites_its_line_alone() {
    let dir = tree(PAGE);
    fs::write(
        dir.path().join("error_code.json"),
        CATALOG.replace("Stop unnecessary processes.", "Free some memory."),
    )
    .unwrap();
    let run = update(dir.path(), false);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "updated docs/en/Profiling-Errors/EK0201-Resource_Error.md (English page)\nupdated 1 file\n",
            "",
            0
        )
    );
    // The page as it was but for the solution's line: the Latin-1 byte,
    // the BOM, the CRLF ends and the comment kept.
    let expected = replaced(
        PAGE,
        b"Stop unnecessary processes.\r\n",
        b"Free some memory.\r\n",
    );
    assert_eq!(fs::read(dir.path().join(PAGE_FILE)).unwrap(), expected);
    let again = update(dir.path(), true);
    assert_eq!(again.status, 0, "{}", again.stdout);
}

#[test]
fn a_line_to_rewrite_that_would_carry_bytes_that_are_not_utf8_is_named_and_the_page_left() {
    // The example's value, kept into the new message, is not UTF-8.
    let page = replaced(PAGE, b"allocate 1G.", b"allocate 1G\xE9.");
    let dir = tree(&page);
    fs::write(
        dir.path().join("error_code.json"),
        CATALOG.replace("Cannot allocate %s.", "Failed to allocate %s."),
    )
    .unwrap();
    let run = update(dir.path(), false);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "",
            "errcode: docs/en/Profiling-Errors/EK0201-Resource_Error.md: line 14 holds bytes that are not UTF-8 and would be rewritten: the file is left as it is; write the line in UTF-8 first\n",
            1
        )
    );
    assert_eq!(fs::read(dir.path().join(PAGE_FILE)).unwrap(), page);
}

/// Runs git in `dir`, its commits dated `date`.
fn git(dir: &Path, date: &str, args: &[&str]) {
    let status = std::process::Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn a_page_changed_after_the_catalog_is_left_unless_overwrite_newer() {
    let dir = tree(PAGE);
    git(
        dir.path(),
        "2026-01-01T00:00:00Z",
        &["init", "-q", "-b", "main"],
    );
    git(dir.path(), "2026-01-01T00:00:00Z", &["add", "."]);
    git(dir.path(), "2026-01-01T00:00:00Z", &["commit", "-qm", "v1"]);
    // The page's solution written anew by hand, a month later.
    let edited = replaced(
        PAGE,
        b"Stop unnecessary processes.\r\n",
        b"Stop unnecessary processes, then retry.\r\n",
    );
    fs::write(dir.path().join(PAGE_FILE), &edited).unwrap();
    git(
        dir.path(),
        "2026-02-01T00:00:00Z",
        &["commit", "-qam", "page"],
    );
    let note = "errcode: docs/en/Profiling-Errors/EK0201-Resource_Error.md: EK0201: copy-newer: the page changed after the catalog did (git), so its text may be the newer one: left as it is; bring its text into the catalog, or rewrite the page with `--overwrite-newer`\n";
    for dry_run in [true, false] {
        let run = update(dir.path(), dry_run);
        assert_eq!(
            (run.stdout.as_str(), run.stderr.as_str(), run.status),
            ("", note, 1)
        );
        assert_eq!(fs::read(dir.path().join(PAGE_FILE)).unwrap(), edited);
    }
    // Edited since (uncommitted), the catalog is the newer side.
    fs::write(
        dir.path().join("error_code.json"),
        CATALOG.replace("Too little memory.", "Too little host memory."),
    )
    .unwrap();
    let run = update(dir.path(), false);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        fs::read(dir.path().join(PAGE_FILE)).unwrap(),
        replaced(PAGE, b"Too little memory.", b"Too little host memory.")
    );
    // Told to, update rewrites a newer page.
    git(
        dir.path(),
        "2026-03-01T00:00:00Z",
        &["commit", "-qam", "catalog"],
    );
    fs::write(dir.path().join(PAGE_FILE), &edited).unwrap();
    git(
        dir.path(),
        "2026-04-01T00:00:00Z",
        &["commit", "-qam", "page again"],
    );
    assert_eq!(update(dir.path(), false).status, 1);
    let run = errcode(
        dir.path(),
        &[
            "update",
            "error_code.json",
            "--against",
            "docs",
            "--overwrite-newer",
        ],
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        fs::read(dir.path().join(PAGE_FILE)).unwrap(),
        replaced(PAGE, b"Too little memory.", b"Too little host memory.")
    );
}

#[test]
fn check_names_a_page_changed_after_the_catalog_copy_newer() {
    let dir = tree(PAGE);
    git(
        dir.path(),
        "2026-01-01T00:00:00Z",
        &["init", "-q", "-b", "main"],
    );
    git(dir.path(), "2026-01-01T00:00:00Z", &["add", "."]);
    git(dir.path(), "2026-01-01T00:00:00Z", &["commit", "-qm", "v1"]);
    let check = |dir: &Path| {
        errcode(
            dir,
            &[
                "check",
                "error_code.json",
                "--against",
                "docs",
                "--format",
                "json",
            ],
        )
    };
    let edited = replaced(PAGE, b"Too little memory.", b"Too little host memory.");
    fs::write(dir.path().join(PAGE_FILE), &edited).unwrap();
    // Edited and not committed: newer than the committed catalog.
    let run = check(dir.path());
    assert!(
        run.stdout.contains("\"message\": \"the page changed after the catalog did, so its text may be the newer one (`errcode update` leaves it): cause differs: \\\"Too little memory.\\\" vs \\\"Too little host memory.\\\" (error_code.json:3)\""),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\"kind\": \"copy-newer\""),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("\"kind\": \"disagrees\""),
        "{}",
        run.stdout
    );
    assert_eq!(run.status, 1);
    // The catalog edited too, and later: the page disagrees.
    fs::write(dir.path().join(PAGE_FILE), PAGE).unwrap();
    fs::write(
        dir.path().join("error_code.json"),
        CATALOG.replace("Too little memory.", "Too much load."),
    )
    .unwrap();
    let run = check(dir.path());
    assert!(
        run.stdout.contains("\"kind\": \"disagrees\""),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("copy-newer"), "{}", run.stdout);
}

#[test]
fn a_table_row_changed_after_the_catalog_is_left_and_the_others_updated() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = r#"{"error_info_list": [
  {"ErrCode": "EK0001", "ErrMessage": "One %s.", "Arglist": "a"},
  {"ErrCode": "EK0002", "ErrMessage": "Two %s.", "Arglist": "b"}
]}
"#;
    fs::write(dir.path().join("error_code.json"), catalog).unwrap();
    fs::create_dir(dir.path().join("src")).unwrap();
    let table = "#define TABLE(X) \\\n    X(EK0001, \"EK0001\", (\"a\"), \"One %s. ErrorCode=EK0001.\\n\", DLOG_ERROR) \\\n    X(EK0002, \"EK0002\", (\"b\"), \"Old two %s. ErrorCode=EK0002.\\n\", DLOG_ERROR)\n";
    let path = dir.path().join("src/table.h");
    fs::write(&path, table).unwrap();
    git(
        dir.path(),
        "2026-01-01T00:00:00Z",
        &["init", "-q", "-b", "main"],
    );
    git(dir.path(), "2026-01-01T00:00:00Z", &["add", "."]);
    git(dir.path(), "2026-01-01T00:00:00Z", &["commit", "-qm", "v1"]);
    // EK0001's row written anew by hand, a month after the catalog.
    let edited = table.replace("\"One %s.", "\"One more %s.");
    fs::write(&path, &edited).unwrap();
    git(
        dir.path(),
        "2026-02-01T00:00:00Z",
        &["commit", "-qam", "row"],
    );
    // Another entry of the catalog changed later still: EK0001's row is
    // still newer than EK0001's entry.
    fs::write(
        dir.path().join("error_code.json"),
        catalog.replace(
            "\"Arglist\": \"b\"}",
            "\"Arglist\": \"b\"},\n  {\"ErrCode\": \"EK0003\", \"ErrMessage\": \"Three.\", \"Arglist\": \"\"}",
        ),
    )
    .unwrap();
    git(
        dir.path(),
        "2026-03-01T00:00:00Z",
        &["commit", "-qam", "EK0003"],
    );
    let check = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--against",
            "src",
            "--format",
            "json",
        ],
    );
    assert!(
        check.stdout.contains("\"message\": \"the row changed after the catalog did, so its text may be the newer one (`errcode update` leaves it): message differs: "),
        "{}",
        check.stdout
    );
    assert_eq!(check.stdout.matches("\"kind\": \"copy-newer\"").count(), 1);
    assert_eq!(check.stdout.matches("\"kind\": \"disagrees\"").count(), 1);
    let args = ["update", "error_code.json", "--against", "src"];
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "updated src/table.h (1 table row)\nupdated 1 file\n",
            "errcode: src/table.h:2: EK0001: copy-newer: the row changed after the catalog did (git), so its text may be the newer one: left as it is; bring its text into the catalog, or rewrite the row with `--overwrite-newer`\n",
            1
        )
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        edited.replace("Old two %s.", "Two %s.")
    );
    let run = errcode(dir.path(), &[&args[..], &["--overwrite-newer"]].concat());
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        table.replace("Old two %s.", "Two %s.")
    );
}
